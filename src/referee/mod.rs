//! Match referee and engine-vs-engine runner (issue 6).
