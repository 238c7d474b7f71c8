//! Renju forbidden points as pictures: a 15x15 diagram in (top row is y = 0, `X` black, `O`
//! white, `.` empty), the same diagram out of `Board::forbid_diagram()` with black's forbidden
//! points marked `3` (double three), `4` (double four) and `6` (overline). Every other empty
//! point must be legal. One named test per trap; each comment says why, from the RIF rule:
//! exactly five always wins; an overline (six or more) is forbidden; two fours at once (also
//! two in one line) are forbidden; two threes at once are forbidden, where a three is a line
//! that one more stone turns into a straight four (four in a row with both ends making exactly
//! five), and it only counts if such a stone may itself be played (not forbidden, judged with
//! the first stone on the board: the recursive rule) and does not make five in another line
//! (that move wins instead of making a straight four: the Piskvork referee's ruling).
//!
//! The slow reference in tests/reference must draw the same picture, and every picture here
//! was checked against the PyPI `renju` package (a port of the Piskvork referee's check).

#[path = "reference/mod.rs"]
mod common;

use common::{boards_from_rows, reference_diagram};
use gorin::core::Rule;

fn check(expected: &[&str]) {
    assert_eq!(expected.len(), 15);
    let input: Vec<String> = expected.iter().map(|r| r.replace(['3', '4', '6'], ".")).collect();
    let rows: Vec<&str> = input.iter().map(String::as_str).collect();
    let (mut b, mut r) = boards_from_rows(&rows, Rule::Renju);
    let want: String = expected.iter().map(|r| format!("{r}\n")).collect();
    let fast = b.forbid_diagram();
    let slow = reference_diagram(&mut r);
    assert!(fast == want && slow == want, "\nwant:\n{want}\nBoard::forbid_diagram:\n{fast}\nreference:\n{slow}");
}

#[test]
fn three_three_two_solid_threes_crossing() {
    // XX+ across and XX+ down meet at the point (7,7): two open threes (each can become a straight
    // four with room on both sides), so the point is a double three.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        ".....XX3.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_three_on_two_diagonals() {
    // The point (7,7) closes .XX+ on both diagonals; each three has three free cells at both ends.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".....X...X.....",
        "......X.X......",
        ".......3.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_three_two_split_threes() {
    // X.X+ in the row and in the column: each split three becomes a straight four by filling its gap
    // ((5,7) or (7,5)), so (7,7) makes two threes.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        "...............",
        ".......X.......",
        "....X.X3.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_three_split_and_solid() {
    // XX+ in the row and +.XX down the column (a split three whose gap (7,8) gives a straight four):
    // double three at (7,7).
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".....XX3.......",
        "...............",
        ".......X.......",
        ".......X.......",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_three_row_and_anti_diagonal() {
    // XX+ in the row and +XX down-left on the anti-diagonal; both open, so (7,7) is a double three.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".....XX3.......",
        "......X........",
        ".....X.........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_three_with_white_two_cells_away() {
    // Row: .XX+.O -- white on (9,7) leaves (8,7) and the far side free: (4,7) makes .XXXX. between
    // (3,7) and (8,7), a straight four, so the row is still a three; with the column three (7,7) is
    // a double three.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        ".....XX3.O.....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn white_has_no_forbidden_points() {
    // The same cross shape in white: only black is restricted under renju, nothing is marked.
    check(&[
        "...............",
        "...............",
        "...............",
        "..OOO.OO.......",
        "...............",
        ".......O.......",
        ".......O.......",
        ".....OO........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn blocked_three_is_not_a_three() {
    // Row: OXX+..: white on (4,7) touches the three, so no move makes a straight four (only a closed
    // four). The column three alone is legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "....OXX........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_between_white_stones_is_not_a_three() {
    // Row: O.XX+.O: filling (4,7) or (8,7) gives a four with white right behind one end, never a
    // straight four. Only the column three counts: legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "...O.XX..O.....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn blocked_split_three_is_not_a_three() {
    // Row: OX.X+.: filling the gap (5,7) gives OXXXX. (closed), and (8,7) gives no run of four
    // through the point. Not a three; legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "...OX.X........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_spoiled_by_overline_behind() {
    // Row: XX.XX+..: the three XX+ (5,6,7) could only become a straight four with (8,7), whose far
    // five point (4,7) would then make seven in a row, an overline, not a five. So the row is no
    // three and (7,7) is legal with just the column three. (4,7) on its own makes exactly five
    // (2..6) and is legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "..XX.XX........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_against_the_edge_is_not_a_three() {
    // Row: |XX+..: the run starts at the edge, no straight four can be made. With the column three
    // through (2,7) it is one three: legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..X............",
        "..X............",
        "XX.............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_one_cell_from_the_edge_is_a_three() {
    // Row: |.XX+..: (4,7) makes XXXX on 1..4 with (0,7) and (5,7) free, each giving exactly five
    // (the edge beyond (0,7) is fine): a straight four. With the column three, (3,7) is a double
    // three.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...X...........",
        "...X...........",
        ".XX3...........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn split_three_at_the_edge_is_not_a_three() {
    // Row: |X.+X.: filling (1,7) gives XXXX from the edge, which has only one five point. No three
    // in the row; the column three alone is legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..X............",
        "..X............",
        "X..X...........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_three_near_the_corner() {
    // (2,2) with XX to the right and XX below: each line has two free cells towards the edge, so
    // (1,2) / (2,1) give straight fours: a double three two cells from the corner.
    check(&[
        "...............",
        "...............",
        "..3XX..........",
        "..X............",
        "..X............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn diagonal_from_the_corner_is_not_a_three() {
    // Diagonal |XX+ from the corner (0,0): no straight four is possible against the corner. With the
    // row three XX to the right of (2,2) that is one three: legal.
    check(&[
        "X..............",
        ".X.............",
        "...XX..........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_along_the_edge_blocked_row_at_the_edge() {
    // (0,7) on the left edge: the column along the edge (0,5),(0,6) is an open three, but the row
    // +XX. starts at the edge and cannot become a straight four: one three, legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "X..............",
        "X..............",
        ".XX............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_three_one_cell_from_the_edge() {
    // (1,7): column (1,5),(1,6) is an open three; the diagonal (2,8),(3,9) is a three too, because
    // (4,10) gives a straight four (0,6) and (5,11) being its five points. Double three.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".X.............",
        ".X.............",
        ".3.............",
        "..X............",
        "...X...........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn four_three_is_legal() {
    // Row: OXXX+ is a (closed) four, the column XX+ an open three: four-three is allowed.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "...OXXX........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn four_four_across_two_lines() {
    // Closed fours in the row (OXXX+) and in the column: two fours at once, a double four.
    check(&[
        "...............",
        "...............",
        "...............",
        ".......O.......",
        ".......X.......",
        ".......X.......",
        ".......X.......",
        "...OXXX4.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn four_four_across_two_diagonals() {
    // Closed fours on both diagonals through (7,7), each blocked by white at one end: double four.
    check(&[
        "...............",
        "...............",
        "...............",
        "...O.......O...",
        "....X.....X....",
        ".....X...X.....",
        "......X.X......",
        ".......4.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn double_four_in_one_line_xxx_x_xxx() {
    // XXX.+.XXX: (6,7) and (8,7) each make exactly five with the point: two fours in one line. (6,7)
    // and (8,7) themselves make a straight four (legal).
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...XXX.4.XXX...",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn double_four_in_one_line_xx_xx_xx() {
    // XX.X+.XX: (5,7) makes 3..7 and (8,7) makes 6..10, two different fives: double four in one
    // line.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...XX.X4.XX....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn double_four_in_one_line_x_xxx_x() {
    // X.X+X.X: (4,7) completes 3..7 and (8,7) completes 5..9: two fours in one line.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...X.X4X.X.....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn double_four_line_with_white_outside() {
    // OXXX.+.XXXO: white at both outer ends does not matter, each five lies inside: double four.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".OXXX.4.XXXO...",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn one_line_two_gaps_but_one_side_overline() {
    // XXXX.+.XXX: the left gap would make six (overline, not five), the right gap makes five: one
    // four only, legal. The left gap (5,7) itself makes exactly five (1..5) and is legal too.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".XXXX...XXX....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn straight_four_and_closed_four_is_a_double_four() {
    // Row .XXX+. becomes a straight four and the column OXXX+ a closed four: a straight four is a
    // four too, so (7,7) makes two fours: double four.
    check(&[
        "...............",
        "...............",
        "...............",
        ".......O.......",
        ".......X.......",
        ".......X.......",
        ".......X.......",
        "....XXX4.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn two_gaps_is_not_a_three() {
    // Row +.X.X: no single stone makes four in a row through (7,7), so it is no three; with the
    // column three it is one three: legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        ".........X.X...",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_squeezed_between_edge_and_white() {
    // Row |.XX+.O: (0,7) gives a four against the edge, (4,7) a four against white (5,7): no
    // straight four, no three. The column three alone: legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...X...........",
        "...X...........",
        ".XX..O.........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn overline_fills_a_gap() {
    // XXX.XX: the gap makes six in a row.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...XXX6XX......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn overline_seven() {
    // XXX.XXX: the gap makes seven; the outer ends (2,7) and (10,7) make only a four-less run.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...XXX6XXX.....",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn overline_on_a_diagonal() {
    // XX.XXX on the diagonal: (5,5) makes six.
    check(&[
        "...............",
        "...............",
        "...............",
        "...X...........",
        "....X..........",
        ".....6.........",
        "......X........",
        ".......X.......",
        "........X......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn overline_beside_a_five() {
    // X.XXXX.: the left gap (3,7) makes six (forbidden), the right end (8,7) makes exactly five (a
    // win, legal).
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..X6XXXX.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn overline_on_the_edge() {
    // A column along the right edge, XX.XXX from y 4: the gap makes six even at the edge.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "..............X",
        "..............X",
        "..............6",
        "..............X",
        "..............X",
        "..............X",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn five_beats_double_three() {
    // (7,7) makes exactly five in the row (+XXXXO to the right, (6,7) free) and open threes up the
    // column and down-left on the anti-diagonal: a five wins, so it is legal. (8,6) is not a
    // double three: its diagonal three (7,5),(9,7) is real, but the split anti-diagonal three
    // (5,9),(6,8),_,(8,6) turns into a straight four only on its gap (7,7), which makes five in
    // the row: a move that wins at once does not make the three real (the Piskvork referee's
    // rule; the oracle in tests/data/renju_oracle.txt agrees).
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "........XXXXO..",
        "......X........",
        ".....X.........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn five_beats_double_four() {
    // (7,7) makes five in the row and closed fours up the column (O on (7,3)) and down-left on the
    // anti-diagonal (O on (3,11)): legal.
    check(&[
        "...............",
        "...............",
        "...............",
        ".......O.......",
        ".......X.......",
        ".......X.......",
        ".......X.......",
        "........XXXXO..",
        "......X........",
        ".....X.........",
        "....X..........",
        "...O...........",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn five_beats_overline() {
    // (7,7) makes exactly five in the row and six in the column (XX+XXX): the five wins, legal.
    // (9,8) is a double three: diagonal (7,6),(8,7) and the split anti-diagonal
    // (7,10),_,(9,8),(10,7).
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        "........XXXXO..",
        ".......X.3.....",
        ".......X.......",
        ".......X.......",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn overline_is_not_a_five() {
    // Column XX+XXX through (7,7) and a closed four +XXXO in the row: (7,7) makes six and no five:
    // overline. The row's five point (6,7) alone makes only a four: legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        ".......6XXXO...",
        ".......X.3.....",
        ".......X.......",
        ".......X.......",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn four_four_three_is_a_double_four() {
    // Closed fours in the row (+XXXO) and up the column (O on (7,3)) plus an open three on the anti-
    // diagonal: the double four decides.
    check(&[
        "...............",
        "...............",
        "...............",
        ".......O.......",
        ".......X.......",
        ".......X.......",
        ".......X.......",
        ".......4XXXO...",
        "......X........",
        ".....X.........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn four_three_three_is_forbidden() {
    // A closed four in the row (+XXXO) together with two open threes (up the column, down-left on
    // the anti-diagonal) contains a double three: forbidden although a four is made.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".......X.......",
        ".......3XXXO...",
        "......X........",
        ".....X.........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

// The next two: P = (7,7) with the row three XX+ ((5,7),(6,7)) and the anti-diagonal three
// +XX down-left ((6,8),(5,9)). Q = (8,7) makes six on the diagonal (7,6),Q,(9,8)..(12,11).
#[test]
fn false_three_its_only_four_point_is_an_overline() {
    // Row O.XX+. : white on (3,7) leaves (8,7) as the only straight-four point of the row three
    // ((4,7) would give a four against white), and (8,7) makes six on the diagonal: forbidden. So
    // the row three is not real and (7,7) has one real three (anti-diagonal +XX up-right): legal.
    // (8,7) is an overline. (5,8) is a plain double three: column (5,7),(5,9) and anti-diagonal
    // (6,7),(7,6).
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        "...O.XX.6......",
        ".....3X..X.....",
        ".....X....X....",
        "...........X...",
        "............X..",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_stays_real_while_one_four_point_is_free() {
    // As above without the white stone: (8,7) is still forbidden, but now (4,7) also turns the row
    // three into a straight four (its five points (3,7) and (8,7) each make exactly five in the row;
    // a five beats the overline) and (4,7) is legal, so the row three is real: (7,7) is a double
    // three. (5,8) as above.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        ".......X.......",
        ".....XX36......",
        ".....3X..X.....",
        ".....X....X....",
        "...........X...",
        "............X..",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn false_three_its_only_four_point_is_a_double_four() {
    // Row O.XX+. : the only straight-four point (8,7) makes two closed fours (diagonal down-right to
    // O (12,11), anti-diagonal up-right to O (12,3)): a double four, so the row three is false and
    // (7,7), with its diagonal three up-left, is legal. (8,7) is marked 4.
    check(&[
        "...............",
        "...............",
        "...............",
        "............O..",
        "...........X...",
        ".....X....X....",
        "......X..X.....",
        "...O.XX.4......",
        ".........X.....",
        "..........X....",
        "...........X...",
        "............O..",
        "...............",
        "...............",
        "...............",
    ]);
}

// The nested pictures. P = (7,7). Row three H: O(3,7) . X X P, its only straight-four point
// is Q = (8,7) ((4,7) would give a four against white). Column three V: P, (7,8), (7,9). With P
// on, Q makes the row's straight four, three A up column 8 ((8,5),(8,6); white (8,3)), whose
// only straight-four point is R = (8,8), and three B down the diagonal ((9,8),(10,9)), real
// through (11,10). White (9,4), (6,5), (9,6), (9,9) and (10,11) only cut side lines that would
// make other points double threes and clutter the picture.
#[test]
fn nested_two_levels_four_point_is_four_three_three() {
    // P (7,7): the row three's only four point Q (8,7) would, with P on, make the row's straight
    // four and two real threes: column 8 up (its four point R (8,8) makes the column's straight
    // four and the row-8 three (7,8),R,(9,8): a four-three, legal) and the diagonal down-right:
    // four-three-three, forbidden. So the row three is false and P has only the column three:
    // legal. Q itself (without P) is a double three: its split row three (gap (7,7)), column 8
    // and the diagonal are all real. (6,8): row 8 split three and diagonal (5,7),(7,9).
    check(&[
        "...............",
        "...............",
        "...............",
        "........O......",
        ".........O.....",
        "......O.X......",
        "........XO.....",
        "...O.XX.3......",
        "......3X.X.....",
        ".......X.OX....",
        "...............",
        "..........O....",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn nested_four_point_of_the_inner_three_makes_five() {
    // As above with (10,8) and (11,8) black: now R (8,8) makes exactly five in row 8, so column
    // 8's three through Q is not real (its only straight-four move wins at once instead), Q is
    // a four-three (legal), the row three through P is real, and P (7,7) is a double three
    // (row + column). Q on its own is still a double three (split row three and diagonal).
    check(&[
        "...............",
        "...............",
        "...............",
        "........O......",
        ".........O.....",
        "......O.X......",
        "........XO.....",
        "...O.XX33......",
        ".......X.XXX...",
        ".......X.OX....",
        "...............",
        "..........O....",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn nested_three_levels_overline_frees_the_four_point() {
    // The same with black on (12,8): now (8,8) makes six in row 8 (marked 6), so column 8's three
    // through Q is false, Q is only a four-three (legal), the row three through P is real, and P
    // (7,7) is a double three (row + column). Three levels: P -> Q (8,7) -> R (8,8). Q on its own is
    // still a double three (split row three and diagonal; its column three is false).
    check(&[
        "...............",
        "...............",
        "...............",
        "........O......",
        ".........O.....",
        "......O.X......",
        "........XO.....",
        "...O.XX33......",
        ".......X6XXXX..",
        ".......X.OX....",
        "...............",
        "..........O....",
        "...............",
        "...............",
        "...............",
    ]);
}

// The next five were also drawn by the independent oracle (the PyPI `renju` package, a port of
// the Piskvork referee's check; see scripts/gen_renju_oracle.py), which marks the same points.

#[test]
fn false_three_both_four_points_are_double_fours() {
    // P (7,7): the row three XX+ ((5,7),(6,7)) has two straight-four points, (4,7) and (8,7).
    // With P on, (4,7) also makes a closed four down column 4 (to O (4,11)) and (8,7) one up
    // column 8 (to O (8,3)): both are double fours, so the row three is false, P has only the
    // column three +XX down ((7,8),(7,9)), and P is legal.
    check(&[
        "...............",
        "...............",
        "...............",
        "........O......",
        "........X......",
        "........X......",
        "........X......",
        ".....XX........",
        "....X..X.......",
        "....X..X.......",
        "....X..........",
        "....O..........",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn false_three_one_four_point_overline_the_other_double_four() {
    // P (7,7): the row three XX+ again; with P on, (4,7) makes a double four (row + column 4 to
    // O (4,11)) and (8,7) makes six on the diagonal (6,5),(7,6),(8,7),(9,8),(10,9),(11,10) (marked
    // 6 even without P). The row three is false; P's other three, down-left on the anti-diagonal
    // ((6,8),(5,9)), is real, so P is legal. (5,8) (column 5 and row 8) and (3,9) (row 9 and the
    // anti-diagonal (4,8),(5,7)) are plain double threes.
    check(&[
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "......X........",
        ".......X.......",
        ".....XX.6......",
        "....X3X..X.....",
        "...3XX....X....",
        "....X......X...",
        "....O..........",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn four_three_whose_second_three_is_false_is_legal() {
    // The first picture with a closed four for P down the diagonal ((8,8),(9,9),(10,10), O
    // (11,11)): P makes a four, the column three and the row three, but the row three is false
    // (both its straight-four points are double fours with P on), so P is a four-three: legal.
    // The other marks are the side stones' own shapes: (6,6) diagonal four + anti-diagonal four
    // to (8,4), (5,8) row four + anti-diagonal four, (8,9) row 9 and diagonal (6,7),(7,8) threes.
    check(&[
        "...............",
        "...............",
        "...............",
        "........O......",
        "........X......",
        "........X......",
        "......4.X......",
        ".....XX........",
        "....X4.XX......",
        "....X..X3X.....",
        "....X.....X....",
        "....O......O...",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn three_whose_four_point_makes_five_is_not_a_three() {
    // P (7,7): the row three O.XX+ ((5,7),(6,7); O (3,7)) has one straight-four point, (8,7),
    // and (8,7) also makes five up column 8 (black's four (8,3)..(8,6) stands on the board). A
    // move there wins at once rather than making a straight four, so (as the Piskvork referee
    // rules it) the row three does not count, and P, with the column three +XX ((7,8),(7,9)), is
    // legal. (7,6) is a double three: column 7 split three (7,6).(7,8)(7,9) and row 6.
    check(&[
        "...............",
        "...............",
        "........O......",
        "........X......",
        "........X......",
        "........X......",
        ".......3X......",
        "...O.XX........",
        ".......X.......",
        ".......X.......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
    ]);
}

#[test]
fn issue_10_first_worked_example() {
    // h8f10i9h10k7g11j6h12f6f12d6j12i7d8l8j5h9g12j8c8g5h13k9m9k8i13j7f13j11b9e7c9h7g10f7e12g8f11
    // c7g14b4h11i14m7l9j13f5i8c6h15i6m10 (y = 0 is row 1, so the board is upside down): e5 (4,4)
    // makes a four on the diagonal, the three c7-d6-e5 and the row three e5-f5-g5, whose
    // straight-four points are d5 (3,4), a double four with e5 on, and h5 (7,4), which makes five
    // on the diagonal h5-l9 (black's four i6-l9 is on the board). The row three is false: e5 is
    // a legal four-three. The referee's points: e6 f8 f9 g6 g7 h4 k5.
    check(&[
        "...............",
        "...............",
        "...............",
        ".X.....4.......",
        ".....XX..O4....",
        "..XX4X4.XX.....",
        "..X.XX6XXXX.O..",
        "..OO.4XXOXXX...",
        ".OO..4.XX.XXO..",
        ".....OOO....O..",
        ".....OOO.X.....",
        "....OOOO.O.....",
        ".....O.OOO.....",
        "......O.X......",
        ".......O.......",
    ]);
}
