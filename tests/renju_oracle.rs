//! Black's forbidden points against an independent oracle: tests/data/renju_oracle.txt holds
//! 20,000 dense legal renju games (16..=90 stones, black to move) with the forbidden points
//! the Piskvork referee's rule gives for them (written by scripts/gen_renju_oracle.py with the
//! PyPI `renju` package, a port of that rule; see the script for how the games are built).
//!
//! Checked: the fast code (`Board::forbidden_points`), the `forbid` subcommand (in process for
//! every game, through the binary for a handful) and the slow reference in tests/reference
//! (on a sample: it is slow).

#[path = "reference/mod.rs"]
mod common;

use common::{BLACK, RefBoard, WHITE};
use gorin::board::Board;
use gorin::core::{Color, Pos, Rule, parse_move_string};

const N: usize = 15;

struct Case {
    moves: &'static str,
    stones: Vec<Pos>,
    /// (x, y, kind digit), row-major.
    want: Vec<(usize, usize, char)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/renju_oracle.txt");
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let mut parts = line.split_whitespace();
        let moves = parts.next().unwrap();
        let stones = parse_move_string(moves).unwrap_or_else(|e| panic!("{moves}: {e}"));
        let mut want = Vec::new();
        for t in parts.filter(|&t| t != "-") {
            let (p, k) = t.split_once('=').unwrap_or_else(|| panic!("bad mark {t:?}"));
            let pos = parse_move_string(p).unwrap()[0];
            want.push((pos.x as usize, pos.y as usize, k.chars().next().unwrap()));
        }
        out.push(Case { moves, stones, want });
    }
    out
}

fn board_of(c: &Case) -> Board {
    let mut b = Board::new(N, N, Rule::Renju);
    let mut col = Color::Black;
    for &p in &c.stones {
        let i = b.idx(p);
        b.make(i, col);
        col = col.opp();
    }
    b
}

fn fast_map(b: &mut Board) -> Vec<(usize, usize, char)> {
    b.forbidden_points(Color::Black)
        .into_iter()
        .map(|(i, k)| {
            let p = b.pos(i);
            (p.x as usize, p.y as usize, k.digit())
        })
        .collect()
}

fn forbid_line(want: &[(usize, usize, char)]) -> String {
    let pts: String = want.iter().map(|(x, y, _)| format!("{x:02}{y:02}")).collect();
    format!("FORBID {pts}.")
}

#[test]
fn oracle_set_is_complete_and_dense() {
    let cs = cases();
    let mut kinds = [0usize; 3];
    let mut with_any = 0;
    for c in &cs {
        assert!((16..=90).contains(&c.stones.len()), "{}: {} stones", c.moves, c.stones.len());
        assert!(c.stones.len() % 2 == 0, "{}: black must be to move", c.moves);
        with_any += !c.want.is_empty() as usize;
        for w in &c.want {
            kinds[match w.2 {
                '3' => 0,
                '4' => 1,
                '6' => 2,
                k => panic!("kind {k}"),
            }] += 1;
        }
    }
    eprintln!(
        "oracle: {} positions, {} with forbidden points; double-three {}, double-four {}, overline {}",
        cs.len(),
        with_any,
        kinds[0],
        kinds[1],
        kinds[2]
    );
    assert!(cs.len() >= 20_000, "only {} positions", cs.len());
    assert!(kinds.iter().all(|&k| k >= 1000), "too few of some kind: {kinds:?}");
}

#[test]
fn fast_forbidden_points_match_oracle() {
    let cs = cases();
    let mut bad = Vec::new();
    for c in &cs {
        let mut b = board_of(c);
        let got = fast_map(&mut b);
        if got != c.want {
            bad.push(format!("{}\n  got  {:?}\n  want {:?}\n{}", c.moves, got, c.want, b.forbid_diagram()));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} positions disagree with the oracle; first ones:\n{}",
        bad.len(),
        cs.len(),
        bad.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// The code path of `pbrain-gorin forbid`: it replays the game (rejecting any forbidden
/// move) and prints the FORBID line. Every game in the set is legal, so each must be
/// accepted, with the oracle's points.
#[test]
fn forbid_subcommand_accepts_every_game() {
    let cs = cases();
    let mut bad = Vec::new();
    for c in &cs {
        let got = gorin::cli::forbid(N, Rule::Renju, c.moves);
        let want = forbid_line(&c.want);
        if got.as_deref() != Ok(want.as_str()) {
            bad.push(format!("{}: got {got:?}, want {want}", c.moves));
        }
    }
    assert!(bad.is_empty(), "{} of {} games:\n{}", bad.len(), cs.len(), bad[..bad.len().min(5)].join("\n"));
}

/// A handful through the real binary, spread over the set, as a referee would call it.
#[test]
fn forbid_binary_on_a_sample() {
    let cs = cases();
    for c in cs.iter().step_by(cs.len() / 12 + 1).chain(cs.iter().filter(|c| c.want.len() >= 4).take(3)) {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-gorin"))
            .args(["forbid", "--rule", "renju", c.moves])
            .output()
            .expect("run pbrain-gorin");
        assert!(o.status.success(), "{}: {}", c.moves, String::from_utf8_lossy(&o.stderr));
        assert_eq!(String::from_utf8(o.stdout).unwrap(), format!("{}\n", forbid_line(&c.want)), "{}", c.moves);
    }
}

/// The slow reference (tests/reference) on every 10th position.
#[test]
fn reference_matches_oracle_on_a_sample() {
    let cs = cases();
    let mut bad = Vec::new();
    let mut n = 0;
    for c in cs.iter().step_by(10) {
        let mut r = RefBoard::new(N, N);
        for (k, p) in c.stones.iter().enumerate() {
            r.set(p.x as i32, p.y as i32, if k % 2 == 0 { BLACK } else { WHITE });
        }
        let got: Vec<(usize, usize, char)> =
            r.all_forbidden().into_iter().map(|(x, y, k)| (x as usize, y as usize, k.digit())).collect();
        if got != c.want {
            bad.push(format!("{}\n  got  {:?}\n  want {:?}", c.moves, got, c.want));
        }
        n += 1;
    }
    assert!(bad.is_empty(), "{} of {n} positions:\n{}", bad.len(), bad[..bad.len().min(5)].join("\n"));
}

/// Yixin-Board's way of asking: `yxboard` … `done` then `yxshowforbid`, one session, a few
/// dozen positions (every 800th and the first ten with a double three).
#[test]
fn yxshowforbid_on_a_sample() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let cs = cases();
    let sample: Vec<&Case> =
        cs.iter().step_by(800).chain(cs.iter().filter(|c| c.want.iter().any(|w| w.2 == '3')).take(10)).collect();
    let mut input = String::from("START 15\nINFO rule 4\n");
    for c in &sample {
        input.push_str("yxboard\n");
        for (k, p) in c.stones.iter().enumerate() {
            input.push_str(&format!("{},{},{}\n", p.x, p.y, if k % 2 == 0 { 1 } else { 2 }));
        }
        input.push_str("done\nyxshowforbid\n");
    }
    input.push_str("END\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gorin"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run pbrain-gorin");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG")).collect();
    assert_eq!(lines.len(), sample.len() + 1, "{text}");
    assert_eq!(lines[0], "OK");
    for (c, got) in sample.iter().zip(&lines[1..]) {
        assert_eq!(*got, forbid_line(&c.want), "{}", c.moves);
    }
}

/// Issue 10's worked examples through the binary, with the Piskvork referee's answers quoted
/// in the issue (the second game was rejected at move 57 before the fix).
#[test]
fn issue_10_worked_examples() {
    let examples = [
        (
            "h8f10i9h10k7g11j6h12f6f12d6j12i7d8l8j5h9g12j8c8g5h13k9m9k8i13j7f13j11b9e7c9h7g10f7e12g8f11c7g14b4h11i14m7l9j13f5i8c6h15i6m10",
            "e6 f8 f9 g6 g7 h4 k5",
        ),
        (
            "h8f10h10f11g10e10i7g11i10f12h9f13k6m8g5e12g3g12g9d10f3e8j7d11f2f5h11l7i6e6g7g4i11c9h6n5k7d9m4e4n6e2k5d8l9d6h5f6j8e9g13j9f14c10g1i13g8f7",
            "f8 g6 i5 j10 l6",
        ),
        (
            "h8j9g8f7k7d5f8h9g7j10h10e9h11i11g10i10g12l7h5i3e6h1l8d7h3e5j8c10d4h13j12l6e13e3f13f4g9f11f12d9i7f9k5d8f3j4k11g11l4b7m8n8i5j11o10b5i1e10",
            "j6 l10",
        ),
        (
            "h8j7l9l5g8k8f9d9j10g10g6j5k5i8l11j9l4m11m9n8k10f11h6j12j3k4i9k9m7i2o6m4j4f8g4m10l3n11e13l12i7i5n7k7d10n4i11l2d11d12c14e3j8l7l8i10b10l10b8m8e4n9h4j1k1f6g3m13f5e6k2c13e12j6h13e8h3e11m5o8n6k14c12g7j11f7",
            "b9 f4 f13 g5 h5 i3",
        ),
    ];
    for (moves, referee) in examples {
        let mut want: Vec<(usize, usize, char)> = referee
            .split(' ')
            .map(|p| {
                let q = parse_move_string(p).unwrap()[0];
                (q.x as usize, q.y as usize, '?')
            })
            .collect();
        want.sort_by_key(|w| (w.1, w.0));
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-gorin"))
            .args(["forbid", "--rule", "renju", moves])
            .output()
            .expect("run pbrain-gorin");
        assert!(o.status.success(), "{moves}: {}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(String::from_utf8(o.stdout).unwrap(), format!("{}\n", forbid_line(&want)), "{moves}");
    }
}
