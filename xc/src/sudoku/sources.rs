//! Where `xc sudoku` reads puzzles from: one rule for every subcommand
//! that takes them (`solve`, `count`, `check`, `rate`, `hint`, `explain`,
//! and `--puzzle`).
//!
//! Each argument is, in this order:
//! 1. `-`: standard input;
//! 2. a path that exists (a file, a named pipe, a shell's `<(…)`): that
//!    file, even when its name could also be read as a puzzle;
//! 3. a puzzle written out (`8..........36…`, 81 characters for a 9×9
//!    grid): the puzzle itself. Text that reads as a grid, or that looks
//!    like one (mostly digits and dots, at least 16 of them), is taken
//!    as one, so a mistyped puzzle gets the parser's message naming its
//!    column;
//! 4. anything else: a file that is missing (`no such file`).
//!
//! No argument at all reads standard input: piped, it is read as it
//! comes; on a terminal, a line on stderr first says how to end the input.

use crate::input;
use exactcover::sudoku::{InputFormat, SudokuError, read_puzzles};
use std::io::Read;
use std::path::{Path, PathBuf};

/// One input of puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-`, or no argument).
    Stdin,
    /// A file, which may be missing.
    File(PathBuf),
    /// Puzzles given on the command line, with the name messages give
    /// them (`<argument 2>`, `<--puzzle>`).
    Text { text: String, name: String },
}

impl Source {
    /// The inputs that the arguments name (see the module doc):
    /// standard input when there are none.
    pub fn all(args: &[PathBuf]) -> Vec<Source> {
        if args.is_empty() {
            return vec![Source::Stdin];
        }
        args.iter().enumerate().map(|(k, a)| Source::of(a, &format!("<argument {}>", k + 1))).collect()
    }

    /// The one input of a command that takes one grid (`hint`, `explain`,
    /// `sample`), named as [`Source::all`] names a first argument.
    pub fn one(arg: Option<&Path>) -> Source {
        arg.map_or(Source::Stdin, |a| Source::of(a, "<argument 1>"))
    }

    /// The input one argument names; `name` is what messages call it if
    /// it is a puzzle written out.
    pub fn of(arg: &Path, name: &str) -> Source {
        if arg == Path::new("-") {
            return Source::Stdin;
        }
        // `exists` follows links: a dangling link is a missing file.
        if arg.exists() || arg.symlink_metadata().is_ok() {
            return Source::File(arg.to_path_buf());
        }
        match arg.to_str() {
            Some(text) if is_puzzle_text(text) => Source::Text { text: text.to_string(), name: name.to_string() },
            _ => Source::File(arg.to_path_buf()),
        }
    }

    /// The name used in messages: the path, `<stdin>`, or the puzzle's.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => input::STDIN.to_string(),
            Source::File(p) => input::display_name(Some(p)),
            Source::Text { name, .. } => name.clone(),
        }
    }

    /// The file's size, when the input is a file whose size is known.
    pub fn file_len(&self) -> Option<u64> {
        match self {
            Source::File(p) => std::fs::metadata(p).ok().map(|m| m.len()),
            _ => None,
        }
    }

    /// The input's bytes as a stream, or why the file can't be opened
    /// (in words, with the file's name: see [`input::describe`]).
    pub fn open(&self) -> Result<Box<dyn Read>, String> {
        match self {
            Source::Stdin => Ok(Box::new(input::stdin())),
            Source::File(p) => match input::open(p) {
                Ok(f) => Ok(Box::new(f)),
                Err(e) => Err(format!("{}: {}", exactcover::text::Escaped(&self.name()), input::describe(&e))),
            },
            Source::Text { text, .. } => Ok(Box::new(std::io::Cursor::new(text.clone().into_bytes()))),
        }
    }
}

/// Whether an argument that names no file is a puzzle written out: it
/// reads as one, or it looks like one (at least 16 characters, the cells
/// of a 4×4 grid, most of them digits or dots), so that a mistyped puzzle
/// is reported by the parser. A name such as `puzzles.txt` or
/// `hard_2024` is neither, and stays a missing file.
fn is_puzzle_text(text: &str) -> bool {
    if text.contains(['/', '\\']) {
        return false;
    }
    if matches!(read_puzzles(text, InputFormat::Auto).next(), Some(Ok(_))) {
        return true;
    }
    let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let gridlike = cells.iter().filter(|c| c.is_ascii_digit() || **c == '.').count();
    cells.len() >= 16 && 2 * gridlike >= cells.len()
}

/// A bad input's message, as every command gives it: `NAME:LINE:COLUMN:
/// what` for a line that is no puzzle, `NAME: what` otherwise.
pub fn located(name: &str, e: &SudokuError) -> String {
    match e {
        SudokuError::Parse { line, column, kind } => format!("{name}:{line}:{column}: {kind}"),
        e => format!("{name}: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn each_argument_is_read_the_same_way() {
        let of = |s: &str| Source::of(Path::new(s), "<argument 1>");
        assert_eq!(of("-"), Source::Stdin);
        assert_eq!(of(PUZZLE), Source::Text { text: PUZZLE.into(), name: "<argument 1>".into() });
        // A mistyped puzzle (a cell short) is text, for the parser to name.
        assert!(matches!(of(&PUZZLE[1..]), Source::Text { .. }));
        for missing in ["puzzles.txt", "hard_2024", "no/such/file", "12345"] {
            assert_eq!(of(missing), Source::File(PathBuf::from(missing)), "{missing}");
        }
        assert_eq!(Source::all(&[]), vec![Source::Stdin]);
        assert_eq!(Source::all(&[PathBuf::from(PUZZLE)])[0].name(), "<argument 1>");
    }

    /// A file whose name is a puzzle is read as the file.
    #[test]
    fn a_file_that_exists_wins() {
        let dir = std::env::temp_dir().join(format!("xc-sources-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("1234341221434321");
        std::fs::write(&path, "....\n").unwrap();
        assert_eq!(Source::of(&path, ""), Source::File(path.clone()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
