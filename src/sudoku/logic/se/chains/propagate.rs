//! Forcing-chain propagation from one assumption, SE's way: a queue of on
//! nodes and one of off nodes, on nodes first, until nothing new follows
//! or a candidate turns out both on and off (a contradiction). The links
//! of each node are [`super::implies`]'s.
//!
//! In a *static* search these rules look at the grid as it was; in a
//! *dynamic* one each processed off node is removed from a working copy,
//! so later links see the reduced grid, and a link that relied on earlier
//! removals lists them as extra ("hidden") parents. At nesting level 1 and
//! above, when the queues run dry, techniques are applied to the working
//! grid and their eliminations continue the search: the caller passes
//! them as a [`Nest`] (see [`super::nesting`]), so that the propagation
//! imports none of the techniques that nest it in turn.

use super::implies::{off_to_on, on_to_off};
use super::run::{Cause, Key, NONE, Nested, Run, key, parts};
use crate::sudoku::logic::se::board::{Board, REGIONS};
use std::rc::Rc;

/// An elimination found on the reduced grid when the links run dry: its
/// key, its parents in the run, and the nested chain it came from.
pub(crate) type Found = (Key, Vec<u32>, Option<Rc<Nested>>);

/// The techniques a search nested at `level` (1 or more) applies to its
/// reduced grid when its links run dry: the eliminations of the first
/// productive one on `reduced`, whose grid before the search was `orig`,
/// with their parents in `run`.
pub(crate) type Nest = fn(reduced: &Board, orig: &Board, run: &Run, level: u8) -> Vec<Found>;

/// How a search links nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Whether links inside a cell are used (false for Nishio).
    pub cells: bool,
    /// Whether the grid is reduced as offs are processed.
    pub dynamic: bool,
    /// The nesting level (0: none; see [`Nest`]).
    pub level: u8,
}

/// What a search found (its run shared: a copy is cheap).
#[derive(Clone)]
pub(crate) struct Outcome {
    pub run: Rc<Run>,
    /// The on and off nodes of one candidate, if the assumption led to a
    /// contradiction (the search stops there).
    pub contradiction: Option<(u32, u32)>,
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

/// Propagates from the assumption `start` (an on or off key) on `board`,
/// with `nest` when the links run dry at nesting level 1 and above.
pub(crate) fn propagate(board: &Board, start: Key, mode: Mode, nest: Nest) -> Outcome {
    let orig = board;
    let mut cur = *board;
    let mut scratch = SCRATCH.with(|s| s.take()).unwrap_or_default();
    let outcome = search(orig, &mut cur, start, mode, nest, &mut scratch);
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

/// The loop of [`propagate`], from the assumption `start`.
fn search(orig: &Board, cur: &mut Board, start: Key, mode: Mode, nest: Nest, s: &mut Scratch) -> Outcome {
    let mut run = Run::new();
    let id = run.push(start, Cause::Assumed, &[]);
    run.enter(id);
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
            for (k, parents, nested) in nest(cur, orig, &run, mode.level) {
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
