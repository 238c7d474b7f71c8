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
//!
//! A second pass (when [`SolveLimits::vcf_threats`] is set and the first finds nothing) also
//! accepts moves that threaten a VCF (closed threes, white moves aiming at a four black cannot
//! block): the defender's replies are then every legal point after which the attacker has no
//! VCF (see `vcf_threat_defences`). It solves more renju problems and costs much more time.

use super::vcf::{VcfSearch, line_still_wins};
use super::{Budget, Moves, Proof, Res, SolveLimits, SolveResult, ThreatSolver};
use super::{
    Urgent, four_defences, four_moves, has_straight_four_point, insert_empty_cells, insert_line_cells, is_legal,
    line_cells, urgent,
};
use crate::board::pattern::{OPP_DIGIT, Pattern, Threat};
use crate::board::{Board, CellSet};
use crate::core::{Color, Rule};
use smallvec::SmallVec;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

struct VctSearch<'t, 's> {
    v: VcfSearch<'t, 's>,
    vcf_depth: u32,
    vcf_threats: bool,
    tag: u64,
}

impl VctSearch<'_, '_> {
    fn tick(&mut self) -> bool {
        self.v.budget.tick()
    }

    /// Attacker `a` to move with `depth` threat moves left.
    fn attack(&mut self, b: &mut Board, a: Color, depth: u32) -> Result<Proof, Res> {
        match urgent(b, a, depth) {
            Urgent::Five(f) => return Ok(Proof { mv: f, replies: Vec::new() }),
            Urgent::Fails => return Err(Res::Fail),
            Urgent::Block(p) => {
                if self.tick() {
                    return Err(Res::Abort);
                }
                b.make(p, a);
                let r = self.defend(b, a, depth);
                b.undo();
                return r.map(|replies| Proof { mv: p, replies });
            }
            Urgent::Quiet => {}
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
        let key = b.hash() ^ self.tag ^ super::TAG_VCT[a.idx()] ^ self.v.tag;
        if self.v.tt.as_ref().is_some_and(|t| t.failed(key, depth)) {
            return Err(Res::Fail);
        }
        let mut moves = Moves::new();
        threat_moves(b, a, &mut moves);
        if self.vcf_threats {
            // Closed-three makers: threats only if they threaten a VCF (checked in defend).
            moves.extend(b.cells_with(a, Threat::Three).iter().map(|i| i as u16));
        }
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
        } else if self.vcf_threats && !b.rule().is_caro() {
            if !vcf_threat_defences(&mut self.v, self.vcf_depth, b, a, &mut replies, true)? {
                return Err(Res::Fail);
            }
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

/// Does the attacker `a` (not to move) threaten a VCF? If so, `out` gets the defender's
/// complete reply set: every legal point after which `a` has no VCF (a counter-four
/// included: `a` then has to block first). Candidates: under renju every empty point (a
/// distant stone can change which points are forbidden); otherwise the points on the
/// lines of the VCF's moves and the defender's four points; a stone anywhere else leaves
/// every four, five point and block of that VCF as it was.
///
/// With `confirm` false, a candidate after which none of the VCFs found so far works is kept
/// without searching for another VCF: a superset of the replies (still sound: a listed reply
/// that loses to another VCF is refuted by that VCF in the proof), much cheaper to make.
pub(crate) fn vcf_threat_defences(
    v: &mut VcfSearch,
    vcf_depth: u32,
    b: &mut Board,
    a: Color,
    out: &mut Moves,
    confirm: bool,
) -> Result<bool, Res> {
    let d = a.opp();
    v.line.clear();
    match v.attack(b, a, vcf_depth) {
        Res::Abort => return Err(Res::Abort),
        Res::Fail => return Ok(false),
        Res::Win => {}
    }
    let line: Moves = v.line.iter().copied().collect();
    let mut cand = CellSet::new();
    // Renju needs the whole board when the VCF relies on a double-three decision (see
    // `line_depends_on_distant_stones`).
    let whole = b.rule() == Rule::Renju && line_depends_on_distant_stones(b, a, &line);
    if !confirm {
        return Ok(breaking_replies(v, b, a, &line, out, whole).map(|_| true)?);
    }
    if whole {
        insert_empty_cells(b, &mut cand);
    } else {
        for &m in &line {
            cand.insert(m as usize);
            for c in line_cells(b, m as usize).iter() {
                cand.insert(c);
            }
        }
        for t in [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour] {
            for i in b.cells_with(d, t).iter() {
                cand.insert(i);
            }
        }
    }
    out.clear();
    // VCFs found so far (the first one and those found after a candidate broke it): a reply
    // after which one of them still wins needs no search. Most recent first.
    let mut lines: Vec<Moves> = vec![line];
    for r in cand.iter() {
        if !b.is_empty_cell(r) || !is_legal(b, r, d) {
            continue;
        }
        if v.budget.tick() {
            return Err(Res::Abort);
        }
        b.make(r, d);
        let keep = if b.has_five_threat(d) {
            Ok(true)
        } else if let Some(k) = lines.iter().position(|l| line_still_wins(b, a, l)) {
            lines[..=k].rotate_right(1);
            Ok(false)
        } else if !confirm {
            Ok(true)
        } else {
            v.line.clear();
            match v.attack(b, a, vcf_depth) {
                Res::Win => {
                    if lines.len() >= 8 {
                        lines.pop();
                    }
                    lines.insert(0, v.line.iter().copied().collect());
                    Ok(false)
                }
                Res::Fail => Ok(true),
                Res::Abort => Err(Res::Abort),
            }
        };
        b.undo();
        if keep? {
            out.push(r as u16);
        }
    }
    Ok(true)
}

/// The defender's replies that break the VCF `line` of `a` (as [`vcf_threat_defences`] without
/// `confirm`, when no distant stone matters): every legal point after which `line` no longer
/// wins.
///
/// Only these points can break a VCF line (outside caro, whose VCT has no VCF threats): a
/// point of the line itself, a five point of one of its fours, a point where the defender's
/// stone makes a four (a five threat) at some step of the line, alone or with the blocks
/// played before, and, when the line ends with a four whose blocks are all forbidden (renju),
/// the points on the lines of those blocks. With `whole` (renju, a double-three decision in
/// the line, see `line_depends_on_distant_stones`) every other legal point is tried too, from
/// the first step whose legality a distant stone can change. Any other defender stone leaves every attacker four with its
/// five points (a defender stone elsewhere neither spoils a five nor makes an attacker's five
/// an overline), leaves the forced blocks forced, and can only make a renju black block
/// illegal or an attacker's double four easier.
/// The candidates are those points, each tried on the board after the steps before the one
/// where it is first met (it changes nothing before) against the rest of the line. Should the
/// line itself not replay, the former loop (every point on the lines of its moves, tried
/// against the whole line) answers instead. The board is restored; `out` comes in index order.
fn breaking_replies(
    v: &mut VcfSearch,
    b: &mut Board,
    a: Color,
    line: &[u16],
    out: &mut Moves,
    whole: bool,
) -> Result<(), Res> {
    let d = a.opp();
    out.clear();
    if !line_still_wins(b, a, line) {
        return old_breaking_replies(v, b, a, line, out, whole);
    }
    // With `whole`, the first step whose legality a distant stone can change: a renju black
    // attacker's double-three-class four, or white's last four (its blocks' legality).
    let mut distant: Option<usize> = None;
    let four_kinds = [
        Threat::Five,
        Threat::OpenFour,
        Threat::FourFour,
        Threat::FourThree,
        Threat::Four,
        Threat::ThreeThree,
        Threat::Forbidden,
    ];
    // Pass 1: the points first met at each step (on the board before that step).
    let mut zones: SmallVec<[CellSet; 12]> = SmallVec::new();
    let mut seen = CellSet::new();
    let mut made = 0;
    let mut k = 0;
    while k < line.len() {
        let mut z = CellSet::new();
        for &m in &line[k..(k + 2).min(line.len())] {
            z.insert(m as usize);
        }
        for t in four_kinds {
            for i in b.cells_with(d, t).iter() {
                z.insert(i);
            }
        }
        // The attacker's five points after the four (the blocks); after a last four that has
        // no legal block (renju), also the points on their lines, which could make one legal.
        let m = line[k] as usize;
        let last_four = k + 1 >= line.len() && !b.makes_five(m, a);
        if distant.is_none()
            && ((a == Color::Black && b.threat(m, a) == Threat::ThreeThree)
                || (a == Color::White && k + 1 >= line.len()))
        {
            distant = Some(zones.len());
        }
        b.make(m, a);
        made += 1;
        for f in b.cells_with(a, Threat::Five).iter() {
            z.insert(f);
            if last_four {
                for c in line_cells(b, f).iter() {
                    z.insert(c);
                }
            }
        }
        for c in seen.iter().collect::<Vec<_>>() {
            z.remove(c);
        }
        for c in z.iter() {
            seen.insert(c);
        }
        zones.push(z);
        if k + 1 >= line.len() {
            break;
        }
        b.make(line[k + 1] as usize, d);
        made += 1;
        k += 2;
    }
    for _ in 0..made {
        b.undo();
    }
    if whole {
        // Every other point, and every point met later, is tried from that step on (a
        // distant stone changes nothing before it).
        let j = distant.unwrap_or(0).min(zones.len() - 1);
        let mut z = CellSet::new();
        for i in b.indices().collect::<Vec<_>>() {
            if b.is_empty_cell(i) && !seen.contains(i) {
                z.insert(i);
                seen.insert(i);
            }
        }
        for later in zones.drain(j + 1..) {
            for i in later.iter() {
                z.insert(i);
            }
        }
        for i in z.iter() {
            zones[j].insert(i);
        }
    }
    let mut legal = CellSet::new();
    for r in seen.iter().collect::<Vec<_>>() {
        if b.is_empty_cell(r) && is_legal(b, r, d) {
            legal.insert(r);
        }
    }
    // Pass 2: each legal point against the rest of the line (a five threat of the defender
    // breaks it at once).
    let mut made = 0;
    let mut res = Ok(());
    for (j, z) in zones.iter().enumerate() {
        for r in z.iter() {
            if !legal.contains(r) {
                continue;
            }
            if v.budget.tick() {
                res = Err(Res::Abort);
                break;
            }
            b.make(r, d);
            let still = line_still_wins(b, a, &line[2 * j..]);
            b.undo();
            if !still {
                out.push(r as u16);
            }
        }
        if res.is_err() || 2 * j + 1 >= line.len() {
            break;
        }
        b.make(line[2 * j] as usize, a);
        b.make(line[2 * j + 1] as usize, d);
        made += 2;
    }
    for _ in 0..made {
        b.undo();
    }
    out.sort_unstable();
    res
}

/// The former candidate loop: every legal point on the lines of the line's moves, and the
/// defender's four points, each tried against the whole line.
fn old_breaking_replies(
    v: &mut VcfSearch,
    b: &mut Board,
    a: Color,
    line: &[u16],
    out: &mut Moves,
    whole: bool,
) -> Result<(), Res> {
    let d = a.opp();
    let mut cand = CellSet::new();
    if whole {
        insert_empty_cells(b, &mut cand);
    }
    for &m in line {
        cand.insert(m as usize);
        for c in line_cells(b, m as usize).iter() {
            cand.insert(c);
        }
    }
    for t in [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour, Threat::ThreeThree] {
        for i in b.cells_with(d, t).iter() {
            cand.insert(i);
        }
    }
    out.clear();
    for r in cand.iter() {
        if !b.is_empty_cell(r) || !is_legal(b, r, d) {
            continue;
        }
        if v.budget.tick() {
            return Err(Res::Abort);
        }
        b.make(r, d);
        let keep = b.has_five_threat(d) || !line_still_wins(b, a, line);
        b.undo();
        if keep {
            out.push(r as u16);
        }
    }
    Ok(())
}

/// Under renju, can a stone off the lines of a VCF's moves change whether it works? Only
/// through the exact double-three rule, whose "real three" test reaches beyond a point's own
/// lines: when black (attacking) plays a move of the double-three class, or when the VCF ends
/// with a white four whose block is a double-three-class point. Other classes (four, overline,
/// double four) are decided by the point's own lines. Replays the line; the board is restored.
fn line_depends_on_distant_stones(b: &mut Board, a: Color, line: &[u16]) -> bool {
    let mut made = 0;
    let mut depends = false;
    for (k, &m) in line.iter().enumerate() {
        let m = m as usize;
        let c = if k % 2 == 0 { a } else { a.opp() };
        if !b.is_empty_cell(m) {
            depends = true;
            break;
        }
        if c == Color::Black && b.threat(m, Color::Black) == Threat::ThreeThree {
            depends = true;
            break;
        }
        b.make(m, c);
        made += 1;
    }
    if !depends && line.len() % 2 == 1 && a == Color::White && made == line.len() {
        // The line ends with white's move: if it is a four (not a five), black's blocks were
        // all illegal; check whether any of them is a double-three candidate.
        depends =
            b.cells_with(Color::White, Threat::Five).iter().any(|f| b.threat(f, Color::Black) == Threat::ThreeThree);
    }
    for _ in 0..made {
        b.undo();
    }
    depends
}

/// The attacker's threat moves, strongest kinds first, index order within a kind: fours that
/// are also threes (or more), legal double threes, plain fours, then open-three makers.
pub(crate) fn threat_moves(b: &mut Board, a: Color, out: &mut Moves) {
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
    if b.count(a, Threat::OpenFour) > 0 {
        // Only the lines through p can change p's patterns, and a reply must spoil every
        // straight-four point p of that class (renju black's double-three candidates are left
        // out: their legality can depend on distant stones, and the others must go anyway).
        // Only the line of p's straight four, in fact: this class has at most one open three
        // besides and no other four, so a defender stone on another line of p leaves p a legal
        // straight-four point (it can only weaken the attacker's patterns there).
        let mut first = true;
        for p in b.cells_with(a, Threat::OpenFour).iter() {
            let mut c = CellSet::new();
            for dir in 0..crate::board::DIRS {
                if b.pattern(p, a, dir) == Pattern::OpenFour {
                    insert_line_cells(b, p, dir, &mut c);
                }
            }
            if c.is_empty() {
                c = line_cells(b, p);
            }
            c.insert(p);
            if first {
                cand = c;
                first = false;
            } else {
                for x in cand.iter().collect::<SmallVec<[usize; 64]>>() {
                    if !c.contains(x) {
                        cand.remove(x);
                    }
                }
            }
        }
    } else {
        insert_empty_cells(b, &mut cand);
    }
    for t in [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour, Threat::ThreeThree] {
        for i in b.cells_with(d, t).iter() {
            cand.insert(i);
        }
    }
    out.clear();
    let d_five = b.has_five_threat(d);
    for r in cand.iter() {
        if !is_legal(b, r, d) {
            continue;
        }
        // Without making the move: a reply that makes no four for the defender and leaves
        // an open-four-class point of the attacker as it was is none.
        if !d_five && !super::any_dir(b, r, d, Pattern::is_four) && keeps_straight_four_point(b, a, r) {
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

/// Does `a` surely keep a legal straight-four point after the defender's stone at the empty
/// cell `r`? True when some open-four-class point of `a` keeps all its line patterns (a
/// stone off its lines, or one that leaves its pattern on that line as it was): its class,
/// decided by its patterns alone, stays. False means "not sure", not "no".
fn keeps_straight_four_point(b: &Board, a: Color, r: usize) -> bool {
    let rp = b.pos(r);
    for q in b.cells_with(a, Threat::OpenFour).iter() {
        if q == r {
            continue;
        }
        let qp = b.pos(q);
        let (dx, dy) = (rp.x as i32 - qp.x as i32, rp.y as i32 - qp.y as i32);
        let dir = if dy == 0 {
            0
        } else if dx == 0 {
            1
        } else if dx == dy {
            2
        } else if dx == -dy {
            3
        } else {
            return true;
        };
        if dx.abs().max(dy.abs()) > 5 {
            return true;
        }
        let off = (r as isize - q as isize) / b.step(dir);
        let key = b.line_key(q, a, dir) + OPP_DIGIT * b.own_digit(off as i32);
        if b.pattern_of_key(a, key) == b.pattern(q, a, dir) {
            return true;
        }
    }
    false
}

impl ThreatSolver {
    /// VCT for the side to move `attacker`: the main line of a win (df-pn, see
    /// [`Self::vct_proof`]).
    pub fn vct(&mut self, board: &mut Board, attacker: Color, limits: &SolveLimits, stop: &AtomicBool) -> SolveResult {
        self.vct_proof(board, attacker, limits, stop).0
    }

    /// The former VCT solver, kept for comparison: depth-first with iterative deepening and a
    /// fail-only table; the same moves and replies as [`Self::vct_proof`]. Iterative deepening from one threat move to
    /// `limits.max_depth`; VCF leaves to `limits.vcf_depth`. The board is restored on return.
    pub fn vct_dfs_proof(
        &mut self,
        board: &mut Board,
        attacker: Color,
        limits: &SolveLimits,
        stop: &AtomicBool,
    ) -> (SolveResult, Option<Proof>) {
        let start = Instant::now();
        let tag = |vcf_threats: bool| {
            // Fails depend on the VCF depth of the leaves and on the kinds of threat too.
            (limits.vcf_depth as u64 * 2 + vcf_threats as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        };
        let mut s = VctSearch {
            v: VcfSearch::new(board, Some(&mut self.tt), Budget::new(limits, stop)),
            vcf_depth: limits.vcf_depth,
            vcf_threats: false,
            tag: tag(false),
        };
        // Pass 1: threes and fours only (fast). Pass 2, if asked for and pass 1 found nothing:
        // also moves that threaten a VCF.
        let mut out = (SolveResult::NoWin, None);
        let passes: &[bool] = if limits.vcf_threats { &[false, true] } else { &[false] };
        'passes: for &vcf_threats in passes {
            s.vcf_threats = vcf_threats;
            s.tag = tag(vcf_threats);
            for depth in 1..=limits.max_depth.max(1) {
                match s.attack(board, attacker, depth) {
                    Ok(p) => {
                        out = (SolveResult::Win(p.main_line()), Some(p));
                        break 'passes;
                    }
                    Err(Res::Abort) => {
                        out = (SolveResult::Unknown, None);
                        break 'passes;
                    }
                    Err(_) => {}
                }
            }
        }
        self.stats.nodes = s.v.budget.nodes;
        self.stats.elapsed = start.elapsed();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Pos, parse_move_string};

    fn setup(rule: Rule, black: &str, white: &str) -> Board {
        let mut b = Board::new(15, 15, rule);
        for (s, c) in [(black, Color::Black), (white, Color::White)] {
            for m in parse_move_string(s).unwrap() {
                let i = b.idx(m);
                b.make(i, c);
            }
        }
        b
    }

    #[test]
    fn double_three_wins_except_for_renju_black() {
        let stop = AtomicBool::new(false);
        let limits = SolveLimits::vct(2, 10).with_vcf_threats(false);
        let mut b = setup(Rule::Freestyle, "h8i8j9j10", "a1a3c1o15");
        let h = b.hash();
        let mut s = ThreatSolver::new();
        let (r, proof) = s.vct_proof(&mut b, Color::Black, &limits, &stop);
        assert_eq!(b.hash(), h);
        let proof = proof.unwrap();
        assert!(r.is_win());
        assert_eq!(b.pos(proof.mv), Pos::new(9, 7), "j8");
        // No single reply stops both threes (and white has no four): the proof lists the
        // natural replies (a straight-four point each), each answered by the other three's
        // straight four, so that the main line runs to the end.
        assert!(!proof.replies.is_empty());
        b.make(proof.mv, Color::Black);
        for (r, next) in &proof.replies {
            assert!(b.threat(*r, Color::Black) == Threat::OpenFour, "{:?}", b.pos(*r));
            b.make(*r, Color::White);
            assert!(b.threat(next.mv, Color::Black) == Threat::OpenFour, "{:?}", b.pos(next.mv));
            b.undo();
        }
        b.undo();
        // Renju: j8 is a forbidden double three for black; one threat move is not enough.
        let mut b = setup(Rule::Renju, "h8i8j9j10", "a1a3c1o15");
        assert_eq!(
            s.vct(&mut b, Color::Black, &SolveLimits::vct(1, 10).with_vcf_threats(false), &stop),
            SolveResult::NoWin
        );
        // White may make it.
        let mut b = setup(Rule::Renju, "a1a3c1o15", "h8i8j9j10");
        assert!(s.vct(&mut b, Color::White, &limits, &stop).is_win());
    }

    #[test]
    fn three_defences_include_counter_fours() {
        // Black open three h8-j8 with room on both sides: only g8 and k8 stop it (after f8, k8
        // still makes a straight four). White's three stones l9-l11 give the counter-fours l7,
        // l8, l12, l13. Nothing else is a reply.
        let mut b = setup(Rule::Freestyle, "h8i8j8", "l9l10l11");
        let mut out = Moves::new();
        three_defences(&mut b, Color::Black, &mut out);
        let names: Vec<String> = out.iter().map(|&i| b.pos(i as usize).to_notation()).collect();
        assert_eq!(names, ["l7", "g8", "k8", "l8", "l12", "l13"]);
    }

    #[test]
    fn limits_and_stop_flag_give_unknown() {
        // Renju black h8 i8 j9 j10: j8 is forbidden, the win takes thousands of nodes.
        let mut b = setup(Rule::Renju, "h8i8j9j10", "a1a3c1o15");
        let h = b.hash();
        let mut s = ThreatSolver::new();
        let free = AtomicBool::new(false);
        let r = s.vct(&mut b, Color::Black, &SolveLimits::vct(7, 20).with_nodes(200), &free);
        assert_eq!(r, SolveResult::Unknown);
        let stop = AtomicBool::new(true);
        let r = s.vct(&mut b, Color::Black, &SolveLimits::vct(7, 20), &stop);
        assert_eq!(r, SolveResult::Unknown);
        assert!(s.stats.nodes <= 1024, "{}", s.stats.nodes);
        assert_eq!(b.hash(), h);
        s.clear();
        assert!(s.vct(&mut b, Color::Black, &SolveLimits::vct(7, 20), &free).is_win());
    }
}
