//! Naked and hidden singles on candidate bit masks: the pass that runs
//! before every exact-cover search, and the generator's uniqueness test.
//!
//! A [`Singles`] holds a layout's houses and peers as flat tables and a
//! board: for each cell its digit (0 if empty) and, if empty, its
//! candidates as a bit mask (bit `d - 1` for digit `d`); for each house
//! the digits placed in it. [`Singles::load`] reads the givens (a digit
//! given twice in a house is a *clash*, which the caller describes with
//! [`first_conflict`](super::rules::first_conflict)), and
//! [`Singles::propagate`] places *naked singles* (a cell with one
//! candidate left) and *hidden singles* (a digit with one cell left in a
//! house) until the grid is full, nothing more is forced, or a
//! contradiction shows (a cell with no candidate, a digit with no cell
//! left in a house, or two singles that disagree).
//!
//! **Invariant.** For every empty cell, its candidates are the digits
//! that no cell of its houses holds, less any excluded on purpose
//! ([`Singles::exclude`]) or by an earlier elimination; a placed cell has
//! no candidates. So every step is a sound deduction: a placement holds
//! in every solution of the puzzle (with its exclusions), and a
//! contradiction proves there is none. Hence:
//!
//! * [`Outcome::Solved`] proves the puzzle has exactly one solution, the
//!   grid now held;
//! * [`Outcome::Contradiction`] proves it has none;
//! * [`Outcome::Stuck`] proves nothing: the exact-cover search decides,
//!   on the placed digits and the remaining candidates.
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

/// A layout's tables and one board (see the module docs).
#[derive(Clone, Debug)]
pub(crate) struct Singles {
    side: usize,
    /// Every digit: bits `0..side`.
    all: u32,
    /// House `h`'s cells: `house_cells[h * side..][..side]`.
    house_cells: Vec<u16>,
    /// Cell `c`'s houses: `cell_houses[cell_start[c]..cell_start[c + 1]]`.
    cell_houses: Vec<u16>,
    cell_start: Vec<u32>,
    /// Cell `c`'s peers (the other cells of its houses, each once), by the
    /// same kind of offsets.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    /// Per cell: the digit, or 0.
    value: Vec<u8>,
    /// Per cell: the candidates while empty, 0 once filled.
    cand: Vec<u32>,
    /// Per house: the digits placed in it.
    used: Vec<u32>,
    /// Singles found but not yet placed: `(cell, digit)`.
    queue: Vec<(u16, u8)>,
    /// Empty cells.
    empty: usize,
}

impl Singles {
    /// The tables of `layout`, with an empty board.
    pub(crate) fn new(layout: &Layout) -> Singles {
        let side = layout.side();
        let cells = side * side;
        let houses = layout.houses();
        let house_cells: Vec<u16> = houses.iter().flat_map(|h| h.cells.iter().map(|&c| c as u16)).collect();
        let of = layout.houses_of();
        let (mut cell_houses, mut cell_start) = (Vec::new(), vec![0]);
        let (mut peers, mut peer_start) = (Vec::new(), vec![0]);
        for (c, hs) in of.iter().enumerate() {
            cell_houses.extend(hs.iter().map(|&h| h as u16));
            cell_start.push(cell_houses.len() as u32);
            let mut p: Vec<u16> = hs
                .iter()
                .flat_map(|&h| houses[h].cells.iter().map(|&x| x as u16))
                .filter(|&x| x as usize != c)
                .collect();
            p.sort_unstable();
            p.dedup();
            peers.extend(p);
            peer_start.push(peers.len() as u32);
        }
        Singles {
            side,
            all: if side >= 32 { u32::MAX } else { (1 << side) - 1 },
            house_cells,
            cell_houses,
            cell_start,
            peers,
            peer_start,
            value: vec![0; cells],
            cand: vec![0; cells],
            used: vec![0; houses.len()],
            queue: Vec::with_capacity(cells),
            empty: 0,
        }
    }

    /// The board's cells: digits, 0 for empty.
    pub(crate) fn cells(&self) -> &[u8] {
        &self.value
    }

    /// The candidates of cell `c` (bit `d - 1` for digit `d`; 0 if filled).
    pub(crate) fn candidates(&self, c: usize) -> u32 {
        self.cand[c]
    }

    /// The number of empty cells.
    #[cfg(test)]
    pub(crate) fn empty(&self) -> usize {
        self.empty
    }

    fn houses_of(&self, c: usize) -> std::ops::Range<usize> {
        self.cell_start[c] as usize..self.cell_start[c + 1] as usize
    }

    /// Loads the givens `cells` (row by row, 0 for empty; the layout's
    /// size): every empty cell gets the digits its houses lack. Naked
    /// singles are queued, not yet placed. A clash of givens is `Err`; a
    /// cell left without candidates is `Ok(Contradiction)`, else
    /// `Ok(Stuck)` (or `Ok(Solved)` for a full grid).
    pub(crate) fn load(&mut self, cells: &[u8]) -> Result<Outcome, Clash> {
        debug_assert_eq!(cells.len(), self.value.len());
        self.used.fill(0);
        self.queue.clear();
        self.value.copy_from_slice(cells);
        for (c, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let bit = 1 << (v - 1);
            for k in self.houses_of(c) {
                let h = &mut self.used[self.cell_houses[k] as usize];
                if *h & bit != 0 {
                    return Err(Clash);
                }
                *h |= bit;
            }
        }
        let mut dead = false;
        let mut empty = 0;
        for c in 0..cells.len() {
            if cells[c] != 0 {
                self.cand[c] = 0;
                continue;
            }
            empty += 1;
            let mut m = self.all;
            for k in self.houses_of(c) {
                m &= !self.used[self.cell_houses[k] as usize];
            }
            self.cand[c] = m;
            dead |= m == 0;
            if m & m.wrapping_sub(1) == 0 && m != 0 {
                self.queue.push((c as u16, m.trailing_zeros() as u8 + 1));
            }
        }
        self.empty = empty;
        Ok(if dead {
            Outcome::Contradiction
        } else if empty == 0 {
            Outcome::Solved
        } else {
            Outcome::Stuck
        })
    }

    /// Removes digit `d` from the candidates of the empty cell `c` (an
    /// assumption the caller makes: the outcome then holds under it).
    pub(crate) fn exclude(&mut self, c: usize, d: u8) -> Outcome {
        debug_assert_eq!(self.value[c], 0);
        let m = self.cand[c] & !(1 << (d - 1));
        self.cand[c] = m;
        if m == 0 {
            return Outcome::Contradiction;
        }
        if m & (m - 1) == 0 {
            self.queue.push((c as u16, m.trailing_zeros() as u8 + 1));
        }
        Outcome::Stuck
    }

    /// Places the singles queued and every single they lead to, naked
    /// ones first, then hidden ones house by house, until nothing is
    /// forced (see the module docs for what the outcome proves).
    pub(crate) fn propagate(&mut self) -> Outcome {
        loop {
            while let Some((c, d)) = self.queue.pop() {
                if !self.place(c as usize, d) {
                    return Outcome::Contradiction;
                }
            }
            if self.empty == 0 {
                return Outcome::Solved;
            }
            if !self.hidden_singles() {
                return Outcome::Contradiction;
            }
            if self.queue.is_empty() {
                return Outcome::Stuck;
            }
        }
    }

    /// Puts digit `d` in cell `c` and takes it from the peers' candidates,
    /// queueing the naked singles that leaves. `false` on a contradiction.
    fn place(&mut self, c: usize, d: u8) -> bool {
        let bit = 1u32 << (d - 1);
        if self.value[c] != 0 {
            return self.value[c] == d;
        }
        if self.cand[c] & bit == 0 {
            return false;
        }
        self.value[c] = d;
        self.cand[c] = 0;
        self.empty -= 1;
        for k in self.houses_of(c) {
            let h = self.cell_houses[k] as usize;
            debug_assert_eq!(self.used[h] & bit, 0, "a candidate is never placed in its houses");
            self.used[h] |= bit;
        }
        for k in self.peer_start[c] as usize..self.peer_start[c + 1] as usize {
            let p = self.peers[k] as usize;
            let m = self.cand[p];
            if m & bit == 0 {
                continue;
            }
            let m = m & !bit;
            self.cand[p] = m;
            if m & m.wrapping_sub(1) == 0 {
                if m == 0 {
                    return false;
                }
                self.queue.push((p as u16, m.trailing_zeros() as u8 + 1));
            }
        }
        true
    }

    /// Queues every hidden single. `false` if a house has a digit with no
    /// cell left for it.
    fn hidden_singles(&mut self) -> bool {
        let side = self.side;
        for (h, house) in self.house_cells.chunks_exact(side).enumerate() {
            let need = self.all & !self.used[h];
            if need == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in house {
                let m = self.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once & need != need {
                return false;
            }
            let mut single = once & !twice;
            while single != 0 {
                let d = single.trailing_zeros();
                single &= single - 1;
                let cell = house.iter().find(|&&c| self.cand[c as usize] & (1 << d) != 0);
                if let Some(&c) = cell {
                    self.queue.push((c, d as u8 + 1));
                }
            }
        }
        true
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
        assert!(s.queue.is_empty());
        assert_eq!(s.candidates(2), 0b1101);
        assert!(s.hidden_singles());
        assert!(s.queue.contains(&(2, 3)) && s.queue.contains(&(13, 3)), "{:?}", s.queue);
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
