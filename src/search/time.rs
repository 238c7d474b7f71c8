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

/// What we keep back from every hard limit for process scheduling, pipe latency and the reply:
/// a fixed part plus [`SAFETY_DIV`]-th of the limit.
pub const SAFETY_MS: u64 = 15;
/// The proportional part of the margin (1/25 = 4% of the limit).
pub const SAFETY_DIV: u64 = 25;

impl Clock {
    /// The budget for a move when `empty` points are left on the board and `stones` are on it.
    ///
    /// When the turn limit binds (no game clock, or a clock with more than enough time for the
    /// moves still expected), `optimum == maximum`: the search then uses the whole limit less
    /// the margin (time not used is lost, and an iteration cut short still improves the move),
    /// stopping early only on a proven result. Under a binding game clock the optimum is the
    /// clock's share for this move and the search stretches or shortens it (see
    /// [`Budget::soft_limit`]) but never passes the maximum.
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
        let margin = |limit: u64| SAFETY_MS + limit / SAFETY_DIV;
        let maximum_from_turn = turn.saturating_sub(margin(turn));
        // Spend the game clock over the moves still expected: at most ~ half the empty points
        // are ours, but games rarely last long; plan for min(empty/2, 30) more moves, at least 8.
        let moves_left = ((empty / 2).min(30)).max(8) as u64;
        let _ = stones;
        if left == u64::MAX {
            return Budget::whole(maximum_from_turn);
        }
        let game_share = left / moves_left + self.increment_ms;
        // one move never takes more than a quarter of what is left
        let maximum =
            maximum_from_turn.min((left / 4).saturating_sub(margin(left / 4))).min(left.saturating_sub(margin(left)));
        if game_share >= maximum {
            // the clock has time to spare: the turn limit binds
            return Budget::whole(maximum);
        }
        Budget { optimum: Duration::from_millis(game_share), maximum: Duration::from_millis(maximum) }
    }
}

impl Budget {
    /// All of `ms` as both optimum and maximum.
    pub fn whole(ms: u64) -> Budget {
        let d = Duration::from_millis(ms);
        Budget { optimum: d, maximum: d }
    }

    /// Does the turn limit bind (no game-clock share smaller than the maximum)?
    pub fn turn_bound(&self) -> bool {
        self.optimum >= self.maximum
    }

    /// When to stop starting iterations, given how the search is going: `falling` is how far
    /// (centi-stones) the value fell in the last iteration (≤ 0 if it rose), `stable` how many
    /// iterations in a row kept the best move. Under a binding turn limit this is the maximum
    /// (the time is lost otherwise). Under a game clock the optimum is stretched up to 2.5×
    /// when the value falls or the best move keeps changing and shortened to 60% when the move
    /// has been stable for several iterations; never beyond the maximum.
    pub fn soft_limit(&self, falling: i32, stable: u32) -> Duration {
        if self.turn_bound() {
            return self.maximum;
        }
        let mut permille: u64 = 1000;
        if falling > 0 {
            permille += (falling.min(150) as u64) * 6; // up to +90%
        }
        match stable {
            0 => permille = permille * 13 / 10,
            1 => {}
            2..=3 => permille = permille * 9 / 10,
            _ => permille = permille * 6 / 10,
        }
        (self.optimum * permille.min(2500) as u32 / 1000).min(self.maximum)
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

    #[test]
    fn turn_limit_alone_is_used_whole() {
        for turn in [100u64, 200, 500, 5000] {
            let c = Clock { turn_ms: Some(turn), match_ms: None, left_ms: None, increment_ms: 0 };
            let b = c.budget(20, 200);
            assert!(b.turn_bound());
            assert!(b.maximum.as_millis() as u64 * 100 >= turn * 80, "{turn} {b:?}");
            assert_eq!(b.soft_limit(200, 0), b.maximum);
            // a game clock with plenty of time left binds no more than none
            let c = Clock { turn_ms: Some(turn), match_ms: Some(1_000_000), left_ms: Some(1_000_000), increment_ms: 0 };
            assert!(c.budget(20, 200).turn_bound());
        }
    }

    #[test]
    fn game_clock_spreads_and_stretches() {
        let c = Clock { turn_ms: Some(30_000), match_ms: Some(180_000), left_ms: Some(60_000), increment_ms: 0 };
        let b = c.budget(40, 185);
        assert!(!b.turn_bound());
        assert_eq!(b.optimum, Duration::from_millis(2000)); // 60 s over 30 moves
        assert!(b.soft_limit(100, 0) > b.optimum && b.soft_limit(100, 0) <= b.maximum);
        assert!(b.soft_limit(-50, 6) < b.optimum);
        assert!(b.soft_limit(150, 0) <= b.optimum * 5 / 2);
    }
}
