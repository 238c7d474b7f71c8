//! The learning loop's library side: self-play records ([`record`]) and the trainer behind
//! `gorin-train` ([`Trainer`]).
//!
//! The model is linear in sparse features, per rule/colour class (see
//! [`crate::board::features`]): for the side to move, the count of empty cells with each of
//! its codes (mover values) and of each of the opponent's codes (waiting values), threat-state
//! indicators (each side has ≥ 1 / ≥ 2 cells of each threat class) and a bias. The logit is
//! their weighted sum; the target is a blend of the game result and sigmoid(search score / K)
//! (Texel), the loss cross-entropy, minimised with mini-batch Adam and L2. The policy scores
//! a candidate cell by the mover's policy value of its own code plus that of the opponent's
//! code there, trained by softmax cross-entropy over the legal candidates against the move the
//! search chose. The feature sums are invariant under the board's symmetries, so no
//! augmentation is needed.

pub mod record;

use crate::board::DIRS;
use crate::board::features::{CLASS_COUNT, CODE_COUNT, LINE_COUNT, PAIR_RANK, class_of, line_shape_table};
use crate::board::pattern::{THREAT_COUNT, Threat};
use crate::board::{Board, Cell};
use crate::core::{Color, WIN_MIN};
use crate::eval::weights::{ACC, ClassWeights, HEAD_B1, HEAD_SIZE, HEAD_W1, HEAD_W2, HID, Weights};
use crate::eval::{MASK_COUNT, threat_mask};
use crate::game::{Game, Outcome};
use record::GameRecord;

/// Parameters per class, in file order: cells `[code][mover, waiting]`, state
/// `[side][threat][2]`, bias, policy `[code][own, opp]`, policy line shapes `[shape][own, opp]`,
/// threat mask `[mask]`.
pub const STATE_OFF: usize = CODE_COUNT * 2;
pub const BIAS_OFF: usize = STATE_OFF + 2 * THREAT_COUNT * 2;
pub const POLICY_OFF: usize = BIAS_OFF + 1;
/// The policy's line-shape term: [shape][own, opponent] (see [`LINE_COUNT`]).
pub const LINE_OFF: usize = POLICY_OFF + CODE_COUNT * 2;
/// The threat-mask table (value): one parameter per mask (see [`crate::eval::threat_mask`]).
pub const MASK_OFF: usize = LINE_OFF + LINE_COUNT * 2;
pub const PER_CLASS: usize = MASK_OFF + MASK_COUNT;
pub const PARAMS: usize = CLASS_COUNT * PER_CLASS;
/// The low-rank pair term's factors follow the class blocks: per class `u[code][rank]` (the
/// mover's code) then `v[code][rank]` (the waiting side's code at the same cell).
pub const PAIR_PER_CLASS: usize = 2 * CODE_COUNT * PAIR_RANK;
pub const ALL_PARAMS: usize = PARAMS + CLASS_COUNT * PAIR_PER_CLASS;

/// The accumulator model (`--mlp`): each side's empty cells sum a learned vector of
/// [`ACC`] values per code (the side's class), the two sums (mover, waiting) plus a bias go
/// through a ReLU into [`HID`] hidden ReLU units, whose weighted sum adds to the logit.
/// Embeddings: per class `[code][ACC]`.
pub const EMB_OFF: usize = ALL_PARAMS;
/// Heads per mover class: b0 `[2·ACC]`, W1 `[HID][2·ACC]`, b1 `[HID]`, w2 `[HID]`.
pub const HEAD_OFF: usize = EMB_OFF + CLASS_COUNT * CODE_COUNT * ACC;
/// The embeddings' share of the value rate.
const EMB_RATE: f32 = 0.02;
pub const MLP_PARAMS: usize = HEAD_OFF + CLASS_COUNT * HEAD_SIZE;

fn pair_u(class: usize, code: usize) -> usize {
    PARAMS + class * PAIR_PER_CLASS + code * PAIR_RANK
}
fn pair_v(class: usize, code: usize) -> usize {
    PARAMS + class * PAIR_PER_CLASS + (CODE_COUNT + code) * PAIR_RANK
}

/// One training position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Sparse value features: (parameter index, count).
    pub feats: Vec<(u32, u16)>,
    /// Game result from the side to move: 1, 0.5, 0.
    pub result: f32,
    /// Search score from the side to move (engine units).
    pub score: i32,
    /// The hand evaluation of the position (engine units): the base of a residual model, and
    /// the comparison.
    pub hand: i32,
    /// Does the hand move ordering put the search's move first?
    pub hand_top1: bool,
    /// Policy: the candidates' (own, opp) parameter indices; the chosen one is first.
    pub cands: Vec<(u32, u32)>,
    /// The policy's line-shape features of each candidate (same order; `NO_FEAT` = none).
    pub cand_lines: Vec<[u32; 2 * DIRS]>,
    /// The pair term's cells: (mover's code, waiting side's code, count), and the mover's class.
    pub pairs: Vec<(u16, u16, u16)>,
    pub class: u8,
    pub game: u32,
}

/// No feature (a line shape without a value).
pub const NO_FEAT: u32 = u32::MAX;

/// The policy's line-shape features of `me` playing the empty cell `i`: per direction the
/// shape seen by `me` and the one seen by the opponent (shape 0, no stone within four, has no
/// value).
pub fn cand_line_features(b: &Board, i: usize, me: Color) -> [u32; 2 * DIRS] {
    let cm = class_of(b.rule(), me);
    let mut out = [NO_FEAT; 2 * DIRS];
    if b.rule().is_caro() {
        return out;
    }
    let shapes = line_shape_table();
    for d in 0..DIRS {
        for (k, c) in [me, me.opp()].into_iter().enumerate() {
            let sh = shapes[b.line_key(i, c, d) as usize] as usize;
            if sh != 0 {
                out[2 * d + k] = param_index(cm, LINE_OFF + sh * 2 + k);
            }
        }
    }
    out
}

fn param_index(class: usize, off: usize) -> u32 {
    (class * PER_CLASS + off) as u32
}

/// The value features of `b` with `me` to move (sorted by index, counts merged), the
/// threat-mask feature included.
pub fn value_features(b: &Board, me: Color) -> Vec<(u32, u16)> {
    let opp = me.opp();
    let (cm, co) = (class_of(b.rule(), me), class_of(b.rule(), opp));
    let mut idx: Vec<u32> = Vec::with_capacity(2 * 256 + 64);
    for i in b.indices() {
        if b.cell(i) != Cell::Empty {
            continue;
        }
        idx.push(param_index(cm, b.code(i, me) * 2));
        idx.push(param_index(co, b.code(i, opp) * 2 + 1));
    }
    for (side, c) in [me, opp].into_iter().enumerate() {
        for t in 1..THREAT_COUNT {
            let n = b.count(c, Threat::ALL[t]);
            for k in 0..2 {
                if n > k {
                    idx.push(param_index(cm, STATE_OFF + (side * THREAT_COUNT + t) * 2 + k));
                }
            }
        }
    }
    idx.push(param_index(cm, BIAS_OFF));
    idx.push(param_index(cm, MASK_OFF + threat_mask(b, me)));
    idx.sort_unstable();
    let mut out: Vec<(u32, u16)> = Vec::with_capacity(96);
    for x in idx {
        match out.last_mut() {
            Some((j, n)) if *j == x => *n += 1,
            _ => out.push((x, 1)),
        }
    }
    out
}

/// The (mover's code, waiting side's code) pairs of the empty cells of `b`, with counts.
pub fn pair_features(b: &Board, me: Color) -> Vec<(u16, u16, u16)> {
    let opp = me.opp();
    let mut v: Vec<u32> = b
        .indices()
        .filter(|&i| b.cell(i) == Cell::Empty)
        .map(|i| (b.code(i, me) as u32) << 16 | b.code(i, opp) as u32)
        .collect();
    v.sort_unstable();
    let mut out: Vec<(u16, u16, u16)> = Vec::with_capacity(64);
    for x in v {
        let (a, c) = ((x >> 16) as u16, x as u16);
        match out.last_mut() {
            Some((p, q, n)) if *p == a && *q == c => *n += 1,
            _ => out.push((a, c, 1)),
        }
    }
    out
}

/// The policy candidates of `me` (legal cells near the stones), `best` first; None if `best`
/// is not among them.
#[allow(clippy::type_complexity)]
pub fn policy_candidates(b: &mut Board, me: Color, best: usize) -> Option<(Vec<(u32, u32)>, Vec<[u32; 2 * DIRS]>)> {
    let cm = class_of(b.rule(), me);
    let opp = me.opp();
    let cells: Vec<usize> = b.candidates().collect();
    if !cells.contains(&best) {
        return None;
    }
    let mut out = Vec::with_capacity(cells.len());
    let f = |b: &Board, i: usize| {
        (param_index(cm, POLICY_OFF + b.code(i, me) * 2), param_index(cm, POLICY_OFF + b.code(i, opp) * 2 + 1))
    };
    out.push(f(b, best));
    let mut lines = vec![cand_line_features(b, best, me)];
    for i in cells {
        if i != best && !b.is_forbidden(i, me) {
            out.push(f(b, i));
            lines.push(cand_line_features(b, i, me));
        }
    }
    Some((out, lines))
}

/// Replays the games and extracts the samples: positions after the opening with a search
/// score, neither tactical (a five threat on the board) nor a proven result.
pub fn extract(games: &[(String, usize, GameRecord)], pairs: bool, lines: bool) -> Result<Vec<Sample>, String> {
    let params = crate::search::params::Params::default();
    let mut out = Vec::new();
    for (gi, (file, line, g)) in games.iter().enumerate() {
        let mut game = Game::new(g.size, g.size, g.rule);
        for p in &g.opening {
            game.play(*p).map_err(|e| format!("{file}:{line}: opening move {}: {e}", p.to_notation()))?;
        }
        for (k, ply) in g.plies.iter().enumerate() {
            if game.outcome != Outcome::Ongoing {
                return Err(format!("{file}:{line}: ply {} comes after the game ended", g.opening.len() + k + 1));
            }
            let me = game.to_move;
            let b = &mut game.board;
            let best = b.idx_checked(ply.mv);
            if !ply.tactical
                && !ply.mate
                && ply.score.abs() < WIN_MIN
                && !b.has_five_threat(me)
                && !b.has_five_threat(me.opp())
            {
                let black = g.result.black_score();
                let result = if me == Color::Black { black } else { 1.0 - black };
                let feats = value_features(b, me);
                let hand = crate::eval::hand_evaluate(b, me, &params);
                let hand_top1 = match best {
                    Some(bi) if b.is_empty_cell(bi) => {
                        let sb = crate::eval::move_score(b, bi, me, &params);
                        let cells: Vec<usize> = b.candidates().collect();
                        cells.into_iter().all(|i| i == bi || crate::eval::move_score(b, i, me, &params) < sb)
                    }
                    _ => false,
                };
                let (cands, cand_lines) = match best {
                    Some(bi) if b.is_empty_cell(bi) => match policy_candidates(b, me, bi) {
                        Some((c, l)) => (c, if lines { l } else { Vec::new() }),
                        None => (Vec::new(), Vec::new()),
                    },
                    _ => (Vec::new(), Vec::new()),
                };
                let pairs = if pairs { pair_features(b, me) } else { Vec::new() };
                let class = class_of(b.rule(), me) as u8;
                out.push(Sample {
                    feats,
                    result,
                    score: ply.score,
                    hand,
                    hand_top1,
                    cands,
                    cand_lines,
                    pairs,
                    class,
                    game: gi as u32,
                });
            }
            game.play(ply.mv).map_err(|e| {
                format!("{file}:{line}: ply {} ({}): {e}", g.opening.len() + k + 1, ply.mv.to_notation())
            })?;
        }
    }
    Ok(out)
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[inline]
fn xent(t: f32, p: f32) -> f32 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
}

/// The K (engine units per logit) that best predicts the results from the search scores.
pub fn fit_k(samples: &[Sample]) -> f32 {
    let loss = |k: f32| samples.iter().map(|s| xent(s.result, sigmoid(s.score as f32 / k))).sum::<f32>();
    let (mut lo, mut hi) = (20.0f32, 2000.0f32);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if loss(a) < loss(b) { hi = b } else { lo = a }
    }
    (lo + hi) / 2.0
}

/// Training settings.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// Rate of the value parameters, when it differs from `lr` (the policy's). A value
    /// parameter such as an empty cell's code enters a position up to ~200 times, so a step
    /// of `lr` moves the value logit by up to 200·lr: a smaller rate keeps the last epochs'
    /// value from jittering.
    pub value_lr: Option<f32>,
    pub l2: f32,
    /// Weight of the search score in the target (the rest is the game result).
    pub lambda: f32,
    /// Share of the games held out for validation.
    pub val_share: f32,
    pub seed: u64,
    /// Fixed K, or None to fit it.
    pub k: Option<f32>,
    /// Learn a correction to the hand evaluation (which the engine then adds).
    pub residual: bool,
    /// Learn the low-rank pair term (mover's code × waiting side's code at each cell).
    pub pair: bool,
    /// Learn the threat-mask table (otherwise its features are dropped).
    pub mask: bool,
    /// Learn the accumulator model (a small network over summed code embeddings).
    pub mlp: bool,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 20,
            batch: 256,
            lr: 0.01,
            value_lr: None,
            l2: 1e-5,
            lambda: 1.0,
            val_share: 0.1,
            seed: 1,
            k: None,
            residual: false,
            pair: false,
            mask: false,
            mlp: false,
        }
    }
}

/// A seeded xorshift for shuffling and the split.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam { m: vec![0.0; n], v: vec![0.0; n], t: 0 }
    }
    /// One step over the touched indices (lazy Adam: untouched parameters keep their moments).
    /// `lr` is `[value, policy]`: the rate of the value parameters (cell, state, bias and pair
    /// terms) and of the policy's.
    fn step(&mut self, w: &mut [f32], g: &mut [f32], touched: &mut Vec<usize>, lr: [f32; 2], l2: f32) {
        self.t += 1;
        let (b1, b2) = (0.9f32, 0.999f32);
        let c1 = 1.0 - b1.powi(self.t);
        let c2 = 1.0 - b2.powi(self.t);
        touched.sort_unstable();
        touched.dedup();
        for &i in touched.iter() {
            let gi = g[i] + l2 * w[i];
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * gi;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * gi * gi;
            let mut rate = lr[(i < PARAMS && (POLICY_OFF..MASK_OFF).contains(&(i % PER_CLASS))) as usize];
            if (EMB_OFF..HEAD_OFF).contains(&i) {
                // An embedding enters each accumulator up to ~200 times.
                rate *= EMB_RATE;
            }
            w[i] -= rate * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
            g[i] = 0.0;
        }
        touched.clear();
    }
}

/// Per-epoch losses.
#[derive(Clone, Debug, Default)]
pub struct EpochReport {
    pub epoch: usize,
    pub train_value: f64,
    pub val_value: f64,
    pub val_policy: f64,
    pub val_top1: f64,
    /// `--mlp`: per class, the hidden units in use (an output weight of at least 1% of the
    /// class's largest).
    pub live_units: Vec<usize>,
}

/// The accumulator model's output (logits) for value features `feats` (see
/// [`value_features`]) with the mover's class `mc`, from the trainer's parameter vector `w`
/// (of [`MLP_PARAMS`] values).
pub fn mlp_logit(w: &[f32], mc: usize, feats: &[(u32, u16)]) -> f32 {
    mlp_pass(w, mc, feats).out
}

fn mlp_pass(w: &[f32], mc: usize, feats: &[(u32, u16)]) -> MlpPass {
    let h = HEAD_OFF + mc * HEAD_SIZE;
    let mut x = [0.0f32; 2 * ACC];
    x.copy_from_slice(&w[h..h + HEAD_W1]);
    for (slot, j, n) in emb_terms(feats) {
        let e = EMB_OFF + slot * ACC;
        for k in 0..ACC {
            x[j * ACC + k] += n * w[e + k];
        }
    }
    let a = x.map(|v| v.max(0.0));
    let (w1, b1, w2) = (h + HEAD_W1, h + HEAD_B1, h + HEAD_W2);
    let mut hid = [0.0f32; HID];
    let mut out = 0.0;
    for u in 0..HID {
        let row = &w[w1 + u * 2 * ACC..w1 + (u + 1) * 2 * ACC];
        let z = w[b1 + u] + row.iter().zip(a.iter()).map(|(p, q)| p * q).sum::<f32>();
        hid[u] = z.max(0.0);
        out += w[w2 + u] * hid[u];
    }
    MlpPass { x, a, hid, out }
}

/// The cell-code terms of value features `feats` as (embedding slot: class × code, side: 0
/// mover or 1 waiting, count).
fn emb_terms(feats: &[(u32, u16)]) -> impl Iterator<Item = (usize, usize, f32)> + '_ {
    feats.iter().filter_map(|&(i, n)| {
        let (class, off) = (i as usize / PER_CLASS, i as usize % PER_CLASS);
        (off < STATE_OFF).then(|| (class * CODE_COUNT + off / 2, off % 2, n as f32))
    })
}

/// One forward pass of the accumulator model: the sums (with bias), after the ReLU, the
/// hidden units and the output.
pub struct MlpPass {
    x: [f32; 2 * ACC],
    a: [f32; 2 * ACC],
    hid: [f32; HID],
    out: f32,
}

/// The trainer: samples split by game, the model, Adam.
pub struct Trainer {
    pub cfg: TrainConfig,
    pub train: Vec<Sample>,
    pub val: Vec<Sample>,
    pub w: Vec<f32>,
    pub k: f32,
    /// Per class, a head of an `--init` file kept as it is when `--mlp` is off: counted in
    /// the losses and written out, not trained.
    frozen_heads: [bool; CLASS_COUNT],
}

impl Trainer {
    /// Splits `samples` by game (seeded) and fits K unless given.
    pub fn new(cfg: TrainConfig, mut samples: Vec<Sample>) -> Trainer {
        if !cfg.mask {
            for s in samples.iter_mut() {
                s.feats.retain(|&(i, _)| (i as usize % PER_CLASS) < MASK_OFF);
            }
        }
        let mut rng = Rng(cfg.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let n_games = samples.iter().map(|s| s.game as usize + 1).max().unwrap_or(0);
        let held: Vec<bool> = (0..n_games).map(|_| rng.unit() <= cfg.val_share as f64).collect();
        let (val, train): (Vec<Sample>, Vec<Sample>) = samples.into_iter().partition(|s| held[s.game as usize]);
        let k = cfg.k.unwrap_or_else(|| fit_k(&train));
        let mut w = vec![0.0; MLP_PARAMS];
        if cfg.mlp {
            // Seeded embeddings and first layer; the output weights start at zero, so the
            // model starts as the linear one.
            for x in w[EMB_OFF..HEAD_OFF].iter_mut() {
                *x = (rng.unit() - 0.5) as f32 * 0.02;
            }
            for c in 0..CLASS_COUNT {
                let h = HEAD_OFF + c * HEAD_SIZE;
                for x in w[h + HEAD_W1..h + HEAD_B1].iter_mut() {
                    *x = (rng.unit() - 0.5) as f32 * 0.5;
                }
            }
        }
        if cfg.pair {
            // Small seeded factors (all zero would be a saddle point).
            for x in w[PARAMS..].iter_mut() {
                *x = (rng.unit() - 0.5) as f32 * 0.02;
            }
        }
        Trainer { cfg, train, val, w, k, frozen_heads: [false; CLASS_COUNT] }
    }

    fn target(&self, s: &Sample) -> f32 {
        let l = self.cfg.lambda;
        l * sigmoid(s.score as f32 / self.k) + (1.0 - l) * s.result
    }

    fn logit(&self, s: &Sample) -> f32 {
        self.linear_logit(s) + if self.heads_on(s.class as usize) { self.mlp_forward(s).out } else { 0.0 }
    }

    /// Whether class `c`'s accumulator model counts: trained (`--mlp`) or kept from `--init`
    /// (a class without a head adds nothing, so its forward pass is skipped).
    fn heads_on(&self, c: usize) -> bool {
        self.cfg.mlp || self.frozen_heads[c]
    }

    /// The logit without the accumulator model's output.
    fn linear_logit(&self, s: &Sample) -> f32 {
        let base = if self.cfg.residual { s.hand as f32 / self.k } else { 0.0 };
        base + s.feats.iter().map(|&(i, n)| self.w[i as usize] * n as f32).sum::<f32>()
            + if self.cfg.pair { self.pair_logit(s) } else { 0.0 }
    }

    /// The accumulator model's forward pass for a sample.
    fn mlp_forward(&self, s: &Sample) -> MlpPass {
        mlp_pass(&self.w, s.class as usize, &s.feats)
    }

    /// Adds the accumulator model's gradients for `d` = dLoss/dlogit.
    fn mlp_backward(
        &self,
        s: &Sample,
        f: &MlpPass,
        d: f32,
        grad: &mut [f32],
        touched: &mut Vec<usize>,
        seen: &mut [bool],
    ) {
        let w = &self.w;
        let mc = s.class as usize;
        let h = HEAD_OFF + mc * HEAD_SIZE;
        let (w1, b1, w2) = (h + HEAD_W1, h + HEAD_B1, h + HEAD_W2);
        let mut dx = [0.0f32; 2 * ACC];
        for u in 0..HID {
            grad[w2 + u] += d * f.hid[u];
            if f.hid[u] <= 0.0 {
                continue;
            }
            let dz = d * w[w2 + u];
            grad[b1 + u] += dz;
            for k in 0..2 * ACC {
                grad[w1 + u * 2 * ACC + k] += dz * f.a[k];
                dx[k] += dz * w[w1 + u * 2 * ACC + k];
            }
        }
        for k in 0..2 * ACC {
            if f.x[k] <= 0.0 {
                dx[k] = 0.0;
            }
            grad[h + k] += dx[k];
        }
        if !seen[CLASS_COUNT * CODE_COUNT + mc] {
            seen[CLASS_COUNT * CODE_COUNT + mc] = true;
            touched.extend(h..h + HEAD_SIZE);
        }
        for (slot, j, n) in emb_terms(&s.feats) {
            let e = EMB_OFF + slot * ACC;
            for k in 0..ACC {
                grad[e + k] += n * dx[j * ACC + k];
            }
            if !seen[slot] {
                seen[slot] = true;
                touched.extend(e..e + ACC);
            }
        }
    }

    fn pair_logit(&self, s: &Sample) -> f32 {
        let c = s.class as usize;
        let mut z = 0.0;
        for &(a, b, n) in &s.pairs {
            let (u, v) = (pair_u(c, a as usize), pair_v(c, b as usize));
            let d: f32 = (0..PAIR_RANK).map(|r| self.w[u + r] * self.w[v + r]).sum();
            z += d * n as f32;
        }
        z
    }

    /// The policy logits of a sample's candidates.
    fn policy_logits(&self, s: &Sample) -> Vec<f32> {
        s.cands
            .iter()
            .enumerate()
            .map(|(j, &(a, b))| {
                let mut z = self.w[a as usize] + self.w[b as usize];
                if let Some(l) = s.cand_lines.get(j) {
                    z += l.iter().filter(|&&x| x != NO_FEAT).map(|&x| self.w[x as usize]).sum::<f32>();
                }
                z
            })
            .collect()
    }

    /// Value loss, policy loss and policy top-1 over a set.
    fn losses(&self, set: &[Sample]) -> (f64, f64, f64) {
        let (mut v, mut p, mut top, mut np) = (0.0f64, 0.0f64, 0.0f64, 0usize);
        for s in set {
            v += xent(self.target(s), sigmoid(self.logit(s))) as f64;
            if s.cands.len() > 1 {
                let z = self.policy_logits(s);
                let m = z.iter().cloned().fold(f32::MIN, f32::max);
                let lse = m + z.iter().map(|x| (x - m).exp()).sum::<f32>().ln();
                p += (lse - z[0]) as f64;
                top += (z[1..].iter().all(|&x| x < z[0])) as u8 as f64;
                np += 1;
            }
        }
        let n = set.len().max(1) as f64;
        (v / n, p / np.max(1) as f64, top / np.max(1) as f64)
    }

    /// Starts from the weights `w` (their values rescaled to this trainer's K, so that they
    /// evaluate as in the engine).
    pub fn init_from(&mut self, w: &Weights) {
        let scale = w.k / self.k;
        for (c, cw) in w.classes.iter().enumerate() {
            let base = c * PER_CLASS;
            for code in 0..CODE_COUNT {
                for j in 0..2 {
                    self.w[base + code * 2 + j] = cw.cell[code][j] * scale;
                    self.w[base + POLICY_OFF + code * 2 + j] = cw.policy[code][j];
                }
                for r in 0..PAIR_RANK {
                    self.w[pair_u(c, code) + r] = cw.pair_u[code][r];
                    self.w[pair_v(c, code) + r] = cw.pair_v[code][r] * scale;
                }
            }
            for side in 0..2 {
                for t in 0..THREAT_COUNT {
                    for k in 0..2 {
                        self.w[base + STATE_OFF + (side * THREAT_COUNT + t) * 2 + k] = cw.state[side][t][k] * scale;
                    }
                }
            }
            self.w[base + BIAS_OFF] = cw.bias * scale;
            for (sh, v) in cw.policy_line.iter().enumerate() {
                self.w[base + LINE_OFF + sh * 2] = v[0];
                self.w[base + LINE_OFF + sh * 2 + 1] = v[1];
            }
            for (m, v) in cw.mask.iter().enumerate() {
                self.w[base + MASK_OFF + m] = v * scale;
            }
            if cw.head.iter().any(|&x| x != 0.0) {
                // The head's output scales with K; the embeddings and hidden layer stay.
                for (code, e) in cw.emb.iter().enumerate() {
                    let o = EMB_OFF + (c * CODE_COUNT + code) * ACC;
                    self.w[o..o + ACC].copy_from_slice(e);
                }
                let h = HEAD_OFF + c * HEAD_SIZE;
                self.w[h..h + HEAD_SIZE].copy_from_slice(&cw.head);
                self.frozen_heads[c] = !self.cfg.mlp;
                for x in self.w[h + HEAD_W2..h + HEAD_SIZE].iter_mut() {
                    *x *= scale;
                }
            }
        }
    }

    /// Validation value loss, policy loss and policy top-1 of the current weights.
    pub fn val_losses(&self) -> (f64, f64, f64) {
        self.losses(&self.val)
    }

    /// The validation set's mean target entropy: the value loss of a model that predicted
    /// every target exactly (the floor of the value loss).
    pub fn val_entropy(&self) -> f64 {
        let n = self.val.len().max(1) as f64;
        self.val.iter().map(|s| xent(self.target(s), self.target(s)) as f64).sum::<f64>() / n
    }

    /// The validation value loss of the hand evaluation (with the same K), and the share of
    /// positions where the hand ordering puts the search's move first, for comparison.
    pub fn hand_val(&self) -> (f64, f64) {
        let n = self.val.len().max(1) as f64;
        let loss = self.val.iter().map(|s| xent(self.target(s), sigmoid(s.hand as f32 / self.k)) as f64).sum::<f64>();
        let with_cands: Vec<&Sample> = self.val.iter().filter(|s| s.cands.len() > 1).collect();
        let top = with_cands.iter().filter(|s| s.hand_top1).count() as f64 / with_cands.len().max(1) as f64;
        (loss / n, top)
    }

    /// Trains for the configured epochs, calling `report` after each.
    pub fn run(&mut self, report: &mut dyn FnMut(&EpochReport)) {
        let mut adam = Adam::new(MLP_PARAMS);
        let mut grad = vec![0.0f32; MLP_PARAMS];
        let mut seen = vec![false; CLASS_COUNT * CODE_COUNT + CLASS_COUNT];
        let mut touched = Vec::new();
        let mut order: Vec<usize> = (0..self.train.len()).collect();
        let mut rng = Rng(self.cfg.seed.wrapping_mul(0xd1b5_4a32_d192_ed03) | 1);
        for epoch in 1..=self.cfg.epochs {
            for i in (1..order.len()).rev() {
                let j = (rng.next() % (i as u64 + 1)) as usize;
                order.swap(i, j);
            }
            let mut train_loss = 0.0f64;
            // Linear decay to a tenth of the rate over the epochs.
            let frac = if self.cfg.epochs > 1 { (epoch - 1) as f32 / (self.cfg.epochs - 1) as f32 } else { 0.0 };
            let decay = 1.0 - 0.9 * frac;
            let lr = [self.cfg.value_lr.unwrap_or(self.cfg.lr) * decay, self.cfg.lr * decay];
            for chunk in order.chunks(self.cfg.batch) {
                let scale = 1.0 / chunk.len() as f32;
                for &si in chunk {
                    let s = &self.train[si];
                    let pass = self.heads_on(s.class as usize).then(|| self.mlp_forward(s));
                    let p = sigmoid(self.linear_logit(s) + pass.as_ref().map_or(0.0, |f| f.out));
                    let t = self.target(s);
                    train_loss += xent(t, p) as f64;
                    let d = (p - t) * scale;
                    if let Some(f) = pass.as_ref().filter(|_| self.cfg.mlp) {
                        self.mlp_backward(s, f, d, &mut grad, &mut touched, &mut seen);
                    }
                    for &(i, n) in &s.feats {
                        grad[i as usize] += d * n as f32;
                        touched.push(i as usize);
                    }
                    let c = s.class as usize;
                    for &(a, b, n) in s.pairs.iter().filter(|_| self.cfg.pair) {
                        let (u, v) = (pair_u(c, a as usize), pair_v(c, b as usize));
                        let dn = d * n as f32;
                        for r in 0..PAIR_RANK {
                            grad[u + r] += dn * self.w[v + r];
                            grad[v + r] += dn * self.w[u + r];
                            touched.push(u + r);
                            touched.push(v + r);
                        }
                    }
                    if s.cands.len() > 1 {
                        let z = self.policy_logits(s);
                        let m = z.iter().cloned().fold(f32::MIN, f32::max);
                        let e: Vec<f32> = z.iter().map(|x| (x - m).exp()).collect();
                        let sum: f32 = e.iter().sum();
                        for (j, &(a, b)) in s.cands.iter().enumerate() {
                            let g = (e[j] / sum - if j == 0 { 1.0 } else { 0.0 }) * scale;
                            grad[a as usize] += g;
                            grad[b as usize] += g;
                            touched.push(a as usize);
                            touched.push(b as usize);
                            if let Some(l) = s.cand_lines.get(j) {
                                for &x in l.iter().filter(|&&x| x != NO_FEAT) {
                                    grad[x as usize] += g;
                                    touched.push(x as usize);
                                }
                            }
                        }
                    }
                }
                adam.step(&mut self.w, &mut grad, &mut touched, lr, self.cfg.l2);
                seen.iter_mut().for_each(|x| *x = false);
            }
            let (vv, vp, top) = self.losses(&self.val);
            report(&EpochReport {
                epoch,
                train_value: train_loss / self.train.len().max(1) as f64,
                val_value: vv,
                val_policy: vp,
                val_top1: top,
                live_units: if self.cfg.mlp { self.live_units() } else { Vec::new() },
            });
        }
    }

    /// Per class, the hidden units whose output weight is at least 1% of the largest.
    pub fn live_units(&self) -> Vec<usize> {
        (0..CLASS_COUNT)
            .map(|c| {
                let h = HEAD_OFF + c * HEAD_SIZE;
                let w2 = &self.w[h + HEAD_W2..h + HEAD_SIZE];
                let top = w2.iter().fold(0.0f32, |m, x| m.max(x.abs()));
                w2.iter().filter(|x| top > 0.0 && x.abs() >= 0.01 * top).count()
            })
            .collect()
    }

    /// The trained model as weights.
    pub fn weights(&self) -> Weights {
        let classes = (0..CLASS_COUNT)
            .map(|c| {
                let w = &self.w[c * PER_CLASS..(c + 1) * PER_CLASS];
                let mut cw = ClassWeights::zero();
                for code in 0..CODE_COUNT {
                    cw.cell[code] = [w[code * 2], w[code * 2 + 1]];
                    cw.policy[code] = [w[POLICY_OFF + code * 2], w[POLICY_OFF + code * 2 + 1]];
                }
                for side in 0..2 {
                    for t in 0..THREAT_COUNT {
                        for k in 0..2 {
                            cw.state[side][t][k] = w[STATE_OFF + (side * THREAT_COUNT + t) * 2 + k];
                        }
                    }
                }
                cw.bias = w[BIAS_OFF];
                for (sh, v) in cw.policy_line.iter_mut().enumerate() {
                    *v = [w[LINE_OFF + sh * 2], w[LINE_OFF + sh * 2 + 1]];
                }
                cw.mask.copy_from_slice(&w[MASK_OFF..MASK_OFF + MASK_COUNT]);
                if self.heads_on(c) {
                    for code in 0..CODE_COUNT {
                        let o = EMB_OFF + (c * CODE_COUNT + code) * ACC;
                        cw.emb[code].copy_from_slice(&self.w[o..o + ACC]);
                    }
                    let h = HEAD_OFF + c * HEAD_SIZE;
                    cw.head.copy_from_slice(&self.w[h..h + HEAD_SIZE]);
                }
                if self.cfg.pair {
                    for code in 0..CODE_COUNT {
                        for r in 0..PAIR_RANK {
                            cw.pair_u[code][r] = self.w[pair_u(c, code) + r];
                            cw.pair_v[code][r] = self.w[pair_v(c, code) + r];
                        }
                    }
                }
                cw
            })
            .collect();
        Weights::new(self.k, true, self.cfg.residual, classes)
    }
}
