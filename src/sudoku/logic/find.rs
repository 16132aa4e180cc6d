//! The first step of one technique on a candidate grid, whichever world
//! the technique belongs to: ours look at the candidates of any layout
//! ([`super::strategies`]); Sudoku Explainer's own look at SE's 9×9
//! board ([`super::se`]), made from a classic 9×9 candidate grid, and find
//! nothing on any other.

use super::candidates::Candidates;
use super::se::board::Board;
use super::se::find::find as find_se;
use super::step::Step;
use super::strategies;
use super::technique::Technique;

/// The first step of `technique` in `c`, if any.
pub(crate) fn find(technique: Technique, c: &Candidates) -> Option<Step> {
    if Technique::OURS.contains(&technique) {
        strategies::find(technique, c)
    } else {
        find_se(technique, &se_board(c)?)
    }
}

/// The SE board of a classic 9×9 candidate grid.
fn se_board(c: &Candidates) -> Option<Board> {
    if c.side() != 9 || !c.geo.classic {
        return None;
    }
    Some(Board::new(std::array::from_fn(|k| c.mask(k) as u16), std::array::from_fn(|k| c.value(k))))
}
