//! VCT by depth-first proof-number search (df-pn), with complete proof trees (issue 13).
//!
//! The question is the same as [`super::vct`](mod@super::vct)'s: does the attacker (the side
//! to move) win by threes, fours and VCF threats against every defence? The moves and replies
//! are the same complete sets, so the answer is sound in the same way; only the order of the
//! work differs: df-pn always expands the most proving node, guided by proof and disproof
//! numbers.
//!
//! - **OR nodes** (the attacker to move): a five point proves; a defender five point must be
//!   blocked (two of them disprove); a VCF (searched with the VCF table, to
//!   [`SolveLimits::vcf_depth`]) proves; with no threat move left in the depth budget
//!   ([`SolveLimits::max_depth`] threes and VCF threats; fours are free, since the reply is
//!   forced and the stones run out) the node is disproved. Moves: legal fours, legal
//!   open-three makers (renju-aware: double-three candidates only when legal), and with
//!   [`SolveLimits::vcf_threats`] closed-three makers and two makers, which count as threats
//!   only when they threaten a VCF (a two's stone can join the fours of a later VCF; two
//!   makers only when the attacker has a four point already, since a two makes none).
//! - **AND nodes** (the defender to move): the complete reply set of
//!   [`super::vct`](mod@super::vct): against a four the legal blocks; against a three every
//!   legal point after which the attacker has no legal straight-four point, plus every
//!   counter-four; against a VCF threat every legal point after which the attacker has no VCF.
//!   No reply proves the node; a move that is no threat disproves it. In renju a black reply
//!   on a forbidden point does not exist.
//! - **Initial numbers** come from cheap counts, without making the move: an AND node after a
//!   four starts at pn 1, after an open three at 2, after a possible VCF threat at 4 (6 for a
//!   two maker) (plus half
//!   the defender's four points, each a counter-four to refute), dn 1; an OR node after a
//!   counter-four at (1, 1), else at pn 1 and dn half the attacker's four and three points
//!   (pn 2, dn 1 with at most one). An attacker move near neither of the last two moves (on
//!   one of their lines within four points, or within two points) starts at pn + 1, and
//!   every attacker move at pn + 2 for each three or VCF threat already on its path
//!   (`DEPTH_PN`), so that short wins come first. The learned policy orders the moves
//!   within those classes: an attacker move starts with one more pn, and a defender reply
//!   other than a counter-four with one more dn, for each logit its policy score lies below
//!   the best of its siblings' (at most 4 more, `POLICY_STEP`).
//! - **Passes**: one search with the whole depth budget (or, with [`SolveLimits::deepen`],
//!   iterative deepening on it, without the added numbers: the main search's node-limited
//!   probes, see below), first with threes and fours only, then (if
//!   [`SolveLimits::vcf_threats`]) with VCF threats too. The replies to a VCF threat are the
//!   points after which the VCF found no longer works (a sound superset of the exact set: a
//!   listed reply that still loses to another VCF is refuted by the VCF check of its child,
//!   only if df-pn goes there). Only the points of the line, the five points of its fours
//!   and the points where the defender would make a four along the line can break it, so
//!   only those are replayed (see `vct::breaking_replies`).
//! - **VCF checks skipped where a VCF is known absent**: an OR node reached by an attacker
//!   four and its only block, from an OR node whose VCF check failed (or was skipped the same
//!   way), has no VCF of less than the VCF depth (it would have been one of the parent's), so
//!   it skips its check; only a VCF of exactly the VCF depth can be missed (completeness,
//!   never soundness). The defender's reply sets are cached by key (shared, not copied).
//! - **Thresholds**: the classic MID recursion with the 1 + ε trick (ε = 1/4) on the
//!   second-best child; sums saturate below `INF`.
//!
//! **Transpositions and cycles.** Every move adds a stone, so the positions of a threat search
//! form a directed acyclic graph: no position repeats on a path and no proof can go through a
//! cycle (the graph-history-interaction problem of games with repetitions does not arise). The
//! only path-dependent quantity is the depth budget, so a **disproof** is stored with the depth
//! it was made at and reused only for a request of no more depth; a **proof** is a real finite
//! tree and is reused anywhere. Keys are the Zobrist key of the stones with a tag for the node
//! kind, the attacker, the rule, the board width and the VCF settings, so one table serves
//! calls for either side and any rule. `tests/threat_puzzles.rs` replays every proof tree
//! against every defence, including trees found with a table reused across calls.
//!
//! **Proof trees.** After the root is proved, the tree is read back from the table (a node
//! whose entry was overwritten is proved again). Leaves are completed so that every line ends
//! in a five or in a four that cannot be blocked (renju: its only block is forbidden for black):
//! after a move that wins "at once" (a double three, an open four, a VCF threat no reply
//! stops) the natural replies are listed with the attacker's winning fours. At each defender
//! turn the reply with the longest continuation is listed last, so [`Proof::main_line`] is the
//! toughest defence.
//!
//! **API for the main search** ([`ThreatSolver`], one per search thread, its tables kept
//! across calls):
//!
//! ```text
//! // Whole answer with the proof tree (the root probe, `solve vct`):
//! fn ThreatSolver::vct_proof(&mut self, b: &mut Board, attacker: Color,
//!                            limits: &SolveLimits, stop: &AtomicBool) -> (SolveResult, Option<Proof>)
//! // Cheap probe at any node of the alpha-beta search, node-budgeted, no tree built:
//! fn ThreatSolver::vct_probe(&mut self, b: &mut Board, attacker: Color,
//!                            max_depth: u32, max_nodes: u64) -> Option<usize>  // first winning move
//! ```
//!
//! In both the attacker must be the side to move; the board is restored on return; a node or
//! time limit or the stop flag gives `Unknown` / `None`, never a wrong answer.
//!
//! Measuring (renju problem collection, a CPU-time limit per problem, every proof replayed
//! against every defence):
//! `GORIN_SAMPLE=150 cargo test --release --test threat_puzzles -- --ignored --nocapture renju_collection`
//! (without `GORIN_SAMPLE` the whole collection; `GORIN_MS` the CPU milliseconds per problem).
//! Measured on a shared 2-core machine, times are CPU time of the solving thread. Code of
//! 897e6a3, 2026-12-01 (VCF checks skipped after a four from a VCF-free node, threat-search
//! board mode, three replies screened without moves, cache-line table buckets, pass 1 capped
//! at 1M nodes with its proofs copied to pass 2); `GORIN_MS=5000` and the VCF test's own 1 s:
//!
//! | set | limit | proved | median | p90 |
//! |---|---|---|---|---|
//! | VCT, all 424, depth 10 | 5 s | 344 (81.1%), 5 disproved within depth; 282 of them in ≤ 1 s, 159 in ≤ 50 ms | 144 ms | 5 s |
//! | win-in-3, 150 of 1179 (`GORIN_SAMPLE=150`), depth 3 | 5 s | 135 (90.0%), 14 disproved | 5.7 ms | 80 ms |
//! | VCF, all 1224 | 1 s | 1223 (99.9%) | 2.2 ms | 3.8 ms |
//!
//! Problem by problem against the 8958b3a run below (424 matched): 17 more proved, 3 lost
//! (proved there in 3.2-4.5 s), and the 321 proved by both take 0.65 times the time
//! (geometric mean 100 → 65 ms). 0 false wins.
//!
//! The same commands on 4fdb922 (2026-12-03; the solver as of e2df96d, whose threat-search
//! board mode took 0.89 times the time in `suite_timings`), run at `nice -n 19` on the 2-core
//! machine, partly beside a match: VCT 352/424 (83.0%), 6 disproved within depth, median
//! 105 ms, p90 5 s; win-in-3 135/150, 14 disproved, median 4.8 ms, p90 50 ms; VCF 1223/1224,
//! median 1.7 ms, p90 3.0 ms. 0 false wins.
//!
//! 2026-12-03, one search with the whole depth budget and `DEPTH_PN` 2 instead of iterative
//! deepening on the depth (both runs side by side, the same commands): VCT 359/424 (84.7%),
//! 6 disproved within depth, median 88 ms, p90 5 s, against 351/424 (82.8%), median 108 ms,
//! for the code before; problem by problem 13 more proved, 5 lost, and the 340 proved by
//! both take 0.80 times the time and 0.75 times the nodes (geometric mean). 0 false wins.
//! (That run's build set the search by environment knobs; the committed code, run again,
//! proves the same 359 with the same node counts, median 91 ms.)
//! With `DEPTH_PN` 4: 357/424, median 87 ms. Without the added proof numbers, one search
//! with the whole depth proves about as many as iterative deepening (a different set: 12
//! lost, 8 won of the first 351), and on the fixed 100-problem sample at 1 s
//! (`GORIN_SAMPLE=100 GORIN_MS=1000`): 75 proved against 76, and with 0.5, 1, 2, 3, 4 and 8
//! per threat move 75, 77, 78–80, 79, 79 and 77. The same added numbers with iterative
//! deepening kept: 75. Iterative deepening cost most of the time on the hard problems:
//! on 天狗道场#9 (`GORIN_TRACE=1`) the full disproof at depth 7 of the second pass took
//! 4.2 M of the 6.4 M nodes spent before the win at depth 8 was reached. Threes and fours
//! alone (`GORIN_VCF_THREATS=0`, iterative deepening, 5 s) prove 229/424, and find no win
//! within depth 10 in 175: most of the collection needs VCF threats.
//!
//! In the main search (the opponent's VCT at the root and PV nodes, 20 K nodes at depth 6,
//! and the root probes) the whole-depth search lost in freestyle: SPRT (−25, 0) at 100 ms,
//! balanced openings seed 98, against 0e6e828: H0 at game 302, 138-161-5, −26.3 ± 21.3 (in
//! renju, seed 97: H1 at game 528, 263-261-6, +1.3 ± 21.1). So the search's calls deepen
//! as before ([`SolveLimits::deepen`]); `solve vct` and the tests use the whole depth.
//!
//! The win-in-3 problems the same way (5 s, 2026-12-03): all 1179 at depth 10
//! (`GORIN_DEPTH=10`): 1175 proved (99.7%), 4 limits hit, median 5.0 ms, p90 235 ms; the
//! 150-problem sample at depth 3 (the default): 136 proved, 14 without a win within 3 threat
//! moves (13 of them proved at depth 10: the book's three moves are not all threes or VCF
//! threats), median 4.8 ms, p90 49 ms.
//!
//! Tried on top of it the same day on the fixed 100-problem sample at 2 s (base 83 proved),
//! not kept: `FAR_PN` 0 or 2 (80 and 80, 1.07–1.09 times the nodes of the problems proved by
//! both); the first pass's node cap at 0 (no first pass: 81, 2.2 times the nodes), 200 K (82)
//! or 3 M (84, the same nodes; on all 424 at 5 s 360 against 359, median 94 ms); the
//! disproof of a move that is no threat stored for any depth (83, the same nodes).
//!
//! The policy in the starting numbers (`POLICY_STEP`; 2026-12-04, fifteenth session; both
//! builds side by side, the whole collection, `GORIN_MS=5000`): VCT 362/424 (85.4%), 6
//! disproved within depth, median 77 ms, against 361/424, median 85 ms, without it; 4 more
//! proved, 3 lost (proved there in 0.4–4.4 s); the 352 proved by both take 0.86 times the
//! nodes and 0.95 times the time (geometric means: scoring the moves costs time a node).
//! 0 false wins. Win-in-3 sample (150, depth 3, 5 s): 136 proved by both, median 4.7 ms
//! against 5.0, p90 44 against 56 ms, 0.73 times the nodes. At 2 s on the whole collection
//! (each build in two halves, one a core; a first version that left out every reply starting
//! at (1, 1), not only the counter-fours): the attacker term alone 339 against 334 proved;
//! with the defender term too 340, median 74 against 99 ms; with it, an attacker step of half
//! a logit 331, of one and a half logits 336. Tried before it the same day and dropped (2 s,
//! the 79 problems not proved at 2 s): the VCF-threat test after a move first made with the
//! root's fours limited to the move's lines (the full test only when df-pn came back to the
//! move, which then started at pn 8 more): 2 proved, as without it; the same limit as the
//! only test (a move whose limited test failed counts as no threat): on the 100-problem
//! sample at 1 s, 73 (75 with the fours within three steps of the move allowed too) against
//! 78: VCF threats whose VCF starts away from the move are common; a VCF threat costing two of
//! the depth budget: 77 against 78. On top of the policy (2 s, whole collection; the committed
//! code 336 proved, median 80 ms): `POLICY_MAX` 6 340, `DEPTH_PN` 1 or 3 336 and 339,
//! `FAR_PN` 0 or 2 338 and 338, a table of 2^22 entries 335 (all within the ±4 that two runs
//! of one build differ by); the scores computed only where a child has no table entry: the
//! same nodes and the same time on the win-in-3 sample; the VCF searches' fours of a kind
//! ordered by the policy instead of by distance to the last four: 0.999 times the nodes on
//! the 100-problem sample at 1 s (80 proved by both), 1.02 on the win-in-3 sample; closed-three
//! and two makers left out where their policy lies 4 or 8 logits below the best move's: 331
//! (median 60 ms) and 338 (71 ms), against 336 (80 ms; the medians of one build move by
//! ±5 ms between runs).
//!
//! Where the time goes with the whole-depth search (2026-12-03, three problems still unknown
//! at 5 s: 天狗道场#61, #65, #67, `GORIN_TRACE=1` with counters added for the run): the
//! defender's reply generation is 70–81% of the second pass's nodes, and 77–88% of that is
//! VCF searches after closed-three and two makers that find no VCF (5.0 M of 5.8 M, 4.2 M
//! of 4.8 M, 3.1 M of 4.0 M nodes); the 25 K–38 K tests that found a threat cost 0.6–0.9 M.
//! A cheaper proof that a move threatens no VCF is where the next gain is.
//!
//! Tried the same day and dropped: Kawano's simulation (after a defender reply is proved
//! lost, its siblings are first searched with only the attacker moves of that proof, at
//! most 2,000 nodes each, in a table of their own whose proofs are copied): on the fixed
//! 100-problem sample at 1 s, 77 proved against 76 with iterative deepening (1.04 times the
//! nodes), and 79 against 80 with the search above (1.17 times the nodes). Capping each
//! depth iteration at 300 K nodes and then going to the full depth: 24 against 27 on the
//! first 44 of the hard problems.
//!
//! Tried on the whole-depth search (2026-12-03, twelfth session; fixed 100-problem sample at
//! 2 s, both runs side by side, base 83 proved) and dropped:
//! - A killer move by ply (the attacker move that last proved an OR node at that ply starts
//!   at pn 1 where the table knows nothing of it): 80 proved, 1.15 times the nodes of the 79
//!   proved by both.
//! - Two makers kept only when a window of five through them, free of defender stones, holds
//!   two stones of the attacker or cells of the "four closure" (every cell that could become
//!   a four point along some sequence of fours, from the attacker's stones alone). Counted on
//!   60 problems of 20 K–400 K nodes (`GORIN_TRACE`), it would have left out 72 K of the
//!   101 K two makers whose threat was tested, but 592 of those did threaten a VCF: the
//!   closure ignores the defender's counter-fours, which a two maker can stop. On the sample: 80 proved, the same nodes on the 79
//!   proved by both and 1.16 times their time (the closure's cost).
//! - Profiles (`perf`, 2026-12-03): on the 131 problems proved in at most 20 K nodes the
//!   board's make and undo take 73% of the solver's time and `three_defences` 22% inclusive
//!   (its trial moves are not counted as nodes: in the last full run the problems proved in
//!   under 1 000 nodes took a median 6.6 µs a node, those over 1 M 0.74 µs); on 40 problems
//!   of 20 K–400 K nodes the board takes 71%.
//!
//! Code of 8958b3a, 2026-12-01, the same commands:
//!
//! | set | limit | proved | median | p90 |
//! |---|---|---|---|---|
//! | VCT, all 424, depth 10 (threes and VCF threats; fours free) | 5 s | 330 (77.8%), 5 disproved within depth; 266 of them in ≤ 1 s, 128 in ≤ 50 ms | 238 ms | 5 s |
//! | win-in-3, 150 of 1179 (`GORIN_SAMPLE=150`), depth 3 | 5 s | 135 (90.0%), 14 disproved | 9.3 ms | 113 ms |
//! | VCF, all 1224 | 1 s | 1223 (99.9%) | 1.6 ms | 3.3 ms |
//!
//! The runs recorded at c7e5a1d (before the VCF-threat replies from the points that can break
//! the line, the tighter three replies, the pn + 1 of distant moves and the two makers only
//! with a four point): VCT 305/424 (71.9%), median 353 ms, 249 of them in ≤ 1 s, 110 in
//! ≤ 50 ms (and 254/424 in a run at 1 s); win-in-3 134/150, median 13 ms, p90 421 ms; VCF the
//! same. Problem by problem (418 of the 424 matched by id): 25 more proved, none lost, and the
//! 299 proved by both take 0.73 times the time (geometric mean, 107 ms → 78 ms). On a fixed
//! sample of 100 VCT problems at 1 s (`GORIN_IDS`), b3ae0c3 → 8958b3a: 48 → 53 proved, the 47
//! proved by both 0.70 times the time.
//!
//! Before two makers and free fours (and before the board's undo log), the same runs gave
//! VCT 285/424 at 5 s and 242/424 at 1 s, win-in-3 116/150 at depth 3. On a sample of 60 VCT
//! problems at 1 s the former depth-first solver ([`ThreatSolver::vct_dfs_proof`]) proved
//! 29/60 where df-pn proved 39/60. No false win in any run.
//!
//! After 8958b3a, the replies to a three are tried only on the line of each straight-four
//! point's open four, and the reply cache is shared by both passes (two generations). The
//! reply sets are the same (node counts identical problem by problem); only the time changes.
//! On the fixed 100-problem sample (`GORIN_IDS`, the same file) at 1 s: 53 → 54 proved, the 52
//! proved by both 0.71 times the time (geometric mean, 53.4 → 37.9 ms), median 781 → 539 ms.
//! At 5 s on the same sample: 67 → 68 proved (the 8958b3a figures are that sample's lines of
//! the full 5 s run above), the 67 proved by both 0.81 times the time. The full 424 at 5 s was
//! not run again for this change. Timings on the shared machine vary by ±10–20% between runs
//! of the same code.
//!
//! **Where the time goes, and what did not help** (2026-12-01, code of 034fb28, the same as
//! 897e6a3). The 72 problems left unknown at 5 s were given 15 s each (`GORIN_TRACE=1`): 20
//! more were proved, every one in the second pass (VCF threats) at depth 4–9; the other 52
//! stopped in the second pass at depth 1–10. A profile of one of them (`perf`, 天狗道场#61):
//! the board's make and undo take two thirds of the time; the VCF searches (the checks at OR
//! nodes and the threat test of VCF-threat replies) 42% inclusive, the defender's reply
//! generation 36%. Tried as switches on the fixed 100-problem sample at 1 s (the base: 58
//! proved), none changed the count beyond ±2 or the time of the problems proved by both
//! beyond the noise: ε 1/4 → 1 (59), a reply cache of 1M instead of 64K (56), a pass-1 cap of
//! 300K nodes (57), `FAR_PN` 3 (55), starting numbers 6 and 10 for closed-three and two makers
//! (58), depth iterations in steps of 2 (57), a killer move by ply at OR nodes (56), disproofs
//! of non-threats kept for any depth (57), fours costing a quarter or half of a three instead
//! of nothing (55, 58), VCF depth 12 or 8 instead of 20 (57, 57); exact VCF-threat reply sets
//! (`CONFIRM_VCF_DEFENCES`) lost (51). Tried 2026-12-02 on a fixed 100-problem sample at 1 s
//! (`GORIN_SAMPLE=100 GORIN_MS=1000`; base 71 proved, median 77 ms): the two passes deepening in
//! turns instead of one after the other (pass 1 deepens while it has used at most 1/k of pass
//! 2's nodes): k = 1, 2, 4 gave 71, 73, 69 proved, but the problems proved by both took 1.6,
//! 1.8 and 2.2 times the nodes (geometric mean; most wins need no VCF threat, and pass 2's
//! first depths cost tens of thousands of nodes); pass 1 alone for its first 30 K or 100 K
//! nodes, then k = 2: 68 and 71 proved, 1.03 and 0.96 times the nodes. Not kept. Two makers
//! only within five steps of an attacker four point along its lines: all 424 at 5 s (both runs
//! side by side on the two cores) 342 proved against 341 (80.4%, median 136 ms → 124 ms), the
//! 332 proved by both 0.96 times the nodes but 1.03 times the time, and 天狗道场#83, which the
//! base proves, answered "no win within depth": not kept. Ordering by a proved sibling's
//! proof (2026-12-02, "simulation by reference": under a defender reply, the move that proved
//! the corresponding node under an already proved sibling reply, whose key differs by the two
//! replies' Zobrist keys, starts first with pn 1): on the fixed 100-problem sample at 1 s 72
//! proved against 71, median 71 against 77 ms, the 69 proved by both 1.02 times the nodes:
//! not kept.
//!
//! So the open problems need a smaller tree, not a faster or differently ordered one: the
//! defender's replies to VCF threats (each refuted by its own search) are the bulk. Reusing
//! one reply's proof to order its siblings' search did not help (above); skipping siblings
//! outright (relevance zones, or Kawano's simulation that replays the proof against each
//! sibling's complete replies) is untried. On one long win from a game (2026-12-02, 398 K nodes) 73% of the nodes made
//! such replies, most of them to reject attacker moves that threaten no VCF after all.
//!
//! Tried 2026-12-03 on the fixed 100-problem sample at 1 s (`GORIN_SAMPLE=100 GORIN_MS=1000`;
//! base 76 proved, median 52 ms), not kept: a cap on the VCF-threat moves of a line (passes
//! allowing at most 2, or 3, then one without a cap; the budget left mixed into the keys):
//! the same 76 proved, 0.97 and 0.99 times the nodes, 1.09 and 1.04 times the time, though
//! on one long freestyle win from a game it halved the nodes (592 K against 1.25 M); attacker
//! moves only near one of the last two moves (a hard cut instead of `FAR_PN`): 65 proved (64
//! when far fours are kept); the VCF of the VCF-threat test at depth 6 or 10 instead of 20: 76
//! and 75 proved, nearly the same nodes.
//!
//! Tried 2026-12-03 on all 424 at 1 s (`GORIN_MS=1000`; base 306 proved, median 102 ms), not
//! kept: the attacker's moves of an OR node ordered by the main search's hand ordering score
//! (`eval::move_score` without the policy, whose codes this mode does not keep) instead of by
//! cell, so that ties of the starting numbers go to the better-looking move: 303 proved, the
//! 296 proved by both 1.11 times the nodes (geometric mean). Where the time goes, on three of
//! the problems left unknown at 5 s (`GORIN_TRACE`, a counter added for the run): in the
//! second pass 56-63% of the nodes are the threat tests of VCF-threat moves (a VCF search
//! after each), and of those tests only 6% of the two makers' and 19% of the closed-three
//! makers' found a threat (4% and 12% on the first problem, 天狗道场#9). The 66 problems left
//! unknown at 5 s in the last full run (4fdb922), again at 5 s each with tables of 2^20
//! entries (the default) and of 2^22 (`GORIN_TT_LOG2=22`), both runs side by side: 0 of 66
//! proved in either, so the table's size is not what stops them.
//!
//! 2026-12-05 (eighteenth session), counters added for the run (`GORIN_TRACE`, 5 s), on three
//! problems still unknown at 5 s (天狗道场#61, #67, #68): the VCF-threat tests that find no
//! VCF take 50–55% of all nodes (6.3 M of 11.7 M, 5.1 M of 10.2 M, 6.2 M of 11.3 M). Two
//! makers are two thirds of those tests but cost 8–11 nodes each; the closed-three makers'
//! cost 26–45 each and are most of the nodes (4.3 M, 3.4 M, 4.5 M). A VCF after such a move
//! must use its stone (the parent has none), but its first fours may lie anywhere, so no
//! sound restriction of the test's first moves was found. Tried the same day on the fixed
//! 100-problem sample at 1 s (`GORIN_SAMPLE=100 GORIN_MS=1000`, both runs side by side):
//! weak proof numbers (Ueda et al. 2008: an AND node's proof number, and an OR node's
//! disproof number, as the largest child's plus one for each other unsolved child, instead
//! of the sum, against the double counting of transpositions): 77 proved against 80, the 77
//! proved by both 1.14 times the nodes. Not kept.
//!
//! 2026-12-05 (nineteenth session), the solver guided by the alpha-beta search, tried and not
//! kept. On the 49 problems left unknown at 5 s the main search (`search_sees_collection_vcts`
//! with `GORIN_IDS`) reports a mate score on 14 within 2 M nodes, 9 of them within
//! 136–302 K (8 of its 14 principal variations open with a closed-three or two maker). So its transposition table was offered to the solver as ordering hints
//! (a closure from the position to the table's best move for the side to move): an attacker
//! move or a defender reply that the table names started at proof (or disproof) number 1.
//! After a 2 M-node search (0.3–2.9 s, not counted), the solver proved 4 of those 14 at 5 s
//! (none without the hints), and with a 1 M-node search 6 of all 49. In a fair 5 s (the
//! solver alone for 2 s, the search for 1 s, the solver with the hints, its table kept, for
//! the rest; wall time on the otherwise idle machine), all 424: 369 proved, 6 no win within
//! depth, 49 limits hit, median 50.0 ms, 0 false wins, the same count as the solver alone
//! (gained 高飞习题#95 and #119, lost 天狗道场#75 and 高飞习题#2, which the solver alone
//! proves after 3.9 and 4.9 s). Likely reason: the search's table covers the defences it
//! searched, not the others that a proof must answer.
//!
//! 2026-12-06 (twenty-fifth session), tried and not kept: after each recursive call of the
//! MID loop, the other children's numbers read again from the table (a transposition reached
//! under the searched child may have proved, disproved or raised a sibling), adopting either
//! only solved entries or every entry found. All 424 at 5 s, both builds side by side on the
//! 2-core machine (a `nice -n 19` self-play beside them after the first minutes): the base
//! proved 367 (6 no win within depth, 51 limits hit, median 70 ms); adopting solved entries
//! gave the same node count on each of the first 92 problems, adopting every entry the same
//! node count on each of the 281 problems of its first 325 that both proved (one more hit
//! the limit, at 4.9 s in the base). So the siblings' entries do not change under a child's
//! search often enough to matter here.
//!
//! The same day, the depth budget at 14 threes and VCF threats instead of 10
//! (`GORIN_DEPTH=14`), both runs side by side at 5 s: 369 proved against 367 (3 more:
//! 新图巧百番#79 at 4.4 s, 珠々の詰連珠#340 and 高飞习题#192 at 0.7–0.8 s; 1 lost, 高飞习题#23,
//! proved at 4.3 s with 10), 4 without a win within depth instead of 6, the 366 proved by both
//! 1.04 times the nodes (geometric mean); 0 false wins. Too close to the noise to change the
//! default.
//!
//! 2026-12-07 (twenty-ninth session), tried and not kept. (1) Reusing "no threat" findings:
//! a closed-three or two maker whose VCF-threat test failed at an OR node was left out at the
//! OR nodes up to three moves below it (and under the sibling replies of its parent AND node),
//! unless it lay near (`near`) one of the moves between the two nodes; the findings were kept
//! by node key across df-pn's returns. Counted on 天狗道场#61 at 3 s (`GORIN_TRACE`), the
//! second pass's reply generation fell from 1.81 M to 1.35 M nodes. All 424 at 5 s, beside a
//! run of the committed code: 362 proved against 361 (5 lost, 6 gained), the 350 proved by
//! both 0.95 times the nodes and the time; and one problem, 天狗道场#110, came out "no win
//! within depth" after 1.5 s where the committed code hits the limit: the skipped moves are a
//! loss of completeness, so a disproof made with them is no disproof. Too little for a
//! heuristic that needs a second search to keep `NONE` honest. (2) In `vct::breaking_replies`,
//! a line cell up to the step where the line wins taken as breaking without the replay (the
//! same reply sets, node counts identical): no time gain measurable on 61 problems of median
//! difficulty (0.97 and 1.12 of the time in two runs), since those cells are the next moves
//! of the line and the replay stops at once. A profile of those problems (`perf`, the solver
//! only): the board's make and undo take 65% of the solver's time (`make` 46% alone, in the
//! threat-search mode), the reply generation 27% inclusive, the VCF searches 37% inclusive.
//! The median problem (60–100 K nodes, about 1.1 µs a node) takes 65–80 ms on this machine;
//! on those 61 problems the committed code took 1.04 and 0.89 times the time of 1f8d870's
//! build (two runs each, alternating; 1.09 times its nodes), so the 49 ms median measured at
//! 1f8d870 owed more to an idle machine than to a faster solver.
//!
//! 2026-12-07 (thirty-second session), tried and not kept: one search per OR node that
//! decides for all its closed-three and two makers at once which can threaten a VCF (a
//! "maker filter"), instead of a VCF search after each maker. Counted first on 10 problems
//! unknown at 5 s, 2 s each (a counter added for the run, printed with `GORIN_VERBOSE`): the
//! failing VCF-threat tests come in clusters, a median of 1–3 under one OR node but a 90th
//! percentile of 4–101 (50 or more on 8 of the 10), and 82–97% of them sit under OR nodes
//! with four or more. The filter rests on this: if the
//! attacker has a VCF after maker `m` (and none without it), take any line of it and its
//! first attacker move whose five-window holds `m`; the fours before it are fours of the
//! board without `m`, and just before it `m` makes a four point or a four (or it blocks the
//! defender's five). So one walk over every line of fours and blocks from the OR node (each
//! position once), "inserting" at each attacker turn every maker that is such a point there
//! and searching a VCF from there whose first four lies on a line of `m`, finds a superset
//! of the makers that threaten; the others are disproved without a search. Renju needed
//! care: a black maker can make a forbidden double four legal by turning one of its fives
//! into an overline (so the makers on a forbidden four's lines within five points stay
//! candidates), and a white stone can make a black block forbidden through the recursive
//! double-three rule (天狗道场#83 came out "no win within depth" until such blocks made the
//! filter undecided). Checked against a VCF search after every maker on 469 positions (the
//! collection's, under renju, freestyle and standard, and a few random moves further, for
//! either side, where the attacker has no VCF): all of about 3,100 threatening makers kept,
//! 32,300 of 32,400 others ruled out, 48 positions undecided. But it did not pay: on 天狗道场#9,
//! #61 and #67 at 2 s the solver expanded 215 K / 66 K / 75 K AND nodes, against 228–237 K /
//! 82–96 K / 117–130 K in two runs without it (the filter built at the fourth question under an
//! OR node; at the first, 214 K / 67 K / 87 K), and a first version (searches after an
//! insertion not restricted to the maker's lines) took 1.01 times the nodes and 1.07 times the
//! time on the 110 problems proved in 30–300 ms. The tests it replaces are lazy (only the
//! makers df-pn reaches are tested) and share the VCF fail table across the whole solve, while
//! the walk searches the parent's lines of fours again each time. Not committed.
//!
//! 2026-12-07 (thirty-third session), 0815f22 on the idle machine, all 424 at 5 s: 366 proved
//! (86.3%), 6 no win within depth, 52 limits hit, median 72 ms, 0 false wins (550 s). Of the
//! six, 黑先胜100题#2 cannot be won as given: white already has a straight four (f7 g8 h9 i10,
//! both ends empty) and black no four, so "no win" in 0 nodes is right. On 高飞习题#81 (black,
//! j7 h8 i9 j9 against g7 i7 g8 j8) the solver finds no win within 10 or 12 threat moves (928 K
//! and 4.8 M nodes) while the alpha-beta search reports a mate in 27 plies after 1 s, depth 13
//! (k9 l9 h9 g9 g10 i8 h11 h10 i12 j13 i11 k8 h12 …; black's first five moves are threes and
//! a four): likely a VCT longer than the depth budget, which the search reaches through its
//! reductions and VCF horizon (at depth 16 the solver hit the 20 s limit). With generation
//! 14's renju policy (bdf6e81, which orders the solver's moves), the same run: 365/424
//! (86.1%), 6 no win within depth, 53 limits hit, median 79 ms, 0 false wins (583 s).

use super::vcf::VcfSearch;
use super::vct::{threat_moves, three_defences, vcf_threat_defences};
use super::{Budget, Moves, Proof, Res, SolveLimits, SolveResult, ThreatSolver};
use super::{Urgent, first_five_point, four_defences, has_straight_four_point, is_legal, urgent};
use crate::board::Board;
use crate::board::pattern::Threat;
use crate::core::Color;
use crate::eval::policy_code_score;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// A hasher for keys that are Zobrist keys already (random bits): the key itself.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &x in bytes {
            self.0 = self.0.rotate_left(8) ^ x as u64;
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Added to the starting proof number of an attacker move that is near neither of the last
/// two moves (threat sequences mostly go on where they are).
const FAR_PN: u32 = 1;

/// Are `p` and `q` on one line within four steps, or within two steps of each other?
fn near(b: &Board, p: usize, q: usize) -> bool {
    let (p, q) = (b.pos(p), b.pos(q));
    let (dx, dy) = ((p.x as i32 - q.x as i32).abs(), (p.y as i32 - q.y as i32).abs());
    let m = dx.max(dy);
    m <= 2 || (m <= 4 && (dx == 0 || dy == 0 || dx == dy))
}

/// Most nodes of the first pass (threes and fours only) when a second pass (with VCF threats)
/// follows: a win that needs VCF threats gets its time even when the first pass cannot finish.
/// The second pass's moves include the first's, and the first's proofs are copied to its
/// table, so nothing is lost but the order of the work.
const PASS1_NODES: u64 = 1_000_000;

/// The learned policy in the starting numbers: a move (an attacker's threat, or a defender's
/// reply other than a counter-four) whose policy score ([`policy_code_score`], logits ×
/// 256) lies below the best of its siblings' starts with one more proof number (attacker) or
/// disproof number (defender) per `POLICY_STEP` of the gap, at most `POLICY_MAX` more: df-pn
/// then tries the moves the policy likes first, within each threat class.
const POLICY_STEP: i32 = 256;
const POLICY_MAX: u32 = 4;

/// The policy term of a move whose score is `score`, the best of its siblings' being `top`.
#[inline]
fn policy_extra(top: i32, score: i32) -> u32 {
    (((top - score) / POLICY_STEP) as u32).min(POLICY_MAX)
}

/// The policy scores of `moves` for `c` and their maximum.
fn policy_scores(b: &Board, moves: &[u16], c: Color) -> (SmallVec<[i32; 64]>, i32) {
    let s: SmallVec<[i32; 64]> = moves.iter().map(|&m| policy_code_score(b, m as usize, c)).collect();
    let top = s.iter().copied().max().unwrap_or(0);
    (s, top)
}

/// `GORIN_TRACE` set: each pass (and, when deepening, each depth iteration) is printed on
/// stderr (read once: the solver may be called at many nodes of a search).
fn trace_on() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("GORIN_TRACE").is_ok())
}

/// Added to the starting proof number of an attacker move for each threat move (a three or a
/// VCF threat) already on the path from the root: df-pn then prefers short wins, and does not
/// chase long lines while a shorter one is open. Not used when deepening
/// ([`SolveLimits::deepen`]), where the full disproof at each depth below the win's costs
/// most of the time on hard problems.
const DEPTH_PN: u32 = 2;

/// Infinity of the proof and disproof numbers.
pub(crate) const INF: u32 = 1 << 30;
/// "No move" in a table entry.
const NO_MOVE: u16 = u16::MAX;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    pn: u32,
    dn: u32,
    /// Nodes spent below this entry (replacement priority).
    work: u32,
    /// The depth budget (attacker moves) the numbers were found with.
    depth: u16,
    /// OR node: the child with the smallest proof number (the proving move once proved).
    best: u16,
}

/// The df-pn table: two-way buckets, replace the entry with less work, proofs kept first.
/// Also caches the defender's reply sets (their generation makes many moves).
pub(crate) struct PnTable {
    /// Two-way buckets, each on one cache line (a probe costs one miss).
    e: Vec<Bucket>,
    mask: usize,
    replies: KeyMap<Arc<[u16]>>,
    /// The previous generation of `replies` (moved here whole when `replies` is full; an entry
    /// found here moves back).
    old_replies: KeyMap<Arc<[u16]>>,
}

const REPLY_CACHE_MAX: usize = 1 << 16;

/// Whether a reply to a VCF threat is kept only after a VCF search confirms it stops every VCF
/// (exact set), or as soon as it stops the VCFs known (a superset; the children refute the rest
/// with their own VCF check, lazily).
const CONFIRM_VCF_DEFENCES: bool = false;

impl PnTable {
    pub(crate) fn new(log2: u32) -> PnTable {
        let n = 1usize << log2.clamp(8, 26);
        PnTable {
            e: vec![Bucket::default(); n / 2],
            mask: n - 1,
            replies: KeyMap::default(),
            old_replies: KeyMap::default(),
        }
    }
    pub(crate) fn clear(&mut self) {
        self.e.iter_mut().for_each(|e| *e = Bucket::default());
        self.replies.clear();
        self.old_replies.clear();
    }
    fn get_replies(&mut self, key: u64) -> Option<Arc<[u16]>> {
        if let Some(r) = self.replies.get(&key) {
            return Some(r.clone());
        }
        let r = self.old_replies.remove(&key)?;
        self.put_replies(key, r.clone());
        Some(r)
    }
    fn put_replies(&mut self, key: u64, r: Arc<[u16]>) {
        if self.replies.len() >= REPLY_CACHE_MAX {
            self.old_replies = std::mem::take(&mut self.replies);
        }
        self.replies.insert(key, r);
    }
    #[inline]
    fn slot(&self, key: u64) -> Option<usize> {
        let i = key as usize & self.mask & !1;
        let b = &self.e[i >> 1].0;
        if b[0].key == key {
            Some(i)
        } else if b[1].key == key {
            Some(i + 1)
        } else {
            None
        }
    }
    /// Loads the buckets of `keys` one after the other, so that their cache misses overlap
    /// before the probes that use them (a prefetch without unsafe code).
    #[inline]
    fn touch(&self, keys: &[u64]) {
        let mut x = 0u64;
        for &k in keys {
            x ^= self.e[(k as usize & self.mask) >> 1].0[0].key;
        }
        std::hint::black_box(x);
    }
    #[inline]
    fn at(&self, s: usize) -> &Entry {
        &self.e[s >> 1].0[s & 1]
    }
    #[inline]
    fn at_mut(&mut self, s: usize) -> &mut Entry {
        &mut self.e[s >> 1].0[s & 1]
    }
    /// The numbers usable for a request with `depth` moves left: a proof always, a disproof if
    /// it was made with at least `depth`, estimates always.
    #[inline]
    fn probe(&self, key: u64, depth: u32) -> Option<(u32, u32, u16)> {
        let e = self.at(self.slot(key)?);
        if e.dn == 0 && (e.depth as u32) < depth {
            return None;
        }
        Some((e.pn, e.dn, e.best))
    }
    fn store(&mut self, key: u64, pn: u32, dn: u32, depth: u32, work: u64, best: u16) {
        let e = Entry {
            key,
            pn,
            dn,
            work: work.min(u32::MAX as u64) as u32,
            depth: depth.min(u16::MAX as u32) as u16,
            best,
        };
        if let Some(s) = self.slot(key) {
            let old = *self.at(s);
            // Never replace a proof, or a deeper disproof, by something weaker.
            if old.pn == 0 && pn != 0 {
                return;
            }
            if old.dn == 0 && dn != 0 && old.depth as u32 >= depth {
                return;
            }
            *self.at_mut(s) = e;
            return;
        }
        let i = key as usize & self.mask & !1;
        let prio = |e: &Entry| if e.key == 0 { 0 } else { 1 + ((e.pn == 0) as u64) * (1 << 40) + e.work as u64 };
        let s = if prio(self.at(i)) <= prio(self.at(i + 1)) { i } else { i + 1 };
        *self.at_mut(s) = e;
    }
}

#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 2]);

/// Child keys of a node.
type Moves64 = SmallVec<[u64; 64]>;

/// A node's children as expanded.
enum Exp {
    Proven(u16),
    Disproven,
    Children(Vec<Child>),
}

#[derive(Clone, Copy, Debug)]
struct Child {
    mv: u16,
    pn: u32,
    dn: u32,
}

const TAG_OR: [u64; 2] = [0x5be0_cd19_137e_2179, 0x1f83_d9ab_fb41_bd6b];
const TAG_AND: [u64; 2] = [0x9b05_688c_2b3e_6c1f, 0x510e_527f_ade6_82d1];

pub(crate) struct PnSearch<'t, 's> {
    pub v: VcfSearch<'t, 's>,
    pub table: &'t mut PnTable,
    pub a: Color,
    pub vcf_depth: u32,
    pub vcf_threats: bool,
    pub max_depth: u32,
    /// Iterative deepening on the depth budget ([`SolveLimits::deepen`]); without it, one
    /// search with the whole budget and `DEPTH_PN` added per threat move on the path.
    pub deepen: bool,
    /// Settings tag mixed into every key.
    pub tag: u64,
    /// The tag of the settings that the replies to a three depend on (not the pass).
    pub three_tag: u64,
    /// Counters (for tuning): expansions of OR and AND nodes, nodes spent in VCF checks and in
    /// reply generation, VCF checks skipped (see `known`).
    pub count: [u64; 5],
    /// The moves from the root to the node being searched.
    pub path: Vec<u16>,
    /// Set for the node about to be searched (cleared on entry): an OR node reached by a
    /// four of the attacker and its only block, from an OR node where the attacker had no VCF
    /// (searched, or known the same way). Its own VCF check is skipped: a VCF from here would
    /// be one from there, one four longer (so only a VCF of the full VCF depth can be missed,
    /// which costs completeness, never soundness).
    pub known: bool,
    /// The first pass (threes and fours only): the settings tag of the second pass, whose
    /// table its proofs are copied to; 0 in the second pass.
    pub proof_tag: u64,
}

#[inline]
fn sat_add(x: u32, y: u32) -> u32 {
    (x as u64 + y as u64).min(INF as u64 - 1) as u32
}

impl PnSearch<'_, '_> {
    #[inline]
    fn key(&self, b: &Board, or: bool) -> u64 {
        b.hash() ^ self.tag ^ if or { TAG_OR[self.a.idx()] } else { TAG_AND[self.a.idx()] }
    }

    /// The key of the node after `c` plays `i`.
    #[inline]
    fn child_key(&self, b: &Board, i: usize, c: Color, or: bool) -> u64 {
        b.hash_after(i, c) ^ self.tag ^ if or { TAG_OR[self.a.idx()] } else { TAG_AND[self.a.idx()] }
    }

    /// The depth budget of the OR nodes under an AND node with `depth`: a four costs none
    /// (the defender's reply is forced and the stones run out), a three or a VCF threat one.
    #[inline]
    fn and_child_depth(&self, b: &Board, depth: u32) -> u32 {
        if b.has_five_threat(self.a) { depth } else { depth - 1 }
    }

    fn tick(&mut self) -> Result<(), ()> {
        if self.v.budget.tick() { Err(()) } else { Ok(()) }
    }

    /// Does the attacker win by continuous fours from here? The line is left in `self.v.line`.
    fn vcf(&mut self, b: &mut Board) -> Result<bool, ()> {
        self.v.line.clear();
        self.v.last = None;
        match self.v.attack(b, self.a, self.vcf_depth) {
            Res::Win => Ok(true),
            Res::Fail => Ok(false),
            Res::Abort => Err(()),
        }
    }

    /// Cheap starting numbers of the AND node after the attacker plays `m` (from the threat
    /// class of `m` and the defender's four points, without making the move).
    fn guess_and(&self, b: &Board, m: usize) -> (u32, u32) {
        let d = self.a.opp();
        let dfours = (b.count(d, Threat::Four) + b.count(d, Threat::FourThree) + b.count(d, Threat::FourFour)) as u32;
        let base = match b.threat(m, self.a) {
            Threat::Five | Threat::OpenFour | Threat::FourFour | Threat::FourThree | Threat::Four => 1,
            Threat::OpenThree | Threat::ThreeThree => 2,
            Threat::Three => 4,
            _ => 6,
        };
        (base + dfours / 2, 1)
    }

    /// Cheap starting numbers of the OR node after the defender replies `r`.
    fn guess_or(&self, b: &Board, r: usize) -> (u32, u32) {
        let a = self.a;
        if b.threat(r, a.opp()).makes_four() {
            return (1, 1);
        }
        let threats = [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour, Threat::OpenThree]
            .iter()
            .map(|&t| b.count(a, t) as u32)
            .sum::<u32>();
        if threats <= 1 { (2, 1) } else { (1, threats / 2) }
    }

    /// The attacker's candidate moves at an OR node (no five point, no defender five point).
    fn attacker_moves(&self, b: &mut Board, out: &mut Moves) {
        threat_moves(b, self.a, out);
        if self.vcf_threats {
            out.extend(b.cells_with(self.a, Threat::Three).iter().map(|i| i as u16));
            // A move that makes only twos can still threaten a VCF (its stone joins fours
            // made later); the reply generation finds out, lazily, with a VCF search. It makes
            // no four point, so without one already on the board there is no VCF after it.
            let fours = [Threat::Four, Threat::FourThree, Threat::FourFour, Threat::OpenFour, Threat::ThreeThree]
                .iter()
                .any(|&t| b.count(self.a, t) > 0);
            if fours {
                out.extend(b.cells_with(self.a, Threat::Two).iter().map(|i| i as u16));
            }
        }
    }

    /// The defender's complete replies at an AND node: `Ok(None)` when the attacker's move was
    /// no threat (the node is disproved). Cached by key.
    fn defender_replies(&mut self, b: &mut Board, key: u64) -> Result<Option<Arc<[u16]>>, ()> {
        let a = self.a;
        let d = a.opp();
        let mut out = Moves::new();
        if b.has_five_threat(a) {
            four_defences(b, a, &mut out);
            return Ok(Some(out.into_iter().collect()));
        }
        if b.rule().is_caro() {
            // Threes are no threats under caro (a stone beyond the end spoils a straight four).
            return Ok(None);
        }
        if let Some(r) = self.table.get_replies(key) {
            return Ok(Some(r));
        }
        // The replies to a three do not depend on the pass (with or without VCF threats): they
        // are cached under a key without the pass, so the second pass reuses the first's.
        let sf = has_straight_four_point(b, a);
        let three_key = key ^ self.tag ^ self.three_tag;
        if sf && let Some(r) = self.table.get_replies(three_key) {
            self.table.put_replies(key, r.clone());
            return Ok(Some(r));
        }
        let n0 = self.v.budget.nodes;
        let r = if sf {
            three_defences(b, a, &mut out);
            Ok(true)
        } else if self.vcf_threats {
            vcf_threat_defences(&mut self.v, self.vcf_depth, b, a, &mut out, CONFIRM_VCF_DEFENCES)
        } else {
            Ok(false)
        };
        self.count[3] += self.v.budget.nodes - n0;
        match r {
            Err(_) => return Err(()),
            Ok(false) => return Ok(None),
            Ok(true) => {}
        }
        // Counter-fours first: they refute most often.
        out.sort_by_key(|&r| (std::cmp::Reverse(b.threat(r as usize, d).makes_four()), r));
        let r: Arc<[u16]> = out.into_iter().collect();
        if sf {
            self.table.put_replies(three_key, r.clone());
        }
        self.table.put_replies(key, r.clone());
        Ok(Some(r))
    }

    fn expand_or(&mut self, b: &mut Board, depth: u32) -> Result<Exp, ()> {
        let a = self.a;
        let mut moves = Moves::new();
        match urgent(b, a, depth) {
            Urgent::Five(f) => return Ok(Exp::Proven(f as u16)),
            Urgent::Fails => return Ok(Exp::Disproven),
            Urgent::Block(p) => moves.push(p as u16),
            Urgent::Quiet => {
                if self.known {
                    self.count[4] += 1;
                }
                if !self.known {
                    let n0 = self.v.budget.nodes;
                    let r = self.vcf(b);
                    self.count[2] += self.v.budget.nodes - n0;
                    if r? {
                        return Ok(Exp::Proven(self.v.line[0]));
                    }
                }
                if depth == 0 || b.rule().is_caro() {
                    return Ok(Exp::Disproven);
                }
                self.attacker_moves(b, &mut moves);
            }
        }
        let mut ch = Vec::with_capacity(moves.len());
        self.tick()?;
        let recent: SmallVec<[usize; 2]> = self.path.iter().rev().take(2).map(|&m| m as usize).collect();
        let keys: Moves64 = moves.iter().map(|&m| self.child_key(b, m as usize, a, false)).collect();
        self.table.touch(&keys);
        let (scores, top) = policy_scores(b, &moves, a);
        for (k, (&m, &key)) in moves.iter().zip(&keys).enumerate() {
            let (pn, dn) = match self.table.probe(key, depth) {
                Some((pn, dn, _)) => (pn, dn),
                None => {
                    let (pn, dn) = self.guess_and(b, m as usize);
                    let pn = if self.deepen { pn } else { pn + (self.max_depth - depth) * DEPTH_PN };
                    let pn = pn + policy_extra(top, scores[k]);
                    if !recent.is_empty() && !recent.iter().any(|&q| near(b, m as usize, q)) {
                        (pn + FAR_PN, dn)
                    } else {
                        (pn, dn)
                    }
                }
            };
            if pn == 0 {
                return Ok(Exp::Proven(m));
            }
            ch.push(Child { mv: m, pn, dn });
        }
        if ch.iter().all(|c| c.dn == 0) {
            return Ok(Exp::Disproven);
        }
        Ok(Exp::Children(ch))
    }

    fn expand_and(&mut self, b: &mut Board, depth: u32, key: u64) -> Result<Exp, ()> {
        let d = self.a.opp();
        let Some(replies) = self.defender_replies(b, key)? else {
            return Ok(Exp::Disproven);
        };
        if replies.is_empty() {
            return Ok(Exp::Proven(NO_MOVE));
        }
        let mut ch = Vec::with_capacity(replies.len());
        self.tick()?;
        let keys: Moves64 = replies.iter().map(|&r| self.child_key(b, r as usize, d, true)).collect();
        self.table.touch(&keys);
        let child_depth = self.and_child_depth(b, depth);
        let (scores, top) = policy_scores(b, &replies, d);
        for (k, (&r, &key)) in replies.iter().zip(&keys).enumerate() {
            let (pn, dn) = match self.table.probe(key, child_depth) {
                Some((pn, dn, _)) => (pn, dn),
                None if b.threat(r as usize, d).makes_four() => self.guess_or(b, r as usize),
                None => {
                    let (pn, dn) = self.guess_or(b, r as usize);
                    (pn, dn + policy_extra(top, scores[k]))
                }
            };
            if dn == 0 {
                return Ok(Exp::Disproven);
            }
            ch.push(Child { mv: r, pn, dn });
        }
        Ok(Exp::Children(ch))
    }

    /// Stores a node's numbers; a proof of the first pass also under the second pass's key
    /// (its moves and replies are the second pass's too, so the proof holds there).
    fn store(&mut self, key: u64, pn: u32, dn: u32, depth: u32, work: u64, best: u16) {
        self.table.store(key, pn, dn, depth, work, best);
        if pn == 0 && self.proof_tag != 0 {
            self.table.store(key ^ self.tag ^ self.proof_tag, pn, dn, depth, work, best);
        }
    }

    /// The MID recursion: searches the node until its proof number reaches `thpn` or its
    /// disproof number `thdn`. `Err` on a limit (the table keeps what was learnt).
    fn mid(&mut self, b: &mut Board, or: bool, depth: u32, thpn: u32, thdn: u32) -> Result<(u32, u32), ()> {
        let known = std::mem::replace(&mut self.known, false);
        let key = self.key(b, or);
        if let Some((pn, dn, _)) = self.table.probe(key, depth)
            && (pn == 0 || dn == 0)
        {
            return Ok((pn, dn));
        }
        let start = self.v.budget.nodes;
        let exp = if or {
            self.count[0] += 1;
            self.known = known;
            let e = self.expand_or(b, depth);
            self.known = false;
            e?
        } else {
            self.count[1] += 1;
            self.expand_and(b, depth, key)?
        };
        let mut ch = match exp {
            Exp::Proven(m) => {
                self.store(key, 0, INF, depth, self.v.budget.nodes - start, m);
                return Ok((0, INF));
            }
            Exp::Disproven => {
                self.table.store(key, INF, 0, depth, self.v.budget.nodes - start, NO_MOVE);
                return Ok((INF, 0));
            }
            Exp::Children(ch) => ch,
        };
        let (mover, child_depth) = if or { (self.a, depth) } else { (self.a.opp(), self.and_child_depth(b, depth)) };
        // Whether the children may skip their VCF check (see `known`).
        let child_known =
            if or { !b.has_five_threat(self.a.opp()) } else { known && ch.len() == 1 && b.has_five_threat(self.a) };
        loop {
            // Summary: OR = (min pn, sum dn); AND = (sum pn, min dn). `best` is the child to
            // search, `second` the runner-up's number.
            let (mut best, mut first, mut second, mut sum) = (0, INF, INF, 0u32);
            for (k, c) in ch.iter().enumerate() {
                let (x, y) = if or { (c.pn, c.dn) } else { (c.dn, c.pn) };
                if x < first {
                    second = first;
                    first = x;
                    best = k;
                } else if x < second {
                    second = x;
                }
                sum = sat_add(sum, y);
            }
            let (pn, dn) = if or {
                (first, if first == 0 { INF } else { sum })
            } else {
                (if first == 0 { INF } else { sum }, first)
            };
            if pn >= thpn || dn >= thdn || pn == 0 || dn == 0 {
                let mv = if or { ch[best].mv } else { NO_MOVE };
                self.store(key, pn, dn, depth, self.v.budget.nodes - start, mv);
                return Ok((pn, dn));
            }
            let c = ch[best];
            let limit = |second: u32| {
                if second >= INF { INF } else { (second as u64 + second as u64 / 4 + 1).min(INF as u64) as u32 }
            };
            let (cpn, cdn) = if or {
                (thpn.min(limit(second)), if thdn >= INF { INF } else { thdn - dn + c.dn })
            } else {
                (if thpn >= INF { INF } else { thpn - pn + c.pn }, thdn.min(limit(second)))
            };
            b.make(c.mv as usize, mover);
            self.path.push(c.mv);
            self.known = child_known;
            let r = self.mid(b, !or, child_depth, cpn, cdn);
            self.path.pop();
            b.undo();
            match r {
                Ok((p, q)) => {
                    ch[best].pn = p;
                    ch[best].dn = q;
                }
                Err(()) => {
                    return Err(());
                }
            }
        }
    }

    /// Proves the root (the attacker to move) with the whole depth budget, or with iterative
    /// deepening on it (`deepen`: shallow wins at shallow cost, the table carrying the numbers
    /// from one iteration to the next). With `tree`, the proof tree is built.
    fn solve(&mut self, b: &mut Board, tree: bool) -> (SolveResult, Option<Proof>) {
        let max = self.max_depth.max(1);
        for depth in if self.deepen { 1 } else { max }..=max {
            let r = self.mid(b, true, depth, INF, INF);
            if trace_on() {
                eprintln!("  depth {depth}: {:?} nodes {} counts {:?}", r, self.v.budget.nodes, self.count);
            }
            match r {
                Ok((0, _)) if tree => {
                    // The tree is read back with a budget of its own (the proof exists; only
                    // overwritten entries cost a search again), counted on top of the search's.
                    let used = self.v.budget.nodes;
                    let own =
                        SolveLimits { max_nodes: Some(2 * used + 1_000_000), time: None, ..SolveLimits::default() };
                    let mut budget = Budget::new(&own, self.v.budget.stop);
                    budget.nodes = used;
                    budget.max_nodes += used;
                    self.v.budget = budget;
                    return match self.build_or(b, depth) {
                        Ok(p) => (SolveResult::Win(p.main_line()), Some(p)),
                        Err(()) => (SolveResult::Unknown, None),
                    };
                }
                Ok((0, _)) => {
                    let key = self.key(b, true);
                    let m = self.table.probe(key, depth).map_or(NO_MOVE, |e| e.2);
                    return (SolveResult::Win(vec![m as usize]), None);
                }
                Ok(_) => {}
                Err(()) => return (SolveResult::Unknown, None),
            }
        }
        (SolveResult::NoWin, None)
    }

    /// Proves the node again after its entry was lost (with the whole depth budget).
    fn reprove(&mut self, b: &mut Board, or: bool) -> Result<bool, ()> {
        Ok(self.mid(b, or, self.max_depth.max(1), INF, INF)?.0 == 0)
    }

    /// The proof tree of a proved OR node (the attacker to move).
    fn build_or(&mut self, b: &mut Board, depth: u32) -> Result<Proof, ()> {
        let a = self.a;
        let d = a.opp();
        if let Some(f) = first_five_point(b, a) {
            return Ok(Proof { mv: f, replies: Vec::new() });
        }
        let mut moves = Moves::new();
        if b.has_five_threat(d) {
            moves.push(first_five_point(b, d).unwrap() as u16);
        } else {
            if self.vcf(b)? {
                let line: Vec<usize> = self.v.line.iter().map(|&m| m as usize).collect();
                return self.complete(b, Proof::from_line(&line));
            }
            self.attacker_moves(b, &mut moves);
            let key = self.key(b, true);
            if let Some((_, _, best)) = self.table.probe(key, depth)
                && let Some(k) = moves.iter().position(|&m| m == best)
            {
                moves[..=k].rotate_right(1);
            }
        }
        for attempt in 0..2 {
            for &m in &moves {
                b.make(m as usize, a);
                let key = self.key(b, false);
                let proved = self.table.probe(key, 0).is_some_and(|(pn, _, _)| pn == 0);
                let r = if proved { Some(self.build_and(b, depth.saturating_sub(1))) } else { None };
                b.undo();
                if let Some(r) = r {
                    let replies = r?;
                    return self.complete(b, Proof { mv: m as usize, replies });
                }
            }
            // The proving child's entry was overwritten: prove the children again.
            if attempt == 0 {
                let mut any = false;
                for &m in &moves {
                    b.make(m as usize, a);
                    let r = self.reprove(b, false);
                    b.undo();
                    if r? {
                        any = true;
                        break;
                    }
                }
                if !any {
                    break;
                }
            }
        }
        Err(())
    }

    /// The replies of a proved AND node, each with its proof; the longest continuation last.
    fn build_and(&mut self, b: &mut Board, depth: u32) -> Result<Vec<(usize, Proof)>, ()> {
        let key = self.key(b, false);
        let Some(replies) = self.defender_replies(b, key)? else {
            return Err(());
        };
        let mut out = Vec::with_capacity(replies.len());
        for &r in replies.iter() {
            b.make(r as usize, self.a.opp());
            let key = self.key(b, true);
            let mut ok = self.table.probe(key, 0).is_some_and(|(pn, _, _)| pn == 0);
            if !ok {
                ok = self.reprove(b, true).unwrap_or(false);
            }
            let p = if ok { self.build_or(b, depth) } else { Err(()) };
            b.undo();
            out.push((r as usize, p?));
        }
        out.sort_by_key(|(_, p)| height(p));
        Ok(out)
    }

    /// Completes a proof whose last attacker move wins "at once" (no listed reply) without
    /// being a five: lists the natural replies with the attacker's winning fours, so every
    /// line runs to a five or to a four that cannot be blocked.
    fn complete(&mut self, b: &mut Board, mut p: Proof) -> Result<Proof, ()> {
        if !p.replies.is_empty() {
            return Ok(p);
        }
        let a = self.a;
        let d = a.opp();
        if b.makes_five(p.mv, a) {
            return Ok(p);
        }
        b.make(p.mv, a);
        let mut cands = Moves::new();
        let fives: Moves = b.cells_with(a, Threat::Five).iter().map(|i| i as u16).collect();
        if !fives.is_empty() {
            // An open four or a double four: block one (if the defender legally can).
            cands.extend(fives.iter().copied().filter(|&f| is_legal(b, f as usize, d)).take(1));
        } else {
            // Every reply loses to a straight four or a VCF: the straight-four points, or the
            // first move of the VCF, are the natural replies.
            let mut sf: Moves = b.cells_with(a, Threat::OpenFour).iter().map(|i| i as u16).collect();
            sf.extend(b.cells_with(a, Threat::ThreeThree).iter().map(|i| i as u16));
            for q in sf {
                if super::any_dir(b, q as usize, a, |x| x == crate::board::pattern::Pattern::OpenFour)
                    && is_legal(b, q as usize, a)
                    && is_legal(b, q as usize, d)
                {
                    cands.push(q);
                }
            }
            let vcf = if cands.is_empty() { self.vcf(b) } else { Ok(false) };
            if vcf.is_err() {
                b.undo();
                return Err(());
            }
            if vcf == Ok(true) {
                // A VCF threat: its moves, then the points on their lines (a renju white VCF
                // may run through points that are forbidden for black).
                let line: Moves = self.v.line.iter().step_by(2).copied().collect();
                for &m in &line {
                    if is_legal(b, m as usize, d) && !cands.contains(&m) {
                        cands.push(m);
                    }
                }
                for &m in &line {
                    for q in super::line_cells(b, m as usize).iter() {
                        if cands.len() < 4 && is_legal(b, q, d) && !cands.contains(&(q as u16)) {
                            cands.push(q as u16);
                        }
                    }
                }
            }
            cands.truncate(4);
        }
        let mut replies = Vec::new();
        for &r in &cands {
            b.make(r as usize, d);
            if let Ok(true) = self.vcf(b) {
                let line: Vec<usize> = self.v.line.iter().map(|&m| m as usize).collect();
                replies.push((r as usize, Proof::from_line(&line)));
            }
            b.undo();
        }
        b.undo();
        replies.sort_by_key(|(_, p)| height(p));
        p.replies = replies;
        Ok(p)
    }
}

/// Attacker moves on the longest line of a proof.
fn height(p: &Proof) -> usize {
    1 + p.replies.iter().map(|(_, q)| height(q)).max().unwrap_or(0)
}

impl ThreatSolver {
    fn pn_table(&mut self) -> &mut PnTable {
        let log2 = self.tt_log2;
        self.pn.get_or_insert_with(|| PnTable::new(log2))
    }

    fn pn_search<'a, 's>(
        &'a mut self,
        board: &Board,
        attacker: Color,
        limits: &SolveLimits,
        stop: &'s AtomicBool,
    ) -> PnSearch<'a, 's> {
        self.pn_table();
        let tag_of = |vcf_threats: bool| {
            (limits.vcf_depth as u64 * 2 + vcf_threats as u64)
                .wrapping_add((board.rule() as u64) << 16)
                .wrapping_add((board.width() as u64) << 24)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        };
        let (tag, three_tag) = (tag_of(limits.vcf_threats), tag_of(false) ^ 0x3c6e_f372_fe94_f82b);
        let ThreatSolver { tt, pn, .. } = self;
        PnSearch {
            v: VcfSearch::new(board, Some(tt), Budget::new(limits, stop)),
            table: pn.as_mut().unwrap(),
            a: attacker,
            vcf_depth: limits.vcf_depth,
            vcf_threats: limits.vcf_threats,
            max_depth: limits.max_depth,
            deepen: limits.deepen,
            tag,
            three_tag,
            count: [0; 5],
            path: Vec::new(),
            known: false,
            proof_tag: if limits.vcf_threats { 0 } else { tag_of(true) },
        }
    }

    /// VCT by df-pn for the side to move `attacker`, with the whole proof tree; the main line
    /// runs to a five or an unblockable four. The board is restored on return.
    pub fn vct_proof(
        &mut self,
        board: &mut Board,
        attacker: Color,
        limits: &SolveLimits,
        stop: &AtomicBool,
    ) -> (SolveResult, Option<Proof>) {
        let start = Instant::now();
        // Pass 1: threes and fours only (cheap replies). Pass 2, if asked for and pass 1 found
        // nothing or ran out of its nodes (`PASS1_NODES`): also moves that threaten a VCF (each
        // needs a VCF search per reply); it starts with the proofs of pass 1.
        let passes: &[bool] = if limits.vcf_threats { &[false, true] } else { &[false] };
        let mut out = (SolveResult::NoWin, None);
        let mut nodes = 0;
        let mut budget = Budget::new(limits, stop);
        let lite = board.set_lite(true);
        for &vcf_threats in passes {
            let pass_limits = SolveLimits { vcf_threats, ..*limits };
            let mut s = self.pn_search(board, attacker, &pass_limits, stop);
            let full = budget.max_nodes;
            let cap = budget.nodes + PASS1_NODES;
            let capped = !vcf_threats && passes.len() > 1 && cap < full;
            if capped {
                budget.max_nodes = cap;
            }
            std::mem::swap(&mut s.v.budget, &mut budget);
            out = s.solve(board, true);
            std::mem::swap(&mut s.v.budget, &mut budget);
            if capped {
                budget.max_nodes = full;
                if out.0 == SolveResult::Unknown
                    && budget.nodes >= cap
                    && !stop.load(std::sync::atomic::Ordering::Relaxed)
                {
                    budget.reset_abort();
                    out = (SolveResult::NoWin, None);
                }
            }
            if trace_on() {
                eprintln!(
                    "pass vcf_threats={vcf_threats}: {:?} nodes {} counts {:?}",
                    out.0.is_win(),
                    budget.nodes,
                    s.count
                );
            }
            nodes = budget.nodes;
            if out.0 != SolveResult::NoWin {
                break;
            }
        }
        board.set_lite(lite);
        self.stats.nodes = nodes;
        self.stats.elapsed = start.elapsed();
        out
    }

    /// The cheap VCT probe for the main search: at most `max_nodes` nodes, `max_depth` threat
    /// moves (threes and fours, VCF endings of up to 20 fours; no VCF threats, which cost a VCF
    /// search per reply). Returns the first move of
    /// a proved win; no tree is built. The table is kept across calls, so a probe repeated at a
    /// later node goes on from what earlier ones learnt. The board is restored on return.
    pub fn vct_probe(&mut self, board: &mut Board, attacker: Color, max_depth: u32, max_nodes: u64) -> Option<usize> {
        static NEVER: AtomicBool = AtomicBool::new(false);
        let limits = SolveLimits::vct_probe(max_depth, max_nodes);
        let mut s = self.pn_search(board, attacker, &limits, &NEVER);
        let lite = board.set_lite(true);
        let r = s.solve(board, false);
        board.set_lite(lite);
        self.stats.nodes = s.v.budget.nodes;
        match r.0 {
            SolveResult::Win(l) if l[0] != NO_MOVE as usize => Some(l[0]),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Rule, parse_move_string};

    #[test]
    fn table_keeps_proofs_for_any_depth_and_disproofs_for_no_more_depth() {
        let mut t = PnTable::new(8);
        t.store(42, INF, 0, 3, 10, NO_MOVE);
        assert_eq!(t.probe(42, 3).map(|e| (e.0, e.1)), Some((INF, 0)));
        assert_eq!(t.probe(42, 2).map(|e| (e.0, e.1)), Some((INF, 0)));
        assert_eq!(t.probe(42, 4), None, "a disproof with 3 moves says nothing about 4");
        // A search with more depth may then prove it; the proof holds for any depth.
        t.store(42, 0, INF, 5, 10, 7);
        for depth in [0, 3, 9] {
            assert_eq!(t.probe(42, depth), Some((0, INF, 7)));
        }
        // Never replaced by an estimate.
        t.store(42, 3, 4, 9, 1000, 1);
        assert_eq!(t.probe(42, 1), Some((0, INF, 7)));
    }

    #[test]
    fn probe_finds_a_double_three_and_respects_the_budget() {
        let mut b = Board::new(15, 15, Rule::Freestyle);
        for (s, c) in [("h8i8j9j10", Color::Black), ("a1a3c1o15", Color::White)] {
            for m in parse_move_string(s).unwrap() {
                let i = b.idx(m);
                b.make(i, c);
            }
        }
        let h = b.hash();
        let mut s = ThreatSolver::with_table_log2(14);
        assert_eq!(s.vct_probe(&mut b, Color::Black, 3, 1), None, "one node is not enough");
        let m = s.vct_probe(&mut b, Color::Black, 3, 100_000).expect("j8 or another win");
        assert!(b.is_empty_cell(m));
        assert_eq!(b.hash(), h);
        // White (to move or not) has nothing here.
        assert_eq!(s.vct_probe(&mut b, Color::White, 3, 100_000), None);
        assert_eq!(b.hash(), h);
    }
}
