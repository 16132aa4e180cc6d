//! The human-style logic solver: one technique per file, each step
//! explained. (Being written; see issue 5.)
