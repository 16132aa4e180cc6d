//! Issue 14, item 6: no state passes from one request to the next. Each
//! test uses one worker, so every request meets the solvers the earlier
//! ones used.

mod serve_client;

use serde_json::{Value, json};
use serve_client::{INKALA, Server, post};

/// `/api/solve` on givens that clash, right after a normal solve on the
/// same worker, reports no search: before the fix it reported the
/// previous request's nodes (105 boards of the band search now; the
/// dance's 2,720 nodes then).
#[test]
fn a_clash_after_a_solve_reports_no_nodes() {
    let server = Server::start(&["--workers", "1"]);
    let v = post(server.port, "/api/solve", &json!({"puzzle": INKALA})).json();
    assert_eq!((v["nodes"].as_u64(), v["updates"].as_u64()), (Some(105), Some(0)));
    let clash = INKALA.replacen('.', "8", 1);
    let v = post(server.port, "/api/solve", &json!({"puzzle": clash})).json();
    assert_eq!(v["status"], "none");
    assert_eq!(v["conflict"], "r1c1 and r1c2 both hold 8 (row 1)");
    assert_eq!((v["nodes"].as_u64(), v["updates"].as_u64()), (Some(0), Some(0)), "{v}");
    let v = post(server.port, "/api/count", &json!({"puzzle": clash})).json();
    assert_eq!((v["status"].as_str(), v["nodes"].as_u64()), (Some("none"), Some(0)), "{v}");
}

/// Without the figures that vary from run to run.
fn strip(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("ms");
    }
    v
}

const X: &str = "........4....4.......6.9.....9....3.7.432......5.7.................57..2......8.7";
const JIGSAW: &str = "aaab\ncabb\nccdb\ncddd\n";

/// Requests whose replies must not depend on what came before.
fn probes() -> Vec<(&'static str, Value)> {
    vec![
        ("/api/solve", json!({"puzzle": INKALA})),
        ("/api/solve", json!({"puzzle": X, "variant": "x"})),
        ("/api/count", json!({"puzzle": ".".repeat(81), "limit": 25})),
        ("/api/count", json!({"puzzle": INKALA})),
        ("/api/hint", json!({"puzzle": INKALA})),
        ("/api/explain", json!({"puzzle": X, "variant": "x"})),
        ("/api/rate", json!({"puzzle": INKALA})),
        ("/api/solve", json!({"puzzle": "1...............", "variant": "jigsaw", "regions": JIGSAW})),
        ("/api/cover", json!({"dlx": "A B C\nA\nB\nC\nA B\nB C\n"})),
    ]
}

/// Requests that leave solvers in other states: stopped searches, other
/// sizes, variants and jigsaws, clashes, small budgets.
fn disturbances() -> Vec<(&'static str, Value)> {
    let clash = INKALA.replacen('.', "8", 1);
    vec![
        ("/api/solve", json!({"puzzle": INKALA, "node_limit": 10})),
        ("/api/count", json!({"puzzle": ".".repeat(81), "limit": 100000, "time_limit_ms": 50})),
        ("/api/solve", json!({"puzzle": clash})),
        ("/api/hint", json!({"puzzle": INKALA, "node_limit": 5})),
        ("/api/solve", json!({"puzzle": ".".repeat(81), "variant": "x"})),
        ("/api/solve", json!({"puzzle": ".".repeat(16), "variant": "jigsaw", "regions": "aabb\naabb\nccdd\nccdd\n"})),
        ("/api/solve", json!({"puzzle": ".".repeat(256)})),
        ("/api/rate", json!({"puzzle": X, "variant": "windoku"})),
        ("/api/explain", json!({"puzzle": INKALA, "grid": INKALA.replacen("8.", "89", 1)})),
        ("/api/generate", json!({"seed": 7, "size": 4})),
        ("/api/cover", json!({"dlx": "A B\nA\nB\n", "node_limit": 1})),
    ]
}

#[test]
fn replies_do_not_depend_on_earlier_requests() {
    let fresh = Server::start(&["--workers", "1"]);
    let expected: Vec<Value> = probes().iter().map(|(p, b)| strip(post(fresh.port, p, b).json())).collect();
    drop(fresh);
    let server = Server::start(&["--workers", "1"]);
    for round in 0..2 {
        for (path, body) in disturbances() {
            post(server.port, path, &body);
        }
        for ((path, body), want) in probes().iter().zip(&expected) {
            let got = strip(post(server.port, path, body).json());
            assert_eq!(&got, want, "round {round}: {path} {body}");
        }
    }
}
