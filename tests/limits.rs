//! The single-threaded engine's limits, one by one: a deadline, the cancel
//! flag, the node and solution limits, and `for_each` stopping on `Break`.
//! Each stop leaves the solver reusable: a second run counts everything.

use exactcover::cover::{Limits, Status, StopReason};
use exactcover::puzzles::queens::Queens;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn queens(n: usize) -> exactcover::cover::Problem {
    Queens::new(n).unwrap().problem().clone()
}

#[test]
fn a_deadline_in_the_past_stops_at_the_first_check() {
    let p = queens(12);
    let mut solver = p.solver().with_limits(Limits::new().deadline(Instant::now() - Duration::from_secs(1)));
    let found = solver.count();
    assert_eq!(solver.status(), Status::Stopped(StopReason::Time));
    assert!(found < 14_200 && solver.stats().nodes <= 256 + 1, "{found} solutions, {:?}", solver.stats());
}

#[test]
fn the_cancel_flag_stops_the_search_from_another_thread() {
    let p = queens(16);
    let flag = Arc::new(AtomicBool::new(false));
    let mut solver = p.solver().with_limits(Limits::new().cancel_flag(flag.clone()));
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let found = solver.count();
    raiser.join().unwrap();
    assert_eq!(solver.status(), Status::Stopped(StopReason::Cancelled));
    assert!(found < 14_772_512, "16 queens can't be counted in 50 ms");
}

#[test]
fn node_and_solution_limits_are_exact() {
    let p = queens(10);
    let mut solver = p.solver().with_limits(Limits::new().nodes(1000));
    solver.count();
    assert_eq!((solver.status(), solver.stats().nodes), (Status::Stopped(StopReason::Nodes), 1000));
    let mut solver = p.solver().with_limits(Limits::new().solutions(7));
    assert_eq!(solver.count(), 7);
    assert_eq!(solver.status(), Status::Stopped(StopReason::Solutions));
}

#[test]
fn for_each_stops_on_break_and_the_solver_can_run_again() {
    let p = queens(8);
    let mut solver = p.solver();
    let mut seen = Vec::new();
    let broke = solver.for_each(|s| {
        seen.push(s.to_vec());
        if seen.len() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    assert_eq!(broke, ControlFlow::Break(()));
    let status = solver.status();
    assert_eq!(seen.len(), 3);
    assert_ne!(status, Status::Complete);
    let mut again = p.solver();
    let first_three: Vec<_> = again.solutions().take(3).collect();
    assert_eq!(first_three, seen, "the same first solutions, in order");
    assert_eq!(solver.count(), 92, "reusable after a break");
    assert_eq!(solver.status(), Status::Complete);
}
