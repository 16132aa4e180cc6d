//! `xc sudoku solve|count --threads 1` takes its own loop (a puzzle read,
//! solved, checked and written before the next, with no pool): it must
//! write what the pipeline of two threads writes, byte for byte on
//! stdout, the same lines on stderr, with the same exit code, on input
//! with every kind of line between good ones. (On stderr one thread
//! writes in line order; the pipeline names a chunk's bad lines as it
//! reads the chunk, before what it finds on solving it.)

mod signal;

use assert_cmd::Command;
use signal::{PROMPTLY, signal_after};
use std::time::Duration;

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    // Paths in the tests are relative to the top of the repository.
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The first `n` puzzles of the repository's set of a thousand.
fn puzzles(n: usize) -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles.txt")).unwrap();
    text.lines().filter(|l| !l.starts_with('#')).take(n).map(str::to_string).collect()
}

/// Good 9×9 lines with every other kind of line between them: bad
/// characters, wrong lengths, CRLF, comments, blank lines, a header after
/// content, tdoku counts (right and wrong), Kaggle solutions (right and
/// wrong), a puzzle with no solution, one with several, clashing givens,
/// 4×4 and 16×16 lines and a block; a byte-order mark first and no line
/// end last.
fn mixed() -> String {
    let good = puzzles(40);
    let big16 = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/sudoku/big16.txt"))
        .unwrap()
        .lines()
        .find(|l| !l.starts_with('#'))
        .unwrap()
        .to_string();
    let odd = [
        format!("{}x{}", &INKALA[..40], &INKALA[41..]),
        INKALA[1..].to_string(),
        format!("{INKALA}.."),
        format!("{INKALA}\r"),
        "# a comment".to_string(),
        String::new(),
        "quizzes,solutions".to_string(),
        format!("{INKALA}:1"),
        format!("{INKALA}:2"),
        format!("{INKALA},{INKALA_SOLUTION}"),
        format!("{INKALA},{}", INKALA_SOLUTION.replacen('8', "9", 1)),
        INKALA.replacen("8..", "8.8", 1),
        format!("{}{}", &INKALA[..72], "........."),
        "..343412..434321".to_string(),
        big16,
        format!("{INKALA} # with a comment"),
        "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 .".to_string(),
        INKALA.replace('.', "0"),
        format!("{INKALA}\r\r"),
        "12345".to_string(),
    ];
    let mut text = String::from("\u{feff}");
    for (k, line) in good.iter().enumerate() {
        text.push_str(line);
        text.push('\n');
        if let Some(o) = odd.get(k) {
            text.push_str(o);
            text.push('\n');
        }
    }
    text.push_str(INKALA);
    text
}

/// A run's exit code, stdout, and the lines of stderr without the
/// summary's timing.
fn outcome(args: &[&str], threads: &str, input: &str) -> (Option<i32>, String, Vec<String>) {
    let out = xc().arg("sudoku").args(args).args(["--threads", threads]).write_stdin(input).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let stderr = stderr.lines().map(|l| if l.ends_with("puzzles/s") { &l[..l.rfind("; ").unwrap()] } else { l });
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), stderr.map(str::to_string).collect())
}

/// One thread's run and two threads' agree: the same exit code and
/// output, and the same lines on stderr, perhaps in another order.
fn agree(args: &[&str], input: &str) -> (Option<i32>, String, Vec<String>) {
    let one = outcome(args, "1", input);
    let mut two = outcome(args, "2", input);
    assert_eq!((one.0, &one.1), (two.0, &two.1), "{args:?}");
    let mut lines = one.2.clone();
    lines.sort();
    two.2.sort();
    assert_eq!(lines, two.2, "{args:?}");
    one
}

/// One thread and two agree, for every mode and output format.
#[test]
fn one_thread_writes_what_two_write() {
    let input = mixed();
    let runs: [&[&str]; 9] = [
        &["solve"],
        &["solve", "--unique"],
        &["solve", "--stats"],
        &["solve", "--format", "json"],
        &["solve", "--format", "csv"],
        &["solve", "--format", "block"],
        &["count"],
        &["count", "--limit", "1", "--format", "json"],
        &["solve", "--node-limit", "1", "--stats"],
    ];
    for args in runs {
        let (_, stdout, stderr) = agree(args, &input);
        assert!(stdout.lines().count() >= 50, "{args:?}: {stdout}");
        assert!(stderr.iter().any(|l| l.starts_with("54 puzzles: ")), "{args:?}: {stderr:?}");
    }
}

/// On an input of many chunks, two threads (which solve each chunk in
/// pieces on the workers) write what one writes, and name what they find
/// on solving (wrong counts and solutions given in the input, no
/// solution, several) in input order, as one thread does.
#[test]
fn two_threads_keep_the_input_order_across_pieces_and_chunks() {
    let one = mixed();
    let input = (0..90).map(|_| one.trim_start_matches('\u{feff}')).collect::<Vec<_>>().join("\n");
    for args in [&["solve", "--unique"][..], &["count"], &["solve", "--format", "json"]] {
        let (code, stdout, stderr) = agree(args, &input);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(stdout.lines().count() >= 90 * 50, "{args:?}");
        let found = |lines: &[String]| -> Vec<String> {
            let read = [": wrong length", "bad character", "field 1"];
            lines.iter().filter(|l| !read.iter().any(|r| l.contains(r))).cloned().collect()
        };
        let two = outcome(args, "2", &input);
        let in_order = found(&stderr);
        assert_eq!(in_order, found(&two.2), "{args:?}");
        assert!(in_order.len() > 90, "{args:?}: {}", in_order.len());
        let lines: Vec<usize> = in_order.iter().filter_map(|l| l.split(':').nth(1)?.parse().ok()).collect();
        assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{args:?}");
    }
}

/// Bad lines between good ones are named by line and column, the batch
/// goes on, and the good ones are solved in order.
#[test]
fn bad_lines_are_named_and_the_rest_solved_in_order() {
    let (code, stdout, stderr) = outcome(&["solve"], "1", &mixed());
    assert_eq!(code, Some(2), "{stderr:?}");
    assert_eq!(
        stderr,
        [
            "<stdin>:2:41: bad character `x` in r5c5 of a 9×9 grid",
            "<stdin>:4:1: wrong length: 80 cells; a puzzle line has 81 (or 16, 256, 625)",
            "<stdin>:6:1: wrong length: 83 cells; a puzzle line has 81 (or 16, 256, 625)",
            "<stdin>:14:1: field 1 (`quizzes`) is not a cell",
            "<stdin>:18:83: 1 solution(s) found but the input says 2",
            "<stdin>:22:83: the solution differs from the one given in the input",
            "<stdin>:44:1: wrong length: 5 cells; a puzzle line has 81 (or 16, 256, 625)",
            "54 puzzles: 53 solved (50 unique, 3 several), 1 no solution, 0 stopped, 7 errors",
        ],
    );
    let lines: Vec<&str> = stdout.lines().collect();
    let good = puzzles(40);
    // The first puzzle's solution, then the second's, the one after the
    // bad line.
    let first = xc().args(["sudoku", "solve", "-q", &good[0], &good[1]]).output().unwrap().stdout;
    assert_eq!(lines[..2].join("\n") + "\n", String::from_utf8(first).unwrap());
    assert_eq!(lines.last(), Some(&INKALA_SOLUTION));
    assert_eq!(lines.len(), 54);
}

/// A file named on the command line is named in the errors, and a jigsaw
/// map refuses a grid of another size, by line, and solves the rest.
#[test]
fn files_and_misfits_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.txt");
    std::fs::write(&path, mixed()).unwrap();
    let path = path.to_str().unwrap();
    let one = agree(&["solve", path], "");
    assert!(one.2[0].starts_with(&format!("{path}:2:41: bad character")), "{:?}", one.2);
    let jigsaw = ["solve", "--variant", "jigsaw", "--regions", "tests/fixtures/sudoku/jigsaw_regions.txt"];
    let input = "..343412..434321\n........1....9.6..7..............34.3.597......46............1...7.35..6.8..4.5..\n";
    let one = agree(&jigsaw, input);
    assert_eq!(one.0, Some(2));
    assert_eq!(one.2[0], "<stdin>:1:1: a 4×4 grid doesn't fit the region map, a 9×9 grid");
    assert_eq!(one.1.lines().count(), 1, "{}", one.1);
}

/// Ctrl-C on one thread: while skipping an endless line, and while waiting
/// for more input after a file of puzzles. What was solved is written and
/// the exit is 130.
#[test]
fn ctrl_c_on_one_thread() {
    for verb in ["solve", "count"] {
        let (out, took) =
            signal_after(&["sudoku", verb, "--threads", "1", "/dev/zero"], Duration::from_millis(300), "-INT");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{verb}: {out:?}");
        assert!(stderr.starts_with("/dev/zero:1:1: line longer than 65536 bytes\n"), "{verb}: {stderr}");
        assert!(took < PROMPTLY, "{verb}: {took:?}");
        let args = ["sudoku", verb, "--threads", "1", "data/puzzles.txt", "-"];
        let (out, took) = signal_after(&args, Duration::from_millis(500), "-INT");
        assert_eq!(out.status.code(), Some(130), "{verb}: {out:?}");
        // Blocked on the pipe, the run is ended by the watchdog (as with
        // two threads): no summary, but the file's results are out.
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1000, "{verb}");
        assert!(took < PROMPTLY, "{verb}: {took:?}");
    }
}

/// The threads of `xc sudoku ARGS` once it waits on its input (a pipe
/// left open, then closed), read from `/proc`: those it started first.
#[cfg(target_os = "linux")]
fn threads_waiting(args: &[&str]) -> usize {
    use std::process::Stdio;
    use std::time::Instant;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xc"))
        .arg("sudoku")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let field = |text: &str, name: &str| {
        text.lines().find_map(|l| l.strip_prefix(name)).map(|v| v.trim().to_string()).unwrap_or_default()
    };
    // Asleep twice in a row with as many threads: waiting on the pipe.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut last = None;
    let threads = loop {
        std::thread::sleep(Duration::from_millis(100));
        let text = std::fs::read_to_string(&status).unwrap();
        let now = (field(&text, "State:").starts_with('S'), field(&text, "Threads:").parse::<usize>().unwrap());
        if now.0 && last == Some(now) {
            break now.1;
        }
        assert!(Instant::now() < deadline, "{args:?}: never waited on its input");
        last = Some(now);
    };
    // No puzzles: an error, which is not what is tested here.
    drop(child.stdin.take());
    child.wait().unwrap();
    threads
}

/// `solve` and `count` on one thread start no pool: one thread fewer
/// than `check` on one thread, which solves nothing but starts a pool of
/// one; and two fewer than on a pool of two.
#[test]
#[cfg(target_os = "linux")]
fn one_thread_starts_no_pool() {
    let pool_of_one = threads_waiting(&["check", "--threads", "1"]);
    for verb in ["solve", "count"] {
        assert_eq!(threads_waiting(&[verb, "--threads", "1"]) + 1, pool_of_one, "{verb}");
        assert_eq!(threads_waiting(&[verb, "--threads", "2"]), pool_of_one + 1, "{verb}");
    }
}
