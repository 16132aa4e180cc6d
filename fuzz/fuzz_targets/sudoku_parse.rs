#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| exactcover::fuzzing::sudoku_parse(data));
