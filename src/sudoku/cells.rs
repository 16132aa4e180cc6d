//! The storage of a grid's cells: up to 81 (4×4 and 9×9 grids) inline,
//! more on the heap. A batch reads, solves and writes 9×9 grids by the
//! thousand; inline, none of them allocates.
//!
//! **Invariant.** The cells are the slice [`Cells`] dereferences to;
//! equality and hashing look at that slice only, never at where it is
//! stored.

#![forbid(unsafe_code)]

use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// The most cells kept inline: a 9×9 grid's.
const INLINE: usize = 81;

/// A grid's cells (see the module docs).
#[derive(Clone)]
pub(crate) enum Cells {
    /// `cells[..len]`.
    Inline {
        len: u8,
        cells: [u8; INLINE],
    },
    Heap(Vec<u8>),
}

impl Cells {
    /// A copy of `cells`.
    pub(crate) fn from_slice(cells: &[u8]) -> Cells {
        match u8::try_from(cells.len()) {
            Ok(len) if cells.len() <= INLINE => {
                let mut inline = [0; INLINE];
                inline[..cells.len()].copy_from_slice(cells);
                Cells::Inline { len, cells: inline }
            }
            _ => Cells::Heap(cells.to_vec()),
        }
    }

    /// The 81 cells of a 9×9 grid, to be written in place: they become
    /// inline first if they were not.
    pub(crate) fn nine_mut(&mut self) -> &mut [u8; INLINE] {
        if !matches!(self, Cells::Inline { len: 81, .. }) {
            *self = Cells::Inline { len: 81, cells: [0; INLINE] };
        }
        match self {
            Cells::Inline { cells, .. } => cells,
            Cells::Heap(_) => unreachable!("made inline above"),
        }
    }

    /// `len` cells, each `value(byte)` of the byte at its place in `bytes`
    /// (which has `len` of them), without a `Vec` for 81 or fewer.
    pub(crate) fn map_bytes(bytes: &[u8], value: impl Fn(u8) -> u8) -> Cells {
        match u8::try_from(bytes.len()) {
            Ok(len) if bytes.len() <= INLINE => {
                let mut cells = [0; INLINE];
                for (c, &b) in cells.iter_mut().zip(bytes) {
                    *c = value(b);
                }
                Cells::Inline { len, cells }
            }
            _ => Cells::Heap(bytes.iter().map(|&b| value(b)).collect()),
        }
    }
}

impl From<Vec<u8>> for Cells {
    /// The cells of `cells`: kept inline when they fit, so the `Vec` goes.
    fn from(cells: Vec<u8>) -> Cells {
        if cells.len() <= INLINE { Cells::from_slice(&cells) } else { Cells::Heap(cells) }
    }
}

impl Deref for Cells {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Cells::Inline { len, cells } => &cells[..usize::from(*len)],
            Cells::Heap(cells) => cells,
        }
    }
}

impl DerefMut for Cells {
    fn deref_mut(&mut self) -> &mut [u8] {
        match self {
            Cells::Inline { len, cells } => &mut cells[..usize::from(*len)],
            Cells::Heap(cells) => cells,
        }
    }
}

impl PartialEq for Cells {
    fn eq(&self, other: &Cells) -> bool {
        **self == **other
    }
}

impl Eq for Cells {}

impl Hash for Cells {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_and_heap_hold_the_same_cells() {
        for len in [0, 16, 81, 82, 256] {
            let v: Vec<u8> = (0..len).map(|k| (k % 7) as u8).collect();
            let (a, b) = (Cells::from_slice(&v), Cells::from(v.clone()));
            assert_eq!((&*a, &*b), (&v[..], &v[..]));
            assert_eq!(matches!(a, Cells::Inline { .. }), len <= INLINE);
            let c = Cells::map_bytes(&v, |x| x + 1);
            assert!(c.iter().zip(&v).all(|(&c, &x)| c == x + 1) && c.len() == len);
            // Where the cells are kept is no part of equality.
            assert!(Cells::Heap(v.clone()) == a);
            // Written in place, any cells become 81 inline ones.
            let mut d = Cells::from(v.clone());
            d.nine_mut()[80] = 7;
            assert!(matches!(d, Cells::Inline { len: 81, .. }) && d.len() == 81 && d[80] == 7);
        }
    }
}
