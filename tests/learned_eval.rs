//! The learned evaluation: the board's incremental sums agree with a from-scratch count, and
//! the engine's evaluation agrees with the trainer's features under the same weights.

use gorin::board::features::{CLASS_COUNT, CODE_COUNT, PAIR_RANK, class_of};
use gorin::core::{Color, Rule};
use gorin::eval::weights::{self, ClassWeights, Weights};
use gorin::game::{Game, Outcome};
use gorin::train::{
    EMB_OFF, HEAD_OFF, MLP_PARAMS, NO_FEAT, PARAMS, PER_CLASS, mlp_logit, pair_features, policy_candidates,
    value_features,
};

fn rnd(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// Random weights in a pseudo-random sequence; returns them and the flat trainer vector.
fn random_weights(seed: u64) -> (Weights, Vec<f32>) {
    let mut s = seed;
    let mut f = || (rnd(&mut s) % 2001) as f32 / 1000.0 - 1.0;
    let mut classes = Vec::new();
    for _ in 0..CLASS_COUNT {
        let mut c = ClassWeights::zero();
        c.cell.iter_mut().flatten().for_each(|x| *x = f() * 0.05);
        c.state.iter_mut().flatten().flatten().for_each(|x| *x = f());
        c.bias = f();
        c.policy.iter_mut().flatten().for_each(|x| *x = f());
        c.pair_u.iter_mut().flatten().for_each(|x| *x = f() * 0.5);
        c.pair_v.iter_mut().flatten().for_each(|x| *x = f() * 0.02);
        c.policy_line.iter_mut().flatten().for_each(|x| *x = f());
        c.mask.iter_mut().for_each(|x| *x = f());
        c.emb.iter_mut().flatten().for_each(|x| *x = f() * 0.05);
        c.head.iter_mut().for_each(|x| *x = f() * 0.5);
        classes.push(c);
    }
    let w = Weights::new(180.0, true, false, classes);
    // The flat layout the trainer uses (same as the file order).
    let flat: Vec<f32> = w
        .classes
        .iter()
        .flat_map(|c| {
            let mut v: Vec<f32> = c.cell.iter().flatten().copied().collect();
            v.extend(c.state.iter().flatten().flatten());
            v.push(c.bias);
            v.extend(c.policy.iter().flatten());
            v.extend(c.policy_line.iter().flatten());
            v.extend(c.mask.iter());
            v
        })
        .collect();
    assert_eq!(flat.len(), CLASS_COUNT * PER_CLASS);
    assert_eq!(w.classes[0].cell.len(), CODE_COUNT);
    assert!(w.head_used.iter().all(|&u| u));
    // The accumulator model's embeddings and heads where the trainer keeps them.
    let mut full = vec![0.0; MLP_PARAMS];
    full[..PARAMS].copy_from_slice(&flat);
    for (c, cw) in w.classes.iter().enumerate() {
        let e: Vec<f32> = cw.emb.iter().flatten().copied().collect();
        full[EMB_OFF + c * e.len()..EMB_OFF + (c + 1) * e.len()].copy_from_slice(&e);
        let h = cw.head.len();
        full[HEAD_OFF + c * h..HEAD_OFF + (c + 1) * h].copy_from_slice(&cw.head);
    }
    (w, full)
}

#[test]
fn incremental_sums_and_trainer_features_agree_with_the_engine() {
    let (w, flat) = random_weights(0x1234_5678_9abc_def1);
    let k = w.k;
    weights::install(w).unwrap();
    let mut s = 99u64;
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        for _game in 0..3 {
            let mut g = Game::new(15, 15, rule);
            let mut moves = 0;
            while g.outcome == Outcome::Ongoing && moves < 80 {
                let cands: Vec<usize> =
                    if g.board.move_count() == 0 { vec![g.board.center()] } else { g.board.candidates().collect() };
                let i = cands[(rnd(&mut s) % cands.len() as u64) as usize];
                let p = g.board.pos(i);
                if g.play(p).is_err() {
                    continue;
                }
                moves += 1;
                g.board.check_consistency().unwrap();
                let me = g.to_move;
                for c in [me, me.opp()] {
                    let feats = value_features(&g.board, c);
                    // The policy: the trainer's logit of each candidate (its code and line-shape
                    // features) is the engine's policy score.
                    if c == me && rule != Rule::Caro {
                        let all: Vec<usize> = g.board.candidates().collect();
                        let legal: Vec<usize> = all.into_iter().filter(|&i| !g.board.is_forbidden(i, c)).collect();
                        if let Some(&best) = legal.first() {
                            let (cands, lines) = policy_candidates(&mut g.board, c, best).unwrap();
                            let cells = legal;
                            assert_eq!(cells.len(), cands.len());
                            for (j, &i) in cells.iter().enumerate() {
                                let (a, b) = cands[j];
                                let z = flat[a as usize]
                                    + flat[b as usize]
                                    + lines[j]
                                        .iter()
                                        .filter(|&&x| x != NO_FEAT)
                                        .map(|&x| flat[x as usize])
                                        .sum::<f32>();
                                let got = gorin::eval::policy_score(&g.board, i, c) as f32 / weights::POLICY_FP;
                                assert!((got - z).abs() <= 0.03, "{rule:?} {c:?} policy engine {got} trainer {z}");
                            }
                        }
                    }
                    let mut logit: f32 = feats.iter().map(|&(i, n)| flat[i as usize] * n as f32).sum();
                    logit += mlp_logit(&flat, class_of(rule, c), &feats);
                    let cw = &weights::active().classes[class_of(rule, c)];
                    for (a, b, n) in pair_features(&g.board, c) {
                        let (u, v) = (cw.pair_u[a as usize], cw.pair_v[b as usize]);
                        logit += (0..PAIR_RANK).map(|r| u[r] * v[r]).sum::<f32>() * n as f32;
                    }
                    let want = (logit * k).clamp(-20_000.0, 20_000.0);
                    let got = gorin::eval::learned_evaluate(&mut g.board, c) as f32;
                    // Rounding: cell values in 1/16 units, state terms and the bias to units, the
                    // pair factors to 1/64 and K/16, the embeddings to 1/4096.
                    assert!((got - want).abs() <= 30.0, "{rule:?} {c:?} engine {got} trainer {want}");
                }
            }
            // Undo back to the start: the sums return to the empty board's.
            let mut fresh = Game::new(15, 15, rule).board;
            let empty = (
                fresh.value_sums(Color::Black),
                fresh.pair_sum(Color::Black),
                fresh.pair_sum(Color::White),
                *fresh.acc(Color::White),
            );
            assert_ne!(empty.1, 0, "the pair term is in use");
            assert_ne!(empty.3, [0; weights::ACC], "the accumulators are kept");
            while g.undo() {}
            assert_eq!(
                (
                    g.board.value_sums(Color::Black),
                    g.board.pair_sum(Color::Black),
                    g.board.pair_sum(Color::White),
                    *g.board.acc(Color::White)
                ),
                empty
            );
            g.board.check_consistency().unwrap();
        }
    }
}
