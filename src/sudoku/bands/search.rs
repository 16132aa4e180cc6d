//! The band search: Algorithm X on the classic Sudoku matrix with the
//! band deductions ([`Board::settle`]) at every node, on an explicit
//! stack of saved boards.
//!
//! When the deductions are stuck the search guesses on a cell: one with
//! two candidates if there is one (nearly always), else one with the
//! fewest; it tries the cell's digits in increasing order. Before a guess
//! the board is saved in a [`Frame`] (what a stuck board needs, see
//! [`Saved`]); the first alternative starts from the stuck board itself,
//! each other one from a copy of the saved board. Every deduction holds
//! in every solution of the board (see [`super::board`]), so a solved
//! board is a solution, a contradiction means none below, and the
//! alternatives of a guess partition the solutions of its board: the
//! search finds every solution once.
//!
//! **Limits.** A node is one board settled after a guess (the root and
//! each alternative tried). A puzzle the deductions decide at the root
//! takes no search, as one the singles pass decides, and reports no node.
//! The exact-cover search's [`Watch`] counts the nodes and guesses of the
//! others and reads the limits before each node. Givens that clash are
//! found at the [`CLASH_CHECK_AT`]-th guess, if the search gets so far.

#![forbid(unsafe_code)]

use super::board::{Board, Saved};
use crate::cover::avx2::BitOps;
use crate::cover::watch::Watch;
use crate::cover::{Limits, Status, StopReason};
use crate::sudoku::deduction::Outcome;
use crate::sudoku::verdict::Examined;
use std::ops::ControlFlow;

/// The guess at which a search looks at the givens for a clash (one digit
/// twice in a row, column or box). Such givens have no solution, but the
/// deductions don't see it at once (a digit given twice in a row still
/// has a way through its band), and the search would look through every
/// way to fill the other cells, for seconds, before finding none. Looked
/// at this late, the look costs valid puzzles nothing measurable: most
/// take fewer guesses, and the rest spend far more on their nodes.
pub(crate) const CLASH_CHECK_AT: u64 = 128;

/// Whether the givens `cells` clash: one digit twice in a row, column or
/// box. (The adapter names a clash with `first_conflict`, which reads the
/// houses of a layout; the band search builds none, and this look, on a
/// 9×9 grid alone, keeps it so.)
fn clash(cells: &[u8; 81]) -> bool {
    let (mut rows, mut columns, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
    let mut twice = 0;
    for (i, &v) in cells.iter().enumerate() {
        let (r, c) = (i / 9, i % 9);
        let b = r / 3 * 3 + c / 3;
        // Bit 0 (an empty cell) is ignored.
        let bit = 1u16 << (v & 15) & !1;
        twice |= (rows[r] | columns[c] | boxes[b]) & bit;
        rows[r] |= bit;
        columns[c] |= bit;
        boxes[b] |= bit;
    }
    twice != 0
}

/// A guess on the stack: the board before it, its cell, and the digits
/// still to try.
#[derive(Clone, Debug)]
struct Frame {
    board: Saved,
    band: u8,
    index: u8,
    /// Bit `d` for digit `d + 1`.
    untried: u16,
}

/// The band search for classic 9×9 puzzles (see the module docs); it
/// keeps its stack and a solution's cells between puzzles, so solving
/// allocates nothing once warm.
#[derive(Clone, Debug)]
pub(crate) struct Bands {
    stack: Vec<Frame>,
    cells: Vec<u8>,
    /// Whether the CPU counts and scans bits in one instruction: the
    /// search then runs compiled for it.
    bit_ops: Option<BitOps>,
    /// Which boards take the forced columns.
    forced: Forced,
    /// The givens of the puzzle being searched, for [`clash`].
    givens: [u8; 81],
}

/// Which boards' band updates take the forced columns (the columns the
/// other bands can't give a digit, see [`Board::settle`]): after a guess,
/// those with at least `open` empty cells, and every board from the
/// puzzle's `nodes`-th node on; never the root. That deduction prunes the
/// trees of hard puzzles but costs a good part of each update, which the
/// boards low in a small search don't win back. Every choice finds the
/// same solutions (the deduction is sound either way); only the work
/// differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Forced {
    pub(crate) open: u32,
    pub(crate) nodes: u64,
}

impl Forced {
    /// The choice the search makes, tuned on the first halves of the
    /// shared sets: the searches of the easy sets gain, and those of the
    /// hardest lose nothing.
    pub(crate) const TUNED: Forced = Forced { open: 45, nodes: 16 };
    /// Every board after a guess.
    #[cfg(test)]
    pub(crate) const ALWAYS: Forced = Forced { open: 0, nodes: 0 };
    /// No board.
    #[cfg(test)]
    pub(crate) const NEVER: Forced = Forced { open: u32::MAX, nodes: u64::MAX };

    /// Whether `board`, at node `node`, takes them (its empty cells
    /// counted only before the `nodes`-th node).
    #[inline(always)]
    pub(super) fn takes(self, board: &Board, node: u64) -> bool {
        node >= self.nodes || board.open() >= self.open
    }
}

impl Default for Bands {
    fn default() -> Bands {
        Bands {
            stack: Vec::new(),
            cells: Vec::new(),
            bit_ops: BitOps::detect(),
            forced: Forced::TUNED,
            givens: [0; 81],
        }
    }
}

impl Bands {
    /// The search with its choice of boards that take the forced columns.
    #[cfg(test)]
    pub(crate) fn with_forced(forced: Forced) -> Bands {
        Bands { forced, ..Bands::default() }
    }

    /// Looks for up to `max` solutions of the puzzle `cells` (81, row by
    /// row, 0 for empty) within `limits`, calling `visit` with each until
    /// it returns `Break`: with its cells for the first `shown`, with no
    /// cells (an empty slice) past them. Solved or refuted by the deductions at the
    /// root, the puzzle reports no node, and a solved one is `Complete`
    /// with its only solution, whatever `visit` answers (unless `max` is
    /// 0). Givens that clash leave no solution; the caller, which names
    /// the clash, looks for one whenever none is found.
    pub(crate) fn examine(
        &mut self,
        cells: &[u8],
        max: u64,
        shown: u64,
        limits: &Limits,
        visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Examined {
        match self.bit_ops {
            Some(bit_ops) => bit_ops.run(
                #[inline(always)]
                || self.examine_here(cells, max, shown, limits, visit),
            ),
            None => self.examine_here(cells, max, shown, limits, visit),
        }
    }

    /// [`Bands::examine`], compiled for the features of the caller.
    #[inline(always)]
    fn examine_here(
        &mut self,
        cells: &[u8],
        max: u64,
        shown: u64,
        limits: &Limits,
        mut visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Examined {
        let givens: &[u8; 81] = cells.try_into().expect("a 9×9 grid");
        let mut board = Board::load(givens);
        let root = board.settle(false);
        if root != Outcome::Stuck || max == 0 {
            let solved = u64::from(root == Outcome::Solved);
            let solutions = solved.min(max);
            if solutions == 1 {
                let _ = visit(self.write(&board, shown > 0));
            }
            let status = if solutions < solved || (max == 0 && root == Outcome::Stuck) {
                Status::Stopped(StopReason::Solutions)
            } else {
                Status::Complete
            };
            return Examined::unsearched(solutions, status);
        }
        self.givens = *givens;
        self.search(board, max, shown, limits, &mut visit)
    }

    /// The cells of a solved board, if `shown`, else none.
    #[inline(always)]
    fn write(&mut self, board: &Board, shown: bool) -> &[u8] {
        if !shown {
            return &[];
        }
        let cells: &mut [u8; 81] = {
            self.cells.resize(81, 0);
            (&mut self.cells[..]).try_into().expect("81 cells")
        };
        board.write(cells);
        &self.cells
    }

    /// Searches the stuck board `root` (see [`Bands::examine`]).
    #[inline(always)]
    fn search(
        &mut self,
        root: Board,
        max: u64,
        shown: u64,
        limits: &Limits,
        visit: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Examined {
        let mut watch = Watch::new(limits);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let mut solutions = 0;
        let mut board = root;
        // Whether `board` is the stuck board the top frame saved, as it
        // was: at its fixed point, the board the frame would restore (but
        // for its pairs, which the next naked round makes again), so the
        // first alternative starts from it rather than from a copy.
        let mut fresh = false;
        if watch.enter_one() {
            stack.push(frame(&board));
            fresh = true;
            watch.guess();
        }
        while let Some(top) = stack.last_mut() {
            let d = top.untried.trailing_zeros() as usize;
            top.untried &= top.untried - 1;
            let (b, i) = (usize::from(top.band), usize::from(top.index));
            if !fresh {
                board = Board::restore(&top.board);
            }
            fresh = false;
            if top.untried == 0 {
                // The last alternative: the frame goes.
                stack.pop();
            }
            if !watch.enter_one() {
                break;
            }
            board.put(d, b, i);
            match board.settle(self.forced.takes(&board, watch.nodes)) {
                Outcome::Contradiction => {}
                Outcome::Stuck => {
                    if watch.guesses == CLASH_CHECK_AT && clash(&self.givens) {
                        // No solution (none was found): the search is complete.
                        self.stack = stack;
                        return Examined::searched(solutions, Status::Complete, watch.nodes, watch.guesses, 0);
                    }
                    stack.push(frame(&board));
                    fresh = true;
                    watch.guess();
                }
                Outcome::Solved => {
                    let cells = self.write(&board, solutions < shown);
                    solutions += 1;
                    if visit(cells).is_break() || solutions >= max {
                        watch.stop(StopReason::Solutions);
                        break;
                    }
                }
            }
        }
        self.stack = stack;
        Examined::searched(solutions, watch.status(), watch.nodes, watch.guesses, 0)
    }
}

/// The guess on the stuck `board`: usually a cell with two candidates;
/// with [`WEIGHED`] empty cells or more, the one that constrains most
/// among the first [`WEIGHED_PAIRS`] (twice its empty peers plus its peers
/// with two candidates, the first on a tie), as the bitboard search
/// chooses (`Bits::branch`), and with fewer
/// the first, whose choice costs nothing; else the first cell with the
/// fewest.
#[inline(always)]
fn frame(board: &Board) -> Frame {
    let pairs = whole(board.pairs);
    let open = whole(board.unsolved);
    let (band, index) = if pairs != 0 && open.count_ones() < WEIGHED {
        let c = pairs.trailing_zeros() as usize;
        (c / 27, c % 27)
    } else if pairs != 0 {
        let (mut best, mut most, mut left) = (0, 0, pairs);
        let mut weighed = 0;
        while left != 0 && weighed < WEIGHED_PAIRS {
            weighed += 1;
            let c = left.trailing_zeros() as usize;
            left &= left - 1;
            let peers = PEERS[c & 127];
            let weight = 2 * (peers & open).count_ones() + (peers & pairs).count_ones() + 1;
            if weight > most {
                (best, most) = (c, weight);
            }
        }
        (best / 27, best % 27)
    } else {
        fewest(board)
    };
    let untried = board.candidates(band, index) as u16;
    Frame { board: board.save(), band: band as u8, index: index as u8, untried }
}

/// The empty cells from which a guess weighs its cell's peers: below, the
/// choice barely changes the boards searched (the boards then have few
/// empty cells left) but the weighing is a good part of a board's
/// work.
const WEIGHED: u32 = 30;

/// The two-candidate cells a guess weighs at most, the first ones row by
/// row: past them, weighing costs more than the better choice saves on the
/// easier sets, and little changes on the hardest.
const WEIGHED_PAIRS: u32 = 8;

/// The three bands' cells as one grid (bit `27 * band + cell`, which is
/// the cell's index row by row).
#[inline(always)]
fn whole(bands: [u32; 3]) -> u128 {
    u128::from(bands[0]) | u128::from(bands[1]) << 27 | u128::from(bands[2]) << 54
}

/// Per cell (row by row): its peers, the other cells of its row, column
/// and box (0 past the 81 cells: an index masked to 7 bits needs no
/// bounds check).
static PEERS: [u128; 128] = {
    let mut table = [0u128; 128];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 81 {
            let same_box = c / 27 == k / 27 && c % 9 / 3 == k % 9 / 3;
            if k != c && (c / 9 == k / 9 || c % 9 == k % 9 || same_box) {
                table[c] |= 1 << k;
            }
            k += 1;
        }
        c += 1;
    }
    table
};

/// The first empty cell with the fewest candidates.
#[inline(always)]
fn fewest(board: &Board) -> (usize, usize) {
    let (mut best, mut least) = ((0, 0), u32::MAX);
    for (b, &open) in board.unsolved.iter().enumerate() {
        let mut open = open;
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            let n = board.candidates(b, i).count_ones();
            if n < least {
                (best, least) = ((b, i), n);
            }
        }
    }
    best
}
