//! A played game and its records: SGF (`FF[4] GM[4]`, one file per game) and Piskvork `.psq`.

use crate::core::{Color, Pos, Rule};
use std::fmt;

/// Why a game ended. Every result names one of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The winner made five (as the rule counts it).
    Five,
    /// Black played a forbidden point under renju (the loser is black).
    Forbidden { mv: Pos, kind: String },
    /// A move on an occupied or off-board point.
    IllegalMove { mv: String, why: String },
    /// A reply that is not a move.
    BadReply(String),
    /// One move took longer than the turn limit plus tolerance.
    TurnTime { used_ms: u64, limit_ms: u64 },
    /// The game clock ran out (plus tolerance).
    MatchTime { used_ms: u64, limit_ms: u64 },
    /// The engine's peak memory (bytes) went over the limit.
    Memory { used: u64, limit: u64 },
    /// The engine exited or closed its output.
    Crash(String),
    /// The engine did not start, or refused START.
    StartFailed(String),
    /// The player broke the opening rule (a bad, late or illegal opening answer).
    Opening(String),
    /// Draw: the board is full.
    BoardFull,
    /// Draw: renju with 25 empty points left.
    RenjuDraw,
    /// Not finished: the user stopped the match (Ctrl-C) during the game. No result; it is
    /// not counted in the score.
    Unfinished,
}

impl Termination {
    /// A short name of the kind of ending, for counts in the summary.
    pub fn class(&self) -> &'static str {
        match self {
            Termination::Five => "five",
            Termination::Forbidden { .. } => "forbidden move",
            Termination::IllegalMove { .. } => "illegal move",
            Termination::BadReply(_) => "unparsable reply",
            Termination::TurnTime { .. } => "turn time loss",
            Termination::MatchTime { .. } => "game clock loss",
            Termination::Memory { .. } => "memory loss",
            Termination::Crash(_) => "crash",
            Termination::StartFailed(_) => "start failure",
            Termination::Opening(_) => "opening fault",
            Termination::BoardFull => "draw, board full",
            Termination::RenjuDraw => "draw, renju 25 empty points",
            Termination::Unfinished => "unfinished",
        }
    }

    /// Was the game decided by a fault of the loser rather than on the board?
    pub fn is_fault(&self) -> bool {
        !matches!(self, Termination::Five | Termination::BoardFull | Termination::RenjuDraw | Termination::Unfinished)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Five => f.write_str("five in a row"),
            Termination::Forbidden { mv, kind } => write!(f, "forbidden move {} ({kind})", mv.to_notation()),
            Termination::IllegalMove { mv, why } => write!(f, "illegal move {mv}: {why}"),
            Termination::BadReply(s) => write!(f, "unparsable reply {s:?}"),
            Termination::TurnTime { used_ms, limit_ms } => {
                write!(f, "time loss: move took {used_ms} ms, limit {limit_ms} ms")
            }
            Termination::MatchTime { used_ms, limit_ms } => {
                write!(f, "time loss: game clock {used_ms} ms used of {limit_ms} ms")
            }
            Termination::Memory { used, limit } => {
                write!(f, "memory loss: peak {} MiB, limit {} MiB", used >> 20, limit >> 20)
            }
            Termination::Crash(s) => write!(f, "crash: {s}"),
            Termination::StartFailed(s) => write!(f, "failed to start: {s}"),
            Termination::Opening(s) => write!(f, "opening fault: {s}"),
            Termination::BoardFull => f.write_str("draw: board full"),
            Termination::RenjuDraw => f.write_str("draw: renju, 25 empty points left"),
            Termination::Unfinished => f.write_str("unfinished: the match was interrupted"),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub size: usize,
    pub rule: Rule,
    pub black: String,
    pub white: String,
    /// The opening stones, black first.
    pub opening: Vec<Pos>,
    /// The engines' moves after the opening with the milliseconds each took.
    pub moves: Vec<(Pos, u64)>,
    /// None for a draw.
    pub winner: Option<Color>,
    pub termination: Termination,
}

impl GameRecord {
    /// All stones in order: opening then played moves, with times (0 for the opening).
    pub fn all_moves(&self) -> impl Iterator<Item = (Pos, u64)> + '_ {
        self.opening.iter().map(|&p| (p, 0)).chain(self.moves.iter().copied())
    }

    /// `1-0`, `0-1` or `1/2-1/2` from black's side; `*` for an unfinished game.
    pub fn result_string(&self) -> &'static str {
        if self.termination == Termination::Unfinished {
            return "*";
        }
        match self.winner {
            Some(Color::Black) => "1-0",
            Some(Color::White) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The SGF record (`FF[4]`, `GM[4]` = Gomoku). Coordinates in SGF letters (`a` = 0, then `A`
    /// for 26 and up); the opening's stones are ordinary moves, the last comment says why the
    /// game ended.
    pub fn to_sgf(&self, event: &str) -> String {
        let re = match self.winner {
            // SGF: Void for "no result or suspended play"
            _ if self.termination == Termination::Unfinished => "Void".to_string(),
            Some(Color::Black) if self.termination == Termination::Five => "B+".to_string(),
            Some(Color::White) if self.termination == Termination::Five => "W+".to_string(),
            // SGF: T for a loss on time, F for any other forfeit.
            Some(c) => {
                let by = match self.termination {
                    Termination::TurnTime { .. } | Termination::MatchTime { .. } => 'T',
                    _ => 'F',
                };
                format!("{}+{by}", if c == Color::Black { 'B' } else { 'W' })
            }
            None => "0".to_string(),
        };
        let mut s = format!(
            "(;FF[4]GM[4]CA[UTF-8]AP[gorin-match]SZ[{}]RU[{}]PB[{}]PW[{}]EV[{}]RE[{}]GC[opening {} stones; {}]",
            self.size,
            self.rule.name(),
            sgf_escape(&self.black),
            sgf_escape(&self.white),
            sgf_escape(event),
            re,
            self.opening.len(),
            sgf_escape(&self.termination.to_string()),
        );
        let mut c = Color::Black;
        for (p, ms) in self.all_moves() {
            let tag = if c == Color::Black { 'B' } else { 'W' };
            s.push_str(&format!(";{tag}[{}{}]", sgf_letter(p.x), sgf_letter(p.y)));
            if ms > 0 {
                s.push_str(&format!("C[{ms} ms]"));
            }
            c = c.opp();
        }
        s.push_str(&format!("C[{}]", sgf_escape(&self.termination.to_string())));
        s.push_str(")\n");
        s
    }

    /// The Piskvork record: header `Piskvorky WxH, 11:11, 0`, one `x,y,ms` line per stone
    /// (1-based), the two engine names (black first), then `-1`.
    pub fn to_psq(&self) -> String {
        let mut s = format!("Piskvorky {0}x{0}, 11:11, 0\n", self.size);
        for (p, ms) in self.all_moves() {
            s.push_str(&format!("{},{},{}\n", p.x as usize + 1, p.y as usize + 1, ms));
        }
        s.push_str(&format!("{}\n{}\n-1\n", self.black, self.white));
        s
    }
}

fn sgf_letter(v: u8) -> char {
    if v < 26 { (b'a' + v) as char } else { (b'A' + v - 26) as char }
}

fn sgf_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        GameRecord {
            size: 15,
            rule: Rule::Renju,
            black: "A]".into(),
            white: "B".into(),
            opening: vec![Pos::new(7, 7)],
            moves: vec![(Pos::new(8, 8), 12), (Pos::new(0, 14), 3)],
            winner: Some(Color::White),
            termination: Termination::Forbidden { mv: Pos::new(0, 14), kind: "double three".into() },
        }
    }

    #[test]
    fn sgf_has_header_and_moves() {
        let s = sample().to_sgf("test");
        assert!(s.starts_with("(;FF[4]GM[4]"), "{s}");
        assert!(s.contains("SZ[15]"));
        assert!(s.contains("PB[A\\]]"));
        assert!(s.contains("RE[W+F]"));
        assert!(s.contains(";B[hh];W[ii]C[12 ms];B[ao]C[3 ms]"), "{s}");
        assert!(s.trim_end().ends_with(")"));
    }

    #[test]
    fn psq_is_one_based() {
        let s = sample().to_psq();
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines, ["Piskvorky 15x15, 11:11, 0", "8,8,0", "9,9,12", "1,15,3", "A]", "B", "-1"]);
    }
}
