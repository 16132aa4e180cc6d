//! Writing a search's results as they come: the solutions asked for
//! (`--print N`, `--all`), streamed, and DLX1's last line or one JSON
//! object at the end. Nothing is held back, so memory stays bounded however
//! many solutions are printed.
//!
//! In JSON the object is written in two parts: `{"printed":[` and each
//! solution as it comes, then `],` and the counts once the search is over.

use crate::cli::Format;
use crate::exit::{self, Failure};
use crate::wire;
use exactcover::cover::{OptionId, Stats, Status};
use std::io::Write;
use std::time::Duration;

/// Turns a solution into the lines a person reads.
pub type Render<'a> = &'a (dyn Fn(&[OptionId]) -> Vec<String> + Sync);

/// Writes the first solutions of a search as they are found.
pub struct Printer<'a> {
    render: Render<'a>,
    format: Format,
    /// Solutions to print: `u64::MAX` for all of them.
    to_print: u64,
    /// Solutions printed so far.
    printed: u64,
    /// What the count counts, said after it on the last line (`each
    /// pairing and its reversal counted once`), if it needs saying.
    counted: Option<&'a str>,
}

impl<'a> Printer<'a> {
    /// A printer of up to `to_print` solutions.
    pub fn new(render: Render<'a>, format: Format, to_print: u64) -> Printer<'a> {
        Printer { render, format, to_print, printed: 0, counted: None }
    }

    /// Says on the last line what the count counts.
    pub fn counting(mut self, what: &'a str) -> Printer<'a> {
        self.counted = Some(what);
        self
    }

    /// How many solutions are to be printed.
    pub fn to_print(&self) -> u64 {
        self.to_print
    }

    /// A solution's lines, as `offer` prints them.
    pub fn render(&self, solution: &[OptionId]) -> Vec<String> {
        (self.render)(solution)
    }

    /// Whether `offer` would print the next solution.
    pub fn wants_more(&self) -> bool {
        self.printed < self.to_print
    }

    /// Starts the output (JSON opens its object and the `printed` list).
    pub fn open(&self, out: &mut dyn Write) -> Result<(), Failure> {
        if self.format == Format::Json {
            out.write_all(br#"{"printed":["#)?;
        }
        Ok(())
    }

    /// Prints `solution` if fewer than `to_print` were printed.
    pub fn offer(&mut self, solution: &[OptionId], out: &mut dyn Write) -> Result<(), Failure> {
        if self.printed < self.to_print {
            self.print_lines(&self.render(solution), out)?;
        }
        Ok(())
    }

    /// Prints a solution already rendered (as `xc merge` has them).
    pub fn print_lines(&mut self, lines: &[String], out: &mut dyn Write) -> Result<(), Failure> {
        self.printed += 1;
        match self.format {
            Format::Text => {
                writeln!(out, "Solution {}:", self.printed)?;
                for l in lines {
                    writeln!(out, "  {l}")?;
                }
            }
            Format::Json => {
                if self.printed > 1 {
                    out.write_all(b",")?;
                }
                serde_json::to_writer(&mut *out, lines).map_err(std::io::Error::from)?;
            }
        }
        Ok(())
    }

    /// Ends the output with the counts: DLX1's last line, or the rest of the
    /// JSON object. `whole` is the run's wall time (search, check and
    /// output); the search's own time is in `stats`.
    pub fn close(&self, out: &mut dyn Write, stats: &Stats, status: Status, whole: Duration) -> Result<(), Failure> {
        crate::interrupt::settled();
        match self.format {
            Format::Text => {
                let head = match status {
                    Status::Stopped(r) => format!("Stopped ({r}) after"),
                    _ => "Altogether".to_string(),
                };
                writeln!(
                    out,
                    "{head} {} solution{}{}, {} updates, {} nodes{}, {:.3} s (search {:.3} s, {:.1} M updates/s).",
                    stats.solutions,
                    if stats.solutions == 1 { "" } else { "s" },
                    self.counted.map(|c| format!(" ({c})")).unwrap_or_default(),
                    stats.updates,
                    stats.nodes,
                    if stats.cleansings > 0 { format!(", {} cleansings", stats.cleansings) } else { String::new() },
                    whole.as_secs_f64(),
                    stats.elapsed.as_secs_f64(),
                    stats.updates_per_second() / 1e6,
                )?;
            }
            Format::Json => {
                let totals = wire::CoverTotals {
                    stats: wire::SearchStats::new(stats, status),
                    seconds: whole.as_secs_f64(),
                    search_seconds: stats.elapsed.as_secs_f64(),
                };
                // `{...}` without its `{`, after the list.
                out.write_all(b"],")?;
                out.write_all(&wire::encode(&totals)[1..])?;
                writeln!(out)?;
            }
        }
        Ok(())
    }
}

/// `1 puzzle`, `2 puzzles`: a count with its noun (which takes an `s`).
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// The exit code for a search that ended with `status`.
pub fn exit_code(status: Status, solutions: u64) -> u8 {
    match status {
        Status::Stopped(r) => exit::for_stop(r),
        _ if solutions == 0 => exit::NO_SOLUTION,
        _ => exit::SOLVED,
    }
}
