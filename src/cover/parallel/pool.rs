//! The worker threads of a parallel search.
//!
//! A fixed set of scoped threads takes the jobs (the subproblems, by
//! index) from one shared counter, in order: a thread that finishes early
//! takes the next job, so uneven subtrees keep every thread busy to the
//! end. Each thread makes its state (its search, with its own copy of the
//! arena) once, on its first job, and keeps it for all the others.
//!
//! Everything here costs time linear in the number of threads: each is
//! spawned once, and a job costs one atomic addition on the counter (and,
//! in order, one message each way). No thread starts without a job to do,
//! and the calling thread works too (unordered), so a system that refuses
//! new threads only slows the run down: the threads that did start take
//! the whole list. No more than [`PER_CORE`] threads per core start: more
//! would only take turns on the cores, and at Ctrl-C each of them must get
//! a turn to see the flag (1,024 busy threads on two cores took seconds).

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Threads per core past which no more start (see the module docs).
pub(crate) const PER_CORE: usize = 8;

/// `threads`, at most one per job and [`PER_CORE`] per core.
fn wanted(threads: usize, jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    threads.clamp(1, jobs.max(1)).min(cores.saturating_mul(PER_CORE))
}

/// Runs `job` on every index below `jobs`, on at most `threads` threads
/// (the caller's among them), each with a state made by `init` on its
/// first job. Returns, in the jobs' order, the thread (from 0) that ran
/// each job and its result, and the number of threads that ran.
pub(super) fn run<S, R: Send>(
    threads: usize,
    jobs: usize,
    init: &(dyn Fn() -> S + Sync),
    job: &(dyn Fn(&mut S, usize) -> R + Sync),
) -> (Vec<(usize, R)>, usize) {
    let next = AtomicUsize::new(0);
    let work = |thread: usize| {
        let mut state = None;
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= jobs {
                return done;
            }
            let result = job(state.get_or_insert_with(init), i);
            done.push((i, thread, result));
        }
    };
    let work = &work;
    let wanted = wanted(threads, jobs);
    let (mut all, ran) = std::thread::scope(|scope| {
        let helpers: Vec<_> =
            (1..wanted).map_while(|t| std::thread::Builder::new().spawn_scoped(scope, move || work(t)).ok()).collect();
        let ran = helpers.len() + 1;
        let mut all = work(0);
        for helper in helpers {
            all.extend(helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        }
        (all, ran)
    });
    all.sort_unstable_by_key(|&(i, _, _)| i);
    (all.into_iter().map(|(_, thread, r)| (thread, r)).collect(), ran)
}

/// Runs `job` on every index below `jobs` on at most `threads` spawned
/// threads, and hands the results to `consume` on the calling thread in
/// the jobs' order, with the thread that ran each. At most `window` jobs
/// are ahead of the one `consume` waits for, so at most that many results
/// are held. Once `consume` answers `Break`, no further job starts (those
/// under way finish), and `run_ordered` returns once they have, with the
/// number of threads that ran the jobs (the calling thread alone, if none
/// could start).
pub(super) fn run_ordered<S, R: Send>(
    threads: usize,
    jobs: usize,
    window: usize,
    init: &(dyn Fn() -> S + Sync),
    job: &(dyn Fn(&mut S, usize) -> R + Sync),
    consume: &mut dyn FnMut(usize, R) -> ControlFlow<()>,
) -> usize {
    if jobs == 0 {
        return 1;
    }
    let window = window.max(1);
    // The jobs a thread may start: the calling thread sends each index
    // once there is room for it in the window.
    let (permit, permits) = mpsc::channel::<usize>();
    let permits = Mutex::new(permits);
    let (report, results) = mpsc::channel::<(usize, usize, std::thread::Result<R>)>();
    std::thread::scope(|scope| {
        let permits = &permits;
        let mut started = 0;
        for t in 0..wanted(threads, jobs) {
            let report = report.clone();
            let worker = move || {
                let mut state = None;
                loop {
                    let Ok(i) = permits.lock().map_err(drop).and_then(|p| p.recv().map_err(drop)) else {
                        return;
                    };
                    // A panic goes to the calling thread, which waits for
                    // this job's result and would otherwise wait for ever.
                    let state = &mut state;
                    let result = panic::catch_unwind(AssertUnwindSafe(|| job(state.get_or_insert_with(init), i)));
                    let failed = result.is_err();
                    if report.send((i, t, result)).is_err() || failed {
                        return;
                    }
                }
            };
            if std::thread::Builder::new().spawn_scoped(scope, worker).is_err() {
                break;
            }
            started += 1;
        }
        drop(report);
        if started == 0 {
            // No thread could start: do the jobs here, in order.
            let mut state = None;
            for i in 0..jobs {
                if consume(0, job(state.get_or_insert_with(init), i)).is_break() {
                    break;
                }
            }
            return 1;
        }
        for i in 0..window.min(jobs) {
            let _ = permit.send(i);
        }
        let mut held: BTreeMap<usize, (usize, std::thread::Result<R>)> = BTreeMap::new();
        'next: for i in 0..jobs {
            let (thread, result) = loop {
                if let Some((thread, result)) = held.remove(&i) {
                    break (thread, result.unwrap_or_else(|p| panic::resume_unwind(p)));
                }
                match results.recv() {
                    Ok((j, thread, result)) => {
                        held.insert(j, (thread, result));
                    }
                    Err(_) => break 'next,
                }
            };
            if consume(thread, result).is_break() {
                break;
            }
            if i + window < jobs {
                let _ = permit.send(i + window);
            }
        }
        // Ends the workers: those waiting for a permit at once, the others
        // after their job.
        drop(permit);
        started
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_runs_once_in_order_of_results() {
        for threads in [1, 2, 7, 64] {
            for jobs in [0, 1, 5, 100] {
                let inits = AtomicUsize::new(0);
                let init = || inits.fetch_add(1, Ordering::Relaxed);
                let (results, ran) = run(threads, jobs, &init, &|_, i| i * i);
                assert_eq!(
                    results.iter().map(|&(_, r)| r).collect::<Vec<_>>(),
                    (0..jobs).map(|i| i * i).collect::<Vec<_>>()
                );
                assert!(ran <= threads.max(1) && ran <= jobs.max(1), "{ran} threads for {jobs} jobs");
                assert!(inits.load(Ordering::Relaxed) <= ran);
                assert!(results.iter().all(|&(t, _)| t < ran));
            }
        }
    }

    #[test]
    fn ordered_results_come_in_order_and_stop_at_break() {
        for threads in [1, 3, 16] {
            for window in [1, 4, 50] {
                let mut seen = Vec::new();
                run_ordered(threads, 40, window, &|| (), &|_, i| i, &mut |_, r| {
                    seen.push(r);
                    ControlFlow::Continue(())
                });
                assert_eq!(seen, (0..40).collect::<Vec<_>>());
                let started = AtomicUsize::new(0);
                let mut seen = Vec::new();
                run_ordered(
                    threads,
                    1000,
                    window,
                    &|| (),
                    &|_, i| {
                        started.fetch_add(1, Ordering::Relaxed);
                        i
                    },
                    &mut |_, r| {
                        seen.push(r);
                        if r == 9 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
                    },
                );
                assert_eq!(seen, (0..10).collect::<Vec<_>>());
                assert!(started.load(Ordering::Relaxed) <= 10 + window, "{threads} threads, window {window}");
            }
        }
    }
}
