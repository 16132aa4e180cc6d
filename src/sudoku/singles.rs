//! A fast check that naked and hidden singles alone fill a grid, which
//! proves its solution unique. The generator uses it to skip most of its
//! uniqueness searches; whenever singles get stuck, the exact-cover engine
//! decides.

use super::layout::Layout;

/// The houses and peers of a layout, precomputed for [`solved_by_singles`].
#[derive(Clone, Debug)]
pub(crate) struct Peers {
    side: usize,
    houses: Vec<Vec<usize>>,
    peers: Vec<Vec<usize>>,
}

impl Peers {
    pub(crate) fn new(layout: &Layout) -> Peers {
        let side = layout.side();
        let houses: Vec<Vec<usize>> = layout.houses().iter().map(|h| h.cells.clone()).collect();
        let peers = layout
            .houses_of()
            .iter()
            .enumerate()
            .map(|(cell, hs)| {
                let mut p: Vec<usize> =
                    hs.iter().flat_map(|&h| houses[h].iter().copied()).filter(|&c| c != cell).collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        Peers { side, houses, peers }
    }

    /// Whether singles fill `cells` completely without a contradiction.
    pub(crate) fn solved_by_singles(&self, cells: &[u8], scratch: &mut Vec<u32>) -> bool {
        let side = self.side;
        let all = (1u32 << (side + 1)) - 2;
        scratch.clear();
        scratch.resize(side * side, all);
        let cand = scratch;
        let mut value: Vec<u8> = vec![0; side * side];
        let mut queue: Vec<(usize, u8)> =
            cells.iter().enumerate().filter(|&(_, &v)| v != 0).map(|(c, &v)| (c, v)).collect();
        let mut filled = 0;
        loop {
            while let Some((cell, v)) = queue.pop() {
                if value[cell] == v {
                    continue;
                }
                if value[cell] != 0 || cand[cell] & (1 << v) == 0 {
                    return false;
                }
                value[cell] = v;
                cand[cell] = 1 << v;
                filled += 1;
                for &p in &self.peers[cell] {
                    if cand[p] & (1 << v) != 0 {
                        if value[p] == v {
                            return false;
                        }
                        cand[p] &= !(1 << v);
                        match cand[p].count_ones() {
                            0 => return false,
                            1 if value[p] == 0 => queue.push((p, cand[p].trailing_zeros() as u8)),
                            _ => {}
                        }
                    }
                }
            }
            if filled == side * side {
                return true;
            }
            // Hidden singles.
            for house in &self.houses {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in house {
                    twice |= once & cand[c];
                    once |= cand[c];
                }
                if once != all {
                    return false;
                }
                let mut single = once & !twice;
                while single != 0 {
                    let v = single.trailing_zeros() as u8;
                    single &= single - 1;
                    if let Some(&c) = house.iter().find(|&&c| cand[c] & (1 << v) != 0) {
                        if value[c] == 0 {
                            queue.push((c, v));
                        }
                    }
                }
            }
            if queue.is_empty() {
                return false;
            }
        }
    }
}
