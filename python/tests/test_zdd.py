"""Problem.zdd(): the decision diagram's count against the search's and
the published counts, past 64 bits; nth against the iteration order;
samples that are solutions and repeat with their seed; the exports; the
limits and the errors."""

import random
from collections import Counter

import pytest

import exactcover
from exactcover import puzzles

# OEIS A004003: domino tilings of the 2n x 2n board.
DOMINO_TILINGS = {
    2: 2,
    4: 36,
    6: 6728,
    8: 12988816,
    10: 258584046368,
    12: 53060477521960000,
    16: 2444888770250892795802079170816,
}


def dominoes(rows, columns):
    return puzzles.polyomino("AA", f"{rows}x{columns}", piece_counts=(0, rows * columns // 2))


def covers_exactly(problem, solution):
    """Whether ``solution`` covers every primary item once (or within its
    bounds, ``min:max|name``) and every secondary item at most once: read
    from the DLX text, not the engine."""
    lines = problem.to_dlx().splitlines()
    bounds = {}
    for word in lines[0].split():
        if word == "|":
            break
        if "|" in word:
            span, name = word.split("|")
            low, high = span.split(":")
            bounds[name] = (int(low), int(high))
        else:
            bounds[word] = (1, 1)
    options = [line.split() for line in lines[1:]]
    used = Counter(item for o in solution for item in options[o])
    return all(low <= used[i] <= high for i, (low, high) in bounds.items()) and all(
        n == 1 for i, n in used.items() if i not in bounds
    )


@pytest.mark.parametrize("n", sorted(DOMINO_TILINGS))
def test_domino_tilings_are_counted_exactly(n):
    z = dominoes(n, n).zdd()
    assert z.count() == DOMINO_TILINGS[n]
    assert isinstance(z.count(), int)


def test_counts_past_64_bits_are_exact_python_ints():
    z = dominoes(16, 16).zdd()
    assert z.count() > 2**64
    assert z.count() == DOMINO_TILINGS[16]
    last = z.nth(-1)
    assert z.nth(z.count() - 1) == last
    assert covers_exactly(dominoes(16, 16), z.nth(2**100))


def test_pentominoes_and_queens_agree_with_the_search():
    assert puzzles.polyomino("pentominoes", "3x20").zdd(choice="fewest").count() == 8
    assert puzzles.queens(8).zdd(choice="fewest").count() == 92
    assert puzzles.langford(8).zdd().count() == 150


def random_problem(rng, colored):
    primary = [f"p{i}" for i in range(rng.randint(1, 6))]
    secondary = [f"s{i}" for i in range(rng.randint(0, 3))]
    options = []
    for _ in range(rng.randint(1, 12)):
        items = rng.sample(primary, rng.randint(1, len(primary)))
        for s in secondary:
            if rng.random() < 0.3:
                items.append(f"{s}:{rng.choice('ab')}" if colored else s)
        options.append(items)
    return exactcover.Problem(options, primary=primary, colored=colored)


@pytest.mark.parametrize("colored", [False, True])
def test_random_problems_count_as_the_search_does(colored):
    rng = random.Random(42 + colored)
    for _ in range(300):
        p = random_problem(rng, colored)
        for choice in ("leftmost", "fewest"):
            z = p.zdd(choice=choice)
            assert z.count() == p.count()
            assert sorted(sorted(s) for s in z) == sorted(sorted(s) for s in p.solutions())


def test_multiplicities_count_as_the_search_does():
    p = exactcover.Problem([["x"], ["x"], ["x", "y"], ["y"]], bounds={"x": (2, 3), "y": (0, 1)})
    assert p.zdd().count() == p.count() == 5  # {0,1} {0,1,3} {0,2} {1,2} {0,1,2}


def test_nth_follows_the_iteration_order_and_indexes_like_a_list():
    z = dominoes(4, 5).zdd()
    listed = list(z)
    assert len(listed) == z.count() == 95
    assert len({tuple(s) for s in listed}) == 95
    assert [z.nth(i) for i in range(95)] == listed
    assert z.nth(-1) == listed[-1] and z.nth(-95) == listed[0]
    for bad in (95, -96, 10**30):
        with pytest.raises(IndexError):
            z.nth(bad)


def test_samples_are_solutions_and_repeat_with_their_seed():
    p = dominoes(6, 6)
    z = p.zdd()
    drawn = z.sample(200, seed=7)
    assert len(drawn) == 200
    assert all(covers_exactly(p, s) for s in drawn)
    assert z.sample(200, seed=7) == drawn
    assert z.sample(200, seed=8) != drawn
    assert len({tuple(sorted(s)) for s in drawn}) > 190  # of 6,728, nearly all distinct


def test_samples_are_uniform():
    # 11 solutions, 11,000 draws: each about 1,000. The chi-square statistic
    # of 10 degrees of freedom passes 29.6 with probability 0.001.
    z = dominoes(2, 5).zdd()
    assert z.count() == 8
    z = dominoes(3, 4).zdd()
    n = z.count()
    assert n == 11
    seen = Counter(tuple(s) for s in z.sample(1000 * n, seed=3))
    assert len(seen) == n
    chi2 = sum((c - 1000) ** 2 / 1000 for c in seen.values())
    assert chi2 < 29.6


def test_a_problem_without_solutions_has_an_empty_diagram():
    z = exactcover.Problem([["a", "b"], ["b", "c"]]).zdd()
    assert z.count() == 0 and z.sample(5) == [] and list(z) == []
    with pytest.raises(IndexError):
        z.nth(0)


def test_exports_describe_the_diagram():
    z = dominoes(2, 3).zdd()
    text = z.to_text().splitlines()
    assert text[0] == "# exactcover zdd 1"
    assert text[1] == f"# 3 solutions, {z.node_count} nodes"
    assert text[-1].startswith("root ")
    assert len([line for line in text if line[0].isdigit()]) == z.node_count
    dot = z.to_dot()
    assert dot.startswith("digraph") and dot.rstrip().endswith("}")
    stats = z.stats
    assert stats["nodes"] == z.node_count and stats["states"] > 0 and stats["bytes"] > 0
    assert repr(z) == f"Zdd(3 solutions, {z.node_count} nodes)"


def test_limits_stop_the_build_with_their_reason():
    big = dominoes(20, 20)
    with pytest.raises(exactcover.LimitReached) as e:
        big.with_limits(nodes=100).zdd()
    assert e.value.reason == "nodes"
    with pytest.raises(exactcover.LimitReached) as e:
        big.with_limits(time=0.05).zdd()
    assert e.value.reason == "time"


def test_a_bad_choice_is_refused():
    with pytest.raises(exactcover.ExactCoverError, match="leftmost"):
        dominoes(2, 2).zdd(choice="mrv")


def test_a_solution_limit_is_refused_as_xc_refuses_memo_with_limit():
    # Was: ignored (queens(8) with solutions=3 counted 92).
    q = puzzles.queens(8)
    with pytest.raises(exactcover.ExactCoverError, match="--memo with --limit"):
        q.with_limits(solutions=3).zdd()
    assert q.with_limits(nodes=10**9).zdd().count() == 92


def test_to_dot_is_capped_at_5000_nodes_as_dot_out_is():
    # Was: no cap (24 MB of text for a 362k-node diagram).
    z = puzzles.queens(12).zdd()
    assert z.node_count > 5000
    with pytest.raises(exactcover.ExactCoverError, match="at most 5000"):
        z.to_dot()
    small = puzzles.queens(6).zdd()
    assert small.to_dot().startswith("digraph")
    with pytest.raises(ValueError, match="at most 3"):
        small.to_dot(max_nodes=3)
    assert small.to_dot(max_nodes=small.node_count) == small.to_dot()


def test_a_sample_too_big_to_hold_is_refused_up_front():
    # Was: sample(10**12) tried to build the whole list and aborted.
    z = exactcover.Problem([[1], [1]]).zdd()
    with pytest.raises(MemoryError, match="draw fewer"):
        z.sample(10**12)
    with pytest.raises(MemoryError):
        dominoes(8, 8).zdd().sample(10**8)
    drawn = z.sample(10000, seed=5)
    assert len(drawn) == 10000 and set(map(tuple, drawn)) == {(0,), (1,)}
    assert z.sample(10000, seed=5) == drawn and z.sample(0) == []
