//! `xc queens`, `xc langford` and `xc polyomino`: the puzzle builders on
//! the command line.

use crate::exit::Failure;
use crate::printer::Render;
use crate::search::{self, SearchArgs};
use crate::{input, interrupt};
use exactcover::cover::{Bounds, OptionId, Problem, write_dlx};
use exactcover::puzzles::PuzzleError;
use exactcover::puzzles::langford::Langford;
use exactcover::puzzles::polyomino::{self, Packing, PackingOptions};
use exactcover::puzzles::queens::Queens;
use std::io::Write;
use std::path::PathBuf;

/// Options every puzzle subcommand has.
#[derive(clap::Args, Debug)]
pub struct PuzzleArgs {
    /// Print the problem in Knuth's DLX format instead of solving it.
    #[arg(long)]
    emit_dlx: bool,
    #[command(flatten)]
    search: SearchArgs,
}

/// Arguments of `xc queens`.
#[derive(clap::Args, Debug)]
pub struct QueensArgs {
    /// The board size.
    n: usize,
    /// Queens in every row and column (and at most this many on every
    /// diagonal); more than 1 uses multiplicities (Algorithm M).
    #[arg(long, value_name = "K", default_value_t = 1)]
    per_line: usize,
    #[command(flatten)]
    common: PuzzleArgs,
}

/// Arguments of `xc langford`.
#[derive(clap::Args, Debug)]
pub struct LangfordArgs {
    /// The largest number.
    n: usize,
    /// Count a pairing and its reversal apart.
    #[arg(long)]
    raw: bool,
    #[command(flatten)]
    common: PuzzleArgs,
}

/// Arguments of `xc polyomino`.
#[derive(clap::Args, Debug)]
pub struct PolyominoArgs {
    /// The piece set: pentominoes, tetrominoes or hexominoes.
    #[arg(long, default_value = "pentominoes", conflicts_with = "piece_file")]
    pieces: String,
    /// Pieces drawn in a lettered picture (each letter one piece).
    #[arg(long, value_name = "FILE")]
    piece_file: Option<PathBuf>,
    /// A rectangular board, ROWSxCOLUMNS.
    #[arg(long, default_value = "6x10", conflicts_with = "board_file")]
    board: String,
    /// A board picture: `.` or space for a hole, anything else a cell.
    #[arg(long, value_name = "FILE")]
    board_file: Option<PathBuf>,
    /// Don't rotate pieces.
    #[arg(long)]
    no_rotate: bool,
    /// Don't reflect pieces.
    #[arg(long)]
    no_reflect: bool,
    /// Count solutions that differ by a symmetry of the board once.
    #[arg(long)]
    distinct: bool,
    /// Use each piece between MIN and MAX times (`0..2`), or exactly N
    /// times (`2`); other than 1, this uses multiplicities (Algorithm M).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_count, conflicts_with = "distinct")]
    piece_count: Option<Bounds>,
    #[command(flatten)]
    common: PuzzleArgs,
}

/// What a puzzle subcommand says of its problem besides the problem: in
/// the result line, what its count counts; at the top of the DLX file
/// written, how it was made.
#[derive(Default)]
struct Notes<'a> {
    counted: Option<&'a str>,
    dlx: Option<String>,
}

fn solve(
    problem: &Problem,
    common: &PuzzleArgs,
    render: Render,
    notes: Notes,
    out: &mut dyn Write,
) -> Result<u8, Failure> {
    common.search.memo_fits()?;
    if common.emit_dlx {
        interrupt::settled();
        if let Some(note) = notes.dlx {
            // A `|` line is a comment in Knuth's format.
            writeln!(out, "| {note}")?;
        }
        out.write_all(write_dlx(problem).as_bytes())?;
        return Ok(super::exit::SOLVED);
    }
    search::run_counting(problem, &common.search, render, notes.counted, out)
}

fn lines(text: String) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

/// Parses a piece count: `MIN..MAX` (inclusive; `..MAX` means `0..MAX`,
/// and `MIN..=MAX` is accepted too) or `N`.
fn parse_count(text: &str) -> Result<Bounds, String> {
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| format!("bad piece count `{text}`: use e.g. 0..2 or 2"));
    let (lo, hi) = match text.split_once("..") {
        Some((a, b)) => (if a.trim().is_empty() { 0 } else { number(a)? }, number(b.trim_start_matches('='))?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if hi == 0 || lo > hi {
        return Err(format!("bad piece count `{text}`: need 1 <= MAX and MIN <= MAX"));
    }
    Ok(Bounds { min: lo, max: hi })
}

/// Runs `xc queens`.
pub fn queens(args: &QueensArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let q = Queens::per_line(args.n, args.per_line).map_err(Failure::input)?;
    solve(q.problem(), &args.common, &|s: &[OptionId]| lines(q.render(s)), Notes::default(), out)
}

/// Runs `xc langford`.
pub fn langford(args: &LangfordArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let l = if args.raw { Langford::raw(args.n) } else { Langford::new(args.n) }.map_err(Failure::input)?;
    let render = |s: &[OptionId]| vec![l.sequence(s).iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")];
    let counted = if args.raw {
        "a pairing and its reversal counted apart"
    } else {
        "each pairing and its reversal counted once"
    };
    solve(l.problem(), &args.common, &render, Notes { counted: Some(counted), dlx: None }, out)
}

fn read_text(path: &std::path::Path) -> Result<String, Failure> {
    let bytes = input::read_all(Some(path))?;
    String::from_utf8(bytes).map_err(|_| Failure::input(format!("{}: invalid UTF-8", path.display())))
}

fn in_file(path: &std::path::Path, e: impl std::fmt::Display) -> Failure {
    Failure::input(format!("{}: {e}", path.display()))
}

/// Runs `xc polyomino`.
pub fn polyomino(args: &PolyominoArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    // Flags that don't go together are refused before the packing is built.
    args.common.search.memo_fits()?;
    let pieces = match &args.piece_file {
        Some(path) => polyomino::parse_pieces(&read_text(path)?).map_err(|e| in_file(path, e))?,
        None => polyomino::piece_set(&args.pieces).map_err(Failure::input)?,
    };
    let board = match &args.board_file {
        Some(path) => polyomino::parse_board(&read_text(path)?).map_err(|e| in_file(path, e))?,
        None => {
            let (h, w) = polyomino::parse_size(&args.board).map_err(Failure::input)?;
            polyomino::rectangle(h, w)
        }
    };
    let options = PackingOptions { rotate: !args.no_rotate, reflect: !args.no_reflect, distinct: args.distinct };
    let counts = args.piece_count.unwrap_or(Bounds::ONCE);
    interrupt::doing("building the packing");
    let packing = Packing::with_limits(pieces, board, options, counts, &search::limits(&args.common.search)).map_err(
        |e| match e {
            PuzzleError::Build(b) => Failure::build(b, "", "building the packing"),
            e => Failure::input(e),
        },
    )?;
    let restricted = match packing.restricted_piece() {
        Some(piece) if args.distinct => {
            Some(format!("{} symmetries removed by restricting piece {piece}", packing.symmetries()))
        }
        _ => None,
    };
    if let (Some(note), false) = (&restricted, args.common.emit_dlx) {
        eprintln!("{note}");
    }
    let notes = Notes { counted: None, dlx: restricted };
    solve(packing.problem(), &args.common, &|s: &[OptionId]| lines(packing.render(s)), notes, out)
}
