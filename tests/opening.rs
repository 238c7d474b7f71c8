//! Opening rules: balanced stones, swap decisions, fifth-move offers and picks, and every rule
//! walked end to end between our decisions and a stub opponent (both seats).

use gorin::core::{Color, Pos, Rule, format_move_string};
use gorin::game::{Game, Outcome};
use gorin::opening::rif::{
    Answer, AutoPlayer, OpeningPlayer, OpeningRule, Question, Step, TARAGUCHI_OFFERS, check_offers, moved_range,
    opening_stones_around, walk, which_opening, which_opening_around,
};
use gorin::opening::symmetry::canonical;
use gorin::opening::{BalanceLimits, Decider, Swap2Decision, Zone};

fn auto(rule: Rule) -> AutoPlayer {
    AutoPlayer::new(Decider::new(BalanceLimits::quick()), 15, 15, rule)
}

/// A stub opponent: always the legal point of the zone nearest the centre (row-major ties),
/// never swaps (or always, with `swapper`), offers the first non-symmetric points, picks the
/// first offer, opens with the first of the 26 openings.
struct Stub {
    swapper: bool,
    rule: Rule,
    asked: Vec<Step>,
}

impl Stub {
    fn nearest(&self, moves: &[Pos], zone: Zone, skip: &[Pos]) -> Pos {
        let mut g = Game::from_moves(15, 15, self.rule, moves).unwrap();
        let mut pts: Vec<Pos> = (0..15).flat_map(|y| (0..15).map(move |x| Pos::new(x, y))).collect();
        pts.sort_by_key(|p| ((p.x as i32 - 7).abs().max((p.y as i32 - 7).abs()), p.y, p.x));
        *pts.iter()
            .find(|&&p| zone.contains(p, 15, 15) && !skip.contains(&p) && g.play(p).is_ok() && g.undo())
            .expect("a free point")
    }
}

impl OpeningPlayer for Stub {
    fn answer(&mut self, q: &Question) -> Result<Answer, String> {
        self.asked.push(q.step);
        let one = |p| Answer::Stones(vec![p], None);
        Ok(match q.step {
            Step::Open => match q.rule {
                OpeningRule::Swap1 | OpeningRule::Swap2 => {
                    Answer::Stones(vec![Pos::new(7, 7), Pos::new(8, 7), Pos::new(6, 9)], None)
                }
                OpeningRule::Yamaguchi => Answer::Stones(gorin::opening::rif::opening_stones(0, 15, 15), Some(2)),
                // two stones around the proposed first stone
                OpeningRule::ClassicMoved => Answer::Stones(opening_stones_around(3, q.moves[0])[1..].to_vec(), None),
                _ => Answer::Stones(gorin::opening::rif::opening_stones(0, 15, 15), None),
            },
            Step::Propose { column } => Answer::Number(if column { 9 } else { 8 }),
            Step::Pair { first, second } => {
                let a = self.nearest(&q.moves, first, &[]);
                let mut m = q.moves.clone();
                m.push(a);
                Answer::Stones(vec![a, self.nearest(&m, second, &[])], None)
            }
            Step::Colour => Answer::Colour(if self.swapper { Color::Black } else { Color::White }),
            Step::OneOrTwo => {
                let a = self.nearest(&q.moves, Zone::Anywhere, &[]);
                if self.swapper {
                    let mut m = q.moves.clone();
                    m.push(a);
                    Answer::Stones(vec![a, self.nearest(&m, Zone::Anywhere, &[])], None)
                } else {
                    one(a)
                }
            }
            Step::Swap { .. } => {
                if self.swapper {
                    Answer::Swap
                } else {
                    Answer::NoSwap
                }
            }
            Step::Stone { zone } => one(self.nearest(&q.moves, zone, &[])),
            Step::Fourth => Answer::Stones(vec![self.nearest(&q.moves, Zone::Anywhere, &[])], Some(3)),
            Step::Fifth => one(self.nearest(&q.moves, Zone::Central(9), &[])),
            Step::Offer { n } => {
                let g = Game::from_moves(15, 15, self.rule, &q.moves).unwrap();
                let mut v: Vec<Pos> = Vec::new();
                let mut skip = Vec::new();
                while v.len() < n {
                    let p = self.nearest(&q.moves, Zone::Anywhere, &skip);
                    skip.push(p);
                    let mut t = v.clone();
                    t.push(p);
                    if check_offers(&g, &t).is_ok() {
                        v = t;
                    }
                }
                Answer::Stones(v, None)
            }
            Step::Pick => one(q.offers[0]),
            Step::Swap2 => {
                if q.moves.len() == 3 {
                    let a = self.nearest(&q.moves, Zone::Anywhere, &[]);
                    let b = self.nearest(&q.moves, Zone::Anywhere, &[a]);
                    Answer::Stones(vec![a, b], None)
                } else if self.swapper {
                    Answer::Swap
                } else {
                    one(self.nearest(&q.moves, Zone::Anywhere, &[]))
                }
            }
        })
    }
}

fn stub(rule: Rule, swapper: bool) -> Stub {
    Stub { swapper, rule, asked: Vec::new() }
}

/// Walks `rule` both ways round (our decisions first, then the stub first), with a stub that
/// never swaps and one that always swaps; checks the result is a legal unfinished position of
/// the expected length.
fn walk_both_ways(rule: OpeningRule, game_rule: Rule, lens: &[usize]) {
    for swapper in [false, true] {
        for ours_first in [true, false] {
            let mut a = auto(game_rule);
            let mut s = stub(game_rule, swapper);
            let r = if ours_first {
                walk(rule, 15, 15, game_rule, &mut [&mut a, &mut s])
            } else {
                walk(rule, 15, 15, game_rule, &mut [&mut s, &mut a])
            };
            let r = r.unwrap_or_else(|e| panic!("{rule} swapper={swapper} ours_first={ours_first}: {e:?}"));
            assert!(lens.contains(&r.moves.len()), "{rule}: {} stones {}", r.moves.len(), format_move_string(&r.moves));
            let g = Game::from_moves(15, 15, game_rule, &r.moves).unwrap();
            assert_eq!(g.outcome, Outcome::Ongoing);
            assert!(r.black < 2);
            assert!(!r.transcript.is_empty());
            assert!(!s.asked.is_empty(), "{rule}: the stub was never asked");
        }
    }
}

#[test]
fn swap1_walks_end_to_end() {
    walk_both_ways(OpeningRule::Swap1, Rule::Standard, &[3]);
}

#[test]
fn swap2_walks_end_to_end() {
    walk_both_ways(OpeningRule::Swap2, Rule::Standard, &[3, 4, 5, 6]);
}

#[test]
fn taraguchi10_walks_end_to_end_with_zones() {
    walk_both_ways(OpeningRule::Taraguchi10, Rule::Renju, &[5]);
    // Every stone k of a Taraguchi walk lies in its (2k-1) square.
    let mut a = auto(Rule::Renju);
    let mut b = auto(Rule::Renju);
    let r = walk(OpeningRule::Taraguchi10, 15, 15, Rule::Renju, &mut [&mut a, &mut b]).unwrap();
    for (k, &p) in r.moves.iter().take(4).enumerate() {
        assert!(Zone::for_stone(k + 1).contains(p, 15, 15), "stone {} at {p}", k + 1);
    }
}

#[test]
fn soosyrv8_walks_end_to_end() {
    walk_both_ways(OpeningRule::Soosyrv8, Rule::Renju, &[5]);
}

#[test]
fn yamaguchi_walks_end_to_end() {
    walk_both_ways(OpeningRule::Yamaguchi, Rule::Renju, &[5]);
}

/// A player that breaks a rule is named in the error.
#[test]
fn the_referee_rejects_zone_and_symmetry_violations() {
    struct Bad(Answer);
    impl OpeningPlayer for Bad {
        fn answer(&mut self, _: &Question) -> Result<Answer, String> {
            Ok(self.0.clone())
        }
    }
    // Taraguchi stone 1 off the centre.
    let mut bad = Bad(Answer::Stones(vec![Pos::new(8, 7)], None));
    let mut s = stub(Rule::Renju, false);
    let e = walk(OpeningRule::Taraguchi10, 15, 15, Rule::Renju, &mut [&mut bad, &mut s]).unwrap_err();
    assert_eq!(e.player, 0);
    assert!(e.why.contains("zone"), "{}", e.why);
    // Soosyrv: three stones that are not one of the 26.
    let mut bad = Bad(Answer::Stones(vec![Pos::new(7, 7), Pos::new(7, 8), Pos::new(10, 10)], None));
    let e = walk(OpeningRule::Soosyrv8, 15, 15, Rule::Renju, &mut [&mut bad, &mut s]).unwrap_err();
    assert_eq!(e.player, 0);
    // Symmetric offers: h8 h9 (direct) i7… mirror images left-right.
    let g = Game::from_moves(15, 15, Rule::Renju, &[Pos::new(7, 7), Pos::new(7, 8), Pos::new(7, 5), Pos::new(7, 4)])
        .unwrap();
    assert!(check_offers(&g, &[Pos::new(8, 7), Pos::new(6, 7)]).unwrap_err().contains("symmetric"));
    assert!(check_offers(&g, &[Pos::new(8, 7), Pos::new(9, 7)]).is_ok());
}

#[test]
fn balance_search_is_deterministic_and_finds_even_stones() {
    let mut g = Game::new(15, 15, Rule::Standard);
    g.play(Pos::new(7, 7)).unwrap();
    let mut d1 = Decider::new(BalanceLimits::quick());
    let mut d2 = Decider::new(BalanceLimits::quick());
    let a = d1.ev.balance_two(&g, Zone::Central(3), Zone::Central(5)).unwrap();
    let b = d2.ev.balance_two(&g, Zone::Central(3), Zone::Central(5)).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.stones.len(), 2);
    assert!(Zone::Central(3).contains(a.stones[0], 15, 15));
    assert!(Zone::Central(5).contains(a.stones[1], 15, 15));
    // The chosen stones are the most balanced of the ones scored.
    let mut g3 = g.clone();
    g3.play(a.stones[0]).unwrap();
    let all = d1.ev.score_one(&g3, Zone::Central(5));
    assert!(all.iter().all(|s| s.black_value.abs() >= all[0].black_value.abs()));
    assert!(a.black_value.abs() < 200, "{a:?}");
    // A seed picks among the near-equal ones, deterministically.
    let seeded = BalanceLimits { seed: 7, ..BalanceLimits::quick() };
    let s1 = Decider::new(seeded).ev.balance_one(&g3, Zone::Central(5)).unwrap();
    let s2 = Decider::new(seeded).ev.balance_one(&g3, Zone::Central(5)).unwrap();
    assert_eq!(s1, s2);
    assert!(s1.black_value.abs() <= all[0].black_value.abs() + seeded.tolerance);
}

#[test]
fn swap_decisions_follow_the_evaluation() {
    let mut d = Decider::new(BalanceLimits::quick());
    // Black has an open three and white to move is lost-ish: white's holder swaps to black.
    let strong =
        Game::from_moves(15, 15, Rule::Standard, &gorin::core::parse_move_string("h8a1i8a15j8o1k9").unwrap()).unwrap();
    assert_eq!(strong.to_move, Color::White);
    assert!(d.wants_swap(&strong, 0));
    // Swap2 step 2 with a crushing black position: SWAP (take black).
    let three = Game::from_moves(15, 15, Rule::Standard, &gorin::core::parse_move_string("h8a1i8").unwrap()).unwrap();
    let mut three_more = three.clone();
    three_more.play(Pos::new(14, 0)).unwrap(); // white far away
    three_more.play(Pos::new(9, 7)).unwrap(); // black j8: an open three
    assert_eq!(d.swap2(&three_more).unwrap(), Swap2Decision::Swap);
}

#[test]
fn offers_are_non_symmetric_and_picks_are_the_best_for_white() {
    let mut d = Decider::new(BalanceLimits::quick());
    // A symmetric 4-stone position (mirror left-right through the h column): many fifths pair up.
    let moves = gorin::core::parse_move_string("h8h9h6h10").unwrap();
    let g = Game::from_moves(15, 15, Rule::Renju, &moves).unwrap();
    let offers = d.offer_fifths(&g, TARAGUCHI_OFFERS);
    assert_eq!(offers.len(), TARAGUCHI_OFFERS);
    let pts: Vec<Pos> = offers.iter().map(|s| s.stones[0]).collect();
    check_offers(&g, &pts).unwrap();
    // Sorted best for black first.
    assert!(offers.windows(2).all(|w| w[0].black_value >= w[1].black_value));
    // White's pick is the offer with the least value for black.
    let (pick, white_value) = d.pick_fifth(&g, &pts).unwrap();
    let worst = offers.iter().map(|s| s.black_value).min().unwrap();
    assert_eq!(white_value, -worst);
    assert!(pts.contains(&pick));
    // Pairwise non-equivalence, checked directly through canonical forms.
    let mut forms = Vec::new();
    for &p in &pts {
        let mut m = moves.clone();
        m.push(p);
        let f = canonical(&gorin::opening::symmetry::alternate(&m), 15, 15);
        assert!(!forms.contains(&f));
        forms.push(f);
    }
}

#[test]
fn three_stone_openings_are_recognised_after_a_walk() {
    let mut a = auto(Rule::Renju);
    let mut b = auto(Rule::Renju);
    let r = walk(OpeningRule::Soosyrv8, 15, 15, Rule::Renju, &mut [&mut a, &mut b]).unwrap();
    assert!(which_opening(&r.moves[..3], 15, 15).is_some());
}

#[test]
fn classic_walks_end_to_end() {
    walk_both_ways(OpeningRule::Classic, Rule::Renju, &[5]);
    let mut a = auto(Rule::Renju);
    let mut b = auto(Rule::Renju);
    let r = walk(OpeningRule::Classic, 15, 15, Rule::Renju, &mut [&mut a, &mut b]).unwrap();
    assert!(which_opening(&r.moves[..3], 15, 15).is_some());
    // two offers, then a pick among them
    let steps: Vec<&str> = r.transcript.iter().map(|t| t.1.split(' ').nth(1).unwrap()).collect();
    assert_eq!(steps, ["open", "swap", "stone", "offer", "pick"], "{:?}", r.transcript);
}

#[test]
fn classic_moved_walks_end_to_end_around_the_proposed_stone() {
    walk_both_ways(OpeningRule::ClassicMoved, Rule::Renju, &[5]);
    // The stub proposes column 9 (j) and row 8 (9): the opening is laid around j9.
    for ours_first in [true, false] {
        let mut a = auto(Rule::Renju);
        let mut s = stub(Rule::Renju, false);
        let r = if ours_first {
            walk(OpeningRule::ClassicMoved, 15, 15, Rule::Renju, &mut [&mut a, &mut s])
        } else {
            walk(OpeningRule::ClassicMoved, 15, 15, Rule::Renju, &mut [&mut s, &mut a])
        };
        let r = r.unwrap();
        let first = r.moves[0];
        assert!(moved_range(15).contains(&(first.x as usize)) && moved_range(15).contains(&(first.y as usize)));
        if ours_first {
            assert_eq!(first.y, 8, "the row is the stub's");
        } else {
            assert_eq!(first.x, 9, "the column is the stub's");
        }
        assert!(which_opening_around(&r.moves[..3], 15, 15).is_some(), "{}", format_move_string(&r.moves));
        // Sealed: both proposals were asked on the empty board.
        let props: Vec<&String> = r.transcript.iter().filter(|t| t.1.contains("propose")).map(|t| &t.1).collect();
        assert_eq!(props.len(), 2);
        assert!(props.iter().all(|t| t.ends_with("[]")), "{props:?}");
    }
    assert_eq!(moved_range(15), 7..=11);
    assert_eq!(moved_range(9), 4..=6);
}

#[test]
fn sakata_walks_end_to_end_with_zones() {
    walk_both_ways(OpeningRule::Sakata, Rule::Renju, &[5]);
    let mut a = auto(Rule::Renju);
    let mut b = auto(Rule::Renju);
    let r = walk(OpeningRule::Sakata, 15, 15, Rule::Renju, &mut [&mut a, &mut b]).unwrap();
    assert!(which_opening(&r.moves[..3], 15, 15).is_some());
    assert!(Zone::Central(7).contains(r.moves[3], 15, 15) && Zone::Central(9).contains(r.moves[4], 15, 15));
    // The colour choice is the first player's, last.
    assert_eq!(r.transcript.last().unwrap().0, 0);
    assert!(r.transcript.last().unwrap().1.contains("colour"));
}

/// Each zoned rule: every stone k lies in its zone.
fn zoned(rule: OpeningRule, game_rule: Rule, sides: &[usize]) {
    walk_both_ways(rule, game_rule, &[5]);
    let mut a = auto(game_rule);
    let mut b = auto(game_rule);
    let r = walk(rule, 15, 15, game_rule, &mut [&mut a, &mut b]).unwrap();
    for (k, &p) in r.moves.iter().enumerate() {
        let z = if sides[k] == 0 { Zone::Anywhere } else { Zone::Central(sides[k]) };
        assert!(z.contains(p, 15, 15), "{rule}: stone {} at {p}", k + 1);
    }
    let swaps = r.transcript.iter().filter(|t| t.1.contains(" swap ")).count();
    assert!(swaps >= 4, "{rule}: {:?}", r.transcript);
}

#[test]
fn tarannikov_walks_end_to_end_with_zones() {
    zoned(OpeningRule::Tarannikov, Rule::Renju, &[1, 3, 5, 7, 9]);
}

#[test]
fn super_taraguchi10_walks_end_to_end_with_zones() {
    zoned(OpeningRule::SuperTaraguchi10, Rule::Renju, &[1, 5, 7, 9, 0]);
}

#[test]
fn cwc24_walks_end_to_end_with_zones() {
    zoned(OpeningRule::Cwc24, Rule::Renju, &[1, 5, 7, 9, 0]);
}

#[test]
fn swap5_walks_end_to_end_under_each_game_rule() {
    for game_rule in [Rule::Renju, Rule::Standard, Rule::Freestyle] {
        walk_both_ways(OpeningRule::Swap5, game_rule, &[5]);
    }
}

#[test]
fn lianhuan_walks_end_to_end_under_each_game_rule() {
    for game_rule in [Rule::Renju, Rule::Standard, Rule::Freestyle] {
        walk_both_ways(OpeningRule::Lianhuan, game_rule, &[5, 6]);
    }
    // Two stubs that always play two stones: 2 + 2 + 2 stones, a colour choice after each pair
    // by the other player.
    let mut a = stub(Rule::Standard, true);
    let mut b = stub(Rule::Standard, true);
    let r = walk(OpeningRule::Lianhuan, 15, 15, Rule::Standard, &mut [&mut a, &mut b]).unwrap();
    assert_eq!(r.moves.len(), 6);
    let who: Vec<(usize, &str)> = r.transcript.iter().map(|t| (t.0, t.1.split(' ').nth(1).unwrap())).collect();
    // the stub in seat 1 takes black after the first pair, so it plays the next pair too
    assert_eq!(
        who,
        [(0, "one-or-two"), (1, "colour"), (1, "one-or-two"), (0, "colour"), (0, "one-or-two"), (1, "colour")]
    );
    assert_eq!(r.black, 1);
}

/// The stub, except for the questions `bad` answers (a rule break).
struct Breaker {
    stub: Stub,
    bad: fn(&Question) -> Option<Answer>,
}

impl OpeningPlayer for Breaker {
    fn answer(&mut self, q: &Question) -> Result<Answer, String> {
        match (self.bad)(q) {
            Some(a) => Ok(a),
            None => self.stub.answer(q),
        }
    }
}

/// Walks `rule` with breakers in both seats; the walk must fail, naming the breaker that broke
/// the rule and a reason containing `why`.
fn refused(rule: OpeningRule, game_rule: Rule, bad: fn(&Question) -> Option<Answer>, why: &str) {
    let mut a = Breaker { stub: stub(game_rule, false), bad };
    let mut b = Breaker { stub: stub(game_rule, false), bad };
    let e = walk(rule, 15, 15, game_rule, &mut [&mut a, &mut b]).expect_err(&format!("{rule}: a break was accepted"));
    assert!(e.why.contains(why), "{rule}: {e:?}");
    // The same walk without the break is fine.
    let mut a = stub(game_rule, false);
    let mut b = stub(game_rule, false);
    walk(rule, 15, 15, game_rule, &mut [&mut a, &mut b]).unwrap_or_else(|e| panic!("{rule}: {e:?}"));
}

fn stones(v: &[(usize, usize)]) -> Option<Answer> {
    Some(Answer::Stones(v.iter().map(|&(x, y)| Pos::new(x, y)).collect(), None))
}

#[test]
fn the_new_rules_refuse_zone_symmetry_and_order_violations() {
    use OpeningRule::*;
    // Classic: not one of the 26; two offers that are mirror images (the 4th on the opening's
    // axis makes the position symmetric left-right).
    refused(
        Classic,
        Rule::Renju,
        |q| (q.step == Step::Open).then(|| stones(&[(7, 7), (7, 8), (10, 10)])).flatten(),
        "26",
    );
    refused(
        Classic,
        Rule::Renju,
        |q| match q.step {
            Step::Stone { .. } => stones(&[(7, 3)]),
            Step::Offer { .. } => stones(&[(8, 7), (6, 7)]),
            _ => None,
        },
        "symmetric",
    );
    // Classic moved: a proposal outside h..l / 8..12; an opening not around the first stone.
    refused(
        ClassicMoved,
        Rule::Renju,
        |q| matches!(q.step, Step::Propose { column: false }).then_some(Answer::Number(3)),
        "row",
    );
    refused(
        ClassicMoved,
        Rule::Renju,
        |q| matches!(q.step, Step::Propose { .. }).then_some(Answer::Number(12)),
        "column",
    );
    refused(ClassicMoved, Rule::Renju, |q| (q.step == Step::Open).then(|| stones(&[(7, 8), (7, 9)])).flatten(), "26");
    // Sakata: the 4th outside 7x7, the 5th outside 9x9, a colour answered with SWAP.
    refused(
        Sakata,
        Rule::Renju,
        |q| matches!(q.step, Step::Pair { .. }).then(|| stones(&[(3, 7), (8, 8)])).flatten(),
        "zone",
    );
    refused(
        Sakata,
        Rule::Renju,
        |q| matches!(q.step, Step::Pair { .. }).then(|| stones(&[(8, 8), (7, 2)])).flatten(),
        "zone",
    );
    refused(Sakata, Rule::Renju, |q| (q.step == Step::Colour).then_some(Answer::Swap), "BLACK or WHITE");
    // Tarannikov: the 5th outside 9x9; the 2nd outside 3x3.
    refused(
        Tarannikov,
        Rule::Renju,
        |q| (q.moves.len() == 4 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(1, 1)])).flatten(),
        "zone",
    );
    refused(
        Tarannikov,
        Rule::Renju,
        |q| (q.moves.len() == 1 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(9, 9)])).flatten(),
        "zone",
    );
    // Super Taraguchi-10: the 2nd inside 5x5 is fine there (and not under Taraguchi-10), the
    // 3rd outside 7x7 is not; the 5th outside 9x9 neither.
    let second_at_99 = |q: &Question| {
        (q.moves.len() == 1 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(9, 9)])).flatten()
    };
    let mut a = Breaker { stub: stub(Rule::Renju, false), bad: second_at_99 };
    let mut b = Breaker { stub: stub(Rule::Renju, false), bad: second_at_99 };
    walk(SuperTaraguchi10, 15, 15, Rule::Renju, &mut [&mut a, &mut b]).unwrap();
    refused(Taraguchi10, Rule::Renju, second_at_99, "zone");
    refused(
        SuperTaraguchi10,
        Rule::Renju,
        |q| (q.moves.len() == 2 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(11, 7)])).flatten(),
        "zone",
    );
    refused(SuperTaraguchi10, Rule::Renju, |q| (q.step == Step::Fifth).then(|| stones(&[(12, 12)])).flatten(), "zone");
    // CWC-24: the 2nd outside 5x5, the 4th outside 9x9; the 5th anywhere is fine.
    refused(
        Cwc24,
        Rule::Renju,
        |q| (q.moves.len() == 1 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(7, 10)])).flatten(),
        "zone",
    );
    refused(
        Cwc24,
        Rule::Renju,
        |q| (q.moves.len() == 3 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(2, 2)])).flatten(),
        "zone",
    );
    let fifth_in_corner = |q: &Question| {
        (q.moves.len() == 4 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(0, 0)])).flatten()
    };
    let mut a = Breaker { stub: stub(Rule::Renju, false), bad: fifth_in_corner };
    let mut b = Breaker { stub: stub(Rule::Renju, false), bad: fifth_in_corner };
    assert_eq!(walk(Cwc24, 15, 15, Rule::Renju, &mut [&mut a, &mut b]).unwrap().moves[4], Pos::new(0, 0));
    // Swap-5: an occupied point; two stones at once; a swap answered with a stone.
    refused(
        Swap5,
        Rule::Freestyle,
        |q| {
            (q.moves.len() == 2 && matches!(q.step, Step::Stone { .. }))
                .then(|| Some(Answer::Stones(vec![q.moves[0]], None)))
                .flatten()
        },
        "occupied",
    );
    refused(
        Swap5,
        Rule::Standard,
        |q| (q.moves.len() == 3 && matches!(q.step, Step::Stone { .. })).then(|| stones(&[(1, 1), (2, 2)])).flatten(),
        "1 stone",
    );
    refused(
        Swap5,
        Rule::Renju,
        |q| matches!(q.step, Step::Swap { .. }).then(|| stones(&[(1, 1)])).flatten(),
        "SWAP or NOSWAP",
    );
    // Lianhuan: three stones at once; a colour answered with a number.
    refused(
        Lianhuan,
        Rule::Freestyle,
        |q| (q.moves.len() == 2).then(|| stones(&[(1, 1), (2, 2), (3, 3)])).flatten(),
        "one or two",
    );
    refused(
        Lianhuan,
        Rule::Standard,
        |q| match q.step {
            Step::OneOrTwo => stones(&[(7, 7 + q.moves.len()), (8, 7 + q.moves.len())]),
            Step::Colour => Some(Answer::Number(1)),
            _ => None,
        },
        "BLACK or WHITE",
    );
}
