//! Logic solver benchmarks (being written).

fn main() {}
