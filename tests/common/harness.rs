//! The harness of the test files whose tests need something from outside
//! the repository: the shared data folder, or a program such as `qqwing`.
//!
//! Those files are built with `harness = false` (see `Cargo.toml`) and run
//! their tests under `libtest-mimic`, which takes `cargo test`'s arguments
//! and prints its lines and summary. Each test looks for what it needs
//! when it runs, not when it is built: without it, the test is reported
//! `ignored (needs …)` and `cargo test`'s summary counts it as ignored,
//! and once the folder or the program is there, the next run uses it,
//! with nothing rebuilt.
//!
//! Every test of such a file is listed in its `main` with [`trial!`]: a
//! `#[test]` there would never run.

use libtest_mimic::{Arguments, Completion, Trial};
use std::path::PathBuf;

/// What a test may need from outside the repository.
#[derive(Clone, Copy, Debug)]
pub enum Need {
    /// The shared data folder (see [`shared_base`]).
    SharedData,
    /// A program on the `PATH`, and how to install it.
    Program(&'static str, &'static str),
    /// An environment variable, and what it names.
    Variable(&'static str, &'static str),
}

/// The independent Sudoku oracle.
pub const QQWING: Need = Need::Program("qqwing", "apt-get install qqwing");

/// The folder the shared data lives in: `$EXACTCOVER_SHARED`, or `../shared`
/// beside the checkout.
pub fn shared_base() -> PathBuf {
    std::env::var_os("EXACTCOVER_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"))
}

/// Whether an executable of this name is on the `PATH`.
pub fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

impl Need {
    /// Why a test that needs this can't run here, if it can't.
    fn missing(self) -> Option<String> {
        match self {
            Need::SharedData if !shared_base().join("data").is_dir() => {
                Some("needs the shared data folder ../shared (or $EXACTCOVER_SHARED)".to_string())
            }
            Need::Program(name, install) if !on_path(name) => Some(format!("needs {name} ({install})")),
            Need::Variable(name, what) if std::env::var_os(name).is_none() => Some(format!("needs {name}: {what}")),
            _ => None,
        }
    }
}

/// A test that runs if everything in `needs` is here, and is ignored with
/// the reason otherwise. A panic fails it, as under the built-in harness.
pub fn make_trial(name: &str, needs: &[Need], test: fn()) -> Trial {
    let needs = needs.to_vec();
    Trial::ignorable_test(name, move || {
        if let Some(reason) = needs.iter().find_map(|need| need.missing()) {
            return Ok(Completion::ignored_with(reason));
        }
        test();
        Ok(Completion::Completed)
    })
}

/// `trial!(test)` or `trial!(test, need, …)`: the [`make_trial`] named after
/// its function.
// Unused by the test files that run under the built-in harness.
#[allow(unused_macros)]
macro_rules! trial {
    ($test:ident $(, $need:expr)* $(,)?) => {
        $crate::common::harness::make_trial(stringify!($test), &[$($need),*], $test)
    };
}
#[allow(unused_imports)]
pub(crate) use trial;

/// Runs `trials` with `cargo test`'s arguments and exits with the
/// harness's code.
pub fn run(trials: Vec<Trial>) -> ! {
    libtest_mimic::run(&Arguments::from_args(), trials).exit()
}
