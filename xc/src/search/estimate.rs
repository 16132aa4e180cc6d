//! `--estimate`: Knuth's Monte Carlo estimate of a whole search, printed
//! in a form that stays readable for trees of any size.

use super::args::{SearchArgs, limits};
use crate::cli::Format;
use crate::exit::{self, Failure};
use crate::wire;
use exactcover::cover::{Estimate, Problem, StopReason};
use std::io::Write;
use std::time::Duration;

/// How long the real search that measures the speed may run.
const CALIBRATION: Duration = Duration::from_millis(200);

/// Estimates the search of `problem` and writes the estimate. Ctrl-C (or
/// the time limit) stops the probes: the estimate from the probes made is
/// printed, marked as such, with the exit code of the stop.
pub fn run(problem: &Problem, args: &SearchArgs, out: &mut dyn Write) -> Result<u8, Failure> {
    let mut solver = problem.solver().with_limits(limits(args));
    let e = solver.estimate(args.probes, args.seed.unwrap_or(1), CALIBRATION);
    crate::interrupt::settled();
    match args.format {
        Format::Text => writeln!(out, "{}", text(&e))?,
        Format::Json => {
            let reply = wire::EstimateReply {
                probes: e.probes,
                nodes: e.nodes,
                updates: e.updates,
                solutions: e.solutions,
                seconds: e.seconds(),
                updates_per_second: e.updates_per_second,
                stopped: e.stopped.map(|r| r.to_string()),
            };
            out.write_all(&wire::encode(&reply))?;
            writeln!(out)?;
        }
    }
    Ok(e.stopped.map_or(exit::SOLVED, exit::for_stop))
}

/// The estimate in words: `Estimate from 10000 probes: about 1.2e27
/// nodes, …; about 3.7e17 years at 250 M updates/s.`
fn text(e: &Estimate) -> String {
    if e.probes == 0 {
        let why = e.stopped.map_or(String::new(), |r| format!(" ({r})"));
        return format!("No estimate: stopped before the first probe reached a leaf{why}.");
    }
    // "about" once, before the first figure, unless it is past measure.
    let about = |x: f64| if x.is_finite() { "about " } else { "" };
    let mut s = format!(
        "Estimate from {} probes: {}{} nodes, {} updates, {} solutions",
        e.probes,
        about(e.nodes),
        count(e.nodes),
        count(e.updates),
        count(e.solutions)
    );
    if e.updates_per_second > 0.0 {
        let seconds = e.seconds();
        s += &format!("; {}{} at {:.0} M updates/s", about(seconds), span(seconds), e.updates_per_second / 1e6);
    }
    s.push('.');
    if let Some(r) = e.stopped {
        s += &format!(" (stopped: {r}{})", if r == StopReason::Cancelled { "" } else { "; fewer probes than asked" });
    }
    s
}

/// A count as an integer up to a million, else as `1.2e27`.
fn count(x: f64) -> String {
    if !x.is_finite() {
        "more than 1e308".to_string()
    } else if x < 1e6 {
        format!("{x:.0}")
    } else {
        format!("{x:.1e}")
    }
}

/// A length of time in the largest unit that reads well: seconds, minutes,
/// hours, days, or years (`3.7e17 years` beyond ten thousand).
fn span(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86_400.0;
    match seconds {
        s if !s.is_finite() => "longer than the age of the universe".to_string(),
        s if s < 60.0 => format!("{s:.1} s"),
        s if s < 3_600.0 => format!("{:.1} minutes", s / 60.0),
        s if s < 86_400.0 => format!("{:.1} hours", s / 3_600.0),
        s if s < YEAR => format!("{:.1} days", s / 86_400.0),
        s if s < 1e4 * YEAR => format!("{:.1} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_estimates_read_well() {
        assert_eq!(count(1234.4), "1234");
        assert_eq!(count(1.2e27), "1.2e27");
        assert_eq!(count(f64::INFINITY), "more than 1e308");
        assert_eq!(span(12.34), "12.3 s");
        assert_eq!(span(90.0), "1.5 minutes");
        assert_eq!(span(7_200.0), "2.0 hours");
        assert_eq!(span(172_800.0), "2.0 days");
        assert_eq!(span(3.0 * 365.25 * 86_400.0), "3.0 years");
        assert_eq!(span(3.7e17 * 365.25 * 86_400.0), "3.7e17 years");
        assert_eq!(span(f64::INFINITY), "longer than the age of the universe");
        // Past measure, without "about" (it said "about more than 1e308").
        let past = Estimate {
            probes: 10,
            nodes: f64::INFINITY,
            updates: f64::INFINITY,
            solutions: f64::INFINITY,
            updates_per_second: 9e6,
            stopped: None,
        };
        assert_eq!(
            text(&past),
            "Estimate from 10 probes: more than 1e308 nodes, more than 1e308 updates, more than 1e308 solutions; \
             longer than the age of the universe at 9 M updates/s."
        );
    }

    #[test]
    fn a_stopped_estimate_says_so() {
        let e = Estimate {
            probes: 12,
            nodes: 5.8e16,
            updates: 1e18,
            solutions: 0.0,
            updates_per_second: 0.0,
            stopped: Some(StopReason::Cancelled),
        };
        assert_eq!(
            text(&e),
            "Estimate from 12 probes: about 5.8e16 nodes, 1.0e18 updates, 0 solutions. (stopped: interrupted)"
        );
        let none = Estimate { probes: 0, nodes: 0.0, updates: 0.0, stopped: Some(StopReason::Time), ..e };
        assert_eq!(text(&none), "No estimate: stopped before the first probe reached a leaf (time limit reached).");
    }
}
