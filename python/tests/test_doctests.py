"""The examples in the docstrings run: the Python modules' and the native
classes' and functions' (pytest's own doctest collection sees only .py
files)."""

import doctest
import inspect

import pytest

import exactcover
from exactcover import puzzles, sudoku


def documented():
    seen = {}
    for module in (exactcover, puzzles, sudoku):
        seen[module.__name__] = module.__doc__
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if inspect.ismodule(obj):
                continue
            seen[f"{module.__name__}.{name}"] = obj.__doc__
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if not attr.startswith("_"):
                        seen[f"{module.__name__}.{name}.{attr}"] = getattr(member, "__doc__", None)
    return {k: v for k, v in seen.items() if v and ">>>" in v}


DOCS = documented()


def test_there_are_examples():
    assert len(DOCS) >= 15, sorted(DOCS)


@pytest.mark.parametrize("name", sorted(DOCS))
def test_docstring_examples(name):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(DOCS[name], {"exactcover": exactcover}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted > 0
