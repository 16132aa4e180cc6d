//! `xc cover [FILE|-]`: solve a problem in Knuth's DLX text format.

use crate::cli::parse_size;
use crate::exit::Failure;
use crate::search::{self, SearchArgs};
use crate::{input, interrupt};
use exactcover::cover::{BuildError, Limits, ParseErrorKind, Problem, read_dlx_from};
use exactcover::text::Escaped;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// Arguments of `xc cover`.
#[derive(clap::Args, Debug)]
pub struct CoverArgs {
    /// The DLX file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Read at most this much input (e.g. 512M, 4G): a larger input is an
    /// error, so a huge or endless stream can't take all the memory. A
    /// problem takes about 6 to 12 bytes of memory per byte of its text
    /// (up to 24 with one-letter names), and --max-memory bounds it.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    max_input: u64,
    #[command(flatten)]
    search: SearchArgs,
}

/// Runs `xc cover`.
pub fn run(args: &CoverArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    // Flags that don't go together are refused before the file is read.
    args.search.memo_fits()?;
    let problem = &read_problem(args.file.as_deref(), args.max_input, &search::limits(&args.search))?;
    // Names may hold control characters: shown escaped, never raw.
    let render = |solution: &[exactcover::cover::OptionId]| -> Vec<String> {
        solution.iter().map(|&o| Escaped(&problem.format_option(o)).to_string()).collect()
    };
    search::run(problem, &args.search, &render, out)
}

/// Reads a problem in the DLX format from a file (`-` or `None`: standard
/// input), at most `max_input` bytes of it, within `limits` (the memory
/// budget, Ctrl-C and the deadline), and prints the parser's warnings.
/// Errors name the file, the line and the column.
pub fn read_problem(file: Option<&Path>, max_input: u64, limits: &Limits) -> Result<Problem, Failure> {
    let name = input::display_name(file);
    let source: Box<dyn Read> = match file {
        Some(p) if p != std::path::Path::new("-") => {
            Box::new(input::open(p).map_err(|e| Failure::input(format!("{name}: {}", input::describe(&e))))?)
        }
        _ => Box::new(input::stdin()),
    };
    interrupt::doing(format!("reading {name}"));
    let source = BufReader::with_capacity(1 << 16, source);
    let parsed = read_dlx_from(source, max_input, limits).map_err(|e| match e.kind {
        ParseErrorKind::Read(why) => {
            Failure::input(format!("{name}: {}", why.split(" (os error").next().unwrap_or(&why)))
        }
        ParseErrorKind::TooLong { .. } => {
            Failure::input(format!("{name}:{}:{}: {}; raise it with --max-input", e.line, e.column, e.kind))
        }
        ParseErrorKind::Build(b @ (BuildError::OverBudget { .. } | BuildError::Stopped(_))) => {
            Failure::build(b, &format!("{name}:{}", e.line), "reading the problem")
        }
        kind => Failure::input(format!("{name}:{}:{}: {kind}", e.line, e.column)),
    })?;
    for w in &parsed.warnings {
        eprintln!("warning: {name}:{}: {}", w.line, w.message);
    }
    Ok(parsed.problem)
}
