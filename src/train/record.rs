//! Self-play records: one text line per game (see README "Learning loop").
//!
//! ```text
//! game v=1 rule=freestyle size=15 result=B end=five seed=7 nodes=6000 gen=gorin-0.1.0/w1a2b3c4d opening=3 moves=h8 i9 j7 k10:35:7 g6:-20:8:t ...
//! ```
//! Header fields are `key=value`; `moves=` starts the plies, one token each: the first
//! `opening` tokens are bare moves (never training targets), then `move:score:depth[:flags]`
//! with the search's value from the side to move in engine units and flags `m` (proven
//! win/loss), `f` (forced: the only defence to a four), `t` (tactical: a five threat on the
//! board). Results are from black's side: `B`, `W` or `D`. A trainer replays the moves and
//! derives its own features (forbidden points are recomputed, never stored).
//! Lines starting with `#` and blank lines are ignored. Games are appended whole and flushed,
//! so a killed generator loses at most the game in progress.

use crate::core::{Pos, Rule, parse_move_string};

pub const RECORD_VERSION: u32 = 1;

/// One ply after the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: Pos,
    /// Search value from the side to move.
    pub score: i32,
    pub depth: u16,
    pub mate: bool,
    pub forced: bool,
    pub tactical: bool,
}

/// Game result from black's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    BlackWin,
    WhiteWin,
    Draw,
}

impl GameResult {
    pub fn letter(self) -> char {
        match self {
            GameResult::BlackWin => 'B',
            GameResult::WhiteWin => 'W',
            GameResult::Draw => 'D',
        }
    }
    /// Black's score: 1, 0 or 0.5.
    pub fn black_score(self) -> f32 {
        match self {
            GameResult::BlackWin => 1.0,
            GameResult::WhiteWin => 0.0,
            GameResult::Draw => 0.5,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub rule: Rule,
    pub size: usize,
    pub result: GameResult,
    /// How it ended: `five`, `full`, `nomove`.
    pub end: String,
    pub seed: u64,
    pub nodes: u64,
    pub generator: String,
    pub opening: Vec<Pos>,
    pub plies: Vec<Ply>,
}

impl GameRecord {
    /// All moves, opening first.
    pub fn moves(&self) -> impl Iterator<Item = Pos> + '_ {
        self.opening.iter().copied().chain(self.plies.iter().map(|p| p.mv))
    }

    /// The record line (no newline).
    pub fn to_line(&self) -> String {
        let mut s = format!(
            "game v={RECORD_VERSION} rule={} size={} result={} end={} seed={} nodes={} gen={} opening={} moves=",
            self.rule.name(),
            self.size,
            self.result.letter(),
            self.end,
            self.seed,
            self.nodes,
            self.generator,
            self.opening.len()
        );
        let mut first = true;
        for p in &self.opening {
            if !first {
                s.push(' ');
            }
            first = false;
            s.push_str(&p.to_notation());
        }
        for p in &self.plies {
            if !first {
                s.push(' ');
            }
            first = false;
            s.push_str(&format!("{}:{}:{}", p.mv.to_notation(), p.score, p.depth));
            if p.mate || p.forced || p.tactical {
                s.push(':');
                if p.mate {
                    s.push('m');
                }
                if p.forced {
                    s.push('f');
                }
                if p.tactical {
                    s.push('t');
                }
            }
        }
        s
    }

    /// Parses one record line. The error says what is wrong (the caller adds file and line).
    pub fn parse(line: &str) -> Result<GameRecord, String> {
        let (head, moves) = line.split_once(" moves=").ok_or("no \"moves=\" field")?;
        let mut it = head.split_whitespace();
        if it.next() != Some("game") {
            return Err("a record line starts with \"game\"".into());
        }
        let mut f = std::collections::HashMap::new();
        for tok in it {
            let (k, v) = tok.split_once('=').ok_or_else(|| format!("field {tok:?} is not key=value"))?;
            f.insert(k, v);
        }
        let get = |k: &str| f.get(k).copied().ok_or_else(|| format!("missing field {k:?}"));
        let num = |k: &str| -> Result<u64, String> {
            get(k)?.parse::<u64>().map_err(|_| format!("field {k} wants a number, got {:?}", f[k]))
        };
        let v = num("v")?;
        if v != RECORD_VERSION as u64 {
            return Err(format!("record format version {v}, this build reads version {RECORD_VERSION}"));
        }
        let rule = Rule::parse_name(get("rule")?).ok_or_else(|| format!("unknown rule {:?}", f["rule"]))?;
        let size = num("size")? as usize;
        crate::board::Board::check_size(size, size)?;
        let result = match get("result")? {
            "B" => GameResult::BlackWin,
            "W" => GameResult::WhiteWin,
            "D" => GameResult::Draw,
            r => return Err(format!("result {r:?} is not B, W or D")),
        };
        let n_open = num("opening")? as usize;
        let mut opening = Vec::new();
        let mut plies = Vec::new();
        for (k, tok) in moves.split_whitespace().enumerate() {
            let mut parts = tok.split(':');
            let mv_s = parts.next().unwrap_or("");
            let mv = parse_move_string(mv_s).map_err(|e| format!("ply {}: {e}", k + 1))?;
            if mv.len() != 1 {
                return Err(format!("ply {}: {mv_s:?} is not one move", k + 1));
            }
            let mv = mv[0];
            if mv.x as usize >= size || mv.y as usize >= size {
                return Err(format!("ply {}: {} is off the {size}x{size} board", k + 1, mv.to_notation()));
            }
            if k < n_open {
                if parts.next().is_some() {
                    return Err(format!("ply {}: opening moves carry no score", k + 1));
                }
                opening.push(mv);
                continue;
            }
            let score = parts
                .next()
                .and_then(|s| s.parse::<i32>().ok())
                .ok_or_else(|| format!("ply {}: {tok:?} wants move:score:depth", k + 1))?;
            let depth = parts
                .next()
                .and_then(|s| s.parse::<u16>().ok())
                .ok_or_else(|| format!("ply {}: {tok:?} wants move:score:depth", k + 1))?;
            let flags = parts.next().unwrap_or("");
            if parts.next().is_some() || flags.chars().any(|c| !"mft".contains(c)) {
                return Err(format!("ply {}: bad flags in {tok:?} (m, f, t)", k + 1));
            }
            plies.push(Ply {
                mv,
                score,
                depth,
                mate: flags.contains('m'),
                forced: flags.contains('f'),
                tactical: flags.contains('t'),
            });
        }
        if opening.len() != n_open {
            return Err(format!("opening={n_open} but only {} moves", opening.len()));
        }
        Ok(GameRecord {
            rule,
            size,
            result,
            end: get("end")?.to_string(),
            seed: num("seed")?,
            nodes: num("nodes")?,
            generator: get("gen")?.to_string(),
            opening,
            plies,
        })
    }
}

/// Reads every game of a record file, with its line number. A malformed line is an error naming the file and the
/// line; a last line without its newline (a generator killed mid-write) is skipped with a
/// warning.
pub fn read_records(path: &str) -> Result<Vec<(usize, GameRecord)>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let mut games = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match GameRecord::parse(line) {
            Ok(g) => games.push((n + 1, g)),
            Err(e) if n + 1 == lines.len() && !complete => {
                log::warn!("{path}:{}: skipping an unfinished last line ({e})", n + 1);
            }
            Err(e) => return Err(format!("{path}:{}: {e}", n + 1)),
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        let mv = parse_move_string("h8i9j7k10g6").unwrap();
        GameRecord {
            rule: Rule::Renju,
            size: 15,
            result: GameResult::WhiteWin,
            end: "five".into(),
            seed: 9,
            nodes: 5000,
            generator: "gorin-test".into(),
            opening: mv[..3].to_vec(),
            plies: vec![
                Ply { mv: mv[3], score: 35, depth: 7, mate: false, forced: false, tactical: false },
                Ply { mv: mv[4], score: -29990, depth: 3, mate: true, forced: true, tactical: true },
            ],
        }
    }

    #[test]
    fn line_round_trip() {
        let g = sample();
        let line = g.to_line();
        assert_eq!(GameRecord::parse(&line).unwrap(), g);
        assert!(line.contains("moves=h8 i9 j7 k10:35:7 g6:-29990:3:mft"), "{line}");
    }

    #[test]
    fn malformed_lines_name_file_and_line() {
        let dir = std::env::temp_dir().join(format!("gorin-rec-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.txt");
        let good = sample().to_line();
        let bad = good.replace("k10:35:7", "k10:x:7");
        std::fs::write(&path, format!("# comment\n{good}\n{bad}\n")).unwrap();
        let e = read_records(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains("bad.txt:3:") && e.contains("ply 4"), "{e}");
        let v2 = good.replace("v=1", "v=2");
        std::fs::write(&path, format!("{v2}\n")).unwrap();
        let e = read_records(path.to_str().unwrap()).unwrap_err();
        assert!(e.contains(":1:") && e.contains("version 2"), "{e}");
        // An unfinished last line is skipped, the complete games are kept.
        std::fs::write(&path, format!("{good}\n{}", &good[..40])).unwrap();
        assert_eq!(read_records(path.to_str().unwrap()).unwrap().len(), 1);
        for junk in ["gam v=1", "game v=1 rule=renju moves=h8", "game v=1 rule=gomoku size=15 moves="] {
            assert!(GameRecord::parse(junk).is_err(), "{junk}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
