//! `xc serve`: a local web page and a JSON API over HTTP/1.1.
//!
//! The server is hyper on a two-thread tokio runtime. What it guarantees
//! (each is tested against a real server, see `docs/RELIABILITY.md`):
//!
//! * **Slow and idle clients cost a task and a socket, never a worker,
//!   and never keep the page out.** Headers must arrive within
//!   `--header-timeout` (also the keep-alive idle timeout), counted from
//!   when the connection began to wait, and a body within `--body-timeout`;
//!   bodies are capped at [`config::MAX_BODY`]. At most `--max-connections`
//!   connections are open at once: a new one closes the one idle longest
//!   (idle or half-sent, not inside a request) to make room, and waits in
//!   the kernel's backlog only while every connection is inside a request.
//!   Out of file descriptors, the server closes idle connections the same
//!   way ([`listen`], [`connections`]).
//! * **Solvers never run on the runtime.** They run on blocking threads,
//!   at most `--workers` at once ([`pool`]); a request that waits longer
//!   than `--queue-wait` for one gets 503 with `Retry-After`. Requests
//!   asking for more than the default time budget may hold only half of
//!   the workers, so default requests always find some. Static files and
//!   errors are answered on the runtime, so they stay fast while every
//!   worker searches.
//! * **Every request has a budget** of nodes and of time, counted from when
//!   its body was read: waiting for a worker, searching and writing the
//!   reply all count ([`handler`]).
//! * **Nothing passes from one request to the next**: each worker's cached
//!   solvers are reset by every use, and a worker that panicked is dropped.
//! * **Loopback only, unless asked**: a non-loopback `--host` needs
//!   `--allow-remote`; on loopback, requests must name the server as
//!   `localhost`, `127.0.0.1`, `[::1]` or its own address ([`host`]), which
//!   defeats DNS rebinding.
//!
//! SIGINT and SIGTERM stop the server within a few tens of milliseconds
//! and the process exits with 130, whatever disposition it inherited (a
//! shell starts a background job with SIGINT ignored): the handler of
//! [`crate::interrupt`] is installed over it, and [`listen`] watches its
//! flag. Requests in progress are abandoned: none holds state worth saving.

mod api;
mod assets;
mod config;
mod connections;
mod cover;
mod handler;
mod host;
mod http;
mod listen;
mod pool;
mod sudoku;
mod worker;

use crate::cli::parse_duration;
use crate::exit::{self, Failure};
use crate::interrupt;
use clap::Args;
use config::Config;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

/// Arguments of `xc serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port (0 picks a free one, printed on stderr).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Anything but loopback also needs
    /// --allow-remote: the API has no authentication.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Allow a --host that is not loopback (anyone who can reach it can
    /// use the API).
    #[arg(long)]
    allow_remote: bool,
    /// Open the page in a browser.
    #[arg(long)]
    open: bool,
    /// Searches run at once (each on its own thread).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..=256))]
    workers: u16,
    /// Connections open at once; a new one closes the one idle longest,
    /// and waits to be accepted only while all are inside a request.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u16).range(1..))]
    max_connections: u16,
    /// Time allowed for a request's headers, and for an idle keep-alive
    /// connection.
    #[arg(long, default_value = "5s", value_parser = parse_duration)]
    header_timeout: Duration,
    /// Time allowed for a request's body, from its headers.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    body_timeout: Duration,
    /// Time a request may wait for a free worker before a 503.
    #[arg(long, default_value = "1s", value_parser = parse_duration)]
    queue_wait: Duration,
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<u8, Failure> {
    // Installed first, over any inherited disposition.
    let stop = interrupt::flag();
    let loopback = args.host.is_loopback();
    if !loopback && !args.allow_remote {
        return Err(Failure::input(format!(
            "refusing to listen on {}: the API has no authentication, so anyone who can reach it could use it; \
             add --allow-remote to do so anyway",
            args.host
        )));
    }
    if !loopback {
        eprintln!("warning: listening on {}: anyone who can reach it can use the API", args.host);
    }
    let config = Config {
        addr: SocketAddr::new(args.host, args.port),
        check_host: loopback,
        workers: usize::from(args.workers),
        max_connections: usize::from(args.max_connections),
        header_timeout: args.header_timeout,
        body_timeout: args.body_timeout,
        queue_wait: args.queue_wait,
    };
    listen::serve(config, args.open, &stop)?;
    Ok(exit::INTERRUPTED)
}
