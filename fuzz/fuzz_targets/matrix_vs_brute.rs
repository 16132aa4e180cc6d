#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| exactcover::fuzzing::matrix_vs_brute(data));
