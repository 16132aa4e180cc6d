//! The search on bitboards with singles, for layouts of at most 128 cells
//! (every 9×9 layout and 4×4): the engine the adapter searches with by
//! default on those but classic 9×9 (which go to [`super::bands`]), and
//! the singles pass's engine for all of them.
//!
//! * [`Bits`] (`bits.rs`) holds a layout's tables and one board, one
//!   `u128` per digit ([`board`]), and places naked and hidden singles on
//!   it; it also chooses what to guess on ([`guess`]).
//! * `locked.rs` applies locked candidates on the classic houses, by one
//!   table look-up per band and stack.
//! * [`search`] is Algorithm X on the Sudoku matrix with those
//!   deductions at every node, on an explicit stack of saved boards.
//! * The search keeps its limits and counts (nodes, guesses, and why it
//!   stopped) in the exact-cover search's `Watch` (`cover::watch`).
//!
//! The files import downwards only: `board` at the bottom, then `guess`,
//! `bits`, `locked` and `search`.

#![forbid(unsafe_code)]

mod bits;
mod board;
mod guess;
mod locked;
mod search;

pub(crate) use bits::Bits;
