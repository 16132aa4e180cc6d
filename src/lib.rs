//! # exactcover
//!
//! A fast exact-cover engine (Knuth's Dancing Links, Algorithms X and C)
//! with a Sudoku front end and builders for other puzzles.

#![cfg_attr(not(feature = "unchecked"), forbid(unsafe_code))]

pub mod cover;
pub mod puzzles;
