//! The links of a fixed board, listed once: what a static chain search
//! asks of every node it reaches, thousands of times per board.
//!
//! [`Links`] gives the same nodes, causes and order as
//! [`on_to_off`] and
//! [`off_to_on`](super::implies::off_to_on) on the board it was built
//! from.
//! A test checks that on every candidate of random boards.
//!
//! **Invariant.** A `Links` describes one board; it is built for a search
//! and dropped with it, never kept across a change of the board.

use super::implies::{cell_offs, on_to_off};
use super::run::{Cause, Key, key};
use crate::sudoku::logic::se::board::Pop;
use crate::sudoku::logic::se::board::{Board, INDEX_IN, REGIONS, REGIONS_OF};

/// The links of every candidate of one board.
pub(crate) struct Links {
    /// The candidate masks of the board.
    cand: [u16; 81],
    /// For each digit `d`, the cells where it is a candidate (bit `c`).
    digit_cells: [u128; 9],
    /// For candidate slot `c * 9 + d - 1`: its peers holding `d`, as off
    /// keys with their causes, in SE's peer order
    /// (`peers[start[s]..start[s + 1]]`).
    start: Vec<u32>,
    peers: Vec<(Key, Cause)>,
    /// For each slot: the on keys an off node turns on through houses
    /// (the other place of `d` in each house of `c` where it has two),
    /// first one of each key, in block, row, column order.
    houses: Vec<[(Key, Cause); 3]>,
    house_len: Vec<u8>,
}

impl Links {
    /// The candidate masks of the board the links were made from.
    pub(crate) fn cand(&self) -> &[u16; 81] {
        &self.cand
    }

    /// The links of `b`.
    pub(crate) fn new(b: &Board) -> Links {
        let mut links = Links {
            cand: b.cand,
            digit_cells: [0; 9],
            start: Vec::with_capacity(730),
            peers: Vec::with_capacity(729 * 8),
            houses: vec![[(0, Cause::Assumed); 3]; 729],
            house_len: vec![0; 729],
        };
        let mut buf = Vec::with_capacity(20);
        for c in 0..81 {
            for d in 1..=9u8 {
                let slot = c * 9 + usize::from(d) - 1;
                links.start.push(links.peers.len() as u32);
                if !b.has(c, d) {
                    continue;
                }
                links.digit_cells[usize::from(d) - 1] |= 1u128 << c;
                // The peers holding `d`, as the propagation lists them.
                on_to_off(b, c, d, false, &mut buf);
                links.peers.extend_from_slice(&buf);
                let mut n = 0;
                for t in 0..3 {
                    let r = usize::from(REGIONS_OF[c][t]);
                    let now = b.places(r, d);
                    if !now.two() {
                        continue;
                    }
                    let i = (now & !(1 << INDEX_IN[c][t])).trailing_zeros() as usize;
                    let k = key(usize::from(REGIONS[r][i]), d, true);
                    if links.houses[slot][..n].iter().any(|&(o, _)| o == k) {
                        continue;
                    }
                    links.houses[slot][n] = (k, Cause::Region(r as u8));
                    n += 1;
                }
                links.house_len[slot] = n as u8;
            }
        }
        links.start.push(links.peers.len() as u32);
        links
    }

    /// Whether `d` is a candidate of `c`.
    pub(crate) fn has(&self, c: usize, d: u8) -> bool {
        self.cand[c] >> (d - 1) & 1 != 0
    }

    /// The number of candidates of `c`.
    pub(crate) fn count(&self, c: usize) -> u32 {
        self.cand[c].pop()
    }

    /// The cells where `d` is a candidate.
    pub(crate) fn cells_with(&self, d: u8) -> u128 {
        self.digit_cells[usize::from(d) - 1]
    }

    /// The off nodes an on node `d@c` implies, as
    /// [`on_to_off`] lists them.
    pub(crate) fn on_to_off(&self, c: usize, d: u8, cells: bool, out: &mut Vec<(Key, Cause)>) {
        cell_offs(self.cand[c], c, d, cells, out);
        let slot = c * 9 + usize::from(d) - 1;
        out.extend_from_slice(&self.peers[self.start[slot] as usize..self.start[slot + 1] as usize]);
    }

    /// The on nodes an off node `d@c` implies, as
    /// [`off_to_on`](super::implies::off_to_on) lists them on a static
    /// board: the cell's other candidate (with `cells`, when it has two),
    /// then the houses' (with `regions`).
    pub(crate) fn off_to_on(&self, c: usize, d: u8, cells: bool, regions: bool, out: &mut Vec<(Key, Cause)>) {
        out.clear();
        if cells && self.cand[c].two() {
            let other = (self.cand[c] & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
            out.push((key(c, other, true), Cause::Cell));
        }
        if regions {
            let slot = c * 9 + usize::from(d) - 1;
            out.extend_from_slice(&self.houses[slot][..usize::from(self.house_len[slot])]);
        }
    }

    /// The off keys that [`Links::off_to_on`] (with the same `cells` and
    /// `regions`) leads to `d@c` on, at most four: the cell's other
    /// candidate when it has two, and the other place of `d` in each house
    /// of `c` where it has two (links within a cell or a house go both
    /// ways).
    pub(crate) fn leading_on(&self, c: usize, d: u8, cells: bool, regions: bool) -> ([Key; 4], usize) {
        let mut out = [Key::MAX; 4];
        let mut n = 0;
        if cells && self.cand[c].two() {
            let other = (self.cand[c] & !(1 << (d - 1))).trailing_zeros() as u8 + 1;
            out[n] = key(c, other, false);
            n += 1;
        }
        if regions {
            let slot = c * 9 + usize::from(d) - 1;
            for &(k, _) in &self.houses[slot][..usize::from(self.house_len[slot])] {
                out[n] = k & !1;
                n += 1;
            }
        }
        (out, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::logic::se::board::random_board;
    use crate::sudoku::logic::se::chains::implies::{off_to_on, on_to_off};
    use crate::sudoku::logic::se::chains::run::parts;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn same_links_as_the_board() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..40 {
            let b = random_board(&mut rng, 0..400);
            let links = Links::new(&b);
            let (mut want, mut got) = (Vec::new(), Vec::new());
            let mut ons = Vec::new();
            for c in 0..81 {
                for d in (1..=9).filter(|&d| b.has(c, d)) {
                    for cells in [false, true] {
                        on_to_off(&b, c, d, cells, &mut want);
                        links.on_to_off(c, d, cells, &mut got);
                        assert_eq!(got, want, "on {d}@{c}");
                        for regions in [false, true] {
                            off_to_on(&b, c, d, cells, regions, &mut ons);
                            links.off_to_on(c, d, cells, regions, &mut got);
                            assert_eq!(got, ons, "off {d}@{c}");
                            // The keys leading to `d@c` on, by every off key's links.
                            let target = key(c, d, true);
                            let mut want: Vec<Key> = (0..1458u16)
                                .filter(|&k| {
                                    let (kc, kd, on) = parts(k);
                                    !on && b.has(kc, kd) && {
                                        links.off_to_on(kc, kd, cells, regions, &mut got);
                                        got.iter().any(|&(o, _)| o == target)
                                    }
                                })
                                .collect();
                            let (into, n) = links.leading_on(c, d, cells, regions);
                            let mut into = into[..n].to_vec();
                            into.sort_unstable();
                            want.sort_unstable();
                            assert_eq!(into, want, "into {d}@{c}");
                        }
                    }
                }
            }
        }
    }
}
