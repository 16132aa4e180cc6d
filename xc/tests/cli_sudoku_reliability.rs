//! Issue 37, the Sudoku parts, end to end and for every verb of `xc
//! sudoku`: a stray short line is blamed and swallows nothing; control
//! characters never reach the terminal raw; a variant's size comes from
//! the grid (a grid that can't fit is a usage error); 16×16 windoku is
//! refused with its reason; Ctrl-C while reading an endless line or while
//! generating prints what was done and exits 130.
//!
//! Time bounds are generous (the machine is shared): the interrupted runs
//! are told from the watchdog's exit by what they print, which the
//! watchdog never does.

mod signal;

use assert_cmd::Command;
use predicates::prelude::*;
use signal::{PROMPTLY, signal_after};
use std::time::{Duration, Instant};

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    // Paths in the tests are relative to the top of the repository.
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

/// An easy puzzle (rated 1.2, so `rate` is quick) and its solution.
const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const EASY_SOLUTION: &str = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

const F: &str = "tests/fixtures/sudoku";

/// The batch verbs, each with what it prints for [`EASY`].
fn batch_verbs() -> Vec<(Vec<&'static str>, String)> {
    vec![
        (vec!["solve"], format!("{EASY_SOLUTION}\n")),
        (vec!["solve", "--count"], format!("{EASY}:1\n")),
        (vec!["solve", "--all"], format!("# {EASY}\n{EASY_SOLUTION}\n# 1 solution\n")),
        (vec!["count"], format!("{EASY}:1\n")),
        (vec!["check"], format!("{EASY}  # ok, 32 givens\n")),
        (
            vec!["rate"],
            format!(
                "{EASY}  # SE rating 1.2/1.2/1.2 (Hidden single); our level: easy; 32 givens, 20 × Full house, 29 × Hidden single, 0 guesses\n"
            ),
        ),
    ]
}

/// `printf '1234\nP\n'` (item 10): the lone `1234` opened a block that
/// took the good puzzle as its second row, and the error blamed line 2.
/// Now every verb reads the puzzle and blames line 1.
#[test]
fn a_stray_short_line_is_blamed_and_swallows_nothing() {
    let input = format!("1234\n{EASY}\n");
    for (verb, printed) in batch_verbs() {
        xc().arg("sudoku")
            .args(&verb)
            .arg("-q")
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stdout(printed)
            .stderr("<stdin>:1:1: incomplete block: 1 of 4 rows\n");
    }
    // `hint` and `explain` take the first grid: line 1 is the bad one.
    for verb in ["hint", "explain"] {
        xc().args(["sudoku", verb, "-"])
            .write_stdin(input.clone())
            .assert()
            .code(2)
            .stderr("error: <stdin>:1:1: incomplete block: 1 of 4 rows\n");
    }
}

/// ESC and BEL in puzzle text, in a file's name and in option values are
/// shown escaped (item 10), by every verb.
#[test]
fn control_characters_never_reach_the_terminal() {
    let raw = |bytes: &[u8]| bytes.iter().any(|&b| b == 0x1b || b == 0x07);
    let input = format!("{EASY}\u{1b}[31m\n1,2,\u{7}x,4\n");
    for (verb, _) in batch_verbs() {
        let out = xc().arg("sudoku").args(&verb).arg("-q").write_stdin(input.clone()).assert().code(2);
        let out = out.get_output();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("<stdin>:1:82: unexpected `\\u{1b}` after the puzzle"), "{verb:?}: {stderr}");
        assert!(stderr.contains("<stdin>:2:5: field 3 (`\\u{7}x`) is not a cell"), "{verb:?}: {stderr}");
        assert!(!raw(&out.stdout) && !raw(&out.stderr), "{verb:?}: {out:?}");
    }
    for verb in ["hint", "explain"] {
        xc().args(["sudoku", verb, &format!("{EASY}\u{7}")])
            .assert()
            .code(2)
            .stderr("error: <argument 1>:1:82: unexpected `\\u{7}` after the puzzle\n");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad\u{1b}name.txt");
    std::fs::write(&path, "12\n").unwrap();
    let out = xc().args(["sudoku", "solve", "-q"]).arg(&path).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.contains("bad\\u{1b}name.txt:1:1: wrong length: 2 cells") && !raw(stderr.as_bytes()), "{stderr}");
    for (flag, value) in [("--size", "\u{7}"), ("--symmetry", "rot\u{1b}"), ("--difficulty", "\u{1b}")] {
        let out = xc().args(["sudoku", "generate", flag, value]).assert().code(2);
        assert!(!raw(&out.get_output().stderr), "{flag}: {:?}", out.get_output());
    }
}

/// A 16×16 X puzzle from `generate` (item 8): `solve --variant x` read it
/// as 9×9 and said "no solution". Every verb now takes the size from the
/// grid, and the puzzle has its one solution.
#[test]
fn a_variant_takes_its_size_from_the_grid() {
    let out = xc()
        .args(["sudoku", "generate", "--size", "16", "--variant", "x", "-n", "1", "--seed", "1", "--solution", "-q"])
        .assert()
        .success();
    let line = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let (puzzle, solution) = line.trim_end().split_once(',').unwrap();
    assert_eq!((puzzle.len(), solution.len()), (256, 256), "{line}");
    let x = ["--variant", "x", "-q"];
    xc().args(["sudoku", "solve", "--unique"])
        .args(x)
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout(format!("{solution}\n"));
    xc().args(["sudoku", "count"]).args(x).write_stdin(puzzle).assert().code(0).stdout(format!("{puzzle}:1\n"));
    xc().args(["sudoku", "check"])
        .args(x)
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("# ok, "));
    xc().args(["sudoku", "solve", "--all"])
        .args(x)
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout(format!("# {puzzle}\n{solution}\n# 1 solution\n"));
    xc().args(["sudoku", "rate"])
        .args(x)
        .write_stdin(puzzle)
        .assert()
        .code(0)
        .stdout(predicate::str::contains(" givens"));
    let dlx = xc().args(["sudoku", "solve", "--emit-dlx"]).args(x).write_stdin(puzzle).assert().code(0);
    let dlx = dlx.get_output().stdout.clone();
    xc().args(["cover", "-"])
        .write_stdin(dlx)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Altogether 1 solution"));
    // A 4×4 grid is read as a 4×4 X, whose diagonal it breaks.
    xc().args(["sudoku", "solve", "--variant", "x", "-q"])
        .write_stdin("1.3.3..2.1..4.21\n")
        .assert()
        .code(1)
        .stdout("1.3.3..2.1..4.21  # no solution: r1c1 and r4c4 both hold 1 (diagonal 1)\n");
}

/// A grid of another size than the jigsaw map's is a usage error (exit
/// 2) named by its line, for every verb, never "no solution".
#[test]
fn a_grid_that_does_not_fit_the_region_map_is_a_usage_error() {
    let jigsaw = ["--variant", "jigsaw", "--regions", "tests/fixtures/sudoku/jigsaw_regions.txt", "-q"];
    let misfit = |line| format!("{F}/four.txt:{line}:1: a 4×4 grid doesn't fit the region map, a 9×9 grid\n");
    for (verb, _) in batch_verbs().into_iter().chain([(vec!["solve", "--emit-dlx"], String::new())]) {
        xc().arg("sudoku")
            .args(&verb)
            .args(jigsaw)
            .arg(format!("{F}/four.txt"))
            .assert()
            .code(2)
            .stdout("")
            .stderr([misfit(2), misfit(3), misfit(8)].concat());
    }
}

/// `generate --size 16 --variant windoku` made nothing in 30 s (item 8).
/// The layout is well defined and has solutions, but neither the random
/// full grid nor the removal pass ends in reasonable time, so it is
/// refused with the reason, at once.
#[test]
fn sixteen_by_sixteen_windoku_is_refused_with_its_reason() {
    xc().args(["sudoku", "generate", "--size", "16", "--variant", "windoku", "-n", "1", "--seed", "1"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "error: windoku puzzles are generated on 4×4 and 9×9 grids only: a 16×16 windoku has solutions",
        ));
    xc().args(["sudoku", "generate", "--size", "4", "--variant", "windoku", "-n", "1", "--seed", "1", "-q"])
        .assert()
        .success();
}

/// `xc sudoku VERB /dev/zero`: one endless line of NUL bytes (item 4).
/// Only the watchdog ended it, printing nothing. Now the line is reported
/// as soon as it passes the limit, Ctrl-C ends the skipping, and the
/// summary is printed before the exit with 130.
#[test]
fn ctrl_c_while_reading_an_endless_line() {
    for (verb, _) in batch_verbs() {
        let mut args = vec!["sudoku"];
        args.extend(&verb);
        args.push("/dev/zero");
        let (out, took) = signal_after(&args, Duration::from_millis(300), "-INT");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{verb:?}: {out:?}");
        assert!(stderr.starts_with("/dev/zero:1:1: line longer than 65536 bytes\n"), "{verb:?}: {stderr}");
        assert!(stderr.contains(": 0 ") && stderr.contains(", 1 error"), "{verb:?}: the summary: {stderr}");
        assert!(took < PROMPTLY, "{verb:?}: {took:?}");
    }
    // `hint` and `explain` read only their first grid: the overlong line
    // is the error, at once, in bounded memory (1 GiB of address space).
    for verb in ["hint", "explain"] {
        let out = std::process::Command::new("prlimit")
            .arg("--as=1073741824")
            .arg(env!("CARGO_BIN_EXE_xc"))
            .args(["sudoku", verb, "/dev/zero"])
            .output()
            .expect("prlimit (util-linux) runs");
        assert_eq!(out.status.code(), Some(2), "{verb}: {out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "error: /dev/zero:1:1: line longer than 65536 bytes\n");
    }
}

/// Ctrl-C while generating (item 4): only the watchdog ended a 16×16
/// expert run, printing nothing. Now the puzzles made so far are printed
/// (in order: line k is still puzzle k of the seed), then what was being
/// made, and the exit is 130.
#[test]
fn ctrl_c_while_generating() {
    let args = ["sudoku", "generate", "--size", "16", "--difficulty", "expert", "-n", "3", "--seed", "1"];
    let (out, took) = signal_after(&args, Duration::from_millis(1000), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "# interrupted while generating puzzle 1 of 3 (16×16, expert)\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 puzzles (classic"), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    let args = ["sudoku", "generate", "-n", "1000000", "--seed", "3", "--threads", "2"];
    let (out, took) = signal_after(&args, Duration::from_millis(1500), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let (puzzles, note) = stdout.rsplit_once("# ").unwrap();
    let made = puzzles.lines().count();
    assert!(made > 0, "{stdout}");
    assert_eq!(note, format!("interrupted while generating puzzle {} of 1000000 (9×9)\n", made + 1));
    let again = xc().args(["sudoku", "generate", "-n", &made.to_string(), "--seed", "3", "-q"]).assert().success();
    assert_eq!(String::from_utf8_lossy(&again.get_output().stdout), puzzles);
}

/// `generate --time-limit`: a 16×16 hard puzzle takes seconds to grade,
/// and nothing bounded it but Ctrl-C. The limit stops the run as Ctrl-C
/// does, with the puzzles made by then (line k still puzzle k of the
/// seed), and the exit is 3.
#[test]
fn generate_keeps_to_its_time_limit() {
    let start = Instant::now();
    let args = ["sudoku", "generate", "--size", "16", "--difficulty", "hard", "-n", "3", "--seed", "1"];
    xc().args(args)
        .args(["--time-limit", "300ms"])
        .assert()
        .code(3)
        .stdout("# stopped (time limit reached) while generating puzzle 1 of 3 (16×16, hard)\n");
    assert!(start.elapsed() < Duration::from_millis(300) + PROMPTLY, "{:?}", start.elapsed());
    let args = ["sudoku", "generate", "-n", "1000000", "--seed", "3", "--threads", "2", "--time-limit", "700ms"];
    let out = xc().args(args).assert().code(3);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let (puzzles, note) = stdout.rsplit_once("# ").unwrap();
    let made = puzzles.lines().count();
    assert!(made > 0, "{stdout}");
    assert_eq!(note, format!("stopped (time limit reached) while generating puzzle {} of 1000000 (9×9)\n", made + 1));
    let again = xc().args(["sudoku", "generate", "-n", &made.to_string(), "--seed", "3", "-q"]).assert().success();
    assert_eq!(String::from_utf8_lossy(&again.get_output().stdout), puzzles);
    // Enough time: every puzzle, exit 0. No time: none (it made one).
    xc().args(["sudoku", "generate", "-n", "5", "--seed", "3", "-q", "--time-limit", "1m"]).assert().success();
    xc().args(["sudoku", "generate", "--seed", "1", "--time-limit", "0s"])
        .assert()
        .code(3)
        .stdout("# stopped (time limit reached) while generating puzzle 1 of 1 (9×9)\n");
}

/// Ctrl-C while `rate` or `explain` works out the SE rating of a hard
/// puzzle (Inkala's takes nested forcing chains: over a second each):
/// only the watchdog ended them, printing nothing. Now the rater stops,
/// each puzzle is printed with what is known ("SE rating: none
/// (interrupted)"), and the exit is 130.
#[test]
fn ctrl_c_while_rating() {
    let inkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("inkala.txt");
    // Fifty ratings on one thread: a minute's work, cut after a second.
    std::fs::write(&path, format!("{inkala}\n").repeat(50)).unwrap();
    let path = path.to_str().unwrap();
    let (out, took) = signal_after(&["sudoku", "rate", "--threads", "1", path], Duration::from_millis(1000), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 50, "{stdout}");
    assert!(stdout.contains("  # SE rating: none (interrupted); our level: needs guessing; 21 givens"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("50 puzzles: "), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    // `explain` finds its path in a tenth of a second, then rates.
    std::fs::write(dir.path().join("one.txt"), inkala).unwrap();
    let one = dir.path().join("one.txt");
    let (out, took) = signal_after(&["sudoku", "explain", one.to_str().unwrap()], Duration::from_millis(300), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("\nSE rating: none (interrupted); our level: needs guessing; this path: 83 steps, 3 guesses."),
        "{out:?}"
    );
    assert!(took < PROMPTLY, "{took:?}");
}

/// A jigsaw map that no complete grid fits (four regions of four cells,
/// but no way to fill them): refused at once, naming the map (it spun for
/// ever, looking for a grid to make a puzzle from). A map that has grids
/// still makes puzzles.
#[test]
fn generate_refuses_a_region_map_with_no_grid() {
    let dir = tempfile::tempdir().unwrap();
    let (none, some) = (dir.path().join("none.txt"), dir.path().join("some.txt"));
    std::fs::write(&none, "3243\n4113\n4142\n3122\n").unwrap();
    std::fs::write(&some, "AABB\nAABB\nCCDD\nCCDD\n").unwrap();
    let start = Instant::now();
    xc().args(["sudoku", "generate", "--variant", "jigsaw", "--regions", none.to_str().unwrap(), "--seed", "2"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "error: the region map {} has no complete grid: no puzzle can be made on it\n",
            none.display()
        ));
    assert!(start.elapsed() < PROMPTLY, "{:?}", start.elapsed());
    xc().args(["sudoku", "generate", "--variant", "jigsaw", "--regions", some.to_str().unwrap(), "--seed", "2", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::is_match("^[.1-4]{16}\n$").unwrap());
    // A 16×16 map whose question takes long: the time limit holds there too.
    let slow = dir.path().join("slow.txt");
    let map = "AAAABBBBCCCDCDDD AAAABBBBCCCCDDDD AAAABBBBCCCCDDDD AAEABBBBCCCCDDDD EEAEFFFFGGGGHHHH EEEEFFFFGGGGHHHH \
               EEEEFFFFGGGGHHHH EEEFEFFFGGGGHHHH IIIIJJJJKKKKLLLL IIIIJJJJKKKKLLLL IIIIJJJJKKKKLLLL IIIIJJJJKKKKLPLL \
               MMMMNNNNOOOOPLPP MMMMNNNNOOOOPPPP MMMMNNNNOOOOPPPP MMMMNNNNOOOPOPPP";
    std::fs::write(&slow, map.split(' ').collect::<Vec<_>>().join("\n")).unwrap();
    let start = Instant::now();
    xc().args(["sudoku", "generate", "--variant", "jigsaw", "--regions", slow.to_str().unwrap(), "--seed", "1"])
        .args(["--time-limit", "300ms", "-q"])
        .assert()
        .code(3)
        .stdout("# stopped (time limit reached) while generating puzzle 1 of 1 (16×16 jigsaw)\n");
    assert!(start.elapsed() < Duration::from_millis(300) + PROMPTLY, "{:?}", start.elapsed());
}
