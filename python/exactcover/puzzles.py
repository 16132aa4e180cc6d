"""Puzzle builders; each returns an ``exactcover.Problem``.

>>> from exactcover import puzzles
>>> puzzles.queens(8).count(), puzzles.langford(7).count()
(92, 26)
"""

from ._native import langford, polyomino, queens

__all__ = ["langford", "polyomino", "queens"]
