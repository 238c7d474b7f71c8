//! Iterative deepening principal variation search.
//!
//! Per node, before any move is searched, the threat rules settle what needs no search:
//! a five point of the side to move wins at once; two opponent five points lose; one opponent
//! five point is the only move (and loses if it is forbidden for renju black); an open four or
//! double four of the side to move wins in three plies. When the opponent threatens an open
//! four (it has an open three), only the defences and our own fours are searched. Otherwise the
//! candidate moves near the stones are ordered (TT move, killers, pattern scores, history) and
//! the best few searched with PVS, late-move reductions and move-count pruning. Beyond the
//! horizon the threat solver looks for a VCF of the side to move (a win); without one the
//! static value stands.
//!
//! Inside the search the remaining depth counts sixteenths of a ply ([`ONE_PLY`]), so an
//! extension or a reduction can be a fraction of a ply; the iterations, the table entries and
//! the depth parameters count whole plies.

use super::danger::{VcfCache, opp_vcf, opp_vcf_refutations, opp_vct, proof_refutations};
use super::params::Params;
use super::tt::{Bound, Tt};
use super::{Event, Limits, Progress, SearchResult};
use crate::board::pattern::Threat;
use crate::board::{Board, CellSet, DIRS};
use crate::core::{Color, Pos, Rule, Value, WIN, WIN_MIN};
use crate::eval::weights::POLICY_FP;
use crate::eval::{evaluate, move_score, policy_score};
use crate::game::Game;
use crate::threat::{Proof, SolveLimits, SolveResult, ThreatSolver, hidden_straight_four};
use smallvec::SmallVec;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

const MAX_PLY: usize = 128;
/// The unit of remaining depth inside the search: one ply is `ONE_PLY`, so extensions and
/// reductions can be fractions of a ply. The iterations, the table and the parameters count
/// whole plies.
pub const ONE_PLY: i32 = 16;
/// Nodes between two looks at the clock and the stop flag (a power of two). A loaded machine
/// runs well under 100 K nodes/s: 256 nodes keep the reaction to the hard limit within a few
/// milliseconds there (the session answers without the search 25 ms after it).
const CHECK_EVERY: u64 = 256;
const INF: Value = WIN + 1;
/// XORed into the key when white is to move (the board hash only knows the stones).
const SIDE_KEY: u64 = 0x9d3f_4a1b_77c2_e519;

/// Win/loss in `plies` from the current node, as seen by the side to move.
#[inline]
fn win_in(ply: i32, plies: i32) -> Value {
    WIN - ply - plies
}

/// Search state that lives across moves (transposition table, parameters).
pub struct Searcher {
    tt: Arc<Tt>,
    params: Params,
    threads: usize,
    /// Threat solver for the root probes (its table persists across moves).
    solver: Option<ThreatSolver>,
    /// Answer with the one-ply simple chooser instead of searching.
    simple: bool,
    /// The main thread's static-value corrections (`Params::corr`), kept from move to move.
    corr: Vec<i32>,
}

impl Searcher {
    /// A searcher whose transposition table takes at most `tt_bytes`.
    pub fn new(tt_bytes: usize) -> Searcher {
        Searcher {
            tt: Arc::new(Tt::new(tt_bytes)),
            params: Params::default(),
            threads: 1,
            solver: None,
            simple: false,
            corr: Vec::new(),
        }
    }
    pub fn tt_bytes(&self) -> usize {
        self.tt.bytes()
    }
    /// Resizes the transposition table (clears it).
    pub fn set_tt_bytes(&mut self, bytes: usize) {
        if bytes != self.tt.bytes() {
            self.tt = Arc::new(Tt::new(bytes));
        }
    }
    /// Number of search threads (lazy SMP); 1 makes the search deterministic.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, 64);
    }
    /// Plays the one-ply [`super::simple_move`] instead of searching (a sparring partner).
    pub fn set_simple(&mut self, simple: bool) {
        self.simple = simple;
    }
    pub fn threads(&self) -> usize {
        self.threads
    }
    pub fn params(&self) -> &Params {
        &self.params
    }
    pub fn params_mut(&mut self) -> &mut Params {
        &mut self.params
    }
    /// Forgets everything learned (new game, `yxhashclear`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.corr.clear();
        if let Some(s) = self.solver.as_mut() {
            s.clear();
        }
    }

    /// Size (log2 of entries) of the searcher's threat-solver table: it takes 9 bytes an
    /// entry, so it is kept a small share of the main table.
    fn solver_log2(&self) -> u32 {
        (self.tt.bytes() / 16 / 9).max(256).ilog2().min(20)
    }

    /// Root threat-space probes: a VCF, then a VCT, each with a slice of the optimum time.
    /// Returns the winning line if the side to move has one.
    fn root_threats(&mut self, game: &Game, limits: &Limits, stop: &AtomicBool) -> Option<(Vec<usize>, i32, u64)> {
        let p = &self.params;
        if p.root_vcf_permille == 0 && p.root_vct_permille == 0 {
            return None;
        }
        let log2 = self.solver_log2();
        let solver = self.solver.get_or_insert_with(|| ThreatSolver::with_table_log2(log2));
        let mut b = game.board.clone();
        let me = game.to_move;
        let slice = |permille: u32| limits.budget.optimum * permille / 1000;
        // Under a node limit the probes are node-limited too, so the answer is reproducible.
        let nodes_cap = |l: SolveLimits| match limits.max_nodes {
            Some(n) => l.with_nodes(n),
            None => l,
        };
        let mut nodes = 0;
        if p.root_vcf_permille > 0 {
            let lim = nodes_cap(SolveLimits::vcf(p.root_vcf_depth).with_time(slice(p.root_vcf_permille)));
            let r = solver.vcf(&mut b, me, &lim, stop);
            nodes += solver.stats.nodes;
            if let SolveResult::Win(line) = r {
                let plies = line_plies(&mut b, &line, me);
                return Some((line, plies, nodes));
            }
        }
        if p.root_vct_permille > 0 {
            let lim = nodes_cap(
                SolveLimits::vct(p.root_vct_depth, p.root_vcf_depth)
                    .with_time(slice(p.root_vct_permille))
                    .with_deepening(true),
            );
            let (r, proof) = solver.vct_proof(&mut b, me, &lim, stop);
            nodes += solver.stats.nodes;
            if let (SolveResult::Win(line), Some(proof)) = (r, proof) {
                let plies = proof_plies(&mut b, &proof, me);
                return Some((line, plies, nodes));
            }
        }
        None
    }

    /// The opponent's VCT seen at the root: if he has one (as if he were to move), every root
    /// candidate (best-ordered first, within a slice of the time) is checked: does the
    /// opponent still have a VCT after it? Moves after which the solver proves one are
    /// excluded from the search. When every legal move near the stones is proven to lose, none
    /// is excluded and the loss (against the longest resistance found) is returned instead.
    fn root_defence(&mut self, game: &Game, limits: &Limits, stop: &AtomicBool) -> (CellSet, Option<Value>) {
        let p = &self.params;
        let none = (CellSet::new(), None);
        if p.root_defence_permille == 0 || p.opp_vct_nodes == 0 {
            return none;
        }
        let me = game.to_move;
        let opp = me.opp();
        let mut b = game.board.clone();
        if b.has_five_threat(me) || b.has_five_threat(opp) {
            return none;
        }
        let log2 = self.solver_log2();
        let solver = self.solver.get_or_insert_with(|| ThreatSolver::with_table_log2(log2));
        // Under a node limit the checks are bounded by their solver nodes alone (a clock would
        // make a node-limited search depend on the machine's load).
        let timed = limits.max_nodes.is_none();
        let slice = limits.budget.maximum * p.root_defence_permille / 1000;
        let deadline = Instant::now() + slice;
        let base = SolveLimits::vct_probe(p.opp_vct_depth, p.opp_vct_nodes);
        let lim = |time| if timed { base.with_time(time) } else { base };
        let t0 = Instant::now();
        if !solver.vct(&mut b, opp, &lim(slice), stop).is_win() {
            log::debug!("root_defence: no opponent VCT ({} nodes, {:?})", solver.stats.nodes, t0.elapsed());
            return none;
        }
        log::debug!("root_defence: opponent VCT ({} nodes, {:?})", solver.stats.nodes, t0.elapsed());
        let near: Vec<usize> = b.candidates().collect();
        let mut cands: Vec<(i32, usize)> = Vec::with_capacity(near.len());
        for i in near {
            if crate::threat::is_legal(&mut b, i, me) {
                cands.push((move_score(&b, i, me, p), i));
            }
        }
        cands.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut excluded = CellSet::new();
        let mut longest = 0;
        let mut all = true;
        for &(_, m) in &cands {
            let left = deadline.saturating_duration_since(Instant::now());
            if (timed && left.is_zero()) || stop.load(Ordering::Relaxed) {
                all = false;
                break;
            }
            b.make(m, me);
            let (r, proof) = solver.vct_proof(&mut b, opp, &lim(left), stop);
            if let (SolveResult::Win(_), Some(proof)) = (r, proof) {
                excluded.insert(m);
                longest = longest.max(1 + proof_plies(&mut b, &proof, opp));
            } else {
                all = false;
            }
            b.undo();
        }
        log::debug!(
            "root_defence: {} of {} candidates excluded, all lost: {all}, {:?}",
            excluded.len(),
            cands.len(),
            t0.elapsed()
        );
        if all && !cands.is_empty() {
            return (CellSet::new(), Some(-(WIN - longest)));
        }
        (excluded, None)
    }

    /// Chooses a move for the side to move of `game`. `None` only when there is no legal move.
    /// Returns within `limits.budget.maximum` (polls `stop` and the clock).
    pub fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(Event),
    ) -> Option<SearchResult> {
        let start = Instant::now();
        self.tt.new_search();
        let mut g = game.clone();
        let fallback = super::simple_move(&mut g.board, g.to_move)?;
        if self.simple {
            let r = SearchResult::single(game.board.pos(fallback.0), 1, fallback.1, 1, start.elapsed());
            on_event(Event::Iteration(r.progress.clone()));
            return Some(r);
        }
        // An immediate five or a forced block needs no solver; otherwise look for a threat win.
        let me = game.to_move;
        if !game.board.has_five_threat(me) && !game.board.has_five_threat(me.opp()) {
            if let Some((line, plies, nodes)) = self.root_threats(game, limits, stop) {
                let pv: Vec<Pos> = line.iter().map(|&i| game.board.pos(i)).collect();
                let progress = Progress {
                    depth: 1,
                    seldepth: line.len() as u32,
                    value: WIN - plies,
                    nodes,
                    elapsed: start.elapsed(),
                    pv: pv.clone(),
                };
                on_event(Event::Iteration(progress.clone()));
                return Some(SearchResult { best: pv[0], progress });
            }
        }
        let (excluded, lost) = if game.board.has_five_threat(me) || game.board.has_five_threat(me.opp()) {
            (CellSet::new(), None)
        } else {
            self.root_defence(game, limits, stop)
        };
        let excluded = &excluded;
        let nodes = AtomicU64::new(0);
        let helpers_stop = AtomicBool::new(false);
        let result = std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            // `--param threads=N` (matches) overrides the protocol's thread count
            let threads = if self.params.threads > 0 { self.params.threads as usize } else { self.threads };
            for t in 1..threads {
                let board = game.board.clone();
                let (params, tt, nodes, helpers_stop) = (&self.params, &*self.tt, &nodes, &helpers_stop);
                let side = game.to_move;
                helpers.push(scope.spawn(move || {
                    let mut w = Worker::new(board, side, params, tt, limits, helpers_stop, nodes, start);
                    if params.corr_on() {
                        // helpers start each move from an empty correction table
                        w.corr = vec![0; CORR_LEN];
                    }
                    w.helper_offset = t as i32;
                    w.root_excluded = excluded.clone();
                    w.iterate(&mut |_| {})
                }));
            }
            let mut w =
                Worker::new(game.board.clone(), game.to_move, &self.params, &self.tt, limits, stop, &nodes, start);
            w.root_excluded = excluded.clone();
            if self.params.corr_on() {
                w.corr = std::mem::take(&mut self.corr);
                w.corr.resize(CORR_LEN, 0);
            }
            if self.params.vbest_permille > 0 {
                let log2 = self.solver_log2();
                w.root_solver = Some(self.solver.get_or_insert_with(|| ThreatSolver::with_table_log2(log2)));
            }
            let mut r = w.iterate(on_event);
            self.corr = std::mem::take(&mut w.corr);
            helpers_stop.store(true, Ordering::Relaxed);
            for h in helpers {
                let hr = h.join().unwrap_or(None);
                if self.params.smp_skip == 0 {
                    continue;
                }
                // the answer of the thread that completed the deepest iteration (then the best value)
                if let (Some(best), Some(hr)) = (r.as_ref(), hr) {
                    let (a, b) = (&best.progress, &hr.progress);
                    if b.depth > a.depth || (b.depth == a.depth && b.value > a.value) {
                        r = Some(hr);
                    }
                }
            }
            r
        });
        match result {
            Some(mut r) => {
                r.progress.nodes = nodes.load(Ordering::Relaxed);
                if let Some(v) = lost {
                    // every move was proven to lose to a VCT: say so
                    r.progress.value = r.progress.value.min(v);
                }
                Some(r)
            }
            None => Some(SearchResult::single(
                game.board.pos(fallback.0),
                0,
                fallback.1,
                nodes.load(Ordering::Relaxed),
                start.elapsed(),
            )),
        }
    }
}

/// Lazy SMP skip schedule: helper `t` (1-based) leaves out some depths so that the helpers
/// spread over depths instead of all searching the same one (sizes and phases repeat every 20
/// helpers).
fn skip_depth(t: i32, depth: i32) -> bool {
    const SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let k = ((t - 1) % 20) as usize;
    ((depth + PHASE[k]) / SIZE[k]) % 2 != 0
}

/// Move order: higher ordering score first, ties by cell (a total order, so an unstable sort
/// gives the same list).
fn by_score(a: &(usize, i32), b: &(usize, i32)) -> std::cmp::Ordering {
    b.1.cmp(&a.1).then(a.0.cmp(&b.0))
}

/// Plies a VCF line needs: its length, plus two when it ends with a four the defender cannot
/// legally block (a renju black defender whose only block is forbidden).
fn line_plies(b: &mut Board, line: &[usize], me: Color) -> i32 {
    let mut c = me;
    let mut five = false;
    for (k, &m) in line.iter().enumerate() {
        if k + 1 == line.len() {
            five = b.makes_five(m, c);
        }
        b.make(m, c);
        c = c.opp();
    }
    for _ in line {
        b.undo();
    }
    line.len() as i32 + if five { 0 } else { 2 }
}

/// An upper bound on the plies a VCT proof needs against the best defence. A reply the proof
/// does not list loses within four more plies (the attacker then has a five point or a legal
/// straight-four point); a move with no listed reply is a five or an unstoppable four.
fn proof_plies(b: &mut Board, p: &Proof, me: Color) -> i32 {
    if b.makes_five(p.mv, me) {
        return 1;
    }
    b.make(p.mv, me);
    let mut worst = if p.replies.is_empty() { 3 } else { 5 };
    for (r, next) in &p.replies {
        b.make(*r, me.opp());
        worst = worst.max(2 + proof_plies(b, next, me));
        b.undo();
    }
    b.undo();
    worst
}

struct Worker<'a> {
    b: Board,
    side: Color,
    params: &'a Params,
    tt: &'a Tt,
    limits: &'a Limits,
    stop: &'a AtomicBool,
    shared_nodes: &'a AtomicU64,
    start: Instant,
    nodes: u64,
    abort: bool,
    seldepth: i32,
    root_empty: i32,
    killers: [[u16; 2]; MAX_PLY],
    /// The move that last cut off in reply to each opponent move, by side (`counter_move`).
    counters: Vec<[u16; 2]>,
    history: Vec<[i32; 2]>,
    /// Mixed into every table key: the rule and board width (the table outlives a game).
    key_tag: u64,
    pv: Vec<[u16; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    helper_offset: i32,
    /// Does the opponent have a VCF here? (per thread)
    vcf_cache: VcfCache,
    /// For the opponent-VCT checks near the root (created on first use).
    vct_solver: Option<ThreatSolver>,
    /// The searcher's threat solver (main thread only), for the check of the chosen root move
    /// (`Params::vbest_permille`); its table lives from move to move.
    root_solver: Option<&'a mut ThreatSolver>,
    /// Root moves proven to lose to the opponent's VCT (not searched).
    root_excluded: CellSet,
    /// `null_at[p]`: the move at ply `p` is a null move (no two in a row).
    null_at: [bool; MAX_PLY],
    /// The ply whose null-move fail high is being verified (no null move there), or -1.
    verify_ply: i32,
    /// Static value of the node at each ply of the current line (`NO_EVAL` where none).
    static_eval: [Value; MAX_PLY],
    /// The move excluded at each ply by a singular-extension test search (0 = none).
    excluded: [u16; MAX_PLY],
    /// Did the move made at each ply of the current line make an open three or better for
    /// its side (for `lmr_cont`)?
    attack_at: [bool; MAX_PLY],
    /// The root was proven lost under a turn limit (`think_lost`): every node searches the
    /// moves beyond its move cap when the kept ones lose.
    widen: bool,
    /// Static-value corrections (`Params::corr`, `Params::corr_moves`; empty when off): a
    /// moving average of (searched value − static value), in sixteenths, by threat state
    /// (the first half) and by the last two moves (the second half).
    corr: Vec<i32>,
}

/// Entries (log2) of each half of the static-value correction table.
const CORR_LOG2: u32 = 14;
/// Entries of the whole table (threat-state half, then last-moves half).
const CORR_LEN: usize = 2 << CORR_LOG2;
/// The threat classes whose counts (0 to 3 each, both sides) key the correction table:
/// three to open four.
const CORR_CLASSES: std::ops::RangeInclusive<usize> = Threat::Three as usize..=Threat::OpenFour as usize;
/// A node's (searched − static) difference counts at most this much in the average.
const CORR_ERR_MAX: Value = 150;

/// The state of a turn's root-move checks (`Worker::verify_root`).
#[derive(Default)]
struct RootVerify {
    /// Moves checked (those still in the list stood).
    checked: CellSet,
    /// Time spent checking.
    spent: std::time::Duration,
}

/// Mixed into the table key of a node searched without its excluded move.
const EXCLUDED_KEY: u64 = 0x7f4a_7c15_9e37_79b9;

/// No static value at this ply (a forced or decided node).
const NO_EVAL: Value = Value::MIN;

/// Move-count pruning limit (see `Params::mcp`).
fn move_count_limit(depth: i32, improving: bool) -> usize {
    let full = 3 + (depth.max(0) as f32).powf(1.32) as usize;
    if improving { full } else { full / 2 }
}

impl<'a> Worker<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        b: Board,
        side: Color,
        params: &'a Params,
        tt: &'a Tt,
        limits: &'a Limits,
        stop: &'a AtomicBool,
        shared_nodes: &'a AtomicU64,
        start: Instant,
    ) -> Worker<'a> {
        let len = b.len();
        let root_empty = b.empty_count() as i32;
        let key_tag = crate::threat::board_tag(&b);
        Worker {
            b,
            side,
            params,
            tt,
            limits,
            stop,
            shared_nodes,
            start,
            nodes: 0,
            abort: false,
            seldepth: 0,
            root_empty,
            killers: [[0; 2]; MAX_PLY],
            counters: vec![[0; 2]; len],
            history: vec![[0; 2]; len],
            key_tag,
            pv: vec![[0; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            helper_offset: 0,
            vcf_cache: VcfCache::new(16).with_table(params.qvcf_tt),
            vct_solver: None,
            root_solver: None,
            root_excluded: CellSet::new(),
            null_at: [false; MAX_PLY],
            verify_ply: -1,
            static_eval: [NO_EVAL; MAX_PLY],
            excluded: [0; MAX_PLY],
            attack_at: [false; MAX_PLY],
            widen: false,
            corr: Vec::new(),
        }
    }

    /// The threat-state correction's strength under this rule (`corr`, `corr_renju`).
    #[inline]
    fn corr_pct(&self) -> i32 {
        if self.rj() == 1 && self.params.corr_renju >= 0 { self.params.corr_renju } else { self.params.corr }
    }

    /// The correction table's slot for the side to move here: its and the opponent's threat
    /// counts, the side, the rule and the board width.
    #[inline]
    fn corr_slot(&self) -> usize {
        let me = self.side;
        let mut k = me.idx() as u64;
        let cap = if self.params.corr_key == 2 { 1 } else { 3 };
        for c in [me, me.opp()] {
            for &t in &Threat::ALL[CORR_CLASSES] {
                k = k << 2 | self.b.count(c, t).min(cap) as u64;
            }
            if self.params.corr_key == 1 {
                k = k << 3 | self.b.count(c, Threat::Two).min(7) as u64;
            }
        }
        ((k ^ self.key_tag).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - CORR_LOG2)) as usize
    }

    /// The correction table's slot for the last two moves (in its second half).
    #[inline]
    fn corr_moves_slot(&self) -> usize {
        let m = |k| self.b.recent_move(k).map_or(0, |i| i as u64 + 1);
        let k = (m(0) << 16 | m(1)) << 1 | self.side.idx() as u64;
        (1 << CORR_LOG2) + ((k ^ self.key_tag).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - CORR_LOG2)) as usize
    }

    /// The static value `e` with the corrections of its threat state (`Params::corr`, under
    /// renju `Params::corr_renju` if set) and of the last two moves (`Params::corr_moves`),
    /// and the slots read.
    #[inline]
    fn corrected(&self, e: Value) -> (Value, Option<[usize; 2]>) {
        if self.corr.is_empty() || e.abs() >= WIN_MIN {
            return (e, None);
        }
        let (p1, p2) = (self.corr_pct() as i64, self.params.corr_moves as i64);
        // slot 0 (never updated) stands for a table that is off
        let s = [self.corr_slot(), if p2 > 0 { self.corr_moves_slot() } else { 0 }];
        let c = (self.corr[s[0]] as i64 * p1 + self.corr[s[1]] as i64 * p2) / (16 * 100);
        ((e as i64 + c).clamp(-(WIN_MIN as i64) + 1, WIN_MIN as i64 - 1) as Value, Some(s))
    }

    #[inline]
    fn key(&self) -> u64 {
        self.b.hash() ^ self.key_tag ^ if self.side == Color::White { SIDE_KEY } else { 0 }
    }

    /// Plays `i` for the side to move at `ply`, noting whether it makes an open three or
    /// better (`attack_at`, for `lmr_cont`).
    #[inline]
    fn make(&mut self, i: usize, ply: usize) {
        self.attack_at[ply] = self.b.threat(i, self.side) >= Threat::OpenThree;
        self.b.make(i, self.side);
        self.side = self.side.opp();
    }

    #[inline]
    fn undo(&mut self) {
        self.b.undo();
        self.side = self.side.opp();
    }

    fn check_limits(&mut self) {
        self.shared_nodes.fetch_add(CHECK_EVERY, Ordering::Relaxed);
        if self.stop.load(Ordering::Relaxed)
            || self.start.elapsed() >= self.limits.budget.maximum
            || self.limits.max_nodes.is_some_and(|n| self.shared_nodes.load(Ordering::Relaxed) >= n)
        {
            self.abort = true;
        }
    }

    fn is_drawn(&self, ply: i32) -> bool {
        let empty = self.root_empty - ply;
        empty <= 0 || (self.b.rule() == Rule::Renju && empty <= 25)
    }

    /// Can the side to move legally play the empty cell `i`?
    #[inline]
    fn legal(&mut self, i: usize) -> bool {
        match self.b.threat(i, self.side) {
            Threat::Forbidden => false,
            Threat::ThreeThree if self.b.rule().has_forbidden(self.side) => !self.b.is_forbidden(i, self.side),
            _ => true,
        }
    }

    /// Threat rules that decide a node without search. `Some(value)` ends the node; a forced
    /// single reply is returned through `forced`.
    fn threat_verdict(&mut self, ply: i32, forced: &mut Option<usize>) -> Option<Value> {
        let me = self.side;
        let opp = me.opp();
        if self.b.has_five_threat(me) {
            let i = self.b.cells_with(me, Threat::Five).iter().next().unwrap();
            self.pv[ply as usize][0] = i as u16;
            self.pv_len[ply as usize] = 1;
            return Some(win_in(ply, 1));
        }
        let of = self.b.count(opp, Threat::Five);
        if of >= 2 {
            return Some(-win_in(ply, 2));
        }
        if of == 1 {
            let i = self.b.cells_with(opp, Threat::Five).iter().next().unwrap();
            if !self.legal(i) {
                return Some(-win_in(ply, 2));
            }
            *forced = Some(i);
            return None;
        }
        // Under caro a block at one end of a straight four can leave the other end's five
        // blocked at both ends, so there an open four is searched like any four.
        let open_four = self.b.count(me, Threat::OpenFour) + self.b.count(me, Threat::FourFour);
        if open_four > 0 && !self.b.rule().is_caro() {
            let mut cells: Vec<usize> = self.b.cells_with(me, Threat::OpenFour).iter().collect();
            cells.extend(self.b.cells_with(me, Threat::FourFour).iter());
            for i in cells {
                if self.legal(i) {
                    self.pv[ply as usize][0] = i as u16;
                    self.pv_len[ply as usize] = 1;
                    return Some(win_in(ply, 3));
                }
            }
        }
        if let Some(i) = hidden_straight_four(&mut self.b, me) {
            self.pv[ply as usize][0] = i as u16;
            self.pv_len[ply as usize] = 1;
            return Some(win_in(ply, 3));
        }
        None
    }

    /// Candidate moves in search order with their ordering scores.
    fn gen_moves(
        &mut self,
        ply: i32,
        tt_move: u16,
        depth: i32,
        root: bool,
        only: Option<&CellSet>,
    ) -> (Vec<(usize, i32)>, usize) {
        let me = self.side;
        let opp = me.opp();
        let defend = only.is_some() || self.opp_open_three();
        let mut cells: Vec<usize> = Vec::with_capacity(64);
        if let Some(set) = only {
            cells.extend(set.iter());
        } else if defend {
            for t in [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour] {
                cells.extend(self.b.cells_with(me, t).iter());
            }
            // renju black: a four that also makes two threes has the double-three class (legal
            // when one of them is no real three; `legal` below decides)
            if self.b.rule().has_forbidden(me) {
                cells.extend(self.b.cells_with(me, Threat::ThreeThree).iter().filter(|&i| self.is_four_move(i)));
            }
            for t in [Threat::ThreeThree, Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour] {
                cells.extend(self.b.cells_with(opp, t).iter());
            }
            // Renju: a point where black would make a four is a defence even when it is
            // forbidden for black (a double four or an overline there): white may take it.
            if self.b.rule().has_forbidden(opp) {
                cells.extend(self.b.cells_with(opp, Threat::Forbidden).iter());
            }
            cells.sort_unstable();
            cells.dedup();
        } else {
            cells.extend(self.b.candidates());
            if cells.is_empty() {
                let c = self.b.center();
                if self.b.is_empty_cell(c) {
                    cells.push(c);
                } else {
                    cells.extend(self.b.indices().filter(|&i| self.b.is_empty_cell(i)));
                }
            }
        }
        let killers = self.killers[ply as usize];
        // 0 is a wall cell, never a move: no counter move
        let counter = match self.b.last_move() {
            Some((q, _)) if self.params.counter_move > 0 => self.counters[q][me.idx()],
            _ => 0,
        };
        let mut moves: Vec<(usize, i32)> = Vec::with_capacity(cells.len());
        for i in cells {
            if !self.legal(i) {
                continue;
            }
            let h = self.history[i][me.idx()] / 16;
            let h = if self.params.hist_cap > 0 { h.min(self.params.hist_cap) } else { h };
            let mut s = move_score(&self.b, i, me, self.params) + h;
            if i as u16 == tt_move {
                s += 1 << 24;
            } else if i as u16 == killers[0] {
                s += 1 << 20;
            } else if i as u16 == killers[1] {
                s += 1 << 19;
            } else if i as u16 == counter && counter != 0 {
                s += self.params.counter_move;
            }
            moves.push((i, s));
        }
        // The order is total (ties by cell), so an unstable sort gives the same list; when only
        // the best `cap` are kept they are selected first and only those sorted.
        if !defend && !root && ply > self.params.uncapped_plies {
            let bucket = (depth.max(1) as usize - 1).min(3);
            let cap = self.params.max_moves[bucket];
            if moves.len() > cap {
                moves.select_nth_unstable_by(cap - 1, by_score);
                // With `keep_fours` our fours stay whatever their score: the reply is forced,
                // and a four left out can be the only answer to the opponent's attack (the
                // first move of our own VCF).
                let mut kept = cap;
                if self.params.keep_fours > 0 {
                    for j in cap..moves.len() {
                        if self.is_four_move(moves[j].0) {
                            moves.swap(kept, j);
                            kept += 1;
                        }
                    }
                }
                if !self.widened() {
                    moves.truncate(kept);
                }
                // the best `kept` first, in order; the rest after them, unsorted
                moves[..kept].sort_unstable_by(by_score);
                return (moves, kept);
            }
        }
        moves.sort_unstable_by(by_score);
        let n = moves.len();
        (moves, n)
    }

    /// Does the move at `i` make an open three or a four, or stop a three (the opponent's
    /// four point) or a four?
    #[inline]
    fn tactical(&self, i: usize) -> bool {
        let hot = |t: Threat, from: Threat| (from..=Threat::Five).contains(&t);
        hot(self.b.threat(i, self.side), Threat::OpenThree) || hot(self.b.threat(i, self.side.opp()), Threat::Four)
    }

    /// Are the moves beyond a node's move cap searched when every kept move loses (by
    /// `widen_lost` for this rule, or since a root result was claimed)?
    #[inline]
    fn widened(&self) -> bool {
        self.widen || self.params.widen_lost[self.rj()] > 0
    }

    /// The slot of the per-rule parameters ([other rules, renju]) for this board's rule.
    #[inline]
    fn rj(&self) -> usize {
        (self.b.rule() == Rule::Renju) as usize
    }

    /// Does our (legal) move at `i` make a four? Renju black's fours that also make two
    /// threes have the double-three class.
    #[inline]
    fn is_four_move(&self, i: usize) -> bool {
        match self.b.threat(i, self.side) {
            Threat::Four | Threat::FourThree | Threat::FourFour | Threat::OpenFour => true,
            Threat::ThreeThree => {
                self.b.rule().has_forbidden(self.side) && (0..DIRS).any(|d| self.b.pattern(i, self.side, d).is_four())
            }
            _ => false,
        }
    }

    /// Is `i` farther than 4 lines (5 under renju) from both of the last two moves?
    fn far_from_recent(&self, i: usize) -> bool {
        let lim = if self.b.rule() == Rule::Renju { 5 } else { 4 };
        (0..2).all(|k| self.b.recent_move(k).is_none_or(|q| self.b.distance(i, q) > lim))
    }

    /// Does the move at `i` make a four or a double three, or stop a four-three or straight
    /// four point of the opponent?
    #[inline]
    fn strong(&self, i: usize) -> bool {
        self.b.threat(i, self.side) >= Threat::ThreeThree || self.b.threat(i, self.side.opp()) >= Threat::FourThree
    }

    /// Does the opponent have a point that makes a four or a double three?
    #[inline]
    fn opp_can_four(&self) -> bool {
        let opp = self.side.opp();
        [Threat::ThreeThree, Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour]
            .iter()
            .any(|&t| self.b.count(opp, t) > 0)
    }

    /// Does the opponent threaten a straight four (an open three, or a double four point)?
    #[inline]
    fn opp_open_three(&mut self) -> bool {
        let opp = self.side.opp();
        self.b.count(opp, Threat::OpenFour) + self.b.count(opp, Threat::FourFour) > 0
            || hidden_straight_four(&mut self.b, opp).is_some()
    }

    /// The opponent's threats before our move: if he has a VCF (and, at the root and at PV
    /// nodes up to `opp_vct_ply`, a VCT), the moves that may refute it. `None`: no threat
    /// found (or no legal refutation, when every move is searched as usual).
    fn danger(&mut self, ply: i32, depth: i32, pv_node: bool) -> Option<CellSet> {
        let p = self.params;
        if p.opp_vcf_nodes == 0 || (ply > 0 && depth < p.opp_vcf_min_depth) || self.opp_open_three() {
            return None;
        }
        let opp = self.side.opp();
        let root = ply == 0;
        let nodes = if root { p.opp_vcf_nodes * 50 } else { p.opp_vcf_nodes };
        let depth = if root { p.opp_vcf_depth * 2 } else { p.opp_vcf_depth };
        if let Some(set) = opp_vcf_refutations(&mut self.b, opp, &mut self.vcf_cache, depth, nodes) {
            return Some(set);
        }
        if p.opp_vct_nodes > 0 && (root || pv_node) && ply <= p.opp_vct_ply {
            let solver = self.vct_solver.get_or_insert_with(|| ThreatSolver::with_table_log2(16));
            let proof = opp_vct(&mut self.b, opp, solver, p.opp_vct_depth, p.opp_vct_nodes)?;
            let set = proof_refutations(&mut self.b, opp, &proof);
            return (!set.is_empty()).then_some(set);
        }
        None
    }

    fn update_pv(&mut self, ply: usize, m: usize) {
        self.pv[ply][0] = m as u16;
        let child = if ply + 1 < MAX_PLY { self.pv_len[ply + 1] } else { 0 };
        let n = child.min(MAX_PLY - 1);
        for k in 0..n {
            self.pv[ply][k + 1] = self.pv[ply + 1][k];
        }
        self.pv_len[ply] = n + 1;
    }

    fn search(&mut self, mut alpha: Value, beta: Value, depth: i32, ply: i32, cut: bool) -> Value {
        self.nodes += 1;
        if self.nodes & (CHECK_EVERY - 1) == 0 {
            self.check_limits();
        }
        if self.abort {
            return 0;
        }
        let pu = ply as usize;
        self.pv_len[pu] = 0;
        self.static_eval[pu] = NO_EVAL;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        // mate distance pruning
        let alpha0 = alpha.max(-win_in(ply, 0));
        let beta = beta.min(win_in(ply, 1));
        if alpha0 >= beta {
            return alpha0;
        }
        alpha = alpha0;
        let mut forced = None;
        if let Some(v) = self.threat_verdict(ply, &mut forced) {
            return v;
        }
        if self.is_drawn(ply) {
            return 0;
        }
        if pu >= MAX_PLY - 2 {
            return evaluate(&mut self.b, self.side, self.params);
        }
        if let Some(i) = forced {
            // the only move: no depth spent (plus `four_ext` sixteenths of a ply before the horizon)
            let ext = if depth > 0 { self.params.four_ext } else { 0 };
            self.make(i, pu);
            let v = -self.search(-beta, -alpha, depth + ext, ply + 1, !cut);
            self.undo();
            if !self.abort {
                self.update_pv(pu, i);
            }
            return v;
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, depth);
        }
        let excluded = self.excluded[pu];
        let key = self.key() ^ if excluded != 0 { EXCLUDED_KEY.wrapping_mul(excluded as u64) } else { 0 };
        let pv_node = beta - alpha > 1;
        // an expected fail-high node (meaningful at non-PV nodes only)
        let cut = cut && !pv_node;
        let mut tt_move = 0;
        let mut tt_hit = None;
        if let Some(h) = self.tt.probe(key, ply) {
            tt_move = h.mv;
            tt_hit = Some(h);
            if !pv_node && h.depth * ONE_PLY >= depth {
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.value >= beta,
                    Bound::Upper => h.value <= alpha,
                };
                if cut {
                    return h.value;
                }
            }
        }
        // Internal iterative reduction: a node the table knows no move for is searched a ply
        // shallower (the next visit has a move to try first).
        let depth = if self.params.iir_depth > 0 && depth >= self.params.iir_depth * ONE_PLY && tt_move == 0 {
            depth - ONE_PLY
        } else {
            depth
        };
        let p = self.params;
        let rj = self.rj();
        // The static value for the pruning decisions below; with `tt_eval`, a table value
        // whose bound lies on the far side of it replaces it.
        let static_e = evaluate(&mut self.b, self.side, p);
        let (raw_e, corr_slot) = self.corrected(static_e);
        let prune_e = match tt_hit {
            Some(h)
                if p.tt_eval[rj] > 0
                    && h.value.abs() < WIN_MIN
                    && match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => h.value > raw_e,
                        Bound::Upper => h.value < raw_e,
                    } =>
            {
                h.value
            }
            _ => raw_e,
        };
        // Reverse futility: near the horizon a static value far above beta stands, unless the
        // opponent has a threat the static value cannot see (an open three, a four-three or
        // double four point, a double three). Margin 120 per ply at depth <= 3: +62.5 +-50.7
        // Elo at 100 ms (freestyle, SPRT H1 after 209 games); 50 per ply to depth 6 since,
        // together with razoring and the fail-high reduction (see `Params::razor_margin`).
        if !pv_node && depth <= self.params.rfp_depth * ONE_PLY && beta.abs() < WIN_MIN && self.params.rfp_margin > 0 {
            let opp = self.side.opp();
            let quiet = [Threat::ThreeThree, Threat::FourThree, Threat::FourFour, Threat::OpenFour]
                .iter()
                .all(|&t| self.b.count(opp, t) == 0);
            if quiet && prune_e - p.rfp_margin * depth / ONE_PLY >= beta {
                return prune_e;
            }
        }
        // Razoring: near the horizon a static value far below alpha drops into the quiescence;
        // if our VCF does not lift it above alpha either, the node fails low.
        if !pv_node
            && depth <= p.razor_depth * ONE_PLY
            && p.razor_margin > 0
            && alpha.abs() < WIN_MIN
            && prune_e + p.razor_margin * depth / ONE_PLY <= alpha
        {
            let v = self.qsearch(alpha, alpha + 1, ply, 0);
            if self.abort {
                return 0;
            }
            if v <= alpha {
                return v;
            }
        }
        // Null move with threat verification: when the opponent has no four or double-three
        // point and the static value is above beta, let him move twice; a fail high of that
        // reduced search is checked by a normal search reduced as much.
        if p.nmp_depth > 0
            && !pv_node
            && depth >= p.nmp_depth * ONE_PLY
            && beta.abs() < WIN_MIN
            && self.verify_ply != ply
            && !(ply > 0 && self.null_at[pu - 1])
            && !self.opp_can_four()
            && prune_e >= beta
        {
            let r = p.nmp_r * ONE_PLY;
            self.side = self.side.opp();
            self.null_at[pu] = true;
            self.attack_at[pu] = false;
            let v = -self.search(-beta, -beta + 1, depth - ONE_PLY - r, ply + 1, !cut);
            self.null_at[pu] = false;
            self.side = self.side.opp();
            if self.abort {
                return 0;
            }
            if v >= beta {
                let saved = self.verify_ply;
                self.verify_ply = ply;
                let w = self.search(beta - 1, beta, depth - r, ply, cut);
                self.verify_ply = saved;
                if self.abort {
                    return 0;
                }
                if w >= beta {
                    return w;
                }
            }
        }
        // whole plies, rounded down (the parameters' thresholds and formulas, the table) and
        // up (the move caps and late-move pruning)
        let whole = depth / ONE_PLY;
        let plies = (depth + ONE_PLY - 1) / ONE_PLY;
        let danger = self.danger(ply, whole, pv_node);
        let (mut moves, kept) = self.gen_moves(ply, tt_move, plies, false, danger.as_ref());
        let improving = if p.mcp > 0 || p.lmr_improving > 0 {
            self.static_eval[pu] = raw_e;
            let before = if pu >= 2 { self.static_eval[pu - 2] } else { NO_EVAL };
            before == NO_EVAL || raw_e > before
        } else {
            true
        };
        let mc_limit = if p.mcp > 0 { move_count_limit(whole, improving) } else { usize::MAX };
        // Fail-high reduction: a node whose static value lies far above beta will most likely
        // fail high; its moves other than fours are searched a ply shallower.
        let likely_fh = p.fh_margin > 0
            && !pv_node
            && beta.abs() < WIN_MIN
            && danger.is_none()
            && !self.opp_open_three()
            && prune_e >= beta + p.fh_margin * whole;
        // Singular extension: is the table move the only good one here?
        let mut se_ext = 0;
        if p.se_depth > 0
            && ply > 0
            && depth >= p.se_depth * ONE_PLY
            && excluded == 0
            && danger.is_none()
            && let Some(h) = tt_hit
            && h.mv != 0
            && h.value.abs() < WIN_MIN
            && matches!(h.bound, Bound::Lower | Bound::Exact)
            && h.depth * ONE_PLY >= depth - 3 * ONE_PLY
            && moves.len() > 1
            && moves.iter().any(|&(m, _)| m as u16 == h.mv)
        {
            let sbeta = h.value - p.se_margin * depth / ONE_PLY;
            self.excluded[pu] = h.mv;
            let v = self.search(sbeta - 1, sbeta, (whole - 1) / 2 * ONE_PLY, ply, cut);
            self.excluded[pu] = 0;
            if self.abort {
                return 0;
            }
            if v < sbeta {
                se_ext = 1;
            } else if sbeta >= beta {
                return sbeta;
            }
        }
        if moves.is_empty() {
            // No candidate at all: a full board (a draw), or, facing an open three, no legal
            // defence and no four (renju black, every defence forbidden): the three becomes a
            // straight four next and a five after it.
            return if danger.is_none() && self.opp_open_three() { -win_in(ply, 4) } else { 0 };
        }
        // Threat extension: the replies to an open three (the defences and our own fours) cost
        // no depth when there are at most `ext_defend` of them, as the replies to a four cost
        // none; the attacker's threes still do.
        let ext =
            (moves.len() <= p.ext_defend as usize && pu < MAX_PLY / 3 && danger.is_none() && self.opp_open_three())
                as i32;
        let new_depth = depth - ONE_PLY + ext * ONE_PLY;
        let me = self.side.idx();
        let mut best = -INF;
        let mut best_move = moves[0].0;
        let alpha_orig = alpha;
        // Futility: near the horizon, quiet moves cannot lift a hopeless static value.
        let futile = depth <= 2 * ONE_PLY
            && !pv_node
            && self.params.futility_margin > 0
            && alpha.abs() < WIN_MIN
            && prune_e + self.params.futility_margin * depth / ONE_PLY <= alpha;
        // Late-move pruning: near the horizon only the first few quiet moves are searched.
        let lmp_limit = if !pv_node && depth <= self.params.lmp_depth * ONE_PLY && alpha.abs() < WIN_MIN {
            (self.params.lmp_base + plies * plies).max(1) as usize
        } else {
            usize::MAX
        };
        let mut tried: SmallVec<[usize; 32]> = SmallVec::new();
        let mut pol_best: Option<i32> = None;
        // Moves past `kept` (the node's move cap) are searched only when every kept move loses
        // by force (`widen_lost`): then they come too, in order, before the node is called lost.
        let mut limit = kept;
        for n in 0..moves.len() {
            if n == limit {
                if best > -WIN_MIN {
                    break;
                }
                moves[limit..].sort_unstable_by(by_score);
                limit = moves.len();
            }
            let (m, score) = moves[n];
            let quiet = score < self.params.order_own[Threat::OpenThree as usize];
            if futile && n > 0 && quiet {
                continue;
            }
            if n >= lmp_limit && !self.tactical(m) {
                continue;
            }
            if n >= mc_limit && best > -WIN_MIN && (p.mcp == 1 || !self.tactical(m)) {
                continue;
            }
            if m as u16 == excluded {
                continue;
            }
            let new_depth = if se_ext > 0 && m as u16 == tt_move { new_depth + se_ext * ONE_PLY } else { new_depth };
            let own_t = self.b.threat(m, self.side);
            let new_depth = if likely_fh && own_t < Threat::Four { new_depth - ONE_PLY } else { new_depth };
            // Policy-based reduction: plies by how far the move's policy score lies below the
            // best of the node's moves (POLICY_FP units).
            let pol_r = if p.pol_red > 0 && n >= 1 && depth >= 2 * ONE_PLY && !self.tactical(m) {
                let me_c = self.side;
                let top = *pol_best.get_or_insert_with(|| {
                    moves[..limit].iter().map(|&(q, _)| policy_score(&self.b, q, me_c)).max().unwrap_or(0)
                });
                let gap = top - policy_score(&self.b, m, me_c);
                if p.pol_red_frac > 0 {
                    // in sixteenths of a ply, continuous in the gap
                    (gap * 100 * ONE_PLY / (POLICY_FP as i32 * p.pol_red)).clamp(0, p.pol_red_max * ONE_PLY)
                } else {
                    (gap * 100 / (POLICY_FP as i32 * p.pol_red)).clamp(0, p.pol_red_max) * ONE_PLY
                }
            } else {
                0
            };
            self.make(m, pu);
            let mut v;
            if n == 0 {
                v = -self.search(-beta, -alpha, new_depth, ply + 1, !cut);
            } else {
                let reducible = quiet || (p.lmr_tact > 0 && !self.strong(m));
                let min_depth = if p.lmr_tact >= 2 { 2 } else { 3 };
                let d = whole;
                let r = if depth >= min_depth * ONE_PLY && n >= self.params.lmr_after && reducible {
                    if self.params.lmr_log_div > 0 {
                        let lr = ((d as f32).ln() * (n as f32).ln() * 100.0 / self.params.lmr_log_div as f32) as i32;
                        lr.clamp(1, (d - 2).max(1))
                    } else {
                        1 + (n >= self.params.lmr2_after) as i32
                    }
                } else {
                    0
                } * ONE_PLY;
                // the extra plies (policy, distance) never take the child below depth 1
                let far_on = p.lmr_far >= 2 || (p.lmr_far == 1 && self.b.rule() != Rule::Renju);
                let far = (far_on && quiet && depth >= 3 * ONE_PLY && self.far_from_recent(m)) as i32 * ONE_PLY;
                // more for the late moves of an expected fail-high node (`cut_lmr`)
                let more = (r > 0 && cut) as i32 * p.cut_lmr[rj] * ONE_PLY;
                // more when the position is not improving (`lmr_improving`)
                let more = more + (r > 0 && !improving) as i32 * p.lmr_improving * ONE_PLY;
                let extra = pol_r + far + more;
                let r = if extra > 0 { (r + extra).min(new_depth - ONE_PLY).max(r) } else { r };
                // a ply less for an open three or better that goes on our attack of two plies
                // up (`lmr_cont`)
                let cont = p.lmr_cont[rj] > 0 && own_t >= Threat::OpenThree && pu >= 2 && self.attack_at[pu - 2];
                let r = if cont { (r - ONE_PLY).max(0) } else { r };
                // a ply less for a move with a good history (`lmr_hist`)
                let r = if p.lmr_hist > 0 && r > 0 && self.history[m][me] / 16 >= p.lmr_hist { r - ONE_PLY } else { r };
                v = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, r > 0 || !cut);
                if v > alpha && r > 0 {
                    v = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, !cut);
                }
                if v > alpha && v < beta {
                    v = -self.search(-beta, -alpha, new_depth, ply + 1, false);
                }
            }
            self.undo();
            if self.abort {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    self.update_pv(pu, m);
                    if v >= beta {
                        if !quiet {
                            tried.clear();
                        }
                        if p.counter_move > 0
                            && let Some((q, _)) = self.b.last_move()
                        {
                            self.counters[q][me] = m as u16;
                        }
                        let k = &mut self.killers[pu];
                        if k[0] != m as u16 {
                            k[1] = k[0];
                            k[0] = m as u16;
                        }
                        if self.params.hist_malus > 0 {
                            let bonus = whole * whole;
                            let gravity = |h: &mut i32, d: i32| *h += d - *h * d.abs() / 16384;
                            gravity(&mut self.history[m][me], bonus);
                            for &q in &tried {
                                gravity(&mut self.history[q][me], -bonus);
                            }
                        } else {
                            self.history[m][me] += whole * whole;
                        }
                        break;
                    }
                }
            }
            if p.hist_malus > 0 && quiet && tried.len() < tried.inline_size() {
                tried.push(m);
            }
        }
        let bound = Bound::of(best, alpha_orig, beta);
        self.tt.store(key, ply, best, 0, whole, bound, best_move as u16);
        // The correction learns from nodes whose result says more than the static value: not
        // a fail high at or below it, nor a fail low at or above it, nor a decided result.
        if let Some(s) = corr_slot
            && excluded == 0
            && danger.is_none()
            && best.abs() < WIN_MIN
            && !(bound == Bound::Lower && best <= raw_e)
            && !(bound == Bound::Upper && best >= raw_e)
        {
            let err = (best - static_e).clamp(-CORR_ERR_MAX, CORR_ERR_MAX) * 16;
            let w = (whole + 1).min(16);
            for (k, s) in s.into_iter().enumerate() {
                if [self.corr_pct(), p.corr_moves][k] > 0 {
                    let e = &mut self.corr[s];
                    *e += (err - *e) * w / p.corr_rate;
                }
            }
        }
        best
    }

    /// Beyond the horizon only our own fours are tried (the reply to a four is forced), so a
    /// VCF that starts at the horizon is seen; `depth` counts down from 0 to bound it. With
    /// `qvcf_nodes` (the default) the threat solver looks for that VCF instead, and the static
    /// value stands when it finds none.
    fn qsearch(&mut self, mut alpha: Value, beta: Value, ply: i32, depth: i32) -> Value {
        let e = evaluate(&mut self.b, self.side, self.params);
        let mut stand = self.corrected(e).0;
        let p = self.params;
        // Fours of the solver's VCF beyond the horizon (with `qvcf_nodes`).
        let vcf_depth = (p.qsearch_plies / 2).max(1) as u32;
        if p.qvcf_threat > 0 && p.qvcf_nodes > 0 && stand > alpha && stand.abs() < WIN_MIN {
            // The opponent threatens a VCF: the move we still have goes to stopping it.
            if opp_vcf(&mut self.b, self.side.opp(), &mut self.vcf_cache, vcf_depth, p.qvcf_nodes).is_some() {
                stand -= p.qvcf_threat;
            }
        }
        if stand >= beta || depth <= -self.params.qsearch_plies * ONE_PLY {
            return stand;
        }
        // Four sequences transpose a lot: quiescence results are kept at depth 0.
        let key = self.key();
        let mut tt_move = 0;
        if let Some(h) = self.tt.probe(key, ply) {
            tt_move = h.mv;
            let cut = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.value >= beta,
                Bound::Upper => h.value <= alpha,
            };
            if cut {
                return h.value;
            }
        }
        let me = self.side;
        if p.qvcf_nodes > 0 {
            // `opp_vcf` asks for any side's VCF as if it were to move: here our own.
            return match opp_vcf(&mut self.b, me, &mut self.vcf_cache, vcf_depth, p.qvcf_nodes) {
                Some(line) => win_in(ply, line_plies(&mut self.b, &line, me)),
                None => stand,
            };
        }
        let alpha_orig = alpha;
        alpha = alpha.max(stand);
        let mut fours: Vec<(usize, i32)> = Vec::new();
        for t in [Threat::Four, Threat::FourThree] {
            for i in self.b.cells_with(me, t).iter() {
                let bonus = if i as u16 == tt_move { 1 << 24 } else { 0 };
                fours.push((i, move_score(&self.b, i, me, self.params) + bonus));
            }
        }
        if fours.is_empty() {
            return stand;
        }
        fours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        fours.truncate(self.params.qsearch_moves);
        let mut best = stand;
        let mut best_move = 0u16;
        let pu = ply as usize;
        for (m, _) in fours {
            if !self.legal(m) {
                continue;
            }
            self.make(m, pu);
            let v = -self.search(-beta, -alpha, depth - 2 * ONE_PLY, ply + 1, false);
            self.undo();
            if self.abort {
                return 0;
            }
            if v > best {
                best = v;
                best_move = m as u16;
                if v > alpha {
                    alpha = v;
                    self.update_pv(pu, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, alpha_orig, beta);
        self.tt.store(key, ply, best, stand, 0, bound, best_move);
        best
    }

    /// Searches the root moves at `depth` inside (alpha, beta); reorders `moves` by result.
    fn root(
        &mut self,
        moves: &mut [(usize, i32)],
        depth: i32,
        mut alpha: Value,
        beta: Value,
        on_event: &mut dyn FnMut(Event),
    ) -> (Value, usize) {
        let mut best = -INF;
        let mut best_i = 0;
        self.pv_len[0] = 0;
        for n in 0..moves.len() {
            let m = moves[n].0;
            if depth >= 3 {
                on_event(Event::Searching(self.b.pos(m)));
            }
            // root LMR: late quiet root moves are first searched a ply shallower
            let r = (self.params.root_lmr > 0
                && depth >= 3
                && n >= self.params.root_lmr as usize
                && moves[n].1 < self.params.order_own[Threat::OpenThree as usize]
                && !self.tactical(m)) as i32;
            self.make(m, 0);
            let mut v;
            if n == 0 {
                v = -self.search(-beta, -alpha, (depth - 1) * ONE_PLY, 1, false);
            } else {
                v = -self.search(-alpha - 1, -alpha, (depth - 1 - r) * ONE_PLY, 1, true);
                if v > alpha && r > 0 {
                    v = -self.search(-alpha - 1, -alpha, (depth - 1) * ONE_PLY, 1, true);
                }
                if v > alpha && v < beta {
                    v = -self.search(-beta, -alpha, (depth - 1) * ONE_PLY, 1, false);
                }
            }
            self.undo();
            if self.abort {
                break;
            }
            if v > best {
                best = v;
                best_i = n;
                if v > alpha {
                    alpha = v;
                    self.update_pv(0, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if best_i > 0 {
            let m = moves[best_i];
            moves.copy_within(0..best_i, 1);
            moves[0] = m;
        }
        (best, best_i)
    }

    fn progress(&self, depth: i32, value: Value) -> Progress {
        Progress {
            depth: depth as u32,
            seldepth: self.seldepth as u32,
            value,
            nodes: self.shared_nodes.load(Ordering::Relaxed) + (self.nodes & (CHECK_EVERY - 1)),
            elapsed: self.start.elapsed(),
            pv: self.pv[0][..self.pv_len[0]].iter().map(|&i| self.b.pos(i as usize)).collect(),
        }
    }

    /// `vbest_permille`: once `vbest_at` permille of the turn has passed, the best root move
    /// (then, if it falls, the next ones in the list's order) is checked: does the opponent
    /// have a VCT after it (at most `vbest_nodes` solver nodes a move, `vbest_permille` of the
    /// turn in all)? Moves proven to lose leave the root list, never the last one. Returns
    /// whether any left it (the list's first move is then the new choice). Not under a node
    /// limit (a node-limited search stays reproducible: the checks are bounded by time too).
    fn verify_root(&mut self, moves: &mut Vec<(usize, i32)>, v: &mut RootVerify) -> bool {
        let p = self.params;
        let lim = self.limits;
        if p.vbest_permille == 0 || lim.max_nodes.is_some() || self.helper_offset != 0 {
            return false;
        }
        let Some(solver) = self.root_solver.as_deref_mut() else {
            return false;
        };
        let max = lim.budget.maximum;
        let elapsed = self.start.elapsed();
        if elapsed < max * p.vbest_at / 1000 {
            return false;
        }
        let slice = max * p.vbest_permille / 1000;
        let me = self.side;
        let opp = me.opp();
        let mut dropped = false;
        while moves.len() > 1 && v.checked.len() < p.vbest_moves as usize {
            let m = moves[0].0;
            if v.checked.contains(m) {
                break; // checked before, and it stood
            }
            let left = slice.saturating_sub(v.spent).min(max.saturating_sub(self.start.elapsed()));
            if left.is_zero() || self.stop.load(Ordering::Relaxed) {
                break;
            }
            v.checked.insert(m);
            let t0 = Instant::now();
            self.b.make(m, me);
            let lost = solver
                .vct(
                    &mut self.b,
                    opp,
                    &SolveLimits::vct_probe(p.vbest_depth, p.vbest_nodes)
                        .with_vcf_threats(p.vbest_threats > 0)
                        .with_time(left),
                    self.stop,
                )
                .is_win();
            self.b.undo();
            v.spent += t0.elapsed();
            log::debug!(
                "verify_root: {} {} ({:?})",
                self.b.pos(m),
                if lost { "falls" } else { "stands" },
                t0.elapsed()
            );
            if !lost {
                break;
            }
            moves.remove(0);
            dropped = true;
        }
        dropped
    }

    /// Iterative deepening. `None` only if the root has no legal move.
    fn iterate(&mut self, on_event: &mut dyn FnMut(Event)) -> Option<SearchResult> {
        let mut forced = None;
        let root_verdict = self.threat_verdict(0, &mut forced);
        if let Some(v) = root_verdict {
            if self.pv_len[0] > 0 {
                let p = self.progress(1, v);
                on_event(Event::Iteration(p.clone()));
                return Some(SearchResult { best: p.pv[0], progress: p });
            }
        }
        let mut moves = match forced {
            Some(i) => vec![(i, 0)],
            None => {
                let danger = self.danger(0, 1, true);
                self.gen_moves(0, 0, 1, true, danger.as_ref()).0
            }
        };
        if moves.is_empty() {
            return None;
        }
        let forced_only = moves.len() == 1;
        if moves.iter().any(|m| !self.root_excluded.contains(m.0)) {
            moves.retain(|m| !self.root_excluded.contains(m.0));
        }
        // The only move under a binding turn limit (no game clock to save time for): with
        // `think_forced` the move is searched as usual, which fills the table for the next turn.
        // The turn's time is there to use (no game clock, no node or depth limit).
        let spare_time =
            self.limits.budget.turn_bound() && self.limits.max_nodes.is_none() && self.limits.max_depth.is_none();
        let think_on = forced_only && root_verdict.is_none() && self.params.think_forced > 0 && spare_time;
        if (forced_only && !think_on) || root_verdict.is_some() {
            // a lost position with a legal move, or the only move: answer at once
            let r = SearchResult::single(self.b.pos(moves[0].0), 1, root_verdict.unwrap_or(0), 1, self.start.elapsed());
            on_event(Event::Iteration(r.progress.clone()));
            return Some(r);
        }
        let max_depth = self.limits.max_depth.map_or(MAX_PLY as i32 - 8, |d| (d as i32).max(1));
        let mut result: Option<SearchResult> = None;
        let mut verify = RootVerify::default();
        let mut last_value = 0;
        let (mut prev_value, mut prev_best, mut stable, mut won_streak) = (0, None, 0u32, 0u32);
        let skip = self.params.smp_skip > 0 && self.helper_offset > 0;
        let mut depth = if skip { 1 } else { 1 + (self.helper_offset % 2) };
        while depth <= max_depth {
            if skip && depth < max_depth && skip_depth(self.helper_offset, depth) {
                depth += 1;
                continue;
            }
            let iteration_start = self.start.elapsed();
            self.seldepth = 0;
            let (mut alpha, mut beta) = if depth >= 4 {
                (last_value - self.params.aspiration, last_value + self.params.aspiration)
            } else {
                (-INF, INF)
            };
            let (mut value, _) = self.root(&mut moves, depth, alpha, beta, on_event);
            // A value outside the window: searched again with the full window, or with
            // `asp_widen` with the failing side's margin doubled each time (a decided value,
            // or a margin past 1000, opens it fully).
            let mut delta = self.params.aspiration;
            while !self.abort && (value <= alpha || value >= beta) {
                if self.params.asp_widen > 0 && value.abs() < WIN_MIN && delta < 1000 {
                    delta *= 2;
                    if value <= alpha {
                        alpha = (value - delta).max(-INF);
                    } else {
                        beta = (value + delta).min(INF);
                    }
                } else {
                    alpha = -INF;
                    beta = INF;
                }
                let r = self.root(&mut moves, depth, alpha, beta, on_event);
                value = r.0;
            }
            if self.abort {
                // a move searched in the aborted iteration that beat the previous best counts
                if self.pv_len[0] > 0 && result.is_some() && moves[0].0 as u16 == self.pv[0][0] {
                    let best = self.b.pos(moves[0].0);
                    if let Some(r) = result.as_mut() {
                        if r.best != best && value > last_value {
                            r.best = best;
                            r.progress.pv = vec![best];
                        }
                    }
                }
                break;
            }
            last_value = value;
            let p = self.progress(depth, value);
            let best = self.b.pos(moves[0].0);
            on_event(Event::Iteration(p.clone()));
            result = Some(SearchResult { best, progress: p });
            let elapsed = self.start.elapsed();
            // A win claimed by the capped search, not yet checked with every move (`verify_win`).
            let unverified = value >= WIN_MIN && self.params.verify_win > 0 && !self.widened() && spare_time;
            if value.abs() >= WIN_MIN && depth > WIN - value.abs() {
                // A loss proven by the capped search, with the turn's time still there to use:
                // look on with every move, deeper, for a defence or the longest resistance.
                let look_on = value < 0 && self.params.think_lost > 0 && spare_time;
                if !look_on && !unverified {
                    break; // a proven result needs no deeper search
                }
                self.widen = true;
            }
            // A win that the last iterations agree on (same move, a win each time) is played at
            // once; a loss is searched on, as a deeper search may still find a defence.
            let same_move = prev_best == Some(best);
            stable = if same_move { stable + 1 } else { 0 };
            won_streak = if value >= WIN_MIN && same_move { won_streak + 1 } else { 0 };
            let streak = self.params.win_streak[self.rj()];
            if streak > 0 && won_streak >= streak as u32 {
                if !unverified {
                    break;
                }
                // checked from the next iteration on, which must claim it again
                self.widen = true;
                won_streak = 0;
            }
            // The chosen move checked with the threat solver: does the opponent win by VCT
            // after it? A move proven to lose is dropped and the next one checked
            // (`vbest_permille`).
            let dropped = value.abs() < WIN_MIN && self.verify_root(&mut moves, &mut verify);
            if dropped {
                let best = self.b.pos(moves[0].0);
                if let Some(r) = result.as_mut() {
                    r.best = best;
                    r.progress.pv = vec![best];
                }
                stable = 0;
            }
            let falling = if depth > 1 { prev_value - value } else { 0 };
            prev_value = value;
            // after a drop the next iteration's move is a new one
            prev_best = if dropped { None } else { Some(best) };
            // Under a binding turn limit the soft limit is the maximum: iterations go on until
            // the hard stop (an iteration cut short still improves the move when its first
            // moves beat the previous best). Under a game clock an iteration starts only while
            // the soft limit is not reached and the last iteration's time still fits.
            let budget = &self.limits.budget;
            if elapsed >= budget.soft_limit(falling, stable) {
                break;
            }
            let last_iteration = elapsed - iteration_start;
            if !budget.turn_bound() && elapsed + last_iteration >= budget.maximum {
                break;
            }
            depth += 1;
        }
        self.shared_nodes.fetch_add(self.nodes & (CHECK_EVERY - 1), Ordering::Relaxed);
        if result.is_none() {
            // not even depth 1 finished: the best-ordered legal move
            result = Some(SearchResult::single(self.b.pos(moves[0].0), 0, 0, self.nodes, self.start.elapsed()));
        }
        result
    }
}

/// Positions for `pbrain-gorin bench`: (rule, size, moves).
pub const BENCH_POSITIONS: &[(Rule, usize, &str)] = &[
    (Rule::Freestyle, 15, "h8"),
    (Rule::Freestyle, 15, "h8i9j10h9h10g9"),
    (Rule::Freestyle, 15, "h8i9g9i7i8g8j10h10"),
    (Rule::Freestyle, 20, "j10k11l10k10k9j9"),
    (Rule::Freestyle, 20, "j10k11k10j11l12"),
    (Rule::Standard, 15, "h8i9j8i8i7h7g6j10"),
    (Rule::Standard, 15, "h8h9i8g8j8k8i9"),
    (Rule::Renju, 15, "h8i9j10h9g9i7i8"),
    (Rule::Renju, 15, "h8h9i7i9h10i6i11i12"),
    (Rule::Renju, 15, "h8i9i8j8g8f8g9h10"),
    (Rule::Caro, 15, "h8i9j8i8i7h7"),
    // midgames from engine-vs-engine games
    (
        Rule::Freestyle,
        15,
        "k14g11i12g13g12i15j12k12d8j13h13f12i14h14e11f11f10i11j10j11h11f13e8h10e13h15e15e12c8f8e9d11g14",
    ),
    (Rule::Freestyle, 15, "k14g11i12g13g12i15j12k12d8i11j11h11j10j9j14j13h13f11e11k10l11i9k11l10f12h12"),
    (Rule::Freestyle, 15, "j4j8n9l6k10m4k7k6j6l8j7m6k8m7k9k11m5l9l7j5h4"),
];

/// Searches every bench position to `depth` with one thread and a fresh 16 MiB table.
/// Returns per-position (nodes, best move) and the total time.
pub fn bench(depth: u32, tweaks: &[(String, i64)]) -> Result<(Vec<(u64, Pos)>, std::time::Duration), String> {
    let start = Instant::now();
    let mut out = Vec::new();
    for &(rule, size, moves) in BENCH_POSITIONS {
        let mv = crate::core::parse_move_string(moves).expect("bench position");
        let game = Game::from_moves(size, size, rule, &mv).expect("bench position");
        let mut s = Searcher::new(16 << 20);
        // the bench measures the alpha-beta search alone (the probes are bounded by time)
        s.params.root_vcf_permille = 0;
        s.params.root_vct_permille = 0;
        s.params.root_defence_permille = 0;
        for (name, v) in tweaks {
            s.params.set(name, *v)?;
        }
        let limits = Limits {
            budget: super::Budget {
                optimum: std::time::Duration::from_secs(3600),
                maximum: std::time::Duration::from_secs(3600),
            },
            max_depth: Some(depth),
            max_nodes: None,
        };
        let stop = AtomicBool::new(false);
        let r = s.think(&game, &limits, &stop, &mut |_| {}).expect("bench position has moves");
        out.push((r.progress.nodes, r.best));
    }
    Ok((out, start.elapsed()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_move_string;
    use std::time::Duration;

    fn game(rule: Rule, moves: &str) -> Game {
        Game::from_moves(15, 15, rule, &parse_move_string(moves).unwrap()).unwrap()
    }

    #[test]
    fn a_legal_straight_four_of_the_double_three_class_is_found() {
        // 珠々の詰連珠#189 of the renju problem collection (white to move): black's g9 makes
        // the straight four e7-h10 and two threes (the class of a double three); the exact
        // rule finds it legal, so black threatens a straight four.
        let mut g = game(Rule::Renju, "g6h6j6d7e7f7g7h7f8j8i8f9h8h9h10");
        let g9 = g.board.idx(Pos::new(6, 8));
        assert_eq!(g.board.threat(g9, Color::Black), Threat::ThreeThree);
        assert_eq!(hidden_straight_four(&mut g.board, Color::Black), Some(g9));
        assert_eq!(hidden_straight_four(&mut g.board, Color::White), None);
        // the same stones in freestyle: g9 has the straight-four class itself
        let mut f = game(Rule::Freestyle, "g6h6j6d7e7f7g7h7f8j8i8f9h8h9h10");
        assert_eq!(f.board.threat(g9, Color::Black), Threat::OpenFour);
        assert_eq!(hidden_straight_four(&mut f.board, Color::Black), None);
    }

    fn think(g: &Game, depth: u32) -> SearchResult {
        think_with_knobs(g, &[], depth)
    }

    /// A search of `g` to `depth` with the knobs set (a fresh table, no time limit).
    fn think_with_knobs(g: &Game, knobs: &[(&str, i64)], depth: u32) -> SearchResult {
        let mut s = Searcher::new(1 << 20);
        for &(k, v) in knobs {
            s.params_mut().set(k, v).unwrap();
        }
        let limits = Limits {
            budget: super::super::Budget { optimum: Duration::from_secs(60), maximum: Duration::from_secs(60) },
            max_depth: Some(depth),
            max_nodes: None,
        };
        s.think(g, &limits, &AtomicBool::new(false), &mut |_| {}).unwrap()
    }

    #[test]
    fn finds_immediate_win_and_block() {
        let g = game(Rule::Freestyle, "h8h9i8i9j8j9k8k9");
        let r = think(&g, 4);
        assert!([Pos::new(6, 7), Pos::new(11, 7)].contains(&r.best));
        assert_eq!(r.progress.value, WIN - 1);
        // white to move must block (black's four h8..k8 with g8/l8 open is already lost)
        let g = game(Rule::Freestyle, "h8h9i8i9j8j9k8");
        let r = think(&g, 4);
        assert!(r.progress.value <= -WIN_MIN, "{:?}", r.progress);
    }

    #[test]
    fn the_correction_learns_keeps_from_move_to_move_and_is_cleared() {
        let g = game(Rule::Freestyle, "h8i9j10h9g9i7i8");
        let mut s = Searcher::new(1 << 20);
        let limits = Limits {
            budget: super::super::Budget { optimum: Duration::from_secs(60), maximum: Duration::from_secs(60) },
            max_depth: Some(6),
            max_nodes: None,
        };
        let stop = AtomicBool::new(false);
        let first = s.think(&g, &limits, &stop, &mut |_| {}).unwrap();
        assert_eq!(s.corr.len(), CORR_LEN);
        assert!(s.corr.iter().any(|&e| e != 0), "no node updated the correction");
        // The learned table changes the next search of the same position (it starts from it).
        let learned = s.corr.clone();
        s.tt.clear();
        let second = s.think(&g, &limits, &stop, &mut |_| {}).unwrap();
        assert_ne!(first.progress.nodes, second.progress.nodes);
        assert_ne!(s.corr, learned);
        s.clear();
        assert!(s.corr.is_empty());
        // Off: no table at all.
        s.params_mut().corr = 0;
        s.think(&g, &limits, &stop, &mut |_| {}).unwrap();
        assert!(s.corr.is_empty());
    }

    #[test]
    fn corr_renju_sets_the_correction_under_renju_alone() {
        let nodes = |rule: Rule, tweak: Option<(&str, i64)>| {
            let g = game(rule, "h8i9j10h9g9i7i8");
            let mut s = Searcher::new(1 << 20);
            if let Some((name, v)) = tweak {
                s.params_mut().set(name, v).unwrap();
            }
            let limits = Limits {
                budget: super::super::Budget { optimum: Duration::from_secs(60), maximum: Duration::from_secs(60) },
                max_depth: Some(6),
                max_nodes: None,
            };
            s.think(&g, &limits, &AtomicBool::new(false), &mut |_| {}).unwrap().progress.nodes
        };
        // Freestyle ignores it; under renju 0 turns the correction off, as `corr=0` does.
        assert_eq!(nodes(Rule::Freestyle, Some(("corr_renju", 0))), nodes(Rule::Freestyle, None));
        let renju_off = nodes(Rule::Renju, Some(("corr_renju", 0)));
        assert_ne!(renju_off, nodes(Rule::Renju, None));
        assert_eq!(renju_off, nodes(Rule::Renju, Some(("corr", 0))));
    }

    #[test]
    fn the_widening_window_reruns_a_failed_window_and_keeps_a_forced_win() {
        // Black's open three h8 i8 j8 to move (white's h9 i9 j9 is one too): g8 or k8 makes
        // a straight four, which wins before white's three does.
        let g = game(Rule::Freestyle, "h8h9i8i9j8j9");
        for widen in [0, 1] {
            let r = think_with_knobs(&g, &[("asp_widen", widen)], 5);
            assert!(r.progress.value >= WIN_MIN, "asp_widen={widen}: {}", r.progress.value);
            assert!(["g8", "k8"].contains(&r.best.to_notation().as_str()), "{}", r.best.to_notation());
        }
        // A quiet position (bench position 5) whose value leaves the first window at depth 8:
        // the widened re-search runs (the node count differs) and finds the same move.
        let q = Game::from_moves(20, 20, Rule::Freestyle, &parse_move_string("j10k11k10j11l12").unwrap()).unwrap();
        let (off, on) = (think_with_knobs(&q, &[("asp_widen", 0)], 8), think_with_knobs(&q, &[("asp_widen", 1)], 8));
        assert_ne!(off.progress.nodes, on.progress.nodes);
        assert_eq!(off.best, on.best);
    }

    #[test]
    fn deterministic_node_counts() {
        let g = game(Rule::Renju, "h8i9j10h9g9i7i8");
        let a = think(&g, 5);
        let b = think(&g, 5);
        assert_eq!(a.best, b.best);
        assert_eq!(a.progress.nodes, b.progress.nodes);
    }

    #[test]
    fn a_proven_loss_is_searched_on_under_a_turn_limit() {
        // black has two open threes far apart: white blocks one, black opens the other
        let g = game(Rule::Freestyle, "f8a15g8c15h8e15k3o1k4o15k5");
        let think_with = |think_lost: i64| {
            let mut s = Searcher::new(1 << 20);
            s.params.set("think_lost", think_lost).unwrap();
            let limits = Limits { budget: super::super::Budget::whole(5_000), max_depth: None, max_nodes: None };
            s.think(&g, &limits, &AtomicBool::new(false), &mut |_| {}).unwrap()
        };
        let (on, off) = (think_with(1), think_with(0));
        assert!(on.progress.value <= -WIN_MIN && off.progress.value <= -WIN_MIN, "{on:?} {off:?}");
        // without it the search stops once the depth passes the mate distance; with it the
        // iterations go on (here to the deepest, since nothing defends)
        assert!(off.progress.depth as i32 <= WIN + off.progress.value + 1, "{off:?}");
        assert!(on.progress.depth > off.progress.depth + 20, "{on:?} {off:?}");
    }

    #[test]
    fn a_win_searched_on_without_the_streak_stop_is_still_played() {
        // the side to move has two open threes far apart, the other side has played away: a
        // win, with the streak stop and without; black attacks in freestyle, white in renju
        for (rule, moves, attacker) in [
            (Rule::Freestyle, "f8a15g8c15h8e15k3o1k4o15k5a1", Color::Black),
            (Rule::Renju, "a15f8c15g8e15h8o1k3o15k4a2k5a3", Color::White),
        ] {
            let g = game(rule, moves);
            let think_with = |streak: i64| {
                let mut s = Searcher::new(1 << 20);
                s.params.set("win_streak", streak).unwrap();
                let limits = Limits { budget: super::super::Budget::whole(1_000), max_depth: None, max_nodes: None };
                s.think(&g, &limits, &AtomicBool::new(false), &mut |_| {}).unwrap()
            };
            for r in [think_with(0), think_with(2)] {
                assert!(r.progress.value >= WIN_MIN, "{rule:?} {r:?}");
                let b = g.board.clone();
                let i = b.idx(r.best);
                assert_eq!(b.threat(i, attacker), Threat::OpenFour, "{rule:?} {r:?}");
            }
        }
    }

    /// The searcher's table outlives a game, and a GUI may change the rule between games: the
    /// same stones under another rule are another position, with other table keys.
    #[test]
    fn table_keys_depend_on_the_rule() {
        let tt = Tt::new(1 << 16);
        let limits = Limits { budget: super::super::Budget::whole(1_000), max_depth: None, max_nodes: None };
        let (stop, nodes, params) = (AtomicBool::new(false), AtomicU64::new(0), Params::default());
        let key = |rule| {
            let g = game(rule, "h8i9j10");
            Worker::new(g.board, g.to_move, &params, &tt, &limits, &stop, &nodes, Instant::now()).key()
        };
        let keys: Vec<u64> = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro].into_iter().map(key).collect();
        for (i, k) in keys.iter().enumerate() {
            assert!(!keys[..i].contains(k), "{keys:x?}");
        }
        assert_eq!(key(Rule::Renju), keys[2]);
    }

    #[test]
    fn the_counter_move_changes_the_order_and_keeps_the_move() {
        // Bench position 5 (quiet, freestyle 20x20) to depth 7: with the counter move on, the
        // moves that cut off before are tried earlier (fewer or more nodes, never the same
        // tree), and the answer is the same move.
        let q = Game::from_moves(20, 20, Rule::Freestyle, &parse_move_string("j10k11k10j11l12").unwrap()).unwrap();
        let (off, on) =
            (think_with_knobs(&q, &[("counter_move", 0)], 7), think_with_knobs(&q, &[("counter_move", 1 << 18)], 7));
        assert_ne!(off.progress.nodes, on.progress.nodes);
        assert_eq!(off.best, on.best);
    }

    /// Every pruning and extension knob on (most are off by default): the threat rules still
    /// decide the forced positions, and the search still finds the win in three.
    #[test]
    fn pruning_knobs_keep_the_tactics() {
        let knobs = [
            ("lmp_depth", 3),
            ("razor_margin", 150),
            ("nmp_depth", 2),
            ("ext_defend", 3),
            ("root_lmr", 2),
            ("lmr_log_div", 150),
            ("iir_depth", 3),
            ("four_ext", 4),
            ("pol_red_frac", 1),
            ("widen_lost", 1),
            ("fh_margin", 5),
            ("tt_eval", 1),
            ("cut_lmr", 2),
            ("lmr_cont", 1),
            ("counter_move", 1 << 18),
            ("lmr_improving", 1),
            ("lmr_hist", 1),
        ];
        let think_with = |g: &Game, depth: u32| think_with_knobs(g, &knobs, depth);
        let r = think_with(&game(Rule::Freestyle, "h8a1i8a3j8a5"), 5);
        assert_eq!(r.progress.value, WIN - 3, "{:?}", r.progress);
        let r = think_with(&game(Rule::Freestyle, "h8h9i8i9j8j9k8"), 5);
        assert!(r.progress.value <= -WIN_MIN, "{:?}", r.progress);
        // white must stop black's open three h8-j8 (or lose): the reply is one of its ends
        // or far points, and the value is not a loss at depth 5
        let g = game(Rule::Freestyle, "h8h10i8i10j8");
        let r = think_with(&g, 5);
        let stops = parse_move_string("g8k8f8l8").unwrap();
        assert!(stops.contains(&r.best), "{:?}", r);
    }

    /// Each of the two LMR knobs changes the tree (so the switch is wired) and keeps a win.
    #[test]
    fn the_lmr_improving_and_history_knobs_change_the_tree() {
        let g = game(Rule::Freestyle, "h8h9i8i9g7j10f9k7");
        let base = think_with_knobs(&g, &[], 7).progress.nodes;
        for knob in [("lmr_improving", 1), ("lmr_hist", 1)] {
            let n = think_with_knobs(&g, &[knob], 7).progress.nodes;
            assert_ne!(n, base, "{knob:?} searched the same tree");
        }
        let win = game(Rule::Freestyle, "h8a1i8a3j8a5");
        for knob in [("lmr_improving", 1), ("lmr_hist", 1)] {
            assert_eq!(think_with_knobs(&win, &[knob], 5).progress.value, WIN - 3, "{knob:?}");
        }
    }

    #[test]
    fn skip_schedule_spreads_the_helpers() {
        // helper 1 searches the even depths, helper 2 the odd ones, helper 3 two of every four
        let searched = |t: i32| (1..=8).filter(|&d| !skip_depth(t, d)).collect::<Vec<_>>();
        assert_eq!(searched(1), vec![2, 4, 6, 8]);
        assert_eq!(searched(2), vec![1, 3, 5, 7]);
        assert_eq!(searched(3), vec![1, 4, 5, 8]);
    }

    #[test]
    fn two_threads_with_the_skip_schedule_answer() {
        let g = game(Rule::Freestyle, "h8a1i8a3j8a5");
        let mut s = Searcher::new(1 << 20);
        s.params.set("threads", 2).unwrap();
        s.params.set("smp_skip", 1).unwrap();
        let limits = Limits {
            budget: super::super::Budget { optimum: Duration::from_secs(60), maximum: Duration::from_secs(60) },
            max_depth: Some(4),
            max_nodes: None,
        };
        let r = s.think(&g, &limits, &AtomicBool::new(false), &mut |_| {}).unwrap();
        assert_eq!(r.progress.value, WIN - 3, "{:?}", r.progress);
    }

    #[test]
    fn finds_win_by_four_three() {
        // black: h8 i8 j8 (open three, row 8) and white stones elsewhere; black to move wins with
        // k8/g8 (open four) → mate in 3 plies
        let g = game(Rule::Freestyle, "h8a1i8a3j8a5");
        let r = think(&g, 3);
        assert_eq!(r.progress.value, WIN - 3, "{:?}", r.progress);
    }
}
