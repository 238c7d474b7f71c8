//! Opening rules: balanced stones, swap decisions, fifth-move offers and picks, and every rule
//! walked end to end between our decisions and a stub opponent (both seats).

use gorin::core::{Color, Pos, Rule, format_move_string};
use gorin::game::{Game, Outcome};
use gorin::opening::rif::{
    Answer, AutoPlayer, OpeningPlayer, OpeningRule, Question, Step, TARAGUCHI_OFFERS, check_offers, walk, which_opening,
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
                OpeningRule::Soosyrv8 => Answer::Stones(gorin::opening::rif::opening_stones(0, 15, 15), None),
                _ => Answer::Stones(gorin::opening::rif::opening_stones(0, 15, 15), Some(2)),
            },
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
