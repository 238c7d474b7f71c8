//! Fuzz-style protocol test: ≥ 100,000 random and mutated lines against the real binary, in
//! lock-step with a shadow referee built from the library's `Board`/`Game`. After every line the
//! process must be alive and print only protocol lines; every reply must be the one the shadow
//! expects (OK / ERROR / UNKNOWN / a legal move / …); every few lines the engine's position
//! (read back with the `DEBUGPOS` debug command) must equal the shadow's.
//!
//! The shadow reads lines with the library's pure `LineParser` (unit-tested on its own, with a
//! Display round trip); the game semantics (validation, colours, walls, takeback, rules) are
//! re-implemented here on the library board.

mod common;
use common::*;
use gorin::board::{Board, Cell};
use gorin::core::{Color, Pos, Rule};
use gorin::game::Game;
use gorin::protocol::command::{Command, Info, LineParser, ParseError, StoneKind};
use std::time::Duration;

/// Small deterministic PRNG (splitmix64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

struct Shadow {
    w: usize,
    h: usize,
    rule_code: Option<i64>,
    yixin: bool,
    show_detail: i64,
    board: Board,
    walls: Vec<Pos>,
    to_move: Color,
}

impl Shadow {
    fn new() -> Shadow {
        Shadow {
            w: 15,
            h: 15,
            rule_code: None,
            yixin: false,
            show_detail: 0,
            board: Board::new(15, 15, Rule::Freestyle),
            walls: vec![],
            to_move: Color::Black,
        }
    }
    fn rule(&self) -> Rule {
        match self.rule_code {
            None => Rule::Freestyle,
            Some(c) if self.yixin && c & 2 != 0 => Rule::Renju,
            Some(c) => Rule::from_gomocup(c),
        }
    }
    fn moves(&self) -> Vec<(Pos, Color)> {
        self.board.history().map(|(i, c)| (self.board.pos(i), c)).collect()
    }
    fn rebuild(&mut self, moves: &[(Pos, Color)]) {
        let mut b = Board::new(self.w, self.h, self.rule());
        for &p in &self.walls {
            b.place_wall(p).unwrap();
        }
        for &(p, c) in moves {
            let i = b.idx(p);
            b.make(i, c);
        }
        self.board = b;
    }
    fn sync_rule(&mut self) {
        if self.board.rule() != self.rule() {
            let m = self.moves();
            self.rebuild(&m);
        }
    }
    fn reset(&mut self, w: usize, h: usize) {
        self.w = w;
        self.h = h;
        self.walls.clear();
        self.board = Board::new(w, h, self.rule());
        self.to_move = Color::Black;
    }
    fn idx(&self, p: Pos) -> Option<usize> {
        self.board.idx_checked(p)
    }
    fn is_legal(&mut self, p: Pos) -> bool {
        match self.idx(p) {
            Some(i) => self.board.is_empty_cell(i) && !self.board.is_forbidden(i, self.to_move),
            None => false,
        }
    }
    fn has_legal(&mut self) -> bool {
        let cells: Vec<usize> = self.board.indices().filter(|&i| self.board.is_empty_cell(i)).collect();
        cells.into_iter().any(|i| !self.board.is_forbidden(i, self.to_move))
    }
    fn place(&mut self, p: Pos) {
        let i = self.idx(p).unwrap();
        self.board.make(i, self.to_move);
        self.to_move = self.to_move.opp();
    }
    fn position_line(&self) -> String {
        let mut s = format!(
            "POSITION {}x{} {} {}",
            self.w,
            self.h,
            self.rule().name(),
            if self.to_move == Color::Black { "black" } else { "white" }
        );
        for i in self.board.indices() {
            let m = match self.board.cell(i) {
                Cell::Black => 'B',
                Cell::White => 'W',
                Cell::Wall => '#',
                Cell::Empty => continue,
            };
            s.push_str(&format!(" {m}{}", self.board.pos(i)));
        }
        s
    }
    /// BOARD / yxboard: Ok(()) if applied.
    fn set_position(&mut self, stones: &[(Pos, StoneKind)], lenient: bool) -> bool {
        let own = stones.iter().filter(|s| s.1 == StoneKind::Own).count();
        let opp = stones.iter().filter(|s| s.1 == StoneKind::Opponent).count();
        let me = if own == opp {
            Color::Black
        } else if opp == own + 1 {
            Color::White
        } else if lenient {
            if own > opp { Color::Black } else { Color::White }
        } else {
            return false;
        };
        let mut seen = std::collections::HashSet::new();
        for &(p, _) in stones {
            if p.x as usize >= self.w || p.y as usize >= self.h || !seen.insert(p) {
                return false;
            }
        }
        self.walls = stones.iter().filter(|s| s.1 == StoneKind::Wall).map(|s| s.0).collect();
        let moves: Vec<(Pos, Color)> = stones
            .iter()
            .filter(|s| s.1 != StoneKind::Wall)
            .map(|&(p, k)| (p, if k == StoneKind::Own { me } else { me.opp() }))
            .collect();
        self.rebuild(&moves);
        self.to_move = me;
        true
    }
}

/// What the shadow expects the brain to print for one command.
enum Expect {
    Nothing,
    Exact(String),
    Prefix(&'static str),
    /// A legal move for the side to move, played on the board if `play`; or, when there is no
    /// legal move, `ERROR no legal move`.
    Move {
        play: bool,
    },
    Swap2(usize),
    /// yxbalancetwo: two distinct legal points on one line (one if only one is left), or
    /// `ERROR no legal move`.
    Pair,
    Position,
}

fn expect_for(sh: &mut Shadow, parsed: Result<Command, ParseError>) -> Expect {
    let cmd = match parsed {
        Ok(c) => c,
        Err(ParseError::Unknown(t)) => return Expect::Exact(format!("UNKNOWN {t}")),
        Err(ParseError::BadArgs { command: "INFO", .. }) => return Expect::Nothing,
        Err(ParseError::BadArgs { .. }) => return Expect::Prefix("ERROR "),
    };
    sh.sync_rule();
    match cmd {
        Command::Start { width, height } | Command::RectStart { width, height } => {
            if Board::check_size(width, height).is_ok() {
                sh.reset(width, height);
                Expect::Exact("OK".into())
            } else {
                Expect::Prefix("ERROR ")
            }
        }
        Command::Restart => {
            let (w, h) = (sh.w, sh.h);
            sh.reset(w, h);
            Expect::Exact("OK".into())
        }
        Command::Begin => Expect::Move { play: true },
        Command::Turn(p) => match sh.idx(p) {
            Some(i) if sh.board.is_empty_cell(i) => {
                sh.place(p);
                Expect::Move { play: true }
            }
            _ => Expect::Prefix("ERROR "),
        },
        Command::Play(p) => {
            if sh.is_legal(p) {
                sh.place(p);
                Expect::Exact(p.to_string())
            } else {
                Expect::Prefix("ERROR ")
            }
        }
        Command::Takeback(p) => {
            let mut m = sh.moves();
            match m.iter().rposition(|&(q, _)| q == p) {
                Some(k) => {
                    let c = m.remove(k).1;
                    sh.rebuild(&m);
                    sh.to_move = c;
                    Expect::Exact("OK".into())
                }
                None => Expect::Prefix("ERROR "),
            }
        }
        Command::Board(s) => {
            if sh.set_position(&s, false) {
                Expect::Move { play: true }
            } else {
                Expect::Prefix("ERROR ")
            }
        }
        Command::YxBoard(s) => {
            if sh.set_position(&s, true) {
                Expect::Nothing
            } else {
                Expect::Prefix("ERROR ")
            }
        }
        Command::Swap2Board(s) => {
            let rule = if sh.rule_code.is_none() { Rule::Standard } else { sh.rule() };
            if Game::from_moves(sh.w, sh.h, rule, &s).is_err() || ![0, 3, 5].contains(&s.len()) {
                Expect::Prefix("ERROR ")
            } else {
                Expect::Swap2(s.len())
            }
        }
        Command::Info(i) => {
            match i {
                Info::Rule(r) => sh.rule_code = Some(r),
                Info::ShowDetail(v) => {
                    sh.yixin = true;
                    sh.show_detail = v;
                }
                _ => {}
            }
            Expect::Nothing
        }
        Command::End => unreachable!("the generator never sends END"),
        Command::About => Expect::Prefix("name=\"Gorin\", version="),
        Command::Stop | Command::YxHashClear => Expect::Nothing,
        Command::YxShowInfo => {
            sh.yixin = true;
            Expect::Nothing
        }
        Command::YxShowForbid => {
            let c = sh.to_move;
            Expect::Exact(sh.board.forbid_line(c))
        }
        Command::YxNBest(_) | Command::YxBalanceOne(_) | Command::YxSearchDefend => Expect::Move { play: false },
        Command::YxBalanceTwo(_) => Expect::Pair,
        Command::YxUnsupported(t) => Expect::Exact(format!("UNKNOWN {t}")),
        Command::DebugPosition => Expect::Position,
        Command::GorinOpeningProbe => Expect::Exact("OK".into()),
        // the fuzzer never generates opening-extension blocks (tests/opening_protocol.rs does)
        Command::GorinOpening { .. } => Expect::Prefix(""),
    }
}

/// Lines that are a protocol reply of some kind, for the final "nothing else" check.
fn next_reply(b: &mut Brain, sh: &Shadow, what: &str) -> String {
    loop {
        let (_, l) = b.next_line(Duration::from_secs(10)).unwrap_or_else(|| panic!("no reply to {what:?}"));
        if l.starts_with("MESSAGE ") {
            continue;
        }
        if l.starts_with("INFO ") {
            assert!(sh.show_detail & 2 != 0, "bare INFO line without show_detail: {l:?} (after {what:?})");
            continue;
        }
        return l;
    }
}

/// How often each kind of reply was checked.
#[derive(Default, Debug)]
struct Stats {
    nothing: usize,
    exact: usize,
    errors: usize,
    moves: usize,
    no_legal_move: usize,
    swap2: usize,
    pairs: usize,
    positions: usize,
}

fn count(st: &mut Stats, e: &Expect) {
    match e {
        Expect::Nothing => st.nothing += 1,
        Expect::Exact(_) => st.exact += 1,
        Expect::Prefix(_) => st.errors += 1,
        Expect::Move { .. } => st.moves += 1,
        Expect::Swap2(_) => st.swap2 += 1,
        Expect::Pair => st.pairs += 1,
        Expect::Position => st.positions += 1,
    }
}

fn check(b: &mut Brain, sh: &mut Shadow, e: Expect, what: &str, st: &mut Stats) {
    count(st, &e);
    match e {
        Expect::Nothing => {}
        Expect::Exact(s) => assert_eq!(next_reply(b, sh, what), s, "after {what:?}"),
        Expect::Prefix(p) => {
            let l = next_reply(b, sh, what);
            assert!(l.starts_with(p), "after {what:?}: {l:?}, expected {p}…");
        }
        Expect::Move { play } => {
            let l = next_reply(b, sh, what);
            if !sh.has_legal() {
                assert_eq!(l, "ERROR no legal move", "after {what:?}");
                st.no_legal_move += 1;
                return;
            }
            let (x, y) = parse_move(&l).unwrap_or_else(|| panic!("after {what:?}: {l:?} is not a move"));
            let p = Pos::new(x, y);
            assert!(x < sh.w && y < sh.h && sh.is_legal(p), "after {what:?}: illegal move {l}\n{:?}", sh.board);
            if play {
                sh.place(p);
            }
        }
        Expect::Pair => {
            let l = next_reply(b, sh, what);
            if !sh.has_legal() {
                assert_eq!(l, "ERROR no legal move", "after {what:?}");
                return;
            }
            let v: Vec<&str> = l.split(' ').collect();
            assert!(!v.is_empty() && v.len() <= 2, "after {what:?}: {l:?}");
            let first = parse_move(v[0]).unwrap_or_else(|| panic!("after {what:?}: {l:?}"));
            assert!(sh.is_legal(Pos::new(first.0, first.1)), "after {what:?}: illegal {l}");
            if let Some(second) = v.get(1) {
                assert!(is_move_on(second, sh.w, sh.h) && *second != v[0], "after {what:?}: {l:?}");
            }
        }
        Expect::Swap2(n) => {
            let l = next_reply(b, sh, what);
            let ok = match n {
                0 => {
                    let v: Vec<&str> = l.split(' ').collect();
                    v.len() == 3 && v.iter().all(|m| is_move_on(m, sh.w, sh.h))
                }
                // step 2 may answer two stones (the 4th and 5th); step 3 one
                _ => {
                    l == "SWAP" || {
                        let v: Vec<&str> = l.split(' ').collect();
                        (v.len() == 1 || (n == 3 && v.len() == 2)) && v.iter().all(|m| is_move_on(m, sh.w, sh.h))
                    }
                }
            };
            assert!(ok, "after {what:?}: bad swap2 answer {l:?}");
        }
        Expect::Position => {
            let (_, l) = loop {
                let x = b.next_line(Duration::from_secs(10)).expect("no position");
                if !x.1.starts_with("MESSAGE ") {
                    break x;
                }
            };
            assert_eq!(l.strip_prefix("DEBUG ").unwrap_or(&l), sh.position_line(), "position after {what:?}");
        }
    }
}

fn coord(rng: &mut Rng, sh: &Shadow) -> (i64, i64) {
    match rng.below(10) {
        0 => (rng.range(-3, 40), rng.range(-3, 40)),
        1 => {
            // an occupied point, if any
            let occ: Vec<usize> = sh.board.indices().filter(|&i| !sh.board.is_empty_cell(i)).collect();
            if occ.is_empty() {
                (0, 0)
            } else {
                let p = sh.board.pos(occ[rng.below(occ.len())]);
                (p.x as i64, p.y as i64)
            }
        }
        _ => (rng.below(sh.w) as i64, rng.below(sh.h) as i64),
    }
}

/// One "valid-looking" command, possibly several lines (blocks).
fn gen_command(rng: &mut Rng, sh: &Shadow) -> Vec<String> {
    let r = rng.below(100);
    let one = |s: String| vec![s];
    match r {
        0..=24 => {
            let (x, y) = coord(rng, sh);
            one(format!("TURN {x},{y}"))
        }
        25..=31 => one("BEGIN".into()),
        32..=37 => {
            let m = sh.moves();
            if !m.is_empty() && rng.chance(70) {
                let p = if rng.chance(80) { m[m.len() - 1].0 } else { m[rng.below(m.len())].0 };
                one(format!("TAKEBACK {p}"))
            } else {
                let (x, y) = coord(rng, sh);
                one(format!("TAKEBACK {x},{y}"))
            }
        }
        38..=40 => match rng.below(5) {
            0 => one(format!("START {}", rng.range(0, 40))),
            1 => one("RESTART".into()),
            2 => one(format!("RECTSTART {},{}", rng.range(3, 34), rng.range(3, 34))),
            3 => one(format!("START {} {}", rng.range(4, 33), rng.range(4, 33))),
            _ => one(format!("start {}", [15, 20, 5, 6, 7, 9][rng.below(6)])),
        },
        41..=46 => {
            let mut v = vec![if rng.chance(70) { "BOARD".to_string() } else { "yxboard".to_string() }];
            let n = rng.below(14);
            for k in 0..n {
                let (x, y) = coord(rng, sh);
                let f = if rng.chance(5) {
                    rng.range(0, 4)
                } else if rng.chance(8) {
                    3
                } else {
                    1 + ((n - k) % 2) as i64
                };
                v.push(format!("{x},{y},{f}"));
            }
            v.push(if rng.chance(50) { "DONE".into() } else { "done".into() });
            v
        }
        47..=58 => one(match rng.below(12) {
            0 | 1 => format!("INFO rule {}", [0, 1, 2, 4, 8, 9, 5][rng.below(7)]),
            2 | 3 => format!("INFO timeout_turn {}", rng.range(0, 20)),
            4 => format!("INFO time_left {}", rng.range(-100, 100_000)),
            5 => format!("INFO max_memory {}", rng.range(0, 400 << 20)),
            6 => format!("INFO show_detail {}", rng.range(0, 3)),
            7 => format!("INFO timeout_match {}", rng.range(0, 1_000_000)),
            8 => format!("INFO thread_num {}", rng.range(0, 8)),
            9 => "INFO folder C:\\some folder\\x".into(),
            10 => format!("INFO hash_size {}", rng.range(0, 1 << 20)),
            _ => format!("INFO evaluate {},{}", rng.range(0, 14), rng.range(0, 14)),
        }),
        59..=61 => one("ABOUT".into()),
        62..=65 => one("yxshowforbid".into()),
        66..=67 => one(["yxnbest 2", "yxbalanceone 5", "yxbalancetwo 5", "yxsearchdefend"][rng.below(4)].into()),
        68 => vec!["yxblock".into(), "1,1".into(), "done".into()],
        69 => one(["yxhashclear", "yxshowinfo", "STOP", "yxstop"][rng.below(4)].into()),
        70..=72 => {
            let mut v = vec!["SWAP2BOARD".to_string()];
            let n = [0, 3, 5, 3, 5, 2][rng.below(6)];
            for _ in 0..n {
                let (x, y) = coord(rng, sh);
                v.push(format!("{x},{y}"));
            }
            v.push("DONE".into());
            v
        }
        73..=75 => {
            let (x, y) = coord(rng, sh);
            one(format!("PLAY {x},{y}"))
        }
        _ => one(["DEBUGPOS", "SUGGEST 1,1", "HELLO", "DONE", "", "   "][rng.below(6)].into()),
    }
}

fn mutate(rng: &mut Rng, line: &str) -> String {
    let mut b: Vec<u8> = line.bytes().collect();
    for _ in 0..1 + rng.below(3) {
        let pos = rng.below(b.len() + 1);
        let ch = b" ,-0123456789xyzABDEINOSTUVWYabdeinstu\t"[rng.below(39)];
        match rng.below(5) {
            0 if pos < b.len() => b[pos] = ch,
            1 => b.insert(pos, ch),
            2 if pos < b.len() => {
                b.remove(pos);
            }
            3 => b.make_ascii_lowercase(),
            _ => b.insert(pos, b' '),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn garbage(rng: &mut Rng) -> String {
    let n = rng.below(30);
    let mut s: String = (0..n).map(|_| (b' ' + rng.below(95) as u8) as char).collect();
    if rng.chance(5) {
        s.push('é');
    }
    s
}

fn is_end(line: &str) -> bool {
    line.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("end"))
}

#[test]
fn fuzz_100k_lines_against_a_shadow_referee() {
    let seed: u64 = std::env::var("GORIN_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20261129);
    let target: usize = std::env::var("GORIN_FUZZ_LINES").ok().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let mut rng = Rng(seed);
    let mut b = Brain::start();
    let mut sh = Shadow::new();
    let mut parser = LineParser::new();
    let mut sent = 0usize;
    let mut since_check = 0;
    let mut st = Stats::default();
    b.send("INFO timeout_turn 5");
    sent += 1;
    while sent < target {
        let kind = rng.below(100);
        let lines: Vec<String> = if kind < 70 {
            gen_command(&mut rng, &sh)
        } else if kind < 85 {
            gen_command(&mut rng, &sh)
                .iter()
                .map(|l| if rng.chance(50) { mutate(&mut rng, l) } else { l.clone() })
                .collect()
        } else {
            vec![garbage(&mut rng)]
        };
        for line in lines {
            if is_end(&line) || line.contains(['\r', '\n']) {
                continue;
            }
            let ending = match rng.below(20) {
                0..=15 => "\n",
                16..=18 => "\r\n",
                _ => "\r",
            };
            b.send_raw(&format!("{line}{ending}"));
            sent += 1;
            if std::env::var("GORIN_FUZZ_TRACE").is_ok() {
                eprintln!("> {line:?}");
            }
            for parsed in parser.feed(&line) {
                let e = expect_for(&mut sh, parsed);
                check(&mut b, &mut sh, e, &line, &mut st);
            }
        }
        since_check += 1;
        if since_check >= 40 && !parser.in_block() {
            since_check = 0;
            b.send("DEBUGPOS");
            sent += 1;
            for parsed in parser.feed("DEBUGPOS") {
                let e = expect_for(&mut sh, parsed);
                check(&mut b, &mut sh, e, "DEBUGPOS", &mut st);
            }
        }
        assert!(b.child.try_wait().unwrap().is_none(), "the brain died after {sent} lines");
    }
    // close any open block, then a last position check, END, and nothing else on stdout
    b.send("DEBUGPOS");
    for parsed in parser.feed("DEBUGPOS") {
        let e = expect_for(&mut sh, parsed);
        check(&mut b, &mut sh, e, "DEBUGPOS", &mut st);
    }
    b.send("END");
    let (ok, _) = b.wait_exit(Duration::from_secs(5)).expect("END did not exit");
    assert!(ok);
    let rest: Vec<String> =
        b.drain(Duration::from_millis(200)).into_iter().filter(|l| !l.starts_with("MESSAGE ")).collect();
    assert!(rest.is_empty(), "stray lines at the end: {rest:?}");
    eprintln!("fuzz: {sent} lines sent, seed {seed}; replies checked: {st:?}");
}
