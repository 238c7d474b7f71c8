//! What the managers see of the brain (issue 14). How much it prints while it thinks, read from
//! whole games between two copies of it under gorin-match: Piskvork reads the pipe a byte at a
//! time on the engine's clock, so every progress line costs time. At most [`MAX_MOVE_LINES`]
//! MESSAGE lines a move (the closing line included), never a repeated one, and a closing line
//! that describes the whole move. And the hash size Yixin-Board may ask for.

use gorin::core::{Pos, WIN};
use gorin::protocol::session::{Lines, MAX_MOVE_LINES};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// One move as the engine's log shows it.
#[derive(Debug)]
struct Move {
    mv: Pos,
    /// MESSAGE lines between the command and the move.
    messages: usize,
    /// The progress (`Depth`) lines' texts, without their `Time` field.
    depth_lines: Vec<String>,
    /// The closing line's `Time`, in ms.
    closing_ms: Option<u64>,
    /// The last `Depth` line's `Time`, in ms.
    last_iteration_ms: u64,
}

fn field_ms(line: &str) -> Option<u64> {
    let t = line.split(" | ").find_map(|f| f.strip_prefix("Time "))?;
    t.trim_end_matches("ms").parse().ok()
}

/// The moves of one engine's log (gorin-match writes `> ` for what it sent, `< ` for what it read).
fn moves_in_log(log: &str) -> Vec<Move> {
    let mut out = Vec::new();
    let mut cur: Option<Move> = None;
    for line in log.lines() {
        if line.starts_with("> BEGIN") || line.starts_with("> TURN") || line == "> DONE" {
            cur = Some(Move {
                mv: Pos::new(0, 0),
                messages: 0,
                depth_lines: Vec::new(),
                closing_ms: None,
                last_iteration_ms: 0,
            });
        } else if let (Some(m), Some(text)) = (cur.as_mut(), line.strip_prefix("< MESSAGE ")) {
            m.messages += 1;
            if text.starts_with("Depth ") {
                m.last_iteration_ms = field_ms(text).unwrap();
                let without_time: Vec<&str> = text.split(" | ").filter(|f| !f.starts_with("Time ")).collect();
                m.depth_lines.push(without_time.join(" | "));
            } else if text.starts_with("Speed ") {
                assert!(m.closing_ms.is_none(), "two closing lines: {line}");
                m.closing_ms = field_ms(text);
            }
        } else if let (Some(_), Some(text)) = (cur.as_ref(), line.strip_prefix("< ")) {
            let mut m = cur.take().unwrap();
            let (x, y) = text.split_once(',').unwrap_or_else(|| panic!("not a move: {line}"));
            m.mv = Pos::new(x.trim().parse().unwrap(), y.trim().parse().unwrap());
            out.push(m);
        }
    }
    out
}

/// Plays one game of Gorin against itself under gorin-match; returns each engine's moves and
/// the runner's measured milliseconds per move (from the .psq record).
fn self_play(name: &str, size: usize, turn_ms: u64) -> (Vec<Vec<Move>>, HashMap<Pos, u64>) {
    let dir = scratch(name);
    let out = dir.join("out");
    let brain = env!("CARGO_BIN_EXE_pbrain-gorin");
    let st = Command::new(env!("CARGO_BIN_EXE_gorin-match"))
        .args(["--engine", brain, "--engine", brain, "--games", "1", "--size", &size.to_string()])
        .args(["--turn-ms", &turn_ms.to_string(), "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&st.stdout).into_owned();
    assert!(st.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&st.stderr));
    let results = std::fs::read_to_string(out.join("results.tsv")).unwrap();
    let row = results.lines().nth(1).unwrap();
    assert!(row.ends_with("five in a row") || row.contains("draw"), "the game ended by a fault: {row}");
    let mut engines = Vec::new();
    for tag in ["A", "B"] {
        let log = read_log(&out.join("logs"), tag);
        engines.push(moves_in_log(&log));
    }
    let psq = std::fs::read_to_string(out.join("games/game00001.psq")).unwrap();
    let mut ms = HashMap::new();
    for l in psq.lines().skip(1) {
        let v: Vec<&str> = l.split(',').collect();
        if v.len() == 3 {
            let (x, y): (usize, usize) = (v[0].parse().unwrap(), v[1].parse().unwrap());
            ms.insert(Pos::new(x - 1, y - 1), v[2].parse().unwrap());
        }
    }
    (engines, ms)
}

fn read_log(dir: &Path, tag: &str) -> String {
    let f = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .find(|f| {
            let n = f.file_name().to_string_lossy().into_owned();
            n.starts_with(&format!("{tag}-")) && n.ends_with(".w0.log")
        })
        .unwrap_or_else(|| panic!("no log for {tag}"));
    std::fs::read_to_string(f.path()).unwrap()
}

/// The checks on every move of a game: the cap, no repeated progress line, one closing line
/// that covers the whole move.
fn check_game(engines: &[Vec<Move>], runner_ms: &HashMap<Pos, u64>) -> usize {
    let mut busiest = 0;
    for moves in engines {
        assert!(!moves.is_empty());
        for m in moves {
            busiest = busiest.max(m.messages);
            assert!(m.messages <= MAX_MOVE_LINES, "{} MESSAGE lines for {}: {m:?}", m.messages, m.mv);
            for w in m.depth_lines.windows(2) {
                assert_ne!(w[0], w[1], "a repeated progress line: {m:?}");
            }
            let closing = m.closing_ms.unwrap_or_else(|| panic!("no closing line: {m:?}"));
            // The whole move: no shorter than its last iteration, and inside the time the runner
            // measured around it (the engine's clock starts after the runner's, stops before).
            assert!(closing >= m.last_iteration_ms, "{m:?}");
            let outer = runner_ms[&m.mv];
            assert!(closing <= outer, "closing line says {closing} ms, the runner measured {outer} ms: {m:?}");
            // ...and close to it: the old closing line gave the last iteration's time (7 ms for
            // a 929 ms move). The slack is for pipes and threads on a loaded machine.
            assert!(closing + 60 + outer / 4 >= outer, "closing line {closing} ms, runner {outer} ms: {m:?}");
        }
    }
    busiest
}

/// A whole game at 300 ms a move on 7x7, where the board fills and the search runs through
/// every depth in each move: before the cap, 121 identical lines a move.
#[test]
fn a_game_at_300_ms_a_move_stays_under_the_line_cap() {
    let (engines, ms) = self_play("7x7", 7, 300);
    let busiest = check_game(&engines, &ms);
    assert!(busiest >= 2, "every move has at least a progress line and the closing line");
    eprintln!("busiest move: {busiest} MESSAGE lines");
}

/// The same on 15x15 (longer; run on purpose with `--ignored`).
#[test]
#[ignore]
fn a_15x15_game_at_300_ms_a_move_stays_under_the_line_cap() {
    let (engines, ms) = self_play("15x15", 15, 300);
    let busiest = check_game(&engines, &ms);
    eprintln!("busiest move: {busiest} MESSAGE lines");
}

#[test]
fn the_line_filter_drops_repeats_and_caps_a_move() {
    let pv = [Pos::new(3, 3), Pos::new(4, 4)];
    // 120 iterations with the same eval and PV (a nearly full board): one line.
    let mut l = Lines::default();
    assert_eq!((1..=120).filter(|_| l.admit(15, &pv)).count(), 1);
    // a change of eval or PV is printed
    assert!(l.admit(16, &pv));
    assert!(l.admit(16, &pv[..1]));
    // a proven win with the same move is not repeated, whatever the PV's tail
    let mut l = Lines::default();
    let mate = WIN - 9;
    assert!(l.admit(mate, &pv));
    for d in 0..17 {
        assert!(!l.admit(mate, &[pv[0], Pos::new(d, 0)]), "depth {d}");
    }
    // a shorter mate or another move is news
    assert!(l.admit(WIN - 7, &pv));
    assert!(l.admit(WIN - 7, &[Pos::new(5, 5)]));
    // never more than the cap less the closing line, whatever changes
    let mut l = Lines::default();
    let n = (0..200).filter(|&v| l.admit(v, &pv)).count();
    assert_eq!(n, MAX_MOVE_LINES - 1);
    assert_eq!(l.printed(), MAX_MOVE_LINES - 1);
}

/// The brain's whole output for `input` (it exits at END).
fn brain_output(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gorin"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}

fn max_hash_size(input: &str) -> u32 {
    let lines = brain_output(&format!("{input}yxshowinfo\nEND\n"));
    let l = lines.iter().find_map(|l| l.strip_prefix("MESSAGE INFO MAX_HASH_SIZE ")).expect("no MAX_HASH_SIZE");
    l.parse().unwrap()
}

#[test]
fn max_hash_size_is_the_largest_table_max_memory_allows() {
    // log2 of kilobytes: (max_memory - 24 MiB for the rest of the process) / 2 for the table.
    let log2_kb = |mib: u64| 63 - (((mib - 24) << 20) / 2 / 1024).leading_zeros();
    // no max_memory: Gomocup's 350 MiB
    assert_eq!(max_hash_size(""), log2_kb(350));
    assert_eq!(max_hash_size(&format!("INFO max_memory {}\n", 100u64 << 20)), log2_kb(100));
    // a smaller hash_size in use does not lower the maximum Yixin-Board may set
    assert_eq!(max_hash_size("INFO hash_size 1024\n"), log2_kb(350));
    assert_eq!(max_hash_size(&format!("INFO max_memory {}\nINFO hash_size 1024\n", 100u64 << 20)), log2_kb(100));
}
