//! Memory per byte of input: `xc cover` on inputs of several shapes, each
//! stopped after one node, with the peak RSS of the process against the
//! size of its input (docs/RELIABILITY.md, "Memory").
//!
//! The peak comes from `getrusage(RUSAGE_CHILDREN)`, the largest peak of
//! any child waited for so far, so this file holds one test, and its runs
//! go from the smallest expected peak to the largest: each reading is then
//! the run's own peak, or, if lower, an earlier run's (which can only make
//! a ratio look worse, never better). A child's peak includes what its
//! parent held when it was spawned, so the inputs are written to files a
//! line at a time, and the test itself holds little.

use nix::sys::resource::{UsageWho, getrusage};
use std::io::{BufWriter, Write};
use std::process::{Command, Stdio};

/// A file of about `size` bytes: the item line, then options from `next`.
fn input(items: &str, size: u64, mut next: impl FnMut(usize) -> String) -> tempfile::NamedTempFile {
    let file = tempfile::NamedTempFile::new().unwrap();
    let mut out = BufWriter::new(file.as_file());
    writeln!(out, "{items}").unwrap();
    let (mut written, mut k) = (items.len() as u64 + 1, 0);
    while written < size {
        let line = next(k);
        writeln!(out, "{line}").unwrap();
        written += line.len() as u64 + 1;
        k += 1;
    }
    drop(out);
    file
}

/// The peak RSS of `xc cover --node-limit 1` on `file`, in bytes (see
/// the module docs), and its exit code.
fn peak(file: &tempfile::NamedTempFile) -> (u64, Option<i32>) {
    let status = Command::new(env!("CARGO_BIN_EXE_xc"))
        .args(["cover", "--node-limit", "1"])
        .arg(file.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap();
    (usage.max_rss() as u64 * 1024, status.code())
}

/// Peak RSS is at most 12 times the input for options of one size (one
/// or two items, as `yes 'a b'` gives), for options of 10 items named
/// from 2,000, and for a long item line; and at most 25 times for the
/// shapes the search reads through its tables (mixed sizes, colours and
/// multiplicities, with one-letter names: see docs/RELIABILITY.md). Before
/// the fix, two-item options took 54 times their size.
#[test]
fn memory_per_byte_of_input() {
    let names: Vec<String> = (0..2000).map(|k| format!("i{k}")).collect();
    let mut seed = 1u64;
    let mut random = move |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let ten = |_: usize| -> String {
        let mut picked: Vec<&str> = Vec::new();
        while picked.len() < 10 {
            let name = names[random(2000)].as_str();
            if !picked.contains(&name) {
                picked.push(name);
            }
        }
        picked.join(" ")
    };
    let long_line: String = (0..1_200_000).map(|k| format!("n{k:07} ")).collect();
    // (shape, input, the most bytes of memory per byte of input)
    let cases: Vec<(&str, tempfile::NamedTempFile, f64)> = vec![
        ("a long item line", input(&long_line, 10_800_200, |k| format!("n{k:07}")), 12.0),
        ("two-item options", input("a b", 16_000_000, |_| "a b".into()), 12.0),
        ("one-item options", input("a", 20_000_000, |_| "a".into()), 12.0),
        ("ten of 2,000 items", input(&names.join(" "), 48_000_000, ten), 12.0),
        ("mixed sizes", input("a b c", 16_000_000, |k| ["a b", "a b c"][k % 2].into()), 25.0),
        ("colours", input("a b | x", 20_000_000, |k| ["a x:1", "b x:2"][k % 2].into()), 25.0),
        ("multiplicities", input("2|a 3|b", 24_000_000, |_| "a b".into()), 25.0),
    ];
    let mut report = String::new();
    drop(long_line);
    for (shape, file, most) in &cases {
        let size = file.as_file().metadata().unwrap().len();
        let (bytes, code) = peak(file);
        // Stopped by the node limit, or (the long item line) no solution.
        assert!(matches!(code, Some(1 | 3)), "{shape}: {code:?}");
        let ratio = bytes as f64 / size as f64;
        report += &format!("{shape}: {size} bytes of input, peak {bytes} bytes, {ratio:.1}×\n");
        assert!(ratio <= *most, "{shape}: {ratio:.1}× its input (at most {most}×)\n{report}");
    }
    eprintln!("{report}");
}
