//! Progress bars, on a terminal only.

use exactcover::cover::Progress;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

/// Whether progress is shown at all: stderr is a terminal. Without it a
/// search gets no gauge, so it doesn't compute estimates nobody reads.
pub fn shown() -> bool {
    std::io::stderr().is_terminal()
}

/// A bar over `total` units (bytes or items), or a hidden one when stderr
/// is not a terminal or `total` is small.
pub fn bar(total: u64, min_total: u64, unit: &str) -> ProgressBar {
    if !shown() || total < min_total {
        return ProgressBar::hidden();
    }
    let template = match unit {
        "bytes" => "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg} (eta {eta})",
        "fraction" => "{spinner} [{elapsed_precise}] {wide_bar} {percent}% estimated, {msg} (eta {eta})",
        _ => "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} (eta {eta})",
    };
    let style = ProgressStyle::default_bar().template(template).unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(total).with_style(style)
}

/// A spinner with the elapsed time and a message, for work of unknown
/// size; hidden when stderr is not a terminal.
pub fn spinner() -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::default_spinner()
        .template("{spinner} [{elapsed_precise}] {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    ProgressBar::new_spinner().with_style(style)
}

/// Runs the build of a decision diagram while a thread shows, on a
/// terminal only, a bar driven by the gauge's estimate and the states
/// memoised so far (the gauge's count).
pub fn while_building<T>(gauge: &Progress, work: impl FnOnce() -> T) -> T {
    showing(bar(1000, 0, "fraction"), work, |bar| {
        bar.set_position((gauge.fraction() * 1000.0) as u64);
        bar.set_message(format!("{} states memoised", gauge.solutions()));
    })
}

/// Runs `work` while a thread shows, on a terminal only, the elapsed time,
/// the solutions found so far, and with a gauge (one thread) a bar driven
/// by Knuth's estimate of the fraction done, with its eta.
pub fn while_searching<T>(
    gauge: Option<&Progress>,
    solutions: &(dyn Fn() -> u64 + Sync),
    work: impl FnOnce() -> T,
) -> T {
    let bar = match gauge {
        Some(_) => bar(1000, 0, "fraction"),
        None => spinner(),
    };
    showing(bar, work, |bar| {
        if let Some(gauge) = gauge {
            bar.set_position((gauge.fraction() * 1000.0) as u64);
        }
        bar.set_message(format!("{} solutions", solutions()));
    })
}

/// Runs `work` while a thread calls `tick` on `bar` every 200 ms, then
/// clears it; with the bar hidden (no terminal), just runs `work`.
fn showing<T>(bar: ProgressBar, work: impl FnOnce() -> T, tick: impl Fn(&ProgressBar) + Sync) -> T {
    if bar.is_hidden() {
        return work();
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let ticking = std::thread::Builder::new().spawn_scoped(scope, || {
            while !done.load(Relaxed) {
                std::thread::sleep(Duration::from_millis(200));
                tick(&bar);
            }
            bar.finish_and_clear();
        });
        // With no thread to spare for the bar, the work goes on without it.
        if ticking.is_err() {
            bar.finish_and_clear();
        }
        let result = work();
        done.store(true, Relaxed);
        result
    })
}
