//! A small protocol brain for the match runner's tests: `stub_brain MODE [SEED]`.
//!
//! Modes (each answers ABOUT, START, RESTART, INFO, BEGIN, TURN, BOARD…DONE and END):
//! - `random`: a random legal point next to the stones (the centre on an empty board);
//! - `greedy`: makes five if it can, else blocks the opponent's five, else plays like `random`;
//! - `pattern`: fills the board along a colouring with no line longer than two, so games end
//!   with a full board (or the renju draw) when both sides play it;
//! - `sleepy`: plays like `greedy` but sleeps 10 s before its second move;
//! - `slow:MS`: plays like `greedy` after sleeping MS milliseconds on every move;
//! - `hog:MIB`: plays like `greedy` after filling MIB mebibytes of memory;
//! - `garbage`: answers every move request with text that is not a move;
//! - `illegal`: plays on an occupied point (or off the board on an empty one);
//! - `crash`: exits with status 3 instead of its second move;
//! - `script:X,Y;X,Y;…`: plays the listed points in order (without checking them), then plays
//!   like `greedy`;
//! - `forbidden`: plays a point that is forbidden for it (black under renju) whenever there is
//!   one, else plays like `greedy`.
//! - `crlf`: plays like `greedy`, ends every line with CR LF and writes a CR inside its MESSAGE
//!   lines (`MESSAGE dep -\r ev -120 nd 168k`), as a Gomocup-2021 engine does;
//! - `chatty`: plays like `greedy` after an `ERROR`, an `UNKNOWN`, a `DEBUG` and a line of plain
//!   text before every move (Rapfi answers a misread `INFO` with such an `ERROR`);
//! - `lateerr`: plays like `greedy`, but writes `ERROR Unknown command: TIME_LEFT` and waits
//!   150 ms before every move (a strict reader loses the game on the ERROR, and the move then
//!   arrives after the game).
//!
//! Every move request is preceded by a `MESSAGE` line, which the runner must log and skip.

use gorin::core::{Color, Pos, Rule};
use gorin::game::Game;
use rand::{RngExt, SeedableRng, rngs::StdRng};
use std::io::{BufRead, Write};
use std::time::Duration;

struct Stub {
    mode: String,
    size: usize,
    rule: Rule,
    game: Game,
    rng: StdRng,
    my_moves: usize,
    /// Memory the `hog` mode holds on to.
    hoard: Vec<u8>,
}

/// Line ends CR LF (the `crlf` mode).
static CRLF: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn out(line: &str) {
    let end = if CRLF.load(std::sync::atomic::Ordering::Relaxed) { "\r\n" } else { "\n" };
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(format!("{line}{end}").as_bytes());
    let _ = o.flush();
}

fn parse_xy(s: &str) -> Option<Pos> {
    let mut it = s.split(',');
    let x = it.next()?.trim().parse().ok()?;
    let y = it.next()?.trim().parse().ok()?;
    Some(Pos::new(x, y))
}

/// No line of one colour longer than two in any direction: colour by floor((x + 2y) / 2) mod 2.
fn pattern_color(p: Pos) -> Color {
    if ((p.x as usize + 2 * p.y as usize) / 2).is_multiple_of(2) { Color::Black } else { Color::White }
}

impl Stub {
    fn new_game(&mut self) {
        self.game = Game::new(self.size, self.size, self.rule);
        self.my_moves = 0;
    }

    fn empties(&self) -> Vec<usize> {
        let b = &self.game.board;
        b.indices().filter(|&i| b.is_empty_cell(i)).collect()
    }

    fn random_move(&mut self) -> usize {
        let me = self.game.to_move;
        let mut near: Vec<usize> = self.game.board.candidates().collect();
        if near.is_empty() {
            near = if self.game.board.move_count() == 0 { vec![self.game.board.center()] } else { self.empties() };
        }
        near.retain(|&i| !self.game.board.is_forbidden(i, me));
        if near.is_empty() {
            near = self.game.legal_moves();
        }
        near[self.rng.random_range(0..near.len())]
    }

    fn greedy_move(&mut self) -> usize {
        let me = self.game.to_move;
        let legal = self.game.legal_moves();
        if let Some(&i) = legal.iter().find(|&&i| self.game.board.makes_five(i, me)) {
            return i;
        }
        if let Some(&i) = legal.iter().find(|&&i| self.game.board.makes_five(i, me.opp())) {
            return i;
        }
        self.random_move()
    }

    fn pattern_move(&mut self) -> usize {
        let me = self.game.to_move;
        let legal = self.game.legal_moves();
        let b = &self.game.board;
        legal.iter().copied().find(|&i| pattern_color(b.pos(i)) == me).unwrap_or(legal[0])
    }

    /// Answers a move request (the position is already up to date).
    fn think(&mut self) {
        out(&format!("MESSAGE stub {} thinking on move {}", self.mode, self.game.board.move_count() + 1));
        self.my_moves += 1;
        let mode = self.mode.clone();
        let i = match mode.as_str() {
            "crlf" => {
                out("MESSAGE dep -\r ev -120 nd 168k");
                out("MESSAGE \r");
                self.greedy_move()
            }
            "chatty" => {
                out("ERROR Unknown command: TIME_LEFT");
                out("UNKNOWN 2147483647");
                out("DEBUG stub chatty");
                out("thinking hard");
                self.greedy_move()
            }
            "lateerr" => {
                out("ERROR Unknown command: TIME_LEFT");
                std::thread::sleep(Duration::from_millis(150));
                self.greedy_move()
            }
            "random" => self.random_move(),
            "pattern" => self.pattern_move(),
            "garbage" => {
                out("I resign, or maybe not");
                return;
            }
            "illegal" => {
                match self.game.board.last_move() {
                    Some((i, _)) => out(&self.game.board.pos(i).to_string()),
                    None => out(&format!("{0},{0}", self.size + 3)),
                }
                return;
            }
            "crash" if self.my_moves == 2 => std::process::exit(3),
            m if m.starts_with("hog:") => {
                if self.hoard.is_empty() {
                    let mib: usize = m[4..].parse().unwrap_or(100);
                    // Written, not just reserved, so it is resident.
                    self.hoard = vec![1u8; mib << 20];
                }
                self.greedy_move()
            }
            "sleepy" if self.my_moves == 2 => {
                std::thread::sleep(Duration::from_secs(10));
                self.greedy_move()
            }
            "forbidden" => {
                let me = self.game.to_move;
                let empties = self.empties();
                match empties.into_iter().find(|&i| self.game.board.is_forbidden(i, me)) {
                    Some(i) => {
                        // The referee must reject it; play it on our side without a check.
                        out(&self.game.board.pos(i).to_string());
                        return;
                    }
                    None => self.greedy_move(),
                }
            }
            m if m.starts_with("script:") => {
                let moves: Vec<&str> = m[7..].split(';').collect();
                match moves.get(self.my_moves - 1).and_then(|t| parse_xy(t)) {
                    Some(p) => {
                        let _ = self.game.play(p);
                        out(&p.to_string());
                        return;
                    }
                    None => self.greedy_move(),
                }
            }
            m if m.starts_with("slow:") => {
                let ms: u64 = m[5..].parse().unwrap_or(100);
                std::thread::sleep(Duration::from_millis(ms));
                self.greedy_move()
            }
            _ => self.greedy_move(),
        };
        let p = self.game.board.pos(i);
        let _ = self.game.play(p);
        out(&p.to_string());
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).cloned().unwrap_or_else(|| "random".into());
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or_else(|| std::process::id() as u64);
    CRLF.store(mode == "crlf", std::sync::atomic::Ordering::Relaxed);
    let mut st = Stub {
        mode,
        size: 15,
        rule: Rule::Freestyle,
        game: Game::new(15, 15, Rule::Freestyle),
        rng: StdRng::seed_from_u64(seed),
        my_moves: 0,
        hoard: Vec::new(),
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while let Some(Ok(raw)) = lines.next() {
        let line = raw.trim().to_string();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        match cmd.to_ascii_uppercase().as_str() {
            "" => {}
            "ABOUT" => out(&format!("name=\"stub-{}\", version=\"1\", author=\"gorin tests\", country=\"-\"", st.mode)),
            "START" => match rest.trim().parse::<usize>() {
                Ok(n) if (5..=32).contains(&n) => {
                    st.size = n;
                    st.new_game();
                    out("OK");
                }
                _ => out("ERROR unsupported size"),
            },
            "RESTART" => {
                st.new_game();
                out("OK");
            }
            "INFO" => {
                let (key, val) = rest.split_once(' ').unwrap_or((rest, ""));
                if key.eq_ignore_ascii_case("rule") {
                    st.rule = Rule::from_gomocup(val.trim().parse().unwrap_or(0));
                    if st.game.board.move_count() == 0 {
                        st.new_game();
                    }
                }
            }
            "BEGIN" => st.think(),
            "TURN" => match parse_xy(rest) {
                Some(p) if st.game.play(p).is_ok() => st.think(),
                _ => out("ERROR bad TURN"),
            },
            "BOARD" => {
                st.new_game();
                for l in lines.by_ref() {
                    let Ok(l) = l else { return };
                    let l = l.trim().to_string();
                    if l.eq_ignore_ascii_case("DONE") {
                        break;
                    }
                    if let Some(p) = parse_xy(&l) {
                        let _ = st.game.play(p);
                    }
                }
                st.think();
            }
            "END" => return,
            _ => out(&format!("UNKNOWN {line}")),
        }
    }
}
