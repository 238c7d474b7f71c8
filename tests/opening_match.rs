//! Matches under opening rules: the runner plays the opening phase by asking engines that speak
//! SWAP2BOARD / GORINOPENING and choosing itself for those that do not (the stub brain), then
//! the game goes on; and `gorin-match --opening-rule` end to end.

use gorin::core::Rule;
use gorin::game::{Game, Outcome};
use gorin::opening::rif::{OpeningRule, which_opening};
use gorin::referee::engine::open_log;
use gorin::referee::{EngineSpec, GameRecord, GameSettings, OpeningSettings, Player, TimeControl, play_game_opening};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The stub brain (target/<profile>/examples), built here when a filtered run did not.
fn stub() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let path = profile_dir.join("examples").join(format!("stub_brain{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args([
            "build",
            "--example",
            "stub_brain",
            "--manifest-path",
            concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"),
        ]);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        assert!(cmd.status().unwrap().success(), "could not build the stub brain");
    }
    path
}

const GORIN: &str = env!("CARGO_BIN_EXE_pbrain-gorin");

fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("opening-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn player(cmd: &str, name: &str, dir: &Path) -> Player {
    let spec = EngineSpec::parse(cmd).unwrap();
    Player::new(spec, name.into(), open_log(&dir.join(format!("{name}.log"))).unwrap())
}

fn settings(rule: Rule) -> GameSettings {
    GameSettings {
        size: 15,
        rule,
        time: TimeControl { turn_ms: 100, match_ms: 0, tolerance_ms: 1000 },
        max_memory: 0,
        enforce_memory: false,
        start_timeout: Duration::from_secs(5),
    }
}

/// The record replays legally through the referee, from the opening's stones.
fn replays(rec: &GameRecord) {
    let mut g = Game::new(rec.size, rec.size, rec.rule);
    for (p, _) in rec.all_moves() {
        assert_eq!(g.outcome, Outcome::Ongoing, "{rec:?}");
        g.play(p).unwrap_or_else(|e| panic!("{p}: {e} in {rec:?}"));
    }
}

fn check(rule: OpeningRule, rec: &GameRecord, transcript: &[String]) {
    assert!(
        !rec.termination.is_fault() || matches!(rec.termination, gorin::referee::Termination::Forbidden { .. }),
        "{rule}: {rec:?}\n{transcript:?}"
    );
    let n = rec.opening.len();
    match rule {
        OpeningRule::Swap1 => assert_eq!(n, 3),
        OpeningRule::Swap2 => assert!((3..=6).contains(&n)),
        OpeningRule::Lianhuan => assert!((5..=6).contains(&n)),
        _ => assert_eq!(n, 5, "{rule}"),
    }
    if matches!(rule, OpeningRule::Soosyrv8 | OpeningRule::Yamaguchi | OpeningRule::Classic | OpeningRule::Sakata) {
        assert!(which_opening(&rec.opening[..3], 15, 15).is_some());
    }
    if rule == OpeningRule::ClassicMoved {
        assert!(gorin::opening::rif::which_opening_around(&rec.opening[..3], 15, 15).is_some());
    }
    for (k, &zone) in rule.zoned_stones().iter().enumerate() {
        assert!(zone.contains(rec.opening[k], 15, 15), "{rule}: stone {}", k + 1);
    }
    assert!(transcript.last().is_some_and(|l| l.starts_with("result: ")), "{transcript:?}");
    replays(rec);
}

/// Gorin (speaks the extension) against the stub (does not: the runner chooses for it), in both
/// seats, under every rule.
#[test]
fn gorin_against_the_stub_under_every_rule() {
    against_the_stub(&[
        (OpeningRule::Swap1, Rule::Standard),
        (OpeningRule::Swap2, Rule::Standard),
        (OpeningRule::Taraguchi10, Rule::Renju),
        (OpeningRule::Soosyrv8, Rule::Renju),
        (OpeningRule::Yamaguchi, Rule::Renju),
    ]);
}

/// The same for the rules of issue 15.
#[test]
fn gorin_against_the_stub_under_every_new_rule() {
    against_the_stub(&[
        (OpeningRule::Classic, Rule::Renju),
        (OpeningRule::ClassicMoved, Rule::Renju),
        (OpeningRule::Sakata, Rule::Renju),
        (OpeningRule::Tarannikov, Rule::Renju),
        (OpeningRule::SuperTaraguchi10, Rule::Renju),
        (OpeningRule::Cwc24, Rule::Renju),
        (OpeningRule::Swap5, Rule::Freestyle),
        (OpeningRule::Lianhuan, Rule::Standard),
    ]);
}

fn against_the_stub(rules: &[(OpeningRule, Rule)]) {
    for &(rule, game_rule) in rules {
        let dir = scratch(rule.name());
        let mut g = player(GORIN, "gorin", &dir);
        let mut s = player(&format!("\"{}\" greedy 5", stub().display()), "stub", &dir);
        let st = settings(game_rule);
        let o = OpeningSettings { rule, ms: 300, seed: 11 };
        for gorin_first in [true, false] {
            let (rec, first_black, t) = if gorin_first {
                play_game_opening(&mut g, &mut s, &st, &o, "t")
            } else {
                play_game_opening(&mut s, &mut g, &st, &o, "t")
            };
            check(rule, &rec, &t);
            let gorin_black = gorin_first == first_black;
            assert_eq!(rec.black, if gorin_black { "gorin" } else { "stub" });
            // Gorin answered over the protocol; the runner answered for the stub.
            assert!(t.iter().any(|l| l.starts_with("gorin: ")), "{rule}: {t:?}");
            assert!(t.iter().any(|l| l.starts_with("stub (runner's choice): ")), "{rule}: {t:?}");
        }
        g.shutdown();
        s.shutdown();
    }
}

/// An engine that claims the extension and then breaks the rule loses by an opening fault.
#[cfg(unix)]
#[test]
fn a_bad_opening_answer_loses() {
    let dir = scratch("fault");
    // says OK to the probe, then puts every opening stone in the corner
    let script = dir.join("liar.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in ABOUT*) echo 'name=\"liar\"';; START*) echo OK;; \
         GORINOPENING) echo OK;; 'GORINOPENING '*) echo 0,0;; esac; done\n",
    )
    .unwrap();
    // run through `sh`, not executed itself: a script just written can be "busy" (ETXTBSY)
    // while another test thread forks with its write handle still open
    let mut liar = player(&format!("/bin/sh \"{}\"", script.display()), "liar", &dir);
    let mut s = player(&format!("\"{}\" greedy 5", stub().display()), "stub", &dir);
    let o = OpeningSettings { rule: OpeningRule::Taraguchi10, ms: 300, seed: 3 };
    let (rec, first_black, t) = play_game_opening(&mut liar, &mut s, &settings(Rule::Renju), &o, "t");
    assert!(first_black);
    assert_eq!(rec.winner, Some(gorin::core::Color::White), "{rec:?}");
    assert!(matches!(&rec.termination, gorin::referee::Termination::Opening(why) if why.contains("zone")), "{rec:?}");
    assert!(t[0].contains("opening fault by liar"), "{t:?}");
    liar.shutdown();
    s.shutdown();
}

/// Under each new rule, an engine that claims the extension and breaks the rule's constraint
/// (a stone outside its zone, three stones that are not one of the 26, a proposal off the
/// range, three Lianhuan stones at once, an occupied point) loses by an opening fault.
#[cfg(unix)]
#[test]
fn a_rule_break_loses_under_every_new_rule() {
    let dir = scratch("faults");
    let script = dir.join("breaker.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in ABOUT*) echo 'name=\"breaker\"';; START*) echo OK;; \
         GORINOPENING) echo OK;; \
         'GORINOPENING '*' propose '*) echo 0;; \
         'GORINOPENING '*' open'*) echo 7,7 7,8 10,10;; \
         'GORINOPENING '*' one-or-two'*) echo 0,0 0,1 0,2;; \
         'GORINOPENING '*' swap '*) echo NOSWAP;; \
         'GORINOPENING '*' stone 0'*) echo 7,7;; \
         'GORINOPENING '*' stone '*) echo 0,0;; \
         'GORINOPENING '*) echo 0,0;; esac; done\n",
    )
    .unwrap();
    for (rule, game_rule, why) in [
        (OpeningRule::Classic, Rule::Renju, "26"),
        (OpeningRule::ClassicMoved, Rule::Renju, "column"),
        (OpeningRule::Sakata, Rule::Renju, "26"),
        (OpeningRule::Tarannikov, Rule::Renju, "zone"),
        (OpeningRule::SuperTaraguchi10, Rule::Renju, "zone"),
        (OpeningRule::Cwc24, Rule::Renju, "zone"),
        (OpeningRule::Swap5, Rule::Freestyle, "occupied"),
        (OpeningRule::Lianhuan, Rule::Standard, "one or two"),
    ] {
        let mut breaker = player(&format!("/bin/sh \"{}\"", script.display()), "breaker", &dir);
        let mut s = player(&format!("\"{}\" greedy 5", stub().display()), "stub", &dir);
        let o = OpeningSettings { rule, ms: 300, seed: 3 };
        let (rec, first_black, t) = play_game_opening(&mut breaker, &mut s, &settings(game_rule), &o, "t");
        assert!(first_black);
        assert_eq!(rec.winner, Some(gorin::core::Color::White), "{rule}: {rec:?}");
        assert!(
            matches!(&rec.termination, gorin::referee::Termination::Opening(w) if w.contains(why)),
            "{rule}: {rec:?} {t:?}"
        );
        assert!(t[0].contains("opening fault by breaker"), "{t:?}");
        breaker.shutdown();
        s.shutdown();
    }
}

/// `gorin-match --opening-rule taraguchi10` between Gorin and the stub: results, records and
/// the opening transcripts.
#[test]
fn match_runner_with_an_opening_rule() {
    let out = scratch("cli").join("m");
    let status = Command::new(env!("CARGO_BIN_EXE_gorin-match"))
        .args(["--engine", GORIN, "--engine", &format!("\"{}\" greedy 7", stub().display())])
        .args(["--rule", "4", "--games", "2", "--turn-ms", "100", "--opening-rule", "taraguchi10"])
        .args(["--opening-ms", "300", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", String::from_utf8_lossy(&status.stderr));
    let stdout = String::from_utf8_lossy(&status.stdout);
    assert!(stdout.lines().last().unwrap().contains(" vs "), "{stdout}");
    assert!(stdout.contains("opening taraguchi10"), "{stdout}");
    let results = std::fs::read_to_string(out.join("results.tsv")).unwrap();
    assert_eq!(results.lines().count(), 3, "{results}");
    assert!(results.lines().skip(1).all(|l| l.split('\t').nth(1).unwrap().starts_with("taraguchi10 ")), "{results}");
    for g in 1..=2 {
        let t = std::fs::read_to_string(out.join("games").join(format!("game{g:05}.opening.txt"))).unwrap();
        assert!(t.contains("result: "), "{t}");
    }
    // Lianhuan under the match's game rule (standard gomoku here)
    let out = scratch("cli-lianhuan").join("m");
    let status = Command::new(env!("CARGO_BIN_EXE_gorin-match"))
        .args(["--engine", GORIN, "--engine", &format!("\"{}\" greedy 7", stub().display())])
        .args(["--rule", "1", "--games", "2", "--turn-ms", "100", "--opening-rule", "lianhuan"])
        .args(["--opening-ms", "300", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", String::from_utf8_lossy(&status.stderr));
    let results = std::fs::read_to_string(out.join("results.tsv")).unwrap();
    assert!(results.lines().skip(1).all(|l| l.split('\t').nth(1).unwrap().starts_with("lianhuan ")), "{results}");
    assert!(!results.contains("opening fault"), "{results}");
    // a bad rule name is refused
    let bad = Command::new(env!("CARGO_BIN_EXE_gorin-match"))
        .args(["--engine", GORIN, "--engine", GORIN, "--opening-rule", "renju-pro", "--out", "/nonexistent/x"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
}
