//! Per-cell feature codes for the learned evaluation.
//!
//! The code of an empty cell for a side is the *multiset* of its four fine line patterns (the
//! directions' order does not matter; [`super::pattern::fine_table`] splits the weak patterns by
//! how many ways they grow): one of [`CODE_COUNT`] = C(19, 4) = 3876 values. The board
//! keeps each empty cell's two codes (one per side) and, per side, two sums of learned
//! per-code values over all empty cells, updated with the line patterns in make/undo, so the
//! evaluation reads them in O(1). A cell's threat class is a function of its code.

use super::pattern::{FINE_COUNT, FINE_TO_COARSE, PATTERN_COUNT, Pattern, combine};
use crate::core::{Color, Rule};
use std::sync::OnceLock;

/// Number of distinct cell codes (multisets of four fine patterns out of sixteen).
pub const CODE_COUNT: usize = 3876;

/// Number of codes of the eleven coarse patterns (weights files of format versions 1–3).
pub const COARSE_CODE_COUNT: usize = 1001;

/// Rule/colour classes with their own tables: freestyle, standard (and caro), renju black,
/// renju white.
pub const CLASS_COUNT: usize = 4;

/// The table class of `c` under `rule`.
#[inline]
pub fn class_of(rule: Rule, c: Color) -> usize {
    match rule {
        Rule::Renju => 2 + c.idx(),
        Rule::Freestyle => 0,
        _ => 1,
    }
}

pub const CLASS_NAMES: [&str; CLASS_COUNT] = ["freestyle", "standard", "renju-black", "renju-white"];

struct Codes {
    /// packed four fine patterns (4 bits each) → code.
    by_packed: Vec<u16>,
    /// code → its fine patterns, sorted.
    patterns: Vec<[u8; 4]>,
    /// code → the code of its coarse patterns (the 1001 codes of the older weights files).
    coarse: Vec<u16>,
    /// code → threat class, without and with forbidden rules.
    threat: [Vec<u8>; 2],
}

/// The multisets of four values below `n`, in lexicographic order, and the rank of each
/// sorted quadruple (indexed by `((a·n + b)·n + c)·n + d`).
fn multisets(n: usize) -> (Vec<[u8; 4]>, Vec<u16>) {
    let mut patterns = Vec::new();
    let mut rank = vec![0u16; n * n * n * n];
    for a in 0..n {
        for b in a..n {
            for c in b..n {
                for d in c..n {
                    rank[((a * n + b) * n + c) * n + d] = patterns.len() as u16;
                    patterns.push([a as u8, b as u8, c as u8, d as u8]);
                }
            }
        }
    }
    (patterns, rank)
}

fn rank_of(rank: &[u16], n: usize, mut p: [usize; 4]) -> u16 {
    p.sort_unstable();
    rank[((p[0] * n + p[1]) * n + p[2]) * n + p[3]]
}

fn codes() -> &'static Codes {
    static C: OnceLock<Codes> = OnceLock::new();
    C.get_or_init(|| {
        let (patterns, rank) = multisets(FINE_COUNT);
        assert_eq!(patterns.len(), CODE_COUNT);
        let (coarse_patterns, coarse_rank) = multisets(PATTERN_COUNT);
        assert_eq!(coarse_patterns.len(), COARSE_CODE_COUNT);
        let by_packed = (0..=u16::MAX as u32)
            .map(|k| rank_of(&rank, FINE_COUNT, std::array::from_fn(|d| ((k >> (4 * d)) & 15) as usize)))
            .collect();
        let coarse_of = |q: &[u8; 4]| q.map(|x| FINE_TO_COARSE[x as usize]);
        let coarse =
            patterns.iter().map(|q| rank_of(&coarse_rank, PATTERN_COUNT, coarse_of(q).map(|x| x as usize))).collect();
        let pack = |q: &[u8; 4]| q.iter().enumerate().fold(0u16, |acc, (d, &x)| acc | (x as u16) << (4 * d));
        let threat = [false, true].map(|f| patterns.iter().map(|q| combine(pack(&coarse_of(q)), f) as u8).collect());
        Codes { by_packed, patterns, coarse, threat }
    })
}

/// The code of four packed fine line patterns (direction d at bits 4d..4d+4).
#[inline]
pub fn code_table() -> &'static [u16] {
    &codes().by_packed
}

/// The threat class of each code, for a side with (`true`) or without forbidden moves.
pub fn code_threat_table(forbidden_rules: bool) -> &'static [u8] {
    &codes().threat[forbidden_rules as usize]
}

/// The threat class of four packed fine line patterns (the class of their code), for a side
/// with (`true`) or without forbidden moves: one lookup where the code takes two (the
/// threat-search mode keeps no codes).
pub fn packed_threat_table(forbidden_rules: bool) -> &'static [u8] {
    static T: [OnceLock<Vec<u8>>; 2] = [OnceLock::new(), OnceLock::new()];
    T[forbidden_rules as usize].get_or_init(|| {
        let (codes, threat) = (code_table(), code_threat_table(forbidden_rules));
        codes.iter().map(|&c| threat[c as usize]).collect()
    })
}

/// The four coarse patterns of a code, weakest first.
pub fn code_patterns(code: usize) -> [Pattern; 4] {
    codes().patterns[code].map(|x| Pattern::from_u8(FINE_TO_COARSE[x as usize]))
}

/// The four fine patterns of a code, weakest first.
pub fn code_fine_patterns(code: usize) -> [u8; 4] {
    codes().patterns[code]
}

/// The coarse code (< [`COARSE_CODE_COUNT`], as in weights files of format versions 1–3) of
/// each code.
pub fn coarse_code_table() -> &'static [u16] {
    &codes().coarse
}

/// Number of distinct line shapes of the learned policy's line term: the eight neighbours at
/// offsets -4..=-1 and 1..=4 along a line (empty, own, opponent or wall, as in the line key), a
/// shape and its mirror image counted once: (3^8 + 3^4) / 2.
pub const LINE_COUNT: usize = 3321;

/// Line key (radix 3, ten digits, see [`super::pattern`]) → line shape index (< [`LINE_COUNT`];
/// 0 = no stone or wall within four). Caro's radix-4 keys have no shapes.
pub fn line_shape_table() -> &'static [u16] {
    static T: OnceLock<Vec<u16>> = OnceLock::new();
    T.get_or_init(|| {
        // digits 1..=8 of the key are the offsets -4..=-1, 1..=4; the mirror maps digit i to 9 - i
        let mut id = vec![u16::MAX; 6561];
        let mut next = 0u16;
        for k8 in 0..6561u32 {
            let d: Vec<u32> = (0..8).map(|j| k8 / 3u32.pow(j) % 3).collect();
            let m8: u32 = (0..8).map(|j| d[7 - j] * 3u32.pow(j as u32)).sum();
            let c = k8.min(m8) as usize;
            if id[c] == u16::MAX {
                id[c] = next;
                next += 1;
            }
            id[k8 as usize] = id[c];
        }
        assert_eq!(next as usize, LINE_COUNT);
        (0..59049u32).map(|k| id[(k / 3 % 6561) as usize]).collect()
    })
}

/// Learned per-code values of one class, in the evaluation's fixed point: `[mover, waiting]`
/// (a cell's value when its side is to move, and when the other side is).
pub type CellValues = [[i32; 2]; CODE_COUNT];

/// All zero: a board whose evaluation does not use the learned tables.
pub static ZERO_VALUES: CellValues = [[0; 2]; CODE_COUNT];

/// Rank of the factorised pair term: a cell's value when side s is to move gains
/// `u[s's code] · v[the other side's code]` (learned per class).
pub const PAIR_RANK: usize = 4;

/// The pair term's factors of one class in the board's fixed point: `u[code]` (the mover's
/// code, × [`crate::eval::weights::PAIR_FP_U`]) and `v[code]` (the waiting side's code, in
/// engine units × [`crate::eval::weights::PAIR_FP_V`]).
#[derive(Debug)]
pub struct PairFactors {
    pub u: [[i16; PAIR_RANK]; CODE_COUNT],
    pub v: [[i16; PAIR_RANK]; CODE_COUNT],
    /// Any factor non-zero (the board skips the term otherwise).
    pub used: bool,
}

impl PairFactors {
    /// The pair value of a cell whose mover's code is `a` and waiting side's code is `b`.
    #[inline]
    pub fn dot(&self, a: usize, b: usize) -> i32 {
        let (u, v) = (&self.u[a], &self.v[b]);
        (0..PAIR_RANK).map(|r| u[r] as i32 * v[r] as i32).sum()
    }
}

/// All zero.
pub static ZERO_PAIRS: PairFactors =
    PairFactors { u: [[0; PAIR_RANK]; CODE_COUNT], v: [[0; PAIR_RANK]; CODE_COUNT], used: false };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_shapes_merge_mirror_images_only() {
        use crate::board::pattern::{digit_index, powers};
        let t = line_shape_table();
        let pw = powers(3);
        let key = |digits: &[(i32, u32)]| digits.iter().map(|&(o, d)| d * pw[digit_index(o) as usize]).sum::<u32>();
        assert_eq!(t[0], 0);
        // a stone at +1 and the same at -1 are one shape; own and opponent differ
        assert_eq!(t[key(&[(1, 1)]) as usize], t[key(&[(-1, 1)]) as usize]);
        assert_ne!(t[key(&[(1, 1)]) as usize], t[key(&[(1, 2)]) as usize]);
        assert_ne!(t[key(&[(1, 1)]) as usize], t[key(&[(2, 1)]) as usize]);
        // the fifth neighbour is outside the shape
        assert_eq!(t[key(&[(5, 1)]) as usize], 0);
        assert_eq!(t[key(&[(1, 1), (-5, 2)]) as usize], t[key(&[(1, 1)]) as usize]);
        // every index is below the count, and every index is used
        let mut seen = vec![false; LINE_COUNT];
        for &x in t {
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn codes_ignore_direction_order_and_keep_threats() {
        let t = code_table();
        // fine patterns: 2 one-b, 3 one-f, 10 open-three-a, 11 open-three-b, 12 four
        let pack = |p: [u16; 4]| p.iter().enumerate().fold(0u16, |a, (d, &x)| a | x << (4 * d));
        let a = pack([11, 0, 12, 2]);
        let b = pack([2, 12, 0, 11]);
        assert_eq!(t[a as usize], t[b as usize]);
        assert_ne!(t[a as usize], t[pack([11, 0, 12, 3]) as usize]);
        assert_ne!(t[a as usize], t[pack([10, 0, 12, 2]) as usize]);
        use Pattern::*;
        assert_eq!(code_patterns(t[a as usize] as usize), [None, One, OpenThree, Four]);
        assert_eq!(code_fine_patterns(t[a as usize] as usize), [0, 2, 11, 12]);
        // the coarse code and the threat class depend only on the coarse patterns
        let coarse = coarse_code_table();
        assert_eq!(coarse[t[a as usize] as usize], coarse[t[pack([10, 0, 12, 3]) as usize] as usize]);
        let mut seen = std::collections::HashSet::new();
        let mut seen_coarse = std::collections::HashSet::new();
        for k in 0..=u16::MAX {
            let c = t[k as usize] as usize;
            seen.insert(c);
            seen_coarse.insert(coarse[c]);
            let coarse_packed = (0..4).fold(0u16, |a, d| {
                a | (crate::board::pattern::FINE_TO_COARSE[((k >> (4 * d)) & 15) as usize] as u16) << (4 * d)
            });
            for f in [false, true] {
                assert_eq!(code_threat_table(f)[c], combine(coarse_packed, f) as u8);
            }
        }
        assert_eq!(seen.len(), CODE_COUNT);
        assert_eq!(seen_coarse.len(), COARSE_CODE_COUNT);
    }
}
