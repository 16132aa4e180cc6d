//! The 9×9 board the Sudoku Explainer (SE) rater works on: each cell's
//! digit or candidate mask, and the fixed tables of the classic layout in
//! the order SE scans them.
//!
//! **Invariant.** A filled cell has no candidates, and placing a digit
//! removes it from the cell's peers. Candidates only shrink. Cells are
//! `row * 9 + column`; digits are 1–9 and bit `d - 1` of a mask.
//!
//! SE numbers its 27 regions blocks first, then rows, then columns; its
//! scans go blocks, then rows, then columns, except where a technique says
//! otherwise (hidden singles and subsets go blocks, columns, rows).

/// The number of bits set in a candidate or place mask. The default
/// x86-64 target has no population-count instruction (`count_ones` is a
/// dozen instructions there), and the rater counts masks in its inner
/// loops, so masks of up to 9 bits are counted by table.
pub(crate) trait Pop {
    fn pop(self) -> u32;
    /// Whether exactly two bits are set (no count needed).
    fn two(self) -> bool;
}

impl Pop for u16 {
    #[inline]
    fn pop(self) -> u32 {
        match POP9.get(usize::from(self)) {
            Some(&n) => u32::from(n),
            None => self.count_ones(),
        }
    }

    #[inline]
    fn two(self) -> bool {
        let rest = self & self.wrapping_sub(1);
        rest != 0 && rest & (rest - 1) == 0
    }
}

const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = (i as u16).count_ones() as u8;
        i += 1;
    }
    t
};

/// Region `r`: 0–8 the blocks, 9–17 the rows, 18–26 the columns.
pub(crate) const REGIONS: [[u8; 9]; 27] = regions();
/// The three regions of each cell: block, row, column.
pub(crate) const REGIONS_OF: [[u8; 3]; 81] = regions_of();
/// The 20 peers of each cell in SE's order: the block's cells, then the
/// row's, then the column's, each once.
pub(crate) const PEERS: [[u8; 20]; 81] = peers();
/// The index of a cell within each of its regions.
pub(crate) const INDEX_IN: [[u8; 3]; 81] = index_in();

const fn regions() -> [[u8; 9]; 27] {
    let mut r = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            r[i][j] = (((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3) as u8;
            r[9 + i][j] = (i * 9 + j) as u8;
            r[18 + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    r
}

const fn regions_of() -> [[u8; 3]; 81] {
    let mut out = [[0u8; 3]; 81];
    let mut k = 0;
    while k < 81 {
        let (row, col) = (k / 9, k % 9);
        out[k] = [((row / 3) * 3 + col / 3) as u8, (9 + row) as u8, (18 + col) as u8];
        k += 1;
    }
    out
}

const fn index_in() -> [[u8; 3]; 81] {
    let mut out = [[0u8; 3]; 81];
    let mut k = 0;
    while k < 81 {
        let (row, col) = (k / 9, k % 9);
        out[k] = [((row % 3) * 3 + col % 3) as u8, col as u8, row as u8];
        k += 1;
    }
    out
}

const fn peers() -> [[u8; 20]; 81] {
    let regs = regions();
    let of = regions_of();
    let mut out = [[0u8; 20]; 81];
    let mut k = 0;
    while k < 81 {
        let mut n = 0;
        let mut t = 0;
        while t < 3 {
            let reg = of[k][t] as usize;
            let mut j = 0;
            while j < 9 {
                let p = regs[reg][j];
                let mut seen = p as usize == k;
                let mut q = 0;
                while q < n {
                    if out[k][q] == p {
                        seen = true;
                    }
                    q += 1;
                }
                if !seen {
                    out[k][n] = p;
                    n += 1;
                }
                j += 1;
            }
            t += 1;
        }
        k += 1;
    }
    out
}

/// Whether two distinct cells share a region.
#[inline]
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || REGIONS_OF[a][0] == REGIONS_OF[b][0])
}

/// A bit per cell (81 bits), for cell sets.
pub(crate) type CellSet = u128;

/// The cells of a [`CellSet`], lowest first.
pub(crate) fn cells_of(mut set: CellSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let k = set.trailing_zeros() as usize;
            set &= set - 1;
            k
        })
    })
}

/// The cells of region `r` at the places `mask` (bit `i` for its `i`-th
/// cell), in the region's order.
pub(crate) fn places_in(r: usize, mask: u32) -> impl Iterator<Item = usize> {
    super::combos::bits(mask).map(move |i| usize::from(REGIONS[r][i]))
}

/// The cells of region `r` as a [`CellSet`].
pub(crate) const REGION_SETS: [CellSet; 27] = region_sets();
/// The peers of each cell as a [`CellSet`].
pub(crate) const PEER_SETS: [CellSet; 81] = peer_sets();

const fn region_sets() -> [CellSet; 27] {
    let regs = regions();
    let mut out = [0u128; 27];
    let mut r = 0;
    while r < 27 {
        let mut j = 0;
        while j < 9 {
            out[r] |= 1u128 << regs[r][j];
            j += 1;
        }
        r += 1;
    }
    out
}

const fn peer_sets() -> [CellSet; 81] {
    let p = peers();
    let mut out = [0u128; 81];
    let mut k = 0;
    while k < 81 {
        let mut j = 0;
        while j < 20 {
            out[k] |= 1u128 << p[k][j];
            j += 1;
        }
        k += 1;
    }
    out
}

/// A 9×9 grid's digits and candidates.
///
/// Besides each cell's candidates it keeps each digit's places in each
/// region, updated with every change (`pos[r][d - 1]`, bit `i` for the
/// region's `i`-th cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    /// The candidate mask of each cell (0 for a filled cell). Change it
    /// only through [`Board::remove`] and [`Board::place`].
    pub cand: [u16; 81],
    /// The digit of each cell, 0 when empty.
    pub value: [u8; 81],
    pos: [[u16; 9]; 27],
}

impl Board {
    /// The board of a puzzle (digits 0–9, 0 empty): each empty cell gets
    /// the digits its filled peers allow.
    pub fn from_cells(cells: &[u8]) -> Board {
        let mut b = Board::new([0x1ff; 81], [0; 81]);
        for (k, &v) in cells.iter().enumerate().take(81) {
            if v != 0 {
                b.place(k, v);
            }
        }
        b
    }

    /// A board from candidate masks and digits.
    pub fn new(cand: [u16; 81], value: [u8; 81]) -> Board {
        let mut pos = [[0u16; 9]; 27];
        for (r, cells) in REGIONS.iter().enumerate() {
            for (i, &k) in cells.iter().enumerate() {
                let m = cand[k as usize];
                for (d, slot) in pos[r].iter_mut().enumerate() {
                    *slot |= (m >> d & 1) << i;
                }
            }
        }
        Board { cand, value, pos }
    }

    /// Fills `cell` with `digit` and removes the digit from its peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        self.value[cell] = digit;
        for d in 1..=9 {
            self.remove(cell, d);
        }
        for &p in &PEERS[cell] {
            self.remove(p as usize, digit);
        }
    }

    /// Removes a candidate (if there).
    #[inline]
    pub fn remove(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        if self.cand[cell] & bit == 0 {
            return;
        }
        self.cand[cell] &= !bit;
        for t in 0..3 {
            self.pos[REGIONS_OF[cell][t] as usize][usize::from(digit) - 1] &= !(1 << INDEX_IN[cell][t]);
        }
    }

    /// Whether `digit` is a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cand[cell] >> (digit - 1) & 1 != 0
    }

    /// The number of candidates of a cell.
    #[inline]
    pub fn count(&self, cell: usize) -> u32 {
        self.cand[cell].pop()
    }

    /// The places of `digit` in region `r`: bit `i` for the region's `i`-th
    /// cell.
    #[inline]
    pub fn places(&self, r: usize, digit: u8) -> u16 {
        self.pos[r][usize::from(digit) - 1]
    }

    /// The empty cells of region `r`.
    pub fn empty_in(&self, r: usize) -> u32 {
        REGIONS[r].iter().filter(|&&k| self.value[k as usize] == 0).count() as u32
    }

    /// How many cells hold `digit`.
    pub fn occurrences(&self, digit: u8) -> u32 {
        self.value.iter().filter(|&&v| v == digit).count() as u32
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.value.iter().all(|&v| v != 0)
    }
}

/// The name of region `r`: `block 1`, `row 3`, `column 9`.
pub(crate) fn region_name(r: usize) -> String {
    match r {
        0..=8 => format!("box {}", r + 1),
        9..=17 => format!("row {}", r - 8),
        _ => format!("column {}", r - 17),
    }
}

/// The name of a cell, `r1c1` style.
pub(crate) fn cell_name(k: usize) -> String {
    format!("r{}c{}", k / 9 + 1, k % 9 + 1)
}

/// A board of all candidates less a random number (in `removals`) of
/// random removals, for tests.
#[cfg(test)]
pub(crate) fn random_board(rng: &mut impl rand::Rng, removals: std::ops::Range<usize>) -> Board {
    use rand::RngExt;
    let mut b = Board::new([0x1ff; 81], [0; 81]);
    for _ in 0..rng.random_range(removals) {
        b.remove(rng.random_range(0..81), rng.random_range(1..=9));
    }
    b
}

/// Checks a per-thread memory: along 12 walks of random boards over the
/// digits `1..=digits` (the first board of walk `w` has `removals(w)`
/// random candidates removed, each next board one to three fewer), `find`
/// gives the same on this thread, which remembers the boards before, as
/// on a fresh thread. Returns how many boards gave something.
#[cfg(test)]
pub(crate) fn same_as_on_a_fresh_thread<T: std::fmt::Debug + 'static>(
    seed: u64,
    digits: u8,
    removals: impl Fn(usize) -> usize,
    find: fn(&Board) -> Option<T>,
) -> usize {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut found = 0;
    for walk in 0..12 {
        let mut b = Board::new([0x1ff >> (9 - digits); 81], [0; 81]);
        for _ in 0..removals(walk) {
            b.remove(rng.random_range(0..81), rng.random_range(1..=digits));
        }
        for _ in 0..30 {
            for _ in 0..rng.random_range(1..4) {
                let c = rng.random_range(0..81);
                if b.count(c) > 2 {
                    b.remove(c, rng.random_range(1..=digits));
                }
            }
            let here = format!("{:?}", find(&b));
            let board = b;
            let fresh = std::thread::spawn(move || format!("{:?}", find(&board))).join().expect("no panic");
            assert_eq!(here, fresh);
            found += usize::from(here != "None");
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables() {
        assert_eq!(REGIONS[4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        assert_eq!(REGIONS[9 + 2][4], 22);
        assert_eq!(REGIONS[18 + 2][4], 38);
        assert_eq!(&PEERS[0][..8], &[1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(PEERS[0][8], 3);
        assert_eq!(PEERS[0][14], 27);
        // Each region lists its cells in increasing order (scans over cell
        // sets rely on it).
        assert!(REGIONS.iter().all(|r| r.windows(2).all(|w| w[0] < w[1])));
        for k in 0..81 {
            assert_eq!(PEER_SETS[k].count_ones(), 20);
            for t in 0..3 {
                assert_eq!(REGIONS[REGIONS_OF[k][t] as usize][INDEX_IN[k][t] as usize] as usize, k);
            }
        }
        assert!(!sees(0, 80) && sees(0, 20) && sees(0, 72));
        // SE's order, but the classic layout's houses and peers.
        let layout = crate::sudoku::layout::Layout::classic(3).unwrap();
        let set = |cells: &[u8]| {
            let mut v: Vec<usize> = cells.iter().map(|&c| c as usize).collect();
            v.sort_unstable();
            v
        };
        let mut ours: Vec<Vec<usize>> = REGIONS.iter().map(|r| set(r)).collect();
        let mut theirs: Vec<Vec<usize>> = layout.houses().iter().map(|h| h.cells.clone()).collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs);
        for (k, peers) in PEERS.iter().enumerate() {
            assert_eq!(set(peers), layout.peers(k));
        }
        let b = Board::from_cells(&[0; 81]);
        assert_eq!(b.places(4, 5), 0x1ff);
        let mut c = b;
        c.place(0, 5);
        assert_eq!(c.places(0, 5), 0);
        assert_eq!(c.places(9, 4), 0x1fe);
        assert_eq!(Board::new(c.cand, c.value), c);
    }
}
