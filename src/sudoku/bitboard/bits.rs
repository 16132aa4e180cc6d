//! Singles on bitboards, for layouts of at most 128 cells: every 9×9
//! layout (classic, X, windoku, jigsaw) and 4×4 (the singles pass's
//! `masks` engine serves larger grids). [`Bits`] holds a layout's tables
//! and one [`Board`].
//!
//! The board is one `u128` per digit, `pos[d]`: the empty cells that may
//! still hold digit `d + 1`. Placing digit `d + 1` in cell `c` clears `c`
//! from every board and `c`'s peers from `pos[d]`: a few dozen
//! instructions, whatever the number of peers. A *naked round* finds
//! every cell with one candidate at once, by counting through the boards
//! (`once`, `twice`), and places them; a *hidden round* looks, for each
//! digit, at the houses that don't hold it yet and where a cell lost it
//! since the round last looked (`touched`): no cell left there is a
//! contradiction, one cell left is a placement.
//!
//! **Invariant.** `pos[d]` holds the empty cells none of whose peers holds
//! `d + 1`, less the cells from which `d + 1` was excluded on purpose
//! ([`Bits::exclude`]) and, inside the search only, less those that locked
//! candidates removed ([`super::locked`], each removal a deduction that
//! holds in every solution of the board). Every placement updates every
//! board at once, so outside the search (after `load`, `exclude` and
//! `propagate`) the candidates are exactly the first two conditions, as
//! the mask engine's are; inside it, every candidate removed is one no
//! solution of the board uses. `done[d]` is the set of
//! houses holding `d + 1`. Every placement is checked against the boards
//! as they are at that moment, so every step is a sound deduction.
//! `touched[d]` holds every house whose cells lost `d + 1` since a hidden
//! round last looked at it for `d + 1` (all of them after a load): a house
//! can only come down to one place or none for a digit by losing a cell,
//! so a round that finds nothing in the touched houses has missed nothing.
//! A placement marks the cell's houses for every digit, and for its own
//! digit the houses of the cell's peers (`peer_houses`).

#![forbid(unsafe_code)]

use super::board::{Board, DIGITS};
use super::guess::{Frame, Guess};
use crate::sudoku::deduction::{Clash, Dead, Outcome};
use crate::sudoku::layout::Layout;

/// A layout's tables and one board (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    side: usize,
    cells: usize,
    /// Every cell.
    all: u128,
    /// Per cell: its peers (the other cells of its houses). The tables
    /// per cell and per house have the most entries (128 cells, 32
    /// houses), so an index from a bit of a board needs no bounds check.
    peers: [u128; 128],
    /// Per house: its cells.
    houses: [u128; 32],
    /// Per house: its cells in increasing order (the first `side`).
    house_cells: [[u8; 16]; 32],
    /// Per cell: its houses, one bit each.
    cell_houses: [u32; 128],
    /// Per cell: the houses of its peers, one bit each.
    peer_houses: [u32; 128],
    /// Every house, one bit each.
    pub(super) all_houses: u32,
    /// Whether the layout is 9×9 with the classic rows, columns and boxes
    /// (and maybe more houses): the search then also applies locked
    /// candidates ([`super::locked`]).
    pub(super) locks: bool,
    /// The board: what a search saves before a guess.
    pub(super) b: Board,
    /// Per cell: the candidates, as a mask (filled by `board`).
    masks: Vec<u32>,
    /// The search's guesses, kept between searches so that a search
    /// allocates nothing (see [`super::search`]).
    pub(super) stack: Vec<Frame>,
}

/// Whether a layout of side `side` whose houses are `houses` (cell masks)
/// is 9×9 and holds the 27 classic rows, columns and boxes (and maybe more
/// houses): what locked candidates need.
fn has_classic_houses(side: usize, houses: &[u128]) -> bool {
    side == 9
        && Layout::classic_box(3).houses().iter().all(|h| houses.contains(&h.cells.iter().fold(0, |m, &c| m | bit(c))))
}

/// The bit of cell `c`.
#[inline(always)]
fn bit(c: usize) -> u128 {
    1 << c
}

impl Bits {
    /// The tables of `layout` (at most 128 cells and 32 houses), with an
    /// empty board.
    pub(crate) fn new(layout: &Layout) -> Bits {
        let side = layout.side();
        let cells = side * side;
        let n_houses = layout.houses().len();
        assert!(cells <= 128 && n_houses <= 32 && side <= DIGITS, "a layout that fits the bitboards");
        assert!(layout.houses().iter().all(|h| h.cells.len() == side), "houses of `side` cells");
        let (mut houses, mut peers) = ([0u128; 32], [0u128; 128]);
        let (mut cell_houses, mut peer_houses) = ([0u32; 128], [0u32; 128]);
        let mut house_cells = [[0u8; 16]; 32];
        for (h, house) in layout.houses().iter().enumerate() {
            houses[h] = house.cells.iter().fold(0, |m, &c| m | bit(c));
            let mut sorted = house.cells.clone();
            sorted.sort_unstable();
            for (slot, &c) in house_cells[h].iter_mut().zip(&sorted) {
                *slot = c as u8;
            }
        }
        for (c, hs) in layout.houses_of().iter().enumerate() {
            cell_houses[c] = hs.iter().fold(0, |m, &h| m | 1 << h);
            peers[c] = layout.peers(c).iter().fold(0, |m, &k| m | bit(k));
        }
        for (c, ph) in peer_houses.iter_mut().enumerate().take(cells) {
            *ph = layout.peers(c).iter().fold(0, |m, &k| m | cell_houses[k]);
        }
        Bits {
            side,
            cells,
            all: if cells == 128 { u128::MAX } else { bit(cells) - 1 },
            peers,
            houses,
            house_cells,
            cell_houses,
            peer_houses,
            all_houses: if n_houses == 32 { u32::MAX } else { (1 << n_houses) - 1 },
            locks: has_classic_houses(side, &houses[..n_houses]),
            b: Board::EMPTY,
            masks: vec![0; cells],
            stack: Vec::new(),
        }
    }

    /// Whether `layout` fits the bitboards: at most 128 cells and 32
    /// houses.
    pub(crate) fn fits(layout: &Layout) -> bool {
        layout.side().pow(2) <= 128 && layout.houses().len() <= 32
    }

    /// The board's cells: digits, 0 for empty.
    pub(crate) fn cells(&self) -> &[u8] {
        &self.b.value[..self.cells]
    }

    /// The candidates of cell `c` (bit `d` for digit `d + 1`; 0 if filled).
    pub(crate) fn candidates(&self, c: usize) -> u32 {
        let mut m = 0;
        for (d, &p) in self.b.pos[..self.side].iter().enumerate() {
            m |= ((p >> c) as u32 & 1) << d;
        }
        m
    }

    /// The cells and their candidates (see `Singles::board`), the masks
    /// gathered from the boards one digit at a time.
    pub(crate) fn board(&mut self) -> (&[u8], &[u32]) {
        self.masks.fill(0);
        for (d, &p) in self.b.pos[..self.side].iter().enumerate() {
            // The two halves on their own: 64-bit bit tricks are cheaper.
            for (half, base) in [(p as u64, 0), ((p >> 64) as u64, 64)] {
                let mut h = half;
                while h != 0 {
                    let c = base + h.trailing_zeros() as usize;
                    h &= h - 1;
                    self.masks[c] |= 1 << d;
                }
            }
        }
        (&self.b.value[..self.cells], &self.masks)
    }

    /// The number of empty cells.
    #[inline(always)]
    pub(crate) fn empty(&self) -> usize {
        (self.all & !self.b.filled).count_ones() as usize
    }

    /// Puts digit `d + 1` in the empty cell `c`, which may hold it.
    #[inline(always)]
    pub(super) fn put(&mut self, c: usize, d: usize) {
        let b = bit(c);
        self.b.filled |= b;
        self.b.value[c] = d as u8 + 1;
        let houses = self.cell_houses[c & 127];
        for (p, t) in self.b.pos[..self.side].iter_mut().zip(&mut self.b.touched) {
            *p &= !b;
            *t |= houses;
        }
        self.b.pos[d] &= !self.peers[c & 127];
        self.b.touched[d] |= self.peer_houses[c & 127];
        self.b.done[d] |= houses;
    }

    /// What to guess on when singles are stuck. Usually a cell with two
    /// candidates (every empty cell has two or more): the one that
    /// constrains most, twice its empty peers plus its peers with two
    /// candidates (the lowest cell on a tie), which takes far fewer nodes
    /// on the hard sets than the lowest cell with two (docs/PERFORMANCE.md,
    /// "Sudoku on bitboards").
    ///
    /// Otherwise a cell with the fewest candidates, unless it has four or
    /// more and a house lacks a digit in fewer places: then each of those
    /// places is an alternative. Sparse windoku and jigsaw puzzles have
    /// few two-candidate cells; guessing only on cells took millions of
    /// nodes on some where the dance takes a hundred
    /// (`tests/sudoku_engines.rs`). Algorithm X's rule, a house's digit
    /// whenever it has fewer places than any cell has candidates, takes
    /// more nodes on the hard classic sets (three candidates against two
    /// places: docs/PERFORMANCE.md, "Kept and dropped: the Sudoku search"), so classic
    /// puzzles keep the cell there.
    pub(super) fn branch(&self) -> Guess {
        let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
        for &p in &self.b.pos[..self.side] {
            thrice |= twice & p;
            twice |= once & p;
            once |= p;
        }
        let pairs = twice & !thrice;
        if pairs != 0 {
            let open = self.all & !self.b.filled;
            let (mut best, mut most, mut left) = (0, 0, pairs);
            while left != 0 {
                let c = left.trailing_zeros() as usize;
                left &= left - 1;
                let peers = self.peers[c & 127];
                let weight = 2 * (peers & open).count_ones() + (peers & pairs).count_ones() + 1;
                if weight > most {
                    (best, most) = (c, weight);
                }
            }
            return Guess::Cell { cell: best, digits: self.candidates(best) };
        }
        let mut open = self.all & !self.b.filled;
        let (mut best, mut fewest) = (0, u32::MAX);
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let n = self.candidates(c).count_ones();
            if n < fewest {
                (best, fewest) = (c, n);
            }
        }
        let mut guess = Guess::Cell { cell: best, digits: self.candidates(best) };
        if fewest <= 3 {
            return guess;
        }
        for d in 0..self.side {
            let mut lacking = self.all_houses & !self.b.done[d];
            while lacking != 0 {
                let h = lacking.trailing_zeros() as usize;
                lacking &= lacking - 1;
                let places = (self.b.pos[d] & self.houses[h & 31]).count_ones();
                if places < fewest {
                    fewest = places;
                    guess = Guess::Place { digit: d, house: h, ranks: self.ranks(h, d) };
                }
            }
        }
        guess
    }

    /// The places of digit `d + 1` in house `h`, by their rank among the
    /// house's cells.
    fn ranks(&self, h: usize, d: usize) -> u32 {
        let mut ranks = 0;
        for (k, &c) in self.house_cells[h & 31][..self.side].iter().enumerate() {
            ranks |= ((self.b.pos[d] >> c) as u32 & 1) << k;
        }
        ranks
    }

    /// The cell of rank `k` in house `h`.
    #[inline(always)]
    pub(super) fn house_cell(&self, h: u8, k: usize) -> usize {
        usize::from(self.house_cells[usize::from(h) & 31][k & 15])
    }

    /// Puts digit `d + 1` in the empty cell `c`, whose candidates are
    /// among `digits` (bit `e` for digit `e + 1`; `d` among them): only
    /// their boards hold `c` (a naked single: only `d`'s).
    #[inline(always)]
    pub(super) fn put_among(&mut self, c: usize, d: usize, digits: u32) {
        let b = bit(c);
        self.b.filled |= b;
        self.b.value[c] = d as u8 + 1;
        let houses = self.cell_houses[c & 127];
        let mut others = digits & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            self.b.pos[e] &= !b;
            self.b.touched[e] |= houses;
        }
        self.b.pos[d] &= !(self.peers[c & 127] | b);
        self.b.touched[d] |= self.peer_houses[c & 127];
        self.b.done[d] |= houses;
    }

    /// Whether some empty cell has no candidate left.
    fn starved(&self) -> bool {
        let any = self.b.pos[..self.side].iter().fold(0, |m, &p| m | p);
        self.all & !self.b.filled & !any != 0
    }

    /// Loads the givens `cells` (see `Singles::load`).
    pub(crate) fn load(&mut self, cells: &[u8]) -> Result<Outcome, Clash> {
        assert_eq!(cells.len(), self.cells, "a grid of the layout's size");
        self.b.pos = [0; DIGITS];
        self.b.pos[..self.side].fill(self.all);
        self.b.done = [0; DIGITS];
        self.b.touched = [self.all_houses; DIGITS];
        self.b.filled = 0;
        self.b.value[..self.cells].copy_from_slice(cells);
        // The givens' cells first, with no branch per cell: whether a cell
        // is given follows the puzzle's pattern, which no predictor learns.
        let mut given = [0u8; 128];
        let mut k = 0;
        for (c, &v) in cells.iter().enumerate() {
            given[k & 127] = c as u8;
            k += usize::from(v != 0);
        }
        for &c in &given[..k] {
            let c = usize::from(c);
            let d = usize::from(cells[c] - 1);
            // A peer given the same digit earlier has cleared this cell.
            if self.b.pos[d] & bit(c) == 0 {
                return Err(Clash);
            }
            self.b.pos[d] &= !self.peers[c & 127];
            self.b.done[d] |= self.cell_houses[c & 127];
            self.b.filled |= bit(c);
        }
        for p in &mut self.b.pos[..self.side] {
            *p &= !self.b.filled;
        }
        Ok(if self.starved() {
            Outcome::Contradiction
        } else if self.b.filled == self.all {
            Outcome::Solved
        } else {
            Outcome::Stuck
        })
    }

    /// Removes digit `d` from the candidates of the empty cell `c` (see
    /// `Singles::exclude`).
    pub(crate) fn exclude(&mut self, c: usize, d: u8) -> Outcome {
        debug_assert_eq!(self.b.value[c], 0);
        self.b.pos[usize::from(d - 1)] &= !bit(c);
        self.b.touched[usize::from(d - 1)] |= self.cell_houses[c & 127];
        if self.candidates(c) == 0 { Outcome::Contradiction } else { Outcome::Stuck }
    }

    /// Places naked and hidden singles until nothing is forced (see
    /// `Singles::propagate`).
    pub(crate) fn propagate(&mut self) -> Outcome {
        loop {
            let placed = match self.naked_round() {
                Err(Dead) => return Outcome::Contradiction,
                Ok(placed) => placed,
            };
            if self.b.filled == self.all {
                return Outcome::Solved;
            }
            if placed {
                continue;
            }
            match self.hidden_round() {
                Err(Dead) => return Outcome::Contradiction,
                Ok(false) => return Outcome::Stuck,
                Ok(true) => {}
            }
        }
    }

    /// Places every cell with one candidate left. Whether any was placed.
    fn naked_round(&mut self) -> Result<bool, Dead> {
        let (mut once, mut twice) = (0u128, 0u128);
        for &p in &self.b.pos[..self.side] {
            twice |= once & p;
            once |= p;
        }
        if self.all & !self.b.filled & !once != 0 {
            return Err(Dead);
        }
        let singles = once & !twice;
        if singles == 0 {
            return Ok(false);
        }
        for d in 0..self.side {
            let mut s = singles & self.b.pos[d];
            while s != 0 {
                let c = s.trailing_zeros() as usize;
                s &= s - 1;
                // A single placed before in this round may have taken
                // this cell's only digit.
                if self.b.pos[d] & bit(c) == 0 {
                    return Err(Dead);
                }
                self.put_among(c, d, 1 << d);
            }
        }
        Ok(true)
    }

    /// For each digit whose board changed since the last hidden round, and
    /// each house that lacks it: no cell left is a contradiction, one is a
    /// placement. Whether any was placed.
    fn hidden_round(&mut self) -> Result<bool, Dead> {
        let mut placed = false;
        for d in 0..self.side {
            // Houses touched by this loop's placements stay marked for the
            // next round.
            let mut open = std::mem::take(&mut self.b.touched[d]) & !self.b.done[d];
            while open != 0 {
                let h = open.trailing_zeros() as usize;
                open &= open - 1;
                let x = self.b.pos[d] & self.houses[h & 31];
                if x & x.wrapping_sub(1) != 0 {
                    continue;
                }
                if x == 0 {
                    // Placements earlier in this loop may have filled the
                    // house with the digit; if not, it has no place left.
                    if self.b.done[d] & (1 << h) == 0 {
                        return Err(Dead);
                    }
                    continue;
                }
                self.put(x.trailing_zeros() as usize, d);
                placed = true;
            }
        }
        Ok(placed)
    }
}
