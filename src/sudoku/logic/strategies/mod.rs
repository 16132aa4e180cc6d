//! Our techniques, one per file, over the candidates of any layout
//! (classic, X, windoku, jigsaw, any size; the uniqueness techniques only
//! on the classic houses). Each `find` looks at a candidate grid and
//! returns the first step of its technique in a fixed order, or `None`;
//! it never changes the grid. Sudoku Explainer's own techniques, on SE's
//! 9×9 board, are [`super::se`]'s.

mod bug_plus_one;
mod combos;
mod fish;
mod full_house;
mod hidden_single;
mod hidden_subset;
mod links;
mod locked_candidates;
mod naked_single;
mod naked_subset;
mod simple_colouring;
mod skyscraper;
mod two_string_kite;
mod unique_rectangle;
mod w_wing;
mod x_chain;
mod xy_wing;
mod xyz_wing;

use super::candidates::Candidates;
use super::step::Step;
use super::technique::Technique;

/// The first step of `technique`, one of [`Technique::OURS`], in `c`, if
/// any (`None` for SE's own techniques).
pub(crate) fn find(technique: Technique, c: &Candidates) -> Option<Step> {
    match technique {
        Technique::FullHouse => full_house::find(c),
        Technique::HiddenSingle => hidden_single::find(c),
        Technique::NakedSingle => naked_single::find(c),
        Technique::Pointing => locked_candidates::find(c, true),
        Technique::Claiming => locked_candidates::find(c, false),
        Technique::NakedPair => naked_subset::find(c, 2),
        Technique::NakedTriple => naked_subset::find(c, 3),
        Technique::NakedQuad => naked_subset::find(c, 4),
        Technique::HiddenPair => hidden_subset::find(c, 2),
        Technique::HiddenTriple => hidden_subset::find(c, 3),
        Technique::HiddenQuad => hidden_subset::find(c, 4),
        Technique::XWing => fish::find(c, 2),
        Technique::Swordfish => fish::find(c, 3),
        Technique::Jellyfish => fish::find(c, 4),
        Technique::XyWing => xy_wing::find(c),
        Technique::XyzWing => xyz_wing::find(c),
        Technique::UniqueRectangle => unique_rectangle::find(c),
        Technique::Skyscraper => skyscraper::find(c),
        Technique::TwoStringKite => two_string_kite::find(c),
        Technique::WWing => w_wing::find(c),
        Technique::BugPlusOne => bug_plus_one::find(c),
        Technique::SimpleColouring => simple_colouring::find(c),
        Technique::XChain => x_chain::find(c),
        _ => None,
    }
}
