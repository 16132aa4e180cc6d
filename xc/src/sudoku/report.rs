//! Writing one puzzle's result in the chosen format.

use super::GridFormat;
use super::Mode;
use crate::wire::rating;
use crate::wire::record::{PuzzleLine, RatedFields, SolutionLine, write_line};
use exactcover::cover::StopReason;
use exactcover::sudoku::logic::Grade;
use exactcover::sudoku::{Grid, Verdict};
use std::io::{self, Write};

/// What was found for one puzzle.
#[derive(Debug)]
pub enum Kind {
    /// Exactly one solution.
    Unique(Grid),
    /// Several; the first found.
    Several(Grid),
    /// No solution, with the conflict if the givens contradict.
    NoSolution(Option<String>),
    /// A limit stopped the search before the answer was known.
    Stopped(StopReason),
    /// A count, and what stopped it short of the end (the solution limit,
    /// or another limit, with a partial count).
    Counted { count: u64, stop: Option<StopReason> },
    /// Solutions written as they were found (by `enumerate`): how many, and
    /// what stopped the search short of the end.
    Enumerated { count: u64, stop: Option<StopReason> },
    /// A rule check: the conflicts found.
    Checked(Vec<String>),
    /// The puzzle as a DLX problem.
    Dlx(String),
    /// A grade from the logic solver, or why there is none.
    Rated(Result<Grade, Unrated>),
}

/// Why a puzzle has no grade.
#[derive(Debug)]
pub struct Unrated {
    /// The reason, as the logic solver gives it.
    pub why: String,
    /// The status it gives the puzzle: `none` (no solution, or givens that
    /// clash) or `several`, exit code 1 as for `solve --unique`; `error`
    /// for anything else, exit code 2.
    pub status: &'static str,
}

impl Unrated {
    /// The grade's failure, sorted as its status and exit code need.
    pub fn of(e: &exactcover::sudoku::logic::LogicError) -> Unrated {
        use exactcover::sudoku::logic::LogicError as E;
        let status = match e {
            E::NoSolution | E::Conflict(_) => "none",
            E::MultipleSolutions => "several",
            _ => "error",
        };
        Unrated { why: e.to_string(), status }
    }

    /// Whether the puzzle has no single solution, rather than an error.
    pub fn improper(&self) -> bool {
        self.status != "error"
    }
}

impl From<Verdict> for Kind {
    /// What a solve found: a conflict's cells become its text.
    fn from(verdict: Verdict) -> Kind {
        match verdict {
            Verdict::Unique(g) => Kind::Unique(g),
            Verdict::Several(g) => Kind::Several(g),
            Verdict::None(conflict) => Kind::NoSolution(conflict.map(|c| c.to_string())),
            Verdict::Unknown(r, _) => Kind::Stopped(r),
        }
    }
}

impl Kind {
    /// The status word used in CSV and JSON.
    pub fn status(&self) -> &'static str {
        match self {
            Kind::Unique(_) => "unique",
            Kind::Several(_) => "several",
            Kind::NoSolution(_) => "none",
            Kind::Stopped(_) => "stopped",
            Kind::Counted { .. } | Kind::Enumerated { .. } => "counted",
            Kind::Dlx(_) => "dlx",
            Kind::Rated(Ok(_)) => "rated",
            Kind::Rated(Err(e)) => e.status,
            Kind::Checked(c) if c.is_empty() => "ok",
            Kind::Checked(_) => "invalid",
        }
    }
}

/// One result, ready to write.
#[derive(Debug)]
pub struct Record<'a> {
    /// The input's name.
    pub file: &'a str,
    /// The puzzle's first line.
    pub line: usize,
    /// The puzzle.
    pub puzzle: &'a Grid,
    /// What was found.
    pub kind: Kind,
    /// Search nodes and guesses, when asked for.
    pub nodes: Option<(u64, u64)>,
}

/// Writes the CSV header, for formats that have one.
pub fn header(out: &mut dyn Write, format: GridFormat, mode: Mode) -> io::Result<()> {
    match (format, mode) {
        (GridFormat::Csv, Mode::Rate) => writeln!(out, "puzzle,{}", Grade::csv_header()),
        (GridFormat::Csv, _) => writeln!(out, "puzzle,solution,status,count,nodes,guesses"),
        _ => Ok(()),
    }
}

/// Writes one record.
pub fn write(out: &mut dyn Write, format: GridFormat, r: &Record) -> io::Result<()> {
    if let Kind::Dlx(text) = &r.kind {
        return write!(out, "{text}");
    }
    if let (GridFormat::Csv, Kind::Rated(grade)) = (format, &r.kind) {
        let row = grade.as_ref().map_or_else(|e| format!(",,error: {}", e.why), Grade::csv_row);
        return writeln!(out, "{},{row}", r.puzzle.to_line());
    }
    match format {
        GridFormat::Line => line(out, r),
        GridFormat::Block => block(out, r),
        GridFormat::Csv => csv(out, r),
        GridFormat::Json => write_line(out, &json_record(r)),
    }
}

/// `123` for a complete count, `123+` for one cut short.
fn count_text(count: u64, stop: Option<StopReason>) -> String {
    if stop.is_none() { count.to_string() } else { format!("{count}+") }
}

/// What stopped a count or an enumeration short of the end, as a note.
fn stop_note(stop: Option<StopReason>) -> String {
    match stop {
        None => String::new(),
        Some(StopReason::Solutions) => "limit reached".into(),
        Some(r) => format!("stopped: {r}"),
    }
}

/// The line that ends a puzzle's solutions (written after them).
pub fn enumeration_trailer(count: u64, stop: Option<StopReason>) -> String {
    let note = stop_note(stop);
    let plural = if count == 1 { "" } else { "s" };
    if note.is_empty() { format!("{count} solution{plural}") } else { format!("{count} solution{plural} ({note})") }
}

/// Writes what comes before a puzzle's solutions, when they are written
/// one by one as found: the puzzle, for the formats that don't repeat it.
pub fn enumeration_heading(out: &mut dyn Write, format: GridFormat, r: &Record) -> io::Result<()> {
    match format {
        GridFormat::Line => writeln!(out, "# {}", r.puzzle.to_line()),
        GridFormat::Block => writeln!(out, "# line {}: {}", r.line, r.puzzle.to_line()),
        GridFormat::Csv | GridFormat::Json => Ok(()),
    }
}

/// Writes the `k`-th solution (from 1) of a puzzle as it is found.
pub fn enumerated_solution(
    out: &mut dyn Write,
    format: GridFormat,
    r: &Record,
    k: u64,
    solution: &Grid,
) -> io::Result<()> {
    match format {
        GridFormat::Line => writeln!(out, "{}", solution.to_line()),
        GridFormat::Block => writeln!(out, "{}", solution.to_block()),
        GridFormat::Csv => writeln!(out, "{},{},solution,{k},,", r.puzzle.to_line(), solution.to_line()),
        GridFormat::Json => {
            let line = SolutionLine {
                file: r.file,
                line: r.line,
                puzzle: r.puzzle.to_line(),
                status: "solution",
                index: k,
                solution: solution.to_line(),
            };
            write_line(out, &line)
        }
    }
}

/// `; N nodes, G guesses` when the statistics are asked for.
fn nodes_note(r: &Record) -> String {
    r.nodes.map(|(n, g)| format!("; {n} nodes, {g} guesses")).unwrap_or_default()
}

fn note(r: &Record) -> String {
    let base = match &r.kind {
        Kind::Unique(_) | Kind::Counted { .. } | Kind::Enumerated { .. } | Kind::Dlx(_) => String::new(),
        Kind::Several(_) => "several solutions".into(),
        Kind::NoSolution(None) => "no solution".into(),
        Kind::NoSolution(Some(c)) => format!("no solution: {c}"),
        Kind::Stopped(why) => format!("stopped: {why}"),
        Kind::Checked(c) if c.is_empty() && r.puzzle.is_full() => "ok, complete".into(),
        Kind::Checked(c) if c.is_empty() => format!("ok, {} givens", r.puzzle.givens()),
        Kind::Checked(c) => format!("invalid: {}", c.join("; ")),
        Kind::Rated(Ok(g)) => g.to_string(),
        Kind::Rated(Err(e)) => format!("can't rate: {}", e.why),
    };
    match (r.nodes, base.is_empty()) {
        (Some((n, g)), true) => format!("{n} nodes, {g} guesses"),
        (Some((n, g)), false) => format!("{base}; {n} nodes, {g} guesses"),
        (None, _) => base,
    }
}

fn with_note(out: &mut dyn Write, text: &str, note: &str) -> io::Result<()> {
    if note.is_empty() { writeln!(out, "{text}") } else { writeln!(out, "{text}  # {note}") }
}

fn shown<'a>(r: &'a Record<'a>) -> Option<&'a Grid> {
    match &r.kind {
        Kind::Unique(g) | Kind::Several(g) => Some(g),
        _ => None,
    }
}

/// The cells written at a time (a 9×9 grid's at once).
const TEXT: usize = 128;

/// Appends a solution's line to `out`: what [`write()`] writes, in the line
/// format without statistics, for a unique solution (`several` false) or
/// the first of several. A 9×9 grid's 81 cells are made in a loop of
/// fixed length, which the compiler unrolls into a few vector
/// instructions.
pub fn solution_line(out: &mut Vec<u8>, grid: &Grid, several: bool) {
    const SEVERAL: &[u8] = b"  # several solutions\n";
    match <&[u8; 81]>::try_from(grid.cells()) {
        Ok(cells) => {
            // Copies of lengths known here: vector moves, no `memcpy`.
            let mut text = [0; 81 + SEVERAL.len()];
            for (t, &v) in text.iter_mut().zip(cells) {
                *t = digit_byte(v);
            }
            if several {
                text[81..].copy_from_slice(SEVERAL);
                out.extend_from_slice(&text);
            } else {
                text[81] = b'\n';
                out.extend_from_slice(&text[..82]);
            }
        }
        Err(_) => {
            out.extend(grid.cells().iter().map(|&v| digit_byte(v)));
            out.extend_from_slice(if several { SEVERAL } else { b"\n" });
        }
    }
}

/// [`digit_char`](exactcover::sudoku::digit_char)'s byte, by arithmetic
/// and selects rather than branches, so that a grid's line is made 16 or
/// 32 cells at a time.
fn digit_byte(v: u8) -> u8 {
    let c = v + if v > 9 { b'A' - 10 } else { b'0' };
    if v == 0 { b'.' } else { c }
}

fn line(out: &mut dyn Write, r: &Record) -> io::Result<()> {
    let note = note(r);
    if let Some(grid) = shown(r) {
        // A solution on its line, the common case: written from a buffer
        // on the stack, with no string made for it, then its note.
        let cells = grid.cells();
        for part in cells.chunks(TEXT) {
            let mut text = [0; TEXT];
            for (t, &v) in text.iter_mut().zip(part) {
                *t = digit_byte(v);
            }
            out.write_all(&text[..part.len()])?;
        }
        return if note.is_empty() { out.write_all(b"\n") } else { writeln!(out, "  # {note}") };
    }
    match &r.kind {
        Kind::Counted { count, stop } => {
            let note = [stop_note(*stop), note].join(" ").trim().to_string();
            with_note(out, &format!("{}:{}", r.puzzle.to_line(), count_text(*count, *stop)), &note)
        }
        Kind::Enumerated { count, stop } => writeln!(out, "# {}{}", enumeration_trailer(*count, *stop), nodes_note(r)),
        _ => with_note(out, &shown(r).unwrap_or(r.puzzle).to_line(), &note),
    }
}

fn block(out: &mut dyn Write, r: &Record) -> io::Result<()> {
    let note = note(r);
    match &r.kind {
        Kind::Counted { count, stop } => {
            let note = stop_note(*stop);
            let note = if note.is_empty() { note } else { format!(" ({note})") };
            writeln!(out, "# line {}: {} solutions{note}", r.line, count_text(*count, *stop))?;
            write!(out, "{}", r.puzzle.to_block())?;
        }
        Kind::Enumerated { count, stop } => {
            return writeln!(out, "# line {}: {}{}\n", r.line, enumeration_trailer(*count, *stop), nodes_note(r));
        }
        _ => {
            if !note.is_empty() {
                writeln!(out, "# line {}: {note}", r.line)?;
            }
            write!(out, "{}", shown(r).unwrap_or(r.puzzle).to_block())?;
        }
    }
    writeln!(out)
}

fn csv(out: &mut dyn Write, r: &Record) -> io::Result<()> {
    let solution = shown(r).map(Grid::to_line).unwrap_or_default();
    let count = match &r.kind {
        Kind::Unique(_) => "1".to_string(),
        Kind::Several(_) => "2+".to_string(),
        Kind::NoSolution(_) => "0".to_string(),
        Kind::Counted { count, stop } | Kind::Enumerated { count, stop } => count_text(*count, *stop),
        Kind::Stopped(_) | Kind::Checked(_) | Kind::Dlx(_) | Kind::Rated(_) => String::new(),
    };
    let (nodes, guesses) = r.nodes.map(|(n, g)| (n.to_string(), g.to_string())).unwrap_or_default();
    writeln!(out, "{},{solution},{},{count},{nodes},{guesses}", r.puzzle.to_line(), r.kind.status())
}

/// One puzzle's JSON line (see `wire::record`).
fn json_record<'a>(r: &Record<'a>) -> PuzzleLine<'a> {
    let mut j = PuzzleLine {
        file: r.file,
        line: r.line,
        puzzle: r.puzzle.to_line(),
        status: r.kind.status(),
        solution: shown(r).map(Grid::to_line),
        ..PuzzleLine::default()
    };
    match &r.kind {
        Kind::Unique(_) => j.count = Some(1),
        Kind::NoSolution(conflict) => (j.count, j.conflict) = (Some(0), conflict.clone()),
        Kind::Stopped(why) => j.stopped = Some(why.to_string()),
        Kind::Counted { count, stop } | Kind::Enumerated { count, stop } => {
            (j.count, j.complete, j.stopped) = (Some(*count), Some(stop.is_none()), stop.map(|r| r.to_string()));
        }
        Kind::Checked(conflicts) => (j.complete, j.conflicts) = (Some(r.puzzle.is_full()), Some(conflicts.clone())),
        Kind::Rated(Ok(g)) => {
            let se = g.se().and_then(|s| s.rating());
            let tenths = |r: Option<exactcover::sudoku::logic::Rating>| r.map(|r| rating(r.tenths()));
            j.rated = Some(RatedFields {
                rating: tenths(se.map(|r| r.er)),
                er: tenths(se.map(|r| r.er)),
                ep: tenths(se.map(|r| r.ep)),
                ed: tenths(se.map(|r| r.ed)),
                se_hardest: se.map(|r| r.hardest.name()),
                no_rating: g.se().and_then(|s| s.why_none()),
                path_rating: rating(g.rating().tenths()),
                level: g.level().name(),
                steps: g.steps() as u64,
                techniques: g.counts().filter(|&(_, n)| n > 0).map(|(t, n)| (t.name(), n as u64)).collect(),
            });
            j.guesses = Some(g.guesses() as u64);
        }
        Kind::Rated(Err(e)) => j.error = Some(e.why.clone()),
        Kind::Several(_) | Kind::Dlx(_) => {}
    }
    if let Some((n, g)) = r.nodes {
        (j.nodes, j.guesses) = (Some(n), Some(g));
    }
    j
}

#[cfg(test)]
mod tests {
    use super::*;
    use exactcover::sudoku::digit_char;

    /// The byte by arithmetic is the character of every value a grid may
    /// hold.
    #[test]
    fn digit_bytes_are_digit_chars() {
        for v in 0..=25 {
            assert_eq!(char::from(digit_byte(v)), digit_char(v), "{v}");
        }
    }

    /// A solution's line, appended, is the line format's text of a unique
    /// solution or the first of several, for every size.
    #[test]
    fn a_solution_line_is_what_the_line_format_writes() {
        for n in 2..=5 {
            let side = n * n;
            let cells = (0..side * side).map(|k| ((k / side * n + k / side / n + k % side) % side + 1) as u8);
            let grid = Grid::from_cells(cells.collect()).unwrap();
            let puzzle = Grid::empty(n).unwrap();
            for several in [false, true] {
                let kind = if several { Kind::Several(grid.clone()) } else { Kind::Unique(grid.clone()) };
                let record = Record { file: "f", line: 1, puzzle: &puzzle, kind, nodes: None };
                let mut written = Vec::new();
                write(&mut written, GridFormat::Line, &record).unwrap();
                let mut appended = b"before\n".to_vec();
                solution_line(&mut appended, &grid, several);
                assert_eq!(appended[7..], written, "{n}");
                let note = if several { "  # several solutions" } else { "" };
                assert_eq!(written, format!("{}{note}\n", grid.to_line()).into_bytes());
            }
        }
    }
}
