//! `--weights FILE` and `gorin-train` from the outside: broken weights are refused with the
//! reason, training is deterministic for a seed, and a bad record names its file and line.

use std::process::{Command, Stdio};

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gorin-wcli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn brain_with_weights(path: &str) -> std::process::Output {
    brain(&["--weights", path])
}

/// Runs the brain with `args`, sends START and END, and returns what it did.
fn brain(args: &[&str]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gorin"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    // A brain that accepted the weights would answer START and wait for END.
    let _ = child.stdin.as_mut().unwrap().write_all(b"START 15\nEND\n");
    child.wait_with_output().unwrap()
}

#[test]
fn brain_refuses_broken_weights() {
    let good = gorin::eval::weights::EMBEDDED.to_vec();
    let p = tmp("good.wts");
    std::fs::write(&p, &good).unwrap();
    let out = brain_with_weights(p.to_str().unwrap());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("OK"));

    let mut flipped = good.clone();
    flipped[100] ^= 4;
    let mut other_version = good.clone();
    other_version[8] = 9;
    for (name, bytes, why) in [
        ("flip.wts", flipped, "checksum"),
        ("v9.wts", other_version, "version 9"),
        ("short.wts", good[..50].to_vec(), "bytes"),
    ] {
        let p = tmp(name);
        std::fs::write(&p, bytes).unwrap();
        let out = brain_with_weights(p.to_str().unwrap());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{name} accepted");
        assert!(err.contains(why) && err.contains(name), "{name}: {err}");
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("ERROR"), "{name}");
    }
    let out = brain_with_weights("/nonexistent/w.wts");
    assert!(!out.status.success());
}

#[test]
fn brain_refuses_unknown_or_malformed_params() {
    let out = brain(&["--param", "aspiration=50"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("OK"));
    for (args, why) in [
        (&["--param", "no_such_knob=1"][..], "no_such_knob"),
        (&["--param", "aspiration"][..], "name=integer"),
        (&["--param", "aspiration=x"][..], "name=integer"),
        (&["--param"][..], "name=value"),
    ] {
        let out = brain(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} accepted");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("ERROR"), "{args:?}");
    }
}

#[test]
fn training_is_deterministic_and_names_bad_lines() {
    let train = |out: &std::path::Path, recs: &str| {
        Command::new(env!("CARGO_BIN_EXE_gorin-train"))
            .args([recs, "--out", out.to_str().unwrap(), "--epochs", "2", "--seed", "7"])
            .output()
            .unwrap()
    };
    let (a, b) = (tmp("a.wts"), tmp("b.wts"));
    let oa = train(&a, "tests/data/records_sample.txt");
    assert!(oa.status.success(), "{}", String::from_utf8_lossy(&oa.stderr));
    let stdout = String::from_utf8_lossy(&oa.stdout);
    assert!(stdout.contains("epoch   2") && stdout.contains("validation value"), "{stdout}");
    assert!(train(&b, "tests/data/records_sample.txt").status.success());
    let (wa, wb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert_eq!(wa, wb, "same seed, same weights");
    assert!(gorin::eval::weights::Weights::from_bytes(&wa).is_ok());

    let text = std::fs::read_to_string("tests/data/records_sample.txt").unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[4] = lines[4].replacen(" moves=", " moves=z99 ", 1);
    let bad = tmp("bad.txt");
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let o = train(&tmp("c.wts"), bad.to_str().unwrap());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("bad.txt:5:"), "{err}");
}

#[test]
fn merge_takes_the_named_classes_and_keeps_the_others_values() {
    use gorin::eval::weights::{ClassWeights, Weights};
    let mk = |k: f32, v: f32| {
        let classes = (0..4)
            .map(|_| {
                let mut c = ClassWeights::zero();
                c.cell[5] = [v, -v];
                c.bias = v;
                c
            })
            .collect();
        Weights::new(k, true, false, classes)
    };
    let (a, b, out) = (tmp("ma.wts"), tmp("mb.wts"), tmp("mo.wts"));
    mk(100.0, 0.5).save(a.to_str().unwrap()).unwrap();
    mk(200.0, 0.3).save(b.to_str().unwrap()).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_gorin-train"))
        .args(["--out", out.to_str().unwrap(), "--merge-base", a.to_str().unwrap()])
        .args(["--merge-from", b.to_str().unwrap(), "--classes", "renju-black,renju-white"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m = Weights::load(out.to_str().unwrap()).unwrap();
    assert_eq!(m.k, 200.0);
    // Renju classes from b; the others from a, rescaled: value × K is unchanged (0.5 × 100).
    assert_eq!(m.classes[2].cell[5], [0.3, -0.3]);
    assert_eq!(m.classes[0].cell[5], [0.25, -0.25]);
    assert_eq!(m.classes[0].bias * m.k, 50.0);
    let bad = Command::new(env!("CARGO_BIN_EXE_gorin-train"))
        .args(["--out", out.to_str().unwrap(), "--merge-base", a.to_str().unwrap()])
        .args(["--merge-from", b.to_str().unwrap(), "--classes", "gomoku"])
        .output()
        .unwrap();
    assert!(!bad.status.success() && String::from_utf8_lossy(&bad.stderr).contains("unknown class"));
}

#[test]
fn policy_blend_mixes_the_named_classes_policies_and_keeps_the_base_values() {
    use gorin::eval::weights::{ClassWeights, Weights};
    let mk = |k: f32, v: f32, p: f32| {
        let classes = (0..4)
            .map(|_| {
                let mut c = ClassWeights::zero();
                c.cell[5] = [v, -v];
                c.policy[7] = [p, -p];
                c.policy_line[3] = [2.0 * p, 0.0];
                c
            })
            .collect();
        Weights::new(k, true, false, classes)
    };
    let (a, b, out) = (tmp("ba.wts"), tmp("bb.wts"), tmp("bo.wts"));
    mk(100.0, 0.5, 1.0).save(a.to_str().unwrap()).unwrap();
    mk(200.0, 0.3, 3.0).save(b.to_str().unwrap()).unwrap();
    let blend = |alpha: &str| {
        Command::new(env!("CARGO_BIN_EXE_gorin-train"))
            .args(["--out", out.to_str().unwrap(), "--merge-base", a.to_str().unwrap()])
            .args(["--merge-from", b.to_str().unwrap(), "--classes", "freestyle", "--policy-blend", alpha])
            .output()
            .unwrap()
    };
    let o = blend("0.25");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m = Weights::load(out.to_str().unwrap()).unwrap();
    // The base's K and values everywhere; the freestyle policy 0.75 x 1 + 0.25 x 3.
    assert_eq!(m.k, 100.0);
    assert_eq!(m.classes[0].cell[5], [0.5, -0.5]);
    assert_eq!(m.classes[0].policy[7], [1.5, -1.5]);
    assert_eq!(m.classes[0].policy_line[3], [3.0, 0.0]);
    assert_eq!(m.classes[2].policy[7], [1.0, -1.0], "a class not named keeps the base policy");
    let bad = blend("1.5");
    assert!(!bad.status.success() && String::from_utf8_lossy(&bad.stderr).contains("0..=1"));
}

#[test]
fn a_file_with_the_accumulator_model_keeps_it_without_mlp() {
    // The shipped file has heads (freestyle, standard): `--init` without `--mlp` must count
    // them in the losses, as `--mlp` does, and write them out untrained.
    let shipped = gorin::eval::weights::Weights::load("src/eval/weights/gorin.wts").unwrap();
    assert!(shipped.head_used.iter().any(|&u| u), "the shipped file has a head");
    let run = |out: &std::path::Path, extra: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_gorin-train"))
            .args(["tests/data/records_sample.txt", "--init", "src/eval/weights/gorin.wts"])
            .args(["--seed", "3", "--out", out.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let (a, b) = (tmp("init-a.wts"), tmp("init-b.wts"));
    let plain = run(&a, &["--epochs", "1"]);
    let with = run(&b, &["--epochs", "0", "--mlp"]);
    let measured = |s: &str| s.lines().find(|l| l.contains("gorin.wts (")).map(String::from).unwrap();
    assert_eq!(measured(&plain), measured(&with), "the same validation losses");
    let w = gorin::eval::weights::Weights::load(a.to_str().unwrap()).unwrap();
    let h1 = gorin::eval::weights::HEAD_B1;
    for c in 0..shipped.classes.len() {
        assert_eq!(w.head_used[c], shipped.head_used[c], "class {c}");
        if shipped.head_used[c] {
            assert_eq!(w.classes[c].emb, shipped.classes[c].emb, "class {c}: not trained");
            assert_eq!(w.classes[c].head[..h1], shipped.classes[c].head[..h1], "class {c}");
        }
    }
}
