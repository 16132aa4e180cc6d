//! Every `xc sudoku` subcommand that takes puzzles takes them the same
//! four ways: a file, `-` for standard input, piped standard input with
//! no argument, and the puzzle written out as an argument; a file that
//! exists wins over a puzzle of the same name.

use assert_cmd::Command;
use predicates::prelude::*;

const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLUTION: &str = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn xc() -> Command {
    Command::cargo_bin("xc").unwrap()
}

/// The subcommands that read puzzles, with what each prints for EASY.
const VERBS: [(&str, &str); 6] = [
    ("solve", EASY_SOLUTION),
    ("count", ":1\n"),
    ("check", "# ok, 32 givens"),
    ("rate", "# SE rating 1.2/1.2/1.2 (Hidden single); our level: easy"),
    ("hint", "Hidden single: "),
    ("explain", "our level: easy"),
];

/// What a run prints on stdout, after checking that it succeeded.
fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.assert().code(0).get_output().stdout.clone()).unwrap()
}

#[test]
fn every_subcommand_takes_a_puzzle_four_ways() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("easy.txt");
    std::fs::write(&file, format!("{EASY}\n")).unwrap();
    for (verb, expected) in VERBS {
        let from_file = stdout(xc().args(["sudoku", verb]).arg(&file));
        let dash = stdout(xc().args(["sudoku", verb, "-"]).write_stdin(format!("{EASY}\n")));
        let piped = stdout(xc().args(["sudoku", verb]).write_stdin(format!("{EASY}\n")));
        let argument = stdout(xc().args(["sudoku", verb, EASY]));
        assert!(from_file.contains(expected), "{verb}: {from_file}");
        assert_eq!(dash, from_file, "{verb} -");
        assert_eq!(piped, from_file, "{verb}, piped");
        assert_eq!(argument, from_file, "{verb} PUZZLE");
    }
}

/// `--puzzle` of `hint` and `explain` is read as GRID is.
#[test]
fn the_puzzle_option_is_read_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("easy.txt");
    std::fs::write(&file, format!("{EASY}\n")).unwrap();
    let wrong = format!("5{}", &EASY[1..]);
    for puzzle in [file.to_str().unwrap(), EASY] {
        xc().args(["sudoku", "hint", &wrong, "--puzzle", puzzle])
            .assert()
            .code(1)
            .stdout(predicate::str::starts_with("Mistake: r1c1 holds 5"));
    }
    xc().args(["sudoku", "hint", "--puzzle", "-", &wrong])
        .write_stdin(EASY)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("Mistake: r1c1 holds 5"));
}

/// A file named like a puzzle is read as the file.
#[test]
fn a_file_that_exists_wins() {
    let dir = tempfile::tempdir().unwrap();
    // The name is a 4×4 puzzle; the file holds another one.
    std::fs::write(dir.path().join("1234341221434321"), "12..34..2143432.\n").unwrap();
    for verb in ["solve", "check"] {
        let out = stdout(xc().current_dir(dir.path()).args(["sudoku", verb, "1234341221434321"]));
        assert!(out.starts_with("1234341221434321") || out.starts_with("12..34..2143432."), "{out}");
        if verb == "check" {
            assert_eq!(out, "12..34..2143432.  # ok, 11 givens\n");
        }
    }
    let out = stdout(xc().current_dir(dir.path()).args(["sudoku", "hint", "1234341221434321"]));
    assert_eq!(out, "Full house: r4c4 is the last empty cell in row 4, so it holds 1. [1.0]\n");
    // Elsewhere the same text is a (full) grid.
    let out = stdout(xc().args(["sudoku", "check", "1234341221434321"]));
    assert_eq!(out, "1234341221434321  # ok, complete\n");
}

/// A name that is no puzzle is a missing file; a mistyped puzzle gets the
/// parser's message, naming its column.
#[test]
fn missing_files_and_mistyped_puzzles() {
    for verb in ["solve", "count", "check", "rate", "hint", "explain"] {
        xc().args(["sudoku", verb, "puzzles.txt"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("puzzles.txt: no such file"));
    }
    let short = &EASY[1..];
    xc().args(["sudoku", "solve", short])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<argument 1>:1:").and(predicate::str::contains("80 cells")));
    xc().args(["sudoku", "hint", short])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<argument 1>:1:1: wrong length"));
}

/// An input that can't be read is an error, with no summary of zero
/// puzzles at zero puzzles a second.
#[test]
fn an_unreadable_input_has_no_summary() {
    let dir = tempfile::tempdir().unwrap();
    for verb in ["solve", "count", "check", "rate"] {
        let out = xc().args(["sudoku", verb]).arg(dir.path()).assert().code(2).get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("is a directory"), "{verb}: {err}");
        assert!(!err.contains("0 puzzles") && !err.contains("0 grids"), "{verb}: {err}");
    }
    // With one input that could be read, the summary counts it.
    xc().args(["sudoku", "solve", "no-such-file.txt", EASY])
        .assert()
        .code(2)
        .stdout(format!("{EASY_SOLUTION}\n"))
        .stderr(predicate::str::contains("1 puzzle: 1 solved").and(predicate::str::contains("1 error")));
}
