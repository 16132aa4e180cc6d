"""The Dask recipe of docs/SCALING.md runs as written, on a local cluster,
and its shards add up to the single-process count."""

import contextlib
import io
import os
import re

import pytest

import exactcover

pytest.importorskip("dask.distributed")

SCALING = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "SCALING.md")


def recipe():
    text = open(SCALING, encoding="utf-8").read()
    section = text.split("### Python and Dask", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_dask_recipe_adds_up_to_the_single_process_count():
    code = recipe()
    out = io.StringIO()
    scope = {"__name__": "__main__"}
    with contextlib.redirect_stdout(out):
        exec(compile(code, SCALING, "exec"), scope)
    problem = exactcover.puzzles.queens(12)
    assert problem.count() == 14200
    assert out.getvalue().split() == ["14200", str(problem.stats.nodes)]
    total = scope["total"]
    assert (total.solutions, total.nodes, total.updates, total.complete) == (
        14200,
        problem.stats.nodes,
        problem.stats.updates,
        True,
    )
    assert sorted(r.index for r in scope["results"]) == list(range(16))
