#!/usr/bin/env bash
# Two threads against one, end to end, for `xc sudoku solve` (uniqueness
# proved for every puzzle), with the machine's own ceiling measured in the
# same run: two independent one-thread processes, each on half the input,
# sharing nothing. Runs alternate (1 thread, 2 threads, 2 processes) so
# that a noisy neighbour hits all three alike; the script prints each
# round and the medians.
#
#   benches/scaling.sh [LINES] [ROUNDS]      (defaults: 100000 lines, 11 rounds)
#   SAVE_INPUT=mix.txt benches/scaling.sh 1000000 0   # only write the input
#   XC=path/to/xc benches/scaling.sh                  # time this binary (no build)
#
# The input is the shared 17-clue, Kaggle and serg sets, repeated to LINES
# lines (../shared/data, or $EXACTCOVER_SHARED/data).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-100000}
rounds=${2:-11}
data=${EXACTCOVER_SHARED:-../shared}/data
if [ ! -d "$data" ]; then
  echo "skipped: shared data not found at $data" >&2
  exit 0
fi
if [ -n "${XC:-}" ]; then
  xc=$XC
else
  cargo build --profile max --quiet
  xc=target/max/xc
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sets=("$data/tdoku_puzzles2_17_clue.txt" "$data/kaggle_bryanpark_first10k_puzzles.txt" "$data/tdoku_puzzles7_serg_benchmark.txt")
cat "${sets[@]}" >"$work/sets.txt"
: >"$work/all.txt"
while [ "$(wc -l <"$work/all.txt")" -lt "$lines" ]; do cat "$work/sets.txt" >>"$work/all.txt"; done
head -n "$lines" "$work/all.txt" >"$work/some.txt" && mv "$work/some.txt" "$work/all.txt"
head -n $((lines / 2)) "$work/all.txt" >"$work/a.txt"
tail -n +$((lines / 2 + 1)) "$work/all.txt" >"$work/b.txt"
if [ -n "${SAVE_INPUT:-}" ]; then cp "$work/all.txt" "$SAVE_INPUT"; fi
[ "$rounds" -gt 0 ] || exit 0

TIMEFORMAT=%R
seconds() { { time "$@" >/dev/null 2>&1; } 2>&1; }
two_processes() {
  "$xc" sudoku solve -q --threads 1 "$work/a.txt" >/dev/null &
  "$xc" sudoku solve -q --threads 1 "$work/b.txt" >/dev/null
  wait
}

echo "$lines puzzles, $rounds rounds; seconds (speed-up against one thread)"
printf '%-6s %8s %16s %16s\n' round 1-thread 2-threads 2-processes
results=()
for r in $(seq "$rounds"); do
  one=$(seconds "$xc" sudoku solve -q --threads 1 "$work/all.txt")
  two=$(seconds "$xc" sudoku solve -q --threads 2 "$work/all.txt")
  ceiling=$(seconds two_processes)
  results+=("$one $two $ceiling")
  awk -v r="$r" -v a="$one" -v b="$two" -v c="$ceiling" \
    'BEGIN { printf "%-6s %8.2f %8.2f (%.2f×) %8.2f (%.2f×)\n", r, a, b, a / b, c, a / c }'
done
printf '%s\n' "${results[@]}" | awk '
  function median(v, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  { n++; a[n] = $1; b[n] = $2; c[n] = $3; s[n] = $1 / $2; m[n] = $1 / $3; e[n] = $3 / $2 }
  END {
    printf "medians: 1 thread %.2f s, 2 threads %.2f s, 2 processes %.2f s\n", median(a, n), median(b, n), median(c, n)
    printf "median speed-up per round: 2 threads %.2f×, 2 processes (the ceiling) %.2f×\n", median(s, n), median(m, n)
    printf "median of 2 threads against the ceiling: %.2f\n", median(e, n)
  }'
