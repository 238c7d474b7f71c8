//! The Gomocup/Piskvork brain protocol with the Yixin-Board extensions (docs: protocol.md).
//!
//! Data flow: a reader thread splits stdin into lines (LF, CRLF or a lone CR), parses them into
//! [`command::Command`]s (assembling multi-line blocks) and sends them down a channel; the
//! [`session::Session`] validates and applies them to the engine and starts searches on a
//! worker thread; every line printed goes through [`Out`], the only writer of stdout, as one
//! write followed by a flush.

pub mod command;
pub mod response;
pub mod session;

use command::LineParser;
use response::Response;
use session::{Input, Session};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Longest line kept; the rest of a longer line is dropped (it cannot be a valid command).
const MAX_LINE: usize = 1 << 16;

/// The single writer of protocol lines. Clones share the same stream.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()))
    }

    pub fn new(w: Box<dyn Write + Send>) -> Out {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one line with a single write, then flushes. A closed stdout is not our problem
    /// to report: the manager is gone.
    pub fn send(&self, r: &Response) {
        self.send_unless(None, r)
    }

    /// Like [`Out::send`], but prints nothing once `mute` is raised. The flag is read under the
    /// writer's lock, so a line can never follow the one printed by whoever raised it.
    pub fn send_unless(&self, mute: Option<&AtomicBool>, r: &Response) {
        let mut line = r.to_string();
        line.push('\n');
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if mute.is_some_and(|m| m.load(Ordering::SeqCst)) {
            return;
        }
        let _ = w.write_all(line.as_bytes());
        let _ = w.flush();
    }
}

/// Reads stdin until its end, sending parsed commands; then sends [`Input::Eof`].
fn read_input(tx: Sender<Input>) {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut parser = LineParser::new();
    let mut line: Vec<u8> = Vec::new();
    let emit = |parser: &mut LineParser, line: &mut Vec<u8>| -> bool {
        let text = String::from_utf8_lossy(line).into_owned();
        line.clear();
        let at = Instant::now();
        parser.feed(&text).into_iter().all(|parsed| tx.send(Input::Line { at, parsed }).is_ok())
    };
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                log::warn!("stdin: {e}");
                break;
            }
        };
        if buf.is_empty() {
            break;
        }
        let n = buf.len();
        let mut complete = Vec::new();
        for &b in buf {
            if b == b'\n' || b == b'\r' {
                if !line.is_empty() {
                    complete.push(std::mem::take(&mut line));
                }
            } else if line.len() < MAX_LINE {
                line.push(b);
            }
        }
        input.consume(n);
        for mut l in complete {
            if !emit(&mut parser, &mut l) {
                return;
            }
        }
    }
    if !line.is_empty() && !emit(&mut parser, &mut line) {
        return;
    }
    if let Some(parsed) = parser.finish() {
        let _ = tx.send(Input::Line { at: Instant::now(), parsed });
    }
    let _ = tx.send(Input::Eof);
}

/// The brain: speaks the protocol on stdin/stdout until `END` or the end of input.
pub fn run() {
    run_with(crate::engine::Settings::default())
}

/// The brain with start-up settings (e.g. `simple` from the command line).
pub fn run_with(settings: crate::engine::Settings) {
    let (tx, rx) = std::sync::mpsc::channel();
    let reader_tx = tx.clone();
    let reader = std::thread::Builder::new().name("stdin".into()).spawn(move || read_input(reader_tx));
    if let Err(e) = reader {
        log::error!("cannot start the stdin reader: {e}");
        return;
    }
    let mut session = Session::with_engine(crate::engine::Engine::with_settings(settings), Out::stdout(), tx, rx);
    session.run();
}
