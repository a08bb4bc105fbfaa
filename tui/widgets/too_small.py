"""The message shown instead of a broken layout when the terminal is too small."""
from __future__ import annotations

from textual.app import RenderResult
from textual.widget import Widget


class TooSmall(Widget):
    """Fills the screen (by CSS, only when the screen is too small) and says what to do."""

    DEFAULT_CSS = """
    TooSmall {
        width: 100%;
        height: 100%;
        content-align: center middle;
        text-align: center;
        background: $background;
        color: $text;
        padding: 0 1;
    }
    """

    def render(self) -> RenderResult:
        from ..app import MIN_HEIGHT, MIN_WIDTH

        w, h = self.app.size
        return (f"Parlor needs a terminal of at least {MIN_WIDTH} x {MIN_HEIGHT}.\n"
                f"This one is {w} x {h}.\n\n"
                "Make the window bigger to carry on.\n"
                "Your game is saved; ctrl+q quits.")

    def on_resize(self) -> None:
        self.refresh()
