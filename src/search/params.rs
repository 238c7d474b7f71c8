//! Every tunable of the evaluation and the search, in one struct passed by reference.

use crate::board::pattern::{Pattern, THREAT_COUNT, Threat};

#[derive(Clone, Debug)]
pub struct Params {
    /// Evaluation weight of an empty cell of each threat class for the side to move.
    pub eval_own: [i32; THREAT_COUNT],
    /// The same for the side that just moved (the opponent of the side to move).
    pub eval_opp: [i32; THREAT_COUNT],
    /// 1: the learned evaluation (`eval::weights`) instead of the hand weights.
    pub learned_eval: i32,
    /// The learned policy score (logits × 256) × this / 100 is added to the hand ordering
    /// scores; 0 = hand scores only (under renju, [`Params::learned_order_renju`]). 25 against
    /// 0 (100 ms a move, `--sprt 0,25,0.05,0.05`,
    /// quiet machine, 2026-12-01): freestyle H1 +44.7 ±32.4 (258 games, openings of
    /// tests/data then random) and H1 +29.3 ±22.7 (428 games, balanced random openings);
    /// renju +11.0 ±16.9 (600, no decision) and +24.4 ±22.3 (600, LLR 2.37, no decision at
    /// the cap). 50 against 25 in freestyle: H1 +24.8 ±20.9 (479 games, balanced). 50 by
    /// default.
    pub learned_order: i32,
    /// The same weight under renju (the rules differ in how much the policy helps: 50 against
    /// 25 gained in freestyle, +24.8 ±20.9, and not in renju, −4.2 ±24.8). Those renju tests
    /// were with generation 2's renju policy; since 2026-12-07 renju orders by generation 12's,
    /// and since the thirty-third session by generation 14's (see README, "What the loop
    /// gave"). With it, 50 against 25 (SPRT 0,25 at 100 ms,
    /// renju, balanced openings, seed 88, 2026-12-07): H1 at game 333, 185-144-6, +41.8
    /// ±31.1. 50 by default since.
    pub learned_order_renju: i32,
    /// Move-ordering score of a cell by the mover's own threat class.
    pub order_own: [i32; THREAT_COUNT],
    /// Move-ordering score of a cell by the opponent's threat class there (blocking value).
    pub order_block: [i32; THREAT_COUNT],
    /// Move-ordering score per line pattern (own, per direction).
    pub order_pattern: [i32; 11],
    /// Most moves searched at a node (by ordering score), per remaining depth bucket.
    pub max_moves: [usize; 4],
    /// Late-move reductions start after this many moves.
    pub lmr_after: usize,
    /// 0: reduce late quiet moves by 1 (2 from the 12th); otherwise by
    /// ln(depth)·ln(n)·100 / lmr_log_div plies.
    ///
    /// The knobs from here to `threads` came off by default (those on now say so): none gained
    /// in its first SPRT against the same build with the knob off (100 ms a move, `--sprt
    /// 0,50,0.05,0.05`, loaded machine; see the commit that added them for every run).
    /// `lmr_log_div=200`: freestyle +16 ±26 (300 games, no decision), renju −44 ±64 (H0);
    /// `lmr_after=6`: freestyle −15 ±50 (H0). `lmr_log_div=100` on 8c0d8df's defaults (SPRT
    /// 0,25 at 100 ms, balanced openings): freestyle H0, −29.9 ±36.5 (198 games).
    /// `lmr_log_div=200` at 300 ms against Rapfi at about 30 ms (freestyle, 300 games a seed,
    /// paired by opening with runs of the same build without it, 2026-12-04): seed 23 +2.2% a
    /// game [−2.4, +6.7], seed 24 +3.8% [−0.2, +7.8], both +3.0% [−0.0, +6.0]; renju (seed
    /// 25) −1.3% [−5.4, +2.8]; at 100 ms against Rapfi at a tenth it was no better than the
    /// defaults (README). SPRT (0, 25) at 300 ms against the defaults (2026-12-04, a quiet
    /// 16-core machine, `tests/data` openings then random 4-stone ones): freestyle H0, +3.2
    /// [−13.8, +20.2] (432 games), renju H0, −8.2 [−34.5, +18.0] (255 games). Off.
    pub lmr_log_div: i32,
    /// The 2-ply reduction of the default scheme starts at this move (12).
    pub lmr2_after: usize,
    /// History malus (0 = off): at a beta cutoff the quiet moves searched before the cutting
    /// one lose `depth²` of history, the cutting one gains it, with gravity (values stay within
    /// ±16384). On top of the se/pol_red/lmr_tact defaults, renju: H0, −51.0 ±50.5 (96
    /// games, balanced openings). Off.
    pub hist_malus: i32,
    /// Move-count pruning (0 = off): once a move that does not lose has been searched, a
    /// non-root node searches at most `(3 + depth^1.32)` moves when its static value improved
    /// on the one two plies up, half as many otherwise (the remaining moves are pruned; 2:
    /// moves that make or stop a four or an open three are kept). 2 by default, together with
    /// `qvcf_nodes=30` (see there for their SPRTs); 2 against 0 with `qvcf_nodes=30` (SPRT
    /// 0,25 at 100 ms, balanced openings seed 23): freestyle H1, +41.1 ±29.8 (306 games).
    pub mcp: i32,
    /// Singular extension at depth ≥ `se_depth` (0 = off): when the table move failed high
    /// before, the other moves are searched at half depth against its value less `se_margin`
    /// per ply; if none reaches it the table move is extended a ply, and if that bound is at
    /// least beta the node is cut (multi-cut). `se_depth=5` alone: freestyle +5.8 ±17.4 (600
    /// games, no decision). On by default (5) together with `pol_red=150` and `lmr_tact=1`:
    /// the three against none, SPRT 0,25,0.05,0.05 at 100 ms, balanced openings, quiet
    /// machine: freestyle H1, +28.2 ±21.8 (495 games), renju H1, +60.3 ±38.4 (192 games);
    /// rerun on the data openings (tests/data then random), new defaults against old:
    /// freestyle +18.0 ±15.7 (600 games, no decision, LLR 2.15), renju H1, +42.1 ±28.8 (225
    /// games). `se_depth=4`: H0, −15.1 ±29.8; `se_depth=6`: H0, −6.4 ±24.0 (freestyle).
    pub se_depth: i32,
    pub se_margin: i32,
    /// Policy-based reduction (0 = off): a move after the first that neither makes an open
    /// three or a four nor stops a three or a four, at depth ≥ 2, is reduced one more ply for
    /// every `pol_red / 100` logits its learned policy score lies below the best of the node's
    /// moves, at most `pol_red_max` plies. `pol_red=150`: freestyle +3.5 ±19.4 (600 games,
    /// balanced openings, SPRT 0,25 no decision, LLR −2.39). Also tried and removed: pruning
    /// such moves at depth ≤ 3 beyond `1.5 × depth` logits below the best (freestyle H0,
    /// −22.0 ±35.1, 191 games), and calling a move quiet by its threats instead of its
    /// ordering score (freestyle H0, −20.2 ±32.9, 224 games). 150 by default, with
    /// `se_depth=5` and `lmr_tact=1` (see `se_depth` for their joint SPRTs).
    pub pol_red: i32,
    pub pol_red_max: i32,
    /// 1: the policy-based reduction in sixteenths of a ply, continuous in the policy gap,
    /// instead of whole plies. Against whole plies (SPRT 0,25 at 100 ms, balanced openings):
    /// freestyle H0, −6.3 ±24.6 (330 games). Off.
    pub pol_red_frac: i32,
    /// Extension, in sixteenths of a ply, of the only reply to a four (which costs no depth
    /// already): 4 makes it cost −¼ ply, as Rapfi's 1.3-ply extension of that reply does
    /// −0.3. Only before the horizon (not in the four quiescence). `four_ext=4` against 0
    /// (SPRT 0,25 at 100 ms, balanced openings): freestyle H0, −14.8 ±30.0 (258 games). Off.
    /// `four_ext=8` against Rapfi at a tenth of our time (freestyle, 100 ms, 600 games a
    /// seed, paired by opening with the same build without it, 2026-12-03): −2.6% a game
    /// [−5.4, +0.3] (seed 8), −0.8% [−3.6, +1.9] (seed 10).
    pub four_ext: i32,
    /// 1: late-move reductions also reduce the moves that are not quiet by their ordering score
    /// but make nothing stronger than one open three and stop nothing stronger than a four point
    /// of the opponent (a closed three or a two of his); 2: also at depth 2 (into the
    /// quiescence). Fours, double threes and stops of a four-three or straight four are never
    /// reduced. `lmr_tact=1`: freestyle +5.2 ±19.3 (600 games, balanced openings, SPRT 0,25 no
    /// decision); with `se_depth=5` and `pol_red=150` H1 in both rules (see `se_depth`): 1.
    pub lmr_tact: i32,
    /// 1: under a binding turn limit (no game clock), the only legal reply (the block of a
    /// four) is searched for the turn's time like any move instead of played at once, so that
    /// the table holds the next turn's tree. Against 0 (SPRT 0,25 at 100 ms, balanced openings,
    /// quiet machine): freestyle +11.6 ±14.4, renju +5.2 ±18.0 (600 games each, no decision,
    /// both ahead). On by default: it never costs strength there, and under a turn limit the
    /// time is there to use.
    pub think_forced: i32,
    /// A late quiet move farther than 4 lines (5 under renju) from both of the last two moves
    /// is reduced one ply more (at depth ≥ 3, from the second move on): 1 outside renju, 2 in
    /// every rule, 0 never. Against 0 (SPRT 0,25 at 100 ms, quiet machine): freestyle H1
    /// +45.2 ±32.3 (170 games, balanced openings), then H0 +1.5 ±18.1 (462 games, openings
    /// of tests/data then random: the first run stopped early on a lucky streak); renju H0
    /// −13.0 ±28.2 (160 games, balanced openings). On top of the se/pol_red/lmr_tact defaults
    /// the same split again: freestyle H1 +28.6 ±22.3 (292 games, balanced openings), H0
    /// +3.7 ±16.9 (379 games, data openings): the balanced set is one fixed set. Off.
    pub lmr_far: i32,
    /// When every move a node kept under its move cap (`max_moves`) loses by force, the moves
    /// beyond the cap are searched too before the node is called lost (1), or not (0): a
    /// proven loss then never rests on moves the cap left out, and no false win is announced
    /// at the root because a quiet defence ranked below the cap. [other rules, renju]:
    /// `widen_lost=1` sets both, `widen_lost_renju=1` the renju one alone. Against 0 in
    /// self-play (SPRT 0,25 at 100 ms, balanced openings, 2026-12-02): freestyle H0 −16.6
    /// ±29.6 (253 games), renju H0 −11.8 ±30.0 (265 games); 10% more nodes in the bench.
    /// Against Rapfi at a tenth of our time (100 ms against about 10 ms, 600 games each, the
    /// same openings with and without, two opening seeds per rule, 2026-12-03), the opponent
    /// that punishes a false win, paired by opening: renju +3.8% a game [+1.1%, +6.6%] and
    /// +0.1% [−2.8%, +3.0%], together +2.0% [−0.0%, +4.0%]; freestyle +0.1% and −0.8%,
    /// together −0.4% [−2.4%, +1.7%] (README). Renju non-regression SPRT (−25, 0): H1, +6.9
    /// ±25.0 (352 games). On under renju, off elsewhere.
    pub widen_lost: [i32; 2],
    /// 1: under a binding turn limit (no game clock, no node or depth limit), a root value
    /// proven lost does not end the search: the moves beyond every node's move cap are
    /// searched too from then on (as with `widen_lost`), and the iterations go on deepening
    /// until the turn's time is spent, so that a defence the capped search left out is found,
    /// or else the longest resistance; 0: the move is answered as soon as the depth passes the
    /// mate distance. Only positions proven lost play differently. Against 0 (SPRT 0,25 at
    /// 100 ms, balanced openings seed 31, freestyle, 2026-12-02): +3.4 ±31.8 (206 games,
    /// 104-102-0, stopped by hand at LLR −0.87). On: at 500 ms against Rapfi it raised the
    /// time used from 67% / 60% of the limit to 71% / 68% (freestyle / renju).
    pub think_lost: i32,
    /// 1: under a binding turn limit (no game clock, no node or depth limit), a root win
    /// claimed by the capped search (the depth past the mate distance, or `win_streak`
    /// iterations in a row) is checked before it is played: the moves beyond every node's
    /// move cap are searched too from then on (as with `widen_lost`) and the iterations go on;
    /// the move is played once the widened search claims the win again, and a refuted claim
    /// is searched on as any other position. Only positions whose capped search claims a win
    /// play differently, with time the turn had left over. Without effect where `widen_lost`
    /// is on (renju): that search is widened from the start. On by default since 2026-12-03
    /// (tenth session): in the freestyle gauntlet of 4fdb922 (500 ms against Rapfi) our
    /// search announced 16 root wins that it later gave up; replayed one position at a time
    /// at 500 ms, the check gives up 2 of them, and at 2 s the 2 more tried. Against 0,
    /// freestyle, 100 ms: SPRT (−25, 0) H1, 101-91-2, +17.9 ±31.8 (194 games, balanced
    /// openings seed 96); against Rapfi at a tenth of our time (600 games each, paired by
    /// opening with the runs without it): +3.2% a game [+0.1, +6.2] (seed 8), −0.8% [−3.5,
    /// +2.0] (seed 10), +1.2% [−0.8, +3.2] together.
    pub verify_win: i32,
    /// A root win that this many iterations in a row report with the same move is played at
    /// once (0: never; the search then goes on until the depth passes the mate distance or
    /// the time is spent, so a win claimed by the capped search can still be refuted);
    /// [other rules, renju] (`win_streak=N` sets both, `win_streak_renju=N` the renju one).
    /// `win_streak=0` against 2 (SPRT 0,25 at 100 ms, 2026-12-03): renju H1 +51.6 ±35.6 (123
    /// games, balanced openings), then H0 +2.9 ±16.8 (364, tests/data openings) and H0
    /// −6.4 ±23.9 (382, balanced); freestyle H0 −39.7 ±39.9 (89). 2 in both rules; kept as
    /// a switch for longer turns, where wins claimed by the capped search lost games against
    /// Rapfi (README).
    pub win_streak: [i32; 2],
    /// 1: a node's own fours are searched even when the move cap (`max_moves`) leaves them
    /// out by score (found in a renju self-play game: white's only defence, a four starting
    /// his VCF, ranked below the cap of 12 at depth 1, and black's search announced +M7 after
    /// a forced block that in fact lost); 0: the cap alone decides. It removes such false
    /// short mates (two more from renju self-play games checked by hand) but costs nodes (bench
    /// 152974 → 172394). Against 0 (SPRT 0,25 at 100 ms, 2026-12-03): freestyle H0 −42.1
    /// ±39.9 (175 games, balanced seed 93), renju no decision +8.7 ±18.7 (800 games, balanced
    /// seed 94). On top of `widen_lost_renju=1`, against Rapfi at a tenth of our time (100 ms
    /// against about 10 ms, renju, 600 games each, the same openings as without it, paired by
    /// opening): seed 7 −2.5% a game [−5.2%, +0.2%], seed 9 −0.1% [−3.1%, +2.9%]. Off.
    pub keep_fours: i32,
    /// Nodes within this many plies of the root keep every candidate move (no `max_moves`
    /// cap; the root never has one): 0 = off. Bench nodes: 1 → 151983, 2 → 184617 (against
    /// 155040). `uncapped_plies=2` against Rapfi at a tenth of our time (1000 ms against
    /// about 100 ms, freestyle, paired by opening with the defaults' runs on the same openings,
    /// 2026-12-05): seed 26 +3.2% a game [−1.9%, +8.4%] (200 games, 47.5% against 44.2%),
    /// seed 27 −4.5% [−13.0%, +4.0%] (100 games, 35.5% against 40.0%); both +0.7% [−3.8%,
    /// +5.2%] (150 pairs). Off.
    pub uncapped_plies: i32,
    /// Upper bound of the history term in the ordering score (history / 16; 0 = none). The
    /// history grows with the square of the depth and is kept for the whole turn, so its
    /// weight against the threat and policy scores grows with the turn: on three freestyle
    /// midgame positions (ply 20 of games against Rapfi) the largest term was 1224–2517 after
    /// a 1000 ms search (p90 578–1152), against 65 after 100 ms and 217 after 300 ms (on the
    /// one of the three positions that printed at each of those lengths), while the threat
    /// class alone orders an open-three maker at 120 and a four-three block at 1500. Bench nodes: 100 →
    /// 161748, 50 → 151090. `hist_cap=100` against Rapfi at a tenth of our time (1000 ms,
    /// freestyle, seed 26, 200 games, paired by opening with the defaults' run, 2026-12-05):
    /// 43.2% against 44.2%, −1.0% a game [−6.5%, +4.5%]. Off.
    pub hist_cap: i32,
    /// Counter move (0 = off): the move that last caused a cutoff in reply to the opponent's
    /// last move (per side, kept for the search) gets this much on its ordering score (the
    /// killers get 2^20 and 2^19, the table move 2^24). `counter_move=262144` (2^18) against 0,
    /// SPRT (0, 25) at 100 ms, balanced openings, the same binary (2026-12-07): freestyle no
    /// decision at the 600 cap, 309-279-12, +17.4 ±23.9 (LLR 0.83, seed 119); renju no decision
    /// at the 400 cap, 194-201-5, −6.1 ±29.2 (LLR −2.10, seed 120). Freestyle again (the next
    /// session): no decision at the 600 cap, 307-282-11, +14.5 ±24.1 (LLR 0.33, seed 124); the
    /// two freestyle runs together 616-561-23 in 1200 games, 52.3%, about +16 [−4, +35]. Off.
    pub counter_move: i32,
    /// Plies more of late-move reduction for a reduced move when the static value is not
    /// above the one two plies up (the position is not improving; 0 = off). `lmr_improving=1`
    /// against 0, SPRT (0, 25) at 100 ms, freestyle, balanced openings, the same binary
    /// (2026-12-07): **H0** at game 304, 140-160-6, −22.7 ±33.5 (seed 121). Off.
    pub lmr_improving: i32,
    /// A ply less of late-move reduction for a reduced move whose history (cut-offs, each
    /// worth depth², divided by 16 as in the ordering) is at least this (0 = off). At 100 ms
    /// the largest such term is about 65 (see `hist_cap`). `lmr_hist=16` against 0, the same
    /// SPRT: **H0** at game 308, 141-157-12, −17.9 ±32.8 (seed 122). Off.
    pub lmr_hist: i32,
    /// Late-move (move-count) pruning: at non-PV nodes with depth ≤ `lmp_depth`, quiet moves
    /// after the first `lmp_base + depth²` are not searched (0 = off). Moves that make or stop
    /// a four or an open three are never pruned. `lmp_depth=3`: freestyle −35 ±63 (H0);
    /// `lmp_depth=2 lmp_base=5`: freestyle −2 ±40 (H0).
    pub lmp_depth: i32,
    pub lmp_base: i32,
    /// Razoring: at non-PV nodes with depth ≤ `razor_depth`, a static value `razor_margin` per
    /// ply below alpha drops into the quiescence (our VCF beyond the horizon); a fail low there
    /// stands (0 = off). `razor_margin=150` with the four quiescence: freestyle +10 ±31 (H0),
    /// renju −163 ±110 (H0: our own threes are what the four quiescence cannot see). 25 by
    /// default, with `rfp_margin=50 rfp_depth=6`, `razor_margin=25` and `fh_margin=8` together,
    /// against 794774e's defaults (`rfp_margin=120 rfp_depth=3`, the other two off), SPRT
    /// 0,25,0.05,0.05 at 100 ms, 2026-12-02: freestyle +20.0 ±25.5 (400 games, no decision at
    /// the cap, balanced openings seed 35), H1 +27.5 ±21.7 (571 games, seed 36), +12.6 ±13.9
    /// (800 games, no decision, LLR 0.06, tests/data then random openings, seed 38): together
    /// 926-830-15 in 1771 games, about +19 Elo; renju H1 +37.5 ±29.2 (299 games, seed 37).
    /// Rapfi prunes about as hard (its margins, in its units of 1/200 logit, are about 0.3
    /// logit a ply for the reverse futility at any depth and 0.17–0.24 logit for razoring
    /// at depth ≤ 2).
    pub razor_margin: i32,
    pub razor_depth: i32,
    /// Fail-high reduction (0 = off): at a non-PV node whose static value is at least beta
    /// plus `fh_margin` per remaining ply (the opponent threatening no straight four), every
    /// move that does not make a four is searched a ply shallower: such a node will most
    /// likely fail high anyway. 8 by default (see `razor_margin` for the SPRTs).
    pub fh_margin: i32,
    /// Table value as static value (0 = off): where the table's bound for the node lies on
    /// the far side of the static value (a lower bound above it, an upper bound below it, or
    /// an exact value), reverse futility, razoring, the null move, the fail-high reduction
    /// and futility judge by the table's value instead.
    ///
    /// This knob and the next two hold [other rules, renju]: `--param tt_eval=1` sets both,
    /// `tt_eval_renju=1` the renju one alone. `cut_lmr` and `lmr_cont` are on under renju and
    /// off elsewhere since 2026-12-02 (fifth session), and `tt_eval` was too until 2026-12-07
    /// (below). Alone each ended without a decision near +10 (SPRT 0,25 at 100 ms, 600
    /// games, freestyle, balanced openings: `tt_eval=1` +8.7 ±19.4, `cut_lmr=1` +10.4 ±18.9,
    /// `lmr_cont=1` +11.0 ±19.8); the three together gained in renju on both opening sets
    /// tried and in freestyle on one of three (see README). `tt_eval` off under renju too
    /// since 2026-12-07 (twenty-sixth session), with the generation 11 renju tables: those
    /// tables with `tt_eval_renju=0` against main
    /// (generation 2's tables, `tt_eval_renju=1`), SPRT 0,25 at 100 ms, balanced openings: no
    /// decision at the cap both times, 218-177-5, +35.7 ±29.9 (400 games, LLR 2.49, seed 75)
    /// and 309-281-10, +16.2 ±24.1 (600 games, LLR 0.62, seed 76): 527-458-15 together,
    /// about +24 [+3, +46]. The same tables with it on lost (H0, −58.5 ±48.2, seed 70).
    pub tt_eval: [i32; 2],
    /// Plies more of late-move reduction at an expected fail-high node (a non-PV node reached
    /// by a null-window search of a late move, or two plies below one; 0 = off; see
    /// `tt_eval`). Freestyle again on b667d8e (threat-state correction on), `cut_lmr=1`
    /// against the same binary without, SPRT (0, 25) at 100 ms, balanced openings:
    /// 312-284-4, +16.2 ±24.0, no decision at the 600-game cap (LLR 0.62, seed 116); again,
    /// **H0** at game 150, 65-85-2, −46.0 ±44.2 (seed 117). Still off in freestyle.
    pub cut_lmr: [i32; 2],
    /// A ply less of late-move reduction for a move that makes an open three or better when
    /// our move two plies up did too: an attack going on (0 = off; see `tt_eval`).
    pub lmr_cont: [i32; 2],
    /// Null move with threat verification at non-PV nodes of depth ≥ `nmp_depth` (0 = off):
    /// only when the opponent has no four or double-three point and the static value is above
    /// beta; reduction `nmp_r`; a fail high is verified by a normal search reduced as much.
    /// `nmp_depth=4 nmp_r=3`: freestyle +7 ±39 (H0), renju −102 ±91 (H0). Again on 0856723
    /// (threat-state correction on), `nmp_depth=4`, SPRT (0, 25) at 100 ms, freestyle,
    /// balanced openings: **H0** at game 388, 181-202-7, −18.7 ±31.4 (seed 110).
    pub nmp_depth: i32,
    pub nmp_r: i32,
    /// 1: helper threads follow a skip schedule over depths and the answer comes from the
    /// thread with the deepest completed iteration; 0: helpers start one ply apart and only
    /// the main thread answers. Two threads each, one game at a time on a 2-core machine
    /// shared with other work: −36 ±61 against the old scheme (H0).
    pub smp_skip: i32,
    /// Root moves from this one on (0 = none), when quiet, are searched a ply shallower first.
    /// `root_lmr=6`: freestyle +25.5 ±30.6 (300 games, 160-138-2, LLR 0.14, no decision),
    /// renju +17.4 ±29.5 (300 games, 157-142-1, LLR −1.54, no decision) with elo1 = 50 on a
    /// loaded machine; with elo1 = 25 on a quiet one H1 in both: freestyle 169-138-4
    /// (+33.7 ±25.7, 311 games), renju 182-149-1 (+34.6 ±26.5, 332 games). On by default.
    pub root_lmr: i32,
    /// The replies to an open three cost no depth when there are at most this many (threat
    /// extension; 0 = off). `ext_defend=3`: freestyle −10 ±47 (H0), renju +10 ±29 (H0 after
    /// 290 games). Without the cap (every defence node) the bench tree grows 67 times.
    /// `ext_defend=3` against Rapfi at a tenth of our time (renju, 100 ms, 600 games a seed,
    /// paired by opening with runs of the same play without it, 2026-12-03): −2.9% a game
    /// [−5.5, −0.4] (seed 7), +2.1% [−0.8, +5.0] (seed 9), −0.4% [−2.4, +1.5] together.
    pub ext_defend: i32,
    /// Internal iterative reduction: at depth ≥ this (0 = off) a node without a table move is
    /// searched a ply shallower. `iir_depth=4`: freestyle +11.6 ±28.2 (H0 after 270 games);
    /// again on 0856723, SPRT (0, 25) at 100 ms, balanced openings: **H0** at game 323,
    /// 148-168-9, −20.4 ±33.2 (seed 111).
    pub iir_depth: i32,
    /// Search threads when > 0 (for matches; 0 = the protocol's `INFO thread_num`).
    pub threads: i32,
    /// Correction of the static value (0 = off): a table keyed by the threat state (the
    /// counts of each threat class of both sides, and the side to move) keeps a moving
    /// average of how far the searched value of a node lay from its static value, and the
    /// pruning decisions and the quiescence's stand-pat value use the static value plus that
    /// average. The value is this many percent of the average (100 = all of it). The main
    /// thread's table lives from move to move (cleared with the transposition table).
    /// `corr=100` against 9477f8e, SPRT (0, 25) at 100 ms, balanced openings (2026-12-07):
    /// freestyle 213-181-6 (+27.9 ±28.6, 400-game cap, LLR 1.83, seed 97), again **H1** at game
    /// 360 (362 played), 202-156-4 (+44.4 ±32.6, seed 99); renju 215-182-3 (+28.7 ±31.2,
    /// 400-game cap, LLR 1.63, seed 98), again 424-371-5 (+23.1 ±21.4, 95% [+1.7, +44.6],
    /// 800-game cap, LLR 2.27, seed 100); renju's two runs together 639-553-8, about +25. 100
    /// by default since. A third renju run (5e55ab4 against itself with `corr=0`, seed 107):
    /// 301-288-11, +7.5 ±23.5, no decision at the 600-game cap (LLR −0.86); the three
    /// together 940-841-19 in 1800 games, 52.8%, about +19. Against that (5e55ab4), freestyle: `corr=150` **H0** at game 191
    /// (193 played), 81-108-4, −47.3 ±44.3 (seed 102); `corr=70` 193-197-10, −3.5 ±27.6, no
    /// decision at the 400-game cap (LLR −2.02, seed 103).
    pub corr: i32,
    /// `corr` under renju alone (−1 = as `corr`). `corr_renju=50` against 100 (the same
    /// binary without), SPRT (0, 25) at 100 ms, renju, balanced openings: **H0** at game 492,
    /// 239-250-5, −7.7 ±25.9 (seed 114). As `corr` by default.
    pub corr_renju: i32,
    /// The same correction by the last two moves (and the side to move), this many percent
    /// of its average added too (0 = off). `corr_moves=50` on top of `corr=100`, against
    /// 5e55ab4, SPRT (0, 25) at 100 ms, freestyle, balanced openings: **H0** at game 562
    /// (564 played), 272-281-11, −5.5 ±25.1 (seed 101). Off. Keyed instead by the shape of
    /// the last move (the mover's and the opponent's feature codes at its cell; tried on
    /// 0856723 and removed): freestyle 208-182-10, +22.6 ±29.8 (no decision at 400, seed
    /// 108), 297-288-15, +5.2 ±22.8 (no decision at 600, seed 109); renju **H0** at game 361,
    /// 168-190-5, −20.2 ±31.8 (seed 115).
    pub corr_moves: i32,
    /// The correction's threat state: 0 the counts 0 to 3 of each class; 1 also each side's
    /// two points (0 to 7); 2 only whether each class is there (0 or 1). Against 5e55ab4, SPRT
    /// (0, 25) at 100 ms, freestyle, balanced openings: 1 **H0** at game 141 (143 played),
    /// 59-82-2, −59.3 ±48.2 (seed 104); 2 **H0** at game 250 (252 played), 109-137-6, −38.8
    /// ±40.4 (seed 105). 0 by default.
    pub corr_key: i32,
    /// How fast the correction learns: a node of depth d moves its entry (d + 1)/`corr_rate`
    /// (at most 16/`corr_rate`) of the way to its own difference. 64 by default. `corr_rate=32`
    /// against 5e55ab4, SPRT (0, 25) at 100 ms, freestyle, balanced openings: 190-206-4, −13.9
    /// ±31.1, no decision at the 400-game cap (LLR −2.64, seed 106); `corr_rate=128` (half as
    /// fast) against b9b5816, the same SPRT: 193-202-5, −7.8 ±27.6, no decision at the
    /// 400-game cap (LLR −2.58, seed 118).
    pub corr_rate: i32,
    /// Futility margin per remaining ply at depth ≤ 2 (0 = off).
    pub futility_margin: i32,
    /// Reverse futility: at depth ≤ `rfp_depth` a static value `rfp_margin` per ply above beta
    /// cuts (0 = off). 120 a ply to depth 3 until 2026-12-02; 50 to depth 6 since (see
    /// `razor_margin` for the SPRTs).
    pub rfp_margin: i32,
    pub rfp_depth: i32,
    /// Aspiration window half-width (60). Against 60, SPRT (0, 25) at 100 ms, freestyle,
    /// balanced openings, the same binary (2026-12-07): `aspiration=30` **H0** at game 197,
    /// 84-108-7, −40.5 ±41.1 (seed 125); `aspiration=120` no decision at the 400 cap, 194-201-5,
    /// −6.1 ±29.4 (LLR −2.07, seed 126). Not changed.
    pub aspiration: i32,
    /// After an aspiration fail the failing side of the window is moved out by twice the last
    /// margin (from the value found) instead of opening the whole window (0 = off).
    /// `asp_widen=1` against 0856723's search (the same binary without), SPRT (0, 25) at
    /// 100 ms, freestyle, balanced openings: 299-291-10, +4.6 ±25.2, no decision at the
    /// 600-game cap (LLR −1.19, seed 113). Off.
    pub asp_widen: i32,
    /// Plies of own-four sequences searched beyond the horizon.
    pub qsearch_plies: i32,
    /// Beyond the horizon (0 = off, the four quiescence): the side to move's VCF is looked
    /// for by the threat solver within this many solver nodes (`qsearch_plies / 2` fours,
    /// answers cached); a VCF gives the win, otherwise the static value stands. The four
    /// quiescence spent about 60% of the search's nodes trying fours that mostly win nothing
    /// (a blocked four rarely raises the value); the solver finds the same wins cheaper. With
    /// `mcp=2`, against both off (SPRT 0,25,0.05,0.05 at 100 ms a move, quiet machine,
    /// 2026-12-02): freestyle +18.5 ±19.2 (600 games, no decision, LLR 1.58, balanced openings
    /// seed 13), then H1 +30.1 ±25.3 (416 games, openings judged by 100 K-node searches, seed
    /// 14), +9.3 ±16.3 (600 games, no decision, LLR −1.28, tests/data then random openings,
    /// seed 20); renju H1 +31.3 ±24.9 (478 games, balanced openings seed 15). On the VCT problems
    /// (`search_sees_collection_vcts`, sample of 100): 84 reported won within 500 K nodes in
    /// 56 s, against 72 (30 s) and 79 within 1.15 M nodes (49 s) without. 30 by default;
    /// against it, freestyle (balanced openings): 100 H0, −19.1 ±32.4 (164 games); 10 H0,
    /// −2.1 ±21.8 (335 games). 60 against Rapfi at a tenth of our time (renju, 100 ms, 600
    /// games a seed, paired by opening with runs of the same play at 30, 2026-12-03): −2.2% a
    /// game [−5.1, +0.8] (seed 7), −0.7% [−3.4, +2.0] (seed 9), −1.4% [−3.4, +0.6] together.
    pub qvcf_nodes: u64,
    /// With `qvcf_nodes`: a static value above alpha beyond the horizon loses this much when
    /// the opponent has a VCF (the side to move must spend its move on stopping it; 0 = off).
    /// `qvcf_threat=60` against 0 (SPRT 0,25 at 100 ms, 2026-12-02): freestyle H1 +32.4 ±24.2
    /// (398 games, balanced seed 17), not repeated on other openings (H0, −9.2 ±26.5, 264
    /// games, tests/data then random, seed 19); renju H0, −4.2 ±24.1 (577 games). Off.
    pub qvcf_threat: i32,
    /// Entries (log2) of the fail table that the VCF probes beyond the horizon and the
    /// opponent-VCF checks share within one move's search (0 = none; see
    /// [`crate::search::danger::VcfCache::with_table`]). Without it a probe searched every order of
    /// independent fours, and 72% of the probes' nodes went to the probes that used 21 or more
    /// of their 30 nodes (renju self-play, 20 K nodes a move, a count added for the run). With
    /// 2^16 entries the bench to depth 11 takes 0.92 times the time (2.24 s against 2.42 s,
    /// two runs each, 8% fewer nodes). Against 0 (SPRT −25,0 at 100 ms, balanced openings,
    /// quiet machine, 2026-12-03): freestyle H1, 308-312-9, −2.8 ±17.7 (629 games, seed 201);
    /// renju H1, 282-282-9, +0.6 ±20.4 (573 games, seed 202). 16 by default.
    pub qvcf_tt: u32,
    /// Most fours tried at a quiescence node. 10 instead of 6: freestyle +10.3 ±29.6 (H0 after
    /// 236 games).
    pub qsearch_moves: usize,
    /// Share (permille of the optimum time) of the root VCF probe; 0 turns it off.
    pub root_vcf_permille: u32,
    /// Share of the root VCT probe; 0 turns it off. Retested with the faster solver (34adfd0):
    /// `root_vct_permille=100` against 0, renju, SPRT 0,25 at 100 ms, balanced openings: H0,
    /// −58.5 ±47.0 (84 games): at short turns the probe costs more than it finds. Off.
    /// Against Rapfi at a tenth of our time (freestyle, 100 ms, 600 games a seed, paired by
    /// opening with the same build without it, 2026-12-03): −2.6% a game [−5.6, +0.4] (seed
    /// 8) and −2.1% [−4.4, +0.3] (seed 10).
    pub root_vct_permille: u32,
    /// Most attacker moves of the root VCF (and of VCF leaves in the VCT).
    pub root_vcf_depth: u32,
    /// Most attacker moves of the root VCT.
    pub root_vct_depth: u32,
    /// Solver nodes of the opponent-VCF check at every node (0 = off). When the opponent has
    /// a VCF, only the moves that may refute it are searched. Retested with the faster
    /// solver (34adfd0), `opp_vcf_nodes=300 opp_vct_ply=1` against off, renju, SPRT 0,25 at
    /// 100 ms, balanced openings: H0, 7-35-0 (−280, 42 games, every game ended on a five),
    /// far worse than its cost in speed explains (bench: 0.64 M against 0.90 M nodes/s, 8%
    /// more nodes at the same depth). The VCF check alone (`opp_vcf_nodes=300`): H0, −21.5
    /// ±32.5 (210 games), about its cost. So the loss is the VCT part: its refutation set
    /// (the points of the VCT's main line and of its threats' lines, and our fours) leaves out
    /// our own threes and the points that spoil a branch off the main line, both of which can
    /// stop a VCT. Off. With the refutation set taken from the whole proof tree instead
    /// (`danger::proof_refutations`; on the suite's sample it misses 12 refuting moves where
    /// the main-line set missed 55), the same test: H0, −66.4 ±56.3 (90 games): less harmful,
    /// still a loss. The set holds 50–80% of the moves near the stones, so it prunes little
    /// and still misses defences. `opp_vcf_nodes=300` against Rapfi at a tenth of our time
    /// (renju, 100 ms, 600 games a seed, paired by opening with runs of the same play without
    /// it, 2026-12-03): −2.3% a game [−4.8, +0.3] (seed 7), −0.9% [−3.7, +1.9] (seed 9),
    /// −1.6% [−3.5, +0.3] together.
    pub opp_vcf_nodes: u64,
    /// Most attacker moves of that check.
    pub opp_vcf_depth: u32,
    /// Least remaining depth of that check (nearer the horizon the quiescence search of the
    /// children finds the opponent's VCF by itself).
    pub opp_vcf_min_depth: i32,
    /// Solver nodes of the opponent-VCT check at the root and at PV nodes up to `opp_vct_ply`
    /// (0 = off).
    pub opp_vct_nodes: u64,
    /// Deepest ply (from the root) of the opponent-VCT check.
    pub opp_vct_ply: i32,
    /// Most attacker moves of the opponent VCT.
    pub opp_vct_depth: u32,
    /// Share (permille of the maximum time) of the root check "which of our moves leave the
    /// opponent a VCT?" (0 = off); `opp_vct_nodes` solver nodes per move. At 500 ms a move,
    /// with the root VCT probe (`root_defence_permille=150 root_vct_permille=100` against
    /// both off, renju, balanced openings, SPRT 0,25, 2026-12-02): 200-193-7, +6.1 ±22.8, no
    /// decision at the 400-game cap (LLR −1.18), no move over the limit: neutral at 500 ms
    /// where it lost at 100 ms. Off.
    pub root_defence_permille: u32,
    /// Share (permille of the maximum time) of the check of the chosen root move: once
    /// `vbest_at` permille of the turn has passed, the best move (and, when it falls, the next
    /// ones in the root list) is checked for an opponent VCT; moves proven to lose are dropped
    /// from the root (never the last). Not under a node limit. 0 = off. Unlike
    /// `root_defence_permille`, which checks every candidate in ordering order whenever the
    /// opponent has a VCT as if to move (in the middle game nearly always: 46 of 58 gauntlet
    /// positions), it spends time only on the moves the search wants to play.
    /// Measured 2026-12-04 (`vbest_permille=300 vbest_at=300 vbest_threats=1 vbest_depth=12`)
    /// against Rapfi at a tenth of our time (100 ms a move, 600 games, paired by opening with
    /// a run of the same build without it): freestyle +1.3% a game [−1.3, +4.0] (seed 21),
    /// renju −1.3% [−4.3, +1.6] (seed 22); `root_defence_permille=500 opp_vct_nodes=300000
    /// opp_vct_depth=10` the same way in freestyle: −3.2% [−6.0, −0.5]. On the 37 freestyle
    /// positions of a 500 ms gauntlet where Rapfi announced a mate right after our move, our
    /// move at 500 ms left Rapfi (1 s) without a mate in 6 and 7 (two runs), at 5 s in 14;
    /// with `vbest_permille=500 vbest_at=200 vbest_threats=1 vbest_depth=16
    /// vbest_nodes=1000000` in 10, with the root defence above in 11–13; Rapfi itself on our
    /// side in 21. At 300 ms against Rapfi at about 30 ms (300 games, freestyle, seed 23,
    /// paired the same way): −3.2% [−7.1, +0.8]. Off: it does not gain.
    pub vbest_permille: u32,
    /// Permille of the maximum time that passes before the first check.
    pub vbest_at: u32,
    /// Solver nodes of one check.
    pub vbest_nodes: u64,
    /// Most attacker threes (and VCF threats) of one check.
    pub vbest_depth: u32,
    /// Most moves checked in a turn.
    pub vbest_moves: u32,
    /// 1: the check's attacker also plays moves that make a VCF threat (not only threes).
    pub vbest_threats: u32,
}

impl Default for Params {
    fn default() -> Self {
        let mut eval_own = [0; THREAT_COUNT];
        let mut eval_opp = [0; THREAT_COUNT];
        let mut order_own = [0; THREAT_COUNT];
        let mut order_block = [0; THREAT_COUNT];
        let set = |t: &mut [i32; THREAT_COUNT], v: [(Threat, i32); 10]| {
            for (k, x) in v {
                t[k as usize] = x;
            }
        };
        use Threat::*;
        set(
            &mut eval_own,
            [
                (One, 0),
                (Two, 4),
                (Three, 12),
                (OpenThree, 30),
                (ThreeThree, 140),
                (Four, 30),
                (FourThree, 400),
                (FourFour, 500),
                (OpenFour, 500),
                (Five, 600),
            ],
        );
        set(
            &mut eval_opp,
            [
                (One, 0),
                (Two, 3),
                (Three, 9),
                (OpenThree, 20),
                (ThreeThree, 60),
                (Four, 20),
                (FourThree, 90),
                (FourFour, 120),
                (OpenFour, 150),
                (Five, 300),
            ],
        );
        set(
            &mut order_own,
            [
                (One, 1),
                (Two, 8),
                (Three, 30),
                (OpenThree, 120),
                (ThreeThree, 800),
                (Four, 100),
                (FourThree, 3000),
                (FourFour, 4000),
                (OpenFour, 8000),
                (Five, 100_000),
            ],
        );
        set(
            &mut order_block,
            [
                (One, 0),
                (Two, 5),
                (Three, 20),
                (OpenThree, 80),
                (ThreeThree, 500),
                (Four, 60),
                (FourThree, 1500),
                (FourFour, 2000),
                (OpenFour, 2500),
                (Five, 50_000),
            ],
        );
        let mut order_pattern = [0; 11];
        for (p, v) in [
            (Pattern::One, 1),
            (Pattern::Two, 4),
            (Pattern::OpenTwo, 10),
            (Pattern::Three, 14),
            (Pattern::OpenThree, 30),
            (Pattern::Four, 30),
        ] {
            order_pattern[p as usize] = v;
        }
        Params {
            learned_eval: 1,
            learned_order: 50,
            learned_order_renju: 50,
            eval_own,
            eval_opp,
            order_own,
            order_block,
            order_pattern,
            max_moves: [12, 12, 16, 12],
            lmr_after: 4,
            lmr_log_div: 0,
            lmr2_after: 12,
            hist_malus: 0,
            mcp: 2,
            se_depth: 5,
            se_margin: 4,
            pol_red: 150,
            pol_red_max: 2,
            pol_red_frac: 0,
            four_ext: 0,
            lmr_tact: 1,
            think_forced: 1,
            lmr_far: 0,
            widen_lost: [0, 1],
            think_lost: 1,
            verify_win: 1,
            win_streak: [2, 2],
            keep_fours: 0,
            uncapped_plies: 0,
            hist_cap: 0,
            counter_move: 0,
            lmr_improving: 0,
            lmr_hist: 0,
            futility_margin: 100,
            smp_skip: 0,
            root_lmr: 6,
            ext_defend: 0,
            threads: 0,
            corr: 100,
            corr_renju: -1,
            corr_moves: 0,
            corr_key: 0,
            corr_rate: 64,
            iir_depth: 0,
            lmp_depth: 0,
            lmp_base: 3,
            razor_margin: 25,
            razor_depth: 2,
            fh_margin: 8,
            tt_eval: [0, 0],
            cut_lmr: [0, 1],
            lmr_cont: [0, 1],
            nmp_depth: 0,
            nmp_r: 3,
            aspiration: 60,
            asp_widen: 0,
            rfp_margin: 50,
            rfp_depth: 6,
            qsearch_plies: 16,
            qsearch_moves: 6,
            qvcf_nodes: 30,
            qvcf_threat: 0,
            qvcf_tt: 16,
            root_vcf_permille: 100,
            root_vct_permille: 0,
            root_vcf_depth: 40,
            root_vct_depth: 8,
            opp_vcf_nodes: 0,
            opp_vcf_depth: 12,
            opp_vcf_min_depth: 3,
            opp_vct_nodes: 20_000,
            opp_vct_ply: -1,
            opp_vct_depth: 6,
            root_defence_permille: 0,
            vbest_permille: 0,
            vbest_at: 400,
            vbest_nodes: 300_000,
            vbest_depth: 10,
            vbest_moves: 8,
            vbest_threats: 0,
        }
    }
}

impl Params {
    /// Is either table of the static-value correction on (`corr`, `corr_moves`)?
    pub fn corr_on(&self) -> bool {
        self.corr > 0 || self.corr_renju > 0 || self.corr_moves > 0
    }

    /// Sets a scalar tunable by name (for tuning matches): `qsearch_plies`, `qsearch_moves`,
    /// `lmr_after`, `aspiration`, `max_moves0`..`max_moves3`.
    pub fn set(&mut self, name: &str, value: i64) -> Result<(), String> {
        let v = value;
        match name {
            "qsearch_plies" => self.qsearch_plies = v as i32,
            "qsearch_moves" => self.qsearch_moves = v.max(0) as usize,
            "lmr_after" => self.lmr_after = v.max(0) as usize,
            "lmr_log_div" => self.lmr_log_div = v.max(0) as i32,
            "lmr2_after" => self.lmr2_after = v.max(1) as usize,
            "hist_malus" => self.hist_malus = v.clamp(0, 1) as i32,
            "mcp" => self.mcp = v.clamp(0, 2) as i32,
            "se_depth" => self.se_depth = v.clamp(0, 64) as i32,
            "se_margin" => self.se_margin = v.clamp(0, 1000) as i32,
            "pol_red" => self.pol_red = v.clamp(0, 10_000) as i32,
            "pol_red_frac" => self.pol_red_frac = v.clamp(0, 1) as i32,
            "four_ext" => self.four_ext = v.clamp(0, 16) as i32,
            "pol_red_max" => self.pol_red_max = v.clamp(0, 10) as i32,
            "lmr_tact" => self.lmr_tact = v.clamp(0, 2) as i32,
            "think_forced" => self.think_forced = v.clamp(0, 1) as i32,
            "lmr_far" => self.lmr_far = v.clamp(0, 2) as i32,
            "widen_lost" => self.widen_lost = [v.clamp(0, 1) as i32; 2],
            "widen_lost_renju" => self.widen_lost[1] = v.clamp(0, 1) as i32,
            "think_lost" => self.think_lost = v.clamp(0, 1) as i32,
            "verify_win" => self.verify_win = v.clamp(0, 1) as i32,
            "win_streak" => self.win_streak = [v.clamp(0, 100) as i32; 2],
            "win_streak_renju" => self.win_streak[1] = v.clamp(0, 100) as i32,
            "keep_fours" => self.keep_fours = v.clamp(0, 1) as i32,
            "uncapped_plies" => self.uncapped_plies = v.clamp(0, 64) as i32,
            "hist_cap" => self.hist_cap = v.clamp(0, 1 << 20) as i32,
            "counter_move" => self.counter_move = v.clamp(0, 1 << 23) as i32,
            "lmr_improving" => self.lmr_improving = v.clamp(0, 3) as i32,
            "lmr_hist" => self.lmr_hist = v.clamp(0, 1 << 20) as i32,
            "futility_margin" => self.futility_margin = v.max(0) as i32,
            "iir_depth" => self.iir_depth = v.clamp(0, 64) as i32,
            "threads" => self.threads = v.clamp(0, 64) as i32,
            "corr" => self.corr = v.clamp(0, 200) as i32,
            "corr_moves" => self.corr_moves = v.clamp(0, 200) as i32,
            "corr_renju" => self.corr_renju = v.clamp(-1, 200) as i32,
            "corr_key" => self.corr_key = v.clamp(0, 2) as i32,
            "corr_rate" => self.corr_rate = v.clamp(16, 1024) as i32,
            "ext_defend" => self.ext_defend = v.clamp(0, 100) as i32,
            "root_lmr" => self.root_lmr = v.clamp(0, 1000) as i32,
            "smp_skip" => self.smp_skip = v.clamp(0, 1) as i32,
            "lmp_depth" => self.lmp_depth = v.clamp(0, 10) as i32,
            "lmp_base" => self.lmp_base = v.clamp(0, 100) as i32,
            "razor_margin" => self.razor_margin = v.max(0) as i32,
            "fh_margin" => self.fh_margin = v.max(0) as i32,
            "tt_eval" => self.tt_eval = [v.clamp(0, 1) as i32; 2],
            "cut_lmr" => self.cut_lmr = [v.clamp(0, 4) as i32; 2],
            "lmr_cont" => self.lmr_cont = [v.clamp(0, 1) as i32; 2],
            "tt_eval_renju" => self.tt_eval[1] = v.clamp(0, 1) as i32,
            "cut_lmr_renju" => self.cut_lmr[1] = v.clamp(0, 4) as i32,
            "lmr_cont_renju" => self.lmr_cont[1] = v.clamp(0, 1) as i32,
            "razor_depth" => self.razor_depth = v.clamp(0, 10) as i32,
            "nmp_depth" => self.nmp_depth = v.clamp(0, 64) as i32,
            "nmp_r" => self.nmp_r = v.clamp(1, 10) as i32,
            "rfp_margin" => self.rfp_margin = v.max(0) as i32,
            "rfp_depth" => self.rfp_depth = v.clamp(0, 20) as i32,
            "asp_widen" => self.asp_widen = v.clamp(0, 1) as i32,
            "aspiration" => self.aspiration = v.max(1) as i32,
            "learned_eval" => self.learned_eval = v.clamp(0, 1) as i32,
            "learned_order" => self.learned_order = v.clamp(0, 10_000) as i32,
            "learned_order_renju" => self.learned_order_renju = v.clamp(0, 10_000) as i32,
            "root_vcf_permille" => self.root_vcf_permille = v.clamp(0, 1000) as u32,
            "root_vct_permille" => self.root_vct_permille = v.clamp(0, 1000) as u32,
            "root_vcf_depth" => self.root_vcf_depth = v.clamp(1, 200) as u32,
            "root_vct_depth" => self.root_vct_depth = v.clamp(1, 30) as u32,
            "opp_vcf_nodes" => self.opp_vcf_nodes = v.max(0) as u64,
            "qvcf_nodes" => self.qvcf_nodes = v.max(0) as u64,
            "qvcf_threat" => self.qvcf_threat = v.clamp(0, 10_000) as i32,
            "qvcf_tt" => self.qvcf_tt = v.clamp(0, 24) as u32,
            "opp_vcf_depth" => self.opp_vcf_depth = v.clamp(1, 60) as u32,
            "opp_vcf_min_depth" => self.opp_vcf_min_depth = v.clamp(1, 64) as i32,
            "opp_vct_nodes" => self.opp_vct_nodes = v.max(0) as u64,
            "opp_vct_ply" => self.opp_vct_ply = v.clamp(-1, 20) as i32,
            "root_defence_permille" => self.root_defence_permille = v.clamp(0, 1000) as u32,
            "opp_vct_depth" => self.opp_vct_depth = v.clamp(1, 30) as u32,
            "vbest_permille" => self.vbest_permille = v.clamp(0, 1000) as u32,
            "vbest_at" => self.vbest_at = v.clamp(0, 1000) as u32,
            "vbest_nodes" => self.vbest_nodes = v.max(1) as u64,
            "vbest_depth" => self.vbest_depth = v.clamp(1, 30) as u32,
            "vbest_moves" => self.vbest_moves = v.clamp(1, 64) as u32,
            "vbest_threats" => self.vbest_threats = v.clamp(0, 1) as u32,
            "max_moves0" => self.max_moves[0] = v.max(1) as usize,
            "max_moves1" => self.max_moves[1] = v.max(1) as usize,
            "max_moves2" => self.max_moves[2] = v.max(1) as usize,
            "max_moves3" => self.max_moves[3] = v.max(1) as usize,
            _ => return Err(format!("unknown parameter {name:?}")),
        }
        Ok(())
    }
}
