//! The match runner against small stub brains (examples/stub_brain.rs): every adjudication,
//! engine restarts, records and the command line.

use gorin::core::{Color, Pos, Rule, parse_move_string};
use gorin::game::{Game, Outcome};
use gorin::referee::engine::open_log;
use gorin::referee::{EngineSpec, GameRecord, GameSettings, Player, Termination, TimeControl, play_game};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The stub brain, built by `cargo test` next to the test binaries (target/<profile>/examples).
/// When a filtered test run did not build it, it is built here.
fn stub() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().unwrap().parent().unwrap().to_path_buf();
    let path = profile_dir.join("examples").join(format!("stub_brain{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let mut cmd = Command::new(env!("CARGO"));
        cmd.args([
            "build",
            "--example",
            "stub_brain",
            "--manifest-path",
            concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"),
        ]);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        assert!(cmd.status().unwrap().success(), "could not build the stub brain");
    }
    path
}

fn scratch_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("referee-{name}-{}", std::process::id()))
}

fn scratch(name: &str) -> PathBuf {
    let d = scratch_path(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn engine_cmd(mode: &str) -> String {
    format!("\"{}\" {mode}", stub().display())
}

fn player(mode: &str, dir: &Path, tag: &str) -> Player {
    let spec = EngineSpec::parse(&engine_cmd(mode)).unwrap();
    let log = open_log(&dir.join(format!("{tag}.log"))).unwrap();
    Player::new(spec, format!("stub-{mode}"), log)
}

fn settings(size: usize, rule: Rule, turn_ms: u64, match_ms: u64, tolerance_ms: u64) -> GameSettings {
    GameSettings {
        size,
        rule,
        time: TimeControl { turn_ms, match_ms, tolerance_ms },
        max_memory: 0,
        enforce_memory: false,
        start_timeout: Duration::from_secs(5),
    }
}

/// Plays `black` against `white` once from `opening` and returns the record.
fn game(name: &str, black: &str, white: &str, s: &GameSettings, opening: &str) -> GameRecord {
    let dir = scratch(name);
    let mut b = player(black, &dir, "black");
    let mut w = player(white, &dir, "white");
    let opening = parse_move_string(opening).unwrap();
    let rec = play_game(&mut b, &mut w, s, &opening, name);
    b.shutdown();
    w.shutdown();
    rec
}

/// The record replays through the referee to the same end.
fn replay(rec: &GameRecord) -> Game {
    let mut g = Game::new(rec.size, rec.size, rec.rule);
    for (p, _) in rec.all_moves() {
        assert_eq!(g.outcome, Outcome::Ongoing);
        g.play(p).unwrap();
    }
    g
}

#[test]
fn random_game_ends_with_a_five_and_replays() {
    let s = settings(15, Rule::Freestyle, 1000, 0, 1000);
    let rec = game("five", "greedy 1", "random 2", &s, "");
    assert_eq!(rec.termination, Termination::Five, "{rec:?}");
    let g = replay(&rec);
    assert_eq!(g.outcome, Outcome::Win(rec.winner.unwrap()));
    assert_eq!(rec.opening.len(), 0);
}

#[test]
fn time_loss_on_a_hung_move_kills_the_engine_quickly() {
    // The sleepy stub sleeps 10 s on its second move; it must lose after 200 + 300 ms.
    let s = settings(15, Rule::Freestyle, 200, 0, 300);
    let t0 = Instant::now();
    let rec = game("turn-time", "greedy 1", "sleepy 2", &s, "");
    assert!(t0.elapsed() < Duration::from_secs(3), "runner waited {:?}", t0.elapsed());
    assert!(matches!(rec.termination, Termination::TurnTime { limit_ms: 200, .. }), "{rec:?}");
    assert_eq!(rec.winner, Some(Color::Black));
    assert_eq!(rec.moves.len(), 3, "the loss comes on white's second move");
    assert!(rec.to_sgf("t").contains("RE[B+T]"));
}

#[test]
fn time_loss_on_the_game_clock() {
    // 100 ms a move against a 250 ms game clock (+100 ms tolerance): lost by the fourth move.
    let s = settings(15, Rule::Freestyle, 1000, 250, 100);
    let rec = game("match-time", "slow:100 1", "greedy 2", &s, "");
    assert!(matches!(rec.termination, Termination::MatchTime { limit_ms: 250, .. }), "{rec:?}");
    assert_eq!(rec.winner, Some(Color::White));
    assert!(rec.moves.len() <= 7, "{rec:?}");
    // Without a per-move limit the clock is the only one, and the engines are told so rather
    // than `timeout_turn 0` (which means "move at once").
    let s = settings(15, Rule::Freestyle, 0, 250, 100);
    let rec = game("match-time-only", "slow:100 1", "greedy 2", &s, "");
    assert!(matches!(rec.termination, Termination::MatchTime { limit_ms: 250, .. }), "{rec:?}");
    let log = std::fs::read_to_string(scratch_path("match-time-only").join("black.log")).unwrap();
    assert!(log.contains("> INFO timeout_turn 250\n> INFO timeout_match 250"), "{log}");
}

#[test]
fn garbage_reply_loses() {
    // Read as Piskvork does (--strict): the text is the reply, and it is not a move.
    let s = settings(15, Rule::Freestyle, 500, 0, 500);
    let rec = strict_game("garbage", "greedy 1", "garbage", &s, true);
    assert_eq!(rec.termination, Termination::BadReply("I resign, or maybe not".into()));
    assert_eq!(rec.winner, Some(Color::Black));
    // Read as c-gomoku-cli does (the default): the text is skipped, and no move comes in time.
    let s = settings(15, Rule::Freestyle, 200, 0, 200);
    let rec = strict_game("garbage-lenient", "greedy 1", "garbage", &s, false);
    assert!(matches!(rec.termination, Termination::TurnTime { limit_ms: 200, .. }), "{rec:?}");
    assert_eq!(rec.winner, Some(Color::Black));
    let log = std::fs::read_to_string(scratch_path("garbage-lenient").join("white.log")).unwrap();
    assert!(log.contains("# skipped a line that is not a move: \"I resign, or maybe not\""), "{log}");
}

/// Plays `games` games between fresh players (black and white keep their colours), strict or
/// not; returns the records.
fn games_between(
    name: &str,
    black: &str,
    white: &str,
    s: &GameSettings,
    strict: bool,
    games: usize,
) -> Vec<GameRecord> {
    let dir = scratch(name);
    let mut b = player(black, &dir, "black");
    let mut w = player(white, &dir, "white");
    b.strict = strict;
    w.strict = strict;
    let recs = (0..games).map(|g| play_game(&mut b, &mut w, s, &[], &format!("{name} {g}"))).collect();
    b.shutdown();
    w.shutdown();
    recs
}

fn strict_game(name: &str, black: &str, white: &str, s: &GameSettings, strict: bool) -> GameRecord {
    games_between(name, black, white, s, strict, 1).pop().unwrap()
}

/// A game that ended on the board, not by a fault.
fn on_the_board(rec: &GameRecord) -> bool {
    matches!(rec.termination, Termination::Five | Termination::BoardFull | Termination::RenjuDraw)
}

#[test]
fn a_cr_inside_a_line_belongs_to_it_and_cr_lf_ends_a_line() {
    // The crlf stub writes `MESSAGE dep -\r ev -120 nd 168k\r\n` and its moves as `x,y\r\n`.
    let s = settings(15, Rule::Freestyle, 1000, 0, 1000);
    for strict in [false, true] {
        let name = if strict { "crlf-strict" } else { "crlf" };
        let recs = games_between(name, "crlf 1", "greedy 2", &s, strict, 3);
        for r in &recs {
            assert!(on_the_board(r), "strict {strict}: {r:?}");
        }
        let black = std::fs::read_to_string(scratch_path(name).join("black.log")).unwrap();
        assert!(black.contains("< MESSAGE dep -\\r ev -120 nd 168k\n"), "{black}");
        assert!(!black.contains("dropped a line") && !black.contains("skipped a line"), "{black}");
        assert_eq!(black.matches("# started").count(), 1, "{black}");
    }
}

#[test]
fn error_unknown_and_other_lines_before_a_move_are_skipped_unless_strict() {
    let s = settings(15, Rule::Freestyle, 1000, 0, 1000);
    let recs = games_between("chatty", "chatty 1", "greedy 2", &s, false, 3);
    for r in &recs {
        assert!(on_the_board(r), "{r:?}");
    }
    let log = std::fs::read_to_string(scratch_path("chatty").join("black.log")).unwrap();
    for skipped in ["ERROR Unknown command: TIME_LEFT", "UNKNOWN 2147483647", "thinking hard"] {
        assert!(log.contains(&format!("# skipped a line that is not a move: \"{skipped}\"")), "{log}");
    }
    // DEBUG is chatter, as MESSAGE: never even looked at as a move.
    assert!(!log.contains("skipped a line that is not a move: \"DEBUG"), "{log}");
    // --strict: the ERROR line is the reply.
    let rec = strict_game("chatty-strict", "chatty 1", "greedy 2", &s, true);
    assert_eq!(rec.termination, Termination::BadReply("ERROR Unknown command: TIME_LEFT".into()));
}

#[test]
fn output_left_from_one_game_never_answers_the_next() {
    // Strict: lateerr loses each game on its ERROR line; its move comes 150 ms later, after the
    // game. The next game must still start (before the fix: `START 15 answered "7,7"`).
    let s = settings(15, Rule::Freestyle, 1000, 0, 1000);
    let recs = games_between("stale", "lateerr 1", "greedy 2", &s, true, 3);
    for r in &recs {
        assert_eq!(r.termination, Termination::BadReply("ERROR Unknown command: TIME_LEFT".into()), "{recs:?}");
    }
    let log = std::fs::read_to_string(scratch_path("stale").join("black.log")).unwrap();
    assert_eq!(log.matches("# dropped a line left from before: \"7,7\"").count(), 2, "{log}");
    assert_eq!(log.matches("# started").count(), 1, "synchronised, not restarted: {log}");
    // The default reading plays the same engine normally.
    let recs = games_between("stale-lenient", "lateerr 1", "greedy 2", &s, false, 2);
    for r in &recs {
        assert!(on_the_board(r), "{r:?}");
    }
}

#[test]
fn occupied_and_off_board_moves_lose() {
    let s = settings(15, Rule::Freestyle, 500, 0, 500);
    let rec = game("occupied", "greedy 1", "illegal", &s, "");
    assert!(matches!(&rec.termination, Termination::IllegalMove { why, .. } if why.contains("occupied")), "{rec:?}");
    assert_eq!(rec.winner, Some(Color::Black));
    // On an empty board the illegal stub plays off the board.
    let rec = game("off-board", "illegal", "greedy 1", &s, "");
    assert!(
        matches!(&rec.termination, Termination::IllegalMove { why, .. } if why.contains("off the board")),
        "{rec:?}"
    );
    assert_eq!(rec.winner, Some(Color::White));
}

#[test]
fn memory_over_the_limit_loses_where_the_platform_reports_it() {
    let mut s = settings(15, Rule::Freestyle, 2000, 0, 1000);
    s.max_memory = 48 << 20;
    s.enforce_memory = true;
    let rec = game("memory", "greedy 1", "hog:96 2", &s, "");
    if cfg!(target_os = "linux") {
        assert!(matches!(rec.termination, Termination::Memory { limit, .. } if limit == 48 << 20), "{rec:?}");
        assert_eq!(rec.winner, Some(Color::Black));
    }
    // Not enforced unless asked.
    s.enforce_memory = false;
    let rec = game("memory-off", "greedy 1", "hog:96 2", &s, "");
    assert!(!matches!(rec.termination, Termination::Memory { .. }), "{rec:?}");
}

#[test]
fn crash_loses_and_the_engine_is_restarted_for_the_next_game() {
    let dir = scratch("crash");
    let s = settings(15, Rule::Freestyle, 500, 0, 500);
    let mut b = player("crash", &dir, "black");
    let mut w = player("greedy 1", &dir, "white");
    for n in 0..2 {
        let rec = play_game(&mut b, &mut w, &s, &[], &format!("game {n}"));
        assert!(matches!(&rec.termination, Termination::Crash(why) if why.contains("exit")), "{rec:?}");
        assert_eq!(rec.winner, Some(Color::White));
        assert_eq!(rec.moves.len(), 2, "the crash comes on black's second move");
    }
    b.shutdown();
    w.shutdown();
    let log = std::fs::read_to_string(dir.join("black.log")).unwrap();
    assert_eq!(log.matches("# started").count(), 2, "{log}");
}

#[test]
fn forbidden_move_loses_for_black_under_renju() {
    // The Gomocup referee's check: in h8h9i7i9h10i6i11i12 black must not play g9 (double three).
    let opening = "h8h9i7i9h10i6i11i12";
    let s = settings(15, Rule::Renju, 500, 0, 500);
    let rec = game("forbidden", "forbidden", "greedy 1", &s, opening);
    assert!(matches!(&rec.termination, Termination::Forbidden { .. }), "{rec:?}");
    assert_eq!(rec.winner, Some(Color::White));
    assert!(rec.to_sgf("t").contains("RE[W+F]"));
    // The same stone under freestyle is an ordinary move.
    let free = settings(15, Rule::Freestyle, 500, 0, 500);
    let rec = game("forbidden-free", "script:6,8 1", "greedy 1", &free, opening);
    assert_eq!(rec.moves[0].0, Pos::new(6, 8));
    assert!(!matches!(rec.termination, Termination::Forbidden { .. }), "{rec:?}");
}

#[test]
fn overline_per_rule() {
    // Black c8 d8 e8 g8 h8, white far away; black plays f8: six in a row.
    let opening = "c8a1d8c1e8e1g8g1h8i1";
    let six = "script:5,7 1";
    let s = |rule| settings(15, rule, 500, 0, 500);
    let rec = game("overline-free", six, "greedy 2", &s(Rule::Freestyle), opening);
    assert_eq!((rec.winner, &rec.termination, rec.moves.len()), (Some(Color::Black), &Termination::Five, 1));
    let rec = game("overline-standard", six, "greedy 2", &s(Rule::Standard), opening);
    assert_eq!(rec.moves[0].0, Pos::new(5, 7));
    assert!(rec.moves.len() > 1, "an overline does not win under standard: {rec:?}");
    let rec = game("overline-renju", six, "greedy 2", &s(Rule::Renju), opening);
    assert!(matches!(&rec.termination, Termination::Forbidden { kind, .. } if kind.contains("overline")), "{rec:?}");
    assert_eq!(rec.winner, Some(Color::White));
}

#[test]
fn caro_five_blocked_at_both_ends_does_not_win() {
    // Black c8 d8 e8 f8 with white on b8 and h8; black g8 makes a five blocked at both ends.
    let opening = "c8b8d8h8e8a1f8c1";
    let five = "script:6,7 1";
    let rec = game("caro-free", five, "greedy 2", &settings(15, Rule::Freestyle, 500, 0, 500), opening);
    assert_eq!((rec.winner, rec.moves.len()), (Some(Color::Black), 1));
    let rec = game("caro", five, "greedy 2", &settings(15, Rule::Caro, 500, 0, 500), opening);
    assert_eq!(rec.moves[0].0, Pos::new(6, 7));
    assert!(rec.moves.len() > 1, "a blocked five does not win under caro: {rec:?}");
}

#[test]
fn full_board_is_a_draw() {
    let rec = game("full", "pattern", "pattern", &settings(5, Rule::Freestyle, 500, 0, 500), "");
    assert_eq!((rec.winner, &rec.termination), (None, &Termination::BoardFull), "{rec:?}");
    assert_eq!(rec.moves.len(), 25);
    assert_eq!(rec.result_string(), "1/2-1/2");
}

#[test]
fn renju_is_drawn_with_25_empty_points() {
    let rec = game("renju-draw", "pattern", "pattern", &settings(7, Rule::Renju, 500, 0, 500), "");
    assert_eq!((rec.winner, &rec.termination), (None, &Termination::RenjuDraw), "{rec:?}");
    assert_eq!(rec.moves.len(), 49 - 25);
}

#[test]
fn engine_chatter_is_logged_and_positions_are_sent_as_a_manager_does() {
    let dir = scratch("log");
    let s = settings(15, Rule::Freestyle, 500, 0, 500);
    let mut b = player("greedy 1", &dir, "black");
    let mut w = player("greedy 2", &dir, "white");
    let rec = play_game(&mut b, &mut w, &s, &parse_move_string("h8i9").unwrap(), "g1");
    assert_eq!(rec.termination, Termination::Five);
    let rec = play_game(&mut b, &mut w, &s, &[], "g2");
    assert_eq!(rec.termination, Termination::Five);
    b.shutdown();
    w.shutdown();
    let black = std::fs::read_to_string(dir.join("black.log")).unwrap();
    let white = std::fs::read_to_string(dir.join("white.log")).unwrap();
    for log in [&black, &white] {
        assert!(log.contains("> ABOUT") && log.contains("> START 15") && log.contains("> INFO rule 0"));
        assert!(log.contains("> INFO timeout_turn 500") && log.contains("> INFO time_left"));
        assert!(log.contains("< MESSAGE stub greedy thinking"), "{log}");
        assert!(log.contains("> END"));
    }
    // Game 1: black (to move after 2 stones) gets BOARD, so does white the first time, then TURN.
    assert!(black.contains("> BOARD\n> 7,7,1\n> 8,8,2\n> DONE"), "{black}");
    assert!(white.contains("> BOARD\n> 7,7,2\n> 8,8,1\n> "), "{white}");
    assert!(white.contains("> TURN ") && black.contains("> TURN "));
    // Game 2 from the empty board: BEGIN for black.
    assert!(black.contains("> BEGIN"));
    // One process each for both games.
    assert_eq!(black.matches("# started").count(), 1);
}

#[test]
fn a_missing_engine_loses_by_start_failure() {
    let dir = scratch("nostart");
    let s = settings(15, Rule::Freestyle, 500, 0, 500);
    let mut b = player("greedy 1", &dir, "black");
    let spec =
        EngineSpec { program: dir.join("no-such-brain"), args: vec![], cwd: None, command: "no-such-brain".into() };
    let mut w = Player::new(spec, "ghost".into(), open_log(&dir.join("w.log")).unwrap());
    let rec = play_game(&mut b, &mut w, &s, &[], "g");
    assert!(matches!(rec.termination, Termination::StartFailed(_)), "{rec:?}");
    assert_eq!(rec.winner, Some(Color::Black));
    b.shutdown();
}

#[test]
fn a_match_against_engines_with_cr_and_error_lines_has_no_misread_game() {
    let dir = scratch("cli-cr");
    let out = dir.join("out");
    let (a, b) = (engine_cmd("crlf 31"), engine_cmd("chatty 32"));
    let args = ["--engine", &a, "--engine", &b, "--games", "4", "--turn-ms", "1000", "--concurrency", "2"];
    let stdout = run_cli(&[&args[..], &["--random-openings", "2", "--out", out.to_str().unwrap()]].concat());
    let results = std::fs::read_to_string(out.join("results.tsv")).unwrap();
    assert_eq!(results.lines().count(), 5, "{results}");
    for row in results.lines().skip(1) {
        let reason = row.rsplit('\t').next().unwrap();
        assert!(reason == "five in a row" || reason.starts_with("draw"), "{row}\n{stdout}");
    }
}

/// Ctrl-C (SIGINT) stops the match: games in progress are recorded as unfinished, the summary
/// is printed, and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_records_unfinished_games_and_prints_the_summary() {
    let dir = scratch("ctrl-c");
    let out = dir.join("out");
    let (a, b) = (engine_cmd("slow:150 41"), engine_cmd("slow:150 42"));
    let child = Command::new(env!("CARGO_BIN_EXE_gorin-match"))
        .args(["--engine", &a, "--engine", &b, "--games", "40", "--turn-ms", "1000", "--concurrency", "2"])
        .args(["--out", out.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the games are under way (the engines' logs show moves), then Ctrl-C.
    let t0 = Instant::now();
    let logs = out.join("logs");
    loop {
        let moving = std::fs::read_dir(&logs).ok().is_some_and(|d| {
            d.flatten().any(|f| std::fs::read_to_string(f.path()).is_ok_and(|t| t.contains("> TURN")))
        });
        if moving || t0.elapsed() > Duration::from_secs(20) {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let pid = child.id().to_string();
    assert!(Command::new("sh").args(["-c", &format!("kill -INT {pid}")]).status().unwrap().success());
    let t1 = Instant::now();
    let done = child.wait_with_output().unwrap();
    assert!(t1.elapsed() < Duration::from_secs(10), "took {:?} to stop", t1.elapsed());
    let stdout = String::from_utf8_lossy(&done.stdout);
    assert_eq!(done.status.code(), Some(130), "{stdout}\n{}", String::from_utf8_lossy(&done.stderr));
    assert!(stdout.contains("interrupted: 2 game(s) in progress recorded as unfinished"), "{stdout}");
    assert!(stdout.lines().last().unwrap().starts_with("stub-slow:150 #1 vs stub-slow:150 #2: "), "{stdout}");
    let results = std::fs::read_to_string(out.join("results.tsv")).unwrap();
    let unfinished: Vec<&str> = results.lines().filter(|l| l.contains("\t*\t-\t")).collect();
    assert_eq!(unfinished.len(), 2, "{results}");
    assert!(unfinished.iter().all(|l| l.ends_with("unfinished: the match was interrupted")), "{results}");
    assert!(std::fs::read_to_string(out.join("summary.txt")).unwrap().contains("interrupted: 2 game(s)"));
    // The engines were told END (they were not killed by the terminal's Ctrl-C).
    for f in std::fs::read_dir(&logs).unwrap().flatten() {
        let name = f.file_name().to_string_lossy().into_owned();
        if name.contains(".w") {
            let log = std::fs::read_to_string(f.path()).unwrap();
            assert!(log.contains("> END"), "{name}: {log}");
        }
    }
}

/// Runs the gorin-match binary; returns stdout.
fn run_cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gorin-match")).args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{}", String::from_utf8_lossy(&out.stderr));
    stdout
}

#[test]
fn command_line_match_writes_records_and_summary() {
    let dir = scratch("cli");
    let out = dir.join("out");
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings_piskvork_offset.txt");
    let (a, b) = (engine_cmd("greedy 11"), engine_cmd("random 12"));
    let stdout = run_cli(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "6",
        "--turn-ms",
        "500",
        "--concurrency",
        "2",
        "--openings",
        openings,
        "--out",
        out.to_str().unwrap(),
    ]);
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("stub-greedy vs stub-random: "), "{stdout}");
    let (wld, rest) = last["stub-greedy vs stub-random: ".len()..].split_once(' ').unwrap();
    let n: Vec<u32> = wld.split('-').map(|v| v.parse().unwrap()).collect();
    assert_eq!(n.iter().sum::<u32>(), 6, "{last}");
    assert!(rest.contains("% ") && rest.contains(" ±"), "{last}");
    let results = std::fs::read_to_string(out.join("results.tsv")).unwrap();
    assert_eq!(results.lines().count(), 7, "{results}");
    for g in 1..=6 {
        let sgf = std::fs::read_to_string(out.join(format!("games/game{g:05}.sgf"))).unwrap();
        assert!(sgf.starts_with("(;FF[4]GM[4]SZ[15]") || sgf.starts_with("(;FF[4]GM[4]CA[UTF-8]"), "{sgf}");
        let psq = std::fs::read_to_string(out.join(format!("games/game{g:05}.psq"))).unwrap();
        assert!(psq.starts_with("Piskvorky 15x15, 11:11, 0\n") && psq.ends_with("-1\n"), "{psq}");
    }
    // Three openings, each played with both colours.
    let table = std::fs::read_to_string(out.join("openings.tsv")).unwrap();
    assert_eq!(table.lines().count(), 4, "{table}");
    assert!(table.contains("openings_piskvork_offset.txt:1\t"));
    // The folder is never reused: a second run refuses instead of overwriting results.
    let again = Command::new(env!("CARGO_BIN_EXE_gorin-match"))
        .args(["--engine", &a, "--engine", &b, "--games", "2", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!again.status.success());
}

#[test]
fn sprt_stops_early_and_prints_the_llr() {
    let dir = scratch("sprt");
    let out = dir.join("out");
    let (a, b) = (engine_cmd("greedy 3"), engine_cmd("garbage"));
    let stdout = run_cli(&[
        "--engine",
        &a,
        "--engine",
        &b,
        "--games",
        "200",
        "--turn-ms",
        "500",
        "--concurrency",
        "2",
        "--random-openings",
        "3",
        "--sprt",
        "0,10,0.05,0.05",
        "--name",
        "greedy",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(stdout.contains("LLR "), "{stdout}");
    let played = std::fs::read_to_string(out.join("results.tsv")).unwrap().lines().count() - 1;
    assert!((2..200).contains(&played), "{played} games");
    // --name replaces A's ABOUT name; B keeps its own.
    assert!(stdout.lines().last().unwrap().starts_with("greedy vs stub-garbage: "), "{stdout}");
}

#[test]
fn twenty_board_caro_match_from_offset_openings() {
    let dir = scratch("cli20");
    let out = dir.join("out");
    let openings = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openings_piskvork_offset.txt");
    let (a, b) = (engine_cmd("greedy 21"), engine_cmd("random 22"));
    let args = ["--engine", &a, "--engine", &b, "--size", "20", "--rule", "9", "--games", "2", "--turn-ms", "500"];
    let stdout = run_cli(&[&args[..], &["--openings", openings, "--out", out.to_str().unwrap()]].concat());
    assert!(stdout.contains("rule caro-exact size 20"), "{stdout}");
    let sgf = std::fs::read_to_string(out.join("games/game00002.sgf")).unwrap();
    assert!(sgf.contains("SZ[20]") && sgf.contains("RU[caro-exact]"), "{sgf}");
    let psq = std::fs::read_to_string(out.join("games/game00001.psq")).unwrap();
    // The first offset line 0,0, 1,0, 1,3 around the centre (10,10), 1-based.
    assert!(psq.starts_with("Piskvorky 20x20, 11:11, 0\n11,11,0\n12,11,0\n12,14,0\n"), "{psq}");
}
