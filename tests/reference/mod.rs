//! Shared test helpers: a small deterministic PRNG, a slow reference implementation of the
//! rules on a plain 2-D array (written independently of `src/board`: no line keys, no pattern
//! tables, just walking along lines and trying moves), and diagram helpers.
#![allow(dead_code)]

use gorin::board::{Board, ForbidKind};
use gorin::core::{Color, Rule};

/// splitmix64: tiny, deterministic, good enough to drive random games.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
    /// Uniform in lo..=hi.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((hi - lo + 1) as usize) as i32
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

pub fn stone(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The four line directions as (dx, dy).
pub const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A plain 2-D board. `get` answers `None` off the board.
#[derive(Clone)]
pub struct RefBoard {
    pub w: i32,
    pub h: i32,
    cells: Vec<u8>,
}

impl RefBoard {
    pub fn new(w: usize, h: usize) -> RefBoard {
        RefBoard { w: w as i32, h: h as i32, cells: vec![EMPTY; w * h] }
    }

    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        if x < 0 || y < 0 || x >= self.w || y >= self.h { None } else { Some(self.cells[(y * self.w + x) as usize]) }
    }

    pub fn set(&mut self, x: i32, y: i32, v: u8) {
        self.cells[(y * self.w + x) as usize] = v;
    }

    /// Length of the unbroken run of the stone on (x, y) along (dx, dy), both ways, and the
    /// cells just beyond its two ends (`None` = off the board).
    pub fn run(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> (i32, Option<u8>, Option<u8>) {
        let c = self.get(x, y).unwrap();
        let mut n = 1;
        let mut ends = [None, None];
        for (k, s) in [1, -1].into_iter().enumerate() {
            let (mut a, mut b) = (x + s * dx, y + s * dy);
            while self.get(a, b) == Some(c) {
                n += 1;
                a += s * dx;
                b += s * dy;
            }
            ends[k] = self.get(a, b);
        }
        (n, ends[0], ends[1])
    }

    // ---------------------------------------------------------------- renju, black only

    /// Why black may not play the empty point (x, y), per the RIF rule text:
    /// exactly five always wins; else six or more in a row is an overline; else two fours
    /// (two in one line count) are a double four; else two real threes are a double three,
    /// where a three is real if a move turning it into a straight four is itself not forbidden
    /// (judged with the three's stone on the board) and does not make a five in another line:
    /// such a move wins at once instead of making a straight four, so, as the Piskvork
    /// referee rules it, it does not make the three real.
    pub fn forbidden(&mut self, x: i32, y: i32) -> Option<ForbidKind> {
        assert_eq!(self.get(x, y), Some(EMPTY));
        self.set(x, y, BLACK);
        let r = self.forbidden_placed(x, y);
        self.set(x, y, EMPTY);
        r
    }

    fn forbidden_placed(&mut self, x: i32, y: i32) -> Option<ForbidKind> {
        let runs = LINES.map(|d| self.run(x, y, d).0);
        if runs.contains(&5) {
            return None;
        }
        if runs.iter().any(|&n| n >= 6) {
            return Some(ForbidKind::Overline);
        }
        let mut fours = 0;
        let mut three_lines: Vec<Vec<(i32, i32)>> = Vec::new();
        for d in LINES {
            let f = self.five_points(x, y, d);
            if f.is_empty() {
                let s = self.straight_four_points(x, y, d);
                if !s.is_empty() {
                    three_lines.push(s);
                }
            } else if f.len() == 2 && (f[0].0 - f[1].0).abs().max((f[0].1 - f[1].1).abs()) == 5 {
                fours += 1; // straight four: one four with two ends
            } else {
                fours += f.len();
            }
        }
        if fours >= 2 {
            return Some(ForbidKind::DoubleFour);
        }
        if three_lines.len() < 2 {
            return None;
        }
        let mut real = 0;
        for pts in three_lines {
            if pts.iter().any(|&(a, b)| !self.makes_five(a, b) && self.forbidden(a, b).is_none()) {
                real += 1;
            }
        }
        if real >= 2 { Some(ForbidKind::DoubleThree) } else { None }
    }

    /// Would black on the empty point (x, y) make exactly five in some line?
    pub fn makes_five(&mut self, x: i32, y: i32) -> bool {
        self.set(x, y, BLACK);
        let five = LINES.iter().any(|&d| self.run(x, y, d).0 == 5);
        self.set(x, y, EMPTY);
        five
    }

    /// With black on (x, y): the empty points of the line through it where one more black
    /// stone makes exactly five together with (x, y).
    pub fn five_points(&mut self, x: i32, y: i32, (dx, dy): (i32, i32)) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for k in (-4..=4).filter(|&k| k != 0) {
            let (a, b) = (x + k * dx, y + k * dy);
            if self.get(a, b) != Some(EMPTY) {
                continue;
            }
            let between_black =
                (1..k.abs()).all(|j| self.get(x + j * k.signum() * dx, y + j * k.signum() * dy) == Some(BLACK));
            if !between_black {
                continue;
            }
            self.set(a, b, BLACK);
            if self.run(a, b, (dx, dy)).0 == 5 {
                out.push((a, b));
            }
            self.set(a, b, EMPTY);
        }
        out
    }

    /// With black on (x, y): the empty points of the line where one more black stone makes a
    /// straight four through (x, y): four in a row with an empty point at each end, each of
    /// which would make exactly five.
    pub fn straight_four_points(&mut self, x: i32, y: i32, (dx, dy): (i32, i32)) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for k in (-4..=4).filter(|&k| k != 0) {
            let (a, b) = (x + k * dx, y + k * dy);
            if self.get(a, b) != Some(EMPTY) {
                continue;
            }
            self.set(a, b, BLACK);
            if self.is_straight_four(x, y, (dx, dy))
                && self.run(x, y, (dx, dy)).0 == 4
                && self.same_run(x, y, a, b, (dx, dy))
            {
                out.push((a, b));
            }
            self.set(a, b, EMPTY);
        }
        out
    }

    fn same_run(&self, x: i32, y: i32, a: i32, b: i32, (dx, dy): (i32, i32)) -> bool {
        let k = if dx != 0 { (a - x) / dx } else { (b - y) / dy };
        (1..k.abs()).all(|j| self.get(x + j * k.signum() * dx, y + j * k.signum() * dy) == Some(BLACK))
    }

    /// Is the run through (x, y) exactly four long with both ends empty and each end making
    /// exactly five?
    fn is_straight_four(&mut self, x: i32, y: i32, (dx, dy): (i32, i32)) -> bool {
        let (n, _, _) = self.run(x, y, (dx, dy));
        if n != 4 {
            return false;
        }
        for s in [1, -1] {
            let (mut a, mut b) = (x, y);
            while self.get(a + s * dx, b + s * dy) == Some(BLACK) {
                a += s * dx;
                b += s * dy;
            }
            let (ea, eb) = (a + s * dx, b + s * dy);
            if self.get(ea, eb) != Some(EMPTY) {
                return false;
            }
            self.set(ea, eb, BLACK);
            let five = self.run(ea, eb, (dx, dy)).0 == 5;
            self.set(ea, eb, EMPTY);
            if !five {
                return false;
            }
        }
        true
    }

    /// Every forbidden point for black, row-major.
    pub fn all_forbidden(&mut self) -> Vec<(i32, i32, ForbidKind)> {
        let mut out = Vec::new();
        for y in 0..self.h {
            for x in 0..self.w {
                if self.get(x, y) == Some(EMPTY)
                    && let Some(k) = self.forbidden(x, y)
                {
                    out.push((x, y, k));
                }
            }
        }
        out
    }

    // ---------------------------------------------------------------- wins, every rule

    /// Does the stone on (x, y) (of colour `c`) stand in a winning line under `rule`?
    pub fn wins_at(&self, x: i32, y: i32, rule: Rule) -> bool {
        let c = match self.get(x, y) {
            Some(BLACK) => Color::Black,
            Some(WHITE) => Color::White,
            _ => return false,
        };
        LINES.iter().any(|&d| {
            let (n, e1, e2) = self.run(x, y, d);
            run_wins(rule, c, n, e1, e2)
        })
    }

    /// The colour of the first stone in row-major order that stands in a winning line.
    pub fn first_winner(&self, rule: Rule) -> Option<Color> {
        for y in 0..self.h {
            for x in 0..self.w {
                if self.wins_at(x, y, rule) {
                    return Some(if self.get(x, y) == Some(BLACK) { Color::Black } else { Color::White });
                }
            }
        }
        None
    }
}

/// Does a run of `n` stones of `c`, with the cells `e1`, `e2` beyond its ends (`None` = edge),
/// win under `rule`? Freestyle: five or more. Standard: exactly five. Renju: black exactly
/// five, white five or more. Caro (as the Gomocup manager Piskvork referees it): five or
/// more, but a run of exactly five with opponent stones at both ends does not win (the edge
/// is no block). CaroExact: exactly five, and not with opponent stones at both ends.
pub fn run_wins(rule: Rule, c: Color, n: i32, e1: Option<u8>, e2: Option<u8>) -> bool {
    let opp = stone(c.opp());
    let blocked = e1 == Some(opp) && e2 == Some(opp);
    match rule {
        Rule::Freestyle => n >= 5,
        Rule::Standard => n == 5,
        Rule::Renju => {
            if c == Color::Black {
                n == 5
            } else {
                n >= 5
            }
        }
        Rule::Caro => n >= 6 || (n == 5 && !blocked),
        Rule::CaroExact => n == 5 && !blocked,
    }
}

// -------------------------------------------------------------------- diagrams

/// Parses rows of `X`, `O`, `.` (other characters are empty points) into both boards.
pub fn boards_from_rows(rows: &[&str], rule: Rule) -> (Board, RefBoard) {
    let b = Board::from_rows(rows, rule).expect("diagram");
    let mut r = RefBoard::new(b.width(), b.height());
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            match ch {
                'X' => r.set(x as i32, y as i32, stone(Color::Black)),
                'O' => r.set(x as i32, y as i32, stone(Color::White)),
                _ => {}
            }
        }
    }
    (b, r)
}

/// The reference's forbidden map drawn like `Board::forbid_diagram`.
pub fn reference_diagram(r: &mut RefBoard) -> String {
    let marks = r.all_forbidden();
    let mut s = String::new();
    for y in 0..r.h {
        for x in 0..r.w {
            let ch = match marks.iter().find(|m| m.0 == x && m.1 == y) {
                Some(m) => m.2.digit(),
                None => match r.get(x, y) {
                    Some(BLACK) => 'X',
                    Some(WHITE) => 'O',
                    _ => '.',
                },
            };
            s.push(ch);
        }
        s.push('\n');
    }
    s
}
