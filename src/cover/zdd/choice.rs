//! Which item the builder branches on in a state.
//!
//! The rule is a function of the state alone, so every path that reaches
//! a state branches there the same way and the memo's node for it holds.
//! Items that must still be covered come first (primary items, then items
//! with multiplicities below their minimum); only when none is left does
//! the builder branch on an item with a multiplicity that may take more
//! options, with "no more" as the last branch.

use super::state::Rules;

/// The rule that picks the item to branch on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ZddChoice {
    /// The first primary item still to be covered, in the order the
    /// items were declared (items with multiplicities after the others) (Knuth's "leftmost" rule for Algorithm Z). Cheap, and the
    /// best on tilings, whose items run across the board, so the states
    /// are the frontiers of a sweep.
    #[default]
    Leftmost,
    /// The item with the fewest options that still fit (DLX's rule; ties
    /// to the first), which prunes dead ends at once but costs a pass
    /// over the items' options in every state.
    FewestOptions,
}

/// Where to branch in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// Nothing is left to cover and nothing more can be taken: the empty
    /// completion, ⊤.
    Done,
    /// An item must be covered but no option fits: ⊥.
    Dead,
    /// Branch on this item; `optional` when it may also stay as it is.
    On { item: u32, optional: bool },
}

impl ZddChoice {
    /// The branch in `state`.
    pub(crate) fn branch(self, rules: &Rules, state: &[u64]) -> Branch {
        let needed = match self {
            ZddChoice::Leftmost => leftmost_needed(rules, state),
            ZddChoice::FewestOptions => match fewest_needed(rules, state) {
                Err(()) => return Branch::Dead,
                Ok(found) => found,
            },
        };
        if let Some(item) = needed {
            return Branch::On { item, optional: false };
        }
        // Items with multiplicities that are covered enough but may take more.
        let optional = rules
            .multis
            .iter()
            .copied()
            .find(|&i| Rules::is_open(state, i) && rules.options_of(i).iter().any(|&o| rules.fits(state, o)));
        optional.map_or(Branch::Done, |item| Branch::On { item, optional: true })
    }
}

/// Items with multiplicities still below their minimum.
fn multis_needed<'a>(rules: &'a Rules, state: &'a [u64]) -> impl Iterator<Item = u32> + 'a {
    rules.multis.iter().copied().filter(move |&i| Rules::is_open(state, i) && rules.uses(state, i) < rules.min_of(i))
}

fn leftmost_needed(rules: &Rules, state: &[u64]) -> Option<u32> {
    rules.first_plain_open(state).or_else(|| multis_needed(rules, state).next())
}

/// The needed item with the fewest fitting options (ties to the first),
/// or `Err` if one has none. Counting an item's options stops once it
/// reaches the best count so far.
fn fewest_needed(rules: &Rules, state: &[u64]) -> Result<Option<u32>, ()> {
    let mut best: Option<(usize, u32)> = None;
    let mut consider = |i: u32| -> Result<bool, ()> {
        let limit = best.map_or(usize::MAX, |(n, _)| n);
        let fitting = rules.options_of(i).iter().filter(|&&o| rules.fits(state, o)).take(limit).count();
        if fitting == 0 {
            return Err(());
        }
        if fitting < limit {
            best = Some((fitting, i));
        }
        Ok(fitting == 1)
    };
    // Items with multiplicities come after the others, as in the leftmost rule.
    for i in rules.plain_open(state) {
        if consider(i)? {
            return Ok(best.map(|(_, i)| i));
        }
    }
    for i in multis_needed(rules, state) {
        if consider(i)? {
            break;
        }
    }
    Ok(best.map(|(_, i)| i))
}
