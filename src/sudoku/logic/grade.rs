//! Grading: the hardest step a puzzle needs, a named level, and how often
//! each technique was used (the columns of qqwing's `--stats`), with the
//! puzzle's rating on Sudoku Explainer's scale.
//!
//! Two ratings, kept apart: [`Grade::se`] is SE's ER/EP/ED, computed SE's
//! way with SE's techniques only (see [`SeRater`]), or
//! none when those run out; [`Grade::rating`] is the hardest step of our
//! own path, which uses our extra techniques and may guess, and is not an
//! SE rating.

use super::se::rating::{SeGrade, SeRater};
use super::technique::{Rating, Technique};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

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
            _ => {
                return Err(format!(
                    "unknown level `{}` (easy, medium, hard, expert, guessing)",
                    crate::text::Escaped(s)
                ));
            }
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The SE rating of a classic puzzle, worked out on first use.
#[derive(Clone, Debug, Default)]
struct SeSlot {
    cells: Option<Arc<[u8]>>,
    grade: Arc<OnceLock<SeGrade>>,
    /// The grading solver's cancel flag, which stops the rating too.
    cancel: Option<Arc<AtomicBool>>,
}

impl PartialEq for SeSlot {
    fn eq(&self, other: &SeSlot) -> bool {
        self.cells == other.cells
    }
}

impl Eq for SeSlot {}

impl std::hash::Hash for SeSlot {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

/// The grade of a puzzle: its SE rating, our path's hardest step and
/// level, technique counts and guesses.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grade {
    rating: Rating,
    counts: Box<[usize; Technique::ALL.len()]>,
    guesses: usize,
    givens: usize,
    se: SeSlot,
}

impl Grade {
    pub(crate) fn new(givens: usize) -> Grade {
        Grade {
            rating: Rating::default(),
            counts: Box::new([0; Technique::ALL.len()]),
            guesses: 0,
            givens,
            se: SeSlot::default(),
        }
    }

    /// Attaches the puzzle (classic 9×9, one solution) so that
    /// [`Grade::se`] can rate it, stopping once `cancel` (if any) is
    /// raised.
    pub(crate) fn with_puzzle(mut self, cells: &[u8], cancel: Option<Arc<AtomicBool>>) -> Grade {
        self.se = SeSlot { cells: Some(cells.into()), grade: Arc::default(), cancel };
        self
    }

    /// The puzzle's rating on Sudoku Explainer's scale (ER/EP/ED), worked
    /// out SE's way on first call (chains can take a while). `None` for a
    /// grid that is not classic 9×9; a [`SeGrade`] without a rating when
    /// SE's techniques don't solve the puzzle.
    pub fn se(&self) -> Option<&SeGrade> {
        let cells = self.se.cells.as_ref()?;
        Some(self.se.grade.get_or_init(|| SeRater::new().with_cancel(self.se.cancel.clone()).rate_unchecked(cells)))
    }

    pub(crate) fn record(&mut self, step: &super::step::Step) {
        match step.technique() {
            Some(t) => {
                self.counts[t.index()] += 1;
                self.rating = self.rating.max(step.rating());
            }
            None => self.guesses += 1,
        }
    }

    /// The rating of the hardest logical step on our own path (0.0 for a
    /// full grid). Our path uses techniques SE lacks and may guess, so this
    /// is **not** an SE rating (see [`Grade::se`]); with guesses, it rates
    /// only the logic between them.
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

    /// The header of [`Grade::csv_row`]: `givens,er,ep,ed,se_hardest,level,steps,`
    /// then one column per technique, then `guesses` (as qqwing's `--stats
    /// --csv` columns, one per technique). `er`, `ep`, `ed` and
    /// `se_hardest` are SE's; they are empty when there is no SE rating.
    pub fn csv_header() -> String {
        let mut cols = vec!["givens", "er", "ep", "ed", "se_hardest", "level", "steps"];
        cols.extend(Technique::ALL.iter().map(|t| t.name()));
        cols.push("guesses");
        cols.join(",")
    }

    /// The grade as one CSV row (see [`Grade::csv_header`]).
    pub fn csv_row(&self) -> String {
        let se = self.se().and_then(SeGrade::rating);
        let num = |r: Option<Rating>| r.map_or_else(String::new, |r| r.to_string());
        let mut cols = vec![
            self.givens.to_string(),
            num(se.map(|r| r.er)),
            num(se.map(|r| r.ep)),
            num(se.map(|r| r.ed)),
            se.map_or_else(String::new, |r| r.hardest.name().to_string()),
            self.level().to_string(),
            self.steps().to_string(),
        ];
        cols.extend(self.counts.iter().map(usize::to_string));
        cols.push(self.guesses.to_string());
        cols.join(",")
    }
}

impl Grade {
    /// The one rating to show, and our level beside it, each named:
    /// "SE rating 4.2/1.2/1.2 (XY-Wing); our level: hard" (SE's ER/EP/ED
    /// and its hardest technique), "SE rating: none (needs techniques
    /// beyond …); our level: …" when SE's techniques run out, or "our
    /// level: hard (hardest step 4.2)" for a grid that is not classic 9×9,
    /// which SE does not rate. Our path's own hardest step is not shown
    /// beside SE's rating: it is not on SE's scale (see [`Grade::rating`]).
    pub fn headline(&self) -> String {
        let level = self.level();
        match self.se().map(|se| (se.rating(), se.why_none())) {
            Some((Some(r), _)) => format!("SE rating {r}; our level: {level}"),
            Some((None, why)) => format!("SE rating: none ({}); our level: {level}", why.unwrap_or_default()),
            None => format!("our level: {level} (hardest step {})", self.rating),
        }
    }
}

impl fmt::Display for Grade {
    /// The [headline](Grade::headline), then the givens, the techniques
    /// used and the guesses: "SE rating 4.2/1.2/1.2 (XY-Wing); our level:
    /// hard; 21 givens, 12 × Hidden single, 3 × XY-Wing, 0 guesses".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {} givens", self.headline(), self.givens)?;
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
        assert_eq!(Grade::csv_header().split(',').count(), 8 + Technique::ALL.len());
    }
}
