//! Marks, for the tests only, what this machine has: the shared data
//! folder (`../shared` beside the checkout, or `$EXACTCOVER_SHARED`) and
//! the `qqwing` oracle. Tests that need one are `#[ignore]`d without it,
//! so `cargo test`'s own summary counts them as ignored instead of passing
//! them in silence. Nothing else of the library depends on this.
//!
//! The script reruns when `EXACTCOVER_SHARED` or `PATH` changes; after
//! adding `../shared` to a checkout that was built without it, run
//! `cargo clean -p exactcover` (or touch build.rs).

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_data)");
    println!("cargo::rustc-check-cfg=cfg(has_qqwing)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=EXACTCOVER_SHARED");
    println!("cargo::rerun-if-env-changed=PATH");
    let base = std::env::var_os("EXACTCOVER_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default()).join("../shared"));
    if base.join("data").is_dir() {
        println!("cargo::rustc-cfg=shared_data");
    }
    if on_path("qqwing") {
        println!("cargo::rustc-cfg=has_qqwing");
    }
}

/// Whether an executable of this name is on the `PATH`.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}
