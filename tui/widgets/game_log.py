"""The boards' log of what just happened."""
from __future__ import annotations

import re
import textwrap

from textual.events import Resize
from textual.message import Message
from textual.widgets import RichLog


class WrapsToWidth:
    """For a widget whose lines are wrapped to its width (the log, the move list): when the
    width changes it posts its `Rewrap` message, once, after the next refresh (a window
    being dragged sends many resizes), to have its lines written again."""

    Rewrap: type[Message]
    _wrapped_width = 0                # the width the lines were wrapped to (0: not laid out yet)
    _rewrap_due = False

    def _watch_width(self, width: int) -> None:
        if self._wrapped_width and width and width != self._wrapped_width and not self._rewrap_due:
            self._rewrap_due = True
            self.call_after_refresh(self._ask_rewrap)       # type: ignore[attr-defined]
        self._wrapped_width = width or self._wrapped_width

    def _ask_rewrap(self) -> None:
        self._rewrap_due = False
        self.post_message(self.Rewrap())                    # type: ignore[attr-defined]


class GameLog(WrapsToWidth, RichLog):
    """A RichLog that asks for its lines again when its width changes.

    RichLog wraps a line once, at the width it has when the line is written,
    so after the terminal is resized (or comes back from the too-small
    message) the older lines would keep their old breaks. The board answers
    `GameLog.Rewrap` by clearing the log and writing the game's lines again
    (`GameScreen._fill_log`).

    Lines are wrapped here, before RichLog sees them: the rows after a
    line's first are indented, so a log scrolled to its end never seems to
    start mid-sentence, and a number stays with the word before it ("Red 9",
    "HOME 1" are never broken), a peg or pawn with its move ("R3 Red 12")."""

    INDENT = "  "               # the rows of a line after its first

    class Rewrap(Message):
        """The log's width changed since its lines were written."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("wrap", True)
        kwargs.setdefault("min_width", 20)
        kwargs.setdefault("max_lines", 2000)
        super().__init__(**kwargs)
        self._height = 0          # the height at the last resize

    def write(self, content, *args, **kwargs):
        if isinstance(content, str):
            content = "\n".join(hang_to_width(self, content.split("\n")))
        return super().write(content, *args, **kwargs)

    def on_resize(self, event: Resize) -> None:
        width = event.size.width
        if not width:
            return
        # A log that showed its last line shows it still when the board gives it fewer
        # rows (e.g. a taller turn panel): the scroll offset alone would keep the top.
        old_bottom = max(0, self.virtual_size.height - self._height) if self._height else 0
        if self._height != event.size.height and self.scroll_y >= old_bottom:
            self.call_after_refresh(self.scroll_end, animate=False)
        self._height = event.size.height
        self._watch_width(width)


def text_width(widget) -> int:
    """The columns a scrolling widget has for its lines: the scrollbar that comes with more
    lines than rows takes a column, so it is kept free from the start."""
    return widget.scrollable_content_region.width - (0 if widget.show_vertical_scrollbar else
                                                     widget.styles.scrollbar_size_vertical)


def hang_to_width(widget, lines: list[str]) -> list[str]:
    """`lines` wrapped to the widget's `text_width`, each line's rows after its first indented
    (GameLog.INDENT); as they are while the widget has no width yet (not laid out)."""
    width = text_width(widget)
    if width <= len(GameLog.INDENT) + 8:
        return lines
    return [hang(line, width, GameLog.INDENT) for line in lines]


# spaces a line never breaks at: before a number ("Red 9", "HOME 1"), after a piece's
# label ("R3 Red 12→Red 17") and inside "(bumps B1)"
_GLUE = re.compile(r" (?=\d)|(?<=\b[A-Z]\d) |(?<=\(bumps) ")


def hang(line: str, width: int, indent: str) -> str:
    """`line` wrapped to `width` at spaces, the rows after the first indented,
    never breaking where `_GLUE` says."""
    if len(line) <= width:
        return line
    rows = textwrap.wrap(_GLUE.sub("\xa0", line), width, subsequent_indent=indent,
                         break_on_hyphens=False)
    return "\n".join(rows).replace("\xa0", " ")
