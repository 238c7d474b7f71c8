//! Alpha-beta search: iterative deepening, PVS, transposition table, time control (issue 5).
