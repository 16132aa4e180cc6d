//! `xc sudoku`: solve, count and check puzzles in any common format.

mod batch;
mod enumerate;
pub mod explain;
mod generate;
mod pieces;
mod report;
mod sample;
mod serial;
mod shape;
mod sources;

use super::cli::Deferred;
use super::exit::Failure;
use super::interrupt;
use crate::wire::Variant;
use clap::{Args, Subcommand, ValueEnum};
use exactcover::cover::Limits;
use exactcover::sudoku::{InputFormat, Layout};
use shape::Shape;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `xc sudoku`.
#[derive(Args, Debug)]
#[command(
    about = "Sudoku: solve, count, check, generate, rate, hint, explain, sample",
    long_about = "Sudoku puzzles of every common format, 4×4 to 25×25, and the X, windoku and jigsaw variants.

Verbs: solve (and prove unique), count, check (the rules, without solving), generate, rate
(the techniques a person needs), hint (the next logical step), explain (the whole path),
sample (uniform random completions of a partial grid)."
)]
pub struct SudokuArgs {
    #[command(subcommand)]
    command: SudokuCommand,
}

// Each verb's arguments are defined only when clap builds it: when the
// command line names it, or a help page shows it (see `cli/deferred.rs`).
#[derive(Subcommand, Debug)]
enum SudokuCommand {
    /// Solve puzzles, proving each solution unique.
    Solve(Deferred<SolveArgs>),
    /// Count solutions (up to a limit).
    Count(Deferred<CountArgs>),
    /// Check grids for broken rules.
    Check(Deferred<InputArgs>),
    /// Generate proper puzzles.
    Generate(Deferred<generate::GenerateArgs>),
    /// Rate puzzles: the hardest technique needed, a level, technique counts.
    Rate(Deferred<InputArgs>),
    /// The next logical step for a puzzle or a partly filled grid.
    Hint(Deferred<explain::ExplainArgs>),
    /// The whole logical path, step by step.
    Explain(Deferred<explain::ExplainArgs>),
    /// Draw uniform random completions of a partial grid.
    Sample(Deferred<sample::SampleArgs>),
}

/// Output formats of `xc sudoku`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GridFormat {
    /// One line per grid.
    Line,
    /// A block of rows per grid, with box separators.
    Block,
    /// CSV with a header.
    Csv,
    /// JSON Lines, one object per puzzle.
    Json,
}

/// Input format names for `--input-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormatArg {
    /// Detect each puzzle's shape.
    Auto,
    /// One puzzle per line.
    Line,
    /// Blocks of rows.
    Block,
    /// CSV (Kaggle rows or comma grids).
    Csv,
    /// LeetCode boards.
    Leetcode,
}

/// Input options shared by the Sudoku subcommands.
#[derive(Args, Debug)]
pub struct InputArgs {
    /// Puzzles: files, `-` for standard input, or puzzles written out (an
    /// 81-character line for a 9×9 grid). A file that exists wins over a
    /// puzzle of the same name. With none, puzzles are read from standard
    /// input.
    #[arg(value_name = "PUZZLES", value_hint = clap::ValueHint::FilePath)]
    files: Vec<PathBuf>,
    /// The input format (detected per puzzle by default).
    #[arg(long, value_enum, default_value_t = InputFormatArg::Auto)]
    input_format: InputFormatArg,
    /// The output format.
    #[arg(long, value_enum, default_value_t = GridFormat::Line)]
    format: GridFormat,
    /// Worker threads (0 or none: one per core; at most 1024).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// No summary on stderr.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    variant: VariantFlags,
}

/// The variant options, shared by the commands that read puzzles and by
/// `generate`.
#[derive(Args, Debug)]
pub struct VariantFlags {
    /// The Sudoku variant.
    #[arg(long, value_enum, default_value_t = Variant::Classic)]
    variant: Variant,
    /// The region map of a jigsaw Sudoku: one letter per cell.
    #[arg(long, value_name = "FILE", required_if_eq("variant", "jigsaw"))]
    regions: Option<PathBuf>,
}

/// The options of the commands that search (`solve`, `count`): `check`
/// and `rate` don't search, so they refuse them.
#[derive(Args, Debug, Default)]
pub struct SearchFlags {
    /// Stop each puzzle's search after N nodes.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    node_limit: Option<u64>,
    /// Stop each puzzle's search after this long (e.g. 2s).
    #[arg(long, value_name = "TIME", value_parser = crate::cli::parse_duration)]
    time_limit: Option<Duration>,
    /// Print search statistics (nodes) per puzzle.
    #[arg(long)]
    stats: bool,
}

/// Arguments of `xc sudoku solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    search: SearchFlags,
    /// Print the number of solutions (up to --limit, 100000 by default).
    #[arg(long, conflicts_with = "all")]
    count: bool,
    /// Print up to N solutions of each puzzle (with --count: count up to N).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Print every solution of each puzzle.
    #[arg(long, conflicts_with = "limit")]
    all: bool,
    /// Make a puzzle with no solution or several solutions an error.
    #[arg(long, conflicts_with_all = ["count", "all", "limit"])]
    unique: bool,
    /// Print each puzzle as an exact-cover problem in Knuth's DLX format
    /// (reduced by its givens, as Knuth's sudoku-dlx does) instead of
    /// solving it.
    #[arg(long, conflicts_with_all = ["count", "all", "limit", "unique"])]
    emit_dlx: bool,
}

/// Arguments of `xc sudoku count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    #[command(flatten)]
    search: SearchFlags,
    /// Count no further than N solutions per puzzle.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_COUNT_LIMIT, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
}

/// The default solution limit of `count`, so a nearly empty grid can't run
/// for ever.
pub const DEFAULT_COUNT_LIMIT: u64 = 100_000;

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// First solution, and whether it is unique.
    Solve { unique: bool },
    /// Count up to a limit.
    Count(u64),
    /// Print up to this many solutions.
    Enumerate(u64),
    /// Check the rules only.
    Check,
    /// Write each puzzle as a DLX problem.
    EmitDlx,
    /// Grade with the logic solver.
    Rate,
}

impl InputArgs {
    fn input_format(&self) -> InputFormat {
        match self.input_format {
            InputFormatArg::Auto => InputFormat::Auto,
            InputFormatArg::Line => InputFormat::Line,
            InputFormatArg::Block => InputFormat::Block,
            InputFormatArg::Csv => InputFormat::Csv,
            InputFormatArg::Leetcode => InputFormat::Leetcode,
        }
    }
}

impl VariantFlags {
    /// The variant's name, as given on the command line.
    fn name(&self) -> &'static str {
        self.variant.name()
    }

    /// The layout asked for, if not classic (classic adapts to each size),
    /// for grids of box size `n` (a jigsaw's size comes from its map).
    fn layout(&self, n: usize) -> Result<Option<Layout>, Failure> {
        match self.variant.named() {
            Some(exactcover::sudoku::Variant::Classic) => Ok(None),
            Some(named) => Layout::variant(named, n).map(Some).map_err(Failure::input),
            None => self.jigsaw().map(Some),
        }
    }

    /// The houses of the puzzles read: the variant's for each grid's size,
    /// or the jigsaw map's.
    fn shape(&self) -> Result<Shape, Failure> {
        match self.variant.named() {
            Some(named) => Ok(Shape::named(named)),
            None => self.jigsaw().map(Shape::jigsaw),
        }
    }

    /// The layout as the user named it: the region map's file, or the
    /// variant.
    fn described(&self) -> String {
        match self.variant.named() {
            Some(named) => format!("the {} layout", named.name()),
            None => {
                let path = self.regions.as_deref().expect("clap requires --regions");
                format!("the region map {}", super::input::display_name(Some(path)))
            }
        }
    }

    /// The jigsaw layout of the `--regions` map.
    fn jigsaw(&self) -> Result<Layout, Failure> {
        let path = self.regions.as_deref().expect("clap requires --regions");
        let name = super::input::display_name(Some(path));
        let mut bytes = Vec::new();
        // A map is at most 25 lines of 25 letters: a file past the cap
        // (`/dev/zero`, say) is refused, never read to its end.
        let read = if path == std::path::Path::new("-") {
            super::input::stdin().take(MAX_MAP + 1).read_to_end(&mut bytes)
        } else {
            super::input::open(path).and_then(|f| f.take(MAX_MAP + 1).read_to_end(&mut bytes))
        };
        read.map_err(|e| Failure::input(format!("{name}: {}", super::input::describe(&e))))?;
        if bytes.len() as u64 > MAX_MAP {
            return Err(Failure::input(format!("{name}: a region map is at most {MAX_MAP} bytes")));
        }
        let text = String::from_utf8_lossy(&bytes);
        Layout::jigsaw(&text).map_err(|e| Failure::input(format!("{name}: {e}")))
    }
}

/// The longest region map read, in bytes (a 25×25 map with a space after
/// each letter takes about 1,300).
const MAX_MAP: u64 = 64 * 1024;

impl SearchFlags {
    /// The limits per puzzle, with the Ctrl-C flag.
    fn limits(&self) -> Limits {
        let mut limits = Limits::new().cancel_flag(interrupt::flag());
        if let Some(n) = self.node_limit {
            limits = limits.nodes(n);
        }
        if let Some(t) = self.time_limit {
            limits = limits.time(t);
        }
        limits
    }
}

/// Runs `xc sudoku`.
pub fn run(args: &SudokuArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    match &args.command {
        SudokuCommand::Solve(Deferred(a)) => {
            let mode = match (a.count, a.all, a.limit) {
                _ if a.emit_dlx => Mode::EmitDlx,
                (true, _, limit) => Mode::Count(limit.unwrap_or(DEFAULT_COUNT_LIMIT)),
                (false, true, _) => Mode::Enumerate(u64::MAX),
                (false, false, Some(n)) => Mode::Enumerate(n),
                (false, false, None) => Mode::Solve { unique: a.unique },
            };
            batch::run(&a.input, &a.search, mode, out)
        }
        SudokuCommand::Count(Deferred(a)) => batch::run(&a.input, &a.search, Mode::Count(a.limit), out),
        SudokuCommand::Check(Deferred(a)) => batch::run(a, &SearchFlags::default(), Mode::Check, out),
        SudokuCommand::Generate(Deferred(a)) => generate::run(a, out),
        SudokuCommand::Rate(Deferred(a)) => batch::run(a, &SearchFlags::default(), Mode::Rate, out),
        SudokuCommand::Hint(Deferred(a)) => explain::hint(a, out),
        SudokuCommand::Explain(Deferred(a)) => explain::explain(a, out),
        SudokuCommand::Sample(Deferred(a)) => sample::run(a, out),
    }
}
