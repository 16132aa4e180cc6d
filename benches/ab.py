#!/usr/bin/env python3
"""A/B of two `xc` builds, whole process, pinned to one CPU.

Usage: benches/ab.py BASE_XC NEW_XC [RUNS]

Each case runs RUNS times (5 by default) per build, the two builds
interleaved (ABBA...), pinned with `taskset -c 1`; prints the median wall
time of each in ms and their ratio (new / base: below 1 is faster).

The cases read the instances `benches/peers.sh` writes (queens13,
langford12, pent5x12, pent6x10, domino8x8 in $PEERS_BUILD/instances), those
of `benches/peers/dlx3-instances.sh DIR` (in $MULT, default
$PEERS_BUILD/instances/mult, where peers.sh puts them), and the shared
Sudoku sets (in $EXACTCOVER_SHARED/data, default ../shared/data). A case
whose file is missing is skipped with a line saying so. The domino tilings
run twice, with the default check and with --no-check, so that the check's
share shows too. $AB_ONLY, if set, keeps the cases whose names contain
one of its comma-separated words.
"""
import os
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
inst = os.path.join(os.environ.get("PEERS_BUILD", "/tmp/peers-build"), "instances")
mult = os.environ.get("MULT", os.path.join(inst, "mult"))
shared = os.path.join(os.environ.get("EXACTCOVER_SHARED", os.path.join(here, "..", "..", "shared")), "data")
solve = ["sudoku", "solve", "-q", "--threads", "1"]
CASES = [
    ("queens13", ["cover"], os.path.join(inst, "queens13.dlx")),
    ("langford12", ["cover"], os.path.join(inst, "langford12.dlx")),
    ("pent5x12", ["cover"], os.path.join(inst, "pent5x12.dlx")),
    ("pent6x10", ["cover"], os.path.join(inst, "pent6x10.dlx")),
    ("domino8x8", ["cover"], os.path.join(inst, "domino8x8.dlx")),
    ("domino8x8 --no-check", ["cover", "--no-check"], os.path.join(inst, "domino8x8.dlx")),
    ("queens2-13 (M)", ["cover"], os.path.join(mult, "queens2-13.dlx")),
    ("dominoHV-8-16 (M)", ["cover"], os.path.join(mult, "dominoHV-8-16.dlx")),
    ("bricks-4x8 (M)", ["cover"], os.path.join(mult, "bricks-4x8.dlx")),
    ("bricks-6x6 (M)", ["cover"], os.path.join(mult, "bricks-6x6.dlx")),
    ("Kaggle (the first10k file)", solve, os.path.join(shared, "kaggle_bryanpark_first10k_puzzles.txt")),
    ("top1465", solve, os.path.join(shared, "tdoku_puzzles3_magictour_top1465.txt")),
    ("serg", solve, os.path.join(shared, "tdoku_puzzles7_serg_benchmark.txt")),
    ("forum hardest 1106", solve, os.path.join(shared, "tdoku_puzzles6_forum_hardest_1106.txt")),
]


def timed(exe, args):
    start = time.perf_counter()
    p = subprocess.run(["taskset", "-c", "1", exe] + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    took = time.perf_counter() - start
    if p.returncode not in (0, 1):
        sys.exit(f"{exe} {' '.join(args)}: exit {p.returncode}: {p.stderr.decode()[-300:]}")
    return took


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    base, new = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) == 4 else 5
    print("| case | base ms | new ms | new / base |\n|---|---:|---:|---:|")
    only = [w for w in os.environ.get("AB_ONLY", "").split(",") if w]
    for name, verb, path in CASES:
        if only and not any(w in name for w in only):
            continue
        if not os.path.exists(path):
            print(f"| {name} | skipped: {path} not found | | |")
            continue
        times = {base: [], new: []}
        for r in range(runs):
            for exe in (base, new) if r % 2 == 0 else (new, base):
                times[exe].append(timed(exe, verb + [path]))
        a, b = statistics.median(times[base]), statistics.median(times[new])
        print(f"| {name} | {a * 1000:.1f} | {b * 1000:.1f} | {b / a:.3f} |", flush=True)


if __name__ == "__main__":
    main()
