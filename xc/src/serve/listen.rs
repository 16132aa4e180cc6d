//! The listener: the runtime, the accept loop and one task per connection.
//!
//! A connection holds one of `max_connections` permits from before it is
//! accepted until it closes, so the open sockets are bounded; beyond that,
//! connections wait in the kernel's backlog. hyper closes a connection
//! whose next request's headers don't arrive within `header_timeout`
//! (whether it is new, half-sent or idle between keep-alive requests). A
//! connection is asked to close after [`LIFETIME`], and dropped if it has
//! not closed [`LINGER`] later (a client that stopped reading its reply).

use super::http::{Shared, handle};
use super::pool::Pool;
use super::{Config, Failure};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long one connection may serve requests before it is asked to close.
const LIFETIME: Duration = Duration::from_secs(120);
/// How long a connection asked to close may take to finish its request.
const LINGER: Duration = Duration::from_secs(15);
/// Threads of the runtime (network I/O, static files, JSON decoding).
const IO_THREADS: usize = 2;

/// Binds, prints the address, and serves until the process ends.
pub fn serve(config: Config, open: bool) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(IO_THREADS)
        // The workers' searches, plus `parse` and spares.
        .max_blocking_threads(config.workers + 16)
        .enable_io()
        .enable_time()
        .thread_name("xc-serve")
        .build()
        .map_err(|e| Failure::input(format!("can't start the server: {e}")))?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(config.addr)
            .await
            .map_err(|e| Failure::input(format!("can't listen on {}: {e}", config.addr)))?;
        let addr = listener.local_addr().map_err(|e| Failure::input(format!("can't listen: {e}")))?;
        let url = format!("http://{addr}/");
        eprintln!("serving {url} (Ctrl-C to stop)");
        if open {
            let _ = std::process::Command::new("xdg-open").arg(&url).spawn();
        }
        let connections = Arc::new(Semaphore::new(config.max_connections));
        let shared = Arc::new(Shared { pool: Pool::new(config.workers, config.queue_wait), bound: addr, config });
        loop {
            let Ok(permit) = connections.clone().acquire_owned().await else {
                return Ok(());
            };
            match listener.accept().await {
                Ok((stream, _)) => {
                    tokio::spawn(connection(stream, shared.clone(), permit));
                }
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little rather than spin.
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    })
}

/// Serves one connection until it closes, times out or outlives
/// [`LIFETIME`].
async fn connection(stream: TcpStream, shared: Arc<Shared>, _permit: OwnedSemaphorePermit) {
    let _ = stream.set_nodelay(true);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(shared.config.header_timeout)
        .max_buf_size(64 * 1024)
        .max_headers(64);
    let service = {
        let shared = shared.clone();
        service_fn(move |request| handle(request, shared.clone()))
    };
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    let mut connection = std::pin::pin!(connection);
    if tokio::time::timeout(LIFETIME, connection.as_mut()).await.is_err() {
        connection.as_mut().graceful_shutdown();
        let _ = tokio::time::timeout(LINGER, connection).await;
    }
}
