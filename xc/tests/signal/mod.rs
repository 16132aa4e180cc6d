//! Sending a real signal to a running `xc`, for the tests of Ctrl-C and
//! SIGTERM (shared by the test binaries that need it: `mod signal;`).

use std::process::Stdio;
use std::time::{Duration, Instant};

/// How soon after a signal the tests want a run to have ended. The phases
/// stop within a few tens of milliseconds (docs/RELIABILITY.md) and the
/// watchdog ends any run 0.45 s after the signal; the tests allow a second,
/// as they run beside one another on a loaded machine.
pub const PROMPTLY: Duration = Duration::from_secs(1);

/// Runs `xc ARGS` (from the top of the repository) with its standard input
/// a pipe left open, sends `signal` (`-INT`, `-TERM`) after `wait`, and
/// returns the output and the time from the signal to the end. `signal`
/// may name the process again (`-INT PID`), to send the signal twice,
/// microseconds apart.
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
    let pid = child.id().to_string();
    let kill: Vec<&str> = signal.split(' ').chain([pid.as_str()]).map(|a| if a == "PID" { &pid } else { a }).collect();
    let status = std::process::Command::new("kill").args(&kill).status().unwrap();
    assert!(status.success());
    let status = child.wait().unwrap();
    let took = sent.elapsed();
    drop(stdin);
    let out = std::process::Output { status, stdout: read_out.join().unwrap(), stderr: read_err.join().unwrap() };
    (out, took)
}
