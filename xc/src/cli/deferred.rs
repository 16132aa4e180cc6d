//! A subcommand's arguments defined only when a run needs them: clap
//! builds the whole tree of commands before it parses a command line, and
//! the subcommands a run doesn't name were most of its start-up.
//!
//! [`Deferred<T>`] holds `T`'s arguments behind [`Command::defer`]: clap
//! adds them when it builds that subcommand, which it does to parse it,
//! to show its help, or for a manual page or completions (which build the
//! whole tree). Invariant: the subcommand is the one `T` defines, its
//! `about` and `long_about` (the variant's doc comment in `main.rs`, set
//! after `T`'s own) included, whenever clap reads it.

use clap::builder::Resettable;
use clap::{ArgMatches, Args, Command, FromArgMatches};

/// `T`'s arguments, defined when clap builds their subcommand.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T: Args> Args for Deferred<T> {
    fn augment_args(cmd: Command) -> Command {
        cmd.defer(define::<T>)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(define_for_update::<T>)
    }

    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }
}

/// `T`'s arguments added to `cmd`, whose `about` and `long_about` (set
/// when the tree was made, after the deferred definition was) stay.
fn define<T: Args>(cmd: Command) -> Command {
    keeping_about(cmd, T::augment_args)
}

/// [`define`] for an update of `T`.
fn define_for_update<T: Args>(cmd: Command) -> Command {
    keeping_about(cmd, T::augment_args_for_update)
}

fn keeping_about(cmd: Command, augment: fn(Command) -> Command) -> Command {
    let (about, long_about) = (cmd.get_about().cloned(), cmd.get_long_about().cloned());
    augment(cmd).about(Resettable::from(about)).long_about(Resettable::from(long_about))
}

impl<T: FromArgMatches> FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, Parser, Subcommand};

    /// Arguments of `inner` (what a struct's doc says, which the variant's
    /// doc overrides).
    #[derive(Args, Debug, PartialEq)]
    struct Inner {
        /// A number.
        #[arg(long, default_value_t = 3)]
        x: u32,
        /// A name.
        name: Option<String>,
    }

    #[derive(Parser, Debug)]
    #[command(name = "t", version)]
    struct Eager {
        #[command(subcommand)]
        command: EagerCommand,
    }

    #[derive(Subcommand, Debug)]
    enum EagerCommand {
        /// Do the thing.
        ///
        /// At length.
        Inner(Inner),
        /// Another.
        Other(Inner),
    }

    #[derive(Parser, Debug)]
    #[command(name = "t", version)]
    struct Lazy {
        #[command(subcommand)]
        command: LazyCommand,
    }

    #[derive(Subcommand, Debug)]
    enum LazyCommand {
        /// Do the thing.
        ///
        /// At length.
        Inner(Deferred<Inner>),
        /// Another.
        Other(Deferred<Inner>),
    }

    /// Every help text of a command and its subcommands, built.
    fn helps(mut command: Command) -> Vec<String> {
        command.build();
        let mut texts = vec![command.render_help().to_string(), command.render_long_help().to_string()];
        for sub in command.get_subcommands_mut() {
            texts.extend([
                sub.render_help().to_string(),
                sub.render_long_help().to_string(),
                sub.render_usage().to_string(),
            ]);
        }
        texts
    }

    /// A deferred subcommand has no arguments until clap builds it, and
    /// then reads and shows as the eager one does: the same help (the
    /// variant's doc, not the struct's), the same values, the same errors.
    #[test]
    fn a_deferred_subcommand_is_the_eager_one() {
        let lazy = Lazy::command();
        assert!(lazy.get_subcommands().all(|s| s.get_arguments().next().is_none()));
        assert!(Eager::command().get_subcommands().all(|s| s.get_arguments().count() == 2));
        assert_eq!(helps(Lazy::command()), helps(Eager::command()));
        let LazyCommand::Other(Deferred(lazy)) = Lazy::parse_from(["t", "other", "--x", "7", "n"]).command else {
            panic!("not other");
        };
        let EagerCommand::Other(eager) = Eager::parse_from(["t", "other", "--x", "7", "n"]).command else {
            panic!("not other");
        };
        assert_eq!(lazy, eager);
        for line in [
            &["t", "inner", "--y"][..],
            &["t", "inner", "a", "b"],
            &["t", "inner", "--x", "q"],
            &["t", "inner", "--version"],
        ] {
            let (lazy, eager) = (Lazy::try_parse_from(line).unwrap_err(), Eager::try_parse_from(line).unwrap_err());
            assert_eq!((lazy.kind(), lazy.to_string()), (eager.kind(), eager.to_string()), "{line:?}");
        }
    }
}
