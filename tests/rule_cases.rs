//! AlphaGomoku's rule tests (tests/data/rule_cases_alphagomoku.txt, converted from the public
//! JSON lines by scripts/convert_rule_cases.py): `forbidden` checks against
//! `Board::is_forbidden`, `outcome` checks against `makes_five`/`is_forbidden` under each rule.
//!
//! Rule mapping, read off the data: AlphaGomoku's CARO5 is our `Rule::CaroExact` and CARO6 is
//! our `Rule::Caro`. In the `Overline` cases the same vertical six (`XXXX.X` filled) is
//! UNKNOWN (no win) under CARO5 but CROSS_WIN under CARO6; a six does not win only when
//! exactly five is needed. Both agree that a run of exactly five with white stones at both
//! ends does not win and that the board edge is no block (`WinIn1` a0, `BlockedFive` b4).
//! Under CARO6 a six with white at both ends wins (`Blocked` h5): the block only stops a run
//! of exactly five. That is also how the Gomocup manager Piskvork referees rule 8 (its win
//! check cancels a caro win only when the run is exactly five long and both neighbours are
//! opponent stones), so our `Rule::Caro` follows it.

use gorin::board::Board;
use gorin::core::{Color, Pos, Rule};

struct Case {
    name: String,
    rows: Vec<String>,
    checks: Vec<Vec<String>>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/rule_cases_alphagomoku.txt");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let l = lines[k];
        k += 1;
        let Some(name) = l.strip_prefix("# ") else { continue };
        if lines.get(k).is_none_or(|n| n.starts_with('#')) {
            continue; // header comment
        }
        let rows: Vec<String> = lines[k..k + 15].iter().map(|s| s.to_string()).collect();
        k += 15;
        let mut checks = Vec::new();
        while k < lines.len() && !lines[k].starts_with('#') {
            checks.push(lines[k].split_whitespace().map(str::to_string).collect());
            k += 1;
        }
        out.push(Case { name: name.to_string(), rows, checks });
    }
    out
}

fn side(s: &str) -> Color {
    match s {
        "X" => Color::Black,
        "O" => Color::White,
        _ => panic!("bad side {s}"),
    }
}

fn rule(s: &str) -> Rule {
    match s {
        "FREESTYLE" => Rule::Freestyle,
        "STANDARD" => Rule::Standard,
        "RENJU" => Rule::Renju,
        "CARO5" => Rule::CaroExact,
        "CARO6" => Rule::Caro,
        _ => panic!("unknown rule {s}"),
    }
}

/// The result of `c` playing `p` under the board's rule, in AlphaGomoku's words.
fn outcome(b: &mut Board, p: Pos, c: Color) -> &'static str {
    let i = b.idx(p);
    assert!(b.is_empty_cell(i));
    let winner = if b.is_forbidden(i, c) {
        Some(c.opp())
    } else if b.makes_five(i, c) {
        // The stone played must stand in the winning line afterwards.
        assert!(b.with_move(i, c, |b| b.is_five_stone(i)));
        Some(c)
    } else {
        assert!(!b.with_move(i, c, |b| b.is_five_stone(i)));
        None
    };
    match winner {
        Some(Color::Black) => "CROSS_WIN",
        Some(Color::White) => "CIRCLE_WIN",
        None => "UNKNOWN",
    }
}

#[test]
fn alphagomoku_rule_cases() {
    let cs = cases();
    assert_eq!(cs.len(), 38, "cases in the data file");
    let mut failures = Vec::new();
    let (mut forbidden_checks, mut outcome_checks) = (0, 0);
    for c in &cs {
        for chk in &c.checks {
            let x: usize = chk[1].parse().unwrap();
            let y: usize = chk[2].parse().unwrap();
            let s = side(&chk[3]);
            let p = Pos::new(x, y);
            match chk[0].as_str() {
                "forbidden" => {
                    forbidden_checks += 1;
                    let mut b = Board::from_rows(&c.rows, Rule::Renju).unwrap();
                    let i = b.idx(p);
                    let want = chk[4] == "true";
                    if b.is_forbidden(i, s) != want {
                        failures.push(format!(
                            "{}: forbidden {x},{y} {:?} want {want}\n{}",
                            c.name,
                            s,
                            b.forbid_diagram()
                        ));
                    }
                }
                "outcome" => {
                    outcome_checks += 1;
                    let r = rule(&chk[4]);
                    let mut b = Board::from_rows(&c.rows, r).unwrap();
                    let got = outcome(&mut b, p, s);
                    if got != chk[5] {
                        failures.push(format!(
                            "{}: {r:?} {x},{y} got {got} want {}\n{}",
                            c.name,
                            chk[5],
                            b.to_diagram()
                        ));
                    }
                }
                k => panic!("unknown check kind {k}"),
            }
        }
    }
    assert_eq!((forbidden_checks, outcome_checks), (59, 75));
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
