//! Marks, for the tests only, whether GNU `parallel` is on this machine:
//! the test of the sharding recipe is `#[ignore]`d without it, so `cargo
//! test`'s summary counts it as ignored instead of passing it in silence.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(has_gnu_parallel)");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=PATH");
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("parallel").is_file()));
    if found {
        println!("cargo::rustc-cfg=has_gnu_parallel");
    }
}
