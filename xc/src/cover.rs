//! `xc cover [FILE|-]`: solve a problem in Knuth's DLX text format.

use super::exit::Failure;
use super::{SearchArgs, input, search};
use exactcover::cover::read_dlx_bytes;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `xc cover`.
#[derive(clap::Args, Debug)]
pub struct CoverArgs {
    /// The DLX file; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    #[command(flatten)]
    search: SearchArgs,
}

/// Runs `xc cover`.
pub fn run(args: &CoverArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let name = input::display_name(args.file.as_deref());
    let bytes = input::read_all(args.file.as_deref())?;
    let parsed =
        read_dlx_bytes(&bytes).map_err(|e| Failure::input(format!("{name}:{}:{}: {}", e.line, e.column, e.kind)))?;
    for w in &parsed.warnings {
        eprintln!("warning: {name}:{}: {}", w.line, w.message);
    }
    let problem = &parsed.problem;
    let render = |solution: &[exactcover::cover::OptionId]| -> Vec<String> {
        solution.iter().map(|&o| problem.format_option(o)).collect()
    };
    search::run(problem, &args.search, &render, out)
}
