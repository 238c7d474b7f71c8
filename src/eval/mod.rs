//! Static evaluation and move-ordering scores. Both are O(1) per call in the board size.
//!
//! Two evaluations: the hand-weighted count of threat classes, and the learned one
//! ([`weights`]): per-cell code values summed incrementally by the board, plus a threat-state
//! term and a bias, trained by `gorin-train` from self-play records. `Params::learned_eval`
//! chooses (a rule/colour class without trained weights keeps the hand evaluation); `Params::learned_order` adds the learned per-cell policy to the ordering scores.

pub mod weights;

use crate::board::features::{class_of, line_shape_table};
use crate::board::pattern::{THREAT_COUNT, Threat};
use crate::board::{Board, DIRS};
use crate::core::{Color, Rule, Value};
use crate::search::params::Params;

/// Largest magnitude of a static evaluation (well below mate scores).
pub const EVAL_LIMIT: Value = 20_000;

/// Evaluation from the point of view of `me`, the side to move.
pub fn evaluate(b: &mut Board, me: Color, p: &Params) -> Value {
    let w = weights::active();
    if p.learned_eval != 0 && w.trained[class_of(b.rule(), me)] {
        if !w.residual {
            return learned_evaluate(b, me);
        }
        return (hand_evaluate(b, me, p) + learned_evaluate(b, me)).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
    hand_evaluate(b, me, p)
}

/// The hand-weighted evaluation: threat-class counts of both sides.
pub fn hand_evaluate(b: &Board, me: Color, p: &Params) -> Value {
    let opp = me.opp();
    let mut v = 0;
    for t in 1..THREAT_COUNT {
        if t == Threat::Forbidden as usize {
            continue;
        }
        let th = Threat::ALL[t];
        // Renju black's double-three cells are mostly forbidden: worth an open three at most.
        let weight = |side: Color, w: &[i32; THREAT_COUNT]| {
            if th == Threat::ThreeThree && b.rule().has_forbidden(side) { w[Threat::OpenThree as usize] } else { w[t] }
        };
        v += weight(me, &p.eval_own) * b.count(me, th) as i32 - weight(opp, &p.eval_opp) * b.count(opp, th) as i32;
    }
    v.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The learned evaluation from the point of view of `me`, the side to move, in engine units:
/// K × (the cell values of the mover's codes + those of the waiting side's codes + the
/// pair term (mover's code × waiting side's code per cell) + the threat-state term + a bias).
/// The board keeps the cell and pair sums.
pub fn learned_evaluate(b: &mut Board, me: Color) -> Value {
    let w = weights::active();
    let opp = me.opp();
    let class = class_of(b.rule(), me);
    let mut v = (b.value_sums(me)[0] + b.value_sums(opp)[1]) / weights::CELL_FP + b.pair_sum(me) / weights::PAIR_DIV;
    if w.mask_used[class] {
        v += w.mask_int[class][threat_mask(b, me)];
    }
    if w.head_used[class] {
        let (mine, theirs) = (*b.acc(me), *b.acc(opp));
        v += (w.heads[class].forward(&mine, &theirs) * w.k).round() as i32;
    }
    let st = &w.state_int[class];
    for (side, c) in [me, opp].into_iter().enumerate() {
        for t in 1..THREAT_COUNT {
            let n = b.count(c, Threat::ALL[t]);
            if n >= 1 {
                v += st[side][t][0];
                if n >= 2 {
                    v += st[side][t][1];
                }
            }
        }
    }
    (v + w.bias_int[class]).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Number of threat masks (see [`threat_mask`]).
pub const MASK_COUNT: usize = 1 << 10;

/// The threat state of the position as one index for a learned table (Rapfi's classical
/// evaluation has such a term): for `me`, the side to move, then for the opponent, whether
/// it has a point that makes a straight four (an open three on the board, or a double four
/// point), a four-three, a four, a double three, an open three. The table sees every
/// combination, where the state indicators only add up.
#[inline]
pub fn threat_mask(b: &Board, me: Color) -> usize {
    let bits = |c: Color| {
        let has = |t: Threat| (b.count(c, t) > 0) as usize;
        (has(Threat::OpenFour) | has(Threat::FourFour))
            | has(Threat::FourThree) << 1
            | has(Threat::Four) << 2
            | has(Threat::ThreeThree) << 3
            | has(Threat::OpenThree) << 4
    };
    bits(me) | bits(me.opp()) << 5
}

/// The learned policy score of `me` playing the empty cell `i` (logits × [`weights::POLICY_FP`]).
#[inline]
pub fn policy_score(b: &Board, i: usize, me: Color) -> i32 {
    let w = weights::active();
    let class = class_of(b.rule(), me);
    let mut s = code_policy(w, class, b.code(i, me), b.code(i, me.opp()));
    if w.policy_line_used[class] && !b.rule().is_caro() {
        // the line shapes along each direction, seen by each side
        let (lt, shapes) = (&w.policy_line_int[class], line_shape_table());
        for d in 0..DIRS {
            s += lt[shapes[b.line_key(i, me, d) as usize] as usize][0]
                + lt[shapes[b.line_key(i, me.opp(), d) as usize] as usize][1];
        }
    }
    s
}

/// The learned policy score of `me` at `i` from the codes alone (no line shapes), computed
/// from the line patterns: usable in the threat-search board mode.
#[inline]
pub fn policy_code_score(b: &Board, i: usize, me: Color) -> i32 {
    code_policy(weights::active(), class_of(b.rule(), me), b.code_now(i, me), b.code_now(i, me.opp()))
}

/// The policy's code part: the mover's code `own` and the other side's `opp` at one cell.
#[inline]
fn code_policy(w: &weights::Weights, class: usize, own: usize, opp: usize) -> i32 {
    let t = &w.policy_int[class];
    t[own][0] + t[opp][1]
}

/// Ordering score of `me` playing the empty cell `i`.
#[inline]
pub fn move_score(b: &Board, i: usize, me: Color, p: &Params) -> i32 {
    let opp = me.opp();
    let mut s = p.order_own[b.threat(i, me) as usize] + p.order_block[b.threat(i, opp) as usize];
    for d in 0..DIRS {
        s += p.order_pattern[b.pattern(i, me, d) as usize];
        s += p.order_pattern[b.pattern(i, opp, d) as usize] * 2 / 3;
    }
    let weight = if b.rule() == Rule::Renju { p.learned_order_renju } else { p.learned_order };
    if weight != 0 {
        s += policy_score(b, i, me) * weight / 100;
    }
    s
}

/// Names the evaluation that plays, for self-play records.
pub fn generator_tag(p: &Params) -> String {
    if p.learned_eval != 0 { weights::active().tag() } else { "hand".into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Rule, parse_move_string};
    use crate::game::Game;

    #[test]
    fn untrained_classes_keep_the_hand_evaluation() {
        let w = weights::active();
        let p = Params::default();
        let moves = parse_move_string("h8i9j8h9i8g10k8").unwrap();
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            let mut g = Game::from_moves(15, 15, rule, &moves).unwrap();
            for c in Color::BOTH {
                let want = if p.learned_eval != 0 && w.trained[class_of(rule, c)] {
                    learned_evaluate(&mut g.board, c)
                } else {
                    hand_evaluate(&g.board, c, &p)
                };
                assert_eq!(evaluate(&mut g.board, c, &p), want, "{rule:?} {c:?}");
            }
        }
        let zero = weights::Weights::zero();
        assert!(zero.trained.iter().all(|&t| !t));
    }
}
