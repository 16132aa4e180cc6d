//! What a new user meets before running anything: the install command,
//! the package metadata, and the text they read (README, docs, help,
//! manual pages), checked against the repository and the real binary.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn xc() -> Command {
    let mut xc = Command::cargo_bin("xc").unwrap();
    xc.current_dir(root());
    xc
}

/// The alias's arguments: the strings of its TOML array.
fn alias(config: &str, name: &str) -> Vec<String> {
    let start = config.find(&format!("{name} = [")).unwrap_or_else(|| panic!("no alias {name}"));
    let body = &config[start..];
    let body = &body[..body.find("\n]").unwrap()];
    body.split('"').skip(1).step_by(2).map(str::to_string).collect()
}

/// `cargo install-xc` installs the versions of Cargo.lock, which the
/// tests ran on.
#[test]
fn the_install_is_locked() {
    let config = read(".cargo/config.toml");
    let install = alias(&config, "install-xc");
    assert_eq!(install[0], "install");
    assert!(install.contains(&"--locked".to_string()), "{install:?}");
    assert!(read("README.md").contains("--locked"));
}

/// Both manifests carry what crates.io and docs.rs need.
#[test]
fn both_packages_have_full_metadata() {
    for manifest in ["Cargo.toml", "xc/Cargo.toml"] {
        let text = read(manifest);
        let package = &text[..text.find("\n[").unwrap()];
        for field in ["license", "repository", "readme", "keywords", "categories", "rust-version", "description"] {
            assert!(package.contains(&format!("\n{field} = ")), "{manifest}: no {field}");
        }
        assert!(text.contains("\n[package.metadata.docs.rs]\n"), "{manifest}: no docs.rs settings");
    }
    for licence in ["LICENSE-MIT", "LICENSE-APACHE", "xc/LICENSE-MIT", "xc/LICENSE-APACHE"] {
        assert!(read(licence).len() > 900, "{licence}");
    }
}

/// Every command's help, as `xc … --help` prints it.
fn every_help() -> Vec<(String, String)> {
    let mut helps = Vec::new();
    let mut todo = vec![Vec::<String>::new()];
    while let Some(path) = todo.pop() {
        let out = xc().args(&path).arg("--help").assert().success().get_output().stdout.clone();
        let help = String::from_utf8(out).unwrap();
        if let Some(list) = help.split("Commands:\n").nth(1) {
            for line in list.lines().take_while(|l| l.starts_with("  ")) {
                let name = line.split_whitespace().next().unwrap();
                if name != "help" {
                    todo.push(path.iter().cloned().chain([name.to_string()]).collect());
                }
            }
        }
        helps.push((path.join(" "), help));
    }
    helps
}

/// Nothing a user reads mentions an issue number: the README, the docs,
/// every help text and every manual page.
#[test]
fn no_text_a_user_reads_mentions_an_issue() {
    let mut texts: Vec<(String, String)> = vec![("README.md".into(), read("README.md"))];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            texts.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
        }
    }
    let helps = every_help();
    assert!(helps.len() >= 17, "{}", helps.len());
    texts.extend(helps);
    let dir = tempfile::tempdir().unwrap();
    xc().args(["man", "--dir"]).arg(dir.path()).assert().success();
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        texts.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
    }
    for (name, text) in texts {
        let lower = text.to_lowercase();
        for (k, _) in lower.match_indices("issue") {
            let after = lower[k + 5..].trim_start_matches(['s', ' ', '#']);
            assert!(!after.starts_with(|c: char| c.is_ascii_digit()), "{name}: {}", &text[k..(k + 30).min(text.len())]);
        }
    }
}

/// docs/CLI.md's output of the toy problem is what the binary prints,
/// timings aside.
#[test]
fn the_toy_example_is_the_real_output() {
    let doc = read("docs/CLI.md");
    let command = "$ xc cover tests/fixtures/dlx/toy.dlx\n";
    let at = doc.find(command).expect("the toy example") + command.len();
    let shown = doc[at..].lines().next().unwrap();
    let out = xc().args(["cover", "tests/fixtures/dlx/toy.dlx"]).assert().success().get_output().stdout.clone();
    let real = String::from_utf8(out).unwrap();
    let digits = |s: &str| {
        // Seconds and rates vary from run to run: `0.000 s`, `15.3 M`.
        s.split(", ").take(3).collect::<Vec<_>>().join(", ")
    };
    assert_eq!(digits(shown), digits(real.trim_end()), "{shown}\n{real}");
    assert!(shown.contains("(search ") && real.contains("(search "), "{shown}");
}

/// The README names what a new user looks for: exit code 70, every
/// example, the first build's time, and where the manual pages go.
#[test]
fn the_readme_names_what_a_user_looks_for() {
    let readme = read("README.md");
    assert!(readme.contains("70 internal error"), "exit code 70");
    for entry in std::fs::read_dir(root().join("examples")).unwrap() {
        let name = entry.unwrap().path().file_stem().unwrap().to_string_lossy().into_owned();
        assert!(readme.contains(&format!("`{name}`")), "examples/{name}.rs");
    }
    assert!(readme.contains("xc man --dir ~/.cargo/share/man/man1"), "manual pages");
    assert!(readme.contains("two cores"), "first build time");
}
