//! `gorin-train`: fits the learned evaluation and move-ordering policy to self-play records
//! (see README "Learning loop"). Deterministic for a seed; one thread.

use clap::Parser;
use gorin::train::{TrainConfig, Trainer, extract, record::read_records};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "gorin-train", about = "Train Gorin's learned evaluation from self-play records")]
struct Cli {
    /// Record files written by `pbrain-gorin selfplay --record`.
    #[arg(required_unless_present = "merge_base")]
    records: Vec<String>,
    /// Merge instead of training: the weights of these classes (comma-separated names, e.g.
    /// renju-black,renju-white) come from --merge-from, the rest from this file (rescaled to
    /// --merge-from's K, so the base classes evaluate as before).
    #[arg(long, requires_all = ["merge_from", "classes"])]
    merge_base: Option<String>,
    #[arg(long)]
    merge_from: Option<String>,
    #[arg(long)]
    classes: Option<String>,
    /// With --merge-base: the listed classes keep the base file's values and get the policy
    /// (1 - A) x base + A x --merge-from (code and line-shape tables), A in 0..=1.
    #[arg(long, requires = "merge_base")]
    policy_blend: Option<f32>,
    /// Output weights file.
    #[arg(long, short)]
    out: String,
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    #[arg(long, default_value_t = 256)]
    batch: usize,
    /// Adam's rate (linearly decayed to a tenth over the epochs).
    #[arg(long, default_value_t = 0.01)]
    lr: f32,
    /// A rate of its own for the value parameters (the policy keeps --lr).
    #[arg(long)]
    value_lr: Option<f32>,
    #[arg(long, default_value_t = 1e-5)]
    l2: f32,
    /// Weight of sigmoid(search score / K) in the target; the rest is the game result.
    /// (1.0 measured better than 0.5 in play: see the README.)
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// Share of the games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    val: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Engine units per logit; fitted from the records if not given.
    #[arg(long)]
    k: Option<f32>,
    /// Learn a correction to the hand evaluation (the engine adds both).
    #[arg(long)]
    residual: bool,
    /// Also learn the low-rank pair term (the mover's code × the waiting side's code at each
    /// cell).
    #[arg(long)]
    pair: bool,
    /// Also learn the policy's line-shape term (a value per shape of the eight neighbours
    /// along each line of a candidate, seen by each side).
    #[arg(long)]
    lines: bool,
    /// Also learn the threat-mask table: a value per combination of both sides' threat
    /// points (straight four, four-three, four, double three, open three), side to move first.
    #[arg(long)]
    mask: bool,
    /// Also learn the accumulator model (a small network over summed code embeddings).
    #[arg(long)]
    mlp: bool,
    /// Start from these weights (prints their validation losses first; with --epochs 0 this
    /// only measures them).
    #[arg(long)]
    init: Option<String>,
    /// Write the value tables of this weights file with the newly trained policy (its code and
    /// line-shape tables), so a policy can be tried without changing the evaluation.
    #[arg(long)]
    policy_into: Option<String>,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn merge(base: &str, from: &str, names: &str, blend: Option<f32>, out: &str) -> Result<(), String> {
    use gorin::board::features::CLASS_NAMES;
    use gorin::eval::weights::{HEAD_W2, Weights};
    let (a, b) = (Weights::load(base)?, Weights::load(from)?);
    let take: Vec<usize> = names
        .split(',')
        .map(|c| {
            CLASS_NAMES.iter().position(|n| *n == c).ok_or_else(|| format!("unknown class {c:?} ({CLASS_NAMES:?})"))
        })
        .collect::<Result<_, _>>()?;
    if a.residual != b.residual {
        return Err("cannot merge a residual model with a plain one".into());
    }
    if let Some(alpha) = blend {
        if !(0.0..=1.0).contains(&alpha) {
            return Err("--policy-blend wants 0..=1".into());
        }
        let mix = |x: &mut Vec<[f32; 2]>, y: &[[f32; 2]]| -> Result<(), String> {
            if x.len() != y.len() {
                return Err("the two files' policy tables differ in size".into());
            }
            for (p, q) in x.iter_mut().zip(y) {
                for s in 0..2 {
                    p[s] = (1.0 - alpha) * p[s] + alpha * q[s];
                }
            }
            Ok(())
        };
        let mut classes = a.classes.clone();
        for &c in &take {
            mix(&mut classes[c].policy, &b.classes[c].policy)?;
            mix(&mut classes[c].policy_line, &b.classes[c].policy_line)?;
        }
        let w = Weights::new(a.k, a.policy_trained || b.policy_trained, a.residual, classes);
        w.save(out)?;
        println!(
            "wrote {out} ({}): {names}: policy {alpha} x {from} + {} x {base}; the rest from {base}",
            w.tag(),
            1.0 - alpha
        );
        return Ok(());
    }
    let scale = a.k / b.k;
    let mut classes = a.classes.clone();
    for (c, cw) in classes.iter_mut().enumerate() {
        if take.contains(&c) {
            *cw = b.classes[c].clone();
        } else {
            // Same engine values under the new K (policy logits are not scaled by K).
            cw.cell.iter_mut().flatten().for_each(|x| *x *= scale);
            cw.state.iter_mut().flatten().flatten().for_each(|x| *x *= scale);
            cw.bias *= scale;
            cw.mask.iter_mut().for_each(|x| *x *= scale);
            cw.pair_v.iter_mut().flatten().for_each(|x| *x *= scale);
            // the head's output is linear in w2
            cw.head[HEAD_W2..].iter_mut().for_each(|x| *x *= scale);
        }
    }
    let w = Weights::new(b.k, a.policy_trained && b.policy_trained, b.residual, classes);
    w.save(out)?;
    println!("wrote {out} ({}): {names} from {from}, the rest from {base} (K {:.1} -> {:.1})", w.tag(), a.k, b.k);
    Ok(())
}

fn run(cli: Cli) -> Result<(), String> {
    if let (Some(base), Some(from), Some(classes)) = (&cli.merge_base, &cli.merge_from, &cli.classes) {
        return merge(base, from, classes, cli.policy_blend, &cli.out);
    }
    let start = Instant::now();
    let mut games = Vec::new();
    for f in &cli.records {
        for (line, g) in read_records(f)? {
            games.push((f.clone(), line, g));
        }
    }
    let plies: usize = games.iter().map(|(_, _, g)| g.plies.len()).sum();
    let samples = extract(&games, cli.pair, cli.lines)?;
    println!(
        "{} games, {} plies, {} samples (quiet positions) in {:.1} s",
        games.len(),
        plies,
        samples.len(),
        start.elapsed().as_secs_f64()
    );
    if samples.is_empty() {
        return Err("no training positions in the records".into());
    }
    if !(0.0..=1.0).contains(&cli.lambda) || !(0.0..1.0).contains(&cli.val) || cli.batch == 0 {
        return Err("--lambda wants 0..=1, --val 0..1 and --batch > 0".into());
    }
    let cfg = TrainConfig {
        epochs: cli.epochs,
        batch: cli.batch,
        lr: cli.lr,
        value_lr: cli.value_lr,
        l2: cli.l2,
        lambda: cli.lambda,
        val_share: cli.val,
        seed: cli.seed,
        k: cli.k,
        residual: cli.residual,
        pair: cli.pair,
        mask: cli.mask,
        mlp: cli.mlp,
    };
    let mut t = Trainer::new(cfg, samples);
    let (hand_loss, hand_top1) = t.hand_val();
    println!(
        "train {} / validation {} positions; K = {:.1}; hand evaluation: validation value {:.5}, ordering top1 {:.1}%",
        t.train.len(),
        t.val.len(),
        t.k,
        hand_loss,
        100.0 * hand_top1
    );
    println!("validation target entropy (the floor of the value loss) {:.5}", t.val_entropy());
    if let Some(f) = &cli.init {
        let w = gorin::eval::weights::Weights::load(f)?;
        t.init_from(&w);
        let (v, p, top) = t.val_losses();
        println!("{f} ({}): validation value {v:.5}  policy {p:.4} top1 {:.1}%", w.tag(), 100.0 * top);
    }
    t.run(&mut |r| {
        println!(
            "epoch {:3} train value {:.5}  validation value {:.5}  policy {:.4} top1 {:.1}%  ({:.0} s)",
            r.epoch,
            r.train_value,
            r.val_value,
            r.val_policy,
            100.0 * r.val_top1,
            start.elapsed().as_secs_f64()
        );
        if !r.live_units.is_empty() {
            println!("          hidden units in use per class {:?}", r.live_units);
        }
    });
    let mut w = t.weights();
    if let Some(base) = &cli.policy_into {
        let b = gorin::eval::weights::Weights::load(base)?;
        let mut classes = b.classes.clone();
        for (c, cw) in classes.iter_mut().enumerate() {
            cw.policy = w.classes[c].policy.clone();
            cw.policy_line = w.classes[c].policy_line.clone();
        }
        w = gorin::eval::weights::Weights::new(b.k, true, b.residual, classes);
        println!("value tables from {base}, policy from this training");
    }
    w.save(&cli.out)?;
    println!("wrote {} ({}), {:.0} s in all", cli.out, w.tag(), start.elapsed().as_secs_f64());
    Ok(())
}
