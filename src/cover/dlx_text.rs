//! Knuth's DLX text format (DLX1, DLX2), read and written.
//!
//! * A line whose first character is `|` is a comment; blank lines are
//!   skipped.
//! * The first other line names the items, separated by whitespace: the
//!   primary items, then optionally `|` and the secondary items.
//! * Every later line is one option: the names of its items. In an option,
//!   `item:colour` gives a secondary item a colour (DLX2).
//! * An option with no primary item is ignored, with a warning, as DLX1
//!   does. Everything else that is wrong is an error with its line and
//!   column (both from 1; columns count characters).
//!
//! [`write_dlx`] writes the same format, and reading what it writes gives
//! back the same items and options.

use super::error::{BuildError, ParseError, ParseErrorKind};
use super::ids::ColorId;
use super::problem::{Problem, ProblemBuilder};
use std::fmt::Write;

/// A warning from the reader: the input was accepted, but something in it
/// was ignored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The line, from 1.
    pub line: usize,
    /// What was ignored, and why.
    pub message: String,
}

/// A problem read from DLX text, with the reader's warnings and the line on
/// which each option was written.
#[derive(Clone, Debug)]
pub struct DlxInput {
    /// The problem.
    pub problem: Problem,
    /// Options ignored, and the like.
    pub warnings: Vec<Warning>,
    /// The line (from 1) of each option, by option id.
    pub option_lines: Vec<usize>,
}

impl Problem {
    /// Reads a problem in Knuth's DLX text format, ignoring warnings.
    ///
    /// ```
    /// use exactcover::cover::Problem;
    ///
    /// let text = "| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    /// let p = Problem::from_dlx(text)?;
    /// assert_eq!(p.solver().count(), 1);
    /// # Ok::<(), exactcover::cover::ParseError>(())
    /// ```
    pub fn from_dlx(text: &str) -> Result<Problem, ParseError> {
        read_dlx(text).map(|input| input.problem)
    }
}

/// Reads bytes in DLX format, reporting invalid UTF-8 with its position.
pub fn read_dlx_bytes(bytes: &[u8]) -> Result<DlxInput, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => read_dlx(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let column = 1 + String::from_utf8_lossy(&good[line_start..]).chars().count();
            Err(ParseError { line, column, kind: ParseErrorKind::InvalidUtf8 })
        }
    }
}

/// Reads a problem in Knuth's DLX text format.
pub fn read_dlx(text: &str) -> Result<DlxInput, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.starts_with('|') && !l.trim().is_empty());
    let (item_line, items) = lines.next().ok_or(ParseError { line: 1, column: 1, kind: ParseErrorKind::NoItems })?;
    let mut b = ProblemBuilder::new();
    read_items(item_line, items, &mut b)?;

    let mut warnings = Vec::new();
    let mut option_lines = Vec::new();
    let mut entries = Vec::new();
    for (line, text) in lines {
        entries.clear();
        let mut has_primary = false;
        for (column, token) in tokens(text) {
            let err = |kind| ParseError { line, column, kind };
            let (name, color) = match token.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (token, None),
            };
            let item = b.item(name).ok_or_else(|| err(ParseErrorKind::UnknownItem(name.to_string())))?;
            if entries.iter().any(|&(i, _)| i == item) {
                return Err(err(ParseErrorKind::RepeatedItem(name.to_string())));
            }
            let primary = b.is_primary(item);
            let color = match color {
                None => ColorId::NONE,
                Some(_) if primary => {
                    return Err(err(ParseErrorKind::ColorOnPrimary(name.to_string())));
                }
                Some("") => return Err(err(ParseErrorKind::EmptyColor(name.to_string()))),
                Some(c) => b.color(c),
            };
            has_primary |= primary;
            entries.push((item, color));
        }
        if !has_primary {
            warnings.push(Warning { line, message: "option ignored: it has no primary item".to_string() });
        }
        b.colored_option_ids(&entries).map_err(|e| build_error(line, e))?;
        option_lines.push(line);
    }
    let problem = b.build().map_err(|e| build_error(item_line, e))?;
    Ok(DlxInput { problem, warnings, option_lines })
}

fn read_items(line: usize, text: &str, b: &mut ProblemBuilder) -> Result<(), ParseError> {
    let mut secondary = false;
    let mut any_primary = false;
    for (column, name) in tokens(text) {
        let err = |kind| ParseError { line, column, kind };
        if name == "|" {
            if secondary {
                return Err(err(ParseErrorKind::TwoBars));
            }
            if !any_primary {
                return Err(err(ParseErrorKind::NoPrimaryItems));
            }
            secondary = true;
            continue;
        }
        if name.contains(':') || name.contains('|') {
            return Err(err(ParseErrorKind::BadItemName(name.to_string())));
        }
        if b.item(name).is_some() {
            return Err(err(ParseErrorKind::DuplicateItem(name.to_string())));
        }
        let added = if secondary { b.secondary(name) } else { b.primary(name) };
        added.map_err(|e| ParseError { line, column, kind: ParseErrorKind::Build(e) })?;
        any_primary |= !secondary;
    }
    if !any_primary {
        return Err(ParseError { line, column: 1, kind: ParseErrorKind::NoPrimaryItems });
    }
    Ok(())
}

/// The whitespace-separated words of a line, each with its column.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut rest = line;
    std::iter::from_fn(move || {
        let skip = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..skip].chars().count();
        rest = &rest[skip..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, tail) = rest.split_at(end);
        let at = column + 1;
        column += word.chars().count();
        rest = tail;
        Some((at, word))
    })
}

fn build_error(line: usize, e: BuildError) -> ParseError {
    ParseError { line, column: 1, kind: ParseErrorKind::Build(e) }
}

/// Writes a problem in Knuth's DLX text format: primary items, `|`, the
/// secondary items, then one option per line.
pub fn write_dlx(problem: &Problem) -> String {
    let mut out = String::new();
    let items = (0..problem.item_count() as u32).map(super::ids::ItemId::from_u32);
    let names = |primary: bool| -> Vec<&str> {
        items.clone().filter(|&i| problem.is_primary(i) == primary).map(|i| problem.item_name(i)).collect()
    };
    out.push_str(&names(true).join(" "));
    let secondary = names(false);
    if !secondary.is_empty() {
        out.push_str(" | ");
        out.push_str(&secondary.join(" "));
    }
    out.push('\n');
    for o in 0..problem.option_count() as u32 {
        let _ = writeln!(out, "{}", problem.format_option(super::ids::OptionId::from_u32(o)));
    }
    out
}

/// A fingerprint of a problem: the FNV-1a hash of its DLX text. Shards of
/// one search carry it, so results of different problems are not merged.
pub fn fingerprint(problem: &Problem) -> u64 {
    write_dlx(problem).bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
