//! `--memo` on `xc cover` and `xc polyomino`, and `xc sudoku sample`:
//! counts, samples, indices, exports, `--memo auto`'s line, and the
//! refusals.

mod signal;

use assert_cmd::Command;
use predicates::prelude::*;
use signal::{PROMPTLY, signal_after};
use std::time::{Duration, Instant};

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

/// Dominoes on an `h`×`w` board in the DLX format, cells column by column.
fn dominoes(h: usize, w: usize) -> String {
    let cell = |r: usize, c: usize| format!("{r}_{c}");
    let mut text: Vec<String> =
        vec![(0..w).flat_map(|c| (0..h).map(move |r| cell(r, c))).collect::<Vec<_>>().join(" ")];
    for c in 0..w {
        for r in 0..h {
            if c + 1 < w {
                text.push(format!("{} {}", cell(r, c), cell(r, c + 1)));
            }
            if r + 1 < h {
                text.push(format!("{} {}", cell(r, c), cell(r + 1, c)));
            }
        }
    }
    text.join("\n") + "\n"
}

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.assert().success().get_output().stdout.clone()).unwrap()
}

#[test]
fn memo_counts_the_12x12_domino_tilings_exactly() {
    let out = stdout(xc().args(["cover", "--memo", "--count"]).write_stdin(dominoes(12, 12)));
    assert_eq!(out, "53060477521960000\n");
    let out = stdout(xc().args(["cover", "--memo", "-"]).write_stdin(dominoes(8, 8)));
    assert!(out.starts_with("Altogether 12988816 solutions, a diagram of 2298 nodes from 1667 states"), "{out}");
    let json = stdout(xc().args(["cover", "--memo", "--format", "json"]).write_stdin(dominoes(4, 4)));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["count"], "36");
    assert_eq!(v["printed"], serde_json::json!([]));
}

#[test]
fn samples_are_solutions_and_repeat_with_their_seed() {
    // The solutions, without the summary line (which has the time).
    let run = |seed: &str| {
        let out = stdout(xc().args(["cover", "--sample", "3", "--seed", seed]).write_stdin(dominoes(4, 4)));
        out.split("Altogether").next().unwrap().to_string()
    };
    let a = run("5");
    assert_eq!(a.matches("Solution ").count(), 3);
    assert_eq!(a, run("5"));
    assert_ne!(a, run("6"));
}

#[test]
fn nth_agrees_with_the_printed_order_and_refuses_past_the_end() {
    let all = stdout(xc().args(["cover", "--memo", "--all"]).write_stdin(dominoes(2, 4)));
    let third = all.split("Solution ").nth(3).unwrap().split_once('\n').unwrap().1.to_string();
    let nth = stdout(xc().args(["cover", "--nth", "2"]).write_stdin(dominoes(2, 4)));
    assert!(nth.starts_with(&format!("Solution 2:\n{third}")), "{nth}\n{third}");
    xc().args(["cover", "--nth", "5"])
        .write_stdin(dominoes(2, 4))
        .assert()
        .code(2)
        .stderr("error: --nth 5 is past the last solution: there are 5, numbered from 0\n");
    xc().args(["cover", "--nth", "x"]).write_stdin(dominoes(2, 4)).assert().code(2);
}

#[test]
fn memo_auto_says_what_it_chose() {
    xc().args(["cover", "--memo", "auto", "--count"])
        .write_stdin(dominoes(8, 8))
        .assert()
        .success()
        .stdout("12988816\n");
    xc().args(["queens", "8", "--memo", "auto"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 92 solutions, "))
        .stderr(predicate::str::starts_with("memo: "));
    xc().args(["cover", "--memo", "auto"])
        .write_stdin(dominoes(10, 10))
        .assert()
        .success()
        .stdout(predicate::str::contains("258584046368 solutions, a diagram of"))
        .stderr(predicate::str::starts_with("memo: on (a probe of "));
}

#[test]
fn polyomino_takes_the_memo() {
    xc().args(["polyomino", "--board", "3x20", "--memo", "--memo-choice", "fewest", "--count"])
        .assert()
        .success()
        .stdout("8\n");
}

#[test]
fn exports_write_the_documented_formats() {
    let dir = tempfile::tempdir().unwrap();
    let (text, dot) = (dir.path().join("d.zdd"), dir.path().join("d.dot"));
    xc().args(["cover", "--zdd-out", text.to_str().unwrap(), "--dot-out", dot.to_str().unwrap(), "-"])
        .write_stdin("a b\na\nb\na b\n")
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&text).unwrap(),
        "# exactcover zdd 1\n# 2 solutions, 3 nodes\n2 1 B T\n3 2 B T\n4 0 3 2\nroot 4\n"
    );
    let dot = std::fs::read_to_string(&dot).unwrap();
    assert!(dot.starts_with("digraph zdd {") && dot.contains("n4 -> n3 [style=dashed];"), "{dot}");
}

#[test]
fn the_memo_stops_at_the_budget_and_the_node_limit() {
    xc().args(["cover", "--memo", "--max-memory", "100k", "-"])
        .write_stdin(dominoes(12, 12))
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: the memo needs more than the memory budget of"))
        .stderr(predicate::str::contains("--max-memory"));
    xc().args(["cover", "--memo", "--node-limit", "100", "-"])
        .write_stdin(dominoes(12, 12))
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("Stopped (node limit reached) while building the diagram"));
    xc().args(["cover", "--memo", "--threads", "2", "-"]).write_stdin(dominoes(2, 2)).assert().code(2);
    xc().args(["cover", "--memo", "--limit", "2", "-"])
        .write_stdin(dominoes(2, 2))
        .assert()
        .code(2)
        .stderr("error: --limit can't be used with --memo, which goes through a diagram of every solution; search with --memo=off\n");
    // What implies the memo refuses them too (before: `xc queens 8 --count
    // --shard 2/2` counted all 92, so the shards added up to 184).
    for args in [&["queens", "8", "--count", "--shard", "2/2"][..], &["queens", "8", "--sample", "2", "--limit", "1"]] {
        xc().args(args).assert().code(2).stderr(predicate::str::contains("can't be used with --"));
    }
    // Refused before the file is read or the packing built.
    xc().args(["cover", "--memo", "--limit", "1", "/no/such/file.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: --limit can't be used with --memo"));
    xc().args(["polyomino", "--board", "1000x1000", "--piece-count", "0..99999999", "--count", "--limit", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: --limit can't be used with --count"));
    xc().args(["queens", "8", "--count", "--shard", "2/2"])
        .assert()
        .stderr("error: --shard can't be used with --count, which goes through a diagram of every solution\n");
    for (flag, value) in [("--estimate", None), ("--shard", Some("1/2"))] {
        for memo in ["--memo", "--memo=auto"] {
            let mut args = vec!["cover", memo, flag];
            args.extend(value);
            args.push("-");
            xc().args(&args)
                .write_stdin(dominoes(2, 2))
                .assert()
                .code(2)
                .stderr(predicate::str::starts_with(format!("error: {flag} can't be used with --memo")));
        }
    }
    // --memo=off searches, and takes what a search takes (before: refused
    // as if the memo were on).
    xc().args(["cover", "--memo=off", "--limit", "2", "-"])
        .write_stdin(dominoes(2, 4))
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("Stopped (solution limit reached) after 2 solutions"));
    xc().args(["cover", "--memo", "off", "--estimate", "-"]).write_stdin(dominoes(2, 4)).assert().code(0);
    let shard = xc().args(["cover", "--memo=off", "--shard", "1/1", "-"]).write_stdin(dominoes(2, 4)).assert().code(0);
    assert!(String::from_utf8_lossy(&shard.get_output().stdout).contains("\"solutions\":5"));
}

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn sudoku_sample_draws_completions_and_refuses_too_few_givens() {
    let out = stdout(xc().args(["sudoku", "sample", PUZZLE, "-n", "2"]));
    assert_eq!(out, "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n".repeat(2));
    let few = format!("{}{}", &PUZZLE[..54], ".".repeat(27));
    let out = stdout(xc().args(["sudoku", "sample", &few, "-n", "3", "--seed", "1"]));
    assert_eq!(out.lines().count(), 3);
    for line in out.lines() {
        assert!(line.len() == 81 && !line.contains('.'), "{line}");
        assert!(few.chars().zip(line.chars()).all(|(g, c)| g == '.' || g == c), "{line}");
    }
    xc().args(["sudoku", "sample", &format!("53{}", ".".repeat(79)), "--max-nodes", "100000"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: too few givens for the memo: with 2 givens of 81 cells"));
    // Past the memory budget: the budget is named, not --max-nodes (it
    // said "passed 143275 nodes (the limit is 18446744073709551615").
    xc().args(["sudoku", "sample", &format!("53{}", ".".repeat(79)), "--max-nodes", "18446744073709551615"])
        .args(["--max-memory", "20M"])
        .assert()
        .code(2)
        .stderr(predicate::str::is_match("^error: too few givens for the memo: with 2 givens of 81 cells, the memo needs more than the memory budget of 20.0 MiB \\([0-9]+ states and [0-9]+ nodes so far, .* needed next\\); give more givens\n$").unwrap());
    // And a time limit, building or drawing.
    let start = std::time::Instant::now();
    xc().args(["sudoku", "sample", &format!("53{}", ".".repeat(79)), "--max-nodes", "18446744073709551615"])
        .args(["--time-limit", "300ms"])
        .assert()
        .code(3)
        .stdout("Stopped (time limit reached) while building the diagram of the completions.\n");
    let drawn = xc().args(["sudoku", "sample", PUZZLE, "-n", "100000000", "--time-limit", "300ms"]).output().unwrap();
    assert_eq!(drawn.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&drawn.stderr).contains("Stopped (time limit reached) after drawing "));
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
}

/// Without `--memo`, `xc cover` takes the diagram where a quick probe
/// says it pays by a wide margin on a problem that is not tiny, and walks
/// every solution out of it through the checker; it searches a tiny
/// problem, one where the memo does not pay, and with a solution limit,
/// a seed or `--memo=off`. Threads share the walk.
#[test]
fn cover_takes_the_memo_on_its_own_where_it_pays_and_checks_every_solution() {
    let out = stdout(xc().args(["cover"]).write_stdin(dominoes(6, 8)));
    assert!(
        out.starts_with("Altogether 167089 solutions, each checked, through the memo: a diagram of 543 nodes"),
        "{out}"
    );
    let searched = |args: &[&str], text: String, head: &str| {
        let out = xc().arg("cover").args(args).write_stdin(text).output().unwrap();
        let out = String::from_utf8(out.stdout).unwrap();
        assert!(out.starts_with(head) && out.contains(" updates, ") && !out.contains("memo"), "{args:?}: {out}");
    };
    searched(&["--memo=off"], dominoes(6, 8), "Altogether 167089 solutions, 2375574 updates, 639874 nodes");
    searched(&[], dominoes(6, 6), "Altogether 6728 solutions, 95296 updates");
    searched(&["--seed", "3"], dominoes(6, 8), "Altogether 167089 solutions, ");
    searched(&["--limit", "5"], dominoes(6, 8), "Stopped (solution limit reached) after 5 solutions, ");
    // A diagram past the memory budget gives way to the search.
    searched(
        &["--max-memory", "300K", "--time-limit", "1500ms"],
        dominoes(10, 10),
        "Stopped (time limit reached) after ",
    );
    for threads in ["2", "3", "0"] {
        let out = stdout(xc().args(["cover", "--threads", threads]).write_stdin(dominoes(6, 8)));
        assert!(out.starts_with("Altogether 167089 solutions, each checked, through the memo: "), "{out}");
    }
    let queens = stdout(xc().args(["queens", "10", "--emit-dlx"]));
    searched(&[], queens, "Altogether 724 solutions, ");

    // The first solutions printed are tilings, and JSON says what was checked.
    let out = stdout(xc().args(["cover", "--print", "2"]).write_stdin(dominoes(6, 8)));
    let tilings: Vec<&str> = out.split("Solution ").skip(1).collect();
    assert_eq!(tilings.len(), 2, "{out}");
    for t in &tilings {
        let mut cells: Vec<&str> = t.lines().skip(1).take(24).flat_map(|l| l.split_whitespace()).collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(cells.len(), 48, "{t}");
    }
    let json = stdout(xc().args(["cover", "--format", "json"]).write_stdin(dominoes(6, 8)));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!((&v["count"], &v["checked"], &v["walked"]), (&"167089".into(), &"all".into(), &167089.into()));
    assert_eq!((&v["solutions"], &v["complete"]), (&167089.into(), &true.into()));
}

/// Past 2^32 solutions the walk would take minutes: a uniform sample is
/// checked, and the last line says so.
#[test]
fn past_four_billion_solutions_a_sample_is_checked() {
    let out = stdout(xc().args(["cover"]).write_stdin(dominoes(10, 10)));
    assert!(
        out.starts_with(
            "Altogether 258584046368 solutions, 10000 of them drawn at random and checked, through the memo: "
        ),
        "{out}"
    );
}

/// The time limit stops the walk with what it checked, as it stops a
/// search (Ctrl-C: `cli_reliability`).
#[test]
fn the_time_limit_stops_the_walk_with_what_it_checked() {
    for threads in ["1", "2"] {
        let out = xc()
            .args(["cover", "--time-limit", "300ms", "--threads", threads])
            .write_stdin(dominoes(8, 10))
            .assert()
            .code(3);
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        assert!(stdout.starts_with("Stopped (time limit reached) after checking "), "{stdout}");
        assert!(stdout.contains(" of 1031151241 solutions, through the memo: a diagram of "), "{stdout}");
    }
}

/// A sample of a hundred million was drawn whole before a line was
/// written (4 GB, and the time limit and Ctrl-C ignored): the draws are
/// written as they come, and the limit stops them, with the run's line.
#[test]
fn a_large_sample_keeps_to_the_time_limit_and_ctrl_c() {
    let start = Instant::now();
    let out = xc()
        .args(["cover", "--sample", "100000000", "--time-limit", "400ms"])
        .write_stdin(dominoes(8, 8))
        .assert()
        .code(3);
    assert!(start.elapsed() < Duration::from_millis(400) + PROMPTLY, "{:?}", start.elapsed());
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("Stopped (time limit reached); altogether 12988816 solutions, through the memo"),
        "{last}"
    );
    assert!(stdout.matches("Solution ").count() > 1000, "{}", &stdout[..200]);
    // 212,354 completions, a diagram of about 400,000 nodes.
    let few = ".....9.....318..7.6...35......62............1.3..7.....7...8...5.....8..2.....3..";
    let (out, took) = signal_after(&["sudoku", "sample", few, "-n", "100000000"], Duration::from_millis(1500), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("interrupted after drawing "), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).lines().count() > 100, "{out:?}");
}
