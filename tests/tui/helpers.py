"""Helpers for driving the app: build it at a position, wait for the game to settle, press keys."""
from __future__ import annotations

import asyncio
import functools
import time

from engine.saves import Seat
from engine.sorry import SorryGame
from textual import events

from tui.app import Start, make_app
from tui.session import GameSpec, Session
from tui.settings import Settings

FIXED_TIME = "2026-01-02T03:04:05+00:00"


def run_async(test):
    """Run an async test function with asyncio (the suite has no async pytest plugin)."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper


def seats(*kinds: str) -> tuple[Seat, ...]:
    """seats("human", "normal", "easy") -> Seat objects."""
    return tuple(Seat("human") if k == "human" else Seat("bot", k) for k in kinds)


def session_at(positions, *, kinds=("human", "normal"), card=None, to_act=0, variant="standard",
               hands=None, discard=None, seed=0, target=None, save_dir=None) -> Session:
    """A saved session starting at an exact Sorry! position (SorryGame.from_position)."""
    game = SorryGame.from_position([list(p) for p in positions], variant=variant, card=card,
                                   to_act=to_act, hands=hands, discard=discard, seed=seed, target=target)
    spec = GameSpec(game="sorry", players=game.players, seats=seats(*kinds), variant=variant, seed=seed)
    session = Session.new(spec, game=game, save_dir=save_dir)
    session.record.created = session.record.updated = FIXED_TIME
    return session


def app_for(session=None, *, spec=None, kind=None, bot_delay=0.0, theme="parlor-dark", ascii=False,
            save_dir=None):
    """The app (through make_app, as the CLI builds it) starting at a session, a spec or the title."""
    if session is not None:
        start = Start("session", session=session)
    elif spec is not None:
        start = Start("new", spec=spec)
    else:
        start = Start(kind or "title")
    settings = Settings.load()
    return make_app(start=start, bot_delay=bot_delay, theme=theme, ascii=ascii, settings=settings,
                    save_dir=save_dir, animate=False)


def board_screen(app):
    from tui.screens.turns import TurnScreen

    for screen in reversed(app.screen_stack):
        if isinstance(screen, TurnScreen):
            return screen
    return None


async def until(pilot, condition, timeout: float = 20.0, what: str = "condition") -> None:
    """Let the app run until `condition()` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)
    await pilot.pause()


async def human_turn(pilot, timeout: float = 20.0) -> None:
    """Wait until a person is to choose a move (or the game is over)."""
    from tui.screens.results import ResultsScreen

    app = pilot.app

    def ready() -> bool:
        screen = board_screen(app)
        if screen is None:
            return False
        if isinstance(app.screen, ResultsScreen):
            return True
        return app.screen is screen and screen.awaiting

    await until(pilot, ready, timeout, "a human turn")


CHARS = {"enter": "\r", "tab": "\t", "space": " ", "escape": "\x1b", "question_mark": "?"}


async def send(pilot, key: str) -> None:
    """A key press without the pilot's wait-for-idle (which waits out every bot move)."""
    pilot.app.post_message(events.Key(key, CHARS.get(key, key if len(key) == 1 else None)))
    await asyncio.sleep(0.001)


async def select_card(pilot, screen, card: str, key: str = "right") -> None:
    """Go through the hand (`key`: right or left) until `card` is the one chosen."""
    while screen._selected_card() != card:
        await send(pilot, key)
        await pilot.pause()


def one_from_home(target: int, blue: str = "normal"):
    """A points game of Red (a person) and Blue (a `blue` bot, or a person): Red's 1,
    the highlighted move, takes its last pawn HOME."""
    return session_at([["home", "home", "home", "safe:5"], ["home", "track:3"]],
                      kinds=("human", blue), variant="points", target=target, seed=3,
                      hands=[["1", "2", "3", "4", "5"], ["7", "8", "10", "11", "12"]])


def screen_text(app) -> str:
    """The whole screen as plain text (the screens under a dialog included), as a screenshot shows it."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def footer_fits(app) -> list[str]:
    """The keys the footer shows, after checking that none runs past the line or under the
    command-palette key docked at its right."""
    from textual.widgets._footer import FooterKey

    shown = list(app.screen.query(FooterKey))
    palette = [k for k in shown if k.has_class("-command-palette")]
    keys = [k for k in shown if k not in palette]
    end = palette[0].region.x if palette else app.screen.size.width
    assert keys and all(k.region.right <= end for k in keys), [(k.key, k.region) for k in shown]
    return [k.key for k in keys]


def footer_is_current(app) -> bool:
    """Whether the footer shows the keys that the screen's bindings give now (one per action,
    with its key, its words, enabled or not), each laid out, as `footer_fits` checks."""
    from textual.widgets._footer import FooterKey

    want = {}
    for active in app.screen.active_bindings.values():
        b = active.binding
        if b.show:
            want.setdefault(b.action, (b.action, app.get_key_display(b), b.description, active.enabled))
    keys = [k for k in app.screen.query(FooterKey) if not k.has_class("-command-palette")]
    if [(k.action, k.key_display, k.description, not k.disabled) for k in keys] != list(want.values()):
        return False
    if not all(k.region.width for k in keys):     # (new keys have no place on screen until laid out)
        return False
    try:
        footer_fits(app)
    except AssertionError:                     # laid out only part of the way
        return False
    return True


async def footer_settles(pilot, shows: tuple[str, ...] = (), hides: tuple[str, ...] = ()) -> str:
    """Wait until the footer shows the keys of the screen as it is now (`footer_is_current`),
    with every text of `shows` and none of `hides` on its line; return the line. The footer
    redraws its keys a refresh or more after the screen's bindings change, so a test that
    looks at once can see the keys from before."""
    app = pilot.app
    line = ""

    def settled() -> bool:
        nonlocal line
        if not footer_is_current(app):
            return False
        line = screen_text(app).splitlines()[-1]
        return all(text in line for text in shows) and not any(text in line for text in hides)

    await until(pilot, settled, what=f"the footer to show {shows} and not {hides}")
    return line


async def palette_hit(pilot, text: str) -> None:
    """Wait until the command palette's first hit says `text` (its search runs in a worker:
    Enter pressed before the hits are listed chooses nothing)."""
    from textual.command import CommandList

    def first() -> str:
        hits = pilot.app.screen.query(CommandList)
        return str(hits.first().get_option_at_index(0).prompt) if hits and hits.first().option_count else ""

    await until(pilot, lambda: text in first(), what=f"the palette's hit {text!r}")


async def scrolled(pilot, widget, y) -> None:
    """Wait until `widget` is scrolled to row `y` (a number, or a function giving it: say, the
    widget's `max_scroll_y`). A scroll key moves the view at the next refresh, not at once."""
    where = y if callable(y) else (lambda: y)
    await until(pilot, lambda: widget.scroll_offset.y == where(), what=f"a scroll to row {where()}")


def bot_played(game: str = "sorry", players: int = 4, *, variant: str = "standard", seed: int = 3,
               target: int | None = None, done=lambda session: session.game.is_over) -> Session:
    """A saved game, a person in the first seat and normal bots in the others, played by
    normal bots for every seat until `done(session)`."""
    from engine import bots

    spec = GameSpec(game=game, players=players, variant=variant, seed=seed, target=target,
                    seats=seats("human", *["normal"] * (players - 1)))
    session = Session.new(spec, autosave=False)
    while not done(session):
        session.play(bots.choose(session.game, "normal", session.bot_seed()))
    session.autosave = True
    session.save()
    return session
