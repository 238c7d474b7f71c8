//! One game between two engines, refereed by [`Game`]: the manager's side of the protocol,
//! time keeping and every adjudication.

use super::engine::{Engine, EngineSpec, Log, Reply};
use super::interrupt;
use super::record::{GameRecord, Termination};
use crate::board::MoveError;
use crate::core::{Color, Pos, Rule};
use crate::game::{Game, Outcome};
use crate::opening::rif::{
    Answer, AutoPlayer, OpeningPlayer, OpeningRule, Question, Step, question_lines, swap2_lines, walk,
};
use crate::opening::{BalanceLimits, Decider};
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
    /// Read move replies as Piskvork does: the first line that is not MESSAGE/DEBUG is the
    /// move, and anything else loses the game as an unparsable reply. Off (the default), the
    /// runner reads as c-gomoku-cli does: while it waits for a move it logs and skips every
    /// line that is not one (ERROR, UNKNOWN, anything), up to the time limit.
    pub strict: bool,
    log: Log,
    engine: Option<Engine>,
    /// Has the running engine been sent a START (so output of an earlier game may follow)?
    used: bool,
    /// Does the running engine speak the `GORINOPENING` extension? (`None`: not probed yet.)
    opening_ext: Option<bool>,
    /// Did the running engine answer `SWAP2BOARD`? (`None`: not asked yet.)
    swap2_ok: Option<bool>,
}

impl Player {
    pub fn new(spec: EngineSpec, name: String, log: Log) -> Player {
        Player { spec, name, strict: false, log, engine: None, used: false, opening_ext: None, swap2_ok: None }
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
            self.used = false;
            self.opening_ext = None;
            self.swap2_ok = None;
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
/// An engine that played before is first synchronised ([`Engine::sync`]: output left from the
/// last game never answers this one's commands), or restarted when it cannot be.
fn start_engine(p: &mut Player, s: &GameSettings, tag: &str) -> Result<(), String> {
    if interrupt::requested() {
        return Err("interrupted".into());
    }
    if p.used && p.engine.as_mut().is_some_and(|e| e.is_alive()) {
        let e = p.engine.as_mut().expect("checked");
        let synced = if e.about.is_some() {
            e.sync(s.start_timeout)
        } else {
            Err("it gave no name to ABOUT, so it cannot be synchronised".into())
        };
        if let Err(why) = synced {
            e.note(&format!("restarting the engine before the next game: {why}"));
            p.kill();
        }
    }
    let e = p.ensure(s.start_timeout)?;
    e.note(tag);
    e.drain();
    e.send(&format!("START {}", s.size))?;
    p.used = true;
    let e = p.engine.as_mut().expect("ensured");
    match e.recv(Instant::now() + s.start_timeout) {
        Reply::Line(l) if l.eq_ignore_ascii_case("OK") => {}
        Reply::Line(l) => return Err(format!("START {} answered {l:?}", s.size)),
        Reply::Timeout => return Err(format!("no OK to START within {} ms", s.start_timeout.as_millis())),
        Reply::Closed(why) => return Err(why),
        Reply::Interrupted => return Err("interrupted".into()),
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
    play_inner(black, white, s, opening, tag, false)
}

/// [`play_game`]; with `started` the engines were already started for this game (after an
/// opening phase) and the set-up is skipped.
fn play_inner(
    black: &mut Player,
    white: &mut Player,
    s: &GameSettings,
    opening: &[Pos],
    tag: &str,
    started: bool,
) -> GameRecord {
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
                _ if t == Termination::Unfinished => "*",
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
        if started {
            break;
        }
        let side_tag =
            format!("{tag}: {} as {}", players[c.idx()].name, if c == Color::Black { "black" } else { "white" });
        if let Err(why) = start_engine(players[c.idx()], s, &side_tag) {
            if interrupt::requested() {
                return finish(rec, &mut players, None, Termination::Unfinished);
            }
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
        if interrupt::requested() {
            return finish(rec, &mut players, None, Termination::Unfinished);
        }
        let side = game.to_move;
        let p = &mut players[side.idx()];
        let strict = p.strict;
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
        // The clock starts before the request goes out: the engine cannot see it any earlier.
        let started = Instant::now();
        if let Err(why) = lines.iter().try_for_each(|l| e.send(l)) {
            p.kill();
            return finish(rec, &mut players, Some(side.opp()), Termination::Crash(why));
        }
        known[side.idx()] = total;

        // The hard limit for this move: the tighter of the turn limit and the clock.
        let turn_binding = t.turn_ms > 0 && (t.match_ms == 0 || t.turn_ms as i64 <= left);
        let limit_ms = if turn_binding { t.turn_ms } else { left.max(0) as u64 };
        let deadline = started + Duration::from_millis(limit_ms + t.tolerance_ms);
        let reply = loop {
            match e.recv(deadline) {
                // c-gomoku-cli's reading: a line that is not a move is logged and skipped
                Reply::Line(l) if !strict && parse_move(&l).is_none() => {
                    e.note(&format!("skipped a line that is not a move: {l:?}"));
                }
                r => break r,
            }
        };
        let elapsed = started.elapsed().as_millis() as u64;
        let line = match reply {
            Reply::Line(l) => l,
            Reply::Interrupted => return finish(rec, &mut players, None, Termination::Unfinished),
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

/// The opening phase of every game of a match played under an opening rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningSettings {
    pub rule: OpeningRule,
    /// Milliseconds per opening decision (told as `INFO timeout_turn` during the opening; the
    /// runner's own choices for engines without the extension use the same time).
    pub ms: u64,
    /// Seed for near-equal choices (sent as `INFO opening_seed`; the runner's own choices use
    /// it too). The runner gives both games of a pair the same seed.
    pub seed: u64,
}

/// One seat of the opening: the engine over the protocol when it can answer (the standard
/// `SWAP2BOARD` for swap2's steps, Gorin's `GORINOPENING` extension for the rest), else the
/// runner's own choice from the opening module.
struct Seat<'a> {
    player: &'a mut Player,
    auto: AutoPlayer,
    o: OpeningSettings,
    tolerance_ms: u64,
    probe_timeout: Duration,
    /// Per answer given in this seat: was it the runner's own choice?
    by_runner: Vec<bool>,
    /// What `INFO time_left` says before a `SWAP2BOARD`.
    time_left: i64,
}

impl Seat<'_> {
    fn supports_ext(&mut self) -> bool {
        if let Some(b) = self.player.opening_ext {
            return b;
        }
        let Some(e) = self.player.engine.as_mut() else { return false };
        e.drain();
        let ok = e.send("GORINOPENING").is_ok()
            && matches!(e.recv(Instant::now() + self.probe_timeout), Reply::Line(l) if l.eq_ignore_ascii_case("OK"));
        if !ok {
            // let any stray answer arrive, then drop it
            std::thread::sleep(Duration::from_millis(50));
            e.drain();
        }
        self.player.opening_ext = Some(ok);
        ok
    }

    /// Sends a block and reads the answer: `Ok(None)` when the engine does not know the
    /// command (`UNKNOWN`, or for swap2 also `ERROR`).
    fn ask(&mut self, lines: &[String], lenient_error: bool) -> Result<Option<Answer>, String> {
        let Some(e) = self.player.engine.as_mut() else { return Err("engine not running".into()) };
        e.drain();
        for l in lines {
            e.send(l)?;
        }
        let deadline = Instant::now() + Duration::from_millis(self.o.ms + self.tolerance_ms);
        match e.recv(deadline) {
            Reply::Line(l) => {
                let upper = l.to_ascii_uppercase();
                if upper.starts_with("UNKNOWN") || (lenient_error && upper.starts_with("ERROR")) {
                    std::thread::sleep(Duration::from_millis(50));
                    e.drain();
                    return Ok(None);
                }
                if upper.starts_with("ERROR") {
                    return Err(format!("answered {l:?}"));
                }
                Answer::parse(&l).map(Some).map_err(|why| format!("unparsable answer {l:?}: {why}"))
            }
            Reply::Timeout => {
                self.player.kill();
                Err(format!("no answer within {} ms", self.o.ms + self.tolerance_ms))
            }
            Reply::Closed(why) => {
                self.player.kill();
                Err(why)
            }
            Reply::Interrupted => Err("interrupted".into()),
        }
    }
}

impl OpeningPlayer for Seat<'_> {
    fn answer(&mut self, q: &Question) -> Result<Answer, String> {
        if q.rule == OpeningRule::Swap2 && matches!(q.step, Step::Open | Step::Swap2) {
            if self.player.swap2_ok != Some(false) {
                // the game clock as it stands at the start (the opening is not charged to it);
                // the turn limit during the opening is `--opening-ms`
                let left = format!("INFO time_left {}", self.time_left);
                let mut lines = vec![left];
                lines.extend(swap2_lines(&q.moves));
                match self.ask(&lines, true)? {
                    Some(a) => {
                        self.player.swap2_ok = Some(true);
                        self.by_runner.push(false);
                        return Ok(a);
                    }
                    None => self.player.swap2_ok = Some(false),
                }
            }
        } else if self.supports_ext() {
            if let Some(a) = self.ask(&question_lines(q), false)? {
                self.by_runner.push(false);
                return Ok(a);
            }
            self.player.opening_ext = Some(false);
        }
        self.by_runner.push(true);
        self.player.note(&format!("opening: the runner answers {} {} for this engine", q.rule, q.step.word()));
        self.auto.answer(q)
    }
}

/// Plays one game under an opening rule: both engines start, the opening is played out
/// between `first` (the tentative black) and `second` (asking each engine, or choosing for an
/// engine without the extension), then the game goes on from the opening's stones with the
/// colours the opening gave. Returns the record, whether `first` played black, and the
/// opening's transcript (one line per decision). A player that breaks the opening rule loses
/// ([`Termination::Opening`]).
pub fn play_game_opening(
    first: &mut Player,
    second: &mut Player,
    s: &GameSettings,
    o: &OpeningSettings,
    tag: &str,
) -> (GameRecord, bool, Vec<String>) {
    let mut rec = GameRecord {
        size: s.size,
        rule: s.rule,
        black: first.name.clone(),
        white: second.name.clone(),
        opening: Vec::new(),
        moves: Vec::new(),
        winner: None,
        termination: Termination::BoardFull,
    };
    for (k, p) in [&mut *first, &mut *second].into_iter().enumerate() {
        let side_tag = format!("{tag}: {} as {} player ({})", p.name, ["first", "second"][k], o.rule);
        if let Err(why) = start_engine(p, s, &side_tag) {
            if interrupt::requested() {
                rec.termination = Termination::Unfinished;
                return (rec, true, Vec::new());
            }
            p.kill();
            rec.winner = Some(if k == 0 { Color::White } else { Color::Black });
            rec.termination = Termination::StartFailed(why);
            return (rec, true, Vec::new());
        }
    }
    let turn = if s.time.turn_ms > 0 { s.time.turn_ms } else { s.time.match_ms };
    for p in [&mut *first, &mut *second] {
        if let Some(e) = p.engine.as_mut() {
            let _ = e.send(&format!("INFO timeout_turn {}", o.ms));
            let _ = e.send(&format!("INFO opening_seed {}", o.seed));
        }
    }
    let auto = || {
        // the runner's own choices get most of the same time
        let limits = BalanceLimits { seed: o.seed, ..BalanceLimits::for_time(o.ms * 8 / 10) };
        AutoPlayer::new(Decider::new(limits), s.size, s.size, s.rule)
    };
    let probe_timeout = s.start_timeout.min(Duration::from_secs(3));
    let time_left = if s.time.match_ms > 0 { s.time.match_ms as i64 } else { UNLIMITED_LEFT };
    let walked = {
        let mut a = Seat {
            player: first,
            auto: auto(),
            o: *o,
            tolerance_ms: s.time.tolerance_ms,
            probe_timeout,
            by_runner: Vec::new(),
            time_left,
        };
        let mut b = Seat {
            player: second,
            auto: auto(),
            o: *o,
            tolerance_ms: s.time.tolerance_ms,
            probe_timeout,
            by_runner: Vec::new(),
            time_left,
        };
        let r = walk(o.rule, s.size, s.size, s.rule, &mut [&mut a, &mut b]);
        (r, [a.by_runner, b.by_runner])
    };
    for p in [&mut *first, &mut *second] {
        if let Some(e) = p.engine.as_mut() {
            let _ = e.send(&format!("INFO timeout_turn {turn}"));
        }
    }
    let names = [first.name.clone(), second.name.clone()];
    match walked {
        (Err(_), _) if interrupt::requested() => {
            rec.termination = Termination::Unfinished;
            (rec, true, vec!["opening interrupted".to_string()])
        }
        (Err(e), _) => {
            let verdict = format!("opening fault by {}: {}", names[e.player], e.why);
            first.note(&verdict);
            second.note(&verdict);
            // Colours are not settled: the first player counts as black.
            rec.winner = Some(if e.player == 0 { Color::White } else { Color::Black });
            rec.termination = Termination::Opening(e.why);
            (rec, true, vec![verdict])
        }
        (Ok(r), by_runner) => {
            let mut next = [0usize; 2];
            let mut transcript: Vec<String> = r
                .transcript
                .iter()
                .map(|(who, q, a)| {
                    let runner = by_runner[*who].get(next[*who]).copied().unwrap_or(false);
                    next[*who] += 1;
                    let by = if runner { " (runner's choice)" } else { "" };
                    format!("{}{by}: {q} -> {a}", names[*who])
                })
                .collect();
            let first_black = r.black == 0;
            transcript.push(format!(
                "result: {} black, {} white, stones {}",
                names[r.black],
                names[1 - r.black],
                crate::core::format_move_string(&r.moves)
            ));
            for t in &transcript {
                first.note(t);
                second.note(t);
            }
            let rec = if first_black {
                play_inner(first, second, s, &r.moves, tag, true)
            } else {
                play_inner(second, first, s, &r.moves, tag, true)
            };
            (rec, first_black, transcript)
        }
    }
}
