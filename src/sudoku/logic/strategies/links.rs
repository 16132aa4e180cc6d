//! Strong links: a digit with exactly two places in a house. One of the two
//! cells holds it (a strong link); two cells that see each other can't
//! both hold it (a weak link). The single-digit patterns (Skyscraper,
//! 2-String Kite, W-Wing, colouring, X-Chains) are built from these.

use crate::sudoku::logic::candidates::Candidates;

/// A strong link on one digit: the two cells (in grid order) and the
/// house that makes them conjugate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StrongLink {
    pub a: usize,
    pub b: usize,
    pub house: usize,
}

/// Every strong link of `digit`, in house order. A pair of cells that is
/// conjugate in two houses (a row and a box) appears once per house.
pub(crate) fn strong_links(c: &Candidates, digit: u8) -> Vec<StrongLink> {
    let mut out = Vec::new();
    for (h, house) in c.geo.houses.iter().enumerate() {
        let p = c.places(h, digit);
        if p.count_ones() == 2 {
            let i = p.trailing_zeros() as usize;
            let j = (p & (p - 1)).trailing_zeros() as usize;
            out.push(StrongLink { a: house.cells[i], b: house.cells[j], house: h });
        }
    }
    out
}

/// The cells other than `a` and `b` that see both and hold `digit`, as
/// eliminations.
pub(crate) fn seeing_both(c: &Candidates, a: usize, b: usize, digit: u8) -> Vec<(usize, u8)> {
    (c.geo.peers[a].iter().copied())
        .filter(|&k| k != b && c.geo.sees(b, k) && c.has(k, digit))
        .map(|k| (k, digit))
        .collect()
}
