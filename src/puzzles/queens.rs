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
//! **k per line.** [`Queens::per_line`] puts `k` queens in every row and
//! column and at most `k` on every diagonal (Knuth's `queens2d` for k =
//! 2), which needs multiplicities (Algorithm M): rows and columns are
//! primary items `k|r…`, and diagonals long enough to hold more than `k`
//! queens are primary items `0:k|a…`.
//!
//! ```
//! use exactcover::puzzles::queens::Queens;
//!
//! let q = Queens::new(8)?;
//! assert_eq!(q.problem().solver().count(), 92);
//! // Two queens in every row and column, at most two on each diagonal:
//! assert_eq!(Queens::per_line(6, 2)?.problem().solver().count(), 1097);
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

/// The most queens per line [`Queens::per_line`] accepts.
pub const MAX_PER_LINE: usize = 100;

impl Queens {
    /// The problem for an `n`×`n` board, 1 ≤ n ≤ [`MAX_QUEENS`].
    pub fn new(n: usize) -> Result<Queens, PuzzleError> {
        if !(1..=MAX_QUEENS).contains(&n) {
            return Err(PuzzleError::OutOfRange { what: "n", min: 1, max: MAX_QUEENS, got: n });
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
        Ok(Queens { n, problem: b.build()? })
    }

    /// `k` queens in every row and column of an `n`×`n` board, at most `k`
    /// on every diagonal (1 ≤ k ≤ n). For k = 1 this is [`Queens::new`].
    /// Options are the squares, row by row, so option `r·n + c` is square
    /// `(r, c)`.
    pub fn per_line(n: usize, k: usize) -> Result<Queens, PuzzleError> {
        if !(1..=MAX_QUEENS).contains(&n) {
            return Err(PuzzleError::OutOfRange { what: "n", min: 1, max: MAX_QUEENS, got: n });
        }
        if !(1..=n.min(MAX_PER_LINE)).contains(&k) {
            return Err(PuzzleError::OutOfRange { what: "queens per line", min: 1, max: n.min(MAX_PER_LINE), got: k });
        }
        if k == 1 {
            return Queens::new(n);
        }
        let bound = k as u32;
        let mut b = ProblemBuilder::new();
        for line in organ_pipe(n) {
            b.primary_with_bounds(format!("r{}", coordinate(line)), bound, bound)?;
            b.primary_with_bounds(format!("c{}", coordinate(line)), bound, bound)?;
        }
        // A diagonal of `d` squares matters only if d > k.
        let length = |d: usize| d.min(2 * n - 2 - d) + 1;
        let long: Vec<usize> = (0..2 * n - 1).filter(|&d| length(d) > k).collect();
        for &d in &long {
            b.primary_with_bounds(format!("a{}", coordinate(d)), 0, bound)?;
            b.primary_with_bounds(format!("b{}", coordinate(d)), 0, bound)?;
        }
        for r in 0..n {
            for c in 0..n {
                let mut option = vec![format!("r{}", coordinate(r)), format!("c{}", coordinate(c))];
                let (a, d) = (r + c, c + n - 1 - r);
                if length(a) > k {
                    option.push(format!("a{}", coordinate(a)));
                }
                if length(d) > k {
                    option.push(format!("b{}", coordinate(d)));
                }
                b.option(&option)?;
            }
        }
        Ok(Queens { n, problem: b.build()? })
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
        let n = self.n;
        let mut board = vec![b'.'; n * n];
        for &o in solution {
            board[o.as_usize()] = b'Q';
        }
        let mut s = String::new();
        for row in board.chunks(n) {
            s.extend(row.iter().map(|&b| b as char));
            s.push('\n');
        }
        s
    }
}

/// `n/2, n/2 - 1, n/2 + 1, n/2 - 2, ...`: the middle first.
fn organ_pipe(n: usize) -> impl Iterator<Item = usize> {
    let mid = n / 2;
    (0..n).map(move |k| if k % 2 == 0 { mid + k / 2 } else { mid - k / 2 - 1 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_for_one_to_ten() {
        let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (n, &want) in (1..).zip(&expected) {
            assert_eq!(Queens::new(n).unwrap().problem().solver().count(), want, "n = {n}");
        }
    }

    #[test]
    fn organ_pipe_order_matches_knuth() {
        assert_eq!(organ_pipe(8).collect::<Vec<_>>(), [4, 3, 5, 2, 6, 1, 7, 0]);
        assert_eq!(organ_pipe(5).collect::<Vec<_>>(), [2, 1, 3, 0, 4]);
    }

    /// k per line against a brute force over every set of squares with k
    /// in each row.
    #[test]
    fn k_per_line_agrees_with_brute_force() {
        fn brute(n: usize, k: usize) -> u64 {
            let rows: Vec<u32> = (0u32..1 << n).filter(|m| m.count_ones() as usize == k).collect();
            let mut count = 0;
            let mut pick = vec![0; n];
            loop {
                let mut queens = Vec::new();
                for (r, &p) in pick.iter().enumerate() {
                    queens.extend((0..n).filter(|c| rows[p] >> c & 1 == 1).map(|c| (r, c)));
                }
                let per = |f: &dyn Fn(usize, usize) -> usize, size: usize| {
                    let mut lines = vec![0; size];
                    queens.iter().for_each(|&(r, c)| lines[f(r, c)] += 1);
                    lines
                };
                let cols = per(&|_, c| c, n);
                let diag = per(&|r, c| r + c, 2 * n);
                let anti = per(&|r, c| c + n - r, 2 * n);
                if cols.iter().all(|&x| x == k) && diag.iter().chain(&anti).all(|&x| x <= k) {
                    count += 1;
                }
                let mut r = 0;
                while r < n && pick[r] + 1 == rows.len() {
                    pick[r] = 0;
                    r += 1;
                }
                if r == n {
                    return count;
                }
                pick[r] += 1;
            }
        }
        for (n, k) in [(4, 2), (5, 2), (6, 2), (5, 3), (6, 3), (4, 4)] {
            let q = Queens::per_line(n, k).unwrap();
            assert_eq!(q.problem().solver().count(), brute(n, k), "n = {n}, k = {k}");
        }
        assert_eq!(Queens::per_line(8, 1).unwrap().problem().solver().count(), 92);
        assert!(Queens::per_line(3, 4).is_err());
        let q = Queens::per_line(4, 2).unwrap();
        let s = q.problem().solver().first().unwrap();
        assert!(q.render(&s).lines().all(|l| l.matches('Q').count() == 2));
    }

    #[test]
    fn zero_is_rejected() {
        assert!(matches!(Queens::new(0), Err(PuzzleError::OutOfRange { got: 0, .. })));
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
