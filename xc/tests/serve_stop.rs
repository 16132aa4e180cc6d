//! Ctrl-C (SIGINT) and SIGTERM stop `xc serve` at once, even mid-search.

mod serve_client;

use serve_client::{Server, long_cover, post};
use std::process::Command;
use std::time::{Duration, Instant};

fn stops_within_a_second(signal: &str) {
    let mut server = Server::start(&[]);
    let port = server.port;
    let search = std::thread::spawn(move || post(port, "/api/cover", &long_cover(10_000)).status);
    std::thread::sleep(Duration::from_millis(300));
    let pid = server.child.id().to_string();
    let start = Instant::now();
    assert!(Command::new("kill").args([signal, &pid]).status().unwrap().success());
    loop {
        if server.child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(1), "still running 1 s after {signal}");
        std::thread::sleep(Duration::from_millis(10));
    }
    // The search's connection was closed, with no reply.
    assert_eq!(search.join().unwrap(), 0);
}

#[test]
fn sigint_stops_the_server_within_a_second() {
    stops_within_a_second("-INT");
}

#[test]
fn sigterm_stops_the_server_within_a_second() {
    stops_within_a_second("-TERM");
}
