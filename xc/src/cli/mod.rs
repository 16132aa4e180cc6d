//! What the subcommands share on the command line: the output format, the
//! parsers of durations and sizes, the run's clock, and the arguments of a
//! subcommand defined only when a run needs them.
//!
//! Nothing here names a subcommand, so every subcommand imports from it and
//! it imports from none of them; `main.rs` holds the clap definition of the
//! commands and nothing the subcommands use.

pub mod clock;
mod deferred;
mod duration;
mod format;
mod size;

pub use deferred::Deferred;
pub use duration::parse_duration;
pub use format::Format;
pub use size::parse_size;
