//! The small things a new user notices: what a count counts, how an
//! emitted problem was made, and the values the shell completions offer.

use assert_cmd::Command;
use predicates::prelude::*;

fn xc() -> Command {
    Command::cargo_bin("xc").unwrap()
}

/// The result line says whether a pairing and its reversal count once:
/// 26 pairings of 1..7 (Gardner's count), 52 with the reversals.
#[test]
fn langford_says_whether_reversals_count() {
    xc().args(["langford", "7"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 26 solutions (each pairing and its reversal counted once), "));
    xc().args(["langford", "7", "--raw"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 52 solutions (a pairing and its reversal counted apart), "));
}

/// `--emit-dlx` with `--distinct` names the piece restricted, as a comment
/// line of the DLX file, which `xc cover` reads past: the 3×20 box has
/// two pentomino packings up to symmetry.
#[test]
fn emitted_packings_name_the_restricted_piece() {
    let dlx = xc()
        .args(["polyomino", "--board", "3x20", "--distinct", "--emit-dlx"])
        .assert()
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(dlx.clone()).unwrap();
    assert_eq!(text.lines().next(), Some("| 4 symmetries removed by restricting piece V"));
    xc().arg("cover")
        .write_stdin(dlx)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("Altogether 2 solutions,"));
    // Without --distinct nothing is restricted, and nothing is said.
    let plain =
        xc().args(["polyomino", "--board", "3x20", "--emit-dlx"]).assert().success().get_output().stdout.clone();
    assert!(!String::from_utf8(plain).unwrap().starts_with('|'));
}

/// The bash completions offer the values of `--symmetry` and
/// `--difficulty`; the names are read in any case, aliases too.
#[test]
fn completions_offer_symmetries_and_levels() {
    let out = xc().args(["completions", "bash"]).assert().success().get_output().stdout.clone();
    let script = String::from_utf8(out).unwrap();
    assert!(
        script.contains(
            "\"none rot180 rot90 mirror flip diagonal antidiagonal bothmirrors bothdiagonals dihedral random\""
        ),
        "symmetries"
    );
    assert!(script.contains("\"easy medium hard expert guessing\""), "levels");
    let generate = |symmetry: &str| {
        let out = xc()
            .args(["sudoku", "generate", "-q", "--seed", "3", "--symmetry", symmetry])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    assert_eq!(generate("ROT180"), generate("half"));
    assert_eq!(generate("rot180"), generate("half"));
    xc().args(["sudoku", "generate", "--symmetry", "spiral"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("[possible values: none, rot180,"));
    xc().args(["sudoku", "generate", "--difficulty", "impossible"]).assert().code(2);
}
