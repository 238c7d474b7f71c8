//! Driving one brain process over pipes, as a tournament manager does.
//!
//! A reader thread turns the engine's stdout into lines on a channel; the manager side waits
//! on that channel with a deadline ([`std::sync::mpsc::Receiver::recv_timeout`]), so a hung
//! engine can never hang the runner. Lines end at LF only, as the managers read them: a CR just
//! before the LF is dropped, a CR anywhere else stays part of the line ([`engine_line`]). Commands go through a writer thread, so an engine that
//! stops reading its stdin (a full pipe) cannot block the runner either. Everything sent and received, the engine's
//! `MESSAGE`/`DEBUG` lines included, goes to a log file, and the engine's stderr is appended to
//! the same file.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How to start an engine: program, arguments and working directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program; absolute when it was given with a folder.
    pub program: PathBuf,
    pub args: Vec<String>,
    /// The program's folder when the path had one (engines find their files next to them).
    pub cwd: Option<PathBuf>,
    /// The command line as given, for messages.
    pub command: String,
}

/// Splits a command line on whitespace, keeping `"…"` and `'…'` quoted parts together.
pub fn split_command(cmd: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut has = false;
    for ch in cmd.chars() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => cur.push(ch),
            None if ch == '"' || ch == '\'' => {
                quote = Some(ch);
                has = true;
            }
            None if ch.is_whitespace() => {
                if has {
                    out.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            None => {
                cur.push(ch);
                has = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unbalanced quote in {cmd:?}"));
    }
    if has {
        out.push(cur);
    }
    Ok(out)
}

impl EngineSpec {
    /// Parses an engine command. If the program's path has a folder, the program is made
    /// absolute and that folder becomes the working directory.
    pub fn parse(cmd: &str) -> Result<EngineSpec, String> {
        let mut words = split_command(cmd)?;
        if words.is_empty() {
            return Err("empty engine command".into());
        }
        let program = PathBuf::from(words.remove(0));
        let has_folder = program.parent().is_some_and(|p| !p.as_os_str().is_empty());
        let (program, cwd) = if has_folder {
            let abs = std::fs::canonicalize(&program).map_err(|e| format!("engine {}: {e}", program.display()))?;
            let dir = abs.parent().map(Path::to_path_buf);
            (abs, dir)
        } else {
            (program, None)
        };
        Ok(EngineSpec { program, args: words, cwd, command: cmd.to_string() })
    }

    /// A short name for files and messages when the engine gives none: the program's stem.
    pub fn stem(&self) -> String {
        self.program.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "engine".into())
    }
}

/// A log file shared by the manager side and the engine's stderr.
pub type Log = Arc<Mutex<File>>;

/// Opens (appending) a log file.
pub fn open_log(path: &Path) -> Result<Log, String> {
    let f = OpenOptions::new().create(true).append(true).open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Arc::new(Mutex::new(f)))
}

fn log_line(log: &Log, prefix: &str, line: &str) {
    if let Ok(mut f) = log.lock() {
        let _ = writeln!(f, "{prefix}{line}");
    }
}

/// One line of engine output from the bytes read up to and including its LF: the LF and a CR
/// just before it are dropped, then spaces and tabs around the text. A CR elsewhere stays in the
/// line (an engine may write `MESSAGE dep -\r ev -120`): Piskvork, c-gomoku-cli and the
/// GomocupJudge referee all end lines at LF only.
pub fn engine_line(bytes: &[u8]) -> String {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    String::from_utf8_lossy(bytes).trim_matches([' ', '\t']).to_string()
}

/// A line as the log shows it: a CR inside it is written `\r`.
fn loggable(line: &str) -> std::borrow::Cow<'_, str> {
    if line.contains('\r') { line.replace('\r', "\\r").into() } else { line.into() }
}

/// How often a wait for the engine looks at the Ctrl-C flag.
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// What waiting for a reply gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A line that is not MESSAGE/DEBUG and not empty.
    Line(String),
    /// Nothing by the deadline.
    Timeout,
    /// The engine closed its output (exited or crashed); the text says how it ended.
    Closed(String),
    /// The user stopped the match (Ctrl-C) while we waited.
    Interrupted,
}

/// A running engine process.
pub struct Engine {
    child: Child,
    /// Lines for the writer thread (each written with one write and a flush).
    input: Option<Sender<Vec<u8>>>,
    lines: Receiver<String>,
    log: Log,
    /// The `ABOUT` line, if the engine answered one.
    pub about: Option<String>,
}

/// Is this an informational line the manager only logs?
fn is_chatter(line: &str) -> bool {
    let upper: String = line.chars().take(8).collect::<String>().to_ascii_uppercase();
    upper.starts_with("MESSAGE") || upper.starts_with("DEBUG")
}

impl Engine {
    /// Starts the engine with its stdout read by a thread; stderr goes to the log.
    pub fn spawn(spec: &EngineSpec, log: Log) -> Result<Engine, String> {
        let stderr = log
            .lock()
            .map_err(|_| "log poisoned".to_string())?
            .try_clone()
            .map(Stdio::from)
            .unwrap_or_else(|_| Stdio::null());
        let mut cmd = Command::new(&spec.program);
        cmd.args(&spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(stderr);
        // Its own process group: Ctrl-C in the terminal reaches the runner only, which then
        // records the games in progress and ends the engines itself.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        #[cfg(windows)]
        std::os::windows::process::CommandExt::creation_flags(&mut cmd, 0x0000_0200); // CREATE_NEW_PROCESS_GROUP
        if let Some(dir) = &spec.cwd {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|e| format!("cannot start {:?}: {e}", spec.command))?;
        log_line(&log, "# started ", &format!("{} (pid {})", spec.command, child.id()));
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let mut stdin = child.stdin.take().ok_or("no stdin pipe")?;
        let (input, pending) = channel::<Vec<u8>>();
        thread::Builder::new()
            .name("engine-writer".into())
            .spawn(move || {
                for bytes in pending {
                    if stdin.write_all(&bytes).and_then(|_| stdin.flush()).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("cannot start writer thread: {e}"))?;
        let (tx, rx) = channel();
        let reader_log = log.clone();
        thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match r.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = engine_line(&buf);
                            log_line(&reader_log, "< ", &loggable(&line));
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start reader thread: {e}"))?;
        Ok(Engine { child, input: Some(input), lines: rx, log, about: None })
    }

    /// Queues one command line for the writer thread (one write and a flush per line). Fails
    /// once the engine's stdin is known to be closed; a write that fails later shows up as the
    /// engine closing its output or not answering.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        log_line(&self.log, "> ", line);
        let input = self.input.as_ref().ok_or("stdin closed")?;
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        input.send(bytes).map_err(|_| "the engine's stdin is closed".to_string())
    }

    /// Notes a line in the log (game markers, the referee's verdicts).
    pub fn note(&self, text: &str) {
        log_line(&self.log, "# ", text);
    }

    /// Drops lines the engine printed when nobody asked (logged by the reader already).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Waits until `deadline` for the next line that is not MESSAGE/DEBUG chatter (or until the
    /// user stops the match).
    pub fn recv(&mut self, deadline: Instant) -> Reply {
        loop {
            if super::interrupt::requested() {
                return Reply::Interrupted;
            }
            let now = Instant::now();
            if now >= deadline {
                // what already arrived still counts
                return match self.lines.try_recv() {
                    Ok(line) if line.is_empty() || is_chatter(&line) => continue,
                    Ok(line) => Reply::Line(line),
                    Err(std::sync::mpsc::TryRecvError::Empty) => Reply::Timeout,
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => Reply::Closed(self.exit_description()),
                };
            }
            match self.lines.recv_timeout((deadline - now).min(INTERRUPT_POLL)) {
                Ok(line) if line.is_empty() || is_chatter(&line) => continue,
                Ok(line) => return Reply::Line(line),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Reply::Closed(self.exit_description()),
            }
        }
    }

    /// Makes sure nothing the engine wrote before now can answer a later command: sends `ABOUT`
    /// and drops (logging them) the lines that come before its answer. An engine answers its
    /// commands in order, so whatever an earlier game left (a late move, an `ERROR` line) comes
    /// first. Fails when the answer does not come by `timeout`; the caller then restarts the
    /// engine.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), String> {
        self.drain();
        self.send("ABOUT")?;
        let deadline = Instant::now() + timeout;
        loop {
            match self.recv(deadline) {
                Reply::Line(l) if l.to_ascii_lowercase().contains("name=") => return Ok(()),
                Reply::Line(l) => self.note(&format!("dropped a line left from before: {:?}", loggable(&l))),
                Reply::Timeout => return Err(format!("no answer to ABOUT within {} ms", timeout.as_millis())),
                Reply::Closed(why) => return Err(why),
                Reply::Interrupted => return Err("interrupted".into()),
            }
        }
    }

    /// How the process ended (waits briefly for the exit status after its output closed).
    fn exit_description(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(500);
        loop {
            match self.child.try_wait() {
                Ok(Some(st)) => return format!("engine exited ({st})"),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
                _ => return "engine closed its output".into(),
            }
        }
    }

    /// Sends `ABOUT` and waits for the reply; keeps it in [`Engine::about`].
    pub fn query_about(&mut self, timeout: Duration) -> Result<(), String> {
        self.send("ABOUT")?;
        match self.recv(Instant::now() + timeout) {
            Reply::Line(l) => {
                if l.to_ascii_lowercase().contains("name=") {
                    self.about = Some(l);
                }
                Ok(())
            }
            Reply::Timeout => Ok(()),
            Reply::Closed(why) => Err(why),
            Reply::Interrupted => Err("interrupted".into()),
        }
    }

    /// The `name="…"` field of the ABOUT reply.
    pub fn name(&self) -> Option<String> {
        about_field(self.about.as_deref()?, "name").filter(|n| !n.trim().is_empty())
    }

    /// The process's peak resident memory in bytes (Linux: `VmHWM` in /proc); None where the
    /// platform does not tell.
    pub fn peak_memory(&self) -> Option<u64> {
        peak_memory_of(self.child.id())
    }

    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Kills the process at once and reaps it.
    pub fn kill(&mut self) {
        self.input = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
        log_line(&self.log, "# ", "killed");
    }

    /// Sends `END`, gives the engine `grace` to exit, then kills it.
    pub fn quit(&mut self, grace: Duration) {
        let _ = self.send("END");
        self.input = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if !matches!(self.child.try_wait(), Ok(None)) {
                log_line(&self.log, "# ", "exited after END");
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(target_os = "linux")]
fn peak_memory_of(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(not(target_os = "linux"))]
fn peak_memory_of(_pid: u32) -> Option<u64> {
    None
}

/// The value of `key="value"` in an ABOUT line.
pub fn about_field(about: &str, key: &str) -> Option<String> {
    let lower = about.to_ascii_lowercase();
    let mut from = 0;
    while let Some(k) = lower[from..].find(key) {
        let at = from + k;
        let before_ok = at == 0 || !lower.as_bytes()[at - 1].is_ascii_alphanumeric();
        let rest = about[at + key.len()..].trim_start();
        if before_ok && let Some(rest) = rest.strip_prefix('=') {
            let rest = rest.trim_start();
            return Some(if let Some(q) = rest.strip_prefix('"') {
                q.split('"').next().unwrap_or("").to_string()
            } else {
                rest.split(',').next().unwrap_or("").trim().to_string()
            });
        }
        from = at + key.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_with_quotes() {
        assert_eq!(split_command("a b  'c d' \"e f\"g").unwrap(), ["a", "b", "c d", "e fg"]);
        assert!(split_command("a 'b").is_err());
        assert_eq!(split_command("x ''").unwrap(), ["x", ""]);
    }

    #[test]
    fn spec_without_folder_keeps_cwd() {
        let s = EngineSpec::parse("pbrain-x --flag").unwrap();
        assert_eq!(s.program, PathBuf::from("pbrain-x"));
        assert_eq!(s.args, ["--flag"]);
        assert_eq!(s.cwd, None);
        assert!(EngineSpec::parse("./no/such/engine").is_err());
    }

    #[test]
    fn lines_end_at_lf_only() {
        assert_eq!(engine_line(b"7,7\n"), "7,7");
        assert_eq!(engine_line(b"7,7\r\n"), "7,7");
        assert_eq!(engine_line(b"  7,7 \t\r\n"), "7,7");
        // a CR inside a line belongs to it
        assert_eq!(engine_line(b"MESSAGE dep -\r ev -120 nd 168k\r\n"), "MESSAGE dep -\r ev -120 nd 168k");
        assert_eq!(engine_line(b"MESSAGE a\rb\n"), "MESSAGE a\rb");
        // only one CR before the LF is the line end
        assert_eq!(engine_line(b"OK\r\r\n"), "OK\r");
        assert_eq!(engine_line(b"\r\n"), "");
        // the last line of an output that ends without LF
        assert_eq!(engine_line(b"7,8"), "7,8");
        assert_eq!(loggable("a\rb"), "a\\rb");
    }

    #[test]
    fn about_fields() {
        let a = r#"name="Gorin", version="0.1", author="x, y", country="CZ""#;
        assert_eq!(about_field(a, "name").as_deref(), Some("Gorin"));
        assert_eq!(about_field(a, "version").as_deref(), Some("0.1"));
        assert_eq!(about_field(a, "author").as_deref(), Some("x, y"));
        assert_eq!(about_field("NAME = foo, x=1", "name").as_deref(), Some("foo"));
        assert_eq!(about_field("surname=\"a\"", "name"), None);
    }
}
