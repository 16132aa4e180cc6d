//! [`Bounds`]: how many times a solution may cover an item.

use std::fmt;

/// How many times a solution covers an item: at least `min`, at most
/// `max` (Knuth's multiplicity `min:max|name`). A primary item is covered
/// exactly once unless given other bounds; a secondary item at most once.
///
/// ```
/// use exactcover::cover::{Bounds, ProblemBuilder};
///
/// let mut b = ProblemBuilder::new();
/// let x = b.primary_with_bounds("x", 2, 3)?;
/// let y = b.primary("y")?;
/// let z = b.secondary("z")?;
/// b.option(["x", "y"])?;
/// let p = b.build()?;
/// assert_eq!(p.bounds(x), Bounds { min: 2, max: 3 });
/// assert_eq!(p.bounds(y), Bounds::ONCE);
/// assert_eq!(p.bounds(z), Bounds::AT_MOST_ONCE);
/// assert!(p.bounds(x).contains(3) && !p.bounds(x).contains(1));
/// assert_eq!(p.bounds(x).to_string(), "2:3");
/// # Ok::<(), exactcover::cover::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// The fewest times.
    pub min: u32,
    /// The most times.
    pub max: u32,
}

impl Bounds {
    /// Exactly once: a primary item without a multiplicity.
    pub const ONCE: Bounds = Bounds { min: 1, max: 1 };
    /// At most once: a secondary item.
    pub const AT_MOST_ONCE: Bounds = Bounds { min: 0, max: 1 };

    /// Whether `uses` lies within the bounds.
    pub fn contains(self, uses: u32) -> bool {
        (self.min..=self.max).contains(&uses)
    }

    /// How many uses may go unmade: `max - min`.
    pub fn slack(self) -> u32 {
        self.max - self.min
    }
}

/// Knuth's notation: `min:max`.
impl fmt::Display for Bounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.min, self.max)
    }
}
