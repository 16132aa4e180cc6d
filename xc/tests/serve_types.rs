//! Issue 14, item 9: the API refuses wrong types. Each field of the wrong
//! type or out of range is a 400 whose message names the field; before,
//! `size: -9` gave a 9×9 and `variant: 7`, `grid: 5`, `symmetry: 5` fell
//! back to defaults.

mod serve_client;

use serde_json::json;
use serve_client::{INKALA, Server, post};

#[test]
fn wrong_types_are_400s_naming_the_field() {
    let server = Server::start(&[]);
    let cases = [
        ("/api/generate", json!({"size": -9}), "\"size\": invalid value: integer `-9`, expected 4, 9 or 16"),
        ("/api/generate", json!({"size": "9"}), "\"size\": invalid type: string \"9\", expected 4, 9 or 16"),
        ("/api/generate", json!({"symmetry": 5}), "\"symmetry\": invalid type: integer `5`, expected a string"),
        ("/api/generate", json!({"difficulty": true}), "\"difficulty\": invalid type: boolean `true`"),
        ("/api/generate", json!({"seed": -1}), "\"seed\": invalid value: integer `-1`, expected a whole number"),
        (
            "/api/solve",
            json!({"puzzle": INKALA, "variant": 7}),
            "\"variant\": invalid type: integer `7`, expected a string",
        ),
        ("/api/solve", json!({"puzzle": INKALA, "variant": "X"}), "\"variant\": unknown variant `X`"),
        ("/api/solve", json!({"puzzle": [1, 2]}), "\"puzzle\": invalid type: sequence, expected a string"),
        ("/api/solve", json!({"puzzle": INKALA, "node_limit": 1.5}), "\"node_limit\": invalid type: floating point"),
        ("/api/solve", json!({"puzzle": INKALA, "time_limit_ms": "10"}), "\"time_limit_ms\": invalid type: string"),
        ("/api/solve", json!({"puzzle": INKALA, "regions": 5}), "\"regions\": invalid type: integer `5`"),
        ("/api/solve", json!({"puzzle": INKALA, "regions": "aabb"}), "\"regions\": only a jigsaw has regions"),
        ("/api/solve", json!({"puzzle": INKALA, "variant": "jigsaw"}), "\"regions\": a jigsaw needs the letter map"),
        ("/api/hint", json!({"puzzle": INKALA, "grid": 5}), "\"grid\": invalid type: integer `5`, expected a string"),
        ("/api/count", json!({"puzzle": INKALA, "limit": -1}), "\"limit\": invalid value: integer `-1`"),
        ("/api/cover", json!({"dlx": "A\nA\n", "print": "all"}), "\"print\": invalid type: string \"all\""),
        ("/api/cover", json!({"dlx": 5}), "\"dlx\": invalid type: integer `5`, expected a string"),
        ("/api/parse", json!({"puzzle": null}), "\"puzzle\": invalid type: null, expected a string"),
        ("/api/solve", json!({"puzzle": INKALA, "time_limit": 100}), "unknown field `time_limit`, expected one of"),
    ];
    for (path, body, message) in cases {
        let reply = post(server.port, path, &body);
        assert_eq!(reply.status, 400, "{path} {body}: {}", reply.body);
        let error = reply.json()["error"].as_str().unwrap().to_string();
        assert!(error.starts_with(message), "{path} {body}: {error}");
    }
}

/// The right types still work, and `null` is the default.
#[test]
fn the_right_types_are_accepted() {
    let server = Server::start(&[]);
    let g = post(server.port, "/api/generate", &json!({"size": 4, "symmetry": "none", "seed": 3, "difficulty": null}));
    assert_eq!((g.status, g.json()["puzzle"].as_str().unwrap().len()), (200, 16));
    let s = post(server.port, "/api/solve", &json!({"puzzle": INKALA, "variant": "classic", "regions": null}));
    assert_eq!(s.json()["status"], "unique");
}
