//! The session: validates commands against the game, applies them to the [`Engine`], runs
//! searches on a worker thread and decides what is printed. It owns no stdout: every line goes
//! through the [`Out`] writer.
//!
//! While a search runs, `END`, `STOP`/`yxstop` and `INFO` act at once (`INFO timeout_turn 0`
//! stops the search); every other command waits in a queue and runs after the move is printed.

use super::Out;
use super::command::{Command, Info, ParseError};
use super::response::Response;
use crate::core::{Pos, WIN, WIN_MIN};
use crate::engine::{Engine, Swap2Answer};
use crate::opening::rif::Question;
use crate::search::{Event, Progress, SearchResult, Searcher};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What reaches the session: parsed lines from the reader, the end of input, finished searches.
pub enum Input {
    Line { at: Instant, parsed: Result<Command, ParseError> },
    Eof,
    Done { id: u64, searcher: Searcher, result: Option<SearchResult> },
}

/// How long after the hard limit we wait for a search that ignores its stop flag before we
/// answer with the best move seen so far (the managers' own tolerance is 1 s). Short, since the
/// hard limit is only the time margin (15 ms + 4 %) before the turn limit.
const GRACE: Duration = Duration::from_millis(10);
/// How long `END` waits for a running search to hand in its move.
const END_WAIT: Duration = Duration::from_millis(50);
/// Stack for the search thread (untouched pages cost no memory).
const SEARCH_STACK: usize = 64 << 20;
/// The most `MESSAGE` lines a move prints for a plain manager, the closing `Speed` line
/// included. Piskvork reads the pipe a byte at a time on the engine's clock, so every line
/// costs the engine time (a 121-line move measured 358-403 ms under wine for a 12-56 ms
/// search).
pub const MAX_MOVE_LINES: usize = 30;

/// What the answer of a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// BEGIN/TURN/BOARD: the move is played on our board and printed.
    Play,
    /// yxnbest and friends: the move is only printed.
    Suggest,
}

struct Running {
    id: u64,
    purpose: Purpose,
    /// When the command that started the search arrived (the manager's clock starts there).
    asked: Instant,
    /// The hard limit: the stop flag is raised here.
    hard: Instant,
    stop_raised: bool,
    /// The latest finished iteration (its PV's first move is the best move seen).
    best: Arc<Mutex<Option<Progress>>>,
    /// Raised when the search is answered: a search we stopped waiting for stays silent.
    answered: Arc<AtomicBool>,
}

#[derive(PartialEq, Eq)]
enum Flow {
    Go,
    Exit,
}

pub struct Session {
    engine: Engine,
    out: Out,
    tx: Sender<Input>,
    rx: Receiver<Input>,
    queue: VecDeque<(Instant, Result<Command, ParseError>)>,
    running: Option<Running>,
    next_id: u64,
    eof: bool,
    slow: SlowSearch,
}

/// Test hook (environment variable `GORIN_DEBUG_SEARCH`): makes every search take its time, to
/// test the clock and stop handling while the real searcher still answers at once.
/// `full`: think until the stop flag or the hard limit, like a well-behaved search;
/// `stubborn`: ignore the stop flag and overrun the hard limit by half a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SlowSearch {
    Off,
    Full,
    Stubborn,
}

impl SlowSearch {
    fn from_env() -> SlowSearch {
        match std::env::var("GORIN_DEBUG_SEARCH").as_deref() {
            Ok("full") => SlowSearch::Full,
            Ok("stubborn") => SlowSearch::Stubborn,
            _ => SlowSearch::Off,
        }
    }

    fn pad(self, start: Instant, maximum: Duration, stop: &AtomicBool) {
        match self {
            SlowSearch::Off => {}
            SlowSearch::Full => {
                while !stop.load(Ordering::Relaxed) && start.elapsed() < maximum {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            SlowSearch::Stubborn => std::thread::sleep(maximum + Duration::from_millis(500)),
        }
    }
}

impl Session {
    /// The session reads `rx`; `tx` is its sending side (search threads report on it).
    pub fn new(out: Out, tx: Sender<Input>, rx: Receiver<Input>) -> Session {
        Session::with_engine(Engine::new(), out, tx, rx)
    }

    /// A session around an engine with its own start-up settings.
    pub fn with_engine(engine: Engine, out: Out, tx: Sender<Input>, rx: Receiver<Input>) -> Session {
        Session {
            engine,
            out,
            tx,
            rx,
            queue: VecDeque::new(),
            running: None,
            next_id: 0,
            eof: false,
            slow: SlowSearch::from_env(),
        }
    }

    fn send(&self, r: Response) {
        self.out.send(&r);
    }

    /// Runs until END or the end of input (after the queued commands are answered).
    pub fn run(&mut self) {
        loop {
            let Some(r) = self.running.as_ref() else {
                if let Some((at, parsed)) = self.queue.pop_front() {
                    if self.execute_guarded(at, parsed) == Flow::Exit {
                        return;
                    }
                    continue;
                }
                if self.eof {
                    return;
                }
                match self.rx.recv() {
                    Ok(m) => {
                        if self.on_input(m) == Flow::Exit {
                            return;
                        }
                    }
                    Err(_) => return,
                }
                continue;
            };
            let wake = if r.stop_raised { r.hard + GRACE } else { r.hard };
            match self.rx.recv_timeout(wake.saturating_duration_since(Instant::now())) {
                Ok(m) => {
                    if self.on_input(m) == Flow::Exit {
                        return;
                    }
                }
                Err(RecvTimeoutError::Timeout) => self.on_deadline(),
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    fn on_input(&mut self, m: Input) -> Flow {
        match m {
            Input::Line { at, parsed } => {
                if self.running.is_some() {
                    match parsed {
                        Ok(Command::End) => return self.end_during_search(),
                        Ok(Command::Stop) => self.engine.stop(),
                        Ok(Command::Info(i)) => self.apply_info(i),
                        Err(ParseError::BadArgs { command: "INFO", why }) => log::warn!("INFO ignored: {why}"),
                        other => self.queue.push_back((at, other)),
                    }
                } else {
                    self.queue.push_back((at, parsed));
                }
            }
            Input::Eof => self.eof = true,
            Input::Done { id, searcher, result } => {
                self.engine.end_job(searcher);
                if self.running.as_ref().is_some_and(|r| r.id == id) {
                    let r = self.running.take().expect("checked");
                    self.answer(r, result);
                }
            }
        }
        Flow::Go
    }

    /// The hard limit passed: raise the stop flag; if the search still has not answered after
    /// the grace period, answer for it.
    fn on_deadline(&mut self) {
        let Some(r) = self.running.as_mut() else { return };
        if !r.stop_raised {
            r.stop_raised = true;
            self.engine.stop();
            return;
        }
        log::warn!("search {} ignored its stop flag; answering without it", r.id);
        let r = self.running.take().expect("checked");
        self.answer(r, None);
    }

    /// END while thinking: stop, hand in the move if it comes at once, and exit.
    fn end_during_search(&mut self) -> Flow {
        self.engine.stop();
        let Some(r) = self.running.take() else { return Flow::Exit };
        let limit = Instant::now() + END_WAIT;
        // Nothing but the search's result matters now: we are quitting.
        let result = loop {
            match self.rx.recv_timeout(limit.saturating_duration_since(Instant::now())) {
                Ok(Input::Done { id, searcher, result }) => {
                    self.engine.end_job(searcher);
                    if id == r.id {
                        break result;
                    }
                }
                Ok(_) => {}
                Err(_) => break None,
            }
        };
        self.answer(r, result);
        Flow::Exit
    }

    /// Prints the answer of a search (or, without a result, the best move seen, or the quick
    /// chooser's move) and plays it when it is ours.
    fn answer(&mut self, r: Running, result: Option<SearchResult>) {
        r.answered.store(true, Ordering::SeqCst);
        let last = r.best.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let seen = last.as_ref().and_then(|p| p.pv.first().copied());
        let candidates = result.as_ref().map(|s| s.best).into_iter().chain(seen);
        let mut mv = None;
        for p in candidates {
            if self.engine.is_legal(p) {
                mv = Some(p);
                break;
            }
            log::error!("search proposed the illegal move {p}");
        }
        let mv = mv.or_else(|| self.engine.quick_move());
        // The closing line describes the whole move: its time from the command's arrival to
        // now (as the manager counts it) and the nodes of every iteration and thread.
        let progress = result.as_ref().map(|s| &s.progress).or(last.as_ref());
        self.send(Response::Message(summary(progress, r.asked.elapsed())));
        let Some(p) = mv else {
            self.send(Response::Error("no legal move".into()));
            return;
        };
        match r.purpose {
            Purpose::Play => {
                if let Err(e) = self.engine.play_own(p) {
                    log::error!("our move {p} was refused: {e}");
                }
                self.send(Response::Move(p));
                self.engine.charge_time(r.asked.elapsed());
            }
            Purpose::Suggest => self.send(Response::Move(p)),
        }
    }

    /// Runs a command, turning a panic into an `ERROR` line instead of a dead brain.
    fn execute_guarded(&mut self, at: Instant, parsed: Result<Command, ParseError>) -> Flow {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.execute(at, parsed)));
        r.unwrap_or_else(|_| {
            self.send(Response::Error("internal error".into()));
            Flow::Go
        })
    }

    fn execute(&mut self, at: Instant, parsed: Result<Command, ParseError>) -> Flow {
        let cmd = match parsed {
            Ok(c) => c,
            Err(ParseError::Unknown(t)) => {
                self.send(Response::Unknown(t));
                return Flow::Go;
            }
            Err(ParseError::BadArgs { command: "INFO", why }) => {
                log::warn!("INFO ignored: {why}");
                return Flow::Go;
            }
            Err(ParseError::BadArgs { command, why }) => {
                self.send(Response::Error(format!("{command}: {why}")));
                return Flow::Go;
            }
        };
        self.engine.sync_rule();
        match cmd {
            Command::Start { width, height } | Command::RectStart { width, height } => {
                match self.engine.new_game(width, height) {
                    Ok(()) => self.send(Response::Ok),
                    Err(e) => self.send(Response::Error(e)),
                }
            }
            Command::Restart => {
                self.engine.restart();
                self.send(Response::Ok);
            }
            Command::Begin => self.think(at, Purpose::Play),
            Command::Turn(p) => match self.engine.play_opponent(p) {
                Ok(()) => self.think(at, Purpose::Play),
                Err(e) => self.send(Response::Error(format!("TURN {p}: {e}"))),
            },
            Command::Play(p) => match self.engine.play_own(p) {
                Ok(()) => self.send(Response::Move(p)),
                Err(e) => self.send(Response::Error(format!("PLAY {p}: {e}"))),
            },
            Command::Takeback(p) => match self.engine.takeback(p) {
                Ok(()) => self.send(Response::Ok),
                Err(e) => self.send(Response::Error(format!("TAKEBACK {p}: {e}"))),
            },
            Command::Board(stones) => match self.engine.set_position(&stones, false) {
                Ok(()) => self.think(at, Purpose::Play),
                Err(e) => self.send(Response::Error(format!("BOARD: {e}"))),
            },
            Command::YxBoard(stones) => {
                if let Err(e) = self.engine.set_position(&stones, true) {
                    self.send(Response::Error(format!("yxboard: {e}")));
                }
            }
            Command::Swap2Board(stones) => match self.engine.swap2(&stones) {
                Ok(Swap2Answer::Swap) => self.send(Response::Swap),
                Ok(Swap2Answer::Stones(v)) => self.send(Response::Moves(v)),
                Err(e) => self.send(Response::Error(format!("SWAP2BOARD: {e}"))),
            },
            Command::Info(i) => self.apply_info(i),
            Command::End => return Flow::Exit,
            Command::About => self.send(Response::About),
            Command::Stop => {}
            Command::YxShowForbid => {
                let line = self.engine.forbid_line();
                self.send(Response::Forbid(line));
            }
            Command::YxHashClear => self.engine.clear_hash(),
            Command::YxShowInfo => {
                self.engine.settings.yixin = true;
                let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
                // The largest table `max_memory` allows, not the one in use: Yixin-Board clips its
                // hash-size setting to this.
                let allowed = crate::engine::Settings { hash_kb: None, ..self.engine.settings.clone() };
                let kb = (allowed.tt_bytes() / 1024).max(1);
                let log2 = usize::BITS - 1 - kb.leading_zeros();
                self.send(Response::Message(format!("INFO MAX_THREAD_NUM {threads}")));
                self.send(Response::Message(format!("INFO MAX_HASH_SIZE {log2}")));
            }
            Command::YxNBest(_) | Command::YxSearchDefend => self.think(at, Purpose::Suggest),
            Command::YxBalanceOne(bias) => match self.engine.balance(false, bias) {
                Ok(v) => self.send(Response::Move(v[0])),
                Err(e) => self.send(Response::Error(e)),
            },
            Command::YxBalanceTwo(bias) => match self.engine.balance(true, bias) {
                Ok(v) => self.send(Response::Moves(v)),
                Err(e) => self.send(Response::Error(e)),
            },
            Command::GorinOpeningProbe => self.send(Response::Ok),
            Command::GorinOpening { rule, step, offers, points } => {
                let split = points.len() - offers;
                let q = Question { rule, step, moves: points[..split].to_vec(), offers: points[split..].to_vec() };
                match self.engine.opening_step(&q) {
                    Ok(a) => self.send(Response::Opening(a.to_string())),
                    Err(e) => self.send(Response::Error(format!("GORINOPENING: {e}"))),
                }
            }
            Command::YxUnsupported(t) => self.send(Response::Unknown(t)),
            Command::DebugPosition => {
                let line = position_line(&self.engine);
                self.send(Response::Debug(line));
            }
        }
        Flow::Go
    }

    fn apply_info(&mut self, i: Info) {
        let s = &mut self.engine.settings;
        let positive = |v: i64| if v > 0 { Some(v as u64) } else { None };
        match i {
            Info::TimeoutTurn(v) => {
                s.clock.turn_ms = Some(v.max(0) as u64);
                if v <= 0 && self.running.is_some() {
                    self.engine.stop();
                }
            }
            Info::TimeoutMatch(v) => s.clock.match_ms = positive(v),
            Info::TimeLeft(v) => s.clock.left_ms = Some(v),
            Info::MaxMemory(v) => s.max_memory = v.max(0) as u64,
            Info::Rule(v) => s.rule_code = Some(v),
            Info::MaxNode(v) => s.max_nodes = positive(v),
            Info::MaxDepth(v) => s.max_depth = positive(v).map(|d| d.min(u32::MAX as u64) as u32),
            Info::TimeIncrement(v) => s.clock.increment_ms = v.max(0) as u64,
            Info::ThreadNum(v) => {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                s.threads = (v.max(1) as usize).min(cores);
            }
            Info::HashSize(v) => s.hash_kb = positive(v),
            Info::ShowDetail(v) => {
                s.yixin = true;
                s.show_detail = v;
            }
            Info::Other { key, value } if key.eq_ignore_ascii_case("opening_seed") => {
                s.opening_seed = value.trim().parse().unwrap_or(0);
            }
            Info::GameType(_) | Info::Evaluate(_) | Info::Folder(_) | Info::Other { .. } => {}
        }
    }

    /// Starts a search for the side to move on a worker thread.
    fn think(&mut self, at: Instant, purpose: Purpose) {
        let limits = self.engine.limits();
        let job = self.engine.search_job(limits);
        self.next_id += 1;
        let id = self.next_id;
        let best = Arc::new(Mutex::new(None));
        let answered = Arc::new(AtomicBool::new(false));
        let (w, h) = (job.game.board.width(), job.game.board.height());
        let report = Reporter {
            out: self.out.clone(),
            best: best.clone(),
            answered: answered.clone(),
            yixin: self.engine.settings.yixin,
            detail: self.engine.settings.show_detail & 2 != 0,
            width: w,
            height: h,
            lines: Lines::default(),
        };
        let tx = self.tx.clone();
        let (stop, maximum, slow) = (job.stop.clone(), limits.budget.maximum, self.slow);
        let spawned = std::thread::Builder::new().name("search".into()).stack_size(SEARCH_STACK).spawn(move || {
            let start = Instant::now();
            let mut report = report;
            let (searcher, result) = job.run(&mut |e| report.event(e));
            slow.pad(start, maximum, &stop);
            let _ = tx.send(Input::Done { id, searcher, result });
        });
        let hard = at + limits.budget.maximum;
        let running = Running { id, purpose, asked: at, hard, stop_raised: false, best, answered };
        if let Err(e) = spawned {
            log::error!("cannot start the search thread: {e}");
            self.answer(running, None);
            return;
        }
        self.running = Some(running);
    }
}

/// Which finished iterations of one move get a progress line: at most one per completed depth,
/// none that repeats the last one printed (the same eval and PV one depth deeper, or the same
/// proven result and move), and at most [`MAX_MOVE_LINES`] - 1 per move, so the closing line
/// fits under the cap too.
#[derive(Default)]
pub struct Lines {
    printed: usize,
    last: Option<(crate::core::Value, Vec<Pos>)>,
}

impl Lines {
    /// Should the iteration with this eval and PV (on the board) be printed? Counts it if so.
    pub fn admit(&mut self, value: crate::core::Value, pv: &[Pos]) -> bool {
        if self.printed + 1 >= MAX_MOVE_LINES {
            return false;
        }
        if let Some((v, line)) = &self.last {
            let proven = value.abs() >= WIN_MIN;
            if *v == value && (line.as_slice() == pv || (proven && line.first() == pv.first())) {
                return false;
            }
        }
        self.printed += 1;
        self.last = Some((value, pv.to_vec()));
        true
    }

    /// Progress lines printed so far.
    pub fn printed(&self) -> usize {
        self.printed
    }
}

/// Turns search events into MESSAGE (and, for Yixin-Board, REALTIME and bare INFO) lines.
struct Reporter {
    out: Out,
    best: Arc<Mutex<Option<Progress>>>,
    answered: Arc<AtomicBool>,
    yixin: bool,
    detail: bool,
    width: usize,
    height: usize,
    lines: Lines,
}

impl Reporter {
    fn send(&self, r: Response) {
        self.out.send_unless(Some(&self.answered), &r);
    }

    fn on_board(&self, p: Pos) -> bool {
        (p.x as usize) < self.width && (p.y as usize) < self.height
    }

    fn event(&mut self, e: Event) {
        match e {
            Event::Searching(p) => {
                if self.yixin && self.on_board(p) {
                    self.send(Response::Message(format!("REALTIME POS {p}")));
                }
            }
            Event::Iteration(pr) => {
                let pv: Vec<Pos> = pr.pv.iter().copied().take_while(|&p| self.on_board(p)).collect();
                if !pv.is_empty() {
                    let seen = Progress { pv: pv.clone(), ..pr.clone() };
                    *self.best.lock().unwrap_or_else(|e| e.into_inner()) = Some(seen);
                }
                if !self.lines.admit(pr.value, &pv) {
                    return;
                }
                let notation: Vec<String> = pv.iter().map(|p| p.to_notation()).collect();
                self.send(Response::Message(format!(
                    "Depth {}-{} | Eval {} | Time {}ms | {}",
                    pr.depth,
                    pr.seldepth,
                    eval_text(pr.value),
                    pr.elapsed.as_millis(),
                    notation.join(" ")
                )));
                if self.yixin
                    && let Some(&first) = pv.first()
                {
                    self.send(Response::Message(format!("REALTIME BEST {first}")));
                }
                if self.detail {
                    self.send(Response::Detail(format!("DEPTH {}", pr.depth)));
                    self.send(Response::Detail(format!("EVAL {}", eval_text(pr.value))));
                    if !pv.is_empty() {
                        let line: Vec<String> = pv.iter().map(|p| p.to_string()).collect();
                        self.send(Response::Detail(format!("BESTLINE {}", line.join(" "))));
                    }
                }
            }
        }
    }
}

/// Centi-stone eval, or `+M<n>` / `-M<n>` for a mate in n plies.
fn eval_text(v: i32) -> String {
    if v >= WIN_MIN {
        format!("+M{}", WIN - v)
    } else if v <= -WIN_MIN {
        format!("-M{}", WIN + v)
    } else {
        v.to_string()
    }
}

/// `12K`-style counts.
fn short_count(n: u64) -> String {
    if n >= 10_000_000 {
        format!("{}M", n / 1_000_000)
    } else if n >= 10_000 {
        format!("{}K", n / 1000)
    } else {
        n.to_string()
    }
}

/// The closing line of a move: the last finished iteration's depth and eval, and the whole
/// move's nodes, time (`took`, from the command's arrival) and speed (nodes a second).
fn summary(p: Option<&Progress>, took: Duration) -> String {
    let (depth, seldepth, value, nodes) = p.map_or((0, 0, 0, 0), |p| (p.depth, p.seldepth, p.value, p.nodes));
    let speed = (nodes as u128 * 1_000_000 / took.as_micros().max(1)) as u64;
    format!(
        "Speed {} | Depth {}-{} | Eval {} | Node {} | Time {}ms",
        short_count(speed),
        depth,
        seldepth,
        eval_text(value),
        short_count(nodes),
        took.as_millis()
    )
}

/// `POSITION <w>x<h> <rule> <side to move> <cells>`, cells row-major as `B7,7`, `W8,8`, `#3,3`.
pub fn position_line(e: &Engine) -> String {
    use crate::board::Cell;
    let g = e.game();
    let b = &g.board;
    let mut s = format!(
        "POSITION {}x{} {} {}",
        b.width(),
        b.height(),
        g.rule().name(),
        if g.to_move == crate::core::Color::Black { "black" } else { "white" }
    );
    for i in b.indices() {
        let mark = match b.cell(i) {
            Cell::Black => 'B',
            Cell::White => 'W',
            Cell::Wall => '#',
            Cell::Empty => continue,
        };
        s.push_str(&format!(" {mark}{}", b.pos(i)));
    }
    s
}
