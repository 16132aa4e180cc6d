//! Ratings on the Sudoku Explainer (SE) scale, computed SE's way.
//!
//! Sudoku Explainer 1.2.1.3 (Nicolas Juillerat, with Glenn Fowler's
//! `serate`) rates a puzzle by solving it with its own techniques in a
//! fixed order: at each step the first technique (or chain family) that
//! applies gives its easiest step, which is applied. Three numbers come
//! out:
//!
//! * **ER**, the rating: the hardest step of the whole path;
//! * **EP**, the pearl: the hardest step up to the first placed digit;
//! * **ED**, the diamond: the first step's rating.
//!
//! [`SeRater`] reproduces that loop with SE's technique set only (our
//! Skyscraper, 2-String Kite, W-Wing and colouring are not used: SE finds
//! those eliminations with chains). When the techniques run out, or the
//! nesting needed is beyond the rater's limit, there is no rating:
//! [`SeGrade::rating`] is `None`, never a number that would pass for one.
//!
//! **Invariant.** The board only shrinks, and every step is sound for a
//! puzzle with one solution (the uniqueness techniques assume it; the
//! rater checks it first).
//!
//! The files import downwards only: `board` and `combos` at the bottom,
//! then the techniques and the chains, then `find` (a technique by name,
//! for hints) and `rater` (SE's loop), then `rating`, the public face.
//! Only `board` and `find` serve the rest of the logic solver: its
//! techniques over candidates ask SE's by name on a classic 9×9 grid.

pub(crate) mod board;
mod chains;
mod combos;
pub(crate) mod find;
mod rater;
pub(crate) mod rating;
mod techniques;

pub use rating::{SeGrade, SeRater, SeRating};
