//! The open connections, and which one to close when a new one needs room.
//!
//! At most `limit` connections are *live* (open and not asked to close).
//! When a new connection arrives and none is free, the connection that has
//! been idle longest is asked to close: idle means not inside a request
//! (before its first request, between keep-alive requests, or partway
//! through a request's headers), so idle and half-sent connections can't
//! keep the page out. A connection inside a request is never chosen; if
//! every live connection is inside one, the newcomer waits for one to end.
//!
//! A connection becomes idle only once its task has run, and is chosen only
//! after [`MIN_IDLE`] idle: a client's first request arrives with its
//! connection, so a connection that has said nothing (or half a request)
//! for that long is not about to send a whole request.
//!
//! Invariants, kept under one lock: `live` is the number of entries not
//! asked to close; `idle` holds exactly the entries that are idle and not
//! asked to close, keyed by when they became idle.

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// How long a connection must have been idle before it may be closed for
/// room.
pub const MIN_IDLE: Duration = Duration::from_millis(50);

/// The open connections (see the module doc).
pub struct Connections {
    limit: usize,
    state: Mutex<State>,
    /// A connection closed or became idle (one waiter: the accept loop).
    changed: Notify,
}

struct Entry {
    /// When it became idle; `None` inside a request or before its task ran.
    idle_since: Option<Instant>,
    /// Asked to close (no longer live).
    closing: bool,
    /// Raised to ask it to close.
    close: Arc<Notify>,
}

#[derive(Default)]
struct State {
    next: u64,
    live: usize,
    entries: HashMap<u64, Entry>,
    idle: BTreeSet<(Instant, u64)>,
}

/// Why [`Connections::admit`] found no room.
#[derive(Debug, PartialEq, Eq)]
pub enum Full {
    /// The oldest idle connection may be closed at this instant.
    Until(Instant),
    /// Every live connection is inside a request.
    Busy,
}

impl Connections {
    /// At most `limit` live connections.
    pub fn new(limit: usize) -> Arc<Connections> {
        Arc::new(Connections { limit, state: Mutex::new(State::default()), changed: Notify::new() })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a new connection, first closing the oldest idle one if
    /// there is no room.
    pub fn admit(self: &Arc<Self>, now: Instant) -> Result<Ticket, Full> {
        let mut state = self.lock();
        if state.live >= self.limit {
            state.close_oldest(now)?;
        }
        let id = state.next;
        state.next += 1;
        state.live += 1;
        let close = Arc::new(Notify::new());
        state.entries.insert(id, Entry { idle_since: None, closing: false, close: close.clone() });
        Ok(Ticket { id, connections: self.clone(), close, served: AtomicBool::new(false) })
    }

    /// Asks the oldest idle connection to close, to free a file descriptor.
    pub fn close_oldest(&self, now: Instant) -> Result<(), Full> {
        self.lock().close_oldest(now)
    }

    /// Waits until a connection closes or becomes idle, or until `deadline`.
    pub async fn changed(&self, deadline: Instant) {
        let _ = tokio::time::timeout_at(deadline.into(), self.changed.notified()).await;
    }

    /// Live connections, and how many of them are idle.
    #[cfg(test)]
    fn counts(&self) -> (usize, usize) {
        let state = self.lock();
        (state.live, state.idle.len())
    }
}

impl State {
    fn close_oldest(&mut self, now: Instant) -> Result<(), Full> {
        let &(since, id) = self.idle.first().ok_or(Full::Busy)?;
        if now < since + MIN_IDLE {
            return Err(Full::Until(since + MIN_IDLE));
        }
        self.idle.remove(&(since, id));
        let entry = self.entries.get_mut(&id).expect("every idle connection has an entry");
        entry.idle_since = None;
        entry.closing = true;
        entry.close.notify_one();
        self.live -= 1;
        Ok(())
    }
}

/// One connection's place among [`Connections`]; dropping it removes it.
pub struct Ticket {
    id: u64,
    connections: Arc<Connections>,
    close: Arc<Notify>,
    served: AtomicBool,
}

impl Ticket {
    /// The connection waits for a request (from now).
    pub fn idle(&self) {
        let now = Instant::now();
        let mut state = self.connections.lock();
        let entry = state.entries.get_mut(&self.id).expect("a ticket's entry lives as long as it");
        if entry.closing || entry.idle_since.is_some() {
            return;
        }
        entry.idle_since = Some(now);
        state.idle.insert((now, self.id));
        drop(state);
        self.connections.changed.notify_one();
    }

    /// The connection is inside a request until the guard is dropped.
    pub fn busy(self: &Arc<Self>) -> Busy {
        self.served.store(true, Ordering::Relaxed);
        let mut state = self.connections.lock();
        let entry = state.entries.get_mut(&self.id).expect("a ticket's entry lives as long as it");
        if let Some(since) = entry.idle_since.take() {
            state.idle.remove(&(since, self.id));
        }
        Busy(self.clone())
    }

    /// Whether a request has begun on this connection.
    pub fn served(&self) -> bool {
        self.served.load(Ordering::Relaxed)
    }

    /// Completes when the connection is asked to close for room.
    pub async fn closed_for_room(&self) {
        self.close.notified().await;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.connections.lock();
        if let Some(entry) = state.entries.remove(&self.id) {
            if !entry.closing {
                state.live -= 1;
            }
            if let Some(since) = entry.idle_since {
                state.idle.remove(&(since, self.id));
            }
        }
        drop(state);
        self.connections.changed.notify_one();
    }
}

/// A request in progress; the connection is idle again when it is dropped.
pub struct Busy(Arc<Ticket>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.idle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_idle_connection_makes_room() {
        let connections = Connections::new(2);
        let start = Instant::now();
        let a = Arc::new(connections.admit(start).unwrap());
        let b = Arc::new(connections.admit(start).unwrap());
        // Neither has started: nothing can be closed.
        assert_eq!(connections.admit(start).err(), Some(Full::Busy));
        b.idle();
        std::thread::sleep(Duration::from_millis(2));
        a.idle();
        assert_eq!(connections.counts(), (2, 2));
        // Too recently idle to be closed.
        assert!(matches!(connections.admit(Instant::now()), Err(Full::Until(_))));
        let later = Instant::now() + MIN_IDLE;
        let c = connections.admit(later).unwrap();
        // `b` went idle first, so it is the one asked to close.
        assert_eq!(connections.counts(), (2, 1));
        assert!(b.close.notified().now_or_never_is_ready());
        assert!(!a.close.notified().now_or_never_is_ready());
        drop(b);
        assert_eq!(connections.counts(), (2, 1));
        drop(c);
        assert_eq!(connections.counts(), (1, 1));
    }

    #[test]
    fn a_connection_inside_a_request_is_never_closed_for_room() {
        let connections = Connections::new(1);
        let a = Arc::new(connections.admit(Instant::now()).unwrap());
        a.idle();
        let request = a.busy();
        assert!(a.served());
        let later = Instant::now() + MIN_IDLE;
        assert_eq!(connections.admit(later).err(), Some(Full::Busy));
        drop(request);
        assert_eq!(connections.counts(), (1, 1));
        assert!(matches!(connections.admit(later), Err(Full::Until(_))));
        assert!(connections.admit(later + MIN_IDLE).is_ok());
    }

    trait NowOrNever {
        fn now_or_never_is_ready(self) -> bool;
    }

    impl<F: std::future::Future> NowOrNever for F {
        /// Polls once with a waker that does nothing.
        fn now_or_never_is_ready(self) -> bool {
            let mut future = std::pin::pin!(self);
            let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
            future.as_mut().poll(&mut cx).is_ready()
        }
    }
}
