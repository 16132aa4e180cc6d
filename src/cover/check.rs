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
