//! Balanced-position search: evaluating a position with a short, node-limited search plus a
//! VCF probe for both sides, and finding stones that leave the position as close to even as
//! that evaluation can tell.
//!
//! Determinism: every evaluation starts from a cleared table, runs one thread with a node
//! limit (the clock is only a safety net far beyond it), and every tie is broken by the
//! candidate's board index. The same position and limits give the same stones.

use super::Zone;
use super::symmetry::{Stones, canonical};
use crate::board::Board;
use crate::core::{Color, Pos, Value, WIN, WIN_MIN};
use crate::eval::evaluate;
use crate::game::{Game, Outcome};
use crate::search::params::Params;
use crate::search::{Budget, Limits, Searcher};
use crate::threat::{self, SolveLimits, SolveResult};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// How hard the opening decisions think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BalanceLimits {
    /// Search nodes per evaluated position.
    pub nodes: u64,
    /// VCF solver nodes per side per evaluated position.
    pub vcf_nodes: u64,
    /// Most candidate stones evaluated by search per choice (the rest are cut by a static
    /// pre-ranking).
    pub candidates: usize,
    /// Seed for choosing among near-equal answers (0 = always the best one).
    pub seed: u64,
    /// Values within this many points of the best count as near-equal (with a seed).
    pub tolerance: Value,
    /// Wall-clock safety net for a whole decision; `None` = none (tests).
    pub time: Option<Duration>,
    /// The value for black the balanced-stone search aims at (0 = even; `yxbalance*` bias).
    pub target: Value,
}

impl Default for BalanceLimits {
    fn default() -> Self {
        BalanceLimits {
            nodes: 20_000,
            vcf_nodes: 20_000,
            candidates: 16,
            seed: 0,
            tolerance: 25,
            time: None,
            target: 0,
        }
    }
}

impl BalanceLimits {
    /// Small limits for unit tests (milliseconds per decision).
    pub fn quick() -> BalanceLimits {
        BalanceLimits { nodes: 2_000, vcf_nodes: 2_000, candidates: 8, ..BalanceLimits::default() }
    }

    /// Limits that fit a decision into about `ms` milliseconds on one shared core: a decision
    /// searches some 10 to 40 positions, at a conservative 500 K nodes/s; the clock stops
    /// anything slower.
    pub fn for_time(ms: u64) -> BalanceLimits {
        let ms = ms.max(50);
        let nodes = (ms * 15).clamp(500, 500_000);
        BalanceLimits {
            nodes,
            vcf_nodes: nodes,
            candidates: if ms >= 2000 { 16 } else { 10 },
            time: Some(Duration::from_millis(ms)),
            ..BalanceLimits::default()
        }
    }
}

/// Evaluates positions for the opening decisions.
pub struct Evaluator {
    searcher: Searcher,
    pub limits: BalanceLimits,
    deadline: Option<Instant>,
    stop: AtomicBool,
    params: Params,
    /// Positions evaluated so far (for reports).
    pub evaluations: u64,
}

/// A candidate stone with the value of the position it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    pub stones: Vec<Pos>,
    /// The value for **black** of the position after the stones (mates near ±`WIN`).
    pub black_value: Value,
}

impl Evaluator {
    pub fn new(limits: BalanceLimits) -> Evaluator {
        let mut searcher = Searcher::new(4 << 20);
        searcher.set_threads(1);
        // The root threat probes are timed slices: off, for determinism; our own VCF probe
        // below is node-limited.
        searcher.params_mut().root_vcf_permille = 0;
        searcher.params_mut().root_vct_permille = 0;
        let deadline = limits.time.map(|t| Instant::now() + t);
        Evaluator {
            searcher,
            limits,
            deadline,
            stop: AtomicBool::new(false),
            params: Params::default(),
            evaluations: 0,
        }
    }

    /// Restarts the wall-clock safety net (for a new decision).
    pub fn restart_clock(&mut self) {
        self.deadline = self.limits.time.map(|t| Instant::now() + t);
    }

    /// Has the decision's wall-clock safety net run out?
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The value of `game` for the side to move: a won game or a VCF of the side to move is a
    /// win, a VCF of the opponent that the side to move cannot stop shows in the search.
    pub fn value(&mut self, game: &Game) -> Value {
        self.evaluations += 1;
        match game.outcome {
            Outcome::Win(c) => return if c == game.to_move { WIN } else { -WIN },
            Outcome::Draw => return 0,
            Outcome::Ongoing => {}
        }
        let me = game.to_move;
        let mut b = game.board.clone();
        let vcf = SolveLimits::vcf(20).with_nodes(self.limits.vcf_nodes);
        if let SolveResult::Win(line) = threat::vcf(&mut b, me, &vcf, &self.stop) {
            return WIN - line.len() as Value;
        }
        self.searcher.clear();
        let limits = self.search_limits();
        match self.searcher.think(game, &limits, &self.stop, &mut |_| {}) {
            Some(r) => r.progress.value,
            None => 0,
        }
    }

    /// The search's best move for the side to move and its value (side-to-move view). A VCF
    /// found by the probe is played.
    pub fn best_move(&mut self, game: &Game) -> Option<(Pos, Value)> {
        self.evaluations += 1;
        let me = game.to_move;
        let mut b = game.board.clone();
        let vcf = SolveLimits::vcf(20).with_nodes(self.limits.vcf_nodes);
        if let SolveResult::Win(line) = threat::vcf(&mut b, me, &vcf, &self.stop) {
            return Some((b.pos(line[0]), WIN - line.len() as Value));
        }
        self.searcher.clear();
        let limits = self.search_limits();
        self.searcher.think(game, &limits, &self.stop, &mut |_| {}).map(|r| (r.best, r.progress.value))
    }

    fn search_limits(&self) -> Limits {
        let left = self.deadline.map_or(Duration::from_secs(3600), |d| d.saturating_duration_since(Instant::now()));
        let left = left.max(Duration::from_millis(1));
        Limits { budget: Budget { optimum: left, maximum: left }, max_depth: None, max_nodes: Some(self.limits.nodes) }
    }

    /// The value of `game` for black.
    pub fn black_value(&mut self, game: &Game) -> Value {
        let v = self.value(game);
        if game.to_move == Color::Black { v } else { -v }
    }

    /// Legal empty cells for the side to move inside `zone`, within `near` points of a stone
    /// (anywhere in the zone on an empty board), one per class of equivalent resulting
    /// positions, ranked by a static pre-evaluation closest to even, at most `max` of them.
    pub fn candidates(&self, game: &Game, zone: Zone, near: i32, max: usize) -> Vec<Pos> {
        self.candidates_ranked(game, zone, near, max, false)
    }

    /// As [`Evaluator::candidates`]; with `for_mover` ranked best for the side to move first
    /// (by the static evaluation) instead of closest to even.
    pub fn candidates_ranked(&self, game: &Game, zone: Zone, near: i32, max: usize, for_mover: bool) -> Vec<Pos> {
        let b = &game.board;
        let (w, h) = (b.width(), b.height());
        let me = game.to_move;
        let stones = position_of(b);
        let mut seen: Vec<Stones> = Vec::new();
        let mut out: Vec<(Value, usize, Pos)> = Vec::new();
        let mut board = b.clone();
        for i in b.indices() {
            let p = b.pos(i);
            if !b.is_empty_cell(i) || !zone.contains(p, w, h) {
                continue;
            }
            if !stones.is_empty() && distance_to(&stones, p) > near {
                continue;
            }
            if board.is_forbidden(i, me) {
                continue;
            }
            let mut after = stones.clone();
            after.push((p, me));
            let form = canonical(&after, w, h);
            if seen.contains(&form) {
                continue;
            }
            seen.push(form);
            board.make(i, me);
            let v = evaluate(&mut board, me.opp(), &self.params);
            board.undo();
            out.push((if for_mover { v } else { v.abs() }, i, p));
        }
        out.sort();
        out.truncate(max);
        out.into_iter().map(|(_, _, p)| p).collect()
    }

    /// Every candidate stone for the side to move in `zone`, scored by search (value for black
    /// after it), most balanced first. Stops early (keeping what it has) at the clock.
    pub fn score_one(&mut self, game: &Game, zone: Zone) -> Vec<Scored> {
        let cands = self.candidates(game, zone, 2, self.limits.candidates);
        let mut out = Vec::new();
        for p in cands {
            if !out.is_empty() && self.out_of_time() {
                break;
            }
            let mut g = game.clone();
            if g.play(p).is_err() {
                continue;
            }
            let v = self.black_value(&g);
            out.push(Scored { stones: vec![p], black_value: v });
        }
        sort_balanced(&mut out, self.limits.target);
        out
    }

    /// One stone for the side to move (inside `zone`) that leaves the position as close to even
    /// as the search can tell. `None` when there is no legal point in the zone.
    pub fn balance_one(&mut self, game: &Game, zone: Zone) -> Option<Scored> {
        let scored = self.score_one(game, zone);
        self.pick(scored)
    }

    /// Two stones, one for the side to move inside `zone1` and then one for the other side
    /// inside `zone2`, that leave the position as close to even as the search can tell.
    pub fn balance_two(&mut self, game: &Game, zone1: Zone, zone2: Zone) -> Option<Scored> {
        let all = self.score_two(game, zone1, zone2);
        self.pick(all)
    }

    /// The pairs [`Evaluator::balance_two`] chooses from (the two most balanced second stones
    /// for each of a few first stones), most balanced first.
    pub fn score_two(&mut self, game: &Game, zone1: Zone, zone2: Zone) -> Vec<Scored> {
        let firsts = self.candidates(game, zone1, 2, self.limits.candidates.div_ceil(2).max(2));
        let mut all = Vec::new();
        for p in firsts {
            if !all.is_empty() && self.out_of_time() {
                break;
            }
            let mut g = game.clone();
            if g.play(p).is_err() || g.outcome != Outcome::Ongoing {
                continue;
            }
            let saved = self.limits.candidates;
            self.limits.candidates = saved.div_ceil(2).max(2);
            let seconds = self.score_one(&g, zone2);
            self.limits.candidates = saved;
            // the two most balanced replies to each first stone
            for s in seconds.into_iter().take(2) {
                all.push(Scored { stones: vec![p, s.stones[0]], black_value: s.black_value });
            }
        }
        sort_balanced(&mut all, self.limits.target);
        all
    }

    /// The most balanced answer, or with a seed one of those within the tolerance of it.
    pub fn pick(&self, scored: Vec<Scored>) -> Option<Scored> {
        let t = self.limits.target;
        let best = (scored.first()?.black_value - t).abs();
        let near = scored.iter().take_while(|s| (s.black_value - t).abs() <= best + self.limits.tolerance).count();
        let k = if self.limits.seed == 0 { 0 } else { (mix(self.limits.seed) % near as u64) as usize };
        scored.into_iter().nth(k)
    }
}

/// Closest to `target` (value for black) first; ties by the value and then the stones'
/// coordinates (deterministic).
pub fn sort_balanced(v: &mut [Scored], target: Value) {
    v.sort_by_key(|s| {
        ((s.black_value - target).abs(), s.black_value, s.stones.iter().map(|p| (p.y, p.x)).collect::<Vec<_>>())
    });
}

/// The stones on a board as a position.
pub fn position_of(b: &Board) -> Stones {
    b.history().map(|(i, c)| (b.pos(i), c)).collect()
}

/// Chebyshev distance from `p` to the nearest stone.
fn distance_to(stones: &Stones, p: Pos) -> i32 {
    stones.iter().map(|&(q, _)| q.distance(p) as i32).min().unwrap_or(i32::MAX)
}

/// A 64-bit mixer (splitmix64) for seeded choices.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Is the value a proven win or loss?
pub fn is_mate(v: Value) -> bool {
    v.abs() >= WIN_MIN
}
