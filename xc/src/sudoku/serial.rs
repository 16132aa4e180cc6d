//! The batch loop on one thread (`--threads 1`, or a machine with one
//! core), for `solve` and `count`: each puzzle is read, solved, checked
//! and written before the next is read. No pool, no chunk, no second
//! thread to read ahead, and no copy of a puzzle or of its result: the
//! reader lends its puzzle ([`PuzzleReader::lend_next`]), a [`Lane`] keeps
//! one solver per size, and the text goes into one output buffer, written
//! out 64 KiB at a time. What it writes, on stdout and stderr, and the
//! summary it keeps, are the pipeline's (`batch.rs`) for the same input.
//!
//! [`Lane`]: exactcover::sudoku::batch::Lane

use super::batch::{Run, Summary};
use super::report::{self, Record};
use crate::exit::Failure;
use exactcover::sudoku::PuzzleReader;
use std::io::{BufRead, Write};

/// The output buffered before a write: as the pipeline's writer.
const BUFFER: usize = 1 << 16;

impl Run<'_> {
    /// Solves (or counts) the puzzles of one input on this thread, in
    /// order (see the module docs).
    pub(super) fn serial<R: BufRead>(
        &self,
        reader: &mut PuzzleReader<R>,
        name: &str,
        summary: &mut Summary,
        out: &mut dyn Write,
        progress: &dyn Fn(u64),
    ) -> Result<(), Failure> {
        let mut lane = self.batch.lane();
        let mut first = Vec::new();
        let mut text = Vec::with_capacity(2 * BUFFER);
        loop {
            let puzzle = match reader.lend_next() {
                None => break,
                Some(Ok(p)) => p,
                Some(Err(e)) => {
                    self.bad_input(e, name, summary);
                    continue;
                }
            };
            if let Some(why) = self.shape.misfit(&puzzle.grid) {
                summary.error(format!("{name}:{}:1: {why}", puzzle.line));
                continue;
            }
            first.resize(puzzle.grid.cells().len(), 0);
            let outcome = lane.examine(&puzzle.grid, &mut first);
            let (kind, nodes) = self.classify(&outcome, &first);
            summary.puzzles += 1;
            summary.nodes += nodes.map_or(0, |n| n.0);
            if let Some(e) = self.shown_wrong(puzzle, &kind) {
                out.write_all(&text)?;
                return Err(Failure::wrong_answer(format!("{name}:{}: {e}", puzzle.line)));
            }
            self.tally(&kind, name, puzzle, summary);
            let record = Record {
                file: name,
                line: puzzle.line,
                puzzle: &puzzle.grid,
                nodes: nodes.filter(|_| self.search.stats),
                kind,
            };
            report::write(&mut text, self.args.format, &record)?;
            if text.len() >= BUFFER {
                out.write_all(&text)?;
                text.clear();
                progress(reader.bytes_read());
            }
        }
        out.write_all(&text)?;
        progress(reader.bytes_read());
        Ok(())
    }
}
