//! Knuth's DLX text format: what is accepted, what is rejected (with line
//! and column), and the round trip through the writer.

use exactcover::cover::{
    BuildError, ItemId, ParseErrorKind, Problem, ProblemBuilder, read_dlx, read_dlx_bytes, write_dlx,
};

fn error(text: &str) -> (usize, usize, ParseErrorKind) {
    let e = read_dlx(text).unwrap_err();
    (e.line, e.column, e.kind)
}

#[test]
fn comments_blank_lines_crlf_and_bom_are_accepted() {
    let text = "\u{feff}| a comment\r\n\r\nA B | x\r\n| another\r\nA x:red\r\nB x:red\r\n";
    let input = read_dlx(text).unwrap();
    assert_eq!(input.problem.item_count(), 3);
    assert_eq!(input.problem.option_count(), 2);
    assert_eq!(input.problem.solver().count(), 1);
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(error("A B\nA C\n"), (2, 3, ParseErrorKind::UnknownItem("C".into())));
    assert_eq!(error("A B A\n"), (1, 5, ParseErrorKind::DuplicateItem("A".into())));
    assert_eq!(error("A B\nA  B A\n"), (2, 6, ParseErrorKind::RepeatedItem("A".into())));
    assert_eq!(error("A | x | y\nA\n"), (1, 7, ParseErrorKind::TwoBars));
    assert_eq!(error("A | x\nA:red x\n"), (2, 1, ParseErrorKind::ColorOnPrimary("A".into())));
    assert_eq!(error("| x\n| y\n| only comments\n"), (1, 1, ParseErrorKind::NoItems));
    assert_eq!(error("| x\n"), (1, 1, ParseErrorKind::NoItems));
    assert_eq!(error("| x y\n| z\n\n  | x\nx\n"), (4, 3, ParseErrorKind::NoPrimaryItems));
    assert_eq!(error("A | x\nA x:\n"), (2, 3, ParseErrorKind::EmptyColor("x".into())));
    assert_eq!(error("A a:b\n"), (1, 3, ParseErrorKind::BadItemName("a:b".into())));
    // An item named twice in an option of many, and on two lines (not twice).
    let names: Vec<String> = (0..20_000).map(|i| format!("i{i}")).collect();
    let all = names.join(" ");
    let text = format!("{all}\n{all}\n{all} i7\n");
    assert_eq!(error(&text), (3, all.len() + 2, ParseErrorKind::RepeatedItem("i7".into())));
    assert_eq!(error(&format!("{all} A\nA\n{all}\nA i3 A\n")), (4, 6, ParseErrorKind::RepeatedItem("A".into())));
}

/// Each fault of a name on the item line is named as what it is: a
/// multiplicity with no name after it, a `|` in a name, a `:` in one.
#[test]
fn bad_names_say_what_is_wrong() {
    let message = |text: &str| read_dlx(text).unwrap_err().to_string();
    assert_eq!(message("A 1:2|\n"), "line 1, column 3: `1:2|` gives a multiplicity but no item name after the `|`");
    assert_eq!(message("A 2|\n"), "line 1, column 3: `2|` gives a multiplicity but no item name after the `|`");
    assert_eq!(message("2||B\n"), "line 1, column 1: item name `|B` contains `|`");
    assert_eq!(message("A a:b\n"), "line 1, column 3: item name `a:b` contains `:`");
}

/// Control characters in names (ESC, BEL) are shown escaped, never sent
/// raw to the terminal that reads the message.
#[test]
fn control_characters_in_names_are_escaped_in_messages() {
    let message = |text: &str| read_dlx(text).unwrap_err().to_string();
    assert_eq!(message("A\nA \u{1b}[31mred\u{7}\n"), "line 2, column 3: unknown item `\\u{1b}[31mred\\u{7}`");
    assert_eq!(message("\u{1b}x \u{1b}x\n"), "line 1, column 4: duplicate item name `\\u{1b}x`");
    let mut b = ProblemBuilder::new();
    let e = b.primary("a\u{7}b c").unwrap_err();
    assert!(e.to_string().starts_with("bad item name `a\\u{7}b c`"), "{e}");
}

#[test]
fn no_primary_items_is_an_error() {
    assert_eq!(error("| x y\n").2, ParseErrorKind::NoItems);
    assert_eq!(error(" | x y\nx\n"), (1, 2, ParseErrorKind::NoPrimaryItems));
}

#[test]
fn options_without_primary_items_are_ignored_with_a_warning() {
    let input = read_dlx("A | x\nx\nA\n").unwrap();
    assert_eq!(input.warnings.len(), 1);
    assert_eq!(input.warnings[0].line, 2);
    assert_eq!(input.problem.ignored_options().len(), 1);
    assert_eq!(input.problem.solver().count(), 1);
}

#[test]
fn a_primary_item_no_option_covers_gives_no_solution() {
    let p = Problem::from_dlx("A B\nA\n").unwrap();
    assert_eq!(p.solver().count(), 0);
}

#[test]
fn invalid_utf8_is_reported_with_its_position() {
    let e = read_dlx_bytes(b"A B\nA \xff\n").unwrap_err();
    assert_eq!((e.line, e.column, e.kind), (2, 3, ParseErrorKind::InvalidUtf8));
}

#[test]
fn writer_and_reader_round_trip() {
    let text = "| colours\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
    let p = Problem::from_dlx(text).unwrap();
    let written = write_dlx(&p);
    assert_eq!(written, "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n");
    let q = Problem::from_dlx(&written).unwrap();
    assert_eq!(write_dlx(&q), written);
    assert_eq!(q.solver().count(), p.solver().count());
}

/// Fuzzing (dlx_parse, `fuzz/corpus/dlx_parse/regression-bom-name`): a
/// name starting with U+FEFF, not at the very start of the file, was
/// accepted; the writer put it first, and reading that back stripped it as
/// a byte-order mark, so the round trip failed. Such names are refused now,
/// by the reader and the builder.
#[test]
fn names_starting_with_a_byte_order_mark_are_refused() {
    let bad = |name: &str| ParseErrorKind::Build(BuildError::BadName { name: name.into() });
    assert_eq!(error("\r\u{feff}"), (1, 2, bad("\u{feff}")));
    let text = "|\n\u{feff}A\n\u{feff}A\n";
    assert_eq!(error(text), (2, 1, bad("\u{feff}A")));
    assert!(matches!(ProblemBuilder::new().secondary("\u{feff}x"), Err(BuildError::BadName { .. })));
    let p = Problem::from_dlx("\u{feff}A x\u{feff}\nA x\u{feff}\n").unwrap();
    assert_eq!(write_dlx(&p), "A x\u{feff}\nA x\u{feff}\n");
}

#[test]
fn builder_errors_are_typed() {
    let mut b = ProblemBuilder::new();
    b.primary("A").unwrap();
    b.secondary("x").unwrap();
    assert_eq!(b.primary("A"), Err(BuildError::DuplicateItem { name: "A".into() }));
    assert_eq!(b.option(["A", "Q"]), Err(BuildError::UnknownItem { option: 0, name: "Q".into() }));
    assert_eq!(b.option(["A", "A"]), Err(BuildError::RepeatedItem { option: 0, name: "A".into() }));
    assert_eq!(b.option(Vec::<&str>::new()), Err(BuildError::EmptyOption { option: 0 }));
    assert_eq!(b.option(["A:red"]), Err(BuildError::ColorOnPrimary { option: 0, name: "A".into() }));
    assert!(matches!(b.primary("a b"), Err(BuildError::BadName { .. })));
    assert!(b.option(["A", "x:red"]).is_ok());
    // A colour that the DLX text could not hold as one word: written out,
    // `A x:r d` would read back as the colour `r` and the item `d`.
    let bad = |color: &str| BuildError::BadColor { option: 1, name: "x".into(), color: color.into() };
    for color in ["r d", "", "r\n", "\u{a0}r"] {
        assert_eq!(b.option(["A".to_string(), format!("x:{color}")]), Err(bad(color)), "{color:?}");
        let c = b.color(color);
        assert_eq!(b.colored_option_ids(&[(ItemId::from_u32(1), c)]), Err(bad(color)), "{color:?}");
    }
    assert!(b.option(["A", "x:a:b"]).is_ok());
    let p = Problem::from_dlx("A B | x\nA x:a:b\nB x:a:b\n").unwrap();
    let again = Problem::from_dlx(&write_dlx(&p)).unwrap();
    assert_eq!((write_dlx(&again), again.solver().count()), (write_dlx(&p), 1));
    assert_eq!(ProblemBuilder::with_items(0, 2).build().unwrap_err(), BuildError::NoPrimaryItems);
    let ragged = vec![vec![true, false], vec![true]];
    assert_eq!(
        Problem::from_bool_rows(&ragged, &[]).unwrap_err(),
        BuildError::RaggedMatrix { row: 1, len: 1, expected: 2 }
    );
    assert_eq!(
        Problem::from_bool_rows(&[vec![true]], &[3]).unwrap_err(),
        BuildError::NoSuchColumn { column: 3, columns: 1 }
    );
}
