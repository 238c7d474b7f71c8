//! Renju forbidden points for black, exactly per the RIF rule.
//!
//! - A move that makes exactly five is never forbidden.
//! - Overline (six or more in a row) is forbidden.
//! - Double four: two or more fours at once (also two fours in one line, `X.XXX.X`).
//! - Double three: two or more *real* threes at once. A three is real only if it can become a
//!   straight four by a move that is itself not forbidden, decided recursively on the position
//!   with the three's stone placed. A move that would make the straight four but also makes
//!   five in another line does not count: it wins at once rather than making a straight four.
//!   That is how the Piskvork referee rules it (tests/data/renju_oracle.txt holds 20,000 dense
//!   positions answered by a port of its check), and it is the case that shows up in play: a
//!   black four already on the board whose five point lies on a three's extension.
//!
//! The line tables give the first three classes in O(1) per cell; only cells with two or more
//! line-level open threes need the recursive check.

use super::{Board, Cell, DIRS};
use crate::board::pattern::{Pattern, Threat};
use crate::core::{Color, Pos, Rule};

/// Why a point is forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForbidKind {
    Overline,
    DoubleFour,
    DoubleThree,
}

impl ForbidKind {
    pub fn name(self) -> &'static str {
        match self {
            ForbidKind::Overline => "overline",
            ForbidKind::DoubleFour => "double-four",
            ForbidKind::DoubleThree => "double-three",
        }
    }
    /// The digit used in diagrams: `6` overline, `4` double four, `3` double three.
    pub fn digit(self) -> char {
        match self {
            ForbidKind::Overline => '6',
            ForbidKind::DoubleFour => '4',
            ForbidKind::DoubleThree => '3',
        }
    }
}

impl Board {
    /// Is the empty cell `i` forbidden for `c`? Always false but for black under renju.
    pub fn is_forbidden(&mut self, i: usize, c: Color) -> bool {
        self.forbid_kind(i, c).is_some()
    }

    /// Why the empty cell `i` is forbidden for `c`, if it is.
    pub fn forbid_kind(&mut self, i: usize, c: Color) -> Option<ForbidKind> {
        if !self.rule().has_forbidden(c) || self.cell(i) != Cell::Empty {
            return None;
        }
        match self.threat(i, Color::Black) {
            Threat::Forbidden => {
                if (0..DIRS).any(|d| self.pattern(i, Color::Black, d) == Pattern::Overline) {
                    Some(ForbidKind::Overline)
                } else {
                    Some(ForbidKind::DoubleFour)
                }
            }
            Threat::ThreeThree => {
                if self.is_double_three(i) {
                    Some(ForbidKind::DoubleThree)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The exact double-three check for a black move at `i` whose line patterns hold two or
    /// more open threes (and no five, overline or double four).
    fn is_double_three(&mut self, i: usize) -> bool {
        let keys = [0, 1, 2, 3].map(|d| self.line_key(i, Color::Black, d));
        let dirs: Vec<usize> = (0..DIRS).filter(|&d| self.pattern(i, Color::Black, d) == Pattern::OpenThree).collect();
        self.make(i, Color::Black);
        let mut real = 0;
        for d in dirs {
            if self.three_is_real(i, d, keys[d]) {
                real += 1;
                if real >= 2 {
                    break;
                }
            }
        }
        self.undo();
        real >= 2
    }

    /// With black's stone already on `i`: can the open three through `i` in direction `d`
    /// (whose key before the move was `key`) become a straight four by a move that is not
    /// forbidden and does not make a five elsewhere (see the module comment)?
    fn three_is_real(&mut self, i: usize, d: usize, key: u32) -> bool {
        let st = self.step(d);
        for sign in [1isize, -1] {
            let mut q = i as isize;
            for k in 1..=4i32 {
                q += sign * st;
                let qu = q as usize;
                match self.cell(qu) {
                    Cell::Wall => break,
                    Cell::Empty => {
                        let with = key + self.own_digit(sign as i32 * k);
                        if self.pattern_of_key(Color::Black, with) == Pattern::OpenFour
                            && self.threat(qu, Color::Black) != Threat::Five
                            && !self.is_forbidden(qu, Color::Black)
                        {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// All forbidden points for `c` (none unless black under renju), row-major.
    pub fn forbidden_points(&mut self, c: Color) -> Vec<(usize, ForbidKind)> {
        if !self.rule().has_forbidden(c) {
            return Vec::new();
        }
        let mut cand: Vec<usize> = self.cells_with(Color::Black, Threat::Forbidden).iter().collect();
        cand.extend(self.cells_with(Color::Black, Threat::ThreeThree).iter());
        cand.sort_unstable();
        cand.into_iter().filter_map(|i| self.forbid_kind(i, c).map(|k| (i, k))).collect()
    }

    /// The protocol's `FORBID` line for the side to move `c`: `FORBID ` + `XXYY` groups + `.`.
    pub fn forbid_line(&mut self, c: Color) -> String {
        let mut s = String::from("FORBID ");
        for (i, _) in self.forbidden_points(c) {
            let p: Pos = self.pos(i);
            s.push_str(&format!("{:02}{:02}", p.x, p.y));
        }
        s.push('.');
        s
    }

    /// Diagram (top row y = 0) with black's forbidden points marked `3`, `4`, `6`.
    pub fn forbid_diagram(&mut self) -> String {
        let marks: Vec<(usize, ForbidKind)> =
            if self.rule() == Rule::Renju { self.forbidden_points(Color::Black) } else { Vec::new() };
        let mut s = String::new();
        for y in 0..self.height() {
            for x in 0..self.width() {
                let i = self.idx(Pos::new(x, y));
                let ch = match marks.iter().find(|(j, _)| *j == i) {
                    Some((_, k)) => k.digit(),
                    None => match self.cell(i) {
                        Cell::Empty => '.',
                        Cell::Black => 'X',
                        Cell::White => 'O',
                        Cell::Wall => '#',
                    },
                };
                s.push(ch);
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse_move_string;

    fn board(moves: &str) -> Board {
        let mut b = Board::new(15, 15, Rule::Renju);
        let mut c = Color::Black;
        for m in parse_move_string(moves).unwrap() {
            let i = b.idx(m);
            b.make(i, c);
            c = c.opp();
        }
        b
    }

    #[test]
    fn gomocup_referee_forbidden_g9() {
        // protocol.md: in h8h9i7i9h10i6i11i12 black must not play g9.
        let mut b = board("h8h9i7i9h10i6i11i12");
        let g9 = b.idx(Pos::new(6, 8));
        assert_eq!(b.forbid_kind(g9, Color::Black), Some(ForbidKind::DoubleThree));
        assert_eq!(b.forbid_line(Color::Black), "FORBID 0608.");
    }

    #[test]
    fn overline_and_double_four_in_one_line() {
        // row y = 7: X X X . X X  → x = 3 makes six: overline.
        let mut b = Board::new(15, 15, Rule::Renju);
        for x in [0, 1, 2, 4, 5] {
            let i = b.idx(Pos::new(x, 7));
            b.make(i, Color::Black);
        }
        let p = b.idx(Pos::new(3, 7));
        assert_eq!(b.forbid_kind(p, Color::Black), Some(ForbidKind::Overline));
        assert_eq!(b.forbid_kind(p, Color::White), None);
        // row y = 3: X . X X . . X  → x = 4 makes X.XXX.X: two fours in one line.
        for x in [0, 2, 3, 6] {
            let i = b.idx(Pos::new(x, 3));
            b.make(i, Color::Black);
        }
        let q = b.idx(Pos::new(4, 3));
        assert_eq!(b.forbid_kind(q, Color::Black), Some(ForbidKind::DoubleFour));
        // x = 1 on row 3 makes XXXX..X: a single four, legal.
        let r = b.idx(Pos::new(1, 3));
        assert_eq!(b.forbid_kind(r, Color::Black), None);
    }
}
