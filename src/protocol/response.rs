//! Everything the brain prints, one value per line. `Display` gives the exact protocol text.

use crate::core::Pos;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Response {
    /// `OK` (START, RESTART, RECTSTART, TAKEBACK).
    Ok,
    /// `ERROR <why>`: a known command with bad arguments.
    Error(String),
    /// `UNKNOWN <text>`: a command we do not know.
    Unknown(String),
    /// Our move `x,y`.
    Move(Pos),
    /// Several stones on one line, `x,y x,y …` (swap2 answers).
    Moves(Vec<Pos>),
    /// `SWAP` (swap2).
    Swap,
    /// An answer of the `GORINOPENING` extension (`SWAP`, `NOSWAP`, stones, a number).
    Opening(String),
    /// The ABOUT line.
    About,
    /// A complete `FORBID …` line.
    Forbid(String),
    /// `MESSAGE <text>`.
    Message(String),
    /// `DEBUG <text>`.
    Debug(String),
    /// A bare `INFO <text>` detail line for Yixin-Board (only when `show_detail` asks).
    Detail(String),
}

/// Keeps a reply on one line whatever text it carries.
fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Response::Ok => f.write_str("OK"),
            Response::Error(s) => write!(f, "ERROR {}", one_line(s)),
            Response::Unknown(s) => write!(f, "UNKNOWN {}", one_line(s)),
            Response::Move(p) => write!(f, "{p}"),
            Response::Moves(v) => {
                let s: Vec<String> = v.iter().map(|p| p.to_string()).collect();
                f.write_str(&s.join(" "))
            }
            Response::Swap => f.write_str("SWAP"),
            Response::Opening(s) => f.write_str(&one_line(s)),
            Response::About => write!(
                f,
                "name=\"Gorin\", version=\"{}\", author=\"Gorin team\", country=\"International\"",
                env!("CARGO_PKG_VERSION")
            ),
            Response::Forbid(s) => f.write_str(&one_line(s)),
            Response::Message(s) => write!(f, "MESSAGE {}", one_line(s)),
            Response::Debug(s) => write!(f, "DEBUG {}", one_line(s)),
            Response::Detail(s) => write!(f, "INFO {}", one_line(s)),
        }
    }
}
