//! Command-line subcommands other than the protocol loop. They print their results on stdout
//! (they are not the protocol) and errors as one line on stderr with a non-zero exit.

use crate::core::{Color, Rule, parse_move_string};
use crate::game::Game;

/// `pbrain-gorin forbid [--size N] [--rule R] <moves>`: prints the `FORBID …` line for the side
/// to move after the moves.
pub fn forbid(size: usize, rule: Rule, moves: &str) -> Result<String, String> {
    let mv = parse_move_string(moves).map_err(|e| e.to_string())?;
    let mut g = Game::from_moves(size, size, rule, &mv).map_err(|e| e.to_string())?;
    if g.board.winner_on_board().is_some() {
        return Err("the position already has a five".into());
    }
    let c: Color = g.to_move;
    Ok(g.board.forbid_line(c))
}

/// Which solver `solve` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveKind {
    Vcf,
    Vct,
}

impl SolveKind {
    pub fn parse(s: &str) -> Result<SolveKind, String> {
        match s.to_ascii_lowercase().as_str() {
            "vcf" => Ok(SolveKind::Vcf),
            "vct" => Ok(SolveKind::Vct),
            _ => Err(format!("unknown solver {s:?} (vcf, vct)")),
        }
    }
}

/// `pbrain-gorin solve {vcf|vct} [--rule R] [--size N] [--max-depth D] [--time-ms T] <moves>`:
/// solves for the side to move after the moves. Returns the stdout line (`WIN <line>` or
/// `NONE`) and a stderr line with nodes and time. `max_depth` counts attacker moves (VCF:
/// fours; VCT: threes and fours, with VCF leaves of up to 20 fours).
pub fn solve(
    kind: SolveKind,
    size: usize,
    rule: Rule,
    max_depth: Option<u32>,
    time_ms: Option<u64>,
    moves: &str,
) -> Result<(String, String), String> {
    use crate::threat::{SolveLimits, SolveResult, ThreatSolver};
    use std::sync::atomic::AtomicBool;
    let mv = parse_move_string(moves).map_err(|e| e.to_string())?;
    let mut g = Game::from_moves(size, size, rule, &mv).map_err(|e| e.to_string())?;
    if g.board.winner_on_board().is_some() {
        return Err("the position already has a five".into());
    }
    let mut limits = match kind {
        SolveKind::Vcf => SolveLimits::vcf(max_depth.unwrap_or(120)),
        SolveKind::Vct => SolveLimits::vct(max_depth.unwrap_or(7), 20),
    };
    if let Some(t) = time_ms {
        limits = limits.with_time(std::time::Duration::from_millis(t));
    }
    let stop = AtomicBool::new(false);
    let mut solver = ThreatSolver::new();
    let c = g.to_move;
    let r = match kind {
        SolveKind::Vcf => solver.vcf(&mut g.board, c, &limits, &stop),
        SolveKind::Vct => solver.vct(&mut g.board, c, &limits, &stop),
    };
    let line = match &r {
        SolveResult::Win(l) => {
            let ps: Vec<crate::core::Pos> = l.iter().map(|&i| g.board.pos(i)).collect();
            format!("WIN {}", crate::core::format_move_string(&ps))
        }
        SolveResult::NoWin | SolveResult::Unknown => "NONE".to_string(),
    };
    let status = match r {
        SolveResult::Win(_) => "win",
        SolveResult::NoWin => "no win within the depth",
        SolveResult::Unknown => "limits hit",
    };
    let st = solver.stats;
    let info = format!("{} nodes, {:.1} ms ({status})", st.nodes, st.elapsed.as_secs_f64() * 1000.0);
    Ok((line, info))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_prints_win_line_or_none() {
        // Black h8 i8 j8 h10 h11 against far white stones: g8 makes a straight four.
        let (line, _) = solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, "h8a1i8a3j8c1h10c3h11o15").unwrap();
        assert_eq!(line, "WIN g8k8f8");
        let (line, _) = solve(SolveKind::Vct, 15, Rule::Freestyle, None, None, "h8a1i8a3j8c1h10c3h11o15").unwrap();
        assert!(line.starts_with("WIN "), "{line}");
        let (line, _) = solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, "h8i9").unwrap();
        assert_eq!(line, "NONE");
        assert!(solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, "h8h8").is_err());
        assert!(solve(SolveKind::Vcf, 15, Rule::Freestyle, None, None, "z99").is_err());
        assert!(SolveKind::parse("vcx").is_err());
    }
}
