"""Title screen: new game, continue, load, rules, settings, quit."""
from __future__ import annotations

import re

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine import saves

from .. import names
from ..widgets.footer import ParlorFooter
from ..widgets.options import Options
from .base import ParlorScreen

LOGO = r"""
 ____   _    ____  _     ___  ____
|  _ \ / \  |  _ \| |   / _ \|  _ \
| |_) / _ \ | |_) | |  | | | | |_) |
|  __/ ___ \|  _ <| |__| |_| |  _ <
|_| /_/   \_\_| \_\_____\___/|_| \_\
""".strip("\n")
_WIDTH = max(len(line) for line in LOGO.splitlines())
LOGO = "\n".join(line.ljust(_WIDTH) for line in LOGO.splitlines())


class TitleScreen(ParlorScreen):
    HELP_TITLE = "Title screen"

    BINDINGS = [
        Binding("n", "new", "New game"),
        Binding("c", "continue", "Continue"),
        Binding("l", "load", "Load"),
        Binding("r", "rules", "Rules"),
        Binding("s", "settings", "Settings"),
        Binding("q", "app.leave", "Quit"),
        Binding("j", "cursor(1)", "Down", show=False),      # (help lists them with ↓ and ↑)
        Binding("k", "cursor(-1)", "Up", show=False),
    ]

    def compose_body(self) -> ComposeResult:
        with Center():
            with Vertical(id="title-box"):
                yield Static(LOGO, id="logo")
                sep = self.app.glyphs.sep
                yield Static(f"Sorry!  {sep}  Pegs and Jokers  {sep}  Gnoming A Round", id="tagline")
                with Center():
                    yield Options(id="menu")
        # Outside the 60-column box: a long description (7 players, several
        # people) still fits on one line of an 80-column terminal.
        yield Static("", id="continue-info", classes="hint")
        yield ParlorFooter()

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def on_glyphs_changed(self) -> None:
        sep = self.app.glyphs.sep
        self.query_one("#tagline", Static).update(f"Sorry!  {sep}  Pegs and Jokers  {sep}  Gnoming A Round")

    def refresh_menu(self) -> None:
        entries = saves.list_saves(self.app.save_dir)
        latest, busy, passed, damaged = saves.to_continue(entries)   # the last game not open elsewhere
        self._latest = latest.info if latest else None
        self._has_saves = bool(entries)
        menu = self.query_one("#menu", OptionList)
        keep = menu.highlighted
        menu.clear_options()
        # a line that can't be used says so in words, not only by its dimmer colour (NO_COLOR,
        # a monochrome terminal): "(none)" where its key would be
        menu.add_options([
            Option("New game              n", id="new"),
            Option("Continue              c" if self._latest is not None else "Continue          (none)",
                   id="continue", disabled=self._latest is None),
            Option("Load a saved game     l" if self._has_saves else "Load a saved game (none)",
                   id="load", disabled=not self._has_saves),
            Option("Rules                 r", id="rules"),
            Option("Settings              s", id="settings"),
            Option("Quit                  q", id="quit"),
        ])
        menu.highlighted = keep if keep is not None else (1 if self._latest is not None else 0)
        info = self.query_one("#continue-info", Static)
        if self._latest is None:
            info.update("No game in progress: press n to start one.")
        else:
            lines = [self._continue_line()]
            if busy:
                lines.append(f"{busy[0].upper()}{busy[1:]}: quit it there to continue here.")
            if passed:       # a newer game is open elsewhere: say which game Continue takes
                newer = "A newer game is" if len(passed) == 1 else f"{len(passed)} newer games are"
                reasons = list(dict.fromkeys(reason for _, reason in passed))
                if len(reasons) == 1:
                    lines.append(f"{newer} {reasons[0]}.")
                else:        # in several Parlors: each one's process
                    held = [re.sub(r"^.*\((.*)\)$", r"\1", reason) for reason in reasons]
                    lines.append(f"{newer} open in other Parlors ({', '.join(held)}).")
            if damaged:
                lines.append(names.damaged_note(damaged, named=False))
            self._notes = lines[1:]
            info.update("\n".join(lines))
        self.refresh_bindings()
        menu.focus()

    def _continue_line(self) -> str:
        """'Continue: …' for the game Continue takes; too long for a row, broken at its last
        separator (not inside "game 2, move 17")."""
        sep = self.app.glyphs.sep
        line = f"Continue: {names.describe(self._latest, sep)}"
        if len(line) > self.app.size.width - 2:
            head, _, tail = line.rpartition(f" {sep} ")
            line = f"{head} {sep}\n{tail}"
        return line

    def on_resize(self) -> None:
        # the Continue line broken, or joined, again for the new width (the notes under it kept)
        if getattr(self, "_latest", None) is not None:
            self.query_one("#continue-info", Static).update("\n".join([self._continue_line(), *self._notes]))

    def check_action(self, action: str, parameters) -> bool | None:
        # with nothing to continue or load, their keys leave the footer (the menu dims the
        # lines, and the line under it says how to start a game)
        if action == "continue" and getattr(self, "_latest", None) is None:
            return False
        if action == "load" and not getattr(self, "_has_saves", False):
            return False
        return True

    def on_key(self, event) -> None:
        # their keys, pressed anyway, say why nothing opens (the line under the menu says so
        # only while no toast is over it)
        if event.key == "c" and getattr(self, "_latest", None) is None:
            saved = " (l lists the saved games: finished, or that can't be opened here)" \
                if getattr(self, "_has_saves", False) else ""
            self.notify(f"There is no unfinished game to continue: press n to start one{saved}.",
                        title="Nothing to continue")
        elif event.key == "l" and not getattr(self, "_has_saves", True):
            self.notify(f"There are no saved games in {self.app.save_dir}: press n to start one.",
                        title="Nothing to load")

    @on(OptionList.OptionSelected, "#menu")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        # a selection is handled after its key: a second Enter typed before the first took
        # effect arrives when the screen it opened covers this one, and must not act twice
        if not self.is_active:
            return
        action = event.option.id
        if action == "quit":
            self.app.exit()
        else:
            getattr(self, f"action_{action}")()

    def action_cursor(self, delta: int) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.action_cursor_down() if delta > 0 else menu.action_cursor_up()

    def action_new(self) -> None:
        from .setup import SetupScreen

        self.app.push_screen(SetupScreen(self.app.new_game_setup()))

    def action_continue(self) -> None:
        self.app.resume_latest()

    def action_load(self) -> None:
        from .load import LoadScreen

        self.app.push_screen(LoadScreen())

    def action_rules(self) -> None:
        from .rules import RulesScreen

        self.app.push_screen(RulesScreen(self.app.last_game()))      # (New game's too)

    def action_settings(self) -> None:
        from .settings import SettingsScreen

        self.app.push_screen(SettingsScreen())
