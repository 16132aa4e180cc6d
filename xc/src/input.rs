//! Reading input files (or stdin, for `-` or no file), with errors that
//! name the file.

use crate::exit::Failure;
use std::io::Read;
use std::path::Path;

/// The name used for standard input in messages.
pub const STDIN: &str = "<stdin>";

/// The display name of an input: the path, or `<stdin>`.
pub fn display_name(path: Option<&Path>) -> String {
    match path {
        Some(p) if p != Path::new("-") => p.display().to_string(),
        _ => STDIN.to_string(),
    }
}

/// The most a whole-file read takes: pictures, region maps and the like
/// are far smaller, and `/dev/zero` must not take all the memory.
pub const MAX_FILE: u64 = 64 << 20;

/// Reads a whole input as bytes, at most [`MAX_FILE`] of them: a longer
/// input is an error that says so.
pub fn read_all(path: Option<&Path>) -> Result<Vec<u8>, Failure> {
    let name = display_name(path);
    let mut bytes = Vec::new();
    let result = match path {
        Some(p) if p != Path::new("-") => open(p).and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes)),
        _ => stdin().take(MAX_FILE + 1).read_to_end(&mut bytes),
    };
    result.map_err(|e| Failure::input(format!("{name}: {}", describe(&e))))?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(Failure::input(format!(
            "{name}: longer than {}, the most a file of this kind may be",
            exactcover::text::show_bytes(MAX_FILE)
        )));
    }
    Ok(bytes)
}

/// Standard input, locked. On a terminal, a line on stderr first says that
/// `xc` is waiting for input and how to end it, so that a user who forgot
/// the file isn't left looking at a silent prompt.
pub fn stdin() -> std::io::StdinLock<'static> {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!("xc: reading standard input; type or paste, then end with Ctrl-D (or give a file name)");
    }
    stdin.lock()
}

/// Opens a file for reading, refusing directories with a clear message.
pub fn open(path: &Path) -> std::io::Result<std::fs::File> {
    if path.is_dir() {
        return Err(std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory"));
    }
    std::fs::File::open(path)
}

/// A short description of an I/O error, without Rust's `(os error N)`.
pub fn describe(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "is a directory".to_string(),
        _ => {
            let s = e.to_string();
            s.split(" (os error").next().unwrap_or(&s).to_string()
        }
    }
}
