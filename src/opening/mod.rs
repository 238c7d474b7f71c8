//! Opening rules: swap2 and the RIF openings (issue 7).
