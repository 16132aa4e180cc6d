//! `xc sudoku solve --all` and `--limit N`: each puzzle's solutions are
//! checked and written as the search finds them, one puzzle at a time, so
//! memory stays bounded however many solutions there are, and `| head`
//! gets its first line at once. (A chunk of puzzles solved in parallel
//! would have to hold every solution of the chunk until it is written.)

use super::batch::{Run, Summary};
use super::report::{self, Kind, Record};
use crate::exit::Failure;
use exactcover::cover::StopReason;
use exactcover::sudoku::{Grid, PuzzleReader, SudokuSolver};
use std::collections::HashMap;
use std::io::{BufRead, BufWriter, Write};
use std::ops::ControlFlow;

impl Run<'_> {
    /// Writes up to `max` solutions of every puzzle of `reader`, then a
    /// line with their number (and `+` when there are more).
    pub(super) fn stream<R: BufRead>(
        &self,
        reader: &mut PuzzleReader<R>,
        name: &str,
        max: u64,
        summary: &mut Summary,
        out: &mut dyn Write,
    ) -> Result<(), Failure> {
        let format = self.args.format;
        let mut out = BufWriter::with_capacity(1 << 16, out);
        let mut solvers: HashMap<usize, SudokuSolver> = HashMap::new();
        while let Some(puzzle) = self.next_puzzle(reader, name, summary) {
            let solver = solvers
                .entry(puzzle.grid.box_size())
                .or_insert_with(|| SudokuSolver::with_layout(self.shape.layout(&puzzle.grid).clone()));
            solver.set_limits(self.search.limits());
            let record = |kind, nodes| Record { file: name, line: puzzle.line, puzzle: &puzzle.grid, kind, nodes };
            let heading = record(Kind::Enumerated { count: 0, stop: None }, None);
            let (mut count, mut failure) = (0, None);
            // One solution more than asked for tells whether there are more.
            let found = solver.for_each_solution(&puzzle.grid, max.saturating_add(1), |cells| {
                count += 1;
                if count > max {
                    return ControlFlow::Break(());
                }
                let grid = Grid::from_slice(cells).expect("a solution has the puzzle's size");
                let written = match self.wrong(&puzzle, &grid) {
                    Some(e) => Err(Failure::wrong_answer(format!("{name}:{}: {e}", puzzle.line))),
                    None if count == 1 => report::enumeration_heading(&mut out, format, &heading)
                        .and_then(|()| report::enumerated_solution(&mut out, format, &heading, count, &grid))
                        .map_err(Failure::from),
                    None => {
                        report::enumerated_solution(&mut out, format, &heading, count, &grid).map_err(Failure::from)
                    }
                };
                // `for_each_solution` takes a visitor without a value, so
                // the failure waits here until the search has returned.
                match written {
                    Ok(()) => ControlFlow::Continue(()),
                    Err(f) => {
                        failure = Some(f);
                        ControlFlow::Break(())
                    }
                }
            });
            if let Some(f) = failure {
                return Err(f);
            }
            let (kind, nodes) = match found {
                Ok(e) => match e.conflict {
                    Some(c) => (Kind::NoSolution(Some(c.to_string())), Some((0, 0))),
                    None => {
                        let stop = if count > max { Some(StopReason::Solutions) } else { e.status.stop_reason() };
                        if count == 0 {
                            report::enumeration_heading(&mut out, format, &heading)?;
                        }
                        (Kind::Enumerated { count: count.min(max), stop }, Some((e.nodes, e.guesses)))
                    }
                },
                // Never: a grid that doesn't fit is reported when read.
                Err(e) => (Kind::NoSolution(Some(e.to_string())), None),
            };
            summary.puzzles += 1;
            summary.nodes += nodes.map_or(0, |n| n.0);
            self.tally(&kind, name, &puzzle, summary);
            report::write(&mut out, format, &record(kind, nodes.filter(|_| self.search.stats)))?;
        }
        out.flush()?;
        Ok(())
    }
}
