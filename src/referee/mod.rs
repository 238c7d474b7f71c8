//! Match referee and engine-vs-engine runner (issue 6).
//!
//! [`engine`] drives one brain process over pipes as a tournament manager does; [`play`]
//! referees one game with [`crate::game::Game`] and adjudicates every way it can end;
//! [`openings`] reads and generates starting positions; [`record`] writes SGF and `.psq`;
//! [`stats`] has Elo, its interval and the SPRT; [`runner`] plays a whole match with worker
//! threads; [`interrupt`] is its Ctrl-C. The `gorin-match` binary is a thin command line over
//! [`runner::run_match`].

pub mod engine;
pub mod interrupt;
pub mod openings;
pub mod play;
pub mod record;
pub mod runner;
pub mod stats;

pub use engine::EngineSpec;
pub use openings::{Opening, parse_openings, random_openings};
pub use play::{GameSettings, OpeningSettings, Player, TimeControl, play_game, play_game_opening};
pub use record::{GameRecord, Termination};
pub use runner::{MatchConfig, MatchSummary, run_match};
pub use stats::{Sprt, SprtState, Tally};
