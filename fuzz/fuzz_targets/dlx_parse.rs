#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| exactcover::fuzzing::dlx_parse(data));
