"""Help on ? / f1: the keys of the screen it was opened from, and the game's rules."""
from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from .. import names
from ..markdown import rules_markdown
from ..widgets.footer import ParlorFooter
from .base import ParlorModal
from .scrolling import ScrollActions, scroll_bindings

GENERAL = """\
## Parlor

Parlor plays Sorry!, Pegs and Jokers and Gnoming A Round against bots and
people sharing the keyboard. Every move is saved as it is made: quit whenever
you like and carry on later with `parlor continue` or *Continue* on the
title screen.

- **^p** (Ctrl+P) opens the command palette (themes, help, quit); **^q** (Ctrl+Q) quits at once.
- Settings (theme, ASCII glyphs, bot speed) are on the title screen.
"""


SKIP_ACTIONS = {"screen.copy_text", "page_left", "page_right", "scroll_left", "scroll_right",
                "app.focus_next", "app.focus_previous", "command_palette"}


def key_rows(screen) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding active on `screen`, and for the ones it names in
    `HELP_ALWAYS` (keys of a turn's other steps); aliases share a row."""
    app = screen.app
    keys: dict[str, list[str]] = {}
    action_keys: dict[str, set[str]] = {}
    shown: dict[str, str] = {}
    described: dict[str, str] = {}
    try:
        bindings = screen.active_bindings
    except Exception:
        bindings = {}
    active = {key: b.binding for key, b in bindings.items()}
    footer = [b.binding.action for b in bindings.values() if b.binding.show and b.enabled]
    always = getattr(screen, "HELP_ALWAYS", ())
    # a turn's keys (HELP_ALWAYS, and the widget's in HELP_BINDINGS), listed first
    turn = {*always, *(b.action for b in getattr(screen, "HELP_BINDINGS", ()) if isinstance(b, Binding))}
    turn_keys: set[str] = set()
    if always:
        # the screen's own keys (and its widgets' in HELP_BINDINGS) in the order it declares
        # them, then the rest
        # (BINDINGS of each of our classes: a board adds its own to TurnScreen's, as Textual merges them)
        declared = [b for cls in reversed(type(screen).__mro__) if cls.__module__.startswith("tui.")
                    for b in vars(cls).get("BINDINGS", ())]
        own = [b for b in (*declared, *getattr(screen, "HELP_BINDINGS", ())) if isinstance(b, Binding)]
        turn_keys = {key.strip() for b in own if b.action in turn for key in b.key.split(",")}
        ordered = {}
        for binding in own:
            for key in binding.key.split(","):
                key = key.strip()
                if key in active or binding.action in always:
                    # a turn's own key, even where another binding holds it now (Tab: focus)
                    ordered.setdefault(key, binding if binding.action in always else active[key])
        ordered.update((key, b) for key, b in active.items() if key not in ordered)
        active = ordered
    for key, binding in active.items():
        action = binding.action
        if binding.system or action in SKIP_ACTIONS and not binding.tooltip:
            continue          # (Textual's own; a screen's own use of them has a tooltip)
        # each key by itself (a binding's key_display, such as "←/→" in a
        # footer, stands for keys that have rows of their own here)
        display = app.get_key_display(Binding(key, action))
        action_keys.setdefault(action, set()).add(key)
        keys.setdefault(action, [])
        if display not in keys[action]:
            keys[action].append(display)
        words = binding.tooltip or binding.description
        if words:
            described.setdefault(action, words)
            if binding.show:
                shown.setdefault(action, words)
    # A turn's keys first, then the others; in each, the ones in the footer now in its order,
    # then the rest as declared.
    at = {action: i for i, action in reversed(list(enumerate(footer)))}
    rows: dict[str, list[str]] = {}       # what it does -> keys (actions that do the same share a row)
    place: dict[str, tuple[int, int]] = {}
    for action, displays in keys.items():
        what = shown.get(action) or described.get(action)
        if what:
            rows.setdefault(what, []).extend(d for d in displays if d not in rows.get(what, ()))
            rank = (0 if action in turn or action_keys[action] & turn_keys else 1, at.get(action, len(footer)))
            place[what] = min(place.get(what, rank), rank)
    order = sorted(rows, key=place.__getitem__)         # (stable: the rest as declared)
    return [(" ".join(rows[what]), what) for what in order]


class HelpScreen(ScrollActions, ParlorModal[None]):
    HELP_TITLE = "Help"
    BINDINGS = [
        Binding("escape", "close", "Close", key_display="Esc/?"),     # (? opened it: ? closes it)
        Binding("q,question_mark,f1", "close", show=False),
        *scroll_bindings(ends_shown=True),
    ]
    SCROLL_TARGET = "#help-scroll"
    DEFAULT_CSS = """
    HelpScreen #help-keys, HelpScreen #help-marks {
        height: auto;
        margin-bottom: 1;
    }
    HelpScreen #help-scroll {
        height: 1fr;
    }
    """

    def __init__(self, screen) -> None:
        super().__init__()
        self.rows = key_rows(screen)
        marks = getattr(screen, "help_marks", None)
        self.marks = marks(screen.app.glyphs) if callable(marks) else []
        self.title_text = getattr(screen, "HELP_TITLE", "") or "Parlor"
        self.game = getattr(screen, "HELP_GAME", None)

    def compose_body(self) -> ComposeResult:
        with Vertical(id="help-box", classes="text-box") as box:
            box.border_title = f"Help: {self.title_text}"
            with VerticalScroll(id="help-scroll", can_focus=False):      # the screen's keys scroll it
                yield Static(self.keys_table(), id="help-keys")
                if self.marks:
                    yield Static(self.marks_table(), id="help-marks")
                yield Static(rules_markdown(self.rules(), ascii=self.app.ascii), id="help-rules")
        yield ParlorFooter()

    def keys_table(self) -> Table:
        table = Table(title="Keys on this screen", title_justify="left", show_header=False,
                      box=None, padding=(0, 2, 0, 0))
        table.add_column("keys", style="bold", max_width=16)      # a long list of keys wraps
        table.add_column("does")
        for keys, what in self.rows:            # (^p, the command palette, is among them)
            table.add_row(keys, what)
        return table

    def marks_table(self) -> Table:
        """What the board's marks mean (the screen's `help_marks`), in the glyphs on show."""
        table = Table(title="Marks on the board", title_justify="left", show_header=False,
                      box=None, padding=(0, 2, 0, 0))
        table.add_column("mark", style="bold", max_width=16)
        table.add_column("means")
        for mark, what in self.marks:
            table.add_row(mark, what)
        return table

    def rules(self) -> str:
        if self.game is None:
            return GENERAL
        from engine import rules_text

        try:
            return rules_text(self.game)
        except Exception:
            return f"The rules of {names.GAME_NAMES.get(self.game, self.game)} come with its board."

    def action_close(self) -> None:
        self.dismiss(None)
