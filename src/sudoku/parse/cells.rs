//! The text of one line, read as cells: a run of cell characters, a
//! solution after a puzzle, a row of a block, or a CSV header. Each
//! error names the line and the column of what is wrong.

#![forbid(unsafe_code)]

use crate::sudoku::error::{ParseErrorKind, SudokuError};
use crate::sudoku::grid::Grid;
use crate::sudoku::names::digit_value;

pub(super) fn is_cell_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '.' || c == '_'
}

/// A CSV header: words of letters and `_` separated by commas, with at
/// least one comma and a letter that no grid uses as a digit (beyond `P`).
pub(super) fn is_header(line: &str) -> bool {
    line.contains(',')
        && line.chars().all(|c| c.is_ascii_alphabetic() || c == '_' || c == ',' || c == ' ')
        && line.chars().any(|c| c.is_ascii_alphabetic() && c.to_ascii_uppercase() > 'P')
}

/// A line that is not a whole puzzle: how many cells it has (separators
/// aside), and what it looks like instead.
pub(super) fn wrong_length(line: usize, text: &str) -> SudokuError {
    let cells = text.chars().filter(|&c| is_cell_char(c)).count();
    let spaced = text.trim().contains([' ', '\t', '|']);
    let looks_like_row = spaced && [4, 9, 16, 25].contains(&cells);
    SudokuError::parse(line, 1, ParseErrorKind::WrongLength { cells, looks_like_row })
}

/// Parses a run of cell characters starting at `column`.
pub(super) fn parse_cells(cells: &str, line: usize, column: usize) -> Result<Grid, SudokuError> {
    let count = cells.chars().count();
    let side = [4, 9, 16, 25].into_iter().find(|s| s * s == count).expect("checked lengths");
    let values = cells
        .chars()
        .enumerate()
        .map(|(k, c)| {
            digit_value(c, side).ok_or_else(|| {
                SudokuError::parse(line, column + k, ParseErrorKind::BadCell { character: c, cell: k, side })
            })
        })
        .collect::<Result<Vec<u8>, _>>()?;
    Ok(Grid::from_cells(values).expect("checked size"))
}

pub(super) fn parse_solution(text: &str, puzzle: &Grid, line: usize, column: usize) -> Result<Grid, SudokuError> {
    if text.chars().count() != puzzle.cells().len() {
        return Err(SudokuError::parse(line, column, ParseErrorKind::SolutionLength));
    }
    parse_cells(text, line, column)
}

/// The cells of a block row, each with the column (from 1, in
/// characters) it is written at, or `None` for a separator line.
pub(super) fn block_cells(text: &str, line: usize) -> Result<Option<Vec<(u8, usize)>>, SudokuError> {
    let body = text.trim_end();
    if body.chars().all(|c| matches!(c, '-' | '+' | '=' | '|' | '*' | ' ' | '\t')) {
        return Ok(None);
    }
    if body.contains(',') {
        let mut row = Vec::new();
        for (k, (column, field)) in fields(body, &[',']).into_iter().enumerate() {
            let value = match field {
                "" => 0,
                _ => cell_value(field).ok_or_else(|| {
                    SudokuError::parse(line, column, ParseErrorKind::BadField { field: k + 1, text: field.to_string() })
                })?,
            };
            row.push((value, column));
        }
        if row.len() > 1 && body.ends_with(',') && ![4, 9, 16, 25].contains(&row.len()) {
            row.pop();
        }
        return Ok(Some(row));
    }
    let tokens: Vec<(usize, &str)> =
        fields(body, &[' ', '\t', '|']).into_iter().filter(|(_, t)| !t.is_empty()).collect();
    let numbers = tokens.iter().any(|(_, t)| t.len() > 1) && tokens.iter().all(|(_, t)| t.parse::<u8>().is_ok());
    if numbers {
        return Ok(Some(tokens.iter().map(|&(column, t)| (t.parse().expect("checked"), column)).collect()));
    }
    let mut row = Vec::new();
    for (k, c) in body.chars().enumerate() {
        if matches!(c, ' ' | '\t' | '|') {
            continue;
        }
        let value =
            digit_value(c, 25).ok_or_else(|| SudokuError::parse(line, k + 1, ParseErrorKind::BadCharacter(c)))?;
        row.push((value, k + 1));
    }
    Ok(Some(row))
}

/// The fields of `body` split at any of `separators`, trimmed, each with
/// the column (from 1, in characters) where its text starts.
fn fields<'a>(body: &'a str, separators: &[char]) -> Vec<(usize, &'a str)> {
    let mut column = 1;
    body.split(separators)
        .map(|part| {
            let lead = part.chars().take_while(|c| c.is_whitespace()).count();
            let field = (column + lead, part.trim());
            column += part.chars().count() + 1;
            field
        })
        .collect()
}

fn cell_value(field: &str) -> Option<u8> {
    if let Ok(v) = field.parse::<u8>() {
        return (v <= 25).then_some(v);
    }
    let mut chars = field.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => digit_value(c, 25),
        _ => None,
    }
}
