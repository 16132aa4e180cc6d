//! The n-queens problem: place `n` queens on an `n`×`n` board so that no
//! two attack each other.
//!
//! **Items.** Each row `r` and each column `c` holds exactly one queen, so
//! rows and columns are *primary* items. Each diagonal holds *at most* one
//! queen, so the diagonals are *secondary* items: `a` for the diagonals of
//! constant `r + c` and `b` for those of constant `c - r`. The two corner
//! diagonals have a single square and are left out, as in Knuth's
//! `queens-dlx`.
//!
//! **Options.** One per square: `r c a b`.
//!
//! **Order.** Items are listed from the middle of the board outwards
//! (`r4 c4 r3 c3 r5 c5 ...` for n = 8), Knuth's "organ-pipe" order: with
//! DLX1's rule of taking the first item of minimum length, the search then
//! branches on the most constrained middle lines first. The output for
//! n = 8, 10 and 12 is identical to `queens-dlx`'s.
//!
//! ```
//! use exactcover::puzzles::queens::Queens;
//!
//! let q = Queens::new(8)?;
//! assert_eq!(q.problem().solver().count(), 92);
//! # Ok::<(), exactcover::puzzles::PuzzleError>(())
//! ```

use super::{PuzzleError, coordinate};
use crate::cover::{OptionId, Problem, ProblemBuilder};

/// The largest board the builder accepts.
pub const MAX_QUEENS: usize = 1000;

/// An n-queens problem.
#[derive(Clone, Debug)]
pub struct Queens {
    n: usize,
    problem: Problem,
}

impl Queens {
    /// The problem for an `n`×`n` board, 1 ≤ n ≤ [`MAX_QUEENS`].
    pub fn new(n: usize) -> Result<Queens, PuzzleError> {
        if !(1..=MAX_QUEENS).contains(&n) {
            return Err(PuzzleError::OutOfRange {
                what: "n",
                min: 1,
                max: MAX_QUEENS,
                got: n,
            });
        }
        let mut b = ProblemBuilder::new();
        for k in organ_pipe(n) {
            b.primary(format!("r{}", coordinate(k)))?;
            b.primary(format!("c{}", coordinate(k)))?;
        }
        for d in 1..(2 * n).saturating_sub(2) {
            b.secondary(format!("a{}", coordinate(d)))?;
            b.secondary(format!("b{}", coordinate(d)))?;
        }
        let last = 2 * n - 2;
        for r in 0..n {
            for c in 0..n {
                let mut option = vec![format!("r{}", coordinate(r)), format!("c{}", coordinate(c))];
                let (a, d) = (r + c, c + n - 1 - r);
                if a != 0 && a != last {
                    option.push(format!("a{}", coordinate(a)));
                }
                if d != 0 && d != last {
                    option.push(format!("b{}", coordinate(d)));
                }
                b.option(&option)?;
            }
        }
        Ok(Queens {
            n,
            problem: b.build()?,
        })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The exact-cover problem.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The column of the queen in each row.
    pub fn columns(&self, solution: &[OptionId]) -> Vec<usize> {
        let mut columns = vec![0; self.n];
        for &o in solution {
            let (r, c) = (o.as_usize() / self.n, o.as_usize() % self.n);
            columns[r] = c;
        }
        columns
    }

    /// The board as text: `Q` for a queen, `.` for an empty square.
    pub fn render(&self, solution: &[OptionId]) -> String {
        let mut s = String::new();
        for c in self.columns(solution) {
            for k in 0..self.n {
                s.push(if k == c { 'Q' } else { '.' });
            }
            s.push('\n');
        }
        s
    }
}

/// `n/2, n/2 - 1, n/2 + 1, n/2 - 2, ...`: the middle first.
fn organ_pipe(n: usize) -> impl Iterator<Item = usize> {
    let mid = n / 2;
    (0..n).map(move |k| {
        if k % 2 == 0 {
            mid + k / 2
        } else {
            mid - k / 2 - 1
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_for_one_to_ten() {
        let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (n, &want) in (1..).zip(&expected) {
            assert_eq!(
                Queens::new(n).unwrap().problem().solver().count(),
                want,
                "n = {n}"
            );
        }
    }

    #[test]
    fn organ_pipe_order_matches_knuth() {
        assert_eq!(organ_pipe(8).collect::<Vec<_>>(), [4, 3, 5, 2, 6, 1, 7, 0]);
        assert_eq!(organ_pipe(5).collect::<Vec<_>>(), [2, 1, 3, 0, 4]);
    }

    #[test]
    fn zero_is_rejected() {
        assert!(matches!(
            Queens::new(0),
            Err(PuzzleError::OutOfRange { got: 0, .. })
        ));
    }

    #[test]
    fn boards_are_legal() {
        let q = Queens::new(6).unwrap();
        let mut solver = q.problem().solver();
        for s in solver.solutions() {
            let cols = q.columns(&s);
            for i in 0..6 {
                for j in i + 1..6 {
                    assert_ne!(cols[i], cols[j]);
                    assert_ne!(cols[i].abs_diff(cols[j]), j - i);
                }
            }
        }
    }
}
