//! Problems given as a boolean incidence matrix: one row per option, one
//! column per item.

use super::builder::ProblemBuilder;
use super::error::BuildError;
use super::ids::ItemId;
use super::problem::Problem;
use bitvec::vec::BitVec;

impl Problem {
    /// A problem from boolean rows. Columns become items named by their
    /// index ("0", "1", ...); the columns listed in `secondary` are
    /// secondary, the others primary. All rows must have the same length.
    ///
    /// ```
    /// use exactcover::cover::Problem;
    ///
    /// let rows = vec![
    ///     vec![true, false, true],
    ///     vec![false, true, false],
    ///     vec![true, true, false],
    /// ];
    /// let p = Problem::from_bool_rows(&rows, &[2])?;
    /// assert_eq!(p.solver().count(), 2);
    /// # Ok::<(), exactcover::cover::BuildError>(())
    /// ```
    pub fn from_bool_rows(rows: &[Vec<bool>], secondary: &[usize]) -> Result<Problem, BuildError> {
        let columns = rows.first().map_or(0, Vec::len);
        build(rows.len(), columns, secondary, |r| {
            let row = &rows[r];
            (row.len(), row.iter().enumerate().filter(|(_, b)| **b).map(|(c, _)| c).collect())
        })
    }

    /// A problem from `bitvec` rows; see [`Problem::from_bool_rows`].
    pub fn from_bit_rows(rows: &[BitVec], secondary: &[usize]) -> Result<Problem, BuildError> {
        let columns = rows.first().map_or(0, BitVec::len);
        build(rows.len(), columns, secondary, |r| (rows[r].len(), rows[r].iter_ones().collect()))
    }
}

fn build(
    n_rows: usize,
    columns: usize,
    secondary: &[usize],
    row: impl Fn(usize) -> (usize, Vec<usize>),
) -> Result<Problem, BuildError> {
    let mut is_secondary = vec![false; columns];
    for &c in secondary {
        *is_secondary.get_mut(c).ok_or(BuildError::NoSuchColumn { column: c, columns })? = true;
    }
    let mut b = ProblemBuilder::new();
    for (c, &s) in is_secondary.iter().enumerate() {
        if s {
            b.secondary(c.to_string())?;
        } else {
            b.primary(c.to_string())?;
        }
    }
    let mut ids = Vec::new();
    for r in 0..n_rows {
        let (len, ones) = row(r);
        if len != columns {
            return Err(BuildError::RaggedMatrix { row: r, len, expected: columns });
        }
        ids.clear();
        ids.extend(ones.into_iter().map(|c| ItemId::from_u32(c as u32)));
        b.option_ids(&ids)?;
    }
    b.build()
}
