//! Which nodes a static chain search can reach from which: the transitive
//! closure of a board's links, computed once per board and link mode.
//!
//! A breadth-first search from a node reaches exactly the nodes of its
//! closure. So a forcing chain from `d@c` that ends at its opposite exists
//! only if the closure says so, and a cycle through a node only if the
//! node's strongly connected component has another node. The unary chain
//! searches ask this first: on hard puzzles, fewer than one search in a
//! thousand found a forcing chain.
//!
//! The closure comes from Tarjan's algorithm (iterative): components are
//! completed in reverse topological order, so each component's set is its
//! members and the sets of the components its edges lead to, all complete.
//!
//! **Invariant.** `reaches(a, b)` is true exactly when `b` is `a` or a
//! search from `a` with the same links would reach `b`; a test checks it
//! against plain searches on random boards.

use super::links::Links;
use super::run::{Cause, Key, key, parts};
use crate::sudoku::logic::se::board::Board;
use std::cell::RefCell;
use std::rc::Rc;

const NO: u32 = u32::MAX;

thread_local! {
    /// The last closure with cell and house links, by the candidates of its
    /// board: the unary chains and then the cell and region chains ask for
    /// it on the same board.
    static LAST: RefCell<Option<([u16; 81], Rc<Reach>)>> = const { RefCell::new(None) };
}

/// The closure of one board's links in one mode.
pub(crate) struct Reach {
    /// The dense number of each key that is a candidate's, or `NO`. Sets
    /// are over dense numbers: a board has far fewer candidates than 729.
    dense: Vec<u32>,
    /// The component of each dense number.
    comp: Vec<u32>,
    /// The number of keys in each component.
    size: Vec<u32>,
    /// Words per set.
    words: usize,
    /// The dense numbers each component reaches, itself included (only
    /// its own without `closure`): `words` words per component.
    sets: Vec<u64>,
    closure: bool,
    /// The candidates the closure left out (bit `d` of cell `c`), which
    /// it must not be asked about: it would answer as if they were none.
    #[cfg(debug_assertions)]
    left_out: [u16; 81],
}

impl Reach {
    /// The closure of `links` with cell links (`cells`) or without, and
    /// house links (`houses`) or without. Without `closure` only the
    /// components are found: enough for [`Reach::on_cycle`], not for the
    /// other questions.
    pub(crate) fn new(links: &Links, cells: bool, houses: bool, closure: bool) -> Reach {
        Reach::build(links, cells, houses, closure, |_, _| true)
    }

    /// The closure with cell and house links of `links`' board, made
    /// unless it is the last one made on this thread (a closure depends on
    /// the candidates alone, and the cache is keyed by them).
    pub(crate) fn with_cells_and_houses(links: &Links) -> Rc<Reach> {
        Reach::last_or(links.cand(), || Reach::new(links, true, true, true))
    }

    /// [`Reach::with_cells_and_houses`] for board `b`, whose links are
    /// listed only if the closure is not the last one made.
    pub(crate) fn with_cells_and_houses_of(b: &Board) -> Rc<Reach> {
        Reach::last_or(&b.cand, || Reach::new(&Links::new(b), true, true, true))
    }

    /// The last closure with cell and house links made on this thread if
    /// it is of the candidates `cand`, else `make()`, kept as the last.
    fn last_or(cand: &[u16; 81], make: impl FnOnce() -> Reach) -> Rc<Reach> {
        let last = LAST.try_with(|l| l.borrow().as_ref().filter(|(c, _)| c == cand).map(|(_, r)| r.clone()));
        if let Ok(Some(r)) = last {
            return r;
        }
        let r = Rc::new(make());
        let _ = LAST.try_with(|l| *l.borrow_mut() = Some((*cand, r.clone())));
        r
    }

    /// The closure of the house links (X links) of the digits in the mask
    /// `digits` (bit `d` for `d`), the keys of the others left out: without
    /// cell links no link joins two digits, so the closure of each digit
    /// is its own.
    pub(crate) fn of_digits(links: &Links, digits: u16) -> Reach {
        Reach::build(links, false, true, true, |_, d| digits >> d & 1 != 0)
    }

    /// The components of the cell links alone (Y links), over the keys of
    /// bivalue cells only (enough for [`Reach::on_cycle`] and
    /// [`Reach::component`] on those keys). Without house links an off
    /// node leads on only in a bivalue cell, and an on node is led to only
    /// from one, so the other keys are on no cycle: leaving them out
    /// changes no component of the kept keys.
    pub(crate) fn of_bivalue_cells(links: &Links) -> Reach {
        let bivalue: u128 = (0..81).filter(|&c| links.count(c) == 2).fold(0, |m, c| m | 1 << c);
        Reach::build(links, true, false, false, |c, _| bivalue >> c & 1 != 0)
    }

    /// The closure over the keys of the candidates `keep(c, d)` accepts;
    /// links to other keys are dropped.
    fn build(links: &Links, cells: bool, houses: bool, closure: bool, keep: impl Fn(usize, u8) -> bool) -> Reach {
        // The candidates' keys, numbered densely, and their successors.
        let mut dense = vec![NO; 1458];
        let mut keys: Vec<Key> = Vec::with_capacity(512);
        #[cfg(debug_assertions)]
        let mut left_out = [0u16; 81];
        for c in 0..81 {
            #[cfg(debug_assertions)]
            for d in (1..=9u8).filter(|&d| links.has(c, d) && !keep(c, d)) {
                left_out[c] |= 1 << d;
            }
            for d in (1..=9u8).filter(|&d| links.has(c, d) && keep(c, d)) {
                for on in [false, true] {
                    dense[usize::from(key(c, d, on))] = keys.len() as u32;
                    keys.push(key(c, d, on));
                }
            }
        }
        let n = keys.len();
        let mut start = Vec::with_capacity(n + 1);
        let mut succ: Vec<u32> = Vec::with_capacity(8 * n);
        let mut buf: Vec<(Key, Cause)> = Vec::with_capacity(32);
        for &k in &keys {
            start.push(succ.len() as u32);
            let (c, d, on) = parts(k);
            if on {
                links.on_to_off(c, d, cells, &mut buf);
            } else {
                links.off_to_on(c, d, cells, houses, &mut buf);
            }
            succ.extend(buf.iter().map(|&(s, _)| dense[usize::from(s)]).filter(|&s| s != NO));
        }
        start.push(succ.len() as u32);
        let next = |v: usize| &succ[start[v] as usize..start[v + 1] as usize];

        let words = n.div_ceil(64).max(1);
        let mut reach = Reach {
            dense,
            comp: vec![NO; n],
            size: Vec::new(),
            words,
            sets: Vec::new(),
            closure,
            #[cfg(debug_assertions)]
            left_out,
        };
        let mut index = vec![NO; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        // (node, next edge to follow)
        let mut calls: Vec<(u32, u32)> = Vec::new();
        let mut counter = 0u32;
        // For each component, the last component whose set took its set.
        let mut merged: Vec<u32> = Vec::new();
        let mut set = vec![0u64; words];
        for root in 0..n as u32 {
            if index[root as usize] != NO {
                continue;
            }
            calls.push((root, 0));
            index[root as usize] = counter;
            low[root as usize] = counter;
            counter += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            while let Some(&mut (v, ref mut e)) = calls.last_mut() {
                let vi = v as usize;
                if let Some(&w) = next(vi).get(*e as usize) {
                    *e += 1;
                    let wi = w as usize;
                    if index[wi] == NO {
                        index[wi] = counter;
                        low[wi] = counter;
                        counter += 1;
                        stack.push(w);
                        on_stack[wi] = true;
                        calls.push((w, 0));
                    } else if on_stack[wi] {
                        low[vi] = low[vi].min(index[wi]);
                    }
                    continue;
                }
                calls.pop();
                if let Some(&(u, _)) = calls.last() {
                    low[u as usize] = low[u as usize].min(low[vi]);
                }
                if low[vi] != index[vi] {
                    continue;
                }
                // `v` roots a component: pop it, then add what it reaches.
                let id = reach.size.len() as u32;
                set.fill(0);
                let first = stack.iter().rposition(|&x| x == v).expect("the root is on the stack");
                for &x in &stack[first..] {
                    let xi = x as usize;
                    on_stack[xi] = false;
                    reach.comp[xi] = id;
                    set[xi / 64] |= 1 << (xi % 64);
                }
                for &x in stack[first..].iter().filter(|_| closure) {
                    for &w in next(x as usize) {
                        let other = reach.comp[w as usize];
                        // Each component's set is added once.
                        if other != id && merged[other as usize] != id {
                            merged[other as usize] = id;
                            let s = &reach.sets[other as usize * words..][..words];
                            for (a, b) in set.iter_mut().zip(s) {
                                *a |= b;
                            }
                        }
                    }
                }
                reach.size.push((stack.len() - first) as u32);
                reach.sets.extend_from_slice(&set);
                merged.push(NO);
                stack.truncate(first);
            }
        }
        reach
    }

    /// Panics (in debug builds) when `k`'s candidate was left out.
    fn debug_assert_kept(&self, _k: Key) {
        #[cfg(debug_assertions)]
        {
            let (c, d, _) = parts(_k);
            assert!(self.left_out[c] >> d & 1 == 0, "the closure left out {d}@{c}");
        }
    }

    /// The set of the component of key `k`, if `k` is a candidate's.
    fn set_of(&self, k: Key) -> Option<&[u64]> {
        self.debug_assert_kept(k);
        match self.dense[usize::from(k)] {
            NO => None,
            i => Some(&self.sets[self.comp[i as usize] as usize * self.words..][..self.words]),
        }
    }

    /// Whether a search from `from` reaches `to` (or `to` is `from`).
    pub(crate) fn reaches(&self, from: Key, to: Key) -> bool {
        debug_assert!(self.closure);
        self.debug_assert_kept(to);
        match (self.set_of(from), self.dense[usize::from(to)]) {
            (Some(set), t) if t != NO => set[t as usize / 64] >> (t % 64) & 1 != 0,
            _ => false,
        }
    }

    /// Whether the closures of `keys` share a key.
    pub(crate) fn meet(&self, keys: impl Iterator<Item = Key>) -> bool {
        debug_assert!(self.closure);
        // At most 1458 keys: 23 words.
        let mut common = [!0u64; 23];
        let common = &mut common[..self.words];
        for k in keys {
            let Some(set) = self.set_of(k) else { return false };
            for (a, b) in common.iter_mut().zip(set) {
                *a &= b;
            }
        }
        common.iter().any(|&w| w != 0)
    }

    /// The strongly connected component of `k` (a number), or `u32::MAX`
    /// when `k` is no candidate's key.
    pub(crate) fn component(&self, k: Key) -> u32 {
        match self.dense[usize::from(k)] {
            NO => NO,
            i => self.comp[i as usize],
        }
    }

    /// Whether some cycle of links passes through `k`.
    pub(crate) fn on_cycle(&self, k: Key) -> bool {
        match self.dense[usize::from(k)] {
            NO => false,
            i => self.size[self.comp[i as usize] as usize] > 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::logic::se::board::random_board;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The keys a plain breadth-first search reaches from `from`.
    fn searched(links: &Links, from: Key, cells: bool, houses: bool) -> Vec<bool> {
        let mut seen = vec![false; 1458];
        seen[usize::from(from)] = true;
        let mut todo = vec![from];
        let mut buf = Vec::new();
        while let Some(k) = todo.pop() {
            let (c, d, on) = parts(k);
            if on {
                links.on_to_off(c, d, cells, &mut buf);
            } else {
                links.off_to_on(c, d, cells, houses, &mut buf);
            }
            for &(w, _) in &buf {
                if !seen[usize::from(w)] {
                    seen[usize::from(w)] = true;
                    todo.push(w);
                }
            }
        }
        seen
    }

    #[test]
    fn closure_equals_searches() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut cycles = [0; 2];
        for round in 0..12 {
            let b = random_board(&mut rng, 150..450);
            let links = Links::new(&b);
            let (cells, houses) = [(false, true), (true, false), (true, true)][round % 3];
            let reach = Reach::new(&links, cells, houses, true);
            let components = Reach::new(&links, cells, houses, false);
            let keys: Vec<Key> = (0..1458u16).filter(|&k| b.has(parts(k).0, parts(k).1)).collect();
            let mut seen = vec![Vec::new(); 1458];
            for &k in &keys {
                seen[usize::from(k)] = searched(&links, k, cells, houses);
            }
            for &from in &keys {
                for to in 0..1458u16 {
                    assert_eq!(reach.reaches(from, to), seen[usize::from(from)][usize::from(to)], "{from} to {to}");
                }
                // On a cycle: another key it reaches reaches it back.
                let back = keys.iter().any(|&w| {
                    w != from && seen[usize::from(from)][usize::from(w)] && seen[usize::from(w)][usize::from(from)]
                });
                assert_eq!(reach.on_cycle(from), back);
                for &to in &keys {
                    let mutual = seen[usize::from(from)][usize::from(to)] && seen[usize::from(to)][usize::from(from)];
                    assert_eq!(reach.component(from) == reach.component(to), mutual);
                }
                assert_eq!(components.on_cycle(from), back);
                cycles[usize::from(back)] += 1;
            }
        }
        assert!(cycles[0] > 50 && cycles[1] > 50, "keys off and on cycles to test: {cycles:?}");
    }

    #[test]
    fn bivalue_components_are_the_whole_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut on_cycles = 0;
        for _ in 0..12 {
            let b = random_board(&mut rng, 300..500);
            let links = Links::new(&b);
            let whole = Reach::new(&links, true, false, false);
            let part = Reach::of_bivalue_cells(&links);
            let kept: Vec<Key> =
                (0..1458u16).filter(|&k| b.has(parts(k).0, parts(k).1) && b.count(parts(k).0) == 2).collect();
            for from in 0..1458u16 {
                assert_eq!(part.on_cycle(from), whole.on_cycle(from), "{from}");
            }
            for &from in &kept {
                on_cycles += usize::from(part.on_cycle(from));
                for &to in &kept {
                    assert_eq!(
                        part.component(from) == part.component(to),
                        whole.component(from) == whole.component(to)
                    );
                }
            }
        }
        assert!(on_cycles > 20, "too few keys on cycles to test: {on_cycles}");
    }

    #[test]
    fn a_digit_closure_is_the_digits_part_of_the_whole() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        for _ in 0..8 {
            let b = random_board(&mut rng, 150..450);
            let links = Links::new(&b);
            let whole = Reach::new(&links, false, true, true);
            let digits: u16 = rng.random_range(0..0x200u16) << 1;
            let part = Reach::of_digits(&links, digits);
            let mut kept = 0;
            for from in 0..1458u16 {
                let keep = digits >> parts(from).1 & 1 != 0;
                kept += usize::from(keep && b.has(parts(from).0, parts(from).1));
                assert_eq!(part.on_cycle(from), keep && whole.on_cycle(from), "{from}");
                // A left-out key may not be asked about (see the next test).
                for to in (0..1458u16).filter(|&to| keep && digits >> parts(to).1 & 1 != 0) {
                    assert_eq!(part.reaches(from, to), whole.reaches(from, to), "{from} to {to}");
                }
            }
            assert!(kept > 0);
        }
    }

    /// Asking a closure about a candidate it left out is a bug, caught in
    /// debug builds rather than answered as if it were no candidate.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "the closure left out")]
    fn a_left_out_candidate_may_not_be_asked_about() {
        let links = Links::new(&Board::new([0x1ff; 81], [0; 81]));
        let part = Reach::of_digits(&links, 1 << 1);
        part.reaches(key(0, 1, true), key(0, 2, false));
    }
}
