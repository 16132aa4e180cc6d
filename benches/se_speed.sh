#!/usr/bin/env bash
# benches/se_speed.sh: `xc sudoku rate` against Sudoku Explainer's `serate`
# on the same puzzles in one run, one thread each, pinned to one CPU, with
# the agreement of their ER/EP/ED.
#
#   benches/se_speed.sh SE_CLASSES XC [XC ...]
#
# SE_CLASSES is a directory of compiled SE classes (with
# diuf.sudoku.test.serate), built OUTSIDE this repository from the public
# repository 1to9only/SudokuExplainer (docs/GRADING.md, "Speed", says how).
# Each XC is an `xc` binary; give a "before" and an "after" to compare
# builds. Two sets are made from the shared data ($EXACTCOVER_SHARED/data,
# default ../shared/data) in ${SE_SPEED_DIR:-/tmp/se-speed}:
#
#   fresh   120 top1465 and 60 17-clue puzzles not in se_rated.tsv, drawn
#           by `shuf` with a fixed random source (the same set every time);
#   rated   every puzzle of se_rated.tsv with ER above 1.5.
#
# For each set: serate once, then the XC binaries in turn, twice (ABAB).
# Prints user CPU seconds, the ratio to serate, and how many ER/EP/ED agree.
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,19p' "$0"
    exit 2
fi
classes=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
data=${EXACTCOVER_SHARED:-$here/../../shared}/data
dir=${SE_SPEED_DIR:-/tmp/se-speed}
mkdir -p "$dir"

seeded() { yes "$1"; }
cut -f1 "$data/se_rated.tsv" > "$dir/known.txt"
{
    grep -v -x -F -f "$dir/known.txt" "$data/tdoku_puzzles3_magictour_top1465.txt" | cut -c1-81 |
        shuf --random-source=<(seeded 7) -n 120
    grep -v -x -F -f "$dir/known.txt" "$data/tdoku_puzzles2_17_clue.txt" | cut -c1-81 |
        shuf --random-source=<(seeded 8) -n 60
} > "$dir/fresh.txt"
awk -F'\t' 'NR > 1 && $2 > 1.5 { print $1 }' "$data/se_rated.tsv" > "$dir/rated.txt"

cpu() { # cpu OUT CMD...: runs CMD pinned, stdout to OUT; prints user seconds
    local out=$1
    shift
    /usr/bin/time -f %U -o "$dir/time" taskset -c 1 "$@" > "$out" 2> /dev/null
    cat "$dir/time"
}

printf '| set | puzzles | program | user CPU s | ratio to serate | agree |\n|---|---:|---|---:|---:|---:|\n'
for set in fresh rated; do
    f=$dir/$set.txt
    n=$(wc -l < "$f")
    se=$(cpu "$dir/$set.se" java -cp "$classes" diuf.sudoku.test.serate --format='%r/%p/%d' --input="$f")
    printf '| %s | %s | serate | %s | 1 | |\n' "$set" "$n" "$se"
    for round in 1 2; do
        for xc in "$@"; do
            t=$(cpu "$dir/$set.xc.csv" "$xc" sudoku rate -q --threads 1 --format csv "$f")
            agree=$(tail -n +2 "$dir/$set.xc.csv" | awk -F, '{ print $3 "/" $4 "/" $5 }' |
                paste -d' ' - "$dir/$set.se" | awk '$1 == $2' | wc -l)
            ratio=$(awk -v a="$se" -v b="$t" 'BEGIN { printf "%.1f", a / b }')
            printf '| %s | %s | %s (run %s) | %s | %s× | %s/%s |\n' "$set" "$n" "$xc" "$round" "$t" "$ratio" "$agree" "$n"
        done
    done
done
