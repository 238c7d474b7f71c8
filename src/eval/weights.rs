//! Learned evaluation weights: the file format, the embedded default and `--weights FILE`.
//!
//! File (little-endian): magic `GORINWTS`, format version (u32), K (f32: engine units per logit),
//! flags (u32: bit 0 = the policy tables are trained, bit 1 = residual: the model corrects the
//! hand evaluation, which is added), class count, code count, threat count
//! (u32 each, must match this build), then per class: cell values `[code][mover, waiting]`,
//! threat-state weights `[side: mover, waiting][threat][count >= 1, >= 2]`, a bias, and policy
//! values `[code][own, opponent]`, and (from version 2) the pair term's factors
//! `u[code][rank]` then `v[code][rank]` (f32 each), and (from version 3) the policy's line-shape
//! values `[shape][own, opponent]` (see [`crate::board::features::LINE_COUNT`]), and last an
//! FNV-1a 64 checksum of everything before it. Version 4 has the 3876 codes of the fine line
//! patterns; version 5 adds, last in each class, the threat-mask table `[mask]` (see
//! [`crate::eval::threat_mask`]; older files read as all zero); versions 1–3 have the 1001
//! codes of the coarse ones (version 1 files have no pair term, version 2 files no policy
//! line term) and are still read: each fine code takes the
//! values of its coarse code, so an old file evaluates as before. A file of another version,
//! with a wrong checksum or of the wrong length is refused with the reason; the engine never
//! plays with broken weights.

use crate::board::features::{
    CLASS_COUNT, COARSE_CODE_COUNT, CODE_COUNT, CellValues, LINE_COUNT, PAIR_RANK, PairFactors, coarse_code_table,
};
use crate::board::pattern::THREAT_COUNT;
use crate::eval::MASK_COUNT;
use std::sync::OnceLock;

pub const MAGIC: &[u8; 8] = b"GORINWTS";
pub const FORMAT_VERSION: u32 = 6;
/// The accumulator model's sizes: code embeddings of `ACC` values per side, `HID` hidden units.
pub const ACC: usize = 16;
pub const HID: usize = 16;
/// Values of one class's head: b0 `[2·ACC]`, W1 `[HID][2·ACC]`, b1 `[HID]`, w2 `[HID]`.
pub const HEAD_SIZE: usize = HEAD_W2 + HID;
/// Offsets within a head's values: W1's rows, b1 and w2 (b0 is first).
pub const HEAD_W1: usize = 2 * ACC;
pub const HEAD_B1: usize = HEAD_W1 + HID * 2 * ACC;
pub const HEAD_W2: usize = HEAD_B1 + HID;
/// Fixed point of the embeddings in the board's accumulators.
pub const EMB_FP: f32 = 4096.0;
/// Fixed points of the pair factors in the board: u × PAIR_FP_U, v × K × PAIR_FP_V; the board's
/// pair sums are then in engine units × PAIR_FP_U × PAIR_FP_V.
pub const PAIR_FP_U: f32 = 64.0;
pub const PAIR_FP_V: f32 = 16.0;
pub const PAIR_DIV: i32 = 64 * 16;
/// Fixed point of the cell values in the board's sums.
pub const CELL_FP: i32 = 16;
/// Fixed point of the policy scores.
pub const POLICY_FP: f32 = 256.0;

/// The weights shipped in the binary.
pub static EMBEDDED: &[u8] = include_bytes!("weights/gorin.wts");

/// One rule/colour class's learned parameters, in logits.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassWeights {
    pub cell: Vec<[f32; 2]>,
    pub state: [[[f32; 2]; THREAT_COUNT]; 2],
    pub bias: f32,
    pub policy: Vec<[f32; 2]>,
    /// The pair term's factors (all zero: no pair term).
    pub pair_u: Vec<[f32; PAIR_RANK]>,
    pub pair_v: Vec<[f32; PAIR_RANK]>,
    /// The policy's line-shape values `[shape][own, opponent]` (all zero: no line term).
    pub policy_line: Vec<[f32; 2]>,
    /// The threat-mask values `[mask]` (all zero: no mask term).
    pub mask: Vec<f32>,
    /// The accumulator model: code embeddings `[code][ACC]` and the head (see [`HEAD_SIZE`]);
    /// an all-zero head: no such term.
    pub emb: Vec<[f32; ACC]>,
    pub head: Vec<f32>,
}

/// Embeddings in the board's fixed point, `[code][ACC]`.
pub type EmbTable = [[i32; ACC]; CODE_COUNT];

/// One class's head, split for the evaluation.
#[derive(Clone, Debug)]
pub struct Head {
    pub b0: [f32; 2 * ACC],
    pub w1: [[f32; 2 * ACC]; HID],
    pub b1: [f32; HID],
    pub w2: [f32; HID],
}

impl Head {
    fn from_flat(v: &[f32]) -> Head {
        let mut h = Head { b0: [0.0; 2 * ACC], w1: [[0.0; 2 * ACC]; HID], b1: [0.0; HID], w2: [0.0; HID] };
        h.b0.copy_from_slice(&v[..HEAD_W1]);
        for u in 0..HID {
            h.w1[u].copy_from_slice(&v[HEAD_W1 + u * 2 * ACC..HEAD_W1 + (u + 1) * 2 * ACC]);
        }
        h.b1.copy_from_slice(&v[HEAD_B1..HEAD_W2]);
        h.w2.copy_from_slice(&v[HEAD_W2..HEAD_SIZE]);
        h
    }

    /// The head's output (logits) for the accumulators of the mover and the waiting side (in
    /// [`EMB_FP`]).
    #[inline]
    pub fn forward(&self, mover: &[i32; ACC], waiting: &[i32; ACC]) -> f32 {
        let mut a = [0.0f32; 2 * ACC];
        for k in 0..ACC {
            a[k] = (mover[k] as f32 * (1.0 / EMB_FP) + self.b0[k]).max(0.0);
            a[ACC + k] = (waiting[k] as f32 * (1.0 / EMB_FP) + self.b0[ACC + k]).max(0.0);
        }
        let mut out = 0.0;
        for u in 0..HID {
            let z = self.b1[u] + self.w1[u].iter().zip(a.iter()).map(|(p, q)| p * q).sum::<f32>();
            out += self.w2[u] * z.max(0.0);
        }
        out
    }
}

impl ClassWeights {
    pub fn zero() -> ClassWeights {
        ClassWeights::zero_with(CODE_COUNT)
    }

    /// All zero, with code tables of `codes` entries (the coarse count while reading an older
    /// file).
    fn zero_with(codes: usize) -> ClassWeights {
        ClassWeights {
            cell: vec![[0.0; 2]; codes],
            state: [[[0.0; 2]; THREAT_COUNT]; 2],
            bias: 0.0,
            policy: vec![[0.0; 2]; codes],
            pair_u: vec![[0.0; PAIR_RANK]; codes],
            pair_v: vec![[0.0; PAIR_RANK]; codes],
            policy_line: vec![[0.0; 2]; LINE_COUNT],
            mask: vec![0.0; MASK_COUNT],
            emb: vec![[0.0; ACC]; codes],
            head: vec![0.0; HEAD_SIZE],
        }
    }
}

/// The whole model, as read from a file, plus integer tables for the engine.
#[derive(Debug)]
pub struct Weights {
    /// Engine units per logit.
    pub k: f32,
    pub policy_trained: bool,
    /// The learned value is a correction added to the hand evaluation.
    pub residual: bool,
    pub classes: Vec<ClassWeights>,
    /// FNV-1a 64 of the file (names the weights in records).
    pub checksum: u64,
    cells: Vec<Box<CellValues>>,
    pairs: Vec<Box<PairFactors>>,
    /// `[class][side][threat][>=1, >=2]` in engine units.
    pub state_int: Vec<[[[i32; 2]; THREAT_COUNT]; 2]>,
    pub bias_int: Vec<i32>,
    /// `[class][threat mask]` in engine units.
    pub mask_int: Vec<Vec<i32>>,
    /// `[class]`: has any threat-mask value (the evaluation skips the mask otherwise).
    pub mask_used: Vec<bool>,
    /// Per class: has any value weight (a class without records keeps the hand evaluation).
    pub trained: Vec<bool>,
    /// `[class][code][own, opp]` in `POLICY_FP`.
    pub policy_int: Vec<Vec<[i32; 2]>>,
    /// `[class][shape][own, opp]` in `POLICY_FP` (shape 0 is always 0).
    pub policy_line_int: Vec<Vec<[i32; 2]>>,
    /// `[class]`: has any policy line value.
    pub policy_line_used: Vec<bool>,
    embs: Vec<Box<EmbTable>>,
    /// `[class]`: the accumulator model's head, and whether it has any output weight.
    pub heads: Vec<Head>,
    pub head_used: Vec<bool>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

const HEADER: usize = 8 + 4 * 6;

/// The number of cell codes in a file of `version`.
const fn codes_of(version: u32) -> usize {
    if version >= 4 { CODE_COUNT } else { COARSE_CODE_COUNT }
}

/// The f32 values of one class in a file of `version` (with its number of codes).
const fn per_class(version: u32) -> usize {
    let codes = codes_of(version);
    let v1 = codes * 2 + 2 * THREAT_COUNT * 2 + 1 + codes * 2;
    match version {
        1 => v1,
        2 => v1 + 2 * codes * PAIR_RANK,
        3 | 4 => v1 + 2 * codes * PAIR_RANK + 2 * LINE_COUNT,
        5 => v1 + 2 * codes * PAIR_RANK + 2 * LINE_COUNT + MASK_COUNT,
        _ => v1 + 2 * codes * PAIR_RANK + 2 * LINE_COUNT + MASK_COUNT + codes * ACC + HEAD_SIZE,
    }
}
const PER_CLASS: usize = per_class(FORMAT_VERSION);

impl Weights {
    pub fn new(k: f32, policy_trained: bool, residual: bool, classes: Vec<ClassWeights>) -> Weights {
        assert_eq!(classes.len(), CLASS_COUNT);
        let mut w = Weights {
            k,
            policy_trained,
            residual,
            classes,
            checksum: 0,
            cells: Vec::new(),
            pairs: Vec::new(),
            state_int: Vec::new(),
            bias_int: Vec::new(),
            mask_int: Vec::new(),
            mask_used: Vec::new(),
            trained: Vec::new(),
            policy_int: Vec::new(),
            policy_line_int: Vec::new(),
            policy_line_used: Vec::new(),
            embs: Vec::new(),
            heads: Vec::new(),
            head_used: Vec::new(),
        };
        let r = |x: f32| (x * k).round() as i32;
        for c in &w.classes {
            let mut t = Box::new([[0i32; 2]; CODE_COUNT]);
            for (code, v) in c.cell.iter().enumerate() {
                t[code] = [((v[0] * k * CELL_FP as f32).round()) as i32, ((v[1] * k * CELL_FP as f32).round()) as i32];
            }
            w.cells.push(t);
            let mut pf =
                Box::new(PairFactors { u: [[0; PAIR_RANK]; CODE_COUNT], v: [[0; PAIR_RANK]; CODE_COUNT], used: false });
            for code in 0..CODE_COUNT {
                // (Saturating: no trained factor comes near the i16 range.)
                pf.u[code] = c.pair_u[code].map(|x| (x * PAIR_FP_U).round().clamp(-32767.0, 32767.0) as i16);
                pf.v[code] = c.pair_v[code].map(|x| (x * k * PAIR_FP_V).round().clamp(-32767.0, 32767.0) as i16);
            }
            pf.used = pf.u.iter().flatten().any(|&x| x != 0) && pf.v.iter().flatten().any(|&x| x != 0);
            w.pairs.push(pf);
            w.state_int.push(c.state.map(|side| side.map(|x| x.map(r))));
            w.bias_int.push(r(c.bias));
            let mask: Vec<i32> = c.mask.iter().map(|&x| r(x)).collect();
            w.mask_used.push(mask.iter().any(|&x| x != 0));
            w.mask_int.push(mask);
            w.trained.push(c.cell.iter().flatten().any(|&x| x != 0.0) || c.bias != 0.0);
            w.policy_int.push(c.policy.iter().map(|p| p.map(|x| (x * POLICY_FP).round() as i32)).collect());
            let mut line: Vec<[i32; 2]> =
                c.policy_line.iter().map(|p| p.map(|x| (x * POLICY_FP).round() as i32)).collect();
            line[0] = [0, 0];
            w.policy_line_used.push(line.iter().flatten().any(|&x| x != 0));
            w.policy_line_int.push(line);
            let head = Head::from_flat(&c.head);
            w.head_used.push(head.w2.iter().any(|&x| x != 0.0));
            w.heads.push(head);
            let mut e = Box::new([[0i32; ACC]; CODE_COUNT]);
            for (code, v) in c.emb.iter().enumerate() {
                e[code] = v.map(|x| (x * EMB_FP).round() as i32);
            }
            w.embs.push(e);
        }
        w.checksum = fnv1a(&w.to_bytes_unchecked());
        w
    }

    /// All zero (K = 200): the learned evaluation then says 0 everywhere.
    pub fn zero() -> Weights {
        Weights::new(200.0, false, false, (0..CLASS_COUNT).map(|_| ClassWeights::zero()).collect())
    }

    /// The board's cell value table of a class (leaked once per weights: they live as long as
    /// the program).
    pub fn cell_values(&'static self, class: usize) -> &'static CellValues {
        &self.cells[class]
    }

    /// The board's embedding table of a class (fixed point [`EMB_FP`]).
    pub fn emb_table(&'static self, class: usize) -> &'static EmbTable {
        &self.embs[class]
    }

    /// The board's pair factors of a class.
    pub fn pair_factors(&'static self, class: usize) -> &'static PairFactors {
        &self.pairs[class]
    }

    /// Short name for records: the checksum's first 32 bits.
    pub fn tag(&self) -> String {
        format!("w{:08x}", self.checksum >> 32)
    }

    fn to_bytes_unchecked(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + CLASS_COUNT * PER_CLASS * 4 + 8);
        out.extend_from_slice(MAGIC);
        for v in [FORMAT_VERSION, self.k.to_bits(), self.policy_trained as u32 | (self.residual as u32) << 1] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in [CLASS_COUNT, CODE_COUNT, THREAT_COUNT] {
            out.extend_from_slice(&(v as u32).to_le_bytes());
        }
        let mut put = |x: f32| out.extend_from_slice(&x.to_le_bytes());
        for c in &self.classes {
            c.cell.iter().flatten().for_each(|&x| put(x));
            c.state.iter().flatten().flatten().for_each(|&x| put(x));
            put(c.bias);
            c.policy.iter().flatten().for_each(|&x| put(x));
            c.pair_u.iter().flatten().for_each(|&x| put(x));
            c.pair_v.iter().flatten().for_each(|&x| put(x));
            c.policy_line.iter().flatten().for_each(|&x| put(x));
            c.mask.iter().for_each(|&x| put(x));
            c.emb.iter().flatten().for_each(|&x| put(x));
            c.head.iter().for_each(|&x| put(x));
        }
        out
    }

    /// The file bytes, checksum last.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.to_bytes_unchecked();
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a weights file's bytes; the error says why they are refused.
    pub fn from_bytes(b: &[u8]) -> Result<Weights, String> {
        if b.len() < HEADER + 8 || &b[..8] != MAGIC {
            return Err("not a Gorin weights file (bad magic)".into());
        }
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
        let version = u32_at(8);
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(format!("weights format version {version}, this build reads versions 1 to {FORMAT_VERSION}"));
        }
        let per_class = per_class(version);
        let want = HEADER + CLASS_COUNT * per_class * 4 + 8;
        if b.len() != want {
            return Err(format!("weights file has {} bytes, version {version} has {want}", b.len()));
        }
        let body = &b[..want - 8];
        let stored = u64::from_le_bytes(b[want - 8..].try_into().unwrap());
        let computed = fnv1a(body);
        if stored != computed {
            return Err(format!("weights checksum mismatch (stored {stored:016x}, computed {computed:016x})"));
        }
        let k = f32::from_bits(u32_at(12));
        let policy_trained = u32_at(16) & 1 != 0;
        let residual = u32_at(16) & 2 != 0;
        let (nc, ncode, nt) = (u32_at(20) as usize, u32_at(24) as usize, u32_at(28) as usize);
        let codes = codes_of(version);
        if (nc, ncode, nt) != (CLASS_COUNT, codes, THREAT_COUNT) {
            return Err(format!(
                "weights have {nc} classes, {ncode} codes, {nt} threats; version {version} wants {CLASS_COUNT}, {codes}, {THREAT_COUNT}"
            ));
        }
        if !(k.is_finite() && k > 0.0) {
            return Err(format!("weights scale K = {k} is not a positive number"));
        }
        let mut o = HEADER;
        let mut next = || {
            let x = f32::from_le_bytes(b[o..o + 4].try_into().unwrap());
            o += 4;
            x
        };
        let mut classes = Vec::new();
        for _ in 0..CLASS_COUNT {
            let mut c = ClassWeights::zero_with(codes);
            c.cell.iter_mut().flatten().for_each(|x| *x = next());
            c.state.iter_mut().flatten().flatten().for_each(|x| *x = next());
            c.bias = next();
            c.policy.iter_mut().flatten().for_each(|x| *x = next());
            if version >= 2 {
                c.pair_u.iter_mut().flatten().for_each(|x| *x = next());
                c.pair_v.iter_mut().flatten().for_each(|x| *x = next());
            }
            if version >= 3 {
                c.policy_line.iter_mut().flatten().for_each(|x| *x = next());
            }
            if version >= 5 {
                c.mask.iter_mut().for_each(|x| *x = next());
            }
            if version >= 6 {
                c.emb.iter_mut().flatten().for_each(|x| *x = next());
                c.head.iter_mut().for_each(|x| *x = next());
            }
            if codes != CODE_COUNT {
                // coarse codes: each fine code takes its coarse code's values
                let coarse = coarse_code_table();
                let expand = |v: &[[f32; 2]]| coarse.iter().map(|&k| v[k as usize]).collect::<Vec<_>>();
                c.cell = expand(&c.cell);
                c.policy = expand(&c.policy);
                c.pair_u = coarse.iter().map(|&k| c.pair_u[k as usize]).collect();
                c.pair_v = coarse.iter().map(|&k| c.pair_v[k as usize]).collect();
                c.emb = vec![[0.0; ACC]; CODE_COUNT];
            }
            classes.push(c);
        }
        let bad = classes.iter().any(|c| {
            c.cell
                .iter()
                .flatten()
                .chain(c.policy.iter().flatten())
                .chain(c.state.iter().flatten().flatten())
                .chain(c.pair_u.iter().flatten())
                .chain(c.pair_v.iter().flatten())
                .chain(c.policy_line.iter().flatten())
                .chain(c.mask.iter())
                .chain(c.emb.iter().flatten())
                .chain(c.head.iter())
                .any(|x| !x.is_finite() || x.abs() > 1e4)
                || !c.bias.is_finite()
        });
        if bad {
            return Err("weights contain a value that is not finite or out of range".into());
        }
        Ok(Weights::new(k, policy_trained, residual, classes))
    }

    /// Reads and checks a weights file; errors name the file.
    pub fn load(path: &str) -> Result<Weights, String> {
        let b = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        Weights::from_bytes(&b).map_err(|e| format!("{path}: {e}"))
    }

    pub fn save(&self, path: &str) -> Result<(), String> {
        std::fs::write(path, self.to_bytes()).map_err(|e| format!("{path}: {e}"))
    }
}

static ACTIVE: OnceLock<&'static Weights> = OnceLock::new();

/// The weights boards are built with: those installed with [`install`], else the embedded ones.
pub fn active() -> &'static Weights {
    ACTIVE.get_or_init(|| Box::leak(Box::new(Weights::from_bytes(EMBEDDED).expect("the embedded weights are valid"))))
}

/// Makes `w` the weights of every board built from now on. Only before the first board.
pub fn install(w: Weights) -> Result<(), String> {
    ACTIVE.set(Box::leak(Box::new(w))).map_err(|_| "weights are already in use".to_string())
}

/// Loads `path` and installs it (for `--weights FILE`).
pub fn install_file(path: &str) -> Result<(), String> {
    install(Weights::load(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_weights_are_valid() {
        let w = Weights::from_bytes(EMBEDDED).unwrap();
        if EMBEDDED[8] as u32 == FORMAT_VERSION {
            assert_eq!(w.to_bytes(), EMBEDDED);
        }
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let mut w = Weights::zero();
        w.classes[2].cell[17] = [0.5, -0.25];
        let w = Weights::new(w.k, false, true, w.classes.clone());
        let good = w.to_bytes();
        let back = Weights::from_bytes(&good).unwrap();
        assert_eq!(back.classes, w.classes);
        assert!(back.residual && !back.policy_trained);
        assert_eq!(back.cell_values_len(), CLASS_COUNT);
        let mut v9 = good.clone();
        v9[8] = 9;
        assert!(Weights::from_bytes(&v9).unwrap_err().contains("version 9"));
        let mut flip = good.clone();
        flip[HEADER + 100] ^= 1;
        assert!(Weights::from_bytes(&flip).unwrap_err().contains("checksum"));
        assert!(Weights::from_bytes(&good[..good.len() - 1]).unwrap_err().contains("bytes"));
        assert!(Weights::from_bytes(b"hello").unwrap_err().contains("magic"));
    }

    /// A file of an older format version (1001 coarse codes) holding `classes`, whose code
    /// tables have the coarse length; the checksum is computed.
    pub(super) fn older_version(k: f32, classes: &[ClassWeights], version: u32) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for v in [version, k.to_bits(), 1, CLASS_COUNT as u32, COARSE_CODE_COUNT as u32, THREAT_COUNT as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let mut put = |x: f32| out.extend_from_slice(&x.to_le_bytes());
        for c in classes {
            assert_eq!(c.cell.len(), COARSE_CODE_COUNT);
            c.cell.iter().flatten().for_each(|&x| put(x));
            c.state.iter().flatten().flatten().for_each(|&x| put(x));
            put(c.bias);
            c.policy.iter().flatten().for_each(|&x| put(x));
            if version >= 2 {
                c.pair_u.iter().flatten().for_each(|&x| put(x));
                c.pair_v.iter().flatten().for_each(|&x| put(x));
            }
            if version >= 3 {
                c.policy_line.iter().flatten().for_each(|&x| put(x));
            }
        }
        assert_eq!(out.len(), HEADER + CLASS_COUNT * per_class(version) * 4);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Zero class weights with coarse-length code tables.
    pub(super) fn coarse_classes() -> Vec<ClassWeights> {
        (0..CLASS_COUNT).map(|_| ClassWeights::zero_with(COARSE_CODE_COUNT)).collect()
    }

    #[test]
    fn older_files_are_read_with_each_fine_code_taking_its_coarse_values() {
        let mut classes = coarse_classes();
        for (code, v) in classes[0].cell.iter_mut().enumerate() {
            *v = [code as f32 / 1000.0, -(code as f32) / 2000.0];
        }
        classes[1].policy[5] = [0.5, 0.25];
        classes[0].pair_u[3] = [1.0; PAIR_RANK];
        classes[0].pair_v[4] = [0.5; PAIR_RANK];
        classes[2].policy_line[7] = [0.5, -0.25];
        let coarse = coarse_code_table();
        for version in 1..=3 {
            let back = Weights::from_bytes(&older_version(150.0, &classes, version)).unwrap();
            assert_eq!(back.classes[0].cell.len(), CODE_COUNT);
            for code in 0..CODE_COUNT {
                let k = coarse[code] as usize;
                assert_eq!(back.classes[0].cell[code], classes[0].cell[k]);
                assert_eq!(back.classes[1].policy[code], classes[1].policy[k]);
            }
            // the pair term from version 2, the policy line term from version 3
            assert_eq!(back.pairs[0].used, version >= 2);
            assert_eq!(back.policy_line_used[2], version >= 3);
            // written back as the current version
            assert_eq!(back.to_bytes()[8], FORMAT_VERSION as u8);
            assert_eq!(Weights::from_bytes(&back.to_bytes()).unwrap().classes, back.classes);
        }
        // a version 3 header with fine codes is refused
        let mut bad = older_version(150.0, &classes, 3);
        bad[8] = 4;
        assert!(Weights::from_bytes(&bad).is_err());
    }
}

#[cfg(test)]
mod mask_tests {
    use super::*;

    #[test]
    fn the_mask_term_round_trips_and_version_4_files_read_without_it() {
        let mut classes = Weights::zero().classes;
        classes[1].cell[3] = [0.125, -0.5];
        classes[1].mask[37] = 0.75;
        let w = Weights::new(120.0, true, false, classes);
        assert_eq!(w.mask_int[1][37], 90);
        let bytes = w.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes).unwrap().classes, w.classes);
        // The same file in version 4 (no mask table): the classes without their last
        // MASK_COUNT values.
        let body = &bytes[..bytes.len() - 8];
        let mut v4 = body[..HEADER].to_vec();
        v4[8] = 4;
        let per = per_class(FORMAT_VERSION) * 4;
        for c in 0..CLASS_COUNT {
            let start = HEADER + c * per;
            v4.extend_from_slice(&body[start..start + per_class(4) * 4]);
        }
        let sum = fnv1a(&v4);
        v4.extend_from_slice(&sum.to_le_bytes());
        let back = Weights::from_bytes(&v4).unwrap();
        assert_eq!(back.classes[1].cell[3], [0.125, -0.5]);
        assert!(back.classes.iter().all(|c| c.mask.iter().all(|&x| x == 0.0)));
        assert!(back.mask_int.iter().flatten().all(|&x| x == 0));
        assert!(w.mask_used[1] && !w.mask_used[0] && back.mask_used.iter().all(|&u| !u));
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn the_policy_line_term_round_trips() {
        let mut classes = Weights::zero().classes;
        classes[2].policy_line[7] = [0.5, -0.25];
        classes[2].cell[3] = [0.125, 0.0];
        let w = Weights::new(120.0, true, false, classes);
        assert!(w.policy_line_used[2] && !w.policy_line_used[0]);
        assert_eq!(w.policy_line_int[2][7], [128, -64]);
        let back = Weights::from_bytes(&w.to_bytes()).unwrap();
        assert_eq!(back.classes[2].policy_line[7], [0.5, -0.25]);
        // the shape without any stone never has a value
        let mut classes = Weights::zero().classes;
        classes[0].policy_line[0] = [3.0, 3.0];
        assert!(!Weights::new(100.0, true, false, classes).policy_line_used[0]);
    }
}

impl Weights {
    #[doc(hidden)]
    pub fn cell_values_len(&self) -> usize {
        self.cells.len()
    }
}
