//! Threat-space solvers on a puzzle suite (tests/data/threat_suite.txt) and on the renju problem
//! collection (tests/data/renju_problems.txt), with every reported win replayed against all
//! defences, and VCF answers checked against a slow exhaustive reference written here,
//! independently of the solver (it uses only the board's make/undo, `makes_five` and
//! `is_forbidden`, and scans instead of the threat sets).
//!
//! Long runs and timing tables are `#[ignore]`d:
//! `cargo test --release --test threat_puzzles -- --ignored --nocapture`.

use gorin::board::Board;
use gorin::core::{Color, Pos, Rule, format_move_string, parse_move_string};
use gorin::threat::{Proof, SolveLimits, SolveResult, ThreatSolver};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------- positions

#[derive(Clone, Debug)]
struct Puzzle {
    id: String,
    rule: Rule,
    side: Color,
    task: String,
    black: Vec<Pos>,
    white: Vec<Pos>,
    expect: Option<bool>,
    note: String,
}

fn color(s: &str) -> Color {
    match s {
        "black" => Color::Black,
        "white" => Color::White,
        _ => panic!("bad colour {s}"),
    }
}

/// `id | rule | side | task | black | white | expect | note` (the suite).
fn suite() -> Vec<Puzzle> {
    include_str!("data/threat_suite.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").map(str::trim).collect();
            assert_eq!(f.len(), 8, "bad suite line {l}");
            Puzzle {
                id: f[0].to_string(),
                rule: Rule::parse_name(f[1]).unwrap(),
                side: color(f[2]),
                task: f[3].to_string(),
                black: parse_move_string(f[4]).unwrap(),
                white: parse_move_string(f[5]).unwrap(),
                expect: match f[6] {
                    "win" => Some(true),
                    "none" => Some(false),
                    _ => None,
                },
                note: f[7].to_string(),
            }
        })
        .collect()
}

/// `task | side | black | white | source` (the renju problem collection).
fn renju_problems() -> Vec<Puzzle> {
    include_str!("data/renju_problems.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").map(str::trim).collect();
            Puzzle {
                id: f[4].to_string(),
                rule: Rule::Renju,
                side: color(f[1]),
                task: f[0].to_string(),
                black: parse_move_string(f[2]).unwrap(),
                white: parse_move_string(f[3]).unwrap(),
                expect: Some(true),
                note: String::new(),
            }
        })
        .collect()
}

fn board_of(p: &Puzzle) -> Board {
    let mut b = Board::new(15, 15, p.rule);
    for (stones, c) in [(&p.black, Color::Black), (&p.white, Color::White)] {
        for &s in stones {
            let i = b.idx(s);
            assert!(b.is_empty_cell(i), "{}: {} placed twice", p.id, s.to_notation());
            b.make(i, c);
        }
    }
    assert!(b.winner_on_board().is_none(), "{}: position already has a five", p.id);
    b
}

fn notation(b: &Board, line: &[usize]) -> String {
    format_move_string(&line.iter().map(|&i| b.pos(i)).collect::<Vec<_>>())
}

// ---------------------------------------------------------------- reference helpers

fn empties(b: &Board) -> Vec<usize> {
    b.indices().filter(|&i| b.is_empty_cell(i)).collect()
}

/// Every point where `c` would make a winning five (a full scan).
fn five_points(b: &Board, c: Color) -> Vec<usize> {
    b.indices().filter(|&i| b.is_empty_cell(i) && b.makes_five(i, c)).collect()
}

fn legal(b: &mut Board, i: usize, c: Color) -> bool {
    b.is_empty_cell(i) && !b.is_forbidden(i, c)
}

/// Points on the four lines through `m` within `r` steps (on the board).
fn line_points(b: &Board, m: usize, r: i32) -> Vec<usize> {
    let p = b.pos(m);
    let mut out = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for k in -r..=r {
            let (x, y) = (p.x as i32 + k * dx, p.y as i32 + k * dy);
            if k != 0 && b.on_board(x, y) {
                out.push(b.idx(Pos::new(x as usize, y as usize)));
            }
        }
    }
    out
}

/// Does `c` at `m` possibly make a four: some five-window through `m` holds three stones of
/// `c` and nothing of the opponent (a cheap, generous filter)?
fn could_be_four(b: &Board, m: usize, c: Color) -> bool {
    let p = b.pos(m);
    let own = gorin::board::Cell::stone(c);
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for start in -4..=0 {
            let mut n = 0;
            let mut ok = true;
            for k in start..start + 5 {
                let (x, y) = (p.x as i32 + k * dx, p.y as i32 + k * dy);
                if !b.on_board(x, y) {
                    ok = false;
                    break;
                }
                let cell = b.at(Pos::new(x as usize, y as usize));
                if k == 0 {
                    continue;
                }
                if cell == own {
                    n += 1;
                } else if cell != gorin::board::Cell::Empty {
                    ok = false;
                    break;
                }
            }
            if ok && n >= 3 {
                return true;
            }
        }
    }
    false
}

/// Slow exhaustive VCF (not for caro): the attacker `a` to move. A five point wins; two
/// defender five points lose; one must be blocked, and the block must make a four; otherwise
/// every legal point that makes a four is tried, and against it every legal block of every
/// new five point (outside caro only the five point itself stops a five). Fails are memoised
/// with their depth.
fn bf_vcf(b: &mut Board, a: Color, depth: u32, memo: &mut HashMap<(u64, Color), u32>) -> bool {
    let d = a.opp();
    if !five_points(b, a).is_empty() {
        return true;
    }
    if depth == 0 {
        return false;
    }
    if memo.get(&(b.hash(), a)).is_some_and(|&md| md >= depth) {
        return false;
    }
    let dfive = five_points(b, d);
    let cands = match dfive.len() {
        0 => empties(b),
        1 => dfive.clone(),
        _ => Vec::new(),
    };
    for m in cands {
        if !legal(b, m, a) || !could_be_four(b, m, a) {
            continue;
        }
        b.make(m, a);
        let fives: Vec<usize> =
            line_points(b, m, 4).into_iter().filter(|&q| b.is_empty_cell(q) && b.makes_five(q, a)).collect();
        let mut win = !fives.is_empty() && five_points(b, d).is_empty();
        if win {
            for f in fives {
                if !legal(b, f, d) {
                    continue;
                }
                b.make(f, d);
                let w = bf_vcf(b, a, depth - 1, memo);
                b.undo();
                if !w {
                    win = false;
                    break;
                }
            }
        }
        b.undo();
        if win {
            return true;
        }
    }
    memo.insert((b.hash(), a), depth);
    false
}

// ---------------------------------------------------------------- soundness replay

/// Points where `a` (legally) makes two or more five points at once.
fn straight_points(b: &mut Board, a: Color) -> Vec<usize> {
    let mut out = Vec::new();
    for q in empties(b) {
        if legal(b, q, a) {
            b.make(q, a);
            if five_points(b, a).len() >= 2 {
                out.push(q);
            }
            b.undo();
        }
    }
    out
}

/// After the defender's move: does `a` still make two five points at `q` with the defender
/// holding no five point (a win outside caro: one stone cannot stop both)?
fn still_straight(b: &mut Board, a: Color, q: usize) -> bool {
    if !legal(b, q, a) || !five_points(b, a.opp()).is_empty() {
        return false;
    }
    b.make(q, a);
    let ok = five_points(b, a).len() >= 2;
    b.undo();
    ok
}

/// Replays a proof with `a` to move, trying **every** legal defender reply at each defender
/// turn: a listed reply is followed into its sub-proof; any other reply must lose: the
/// attacker then has a five point, or a legal double-five point while the defender has no five,
/// or else a VCF, which is found and replayed the same way.
/// Returns the number of defender positions checked.
fn check_proof(b: &mut Board, a: Color, p: &Proof) -> Result<usize, String> {
    assert!(!b.rule().is_caro());
    let d = a.opp();
    let m = p.mv;
    let at = |b: &Board, i: usize| b.pos(i).to_notation();
    if !b.is_empty_cell(m) {
        return Err(format!("attacker move {} on an occupied point", at(b, m)));
    }
    if b.makes_five(m, a) {
        return Ok(0);
    }
    if b.is_forbidden(m, a) {
        return Err(format!("attacker move {} is forbidden", at(b, m)));
    }
    b.make(m, a);
    let res = (|| {
        if !five_points(b, d).is_empty() {
            return Err(format!("after {} the defender makes five", at(b, m)));
        }
        let afive = five_points(b, a);
        let straight = if afive.is_empty() { straight_points(b, a) } else { Vec::new() };
        let mut checked = 1;
        for r in empties(b) {
            if !legal(b, r, d) {
                continue;
            }
            b.make(r, d);
            let ok = match p.replies.iter().find(|(x, _)| *x == r) {
                Some((_, sub)) => check_proof(b, a, sub).map(|n| checked += n),
                None => {
                    let dfive = !five_points(b, d).is_empty();
                    if !five_points(b, a).is_empty() {
                        Ok(())
                    } else if !dfive && straight.iter().any(|&q| q != r && still_straight(b, a, q)) {
                        Ok(())
                    } else if !dfive && !straight_points(b, a).is_empty() {
                        // A white stone can make one of black's double-three points legal.
                        Ok(())
                    } else {
                        // The attacker must still win by continuous fours (a counter-four
                        // included: he then has to block it with a four): find a VCF and
                        // replay it against every defence too.
                        let stop = AtomicBool::new(false);
                        let mut s = ThreatSolver::with_table_log2(16);
                        match s.vcf(b, a, &SolveLimits::vcf(60), &stop) {
                            SolveResult::Win(line) => check_proof(b, a, &Proof::from_line(&line)).map(|n| checked += n),
                            _ => Err(format!("unlisted reply {} defends against {}", at(b, r), at(b, m))),
                        }
                    }
                }
            };
            b.undo();
            ok?;
        }
        Ok(checked)
    })();
    b.undo();
    res
}

// ---------------------------------------------------------------- running

struct Run {
    result: SolveResult,
    proof: Option<Proof>,
    nodes: u64,
    time: Duration,
}

fn solve(solver: &mut ThreatSolver, b: &mut Board, p: &Puzzle, limits: &SolveLimits) -> Run {
    let stop = AtomicBool::new(false);
    solver.clear();
    let h = b.hash();
    let (result, proof) = if p.task == "vcf" {
        let r = solver.vcf(b, p.side, limits, &stop);
        let pr = r.line().map(Proof::from_line);
        (r, pr)
    } else {
        solver.vct_proof(b, p.side, limits, &stop)
    };
    assert_eq!(b.hash(), h, "{}: board not restored", p.id);
    Run { result, proof, nodes: solver.stats.nodes, time: solver.stats.elapsed }
}

fn vcf_limits() -> SolveLimits {
    SolveLimits::vcf(120).with_time(Duration::from_secs(5))
}
fn vct_limits() -> SolveLimits {
    SolveLimits::vct(7, 20).with_time(Duration::from_secs(10))
}

#[test]
fn suite_answers_match_reference_and_replay() {
    let mut solver = ThreatSolver::with_table_log2(18);
    let mut fails = Vec::new();
    let puzzles = suite();
    assert!(puzzles.len() >= 60, "suite has {} positions", puzzles.len());
    for p in &puzzles {
        let mut b = board_of(p);
        let limits = if p.task == "vcf" { vcf_limits() } else { vct_limits() };
        let run = solve(&mut solver, &mut b, p, &limits);
        let won = run.result.is_win();
        if run.result == SolveResult::Unknown {
            fails.push(format!("{}: limits hit", p.id));
            continue;
        }
        if p.task == "vcf" {
            let reference = bf_vcf(&mut b, p.side, limits.max_depth, &mut HashMap::new());
            if p.expect.is_none() {
                println!("{}: reference {reference}", p.id);
            }
            if reference != won {
                fails.push(format!("{}: solver {won}, exhaustive reference {reference}", p.id));
            }
        }
        if let Some(e) = p.expect
            && e != won
        {
            fails.push(format!("{}: expected {e}, solver {won} ({})", p.id, p.note));
        }
        if let Some(proof) = &run.proof
            && let Err(e) = check_proof(&mut b, p.side, proof)
        {
            fails.push(format!("{}: FALSE WIN {}: {e}", p.id, notation(&b, &run.result.line().unwrap())));
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn mintaka_vcf_cases_are_solved_and_replay() {
    let mut solver = ThreatSolver::with_table_log2(18);
    for l in include_str!("data/vcf_cases_mintaka.txt").lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = l.split(" | ").collect();
        let p = Puzzle {
            id: f[0].into(),
            rule: Rule::Renju,
            side: color(f[1]),
            task: "vcf".into(),
            black: parse_move_string(f[2]).unwrap(),
            white: parse_move_string(f[3]).unwrap(),
            expect: Some(true),
            note: String::new(),
        };
        let mut b = board_of(&p);
        // deep_vcf#0 needs a VCF of 107 fours.
        let run = solve(&mut solver, &mut b, &p, &SolveLimits::vcf(150));
        assert!(run.result.is_win(), "{}: no VCF found ({:?})", p.id, run.result);
        check_proof(&mut b, p.side, run.proof.as_ref().unwrap()).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(run.time < Duration::from_millis(500), "{}: {:?}", p.id, run.time);
    }
}

/// Solve rate on the whole renju collection for one task, every win replayed.
fn collection_rate(task: &str, limits: SolveLimits) {
    let mut solver = ThreatSolver::with_table_log2(20);
    let (mut n, mut solved, mut none, mut unknown) = (0, 0, 0, 0);
    let mut times = Vec::new();
    let mut false_wins = Vec::new();
    let start = Instant::now();
    for p in renju_problems().into_iter().filter(|p| p.task == task) {
        let mut b = board_of(&p);
        let solver_task = Puzzle { task: if task == "vcf" { "vcf".into() } else { "vct".into() }, ..p.clone() };
        let run = solve(&mut solver, &mut b, &solver_task, &limits);
        n += 1;
        times.push((run.time, run.nodes));
        match &run.result {
            SolveResult::Win(_) => {
                solved += 1;
                if let Err(e) = check_proof(&mut b, p.side, run.proof.as_ref().unwrap()) {
                    false_wins.push(format!("{}: {e}", p.id));
                }
            }
            SolveResult::NoWin => none += 1,
            SolveResult::Unknown => unknown += 1,
        }
    }
    times.sort();
    let pct = |q: f64| times[((times.len() as f64 - 1.0) * q) as usize];
    println!(
        "{task}: {solved}/{n} solved ({:.1}%), {none} no win within depth, {unknown} limits hit; \
         time median {:?} p90 {:?} p99 {:?} max {:?}; total {:?}",
        100.0 * solved as f64 / n as f64,
        pct(0.5).0,
        pct(0.9).0,
        pct(0.99).0,
        pct(1.0).0,
        start.elapsed()
    );
    assert!(false_wins.is_empty(), "false wins:\n{}", false_wins.join("\n"));
}

#[test]
#[ignore]
fn renju_collection_vcf_rate() {
    collection_rate("vcf", SolveLimits::vcf(120).with_time(Duration::from_secs(1)));
}

#[test]
#[ignore]
fn renju_collection_vct_rate() {
    collection_rate("vct", SolveLimits::vct(7, 20).with_time(Duration::from_secs(2)));
}

#[test]
#[ignore]
fn renju_collection_win3_rate() {
    collection_rate("win3", SolveLimits::vct(3, 20).with_time(Duration::from_millis(500)));
}

/// Per-puzzle time and nodes of the suite (the bench figures of the report).
#[test]
#[ignore]
fn suite_timings() {
    let mut solver = ThreatSolver::with_table_log2(18);
    for p in suite() {
        let mut b = board_of(&p);
        let limits = if p.task == "vcf" { vcf_limits() } else { vct_limits() };
        let run = solve(&mut solver, &mut b, &p, &limits);
        let plies = run.result.line().map_or(0, |l| l.len());
        println!(
            "{:<28} {:<9} {:<4} {:<7} {:>5} plies {:>9} nodes {:>9.3} ms  {}",
            p.id,
            p.rule.name(),
            p.task,
            if run.result.is_win() { "WIN" } else { "NONE" },
            plies,
            run.nodes,
            run.time.as_secs_f64() * 1000.0,
            run.result.line().map(|l| notation(&b, l)).unwrap_or_default()
        );
    }
}

/// Throughput of the horizon probe `vcf_quick` (depth 12, 5,000 nodes) over the first 1,000
/// problems of the collection, each line replayed.
#[test]
#[ignore]
fn vcf_quick_throughput() {
    let problems: Vec<Puzzle> = renju_problems().into_iter().take(1000).collect();
    let mut boards: Vec<(Board, Color)> = problems.iter().map(|p| (board_of(p), p.side)).collect();
    let start = Instant::now();
    let mut wins = 0;
    for (b, side) in boards.iter_mut() {
        let h = b.hash();
        if gorin::threat::vcf_quick(b, *side, 12, 5_000).is_some() {
            wins += 1;
        }
        assert_eq!(b.hash(), h);
    }
    let t = start.elapsed();
    println!(
        "vcf_quick: {} calls, {wins} wins, {:?} total, {:.1} µs per call",
        boards.len(),
        t,
        t.as_secs_f64() * 1e6 / boards.len() as f64
    );
    for (b, side) in boards.iter_mut() {
        if let Some(line) = gorin::threat::vcf_quick(b, *side, 12, 5_000) {
            check_proof(b, *side, &Proof::from_line(&line)).unwrap();
        }
    }
}
