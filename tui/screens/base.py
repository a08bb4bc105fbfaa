"""Base classes: every screen ends with the TooSmall message (shown by CSS when needed)."""
from __future__ import annotations

import threading
import time
from typing import TypeVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen

from engine import COLOURS

from .. import names
from ..widgets.game_log import GameLog
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
    Binding("g", "log", "Log", id="log", tooltip="The whole game log, to scroll back through"),
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
        self._results_open = False            # the results are on show, or about to be
        self._save_error_shown: str | None = None    # the saving error the player was told of
        self._asking = False                  # Quit? is open: the bots wait for the answer
        self._release_timer = None            # the wait before a held bot's move is played
        self._held_move = None                # (token, move) of a bot that waits for it
        self._handoff_waiting = False         # a hand-off waits for the board to be on top
        self._turn_began: dict[int, int] = {}   # person's seat -> the log's length when their turn began
        self._last_person: int | None = None  # the seat of the last person to be given a turn
        self._bots_moved = False              # ... and whether a bot has been given one since
        self._covered = False                 # ... or a summary has covered the board since
        self._turn_shown_at = 0.0             # when the keys' wait began: a person's turn came after a
                                              # hand-off or another's, or a key was refused in the wait
        self._graced_turns = 0                # the turns that began with the wait ...
        self._grace_noted = -1                # ... and the one whose refused key was noted

    @property
    def awaiting(self) -> bool:
        return self.mode == "human"

    @property
    def bot_turn(self) -> bool:
        return self.mode == "bot"

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "skip":
            if not self.bot_turn:
                return False              # shown only while a bot plays
            return None if self._skip else True
        if action == "results":
            return self.mode == "over"
        return True

    @property
    def game(self):
        return self.session.game

    def log_text(self, text: str) -> str:
        """A log line as shown (the engine's event text by default); "" leaves it out."""
        return text

    def game_log(self) -> GameLog:
        """The log panel on show (a board may have one for each layout, as Sorry!'s large
        board has one beside it, where the move list has rows to spare)."""
        logs = list(self.query(GameLog))
        return next((log for log in logs if log.styles.display != "none"), logs[0])

    def on_glyphs_changed(self) -> None:
        """Settings switched between Unicode and ASCII: the log's lines, written in the old
        glyphs, are written again (the other panels draw in the glyphs of the moment)."""
        if self.is_mounted:
            self._fill_log()

    def _fill_log(self) -> None:
        """The game's log so far, from the start (after the first layout, so
        lines wrap to the real width; again whenever the log's width changes)."""
        log = self.game_log()
        log.clear()
        texts = [t for t in map(self.log_text, self.session.event_texts()) if t]
        if texts:     # one write: 2000 lines take a few times longer one by one
            log.write("\n".join(texts[-(log.max_lines or len(texts)):]))

    def play_and_log(self, move) -> list:
        """Play `move` (the session saves it), say so if saving fails, log its events.
        A bot's move on show is played: no preview of it stays over the next position (or,
        after a game's or round's end, over the next deal)."""
        self._bot_move = None
        events = self.session.play(move)
        self.report_save()
        self.log_events(events)
        return events

    def report_save(self) -> None:
        """Tell the player when saving starts failing (once, not after every move) and when
        it works again: the game goes on in memory and every move tries again."""
        error = self.session.save_error
        if error and error != self._save_error_shown:
            goes_on = ("Play goes on, unsaved." if self.session.save_blocked else
                       "Play goes on; every move tries again.")
            self.notify(f"{error}. {goes_on}", title="Not saved", severity="error", timeout=15)
        elif not error and self._save_error_shown:
            self.notify("The game is saved again.", title="Saved", timeout=6)
        self._save_error_shown = error
        if self.session.save_notice:
            self.notify(f"{self.session.save_notice}.", title="Saved", severity="warning", timeout=10,
                        markup=False)
            self.session.save_notice = None

    def log_events(self, events) -> None:
        """Add a move's events to the log (as `log_text` shows them)."""
        log = self.game_log()
        for event in events:
            text = self.log_text(str(event))
            if text:
                log.write(text)

    def on_game_log_rewrap(self, message: GameLog.Rewrap) -> None:
        message.stop()
        self._fill_log()

    def on_unmount(self) -> None:
        self._closing = True          # a bot still thinking drops its move
        self._token += 1
        self._wake.set()
        self.session.release()        # other Parlors may open the game now

    # ------------------------------------------------------------ turn flow
    def redraw_turn(self) -> None:
        """Redraw once the turn's state changed (`refresh_view` is each board's own;
        a board with a move list refills it too) and the keys with it."""
        self.refresh_view()
        self.refresh_bindings()

    def _needs_handoff(self, seat: int) -> bool:
        """Whether a hand-off screen hides the board before `seat`, a person, plays: the
        last person at the board was another, or a summary the whole table reads covered
        it (the winner of a game of a match starts the next with a new hand)."""
        return len(self.session.humans) >= 2 and (self.viewer != seat or self._covered)

    def next_turn(self) -> None:
        """Decide what happens now: results, a person's choice, or a bot."""
        if self._closing:
            return
        self.report_save()                # the first save, when the board opens, may have failed
        self._token += 1
        self._bot_move = None
        g = self.game
        if g.is_over:
            self.mode = "over"
            self.redraw_turn()
            self.show_results()
            return
        seat = g.to_act
        if self.session.is_human(seat):
            self._skip = False
            if self._needs_handoff(seat):
                from .dialogs import HandoffScreen

                self.mode = "wait"
                self.viewer = None
                self.redraw_turn()
                if self.app.screen is not self:
                    # the log or help is open over the board: the hand-off comes when it
                    # closes, so that nothing the last player opened waits behind it
                    self._handoff_waiting = True
                    return
                recent, since_turn = self.recap_lines(seat)
                self._turn_began[seat] = len(self.session.record.events)

                def ready(_) -> None:
                    self._person_turn(seat, handed_over=True)
                    self._begin_human(seat)

                later = (names.match_of(self.game) or {}).get("games")
                so_far = "The match so far:" if later else "The game so far:"   # (game 1's lines are in it)
                self.app.push_screen(HandoffScreen(COLOURS[seat], recent, since_turn, so_far), callback=ready)
                return
            if self.viewer != seat:           # a new turn (not the same person again after a 2)
                self._turn_began[seat] = len(self.session.record.events)
            self._person_turn(seat)
            self._begin_human(seat)
        else:
            self._begin_bot(seat)

    def _person_turn(self, seat: int, handed_over: bool = False) -> None:
        """A person's turn begins: after a hand-off, straight after another person's turn,
        after bots' turns, after a summary (a round's or a game's end) or when the same
        person plays again with a new card (`plays_again`), the board's keys wait a moment
        (KEY_GRACE), so that a key typed twice or held by the last person, or Enter pressed
        to hurry the bots or to close the summary, doesn't choose this person's move unseen."""
        if (handed_over or self._bots_moved or self._covered or self._last_person not in (None, seat)
                or self.plays_again()):
            self._turn_shown_at = time.monotonic()
            self._graced_turns += 1
        self._last_person = seat
        self._bots_moved = False
        self._covered = False

    def plays_again(self) -> bool:
        """Whether the person to act begins a turn of their own again, with a new card (a
        Sorry! 2): their keys wait a moment then too. Not a further step of the same turn."""
        return False

    def in_turn_grace(self) -> bool:
        """Whether a move key now would come too soon after the turn passed to this person."""
        return time.monotonic() - self._turn_shown_at < KEY_GRACE

    def refused_in_turn_grace(self) -> bool:
        """`in_turn_grace`, and if so a short note, once a turn, that the key was not taken:
        without it a key that does nothing reads as a key that doesn't work. A refused key
        starts the wait again, so a key held down (its repeats come faster) is never taken."""
        if not self.in_turn_grace():
            return False
        self._turn_shown_at = time.monotonic()
        if self._grace_noted != self._graced_turns:
            self._grace_noted = self._graced_turns
            self.notify(GRACE_NOTE, timeout=2)       # (short: it covers the panel at bottom right)
        return True

    def recap_lines(self, seat: int) -> tuple[list[str], bool]:
        """The public log lines the hand-off shows `seat`'s person: all since their last
        turn began (with its own move, then the others'), or since the game began when that
        turn is not known (their first turn, or the game was opened again). The second value
        says which; before the first move, who starts ("New game: Red starts"). The hand-off
        shows as many of the last ones as fit (`fit_recap`)."""
        texts = self.session.event_texts()
        began = self._turn_began.get(seat)
        return [t for t in map(self.recap_text, texts[began or 0:]) if t], began is not None

    def recap_text(self, text: str) -> str:
        """A log line as the hand-off's recap shows it ("" leaves it out): as the log does."""
        return self.log_text(text)

    def on_screen_resume(self) -> None:
        # the turn may have changed under another screen (the log, help): the footer's keys
        # are worked out again for the board as it is now
        self.refresh_bindings()
        if self._handoff_waiting:
            self._handoff_waiting = False
            self.call_after_refresh(self.next_turn)
        if self._held_move is not None:
            # a bot's move that waited behind the screen: on show for the bots' pace first
            # (one wait: a screen opened and closed again meanwhile starts it over)
            self._release_after(0.0 if self._skip else self.app.bot_delay)

    def _release_after(self, delay: float) -> None:
        """Play the held bot's move `delay` seconds from now (the wait before replaced)."""
        if self._release_timer is not None:
            self._release_timer.stop()
            self._release_timer = None
        if delay > 0:
            self._release_timer = self.set_timer(delay, self._release_held)
        else:       # (no timer: Textual's timer of 0 seconds divides by its interval)
            self.call_after_refresh(self._release_held)

    def _begin_bot(self, seat: int) -> None:
        self.mode = "bot"
        self._bots_moved = True
        self._wake.clear()
        self.redraw_turn()
        level = self.session.seats[seat].level
        self.think(self._token, self.game.clone(), level, self.session.bot_seed())

    @work(thread=True, exclusive=True, group="bot")
    def think(self, token: int, game, level: str, seed: int) -> None:
        """In a worker thread: choose the bot's move, show it for a moment, then play it."""
        from engine import bots

        move = bots.choose(game, level, seed)
        if token != self._token or self._closing:
            return
        try:
            delay = 0.0 if self._skip else self.app.bot_delay
            if delay > 0:           # show the move on the board for a moment first
                self.app.call_from_thread(self._show_bot_move, token, move)
                self._wake.wait(delay)
            if token != self._token or self._closing:
                return
            self.app.call_from_thread(self._deliver, token, move)
        except RuntimeError:        # the app is closing
            return

    def _holding(self) -> bool:
        """Whether a bot's move ready now waits: Quit? is open, the terminal is too small,
        or another screen (help) hides the board: no move is played that nobody
        can see. (The log's screen shows the moves as they come: the bots play on under it.)"""
        top = self.app.screen
        return self._asking or self.app.too_small or (top is not self and not getattr(top, "SHOWS_PLAY", False))

    def _deliver(self, token: int, move) -> None:
        """A bot's move, ready: played now, or once nothing holds it (`_holding`)."""
        if self._holding():
            self._held_move = (token, move)
            return
        self.apply_move(token, move)

    def _release_held(self) -> None:
        """Play the bot's move that waited, if nothing holds it any more."""
        if self._held_move is not None and not self._holding():
            held, self._held_move = self._held_move, None
            self.apply_move(*held)

    def on_resize(self) -> None:
        # (the boards' own handlers run too) back from the too-small message: the bots go on
        self.call_after_refresh(self._release_held)

    def _show_bot_move(self, token: int, move) -> None:
        if token != self._token:
            return
        self._bot_move = move
        self.redraw_turn()

    def action_skip(self) -> None:
        self._skip = True
        self._wake.set()
        if self._release_timer is not None and self._held_move is not None:
            self._release_after(0.0)    # a move held behind a screen, on show again: played now
        self.refresh_bindings()

    def action_log(self) -> None:
        from .log import LogScreen

        self.app.push_screen(LogScreen(self.session, self.log_text))

    def unsaved(self) -> str | None:
        """Why the game is not saved now (after trying once more), or None when it is."""
        if self.session.save_error:
            self.session.save()
            self.report_save()
        return self.session.save_error

    def action_title(self) -> None:
        error = self.unsaved()
        if error:
            self._ask_before_leaving("title", error)     # leaving would lose the moves not saved: ask first
            return
        self.app.go_title()

    def action_quit_game(self) -> None:
        self._ask_before_leaving()

    def _ask_before_leaving(self, goal: str | None = None, error: str | None = None) -> None:
        """Quit, the title, or keep playing; with a `goal` ("rematch", "new" or "title": asked
        while the last moves are not saved, `error` saying why) that too, once the player
        says so."""
        from .dialogs import LeaveScreen, QuitScreen

        if error is None:
            error = self.unsaved()
        # the dialog says how things stand; a toast would cover it (queued: after any toast
        # that trying to save just now sent)
        self.app.call_later(self.app.clear_notifications)
        self._asking = True

        def done(choice: str | None) -> None:
            self._asking = False
            if choice not in ("quit", "title", "go"):
                self._release_held()
            if choice == "quit":
                self.app.exit(message=saved_note(error, self.app.resume_command()))
            elif choice == "title":
                self.app.go_title()
            elif choice == "go":
                self._leave_for(goal)

        lasting = self.session.save_blocked
        if goal is None:
            screen = QuitScreen(error, lasting, over=self.game.is_over)
        else:
            screen = LeaveScreen(goal, error, lasting, over=self.game.is_over)
        self.app.push_screen(screen, callback=done)

    def action_results(self) -> None:
        if self.game.is_over and not self._results_open:      # (r twice: one results screen)
            self._results_shown = False
            self.show_results()

    def show_results(self) -> None:
        if self._results_shown:
            return
        self._results_shown = True
        self._results_open = True
        from .results import ResultsScreen

        self.push_over_board(ResultsScreen(self.session), self._after_results)

    def push_over_board(self, screen, callback) -> None:
        """Push `screen` (the results, the end of a round or of a game) once the board is
        drawn with the move that led to it: a screen under another is not repainted, so
        its log would stay a few lines short (at its first lines, opening a finished game)."""
        def closed(result) -> None:
            self._covered = True          # the next person's turn waits a moment (`_person_turn`)
            callback(result)

        def push() -> None:
            if not self._closing:
                drop_grace_note(self.app)        # (about a play that is over now)
                self.app.push_screen(screen, callback=closed)

        self.call_after_refresh(push)

    def _after_results(self, choice: str | None) -> None:
        self._results_open = False
        error = self.unsaved() if choice is not None else None
        if error:                                  # leaving would lose the last moves: it asks
            self._ask_before_leaving(choice if choice in ("rematch", "new", "title") else None, error)
        else:
            self._leave_for(choice)

    def _leave_for(self, choice: str | None) -> None:
        """Carry out what the results were asked for."""
        app = self.app
        if choice == "rematch":
            app.open_session(self.session.rematch(save_dir=app.save_dir, hold=True))
        elif choice == "new":
            from .setup import SetupScreen

            app.go_title()
            app.push_screen(SetupScreen(self.session.setup_spec()))      # this game's set-up
        elif choice == "quit":
            app.exit()
        elif choice == "title":
            app.go_title()
        # None: stay and look at the final board


KEY_GRACE = 0.5      # seconds after a hand-off or the results open during which their keys aren't taken
HANDOFF_QUIET = 1.5  # seconds without a key before the hand-off takes Enter (HandoffScreen)
GRACE_NOTE = "Not taken: keys wait half a second as your play begins. Press it again."


def drop_notes(app, match) -> None:
    """Take away the toasts for which `match(toast)` holds (the others stay)."""
    # (Textual 8 has no public way to drop one toast: its own private parts, guarded)
    for note in list(getattr(app, "_notifications", ())):
        if match(note) and hasattr(app, "_unnotify"):
            app._unnotify(note)


def drop_grace_note(app) -> None:
    """Take GRACE_NOTE's toast away (the other toasts, such as a failed save's, stay)."""
    drop_notes(app, lambda note: getattr(note, "message", None) == GRACE_NOTE)


class ParlorModal(ModalScreen[T]):
    """A dialog over a screen. The app's keys stop at a modal screen, so its own
    help (?, F1), ctrl+q and ctrl+c (how to quit) are bound here again."""

    HELP_TITLE = ""
    BINDINGS = [
        Binding("ctrl+q", "app.quit", "Quit", show=False, priority=True,
                tooltip="Quit at once (a game in play is already saved)"),
        Binding("ctrl+c,super+c", "copy_or_quit_help", show=False),
        Binding("question_mark,f1", "app.help", "Help", tooltip="This help"),
    ]

    @classmethod
    def _merge_bindings(cls):
        """Textual's merge of the classes' BINDINGS (a base class's first), with help moved
        after the dialog's own keys: the footer reads "y Yes  n/Esc No  ? Help", as on the
        other screens, not "? Help  y Yes …"."""
        merged = super()._merge_bindings()
        try:            # (Textual's own parts, guarded: as merged where they change)
            keys = dict(merged.key_to_bindings)
            last = {key: keys.pop(key) for key in ("question_mark", "f1") if key in keys}
            return type(merged).from_keys({**keys, **last})
        except (AttributeError, TypeError):
            return merged

    def action_copy_or_quit_help(self) -> None:
        """ctrl+c: copy the text selected (as on any screen), else say how to quit (as the app
        does under a screen; its keys don't reach past a dialog)."""
        selection = self.get_selected_text()
        if selection:
            self.app.copy_to_clipboard(selection)
        else:
            self.app.action_help_quit()

    @property
    def HELP_GAME(self) -> str | None:          # noqa: N802 (help reads it as it reads a class's)
        """Help over a board gives the rules of the game played there (dialogs, the log)."""
        board = board_in(self.app)
        return board.HELP_GAME if board is not None else None

    def on_mount(self) -> None:
        self._shown_at = time.monotonic()

    def in_grace(self) -> bool:
        """Whether the dialog opened a moment (KEY_GRACE) ago: a key typed for the screen under
        it (a second Enter after a move, r pressed twice) must not answer it. The hand-off
        would otherwise show the next person's hand to the one who just played. A key refused
        so starts the wait again: a key held down (its repeats come faster) never answers."""
        now = time.monotonic()
        if now - getattr(self, "_shown_at", 0.0) < KEY_GRACE:
            self._shown_at = now
            return True
        return False

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        yield TooSmall()

    def compose_body(self) -> ComposeResult:
        yield from ()


def quit_note(app) -> str | None:
    """What Parlor says as it quits at once (ctrl+q, a kill or a hang-up): about the game
    in play, if any, after one more try to save it."""
    board = board_in(app)
    return saved_note(board.unsaved(), app.resume_command()) if board is not None else None


def board_in(app) -> "GameScreen | None":
    """The game board on the app's screen stack (under any dialog over it), if any."""
    return next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)


def saved_note(error: str | None = None, resume: str = "parlor continue") -> str:
    """What Parlor says as it quits from a game (`error`: why its last moves are not saved)."""
    if error:
        return f"{error}. The moves since the last save are lost."
    return f"Your game is saved. Resume it with: {resume}"
