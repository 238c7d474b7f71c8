//! Match statistics: Elo from a score with its 95% interval, and the sequential probability
//! ratio test (SPRT) with the usual generalised (GSPRT) normal approximation of the
//! log-likelihood ratio.
//!
//! Game results are counted as a trinomial (win / draw / loss). When openings are played in
//! pairs with colours swapped, the pairs are also counted as a pentanomial (pair score 0, ½, 1,
//! 1½, 2), which removes most of the opening's bias from the variance; the SPRT and the interval
//! use the pentanomial once there are pairs, and the trinomial otherwise.

/// Logistic Elo difference for an expected score: infinite at a score of 0 or 1 (a clean sweep
/// says nothing finite about the difference).
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// Expected score for a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Two-sided 95% normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// Mean and per-sample variance of a discrete distribution given as (value, count) pairs, with
/// outcomes that have not occurred counted as `prior` occurrences (see [`llr_of`]).
fn mean_var(samples: &[(f64, u64)], prior: f64) -> Option<(f64, f64, f64)> {
    let n: u64 = samples.iter().map(|&(_, c)| c).sum();
    if n == 0 {
        return None;
    }
    let weight = |c: u64| if c == 0 { prior } else { c as f64 };
    let total: f64 = samples.iter().map(|&(_, c)| weight(c)).sum();
    let mean = samples.iter().map(|&(v, c)| v * weight(c)).sum::<f64>() / total;
    let var = samples.iter().map(|&(v, c)| (v - mean).powi(2) * weight(c)).sum::<f64>() / total;
    Some((n as f64, mean, var))
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// Lower and upper ends of the 95% interval.
    pub low: f64,
    pub high: f64,
}

impl EloEstimate {
    /// Half the width of the interval, for `elo ± error`; infinite when either end is.
    pub fn error(&self) -> f64 {
        if self.low.is_finite() && self.high.is_finite() { (self.high - self.low) / 2.0 } else { f64::INFINITY }
    }
}

/// Elo and 95% interval from samples of a score in [0, 1] (a game: 0, ½, 1; a pair's mean: 0,
/// ¼, ½, ¾, 1). None without samples.
fn elo_of(samples: &[(f64, u64)]) -> Option<EloEstimate> {
    let (n, mean, var) = mean_var(samples, 0.0)?;
    let se = (var / n).sqrt();
    Some(EloEstimate {
        elo: elo_from_score(mean),
        low: elo_from_score(mean - Z95 * se),
        high: elo_from_score(mean + Z95 * se),
    })
}

/// GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for score samples in [0, 1]:
/// `n (s1 − s0)(2 m − s0 − s1) / (2 v)` with m and v the sample mean and variance. An outcome
/// that has not occurred yet counts as half an occurrence, so a one-sided record (all wins) has
/// a non-zero variance and decides only after a reasonable number of games, not after one.
fn llr_of(samples: &[(f64, u64)], elo0: f64, elo1: f64) -> f64 {
    let Some((n, mean, var)) = mean_var(samples, 0.5) else { return 0.0 };
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

/// Results of one engine (A) against the other, from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// Finished pairs by A's total over the two games of an opening, in half points 0..=4.
    pub pairs: [u64; 5],
}

impl Tally {
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// A's score in [0, 1]; 0.5 before any game.
    pub fn score(&self) -> f64 {
        let g = self.games();
        if g == 0 { 0.5 } else { (self.wins as f64 + 0.5 * self.draws as f64) / g as f64 }
    }

    pub fn pair_count(&self) -> u64 {
        self.pairs.iter().sum()
    }

    /// Adds one game: `points` is A's score in half points (0 loss, 1 draw, 2 win).
    pub fn add_game(&mut self, half_points: u8) {
        match half_points {
            0 => self.losses += 1,
            1 => self.draws += 1,
            _ => self.wins += 1,
        }
    }

    /// Adds a finished pair: A's total in half points (0..=4).
    pub fn add_pair(&mut self, half_points: u8) {
        self.pairs[half_points.min(4) as usize] += 1;
    }

    fn trinomial(&self) -> [(f64, u64); 3] {
        [(0.0, self.losses), (0.5, self.draws), (1.0, self.wins)]
    }

    fn pentanomial(&self) -> [(f64, u64); 5] {
        std::array::from_fn(|k| (k as f64 / 4.0, self.pairs[k]))
    }

    /// Uses pairs when at least half the games are in finished pairs.
    fn use_pairs(&self) -> bool {
        self.pair_count() > 0 && 2 * self.pair_count() * 2 >= self.games()
    }

    /// Elo estimate with its 95% interval; None before any game.
    pub fn elo(&self) -> Option<EloEstimate> {
        if self.use_pairs() { elo_of(&self.pentanomial()) } else { elo_of(&self.trinomial()) }
    }

    /// SPRT log-likelihood ratio for H1: elo = elo1 against H0: elo = elo0.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.use_pairs() { llr_of(&self.pentanomial(), elo0, elo1) } else { llr_of(&self.trinomial(), elo0, elo1) }
    }
}

/// SPRT parameters: H0 elo = elo0, H1 elo = elo1, error rates alpha (accept H1 wrongly) and
/// beta (accept H0 wrongly).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where a running SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    Continue,
    /// LLR crossed the lower bound: accept H0 (A is not elo1 stronger).
    AcceptH0,
    /// LLR crossed the upper bound: accept H1.
    AcceptH1,
}

impl Sprt {
    /// Parses `elo0,elo1,alpha,beta`.
    pub fn parse(s: &str) -> Result<Sprt, String> {
        let v: Vec<f64> = s
            .split(',')
            .map(|t| t.trim().parse::<f64>().map_err(|_| format!("bad number {t:?} in --sprt {s:?}")))
            .collect::<Result<_, _>>()?;
        let [elo0, elo1, alpha, beta] = v[..] else {
            return Err(format!("--sprt wants elo0,elo1,alpha,beta, got {s:?}"));
        };
        if elo0 >= elo1 {
            return Err("--sprt needs elo0 < elo1".into());
        }
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("--sprt needs 0 < alpha, beta < 0.5".into());
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// Lower and upper LLR bounds: ln(β / (1 − α)) and ln((1 − β) / α).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    pub fn state(&self, llr: f64) -> SprtState {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for e in [-400.0, -50.0, 0.0, 10.0, 200.0] {
            assert!((elo_from_score(score_from_elo(e)) - e).abs() < 1e-9);
        }
        assert!((elo_from_score(0.75) - 190.848).abs() < 1e-3);
    }

    #[test]
    fn interval_matches_hand_computation() {
        // 60 wins, 40 losses: mean 0.6, variance 0.24, se = sqrt(0.0024).
        let t = Tally { wins: 60, losses: 40, ..Tally::default() };
        let e = t.elo().unwrap();
        let se = (0.24f64 / 100.0).sqrt();
        assert!((e.elo - elo_from_score(0.6)).abs() < 1e-9);
        assert!((e.low - elo_from_score(0.6 - Z95 * se)).abs() < 1e-9);
        assert!((e.high - elo_from_score(0.6 + Z95 * se)).abs() < 1e-9);
        assert!(e.low < e.elo && e.elo < e.high);
        assert!(Tally::default().elo().is_none());
        let sweep = Tally { wins: 4, ..Tally::default() }.elo().unwrap();
        assert_eq!((sweep.elo, sweep.error()), (f64::INFINITY, f64::INFINITY));
        let near = Tally { wins: 9, losses: 1, ..Tally::default() }.elo().unwrap();
        assert!(near.elo.is_finite() && near.high == f64::INFINITY && near.error().is_infinite());
    }

    #[test]
    fn llr_sign_and_bounds() {
        let sprt = Sprt::parse("0,10,0.05,0.05").unwrap();
        let (lo, hi) = sprt.bounds();
        assert!((hi - (0.95f64 / 0.05).ln()).abs() < 1e-12);
        assert!((lo + hi).abs() < 1e-12);
        let strong = Tally { wins: 700, losses: 300, draws: 0, pairs: [0; 5] };
        let weak = Tally { wins: 300, losses: 700, draws: 0, pairs: [0; 5] };
        assert_eq!(sprt.state(strong.llr(0.0, 10.0)), SprtState::AcceptH1);
        assert_eq!(sprt.state(weak.llr(0.0, 10.0)), SprtState::AcceptH0);
        // Score exactly halfway between the hypotheses: LLR 0.
        let mid = score_from_elo(5.0);
        let w = (mid * 1_000_000.0).round() as u64;
        let even = Tally { wins: w, losses: 1_000_000 - w, draws: 0, pairs: [0; 5] };
        assert!(even.llr(0.0, 10.0).abs() < 0.5);
        // A one-sided record still decides.
        let one = Tally { wins: 1, ..Tally::default() };
        assert_eq!(sprt.state(one.llr(0.0, 10.0)), SprtState::Continue);
        let sweep = Tally { wins: 20, ..Tally::default() };
        assert_eq!(sprt.state(sweep.llr(0.0, 10.0)), SprtState::AcceptH1);
        assert!(Sprt::parse("10,0,0.05,0.05").is_err());
        assert!(Sprt::parse("0,10,0.05").is_err());
    }

    #[test]
    fn pentanomial_used_with_pairs() {
        let mut t = Tally::default();
        for _ in 0..10 {
            t.add_game(2);
            t.add_game(1);
            t.add_pair(3);
        }
        assert_eq!(t.games(), 20);
        assert_eq!(t.pair_count(), 10);
        // All pairs identical: zero variance, a zero-width interval at score 0.75.
        let e = t.elo().unwrap();
        assert!((e.elo - elo_from_score(0.75)).abs() < 1e-9);
        assert!(e.error() < 1e-9);
    }
}
