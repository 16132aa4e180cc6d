//! Multiplicities (Algorithm M) on the command line: DLX3's notation in
//! `xc cover`, its errors, threads, shards and `xc merge`, and the puzzle
//! options that need it (`xc queens --per-line`, `xc polyomino
//! --piece-count`).

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8(xc().args(args).assert().success().get_output().stdout.clone()).unwrap()
}

/// The statistics line without its timing.
fn counts(text: &str) -> String {
    text.lines().last().unwrap().split(", ").take(3).collect::<Vec<_>>().join(", ")
}

const QUEENS2D6: &str = "tests/fixtures/dlx3/queens2d-6.dlx";

#[test]
fn cover_reads_knuths_notation_and_counts_as_dlx3() {
    // DLX3: 1097 solutions, 24684 nodes, 186524 updates.
    let one = stdout(&["cover", QUEENS2D6]);
    assert_eq!(counts(&one), "Altogether 1097 solutions, 186524 updates, 24684 nodes");
    for t in ["2", "0"] {
        assert_eq!(counts(&stdout(&["cover", QUEENS2D6, "--threads", t])), counts(&one), "{t} threads");
    }
    let printed = stdout(&["cover", "tests/fixtures/dlx3/knuth-example.dlx", "--all"]);
    assert!(printed.contains("Altogether 1 solution, 14 updates, 6 nodes"), "{printed}");
}

#[test]
fn shards_of_a_bounded_problem_merge_to_the_whole() {
    let whole = counts(&stdout(&["cover", QUEENS2D6]));
    let results: Vec<String> = (1..=3).map(|k| stdout(&["cover", QUEENS2D6, "--shard", &format!("{k}/3")])).collect();
    let total: u64 =
        results.iter().map(|r| serde_json::from_str::<Value>(r).unwrap()["solutions"].as_u64().unwrap()).sum();
    assert_eq!(total, 1097);
    xc().arg("merge").write_stdin(results.concat()).assert().success().stdout(predicate::str::starts_with(whole));
}

#[test]
fn bad_bounds_exit_2_with_line_and_column() {
    for (text, message) in [
        ("a 0|b\na b\n", "error: <stdin>:1:3: item `b`: the upper bound must be at least 1\n"),
        ("| x\n2:1|a\n", "error: <stdin>:2:1: item `a`: the lower bound 2 is above the upper bound 1\n"),
        (
            "a | 2|x\n",
            "error: <stdin>:1:5: secondary item `x` can't have a multiplicity: secondary items are covered at most once\n",
        ),
    ] {
        xc().arg("cover").write_stdin(text).assert().code(2).stderr(message);
    }
}

#[test]
fn queens_per_line() {
    assert!(stdout(&["queens", "6", "--per-line", "2"]).starts_with("Altogether 1097 solutions"));
    assert!(stdout(&["queens", "8", "--per-line", "1"]).starts_with("Altogether 92 solutions"));
    let dlx = stdout(&["queens", "5", "--per-line", "2", "--emit-dlx"]);
    assert!(dlx.lines().next().unwrap().starts_with("2|r2 2|c2 "), "{dlx}");
    xc().args(["queens", "3", "--per-line", "4"])
        .assert()
        .code(2)
        .stderr("error: queens per line must be between 1 and 3, not 4\n");
}

#[test]
fn polyomino_piece_counts() {
    // Knuth's DLX3 counts 18,316 on the same packing (pento02-5x6).
    let out = stdout(&["polyomino", "--board", "5x6", "--piece-count", "0..2"]);
    assert!(out.starts_with("Altogether 18316 solutions"), "{out}");
    let out = stdout(&["polyomino", "--pieces", "tetrominoes", "--board", "5x8", "--piece-count", "2"]);
    assert!(out.starts_with("Altogether 3106 solutions"), "{out}");
    xc().args(["polyomino", "--board", "5x6", "--piece-count", "3..2"]).assert().code(2);
    xc().args(["polyomino", "--board", "5x6", "--piece-count", "0..2", "--distinct"]).assert().code(2);
    xc().args(["polyomino", "--board", "9x9", "--piece-count", "0..1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the board has 81 cells"));
}
