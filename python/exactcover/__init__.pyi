"""Type stubs of exactcover (the native classes and functions live in
exactcover._native)."""

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, Optional, Union

from . import puzzles as puzzles
from . import sudoku as sudoku

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
    "covers",
    "covers_bool",
    "merge",
    "puzzles",
    "sudoku",
]

class ExactCoverError(ValueError):
    """Bad input to exactcover."""

class BuildError(ExactCoverError):
    """A problem that can't be built. Where they apply: ``option`` (index),
    ``item`` (the item object or name), ``row``, ``column``."""

    option: int
    item: Any
    row: int
    column: int

class ParseError(ExactCoverError):
    """DLX text that can't be read; ``line`` and ``column`` from 1."""

    line: int
    column: int

class PuzzleError(ExactCoverError):
    """A puzzle builder's bad parameter or picture (``line``, ``column``)."""

    line: int
    column: int

class SudokuError(ExactCoverError):
    """A Sudoku that can't be read (``line``, ``column``) or answered
    (``cell`` where one is named)."""

    line: int
    column: int
    cell: int

class MergeError(ExactCoverError):
    """Shard results that don't make one whole."""

class LimitReached(RuntimeError):
    """A node or time limit stopped a search before it could answer."""

    reason: str

class Stats:
    """A search's statistics (Knuth's nodes and updates)."""

    nodes: int
    updates: int
    solutions: int
    seconds: float
    complete: bool
    stopped: Optional[str]
    def __init__(
        self,
        nodes: int = 0,
        updates: int = 0,
        solutions: int = 0,
        seconds: float = 0.0,
        complete: bool = False,
        stopped: Optional[str] = None,
    ) -> None: ...

class Estimate:
    """Knuth's random-probe estimate of a search."""

    probes: int
    nodes: float
    updates: float
    solutions: float
    seconds: Optional[float]  # None when a limit stopped it before it measured a speed
    stopped: Optional[str]

class Solutions(Iterator[list[int]]):
    """A lazy iterator of solutions, each a list of option indices; several threads may share one."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> list[int]: ...
    @property
    def stats(self) -> Stats: ...
    def close(self) -> None: ...

class Shard:
    """One picklable part of a split search."""

    index: int
    of: int
    def __init__(
        self,
        dlx: str,
        index: int,
        of: int,
        solutions: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
    ) -> None: ...
    def run(self, threads: int = 1) -> ShardResult: ...

class ShardResult:
    """What one shard found."""

    index: int
    of: int
    problem: str
    def __init__(self, index: int, of: int, problem: str, stats: Stats) -> None: ...
    @property
    def stats(self) -> Stats: ...
    @property
    def solutions(self) -> int: ...

class Zdd:
    """The decision diagram of all the solutions of a problem."""

    def count(self) -> int: ...
    @property
    def node_count(self) -> int: ...
    @property
    def stats(self) -> dict[str, float]: ...
    def nth(self, i: int) -> list[int]: ...
    def sample(self, k: int, seed: int = 0) -> list[list[int]]: ...
    def to_text(self) -> str: ...
    def to_dot(self, max_nodes: int = 5000) -> str: ...
    def __iter__(self) -> Iterator[list[int]]: ...

_Bounds = Union[int, tuple[int, int]]

class Problem:
    """An exact-cover problem, built once."""

    def __init__(
        self,
        options: Iterable[Iterable[Hashable]],
        primary: Optional[Iterable[Hashable]] = None,
        secondary: Optional[Iterable[Hashable]] = None,
        colored: bool = False,
        bounds: Optional[Mapping[Hashable, _Bounds]] = None,
    ) -> None: ...
    @staticmethod
    def from_bool(matrix: Any, secondary: Sequence[int] = ...) -> Problem: ...
    @staticmethod
    def from_dlx(text: str) -> Problem: ...
    def to_dlx(self) -> str: ...
    def with_limits(
        self, solutions: Optional[int] = None, nodes: Optional[int] = None, time: Optional[float] = None
    ) -> Problem: ...
    def with_threads(self, threads: int) -> Problem: ...
    @property
    def item_count(self) -> int: ...
    @property
    def primary_count(self) -> int: ...
    @property
    def option_count(self) -> int: ...
    @property
    def items(self) -> Optional[list[Any]]: ...
    def format_option(self, i: int) -> str: ...
    @property
    def stats(self) -> Optional[Stats]: ...
    def count(self, limit: Optional[int] = None) -> int: ...
    def first(self) -> Optional[list[int]]: ...
    def is_unique(self) -> bool: ...
    def solutions(self, limit: Optional[int] = None) -> Solutions: ...
    def estimate(self, probes: int = 1000, seed: int = 0, calibrate: float = 0.05) -> Estimate: ...
    def shards(self, n: int) -> list[Shard]: ...
    def zdd(self, choice: Literal["leftmost", "fewest"] = "leftmost") -> Zdd: ...

def covers(
    options: Iterable[Iterable[Hashable]],
    primary: Optional[Iterable[Hashable]] = None,
    secondary: Optional[Iterable[Hashable]] = None,
    colored: bool = False,
) -> Solutions: ...
def covers_bool(matrix: Any, secondary: Sequence[int] = ...) -> Solutions: ...
def merge(results: Sequence[ShardResult]) -> Stats: ...
