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
/// no reply. The wall-clock bound is loose on purpose: on a loaded
/// machine (a CI rehearsal beside a parallel build) the kill and the reap
/// once took more than a second; the signal in the exit status is what
/// shows the process did not wait.
fn stops_at_once(signal: i32) {
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

#[test]
fn sigint_stops_the_server_at_once() {
    stops_at_once(2);
}

#[test]
fn sigterm_stops_the_server_at_once() {
    stops_at_once(15);
}
