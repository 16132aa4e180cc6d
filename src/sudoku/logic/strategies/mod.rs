//! The techniques, one per file. Each `find` looks at a candidate grid and
//! returns the first step of its technique in a fixed order, or `None`; it
//! never changes the grid.

pub(crate) mod aligned_exclusion;
pub(crate) mod bug;
mod bug_plus_one;
mod combos;
pub(crate) mod direct_hidden_set;
pub(crate) mod direct_locking;
mod fish;
pub(crate) mod forcing_chains;
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
pub(crate) mod unary_chains;
pub(crate) mod unique_loop;
mod unique_rectangle;
mod w_wing;
mod x_chain;
mod xy_wing;
mod xyz_wing;

use super::chains::{ChainHint, easiest};
use super::se::board::Board;
use super::{Candidates, Step, Technique};
use forcing_chains::Rule;

/// The first step of `technique` in `c`, if any.
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
        se => find_se(se, &board(c)?),
    }
}

/// The SE board of a classic 9×9 candidate grid.
fn board(c: &Candidates) -> Option<Board> {
    if c.side() != 9 || !c.geo.classic {
        return None;
    }
    Some(Board::new(std::array::from_fn(|k| c.mask(k) as u16), std::array::from_fn(|k| c.value(k))))
}

/// The first step of one of SE's techniques, for hints and explanations.
fn find_se(t: Technique, b: &Board) -> Option<Step> {
    let only =
        |hints: Vec<ChainHint>| easiest(hints.into_iter().filter(|h| h.technique == t).collect()).map(|h| h.to_step());
    let step = match t {
        Technique::DirectPointing | Technique::DirectClaiming => direct_locking::find_se(b, true),
        Technique::DirectHiddenPair => direct_hidden_set::find_se(b, 2, true),
        Technique::DirectHiddenTriple => direct_hidden_set::find_se(b, 3, true),
        Technique::UniqueLoop => unique_loop::find_se(b),
        Technique::Bug => bug::find_se(b),
        Technique::AlignedPairExclusion => aligned_exclusion::find_se(b, 2),
        Technique::AlignedTripleExclusion => aligned_exclusion::find_se(b, 3),
        Technique::XCycle
        | Technique::YCycle
        | Technique::XyCycle
        | Technique::ForcingXChain
        | Technique::ForcingChain => {
            return only(unary_chains::hints(b));
        }
        Technique::Nishio => return only(forcing_chains::hints(b, Rule::NISHIO)),
        Technique::CellForcingChain | Technique::RegionForcingChain => {
            return only(forcing_chains::hints(b, Rule::MULTIPLE));
        }
        Technique::DynamicForcingChainPlus => return only(forcing_chains::hints(b, Rule::dynamic(1))),
        Technique::NestedForcingChain => return only(forcing_chains::hints(b, Rule::dynamic(2))),
        _ => return only(forcing_chains::hints(b, Rule::dynamic(0))),
    };
    step.filter(|s| s.technique() == Some(t) || (t == Technique::Bug && s.technique().is_some()))
}
