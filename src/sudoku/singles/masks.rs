//! Singles on one candidate mask per cell, for layouts of any size (the
//! engine for 16×16 and 25×25; see [`Bits`](crate::sudoku::bitboard::Bits)
//! for the others).
//!
//! The board: for each cell its digit (0 if empty) and its candidates as
//! a bit mask (bit `d - 1` for digit `d`); for each house the digits
//! placed in it; and the list of empty cells. It works in rounds, without
//! a list of peers: a *naked round* walks the empty cells once, takes from
//! each cell's mask the digits its houses hold now, and places the cell at
//! once if one digit is left (so later cells of the round see it); a
//! *hidden round*, run only after a naked round placed nothing, counts in
//! each house which digits have one cell left.
//!
//! **Invariant.** A cell's mask is a superset of its true candidates (the
//! digits no cell of its houses holds, less any excluded on purpose), and
//! equals them after a naked round that placed nothing; a placed cell's
//! mask is 0. Every placement is checked against the houses as they are
//! at that moment, so every step is a sound deduction.

#![forbid(unsafe_code)]

use crate::sudoku::deduction::{Clash, Dead, Outcome};
use crate::sudoku::layout::Layout;

/// Room for the candidates of every cell of every supported size (625
/// for 25×25): indexing with `c & (SLOTS - 1)` needs no bounds check.
const SLOTS: usize = 1024;

/// Room for the houses of every supported layout (at most 93, for a 25×25
/// windoku), indexed the same way.
const HOUSE_SLOTS: usize = 128;

/// The most houses a cell is in (5: the centre of an X-Sudoku).
const MAX_HOUSES: usize = 5;

/// A layout's tables and one board (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Masks {
    side: usize,
    /// Every digit: bits `0..side`.
    all: u32,
    /// House `h`'s cells: `house_cells[h * side..][..side]`.
    house_cells: Vec<u16>,
    /// Each cell's houses, the list padded to `MAX_HOUSES` by repeating
    /// its first house (which changes nothing in an `or`).
    houses: Vec<[u8; MAX_HOUSES]>,
    /// The most houses a cell of this layout is in.
    per_cell: usize,
    /// Per cell: the digit, or 0.
    value: Vec<u8>,
    /// Per cell (of `SLOTS`): the candidates (see the invariant), 0 once
    /// filled.
    cand: Box<[u32; SLOTS]>,
    /// Per house (of `HOUSE_SLOTS`): the digits placed in it.
    used: [u32; HOUSE_SLOTS],
    /// The empty cells, and perhaps some filled by a hidden single since
    /// the last naked round, which drops them.
    todo: Vec<u16>,
}

/// `cand`'s slot for cell `c`.
#[inline(always)]
fn slot(c: impl Into<usize>) -> usize {
    c.into() & (SLOTS - 1)
}

/// `used`'s slot for house `h`.
#[inline(always)]
fn house_slot(h: u8) -> usize {
    usize::from(h) & (HOUSE_SLOTS - 1)
}

/// Whether a mask has at most one bit.
#[inline(always)]
fn at_most_one(m: u32) -> bool {
    m & m.wrapping_sub(1) == 0
}

impl Masks {
    /// The tables of `layout`, with an empty board.
    pub(super) fn new(layout: &Layout) -> Masks {
        let side = layout.side();
        let cells = side * side;
        let n_houses = layout.houses().len();
        assert!(cells <= SLOTS && n_houses <= HOUSE_SLOTS && side <= 32, "a layout of a supported size");
        let house_cells: Vec<u16> = layout.houses().iter().flat_map(|h| h.cells.iter().map(|&c| c as u16)).collect();
        let of = layout.houses_of();
        let per_cell = of.iter().map(Vec::len).max().unwrap_or(0);
        assert!((1..=MAX_HOUSES).contains(&per_cell), "every cell in 1 to {MAX_HOUSES} houses");
        let houses = of.iter().map(|hs| std::array::from_fn(|k| *hs.get(k).unwrap_or(&hs[0]) as u8)).collect();
        Masks {
            side,
            all: if side >= 32 { u32::MAX } else { (1 << side) - 1 },
            house_cells,
            houses,
            per_cell,
            value: vec![0; cells],
            cand: Box::new([0; SLOTS]),
            used: [0; HOUSE_SLOTS],
            todo: Vec::with_capacity(cells),
        }
    }

    /// The board's cells: digits, 0 for empty.
    pub(super) fn cells(&self) -> &[u8] {
        &self.value
    }

    /// The candidates of cell `c` (see `Singles::board`).
    #[cfg(test)]
    pub(super) fn candidates(&self, c: usize) -> u32 {
        self.cand[slot(c)]
    }

    /// The cells and their candidates (see `Singles::board`): the masks
    /// as they are.
    pub(super) fn board(&mut self) -> (&[u8], &[u32]) {
        (&self.value, &self.cand[..self.value.len()])
    }

    /// The number of empty cells (once a naked round has dropped the
    /// filled ones).
    #[cfg(test)]
    pub(super) fn empty(&self) -> usize {
        self.todo.len()
    }

    /// The digits held by the houses of cell `c` (its first `K` houses).
    #[inline(always)]
    fn seen<const K: usize>(&self, c: usize) -> u32 {
        let hs = &self.houses[c];
        (0..K).fold(0, |m, k| m | self.used[house_slot(hs[k])])
    }

    /// Puts the digit of mask `bit` in cell `c`, which may take it.
    #[inline(always)]
    fn put<const K: usize>(&mut self, c: usize, bit: u32) {
        self.value[c] = bit.trailing_zeros() as u8 + 1;
        self.cand[slot(c)] = 0;
        let hs = self.houses[c];
        for &h in &hs[..K] {
            self.used[house_slot(h)] |= bit;
        }
    }

    /// Loads the givens `cells` (row by row, 0 for empty; the layout's
    /// size): every empty cell gets the digits its houses lack. Nothing is
    /// placed yet. A clash of givens is `Err`; a cell left without
    /// candidates is `Ok(Contradiction)`, else `Ok(Stuck)` (or
    /// `Ok(Solved)` for a full grid).
    pub(super) fn load(&mut self, cells: &[u8]) -> Result<Outcome, Clash> {
        assert_eq!(cells.len(), self.value.len(), "a grid of the layout's size");
        self.used = [0; HOUSE_SLOTS];
        self.todo.clear();
        self.value.copy_from_slice(cells);
        for (c, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1 << (v - 1);
            let mut clash = false;
            // Without padding: a repeated house would clash with itself.
            let hs = self.houses[c];
            for (k, &h) in hs.iter().enumerate() {
                if k > 0 && h == hs[0] {
                    break;
                }
                let u = &mut self.used[house_slot(h)];
                clash |= *u & bit != 0;
                *u |= bit;
            }
            if clash {
                return Err(Clash);
            }
        }
        let mut dead = false;
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                self.cand[slot(c)] = 0;
                continue;
            }
            let m = self.all & !self.seen::<MAX_HOUSES>(c);
            self.cand[slot(c)] = m;
            dead |= m == 0;
            self.todo.push(c as u16);
        }
        Ok(if dead {
            Outcome::Contradiction
        } else if self.todo.is_empty() {
            Outcome::Solved
        } else {
            Outcome::Stuck
        })
    }

    /// Removes digit `d` from the candidates of the empty cell `c` (an
    /// assumption the caller makes: the outcome then holds under it).
    pub(super) fn exclude(&mut self, c: usize, d: u8) -> Outcome {
        debug_assert_eq!(self.value[c], 0);
        let m = self.cand[slot(c)] & !(1 << (d - 1));
        self.cand[slot(c)] = m;
        if m == 0 { Outcome::Contradiction } else { Outcome::Stuck }
    }

    /// Places naked singles, then hidden ones, round after round, until
    /// nothing is forced (see the module docs for what the outcome
    /// proves).
    pub(super) fn propagate(&mut self) -> Outcome {
        if self.per_cell <= 3 { self.propagate_with::<3>() } else { self.propagate_with::<MAX_HOUSES>() }
    }

    fn propagate_with<const K: usize>(&mut self) -> Outcome {
        loop {
            let placed = match self.naked_round::<K>() {
                Err(Dead) => return Outcome::Contradiction,
                Ok(placed) => placed,
            };
            if self.todo.is_empty() {
                return Outcome::Solved;
            }
            if placed {
                continue;
            }
            match self.hidden_round::<K>() {
                Err(Dead) => return Outcome::Contradiction,
                Ok(false) => return Outcome::Stuck,
                Ok(true) => {}
            }
        }
    }

    /// One pass over the empty cells: each mask loses the digits its
    /// houses hold, and a cell left with one digit is placed. Drops the
    /// filled cells from `todo`. Whether anything was placed.
    fn naked_round<const K: usize>(&mut self) -> Result<bool, Dead> {
        let mut placed = false;
        let mut kept = 0;
        for r in 0..self.todo.len() {
            let c = usize::from(self.todo[r]);
            if self.value[c] != 0 {
                continue;
            }
            let m = self.cand[slot(c)] & !self.seen::<K>(c);
            if at_most_one(m) {
                if m == 0 {
                    return Err(Dead);
                }
                self.put::<K>(c, m);
                placed = true;
            } else {
                self.cand[slot(c)] = m;
                self.todo[kept] = c as u16;
                kept += 1;
            }
        }
        self.todo.truncate(kept);
        Ok(placed)
    }

    /// One pass over the houses: a digit with no cell left is a
    /// contradiction, a digit with one cell left is placed there (checked
    /// against the houses as they are now: masks may lag behind the
    /// placements of this round, but only by being too large, so a digit
    /// they show in one cell has at most that cell). Whether anything was
    /// placed.
    fn hidden_round<const K: usize>(&mut self) -> Result<bool, Dead> {
        let side = self.side;
        let mut placed = false;
        for h in 0..self.house_cells.len() / side {
            let need = self.all & !self.used[h & (HOUSE_SLOTS - 1)];
            if need == 0 {
                continue;
            }
            let house = &self.house_cells[h * side..][..side];
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in house {
                let m = self.cand[slot(c)];
                twice |= once & m;
                once |= m;
            }
            if once & need != need {
                return Err(Dead);
            }
            let mut single = once & !twice & need;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single ^= bit;
                let house = &self.house_cells[h * side..][..side];
                let c = house.iter().map(|&c| usize::from(c)).find(|&c| self.cand[slot(c)] & bit != 0);
                let Some(c) = c else { continue };
                if self.cand[slot(c)] & !self.seen::<K>(c) & bit == 0 {
                    return Err(Dead);
                }
                self.put::<K>(c, bit);
                placed = true;
            }
        }
        Ok(placed)
    }
}
