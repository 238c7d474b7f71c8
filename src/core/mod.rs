//! Basic vocabulary shared by every layer: colours, board coordinates, rules and move notation.

use std::fmt;

/// Smallest and largest supported board side.
pub const MIN_SIZE: usize = 5;
pub const MAX_SIZE: usize = 32;

/// A stone colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub fn idx(self) -> usize {
        self as usize
    }
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
}

/// A point on the board, zero-based: `x` is the column, `y` the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    #[inline]
    pub fn new(x: usize, y: usize) -> Pos {
        Pos { x: x as u8, y: y as u8 }
    }

    /// Chebyshev distance (lines apart along the farther axis).
    #[inline]
    pub fn distance(self, o: Pos) -> u32 {
        self.x.abs_diff(o.x).max(self.y.abs_diff(o.y)) as u32
    }

    /// Letter-number notation: letter = x from `a`, number = y + 1 (`h8` is 7,7).
    pub fn to_notation(self) -> String {
        format!("{}{}", (b'a' + self.x) as char, self.y as usize + 1)
    }
}

impl fmt::Display for Pos {
    /// Protocol form `x,y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The game rule. Gomocup `INFO rule` codes: 0 freestyle, 1 standard, 4 renju, 8 caro (overline
/// wins), 9 caro with exactly five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not win (for either side).
    Standard,
    /// Black: exactly five wins; overline, double four and double three are forbidden (a five
    /// always takes precedence). White: five or more wins, no restrictions.
    Renju,
    /// Five or more wins, but a run of exactly five with opponent stones at both ends does not
    /// (the edge is no block; a longer run wins even when blocked), as the Gomocup manager
    /// Piskvork referees rule 8.
    Caro,
    /// Exactly five wins unless blocked at both ends by opponent stones.
    CaroExact,
}

impl Rule {
    /// Maps a Gomocup `INFO rule` bitmask. Unknown combinations fall back to the nearest rule:
    /// renju (4) wins over caro (8), which wins over exactly-five (1).
    pub fn from_gomocup(code: i64) -> Rule {
        if code & 4 != 0 {
            Rule::Renju
        } else if code & 8 != 0 {
            if code & 1 != 0 { Rule::CaroExact } else { Rule::Caro }
        } else if code & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    pub fn gomocup_code(self) -> i64 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroExact => 9,
        }
    }

    /// Does `c` need exactly five (an overline does not win)?
    #[inline]
    pub fn exact_five(self, c: Color) -> bool {
        match self {
            Rule::Freestyle | Rule::Caro => false,
            Rule::Standard | Rule::CaroExact => true,
            Rule::Renju => c == Color::Black,
        }
    }

    #[inline]
    pub fn is_caro(self) -> bool {
        matches!(self, Rule::Caro | Rule::CaroExact)
    }

    /// Does `c` have forbidden points under this rule?
    #[inline]
    pub fn has_forbidden(self, c: Color) -> bool {
        self == Rule::Renju && c == Color::Black
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroExact => "caro-exact",
        }
    }

    pub fn parse_name(s: &str) -> Option<Rule> {
        match s.to_ascii_lowercase().as_str() {
            "freestyle" | "0" => Some(Rule::Freestyle),
            "standard" | "1" => Some(Rule::Standard),
            "renju" | "4" => Some(Rule::Renju),
            "caro" | "8" => Some(Rule::Caro),
            "caro-exact" | "caro9" | "9" => Some(Rule::CaroExact),
            _ => None,
        }
    }
}

/// Error from parsing a move string such as `h8i9j10`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Parses a sequence of letter-number moves (`h8i9j10`, spaces and commas allowed between moves).
/// Letters give x (`a` = 0), numbers give y + 1. Bounds are not checked here.
pub fn parse_move_string(s: &str) -> Result<Vec<Pos>, NotationError> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c == b' ' || c == b',' || c == b'\t' {
            i += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            return Err(NotationError(format!("expected a column letter at byte {i} of {s:?}")));
        }
        let x = (c.to_ascii_lowercase() - b'a') as usize;
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if start == i || i - start > 2 {
            return Err(NotationError(format!("expected a row number after '{}' in {s:?}", c as char)));
        }
        let n: usize = s[start..i].parse().map_err(|_| NotationError(format!("bad row number in {s:?}")))?;
        if n == 0 {
            return Err(NotationError(format!("row 0 does not exist (rows start at 1) in {s:?}")));
        }
        if x >= MAX_SIZE || n > MAX_SIZE {
            return Err(NotationError(format!("move {}{} is beyond the largest board", c as char, n)));
        }
        out.push(Pos::new(x, n - 1));
    }
    Ok(out)
}

/// Formats moves in letter-number notation, concatenated (`h8i9j10`).
pub fn format_move_string(moves: &[Pos]) -> String {
    moves.iter().map(|p| p.to_notation()).collect()
}

/// Mate-distance aware score type used by search and solvers.
pub type Value = i32;
/// A win in 0 plies; a win in `n` plies is `WIN - n`.
pub const WIN: Value = 30_000;
/// Scores at or beyond this magnitude are mates.
pub const WIN_MIN: Value = WIN - 1000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_string_round_trips() {
        let v = parse_move_string("h8i9j10a1").unwrap();
        assert_eq!(v, vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 9), Pos::new(0, 0)]);
        assert_eq!(format_move_string(&v), "h8i9j10a1");
        assert!(parse_move_string("h0").is_err());
        assert!(parse_move_string("8h").is_err());
        assert!(parse_move_string("h").is_err());
    }

    #[test]
    fn gomocup_rule_codes() {
        for r in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro, Rule::CaroExact] {
            assert_eq!(Rule::from_gomocup(r.gomocup_code()), r);
        }
    }
}
