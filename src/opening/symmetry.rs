//! The symmetries of the board and canonical forms of positions.
//!
//! A square board has eight symmetries (the dihedral group: four rotations, four reflections);
//! a rectangle only the four that keep its width and height (identity, half turn and the two
//! mirrors). Two positions are equivalent when one symmetry maps the stones of one, colour for
//! colour, onto the stones of the other. The canonical form of a position is the smallest
//! (sorted) image over the board's symmetries, so equivalent positions have equal forms.

use crate::core::{Color, Pos};

/// One symmetry of the board. `n` = width − 1, `m` = height − 1 below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sym {
    /// (x, y)
    Identity,
    /// (n − y, x): a quarter turn (square boards only).
    Rot90,
    /// (n − x, m − y): a half turn.
    Rot180,
    /// (y, n − x): three quarter turns (square boards only).
    Rot270,
    /// (n − x, y): mirror left–right.
    FlipX,
    /// (x, m − y): mirror top–bottom.
    FlipY,
    /// (y, x): mirror in the main diagonal (square boards only).
    Transpose,
    /// (n − y, n − x): mirror in the other diagonal (square boards only).
    AntiTranspose,
}

impl Sym {
    pub const ALL: [Sym; 8] = [
        Sym::Identity,
        Sym::Rot90,
        Sym::Rot180,
        Sym::Rot270,
        Sym::FlipX,
        Sym::FlipY,
        Sym::Transpose,
        Sym::AntiTranspose,
    ];

    /// Does it exchange the axes (so it maps the board onto itself only when it is square)?
    pub fn swaps_axes(self) -> bool {
        matches!(self, Sym::Rot90 | Sym::Rot270 | Sym::Transpose | Sym::AntiTranspose)
    }

    /// The image of `p` on a `w`×`h` board. Panics for an axis-swapping symmetry on a
    /// rectangle (it does not map that board onto itself).
    pub fn apply(self, p: Pos, w: usize, h: usize) -> Pos {
        assert!(w == h || !self.swaps_axes(), "{self:?} does not map a {w}x{h} board onto itself");
        let (x, y) = (p.x as usize, p.y as usize);
        let (n, m) = (w - 1, h - 1);
        let (a, b) = match self {
            Sym::Identity => (x, y),
            Sym::Rot90 => (n - y, x),
            Sym::Rot180 => (n - x, m - y),
            Sym::Rot270 => (y, n - x),
            Sym::FlipX => (n - x, y),
            Sym::FlipY => (x, m - y),
            Sym::Transpose => (y, x),
            Sym::AntiTranspose => (n - y, n - x),
        };
        Pos::new(a, b)
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Sym {
        match self {
            Sym::Rot90 => Sym::Rot270,
            Sym::Rot270 => Sym::Rot90,
            s => s,
        }
    }
}

/// The symmetries that map a `w`×`h` board onto itself: all eight on a square board, four on a
/// rectangle.
pub fn symmetries(w: usize, h: usize) -> Vec<Sym> {
    Sym::ALL.iter().copied().filter(|s| w == h || !s.swaps_axes()).collect()
}

/// A position as a set of coloured stones (the order of play is not part of it).
pub type Stones = Vec<(Pos, Color)>;

/// The image of a position under `s`, sorted.
pub fn transform(stones: &[(Pos, Color)], s: Sym, w: usize, h: usize) -> Stones {
    let mut v: Stones = stones.iter().map(|&(p, c)| (s.apply(p, w, h), c)).collect();
    v.sort_by_key(|&(p, c)| (p.y, p.x, c));
    v
}

/// The canonical form: the smallest image over the board's symmetries.
pub fn canonical(stones: &[(Pos, Color)], w: usize, h: usize) -> Stones {
    symmetries(w, h).into_iter().map(|s| transform(stones, s, w, h)).min().unwrap_or_default()
}

/// Do some symmetry of the board map `a` onto `b` (colours kept)?
pub fn equivalent(a: &[(Pos, Color)], b: &[(Pos, Color)], w: usize, h: usize) -> bool {
    a.len() == b.len() && canonical(a, w, h) == canonical(b, w, h)
}

/// Stones played alternately from black, as a position.
pub fn alternate(moves: &[Pos]) -> Stones {
    moves.iter().enumerate().map(|(k, &p)| (p, if k % 2 == 0 { Color::Black } else { Color::White })).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: usize, y: usize) -> Pos {
        Pos::new(x, y)
    }

    #[test]
    fn eight_symmetries_on_a_square_are_distinct_bijections() {
        let w = 15;
        // An asymmetric probe: its eight images are all different.
        let probe = [(p(7, 7), Color::Black), (p(8, 7), Color::White), (p(9, 9), Color::Black)];
        let mut images: Vec<Stones> = Sym::ALL.iter().map(|&s| transform(&probe, s, w, w)).collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        for s in Sym::ALL {
            let mut seen = vec![false; w * w];
            for y in 0..w {
                for x in 0..w {
                    let q = s.apply(p(x, y), w, w);
                    assert!((q.x as usize) < w && (q.y as usize) < w);
                    assert!(
                        !std::mem::replace(&mut seen[q.y as usize * w + q.x as usize], true),
                        "{s:?} not injective"
                    );
                    assert_eq!(s.inverse().apply(q, w, w), p(x, y), "{s:?} inverse");
                }
            }
        }
    }

    #[test]
    fn each_symmetry_maps_a_point_where_expected() {
        // On 15x15 the corner (0,0) and the point (1,0) go to:
        let cases = [
            (Sym::Identity, (0, 0), (1, 0)),
            (Sym::Rot90, (14, 0), (14, 1)),
            (Sym::Rot180, (14, 14), (13, 14)),
            (Sym::Rot270, (0, 14), (0, 13)),
            (Sym::FlipX, (14, 0), (13, 0)),
            (Sym::FlipY, (0, 14), (1, 14)),
            (Sym::Transpose, (0, 0), (0, 1)),
            (Sym::AntiTranspose, (14, 14), (14, 13)),
        ];
        for (s, a, b) in cases {
            assert_eq!(s.apply(p(0, 0), 15, 15), p(a.0, a.1), "{s:?}");
            assert_eq!(s.apply(p(1, 0), 15, 15), p(b.0, b.1), "{s:?}");
        }
        // The centre is fixed by all eight.
        for s in Sym::ALL {
            assert_eq!(s.apply(p(7, 7), 15, 15), p(7, 7));
        }
    }

    #[test]
    fn every_image_is_equivalent_and_a_different_shape_is_not() {
        let base = alternate(&[p(7, 7), p(7, 8), p(9, 6), p(6, 6)]);
        for s in Sym::ALL {
            let img = transform(&base, s, 15, 15);
            assert!(equivalent(&base, &img, 15, 15), "{s:?}");
            assert_eq!(canonical(&base, 15, 15), canonical(&img, 15, 15));
        }
        let other = alternate(&[p(7, 7), p(7, 8), p(9, 6), p(6, 5)]);
        assert!(!equivalent(&base, &other, 15, 15));
        // Colours matter.
        let swapped: Stones = base.iter().map(|&(q, c)| (q, c.opp())).collect();
        assert!(!equivalent(&base, &swapped, 15, 15));
    }

    #[test]
    fn rectangles_keep_only_four_symmetries() {
        assert_eq!(symmetries(15, 15).len(), 8);
        let r = symmetries(20, 15);
        assert_eq!(r, vec![Sym::Identity, Sym::Rot180, Sym::FlipX, Sym::FlipY]);
        let a = alternate(&[p(10, 7), p(11, 7)]);
        let b = alternate(&[p(9, 7), p(8, 7)]); // mirror left-right of a on width 20
        assert!(equivalent(&a, &b, 20, 15));
        // A quarter turn of a horizontal pair is vertical: not a symmetry of the rectangle.
        let c = alternate(&[p(10, 7), p(10, 8)]);
        assert!(!equivalent(&a, &c, 20, 15));
        // On a square the diagonal mirror maps it onto the vertical pair.
        assert!(equivalent(&a, &alternate(&[p(7, 10), p(7, 11)]), 15, 15));
    }
}
