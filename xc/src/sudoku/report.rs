//! Writing one puzzle's result in the chosen format.

use super::GridFormat;
use super::Mode;
use exactcover::sudoku::Grid;
use exactcover::sudoku::logic::Grade;
use serde_json::{Map, Value, json};
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
    /// A limit stopped the search.
    Stopped(String),
    /// A count, and whether it is complete.
    Counted(u64, bool),
    /// The solutions printed, and whether that is all of them.
    Enumerated(Vec<Grid>, bool),
    /// A rule check: the conflicts found.
    Checked(Vec<String>),
    /// The puzzle as a DLX problem.
    Dlx(String),
    /// A grade from the logic solver, or why there is none.
    Rated(Result<Grade, String>),
}

impl Kind {
    /// The status word used in CSV and JSON.
    pub fn status(&self) -> &'static str {
        match self {
            Kind::Unique(_) => "unique",
            Kind::Several(_) => "several",
            Kind::NoSolution(_) => "none",
            Kind::Stopped(_) => "stopped",
            Kind::Counted(..) | Kind::Enumerated(..) => "counted",
            Kind::Dlx(_) => "dlx",
            Kind::Rated(Ok(_)) => "rated",
            Kind::Rated(Err(_)) => "error",
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
        let row = grade.as_ref().map_or_else(|e| format!(",,error: {e}"), Grade::csv_row);
        return writeln!(out, "{},{row}", r.puzzle.to_line());
    }
    match format {
        GridFormat::Line => line(out, r),
        GridFormat::Block => block(out, r),
        GridFormat::Csv => csv(out, r),
        GridFormat::Json => writeln!(out, "{}", json_record(r)),
    }
}

fn note(r: &Record) -> String {
    let base = match &r.kind {
        Kind::Unique(_) | Kind::Counted(..) | Kind::Enumerated(..) | Kind::Dlx(_) => String::new(),
        Kind::Several(_) => "several solutions".into(),
        Kind::NoSolution(None) => "no solution".into(),
        Kind::NoSolution(Some(c)) => format!("no solution: {c}"),
        Kind::Stopped(why) => format!("stopped: {why}"),
        Kind::Checked(c) if c.is_empty() && r.puzzle.is_full() => "ok, complete".into(),
        Kind::Checked(c) if c.is_empty() => format!("ok, {} givens", r.puzzle.givens()),
        Kind::Checked(c) => format!("invalid: {}", c.join("; ")),
        Kind::Rated(Ok(g)) => g.to_string(),
        Kind::Rated(Err(e)) => format!("can't rate: {e}"),
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

fn line(out: &mut dyn Write, r: &Record) -> io::Result<()> {
    let note = note(r);
    match &r.kind {
        Kind::Counted(n, complete) => {
            let count = if *complete { n.to_string() } else { format!("{n}+") };
            let note = if *complete { note } else { ["limit reached", &note].join(" ").trim().to_string() };
            with_note(out, &format!("{}:{count}", r.puzzle.to_line()), &note)
        }
        Kind::Enumerated(solutions, complete) => {
            let more = if *complete { "" } else { " (limit reached)" };
            writeln!(out, "# {}: {} solutions{more}", r.puzzle.to_line(), solutions.len())?;
            solutions.iter().try_for_each(|s| writeln!(out, "{}", s.to_line()))
        }
        _ => with_note(out, &shown(r).unwrap_or(r.puzzle).to_line(), &note),
    }
}

fn block(out: &mut dyn Write, r: &Record) -> io::Result<()> {
    let note = note(r);
    match &r.kind {
        Kind::Counted(n, complete) => {
            writeln!(out, "# line {}: {n}{} solutions", r.line, if *complete { "" } else { "+" })?;
            write!(out, "{}", r.puzzle.to_block())?;
        }
        Kind::Enumerated(solutions, _) => {
            writeln!(out, "# line {}: {} solutions", r.line, solutions.len())?;
            for s in solutions {
                writeln!(out, "{}", s.to_block())?;
            }
            return Ok(());
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
        Kind::Counted(n, complete) => format!("{n}{}", if *complete { "" } else { "+" }),
        Kind::Enumerated(s, complete) => format!("{}{}", s.len(), if *complete { "" } else { "+" }),
        Kind::Stopped(_) | Kind::Checked(_) | Kind::Dlx(_) | Kind::Rated(_) => String::new(),
    };
    let (nodes, guesses) = r.nodes.map(|(n, g)| (n.to_string(), g.to_string())).unwrap_or_default();
    writeln!(out, "{},{solution},{},{count},{nodes},{guesses}", r.puzzle.to_line(), r.kind.status())
}

fn json_record(r: &Record) -> Value {
    let mut m = Map::new();
    m.insert("file".into(), json!(r.file));
    m.insert("line".into(), json!(r.line));
    m.insert("puzzle".into(), json!(r.puzzle.to_line()));
    m.insert("status".into(), json!(r.kind.status()));
    if let Some(g) = shown(r) {
        m.insert("solution".into(), json!(g.to_line()));
    }
    match &r.kind {
        Kind::Unique(_) => {
            m.insert("count".into(), json!(1));
        }
        Kind::NoSolution(conflict) => {
            m.insert("count".into(), json!(0));
            if let Some(c) = conflict {
                m.insert("conflict".into(), json!(c));
            }
        }
        Kind::Stopped(why) => {
            m.insert("stopped".into(), json!(why));
        }
        Kind::Counted(n, complete) => {
            m.insert("count".into(), json!(n));
            m.insert("complete".into(), json!(complete));
        }
        Kind::Enumerated(solutions, complete) => {
            m.insert("count".into(), json!(solutions.len()));
            m.insert("complete".into(), json!(complete));
            m.insert("solutions".into(), json!(solutions.iter().map(Grid::to_line).collect::<Vec<_>>()));
        }
        Kind::Checked(conflicts) => {
            m.insert("complete".into(), json!(r.puzzle.is_full()));
            m.insert("conflicts".into(), json!(conflicts));
        }
        Kind::Rated(Ok(g)) => {
            m.insert("rating".into(), json!(g.rating().value()));
            m.insert("level".into(), json!(g.level().name()));
            m.insert("guesses".into(), json!(g.guesses()));
            m.insert("steps".into(), json!(g.steps()));
            let used: Map<String, Value> =
                g.counts().filter(|&(_, n)| n > 0).map(|(t, n)| (t.name().to_string(), json!(n))).collect();
            m.insert("techniques".into(), Value::Object(used));
        }
        Kind::Rated(Err(e)) => {
            m.insert("error".into(), json!(e));
        }
        Kind::Several(_) | Kind::Dlx(_) => {}
    }
    if let Some((n, g)) = r.nodes {
        m.insert("nodes".into(), json!(n));
        m.insert("guesses".into(), json!(g));
    }
    Value::Object(m)
}
