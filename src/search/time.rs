//! Time management: how long to think for one move, from the manager's clock settings.
//!
//! The managers forfeit a move that takes longer than min(timeout_turn, time_left) (plus a
//! tolerance we never rely on). We aim at an *optimum* time (stop starting new iterations after
//! it) and never exceed a *maximum* (the search polls the clock and stops hard).

use std::time::Duration;

/// The clock as the manager describes it (milliseconds; `None` = not given / unlimited).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// `INFO timeout_turn`: limit per move. 0 means "play at once".
    pub turn_ms: Option<u64>,
    /// `INFO timeout_match`: limit for the whole game. 0 means unlimited.
    pub match_ms: Option<u64>,
    /// `INFO time_left`: time left in the game (may be negative; 2147483647 = unlimited).
    pub left_ms: Option<i64>,
    /// Yixin-Board `INFO time_increment` per move.
    pub increment_ms: u64,
}

impl Default for Clock {
    /// Gomocup's usual defaults until INFO says otherwise: 5 s per move, no match limit.
    fn default() -> Self {
        Clock { turn_ms: Some(5_000), match_ms: None, left_ms: None, increment_ms: 0 }
    }
}

/// Per-move budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Don't start a new iteration after this.
    pub optimum: Duration,
    /// Hard stop.
    pub maximum: Duration,
}

/// What we keep back from every hard limit for process scheduling, pipe latency and the reply.
pub const SAFETY_MS: u64 = 60;

impl Clock {
    /// The budget for a move when `empty` points are left on the board and `stones` are on it.
    pub fn budget(&self, stones: usize, empty: usize) -> Budget {
        let unlimited = 2_147_483_647i64;
        // hard limit from the turn limit
        let turn = match self.turn_ms {
            Some(0) => 0,
            Some(t) => t,
            None => u64::MAX,
        };
        // hard limit from the game clock
        let left = match (self.left_ms, self.match_ms) {
            (Some(l), _) if l >= unlimited => u64::MAX,
            (Some(l), _) => l.max(0) as u64,
            (None, Some(m)) if m > 0 => m,
            _ => u64::MAX,
        };
        let hard = turn.min(left);
        if hard == u64::MAX {
            // No limit at all: think a sensible fixed time.
            return Budget { optimum: Duration::from_millis(10_000), maximum: Duration::from_millis(30_000) };
        }
        // Margin: a fixed part plus a small proportional one for long limits.
        let margin = SAFETY_MS + hard / 50;
        let maximum_from_turn = turn.saturating_sub(margin);
        // Spend the game clock over the moves still expected: at most ~ half the empty points
        // are ours, but games rarely last long; plan for min(empty/2, 30) more moves, at least 8.
        let moves_left = ((empty / 2).min(30)).max(8) as u64;
        let _ = stones;
        let game_share = if left == u64::MAX { u64::MAX } else { left / moves_left + self.increment_ms };
        let maximum_from_left = if left == u64::MAX { u64::MAX } else { (left / 4).saturating_sub(margin) };
        let maximum = maximum_from_turn.min(maximum_from_left).min(left.saturating_sub(margin));
        let optimum = if game_share == u64::MAX {
            // Only a turn limit: use most of it, as the turn limit is the binding one.
            maximum * 8 / 10
        } else {
            (game_share).min(maximum * 8 / 10)
        };
        Budget { optimum: Duration::from_millis(optimum.min(maximum)), maximum: Duration::from_millis(maximum) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_exceeds_turn_or_left() {
        for turn in [0u64, 10, 100, 1000, 5000, 30_000] {
            for left in [-5i64, 0, 50, 900, 10_000, 180_000, 2_147_483_647] {
                let c = Clock { turn_ms: Some(turn), match_ms: Some(180_000), left_ms: Some(left), increment_ms: 0 };
                let b = c.budget(10, 200);
                assert!(b.maximum.as_millis() as u64 <= turn, "{turn} {left} {b:?}");
                if left < 2_147_483_647 {
                    assert!(b.maximum.as_millis() as i64 <= left.max(0), "{turn} {left} {b:?}");
                }
                assert!(b.optimum <= b.maximum);
            }
        }
    }

    #[test]
    fn zero_turn_means_at_once() {
        let c = Clock { turn_ms: Some(0), ..Clock::default() };
        assert_eq!(c.budget(0, 225).maximum, Duration::ZERO);
    }
}
