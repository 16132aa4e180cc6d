//! X-Chain: on one digit, a chain of cells joined alternately by strong
//! links (one of the two holds the digit) and weak links (not both hold
//! it), starting and ending with a strong link. If the first cell lacks
//! the digit, the chain forces the last to hold it, so one of the two ends
//! holds it, and a cell that sees both ends can't.
//!
//! The search is breadth first from each start, so each chain found is a
//! shortest one; the shortest productive chain over every digit and start
//! wins (ties by digit, then start cell). Chains have 2 to
//! [`MAX_STRONG`] strong links. The implications hold along any walk, so
//! revisiting a cell never makes a chain wrong.
//!
//! Rating: 6.6 for two strong links, plus 0.1 for each strong link more.

use super::links::{seeing_both, strong_links};
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::{Rating, Technique};
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The longest chain looked for, in strong links.
pub(crate) const MAX_STRONG: usize = 6;

/// A chain: its cells from start to end, and its eliminations.
type Chain = (Vec<usize>, Vec<(usize, u8)>);

/// The shortest productive X-Chain, if any.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let side = c.side();
    let mut best: Option<(u8, Chain)> = None;
    let mut strong: Vec<Vec<usize>> = vec![Vec::new(); c.len()];
    let mut parent: Vec<usize> = vec![usize::MAX; 2 * c.len()];
    for digit in 1..=side as u8 {
        let links = strong_links(c, digit);
        if links.len() < 2 {
            continue;
        }
        strong.iter_mut().for_each(Vec::clear);
        for l in &links {
            for (x, y) in [(l.a, l.b), (l.b, l.a)] {
                if !strong[x].contains(&y) {
                    strong[x].push(y);
                }
            }
        }
        for start in 0..c.len() {
            if strong[start].is_empty() {
                continue;
            }
            let limit = best.as_ref().map_or(MAX_STRONG, |b| (b.1.0.len() / 2).saturating_sub(1));
            parent.fill(usize::MAX);
            if let Some(chain) = shortest_from(c, digit, &strong, &mut parent, start, limit) {
                best = Some((digit, chain));
            }
        }
    }
    let (digit, (cells, elims)) = best?;
    let strong_count = cells.len() / 2;
    let step = Step::logic(Technique::XChain)
        .rated(Rating::from_tenths(64 + strong_count as u8))
        .cells(cells.iter().copied())
        .digits([digit])
        .eliminate(elims);
    let d = digit_char(digit);
    let chain: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let link = if i == 0 {
                ""
            } else if i % 2 == 1 {
                " = "
            } else {
                " - "
            };
            format!("{link}{}", c.cell_name(k))
        })
        .collect();
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let text = format!(
        "X-Chain on {d}: {} (= a strong link, - a weak link): if {} isn't {d}, {} is, so one of \
         them holds {d}: remove {}.",
        chain.concat(),
        c.cell_name(first),
        c.cell_name(last),
        words::removals(step.eliminations(), side)
    );
    Some(step.text(text))
}

/// The shortest productive chain from `start` with at most `limit` strong
/// links (and at least 2), breadth first over (cell, last link strong?).
fn shortest_from(
    c: &Candidates,
    digit: u8,
    strong: &[Vec<usize>],
    parent: &mut [usize],
    start: usize,
    limit: usize,
) -> Option<Chain> {
    // State index: cell * 2 + (1 if reached by a strong link); `parent`
    // comes filled with `usize::MAX`.
    let mut frontier: Vec<usize> = Vec::new();
    for &b in &strong[start] {
        parent[2 * b + 1] = 2 * start;
        frontier.push(2 * b + 1);
    }
    parent[2 * start] = 2 * start;
    for depth in 1..=limit {
        if depth >= 2 {
            for &s in &frontier {
                let end = s / 2;
                if end == start {
                    continue;
                }
                let elims = seeing_both(c, start, end, digit);
                if !elims.is_empty() {
                    let mut cells = vec![end];
                    let mut at = s;
                    while at != 2 * start {
                        at = parent[at];
                        cells.push(at / 2);
                    }
                    cells.reverse();
                    return Some((cells, elims));
                }
            }
        }
        if depth == limit {
            break;
        }
        // A weak link, then a strong one.
        let mut next = Vec::new();
        for &s in &frontier {
            let k = s / 2;
            for &w in &c.geo.peers[k] {
                if !c.has(w, digit) || parent[2 * w] != usize::MAX {
                    continue;
                }
                parent[2 * w] = s;
                for &b in &strong[w] {
                    if parent[2 * b + 1] == usize::MAX {
                        parent[2 * b + 1] = 2 * w;
                        next.push(2 * b + 1);
                    }
                }
            }
        }
        frontier = next;
    }
    None
}
