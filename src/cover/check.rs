//! An independent check of a solution, sharing no code with the search.
//!
//! It reads only the problem's option lists (never the arena) and counts
//! how each item is used: every primary item exactly once; every secondary
//! item at most once, or several times when all its uses carry the same
//! colour.

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

    /// A secondary item without colours may be covered at most once.
    #[test]
    fn plain_secondary_items_are_used_at_most_once() {
        let p = Problem::from_dlx("a b | y\na y\nb y\nb\n").unwrap();
        assert_eq!(check_solution(&p, &ids(&[0, 2])), Ok(()));
        assert_eq!(check_solution(&p, &ids(&[0, 1])), Err(CheckError::Overcovered("y".into())));
    }
}
