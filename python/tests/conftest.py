"""Shared helpers of the tests."""

import numpy as np


def dominoes(h, w):
    """The domino tilings of an h x w board as a matrix: a row per domino
    placement, a column per cell."""
    rows = []
    for r in range(h):
        for c in range(w):
            if c + 1 < w:
                rows.append((r * w + c, r * w + c + 1))
            if r + 1 < h:
                rows.append((r * w + c, (r + 1) * w + c))
    m = np.zeros((len(rows), h * w), dtype=bool)
    for i, (a, b) in enumerate(rows):
        m[i, a] = m[i, b] = True
    return m


# A valid solved grid.
SOLVED = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


def two_solution_sudoku():
    """A puzzle with exactly two solutions: a solved grid with an unavoidable
    rectangle (two digits on two rows, two columns, two boxes) blanked."""
    g = [list(SOLVED[i * 9:(i + 1) * 9]) for i in range(9)]
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            if r1 // 3 == r2 // 3:
                continue
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    if c1 // 3 != c2 // 3:
                        continue
                    a, b = g[r1][c1], g[r1][c2]
                    if g[r2][c1] == b and g[r2][c2] == a:
                        out = [row[:] for row in g]
                        for r, c in ((r1, c1), (r1, c2), (r2, c1), (r2, c2)):
                            out[r][c] = "."
                        return "".join("".join(row) for row in out)
    raise AssertionError("no rectangle")
