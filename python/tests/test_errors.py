"""Bad input at each entry point: a ValueError subclass of exactcover's,
carrying the position, and never a panic."""

import itertools
import pickle
import warnings

import numpy as np
import pytest

import exactcover
from exactcover import puzzles, sudoku


def raises(kind, f, *args, **kwargs):
    with pytest.raises(kind) as e:
        f(*args, **kwargs)
    assert isinstance(e.value, ValueError) and isinstance(e.value, exactcover.ExactCoverError)
    return e.value


def test_covers_and_problem():
    e = raises(exactcover.BuildError, exactcover.covers, [[1, 2], []])
    assert e.option == 1 and "option 1 is empty" in str(e)
    e = raises(exactcover.BuildError, exactcover.covers, [[1, 2], [3, 3]])
    assert (e.option, e.item) == (1, 3) and "appears twice" in str(e)
    e = raises(exactcover.BuildError, exactcover.covers, [[1], "ab"])
    assert e.option == 1
    e = raises(exactcover.BuildError, exactcover.covers, [[1], 5])
    assert e.option == 1
    e = raises(exactcover.BuildError, exactcover.covers, [[1], [2, 9]], primary=[1, 2], secondary=[3])
    assert (e.option, e.item) == (1, 9) and "neither primary nor secondary" in str(e)
    e = raises(exactcover.BuildError, exactcover.covers, [[1]], primary=[1], secondary=[1])
    assert e.item == 1 and "both primary and secondary" in str(e)
    e = raises(exactcover.BuildError, exactcover.covers, [["a", "x:red"], ["a:blue"]], primary=["a"], colored=True)
    assert (e.option, e.item) == (1, "a") and "colour" in str(e)
    e = raises(exactcover.BuildError, exactcover.covers, [["a", "x:"]], primary=["a"], colored=True)
    assert e.option == 0 and "empty colour" in str(e)
    # A colour the DLX text can't hold as one word: written out, `a x:r d`
    # read back as the colour `r` and the item `d`, another problem.
    e = raises(exactcover.BuildError, exactcover.Problem, [["a", "x:r d"], ["b", "x:r d"], ["d"]],
               colored=True, primary=["a", "b", "d"])
    assert e.option == 0 and "bad colour `r d`" in str(e)
    raises(exactcover.BuildError, exactcover.covers, [[1]], secondary=[1])  # no primary items
    with pytest.raises(TypeError):
        exactcover.covers([[[1]]])  # a list is not hashable
    e = raises(exactcover.BuildError, exactcover.Problem, [["x"]], bounds={"y": (0, 1)})
    assert e.item == "y"
    e = raises(exactcover.BuildError, exactcover.Problem, [["x"]], bounds={"x": (2, 1)})
    assert e.item == "x" and "(2, 1)" in str(e)
    e = raises(exactcover.BuildError, exactcover.Problem, [["x", "s"]], primary=["x"], bounds={"s": 2})
    assert e.item == "s" and "secondary" in str(e)
    e = raises(exactcover.BuildError, exactcover.Problem, [["x"]], bounds={"x": "two"})
    assert e.item == "x"
    raises(exactcover.ExactCoverError, puzzles.queens(4).shards, 0)
    for bad in (-1.0, float("nan")):
        raises(exactcover.ExactCoverError, puzzles.queens(4).with_limits, time=bad)
        raises(exactcover.ExactCoverError, puzzles.queens(4).estimate, calibrate=bad)
    with pytest.raises(OverflowError):
        puzzles.queens(4).with_limits(nodes=-1)


def test_covers_bool():
    raises(exactcover.BuildError, exactcover.covers_bool, np.zeros((2, 2, 2), dtype=bool))
    raises(exactcover.BuildError, exactcover.covers_bool, np.array([["a", "b"]], dtype=object))
    e = raises(exactcover.BuildError, exactcover.covers_bool, np.eye(3), secondary=[5])
    assert e.column == 5
    raises(exactcover.BuildError, exactcover.covers_bool, np.zeros((3, 0), dtype=bool))  # no items
    raises(exactcover.BuildError, exactcover.covers_bool, [[1, 0], [0]])  # ragged
    # Not errors: nested lists, strided views, zero rows (never chosen).
    assert list(exactcover.covers_bool([[1, 0], [0, 1]])) == [[0, 1]]
    assert list(exactcover.covers_bool(np.eye(4, dtype=np.int8)[:, ::2][::2])) == [[0, 1]]
    assert list(exactcover.covers_bool(np.array([[0, 0], [1, 1]]))) == [[1]]


def test_dlx_text_names_line_and_column():
    e = raises(exactcover.ParseError, exactcover.Problem.from_dlx, "a b\na c\n")
    assert (e.line, e.column) == (2, 3) and "unknown item `c`" in str(e)
    e = raises(exactcover.ParseError, exactcover.Problem.from_dlx, "a a\n")
    assert (e.line, e.column) == (1, 3)
    e = raises(exactcover.ParseError, exactcover.Problem.from_dlx, "")
    assert e.line >= 1


def test_puzzles():
    raises(exactcover.PuzzleError, puzzles.queens, 0)
    raises(exactcover.PuzzleError, puzzles.langford, 0)
    raises(exactcover.PuzzleError, puzzles.polyomino, "pentominoes", "6by10")
    raises(exactcover.PuzzleError, puzzles.polyomino, "pentominoes", "3x3")  # area mismatch
    e = raises(exactcover.PuzzleError, puzzles.polyomino, "AA\nB#\n", "2x2")
    assert (e.line, e.column) == (2, 2)


def test_sudoku():
    e = raises(exactcover.SudokuError, sudoku.solve, "1" * 40 + "x" + "." * 40)
    assert (e.line, e.column) == (1, 41)
    e = raises(exactcover.SudokuError, sudoku.solve, "# a comment\n123\n")
    assert e.line == 2
    raises(exactcover.SudokuError, sudoku.count, "")
    raises(exactcover.SudokuError, sudoku.generate, symmetry="sideways")
    raises(exactcover.SudokuError, sudoku.generate, box=7)
    raises(exactcover.SudokuError, sudoku.rate, "." * 81)  # several solutions
    raises(exactcover.SudokuError, sudoku.explain, "11" + "." * 79)  # no solution
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    e = raises(exactcover.SudokuError, sudoku.hint, easy, "1" + easy[1:2] + "4" + easy[3:])
    assert e.cell == 2


def test_merge():
    q = puzzles.queens(6)
    results = [s.run() for s in q.shards(3)]
    assert exactcover.merge(results).solutions == 4
    e = raises(exactcover.MergeError, exactcover.merge, results[:2])
    assert "missing" in str(e) and "2" in str(e)
    raises(exactcover.MergeError, exactcover.merge, results + results[:1])
    other = [s.run() for s in puzzles.queens(7).shards(3)]
    raises(exactcover.MergeError, exactcover.merge, results[:2] + other[2:])
    raises(exactcover.MergeError, exactcover.merge, [])
    raises(exactcover.MergeError, exactcover.Shard, "a\na\n", 3, 3)
    # A result survives pickling with its fields.
    r = pickle.loads(pickle.dumps(results[0]))
    assert (r.index, r.of, r.problem, r.stats) == (0, 3, results[0].problem, results[0].stats)


def test_infinite_input_is_not_read_forever_with_limits():
    # An endless option stream can only be stopped by Ctrl-C (see
    # test_interrupt); a finite one with a bad entry fails at that entry.
    opts = itertools.chain(([i] for i in range(10)), [[1, 1]])
    e = raises(exactcover.BuildError, exactcover.covers, opts)
    assert e.option == 10


def test_shards_count_is_capped_as_xc_caps_it():
    # Was: shards(2**40) aborted the interpreter (allocation failure).
    q = puzzles.queens(8)
    for n in (2**40, 2**20 + 1):
        e = raises(exactcover.ExactCoverError, q.shards, n)
        assert "1048576" in str(e)
    raises(exactcover.ExactCoverError, q.shards, 0)
    assert len(q.shards(4)) == 4


def test_shard_result_of_is_capped():
    # Was: merge() of a ShardResult with of=2**62 aborted (vec![false; of]).
    for index, of in ((0, 2**62), (0, 2**20 + 1), (3, 3), (0, 0)):
        e = raises(exactcover.MergeError, exactcover.ShardResult, index, of, "x", exactcover.Stats())
        assert "shard" in str(e)
    raises(exactcover.MergeError, exactcover.Shard, "a\n", 0, 2**62)
    r = exactcover.ShardResult(0, 2**20, "x", exactcover.Stats(complete=True))
    assert (r.index, r.of) == (0, 2**20)
    # One of 2**20 alone: ten missing named, the rest counted (it named
    # every one, a message of 8 MB).
    e = raises(exactcover.MergeError, exactcover.merge, [r])
    assert str(e) == "shards missing of 1048576: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 1048565 more"


def result(index, of, **stats):
    return exactcover.ShardResult(index, of, "00000000000000ab", exactcover.Stats(**stats))


def test_merge_refuses_overflow_and_bad_reasons_as_xc_does():
    big = 2**64 - 1
    # Was: the sums wrapped (18446744073709551614, complete=True).
    with pytest.raises(OverflowError) as e:
        exactcover.merge([result(0, 2, solutions=big, complete=True), result(1, 2, solutions=big, complete=True)])
    assert "overflow" in str(e.value)
    with pytest.raises(OverflowError):
        exactcover.merge([result(0, 2, nodes=big, complete=True), result(1, 2, nodes=1, complete=True)])
    # Was: accepted a complete shard with a reason, and an unknown reason.
    e = raises(exactcover.MergeError, exactcover.merge,
               [result(0, 2, complete=True, stopped="nodes"), result(1, 2, complete=True)])
    assert "complete shard" in str(e)
    e = raises(exactcover.MergeError, exactcover.merge,
               [result(0, 2, complete=False, stopped="bogus"), result(1, 2, complete=True)])
    assert "bogus" in str(e) and '"nodes"' in str(e)
    e = raises(exactcover.MergeError, exactcover.merge,
               [result(0, 2, complete=False, stopped=None), result(1, 2, complete=True)])
    assert "needs" in str(e)
    # What is fine still adds up.
    t = exactcover.merge([result(0, 2, solutions=big - 1, complete=True), result(1, 2, solutions=1, complete=False, stopped="nodes")])
    assert (t.solutions, t.complete, t.stopped) == (big, False, "nodes")


def test_estimate_stopped_before_timing_has_no_seconds():
    # Was: seconds=0.0 (a time of nothing) when the limit stopped it.
    e = puzzles.queens(16).with_limits(time=0.2).estimate(probes=10**8)
    assert e.stopped == "time" and e.seconds is None and e.probes > 0
    assert "seconds=None" in repr(e)
    full = puzzles.queens(8).estimate(probes=100)
    assert full.stopped is None and full.seconds > 0
    # Was: an estimate of nothing, all zeros.
    with pytest.raises(ValueError, match="at least 1"):
        puzzles.queens(8).estimate(probes=0)


def test_sudoku_generate_refuses_25x25_as_xc_does():
    # Was: box=5 ran for minutes with nothing to stop it but Ctrl-C.
    e = raises(exactcover.SudokuError, sudoku.generate, seed=1, box=5)
    assert "time limit" in str(e) and "25x25" in str(e)
    # Was: "one of 2, 3, 4 and 5" (5 then refused).
    e = raises(exactcover.SudokuError, sudoku.generate, seed=1, box=1)
    assert str(e).startswith("generate() makes boxes of 2, 3 or 4") and str(e).endswith("not 1")
    assert len(sudoku.generate(seed=1, box=2)) == 16


def test_sudoku_generate_warns_when_the_clue_target_is_missed():
    # Was: a puzzle of 23 givens for max_clues=0, said nowhere (xc notes it).
    with pytest.warns(UserWarning, match=r"at most 0 givens was found in 1000 attempts; this one has (\d+)") as w:
        p = sudoku.generate(seed=3, max_clues=0)
    assert str(sum(c != "." for c in p)) in str(w[0].message) and sudoku.is_unique(p)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert sum(c != "." for c in sudoku.generate(seed=3, max_clues=30)) <= 30
