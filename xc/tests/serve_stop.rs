//! Ctrl-C (SIGINT) and SIGTERM stop `xc serve` at once, even mid-search.

#![cfg(unix)]

mod serve_client;

use serve_client::{Server, long_cover, post};
use std::os::unix::process::ExitStatusExt;
use std::process::Command;
use std::time::{Duration, Instant};

/// Sends `signal` (its number) to a server in the middle of a search: the
/// signal itself ends the process (the default disposition: no handler
/// that waits for the search), and the search's connection is closed with
/// no reply. The signal in the exit status is what shows the process did
/// not wait; the wall-clock bound only keeps a failure from hanging.
fn stops_at_once(signal: i32) {
    if inherited_ignore(signal) {
        // A shell runs a background job with SIGINT ignored, and the
        // server inherits that (as any program does): nothing to test.
        eprintln!(
            "skipped: signal {signal} is ignored in this process (a background job?), so the server ignores it too"
        );
        return;
    }
    let mut server = Server::start(&[]);
    let port = server.port;
    let search = std::thread::spawn(move || post(port, "/api/cover", &long_cover(10_000)).status);
    std::thread::sleep(Duration::from_millis(300));
    let pid = server.child.id().to_string();
    let start = Instant::now();
    assert!(Command::new("kill").args([format!("-{signal}"), pid]).status().unwrap().success());
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "still running 10 s after signal {signal}");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.signal(), Some(signal), "{status:?}");
    assert_eq!(search.join().unwrap(), 0);
}

/// Whether this process ignores `signal` (Linux's `SigIgn` mask in
/// /proc/self/status), which the server would inherit.
fn inherited_ignore(signal: i32) -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:")).map(str::trim);
    mask.and_then(|m| u64::from_str_radix(m, 16).ok()).is_some_and(|m| m >> (signal - 1) & 1 == 1)
}

#[test]
fn sigint_stops_the_server_at_once() {
    stops_at_once(2);
}

#[test]
fn sigterm_stops_the_server_at_once() {
    stops_at_once(15);
}
