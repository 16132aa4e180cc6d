"""Benchmark: exactcover from Python against the PyPI packages exact_cover
and xcover, and against `xc cover`, on the same matrices.

    python python/bench/compare.py [--xc PATH] [--runs N] [--skip-slow]

For each problem the matrix is built once (numpy, rows are options); every
timing includes the package's own conversion of it. Counted:

* exactcover: iterating `covers_bool(m)` to the end (`iterate`), and
  `Problem.from_bool(m).count()` (`count`);
* exact_cover: `get_all_solutions(m)` (it has no iterator; it counts, then
  collects every solution) and `get_solution_count(m)`;
* xcover: iterating `covers_bool(m)` to the end, the second call (the first
  compiles with numba);
* xc cover: the same matrix written as DLX text, counted by `xc cover`
  (wall time of the process, minus nothing).

Prints a Markdown table (medians of --runs for exactcover and xc; one run
for the baselines, which take seconds to minutes).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import exactcover


def dominoes(h, w):
    rows = []
    for r in range(h):
        for c in range(w):
            if c + 1 < w:
                rows.append((r * w + c, r * w + c + 1))
            if r + 1 < h:
                rows.append((r * w + c, (r + 1) * w + c))
    m = np.zeros((len(rows), h * w), dtype=bool)
    for i, (a, b) in enumerate(rows):
        m[i, a] = m[i, b] = True
    return m


def queens(n):
    """n queens as a pure exact cover: rows, columns and diagonals are
    columns; each diagonal also has a slack row of its own (exact_cover and
    xcover's covers_bool have no secondary items), which keeps the count."""
    diag = 2 * n - 1
    cols = 2 * n + 2 * diag
    rows = []
    for r in range(n):
        for c in range(n):
            rows.append([r, n + c, 2 * n + r + c, 2 * n + diag + r - c + n - 1])
    for d in range(2 * diag):
        rows.append([2 * n + d])
    m = np.zeros((len(rows), cols), dtype=bool)
    for i, row in enumerate(rows):
        m[i, row] = True
    return m


def samples(name):
    import exact_cover_samples

    return exact_cover_samples.problems[name]()["data"].astype(bool)


PROBLEMS = [
    ("pentominoes 5x12", lambda: samples("p5x12"), 4040),
    ("dominoes 6x6", lambda: dominoes(6, 6), 6728),
    ("Langford 11", lambda: samples("lgfd11"), 35584),
    ("queens 12", lambda: queens(12), 14200),
]


def timed(f):
    t = time.perf_counter()
    value = f()
    return time.perf_counter() - t, value


def ours_iterate(m):
    return sum(1 for _ in exactcover.covers_bool(m))


def ours_count(m):
    return exactcover.Problem.from_bool(m).count()


def xc_count(xc, path):
    out = subprocess.run([xc, "cover", path], capture_output=True, text=True, check=False)
    line = out.stderr.strip().splitlines()[-1] if out.stderr.strip() else out.stdout
    return int(line.split()[1])


def find_xc(given):
    if given:
        return given
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    for profile in ("max", "release"):
        path = os.path.join(target, profile, "xc")
        if os.path.exists(path):
            return path
    return shutil.which("xc")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xc", help="the xc binary (default: target/max/xc, then target/release/xc, then PATH)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--skip-slow", action="store_true", help="skip exact_cover and xcover")
    args = ap.parse_args()
    xc = find_xc(args.xc)
    baselines = not args.skip_slow
    if baselines:
        import exact_cover
        import xcover

    rows = []
    for name, make, expected in PROBLEMS:
        m = make()
        med = lambda f: statistics.median(timed(f)[0] for _ in range(args.runs))  # noqa: E731
        assert ours_iterate(m) == expected and ours_count(m) == expected, name
        t_iter = med(lambda: ours_iterate(m))
        t_count = med(lambda: ours_count(m))
        row = {"problem": name, "solutions": expected, "iterate": t_iter, "count": t_count}
        if xc:
            with tempfile.NamedTemporaryFile("w", suffix=".dlx", delete=False) as f:
                f.write(exactcover.Problem.from_bool(m).to_dlx())
            assert xc_count(xc, f.name) == expected, name
            row["xc"] = med(lambda: xc_count(xc, f.name))
            os.unlink(f.name)
        if baselines:
            t, sols = timed(lambda: exact_cover.get_all_solutions(m))
            assert len(sols) == expected, name
            row["exact_cover_all"] = t
            t, n = timed(lambda: exact_cover.get_solution_count(m))
            assert n == expected, name
            row["exact_cover_count"] = t
            sum(1 for _ in xcover.covers_bool(m))  # numba compiles here
            t, n = timed(lambda: sum(1 for _ in xcover.covers_bool(m)))
            assert n == expected, name
            row["xcover"] = t
        rows.append(row)
        print(row, file=sys.stderr, flush=True)

    print("| problem | solutions | exactcover iterate | exactcover count | xc cover | exact_cover all / count | xcover (2nd call) | speed-up vs exact_cover, xcover | count overhead vs xc | iterate overhead per solution |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        ec = f"{r['exact_cover_all']:.2f} / {r['exact_cover_count']:.2f} s" if baselines else "–"
        xv = f"{r['xcover']:.2f} s" if baselines else "–"
        speed = (
            f"{min(r['exact_cover_all'], r['exact_cover_count']) / r['iterate']:.1f}×, {r['xcover'] / r['iterate']:.1f}×"
            if baselines
            else "–"
        )
        over = f"{(r['count'] / r['xc'] - 1) * 100:+.0f}%" if "xc" in r else "–"
        per = f"{(r['iterate'] - r['xc']) / r['solutions'] * 1e6:.2f} µs" if "xc" in r else "–"
        xct = f"{r['xc']:.3f} s" if "xc" in r else "–"
        print(
            f"| {r['problem']} | {r['solutions']:,} | {r['iterate']:.3f} s | {r['count']:.3f} s | {xct} | {ec} | {xv} | {speed} | {over} | {per} |"
        )


if __name__ == "__main__":
    main()
