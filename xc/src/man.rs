//! `xc man`: the manual pages, one per command (`xc(1)`, `xc-sudoku(1)`,
//! `xc-sudoku-solve(1)`, …), made from the clap definition by
//! `clap_mangen`, with sections of our own: EXAMPLES as an indented list
//! (one command per line, set in bold, its meaning below), EXIT STATUS,
//! and SEE ALSO naming only pages that `xc man --dir` writes. No page
//! refers to files of the source tree, which an installed user doesn't
//! have.

use crate::exit::{self, Failure};
use clap::Command;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `xc man`.
#[derive(clap::Args, Debug)]
pub struct ManArgs {
    /// Write every page (xc.1, xc-sudoku.1, xc-sudoku-solve.1, …) into DIR
    /// instead of printing xc(1); DIR is made if missing. For man to find
    /// them, use a `man1` folder on its path, e.g. ~/.cargo/share/man/man1
    /// beside ~/.cargo/bin (man-db looks there for programs on the PATH).
    #[arg(long, value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    dir: Option<PathBuf>,
}

/// Examples per page: the command's full name, then each command line
/// with what it does. The top page's are also `xc --help`'s.
pub const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    (
        "xc",
        &[
            ("xc sudoku solve puzzles.txt", "solve each puzzle, proving its solution unique"),
            ("xc sudoku generate -n 10 --rate", "ten new puzzles with their ratings"),
            ("xc cover problem.dlx --all", "every solution of a problem in Knuth's DLX format"),
            ("xc queens 12", "count the 14200 ways to place 12 queens"),
            ("xc serve --open", "the Sudoku page at http://127.0.0.1:8080/"),
            ("xc completions bash > ~/.local/share/bash-completion/completions/xc", "completions for bash"),
            ("xc man --dir ~/.cargo/share/man/man1", "these manual pages, where man finds them"),
        ],
    ),
    (
        "xc-sudoku-solve",
        &[
            ("xc sudoku solve puzzles.txt", "each puzzle's solution, one per line, each proved unique"),
            ("echo PUZZLE | xc sudoku solve", "a puzzle from standard input"),
            ("xc sudoku solve 12..34..2143432.", "a 4×4 puzzle written out (a file of that name would win)"),
            ("xc sudoku solve --limit 3 -", "up to three solutions of each puzzle from standard input"),
        ],
    ),
    ("xc-sudoku-count", &[("xc sudoku count --limit 1000 puzzles.txt", "each puzzle's solutions, up to 1000")]),
    ("xc-sudoku-check", &[("xc sudoku check grids.txt", "the broken rules of each grid, naming the cells")]),
    (
        "xc-sudoku-generate",
        &[
            ("xc sudoku generate -n 100 --seed 7", "100 minimal puzzles, the same ones every time"),
            ("xc sudoku generate --symmetry mirror --difficulty hard", "a hard puzzle with mirrored givens"),
        ],
    ),
    (
        "xc-sudoku-rate",
        &[
            ("xc sudoku rate puzzles.txt", "SE's rating (ER/EP/ED) and our level, per puzzle"),
            ("xc sudoku rate --format csv puzzles.txt", "the same as CSV, with a column per technique"),
        ],
    ),
    ("xc-sudoku-hint", &[("xc sudoku hint GRID --puzzle PUZZLE", "the next step, or the first wrong entry")]),
    ("xc-sudoku-explain", &[("xc sudoku explain -v PUZZLE", "every step, with the candidates after each")]),
    (
        "xc-cover",
        &[
            ("xc cover problem.dlx", "count the solutions; DLX1's last line"),
            ("xc cover big.dlx --threads 0", "on every core, with the same counts"),
            ("xc cover big.dlx --shard 3/8 > part3.json", "part 3 of 8, for xc merge"),
        ],
    ),
    ("xc-merge", &[("xc merge part*.json", "the whole search's counts, once every part is there")]),
    ("xc-langford", &[("xc langford 12", "108144 pairings, each with its reversal counted once")]),
    ("xc-polyomino", &[("xc polyomino --board 6x10 --distinct --print 1", "2339 packings, and the first one")]),
];

/// The exit codes, for EXIT STATUS and `xc --help`.
pub const EXIT_CODES: &[(u8, &str)] = &[
    (exit::SOLVED, "solved (every puzzle of a batch)"),
    (exit::NO_SOLUTION, "no solution (some puzzle of a batch)"),
    (exit::BAD_INPUT, "bad input or usage"),
    (exit::LIMIT, "stopped by a limit"),
    (exit::INTERNAL, "internal error: an answer failed the independent check"),
    (exit::INTERRUPTED, "interrupted (Ctrl-C)"),
];

/// Runs `xc man`.
pub fn run(args: &ManArgs, cli: Command, out: &mut dyn Write) -> Result<u8, Failure> {
    let mut cli = cli.disable_help_subcommand(true);
    cli.build();
    match &args.dir {
        None => out.write_all(&page(&cli, None))?,
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| Failure::input(format!("{}: {}", dir.display(), crate::input::describe(&e))))?;
            let written = write_all(&cli, None, dir)?;
            writeln!(out, "{} manual pages written to {}", written.len(), dir.display())?;
        }
    }
    Ok(exit::SOLVED)
}

/// Writes the page of `cmd` and of each command under it; returns the
/// files written.
fn write_all(cmd: &Command, parent: Option<&str>, dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let mut written = Vec::new();
    let path = dir.join(format!("{}.1", name(cmd)));
    std::fs::write(&path, page(cmd, parent))
        .map_err(|e| Failure::input(format!("{}: {}", path.display(), crate::input::describe(&e))))?;
    written.push(path);
    for sub in visible(cmd) {
        written.extend(write_all(sub, Some(&name(cmd)), dir)?);
    }
    Ok(written)
}

/// The page's name: `xc-sudoku-solve` (clap's display name once built).
fn name(cmd: &Command) -> String {
    cmd.get_display_name().unwrap_or(cmd.get_name()).to_string()
}

fn visible(cmd: &Command) -> impl Iterator<Item = &Command> {
    cmd.get_subcommands().filter(|s| !s.is_hide_set())
}

/// One page in roff: clap_mangen's sections, then ours.
fn page(cmd: &Command, parent: Option<&str>) -> Vec<u8> {
    let this = name(cmd);
    // Our EXAMPLES and EXIT STATUS stand for the help's own text.
    let version = cmd.get_version().unwrap_or_default();
    let man = clap_mangen::Man::new(cmd.clone().after_help("").after_long_help(""))
        .title(this.to_uppercase())
        .source(format!("xc {version}"));
    let mut roff = Vec::new();
    // Writing to a Vec can't fail.
    let _ = man.render_title(&mut roff);
    let _ = man.render_name_section(&mut roff);
    let _ = man.render_synopsis_section(&mut roff);
    let _ = man.render_description_section(&mut roff);
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        let _ = man.render_options_section(&mut roff);
    }
    if visible(cmd).next().is_some() {
        let _ = man.render_subcommands_section(&mut roff);
    }
    let mut text = String::from_utf8_lossy(&roff).into_owned();
    if let Some((_, examples)) = EXAMPLES.iter().find(|(page, _)| *page == this) {
        text.push_str(".SH EXAMPLES\n");
        for (command, what) in *examples {
            text.push_str(&format!(".TP\n.B {}\n{}\n", escape(command), escape(what)));
        }
    }
    text.push_str(".SH \"EXIT STATUS\"\n");
    for (code, what) in EXIT_CODES {
        text.push_str(&format!(".TP\n.B {code}\n{}\n", escape(what)));
    }
    let mut see: Vec<String> = parent.map(str::to_string).into_iter().collect();
    see.extend(visible(cmd).map(name));
    if parent.is_some_and(|p| p != "xc") {
        see.insert(0, "xc".to_string());
    }
    if !see.is_empty() {
        let refs: Vec<String> = see.iter().map(|p| format!("\\fB{}\\fR(1)", escape(p))).collect();
        text.push_str(&format!(".SH \"SEE ALSO\"\n{}\n", refs.join(", ")));
    }
    if let Some(v) = cmd.get_version() {
        text.push_str(&format!(".SH VERSION\nv{}\n", escape(v)));
    }
    text.into_bytes()
}

/// Text for roff: backslashes doubled, hyphens as `\-` (so commands copy
/// as typed), and a line that starts with `.` or `'` kept from being read
/// as a request.
fn escape(text: &str) -> String {
    let t = text.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with(['.', '\'']) { format!("\\&{t}") } else { t }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn built() -> Command {
        let mut cli = crate::Cli::command().disable_help_subcommand(true);
        cli.build();
        cli
    }

    /// Every page named in SEE ALSO, and every page with examples, is one
    /// that `--dir` writes; no page mentions the source tree.
    #[test]
    fn every_reference_is_a_page_written() {
        let dir = std::env::temp_dir().join(format!("xc-man-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let written = write_all(&built(), None, &dir).unwrap();
        let names: Vec<String> =
            written.iter().map(|p| p.file_stem().unwrap().to_string_lossy().replace('-', "\\-")).collect();
        assert!(names.len() >= 17, "{names:?}");
        for n in ["xc", "xc\\-sudoku", "xc\\-sudoku\\-solve", "xc\\-cover", "xc\\-man", "xc\\-completions"] {
            assert!(names.contains(&n.to_string()), "{n}: {names:?}");
        }
        for (page, _) in EXAMPLES {
            assert!(names.contains(&page.replace('-', "\\-")), "{page}");
        }
        for path in &written {
            let text = std::fs::read_to_string(path).unwrap();
            assert!(!text.contains("docs/") && !text.contains(".md"), "{}", path.display());
            for (k, _) in text.match_indices("(1)") {
                let before = &text[..k];
                let before = before.strip_suffix("\\fR").unwrap_or(before);
                let start =
                    before.rfind(|c: char| !(c.is_ascii_lowercase() || c == '\\' || c == '-')).map_or(0, |i| i + 1);
                let referenced = &before[start..];
                assert!(names.iter().any(|n| n == referenced), "{}: `{referenced}`", path.display());
            }
        }
        let solve = std::fs::read_to_string(dir.join("xc-sudoku-solve.1")).unwrap();
        assert!(solve.starts_with(".ie \\n(.g .ds Aq \\(aq") || solve.contains(".TH XC-SUDOKU-SOLVE 1"), "{solve}");
        assert!(solve.contains(".SH EXAMPLES\n.TP\n.B xc sudoku solve puzzles.txt\n"), "{solve}");
        assert!(solve.contains(".SH \"SEE ALSO\"\n\\fBxc\\fR(1), \\fBxc\\-sudoku\\fR(1)\n"), "{solve}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
