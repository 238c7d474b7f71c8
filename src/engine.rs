//! The engine: owns the game, the search state, the settings and the stop flag. No I/O: the
//! protocol session drives it, and the search reports through a callback.
//!
//! The game here is the brain's view: `to_move` alternates with every stone placed (our
//! answer, or the opponent's `TURN`), and `BOARD` sets it from the stone counts.

use crate::board::{Board, MoveError};
use crate::core::{Color, Pos, Rule};
use crate::game::{Game, Outcome};
use crate::opening::rif::{Answer, AutoPlayer, OpeningPlayer, OpeningRule, Question};
use crate::opening::{BalanceLimits, Decider, Evaluator, Swap2Decision, Zone};
use crate::search::{self, Clock, Event, Limits, SearchResult, Searcher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Gomocup's memory limit, used when `max_memory` is 0 or absent.
pub const DEFAULT_MAX_MEMORY: u64 = 350 << 20;
/// What the process holds besides the search tables: code, stacks, boards, I/O buffers.
pub const BASE_MEMORY: u64 = 24 << 20;
/// `time_left` meaning "no limit".
pub const UNLIMITED_MS: i64 = 2_147_483_647;
/// The smallest transposition table we run with.
pub const MIN_TT_BYTES: u64 = 1 << 20;

/// Settings from `INFO`.
#[derive(Clone, Debug)]
pub struct Settings {
    pub clock: Clock,
    /// `max_memory` in bytes; 0 = not given.
    pub max_memory: u64,
    /// Yixin-Board `hash_size` in KB.
    pub hash_kb: Option<u64>,
    pub threads: usize,
    pub max_depth: Option<u32>,
    pub max_nodes: Option<u64>,
    /// The raw `INFO rule` code; `None` until one arrives.
    pub rule_code: Option<i64>,
    /// Yixin-Board announced itself (`yxshowinfo` or `info show_detail`).
    pub yixin: bool,
    pub show_detail: i64,
    /// `INFO opening_seed` (Gorin's own key): picks among near-equal opening choices; 0 = the
    /// best one always.
    pub opening_seed: u64,
    /// Play the one-ply simple chooser instead of the search (`pbrain-gorin --simple`, a
    /// sparring partner for matches).
    pub simple: bool,
    /// Search parameter tweaks from the command line (`--param name=value`), for tuning matches.
    pub tweaks: Vec<(String, i64)>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            clock: Clock::default(),
            max_memory: 0,
            hash_kb: None,
            threads: 1,
            max_depth: None,
            max_nodes: None,
            rule_code: None,
            yixin: false,
            show_detail: 0,
            opening_seed: 0,
            simple: false,
            tweaks: Vec::new(),
        }
    }
}

impl Settings {
    /// The rule the game is played under. Yixin-Board sends 2 (the continuous-game bit) to mean
    /// renju; every other manager means renju by 4.
    pub fn rule(&self) -> Rule {
        match self.rule_code {
            None => Rule::Freestyle,
            Some(c) if self.yixin && c & 2 != 0 => Rule::Renju,
            Some(c) => Rule::from_gomocup(c),
        }
    }

    /// Swap2 openings are played with exactly five unless a rule was announced.
    pub fn swap2_rule(&self) -> Rule {
        if self.rule_code.is_none() { Rule::Standard } else { self.rule() }
    }

    /// Bytes for the transposition table: the memory limit less the rest of the process, and
    /// no more than Yixin-Board's `hash_size`.
    pub fn tt_bytes(&self) -> usize {
        let limit = if self.max_memory == 0 { DEFAULT_MAX_MEMORY } else { self.max_memory };
        let mut tt = limit.saturating_sub(BASE_MEMORY) / 2;
        if let Some(kb) = self.hash_kb {
            tt = tt.min(kb.saturating_mul(1024));
        }
        tt.max(MIN_TT_BYTES) as usize
    }
}

/// One search, ready to run on any thread: the position, the searcher lent by the engine, the
/// limits and the stop flag.
pub struct SearchJob {
    pub game: Game,
    pub limits: Limits,
    pub stop: Arc<AtomicBool>,
    searcher: Searcher,
}

impl SearchJob {
    /// Runs the search; gives the searcher back with the result.
    pub fn run(mut self, on_event: &mut dyn FnMut(Event)) -> (Searcher, Option<SearchResult>) {
        let r = self.searcher.think(&self.game, &self.limits, &self.stop, on_event);
        (self.searcher, r)
    }
}

/// What a stone of a position to set up is (the `f` of a `BOARD` line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneKind {
    /// `f = 1`: the brain's own stone.
    Own = 1,
    /// `f = 2`: the opponent's stone.
    Opponent = 2,
    /// `f = 3`: a stone of a finished line in a continuous game (a wall).
    Wall = 3,
}

/// A stone of a position to set up.
pub type SetupStone = (Pos, StoneKind);

pub struct Engine {
    pub settings: Settings,
    game: Game,
    /// Dead stones (`BOARD` f = 3), kept so the position can be rebuilt.
    walls: Vec<Pos>,
    /// Lent to a running search (or not created yet: start-up stays lazy).
    searcher: Option<Searcher>,
    /// The table size the searcher was last given.
    searcher_tt: usize,
    stop: Arc<AtomicBool>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine::with_settings(Settings::default())
    }

    pub fn with_settings(settings: Settings) -> Engine {
        Engine {
            settings,
            game: Game::new(15, 15, Rule::Freestyle),
            walls: Vec::new(),
            searcher: None,
            searcher_tt: 0,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The flag a running search polls.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// A new empty board.
    pub fn new_game(&mut self, width: usize, height: usize) -> Result<(), String> {
        Board::check_size(width, height)?;
        self.game = Game::new(width, height, self.settings.rule());
        self.walls.clear();
        Ok(())
    }

    pub fn restart(&mut self) {
        let (w, h) = (self.game.board.width(), self.game.board.height());
        self.game = Game::new(w, h, self.settings.rule());
        self.walls.clear();
    }

    /// Rebuilds the game if the announced rule changed since it was set up.
    pub fn sync_rule(&mut self) {
        let rule = self.settings.rule();
        if self.game.rule() != rule {
            let moves: Vec<(Pos, Color)> =
                self.game.board.history().map(|(i, c)| (self.game.board.pos(i), c)).collect();
            let walls = self.walls.clone();
            let to_move = self.game.to_move;
            self.game = build(self.game.board.width(), self.game.board.height(), rule, &walls, &moves, to_move)
                .expect("a position that was legal stays buildable");
        }
    }

    /// The opponent's stone (`TURN`). Off-board and occupied points are refused; a point
    /// forbidden to black under renju is accepted (the manager adjudicates the opponent).
    pub fn play_opponent(&mut self, p: Pos) -> Result<(), MoveError> {
        let b = &mut self.game.board;
        let i = b.idx_checked(p).ok_or(MoveError::OffBoard)?;
        if !b.is_empty_cell(i) {
            return Err(MoveError::Occupied);
        }
        if b.is_forbidden(i, self.game.to_move) {
            log::warn!("opponent played {p}, forbidden for black; accepted");
        }
        let c = self.game.to_move;
        let five = b.makes_five(i, c);
        b.make(i, c);
        self.after_move(c, five);
        Ok(())
    }

    /// Our own stone: must be fully legal.
    pub fn play_own(&mut self, p: Pos) -> Result<(), MoveError> {
        self.game.play(p).map(|_| ())
    }

    fn after_move(&mut self, c: Color, five: bool) {
        self.game.to_move = c.opp();
        self.game.outcome = if five {
            Outcome::Win(c)
        } else if self.game.is_drawn() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        };
    }

    /// Is `p` a legal move for the side to move?
    pub fn is_legal(&mut self, p: Pos) -> bool {
        let c = self.game.to_move;
        let b = &mut self.game.board;
        match b.idx_checked(p) {
            Some(i) => b.is_empty_cell(i) && !b.is_forbidden(i, c),
            None => false,
        }
    }

    /// Replaces the position (`BOARD`): f = 1 ours, f = 2 the opponent's, f = 3 walls. We are
    /// to move, so equal counts make us black and one opponent stone more makes us white; other
    /// counts are an error, unless `lenient` (Yixin-Board's `yxboard` shows edited positions):
    /// then the side with more stones is black. On error (duplicate, off-board, impossible
    /// counts) nothing changes.
    pub fn set_position(&mut self, stones: &[SetupStone], lenient: bool) -> Result<(), String> {
        let (w, h) = (self.game.board.width(), self.game.board.height());
        let own = stones.iter().filter(|s| s.1 == StoneKind::Own).count();
        let opp = stones.iter().filter(|s| s.1 == StoneKind::Opponent).count();
        let me = if own == opp {
            Color::Black
        } else if opp == own + 1 {
            Color::White
        } else if lenient {
            if own > opp { Color::Black } else { Color::White }
        } else {
            return Err(format!("impossible stone counts: {own} own, {opp} opponent's (we are to move)"));
        };
        let mut seen = vec![false; w * h];
        let mut walls = Vec::new();
        let mut moves = Vec::new();
        for &(p, kind) in stones {
            let (x, y) = (p.x as usize, p.y as usize);
            if x >= w || y >= h {
                return Err(format!("stone {p} is off the {w}x{h} board"));
            }
            if std::mem::replace(&mut seen[y * w + x], true) {
                return Err(format!("stone {p} is given twice"));
            }
            match kind {
                StoneKind::Wall => walls.push(p),
                StoneKind::Own => moves.push((p, me)),
                StoneKind::Opponent => moves.push((p, me.opp())),
            }
        }
        self.game = build(w, h, self.settings.rule(), &walls, &moves, me)?;
        self.walls = walls;
        Ok(())
    }

    /// Takes back the stone at `p` (normally the last one). The side to move becomes that
    /// stone's colour.
    pub fn takeback(&mut self, p: Pos) -> Result<(), String> {
        let b = &self.game.board;
        let i = b.idx_checked(p).ok_or_else(|| format!("point {p} is off the board"))?;
        let moves: Vec<(Pos, Color)> = b.history().map(|(j, c)| (b.pos(j), c)).collect();
        let k = moves.iter().rposition(|&(q, _)| q == p).ok_or_else(|| {
            if b.is_empty_cell(i) { format!("no stone at {p}") } else { format!("{p} is not a played stone") }
        })?;
        let colour = moves[k].1;
        if k + 1 == moves.len() {
            self.game.undo();
        } else {
            let mut rest = moves;
            rest.remove(k);
            let (w, h) = (b.width(), b.height());
            self.game = build(w, h, self.game.rule(), &self.walls, &rest, colour)?;
        }
        self.game.to_move = colour;
        Ok(())
    }

    /// Clears what the searcher learned.
    pub fn clear_hash(&mut self) {
        if let Some(s) = self.searcher.as_mut() {
            s.clear();
        }
    }

    /// The `FORBID …` line: black's forbidden points when black is to move under renju.
    pub fn forbid_line(&mut self) -> String {
        let c = self.game.to_move;
        self.game.board.forbid_line(c)
    }

    /// Counts a move's thinking time against the game clock when there is a match limit, so
    /// that a manager that does not resend `time_left` before every move is still kept to
    /// (the next `INFO time_left` overrides it).
    pub fn charge_time(&mut self, used: std::time::Duration) {
        let c = &mut self.settings.clock;
        let Some(total) = c.match_ms else { return };
        let left = c.left_ms.unwrap_or(total as i64);
        if left < UNLIMITED_MS {
            c.left_ms = Some(left.saturating_sub(used.as_millis() as i64));
        }
    }

    /// Limits for the next move from the clock settings.
    pub fn limits(&self) -> Limits {
        let b = &self.game.board;
        let stones = b.stone_count(Color::Black) + b.stone_count(Color::White);
        let budget = self.settings.clock.budget(stones, b.empty_count());
        Limits { budget, max_depth: self.settings.max_depth, max_nodes: self.settings.max_nodes }
    }

    /// Lends the searcher (created and sized now, lazily) and a copy of the position to a job.
    pub fn search_job(&mut self, limits: Limits) -> SearchJob {
        let tt = self.settings.tt_bytes();
        let mut searcher = match self.searcher.take() {
            Some(s) => s,
            None => {
                self.searcher_tt = tt;
                let mut s = Searcher::new(tt);
                for (name, v) in &self.settings.tweaks {
                    if let Err(e) = s.params_mut().set(name, *v) {
                        log::warn!("{e}");
                    }
                }
                s
            }
        };
        if self.searcher_tt != tt {
            searcher.set_tt_bytes(tt);
            self.searcher_tt = tt;
        }
        searcher.set_threads(self.settings.threads);
        searcher.set_simple(self.settings.simple);
        // A fresh flag per job: a search that was given up on keeps its own, raised flag.
        self.stop = Arc::new(AtomicBool::new(false));
        SearchJob { game: self.game.clone(), limits, stop: self.stop.clone(), searcher }
    }

    /// Takes the searcher back after a job.
    pub fn end_job(&mut self, searcher: Searcher) {
        if self.searcher.is_none() {
            self.searcher = Some(searcher);
        }
    }

    /// A quick legal move for the side to move (the simple chooser), for when a search could
    /// not answer in time. `None` when there is no legal move.
    pub fn quick_move(&self) -> Option<Pos> {
        let mut b = self.game.board.clone();
        search::simple_move(&mut b, self.game.to_move).map(|(i, _)| b.pos(i))
    }

    /// The simple chooser's reply to `p` played by the side to move (for two-move answers).
    pub fn quick_reply_after(&self, p: Pos) -> Option<Pos> {
        let mut b = self.game.board.clone();
        let i = b.idx_checked(p)?;
        if !b.is_empty_cell(i) {
            return None;
        }
        b.make(i, self.game.to_move);
        search::simple_move(&mut b, self.game.to_move.opp()).map(|(j, _)| b.pos(j))
    }

    /// Limits for an opening decision (swap2, the opening extension, yxbalance*): about half
    /// the move's hard limit, node-limited inside it, seeded by `INFO opening_seed`.
    pub fn opening_limits(&self) -> BalanceLimits {
        let b = &self.game.board;
        let stones = b.stone_count(Color::Black) + b.stone_count(Color::White);
        let budget = self.settings.clock.budget(stones, b.empty_count());
        let ms = (budget.maximum.as_millis() as u64 / 2).min(30_000);
        BalanceLimits { seed: self.settings.opening_seed, ..BalanceLimits::for_time(ms) }
    }

    /// Swap2 answers for the given stones (played alternately from black), decided by the
    /// opening module: three balanced stones; SWAP, one stone or two balanced stones by the
    /// evaluation; SWAP or a sixth stone. See [`Swap2Answer`].
    pub fn swap2(&self, stones: &[Pos]) -> Result<Swap2Answer, String> {
        let (w, h) = (self.game.board.width(), self.game.board.height());
        if ![0, 3, 5].contains(&stones.len()) {
            return Err(format!("swap2 expects 0, 3 or 5 stones, got {}", stones.len()));
        }
        let game = Game::from_moves(w, h, self.settings.swap2_rule(), stones).map_err(|e| e.to_string())?;
        if game.outcome != Outcome::Ongoing {
            return Err("the stones already end the game".into());
        }
        let mut d = Decider::new(self.opening_limits());
        match d.swap2(&game)? {
            Swap2Decision::Swap => Ok(Swap2Answer::Swap),
            Swap2Decision::Stones(v) => Ok(Swap2Answer::Stones(v)),
        }
    }

    /// `yxbalanceone` / `yxbalancetwo`: one stone for the side to move (or two: it and the
    /// reply) that leave the position worth `bias` to the side to move, as near as the search
    /// can tell (0 = even). Does not change the position.
    pub fn balance(&self, two: bool, bias: i64) -> Result<Vec<Pos>, String> {
        let me = self.game.to_move;
        let bias = bias.clamp(-10_000, 10_000) as i32;
        let target = if me == Color::Black { bias } else { -bias };
        let mut ev = Evaluator::new(BalanceLimits { target, ..self.opening_limits() });
        let found = if self.game.outcome != Outcome::Ongoing {
            None
        } else if two {
            ev.balance_two(&self.game, Zone::Anywhere, Zone::Anywhere)
        } else {
            ev.balance_one(&self.game, Zone::Anywhere)
        };
        match found {
            Some(s) => Ok(s.stones),
            None => match (two, self.quick_move()) {
                (false, Some(p)) => Ok(vec![p]),
                (true, Some(p)) => Ok(std::iter::once(p).chain(self.quick_reply_after(p)).collect()),
                (_, None) => Err("no legal move".into()),
            },
        }
    }

    /// A question of the `GORINOPENING` extension, answered by the opening module for the
    /// board size and rule of the current game.
    pub fn opening_step(&self, q: &Question) -> Result<Answer, String> {
        let (w, h) = (self.game.board.width(), self.game.board.height());
        let rule = match q.rule {
            OpeningRule::Swap1 | OpeningRule::Swap2 => self.settings.swap2_rule(),
            _ => self.settings.rule(),
        };
        let mut p = AutoPlayer::new(Decider::new(self.opening_limits()), w, h, rule);
        p.answer(q)
    }
}

/// What a `SWAP2BOARD` is answered with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    Swap,
    Stones(Vec<Pos>),
}

/// A game from walls and stones (in the given order), with `to_move` to play. The stones may
/// come in any colour order (a `BOARD` need not alternate); none is checked for renju.
fn build(
    w: usize,
    h: usize,
    rule: Rule,
    walls: &[Pos],
    moves: &[(Pos, Color)],
    to_move: Color,
) -> Result<Game, String> {
    Board::check_size(w, h)?;
    let mut g = Game::new(w, h, rule);
    for &p in walls {
        g.board.place_wall(p).map_err(|e| format!("wall {p}: {e}"))?;
    }
    for &(p, c) in moves {
        let i = g.board.idx_checked(p).ok_or_else(|| format!("stone {p} is off the board"))?;
        if !g.board.is_empty_cell(i) {
            return Err(format!("stone {p}: point is occupied"));
        }
        g.board.make(i, c);
    }
    g.to_move = to_move;
    g.outcome = match g.board.winner_on_board() {
        Some(c) => Outcome::Win(c),
        None if g.is_drawn() => Outcome::Draw,
        None => Outcome::Ongoing,
    };
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_counts_decide_colour() {
        let mut e = Engine::new();
        e.new_game(15, 15).unwrap();
        let s = [(Pos::new(7, 7), StoneKind::Opponent)];
        e.set_position(&s, false).unwrap();
        assert_eq!(e.game().to_move, Color::White);
        let bad = [(Pos::new(7, 7), StoneKind::Own), (Pos::new(7, 8), StoneKind::Own)];
        assert!(e.set_position(&bad, false).is_err());
        e.set_position(&bad, true).unwrap();
        assert_eq!(e.game().to_move, Color::Black);
        e.set_position(&s, false).unwrap();
        assert_eq!(e.game().board.move_count(), 1);
        let dup = [(Pos::new(7, 7), StoneKind::Own), (Pos::new(7, 7), StoneKind::Opponent)];
        assert!(e.set_position(&dup, true).is_err());
    }

    #[test]
    fn takeback_and_rule_sync() {
        let mut e = Engine::new();
        e.new_game(15, 15).unwrap();
        e.play_opponent(Pos::new(7, 7)).unwrap();
        e.play_own(Pos::new(8, 8)).unwrap();
        e.settings.rule_code = Some(4);
        e.sync_rule();
        assert_eq!(e.game().rule(), Rule::Renju);
        assert_eq!(e.game().board.move_count(), 2);
        e.takeback(Pos::new(7, 7)).unwrap();
        assert_eq!(e.game().board.move_count(), 1);
        assert_eq!(e.game().to_move, Color::Black);
        assert!(e.takeback(Pos::new(0, 0)).is_err());
    }

    #[test]
    fn time_is_charged_only_under_a_match_limit() {
        let mut e = Engine::new();
        e.charge_time(std::time::Duration::from_millis(300));
        assert_eq!(e.settings.clock.left_ms, None);
        e.settings.clock.match_ms = Some(10_000);
        e.charge_time(std::time::Duration::from_millis(300));
        assert_eq!(e.settings.clock.left_ms, Some(9_700));
        e.charge_time(std::time::Duration::from_millis(200));
        assert_eq!(e.settings.clock.left_ms, Some(9_500));
        e.settings.clock.left_ms = Some(UNLIMITED_MS);
        e.charge_time(std::time::Duration::from_millis(200));
        assert_eq!(e.settings.clock.left_ms, Some(UNLIMITED_MS));
    }

    #[test]
    fn memory_budget() {
        let mut s = Settings::default();
        assert_eq!(s.tt_bytes() as u64, (DEFAULT_MAX_MEMORY - BASE_MEMORY) / 2);
        s.max_memory = 64 << 20;
        assert!((s.tt_bytes() as u64) < (64 << 20) - BASE_MEMORY);
        s.hash_kb = Some(1024);
        assert_eq!(s.tt_bytes(), MIN_TT_BYTES as usize);
    }
}
