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

/// Every `k`-subset of the set bits of `mask` (at most 16 bits), in
/// increasing numeric order: the subsets [`subsets`] gives that lie
/// within `mask`, in the same order, without visiting the others.
pub(crate) fn subsets_of(k: u32, mask: u32) -> impl Iterator<Item = u32> {
    let mut at = [0u8; 16];
    let m = mask.count_ones();
    for (j, i) in bits(mask).enumerate() {
        at[j] = i as u8;
    }
    // A subset of `0..m` deposited on the bits of `mask`: the order is
    // kept, since the `j`-th lowest bit goes to the `j`-th lowest place.
    subsets(k, m).map(move |v| bits(v).fold(0, |out, j| out | 1 << at[j]))
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
    }

    /// For every mask of 9 bits and every size, the subsets within the mask
    /// come in the order of all subsets, filtered.
    #[test]
    fn subsets_of_a_mask_are_the_filtered_subsets() {
        for mask in 0..1u32 << 9 {
            for k in 0..=9 {
                let filtered: Vec<u32> = subsets(k, 9).filter(|s| s & !mask == 0).collect();
                assert_eq!(subsets_of(k, mask).collect::<Vec<_>>(), filtered, "{mask:#b} {k}");
            }
        }
    }
}
