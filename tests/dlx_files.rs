//! Every file in `../shared/data/dlx/` gives exactly Knuth's solution, node
//! and update counts from its `EXPECTED.md`.

mod common;

use exactcover::cover::read_dlx;

#[test]
#[cfg_attr(not(shared_data), ignore = "needs the shared data folder ../shared (or $EXACTCOVER_SHARED)")]
fn shared_dlx_files_match_knuths_figures() {
    let dir = common::shared_data("data/dlx");
    let expected = std::fs::read_to_string(dir.join("EXPECTED.md")).unwrap();
    let rows = common::markdown_table(&expected, "file");
    assert!(rows.len() >= 11, "EXPECTED.md lists {} files", rows.len());
    for row in rows {
        let (file, solutions, updates, nodes) =
            (&row[0], common::number(&row[3]), common::number(&row[4]), common::number(&row[5]));
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let input = read_dlx(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut solver = input.problem.solver();
        let count = solver.count();
        let stats = solver.stats();
        eprintln!("{file}: {count} solutions, {} updates, {} nodes", stats.updates, stats.nodes);
        assert_eq!(
            (count, stats.updates, stats.nodes),
            (solutions, updates, nodes),
            "{file}: (solutions, updates, nodes)"
        );
        assert!(solver.links_are_pristine(), "{file}: links restored");
    }
}
