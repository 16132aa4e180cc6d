//! Simple colouring (single-digit colouring). The strong links of one
//! digit join its cells into clusters; colour each cluster in two colours
//! so that linked cells differ. In a cluster, one colour holds the digit
//! and the other doesn't.
//!
//! * **Colour wrap**: two cells of the same colour see each other, so that
//!   colour is false: every cell of it loses the digit.
//! * **Colour trap**: a cell outside the cluster sees both colours, so it
//!   can't hold the digit.
//!
//! A cluster that can't be two-coloured (an odd loop of strong links)
//! only arises in a puzzle without solution; it is skipped.

use super::links::strong_links;
use crate::sudoku::logic::candidates::Candidates;
use crate::sudoku::logic::step::Step;
use crate::sudoku::logic::technique::Technique;
use crate::sudoku::logic::words;
use crate::sudoku::names::digit_char;

/// The first colouring that removes something: by digit, then cluster
/// (in order of its first cell); a wrap before a trap.
pub(crate) fn find(c: &Candidates) -> Option<Step> {
    let side = c.side();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); c.len()];
    let mut colour: Vec<u8> = vec![0; c.len()];
    for digit in 1..=side as u8 {
        let links = strong_links(c, digit);
        if links.len() < 2 {
            continue;
        }
        adj.iter_mut().for_each(Vec::clear);
        colour.fill(0);
        for l in &links {
            adj[l.a].push(l.b);
            adj[l.b].push(l.a);
        }
        for start in 0..c.len() {
            if adj[start].is_empty() || colour[start] != 0 {
                continue;
            }
            let Some(cluster) = two_colour(&adj, &mut colour, start) else {
                continue;
            };
            if cluster.len() < 3 {
                continue;
            }
            if let Some(step) = wrap_or_trap(c, digit, &cluster, &colour) {
                return Some(step);
            }
        }
    }
    None
}

/// Colours the cluster of `start` with 1 and 2 (breadth first); `None` if
/// two linked cells get the same colour. Returns the cluster's cells.
fn two_colour(adj: &[Vec<usize>], colour: &mut [u8], start: usize) -> Option<Vec<usize>> {
    let mut cluster = vec![start];
    colour[start] = 1;
    let mut ok = true;
    let mut i = 0;
    while i < cluster.len() {
        let k = cluster[i];
        for &n in &adj[k] {
            if colour[n] == 0 {
                colour[n] = 3 - colour[k];
                cluster.push(n);
            } else if colour[n] == colour[k] {
                ok = false;
            }
        }
        i += 1;
    }
    cluster.sort_unstable();
    ok.then_some(cluster)
}

fn wrap_or_trap(c: &Candidates, digit: u8, cluster: &[usize], colour: &[u8]) -> Option<Step> {
    let geo = &c.geo;
    let side = c.side();
    let of = |col: u8| -> Vec<usize> { cluster.iter().copied().filter(|&k| colour[k] == col).collect() };
    let (one, two) = (of(1), of(2));
    let step = Step::logic(Technique::SimpleColouring).cells(cluster.iter().copied()).digits([digit]);
    let d = digit_char(digit);
    for (same, other) in [(&one, &two), (&two, &one)] {
        let clash = same
            .iter()
            .enumerate()
            .find_map(|(i, &a)| same[i + 1..].iter().find(|&&b| geo.sees(a, b)).map(|&b| (a, b)));
        if let Some((a, b)) = clash {
            let step = step.eliminate(same.iter().map(|&k| (k, digit)));
            let text = format!(
                "Simple colouring on {d} (colour wrap): colouring the conjugate pairs of {d} puts \
                 {} in one colour and {} in the other; {} and {} have the same colour and see \
                 each other, so that colour is false: remove {}.",
                words::cells(same, side),
                words::cells(other, side),
                c.cell_name(a),
                c.cell_name(b),
                words::removals(step.eliminations(), side)
            );
            return Some(step.text(text));
        }
    }
    let elims: Vec<(usize, u8)> = (0..c.len())
        .filter(|&k| c.has(k, digit) && cluster.binary_search(&k).is_err())
        .filter(|&k| one.iter().any(|&a| geo.sees(a, k)) && two.iter().any(|&b| geo.sees(b, k)))
        .map(|k| (k, digit))
        .collect();
    if elims.is_empty() {
        return None;
    }
    let step = step.eliminate(elims);
    let text = format!(
        "Simple colouring on {d} (colour trap): colouring the conjugate pairs of {d} puts {} in \
         one colour and {} in the other, and one colour holds {d}; a cell that sees both colours \
         can't: remove {}.",
        words::cells(&one, side),
        words::cells(&two, side),
        words::removals(step.eliminations(), side)
    );
    Some(step.text(text))
}
