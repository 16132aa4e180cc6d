//! Every technique on a position where it is the one that fires: the
//! easiest technique that applies, and alone (`LogicSolver::only`) it
//! finds the same step. Placements (`r1c9=2`) and eliminations
//! (`r1c8<>7`) are asserted exactly, and so is the sentence.
//!
//! The first three positions are written by hand. The others are
//! candidate grids met on the way through puzzles of the shared lists (the
//! 17-clue list and magictour's top1465; the puzzle is named above each),
//! at the point where the technique is first needed, written as
//! [`Candidates::render`] prints them. Each pattern was checked by hand.

use exactcover::sudoku::logic::{Candidates, LogicSolver, Step, Technique};
use exactcover::sudoku::{Grid, cell_name};

/// The step the full solver takes from `position` (pencil marks, or a
/// puzzle line): it must be `technique`, with exactly these placements and
/// eliminations, and the technique alone must find the same step.
fn first_step(technique: Technique, position: &str, placements: &[&str], eliminations: &[&str]) -> Step {
    let c = match Grid::from_line(position.trim()) {
        Some(grid) => Candidates::new(&grid),
        None => Candidates::from_pencilmarks(position).expect("a pencil-mark grid"),
    };
    let step = LogicSolver::new().next_step(&c).expect("a technique applies");
    assert_eq!(step.technique(), Some(technique), "{step}");
    let side = c.side();
    let found_places: Vec<String> =
        (step.placements().iter()).map(|&(k, d)| format!("{}={d}", cell_name(k, side))).collect();
    let found_elims: Vec<String> =
        (step.eliminations().iter()).map(|&(k, d)| format!("{}<>{d}", cell_name(k, side))).collect();
    assert_eq!(found_places, placements, "{step}");
    assert_eq!(found_elims, eliminations, "{step}");
    let alone = LogicSolver::new().only(&[technique]).next_step(&c);
    assert_eq!(alone.as_ref(), Some(&step));
    assert!(step.rating() >= technique.rating());
    step
}

/// A solved grid with r1c5 cleared: row 1 (the first house in layout
/// order) has one empty cell.
#[test]
fn full_house() {
    let step = first_step(
        Technique::FullHouse,
        "4839.1657967345821251876493548132976729564138136798245372689514814253769695417382",
        &["r1c5=2"],
        &[],
    );
    assert_eq!(step.explanation(), "Full house: r1c5 is the last empty cell in row 1, so it holds 2.");
    assert_eq!(step.houses(), ["row 1"]);
}

/// The 7s in rows 1 and 3 and in columns 7 and 9 leave r2c8 as the only
/// place for 7 in box 3 (boxes 1 and 2 already hold a 7).
#[test]
fn hidden_single() {
    let step = first_step(
        Technique::HiddenSingle,
        "7....................7....................7............................7.........",
        &["r2c8=7"],
        &[],
    );
    assert_eq!(step.explanation(), "Hidden single: in box 3, 7 can only go in r2c8.");
    assert_eq!(step.rating().to_string(), "1.2");
}

/// r5c5 sees 1, 2 and 3 in its row, 4, 5 and 6 in its column, and 7 and 8
/// in its box: only 9 is left. No digit is confined to one cell of a
/// house.
#[test]
fn naked_single() {
    let step = first_step(
        Technique::NakedSingle,
        "....4........5........6.......7.....123...........8..............................",
        &["r5c5=9"],
        &[],
    );
    assert_eq!(step.explanation(), "Naked single: 9 is the only candidate left in r5c5.");
}

/// From the 17-clue list, line 1: `.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...`.
#[test]
fn pointing() {
    let step = first_step(
        Technique::Pointing,
        r"
+------------------+---------------------+-------------------+
| 14589  145689 3  | 156789 15679 145689 | 45789  45789 2    |
| 4589   45689  2  | 356789 35679 45689  | 45789  45789 1    |
| 14589  14589  7  | 1589   159   2      | 4589   3     6    |
+------------------+---------------------+-------------------+
| 4789   489    6  | 15789  1579  3      | 145789 2     578  |
| 23789  89     1  | 256789 4     5689   | 35789  5789  3578 |
| 234789 489    5  | 12789  1279  189    | 134789 6     378  |
+------------------+---------------------+-------------------+
| 1589   3      89 | 12569  12569 1569   | 125678 1578  4    |
| 15     7      4  | 12356  8     156    | 12356  15    9    |
| 6      2      89 | 4      1359  7      | 1358   158   358  |
+------------------+---------------------+-------------------+
",
        &[],
        &["r7c7<>1", "r8c7<>1", "r9c7<>1"],
    );
    assert_eq!(
        step.explanation(),
        "Pointing: in box 6, 1 can only go in column 7, so remove 1 from r7c7, r8c7 and r9c7."
    );
}

/// From the 17-clue list, line 1: `.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...`.
#[test]
fn claiming() {
    let step = first_step(
        Technique::Claiming,
        r"
+------------------+---------------------+-------------------+
| 489    145689 3  | 156789 15679 145689 | 5789   45789 2    |
| 489    45689  2  | 356789 35679 45689  | 5789   45789 1    |
| 489    14589  7  | 1589   159   2      | 589    3     6    |
+------------------+---------------------+-------------------+
| 4789   489    6  | 15789  1579  3      | 145789 2     578  |
| 23789  89     1  | 256789 4     5689   | 35789  5789  3578 |
| 234789 489    5  | 12789  1279  189    | 134789 6     378  |
+------------------+---------------------+-------------------+
| 1589   3      89 | 12569  12569 1569   | 25678  1578  4    |
| 15     7      4  | 12356  8     156    | 2356   15    9    |
| 6      2      89 | 4      1359  7      | 358    158   358  |
+------------------+---------------------+-------------------+
",
        &[],
        &["r1c1<>4", "r1c2<>4", "r2c1<>4", "r2c2<>4"],
    );
    assert_eq!(
        step.explanation(),
        "Claiming: in row 3, 4 can only go in box 1, so remove 4 from r1c1, r1c2, r2c1 and r2c2."
    );
}

/// From the 17-clue list, line 1: `.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...`.
#[test]
fn naked_pair() {
    let step = first_step(
        Technique::NakedPair,
        r"
+-----------------+---------------------+------------------+
| 89     15689 3  | 156789 15679 145689 | 5789  45789 2    |
| 89     5689  2  | 356789 35679 45689  | 5789  45789 1    |
| 489    14589 7  | 1589   159   2      | 589   3     6    |
+-----------------+---------------------+------------------+
| 4789   489   6  | 15789  1579  3      | 14589 2     578  |
| 23789  89    1  | 256789 4     5689   | 3589  589   3578 |
| 234789 489   5  | 12789  1279  189    | 13489 6     378  |
+-----------------+---------------------+------------------+
| 15     3     89 | 12569  12569 1569   | 25678 1578  4    |
| 15     7     4  | 12356  8     156    | 2356  15    9    |
| 6      2     89 | 4      1359  7      | 358   158   358  |
+-----------------+---------------------+------------------+
",
        &[],
        &["r8c4<>1", "r8c4<>5", "r8c6<>1", "r8c6<>5", "r8c7<>5"],
    );
    assert_eq!(
        step.explanation(),
        "Naked pair: in row 8, r8c1 and r8c8 can only hold 1 and 5, so remove 1 from r8c4 and r8c6, and 5 from r8c4, r8c6 and r8c7."
    );
}

/// From the 17-clue list, line 265: `.................1..2..3.4........2......536..7..8........1.7....3.....86.5..2...`.
#[test]
fn x_wing() {
    let step = first_step(
        Technique::XWing,
        r"
+--------------------+-------------------+---------------------+
| 34589 345689 46789 | 245689 24569 1    | 2569   35789 23569  |
| 34589 345689 46789 | 245689 24569 4689 | 2569   35789 1      |
| 1     5689   2     | 56789  5679  3    | 569    4     569    |
+--------------------+-------------------+---------------------+
| 3459  34569  1469  | 13469  3469  7    | 8      2     459    |
| 2489  2489   1489  | 1249   249   5    | 3      6     7      |
| 23459 7      469   | 23469  8     469  | 1459   159   459    |
+--------------------+-------------------+---------------------+
| 2489  2489   489   | 345689 1     4689 | 7      359   234569 |
| 7     1249   3     | 4569   4569  469  | 124569 159   8      |
| 6     1489   5     | 34789  3479  2    | 149    139   349    |
+--------------------+-------------------+---------------------+
",
        &[],
        &["r1c2<>8", "r1c4<>8", "r2c2<>8", "r2c4<>8", "r5c2<>8", "r7c2<>8", "r7c4<>8"],
    );
    assert_eq!(
        step.explanation(),
        "X-Wing: in rows 3 and 9, 8 can only go in columns 2 and 4, so remove 8 from r1c2, r1c4, r2c2, r2c4, r5c2, r7c2 and r7c4."
    );
}

/// From the 17-clue list, line 17: `.................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5`.
#[test]
fn hidden_pair() {
    let step = first_step(
        Technique::HiddenPair,
        r"
+----------+---------------+------------------+
| 24 37 89 | 479  34679 1  | 25789 256789 26  |
| 24 37 89 | 479  34679 5  | 2789  26789  1   |
| 6  1  5  | 8    79    2  | 3     4      79  |
+----------+---------------+------------------+
| 8  2  1  | 6    5     79 | 4     79     3   |
| 5  4  3  | 279  279   8  | 6     1      79  |
| 9  6  7  | 3    1     4  | 25    25     8   |
+----------+---------------+------------------+
| 7  5  24 | 1    289   3  | 289   2689   246 |
| 3  9  24 | 5    78    6  | 1     78     24  |
| 1  8  6  | 2479 2479  79 | 279   3      5   |
+----------+---------------+------------------+
",
        &[],
        &["r1c5<>4", "r1c5<>7", "r1c5<>9", "r2c5<>4", "r2c5<>7", "r2c5<>9"],
    );
    assert_eq!(
        step.explanation(),
        "Hidden pair: in column 5, 3 and 6 can only go in r1c5 and r2c5, so remove 4, 7 and 9 from r1c5 and r2c5."
    );
}

/// From the 17-clue list, line 578: `.................1..2..3.4......5....1.....673...28.......1......9...2...5.7..8..`.
#[test]
fn naked_triple() {
    let step = first_step(
        Technique::NakedTriple,
        r"
+-----------------+--------------+-----------+
| 45689 4689  7   | 2489 4689 1  | 69 25 3   |
| 45689 34689 346 | 2489 4689 7  | 69 25 1   |
| 1     69    2   | 59   569  3  | 7  4  8   |
+-----------------+--------------+-----------+
| 469   469   46  | 1    7    5  | 3  8  2   |
| 2     1     8   | 349  349  49 | 5  6  7   |
| 3     7     5   | 6    2    8  | 1  9  4   |
+-----------------+--------------+-----------+
| 68    2     36  | 3589 1    69 | 4  7  569 |
| 7     3468  9   | 3458 3458 46 | 2  1  56  |
| 46    5     1   | 7    49   2  | 8  3  69  |
+-----------------+--------------+-----------+
",
        &[],
        &["r7c4<>9", "r8c4<>4", "r8c5<>4"],
    );
    assert_eq!(
        step.explanation(),
        "Naked triple: in box 8, r7c6, r8c6 and r9c5 can only hold 4, 6 and 9, so remove 4 from r8c4 and r8c5, and 9 from r7c4."
    );
}

/// From the 17-clue list, line 1333: `.................1..2.34.5.............1.6..7..3....8.....8..3..9..2....61......9`.
#[test]
fn swordfish() {
    let step = first_step(
        Technique::Swordfish,
        r"
+--------------+----------------+------------+
| 4578 4578 6  | 2578 1    9    | 278 247 3  |
| 4578 3    9  | 2578 6    2578 | 278 247 1  |
| 1    78   2  | 78   3    4    | 9   5   6  |
+--------------+----------------+------------+
| 579  57   1  | 38   4579 38   | 45  6   2  |
| 28   28   45 | 1    45   6    | 3   9   7  |
| 4579 6    3  | 2457 4579 257  | 1   8   45 |
+--------------+----------------+------------+
| 245  245  7  | 9    8    1    | 6   3   45 |
| 3    9    45 | 6    2    57   | 457 1   8  |
| 6    1    8  | 3457 457  357  | 257 27  9  |
+--------------+----------------+------------+
",
        &[],
        &["r6c5<>4", "r9c5<>4"],
    );
    assert_eq!(
        step.explanation(),
        "Swordfish: in rows 4, 5 and 8, 4 can only go in columns 3, 5 and 7, so remove 4 from r6c5 and r9c5."
    );
}

/// From the 17-clue list, line 572: `.................1..2..3.4......5.....3.2.....1....6.7...6...5...8...3...6.17....`.
#[test]
fn hidden_triple() {
    let step = first_step(
        Technique::HiddenTriple,
        r"
+---------------------+------------------+-------------------+
| 146789 345789 14679 | 24589 459 124679 | 25789 36789 23589 |
| 46789  345789 4679  | 24589 459 24679  | 25789 36789 1     |
| 16     5789   2     | 589   16  3      | 5789  4     589   |
+---------------------+------------------+-------------------+
| 246789 24789  4679  | 479   16  5      | 1489  1389  3489  |
| 46789  4789   3     | 479   2   16     | 14589 189   4589  |
| 5      1      49    | 3     8   49     | 6     2     7     |
+---------------------+------------------+-------------------+
| 12479  2479   1479  | 6     3   2489   | 17    5     2489  |
| 12479  2479   8     | 2459  459 249    | 3     17    6     |
| 3      6      5     | 1     7   2489   | 2489  89    2489  |
+---------------------+------------------+-------------------+
",
        &[],
        &["r1c6<>2", "r1c6<>4", "r1c6<>9", "r2c6<>2", "r2c6<>4", "r2c6<>9"],
    );
    assert_eq!(
        step.explanation(),
        "Hidden triple: in column 6, 1, 6 and 7 can only go in r1c6, r2c6 and r5c6, so remove 2, 4 and 9 from r1c6 and r2c6."
    );
}

/// From the 17-clue list, line 47: `.................1....23.4......4.2...5........67..1...4........8.1..9..32....8..`.
#[test]
fn xy_wing() {
    let step = first_step(
        Technique::XyWing,
        r"
+-----------+------------+--------------+
| 79 356 24 | 48 567 1   | 23  5689 568 |
| 79 356 24 | 48 567 567 | 23  5689 1   |
| 1  56  8  | 9  2   3   | 567 4    567 |
+-----------+------------+--------------+
| 8  7   3  | 56 1   4   | 56  2    9   |
| 2  1   5  | 3  689 69  | 4   7    68  |
| 4  9   6  | 7  58  2   | 1   58   3   |
+-----------+------------+--------------+
| 56 4   9  | 2  3   8   | 567 1    567 |
| 56 8   7  | 1  4   56  | 9   3    2   |
| 3  2   1  | 56 79  79  | 8   56   4   |
+-----------+------------+--------------+
",
        &[],
        &["r7c9<>6"],
    );
    assert_eq!(
        step.explanation(),
        "XY-Wing: pivot r6c8 {5,8} with pincers r5c9 {6,8} and r9c8 {5,6}: whichever digit the pivot holds, one pincer holds 6, so remove 6 from r7c9."
    );
}

/// From the 17-clue list, line 17: `.................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5`.
#[test]
fn xyz_wing() {
    let step = first_step(
        Technique::XyzWing,
        r"
+---------+------------+---------------+
| 4 37 89 | 79  36  1  | 5789 56789 2  |
| 2 37 89 | 4   36  5  | 789  6789  1  |
| 6 1  5  | 8   79  2  | 3    4     79 |
+---------+------------+---------------+
| 8 2  1  | 6   5   79 | 4    79    3  |
| 5 4  3  | 279 279 8  | 6    1     79 |
| 9 6  7  | 3   1   4  | 25   25    8  |
+---------+------------+---------------+
| 7 5  4  | 1   289 3  | 289  289   6  |
| 3 9  2  | 5   78  6  | 1    78    4  |
| 1 8  6  | 279 4   79 | 279  3     5  |
+---------+------------+---------------+
",
        &[],
        &["r2c8<>9"],
    );
    assert_eq!(
        step.explanation(),
        "XYZ-Wing: pivot r2c7 {7,8,9} with pincers r2c3 {8,9} and r3c9 {7,9}: one of the three holds 9, so remove 9 from r2c8."
    );
}

/// From the 17-clue list, line 16: `.................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3`.
#[test]
fn unique_rectangle() {
    let step = first_step(
        Technique::UniqueRectangle,
        r"
+-------------------+--------------+-----------+
| 1247 23579 123469 | 1459 3467 17 | 259 67 8  |
| 247  23579 23469  | 459  3467 8  | 259 67 1  |
| 8    579   169    | 159  67   2  | 59  3  4  |
+-------------------+--------------+-----------+
| 24   239   2349   | 7    8    5  | 6   1  29 |
| 6    1     7      | 2    9    4  | 3   8  5  |
| 5    8     29     | 3    1    6  | 7   4  29 |
+-------------------+--------------+-----------+
| 127  27    12     | 8    5    3  | 4   9  6  |
| 3    4     8      | 6    2    9  | 1   5  7  |
| 9    6     5      | 14   47   17 | 8   2  3  |
+-------------------+--------------+-----------+
",
        &[],
        &["r4c3<>2", "r4c3<>9"],
    );
    assert_eq!(
        step.explanation(),
        "Unique rectangle type 1: r4c9, r6c3 and r6c9 hold only {2,9}; if r4c3 held 2 or 9, the four cells would form a deadly pattern (2 and 9 could be swapped, giving two solutions), so remove 2 and 9 from r4c3."
    );
}

/// From the 17-clue list, line 17: `.................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5`.
#[test]
fn skyscraper() {
    let step = first_step(
        Technique::Skyscraper,
        r"
+---------+------------+---------------+
| 4 37 89 | 79  36  1  | 5789 56789 2  |
| 2 37 89 | 4   36  5  | 789  678   1  |
| 6 1  5  | 8   79  2  | 3    4     79 |
+---------+------------+---------------+
| 8 2  1  | 6   5   79 | 4    79    3  |
| 5 4  3  | 279 279 8  | 6    1     79 |
| 9 6  7  | 3   1   4  | 25   25    8  |
+---------+------------+---------------+
| 7 5  4  | 1   289 3  | 289  289   6  |
| 3 9  2  | 5   78  6  | 1    78    4  |
| 1 8  6  | 279 4   79 | 279  3     5  |
+---------+------------+---------------+
",
        &[],
        &["r1c8<>7", "r2c8<>7"],
    );
    assert_eq!(
        step.explanation(),
        "Skyscraper on 7: in rows 3 and 8, 7 has two places each; r3c5 and r8c5 share column 5, so r3c9 or r8c8 holds 7: remove 7 from r1c8 and r2c8."
    );
}

/// From the 17-clue list, line 289: `.................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6`.
#[test]
fn two_string_kite() {
    let step = first_step(
        Technique::TwoStringKite,
        r"
+-----------+------------+-------------+
| 7   89 1  | 589 4   6  | 589 3   2   |
| 4   3  5  | 89  2   7  | 89  6   1   |
| 6   89 2  | 1   58  3  | 7   4   589 |
+-----------+------------+-------------+
| 9   4  78 | 358 358 1  | 6   2   57  |
| 2   5  78 | 48  6   49 | 3   1   79  |
| 1   6  3  | 2   7   59 | 4   589 589 |
+-----------+------------+-------------+
| 35  2  6  | 7   359 8  | 1   59  4   |
| 58  1  4  | 6   59  2  | 589 7   3   |
| 358 7  9  | 345 1   45 | 2   58  6   |
+-----------+------------+-------------+
",
        &[],
        &["r8c5<>5"],
    );
    assert_eq!(
        step.explanation(),
        "2-String Kite on 5: 5 has two places in row 3 (r3c5 and r3c9) and in column 7 (r1c7 and r8c7); r3c9 and r1c7 share box 3, so r3c5 or r8c7 holds 5: remove 5 from r8c5."
    );
}

/// From the 17-clue list, line 152: `.................1..2..3..4.......5.....3..6247..1.........7.8...6...9...1.8.....`.
#[test]
fn w_wing() {
    let step = first_step(
        Technique::WWing,
        r"
+-------------+--------------+--------------+
| 359 3456 78 | 2459 4678 1  | 3568 239  89 |
| 359 3456 78 | 2459 4678 89 | 3568 2379 1  |
| 1   56   2  | 59   678  3  | 568  79   4  |
+-------------+--------------+--------------+
| 6   2    3  | 49   48   89 | 1    5    7  |
| 8   9    1  | 7    3    5  | 4    6    2  |
| 4   7    5  | 6    1    2  | 38   39   89 |
+-------------+--------------+--------------+
| 35  35   4  | 1    9    7  | 2    8    6  |
| 7   8    6  | 3    2    4  | 9    1    5  |
| 2   1    9  | 8    5    6  | 7    4    3  |
+-------------+--------------+--------------+
",
        &[],
        &["r1c4<>9", "r2c8<>9"],
    );
    assert_eq!(
        step.explanation(),
        "W-Wing: r1c9 and r2c6 both hold {8,9}, and 8 in row 3 must go in r3c5 or r3c7, each seeing one of them; they can't both be 8, so one is 9: remove 9 from r1c4 and r2c8."
    );
}

/// From top1465, line 127: `12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........`.
#[test]
fn naked_quad() {
    let step = first_step(
        Technique::NakedQuad,
        r"
+--------------------+--------------------+------------------+
| 1      2    34678  | 34567  3578  3568  | 57    68   9     |
| 4678   5    4678   | 1467   9     68    | 2     168  3     |
| 3678   6789 36789  | 123567 13578 23568 | 57    168  4     |
+--------------------+--------------------+------------------+
| 245678 3    456789 | 1567   157   569   | 148   249  12578 |
| 24567  4679 1      | 8      357   3569  | 34    2349 257   |
| 578    789  5789   | 1357   2     4     | 6     39   1578  |
+--------------------+--------------------+------------------+
| 348    148  348    | 239    6     7     | 13489 5    128   |
| 35     68   2      | 359    4     1     | 39    7    68    |
| 9      1467 34567  | 235    358   2358  | 134   234  126   |
+--------------------+--------------------+------------------+
",
        &[],
        &["r4c7<>4", "r4c9<>2", "r5c9<>2"],
    );
    assert_eq!(
        step.explanation(),
        "Naked quad: in box 6, r4c8, r5c7, r5c8 and r6c8 can only hold 2, 3, 4 and 9, so remove 2 from r4c9 and r5c9, and 4 from r4c7."
    );
}

/// From top1465, line 918: `...27...98...........4.8..132...69.......9.3.7..1....2..........948....6.789...2.`.
#[test]
fn jellyfish() {
    let step = first_step(
        Technique::Jellyfish,
        r"
+----------------+----------+-------------------+
| 145 13456 1356 | 2  7  15 | 34568  4568  9    |
| 8   1456  27   | 3  9  15 | 24567  4567  457  |
| 9   35    27   | 4  6  8  | 2357   57    1    |
+----------------+----------+-------------------+
| 3   2     15   | 57 48 6  | 9      14578 4578 |
| 14  14568 156  | 57 2  9  | 145678 3     4578 |
| 7   4568  9    | 1  48 3  | 4568   4568  2    |
+----------------+----------+-------------------+
| 2   135   13   | 6  15 7  | 48     9     48   |
| 15  9     4    | 8  3  2  | 157    157   6    |
| 6   7     8    | 9  15 4  | 15     2     3    |
+----------------+----------+-------------------+
",
        &[],
        &[
            "r1c2<>5", "r1c7<>5", "r1c8<>5", "r2c2<>5", "r2c7<>5", "r2c8<>5", "r4c8<>5", "r5c2<>5", "r5c7<>5",
            "r8c7<>5", "r8c8<>5",
        ],
    );
    assert_eq!(
        step.explanation(),
        "Jellyfish: in rows 3, 6, 7 and 9, 5 can only go in columns 2, 5, 7 and 8, so remove 5 from r1c2, r1c7, r1c8, r2c2, r2c7, r2c8, r4c8, r5c2, r5c7, r8c7 and r8c8."
    );
}

/// From top1465, line 573: `.....17.....6....3.6.4.95.1.2.......3.9.7.......56.....1..4.6.........8.7.2.....9`.
#[test]
fn hidden_quad() {
    let step = first_step(
        Technique::HiddenQuad,
        r"
+----------------+------------+----------------+
| 459  3459 345  | 2   58 1   | 7   469   468  |
| 2    459  1    | 6   58 7   | 489 49    3    |
| 8    6    7    | 4   3  9   | 5   2     1    |
+----------------+------------+----------------+
| 456  2    4568 | 138 9  348 | 348 13457 4578 |
| 3    458  9    | 18  7  24  | 28  156   568  |
| 1    7    48   | 5   6  23  | 239 39    48   |
+----------------+------------+----------------+
| 59   1    358  | 79  4  358 | 6   357   2    |
| 4569 3459 3456 | 79  2  35  | 1   8     457  |
| 7    3458 2    | 38  1  6   | 34  345   9    |
+----------------+------------+----------------+
",
        &[],
        &["r4c8<>3", "r4c8<>4", "r4c9<>4", "r4c9<>8", "r5c9<>8"],
    );
    assert_eq!(
        step.explanation(),
        "Hidden quad: in box 6, 1, 5, 6 and 7 can only go in r4c8, r4c9, r5c8 and r5c9, so remove 3 from r4c8, 4 from r4c8 and r4c9, and 8 from r4c9 and r5c9."
    );
}

/// From top1465, line 201: `..9..63...72..........17..51..3..9..........86.84....1.6.........1.2....9.3...45.`.
#[test]
fn bug_plus_one() {
    let step = first_step(
        Technique::BugPlusOne,
        r"
+---------+-----------+---------+
| 8 1  9  | 2  5   6  | 3  7  4 |
| 5 7  2  | 8  4   3  | 1  6  9 |
| 3 4  6  | 9  1   7  | 2  8  5 |
+---------+-----------+---------+
| 1 5  47 | 3  78  28 | 9  24 6 |
| 2 39 47 | 16 679 15 | 57 34 8 |
| 6 39 8  | 4  79  25 | 57 23 1 |
+---------+-----------+---------+
| 4 6  5  | 7  3   9  | 8  1  2 |
| 7 8  1  | 5  2   4  | 6  9  3 |
| 9 2  3  | 16 68  18 | 4  5  7 |
+---------+-----------+---------+
",
        &["r5c5=7"],
        &[],
    );
    assert_eq!(
        step.explanation(),
        "BUG+1: every empty cell but r5c5 has two candidates, and without 7 in r5c5 every candidate would appear exactly twice in each of its houses, a pattern with no unique solution; so r5c5 is 7."
    );
}

/// From the 17-clue list, line 151: `.................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1.....`.
#[test]
fn simple_colouring() {
    let step = first_step(
        Technique::SimpleColouring,
        r"
+-------------+-----------+-----------+
| 5   3789 46 | 789 24 1  | 689 23 78 |
| 37  3789 46 | 789 24 5  | 689 23 1  |
| 1   789  2  | 6   78 3  | 5   79 4  |
+-------------+-----------+-----------+
| 78  6    1  | 3   78 9  | 4   5  2  |
| 9   2    78 | 78  5  4  | 1   6  3  |
| 4   5    3  | 2   1  6  | 7   8  9  |
+-------------+-----------+-----------+
| 378 37   5  | 4   9  78 | 2   1  6  |
| 2   1    9  | 5   6  78 | 3   4  78 |
| 6   4    78 | 1   3  2  | 89  79 5  |
+-------------+-----------+-----------+
",
        &[],
        &["r3c5<>7", "r3c8<>7", "r4c1<>7", "r5c4<>7", "r7c6<>7", "r8c9<>7", "r9c3<>7"],
    );
    assert_eq!(
        step.explanation(),
        "Simple colouring on 7 (colour wrap): colouring the conjugate pairs of 7 puts r3c5, r3c8, r4c1, r5c4, r7c6, r8c9 and r9c3 in one colour and r1c9, r4c5, r5c3, r8c6 and r9c8 in the other; r3c5 and r3c8 have the same colour and see each other, so that colour is false: remove 7 from r3c5, r3c8, r4c1, r5c4, r7c6, r8c9 and r9c3."
    );
}

/// From the 17-clue list, line 289: `.................1..2..3.4........2..5..6.3..16..7.........8.....4..2....7..1...6`.
#[test]
fn x_chain() {
    let step = first_step(
        Technique::XChain,
        r"
+-----------------+---------------+-------------+
| 5789  389  1    | 589  4    67  | 589 36  2   |
| 45789 3489 5789 | 589  2    67  | 589 36  1   |
| 6     89   2    | 1    589  3   | 7   4   589 |
+-----------------+---------------+-------------+
| 4789  489  789  | 3589 3589 1   | 6   2   579 |
| 2     5    789  | 489  6    49  | 3   1   79  |
| 1     6    3    | 2    7    59  | 4   589 589 |
+-----------------+---------------+-------------+
| 359   2    6    | 7    359  8   | 1   59  4   |
| 589   1    4    | 6    59   2   | 589 7   3   |
| 3589  7    589  | 3459 1    459 | 2   589 6   |
+-----------------+---------------+-------------+
",
        &[],
        &["r4c1<>8"],
    );
    assert_eq!(
        step.explanation(),
        "X-Chain on 8: r4c5 = r3c5 - r3c9 = r6c9 - r6c8 = r9c8 - r8c7 = r8c1 (= a strong link, - a weak link): if r4c5 isn't 8, r8c1 is, so one of them holds 8: remove 8 from r4c1."
    );
}
