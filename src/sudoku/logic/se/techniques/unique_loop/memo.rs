//! The loops of each digit pair, remembered from one search to the next on
//! the same thread.
//!
//! SE's loop search from a cell holding exactly the pair `{a,b}` looks only
//! at the cells holding both digits, and at their candidates. The rater
//! asks for unique loops step after step, and a step changes few cells,
//! so for most pairs those cells and candidates are as they were: the
//! loops found then are found again, without searching.
//!
//! **Invariant.** An entry holds, for one pair, the candidates of the cells
//! holding both digits (0 elsewhere) on the board it was made for, and
//! the loops the search found from each of that board's cells holding
//! exactly the pair, in cell order.

use crate::sudoku::logic::se::board::{Board, Pop};
use std::cell::RefCell;

struct Entry {
    pair: u16,
    cells: [u16; 81],
    /// For each start cell, its loops.
    loops: Vec<(usize, Vec<Vec<usize>>)>,
}

thread_local! {
    static MEMO: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The cells' candidates as the loop search of `pair` sees them.
fn seen(b: &Board, pair: u16) -> [u16; 81] {
    std::array::from_fn(|k| if b.cand[k] & pair == pair { b.cand[k] } else { 0 })
}

/// Calls `visit` for each cell of `b` with two candidates, in cell order,
/// with the pair and the loops `search(cell, pair)` finds from it,
/// searched only for the pairs whose cells changed since the last call on
/// this thread.
pub(super) fn loops(
    b: &Board,
    search: impl Fn(usize, u16) -> Vec<Vec<usize>>,
    mut visit: impl FnMut(u16, &[Vec<usize>]),
) {
    // The memory is taken out while `search` and `visit` run, so that no
    // borrow is held across a call we do not control; it is put back at
    // the end.
    let mut memo = MEMO.with(|m| std::mem::take(&mut *m.borrow_mut()));
    let mut fresh: Vec<Entry> = Vec::new();
    let starts = (0..81).filter(|&k| b.cand[k].two());
    for k in starts.clone() {
        let pair = b.cand[k];
        if fresh.iter().any(|e| e.pair == pair) {
            continue;
        }
        let cells = seen(b, pair);
        let kept = memo.iter().position(|e| e.pair == pair && e.cells == cells);
        let entry = match kept {
            Some(i) => memo.swap_remove(i),
            None => {
                let loops = starts.clone().filter(|&s| b.cand[s] == pair).map(|s| (s, search(s, pair))).collect();
                Entry { pair, cells, loops }
            }
        };
        fresh.push(entry);
    }
    for k in starts {
        let entry = fresh.iter().find(|e| e.pair == b.cand[k]).expect("every start's pair has an entry");
        let loops = &entry.loops.iter().find(|(s, _)| *s == k).expect("every start has its loops").1;
        visit(b.cand[k], loops);
    }
    MEMO.with(|m| *m.borrow_mut() = fresh);
}

#[cfg(test)]
mod tests {
    use crate::sudoku::logic::se::board::same_as_on_a_fresh_thread;
    use crate::sudoku::logic::se::techniques::unique_loop::find_se;

    /// Along walks of boards, each a few candidates short of the last, the
    /// searches with the memory of the last board find what searches on a
    /// fresh thread find. Six digits, so that pairs repeat and loops form.
    #[test]
    fn searches_with_memory_equal_fresh_searches() {
        let found = same_as_on_a_fresh_thread(31, 6, |w| 300 + 5 * w, find_se);
        assert!(found > 20, "too few loops to compare: {found}");
    }
}
