//! Gorin (五輪): a Gomoku and Renju engine.
//!
//! Layers, bottom up: [`core`] vocabulary, [`board`] (incremental patterns and renju rules),
//! [`game`] (checked play), [`threat`] (VCF/VCT), [`eval`] and [`search`], [`engine`] (no I/O),
//! [`protocol`] (the brain's stdin/stdout), [`referee`] (matches) and [`opening`].

#![forbid(unsafe_code)]

pub mod board;
pub mod cli;
pub mod core;
pub mod engine;
pub mod eval;
pub mod game;
pub mod opening;
pub mod protocol;
pub mod referee;
pub mod search;
pub mod threat;
pub mod train;
