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
}

impl Technique {
    /// Every technique, in the order the solver tries them.
    pub const ALL: [Technique; 23] = [
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
        })
    }

    /// Whether the technique relies on the puzzle having one solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle | Technique::BugPlusOne)
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
        assert_eq!(Technique::Jellyfish.index(), 18);
    }
}
