//! Issue 37, item 9: idle connections and clients that send half a
//! request's headers and reconnect must not keep the page waiting. With
//! more of them than `--max-connections`, the page still answers within a
//! second: the server closes the connection idle longest to make room,
//! instead of leaving newcomers in the kernel's backlog until the header
//! timeout. The same holds when the process runs out of file descriptors
//! before it reaches `--max-connections`.
//!
//! The one-second bound is for reliability, not speed: before the fix the
//! page waited for the header timeout (5 s) or longer.

mod serve_client;

use serve_client::crowd::Crowd;
use serve_client::{Server, get_timed};
use std::time::Duration;

/// Ten page loads, a tenth of a second apart, each answered within a
/// second.
fn page_answers_within_a_second(port: u16) {
    for _ in 0..10 {
        let (reply, took) = get_timed(port, "/");
        assert_eq!(reply.status, 200, "{reply:?}");
        assert!(took < Duration::from_secs(1), "the page took {took:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// 300 idle connections against the default 256.
#[test]
fn idle_connections_do_not_keep_the_page_waiting() {
    let server = Server::start(&[]);
    let idle = Crowd::idle(server.port, 300, None);
    idle.wait_opened(Duration::from_secs(30));
    page_answers_within_a_second(server.port);
}

/// 300 clients that send half a request's headers, and reconnect as soon
/// as the server closes them, against the default 256.
#[test]
fn reconnecting_half_sent_headers_do_not_keep_the_page_waiting() {
    let server = Server::start(&[]);
    let half = Crowd::half_headers(server.port, 300);
    half.wait_opened(Duration::from_secs(30));
    page_answers_within_a_second(server.port);
    assert!(half.opened() > 300, "the server closed none of the half-sent headers");
}

/// With 64 file descriptors and `--max-connections 1000`, 100 idle
/// connections use up the descriptors: the server closes idle ones rather
/// than stall until they time out.
#[cfg(unix)]
#[test]
fn out_of_file_descriptors_the_server_closes_idle_connections() {
    let server = Server::start_in_shell("ulimit -n 64", &["--max-connections", "1000"]);
    let idle = Crowd::idle(server.port, 100, None);
    idle.wait_opened(Duration::from_secs(30));
    page_answers_within_a_second(server.port);
}
