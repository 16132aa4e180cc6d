//! The puzzle reader on the bad input of issue 37: a stray short line
//! is blamed itself and swallows no puzzle after it; an endless line is
//! reported as soon as it passes the limit, and a cancel flag ends the
//! reader even while it skips one; control characters from the input are
//! escaped in every error that shows them.

use exactcover::sudoku::{InputFormat, PuzzleReader, SudokuError, read_puzzles};
use std::io::{BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// `(line, Ok(first row))` or `(line, Err("column: message"))` per item.
fn outline(text: &str) -> Vec<(usize, Result<String, String>)> {
    read_puzzles(text, InputFormat::Auto)
        .map(|item| match item {
            Ok(p) => (p.line, Ok(p.grid.to_line()[..9].to_string())),
            Err(SudokuError::Parse { line, column, kind }) => (line, Err(format!("{column}: {kind}"))),
            Err(e) => panic!("{e}"),
        })
        .collect()
}

fn ok(line: usize, row: &str) -> (usize, Result<String, String>) {
    (line, Ok(row.to_string()))
}

fn err(line: usize, message: &str) -> (usize, Result<String, String>) {
    (line, Err(message.to_string()))
}

/// Inkala's puzzle as a block of nine rows of digits, `0` for empty.
fn inkala_block() -> String {
    INKALA.as_bytes().chunks(9).map(|row| format!("{}\n", String::from_utf8_lossy(row).replace('.', "0"))).collect()
}

/// `printf '1234\nP\n'`: the lone `1234` opened a 4×4 block that took the
/// puzzle line as its (too long) second row, and the error named line 2.
/// Now the block ends before the puzzle, the error names line 1, and the
/// puzzle is read; so too before a tdoku line, a 4×4 line, and the first
/// row of a block of another size.
#[test]
fn a_stray_short_line_is_blamed_and_swallows_nothing() {
    let stray = "1: incomplete block: 1 of 4 rows";
    assert_eq!(outline(&format!("1234\n{INKALA}\n")), [err(1, stray), ok(2, "8........")]);
    assert_eq!(outline(&format!("1 2 3 4\n{INKALA}:1\n")), [err(1, stray), ok(2, "8........")]);
    assert_eq!(outline("1234\n1.3.3..2.1..4.21\n"), [err(1, stray), ok(2, "1.3.3..2.")]);
    assert_eq!(outline(&format!("1234\n{}", inkala_block())), [err(1, stray), ok(2, "8........")]);
    // The lines after still read, each on its own.
    assert_eq!(
        outline(&format!("12\n1234\n{INKALA}\n\n{INKALA}\n")),
        [
            err(1, "1: wrong length: 2 cells; a puzzle line has 81 (or 16, 256, 625)"),
            err(2, stray),
            ok(3, "8........"),
            ok(5, "8........")
        ]
    );
}

/// A block whose later row is too short still blames that row: the block
/// had more than one row, so the short line is the mistake, not the block.
#[test]
fn a_bad_row_inside_a_block_is_still_the_one_blamed() {
    let mut rows: Vec<String> = inkala_block().lines().map(String::from).collect();
    rows[3] = "1234".to_string();
    let items = outline(&format!("{}\n", rows.join("\n")));
    assert_eq!(items[0], err(4, "1: row has 4 cells, expected 9"), "{items:?}");
    // A block of the right rows around it reads as before.
    assert_eq!(outline(&inkala_block()), [ok(1, "8........")]);
}

/// A 16 MiB line of NUL bytes (`/dev/zero` cut short) is reported before
/// the reader has read a second MiB of it, then skipped to its end; the
/// puzzle after it is read.
#[test]
fn an_endless_line_is_reported_at_once() {
    let input = std::io::repeat(0).take(16 << 20).chain(std::io::Cursor::new(format!("\n{INKALA}\n")));
    let mut reader = PuzzleReader::new(BufReader::new(input), InputFormat::Auto);
    let first = reader.next().unwrap().unwrap_err();
    assert_eq!(first.to_string(), "line 1, column 1: line longer than 65536 bytes");
    assert!(reader.bytes_read() < 1 << 20, "{} bytes read before the error", reader.bytes_read());
    let puzzle = reader.next().unwrap().unwrap();
    assert_eq!((puzzle.line, puzzle.grid.to_line()), (2, INKALA.to_string()));
    assert!(reader.next().is_none());
}

/// A raised cancel flag ends the reader, with no error, whether it is
/// skipping an endless line (`/dev/zero`) or reading endless blank lines;
/// a flag that stays down changes nothing.
#[test]
fn a_cancel_flag_ends_the_reader() {
    let flag = Arc::new(AtomicBool::new(false));
    let mut zero = PuzzleReader::new(BufReader::new(std::io::repeat(0)), InputFormat::Auto).with_cancel(flag.clone());
    assert!(zero.next().unwrap().is_err());
    let raiser = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        })
    };
    // Skipping the rest of the endless line until the flag goes up.
    assert!(zero.next().is_none());
    assert!(zero.next().is_none());
    raiser.join().unwrap();
    let mut blank = PuzzleReader::new(BufReader::new(std::io::repeat(b'\n')), InputFormat::Auto).with_cancel(flag);
    assert!(blank.next().is_none());
    // An open block is not reported once cancelled.
    let down = Arc::new(AtomicBool::new(false));
    let mut block = PuzzleReader::new("1234\n".as_bytes(), InputFormat::Auto).with_cancel(down.clone());
    assert!(block.next().unwrap().is_err(), "the flag is down: the open block is reported");
    let mut block = PuzzleReader::new("1234\n".as_bytes(), InputFormat::Auto).with_cancel(down.clone());
    down.store(true, Ordering::Relaxed);
    assert!(block.next().is_none());
}

/// ESC and BEL in a puzzle are shown escaped in every error that quotes
/// the input, never raw (they would drive the terminal).
#[test]
fn control_characters_in_errors_are_escaped() {
    let mut bad_cell = INKALA.to_string();
    bad_cell.replace_range(10..11, "\u{1b}");
    let cases = [
        (bad_cell, "line 1, column 11: bad character `\\u{1b}`"),
        ("1 2 \u{7} 4\n".to_string(), "line 1, column 5: bad character `\\u{7}`"),
        (format!("{INKALA}\u{1b}[31m\n"), "line 1, column 82: unexpected `\\u{1b}` after the puzzle"),
        (format!("{INKALA}:\u{7}\n"), "line 1, column 83: expected a solution count after `:`, found `\\u{7}`"),
        ("1,2,\u{1b}x,4\n".to_string(), "line 1, column 5: field 3 (`\\u{1b}x`) is not a cell"),
        // Old Mac text: lines that end with a lone CR read as one line.
        (
            format!("{INKALA}\r{INKALA}\r"),
            "line 1, column 82: unexpected `\\r` after the puzzle; lines end with \\n or \\r\\n, not a lone \\r \
             (convert the file, e.g. with tr '\\r' '\\n')",
        ),
        // ... and the first a comment: it said "no puzzles found".
        (
            format!("# made by hand\r{INKALA}\r"),
            "line 1, column 15: bad character `\\r`; lines end with \\n or \\r\\n, not a lone \\r \
             (convert the file, e.g. with tr '\\r' '\\n')",
        ),
    ];
    for (text, want) in cases {
        let e = read_puzzles(&text, InputFormat::Auto).next().unwrap().unwrap_err().to_string();
        assert_eq!(e, want, "{text:?}");
        assert!(!e.contains(['\u{1b}', '\u{7}']), "{e:?}");
    }
    let e = exactcover::sudoku::Layout::jigsaw("\u{7}AAA\nABBB\nCCDD\nCCDD").unwrap_err().to_string();
    assert_eq!(e, "region `\\u{7}` has 1 cells, expected 4");
}
