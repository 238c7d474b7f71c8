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
