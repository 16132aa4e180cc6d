#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| exactcover::fuzzing::parse_then_solve(data));
