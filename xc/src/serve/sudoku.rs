//! The Sudoku endpoints (`solve`, `count`, `hint`, `explain`, `rate`,
//! `generate`, `parse`): each reads its puzzle (and the player's grid),
//! takes the worker's cached solver for the puzzle's layout, and answers
//! under the call's limits.

use super::handler::{Answer, Reject, bad, limits, ms};
use super::worker::{Shape, Worker};
use crate::wire::{
    Board, CountReply, CountRequest, CountStatus, GenerateReply, GenerateRequest, HintReply, ParseReply, ParseRequest,
    PathReply, PlayerRequest, PuzzleRequest, RateReply, Request, SolveReply, Variant, encode,
};
use exactcover::sudoku::logic::Hint;
use exactcover::sudoku::{Generator, GeneratorOptions, Grid, InputFormat, Layout, read_puzzles};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

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

/// The solution, proved unique (or why there is none, or several).
pub fn solve(worker: &mut Worker, r: &PuzzleRequest, deadline: Instant) -> Answer {
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

/// The number of solutions, up to the request's limit.
pub fn count(worker: &mut Worker, r: &CountRequest, deadline: Instant) -> Answer {
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

/// The next logical step from the player's grid.
pub fn hint(worker: &mut Worker, r: &PlayerRequest, deadline: Instant) -> Answer {
    let (logic, puzzle, current) = player(worker, r, deadline)?;
    let hint = logic.hint(&puzzle, &current).map_err(|e| bad(e.to_string()))?;
    Ok(encode(&HintReply::new(&hint, &current)))
}

/// The whole logical path from the player's grid.
pub fn explain(worker: &mut Worker, r: &PlayerRequest, deadline: Instant) -> Answer {
    let (logic, puzzle, current) = player(worker, r, deadline)?;
    if let Hint::Mistake { cell, text, .. } = logic.hint(&puzzle, &current).map_err(|e| bad(e.to_string()))? {
        return Err(bad(format!("{text} (cell {cell})")));
    }
    let path = logic.path(&current).map_err(|e| bad(e.to_string()))?;
    Ok(encode(&PathReply::new(&path, &current)))
}

/// The techniques the puzzle needs, its rating and level.
pub fn rate(worker: &mut Worker, r: &PuzzleRequest, deadline: Instant) -> Answer {
    let (puzzle, shape) = board(r.board())?;
    let logic = worker.logic(shape);
    logic.set_limits(limits(r.budget(), deadline));
    let grade = logic.grade(&puzzle).map_err(|e| bad(e.to_string()))?;
    Ok(encode(&RateReply::from(&grade)))
}

/// A new puzzle, made by the generator (which keeps no solver in the
/// worker) within the deadline.
pub fn generate(_: &mut Worker, r: &GenerateRequest, deadline: Instant) -> Answer {
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
    Ok(encode(&GenerateReply {
        puzzle: g.puzzle.to_line(),
        solution: g.solution.to_line(),
        givens: g.puzzle.givens(),
        seed,
        symmetry: g.symmetry.to_string(),
        difficulty_met: g.clues_met,
        ms: ms(start),
        rating: g.grade.as_ref().map(|g| f64::from(g.rating().tenths()) / 10.0),
        level: g.grade.as_ref().map(|g| g.level().name()),
    }))
}

/// The puzzle as one line, its side and its givens.
pub fn parse(r: &ParseRequest) -> Answer {
    let grid = read_grid(&r.puzzle, "puzzle")?;
    Ok(encode(&ParseReply { puzzle: grid.to_line(), side: grid.side(), givens: grid.givens() }))
}
