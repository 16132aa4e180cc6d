//! The shared data folder is looked for when the tests run, not when they
//! are built: one test binary, run twice, ignores a test that needs the
//! folder while it is missing, and runs it once the folder appears, with
//! nothing rebuilt or cleaned in between.

mod common;

use common::harness::{self, Need::SharedData, trial};
use std::process::Command;

/// A test that needs the shared data folder, and passes when it is there.
fn probe() {
    assert!(harness::shared_base().join("data").is_dir());
}

/// Runs this same binary's `probe` with the folder set to `dir`.
fn probe_with(dir: &std::path::Path) -> String {
    let exe = std::env::current_exe().unwrap();
    let out = Command::new(exe).args(["probe", "--exact"]).env("EXACTCOVER_SHARED", dir).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

fn data_that_appears_after_the_build_is_used() {
    let dir = std::env::temp_dir().join(format!("exactcover-shared-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let before = probe_with(&dir);
    assert!(before.contains("test probe ... ignored (needs the shared data folder"), "{before}");
    assert!(before.contains("0 passed; 0 failed; 1 ignored;"), "{before}");
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let after = probe_with(&dir);
    assert!(after.contains("test probe ... ok"), "{after}");
    assert!(after.contains("1 passed; 0 failed; 0 ignored;"), "{after}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn main() {
    harness::run(vec![trial!(probe, SharedData), trial!(data_that_appears_after_the_build_is_used)]);
}
