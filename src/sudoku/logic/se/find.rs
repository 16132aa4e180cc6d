//! One of Sudoku Explainer's techniques asked for by name: its first step
//! on SE's board, for hints and explanations (the rater asks SE's
//! techniques in SE's order instead, see `rater.rs`).

use super::board::Board;
use super::chains::{self, ChainHint, Rule, easiest};
use super::techniques::{aligned_exclusion, bug, direct_hidden_set, direct_locking, unique_loop};
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;

/// The first step of `t`, one of SE's own techniques (not one of
/// [`Technique::OURS`]), on `b`: the easiest, for the chains.
pub(crate) fn find(t: Technique, b: &Board) -> Option<Step> {
    debug_assert!(!Technique::OURS.contains(&t), "{t:?} is ours");
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
            return only(chains::unary_hints(b));
        }
        Technique::Nishio => return only(chains::forcing_hints(b, Rule::NISHIO)),
        Technique::CellForcingChain | Technique::RegionForcingChain => {
            return only(chains::forcing_hints(b, Rule::MULTIPLE));
        }
        Technique::DynamicForcingChainPlus => return only(chains::forcing_hints(b, Rule::dynamic(1))),
        Technique::NestedForcingChain => return only(chains::forcing_hints(b, Rule::dynamic(2))),
        _ => return only(chains::forcing_hints(b, Rule::dynamic(0))),
    };
    step.filter(|s| s.technique() == Some(t) || (t == Technique::Bug && s.technique().is_some()))
}
