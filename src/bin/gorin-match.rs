//! `gorin-match`: plays matches between any two Gomocup/Piskvork protocol brains, refereed by
//! Gorin's rules core. Its stdout is its own report (it is not a brain): a progress line per
//! game (rewritten in place on a terminal) and a closing summary whose last line is
//! `A vs B: W-L-D score% elo ±interval`.
//!
//! Ctrl-C stops the match: the games in progress are recorded as unfinished (not scored), the
//! summary is printed, and the exit status is 130. A second Ctrl-C ends it at once.

use clap::Parser;
use gorin::core::{MAX_SIZE, MIN_SIZE, Rule};
use gorin::opening::rif::OpeningRule;
use gorin::referee::openings::{Opening, balanced_openings, parse_openings, random_openings};
use gorin::referee::{EngineSpec, GameSettings, MatchConfig, Sprt, TimeControl, run_match};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(name = "gorin-match", version, about = "Engine-vs-engine matches between Gomocup protocol brains")]
struct Args {
    /// Engine command line, given twice (A first; results are from A's side). Arguments may
    /// follow the program; quote parts with spaces. A program path with a folder runs in that
    /// folder.
    #[arg(long = "engine", required = true, num_args = 1)]
    engines: Vec<String>,
    /// Display name for the engine of the same position (A first), replacing its ABOUT name.
    #[arg(long = "name", num_args = 1)]
    names: Vec<String>,
    /// Rule: 0 freestyle, 1 standard (exactly five), 4 renju, 8 caro, 9 caro with exactly five
    /// (names work too).
    #[arg(long, default_value = "0", value_parser = parse_rule)]
    rule: Rule,
    /// Board side (5 to 32).
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Number of games (the maximum under --sprt).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Milliseconds per move (INFO timeout_turn); 0 = none, then --match-ms is required.
    #[arg(long, default_value_t = 1000)]
    turn_ms: u64,
    /// Milliseconds per engine for the whole game (INFO timeout_match); 0 = unlimited.
    #[arg(long, default_value_t = 0)]
    match_ms: u64,
    /// Milliseconds allowed past a limit before a move is a time loss.
    #[arg(long, default_value_t = 1000)]
    tolerance_ms: u64,
    /// Milliseconds an engine may take to start and answer ABOUT and START (not on its clock).
    #[arg(long, default_value_t = 10_000)]
    start_ms: u64,
    /// INFO max_memory in MiB (0 = no limit), as Gomocup's 350 MiB.
    #[arg(long, default_value_t = 350)]
    max_memory_mb: u64,
    /// Also adjudicate a loss when an engine's peak memory exceeds --max-memory-mb after a move
    /// (Linux only; elsewhere the limit is only told to the engines).
    #[arg(long)]
    enforce_memory: bool,
    /// Openings file: position strings (`h8i9j10`) or Gomocup offset lines (`dx,dy, dx,dy`),
    /// one per line. Each opening is played twice with colours swapped.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Also generate random quiet openings of this many stones (enough for every game pair).
    #[arg(long)]
    random_openings: Option<usize>,
    /// With --random-openings: keep only openings whose value for the side to move (a search
    /// of --balance-nodes nodes) is within this many centi-stones of even, so that fewer game
    /// pairs are decided by the opening alone.
    #[arg(long)]
    balanced: Option<i32>,
    /// Nodes of the search that judges an opening for --balanced (deterministic; more nodes
    /// judge better and take longer: about a second per 700 K nodes and candidate).
    #[arg(long, default_value_t = 5000)]
    balance_nodes: u64,
    /// Seed for --random-openings and for the openings of --opening-rule.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play every game's opening under an opening rule: swap1, swap2, swap5, lianhuan (under
    /// --rule), taraguchi10, soosyrv8, yamaguchi, classic, classic-moved, sakata, tarannikov,
    /// super-taraguchi10, cwc24 (renju openings). Engines are asked through SWAP2BOARD (swap2) or Gorin's
    /// GORINOPENING extension; for an engine without them the runner chooses (opening module).
    /// The first player is A in odd-numbered games and B in even ones.
    #[arg(long, value_parser = parse_opening_rule)]
    opening_rule: Option<OpeningRule>,
    /// Milliseconds per opening decision (INFO timeout_turn during the opening).
    #[arg(long, default_value_t = 1000)]
    opening_ms: u64,
    /// Games played at once (each with its own two engine processes).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Sequential test `elo0,elo1,alpha,beta`: stop as soon as the LLR crosses a bound.
    #[arg(long, value_parser = Sprt::parse)]
    sprt: Option<Sprt>,
    /// Output folder (created): results.tsv, openings.tsv, summary.txt, games/, logs/.
    #[arg(long)]
    out: PathBuf,
    /// Read move replies as Piskvork does: the first line that is not MESSAGE/DEBUG is the move
    /// (an ERROR or other line loses as an unparsable reply). By default the runner reads as
    /// c-gomoku-cli does: lines that are not moves are logged and skipped, up to the time limit.
    #[arg(long)]
    strict: bool,
}

fn parse_opening_rule(s: &str) -> Result<OpeningRule, String> {
    OpeningRule::parse(s).ok_or_else(|| {
        let names: Vec<&str> = OpeningRule::ALL.iter().map(|r| r.name()).collect();
        format!("unknown opening rule {s:?} ({})", names.join(", "))
    })
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    Rule::parse_name(s).ok_or_else(|| format!("unknown rule {s:?} (0, 1, 4, 8, 9 or a name)"))
}

fn config(args: Args) -> Result<MatchConfig, String> {
    if args.engines.len() != 2 {
        return Err(format!("give --engine exactly twice (got {})", args.engines.len()));
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&args.size) {
        return Err(format!("--size must be {MIN_SIZE} to {MAX_SIZE}"));
    }
    if args.turn_ms == 0 && args.match_ms == 0 {
        return Err("set --turn-ms or --match-ms (a game needs some time limit)".into());
    }
    if args.names.len() > 2 {
        return Err("give --name at most twice".into());
    }
    if args.opening_rule.is_some() && (args.openings.is_some() || args.random_openings.is_some()) {
        return Err("--opening-rule makes each game's opening; drop --openings / --random-openings".into());
    }
    if args.opening_rule.is_some() && args.size < 9 {
        return Err("--opening-rule needs a board of at least 9x9 (the 9x9 central zone)".into());
    }
    let a = EngineSpec::parse(&args.engines[0])?;
    let b = EngineSpec::parse(&args.engines[1])?;
    let mut openings: Vec<Opening> = Vec::new();
    if let Some(path) = &args.openings {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let set = parse_openings(&text, &name, args.size, args.rule);
        for s in &set.skipped {
            eprintln!("warning: opening skipped: {s}");
        }
        if set.openings.is_empty() {
            return Err(format!(
                "{}: no usable opening for size {} and rule {}",
                path.display(),
                args.size,
                args.rule.name()
            ));
        }
        openings = set.openings;
    }
    if let Some(stones) = args.random_openings {
        let pairs = args.games.div_ceil(2).max(1);
        let more = match args.balanced {
            Some(margin) => {
                balanced_openings(pairs, stones, args.size, args.rule, args.seed, margin, args.balance_nodes)
            }
            None => random_openings(pairs, stones, args.size, args.rule, args.seed),
        };
        if more.is_empty() {
            return Err(format!("could not generate random openings of {stones} stones"));
        }
        if let Some(margin) = args.balanced {
            println!("{} of {pairs} random openings within ±{margin} of even", more.len());
        }
        openings.extend(more);
    }
    Ok(MatchConfig {
        engines: [a, b],
        names: [args.names.first().cloned(), args.names.get(1).cloned()],
        settings: GameSettings {
            size: args.size,
            rule: args.rule,
            time: TimeControl { turn_ms: args.turn_ms, match_ms: args.match_ms, tolerance_ms: args.tolerance_ms },
            max_memory: args.max_memory_mb * 1024 * 1024,
            enforce_memory: args.enforce_memory,
            start_timeout: Duration::from_millis(args.start_ms),
        },
        games: args.games,
        openings,
        concurrency: args.concurrency.max(1),
        sprt: args.sprt,
        out_dir: args.out,
        tty: std::io::stdout().is_terminal(),
        opening_rule: args.opening_rule,
        opening_ms: args.opening_ms.max(1),
        seed: args.seed,
        strict: args.strict,
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    let cfg = match config(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if !ctrl_c::install() {
        eprintln!("warning: cannot catch Ctrl-C; it will end the match without a summary");
    }
    let mut stdout = std::io::stdout();
    match run_match(&cfg, &mut stdout) {
        Ok(s) if s.interrupted => ExitCode::from(130),
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The Ctrl-C handler, without a crate for it: on Unix the C library's `signal` (std links the
/// C library already), on Windows kernel32's `SetConsoleCtrlHandler` (std links kernel32
/// already), each declared here. The handler only raises the runner's atomic flag
/// ([`gorin::referee::interrupt::request`]); a second signal ends the process at once, with
/// `_exit` on Unix (async-signal-safe) and the default handler on Windows.
mod ctrl_c {
    #[cfg(unix)]
    pub fn install() -> bool {
        use std::os::raw::c_int;
        const SIGINT: c_int = 2;
        const SIGTERM: c_int = 15;
        /// `SIG_ERR`, i.e. `(void (*)(int)) -1`.
        const SIG_ERR: usize = usize::MAX;
        unsafe extern "C" {
            // void (*signal(int, void (*)(int)))(int), handlers passed as addresses
            fn signal(signum: c_int, handler: usize) -> usize;
            fn _exit(status: c_int) -> !;
        }
        extern "C" fn on_signal(_signum: c_int) {
            if gorin::referee::interrupt::request() {
                // SAFETY: _exit is async-signal-safe.
                unsafe { _exit(130) }
            }
        }
        let handler = on_signal as extern "C" fn(c_int) as usize;
        // SAFETY: the handler only does an atomic swap and _exit; glibc's and the BSDs' signal()
        // keep it installed after it runs (and restart interrupted system calls).
        unsafe { signal(SIGINT, handler) != SIG_ERR && signal(SIGTERM, handler) != SIG_ERR }
    }

    #[cfg(windows)]
    pub fn install() -> bool {
        type HandlerRoutine = unsafe extern "system" fn(u32) -> i32;
        const CTRL_C_EVENT: u32 = 0;
        const CTRL_BREAK_EVENT: u32 = 1;
        #[link(name = "kernel32")]
        unsafe extern "system" {
            fn SetConsoleCtrlHandler(handler: Option<HandlerRoutine>, add: i32) -> i32;
        }
        unsafe extern "system" fn on_ctrl(kind: u32) -> i32 {
            if kind != CTRL_C_EVENT && kind != CTRL_BREAK_EVENT {
                return 0;
            }
            // the second Ctrl-C goes on to the default handler, which ends the process
            if gorin::referee::interrupt::request() { 0 } else { 1 }
        }
        // SAFETY: registers a handler that only does an atomic swap.
        unsafe { SetConsoleCtrlHandler(Some(on_ctrl), 1) != 0 }
    }

    #[cfg(not(any(unix, windows)))]
    pub fn install() -> bool {
        false
    }
}
