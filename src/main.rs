//! `xc`: the exactcover command line. See `docs/CLI.md`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
