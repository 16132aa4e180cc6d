//! What every solution of a search goes through before it is printed: the
//! independent [`Checker`], which shares no code with the search, unless
//! `--no-check`. A solution it rejects is a bug in the engine.

use super::args::SearchArgs;
use crate::exit::Failure;
use exactcover::cover::{Checker, OptionId, Problem};

/// The checker the arguments ask for: none with `--no-check`.
pub fn checker(problem: &Problem, args: &SearchArgs) -> Option<Checker> {
    (!args.no_check).then(|| Checker::new(problem))
}

/// Checks one solution (if there is a checker): a wrong one is an
/// internal error (exit code 70).
pub fn checked(checker: &mut Option<Checker>, solution: &[OptionId]) -> Result<(), Failure> {
    match checker {
        Some(c) => c.check(solution).map_err(Failure::wrong_answer),
        None => Ok(()),
    }
}
