//! The chaining families in SE's order, each giving its easiest step.

use super::board::Board;
use crate::sudoku::logic::Step;
use crate::sudoku::logic::strategies::forcing_chains::{self, Rule};
use crate::sudoku::logic::strategies::unary_chains;

/// Cycles and forcing X- and XY-chains.
pub(crate) fn unary(b: &Board) -> Option<Step> {
    unary_chains::easiest(b).map(|h| h.to_step())
}

/// Nishio forcing chains.
pub(crate) fn nishio(b: &Board) -> Option<Step> {
    forcing_chains::easiest(b, Rule::NISHIO).map(|h| h.to_step())
}

/// Static cell and region forcing chains.
pub(crate) fn multiple(b: &Board) -> Option<Step> {
    forcing_chains::easiest(b, Rule::MULTIPLE).map(|h| h.to_step())
}

/// Dynamic forcing chains nested to `level`.
pub(crate) fn dynamic(b: &Board, level: u8) -> Option<Step> {
    forcing_chains::easiest(b, Rule::dynamic(level)).map(|h| h.to_step())
}
