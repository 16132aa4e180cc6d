//! The iterative search of Knuth's Algorithm M (TAOCP 7.2.2.1; his DLX3):
//! exact cover with multiplicities, beside Algorithm X and C in
//! `x_links`. The search runs this loop when some primary item has bounds
//! other than `[1, 1]`.
//!
//! The state is the one Algorithm X keeps: `level`, `choice[0..level]`,
//! `marks[0..level]` (the trail's mark after the level's tweak, before
//! committing its option), plus `opts`, the number of options on the path
//! (a level that makes a null move chooses the item's header, and no
//! option). The loop moves between three steps, as DLX3 does:
//!
//! * **forward**: count a node; pick the branching item by Knuth's
//!   heuristic (`Dance::choose_m`). No active item: a solution. A score
//!   of 0 or less: a dead end, back down (nothing was covered, so nothing
//!   is counted). Every option hidden: only null moves are left, then a
//!   solution, and `Dance::null_moves` counts them at once, if the node
//!   limit and the depth cap leave room; the node is then a leaf. When
//!   the loop only counts solutions (no colours), a cover level with one
//!   option, among at most two left, is counted at once too
//!   (`Dance::last_option`: its node, dead end or chain, and solution),
//!   and the node is a leaf; the count is then never stopped at that
//!   solution but by a wrong one, so no caller sees the levels missing.
//!   Else open the level: lower the item's residual bound, covering it if
//!   that reaches 0, and advance from the first node of its list.
//! * **advance**: `Dance::advance_m` says what the next branch is (and
//!   tweaks its option, at a tweak level): an option, whose other items
//!   are committed (their bounds lowered, covered at 0) before going
//!   forward; the null move, which goes forward with the item retired; or
//!   nothing, and the level is closed (its item released, its bound
//!   raised) before backing down.
//! * **back down**: go up a level; undo the trail to its mark, which
//!   uncommits its option and everything below; after a null move close
//!   the level and back down again; else release the option's items and
//!   advance from the next node of the list. The trail entries of a closed
//!   level (its cover and tweaks) lie below the mark of the level above,
//!   so they are undone with it, or with the floor's mark at the end.
//!
//! `nodes` counts every level entered (solutions and dead ends included),
//! and `updates` DLX3's updates (see `dance::mult`), so both equal DLX3's
//! figures. The loop saves its state only when it returns, as Algorithm
//! X's does, and a stopped search is unwound through `Arena::uncommit_level`.

use super::{Event, OnSolution, Phase, Search, chain_room};
use crate::cover::avx2::maybe_avx2;
use crate::cover::dance::{Branch, MChoice};
use crate::cover::ids::{Fork, NodeId};

/// Where the loop of Algorithm M goes next.
#[derive(Clone, Copy)]
enum Step {
    Forward,
    /// The next branch at `level`, from this node of the branching item's
    /// list (its header once the options are exhausted).
    Advance(NodeId),
    Backdown,
}

/// Runs the loop compiled for the problem: with or without colours, for
/// options of one size the loop is compiled for, and with AVX2 when the
/// CPU has it. Kept out of line, so that the loop of Algorithm X is
/// compiled as it would be alone.
#[inline(never)]
pub(super) fn run(search: &mut Search, on: &mut OnSolution) -> Event {
    let avx2 = search.avx2;
    match (search.arena.has_colors(), search.arena.uniform) {
        (true, _) => maybe_avx2!(avx2, run_loop::<true, 0>(search, on)),
        (false, 3) => maybe_avx2!(avx2, run_loop::<false, 3>(search, on)),
        (false, 4) => maybe_avx2!(avx2, run_loop::<false, 4>(search, on)),
        (false, _) => maybe_avx2!(avx2, run_loop::<false, 0>(search, on)),
    }
}

/// Algorithm M's loop (see the module docs). Runs until a solution is to
/// be returned, the end, a limit or the depth cap.
#[inline(always)]
fn run_loop<const COLORS: bool, const U: u32>(search: &mut Search, on: &mut OnSolution) -> Event {
    let Search { problem, arena, stack, watch, sink, cap, .. } = search;
    let cap = *cap;
    let run = watch.run();
    let mut stop_at = run.stop_at;
    let mut step = if stack.resumes() { Step::Backdown } else { Step::Forward };
    let floor = stack.floor;
    let (mut level, mut nodes, mut guesses, mut opts) = (stack.level, watch.nodes, watch.guesses, stack.opts);
    let layout = &problem.inner.layout;
    let base = stack.pins.len();
    // Solutions only counted, without colours: `Dance::last_option`.
    let counting = !COLORS && matches!(on, OnSolution::Count);
    let mut dance = arena.dance();
    let (event, phase) = loop {
        match step {
            Step::Forward => {
                let position = || (&stack.branch[..], sink.solutions);
                if let Some(stop) = watch.enter((level, cap), &mut nodes, &mut stop_at, &run, position) {
                    break stop;
                }
                step = Step::Backdown;
                let mut choice = dance.choose_m();
                // Every option hidden: only null moves are left, then a
                // solution, counted at once (`Dance::null_moves`).
                if choice.is_some_and(|c| c.score > 0) && dance.all_hidden() {
                    if let Some(k) = dance.null_moves(chain_room(cap, level, stop_at, nodes)) {
                        nodes += k;
                        choice = None;
                    }
                }
                let Some(MChoice { item, score }) = choice else {
                    if let Some(stop) = sink.report(problem, base + opts, on, run.max_solutions) {
                        break stop;
                    }
                    continue;
                };
                if score <= 0 {
                    stack.branch[level] = Fork::default();
                    continue;
                }
                // A cover level with one option, among at most two left:
                // its subtree is counted at once (`Dance::last_option`),
                // when no caller can see where the search stands at its
                // solution (only a wrong one stops the loop there).
                if score == 1 && counting && sink.solutions + 1 < run.max_solutions {
                    if let Some((below, solution)) =
                        dance.last_option::<U>(item, chain_room(cap, level, stop_at, nodes))
                    {
                        nodes += below;
                        if solution {
                            sink.path[base + opts] = layout.option_of::<U>(dance.down(item));
                            sink.changed = sink.changed.min(base + opts);
                            if let Some(stop) = sink.report(problem, base + opts + 1, on, run.max_solutions) {
                                break stop;
                            }
                        }
                        continue;
                    }
                }
                let t = u32::try_from(score).unwrap_or(u32::MAX);
                stack.branch[level] = Fork { ways: t, taken: 0 };
                guesses += u64::from(t > 1);
                dance.open_level_m::<COLORS, U>(item);
                step = Step::Advance(dance.down(item));
            }
            Step::Advance(cur) => match dance.advance_m::<COLORS, U>(cur) {
                Branch::Option(c) => {
                    stack.marks[level] = dance.mark();
                    dance.commit_others_m::<COLORS, U>(c);
                    stack.choice[level] = c;
                    sink.path[base + opts] = layout.option_of::<U>(c);
                    sink.changed = sink.changed.min(base + opts);
                    opts += 1;
                    level += 1;
                    step = Step::Forward;
                }
                Branch::Null => {
                    stack.marks[level] = dance.mark();
                    stack.choice[level] = cur;
                    level += 1;
                    step = Step::Forward;
                }
                Branch::Exhausted => {
                    dance.close_level_m(dance.top(cur));
                    step = Step::Backdown;
                }
            },
            Step::Backdown => {
                if level == floor {
                    dance.undo_to_m::<COLORS, U>(stack.floor_mark);
                    break (Event::Done, Phase::Done);
                }
                level -= 1;
                let c = stack.choice[level];
                dance.undo_to_m::<COLORS, U>(stack.marks[level]);
                let i = dance.top(c);
                if c == i {
                    dance.close_level_m(i);
                } else {
                    dance.release_others_m::<COLORS, U>(c);
                    opts -= 1;
                    stack.branch[level].taken += 1;
                    step = Step::Advance(dance.down(c));
                }
            }
        }
    };
    drop(dance);
    stack.level = level;
    watch.nodes = nodes;
    watch.guesses = guesses;
    stack.opts = opts;
    stack.phase = phase;
    event
}
