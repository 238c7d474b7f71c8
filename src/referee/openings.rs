//! Openings for matches: read from a file of position strings (`h8i9j10`, black first) or of
//! Gomocup offset lines (`dx,dy, dx,dy, …` relative to the centre), or generated at random.
//!
//! Every opening is checked against the rule with [`Game::from_moves`]: one that does not fit
//! the board, repeats a point, contains a forbidden move or already has a five is skipped with
//! a warning naming its line.

use crate::board::pattern::Threat;
use crate::core::{Color, Pos, Rule, parse_move_string};
use crate::game::{Game, Outcome};
use rand::{RngExt, SeedableRng, rngs::StdRng};

/// A starting position: stones in playing order, black first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub moves: Vec<Pos>,
    /// Where it came from (`file:line` or `random #n`), for the results table.
    pub label: String,
}

/// Openings read from text, with the lines that were skipped and why.
#[derive(Clone, Debug, Default)]
pub struct OpeningSet {
    pub openings: Vec<Opening>,
    pub skipped: Vec<String>,
}

/// Is this line in the offset form (signed integers separated by commas and spaces)?
fn is_offset_line(line: &str) -> bool {
    line.contains(',') && line.chars().all(|c| c.is_ascii_digit() || matches!(c, ',' | '-' | '+' | ' ' | '\t'))
}

/// Parses an offset line `dx,dy, dx,dy, …` into points on a `size`×`size` board, centred at
/// `size / 2`.
pub fn parse_offset_line(line: &str, size: usize) -> Result<Vec<Pos>, String> {
    let nums: Vec<i64> = line
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<i64>().map_err(|_| format!("bad number {t:?}")))
        .collect::<Result<_, _>>()?;
    if !nums.len().is_multiple_of(2) {
        return Err("odd count of numbers".into());
    }
    let c = (size / 2) as i64;
    nums.chunks(2)
        .map(|d| {
            let (x, y) = (c + d[0], c + d[1]);
            if (0..size as i64).contains(&x) && (0..size as i64).contains(&y) {
                Ok(Pos::new(x as usize, y as usize))
            } else {
                Err(format!("offset {},{} falls off a {size}x{size} board", d[0], d[1]))
            }
        })
        .collect()
}

/// Parses one opening line in either form and checks it against the rule.
pub fn parse_opening_line(line: &str, size: usize, rule: Rule) -> Result<Vec<Pos>, String> {
    let moves = if is_offset_line(line) {
        parse_offset_line(line, size)?
    } else {
        parse_move_string(line).map_err(|e| e.to_string())?
    };
    let g = Game::from_moves(size, size, rule, &moves).map_err(|e| e.to_string())?;
    if g.outcome != Outcome::Ongoing {
        return Err("the game is already over".into());
    }
    Ok(moves)
}

/// Reads openings from text; blank lines and lines starting with `#` are ignored. `source`
/// names the file in labels and warnings.
pub fn parse_openings(text: &str, source: &str, size: usize, rule: Rule) -> OpeningSet {
    let mut set = OpeningSet::default();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let label = format!("{source}:{}", n + 1);
        match parse_opening_line(line, size, rule) {
            Ok(moves) => set.openings.push(Opening { moves, label }),
            Err(e) => set.skipped.push(format!("{label}: {e}")),
        }
    }
    set
}

/// Is the position quiet enough to start a fair game: nobody can make a five or a four that
/// cannot be stopped, and the side to move has no open three to push?
fn is_quiet(g: &mut Game) -> bool {
    let b = &g.board;
    for c in Color::BOTH {
        if b.count(c, Threat::Five) > 0 || b.count(c, Threat::OpenFour) > 0 || b.count(c, Threat::FourFour) > 0 {
            return false;
        }
    }
    let me = g.to_move;
    b.count(me, Threat::FourThree) == 0
}

/// Generates `count` random openings of `stones` stones each, placed alternately (black first)
/// inside the square of side `2 * radius + 1` around the centre, keeping only legal, quiet
/// positions (see `is_quiet`) and no duplicates. Deterministic for a given seed.
pub fn random_openings(count: usize, stones: usize, size: usize, rule: Rule, seed: u64) -> Vec<Opening> {
    let mut rng = StdRng::seed_from_u64(seed);
    let radius = ((stones as f64).sqrt().ceil() as usize + 1).min(size / 2);
    let c = size / 2;
    let lo = c.saturating_sub(radius);
    let hi = (c + radius).min(size - 1);
    let mut out: Vec<Opening> = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 1000 + 1000 {
        tries += 1;
        let mut g = Game::new(size, size, rule);
        let mut moves = Vec::with_capacity(stones);
        let mut ok = true;
        for _ in 0..stones {
            let mut placed = false;
            for _ in 0..50 {
                let p = Pos::new(rng.random_range(lo..=hi), rng.random_range(lo..=hi));
                if g.play(p) == Ok(Outcome::Ongoing) {
                    moves.push(p);
                    placed = true;
                    break;
                } else if g.board.move_count() > moves.len() {
                    g.undo();
                }
            }
            if !placed {
                ok = false;
                break;
            }
        }
        if ok && is_quiet(&mut g) && !out.iter().any(|o| o.moves == moves) {
            out.push(Opening { moves, label: format!("random #{}", out.len() + 1) });
        }
    }
    out
}

/// Like [`random_openings`], but keeps only openings whose value for the side to move, by a
/// node-limited search of `nodes` nodes (deterministic), is within ±`margin`: games from them
/// are decided by the play more than by the opening, so a match of paired games measures
/// more per game. Draws from up to 40 random openings per one kept; may return fewer. The
/// candidates are judged in batches on all cores (each search is node-limited and starts from
/// a clear table, so the result does not depend on the number of cores).
pub fn balanced_openings(
    count: usize,
    stones: usize,
    size: usize,
    rule: Rule,
    seed: u64,
    margin: i32,
    nodes: u64,
) -> Vec<Opening> {
    use crate::opening::balance::{BalanceLimits, Evaluator};
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 16);
    let limits = BalanceLimits { nodes, vcf_nodes: nodes, ..BalanceLimits::default() };
    let mut evals: Vec<Evaluator> = (0..threads).map(|_| Evaluator::new(limits)).collect();
    let mut out: Vec<Opening> = Vec::new();
    let pool = random_openings(count * 40, stones, size, rule, seed);
    for batch in pool.chunks(4 * threads) {
        if out.len() >= count {
            break;
        }
        // Candidate k of the batch goes to thread k % threads; its verdict to keep[k].
        let mut keep = vec![false; batch.len()];
        std::thread::scope(|sc| {
            let mut slots: Vec<Vec<(usize, &mut bool)>> = (0..threads).map(|_| Vec::new()).collect();
            for (k, v) in keep.iter_mut().enumerate() {
                slots[k % threads].push((k, v));
            }
            for (ev, slot) in evals.iter_mut().zip(slots) {
                sc.spawn(move || {
                    for (k, v) in slot {
                        if let Ok(g) = Game::from_moves(size, size, rule, &batch[k].moves) {
                            *v = ev.value(&g).abs() <= margin;
                        }
                    }
                });
            }
        });
        for (o, _) in batch.iter().zip(&keep).filter(|(_, k)| **k) {
            if out.len() < count {
                out.push(Opening { moves: o.moves.clone(), label: format!("balanced #{}", out.len() + 1) });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_parse() {
        let text = "# comment\nh8i9j10\n0,0, 1,0, 1,3\n\n-1,-1, 1,1\nz99\n7,7, 8,8\nh8h8\n";
        let set = parse_openings(text, "t", 15, Rule::Freestyle);
        assert_eq!(set.openings.len(), 3, "{:?}", set.skipped);
        assert_eq!(set.openings[0].moves, vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 9)]);
        assert_eq!(set.openings[1].moves, vec![Pos::new(7, 7), Pos::new(8, 7), Pos::new(8, 10)]);
        assert_eq!(set.openings[2].moves, vec![Pos::new(6, 6), Pos::new(8, 8)]);
        assert_eq!(set.openings[0].label, "t:2");
        // z99 off the board, 7,7 off by offset, h8h8 repeats a point.
        assert_eq!(set.skipped.len(), 3, "{:?}", set.skipped);
        assert!(set.skipped[1].starts_with("t:7"));
    }

    #[test]
    fn offsets_centre_on_twenty() {
        assert_eq!(parse_offset_line("0,0, -1,2", 20).unwrap(), vec![Pos::new(10, 10), Pos::new(9, 12)]);
    }

    #[test]
    fn forbidden_opening_is_skipped_under_renju_only() {
        // Black's last stone i10... completes a double three in this well-known trap.
        let line = "h8h9i7i9h10i6i11i12g9";
        assert!(parse_opening_line(line, 15, Rule::Renju).is_err());
        assert!(parse_opening_line(line, 15, Rule::Freestyle).is_ok());
    }

    #[test]
    fn balanced_openings_are_within_the_margin_and_reproducible() {
        use crate::opening::balance::{BalanceLimits, Evaluator};
        let a = balanced_openings(6, 4, 15, Rule::Freestyle, 3, 40, 3000);
        assert_eq!(a, balanced_openings(6, 4, 15, Rule::Freestyle, 3, 40, 3000));
        assert_eq!(a.len(), 6);
        let mut e = Evaluator::new(BalanceLimits { nodes: 3000, vcf_nodes: 3000, ..BalanceLimits::default() });
        // Walking the same pool: an opening is kept exactly when its value is within the
        // margin, until six are kept.
        let (mut outside, mut kept) = (0, 0);
        for o in random_openings(6 * 40, 4, 15, Rule::Freestyle, 3) {
            if kept == a.len() {
                break;
            }
            let g = Game::from_moves(15, 15, Rule::Freestyle, &o.moves).unwrap();
            let v = e.value(&g);
            let is_kept = a.iter().any(|k| k.moves == o.moves);
            assert_eq!(is_kept, v.abs() <= 40, "value {v}");
            kept += is_kept as usize;
            outside += (v.abs() > 40) as usize;
        }
        assert!(outside > 0, "the random pool has unbalanced openings, which the filter drops");
    }

    #[test]
    fn random_openings_are_legal_distinct_and_reproducible() {
        for rule in [Rule::Freestyle, Rule::Renju] {
            let a = random_openings(20, 5, 15, rule, 7);
            let b = random_openings(20, 5, 15, rule, 7);
            assert_eq!(a, b);
            assert_eq!(a.len(), 20);
            for o in &a {
                assert_eq!(o.moves.len(), 5);
                let mut g = Game::from_moves(15, 15, rule, &o.moves).unwrap();
                assert!(is_quiet(&mut g));
            }
        }
    }
}
