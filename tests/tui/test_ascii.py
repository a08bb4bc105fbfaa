"""--ascii: every screen and dialog is drawn with ASCII characters only, the board under a dialog too;
and the footer of a board fits 80 columns (Unicode or ASCII key names)."""
from __future__ import annotations

import pytest

from tui.screens.dialogs import ConfirmScreen, HandoffScreen, LeaveScreen, QuitScreen
from tui.screens.help import HelpScreen
from tui.screens.log import LogScreen
from tui.screens.results import ResultsScreen

from .helpers import (app_for, board_screen, footer_fits, footer_settles, human_turn, one_from_home, run_async,
                      screen_text, until)
from .test_gnoming import gnoming_screen, gnoming_session, settle
from .test_pegs import late_session


def non_ascii(app) -> list[str]:
    return sorted({c for c in screen_text(app) if not c.isascii()})


def sessions():
    return {"sorry points": one_from_home(250),
            "pegs 8": late_session(8),
            "gnoming": gnoming_session(("human", "easy", "easy"), seed=6, until_state=lambda g: g.round == 2)}


@pytest.mark.parametrize("name", ["sorry points", "pegs 8", "gnoming"])
@run_async
async def test_a_board_and_every_dialog_over_it(name):
    session = sessions()[name]
    app = app_for(session, ascii=True)
    async with app.run_test(size=(100, 32)) as pilot:
        if name == "gnoming":
            assert await settle(pilot) == "human"
            board = gnoming_screen(app)
        else:
            await human_turn(pilot)
            board = board_screen(app)
        assert app.screen is board
        assert non_ascii(app) == [], "the board"
        dialogs = [HelpScreen(board), LogScreen(session, board.log_text), ResultsScreen(session),
                   HandoffScreen("Yellow"), QuitScreen(), ConfirmScreen("Delete it?"),
                   LeaveScreen("rematch", "Could not save the game: disk full")]
        if name == "gnoming":
            from tui.screens.gnoming import RoundEndScreen

            dialogs.append(RoundEndScreen(session))
        if name == "sorry points":
            from tui.screens.sorry import GameEndScreen

            dialogs.append(GameEndScreen(session, "Red wins game 1"))
        for dialog in dialogs:
            app.push_screen(dialog)
            await pilot.pause()
            assert non_ascii(app) == [], type(dialog).__name__
            app.pop_screen()
            await pilot.pause()


@run_async
async def test_switching_to_ascii_during_a_game_redraws_the_whole_board_and_its_log():
    # the log's lines were written in the old glyphs (a Pegs move: "R1 START→Red 9")
    from engine import bots
    from tui.session import GameSpec, Session

    from .helpers import seats

    session = Session.new(GameSpec(game="pegs", players=4, seats=seats("human", "easy", "easy", "easy"), seed=2),
                          autosave=False)
    while len(session.record.moves) < 12 or session.game.to_act != 0:
        session.play(bots.choose(session.game, "easy", session.bot_seed()))
    session.autosave = True
    session.save()
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        log = board_screen(app).game_log()

        def log_text() -> str:
            lines = screen_text(app).splitlines()[log.region.y:log.region.bottom]
            return "\n".join(line[log.region.x:log.region.right] for line in lines)

        assert "→" in log_text(), log_text()
        app.set_glyphs("ascii")                         # as Settings does
        await until(pilot, lambda: non_ascii(app) == [], timeout=5, what="ASCII everywhere")
        assert "->" in log_text(), log_text()
        app.set_glyphs("unicode")
        await until(pilot, lambda: "→" in log_text(), timeout=5, what="the log in Unicode again")


@run_async
async def test_the_title_and_its_screens(home):
    one_from_home(250)                       # a game to continue, and one to list
    app = app_for(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert non_ascii(app) == [], "title"
        for key, what in (("n", "setup"), ("s", "settings"), ("l", "load"), ("r", "rules")):
            await pilot.press(key)
            await pilot.pause()
            assert non_ascii(app) == [], what
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.parametrize("severity", ["information", "warning", "error"])
@run_async
async def test_a_toast_is_framed_in_ascii(home, severity):
    # with --ascii a toast has no ▊ edge: a frame marks it off from the panel it covers, which
    # its ground alone doesn't where colour is off (NO_COLOR)
    app = app_for(ascii=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("Keys are taken again in a moment.", title="Wait", severity=severity, timeout=30)
        await until(pilot, lambda: "Keys are taken again" in screen_text(app), what="the toast")
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "Keys are taken again" in line)
        left = lines[at].index("Keys are taken again") - 2
        assert lines[at][left] == "|" and lines[at - 1][left] == "|" and "Wait" in lines[at - 1]
        assert lines[at - 2][left:left + 10] == "+---------", lines[at - 2:at + 2]
        assert lines[at + 1][left:left + 10] == "+---------", lines[at - 2:at + 2]
        assert non_ascii(app) == []


@run_async
async def test_ctrl_c_says_how_to_quit_in_helps_words(home):
    # Textual's own toast read "Press ctrl+q to quit the app"
    app = app_for(ascii=True)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await until(pilot, lambda: "Ctrl+Q to quit Parlor" in " ".join(screen_text(app).split()),
                    what="the toast")
        assert app.is_running and "ctrl+q" not in screen_text(app)


@pytest.mark.parametrize("name", ["sorry points", "pegs 8"])
@pytest.mark.parametrize("ascii", [False, True])
@run_async
async def test_the_footer_of_a_turn_board_fits_80_columns(name, ascii):
    session = sessions()[name]
    app = app_for(session, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await footer_settles(pilot, shows=("Play", "Log", "Help"))
        keys = footer_fits(app)
        assert {"enter", "g", "question_mark"} <= set(keys), keys


def test_the_ascii_move_marks_are_not_drawn_by_the_board_itself():
    # a mark on a square must not read as part of the board: a slide's arrows, line and end
    from themes import glyphs

    g = glyphs(ascii=True)
    board = {g[name] for name in ("slide-left", "slide-right", "slide-up", "slide-down", "slide-h", "slide-v",
                                  "slide-end", "square", "in-spot", "come-out")}
    marks = [g[name] for name in ("from", "target", "slide-to", "bumped")]
    assert len(set(marks)) == len(marks) and not board & set(marks)


@run_async
async def test_the_command_palette_in_ascii():
    """ctrl+p in --ascii: Textual's palette drew a 🔎, a '…' and half-block rules."""
    from textual.command import CommandPalette

    app = app_for(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert not non_ascii(app), non_ascii(app)
        assert "> Search for commands..." in " ".join(screen_text(app).split())
        await pilot.press("escape")
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:       # (without --ascii: Textual's own)
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert "Search for commands…" in screen_text(app)
