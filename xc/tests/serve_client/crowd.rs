//! Crowds of connections that hold a server's sockets (issue 37, item 9).
//! Each member opens a connection, sends its greeting (nothing, for an
//! idle crowd, or half a request's headers) and waits; when the server
//! closes it, the member opens another after its pause, if the crowd
//! reopens. One thread drives a whole crowd over non-blocking sockets, so
//! a crowd of thousands costs one thread.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Half of a request's headers.
pub const HALF_HEADERS: &[u8] = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: half";

/// A crowd of connections, stopped (and its connections closed) when
/// dropped.
pub struct Crowd {
    stop: Arc<AtomicBool>,
    opened: Arc<AtomicU64>,
    size: u64,
    thread: Option<JoinHandle<()>>,
}

struct Member {
    stream: Option<TcpStream>,
    /// When to open the next connection; `None`: never.
    next: Option<Instant>,
}

impl Crowd {
    /// `size` connections that send nothing, opened once and held; those
    /// the server closes are reopened after `reopen` if given.
    pub fn idle(port: u16, size: usize, reopen: Option<Duration>) -> Crowd {
        Crowd::start(port, size, b"", reopen)
    }

    /// `size` connections that send half a request's headers and reopen as
    /// soon as the server closes them.
    pub fn half_headers(port: u16, size: usize) -> Crowd {
        Crowd::start(port, size, HALF_HEADERS, Some(Duration::ZERO))
    }

    fn start(port: u16, size: usize, greeting: &'static [u8], reopen: Option<Duration>) -> Crowd {
        let stop = Arc::new(AtomicBool::new(false));
        let opened = Arc::new(AtomicU64::new(0));
        let thread = {
            let (stop, opened) = (stop.clone(), opened.clone());
            let addr = SocketAddr::from(([127, 0, 0, 1], port));
            std::thread::spawn(move || {
                let mut members: Vec<Member> =
                    (0..size).map(|_| Member { stream: None, next: Some(Instant::now()) }).collect();
                while !stop.load(Ordering::Relaxed) {
                    for member in &mut members {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        member.step(addr, greeting, reopen, &opened);
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
            })
        };
        Crowd { stop, opened, size: size as u64, thread: Some(thread) }
    }

    /// Connections opened so far, reopened ones included.
    pub fn opened(&self) -> u64 {
        self.opened.load(Ordering::Relaxed)
    }

    /// Waits until every member has opened a connection (at most `limit`).
    pub fn wait_opened(&self, limit: Duration) {
        let start = Instant::now();
        while self.opened() < self.size {
            assert!(start.elapsed() < limit, "only {} of {} connections opened in {limit:?}", self.opened(), self.size);
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Member {
    /// Opens a connection when it is time, or sees whether the server
    /// closed it.
    fn step(&mut self, addr: SocketAddr, greeting: &[u8], reopen: Option<Duration>, opened: &AtomicU64) {
        match &mut self.stream {
            None => {
                if self.next.is_some_and(|at| Instant::now() >= at) {
                    if let Ok(mut stream) = TcpStream::connect_timeout(&addr, Duration::from_secs(1)) {
                        let _ = stream.write_all(greeting);
                        let _ = stream.set_nonblocking(true);
                        self.stream = Some(stream);
                        opened.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            Some(stream) => {
                let mut buf = [0; 512];
                match stream.read(&mut buf) {
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                    // Closed (or answered, which ends its turn too).
                    _ => {
                        self.stream = None;
                        self.next = reopen.map(|pause| Instant::now() + pause);
                    }
                }
            }
        }
    }
}

impl Drop for Crowd {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
