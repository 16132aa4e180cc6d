"""Every problem of the PyPI package exact-cover-samples, through
covers_bool, gives exactly its published solution set."""

import exact_cover_samples as samples
import pytest

import exactcover


@pytest.mark.parametrize("name", sorted(samples.problems))
def test_sample_gives_its_published_solutions(name):
    problem = samples.problems[name]()
    got = [tuple(sorted(s)) for s in exactcover.covers_bool(problem["data"])]
    assert len(got) == len(set(got)), "a solution came twice"
    assert set(got) == samples.canonical(problem["solutions"])
