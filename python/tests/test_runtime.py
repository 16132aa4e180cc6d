"""Runtime behaviour: Ctrl-C stops any search or build within 0.5 s, the
search releases the GIL, an abandoned iterator frees its solver, and the
8x8 domino tilings iterate in bounded memory."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import exactcover
from exactcover import puzzles, sudoku

HERE = os.path.dirname(os.path.abspath(__file__))

# SE 11.6: rating it, or explaining it, takes seconds.
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"

# Each snippet runs a search or build that would take far longer than the
# test: Langford 13 has no solution, so its iterator searches its whole
# tree before the first answer.
LONG = {
    "count": "exactcover.puzzles.queens(20).count()",
    "first": "exactcover.puzzles.langford(13).first()",
    "is_unique": "exactcover.puzzles.langford(13).is_unique()",
    "iterator": "next(iter(exactcover.puzzles.langford(13).solutions()))",
    "threads": "exactcover.puzzles.queens(20).with_threads(2).count()",
    "estimate": "exactcover.puzzles.queens(20).estimate(probes=10**12)",
    "shard": "exactcover.puzzles.queens(20).shards(2)[0].run()",
    "sudoku_count": "exactcover.sudoku.count('.' * 81)",
    "sudoku_rate": f"exactcover.sudoku.rate({EASTER_MONSTER!r})",
    "sudoku_explain": f"exactcover.sudoku.explain({EASTER_MONSTER!r})",
    # 16x16 (25x25 is refused: it has no time limit).
    "sudoku_generate": "[exactcover.sudoku.generate(seed=s, box=4) for s in range(10**6)]",
    "build": "exactcover.covers(itertools.repeat([1, 2]))",
    "build_matrix": "exactcover.covers_bool(big)",
    "zdd": "exactcover.puzzles.polyomino('AA', '28x28', piece_counts=(0, 392)).zdd()",
    # One item, 20000 options: each draw walks the whole diagram.
    "zdd_sample": "exactcover.Problem([[1]] * 20000).zdd().sample(10**6)",
    "from_dlx": "exactcover.Problem.from_dlx('A\\n' * 50_000_000)",
    # Consumers in C run no bytecode between two solutions.
    "list_solutions": "list(exactcover.puzzles.queens(16).solutions())",
    "list_covers": "list(exactcover.covers([[i] for i in range(24)] * 2))",
    "list_zdd": "list(exactcover.puzzles.polyomino('AA', '10x10', piece_counts=(0, 50)).zdd())",
}


@pytest.mark.parametrize("what", sorted(LONG))
def test_ctrl_c_stops_within_half_a_second(what):
    code = textwrap.dedent(
        f"""
        import itertools, sys, time
        import numpy as np
        import exactcover
        big = np.ones((1 << 21, 64), dtype=bool) if {what!r} == "build_matrix" else None
        print("ready", flush=True)
        try:
            {LONG[what]}
        except KeyboardInterrupt:
            print("interrupted", time.monotonic(), flush=True)
            sys.exit(3)
        print("finished", flush=True)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # well into the search
        assert child.poll() is None, "the search ended before the signal"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().split()
        assert child.wait(timeout=10) == 3
    finally:
        child.kill()
    assert line[0] == "interrupted"
    assert float(line[1]) - sent < 0.5, f"KeyboardInterrupt after {float(line[1]) - sent:.3f} s"


def test_search_releases_the_gil():
    ticks = 0
    done = threading.Event()

    def search():
        puzzles.queens(20).with_limits(time=1.0).count()
        done.set()

    t = threading.Thread(target=search)
    started = time.monotonic()
    t.start()
    while not done.is_set() and time.monotonic() - started < 5:
        ticks += 1
    t.join()
    # The main thread ran Python all along (a held GIL would leave it
    # a few switch intervals: tens of ticks).
    assert ticks > 100_000


def threads_now():
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs /proc")
def test_abandoned_iterators_free_their_solvers():
    before = threads_now()
    big = puzzles.queens(14)
    for _ in range(50):
        it = big.solutions()
        next(it)
        del it
    assert threads_now() == before
    it = big.with_threads(2).solutions()
    next(it)
    del it
    assert threads_now() == before


def test_dominoes_8x8_iterate_in_bounded_memory():
    code = textwrap.dedent(
        f"""
        import resource, sys
        sys.path.insert(0, {HERE!r})
        from conftest import dominoes
        import exactcover
        m = dominoes(8, 8)
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        n = 0
        for s in exactcover.covers_bool(m):
            n += 1
        print(n, base, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    n, base, peak = map(int, out)
    assert n == 12_988_816
    # The peak grows by the solver and a few batches of solutions, not by
    # anything per solution (8 bytes each would be 100 MB).
    assert peak - base < 20_000, f"max RSS grew by {peak - base} KiB"


def test_a_thread_that_cannot_start_raises_runtime_error():
    # Was: PanicException "failed to spawn thread" once the address space
    # ran out (each live iterator holds a thread and its stack).
    code = textwrap.dedent(
        """
        import resource
        import exactcover
        its = [exactcover.puzzles.queens(14).solutions()]
        next(its[0])
        used = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + (400 << 20), resource.RLIM_INFINITY))
        try:
            for _ in range(5000):
                it = exactcover.puzzles.queens(14).solutions()
                next(it)
                its.append(it)
        except RuntimeError as e:
            print("RuntimeError", type(e).__name__, len(its), e)
        else:
            print("no error", len(its))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.startswith("RuntimeError RuntimeError"), out.stdout + out.stderr[-2000:]
    assert "could not start a thread" in out.stdout
    assert int(out.stdout.split()[2]) > 1


def test_one_iterator_serves_several_threads():
    # Was: RuntimeError "Already mutably borrowed" once a second thread
    # asked while the first waited for a batch.
    for threads in (1, 2):
        it = puzzles.queens(12).with_threads(threads).solutions()
        got, errors = [], []

        def take():
            try:
                for s in it:
                    got.append(tuple(sorted(s)))
            except Exception as e:  # noqa: BLE001 - the test reports it
                errors.append(e)

        workers = [threading.Thread(target=take) for _ in range(4)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        assert errors == []
        assert len(got) == 14200 and len(set(got)) == 14200
        assert it.stats.solutions == 14200 and it.stats.complete


def test_close_from_another_thread_ends_a_waiting_iterator():
    # Langford 13 has no solution: the first thread waits for ever.
    it = puzzles.langford(13).solutions()
    out = []
    t = threading.Thread(target=lambda: out.append(next(it, "end")))
    t.start()
    time.sleep(0.2)
    it.close()
    t.join(5)
    assert not t.is_alive() and out == ["end"]
    assert it.stats.stopped == "cancelled"


REENTRY = """
import signal, threading, time, exactcover
it = exactcover.puzzles.langford(13).solutions()
MODE = {mode!r}
if MODE == "close_in_handler":
    # A timeout's handler closes the iterator this thread waits in.
    signal.signal(signal.SIGALRM, lambda *_: it.close())
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    print(next(it, "end"), it.stats.stopped)
elif MODE == "next_in_handler":
    def handler(*_):
        try:
            next(it)
        except RuntimeError as e:
            print("refused:", e)
            it.close()
    signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    print(next(it, "end"), it.stats.stopped)
else:
    # Ctrl-C while this thread waits for the iterator another one holds.
    out = []
    t = threading.Thread(target=lambda: out.append(next(it, "end")))
    t.start()
    time.sleep(0.2)
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    signal.signal(signal.SIGALRM, lambda *_: signal.raise_signal(signal.SIGINT))
    try:
        next(it)
    except KeyboardInterrupt:
        t.join(5)
        print("interrupted", out, t.is_alive(), it.stats.stopped)
"""


@pytest.mark.parametrize(
    "mode, want",
    [
        ("close_in_handler", "end cancelled"),
        ("next_in_handler", "refused: next() of a Solutions iterator that this thread is already in"),
        ("waiting_for_another_thread", "interrupted ['end'] False cancelled"),
    ],
)
def test_an_iterator_reentered_or_interrupted_ends_its_search(mode, want):
    # Was: a handler's close() or next() spun for ever on the iterator its
    # thread was in; a Ctrl-C while waiting for another thread's turn left
    # the search running.
    run = subprocess.run(
        [sys.executable, "-c", REENTRY.format(mode=mode)], capture_output=True, text=True, timeout=30
    )
    assert run.returncode == 0, run.stderr
    assert want in run.stdout, run.stdout
