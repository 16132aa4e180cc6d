//! Big-instance features on the command line: threads, ordered printing,
//! shards and `xc merge`, the recipes of docs/SCALING.md, estimates.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::{Value, json};

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

#[test]
fn merge_checks_every_shard_once() {
    let r = shards(&["queens", "8"], 3);
    xc().arg("merge").write_stdin(format!("{}{}", r[0], r[2])).assert().code(2).stderr("error: missing shards: 2/3\n");
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
#[cfg_attr(not(has_gnu_parallel), ignore = "needs GNU parallel (apt-get install parallel)")]
fn the_gnu_parallel_recipe_of_scaling_md_works() {
    let scratch = tempfile::Builder::new().prefix("xc-shards-").tempdir().unwrap();
    let dir = scratch.path();
    let xc = env!("CARGO_BIN_EXE_xc");
    // The recipe, as docs/SCALING.md gives it (with our binary and folder).
    let recipe = format!(
        "parallel --will-cite -j 2 '{xc} cover {problem} --shard {{}}/6 > {dir}/shard-{{}}.json' ::: 1 2 3 4 5 6 && {xc} merge {dir}/shard-*.json",
        problem = "tests/fixtures/dlx/pentominoes3x20.dlx",
        dir = dir.display()
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &recipe])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Altogether 8 solutions, 10935596 updates, 32644 nodes"));
    assert!(docs_mention("parallel --will-cite -j") && docs_mention("--shard {}/") && docs_mention("xc merge"));
}

fn docs_mention(text: &str) -> bool {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/SCALING.md")).unwrap().contains(text)
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
