//! Knuth's DLX text format (DLX1, DLX2, DLX3), read and written.
//!
//! * A line whose first character is `|` is a comment; blank lines are
//!   skipped.
//! * The first other line names the items, separated by whitespace: the
//!   primary items, then optionally `|` and the secondary items. A primary
//!   item may carry a multiplicity (DLX3): `a:b|name` must be covered
//!   between `a` and `b` times, `b|name` exactly `b` times (`1 <= b`,
//!   `a <= b`); secondary items take none.
//! * Every later line is one option: the names of its items. In an option,
//!   `item:colour` gives a secondary item a colour (DLX2).
//! * An option with no primary item is ignored, with a warning, as DLX1
//!   does. Everything else that is wrong is an error with its line and
//!   column (both from 1; columns count characters).
//!
//! [`write_dlx`] writes the same format, and reading what it writes gives
//! back the same items and options.

use super::bounds::Bounds;
use super::budget::Budget;
use super::builder::ProblemBuilder;
use super::error::{BuildError, ParseError, ParseErrorKind};
use super::ids::{ColorId, ItemId};
use super::limits::Limits;
use super::problem::Problem;
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

/// A problem read from DLX text, with the reader's warnings.
#[derive(Clone, Debug)]
pub struct DlxInput {
    /// The problem.
    pub problem: Problem,
    /// Options ignored, and the like.
    pub warnings: Vec<Warning>,
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
    read_dlx_from(bytes, u64::MAX, &Limits::new())
}

/// Reads a problem in Knuth's DLX text format from a stream, a line at a
/// time, so the text is never held whole; reading more than `limit` bytes
/// is an error ([`ParseErrorKind::TooLong`]), so a huge or endless input
/// can't take all the memory. The problem keeps to the memory budget of
/// `limits` as it grows, and reading stops at their cancel flag and
/// deadline (a [`ParseErrorKind::Build`] error holding
/// [`BuildError::OverBudget`] or [`BuildError::Stopped`], at the line
/// reached).
///
/// ```
/// use exactcover::cover::{BuildError, Limits, ParseErrorKind, read_dlx_from};
///
/// let text = "a b\na\nb\na b\n";
/// assert_eq!(read_dlx_from(text.as_bytes(), 1 << 20, &Limits::new())?.problem.solver().count(), 2);
/// let e = read_dlx_from(text.as_bytes(), 8, &Limits::new()).unwrap_err();
/// assert_eq!((e.line, e.kind), (4, ParseErrorKind::TooLong { limit: 8 }));
/// let e = read_dlx_from(text.as_bytes(), 1 << 20, &Limits::new().memory(10)).unwrap_err();
/// assert!(matches!(e.kind, ParseErrorKind::Build(BuildError::OverBudget { budget: 10, .. })));
/// # Ok::<(), exactcover::cover::ParseError>(())
/// ```
pub fn read_dlx_from(mut input: impl std::io::BufRead, limit: u64, limits: &Limits) -> Result<DlxInput, ParseError> {
    let mut reader = Reader { limits: limits.clone(), ..Reader::default() };
    let mut budget = Budget::new(limits);
    let mut buf = Vec::new();
    let (mut line, mut read) = (0, 0u64);
    loop {
        buf.clear();
        let left = limit.saturating_sub(read).saturating_add(1);
        let n = std::io::BufRead::read_until(&mut std::io::Read::take(&mut input, left), b'\n', &mut buf)
            .map_err(|e| ParseError { line: line + 1, column: 1, kind: ParseErrorKind::Read(e.to_string()) })?;
        if n == 0 {
            break;
        }
        line += 1;
        read += n as u64;
        if read > limit {
            return Err(ParseError { line, column: 1, kind: ParseErrorKind::TooLong { limit } });
        }
        budget.step().map_err(|e| build_error(line, e))?;
        let mut bytes = buf.as_slice();
        if line == 1 {
            bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        }
        let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let column = 1 + String::from_utf8_lossy(&bytes[..e.valid_up_to()]).chars().count();
            ParseError { line, column, kind: ParseErrorKind::InvalidUtf8 }
        })?;
        reader.line(line, text)?;
    }
    reader.finish()
}

/// Reads a problem in Knuth's DLX text format.
pub fn read_dlx(text: &str) -> Result<DlxInput, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    for (k, line) in text.lines().enumerate() {
        reader.line(k + 1, line)?;
    }
    reader.finish()
}

/// The most warnings kept; the rest are counted in one last warning.
const MAX_WARNINGS: usize = 100;

/// The reader's state between lines: the items once their line is read,
/// and the options so far.
#[derive(Default)]
struct Reader {
    /// The limits the builder keeps to.
    limits: Limits,
    builder: ProblemBuilder,
    /// The item line's number, once it is read.
    item_line: Option<usize>,
    warnings: Vec<Warning>,
    /// Warnings past [`MAX_WARNINGS`], counted but not kept.
    more_warnings: u64,
    /// The last line read.
    last_line: usize,
    entries: Vec<(ItemId, ColorId)>,
    /// The option line each item was last seen on (0: none yet), to find
    /// an item named twice in one option at once, however long it is.
    seen: Vec<usize>,
}

impl Reader {
    /// Reads one line (without its `\n`), numbered from 1.
    fn line(&mut self, line: usize, text: &str) -> Result<(), ParseError> {
        self.last_line = line;
        let text = text.strip_suffix('\r').unwrap_or(text);
        if text.starts_with('|') || text.trim().is_empty() {
            return Ok(());
        }
        if self.item_line.is_none() {
            self.builder = ProblemBuilder::new().with_limits(&self.limits);
            read_items(line, text, &mut self.builder)?;
            self.item_line = Some(line);
            return Ok(());
        }
        let b = &mut self.builder;
        self.entries.clear();
        let mut has_primary = false;
        for (column, token) in tokens(text) {
            let err = |kind| ParseError { line, column, kind };
            let (name, color) = match token.split_once(':') {
                Some((n, c)) => (n, Some(c)),
                None => (token, None),
            };
            let item = b.item(name).ok_or_else(|| err(ParseErrorKind::UnknownItem(name.to_string())))?;
            if self.seen.len() <= item.as_usize() {
                self.seen.resize(item.as_usize() + 1, 0);
            }
            if std::mem::replace(&mut self.seen[item.as_usize()], line) == line {
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
            self.entries.push((item, color));
        }
        b.colored_option_ids(&self.entries).map_err(|e| build_error(line, e))?;
        if !has_primary {
            self.warn(line, "option ignored: it has no primary item");
        }
        Ok(())
    }

    /// Keeps a warning, or counts it past [`MAX_WARNINGS`].
    fn warn(&mut self, line: usize, message: &str) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(Warning { line, message: message.to_string() });
        } else {
            self.more_warnings += 1;
        }
    }

    fn finish(mut self) -> Result<DlxInput, ParseError> {
        let item_line = self.item_line.ok_or(ParseError { line: 1, column: 1, kind: ParseErrorKind::NoItems })?;
        let last_line = self.last_line;
        let problem = self.builder.build().map_err(|e| match e {
            // The budget and the limits stop the arena's build, after the
            // last line.
            BuildError::OverBudget { .. } | BuildError::Stopped(_) => build_error(last_line, e),
            e => build_error(item_line, e),
        })?;
        if self.more_warnings > 0 {
            let message = format!("and {} more warnings like those above", self.more_warnings);
            self.warnings.push(Warning { line: last_line, message });
        }
        Ok(DlxInput { problem, warnings: self.warnings })
    }
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
        let token = name;
        let (bounds, name) = match name.split_once('|') {
            Some((_, "")) => return Err(err(ParseErrorKind::MissingName(token.to_string()))),
            Some((prefix, rest)) => (Some(parse_bounds(prefix, rest).map_err(err)?), rest),
            None => (None, name),
        };
        if name.contains(':') || name.contains('|') {
            return Err(err(ParseErrorKind::BadItemName(name.to_string())));
        }
        if b.item(name).is_some() {
            return Err(err(ParseErrorKind::DuplicateItem(name.to_string())));
        }
        let added = match bounds {
            Some(_) if secondary => return Err(err(ParseErrorKind::BoundOnSecondary(name.to_string()))),
            Some((lo, hi)) => b.primary_with_bounds(name, lo, hi),
            None if secondary => b.secondary(name),
            None => b.primary(name),
        };
        added.map_err(|e| ParseError { line, column, kind: ParseErrorKind::Build(e) })?;
        any_primary |= !secondary;
    }
    if !any_primary {
        return Err(ParseError { line, column: 1, kind: ParseErrorKind::NoPrimaryItems });
    }
    Ok(())
}

/// The multiplicity before the `|` of `a:b|name` or `b|name` (DLX3).
fn parse_bounds(prefix: &str, name: &str) -> Result<(u32, u32), ParseErrorKind> {
    let number = |t: &str| {
        let ok = !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
        ok.then(|| t.parse::<u32>().ok()).flatten().ok_or_else(|| ParseErrorKind::BadBound(format!("{prefix}|{name}")))
    };
    let (lo, hi) = match prefix.split_once(':') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let b = number(prefix)?;
            (b, b)
        }
    };
    if hi == 0 {
        return Err(ParseErrorKind::ZeroUpperBound(name.to_string()));
    }
    if lo > hi {
        return Err(ParseErrorKind::ReversedBounds { name: name.to_string(), lo, hi });
    }
    Ok((lo, hi))
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
    let names = |primary: bool| -> Vec<String> {
        let named = |i| match problem.bounds(i) {
            b if !primary || b == Bounds::ONCE => problem.item_name(i).to_string(),
            Bounds { min, max } if min == max => format!("{max}|{}", problem.item_name(i)),
            b => format!("{b}|{}", problem.item_name(i)),
        };
        items.clone().filter(|&i| problem.is_primary(i) == primary).map(named).collect()
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
