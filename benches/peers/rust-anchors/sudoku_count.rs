//! Peer anchor for `benches/peers.sh`: solve every Sudoku of a file with the
//! `sudoku` crate (=0.8.0), counting up to 2 solutions (proving uniqueness),
//! as `benches/sudoku.rs` does.
//!
//! Usage: `sudoku-count FILE`: one 81-character puzzle per line, `.` or `0`
//! for an empty cell. Prints how many puzzles had 0, 1 and 2+ solutions.

fn main() {
    let path = std::env::args().nth(1).expect("usage: sudoku-count FILE");
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut tally = [0u64; 3];
    for line in text.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() < 81 || line[0] == b'#' {
            continue;
        }
        let mut cells = [0u8; 81];
        for (c, &b) in cells.iter_mut().zip(&line[..81]) {
            *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        let sudoku = sudoku::Sudoku::from_bytes(cells).expect("a 9x9 grid of 0..=9");
        tally[sudoku.solutions_count_up_to(2).min(2)] += 1;
    }
    println!("0:{} 1:{} 2+:{}", tally[0], tally[1], tally[2]);
}
