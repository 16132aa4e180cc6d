//! `xc sudoku` end to end: every format, every error path, exit codes.

use assert_cmd::Command;
use exactcover::sudoku::Symmetry;
use predicates::prelude::*;

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    // Paths in the tests are relative to the top of the repository.
    xc.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    xc
}

/// The JSON Lines a successful run prints.
fn json_lines(args: &[&str]) -> Vec<serde_json::Value> {
    let out = xc().args(args).assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

const F: &str = "tests/fixtures/sudoku";
const INKALA: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

fn run(args: &[&str]) -> assert_cmd::assert::Assert {
    xc().arg("sudoku").args(args).assert()
}

#[test]
fn solves_a_line_from_stdin() {
    xc().args(["sudoku", "solve"])
        .write_stdin(format!("{INKALA}\n"))
        .assert()
        .code(0)
        .stdout(format!("{INKALA_SOLUTION}\n"))
        .stderr(predicate::str::starts_with(
            "1 puzzle: 1 solved (1 unique, 0 several), 0 no solution, 0 stopped, 0 errors;",
        ));
}

#[test]
fn every_input_format() {
    for (file, first) in [
        ("seeds.txt", INKALA_SOLUTION),
        ("simple_sudoku.ss", INKALA_SOLUTION),
        ("seed_file.txt", "819465732574239681623187954962854173741923865358716249235671498197548326486392517"),
        ("kaggle.csv", "864371259325849761971265843436192587198657432257483916689734125713528694542916378"),
        ("leetcode.json", "534678912672195348198342567859761423426853791713924856961537284287419635345286179"),
        ("qqwing.txt", "327561984518942367496873125761384259935726418842195673674259831253418796189637542"),
        ("mixed.txt", INKALA_SOLUTION),
        ("four.txt", "1234341221434321"),
    ] {
        let out = run(&["solve", "-q", &format!("{F}/{file}")]).get_output().stdout.clone();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().next(), Some(first), "{file}");
    }
}

#[test]
fn output_formats() {
    let block =
        run(&["solve", "-q", "--format", "block", &format!("{F}/seeds.txt")]).success().get_output().stdout.clone();
    assert!(String::from_utf8(block).unwrap().starts_with("8 1 2 | 7 5 3 | 6 4 9\n9 4 3 | 6 8 2 | 1 7 5\n"));
    run(&["solve", "-q", "--format", "csv", &format!("{F}/seeds.txt")]).success().stdout(predicate::str::starts_with(
        format!("puzzle,solution,status,count,nodes,guesses\n{INKALA},{INKALA_SOLUTION},unique,1,,\n"),
    ));
    let json = run(&["solve", "-q", "--format", "json", "--stats", &format!("{F}/seeds.txt")])
        .success()
        .get_output()
        .stdout
        .clone();
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8(json).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "unique");
    assert_eq!(first["solution"], INKALA_SOLUTION);
    // The bitboard search's boards and guesses (Knuth's 2,720 nodes are
    // the dance's: emit_dlx_feeds_xc_cover).
    let (nodes, guesses) = (first["nodes"].as_u64().unwrap(), first["guesses"].as_u64().unwrap());
    assert!(guesses > 0 && guesses < nodes && nodes < 2720, "{nodes} nodes, {guesses} guesses");
    assert_eq!(first["line"], 3);
}

#[test]
fn counting_and_enumerating() {
    run(&["count", "-q", &format!("{F}/four.txt")])
        .success()
        .stdout("1.3.3..2.1..4.21:1\n1.3.3..2.1..4.21:1\n................:288\n");
    run(&["solve", "--count", "-q", &format!("{F}/four.txt")]).success();
    run(&["solve", "--limit", "3", "-q", &format!("{F}/comma_grid.csv")])
        .code(3)
        .stdout(predicate::str::starts_with(
            "# 641......753......982.........937......465......182.........137......829......645\n",
        ))
        .stdout(predicate::str::ends_with("# 3 solutions (limit reached)\n"));
    let empty = ".".repeat(81);
    xc().args(["sudoku", "count"])
        .write_stdin(format!("{empty}\n"))
        .assert()
        .code(3)
        .stdout(format!("{empty}:100000+  # limit reached\n"))
        .stderr(predicate::str::contains("stopped at the limit of 100000 solutions; raise it with --limit"));
    xc().args(["sudoku", "count", "--limit", "5", "-q"]).write_stdin(format!("{empty}\n")).assert().code(3);
}

#[test]
fn several_solutions_and_unique() {
    run(&["solve", "-q", &format!("{F}/comma_grid.csv")])
        .code(0)
        .stdout(predicate::str::ends_with("  # several solutions\n"));
    run(&["solve", "--unique", "-q", &format!("{F}/comma_grid.csv")])
        .code(1)
        .stderr(predicate::str::contains("comma_grid.csv:1: several solutions"));
}

#[test]
fn bad_lines_are_reported_and_the_batch_goes_on() {
    let out = run(&["solve", &format!("{F}/bad.txt")]).code(2);
    let out = out.get_output();
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 4, "{stdout}");
    assert!(stdout.contains("# no solution: r1c1 and r1c2 both hold 8 (row 1)"));
    assert!(stdout.contains("# no solution: r9c8 and r9c9 both hold 5 (row 9)"));
    assert!(stderr.contains(
        "tests/fixtures/sudoku/bad.txt:2:1: wrong length: 80 cells; a puzzle line has 81 (or 16, 256, 625)\n"
    ));
    assert!(stderr.contains("tests/fixtures/sudoku/bad.txt:3:46: bad character `x` in r6c1 of a 9×9 grid\n"));
    assert!(stderr.contains("4 puzzles: 2 solved (2 unique, 0 several), 2 no solution, 0 stopped, 2 errors"));
}

#[test]
fn no_solution_exits_with_one() {
    run(&["solve", "-q", &format!("{F}/mixed.txt")]).code(1);
}

#[test]
fn check_validates_grids() {
    run(&["check", &format!("{F}/bad.txt")])
        .code(2)
        .stdout(predicate::str::contains(format!("{INKALA}  # ok, 21 givens\n")))
        .stdout(predicate::str::contains("# invalid: r1c1 and r1c2 both hold 8 (row 1)"));
    run(&["check", "-q", &format!("{F}/seeds_solutions.txt")])
        .code(0)
        .stdout(predicate::str::contains("# ok, complete"));
}

#[test]
fn limits_stop_with_three() {
    run(&["solve", "-q", "--node-limit", "5", &format!("{F}/seeds.txt")])
        .code(3)
        .stdout(predicate::str::contains("# stopped: node limit reached"));
}

#[test]
fn file_errors() {
    run(&["solve", "no/such.txt"]).code(2).stderr(predicate::str::starts_with("error: no/such.txt: no such file\n"));
    run(&["solve", "tests"]).code(2).stderr(predicate::str::starts_with("error: tests: is a directory\n"));
    run(&["solve", "--input-format", "line", "-q", &format!("{F}/seed_file.txt")]).code(2);
}

#[test]
fn tdoku_and_kaggle_answers_are_checked() {
    let wrong = format!("{INKALA},{}\n", INKALA_SOLUTION.replace("812", "821"));
    xc().args(["sudoku", "solve", "-q"])
        .write_stdin(wrong)
        .assert()
        .code(2)
        .stderr("<stdin>:1:83: the solution differs from the one given in the input\n");
    xc().args(["sudoku", "solve", "-q"])
        .write_stdin(format!("{INKALA}:5\n"))
        .assert()
        .code(2)
        .stderr("<stdin>:1:83: 1 solution(s) found but the input says 5\n");
}

#[test]
fn big_grids_and_variants() {
    run(&["solve", "-q", &format!("{F}/big16.txt")]).code(0);
    run(&["solve", "-q", &format!("{F}/big25.txt")]).code(0);
}

#[test]
fn variants_on_the_command_line() {
    run(&["solve", "-q", "--variant", "x", &format!("{F}/x.txt")])
        .code(0)
        .stdout("198532674256741389473689125829415736714326598365978241587264913931857462642193857\n");
    run(&["solve", "-q", "--variant", "windoku", &format!("{F}/windoku.txt")]).code(0);
    run(&[
        "solve",
        "-q",
        "--variant",
        "jigsaw",
        "--regions",
        &format!("{F}/jigsaw_regions.txt"),
        &format!("{F}/jigsaw.txt"),
    ])
    .code(0)
    .stdout("548326791231798654769413285926581347315974862874652139453267918197835426682149573\n");
    run(&["solve", "-q", "--variant", "jigsaw", &format!("{F}/jigsaw.txt")])
        .code(2)
        .stderr(predicate::str::contains("--regions"));
    // A variant's size comes from each grid: the 4×4 grids are 4×4 X
    // puzzles (the first breaks a diagonal, the empty grid has several
    // solutions), not 4×4 grids given to a 9×9 variant.
    run(&["solve", "-q", "--variant", "x", &format!("{F}/four.txt")]).code(1).stdout(
        "1.3.3..2.1..4.21  # no solution: r1c1 and r4c4 both hold 1 (diagonal 1)\n\
         1.3.3..2.1..4.21  # no solution: r1c1 and r4c4 both hold 1 (diagonal 1)\n\
         1243431234212134  # several solutions\n",
    );
}

#[test]
fn emit_dlx_feeds_xc_cover() {
    let dlx = xc()
        .args(["sudoku", "solve", "--emit-dlx", "-q"])
        .write_stdin(format!("{INKALA}\n"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(String::from_utf8_lossy(&dlx).starts_with(&format!("| sudoku {INKALA}\np01 p02 ")));
    xc().arg("cover")
        .write_stdin(dlx)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 1 solution, 48760 updates, 2720 nodes"));
}

#[test]
fn generate_is_reproducible_unique_and_symmetric() {
    let one = |threads: &str| {
        xc().args(["sudoku", "generate", "-n", "12", "--seed", "42", "--threads", threads, "-q"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let a = one("1");
    assert_eq!(a, one("2"));
    // 0 means one thread per core, as for `xc cover`.
    assert_eq!(a, one("0"));
    let text = String::from_utf8(a).unwrap();
    assert_eq!(text.lines().count(), 12);
    for line in text.lines() {
        let g: Vec<char> = line.chars().collect();
        for k in 0..81 {
            assert_eq!(g[k] == '.', g[80 - k] == '.', "rot180 symmetry: {line}");
        }
    }
    xc().args(["sudoku", "solve", "--unique", "-q"]).write_stdin(text).assert().code(0);
    xc().args(["sudoku", "generate", "-n", "2"]).assert().success().stderr(predicate::str::starts_with("seed: "));
    xc().args(["sudoku", "generate", "--symmetry", "spiral"]).assert().code(2);
    xc().args(["sudoku", "generate", "--size", "7"]).assert().code(2);
    let four = json_lines(&[
        "sudoku",
        "generate",
        "--size",
        "4",
        "--symmetry",
        "none",
        "--seed",
        "1",
        "-n",
        "3",
        "-q",
        "--format",
        "json",
    ]);
    assert_eq!(four.len(), 3);
    for v in four {
        assert_eq!(v["puzzle"].as_str().unwrap().len(), 16);
    }
    xc().args(["sudoku", "generate", "--no-minimal", "--clues", "40", "--seed", "3", "-n", "5", "-q"])
        .assert()
        .success()
        .stdout(predicate::function(|s: &str| s.lines().all(|l| l.chars().filter(|&c| c != '.').count() <= 40)));
}

const EASY: &str = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn rate_in_every_format() {
    run(&["rate", "-q", &format!("{F}/seeds.txt")])
        .code(0)
        .stdout(predicate::str::contains(format!(
            "{INKALA}  # SE rating 10.7/10.7/9.7 (Nested forcing chains); our level: needs guessing; 21 givens"
        )))
        .stdout(predicate::str::contains("our level: easy;"));
    let csv = run(&["rate", "-q", "--format", "csv", &format!("{F}/seeds.txt")]).code(0).get_output().stdout.clone();
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.starts_with("puzzle,givens,er,ep,ed,se_hardest,level,steps,Full house,Hidden single,"), "{csv}");
    assert_eq!(csv.lines().count(), 4);
    let out = xc()
        .args(["sudoku", "rate", "-q", "--format", "json"])
        .write_stdin(format!("{EASY}\n"))
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!((v["level"].as_str(), v["guesses"].as_u64()), (Some("easy"), Some(0)));
    assert_eq!((v["status"].as_str(), v["se_hardest"].as_str()), (Some("rated"), Some("Hidden single")));
    for field in ["rating", "er", "ep", "ed", "path_rating"] {
        assert_eq!(v[field].as_f64(), Some(1.2), "{field}");
    }
    assert!(v.get("no_rating").is_none() && v.get("nodes").is_none() && v.get("count").is_none());
    assert!(v["techniques"]["Hidden single"].as_u64().unwrap() > 0);
    // A puzzle without exactly one solution can't be rated: exit code 1,
    // as for `solve --unique`, `hint` and `explain`, with the good lines
    // of the batch still rated.
    let empty = ".".repeat(81);
    let clash = format!("3{}", &EASY[1..]);
    let out = xc()
        .args(["sudoku", "rate", "--format", "json"])
        .write_stdin(format!("{empty}\n{EASY}\n{clash}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("<stdin>:1: can't rate: the puzzle has more than one solution"))
        .stderr(predicate::str::contains(
            "1 easy, 0 medium, 0 hard, 0 expert, 0 need guessing, 2 without one solution, 0 errors",
        ))
        .get_output()
        .stdout
        .clone();
    let statuses: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["status"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(statuses, ["several", "rated", "none"]);
}

#[test]
fn hint_and_explain() {
    xc().args(["sudoku", "hint", EASY])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("Hidden single: "))
        .stdout(predicate::str::ends_with("]\n"));
    let wrong = EASY.replacen('.', "5", 1);
    xc().args(["sudoku", "hint", &wrong, "--puzzle", EASY])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("Mistake: r1c1 holds 5"));
    let v: serde_json::Value = serde_json::from_slice(
        &xc().args(["sudoku", "hint", "--format", "json", INKALA]).assert().code(0).get_output().stdout,
    )
    .unwrap();
    assert_eq!(v["kind"], "step");
    assert_eq!(v["step"]["guess"], true, "Inkala's puzzle starts with a guess, and says so");
    let explain = xc().args(["sudoku", "explain", EASY]).assert().code(0).get_output().stdout.clone();
    let explain = String::from_utf8(explain).unwrap();
    assert!(explain.lines().next().unwrap().starts_with("  1. "));
    assert!(explain.trim_end().ends_with("0 guesses."), "{explain}");
    let verbose = xc().args(["sudoku", "explain", "--verbose", EASY]).assert().code(0).get_output().stdout.clone();
    assert!(String::from_utf8(verbose).unwrap().contains("+-------"));
    xc().args(["sudoku", "explain", &".".repeat(81)])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("exactly one solution"));
    xc().args(["sudoku", "hint", "12345"]).assert().code(2);
    xc().args(["sudoku", "hint", &format!("{F}/seed_file.txt")]).assert().code(0);
}

/// A grid from a named pipe or a shell's `<(...)` is read from it, not
/// taken for the text of a grid; a path that names nothing is a missing
/// file.
#[test]
fn hint_reads_named_pipes_and_process_substitution() {
    let dir = std::env::temp_dir().join(format!("xc-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("grid");
    let _ = std::fs::remove_file(&fifo);
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, format!("{EASY}\n")).unwrap())
    };
    xc().args(["sudoku", "hint"]).arg(&fifo).assert().code(0).stdout(predicate::str::starts_with("Hidden single: "));
    writer.join().unwrap();
    // What bash's `xc sudoku hint <(echo GRID)` runs.
    let script = format!("exec {} sudoku hint <(echo {EASY})", env!("CARGO_BIN_EXE_xc"));
    let out = std::process::Command::new("bash").args(["-c", &script]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Hidden single: "), "{out:?}");
    xc().args(["sudoku", "hint", "no/such/grid.txt"])
        .assert()
        .code(2)
        .stderr("error: no/such/grid.txt: no such file\n");
    let _ = std::fs::remove_dir_all(dir);
}

/// Without `--puzzle`, a wrong entry makes the grid unsolvable; the hint
/// names the digit without which it has exactly one solution.
#[test]
fn hint_finds_a_wrong_entry_without_the_puzzle() {
    let puzzle = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    for (grid, cell, right) in [
        (format!("5{}", &puzzle[1..]), "r1c1 holds 5", "with 4 there"),
        (format!("45{}", &puzzle[2..]), "r1c2 holds 5", "with 8 there"),
    ] {
        xc().args(["sudoku", "hint", &grid])
            .assert()
            .code(1)
            .stdout(predicate::str::starts_with(format!("Mistake: {cell}, which can't be right")))
            .stdout(predicate::str::contains(right));
    }
    let clash = format!("3{}", &puzzle[1..]);
    xc().args(["sudoku", "hint", &clash]).assert().code(1).stdout(predicate::str::contains("Mistake: r1c1 holds 3"));
}

#[test]
fn generate_with_a_difficulty() {
    let out = xc()
        .args(["sudoku", "generate", "-n", "3", "--seed", "8", "--difficulty", "hard", "-q"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), 3);
    assert!(out.lines().all(|l| l.ends_with(" hard")), "{out}");
    let puzzles: String = out.lines().map(|l| format!("{}\n", &l[..81])).collect();
    let rated = xc().args(["sudoku", "rate", "-q"]).write_stdin(puzzles).assert().success().get_output().stdout.clone();
    assert_eq!(String::from_utf8(rated).unwrap().matches("our level: hard;").count(), 3);
    xc().args(["sudoku", "generate", "--difficulty", "impossible"]).assert().code(2);
}

/// Every symmetry mode by name, `random` naming the one it picked, and the
/// other output formats.
#[test]
fn generate_symmetries_and_formats() {
    for mode in ["bothmirrors", "bothdiagonals", "antidiagonal", "random"] {
        let args = ["sudoku", "generate", "-n", "4", "--seed", "3", "--symmetry", mode, "--format", "json", "-q"];
        let lines = json_lines(&args);
        assert_eq!(lines.len(), 4);
        for v in lines {
            let picked: Symmetry = v["symmetry"].as_str().unwrap().parse().unwrap();
            assert!(mode == "random" || picked.to_string() == mode, "{mode}: {picked}");
            assert_ne!(picked, Symmetry::Random);
            let cells: Vec<u8> =
                v["puzzle"].as_str().unwrap().bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
            assert!(picked.holds(&cells, 9), "{mode}: {v}");
        }
    }
    // An unreachable bound is reported, and the best puzzles are still given.
    let few = xc().args(["sudoku", "generate", "-n", "1", "--clues", "17", "--seed", "1"]).assert().success();
    let few = few.stderr(predicate::str::contains("note: 1 puzzle(s) don't meet at most 17 givens"));
    assert_eq!(String::from_utf8(few.get_output().stdout.clone()).unwrap().lines().count(), 1);
    let csv = xc().args(["sudoku", "generate", "-n", "2", "--seed", "1", "--format", "csv", "-q"]).assert().success();
    let csv = String::from_utf8(csv.get_output().stdout.clone()).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("puzzle,solution,givens,seed,rating,level"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.len() == 6 && r[1].len() == 81 && r[0].len() == 81), "{csv}");
    let block =
        xc().args(["sudoku", "generate", "-n", "1", "--seed", "1", "--format", "block", "-q"]).assert().success();
    let block = String::from_utf8(block.get_output().stdout.clone()).unwrap();
    assert_eq!(block.lines().filter(|l| l.contains('|')).count(), 9, "{block}");
}

/// Error paths of the block, LeetCode and tdoku readers, formats chosen
/// on the command line, `--all`, `--unique` on an unsolvable puzzle, and
/// input order with two threads.
#[test]
fn more_formats_and_error_paths() {
    let cases: [(&str, &[&str], &str); 4] = [
        (
            "8 . . | . . . | . . .\n. . 3 | 6 . . | . . .\n",
            &["--input-format", "block"],
            "<stdin>:1:1: incomplete block: 2 of 9 rows",
        ),
        (
            "[[\"5\",\"3\",\".\"],[\"6\"",
            &["--input-format", "leetcode"],
            "<stdin>:1:1: unterminated board: `]` missing",
        ),
        (&format!("{INKALA}:x\n"), &[], "<stdin>:1:83: expected a solution count after `:`, found `x`"),
        (&format!("{INKALA}x\n"), &[], "<stdin>:1:82: bad character `x`"),
    ];
    for (input, flags, message) in cases {
        xc().args(["sudoku", "solve"])
            .args(flags)
            .write_stdin(input)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    let csv = format!("quizzes,solutions\n{INKALA},{INKALA_SOLUTION}\n");
    xc().args(["sudoku", "solve", "--input-format", "csv", "-q"])
        .write_stdin(csv)
        .assert()
        .code(0)
        .stdout(format!("{INKALA_SOLUTION}\n"));
    // A 4×4 puzzle with two solutions: the 1s and 2s of a rectangle swap.
    let all = xc().args(["sudoku", "solve", "--all", "-q"]).write_stdin("..343412..434321\n").assert().code(0);
    assert_eq!(
        String::from_utf8(all.get_output().stdout.clone()).unwrap(),
        "# ..343412..434321\n1234341221434321\n2134341212434321\n# 2 solutions\n"
    );
    let none = INKALA.replacen("8..", "8.8", 1);
    xc().args(["sudoku", "solve", "--unique"])
        .write_stdin(format!("{none}\n"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no solution"));
    let many: String = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(500)
        .map(|l| format!("{l}\n"))
        .collect();
    let solved = |threads: &str| {
        let out = xc().args(["sudoku", "solve", "-q", "--threads", threads]).write_stdin(many.clone()).assert().code(0);
        out.get_output().stdout.clone()
    };
    let one = solved("1");
    for threads in ["2", "0"] {
        assert_eq!(one, solved(threads), "input order with --threads {threads}");
    }
    xc().args(["sudoku", "solve", "--threads", "1025"])
        .write_stdin(many)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0..=1024"));
    assert_eq!(String::from_utf8(one).unwrap().lines().count(), 500);
}

/// `generate --variant`: X, windoku (also 4×4) and jigsaw puzzles, each
/// with one solution that keeps the variant's extra houses, checked here
/// apart from the solver; a `--size` that doesn't fit the map is refused.
#[test]
fn generate_variants() {
    let regions = "tests/fixtures/sudoku/jigsaw_regions.txt";
    let map: Vec<char> = std::fs::read_to_string(format!("{}/../{regions}", env!("CARGO_MANIFEST_DIR")))
        .unwrap()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let cases: [(&[&str], usize); 4] = [
        (&["--variant", "x"], 9),
        (&["--variant", "windoku"], 9),
        (&["--variant", "windoku", "--size", "4"], 4),
        (&["--variant", "jigsaw", "--regions", regions], 9),
    ];
    for (flags, side) in cases {
        let mut args = vec!["sudoku", "generate", "-n", "3", "--seed", "5", "--solution", "-q"];
        args.extend_from_slice(flags);
        let out = xc().args(&args).assert().success().get_output().stdout.clone();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 3, "{out}");
        let mut puzzles = String::new();
        for line in out.lines() {
            let (puzzle, solution) = line.split_once(',').unwrap();
            let (p, s): (Vec<char>, Vec<char>) = (puzzle.chars().collect(), solution.chars().collect());
            assert_eq!((p.len(), s.len()), (side * side, side * side), "{line}");
            assert!(p.iter().zip(&s).all(|(a, b)| *a == '.' || a == b), "givens kept: {line}");
            // Every house of the variant holds each digit once.
            let mut houses: Vec<Vec<usize>> = Vec::new();
            for k in 0..side {
                houses.push((0..side).map(|c| k * side + c).collect());
                houses.push((0..side).map(|r| r * side + k).collect());
            }
            let n = if side == 4 { 2 } else { 3 };
            let boxes = |houses: &mut Vec<Vec<usize>>, starts: &[usize]| {
                for &r0 in starts {
                    for &c0 in starts {
                        houses.push((0..side).map(|k| (r0 + k / n) * side + c0 + k % n).collect());
                    }
                }
            };
            match flags[1] {
                "jigsaw" => {
                    for letter in map.iter().collect::<std::collections::BTreeSet<_>>() {
                        houses.push((0..81).filter(|&c| map[c] == *letter).collect());
                    }
                }
                variant => {
                    boxes(&mut houses, &(0..n).map(|k| k * n).collect::<Vec<_>>());
                    if variant == "x" {
                        houses.push((0..side).map(|k| k * side + k).collect());
                        houses.push((0..side).map(|k| k * side + side - 1 - k).collect());
                    } else {
                        boxes(&mut houses, &(0..n - 1).map(|k| 1 + k * (n + 1)).collect::<Vec<_>>());
                    }
                }
            }
            for h in &houses {
                let digits: std::collections::BTreeSet<char> = h.iter().map(|&c| s[c]).collect();
                assert_eq!(digits.len(), side, "house {h:?} of {line}");
            }
            if side == 4 {
                assert_eq!(count_solutions(&mut p.clone(), &houses, 2), 1, "one solution: {line}");
            }
            puzzles.push_str(puzzle);
            puzzles.push('\n');
        }
        if side == 4 {
            continue;
        }
        let mut solve = vec!["sudoku", "solve", "--unique", "-q"];
        solve.extend_from_slice(&flags[..flags.len().min(2)]);
        if flags[1] == "jigsaw" {
            solve.extend_from_slice(&flags[2..]);
        }
        xc().args(&solve).write_stdin(puzzles).assert().code(0);
    }
    xc().args(["sudoku", "generate", "--variant", "jigsaw", "--regions", regions, "--size", "4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--size 4 doesn't fit the region map, a 9×9 grid"));
}

/// Solutions of a 4×4 grid under `houses`, up to `max`, by plain
/// backtracking (an oracle apart from the engine).
fn count_solutions(grid: &mut Vec<char>, houses: &[Vec<usize>], max: usize) -> usize {
    let Some(cell) = grid.iter().position(|&c| c == '.') else { return 1 };
    let mut found = 0;
    for d in ['1', '2', '3', '4'] {
        if houses.iter().filter(|h| h.contains(&cell)).all(|h| h.iter().all(|&c| grid[c] != d)) {
            grid[cell] = d;
            found += count_solutions(grid, houses, max - found);
            grid[cell] = '.';
            if found >= max {
                break;
            }
        }
    }
    found
}

/// `rate` and `explain` describe the same path and give the same one
/// rating: SE's, with our level beside it.
#[test]
fn rate_and_explain_agree() {
    let rated = String::from_utf8(run(&["rate", "-q", INKALA]).code(0).get_output().stdout.clone()).unwrap();
    let explained = String::from_utf8(run(&["explain", INKALA]).code(0).get_output().stdout.clone()).unwrap();
    let last = explained.lines().last().unwrap();
    let headline = "SE rating 10.7/10.7/9.7 (Nested forcing chains); our level: needs guessing";
    assert!(rated.starts_with(&format!("{INKALA}  # {headline}; 21 givens, ")), "{rated}");
    assert!(rated.trim_end().ends_with(", 3 guesses"), "{rated}");
    assert_eq!(last, format!("{headline}; this path: 83 steps, 3 guesses."));
    // The techniques `rate` counts are the steps `explain` lists.
    let steps: Vec<&str> =
        explained.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit())).collect();
    assert_eq!(steps.len(), 83);
    let listed =
        |start: &str| steps.iter().filter(|s| s.split(". ").nth(1).is_some_and(|t| t.starts_with(start))).count();
    for (technique, count, shown) in [
        ("Full house", 20, "Full house:"),
        ("Hidden single", 33, "Hidden single:"),
        ("Forcing chain", 2, "Forcing chain:"),
        ("Nishio forcing chain", 2, "Nishio forcing chain:"),
        ("Cell forcing chains", 2, "Cell forcing chains:"),
        ("Y-Cycle", 2, "Bidirectional Y-cycle:"),
    ] {
        assert!(rated.contains(&format!(", {count} × {technique}")), "{technique}: {rated}");
        assert_eq!(listed(shown), count, "{technique}");
    }
    assert_eq!(listed("Guess:"), 3);
}

/// The buffers a batch keeps between puzzles (grids inline, output text
/// inline up to a size) hold nothing over from one puzzle to the next: a
/// bad line between good ones is named by line and column, and the
/// puzzles around it, a 16×16 whose line outgrows the inline text and a
/// 9×9, each with several solutions, among them, are each solved and shown in
/// input order.
#[test]
fn a_batch_reuses_its_buffers_across_errors_and_sizes() {
    use exactcover::sudoku::{Grid, Layout, check_solution};
    let big = std::fs::read_to_string(format!("{}/../{F}/big16.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let big = big.lines().find(|l| !l.starts_with('#')).unwrap().to_string();
    let several = "8.........95.......76.........426798...571432...893165....5.916...9.8247......583";
    let bad = format!("{}x{}", &INKALA[..45], &INKALA[46..]);
    let input = [INKALA, &bad, &big, several, INKALA].join("\n") + "\n";
    let out = xc().args(["sudoku", "solve"]).write_stdin(input).assert().code(2);
    let out = out.get_output();
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert!(stderr.contains("<stdin>:2:46: bad character `x` in r6c1 of a 9×9 grid\n"), "{stderr}");
    assert!(
        stderr.contains("4 puzzles: 4 solved (2 unique, 2 several), 0 no solution, 0 stopped, 1 error;"),
        "{stderr}"
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!((lines[0], lines[3]), (INKALA_SOLUTION, INKALA_SOLUTION));
    // Both the 16×16 (45% of its cells kept) and the other have several.
    for (line, puzzle, n) in [(lines[1], &big[..], 4), (lines[2], several, 3)] {
        let (grid, note) = line.split_once("  # ").unwrap();
        let (puzzle, shown) = (Grid::from_line(puzzle).unwrap(), Grid::from_line(grid).unwrap());
        check_solution(&Layout::classic(n).unwrap(), &puzzle, &shown).unwrap();
        assert!(note.contains("several"), "{note}");
    }
}
