//! Static evaluation from the board's incremental threat-class counts, and move scores for
//! ordering from the same patterns. Both are O(1) per call in the board size.

use crate::board::pattern::{Pattern, THREAT_COUNT, Threat};
use crate::board::{Board, DIRS};
use crate::core::{Color, Value};
use crate::search::params::Params;

/// Largest magnitude of a static evaluation (well below mate scores).
pub const EVAL_LIMIT: Value = 20_000;

/// Evaluation from the point of view of `me`, the side to move.
pub fn evaluate(b: &Board, me: Color, p: &Params) -> Value {
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
    if p.pattern_eval_scale != 0 {
        let mut pv = 0;
        for (k, pat) in Pattern::ALL.iter().enumerate().skip(2) {
            pv += p.eval_pat_own[k] * b.pattern_count(me, *pat) as i32
                - p.eval_pat_opp[k] * b.pattern_count(opp, *pat) as i32;
        }
        v += pv * p.pattern_eval_scale / 100;
    }
    v.clamp(-EVAL_LIMIT, EVAL_LIMIT)
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
    s
}
