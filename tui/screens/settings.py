"""Settings: theme, glyphs (automatic, Unicode or ASCII), bot speed. Applied at once and kept."""
from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from themes import THEME_LABELS, THEMES

from ..settings import BOT_SPEED_LABELS, BOT_SPEEDS
from ..widgets.choice import Choice
from ..widgets.footer import ParlorFooter
from .base import ParlorScreen


class SettingsScreen(ParlorScreen):
    HELP_TITLE = "Settings"
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("up,k", "app.focus_previous", "Line", key_display="↑/↓", tooltip="Move between the lines"),
        Binding("down,j", "app.focus_next", "Line", show=False, tooltip="Move between the lines"),
    ]
    DEFAULT_CSS = """
    SettingsScreen {
        align: center top;
    }
    SettingsScreen #settings-form {
        width: 64;
        height: auto;
        margin-top: 1;
        padding: 0 1;
    }
    SettingsScreen #settings-hint {
        width: 64;
        padding: 1 1;
    }
    """

    def compose_body(self) -> ComposeResult:
        app = self.app
        themes = [(name, THEME_LABELS.get(name, name)) for name in THEMES]
        themes += [(name, name) for name in sorted(app.available_themes) if name not in THEMES]
        yield Static("Settings", classes="screen-title")
        with Vertical(id="settings-form", classes="panel") as form:
            form.border_title = "Settings"
            yield Choice("Theme", themes, app.theme, id="theme", label_width=12)
            # automatic: ASCII where the terminal or locale says Unicode may not show
            here = f"ASCII here: {app.unicode_doubt}" if app.unicode_doubt else "Unicode here"
            yield Choice("Glyphs", [("auto", f"Automatic ({here})"), ("unicode", "Unicode"),
                                    ("ascii", "ASCII only")],
                         ("ascii" if app.ascii else "unicode") if app._ascii_override   # --ascii
                         else app.settings.glyphs,
                         id="ascii", label_width=12)
            yield Choice("Bot speed", [(k, f"{BOT_SPEED_LABELS[k]} ({v:g} s a move)")
                                       for k, v in BOT_SPEEDS.items()], app.settings.bot_speed,
                         id="speed", label_width=12)
        yield Static("Changes apply at once and are kept for next time.\n"
                     "During a game, Space skips the bots' moves ahead.", id="settings-hint",
                     classes="hint")
        yield ParlorFooter()

    def on_mount(self) -> None:
        self.query_one("#theme", Choice).focus()

    @on(Choice.Changed, "#theme")
    def theme_changed(self, event: Choice.Changed) -> None:
        self.app.theme = event.value

    @on(Choice.Changed, "#ascii")
    def ascii_changed(self, event: Choice.Changed) -> None:
        self.app.set_glyphs(event.value)

    @on(Choice.Changed, "#speed")
    def speed_changed(self, event: Choice.Changed) -> None:
        self.app.set_bot_speed(event.value)

    def action_noop(self) -> None:
        pass

    def action_back(self) -> None:
        self.app.pop_screen()
