//! Board benches: make+undo with incremental pattern updates on a 15x15 midgame, in full and
//! in the threat solvers' lite mode (`_lite`), and the forbidden check of every empty point of
//! a 15x15 renju midgame (and `forbidden_points` on the densest double-three position of the
//! oracle set).
//!
//! `cargo bench --bench board`. The machine is shared: compare ratios within one run.
//! `GORIN_WEIGHTS=FILE` measures the make+undo with other learned weights (e.g. with the pair
//! term) than the embedded ones.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gorin::board::Board;
use gorin::board::pattern::Threat;
use gorin::core::{Color, Rule, parse_move_string};
use std::hint::black_box;

/// A 34-move renju midgame from a seeded random game (no five threat on the board), black to
/// move. Black has four double-three candidates by line patterns, two of them really
/// forbidden (the other two have a false three), so the recursive check runs.
const MIDGAME: &str = "h8f9g7f7g9e6i6i10d6i9j7c8k7e9g5i11h11l8h6h3c10d11j4m9j10e4c9j12k12j14h14h2k14n7";

/// The position of tests/data/renju_oracle.txt with the most double-three candidates (8, of
/// which 7 are forbidden: several need the recursive check), black to move.
const DENSE: &str = "g7e5h8d4h7f4j10e4f7g4g6e3f9f5h6g3h9f2i7j8";

fn midgame(rule: Rule) -> Board {
    position(rule, MIDGAME)
}

fn position(rule: Rule, moves: &str) -> Board {
    let mut b = Board::new(15, 15, rule);
    let mut c = Color::Black;
    for p in parse_move_string(moves).unwrap() {
        b.try_play(p, c).expect("legal midgame move");
        c = c.opp();
    }
    b
}

fn make_undo(cr: &mut Criterion) {
    if let Ok(f) = std::env::var("GORIN_WEIGHTS") {
        gorin::eval::weights::install_file(&f).expect("GORIN_WEIGHTS names a valid weights file");
    }
    let mut g = cr.benchmark_group("make_undo");
    for rule in [Rule::Freestyle, Rule::Renju, Rule::Caro] {
        let mut b = midgame(rule);
        // Every empty point, each with both colours: a mix of busy and quiet neighbourhoods.
        let empties: Vec<usize> = b.indices().filter(|&i| b.is_empty_cell(i)).collect();
        g.throughput(Throughput::Elements(2 * empties.len() as u64));
        for lite in [false, true] {
            // `lite`: the threat solvers' mode (patterns and threats only, see `Board::set_lite`)
            let name = format!("midgame15_{}{}", rule.name(), if lite { "_lite" } else { "" });
            b.set_lite(lite);
            g.bench_function(name, |bn| {
                bn.iter(|| {
                    for &i in &empties {
                        for c in Color::BOTH {
                            b.make(i, c);
                            b.undo();
                        }
                    }
                    black_box(b.hash())
                })
            });
            b.set_lite(false);
        }
    }
    g.finish();
}

fn forbidden(cr: &mut Criterion) {
    let mut b = midgame(Rule::Renju);
    let empties: Vec<usize> = b.indices().filter(|&i| b.is_empty_cell(i)).collect();
    assert_eq!(b.count(Color::Black, Threat::ThreeThree), 4);
    assert_eq!(b.forbidden_points(Color::Black).len(), 2);
    let mut g = cr.benchmark_group("forbidden");
    g.bench_function("all_empty_points_midgame15", |bn| {
        bn.iter(|| {
            let mut n = 0;
            for &i in &empties {
                n += b.is_forbidden(i, Color::Black) as u32;
            }
            black_box(n)
        })
    });
    g.bench_function("forbidden_points_midgame15", |bn| bn.iter(|| black_box(b.forbidden_points(Color::Black).len())));
    let mut d = position(Rule::Renju, DENSE);
    assert_eq!(d.count(Color::Black, Threat::ThreeThree), 8);
    assert_eq!(d.forbidden_points(Color::Black).len(), 7);
    g.bench_function("forbidden_points_oracle_most_candidates", |bn| {
        bn.iter(|| black_box(d.forbidden_points(Color::Black).len()))
    });
    g.finish();
}

criterion_group!(benches, make_undo, forbidden);
criterion_main!(benches);
