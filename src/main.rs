//! `pbrain-gorin`: with no arguments (or unknown ones, as GUIs pass) it speaks the
//! Gomocup/Piskvork protocol on stdin/stdout. Subcommands are tools for people and scripts.

use clap::{Parser, Subcommand};
use gorin::cli::Player;
use gorin::core::Rule;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "pbrain-gorin", version, about = "Gorin Gomoku/Renju engine")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Print black's forbidden points (renju) after a move string such as h8h9i8.
    Forbid {
        #[arg(long, default_value_t = 15)]
        size: usize,
        #[arg(long, default_value = "renju", value_parser = parse_rule)]
        rule: Rule,
        moves: String,
    },
    /// Search the fixed bench positions to a fixed depth; prints nodes and nodes per second.
    Bench {
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// Learned-evaluation weights file instead of the embedded one.
        #[arg(long)]
        weights: Option<String>,
        /// Parameter tweaks (name=value, repeatable), for measuring a change.
        #[arg(long = "param")]
        param: Vec<String>,
    },
    /// Play in-process games: search (A) against search or the simple chooser (B).
    Selfplay {
        #[arg(long, default_value = "freestyle", value_parser = parse_rule)]
        rule: Rule,
        #[arg(long, default_value_t = 15)]
        size: usize,
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// A's milliseconds per move.
        #[arg(long, default_value_t = 100)]
        ms: u64,
        /// B's milliseconds per move; 0 = the simple chooser.
        #[arg(long, default_value_t = 0)]
        ms_b: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Parameter tweaks for B (name=value, repeatable); B then is the search at ms.
        #[arg(long = "b-param")]
        b_param: Vec<String>,
        /// Record self-play games of the search (at --nodes a move) to this file (appended).
        #[arg(long)]
        record: Option<String>,
        /// Nodes a move for --record.
        #[arg(long, default_value_t = 6000)]
        nodes: u64,
        /// With --record: each game from a random 4-stone opening whose value for the side to
        /// move lies within ±this (a 3000-node search), as the matches' `--balanced`; 0 = the
        /// random 2–4-stone openings of the central 7×7.
        #[arg(long, default_value_t = 0)]
        balanced: i32,
        /// Parameter tweaks for the recording search (name=value, repeatable).
        #[arg(long = "param")]
        param: Vec<String>,
        /// Learned-evaluation weights file instead of the embedded one.
        #[arg(long)]
        weights: Option<String>,
    },
    /// Solve a position for the side to move: `vcf` or `vct`. Prints `WIN <line>` or `NONE`.
    Solve {
        #[arg(value_parser = gorin::cli::SolveKind::parse)]
        kind: gorin::cli::SolveKind,
        #[arg(long, default_value = "renju", value_parser = parse_rule)]
        rule: Rule,
        #[arg(long, default_value_t = 15)]
        size: usize,
        #[arg(long)]
        max_depth: Option<u32>,
        #[arg(long)]
        time_ms: Option<u64>,
        /// Write the whole proof tree of a win to this file.
        #[arg(long)]
        tree: Option<String>,
        moves: String,
    },
}

/// `--weights FILE`: loads and checks the file, or says why it is refused.
fn weights_install(path: Option<&str>) -> Result<(), String> {
    match path {
        Some(p) => gorin::eval::weights::install_file(p),
        None => Ok(()),
    }
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    Rule::parse_name(s).ok_or_else(|| format!("unknown rule {s:?} (freestyle, standard, renju, caro, caro-exact)"))
}

/// First arguments that select a tool; anything else runs the protocol loop. Add new
/// subcommands here and to `Cmd`.
const SUBCOMMANDS: &[&str] = &["forbid", "bench", "selfplay", "solve", "help", "--help", "-h", "--version", "-V"];

/// A brain option that cannot be honoured: said on stderr and, as `ERROR …`, to the manager on
/// stdout; the brain then exits rather than play with it dropped.
fn refuse(why: &str) -> ExitCode {
    eprintln!("error: {why}");
    println!("ERROR {why}");
    ExitCode::FAILURE
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args: Vec<String> = std::env::args().collect();
    let is_tool = args.get(1).is_some_and(|a| SUBCOMMANDS.contains(&a.as_str()));
    if !is_tool {
        // No arguments, or arguments a GUI passes (`--force-utf8`): the protocol loop.
        // `--simple` makes the brain play the one-ply chooser (a sparring partner).
        // `--param name=value` tweaks a search parameter (for tuning matches).
        let simple = args[1..].iter().any(|a| a == "--simple");
        // `--weights FILE`: learned-evaluation weights instead of the embedded ones. A file
        // that does not load (another format version, a wrong checksum) is refused: the brain
        // says why and exits rather than play with broken weights.
        if let Some(w) = args.windows(2).find(|w| w[0] == "--weights") {
            if let Err(e) = gorin::eval::weights::install_file(&w[1]) {
                return refuse(&format!("--weights refused: {e}"));
            }
        } else if args.last().is_some_and(|a| a == "--weights") {
            eprintln!("error: --weights wants a file");
            return ExitCode::FAILURE;
        }
        // `--param name=value`: a malformed item or a name the search does not know is refused
        // the same way, so that a tuning match never runs with a tweak silently dropped.
        let params: Vec<String> = args.windows(2).filter(|w| w[0] == "--param").map(|w| w[1].clone()).collect();
        if args.last().is_some_and(|a| a == "--param") {
            return refuse("--param wants name=value");
        }
        let tweaks = match gorin::cli::parse_tweaks(&params) {
            Ok(t) => t,
            Err(e) => return refuse(&format!("--param refused: {e}")),
        };
        if args.len() > 1 {
            log::info!("arguments {:?} (only --simple, --param and --weights are ours)", &args[1..]);
        }
        gorin::protocol::run_with(gorin::engine::Settings { simple, tweaks, ..Default::default() });
        return ExitCode::SUCCESS;
    }
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Forbid { size, rule, moves } => gorin::cli::forbid(size, rule, &moves),
        Cmd::Bench { depth, param, weights } => weights_install(weights.as_deref())
            .and_then(|_| gorin::cli::parse_tweaks(&param))
            .and_then(|t| gorin::cli::bench(depth, &t)),
        Cmd::Selfplay { rule, size, games, record: Some(path), nodes, balanced, seed, param, weights, .. } => {
            weights_install(weights.as_deref())
                .and_then(|_| gorin::cli::parse_tweaks(&param))
                .and_then(|t| gorin::cli::record_games(rule, size, games, nodes, balanced, seed, &path, &t))
        }
        Cmd::Selfplay { rule, size, games, ms, ms_b, seed, b_param, record: None, weights, .. } => {
            if let Err(e) = weights_install(weights.as_deref()) {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
            let tweaks = match gorin::cli::parse_tweaks(&b_param) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let b = if !tweaks.is_empty() {
                Player::Search { ms: if ms_b == 0 { ms } else { ms_b }, variant: true }
            } else if ms_b == 0 {
                Player::Simple
            } else {
                Player::Search { ms: ms_b, variant: false }
            };
            gorin::cli::selfplay(rule, size, games, (Player::Search { ms, variant: false }, b), &tweaks, seed)
        }
        Cmd::Solve { kind, rule, size, max_depth, time_ms, tree, moves } => {
            gorin::cli::solve(kind, size, rule, max_depth, time_ms, tree.as_deref(), &moves).map(|(line, info)| {
                eprintln!("{info}");
                line
            })
        }
    };
    match result {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
