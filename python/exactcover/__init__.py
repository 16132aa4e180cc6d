"""exactcover: a fast exact-cover engine for Python.

Knuth's Dancing Links (Algorithm X; C for colours; M for multiplicities)
in Rust, with puzzle builders (``exactcover.puzzles``) and a Sudoku front
end (``exactcover.sudoku``). Searches release the GIL and stop at Ctrl-C.

>>> import exactcover
>>> list(exactcover.covers([["a", "b"], ["b", "c"], ["c"], ["a"]]))
[[0, 2], [3, 1]]
>>> exactcover.puzzles.langford(7).count()
26

See docs/PYTHON.md in the repository for a tour.
"""

from . import puzzles, sudoku
from ._native import (
    BuildError,
    Estimate,
    ExactCoverError,
    LimitReached,
    MergeError,
    ParseError,
    Problem,
    PuzzleError,
    Shard,
    ShardResult,
    Solutions,
    Stats,
    SudokuError,
    Zdd,
    covers,
    covers_bool,
    merge,
)

__all__ = [
    "BuildError",
    "Estimate",
    "ExactCoverError",
    "LimitReached",
    "MergeError",
    "ParseError",
    "Problem",
    "PuzzleError",
    "Shard",
    "ShardResult",
    "Solutions",
    "Stats",
    "SudokuError",
    "Zdd",
    "covers",
    "covers_bool",
    "merge",
    "puzzles",
    "sudoku",
]
