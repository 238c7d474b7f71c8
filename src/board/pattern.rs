//! Line patterns: what a move at an empty point makes in one direction, looked up by table.
//!
//! For every empty point, direction and side the board keeps a *line key*: the ten neighbours
//! at offsets -5..=-1 and 1..=5 along the line, one digit each, seen from that side:
//! 0 = empty, 1 = own stone, 2 = opponent stone (or wall), 3 = wall (caro only, where the edge
//! is not a block). The key is a number in radix 3 (radix 4 for caro) and indexes a table built
//! once that says which [`Pattern`] the move makes. A window of ±5 is exactly enough to decide
//! fives, exact fives (is the run longer?), caro blocks, fours, straight fours and threes.
//!
//! Digits beyond a wall are walls too (the board keeps keys in that canonical form).

use std::sync::OnceLock;

/// What playing an empty point makes in one line, for one side. Strength-ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// `X_` no room for a five through this point in this line.
    None = 0,
    /// `XXX.XX` (exact-five sides) the move makes a run of six or more: no win, forbidden for
    /// renju black.
    Overline = 1,
    /// `..X..` room for a five, nothing more.
    One = 2,
    /// `.XX..` one move from a (closed) three.
    Two = 3,
    /// `..XX..` one move from an open three.
    OpenTwo = 4,
    /// `OXXX..` one move from a four.
    Three = 5,
    /// `..XXX..` / `.XX.X.` one move from a straight four.
    OpenThree = 6,
    /// `OXXXX.` one point makes five.
    Four = 7,
    /// `X.XXX.X` two different points make five, but not a straight four: two fours in one line.
    DoubleFour = 8,
    /// `.XXXX.` straight four: both ends make five.
    OpenFour = 9,
    /// `XXXXX` a winning five under the rule.
    Five = 10,
}

/// Number of [`Pattern`] variants.
pub const PATTERN_COUNT: usize = 11;

impl Pattern {
    pub const ALL: [Pattern; PATTERN_COUNT] = [
        Pattern::None,
        Pattern::Overline,
        Pattern::One,
        Pattern::Two,
        Pattern::OpenTwo,
        Pattern::Three,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::DoubleFour,
        Pattern::OpenFour,
        Pattern::Five,
    ];
    #[inline]
    pub fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize]
    }
    /// Number of fours this line pattern counts for (double four in one line counts two).
    #[inline]
    pub fn fours(self) -> u32 {
        match self {
            Pattern::Four | Pattern::OpenFour => 1,
            Pattern::DoubleFour => 2,
            _ => 0,
        }
    }
    #[inline]
    pub fn is_four(self) -> bool {
        matches!(self, Pattern::Four | Pattern::DoubleFour | Pattern::OpenFour)
    }
}

/// How a side wins in a line. Chosen from the rule and the colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// Five or more.
    AtLeastFive = 0,
    /// Exactly five; six or more is an overline.
    ExactlyFive = 1,
    /// Caro: five or more; a run of exactly five with opponent stones at both ends does not win.
    CaroAtLeastFive = 2,
    /// Caro: exactly five, unless both ends are opponent stones.
    CaroExactlyFive = 3,
}

impl WinKind {
    pub fn from_rule(rule: crate::core::Rule, c: crate::core::Color) -> WinKind {
        match (rule.is_caro(), rule.exact_five(c)) {
            (false, false) => WinKind::AtLeastFive,
            (false, true) => WinKind::ExactlyFive,
            (true, false) => WinKind::CaroAtLeastFive,
            (true, true) => WinKind::CaroExactlyFive,
        }
    }
    #[inline]
    pub fn radix(self) -> u32 {
        if self.is_caro() { 4 } else { 3 }
    }
    #[inline]
    pub fn is_caro(self) -> bool {
        matches!(self, WinKind::CaroAtLeastFive | WinKind::CaroExactlyFive)
    }
    #[inline]
    pub fn exact(self) -> bool {
        matches!(self, WinKind::ExactlyFive | WinKind::CaroExactlyFive)
    }
}

pub const EMPTY_DIGIT: u32 = 0;
pub const OWN_DIGIT: u32 = 1;
pub const OPP_DIGIT: u32 = 2;

/// Key digit index of the neighbour at `offset` (-5..=-1, 1..=5).
#[inline]
pub const fn digit_index(offset: i32) -> u32 {
    if offset < 0 { (offset + 5) as u32 } else { (offset + 4) as u32 }
}

/// Offset along the line of the neighbour whose digit index is `i`.
#[inline]
pub const fn digit_offset(i: u32) -> i32 {
    if i < 5 { i as i32 - 5 } else { i as i32 - 4 }
}

/// The wall digit for a radix.
#[inline]
pub fn wall_digit(radix: u32) -> u32 {
    radix - 1
}

/// Powers of the radix for digit indices 0..10.
pub fn powers(radix: u32) -> [u32; 10] {
    let mut p = [1u32; 10];
    for i in 1..10 {
        p[i] = p[i - 1] * radix;
    }
    p
}

fn decode(mut key: u32, radix: u32) -> [u8; 10] {
    let mut d = [0u8; 10];
    for x in d.iter_mut() {
        *x = (key % radix) as u8;
        key /= radix;
    }
    d
}

/// Is the run through the centre (placed) a winning five for this key?
/// Returns (is_five, is_overline).
fn five_status(d: &[u8; 10], kind: WinKind) -> (bool, bool) {
    // left run: indices 4,3,2,1,0 ; right run: 5..=9
    let mut left = 0;
    while left < 5 && d[4 - left] == OWN_DIGIT as u8 {
        left += 1;
    }
    let mut right = 0;
    while right < 5 && d[5 + right] == OWN_DIGIT as u8 {
        right += 1;
    }
    let len = 1 + left + right;
    if len < 5 {
        return (false, false);
    }
    if kind.exact() && len > 5 {
        return (false, true);
    }
    if kind.is_caro() && len == 5 {
        // Only a run of exactly five is stopped by opponent stones at both ends (a longer
        // one, where it wins at all, wins blocked or not: Piskvork's rule 8). Both ends of a
        // five lie inside the ±5 window.
        if d[4 - left] == OPP_DIGIT as u8 && d[5 + right] == OPP_DIGIT as u8 {
            return (false, false);
        }
    }
    (true, false)
}

fn has_room(d: &[u8; 10], kind: WinKind) -> bool {
    // Some five window [a, a+4] containing the centre whose empty cells, all filled, give a
    // winning line through the centre under the rule.
    (-4..=0).any(|a| {
        let mut filled = *d;
        for off in a..a + 5 {
            if off == 0 {
                continue;
            }
            let cell = &mut filled[digit_index(off) as usize];
            match *cell as u32 {
                EMPTY_DIGIT => *cell = OWN_DIGIT as u8,
                OWN_DIGIT => {}
                _ => return false,
            }
        }
        five_status(&filled, kind).0
    })
}

/// Builds the table for one win kind: `table[key]` is the pattern made by playing the centre.
pub fn build_table(kind: WinKind) -> Vec<u8> {
    let radix = kind.radix();
    let pw = powers(radix);
    let n = pw[9] * radix;
    let mut t = vec![0u8; n as usize];
    // Placing an own stone on an empty digit adds pw[i], so a key's successors are larger:
    // fill from the top down.
    for key in (0..n).rev() {
        let d = decode(key, radix);
        let (five, over) = five_status(&d, kind);
        let pat = if five {
            Pattern::Five
        } else if over {
            Pattern::Overline
        } else {
            let mut five_points: [i32; 10] = [0; 10];
            let mut nf = 0;
            let mut best = Pattern::None;
            for i in 0..10u32 {
                if d[i as usize] as u32 != EMPTY_DIGIT {
                    continue;
                }
                let p = Pattern::from_u8(t[(key + pw[i as usize]) as usize]);
                if p == Pattern::Five {
                    five_points[nf] = digit_offset(i);
                    nf += 1;
                } else if p > best {
                    best = p;
                }
            }
            if nf >= 2 {
                let mut straight = false;
                for a in 0..nf {
                    for b in 0..nf {
                        if five_points[b] - five_points[a] == 5 {
                            straight = true;
                        }
                    }
                }
                if straight { Pattern::OpenFour } else { Pattern::DoubleFour }
            } else if nf == 1 {
                Pattern::Four
            } else {
                match best {
                    Pattern::OpenFour => Pattern::OpenThree,
                    Pattern::Four | Pattern::DoubleFour => Pattern::Three,
                    Pattern::OpenThree => Pattern::OpenTwo,
                    Pattern::Three => Pattern::Two,
                    _ => {
                        if has_room(&d, kind) {
                            Pattern::One
                        } else {
                            Pattern::None
                        }
                    }
                }
            }
        };
        t[key as usize] = pat as u8;
    }
    t
}

/// Number of fine line patterns (see [`fine_table`]).
pub const FINE_COUNT: usize = 16;

/// The [`Pattern`] each fine pattern refines.
pub const FINE_TO_COARSE: [u8; FINE_COUNT] = [0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10];

/// Names of the fine patterns, for tools and tests.
pub const FINE_NAMES: [&str; FINE_COUNT] = [
    "none",
    "overline",
    "one-b",
    "one-f",
    "two-a",
    "two-b",
    "open-two-a",
    "open-two-b",
    "three-a",
    "three-b",
    "open-three-a",
    "open-three-b",
    "four",
    "double-four",
    "open-four",
    "five",
];

/// Builds the fine pattern table of a win kind: the [`Pattern`] of each key, with the weak
/// patterns split by how many ways they grow (counted over the one-stone successors in the
/// window, whose patterns the coarse table already holds):
/// - `One`: some second stone makes an `OpenTwo` (3, "one-f") or none does (2, "one-b");
/// - `Two`: at most three second stones make a `Three` (4) or four or more do (5);
/// - `OpenTwo`: at most two second stones make an `OpenThree` (6) or three or more do (7);
/// - `Three`: at most two second stones make a four (8) or three or more do (9, e.g. the
///   stones spread over two five-windows);
/// - `OpenThree`: one second stone makes a straight four (10, e.g. a split three) or two or
///   more do (11).
///
/// The features of the learned evaluation use these; the threat logic uses the coarse ones
/// ([`FINE_TO_COARSE`]).
pub fn build_fine_table(kind: WinKind, coarse: &[u8]) -> Vec<u8> {
    let radix = kind.radix();
    let pw = powers(radix);
    let n = pw[9] * radix;
    (0..n)
        .map(|key| {
            let p = Pattern::from_u8(coarse[key as usize]);
            let count = |want: &dyn Fn(Pattern) -> bool| {
                let mut k = key;
                let mut c = 0;
                for &w in pw.iter() {
                    if k % radix == EMPTY_DIGIT && want(Pattern::from_u8(coarse[(key + w) as usize])) {
                        c += 1;
                    }
                    k /= radix;
                }
                c
            };
            match p {
                Pattern::None => 0,
                Pattern::Overline => 1,
                Pattern::One => 2 + (count(&|q| q == Pattern::OpenTwo) > 0) as u8,
                Pattern::Two => 4 + (count(&|q| q == Pattern::Three) >= 4) as u8,
                Pattern::OpenTwo => 6 + (count(&|q| q == Pattern::OpenThree) >= 3) as u8,
                Pattern::Three => 8 + (count(&|q| q.is_four()) >= 3) as u8,
                Pattern::OpenThree => 10 + (count(&|q| q == Pattern::OpenFour) >= 2) as u8,
                Pattern::Four => 12,
                Pattern::DoubleFour => 13,
                Pattern::OpenFour => 14,
                Pattern::Five => 15,
            }
        })
        .collect()
}

static FINE_TABLES: [OnceLock<Vec<u8>>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The fine pattern table of a win kind (see [`build_fine_table`]), built on first use.
pub fn fine_table(kind: WinKind) -> &'static [u8] {
    FINE_TABLES[kind as usize].get_or_init(|| build_fine_table(kind, table(kind)))
}

/// The fine pattern of a line given as in [`classify_str`].
pub fn classify_fine_str(s: &str, kind: WinKind) -> u8 {
    fine_table(kind)[str_key(s, kind) as usize]
}

static TABLES: [OnceLock<Vec<u8>>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The pattern table of a win kind, built on first use (a few milliseconds; caro's larger one
/// tens of milliseconds).
pub fn table(kind: WinKind) -> &'static [u8] {
    TABLES[kind as usize].get_or_init(|| build_table(kind))
}

/// What a cell offers one side, combining its four line patterns. Strength-ordered, except
/// [`Threat::Forbidden`], which only renju black has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    /// Nothing, or no room for five.
    None = 0,
    /// Room for a five.
    One = 1,
    /// Makes at least a two.
    Two = 2,
    /// Makes a closed three (a four next).
    Three = 3,
    /// Makes one open three.
    OpenThree = 4,
    /// Makes two or more open threes. For renju black: a double-three candidate, which the
    /// exact (recursive) check decides.
    ThreeThree = 5,
    /// Makes one four (no open three).
    Four = 6,
    /// Makes a four and an open three.
    FourThree = 7,
    /// Makes two fours (in two lines or one).
    FourFour = 8,
    /// Makes a straight four.
    OpenFour = 9,
    /// Makes a winning five.
    Five = 10,
    /// Renju black only: overline or double four (certainly forbidden).
    Forbidden = 11,
}

pub const THREAT_COUNT: usize = 12;

impl Threat {
    pub const ALL: [Threat; THREAT_COUNT] = [
        Threat::None,
        Threat::One,
        Threat::Two,
        Threat::Three,
        Threat::OpenThree,
        Threat::ThreeThree,
        Threat::Four,
        Threat::FourThree,
        Threat::FourFour,
        Threat::OpenFour,
        Threat::Five,
        Threat::Forbidden,
    ];
    #[inline]
    pub fn from_u8(v: u8) -> Threat {
        Threat::ALL[v as usize]
    }
    /// Does the move make at least one four (or five)?
    #[inline]
    pub fn makes_four(self) -> bool {
        matches!(self, Threat::Four | Threat::FourThree | Threat::FourFour | Threat::OpenFour | Threat::Five)
    }
}

/// Combines four line patterns (4 bits each, direction d at bits 4d..4d+4) into a threat class.
pub fn combine(packed: u16, forbidden_rules: bool) -> Threat {
    let mut fours = 0;
    let mut open_fours = 0;
    let mut open_threes = 0;
    let mut threes = 0;
    let mut twos = 0;
    let mut ones = 0;
    let mut five = false;
    let mut over = false;
    for d in 0..4 {
        let p = Pattern::from_u8(((packed >> (4 * d)) & 15) as u8);
        match p {
            Pattern::Five => five = true,
            Pattern::Overline => over = true,
            Pattern::OpenFour => {
                fours += 1;
                open_fours += 1
            }
            Pattern::Four | Pattern::DoubleFour => fours += p.fours(),
            Pattern::OpenThree => open_threes += 1,
            Pattern::Three => threes += 1,
            Pattern::Two | Pattern::OpenTwo => twos += 1,
            Pattern::One => ones += 1,
            Pattern::None => {}
        }
    }
    if five {
        return Threat::Five;
    }
    if forbidden_rules && (over || fours >= 2) {
        return Threat::Forbidden;
    }
    if forbidden_rules && open_threes >= 2 {
        return Threat::ThreeThree;
    }
    if open_fours > 0 {
        Threat::OpenFour
    } else if fours >= 2 {
        Threat::FourFour
    } else if fours == 1 && open_threes > 0 {
        Threat::FourThree
    } else if fours == 1 {
        Threat::Four
    } else if open_threes >= 2 {
        Threat::ThreeThree
    } else if open_threes == 1 {
        Threat::OpenThree
    } else if threes > 0 {
        Threat::Three
    } else if twos > 0 {
        Threat::Two
    } else if ones > 0 {
        Threat::One
    } else {
        Threat::None
    }
}

static COMBINE: [OnceLock<Vec<u8>>; 2] = [OnceLock::new(), OnceLock::new()];

/// Table form of [`combine`], indexed by the packed patterns.
pub fn combine_table(forbidden_rules: bool) -> &'static [u8] {
    COMBINE[forbidden_rules as usize].get_or_init(|| {
        (0..=u16::MAX)
            .map(|k| {
                // Keys with nibbles beyond the last pattern never occur; map them to None.
                if (0..4).any(|d| ((k >> (4 * d)) & 15) as usize >= Pattern::ALL.len()) {
                    0
                } else {
                    combine(k, forbidden_rules) as u8
                }
            })
            .collect()
    })
}

/// Classifies a line given as a string for tests and tools: `X` own, `O` opponent or wall,
/// `.` empty, `#` wall (caro), and `*` the empty centre to play. The string must have five
/// cells on each side of `*` (pad with `O`/`#`).
pub fn classify_str(s: &str, kind: WinKind) -> Pattern {
    Pattern::from_u8(table(kind)[str_key(s, kind) as usize])
}

fn str_key(s: &str, kind: WinKind) -> u32 {
    let cells: Vec<char> = s.chars().collect();
    let c = cells.iter().position(|&ch| ch == '*').expect("centre '*'");
    assert!(c == 5 && cells.len() == 11, "need 5 cells each side of '*'");
    let radix = kind.radix();
    let pw = powers(radix);
    let mut key = 0;
    for off in -5i32..=5 {
        if off == 0 {
            continue;
        }
        let ch = cells[(5 + off) as usize];
        let dgt = match ch {
            'X' => OWN_DIGIT,
            'O' => OPP_DIGIT,
            '#' => wall_digit(radix),
            _ => EMPTY_DIGIT,
        };
        key += dgt * pw[digit_index(off) as usize];
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;
    use WinKind::*;

    #[test]
    fn basic_line_patterns() {
        assert_eq!(classify_str("...XX*XX...", AtLeastFive), Five);
        assert_eq!(classify_str("..XXX*X....", ExactlyFive), Five);
        assert_eq!(classify_str(".XXXX*X....", AtLeastFive), Five);
        assert_eq!(classify_str(".XXXX*X....", ExactlyFive), Overline);
        assert_eq!(classify_str("...XX*X....", AtLeastFive), OpenFour);
        assert_eq!(classify_str("..OXX*X....", AtLeastFive), Four);
        assert_eq!(classify_str("..X.X*X.X..", AtLeastFive), DoubleFour);
        assert_eq!(classify_str(".....*XX...", AtLeastFive), OpenThree);
        assert_eq!(classify_str("....X*.X...", AtLeastFive), OpenThree);
        assert_eq!(classify_str("....O*XX...", AtLeastFive), Three);
        assert_eq!(classify_str(".....*X....", AtLeastFive), OpenTwo);
        assert_eq!(classify_str(".....*.....", AtLeastFive), One);
        assert_eq!(classify_str("....O*O....", AtLeastFive), None);
        // XXXX.X: the gap makes six, so only the far end makes an exact five.
        assert_eq!(classify_str("..XXX*.X...", ExactlyFive), Four);
        assert_eq!(classify_str("..XXX*.X...", AtLeastFive), OpenFour);
        // caro: a five blocked at both ends by the opponent does not win; the edge is no block.
        assert_eq!(classify_str("OXXXX*O....", CaroAtLeastFive), None);
        assert_eq!(classify_str("#XXXX*O....", CaroAtLeastFive), Five);
        assert_eq!(classify_str("OXXXX*.....", CaroAtLeastFive), Five);
        assert_eq!(classify_str("OXXXX*.....", CaroExactlyFive), Five);
        // A six blocked at both ends still wins under caro (only an exact five is stopped).
        assert_eq!(classify_str("OXXXX*XO...", CaroAtLeastFive), Five);
        assert_eq!(classify_str(".OXXX*XO...", CaroAtLeastFive), None);
        assert_eq!(classify_str("OXXXX*XXO..", CaroAtLeastFive), Five);
        assert_eq!(classify_str("OXXXX*X....", CaroAtLeastFive), Five);
        assert_eq!(classify_str("OXXXX*XO...", CaroExactlyFive), Overline);
    }

    /// The board leaves the fifth cell out along each line when no side wins by exactly five
    /// (`Board`'s reach): every five-or-more pattern, coarse and fine, must ignore that digit,
    /// while exactly-five patterns must not (an overline is decided there).
    #[test]
    fn five_or_more_patterns_ignore_the_fifth_cell_out() {
        let pw = powers(3);
        let differs = |kind: WinKind| {
            let (t, f) = (table(kind), fine_table(kind));
            let mut n = 0;
            for k in 0..pw[9] * 3 {
                for idx in [digit_index(-5), digit_index(5)] {
                    let digit = k / pw[idx as usize] % 3;
                    let k0 = (k - digit * pw[idx as usize]) as usize;
                    n += (t[k as usize] != t[k0] || f[k as usize] != f[k0]) as usize;
                }
            }
            n
        };
        assert_eq!(differs(AtLeastFive), 0);
        assert!(differs(ExactlyFive) > 0);
    }

    #[test]
    fn fine_patterns_split_by_the_ways_to_grow() {
        let f = |s: &str| FINE_NAMES[classify_fine_str(s, AtLeastFive) as usize];
        // a three with two straight-four points, and a split three with one
        assert_eq!(f(".....*XX..."), "open-three-b");
        assert_eq!(f("....X*.X..."), "open-three-a");
        // a closed three: two points make a four, or three (two five-windows)
        assert_eq!(f("....O*XX..."), "three-a");
        assert_eq!(f("..X.O*XX..."), "three-a");
        assert_eq!(f(".X.X.*.X..."), "three-b");
        // an open two: two points make an open three, or more
        assert_eq!(f(".....*..X.."), "open-two-a");
        assert_eq!(f(".....*X...."), "open-two-b");
        // a lone stone that can still become an open two, and one that cannot
        assert_eq!(f(".....*....."), "one-f");
        assert_eq!(f("....O*....O"), "one-b");
        assert_eq!(f("....O*O...."), "none");
        // every fine pattern refines the coarse one, on every key of every kind
        for kind in [AtLeastFive, ExactlyFive, CaroAtLeastFive] {
            let (c, fine) = (table(kind), fine_table(kind));
            assert!(c.iter().zip(fine).all(|(&c, &f)| FINE_TO_COARSE[f as usize] == c));
            let mut seen = [false; FINE_COUNT];
            fine.iter().for_each(|&x| seen[x as usize] = true);
            // (no overline where six or more wins)
            seen[1] |= !kind.exact();
            assert!(seen.iter().all(|&s| s), "{kind:?}: every fine pattern occurs: {seen:?}");
        }
    }
}
