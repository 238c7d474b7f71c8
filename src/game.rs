//! A game: a board, the side to move and the result, with checked moves. This is what the
//! protocol session and the match referee hold.

use crate::board::{Board, MoveError};
use crate::core::{Color, Pos, Rule};

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    /// `Color` made a winning line.
    Win(Color),
    /// The board is full (or, under renju, only 25 empty points are left).
    Draw,
}

/// A game position with the side to move.
#[derive(Clone, Debug)]
pub struct Game {
    pub board: Board,
    pub to_move: Color,
    pub outcome: Outcome,
}

/// Why a position could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Game {
    pub fn new(width: usize, height: usize, rule: Rule) -> Game {
        Game { board: Board::new(width, height, rule), to_move: Color::Black, outcome: Outcome::Ongoing }
    }

    /// Plays moves alternating from black. Any illegal move (off-board, occupied, forbidden for
    /// black, a move after a five) is an error naming the move.
    pub fn from_moves(width: usize, height: usize, rule: Rule, moves: &[Pos]) -> Result<Game, SetupError> {
        Board::check_size(width, height).map_err(SetupError)?;
        let mut g = Game::new(width, height, rule);
        for (n, &m) in moves.iter().enumerate() {
            if g.outcome != Outcome::Ongoing {
                return Err(SetupError(format!("move {} ({}) comes after the game ended", n + 1, m.to_notation())));
            }
            g.play(m).map_err(|e| SetupError(format!("move {} ({}): {e}", n + 1, m.to_notation())))?;
        }
        Ok(g)
    }

    pub fn rule(&self) -> Rule {
        self.board.rule()
    }

    /// Checked move by the side to move. On error nothing changes.
    pub fn play(&mut self, p: Pos) -> Result<Outcome, MoveError> {
        let c = self.to_move;
        let i = self.board.idx_checked(p).ok_or(MoveError::OffBoard)?;
        let five = self.board.is_empty_cell(i) && self.board.makes_five(i, c);
        self.board.try_play(p, c)?;
        self.to_move = c.opp();
        self.outcome = if five {
            Outcome::Win(c)
        } else if self.is_drawn() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        };
        Ok(self.outcome)
    }

    /// Takes back the last move. Returns false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.board.move_count() == 0 {
            return false;
        }
        let (_, c) = self.board.last_move().unwrap();
        self.board.undo();
        self.to_move = c;
        self.outcome = Outcome::Ongoing;
        true
    }

    /// Board full, or under renju 25 or fewer empty points (the Gomocup draw rule).
    pub fn is_drawn(&self) -> bool {
        let empty = self.board.empty_count();
        empty == 0 || (self.rule() == Rule::Renju && empty <= 25)
    }

    /// Legal moves for the side to move (empty and not forbidden), row-major.
    pub fn legal_moves(&mut self) -> Vec<usize> {
        let c = self.to_move;
        let all: Vec<usize> = self.board.indices().filter(|&i| self.board.is_empty_cell(i)).collect();
        all.into_iter().filter(|&i| !self.board.is_forbidden(i, c)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_move_string;

    #[test]
    fn game_plays_and_detects_win() {
        let moves = parse_move_string("h8h9i8i9j8j9k8k9").unwrap();
        let mut g = Game::from_moves(15, 15, Rule::Freestyle, &moves).unwrap();
        assert_eq!(g.to_move, Color::Black);
        assert_eq!(g.play(Pos::new(6, 7)), Ok(Outcome::Win(Color::Black)));
        assert!(g.undo());
        assert_eq!(g.play(Pos::new(7, 7)), Err(MoveError::Occupied));
        assert_eq!(g.play(Pos::new(15, 7)), Err(MoveError::OffBoard));
    }

    #[test]
    fn forbidden_move_is_rejected_and_state_kept() {
        let moves = parse_move_string("h8h9i7i9h10i6i11i12").unwrap();
        let mut g = Game::from_moves(15, 15, Rule::Renju, &moves).unwrap();
        let h = g.board.hash();
        assert!(matches!(g.play(Pos::new(6, 8)), Err(MoveError::Forbidden(_))));
        assert_eq!(g.board.hash(), h);
        assert_eq!(g.to_move, Color::Black);
    }
}
