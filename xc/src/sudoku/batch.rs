//! The streaming batch loop of `xc sudoku`: read a chunk of puzzles,
//! solve it on every core, write the results in input order, repeat.
//! Solving and counting cut a chunk into pieces, each solved, checked and
//! written on a worker by the one-thread loop's code (`serial.rs`) into
//! its own text and counts, its lines for stderr held for the writer. Bad
//! lines are reported on stderr as `file:line:column: ...` and the batch
//! goes on; memory stays bounded by the chunk size. Enumerating solutions
//! (`--all`, `--limit`) streams each puzzle's solutions as they are found
//! instead (see `enumerate.rs`).

use super::pieces::{Lanes, Piece};
use super::report::{self, Kind, Record, Unrated};
use super::shape::Shape;
use super::sources::Source;
use super::{InputArgs, Mode, SearchFlags};
use crate::exit::{self, Failure, worst};
use crate::printer::counted;
use crate::{interrupt, progress};
use exactcover::cover::{Limits, StopReason};
use exactcover::sudoku::batch::Batch;
use exactcover::sudoku::logic::{LogicError, LogicSolver};
use exactcover::sudoku::{
    Examined, Grid, Puzzle, PuzzleReader, SudokuError, SudokuSolver, check_classic_solution, check_solution, conflicts,
};
use exactcover::text::Escaped;
use rayon::prelude::*;
use smallvec::SmallVec;
use std::io::{BufReader, Write};
use std::time::Instant;

/// Puzzles solved together; bounds the memory used.
const CHUNK: usize = 4096;

/// The bytes of a puzzle's output text kept inline.
const TEXT: usize = 128;

#[derive(Debug, Default)]
pub(super) struct Summary {
    pub(super) puzzles: u64,
    pub(super) unique: u64,
    pub(super) several: u64,
    none: u64,
    stopped: u64,
    /// Counts stopped by the solution limit (`--limit`), not another one.
    at_limit: u64,
    errors: u64,
    pub(super) nodes: u64,
    code: u8,
    /// Puzzles rated at each level (easy to needs guessing).
    levels: [u64; 5],
    /// Puzzles not rated for want of exactly one solution.
    improper: u64,
    /// The lines for stderr of a piece solved on a worker, held for the
    /// writer to print in input order; `None` prints them at once.
    held: Option<Vec<String>>,
}

impl Summary {
    /// The summary of a piece of a chunk: its lines for stderr are held
    /// until [`Summary::absorb`] takes it in.
    pub(super) fn held() -> Summary {
        Summary { held: Some(Vec::new()), ..Summary::default() }
    }

    /// Prints a line on stderr, or holds it.
    fn say(&mut self, line: String) {
        match &mut self.held {
            Some(lines) => lines.push(line),
            None => eprintln!("{line}"),
        }
    }

    pub(super) fn error(&mut self, message: String) {
        self.say(message);
        self.errors += 1;
        self.code = worst(self.code, exit::BAD_INPUT);
    }

    /// Adds a piece's counts to these, and prints (or holds) its lines.
    pub(super) fn absorb(&mut self, piece: Summary) {
        self.puzzles += piece.puzzles;
        self.unique += piece.unique;
        self.several += piece.several;
        self.none += piece.none;
        self.stopped += piece.stopped;
        self.at_limit += piece.at_limit;
        self.errors += piece.errors;
        self.improper += piece.improper;
        self.nodes += piece.nodes;
        self.code = worst(self.code, piece.code);
        for (level, n) in self.levels.iter_mut().zip(piece.levels) {
            *level += n;
        }
        for line in piece.held.into_iter().flatten() {
            self.say(line);
        }
    }
}

/// What was found for one puzzle, with its nodes and guesses when known.
pub(super) type Found = (Kind, Option<(u64, u64)>);

/// One puzzle's result, checked and rendered on a worker thread, so the
/// writing thread only counts and copies bytes.
struct Done {
    kind: Kind,
    nodes: Option<(u64, u64)>,
    /// The output text: inline up to [`TEXT`] bytes (a 9×9 solution's line
    /// and its note), so rendering allocates nothing.
    text: SmallVec<[u8; TEXT]>,
    /// Why a shown grid failed the independent check, if one did.
    wrong: Option<String>,
}

/// A chunk's results, as the workers left them.
enum Solved {
    /// One record a puzzle (checking, rating, writing DLX).
    Records(Vec<Done>),
    /// Solving and counting: the chunk's pieces in order, each with its
    /// text written and its puzzles counted.
    Pieces(Vec<Piece>),
}

/// Everything the loop needs to know about the run.
pub(super) struct Run<'a> {
    pub(super) args: &'a InputArgs,
    /// The limits and statistics asked for (none for `check`, `rate`).
    pub(super) search: &'a SearchFlags,
    pub(super) mode: Mode,
    /// The houses of the puzzles.
    pub(super) shape: Shape,
    pub(super) batch: Batch,
}

/// Runs `xc sudoku solve|count|check` over the inputs.
pub fn run(args: &InputArgs, search: &SearchFlags, mode: Mode, out: &mut dyn Write) -> Result<u8, Failure> {
    let shape = args.variant.shape()?;
    let max = match mode {
        Mode::Solve { .. } => 2,
        Mode::Count(n) | Mode::Enumerate(n) => n,
        Mode::Check | Mode::EmitDlx | Mode::Rate => 1,
    };
    let batch = shape.batch(max, search.limits());
    // Solving or counting on one thread asked for starts no pool.
    let serial = matches!(mode, Mode::Solve { .. } | Mode::Count(_));
    let pool = match args.threads {
        Some(1) if serial => None,
        threads => match pool(threads) {
            Ok(pool) => Some(pool),
            // With no thread to spare, solving and counting go on here.
            Err(_) if serial => None,
            Err(e) => return Err(e),
        },
    };
    let run = Run { args, search, mode, shape, batch };
    // The pool that solves, if one does: solving or counting on one
    // thread goes through the loop of `serial.rs` instead.
    let on_pool = pool.as_ref().filter(|p| !serial || p.current_num_threads() > 1);
    let sources = Source::all(&args.files);
    let total: u64 = sources.iter().filter_map(Source::file_len).sum();
    // No bar at all when none is shown: even a hidden one takes longer to
    // make than a small input takes to solve.
    let bar = (progress::shown() && total >= 1 << 20).then(|| progress::bar(total, 1 << 20, "bytes"));
    let mut summary = Summary::default();
    let start = Instant::now();
    report::header(out, args.format, mode)?;
    let mut done_bytes = 0;
    // Inputs that could be opened: with none, there is no summary to give.
    let mut opened = 0;
    for source in &sources {
        let name = Escaped(&source.name()).to_string();
        let source = match source.open() {
            Ok(s) => s,
            Err(why) => {
                summary.error(format!("error: {why}"));
                continue;
            }
        };
        opened += 1;
        let mut reader = PuzzleReader::new(BufReader::with_capacity(1 << 16, source), args.input_format())
            .with_cancel(interrupt::flag());
        let seen_before = summary.puzzles + summary.errors;
        let progress = |bytes| {
            if let Some(bar) = &bar {
                bar.set_position(done_bytes + bytes);
            }
        };
        match mode {
            Mode::Enumerate(max) => run.stream(&mut reader, &name, max, &mut summary, out)?,
            _ => match on_pool {
                Some(pool) => run.pipeline(pool, &mut reader, &name, &mut summary, out, &progress)?,
                None => run.serial(&mut reader, &name, &mut summary, out, &progress)?,
            },
        }
        done_bytes += reader.bytes_read();
        if interrupt::raised() {
            break;
        }
        if summary.puzzles + summary.errors == seen_before {
            summary.error(format!("{name}: no puzzles found"));
        }
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    if interrupt::raised() {
        summary.code = exit::INTERRUPTED;
    }
    if !args.quiet && opened > 0 {
        print_summary(&summary, mode, start.elapsed().as_secs_f64());
    }
    Ok(summary.code)
}

/// A pool of `threads` workers (by default, or given 0, one per core).
pub(super) fn pool(threads: Option<u64>) -> Result<rayon::ThreadPool, Failure> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        pool = pool.num_threads(n as usize);
    }
    pool.build().map_err(|e| Failure::input(format!("can't start threads: {e}")))
}

impl Run<'_> {
    /// The next puzzle of a reader, with bad lines (and grids that don't
    /// fit the houses asked for) reported on the way.
    pub(super) fn next_puzzle<R: std::io::BufRead>(
        &self,
        reader: &mut PuzzleReader<R>,
        name: &str,
        summary: &mut Summary,
    ) -> Option<Puzzle> {
        loop {
            match reader.next()? {
                Ok(p) => match self.shape.misfit(&p.grid) {
                    None => return Some(p),
                    Some(why) => summary.error(format!("{name}:{}:1: {why}", p.line)),
                },
                Err(e) => self.bad_input(e, name, summary),
            }
        }
    }

    /// Reports a line that is no puzzle, naming its place.
    pub(super) fn bad_input(&self, e: SudokuError, name: &str, summary: &mut Summary) {
        summary.error(super::sources::located(name, &e));
    }

    fn read_chunk<R: std::io::BufRead>(
        &self,
        reader: &mut PuzzleReader<R>,
        name: &str,
        summary: &mut Summary,
    ) -> Vec<Puzzle> {
        let mut chunk = Vec::with_capacity(CHUNK);
        while chunk.len() < CHUNK {
            match self.next_puzzle(reader, name, summary) {
                None => break,
                Some(p) => chunk.push(p),
            }
        }
        chunk
    }

    /// Solves (checks, rates, ...) the puzzles of one input as a pipeline:
    /// while the pool solves one chunk, this thread writes the chunk before
    /// it and reads the one after.
    fn pipeline<R: std::io::BufRead>(
        &self,
        pool: &rayon::ThreadPool,
        reader: &mut PuzzleReader<R>,
        name: &str,
        summary: &mut Summary,
        out: &mut dyn Write,
        progress: &dyn Fn(u64),
    ) -> Result<(), Failure> {
        let lanes = Lanes::new(&self.batch, pool.current_num_threads());
        let mut current = self.read_chunk(reader, name, summary);
        let mut solved: Option<(Vec<Puzzle>, Solved)> = None;
        while !current.is_empty() {
            let (kinds, next, written) = std::thread::scope(|scope| {
                let solve = || pool.install(|| self.process(&current, name, &lanes));
                // With no thread to spare, the chunk is solved here first.
                let solving = std::thread::Builder::new().spawn_scoped(scope, solve).map_err(|_| solve());
                let written = match solved.take() {
                    Some((chunk, kinds)) => self.write(&chunk, kinds, name, summary, out),
                    None => Ok(()),
                };
                let next = if interrupt::raised() { Vec::new() } else { self.read_chunk(reader, name, summary) };
                let kinds = match solving {
                    Ok(thread) => thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                    Err(kinds) => kinds,
                };
                (kinds, next, written)
            });
            written?;
            // Once interrupted, the chunk read meanwhile is left unsolved:
            // what was found is written and the run ends.
            let next = if interrupt::raised() { Vec::new() } else { next };
            solved = Some((std::mem::replace(&mut current, next), kinds));
            progress(reader.bytes_read());
        }
        if let Some((chunk, kinds)) = solved {
            self.write(&chunk, kinds, name, summary, out)?;
        }
        Ok(())
    }

    /// Solves (or checks, rates, ...) a chunk on the current thread pool
    /// and renders each result, all on the workers. Solving and counting
    /// take the chunk in pieces, each solved, checked, counted and written
    /// by the one-thread loop's code (`Run::solve_one`).
    fn process(&self, chunk: &[Puzzle], name: &str, lanes: &Lanes) -> Solved {
        let found = match self.mode {
            Mode::Check => chunk.iter().map(|p| (self.check(p), None)).collect(),
            Mode::EmitDlx => chunk.iter().map(|p| (self.emit_dlx(p), None)).collect(),
            Mode::Rate => self.rate(chunk),
            Mode::Solve { .. } | Mode::Count(_) | Mode::Enumerate(_) => {
                return Solved::Pieces(self.pieces(chunk, name, lanes));
            }
        };
        Solved::Records(chunk.par_iter().zip(found).map(|(puzzle, found)| self.render(puzzle, found, name)).collect())
    }

    /// Checks every grid shown against the rules and renders the result.
    fn render(&self, puzzle: &Puzzle, (kind, nodes): Found, name: &str) -> Done {
        let wrong = self.shown_wrong(puzzle, &kind);
        let record = Record {
            file: name,
            line: puzzle.line,
            puzzle: &puzzle.grid,
            nodes: nodes.filter(|_| self.search.stats),
            kind,
        };
        let mut text = SmallVec::new();
        // Writing to a Vec can't fail.
        let _ = report::write(&mut text, self.args.format, &record);
        Done { kind: record.kind, nodes, text, wrong }
    }

    /// Writes a chunk's results in input order.
    fn write(
        &self,
        chunk: &[Puzzle],
        solved: Solved,
        name: &str,
        summary: &mut Summary,
        out: &mut dyn Write,
    ) -> Result<(), Failure> {
        // One write call per 64 KiB rather than per line (stdout is line
        // buffered), flushed at the end of the chunk.
        let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
        let done = match solved {
            Solved::Records(done) => done,
            Solved::Pieces(pieces) => {
                // A wrong answer is the error to give, even if the flush
                // of what came before it fails too.
                let written = Piece::write_all(pieces, summary, &mut out);
                let flushed = out.flush();
                written?;
                return flushed.map_err(Into::into);
            }
        };
        for (puzzle, d) in chunk.iter().zip(done) {
            summary.puzzles += 1;
            summary.nodes += d.nodes.map_or(0, |n| n.0);
            if let Some(e) = d.wrong {
                return Err(Failure::wrong_answer(format!("{name}:{}: {e}", puzzle.line)));
            }
            self.tally(&d.kind, name, puzzle, summary);
            out.write_all(&d.text)?;
        }
        out.flush()?;
        Ok(())
    }

    /// Why the grid a result shows, if it shows one, is not a solution of
    /// `puzzle`, if it isn't.
    pub(super) fn shown_wrong(&self, puzzle: &Puzzle, kind: &Kind) -> Option<String> {
        match kind {
            Kind::Unique(g) | Kind::Several(g) => self.wrong(puzzle, g),
            _ => None,
        }
    }

    /// Why `shown` is not a solution of `puzzle`, if it isn't: the check of
    /// every grid shown, independent of the search.
    pub(super) fn wrong(&self, puzzle: &Puzzle, shown: &Grid) -> Option<String> {
        let checked = if self.shape.is_classic() {
            // No layout to build or look up for the classic houses.
            check_classic_solution(&puzzle.grid, shown)
        } else {
            check_solution(self.shape.layout(&puzzle.grid), &puzzle.grid, shown)
        };
        checked.err().map(|e| e.to_string())
    }

    fn check(&self, p: &Puzzle) -> Kind {
        Kind::Checked(conflicts(self.shape.layout(&p.grid), &p.grid).iter().map(ToString::to_string).collect())
    }

    /// Grades a chunk on the pool, with a logic solver per thread and box
    /// size. Once Ctrl-C is pressed, the puzzles not yet graded are marked
    /// as stopped, and a grade's search stops too.
    fn rate(&self, chunk: &[Puzzle]) -> Vec<(Kind, Option<(u64, u64)>)> {
        let limits = Limits::new().cancel_flag(interrupt::flag());
        let solver = |grid: &Grid| {
            // Classic grids keep the solver without a layout, which rates
            // every size and gives 9×9 grids their SE rating. The path is
            // the one `explain` shows: SE's techniques before any guess.
            let mut s = if self.shape.is_classic() {
                LogicSolver::new()
            } else {
                LogicSolver::with_layout(self.shape.layout(grid).clone())
            }
            .with_se_techniques();
            s.set_limits(limits.clone());
            s
        };
        chunk
            .par_iter()
            .map_init(
                || std::array::from_fn::<Option<LogicSolver>, 6, _>(|_| None),
                |solvers, p| {
                    if interrupt::raised() {
                        return (Kind::Stopped(StopReason::Cancelled), None);
                    }
                    let s = solvers[p.grid.box_size()].get_or_insert_with(|| solver(&p.grid));
                    match s.grade(&p.grid) {
                        Ok(grade) => (Kind::Rated(Ok(grade)), None),
                        Err(LogicError::Stopped(why)) => (Kind::Stopped(why), None),
                        Err(e) => (Kind::Rated(Err(Unrated::of(&e))), None),
                    }
                },
            )
            .collect()
    }

    fn emit_dlx(&self, p: &Puzzle) -> Kind {
        let solver = SudokuSolver::with_layout(self.shape.layout(&p.grid).clone());
        match solver.reduced_dlx(&p.grid) {
            Ok(text) => Kind::Dlx(text),
            Err(e) => Kind::NoSolution(Some(e.to_string())),
        }
    }

    /// What was found, as a [`Kind`]; `solution` makes the grid of the
    /// first solution, and is called only when there is one.
    pub(super) fn classify(&self, found: &Result<Examined, SudokuError>, solution: impl FnOnce() -> Grid) -> Found {
        let e = match found {
            Ok(e) => e,
            // Never: a grid that doesn't fit is reported as bad input when
            // read (`Run::next_puzzle`), and solved by no one.
            Err(e) => return (Kind::NoSolution(Some(e.to_string())), None),
        };
        let kind = match (&e.conflict, self.mode) {
            (None, Mode::Count(_)) => Kind::Counted { count: e.solutions, stop: e.status.stop_reason() },
            _ => e.verdict(solution).into(),
        };
        (kind, Some((e.nodes, e.guesses)))
    }

    /// Counts a result in the summary, checks it against the answers the
    /// input gives, and reports problems.
    pub(super) fn tally(&self, kind: &Kind, name: &str, puzzle: &Puzzle, s: &mut Summary) {
        let at = Location { file: name, line: puzzle.line };
        let unique = matches!(self.mode, Mode::Solve { unique: true });
        match kind {
            Kind::Unique(g) | Kind::Several(g) => {
                if matches!(kind, Kind::Unique(_)) {
                    s.unique += 1;
                    if puzzle.solution.as_ref().is_some_and(|want| want != g) {
                        let at = at.at(puzzle.given_at.1);
                        s.error(format!("{at}: the solution differs from the one given in the input"));
                    }
                } else {
                    s.several += 1;
                    if unique {
                        s.say(format!("{at}: several solutions"));
                        s.code = worst(s.code, exit::NO_SOLUTION);
                    }
                }
                let found = if matches!(kind, Kind::Unique(_)) { 1 } else { 2 };
                if puzzle.count.is_some_and(|c| c.min(2) != found) {
                    s.error(format!(
                        "{}: {found} solution(s) found but the input says {}",
                        at.at(puzzle.given_at.0),
                        puzzle.count.unwrap_or(0)
                    ));
                }
            }
            Kind::NoSolution(_) => {
                s.none += 1;
                s.code = worst(s.code, exit::NO_SOLUTION);
                if unique {
                    s.say(format!("{at}: no solution"));
                }
                if puzzle.count.is_some_and(|c| c != 0) {
                    let at = at.at(puzzle.given_at.0);
                    s.error(format!("{at}: no solution found but the input says {}", puzzle.count.unwrap_or(0)));
                }
            }
            Kind::Stopped(why) => {
                s.stopped += 1;
                s.code = worst(s.code, exit::for_stop(*why));
            }
            Kind::Counted { count, stop } | Kind::Enumerated { count, stop } => match stop {
                Some(r) => {
                    s.stopped += 1;
                    s.at_limit += u64::from(*r == StopReason::Solutions);
                    s.code = worst(s.code, exit::for_stop(*r));
                }
                None => {
                    match count {
                        0 => {
                            s.none += 1;
                            s.code = worst(s.code, exit::NO_SOLUTION);
                        }
                        1 => s.unique += 1,
                        _ => s.several += 1,
                    }
                    if puzzle.count.is_some_and(|c| c != *count) {
                        s.error(format!(
                            "{}: {count} solutions counted but the input says {}",
                            at.at(puzzle.given_at.0),
                            puzzle.count.unwrap_or(0)
                        ));
                    }
                }
            },
            Kind::Dlx(_) => {}
            Kind::Rated(Ok(g)) => s.levels[g.level() as usize] += 1,
            Kind::Rated(Err(e)) if e.improper() => {
                s.say(format!("{at}: can't rate: {}", e.why));
                s.improper += 1;
                s.code = worst(s.code, exit::NO_SOLUTION);
            }
            Kind::Rated(Err(e)) => s.error(format!("{at}: can't rate: {}", e.why)),
            Kind::Checked(conflicts) => {
                if !conflicts.is_empty() {
                    s.none += 1;
                    s.code = worst(s.code, exit::NO_SOLUTION);
                }
            }
        }
    }
}

/// `FILE:LINE`, formatted only when a message needs it.
struct Location<'a> {
    file: &'a str,
    line: usize,
}

impl Location<'_> {
    /// The place of what the input gives at `column` (0: none, the line).
    fn at(&self, column: usize) -> String {
        match column {
            0 => self.to_string(),
            column => format!("{self}:{column}"),
        }
    }
}

impl std::fmt::Display for Location<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

fn print_summary(s: &Summary, mode: Mode, seconds: f64) {
    let rate = if seconds > 0.0 { s.puzzles as f64 / seconds } else { 0.0 };
    // Slow runs (a rating with nested chains takes seconds) keep a digit.
    let rate = if rate < 10.0 { format!("{rate:.1}") } else { format!("{rate:.0}") };
    let (puzzles, errors) = (counted(s.puzzles, "puzzle"), counted(s.errors, "error"));
    let line = match mode {
        Mode::Rate => format!(
            "{puzzles}: {} easy, {} medium, {} hard, {} expert, {} need guessing, {} without one solution, {errors}; {seconds:.3} s, {rate} puzzles/s",
            s.levels[0], s.levels[1], s.levels[2], s.levels[3], s.levels[4], s.improper
        ),
        Mode::Check => {
            format!("{}: {} valid, {} invalid, {errors}", counted(s.puzzles, "grid"), s.puzzles - s.none, s.none)
        }
        _ => format!(
            "{puzzles}: {} solved ({} unique, {} several), {} no solution, {} stopped, {errors}; {seconds:.3} s, {rate} puzzles/s",
            s.unique + s.several,
            s.unique,
            s.several,
            s.none,
            s.stopped,
        ),
    };
    eprintln!("{line}");
    if let Mode::Count(limit) = mode {
        if s.at_limit > 0 {
            let counts = if s.at_limit == 1 { "count" } else { "counts" };
            eprintln!("note: {} {counts} stopped at the limit of {limit} solutions; raise it with --limit", s.at_limit);
        }
    }
}
