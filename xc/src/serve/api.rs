//! The API's endpoints, in one table ([`ENDPOINTS`]): each row names an
//! endpoint, the one place its name is written, and pairs its request type
//! with its handler. Adding an endpoint is a handler and a row.
//!
//! The router looks the name up ([`endpoint`]); the body is decoded on the
//! runtime, before it waits for a worker, into a [`Call`]: the handler with
//! its request, the call's budgets, and whether it searches, and so needs
//! a worker (`parse` only reads).

use super::handler::{Answer, Reading, Reject, Searching};
use super::worker::Worker;
use super::{cover, sudoku};
use crate::wire::{Budget, Request, decode};
use serde::de::DeserializeOwned;
use std::time::Instant;

/// An endpoint: `/api/{name}`, and how a body sent to it becomes a call.
pub struct Endpoint {
    /// The name under `/api/`.
    name: &'static str,
    /// Decodes a body into the call that runs the handler.
    decode: fn(&[u8]) -> Result<Call, Reject>,
}

/// Every endpoint of the API (`docs/API.md` describes each).
static ENDPOINTS: [Endpoint; 8] = [
    Endpoint { name: "solve", decode: |body| Call::searching(body, sudoku::solve) },
    Endpoint { name: "count", decode: |body| Call::searching(body, sudoku::count) },
    Endpoint { name: "hint", decode: |body| Call::searching(body, sudoku::hint) },
    Endpoint { name: "explain", decode: |body| Call::searching(body, sudoku::explain) },
    Endpoint { name: "rate", decode: |body| Call::searching(body, sudoku::rate) },
    Endpoint { name: "generate", decode: |body| Call::searching(body, sudoku::generate) },
    Endpoint { name: "parse", decode: |body| Call::reading(body, sudoku::parse) },
    Endpoint { name: "cover", decode: |body| Call::searching(body, cover::run) },
];

/// The endpoint `/api/{name}`, if there is one.
pub fn endpoint(name: &str) -> Option<&'static Endpoint> {
    ENDPOINTS.iter().find(|e| e.name == name)
}

impl Endpoint {
    /// Decodes a body sent to this endpoint: the call, or a 400 that names
    /// the field at fault.
    pub fn call(&self, body: &[u8]) -> Result<Call, Reject> {
        (self.decode)(body)
    }
}

/// A handler bound to its request, to run on a worker until a deadline.
type Bound = Box<dyn FnOnce(&mut Worker, Instant) -> Answer + Send>;

/// A decoded request: its handler, ready to run with its request.
pub struct Call {
    budget: Budget,
    needs_worker: bool,
    run: Bound,
}

impl Call {
    /// A call that searches, on a worker.
    fn searching<R>(body: &[u8], handler: Searching<R>) -> Result<Call, Reject>
    where
        R: Request + DeserializeOwned + Send + 'static,
    {
        let request: R = decode(body)?;
        Ok(Call {
            budget: request.budget(),
            needs_worker: true,
            run: Box::new(move |worker, deadline| handler(worker, &request, deadline)),
        })
    }

    /// A call that only reads its request.
    fn reading<R>(body: &[u8], handler: Reading<R>) -> Result<Call, Reject>
    where
        R: Request + DeserializeOwned + Send + 'static,
    {
        let request: R = decode(body)?;
        Ok(Call { budget: request.budget(), needs_worker: false, run: Box::new(move |_, _| handler(&request)) })
    }

    /// The call's budgets.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// Whether the call searches (and so needs a worker).
    pub fn needs_worker(&self) -> bool {
        self.needs_worker
    }

    /// Runs the call: the reply's JSON.
    pub fn run(self, worker: &mut Worker, deadline: Instant) -> Answer {
        (self.run)(worker, deadline)
    }
}
