//! The loop of Algorithm M on bit sets (see `bits_m`): `run_m`'s steps,
//! stops and counts, with each level's state in `MLevels` instead of the
//! arena. Only the bounds are undone backing up; the rest of a level's
//! state is its own copy.

#![forbid(unsafe_code)]

use super::bits_m::MBranch;
use super::{Event, OnSolution, Phase, Search, Start, chain_room, due, enter, found};
use crate::cover::avx2::with_avx2;
use crate::cover::ids::Fork;
use crate::cover::tables::Tables;
use std::sync::Arc;

/// Where the loop goes next (as in `m`).
#[derive(Clone, Copy)]
enum Step {
    Forward,
    /// The next branch at `level`, after this option (or from the first).
    Advance(Option<u32>),
    Backdown,
}

impl Search {
    /// Algorithm M on bit sets, compiled for the keys and words its levels
    /// have (see `bits_m::shape`), with AVX2 when the CPU has it.
    #[inline(never)]
    pub(super) fn run_m_on_bits(&mut self, on: &mut OnSolution) -> Event {
        let tables = Arc::clone(self.tables.as_ref().expect("the search on bit sets has its tables"));
        let t = &tables;
        let shape = self.m_levels.as_ref().expect("Algorithm M on bit sets has its levels").shape();
        match (shape, self.avx2) {
            ((64, 4), Some(avx2)) => with_avx2!(avx2, self.bits_m_loop::<64, 4>(t, on)),
            ((64, 16), Some(avx2)) => with_avx2!(avx2, self.bits_m_loop::<64, 16>(t, on)),
            ((64, 64), Some(avx2)) => with_avx2!(avx2, self.bits_m_loop::<64, 64>(t, on)),
            ((256, 4), Some(avx2)) => with_avx2!(avx2, self.bits_m_loop::<256, 4>(t, on)),
            ((256, 16), Some(avx2)) => with_avx2!(avx2, self.bits_m_loop::<256, 16>(t, on)),
            ((256, 64), Some(avx2)) => with_avx2!(avx2, self.bits_m_loop::<256, 64>(t, on)),
            // Without AVX2 the levels are made with the largest shape.
            ((256, 64), None) => self.bits_m_loop::<256, 64>(t, on),
            (shape, _) => unreachable!("levels of shape {shape:?} without AVX2"),
        }
    }

    /// The loop itself, for `K` keys and `W` words per level.
    #[inline(always)]
    fn bits_m_loop<const K: usize, const W: usize>(&mut self, tables: &Tables, on: &mut OnSolution) -> Event {
        let Start { budget, max_solutions, resume, mut stop_at } = match self.start() {
            Ok(start) => start,
            Err(event) => return event,
        };
        let mut step = if resume { Step::Backdown } else { Step::Forward };
        let cap = self.cap;
        let floor = self.floor;
        let (mut level, mut nodes, mut guesses, mut opts) = (self.level, self.nodes, self.guesses, self.opts);
        let base = self.pins.len();
        let levels = self.m_levels.as_deref_mut().expect("Algorithm M on bit sets has its levels");
        let (event, phase) = loop {
            match step {
                Step::Forward => {
                    if let Some(stop) = enter!(self, level, nodes, stop_at, budget, cap) {
                        break stop;
                    }
                    step = Step::Backdown;
                    let Some((i, score)) = levels.choose::<K>(level) else {
                        if let Some(stop) = found!(self).report(base + opts, on, max_solutions) {
                            break stop;
                        }
                        continue;
                    };
                    if score <= 0 {
                        self.branch[level] = Fork::default();
                        continue;
                    }
                    // No live option left: only null moves, then a solution.
                    if let Some(k) = levels.null_moves::<K, W>(level, i, chain_room(cap, level, stop_at, nodes)) {
                        nodes += k;
                        if let Some(stop) = found!(self).report(base + opts, on, max_solutions) {
                            break stop;
                        }
                        continue;
                    }
                    let t = u32::try_from(score).unwrap_or(u32::MAX);
                    self.branch[level] = Fork { ways: t, taken: 0 };
                    guesses += u64::from(t > 1);
                    levels.open::<K, W>(level, i);
                    step = Step::Advance(None);
                }
                Step::Advance(from) => match levels.advance::<K, W>(level, from) {
                    MBranch::Option(x) => {
                        levels.commit::<K, W>(level, Some(x));
                        self.path[base + opts] = tables.option(x);
                        self.changed = self.changed.min(base + opts);
                        opts += 1;
                        level += 1;
                        step = Step::Forward;
                    }
                    MBranch::Null => {
                        levels.commit::<K, W>(level, None);
                        level += 1;
                        step = Step::Forward;
                    }
                    MBranch::Exhausted => {
                        levels.close(level);
                        step = Step::Backdown;
                    }
                },
                Step::Backdown => {
                    if level == floor {
                        break (Event::Done, Phase::Done);
                    }
                    level -= 1;
                    match levels.back::<K>(level) {
                        None => levels.close(level),
                        Some(x) => {
                            opts -= 1;
                            self.branch[level].taken += 1;
                            step = Step::Advance(Some(x));
                        }
                    }
                }
            }
        };
        self.arena.updates += std::mem::take(&mut levels.updates);
        self.level = level;
        self.nodes = nodes;
        self.guesses = guesses;
        self.opts = opts;
        self.phase = phase;
        event
    }
}
