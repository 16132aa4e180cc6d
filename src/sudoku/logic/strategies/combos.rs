//! Combinations of `k` items out of `n`, in lexicographic order, with an
//! early exit: the subset searches (naked and hidden subsets, fish) all
//! look for the first combination with some property.

/// Calls `f` with each `k`-subset of `0..n` (as sorted indices), in
/// lexicographic order, until it returns `Some`.
pub(crate) fn first_combination<T>(n: usize, k: usize, mut f: impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
    if k == 0 || k > n {
        return None;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        if let Some(t) = f(&idx) {
            return Some(t);
        }
        // Advance: the rightmost index that can still move right.
        let mut i = k;
        while i > 0 && idx[i - 1] == n - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return None;
        }
        idx[i - 1] += 1;
        for j in i..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_in_order() {
        let mut seen = Vec::new();
        let none: Option<()> = first_combination(5, 3, |s| {
            seen.push(s.to_vec());
            None
        });
        assert!(none.is_none());
        assert_eq!(seen.len(), 10);
        assert_eq!(seen[0], vec![0, 1, 2]);
        assert_eq!(seen[9], vec![2, 3, 4]);
        assert_eq!(first_combination(4, 2, |s| (s == [1, 3]).then_some(7)), Some(7));
        assert_eq!(first_combination(2, 3, |_| Some(())), None);
    }
}
