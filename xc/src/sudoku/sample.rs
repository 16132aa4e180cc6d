//! `xc sudoku sample GRID -n K`: uniform random completions of a partial
//! grid, drawn from the decision diagram of all of them
//! ([`Solver::zdd`](exactcover::cover::Solver::zdd)). A grid with too few
//! givens has too many completions for the diagram: the build stops at a
//! node limit and the command refuses, saying so.

use super::explain::read_grid;
use super::sources::Source;
use crate::exit::{self, Failure};
use crate::interrupt;
use crate::search::memory_budget;
use clap::Args;
use exactcover::cover::{Limits, OptionId, StopReason, ZddChoice, ZddError};
use exactcover::sudoku::{Grid, SudokuSolver};
use std::io::Write;
use std::time::{Duration, Instant};

/// Arguments of `xc sudoku sample`.
#[derive(Args, Debug)]
pub struct SampleArgs {
    /// The partial grid: a file, `-` for standard input, or the grid itself
    /// (e.g. an 81-character line with `.` or `0` for empty cells); a file
    /// that exists wins over a grid of the same name. With none, the grid
    /// is read from standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    grid: Option<std::path::PathBuf>,
    /// How many completions to draw (independently: repeats can come).
    #[arg(short = 'n', long = "number", value_name = "K", default_value_t = 1)]
    number: u64,
    /// The seed of the draws: the same seed draws the same grids.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// The most nodes the diagram of the completions may have: a grid
    /// whose diagram passes it has too few givens and is refused.
    #[arg(long, value_name = "N", default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    max_nodes: u64,
    /// Refuse a diagram that would take more memory than this (e.g. 2G,
    /// 512M). Default: half of this machine's memory.
    #[arg(long, value_name = "SIZE", value_parser = crate::cli::parse_size)]
    max_memory: Option<u64>,
    /// Stop after this long (e.g. 2s), building or drawing: the draws made
    /// by then are written.
    #[arg(long, value_name = "TIME", value_parser = crate::cli::parse_duration)]
    time_limit: Option<Duration>,
}

/// Runs `xc sudoku sample`.
pub fn run(args: &SampleArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let grid = read_grid(&Source::one(args.grid.as_deref()))?;
    let side = grid.side();
    let sudoku = SudokuSolver::for_grid(&grid);
    let mut limits =
        Limits::new().cancel_flag(interrupt::flag()).memory(memory_budget(args.max_memory)).nodes(args.max_nodes);
    let deadline = args.time_limit.map(|t| Instant::now() + t);
    if let Some(deadline) = deadline {
        limits = limits.deadline(deadline);
    }
    let mut solver = sudoku.problem().solver().with_limits(limits);
    let givens: Vec<OptionId> = grid
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, d)| **d != 0)
        .map(|(cell, &d)| OptionId::from_u32((cell * side + usize::from(d) - 1) as u32))
        .collect();
    if solver.pin_all(givens.iter().copied()).is_err() {
        eprintln!("the givens break the rules: no completion");
        return Ok(exit::NO_SOLUTION);
    }
    interrupt::doing("building the diagram of the completions");
    let too_few = format!("too few givens for the memo: with {} givens of {} cells", grid.givens(), side * side);
    let zdd = solver.zdd_with(ZddChoice::FewestOptions).map_err(|e| match e {
        ZddError::Stopped { reason: StopReason::Nodes, nodes, .. } => Failure::input(format!(
            "{too_few}, the diagram of the completions passed {nodes} nodes (the limit is {}, --max-nodes); give more givens",
            args.max_nodes
        )),
        ZddError::OverBudget { .. } => Failure::input(format!("{too_few}, {e}; give more givens")),
        ZddError::Stopped { reason, .. } => Failure::Stopped {
            code: exit::for_stop(reason),
            message: format!("Stopped ({reason}) while building the diagram of the completions."),
        },
        e => Failure::input(e),
    })?;
    let count = zdd.count();
    eprintln!(
        "{count} completion{}, a diagram of {} nodes; drawing {} (seed {})",
        if count.to_u128() == Some(1) { "" } else { "s" },
        zdd.node_count(),
        args.number,
        args.seed
    );
    if count.is_zero() {
        return Ok(exit::NO_SOLUTION);
    }
    // Drawn and written one at a time: memory stays flat for any number,
    // and Ctrl-C stops between two draws.
    let draws = zdd.samples(args.seed).take(usize::try_from(args.number).unwrap_or(usize::MAX));
    for (drawn, solution) in draws.enumerate() {
        if interrupt::raised() {
            eprintln!("interrupted after drawing {drawn} of {}", args.number);
            return Ok(exit::INTERRUPTED);
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            eprintln!("Stopped (time limit reached) after drawing {drawn} of {}", args.number);
            return Ok(exit::for_stop(StopReason::Time));
        }
        let mut cells = vec![0u8; side * side];
        for o in solution {
            let o = o.as_usize();
            cells[o / side] = (o % side + 1) as u8;
        }
        let filled = Grid::from_cells(cells).expect("a completion fills every cell");
        writeln!(out, "{}", filled.to_line())?;
    }
    Ok(exit::SOLVED)
}
