//! A set of digits as a bitmask: bit `d - 1` stands for digit `d`, so
//! every grid up to 25×25 fits in a `u32`.

use std::fmt;

/// A set of digits (1 to 25).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u32);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// The set of digits `1..=side`.
    pub fn all(side: usize) -> DigitSet {
        DigitSet(((1u64 << side) - 1) as u32)
    }

    /// A set from its bitmask (bit `d - 1` for digit `d`).
    pub const fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }

    /// A set holding one digit.
    pub const fn single(digit: u8) -> DigitSet {
        DigitSet(1 << (digit - 1))
    }

    /// The bitmask (bit `d - 1` for digit `d`).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether the digit is in the set.
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && self.0 >> (digit - 1) & 1 == 1
    }

    /// The number of digits.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 { None } else { Some(self.0.trailing_zeros() as u8 + 1) }
    }

    /// The digits, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let d = DigitSet(bits).first()?;
            bits &= bits - 1;
            Some(d)
        })
    }

    /// The digits as a vector, in increasing order.
    pub fn to_vec(self) -> Vec<u8> {
        self.iter().collect()
    }
}

/// The indices of the set bits of a mask, in increasing order.
pub(crate) fn bit_indices(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> DigitSet {
        DigitSet(iter.into_iter().fold(0, |m, d| m | 1 << (d - 1)))
    }
}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_in_order() {
        let s: DigitSet = [9, 1, 5].into_iter().collect();
        assert_eq!(s.to_vec(), vec![1, 5, 9]);
        assert_eq!(s.len(), 3);
        assert!(s.contains(5) && !s.contains(4) && !s.contains(0));
        assert_eq!(DigitSet::all(25).len(), 25);
        assert_eq!(DigitSet::all(9).bits(), 0x1ff);
    }
}
