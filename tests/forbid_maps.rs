//! Renju forbidden-point maps from public test data (tests/data/forbid_maps_mintaka.txt): every
//! listed point must be forbidden with the listed kind, every other empty point must be legal.

use gorin::board::Board;
use gorin::core::{Color, Rule};

struct Case {
    name: String,
    rows: Vec<String>,
    expect: Vec<(usize, usize, String)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/forbid_maps_mintaka.txt");
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(l) = lines.next() {
        let Some(name) = l.strip_prefix("# ") else { continue };
        if lines.peek().is_some_and(|n| n.starts_with('#')) {
            continue; // header comment
        }
        let rows: Vec<String> = (0..15).map(|_| lines.next().unwrap().to_string()).collect();
        let exp = lines.next().unwrap().strip_prefix("expect:").unwrap();
        let expect = exp
            .split_whitespace()
            .map(|t| {
                let f: Vec<&str> = t.split(',').collect();
                (f[0].parse().unwrap(), f[1].parse().unwrap(), f[2].to_string())
            })
            .collect();
        out.push(Case { name: name.to_string(), rows, expect });
    }
    out
}

#[test]
fn mintaka_forbidden_maps() {
    let cs = cases();
    assert!(cs.len() >= 12, "expected the 12 map cases, got {}", cs.len());
    let mut failures = Vec::new();
    for c in &cs {
        let mut b = Board::from_rows(&c.rows, Rule::Renju).unwrap();
        let got: Vec<(usize, usize, String)> = b
            .forbidden_points(Color::Black)
            .into_iter()
            .map(|(i, k)| {
                let p = b.pos(i);
                (p.x as usize, p.y as usize, k.name().to_string())
            })
            .collect();
        let mut want = c.expect.clone();
        want.sort_by_key(|e| (e.1, e.0));
        if got != want {
            failures.push(format!("{}: got {:?}\nwant {:?}\n{}", c.name, got, want, b.forbid_diagram()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
