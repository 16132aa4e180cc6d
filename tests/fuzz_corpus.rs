//! Replays the committed fuzz corpus (`fuzz/corpus/<target>/`) through the
//! same checks the fuzz targets run, so CI covers it without fuzz tooling.

use exactcover::fuzzing;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| check(&data));
        assert!(result.is_ok(), "{target}: {} fails", path.display());
        n += 1;
    }
    assert!(n > 0, "{target}: empty corpus");
    eprintln!("{target}: {n} inputs replayed");
}

#[test]
fn sudoku_parse_corpus() {
    replay("sudoku_parse", fuzzing::sudoku_parse);
}

#[test]
fn dlx_parse_corpus() {
    replay("dlx_parse", fuzzing::dlx_parse);
}

#[test]
fn parse_then_solve_corpus() {
    replay("parse_then_solve", fuzzing::parse_then_solve);
}

#[test]
fn matrix_vs_brute_corpus() {
    replay("matrix_vs_brute", fuzzing::matrix_vs_brute);
}
