//! The k-subsets of n items in the order Sudoku Explainer visits them: by
//! increasing bitmask (Gosper's hack). The order decides which of several
//! equally rated patterns is applied first, so it is kept.

/// Every `k`-subset of `0..n` as a bitmask, in increasing numeric order
/// (one empty subset when `k == 0`).
pub(crate) fn subsets(k: u32, n: u32) -> impl Iterator<Item = u32> {
    let first: Option<u32> = if k > n { None } else { Some((1u32 << k) - 1) };
    let limit = 1u64 << n;
    std::iter::successors(first, move |&v| {
        if v == 0 {
            return None;
        }
        let smallest = v & v.wrapping_neg();
        let ripple = v as u64 + smallest as u64;
        if ripple >= limit {
            return None;
        }
        let ripple = ripple as u32;
        let ones = ((v ^ ripple) >> 2) / smallest;
        Some(ripple | ones)
    })
}

/// Every `k`-subset of `0..n` for `n` up to 64, as sorted index lists, in
/// the same order as [`subsets`].
pub(crate) fn subsets64(k: u32, n: u32) -> impl Iterator<Item = Vec<usize>> {
    let first: Option<u64> = if k > n || n > 64 { None } else { Some(if k == 64 { !0 } else { (1u64 << k) - 1 }) };
    let limit: u128 = 1u128 << n;
    std::iter::successors(first, move |&v| {
        if v == 0 {
            return None;
        }
        let smallest = v & v.wrapping_neg();
        let ripple = u128::from(v) + u128::from(smallest);
        if ripple >= limit {
            return None;
        }
        let ripple = ripple as u64;
        Some(ripple | (((v ^ ripple) >> 2) / smallest))
    })
    .map(|m| (0..64).filter(|i| m >> i & 1 != 0).collect())
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gosper_order() {
        let v: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(v, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(3, 9).count(), 84);
        assert_eq!(subsets(0, 5).collect::<Vec<_>>(), vec![0]);
        assert_eq!(subsets(9, 9).collect::<Vec<_>>(), vec![0x1ff]);
        assert_eq!(subsets(4, 3).count(), 0);
        assert_eq!(bits(0b1010).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(subsets64(2, 40).count(), 780);
        assert_eq!(subsets64(2, 40).last(), Some(vec![38, 39]));
    }
}
