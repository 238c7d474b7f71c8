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
pub fn bench(depth: u32) -> String {
    let (per, elapsed) = crate::search::alphabeta::bench(depth);
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
    out
}
