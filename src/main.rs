//! `pbrain-gorin`: with no arguments (or unknown ones, as GUIs pass) it speaks the
//! Gomocup/Piskvork protocol on stdin/stdout. Subcommands are tools for people and scripts.

use clap::{Parser, Subcommand};
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
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    Rule::parse_name(s).ok_or_else(|| format!("unknown rule {s:?} (freestyle, standard, renju, caro, caro-exact)"))
}

/// First arguments that select a tool; anything else runs the protocol loop. Add new
/// subcommands here and to `Cmd`.
const SUBCOMMANDS: &[&str] = &["forbid", "help", "--help", "-h", "--version", "-V"];

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args: Vec<String> = std::env::args().collect();
    let is_tool = args.get(1).is_some_and(|a| SUBCOMMANDS.contains(&a.as_str()));
    if !is_tool {
        // No arguments, or arguments a GUI passes (`--force-utf8`): the protocol loop.
        if args.len() > 1 {
            log::info!("ignoring arguments {:?}", &args[1..]);
        }
        gorin::protocol::run();
        return ExitCode::SUCCESS;
    }
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Forbid { size, rule, moves } => gorin::cli::forbid(size, rule, &moves),
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
