//! Transposition table shared by all search threads.
//!
//! Each entry is two `AtomicU64`s: `key ^ data` and `data`. A torn write (two threads writing
//! the same slot) makes the XOR check fail and the entry reads as a miss, so no lock and no
//! unsafe code are needed. Buckets of four entries fill one 64-byte cache line; replacement
//! prefers the shallowest or oldest entry (depth-preferred with aging). Mate scores are stored
//! relative to the node (ply-independent) and converted back on probe.

use crate::core::{Value, WIN_MIN};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What a stored value means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact = 1,
    /// The value is a lower bound (fail high).
    Lower = 2,
    /// The value is an upper bound (fail low).
    Upper = 3,
}

impl Bound {
    /// The bound a search result `value` is, given the window it was searched with.
    pub fn of(value: Value, alpha: Value, beta: Value) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A probed entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub value: Value,
    pub eval: Value,
    pub depth: i32,
    pub bound: Bound,
    /// Best move (a padded board index), 0 = none.
    pub mv: u16,
}

const BUCKET: usize = 4;
const ENTRY_BYTES: usize = 16;

pub struct Tt {
    slots: Vec<AtomicU64>,
    buckets: usize,
    age: AtomicU64,
}

// data layout: value i16 (0..16) | eval i16 (16..32) | depth u8 (32..40) | bound 2 bits (40..42)
// | age 6 bits (42..48) | move u16 (48..64)
fn pack(value: Value, eval: Value, depth: i32, bound: Bound, age: u64, mv: u16) -> u64 {
    (value as i16 as u16 as u64)
        | ((eval as i16 as u16 as u64) << 16)
        | ((depth.clamp(0, 255) as u64) << 32)
        | ((bound as u64) << 40)
        | ((age & 63) << 42)
        | ((mv as u64) << 48)
}

fn unpack(d: u64) -> (Value, Value, i32, u64, u64, u16) {
    (
        (d as u16) as i16 as Value,
        ((d >> 16) as u16) as i16 as Value,
        ((d >> 32) & 255) as i32,
        (d >> 40) & 3,
        (d >> 42) & 63,
        (d >> 48) as u16,
    )
}

/// Mate values are stored as distance from this node, not from the root.
pub fn value_to_tt(v: Value, ply: i32) -> Value {
    if v >= WIN_MIN {
        v + ply
    } else if v <= -WIN_MIN {
        v - ply
    } else {
        v
    }
}

pub fn value_from_tt(v: Value, ply: i32) -> Value {
    if v >= WIN_MIN {
        v - ply
    } else if v <= -WIN_MIN {
        v + ply
    } else {
        v
    }
}

impl Tt {
    /// A table using at most `bytes` (at least one bucket).
    pub fn new(bytes: usize) -> Tt {
        let buckets = (bytes / (BUCKET * ENTRY_BYTES)).max(1);
        // round down to a power of two for cheap indexing
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let slots = (0..buckets * BUCKET * 2).map(|_| AtomicU64::new(0)).collect();
        Tt { slots, buckets, age: AtomicU64::new(0) }
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    pub fn clear(&self) {
        for s in &self.slots {
            s.store(0, Relaxed);
        }
        self.age.store(0, Relaxed);
    }

    /// Call once per search (root move) so old entries are replaced first.
    pub fn new_search(&self) {
        self.age.store((self.age.load(Relaxed) + 1) & 63, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & (self.buckets - 1)) * BUCKET * 2
    }

    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let b = self.bucket(key);
        for e in 0..BUCKET {
            let k = self.slots[b + 2 * e].load(Relaxed);
            let d = self.slots[b + 2 * e + 1].load(Relaxed);
            if d != 0 && k ^ d == key {
                let (value, eval, depth, bound, _, mv) = unpack(d);
                let bound = match bound {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                };
                return Some(Hit { value: value_from_tt(value, ply), eval, depth, bound, mv });
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, ply: i32, value: Value, eval: Value, depth: i32, bound: Bound, mv: u16) {
        let b = self.bucket(key);
        let age = self.age.load(Relaxed);
        let mut victim = 0;
        let mut worst = i64::MAX;
        for e in 0..BUCKET {
            let k = self.slots[b + 2 * e].load(Relaxed);
            let d = self.slots[b + 2 * e + 1].load(Relaxed);
            if d == 0 || k ^ d == key {
                if d != 0 && k ^ d == key {
                    let (_, _, odepth, _, _, omv) = unpack(d);
                    // keep a deeper exact-enough entry's move if we have none
                    if bound != Bound::Exact && depth + 2 < odepth {
                        return;
                    }
                    let mv = if mv == 0 { omv } else { mv };
                    let nd = pack(value_to_tt(value, ply), eval, depth, bound, age, mv);
                    self.slots[b + 2 * e].store(key ^ nd, Relaxed);
                    self.slots[b + 2 * e + 1].store(nd, Relaxed);
                    return;
                }
                victim = e;
                worst = i64::MIN;
                continue;
            }
            if worst == i64::MIN {
                continue;
            }
            let (_, _, odepth, _, oage, _) = unpack(d);
            let age_diff = ((age + 64 - oage) & 63) as i64;
            let score = odepth as i64 - 4 * age_diff;
            if score < worst {
                worst = score;
                victim = e;
            }
        }
        let nd = pack(value_to_tt(value, ply), eval, depth, bound, age, mv);
        self.slots[b + 2 * victim].store(key ^ nd, Relaxed);
        self.slots[b + 2 * victim + 1].store(nd, Relaxed);
    }

    /// Permille of the first 1000 entries in use (for `hashfull`-style reporting).
    pub fn hashfull(&self) -> usize {
        let n = (self.slots.len() / 2).min(1000);
        (0..n).filter(|&e| self.slots[2 * e + 1].load(Relaxed) != 0).count() * 1000 / n.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::WIN;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = Tt::new(1 << 16);
        tt.store(0xdead_beef_1234_5678, 3, WIN - 10, 5, 7, Bound::Lower, 321);
        let h = tt.probe(0xdead_beef_1234_5678, 3).unwrap();
        assert_eq!((h.value, h.eval, h.depth, h.bound, h.mv), (WIN - 10, 5, 7, Bound::Lower, 321));
        // mate distance is relative: probed two plies deeper it is two plies nearer the root's view
        let h = tt.probe(0xdead_beef_1234_5678, 5).unwrap();
        assert_eq!(h.value, WIN - 12);
        assert!(tt.probe(0x1234, 0).is_none());
        tt.store(7, 0, -123, -50, 2, Bound::Exact, 0);
        assert_eq!(tt.probe(7, 0).unwrap().value, -123);
    }
}
