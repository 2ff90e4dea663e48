"""The board's cells: size, terrain per cell, ground height, and reading a board file.

Owns: `Terrain` (what a kind of cell costs to enter and what it does to sight and cover),
`DEFAULT_LEGEND` (the board file's letters), `Grid` (the board a fight reads, built from the
plain JSON kept in `BattleState.board`), and `read_board`, which checks a board file and
returns either that plain JSON or the sentences saying what is wrong with it.

A board file is `{"rows": ["..#", ...], "heights"?: ["001", ...], "legend"?: {...}}`:
x is the column and y the row, both from 0. Heights are ground levels 0-3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The biggest board a fight may be set on (the issue asks for at least 60 x 60).
MAX_SIDE = 100
#: Ground levels a board may have: 0 to 3.
MAX_LEVEL = 3

KINDS = ("open", "rough", "water", "solid", "cover", "low")


@dataclass(frozen=True)
class Terrain:
    """One kind of cell. `cost` is what entering it costs in cells; `solid` cells cannot be
    entered and block sight and areas; `cover` terrain (forest, ruins) gives half cover;
    `low` cover gives half cover only to someone not shot at from higher up."""

    kind: str
    label: str
    cost: int = 1

    @property
    def solid(self) -> bool:
        return self.kind == "solid"


DEFAULT_LEGEND: dict[str, dict[str, Any]] = {
    ".": {"kind": "open", "label": "open ground"},
    ",": {"kind": "rough", "label": "rough ground", "cost": 2},
    # Wading costs like rough ground; a shot and a line area carry on over water.
    "~": {"kind": "water", "label": "water", "cost": 2},
    "#": {"kind": "solid", "label": "wall"},
    "^": {"kind": "solid", "label": "mountain"},
    "T": {"kind": "cover", "label": "forest"},
    "r": {"kind": "cover", "label": "ruins"},
    "-": {"kind": "low", "label": "low cover"},
}


def _legend_problems(legend: Any) -> tuple[dict[str, dict[str, Any]], list[str]]:
    merged = {k: dict(v) for k, v in DEFAULT_LEGEND.items()}
    problems: list[str] = []
    if legend is None:
        return merged, problems
    if not isinstance(legend, dict):
        return merged, ['board.legend: a legend maps one character to {"kind", "label"?, "cost"?}']
    for char, spec in legend.items():
        where = f"board.legend[{char!r}]"
        if not isinstance(char, str) or len(char) != 1:
            problems.append(f"{where}: a legend key is one character")
            continue
        if not isinstance(spec, dict) or set(spec) - {"kind", "label", "cost"}:
            problems.append(f'{where}: an entry is {{"kind", "label"?, "cost"?}}')
            continue
        kind = spec.get("kind")
        if kind not in KINDS:
            problems.append(f"{where}: unknown terrain kind {kind!r} (one of {', '.join(KINDS)})")
            continue
        cost = spec.get("cost", 2 if kind in ("rough", "water") else 1)
        if not isinstance(cost, int) or isinstance(cost, bool) or not 1 <= cost <= 10:
            problems.append(f"{where}: cost is a whole number of cells from 1 to 10")
            continue
        label = spec.get("label", kind)
        if not isinstance(label, str) or not label.strip():
            problems.append(f"{where}: label is text")
            continue
        merged[char] = {"kind": kind, "label": label, "cost": cost}
    return merged, problems


def read_board(data: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """A board file checked and normalised to the plain JSON a battle keeps, or the problems
    (`board.rows[2]: ...`) that refuse it."""
    if not isinstance(data, dict):
        return None, ['board: a board is an object {"rows", "heights"?, "legend"?}']
    unknown = sorted(set(data) - {"rows", "heights", "legend"})
    if unknown:
        return None, [f"board: unknown key {unknown[0]!r}"]
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        return None, ["board.rows: a list of one text row per line of the board"]
    height, width = len(rows), len(rows[0])
    if not 1 <= width <= MAX_SIDE or not 1 <= height <= MAX_SIDE:
        return None, [f"board: {width} x {height} cells is outside 1 to {MAX_SIDE} on a side"]
    legend, problems = _legend_problems(data.get("legend"))
    for y, row in enumerate(rows):
        if len(row) != width:
            problems.append(f"board.rows[{y}]: {len(row)} cells where the first row has {width}")
            continue
        for x, char in enumerate(row):
            if char not in legend:
                problems.append(f"board.rows[{y}]: unknown terrain {char!r} at {x}, {y}")
                break
    heights = data.get("heights")
    if heights is None:
        heights = ["0" * width for _ in range(height)]
    elif not isinstance(heights, list) or len(heights) != height or not all(isinstance(h, str) for h in heights):
        problems.append(f"board.heights: one text row of levels per board row ({height})")
    else:
        for y, row in enumerate(heights):
            if len(row) != width or any(ch not in "0123" for ch in row):
                problems.append(f"board.heights[{y}]: {width} ground levels, each 0 to {MAX_LEVEL}")
    if problems:
        return None, problems
    used = {ch for row in rows for ch in row}
    return {"width": width, "height": height, "rows": list(rows), "heights": list(heights),
            "legend": {k: v for k, v in sorted(legend.items()) if k in used}}, []


class Grid:
    """The board a fight reads: `terrain(x, y)`, `level(x, y)`, bounds. `memo` holds what
    the other board modules work out from the cells alone (sight lines between two cells):
    the board never changes during a fight, so it is worked out once."""

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.memo: dict[Any, Any] = {}
        self.width: int = data["width"]
        self.height: int = data["height"]
        kinds = {ch: Terrain(spec["kind"], spec.get("label", spec["kind"]), spec.get("cost", 1))
                 for ch, spec in data["legend"].items()}
        self._cells = [[kinds[ch] for ch in row] for row in data["rows"]]
        self._levels = [[int(ch) for ch in row] for row in data["heights"]]
        #: Every solid cell, for the checks that look at many cells at once.
        self.solid_cells: frozenset[tuple[int, int]] = frozenset(
            (x, y) for y, row in enumerate(self._cells) for x, t in enumerate(row) if t.solid)
        #: The cells sight does not pass (the solid ones, and a standing wall's that block it).
        self.opaque_cells = self.solid_cells
        #: Cells a standing wall closes to movement and to areas (`walled`).
        self.closed_cells: frozenset[tuple[int, int]] = frozenset()
        self._walled: dict[tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]], Grid] = {}

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain(self, x: int, y: int) -> Terrain:
        return self._cells[y][x]

    def level(self, x: int, y: int) -> int:
        return self._levels[y][x]

    def solid(self, x: int, y: int) -> bool:
        return not self.inside(x, y) or self._cells[y][x].solid or (x, y) in self.closed_cells

    def walled(self, closed: frozenset[tuple[int, int]], opaque: frozenset[tuple[int, int]]) -> "Grid":
        """This board with standing walls (mechanics-1 1.177): `closed` cells are solid to
        movement and areas, `opaque` ones to sight. Kept per set of walls, each with its own
        memo of sight lines, so a wall that rises or breaks is read fresh and the plain board's
        memo stays as it was."""
        key = (closed, opaque)
        found = self._walled.get(key)
        if found is None:
            if len(self._walled) > 64:
                self._walled.clear()
            found = self._walled[key] = Grid(self.data)
            found.closed_cells = closed
            found.opaque_cells = self.solid_cells | opaque
        return found


def _content(board: dict[str, Any]) -> tuple[Any, ...]:
    legend = tuple(sorted((ch, spec["kind"], spec.get("label"), spec.get("cost", 1))
                          for ch, spec in board["legend"].items()))
    return (tuple(board["rows"]), tuple(board["heights"]), legend)


def grid_of(board: dict[str, Any], _by_id: dict[int, tuple[dict[str, Any], Grid]] = {},  # noqa: B006 - per-process memos
            _by_content: dict[tuple[Any, ...], Grid] = {}) -> Grid:  # noqa: B006
    """The `Grid` for a battle's board JSON. Memoised on the dict's identity, and then on
    its cells: a state loaded again (a copy, a reload from the store) gets the same `Grid`,
    and with it everything already worked out about its sight lines."""
    seen = _by_id.get(id(board))
    if seen is not None and seen[0] is board:
        return seen[1]
    content = _content(board)
    found = _by_content.get(content)
    if found is None:
        if len(_by_content) > 64:
            _by_content.clear()
        found = _by_content[content] = Grid(board)
    if len(_by_id) > 256:
        _by_id.clear()
    # The dict is kept with its Grid, so its id cannot be reused by another while memoised.
    _by_id[id(board)] = (board, found)
    return found
