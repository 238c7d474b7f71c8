//! VCT: victory by continuous threats (threes and fours), against every defence.
//!
//! Depth-first search with iterative deepening over the attacker's moves and a fail-only threat
//! transposition table. At an attacker node: a five point wins; a defender five point must be
//! blocked (the block then has to be a threat); a VCF wins (searched first, to its own depth);
//! otherwise every legal four and every legal three-maker is tried. At a defender node:
//! - after a four, the replies are the legal blocks of the attacker's five points (none: win);
//! - after a three (the attacker has a legal straight-four point), the replies are every legal
//!   point after which the attacker has no legal straight-four point any more, plus every
//!   defender four (a counter-four). Any other reply loses at once: the attacker makes a
//!   straight four and the defender has no five to answer with. Candidates are only the points
//!   on the lines of one straight-four point (the others cannot change its line patterns)
//!   plus the defender's four points; only when every straight-four point of renju black is a
//!   double-three candidate, whose legality depends on distant stones, is the whole board
//!   scanned;
//! - otherwise the attacker's move was no threat and the line fails.
//!
//! The attacker wins a defender node only if he wins after every reply; the proof tree lists
//! them all.

use super::vcf::{Line, VcfSearch};
use super::{Budget, Moves, Proof, Res, SolveLimits, SolveResult, ThreatSolver};
use super::{first_five_point, four_defences, four_moves, has_straight_four_point, is_legal, line_cells};
use crate::board::pattern::Threat;
use crate::board::{Board, CellSet};
use crate::core::Color;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

struct VctSearch<'t, 's> {
    v: VcfSearch<'t, 's>,
    vcf_depth: u32,
    tag: u64,
}

impl VctSearch<'_, '_> {
    fn tick(&mut self) -> bool {
        self.v.budget.tick()
    }

    /// Attacker `a` to move with `depth` threat moves left.
    fn attack(&mut self, b: &mut Board, a: Color, depth: u32) -> Result<Proof, Res> {
        if let Some(f) = first_five_point(b, a) {
            return Ok(Proof { mv: f, replies: Vec::new() });
        }
        let d = a.opp();
        if b.has_five_threat(d) {
            if b.count(d, Threat::Five) >= 2 || depth == 0 {
                return Err(Res::Fail);
            }
            let p = first_five_point(b, d).unwrap();
            if !is_legal(b, p, a) {
                return Err(Res::Fail);
            }
            if self.tick() {
                return Err(Res::Abort);
            }
            b.make(p, a);
            let r = self.defend(b, a, depth);
            b.undo();
            return r.map(|replies| Proof { mv: p, replies });
        }
        // Continuous fours first: cheap and complete for that kind of win.
        self.v.line.clear();
        match self.v.attack(b, a, self.vcf_depth) {
            Res::Win => {
                let line: Vec<usize> = self.v.line.iter().map(|&m| m as usize).collect();
                return Ok(Proof::from_line(&line));
            }
            Res::Abort => return Err(Res::Abort),
            Res::Fail => {}
        }
        if depth == 0 {
            return Err(Res::Fail);
        }
        let key = b.hash() ^ self.tag ^ super::TAG_VCT[a.idx()];
        if self.v.tt.as_ref().is_some_and(|t| t.failed(key, depth)) {
            return Err(Res::Fail);
        }
        let mut moves = Moves::new();
        threat_moves(b, a, &mut moves);
        for &m in &moves {
            let m = m as usize;
            if self.tick() {
                return Err(Res::Abort);
            }
            b.make(m, a);
            let r = self.defend(b, a, depth);
            b.undo();
            match r {
                Ok(replies) => return Ok(Proof { mv: m, replies }),
                Err(Res::Abort) => return Err(Res::Abort),
                Err(_) => {}
            }
        }
        if let Some(t) = &mut self.v.tt {
            t.store_fail(key, depth);
        }
        Err(Res::Fail)
    }

    /// The attacker `a` has just moved. Every reply that does not lose at once must be refuted.
    fn defend(&mut self, b: &mut Board, a: Color, depth: u32) -> Result<Vec<(usize, Proof)>, Res> {
        let d = a.opp();
        let mut replies = Moves::new();
        if b.has_five_threat(a) {
            four_defences(b, a, &mut replies);
        } else if !b.rule().is_caro() && has_straight_four_point(b, a) {
            // Under caro a straight four can be spoilt by a stone beyond its end, so threes are
            // not treated as threats there (sound, incomplete: caro VCT = fours only).
            three_defences(b, a, &mut replies);
        } else {
            return Err(Res::Fail);
        }
        // Counter-fours first: they refute most often.
        replies.sort_by_key(|&r| (std::cmp::Reverse(b.threat(r as usize, d).makes_four()), r));
        let mut out = Vec::with_capacity(replies.len());
        for &r in &replies {
            let r = r as usize;
            if self.tick() {
                return Err(Res::Abort);
            }
            b.make(r, d);
            let res = self.attack(b, a, depth - 1);
            b.undo();
            out.push((r, res?));
        }
        Ok(out)
    }
}

/// The attacker's threat moves, strongest kinds first, index order within a kind: fours that
/// are also threes (or more), legal double threes, plain fours, then open-three makers.
fn threat_moves(b: &mut Board, a: Color, out: &mut Moves) {
    let mut fours = Moves::new();
    four_moves(b, a, &mut fours);
    let strong =
        |b: &Board, i: u16| matches!(b.threat(i as usize, a), Threat::OpenFour | Threat::FourFour | Threat::FourThree);
    out.clear();
    out.extend(fours.iter().copied().filter(|&i| strong(b, i)));
    let threes: Moves = b.cells_with(a, Threat::ThreeThree).iter().map(|i| i as u16).collect();
    for i in threes {
        if !fours.contains(&i) && is_legal(b, i as usize, a) {
            out.push(i);
        }
    }
    out.extend(fours.iter().copied().filter(|&i| !strong(b, i)));
    out.extend(b.cells_with(a, Threat::OpenThree).iter().map(|i| i as u16));
}

/// The defender's complete reply set against the attacker's three(s): every legal point after
/// which the attacker has no legal straight-four point or the defender has a five point.
pub(crate) fn three_defences(b: &mut Board, a: Color, out: &mut Moves) {
    let d = a.opp();
    let mut cand = CellSet::new();
    if let Some(p) = b.cells_with(a, Threat::OpenFour).iter().next() {
        // Only the lines through p can change p's patterns.
        cand = line_cells(b, p);
        cand.insert(p);
    } else {
        for i in b.indices().collect::<Vec<_>>() {
            if b.is_empty_cell(i) {
                cand.insert(i);
            }
        }
    }
    for t in [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour, Threat::ThreeThree] {
        for i in b.cells_with(d, t).iter() {
            cand.insert(i);
        }
    }
    out.clear();
    for r in cand.iter() {
        if !is_legal(b, r, d) {
            continue;
        }
        b.make(r, d);
        let keep = b.has_five_threat(d) || !has_straight_four_point(b, a);
        b.undo();
        if keep {
            out.push(r as u16);
        }
    }
}

impl ThreatSolver {
    /// VCT for the side to move `attacker`: the main line of a win (see [`Self::vct_proof`]).
    pub fn vct(&mut self, board: &mut Board, attacker: Color, limits: &SolveLimits, stop: &AtomicBool) -> SolveResult {
        self.vct_proof(board, attacker, limits, stop).0
    }

    /// VCT with the whole proof tree. Iterative deepening from one threat move to
    /// `limits.max_depth`; VCF leaves to `limits.vcf_depth`. The board is restored on return.
    pub fn vct_proof(
        &mut self,
        board: &mut Board,
        attacker: Color,
        limits: &SolveLimits,
        stop: &AtomicBool,
    ) -> (SolveResult, Option<Proof>) {
        let start = Instant::now();
        let mut s = VctSearch {
            v: VcfSearch { tt: Some(&mut self.tt), budget: Budget::new(limits, stop), line: Line::new(), last: None },
            vcf_depth: limits.vcf_depth,
            // Fails depend on the VCF depth of the leaves too.
            tag: (limits.vcf_depth as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
        };
        let mut out = (SolveResult::NoWin, None);
        for depth in 1..=limits.max_depth.max(1) {
            match s.attack(board, attacker, depth) {
                Ok(p) => {
                    out = (SolveResult::Win(p.main_line()), Some(p));
                    break;
                }
                Err(Res::Abort) => {
                    out = (SolveResult::Unknown, None);
                    break;
                }
                Err(_) => {}
            }
        }
        self.stats.nodes = s.v.budget.nodes;
        self.stats.elapsed = start.elapsed();
        out
    }
}
