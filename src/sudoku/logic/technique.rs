//! The techniques, their names and their ratings on the Sudoku Explainer
//! scale (see the table in the [module doc](super)).

use std::fmt;

/// A rating on the Sudoku Explainer scale, kept in tenths (4.2 is 42) so
/// that ratings compare exactly.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(u8);

impl Rating {
    /// A rating from tenths: `Rating::from_tenths(42)` is 4.2.
    pub const fn from_tenths(tenths: u8) -> Rating {
        Rating(tenths)
    }

    /// The rating in tenths.
    pub const fn tenths(self) -> u8 {
        self.0
    }

    /// The rating as a number, 4.2 for 4.2.
    pub fn value(self) -> f32 {
        f32::from(self.0) / 10.0
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A human solving technique. [`Technique::ALL`] lists them in the order
/// the solver tries them: by rating, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// Locked candidates, type 1: a digit of a box confined to one line.
    Pointing,
    /// Locked candidates, type 2: a digit of a line confined to one box.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// A basic fish on two lines.
    XWing,
    /// Two digits of a house confined to the same two cells.
    HiddenPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// A basic fish on three lines.
    Swordfish,
    /// Three digits of a house confined to the same three cells.
    HiddenTriple,
    /// A bivalue pivot and two bivalue pincers.
    XyWing,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing,
    /// Unique rectangle, type 1.
    UniqueRectangle,
    /// Two parallel strong links joined at one end.
    Skyscraper,
    /// A row and a column strong link joined in a box.
    TwoStringKite,
    /// Two equal bivalue cells joined by a strong link.
    WWing,
    /// Four cells of a house with four candidates between them.
    NakedQuad,
    /// A basic fish on four lines.
    Jellyfish,
    /// Four digits of a house confined to the same four cells.
    HiddenQuad,
    /// Bivalue universal grave plus one.
    BugPlusOne,
    /// Simple colouring of one digit's conjugate pairs.
    SimpleColouring,
    /// An alternating chain of strong and weak links on one digit.
    XChain,
    /// Pointing whose eliminations leave a hidden single in another box (SE's direct technique).
    DirectPointing,
    /// Claiming whose eliminations leave a hidden single in another line (SE's direct technique).
    DirectClaiming,
    /// A hidden pair that leaves another digit a hidden single in its house (SE's direct technique).
    DirectHiddenPair,
    /// A hidden triple that leaves another digit a hidden single in its house (SE's direct technique).
    DirectHiddenTriple,
    /// Unique rectangles and loops, types 1 to 4 (SE's rules; longer loops rate more).
    UniqueLoop,
    /// Bivalue universal grave, types 2 to 4.
    Bug,
    /// Two cells whose digit pairs are all killed by bivalue cells they both see.
    AlignedPairExclusion,
    /// A cycle of strong and weak links on one digit.
    XCycle,
    /// A cycle through bivalue cells.
    YCycle,
    /// A chain on one digit from a candidate back to itself (Turbot Fish when short).
    ForcingXChain,
    /// A cycle mixing links in houses and in cells.
    XyCycle,
    /// A chain of links in houses and cells from a candidate back to itself.
    ForcingChain,
    /// Three cells whose digit triples are all killed by cells they see.
    AlignedTripleExclusion,
    /// A digit that, placed, leads to a contradiction on its digit alone.
    Nishio,
    /// Every candidate of a cell leads to the same conclusion.
    CellForcingChain,
    /// Every place of a digit in a house leads to the same conclusion.
    RegionForcingChain,
    /// A candidate whose truth (or falsehood) leads to a contradiction, with dynamic chains.
    ContradictionForcingChain,
    /// A candidate whose truth and falsehood both lead to the same conclusion.
    DoubleForcingChain,
    /// Cell forcing chains that use what earlier links removed.
    DynamicCellForcingChain,
    /// Region forcing chains that use what earlier links removed.
    DynamicRegionForcingChain,
    /// Dynamic forcing chains that also apply locked candidates, pairs and X-Wings on the way.
    DynamicForcingChainPlus,
    /// Dynamic forcing chains that run whole chains inside each step.
    NestedForcingChain,
}

impl Technique {
    /// Every technique, in the order the solver tries them.
    pub const ALL: [Technique; 45] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::UniqueLoop,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::WWing,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::Bug,
        Technique::SimpleColouring,
        Technique::AlignedPairExclusion,
        Technique::XCycle,
        Technique::YCycle,
        Technique::XChain,
        Technique::ForcingXChain,
        Technique::XyCycle,
        Technique::ForcingChain,
        Technique::AlignedTripleExclusion,
        Technique::Nishio,
        Technique::CellForcingChain,
        Technique::RegionForcingChain,
        Technique::ContradictionForcingChain,
        Technique::DoubleForcingChain,
        Technique::DynamicCellForcingChain,
        Technique::DynamicRegionForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];

    /// The singles: what the easy level needs.
    pub const SINGLES: [Technique; 3] = [Technique::FullHouse, Technique::HiddenSingle, Technique::NakedSingle];

    /// The position in [`Technique::ALL`].
    pub fn index(self) -> usize {
        Technique::ALL.iter().position(|&t| t == self).expect("listed")
    }

    /// The name, as in "Hidden single".
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full house",
            Technique::HiddenSingle => "Hidden single",
            Technique::NakedSingle => "Naked single",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden triple",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::UniqueRectangle => "Unique rectangle type 1",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::WWing => "W-Wing",
            Technique::NakedQuad => "Naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden quad",
            Technique::BugPlusOne => "BUG+1",
            Technique::SimpleColouring => "Simple colouring",
            Technique::XChain => "X-Chain",
            Technique::DirectPointing => "Direct pointing",
            Technique::DirectClaiming => "Direct claiming",
            Technique::DirectHiddenPair => "Direct hidden pair",
            Technique::DirectHiddenTriple => "Direct hidden triple",
            Technique::UniqueLoop => "Unique rectangle or loop",
            Technique::Bug => "BUG type 2–4",
            Technique::AlignedPairExclusion => "Aligned pair exclusion",
            Technique::XCycle => "X-Cycle",
            Technique::YCycle => "Y-Cycle",
            Technique::ForcingXChain => "Forcing X-Chain",
            Technique::XyCycle => "XY-Cycle",
            Technique::ForcingChain => "Forcing chain",
            Technique::AlignedTripleExclusion => "Aligned triple exclusion",
            Technique::Nishio => "Nishio forcing chain",
            Technique::CellForcingChain => "Cell forcing chains",
            Technique::RegionForcingChain => "Region forcing chains",
            Technique::ContradictionForcingChain => "Contradiction forcing chain",
            Technique::DoubleForcingChain => "Double forcing chain",
            Technique::DynamicCellForcingChain => "Dynamic cell forcing chains",
            Technique::DynamicRegionForcingChain => "Dynamic region forcing chains",
            Technique::DynamicForcingChainPlus => "Dynamic forcing chains (+)",
            Technique::NestedForcingChain => "Nested forcing chains",
        }
    }

    /// The rating of the technique's easiest form. A hidden single in a
    /// row or column rates 1.5 rather than 1.2, and a longer X-Chain rates
    /// more (see [`Step::rating`](super::Step::rating)).
    pub fn rating(self) -> Rating {
        Rating(match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingle => 12,
            Technique::NakedSingle => 23,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::Skyscraper => 46,
            Technique::TwoStringKite => 47,
            Technique::WWing => 48,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::BugPlusOne => 56,
            Technique::SimpleColouring => 62,
            Technique::XChain => 66,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::DirectHiddenTriple => 25,
            Technique::UniqueLoop => 45,
            Technique::Bug => 57,
            Technique::AlignedPairExclusion => 62,
            Technique::XCycle => 65,
            Technique::YCycle => 65,
            Technique::ForcingXChain => 66,
            Technique::XyCycle => 70,
            Technique::ForcingChain => 70,
            Technique::AlignedTripleExclusion => 75,
            Technique::Nishio => 75,
            Technique::CellForcingChain => 80,
            Technique::RegionForcingChain => 80,
            Technique::ContradictionForcingChain => 85,
            Technique::DoubleForcingChain => 85,
            Technique::DynamicCellForcingChain => 85,
            Technique::DynamicRegionForcingChain => 85,
            Technique::DynamicForcingChainPlus => 90,
            Technique::NestedForcingChain => 95,
        })
    }

    /// Our own techniques, in the order [`LogicSolver::new`](super::LogicSolver::new)
    /// tries them.
    pub const OURS: [Technique; 23] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::WWing,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::SimpleColouring,
        Technique::XChain,
    ];

    /// Whether [`LogicSolver::for_hints`](super::LogicSolver::for_hints)
    /// uses the technique: ours, then (before any guess) Sudoku Explainer's
    /// unique loops, BUG, aligned exclusions and static chains. Left out:
    /// SE's direct techniques (a locked set or pair followed by a single,
    /// which our solver finds as two steps) and the dynamic and nested
    /// chains (slow; [`SeRater`](super::SeRater) uses them).
    pub fn for_hints(self) -> bool {
        !matches!(
            self,
            Technique::DirectPointing
                | Technique::DirectClaiming
                | Technique::DirectHiddenPair
                | Technique::DirectHiddenTriple
                | Technique::ContradictionForcingChain
                | Technique::DoubleForcingChain
                | Technique::DynamicCellForcingChain
                | Technique::DynamicRegionForcingChain
                | Technique::DynamicForcingChainPlus
                | Technique::NestedForcingChain
        )
    }

    /// Whether the technique relies on the puzzle having one solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle | Technique::BugPlusOne | Technique::UniqueLoop | Technique::Bug)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_by_rating() {
        for w in Technique::ALL.windows(2) {
            assert!(w[0].rating() <= w[1].rating(), "{:?}", w);
        }
        assert_eq!(Technique::XyWing.rating().to_string(), "4.2");
        assert_eq!(Technique::ALL[Technique::Jellyfish.index()], Technique::Jellyfish);
    }
}
