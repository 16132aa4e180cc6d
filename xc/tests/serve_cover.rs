//! Issue 14, item 2: `/api/cover` must not amplify. A 170 KB problem with
//! 2^2000 solutions of 2000 long options each, 1000 of them asked for, got
//! a 60–79 MB reply after twice its time budget, and the server kept
//! hundreds of MB. The printed solutions are now capped in number and in
//! bytes, writing them counts against the time budget, and the memory
//! comes back.

mod serve_client;

use serve_client::{Server, amplifying_cover, post};
use std::time::{Duration, Instant};

/// The cap on the printed solutions' JSON (`serve/cover.rs`).
const MAX_PRINTED: usize = 1 << 20;

#[test]
fn the_amplifying_request_is_bounded_in_bytes_time_and_memory() {
    let server = Server::start(&[]);
    let port = server.port;
    // Four at once: as many as the long lane lets run together.
    let start = Instant::now();
    let replies: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(move || {
                let t = Instant::now();
                let reply = post(port, "/api/cover", &amplifying_cover());
                (reply, t.elapsed())
            })
        })
        .collect();
    for r in replies {
        let (reply, took) = r.join().unwrap();
        assert_eq!(reply.status, 200, "{}", &reply.body[..reply.body.len().min(300)]);
        assert!(reply.body.len() < MAX_PRINTED + 4096, "{} bytes", reply.body.len());
        let v = reply.json();
        assert_eq!(v["truncated"], true);
        let printed = v["printed"].as_array().unwrap();
        assert!(!printed.is_empty() && printed.len() < 1000, "{} printed", printed.len());
        assert!(printed.iter().all(|s| s.as_array().unwrap().len() == 2000));
        assert!(v["solutions"].as_u64().unwrap() > printed.len() as u64);
        assert_eq!(v["stopped"].as_str(), Some("time limit reached"), "the search went on counting");
        // The 10 s budget covers reading, searching and writing.
        assert!(took < Duration::from_millis(11_500), "{took:?}");
    }
    assert!(start.elapsed() < Duration::from_secs(13), "{:?}", start.elapsed());
    std::thread::sleep(Duration::from_millis(300));
    if let Some(rss) = server.rss_kb() {
        assert!(rss < 300 * 1024, "the server holds {rss} kB after the requests");
    }
}

/// Fewer solutions than the cap: all are printed, and nothing is said to
/// be cut.
#[test]
fn small_answers_are_whole() {
    let server = Server::start(&[]);
    let dlx = "A B C\nA\nB\nC\nA B\nB C\n";
    let v = post(server.port, "/api/cover", &serde_json::json!({"dlx": dlx, "print": 1000})).json();
    assert_eq!(v["solutions"], 3);
    assert_eq!(v["printed"], serde_json::json!([["A", "B", "C"], ["A", "B C"], ["A B", "C"]]));
    assert_eq!(v["truncated"], false);
    let v = post(server.port, "/api/cover", &serde_json::json!({"dlx": dlx, "print": 2})).json();
    assert_eq!((v["printed"].as_array().unwrap().len(), &v["truncated"]), (2, &serde_json::json!(false)));
}
