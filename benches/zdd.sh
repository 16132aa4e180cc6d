#!/usr/bin/env bash
# The memo (`xc cover --memo`) against xcover's Algorithm Z
# (`covers_bool_zdd` with its memo cache, PyPI `xcover`, in numba) on the
# same DLX files, and `--memo auto` against the search where the memo does
# not pay. Prints the table of docs/PERFORMANCE.md.
#
#   python3 -m venv /tmp/zdd-venv && /tmp/zdd-venv/bin/pip install xcover numba
#   cargo build --profile max -p exactcover-cli
#   XC=target/max/xc PY=/tmp/zdd-venv/bin/python benches/zdd.sh
#
# The problems come from `cargo run --example zdd_problems` (dominoes of
# 8x8, 10x10, 12x12; dominoes and trominoes of 3x12; pentominoes of 6x10;
# 12 queens), written to $DIR. xcover runs each heuristic once to compile,
# then is timed (median of 3); ours is the build time `xc` reports
# (median of 5).
set -euo pipefail
XC=${XC:-target/max/xc}
PY=${PY:-/tmp/zdd-venv/bin/python}
DIR=${DIR:-/tmp/zdd-problems}
HERE=$(dirname "$0")
mkdir -p "$DIR"
cargo run -q --release --example zdd_problems -- "$DIR"

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

ours() { # file rule
    for _ in 1 2 3 4 5; do
        "$XC" cover --memo --memo-choice "$2" "$DIR/$1.dlx" | sed -n 's/.*(build \([0-9.]*\) s).*/\1/p'
    done | median
}

nodes() { "$XC" cover --memo --memo-choice "$2" "$DIR/$1.dlx" | sed -n 's/.*a diagram of \([0-9]*\) nodes.*/\1/p'; }

echo "| problem | count | xcover (best heuristic) | its nodes | xc --memo | our nodes | ratio |"
echo "|---|---|---|---|---|---|---|"
for spec in dom8:leftmost:leftmost dom10:leftmost:leftmost dom12:leftmost:leftmost \
    dt3x12:leftmost:leftmost pento:MRV:fewest; do
    IFS=: read -r name theirs rule <<< "$spec"
    read -r _ _ count their_nodes their_time < <("$PY" "$HERE/zdd_xcover.py" "$DIR/$name.dlx" "$theirs" 3 2>/dev/null)
    mine=$(ours "$name" "$rule")
    printf '| %s | %s | %.4f s (%s) | %s | %.4f s (%s) | %s | %.1fx |\n' "$name" "$count" "$their_time" "$theirs" \
        "$their_nodes" "$mine" "$rule" "$(nodes "$name" "$rule")" "$(echo "$their_time / $mine" | bc -l)"
done

echo
echo "| problem | search | --memo auto | ratio |"
echo "|---|---|---|---|"
for name in queens12 pento; do
    search=$(for _ in 1 2 3 4 5; do /usr/bin/env time -f %e "$XC" cover "$DIR/$name.dlx" 2>&1 >/dev/null | tail -1; done | median)
    auto=$(for _ in 1 2 3 4 5; do /usr/bin/env time -f %e "$XC" cover --memo auto "$DIR/$name.dlx" 2>&1 >/dev/null | tail -1; done | median)
    printf '| %s | %s s | %s s | %.3f |\n' "$name" "$search" "$auto" "$(echo "$auto / $search" | bc -l)"
done
