"""What the drawn boards share: a widget that paints a character canvas with the Line API.

A subclass sets `STATE` (the dataclass it draws) and implements `_build()`,
which returns one Strip per row: it draws on a `Canvas` of (character,
style) cells and returns `canvas.strips(...)`. The strips are rebuilt only
when the state, the size, the glyphs (ASCII) or the theme change.
"""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget


class CanvasBoard(Widget):
    STATE: type = object

    def __init__(self, *, ascii: bool = False, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._state = self.STATE()
        self._ascii = ascii
        self._lines: list[Strip] | None = None
        self._built_for: tuple | None = None

    @property
    def state(self):
        return self._state

    @state.setter
    def state(self, value) -> None:
        self._state = value
        self._lines = None
        self.refresh()

    @property
    def ascii(self) -> bool:
        return self._ascii

    @ascii.setter
    def ascii(self, value: bool) -> None:
        self._ascii = value
        self._lines = None
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines = None

    def render_line(self, y: int) -> Strip:
        key = (tuple(self.size), self._ascii)
        if self._lines is None or self._built_for != key:
            self._lines = self._build()
            self._built_for = key
        if 0 <= y < len(self._lines):
            return self._lines[y]
        return Strip.blank(self.size.width, self.rich_style)


class Canvas:
    """A grid of (character, style) cells the boards draw on."""

    def __init__(self, width: int, height: int, base: Style) -> None:
        self.width, self.height, self.base = width, height, base
        self.rows = [[(" ", base)] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, st: Style) -> None:
        """Write `text` in style `st` from (x, y); what falls outside is dropped."""
        if 0 <= y < self.height:
            row = self.rows[y]
            for i, char in enumerate(text):
                if 0 <= x + i < self.width:
                    row[x + i] = (char, st)

    def restyle(self, x: int, y: int, n: int, extra: Style, marker: str | None = None) -> None:
        """Add `extra` to the style of `n` cells from (x, y); `marker` replaces the first character."""
        row = self.rows[y]
        for i in range(n):
            char, st = row[x + i]
            row[x + i] = (char, st + extra)
        if marker is not None:
            row[x] = (marker, row[x][1])

    def strips(self, width: int, height: int, left: int = 0, top: int = 0) -> list[Strip]:
        """The canvas as `height` strips of `width` cells, placed `left` and `top` in."""
        base = self.base
        blank = Strip.blank(width, base)
        out = [blank] * top
        for row in self.rows:
            segments = []
            run_text, run_style = "", None
            for char, st in row:
                if st is run_style:
                    run_text += char
                else:
                    if run_text:
                        segments.append(Segment(run_text, run_style))
                    run_text, run_style = char, st
            if run_text:
                segments.append(Segment(run_text, run_style))
            if left:
                segments.insert(0, Segment(" " * left, base))
            out.append(Strip(segments).extend_cell_length(width, base).crop(0, width))
        out += [blank] * max(0, height - len(out))
        return out
