//! An independent check of a solution, sharing no code with the search.
//!
//! It reads only the problem's option lists (never the arena) and counts
//! how each item is used: every primary item exactly once, or, with a
//! multiplicity `[lo, hi]`, between `lo` and `hi` times; every secondary
//! item at most once, or several times when all its uses carry the same
//! colour.
//!
//! [`check_solution`] counts from scratch. A [`Checker`] checks a stream of
//! solutions, such as a search reports them, at a cost per solution that
//! is close to nothing: it keeps the state of the solution it checked last
//! (bit sets of the items covered after each prefix, with use counts per
//! prefix for items with multiplicities (`layered`), or use counts for big
//! problems; see [`Checker`]'s fields), and for the next one it redoes only
//! the options after their common prefix. A search says where that prefix
//! ends (the lowest level it went back to since the last solution: its
//! *word*, [`Checker::check_from`]), and the checker verifies that before
//! it uses it. Short solutions of problems of up to 128 items (at most 64
//! words of bit sets in all) skip the state (through a search, those of
//! fewer than `WORD_FROM` options): they are checked from scratch, by the
//! union and the overlap of their bit sets, and with multiplicities by the
//! sum of their uses of the other items, a byte each (`Layered::fresh`),
//! which costs less than finding the common prefix (docs/PERFORMANCE.md,
//! "The check"). A failure is re-checked from scratch for its message.

mod bits;
mod counts;
mod layered;

use super::bounds::Bounds;
use super::ids::{ColorId, ItemId, OptionId};
use super::problem::Problem;
use bits::Bits;
use counts::{Bounded, Counts};
use layered::Layered;
use thiserror::Error;

/// Why a set of options is not a solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CheckError {
    /// An option id is out of range.
    #[error("no option {0}")]
    NoSuchOption(OptionId),
    /// An option was chosen twice.
    #[error("option {0} is chosen twice")]
    RepeatedOption(OptionId),
    /// A primary item is not covered.
    #[error("primary item `{0}` is not covered")]
    Uncovered(String),
    /// An item is covered more than once.
    #[error("item `{0}` is covered more than once")]
    Overcovered(String),
    /// A primary item with a multiplicity is covered too few or too many
    /// times.
    #[error("primary item `{item}` is covered {uses} times, outside its bounds {lo}:{hi}")]
    OutOfBounds {
        /// The item's name.
        item: String,
        /// How many chosen options contain it.
        uses: u32,
        /// Its lower bound.
        lo: u32,
        /// Its upper bound.
        hi: u32,
    },
    /// A secondary item is shared by options that disagree on its colour.
    #[error("secondary item `{0}` has clashing colours")]
    ColorClash(String),
}

/// Checks that `solution` is an exact cover of `problem`.
///
/// ```
/// use exactcover::cover::{check_solution, Problem};
///
/// let p = Problem::from_dlx("a b\na\nb\na b\n")?;
/// let mut solver = p.solver();
/// let s = solver.first().unwrap();
/// assert!(check_solution(&p, &s).is_ok());
/// # Ok::<(), exactcover::cover::ParseError>(())
/// ```
pub fn check_solution(problem: &Problem, solution: &[OptionId]) -> Result<(), CheckError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Use {
        Free,
        Once,
        Colored(ColorId),
        /// A primary item with a multiplicity, used this many times.
        Times(u32),
    }
    let mut uses: Vec<Use> = (0..problem.item_count() as u32)
        .map(|i| match problem.bounds(ItemId::from_u32(i)) {
            Bounds::ONCE => Use::Free,
            _ if !problem.is_primary(ItemId::from_u32(i)) => Use::Free,
            _ => Use::Times(0),
        })
        .collect();
    let mut chosen = vec![false; problem.option_count()];
    let name = |i: ItemId| problem.item_name(i).to_string();
    for &o in solution {
        if o.as_usize() >= problem.option_count() {
            return Err(CheckError::NoSuchOption(o));
        }
        if std::mem::replace(&mut chosen[o.as_usize()], true) {
            return Err(CheckError::RepeatedOption(o));
        }
        for (item, color) in problem.option(o) {
            let slot = &mut uses[item.as_usize()];
            *slot = match (*slot, color.is_some()) {
                (Use::Times(n), _) => Use::Times(n.saturating_add(1)),
                (Use::Free, false) => Use::Once,
                (Use::Free, true) => Use::Colored(color),
                (Use::Colored(c), true) if c == color => Use::Colored(c),
                (Use::Colored(_), true) => return Err(CheckError::ColorClash(name(item))),
                _ => return Err(CheckError::Overcovered(name(item))),
            };
        }
    }
    for (k, &u) in uses.iter().enumerate() {
        let item = ItemId::from_u32(k as u32);
        if problem.is_primary(item) && u == Use::Free {
            return Err(CheckError::Uncovered(name(item)));
        }
        let Bounds { min: lo, max: hi } = problem.bounds(item);
        match u {
            Use::Times(uses) if !(lo..=hi).contains(&uses) => {
                return Err(CheckError::OutOfBounds { item: name(item), uses, lo, hi });
            }
            _ => {}
        }
    }
    Ok(())
}

/// Checks many solutions of one problem, each in time proportional to
/// how much it differs from the one before (see the module docs). It
/// allocates nothing per solution (once warm) and shares nothing with the
/// search.
///
/// ```
/// use exactcover::cover::{Checker, Problem};
///
/// let p = Problem::from_dlx("a b c\na b\nc\na\nb c\n")?;
/// let mut checker = Checker::new(&p);
/// let mut solver = p.solver();
/// let mut checked = 0;
/// while let Some(s) = solver.next_solution() {
///     checker.check(s).expect("the engine's solutions are covers");
///     checked += 1;
/// }
/// assert_eq!(checked, 2);
/// assert!(checker.check(&[]).is_err());
/// # Ok::<(), exactcover::cover::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Checker {
    problem: Problem,
    /// The solution checked last, whose state is kept below.
    current: Vec<OptionId>,
    method: Method,
    /// With multiplicities, an option whose items all have upper bounds
    /// above 1 could be chosen twice without breaking a bound; if the
    /// problem has one, `seen` (one stamp per option) catches a repeat.
    /// Empty otherwise: a repeated option then uses some item twice.
    seen: Vec<u32>,
    /// The stamp of the solution being checked.
    stamp: u32,
}

/// How a [`Checker`] keeps the state of `current`.
#[derive(Clone, Debug)]
enum Method {
    /// Colours need more than sets or counts: every solution is checked
    /// from scratch (this path is rarely hot).
    Fresh,
    /// Up to 64, 128, 256 or 512 items: bit sets of that many bits.
    Bits1(Bits<1>),
    Bits2(Bits<2>),
    Bits4(Bits<4>),
    Bits8(Bits<8>),
    /// Many items: use counts per item.
    Counts(Counts),
    /// Multiplicities (without colours), up to 64, 128, 256 or 512 items
    /// and [`layered::MAX_SLOTS`] items with an upper bound above 1: bit
    /// sets and use counts per prefix.
    Layered1(Layered<1>),
    Layered2(Layered<2>),
    Layered4(Layered<4>),
    Layered8(Layered<8>),
    /// Other multiplicities (without colours): use counts against each
    /// item's bounds.
    Bounded(Bounded),
}

impl Checker {
    /// A checker for solutions of `problem`.
    pub fn new(problem: &Problem) -> Checker {
        // Bit sets of 1, 2, 4 or 8 words when the items fit in them, and
        // the options are not so many that their sets would weigh as much
        // as the problem (the counts read the problem's own lists).
        let words =
            if problem.option_count() > MAX_SET_OPTIONS { usize::MAX } else { problem.item_count().div_ceil(64) };
        let method = if problem.has_colors() {
            Method::Fresh
        } else if problem.has_multiplicities() {
            match words {
                _ if !layered::fits(problem) => Method::Bounded(Bounded::new(problem)),
                0..=1 => Method::Layered1(Layered::new(problem)),
                2 => Method::Layered2(Layered::new(problem)),
                3..=4 => Method::Layered4(Layered::new(problem)),
                5..=8 => Method::Layered8(Layered::new(problem)),
                _ => Method::Bounded(Bounded::new(problem)),
            }
        } else {
            match words {
                0..=1 => Method::Bits1(Bits::new(problem)),
                2 => Method::Bits2(Bits::new(problem)),
                3..=4 => Method::Bits4(Bits::new(problem)),
                5..=8 => Method::Bits8(Bits::new(problem)),
                _ => Method::Counts(Counts::new(problem)),
            }
        };
        let repeatable = problem.has_multiplicities()
            && (0..problem.option_count()).any(|o| {
                problem.option(OptionId::from_u32(o as u32)).items().iter().all(|&i| problem.bounds(i).max >= 2)
            });
        let seen = if repeatable { vec![0; problem.option_count()] } else { Vec::new() };
        Checker { problem: problem.clone(), current: Vec::new(), method, seen, stamp: 0 }
    }

    /// Checks that `solution` is an exact cover of the problem, as
    /// [`check_solution`] does.
    #[inline]
    pub fn check(&mut self, solution: &[OptionId]) -> Result<(), CheckError> {
        // Short solutions of small problems: from scratch, leaving the
        // state (which stays that of `current`) as it is.
        match self.scratch(solution) {
            Some(valid) => {
                let valid = valid && !self.repeats(solution);
                self.judged(solution, valid)
            }
            None => self.check_after(common_prefix(&self.current, solution), solution),
        }
    }

    /// Checks `solution` as [`Checker::check`] does, given the caller's
    /// word that it agrees with the solution this checker saw last on its
    /// first `from` options (a search knows the first level it changed).
    /// The checker does not take the word on trust: it compares the two
    /// prefixes, all at once and with no branch per option, which is
    /// cheaper than finding where they part; if they differ, it finds
    /// where. So a wrong word costs time, never a wrong answer. Then it
    /// redoes only the options after the prefix. Short solutions are
    /// checked as `check` does. A search, or [`Zdd::walk`], gives the word.
    ///
    /// [`Zdd::walk`]: crate::cover::Zdd::walk
    #[inline]
    pub fn check_from(&mut self, solution: &[OptionId], from: usize) -> Result<(), CheckError> {
        if solution.len() < WORD_FROM {
            return self.check(solution);
        }
        // The word may run past either solution's end: the options up to
        // the shorter end are what it speaks for.
        let from = from.min(solution.len()).min(self.current.len());
        let agreed = equal(&self.current[..from], &solution[..from]);
        let common = if from > 0 && agreed { from } else { common_prefix(&self.current, solution) };
        self.check_after(common, solution)
    }

    /// The check from scratch of a short solution of a small problem (see
    /// `Bits::fresh` and `Layered::fresh`); `None` if it does not apply or
    /// an option is unknown. (Inlined into the search's `wrong`, reading
    /// `Layered`'s rows: the brick packings check a solution every few
    /// nodes, and a call per check shows; docs/PERFORMANCE.md, "The check".)
    #[inline(always)]
    fn scratch(&self, solution: &[OptionId]) -> Option<bool> {
        let n = solution.len();
        match &self.method {
            Method::Bits1(bits) if n <= FRESH_WORDS => bits.fresh(solution),
            Method::Bits2(bits) if n * 2 <= FRESH_WORDS => bits.fresh(solution),
            Method::Layered1(layered) => layered.fresh(solution),
            Method::Layered2(layered) => layered.fresh(solution),
            _ => None,
        }
    }

    /// The answer for `solution`, which a check found `valid` or not: a
    /// failure is checked again from scratch, for its message.
    fn judged(&self, solution: &[OptionId], valid: bool) -> Result<(), CheckError> {
        if valid {
            return Ok(());
        }
        let fresh = check_solution(&self.problem, solution);
        debug_assert!(fresh.is_err(), "the checker and a fresh check disagree on {solution:?}");
        fresh
    }

    /// Checks `solution`, which agrees with `current` on its first
    /// `common` options, by the state: it redoes the options after them,
    /// and makes `current` `solution` (the bit sets copy each new option
    /// as they add it, in the same pass; the counts take the old ones off
    /// first). (Inlined into both callers: on millions of short checks a
    /// call costs more than the check; docs/PERFORMANCE.md, "The check".)
    #[inline(always)]
    fn check_after(&mut self, common: usize, solution: &[OptionId]) -> Result<(), CheckError> {
        let new = &solution[common..];
        let Checker { problem, current, method, .. } = self;
        let valid = match method {
            Method::Fresh => return check_solution(problem, solution),
            Method::Bits1(bits) => bits.update(common, new, fit(current, common, solution.len())),
            Method::Bits2(bits) => bits.update(common, new, fit(current, common, solution.len())),
            Method::Bits4(bits) => bits.update(common, new, fit(current, common, solution.len())),
            Method::Bits8(bits) => bits.update(common, new, fit(current, common, solution.len())),
            Method::Layered1(layered) => layered.update(common, new, fit(current, common, solution.len())),
            Method::Layered2(layered) => layered.update(common, new, fit(current, common, solution.len())),
            Method::Layered4(layered) => layered.update(common, new, fit(current, common, solution.len())),
            Method::Layered8(layered) => layered.update(common, new, fit(current, common, solution.len())),
            Method::Counts(counts) => counts.update(&current[common..], new).inspect(|_| {
                fit(current, common, solution.len()).copy_from_slice(new);
            }),
            Method::Bounded(bounded) => bounded.update(&current[common..], new).inspect(|_| {
                fit(current, common, solution.len()).copy_from_slice(new);
            }),
        };
        if valid.is_none() {
            // An unknown option (never from the engine): the state is half
            // updated, so start again from nothing.
            *self = Checker::new(&self.problem);
        }
        if valid == Some(true) && !self.repeats(solution) {
            return Ok(());
        }
        self.judged(solution, false)
    }

    /// Whether `solution` (of known options) chooses an option twice,
    /// when that could go unseen otherwise (see `seen`).
    #[inline]
    fn repeats(&mut self, solution: &[OptionId]) -> bool {
        !self.seen.is_empty() && self.stamped_twice(solution)
    }

    /// `repeats` with the stamps (the problem has repeatable options).
    #[cold]
    fn stamped_twice(&mut self, solution: &[OptionId]) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        solution.iter().any(|o| std::mem::replace(&mut self.seen[o.as_usize()], self.stamp) == self.stamp)
    }
}

/// Above this many options, a checker counts uses per item instead of
/// keeping a bit set per option.
const MAX_SET_OPTIONS: usize = 1 << 20;

/// Solutions of at most this many words of bit sets (options times words
/// per set, and with multiplicities blocks of counts too) are checked
/// from scratch (see `Bits::fresh` and `Layered::fresh`).
const FRESH_WORDS: usize = 64;

/// Solutions shorter than this are checked without the search's word (see
/// [`Checker::check_from`]): from scratch if they are short enough, which
/// costs less than the state when a third or more of their options are new
/// each time (Langford pairs: 12 options, 6 new on average), and more
/// when few are (the domino tilings of 8×8: 32 options, 3.8 new); the
/// instruction counts are in docs/PERFORMANCE.md, "The check".
const WORD_FROM: usize = 16;

/// `current`, the last solution checked, made `len` options long; its
/// options from `common` on, for the new ones.
#[inline(always)]
fn fit(current: &mut Vec<OptionId>, common: usize, len: usize) -> &mut [OptionId] {
    if current.len() != len {
        current.resize(len, OptionId::default());
    }
    &mut current[common..]
}

/// Whether `a` and `b`, of one length, are equal: the bits in which they
/// differ, gathered eight ids at a time, with no branch on the data. The
/// last block of 8 overlaps the one before when the length is not a
/// multiple of 8 (an id compared twice changes nothing), so no scalar tail
/// is left past 8 ids.
#[inline(always)]
fn equal(a: &[OptionId], b: &[OptionId]) -> bool {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    if n < 8 {
        return a.iter().zip(b).fold(0, |d, (x, y)| d | (x.as_u32() ^ y.as_u32())) == 0;
    }
    // Blocks as arrays, so the comparison has no bounds check per id (a
    // block shorter than 8, which never comes, counts as a difference).
    let block = |x: &[OptionId], y: &[OptionId]| match (x.first_chunk::<8>(), y.first_chunk::<8>()) {
        (Some(x), Some(y)) => x.iter().zip(y).fold(0, |e, (p, q)| e | (p.as_u32() ^ q.as_u32())),
        _ => 1,
    };
    let last = block(&a[n - 8..], &b[n - 8..]);
    a.chunks_exact(8).zip(b.chunks_exact(8)).fold(last, |d, (x, y)| d | block(x, y)) == 0
}

/// The length of the longest common prefix of `a` and `b`, eight ids at a
/// time while they agree.
fn common_prefix(a: &[OptionId], b: &[OptionId]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let mut k = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        // As `u32`s, eight ids compare as one 32-byte block.
        let x: [u32; 8] = std::array::from_fn(|j| x[j].as_u32());
        let y: [u32; 8] = std::array::from_fn(|j| y[j].as_u32());
        if x != y {
            break;
        }
        k += 8;
    }
    k + a[k..].iter().zip(&b[k..]).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[usize]) -> Vec<OptionId> {
        list.iter().map(|&k| OptionId::new(k).unwrap()).collect()
    }

    /// Every kind of wrong answer is caught, with the item named.
    #[test]
    fn wrong_answers_are_refused() {
        // Options: 0 = a, 1 = b, 2 = a b, 3 = a x:1, 4 = b x:2, 5 = b x:1.
        let p = Problem::from_dlx("a b | x\na\nb\na b\na x:1\nb x:2\nb x:1\n").unwrap();
        assert_eq!(check_solution(&p, &ids(&[0, 1])), Ok(()));
        assert_eq!(check_solution(&p, &ids(&[3, 5])), Ok(()), "agreeing colours share x");
        assert_eq!(check_solution(&p, &ids(&[0])), Err(CheckError::Uncovered("b".into())));
        assert_eq!(check_solution(&p, &ids(&[0, 2])), Err(CheckError::Overcovered("a".into())));
        assert_eq!(check_solution(&p, &ids(&[3, 4])), Err(CheckError::ColorClash("x".into())));
        assert_eq!(check_solution(&p, &ids(&[1, 1])), Err(CheckError::RepeatedOption(OptionId::new(1).unwrap())));
        assert_eq!(check_solution(&p, &ids(&[0, 9])), Err(CheckError::NoSuchOption(OptionId::new(9).unwrap())));
        assert_eq!(check_solution(&p, &[]), Err(CheckError::Uncovered("a".into())));
    }

    /// The incremental checker agrees with the fresh check on every subset
    /// of the options of small problems, visited in an order where
    /// neighbours share prefixes and in one where they don't.
    #[test]
    fn the_checker_agrees_with_a_fresh_check() {
        for text in ["a b c | y\na b\nc\na\nb c y\nb\nc y\na b c\n", "a b\na\nb\na b\na\n"] {
            let p = Problem::from_dlx(text).unwrap();
            let n = p.option_count();
            let subsets: Vec<Vec<OptionId>> = (0u32..1 << n)
                .map(|mask| (0..n).filter(|k| mask >> k & 1 == 1).map(|k| OptionId::new(k).unwrap()).collect())
                .collect();
            let mut checker = Checker::new(&p);
            let mut reversed: Vec<_> = subsets.iter().rev().collect();
            reversed.rotate_left(3);
            let (mut hinted, mut last) = (Checker::new(&p), Vec::new());
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(5);
            for s in subsets.iter().chain(reversed) {
                assert_eq!(checker.check(s), check_solution(&p, s), "{s:?}");
                hinted_agrees(&p, &mut hinted, &mut last, s, &mut rng);
            }
            // Repeats, and ids out of range.
            let twice = ids(&[0, 0]);
            assert_eq!(checker.check(&twice), check_solution(&p, &twice));
            let far = ids(&[1, 99]);
            assert_eq!(checker.check(&far), Err(CheckError::NoSuchOption(OptionId::new(99).unwrap())));
            let mut solver = p.solver();
            while let Some(s) = solver.next_solution() {
                assert_eq!(checker.check(s), Ok(()));
            }
        }
    }

    /// Up to `max` solutions the engine finds for `p` (within a node
    /// budget), each of which `checker` must accept.
    fn checked_solutions(p: &Problem, checker: &mut Checker, max: usize) -> Vec<Vec<OptionId>> {
        let mut solver = p.solver().with_limits(crate::cover::Limits::new().nodes(200_000));
        let mut solutions = Vec::new();
        while solutions.len() < max {
            let Some(s) = solver.next_solution() else { break };
            assert_eq!(checker.check(s), Ok(()));
            solutions.push(s.to_vec());
        }
        solutions
    }

    /// Checks `candidate` with `hinted` as a search would, with a word on
    /// the prefix it shares with the one before (`last`): half the time
    /// the true one, else any, mostly false. A false word must cost only
    /// time: the answer is the fresh check's (with the same error where
    /// the error is about the options given, not their items).
    fn hinted_agrees(
        p: &Problem,
        hinted: &mut Checker,
        last: &mut Vec<OptionId>,
        candidate: &[OptionId],
        rng: &mut rand_chacha::ChaCha8Rng,
    ) {
        use rand::RngExt;
        let shared = common_prefix(last, candidate);
        let from = if rng.random_bool(0.5) { shared } else { rng.random_range(0..=candidate.len() + 2) };
        let (got, fresh) = (hinted.check_from(candidate, from), check_solution(p, candidate));
        assert_eq!(got.is_ok(), fresh.is_ok(), "{candidate:?} after {last:?}, told {from}");
        if matches!(fresh, Err(CheckError::NoSuchOption(_))) {
            assert_eq!(got, fresh);
        }
        *last = candidate.to_vec();
    }

    /// Every kind of state (bit sets of 1 to 8 words, counts) agrees with
    /// the fresh check, on problems of 40 to 700 items: every solution the
    /// engine finds, and near misses made from them (an option dropped, an
    /// option added, one swapped).
    #[test]
    fn every_kind_of_checker_state_agrees() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        // Short solutions of 1 and 2 words are checked from scratch (40 and
        // 100 items); 128 items give solutions of 40 options in 2 words,
        // and the repeated solutions below long ones in 1 word: the state.
        for (items, secondary) in [(40, 5), (100, 20), (128, 8), (200, 30), (450, 60), (700, 100)] {
            // A solvable problem: a random partition of the primary items
            // into options, plus random options.
            let primary = items - secondary;
            let mut b = crate::cover::ProblemBuilder::with_items(primary, secondary);
            let mut order: Vec<usize> = (0..primary).collect();
            for k in (1..order.len()).rev() {
                order.swap(k, rng.random_range(0..=k));
            }
            for part in order.chunks(3) {
                b.option_ids(&part.iter().map(|&i| ItemId::from_u32(i as u32)).collect::<Vec<_>>()).unwrap();
            }
            for _ in 0..items {
                let mut chosen: Vec<u32> = (0..4).map(|_| rng.random_range(0..items as u32)).collect();
                chosen.sort();
                chosen.dedup();
                b.option_ids(&chosen.into_iter().map(ItemId::from_u32).collect::<Vec<_>>()).unwrap();
            }
            let p = b.build().unwrap();
            let mut checker = Checker::new(&p);
            let solutions = checked_solutions(&p, &mut checker, 50);
            assert!(!solutions.is_empty());
            let (mut hinted, mut last) = (Checker::new(&p), Vec::new());
            for s in &solutions {
                let n = p.option_count() as u32;
                let mut near = vec![s.clone(), s[..s.len() - 1].to_vec(), [s.clone(), ids(&[0])].concat()];
                let mut swapped = s.clone();
                let k = rng.random_range(0..swapped.len());
                swapped[k] = OptionId::from_u32(rng.random_range(0..n));
                near.push(swapped);
                // An unknown option, then the solution again: the state,
                // rebuilt after the unknown option, still agrees.
                let mut unknown = s.clone();
                unknown[k] = OptionId::from_u32(n + 5);
                near.push(unknown);
                near.push(s.clone());
                near.push(s.repeat(6));
                near.push(s.clone());
                for candidate in &near {
                    assert_eq!(checker.check(candidate), check_solution(&p, candidate), "{items} items: {candidate:?}");
                    hinted_agrees(&p, &mut hinted, &mut last, candidate, &mut rng);
                }
            }
        }
    }

    /// With multiplicities, the incremental checker agrees with the fresh
    /// check on every subset of the options.
    #[test]
    fn the_bounded_checker_agrees_with_a_fresh_check() {
        let p = Problem::from_dlx("1:2|a 0:1|b 2|c | y\na c\nb c y\na\nc\na b y\nc\n").unwrap();
        let n = p.option_count();
        let mut checker = Checker::new(&p);
        for mask in (0u32..1 << n).chain((0u32..1 << n).rev()) {
            let s: Vec<OptionId> = (0..n).filter(|k| mask >> k & 1 == 1).map(|k| OptionId::new(k).unwrap()).collect();
            assert_eq!(checker.check(&s).is_ok(), check_solution(&p, &s).is_ok(), "{s:?}");
        }
        let twice = ids(&[3, 3]);
        assert_eq!(checker.check(&twice), check_solution(&p, &twice));
        // An unknown option after a prefix the checker holds, then every
        // subset again.
        assert_eq!(checker.check(&ids(&[0, 1, 9])), Err(CheckError::NoSuchOption(OptionId::new(9).unwrap())));
        for mask in 0u32..1 << n {
            let s: Vec<OptionId> = (0..n).filter(|k| mask >> k & 1 == 1).map(|k| OptionId::new(k).unwrap()).collect();
            assert_eq!(checker.check(&s).is_ok(), check_solution(&p, &s).is_ok(), "{s:?}");
        }
    }

    /// Short solutions with multiplicities are checked from scratch with a
    /// byte per slot (`Layered::fresh`): bounds of 127 and more saturate,
    /// and a lower bound no short solution reaches is still refused.
    #[test]
    fn short_solutions_with_large_bounds() {
        let p = Problem::from_dlx("1:300|a 300|b 2:255|c x\na\na c\nc\nb\nx\n").unwrap();
        let mut checker = Checker::new(&p);
        assert!(format!("{:?}", checker.method).contains("Layered"));
        let n = p.option_count();
        for mask in 0u32..1 << n {
            let s: Vec<OptionId> = (0..n).filter(|k| mask >> k & 1 == 1).map(|k| OptionId::new(k).unwrap()).collect();
            assert!(checker.check(&s).is_err(), "{s:?}: b needs 300 uses");
        }
        let q = Problem::from_dlx("1:300|a 2:255|c x\na\na c\nc\nx\n").unwrap();
        let mut checker = Checker::new(&q);
        assert_eq!(checker.check(&ids(&[1, 2, 3])), Ok(()));
        assert_eq!(checker.check(&ids(&[0, 1, 2, 3])), Ok(()));
        assert!(checker.check(&ids(&[0, 3])).is_err(), "c is not used");
        assert!(checker.check(&ids(&[1, 3])).is_err(), "c is used once");
        assert!(checker.check(&ids(&[1, 2])).is_err(), "x is not covered");
        assert_eq!(checker.check(&ids(&[0, 0, 1, 2, 3])), Err(CheckError::RepeatedOption(OptionId::new(0).unwrap())));
        let long: Vec<OptionId> = [1, 2, 3].into_iter().chain([0; 40]).map(|k| OptionId::new(k).unwrap()).collect();
        assert!(checker.check(&long).is_err(), "option 0 is chosen 41 times");
        assert_eq!(checker.check(&long), check_solution(&q, &long));
    }

    /// With multiplicities, every kind of state (bit sets and slots of 1 to
    /// 8 words, from scratch for short solutions and by the state for
    /// long ones, one block of slots or more; use counts when there are
    /// more than 64 slots or 512 items)
    /// agrees with the fresh check: on the solutions the engine finds, on
    /// near misses made from them, and after an unknown option.
    #[test]
    fn every_kind_of_bounded_state_agrees() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for (items, slots, secondary) in
            [(30, 3, 4), (60, 3, 4), (100, 10, 10), (300, 20, 30), (450, 64, 20), (90, 70, 5), (600, 8, 30)]
        {
            let mut b = crate::cover::ProblemBuilder::new();
            let item: Vec<ItemId> = (0..items)
                .map(|i| match i {
                    _ if i < slots => b.primary_with_bounds(format!("m{i}"), u32::from(i % 4 != 3), 2 + i as u32 % 2),
                    _ if i < slots + 5 => b.primary_with_bounds(format!("z{i}"), 0, 1),
                    _ if i >= items - secondary => b.secondary(format!("s{i}")),
                    _ => b.primary(format!("p{i}")),
                })
                .collect::<Result<_, _>>()
                .unwrap();
            // A solution: every plain primary item in a partition, each
            // slot item twice; then random options.
            let plain: Vec<usize> = (slots + 5..items - secondary).collect();
            for part in plain.chunks(3) {
                b.option_ids(&part.iter().map(|&i| item[i]).collect::<Vec<_>>()).unwrap();
            }
            for i in 0..slots {
                b.option_ids(&[item[i]]).unwrap();
                b.option_ids(&[item[i], item[slots + i % 5]]).unwrap();
            }
            for _ in 0..items {
                let mut chosen: Vec<usize> = (0..3).map(|_| rng.random_range(0..items)).collect();
                chosen.sort();
                chosen.dedup();
                b.option_ids(&chosen.into_iter().map(|i| item[i]).collect::<Vec<_>>()).unwrap();
            }
            let p = b.build().unwrap();
            assert!(p.has_multiplicities());
            let mut checker = Checker::new(&p);
            let expected = if slots > layered::MAX_SLOTS || items > 512 { "Bounded" } else { "Layered" };
            assert!(format!("{:?}", checker.method).contains(expected), "{items} items, {slots} slots");
            let solutions = checked_solutions(&p, &mut checker, 40);
            assert!(!solutions.is_empty(), "{items} items");
            let n = p.option_count() as u32;
            let (mut hinted, mut last) = (Checker::new(&p), Vec::new());
            for s in &solutions {
                let k = rng.random_range(0..s.len());
                let mut swapped = s.clone();
                swapped[k] = OptionId::from_u32(rng.random_range(0..n));
                let mut unknown = s.clone();
                unknown[k] = OptionId::from_u32(n + 1);
                let near = [s[..s.len() - 1].to_vec(), [s.clone(), ids(&[0])].concat(), swapped, unknown, s.clone()];
                for candidate in &near {
                    let (got, fresh) = (checker.check(candidate), check_solution(&p, candidate));
                    assert_eq!(got.is_ok(), fresh.is_ok(), "{items} items: {candidate:?}");
                    if matches!(fresh, Err(CheckError::NoSuchOption(_))) {
                        assert_eq!(got, fresh);
                    }
                    hinted_agrees(&p, &mut hinted, &mut last, candidate, &mut rng);
                }
            }
        }
    }

    /// The common prefix, against the plain definition, for lengths on
    /// both sides of the blocks of eight.
    #[test]
    fn common_prefixes() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..5000 {
            let a: Vec<OptionId> =
                (0..rng.random_range(0..40)).map(|_| OptionId::from_u32(rng.random_range(0..3))).collect();
            let mut b = a.clone();
            b.truncate(rng.random_range(0..=a.len()));
            b.extend((0..rng.random_range(0..10)).map(|_| OptionId::from_u32(rng.random_range(0..3))));
            let plain = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            assert_eq!(common_prefix(&a, &b), plain, "{a:?} {b:?}");
            let n = a.len().min(b.len());
            assert_eq!(equal(&a[..n], &b[..n]), plain == n, "{a:?} {b:?}");
        }
        // One id changed anywhere in prefixes of every length, the
        // overlapping last block included.
        for n in 0..40u32 {
            let a: Vec<OptionId> = (0..n).map(OptionId::from_u32).collect();
            assert!(equal(&a, &a));
            for k in 0..n as usize {
                let mut b = a.clone();
                b[k] = OptionId::from_u32(n + 7);
                assert!(!equal(&a, &b), "{n} {k}");
            }
        }
    }

    /// A secondary item without colours may be covered at most once.
    #[test]
    fn plain_secondary_items_are_used_at_most_once() {
        let p = Problem::from_dlx("a b | y\na y\nb y\nb\n").unwrap();
        assert_eq!(check_solution(&p, &ids(&[0, 2])), Ok(()));
        assert_eq!(check_solution(&p, &ids(&[0, 1])), Err(CheckError::Overcovered("y".into())));
    }
}
