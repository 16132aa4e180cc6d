//! One board of the band search and its deductions: a plain value of 240
//! bytes, of which the search saves the cells before a guess ([`Saved`]).
//!
//! `p[b][d]` holds, for band `b` and digit `d + 1`, the band's cells
//! (bit `9 * row + column`, see [`super::tables`]) that hold the digit or
//! may still hold it: a cell keeps its own digit's bit once placed.
//! `unsolved[b]` holds the band's empty cells. `done[b][d]` is `p[b][d]`
//! as the last band update left it. Band first: a cell's digits are
//! neighbours in memory, which placing a cell clears at once.
//!
//! **Invariant.** Every solution of the board puts each digit in cells
//! of its `p`: the deductions below only remove cells where no solution
//! can put the digit. A placed cell has its own digit's bit and no
//! other. A band whose `p` equals its `done` has had its update
//! ([`Board::update`]) since it last changed; at a fixed point
//! ([`Board::settle`]) that holds for all 27.
//!
//! **Why a settled board with no empty cell is a solution.** At a fixed
//! point each digit's cells in a band leave a way to place it once in each
//! row and each box (`keep` is not 0), so each of the 9 digits has at
//! least 3 of the band's 27 cells; with every cell placed (one bit each)
//! that is exactly one cell in each row and box. Each box's cell is then
//! alone in its column within the band, so the band's update took that
//! column from the other two bands: no column holds a digit twice.

#![forbid(unsafe_code)]

use super::tables::{ALL, SEEN, SPREAD, STAY, TABLES, column_cells, columns, segments};
use crate::sudoku::deduction::{Dead, Outcome};

/// One board (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(super) struct Board {
    /// Per band and digit: the cells that hold the digit or may.
    p: [[u32; 9]; 3],
    /// Per band and digit: `p` as the band's last update left it.
    done: [[u32; 9]; 3],
    /// Per band: the empty cells.
    pub(super) unsolved: [u32; 3],
    /// Per band: the empty cells with two candidates, as the last naked
    /// round found them.
    pub(super) pairs: [u32; 3],
}

/// A stuck board as the search saves it before a guess: its cells and
/// empty cells. A stuck board is at a fixed point, where every band's
/// `done` equals its `p`, and its pairs have chosen the guess already,
/// so the rest need no saving (a little over half the board's bytes).
#[derive(Clone, Copy, Debug)]
pub(super) struct Saved {
    p: [[u32; 9]; 3],
    unsolved: [u32; 3],
}

/// Calls `$m!(d, b)` for each digit index `d` and band `b`, band by
/// band, as literals.
macro_rules! each_band {
    ($m:ident) => {
        $m!(0, 0);
        $m!(1, 0);
        $m!(2, 0);
        $m!(3, 0);
        $m!(4, 0);
        $m!(5, 0);
        $m!(6, 0);
        $m!(7, 0);
        $m!(8, 0);
        $m!(0, 1);
        $m!(1, 1);
        $m!(2, 1);
        $m!(3, 1);
        $m!(4, 1);
        $m!(5, 1);
        $m!(6, 1);
        $m!(7, 1);
        $m!(8, 1);
        $m!(0, 2);
        $m!(1, 2);
        $m!(2, 2);
        $m!(3, 2);
        $m!(4, 2);
        $m!(5, 2);
        $m!(6, 2);
        $m!(7, 2);
        $m!(8, 2);
    };
}

/// The two other bands of band `b`.
const OTHERS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

impl Board {
    /// No givens: every digit may go anywhere, and no band has had its
    /// update. `done` starts as no `p` can be (they have 27 bits), so
    /// that every band and digit has its first update, a digit that the
    /// givens leave no cell included (then `Dead`).
    pub(super) const EMPTY: Board =
        Board { p: [[ALL; 9]; 3], done: [[u32::MAX; 9]; 3], unsolved: [ALL; 3], pairs: [0; 3] };

    /// The board of the givens `cells` (81, row by row, 0 for empty). A
    /// value past 9 is no digit: its cell can hold none, and the board
    /// has no solution. Givens that clash (one digit twice in a house)
    /// leave a board that has none either: the band updates at the root
    /// find a row or box of the band with no way left, or a given's cell
    /// taken by the other's column (the caller names the clash).
    #[inline(always)]
    pub(super) fn load(cells: &[u8; 81]) -> Board {
        // Per band and value: its cells (value 0: the empty ones). One
        // pass, without a branch per cell.
        let mut given = [[0u32; 16]; 3];
        for (band, row) in given.iter_mut().zip(cells.chunks_exact(27)) {
            for (i, &v) in row.iter().enumerate() {
                band[usize::from(v & 15)] |= 1 << i;
            }
        }
        let mut board = Board::EMPTY;
        for d in 0..9 {
            let g = [given[0][d + 1], given[1][d + 1], given[2][d + 1]];
            let taken = column_cells(columns(g[0] | g[1] | g[2]));
            for b in 0..3 {
                board.p[b][d] = given[b][0] & !taken & !SEEN[segments(g[b]).0] | g[b];
            }
        }
        board.unsolved = [given[0][0], given[1][0], given[2][0]];
        board
    }

    /// The board to save, stuck ([`Board::settle`] said so).
    #[inline(always)]
    pub(super) fn save(&self) -> Saved {
        Saved { p: self.p, unsolved: self.unsolved }
    }

    /// The stuck board `saved` was made from (its pairs aside).
    #[inline(always)]
    pub(super) fn restore(saved: &Saved) -> Board {
        Board { p: saved.p, done: saved.p, unsolved: saved.unsolved, pairs: [0; 3] }
    }

    /// Places digit `d + 1` in cell `i` of band `b`, which may hold it:
    /// the cell's other digits and the digit's other cells in the cell's
    /// row and box go (its column, in the other bands, goes at the band's
    /// next update).
    #[inline(always)]
    pub(super) fn put(&mut self, d: usize, b: usize, i: usize) {
        // Clamped and masked rather than taken modulo: the same for the
        // indices the search passes, and cheaper.
        let (b, i) = (b.min(2), i & 31);
        let bit = 1u32 << i;
        for x in &mut self.p[b] {
            *x &= !bit;
        }
        self.p[b][d.min(8)] = (self.p[b][d.min(8)] | bit) & STAY[i];
        self.unsolved[b] &= !bit;
    }

    /// The candidates of cell `i` of band `b` (bit `d` for digit `d + 1`).
    #[inline(always)]
    pub(super) fn candidates(&self, b: usize, i: usize) -> u32 {
        let mut m = 0;
        for (d, x) in self.p[b.min(2)].iter().enumerate() {
            m |= (x >> (i & 31) & 1) << d;
        }
        m
    }

    /// The empty cells.
    #[inline(always)]
    pub(super) fn open(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    /// Whether every cell is placed.
    #[inline(always)]
    pub(super) fn solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Updates band `b` of digit `d`: keeps only the cells of its segments
    /// that a way to place the digit once in each row and box uses, takes
    /// the columns it must use from the other bands, and places the cells
    /// alone in their row (hidden singles). With `forced`, first keeps in
    /// each box only its *forced column*, if it has one: a column the
    /// other bands can't give the digit. `Dead` when no way is left.
    #[inline(always)]
    fn update(&mut self, d: usize, b: usize, forced: bool) -> Result<(), Dead> {
        let (b, d) = (b % 3, d % 9);
        let [o1, o2] = OTHERS[b];
        // The columns the other bands can't give the digit are this
        // band's to fill (hidden singles in columns, locked candidates
        // down a stack); one with no cell left here is a contradiction.
        // A forced column with no cell here, or two in one box, leaves a
        // box with no cell, which `keep` then finds.
        let x = if forced {
            // (Without: a weaker deduction, still a sound one; the
            // search guesses what it misses.)
            let forced = 0o777 & !columns(self.p[o1][d] | self.p[o2][d]);
            self.p[b][d] & TABLES.forced[forced]
        } else {
            self.p[b][d]
        };
        let (pattern, lone) = segments(x);
        let x = x & TABLES.keep[pattern];
        if x == 0 {
            return Err(Dead);
        }
        let other = TABLES.other_bands[columns(x) & 511];
        self.p[o1][d] &= other;
        self.p[o2][d] &= other;
        // Cells alone in their row hold the digit: the other digits leave
        // them (without a branch: usually there are none). Such a cell is
        // alone in its segment, which is alone in its row of `keep`.
        let placed = lone & TABLES.alone[pattern] & self.unsolved[b];
        self.unsolved[b] &= !placed;
        for y in &mut self.p[b] {
            *y &= !placed;
        }
        self.p[b][d] = x;
        self.done[b][d] = x;
        Ok(())
    }

    /// Updates every band that changed since its last update, until none
    /// does: a pass takes band by band, each band's nine digits in turn,
    /// and updates each that differs from its last update, reading what
    /// the updates before it in the pass left. The pass is written out
    /// whole ([`each_band`]), so every index is a constant.
    #[inline(always)]
    fn update_all(&mut self, forced: bool) -> Result<(), Dead> {
        loop {
            let mut changed = false;
            macro_rules! visit {
                ($d:literal, $b:literal) => {
                    if self.p[$b][$d] != self.done[$b][$d] {
                        changed = true;
                        self.update($d, $b, forced)?;
                    }
                };
            }
            each_band!(visit);
            if !changed {
                return Ok(());
            }
        }
    }

    /// Places every empty cell with one candidate left (naked singles),
    /// and notes the cells with two. Whether any was placed; `Dead` when
    /// a cell has no candidate, or two singles of a house need one digit.
    #[inline(always)]
    fn naked(&mut self) -> Result<bool, Dead> {
        let mut placed = false;
        for b in 0..3 {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for &m in &self.p[b] {
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            if once != ALL {
                return Err(Dead);
            }
            self.pairs[b] = twice & !thrice;
            let mut singles = once & !twice & self.unsolved[b];
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let bit = 1 << i;
                // A single placed before in this round may have taken
                // this cell's only digit.
                let Some(d) = self.p[b].iter().position(|x| x & bit != 0) else {
                    return Err(Dead);
                };
                self.p[b][d] &= STAY[i & 31];
                self.unsolved[b] &= !bit;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Band updates (with or without the forced columns: `forced`) and
    /// naked singles until neither finds more: `Solved` (see the module
    /// docs), `Contradiction`, or `Stuck` with the cells of two candidates
    /// in `pairs`. The flag is tested in each update rather than made a
    /// const parameter: a second copy of the written-out pass makes the
    /// function that holds the search larger, and its code worse.
    #[inline(always)]
    pub(super) fn settle(&mut self, forced: bool) -> Outcome {
        loop {
            if self.update_all(forced).is_err() {
                return Outcome::Contradiction;
            }
            if self.solved() {
                return Outcome::Solved;
            }
            match self.naked() {
                Err(Dead) => return Outcome::Contradiction,
                Ok(true) => {}
                Ok(false) => return Outcome::Stuck,
            }
        }
    }

    /// The digits of a solved board, row by row: per band, the four bits
    /// of each cell's digit as four bit planes (a solved band has one
    /// digit per cell), each spread to a byte per cell by a look-up per 8
    /// cells.
    #[inline(always)]
    pub(super) fn write(&self, cells: &mut [u8; 81]) {
        for (p, out) in self.p.iter().zip(cells.chunks_exact_mut(27)) {
            let planes =
                [p[0] | p[2] | p[4] | p[6] | p[8], p[1] | p[2] | p[5] | p[6], p[3] | p[4] | p[5] | p[6], p[7] | p[8]];
            let mut bytes = [0u8; 32];
            for (chunk, out8) in bytes.chunks_exact_mut(8).enumerate() {
                let mut v = 0u64;
                for (j, &plane) in planes.iter().enumerate() {
                    v |= SPREAD[(plane >> (8 * chunk)) as usize & 255] << j;
                }
                out8.copy_from_slice(&v.to_le_bytes());
            }
            out.copy_from_slice(&bytes[..27]);
        }
    }
}
