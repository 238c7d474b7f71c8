//! Drives the real `pbrain-gorin` binary through pipes.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_pbrain-gorin");

/// A running brain: write lines, read lines as they come (with their arrival time).
pub struct Brain {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(Instant, String)>,
}

impl Brain {
    pub fn start() -> Brain {
        Brain::start_with(&[], &[])
    }

    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> Brain {
        let mut cmd = Command::new(BIN);
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("start pbrain-gorin");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stdout).lines() {
                let Ok(l) = l else { break };
                if tx.send((Instant::now(), l)).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Brain { child, stdin, lines: rx }
    }

    /// Sends text as is (add the line ending yourself).
    pub fn send_raw(&mut self, text: &str) {
        let s = self.stdin.as_mut().expect("stdin open");
        s.write_all(text.as_bytes()).expect("write to brain");
        s.flush().unwrap();
    }

    /// Sends one line with LF.
    pub fn send(&mut self, line: &str) {
        self.send_raw(&format!("{line}\n"));
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line of any kind, or None after `timeout` / at the end of output.
    pub fn next_line(&mut self, timeout: Duration) -> Option<(Instant, String)> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line that is not MESSAGE/DEBUG (the reply), within 10 s, with its time.
    pub fn reply_at(&mut self) -> (Instant, String) {
        let limit = Instant::now() + Duration::from_secs(10);
        loop {
            let left = limit.saturating_duration_since(Instant::now());
            let (t, l) = self.next_line(left).expect("brain did not reply within 10 s");
            if !is_info_line(&l) {
                return (t, l);
            }
        }
    }

    pub fn reply(&mut self) -> String {
        self.reply_at().1
    }

    /// Every line until the output is quiet for `quiet`.
    pub fn drain(&mut self, quiet: Duration) -> Vec<String> {
        let mut v = Vec::new();
        while let Some((_, l)) = self.next_line(quiet) {
            v.push(l);
        }
        v
    }

    /// `DEBUG POSITION …` (sends DEBUGPOS, skips MESSAGE lines).
    pub fn position(&mut self) -> String {
        self.send("DEBUGPOS");
        let limit = Instant::now() + Duration::from_secs(10);
        loop {
            let left = limit.saturating_duration_since(Instant::now());
            let (_, l) = self.next_line(left).expect("no DEBUG POSITION line");
            if let Some(p) = l.strip_prefix("DEBUG ") {
                return p.to_string();
            }
            assert!(l.starts_with("MESSAGE "), "unexpected line {l:?} while waiting for the position");
        }
    }

    /// Waits for the process to exit; returns its exit status success and the time it took.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<(bool, Duration)> {
        let start = Instant::now();
        while start.elapsed() < timeout {
            if let Ok(Some(st)) = self.child.try_wait() {
                return Some((st.success(), start.elapsed()));
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        None
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Lines any manager tolerates besides the replies.
pub fn is_info_line(l: &str) -> bool {
    l.starts_with("MESSAGE ") || l.starts_with("DEBUG ")
}

/// Runs a whole transcript (stdin closed at the end) and returns every stdout line and whether
/// the process exited cleanly.
pub fn run_all(input: &str, env: &[(&str, &str)]) -> (Vec<String>, bool) {
    let mut b = Brain::start_with(&[], env);
    b.send_raw(input);
    b.close_stdin();
    let status = b.wait_exit(Duration::from_secs(30)).expect("brain did not exit");
    let lines = b.drain(Duration::from_millis(200));
    (lines, status.0)
}

/// Only the replies (no MESSAGE/DEBUG lines).
pub fn replies(input: &str) -> Vec<String> {
    let (lines, ok) = run_all(input, &[]);
    assert!(ok, "brain exited with failure");
    lines.into_iter().filter(|l| !is_info_line(l)).collect()
}

/// Parses `x,y`.
pub fn parse_move(l: &str) -> Option<(usize, usize)> {
    let (x, y) = l.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// Is the line a move `x,y` on a `w`×`h` board?
pub fn is_move_on(l: &str, w: usize, h: usize) -> bool {
    parse_move(l).is_some_and(|(x, y)| x < w && y < h)
}

/// Letter-number moves (`h8` = 7,7) as `(x, y)`.
pub fn moves(s: &str) -> Vec<(usize, usize)> {
    gorin::core::parse_move_string(s).unwrap().iter().map(|p| (p.x as usize, p.y as usize)).collect()
}

/// A BOARD block for moves played alternately from black, with us to move.
pub fn board_block(head: &str, mv: &[(usize, usize)]) -> String {
    let n = mv.len();
    let mut s = format!("{head}\n");
    for (k, &(x, y)) in mv.iter().enumerate() {
        // the side to move owns the stones of the same parity as n
        let own = (n - k) % 2 == 0;
        s.push_str(&format!("{x},{y},{}\n", if own { 1 } else { 2 }));
    }
    s.push_str("DONE\n");
    s
}
