//! Regression suite: positions in which the opponent threatens a VCT (issue 12).
//!
//! Every position in `tests/data/vct_defence.txt` is one where the side to move (X) has no
//! five point and no VCF, the opponent (O) has no four on the board either, and O, if he
//! could move now, would win by threes and fours (a VCT found by the threat solver). The file
//! has two kinds of positions:
//!
//! - `defend`: some legal move of X leaves O without a VCT (the solver completes its search
//!   and finds none). A short search must play such a move: the test replays the engine's
//!   move and asks the solver, with the same limits, whether O still has a VCT.
//! - `lost`: after every legal move of X near the stones O still has a VCT. The search must
//!   report the danger: its value must be a loss, or at least clearly bad (≤ −DANGER), while
//!   no four is on the board yet.
//!
//! The ground truth is the solver's, recomputed by the test (nothing is taken on trust from
//! the file but the position): the data file is produced by `mine_vct_positions` below
//! (ignored; run on purpose over a folder of `gorin-match` games):
//!
//!     GAMES=/tmp/m-xxx/games RULE=0 cargo test --release --test vct_defence -- --ignored mine --nocapture

use gorin::board::Board;
use gorin::board::pattern::Threat;
use gorin::core::{Color, Pos, Rule, format_move_string, parse_move_string};
use gorin::game::Game;
use gorin::search::{Limits, SearchResult, Searcher};
use gorin::threat::{SolveLimits, SolveResult, ThreatSolver};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The VCT question used for the ground truth: attacker moves of threes and fours, VCF endings,
/// solver nodes. Deterministic (node-limited, fresh table).
fn vct_limits() -> SolveLimits {
    SolveLimits::vct(7, 20).with_nodes(300_000).with_vcf_threats(false)
}

/// Value at or below which a lost position counts as "danger reported" (centi-stones).
const DANGER: i32 = -300;

fn vct(b: &mut Board, attacker: Color) -> SolveResult {
    ThreatSolver::with_table_log2(18).vct(b, attacker, &vct_limits(), &AtomicBool::new(false))
}

fn vcf(b: &mut Board, attacker: Color) -> SolveResult {
    ThreatSolver::with_table_log2(16).vcf(
        b,
        attacker,
        &SolveLimits::vcf(30).with_nodes(200_000),
        &AtomicBool::new(false),
    )
}

fn has_four_on_board(b: &Board) -> bool {
    b.has_five_threat(Color::Black) || b.has_five_threat(Color::White)
}

/// The legal moves of the side to move near the stones (where a defence can be).
fn near_moves(g: &mut Game) -> Vec<usize> {
    let cand: Vec<usize> = g.board.candidates().collect();
    cand.into_iter()
        .filter(|&i| {
            g.board.is_empty_cell(i)
                && !matches!(g.board.threat(i, g.to_move), Threat::Forbidden)
                && !g.board.is_forbidden(i, g.to_move)
        })
        .collect()
}

#[derive(Debug, PartialEq)]
enum Kind {
    Defend,
    Lost,
}

/// Classifies a position by the solver: `None` if it is not a "the opponent threatens a VCT"
/// position (a four on the board, X has a VCF, O has no VCT).
fn classify(g: &mut Game) -> Option<Kind> {
    let x = g.to_move;
    let o = x.opp();
    if has_four_on_board(&g.board) || g.is_drawn() {
        return None;
    }
    if vcf(&mut g.board, x) != SolveResult::NoWin {
        return None;
    }
    if !vct(&mut g.board, o).is_win() {
        return None;
    }
    for m in near_moves(g) {
        g.board.make(m, x);
        let r = vct(&mut g.board, o);
        g.board.undo();
        if r == SolveResult::NoWin {
            return Some(Kind::Defend);
        }
    }
    Some(Kind::Lost)
}

fn search(g: &Game, depth: u32, params: &[(&str, i64)]) -> SearchResult {
    let mut s = Searcher::new(16 << 20);
    for (k, v) in params {
        s.params_mut().set(k, *v).unwrap();
    }
    let limits = Limits {
        budget: gorin::search::Budget { optimum: Duration::from_secs(30), maximum: Duration::from_secs(30) },
        max_depth: Some(depth),
        max_nodes: None,
    };
    s.think(g, &limits, &AtomicBool::new(false), &mut |_| {}).expect("a legal move")
}

struct Case {
    rule: Rule,
    moves: String,
    kind: Kind,
}

fn load() -> Vec<Case> {
    let text = include_str!("data/vct_defence.txt");
    let only = std::env::var("VCT_POS").ok();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if only.as_ref().is_some_and(|o| !line.contains(o.as_str())) {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let rule = match f[0] {
            "freestyle" => Rule::Freestyle,
            "renju" => Rule::Renju,
            "standard" => Rule::Standard,
            r => panic!("rule {r}"),
        };
        let kind = match f[1] {
            "defend" => Kind::Defend,
            "lost" => Kind::Lost,
            k => panic!("kind {k}"),
        };
        if out.iter().any(|c: &Case| c.moves == f[2]) {
            continue;
        }
        out.push(Case { rule, kind, moves: f[2].to_string() });
    }
    out
}

/// Runs the suite (every `every`-th position) with search parameters `params`; returns
/// (defended, danger reported, number of defend cases, number of lost cases) and the failures.
fn run_suite(depth: u32, params: &[(&str, i64)], every: usize) -> (usize, usize, usize, usize, Vec<String>) {
    let cases = load();
    let (mut ok_d, mut ok_l, mut n_d, mut n_l) = (0, 0, 0, 0);
    let mut fails = Vec::new();
    for c in cases.iter().step_by(every) {
        let mut g = Game::from_moves(15, 15, c.rule, &parse_move_string(&c.moves).unwrap()).unwrap();
        // the premise, rechecked by the solver: no four on the board, the opponent has a VCT
        // (the full classification, which tries every move, is in `ground_truth_holds`)
        assert!(!has_four_on_board(&g.board), "{}", c.moves);
        assert!(vct(&mut g.board, g.to_move.opp()).is_win(), "{}: the opponent has no VCT", c.moves);
        let r = search(&g, depth, params);
        match c.kind {
            Kind::Defend => {
                n_d += 1;
                let x = g.to_move;
                let i = g.board.idx(r.best);
                g.board.make(i, x);
                let still = vct(&mut g.board, x.opp());
                g.board.undo();
                if !still.is_win() {
                    ok_d += 1;
                } else {
                    fails.push(format!(
                        "defend {} played {} value {}",
                        c.moves,
                        r.best.to_notation(),
                        r.progress.value
                    ));
                }
            }
            Kind::Lost => {
                n_l += 1;
                if r.progress.value <= DANGER {
                    ok_l += 1;
                } else {
                    fails.push(format!("lost {} value {} move {}", c.moves, r.progress.value, r.best.to_notation()));
                }
            }
        }
    }
    (ok_d, ok_l, n_d, n_l, fails)
}

#[test]
fn suite_has_enough_positions() {
    let cases = load();
    assert!(cases.len() >= 30, "{} positions", cases.len());
    assert!(cases.iter().filter(|c| c.kind == Kind::Defend).count() >= 20);
}

/// The root threat check (which of our moves leave the opponent a VCT; off by default, as its
/// SPRT at 100 ms a move did not gain) with its per-move budget.
const ROOT_CHECK: &[(&str, i64)] = &[("root_defence_permille", 250), ("opp_vct_nodes", 50_000), ("opp_vct_depth", 7)];

/// Fast sample (every 7th position): a short search (depth 6, one thread) with the root threat
/// check defends at least 85% of the sampled `defend` positions (measured: 6 of 7).
#[test]
fn short_search_defends_sample() {
    let (ok_d, ok_l, n_d, n_l, fails) = run_suite(6, ROOT_CHECK, 7);
    eprintln!("sample: defended {ok_d}/{n_d}, danger reported {ok_l}/{n_l}");
    assert!(n_d >= 5);
    assert!(ok_d * 100 >= n_d * 85, "{}", fails.join("\n"));
}

/// The whole suite (minutes): a short search with the root threat check must defend at least
/// 85% of the `defend` positions and report the danger (a value ≤ −300) in at least half of
/// the `lost` ones; it prints every failure.
/// Measured 2026-11-30 (commit 9dac4e0 + these 58 positions): 46/48 defended, 7/10 lost
/// positions reported; with the default parameters (no root check) 44/48 and 3/10.
#[test]
#[ignore]
fn short_search_sees_the_opponents_vct() {
    let (ok_d, ok_l, n_d, n_l, fails) = run_suite(6, ROOT_CHECK, 1);
    eprintln!("defended {ok_d}/{n_d}, danger reported {ok_l}/{n_l}");
    for f in &fails {
        eprintln!("{f}");
    }
    assert!(ok_d * 100 >= n_d * 85, "defended {ok_d}/{n_d}");
    assert!(ok_l * 2 >= n_l, "danger reported {ok_l}/{n_l}");
}

/// The full ground truth of every position (slow: the solver tries every move near the
/// stones): each `defend` position has a move after which the opponent has no VCT, and in each
/// `lost` one every move leaves him one.
#[test]
#[ignore]
fn ground_truth_holds() {
    for c in load() {
        let mut g = Game::from_moves(15, 15, c.rule, &parse_move_string(&c.moves).unwrap()).unwrap();
        assert_eq!(classify(&mut g).as_ref(), Some(&c.kind), "{}", c.moves);
    }
}

/// The same suite with the default parameters (no root threat check), for comparison
/// (prints, never fails).
#[test]
#[ignore]
fn default_parameters() {
    let (ok_d, ok_l, n_d, n_l, fails) = run_suite(6, &[("root_defence_permille", 0)], 1);
    eprintln!("default parameters: defended {ok_d}/{n_d}, danger reported {ok_l}/{n_l}");
    for f in fails {
        eprintln!("{f}");
    }
}

/// Mines candidate positions from `gorin-match` game records (`GAMES` = a `games/` folder,
/// `RULE` = 0 or 4) and prints data lines for every position the solver classifies.
#[test]
#[ignore]
fn mine_vct_positions() {
    let Ok(dir) = std::env::var("GAMES") else {
        eprintln!("set GAMES to a folder of .psq records");
        return;
    };
    let rule = if std::env::var("RULE").as_deref() == Ok("4") { Rule::Renju } else { Rule::Freestyle };
    let limit: usize = std::env::var("LIMIT").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "psq"));
    files.sort();
    let mut found = 0;
    let name = if rule == Rule::Renju { "renju" } else { "freestyle" };
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let moves: Vec<Pos> = text
            .lines()
            .skip(1)
            .filter_map(|l| {
                let v: Vec<&str> = l.split(',').collect();
                if v.len() != 3 {
                    return None;
                }
                Some(Pos::new(
                    v[0].trim().parse::<usize>().ok()?.checked_sub(1)?,
                    v[1].trim().parse::<usize>().ok()?.checked_sub(1)?,
                ))
            })
            .collect();
        // per game: the first position where the opponent threatens a VCT, and (with
        // LOST=1) the first lost one
        let want_lost = std::env::var("LOST").as_deref() == Ok("1");
        let mut have_defend = false;
        for n in 8..moves.len() {
            let Ok(mut g) = Game::from_moves(15, 15, rule, &moves[..n]) else { break };
            if let Some(kind) = classify(&mut g) {
                if kind == Kind::Defend && have_defend {
                    continue;
                }
                let k = if kind == Kind::Defend { "defend" } else { "lost" };
                println!("{name} {k} {}", format_move_string(&moves[..n]));
                found += 1;
                have_defend = true;
                if kind == Kind::Lost || !want_lost {
                    break;
                }
            }
        }
        if found >= limit {
            break;
        }
    }
}

/// The refutation set the search restricts itself to when the opponent has a VCT
/// (`danger::proof_refutations`, from the whole proof tree) should hold every move that
/// refutes the VCT. On every `every`-th `defend` position each legal move near the stones that
/// the set leaves out is played, and the solver is asked whether the opponent still has a VCT
/// after it. Returns (refuting moves found outside the set, moves outside the set checked,
/// positions) and the refuting moves outside the main-line set (`danger::refutations`, for
/// comparison); it prints the counts and every miss.
fn refutation_sets(every: usize) -> ((usize, usize, usize), usize) {
    use gorin::search::danger::{proof_refutations, refutations};
    let mut fails = Vec::new();
    let (mut missed, mut checked, mut positions, mut line_missed) = (0, 0, 0, 0);
    for c in load().iter().filter(|c| c.kind == Kind::Defend).step_by(every) {
        let mut g = Game::from_moves(15, 15, c.rule, &parse_move_string(&c.moves).unwrap()).unwrap();
        let (x, o) = (g.to_move, g.to_move.opp());
        let mut solver = ThreatSolver::with_table_log2(18);
        let (r, proof) = solver.vct_proof(&mut g.board, o, &vct_limits(), &AtomicBool::new(false));
        let (true, Some(proof)) = (r.is_win(), proof) else { panic!("{}: the opponent has no VCT", c.moves) };
        let set = proof_refutations(&mut g.board, o, &proof);
        let line_set = refutations(&mut g.board, o, &proof.main_line());
        positions += 1;
        let near = near_moves(&mut g);
        let inside = near.iter().filter(|&&m| set.contains(m)).count();
        eprintln!("{}: {inside} of {} near moves in the set", c.moves, near.len());
        for m in near {
            if set.contains(m) && line_set.contains(m) {
                continue;
            }
            g.board.make(m, x);
            let still = vct(&mut g.board, o);
            g.board.undo();
            if still == SolveResult::NoWin {
                if !set.contains(m) {
                    missed += 1;
                    fails.push(format!("{}: {} refutes but is not in the set", c.moves, g.board.pos(m).to_notation()));
                }
                if !line_set.contains(m) {
                    line_missed += 1;
                }
            }
            if !set.contains(m) {
                checked += 1;
            }
        }
    }
    eprintln!(
        "{positions} positions, {checked} moves outside the set checked, {missed} refutations missed (main-line set: {line_missed})"
    );
    for f in &fails {
        eprintln!("{f}");
    }
    ((missed, checked, positions), line_missed)
}

/// Fast sample of [`refutation_sets`] (every 6th `defend` position). The set is a heuristic
/// relevance zone, not a proof: a defender stone outside it can still build a counter-threat
/// that the tree never needed to answer. Measured on this sample: 12 refuting moves outside
/// the tree set among 173 moves outside it (the main-line set of `refutations` misses 55),
/// with the set holding 29–54 of the 54–74 legal moves near the stones. The test holds the
/// tree set to at most a tenth of the moves it leaves out, and to fewer misses than the
/// main-line set.
#[test]
fn refutation_set_holds_the_defences_sample() {
    let ((missed, checked, positions), line_missed) = refutation_sets(6);
    assert!(positions >= 5 && checked > 0);
    assert!(missed * 10 <= checked, "{missed} of {checked}");
    assert!(missed < line_missed, "tree set {missed}, main-line set {line_missed}");
}

/// [`refutation_sets`] over every `defend` position (minutes; prints the misses).
#[test]
#[ignore]
fn refutation_set_holds_the_defences() {
    let ((missed, checked, _), _) = refutation_sets(1);
    assert!(missed * 10 <= checked, "{missed} of {checked}");
}
