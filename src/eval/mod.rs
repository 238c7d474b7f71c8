//! Static evaluation from the incremental pattern counts (issue 5).
