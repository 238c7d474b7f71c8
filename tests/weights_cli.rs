//! `--weights FILE` and `gorin-train` from the outside: broken weights are refused with the
//! reason, training is deterministic for a seed, and a bad record names its file and line.

use std::process::{Command, Stdio};

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gorin-wcli-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn brain_with_weights(path: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gorin"))
        .args(["--weights", path])
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
