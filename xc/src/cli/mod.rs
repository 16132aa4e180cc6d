//! What the subcommands share on the command line: the output format, the
//! parsers of durations and sizes, and the run's clock.
//!
//! Nothing here names a subcommand, so every subcommand imports from it and
//! it imports from none of them; `main.rs` holds the clap definition of the
//! commands and nothing the subcommands use.

pub mod clock;
mod duration;
mod format;
mod size;

pub use duration::parse_duration;
pub use format::Format;
pub use size::parse_size;
