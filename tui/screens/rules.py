"""The rules of each game, as Parlor plays them (engine.rules_text)."""
from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from .. import names
from ..markdown import rules_markdown
from ..widgets.choice import Choice
from ..widgets.footer import ParlorFooter
from .base import ParlorScreen
from .scrolling import ScrollActions, scroll_bindings


class RulesScreen(ScrollActions, ParlorScreen):
    HELP_TITLE = "Rules"
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        *scroll_bindings(),
        # Space pages, as on every other text (the game line's Choice would take it to change game)
        Binding("space", "page(1)", "Page", show=False, priority=True, tooltip="Scroll a page up or down"),
    ]
    SCROLL_TARGET = "#rules-scroll"
    DEFAULT_CSS = """
    RulesScreen #rules-game {
        margin: 1 1 0 1;
        width: 60;
    }
    RulesScreen #rules-scroll {
        height: 1fr;
        margin: 0 1;
    }
    RulesScreen #rules-text {
        padding: 0 1;       /* the text clear of the panel's border */
    }
    """

    def __init__(self, game: str = "sorry") -> None:
        super().__init__()
        self.game = game

    def compose_body(self) -> ComposeResult:
        yield Static("Rules", classes="screen-title")
        yield Choice("Game", list(names.GAME_NAMES.items()), self.game, id="rules-game", label_width=8)
        with VerticalScroll(id="rules-scroll", classes="panel", can_focus=False):   # the screen's keys scroll it
            yield Static(rules_markdown(self.text(self.game), ascii=self.app.ascii), id="rules-text")
        yield ParlorFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-game", Choice).focus()

    @staticmethod
    def text(game: str) -> str:
        from engine import rules_text

        try:
            return rules_text(game)
        except Exception:
            return f"# {names.GAME_NAMES[game]}\n\nThe rules of {names.GAME_NAMES[game]} come with its board."

    @on(Choice.Changed, "#rules-game")
    def game_changed(self, event: Choice.Changed) -> None:
        self.game = event.value
        text = self.text(self.game)
        self.query_one("#rules-text", Static).update(rules_markdown(text, ascii=self.app.ascii))
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    def action_noop(self) -> None:
        pass

    def action_back(self) -> None:
        self.app.pop_screen()
