//! Ctrl-C (SIGINT) and SIGTERM stop `xc serve` within a second, even
//! mid-search, and even when it was started with SIGINT ignored, as a
//! shell script's background job is (issue 37, item 10).

#![cfg(unix)]

mod serve_client;

use serve_client::{Server, long_cover, post};
use std::process::Command;
use std::time::{Duration, Instant};

/// Sends `signal` (its number) to `server` in the middle of a search: the
/// process exits with 130 (interrupted) within a second, and the search's
/// connection is closed with no reply.
fn stops_within_a_second(mut server: Server, signal: i32) {
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
        assert!(start.elapsed() < Duration::from_secs(1), "still running a second after signal {signal}");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(130), "{status:?}");
    assert_eq!(search.join().unwrap(), 0);
}

#[test]
fn sigint_stops_the_server() {
    stops_within_a_second(Server::start(&[]), 2);
}

#[test]
fn sigterm_stops_the_server() {
    stops_within_a_second(Server::start(&[]), 15);
}

/// A shell runs a background job with SIGINT ignored, and a program
/// inherits that; the server installs its handler all the same.
#[test]
fn sigint_stops_a_server_started_with_sigint_ignored() {
    stops_within_a_second(Server::start_in_shell("trap '' INT", &[]), 2);
}
