//! Naked and hidden singles on candidate bit masks: the pass that runs
//! before every exact-cover search, and the generator's uniqueness test.
//!
//! A [`Singles`] holds a layout's houses as flat tables and a board: for
//! each cell its digit (0 if empty) and its candidates as a bit mask (bit
//! `d - 1` for digit `d`); for each house the digits placed in it; and
//! the list of empty cells. [`Singles::load`] reads the givens (a digit
//! given twice in a house is a *clash*, which the caller describes with
//! [`first_conflict`](super::rules::first_conflict)), and
//! [`Singles::propagate`] places *naked singles* (a cell with one
//! candidate left) and *hidden singles* (a digit with one cell left in a
//! house) until the grid is full, nothing more is forced, or a
//! contradiction shows (a cell with no candidate, or a digit with no cell
//! left in a house).
//!
//! It works in rounds, without a list of peers: a *naked round* walks the
//! empty cells once, takes from each cell's mask the digits its houses
//! hold now, and places the cell at once if one digit is left (so later
//! cells of the round see it); a *hidden round*, run only after a naked
//! round placed nothing, counts in each house which digits have one cell
//! left. A placement costs a few `or`s, not a walk over twenty peers.
//!
//! **Invariant.** A cell's mask is a superset of its true candidates (the
//! digits no cell of its houses holds, less any excluded on purpose with
//! [`Singles::exclude`]), and equals them after a naked round that placed
//! nothing; a placed cell's mask is 0. Every placement is checked against
//! the houses as they are at that moment, so every step is a sound
//! deduction: a placement holds in every solution of the puzzle (under
//! its exclusions), and a contradiction proves there is none. Hence:
//!
//! * [`Outcome::Solved`] proves the puzzle has exactly one solution, the
//!   grid now held;
//! * [`Outcome::Contradiction`] proves it has none;
//! * [`Outcome::Stuck`] proves nothing: the exact-cover search decides,
//!   on the placed digits and the masks, which are then exact.
//!
//! These are the two human rules the seed articles fill forced cells with
//! ("唯一余数法", naked singles, and "摒除法", hidden singles) before they
//! guess; here they only shrink the problem the search gets.

#![forbid(unsafe_code)]

use super::layout::Layout;

/// What [`Singles::propagate`] (or a step before it) found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every cell is filled: the puzzle's only solution.
    Solved,
    /// Singles ran out with cells left empty.
    Stuck,
    /// No solution.
    Contradiction,
}

/// Two givens hold the same digit in one house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Clash;

/// A contradiction found in a round.
struct Dead;

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
pub(crate) struct Singles {
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

impl Singles {
    /// The tables of `layout`, with an empty board.
    pub(crate) fn new(layout: &Layout) -> Singles {
        let side = layout.side();
        let cells = side * side;
        let n_houses = layout.houses().len();
        assert!(cells <= SLOTS && n_houses <= HOUSE_SLOTS && side <= 32, "a layout of a supported size");
        let house_cells: Vec<u16> = layout.houses().iter().flat_map(|h| h.cells.iter().map(|&c| c as u16)).collect();
        let of = layout.houses_of();
        let per_cell = of.iter().map(Vec::len).max().unwrap_or(0);
        assert!((1..=MAX_HOUSES).contains(&per_cell), "every cell in 1 to {MAX_HOUSES} houses");
        let houses = of.iter().map(|hs| std::array::from_fn(|k| *hs.get(k).unwrap_or(&hs[0]) as u8)).collect();
        Singles {
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
    pub(crate) fn cells(&self) -> &[u8] {
        &self.value
    }

    /// The candidates of cell `c` (bit `d - 1` for digit `d`; 0 if filled):
    /// exact after [`Singles::load`] and after [`Singles::propagate`]
    /// returns `Stuck`.
    pub(crate) fn candidates(&self, c: usize) -> u32 {
        self.cand[slot(c)]
    }

    /// The number of empty cells (once a naked round has dropped the
    /// filled ones).
    #[cfg(test)]
    pub(crate) fn empty(&self) -> usize {
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
    pub(crate) fn load(&mut self, cells: &[u8]) -> Result<Outcome, Clash> {
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
    pub(crate) fn exclude(&mut self, c: usize, d: u8) -> Outcome {
        debug_assert_eq!(self.value[c], 0);
        let m = self.cand[slot(c)] & !(1 << (d - 1));
        self.cand[slot(c)] = m;
        if m == 0 { Outcome::Contradiction } else { Outcome::Stuck }
    }

    /// Places naked singles, then hidden ones, round after round, until
    /// nothing is forced (see the module docs for what the outcome
    /// proves).
    pub(crate) fn propagate(&mut self) -> Outcome {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Grid;

    const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn singles_on(line: &str) -> (Singles, Outcome) {
        let g = Grid::from_line(line).unwrap();
        let mut s = Singles::new(&Layout::classic(g.box_size()));
        let o = s.load(g.cells()).unwrap();
        let o = if o == Outcome::Stuck { s.propagate() } else { o };
        (s, o)
    }

    #[test]
    fn an_easy_puzzle_is_solved_by_singles() {
        // Kaggle's first puzzle; its published solution.
        let (s, o) = singles_on("004300209005009001070060043006002087190007400050083000600000105003508690042910300");
        assert_eq!(o, Outcome::Solved);
        let solved: String = s.cells().iter().map(|&d| char::from(b'0' + d)).collect();
        assert_eq!(solved, "864371259325849761971265843436192587198657432257483916689734125713528694542916378");
        assert_eq!(s.empty(), 0);
    }

    #[test]
    fn the_hardest_puzzle_has_no_single() {
        let (s, o) = singles_on(INKALA);
        assert_eq!(o, Outcome::Stuck);
        assert_eq!(s.empty(), 81 - 21);
        // r1c2 sees 8 (row 1), 7, 5, 9 (column 2) and 3 (box 1): 1 2 4 6 are left.
        assert_eq!(s.candidates(1), 0b10_1011);
    }

    #[test]
    fn hidden_singles_place_what_naked_ones_cannot() {
        // 4×4: no cell has a single candidate, but 3 has one place left in
        // row 1 (r1c3), and in row 4 (r4c2).
        let g = Grid::from_line("....3......3..2.").unwrap();
        let mut s = Singles::new(&Layout::classic(2));
        assert_eq!(s.load(g.cells()), Ok(Outcome::Stuck));
        assert_eq!(s.candidates(2), 0b1101);
        assert!(matches!(s.naked_round::<3>(), Ok(false)));
        assert!(matches!(s.hidden_round::<3>(), Ok(true)));
        assert_eq!((s.cells()[2], s.cells()[13]), (3, 3));
        s.propagate();
        assert_eq!((s.cells()[2], s.cells()[13]), (3, 3));
    }

    #[test]
    fn clashes_and_contradictions() {
        let mut s = Singles::new(&Layout::classic(3));
        let clash = Grid::from_line(&INKALA.replacen('.', "8", 1)).unwrap();
        assert_eq!(s.load(clash.cells()), Err(Clash));
        // r1c2 sees 1..=8 but 9 is in column 2 further down: no candidate.
        let dead = format!("1.2345678.9.......{}", ".".repeat(63));
        assert_eq!(dead.len(), 81);
        assert_eq!(s.load(Grid::from_line(&dead).unwrap().cells()), Ok(Outcome::Contradiction));
        // Kaggle's first puzzle with r1c5 ≠ 7 (its candidates are 5 and
        // 7): singles find no solution, which proves 7 is the only digit
        // there.
        let kaggle = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
        s.load(Grid::from_line(kaggle).unwrap().cells()).unwrap();
        assert_eq!(s.candidates(4), 0b101_0000);
        assert_eq!(s.exclude(4, 7), Outcome::Stuck);
        assert_eq!(s.propagate(), Outcome::Contradiction);
        // And with r1c5 ≠ 5, they solve it.
        s.load(Grid::from_line(kaggle).unwrap().cells()).unwrap();
        assert_eq!(s.exclude(4, 5), Outcome::Stuck);
        assert_eq!(s.propagate(), Outcome::Solved);
    }

    #[test]
    fn a_full_grid_loads_as_solved() {
        let line = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";
        let (_, o) = singles_on(line);
        assert_eq!(o, Outcome::Solved);
    }
}
