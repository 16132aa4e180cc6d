//! Finding the end of a line in the reader's buffer: 16 bytes compared
//! at a time (one vector comparison and mask), where a byte-by-byte search
//! with an early exit does not vectorise. A puzzle line is 82 bytes.

#![forbid(unsafe_code)]

/// The index of the first `\n` in `bytes`, if any.
pub(super) fn newline(bytes: &[u8]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(16);
    let mut start = 0;
    for chunk in &mut chunks {
        let mask = chunk.iter().enumerate().fold(0u32, |m, (i, &b)| m | u32::from(b == b'\n') << i);
        if mask != 0 {
            return Some(start + mask.trailing_zeros() as usize);
        }
        start += 16;
    }
    chunks.remainder().iter().position(|&b| b == b'\n').map(|p| start + p)
}

#[cfg(test)]
mod tests {
    use super::newline;

    /// The same answer as a byte-by-byte search, wherever the newlines
    /// fall (in a chunk, at its edges, in the tail, nowhere).
    #[test]
    fn finds_the_first_newline_as_position_does() {
        let mut state = 12345u64;
        for len in 0..100 {
            for _ in 0..50 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        if state >> 59 == 0 { b'\n' } else { b'.' }
                    })
                    .collect();
                assert_eq!(newline(&bytes), bytes.iter().position(|&b| b == b'\n'), "{bytes:?}");
            }
        }
    }
}
