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
        moves: String,
    },
}

fn parse_rule(s: &str) -> Result<Rule, String> {
    Rule::parse_name(s).ok_or_else(|| format!("unknown rule {s:?} (freestyle, standard, renju, caro, caro-exact)"))
}

const SUBCOMMANDS: &[&str] = &["forbid", "solve", "help", "--help", "-h", "--version", "-V"];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let is_tool = args.get(1).is_some_and(|a| SUBCOMMANDS.contains(&a.as_str()));
    if !is_tool {
        eprintln!("protocol loop not built yet");
        return ExitCode::FAILURE;
    }
    let cli = Cli::parse();
    let result = match cli.cmd {
        Cmd::Forbid { size, rule, moves } => gorin::cli::forbid(size, rule, &moves),
        Cmd::Solve { kind, rule, size, max_depth, time_ms, moves } => {
            gorin::cli::solve(kind, size, rule, max_depth, time_ms, &moves).map(|(line, info)| {
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
