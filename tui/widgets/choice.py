"""A one-line setting that cycles through values with left/right: `Label   < value >`."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Choice(Widget, can_focus=True):
    """Pick one of `options` ((value, label) pairs) with left/right (h/l), or a click."""

    BINDINGS = [
        Binding("left", "step(-1)", "Change", key_display="←/→"),
        Binding("right", "step(1)", "Change", show=False),
        Binding("h", "step(-1)", show=False),
        Binding("l", "step(1)", show=False),
        Binding("space", "step(1)", show=False),
    ]

    DEFAULT_CSS = """
    Choice {
        width: 100%;
        height: 1;
        padding: 0 1 0 0;
    }
    Choice:focus {
        background: $primary 30%;
        text-style: bold;
    }
    """

    index = reactive(0)

    @dataclass
    class Changed(Message):
        choice: "Choice"
        value: Any

        @property
        def control(self) -> "Choice":
            return self.choice

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any = None, *,
                 label_width: int = 14, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.label_width = label_width
        self._options = list(options)
        self.set_reactive(Choice.index, self._index_of(value))

    def _index_of(self, value: Any) -> int:
        for i, (v, _) in enumerate(self._options):
            if v == value:
                return i
        return 0

    @property
    def value(self) -> Any:
        return self._options[self.index][0] if self._options else None

    @value.setter
    def value(self, value: Any) -> None:
        self.index = self._index_of(value)

    def set_options(self, options: Sequence[tuple[Any, str]], value: Any = None) -> None:
        keep = self.value if value is None else value
        self._options = list(options)
        self.set_reactive(Choice.index, self._index_of(keep))
        self.refresh()

    def action_step(self, delta: int) -> None:
        if self._options:
            self.index = (self.index + delta) % len(self._options)

    def watch_index(self, old: int, new: int) -> None:
        if old != new:
            self.post_message(self.Changed(self, self.value))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self.action_step(-1 if event.x < self.label_width + 4 else 1)

    def render(self) -> Text:
        g = self.app.glyphs
        label = self.value_label
        # the line being changed is pointed at, so it shows without colour too
        text = Text(f"{g.pointer} " if self.has_focus else "  ")
        text.append(f"{self.label:<{self.label_width}}")
        # the arrows: quiet on the other lines, full strength on the one being changed
        # (dimmed on its tint they read at 2.7:1 in 256 colours)
        arrows = "" if self.has_focus else "dim"
        text.append(f" {g.left} ", style=arrows)
        text.append(label, style="bold")
        text.append(f" {g.right}", style=arrows)
        return text

    @property
    def value_label(self) -> str:
        return self._options[self.index][1] if self._options else ""

    def on_glyphs_changed(self) -> None:
        self.refresh()
