//! `xc cover` and the puzzle subcommands, end to end: outputs, messages
//! and exit codes.

use assert_cmd::Command;
use predicates::prelude::*;

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    // Paths in the tests are relative to the top of the repository.
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

const TOY: &str = "tests/fixtures/dlx/toy.dlx";

#[test]
fn counts_and_prints_the_statistics_line() {
    let out = xc().args(["cover", TOY]).assert().success().get_output().stdout.clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("Altogether 1 solution, 30 updates, 6 nodes, "), "{out}");
}

#[test]
fn prints_solutions_as_written() {
    xc().args(["cover", TOY, "--all"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Solution 1:\n  A D\n  C E F\n  B G\n"));
}

#[test]
fn reads_standard_input() {
    xc().args(["cover", "-"])
        .write_stdin("A B\nA\nB\nA B\n")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("2 solutions"));
    xc().arg("cover").write_stdin("A B\nA\nB\nA B\n").assert().code(0);
}

#[test]
fn no_solution_exits_with_one() {
    xc().args(["cover", "tests/fixtures/dlx/none.dlx"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("Altogether 0 solutions"));
}

#[test]
fn limits_exit_with_three_and_partial_statistics() {
    xc().args(["cover", "tests/fixtures/dlx/queens8.dlx", "--limit", "5"])
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("Stopped (solution limit reached) after 5 solutions,"));
    xc().args(["cover", "tests/fixtures/dlx/queens8.dlx", "--node-limit", "10"])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("Stopped (node limit reached)").and(predicate::str::contains(" 10 nodes")));
    xc().args(["cover", "tests/fixtures/dlx/pentominoes3x20.dlx", "--time-limit", "1ms"])
        .assert()
        .code(3)
        .stdout(predicate::str::contains("Stopped (time limit reached)"));
}

#[test]
fn json_output() {
    let out = xc().args(["cover", "tests/fixtures/dlx/colors.dlx", "--format", "json", "--all"]).assert().success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["solutions"], 1);
    assert_eq!(v["complete"], true);
    assert_eq!(v["updates"], 14);
    assert_eq!(v["nodes"], 4);
    assert_eq!(v["cleansings"], 5);
    assert_eq!(v["printed"][0], serde_json::json!(["A C X:1 Y:1", "B X:1"]));
}

#[test]
fn seeded_runs_agree() {
    let run = |seed: &str| {
        xc().args(["cover", "tests/fixtures/dlx/queens8.dlx", "--seed", seed, "--print", "1", "--format", "json"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let a: serde_json::Value = serde_json::from_slice(&run("7")).unwrap();
    let b: serde_json::Value = serde_json::from_slice(&run("7")).unwrap();
    assert_eq!(a["printed"], b["printed"]);
    assert_eq!(a["solutions"], 92);
}

#[test]
fn warnings_name_the_line() {
    xc().args(["cover", "tests/fixtures/dlx/colors.dlx"])
        .assert()
        .success()
        .stderr("warning: tests/fixtures/dlx/colors.dlx:5: option ignored: it has no primary item\n");
}

#[test]
fn bad_input_is_reported_with_file_line_and_column() {
    xc().arg("cover").write_stdin("A B\nA C\n").assert().code(2).stderr("error: <stdin>:2:3: unknown item `C`\n");
    xc().arg("cover")
        .write_stdin("A B\nA  B A\n")
        .assert()
        .code(2)
        .stderr("error: <stdin>:2:6: item `A` appears twice in this option\n");
    xc().arg("cover").write_stdin("A A\n").assert().code(2).stderr("error: <stdin>:1:3: duplicate item name `A`\n");
    xc().arg("cover")
        .write_stdin("A | x | y\n")
        .assert()
        .code(2)
        .stderr("error: <stdin>:1:7: `|` appears twice in the item line\n");
    xc().arg("cover")
        .write_stdin("A | x\nA:1 x\n")
        .assert()
        .code(2)
        .stderr("error: <stdin>:2:1: primary item `A` can't have a colour\n");
    xc().arg("cover")
        .write_stdin(" | x\nx\n")
        .assert()
        .code(2)
        .stderr("error: <stdin>:1:2: no primary items before `|`\n");
    xc().arg("cover").write_stdin("").assert().code(2).stderr(predicate::str::contains("no item line"));
    xc().arg("cover").write_stdin(&b"A\nA \xfe\n"[..]).assert().code(2).stderr("error: <stdin>:2:3: invalid UTF-8\n");
}

#[test]
fn file_errors() {
    xc().args(["cover", "no/such/file.dlx"]).assert().code(2).stderr("error: no/such/file.dlx: no such file\n");
    xc().args(["cover", "tests"]).assert().code(2).stderr("error: tests: is a directory\n");
}

#[test]
fn usage_errors_exit_with_two() {
    xc().args(["cover", TOY, "--limit", "0"]).assert().code(2);
    xc().args(["cover", TOY, "--all", "--print", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    xc().args(["cover", TOY, "--time-limit", "soon"]).assert().code(2);
    // A number without a unit is ambiguous (seconds? milliseconds?).
    xc().args(["cover", TOY, "--time-limit", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad duration `5`: give a unit, e.g. 5s or 5ms"));
    xc().args(["sudoku", "solve", "--time-limit", "5", "-"]).write_stdin("").assert().code(2);
    xc().args(["frobnicate"]).assert().code(2);
}

#[test]
fn puzzle_subcommands() {
    xc().args(["queens", "8"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 92 solutions, 16680 updates, 1049 nodes"));
    xc().args(["queens", "0"]).assert().code(2).stderr("error: n must be between 1 and 1000, not 0\n");
    xc().args(["queens", "4", "--all"])
        .assert()
        .success()
        .stdout(predicate::str::contains("  ..Q.\n  Q...\n  ...Q\n  .Q..\n"));
    xc().args(["langford", "4", "--all"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Solution 1:\n  4 1 3 1 2 4 3 2\n"));
    xc().args(["langford", "7", "--raw"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 52 solutions"));
    xc().args(["langford", "5"]).assert().code(1);
    xc().args(["polyomino", "--board", "3x20", "--distinct", "--print", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Altogether 2 solutions"));
    xc().args(["polyomino", "--pieces", "tetrominoes", "--board", "4x5"]).assert().code(1);
    xc().args(["polyomino", "--board", "6x11"])
        .assert()
        .code(2)
        .stderr("error: the board has 66 cells but the pieces cover 60\n");
    xc().args(["polyomino", "--pieces", "heptominoes"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown piece set `heptominoes`"));
    xc().args(["polyomino", "--board", "6by10"]).assert().code(2);
}

#[test]
fn emitted_dlx_solves_the_same() {
    let dlx = xc().args(["queens", "6", "--emit-dlx"]).assert().success().get_output().stdout.clone();
    xc().arg("cover").write_stdin(dlx).assert().success().stdout(predicate::str::starts_with("Altogether 4 solutions"));
}

/// Pieces and a board with a hole, both as pictures; turning switched off.
/// Four lettered dominoes on the 8-cell ring: 2 tilings × 4! labellings =
/// 48; as drawn (A and D lying, B and C standing), 2 × 2 × 2 = 8.
#[test]
fn polyomino_pictures_and_turning() {
    let args = |extra: &[&str]| {
        let mut a = vec![
            "polyomino",
            "--piece-file",
            "tests/fixtures/polyomino/dominoes.txt",
            "--board-file",
            "tests/fixtures/polyomino/ring.txt",
            "--print",
            "1",
        ];
        a.extend_from_slice(extra);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    for (extra, count) in [
        (&[][..], 48),
        (&["--no-reflect"][..], 48),
        (&["--no-rotate"][..], 8),
        (&["--no-rotate", "--no-reflect"][..], 8),
    ] {
        xc().args(args(extra))
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Solution 1:\n  AAB\n  C.B\n  CDD\n"))
            .stdout(predicate::str::contains(format!("Altogether {count} solutions")));
    }
    xc().args(["polyomino", "--piece-file", "tests/fixtures/polyomino/dominoes.txt", "--board", "2x3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the board has 6 cells but the pieces cover 8"));
}
