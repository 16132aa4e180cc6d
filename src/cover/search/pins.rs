//! Choices fixed outside the search: pins (options committed before it,
//! such as a Sudoku's givens) and prefixes (the first levels of the search
//! tree, replayed for a subproblem of a parallel search or a shard).
//!
//! Both commit through the trail, below the search's own levels, and are
//! undone in reverse order, which keeps the arena's LIFO invariant: pins
//! sit at the bottom of the trail, then the prefix's levels, then the
//! search's.
//!
//! Pins can also come with a *restriction* ([`Solver::pin_within`]): the
//! lists are rebuilt to hold only the options allowed, with the pins'
//! items covered, at a cost proportional to what is kept. Such pins are
//! recorded with the mark [`RESTRICTED`] and never undone one by one:
//! [`Solver::unpin_all`] copies the problem's arena back, and the next
//! `pin_within` simply rebuilds. Neither needs the search's levels undone
//! first (a search left paused at its last solution is dropped as it
//! stands). That makes a Sudoku's givens cheap: one rebuild per puzzle
//! instead of committing and uncommitting each given, and unwinding the
//! search after it.

#![forbid(unsafe_code)]

use super::Search;
use crate::cover::arena::Work;
use crate::cover::ids::{Fork, NodeId, OptionId, TrailMark};

/// The mark recorded for the pins of a restriction: they are not on the
/// trail.
const RESTRICTED: TrailMark = TrailMark::from_u32(u32::MAX);

impl Search {
    /// Makes the first levels of every search follow `prefix`: at level
    /// `l`, the branching item is chosen by the usual rule and the option
    /// taken is `prefix[l]`, given as its position in that item's list.
    /// Returns `false` (and sets no prefix) if a position is out of range.
    #[cfg(test)]
    pub(crate) fn set_prefix(&mut self, prefix: &[u32]) -> bool {
        self.reset();
        self.stack.prefix.clear();
        self.stack.prefix.extend_from_slice(prefix);
        self.replay_prefix();
        let ok = self.stack.floor == prefix.len();
        self.unwind_prefix();
        if !ok {
            self.stack.prefix.clear();
        }
        ok
    }

    /// Sets the prefix of the following searches without checking it (a
    /// prefix that leaves the tree, by a position out of range or a dead
    /// end, is dropped whole when replayed: callers pass the prefixes a
    /// split made). The levels it shares
    /// with the prefix committed now stay committed: a search that
    /// completes leaves its prefix's levels in place, so a worker solving
    /// a split's subproblems in order replays only the levels where the
    /// next one differs.
    pub(crate) fn use_prefix(&mut self, prefix: &[u32]) {
        let committed = &self.stack.prefix[..self.stack.floor];
        let shared = committed.iter().zip(prefix).take_while(|(a, b)| a == b).count();
        self.unwind();
        self.unwind_prefix_to(shared);
        self.restart();
        self.stack.prefix.clear();
        self.stack.prefix.extend_from_slice(prefix);
    }

    /// Commits the prefix's levels from the first not yet committed.
    pub(super) fn replay_prefix(&mut self) {
        let pre = std::mem::take(&mut self.stack.prefix);
        for &k in pre.iter().skip(self.stack.floor) {
            let Some((i, t)) = self.choose_level() else {
                break;
            };
            if k >= t {
                break;
            }
            self.stack.prefix_marks[self.stack.floor] = self.arena.mark();
            let committed = if self.arena.has_bounds() {
                self.arena.commit_level_m(i, k)
            } else {
                Some(self.arena.commit_level(i, k))
            };
            let Some((c, mark)) = committed else {
                break;
            };
            self.stack.choice[self.stack.floor] = c;
            self.stack.marks[self.stack.floor] = mark;
            self.stack.branch[self.stack.floor] = Fork { ways: t, taken: k };
            self.stack.floor += 1;
        }
        self.stack.prefix = pre;
        if self.stack.floor < self.stack.prefix.len() {
            self.unwind_prefix();
        }
    }

    /// The branching item at this point, by the search's rule, and the
    /// number of branches (0 at a dead end); `None` at a solution.
    pub(super) fn choose_level(&mut self) -> Option<(NodeId, u32)> {
        let bounds = self.arena.has_bounds();
        let dance = self.arena.dance();
        if bounds {
            return dance.choose_m().map(|c| (c.item, u32::try_from(c.score.max(0)).unwrap_or(u32::MAX)));
        }
        dance.choose_first_min()
    }

    /// Uncommits every level of the prefix.
    pub(super) fn unwind_prefix(&mut self) {
        self.unwind_prefix_to(0);
    }

    /// Uncommits the prefix's levels from the last down to level `keep`.
    fn unwind_prefix_to(&mut self, keep: usize) {
        if self.stack.floor <= keep {
            // Nothing to uncommit; below the prefix, the trail may hold pins.
            return;
        }
        for l in (keep..self.stack.floor).rev() {
            self.arena.uncommit_level(self.stack.choice[l], self.stack.marks[l]);
        }
        self.arena.undo_to(self.stack.prefix_marks[keep]);
        self.stack.floor = keep;
    }

    /// See [`Solver::pin`](crate::cover::Solver::pin).
    pub(crate) fn pin(&mut self, option: OptionId) -> Result<(), PinError> {
        self.pin_all(std::iter::once(option))
    }

    /// See [`Solver::pin_all`](crate::cover::Solver::pin_all).
    pub(crate) fn pin_all(&mut self, options: impl IntoIterator<Item = OptionId>) -> Result<(), PinError> {
        self.reset();
        for option in options {
            let first = self.first_node(option).ok_or(PinError::Unknown(option))?;
            if first == NodeId::NULL {
                return Err(PinError::Ignored(option));
            }
            // Under multiplicities a pinned option's items can stay active.
            if self.stack.pins.iter().any(|&(p, _)| p == first) || !self.arena.option_available(first) {
                return Err(PinError::Conflict(option));
            }
            let mark = self.arena.commit_option(first);
            self.stack.pins.push((first, mark));
            // A pin's updates are no search's: the next one starts at zero.
            self.arena.work = Work::default();
        }
        Ok(())
    }

    /// See [`Solver::unpin_all`](crate::cover::Solver::unpin_all).
    pub(crate) fn unpin_all(&mut self) {
        if self.arena.restricted {
            self.discard_search();
            self.stack.pins.clear();
            self.arena.restore_from(self.problem.pristine());
            return;
        }
        self.reset();
        while let Some((p, mark)) = self.stack.pins.pop() {
            self.arena.uncommit_option(p, mark);
        }
    }

    /// Resets the search without undoing its levels, for a caller that
    /// rebuilds or copies over the whole arena right after.
    fn discard_search(&mut self) {
        self.arena.discarding = true;
        self.reset();
        self.arena.discarding = false;
    }

    /// Pins `pins` and keeps for the search only the options of `allowed`
    /// (those that share an item with a pin are left out): the solutions
    /// are then exactly the problem's solutions that hold every pin and
    /// otherwise only allowed options, each search taking the allowed
    /// options in the order given. Replaces any earlier pins. On failure
    /// (an unknown or ignored option, or pins that share an item) nothing
    /// stays pinned.
    ///
    /// The cost is proportional to the items plus the nodes of the allowed
    /// options, however many options the pins rule out, and unpinning (or
    /// the next call) costs one copy of the arena at most (see the module
    /// docs). For problems without colours, on a solver without a seed:
    /// the lists are rebuilt in the order given, and unpinning restores
    /// the problem's order, not a seed's shuffle. Panics on colours or
    /// multiplicities (the Sudoku adapter, its one caller, has neither).
    pub(crate) fn pin_within(
        &mut self,
        pins: impl IntoIterator<Item = OptionId>,
        allowed: impl IntoIterator<Item = OptionId>,
    ) -> Result<(), PinError> {
        assert!(
            !self.arena.has_colors() && !self.arena.has_bounds(),
            "a restriction is for problems without colours or multiplicities"
        );
        // The rebuild overwrites every list, whatever the search, the pins
        // or an earlier restriction left: nothing needs undoing first.
        self.discard_search();
        self.stack.pins.clear();
        for option in pins {
            match self.first_node(option) {
                None => return self.fail(PinError::Unknown(option)),
                Some(NodeId::NULL) => return self.fail(PinError::Ignored(option)),
                Some(first) => self.stack.pins.push((first, RESTRICTED)),
            }
        }
        let (layout, count) = (&self.problem.inner.layout, self.problem.option_count());
        let mut unknown = None;
        let firsts = allowed.into_iter().filter_map(|o| match layout.first_node(o, count) {
            Some(f) if f != NodeId::NULL => Some(f),
            Some(_) => None,
            None => {
                unknown.get_or_insert(o);
                None
            }
        });
        let built = self.arena.restrict(self.stack.pins.iter().map(|&(p, _)| p), firsts);
        if let Some(o) = unknown {
            return self.fail(PinError::Unknown(o));
        }
        if let Err(k) = built {
            let option = self.problem.inner.layout.option_at(self.stack.pins[k].0);
            return self.fail(PinError::Conflict(option));
        }
        Ok(())
    }

    /// The first node of `option`: `None` for an unknown option,
    /// [`NodeId::NULL`] for an ignored one.
    fn first_node(&self, option: OptionId) -> Option<NodeId> {
        self.problem.inner.layout.first_node(option, self.problem.option_count())
    }

    /// Drops every pin, restores the arena and returns `Err(e)`.
    fn fail(&mut self, e: PinError) -> Result<(), PinError> {
        self.stack.pins.clear();
        self.arena.restore_from(self.problem.pristine());
        Err(e)
    }

    /// See [`Solver::pinned`](crate::cover::Solver::pinned).
    pub(crate) fn pinned(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.stack.pins.iter().map(|&(p, _)| self.problem.inner.layout.option_at(p))
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
    use super::PinError;
    use crate::cover::brute::{random_dlx, with_random_colors};
    use crate::cover::{OptionId, Problem, brute_force_solutions};
    use crate::puzzles::queens::Queens;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn ids(v: impl IntoIterator<Item = u32>) -> Vec<OptionId> {
        v.into_iter().map(OptionId::from_u32).collect()
    }

    /// With every option allowed, a restriction is the same as pinning
    /// through the dance: the same tree, the same counts; and unpinning
    /// restores the arena exactly, by one copy.
    #[test]
    fn a_restriction_to_everything_is_a_pin() {
        let problem = Queens::new(8).unwrap().problem().clone();
        let all = ids(0..problem.option_count() as u32);
        for pin in [0u32, 3, 17, 40] {
            let mut dance = problem.solver();
            dance.pin(OptionId::from_u32(pin)).unwrap();
            let want = (dance.count(), dance.stats().nodes, dance.stats().updates);
            let mut fast = problem.solver();
            fast.pin_within(ids([pin]), all.iter().copied()).unwrap();
            assert!(!fast.links_are_pristine());
            let got = (fast.count(), fast.stats().nodes, fast.stats().updates);
            assert_eq!(got, want, "pin {pin}");
            assert_eq!(fast.pinned().collect::<Vec<_>>(), ids([pin]));
            for s in fast.solutions() {
                assert!(s.contains(&OptionId::from_u32(pin)));
            }
            fast.unpin_all();
            assert!(fast.links_are_pristine());
            assert_eq!(fast.count(), 92);
            // A search left paused is dropped as it stands, by the next
            // restriction and by unpinning.
            fast.pin_within(ids([pin]), all.iter().copied()).unwrap();
            assert!(fast.next_solution().is_some());
            fast.pin_within(ids([pin]), all.iter().copied()).unwrap();
            assert_eq!((fast.count(), fast.stats().nodes, fast.stats().updates), want);
            assert!(fast.first().is_some());
            fast.unpin_all();
            assert!(fast.links_are_pristine());
            // And ordinary pins with a paused search under them.
            fast.pin(OptionId::from_u32(pin)).unwrap();
            assert!(fast.next_solution().is_some());
            fast.pin_within(ids([pin]), all.iter().copied()).unwrap();
            assert_eq!(fast.count(), want.0);
            fast.unpin_all();
            assert!(fast.links_are_pristine());
        }
    }

    /// On random small problems, the solutions under a restriction are
    /// exactly the brute-force solutions that hold the pins and otherwise
    /// only allowed options; one restriction follows another without
    /// unpinning, and unpinning leaves the arena pristine.
    #[test]
    fn restrictions_agree_with_brute_force() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        for _ in 0..300 {
            let items = rng.random_range(2..7u32);
            let mut text: String = (0..items).map(|i| format!("i{i} ")).collect();
            text.push('\n');
            let n_options = rng.random_range(1..14);
            for _ in 0..n_options {
                let mut option: Vec<String> =
                    (0..items).filter(|_| rng.random_bool(0.4)).map(|i| format!("i{i}")).collect();
                if option.is_empty() {
                    option.push(format!("i{}", rng.random_range(0..items)));
                }
                text.push_str(&option.join(" "));
                text.push('\n');
            }
            let problem = Problem::from_dlx(&text).unwrap();
            let every = brute_force_solutions(&problem).unwrap();
            let mut solver = problem.solver();
            for _ in 0..3 {
                let n = problem.option_count() as u32;
                let allowed: Vec<OptionId> = ids((0..n).filter(|_| rng.random_bool(0.7)));
                let pins: Vec<OptionId> = ids((0..n).filter(|_| rng.random_bool(0.15)));
                let disjoint = |a: OptionId, b: OptionId| {
                    problem.option(a).iter().all(|x| problem.option(b).iter().all(|y| x.0 != y.0))
                };
                let clash = pins.iter().enumerate().any(|(k, &a)| pins[..k].iter().any(|&b| !disjoint(a, b)));
                match solver.pin_within(pins.iter().copied(), allowed.iter().copied()) {
                    Err(PinError::Conflict(_)) => {
                        assert!(clash);
                        assert!(solver.links_are_pristine());
                        assert_eq!(solver.pinned().count(), 0);
                        continue;
                    }
                    Err(e) => panic!("{e}"),
                    Ok(()) => assert!(!clash),
                }
                let want: Vec<_> = every
                    .iter()
                    .filter(|s| pins.iter().all(|p| s.contains(p)))
                    .filter(|s| s.iter().all(|o| pins.contains(o) || allowed.contains(o)))
                    .cloned()
                    .collect();
                let mut got: Vec<_> = solver
                    .solutions()
                    .map(|mut s| {
                        s.sort();
                        s
                    })
                    .collect();
                got.sort();
                assert_eq!(got, want, "{text}pins {pins:?}, allowed {allowed:?}");
            }
            solver.unpin_all();
            assert!(solver.links_are_pristine());
        }
    }

    /// Seeding a restricted solver turns its pins into ordinary ones, on
    /// the full lists; an unknown option fails with nothing pinned.
    #[test]
    fn seeds_and_errors_after_a_restriction() {
        let problem = Queens::new(6).unwrap().problem().clone();
        let mut solver = problem.solver();
        solver.pin_within(ids([1]), ids([])).unwrap();
        assert_eq!(solver.count(), 0);
        solver.set_seed(Some(5));
        assert_eq!(solver.pinned().collect::<Vec<_>>(), ids([1]));
        let mut plain = problem.solver();
        plain.pin(OptionId::from_u32(1)).unwrap();
        assert_eq!(solver.count(), plain.count());
        solver.set_seed(None);
        solver.unpin_all();
        assert!(solver.links_are_pristine());
        let unknown = OptionId::from_u32(10_000);
        assert_eq!(solver.pin_within(ids([1]), [unknown]), Err(PinError::Unknown(unknown)));
        assert_eq!(solver.pin_within([unknown], []), Err(PinError::Unknown(unknown)));
        assert!(solver.links_are_pristine());
        assert_eq!(solver.count(), 4);
    }

    #[test]
    fn prefixes_split_the_search() {
        let problem = Queens::new(8).unwrap().problem().clone();
        let total = problem.solver().count();
        let mut solver = problem.solver();
        let (mut sum, mut first) = (0, 0);
        while solver.search.set_prefix(&[first]) {
            let mut second = 0;
            let mut under_first = 0;
            while solver.search.set_prefix(&[first, second]) {
                under_first += solver.count();
                // A completed search keeps its prefix's levels for the next.
                assert_eq!(solver.search.stack.floor, 2);
                solver.search.reset();
                assert!(solver.links_are_pristine());
                second += 1;
            }
            assert!(second > 0);
            assert!(solver.search.set_prefix(&[first]));
            assert_eq!(solver.count(), under_first);
            sum += under_first;
            first += 1;
        }
        assert_eq!(sum, total);
        assert!(solver.links_are_pristine());
    }

    /// The valid prefixes of `depth` levels, in the search's order.
    fn prefixes(problem: &Problem, depth: usize) -> Vec<Vec<u32>> {
        let mut solver = problem.solver();
        let mut all = vec![Vec::new()];
        for _ in 0..depth {
            let mut deeper = Vec::new();
            for p in &all {
                let mut k = 0;
                while solver.search.set_prefix(&[p.as_slice(), &[k]].concat()) {
                    deeper.push([p.as_slice(), &[k]].concat());
                    k += 1;
                }
            }
            all = deeper;
        }
        all
    }

    /// A pin's own updates are no search's: the first search after a pin
    /// has the statistics of the same search after a reset (before: the
    /// pin's updates were counted in a `next_solution` that came at once).
    #[test]
    fn the_first_search_after_a_pin_counts_only_its_own_work() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let bounded = rng.random_bool(0.5);
            let problem = Problem::from_dlx(&random_dlx(&mut rng, 6, 8, 0.4, bounded)).unwrap();
            if problem.option_count() == 0 {
                continue;
            }
            let o = OptionId::from_u32(rng.random_range(0..problem.option_count()) as u32);
            let mut solver = problem.solver();
            if solver.pin(o).is_err() {
                continue;
            }
            let first = solver.next_solution().is_some();
            let (nodes, updates) = (solver.stats().nodes, solver.stats().updates);
            solver.reset();
            assert_eq!(solver.next_solution().is_some(), first);
            assert_eq!((solver.stats().nodes, solver.stats().updates), (nodes, updates), "pin {o:?}");
        }
        let problem = Problem::from_dlx("a b\na\nb\n").unwrap();
        let mut solver = problem.solver();
        solver.pin(OptionId::from_u32(1)).unwrap();
        assert!(solver.next_solution().is_some());
        assert_eq!(solver.stats().updates, 1);
    }

    /// A worker that takes prefixes one after another keeps the levels
    /// they share committed, and counts (with the checker), nodes and
    /// updates below each are those of a fresh solver, in the split's
    /// order or any other; `reset` leaves the links as they were. With and
    /// without multiplicities and colours, on the dance and on bit sets
    /// (problems with colours take the dance only).
    #[test]
    fn a_worker_keeps_the_levels_prefixes_share() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let mut problems = vec![Queens::new(7).unwrap().problem().clone()];
        for round in 0..40 {
            let (items, options) = (rng.random_range(5..9), rng.random_range(8..24));
            let text = random_dlx(&mut rng, items, options, 0.35, round % 2 == 1);
            let text = if round % 4 >= 2 { with_random_colors(&mut rng, &text) } else { text };
            if let Ok(problem) = Problem::from_dlx(&text) {
                problems.push(problem);
            }
        }
        assert!(problems.iter().filter(|p| p.has_colors()).count() >= 15);
        for problem in &problems {
            for bits in [false, true] {
                let mut fresh = problem.solver();
                fresh.search.use_bit_sets(bits);
                let mut worker = problem.solver();
                worker.search.use_bit_sets(bits);
                let split = prefixes(problem, 2);
                let strided: Vec<_> = split.iter().step_by(2).chain(split.iter().skip(1).step_by(2)).collect();
                for order in [split.iter().collect::<Vec<_>>(), strided, split.iter().rev().collect()] {
                    for prefix in order {
                        fresh.search.use_prefix(prefix);
                        assert_eq!(fresh.search.check_all(), Ok(()));
                        let want = fresh.search.stats();
                        fresh.search.reset();
                        worker.search.use_prefix(prefix);
                        assert_eq!(worker.search.check_all(), Ok(()));
                        // The prefix's levels stay for the next one.
                        assert_eq!(worker.search.stack.floor, prefix.len());
                        let got = worker.search.stats();
                        assert_eq!(
                            (got.solutions, got.nodes, got.updates),
                            (want.solutions, want.nodes, want.updates),
                            "{prefix:?}"
                        );
                    }
                }
                worker.search.reset();
                assert!(worker.links_are_pristine());
            }
        }
    }

    #[test]
    fn position_gives_each_levels_branches() {
        let problem = Queens::new(6).unwrap().problem().clone();
        let mut solver = problem.solver();
        while solver.next_solution().is_some() {
            let position = solver.search.position();
            assert_eq!(position.len(), solver.search.solution().len());
            assert!(position.iter().all(|f| f.taken < f.ways));
        }
    }
}
