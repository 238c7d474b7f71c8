//! VCF: victory by continuous fours.
//!
//! Depth-first search over the attacker's fours. At an attacker node: a five point wins; a
//! defender five point must be blocked (two of them lose), and the block continues the VCF only
//! if it is itself a four; otherwise every legal four is tried. At a defender node every point
//! that stops a five (each five point of the attacker, if legal for the defender) is tried; a
//! four the defender cannot legally block (renju black on a forbidden point) wins. A block that
//! makes a defender four is answered at the next attacker node. Fails are cached in a threat
//! transposition table with their depth.

use super::{Budget, Moves, Res, SolveLimits, SolveResult, TAG_VCF, ThreatSolver, Tt, first_five_point, four_moves};
use super::{board_tag, four_defences, is_legal_four};
use crate::board::Board;
use crate::board::pattern::Threat;
use crate::core::Color;
use smallvec::SmallVec;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The line under construction: attacker and defender moves alternately.
pub(crate) type Line = SmallVec<[u16; 96]>;

pub(crate) struct VcfSearch<'t, 's> {
    pub tt: Option<&'t mut Tt>,
    pub budget: Budget<'s>,
    pub line: Line,
    /// The attacker's last four (for move ordering).
    pub last: Option<usize>,
    /// The board's rule-and-width tag, mixed into every table key ([`board_tag`]).
    pub tag: u64,
}

impl<'t, 's> VcfSearch<'t, 's> {
    pub(crate) fn new(board: &Board, tt: Option<&'t mut Tt>, budget: Budget<'s>) -> Self {
        VcfSearch { tt, budget, line: Line::new(), last: None, tag: board_tag(board) }
    }
}

/// Orders fours: open fours and double fours, then four-threes, then plain fours; within a
/// kind the ones closest to the attacker's last four first (a VCF usually grows from the stones
/// it just made), then by index.
pub(crate) fn order_fours(b: &Board, a: Color, moves: &mut Moves, last: Option<usize>) {
    let near = |i: usize| match last {
        Some(l) => {
            let (p, q) = (b.pos(i), b.pos(l));
            (p.x as i32 - q.x as i32).abs().max((p.y as i32 - q.y as i32).abs()) as u32
        }
        None => 0,
    };
    let rank = |i: usize| match b.threat(i, a) {
        Threat::OpenFour | Threat::FourFour => 0,
        Threat::FourThree => 1,
        _ => 2,
    };
    moves.sort_by_key(|&m| (rank(m as usize), near(m as usize), m));
}

impl VcfSearch<'_, '_> {
    /// Attacker `a` to move with `depth` attacker moves left. On `Win` the winning moves from
    /// here are appended to `self.line`; otherwise `self.line` is unchanged.
    pub(crate) fn attack(&mut self, b: &mut Board, a: Color, depth: u32) -> Res {
        if let Some(f) = first_five_point(b, a) {
            self.line.push(f as u16);
            return Res::Win;
        }
        if depth == 0 {
            return Res::Fail;
        }
        let d = a.opp();
        let key = b.hash() ^ TAG_VCF[a.idx()] ^ self.tag;
        if let Some(tt) = &self.tt
            && tt.failed(key, depth)
        {
            return Res::Fail;
        }
        let mut moves = Moves::new();
        if b.has_five_threat(d) {
            // The defender's four must be blocked first; the block must itself be a four.
            if b.count(d, Threat::Five) >= 2 {
                return Res::Fail;
            }
            let p = first_five_point(b, d).unwrap();
            if !is_legal_four(b, p, a) {
                return Res::Fail;
            }
            moves.push(p as u16);
        } else {
            four_moves(b, a, &mut moves);
            order_fours(b, a, &mut moves, self.last);
        }
        for &m in &moves {
            let m = m as usize;
            if self.budget.tick() {
                return Res::Abort;
            }
            b.make(m, a);
            self.line.push(m as u16);
            let prev = std::mem::replace(&mut self.last, Some(m));
            let r = self.defend(b, a, depth);
            self.last = prev;
            b.undo();
            match r {
                Res::Win => return Res::Win,
                Res::Fail => {
                    self.line.pop();
                }
                Res::Abort => {
                    self.line.pop();
                    return Res::Abort;
                }
            }
        }
        if let Some(tt) = &mut self.tt {
            tt.store_fail(key, depth);
        }
        Res::Fail
    }

    /// The attacker `a` has just made a four (his move is on `self.line`); the defender must
    /// stop every five point. All legal blocks are tried; the main line keeps the last one.
    fn defend(&mut self, b: &mut Board, a: Color, depth: u32) -> Res {
        let d = a.opp();
        debug_assert!(!b.has_five_threat(d), "defender five at a VCF defender node");
        if !b.has_five_threat(a) {
            return Res::Fail;
        }
        let mut blocks = Moves::new();
        four_defences(b, a, &mut blocks);
        let base = self.line.len();
        let mut any = false;
        for &f in &blocks {
            let f = f as usize;
            if any {
                self.line.truncate(base);
            }
            any = true;
            if self.budget.tick() {
                self.line.truncate(base);
                return Res::Abort;
            }
            b.make(f, d);
            self.line.push(f as u16);
            let r = self.attack(b, a, depth - 1);
            b.undo();
            if r != Res::Win {
                self.line.truncate(base);
                return r;
            }
        }
        // No legal block at all: the five cannot be stopped.
        Res::Win
    }
}

/// Does `line` (attacker and defender moves alternately, as a VCF returns it) still win as a
/// VCF for `a` (to move) on this board, with every defender reply forced to the recorded one
/// (a four with two or more five points wins whatever the reply)?
/// A cheap check before searching anew; false means "not this way", not "no VCF". The board
/// is restored.
pub(crate) fn line_still_wins(b: &mut Board, a: Color, line: &[u16]) -> bool {
    let d = a.opp();
    let mut made = 0;
    let mut ok = false;
    let mut blocks = Moves::new();
    let mut k = 0;
    while k < line.len() {
        let m = line[k] as usize;
        if !b.is_empty_cell(m) {
            break;
        }
        if b.makes_five(m, a) {
            ok = true;
            break;
        }
        // The defender must have no five (unless this move blocks it), and the move must be a
        // legal four.
        if b.has_five_threat(d) && (b.count(d, Threat::Five) > 1 || first_five_point(b, d) != Some(m)) {
            break;
        }
        if !is_legal_four(b, m, a) {
            break;
        }
        b.make(m, a);
        made += 1;
        if !b.rule().is_caro() && b.count(a, Threat::Five) >= 2 {
            // An open four or a double four: a stone blocks one five point, the other remains
            // (outside caro a stone elsewhere never spoils a five).
            ok = true;
            break;
        }
        four_defences(b, a, &mut blocks);
        if blocks.is_empty() {
            ok = true; // no legal block
            break;
        }
        if k + 1 >= line.len() || blocks.len() != 1 || blocks[0] != line[k + 1] {
            break;
        }
        b.make(line[k + 1] as usize, d);
        made += 1;
        k += 2;
    }
    for _ in 0..made {
        b.undo();
    }
    ok
}

impl ThreatSolver {
    /// VCF for the side to move `attacker` within `limits`; polls `stop`. Statistics in
    /// `self.stats`. The board is restored on return.
    pub fn vcf(&mut self, board: &mut Board, attacker: Color, limits: &SolveLimits, stop: &AtomicBool) -> SolveResult {
        let start = Instant::now();
        let mut s = VcfSearch::new(board, Some(&mut self.tt), Budget::new(limits, stop));
        let lite = board.set_lite(true);
        let r = s.attack(board, attacker, limits.max_depth.min(limits.vcf_depth));
        board.set_lite(lite);
        self.stats.nodes = s.budget.nodes;
        self.stats.elapsed = start.elapsed();
        match r {
            Res::Win => SolveResult::Win(s.line.iter().map(|&m| m as usize).collect()),
            Res::Fail => SolveResult::NoWin,
            Res::Abort => SolveResult::Unknown,
        }
    }
}

/// Cheap VCF probe for the main search's horizon: no table, no clock, nothing allocated unless
/// a win is found. `max_depth` attacker moves, at most `node_budget` moves made. The side to
/// move must be `attacker`; the board is restored exactly. Returns the winning line.
pub fn vcf_quick(board: &mut Board, attacker: Color, max_depth: u32, node_budget: u64) -> Option<Vec<usize>> {
    vcf_quick_with(board, attacker, max_depth, node_budget, None)
}

/// [`vcf_quick`] with a fail table kept by the caller: the subtrees it proves fruitless are
/// skipped by the later probes and by transpositions within one (the order of two
/// independent fours does not matter). A probe cut short by its node budget stores nothing
/// of what it left unexplored.
pub(crate) fn vcf_quick_with(
    board: &mut Board,
    attacker: Color,
    max_depth: u32,
    node_budget: u64,
    tt: Option<&mut Tt>,
) -> Option<Vec<usize>> {
    static NEVER: AtomicBool = AtomicBool::new(false);
    let limits = SolveLimits { max_nodes: Some(node_budget), ..SolveLimits::vcf(max_depth) };
    let mut s = VcfSearch::new(board, tt, Budget::new(&limits, &NEVER));
    let lite = board.set_lite(true);
    let r = s.attack(board, attacker, max_depth);
    board.set_lite(lite);
    match r {
        Res::Win => Some(s.line.iter().map(|&m| m as usize).collect()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Pos, Rule, format_move_string};
    use crate::threat::vcf;

    fn setup(rule: Rule, black: &str, white: &str) -> Board {
        Board::with_stones(rule, black, white)
    }

    fn line_str(b: &Board, l: &[usize]) -> String {
        format_move_string(&l.iter().map(|&i| b.pos(i)).collect::<Vec<Pos>>())
    }

    #[test]
    fn simple_four_three() {
        // Black h8 i8 j8 and h9 h10: k8/g8 … a four-three wins.
        let mut b = setup(Rule::Freestyle, "h8i8j8h10h11", "a1a3c1c3o15");
        let h = b.hash();
        let stop = AtomicBool::new(false);
        let r = vcf(&mut b, Color::Black, &SolveLimits::vcf(10), &stop);
        assert!(r.is_win(), "{r:?}");
        assert_eq!(b.hash(), h);
        let q = vcf_quick(&mut b, Color::Black, 10, 10_000).unwrap();
        assert!(b.makes_five(*q.last().unwrap(), Color::Black) || q.len() > 1, "{}", line_str(&b, &q));
        assert_eq!(b.hash(), h);
    }

    /// The fail table serves positions of any rule and size: a fail under one rule must not
    /// hide a VCF of the same stones under another. Black's i8 makes two fours: forbidden in
    /// renju (no VCF there), a win in freestyle.
    #[test]
    fn a_fail_under_one_rule_does_not_hide_a_vcf_under_another() {
        let mut s = ThreatSolver::with_table_log2(16);
        let stop = AtomicBool::new(false);
        let mut rj = setup(Rule::Renju, "f8g8h8i5i6i7", "e8i4");
        assert_eq!(s.vcf(&mut rj, Color::Black, &SolveLimits::vcf(10), &stop), SolveResult::NoWin);
        let mut fs = setup(Rule::Freestyle, "f8g8h8i5i6i7", "e8i4");
        assert_eq!(fs.hash(), rj.hash(), "the same stones, the same Zobrist key");
        let r = s.vcf(&mut fs, Color::Black, &SolveLimits::vcf(10), &stop);
        assert!(r.is_win(), "{r:?}");
        assert_eq!(r.line().unwrap()[0], fs.idx(Pos::new(8, 7)), "i8 first");
    }

    #[test]
    fn no_vcf_on_quiet_board() {
        let mut b = setup(Rule::Freestyle, "h8", "i9");
        let stop = AtomicBool::new(false);
        assert_eq!(vcf(&mut b, Color::Black, &SolveLimits::vcf(10), &stop), SolveResult::NoWin);
    }
}
