//! The JSON API: one function per endpoint. Every search runs under a node
//! and a time budget; a request may lower them, or raise them up to the
//! server's caps.

use crate::printer::stats_json;
use crate::sudoku::explain::{hint_json, path_json};
use exactcover::cover::{Limits, Status, read_dlx};
use exactcover::sudoku::logic::{Hint, Level, LogicSolver};
use exactcover::sudoku::{
    Generator, GeneratorOptions, Grid, InputFormat, Layout, SudokuSolver, Symmetry, Variant, Verdict, read_puzzles,
};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Default and largest node budgets per request.
const NODES: (u64, u64) = (5_000_000, 50_000_000);
/// Default and largest time budgets per request, in milliseconds.
const MILLIS: (u64, u64) = (2_000, 10_000);

/// A failed request: HTTP status and message.
type Reject = (u16, String);

fn bad(message: impl Into<String>) -> Reject {
    (400, message.into())
}

/// `{"error": message}` as bytes.
pub fn error_body(message: &str) -> Vec<u8> {
    json!({ "error": message }).to_string().into_bytes()
}

/// A worker thread's reusable solvers, one per layout.
#[derive(Default)]
pub struct Worker {
    solvers: HashMap<String, SudokuSolver>,
    logic: HashMap<String, LogicSolver>,
}

impl Worker {
    /// Answers one request: `(status, JSON body)`.
    pub fn dispatch(&mut self, endpoint: &str, body: &[u8]) -> (u16, Vec<u8>) {
        let result = serde_json::from_slice::<Value>(body)
            .map_err(|e| bad(format!("malformed JSON: {e}")))
            .and_then(|v| if v.is_object() { Ok(v) } else { Err(bad("the body must be a JSON object")) })
            .and_then(|request| match endpoint {
                "solve" => self.solve(&request),
                "count" => self.count(&request),
                "cover" => cover(&request),
                "parse" => parse(&request),
                "generate" => generate(&request),
                "hint" => self.hint(&request),
                "explain" => self.explain(&request),
                "rate" => self.rate(&request),
                _ => Err((404, format!("no such endpoint: /api/{endpoint}"))),
            });
        match result {
            Ok(value) => (200, value.to_string().into_bytes()),
            Err((status, message)) => (status, error_body(&message)),
        }
    }

    /// The solver for the request's layout, and the puzzle.
    fn puzzle(&mut self, request: &Value) -> Result<(&mut SudokuSolver, Grid), Reject> {
        let (grid, key, layout) = puzzle_and_layout(request)?;
        let solver = self.solvers.entry(key).or_insert_with(|| SudokuSolver::with_layout(layout));
        solver.set_limits(limits(request)?);
        Ok((solver, grid))
    }

    fn solve(&mut self, request: &Value) -> Result<Value, Reject> {
        let start = Instant::now();
        let (solver, grid) = self.puzzle(request)?;
        let verdict = solver.verdict(&grid).map_err(|e| bad(e.to_string()))?;
        let stats = solver.stats();
        let mut reply = json!({
            "puzzle": grid.to_line(),
            "nodes": stats.nodes,
            "updates": stats.updates,
            "ms": start.elapsed().as_secs_f64() * 1000.0,
        });
        let fields = match verdict {
            Verdict::Unique(s) => json!({"status": "unique", "count": 1, "solution": s.to_line()}),
            Verdict::Several(s) => json!({"status": "several", "count": 2, "solution": s.to_line()}),
            Verdict::NoSolution(c) => json!({"status": "none", "count": 0, "conflict": c.map(|c| c.to_string())}),
            Verdict::Stopped(r, s) => {
                json!({"status": "stopped", "reason": r.to_string(), "solution": s.map(|s| s.to_line())})
            }
        };
        merge(&mut reply, fields);
        Ok(reply)
    }

    /// The puzzle (`puzzle`) and the player's grid (`grid`, default the
    /// puzzle), for the logic solver.
    fn player(&mut self, request: &Value) -> Result<(&mut LogicSolver, Grid, Grid), Reject> {
        let (puzzle, key, layout) = puzzle_and_layout(request)?;
        let current = match request.get("grid").and_then(Value::as_str) {
            None => puzzle.clone(),
            Some(text) => match read_puzzles(text, InputFormat::Auto).next() {
                Some(Ok(p)) => p.grid,
                Some(Err(e)) => return Err(bad(format!("bad grid: {e}"))),
                None => return Err(bad("no grid found in \"grid\"")),
            },
        };
        let logic = self.logic.entry(key).or_insert_with(|| LogicSolver::with_layout(layout));
        logic.set_limits(limits(request)?);
        Ok((logic, puzzle, current))
    }

    fn hint(&mut self, request: &Value) -> Result<Value, Reject> {
        let (logic, puzzle, current) = self.player(request)?;
        let hint = logic.hint(&puzzle, &current).map_err(|e| bad(e.to_string()))?;
        Ok(hint_json(&hint, &current))
    }

    fn explain(&mut self, request: &Value) -> Result<Value, Reject> {
        let (logic, puzzle, current) = self.player(request)?;
        if let Hint::Mistake { cell, text, .. } = logic.hint(&puzzle, &current).map_err(|e| bad(e.to_string()))? {
            return Err(bad(format!("{text} (cell {cell})")));
        }
        let path = logic.path(&current).map_err(|e| bad(e.to_string()))?;
        Ok(path_json(&path, &current))
    }

    fn rate(&mut self, request: &Value) -> Result<Value, Reject> {
        let (logic, puzzle, _) = self.player(request)?;
        let g = logic.grade(&puzzle).map_err(|e| bad(e.to_string()))?;
        let used: serde_json::Map<String, Value> =
            g.counts().filter(|&(_, n)| n > 0).map(|(t, n)| (t.name().to_string(), json!(n))).collect();
        Ok(json!({
            "rating": g.rating().value(),
            "level": g.level().name(),
            "guesses": g.guesses(),
            "steps": g.steps(),
            "techniques": used,
        }))
    }

    fn count(&mut self, request: &Value) -> Result<Value, Reject> {
        let limit = number(request, "limit", 1000, 100_000)?;
        let start = Instant::now();
        let (solver, grid) = self.puzzle(request)?;
        let mut first = grid.cells().to_vec();
        let (count, status, nodes) = match solver.examine(grid.cells(), limit, &mut first) {
            Ok(e) => (e.solutions, e.status, e.nodes),
            Err(c) => return Ok(json!({"count": 0, "complete": true, "status": "none", "conflict": c.to_string()})),
        };
        let status_word = match (status, count) {
            (Status::Complete, 0) => "none",
            (Status::Complete, 1) => "unique",
            (Status::Complete, _) => "several",
            (Status::Stopped(exactcover::cover::StopReason::Solutions), _) => "limit",
            _ => "stopped",
        };
        Ok(json!({
            "count": count,
            "complete": status.is_complete(),
            "status": status_word,
            "limit": limit,
            "nodes": nodes,
            "ms": start.elapsed().as_secs_f64() * 1000.0,
        }))
    }
}

/// The request's puzzle, and its layout (`variant`, `regions`) with a key
/// for the worker's caches.
fn puzzle_and_layout(request: &Value) -> Result<(Grid, String, Layout), Reject> {
    let text = request.get("puzzle").and_then(Value::as_str).ok_or_else(|| bad("missing \"puzzle\" (a string)"))?;
    let grid = match read_puzzles(text, InputFormat::Auto).next() {
        Some(Ok(p)) => p.grid,
        Some(Err(e)) => return Err(bad(format!("bad puzzle: {e}"))),
        None => return Err(bad("bad puzzle: no puzzle found in the text")),
    };
    let variant = request.get("variant").and_then(Value::as_str).unwrap_or("classic");
    let layout = match variant {
        "classic" => Layout::classic(grid.box_size()),
        "x" => Layout::variant(Variant::X, grid.box_size()),
        "windoku" => Layout::variant(Variant::Windoku, grid.box_size()),
        "jigsaw" => {
            let map = request.get("regions").and_then(Value::as_str).ok_or_else(|| bad("jigsaw needs \"regions\""))?;
            Layout::jigsaw(map).map_err(|e| bad(format!("bad regions: {e}")))?
        }
        other => return Err(bad(format!("unknown variant `{other}` (classic, x, windoku, jigsaw)"))),
    };
    if layout.side() != grid.side() {
        return Err(bad(format!("a {0}×{0} puzzle for a {1}×{1} region map", grid.side(), layout.side())));
    }
    let key = format!("{}:{}:{:?}", layout.name(), layout.side(), request.get("regions"));
    Ok((grid, key, layout))
}

/// Reads a puzzle in any format `xc` reads, and gives it back as a line.
fn parse(request: &Value) -> Result<Value, Reject> {
    let text = request.get("puzzle").and_then(Value::as_str).ok_or_else(|| bad("missing \"puzzle\" (a string)"))?;
    match read_puzzles(text, InputFormat::Auto).next() {
        Some(Ok(p)) => Ok(json!({"puzzle": p.grid.to_line(), "side": p.grid.side(), "givens": p.grid.givens()})),
        Some(Err(e)) => Err(bad(format!("bad puzzle: {e}"))),
        None => Err(bad("bad puzzle: no puzzle found in the text")),
    }
}

fn merge(a: &mut Value, b: Value) {
    if let (Value::Object(a), Value::Object(b)) = (a, b) {
        a.extend(b);
    }
}

/// A whole number field, with a default and a cap.
fn number(request: &Value, key: &str, default: u64, cap: u64) -> Result<u64, Reject> {
    match request.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => match v.as_u64() {
            Some(n) if n >= 1 => Ok(n.min(cap)),
            _ => Err(bad(format!("\"{key}\" must be a whole number of at least 1"))),
        },
    }
}

/// The node and time budgets of a request, within the server's caps.
fn limits(request: &Value) -> Result<Limits, Reject> {
    let nodes = number(request, "node_limit", NODES.0, NODES.1)?;
    let millis = number(request, "time_limit_ms", MILLIS.0, MILLIS.1)?;
    Ok(Limits::new().nodes(nodes).time(Duration::from_millis(millis)))
}

fn cover(request: &Value) -> Result<Value, Reject> {
    let text =
        request.get("dlx").and_then(Value::as_str).ok_or_else(|| bad("missing \"dlx\" (Knuth's text format)"))?;
    let input = read_dlx(text).map_err(|e| bad(format!("bad problem: {e}")))?;
    let print = number(request, "print", 10, 1000)?;
    let problem = input.problem;
    let mut solver = problem.solver().with_limits(limits(request)?);
    let mut printed = Vec::new();
    while let Some(s) = solver.next_solution() {
        if (printed.len() as u64) < print {
            printed.push(s.iter().map(|&o| problem.format_option(o)).collect::<Vec<_>>());
        }
    }
    let stats = solver.stats();
    let mut reply = Value::Object(stats_json(&stats, solver.status()));
    merge(
        &mut reply,
        json!({
            "ms": stats.elapsed.as_secs_f64() * 1000.0,
            "printed": printed,
            "warnings": input.warnings.iter().map(|w| format!("line {}: {}", w.line, w.message)).collect::<Vec<_>>(),
        }),
    );
    Ok(reply)
}

fn generate(request: &Value) -> Result<Value, Reject> {
    let n = match request.get("size").and_then(Value::as_u64).unwrap_or(9) {
        4 => 2,
        9 => 3,
        16 => 4,
        other => return Err(bad(format!("\"size\" must be 4, 9 or 16, not {other}"))),
    };
    let symmetry: Symmetry =
        request.get("symmetry").and_then(Value::as_str).unwrap_or("rot180").parse().map_err(bad)?;
    let seed = match request.get("seed") {
        None | Some(Value::Null) => {
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
        }
        Some(v) => v.as_u64().ok_or_else(|| bad("\"seed\" must be a whole number"))?,
    };
    let difficulty = match request.get("difficulty").and_then(Value::as_str) {
        None | Some("any") => None,
        Some(d) => Some(d.parse::<Level>().map_err(bad)?),
    };
    let start = Instant::now();
    let millis = number(request, "time_limit_ms", MILLIS.0, MILLIS.1)?;
    let options = GeneratorOptions {
        symmetry,
        difficulty,
        grade: n == 3,
        attempts: 200,
        time_limit: Some(Duration::from_millis(millis)),
        ..GeneratorOptions::default()
    };
    let g = Generator::new(n, options).generate(seed);
    let mut reply = json!({
        "puzzle": g.puzzle.to_line(),
        "solution": g.solution.to_line(),
        "givens": g.puzzle.givens(),
        "seed": seed,
        "symmetry": g.symmetry.to_string(),
        "difficulty_met": g.clues_met,
        "ms": start.elapsed().as_secs_f64() * 1000.0,
    });
    if let Some(grade) = &g.grade {
        merge(&mut reply, json!({"rating": grade.rating().value(), "level": grade.level().name()}));
    }
    Ok(reply)
}
