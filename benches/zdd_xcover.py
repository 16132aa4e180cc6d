"""Times xcover's covers_bool_zdd (Algorithm Z with its memo) on DLX files.

usage: xcover_bench.py FILE HEURISTIC [REPEATS]
Prints: file heuristic count nodes build_seconds(median of the repeats after a warm-up call)
"""
import sys, time, statistics
import numpy as np
from xcover import covers_bool_zdd

def read_dlx(path):
    lines = [l.split() for l in open(path) if l.strip() and not l.startswith('|')]
    items = lines[0]
    index = {name: k for k, name in enumerate(items)}
    m = np.zeros((len(lines) - 1, len(items)), dtype=bool)
    for r, opt in enumerate(lines[1:]):
        for name in opt:
            m[r, index[name]] = True
    return m

def count(zdd):
    c = {0: 0, 1: 1}
    last = 0
    for (i, _o, lo, hi) in zdd:
        c[i] = c[lo] + c[hi]
        last = i
    return c[last] if zdd else 0

path, heuristic = sys.argv[1], sys.argv[2]
repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
m = read_dlx(path)
list(covers_bool_zdd(m, use_memo_cache=True, choose_heuristic=heuristic))  # compile and warm up
times = []
for _ in range(repeats):
    t = time.perf_counter()
    zdd = list(covers_bool_zdd(m, use_memo_cache=True, choose_heuristic=heuristic))
    times.append(time.perf_counter() - t)
print(path, heuristic, count(zdd), len(zdd), f"{statistics.median(times):.4f}")
