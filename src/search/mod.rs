//! Move choice. [`Searcher::think`] is the one entry point the engine calls: iterative deepening
//! over a principal variation search with a shared transposition table (see [`alphabeta`]).
//! [`simple_move`] is the one-ply chooser kept as a sparring partner and fallback.

pub mod alphabeta;
pub mod danger;
pub mod params;
pub mod time;
pub mod tt;

use crate::board::Board;
use crate::board::pattern::Threat;
use crate::core::{Color, Pos, Value, WIN};
use std::time::Duration;

pub use time::{Budget, Clock};

/// Limits for one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub budget: Budget,
    /// `INFO max_depth`.
    pub max_depth: Option<u32>,
    /// `INFO max_node`.
    pub max_nodes: Option<u64>,
}

impl Limits {
    pub fn from_budget(budget: Budget) -> Limits {
        Limits { budget, max_depth: None, max_nodes: None }
    }
    /// A fixed time, as optimum and maximum.
    pub fn fixed(ms: u64) -> Limits {
        let d = Duration::from_millis(ms);
        Limits::from_budget(Budget { optimum: d, maximum: d })
    }
}

/// A finished iteration (or the final answer), for progress output.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub depth: u32,
    pub seldepth: u32,
    /// Side-to-move view; mates are `WIN - plies` / `-(WIN - plies)`.
    pub value: Value,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Pos>,
}

/// What the search reports while it runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// An iteration finished.
    Iteration(Progress),
    /// The root move now being searched.
    Searching(Pos),
}

/// The search's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Pos,
    pub progress: Progress,
}

impl SearchResult {
    /// An answer decided without an iteration (one move, a verdict, a fallback): the PV is the
    /// move itself.
    pub fn single(best: Pos, depth: u32, value: Value, nodes: u64, elapsed: Duration) -> SearchResult {
        SearchResult { best, progress: Progress { depth, seldepth: depth, value, nodes, elapsed, pv: vec![best] } }
    }
}

pub use alphabeta::Searcher;

/// Score of a threat class for move ordering and the simple chooser.
fn threat_score(t: Threat) -> i32 {
    match t {
        Threat::None => 0,
        Threat::One => 1,
        Threat::Two => 4,
        Threat::Three => 12,
        Threat::OpenThree => 30,
        Threat::ThreeThree => 200,
        Threat::Four => 25,
        Threat::FourThree => 500,
        Threat::FourFour => 600,
        Threat::OpenFour => 1000,
        Threat::Five => 100_000,
        Threat::Forbidden => 0,
    }
}

/// The simple chooser: make five; stop the opponent's five; make an open four / double four;
/// otherwise the point with the best own-plus-blocking threat score. Never returns an occupied
/// or forbidden point. Returns the index and a rough value.
pub fn simple_move(board: &mut Board, me: Color) -> Option<(usize, Value)> {
    let opp = me.opp();
    let legal = |b: &mut Board, i: usize| b.is_empty_cell(i) && !b.is_forbidden(i, me);
    if let Some(i) = board.cells_with(me, Threat::Five).iter().next() {
        return Some((i, WIN - 1));
    }
    let opp_fives: Vec<usize> = board.cells_with(opp, Threat::Five).iter().collect();
    for &i in &opp_fives {
        if legal(board, i) {
            return Some((i, if opp_fives.len() > 1 { -(WIN - 2) } else { 0 }));
        }
    }
    let mut cands: Vec<usize> = board.candidates().collect();
    if cands.is_empty() {
        let c = board.center();
        cands = if board.is_empty_cell(c) {
            vec![c]
        } else {
            board.indices().filter(|&i| board.is_empty_cell(i)).collect()
        };
    }
    let mut best: Option<(i32, usize)> = None;
    for i in cands {
        if !legal(board, i) {
            continue;
        }
        let own = threat_score(board.threat(i, me));
        let block = threat_score(board.threat(i, opp));
        let s = own * 2 + block + board.near_count(i) as i32;
        if best.is_none_or(|(bs, _)| s > bs) {
            best = Some((s, i));
        }
    }
    best.map(|(s, i)| (i, (s / 10).min(WIN / 2)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Rule, parse_move_string};
    use crate::game::Game;

    fn game(rule: Rule, moves: &str) -> Game {
        Game::from_moves(15, 15, rule, &parse_move_string(moves).unwrap()).unwrap()
    }

    #[test]
    fn simple_chooser_wins_and_blocks() {
        // Gomocup referee checks (protocol.md).
        let mut g = game(Rule::Freestyle, "h8h9i8i9j8j9k8k9");
        let (i, _) = simple_move(&mut g.board, Color::Black).unwrap();
        assert!([Pos::new(6, 7), Pos::new(11, 7)].contains(&g.board.pos(i)));
        let mut g = game(Rule::Caro, "h8f8g8f9i8f7j8l8");
        let (i, _) = simple_move(&mut g.board, Color::Black).unwrap();
        let p = g.board.pos(i);
        assert!([(5, 4), (5, 5), (5, 9), (5, 10)].contains(&(p.x, p.y)), "{p:?}");
        let mut g = game(Rule::Renju, "h8h9i7i9h10i6i11i12");
        let (i, _) = simple_move(&mut g.board, Color::Black).unwrap();
        assert_ne!(g.board.pos(i), Pos::new(6, 8));
    }
}
