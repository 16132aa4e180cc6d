//! Grading: the hardest step a puzzle needs, a named level, and how often
//! each technique was used (the columns of qqwing's `--stats`).

use super::technique::{Rating, Technique};
use std::fmt;

/// A named difficulty level (see the thresholds in the
/// [module doc](super)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only: rating up to 2.3.
    Easy,
    /// Up to 3.4: locked candidates, naked and hidden pairs, X-Wing.
    Medium,
    /// Up to 4.5: triples, Swordfish, XY- and XYZ-Wing, unique rectangles.
    Hard,
    /// Harder techniques, but no guess.
    Expert,
    /// The techniques ran out: at least one guess was needed.
    NeedsGuessing,
}

impl Level {
    /// The hardest rating of an easy puzzle.
    pub const EASY_MAX: Rating = Rating::from_tenths(23);
    /// The hardest rating of a medium puzzle.
    pub const MEDIUM_MAX: Rating = Rating::from_tenths(34);
    /// The hardest rating of a hard puzzle.
    pub const HARD_MAX: Rating = Rating::from_tenths(45);

    /// The level of a puzzle whose hardest logical step rates `rating`,
    /// after `guesses` guesses.
    pub fn of(rating: Rating, guesses: usize) -> Level {
        match rating {
            _ if guesses > 0 => Level::NeedsGuessing,
            r if r <= Level::EASY_MAX => Level::Easy,
            r if r <= Level::MEDIUM_MAX => Level::Medium,
            r if r <= Level::HARD_MAX => Level::Hard,
            _ => Level::Expert,
        }
    }

    /// The name: `easy`, `medium`, `hard`, `expert`, `needs guessing`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::NeedsGuessing => "needs guessing",
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// `easy`, `medium`, `hard`, `expert`, or `guessing` (also `needs
    /// guessing`, `needs-guessing`).
    fn from_str(s: &str) -> Result<Level, String> {
        Ok(match s.to_ascii_lowercase().replace(['-', '_'], " ").as_str() {
            "easy" => Level::Easy,
            "medium" => Level::Medium,
            "hard" => Level::Hard,
            "expert" => Level::Expert,
            "guessing" | "needs guessing" => Level::NeedsGuessing,
            _ => return Err(format!("unknown level `{s}` (easy, medium, hard, expert, guessing)")),
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The grade of a puzzle: its rating, level, technique counts and
/// guesses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grade {
    rating: Rating,
    counts: [usize; Technique::ALL.len()],
    guesses: usize,
    givens: usize,
}

impl Grade {
    pub(crate) fn new(givens: usize) -> Grade {
        Grade { rating: Rating::default(), counts: [0; Technique::ALL.len()], guesses: 0, givens }
    }

    pub(crate) fn record(&mut self, step: &super::Step) {
        match step.technique() {
            Some(t) => {
                self.counts[t.index()] += 1;
                self.rating = self.rating.max(step.rating());
            }
            None => self.guesses += 1,
        }
    }

    /// The rating of the hardest logical step (0.0 for a full grid). With
    /// guesses, it rates only the logic between them.
    pub fn rating(&self) -> Rating {
        self.rating
    }

    /// The level.
    pub fn level(&self) -> Level {
        Level::of(self.rating, self.guesses)
    }

    /// How often `technique` was used.
    pub fn count(&self, technique: Technique) -> usize {
        self.counts[technique.index()]
    }

    /// Every technique with its count, in [`Technique::ALL`] order.
    pub fn counts(&self) -> impl Iterator<Item = (Technique, usize)> + '_ {
        Technique::ALL.iter().map(|&t| (t, self.counts[t.index()]))
    }

    /// The number of guesses.
    pub fn guesses(&self) -> usize {
        self.guesses
    }

    /// The number of steps, guesses included.
    pub fn steps(&self) -> usize {
        self.counts.iter().sum::<usize>() + self.guesses
    }

    /// The number of filled cells at the start.
    pub fn givens(&self) -> usize {
        self.givens
    }

    /// The header of [`Grade::csv_row`]: `givens,rating,level,steps,` then
    /// one column per technique, then `guesses` (as qqwing's `--stats
    /// --csv` columns, one per technique).
    pub fn csv_header() -> String {
        let mut cols = vec!["givens", "rating", "level", "steps"];
        cols.extend(Technique::ALL.iter().map(|t| t.name()));
        cols.push("guesses");
        cols.join(",")
    }

    /// The grade as one CSV row (see [`Grade::csv_header`]).
    pub fn csv_row(&self) -> String {
        let mut cols =
            vec![self.givens.to_string(), self.rating.to_string(), self.level().to_string(), self.steps().to_string()];
        cols.extend(self.counts.iter().map(usize::to_string));
        cols.push(self.guesses.to_string());
        cols.join(",")
    }
}

impl fmt::Display for Grade {
    /// "4.2 (hard): 21 givens, 12 × Hidden single, 3 × XY-Wing, 0 guesses".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {} givens", self.rating, self.level(), self.givens)?;
        for (t, n) in self.counts().filter(|&(_, n)| n > 0) {
            write!(f, ", {n} × {t}")?;
        }
        write!(f, ", {} guesses", self.guesses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds() {
        let r = Rating::from_tenths;
        assert_eq!(Level::of(r(23), 0), Level::Easy);
        assert_eq!(Level::of(r(26), 0), Level::Medium);
        assert_eq!(Level::of(r(34), 0), Level::Medium);
        assert_eq!(Level::of(r(42), 0), Level::Hard);
        assert_eq!(Level::of(r(46), 0), Level::Expert);
        assert_eq!(Level::of(r(12), 1), Level::NeedsGuessing);
        assert_eq!(Grade::csv_header().split(',').count(), 5 + Technique::ALL.len());
    }
}
