//! Big-instance features on the command line: threads, ordered printing,
//! shards and `xc merge`, the recipes of docs/SCALING.md, estimates.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

mod signal;
use signal::{PROMPTLY, signal_after};

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    // Paths in the tests are relative to the top of the repository.
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8(xc().args(args).assert().success().get_output().stdout.clone()).unwrap()
}

/// The statistics line without its timing.
fn counts(line: &str) -> String {
    line.lines().last().unwrap().split(", ").take(3).collect::<Vec<_>>().join(", ")
}

#[test]
fn threads_give_the_same_counts_and_statistics() {
    let one = stdout(&["langford", "8", "--raw"]);
    assert!(one.starts_with("Altogether 300 solutions"));
    for t in ["2", "3", "0"] {
        assert_eq!(counts(&stdout(&["langford", "8", "--raw", "--threads", t])), counts(&one), "{t} threads");
    }
    xc().args(["queens", "10", "--threads", "2"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 724 solutions, 198264 updates, 11578 nodes"))
        .stderr(predicate::str::contains("split at depth"));
    // A solution limit: the run stops where one thread stops, and prints
    // no more solutions than it allows, split or not.
    for queens in ["8", "12"] {
        let one = xc().args(["queens", queens, "--limit", "5"]).assert().code(3).get_output().stdout.clone();
        let one = String::from_utf8(one).unwrap();
        assert!(one.starts_with("Stopped (solution limit reached) after 5 solutions"), "{one}");
        for extra in [&[][..], &["--all"], &["--all", "--ordered"]] {
            let out = xc()
                .args(["queens", queens, "--limit", "5", "--threads", "2"])
                .args(extra)
                .assert()
                .code(3)
                .get_output()
                .stdout
                .clone();
            let out = String::from_utf8(out).unwrap();
            assert_eq!(out.matches("Solution ").count(), if extra.is_empty() { 0 } else { 5 }, "{out}");
            assert!(out.contains("Stopped (solution limit reached) after 5 solutions"), "{out}");
        }
    }
    // 334 nodes: searched whole on one thread, with one thread's figures.
    let one = stdout(&["queens", "7"]);
    assert!(one.starts_with("Altogether 40 solutions, 5066 updates, 334 nodes"), "{one}");
    xc().args(["queens", "7", "--threads", "2"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 40 solutions, 5066 updates, 334 nodes"))
        .stderr(predicate::str::contains("not split: 334 nodes searched on one thread"));
}

#[test]
fn ordered_printing_matches_one_thread() {
    let one = stdout(&["queens", "8", "--all"]);
    let two = stdout(&["queens", "8", "--all", "--threads", "2", "--ordered"]);
    let strip = |s: &str| s.lines().filter(|l| !l.starts_with("Altogether")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&one), strip(&two));
    let unordered = stdout(&["queens", "8", "--all", "--threads", "2"]);
    assert_eq!(unordered.matches("Solution ").count(), 92);
}

fn shards(args: &[&str], n: usize) -> Vec<String> {
    (1..=n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let mut all = args.to_vec();
            all.extend(["--shard", &shard]);
            stdout(&all)
        })
        .collect()
}

#[test]
fn shard_counts_sum_to_the_total_for_several_n() {
    let whole = counts(&stdout(&["queens", "9"]));
    assert!(whole.starts_with("Altogether 352 solutions, "));
    for n in [1, 2, 3, 5, 8] {
        let results = shards(&["queens", "9"], n);
        let total: u64 =
            results.iter().map(|r| serde_json::from_str::<Value>(r).unwrap()["solutions"].as_u64().unwrap()).sum();
        assert_eq!(total, 352, "{n} shards");
        xc().arg("merge")
            .write_stdin(results.concat())
            .assert()
            .success()
            .stdout(predicate::str::starts_with(whole.clone()));
    }
}

/// `--shard K/N` takes N up to the bound `xc merge` takes (2²⁰), no more:
/// a huge N no longer makes a split of at least 16 N subproblems.
#[test]
fn shard_counts_are_bounded_as_merge_bounds_them() {
    xc().args(["cover", "tests/fixtures/dlx/toy.dlx", "--shard", "1/99999999999"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("bad shard `1/99999999999`: at most 1048576 shards"));
    let last: Value =
        serde_json::from_str(&stdout(&["cover", "tests/fixtures/dlx/toy.dlx", "--shard", "1048576/1048576"])).unwrap();
    assert_eq!((last["of"].as_u64(), last["complete"].as_bool()), (Some(1 << 20), Some(true)), "{last}");
}

/// `xc merge` reads at most `--max-input` (256M by default) of shard
/// results, all files together, a line at a time: an endless input ends in
/// an error naming the limit, in bounded memory (under a 1 GiB
/// address-space cap).
#[test]
fn merge_input_is_capped() {
    let out = std::process::Command::new("prlimit")
        .arg("--as=1073741824")
        .arg(env!("CARGO_BIN_EXE_xc"))
        .args(["merge", "/dev/zero"])
        .output()
        .expect("prlimit (util-linux) runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: /dev/zero:1: the input is longer than the limit of 268435456 bytes; raise it with --max-input\n"
    );
    let r = shards(&["queens", "8"], 2);
    let scratch = tempfile::Builder::new().prefix("xc-merge-").tempdir().unwrap();
    let paths: Vec<String> = r
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let path = scratch.path().join(format!("shard-{k}.json"));
            std::fs::write(&path, text).unwrap();
            path.display().to_string()
        })
        .collect();
    // Room for the first file and half the second.
    let limit = (r[0].len() + r[1].len() / 2).to_string();
    xc().args(["merge", "--max-input", &limit, &paths[0], &paths[1]]).assert().code(2).stdout("").stderr(format!(
        "error: {}:1: the input is longer than the limit of {limit} bytes; raise it with --max-input\n",
        paths[1]
    ));
    let whole = (r[0].len() + r[1].len()).to_string();
    xc().args(["merge", "--max-input", &whole, &paths[0], &paths[1]])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 92 solutions"));
    xc().args(["merge", "--help"]).assert().success().stdout(predicate::str::contains("[default: 256M]"));
}

/// A shard's result is checked before its figures are added up: it prints
/// no more solutions than it found, each a list of option texts without
/// control characters; it has no field merge doesn't know; it is complete
/// or stopped for a reason, not both or neither; and the shards
/// that ran to their end were split alike (depth and subproblems) and each
/// solved its share.
#[test]
fn merge_checks_what_the_shards_say() {
    let r = shards(&["queens", "10", "--print", "1"], 3);
    let line = |k: usize| serde_json::from_str::<Value>(&r[k]).unwrap();
    let merged = |second: &Value| format!("{}{second}\n{}", r[0], r[2]);
    let refused = |second: Value, message: &str| {
        xc().arg("merge")
            .write_stdin(merged(&second))
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!("error: <stdin>:2: {message}")));
    };
    let (depth, all) = (line(1)["depth"].as_u64().unwrap(), line(1)["split_into"].as_u64().unwrap());
    assert!(all >= 256, "{}", r[1]);
    xc().arg("merge")
        .write_stdin(merged(&line(1)))
        .assert()
        .success()
        .stdout(predicate::str::contains("Solution 3:").and(predicate::str::contains("Altogether 724 solutions")));
    let mut forged = line(1);
    forged["solutions"] = json!(0);
    forged["printed"] = json!([["r0 c0 zz"]]);
    refused(forged, "the shard printed more solutions (1) than it found (0)");
    let mut forged = line(1);
    forged["printed"] = json!([["r0 c0 \u{1b}[2J"]]);
    refused(forged, "printed solution 1: `r0 c0 \\u{1b}[2J` is no option");
    let mut forged = line(1);
    forged["printed"] = json!([["r0 c0", ""]]);
    refused(forged, "printed solution 1: `` is no option");
    let mut forged = line(1);
    forged["verified"] = json!(true);
    refused(forged, "not a shard result: unknown field `verified`");
    let mut forged = line(1);
    forged["stopped"] = json!("node limit");
    refused(forged, "a complete shard has no \"stopped\" reason (null)");
    let mut forged = line(1);
    forged["complete"] = json!(false);
    refused(forged, "an incomplete shard needs \"stopped\" (the reason)");
    let mut forged = line(1);
    forged["depth"] = json!(depth + 1);
    refused(
        forged,
        &format!(
            "split at depth {} into {all} subproblems, but <stdin>:1 at depth {depth} into {all}: the shards of one search are split alike",
            depth + 1
        ),
    );
    let mut forged = line(1);
    forged["split_into"] = json!(all + 1);
    refused(forged, &format!("split at depth {depth} into {} subproblems", all + 1));
    let mut forged = line(1);
    let share = forged["subproblems"].as_u64().unwrap();
    forged["subproblems"] = json!(share - 1);
    refused(forged, &format!("solved {} subproblems, but shard 2/3 of {all} has {share}", share - 1));
    let mut forged = line(1);
    forged["problem"] = json!("\u{1b}[2J");
    refused(forged, "\"problem\" must be 16 hex digits, not \"\\u{1b}[2J\"");
}

/// With `--problem FILE`, every shard must have solved that problem, and
/// every solution printed must be one of its solutions, by the independent
/// checker.
#[test]
fn merge_checks_printed_solutions_against_the_problem() {
    let dlx = "tests/fixtures/dlx/queens8.dlx";
    let r = shards(&["cover", dlx, "--print", "3"], 2);
    xc().args(["merge", "--problem", dlx])
        .write_stdin(r.concat())
        .assert()
        .success()
        .stdout(predicate::str::contains("Solution 3:").and(predicate::str::contains("Altogether 92 solutions")))
        .stderr("");
    xc().arg("merge")
        .write_stdin(r.concat())
        .assert()
        .success()
        .stderr(predicate::str::contains("give --problem FILE to check them"));
    let first = |f: &dyn Fn(&mut Value)| {
        let mut v: Value = serde_json::from_str(&r[0]).unwrap();
        f(&mut v);
        format!("{v}\n{}", r[1])
    };
    let refused = |input: String, message: &str| {
        xc().args(["merge", "--problem", dlx])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(format!("error: <stdin>:1: {message}")));
    };
    refused(
        first(&|v| v["printed"][0][0] = json!("r0 c0 zz")),
        "printed solution 1: `r0 c0 zz` is no option of tests/fixtures/dlx/queens8.dlx",
    );
    // The same solution twice: in one shard, and in two.
    refused(
        first(&|v| v["printed"][1] = v["printed"][0].clone()),
        "printed solution 2 is <stdin>:1's printed solution 1 again: a search finds each solution once",
    );
    let (mut one, mut two): (Value, Value) =
        (serde_json::from_str(&r[0]).unwrap(), serde_json::from_str(&r[1]).unwrap());
    one["solutions"] = json!(one["solutions"].as_u64().unwrap() - 1);
    (two["solutions"], two["printed"]) = (json!(1), json!([one["printed"][2].clone()]));
    xc().args(["merge", "--problem", dlx])
        .write_stdin(format!("{one}\n{two}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<stdin>:2: printed solution 1 is <stdin>:1's printed solution 3 again"));
    refused(
        first(&|v| v["printed"][1] = json!(["r0 c0 b7", "r0 c1 a1 b8"])),
        "printed solution 2 is no solution of tests/fixtures/dlx/queens8.dlx: item `r0` is covered more than once",
    );
    xc().args(["merge", "--problem", "tests/fixtures/dlx/toy.dlx"])
        .write_stdin(r.concat())
        .assert()
        .code(2)
        .stderr(predicate::str::is_match("^error: <stdin>:1: the shard solved problem [0-9a-f]{16}, but tests/fixtures/dlx/toy.dlx is problem [0-9a-f]{16}\n$").unwrap());
    xc().args(["merge", "--problem", "-"])
        .write_stdin(r.concat())
        .assert()
        .code(2)
        .stderr("error: the problem and the shard results can't both come from standard input\n");
}

/// Options written alike print alike: with `a` written three times and
/// `b` twice, the six solutions all print as `a` and `b`, and merge takes
/// them from one shard or several (it refused the second as the first
/// again); a seventh is refused, as there are only six ways to pick an
/// `a` and a `b`.
#[test]
fn merge_takes_solutions_of_options_written_alike() {
    let dir = tempfile::tempdir().unwrap();
    let dlx = dir.path().join("alike.dlx");
    std::fs::write(&dlx, "a b\na\na\na\nb\nb\n").unwrap();
    let dlx = dlx.to_str().unwrap();
    for n in [1, 2, 3] {
        let r = shards(&["cover", dlx, "--print", "10"], n);
        xc().args(["merge", "--problem", dlx])
            .write_stdin(r.concat())
            .assert()
            .success()
            .stdout(predicate::str::contains("Solution 6:").and(predicate::str::contains("Altogether 6 solutions")))
            .stderr("");
    }
    let r = shards(&["cover", dlx, "--print", "10"], 1);
    let mut v: Value = serde_json::from_str(&r[0]).unwrap();
    v["solutions"] = json!(7);
    let printed = v["printed"].as_array_mut().unwrap();
    printed.push(printed[0].clone());
    xc().args(["merge", "--problem", dlx])
        .write_stdin(format!("{v}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("printed solution 7 is <stdin>:1's printed solution 1 again"));
}

/// An option is a set of items: a printed solution whose option names its
/// items in another order than the problem's file is the same solution
/// (before: "is no option of"), and still counted once.
#[test]
fn merge_takes_an_options_items_in_any_order() {
    let dir = tempfile::tempdir().unwrap();
    let dlx = dir.path().join("order.dlx");
    std::fs::write(&dlx, "a b c\nb a\nc\na\nc  b\n").unwrap();
    let dlx = dlx.to_str().unwrap();
    let r = shards(&["cover", dlx, "--print", "10"], 1);
    assert!(r[0].contains("\"b a\"") && r[0].contains("\"c b\""), "{r:?}");
    let reordered = r[0].replace("\"b a\"", "\"a  b\"").replace("\"c b\"", "\"b c\"");
    xc().args(["merge", "--problem", dlx])
        .write_stdin(reordered.clone())
        .assert()
        .success()
        .stdout(predicate::str::contains("Altogether 2 solutions"))
        .stderr("");
    let mut v: Value = serde_json::from_str(&reordered).unwrap();
    v["solutions"] = json!(3);
    let printed = v["printed"].as_array_mut().unwrap();
    let again: Vec<Value> = printed[0].as_array().unwrap().iter().rev().cloned().collect();
    printed.push(json!(again));
    xc().args(["merge", "--problem", dlx])
        .write_stdin(format!("{v}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("printed solution 3 is <stdin>:1's printed solution 1 again"));
}

/// Names with control characters (DEL, ESC): a shard prints them escaped,
/// as `xc cover` does, and `xc merge --problem` takes them as the
/// problem's options; nothing raw reaches the output.
#[test]
fn merge_takes_shards_whose_names_hold_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let dlx = dir.path().join("control.dlx");
    std::fs::write(&dlx, "A B\u{7f} C\u{1b}\nA\nB\u{7f} C\u{1b}\nA B\u{7f}\nC\u{1b}\n").unwrap();
    let dlx = dlx.to_str().unwrap();
    let whole = stdout(&["cover", dlx, "--all"]);
    assert!(whole.contains("Altogether 2 solutions") && whole.contains("B\\u{7f} C\\u{1b}"), "{whole}");
    let r = shards(&["cover", dlx, "--print", "5"], 2);
    let merged = xc().args(["merge", "--problem", dlx]).write_stdin(r.concat()).assert().success().stderr("");
    let merged = String::from_utf8(merged.get_output().stdout.clone()).unwrap();
    assert!(merged.contains("Altogether 2 solutions") && merged.contains("  B\\u{7f} C\\u{1b}\n"), "{merged}");
    assert!(!merged.contains(['\u{7f}', '\u{1b}']) && !r.concat().contains(['\u{7f}', '\u{1b}']), "{r:?}");
}

/// Ctrl-C while the tree is being split (into 16 × 2²⁰ subproblems:
/// seconds of work, before any worker starts): the shard's result is
/// written, stopped by the interruption, and the exit code is 130, within
/// half a second of the signal.
#[test]
fn ctrl_c_during_the_split_writes_the_result_and_exits_130() {
    let (out, took) = signal_after(&["queens", "20", "--shard", "1/1048576"], Duration::from_millis(300), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["complete"].as_bool(), v["stopped"].as_str()), (Some(false), Some("interrupted")), "{v}");
    assert!(took < PROMPTLY, "{took:?}");
}

/// 1024 threads: small problems finish at once, and Ctrl-C stops a big one
/// within half a second, with its partial results (no more threads start
/// than there are subproblems, and the threads' cost grows linearly with
/// their number).
#[test]
fn a_thousand_threads_start_and_stop_at_once() {
    let cases = [
        (["cover", "tests/fixtures/dlx/toy.dlx"], "Altogether 1 solution, 30 updates, 6 nodes"),
        (["queens", "10"], "Altogether 724 solutions, 198264 updates, 11578 nodes"),
    ];
    for (args, head) in cases {
        let start = Instant::now();
        xc().args(args).args(["--threads", "1024"]).assert().success().stdout(predicate::str::starts_with(head));
        assert!(start.elapsed() < Duration::from_secs(1), "{args:?}: {:?}", start.elapsed());
    }
    let (out, took) = signal_after(&["queens", "20", "--threads", "1024"], Duration::from_millis(500), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Stopped (interrupted) after "), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
}

#[test]
fn merge_checks_every_shard_once() {
    let r = shards(&["queens", "8"], 3);
    xc().arg("merge").write_stdin(format!("{}{}", r[0], r[2])).assert().code(2).stderr("error: missing shards: 2/3\n");
    // A byte-order mark first is skipped; a result spread over lines is
    // said to belong on one.
    xc().arg("merge")
        .write_stdin(format!("\u{feff}{}{}{}", r[0], r[1], r[2]))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 92 solutions"));
    let pretty = serde_json::to_string_pretty(&serde_json::from_str::<Value>(&r[0]).unwrap()).unwrap();
    xc().arg("merge").write_stdin(pretty).assert().code(2).stderr(predicate::str::ends_with(
        "; a shard's result is one JSON object on one line, as `xc cover --shard` writes it\n",
    ));
    // One of 2^20: the first ten named, the rest counted (a line of
    // 16.7 MB named every one).
    let mut alone: Value = serde_json::from_str(&r[0]).unwrap();
    (alone["of"], alone["complete"], alone["stopped"]) = (json!(1 << 20), json!(false), json!("time limit reached"));
    xc().arg("merge").write_stdin(format!("{alone}\n")).assert().code(2).stderr(
        "error: missing shards: 2/1048576, 3/1048576, 4/1048576, 5/1048576, 6/1048576, 7/1048576, 8/1048576, \
         9/1048576, 10/1048576, 11/1048576 and 1048565 more\n",
    );
    xc().arg("merge")
        .write_stdin(format!("{}{}{}", r[0], r[0], r[1]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("given twice"));
    let other = shards(&["queens", "9"], 3);
    xc().arg("merge")
        .write_stdin(format!("{}{}{}", r[0], other[1], r[2]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a different problem"));
    xc().arg("merge").write_stdin("not json\n").assert().code(2).stderr(predicate::str::contains("not a shard result"));
    xc().args(["queens", "8", "--shard", "4/3"]).assert().code(2);
}

/// Totals use checked arithmetic, and a field of the wrong type is named as
/// such, not called missing.
#[test]
fn merge_refuses_overflowing_totals_and_wrong_types() {
    let r = shards(&["queens", "8"], 2);
    let mut huge: Value = serde_json::from_str(&r[0]).unwrap();
    huge["solutions"] = json!(u64::MAX);
    let mut one: Value = serde_json::from_str(&r[1]).unwrap();
    one["solutions"] = json!(1);
    xc().arg("merge")
        .write_stdin(format!("{huge}\n{one}\n"))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("<stdin>:2: the totals overflow"));
    let mut negative: Value = serde_json::from_str(&r[0]).unwrap();
    negative["solutions"] = json!(-5);
    xc().arg("merge").write_stdin(format!("{negative}\n{}", r[1])).assert().code(2).stderr(
        predicate::str::starts_with(
            "error: <stdin>:1: not a shard result: \"solutions\": invalid value: integer `-5`, expected a whole number",
        ),
    );
    let mut missing: Value = serde_json::from_str(&r[0]).unwrap();
    missing.as_object_mut().unwrap().remove("nodes");
    xc().arg("merge")
        .write_stdin(format!("{missing}\n{}", r[1]))
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: <stdin>:1: not a shard result: missing field `nodes`"));
    let mut unknown: Value = serde_json::from_str(&r[0]).unwrap();
    unknown["complete"] = json!(false);
    unknown["stopped"] = json!("tired");
    xc().arg("merge")
        .write_stdin(format!("{unknown}\n{}", r[1]))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown stop reason \"tired\""));
    let mut stopped: Value = serde_json::from_str(&r[0]).unwrap();
    stopped["complete"] = json!(false);
    stopped["stopped"] = json!("time limit reached");
    xc().arg("merge")
        .write_stdin(format!("{stopped}\n{}", r[1]))
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("Stopped (time limit reached) after 92 solutions"));
    let mut absurd: Value = serde_json::from_str(&r[0]).unwrap();
    absurd["of"] = json!(u64::MAX);
    xc().arg("merge")
        .write_stdin(format!("{absurd}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\"of\" must be from 1"));
}

#[test]
fn estimates_are_close() {
    let v: Value =
        serde_json::from_str(&stdout(&["queens", "10", "--estimate", "--probes", "20000", "--format", "json"]))
            .unwrap();
    let nodes = v["nodes"].as_f64().unwrap();
    assert!((nodes - 11578.0).abs() < 0.15 * 11578.0, "{v}");
    xc().args(["cover", "tests/fixtures/dlx/pentominoes3x20.dlx", "--estimate"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Estimate from 10000 probes: about "));
    xc().args(["queens", "8", "--estimate", "--all"]).assert().code(2);
}

#[test]
fn seeds_need_one_thread() {
    xc().args(["queens", "8", "--seed", "3", "--threads", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--threads 1"));
}

/// `xc ARGS` where no thread can start: as a user with a limit of one
/// process (root drops to `nobody` first, as root's limits don't hold).
fn without_threads(args: &[&str], input: &str) -> std::process::Output {
    use std::os::unix::fs::PermissionsExt;
    let root = std::process::Command::new("id").arg("-u").output().map(|o| o.stdout == b"0\n").unwrap_or(false);
    // A copy `nobody` can run, wherever the build is.
    let dir = tempfile::tempdir().unwrap();
    let xc = dir.path().join("xc");
    std::fs::copy(env!("CARGO_BIN_EXE_xc"), &xc).unwrap();
    for path in [dir.path(), xc.as_path()] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let mut command = std::process::Command::new("setpriv");
    if root {
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
    } else {
        command.arg("--");
    }
    command.args(["prlimit", "--nproc=1"]).arg(&xc).args(args).current_dir("/");
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("setpriv and prlimit (util-linux) run");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The dominoes of a 6×8 board in DLX text: 167,089 tilings.
fn dominoes_6x8() -> String {
    let cell = |r: usize, c: usize| format!("c{r}_{c}");
    let mut text: Vec<String> = vec![(0..48).map(|i| cell(i / 8, i % 8)).collect::<Vec<_>>().join(" ")];
    for (r, c) in (0..48).map(|i| (i / 8, i % 8)) {
        if c < 7 {
            text.push(format!("{} {}", cell(r, c), cell(r, c + 1)));
        }
        if r < 5 {
            text.push(format!("{} {}", cell(r, c), cell(r + 1, c)));
        }
    }
    text.join("\n") + "\n"
}

#[test]
fn with_no_thread_to_start_every_search_runs_on_one() {
    // Printing in the order found, on threads: the solutions come in one
    // thread's order instead (it panicked: "failed to spawn thread").
    let alone = without_threads(&["queens", "10", "--threads", "2", "--print", "2"], "");
    assert_eq!(alone.status.code(), Some(0), "{alone:?}");
    let one = stdout(&["queens", "10", "--print", "2"]);
    let alone_out = String::from_utf8_lossy(&alone.stdout);
    let boards = |out: &str| out.lines().filter(|l| !l.starts_with("Altogether")).collect::<Vec<_>>().join("\n");
    assert_eq!(boards(&alone_out), boards(&one));
    assert_eq!(counts(&alone_out), counts(&one));
    assert_eq!(boards(&one).lines().count(), 22);
    let stderr = String::from_utf8_lossy(&alone.stderr);
    assert!(stderr.contains("nodes per thread [11497] (imbalance 1.000)"), "{stderr}");
    // Counting; the memo's walk of every tiling, in ranges on threads;
    // Sudoku solved on a pool (it said "can't start threads").
    let sudoku = "1...4...5.....23..74.3.....4....321..7.5.4.6..821....4.....7.59..92.....8...9...1\n".to_string();
    for (args, input, counted) in [
        (&["queens", "10", "--threads", "2"][..], String::new(), "Altogether 724 solutions"),
        (&["cover", "-", "--threads", "2"][..], dominoes_6x8(), "Altogether 167089 solutions, each checked"),
        (
            &["sudoku", "solve", "-", "--threads", "2"][..],
            sudoku,
            "123946785958712346746358192495863217371524968682179534214637859569281473837495621\n",
        ),
    ] {
        let alone = without_threads(args, &input);
        assert_eq!(alone.status.code(), Some(0), "{args:?}: {alone:?}");
        let out = String::from_utf8_lossy(&alone.stdout);
        assert!(out.starts_with(counted), "{args:?}: {out}");
    }
}
