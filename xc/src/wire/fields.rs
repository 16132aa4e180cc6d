//! Field types with their range checked while decoding, so that a wrong
//! value is refused with the field's name and what it expected, and the
//! closed sets of names (variants, symmetries, difficulties).

use exactcover::sudoku::logic::Level;
use serde::de::{self, DeserializeOwned, Deserializer, IntoDeserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A JSON integer checked by `ok`; anything else is refused as not being
/// `expecting` (e.g. "invalid value: integer `-9`, expected 4, 9 or 16").
fn whole<'de, D: Deserializer<'de>>(d: D, expecting: &'static str, ok: fn(u64) -> bool) -> Result<u64, D::Error> {
    struct Checked {
        expecting: &'static str,
        ok: fn(u64) -> bool,
    }
    impl Visitor<'_> for Checked {
        type Value = u64;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.expecting)
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            if (self.ok)(v) { Ok(v) } else { Err(E::invalid_value(Unexpected::Unsigned(v), &self)) }
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            match u64::try_from(v) {
                Ok(v) => self.visit_u64(v),
                Err(_) => Err(E::invalid_value(Unexpected::Signed(v), &self)),
            }
        }

        /// The JSON reader gives an integer past `u64::MAX` as a float:
        /// said as the integer it was, too large.
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
            if v.fract() == 0.0 && v >= 18_446_744_073_709_551_616.0 {
                return Err(E::invalid_value(Unexpected::Other("an integer past 18446744073709551615"), &self));
            }
            Err(E::invalid_type(Unexpected::Float(v), &self))
        }
    }
    d.deserialize_u64(Checked { expecting, ok })
}

/// A whole number: a JSON integer, 0 or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Whole(pub u64);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Whole, D::Error> {
        whole(d, "a whole number", |_| true).map(Whole)
    }
}

/// A whole number of at least 1 (limits and budgets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Positive(pub u64);

impl<'de> Deserialize<'de> for Positive {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Positive, D::Error> {
        whole(d, "a whole number of at least 1", |n| n >= 1).map(Positive)
    }
}

/// The side of a grid to generate: 4, 9 or 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size(u8);

impl Size {
    /// The side (4, 9 or 16).
    pub fn side(self) -> usize {
        usize::from(self.0)
    }

    /// The box size (2, 3 or 4).
    pub fn box_size(self) -> usize {
        self.side().isqrt()
    }
}

impl Default for Size {
    fn default() -> Size {
        Size(9)
    }
}

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
        // In range, so the cast is exact.
        whole(d, "4, 9 or 16", |n| matches!(n, 4 | 9 | 16)).map(|n| Size(n as u8))
    }
}

/// Decodes an optional name of a closed set (`T` a unit-variant enum): a
/// string, or `null` for the default. A name outside the set is refused
/// with the list of names (serde's "unknown variant `spiral`, expected one
/// of …"), and anything but a string as "expected a string".
pub(super) fn by_name<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    let Some(name) = Option::<String>::deserialize(d)? else {
        return Ok(None);
    };
    let names: de::value::StrDeserializer<'_, de::value::Error> = name.as_str().into_deserializer();
    T::deserialize(names).map(Some).map_err(de::Error::custom)
}

/// A Sudoku variant: which houses the grid has. The one list of variant
/// names: the API's `"variant"` field and the command line's `--variant`
/// both take it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// Classic plus the two long diagonals.
    X,
    /// Classic plus the windoku windows.
    Windoku,
    /// Rows, columns and the regions of a letter map (`regions`, `--regions`).
    Jigsaw,
}

impl Variant {
    /// Its name, as the API and the command line spell it (the library's
    /// for a named layout).
    pub fn name(self) -> &'static str {
        self.named().map_or("jigsaw", exactcover::sudoku::Variant::name)
    }

    /// The library's named layout (a jigsaw has none: its regions come
    /// from a map).
    pub fn named(self) -> Option<exactcover::sudoku::Variant> {
        use exactcover::sudoku::Variant as V;
        match self {
            Variant::Classic => Some(V::Classic),
            Variant::X => Some(V::X),
            Variant::Windoku => Some(V::Windoku),
            Variant::Jigsaw => None,
        }
    }
}

/// The symmetry of generated givens; the names of `xc sudoku generate`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// No symmetry.
    None,
    /// A half turn.
    #[default]
    #[serde(alias = "rotate180", alias = "half")]
    Rot180,
    /// A quarter turn.
    #[serde(alias = "rotate90", alias = "quarter")]
    Rot90,
    /// A left–right mirror.
    #[serde(alias = "vertical")]
    Mirror,
    /// A top–bottom flip.
    #[serde(alias = "horizontal")]
    Flip,
    /// The main diagonal.
    Diagonal,
    /// The anti-diagonal.
    #[serde(alias = "anti-diagonal")]
    AntiDiagonal,
    /// Both mirrors.
    #[serde(alias = "both-mirrors", alias = "mirrors")]
    BothMirrors,
    /// Both diagonals.
    #[serde(alias = "both-diagonals", alias = "diagonals", alias = "bidiagonal")]
    BothDiagonals,
    /// All eight symmetries of the square.
    #[serde(alias = "all", alias = "full")]
    Dihedral,
    /// One of the others (not `none`), picked from the seed.
    Random,
}

impl From<Symmetry> for exactcover::sudoku::Symmetry {
    fn from(s: Symmetry) -> Self {
        use exactcover::sudoku::Symmetry as S;
        match s {
            Symmetry::None => S::None,
            Symmetry::Rot180 => S::Rot180,
            Symmetry::Rot90 => S::Rot90,
            Symmetry::Mirror => S::Mirror,
            Symmetry::Flip => S::Flip,
            Symmetry::Diagonal => S::Diagonal,
            Symmetry::AntiDiagonal => S::AntiDiagonal,
            Symmetry::BothMirrors => S::BothMirrors,
            Symmetry::BothDiagonals => S::BothDiagonals,
            Symmetry::Dihedral => S::Dihedral,
            Symmetry::Random => S::Random,
        }
    }
}

/// The difficulty asked of a generated puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Any puzzle.
    #[default]
    Any,
    /// Singles only.
    Easy,
    /// Up to pairs and X-Wings.
    Medium,
    /// Up to triples, Swordfish and wings.
    Hard,
    /// Harder techniques, no guess.
    Expert,
    /// A guess is needed.
    #[serde(alias = "needs guessing", alias = "needs-guessing")]
    Guessing,
}

impl Difficulty {
    /// The level to aim for, if any.
    pub fn level(self) -> Option<Level> {
        match self {
            Difficulty::Any => None,
            Difficulty::Easy => Some(Level::Easy),
            Difficulty::Medium => Some(Level::Medium),
            Difficulty::Hard => Some(Level::Hard),
            Difficulty::Expert => Some(Level::Expert),
            Difficulty::Guessing => Some(Level::NeedsGuessing),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One spelling of every variant: serde's (the API), clap's (the
    /// command line), `name` and the library's.
    #[test]
    fn variant_names_agree() {
        use clap::ValueEnum;
        for &v in Variant::value_variants() {
            assert_eq!(serde_json::to_string(&v).unwrap(), format!("\"{}\"", v.name()));
            assert_eq!(v.to_possible_value().unwrap().get_name(), v.name());
            if let Some(named) = v.named() {
                assert_eq!(named.name(), v.name());
            }
        }
        assert_eq!(Variant::value_variants().len(), exactcover::sudoku::Variant::ALL.len() + 1);
    }

    #[derive(Debug, Deserialize)]
    struct Probe {
        #[serde(default)]
        size: Option<Size>,
        #[serde(default)]
        limit: Option<Positive>,
        #[serde(default, deserialize_with = "by_name")]
        variant: Option<Variant>,
        #[serde(default, deserialize_with = "by_name")]
        symmetry: Option<Symmetry>,
    }

    fn probe(json: &str) -> Result<Probe, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_are_checked_with_a_clear_message() {
        assert_eq!(probe(r#"{"size": 16}"#).unwrap().size.map(Size::box_size), Some(4));
        let e = probe(r#"{"size": -9}"#).unwrap_err();
        assert!(e.starts_with("invalid value: integer `-9`, expected 4, 9 or 16"), "{e}");
        let e = probe(r#"{"size": 9.5}"#).unwrap_err();
        assert!(e.starts_with("invalid type: floating point `9.5`, expected 4, 9 or 16"), "{e}");
        let e = probe(r#"{"limit": 0}"#).unwrap_err();
        assert!(e.starts_with("invalid value: integer `0`, expected a whole number of at least 1"), "{e}");
        // Past u64: the integer it was, too large (it was "invalid type:
        // floating point `1.8446744073709552e19`").
        let e = serde_json::from_str::<Positive>("18446744073709551616").unwrap_err().to_string();
        assert!(e.starts_with("invalid value: an integer past 18446744073709551615, expected a whole number"), "{e}");
        let e = serde_json::from_str::<Whole>("1.5").unwrap_err().to_string();
        assert!(e.starts_with("invalid type: floating point `1.5`, expected a whole number"), "{e}");
        assert!(probe(r#"{"limit": null, "size": null}"#).unwrap().limit.is_none());
    }

    #[test]
    fn names_are_a_closed_set() {
        assert_eq!(probe(r#"{"variant": "x"}"#).unwrap().variant, Some(Variant::X));
        assert_eq!(probe(r#"{"symmetry": "half"}"#).unwrap().symmetry, Some(Symmetry::Rot180));
        assert!(probe(r#"{"variant": null}"#).unwrap().variant.is_none());
        let e = probe(r#"{"variant": 7}"#).unwrap_err();
        assert!(e.starts_with("invalid type: integer `7`, expected a string"), "{e}");
        let e = probe(r#"{"variant": "spiral"}"#).unwrap_err();
        assert!(e.starts_with("unknown variant `spiral`, expected one of `classic`, `x`, `windoku`, `jigsaw`"), "{e}");
    }

    #[test]
    fn symmetry_names_are_the_library_names() {
        for s in exactcover::sudoku::Symmetry::ALL {
            let wire: Symmetry = serde_json::from_value(serde_json::json!(s.to_string())).unwrap();
            assert_eq!(exactcover::sudoku::Symmetry::from(wire), s);
        }
    }
}
