//! Match referee and engine-vs-engine runner (issue 6).
//!
//! [`openings`] reads and generates starting positions; [`record`] writes SGF and `.psq`;
//! [`stats`] has Elo, its interval and the SPRT.

pub mod openings;
pub mod record;
pub mod stats;

pub use openings::{Opening, parse_openings, random_openings};
pub use record::{GameRecord, Termination};
pub use stats::{Sprt, SprtState, Tally};
