//! Sudoku Explainer's techniques other than chains, each on SE's
//! [`Board`](super::board::Board), scanning in SE's order and giving the
//! first pattern it meets (or, for the rated families, the easiest): the
//! basics (singles, naked sets, fish, XY- and XYZ-Wings), locked
//! candidates and hidden sets with their direct forms, unique loops, BUG
//! and aligned exclusion. The chains are [`super::chains`].

pub(crate) mod aligned_exclusion;
pub(crate) mod basics;
pub(crate) mod bug;
pub(crate) mod direct_hidden_set;
pub(crate) mod direct_locking;
pub(crate) mod unique_loop;
