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

        from ..screens.base import board_in

        w, h = self.app.size
        board = board_in(self.app)
        if board is None:
            about = "Ctrl+Q quits."
        elif board.session.save_error:     # ctrl+q quits at once: say what that would lose
            about = "Your last moves are NOT saved: Ctrl+Q now loses them."
        elif board.game.is_over:
            about = "Your game is saved; Ctrl+Q quits."
        else:
            about = "Your game is saved and waits (the bots too); Ctrl+Q quits."
        gap = "\n\n" if h >= 12 else "\n"     # (a tiny window: every word before the blank line)
        # (sizes as one word, "80x24": in a narrow window "80 x 24" broke over two rows)
        return (f"Parlor needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                f"This one is {w}x{h}.{gap}"
                f"Make the window bigger to carry on.\n{about}")

    def on_resize(self) -> None:
        self.refresh()
