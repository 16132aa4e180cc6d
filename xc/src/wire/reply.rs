//! The replies of the Sudoku endpoints, and the error body.

use exactcover::cover::{Status, StopReason};
use exactcover::sudoku::logic::Grade;
use exactcover::sudoku::{Conflict, Verdict};
use serde::Serialize;
use std::collections::BTreeMap;

/// Every error: `{"error": message}` with a 4xx or 5xx status.
#[derive(Debug, Serialize)]
pub struct ErrorReply {
    /// What went wrong.
    pub error: String,
}

/// `POST /api/solve`.
#[derive(Debug, Serialize)]
pub struct SolveReply {
    /// The puzzle as one line.
    pub puzzle: String,
    /// `status` and what goes with it.
    #[serde(flatten)]
    pub outcome: SolveOutcome,
    /// Search-tree nodes of this request's search (0 when the givens
    /// clash and no search ran).
    pub nodes: u64,
    /// Link updates of this request's search.
    pub updates: u64,
    /// Milliseconds spent solving.
    pub ms: f64,
}

/// What a solve found, tagged by `status`.
#[derive(Debug, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum SolveOutcome {
    /// Exactly one solution.
    Unique {
        /// 1.
        count: u64,
        /// The solution as one line.
        solution: String,
    },
    /// Two or more: `count` is 2, with one of them.
    Several {
        /// 2.
        count: u64,
        /// One solution.
        solution: String,
    },
    /// No solution; `conflict` names two clashing givens when there are.
    #[serde(rename = "none")]
    NoSolution {
        /// 0.
        count: u64,
        /// Two clashing givens, if that is why.
        conflict: Option<String>,
    },
    /// A budget ran out.
    Stopped {
        /// Which.
        reason: String,
        /// A solution, if one was found before.
        solution: Option<String>,
    },
}

impl From<Verdict> for SolveOutcome {
    fn from(verdict: Verdict) -> SolveOutcome {
        match verdict {
            Verdict::Unique(s) => SolveOutcome::Unique { count: 1, solution: s.to_line() },
            Verdict::Several(s) => SolveOutcome::Several { count: 2, solution: s.to_line() },
            Verdict::None(c) => SolveOutcome::NoSolution { count: 0, conflict: c.map(|c| c.to_string()) },
            Verdict::Unknown(r, s) => SolveOutcome::Stopped { reason: r.to_string(), solution: s.map(|s| s.to_line()) },
        }
    }
}

/// The `status` of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CountStatus {
    /// No solution.
    None,
    /// Exactly one.
    Unique,
    /// Several, all counted.
    Several,
    /// The count reached `limit`.
    Limit,
    /// A budget ran out.
    Stopped,
}

impl CountStatus {
    /// The status of a count that found `count` solutions and ended so.
    pub fn of(status: Status, count: u64) -> CountStatus {
        match (status, count) {
            (Status::Complete, 0) => CountStatus::None,
            (Status::Complete, 1) => CountStatus::Unique,
            (Status::Complete, _) => CountStatus::Several,
            (Status::Stopped(StopReason::Solutions), _) => CountStatus::Limit,
            _ => CountStatus::Stopped,
        }
    }
}

/// `POST /api/count`.
#[derive(Debug, Serialize)]
pub struct CountReply {
    /// Solutions found.
    pub count: u64,
    /// Whether the count is exact (no limit or budget stopped it).
    pub complete: bool,
    /// In one word.
    pub status: CountStatus,
    /// The limit the count ran under.
    pub limit: u64,
    /// Search-tree nodes of this request's search.
    pub nodes: u64,
    /// Milliseconds spent counting.
    pub ms: f64,
    /// Two clashing givens, when that is why there is no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conflict: Option<String>,
}

impl CountReply {
    /// The reply for givens that clash: no search ran.
    pub fn clash(conflict: &Conflict, limit: u64, ms: f64) -> CountReply {
        CountReply {
            count: 0,
            complete: true,
            status: CountStatus::None,
            limit,
            nodes: 0,
            ms,
            conflict: Some(conflict.to_string()),
        }
    }
}

/// `POST /api/parse`.
#[derive(Debug, Serialize)]
pub struct ParseReply {
    /// The puzzle as one line.
    pub puzzle: String,
    /// Its side.
    pub side: usize,
    /// How many givens.
    pub givens: usize,
}

/// A rating as a number with one decimal (4.2).
pub fn rating(tenths: u8) -> f64 {
    f64::from(tenths) / 10.0
}

/// `POST /api/rate`.
#[derive(Debug, Serialize)]
pub struct RateReply {
    /// The hardest step's rating.
    pub rating: f64,
    /// `easy`, `medium`, `hard`, `expert` or `needs guessing`.
    pub level: &'static str,
    /// Guesses needed.
    pub guesses: usize,
    /// Steps in all.
    pub steps: usize,
    /// How often each technique was used (those used only).
    pub techniques: BTreeMap<&'static str, usize>,
}

impl From<&Grade> for RateReply {
    fn from(g: &Grade) -> RateReply {
        RateReply {
            rating: rating(g.rating().tenths()),
            level: g.level().name(),
            guesses: g.guesses(),
            steps: g.steps(),
            techniques: g.counts().filter(|&(_, n)| n > 0).map(|(t, n)| (t.name(), n)).collect(),
        }
    }
}

/// `POST /api/generate`.
#[derive(Debug, Serialize)]
pub struct GenerateReply {
    /// The puzzle as one line.
    pub puzzle: String,
    /// Its solution.
    pub solution: String,
    /// How many givens.
    pub givens: usize,
    /// The seed it came from.
    pub seed: u64,
    /// The symmetry of its givens (the one picked, for `random`).
    pub symmetry: String,
    /// Whether the difficulty asked for was met.
    pub difficulty_met: bool,
    /// Milliseconds spent.
    pub ms: f64,
    /// The rating, when the puzzle was graded (9×9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// The level, when the puzzle was graded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<&'static str>,
}
