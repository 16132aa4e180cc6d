from typing import Optional

from . import Problem

__all__ = ["langford", "polyomino", "queens"]

def queens(n: int) -> Problem: ...
def langford(n: int, distinct: bool = True) -> Problem: ...
def polyomino(
    pieces: str = "pentominoes",
    board: str = "6x10",
    rotate: bool = True,
    reflect: bool = True,
    distinct: bool = False,
    piece_counts: Optional[tuple[int, int]] = None,
) -> Problem: ...
