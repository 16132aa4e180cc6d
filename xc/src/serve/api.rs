//! The endpoints: a [`Call`] is a decoded request (see [`crate::wire`]),
//! run on a worker against a deadline. Every search runs under the call's
//! node budget and its deadline, which counts from when the request was
//! read, so time spent waiting for a worker is spent from the budget.

use super::cover;
use super::worker::{Shape, Worker};
use crate::wire::{
    self, Board, Budget, CountReply, CountRequest, CountStatus, CoverRequest, GenerateReply, GenerateRequest,
    HintReply, ParseReply, ParseRequest, PathReply, PlayerRequest, PuzzleRequest, RateReply, SolveReply, Variant,
    decode, encode,
};
use exactcover::cover::Limits;
use exactcover::sudoku::logic::Hint;
use exactcover::sudoku::{Generator, GeneratorOptions, Grid, InputFormat, Layout, read_puzzles};
use hyper::StatusCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// A refused call: the status and the message.
#[derive(Debug)]
pub struct Reject {
    /// 4xx.
    pub status: StatusCode,
    /// For `{"error": …}`.
    pub message: String,
}

/// A 400.
pub fn bad(message: impl Into<String>) -> Reject {
    Reject { status: StatusCode::BAD_REQUEST, message: message.into() }
}

impl From<wire::WireError> for Reject {
    fn from(e: wire::WireError) -> Reject {
        bad(e.message)
    }
}

/// A decoded request.
#[derive(Debug)]
pub enum Call {
    /// `/api/solve`.
    Solve(PuzzleRequest),
    /// `/api/count`.
    Count(CountRequest),
    /// `/api/hint`.
    Hint(PlayerRequest),
    /// `/api/explain`.
    Explain(PlayerRequest),
    /// `/api/rate`.
    Rate(PuzzleRequest),
    /// `/api/generate`.
    Generate(GenerateRequest),
    /// `/api/parse`.
    Parse(ParseRequest),
    /// `/api/cover`.
    Cover(CoverRequest),
}

const ENDPOINTS: [&str; 8] = ["solve", "count", "hint", "explain", "rate", "generate", "parse", "cover"];

impl Call {
    /// Whether `/api/{endpoint}` exists.
    pub fn exists(endpoint: &str) -> bool {
        ENDPOINTS.contains(&endpoint)
    }

    /// Decodes the body of a request to `/api/{endpoint}`.
    pub fn decode(endpoint: &str, body: &[u8]) -> Result<Call, Reject> {
        Ok(match endpoint {
            "solve" => Call::Solve(decode(body)?),
            "count" => Call::Count(decode(body)?),
            "hint" => Call::Hint(decode(body)?),
            "explain" => Call::Explain(decode(body)?),
            "rate" => Call::Rate(decode(body)?),
            "generate" => Call::Generate(decode(body)?),
            "parse" => Call::Parse(decode(body)?),
            "cover" => Call::Cover(decode(body)?),
            _ => {
                return Err(Reject {
                    status: StatusCode::NOT_FOUND,
                    message: format!("no such endpoint: /api/{endpoint}"),
                });
            }
        })
    }

    /// The call's budgets.
    pub fn budget(&self) -> Budget {
        match self {
            Call::Solve(r) | Call::Rate(r) => r.budget(),
            Call::Count(r) => r.budget(),
            Call::Hint(r) | Call::Explain(r) => r.budget(),
            Call::Generate(r) => r.budget(),
            Call::Cover(r) => r.budget(),
            Call::Parse(_) => Budget::default(),
        }
    }

    /// Whether the call searches (and so needs a worker); `parse` only
    /// reads.
    pub fn needs_worker(&self) -> bool {
        !matches!(self, Call::Parse(_))
    }

    /// Runs the call: the reply's JSON.
    pub fn run(self, worker: &mut Worker, deadline: Instant) -> Result<Vec<u8>, Reject> {
        match self {
            Call::Solve(r) => solve(worker, &r, deadline),
            Call::Count(r) => count(worker, &r, deadline),
            Call::Hint(r) => hint(worker, &r, deadline),
            Call::Explain(r) => explain(worker, &r, deadline),
            Call::Rate(r) => rate(worker, &r, deadline),
            Call::Generate(r) => Ok(generate(&r, deadline)),
            Call::Parse(r) => parse(&r),
            Call::Cover(r) => cover::run(&r, deadline),
        }
    }
}

/// Milliseconds since `start`.
pub fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1000.0
}

/// The search limits of a call: its node budget and its deadline.
pub fn limits(budget: Budget, deadline: Instant) -> Limits {
    Limits::new().nodes(budget.nodes).deadline(deadline)
}

/// The first grid in `text` (the field `field`).
fn read_grid(text: &str, field: &str) -> Result<Grid, Reject> {
    match read_puzzles(text, InputFormat::Auto).next() {
        Some(Ok(p)) => Ok(p.grid),
        Some(Err(e)) => Err(bad(format!("bad {field}: {e}"))),
        None => Err(bad(format!("bad {field}: no {field} found in the text"))),
    }
}

/// The puzzle and the shape of its layout.
fn board(board: Board<'_>) -> Result<(Grid, Shape), Reject> {
    let grid = read_grid(board.puzzle, "puzzle")?;
    let shape = match (board.variant, board.regions) {
        (Variant::Jigsaw, None) => return Err(bad("\"regions\": a jigsaw needs the letter map of its regions")),
        (Variant::Jigsaw, Some(map)) => {
            let layout = Layout::jigsaw(map).map_err(|e| bad(format!("\"regions\": {e}")))?;
            if layout.side() != grid.side() {
                let (g, l) = (grid.side(), layout.side());
                return Err(bad(format!("a {g}×{g} puzzle for a {l}×{l} region map")));
            }
            Shape::Jigsaw(layout)
        }
        (_, Some(_)) => return Err(bad("\"regions\": only a jigsaw has regions")),
        (v, None) => Shape::Named(v, grid.box_size()),
    };
    Ok((grid, shape))
}

fn solve(worker: &mut Worker, r: &PuzzleRequest, deadline: Instant) -> Result<Vec<u8>, Reject> {
    let start = Instant::now();
    let (grid, shape) = board(r.board())?;
    let solver = worker.exact(shape);
    solver.set_limits(limits(r.budget(), deadline));
    let verdict = solver.verdict(&grid).map_err(|e| bad(e.to_string()))?;
    let stats = solver.stats();
    let reply = SolveReply {
        puzzle: grid.to_line(),
        outcome: verdict.into(),
        nodes: stats.nodes,
        updates: stats.updates,
        ms: ms(start),
    };
    Ok(encode(&reply))
}

fn count(worker: &mut Worker, r: &CountRequest, deadline: Instant) -> Result<Vec<u8>, Reject> {
    let start = Instant::now();
    let limit = r.limit();
    let (grid, shape) = board(r.board())?;
    let solver = worker.exact(shape);
    solver.set_limits(limits(r.budget(), deadline));
    let mut first = grid.cells().to_vec();
    let e = solver.examine(grid.cells(), limit, &mut first);
    let reply = match &e.conflict {
        Some(conflict) => CountReply::clash(conflict, limit, ms(start)),
        None => CountReply {
            count: e.solutions,
            complete: e.status.is_complete(),
            status: CountStatus::of(e.status, e.solutions),
            limit,
            nodes: e.nodes,
            ms: ms(start),
            conflict: None,
        },
    };
    Ok(encode(&reply))
}

/// The puzzle, the player's grid (default the puzzle), and the logic
/// solver set up for the call.
fn player<'w>(
    worker: &'w mut Worker,
    r: &PlayerRequest,
    deadline: Instant,
) -> Result<(&'w mut exactcover::sudoku::logic::LogicSolver, Grid, Grid), Reject> {
    let (puzzle, shape) = board(r.board())?;
    let current = match &r.grid {
        None => puzzle.clone(),
        Some(text) => read_grid(text, "grid")?,
    };
    let logic = worker.logic(shape);
    logic.set_limits(limits(r.budget(), deadline));
    Ok((logic, puzzle, current))
}

fn hint(worker: &mut Worker, r: &PlayerRequest, deadline: Instant) -> Result<Vec<u8>, Reject> {
    let (logic, puzzle, current) = player(worker, r, deadline)?;
    let hint = logic.hint(&puzzle, &current).map_err(|e| bad(e.to_string()))?;
    Ok(encode(&HintReply::new(&hint, &current)))
}

fn explain(worker: &mut Worker, r: &PlayerRequest, deadline: Instant) -> Result<Vec<u8>, Reject> {
    let (logic, puzzle, current) = player(worker, r, deadline)?;
    if let Hint::Mistake { cell, text, .. } = logic.hint(&puzzle, &current).map_err(|e| bad(e.to_string()))? {
        return Err(bad(format!("{text} (cell {cell})")));
    }
    let path = logic.path(&current).map_err(|e| bad(e.to_string()))?;
    Ok(encode(&PathReply::new(&path, &current)))
}

fn rate(worker: &mut Worker, r: &PuzzleRequest, deadline: Instant) -> Result<Vec<u8>, Reject> {
    let (puzzle, shape) = board(r.board())?;
    let logic = worker.logic(shape);
    logic.set_limits(limits(r.budget(), deadline));
    let grade = logic.grade(&puzzle).map_err(|e| bad(e.to_string()))?;
    Ok(encode(&RateReply::from(&grade)))
}

fn generate(r: &GenerateRequest, deadline: Instant) -> Vec<u8> {
    let start = Instant::now();
    let size = r.size.unwrap_or_default();
    let seed =
        r.seed.map_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64), |s| s.0);
    let options = GeneratorOptions {
        symmetry: r.symmetry.unwrap_or_default().into(),
        difficulty: r.difficulty.unwrap_or_default().level(),
        grade: size.side() == 9,
        attempts: 200,
        time_limit: Some(deadline.saturating_duration_since(start)),
        ..GeneratorOptions::default()
    };
    let g = Generator::new(size.box_size(), options).expect("a checked size").generate(seed);
    encode(&GenerateReply {
        puzzle: g.puzzle.to_line(),
        solution: g.solution.to_line(),
        givens: g.puzzle.givens(),
        seed,
        symmetry: g.symmetry.to_string(),
        difficulty_met: g.clues_met,
        ms: ms(start),
        rating: g.grade.as_ref().map(|g| f64::from(g.rating().tenths()) / 10.0),
        level: g.grade.as_ref().map(|g| g.level().name()),
    })
}

fn parse(r: &ParseRequest) -> Result<Vec<u8>, Reject> {
    let grid = read_grid(&r.puzzle, "puzzle")?;
    Ok(encode(&ParseReply { puzzle: grid.to_line(), side: grid.side(), givens: grid.givens() }))
}
