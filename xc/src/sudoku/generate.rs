//! `xc sudoku generate`: proper puzzles, in parallel, reproducible from a
//! seed whatever the thread count.

use super::{GridFormat, VariantFlags};
use crate::exit::{self, Failure};
use crate::wire::record::{GeneratedLine, write_line};
use crate::{interrupt, progress};
use clap::{Args, ValueEnum};
use exactcover::sudoku::logic::Level;
use exactcover::sudoku::{Generated, Generator, GeneratorOptions, Symmetry, Variant, derive_seed};
use rayon::prelude::*;
use std::io::Write;

/// Arguments of `xc sudoku generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// The seed (printed on stderr when not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Symmetry of the givens: none, rot180, rot90, mirror, flip, diagonal,
    /// antidiagonal, bothmirrors, bothdiagonals, dihedral, or random (one
    /// of the others but none, per puzzle). With a symmetry, minimal means
    /// that no orbit of cells can be removed.
    #[arg(long, value_enum, ignore_case = true, default_value_t = SymmetryArg::Rot180)]
    symmetry: SymmetryArg,
    /// Keep removing givens until none can go (the default).
    #[arg(long, overrides_with = "no_minimal")]
    minimal: bool,
    /// Stop removing givens at --clues (default 30) instead.
    #[arg(long)]
    no_minimal: bool,
    /// At most N givens (best effort; reported when not met).
    #[arg(long, value_name = "N")]
    clues: Option<usize>,
    /// Only puzzles of this level: easy, medium, hard, expert or guessing
    /// (graded by the logic solver; best effort, reported when not met).
    #[arg(long, value_enum, ignore_case = true)]
    difficulty: Option<DifficultyArg>,
    /// Print each puzzle's rating and level (always on with --difficulty).
    #[arg(long)]
    rate: bool,
    #[command(flatten)]
    variant: VariantFlags,
    /// Grid size: 4, 9 or 16 (a jigsaw takes its size from its map).
    #[arg(long, value_parser = parse_size)]
    size: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = GridFormat::Line)]
    format: GridFormat,
    /// Also print each solution.
    #[arg(long)]
    solution: bool,
    /// Worker threads (0 or none: one per core; at most 1024).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1024))]
    threads: Option<u64>,
    /// Stop after this long (e.g. 10s, 2m): the puzzles made by then are
    /// written, and the run exits with code 3.
    #[arg(long, value_name = "TIME", value_parser = crate::cli::parse_duration)]
    time_limit: Option<std::time::Duration>,
    /// No summary on stderr.
    #[arg(long, short)]
    quiet: bool,
}

/// The box size for a grid side of 4, 9 or 16.
fn parse_size(s: &str) -> Result<usize, String> {
    match s {
        "4" => Ok(2),
        "9" => Ok(3),
        "16" => Ok(4),
        _ => Err(format!("the size must be 4, 9 or 16, not `{}`", exactcover::text::Escaped(s))),
    }
}

/// The symmetries by name, as a clap value enum so that the shell
/// completions offer them; the names and aliases are the library's
/// (`Symmetry::from_str`), which reads the name chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SymmetryArg {
    None,
    #[value(alias = "rotate180", alias = "half")]
    Rot180,
    #[value(alias = "rotate90", alias = "quarter")]
    Rot90,
    #[value(alias = "vertical")]
    Mirror,
    #[value(alias = "horizontal")]
    Flip,
    Diagonal,
    #[value(name = "antidiagonal", alias = "anti-diagonal")]
    AntiDiagonal,
    #[value(name = "bothmirrors", alias = "both-mirrors", alias = "mirrors")]
    BothMirrors,
    #[value(name = "bothdiagonals", alias = "both-diagonals", alias = "diagonals", alias = "bidiagonal")]
    BothDiagonals,
    #[value(alias = "all", alias = "full")]
    Dihedral,
    Random,
}

/// The levels by name (see [`SymmetryArg`]): `Level::from_str` reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum DifficultyArg {
    Easy,
    Medium,
    Hard,
    Expert,
    #[value(alias = "needs-guessing")]
    Guessing,
}

/// The library's value for a clap value: the parse of its name.
fn named<T: std::str::FromStr>(value: impl ValueEnum) -> T
where
    T::Err: std::fmt::Debug,
{
    let name = value.to_possible_value().expect("no value is skipped");
    name.get_name().parse().expect("every name is the library's")
}

/// Puzzles generated between two writes.
const CHUNK: u64 = 256;

/// Why `--variant windoku --size 16` is refused (see the generator's
/// module docs for the measurements).
const WINDOKU_TOO_BIG: &str = "windoku puzzles are generated on 4×4 and 9×9 grids only: a 16×16 windoku \
    has solutions, but the search for a random one and the uniqueness checks run for minutes";

/// Runs `xc sudoku generate`.
pub fn run(args: &GenerateArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let n = args.size.unwrap_or(3);
    let minimal = !args.no_minimal;
    let options = GeneratorOptions {
        symmetry: named::<Symmetry>(args.symmetry),
        minimal,
        max_clues: args.clues.or((!minimal).then_some(30)),
        difficulty: args.difficulty.map(named::<Level>),
        grade: args.rate || args.difficulty.is_some(),
        ..GeneratorOptions::default()
    };
    let mut prototype = match args.variant.layout(n)? {
        Some(layout) if args.size.is_some_and(|n| n != layout.box_size()) => {
            return Err(Failure::input(format!(
                "--size {} doesn't fit the region map, a {}×{} grid",
                n * n,
                layout.side(),
                layout.side()
            )));
        }
        Some(_) if args.variant.variant.named() == Some(Variant::Windoku) && n > 3 => {
            return Err(Failure::input(WINDOKU_TOO_BIG));
        }
        Some(layout) => Generator::with_layout(layout, options),
        None => Generator::new(n, options).map_err(Failure::input)?,
    };
    // The time limit and Ctrl-C, from here on.
    let cancel = args.time_limit.map_or_else(interrupt::flag, interrupt::flag_until);
    let stopped = || cancel.load(std::sync::atomic::Ordering::Relaxed);
    // A region map may allow no complete grid: then no puzzle can be
    // made, and the generator would give up on every one. (Stopped
    // meanwhile, the run ends below with nothing made.)
    if args.variant.variant.named() != Some(Variant::Classic) && prototype.has_grids(&cancel) == Some(false) {
        let layout = args.variant.described();
        return Err(Failure::input(format!("{layout} has no complete grid: no puzzle can be made on it")));
    }
    let side = prototype.layout().side();
    let seed = args.seed.unwrap_or_else(|| {
        let s = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        eprintln!("seed: {s}");
        s
    });
    let pool = super::batch::pool(args.threads)?;
    let bar = progress::bar(args.count, 1000, "items");
    let start = std::time::Instant::now();
    if args.format == GridFormat::Csv {
        writeln!(out, "puzzle,solution,givens,seed,rating,level")?;
    }
    let (mut done, mut missed, mut givens) = (0u64, 0u64, 0u64);
    while done < args.count && !stopped() {
        let end = (done + CHUNK).min(args.count);
        let batch: Vec<Option<Generated>> = pool.install(|| {
            (done..end)
                .into_par_iter()
                .map_init(|| prototype.clone(), |g, i| g.try_generate(derive_seed(seed, i), &cancel))
                .collect()
        });
        // Once stopped, the puzzles made before the first one given up
        // are written, in order; those made after it are dropped, so that
        // line k is still puzzle k of the seed.
        for g in batch.iter().map_while(Option::as_ref) {
            givens += g.puzzle.givens() as u64;
            missed += u64::from(!g.clues_met);
            write_one(out, args, g)?;
            done += 1;
        }
        bar.set_position(done);
        if done < end {
            break;
        }
    }
    bar.finish_and_clear();
    if done < args.count {
        let mut what = format!("{side}×{side}");
        if args.variant_name() != "classic" {
            what = format!("{what} {}", args.variant_name());
        }
        if let Some(level) = args.difficulty.map(named::<Level>) {
            what = format!("{what}, {level}");
        }
        let why = if interrupt::raised() { "interrupted" } else { "stopped (time limit reached)" };
        let note = format!("{why} while generating puzzle {} of {} ({what})", done + 1, args.count);
        match args.format {
            GridFormat::Line | GridFormat::Block => writeln!(out, "# {note}")?,
            GridFormat::Csv | GridFormat::Json => eprintln!("{note}"),
        }
    }
    if missed > 0 {
        eprintln!(
            "note: {missed} puzzle(s) don't meet {}: none was found in {} attempts",
            match (args.difficulty.map(named::<Level>), args.clues.or(args.no_minimal.then_some(30))) {
                (Some(d), Some(c)) => format!("the level {d} with at most {c} givens"),
                (Some(d), None) => format!("the level {d}"),
                (None, c) => format!("at most {} givens", c.unwrap_or(30)),
            },
            GeneratorOptions::default().attempts
        );
    }
    if !args.quiet {
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "{} ({}, {}, {}), {:.1} givens on average; {secs:.3} s, {:.0} puzzles/s",
            crate::printer::counted(done, "puzzle"),
            prototype.layout().name(),
            named::<Symmetry>(args.symmetry),
            if minimal { "minimal" } else { "not minimal" },
            givens as f64 / done.max(1) as f64,
            done as f64 / secs.max(1e-9)
        );
    }
    Ok(if interrupt::raised() {
        exit::INTERRUPTED
    } else if done < args.count {
        exit::LIMIT
    } else {
        exit::SOLVED
    })
}

impl GenerateArgs {
    /// The variant's name for the JSON output.
    fn variant_name(&self) -> &'static str {
        self.variant.name()
    }
}

fn write_one(out: &mut dyn Write, args: &GenerateArgs, g: &Generated) -> std::io::Result<()> {
    let rating = g.grade.as_ref().map(|gr| (crate::wire::rating(gr.rating().tenths()), gr.level().name()));
    let note = rating.map(|(r, l)| format!("  # {r:.1} {l}")).unwrap_or_default();
    match args.format {
        GridFormat::Line if args.solution => writeln!(out, "{},{}{note}", g.puzzle, g.solution),
        GridFormat::Line => writeln!(out, "{}{note}", g.puzzle),
        GridFormat::Block => {
            if let Some((r, l)) = rating {
                writeln!(out, "# rating {r:.1} ({l})")?;
            }
            write!(out, "{}", g.puzzle.to_block())?;
            if args.solution {
                writeln!(out)?;
                write!(out, "{}", g.solution.to_block())?;
            }
            writeln!(out)
        }
        GridFormat::Csv => {
            let (r, l) = rating.map_or((String::new(), ""), |(r, l)| (format!("{r:.1}"), l));
            writeln!(out, "{},{},{},{},{r},{l}", g.puzzle, g.solution, g.puzzle.givens(), g.seed)
        }
        GridFormat::Json => {
            let line = GeneratedLine {
                puzzle: g.puzzle.to_line(),
                solution: g.solution.to_line(),
                givens: g.puzzle.givens(),
                seed: g.seed,
                symmetry: g.symmetry.to_string(),
                variant: args.variant_name(),
                rating: rating.map(|(r, _)| r),
                level: rating.map(|(_, l)| l),
            };
            write_line(out, &line)
        }
    }
}
