//! The batch loop on one thread (`--threads 1`, or a machine with one
//! core), for `solve` and `count`: each puzzle is read, solved, checked
//! and written before the next is read. No pool, no chunk, no second
//! thread to read ahead, and no copy of a puzzle or of its commonest
//! results (one solution, or several, on a line of its own): the
//! reader lends its puzzle ([`PuzzleReader::lend_next`]), a [`Lane`] keeps
//! one solver per size, and the text goes into one output buffer, written
//! out 64 KiB at a time. What it writes on stdout, the summary and the
//! exit code are the pipeline's (`batch.rs`) for the same input, and so
//! are the lines on stderr, here in line order (the pipeline names a
//! chunk's bad lines as it reads it, before what solving it finds).
//!
//! [`Lane`]: exactcover::sudoku::batch::Lane

use super::batch::{Run, Summary};
use super::report::{self, Record};
use super::{GridFormat, Mode};
use crate::exit::Failure;
use exactcover::cover::Status;
use exactcover::sudoku::batch::Lane;
use exactcover::sudoku::{Examined, Grid, Puzzle, PuzzleReader, SudokuError};
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
        let mut first = Grid::empty(3).expect("a box size");
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
            if let Err(e) = self.solve_one(puzzle, &mut lane, &mut first, name, summary, &mut text) {
                out.write_all(&text)?;
                return Err(e);
            }
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

    /// Solves (or counts) one puzzle with `lane`, then checks, counts and
    /// writes its result into `text`, `first` holding its first solution.
    /// A wrong answer is an error, with nothing of it in `text`.
    pub(super) fn solve_one(
        &self,
        puzzle: &Puzzle,
        lane: &mut Lane,
        first: &mut Grid,
        name: &str,
        summary: &mut Summary,
        text: &mut Vec<u8>,
    ) -> Result<(), Failure> {
        let outcome = lane.examine(&puzzle.grid, first);
        let Some((e, several)) = outcome.as_ref().ok().and_then(|e| Some((e, self.plain_solved(puzzle, e)?))) else {
            return self.general(puzzle, &outcome, first, name, summary, text);
        };
        // The commonest results: checked, counted and written as
        // `general` would, without a `Kind` made for them.
        summary.puzzles += 1;
        summary.nodes += e.nodes;
        if let Some(e) = self.wrong(puzzle, first) {
            return Err(Failure::wrong_answer(format!("{name}:{}: {e}", puzzle.line)));
        }
        if several {
            summary.several += 1;
        } else {
            summary.unique += 1;
        }
        report::solution_line(text, first, several);
        Ok(())
    }

    /// Whether a result is one of the commonest, and which: one solution
    /// (`false`), found by a search that ended, or several (`true`), of a
    /// puzzle that gives no count or solution of its own to compare, shown
    /// on its line without statistics, by `solve` without `--unique`. The
    /// general path would check it, count it as unique or several, and
    /// write its line, with no note or `several solutions`, and nothing
    /// on stderr.
    fn plain_solved(&self, puzzle: &Puzzle, e: &Examined) -> Option<bool> {
        let plain = self.mode == (Mode::Solve { unique: false })
            && self.args.format == GridFormat::Line
            && !self.search.stats
            && puzzle.solution.is_none()
            && puzzle.count.is_none();
        match (e.solutions, e.status) {
            _ if !plain => None,
            (1, Status::Complete) => Some(false),
            (n, _) if n >= 2 => Some(true),
            _ => None,
        }
    }

    /// Classifies, checks, counts and writes any other result into `text`.
    fn general(
        &self,
        puzzle: &Puzzle,
        outcome: &Result<Examined, SudokuError>,
        first: &Grid,
        name: &str,
        summary: &mut Summary,
        text: &mut Vec<u8>,
    ) -> Result<(), Failure> {
        let (kind, nodes) = self.classify(outcome, || first.clone());
        summary.puzzles += 1;
        summary.nodes += nodes.map_or(0, |n| n.0);
        if let Some(e) = self.shown_wrong(puzzle, &kind) {
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
        report::write(text, self.args.format, &record)?;
        Ok(())
    }
}
