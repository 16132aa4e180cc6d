//! Choices fixed outside the search: pins (options committed before it,
//! such as a Sudoku's givens) and prefixes (the first levels of the search
//! tree, replayed for a subproblem of a parallel search or a shard).
//!
//! Both commit through the trail, below the search's own levels, and are
//! undone in reverse order, which keeps the arena's LIFO invariant: pins
//! sit at the bottom of the trail, then the prefix's levels, then the
//! search's.

use super::ids::OptionId;
use super::search::Solver;

impl Solver {
    /// Makes the first levels of every search follow `prefix`: at level
    /// `l`, the branching item is chosen by the usual rule and the option
    /// taken is `prefix[l]`, given as its position in that item's list.
    /// Returns `false` (and sets no prefix) if a position is out of range.
    #[cfg(test)]
    pub(crate) fn set_prefix(&mut self, prefix: &[u32]) -> bool {
        self.reset();
        self.prefix.clear();
        self.prefix.extend_from_slice(prefix);
        self.replay_prefix();
        let ok = self.floor == prefix.len();
        self.unwind_prefix();
        if !ok {
            self.prefix.clear();
        }
        ok
    }

    /// Sets the prefix of the following searches without checking it
    /// (positions out of range end the prefix early).
    pub(crate) fn use_prefix(&mut self, prefix: &[u32]) {
        self.reset();
        self.prefix.clear();
        self.prefix.extend_from_slice(prefix);
    }

    pub(super) fn replay_prefix(&mut self) {
        self.floor = 0;
        self.prefix_mark = self.arena.mark();
        let pre = std::mem::take(&mut self.prefix);
        for &k in &pre {
            let Some((i, t)) = self.choose_level() else {
                break;
            };
            if k >= t {
                break;
            }
            let committed = if self.arena.has_bounds {
                self.arena.commit_level_m(i, k)
            } else {
                Some(self.arena.commit_level(i, k))
            };
            let Some((c, mark)) = committed else {
                break;
            };
            self.choice[self.floor] = c;
            self.marks[self.floor] = mark;
            self.branch[self.floor] = (t, k);
            self.floor += 1;
        }
        self.prefix = pre;
        if self.floor < self.prefix.len() {
            self.unwind_prefix();
        }
    }

    /// The branching item at this point, by the search's rule, and the
    /// number of branches (0 at a dead end); `None` at a solution.
    pub(super) fn choose_level(&mut self) -> Option<(u32, u32)> {
        let (bounds, packed) = (self.arena.has_bounds, self.arena.key_bits);
        let dance = self.arena.dance();
        if bounds {
            return dance.choose_m(packed).map(|c| (c.item, u32::try_from(c.score.max(0)).unwrap_or(u32::MAX)));
        }
        dance.choose_first_min()
    }

    pub(super) fn unwind_prefix(&mut self) {
        if self.floor == 0 {
            // No prefix level is committed; the trail may hold pins.
            return;
        }
        for l in (0..self.floor).rev() {
            self.arena.uncommit_level(self.choice[l], self.marks[l]);
        }
        self.arena.undo_to(self.prefix_mark);
        self.floor = 0;
    }

    /// Fixes an option before the search, as if it had been chosen: all its
    /// items are covered (or purified). Solutions then include it. Fails,
    /// changing nothing, if the option conflicts with the options pinned
    /// already or was ignored (it has no primary item).
    ///
    /// Pinning resets the search.
    pub fn pin(&mut self, option: OptionId) -> Result<(), PinError> {
        self.pin_all(std::iter::once(option))
    }

    /// Pins several options (see [`Solver::pin`]), resetting the search
    /// once. Stops at the first option that fails, keeping the pins made
    /// before it.
    pub fn pin_all(&mut self, options: impl IntoIterator<Item = OptionId>) -> Result<(), PinError> {
        self.reset();
        for option in options {
            let first = *self.problem.inner.first_node.get(option.as_usize()).ok_or(PinError::Unknown(option))?;
            if first.as_u32() == 0 {
                return Err(PinError::Ignored(option));
            }
            if !self.arena.option_available(first.as_u32()) {
                return Err(PinError::Conflict(option));
            }
            let mark = self.arena.commit_option(first.as_u32());
            self.pins.push((first.as_u32(), mark));
        }
        Ok(())
    }

    /// Removes every pin, restoring the arena to the problem's starting
    /// state. Resets the search.
    pub fn unpin_all(&mut self) {
        self.reset();
        while let Some((p, mark)) = self.pins.pop() {
            self.arena.uncommit_option(p, mark);
        }
    }

    /// The options pinned, in the order pinned.
    pub fn pinned(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.pins.iter().map(|&(p, _)| self.problem.inner.node_option[p as usize])
    }
}

/// Why an option could not be pinned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PinError {
    /// No option has this id.
    #[error("no option {0}")]
    Unknown(OptionId),
    /// The option has no primary item and was ignored.
    #[error("option {0} has no primary item and was ignored")]
    Ignored(OptionId),
    /// The option conflicts with an option pinned before.
    #[error("option {0} conflicts with the options pinned before")]
    Conflict(OptionId),
}

#[cfg(test)]
mod tests {
    use crate::puzzles::queens::Queens;

    #[test]
    fn prefixes_split_the_search() {
        let problem = Queens::new(8).unwrap().problem().clone();
        let total = problem.solver().count();
        let mut solver = problem.solver();
        let (mut sum, mut first) = (0, 0);
        while solver.set_prefix(&[first]) {
            let mut second = 0;
            let mut under_first = 0;
            while solver.set_prefix(&[first, second]) {
                under_first += solver.count();
                assert!(solver.links_are_pristine());
                second += 1;
            }
            assert!(second > 0);
            assert!(solver.set_prefix(&[first]));
            assert_eq!(solver.count(), under_first);
            sum += under_first;
            first += 1;
        }
        assert_eq!(sum, total);
        assert!(solver.links_are_pristine());
    }

    #[test]
    fn position_gives_each_levels_branches() {
        let problem = Queens::new(6).unwrap().problem().clone();
        let mut solver = problem.solver();
        while solver.next_solution().is_some() {
            let position = solver.position();
            assert_eq!(position.len(), solver.solution().len());
            assert!(position.iter().all(|&(t, k)| k < t));
        }
    }
}
