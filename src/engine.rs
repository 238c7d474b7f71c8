//! The engine: owns the game, the search state and the stop flag; no I/O.
