//! The HTTP API of `xc serve`, against a real server on an ephemeral port:
//! every endpoint with good input and each kind of bad input, the budgets,
//! concurrency, and a load of 20,000 requests from 50 clients.

mod serve_client;

use serde_json::{Value, json};
use serve_client::{INKALA, SOLUTION, Server, send};
use std::time::{Duration, Instant};

thread_local! {
    static PORT: std::cell::Cell<u16> = const { std::cell::Cell::new(0) };
}

/// The port of the current test's server.
fn server() -> u16 {
    PORT.with(|p| p.get())
}

/// Starts a server for this test; requests from this thread go to it.
fn serve() -> Server {
    let s = Server::start(&["--workers", "8"]);
    PORT.with(|p| p.set(s.port));
    s
}

/// Sends one request and returns the status and the body.
fn request(method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let reply = send(server(), method, path, "", body);
    (reply.status, reply.body)
}

fn post(path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request("POST", path, body.to_string().as_bytes());
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path}: not JSON: {text}")))
}

fn ok(path: &str, body: Value) -> Value {
    let (status, v) = post(path, body);
    assert_eq!(status, 200, "{path}: {v}");
    v
}

fn rejected(path: &str, body: &[u8], status: u16, message: &str) {
    let (got, text) = request("POST", path, body);
    assert_eq!(got, status, "{path}: {text}");
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(v["error"].as_str().unwrap().contains(message), "{path}: {v}");
}

#[test]
fn pages_are_served_and_embedded() {
    let _server = serve();
    let (status, html) = request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(html.contains("<script src=\"/app.js\">"));
    assert!(!html.contains("http://") && !html.contains("https://"), "nothing is fetched from elsewhere");
    for path in ["/app.js", "/style.css", "/icon.svg"] {
        let (status, body) = request("GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(!body.contains("https://"), "{path} fetches nothing from elsewhere");
    }
    assert_eq!(request("GET", "/nope", b"").0, 404);
    assert_eq!(request("GET", "/api/solve", b"").0, 405);
    assert_eq!(request("POST", "/", b"").0, 405);
}

/// Issue 37, item 10: a 405 names the methods the path takes in `Allow`.
#[test]
fn a_405_names_the_allowed_methods() {
    let server = serve();
    for (method, path, allow) in [
        ("GET", "/api/solve", "POST"),
        ("PUT", "/api/count", "POST"),
        ("POST", "/", "GET, HEAD"),
        ("DELETE", "/app.js", "GET, HEAD"),
    ] {
        let reply = send(server.port, method, path, "", b"");
        assert_eq!((reply.status, reply.header("allow")), (405, Some(allow)), "{method} {path}: {reply:?}");
    }
}

#[test]
fn solve_and_count() {
    let _server = serve();
    let v = ok("/api/solve", json!({"puzzle": INKALA}));
    assert_eq!(
        (v["status"].as_str(), v["solution"].as_str(), v["nodes"].as_u64()),
        (Some("unique"), Some(SOLUTION), Some(105))
    );
    let block = "8 . . | . . . | . . .\n. . 3 | 6 . . | . . .\n. 7 . | . 9 . | 2 . .\n------+-------+------\n. 5 . | . . 7 | . . .\n. . . | . 4 5 | 7 . .\n. . . | 1 . . | . 3 .\n------+-------+------\n. . 1 | . . . | . 6 8\n. . 8 | 5 . . | . 1 .\n. 9 . | . . . | 4 . .\n";
    assert_eq!(ok("/api/solve", json!({"puzzle": block}))["solution"], SOLUTION);
    let four = ok("/api/solve", json!({"puzzle": "1.3.3..2.1..4.21"}));
    assert_eq!(four["solution"].as_str().unwrap().len(), 16);
    let none = ok("/api/solve", json!({"puzzle": INKALA.replacen('.', "8", 1)}));
    assert_eq!(none["status"], "none");
    assert_eq!(none["conflict"], "r1c1 and r1c2 both hold 8 (row 1)");
    let several = ok("/api/count", json!({"puzzle": ".".repeat(81), "limit": 25}));
    assert_eq!((several["count"].as_u64(), several["complete"].as_bool()), (Some(25), Some(false)));
    assert_eq!(ok("/api/count", json!({"puzzle": INKALA}))["status"], "unique");
    let x = ok(
        "/api/solve",
        json!({"puzzle": "........4....4.......6.9.....9....3.7.432......5.7.................57..2......8.7", "variant": "x"}),
    );
    assert_eq!(x["status"], "unique");
}

#[test]
fn hint_explain_rate_generate_parse() {
    let _server = serve();
    let hint = ok("/api/hint", json!({"puzzle": INKALA, "grid": INKALA}));
    assert_eq!(hint["kind"], "step");
    for &(c, d) in &serde_json::from_value::<Vec<(usize, u8)>>(hint["step"]["placements"].clone()).unwrap() {
        assert_eq!(SOLUTION.as_bytes()[c], b'0' + d);
    }
    let wrong = INKALA.replacen("8.", "89", 1);
    let mistake = ok("/api/hint", json!({"puzzle": INKALA, "grid": wrong}));
    assert_eq!((mistake["kind"].as_str(), mistake["cell"].as_u64()), (Some("wrong"), Some(1)));
    assert_eq!(ok("/api/hint", json!({"puzzle": INKALA, "grid": SOLUTION}))["kind"], "solved");
    let path = ok("/api/explain", json!({"puzzle": INKALA}));
    assert!(path["steps"].as_array().unwrap().len() > 20);
    assert_eq!(path["level"], "needs guessing");
    let rate = ok(
        "/api/rate",
        json!({"puzzle": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."}),
    );
    assert_eq!(rate["level"], "easy");
    let g = ok("/api/generate", json!({"seed": 5, "difficulty": "medium"}));
    assert_eq!(g["level"], "medium");
    assert_eq!(ok("/api/count", json!({"puzzle": g["puzzle"]}))["status"], "unique");
    assert_eq!(ok("/api/generate", json!({"seed": 5, "difficulty": "medium"}))["puzzle"], g["puzzle"], "seeded");
    let small = ok("/api/generate", json!({"size": 4, "seed": 3}));
    assert_eq!(small["puzzle"].as_str().unwrap().len(), 16);
    assert!(small.get("rating").is_none() && small.get("level").is_none(), "{small}");
    // Made to a difficulty, any size is graded, and says so.
    let graded = ok("/api/generate", json!({"size": 4, "seed": 3, "difficulty": "hard"}));
    assert_eq!((graded["rating"].as_f64(), graded["level"].as_str()), (Some(1.2), Some("easy")), "{graded}");
    assert_eq!(graded["difficulty_met"], false);
    assert_eq!(
        ok(
            "/api/parse",
            json!({"puzzle": "[[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],[\"6\",\".\",\".\",\"1\",\"9\",\"5\",\".\",\".\",\".\"],[\".\",\"9\",\"8\",\".\",\".\",\".\",\".\",\"6\",\".\"],[\"8\",\".\",\".\",\".\",\"6\",\".\",\".\",\".\",\"3\"],[\"4\",\".\",\".\",\"8\",\".\",\"3\",\".\",\".\",\"1\"],[\"7\",\".\",\".\",\".\",\"2\",\".\",\".\",\".\",\"6\"],[\".\",\"6\",\".\",\".\",\".\",\".\",\"2\",\"8\",\".\"],[\".\",\".\",\".\",\"4\",\"1\",\"9\",\".\",\".\",\"5\"],[\".\",\".\",\".\",\".\",\"8\",\".\",\".\",\"7\",\"9\"]]"})
        )["givens"],
        30
    );
}

#[test]
fn cover() {
    let _server = serve();
    let v = ok("/api/cover", json!({"dlx": "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"}));
    assert_eq!((v["solutions"].as_u64(), v["nodes"].as_u64(), v["updates"].as_u64()), (Some(1), Some(6), Some(30)));
    assert_eq!(v["printed"], json!([["A D", "C E F", "B G"]]));
    assert_eq!(v["truncated"], false);
    let colors = ok("/api/cover", json!({"dlx": "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"}));
    assert_eq!(colors["warnings"], json!(["line 4: option ignored: it has no primary item"]));
    rejected("/api/cover", br#"{"dlx": "A B\nA C\n"}"#, 400, "line 2, column 3: unknown item `C`");
}

#[test]
fn bad_requests() {
    let _server = serve();
    rejected("/api/solve", b"{not json", 400, "malformed JSON");
    rejected("/api/solve", b"[1, 2]", 400, "must be a JSON object");
    rejected("/api/solve", b"{}", 400, "missing field `puzzle`");
    rejected("/api/solve", br#"{"puzzle": 5}"#, 400, "\"puzzle\": invalid type: integer `5`, expected a string");
    rejected("/api/solve", br#"{"puzzle": "12345"}"#, 400, "bad puzzle: line 1, column 1: wrong length");
    rejected("/api/solve", br#"{"puzzle": "8..x"}"#, 400, "bad puzzle");
    rejected(
        "/api/solve",
        format!(r#"{{"puzzle": "{INKALA}", "variant": "spiral"}}"#).as_bytes(),
        400,
        "unknown variant",
    );
    rejected(
        "/api/count",
        format!(r#"{{"puzzle": "{INKALA}", "limit": 0}}"#).as_bytes(),
        400,
        "\"limit\": invalid value: integer `0`, expected a whole number of at least 1",
    );
    rejected(
        "/api/solve",
        format!(r#"{{"puzzle": "{INKALA}", "node_limit": -3}}"#).as_bytes(),
        400,
        "\"node_limit\": invalid value: integer `-3`, expected a whole number of at least 1",
    );
    rejected("/api/hint", format!(r#"{{"puzzle": "{}"}}"#, ".".repeat(81)).as_bytes(), 400, "more than one solution");
    rejected("/api/generate", br#"{"size": 7}"#, 400, "\"size\": invalid value: integer `7`, expected 4, 9 or 16");
    rejected("/api/generate", br#"{"difficulty": "impossible"}"#, 400, "\"difficulty\": unknown variant `impossible`");
    rejected("/api/nothing", b"{}", 404, "no such endpoint");
    rejected("/api/explain", b"{}", 400, "missing field `puzzle`");
    rejected("/api/explain", format!(r#"{{"puzzle": "{INKALA}", "grid": "123"}}"#).as_bytes(), 400, "bad grid");
    rejected("/api/rate", br#"{"puzzle": "8..x"}"#, 400, "bad puzzle");
    rejected("/api/rate", format!(r#"{{"puzzle": "{}"}}"#, "8".repeat(81)).as_bytes(), 400, "the grid breaks a rule");
    rejected("/api/parse", br#"{"puzzle": ""}"#, 400, "no puzzle found");
    rejected("/api/parse", br#"{"puzzle": "12345"}"#, 400, "bad puzzle: line 1, column 1");
    let big = format!(r#"{{"puzzle": "{}"}}"#, "1".repeat(2 << 20));
    rejected("/api/solve", big.as_bytes(), 413, "over 1048576 bytes");
}

#[test]
fn budgets_stop_long_searches() {
    let _server = serve();
    let empty = ".".repeat(81);
    let start = Instant::now();
    let v = ok("/api/count", json!({"puzzle": empty, "limit": 100000, "node_limit": 5000}));
    assert_eq!((v["status"].as_str(), v["nodes"].as_u64()), (Some("stopped"), Some(5000)));
    assert!(start.elapsed() < Duration::from_secs(3));
    let v = ok("/api/solve", json!({"puzzle": INKALA, "node_limit": 100}));
    assert_eq!((v["status"].as_str(), v["reason"].as_str()), (Some("stopped"), Some("node limit reached")));
    let long = "A B C D E F G H I J K L M N O P Q R S T\n".to_string()
        + &(0..20)
            .flat_map(|i| {
                (0..20)
                    .filter(move |&j| j != i)
                    .map(move |j| format!("{} {}\n", (b'A' + i) as char, (b'A' + j) as char))
            })
            .collect::<String>();
    let start = Instant::now();
    let v = ok("/api/cover", json!({"dlx": long, "time_limit_ms": 100, "print": 1}));
    assert_eq!((v["complete"].as_bool(), v["stopped"].as_str()), (Some(false), Some("time limit reached")));
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
}

/// The logic endpoints find the solution under the budgets too, and
/// generation stops chasing a difficulty when its time is up.
#[test]
fn budgets_cover_hint_explain_rate_and_generate() {
    let _server = serve();
    for endpoint in ["/api/hint", "/api/explain", "/api/rate"] {
        let body = json!({"puzzle": INKALA, "node_limit": 10}).to_string();
        rejected(endpoint, body.as_bytes(), 400, "the search for the solution stopped: node limit reached");
    }
    let start = Instant::now();
    let g = ok("/api/generate", json!({"size": 16, "difficulty": "expert", "seed": 1, "time_limit_ms": 300}));
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    assert_eq!(g["difficulty_met"], false, "no expert 16×16 puzzle within the time budget");
    assert_eq!(g["puzzle"].as_str().unwrap().len(), 256);
}

/// `variant` applies to hints, explanations and ratings as it does to
/// solving: this X-Sudoku has several solutions as a classic puzzle.
#[test]
fn logic_endpoints_follow_the_variant() {
    let _server = serve();
    let x = "........4....4.......6.9.....9....3.7.432......5.7.................57..2......8.7";
    let classic = json!({"puzzle": x}).to_string();
    rejected("/api/rate", classic.as_bytes(), 400, "more than one solution");
    let solved = ok("/api/solve", json!({"puzzle": x, "variant": "x"}));
    let rate = ok("/api/rate", json!({"puzzle": x, "variant": "x"}));
    assert!(rate["rating"].as_f64().unwrap() >= 1.0);
    let path = ok("/api/explain", json!({"puzzle": x, "variant": "x"}));
    let last = path["steps"].as_array().unwrap().len();
    assert!(last > 0);
    let hint = ok("/api/hint", json!({"puzzle": x, "variant": "x"}));
    assert_eq!(hint["kind"], "step");
    for &(c, d) in &serde_json::from_value::<Vec<(usize, u8)>>(hint["step"]["placements"].clone()).unwrap() {
        assert_eq!(solved["solution"].as_str().unwrap().as_bytes()[c], b'0' + d);
    }
}

#[test]
fn generated_symmetry_is_named() {
    let _server = serve();
    let g = ok("/api/generate", json!({"seed": 3, "symmetry": "random"}));
    let name = g["symmetry"].as_str().unwrap();
    assert!(name != "random" && name != "none", "{name}");
    let sym: exactcover::sudoku::Symmetry = name.parse().unwrap();
    let cells: Vec<u8> = g["puzzle"].as_str().unwrap().bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    assert!(sym.holds(&cells, 9));
    rejected("/api/generate", br#"{"symmetry": "spiral"}"#, 400, "\"symmetry\": unknown variant `spiral`");
}

#[test]
fn a_slow_request_does_not_block_others() {
    let _server = serve();
    let port = server();
    let slow = std::thread::spawn(move || {
        PORT.with(|p| p.set(port));
        let start = Instant::now();
        ok("/api/count", json!({"puzzle": ".".repeat(81), "limit": 100000, "time_limit_ms": 1500}));
        start.elapsed()
    });
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    for _ in 0..20 {
        ok("/api/solve", json!({"puzzle": INKALA}));
    }
    let quick = start.elapsed();
    let slow = slow.join().unwrap();
    assert!(quick < slow, "20 quick requests ({quick:?}) finished before the slow one ({slow:?})");
}

/// 20,000 requests from 50 concurrent clients: none lost, none failed.
#[test]
fn load_of_twenty_thousand_requests() {
    let _server = serve();
    let puzzles: Vec<String> = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let clients = 50;
    let per_client = 400;
    let start = Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|c| {
            let puzzles = puzzles.clone();
            let port = server();
            std::thread::spawn(move || {
                PORT.with(|p| p.set(port));
                let mut latencies = Vec::with_capacity(per_client);
                for k in 0..per_client {
                    let puzzle = &puzzles[(c * per_client + k) % puzzles.len()];
                    let t = Instant::now();
                    let (status, v) = post("/api/solve", json!({"puzzle": puzzle}));
                    latencies.push(t.elapsed());
                    assert_eq!((status, v["status"].as_str()), (200, Some("unique")), "{puzzle}");
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = handles.into_iter().flat_map(|h| h.join().unwrap()).collect();
    let elapsed = start.elapsed();
    latencies.sort();
    assert_eq!(latencies.len(), clients * per_client);
    let p = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    eprintln!(
        "load: {} requests from {clients} clients in {:.2} s: {:.0} requests/s, p50 {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        p(0.5),
        p(0.99),
        latencies[latencies.len() - 1]
    );
}
