//! The links of one node, SE's way, on a board as it is now: the off
//! nodes an on node implies and the on nodes an off node implies, each in
//! SE's order, with their causes. The propagation reads them on its
//! working grid ([`super::propagate`]); [`Links`](super::links::Links)
//! lists them once for a fixed board, in the same order.
//!
//! * An **on** node `d@c` turns off the other candidates of `c` (unless
//!   cell links are left out, as for Nishio) and `d` in `c`'s peers:
//!   block, then the rest of the row, then of the column.
//! * An **off** node `d@c` turns on the other candidate of `c` when `c`
//!   has two, and the other place of `d` in each house of `c` where `d`
//!   has two places, each key once.

use super::run::{Cause, Key, key};
use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{Board, INDEX_IN, REGIONS, REGIONS_OF};

/// The off nodes that an on node `d@c` implies, in SE's order, with their
/// causes.
pub(crate) fn on_to_off(cur: &Board, c: usize, d: u8, cells: bool, out: &mut Vec<(Key, Cause)>) {
    cell_offs(cur.cand[c], c, d, cells, out);
    // The peers in SE's order (block, then the rest of the row, then of
    // the column), read from the houses' places of `d`.
    for (t, &skip) in OUTSIDE[c].iter().enumerate() {
        let r = REGIONS_OF[c][t];
        let mut places = cur.places(usize::from(r), d) & !skip;
        while places != 0 {
            let i = places.trailing_zeros() as usize;
            places &= places - 1;
            out.push((key(usize::from(REGIONS[usize::from(r)][i]), d, false), Cause::Region(r)));
        }
    }
}

/// Empties `out`, then (with `cells`) lists the other candidates of cell
/// `c`, whose mask is `cand`, turned off by `d@c` on: the first links of
/// an on node.
pub(crate) fn cell_offs(cand: u16, c: usize, d: u8, cells: bool, out: &mut Vec<(Key, Cause)>) {
    out.clear();
    if cells {
        let mut others = cand & !(1 << (d - 1));
        while others != 0 {
            let v = others.trailing_zeros() as u8 + 1;
            others &= others - 1;
            out.push((key(c, v, false), Cause::Cell));
        }
    }
}

/// For each cell and each of its houses (block, row, column), the places
/// of the house that are not peers met in an earlier house: the cell
/// itself in its block, and the block's three in its row and column.
const OUTSIDE: [[u16; 3]; 81] = outside();

const fn outside() -> [[u16; 3]; 81] {
    let mut out = [[0u16; 3]; 81];
    let mut k = 0;
    while k < 81 {
        let (row, col) = (k / 9, k % 9);
        out[k] = [1 << INDEX_IN[k][0], 0b111 << (col / 3 * 3), 0b111 << (row / 3 * 3)];
        k += 1;
    }
    out
}

/// The on nodes an off node `d@c` implies (keys and causes), in SE's
/// order, on the grid `cur`: the cell's other candidate (with `cells`,
/// when it has two), then the other place of `d` in each house of `c`
/// where it has two (with `regions`), each key once.
pub(crate) fn off_to_on(cur: &Board, c: usize, d: u8, cells: bool, regions: bool, out: &mut Vec<(Key, Cause)>) {
    out.clear();
    if cells && cur.cand[c].two() {
        let other = (cur.cand[c] & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
        out.push((key(c, other, true), Cause::Cell));
    }
    if regions {
        for t in 0..3 {
            let r = REGIONS_OF[c][t] as usize;
            let now = cur.places(r, d);
            if !now.two() {
                continue;
            }
            let i = (now & !(1 << INDEX_IN[c][t])).trailing_zeros() as usize;
            let k = key(REGIONS[r][i] as usize, d, true);
            if out.iter().any(|&(o, _)| o == k) {
                continue;
            }
            out.push((k, Cause::Region(r as u8)));
        }
    }
}
