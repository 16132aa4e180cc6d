//! Issue 14, item 1: slow and greedy clients must not starve `xc serve`.
//! Slow bodies, half-sent headers and max-budget searches each leave the
//! page and quick API calls fast; slow clients are cut off by the header
//! and body timeouts; a saturated server answers 503 with `Retry-After`.
//!
//! Latency bounds are generous (the machine is shared and noisy): they
//! tell a server that answers from one that does not answer at all.

mod serve_client;

use serde_json::json;
use serve_client::{INKALA, Server, get_timed, long_cover, max_budget_count, post, quantile, read_reply, slow_body};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The page and 20 solves answer, and quickly, while `hold` is in place.
fn page_and_api_stay_fast(port: u16) {
    let mut page = Vec::new();
    for _ in 0..20 {
        let (reply, took) = get_timed(port, "/");
        assert_eq!(reply.status, 200);
        page.push(took);
    }
    page.sort();
    assert!(quantile(&page, 0.99) < Duration::from_millis(500), "page latencies {page:?}");
    for _ in 0..20 {
        let start = Instant::now();
        let reply = post(port, "/api/solve", &json!({"puzzle": INKALA}));
        assert_eq!((reply.status, reply.json()["status"].as_str()), (200, Some("unique")), "{}", reply.body);
        assert!(start.elapsed() < Duration::from_secs(3), "a solve took {:?}", start.elapsed());
    }
}

/// Sixteen connections sending a 5,000-byte body a byte at a time and
/// sixteen that stopped halfway through their headers: twice the workers.
#[test]
fn slow_bodies_and_half_sent_headers_do_not_starve_the_server() {
    let server = Server::start(&[]);
    let port = server.port;
    let stop = Arc::new(AtomicBool::new(false));
    let trickles: Vec<_> = (0..16)
        .map(|_| {
            let stop = stop.clone();
            let mut stream = slow_body(port, 5000);
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    if stream.write_all(b" ").is_err() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(250));
                }
            })
        })
        .collect();
    let half_sent: Vec<TcpStream> = (0..16)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.write_all(b"POST /api/solve HTTP/1.1\r\nHost: loc").unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    page_and_api_stay_fast(port);
    stop.store(true, Ordering::Relaxed);
    for t in trickles {
        t.join().unwrap();
    }
    drop(half_sent);
}

/// A body that trickles in is cut off when the body timeout passes.
#[test]
fn a_slow_body_gets_408_when_its_time_is_up() {
    let server = Server::start(&["--body-timeout", "1s"]);
    let mut stream = slow_body(server.port, 5000);
    let start = Instant::now();
    let mut writer = stream.try_clone().unwrap();
    let trickle = std::thread::spawn(move || {
        for _ in 0..40 {
            if writer.write_all(b" ").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    let reply = read_reply(&mut stream);
    let took = start.elapsed();
    assert_eq!(reply.status, 408, "{reply:?}");
    assert!(reply.json()["error"].as_str().unwrap().contains("the body took more than 1 s"), "{}", reply.body);
    assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(3), "{took:?}");
    trickle.join().unwrap();
}

/// Headers that stop halfway, and a keep-alive connection left idle, are
/// closed when the header timeout passes.
#[test]
fn half_sent_headers_and_idle_connections_are_closed() {
    let server = Server::start(&["--header-timeout", "1s"]);
    let mut half = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    half.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let start = Instant::now();
    half.write_all(b"GET / HTTP/1.1\r\nHost: local").unwrap();
    let mut rest = Vec::new();
    let closed = half.read_to_end(&mut rest);
    let took = start.elapsed();
    assert!(closed.is_ok(), "the connection was not closed: {closed:?}");
    assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(4), "{took:?}");

    let mut idle = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    idle.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    idle.write_all(b"GET /icon.svg HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let start = Instant::now();
    let mut all = Vec::new();
    let closed = idle.read_to_end(&mut all);
    assert!(closed.is_ok(), "the idle connection was not closed: {closed:?}");
    assert!(String::from_utf8_lossy(&all).starts_with("HTTP/1.1 200"));
    assert!(start.elapsed() < Duration::from_secs(4), "{:?}", start.elapsed());
}

/// Eight max-budget searches at once (counts and covers of up to 10 s):
/// the page and quick solves stay fast, because long requests may hold
/// only half of the workers.
#[test]
fn max_budget_counts_leave_the_page_and_quick_calls_fast() {
    let server = Server::start(&["--workers", "8"]);
    let port = server.port;
    let counts: Vec<_> = (0..8)
        .map(|k| {
            std::thread::spawn(move || {
                let (path, body) =
                    if k % 2 == 0 { ("/api/count", max_budget_count()) } else { ("/api/cover", long_cover(10_000)) };
                post(port, path, &body).status
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    page_and_api_stay_fast(port);
    drop(server);
    for c in counts {
        // Done, killed mid-search (0), or 503 for those that found no
        // worker.
        let status = c.join().unwrap();
        assert!([0, 200, 503].contains(&status), "{status}");
    }
}

/// With its one worker busy, the server answers 503 with `Retry-After`
/// once the queue wait is over, rather than queueing for ever.
#[test]
fn a_saturated_server_answers_503_with_retry_after() {
    let server = Server::start(&["--workers", "1", "--queue-wait", "200ms"]);
    let port = server.port;
    let busy = std::thread::spawn(move || post(port, "/api/cover", &long_cover(2000)));
    std::thread::sleep(Duration::from_millis(400));
    let start = Instant::now();
    let reply = post(port, "/api/solve", &json!({"puzzle": INKALA}));
    assert_eq!(reply.status, 503, "{reply:?}");
    assert_eq!(reply.header("retry-after"), Some("1"));
    assert!(reply.json()["error"].as_str().unwrap().contains("every worker is busy"));
    assert!(start.elapsed() < Duration::from_millis(1500), "{:?}", start.elapsed());
    // The page is answered all the same, and the search ends normally.
    assert_eq!(get_timed(port, "/").0.status, 200);
    let busy = busy.join().unwrap();
    assert_eq!((busy.status, busy.json()["complete"].as_bool()), (200, Some(false)));
    assert_eq!(post(port, "/api/solve", &json!({"puzzle": INKALA})).status, 200);
}
