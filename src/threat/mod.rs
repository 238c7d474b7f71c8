//! Threat-space search: VCF and VCT solvers with replayable proofs (issue 4).
//!
//! - [`vcf`](mod@vcf) / [`ThreatSolver::vcf`]: does the side to move win by continuous fours?
//! - [`vct`](mod@vct) / [`ThreatSolver::vct`]: … by threes and fours, against every defence?
//! - [`vcf_quick`]: an allocation-free VCF probe for the main search's horizon.
//!
//! In every entry point the **attacker is the side to move**. The defender may have a five
//! threat pending (a four on the board): then the attacker's only non-losing moves are making
//! his own five or blocking it. Both solvers handle that: if the attacker has a five he plays
//! it; else if the defender has two five points there is no win; else the attacker must block
//! the single five point, and the sequence continues only if that block is itself a threat
//! (a four for VCF; a four or a three for VCT).
//!
//! Renju, for both colours: black never attacks on a forbidden point and never defends on one
//! (a white four whose only blocking point is forbidden for black is a win for white); a black
//! three whose straight-four points are all forbidden is no threat; a five is never forbidden.
//! Standard (exact five) and caro (a five blocked at both ends does not win) come from the
//! board's line tables: a "five point" is a point where the move wins under the rule.
//!
//! Soundness: the defender's replies are complete. Against a four they are the points that
//! stop a five; against a three they are every point after which the attacker no longer has a
//! legal straight-four point, plus every counter-four (every reply left out provably loses at
//! once: the attacker still has a legal straight four and the defender no five); against a
//! VCF threat (VCT's second pass) every point after which the attacker has no VCF. Under caro
//! a stone beyond a line's end can spoil a five, so the replies to a four are found by trying
//! the points on the five point's lines, and threes are not used (caro VCT = fours only). The
//! tests in `tests/threat_puzzles.rs` replay every reported win against all defences.
//!
//! Depth is counted in **attacker moves** (a VCF of 11 fours ending in a five has depth 11;
//! a forced block of an opponent's four counts as an attacker move). The df-pn VCT counts only
//! its threes and VCF threats (and forced blocks); its fours are free.
//! Determinism: candidates are generated in index order from the board's bit sets, the
//! transposition table is a plain vector indexed by the Zobrist key.

pub mod pn;
pub mod vcf;
pub mod vct;

use crate::board::Board;
use crate::board::pattern::{Pattern, Threat};
use crate::core::Color;
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Limits of one solver call. `None` means unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Most attacker moves in the threat sequence (VCF: fours; VCT: threes and VCF threats,
    /// the fours between them are not counted).
    pub max_depth: u32,
    /// Most attacker moves of a VCF (stand-alone, or at a VCT node).
    pub vcf_depth: u32,
    pub max_nodes: Option<u64>,
    pub time: Option<Duration>,
    /// VCT only: also count a move that threatens a VCF (e.g. a closed three, or a white move
    /// aiming at a four whose block is forbidden for black) as a threat. The defender's replies
    /// are then every legal point after which the attacker has no VCF. Stronger and slower.
    pub vcf_threats: bool,
    /// VCT only: iterative deepening on the depth budget (1, 2, … `max_depth`) instead of one
    /// search with the whole budget whose deeper moves start with higher proof numbers. The
    /// main search's node-limited probes deepen (see `threat::pn`).
    pub deepen: bool,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits { max_depth: 30, vcf_depth: 30, max_nodes: None, time: None, vcf_threats: true, deepen: false }
    }
}

impl SolveLimits {
    /// VCF limits: `depth` attacker moves.
    pub fn vcf(depth: u32) -> SolveLimits {
        SolveLimits { max_depth: depth, vcf_depth: depth, ..Default::default() }
    }
    /// VCT limits: `depth` attacker moves of threes and fours, VCF leaves up to `vcf_depth`.
    pub fn vct(depth: u32, vcf_depth: u32) -> SolveLimits {
        SolveLimits { max_depth: depth, vcf_depth, ..Default::default() }
    }
    /// The main search's node-limited VCT probe: `depth` threes and fours (no VCF threats,
    /// which cost a VCF search per reply), VCF endings of up to 20 fours, at most `nodes`
    /// nodes, deepening on the depth (the whole-depth search lost there, see `threat::pn`).
    pub fn vct_probe(depth: u32, nodes: u64) -> SolveLimits {
        SolveLimits::vct(depth, 20).with_nodes(nodes).with_vcf_threats(false).with_deepening(true)
    }
    pub fn with_time(mut self, t: Duration) -> SolveLimits {
        self.time = Some(t);
        self
    }
    pub fn with_vcf_threats(mut self, on: bool) -> SolveLimits {
        self.vcf_threats = on;
        self
    }
    pub fn with_deepening(mut self, on: bool) -> SolveLimits {
        self.deepen = on;
        self
    }
    pub fn with_nodes(mut self, n: u64) -> SolveLimits {
        self.max_nodes = Some(n);
        self
    }
}

/// What a solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveResult {
    /// The attacker wins. The main line: attacker and defender moves alternately (padded
    /// indices), from the attacker's first move to his five. It may end with an attacker four
    /// when the defender has no legal block (a renju black defender whose only block is
    /// forbidden).
    Win(Vec<usize>),
    /// No win within the depth limit (the search completed).
    NoWin,
    /// A node or time limit or the stop flag ended the search first.
    Unknown,
}

impl SolveResult {
    pub fn is_win(&self) -> bool {
        matches!(self, SolveResult::Win(_))
    }
    pub fn line(&self) -> Option<&[usize]> {
        match self {
            SolveResult::Win(l) => Some(l),
            _ => None,
        }
    }
}

/// A VCT proof tree: the attacker plays `mv`; `replies` lists every defender reply that does
/// not lose at once, each with the attacker's winning continuation. A reply not listed loses
/// at once: after it the attacker has a five point, or a legal straight-four point while the
/// defender has no five point. An empty list after a five (or after a four the defender cannot
/// legally block) ends the proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub mv: usize,
    pub replies: Vec<(usize, Proof)>,
}

impl Proof {
    /// The main line: follow the last listed reply at each defender turn (the one the solver
    /// explored last).
    pub fn main_line(&self) -> Vec<usize> {
        let mut out = vec![self.mv];
        let mut p = self;
        while let Some((r, next)) = p.replies.last() {
            out.push(*r);
            out.push(next.mv);
            p = next;
        }
        out
    }
    /// Number of attacker moves in the proof tree.
    pub fn size(&self) -> usize {
        1 + self.replies.iter().map(|(_, p)| p.size()).sum::<usize>()
    }
    /// The tree as text: the attacker's first move on the first line; under each attacker
    /// move, one line per listed defender reply, `reply answer`, indented two spaces more than
    /// the move it answers. Lines starting with `#` are comments.
    pub fn to_text(&self, b: &Board) -> String {
        fn walk(p: &Proof, b: &Board, level: usize, out: &mut String) {
            for (r, next) in &p.replies {
                out.push_str(&format!(
                    "{:w$}{} {}\n",
                    "",
                    b.pos(*r).to_notation(),
                    b.pos(next.mv).to_notation(),
                    w = 2 * level
                ));
                walk(next, b, level + 1, out);
            }
        }
        let mut out = format!("{}\n", b.pos(self.mv).to_notation());
        walk(self, b, 1, &mut out);
        out
    }

    /// Reads the text of [`Proof::to_text`] back (moves as indices of `b`).
    pub fn parse_text(b: &Board, text: &str) -> Result<Proof, String> {
        let idx = |s: &str| -> Result<usize, String> {
            let m = crate::core::parse_move_string(s).map_err(|e| e.to_string())?;
            match m.as_slice() {
                [p] => b.idx_checked(*p).ok_or_else(|| format!("{s} is off the board")),
                _ => Err(format!("one move expected, got {s:?}")),
            }
        };
        // The path from the root: (level, node); replies are attached when a node is closed.
        let mut stack: Vec<(usize, usize, Proof)> = Vec::new(); // (level, reply, node)
        let close = |stack: &mut Vec<(usize, usize, Proof)>| {
            let (_, r, node) = stack.pop().unwrap();
            stack.last_mut().unwrap().2.replies.push((r, node));
        };
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let indent = line.len() - line.trim_start().len();
            let f: Vec<&str> = line.split_whitespace().collect();
            let bad = || format!("line {}: {line:?}", n + 1);
            if stack.is_empty() {
                if indent != 0 || f.len() != 1 {
                    return Err(bad());
                }
                stack.push((0, 0, Proof { mv: idx(f[0])?, replies: Vec::new() }));
                continue;
            }
            if indent % 2 != 0 || indent == 0 || f.len() != 2 {
                return Err(bad());
            }
            let level = indent / 2;
            if level > stack.last().unwrap().0 + 1 {
                return Err(bad());
            }
            while stack.last().unwrap().0 >= level {
                close(&mut stack);
            }
            stack.push((level, idx(f[0])?, Proof { mv: idx(f[1])?, replies: Vec::new() }));
        }
        while stack.len() > 1 {
            close(&mut stack);
        }
        stack.pop().map(|(_, _, p)| p).ok_or_else(|| "empty proof".to_string())
    }

    /// A proof from a VCF line (`a d a d … a`): one listed reply per defender turn.
    pub fn from_line(line: &[usize]) -> Proof {
        let mv = line[0];
        if line.len() >= 3 {
            Proof { mv, replies: vec![(line[1], Proof::from_line(&line[2..]))] }
        } else {
            Proof { mv, replies: Vec::new() }
        }
    }
}

/// Counters of the last solver call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Moves made (attacker and defender).
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Outcome of one node of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Res {
    Win,
    Fail,
    Abort,
}

/// Candidate lists live on the stack up to this size.
pub(crate) type Moves = SmallVec<[u16; 64]>;

/// A fail-only threat transposition table: "no win from this position with `depth` attacker
/// moves left". Direct-mapped, replace-always, keyed by `hash ^ tag`.
pub(crate) struct Tt {
    keys: Vec<u64>,
    depth: Vec<u8>,
    mask: usize,
}

impl Tt {
    pub(crate) fn new(entries_log2: u32) -> Tt {
        let n = 1usize << entries_log2;
        Tt { keys: vec![0; n], depth: vec![0; n], mask: n - 1 }
    }
    pub(crate) fn clear(&mut self) {
        self.keys.iter_mut().for_each(|k| *k = 0);
        self.depth.iter_mut().for_each(|d| *d = 0);
    }
    /// Is a fail with at least `depth` moves left recorded?
    #[inline]
    pub(crate) fn failed(&self, key: u64, depth: u32) -> bool {
        let s = key as usize & self.mask;
        self.keys[s] == key && self.depth[s] as u32 >= depth
    }
    #[inline]
    pub(crate) fn store_fail(&mut self, key: u64, depth: u32) {
        let s = key as usize & self.mask;
        if self.keys[s] == key && self.depth[s] as u32 >= depth {
            return;
        }
        self.keys[s] = key;
        self.depth[s] = depth.min(255) as u8;
    }
}

/// Key tags: which question (VCF/VCT) for which attacker.
pub(crate) const TAG_VCF: [u64; 2] = [0x9a3c_51e7_0d24_b86f, 0x41f0_6b9d_e2c8_7a15];
pub(crate) const TAG_VCT: [u64; 2] = [0x2d7e_c3a9_5f18_e640, 0xb6f4_0e51_7c9a_23d8];

/// A key tag for the board's rule and width: the Zobrist key is that of the stones alone, and
/// the tables serve every rule and size (the searcher keeps its solver across games).
#[inline]
pub(crate) fn board_tag(b: &Board) -> u64 {
    ((b.rule() as u64) << 16 | b.width() as u64).wrapping_add(1).wrapping_mul(0xd6e8_feb8_6659_fd93)
}

/// Limit bookkeeping shared by both solvers.
pub(crate) struct Budget<'a> {
    pub nodes: u64,
    pub(crate) max_nodes: u64,
    deadline: Option<Instant>,
    pub(crate) stop: &'a AtomicBool,
    aborted: bool,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &SolveLimits, stop: &'a AtomicBool) -> Budget<'a> {
        Budget {
            nodes: 0,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| Instant::now() + t),
            stop,
            aborted: false,
        }
    }
    /// Clears an abort (after a lower node cap of a first pass was raised).
    pub(crate) fn reset_abort(&mut self) {
        self.aborted = false;
    }
    /// Counts a node; true when the search must stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        } else if self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }
}

/// Reusable solver state (the transposition table) for callers that solve many positions.
pub struct ThreatSolver {
    pub(crate) tt: Tt,
    /// The df-pn table of the VCT solver (allocated on first use).
    pub(crate) pn: Option<pn::PnTable>,
    pub(crate) tt_log2: u32,
    /// Counters of the last call.
    pub stats: SolveStats,
}

impl Default for ThreatSolver {
    fn default() -> Self {
        ThreatSolver::new()
    }
}

impl ThreatSolver {
    /// A solver with a 2^20-entry table (9 MiB).
    pub fn new() -> ThreatSolver {
        ThreatSolver::with_table_log2(20)
    }
    /// A solver with a 2^`log2`-entry table (9 bytes per entry).
    pub fn with_table_log2(log2: u32) -> ThreatSolver {
        let log2 = log2.clamp(8, 28);
        ThreatSolver { tt: Tt::new(log2), pn: None, tt_log2: log2, stats: SolveStats::default() }
    }
    /// Forgets the table (results never depend on it, only speed).
    pub fn clear(&mut self) {
        self.tt.clear();
        if let Some(p) = &mut self.pn {
            p.clear();
        }
    }
}

/// Does the side to move win by continuous fours? `attacker` must be the side to move.
/// The board is restored on return.
pub fn vcf(board: &mut Board, attacker: Color, limits: &SolveLimits, stop: &AtomicBool) -> SolveResult {
    ThreatSolver::with_table_log2(18).vcf(board, attacker, limits, stop)
}

/// Does the side to move win by threes and fours against every defence? Returns the main line
/// (use [`ThreatSolver::vct_proof`] for the whole proof tree). The board is restored on return.
pub fn vct(board: &mut Board, attacker: Color, limits: &SolveLimits, stop: &AtomicBool) -> SolveResult {
    ThreatSolver::with_table_log2(20).vct(board, attacker, limits, stop)
}

pub use vcf::vcf_quick;
pub(crate) use vcf::vcf_quick_with;

// ---- threat helpers shared by the solvers (and useful to the main search) ----

/// Is `c` playing the empty cell `i` legal (renju black: not forbidden; a five never is)?
#[inline]
pub fn is_legal(b: &mut Board, i: usize, c: Color) -> bool {
    if !b.rule().has_forbidden(c) {
        return true;
    }
    match b.threat(i, c) {
        Threat::Forbidden => false,
        Threat::ThreeThree => !b.is_forbidden(i, c),
        _ => true,
    }
}

/// Does some line pattern of `c` at `i` satisfy `f`?
#[inline]
fn any_dir(b: &Board, i: usize, c: Color, f: impl Fn(Pattern) -> bool) -> bool {
    (0..4).any(|d| f(b.pattern(i, c, d)))
}

/// Does `c` playing `i` make a four or a five, legally?
#[inline]
pub fn is_legal_four(b: &mut Board, i: usize, c: Color) -> bool {
    match b.threat(i, c) {
        Threat::Five | Threat::Four | Threat::FourThree | Threat::FourFour | Threat::OpenFour => true,
        Threat::ThreeThree if b.rule().has_forbidden(c) => any_dir(b, i, c, Pattern::is_four) && !b.is_forbidden(i, c),
        _ => false,
    }
}

/// Legal moves of `c` that make a four (not a five), index order. Strongest classes are not
/// sorted first here; callers order.
pub(crate) fn four_moves(b: &mut Board, c: Color, out: &mut Moves) {
    out.clear();
    for t in [Threat::OpenFour, Threat::FourFour, Threat::FourThree, Threat::Four] {
        out.extend(b.cells_with(c, t).iter().map(|i| i as u16));
    }
    if b.rule().has_forbidden(c) && b.count(c, Threat::ThreeThree) > 0 {
        let cand: Moves = b.cells_with(c, Threat::ThreeThree).iter().map(|i| i as u16).collect();
        for i in cand {
            let i = i as usize;
            if any_dir(b, i, c, Pattern::is_four) && !b.is_forbidden(i, c) {
                out.push(i as u16);
            }
        }
    }
}

/// Does `c` have a legal point that makes a straight four (an open three on the board)?
pub fn has_straight_four_point(b: &mut Board, c: Color) -> bool {
    b.count(c, Threat::OpenFour) > 0 || hidden_straight_four(b, c).is_some()
}

/// Renju black's legal straight-four point of the double-three class, if any: a straight four
/// that also makes two open threes has that class (not [`Threat::OpenFour`]), and is legal
/// when the exact rule finds one of the threes no real three (rare: 2 such points in the 2,827
/// positions of the renju problem collection).
pub fn hidden_straight_four(b: &mut Board, c: Color) -> Option<usize> {
    if !b.rule().has_forbidden(c) || b.count(c, Threat::ThreeThree) == 0 {
        return None;
    }
    let cand: Moves = b.cells_with(c, Threat::ThreeThree).iter().map(|i| i as u16).collect();
    cand.into_iter()
        .map(|i| i as usize)
        .find(|&i| any_dir(b, i, c, |p| p == Pattern::OpenFour) && !b.is_forbidden(i, c))
}

/// The defender `d`'s legal replies that stop every five of the attacker `a` (who has at least
/// one five point), index order. Outside caro these are the legal five points themselves (a
/// stone elsewhere never spoils a five). Under caro a stone beyond the end of the line can
/// also spoil it (a five blocked at both ends does not win), so every legal point on the lines
/// of the first five point is tried and kept if it leaves the attacker without a five point.
pub(crate) fn four_defences(b: &mut Board, a: Color, out: &mut Moves) {
    let d = a.opp();
    out.clear();
    if !b.rule().is_caro() {
        let fives: Moves = b.cells_with(a, Threat::Five).iter().map(|i| i as u16).collect();
        for f in fives {
            if is_legal(b, f as usize, d) {
                out.push(f);
            }
        }
        return;
    }
    let Some(f) = first_five_point(b, a) else { return };
    let mut cand = line_cells(b, f);
    cand.insert(f);
    for r in cand.iter() {
        b.make(r, d);
        let keep = !b.has_five_threat(a);
        b.undo();
        if keep {
            out.push(r as u16);
        }
    }
}

/// Adds every empty cell of the board to `set`.
pub(crate) fn insert_empty_cells(b: &Board, set: &mut crate::board::CellSet) {
    for i in b.indices() {
        if b.is_empty_cell(i) {
            set.insert(i);
        }
    }
}

/// Adds the empty cells within five steps of `p` along direction `dir` (both ways) to `set`.
pub(crate) fn insert_line_cells(b: &Board, p: usize, dir: usize, set: &mut crate::board::CellSet) {
    let st = b.step(dir);
    for sign in [1isize, -1] {
        let mut q = p as isize;
        for _ in 0..5 {
            q += sign * st;
            let qu = q as usize;
            if b.cell(qu) == crate::board::Cell::Wall {
                break;
            }
            if b.is_empty_cell(qu) {
                set.insert(qu);
            }
        }
    }
}

/// The empty cells within five steps of `p` along its four lines.
pub(crate) fn line_cells(b: &Board, p: usize) -> crate::board::CellSet {
    let mut cand = crate::board::CellSet::new();
    for dir in 0..crate::board::DIRS {
        insert_line_cells(b, p, dir, &mut cand);
    }
    cand
}

/// The attacker's first question at a node of a threat search, before any threat move.
pub(crate) enum Urgent {
    /// The attacker makes five here.
    Five(usize),
    /// The defender threatens five and the attack cannot go on: two five points, no threat
    /// moves left to spend on the block, or the only block is illegal for the attacker.
    Fails,
    /// The defender threatens five at this point: the attacker must block it (spending one of
    /// its `depth` threat moves).
    Block(usize),
    /// Neither side has a five to make or stop.
    Quiet,
}

/// [`Urgent`] for attacker `a` with `depth` threat moves left.
pub(crate) fn urgent(b: &mut Board, a: Color, depth: u32) -> Urgent {
    if let Some(f) = first_five_point(b, a) {
        return Urgent::Five(f);
    }
    let d = a.opp();
    if !b.has_five_threat(d) {
        return Urgent::Quiet;
    }
    if b.count(d, Threat::Five) >= 2 || depth == 0 {
        return Urgent::Fails;
    }
    let p = first_five_point(b, d).unwrap();
    if is_legal(b, p, a) { Urgent::Block(p) } else { Urgent::Fails }
}

/// The first five point of `c`, if any.
#[inline]
pub fn first_five_point(b: &Board, c: Color) -> Option<usize> {
    b.cells_with(c, Threat::Five).iter().next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Pos, Rule, parse_move_string};

    #[test]
    fn caro_four_is_also_stopped_beyond_its_end() {
        // O X X X X . .  (c8 white, d8-g8 black): h8 makes five unless white also holds i8,
        // so under caro both h8 and i8 stop it; elsewhere only h8 does.
        for (rule, expect) in [(Rule::Caro, vec!["h8", "i8"]), (Rule::Freestyle, vec!["h8"])] {
            let mut b = Board::new(15, 15, rule);
            for m in parse_move_string("d8e8f8g8").unwrap() {
                let i = b.idx(m);
                b.make(i, Color::Black);
            }
            let c8 = b.idx(Pos::new(2, 7));
            b.make(c8, Color::White);
            let mut out = Moves::new();
            four_defences(&mut b, Color::Black, &mut out);
            let names: Vec<String> = out.iter().map(|&i| b.pos(i as usize).to_notation()).collect();
            assert_eq!(names, expect, "{rule:?}");
        }
    }
}
