"""The Parlor Textual app and `make_app`, the factory the CLI and the tests share.

Start-up stays light: only the title screen is imported here; every other
screen (and the engine's bots, Markdown, …) is imported when first used.
"""
from __future__ import annotations

import asyncio
import os
import shlex
import signal
import threading
import traceback
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.reactive import reactive
from textual.theme import ThemeProvider

from engine import saves
from themes import (DEFAULT_THEME, PLAYER_DEFAULTS, THEME_LABELS, THEMES, glyphs, monochrome_variables,
                    player_defaults, readable_footer_keys, zone_variables)

from .markdown import THEME as MARKDOWN_THEME
from .names import damaged_note
from .settings import Settings, draws_ascii
from .text import sentence, without_rule_ids

MIN_WIDTH, MIN_HEIGHT = 80, 24
OPEN_ELSEWHERE = "Open elsewhere"     # the title of the toast on a game another Parlor holds
ASCII_ARROWS = str.maketrans({"←": "<", "→": ">", "↑": "Up", "↓": "Dn"})     # ("^" is ctrl: ^q)

# Textual's lowercase names of word keys (each part of shift+home, ^end …), written as README
# and the help's prose write them; with ASCII glyphs, the arrows and ⌫ ⏎ in words too
KEY_WORDS = {"esc": "Esc", "space": "Space", "home": "Home", "end": "End", "tab": "Tab", "del": "Del",
             "pgup": "PgUp", "pgdn": "PgDn", "f1": "F1", "^home": "^Home", "^end": "^End", "shift": "Shift",
             "alt": "Alt", "super": "Super", "ctrl": "Ctrl"}
ASCII_KEYS = str.maketrans({"←": "Left", "→": "Right", "↑": "Up", "↓": "Dn", "⌫": "Backspace", "⏎": "Enter"})


@dataclass
class Start:
    """What the app does once the title screen is up: nothing, a new game, or resume one."""

    kind: str = "title"                # "title" | "new" | "continue" | "session"
    spec: Any = None                   # GameSpec for "new"
    session: Any = None                # Session for "session" (tests, seeded positions)


class ParlorThemes(ThemeProvider):
    """The palette's themes: Parlor's first, by their Settings names ("Parlor dark"), then
    Textual's by theirs."""

    @property
    def commands(self):
        app = self.app

        def choose(name: str) -> None:
            app.theme = name

        names = [n for n in THEMES if n in app.available_themes]
        names += sorted(n for n in app.available_themes if n not in THEMES)
        return [(THEME_LABELS.get(n, n), partial(choose, n)) for n in names]


class ParlorApp(App[None]):
    TITLE = "Parlor"
    CSS_PATH = "app.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-w80"), (100, "-w100"), (120, "-w120")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-h24"), (40, "-h40")]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="quit",
                tooltip="Quit at once (a game in play is already saved)"),
        Binding("question_mark,f1", "help", "Help", id="help", tooltip="This help"),
    ]

    ascii = reactive(False)

    def __init__(self, *, settings: Settings, save_dir: str | os.PathLike | None = None,
                 start: Start | None = None, theme: str | None = None, ascii: bool | None = None,
                 bot_delay: float | None = None, animate: bool = True,
                 unicode_doubt: str | None = None) -> None:
        super().__init__()
        self.console.push_theme(MARKDOWN_THEME)      # the rules' Markdown in weights, not colours
        self.settings = settings
        self.save_dir = saves.saves_dir(save_dir)
        self.start = start or Start()
        self._bot_delay = bot_delay
        self._persist_theme = False
        if not animate:
            self.animation_level = "none"
        for t in THEMES.values():
            self.register_theme(t)
        wanted = theme or settings.theme
        self.theme = wanted if wanted in self.available_themes else DEFAULT_THEME
        # the automatic glyph setting's reason for ASCII ('TERM=linux'; the CLI looks at
        # the terminal, the tests don't); --ascii, then the setting, come before it
        self.unicode_doubt = unicode_doubt
        self.set_reactive(ParlorApp.ascii, ascii if ascii is not None else self.glyphs_for(settings.ascii))
        self._ascii_override = ascii is not None
        self.exit_note: str | None = None
        self.last_setup = None          # the set-up of the last game opened: New game starts from it

    def new_game_setup(self):
        """The set-up New game starts from: the last game opened in this Parlor, else the
        last game saved (a fresh start offers the table last played); None: the default."""
        if self.last_setup is not None:
            return self.last_setup
        from .session import Session

        entry = self.last_saved()
        try:
            return Session.load(entry.path).setup_spec() if entry is not None else None
        except (saves.SaveError, OSError):
            return None                 # (changed since it was listed)

    def last_game(self) -> str:
        """The game New game starts from (`new_game_setup`), without reading its save:
        the rules open at it."""
        if self.last_setup is not None:
            return self.last_setup.game
        entry = self.last_saved()
        return entry.info.game if entry is not None else "sorry"

    def last_saved(self):
        """The save (a `saves.Entry`) played last that can be read, or None."""
        return next((e for e in saves.list_saves(self.save_dir) if e.info is not None), None)

    # ------------------------------------------------------------ set-up
    # Textual's own palette commands that don't belong in a game: Maximize (one panel over
    # the whole board, which the next Esc only shrinks back), Screenshot (an SVG file in the
    # current folder) and Keys (Textual's key panel: Parlor's help is on ?)
    HIDDEN_COMMANDS = frozenset({"Maximize", "Minimize", "Screenshot", "Keys"})

    def get_system_commands(self, screen):
        from textual.app import SystemCommand

        for command in super().get_system_commands(screen):
            if command.title == "Quit":               # (Textual's: "Quit the application as soon as possible")
                yield command._replace(help="Quit Parlor now, as Ctrl+Q does (a game in play is already saved)")
            elif command.title not in self.HIDDEN_COMMANDS:
                yield command
        yield SystemCommand("Help", "The keys on this screen, what the board shows, the rules",
                            self.action_help)
        from .screens.base import GameScreen
        from .screens.settings import SettingsScreen

        if not isinstance(screen, SettingsScreen):
            yield SystemCommand("Settings", "Theme, ASCII glyphs, the bots' pace (kept for next time)",
                                lambda: self.push_screen(SettingsScreen()))
        if isinstance(screen, GameScreen):
            yield SystemCommand("Game log", "Every line of this game so far (g)", screen.action_log)
            yield SystemCommand("Title screen", "Leave the board for the title (the game is saved; Esc)",
                                screen.action_title)

    def action_command_palette(self) -> None:
        """Textual's palette; with --ascii, its search icon and placeholder in ASCII too (its
        borders: app.tcss)."""
        if not self.ascii:
            super().action_command_palette()
            return
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self._push_palette(CommandPalette(id="--command-palette", placeholder="Search for commands..."))

    def search_themes(self) -> None:
        """The palette's Theme: Parlor's themes by the names Settings gives them, then Textual's."""
        from textual.command import CommandPalette

        dots = "..." if self.ascii else "…"
        self._push_palette(CommandPalette(providers=[ParlorThemes], placeholder=f"Search for themes{dots}"))

    def _push_palette(self, palette) -> None:
        """Show a command palette (with --ascii, its search icon as `>`)."""
        from textual.command import SearchIcon

        def plain_icon() -> None:
            for icon in palette.query(SearchIcon):
                icon.icon = ">"
                icon.refresh()

        self.push_screen(palette)
        if self.ascii:
            palette.call_after_refresh(plain_icon)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Player colours for a theme that has none (Textual's own): a light theme's board
        gets the darker set, so that yellow and the others read on it, and the inks (text
        in a player's colour) are made to read on that theme's own grounds."""
        theme = self.get_theme(self.theme) if self.theme else None
        return dict(PLAYER_DEFAULTS if theme is None else player_defaults(theme))

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        theme = self.get_theme(self.theme) if self.theme else None
        variables.update(zone_variables(variables, theme.dark if theme is not None else True))
        variables.update(readable_footer_keys(variables))
        if self.no_color:              # every colour drawn grey: text on the colours re-chosen
            variables = monochrome_variables(variables)
            self.theme_variables = variables
        return variables

    async def run_action(self, action, default_namespace=None, namespaces=None) -> bool:
        """Keys typed while a screen is still being built (a fast typist, key repeat, a
        paste) are dropped: its actions would look for widgets not there yet. While the
        terminal is too small, the screen is hidden behind the TooSmall message: every key
        but ctrl+q is dropped too (a move nobody can see is never played, and no dialog
        opens out of sight)."""
        if self.screen_stack and not self.screen_stack[-1].is_mounted:
            return True
        if self.too_small and str(action) not in ("quit", "app.quit"):
            return True
        return await super().run_action(action, default_namespace, namespaces)

    def get_default_screen(self):
        from .screens.title import TitleScreen

        return TitleScreen()

    # SIGTERM (kill, timeout, a shutdown), SIGHUP (the SSH connection or the terminal
    # window gone) and SIGINT (`kill -INT`: ctrl+c in the terminal is a key, not a signal,
    # while Parlor runs) end Parlor as ctrl+q does: the terminal is given back as it was (no
    # alternate screen, mouse reporting or hidden cursor left behind) and the game is saved
    EXIT_SIGNALS = ("SIGTERM", "SIGHUP", "SIGINT")

    def _catch_exit_signals(self, on: bool) -> None:
        if self.is_headless:
            return                  # (tests: the test runner's own signals stay its own)
        loop = asyncio.get_running_loop()
        for name in self.EXIT_SIGNALS:
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            try:
                if on:
                    if signal.getsignal(sig) is signal.SIG_IGN:
                        continue    # ignored by whoever started Parlor (nohup): left so
                    loop.add_signal_handler(sig, self._exit_on_signal, sig)
                else:
                    loop.remove_signal_handler(sig)
            except (NotImplementedError, RuntimeError, ValueError):
                pass                # no signals here (Windows) or not the main thread

    EXIT_WAIT = 5.0     # seconds a hang-up waits for Parlor to close before it just ends

    def _exit_on_signal(self, sig: int = signal.SIGTERM) -> None:
        """Exit with the shell's code for a death by `sig` (128 + its number), saying what
        ctrl+q says (even if that can't be worked out, Parlor still exits)."""
        from .screens.base import quit_note

        try:
            note = quit_note(self)
        except Exception:
            note = None
        self.signalled = True
        self.exit(return_code=128 + int(sig), message=note)
        # A hung-up terminal can leave Textual's output thread dead while the closing waits
        # to hand it more output, for ever. Saved and unlocked or not (the system drops the
        # lock with the process), Parlor then ends a moment later all the same. (Not after
        # a kill: a terminal still there must be given back as it was.)
        if sig == signal.SIGHUP and not self.is_headless and self._exit_timer is None:   # (not under test)
            self._exit_timer = threading.Timer(self.EXIT_WAIT, os._exit, args=(128 + int(sig),))
            self._exit_timer.daemon = True
            self._exit_timer.start()

    _exit_timer: threading.Timer | None = None

    def run(self, *args, **kwargs):
        try:
            return super().run(*args, **kwargs)
        finally:                    # closed in time: no need to end it
            if self._exit_timer is not None:
                self._exit_timer.cancel()

    def on_unmount(self) -> None:
        self._catch_exit_signals(False)

    def on_mount(self) -> None:
        self._catch_exit_signals(True)
        if self.settings.problem:      # a damaged settings.json: said, not ignored silently
            self.notify(self.settings.problem, title="Settings", severity="warning", timeout=15,
                        markup=False)
        # the folder, or the nearest folder above it that is there (where it would be made)
        there = next((p for p in (self.save_dir, *self.save_dir.parents) if p.exists()), None)
        if there is not None and there.is_dir() and not os.access(there, os.W_OK | os.X_OK):
            # said before a game is played in it, not after its first move
            self.notify(f"Parlor can't write in the saves folder {self.save_dir}: games can be "
                        "played but not saved. Make it writable, or use --save-dir.",
                        title="Saves folder", severity="warning", timeout=15, markup=False)
        if self.ascii and not self._ascii_override and self.settings.ascii is None:
            self.notify(f"Parlor draws in ASCII: {self.unicode_doubt} says this terminal may not "
                        "show Unicode. Settings (Glyphs) changes it.", title="Glyphs", timeout=10,
                        markup=False)
        self.set_class(self.ascii, "-ascii")
        ascii_scrollbars(self.ascii)
        self._persist_theme = True
        start = self.start
        if start.kind == "new":
            self.start_new(start.spec)
        elif start.kind == "continue":
            self.resume_latest()
        elif start.kind == "session":
            self.open_session(start.session)

    # ------------------------------------------------------------ settings
    @property
    def glyphs(self):
        return glyphs(self.ascii)

    @property
    def bot_delay(self) -> float:
        return self.settings.bot_delay if self._bot_delay is None else self._bot_delay

    def watch_theme(self, theme: str) -> None:
        # Braindrop's pattern: whatever changed the theme (settings, command palette), keep it.
        if self._persist_theme and theme != self.settings.theme:
            self.settings.theme = theme
            self._save_settings("theme")

    def watch_ascii(self, value: bool) -> None:
        self.set_class(value, "-ascii")
        ascii_scrollbars(value)
        for screen in self.screen_stack:
            # Textual restyles only the top screen for an App class: the
            # title under the settings kept its round borders
            self.update_styles(screen)
            for node in screen.walk_children():
                if hasattr(node, "on_glyphs_changed"):
                    node.on_glyphs_changed()
            if hasattr(screen, "on_glyphs_changed"):
                screen.on_glyphs_changed()
        self.refresh_bindings()

    def glyphs_for(self, setting: bool | None) -> bool:
        """Whether a glyph setting (None: automatic) draws in ASCII here."""
        return draws_ascii(setting, self.unicode_doubt)

    def set_glyphs(self, value: str) -> None:
        """Glyphs: "auto", "unicode" or "ascii" (settings.GLYPHS); kept, and in place of
        --ascii from now on."""
        self.settings.glyphs = value
        self._ascii_override = False
        self.ascii = self.glyphs_for(self.settings.ascii)
        self._save_settings("glyphs")

    def set_bot_speed(self, speed: str) -> None:
        self.settings.bot_speed = speed
        self._save_settings("bot_speed")

    def _save_settings(self, key: str) -> None:
        """Save the setting just changed (only it: another Parlor may have changed others)."""
        problem = self.settings.save(key)
        if problem:
            self.notify(problem, severity="warning", markup=False)     # (it holds a path)

    def action_help_quit(self) -> None:
        """Ctrl+C, a key while Parlor runs (Textual's own toast names the key "ctrl+q"): how to
        quit, in the words help uses."""
        self.notify("Press Ctrl+Q to quit Parlor (a game in play is already saved), or q on a board.",
                    title="Do you want to quit?")

    def get_key_display(self, binding: Binding) -> str:
        if self.ascii and binding.key_display:
            return binding.key_display.translate(ASCII_ARROWS)
        if self.ascii:
            names = {"up": "Up", "down": "Dn", "left": "Left", "right": "Right", "enter": "Enter",
                     "escape": "Esc", "tab": "Tab", "question_mark": "?", "space": "Space",
                     "delete": "Del", "shift+tab": "Shift+Tab", "home": "Home", "end": "End",
                     "pageup": "PgUp", "pagedown": "PgDn"}
            key = binding.key.split(",")[0]
            if key in names:
                return names[key]
        shown = "+".join(KEY_WORDS.get(part, part) for part in super().get_key_display(binding).split("+"))
        return shown.translate(ASCII_KEYS) if self.ascii else shown

    @property
    def too_small(self) -> bool:
        """Whether the terminal is smaller than Parlor's least size (TooSmall shows)."""
        w, h = self.size
        return w < MIN_WIDTH or h < MIN_HEIGHT

    async def action_leave(self) -> None:
        """q on the title screen: quit (a key like any other, so not while the terminal is
        too small, where only ctrl+q acts)."""
        await self.action_quit()

    async def action_quit(self) -> None:
        """ctrl+q: quit at once; a game in play was saved after its last move (or says why not)."""
        from .screens.base import quit_note

        self.exit(message=quit_note(self))

    # ------------------------------------------------------------ navigation
    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        self.push_screen(HelpScreen(self.screen))

    def start_new(self, spec) -> None:
        from .session import Session

        try:
            session = Session.new(spec, save_dir=self.save_dir, hold=True)
        except ValueError as exc:
            self.notify(sentence(without_rule_ids(str(exc))), title="Can't start that game", severity="error")
            return
        self.open_session(session)

    def resume_latest(self) -> bool:
        entry, _, passed, damaged = saves.to_continue(saves.list_saves(self.save_dir))
        if entry is None:
            self.notify("There is no unfinished game to continue.", severity="warning")
            return False
        opened = self.open_saved(entry.path, "Your last game")
        if opened and passed:
            newer = "Your newest game is" if len(passed) == 1 else f"Your {len(passed)} newest games are"
            self.notify(f"{newer} {passed[0][1]}: this is the last one you played before it.",
                        title="Continuing an older game")
        if opened and damaged:      # perhaps the game meant: this one is not it
            self.notify(damaged_note(damaged) + " This is the last game before it that opens.",
                        title="Continuing an older game", severity="warning", timeout=12)
        return opened

    def open_saved(self, path, what: str | None = None) -> bool:
        """Play on the saved game at `path`; says why not (open in another Parlor,
        damaged since it was listed) and returns False when it can't."""
        from .session import Session

        what = what or path.name
        try:
            session = Session.open(path)
        except saves.InUse as exc:
            self.notify(f"{what} is {exc}. Quit it there to play it here.",
                        title=OPEN_ELSEWHERE, severity="error", timeout=10)
            return False
        except saves.SaveError as exc:
            self.notify(f"{what} can't be opened: {exc}", severity="error")
            return False
        return self.open_session(session)

    def open_session(self, session) -> bool:
        """Show the board of a session (over the title screen), held for this
        process while it is played (Session.hold); False if another Parlor has it."""
        kind = session.game.game
        if kind == "gnoming":
            from .screens.gnoming import GnomingScreen

            screen = GnomingScreen(session)
        elif kind == "sorry":
            from .screens.sorry import SorryScreen

            screen = SorryScreen(session)
        elif kind == "pegs":
            from .screens.pegs import PegsScreen

            screen = PegsScreen(session)
        else:       # the engine has no other game (a save of any other is refused when read)
            raise ValueError(f"no board for the game {kind!r}")
        try:
            session.hold()
        except saves.InUse as exc:
            self.notify(f"{session.path.name} is {exc}.", title=OPEN_ELSEWHERE,
                        severity="error", timeout=10)
            return False
        self.go_title()
        self.push_screen(screen)
        self.last_setup = session.setup_spec()
        # a game that was open elsewhere a moment ago is not this one: its toast goes
        from .screens.base import drop_notes

        drop_notes(self, lambda note: getattr(note, "title", None) == OPEN_ELSEWHERE)
        return True

    def go_title(self) -> None:
        from .screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    def resume_command(self) -> str:
        """The command that opens the game again: with --save-dir when the saves are not in
        the usual folder (`parlor continue` alone would not find them)."""
        if Path(self.save_dir).resolve() == saves.saves_dir(None).resolve():
            return "parlor continue"
        return f"parlor --save-dir {shlex.quote(str(self.save_dir))} continue"

    # ------------------------------------------------------------ errors
    signalled = False           # a kill or hang-up is ending Parlor

    def _handle_exception(self, error: Exception) -> None:
        # A kill in the first moments can come while a screen is still being put together:
        # closing takes its widgets away under it. That is no error to report (the game is
        # saved; a crash report there also hung a hung-up Parlor, its terminal gone).
        from textual.css.query import NoMatches

        if self.signalled and isinstance(error, NoMatches):
            return
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        """An unexpected error: keep the traceback in a log file and say sorry in three lines."""
        error = self._exception
        path = write_crash_log(error)
        self.bell()
        from rich.text import Text

        self._exit_renderables.append(Text(crash_message(path, self.resume_command())))
        self._close_messages_no_wait()


_SCROLLBAR_GLYPHS: dict[str, list[str]] = {}


def ascii_scrollbars(on: bool) -> None:
    """Scrollbar thumbs drawn with spaces only (no partial-block glyphs) in ASCII mode."""
    from textual.scrollbar import ScrollBarRender

    if not _SCROLLBAR_GLYPHS:
        _SCROLLBAR_GLYPHS["v"] = list(ScrollBarRender.VERTICAL_BARS)
        _SCROLLBAR_GLYPHS["h"] = list(ScrollBarRender.HORIZONTAL_BARS)
    ScrollBarRender.VERTICAL_BARS = [" "] * 8 if on else _SCROLLBAR_GLYPHS["v"]
    ScrollBarRender.HORIZONTAL_BARS = [" "] * 8 if on else _SCROLLBAR_GLYPHS["h"]


def write_crash_log(error: BaseException | None) -> Path | None:
    """Write the full traceback to the logs directory; returns the file (or None)."""
    try:
        folder = saves.logs_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{datetime.now().strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
        text = "".join(traceback.format_exception(error)) if error is not None else "unknown error\n"
        cause = getattr(error, "error", None)       # a worker's failure: where it failed, in its thread
        if isinstance(cause, BaseException):
            text += "\nThe worker's error:\n" + "".join(traceback.format_exception(cause))
        path.write_text(text, encoding="utf-8")
        return path
    except OSError:
        return None


def crash_message(path: Path | None, resume: str = "parlor continue") -> str:
    where = f"The details are in {path}." if path else "The details could not be written to a file."
    return ("Sorry - Parlor ran into an unexpected error and had to close.\n"
            "Your game is safe: it was saved after the last move.\n"
            f"{where}\n"
            f"Resume with: {resume}")


def make_app(*, save_dir: str | os.PathLike | None = None, theme: str | None = None,
             ascii: bool | None = None, start: Start | None = None, bot_delay: float | None = None,
             settings: Settings | None = None, animate: bool = True,
             unicode_doubt: str | None = None) -> ParlorApp:
    """Build the app (the CLI and the tests both come through here)."""
    settings = settings or Settings.load()
    return ParlorApp(settings=settings, save_dir=save_dir, start=start, theme=theme, ascii=ascii,
                     bot_delay=bot_delay, animate=animate, unicode_doubt=unicode_doubt)
