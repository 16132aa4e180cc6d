//! The chain engine behind Sudoku Explainer's chaining techniques: X-, Y-
//! and XY-cycles and forcing chains, Nishio, cell and region forcing
//! chains, static and dynamic, and the nested levels above them.
//!
//! A search (the propagation from one assumption, [`propagate`], or the
//! unary searches of [`unary`]) records its nodes in a [`Run`](run::Run);
//! a step found from one or more runs is a [`ChainHint`], rated SE's way:
//! a base rating for its family plus a length increment from its
//! complexity (the distinct nodes of its chains plus those of the nested
//! chains they use; see [`run::length_tenths`]). A family's steps are
//! sorted by rating, then complexity, then a kind key, and the first is
//! applied.
//!
//! The files import downwards only: `run` and `quiet` at the bottom;
//! then `hint`, `implies` (one node's links), `links` (a fixed board's,
//! listed once) and `propagate`; then `reach` (the closure of the links);
//! then `unary` and `forcing`; then `nesting`, which ties the recursion of
//! nested forcing chains (see its docs); and this module's entry points,
//! which hand `nesting` to the forcing chains.
//!
//! Literature: the rules follow Nicolas Juillerat's Sudoku Explainer
//! (1.2.1, with Glenn Fowler's `serate`); the code is our own.

mod forcing;
mod hint;
mod implies;
mod links;
mod nesting;
mod propagate;
mod quiet;
mod reach;
mod run;
mod unary;

pub(crate) use forcing::Rule;
pub(crate) use hint::{ChainHint, easiest};

use crate::sudoku::logic::se::board::Board;

/// X-, Y- and XY-cycles and forcing X- and XY-chains: every step found.
pub(crate) fn unary_hints(b: &Board) -> Vec<ChainHint> {
    unary::hints(b)
}

/// X-, Y- and XY-cycles and forcing X- and XY-chains: the easiest step.
pub(crate) fn unary_easiest(b: &Board) -> Option<ChainHint> {
    unary::easiest(b)
}

/// Forcing chains of the family `rule` (nested as SE nests them): every
/// step found.
pub(crate) fn forcing_hints(b: &Board, rule: Rule) -> Vec<ChainHint> {
    forcing::hints(b, rule, nesting::eliminations)
}

/// Forcing chains of the family `rule`: the easiest step.
pub(crate) fn forcing_easiest(b: &Board, rule: Rule) -> Option<ChainHint> {
    forcing::easiest(b, rule, nesting::eliminations)
}
