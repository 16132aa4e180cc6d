//! `POST /api/cover`: an exact-cover problem in Knuth's DLX format.
//!
//! The reply is bounded whatever the problem: at most `print` (≤ 1000)
//! solutions are written, and at most [`MAX_PRINTED`] bytes of them as JSON.
//! Each solution is written option by option as it is found, and writing
//! stops for good at the first option that would pass the cap, or once the
//! deadline has passed; the reply then says `"truncated": true`. The search
//! goes on counting under its budgets, which the reading and the writing
//! spend from too. Nothing is kept of the problem after the reply.

use super::handler::{Answer, bad, limits, ms};
use super::worker::Worker;
use crate::wire::{CoverReply, CoverRequest, Request, SearchStats, encode, json_len};
use exactcover::cover::read_dlx;
use std::time::Instant;

/// The most bytes of JSON the printed solutions may take.
pub const MAX_PRINTED: usize = 1 << 20;

/// Reads, solves and writes the problem of `r` (the worker keeps no
/// solver for it: nothing of the problem outlives the call).
pub fn run(_: &mut Worker, r: &CoverRequest, deadline: Instant) -> Answer {
    let start = Instant::now();
    let input = read_dlx(&r.dlx).map_err(|e| bad(format!("bad problem: {e}")))?;
    let problem = input.problem;
    let mut solver = problem.solver().with_limits(limits(r.budget(), deadline));
    let wanted = r.print();
    let mut printed: Vec<Vec<String>> = Vec::new();
    let mut bytes = 0;
    let mut truncated = false;
    while let Some(solution) = solver.next_solution() {
        if printed.len() == wanted || truncated {
            continue;
        }
        if Instant::now() >= deadline {
            truncated = true;
            continue;
        }
        // `[…],` around the solution.
        let mut size = bytes + 3;
        let mut options = Vec::with_capacity(solution.len());
        for &o in solution {
            let text = problem.format_option(o);
            size += json_len(&text);
            if size > MAX_PRINTED {
                truncated = true;
                break;
            }
            options.push(text);
        }
        if !truncated {
            bytes = size;
            printed.push(options);
        }
    }
    let stats = solver.stats();
    let reply = CoverReply {
        stats: SearchStats::new(&stats, solver.status()),
        ms: ms(start),
        printed,
        truncated,
        warnings: input.warnings.iter().map(|w| format!("line {}: {}", w.line, w.message)).collect(),
    };
    Ok(encode(&reply))
}
