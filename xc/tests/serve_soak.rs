//! A soak of `xc serve` (issues 14 and 37): slow clients trickling bodies,
//! normal clients loading the page and solving, clients sending max-budget
//! searches (counts, long covers, the amplifying cover), idle connections
//! (reopened a second after the server closes them) and clients sending
//! half a request's headers (reopened at once), all at once. Normal
//! requests must all succeed, the page must stay fast, and the server's
//! memory must come back afterwards.
//!
//! `cargo test` runs a small version (4 s, 10 normal clients, 300 idle
//! connections, 100 half-sent headers). The full one, 30 s with 50 normal
//! clients, 2,000 idle connections and 600 half-sent headers, is
//! `benches/soak.sh`, which sets:
//!
//! | variable | default here | what |
//! |---|---|---|
//! | `XC_SOAK_SECS` | 4 | how long clients keep sending |
//! | `XC_SOAK_NORMAL` | 10 | normal clients (page, then a solve, in a loop) |
//! | `XC_SOAK_SLOW` | 8 | clients sending a 5,000-byte body at 1 byte/s |
//! | `XC_SOAK_HEAVY` | 4 | clients sending max-budget searches |
//! | `XC_SOAK_IDLE` | 300 | idle connections |
//! | `XC_SOAK_HALF` | 100 | clients sending half a request's headers |
//! | `XC_SOAK_PAGE_P99_MS` | 500 | the bound on the page's 99th percentile |
//! | `XC_SOAK_RSS_MB` | 300 | the bound on the server's memory afterwards |

mod serve_client;

use serde_json::json;
use serve_client::crowd::Crowd;
use serve_client::{
    Server, amplifying_cover, get_timed, long_cover, max_budget_count, post, puzzles, quantile, slow_body,
};
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// What the normal clients saw.
#[derive(Default)]
struct Normal {
    page: Vec<Duration>,
    solve: Vec<Duration>,
    failures: Vec<String>,
}

fn normal_client(port: u16, puzzles: Arc<Vec<String>>, k: usize, until: Instant) -> Normal {
    let mut seen = Normal::default();
    let mut i = k;
    while Instant::now() < until {
        let path = if i % 4 == 0 { "/app.js" } else { "/" };
        let (reply, took) = get_timed(port, path);
        seen.page.push(took);
        if reply.status != 200 || reply.body.len() < 100 {
            seen.failures.push(format!("GET {path}: {} {}", reply.status, reply.body));
        }
        let puzzle = &puzzles[i % puzzles.len()];
        let start = Instant::now();
        let reply = post(port, "/api/solve", &json!({"puzzle": puzzle}));
        seen.solve.push(start.elapsed());
        let ok = reply.status == 200
            && serde_json::from_str::<serde_json::Value>(&reply.body)
                .is_ok_and(|v| v["status"] == "unique" && v["solution"].as_str().is_some_and(|s| s.len() == 81));
        if !ok {
            seen.failures.push(format!("solve {puzzle}: {} {}", reply.status, reply.body));
        }
        i += 1;
    }
    seen
}

/// Sends max-budget searches in turn; counts the 200s and the 503s.
fn heavy_client(port: u16, k: usize, until: Instant, done: &AtomicU64, busy: &AtomicU64) {
    let mut i = k;
    while Instant::now() < until {
        // The largest budget, but not past the end of the soak by much.
        let left = until.saturating_duration_since(Instant::now()).as_millis() as u64;
        let millis = left.clamp(2001, 10_000);
        let (path, mut body) = match i % 3 {
            0 => ("/api/count", max_budget_count()),
            1 => ("/api/cover", long_cover(millis)),
            _ => ("/api/cover", amplifying_cover()),
        };
        body["time_limit_ms"] = json!(millis);
        match post(port, path, &body).status {
            200 => done.fetch_add(1, Ordering::Relaxed),
            503 => busy.fetch_add(1, Ordering::Relaxed),
            s => panic!("a max-budget request got {s}"),
        };
        i += 1;
    }
}

/// Trickles a body at 1 byte/s; opens another connection when the server
/// cuts one off (after the body timeout). Returns the cut-offs seen.
fn slow_client(port: u16, until: Instant) -> u64 {
    let mut cut = 0;
    while Instant::now() < until {
        let mut stream = slow_body(port, 5000);
        while Instant::now() < until {
            if stream.write_all(b" ").is_err() {
                cut += 1;
                break;
            }
            std::thread::sleep(Duration::from_secs(1));
        }
    }
    cut
}

#[test]
fn soak() {
    let secs = env("XC_SOAK_SECS", 4);
    let (normal, slow, heavy) = (env("XC_SOAK_NORMAL", 10), env("XC_SOAK_SLOW", 8), env("XC_SOAK_HEAVY", 4));
    let (page_p99_ms, rss_mb) = (env("XC_SOAK_PAGE_P99_MS", 500), env("XC_SOAK_RSS_MB", 300));
    let (idle, half) = (env("XC_SOAK_IDLE", 300) as usize, env("XC_SOAK_HALF", 100) as usize);
    let server = Server::start(&[]);
    let port = server.port;
    let idle = Crowd::idle(port, idle, Some(Duration::from_secs(1)));
    let half = Crowd::half_headers(port, half);
    let puzzles = Arc::new(puzzles());
    let until = Instant::now() + Duration::from_secs(secs);
    let (done, busy) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let slow: Vec<_> = (0..slow).map(|_| std::thread::spawn(move || slow_client(port, until))).collect();
    let heavy: Vec<_> = (0..heavy as usize)
        .map(|k| {
            let (done, busy) = (done.clone(), busy.clone());
            std::thread::spawn(move || heavy_client(port, k, until, &done, &busy))
        })
        .collect();
    let normal: Vec<_> = (0..normal as usize)
        .map(|k| {
            let puzzles = puzzles.clone();
            std::thread::spawn(move || normal_client(port, puzzles, k * 97, until))
        })
        .collect();
    let mut seen = Normal::default();
    for n in normal {
        let n = n.join().unwrap();
        seen.page.extend(n.page);
        seen.solve.extend(n.solve);
        seen.failures.extend(n.failures);
    }
    for h in heavy {
        h.join().unwrap();
    }
    let cut: u64 = slow.into_iter().map(|s| s.join().unwrap()).sum();
    let (idle_opened, half_opened) = (idle.opened(), half.opened());
    drop((idle, half));
    std::thread::sleep(Duration::from_secs(1));
    let rss = server.rss_kb();
    seen.page.sort();
    seen.solve.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    eprintln!(
        "soak: {secs} s; normal: {} page loads (p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms), {} solves (p50 {:.1} ms, \
         p99 {:.1} ms), {} failed; max-budget: {} answered, {} told 503; slow: {} cut off by the body timeout; \
         {} idle and {} half-sent connections opened; server RSS after: {} MB",
        seen.page.len(),
        ms(quantile(&seen.page, 0.5)),
        ms(quantile(&seen.page, 0.99)),
        ms(quantile(&seen.page, 1.0)),
        seen.solve.len(),
        ms(quantile(&seen.solve, 0.5)),
        ms(quantile(&seen.solve, 0.99)),
        seen.failures.len(),
        done.load(Ordering::Relaxed),
        busy.load(Ordering::Relaxed),
        cut,
        idle_opened,
        half_opened,
        rss.map_or("?".to_string(), |kb| format!("{:.1}", kb as f64 / 1024.0)),
    );
    assert!(seen.failures.is_empty(), "failed normal requests: {:?}", &seen.failures[..seen.failures.len().min(5)]);
    assert!(!seen.page.is_empty() && !seen.solve.is_empty());
    let p99 = quantile(&seen.page, 0.99);
    assert!(p99 < Duration::from_millis(page_p99_ms), "page p99 {p99:?}");
    if let Some(kb) = rss {
        assert!(kb < rss_mb * 1024, "server RSS {kb} kB after the soak");
    }
}
