//! The opening rules as sequences of decisions, a referee that walks them between two players,
//! and the text of the questions and answers (the `GORINOPENING` protocol extension).
//!
//! Players are numbered 0 (the first player, tentatively black) and 1. "Swap" always means: the
//! player who holds the colour to move takes the colour of the stone just placed instead (the
//! two players exchange colours).
//!
//! | rule | decisions |
//! |---|---|
//! | swap1 | 0: three stones (B W B) · 1: swap? |
//! | swap2 | 0: three stones · 1: SWAP / a 4th stone / 4th and 5th · (after two stones) 0: SWAP / a 6th stone |
//! | taraguchi10 | stone k (k = 1..4) by the holder of its colour inside the central (2k−1)² square, each followed by the other player's swap? · black: a 5th inside 9×9 then white's swap?, or 10 non-symmetric 5th offers anywhere and white's pick |
//! | soosyrv8 | 0: one of the 26 openings · 1: swap? · white: a 4th anywhere and N (1..=8) · black's holder: swap? · black: N offers · white: pick |
//! | yamaguchi | 0: one of the 26 openings and N (1..=[`YAMAGUCHI_MAX_OFFERS`]) · 1: swap? · white: a 4th anywhere · black: N offers · white: pick |
//! | classic | 0: one of the 26 · 1: swap? · white: a 4th anywhere · black: 2 offers · white: pick |
//! | classic-moved | 0 proposes the column (centre..centre+4), 1 the row, sealed · black's 1st there · 0: the 2nd and 3rd, one of the 26 around it · then as classic |
//! | sakata | 0: one of the 26 · 1: a 4th inside 7×7 and a 5th inside 9×9 · 0: chooses its colour |
//! | tarannikov | stone k (1..5) inside the central (2k−1)² square, each followed by a swap? |
//! | super-taraguchi10 | stones 1..4 inside 1×1, 5×5, 7×7, 9×9, each followed by a swap? · then as taraguchi10's 5th |
//! | cwc24 | stones 1..5 inside 1×1, 5×5, 7×7, 9×9 and anywhere, each followed by a swap? |
//! | swap5 | stones 1..5 anywhere, each followed by a swap? |
//! | lianhuan | while at most 4 stones: the player to move plays one stone (no choice follows) or two (its colour, then the other's) and the opponent chooses its colour |
//!
//! After the last decision the game goes on with the side to move (white, except after a
//! swap2 answer of one 4th stone, when black is to move, and a lianhuan walk ending on six
//! stones).

use super::symmetry::{alternate, canonical};
use super::{Decider, EVEN_MARGIN, Swap2Decision, Zone};
use crate::core::{Color, Pos, Rule};
use crate::game::{Game, Outcome};
use std::fmt;

/// Most fifth-move offers a Yamaguchi opener may declare here.
pub const YAMAGUCHI_MAX_OFFERS: usize = 10;
/// Offers of the Taraguchi-10 alternative.
pub const TARAGUCHI_OFFERS: usize = 10;
/// Most offers a Soosyrv-8 fourth-move player may declare.
pub const SOOSYRV_MAX_OFFERS: usize = 8;
/// Fifth-move offers of Classic and Classic moved.
pub const CLASSIC_OFFERS: usize = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    Swap1,
    Swap2,
    Taraguchi10,
    Soosyrv8,
    Yamaguchi,
    Classic,
    ClassicMoved,
    Sakata,
    Tarannikov,
    SuperTaraguchi10,
    Cwc24,
    Swap5,
    Lianhuan,
}

impl OpeningRule {
    pub const ALL: [OpeningRule; 13] = [
        OpeningRule::Swap1,
        OpeningRule::Swap2,
        OpeningRule::Taraguchi10,
        OpeningRule::Soosyrv8,
        OpeningRule::Yamaguchi,
        OpeningRule::Classic,
        OpeningRule::ClassicMoved,
        OpeningRule::Sakata,
        OpeningRule::Tarannikov,
        OpeningRule::SuperTaraguchi10,
        OpeningRule::Cwc24,
        OpeningRule::Swap5,
        OpeningRule::Lianhuan,
    ];

    /// Rules played under the game rule of the match (gomoku or renju); the others are renju
    /// openings.
    pub fn any_game_rule(self) -> bool {
        matches!(self, OpeningRule::Swap1 | OpeningRule::Swap2 | OpeningRule::Swap5 | OpeningRule::Lianhuan)
    }

    /// The zones of the stones placed one by one, each followed by a swap (the rules built
    /// that way; empty for the others).
    pub fn zoned_stones(self) -> &'static [Zone] {
        use Zone::{Anywhere as A, Central as C};
        match self {
            OpeningRule::Taraguchi10 => &[C(1), C(3), C(5), C(7)],
            OpeningRule::SuperTaraguchi10 => &[C(1), C(5), C(7), C(9)],
            OpeningRule::Tarannikov => &[C(1), C(3), C(5), C(7), C(9)],
            OpeningRule::Cwc24 => &[C(1), C(5), C(7), C(9), A],
            OpeningRule::Swap5 => &[A, A, A, A, A],
            _ => &[],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Swap1 => "swap1",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Taraguchi10 => "taraguchi10",
            OpeningRule::Soosyrv8 => "soosyrv8",
            OpeningRule::Yamaguchi => "yamaguchi",
            OpeningRule::Classic => "classic",
            OpeningRule::ClassicMoved => "classic-moved",
            OpeningRule::Sakata => "sakata",
            OpeningRule::Tarannikov => "tarannikov",
            OpeningRule::SuperTaraguchi10 => "super-taraguchi10",
            OpeningRule::Cwc24 => "cwc24",
            OpeningRule::Swap5 => "swap5",
            OpeningRule::Lianhuan => "lianhuan",
        }
    }

    pub fn parse(s: &str) -> Option<OpeningRule> {
        OpeningRule::ALL.iter().copied().find(|r| r.name().eq_ignore_ascii_case(s.trim()))
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The first player's opening: three stones (swap1, swap2 step 1); one of the 26 openings
    /// (soosyrv8); one of the 26 and a number of offers (yamaguchi).
    Open,
    /// Swap or not (`n` = offers declared for later, 0 if none).
    Swap { n: usize },
    /// One stone for the colour to move inside `zone` (taraguchi10 stones 1–4, yamaguchi 4th).
    Stone { zone: Zone },
    /// Soosyrv-8's 4th stone and the number of offers (1..=8).
    Fourth,
    /// Taraguchi-10's 5th: one stone inside 9×9 (a swap follows) or ten offers.
    Fifth,
    /// `n` fifth-move offers, pairwise non-symmetric.
    Offer { n: usize },
    /// White picks one of the offers.
    Pick,
    /// Swap2 step 2 (three stones) or 3 (five stones): SWAP, or stones.
    Swap2,
    /// Classic moved: a sealed proposal of the first stone's column (`column`) or row, answered
    /// with a number (0-based) from [`moved_range`].
    Propose { column: bool },
    /// Two stones, one for the colour to move inside `first` and then one for the other colour
    /// inside `second` (Sakata's 4th and 5th).
    Pair { first: Zone, second: Zone },
    /// The asked player chooses the colour it plays from here on: `BLACK` or `WHITE` (Sakata's
    /// first player after the 5th; Lianhuan's opponent after two stones).
    Colour,
    /// Lianhuan: one stone for the colour to move, or two (that colour, then the other).
    OneOrTwo,
}

fn zone_word(z: Zone) -> usize {
    match z {
        Zone::Anywhere => 0,
        Zone::Central(s) => s,
    }
}

fn zone_of(s: usize) -> Zone {
    if s == 0 { Zone::Anywhere } else { Zone::Central(s) }
}

impl Step {
    /// The step word and argument of the protocol extension.
    pub fn word(self) -> String {
        match self {
            Step::Open => "open".into(),
            Step::Swap { n } => format!("swap {n}"),
            Step::Stone { zone: Zone::Anywhere } => "stone 0".into(),
            Step::Stone { zone: Zone::Central(s) } => format!("stone {s}"),
            Step::Fourth => "fourth".into(),
            Step::Fifth => "fifth".into(),
            Step::Offer { n } => format!("offer {n}"),
            Step::Pick => "pick".into(),
            Step::Swap2 => "swap2".into(),
            Step::Propose { column: true } => "propose column".into(),
            Step::Propose { column: false } => "propose row".into(),
            Step::Pair { first, second } => format!("pair {} {}", zone_word(first), zone_word(second)),
            Step::Colour => "colour".into(),
            Step::OneOrTwo => "one-or-two".into(),
        }
    }

    /// Parses `word [args]` (the inverse of [`Step::word`]).
    pub fn parse(word: &str, args: &[&str]) -> Result<Step, String> {
        let num = |a: Option<&&str>| -> Result<usize, String> {
            let a = a.ok_or_else(|| format!("step {word} needs a number"))?;
            a.parse::<usize>().map_err(|_| format!("{a:?} is not a number"))
        };
        let most = match word.to_ascii_lowercase().as_str() {
            "pair" | "propose" => 2,
            "swap" | "stone" | "offer" => 1,
            _ => 0,
        };
        if args.len() > most {
            return Err(format!("step {word} takes {most} argument(s), got {args:?}"));
        }
        let arg = args.first();
        Ok(match word.to_ascii_lowercase().as_str() {
            "open" => Step::Open,
            "swap" => Step::Swap { n: if arg.is_some() { num(arg)? } else { 0 } },
            "stone" => Step::Stone { zone: zone_of(if arg.is_some() { num(arg)? } else { 0 }) },
            "fourth" => Step::Fourth,
            "fifth" => Step::Fifth,
            "offer" => Step::Offer { n: num(arg)? },
            "pick" => Step::Pick,
            "swap2" => Step::Swap2,
            "propose" => match arg.map(|a| a.to_ascii_lowercase()).as_deref() {
                Some("column") => Step::Propose { column: true },
                Some("row") => Step::Propose { column: false },
                _ => return Err("propose needs column or row".into()),
            },
            "pair" => {
                if args.len() != 2 {
                    return Err("pair needs two zone sides".into());
                }
                Step::Pair { first: zone_of(num(args.first())?), second: zone_of(num(args.get(1))?) }
            }
            "colour" | "color" => Step::Colour,
            "one-or-two" => Step::OneOrTwo,
            w => return Err(format!("unknown step {w:?}")),
        })
    }
}

/// A question to one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub rule: OpeningRule,
    pub step: Step,
    /// The stones so far, alternately from black.
    pub moves: Vec<Pos>,
    /// The offered fifth moves ([`Step::Pick`] only).
    pub offers: Vec<Pos>,
}

/// An answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `SWAP`: exchange colours (swap2: take black).
    Swap,
    /// `NOSWAP`.
    NoSwap,
    /// `x,y x,y …`, optionally followed by a number (declared offers).
    Stones(Vec<Pos>, Option<usize>),
    /// A bare number (a Classic-moved proposal).
    Number(usize),
    /// `BLACK` or `WHITE` (the colour chosen at a [`Step::Colour`]).
    Colour(Color),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Swap => f.write_str("SWAP"),
            Answer::NoSwap => f.write_str("NOSWAP"),
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Colour(Color::Black) => f.write_str("BLACK"),
            Answer::Colour(Color::White) => f.write_str("WHITE"),
            Answer::Stones(v, n) => {
                let mut parts: Vec<String> = v.iter().map(|p| p.to_string()).collect();
                if let Some(n) = n {
                    parts.push(n.to_string());
                }
                f.write_str(&parts.join(" "))
            }
        }
    }
}

impl Answer {
    /// Parses an answer line: `SWAP`, `NOSWAP`, `BLACK`, `WHITE`, a bare number, or `x,y`
    /// groups with an optional last number.
    pub fn parse(line: &str) -> Result<Answer, String> {
        let t = line.trim();
        if t.eq_ignore_ascii_case("SWAP") {
            return Ok(Answer::Swap);
        }
        if t.eq_ignore_ascii_case("NOSWAP") {
            return Ok(Answer::NoSwap);
        }
        if t.eq_ignore_ascii_case("BLACK") {
            return Ok(Answer::Colour(Color::Black));
        }
        if t.eq_ignore_ascii_case("WHITE") {
            return Ok(Answer::Colour(Color::White));
        }
        if !t.is_empty() && t.len() <= 6 && t.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(Answer::Number(t.parse().map_err(|_| format!("bad number {t:?}"))?));
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        let mut stones = Vec::new();
        let mut n = None;
        for (k, w) in words.iter().enumerate() {
            if let Some((a, b)) = w.split_once(',') {
                let x: usize = a.parse().map_err(|_| format!("bad stone {w:?}"))?;
                let y: usize = b.parse().map_err(|_| format!("bad stone {w:?}"))?;
                if x >= crate::core::MAX_SIZE || y >= crate::core::MAX_SIZE {
                    return Err(format!("stone {w} is off the board"));
                }
                stones.push(Pos::new(x, y));
            } else if k + 1 == words.len() && !stones.is_empty() {
                n = Some(w.parse().map_err(|_| format!("bad number {w:?}"))?);
            } else {
                return Err(format!("cannot read {t:?}"));
            }
        }
        if stones.is_empty() {
            return Err(format!("no stones in {t:?}"));
        }
        Ok(Answer::Stones(stones, n))
    }
}

/// Someone who answers opening questions: an engine over the protocol, the runner's own
/// choice, or a test stub.
pub trait OpeningPlayer {
    fn answer(&mut self, q: &Question) -> Result<Answer, String>;
}

/// The protocol text of a question (Gorin's `GORINOPENING` extension): the head
/// `GORINOPENING <rule> <step> [n]` (`pick <k>` for a pick among `k` offers), one `x,y` line per
/// stone so far (alternately from black), then the offers for a pick, then `DONE`. Swap2 steps
/// of a manager are asked with the standard `SWAP2BOARD` instead (see [`swap2_lines`]).
pub fn question_lines(q: &Question) -> Vec<String> {
    let head = match q.step {
        Step::Pick => format!("GORINOPENING {} pick {}", q.rule, q.offers.len()),
        s => format!("GORINOPENING {} {}", q.rule, s.word()),
    };
    std::iter::once(head)
        .chain(q.moves.iter().chain(&q.offers).map(|p| p.to_string()))
        .chain(std::iter::once("DONE".to_string()))
        .collect()
}

/// The standard `SWAP2BOARD` block for the stones so far (0, 3 or 5 of them).
pub fn swap2_lines(moves: &[Pos]) -> Vec<String> {
    std::iter::once("SWAP2BOARD".to_string())
        .chain(moves.iter().map(|p| p.to_string()))
        .chain(std::iter::once("DONE".to_string()))
        .collect()
}

/// The end of an opening: the stones and who plays black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningResult {
    pub moves: Vec<Pos>,
    /// The player (0 = first, 1 = other) who plays black from here on.
    pub black: usize,
    /// Every question and answer, for the record: (player, question text, answer text).
    pub transcript: Vec<(usize, String, String)>,
}

/// A player broke the rule (the referee adjudicates a loss).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningError {
    pub player: usize,
    pub why: String,
}

/// The 26 canonical renju openings: (name, white's 2nd stone, black's 3rd stone) as offsets
/// from the centre stone, x to the right and y up (renju notation: `h8` centre, `h9` above it).
/// Direct openings have white straight above the centre, indirect ones diagonally.
pub const OPENINGS_26: [(&str, (i32, i32), (i32, i32)); 26] = [
    ("Kansei", (0, 1), (0, 2)),
    ("Keigetsu", (0, 1), (1, 2)),
    ("Sosei", (0, 1), (2, 2)),
    ("Kagetsu", (0, 1), (1, 1)),
    ("Zangetsu", (0, 1), (2, 1)),
    ("Ugetsu", (0, 1), (1, 0)),
    ("Kinsei", (0, 1), (2, 0)),
    ("Shogetsu", (0, 1), (1, -1)),
    ("Kyugetsu", (0, 1), (0, -1)),
    ("Shingetsu", (0, 1), (1, -2)),
    ("Zuisei", (0, 1), (0, -2)),
    ("Sangetsu", (0, 1), (2, -1)),
    ("Yusei", (0, 1), (2, -2)),
    ("Chosei", (1, 1), (2, 2)),
    ("Kyogetsu", (1, 1), (2, 1)),
    ("Kosei", (1, 1), (2, 0)),
    ("Suigetsu", (1, 1), (2, -1)),
    ("Ryusei", (1, 1), (2, -2)),
    ("Ungetsu", (1, 1), (1, 0)),
    ("Hogetsu", (1, 1), (1, -1)),
    ("Rangetsu", (1, 1), (1, -2)),
    ("Gingetsu", (1, 1), (0, -1)),
    ("Myojo", (1, 1), (0, -2)),
    ("Shagetsu", (1, 1), (-1, -2)),
    ("Meigetsu", (1, 1), (-1, -1)),
    ("Suisei", (1, 1), (-2, -2)),
];

/// The stones of canonical opening `k` (0..26) on a `w`×`h` board, centre at (w/2, h/2).
pub fn opening_stones(k: usize, w: usize, h: usize) -> Vec<Pos> {
    opening_stones_around(k, Pos::new(w / 2, h / 2))
}

/// The stones of canonical opening `k` (0..26) laid around a first stone at `first` (at least
/// two points from every edge).
pub fn opening_stones_around(k: usize, first: Pos) -> Vec<Pos> {
    let (_, white, third) = OPENINGS_26[k];
    let (cx, cy) = (first.x as i32, first.y as i32);
    let at = |(dx, dy): (i32, i32)| Pos::new((cx + dx) as usize, (cy + dy) as usize);
    vec![at((0, 0)), at(white), at(third)]
}

/// Which of the 26 openings three stones (B W B) are, up to symmetry, laid around wherever
/// the first stone is (Classic moved): the stones are moved so the first is at the centre.
pub fn which_opening_around(moves: &[Pos], w: usize, h: usize) -> Option<usize> {
    let first = *moves.first()?;
    let (dx, dy) = ((w / 2) as i32 - first.x as i32, (h / 2) as i32 - first.y as i32);
    let mut moved = Vec::new();
    for p in moves {
        let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
        if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
            return None;
        }
        moved.push(Pos::new(x as usize, y as usize));
    }
    which_opening(&moved, w, h)
}

/// Classic moved: the columns (`w`) or rows (`h`) a first-stone proposal may name: from the
/// centre to four points beyond it (h..l and 8..12 on 15×15), kept two points from the edge.
pub fn moved_range(side: usize) -> std::ops::RangeInclusive<usize> {
    side / 2..=(side / 2 + 4).min(side.saturating_sub(3)).max(side / 2)
}

/// Which of the 26 openings three stones (B W B) are, up to symmetry.
pub fn which_opening(moves: &[Pos], w: usize, h: usize) -> Option<usize> {
    if moves.len() != 3 || w != h {
        return None;
    }
    let form = canonical(&alternate(moves), w, h);
    (0..26).find(|&k| canonical(&alternate(&opening_stones(k, w, h)), w, h) == form)
}

/// The referee: walks `rule` between `players` (0 is the first player) on a `w`×`h` board
/// under `game_rule`, checking every answer (legality, zones, counts, offers pairwise
/// non-symmetric, picks among the offers).
pub fn walk(
    rule: OpeningRule,
    w: usize,
    h: usize,
    game_rule: Rule,
    players: &mut [&mut dyn OpeningPlayer; 2],
) -> Result<OpeningResult, OpeningError> {
    let mut w_ = Walk { rule, w, h, game: Game::new(w, h, game_rule), black: 0, transcript: Vec::new() };
    w_.run(players)?;
    Ok(OpeningResult { moves: w_.moves(), black: w_.black, transcript: w_.transcript })
}

struct Walk {
    rule: OpeningRule,
    w: usize,
    h: usize,
    game: Game,
    /// Who holds black now.
    black: usize,
    transcript: Vec<(usize, String, String)>,
}

fn err(player: usize, why: impl Into<String>) -> OpeningError {
    OpeningError { player, why: why.into() }
}

impl Walk {
    fn moves(&self) -> Vec<Pos> {
        let b = &self.game.board;
        b.history().map(|(i, _)| b.pos(i)).collect()
    }

    /// The player holding colour `c`.
    fn holder(&self, c: Color) -> usize {
        if c == Color::Black { self.black } else { 1 - self.black }
    }

    fn ask(
        &mut self,
        players: &mut [&mut dyn OpeningPlayer; 2],
        who: usize,
        step: Step,
        offers: &[Pos],
    ) -> Result<Answer, OpeningError> {
        let q = Question { rule: self.rule, step, moves: self.moves(), offers: offers.to_vec() };
        let a = players[who].answer(&q).map_err(|e| err(who, e))?;
        let text = format!("{} {} [{}]", self.rule, step.word(), crate::core::format_move_string(&q.moves));
        self.transcript.push((who, text, a.to_string()));
        Ok(a)
    }

    /// Places stones for the sides to move, checking each.
    fn place(&mut self, who: usize, stones: &[Pos], zone: Zone) -> Result<(), OpeningError> {
        for &p in stones {
            if !zone.contains(p, self.w, self.h) {
                return Err(err(who, format!("stone {p} is outside the zone {zone:?}")));
            }
            match self.game.play(p) {
                Ok(Outcome::Ongoing) => {}
                Ok(o) => return Err(err(who, format!("stone {p} ends the game ({o:?})"))),
                Err(e) => return Err(err(who, format!("stone {p}: {e}"))),
            }
        }
        Ok(())
    }

    fn stones(a: Answer, who: usize, count: usize, with_n: bool) -> Result<(Vec<Pos>, Option<usize>), OpeningError> {
        match a {
            Answer::Stones(v, n) if v.len() == count && n.is_some() == with_n => Ok((v, n)),
            a => Err(err(
                who,
                format!("expected {count} stone(s){} but got {a:?}", if with_n { " and a number" } else { "" }),
            )),
        }
    }

    /// The player holding the colour to move may swap.
    fn swap_step(&mut self, players: &mut [&mut dyn OpeningPlayer; 2], n: usize) -> Result<(), OpeningError> {
        let who = self.holder(self.game.to_move);
        match self.ask(players, who, Step::Swap { n }, &[])? {
            Answer::Swap => self.black = 1 - self.black,
            Answer::NoSwap => {}
            a => return Err(err(who, format!("expected SWAP or NOSWAP but got {a}"))),
        }
        Ok(())
    }

    /// The rule's zoned stones, each placed by the holder of its colour and followed by the
    /// other player's swap.
    fn zoned(&mut self, players: &mut [&mut dyn OpeningPlayer; 2]) -> Result<(), OpeningError> {
        for &zone in self.rule.zoned_stones() {
            let who = self.holder(self.game.to_move);
            let a = self.ask(players, who, Step::Stone { zone }, &[])?;
            let (v, _) = Walk::stones(a, who, 1, false)?;
            self.place(who, &v, zone)?;
            self.swap_step(players, 0)?;
        }
        Ok(())
    }

    /// Taraguchi-10's 5th: black's holder plays one inside 9×9 (then white's holder may swap)
    /// or offers ten.
    fn fifth(&mut self, players: &mut [&mut dyn OpeningPlayer; 2]) -> Result<(), OpeningError> {
        let b = self.holder(Color::Black);
        let a = self.ask(players, b, Step::Fifth, &[])?;
        match &a {
            Answer::Stones(v, None) if v.len() == 1 => {
                self.place(b, v, Zone::for_stone(5))?;
                self.swap_step(players, 0)
            }
            Answer::Stones(v, None) if v.len() == TARAGUCHI_OFFERS => self.offers(players, TARAGUCHI_OFFERS, Some(a)),
            a => Err(err(b, format!("expected one fifth or {TARAGUCHI_OFFERS} offers, got {a}"))),
        }
    }

    /// Classic after the three stones: swap?, white's 4th anywhere, two offers, white's pick.
    fn classic_rest(&mut self, players: &mut [&mut dyn OpeningPlayer; 2]) -> Result<(), OpeningError> {
        self.swap_step(players, CLASSIC_OFFERS)?;
        let wh = self.holder(Color::White);
        let a = self.ask(players, wh, Step::Stone { zone: Zone::Anywhere }, &[])?;
        let (v, _) = Walk::stones(a, wh, 1, false)?;
        self.place(wh, &v, Zone::Anywhere)?;
        self.offers(players, CLASSIC_OFFERS, None)
    }

    /// A sealed Classic-moved proposal from `who` (asked on the empty board, so it cannot see
    /// the other's).
    fn propose(
        &mut self,
        players: &mut [&mut dyn OpeningPlayer; 2],
        who: usize,
        column: bool,
    ) -> Result<usize, OpeningError> {
        let range = moved_range(if column { self.w } else { self.h });
        match self.ask(players, who, Step::Propose { column }, &[])? {
            Answer::Number(n) if range.contains(&n) => Ok(n),
            a => Err(err(
                who,
                format!(
                    "expected a {} from {} to {} but got {a}",
                    if column { "column" } else { "row" },
                    range.start(),
                    range.end()
                ),
            )),
        }
    }

    /// `who` chooses the colour it plays from here on.
    fn colour_step(&mut self, players: &mut [&mut dyn OpeningPlayer; 2], who: usize) -> Result<(), OpeningError> {
        match self.ask(players, who, Step::Colour, &[])? {
            Answer::Colour(Color::Black) => self.black = who,
            Answer::Colour(Color::White) => self.black = 1 - who,
            a => return Err(err(who, format!("expected BLACK or WHITE but got {a}"))),
        }
        Ok(())
    }

    /// One of the 26 openings from the first player.
    fn open26(
        &mut self,
        players: &mut [&mut dyn OpeningPlayer; 2],
        with_n: bool,
    ) -> Result<Option<usize>, OpeningError> {
        let a = self.ask(players, 0, Step::Open, &[])?;
        let (v, n) = Walk::stones(a, 0, 3, with_n)?;
        if which_opening(&v, self.w, self.h).is_none() || v[0] != Pos::new(self.w / 2, self.h / 2) {
            return Err(err(0, format!("{} is not one of the 26 openings", crate::core::format_move_string(&v))));
        }
        self.place(0, &v, Zone::Central(5))?;
        Ok(n)
    }

    /// Black's holder offers `n` fifths, white's holder picks one; the pick is played.
    fn offers(
        &mut self,
        players: &mut [&mut dyn OpeningPlayer; 2],
        n: usize,
        a: Option<Answer>,
    ) -> Result<(), OpeningError> {
        let b = self.holder(Color::Black);
        let a = match a {
            Some(a) => a,
            None => self.ask(players, b, Step::Offer { n }, &[])?,
        };
        let (offers, _) = Walk::stones(a, b, n, false)?;
        check_offers(&self.game, &offers).map_err(|e| err(b, e))?;
        let wh = self.holder(Color::White);
        let pick = match self.ask(players, wh, Step::Pick, &offers)? {
            Answer::Stones(v, None) if v.len() == 1 && offers.contains(&v[0]) => v[0],
            a => return Err(err(wh, format!("expected one of the offers but got {a}"))),
        };
        self.place(b, &[pick], Zone::Anywhere)
    }

    fn run(&mut self, players: &mut [&mut dyn OpeningPlayer; 2]) -> Result<(), OpeningError> {
        let (w, h) = (self.w, self.h);
        match self.rule {
            OpeningRule::Swap1 => {
                let a = self.ask(players, 0, Step::Open, &[])?;
                let (v, _) = Walk::stones(a, 0, 3, false)?;
                self.place(0, &v, Zone::Anywhere)?;
                self.swap_step(players, 0)?;
            }
            OpeningRule::Swap2 => {
                let a = self.ask(players, 0, Step::Open, &[])?;
                let (v, _) = Walk::stones(a, 0, 3, false)?;
                self.place(0, &v, Zone::Anywhere)?;
                // Player 1 holds white.
                match self.ask(players, 1, Step::Swap2, &[])? {
                    Answer::Swap => self.black = 1,
                    Answer::Stones(v, None) if v.len() == 1 => self.place(1, &v, Zone::Anywhere)?,
                    Answer::Stones(v, None) if v.len() == 2 => {
                        self.place(1, &v, Zone::Anywhere)?;
                        match self.ask(players, 0, Step::Swap2, &[])? {
                            Answer::Swap => {} // player 0 keeps black (it took black)
                            Answer::Stones(v, None) if v.len() == 1 => {
                                self.black = 1;
                                self.place(0, &v, Zone::Anywhere)?;
                            }
                            a => return Err(err(0, format!("swap2 step 3 expects SWAP or one stone, got {a}"))),
                        }
                    }
                    a => return Err(err(1, format!("swap2 step 2 expects SWAP, one or two stones, got {a}"))),
                }
            }
            OpeningRule::Taraguchi10 | OpeningRule::SuperTaraguchi10 => {
                self.zoned(players)?;
                self.fifth(players)?;
            }
            OpeningRule::Tarannikov | OpeningRule::Cwc24 | OpeningRule::Swap5 => self.zoned(players)?,
            OpeningRule::Classic => {
                self.open26(players, false)?;
                self.classic_rest(players)?;
            }
            OpeningRule::ClassicMoved => {
                let x = self.propose(players, 0, true)?;
                let y = self.propose(players, 1, false)?;
                let first = Pos::new(x, y);
                self.place(0, &[first], Zone::Anywhere)?;
                let a = self.ask(players, 0, Step::Open, &[])?;
                let (v, _) = Walk::stones(a, 0, 2, false)?;
                let three = [first, v[0], v[1]];
                if which_opening_around(&three, w, h).is_none() {
                    return Err(err(
                        0,
                        format!(
                            "{} is not one of the 26 openings around {first}",
                            crate::core::format_move_string(&three)
                        ),
                    ));
                }
                self.place(0, &v, Zone::Anywhere)?;
                self.classic_rest(players)?;
            }
            OpeningRule::Sakata => {
                self.open26(players, false)?;
                let (first, second) = (Zone::Central(7), Zone::Central(9));
                let a = self.ask(players, 1, Step::Pair { first, second }, &[])?;
                let (v, _) = Walk::stones(a, 1, 2, false)?;
                self.place(1, &v[..1], first)?;
                self.place(1, &v[1..], second)?;
                self.colour_step(players, 0)?;
            }
            OpeningRule::Lianhuan => {
                while self.game.board.move_count() <= 4 {
                    let who = self.holder(self.game.to_move);
                    match self.ask(players, who, Step::OneOrTwo, &[])? {
                        Answer::Stones(v, None) if v.len() == 1 => self.place(who, &v, Zone::Anywhere)?,
                        Answer::Stones(v, None) if v.len() == 2 => {
                            self.place(who, &v, Zone::Anywhere)?;
                            self.colour_step(players, 1 - who)?;
                        }
                        a => return Err(err(who, format!("expected one or two stones but got {a}"))),
                    }
                }
            }
            OpeningRule::Soosyrv8 => {
                self.open26(players, false)?;
                self.swap_step(players, 0)?;
                let wh = self.holder(Color::White);
                let a = self.ask(players, wh, Step::Fourth, &[])?;
                let (v, n) = Walk::stones(a, wh, 1, true)?;
                let n = n.unwrap_or(0);
                if !(1..=SOOSYRV_MAX_OFFERS).contains(&n) {
                    return Err(err(wh, format!("declared {n} offers; Soosyrv-8 allows 1 to 8")));
                }
                self.place(wh, &v, Zone::Anywhere)?;
                self.swap_step(players, n)?;
                self.offers(players, n, None)?;
            }
            OpeningRule::Yamaguchi => {
                let n = self.open26(players, true)?.unwrap_or(0);
                if !(1..=YAMAGUCHI_MAX_OFFERS).contains(&n) {
                    return Err(err(0, format!("declared {n} offers; allowed 1 to {YAMAGUCHI_MAX_OFFERS}")));
                }
                self.swap_step(players, n)?;
                let wh = self.holder(Color::White);
                let a = self.ask(players, wh, Step::Stone { zone: Zone::Anywhere }, &[])?;
                let (v, _) = Walk::stones(a, wh, 1, false)?;
                self.place(wh, &v, Zone::Anywhere)?;
                self.offers(players, n, None)?;
            }
        }
        Ok(())
    }
}

/// Offered fifth moves must be legal for black, distinct and pairwise non-symmetric.
pub fn check_offers(game: &Game, offers: &[Pos]) -> Result<(), String> {
    let (w, h) = (game.board.width(), game.board.height());
    let mut forms = Vec::new();
    for &p in offers {
        let mut g = game.clone();
        g.play(p).map_err(|e| format!("offer {p}: {e}"))?;
        let b = &g.board;
        let stones: Vec<(Pos, Color)> = b.history().map(|(i, c)| (b.pos(i), c)).collect();
        let form = canonical(&stones, w, h);
        if forms.contains(&form) {
            return Err(format!("offer {p} is symmetric to an earlier offer"));
        }
        forms.push(form);
    }
    Ok(())
}

/// Where our "anywhere" stones are looked for: the whole board, except the central 5×5 on an
/// empty board (a lone stone's value says little; the first stone stays near the middle).
fn anywhere(game: &Game) -> Zone {
    if game.board.move_count() == 0 {
        Zone::Central(5)
    } else {
        let b = &game.board;
        Zone::Central(2 * b.width().max(b.height()) + 1)
    }
}

/// Our own answers, from the opening [`Decider`]: what the engine says over the protocol and
/// what the match runner chooses for an engine without the extension.
pub struct AutoPlayer {
    pub decider: Decider,
    pub game_rule: Rule,
    pub width: usize,
    pub height: usize,
}

impl AutoPlayer {
    pub fn new(decider: Decider, width: usize, height: usize, game_rule: Rule) -> AutoPlayer {
        AutoPlayer { decider, game_rule, width, height }
    }

    fn game(&self, moves: &[Pos]) -> Result<Game, String> {
        Game::from_moves(self.width, self.height, self.game_rule, moves).map_err(|e| e.to_string())
    }

    /// The most balanced of the 26 openings (white to move) around `first` (the centre for
    /// all but Classic moved), and its value for black.
    fn best_of_26(&mut self, first: Pos) -> Result<(Vec<Pos>, i32), String> {
        let mut all = Vec::new();
        for k in 0..26 {
            let v = opening_stones_around(k, first);
            let g = self.game(&v)?;
            let bv = self.decider.ev.black_value(&g);
            all.push(super::Scored { stones: v, black_value: bv });
        }
        all.sort_by_key(|s| {
            (s.black_value.abs(), s.black_value, s.stones.iter().map(|p| (p.y, p.x)).collect::<Vec<_>>())
        });
        let s = self.decider.ev.pick(all).ok_or("no opening")?;
        Ok((s.stones, s.black_value))
    }
}

impl OpeningPlayer for AutoPlayer {
    fn answer(&mut self, q: &Question) -> Result<Answer, String> {
        self.decider.ev.restart_clock();
        let game = self.game(&q.moves)?;
        let centre = Pos::new(self.width / 2, self.height / 2);
        let d = &mut self.decider;
        Ok(match (q.rule, q.step) {
            (OpeningRule::Swap1 | OpeningRule::Swap2, Step::Open) => {
                Answer::Stones(d.three_stones(self.width, self.height, self.game_rule), None)
            }
            (OpeningRule::Soosyrv8 | OpeningRule::Classic | OpeningRule::Sakata, Step::Open) => {
                Answer::Stones(self.best_of_26(centre)?.0, None)
            }
            (OpeningRule::Yamaguchi, Step::Open) => {
                let (v, bv) = self.best_of_26(centre)?;
                Answer::Stones(v, Some(Decider::offers_for(bv, YAMAGUCHI_MAX_OFFERS)))
            }
            (OpeningRule::ClassicMoved, Step::Open) => {
                let first = *q.moves.first().ok_or("classic-moved opens around the first stone")?;
                Answer::Stones(self.best_of_26(first)?.0[1..].to_vec(), None)
            }
            (_, Step::Propose { column }) => {
                // Any first stone of the range can be balanced by the opening laid around it:
                // a seeded choice, different for the two axes (the centre without a seed).
                let range = moved_range(if column { self.width } else { self.height });
                let len = (range.end() - range.start() + 1) as u64;
                let seed = d.ev.limits.seed;
                let k = if seed == 0 { 0 } else { super::balance::mix(seed ^ if column { 0 } else { 0x5a5a }) % len };
                Answer::Number(range.start() + k as usize)
            }
            (_, Step::Pair { first, second }) => {
                let s = d.ev.balance_two(&game, first, second).ok_or("no legal pair of stones in the zones")?;
                Answer::Stones(s.stones, None)
            }
            (_, Step::Colour) => {
                let (c, _) = d.prefer_colour(&game);
                Answer::Colour(c)
            }
            (_, Step::OneOrTwo) => {
                // One stone when the best one leaves us clearly better (the opponent cannot
                // choose colours after it); else two balanced stones, after which the opponent
                // takes the better colour of a position as even as we can make it.
                let (best, v) = d.best_move(&game).ok_or("no legal move")?;
                if v > EVEN_MARGIN {
                    Answer::Stones(vec![best], None)
                } else {
                    let z = anywhere(&game);
                    match d.ev.balance_two(&game, z, z) {
                        Some(s) => Answer::Stones(s.stones, None),
                        None => Answer::Stones(vec![best], None),
                    }
                }
            }
            (_, Step::Open) => return Err(format!("{} has no open step", q.rule)),
            (_, Step::Swap { n }) => {
                if d.wants_swap(&game, n) {
                    Answer::Swap
                } else {
                    Answer::NoSwap
                }
            }
            (_, Step::Stone { zone }) => {
                let s = if zone == Zone::Anywhere {
                    d.ev.balance_one(&game, anywhere(&game))
                } else {
                    d.ev.balance_one(&game, zone)
                };
                Answer::Stones(vec![s.ok_or("no legal stone in the zone")?.stones[0]], None)
            }
            (_, Step::Fourth) => {
                let s = d.ev.balance_one(&game, Zone::Anywhere).ok_or("no legal fourth stone")?;
                Answer::Stones(s.stones, Some(Decider::offers_for(s.black_value, SOOSYRV_MAX_OFFERS)))
            }
            (_, Step::Fifth) => {
                // One balanced fifth (white then swaps to the better side: worth −|v| to us) or
                // ten offers (worth white's best pick to white).
                let one = d.ev.balance_one(&game, Zone::for_stone(5));
                let offers = d.offer_fifths(&game, TARAGUCHI_OFFERS);
                let offers_value = offers.iter().map(|s| s.black_value).min().unwrap_or(i32::MIN);
                match one {
                    Some(s) if offers.len() < TARAGUCHI_OFFERS || -s.black_value.abs() >= offers_value => {
                        Answer::Stones(s.stones, None)
                    }
                    _ if offers.len() == TARAGUCHI_OFFERS => {
                        Answer::Stones(offers.into_iter().map(|s| s.stones[0]).collect(), None)
                    }
                    _ => return Err("no legal fifth move".into()),
                }
            }
            (_, Step::Offer { n }) => {
                let offers = d.offer_fifths(&game, n);
                if offers.len() < n {
                    return Err(format!("only {} non-symmetric fifth moves", offers.len()));
                }
                Answer::Stones(offers.into_iter().map(|s| s.stones[0]).collect(), None)
            }
            (_, Step::Pick) => Answer::Stones(vec![d.pick_fifth(&game, &q.offers).ok_or("no legal offer")?.0], None),
            (_, Step::Swap2) => match d.swap2(&game)? {
                Swap2Decision::Swap => Answer::Swap,
                Swap2Decision::Stones(v) => Answer::Stones(v, None),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_26_openings_are_26_different_legal_openings() {
        let (w, h) = (15, 15);
        let mut forms = Vec::new();
        for k in 0..26 {
            let v = opening_stones(k, w, h);
            assert_eq!(v[0], Pos::new(7, 7));
            assert!(Zone::Central(3).contains(v[1], w, h), "{}", OPENINGS_26[k].0);
            assert!(Zone::Central(5).contains(v[2], w, h), "{}", OPENINGS_26[k].0);
            Game::from_moves(w, h, Rule::Renju, &v).unwrap();
            let f = canonical(&alternate(&v), w, h);
            assert!(!forms.contains(&f), "{} repeats an earlier opening", OPENINGS_26[k].0);
            forms.push(f);
            assert_eq!(which_opening(&v, w, h), Some(k));
        }
        // And they are all of them: every legal (centre, 3x3, 5x5) placement is one of the 26.
        let c = 7usize;
        let mut count = 0;
        for wx in c - 1..=c + 1 {
            for wy in c - 1..=c + 1 {
                for bx in c - 2..=c + 2 {
                    for by in c - 2..=c + 2 {
                        let v = [Pos::new(c, c), Pos::new(wx, wy), Pos::new(bx, by)];
                        if v[1] == v[0] || v[2] == v[0] || v[2] == v[1] {
                            continue;
                        }
                        assert!(which_opening(&v, w, h).is_some(), "{v:?}");
                        count += 1;
                    }
                }
            }
        }
        assert_eq!(count, 8 * 23);
        // A rotated opening is still recognised; a stone outside 5x5 is not an opening.
        let rot: Vec<Pos> =
            opening_stones(3, w, h).iter().map(|&p| super::super::symmetry::Sym::Rot90.apply(p, w, h)).collect();
        assert_eq!(which_opening(&rot, w, h), Some(3));
        assert_eq!(which_opening(&[Pos::new(7, 7), Pos::new(7, 8), Pos::new(10, 7)], w, h), None);
    }

    #[test]
    fn answers_round_trip() {
        for a in [
            Answer::Swap,
            Answer::NoSwap,
            Answer::Stones(vec![Pos::new(7, 7)], None),
            Answer::Stones(vec![Pos::new(7, 7), Pos::new(8, 9), Pos::new(10, 0)], Some(5)),
            Answer::Number(9),
            Answer::Colour(Color::Black),
        ] {
            assert_eq!(Answer::parse(&a.to_string()), Ok(a.clone()));
        }
        assert_eq!(Answer::parse("5"), Ok(Answer::Number(5)));
        assert_eq!(Answer::parse("white"), Ok(Answer::Colour(Color::White)));
        assert_eq!(Answer::parse("BLACK").unwrap().to_string(), "BLACK");
        assert!(Answer::parse("-5").is_err());
        assert!(Answer::parse("7,7 x").is_err());
        assert!(Answer::parse("").is_err());
        for s in [
            Step::Open,
            Step::Swap { n: 3 },
            Step::Stone { zone: Zone::Central(5) },
            Step::Stone { zone: Zone::Anywhere },
            Step::Fourth,
            Step::Fifth,
            Step::Offer { n: 8 },
            Step::Pick,
            Step::Swap2,
            Step::Propose { column: true },
            Step::Propose { column: false },
            Step::Pair { first: Zone::Central(7), second: Zone::Anywhere },
            Step::Colour,
            Step::OneOrTwo,
        ] {
            let w = s.word();
            let words: Vec<&str> = w.split_whitespace().collect();
            assert_eq!(Step::parse(words[0], &words[1..]), Ok(s));
        }
        assert!(Step::parse("propose", &["diagonal"]).is_err());
        assert!(Step::parse("pair", &["7"]).is_err());
        assert!(Step::parse("colour", &["1"]).is_err());
    }
}
