//! Command-line subcommands other than the protocol loop. They print their results on stdout
//! (they are not the protocol) and errors as one line on stderr with a non-zero exit.

use crate::core::{Color, Rule, parse_move_string};
use crate::game::Game;

/// `pbrain-gorin forbid [--size N] [--rule R] <moves>`: prints the `FORBID …` line for the side
/// to move after the moves.
pub fn forbid(size: usize, rule: Rule, moves: &str) -> Result<String, String> {
    let mv = parse_move_string(moves).map_err(|e| e.to_string())?;
    let mut g = Game::from_moves(size, size, rule, &mv).map_err(|e| e.to_string())?;
    if g.board.winner_on_board().is_some() {
        return Err("the position already has a five".into());
    }
    let c: Color = g.to_move;
    Ok(g.board.forbid_line(c))
}

/// `pbrain-gorin bench [--depth D]`: searches the fixed bench positions to depth `D` with one
/// thread and a fixed table size; prints per-position nodes and a final `N nodes M nps` line.
/// The node count is the same on every run and machine.
pub fn bench(depth: u32, tweaks: &[(String, i64)]) -> Result<String, String> {
    let (per, elapsed) = crate::search::alphabeta::bench(depth, tweaks)?;
    let mut out = String::new();
    let mut total = 0;
    for (k, ((nodes, best), (rule, size, moves))) in
        per.iter().zip(crate::search::alphabeta::BENCH_POSITIONS).enumerate()
    {
        out.push_str(&format!(
            "position {:2} {:9} {size}x{size} {:24} best {:4} nodes {nodes}\n",
            k + 1,
            rule.name(),
            moves,
            best.to_notation()
        ));
        total += nodes;
    }
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    out.push_str(&format!("{total} nodes {nps} nps"));
    Ok(out)
}

/// Parses `name=integer` parameter tweaks.
pub fn parse_tweaks(items: &[String]) -> Result<Vec<(String, i64)>, String> {
    let tweaks: Vec<(String, i64)> = items
        .iter()
        .map(|t| {
            t.split_once('=')
                .and_then(|(n, v)| Some((n.to_string(), v.parse::<i64>().ok()?)))
                .ok_or_else(|| format!("a parameter wants name=integer, got {t:?}"))
        })
        .collect::<Result<_, _>>()?;
    // every name must be one the search knows
    let mut p = crate::search::params::Params::default();
    for (name, v) in &tweaks {
        p.set(name, *v)?;
    }
    Ok(tweaks)
}

/// Who plays in [`selfplay`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The full search with a fixed time per move; `variant` selects the tweaked parameters.
    Search { ms: u64, variant: bool },
    /// The one-ply chooser.
    Simple,
}

/// Plays one game in-process from `opening` (alternating from black) between `black` and
/// `white`; returns the outcome and the moves.
pub fn play_game(
    rule: Rule,
    size: usize,
    opening: &[crate::core::Pos],
    players: [Player; 2],
    tweaks: &[(String, i64)],
) -> Result<(crate::game::Outcome, Vec<crate::core::Pos>), String> {
    use crate::game::Outcome;
    use crate::search::{Limits, Searcher};
    use std::sync::atomic::AtomicBool;
    let mut g = Game::from_moves(size, size, rule, opening).map_err(|e| e.to_string())?;
    let mut searchers = [Searcher::new(32 << 20), Searcher::new(32 << 20)];
    for (k, s) in searchers.iter_mut().enumerate() {
        if let Player::Search { variant: true, .. } = players[k] {
            for (name, v) in tweaks {
                s.params_mut().set(name, *v)?;
            }
        }
    }
    let mut moves = opening.to_vec();
    let stop = AtomicBool::new(false);
    while g.outcome == Outcome::Ongoing {
        let c = g.to_move;
        let p = match players[c.idx()] {
            Player::Search { ms, .. } => {
                let r = searchers[c.idx()].think(&g, &Limits::fixed(ms), &stop, &mut |_| {});
                match r {
                    Some(r) => r.best,
                    None => return Ok((Outcome::Draw, moves)),
                }
            }
            Player::Simple => match crate::search::simple_move(&mut g.board, c) {
                Some((i, _)) => g.board.pos(i),
                None => return Ok((Outcome::Draw, moves)),
            },
        };
        g.play(p).map_err(|e| format!("{c:?} played an illegal move {}: {e}", p.to_notation()))?;
        moves.push(p);
    }
    Ok((g.outcome, moves))
}

/// `pbrain-gorin selfplay`: plays `games` in-process games (each random opening twice, colours
/// swapped) between player A and player B; returns a summary line of A's results.
pub fn selfplay(
    rule: Rule,
    size: usize,
    games: usize,
    players: (Player, Player),
    tweaks: &[(String, i64)],
    seed: u64,
) -> Result<String, String> {
    let (a, b) = players;
    use crate::core::Pos;
    use crate::game::Outcome;
    let (mut w, mut l, mut d) = (0, 0, 0);
    let mut rnd = xorshift(seed | 1);
    let c = size / 2;
    for k in 0..games.div_ceil(2) {
        // a random 3-stone opening in the central 5×5
        let mut opening: Vec<Pos> = Vec::new();
        while opening.len() < 3 {
            let p = Pos::new(c + rnd(5) - 2, c + rnd(5) - 2);
            if !opening.contains(&p) {
                opening.push(p);
            }
        }
        for swap in [false, true] {
            if 2 * k + swap as usize >= games {
                break;
            }
            let players = if swap { [b, a] } else { [a, b] };
            let (outcome, moves) = play_game(rule, size, &opening, players, tweaks)?;
            let a_color = if swap { crate::core::Color::White } else { crate::core::Color::Black };
            match outcome {
                Outcome::Win(col) if col == a_color => w += 1,
                Outcome::Win(_) => l += 1,
                _ => d += 1,
            }
            log::info!("game {}: {:?} {}", 2 * k + swap as usize + 1, outcome, crate::core::format_move_string(&moves));
            eprintln!("games {} A {w}-{l}-{d}", w + l + d);
        }
    }
    let n = (w + l + d).max(1) as f64;
    Ok(format!("A vs B: {w}-{l}-{d} score {:.1}%", 100.0 * (w as f64 + 0.5 * d as f64) / n))
}

/// `pbrain-gorin selfplay --record FILE --nodes N`: plays `games` games of the search against
/// itself with `nodes` nodes a move (one thread: reproducible for a seed), each from a random
/// opening of 2–4 stones in the central 7×7 (with `balanced` > 0: a balanced 4-stone one, see
/// [`balanced_opening`]), and appends one record line per game to `path`
/// (flushed after each game). Game `k` uses seed `seed + k`, so runs can be split and resumed.
/// Returns a summary line.
#[allow(clippy::too_many_arguments)]
pub fn record_games(
    rule: Rule,
    size: usize,
    games: usize,
    nodes: u64,
    balanced: i32,
    seed: u64,
    path: &str,
    tweaks: &[(String, i64)],
) -> Result<String, String> {
    use crate::core::WIN_MIN;
    use crate::game::Outcome;
    use crate::search::{Limits, Searcher};
    use crate::train::record::{GameRecord, GameResult, Ply};
    use std::io::Write;
    use std::sync::atomic::AtomicBool;
    if nodes == 0 {
        return Err("--nodes must be positive".into());
    }
    crate::board::Board::check_size(size, size)?;
    let mut file =
        std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut searcher = Searcher::new(16 << 20);
    for (name, v) in tweaks {
        searcher.params_mut().set(name, *v)?;
    }
    let generator = format!("gorin-{}/{}", env!("CARGO_PKG_VERSION"), crate::eval::generator_tag(searcher.params()));
    let stop = AtomicBool::new(false);
    // A long time budget: the node limit decides (the root VCF probe is node-limited too).
    let mut limits = Limits::fixed(60_000);
    limits.max_nodes = Some(nodes);
    let (mut positions, mut results) = (0usize, [0usize; 3]);
    let mut balance = balance_evaluator();
    let start = std::time::Instant::now();
    for k in 0..games {
        let game_seed = seed.wrapping_add(k as u64);
        let (mut g, opening) = if balanced > 0 {
            balanced_opening(&mut balance, size, rule, game_seed, balanced)?
        } else {
            central_opening(size, rule, game_seed)
        };
        searcher.clear();
        let mut plies = Vec::new();
        let mut end = "full";
        while g.outcome == Outcome::Ongoing {
            let me = g.to_move;
            let forced = g.board.has_five_threat(me.opp()) && !g.board.has_five_threat(me);
            let tactical = g.board.has_five_threat(me) || g.board.has_five_threat(me.opp());
            let Some(r) = searcher.think(&g, &limits, &stop, &mut |_| {}) else {
                end = "nomove";
                break;
            };
            let v = r.progress.value;
            g.play(r.best).map_err(|e| format!("game {}: the search played {}: {e}", k + 1, r.best.to_notation()))?;
            plies.push(Ply {
                mv: r.best,
                score: v,
                depth: r.progress.depth.min(u16::MAX as u32) as u16,
                mate: v.abs() >= WIN_MIN,
                forced,
                tactical,
            });
        }
        let result = match g.outcome {
            Outcome::Win(crate::core::Color::Black) => GameResult::BlackWin,
            Outcome::Win(_) => GameResult::WhiteWin,
            _ => GameResult::Draw,
        };
        if matches!(g.outcome, Outcome::Win(_)) {
            end = "five";
        }
        results[result as usize] += 1;
        positions += plies.len();
        let rec = GameRecord {
            rule,
            size,
            result,
            end: end.into(),
            seed: game_seed,
            nodes,
            generator: generator.clone(),
            opening,
            plies,
        };
        writeln!(file, "{}", rec.to_line()).and_then(|_| file.flush()).map_err(|e| format!("{path}: {e}"))?;
        eprintln!(
            "game {} {} plies {} positions {:.0}/s",
            k + 1,
            result.letter(),
            rec.plies.len(),
            positions as f64 / start.elapsed().as_secs_f64().max(1e-3)
        );
    }
    Ok(format!(
        "{games} games, {positions} positions (B {} W {} D {}) in {:.1} s appended to {path}",
        results[0],
        results[1],
        results[2],
        start.elapsed().as_secs_f64()
    ))
}

/// The opening of a recorded game without `--balanced`: 2–4 random stones of the central
/// 7×7, drawn from `seed` alone.
fn central_opening(size: usize, rule: Rule, seed: u64) -> (Game, Vec<crate::core::Pos>) {
    use crate::core::Pos;
    let mut rnd = xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let c = size / 2;
    let n_open = 2 + rnd(3);
    let mut g = Game::new(size, size, rule);
    let mut opening: Vec<Pos> = Vec::new();
    while opening.len() < n_open {
        let p = Pos::new((c + rnd(7)).saturating_sub(3).min(size - 1), (c + rnd(7)).saturating_sub(3).min(size - 1));
        if g.play(p).is_ok() {
            opening.push(p);
        }
    }
    (g, opening)
}

/// The judge of `--balanced` openings: a 3000-node search (and VCF probe), as the matches'.
fn balance_evaluator() -> crate::opening::balance::Evaluator {
    use crate::opening::balance::{BalanceLimits, Evaluator};
    Evaluator::new(BalanceLimits { nodes: 3000, vcf_nodes: 3000, ..Default::default() })
}

/// The opening of a recorded game with `--balanced`: the first of up to 40 random 4-stone
/// openings drawn from `seed` whose value for the side to move (by `balance`, node-limited and
/// deterministic) lies within ±`margin`, or the first drawn if none does. Depends on `seed`
/// alone, so a run can be split and resumed by game seed as without it.
fn balanced_opening(
    balance: &mut crate::opening::balance::Evaluator,
    size: usize,
    rule: Rule,
    seed: u64,
    margin: i32,
) -> Result<(Game, Vec<crate::core::Pos>), String> {
    let pool = crate::referee::openings::random_openings(40, 4, size, rule, seed);
    let mut first = None;
    for o in pool {
        let g = Game::from_moves(size, size, rule, &o.moves).map_err(|e| e.to_string())?;
        if balance.value(&g).abs() <= margin {
            return Ok((g, o.moves));
        }
        first.get_or_insert((g, o.moves));
    }
    first.ok_or_else(|| "no random opening could be drawn".into())
}

/// Which solver `solve` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveKind {
    Vcf,
    Vct,
}

impl SolveKind {
    pub fn parse(s: &str) -> Result<SolveKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "vcf" => Ok(SolveKind::Vcf),
            "vct" => Ok(SolveKind::Vct),
            _ => Err(format!("unknown solver {s:?} (vcf, vct)")),
        }
    }
}

/// `pbrain-gorin solve {vcf|vct} [--rule R] [--size N] [--max-depth D] [--time-ms T]
/// [--tree FILE] <moves>`: solves for the side to move after the moves. Returns the stdout line
/// (`WIN <line>` or `NONE`) and a stderr line with nodes and time. The line runs to a five, or
/// to a four the defender cannot legally block. `max_depth` counts attacker moves (VCF: fours;
/// VCT: threes, fours and VCF threats, with VCF leaves of up to 20 fours). With `tree`, a win's
/// whole proof tree is written to that file (see [`crate::threat::Proof::to_text`]).
pub fn solve(
    kind: SolveKind,
    size: usize,
    rule: Rule,
    max_depth: Option<u32>,
    time_ms: Option<u64>,
    tree: Option<&str>,
    moves: &str,
) -> Result<(String, String), String> {
    use crate::threat::{SolveLimits, SolveResult, ThreatSolver};
    use std::sync::atomic::AtomicBool;
    let mv = parse_move_string(moves).map_err(|e| e.to_string())?;
    let mut g = Game::from_moves(size, size, rule, &mv).map_err(|e| e.to_string())?;
    if g.board.winner_on_board().is_some() {
        return Err("the position already has a five".into());
    }
    let mut limits = match kind {
        SolveKind::Vcf => SolveLimits::vcf(max_depth.unwrap_or(120)),
        SolveKind::Vct => SolveLimits::vct(max_depth.unwrap_or(10), 20),
    };
    if let Some(t) = time_ms {
        limits = limits.with_time(std::time::Duration::from_millis(t));
    }
    let stop = AtomicBool::new(false);
    let mut solver = ThreatSolver::new();
    let c = g.to_move;
    let (r, proof) = match kind {
        SolveKind::Vcf => {
            let r = solver.vcf(&mut g.board, c, &limits, &stop);
            let p = r.line().map(crate::threat::Proof::from_line);
            (r, p)
        }
        SolveKind::Vct => solver.vct_proof(&mut g.board, c, &limits, &stop),
    };
    if let (Some(path), Some(p)) = (tree, &proof) {
        let text = format!(
            "# gorin {} proof tree: {} to move, rule {}, size {size}, after {moves}\n\
             # under each attacker move, one line per listed defender reply: `reply answer`;\n\
             # any reply not listed loses at once (the attacker then has a five point, or a\n\
             # legal straight four while the defender has no five point)\n{}",
            match kind {
                SolveKind::Vcf => "VCF",
                SolveKind::Vct => "VCT",
            },
            match c {
                Color::Black => "black",
                Color::White => "white",
            },
            rule.name(),
            p.to_text(&g.board)
        );
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let line = match &r {
        SolveResult::Win(l) => {
            let ps: Vec<crate::core::Pos> = l.iter().map(|&i| g.board.pos(i)).collect();
            format!("WIN {}", crate::core::format_move_string(&ps))
        }
        SolveResult::NoWin | SolveResult::Unknown => "NONE".to_string(),
    };
    let status = match r {
        SolveResult::Win(_) => "win",
        SolveResult::NoWin => "no win within the depth",
        SolveResult::Unknown => "limits hit",
    };
    let st = solver.stats;
    let info = format!("{} nodes, {:.1} ms ({status})", st.nodes, st.elapsed.as_secs_f64() * 1000.0);
    Ok((line, info))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--balanced`: each game opens with 4 stones within the margin by the balance search,
    /// and the records are the same for the same seeds (game by game, so a split run matches).
    #[test]
    fn balanced_records_open_within_the_margin_and_reproduce() {
        let dir = std::env::temp_dir().join(format!("gorin-bal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
        record_games(Rule::Renju, 15, 2, 300, 40, 11, a, &[]).unwrap();
        record_games(Rule::Renju, 15, 1, 300, 40, 11, b, &[]).unwrap();
        record_games(Rule::Renju, 15, 1, 300, 40, 12, b, &[]).unwrap();
        let (ta, tb) = (std::fs::read_to_string(a).unwrap(), std::fs::read_to_string(b).unwrap());
        assert_eq!(ta, tb);
        let mut ev = balance_evaluator();
        for seed in [11, 12] {
            let (g, opening) = balanced_opening(&mut ev, 15, Rule::Renju, seed, 40).unwrap();
            assert_eq!(opening.len(), 4);
            assert!(ev.value(&g).abs() <= 40, "seed {seed}");
            let first = opening.iter().map(|p| p.to_notation()).collect::<Vec<_>>().join(" ");
            assert!(ta.contains(&format!("seed={seed} ")) && ta.contains(&first), "{first}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn solve_prints_win_line_or_none() {
        // Black h8 i8 j8 h10 h11 against far white stones: g8 makes a straight four.
        let (line, _) =
            solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, None, "h8a1i8a3j8c1h10c3h11o15").unwrap();
        assert_eq!(line, "WIN g8k8f8");
        let (line, _) =
            solve(SolveKind::Vct, 15, Rule::Freestyle, None, None, None, "h8a1i8a3j8c1h10c3h11o15").unwrap();
        assert!(line.starts_with("WIN "), "{line}");
        let (line, _) = solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, None, "h8i9").unwrap();
        assert_eq!(line, "NONE");
        assert!(solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, None, "h8h8").is_err());
        assert!(solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, None, "z99").is_err());
        assert!(SolveKind::parse("vcx").is_err());
    }
}

/// A small xorshift generator from a nonzero state: `rnd(n)` draws from `0..n`. The self-play
/// openings use it so a seed gives the same games on every machine.
fn xorshift(mut s: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n as u64) as usize
    }
}
