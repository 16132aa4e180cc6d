//! Aligned sets known to exclude nothing, remembered from one scan to the
//! next on the same thread.
//!
//! Whether a set of base cells excludes a digit depends only on the
//! candidates of its cells and of its common cells: the cells that see
//! all of them with no more candidates than the set has cells (two for a
//! pair, two or three for a triple). The rater scans for aligned
//! exclusions step after step, and a step changes few cells, so a set
//! tried on the last board and found quiet is quiet again when its cells
//! have not changed, nor any cell seeing all of them that had or has
//! two to three candidates (which could be a common cell on either
//! board): the scan skips it.
//!
//! **Invariant.** `known` holds exactly the sets on `list`, each tried on
//! the board `cand` (or skipped there by this rule) and found quiet.

use crate::sudoku::logic::se::board::{Board, CellSet, PEER_SETS};
use std::cell::RefCell;

/// The sets of one degree (2 or 3 cells) known quiet on one board.
struct Memo {
    cand: [u16; 81],
    /// A bit per set, by its index (see [`index`]).
    known: Vec<u64>,
    list: Vec<u32>,
}

thread_local! {
    static MEMO: RefCell<[Option<Memo>; 2]> = const { RefCell::new([None, None]) };
}

impl Memo {
    fn empty(degree: usize) -> Memo {
        Memo { cand: [u16::MAX; 81], known: vec![0; 81usize.pow(degree as u32).div_ceil(64)], list: Vec::new() }
    }
}

/// The number of a set of 2 or 3 cells, whatever their order.
fn index(cells: &[usize]) -> u32 {
    let mut s = [0usize; 3];
    s[..cells.len()].copy_from_slice(cells);
    let s = &mut s[..cells.len()];
    s.sort_unstable();
    s.iter().fold(0, |i, &k| i * 81 + k as u32)
}

/// One scan's use of the memory: what the last scan of this degree left,
/// and what this one finds, handed back by [`Scan::finish`].
pub(super) struct Scan {
    degree: usize,
    last: Memo,
    /// The cells whose candidates differ from the last board's.
    changed: CellSet,
    /// Those of them that had, or have, two to `degree` candidates: only
    /// those can be common cells of a set, on the last board or on this.
    changed_small: CellSet,
    now: Vec<u32>,
    cand: [u16; 81],
}

impl Scan {
    /// Starts a scan of sets of `degree` cells on `b`.
    pub(super) fn start(b: &Board, degree: usize) -> Scan {
        let last = MEMO.with(|m| m.borrow_mut()[degree - 2].take()).unwrap_or_else(|| Memo::empty(degree));
        Scan::after(last, b, degree)
    }

    /// A scan with no memory (and that leaves none: not to be finished).
    #[cfg(test)]
    pub(super) fn empty(b: &Board, degree: usize) -> Scan {
        Scan::after(Memo::empty(degree), b, degree)
    }

    /// The sets this scan found quiet, by number, in increasing order.
    #[cfg(test)]
    pub(super) fn found_quiet(&self) -> Vec<u32> {
        let mut v = self.now.clone();
        v.sort_unstable();
        v
    }

    fn after(last: Memo, b: &Board, degree: usize) -> Scan {
        let changed = (0..81).filter(|&k| last.cand[k] != b.cand[k]).fold(0, |m, k| m | 1u128 << k);
        let small = |m: u16| (2..=degree as u32).contains(&m.count_ones());
        let changed_small = (0..81)
            .filter(|&k| changed >> k & 1 != 0 && (small(last.cand[k]) || small(b.cand[k])))
            .fold(0, |m, k| m | 1u128 << k);
        let now = Vec::with_capacity(last.list.len());
        Scan { degree, last, changed, changed_small, now, cand: b.cand }
    }

    /// Whether `cells` are known quiet on this board.
    pub(super) fn known_quiet(&mut self, cells: &[usize]) -> bool {
        let i = index(cells);
        let known = self.last.known[i as usize / 64] >> (i % 64) & 1 != 0;
        if !known {
            return false;
        }
        let around = cells.iter().fold(!0u128, |m, &k| m & PEER_SETS[k]);
        let own = cells.iter().fold(0u128, |m, &k| m | 1u128 << k);
        let quiet = own & self.changed == 0 && around & self.changed_small == 0;
        if quiet {
            self.now.push(i);
        }
        quiet
    }

    /// Records that `cells` were tried and found quiet.
    pub(super) fn quiet(&mut self, cells: &[usize]) {
        self.now.push(index(cells));
    }

    /// Hands the memory over to the next scan.
    pub(super) fn finish(self) {
        let Scan { degree, mut last, now, cand, .. } = self;
        for &i in &last.list {
            last.known[i as usize / 64] &= !(1 << (i % 64));
        }
        for &i in &now {
            last.known[i as usize / 64] |= 1 << (i % 64);
        }
        last.list = now;
        last.cand = cand;
        MEMO.with(|m| m.borrow_mut()[degree - 2] = Some(last));
    }
}

#[cfg(test)]
mod tests {
    use crate::sudoku::logic::se::board::same_as_on_a_fresh_thread;
    use crate::sudoku::logic::se::techniques::aligned_exclusion::find_se;

    /// Along walks of boards, each a few candidates short of the last, the
    /// scans with the memory of the last board find what scans on a fresh
    /// thread find.
    #[test]
    fn scans_with_memory_equal_fresh_scans() {
        let pairs = same_as_on_a_fresh_thread(21, 9, |w| 350 + 15 * w, |b| find_se(b, 2));
        let triples = same_as_on_a_fresh_thread(22, 9, |w| 400 + 10 * w, |b| find_se(b, 3));
        assert!(pairs > 5 && triples > 5, "too few exclusions to compare: {pairs}, {triples}");
    }
}
