//! Threat-space solvers on a puzzle suite (tests/data/threat_suite.txt) and on the renju problem
//! collection (tests/data/renju_problems.txt), with every reported win replayed against all
//! defences, and VCF answers checked against a slow exhaustive reference written here,
//! independently of the solver (it uses only the board's make/undo, `makes_five` and
//! `is_forbidden`, and scans instead of the threat sets).
//!
//! Long runs and timing tables are `#[ignore]`d:
//! `cargo test --release --test threat_puzzles -- --ignored --nocapture`.
//! The collection rates limit each problem by the solving thread's CPU time (the machine may be
//! shared): `GORIN_MS` (default 5000), `GORIN_DEPTH` (VCT threat moves, default 10; win3 3),
//! `GORIN_SAMPLE=N` (a fixed pseudo-random sample), `GORIN_VERBOSE=1` (a line per problem on
//! stderr), `GORIN_VCT=dfs` (the former depth-first VCT solver, for comparisons),
//! `GORIN_VCF_THREATS=0` (threes and fours only, no VCF-threat pass).

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
    check_proof_memo(b, a, p, &mut std::collections::HashSet::new())
}

/// [`check_proof`] with the positions (attacker to move) already verified as wins: a proof
/// tree read from a transposition table repeats subtrees, and the VCFs that answer unlisted
/// replies repeat too; each position is replayed against every defence once.
fn check_proof_memo(
    b: &mut Board,
    a: Color,
    p: &Proof,
    won: &mut std::collections::HashSet<u64>,
) -> Result<usize, String> {
    if won.contains(&b.hash()) {
        return Ok(0);
    }
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
                Some((_, sub)) => check_proof_memo(b, a, sub, won).map(|n| checked += n),
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
                            SolveResult::Win(line) => {
                                check_proof_memo(b, a, &Proof::from_line(&line), won).map(|n| checked += n)
                            }
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
    if res.is_ok() {
        won.insert(b.hash());
    }
    res
}

/// Does the line (attacker and defender moves alternately, `a` first) end with an attacker
/// move that makes a five, or a four the defender cannot stop: two five points, or one whose
/// block is illegal for the defender (who has no five point of his own)? Board restored.
fn line_ends_in_win(b: &mut Board, a: Color, line: &[usize]) -> Result<(), String> {
    let d = a.opp();
    if line.len() % 2 == 0 {
        return Err("the line ends with a defender move".into());
    }
    let mut made = 0;
    let mut res = Ok(());
    for (k, &m) in line.iter().enumerate() {
        let c = if k % 2 == 0 { a } else { d };
        if !legal(b, m, c) {
            res = Err(format!("move {} ({}) is not legal", k + 1, b.pos(m).to_notation()));
            break;
        }
        if k + 1 == line.len() && !b.makes_five(m, a) {
            b.make(m, c);
            made += 1;
            let fives = five_points(b, a);
            let stoppable = fives.is_empty() || (fives.len() == 1 && legal(b, fives[0], d));
            if stoppable || !five_points(b, d).is_empty() {
                res = Err(format!(
                    "the line ends with {}, neither a five nor an unstoppable four",
                    b.pos(m).to_notation()
                ));
            }
            break;
        }
        b.make(m, c);
        made += 1;
    }
    for _ in 0..made {
        b.undo();
    }
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
    solver.clear();
    solve_with_stop(solver, b, p, limits, &AtomicBool::new(false))
}

fn solve_with_stop(
    solver: &mut ThreatSolver,
    b: &mut Board,
    p: &Puzzle,
    limits: &SolveLimits,
    stop: &AtomicBool,
) -> Run {
    let h = b.hash();
    let (result, proof) = if p.task == "vcf" {
        let r = solver.vcf(b, p.side, limits, stop);
        let pr = r.line().map(Proof::from_line);
        (r, pr)
    } else if std::env::var("GORIN_VCT").is_ok_and(|v| v == "dfs") {
        // The former depth-first solver, for comparisons.
        solver.vct_dfs_proof(b, p.side, limits, stop)
    } else {
        solver.vct_proof(b, p.side, limits, stop)
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
    // The VCT puzzles in both modes of the df-pn solver: one search with the whole depth
    // (`solve vct`) and iterative deepening on it (the main search's probes).
    let runs = puzzles.iter().flat_map(|p| {
        let modes: &[bool] = if p.task == "vcf" { &[false] } else { &[false, true] };
        modes.iter().map(move |&deepen| (p, deepen))
    });
    for (p, deepen) in runs {
        let mut b = board_of(p);
        let limits = if p.task == "vcf" { vcf_limits() } else { vct_limits().with_deepening(deepen) };
        let run = solve(&mut solver, &mut b, p, &limits);
        let won = run.result.is_win();
        if run.result == SolveResult::Unknown {
            fails.push(format!("{} (deepen {deepen}): limits hit", p.id));
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
            fails.push(format!("{} (deepen {deepen}): expected {e}, solver {won} ({})", p.id, p.note));
        }
        if let Some(proof) = &run.proof
            && let Err(e) = check_proof(&mut b, p.side, proof)
        {
            fails.push(format!(
                "{} (deepen {deepen}): FALSE WIN {}: {e}",
                p.id,
                notation(&b, &run.result.line().unwrap())
            ));
        }
        if let Some(line) = run.result.line()
            && let Err(e) = line_ends_in_win(&mut b, p.side, line)
        {
            fails.push(format!("{} (deepen {deepen}): line {}: {e}", p.id, notation(&b, line)));
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// The stones of a puzzle as a move string alternating from black, if the counts allow it
/// with the puzzle's side to move.
fn move_string(p: &Puzzle) -> Option<String> {
    let (nb, nw) = (p.black.len(), p.white.len());
    let to_move = if nb == nw { Color::Black } else { Color::White };
    if !(nb == nw || nb == nw + 1) || to_move != p.side {
        return None;
    }
    let mut mv = Vec::new();
    for k in 0..nb {
        mv.push(p.black[k]);
        if k < nw {
            mv.push(p.white[k]);
        }
    }
    Some(format_move_string(&mv))
}

/// `solve vct --tree FILE`: the file's tree, read back, is replayed against every defence, and
/// the printed line runs to a five or an unstoppable four (issue 13's example included).
#[test]
fn solve_tree_file_replays_against_every_defence() {
    use gorin::cli::{SolveKind, solve};
    let path = std::env::temp_dir().join(format!("gorin-tree-{}.txt", std::process::id()));
    let path_s = path.to_str().unwrap();
    let mut positions: Vec<(Rule, String)> = vec![(Rule::Renju, "i6h7l6i7g7j7h8i8j9".to_string())];
    for p in suite().iter().filter(|p| p.task == "vct") {
        if let Some(m) = move_string(p) {
            positions.push((p.rule, m));
        }
    }
    assert!(positions.len() >= 15, "{} positions", positions.len());
    let mut checked = 0;
    for (rule, moves) in &positions {
        let _ = std::fs::remove_file(&path);
        let Ok((line, _)) = solve(SolveKind::Vct, 15, *rule, None, Some(10_000), Some(path_s), moves) else {
            continue; // e.g. a problem's black stone on a point forbidden in move order
        };
        assert!(line.starts_with("WIN "), "{moves}: {line}");
        let mut b = Board::new(15, 15, *rule);
        let mv = parse_move_string(moves).unwrap();
        for (k, m) in mv.iter().enumerate() {
            let i = b.idx(*m);
            b.make(i, if k % 2 == 0 { Color::Black } else { Color::White });
        }
        let a = if mv.len() % 2 == 0 { Color::Black } else { Color::White };
        let text = std::fs::read_to_string(&path).unwrap();
        let proof = Proof::parse_text(&b, &text).unwrap_or_else(|e| panic!("{moves}: {e}"));
        check_proof(&mut b, a, &proof).unwrap_or_else(|e| panic!("{moves}: FALSE WIN: {e}\n{text}"));
        let printed: Vec<usize> = parse_move_string(&line[4..]).unwrap().iter().map(|&q| b.idx(q)).collect();
        assert_eq!(printed, proof.main_line(), "{moves}: the printed line is the tree's main line");
        line_ends_in_win(&mut b, a, &printed).unwrap_or_else(|e| panic!("{moves}: {line}: {e}"));
        checked += 1;
    }
    let _ = std::fs::remove_file(&path);
    assert!(checked >= 15, "{checked} trees checked");
}

/// One table reused across calls (both colours, two depth limits, positions in a shuffled
/// order) gives the same answers as a fresh table each time, and its proofs replay. The
/// positions of a threat search never repeat (every move adds a stone), so the only way a
/// reused entry could mislead is through the depth budget: a disproof made with a small budget
/// must not be taken for one with a larger budget; a proof holds whatever the budget.
#[test]
fn shared_table_matches_fresh_tables_and_replays() {
    let stop = AtomicBool::new(false);
    let mut cases = Vec::new();
    for p in suite().into_iter().filter(|p| p.task == "vct") {
        for side in [p.side, p.side.opp()] {
            for depth in [2, 7] {
                cases.push((p.clone(), side, depth));
            }
        }
    }
    let mut fresh = Vec::new();
    for (p, side, depth) in &cases {
        let mut b = board_of(p);
        let mut s = ThreatSolver::with_table_log2(16);
        let limits = SolveLimits::vct(*depth, 20).with_nodes(300_000);
        fresh.push(s.vct_proof(&mut b, *side, &limits, &stop).0);
    }
    // Shallow depths first, then the rest in a scrambled order, all through one small table
    // (so that entries are overwritten too).
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&k| (cases[k].2, (k * 7919) % 101));
    let mut shared = ThreatSolver::with_table_log2(12);
    let mut compared = 0;
    for k in order {
        let (p, side, depth) = &cases[k];
        let mut b = board_of(p);
        let limits = SolveLimits::vct(*depth, 20).with_nodes(300_000);
        let (r, proof) = shared.vct_proof(&mut b, *side, &limits, &stop);
        if let Some(proof) = &proof {
            check_proof(&mut b, *side, proof)
                .unwrap_or_else(|e| panic!("{} {side:?} depth {depth}: FALSE WIN {e}", p.id));
        }
        let known = |r: &SolveResult| *r != SolveResult::Unknown;
        if known(&r) && known(&fresh[k]) {
            assert_eq!(
                r.is_win(),
                fresh[k].is_win(),
                "{} {side:?} depth {depth}: shared {r:?}, fresh {:?}",
                p.id,
                fresh[k]
            );
            compared += 1;
        }
    }
    assert!(compared >= cases.len() * 3 / 4, "{compared} of {} compared", cases.len());
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
        // Timed in CPU time of this thread where Linux tells it (the machine may be shared).
        let stat = std::fs::read_link("/proc/thread-self").ok().map(|t| format!("/proc/{}/schedstat", t.display()));
        let cpu0 = stat.as_deref().and_then(thread_cpu_ns);
        let run = solve(&mut solver, &mut b, &p, &SolveLimits::vcf(150));
        let time = match (cpu0, stat.as_deref().and_then(thread_cpu_ns)) {
            (Some(t0), Some(t1)) => Duration::from_nanos(t1 - t0),
            _ => run.time,
        };
        assert!(run.result.is_win(), "{}: no VCF found ({:?})", p.id, run.result);
        check_proof(&mut b, p.side, run.proof.as_ref().unwrap()).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(time < Duration::from_millis(500), "{}: {:?}", p.id, time);
    }
}

/// CPU time of one thread in nanoseconds (Linux `schedstat`), if readable.
fn thread_cpu_ns(schedstat: &str) -> Option<u64> {
    std::fs::read_to_string(schedstat).ok()?.split_whitespace().next()?.parse().ok()
}

/// Solves with a limit on the solving thread's **CPU time** (the machine may be shared): a
/// watcher thread raises the stop flag when the solver has run `cpu` on a core. Returns the
/// run with `time` = the CPU time used (wall time where `/proc` cannot be read).
fn solve_cpu_limited(solver: &mut ThreatSolver, b: &mut Board, p: &Puzzle, limits: &SolveLimits, cpu: Duration) -> Run {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;
    let stat = std::fs::read_link("/proc/thread-self").ok().map(|t| format!("/proc/{}/schedstat", t.display()));
    let Some(stat) = stat.filter(|s| thread_cpu_ns(s).is_some()) else {
        return solve(solver, b, p, &limits.with_time(cpu));
    };
    solver.clear(); // a fresh table for each problem, not counted in its time
    let before = thread_cpu_ns(&stat).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (stop, done, stat) = (stop.clone(), done.clone(), stat.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
                if thread_cpu_ns(&stat).is_some_and(|t| t - before >= cpu.as_nanos() as u64) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        })
    };
    // A generous wall-clock limit as well, in case the watcher starves.
    let mut run = solve_with_stop(solver, b, p, &limits.with_time(cpu * 20), &stop);
    done.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    run.time = Duration::from_nanos(thread_cpu_ns(&stat).unwrap_or(before) - before);
    run
}

/// The collection's problems of `task`, narrowed by `GORIN_IDS=FILE` (the ids listed in FILE,
/// one a line) and `GORIN_SAMPLE=N` (a fixed pseudo-random sample of N, for a loaded machine).
fn selected_problems(task: &str) -> Vec<Puzzle> {
    let mut problems: Vec<Puzzle> = renju_problems().into_iter().filter(|p| p.task == task).collect();
    if let Ok(f) = std::env::var("GORIN_IDS") {
        let ids: std::collections::HashSet<String> =
            std::fs::read_to_string(&f).expect("GORIN_IDS file").lines().map(|l| l.trim().to_string()).collect();
        problems.retain(|p| ids.contains(&p.id));
    }
    if let Some(n) = std::env::var("GORIN_SAMPLE").ok().and_then(|v| v.parse::<usize>().ok()) {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut keyed: Vec<(u64, Puzzle)> = problems
            .into_iter()
            .map(|p| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x, p)
            })
            .collect();
        keyed.sort_by_key(|(k, _)| *k);
        problems = keyed.into_iter().take(n).map(|(_, p)| p).collect();
    }
    problems
}

/// Solve rate on the whole renju collection for one task, every win replayed. `limits.time`
/// is the CPU time per problem (see [`solve_cpu_limited`]).
fn collection_rate(task: &str, limits: SolveLimits) {
    let mut solver = ThreatSolver::with_table_log2(env_or("GORIN_TT_LOG2", 20) as u32);
    let (mut n, mut solved, mut none, mut unknown) = (0, 0, 0, 0);
    let mut times = Vec::new();
    let mut false_wins = Vec::new();
    let start = Instant::now();
    let problems = selected_problems(task);
    for p in problems {
        let mut b = board_of(&p);
        let solver_task = Puzzle { task: if task == "vcf" { "vcf".into() } else { "vct".into() }, ..p.clone() };
        let cpu = limits.time.unwrap_or(Duration::from_secs(5));
        let run = solve_cpu_limited(&mut solver, &mut b, &solver_task, &SolveLimits { time: None, ..limits }, cpu);
        n += 1;
        times.push((run.time, run.nodes));
        if std::env::var("GORIN_VERBOSE").is_ok() {
            let kind = match run.result {
                SolveResult::Win(_) => "WIN",
                SolveResult::NoWin => "NONE",
                SolveResult::Unknown => "UNKNOWN",
            };
            eprintln!("{} {kind} {} nodes {:.1} ms", p.id, run.nodes, run.time.as_secs_f64() * 1e3);
        }
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
    collection_rate("vcf", SolveLimits::vcf(120).with_time(Duration::from_millis(env_or("GORIN_MS", 1000))));
}

#[test]
#[ignore]
fn renju_collection_vct_rate() {
    collection_rate(
        "vct",
        SolveLimits::vct(env_or("GORIN_DEPTH", 10) as u32, env_or("GORIN_VCF_DEPTH", 20) as u32)
            .with_time(cpu_limit())
            .with_vcf_threats(env_or("GORIN_VCF_THREATS", 1) != 0),
    );
}

/// `GORIN_MS` (CPU milliseconds per problem, default 5000) and other knobs of the long runs.
fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
fn cpu_limit() -> Duration {
    Duration::from_millis(env_or("GORIN_MS", 5000))
}

#[test]
#[ignore]
fn renju_collection_win3_rate() {
    collection_rate("win3", SolveLimits::vct(env_or("GORIN_DEPTH", 3) as u32, 20).with_time(cpu_limit()));
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

/// The alpha-beta search (not the solver) on the collection's VCT problems: how many it reports
/// as won (a mate score) within `GORIN_NODES` nodes (default 2M; node-limited, so a loaded
/// machine does not change the count), and after how many nodes. This measures how well the
/// main search sees threat sequences (issue 12): Rapfi's search proves most of these within
/// tens of milliseconds. `GORIN_PARAMS=name=v,name=v` tweaks search parameters.
#[test]
#[ignore]
fn search_sees_collection_vcts() {
    use gorin::core::WIN_MIN;
    use gorin::game::{Game, Outcome};
    use gorin::search::{Budget, Event, Limits, Searcher};
    let max_nodes = env_or("GORIN_NODES", 2_000_000);
    let items: Vec<String> = std::env::var("GORIN_PARAMS")
        .unwrap_or_default()
        .split(',')
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    let tweaks = gorin::cli::parse_tweaks(&items).expect("GORIN_PARAMS");
    // GORIN_POSITIONS=FILE: instead of the collection, the 15×15 positions of FILE (`rule
    // moves …` a line, the moves alternating from black; the side to move is to win).
    let games: Vec<(String, Game)> = match std::env::var("GORIN_POSITIONS") {
        Ok(f) => std::fs::read_to_string(&f)
            .expect("GORIN_POSITIONS file")
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let rule = Rule::parse_name(f[0]).unwrap_or_else(|| panic!("unknown rule {:?}", f[0]));
                let g = Game::from_moves(15, 15, rule, &parse_move_string(f[1]).unwrap()).unwrap();
                (f[1].to_string(), g)
            })
            .collect(),
        Err(_) => selected_problems("vct")
            .into_iter()
            .map(|p| (p.id.clone(), Game { board: board_of(&p), to_move: p.side, outcome: Outcome::Ongoing }))
            .collect(),
    };
    let (mut n, mut won) = (0, 0);
    let mut nodes_to_win = Vec::new();
    let start = Instant::now();
    for (id, g) in games {
        let mut s = Searcher::new(64 << 20);
        for (k, v) in &tweaks {
            s.params_mut().set(k, *v).expect("checked by parse_tweaks");
        }
        let limits = Limits {
            budget: Budget { optimum: Duration::from_secs(60), maximum: Duration::from_secs(60) },
            max_depth: None,
            max_nodes: Some(max_nodes),
        };
        let mut first_win: Option<u64> = None;
        let r = s
            .think(&g, &limits, &AtomicBool::new(false), &mut |e| {
                if let Event::Iteration(pr) = e
                    && pr.value >= WIN_MIN
                    && first_win.is_none()
                {
                    first_win = Some(pr.nodes);
                }
            })
            .expect("a legal move");
        n += 1;
        if r.progress.value >= WIN_MIN {
            won += 1;
            nodes_to_win.push(first_win.unwrap_or(r.progress.nodes));
        }
        if std::env::var("GORIN_VERBOSE").is_ok() {
            eprintln!(
                "{} {} value {} depth {} nodes {} first win at {:?}",
                id,
                r.best.to_notation(),
                r.progress.value,
                r.progress.depth,
                r.progress.nodes,
                first_win
            );
        }
    }
    nodes_to_win.sort();
    let median = nodes_to_win.get(nodes_to_win.len() / 2).copied().unwrap_or(0);
    println!(
        "search: {won}/{n} reported won ({:.1}%) within {max_nodes} nodes; nodes to the first won \
         iteration: median {median}; total {:?}",
        100.0 * won as f64 / n.max(1) as f64,
        start.elapsed()
    );
    assert!(n > 0);
}
