//! The catalogue of bad inputs, limits and interruption, end to end: every
//! case has a clear message, the right exit code, and the rest of a batch
//! still processed.

mod signal;

use assert_cmd::Command;
use predicates::prelude::*;
use signal::{PROMPTLY, signal_after};
use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    // Paths in the tests are relative to the top of the repository.
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

/// A file holding `bytes`, its name ending in `name`; deleted when dropped.
fn temp(name: &str, bytes: &[u8]) -> tempfile::TempPath {
    let mut file = tempfile::Builder::new().prefix("xc-reliability-").suffix(&format!("-{name}")).tempfile().unwrap();
    std::io::Write::write_all(&mut file, bytes).unwrap();
    file.into_temp_path()
}

const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn sudoku_catalogue() {
    let cases: &[(&str, Vec<u8>, i32, &str)] = &[
        ("short.txt", format!("{}\n", &INKALA[..80]).into_bytes(), 2, ":1:1: wrong length: 80 cells"),
        ("badchar.txt", INKALA.replace("36", "3?").into_bytes(), 2, ":1:13: bad character `?`"),
        ("utf8.txt", [INKALA.as_bytes(), b"\n\xff\xfe\n"].concat(), 2, ":2:1: invalid UTF-8"),
        ("empty.txt", Vec::new(), 2, ": no puzzles found"),
        ("dup.txt", INKALA.replacen(".", "8", 1).into_bytes(), 1, ""),
        (
            "bigline.txt",
            [vec![b'1'; 1 << 20], b"\n".to_vec(), INKALA.as_bytes().to_vec()].concat(),
            2,
            ":1:1: line longer than 65536 bytes",
        ),
    ];
    for (name, bytes, code, message) in cases {
        let path = temp(name, bytes);
        let out = xc().args(["sudoku", "solve", "-q"]).arg(&path).assert().code(*code);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(stderr.contains(message), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
    // The good puzzle after the 1 MB line is still solved.
    let path = temp("bigline2.txt", &[vec![b'1'; 1 << 20], b"\n".to_vec(), INKALA.as_bytes().to_vec()].concat());
    xc().args(["sudoku", "solve", "-q"]).arg(&path).assert().code(2).stdout(predicate::str::starts_with("812753649"));
    xc().args(["sudoku", "solve", "-q"])
        .write_stdin(format!("{}\n", INKALA.replacen(".", "8", 1)))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("# no solution: r1c1 and r1c2 both hold 8 (row 1)"));
}

#[test]
fn binary_garbage_never_panics() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let bytes: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect();
    let path = temp("garbage.bin", &bytes);
    let out = xc().args(["sudoku", "solve", "-q"]).arg(&path).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.contains("garbage.bin:1:"), "{stderr}");
    assert!(!stderr.contains("panicked"));
    let out = xc().arg("cover").arg(&path).assert().code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr).starts_with("error: "));
}

#[test]
fn a_full_invalid_grid_and_a_big_grid_fed_as_nine_by_nine() {
    let full_bad = "812753649943682175675491283154237896369845721287169534521974368438526917796318455";
    xc().args(["sudoku", "check", "-q"])
        .write_stdin(full_bad)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("invalid: r9c8 and r9c9 both hold 5"));
    xc().args(["sudoku", "solve", "-q"]).write_stdin(full_bad).assert().code(1);
    let big =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/sudoku/big16.txt")).unwrap();
    // Read as the 16×16 X puzzle it is (issue 37, item 8), whose givens
    // break a diagonal: not "a 16×16 grid given to a 9×9 variant".
    xc().args(["sudoku", "solve", "-q", "--variant", "x"])
        .write_stdin(big)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("# no solution: r3c3 and r5c5 both hold 7 (diagonal 1)"));
}

#[test]
fn dlx_catalogue() {
    let cases: &[(&str, i32, &str)] = &[
        ("A B\nA C\n", 2, ":2:3: unknown item `C`"),
        ("A B A\nA\n", 2, ":1:5: duplicate item name `A`"),
        ("A B\nA B A\n", 2, ":2:5: item `A` appears twice in this option"),
        ("A | x | y\nA\n", 2, ":1:7: `|` appears twice in the item line"),
        ("A | x\nA:1 x\n", 2, ":2:1: primary item `A` can't have a colour"),
        ("| x y\n", 2, "no item line"),
        (" | x y\nx\n", 2, ":1:2: no primary items before `|`"),
    ];
    for (text, code, message) in cases {
        xc().arg("cover").write_stdin(*text).assert().code(*code).stderr(predicate::str::contains(*message));
    }
    xc().arg("cover")
        .write_stdin("A | x\nx\nA\n")
        .assert()
        .code(0)
        .stderr("warning: <stdin>:2: option ignored: it has no primary item\n");
    xc().arg("cover")
        .write_stdin("A B\nA\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("Altogether 0 solutions"));
}

#[test]
fn a_hundred_thousand_items_in_one_chain() {
    let n = 100_000;
    let mut text = String::new();
    for k in 0..n {
        text.push_str(&format!("i{k} "));
    }
    text.push('\n');
    for k in (0..n).step_by(2) {
        text.push_str(&format!("i{k} i{}\n", k + 1));
    }
    for k in (1..n - 1).step_by(2) {
        text.push_str(&format!("i{k} i{}\n", k + 1));
    }
    let path = temp("chain.dlx", text.as_bytes());
    xc().arg("cover").arg(&path).assert().code(0).stdout(predicate::str::starts_with("Altogether 1 solution"));
}

#[test]
fn file_errors() {
    xc().args(["cover", "no/such/file"]).assert().code(2).stderr("error: no/such/file: no such file\n");
    xc().args(["sudoku", "solve", "tests"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: tests: is a directory"));
    // A file that can't be read: /proc/self/mem fails at offset 0.
    if std::path::Path::new("/proc/self/mem").exists() {
        xc().args(["cover", "/proc/self/mem"])
            .assert()
            .code(2)
            .stderr(predicate::str::starts_with("error: /proc/self/mem: "));
    }
    let locked = temp("locked.dlx", b"A\nA\n");
    std::fs::set_permissions(&locked, std::os::unix::fs::PermissionsExt::from_mode(0o000)).unwrap();
    let running_as_root = std::fs::read(&locked).is_ok();
    if !running_as_root {
        xc().arg("cover").arg(&locked).assert().code(2).stderr(predicate::str::contains("permission denied"));
    }
}

#[test]
fn usage_errors() {
    xc().args(["cover", "--limit", "0"]).assert().code(2);
    xc().args(["sudoku", "solve", "--count", "--all"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    xc().args(["sudoku", "solve", "--unique", "--count"]).assert().code(2);
    xc().args(["sudoku", "count", "--limit", "0"]).assert().code(2);
}

/// 20,000 copies of the shipped puzzles, for long runs.
fn big_input() -> tempfile::TempPath {
    let puzzles = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles.txt")).unwrap();
    temp("big.txt", puzzles.repeat(20).as_bytes())
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // Kept until the child has read it (a temporary would be deleted at once).
    let input = big_input();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xc"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(["sudoku", "solve", "-q"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert_eq!(first.trim().len(), 81);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn limits_stop_within_the_budget() {
    let start = Instant::now();
    xc().args(["polyomino", "--board", "6x10", "--time-limit", "300ms"])
        .assert()
        .code(3)
        .stdout(predicate::str::starts_with("Stopped (time limit reached) after"));
    assert!(start.elapsed() < Duration::from_secs(3), "{:?}", start.elapsed());
    xc().args(["polyomino", "--board", "6x10", "--node-limit", "5000"])
        .assert()
        .code(3)
        .stdout(predicate::str::contains(" 5000 nodes"));
    xc().args(["queens", "10", "--limit", "7"]).assert().code(3).stdout(predicate::str::contains("after 7 solutions"));
}

fn interrupt_after(args: &[&str], wait: Duration) -> std::process::Output {
    signal_after(args, wait, "-INT").0
}

/// Every line is a puzzle, a part of one, a comment, or an error with its
/// position: an open LeetCode board swallows nothing, and stray words are
/// not taken for CSV headers.
#[test]
fn the_sudoku_reader_loses_no_line() {
    let input = format!("[[\"8\",\".\",\n{INKALA}\n{INKALA}\nxx\nfoo bar\npuzzle\n{INKALA}\n");
    xc().args(["sudoku", "solve", "-"])
        .write_stdin(input)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("812753649").count(3))
        .stderr(predicate::str::contains("<stdin>:1:1: unterminated board: `]` missing\n"))
        .stderr(predicate::str::contains("<stdin>:4:"))
        .stderr(predicate::str::contains("<stdin>:5:"))
        .stderr(predicate::str::contains("<stdin>:6:"))
        .stderr(predicate::str::contains(
            "3 puzzles: 3 solved (3 unique, 0 several), 0 no solution, 0 stopped, 4 errors",
        ));
    xc().args(["sudoku", "solve", "--input-format", "line", "-"])
        .write_stdin("8 0 0 0 0 0 0 0 0\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<stdin>:1:1: wrong length: 9 cells; a puzzle line has 81 (or 16, 256, 625); it looks like a row of a block"));
}

/// The resident memory of a process, from /proc, in kB.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB");
    line.split_whitespace().nth(1).and_then(|v| v.parse().ok()).unwrap_or(0)
}

/// `--all` on an empty grid (6.7 × 10^21 solutions) streams: the first
/// line comes at once, memory stays flat under a 1 GiB address-space cap,
/// and closing the pipe (`| head -1`) ends the run quietly.
#[test]
fn all_solutions_stream_in_bounded_memory() {
    let mut child = std::process::Command::new("prlimit")
        .arg("--as=1073741824")
        .arg(env!("CARGO_BIN_EXE_xc"))
        .args(["sudoku", "solve", "--all", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit (util-linux) runs");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{}", ".".repeat(81)).unwrap();
    drop(stdin);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    let start = Instant::now();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, format!("# {}\n", ".".repeat(81)));
    line.clear();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line.trim().len(), 81, "{line:?}");
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    // Keep reading for a while: millions of solutions go by in flat memory.
    let (mut lines, mut peak) = (0u64, 0);
    while start.elapsed() < Duration::from_secs(2) {
        line.clear();
        stdout.read_line(&mut line).unwrap();
        lines += 1;
        if lines % 100_000 == 0 {
            peak = peak.max(rss_kb(child.id()));
        }
    }
    assert!(lines > 100_000, "{lines} lines in 2 s");
    assert!(peak < 100_000, "resident memory {peak} kB");
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "a closed pipe ends quietly: {out:?}");
}

/// Ctrl-C during `--all` ends the puzzle's solutions with the count so far.
#[test]
fn an_interrupted_enumeration_says_how_far_it_got() {
    let path = temp("empty.txt", format!("{}\n", ".".repeat(81)).as_bytes());
    let (out, _) =
        signal_after(&["sudoku", "solve", "--all", "-q", path.to_str().unwrap()], Duration::from_millis(400), "-INT");
    assert_eq!(out.status.code(), Some(130), "{:?}", out.status);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("# ") && last.ends_with(" solutions (stopped: interrupted)"), "{last}");
}

/// A count stopped by the clock or Ctrl-C prints its partial count and
/// says what stopped it; the note about `--limit` is for the solution limit
/// only.
#[test]
fn counts_stopped_early_say_why() {
    let empty = format!("{}\n", ".".repeat(81));
    let out = xc()
        .args(["sudoku", "count", "--time-limit", "200ms", "--limit", "1000000000000", "-"])
        .write_stdin(empty.clone())
        .assert()
        .code(3);
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    let (count, note) = stdout.trim().split_once(':').unwrap().1.split_once("  # ").unwrap();
    assert!(count.ends_with('+') && count.trim_end_matches('+').parse::<u64>().unwrap() > 0, "{stdout}");
    assert_eq!(note, "stopped: time limit reached");
    assert!(!stderr.contains("raise it with --limit"), "{stderr}");
    let json = xc()
        .args(["sudoku", "count", "--time-limit", "200ms", "--limit", "1000000000000", "--format", "json", "-q", "-"])
        .write_stdin(empty.clone())
        .assert()
        .code(3);
    let v: serde_json::Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    assert_eq!((v["complete"].clone(), v["stopped"].clone()), (false.into(), "time limit reached".into()));
    assert!(v["count"].as_u64().unwrap() > 0);
    xc().args(["sudoku", "count", "--limit", "7", "-"])
        .write_stdin(empty)
        .assert()
        .code(3)
        .stdout(format!("{}:7+  # limit reached\n", ".".repeat(81)))
        .stderr(predicate::str::contains("note: 1 count stopped at the limit of 7 solutions; raise it with --limit"));
}

/// `xc cover` reads a line at a time and stops at `--max-input`: an
/// endless stream ends in an error naming the line, in bounded memory
/// (under a 512 MiB address-space cap).
#[test]
fn cover_input_is_capped() {
    let mut child = std::process::Command::new("prlimit")
        .arg("--as=536870912")
        .arg(env!("CARGO_BIN_EXE_xc"))
        .args(["cover", "--max-input", "8M", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prlimit (util-linux) runs");
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(b"a b c\n");
        // Endless options, until the reader stops reading.
        while stdin.write_all(&b"a b\nc\n".repeat(4096)).is_ok() {}
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: <stdin>:")
            && stderr.ends_with(":1: the input is longer than the limit of 8388608 bytes; raise it with --max-input\n"),
        "{stderr}"
    );
    // The default cap is documented.
    xc().args(["cover", "--help"]).assert().success().stdout(predicate::str::contains("[default: 256M]"));
}

/// Runs `xc ARGS` and kills it after `most`: its output, and whether it
/// ended by itself in time.
fn within(args: &[&str], most: Duration) -> (std::process::Output, bool) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xc"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while start.elapsed() < most {
        if child.try_wait().unwrap().is_some() {
            return (child.wait_with_output().unwrap(), true);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    (child.wait_with_output().unwrap(), false)
}

/// A packing that would take gigabytes is refused at the memory budget,
/// with a message that names it, and no abort (it used to grow by 170
/// MB/s, and abort under an address-space cap).
#[test]
fn builders_keep_to_the_memory_budget() {
    let args = ["polyomino", "--board", "1000x1000", "--piece-count", "0..99999999", "--max-memory", "100M"];
    let (out, ended) = within(&args, Duration::from_secs(60));
    assert!(ended, "{out:?}");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error: the problem needs more than the memory budget of 100.0 MiB"), "{stderr}");
    assert!(stderr.contains("raise it with --max-memory"), "{stderr}");
    // The same under a cap on the address space: the budget, not an abort.
    let cover = temp("ab.dlx", "a b\n".repeat(2_000_000).as_bytes());
    let out = std::process::Command::new("prlimit")
        .args(["--as=1000000000", env!("CARGO_BIN_EXE_xc"), "cover", "--max-memory", "20M"])
        .arg(cover.to_str().unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the memory budget of 20.0 MiB"), "{stderr}");
    // Threads whose arenas would pass the budget are refused too.
    xc().args(["queens", "9", "--threads", "4", "--max-memory", "2K"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("4 threads need about "));
}

/// Files read whole (pieces, boards, regions, shard results) are capped:
/// `/dev/zero` is an error, not all the memory.
#[test]
fn whole_file_reads_are_capped() {
    for args in [&["polyomino", "--piece-file", "/dev/zero"][..], &["polyomino", "--board-file", "/dev/zero"]] {
        let (out, ended) = within(args, Duration::from_secs(20));
        assert!(ended && out.status.code() == Some(2), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("/dev/zero: longer than 64.0 MiB"), "{stderr}");
    }
}

/// Ctrl-C stops a build, an estimate and a reading within half a second,
/// each saying what it was doing, with exit 130.
#[test]
fn ctrl_c_stops_every_phase() {
    // The packing takes minutes to build; 1.5 s lets a loaded machine
    // start the process and reach the build before the signal.
    let big = ["polyomino", "--board", "1000x1000", "--piece-count", "0..99999999"];
    let (out, took) = signal_after(&big, Duration::from_millis(1500), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Stopped (interrupted) while building the packing.\n");
    let (out, took) =
        signal_after(&["queens", "40", "--estimate", "--probes", "1000000000"], Duration::from_millis(400), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("Estimate from ") && stdout.ends_with(". (stopped: interrupted)\n"), "{stdout}");
    let file = temp("long.dlx", format!("a b\n{}", "a b\n".repeat(8_000_000)).as_bytes());
    let (out, took) = signal_after(&["cover", file.to_str().unwrap()], Duration::from_millis(300), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("Stopped (interrupted) while reading the problem, at /"), "{stdout}");
    // Walking a billion domino tilings out of the memo's diagram.
    let mut dominoes = (0..80).map(|c| format!("c{c}")).collect::<Vec<_>>().join(" ") + "\n";
    for c in 0..80 {
        if c % 10 < 9 {
            dominoes += &format!("c{c} c{}\n", c + 1);
        }
        if c < 70 {
            dominoes += &format!("c{c} c{}\n", c + 10);
        }
    }
    let file = temp("dominoes.dlx", dominoes.as_bytes());
    let (out, took) = signal_after(&["cover", file.to_str().unwrap()], Duration::from_millis(400), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("Stopped (interrupted) after checking "), "{stdout}");
    assert!(stdout.contains(" of 1031151241 solutions, through the memo"), "{stdout}");
    // Blocked on an input that says nothing: the watchdog says so.
    let (out, took) = signal_after(&["cover"], Duration::from_millis(300), "-INT");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(took < PROMPTLY, "{took:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "xc: interrupted while reading <stdin>\n");
}

/// Estimates of huge trees print in readable units; none panics (queens
/// 40 and 60 items of three one-item options used to), and `--probes 0`
/// is refused.
#[test]
fn huge_estimates_read_well() {
    let out = xc().args(["queens", "40", "--estimate", "--probes", "2000"]).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(stdout.starts_with("Estimate from 2000 probes: about "), "{stdout}");
    assert!(stdout.contains(" years at "), "{stdout}");
    let items: Vec<String> = (0..60).map(|k| format!("i{k}")).collect();
    let mut text = items.join(" ") + "\n";
    for name in &items {
        text += &format!("{name}\n{name}\n{name}\n");
    }
    let out = xc().args(["cover", "--estimate", "--probes", "500"]).write_stdin(text).assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    // 1 + 3 + … + 3^60 nodes, 3^60 solutions.
    assert!(stdout.contains("about 6.4e28 nodes, 2.1e28 updates, 4.2e28 solutions"), "{stdout}");
    xc().args(["queens", "8", "--estimate", "--probes", "0"]).assert().code(2);
}

/// Names with control characters are printed escaped with `--print`, and
/// in messages; the terminal never receives a raw ESC or BEL.
#[test]
fn control_characters_are_escaped_on_output() {
    let out =
        xc().args(["cover", "--print", "1"]).write_stdin("\u{1b}[2J \u{7}b\n\u{1b}[2J \u{7}b\n").assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(stdout.starts_with("Solution 1:\n  \\u{1b}[2J \\u{7}b\n"), "{stdout}");
    assert!(!stdout.contains('\u{1b}') && !stdout.contains('\u{7}'), "{stdout}");
    let out = xc().args(["cover"]).write_stdin("a\na \u{1b}[2J\n").assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert_eq!(stderr, "error: <stdin>:2:3: unknown item `\\u{1b}[2J`\n");
}

/// Two signals that come together, as `timeout` sends them (to the
/// process and to its group), count as one: the partial results print,
/// every time.
#[test]
fn two_signals_at_once_count_as_one() {
    for signal in ["-INT", "-TERM"] {
        for _ in 0..4 {
            // `kill -s SIG PID PID`: two signals, microseconds apart.
            let (out, took) = signal_after(&["queens", "16"], Duration::from_millis(300), &format!("{signal} PID"));
            assert_eq!(out.status.code(), Some(130), "{signal}: {out:?}");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(stdout.starts_with("Stopped (interrupted) after "), "{signal}: {out:?}");
            assert!(took < PROMPTLY, "{signal}: {took:?}");
        }
    }
}

/// SIGTERM stops a search as Ctrl-C does, with the partial results.
#[test]
fn sigterm_prints_partial_results_and_exits_130() {
    let (out, _) = signal_after(&["polyomino", "--board", "6x10"], Duration::from_millis(500), "-TERM");
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Stopped (interrupted) after "), "{out:?}");
}

/// A run that is not searching (here, blocked reading an input that never
/// ends) still ends within a second of the signal.
#[test]
fn a_signal_ends_any_run_within_a_second() {
    for signal in ["-INT", "-TERM"] {
        for args in [&["cover"][..], &["sudoku", "solve", "-"]] {
            let (out, took) = signal_after(args, Duration::from_millis(300), signal);
            assert_eq!(out.status.code(), Some(130), "{args:?} {signal}: {out:?}");
            assert!(took < Duration::from_millis(1500), "{args:?} {signal}: {took:?}");
        }
    }
}

/// Threads are capped as for `xc sudoku`, and the most allowed run quickly
/// on a tiny problem.
#[test]
fn thread_counts_are_capped() {
    xc().args(["cover", "tests/fixtures/dlx/toy.dlx", "--threads", "100000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("bad thread count `100000`: give 0 (one per core) to 1024"));
    let start = Instant::now();
    xc().args(["cover", "tests/fixtures/dlx/toy.dlx", "--threads", "1024"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 1 solution, 30 updates, 6 nodes"));
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
}

#[test]
fn ctrl_c_prints_partial_results_and_exits_130() {
    let out = interrupt_after(&["polyomino", "--board", "6x10"], Duration::from_millis(500));
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("Stopped (interrupted) after "), "{stdout}");
    let out = interrupt_after(&["polyomino", "--board", "6x10", "--threads", "2"], Duration::from_millis(500));
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Stopped (interrupted) after "), "{out:?}");
    // 300,300 puzzles: over a second of solving even on a fast machine.
    let puzzles = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles.txt")).unwrap();
    let path = temp("huge.txt", puzzles.repeat(300).as_bytes());
    let out = interrupt_after(&["sudoku", "solve", path.to_str().unwrap()], Duration::from_millis(150));
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(" puzzles: "), "the summary is printed: {stderr}");
    let mut stdin_buf = Vec::new();
    stdin_buf.write_all(&out.stdout).unwrap();
    assert!(!stdin_buf.is_empty(), "partial results are printed");
}

/// A run that reads a terminal says so on stderr (through `script`, which
/// gives it a pseudo-terminal); a pipe gets no such line.
#[test]
fn waiting_on_a_terminal_says_how_to_end() {
    let hint = "xc: reading standard input; type or paste, then end with Ctrl-D";
    let empty = format!("{}\n", ".".repeat(81));
    let piped = xc().args(["sudoku", "count", "--limit", "3", "-q"]).write_stdin(empty.clone()).assert().code(3);
    assert!(!String::from_utf8_lossy(&piped.get_output().stderr).contains(hint));
    let command = format!("{} sudoku count --limit 3", env!("CARGO_BIN_EXE_xc"));
    let mut child = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(format!("{empty}\u{4}").as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    drop(stdin);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains(hint), "{text}");
    assert!(text.contains(":3+  # limit reached"), "{text}");
}

/// Standard error full (`2>/dev/full`) or a pipe nobody reads: messages
/// there are best effort. Each command ends as it would have, and a batch
/// still writes every result (it panicked at its first message, exit 101,
/// the solutions on their way to standard output lost).
#[test]
fn a_stderr_that_fails_loses_nothing_else() {
    let batch = format!("bad\n{}", format!("{INKALA}\n").repeat(5));
    let runs: [(&[&str], &str, i32, usize); 5] = [
        (&["sudoku", "solve", "-"], &batch, 2, 5),
        (&["sudoku", "solve", "--threads", "1", "-"], &batch, 2, 5),
        (&["cover", "no/such/file.dlx"], "", 2, 0),
        (&["queens", "8", "--threads", "2"], "", 0, 1),
        (&["sudoku", "generate", "-n", "1"], "", 0, 1),
    ];
    for (args, input, code, lines) in runs {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        for stderr in [Stdio::from(full.try_clone().unwrap()), Stdio::from(writer.try_clone().unwrap())] {
            let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xc"))
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(stderr)
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
            let out = child.wait_with_output().unwrap();
            assert_eq!(out.status.code(), Some(code), "{args:?}");
            assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), lines, "{args:?}");
        }
    }
}

/// `--time-limit` holds while the run is blocked on its input (a pipe
/// that says nothing more) or its output (a reader that stalls): the
/// watchdog ends it soon after the limit, exit 3, saying what it was
/// doing (it ran as long as the pipe stalled: for ever).
#[test]
fn the_time_limit_holds_while_input_or_output_stalls() {
    // The input: one line, then silence, the pipe held open.
    let start = Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xc"))
        .args(["cover", "--time-limit", "300ms"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"a b\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let took = start.elapsed();
    drop(stdin);
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "xc: time limit reached while reading <stdin>\n");
    // The limit, the watchdog's second, and the start and the exit.
    assert!(took < Duration::from_millis(1300) + PROMPTLY, "{took:?}");
    // The output: every solution of 13 queens to a reader that reads none.
    let start = Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xc"))
        .args(["queens", "13", "--all", "--time-limit", "300ms"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let status = child.wait().unwrap();
    let took = start.elapsed();
    drop(stdout);
    assert_eq!(status.code(), Some(3));
    assert!(took < Duration::from_millis(1300) + PROMPTLY, "{took:?}");
}

/// Help and version that can't be written (`> /dev/full`) fail as any
/// output does (they exited 0, nothing written).
#[test]
fn help_that_cant_be_written_fails() {
    for args in [&["--help"][..], &["--version"], &["cover", "--help"], &["help", "sudoku"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_xc")).args(args).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "error: output: No space left on device (os error 28)\n");
    }
    xc().arg("--help").assert().success().stdout(predicate::str::contains("Usage: xc"));
}
