//! The rules, checked directly on the grid: duplicate digits in a house
//! (what LeetCode's "Valid Sudoku", `isValidSudoku`, checks) and a full solution
//! check that shares no code with the search.

#![forbid(unsafe_code)]

use super::grid::Grid;
use super::layout::Layout;
use super::names::{cell_name, digit_char};
use crate::cover::avx2::BitOps;
use std::fmt;
use std::sync::OnceLock;

/// Two cells of one house holding the same digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The digit.
    pub digit: u8,
    /// The two cells (indices `row * side + column`), in grid order.
    pub cells: (usize, usize),
    /// The house's name, e.g. `row 1`.
    pub house: String,
    /// The side of the grid (for naming cells).
    pub side: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} both hold {} ({})",
            cell_name(self.cells.0, self.side),
            cell_name(self.cells.1, self.side),
            digit_char(self.digit),
            self.house
        )
    }
}

/// The first conflict among the filled cells, in house order, if any.
/// Allocates only to describe a conflict it finds.
pub fn first_conflict(layout: &Layout, cells: &[u8]) -> Option<Conflict> {
    for house in layout.houses() {
        // Bit `v` for digit `v` (bit 0 for empty cells, ignored): a digit
        // seen twice sets its bit in `twice`. Branch-free; the conflict is
        // looked for only in a house that has one.
        let (mut seen, mut twice) = (0u64, 0u64);
        for &c in &house.cells {
            let bit = 1u64 << (cells[c] & 63);
            twice |= seen & bit;
            seen |= bit;
        }
        if twice & !1 != 0 {
            return Some(conflict_in(house, cells, layout.side()));
        }
    }
    None
}

/// The first cell of `house` holding a digit seen before in it, with that
/// digit's first cell.
fn conflict_in(house: &super::layout::House, cells: &[u8], side: usize) -> Conflict {
    let mut seen = 0u64;
    for &c in &house.cells {
        let v = cells[c];
        if v != 0 && seen & (1 << v) != 0 {
            let first = *house.cells.iter().find(|&&o| cells[o] == v).expect("seen before");
            return Conflict { digit: v, cells: (first, c), house: house.name(), side };
        }
        seen |= 1 << v;
    }
    unreachable!("the house has a repeated digit")
}

/// Every conflict: for each house, each pair of a digit's first cell and a
/// later cell with the same digit.
pub fn conflicts(layout: &Layout, grid: &Grid) -> Vec<Conflict> {
    let cells = grid.cells();
    let mut found = Vec::new();
    let mut first = vec![None; layout.side() + 1];
    for house in layout.houses() {
        first.fill(None);
        for &c in &house.cells {
            let v = cells[c];
            if v == 0 {
                continue;
            }
            match first[usize::from(v)] {
                None => first[usize::from(v)] = Some(c),
                Some(f) => found.push(Conflict { digit: v, cells: (f, c), house: house.name(), side: layout.side() }),
            }
        }
    }
    found
}

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotASolution {
    /// The grids differ in size.
    #[error("the grids differ in size")]
    Size,
    /// A cell is empty.
    #[error("{0} is empty")]
    Empty(String),
    /// A given was changed.
    #[error("{cell} holds {found} but the puzzle gives {given}")]
    GivenChanged {
        /// The cell.
        cell: String,
        /// The puzzle's digit.
        given: char,
        /// The solution's digit.
        found: char,
    },
    /// Two cells of a house hold the same digit.
    #[error("{0}")]
    Conflict(Conflict),
}

/// Checks that `solution` is a full grid that keeps the puzzle's givens and
/// breaks no rule of the layout.
pub fn check_solution(layout: &Layout, puzzle: &Grid, solution: &Grid) -> Result<(), NotASolution> {
    if puzzle.cells().len() != solution.cells().len() || solution.side() != layout.side() {
        return Err(NotASolution::Size);
    }
    keeps_the_givens(puzzle, solution)?;
    // Every cell is filled, so a house of `side` cells holds every digit
    // once exactly when the digits it holds are all different.
    let cells = solution.cells();
    let all = (1u64 << (layout.side() + 1)) - 2;
    let distinct = if layout.is_classic() {
        classic_houses_distinct(layout.box_size(), cells)
    } else {
        layout.houses().iter().all(|h| h.cells.iter().fold(0u64, |m, &c| m | 1 << (cells[c] & 63)) == all)
    };
    if distinct { Ok(()) } else { Err(named_conflict(layout, cells)) }
}

/// [`check_solution`] in the classic layout of the puzzle's size, which
/// it builds only to name what is wrong: checking a right answer takes
/// no layout, just the two grids.
pub fn check_classic_solution(puzzle: &Grid, solution: &Grid) -> Result<(), NotASolution> {
    if puzzle.cells().len() != solution.cells().len() {
        return Err(NotASolution::Size);
    }
    keeps_the_givens(puzzle, solution)?;
    if classic_houses_distinct(puzzle.box_size(), solution.cells()) {
        return Ok(());
    }
    Err(named_conflict(&Layout::classic_box(puzzle.box_size()), solution.cells()))
}

/// Whether every cell of `solution` is filled and keeps the puzzle's
/// given, if it has one: a branch-free pass (every grid a batch shows is
/// checked); the slow path only names what is wrong.
fn keeps_the_givens(puzzle: &Grid, solution: &Grid) -> Result<(), NotASolution> {
    // Bytes or'ed, not booleans, so that the compiler compares 16 cells at
    // a time; a 9×9 grid's fixed length lets it unroll the loop.
    let bad = |p: &[u8], s: &[u8]| {
        p.iter().zip(s).fold(0u8, |bad, (&p, &s)| bad | u8::from(s == 0) | u8::from((p != 0) & (p != s)))
    };
    let bad_cell = match (<&[u8; 81]>::try_from(puzzle.cells()), <&[u8; 81]>::try_from(solution.cells())) {
        (Ok(p), Ok(s)) => bad(p, s),
        _ => bad(puzzle.cells(), solution.cells()),
    };
    if bad_cell != 0 { Err(wrong_cell(puzzle, solution, solution.side())) } else { Ok(()) }
}

/// The conflict of a full grid known to break a rule of `layout`.
fn named_conflict(layout: &Layout, cells: &[u8]) -> NotASolution {
    match first_conflict(layout, cells) {
        Some(c) => NotASolution::Conflict(c),
        None => unreachable!("a full grid whose house lacks a digit repeats one"),
    }
}

/// Whether the rows, columns and boxes of the full grid `cells` (box size
/// `n`, 2..=5) each hold every digit: the check of the classic layout in
/// one pass over the cells, row by row and box segment by box segment,
/// rather than a pass over each house's list of cells (a quarter of the
/// instructions on 9×9).
fn classic_houses_distinct(n: usize, cells: &[u8]) -> bool {
    if let Ok(cells) = cells.try_into() {
        return classic_9_distinct(cells);
    }
    let side = n * n;
    let all = (1u32 << (side + 1)) - 2;
    let (mut columns, mut boxes) = ([0u32; 25], [0u32; 25]);
    let mut rows_ok = true;
    for (r, row) in cells.chunks_exact(side).enumerate() {
        let band = &mut boxes[r / n * n..][..n];
        let mut in_row = 0;
        for ((segment, in_box), columns) in row.chunks_exact(n).zip(band).zip(columns.chunks_exact_mut(n)) {
            let mut in_segment = 0;
            for (&v, column) in segment.iter().zip(columns) {
                let bit = 1u32 << (v & 31);
                in_segment |= bit;
                *column |= bit;
            }
            *in_box |= in_segment;
            in_row |= in_segment;
        }
        rows_ok &= in_row == all;
    }
    rows_ok && columns[..side].iter().chain(&boxes[..side]).all(|&m| m == all)
}

/// [`classic_houses_distinct`] for 9×9 (most grids checked are): compiled
/// for the bit instructions where the CPU has them, so that a digit's bit
/// takes one shift (BMI2's `shlx`) rather than a move and a shift.
fn classic_9_distinct(cells: &[u8; 81]) -> bool {
    static BIT_OPS: OnceLock<Option<BitOps>> = OnceLock::new();
    match *BIT_OPS.get_or_init(BitOps::detect) {
        Some(bit_ops) => bit_ops.run(
            #[inline(always)]
            || nine_distinct(cells),
        ),
        None => nine_distinct(cells),
    }
}

/// [`classic_9_distinct`], band by band and box segment by box segment,
/// in loops of fixed length that the compiler unrolls.
#[inline(always)]
fn nine_distinct(cells: &[u8; 81]) -> bool {
    const ALL: u16 = 0x3fe;
    let bit = |v: u8| 1u16 << (v & 15);
    let mut columns = [0u16; 9];
    let mut ok = true;
    for band in cells.chunks_exact(27) {
        let mut boxes = [0u16; 3];
        for row in band.chunks_exact(9) {
            let mut in_row = 0;
            for ((segment, in_box), column) in row.chunks_exact(3).zip(&mut boxes).zip(columns.chunks_exact_mut(3)) {
                let m = [bit(segment[0]), bit(segment[1]), bit(segment[2])];
                for (c, m) in column.iter_mut().zip(m) {
                    *c |= m;
                }
                *in_box |= m[0] | m[1] | m[2];
                in_row |= m[0] | m[1] | m[2];
            }
            ok &= in_row == ALL;
        }
        ok &= boxes == [ALL; 3];
    }
    ok && columns == [ALL; 9]
}

/// The first cell of `solution` that is empty or changes a given.
fn wrong_cell(puzzle: &Grid, solution: &Grid, side: usize) -> NotASolution {
    for (k, (&p, &s)) in puzzle.cells().iter().zip(solution.cells()).enumerate() {
        if s == 0 {
            return NotASolution::Empty(cell_name(k, side));
        }
        if p != 0 && p != s {
            return NotASolution::GivenChanged { cell: cell_name(k, side), given: digit_char(p), found: digit_char(s) };
        }
    }
    unreachable!("a cell is empty or changes a given")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift generator of numbers below its argument, from `seed`.
    fn numbers(mut state: u64) -> impl FnMut(usize) -> usize {
        move |m| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m as u64) as usize
        }
    }

    /// A solved classic grid of box size `n`.
    fn solved(n: usize) -> Vec<u8> {
        let side = n * n;
        (0..side * side).map(|k| ((k / side * n + k / side / n + k % side) % side + 1) as u8).collect()
    }

    /// The one-pass check of the classic houses agrees with the rules read
    /// house by house (`first_conflict`) on full grids of every box size:
    /// valid ones, and ones with two cells swapped or a cell changed.
    #[test]
    fn the_classic_check_agrees_with_the_houses() {
        let mut next = numbers(0x9e37_79b9_7f4a_7c15u64);
        let (mut valid, mut invalid) = (0, 0);
        for n in 2..=5 {
            let side = n * n;
            let layout = Layout::classic(n).unwrap();
            let solved = solved(n);
            assert!(classic_houses_distinct(n, &solved));
            if let Ok(nine) = <&[u8; 81]>::try_from(&solved[..]) {
                // The twin compiled without the bit instructions, as well.
                assert!(nine_distinct(nine));
            }
            for _ in 0..2000 {
                let mut cells = solved.clone();
                let (a, b) = (next(side * side), next(side * side));
                if next(2) == 0 {
                    cells.swap(a, b);
                } else {
                    cells[a] = next(side) as u8 + 1;
                }
                let ok = classic_houses_distinct(n, &cells);
                if let Ok(nine) = <&[u8; 81]>::try_from(&cells[..]) {
                    assert_eq!(nine_distinct(nine), ok);
                }
                assert_eq!(ok, first_conflict(&layout, &cells).is_none(), "n {n}: {cells:?}");
                if ok { valid += 1 } else { invalid += 1 }
            }
        }
        assert!(valid > 500 && invalid > 4000, "{valid} valid, {invalid} invalid");
    }

    /// The check without a layout gives what the check in the classic
    /// layout gives, error for error, on grids of every size: solutions,
    /// and ones with a cell emptied, a given changed, two cells swapped or
    /// a cell changed.
    #[test]
    fn the_check_without_a_layout_agrees_with_the_layout() {
        let mut next = numbers(0x853c_49e6_748f_ea9bu64);
        let mut verdicts = std::collections::HashSet::new();
        for n in 2..=5 {
            let side = n * n;
            let layout = Layout::classic(n).unwrap();
            let solved = solved(n);
            for _ in 0..1000 {
                let puzzle: Vec<u8> = solved.iter().map(|&v| if next(3) == 0 { v } else { 0 }).collect();
                let mut cells = solved.clone();
                let (a, b) = (next(side * side), next(side * side));
                match next(5) {
                    0 => cells[a] = 0,
                    1 => cells[a] = next(side) as u8 + 1,
                    2 => cells.swap(a, b),
                    _ => {}
                }
                let (puzzle, solution) = (Grid::from_cells(puzzle).unwrap(), Grid::from_cells(cells).unwrap());
                let want = check_solution(&layout, &puzzle, &solution);
                assert_eq!(check_classic_solution(&puzzle, &solution), want, "{solution:?}");
                verdicts.insert(want.map_err(|e| std::mem::discriminant(&e)));
            }
            let other = Grid::blank(if n == 2 { 3 } else { 2 });
            assert_eq!(check_classic_solution(&other, &Grid::from_cells(solved).unwrap()), Err(NotASolution::Size));
        }
        // Right answers, and empty cells, changed givens and conflicts.
        assert_eq!(verdicts.len(), 4, "{verdicts:?}");
    }
}
