//! `xc cover [FILE|-]`: solve a problem in Knuth's DLX text format.

use super::exit::Failure;
use super::{SearchArgs, input, interrupt, search};
use exactcover::cover::{BuildError, ParseErrorKind, read_dlx_from};
use exactcover::text::Escaped;
use std::io::{BufReader, Read, Write};
use std::path::PathBuf;

/// Arguments of `xc cover`.
#[derive(clap::Args, Debug)]
pub struct CoverArgs {
    /// The DLX file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Read at most this much input (e.g. 512M, 4G): a larger input is an
    /// error, so a huge or endless stream can't take all the memory. A
    /// problem takes up to about 10 bytes of memory per byte of its text
    /// (less with long names), and --max-memory bounds it too.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    max_input: u64,
    #[command(flatten)]
    search: SearchArgs,
}

/// Parses a size in bytes: a number with an optional `K`, `M`, `G` or `T`
/// (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let bad = || format!("bad size `{text}`: use e.g. 512M, 4G or 1000000");
    let (number, unit) = text.split_at(text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len()));
    let n: u64 = number.parse().map_err(|_| bad())?;
    let shift = match unit.to_ascii_uppercase().trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(bad()),
    };
    n.checked_mul(1 << shift).ok_or_else(bad)
}

/// Runs `xc cover`.
pub fn run(args: &CoverArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let name = input::display_name(args.file.as_deref());
    let source: Box<dyn Read> = match args.file.as_deref() {
        Some(p) if p != std::path::Path::new("-") => {
            Box::new(input::open(p).map_err(|e| Failure::input(format!("{name}: {}", input::describe(&e))))?)
        }
        _ => Box::new(input::stdin()),
    };
    interrupt::doing(format!("reading {name}"));
    let limits = search::limits(&args.search);
    let source = BufReader::with_capacity(1 << 16, source);
    let parsed = read_dlx_from(source, args.max_input, &limits).map_err(|e| match e.kind {
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
    let problem = &parsed.problem;
    // Names may hold control characters: shown escaped, never raw.
    let render = |solution: &[exactcover::cover::OptionId]| -> Vec<String> {
        solution.iter().map(|&o| Escaped(&problem.format_option(o)).to_string()).collect()
    };
    search::run(problem, &args.search, &render, out)
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("1G"), Ok(1 << 30));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("99999999999T").is_err());
    }
}
