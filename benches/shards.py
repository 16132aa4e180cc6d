#!/usr/bin/env python3
"""benches/shards.py: how evenly `xc cover --shard K/N` divides the work.

For each DLX file and each N, runs the N shards one after another (pinned
to one CPU, `taskset -c $CPU`, default 1), REPS rounds, interleaving the
binaries given with --xc shard by shard, so that a busy neighbour slows
them alike. Prints a Markdown table: the split (depth, subproblems), the
busiest shard over the mean for the nodes each reports and for the CPU
time (user + system) of the whole process (the least of the rounds for
each shard), the busiest shard's CPU time, the sum over the shards, and
the makespan over the ideal: the busiest shard's CPU time over a Nth of
one whole process's (`xc cover FILE --threads 1`, the least of the rounds,
run in the same interleaving): what N machines wait for, against a
perfect split that costs nothing.

The nodes of shard 1 include the levels above the split, which every shard
explores but only shard 1 counts; the CPU time is what each process spent,
the split included.

With --shuffle SEED, each file's options are first shuffled (the items
line and comments stay first), so that no result depends on the order the
generator wrote.

Usage:
  benches/shards.py --xc target/max/xc [--xc OTHER] [--shards 8,16,64]
                    [--reps 5] [--shuffle 1] FILE.dlx...
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile


def shuffled(path, seed, into):
    """A copy of a DLX file with its options in a random order."""
    with open(path) as f:
        lines = f.readlines()
    items = next(i for i, line in enumerate(lines) if not line.startswith("|"))
    head, options = lines[: items + 1], lines[items + 1 :]
    random.Random(seed).shuffle(options)
    out = os.path.join(into, os.path.basename(path))
    with open(out, "w") as f:
        f.write("".join(head + options))
    return out


def run_shard(xc, path, k, n, cpu):
    """One shard's JSON result and the CPU seconds its process took."""
    p = subprocess.Popen(
        ["taskset", "-c", cpu, xc, "cover", path, "--shard", f"{k}/{n}", "--threads", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{xc} failed on {path} shard {k}/{n}")
    return json.loads(out), usage.ru_utime + usage.ru_stime


def run_whole(xc, path, cpu):
    """The CPU seconds of one whole single-threaded process."""
    p = subprocess.Popen(
        ["taskset", "-c", cpu, xc, "cover", path, "--threads", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{xc} failed on {path}")
    return usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--xc", action="append", required=True, help="an xc binary (repeat to compare)")
    ap.add_argument("--shards", default="8,16,64", help="the values of N, comma-separated")
    ap.add_argument("--reps", type=int, default=5, help="rounds; each shard's least CPU time counts")
    ap.add_argument("--shuffle", type=int, default=None, help="shuffle each file's options with this seed")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    cpu = os.environ.get("CPU", "1")
    print(
        "| instance | N | xc | depth | subproblems | nodes: busiest / mean | CPU: busiest / mean "
        "| busiest | sum | busiest / (whole / N) |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as scratch:
        for path in args.files:
            if args.shuffle is not None:
                path = shuffled(path, args.shuffle, scratch)
            name = os.path.basename(path).removesuffix(".dlx")
            whole = {x: [] for x in args.xc}
            for _ in range(args.reps):
                for x in args.xc:
                    whole[x].append(run_whole(x, path, cpu))
            for n in map(int, args.shards.split(",")):
                seconds = {(x, k): [] for x in args.xc for k in range(1, n + 1)}
                results = {}
                for _ in range(args.reps):
                    for k in range(1, n + 1):
                        for x in args.xc:
                            results[(x, k)], s = run_shard(x, path, k, n, cpu)
                            seconds[(x, k)].append(s)
                for x in args.xc:
                    nodes = [results[(x, k)]["nodes"] for k in range(1, n + 1)]
                    times = [min(seconds[(x, k)]) for k in range(1, n + 1)]
                    first = results[(x, 1)]
                    print(
                        f"| {name} | {n} | {x} | {first['depth']} | {first['split_into']} "
                        f"| {max(nodes) / (sum(nodes) / n):.3f} | {max(times) / (sum(times) / n):.3f} "
                        f"| {max(times) * 1000:.1f} ms | {sum(times):.3f} s "
                        f"| {max(times) / (min(whole[x]) / n):.3f} |",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
