//! Langford pairings: arrange two copies of each of `1..=n` in a row of
//! `2n` positions so that the two `k`s have exactly `k` numbers between
//! them (for n = 3: `2 3 1 2 1 3`).
//!
//! **Items.** `d1..dn`, one per number, and `s1..s2n`, one per position; all
//! are primary, since every number is placed once and every position
//! filled once.
//!
//! **Options.** For each `k` and each first position `i` with
//! `i + k + 1 ≤ 2n`: `dk si s(i+k+1)`.
//!
//! **Symmetry.** Reversing a pairing gives another one, and never the same
//! one, so every solution comes with its mirror. By default the first `1`
//! is kept in the left half (`i ≤ n - 1`): the mirror of `1` at `i` is at
//! `2n - 1 - i`, which is never equal to `i`, so exactly one of each pair
//! survives. [`Langford::raw`] keeps both.
//!
//! ```
//! use exactcover::puzzles::langford::Langford;
//!
//! assert_eq!(Langford::new(7)?.problem().solver().count(), 26);
//! assert_eq!(Langford::raw(7)?.problem().solver().count(), 52);
//! # Ok::<(), exactcover::puzzles::PuzzleError>(())
//! ```

use super::PuzzleError;
use crate::cover::{OptionId, Problem, ProblemBuilder};

/// The largest `n` the builder accepts.
pub const MAX_LANGFORD: usize = 1000;

/// A Langford-pairing problem.
#[derive(Clone, Debug)]
pub struct Langford {
    n: usize,
    /// For each option: the number and its first position (from 1).
    placements: Vec<(usize, usize)>,
    problem: Problem,
}

impl Langford {
    /// Pairings of `1..=n`, each counted once with its reversal.
    pub fn new(n: usize) -> Result<Langford, PuzzleError> {
        Langford::build(n, true)
    }

    /// Pairings of `1..=n`, a pairing and its reversal counted apart.
    pub fn raw(n: usize) -> Result<Langford, PuzzleError> {
        Langford::build(n, false)
    }

    fn build(n: usize, distinct: bool) -> Result<Langford, PuzzleError> {
        if !(1..=MAX_LANGFORD).contains(&n) {
            return Err(PuzzleError::OutOfRange {
                what: "n",
                min: 1,
                max: MAX_LANGFORD,
                got: n,
            });
        }
        let mut b = ProblemBuilder::new();
        b.primary_items((1..=n).map(|k| format!("d{k}")))?;
        b.primary_items((1..=2 * n).map(|i| format!("s{i}")))?;
        let mut placements = Vec::new();
        for k in 1..=n {
            for i in 1..=(2 * n).saturating_sub(k + 1) {
                if distinct && k == 1 && i > n - 1 {
                    continue;
                }
                b.option([format!("d{k}"), format!("s{i}"), format!("s{}", i + k + 1)])?;
                placements.push((k, i));
            }
        }
        Ok(Langford {
            n,
            placements,
            problem: b.build()?,
        })
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The sequence of numbers a solution describes.
    pub fn sequence(&self, solution: &[OptionId]) -> Vec<usize> {
        let mut row = vec![0; 2 * self.n];
        for &o in solution {
            let (k, i) = self.placements[o.as_usize()];
            row[i - 1] = k;
            row[i + k] = k;
        }
        row
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_counts() {
        for (n, want) in [
            (1, 0),
            (2, 0),
            (3, 1),
            (4, 1),
            (5, 0),
            (6, 0),
            (7, 26),
            (8, 150),
        ] {
            assert_eq!(
                Langford::new(n).unwrap().problem().solver().count(),
                want,
                "n = {n}"
            );
        }
        assert_eq!(Langford::raw(8).unwrap().problem().solver().count(), 300);
    }

    #[test]
    fn sequences_are_langford() {
        let l = Langford::new(4).unwrap();
        let s = l.problem().solver().first().unwrap();
        let seq = l.sequence(&s);
        assert_eq!(seq, [4, 1, 3, 1, 2, 4, 3, 2]);
        for k in 1..=4 {
            let pos: Vec<usize> = (0..8).filter(|&i| seq[i] == k).collect();
            assert_eq!(pos[1] - pos[0], k + 1);
        }
    }
}
