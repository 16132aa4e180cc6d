#!/usr/bin/env bash
# benches/mult_ab.sh: the table of docs/PERFORMANCE.md, "Multiplicities":
# Knuth's DLX3 against two builds of `xc` (BEFORE and AFTER), in one run, on
# the instances with multiplicities of benches/peers/dlx3-instances.sh, with
# four packings with piece counts from xc's builders (rows 9-12) and four
# brick packings added later (rows 13-16), none of them tuned on. The last
# row, Knuth's 6-line example, is the process's start-up and little else.
#
# Each run is the whole process (`xc cover FILE`, and AFTER once more with
# `--no-check`; `dlx3 < FILE`, no shell between), pinned to one CPU: the
# script pins itself (`taskset -cp ${CPU:-1}`) and every run inherits it,
# so no `taskset` starts inside the timing (its own exec would be timed with
# every run, on both sides, and pull short runs' ratios toward 1). Wall time, read from bash's $EPOCHREALTIME (no
# `date` process either); REPS rounds (default 5), interleaved; the table
# gives the medians in ms and the speed-ups against DLX3's median.
#
# Usage: benches/mult_ab.sh DLX3 BEFORE AFTER [REPS]
#   DLX3: Knuth's dlx3, built from ascherer/cwebtest as benches/peers.sh does
#   BEFORE, AFTER: xc binaries (`cargo build-xc`, the installed build, makes
#   target/x86_64-unknown-linux-gnu/max/xc; or `cargo build --profile max
#   -p exactcover-cli`, dynamically linked, target/max/xc)
# The instances go to ${MULT_INSTANCES:-/tmp/mult-instances}. $MULT_ONLY, if
# set, keeps the instances named in it (comma-separated, e.g.
# MULT_ONLY=bricks-4x8,bricks-6x6).

set -euo pipefail
export LC_ALL=C
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ $# -lt 3 ]; then
    sed -n '2,24p' "$0" >&2
    exit 2
fi
DLX3=$1
BEFORE=$2
AFTER=$3
REPS=${4:-5}
CPU=${CPU:-1}
DIR=${MULT_INSTANCES:-/tmp/mult-instances}
bash "$REPO/benches/peers/dlx3-instances.sh" "$DIR" > /dev/null
# And instances the work on Algorithm M was not tuned on, from xc's builders.
"$AFTER" polyomino --pieces tetrominoes --board 4x10 --piece-count 1..3 --emit-dlx > "$DIR/tetro13-4x10.dlx"
"$AFTER" polyomino --pieces tetrominoes --board 6x6 --piece-count 0..3 --emit-dlx > "$DIR/tetro03-6x6.dlx"
"$AFTER" polyomino --board 6x6 --piece-count 0..1 --emit-dlx > "$DIR/pento01-6x6.dlx"
"$AFTER" polyomino --pieces hexominoes --board 4x6 --piece-count 0..1 --emit-dlx > "$DIR/hexo01-4x6.dlx"

# Every run below inherits the pinning.
taskset -cp "$CPU" $$ > /dev/null
# Wall time of a command in units of 10 µs.
stamp() {
    local s e
    s=${EPOCHREALTIME/./}
    "$@" > /dev/null 2>&1 || true  # xc cover exits 1 when there is no solution
    e=${EPOCHREALTIME/./}
    echo $(((e - s) / 10))
}
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR] = $1} END {printf "%.1f", a[int((NR + 1) / 2)] / 100}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }

echo "| instance | solutions | DLX3 ms | before ms | after ms | after, --no-check | before: speed-up | after | no-check |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for name in queens2-13 queens2-14 queens2d-8 tetro13-5x8 pento02-5x6 dominoHV-8-16 bricks-4x8 bricks-6x6 \
    tetro13-4x10 tetro03-6x6 pento01-6x6 hexo01-4x6 bricks-5x6 bricks-4x7 bricks-3x10 bricks-3x8 knuth-example; do
    case ",${MULT_ONLY:-$name}," in *",$name,"*) ;; *) continue ;; esac
    f=$DIR/$name.dlx
    d="" b="" a="" n=""
    for _ in $(seq "$REPS"); do
        d="$d $(stamp "$DLX3" < "$f")"
        b="$b $(stamp "$BEFORE" cover "$f")"
        a="$a $(stamp "$AFTER" cover "$f")"
        n="$n $(stamp "$AFTER" cover --no-check "$f")"
    done
    solutions=$("$AFTER" cover "$f" 2>&1 | sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' || true)
    dm=$(echo "$d" | median)
    bm=$(echo "$b" | median)
    am=$(echo "$a" | median)
    nm=$(echo "$n" | median)
    echo "| $name | $solutions | $dm | $bm | $am | $nm | $(ratio "$dm" "$bm") | **$(ratio "$dm" "$am")** | $(ratio "$dm" "$nm") |"
done
