//! The reader on the shapes of input it takes, and on the ones it refuses.

use super::*;

fn all(text: &str) -> Vec<Item> {
    read_puzzles(text, InputFormat::Auto).collect()
}

const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The fast path for plain 81-character lines reads what the general
/// path reads: the same line with a trailing space takes the general
/// path.
#[test]
fn plain_lines_read_as_the_general_path_does() {
    let lines = [
        INKALA.to_string(),
        INKALA.replace('.', "0"),
        INKALA.replace('.', "_"),
        INKALA.replacen('.', "x", 1),
        INKALA.replacen('.', "A", 1),
        INKALA.replacen('.', ",", 1),
        INKALA[1..].to_string(),
        format!("{INKALA}."),
    ];
    for line in lines {
        for ending in ["\n", "\r\n", ""] {
            let fast = all(&format!("{line}{ending}"));
            let general = all(&format!("{line} {ending}"));
            assert_eq!(fast.len(), general.len(), "{line:?}");
            for (f, g) in fast.iter().zip(&general) {
                match (f, g) {
                    (Ok(f), Ok(g)) => assert_eq!(f, g),
                    (Err(_), Err(_)) => {}
                    _ => panic!("{line:?}: {f:?} against {g:?}"),
                }
            }
        }
    }
    let p = all(&format!("{INKALA}\n{INKALA}\r\n"));
    assert_eq!(p.iter().map(|p| p.as_ref().map(|p| p.line).unwrap_or(0)).collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn line_with_comment_and_extras() {
    let p = all(&format!("{INKALA} # the hardest\n"));
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].as_ref().unwrap().grid.to_line(), INKALA);
    let p = all(&format!("{INKALA}:1\n"));
    assert_eq!(p[0].as_ref().unwrap().count, Some(1));
}

#[test]
fn grouped_line() {
    let text = "8........ ..36..... .7..9.2.. .5...7... ....457.. ...1...3. ..1....68 ..85...1. .9....4..";
    assert_eq!(all(text)[0].as_ref().unwrap().grid.to_line(), INKALA);
}

/// `(line, Ok(first row))` or `(line, Err(message))` for each item.
fn outline(text: &str, format: InputFormat) -> Vec<(usize, Result<String, String>)> {
    read_puzzles(text, format)
        .map(|item| match item {
            Ok(p) => (p.line, Ok(p.grid.to_line()[..9].to_string())),
            Err(SudokuError::Parse { line, column, kind }) => (line, Err(format!("{column}: {kind}"))),
            Err(e) => panic!("{e}"),
        })
        .collect()
}

/// A board left open ends at the first line that can't be part of it:
/// the puzzles after it are read, and the board is an error.
#[test]
fn an_unterminated_board_loses_nothing_after_it() {
    let text = format!("[[\"8\",\".\",\n{INKALA}\n{INKALA}\n{INKALA}\n");
    let items = outline(&text, InputFormat::Auto);
    assert_eq!(items.len(), 4, "{items:?}");
    assert_eq!(items[0], (1, Err("1: unterminated board: `]` missing".to_string())));
    assert!(items[1..].iter().zip(2..).all(|((line, r), want)| *line == want && r.is_ok()), "{items:?}");
    // A board still open at the end of the input.
    assert_eq!(
        outline("[[\"8\",\n,[\".\"", InputFormat::Auto),
        [(1, Err("1: unterminated board: `]` missing".into()))]
    );
    // A well-formed board over several lines still reads.
    let rows: Vec<String> = (0..9)
        .map(|r| {
            format!("[{}]", INKALA[r * 9..r * 9 + 9].chars().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(","))
        })
        .collect();
    let board = format!("[{}\n]\n", rows.join("\n,"));
    assert_eq!(outline(&board, InputFormat::Auto), [(1, Ok("8........".to_string()))]);
}

/// Lines of words are errors, not headers, except a CSV header as the
/// first line with content.
#[test]
fn stray_words_are_errors() {
    let text = format!("# a comment\nquizzes,solutions\n{INKALA}\nxx\nfoo bar\npuzzle\nquizzes,solutions\n");
    let items = outline(&text, InputFormat::Auto);
    assert_eq!(items.len(), 5, "{items:?}");
    assert_eq!(items[0], (3, Ok("8........".to_string())));
    for (k, line) in [4, 5, 6, 7].into_iter().enumerate() {
        assert_eq!(items[k + 1].0, line);
        assert!(items[k + 1].1.is_err(), "{items:?}");
    }
    // A plain puzzle line is content too: a header after it is an error.
    let items = outline(&format!("{INKALA}\nquizzes,solutions\n"), InputFormat::Auto);
    assert_eq!(items[1], (2, Err("1: field 1 (`quizzes`) is not a cell".to_string())), "{items:?}");
}

/// With `--input-format line`, a row of a block is named as such.
#[test]
fn a_block_row_read_as_a_line_says_what_it_looks_like() {
    let items = outline("8 0 0 0 0 0 0 0 0\n", InputFormat::Line);
    assert_eq!(
        items,
        [(
            1,
            Err("1: wrong length: 9 cells; a puzzle line has 81 (or 16, 256, 625); it looks like a row of a block (read with --input-format block or auto)".to_string())
        )]
    );
}

#[test]
fn bad_character_is_located() {
    let mut bad = INKALA.to_string();
    bad.replace_range(10..11, "x");
    let e = all(&format!("# c\n{bad}\n")).remove(0).unwrap_err();
    assert!(matches!(e, SudokuError::Parse { line: 2, column: 11, .. }), "{e:?}");
}

/// A block row's bad cell is named at the column it is written at, in
/// each of a row's forms: commas, numbers split by spaces, characters.
#[test]
fn a_block_rows_bad_cell_is_located() {
    let at = |text: &str| match all(text).remove(0) {
        Err(SudokuError::Parse { line, column, kind }) => (line, column, kind.to_string()),
        other => panic!("{text:?}: {other:?}"),
    };
    let row = |cells: [&str; 4], separator: &str| cells.join(separator);
    let good = ["1", "2", "3", "4"];
    // A value past the side, on the second row of a 4×4 block.
    for (separator, column) in [(",", 3), (", ", 4), ("  ", 4)] {
        let text = format!("{}\n{}\n", row(good, separator), row(["3", "5", "1", "2"], separator));
        assert_eq!(at(&text), (2, column, "cell 2 holds 5, more than 4".to_string()), "{separator:?}");
    }
    let text = "1234\n3.5 2\n";
    assert_eq!(at(text), (2, 3, "cell 3 holds 5, more than 4".to_string()));
    // Numbers of two digits: the field's first.
    let text = format!("{}\n0 0 17 0\n", row(good, " "));
    assert_eq!(at(&text), (2, 5, "cell 3 holds 17, more than 4".to_string()));
    // A field that is no cell, at its first character (spaces skipped).
    let text = format!("{}\n1,2,  xy,4\n", row(good, ","));
    let (line, column, message) = at(&text);
    assert_eq!((line, column), (2, 7), "{message}");
}

/// Reads `text` through a buffer of `capacity` bytes, lending each
/// puzzle (`lend_next`), as `(line, Ok(grid, solution, count))` or
/// `(line, column, Err(message))` items.
fn lent(text: &str, capacity: usize, format: InputFormat) -> Vec<String> {
    let mut reader = PuzzleReader::new(std::io::BufReader::with_capacity(capacity, text.as_bytes()), format);
    let mut items = Vec::new();
    while let Some(item) = reader.lend_next() {
        items.push(match item {
            Ok(p) => format!("{}: {:?} {:?} {:?}", p.line, p.grid, p.solution, p.count),
            Err(e) => format!("error {e:?}"),
        });
    }
    items.push(format!("{} bytes", reader.bytes_read()));
    items
}

/// The fast path reads what the general path reads. A buffer of 64
/// bytes never holds a whole 9×9 line, so through it every line takes
/// the general path: the oracle. Through buffers of 82 bytes and more,
/// lines are read in place where they can be, and some are cut by the
/// buffer's end. Random texts mix good lines with bad characters, wrong
/// lengths, CRLF and lone CR, comments, blank lines, headers, extras,
/// block rows, other sizes and a byte-order mark.
#[test]
fn lent_puzzles_read_as_the_general_path_reads_them() {
    let mut state = 0x6a09_e667_f3bc_c909u64;
    let mut next = |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m as u64) as usize
    };
    let solution = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
    let pieces = [
        INKALA.to_string(),
        INKALA.replace('.', "0"),
        INKALA.replace('.', "_"),
        solution.to_string(),
        format!("{INKALA}:1"),
        format!("{INKALA}:1:{solution}"),
        format!("{INKALA},{solution}"),
        format!("{INKALA} # a comment"),
        "# a comment".to_string(),
        String::new(),
        "quizzes,solutions".to_string(),
        "1.3.3..2.1..4.21".to_string(),
        "8 . . | . . . | . . .".to_string(),
        "..343412..434321".to_string(),
        "[[\"5\",\"3\",\".\"]]".to_string(),
        "\u{feff}".to_string(),
    ];
    let (mut fast, mut total) = (0, 0);
    for round in 0..400 {
        let mut text = String::new();
        for _ in 0..next(12) {
            let mut line = pieces[next(pieces.len())].clone().into_bytes();
            // Now and then a byte changed, added or dropped.
            match next(8) {
                0 if !line.is_empty() => {
                    let at = next(line.len());
                    line[at] = b"x.9A\r\n \t,:#0"[next(12)];
                }
                1 => line.insert(next(line.len() + 1), b"x.9\r"[next(4)]),
                2 if !line.is_empty() => {
                    line.remove(next(line.len()));
                }
                _ => {}
            }
            let line = String::from_utf8(line).unwrap_or_default();
            text.push_str(&line);
            text.push_str(["\n", "\r\n", "\n", "\r\r\n"][next(4)]);
        }
        if round % 3 == 0 {
            // No line end at the end.
            text.pop();
        }
        for format in [InputFormat::Auto, InputFormat::Line, InputFormat::Csv] {
            let want = lent(&text, 64, format);
            for capacity in [82, 83, 100, 165, 1 << 16] {
                assert_eq!(lent(&text, capacity, format), want, "{text:?} {format:?} {capacity}");
            }
            // And the iterator, through a large buffer.
            let iterated: Vec<String> = PuzzleReader::new(text.as_bytes(), format)
                .map(|item| match item {
                    Ok(p) => format!("{}: {:?} {:?} {:?}", p.line, p.grid, p.solution, p.count),
                    Err(e) => format!("error {e:?}"),
                })
                .collect();
            assert_eq!(iterated, want[..want.len() - 1], "{text:?} {format:?}");
            total += want.len() - 1;
            fast += want.iter().filter(|w| w.contains("None None")).count();
        }
    }
    assert!(fast > 1000 && total > fast * 2, "{fast} plain of {total}");
}

/// An input that ends once and then has more, as a terminal does after
/// Ctrl-D: the reader ends at the first end, without reading again (which
/// on a terminal would wait for more).
#[test]
fn the_first_end_of_input_ends_the_reader() {
    struct Once(Vec<Vec<u8>>);
    impl std::io::Read for Once {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.0.is_empty() {
                panic!("read past the end");
            }
            let chunk = self.0.remove(0);
            buf[..chunk.len()].copy_from_slice(&chunk);
            Ok(chunk.len())
        }
    }
    let line = format!("{INKALA}\n").into_bytes();
    for lend in [false, true] {
        let input = Once(vec![line.clone(), Vec::new(), line.clone()]);
        let mut reader = PuzzleReader::new(std::io::BufReader::new(input), InputFormat::Auto);
        let mut lines = Vec::new();
        loop {
            let item = if lend {
                reader.lend_next().map(|r| r.map(|p| p.line))
            } else {
                reader.next().map(|r| r.map(|p| p.line))
            };
            match item {
                Some(item) => lines.push(item.unwrap()),
                None => break,
            }
        }
        assert_eq!(lines, [1], "lend {lend}");
        // Asked again, the reader has ended: no read.
        assert!(reader.next().is_none());
    }
}
