//! An independent check of a solution, sharing no code with the search.
//!
//! It reads only the problem's option lists (never the arena) and counts
//! how each item is used: every primary item exactly once; every secondary
//! item at most once, or several times when all its uses carry the same
//! colour.
//!
//! [`check_solution`] counts from scratch. A [`Checker`] checks a stream of
//! solutions, such as a search reports them, at a cost per solution that
//! is close to nothing: it keeps the use counts of the solution it checked
//! last, and for the next one it undoes the options after their common
//! prefix and adds the new ones. Its invariant: `uses[i]` is the number of
//! options of `current` that contain item `i`, `chosen[o]` the number of
//! times `current` holds option `o`, `excess` the number of items and
//! options used more than once, and `covered` the number of primary items
//! used at least once. A solution is then valid exactly when `excess` is 0
//! and `covered` is the number of primary items; a failure is re-checked
//! from scratch for its message.

use super::ids::{ColorId, ItemId, OptionId};
use super::problem::Problem;
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
    }
    let mut uses = vec![Use::Free; problem.item_count()];
    let mut chosen = vec![false; problem.option_count()];
    let name = |i: ItemId| problem.item_name(i).to_string();
    for &o in solution {
        if o.as_usize() >= problem.option_count() {
            return Err(CheckError::NoSuchOption(o));
        }
        if std::mem::replace(&mut chosen[o.as_usize()], true) {
            return Err(CheckError::RepeatedOption(o));
        }
        for &(item, color) in problem.option(o) {
            let slot = &mut uses[item.as_usize()];
            *slot = match (*slot, color.is_some()) {
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
    }
    Ok(())
}

/// Checks many solutions of one problem, each in time proportional to
/// how much it differs from the one before (see the module docs). It
/// allocates nothing per solution and shares nothing with the search.
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
    /// The solution checked last, whose uses are counted below.
    current: Vec<OptionId>,
    /// Per item: how many options of `current` contain it.
    uses: Vec<u32>,
    /// Per option: how many times `current` holds it.
    chosen: Vec<u32>,
    /// Items and options used more than once.
    excess: u64,
    /// Primary items used at least once.
    covered: usize,
    /// The number of primary items.
    primary: usize,
}

impl Checker {
    /// A checker for solutions of `problem`.
    pub fn new(problem: &Problem) -> Checker {
        Checker {
            problem: problem.clone(),
            current: Vec::new(),
            uses: vec![0; problem.item_count()],
            chosen: vec![0; problem.option_count()],
            excess: 0,
            covered: 0,
            primary: problem.primary_count(),
        }
    }

    /// Checks that `solution` is an exact cover of the problem, as
    /// [`check_solution`] does.
    pub fn check(&mut self, solution: &[OptionId]) -> Result<(), CheckError> {
        if self.problem.has_colors() {
            // Colours need more than counts; this path is rarely hot.
            return check_solution(&self.problem, solution);
        }
        let common = self.current.iter().zip(solution).take_while(|(a, b)| a == b).count();
        let new = &solution[common..];
        if let Some(&o) = new.iter().find(|o| o.as_usize() >= self.chosen.len()) {
            return Err(CheckError::NoSuchOption(o));
        }
        while self.current.len() > common {
            let o = self.current.pop().expect("longer than the common prefix");
            self.remove(o);
        }
        for &o in new {
            self.add(o);
            self.current.push(o);
        }
        if self.excess == 0 && self.covered == self.primary {
            return Ok(());
        }
        let fresh = check_solution(&self.problem, solution);
        debug_assert!(fresh.is_err(), "the counts and a fresh check disagree on {solution:?}");
        fresh
    }

    fn add(&mut self, o: OptionId) {
        let chosen = &mut self.chosen[o.as_usize()];
        *chosen += 1;
        self.excess += u64::from(*chosen == 2);
        for &(item, _) in self.problem.option(o) {
            let uses = &mut self.uses[item.as_usize()];
            *uses += 1;
            self.excess += u64::from(*uses == 2);
            self.covered += usize::from(*uses == 1 && self.problem.is_primary(item));
        }
    }

    fn remove(&mut self, o: OptionId) {
        let chosen = &mut self.chosen[o.as_usize()];
        self.excess -= u64::from(*chosen == 2);
        *chosen -= 1;
        for &(item, _) in self.problem.option(o) {
            let uses = &mut self.uses[item.as_usize()];
            self.excess -= u64::from(*uses == 2);
            self.covered -= usize::from(*uses == 1 && self.problem.is_primary(item));
            *uses -= 1;
        }
    }
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
            for s in subsets.iter().chain(reversed) {
                assert_eq!(checker.check(s), check_solution(&p, s), "{s:?}");
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

    /// A secondary item without colours may be covered at most once.
    #[test]
    fn plain_secondary_items_are_used_at_most_once() {
        let p = Problem::from_dlx("a b | y\na y\nb y\nb\n").unwrap();
        assert_eq!(check_solution(&p, &ids(&[0, 2])), Ok(()));
        assert_eq!(check_solution(&p, &ids(&[0, 1])), Err(CheckError::Overcovered("y".into())));
    }
}
