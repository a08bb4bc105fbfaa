"""Base classes: every screen ends with the TooSmall message (shown by CSS when needed)."""
from __future__ import annotations

import threading
from typing import TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import RichLog

from ..widgets.too_small import TooSmall

T = TypeVar("T")


class ParlorScreen(Screen):
    HELP_TITLE = ""
    HELP_GAME: str | None = None        # whose rules the help screen shows

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        yield TooSmall()

    def compose_body(self) -> ComposeResult:
        yield from ()


# The keys every board ends its footer with (a board lists them after its own:
# Textual would put inherited BINDINGS first).
GAME_BINDINGS = [
    Binding("r", "results", "Results", id="results", tooltip="Show the results again"),
    Binding("space", "skip", "Skip", id="skip", tooltip="Skip ahead through the bots' moves"),
    Binding("escape", "title", "Title", tooltip="Back to the title screen (the game is saved)"),
    Binding("q", "quit_game", "Quit", tooltip="Quit (the game is saved after every move)"),
]


class GameScreen(ParlorScreen):
    """What every game board shares: whose turn it is, the bots' worker and its
    wait, skipping the bots, leaving, the results screen and what follows it."""

    # "wait" (between turns), "human" (a person at the keyboard chooses), "bot", "over".
    # One reactive, so the footer is rebuilt once per change of turn.
    mode = reactive("wait", bindings=True)

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self._token = 0                       # bumped whenever the game moves on: stale bot moves drop
        self._wake = threading.Event()        # wakes a bot's show-the-move wait early
        self._skip = False
        self._closing = False
        self.viewer: int | None = None        # the person whose turn is on show
        self._bot_move = None
        self._results_shown = False

    @property
    def awaiting(self) -> bool:
        return self.mode == "human"

    @property
    def bot_turn(self) -> bool:
        return self.mode == "bot"

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "skip":
            if self.mode == "over":
                return False
            return True if self.bot_turn and not self._skip else None
        if action == "results":
            return self.mode == "over"
        return True

    @property
    def game(self):
        return self.session.game

    def log_text(self, text: str) -> str:
        """A log line as shown (the engine's event text by default); "" leaves it out."""
        return text

    def _fill_log(self) -> None:
        """The game's log so far (after the first layout, so lines wrap to the real width)."""
        log = self.query_one("#log", RichLog)
        for text in self.session.event_texts():
            text = self.log_text(text)
            if text:
                log.write(text)

    def on_unmount(self) -> None:
        self._closing = True          # a bot still thinking drops its move
        self._token += 1
        self._wake.set()

    def action_skip(self) -> None:
        self._skip = True
        self._wake.set()
        self.refresh_bindings()

    def action_title(self) -> None:
        self.app.go_title()

    def action_quit_game(self) -> None:
        from .dialogs import QuitScreen

        def done(choice: str | None) -> None:
            if choice == "quit":
                self.app.exit(message=saved_note())
            elif choice == "title":
                self.app.go_title()

        self.app.push_screen(QuitScreen(), callback=done)

    def action_results(self) -> None:
        if self.game.is_over:
            self._results_shown = False
            self.show_results()

    def show_results(self) -> None:
        if self._results_shown:
            return
        self._results_shown = True
        from .results import ResultsScreen

        self.app.push_screen(ResultsScreen(self.session), callback=self._after_results)

    def _after_results(self, choice: str | None) -> None:
        app = self.app
        if choice == "rematch":
            app.open_session(self.session.rematch(save_dir=app.save_dir))
        elif choice == "new":
            from .setup import SetupScreen

            app.go_title()
            app.push_screen(SetupScreen())
        elif choice == "quit":
            app.exit()
        elif choice == "title":
            app.go_title()
        # None: stay and look at the final board


class ParlorModal(ModalScreen[T]):
    HELP_TITLE = ""
    HELP_GAME: str | None = None

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        yield TooSmall()

    def compose_body(self) -> ComposeResult:
        yield from ()


def saved_note() -> str:
    return "Your game is saved. Resume it with: parlor continue"
