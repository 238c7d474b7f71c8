//! The fast forbidden-point check (`Board::forbidden_points`: line tables plus the recursive
//! double-three check) must agree with the slow reference in tests/reference (plain 2-D array, every
//! completion tried, recursion for real threes) on random renju positions.

#[path = "reference/mod.rs"]
mod common;

use common::{BLACK, EMPTY, RefBoard, Rng, WHITE};
use gorin::board::Board;
use gorin::core::{Color, Pos, Rule};

const N: usize = 15;

/// A random move: mostly within two points of a random stone (so shapes, and forbidden
/// points, actually occur), sometimes anywhere.
fn pick_move(rng: &mut Rng, r: &RefBoard, stones: &[(i32, i32)]) -> Option<(i32, i32)> {
    for _ in 0..200 {
        let (x, y) = if stones.is_empty() || rng.chance(8) {
            (rng.range(0, r.w - 1), rng.range(0, r.h - 1))
        } else {
            let (sx, sy) = stones[rng.below(stones.len())];
            (sx + rng.range(-2, 2), sy + rng.range(-2, 2))
        };
        if r.get(x, y) == Some(EMPTY) {
            return Some((x, y));
        }
    }
    None
}

struct Tally {
    positions: usize,
    forbidden: [usize; 3],
}

/// Plays seeded random games and compares the full forbidden map after every move until
/// `positions` positions were compared.
fn agree_on_random_positions(seed: u64, positions: usize) -> Tally {
    let mut rng = Rng::new(seed);
    let mut t = Tally { positions: 0, forbidden: [0; 3] };
    while t.positions < positions {
        let mut b = Board::new(N, N, Rule::Renju);
        let mut r = RefBoard::new(N, N);
        let mut stones = Vec::new();
        let len = rng.range(6, 90) as usize;
        // White sometimes plays far away, so black's shapes stay open more often.
        let white_far = rng.chance(40);
        let mut c = Color::Black;
        for _ in 0..len {
            let m = if c == Color::White && white_far && rng.chance(70) {
                pick_move(&mut rng, &r, &[])
            } else {
                pick_move(&mut rng, &r, &stones)
            };
            let Some((x, y)) = m else { break };
            // Black may play its own forbidden points here: the positions need not be
            // reachable in a legal game, and denser black shapes give more test cases.
            let i = b.idx(Pos::new(x as usize, y as usize));
            b.make(i, c);
            r.set(x, y, if c == Color::Black { BLACK } else { WHITE });
            stones.push((x, y));
            if r.wins_at(x, y, Rule::Renju) {
                break;
            }
            let fast: Vec<(i32, i32, char)> = b
                .forbidden_points(Color::Black)
                .into_iter()
                .map(|(i, k)| {
                    let p = b.pos(i);
                    (p.x as i32, p.y as i32, k.digit())
                })
                .collect();
            let slow: Vec<(i32, i32, char)> =
                r.all_forbidden().into_iter().map(|(x, y, k)| (x, y, k.digit())).collect();
            assert_eq!(fast, slow, "forbidden maps differ (fast left, reference right) in\n{}", b.to_diagram());
            for f in &fast {
                t.forbidden[match f.2 {
                    '3' => 0,
                    '4' => 1,
                    _ => 2,
                }] += 1;
            }
            t.positions += 1;
            c = c.opp();
        }
    }
    t
}

#[test]
fn fast_forbidden_points_match_reference_on_10k_positions() {
    let t = agree_on_random_positions(0x5eed_0001, 10_000);
    eprintln!(
        "positions {}, forbidden points seen: double-three {}, double-four {}, overline {}",
        t.positions, t.forbidden[0], t.forbidden[1], t.forbidden[2]
    );
    assert!(t.forbidden[0] >= 500, "too few double threes seen: {}", t.forbidden[0]);
    assert!(t.forbidden[1] >= 200, "too few double fours seen: {}", t.forbidden[1]);
    assert!(t.forbidden[2] >= 200, "too few overlines seen: {}", t.forbidden[2]);
}

#[test]
#[ignore = "long run: cargo test --release --test renju_reference -- --ignored"]
fn fast_forbidden_points_match_reference_on_200k_positions() {
    let t = agree_on_random_positions(0x5eed_0002, 200_000);
    eprintln!(
        "positions {}, forbidden points seen: double-three {}, double-four {}, overline {}",
        t.positions, t.forbidden[0], t.forbidden[1], t.forbidden[2]
    );
}

/// The reference itself against public data: the 12 mintaka forbidden maps
/// (tests/data/forbid_maps_mintaka.txt, every forbidden point listed with its kind).
#[test]
fn reference_matches_mintaka_maps() {
    let text = include_str!("data/forbid_maps_mintaka.txt");
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = 0;
    let mut k = 0;
    while k < lines.len() {
        let Some(name) = lines[k].strip_prefix("# ") else {
            k += 1;
            continue;
        };
        k += 1;
        if lines.get(k).is_none_or(|n| n.starts_with('#')) {
            continue; // header comment
        }
        let rows = &lines[k..k + 15];
        let expect = lines[k + 15].strip_prefix("expect:").unwrap();
        k += 16;
        let mut r = RefBoard::new(N, N);
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                match ch {
                    'X' => r.set(x as i32, y as i32, BLACK),
                    'O' => r.set(x as i32, y as i32, WHITE),
                    _ => {}
                }
            }
        }
        let got: Vec<String> =
            r.all_forbidden().iter().map(|(x, y, kind)| format!("{x},{y},{}", kind.name())).collect();
        let mut want: Vec<(usize, usize, String)> = expect
            .split_whitespace()
            .map(|t| {
                let f: Vec<&str> = t.split(',').collect();
                (f[0].parse().unwrap(), f[1].parse().unwrap(), f[2].to_string())
            })
            .collect();
        want.sort_by_key(|e| (e.1, e.0));
        let want: Vec<String> = want.iter().map(|(x, y, kind)| format!("{x},{y},{kind}")).collect();
        assert_eq!(got, want, "{name}");
        cases += 1;
    }
    assert!(cases >= 12, "only {cases} maps");
}
