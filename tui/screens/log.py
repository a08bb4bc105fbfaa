"""The whole log of a game on g: the board's log panel shows the last few
lines; this one shows every line, to scroll back through by keys."""
from __future__ import annotations

from typing import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from .. import names
from ..text import counted
from ..widgets.footer import ParlorFooter
from ..widgets.game_log import GameLog
from .base import ParlorModal
from .scrolling import ScrollActions, scroll_bindings


class LogScreen(ScrollActions, ParlorModal[None]):
    HELP_TITLE = "Game log"
    BINDINGS = [
        Binding("escape,g,q", "close", "Close", key_display="Esc/g", tooltip="Back to the board"),
        *scroll_bindings(ends_shown=True),
    ]
    SCROLL_TARGET = "#full-log"
    SHOWS_PLAY = True               # the bots play on under this screen (the board's `_holding`)
    DEFAULT_CSS = """
    LogScreen #full-log {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, session, text_of: Callable[[str], str]) -> None:
        """`text_of` is the board's `log_text`: a line as the board shows it ("" leaves it out)."""
        super().__init__()
        self.session = session
        self.text_of = text_of
        self._shown = 0                 # events written so far

    def compose_body(self) -> ComposeResult:
        with Vertical(id="log-box", classes="text-box") as box:
            box.border_title = f"Log: {names.game_title(self.session.game.game)}"
            log = GameLog(id="full-log", max_lines=None)
            log.can_focus = False       # the screen's keys scroll it (and show in the footer)
            yield log
        yield ParlorFooter()

    def on_mount(self) -> None:
        self.call_after_refresh(self._fill)
        # the bots play on under this screen: their moves are added as they come
        self.set_interval(0.25, self._add_new)

    def on_screen_resume(self) -> None:
        # help closed over this screen: a bot's move held meanwhile is played (shown here)
        from .base import board_in

        board = board_in(self.app)
        if board is not None:
            self.call_after_refresh(board._release_held)

    def _texts(self, start: int = 0) -> list[str]:
        return [t for t in map(self.text_of, self.session.event_texts()[start:]) if t]

    def _fill(self) -> None:
        log = self.query_one(GameLog)
        log.clear()
        self._shown = len(self.session.record.events)
        texts = self._texts()
        if texts:
            log.write("\n".join(texts))
        self._set_title()

    def _add_new(self) -> None:
        count = len(self.session.record.events)
        if count == self._shown:
            return
        log = self.query_one(GameLog)
        following = log.scroll_offset.y >= log.max_scroll_y      # at the end: stay there
        texts = self._texts(self._shown)
        self._shown = count
        if texts:
            log.write("\n".join(texts), scroll_end=following)
        self._set_title()

    def _set_title(self) -> None:
        g = self.session.game
        moves = len(self.session.record.moves)
        word = names.COUNTER.get(g.game, "move")            # as the board counts: Pegs, turns
        where = " in the match" if names.match_of(g) else ""     # (the board counts the game's)
        so_far = "" if g.is_over else " so far"
        self.query_one("#log-box").border_subtitle = f"{counted(moves, word)}{where}{so_far}"

    def on_game_log_rewrap(self, message: GameLog.Rewrap) -> None:
        message.stop()
        self._fill()

    def action_close(self) -> None:
        self.dismiss(None)
