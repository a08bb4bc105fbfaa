"""The 3 × 3 layout (G-3.1): cells, rows and columns, as tables computed once.

Cells are numbered 0 … 8 row-major (row 1 col 1 is cell 0, row 3 col 3 is
cell 8). Sets of cells are 9-bit masks: bit `c` is cell `c`.
"""
from __future__ import annotations

CELLS = range(9)
ALL = (1 << 9) - 1  # every cell

BIT: tuple[int, ...] = tuple(1 << c for c in CELLS)

# The cells of each mask, in increasing order: CELLS_OF[mask] -> tuple of cells.
CELLS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in CELLS if mask >> c & 1) for mask in range(ALL + 1))

ROWS = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
COLUMNS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
LINES = ROWS + COLUMNS  # G-7.1: the rows and columns that can be matching sets


def cell_name(cell: int) -> str:
    """"row 2 col 3" for cell 5."""
    return f"row {cell // 3 + 1} col {cell % 3 + 1}"


CELL_NAME: tuple[str, ...] = tuple(cell_name(c) for c in CELLS)


def line_name(line: int) -> str:
    return f"row {line + 1}" if line < 3 else f"column {line - 2}"


def parse_cell(value) -> int:
    """A cell index 0 … 8 from a saved move; ValueError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
        raise ValueError(f"not a layout cell (0-8): {value!r}")
    return value
