//! Opening rules (issue 7): swap2 and swap1 for gomoku, and the RIF openings Taraguchi-10,
//! Soosyrv-8 and Yamaguchi for renju, as sequences of engine decisions.
//!
//! - [`symmetry`]: the board's symmetries and canonical forms ("are these positions the same").
//! - [`balance`]: evaluating positions (node-limited search + VCF) and balanced-stone search.
//! - [`Decider`] (here): the decisions every rule is built from — balanced stones, swap or not,
//!   offering N pairwise non-symmetric fifth moves, picking one of N offers.
//! - [`rif`]: the rules themselves (zones, the 26 canonical openings, the order of decisions),
//!   a referee that walks a rule between two [`rif::OpeningPlayer`]s, and the text forms of
//!   the questions and answers (the `GORINOPENING` protocol extension).

pub mod balance;
pub mod rif;
pub mod symmetry;

pub use balance::{BalanceLimits, Evaluator, Scored};

use crate::core::{Color, Pos, Value};
use crate::game::{Game, Outcome};

/// Where a stone may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// Anywhere on the board.
    Anywhere,
    /// Inside the central `side`×`side` square (`side` odd; 1 = the centre point).
    Central(usize),
}

impl Zone {
    /// The zone of the k-th stone (1-based) of Taraguchi-style rules: the central
    /// (2k−1)×(2k−1) square.
    pub fn for_stone(k: usize) -> Zone {
        Zone::Central(2 * k - 1)
    }

    /// Is `p` in the zone on a `w`×`h` board? The centre is (w/2, h/2), rounded down.
    pub fn contains(self, p: Pos, w: usize, h: usize) -> bool {
        match self {
            Zone::Anywhere => (p.x as usize) < w && (p.y as usize) < h,
            Zone::Central(side) => {
                let r = (side / 2) as i32;
                let (dx, dy) = (p.x as i32 - (w / 2) as i32, p.y as i32 - (h / 2) as i32);
                (p.x as usize) < w && (p.y as usize) < h && dx.abs() <= r && dy.abs() <= r
            }
        }
    }
}

/// What a swap2 step is answered with (see protocol.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Decision {
    /// Take black.
    Swap,
    /// Stones to place (3 at step 1; 1 or 2 at step 2; 1 at step 3).
    Stones(Vec<Pos>),
}

/// Value margin (centi-stones) below which a position counts as even for swap decisions.
pub const EVEN_MARGIN: Value = 40;
/// How much one more offered fifth move is worth to white (value points), for the rules where
/// a number of offers is declared before a swap.
pub const OFFER_WORTH: Value = 12;

/// How many of the most balanced three-stone openings a seeded opener chooses from.
pub const OPENER_CHOICES: usize = 3;

/// The opening decisions, built on one [`Evaluator`].
pub struct Decider {
    pub ev: Evaluator,
}

impl Decider {
    pub fn new(limits: BalanceLimits) -> Decider {
        Decider { ev: Evaluator::new(limits) }
    }

    /// The colour the side that may swap prefers, and the value for black it sees.
    pub fn prefer_colour(&mut self, game: &Game) -> (Color, Value) {
        let v = self.ev.black_value(game);
        (if v > 0 { Color::Black } else { Color::White }, v)
    }

    /// Swap or not, for the player who holds the colour to move in `game` (the other player
    /// placed the last stone): true = take the colour of the last stone. `offers` is the
    /// number of fifth moves black will have to offer later (0 when none), which is worth
    /// [`OFFER_WORTH`] each beyond the first to white.
    pub fn wants_swap(&mut self, game: &Game, offers: usize) -> bool {
        let v = self.ev.black_value(game) - OFFER_WORTH * offers.saturating_sub(1) as Value;
        let prefer = if v > 0 { Color::Black } else { Color::White };
        prefer != game.to_move
    }

    /// The search's best move and its value for the side to move.
    pub fn best_move(&mut self, game: &Game) -> Option<(Pos, Value)> {
        self.ev.best_move(game)
    }

    /// Three balanced opening stones (black at the centre, then white inside 3×3 and black
    /// inside 5×5). With a seed, one of the [`OPENER_CHOICES`] most balanced, for variety
    /// (the first move's choices are few and their values far apart, so the tolerance alone
    /// would always give the same three stones).
    pub fn three_stones(&mut self, w: usize, h: usize, rule: crate::core::Rule) -> Vec<Pos> {
        let mut g = Game::new(w, h, rule);
        let centre = Pos::new(w / 2, h / 2);
        g.play(centre).expect("the centre of an empty board is legal");
        let all = self.ev.score_two(&g, Zone::Central(3), Zone::Central(5));
        let seed = self.ev.limits.seed;
        let k = if seed == 0 { 0 } else { (balance::mix(seed) % all.len().clamp(1, OPENER_CHOICES) as u64) as usize };
        match all.into_iter().nth(k) {
            Some(s) => vec![centre, s.stones[0], s.stones[1]],
            None => vec![centre, Pos::new(w / 2 + 1, h / 2), Pos::new(w / 2 + 1, h / 2 + 1)],
        }
    }

    /// Swap2: step 1 (no stones) three stones; step 2 (three stones, we are the other player,
    /// white) SWAP, one stone or two; step 3 (five stones, we opened) SWAP or a sixth stone.
    pub fn swap2(&mut self, game: &Game) -> Result<Swap2Decision, String> {
        let (w, h) = (game.board.width(), game.board.height());
        match game.board.move_count() {
            0 => Ok(Swap2Decision::Stones(self.three_stones(w, h, game.rule()))),
            3 => {
                let (best, v) = self.best_move(game).ok_or("no legal move")?;
                if v > EVEN_MARGIN {
                    Ok(Swap2Decision::Stones(vec![best]))
                } else if v < -EVEN_MARGIN {
                    Ok(Swap2Decision::Swap)
                } else {
                    match self.ev.balance_two(game, Zone::Central(7), Zone::Central(7)) {
                        Some(s) => Ok(Swap2Decision::Stones(s.stones)),
                        None => Ok(Swap2Decision::Stones(vec![best])),
                    }
                }
            }
            5 => {
                let (best, v) = self.best_move(game).ok_or("no legal move")?;
                if v >= 0 { Ok(Swap2Decision::Stones(vec![best])) } else { Ok(Swap2Decision::Swap) }
            }
            n => Err(format!("swap2 expects 0, 3 or 5 stones, got {n}")),
        }
    }

    /// `n` fifth moves for black to offer in `game` (four stones, black to move), pairwise
    /// non-symmetric (no two resulting positions equivalent), chosen so that white's best pick
    /// is as bad for white as the search can tell: the `n` candidates with the lowest value for
    /// white. Each comes with the value for black of the position it leaves.
    pub fn offer_fifths(&mut self, game: &Game, n: usize) -> Vec<Scored> {
        let want = (self.ev.limits.candidates.max(2 * n + 2)).max(n);
        let mut near = 2;
        let mut cands = self.ev.candidates_ranked(game, Zone::Anywhere, near, want, true);
        while cands.len() < n && near < 30 {
            near += 2;
            cands = self.ev.candidates_ranked(game, Zone::Anywhere, near, want.max(n), true);
        }
        let mut scored = Vec::new();
        for p in cands {
            if scored.len() >= n && self.ev.out_of_time() {
                break;
            }
            let mut g = game.clone();
            if g.play(p).is_err() {
                continue;
            }
            let v = self.ev.black_value(&g);
            scored.push(Scored { stones: vec![p], black_value: v });
        }
        // Best for black (worst for white) first; ties by coordinates.
        scored.sort_by_key(|s| (-s.black_value, s.stones[0].y, s.stones[0].x));
        scored.truncate(n);
        scored
    }

    /// White's pick among offered fifth moves in `game` (four stones, black to move): the one
    /// best for white. `None` if no offer is legal.
    pub fn pick_fifth(&mut self, game: &Game, offers: &[Pos]) -> Option<(Pos, Value)> {
        let mut best: Option<(Value, Pos)> = None;
        for &p in offers {
            let mut g = game.clone();
            if g.play(p).is_err() || matches!(g.outcome, Outcome::Win(_)) {
                continue;
            }
            let white = -self.ev.black_value(&g);
            if best.is_none_or(|(bv, bp)| white > bv || (white == bv && (p.y, p.x) < (bp.y, bp.x))) {
                best = Some((white, p));
            }
        }
        best.map(|(v, p)| (p, v))
    }

    /// The number of offers (1..=`max`) that makes a position worth `black_value` to black
    /// about even: each offer beyond the first is worth [`OFFER_WORTH`] to white.
    pub fn offers_for(black_value: Value, max: usize) -> usize {
        let n = 1 + (black_value.max(0) + OFFER_WORTH / 2) / OFFER_WORTH;
        (n as usize).clamp(1, max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_are_central_squares() {
        let (w, h) = (15, 15);
        let inside =
            |z: Zone| (0..w).flat_map(|x| (0..h).map(move |y| Pos::new(x, y))).filter(|&p| z.contains(p, w, h)).count();
        for k in 1..=5 {
            assert_eq!(inside(Zone::for_stone(k)), (2 * k - 1) * (2 * k - 1), "stone {k}");
        }
        assert!(Zone::Central(1).contains(Pos::new(7, 7), w, h));
        assert!(!Zone::Central(1).contains(Pos::new(8, 7), w, h));
        assert!(Zone::Central(9).contains(Pos::new(3, 11), w, h));
        assert!(!Zone::Central(9).contains(Pos::new(2, 7), w, h));
        assert!(!Zone::Central(9).contains(Pos::new(7, 12), w, h));
        assert_eq!(inside(Zone::Anywhere), 225);
        // Even sides: the centre is rounded down.
        assert!(Zone::Central(1).contains(Pos::new(10, 10), 20, 20));
    }

    #[test]
    fn offers_count_grows_with_blacks_advantage() {
        assert_eq!(Decider::offers_for(-100, 8), 1);
        assert_eq!(Decider::offers_for(0, 8), 1);
        assert_eq!(Decider::offers_for(24, 8), 3);
        assert_eq!(Decider::offers_for(1000, 8), 8);
    }
}
