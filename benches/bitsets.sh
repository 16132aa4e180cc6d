#!/usr/bin/env bash
# benches/bitsets.sh: the table of docs/PERFORMANCE.md, "The search on bit
# sets": each instance with Dancing Links (the dance) alone, with the bit
# sets wherever they are allowed, and with `xc` as committed (the rule,
# `DENSE` in src/cover/tables.rs).
#
# The three builds come from this checkout's HEAD, copied to a scratch
# directory (${BITSETS_BUILD:-/tmp/bitsets-build}); two of them with `DENSE`
# changed (1000000: never the bit sets; 0: whenever allowed). The instances
# are written there too: xc's own queens, Langford and polyomino builders,
# domino tilings, random problems with a planted solution (N items, M options
# of K items, seeded), and Knuth's ink.dlx from ../shared if present.
#
# Each run is `xc cover --node-limit 10000000 FILE`, pinned to one CPU
# (taskset -c ${CPU:-1}), REPS runs (default 3) interleaved; the table gives
# the medians in ms, sorted by the rule's measure: reach / (w + n8/8).
#
# Usage: benches/bitsets.sh [REPS]        (needs cargo, python3, taskset)
#        ONLY='m-*' benches/bitsets.sh [REPS]   (only the instances so named:
#        m-* are those with multiplicities, searched by Algorithm M)

set -euo pipefail
export LC_ALL=C
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHARED=${EXACTCOVER_SHARED:-$REPO/../shared}
BUILD=${BITSETS_BUILD:-/tmp/bitsets-build}
CPU=${CPU:-1}
REPS=${1:-3}
LIMIT=10000000
mkdir -p "$BUILD/inst"

# The three builds: dance (DENSE = 1000000), bits (DENSE = 0), rule (as is).
for v in dance bits rule; do
    if [ ! -x "$BUILD/xc-$v" ]; then
        rm -rf "$BUILD/src-$v" && mkdir -p "$BUILD/src-$v"
        git -C "$REPO" archive HEAD | tar -x -C "$BUILD/src-$v"
        # The archive's files carry the commit's time; touched, cargo sees
        # them newer than the last variant's build and rebuilds.
        find "$BUILD/src-$v" -type f -exec touch {} +
        case $v in
            dance) dense=1000000 ;;
            bits) dense=0 ;;
            rule) dense="" ;;
        esac
        if [ -n "$dense" ]; then
            sed -i "s/^pub(crate) const DENSE: usize = [0-9_]*;/pub(crate) const DENSE: usize = $dense;/" \
                "$BUILD/src-$v/src/cover/tables.rs"
        fi
        (cd "$BUILD/src-$v" && CARGO_TARGET_DIR="$BUILD/target" cargo build -q --profile max -p exactcover-cli)
        cp "$BUILD/target/max/xc" "$BUILD/xc-$v"
    fi
done

# The instances.
I=$BUILD/inst
XC=$BUILD/xc-rule
for n in 8 10 12 13; do "$XC" queens $n --emit-dlx >"$I/q$n.dlx"; done
for n in 7 11 12; do "$XC" langford $n --emit-dlx >"$I/l$n.dlx"; done
for b in 3x20 4x15 5x12 6x10; do "$XC" polyomino --board $b --emit-dlx >"$I/p$b.dlx"; done
"$XC" polyomino --board 5x12 --distinct --emit-dlx >"$I/p5x12d.dlx"
"$XC" polyomino --board 6x10 --no-reflect --emit-dlx >"$I/p6x10nr.dlx"
"$XC" polyomino --pieces tetrominoes --board 4x5 --emit-dlx >"$I/t4x5.dlx"
# The twelve pentominoes and a 2x2 square (Dana Scott's problem in 8x8).
printf '%s\n' .FF FF. .F. '' IIIII '' LLLL L... '' NN.. .NNN '' PP PP P. '' TTT .T. .T. '' \
    U.U UUU '' V.. V.. VVV '' W.. WW. .WW '' .X. XXX .X. '' YYYY .Y.. '' ZZ. .Z. .ZZ '' SS SS >"$I/square.txt"
"$XC" polyomino --piece-file "$I/square.txt" --board 4x16 --emit-dlx >"$I/sq4x16.dlx"
"$XC" polyomino --piece-file "$I/square.txt" --board 8x8 --emit-dlx >"$I/scott.dlx"
printf '%s\n' '########' '########' '########' '###..###' '###..###' '########' '########' '########' >"$I/hole.txt"
"$XC" polyomino --board-file "$I/hole.txt" --emit-dlx >"$I/hole8x8.dlx"
awk 'BEGIN { n = 8; s = ""
    for (r = 0; r < n; r++) for (c = 0; c < n; c++) s = s (s == "" ? "" : " ") r c
    print s
    for (r = 0; r < n; r++) for (c = 0; c < n; c++) {
        if (c + 1 < n) print r c, r (c + 1)
        if (r + 1 < n) print r c, (r + 1) c } }' >"$I/domino8x8.dlx"
[ -f "$SHARED/data/dlx/ink.dlx" ] && cp "$SHARED/data/dlx/ink.dlx" "$I/ink.dlx"
# With multiplicities (Algorithm M, named m-*): DLX3's instances of
# benches/peers/dlx3-instances.sh, and others from xc's builders.
bash "$REPO/benches/peers/dlx3-instances.sh" "$BUILD/dlx3" >/dev/null
for f in "$BUILD"/dlx3/*.dlx; do cp "$f" "$I/m-$(basename "$f")"; done
rm -f "$I/m-knuth-example.dlx" # colours: never on bit sets
for n in 8 10 12; do "$XC" queens $n --per-line 2 --emit-dlx >"$I/m-queens2x$n.dlx"; done
"$XC" queens 9 --per-line 3 --emit-dlx >"$I/m-queens3x9.dlx"
"$XC" polyomino --pieces tetrominoes --board 4x10 --piece-count 1..3 --emit-dlx >"$I/m-tetro13-4x10.dlx"
"$XC" polyomino --pieces tetrominoes --board 6x6 --piece-count 0..3 --emit-dlx >"$I/m-tetro03-6x6.dlx"
"$XC" polyomino --board 5x8 --piece-count 0..2 --emit-dlx >"$I/m-pento02-5x8.dlx"
"$XC" polyomino --board 6x6 --piece-count 0..1 --emit-dlx >"$I/m-pento01-6x6.dlx"
"$XC" polyomino --board 4x6 --pieces hexominoes --piece-count 0..1 --emit-dlx >"$I/m-hexo01-4x6.dlx"
python3 - "$I" <<'EOF'
import random, sys
# name: (items N, options M, items per option K, seed); a planted solution first.
specs = {"r60-400-4": (60, 400, 4, 1), "r60-1000-5": (60, 1000, 5, 2), "r80-600-4": (80, 600, 4, 3),
         "r48-300-3": (48, 300, 3, 4), "r100-2000-5": (100, 2000, 5, 5), "r40-200-2": (40, 200, 2, 6),
         "r64-1500-8": (64, 1500, 8, 7), "v50-800-6": (50, 800, 6, 11), "v70-1200-4": (70, 1200, 4, 12),
         "v90-3000-6": (90, 3000, 6, 13), "v120-1000-3": (120, 1000, 3, 14), "v30-500-5": (30, 500, 5, 15),
         "v200-4000-10": (200, 4000, 10, 16), "v56-700-7": (56, 700, 7, 17)}
for name, (n, m, k, seed) in specs.items():
    r = random.Random(seed)
    items = [f"i{j}" for j in range(n)]
    perm = items[:]
    r.shuffle(perm)
    opts = {tuple(sorted(perm[i:i + k])) for i in range(0, n, k)}
    while len(opts) < m:
        opts.add(tuple(sorted(r.sample(items, k))))
    with open(f"{sys.argv[1]}/{name}.dlx", "w") as f:
        print(" ".join(items), file=f)
        for o in sorted(opts, key=lambda _: r.random()):
            print(" ".join(o), file=f)
EOF

# The runs, interleaved, then the table.
RAW=$BUILD/raw.txt
: >"$RAW"
for f in "$I"/${ONLY:-*}.dlx; do
    for _ in $(seq "$REPS"); do
        for v in dance bits rule; do
            s=$(date +%s%N)
            # Exit 0 (solved), 1 (no solution) or 3 (stopped at the node limit).
            code=0
            taskset -c "$CPU" "$BUILD/xc-$v" cover --node-limit $LIMIT "$f" >/dev/null || code=$?
            case $code in 0 | 1 | 3) ;; *) echo "xc-$v failed on $f (exit $code)" >&2 && exit 1 ;; esac
            e=$(date +%s%N)
            echo "$(basename "$f" .dlx) $v $(((e - s) / 1000))" >>"$RAW"
        done
    done
done
python3 - "$I" "$RAW" <<'EOF'
import statistics, sys
from collections import defaultdict
times = defaultdict(list)
for line in open(sys.argv[2]):
    name, v, us = line.split()
    times[name, v].append(int(us) / 1000)
rows = []
for name in sorted({n for n, _ in times}):
    lines = [l for l in open(f"{sys.argv[1]}/{name}.dlx") if l.strip() and not l.startswith("|")]
    items = [t.split("|")[-1] for t in lines[0].split() if t != "|"]
    options = [l.split() for l in lines[1:]]
    length = defaultdict(int)
    for o in options:
        for t in o:
            length[t.split(":")[0]] += 1
    reach = sum(length[t.split(":")[0]] for o in options for t in o) / max(1, len(options))
    words = max(1, (len(options) + 63) // 64) + (len(items) + 7) // 8
    med = {v: statistics.median(times[name, v]) for v in ("dance", "bits", "rule")}
    rows.append((reach / words, name, len(items), len(options), reach, words, med))
print("| instance | items | options | reach | w + n8/8 | reach / words | dance | bit sets | bit sets / dance | rule picks | xc (rule) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
for measure, name, n, m, reach, words, med in sorted(rows):
    pick = "bit sets" if measure >= 16 else "dance"
    print(f"| {name} | {n} | {m} | {reach:.0f} | {words} | {measure:.1f} | {med['dance']:.1f} | "
          f"{med['bits']:.1f} | {med['bits'] / med['dance']:.2f} | {pick} | {med['rule']:.1f} |")
EOF
