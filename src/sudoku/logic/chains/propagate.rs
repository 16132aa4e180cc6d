//! Forcing-chain propagation from one assumption, SE's way: a queue of on
//! nodes and one of off nodes, on nodes first, until nothing new follows
//! or a candidate turns out both on and off (a contradiction).
//!
//! * An **on** node `d@c` turns off the other candidates of `c` (unless
//!   cell links are disabled, as for Nishio) and `d` in `c`'s peers.
//! * An **off** node `d@c` turns on the other candidate of `c` when `c`
//!   has two, and the other place of `d` in each house of `c` where `d`
//!   has two places.
//!
//! In a *static* search these rules look at the grid as it was; in a
//! *dynamic* one each processed off node is removed from a working copy,
//! so later links see the reduced grid, and a link that relied on earlier
//! removals lists them as extra ("hidden") parents. At nesting level 1 and
//! above, when the queues run dry, techniques are applied to the working
//! grid (see [`super::advanced`]) and their eliminations continue the
//! search.

use super::advanced;
use super::run::{Cause, Key, NONE, Run, key, parts};
use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{Board, INDEX_IN, REGIONS, REGIONS_OF};

/// How a search links nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Whether links inside a cell are used (false for Nishio).
    pub cells: bool,
    /// Whether the grid is reduced as offs are processed.
    pub dynamic: bool,
    /// The nesting level (0: none; see [`super::advanced`]).
    pub level: u8,
}

/// What a search found (its run shared: a copy is cheap).
#[derive(Clone)]
pub(crate) struct Outcome {
    pub run: std::rc::Rc<Run>,
    /// The on and off nodes of one candidate, if the assumption led to a
    /// contradiction (the search stops there).
    pub contradiction: Option<(u32, u32)>,
}

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

/// The hidden parents of an on node that off node `d@c` implies by
/// `cause` (see [`off_to_on`]) in a dynamic search: the nodes of `run`
/// for the candidates that `cur` lost since `orig` in the link's cell
/// (any digit) or house (digit `d`), in the cell's or house's order.
/// Appended to `out`.
fn hidden_parents(cur: &Board, orig: &Board, run: &Run, (c, d): (usize, u8), cause: Cause, out: &mut Vec<u32>) {
    let mut push = |k: Key| {
        let id = run.get(k);
        if id != NONE {
            out.push(id);
        }
    };
    match cause {
        Cause::Region(r) => {
            let r = usize::from(r);
            let mut gone = orig.places(r, d) & !cur.places(r, d);
            while gone != 0 {
                let j = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                push(key(REGIONS[r][j] as usize, d, false));
            }
        }
        _ => {
            let mut gone = orig.cand[c] & !cur.cand[c];
            while gone != 0 {
                let v = gone.trailing_zeros() as u8 + 1;
                gone &= gone - 1;
                push(key(c, v, false));
            }
        }
    }
}

/// Propagates from the assumption `start` (an on or off key) on `board`.
pub(crate) fn propagate(board: &Board, start: Key, mode: Mode) -> Outcome {
    let orig = board;
    let mut cur = *board;
    let mut run = Run::new();
    let id = run.push(start, Cause::Assumed, &[]);
    run.enter(id);
    let mut scratch = SCRATCH.with(|s| s.take()).unwrap_or_default();
    let outcome = search(orig, &mut cur, run, id, start, mode, &mut scratch);
    SCRATCH.with(|s| s.set(Some(scratch)));
    outcome
}

/// The queues and lists of one search, kept between searches (a nested
/// search, which finds none there, makes its own).
#[derive(Default)]
struct Scratch {
    on_q: Queue,
    off_q: Queue,
    offs: Vec<(Key, Cause)>,
    ons: Vec<(Key, Cause)>,
    parents: Vec<u32>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Scratch>> = const { std::cell::Cell::new(None) };
}

/// A first-in first-out queue that is emptied before it is used again:
/// a vector read from `head` (cheaper than a ring buffer).
#[derive(Default)]
struct Queue {
    items: Vec<u32>,
    head: usize,
}

impl Queue {
    fn clear(&mut self) {
        self.items.clear();
        self.head = 0;
    }

    fn push_back(&mut self, id: u32) {
        self.items.push(id);
    }

    fn pop_front(&mut self) -> Option<u32> {
        let id = self.items.get(self.head).copied();
        self.head += usize::from(id.is_some());
        id
    }

    fn is_empty(&self) -> bool {
        self.head == self.items.len()
    }
}

/// The loop of [`propagate`], from node `id` of `run`.
fn search(orig: &Board, cur: &mut Board, mut run: Run, id: u32, start: Key, mode: Mode, s: &mut Scratch) -> Outcome {
    let Scratch { on_q, off_q, offs, ons, parents } = s;
    on_q.clear();
    off_q.clear();
    if start % 2 == 1 {
        on_q.push_back(id)
    } else {
        off_q.push_back(id)
    }
    loop {
        if let Some(p) = on_q.pop_front() {
            let (c, d, _) = parts(run.key_of(p));
            on_to_off(cur, c, d, mode.cells, offs);
            for &(k, cause) in offs.iter() {
                let conj = run.get(k | 1);
                if conj != NONE {
                    let off = run.push(k, cause, &[p]);
                    return Outcome { run: run.into(), contradiction: Some((conj, off)) };
                }
                if run.get(k) == NONE {
                    let id = run.push(k, cause, &[p]);
                    run.enter(id);
                    off_q.push_back(id);
                }
            }
        } else if let Some(p) = off_q.pop_front() {
            let (c, d, _) = parts(run.key_of(p));
            off_to_on(cur, c, d, mode.cells, true, ons);
            for &(k, cause) in ons.iter() {
                let conj = run.get(k & !1);
                if conj == NONE && run.get(k) != NONE {
                    continue;
                }
                // Hidden parents only for a node that is added (the grid
                // does not yet lack `d@c`).
                parents.clear();
                parents.push(p);
                if mode.dynamic {
                    hidden_parents(cur, orig, &run, (c, d), cause, parents);
                }
                if conj != NONE {
                    let on = run.push(k, cause, parents);
                    return Outcome { run: run.into(), contradiction: Some((on, conj)) };
                }
                let id = run.push(k, cause, parents);
                run.enter(id);
                on_q.push_back(id);
            }
            if mode.dynamic {
                cur.remove(c, d);
            }
        }
        if on_q.is_empty() && off_q.is_empty() {
            if mode.level == 0 {
                break;
            }
            for (k, parents, nested) in advanced::eliminations(cur, orig, &run, mode.level) {
                if run.get(k) == NONE {
                    let id = run.push(k, Cause::Advanced, &parents);
                    run.nodes[id as usize].nested = nested;
                    run.enter(id);
                    off_q.push_back(id);
                }
            }
            if off_q.is_empty() {
                break;
            }
        }
    }
    Outcome { run: run.into(), contradiction: None }
}
