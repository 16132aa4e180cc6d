//! Durations on the command line (`--time-limit 10s`, `--queue-wait 1s`).

use std::time::Duration;

/// Parses `10s`, `500ms`, `2m` or `1h`. The unit is required: a bare `5`
/// could mean seconds or milliseconds, so it is refused.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number.parse().map_err(|_| format!("bad duration `{text}`: use e.g. 10s, 500ms, 2m"))?;
    let seconds = match unit.trim() {
        "" => return Err(format!("bad duration `{text}`: give a unit, e.g. {text}s or {text}ms")),
        "s" | "sec" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("bad duration unit `{unit}`: use ms, s, m or h")),
    };
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("bad duration `{text}`"))
}

#[cfg(test)]
mod tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("10s").unwrap(), Duration::from_secs(10));
        assert_eq!(parse_duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(parse_duration("2m").unwrap(), Duration::from_secs(120));
        assert_eq!(parse_duration("1.5s").unwrap(), Duration::from_millis(1500));
        assert_eq!(parse_duration("5").unwrap_err(), "bad duration `5`: give a unit, e.g. 5s or 5ms");
        assert!(parse_duration("ten").is_err());
        assert!(parse_duration("5 parsecs").is_err());
    }
}
