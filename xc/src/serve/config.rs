//! What the server needs to know of its arguments, and the cap on a
//! request's body.

use std::net::SocketAddr;
use std::time::Duration;

/// The largest request body accepted.
pub const MAX_BODY: usize = 1 << 20;

/// What the server needs to know of its arguments.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Whether Host headers are checked (on loopback).
    pub check_host: bool,
    /// See `xc serve --help`.
    pub workers: usize,
    /// See `xc serve --help`.
    pub max_connections: usize,
    /// See `xc serve --help`.
    pub header_timeout: Duration,
    /// See `xc serve --help`.
    pub body_timeout: Duration,
    /// See `xc serve --help`.
    pub queue_wait: Duration,
}
