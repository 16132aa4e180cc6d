//! Algorithm X (and C, with colours) on the links: DLX1's search as a
//! resumable loop, with no recursion (Knuth, "Dancing Links", 2000; TAOCP
//! 7.2.2.1).
//!
//! The loop alternates two inner loops, with DLX1's steps:
//!
//! * **forward**: count a node; choose an item `i` (DLX1's rule: the first
//!   active primary item of minimum length, stopping at length 0), or find
//!   that no primary item is left: a solution. If `i`'s list is empty,
//!   count the update of covering it (nothing else would change) and back
//!   up. Else cover `i`, take the trail's mark, commit the other items of
//!   the first option in `i`'s list, record that node in `choice[level]`,
//!   and go down.
//! * **back up**: go up a level; undo the trail down to the level's mark,
//!   which uncommits `choice[level]` (and uncovers any exhausted item
//!   below it), then release its items; move to the next option in the
//!   list. If there is one, commit it and go forward; if the list is
//!   exhausted, release `i` and back up again: its hidden options are
//!   undone with the level above.
//!
//! The loop keeps its state in locals (and the arena's counters in a
//! `Dance` view), and saves it only when it returns: at a solution (phase
//! `AfterSolution`, resumed by backing up), at a limit (`Forward`, before
//! counting the node), or at the end (`Done`). It is compiled once for each
//! combination of colours, option size `U` (see `Dance::span`) and AVX2.

use super::{Event, OnSolution, Phase, Search};
use crate::cover::avx2::maybe_avx2;
use crate::cover::ids::Fork;
use crate::cover::limits::StopReason;
use rand::RngExt;

/// Runs the loop compiled for the problem: with or without colours, for
/// options of one size the loop is compiled for (the arena keeps no `span`
/// for these sizes, so this loop is the only one that can search it), and
/// with AVX2 when the CPU has it.
pub(super) fn run(search: &mut Search, on: &mut OnSolution) -> Event {
    let avx2 = search.avx2;
    match (search.arena.has_colors(), search.arena.uniform) {
        (true, _) => maybe_avx2!(avx2, run_loop::<true, 0>(search, on)),
        (false, 1) => maybe_avx2!(avx2, run_loop::<false, 1>(search, on)),
        (false, 2) => maybe_avx2!(avx2, run_loop::<false, 2>(search, on)),
        (false, 3) => maybe_avx2!(avx2, run_loop::<false, 3>(search, on)),
        (false, 4) => maybe_avx2!(avx2, run_loop::<false, 4>(search, on)),
        (false, 6) => maybe_avx2!(avx2, run_loop::<false, 6>(search, on)),
        (false, _) => maybe_avx2!(avx2, run_loop::<false, 0>(search, on)),
    }
}

/// The level at which, in a problem whose options all have `U` primary
/// items and no secondary one, exactly `U` items are left uncovered (every
/// pin and level covers `U`): there every option in the branching item's
/// list is the whole rest, and so a solution. `usize::MAX` for other
/// problems.
fn last_level<const COLORS: bool, const U: u32>(search: &Search) -> usize {
    let (n, u) = (search.arena.n_primary as usize, U as usize);
    if COLORS || U == 0 || search.arena.n_items as usize != n || n % u != 0 {
        return usize::MAX;
    }
    (n / u).checked_sub(search.stack.pins.len() + 1).unwrap_or(usize::MAX)
}

/// The loop itself (see the module docs). At a solution it does what `on`
/// says, so with `Count` or `Visit` it returns only at the end, at a limit,
/// or when the visitor stops it.
#[inline(always)]
fn run_loop<const COLORS: bool, const U: u32>(search: &mut Search, on: &mut OnSolution) -> Event {
    let last = last_level::<COLORS, U>(search);
    let s = search;
    let cap = s.cap;
    let run = s.watch.run();
    let mut resume = s.stack.resumes();
    let mut stop_at = run.stop_at;
    let floor = s.stack.floor;
    let mut level = s.stack.level;
    let mut nodes = s.watch.nodes;
    let mut guesses = s.watch.guesses;
    let layout = &s.problem.inner.layout;
    let base = s.stack.pins.len();
    let returns = matches!(on, OnSolution::Return);
    let mut dance = s.arena.dance();
    let (event, phase) = 'search: loop {
        // Forward: go down while the chosen item has an option (unless
        // resuming after a solution, where the search backs up first).
        if !resume {
            loop {
                let position = || (&s.stack.branch[..], s.sink.solutions);
                if let Some(stop) = s.watch.enter((level, cap), &mut nodes, &mut stop_at, &run, position) {
                    break 'search stop;
                }
                let choice = match &mut s.rng {
                    None => dance.choose_first_min(),
                    Some(rng) => dance.choose_random_tie(|n| rng.random_range(0..n)),
                };
                let Some((i, t)) = choice else {
                    if let Some(stop) = s.sink.report(&s.problem, base + level, on, run.max_solutions) {
                        break 'search stop;
                    }
                    break;
                };
                s.stack.branch[level] = Fork { ways: t, taken: 0 };
                guesses += u64::from(t > 1);
                if t == 0 {
                    // DLX1 covers the item and finds its list empty; that
                    // changes nothing but the update count.
                    dance.count_empty_cover();
                    break;
                }
                if level == last && level + 1 < cap && nodes + u64::from(t) <= stop_at && !returns {
                    // Every option in `i`'s list covers exactly the items
                    // left: each is a solution, reported without the dance
                    // (whose updates are counted).
                    dance.count_last_cover::<U>(t);
                    let len = base + level + 1;
                    s.sink.len = len;
                    let mut c = dance.down(i);
                    let mut taken = 0;
                    while c != i {
                        nodes += 1;
                        dance.count_last_commit::<U>();
                        s.sink.solutions += 1;
                        s.sink.path[len - 1] = layout.option_of::<U>(c);
                        let bad = s.sink.verify && {
                            let from = std::mem::replace(&mut s.sink.changed, usize::MAX).min(len - 1);
                            s.sink.wrong(&s.problem, len, from)
                        };
                        let more = !bad
                            && match on {
                                OnSolution::Visit(visit) => visit(&s.sink.path[..len]).is_continue(),
                                _ => true,
                            };
                        if !more || s.sink.solutions >= run.max_solutions {
                            // Pause as the dance would have paused here.
                            s.stack.marks[level] = dance.enter_last_level::<U>(i, c);
                            s.stack.choice[level] = c;
                            s.stack.branch[level].taken = taken;
                            level += 1;
                            let event = match (bad, more) {
                                (true, _) => Event::Stopped(StopReason::Cancelled),
                                (false, true) => Event::Stopped(StopReason::Solutions),
                                (false, false) => Event::Solution,
                            };
                            break 'search (event, Phase::AfterSolution);
                        }
                        c = dance.down(c);
                        taken += 1;
                    }
                    break;
                }
                dance.cover::<COLORS, U>(i);
                let c = dance.down(i);
                s.stack.marks[level] = dance.mark();
                dance.commit_others::<COLORS, U>(c);
                s.stack.choice[level] = c;
                s.sink.path[base + level] = layout.option_of::<U>(c);
                level += 1;
            }
        }
        resume = false;
        // Back up to the next untried option. The options hidden by
        // covering an exhausted item are undone with the level above.
        loop {
            if level == floor {
                dance.undo_to::<COLORS, U>(s.stack.floor_mark);
                break 'search (Event::Done, Phase::Done);
            }
            level -= 1;
            let c = s.stack.choice[level];
            dance.undo_to::<COLORS, U>(s.stack.marks[level]);
            dance.release_others::<COLORS, U>(c);
            let c = dance.down(c);
            let i = dance.top(c);
            if c != i {
                dance.commit_others::<COLORS, U>(c);
                s.stack.choice[level] = c;
                s.sink.path[base + level] = layout.option_of::<U>(c);
                s.sink.changed = s.sink.changed.min(base + level);
                s.stack.branch[level].taken += 1;
                level += 1;
                break;
            }
            dance.release(i);
        }
    };
    drop(dance);
    s.stack.level = level;
    s.watch.nodes = nodes;
    s.watch.guesses = guesses;
    s.stack.phase = phase;
    event
}
