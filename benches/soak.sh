#!/usr/bin/env bash
# The full soak of `xc serve` (issues 14 and 37): for 30 s, 8 clients
# trickle request bodies at 1 byte/s, 50 clients load the page and solve
# puzzles in a loop, 8 clients send max-budget searches (empty-grid counts,
# covers that run for their whole 10 s budget, and the amplifying cover of
# item 2), 2,000 idle connections are held (each reopened a second after
# the server closes it) and 600 clients send half a request's headers
# (reopened at once), all against one server on loopback with its default
# settings. It checks: no normal request fails, the page's 99th percentile
# is under 1 s, and the server's resident memory is under 300 MB
# afterwards; and prints the figures. The test is xc/tests/serve_soak.rs,
# whose small version runs in `cargo test`.
#
#   benches/soak.sh [SECONDS]                    (default 30)
#   XC_BIN=/path/to/older/xc benches/soak.sh     # the same load on another build
#
# Any XC_SOAK_* variable set in the environment (see serve_soak.rs) wins.
# The clients hold some 2,700 sockets, so the open-file limit is raised to
# the hard limit (the server needs no more than its default 1,024: it keeps
# at most --max-connections open, and closes idle ones when out of them).
set -euo pipefail
cd "$(dirname "$0")/.."
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
export XC_SOAK_SECS=${1:-${XC_SOAK_SECS:-30}}
export XC_SOAK_NORMAL=${XC_SOAK_NORMAL:-50}
export XC_SOAK_SLOW=${XC_SOAK_SLOW:-8}
export XC_SOAK_HEAVY=${XC_SOAK_HEAVY:-8}
export XC_SOAK_IDLE=${XC_SOAK_IDLE:-2000}
export XC_SOAK_HALF=${XC_SOAK_HALF:-600}
export XC_SOAK_PAGE_P99_MS=${XC_SOAK_PAGE_P99_MS:-1000}
export XC_SOAK_RSS_MB=${XC_SOAK_RSS_MB:-300}
cargo test --release -p exactcover-cli --test serve_soak -- --nocapture 2>&1 | grep -E "^soak:|panicked|^assertion|^test result"
