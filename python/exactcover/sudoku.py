"""The Sudoku front end: solve, count, check uniqueness, generate, rate
(Sudoku Explainer's ER/EP/ED), and a player's hint or the whole logical
path as plain data.

Each function takes one puzzle as text in any format ``xc`` reads (an
81-character line with ``.`` or ``0`` for blanks, a block of lines with or
without separators, a comma grid, a LeetCode board; 4x4 to 25x25). Errors
are ``exactcover.SudokuError`` (a ``ValueError``) with ``line`` and
``column``.

>>> from exactcover import sudoku
>>> sudoku.count("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
1
"""

from ._native import SudokuError
from ._native import sudoku as _native_sudoku

solve = _native_sudoku.solve
count = _native_sudoku.count
is_unique = _native_sudoku.is_unique
generate = _native_sudoku.generate
rate = _native_sudoku.rate
hint = _native_sudoku.hint
explain = _native_sudoku.explain

__all__ = ["SudokuError", "count", "explain", "generate", "hint", "is_unique", "rate", "solve"]
