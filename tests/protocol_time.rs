//! Time behaviour through the real binary, twice over: with the real search, and with
//! `GORIN_DEBUG_SEARCH=full`, where every search thinks until its stop flag or its hard limit
//! (the worst case a search may do). The per-move and per-game tests are long and `#[ignore]`d:
//! run them with `cargo test --release --test protocol_time -- --ignored --nocapture
//! --test-threads=1`.

mod common;
use common::*;
use std::collections::HashSet;
use std::time::{Duration, Instant};

const FULL: &[(&str, &str)] = &[("GORIN_DEBUG_SEARCH", "full")];
const REAL: &[(&str, &str)] = &[];

/// An opponent that plays the first free point of a spiral from the centre.
struct Opponent {
    taken: HashSet<(usize, usize)>,
    n: usize,
}

impl Opponent {
    fn new(n: usize) -> Opponent {
        Opponent { taken: HashSet::new(), n }
    }
    fn next(&mut self) -> (usize, usize) {
        let c = self.n as i64 / 2;
        for r in 0..self.n as i64 {
            for dy in -r..=r {
                for dx in -r..=r {
                    let (x, y) = (c + dx, c + dy);
                    if x >= 0 && y >= 0 && (x as usize) < self.n && (y as usize) < self.n {
                        let p = (x as usize, y as usize);
                        if !self.taken.contains(&p) && (dx + dy) % 3 == 0 {
                            self.taken.insert(p);
                            return p;
                        }
                    }
                }
            }
        }
        let p = (0..self.n).flat_map(|y| (0..self.n).map(move |x| (x, y))).find(|p| !self.taken.contains(p)).unwrap();
        self.taken.insert(p);
        p
    }
}

/// Plays `moves` TURNs; returns each move's time from sending TURN to reading the answer.
fn play(b: &mut Brain, opp: &mut Opponent, moves: usize, before_turn: &mut dyn FnMut(&mut Brain)) -> Vec<Duration> {
    let mut times = Vec::new();
    for _ in 0..moves {
        let (x, y) = opp.next();
        before_turn(b);
        let sent = Instant::now();
        b.send(&format!("TURN {x},{y}"));
        let (at, r) = b.reply_at();
        let (mx, my) = parse_move(&r).unwrap_or_else(|| panic!("not a move: {r}"));
        assert!(opp.taken.insert((mx, my)), "engine played a taken point {r}");
        times.push(at - sent);
    }
    times
}

fn per_move(turn_ms: u64, env: &[(&str, &str)]) {
    let mut b = Brain::start_with(&[], env);
    b.send("START 20");
    assert_eq!(b.reply(), "OK");
    b.send(&format!("INFO timeout_turn {turn_ms}"));
    b.send("INFO timeout_match 0");
    let mut opp = Opponent::new(20);
    let times = play(&mut b, &mut opp, 50, &mut |_| {});
    let worst = times.iter().max().unwrap();
    let limit = Duration::from_millis(turn_ms);
    eprintln!(
        "{} timeout_turn {turn_ms} ms: 50 moves, longest {worst:?}, overshoot {} ms (negative = under the limit)",
        if env.is_empty() { "real search" } else { "full-time search" },
        worst.as_millis() as i64 - turn_ms as i64
    );
    assert!(times.iter().all(|t| *t <= limit), "a move exceeded {turn_ms} ms: {times:?}");
}

#[test]
#[ignore]
fn fifty_moves_at_100ms() {
    per_move(100, FULL);
}

#[test]
#[ignore]
fn fifty_moves_at_100ms_real_search() {
    per_move(100, REAL);
}

#[test]
#[ignore]
fn fifty_moves_at_1000ms_real_search() {
    per_move(1000, REAL);
}

#[test]
#[ignore]
fn whole_game_under_a_match_limit_real_search() {
    whole_game(REAL);
}

#[test]
#[ignore]
fn fifty_moves_at_1000ms() {
    per_move(1000, FULL);
}

#[test]
#[ignore]
fn whole_game_under_a_match_limit() {
    whole_game(FULL);
}

fn whole_game(env: &[(&str, &str)]) {
    let mut b = Brain::start_with(&[], env);
    b.send("START 20");
    assert_eq!(b.reply(), "OK");
    b.send("INFO timeout_turn 10000");
    b.send("INFO timeout_match 30000");
    let match_ms = 30_000i64;
    let used = std::cell::Cell::new(0i64);
    let mut opp = Opponent::new(20);
    let mut times = Vec::new();
    for _ in 0..60 {
        let left = match_ms - used.get();
        let t = play(&mut b, &mut opp, 1, &mut |b| b.send(&format!("INFO time_left {left}")))[0];
        assert!(t.as_millis() as i64 <= left.min(10_000), "move took {t:?} with {left} ms left");
        used.set(used.get() + t.as_millis() as i64);
        times.push(t);
    }
    let worst = times.iter().max().unwrap();
    eprintln!(
        "{} match 30 s / turn 10 s: 60 moves used {} ms in all, longest move {worst:?}",
        if env.is_empty() { "real search" } else { "full-time search" },
        used.get()
    );
    assert!(used.get() <= match_ms);
}

#[test]
fn timeout_turn_0_stops_a_running_search_at_once() {
    let mut b = Brain::start_with(&[], FULL);
    b.send("START 15");
    assert_eq!(b.reply(), "OK");
    b.send("INFO timeout_turn 5000");
    for stop in ["INFO timeout_turn 0", "STOP", "yxstop"] {
        b.send("INFO timeout_turn 5000");
        b.send("TURN 0,0");
        let _ = b.next_line(Duration::from_millis(100)); // the search runs
        let sent = Instant::now();
        b.send(stop);
        let (at, r) = b.reply_at();
        assert!(is_move_on(&r, 15, 15), "{r}");
        let t = at - sent;
        eprintln!("{stop} mid-search answered in {t:?}");
        assert!(t < Duration::from_millis(50), "{stop}: {t:?}");
        b.send("TAKEBACK 0,0");
        b.send(&format!("TAKEBACK {r}"));
        // both takebacks answer OK (the engine's stone first is fine: any stone may be taken back)
        assert_eq!(b.reply(), "OK");
        assert_eq!(b.reply(), "OK");
    }
}

#[test]
fn end_mid_search_exits_within_100ms() {
    let mut b = Brain::start_with(&[], FULL);
    b.send("START 15");
    b.reply();
    b.send("INFO timeout_turn 5000");
    b.send("BEGIN");
    std::thread::sleep(Duration::from_millis(100));
    let sent = Instant::now();
    b.send("END");
    let (ok, _) = b.wait_exit(Duration::from_secs(5)).expect("no exit");
    let t = sent.elapsed();
    eprintln!("END mid-search exited in {t:?}");
    assert!(ok && t < Duration::from_millis(100), "{t:?}");
}

#[test]
fn a_search_that_ignores_stop_is_answered_for_on_time() {
    // The stubborn search overruns its hard limit by 500 ms; the session answers at the limit.
    let mut b = Brain::start_with(&[], &[("GORIN_DEBUG_SEARCH", "stubborn")]);
    b.send("START 15");
    b.reply();
    b.send("INFO timeout_turn 300");
    let sent = Instant::now();
    b.send("TURN 7,7");
    let (at, r) = b.reply_at();
    assert!(is_move_on(&r, 15, 15) && r != "7,7");
    let t = at - sent;
    eprintln!("stubborn search answered after {t:?} (limit 300 ms)");
    assert!(t < Duration::from_millis(300), "{t:?}");
    // and the game goes on
    b.send("TURN 0,0");
    assert!(is_move_on(&b.reply(), 15, 15));
}

#[test]
fn zero_turn_time_plays_at_once() {
    let mut b = Brain::start_with(&[], FULL);
    b.send("START 15");
    b.reply();
    b.send("INFO timeout_turn 0");
    let sent = Instant::now();
    b.send("BEGIN");
    let (at, r) = b.reply_at();
    assert!(is_move_on(&r, 15, 15));
    assert!(at - sent < Duration::from_millis(100), "{:?}", at - sent);
}

#[test]
fn match_limit_is_kept_without_time_left_updates() {
    // Some managers send only timeout_match: the brain must count its own time.
    let mut b = Brain::start_with(&[], FULL);
    b.send("START 20");
    assert_eq!(b.reply(), "OK");
    b.send("INFO timeout_turn 1000");
    b.send("INFO timeout_match 1500");
    let mut opp = Opponent::new(20);
    let times = play(&mut b, &mut opp, 25, &mut |_| {});
    let total: Duration = times.iter().sum();
    eprintln!("match 1500 ms without time_left: 25 moves took {total:?}, longest {:?}", times.iter().max().unwrap());
    assert!(total < Duration::from_millis(1500), "{total:?} {times:?}");
}
