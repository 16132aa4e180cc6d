//! The sharding recipe of docs/SCALING.md, run as it is written there with
//! GNU `parallel`, and merged by `xc merge`.
//!
//! The test needs `parallel` on the `PATH`. It looks for it when it runs,
//! under `libtest-mimic` (`harness = false` in `Cargo.toml`): without it,
//! the test is reported `ignored (needs GNU parallel …)`, and `cargo
//! test`'s summary counts it as ignored.

use libtest_mimic::{Arguments, Completion, Trial};

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

/// Whether an executable of this name is on the `PATH`.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

fn main() {
    let recipe = Trial::ignorable_test("the_gnu_parallel_recipe_of_scaling_md_works", || {
        if !on_path("parallel") {
            return Ok(Completion::ignored_with("needs GNU parallel (apt-get install parallel)"));
        }
        the_gnu_parallel_recipe_of_scaling_md_works();
        Ok(Completion::Completed)
    });
    libtest_mimic::run(&Arguments::from_args(), vec![recipe]).exit()
}
