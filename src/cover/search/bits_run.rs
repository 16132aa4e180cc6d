//! The search loop on bit sets (see `bits`): `run`'s steps and stops, with
//! each level's state in `Levels` instead of the arena.
//!
//! Forward, a node chooses an item, covers it and tries its first option;
//! backing up to a level tries the next option of its item, as each level
//! keeps its own copy of the state and nothing is undone. The loop stops
//! where `run` stops (a solution, the depth cap, a limit, the end) and
//! resumes the same way, so the levels stay valid between calls.

#![forbid(unsafe_code)]

use super::{Event, OnSolution, Phase, Search, Start, due, found};
use crate::cover::avx2::with_avx2;
use crate::cover::ids::Fork;
use crate::cover::tables::Tables;
use std::sync::Arc;

impl Search {
    /// The search on bit sets, compiled for the size every option has
    /// when the problem's options have one of the usual sizes (pieces of 4
    /// to 6 cells, and their name), and with AVX2 when the CPU has it.
    #[inline(never)]
    pub(super) fn run_on_bits(&mut self, on: &mut OnSolution) -> Event {
        let tables = Arc::clone(self.tables.as_ref().expect("the search on bit sets has its tables"));
        let t = &tables;
        match (tables.uniform(), self.avx2) {
            (5, Some(avx2)) => with_avx2!(avx2, self.bits_loop::<5>(t, on)),
            (6, Some(avx2)) => with_avx2!(avx2, self.bits_loop::<6>(t, on)),
            (7, Some(avx2)) => with_avx2!(avx2, self.bits_loop::<7>(t, on)),
            (_, Some(avx2)) => with_avx2!(avx2, self.bits_loop::<0>(t, on)),
            (6, None) => self.bits_loop::<6>(t, on),
            (_, None) => self.bits_loop::<0>(t, on),
        }
    }

    /// The loop itself, for options of `U` items (0: any sizes).
    #[inline(always)]
    fn bits_loop<const U: usize>(&mut self, tables: &Tables, on: &mut OnSolution) -> Event {
        let Start { budget, max_solutions, mut resume, mut stop_at } = match self.start() {
            Ok(start) => start,
            Err(event) => return event,
        };
        let cap = self.cap;
        let floor = self.floor;
        let mut level = self.level;
        let mut nodes = self.nodes;
        let mut guesses = self.guesses;
        let base = self.pins.len();
        let levels = self.levels.as_deref_mut().expect("the search on bit sets has its levels");
        let (event, phase) = 'search: loop {
            if !resume {
                loop {
                    if level >= cap {
                        break 'search (Event::Frontier, Phase::AfterSolution);
                    }
                    if nodes >= stop_at {
                        match due!(self).look(nodes, level, budget) {
                            Ok(next) => stop_at = next,
                            Err(r) => break 'search (Event::Stopped(r), Phase::Forward),
                        }
                    }
                    nodes += 1;
                    let Some((i, t)) = levels.choose(tables, level) else {
                        if let Some(stop) = found!(self).report(base + level, on, max_solutions) {
                            break 'search stop;
                        }
                        break;
                    };
                    self.branch[level] = Fork { ways: t, taken: 0 };
                    guesses += u64::from(t > 1);
                    if t == 0 {
                        // DLX1 covers the item and finds its list empty.
                        levels.updates += 1;
                        break;
                    }
                    let x = levels.cover::<U>(tables, level, i);
                    levels.commit::<U>(tables, level, x);
                    self.path[base + level] = tables.option(x);
                    level += 1;
                }
            }
            resume = false;
            // Back up to the next untried option.
            loop {
                if level == floor {
                    break 'search (Event::Done, Phase::Done);
                }
                level -= 1;
                if let Some(x) = levels.next(tables, level, levels.at(level)) {
                    levels.commit::<U>(tables, level, x);
                    self.path[base + level] = tables.option(x);
                    self.changed = self.changed.min(base + level);
                    self.branch[level].taken += 1;
                    level += 1;
                    break;
                }
            }
        };
        self.arena.updates += std::mem::take(&mut levels.updates);
        self.level = level;
        self.nodes = nodes;
        self.guesses = guesses;
        self.phase = phase;
        event
    }
}
