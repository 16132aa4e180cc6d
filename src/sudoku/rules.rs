//! The rules, checked directly on the grid: duplicate digits in a house
//! (what LeetCode's "Valid Sudoku", `isValidSudoku`, checks) and a full solution
//! check that shares no code with the search.

#![forbid(unsafe_code)]

use super::grid::Grid;
use super::layout::Layout;
use super::names::{cell_name, digit_char};
use std::fmt;

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
///
/// # Panics
///
/// If a cell holds more than the layout's side (0 is an empty cell), or
/// `cells` is shorter than the layout's grid: a
/// [`Grid`](crate::sudoku::Grid)'s cells never do.
pub fn first_conflict(layout: &Layout, cells: &[u8]) -> Option<Conflict> {
    let (most, side) = (cells.iter().copied().max().unwrap_or(0), layout.side());
    assert!(usize::from(most) <= side, "a cell holds {most}, past the grid's side {side} (0 is an empty cell)");
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
    if layout.is_classic() {
        return check_classic_solution(puzzle, solution);
    }
    keeps_the_givens(puzzle, solution)?;
    // Every cell is filled, so a house of `side` cells holds every digit
    // once exactly when the digits it holds are all different.
    let cells = solution.cells();
    let all = (1u64 << (layout.side() + 1)) - 2;
    if layout.houses().iter().all(|h| h.cells.iter().fold(0u64, |m, &c| m | 1 << (cells[c] & 63)) == all) {
        Ok(())
    } else {
        Err(named_conflict(layout, cells))
    }
}

/// [`check_solution`] in the classic layout of the puzzle's size, which
/// it builds only to name what is wrong: checking a right answer takes
/// no layout, just the two grids.
pub fn check_classic_solution(puzzle: &Grid, solution: &Grid) -> Result<(), NotASolution> {
    if puzzle.cells().len() != solution.cells().len() {
        return Err(NotASolution::Size);
    }
    if let (Ok(p), Ok(s)) = (<&[u8; 81]>::try_from(puzzle.cells()), <&[u8; 81]>::try_from(solution.cells())) {
        // A right answer (most grids checked are) passes here; anything
        // else is named below, in the order the checks are made there.
        if nine::solves(p, s) {
            return Ok(());
        }
    }
    keeps_the_givens(puzzle, solution)?;
    if classic_houses_distinct(puzzle.box_size(), solution.cells()) {
        return Ok(());
    }
    Err(named_conflict(&Layout::classic_box(puzzle.box_size()), solution.cells()))
}

/// Whether every cell of `solution` is filled and keeps the puzzle's
/// given, if it has one: a branch-free pass (every grid of a variant a
/// batch shows is checked); the slow path only names what is wrong.
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
/// rather than a pass over each house's list of cells. A value above the
/// grid's side fills no digit's place.
fn classic_houses_distinct(n: usize, cells: &[u8]) -> bool {
    let side = n * n;
    let all = (1u32 << (side + 1)) - 2;
    let bit = |v: u8| 1u32.checked_shl(u32::from(v)).unwrap_or(0) & all;
    let (mut columns, mut boxes) = ([0u32; 25], [0u32; 25]);
    let mut rows_ok = true;
    for (r, row) in cells.chunks_exact(side).enumerate() {
        let band = &mut boxes[r / n * n..][..n];
        let mut in_row = 0;
        for ((segment, in_box), columns) in row.chunks_exact(n).zip(band).zip(columns.chunks_exact_mut(n)) {
            let mut in_segment = 0;
            for (&v, column) in segment.iter().zip(columns) {
                let bit = bit(v);
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

/// The check of a 9×9 answer (most grids checked are): whether it keeps
/// the givens and its rows, columns and boxes each hold every digit, in
/// two passes over the 81 cells without a branch, a shift or a bounds
/// check. It only answers yes or no; the general path names what is wrong.
///
/// Every house has 9 cells, so it holds every digit once exactly when the
/// digits it holds, as bits `1 << (d - 1)` or'ed together, make `0x1ff`.
/// A cell's bits go into the word of its *segment* (the three cells of a
/// row in one box) for its band, at three places at once, read from a
/// table by the cell's value: the box's field, the field of its column
/// (of the segment's three), and the field of its row (of the band's
/// three). So one `or` per cell fills three houses: a band's three words
/// hold its boxes whole, its rows in three parts, and a third of each
/// column, all or'ed together at the end.
mod nine {
    /// A box's field: bits 0..9 of a segment's word.
    const BOX: u64 = 0x1ff;
    /// The fields of a segment's three columns: bits 9..36.
    const COLUMNS: u64 = ((1 << 27) - 1) << 9;
    /// The fields of a band's three rows: bits 36..63.
    const ROWS: u64 = ((1 << 27) - 1) << 36;

    /// `BITS[3 * r + c][v]`: the bits of value `v` in the word of its
    /// segment, for a cell in row `r` of its band and column `c` of its
    /// segment; 0 for a value that is no digit (0, or above 9), which
    /// then fills no house.
    static BITS: [[u64; 256]; 9] = bits();

    const fn bits() -> [[u64; 256]; 9] {
        let mut bits = [[0; 256]; 9];
        let mut place = 0;
        while place < 9 {
            let (r, c) = (place / 3, place % 3);
            let mut v = 1;
            while v <= 9 {
                let digit = 1u64 << (v - 1);
                bits[place][v] = digit | digit << (9 + 9 * c) | digit << (36 + 9 * r);
                v += 1;
            }
            place += 1;
        }
        bits
    }

    /// Whether `solution` is a solution of `puzzle` (see the module docs).
    pub(super) fn solves(puzzle: &[u8; 81], solution: &[u8; 81]) -> bool {
        houses_full(solution) && givens_kept(puzzle, solution)
    }

    /// Whether every row, column and box of `cells` holds every digit.
    pub(super) fn houses_full(cells: &[u8; 81]) -> bool {
        let mut columns = [0u64; 3];
        let mut ok = true;
        for band in 0..3 {
            let mut words = [0u64; 3];
            for r in 0..3 {
                for (s, word) in words.iter_mut().enumerate() {
                    for c in 0..3 {
                        *word |= BITS[3 * r + c][usize::from(cells[27 * band + 9 * r + 3 * s + c])];
                    }
                }
            }
            let [a, b, c] = words;
            ok &= a & b & c & BOX == BOX && (a | b | c) & ROWS == ROWS;
            for (column, word) in columns.iter_mut().zip(words) {
                *column |= word;
            }
        }
        let [a, b, c] = columns;
        ok && a & b & c & COLUMNS == COLUMNS
    }

    /// Whether every given of `puzzle` is kept in `solution`: bytes or'ed,
    /// not booleans, so that the compiler compares 16 cells at a time.
    fn givens_kept(puzzle: &[u8; 81], solution: &[u8; 81]) -> bool {
        puzzle.iter().zip(solution).fold(0u8, |bad, (&p, &s)| bad | (u8::from(p != 0) & u8::from(p != s))) == 0
    }
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
    use crate::sudoku::layout::Variant;

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

    /// A random solved classic grid of box size `n`: [`solved`] with its
    /// digits relabelled, its bands and stacks shuffled, the rows and
    /// columns within them too, and maybe transposed.
    fn random_solved(n: usize, next: &mut impl FnMut(usize) -> usize) -> Vec<u8> {
        let side = n * n;
        let mut shuffled = |k: usize| {
            let mut v: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                v.swap(i, next(i + 1));
            }
            v
        };
        let lines = |outer: &[usize], inner: &[Vec<usize>]| -> Vec<usize> {
            (0..side).map(|k| outer[k / n] * n + inner[k / n][k % n]).collect()
        };
        let (bands, stacks) = (shuffled(n), shuffled(n));
        let (in_bands, in_stacks): (Vec<_>, Vec<_>) = (0..n).map(|_| (shuffled(n), shuffled(n))).unzip();
        let (rows, columns) = (lines(&bands, &in_bands), lines(&stacks, &in_stacks));
        let digits = shuffled(side);
        let transposed = next(2) == 1;
        let base = solved(n);
        (0..side * side)
            .map(|k| {
                let (r, c) = if transposed { (k % side, k / side) } else { (k / side, k % side) };
                digits[usize::from(base[rows[r] * side + columns[c]]) - 1] as u8 + 1
            })
            .collect()
    }

    /// A random solved 9×9 grid of any shape, not only [`solved`]'s: the
    /// cells filled in order, each with the digits its row, column and box
    /// lack tried in a random order, backtracking on a dead end.
    fn random_nine(next: &mut impl FnMut(usize) -> usize) -> Vec<u8> {
        fn fill(cells: &mut [u8; 81], k: usize, next: &mut impl FnMut(usize) -> usize) -> bool {
            if k == 81 {
                return true;
            }
            let (r, c) = (k / 9, k % 9);
            let (r0, c0) = (r / 3 * 3, c / 3 * 3);
            let taken = |v: u8, cells: &[u8; 81]| {
                (0..9).any(|i| {
                    cells[r * 9 + i] == v || cells[i * 9 + c] == v || cells[(r0 + i / 3) * 9 + c0 + i % 3] == v
                })
            };
            let mut digits: Vec<u8> = (1..=9).collect();
            for i in (1..9).rev() {
                digits.swap(i, next(i + 1));
            }
            for v in digits {
                if !taken(v, cells) {
                    cells[k] = v;
                    if fill(cells, k + 1, next) {
                        return true;
                    }
                    cells[k] = 0;
                }
            }
            false
        }
        let mut cells = [0; 81];
        assert!(fill(&mut cells, 0, next));
        cells.to_vec()
    }

    /// The rules read one house at a time from its cells' positions,
    /// sharing nothing with the checks: whether every row, column and box
    /// of `cells` holds the digits 1..=side once each.
    fn houses_full_oracle(n: usize, cells: &[u8]) -> bool {
        let side = n * n;
        let full = |house: &mut dyn Iterator<Item = usize>| {
            let mut digits: Vec<u8> = house.map(|k| cells[k]).collect();
            digits.sort_unstable();
            digits.iter().copied().eq(1..=side as u8)
        };
        (0..side).all(|i| {
            let (r0, c0) = (i / n * n, i % n * n);
            full(&mut (0..side).map(|k| i * side + k))
                && full(&mut (0..side).map(|k| k * side + i))
                && full(&mut (0..side).map(|k| (r0 + k / n) * side + c0 + k % n))
        })
    }

    /// What a check must answer, from the oracle: the first cell (in grid
    /// order) that is empty or changes a given, else the first conflict
    /// house by house, else a solution.
    fn oracle(puzzle: &Grid, solution: &Grid) -> Result<(), NotASolution> {
        let (p, s, side) = (puzzle.cells(), solution.cells(), solution.side());
        if p.iter().zip(s).any(|(&p, &s)| s == 0 || (p != 0 && p != s)) {
            return Err(wrong_cell(puzzle, solution, side));
        }
        if houses_full_oracle(solution.box_size(), s) {
            return Ok(());
        }
        let conflict = first_conflict(&Layout::classic(solution.box_size()).unwrap(), s);
        Err(NotASolution::Conflict(conflict.expect("a full grid without every digit in a house repeats one")))
    }

    /// The ways to spoil a solution: each leaves it no longer one.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Defect {
        /// Two cells holding different digits swapped.
        Swapped,
        /// A cell changed to another digit.
        Changed,
        /// A cell emptied.
        Emptied,
        /// A given changed (the solution keeps its own digit).
        GivenChanged,
        /// Two columns of different stacks swapped: every row and column
        /// still holds every digit, but two boxes repeat one.
        BoxOnly,
        /// A cell set to a value that is no digit of the grid.
        NoDigit,
    }

    const DEFECTS: [Defect; 6] =
        [Defect::Swapped, Defect::Changed, Defect::Emptied, Defect::GivenChanged, Defect::BoxOnly, Defect::NoDigit];

    /// A random puzzle of `solution` (about a third of its cells given)
    /// and the solution spoilt by `defect`.
    fn spoil(solution: &[u8], n: usize, defect: Defect, next: &mut impl FnMut(usize) -> usize) -> (Vec<u8>, Vec<u8>) {
        let side = n * n;
        let mut puzzle: Vec<u8> = solution.iter().map(|&v| if next(3) == 0 { v } else { 0 }).collect();
        let mut cells = solution.to_vec();
        let a = next(side * side);
        match defect {
            Defect::Swapped => {
                let b = (0..).map(|_| next(side * side)).find(|&b| cells[b] != cells[a]).unwrap();
                cells.swap(a, b);
            }
            Defect::Changed => cells[a] = (cells[a] + next(side - 1) as u8) % side as u8 + 1,
            Defect::Emptied => cells[a] = 0,
            Defect::GivenChanged => puzzle[a] = (cells[a] + next(side - 1) as u8) % side as u8 + 1,
            Defect::BoxOnly => loop {
                // Columns of different stacks; some pairs leave every box
                // whole (the same digits in each band), so until one doesn't.
                let c = next(side);
                let d = (c / n + 1 + next(n - 1)) % n * n + next(n);
                for r in 0..side {
                    cells.swap(r * side + c, r * side + d);
                }
                if !houses_full_oracle(n, &cells) {
                    break;
                }
            },
            // Past the side, and for 9×9 the values that are digits in
            // their low four or five bits (17 is 1 and 33 is 1 there).
            Defect::NoDigit => cells[a] = [side + 1, side + 7, side + 8, 33, 65, 129, 255][next(7)] as u8,
        }
        (puzzle, cells)
    }

    /// The 9×9 check agrees with the oracle: it accepts random solutions
    /// of random puzzles, and rejects every one spoilt in any way; the
    /// houses alone, too (a changed given spoils no house).
    #[test]
    fn the_nine_check_rejects_every_defect() {
        let mut next = numbers(0x2545_f491_4f6c_dd1du64);
        for k in 0..3000 {
            let solution = if k % 2 == 0 { random_nine(&mut next) } else { random_solved(3, &mut next) };
            let s: &[u8; 81] = solution[..].try_into().unwrap();
            assert!(houses_full_oracle(3, s) && nine::houses_full(s), "{solution:?}");
            let puzzle: Vec<u8> = solution.iter().map(|&v| if next(3) == 0 { v } else { 0 }).collect();
            assert!(nine::solves(puzzle[..].try_into().unwrap(), s));
            for defect in DEFECTS {
                let (puzzle, cells) = spoil(&solution, 3, defect, &mut next);
                let (p, c): (&[u8; 81], &[u8; 81]) = (puzzle[..].try_into().unwrap(), cells[..].try_into().unwrap());
                assert!(!nine::solves(p, c), "{defect:?}: {puzzle:?} {cells:?}");
                let spoils_a_house = defect != Defect::GivenChanged;
                assert_eq!(nine::houses_full(c), !spoils_a_house, "{defect:?}: {cells:?}");
                assert_eq!(houses_full_oracle(3, c), !spoils_a_house, "{defect:?}: {cells:?}");
            }
        }
    }

    /// The general one-pass check of the classic houses agrees with the
    /// oracle on full grids of every box size: solutions, and ones with
    /// two cells swapped, a cell changed, two columns of different stacks
    /// swapped, or a value that is no digit.
    #[test]
    fn the_classic_check_agrees_with_the_houses() {
        let mut next = numbers(0x9e37_79b9_7f4a_7c15u64);
        for n in 2..=5 {
            for _ in 0..500 {
                let solution = random_solved(n, &mut next);
                assert!(classic_houses_distinct(n, &solution));
                for defect in [Defect::Swapped, Defect::Changed, Defect::BoxOnly, Defect::NoDigit] {
                    let (_, cells) = spoil(&solution, n, defect, &mut next);
                    assert!(!houses_full_oracle(n, &cells));
                    assert!(!classic_houses_distinct(n, &cells), "n {n}, {defect:?}: {cells:?}");
                }
            }
        }
    }

    /// Both checks give the oracle's verdict, error for error, on grids of
    /// every size: solutions, and ones spoilt in every way but a value
    /// that is no digit (which no grid holds).
    #[test]
    fn the_checks_name_what_the_oracle_names() {
        let mut next = numbers(0x853c_49e6_748f_ea9bu64);
        let mut verdicts = std::collections::HashSet::new();
        for n in 2..=5 {
            let layout = Layout::classic(n).unwrap();
            let x = Layout::variant(Variant::X, n).unwrap();
            for _ in 0..300 {
                let solution =
                    if n == 3 && next(2) == 0 { random_nine(&mut next) } else { random_solved(n, &mut next) };
                // A solution, or one spoilt in some way.
                let defect = DEFECTS.get(next(DEFECTS.len() + 1)).copied();
                let (puzzle, cells) = match defect.filter(|&d| d != Defect::NoDigit) {
                    Some(defect) => spoil(&solution, n, defect, &mut next),
                    None => (solution.iter().map(|&v| if next(3) == 0 { v } else { 0 }).collect(), solution),
                };
                let (puzzle, solution) = (Grid::from_cells(puzzle).unwrap(), Grid::from_cells(cells).unwrap());
                let want = oracle(&puzzle, &solution);
                assert_eq!(check_classic_solution(&puzzle, &solution), want, "{solution:?}");
                assert_eq!(check_solution(&layout, &puzzle, &solution), want, "{solution:?}");
                // X adds houses: a solution may break them, nothing else.
                let in_x = check_solution(&x, &puzzle, &solution);
                assert!(in_x == want || want.is_ok() && matches!(in_x, Err(NotASolution::Conflict(_))));
                verdicts.insert(want.map_err(|e| std::mem::discriminant(&e)));
            }
            let other = Grid::blank(if n == 2 { 3 } else { 2 });
            let solved = Grid::from_cells(solved(n)).unwrap();
            assert_eq!(check_classic_solution(&other, &solved), Err(NotASolution::Size));
            assert_eq!(check_solution(&layout, &other, &solved), Err(NotASolution::Size));
        }
        // Right answers, and empty cells, changed givens and conflicts.
        assert_eq!(verdicts.len(), 4, "{verdicts:?}");
    }
}
