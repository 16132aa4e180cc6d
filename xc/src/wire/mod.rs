//! The wire format of `xc serve`'s JSON API (see `docs/API.md`): one serde
//! type per request body and per reply, and nothing else. The handlers in
//! `serve/` never look inside a `serde_json::Value`.
//!
//! What it guarantees:
//!
//! * A request decodes only if every field has the documented type and
//!   range; anything else is a [`WireError`] that names the field and what
//!   it expected (`"size": invalid value: integer `-9`, expected 4, 9 or
//!   16`). Unknown fields are refused too, so a misspelt option is never
//!   silently ignored. `null` means the same as a missing optional field.
//! * Names (variants, symmetries, difficulties) are closed enums: an
//!   unknown name is refused with the list of known ones.
//! * Replies are plain structs serialised in one pass; their shapes are the
//!   ones `docs/API.md` gives and the page (`serve/page/app.js`) reads.
//!   Step, hint and path replies borrow from the library's values, so the
//!   command line's JSON can use the same types.

pub mod cover;
pub mod fields;
pub mod logic;
pub mod record;
pub mod reply;
pub mod request;
pub mod shard;

pub use cover::{CoverReply, CoverTotals, EstimateReply, SearchStats, json_len};
pub use fields::Variant;
pub use logic::{HintReply, PathReply};
pub use reply::{CountReply, CountStatus, ErrorReply, GenerateReply, ParseReply, RateReply, SolveReply, rating};
pub use request::{
    Board, Budget, CountRequest, CoverRequest, GenerateRequest, ParseRequest, PlayerRequest, PuzzleRequest, Request,
};
pub use shard::ShardResult;

use serde::de::DeserializeOwned;
use serde_json::error::Category;
use std::fmt;

/// A request body that could not be decoded, with a message for the
/// client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireError {
    /// The field at fault (`None` for the body as a whole).
    pub field: Option<String>,
    /// What is wrong, naming the field when there is one.
    pub message: String,
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for WireError {}

/// Decodes a request body of type `T`.
///
/// Malformed JSON gives `malformed JSON: …` with the line and column; a
/// body that is no object gives `the body must be a JSON object`; a bad
/// field gives `"field": …`; a missing or unknown one, serde's `missing
/// field `puzzle`` or `unknown field `sise`, expected one of …`.
pub fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, WireError> {
    // serde would take an array for a struct, field by field: refuse it.
    if body.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        let message = match serde_json::from_slice::<serde::de::IgnoredAny>(body) {
            Ok(_) => "the body must be a JSON object".to_string(),
            Err(e) => format!("malformed JSON: {e}"),
        };
        return Err(WireError { field: None, message });
    }
    let mut json = serde_json::Deserializer::from_slice(body);
    let value: T = serde_path_to_error::deserialize(&mut json).map_err(|e| {
        let field = e.path().iter().next_back().map(ToString::to_string);
        let inner = e.into_inner();
        let message = match (inner.classify(), &field) {
            (Category::Syntax | Category::Eof | Category::Io, _) => format!("malformed JSON: {inner}"),
            // serde's own message names an unknown field already.
            (Category::Data, Some(_)) if inner.to_string().starts_with("unknown field") => inner.to_string(),
            (Category::Data, Some(field)) => format!("\"{field}\": {inner}"),
            (Category::Data, None) => inner.to_string(),
        };
        WireError { field, message }
    })?;
    // Anything but white space after the object is malformed JSON too.
    json.end().map_err(|e| WireError { field: None, message: format!("malformed JSON: {e}") })?;
    Ok(value)
}

/// Serialises a reply. These types always serialise (no maps with
/// non-string keys, no I/O); should one ever fail, the reply says so
/// rather than panic.
pub fn encode<T: serde::Serialize>(reply: &T) -> Vec<u8> {
    serde_json::to_vec(reply)
        .unwrap_or_else(|e| encode(&ErrorReply { error: format!("could not write the reply: {e}") }))
}
