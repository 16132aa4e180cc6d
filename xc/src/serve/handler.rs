//! What every handler of the API works with: the refusal it returns
//! ([`Reject`]), the search limits of its call, and the time it took.
//!
//! A handler takes its decoded request and its deadline and returns the
//! reply's JSON; one that searches also takes the [`Worker`] it runs on.
//! Every search runs under the call's node budget and its deadline, which
//! counts from when the request was read, so time spent waiting for a
//! worker is spent from the budget.

use super::worker::Worker;
use crate::wire::{Budget, WireError};
use exactcover::cover::Limits;
use hyper::StatusCode;
use std::time::Instant;

/// What a handler answers: the reply's JSON, or why the call is refused.
pub type Answer = Result<Vec<u8>, Reject>;

/// A handler that searches: its worker, its request, its deadline.
pub type Searching<R> = fn(&mut Worker, &R, Instant) -> Answer;

/// A handler that only reads its request.
pub type Reading<R> = fn(&R) -> Answer;

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

impl From<WireError> for Reject {
    fn from(e: WireError) -> Reject {
        bad(e.message)
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
