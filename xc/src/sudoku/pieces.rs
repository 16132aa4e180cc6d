//! A chunk of `xc sudoku solve|count` on several threads, cut into
//! pieces: each piece is solved, checked, counted and written by the
//! one-thread loop's code (`Run::solve_one`) on a worker, with the
//! worker's own [`Lane`], into the piece's own text and counts; its lines
//! for stderr are held, and the writer joins the pieces in input order.
//! So several threads do the work of one plus a copy of the text, and
//! write exactly what one thread writes.
//!
//! Invariant: a piece's text holds the output of its puzzles before the
//! first wrong answer, if one came (it then holds nothing of that one).

use super::batch::{Run, Summary};
use crate::exit::Failure;
use exactcover::sudoku::batch::{Batch, Lane};
use exactcover::sudoku::{Grid, Puzzle};
use rayon::prelude::*;
use std::io::Write;
use std::sync::{Mutex, TryLockError};

/// Puzzles of a chunk solved as one piece, on one worker, at most; fewer
/// (down to [`LEAST`]) when that gives each thread four pieces a chunk,
/// so that many threads don't wait on a few long pieces at its end.
const PIECE: usize = 64;
const LEAST: usize = 8;

/// A piece of a chunk, solved on a worker by the one-thread loop's code:
/// its output, its counts with its lines for stderr held, and the wrong
/// answer that ended it, if one did (its text stops before that puzzle).
pub(super) struct Piece {
    text: Vec<u8>,
    summary: Summary,
    wrong: Option<Failure>,
}

/// A lane and a grid for its first solution for each thread of the pool,
/// kept from chunk to chunk.
pub(super) struct Lanes<'a> {
    batch: &'a Batch,
    lanes: Vec<Mutex<(Lane<'a>, Grid)>>,
}

impl<'a> Lanes<'a> {
    pub(super) fn new(batch: &'a Batch, threads: usize) -> Lanes<'a> {
        let mut lanes = Lanes { batch, lanes: Vec::new() };
        lanes.lanes = (0..threads).map(|_| Mutex::new(lanes.fresh())).collect();
        lanes
    }

    /// Runs `f` with this thread's lane; a thread outside the pool, or
    /// one whose lane is busy (never, as `f` starts no parallel work that
    /// could come back to it), takes a fresh one.
    fn with<R>(&self, f: impl FnOnce(&mut (Lane<'a>, Grid)) -> R) -> R {
        let own = rayon::current_thread_index().and_then(|i| self.lanes.get(i)).and_then(|m| match m.try_lock() {
            Ok(guard) => Some(guard),
            Err(TryLockError::Poisoned(p)) => Some(p.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        });
        match own {
            Some(mut guard) => f(&mut guard),
            None => f(&mut self.fresh()),
        }
    }

    fn fresh(&self) -> (Lane<'a>, Grid) {
        (self.batch.lane(), Grid::empty(3).expect("a box size"))
    }
}

impl Piece {
    /// Writes the pieces' text in order and adds up their counts, up to
    /// the first wrong answer, which it returns.
    pub(super) fn write_all(pieces: Vec<Piece>, summary: &mut Summary, out: &mut dyn Write) -> Result<(), Failure> {
        for piece in pieces {
            out.write_all(&piece.text)?;
            summary.absorb(piece.summary);
            if let Some(e) = piece.wrong {
                return Err(e);
            }
        }
        Ok(())
    }
}

impl Run<'_> {
    /// Solves a chunk in pieces on the current pool.
    pub(super) fn pieces(&self, chunk: &[Puzzle], name: &str, lanes: &Lanes) -> Vec<Piece> {
        let size = (chunk.len() / (4 * lanes.lanes.len().max(1))).clamp(LEAST, PIECE);
        chunk.par_chunks(size).map(|p| lanes.with(|l| self.piece(p, name, l))).collect()
    }

    /// Solves a piece of a chunk as the one-thread loop would, up to its
    /// end or its first wrong answer.
    fn piece(&self, puzzles: &[Puzzle], name: &str, (lane, first): &mut (Lane, Grid)) -> Piece {
        let mut piece = Piece { text: Vec::with_capacity(puzzles.len() * 84), summary: Summary::held(), wrong: None };
        for puzzle in puzzles {
            if let Err(e) = self.solve_one(puzzle, lane, first, name, &mut piece.summary, &mut piece.text) {
                piece.wrong = Some(e);
                break;
            }
        }
        piece
    }
}
