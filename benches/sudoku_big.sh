#!/usr/bin/env bash
# benches/sudoku_big.sh: 16×16 and 25×25 puzzles, `xc sudoku solve --threads 1`
# (proving uniqueness, as for 9×9), several builds against each other.
#
# The sets are made here, deterministically, from our own material:
#   big16  200 puzzles of `XC sudoku generate --size 16 --seed 16 --no-minimal
#          --clues 100 --symmetry none` (unique, 100 givens of 256);
#   big25  100 puzzles made from the solution of tests/fixtures/sudoku/big25.txt:
#          digits relabelled, rows permuted within bands and columns within
#          stacks, and about 55% of the cells kept, by a Park–Miller generator
#          in awk (exact in any awk's doubles), so every machine makes the
#          same set. Some have several solutions.
# Every binary runs each set REPS times, interleaved (A B A B ...), pinned to
# CPU ${CPU:-1}; the table gives the median ms a puzzle of the whole process.
#
# Usage: benches/sudoku_big.sh REPS XC [XC ...]   (the first XC makes the sets)

set -euo pipefail
export LC_ALL=C
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${SUDOKU_BIG:-/tmp/sudoku-big}
CPU=${CPU:-1}
reps=${1:?usage: benches/sudoku_big.sh REPS XC [XC ...]}
shift
[ $# -ge 1 ] || { echo "usage: benches/sudoku_big.sh REPS XC [XC ...]" >&2; exit 2; }
mkdir -p "$OUT"

"$1" sudoku generate --size 16 -n 200 --seed 16 --threads 1 --no-minimal --clues 100 --symmetry none \
    2>/dev/null >"$OUT/big16.txt"
"$1" sudoku solve --threads 1 -q "$REPO/tests/fixtures/sudoku/big25.txt" 2>/dev/null | head -1 >"$OUT/solved25.txt"
awk -v count=100 '
    function rnd(m) { seed = (seed * 16807) % 2147483647; return seed % m }
    function shuffle(a, lo, n,   i, j, t) {
        for (i = n - 1; i > 0; i--) { j = rnd(i + 1); t = a[lo + i]; a[lo + i] = a[lo + j]; a[lo + j] = t }
    }
    {
        digits = "123456789ABCDEFGHIJKLMNOP"
        for (k = 1; k <= count; k++) {
            seed = 7919 * k
            for (i = 0; i < 25; i++) { relabel[i] = i; row[i] = i; col[i] = i }
            shuffle(relabel, 0, 25)
            for (b = 0; b < 5; b++) { shuffle(row, 5 * b, 5); shuffle(col, 5 * b, 5) }
            line = ""
            for (r = 0; r < 25; r++) for (c = 0; c < 25; c++) {
                v = index(digits, substr($0, 25 * row[r] + col[c] + 1, 1)) - 1
                line = line (rnd(100) < 55 ? substr(digits, relabel[v] + 1, 1) : ".")
            }
            print line
        }
    }' "$OUT/solved25.txt" >"$OUT/big25.txt"

declare -A times
for _ in $(seq "$reps"); do
    for set in big16 big25; do
        for xc in "$@"; do
            t0=${EPOCHREALTIME/./}
            taskset -c "$CPU" "$xc" sudoku solve --threads 1 -q "$OUT/$set.txt" >/dev/null 2>&1 || true
            t1=${EPOCHREALTIME/./}
            times[$set,$xc]+=" $((t1 - t0))"
        done
    done
done
printf '| set | puzzles |'; for xc in "$@"; do printf ' %s |' "$xc"; done; printf '\n'
printf '|---|---:|'; for _ in "$@"; do printf -- '---:|'; done; printf '\n'
for set in big16 big25; do
    n=$(wc -l <"$OUT/$set.txt")
    printf '| %s | %s |' "$set" "$n"
    for xc in "$@"; do
        # shellcheck disable=SC2086
        med=$(printf '%s\n' ${times[$set,$xc]} | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
        awk -v t="$med" -v n="$n" 'BEGIN { printf " %.3f |", t / n / 1000 }'
    done
    printf '\n'
done
for xc in "$@"; do
    printf '%s: ' "$xc"; "$xc" sudoku solve --threads 1 "$OUT/big16.txt" "$OUT/big25.txt" 2>&1 >/dev/null | tail -1
done
