//! One game between two engines, refereed by [`Game`]: the manager's side of the protocol,
//! time keeping and every adjudication.

use super::engine::{Engine, EngineSpec, Log, Reply};
use super::record::{GameRecord, Termination};
use crate::board::MoveError;
use crate::core::{Color, Pos, Rule};
use crate::game::{Game, Outcome};
use std::time::{Duration, Instant};

/// Time limits of a game, per engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Milliseconds per move; 0 = no per-move limit (then `match_ms` must be set).
    pub turn_ms: u64,
    /// Milliseconds for the whole game; 0 = unlimited.
    pub match_ms: u64,
    /// Extra time allowed past either limit before the move is a time loss (Piskvork and
    /// GomocupJudge allow 1000 ms).
    pub tolerance_ms: u64,
}

/// What `INFO time_left` says when there is no game clock.
const UNLIMITED_LEFT: i64 = 2_147_483_647;

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub size: usize,
    pub rule: Rule,
    pub time: TimeControl,
    /// `INFO max_memory` in bytes (0 = no limit).
    pub max_memory: u64,
    /// Adjudicate a loss when an engine's peak memory exceeds `max_memory` after a move, as
    /// Piskvork and GomocupJudge do (only where the platform reports it: Linux).
    pub enforce_memory: bool,
    /// How long start-up, `ABOUT` and `START` → `OK` may take; not counted on the clock.
    pub start_timeout: Duration,
}

/// One side of a match: how to start the engine, its display name and its running process
/// (restarted when it crashed or was killed).
pub struct Player {
    pub spec: EngineSpec,
    pub name: String,
    log: Log,
    engine: Option<Engine>,
}

impl Player {
    pub fn new(spec: EngineSpec, name: String, log: Log) -> Player {
        Player { spec, name, log, engine: None }
    }

    /// A running engine: the current one if alive, else a fresh process that answered ABOUT.
    fn ensure(&mut self, start_timeout: Duration) -> Result<&mut Engine, String> {
        let alive = self.engine.as_mut().is_some_and(|e| e.is_alive());
        if !alive {
            if let Some(mut old) = self.engine.take() {
                old.kill();
            }
            let mut e = Engine::spawn(&self.spec, self.log.clone())?;
            e.query_about(start_timeout)?;
            self.engine = Some(e);
        }
        Ok(self.engine.as_mut().expect("engine just ensured"))
    }

    /// Kills the process (after a time loss or when its state is unknown).
    fn kill(&mut self) {
        if let Some(mut e) = self.engine.take() {
            e.kill();
        }
    }

    fn note(&self, text: &str) {
        if let Some(e) = &self.engine {
            e.note(text);
        }
    }

    /// Sends `END` and stops the process.
    pub fn shutdown(&mut self) {
        if let Some(mut e) = self.engine.take() {
            e.quit(Duration::from_millis(1000));
        }
    }
}

/// Parses a move reply `x,y` (spaces allowed around the numbers). Negative or huge numbers are
/// returned as an off-board move so they are judged illegal rather than unparsable.
fn parse_move(line: &str) -> Option<Result<Pos, String>> {
    let mut it = line.split(',');
    let (a, b) = (it.next()?, it.next()?);
    if it.next().is_some() {
        return None;
    }
    let x: i64 = a.trim().parse().ok()?;
    let y: i64 = b.trim().parse().ok()?;
    if (0..=255).contains(&x) && (0..=255).contains(&y) {
        Some(Ok(Pos::new(x as usize, y as usize)))
    } else {
        Some(Err(format!("{x},{y}")))
    }
}

/// Starts (if needed) and sets up one engine for a new game: `START`, then the `INFO` block.
fn start_engine(p: &mut Player, s: &GameSettings, tag: &str) -> Result<(), String> {
    let e = p.ensure(s.start_timeout)?;
    e.note(tag);
    e.drain();
    e.send(&format!("START {}", s.size))?;
    match e.recv(Instant::now() + s.start_timeout) {
        Reply::Line(l) if l.eq_ignore_ascii_case("OK") => {}
        Reply::Line(l) => return Err(format!("START {} answered {l:?}", s.size)),
        Reply::Timeout => return Err(format!("no OK to START within {} ms", s.start_timeout.as_millis())),
        Reply::Closed(why) => return Err(why),
    }
    let t = s.time;
    // `timeout_turn 0` would tell the engine to move at once: without a per-move limit the
    // whole game clock is the cap on one move.
    let turn = if t.turn_ms > 0 { t.turn_ms } else { t.match_ms };
    e.send(&format!("INFO timeout_turn {turn}"))?;
    e.send(&format!("INFO timeout_match {}", t.match_ms))?;
    e.send(&format!("INFO max_memory {}", s.max_memory))?;
    e.send("INFO game_type 1")?;
    e.send(&format!("INFO rule {}", s.rule.gomocup_code()))?;
    Ok(())
}

/// Plays one game from `opening` (already checked legal and unfinished under the rule).
/// `tag` is written to both engines' logs. Never panics on engine behaviour; every way a game
/// can end is a [`Termination`].
pub fn play_game(black: &mut Player, white: &mut Player, s: &GameSettings, opening: &[Pos], tag: &str) -> GameRecord {
    let mut rec = GameRecord {
        size: s.size,
        rule: s.rule,
        black: black.name.clone(),
        white: white.name.clone(),
        opening: opening.to_vec(),
        moves: Vec::new(),
        winner: None,
        termination: Termination::BoardFull,
    };
    let mut game = Game::from_moves(s.size, s.size, s.rule, opening).expect("opening checked by the caller");
    let mut players = [black, white];

    let finish = |mut rec: GameRecord, players: &mut [&mut Player; 2], winner: Option<Color>, t: Termination| {
        let verdict = format!(
            "result {} ({t})",
            match winner {
                Some(Color::Black) => "1-0",
                Some(Color::White) => "0-1",
                None => "1/2-1/2",
            }
        );
        for p in players.iter() {
            p.note(&verdict);
        }
        rec.winner = winner;
        rec.termination = t;
        rec
    };

    // Set-up: a side that cannot start loses (black's failure is judged first).
    for c in Color::BOTH {
        let side_tag =
            format!("{tag}: {} as {}", players[c.idx()].name, if c == Color::Black { "black" } else { "white" });
        if let Err(why) = start_engine(players[c.idx()], s, &side_tag) {
            players[c.idx()].kill();
            return finish(rec, &mut players, Some(c.opp()), Termination::StartFailed(why));
        }
    }

    if game.outcome != Outcome::Ongoing {
        let t = if game.board.empty_count() == 0 { Termination::BoardFull } else { Termination::RenjuDraw };
        return finish(rec, &mut players, None, t);
    }

    let t = s.time;
    let mut used = [0u64; 2];
    // How many of the game's moves each engine has been told or has played.
    let mut known = [0usize; 2];
    let mut history: Vec<Pos> = opening.to_vec();
    loop {
        let side = game.to_move;
        let p = &mut players[side.idx()];
        let Some(e) = p.engine.as_mut() else {
            return finish(rec, &mut players, Some(side.opp()), Termination::Crash("engine not running".into()));
        };
        e.drain();
        let left: i64 = if t.match_ms > 0 { t.match_ms as i64 - used[side.idx()] as i64 } else { UNLIMITED_LEFT };
        let total = history.len();
        let mut lines = vec![format!("INFO time_left {left}")];
        if total == 0 {
            lines.push("BEGIN".into());
        } else if known[side.idx()] + 1 == total {
            lines.push(format!("TURN {}", history[total - 1]));
        } else {
            lines.push("BOARD".into());
            let mut c = Color::Black;
            for m in &history {
                lines.push(format!("{m},{}", if c == side { 1 } else { 2 }));
                c = c.opp();
            }
            lines.push("DONE".into());
        }
        if let Err(why) = lines.iter().try_for_each(|l| e.send(l)) {
            p.kill();
            return finish(rec, &mut players, Some(side.opp()), Termination::Crash(why));
        }
        known[side.idx()] = total;

        // The hard limit for this move: the tighter of the turn limit and the clock.
        let turn_binding = t.turn_ms > 0 && (t.match_ms == 0 || t.turn_ms as i64 <= left);
        let limit_ms = if turn_binding { t.turn_ms } else { left.max(0) as u64 };
        let started = Instant::now();
        let reply = e.recv(started + Duration::from_millis(limit_ms + t.tolerance_ms));
        let elapsed = started.elapsed().as_millis() as u64;
        let line = match reply {
            Reply::Line(l) => l,
            Reply::Timeout => {
                p.kill();
                let term = if turn_binding {
                    Termination::TurnTime { used_ms: elapsed, limit_ms: t.turn_ms }
                } else {
                    Termination::MatchTime { used_ms: used[side.idx()] + elapsed, limit_ms: t.match_ms }
                };
                return finish(rec, &mut players, Some(side.opp()), term);
            }
            Reply::Closed(why) => {
                p.kill();
                return finish(rec, &mut players, Some(side.opp()), Termination::Crash(why));
            }
        };
        if t.turn_ms > 0 && elapsed > t.turn_ms + t.tolerance_ms {
            let term = Termination::TurnTime { used_ms: elapsed, limit_ms: t.turn_ms };
            return finish(rec, &mut players, Some(side.opp()), term);
        }
        used[side.idx()] += elapsed;
        if t.match_ms > 0 && used[side.idx()] > t.match_ms + t.tolerance_ms {
            let term = Termination::MatchTime { used_ms: used[side.idx()], limit_ms: t.match_ms };
            return finish(rec, &mut players, Some(side.opp()), term);
        }
        if s.enforce_memory
            && s.max_memory > 0
            && let Some(peak) = e.peak_memory().filter(|&m| m > s.max_memory)
        {
            p.kill();
            let term = Termination::Memory { used: peak, limit: s.max_memory };
            return finish(rec, &mut players, Some(side.opp()), term);
        }
        let mv = match parse_move(&line) {
            None => return finish(rec, &mut players, Some(side.opp()), Termination::BadReply(line)),
            Some(Err(text)) => {
                let term = Termination::IllegalMove { mv: text, why: MoveError::OffBoard.to_string() };
                return finish(rec, &mut players, Some(side.opp()), term);
            }
            Some(Ok(mv)) => mv,
        };
        match game.play(mv) {
            Err(MoveError::Forbidden(k)) => {
                let term = Termination::Forbidden { mv, kind: k.name().to_string() };
                return finish(rec, &mut players, Some(side.opp()), term);
            }
            Err(err) => {
                let term = Termination::IllegalMove { mv: mv.to_string(), why: err.to_string() };
                return finish(rec, &mut players, Some(side.opp()), term);
            }
            Ok(outcome) => {
                rec.moves.push((mv, elapsed));
                history.push(mv);
                known[side.idx()] = history.len();
                match outcome {
                    Outcome::Ongoing => {}
                    Outcome::Win(c) => return finish(rec, &mut players, Some(c), Termination::Five),
                    Outcome::Draw if game.board.empty_count() == 0 => {
                        return finish(rec, &mut players, None, Termination::BoardFull);
                    }
                    Outcome::Draw => return finish(rec, &mut players, None, Termination::RenjuDraw),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_replies_parse() {
        assert_eq!(parse_move("7,8"), Some(Ok(Pos::new(7, 8))));
        assert_eq!(parse_move(" 7 , 8 "), Some(Ok(Pos::new(7, 8))));
        assert_eq!(parse_move("-1,-1"), Some(Err("-1,-1".into())));
        assert_eq!(parse_move("7,8,9"), None);
        assert_eq!(parse_move("h8"), None);
        assert_eq!(parse_move("OK"), None);
    }
}
