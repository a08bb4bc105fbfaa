"""Random keys never crash Parlor or lose a game.

A seeded stream of keys (every key the screens bind, and some they don't),
with the terminal resized now and then, is sent to the app from a game of
each kind: it wanders through boards, dialogs, the log, help, the title,
set-up, load and settings, starting and finishing games on the way. After
it the app must still run, have written no crash report, and every save it
wrote must load. 150 keys per game here; 2,000 under PARLOR_LONG=1.
"""
from __future__ import annotations

import random

import pytest

from engine import saves
from tui.session import GameSpec

from ..util import soak
from .helpers import app_for, run_async, seats, send

# Every key a screen binds (bar the ones that end Parlor: q's Quit? dialog would be
# answered by the next Enter, ctrl+q at once, ctrl+p's palette by a typed command),
# plus keys bound nowhere; a turn's keys come often, so that games are played on,
# the ones that leave the board (help, the log, the title) now and then.
KEYS = (("enter",) * 8 + ("up", "down", "left", "right", "space", "d", "x", "n", "1", "2") * 3
        + ("tab", "shift+tab", "h", "j", "k", "l", "escape") * 2
        + ("escape", "g", "r", "c", "s", "t", "question_mark", "f1", "delete", "pageup", "pagedown",
           "home", "end", "backspace", "7", "z", "A", "minus"))
SIZES = ((80, 24), (100, 30), (120, 40), (60, 18))      # the last one is too small

GAMES = {
    "sorry": dict(game="sorry", players=4, kinds=("human", "easy", "human", "normal")),
    "sorry-teams": dict(game="sorry", players=4, variant="teams", kinds=("human", "easy", "easy", "easy")),
    "sorry-points": dict(game="sorry", players=3, variant="points", kinds=("human", "human", "easy")),
    "pegs": dict(game="pegs", players=6, kinds=("human", "easy", "human", "easy", "easy", "easy")),
    "gnoming": dict(game="gnoming", players=3, kinds=("human", "human", "easy")),
}


@pytest.mark.parametrize("name", list(GAMES))
@run_async
async def test_random_keys_never_crash_or_lose_a_game(name, home):
    kw = dict(GAMES[name])
    kinds = kw.pop("kinds")
    spec = GameSpec(seats=seats(*kinds), seed=len(name), **kw)
    rng = random.Random(name)
    left = soak(150, 2000)
    # the bots' moves are on show for a moment (as in play), so keys land on those previews
    # too, and on the end of a game or round that one of them brings
    app = app_for(spec=spec, bot_delay=0.01)
    while left:
        # the keys may end Parlor the way a person can (the title menu's Quit): then it
        # is started again, as `parlor` would be, and the keys go on
        async with app.run_test(size=(80, 24)) as pilot:
            while left and app.is_running:
                left -= 1
                if rng.random() < 0.02:
                    await pilot.resize_terminal(*rng.choice(SIZES))
                await send(pilot, rng.choice(KEYS))       # a quick typist: no wait for the screen
                if left % 5 == 0:
                    await pilot.pause()
            if app.is_running:
                await pilot.pause()
        assert app.return_code in (0, None), app.return_code
        assert not list((home / "logs").glob("crash-*")), "a crash report was written"
        app = app_for(bot_delay=0.01)
    listed = saves.list_saves(home / "saves")
    assert listed, "the game was saved"
    for entry in listed:
        assert not entry.damaged, (entry.path, entry.problem)
        saves.load(entry.path)
