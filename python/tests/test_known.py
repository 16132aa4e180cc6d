"""Known answers: the A-F demo, queens, Langford, dominoes, Sudoku, and
each entry point of Problem."""

import json
import os
import pickle
import subprocess

import numpy as np
import pytest
from conftest import dominoes, two_solution_sudoku

import exactcover
from exactcover import puzzles, sudoku

# The classic demo: which of A..F partition {1..7}? B, D and F.
SETS = {"A": [1, 4, 7], "B": [1, 4], "C": [4, 5, 7], "D": [3, 5, 6], "E": [2, 3, 6, 7], "F": [2, 7]}


def test_a_to_f_demo():
    names = list(SETS)
    solutions = list(exactcover.covers(SETS.values()))
    assert [sorted(names[i] for i in s) for s in solutions] == [["B", "D", "F"]]
    m = np.array([[i in s for i in range(1, 8)] for s in SETS.values()])
    assert [sorted(s) for s in exactcover.covers_bool(m)] == [[1, 3, 5]]


def test_queens_8_has_92_with_knuths_counts():
    p = puzzles.queens(8)
    assert p.count() == 92
    assert (p.stats.nodes, p.stats.updates, p.stats.solutions, p.stats.complete) == (1049, 16680, 92, True)
    assert sum(1 for _ in p.solutions()) == 92


def test_langford_7_has_26_up_to_reversal():
    assert puzzles.langford(7).count() == 26
    assert puzzles.langford(7, distinct=False).count() == 52
    assert puzzles.langford(7).is_unique() is False


def test_dominoes_6x6_has_6728():
    assert sum(1 for _ in exactcover.covers_bool(dominoes(6, 6))) == 6728
    assert exactcover.Problem.from_bool(dominoes(6, 6)).count() == 6728
    # The same tilings with the domino as a piece used up to 18 times
    # (Algorithm M).
    assert puzzles.polyomino("AA", "6x6", piece_counts=(0, 18)).count() == 6728


def test_pentominoes():
    assert puzzles.polyomino("pentominoes", "3x20").count() == 8
    assert puzzles.polyomino("pentominoes", "6x10", distinct=True).count() == 2339


def test_sudoku_with_two_solutions():
    p = two_solution_sudoku()
    assert sudoku.count(p) == 2
    assert sudoku.count(p, limit=1) == 1
    assert sudoku.is_unique(p) is False
    solution = sudoku.solve(p)
    assert solution is not None and "." not in solution
    with pytest.raises(exactcover.SudokuError):
        sudoku.rate(p)  # rating needs one solution


def test_sudoku_entry_points():
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    assert sudoku.solve(easy) == "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
    assert sudoku.is_unique(easy) and sudoku.count(easy) == 1
    # A block of 9 lines reads as the same puzzle.
    block = "\n".join(easy[i * 9:(i + 1) * 9] for i in range(9))
    assert sudoku.solve(block) == sudoku.solve(easy)
    assert sudoku.rate(easy) == {"er": 1.2, "ep": 1.2, "ed": 1.2, "hardest": "Hidden single"}
    e = sudoku.explain(easy)
    assert e["solution"] == sudoku.solve(easy) and e["level"] == "easy" and e["guesses"] == 0
    assert all(s["technique"] for s in e["steps"])
    h = sudoku.hint(easy)
    assert h["kind"] == "step" and h["step"]["placements"] == [(10, 6)]
    # A wrong digit in the player's grid is named first.
    wrong = easy[:10] + "5" + easy[11:]
    assert sudoku.hint(easy, wrong)["kind"] == "wrong"
    assert sudoku.hint(easy, sudoku.solve(easy))["kind"] == "solved"
    g = sudoku.generate(seed=3)
    assert g == sudoku.generate(seed=3) and sudoku.is_unique(g)
    assert sudoku.count("." * 81, limit=1000) == 1000


def test_bounds_and_colors():
    # x between 2 and 3 times: C(3,2) + C(3,3) = 4.
    assert exactcover.Problem([["x"], ["x"], ["x"]], bounds={"x": (2, 3)}).count() == 4
    assert exactcover.Problem([["x"], ["x"], ["x"]], bounds={"x": 2}).count() == 3
    # Knuth's colour example.
    p = exactcover.Problem.from_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n")
    assert p.first() == [1, 3] and p.is_unique()
    opts = [["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"], ["X:0", "Y:1"], ["B", "X:1"], ["C", "Y:1"]]
    assert list(exactcover.covers(opts, primary=["A", "B", "C"], colored=True)) == [[1, 3]]
    assert list(exactcover.covers(opts, secondary=["X", "Y"], colored=True)) == [[1, 3]]


def test_hashable_items_and_dlx_round_trip():
    opts = [[(0, 0), (0, 1)], [(0, 1), "b c"], [(0, 0)], ["b c"]]
    p = exactcover.Problem(opts)
    assert sorted(sorted(s) for s in p.solutions()) == [[0, 3], [1, 2]]
    assert p.items == [(0, 0), (0, 1), "b c"]
    text = p.to_dlx()
    assert text.splitlines()[0] == "(0,_0) (0,_1) b_c"
    again = exactcover.Problem.from_dlx(text)
    assert again.count() == 2 and again.to_dlx() == text
    assert p.format_option(1) == "(0,_1) b_c"


def test_limits_and_threads():
    q = puzzles.queens(10)
    assert q.count() == 724
    assert q.count(limit=100) == 100 and q.stats.stopped == "solutions"
    n = q.with_limits(nodes=500).count()
    assert n < 724 and q.with_limits(nodes=500).count() == n
    short = q.with_limits(nodes=500)
    short.count()
    assert short.stats.stopped == "nodes" and not short.stats.complete
    assert short.is_unique() is False  # two solutions within 500 nodes
    with pytest.raises(exactcover.LimitReached) as e:
        q.with_limits(nodes=5).is_unique()
    assert e.value.reason == "nodes"
    assert len(list(q.solutions(limit=5))) == 5
    # A limit of 0 is no solution, and no search.
    assert (q.count(limit=0), list(q.solutions(limit=0)), q.with_limits(solutions=0).first()) == (0, [], None)
    assert q.with_limits(time=float("inf")).count() == 724  # no limit
    assert len(list(q.with_limits(solutions=7).solutions())) == 7
    slow = puzzles.queens(16).with_limits(time=0.1)
    slow.count()
    assert slow.stats.stopped == "time"
    # Threads: the same count and statistics as one thread.
    t = q.with_threads(2)
    assert t.count() == 724 and t.stats.nodes == _nodes(q)
    assert t.first() == q.first()
    assert sorted(map(sorted, t.solutions())) == sorted(map(sorted, q.solutions()))
    assert puzzles.langford(7).with_threads(2).is_unique() is False
    assert exactcover.Problem([[1], [2]]).with_threads(2).is_unique() is True


def _nodes(p):
    p.count()
    return p.stats.nodes


def test_estimate():
    e = puzzles.queens(10).estimate(probes=4000, seed=1)
    assert e.probes == 4000
    assert abs(e.solutions - 724) < 250 and abs(e.nodes - 11578) < 3000
    assert e.seconds > 0


def test_iterator_stats_and_close():
    it = puzzles.queens(8).solutions()
    first = next(it)
    assert len(first) == 8
    it.close()
    assert list(it) == []
    # Closed before its end: stopped, and why (it was stopped=None).
    assert (it.stats.complete, it.stats.stopped) == (False, "cancelled")
    it = puzzles.queens(8).solutions()
    assert sum(1 for _ in it) == 92
    assert (it.stats.solutions, it.stats.nodes, it.stats.complete) == (92, 1049, True)


def test_shards_add_up_and_pickle():
    p = puzzles.langford(9, distinct=False)
    whole = p.count()
    shards = p.shards(5)
    # Each shard and each result goes through pickle, as to another process.
    results = [pickle.loads(pickle.dumps(pickle.loads(pickle.dumps(s)).run())) for s in shards]
    assert [r.index for r in results] == [0, 1, 2, 3, 4] and whole == 0
    assert exactcover.merge(results).solutions == 0
    q = puzzles.queens(11)
    merged = exactcover.merge([s.run() for s in q.shards(4)])
    assert merged.solutions == q.count() == 2680
    assert (merged.nodes, merged.updates) == (q.stats.nodes, q.stats.updates)
    assert merged.complete


@pytest.mark.skipif(not os.environ.get("XC_BIN"), reason="XC_BIN (the xc binary) is not set")
def test_shards_split_as_xc_cover_does(tmp_path):
    p = puzzles.queens(10)
    path = tmp_path / "queens.dlx"
    path.write_text(p.to_dlx())
    ours = [s.run() for s in p.shards(3)]
    for k, r in enumerate(ours):
        out = subprocess.run([os.environ["XC_BIN"], "cover", str(path), "--shard", f"{k + 1}/3"], capture_output=True, text=True)
        theirs = json.loads(out.stdout)
        assert (theirs["shard"], theirs["of"], theirs["problem"]) == (k + 1, 3, r.problem)
        assert (theirs["solutions"], theirs["nodes"], theirs["updates"]) == (r.solutions, r.stats.nodes, r.stats.updates)
