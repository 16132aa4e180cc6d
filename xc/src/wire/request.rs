//! The request bodies, one struct per endpoint. Every field is typed; a
//! body with a field of the wrong type, out of range, or unknown, does not
//! decode (see [`super::decode`]).

use super::fields::{Difficulty, Positive, Size, Symmetry, Variant, Whole, by_name};
use serde::Deserialize;
use std::time::Duration;

/// Default and largest node budgets per request.
pub const NODES: (u64, u64) = (5_000_000, 50_000_000);
/// Default and largest time budgets per request, in milliseconds.
pub const MILLIS: (u64, u64) = (2_000, 10_000);

/// A request's budgets: `node_limit` and `time_limit_ms`, defaulted and
/// capped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Search-tree nodes.
    pub nodes: u64,
    /// Wall-clock time, from when the request was read: waiting for a
    /// worker, searching and writing the reply all count.
    pub time: Duration,
}

impl Budget {
    fn new(nodes: Option<Positive>, millis: Option<Positive>) -> Budget {
        Budget {
            nodes: nodes.map_or(NODES.0, |n| n.0.min(NODES.1)),
            time: Duration::from_millis(millis.map_or(MILLIS.0, |n| n.0.min(MILLIS.1))),
        }
    }

    /// Whether this asks for more time than the default.
    pub fn is_long(&self) -> bool {
        self.time > Duration::from_millis(MILLIS.0)
    }
}

impl Default for Budget {
    /// The default budgets.
    fn default() -> Budget {
        Budget::new(None, None)
    }
}

/// The puzzle of a Sudoku request, and its layout.
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    /// The puzzle, in any format `xc` reads.
    pub puzzle: &'a str,
    /// The variant (classic by default).
    pub variant: Variant,
    /// The letter map of a jigsaw.
    pub regions: Option<&'a str>,
}

/// `POST /api/solve` and `POST /api/rate`: a puzzle.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct PuzzleRequest {
    /// The puzzle.
    pub puzzle: String,
    /// The variant.
    #[serde(default, deserialize_with = "by_name")]
    pub variant: Option<Variant>,
    /// The jigsaw's letter map.
    #[serde(default)]
    pub regions: Option<String>,
    /// The node budget.
    #[serde(default)]
    pub node_limit: Option<Positive>,
    /// The time budget in milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<Positive>,
}

/// `POST /api/count`: a puzzle and how far to count.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct CountRequest {
    /// The puzzle.
    pub puzzle: String,
    /// Count no further (default 1000, at most 100,000).
    #[serde(default)]
    pub limit: Option<Positive>,
    /// The variant.
    #[serde(default, deserialize_with = "by_name")]
    pub variant: Option<Variant>,
    /// The jigsaw's letter map.
    #[serde(default)]
    pub regions: Option<String>,
    /// The node budget.
    #[serde(default)]
    pub node_limit: Option<Positive>,
    /// The time budget in milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<Positive>,
}

/// `POST /api/hint` and `POST /api/explain`: a puzzle and the player's
/// grid.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct PlayerRequest {
    /// The puzzle (its givens).
    pub puzzle: String,
    /// The player's grid: the givens and the player's entries (default:
    /// the puzzle).
    #[serde(default)]
    pub grid: Option<String>,
    /// The variant.
    #[serde(default, deserialize_with = "by_name")]
    pub variant: Option<Variant>,
    /// The jigsaw's letter map.
    #[serde(default)]
    pub regions: Option<String>,
    /// The node budget.
    #[serde(default)]
    pub node_limit: Option<Positive>,
    /// The time budget in milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<Positive>,
}

/// `POST /api/generate`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct GenerateRequest {
    /// 4, 9 or 16 (default 9).
    #[serde(default)]
    pub size: Option<Size>,
    /// The symmetry of the givens (default `rot180`).
    #[serde(default, deserialize_with = "by_name")]
    pub symmetry: Option<Symmetry>,
    /// The difficulty (default `any`).
    #[serde(default, deserialize_with = "by_name")]
    pub difficulty: Option<Difficulty>,
    /// The seed (default: from the clock).
    #[serde(default)]
    pub seed: Option<Whole>,
    /// The time budget in milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<Positive>,
}

/// `POST /api/parse`: a puzzle in any format.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct ParseRequest {
    /// The text.
    pub puzzle: String,
}

/// `POST /api/cover`: an exact-cover problem in Knuth's DLX format.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object")]
pub struct CoverRequest {
    /// The problem.
    pub dlx: String,
    /// Solutions to return (default 10, at most 1000).
    #[serde(default)]
    pub print: Option<Whole>,
    /// The node budget.
    #[serde(default)]
    pub node_limit: Option<Positive>,
    /// The time budget in milliseconds.
    #[serde(default)]
    pub time_limit_ms: Option<Positive>,
}

/// What every request body has: its budgets.
pub trait Request {
    /// The budgets: the fields `node_limit` and `time_limit_ms` where the
    /// body has them, defaulted and capped.
    fn budget(&self) -> Budget {
        Budget::default()
    }
}

/// The puzzle, variant and regions of a Sudoku request, and its budget.
macro_rules! sudoku_request {
    ($($t:ty),*) => {$(
        impl $t {
            /// The puzzle and its layout.
            pub fn board(&self) -> Board<'_> {
                Board {
                    puzzle: &self.puzzle,
                    variant: self.variant.unwrap_or_default(),
                    regions: self.regions.as_deref(),
                }
            }
        }

        impl Request for $t {
            fn budget(&self) -> Budget {
                Budget::new(self.node_limit, self.time_limit_ms)
            }
        }
    )*};
}

sudoku_request!(PuzzleRequest, CountRequest, PlayerRequest);

impl CountRequest {
    /// How far to count: default 1000, at most 100,000.
    pub fn limit(&self) -> u64 {
        self.limit.map_or(1000, |n| n.0.min(100_000))
    }
}

impl Request for GenerateRequest {
    /// Only the time budget applies.
    fn budget(&self) -> Budget {
        Budget::new(None, self.time_limit_ms)
    }
}

/// Parsing only reads: the default budgets.
impl Request for ParseRequest {}

impl CoverRequest {
    /// How many solutions to return: default 10, at most 1000.
    pub fn print(&self) -> usize {
        self.print.map_or(10, |n| n.0.min(1000) as usize)
    }
}

impl Request for CoverRequest {
    fn budget(&self) -> Budget {
        Budget::new(self.node_limit, self.time_limit_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::super::decode;
    use super::*;

    #[test]
    fn wrong_types_name_the_field() {
        let cases: [(&[u8], &str); 8] = [
            (br#"{"size": -9}"#, "\"size\": invalid value: integer `-9`, expected 4, 9 or 16"),
            (br#"{"symmetry": 5}"#, "\"symmetry\": invalid type: integer `5`, expected a string"),
            (br#"{"difficulty": "impossible"}"#, "\"difficulty\": unknown variant `impossible`, expected one of"),
            (br#"{"seed": "a"}"#, "\"seed\": invalid type: string \"a\", expected a whole number"),
            (br#"{"time_limit_ms": 1.5}"#, "\"time_limit_ms\": invalid type: floating point `1.5`"),
            (br#"{"sise": 9}"#, "unknown field `sise`, expected one of `size`"),
            (br#"[1, 2]"#, "the body must be a JSON object"),
            (br#"{"size": 9"#, "malformed JSON: EOF while parsing an object at line 1 column 10"),
        ];
        for (body, message) in cases {
            let e = decode::<GenerateRequest>(body).unwrap_err();
            assert!(e.message.starts_with(message), "{}: {e}", String::from_utf8_lossy(body));
        }
        for body in [&br#"{"size": 9} x"#[..], b"", b"[1, 2", b"{not json"] {
            assert!(decode::<GenerateRequest>(body).unwrap_err().message.starts_with("malformed JSON"));
        }
        for body in [&br#"["puzzle"]"#[..], b"5", b" \"text\""] {
            assert_eq!(decode::<ParseRequest>(body).unwrap_err().message, "the body must be a JSON object");
        }
    }

    #[test]
    fn budgets_default_and_cap() {
        let r: CoverRequest = decode(br#"{"dlx": "A\nA\n", "node_limit": 99999999999, "print": 5000}"#).unwrap();
        assert_eq!(r.budget(), Budget { nodes: NODES.1, time: Duration::from_millis(MILLIS.0) });
        assert_eq!(r.print(), 1000);
        let r: PuzzleRequest = decode(br#"{"puzzle": "1", "variant": "jigsaw", "regions": "ab"}"#).unwrap();
        assert_eq!((r.board().variant, r.board().regions), (Variant::Jigsaw, Some("ab")));
        assert!(!r.budget().is_long());
        let e = decode::<PuzzleRequest>(br#"{"variant": "x"}"#).unwrap_err();
        assert_eq!(e.message, "missing field `puzzle` at line 1 column 16");
        let e = decode::<PlayerRequest>(br#"{"puzzle": "1", "grid": 5}"#).unwrap_err();
        assert_eq!(
            (e.field.as_deref(), e.message.starts_with("\"grid\": invalid type: integer `5`")),
            (Some("grid"), true)
        );
    }
}
