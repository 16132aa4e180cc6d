//! Sending a signal to a running `xc`, for the interruption tests.

use std::process::Stdio;
use std::time::{Duration, Instant};

/// Runs `xc ARGS` (from the top of the repository) with its standard input
/// a pipe left open, sends `signal` (`-INT`, `-TERM`) after `wait`, and
/// returns the output and the time from the signal to the end.
pub fn signal_after(args: &[&str], wait: Duration, signal: &str) -> (std::process::Output, Duration) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xc"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Kept open until the process has ended (closing it would end the input).
    let stdin = child.stdin.take();
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let read_out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut v).unwrap();
        v
    });
    let read_err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut v).unwrap();
        v
    });
    std::thread::sleep(wait);
    let sent = Instant::now();
    let status = std::process::Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let status = child.wait().unwrap();
    let took = sent.elapsed();
    drop(stdin);
    let out = std::process::Output { status, stdout: read_out.join().unwrap(), stderr: read_err.join().unwrap() };
    (out, took)
}
