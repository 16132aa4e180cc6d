//! The listener: the runtime, the accept loop and one task per connection.
//!
//! Every accepted connection takes a place among [`Connections`], at most
//! `max_connections` of them; when none is free, the oldest idle one is
//! closed to make room, so idle and half-sent connections can't keep the
//! page waiting (see [`super::connections`]). Only when every connection
//! is inside a request does a newcomer wait, and the connections after it
//! wait in the kernel's backlog. When the process runs out of file
//! descriptors, accepting closes the oldest idle connection too, rather
//! than waiting for one to time out.
//!
//! hyper closes a connection whose next request's headers don't arrive
//! within `header_timeout`, counted from when it began to wait (the
//! connection's start, or the end of its previous reply): trickling bytes
//! doesn't extend it. A connection is asked to close after [`LIFETIME`],
//! and dropped if it has not closed [`LINGER`] later (a client that
//! stopped reading its reply).
//!
//! The accept loop stops within [`STOP_POLL`] of the interrupt flag going
//! up (Ctrl-C or SIGTERM); requests in progress are abandoned.

use super::config::Config;
use super::connections::{Connections, Full, Ticket};
use super::http::{Shared, handle};
use super::pool::Pool;
use crate::exit::Failure;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io::ErrorKind;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::Poll;
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpSocket, TcpStream};

/// How long one connection may serve requests before it is asked to close.
const LIFETIME: Duration = Duration::from_secs(120);
/// How long a connection asked to close may take to finish its request.
const LINGER: Duration = Duration::from_secs(15);
/// Threads of the runtime (network I/O, static files, JSON decoding).
const IO_THREADS: usize = 2;
/// How often the interrupt flag is looked at.
const STOP_POLL: Duration = Duration::from_millis(20);
/// Connections the kernel may hold for the accept loop (it caps this at
/// `net.core.somaxconn`). `TcpListener::bind`'s 128 overflows under a
/// crowd of reconnecting clients, and a connection that overflows it waits
/// a second for its SYN to be sent again.
const BACKLOG: u32 = 4096;
/// The longest wait for room before looking again.
const RETRY: Duration = Duration::from_millis(100);

/// Binds, prints the address, and serves until `stop` goes up.
pub fn serve(config: Config, open: bool, stop: &AtomicBool) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(IO_THREADS)
        // The workers' searches, plus `parse` and spares.
        .max_blocking_threads(config.workers + 16)
        .enable_io()
        .enable_time()
        .thread_name("xc-serve")
        .build()
        .map_err(|e| Failure::input(format!("can't start the server: {e}")))?;
    let served = runtime.block_on(async move {
        let listener =
            bind(config.addr).map_err(|e| Failure::input(format!("can't listen on {}: {e}", config.addr)))?;
        let addr = listener.local_addr().map_err(|e| Failure::input(format!("can't listen: {e}")))?;
        let url = format!("http://{addr}/");
        eprintln!("serving {url} (Ctrl-C to stop)");
        if open {
            let _ = std::process::Command::new("xdg-open").arg(&url).spawn();
        }
        let connections = Connections::new(config.max_connections);
        let shared = Arc::new(Shared { pool: Pool::new(config.workers, config.queue_wait), bound: addr, config });
        let accepting = tokio::spawn(accept(listener, shared, connections));
        while !stop.load(Ordering::Relaxed) {
            tokio::time::sleep(STOP_POLL).await;
        }
        accepting.abort();
        Ok(())
    });
    // Searches still running on blocking threads are abandoned, not awaited.
    runtime.shutdown_background();
    served
}

/// Listens on `addr` with a backlog of [`BACKLOG`].
fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
    // As `TcpListener::bind` does: a restarted server can bind at once.
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}

/// Accepts connections for ever, making room for each (see the module
/// doc).
async fn accept(listener: TcpListener, shared: Arc<Shared>, connections: Arc<Connections>) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) if matches!(e.kind(), ErrorKind::ConnectionAborted | ErrorKind::Interrupted) => continue,
            // Out of file descriptors (or memory): free one.
            Err(_) => {
                match connections.close_oldest(Instant::now()) {
                    Ok(()) => connections.changed(Instant::now() + RETRY).await,
                    Err(full) => wait(&connections, full).await,
                }
                continue;
            }
        };
        let ticket = loop {
            match connections.admit(Instant::now()) {
                Ok(ticket) => break ticket,
                Err(full) => wait(&connections, full).await,
            }
        };
        tokio::spawn(connection(stream, shared.clone(), Arc::new(ticket)));
    }
}

/// Waits until room may be made (see [`Full`]).
async fn wait(connections: &Connections, full: Full) {
    let retry = Instant::now() + RETRY;
    let deadline = match full {
        Full::Until(then) => then.min(retry),
        Full::Busy => retry,
    };
    connections.changed(deadline).await;
}

/// How a connection's task ended its wait.
enum Ended {
    /// The connection closed.
    Closed,
    /// It was asked to make room.
    Room,
    /// It outlived [`LIFETIME`].
    Expired,
}

/// Serves one connection until it closes, times out, is asked to make room
/// or outlives [`LIFETIME`].
async fn connection(stream: TcpStream, shared: Arc<Shared>, ticket: Arc<Ticket>) {
    let _ = stream.set_nodelay(true);
    ticket.idle();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(shared.config.header_timeout)
        .max_buf_size(64 * 1024)
        .max_headers(64);
    let service = {
        let ticket = ticket.clone();
        service_fn(move |request| {
            // Set as hyper reads the request's head, in this task: a
            // request that has begun is never dropped to make room.
            let busy = ticket.busy();
            let reply = handle(request, shared.clone());
            async move {
                let reply = reply.await;
                drop(busy);
                reply
            }
        })
    };
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    let mut lifetime = std::pin::pin!(tokio::time::sleep(LIFETIME));
    let mut room = std::pin::pin!(ticket.closed_for_room());
    let ended = std::future::poll_fn(|cx| {
        if connection.as_mut().poll(cx).is_ready() {
            Poll::Ready(Ended::Closed)
        } else if room.as_mut().poll(cx).is_ready() {
            Poll::Ready(Ended::Room)
        } else if lifetime.as_mut().poll(cx).is_ready() {
            Poll::Ready(Ended::Expired)
        } else {
            Poll::Pending
        }
    })
    .await;
    match ended {
        Ended::Closed => {}
        // Nothing was asked on it: close it now.
        Ended::Room if !ticket.served() => {}
        // hyper closes an idle keep-alive connection at once, and one
        // inside a request once its reply is written.
        Ended::Room | Ended::Expired => {
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(LINGER, connection).await;
        }
    }
}
