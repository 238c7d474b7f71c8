//! Search checks: known wins with the right mate distance, every reported mate survives a
//! replay against every defence, and fixed-depth searches are reproducible.

use gorin::core::{Color, Pos, Rule, Value, WIN, WIN_MIN, parse_move_string};
use gorin::game::{Game, Outcome};
use gorin::search::{Limits, SearchResult, Searcher};
use gorin::threat::{SolveLimits, ThreatSolver};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn game(size: usize, rule: Rule, moves: &str) -> Game {
    Game::from_moves(size, size, rule, &parse_move_string(moves).unwrap()).unwrap()
}

/// Limits of a search to `depth` (the clock only as a safety net).
fn depth_limits(depth: u32) -> Limits {
    Limits {
        budget: gorin::search::Budget { optimum: Duration::from_secs(2), maximum: Duration::from_secs(20) },
        max_depth: Some(depth),
        max_nodes: None,
    }
}

fn think(g: &Game, depth: u32) -> SearchResult {
    think_iterations(g, &depth_limits(depth), &[]).0
}

fn mate_plies(v: Value) -> Option<i32> {
    (v >= WIN_MIN).then_some(WIN - v)
}

/// Does the side to move really win within `plies`? The attacker's move comes from the search;
/// at every defender turn every legal move is tried.
fn win_holds(g: &mut Game, plies: i32, depth: u32) -> bool {
    let r = think(g, depth);
    let Some(m) = mate_plies(r.progress.value) else { return false };
    if m > plies {
        return false;
    }
    let attacker = g.to_move;
    let outcome = g.play(r.best).expect("search plays legal moves");
    let ok = match outcome {
        Outcome::Win(c) => c == attacker,
        Outcome::Draw => false,
        Outcome::Ongoing if plies <= 1 => false,
        Outcome::Ongoing => {
            let defences = g.legal_moves();
            let mut all = true;
            for d in defences {
                let p = g.board.pos(d);
                let o = g.play(p).unwrap();
                let holds = o == Outcome::Ongoing && win_holds(g, plies - 2, depth);
                g.undo();
                if !holds {
                    all = false;
                    break;
                }
            }
            all
        }
    };
    g.undo();
    ok
}

#[test]
fn mate_in_one_three_and_five() {
    // five point: black h8..k8 four (white blocked nothing), black to move
    let g = game(15, Rule::Freestyle, "h8h9i8i9j8j9k8k9");
    assert_eq!(think(&g, 4).progress.value, WIN - 1);
    // open four: black open three h8 i8 j8, white scattered in the corners
    let g = game(15, Rule::Freestyle, "h8a1i8o15j8a15");
    let r = think(&g, 4);
    assert_eq!(r.progress.value, WIN - 3, "{:?}", r.progress);
    assert!([Pos::new(6, 7), Pos::new(10, 7)].contains(&r.best), "{:?}", r.best);
    // four-three: closed three f6 g6 h6 (white e6), vertical i7 i8; i6 makes four + open three
    let g = game(15, Rule::Freestyle, "f6e6g6a1h6o15i7a15i8o1");
    let r = think(&g, 6);
    assert_eq!(r.progress.value, WIN - 5, "{:?}", r.progress);
    assert_eq!(r.best, Pos::new(8, 5));
}

#[test]
fn white_four_on_a_forbidden_point_wins_under_renju_only() {
    // g9 is a double three for black (protocol.md). White h9 i9 j9 between black f9 and l9:
    // k9 makes a four whose only defence g9 black may not play.
    let moves = "h8h9i7i9h10i6i11i12l9j9f9";
    let mut g = game(15, Rule::Renju, moves);
    assert_eq!(g.to_move, Color::White);
    let g9 = g.board.idx(Pos::new(6, 8));
    assert!(g.board.is_forbidden(g9, Color::Black));
    let r = think(&g, 4);
    assert_eq!(r.progress.value, WIN - 3, "{:?}", r.progress);
    assert_eq!(r.best, Pos::new(10, 8));
    // the same stones in freestyle: black simply blocks at g9, no quick win
    let g = game(15, Rule::Freestyle, moves);
    let r = think(&g, 4);
    assert!(r.progress.value < WIN_MIN, "{:?}", r.progress);
}

#[test]
fn black_never_searches_a_forbidden_point() {
    // black to move; g9 forbidden; the search must answer something else at every depth
    let g = game(15, Rule::Renju, "h8h9i7i9h10i6i11i12");
    for d in 1..=6 {
        assert_ne!(think(&g, d).best, Pos::new(6, 8), "depth {d}");
    }
}

#[test]
fn reported_mates_survive_replay() {
    let cases = [
        (Rule::Freestyle, "h8a1i8o15j8a15"),
        (Rule::Freestyle, "f6e6g6a1h6o15i7a15i8o1"),
        (Rule::Standard, "f6e6g6a1h6o15i7a15i8o1"),
        (Rule::Renju, "h8h9i7i9h10i6i11i12l9j9f9"),
        (Rule::Freestyle, "h8h9i9g7j10k11i8i7j8k8"),
    ];
    let mut checked = 0;
    for (rule, moves) in cases {
        let mut g = game(15, rule, moves);
        let r = think(&g, 8);
        if let Some(m) = mate_plies(r.progress.value) {
            if m <= 7 {
                assert!(win_holds(&mut g, m, 8), "{rule:?} {moves}: claimed mate in {m} refuted");
                checked += 1;
            }
        }
    }
    assert!(checked >= 4, "only {checked} mates were claimed and checked");
}

#[test]
fn fixed_depth_search_is_reproducible() {
    for (rule, size, moves) in gorin::search::alphabeta::BENCH_POSITIONS.iter().take(6) {
        let g = game(*size, *rule, moves);
        let a = think(&g, 6);
        let b = think(&g, 6);
        assert_eq!((a.best, a.progress.nodes, a.progress.value), (b.best, b.progress.nodes, b.progress.value));
    }
}

/// The only legal reply (the block of a four) is played at once by default; with
/// `think_forced` and a binding turn limit the turn's time is spent searching it (the table
/// then holds the next turn's tree), and the move is the same. Under a depth limit (and so in
/// `bench`) it is still answered at once.
#[test]
fn forced_reply_searched_on_only_with_think_forced() {
    // white h9..h12 with h8 black: h13 is the only block; black's stones are scattered
    let g = game(15, Rule::Freestyle, "h8h9a1h10o1h11a15h12");
    let block = Pos::new(7, 12);
    let limits = Limits { budget: gorin::search::Budget::whole(300), max_depth: None, max_nodes: None };
    for on in [0, 1] {
        let mut s = Searcher::new(4 << 20);
        s.params_mut().think_forced = on;
        let t = std::time::Instant::now();
        let r = s.think(&g, &limits, &AtomicBool::new(false), &mut |_| {}).expect("a legal move");
        let ms = t.elapsed().as_millis();
        assert_eq!(r.best, block, "think_forced={on}: {:?}", r.progress);
        if on == 0 {
            assert!(ms < 150, "answered in {ms} ms");
            assert_eq!(r.progress.depth, 1);
        } else {
            assert!(ms >= 150 && ms <= 600, "searched {ms} ms of 300");
            assert!(r.progress.depth > 2, "{:?}", r.progress);
        }
    }
    let mut s = Searcher::new(4 << 20);
    s.params_mut().think_forced = 1;
    let depth_limited = Limits { max_depth: Some(6), ..limits };
    let r = s.think(&g, &depth_limited, &AtomicBool::new(false), &mut |_| {}).expect("a legal move");
    assert_eq!((r.best, r.progress.depth), (block, 1));
}

#[test]
fn white_blocks_a_black_three_on_a_point_forbidden_for_black() {
    // From a renju gauntlet game (Gorin black against Rapfi, 2026-12-03): black's b9 makes the
    // split three b9 _ d9 e9. Its ends a9 and f9 and the gap c9 are the defences; c9 and f9
    // leave black a VCF (b8 on the a9-e5 diagonal), so a9 is white's only move, and a9 is a
    // double four for black (a9-e9 and a9-e5), forbidden to him but not to white. The search
    // used to look only at black's four points of a four class, left a9 out and reported the
    // position as lost (and black's search reported b9 as a win).
    let mut g = game(15, Rule::Renju, "d7a6d4e8b7c4d8a5d9d10e6a7a8f6f5c8e5g5c7a3a4e7e4e2d3g6e9f10g3c5d6f4b9");
    assert_eq!(g.to_move, Color::White);
    let a9 = g.board.idx(Pos::new(0, 8));
    assert!(g.board.is_forbidden(a9, Color::Black));
    for d in 2..=6 {
        let r = think(&g, d);
        assert_eq!(r.best, Pos::new(0, 8), "depth {d}: {:?}", r.progress);
        assert!(r.progress.value > -WIN_MIN, "depth {d}: {:?}", r.progress);
    }
}

#[test]
fn a_three_whose_every_defence_is_forbidden_for_black_wins_for_white() {
    // White b8 c8 against the left edge; black's columns a, e and f hold three and two stones
    // around a8, e8 and f8, closed by white at both ends, so each of those points would give
    // black an overline. White d8 makes the three b8 c8 d8, whose only defences (a8, e8, f8)
    // are all forbidden for black, and black has no four: white wins (d8, any, e8, any, five).
    // The search used to value a node with no legal defence as a draw.
    let g = game(15, Rule::Renju, "a5a4a6a11a7e4a9e11a10f4e5f11e6b8e7c8e9o15e10o10f5o5f6j15f7j10f9j5f10");
    assert_eq!(g.to_move, Color::White);
    let mut after = g.clone();
    after.play(Pos::new(3, 7)).unwrap();
    for p in [Pos::new(0, 7), Pos::new(4, 7), Pos::new(5, 7)] {
        let i = after.board.idx(p);
        assert!(after.board.is_forbidden(i, Color::Black), "{p:?}");
    }
    for d in 2..=5 {
        let r = think(&g, d);
        assert_eq!(r.best, Pos::new(3, 7), "depth {d}: {:?}", r.progress);
        assert!(mate_plies(r.progress.value).is_some_and(|m| m <= 5), "depth {d}: {:?}", r.progress);
    }
}

/// A search of `g` within `limits`, with the parameter tweaks `params`: the result and every
/// iteration's (depth, value).
fn think_iterations(g: &Game, limits: &Limits, params: &[(&str, i64)]) -> (SearchResult, Vec<(u32, Value)>) {
    let mut s = Searcher::new(4 << 20);
    for &(k, v) in params {
        s.params_mut().set(k, v).unwrap();
    }
    let mut values = Vec::new();
    let r = s
        .think(g, limits, &AtomicBool::new(false), &mut |e| {
            if let gorin::search::Event::Iteration(p) = e {
                values.push((p.depth, p.value));
            }
        })
        .expect("a legal move");
    (r, values)
}

#[test]
fn a_win_claimed_by_the_capped_search_is_checked_with_the_turns_time() {
    // Freestyle gauntlet against Rapfi (500 ms a move), game 6, ply 31: our search (white)
    // announced a win in 9 plies at depth 3 and played h11 at once; the game was lost. The
    // capped search (a depth limit, so no time to check) still claims it; under a turn limit
    // with `verify_win` (on) the claim is searched on with every move beyond the move caps
    // and given up. The claim depends on the evaluation: with the accumulator model of
    // 2026-12-06 the capped search no longer makes it, with the hand evaluation
    // (`learned_eval=0`) it still does, so the test pins that.
    let g =
        game(15, Rule::Freestyle, "e9b9f9a10b7e12e8g10i5e10c10f11h9d9g12e11e13d10d11h10f10i9i10f12g13g11j8b8c9d13c14");
    assert_eq!(g.to_move, Color::White);
    let hand = ("learned_eval", 0);
    let (_, capped) = think_iterations(&g, &depth_limits(10), &[hand]);
    assert!(capped.iter().any(|&(_, v)| v >= WIN_MIN), "the capped search claims no win: {capped:?}");
    let turn = Limits { budget: gorin::search::Budget::whole(3000), max_depth: None, max_nodes: None };
    let (r, values) = think_iterations(&g, &turn, &[hand]);
    assert!(r.progress.value < WIN_MIN, "a win still claimed: {values:?}");
    let (r, values) = think_iterations(&g, &turn, &[hand, ("verify_win", 0)]);
    assert!(r.progress.value >= WIN_MIN, "without the check the win should stand: {values:?}");
}

#[test]
fn a_four_below_the_move_cap_is_searched_with_keep_fours() {
    // From a renju self-play game: white's g8 h9 i10 j11 threatens five at k12, so black's
    // k12 is forced; after it white wins by the VCF i11 h11 h10 f8 f10 j10 e10. In black's
    // search (the forced move searched for the turn's time) white's four i11 ranked below the
    // move cap of its node (12 at depth 1), every move kept lost to black's VCF, and black's
    // depth-2 iteration announced a win in 7 plies. With `keep_fours=1` (off by default: it
    // did not gain in self-play) every iteration must see the loss, or at least no win.
    let g = game(15, Rule::Renju, "k5h9h8g10k7g8k6k4i7g9g7i10h7j7f7e7h6f11i8g11g12j11");
    assert_eq!(g.to_move, Color::Black);
    let limits = Limits { budget: gorin::search::Budget::whole(300), max_depth: None, max_nodes: None };
    let (r, values) = think_iterations(&g, &limits, &[("keep_fours", 1)]);
    assert_eq!(r.best, Pos::new(10, 11));
    assert!(values.len() >= 2, "{values:?}");
    assert!(values.iter().all(|&(_, v)| v < WIN_MIN), "a win claimed: {values:?}");
    assert!(r.progress.value <= -WIN_MIN, "the loss not seen: {:?}", r.progress);
}

#[test]
fn a_quiet_defence_beyond_the_move_cap_refutes_a_claimed_win() {
    // Two renju games against Rapfi (500 ms a move) in which our search, as black, announced
    // a win that was not there and played for it. Game 17: after o5 black threatens the VCF
    // o7 n6 o6 o8 o3, and o3 stops it (Rapfi played it, valuing white at +369; our own search
    // from white's side finds it too). Inside black's search, white's node after o5 kept only
    // its 12 best-ordered moves, every one of them lost, and the depth-2 iteration announced a
    // win in 11 plies. Game 21: after f7 c7 b9, f9 holds (Rapfi played it), and black's
    // depth-8 iteration announced a win in 19. With the moves beyond the cap searched when
    // every kept move loses (`widen_lost`, on) no iteration may claim a win.
    for moves in ["n8n7l4l10j7k4o4m6l5l6k6i8m5k5k3j2l3j3j4i5l8i7i6k9j8k8", "d7a6d4e8b7c4d8a5d9d10e6f5e7a7a8f6"] {
        let g = game(15, Rule::Renju, moves);
        assert_eq!(g.to_move, Color::Black);
        let (_, values) = think_iterations(&g, &depth_limits(8), &[]);
        assert!(values.iter().all(|&(_, v)| v < WIN_MIN), "{moves}: a win claimed: {values:?}");
        assert_eq!(values.len(), 8, "{moves}: {values:?}");
    }
}

#[test]
fn the_chosen_root_move_is_checked_for_an_opponent_vct() {
    // Freestyle gauntlet against Rapfi (500 ms a move), opening 3: black to move. A depth-6
    // search picks f8, after which white wins by VCT; with `vbest_permille` the chosen move
    // is checked with the threat solver (here from the first iteration on, node-bounded) and
    // every move proven to lose leaves the root list, so the move played leaves white no VCT
    // that the same check finds.
    let g = game(15, Rule::Freestyle, "e9b9f9a10b7e12e8g10i5e10");
    assert_eq!(g.to_move, Color::Black);
    let check = [
        ("vbest_permille", 1000),
        ("vbest_at", 0),
        ("vbest_nodes", 1_000_000),
        ("vbest_depth", 16),
        ("vbest_threats", 1),
    ];
    let opp_vct = |m: Pos| {
        let mut b = g.board.clone();
        let i = b.idx(m);
        b.make(i, g.to_move);
        let lim = SolveLimits::vct_probe(16, 1_000_000).with_vcf_threats(true);
        ThreatSolver::with_table_log2(20).vct(&mut b, g.to_move.opp(), &lim, &AtomicBool::new(false)).is_win()
    };
    let (plain, _) = think_iterations(&g, &depth_limits(6), &[]);
    assert!(opp_vct(plain.best), "the unchecked search's move {:?} should lose to a VCT", plain.best);
    let (checked, _) = think_iterations(&g, &depth_limits(6), &check);
    assert_ne!(checked.best, plain.best);
    assert!(!opp_vct(checked.best), "the checked move {:?} still loses to a VCT", checked.best);
}
