//! Gorin (五輪): a Gomoku and Renju engine.
//!
//! Layers, bottom up: [`core`] vocabulary, [`board`] (incremental patterns and renju rules),
//! [`game`] (checked play), then the solvers, search, engine and protocol built on them.

#![forbid(unsafe_code)]

pub mod board;
pub mod cli;
pub mod core;
pub mod game;
