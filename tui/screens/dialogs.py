"""Small dialogs: hand-off between people, quit, yes/no confirmation, and the
summary shown at the end of a round or of a game of a match."""
from __future__ import annotations

import shlex
import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..text import counted
from ..widgets.footer import ParlorFooter
from ..widgets.game_log import GameLog, hang
from . import base
from .base import ParlorModal, board_in, quit_note
from .scrolling import ScrollWhenLong, scroll_bindings


class HandoffScreen(ParlorModal[None]):
    """Covers the whole screen between two people's turns so hands stay private.

    It takes Enter only once no key has been pressed for HANDOFF_QUIET (1.5 s): the one
    who just played may press Enter again a moment later (it seemed not to take), or tap
    it to hurry the bots, and must never see the next hand. Half a second, the other
    dialogs' wait, stops a held key but not such a second press. Meanwhile a line says
    why Enter waits."""

    HELP_TITLE = "Hand-off"
    BINDINGS = [
        Binding("enter", "ready", "Ready"),
        Binding("escape", "title", "Title"),
        Binding("q", "quit_game", "Quit"),      # (not "quit": only ctrl+q acts on a screen too small)
    ]
    DEFAULT_CSS = """
    HandoffScreen {
        align: center middle;
        background: $background;
    }
    HandoffScreen #handoff {
        width: 72;
        height: auto;
        padding: 1 2;
        border: double $primary;
        background: $surface;
    }
    HandoffScreen #handoff Static {
        width: 100%;
        text-align: center;
    }
    HandoffScreen #handoff #handoff-recent {
        text-align: left;
        color: $text-muted;
    }
    HandoffScreen #handoff #handoff-wait {
        color: $text-muted;
    }
    """

    RECAP_WIDTH = 66                # the box's width less its border and padding
    RECAP_LINES = 8                 # the recap's rows at least (the log has the rest)

    @classmethod
    def recap_rows(cls, height: int) -> int:
        """Rows the box has for its recap on a terminal `height` rows high: less the footer,
        the box's border, padding and other lines, and a row above and below it."""
        return max(cls.RECAP_LINES, height - 12)

    def __init__(self, colour: str, recent: list[str] | tuple = (), since_turn: bool = False,
                 so_far: str = "The game so far:") -> None:
        super().__init__()
        self.colour = colour
        self._since = time.monotonic()
        self.so_far = so_far            # the heading when the recap is from the start ("The match so far:")
        self.recent = list(recent)      # lines of the (public) log: what was played since this seat's
        self.since_turn = since_turn    # turn, or, when that is not known (their first turn, a game
                                        # opened again), the game's; the last ones that fit are shown

    def compose_body(self) -> ComposeResult:
        with Vertical(id="handoff"):
            yield Static(f"[b]Pass to {self.colour}[/b]")
            yield Static("")
            yield Static(f"{self.colour}: press Enter when the others can't see the screen.")
            yield Static(self._wait_text(), id="handoff-wait")      # (the row above the recap)
            if self.recent:
                yield Static(self._recap(), id="handoff-recent")
        yield ParlorFooter()

    def _recap(self) -> Text:
        head = "From your last turn on:" if self.since_turn else self.so_far
        shown = fit_recap(self.recent, self.recap_rows(self.app.size.height), self.app.glyphs.dots)
        lines = [hang(line, self.RECAP_WIDTH, GameLog.INDENT) for line in shown]
        return Text("\n".join([head, *lines]), style="italic")

    def on_resize(self) -> None:
        if self.recent:                 # as many of the last lines as the new height has room for
            self.query_one("#handoff-recent", Static).update(self._recap())

    WAIT = "(Enter works once the keys have been still for a moment.)"

    # The times are the events' own (when the key was read, not when it is handled: keys
    # that queued up while Parlor was busy come in together, not seconds apart).
    def on_mount(self, event) -> None:
        super().on_mount()
        self._last_key = event.time       # when a key was last pressed (or it showed) ...
        self._still = False               # ... and whether the keys had been still before this one
        self._since = time.monotonic()    # (that moment on the clock the wait's line reads)
        self.set_interval(0.2, self._show_wait)

    def _wait_text(self) -> str:
        """The line saying why Enter waits, while it does."""
        return self.WAIT if time.monotonic() - self._since < base.HANDOFF_QUIET else ""

    def _show_wait(self) -> None:
        line = self.query_one("#handoff-wait", Static)
        text = self._wait_text()
        if text != line.content:
            line.update(text)

    def on_key(self, event) -> None:
        # (a key reaches the screen before its binding acts)
        self._still = event.time - self._last_key >= base.HANDOFF_QUIET
        self._last_key = event.time
        self._since = time.monotonic()
        self._show_wait()

    def action_ready(self) -> None:
        if self._still:               # a second Enter after a move must not show the next hand
            self.dismiss(None)

    # q and Esc as on the board: q asks first (and says whether the game is saved), Esc goes
    # to the title unless the last moves are not saved (then it asks); the game opens again
    # at this hand-off
    def action_quit_game(self) -> None:
        board = board_in(self.app)
        if board is None:
            self.app.exit(message=quit_note(self.app))
        else:
            board.action_quit_game()

    def action_title(self) -> None:
        title_from(self)


def fit_recap(lines: list[str], rows: int, dots: str) -> list[str]:
    """The last of `lines` that fit `rows` rows of the hand-off's box (wrapped as the box
    wraps them), after a row saying how many earlier ones are left out; all when they fit.
    Only the last lines are wrapped to count their rows (a game opened again recaps its log)."""
    heights: list[int] = []
    used = 0
    for line in reversed(lines):
        height = hang(line, HandoffScreen.RECAP_WIDTH, GameLog.INDENT).count("\n") + 1
        if used + height > rows:
            break
        used += height
        heights.append(height)
    else:
        return lines
    while heights and used + 1 > rows:      # the first row says what is left out
        used -= heights.pop()
    cut = len(lines) - len(heights)
    return [f"{dots} {counted(cut, 'earlier line')}: g on the board shows the whole log",
            *lines[cut:]]


def title_from(screen) -> None:
    """Esc on a dialog over a board: to the title as from the board (which asks first if the
    last moves are not saved); the game opens again at this dialog."""
    board = board_in(screen.app)
    if board is None:
        screen.app.go_title()
    else:
        board.action_title()


def command_lines(command: str, room: int | None) -> list[str]:
    """A shell command as lines of at most `room` columns, broken as the shell reads it: a
    backslash ends a line. Between words the next line is indented. A word too long for a
    line of its own (a long path) breaks inside, after a / or - where one is far enough along;
    its rest starts the next line, as the shell joins a backslash and a newline away. A quoted
    word does not break (the shell would keep the backslash). None: one line."""
    if room is None or len(command) <= room:
        return [command]
    lines: list[str] = []
    line = ""
    words = [shlex.quote(word) for word in shlex.split(command)]
    for n, word in enumerate(words):
        joined = f"{line} {word}" if line else word
        if line and len(joined) + 2 > room:
            lines.append(line + " \\")
            line = "  " + word
        else:
            line = joined
        after = 2 if n + 1 < len(words) else 0        # " \" unless it is the last word
        while len(line) + after > room and not word.startswith("'"):
            start = len(line) - len(word)              # where the word begins on this line
            most = min(room - 1, len(line) - 1)        # (the backslash takes a column; a rest follows)
            if most <= start + 1:
                break
            soft = max(line.rfind("/", start + 1, most), line.rfind("-", start + 1, most))
            cut = soft + 1 if soft + 1 > (start + most) // 2 else most
            lines.append(line[:cut] + "\\")
            line, word = line[cut:], line[cut:]
    return lines + [line]


class QuitScreen(ParlorModal[str]):
    """q on a board: the game is already saved; quit, go to the title, or keep playing."""

    HELP_TITLE = "Quit"
    BINDINGS = [
        Binding("q,enter", "choose('quit')", "Quit Parlor"),
        Binding("t", "choose('title')", "Title screen"),
        Binding("escape,n", "choose('stay')", "Keep playing"),
    ]
    DEFAULT_CSS = """
    QuitScreen {
        align: center middle;
    }
    QuitScreen #quit-box {
        width: 56;
        height: auto;
        padding: 1 2;
        border: round $primary;
        background: $surface;
    }
    QuitScreen #quit-command {
        padding-left: 2;
    }
    """

    KEYS = "\nq / Enter  quit Parlor\nt          title screen\nEsc / n    keep playing"
    QUESTION = "Quit?"

    def __init__(self, error: str | None = None, lasting: bool = False, over: bool = False) -> None:
        """`error`: why the game's last moves are not saved (None: it is saved); `lasting`:
        they never will be here (another Parlor saved the game meanwhile); `over`: the game
        is over (no next move will save it)."""
        super().__init__()
        self.error = error
        self.lasting = lasting
        self.over = over

    def compose_body(self) -> ComposeResult:
        # the command has a widget of its own, indented by padding: copied (by Textual's
        # selection) it is the command's text alone, so a path broken inside joins again
        with Vertical(id="quit-box"):
            yield Static(self._text(), id="quit-text")
            yield Static(id="quit-command")
            yield Static(self.KEYS, id="quit-keys")
        yield ParlorFooter()

    def _text(self) -> Text:
        """The dialog's words above the resume command (or why the game is not saved)."""
        text = Text()
        text.append(self.QUESTION, style="bold")
        text.append("\n\n")
        if self.error:
            text.append("Your last moves are NOT saved.", style="bold")
            if self.lasting:
                text.append(f"\n{self.error}.\nLeaving now loses this board's moves since then.")
            elif self.over:
                text.append(f"\n{self.error}.\nLeaving now loses them. Fix the problem and try again: "
                            "Parlor saves the game once more before it leaves.")
            else:
                text.append(f"\n{self.error}.\nLeaving now loses them. Fix the problem and keep playing: "
                            "the next move saves the whole game.")
        else:
            text.append("Your game is saved after every move: nothing is lost.\n"
                        "Resume it from the title screen, or with:")
        return text

    def on_mount(self) -> None:
        super().on_mount()
        self._fit_command()

    def on_resize(self) -> None:
        self._fit_command()

    def _fit_command(self) -> None:
        """As wide as the resume command needs to stay on one line (a long --save-dir), as
        far as the terminal allows (border 2, padding 4, its indent 2); else it is broken
        (`command_lines`)."""
        command = None if self.error else self.app.resume_command()      # (None: no command to show)
        need = 0 if command is None else len(command) + 8
        width = max(56, min(need, self.app.size.width - 4))
        box = self.query_one("#quit-box")
        if box.styles.width is None or box.styles.width.value != width:
            box.styles.width = width
        shown = self.query_one("#quit-command", Static)
        shown.display = command is not None
        if command is not None:
            shown.update(Text("\n".join(command_lines(command, width - 8)), style="bold"))

    def action_choose(self, choice: str) -> None:
        # with moves not saved, leaving loses them: a key typed twice (q on the results or
        # the board, then q again at once) must not answer before the words are read
        if self.error and choice != "stay" and self.in_grace():
            return
        self.dismiss(choice)


class LeaveScreen(QuitScreen):
    """r, n or t on the results (or Esc on the board) of a game whose last moves are not
    saved: the rematch, the new game or the title screen asked for (y, Enter) once the
    player agrees to lose them, or quit, the title, or stay (Esc, n) and look at the board."""

    BINDINGS = [
        Binding("y,enter", "choose('go')", "Yes, leave it"),
        Binding("q", "choose('quit')", "Quit Parlor"),
        Binding("escape,n", "choose('stay')", "Stay"),
    ]
    HELP_TITLE = "Leave the game?"
    GOALS = {"rematch": ("Rematch?", "a rematch"), "new": ("New game?", "a new game"),
             "title": ("Title screen?", "the title screen")}

    def __init__(self, goal: str, error: str, lasting: bool = False, over: bool = True) -> None:
        """`goal`: "rematch", "new" or "title" (what was asked for)."""
        super().__init__(error, lasting, over=over)
        self.QUESTION, what = self.GOALS[goal]
        keys = [f"y / Enter  {what} all the same", "q          quit Parlor"]
        if goal != "title":
            keys.append("t          title screen")
        keys.append("Esc / n    " + ("stay and look at the board" if over else "keep playing"))
        self.KEYS = "\n" + "\n".join(keys)


class ConfirmScreen(ParlorModal[bool]):
    """A yes/no question."""

    HELP_TITLE = "Confirm"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No", key_display="n/Esc"),
    ]
    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
    }
    ConfirmScreen #confirm-box {
        width: 60;
        height: auto;
        padding: 1 2;
        border: round $warning;
        background: $surface;
    }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose_body(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, markup=False)
            yield Static("\ny  yes      n / Esc  no")
        yield ParlorFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SummaryScreen(ScrollWhenLong, ParlorModal[None]):
    """A scrollable summary over the board (`summary()`, titled `BOX_TITLE`) that
    Enter closes (the board goes on) and Esc leaves for the title. The scroll keys
    are offered (in the footer too) when the summary is taller than the screen."""

    BOX_TITLE = ""
    SCROLL_TARGET = "#summary"
    BINDINGS = [Binding("enter", "close", "Continue"),
                # Esc leaves for the title, as from the board; the game opens again at this summary
                Binding("escape", "title", "Title"),
                *scroll_bindings(space=False)]        # not space: it skips bot moves
    DEFAULT_CSS = """
    SummaryScreen {
        align: center middle;
    }
    SummaryScreen #summary {
        width: 96;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: double $accent;
        background: $surface;
    }
    """

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="summary"):
            yield Static(self.summary(), id="summary-text")
        yield ParlorFooter()

    def on_mount(self) -> None:
        self.query_one("#summary").border_title = self.BOX_TITLE

    def on_resize(self) -> None:
        self.query_one("#summary-text", Static).update(self.summary())     # laid out for the width

    def summary(self) -> Text:
        raise NotImplementedError

    def action_close(self) -> None:
        if not self.in_grace():       # a second Enter after the move that ended the round
            self.dismiss(None)

    def action_title(self) -> None:
        title_from(self)
