//! Text that came from the user, shown back to them.
//!
//! Item names, puzzle lines and the like may hold control characters (ESC,
//! BEL, …). Echoed raw into an error or into printed output, they would
//! drive the user's terminal. [`Escaped`] shows such a text with every
//! control character written as a Rust escape (`\u{1b}`, `\t`), and every
//! other character as it is. [`show_bytes`] writes a size in bytes the
//! way people read it.

use std::fmt;

/// Displays a text with its control characters escaped.
///
/// ```
/// use exactcover::text::Escaped;
/// assert_eq!(Escaped("a\u{1b}[31mb").to_string(), "a\\u{1b}[31mb");
/// assert_eq!(Escaped("r1c1 ☺").to_string(), "r1c1 ☺");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        for c in self.0.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// A number of bytes as people write it: `512 B`, `1.5 KiB`, `4.0 GiB`.
///
/// ```
/// assert_eq!(exactcover::text::show_bytes(1536), "1.5 KiB");
/// ```
pub fn show_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 { format!("{bytes} B") } else { format!("{value:.1} {}", UNITS[unit]) }
}

/// Escapes one character as [`Escaped`] does.
pub fn escaped_char(c: char) -> String {
    let mut buf = [0; 4];
    Escaped(c.encode_utf8(&mut buf)).to_string()
}
