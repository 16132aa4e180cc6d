"""Property tests: every way in, on small random problems, against a brute
force over all subsets of options."""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import exactcover

settings.register_profile("ci", max_examples=150, deadline=None, database=None)
settings.load_profile("ci")


def brute(options, primary, secondary):
    """Every set of options (as sorted tuples) that covers each primary
    item once and each secondary item at most once, and whose options each
    have a primary item (as in Knuth's programs, an option with none is
    never chosen)."""
    found = set()
    usable = [o for o in range(len(options)) if any(i in primary for i in options[o])]
    for k in range(len(usable) + 1):
        for chosen in itertools.combinations(usable, k):
            uses = {}
            for o in chosen:
                for item in options[o]:
                    uses[item] = uses.get(item, 0) + 1
            if all(uses.get(p, 0) == 1 for p in primary) and all(uses.get(s, 0) <= 1 for s in secondary):
                found.add(tuple(chosen))
    return found


def matrices():
    return st.integers(1, 6).flatmap(
        lambda cols: st.lists(st.lists(st.booleans(), min_size=cols, max_size=cols), min_size=1, max_size=9)
    )


@given(matrices(), st.data())
def test_covers_bool_matches_brute_force(rows, data):
    cols = len(rows[0])
    secondary = data.draw(st.sets(st.integers(0, cols - 1), max_size=cols - 1))
    m = np.array(rows, dtype=bool)
    options = [[c for c in range(cols) if r[c]] for r in rows]
    primary = [c for c in range(cols) if c not in secondary]
    expected = brute(options, primary, secondary)
    got = [tuple(sorted(s)) for s in exactcover.covers_bool(m, secondary=sorted(secondary))]
    assert len(got) == len(set(got)) and set(got) == expected
    p = exactcover.Problem.from_bool(m, secondary=sorted(secondary))
    assert p.count() == len(expected)
    assert p.is_unique() == (len(expected) == 1)
    assert (p.first() is None) == (not expected)


@st.composite
def colored_problems(draw):
    primary = [f"p{i}" for i in range(draw(st.integers(1, 4)))]
    secondary = [f"s{i}" for i in range(draw(st.integers(0, 3)))]
    options = []
    for _ in range(draw(st.integers(1, 8))):
        items = draw(st.sets(st.sampled_from(primary + secondary), min_size=1, max_size=4))
        option = []
        for item in sorted(items):
            if item in secondary and draw(st.booleans()):
                option.append(f"{item}:{draw(st.sampled_from('ab'))}")
            else:
                option.append(item)
        options.append(option)
    return primary, secondary, options


def brute_colored(options, primary, secondary):
    found = set()
    usable = [o for o in range(len(options)) if any(e in primary for e in options[o])]
    for k in range(len(usable) + 1):
        for chosen in itertools.combinations(usable, k):
            count = {p: 0 for p in primary}
            plain = {s: 0 for s in secondary}
            colours = {s: set() for s in secondary}
            for o in chosen:
                for entry in options[o]:
                    item, _, color = entry.partition(":")
                    if item in count:
                        count[item] += 1
                    elif color:
                        colours[item].add(color)
                    else:
                        plain[item] += 1
            ok = all(c == 1 for c in count.values())
            # A secondary item: used plainly at most once and then by no
            # coloured option, or by coloured options agreeing on one colour.
            for s in secondary:
                if plain[s] > 1 or (plain[s] == 1 and colours[s]) or len(colours[s]) > 1:
                    ok = False
            if ok:
                found.add(tuple(chosen))
    return found


@given(colored_problems())
def test_colors_match_brute_force(problem):
    primary, secondary, options = problem
    expected = brute_colored(options, primary, secondary)
    got = [tuple(sorted(s)) for s in exactcover.covers(options, primary=primary, secondary=secondary, colored=True)]
    assert len(got) == len(set(got)) and set(got) == expected


@given(matrices(), st.data())
def test_bounds_match_brute_force(rows, data):
    cols = len(rows[0])
    options = [[c for c in range(cols) if r[c]] for r in rows if any(r)]
    if not options:
        return
    bounds = {}
    for c in range(cols):
        if data.draw(st.booleans()):
            lo = data.draw(st.integers(0, 2))
            bounds[c] = (lo, data.draw(st.integers(max(lo, 1), 3)))
    items = sorted({c for o in options for c in o})
    bounds = {c: b for c, b in bounds.items() if c in items}
    # Brute force: count uses of each item.
    expected = set()
    for k in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), k):
            uses = {c: 0 for c in items}
            for o in chosen:
                for c in options[o]:
                    uses[c] += 1
            if all(bounds.get(c, (1, 1))[0] <= uses[c] <= bounds.get(c, (1, 1))[1] for c in items):
                expected.add(tuple(chosen))
    # An empty solution is no solution to the engine when every bound
    # allows zero uses (there is nothing to search).
    p = exactcover.Problem(options, bounds=bounds)
    got = [tuple(sorted(s)) for s in p.solutions()]
    assert len(got) == len(set(got))
    assert set(got) == expected or set(got) == expected - {()}
    assert p.count() == len(got)
