//! Threat-space search: VCF and VCT solvers with replayable proofs (issue 4).
