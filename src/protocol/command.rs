//! Protocol text → [`Command`]: pure functions, no I/O, no game knowledge.
//!
//! Command words are case-insensitive; the line may end in CR/CRLF and carry extra spaces.
//! Multi-line blocks (`BOARD`, `yxboard`, `SWAP2BOARD`, unsupported `yx…` commands) are
//! assembled by [`LineParser`], which turns a stream of lines into whole commands. Everything
//! here round-trips: `Command`'s `Display` is protocol text that parses back to the same value.

use crate::core::{MAX_SIZE, Pos};
pub use crate::engine::StoneKind;
use crate::opening::rif::{OpeningRule, Step};
use std::fmt;

/// One `INFO key value` setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    TimeoutTurn(i64),
    TimeoutMatch(i64),
    TimeLeft(i64),
    MaxMemory(i64),
    GameType(i64),
    Rule(i64),
    Evaluate(Pos),
    Folder(String),
    MaxNode(i64),
    MaxDepth(i64),
    TimeIncrement(i64),
    ThreadNum(i64),
    /// Yixin-Board's hash size in KB.
    HashSize(i64),
    ShowDetail(i64),
    /// A key we accept and ignore (`caution_factor`, `pondering`, `vcthread`, `usedatabase`,
    /// or one we have never heard of).
    Other {
        key: String,
        value: String,
    },
}

/// A complete command from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n` or old Yixin-Board's `START w h`.
    Start {
        width: usize,
        height: usize,
    },
    /// `RECTSTART w,h`.
    RectStart {
        width: usize,
        height: usize,
    },
    Restart,
    Begin,
    Turn(Pos),
    Play(Pos),
    Takeback(Pos),
    /// `BOARD` … `DONE`: set the position, then move.
    Board(Vec<(Pos, StoneKind)>),
    /// `yxboard` … `done`: set the position, no reply.
    YxBoard(Vec<(Pos, StoneKind)>),
    /// `SWAP2BOARD` … `DONE` with 0, 3 or 5 stones.
    Swap2Board(Vec<Pos>),
    Info(Info),
    End,
    About,
    /// `STOP` or `yxstop`.
    Stop,
    YxShowForbid,
    YxHashClear,
    YxShowInfo,
    YxNBest(u32),
    YxBalanceOne(i64),
    YxBalanceTwo(i64),
    YxSearchDefend,
    /// An unsupported `yx…` command; its coordinate lines (if any) were consumed.
    YxUnsupported(String),
    /// `DEBUGPOS`: Gorin's own debug command; prints the position as `DEBUG POSITION …`.
    DebugPosition,
    /// `GORINOPENING` alone: does the engine speak the opening extension? (answer `OK`).
    GorinOpeningProbe,
    /// `GORINOPENING <rule> <step> [n]` … `DONE` (Gorin's opening extension): the stones so far
    /// (alternately from black), then for `pick <k>` the `k` offered fifth moves.
    GorinOpening {
        rule: OpeningRule,
        step: Step,
        offers: usize,
        points: Vec<Pos>,
    },
}

/// Why a line is not a command we can run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a command we know: reply `UNKNOWN <text>`.
    Unknown(String),
    /// A known command with bad arguments: reply `ERROR <why>` (never for INFO).
    BadArgs { command: &'static str, why: String },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Unknown(t) => write!(f, "unknown command {t}"),
            ParseError::BadArgs { command, why } => write!(f, "{command}: {why}"),
        }
    }
}

fn bad(command: &'static str, why: impl Into<String>) -> ParseError {
    ParseError::BadArgs { command, why: why.into() }
}

fn parse_int(s: &str) -> Result<i64, String> {
    let t = s.trim();
    t.parse::<i64>().map_err(|_| format!("{t:?} is not a number"))
}

/// `x,y` (spaces around the numbers allowed). Coordinates beyond the largest board are errors.
pub fn parse_point(s: &str) -> Result<Pos, String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 2 {
        return Err(format!("expected x,y but got {:?}", s.trim()));
    }
    point(parts[0], parts[1])
}

fn point(xs: &str, ys: &str) -> Result<Pos, String> {
    let x = parse_int(xs)?;
    let y = parse_int(ys)?;
    if !(0..MAX_SIZE as i64).contains(&x) || !(0..MAX_SIZE as i64).contains(&y) {
        return Err(format!("point {x},{y} is off the board"));
    }
    Ok(Pos::new(x as usize, y as usize))
}

/// `x,y,f` of a `BOARD` block.
pub fn parse_board_stone(s: &str) -> Result<(Pos, StoneKind), String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 3 {
        return Err(format!("expected x,y,f but got {:?}", s.trim()));
    }
    let p = point(parts[0], parts[1])?;
    let kind = match parse_int(parts[2])? {
        1 => StoneKind::Own,
        2 => StoneKind::Opponent,
        3 => StoneKind::Wall,
        f => return Err(format!("stone kind {f} is not 1, 2 or 3")),
    };
    Ok((p, kind))
}

fn bias(s: &str) -> Result<i64, String> {
    if s.trim().is_empty() { Ok(0) } else { parse_int(s) }
}

fn size(s: &str) -> Result<usize, String> {
    let n = parse_int(s)?;
    if n < 0 { Err(format!("size {n} is negative")) } else { Ok(n as usize) }
}

fn parse_info(args: &str) -> Result<Info, ParseError> {
    let args = args.trim();
    let (key, value) = match args.find(char::is_whitespace) {
        Some(i) => (&args[..i], args[i..].trim()),
        None => (args, ""),
    };
    if key.is_empty() {
        return Err(bad("INFO", "missing key"));
    }
    let key = key.to_ascii_lowercase();
    let num = |v: &str| parse_int(v).map_err(|e| bad("INFO", format!("{key}: {e}")));
    Ok(match key.as_str() {
        "timeout_turn" => Info::TimeoutTurn(num(value)?),
        "timeout_match" => Info::TimeoutMatch(num(value)?),
        "time_left" => Info::TimeLeft(num(value)?),
        "max_memory" => Info::MaxMemory(num(value)?),
        "game_type" => Info::GameType(num(value)?),
        "rule" => Info::Rule(num(value)?),
        "evaluate" => Info::Evaluate(parse_point(value).map_err(|e| bad("INFO", e))?),
        "folder" => Info::Folder(value.to_string()),
        "max_node" => Info::MaxNode(num(value)?),
        "max_depth" => Info::MaxDepth(num(value)?),
        "time_increment" => Info::TimeIncrement(num(value)?),
        "thread_num" => Info::ThreadNum(num(value)?),
        "hash_size" => Info::HashSize(num(value)?),
        "show_detail" => Info::ShowDetail(num(value)?),
        _ => Info::Other { key, value: value.to_string() },
    })
}

/// The kind of multi-line block being read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum BlockKind {
    Board,
    YxBoard,
    Swap2,
    /// `GORINOPENING` with its head parsed (or why it could not be).
    Opening(Result<(OpeningRule, Step, usize), String>),
    /// An unsupported `yx…` command whose coordinate lines are swallowed.
    YxOther(String),
}

/// The head of a `GORINOPENING` block: `<rule> <step> [n]`; `pick <k>` gives the number of
/// offers that end the block.
fn opening_head(args: &str) -> Result<(OpeningRule, Step, usize), String> {
    let w: Vec<&str> = args.split_whitespace().collect();
    if w.len() < 2 || w.len() > 4 {
        return Err(format!("expected <rule> <step> [args] but got {args:?}"));
    }
    let rule = OpeningRule::parse(w[0]).ok_or_else(|| format!("unknown opening rule {:?}", w[0]))?;
    if w[1].eq_ignore_ascii_case("pick") {
        if w.len() != 3 {
            return Err("pick needs the number of offers (only)".into());
        }
        let k = w[2];
        let k: usize = k.parse().map_err(|_| format!("{k:?} is not a number"))?;
        if k == 0 {
            return Err("pick needs at least one offer".into());
        }
        return Ok((rule, Step::Pick, k));
    }
    Ok((rule, Step::parse(w[1], &w[2..])?, 0))
}

/// What a single line means on its own.
enum Head {
    Command(Command),
    Block(BlockKind),
}

fn parse_head(line: &str) -> Result<Head, ParseError> {
    let line = line.trim();
    let (word, args) = match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    let word = word.to_ascii_uppercase();
    let no_args = |c: Command, name: &'static str| {
        if args.is_empty() { Ok(Head::Command(c)) } else { Err(bad(name, format!("unexpected arguments {args:?}"))) }
    };
    let pt = |name: &'static str| parse_point(args).map_err(|e| bad(name, e));
    let c = match word.as_str() {
        "START" => {
            let v: Vec<&str> = args.split(|c: char| c.is_whitespace() || c == ',').filter(|s| !s.is_empty()).collect();
            match v.as_slice() {
                [n] => {
                    let n = size(n).map_err(|e| bad("START", e))?;
                    Command::Start { width: n, height: n }
                }
                [w, h] => Command::Start {
                    width: size(w).map_err(|e| bad("START", e))?,
                    height: size(h).map_err(|e| bad("START", e))?,
                },
                _ => return Err(bad("START", format!("expected a board size but got {args:?}"))),
            }
        }
        "RECTSTART" => {
            let v: Vec<&str> = args.split(',').collect();
            if v.len() != 2 {
                return Err(bad("RECTSTART", format!("expected w,h but got {args:?}")));
            }
            Command::RectStart {
                width: size(v[0]).map_err(|e| bad("RECTSTART", e))?,
                height: size(v[1]).map_err(|e| bad("RECTSTART", e))?,
            }
        }
        "RESTART" => return no_args(Command::Restart, "RESTART"),
        "BEGIN" => return no_args(Command::Begin, "BEGIN"),
        "TURN" => Command::Turn(pt("TURN")?),
        "PLAY" => Command::Play(pt("PLAY")?),
        "TAKEBACK" => Command::Takeback(pt("TAKEBACK")?),
        "BOARD" => return Ok(Head::Block(BlockKind::Board)),
        "YXBOARD" => return Ok(Head::Block(BlockKind::YxBoard)),
        "SWAP2BOARD" => return Ok(Head::Block(BlockKind::Swap2)),
        "INFO" => Command::Info(parse_info(args)?),
        "END" => Command::End,
        "ABOUT" => Command::About,
        "STOP" | "YXSTOP" => Command::Stop,
        "YXSHOWFORBID" => Command::YxShowForbid,
        "YXHASHCLEAR" => Command::YxHashClear,
        "YXSHOWINFO" => Command::YxShowInfo,
        "YXNBEST" => {
            let n = if args.is_empty() { 1 } else { parse_int(args).map_err(|e| bad("YXNBEST", e))? };
            if !(1..=1000).contains(&n) {
                return Err(bad("YXNBEST", format!("count {n} is out of range")));
            }
            Command::YxNBest(n as u32)
        }
        // The bias is optional (0, an even position, when left out).
        "YXBALANCEONE" => Command::YxBalanceOne(bias(args).map_err(|e| bad("YXBALANCEONE", e))?),
        "YXBALANCETWO" => Command::YxBalanceTwo(bias(args).map_err(|e| bad("YXBALANCETWO", e))?),
        "YXSEARCHDEFEND" => Command::YxSearchDefend,
        "DEBUGPOS" => Command::DebugPosition,
        "GORINOPENING" if args.is_empty() => Command::GorinOpeningProbe,
        "GORINOPENING" => return Ok(Head::Block(BlockKind::Opening(opening_head(args)))),
        w if w.starts_with("YX") => return Ok(Head::Block(BlockKind::YxOther(line.to_string()))),
        _ => return Err(ParseError::Unknown(line.to_string())),
    };
    Ok(Head::Command(c))
}

/// A block being read.
struct Block {
    kind: BlockKind,
    stones: Vec<(Pos, StoneKind)>,
    points: Vec<Pos>,
    error: Option<String>,
}

impl Block {
    fn name(&self) -> &'static str {
        match self.kind {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2 => "SWAP2BOARD",
            BlockKind::Opening(_) => "GORINOPENING",
            BlockKind::YxOther(_) => "YX",
        }
    }

    fn add(&mut self, line: &str) {
        if self.error.is_some() {
            return;
        }
        let r = match self.kind {
            BlockKind::Board | BlockKind::YxBoard => parse_board_stone(line).map(|s| self.stones.push(s)),
            BlockKind::Swap2 | BlockKind::Opening(_) => parse_point(line).map(|p| self.points.push(p)),
            BlockKind::YxOther(_) => Ok(()),
        };
        if let Err(e) = r {
            self.error = Some(e);
        }
    }

    fn finish(self, done: bool) -> Result<Command, ParseError> {
        let name = self.name();
        if let BlockKind::YxOther(text) = self.kind {
            return Ok(Command::YxUnsupported(text));
        }
        if !done {
            return Err(bad(name, "block ended without DONE"));
        }
        if let Some(e) = self.error {
            return Err(bad(name, e));
        }
        Ok(match self.kind {
            BlockKind::Board => Command::Board(self.stones),
            BlockKind::YxBoard => Command::YxBoard(self.stones),
            BlockKind::Swap2 => Command::Swap2Board(self.points),
            BlockKind::Opening(Err(e)) => return Err(bad(name, e)),
            BlockKind::Opening(Ok((rule, step, offers))) => {
                if self.points.len() < offers {
                    return Err(bad(name, format!("{offers} offers announced but {} points given", self.points.len())));
                }
                Command::GorinOpening { rule, step, offers, points: self.points }
            }
            BlockKind::YxOther(_) => unreachable!("handled above"),
        })
    }
}

/// Turns lines into commands, assembling multi-line blocks. A block ends at `DONE`; a line in a
/// block that does not look like a coordinate line (it starts with neither a digit nor a sign)
/// ends the block early (an error for BOARD-like blocks) and is then read as a command itself.
#[derive(Default)]
pub struct LineParser {
    block: Option<Block>,
}

impl LineParser {
    pub fn new() -> LineParser {
        LineParser::default()
    }

    /// Is a block open (lines are being collected)?
    pub fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Feeds one line (without its terminator); returns the commands it completes (0, 1 or 2).
    pub fn feed(&mut self, line: &str) -> Vec<Result<Command, ParseError>> {
        let t = line.trim();
        if t.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        if let Some(mut block) = self.block.take() {
            if t.eq_ignore_ascii_case("done") {
                out.push(block.finish(true));
                return out;
            }
            let first = t.as_bytes()[0];
            if first.is_ascii_digit() || first == b'-' || first == b'+' {
                block.add(t);
                self.block = Some(block);
                return out;
            }
            out.push(block.finish(false));
        }
        match parse_head(t) {
            Ok(Head::Command(c)) => out.push(Ok(c)),
            Ok(Head::Block(kind)) => {
                self.block = Some(Block { kind, stones: Vec::new(), points: Vec::new(), error: None })
            }
            Err(e) => out.push(Err(e)),
        }
        out
    }

    /// End of input: an open block is finished as if it had been cut off.
    pub fn finish(&mut self) -> Option<Result<Command, ParseError>> {
        self.block.take().map(|b| b.finish(false))
    }
}

/// Parses a single-line command (convenience for tests; blocks need [`LineParser`]).
pub fn parse_text(text: &str) -> Vec<Result<Command, ParseError>> {
    let mut p = LineParser::new();
    let mut out: Vec<_> = text.split(['\n', '\r']).flat_map(|l| p.feed(l)).collect();
    out.extend(p.finish());
    out
}

impl fmt::Display for Info {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Info::TimeoutTurn(v) => write!(f, "timeout_turn {v}"),
            Info::TimeoutMatch(v) => write!(f, "timeout_match {v}"),
            Info::TimeLeft(v) => write!(f, "time_left {v}"),
            Info::MaxMemory(v) => write!(f, "max_memory {v}"),
            Info::GameType(v) => write!(f, "game_type {v}"),
            Info::Rule(v) => write!(f, "rule {v}"),
            Info::Evaluate(p) => write!(f, "evaluate {p}"),
            Info::Folder(s) => write!(f, "folder {s}"),
            Info::MaxNode(v) => write!(f, "max_node {v}"),
            Info::MaxDepth(v) => write!(f, "max_depth {v}"),
            Info::TimeIncrement(v) => write!(f, "time_increment {v}"),
            Info::ThreadNum(v) => write!(f, "thread_num {v}"),
            Info::HashSize(v) => write!(f, "hash_size {v}"),
            Info::ShowDetail(v) => write!(f, "show_detail {v}"),
            Info::Other { key, value } => write!(f, "{key} {value}"),
        }
    }
}

impl fmt::Display for Command {
    /// Protocol text; blocks span several lines separated by `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stones = |f: &mut fmt::Formatter<'_>, head: &str, v: &[(Pos, StoneKind)]| {
            writeln!(f, "{head}")?;
            for (p, k) in v {
                writeln!(f, "{p},{}", *k as u8)?;
            }
            write!(f, "DONE")
        };
        match self {
            Command::Start { width, height } if width == height => write!(f, "START {width}"),
            Command::Start { width, height } => write!(f, "START {width} {height}"),
            Command::RectStart { width, height } => write!(f, "RECTSTART {width},{height}"),
            Command::Restart => write!(f, "RESTART"),
            Command::Begin => write!(f, "BEGIN"),
            Command::Turn(p) => write!(f, "TURN {p}"),
            Command::Play(p) => write!(f, "PLAY {p}"),
            Command::Takeback(p) => write!(f, "TAKEBACK {p}"),
            Command::Board(v) => stones(f, "BOARD", v),
            Command::YxBoard(v) => stones(f, "yxboard", v),
            Command::Swap2Board(v) => {
                writeln!(f, "SWAP2BOARD")?;
                for p in v {
                    writeln!(f, "{p}")?;
                }
                write!(f, "DONE")
            }
            Command::Info(i) => write!(f, "INFO {i}"),
            Command::End => write!(f, "END"),
            Command::About => write!(f, "ABOUT"),
            Command::Stop => write!(f, "STOP"),
            Command::YxShowForbid => write!(f, "yxshowforbid"),
            Command::YxHashClear => write!(f, "yxhashclear"),
            Command::YxShowInfo => write!(f, "yxshowinfo"),
            Command::YxNBest(n) => write!(f, "yxnbest {n}"),
            Command::YxBalanceOne(s) => write!(f, "yxbalanceone {s}"),
            Command::YxBalanceTwo(s) => write!(f, "yxbalancetwo {s}"),
            Command::YxSearchDefend => write!(f, "yxsearchdefend"),
            Command::YxUnsupported(t) => write!(f, "{t}\ndone"),
            Command::DebugPosition => write!(f, "DEBUGPOS"),
            Command::GorinOpeningProbe => write!(f, "GORINOPENING"),
            Command::GorinOpening { rule, step, offers, points } => {
                match step {
                    Step::Pick => writeln!(f, "GORINOPENING {rule} pick {offers}")?,
                    s => writeln!(f, "GORINOPENING {rule} {}", s.word())?,
                }
                for p in points {
                    writeln!(f, "{p}")?;
                }
                write!(f, "DONE")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Result<Command, ParseError> {
        let mut v = parse_text(text);
        assert_eq!(v.len(), 1, "{text:?} gave {v:?}");
        v.pop().unwrap()
    }

    #[test]
    fn case_spaces_and_line_endings() {
        assert_eq!(one("start 15\r"), Ok(Command::Start { width: 15, height: 15 }));
        assert_eq!(one("  StArT   20  15 "), Ok(Command::Start { width: 20, height: 15 }));
        assert_eq!(one("TURN 7, 8\r\n"), Ok(Command::Turn(Pos::new(7, 8))));
        assert_eq!(one("rectstart 20,15"), Ok(Command::RectStart { width: 20, height: 15 }));
        assert_eq!(one("info folder C:\\my dir\\x"), Ok(Command::Info(Info::Folder("C:\\my dir\\x".into()))));
        assert_eq!(one("INFO MAX_MEMORY 83886080"), Ok(Command::Info(Info::MaxMemory(83_886_080))));
        assert_eq!(one("yxstop"), Ok(Command::Stop));
        assert_eq!(one("YXBALANCETWO"), Ok(Command::YxBalanceTwo(0)));
    }

    #[test]
    fn blocks() {
        let v = parse_text("board\r1,2,1\r\n3,4,2\n5,6,3\ndone\n");
        assert_eq!(
            v,
            vec![Ok(Command::Board(vec![
                (Pos::new(1, 2), StoneKind::Own),
                (Pos::new(3, 4), StoneKind::Opponent),
                (Pos::new(5, 6), StoneKind::Wall)
            ]))]
        );
        assert_eq!(parse_text("SWAP2BOARD\nDONE"), vec![Ok(Command::Swap2Board(vec![]))]);
        // an unsupported yx block is consumed up to done
        assert_eq!(
            parse_text("yxblock\n1,1\n2,2\ndone\nABOUT"),
            vec![Ok(Command::YxUnsupported("yxblock".into())), Ok(Command::About)]
        );
        // a block cut short by a command
        let v = parse_text("BOARD\n1,1,1\nABOUT");
        assert!(matches!(v[0], Err(ParseError::BadArgs { command: "BOARD", .. })));
        assert_eq!(v[1], Ok(Command::About));
        // a bad line inside the block is reported at DONE, not earlier
        let v = parse_text("BOARD\n1,1,7\n2,2,1\nDONE");
        assert_eq!(v.len(), 1);
        assert!(matches!(v[0], Err(ParseError::BadArgs { command: "BOARD", .. })));
    }

    #[test]
    fn opening_extension_heads() {
        assert_eq!(parse_text("GORINOPENING"), vec![Ok(Command::GorinOpeningProbe)]);
        let bad_rule = parse_text("GORINOPENING renju9 open\n7,7\nDONE");
        assert!(matches!(&bad_rule[..], [Err(ParseError::BadArgs { command: "GORINOPENING", .. })]), "{bad_rule:?}");
        let short = parse_text("GORINOPENING yamaguchi pick 3\n7,7\n8,8\nDONE");
        assert!(matches!(&short[..], [Err(ParseError::BadArgs { .. })]), "{short:?}");
        for bad in ["GORINOPENING sakata pair 7", "GORINOPENING classic-moved propose", "GORINOPENING swap5 pick 2 3"] {
            let r = parse_text(&format!("{bad}\nDONE"));
            assert!(matches!(&r[..], [Err(ParseError::BadArgs { .. })]), "{bad}: {r:?}");
        }
        assert_eq!(
            parse_text("gorinopening SWAP1 open\ndone"),
            vec![Ok(Command::GorinOpening { rule: OpeningRule::Swap1, step: Step::Open, offers: 0, points: vec![] })]
        );
    }

    #[test]
    fn errors() {
        assert!(matches!(one("TURN 7"), Err(ParseError::BadArgs { command: "TURN", .. })));
        assert!(matches!(one("TURN a,b"), Err(ParseError::BadArgs { .. })));
        assert!(matches!(one("TURN -1,3"), Err(ParseError::BadArgs { .. })));
        assert!(matches!(one("TURN 99999999999999999999,3"), Err(ParseError::BadArgs { .. })));
        assert!(matches!(one("START"), Err(ParseError::BadArgs { command: "START", .. })));
        assert!(matches!(one("INFO timeout_turn x"), Err(ParseError::BadArgs { command: "INFO", .. })));
        assert_eq!(one("HELLO there"), Err(ParseError::Unknown("HELLO there".into())));
    }

    #[test]
    fn display_round_trips() {
        let cmds = vec![
            Command::Start { width: 15, height: 15 },
            Command::Start { width: 20, height: 15 },
            Command::RectStart { width: 20, height: 15 },
            Command::Restart,
            Command::Begin,
            Command::Turn(Pos::new(3, 4)),
            Command::Play(Pos::new(0, 31)),
            Command::Takeback(Pos::new(9, 9)),
            Command::Board(vec![(Pos::new(7, 7), StoneKind::Opponent), (Pos::new(8, 8), StoneKind::Wall)]),
            Command::YxBoard(vec![]),
            Command::Swap2Board(vec![Pos::new(1, 1), Pos::new(2, 2), Pos::new(3, 3)]),
            Command::Info(Info::TimeLeft(-5)),
            Command::Info(Info::Evaluate(Pos::new(2, 3))),
            Command::Info(Info::Other { key: "pondering".into(), value: "0".into() }),
            Command::End,
            Command::About,
            Command::Stop,
            Command::YxShowForbid,
            Command::YxHashClear,
            Command::YxShowInfo,
            Command::YxNBest(3),
            Command::YxBalanceOne(-20),
            Command::YxBalanceTwo(15),
            Command::YxSearchDefend,
            Command::YxUnsupported("yxquerydatabaseall".into()),
            Command::DebugPosition,
            Command::GorinOpeningProbe,
            Command::GorinOpening {
                rule: OpeningRule::Taraguchi10,
                step: Step::Stone { zone: crate::opening::Zone::Central(5) },
                offers: 0,
                points: vec![Pos::new(7, 7), Pos::new(8, 8)],
            },
            Command::GorinOpening { rule: OpeningRule::Soosyrv8, step: Step::Swap { n: 4 }, offers: 0, points: vec![] },
            Command::GorinOpening {
                rule: OpeningRule::Yamaguchi,
                step: Step::Pick,
                offers: 2,
                points: vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(7, 9), Pos::new(1, 1), Pos::new(2, 2)],
            },
            Command::GorinOpening {
                rule: OpeningRule::ClassicMoved,
                step: Step::Propose { column: false },
                offers: 0,
                points: vec![],
            },
            Command::GorinOpening {
                rule: OpeningRule::Sakata,
                step: Step::Pair { first: crate::opening::Zone::Central(7), second: crate::opening::Zone::Central(9) },
                offers: 0,
                points: vec![Pos::new(7, 7), Pos::new(7, 8), Pos::new(9, 9)],
            },
            Command::GorinOpening { rule: OpeningRule::Lianhuan, step: Step::Colour, offers: 0, points: vec![] },
            Command::GorinOpening {
                rule: OpeningRule::Lianhuan,
                step: Step::OneOrTwo,
                offers: 0,
                points: vec![Pos::new(7, 7)],
            },
        ];
        for c in cmds {
            assert_eq!(parse_text(&c.to_string()), vec![Ok(c.clone())], "{c}");
        }
    }
}
