//! The opponent's threats, seen from the side to move: does the opponent win by continuous
//! fours (VCF) or by threes and fours (VCT) if we let him move now, and which of our moves can
//! refute that?
//!
//! The main search asks at every node whether the opponent has a VCF (a node-limited
//! [`crate::threat::vcf_quick`] with a fail table, the answers remembered in a small
//! per-thread table); if he has, only the moves that can refute the line are searched: the
//! points of the line, the points on the lines of each of its threats (a stone there spoils
//! that four or three), and our own fours (a counter-four gains the tempo). Near the root the
//! same is done with the opponent's VCT, whose refutation set comes from the whole proof tree
//! ([`proof_refutations`]): the main line alone leaves out the points that spoil a branch off
//! it and the defender's own threes.
//!
//! The solver calls are in [`opp_vcf`] and [`opp_vct`] only, so another solver (a
//! proof-number VCT) plugs in there.

use crate::board::pattern::{Pattern, Threat};
use crate::board::{Board, Cell, CellSet, DIRS};
use crate::core::Color;
use crate::threat::{Proof, SolveLimits, SolveResult, ThreatSolver, Tt, is_legal, vcf_quick_with};
use std::sync::atomic::AtomicBool;

/// Remembers per position whether the opponent has a VCF (direct-mapped, replace-always).
/// An entry is the position key with its low bit replaced by the answer.
/// Positions where the answer is yes keep their refutation set in a smaller second table.
pub struct VcfCache {
    slots: Vec<u64>,
    mask: usize,
    sets: Vec<(u64, CellSet)>,
    /// The probes' fail table (see [`VcfCache::with_table`]).
    tt: Option<Tt>,
}

/// Entries of the refutation-set table (log2).
const SETS_LOG2: u32 = 10;

impl VcfCache {
    pub fn new(log2: u32) -> VcfCache {
        let n = 1usize << log2;
        VcfCache { slots: vec![0; n], mask: n - 1, sets: vec![(0, CellSet::new()); 1 << SETS_LOG2], tt: None }
    }
    /// Gives the probes a fail table of 2^`log2` entries (0: none), shared by all of them.
    pub fn with_table(mut self, log2: u32) -> VcfCache {
        self.tt = (log2 > 0).then(|| Tt::new(log2.clamp(8, 24)));
        self
    }
    fn get(&self, key: u64) -> Option<bool> {
        let e = self.slots[(key >> 1) as usize & self.mask];
        (e | 1 == key | 1 && e != 0).then_some(e & 1 == 1)
    }
    fn put(&mut self, key: u64, win: bool) {
        self.slots[(key >> 1) as usize & self.mask] = (key & !1) | win as u64;
    }
}

/// Key tags for the question "does `attacker` have a VCF here?" by attacker colour.
const TAG: [u64; 2] = [0x5be1_3c07_a2f9_4d61, 0xe40d_9a58_1b76_c2f3];

/// Can `a` make a four at all (the cheapest necessary condition of a VCF)?
#[inline]
pub fn has_four_move(b: &Board, a: Color) -> bool {
    [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour].iter().any(|&t| b.count(a, t) > 0)
        || (b.rule().has_forbidden(a) && b.count(a, Threat::ThreeThree) > 0)
}

/// The opponent `a`'s VCF line on this board as if he were to move, within `depth` attacker
/// moves and `nodes` solver nodes; `None` when there is none (or none found in the budget).
/// Negative answers are cached; a found line is searched again (rare, and lines are needed).
pub fn opp_vcf(b: &mut Board, a: Color, cache: &mut VcfCache, depth: u32, nodes: u64) -> Option<Vec<usize>> {
    if !has_four_move(b, a) {
        return None;
    }
    let key = b.hash() ^ TAG[a.idx()];
    if cache.get(key) == Some(false) {
        return None;
    }
    let line = vcf_quick_with(b, a, depth, nodes, cache.tt.as_mut());
    cache.put(key, line.is_some());
    line
}

/// [`opp_vcf`] followed by [`refutations`], with both answers cached: the moves that may
/// refute the opponent `a`'s VCF, or `None` when he has none (or no refutation is legal).
pub fn opp_vcf_refutations(b: &mut Board, a: Color, cache: &mut VcfCache, depth: u32, nodes: u64) -> Option<CellSet> {
    if !has_four_move(b, a) {
        return None;
    }
    let key = b.hash() ^ TAG[a.idx()];
    let slot = (key >> 7) as usize & ((1 << SETS_LOG2) - 1);
    match cache.get(key) {
        Some(false) => return None,
        Some(true) if cache.sets[slot].0 == key => return Some(cache.sets[slot].1.clone()),
        _ => {}
    }
    let line = vcf_quick_with(b, a, depth, nodes, cache.tt.as_mut());
    cache.put(key, line.is_some());
    let set = refutations(b, a, &line?);
    if set.is_empty() {
        return None;
    }
    cache.sets[slot] = (key, set.clone());
    Some(set)
}

/// The opponent `a`'s VCT proof tree (as if he were to move) within `nodes` solver nodes.
pub fn opp_vct(b: &mut Board, a: Color, solver: &mut ThreatSolver, depth: u32, nodes: u64) -> Option<Proof> {
    static NEVER: AtomicBool = AtomicBool::new(false);
    let lim = SolveLimits::vct_probe(depth, nodes);
    match solver.vct_proof(b, a, &lim, &NEVER) {
        (SolveResult::Win(_), Some(proof)) => Some(proof),
        _ => None,
    }
}

/// Adds the empty cells within four steps of `i` along direction `d` (up to a stone of
/// `blocker` or the wall) to `out`.
fn add_line(b: &Board, i: usize, d: usize, blocker: Color, out: &mut CellSet) {
    let st = b.step(d);
    for sign in [1isize, -1] {
        let mut q = i as isize;
        for _ in 0..4 {
            q += sign * st;
            let c = b.cell(q as usize);
            if c == Cell::Wall || c == Cell::stone(blocker) {
                break;
            }
            if c == Cell::Empty {
                out.insert(q as usize);
            }
        }
    }
}

/// The moves of the defender (`a.opp()`, to move) that may refute the attacker `a`'s threat
/// line `line` (attacker and defender moves alternately, as the solvers return it): the points
/// of the line, the points on the lines of every attacker four or three along it, and the
/// defender's own fours. Only empty points legal for the defender; the board is restored.
pub fn refutations(b: &mut Board, a: Color, line: &[usize]) -> CellSet {
    let d = a.opp();
    let mut set = CellSet::new();
    let mut made = 0;
    for (k, &m) in line.iter().enumerate() {
        if !b.is_empty_cell(m) {
            break;
        }
        let mover = if k % 2 == 0 { a } else { d };
        set.insert(m);
        if mover == a {
            for dir in 0..DIRS {
                let p = b.pattern(m, a, dir);
                if p.is_four() || p == Pattern::OpenThree || p == Pattern::Three || p == Pattern::Five {
                    add_line(b, m, dir, d, &mut set);
                }
            }
        }
        b.make(m, mover);
        made += 1;
    }
    for _ in 0..made {
        b.undo();
    }
    with_counters(b, d, set, Threat::Four)
}

/// `set` plus the defender `d`'s cells of every threat class from `from` to an open four (his
/// counter-threats), kept to the empty cells legal for him.
fn with_counters(b: &mut Board, d: Color, mut set: CellSet, from: Threat) -> CellSet {
    for &t in &Threat::ALL[from as usize..=Threat::OpenFour as usize] {
        for i in b.cells_with(d, t).iter() {
            set.insert(i);
        }
    }
    let mut out = CellSet::new();
    for i in set.iter() {
        if b.is_empty_cell(i) && is_legal(b, i, d) {
            out.insert(i);
        }
    }
    out
}

/// The moves of the defender (`a.opp()`, to move) that may refute the attacker `a`'s VCT
/// proof `proof`. Where [`refutations`] looks at one line, this walks the whole tree, so a
/// stone that spoils a branch off the main line counts too: every cell of the tree (attacker
/// moves and listed defences), the cells on the lines of every attacker threat in it (up to a
/// defender stone or the wall, four steps each way), and the defender's counter-threats of the
/// moment: his fours and his open threes (an open three of his makes the attacker answer it
/// unless the attacker wins by fours alone, so it can break a VCT that needs threes). Only
/// empty cells legal for the defender; the board is restored.
pub fn proof_refutations(b: &mut Board, a: Color, proof: &Proof) -> CellSet {
    fn walk(b: &mut Board, a: Color, p: &Proof, set: &mut CellSet) {
        let d = a.opp();
        set.insert(p.mv);
        for dir in 0..DIRS {
            let pat = b.pattern(p.mv, a, dir);
            if pat.is_four() || pat == Pattern::OpenThree || pat == Pattern::Three || pat == Pattern::Five {
                add_line(b, p.mv, dir, d, set);
            }
        }
        if p.replies.is_empty() {
            return;
        }
        b.make(p.mv, a);
        for (r, next) in &p.replies {
            set.insert(*r);
            b.make(*r, d);
            walk(b, a, next, set);
            b.undo();
        }
        b.undo();
    }
    let mut set = CellSet::new();
    walk(b, a, proof, &mut set);
    with_counters(b, a.opp(), set, Threat::Three)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rule;

    fn board(black: &str, white: &str) -> Board {
        Board::with_stones(Rule::Freestyle, black, white)
    }

    #[test]
    fn vcf_threat_found_cached_and_refuted() {
        // black: closed three h8 i8 j8 (white g8) and h10 h11: a four-three by fours
        let mut b = board("h8i8j8h10h11", "g8a1a3c1o15");
        let mut cache = VcfCache::new(10);
        let line = opp_vcf(&mut b, Color::Black, &mut cache, 10, 10_000).expect("black has a VCF");
        let set = refutations(&mut b, Color::Black, &line);
        // the first four's points are among the refutations
        assert!(set.contains(line[0]) && set.contains(line[1]));
        // every point of the refutation set is empty
        assert!(set.iter().all(|i| b.is_empty_cell(i)));
        // a quiet board: no VCF, and the answer is cached
        let mut b = board("h8", "i9");
        assert!(opp_vcf(&mut b, Color::Black, &mut cache, 10, 10_000).is_none());
    }
}
