//! Invariants along seeded random games, on several board sizes and every rule:
//! - after every make and every undo the incremental state (line keys, patterns, threat sets,
//!   counts, hash, stone counts) equals a from-scratch rebuild (`Board::check_consistency`);
//! - undo restores the hash and the diagram exactly;
//! - win detection agrees with a naive line scan: `makes_five` on every empty point before a
//!   move, `is_five_stone` on the stone played and `winner_on_board` after it.

#[path = "reference/mod.rs"]
mod common;

use common::{BLACK, EMPTY, RefBoard, Rng, WHITE, stone};
use gorin::board::Board;
use gorin::core::{Color, Pos, Rule};

const RULES: [Rule; 5] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro, Rule::CaroExact];
const SIZES: [(usize, usize); 5] = [(5, 5), (7, 9), (15, 15), (20, 20), (32, 32)];

fn pick(rng: &mut Rng, r: &RefBoard, stones: &[(i32, i32)]) -> Option<(i32, i32)> {
    for _ in 0..100 {
        let (x, y) = if stones.is_empty() || rng.chance(10) {
            (rng.range(0, r.w - 1), rng.range(0, r.h - 1))
        } else {
            let (sx, sy) = stones[rng.below(stones.len())];
            (sx + rng.range(-2, 2), sy + rng.range(-2, 2))
        };
        if r.get(x, y) == Some(EMPTY) {
            return Some((x, y));
        }
    }
    // Dense board: take the first empty point.
    (0..r.h).flat_map(|y| (0..r.w).map(move |x| (x, y))).find(|&(x, y)| r.get(x, y) == Some(EMPTY))
}

/// Every empty point: does the fast `makes_five` agree with placing the stone and scanning?
fn check_makes_five(b: &Board, r: &mut RefBoard, rule: Rule) {
    for y in 0..r.h {
        for x in 0..r.w {
            if r.get(x, y) != Some(EMPTY) {
                continue;
            }
            let i = b.idx(Pos::new(x as usize, y as usize));
            for c in Color::BOTH {
                r.set(x, y, stone(c));
                let naive = r.wins_at(x, y, rule);
                r.set(x, y, EMPTY);
                assert_eq!(
                    b.makes_five(i, c),
                    naive,
                    "makes_five({x},{y},{c:?}) under {rule:?} in\n{}",
                    b.to_diagram()
                );
            }
        }
    }
}

/// Plays `games` seeded random games; returns how many moves made a winning line.
fn run_games(rule: Rule, w: usize, h: usize, games: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut wins = 0;
    for _ in 0..games {
        let mut b = Board::new(w, h, rule);
        let mut r = RefBoard::new(w, h);
        let mut stones = Vec::new();
        let mut before: Vec<(u64, String)> = Vec::new();
        let plies = (w * h).min(rng.range(20, 120) as usize);
        let mut c = if rng.chance(50) { Color::Black } else { Color::White };
        for _ in 0..plies {
            check_makes_five(&b, &mut r, rule);
            let Some((x, y)) = pick(&mut rng, &r, &stones) else { break };
            let i = b.idx(Pos::new(x as usize, y as usize));
            // A trial move that is taken back at once must leave no trace.
            let (h0, d0) = (b.hash(), b.to_diagram());
            b.make(i, c.opp());
            b.check_consistency().unwrap_or_else(|e| panic!("after trial make: {e}\n{}", b.to_diagram()));
            b.undo();
            b.check_consistency().unwrap_or_else(|e| panic!("after trial undo: {e}\n{}", b.to_diagram()));
            assert_eq!((b.hash(), b.to_diagram()), (h0, d0));

            before.push((b.hash(), b.to_diagram()));
            // The accumulators are brought up to date when read: read them at some plies
            // only, so that later reads start from a mix of read and unread plies.
            if rng.chance(30) {
                b.sync_acc();
            }
            b.make(i, c);
            r.set(x, y, if c == Color::Black { BLACK } else { WHITE });
            stones.push((x, y));
            b.check_consistency().unwrap_or_else(|e| panic!("after make: {e}\n{}", b.to_diagram()));
            let win = r.wins_at(x, y, rule);
            wins += win as usize;
            assert_eq!(b.is_five_stone(i), win, "is_five_stone({x},{y}) under {rule:?}\n{}", b.to_diagram());
            // The game goes on past a five: the board must keep working, and the winner scan
            // must still name the first winning stone in row-major order.
            assert_eq!(b.winner_on_board(), r.first_winner(rule), "winner_on_board under {rule:?}\n{}", b.to_diagram());
            c = c.opp();
        }
        while let Some((hash, diagram)) = before.pop() {
            if rng.chance(30) {
                b.sync_acc();
            }
            b.undo();
            b.check_consistency().unwrap_or_else(|e| panic!("after undo: {e}\n{}", b.to_diagram()));
            assert_eq!(b.hash(), hash);
            assert_eq!(b.to_diagram(), diagram);
        }
        assert_eq!(b.hash(), 0);
        assert!(b.is_empty());
    }
    wins
}

#[test]
fn freestyle_invariants() {
    let mut wins = 0;
    for (n, &(w, h)) in SIZES.iter().enumerate() {
        wins += run_games(RULES[0], w, h, 2, 100 + n as u64);
    }
    assert!(wins > 0, "no winning move was seen");
}

#[test]
fn standard_invariants() {
    let mut wins = 0;
    for (n, &(w, h)) in SIZES.iter().enumerate() {
        wins += run_games(RULES[1], w, h, 2, 200 + n as u64);
    }
    assert!(wins > 0, "no winning move was seen");
}

#[test]
fn renju_invariants() {
    let mut wins = 0;
    for (n, &(w, h)) in SIZES.iter().enumerate() {
        wins += run_games(RULES[2], w, h, 2, 300 + n as u64);
    }
    assert!(wins > 0, "no winning move was seen");
}

#[test]
fn caro_invariants() {
    let mut wins = 0;
    for (n, &(w, h)) in SIZES.iter().enumerate() {
        wins += run_games(RULES[3], w, h, 2, 400 + n as u64);
    }
    assert!(wins > 0, "no winning move was seen");
}

#[test]
fn caro_exact_invariants() {
    let mut wins = 0;
    for (n, &(w, h)) in SIZES.iter().enumerate() {
        wins += run_games(RULES[4], w, h, 2, 500 + n as u64);
    }
    assert!(wins > 0, "no winning move was seen");
}

/// Small boards filled completely, many games: every cell near an edge or a corner.
#[test]
fn full_small_boards_all_rules() {
    for (n, &rule) in RULES.iter().enumerate() {
        let wins = run_games(rule, 5, 5, 10, 600 + n as u64) + run_games(rule, 6, 5, 5, 700 + n as u64);
        assert!(wins > 0, "no winning move was seen under {rule:?}");
    }
}

/// Every filling of one 10-cell row (empty, black, white: 3^10 = 59,049 lines, reached by
/// make/undo in depth-first order) on a 10x5 board, under every rule: `makes_five` for both
/// colours on every empty cell of the row, `is_five_stone` on every stone and
/// `winner_on_board` agree with the naive scan. This reaches what random games rarely do:
/// fives and overlines blocked by white at both ends, runs against both edges, exact fives
/// next to overlines.
#[test]
fn exhaustive_single_row_win_detection() {
    const W: usize = 10;
    const Y: i32 = 2;
    fn dfs(b: &mut Board, r: &mut RefBoard, rule: Rule, x: usize, wins: &mut usize) {
        if x == W {
            for cx in 0..W as i32 {
                let i = b.idx(Pos::new(cx as usize, Y as usize));
                match r.get(cx, Y) {
                    Some(EMPTY) => {
                        for c in Color::BOTH {
                            r.set(cx, Y, stone(c));
                            let naive = r.wins_at(cx, Y, rule);
                            r.set(cx, Y, EMPTY);
                            assert_eq!(
                                b.makes_five(i, c),
                                naive,
                                "makes_five({cx},{c:?}) {rule:?}\n{}",
                                b.to_diagram()
                            );
                        }
                    }
                    _ => {
                        let naive = r.wins_at(cx, Y, rule);
                        *wins += naive as usize;
                        assert_eq!(b.is_five_stone(i), naive, "is_five_stone({cx}) {rule:?}\n{}", b.to_diagram());
                    }
                }
            }
            assert_eq!(b.winner_on_board(), r.first_winner(rule), "{rule:?}\n{}", b.to_diagram());
            return;
        }
        dfs(b, r, rule, x + 1, wins);
        let i = b.idx(Pos::new(x, Y as usize));
        for c in Color::BOTH {
            b.make(i, c);
            r.set(x as i32, Y, stone(c));
            dfs(b, r, rule, x + 1, wins);
            r.set(x as i32, Y, EMPTY);
            b.undo();
        }
    }
    for rule in RULES {
        let mut b = Board::new(W, 5, rule);
        let mut r = RefBoard::new(W, 5);
        let mut wins = 0;
        dfs(&mut b, &mut r, rule, 0, &mut wins);
        assert!(wins > 0);
        assert_eq!(b.hash(), 0);
    }
}

/// Moves made before a rebuild (a wall placed mid-game, other cell values) have no undo log;
/// undoing across the rebuild must still restore everything.
#[test]
fn undo_across_a_rebuild() {
    for rule in [Rule::Freestyle, Rule::Renju] {
        let mut b = Board::new(15, 15, rule);
        let moves = gorin::core::parse_move_string("h8i9h9h10g8i8j7g9f8k6").unwrap();
        let mut c = Color::Black;
        for &m in &moves[..6] {
            let i = b.idx(m);
            b.make(i, c);
            c = c.opp();
        }
        b.place_wall(gorin::core::Pos::new(0, 0)).unwrap();
        for &m in &moves[6..] {
            let i = b.idx(m);
            b.make(i, c);
            c = c.opp();
        }
        for k in 0..moves.len() {
            b.undo();
            if k % 2 == 0 {
                b.sync_acc();
            }
            b.check_consistency().unwrap_or_else(|e| panic!("{rule:?}: {e}\n{}", b.to_diagram()));
        }
        assert_eq!(b.move_count(), 0);
        // Moves made again after undoing below the rebuild are logged and undone as usual.
        for (k, &m) in moves.iter().enumerate() {
            let i = b.idx(m);
            b.make(i, if k % 2 == 0 { Color::Black } else { Color::White });
            if k % 3 == 0 {
                b.sync_acc();
            }
            b.check_consistency().unwrap_or_else(|e| panic!("{rule:?}: {e}\n{}", b.to_diagram()));
        }
        for _ in 0..moves.len() {
            b.undo();
            b.check_consistency().unwrap_or_else(|e| panic!("{rule:?}: {e}\n{}", b.to_diagram()));
        }
    }
}
