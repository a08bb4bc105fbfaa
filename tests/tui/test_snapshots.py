"""Snapshot tests: every screen, fixed seeds, no clock, no cursor blink, two themes and ASCII.

Re-baseline with `pytest tests/tui/test_snapshots.py --snapshot-update` and look
at snapshot_report.html (or the SVGs under __snapshots__) before accepting.
"""
from __future__ import annotations

import os

import pytest

from engine import bots, saves
from tui.session import GameSpec, Session

from .helpers import FIXED_TIME, app_for, one_from_home, seats, session_at

TIMESTAMP = 1767323045          # 2026-01-02 03:04:05 UTC


def still(pilot):
    """Before the screenshot: no blinking cursor anywhere."""
    from textual.widgets import Input

    for screen in pilot.app.screen_stack:
        for widget in screen.query(Input):
            widget.cursor_blink = False


async def settle(pilot):
    """Wait for the opening (hand-off, first bot moves at pace 0) to finish."""
    from .helpers import human_turn

    await human_turn(pilot)
    still(pilot)


def midgame(variant="standard", players=4, kinds=("human", "normal", "normal", "hard"), seed=7,
            moves=40) -> Session:
    """A game some way in: bots play every seat for `moves` moves, then on until a person is to act."""
    spec = GameSpec(players=players, seats=seats(*kinds[:players]), variant=variant, seed=seed)
    session = Session.new(spec, autosave=False)
    g = session.game
    while not g.is_over and (len(session.record.moves) < moves or not session.is_human(g.to_act)):
        session.play(bots.choose(g, "normal", session.bot_seed()))
    session.record.created = FIXED_TIME
    session.record.id = f"sorry-test-{variant}-{seed}"
    session.record.path = saves.saves_dir() / f"{session.record.id}.json"
    session.autosave = True
    saves.write(session.record, now=FIXED_TIME)
    return session


THEMES = ["parlor-dark", "parlor-light"]


# ---------------------------------------------------------------- title, set-up, settings
@pytest.mark.parametrize("theme", THEMES)
def test_title(snap_compare, theme):
    assert snap_compare(app_for(theme=theme), terminal_size=(80, 24), run_before=still)


def test_title_ascii_high_contrast(snap_compare):
    assert snap_compare(app_for(theme="parlor-high-contrast", ascii=True), terminal_size=(80, 24),
                        run_before=still)


def test_title_with_a_game_to_continue(snap_compare):
    midgame(moves=10)
    assert snap_compare(app_for(theme="parlor-okabe-ito"), terminal_size=(100, 30), run_before=still)


@pytest.mark.parametrize("theme", THEMES)
def test_setup(snap_compare, theme):
    assert snap_compare(app_for(theme=theme), press=["n", "down", "down", "right", "right"],
                        terminal_size=(80, 24), run_before=still)


def test_setup_ascii_points(snap_compare):
    assert snap_compare(app_for(ascii=True), press=["n", "down", "down", "left", "down", "down", "left"],
                        terminal_size=(80, 24), run_before=still)


def test_settings(snap_compare):
    assert snap_compare(app_for(), press=["s"], terminal_size=(80, 24), run_before=still)


def test_rules(snap_compare):
    assert snap_compare(app_for(theme="parlor-light"), press=["r"], terminal_size=(80, 24),
                        run_before=still)


# ---------------------------------------------------------------- boards
@pytest.mark.parametrize("theme", THEMES)
def test_board_standard(snap_compare, theme):
    app = app_for(midgame(), theme=theme)
    assert snap_compare(app, press=["tab"], terminal_size=(80, 24), run_before=settle)


def test_board_standard_ascii(snap_compare):
    app = app_for(midgame(), ascii=True)
    assert snap_compare(app, press=["tab"], terminal_size=(80, 24), run_before=settle)


def test_board_standard_large_okabe_ito(snap_compare):
    app = app_for(midgame(), theme="parlor-okabe-ito")
    assert snap_compare(app, terminal_size=(120, 40), run_before=settle)


def test_board_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for(midgame(), theme="parlor-dark")
    assert snap_compare(app, press=["tab"], terminal_size=(100, 30), run_before=settle)


# (theme, ASCII glyphs): two themes, and ASCII mode
LOOKS = [("parlor-dark", False), ("parlor-light", False), ("parlor-dark", True)]


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_board_teams(snap_compare, theme, ascii):
    session = midgame(variant="teams", kinds=("human", "normal", "normal", "normal"), seed=3)
    assert snap_compare(app_for(session, theme=theme, ascii=ascii), terminal_size=(80, 24),
                        run_before=settle)


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_board_points(snap_compare, theme, ascii):
    session = midgame(variant="points", kinds=("human", "normal", "normal"), players=3, seed=5)
    assert snap_compare(app_for(session, theme=theme, ascii=ascii), press=["right"],
                        terminal_size=(80, 24), run_before=settle)


SPLIT = [["track:20", "track:30", "safe:2"], ["track:50", "track:25"], ["track:35"], ["start"]]


def _split_chosen():
    async def run_before(pilot):
        from .helpers import board_screen, human_turn

        await human_turn(pilot)
        screen = board_screen(pilot.app)
        for _ in range(40):
            if screen.current_preview().move.kind == "split":
                break
            await pilot.press("tab")
        still(pilot)
    return run_before


@pytest.mark.parametrize("theme,ascii", [("parlor-dark", False), ("parlor-light", True)])
def test_board_split_seven(snap_compare, theme, ascii):
    session = session_at(SPLIT, kinds=("human", "normal", "normal", "normal"), card="7", seed=9)
    app = app_for(session, theme=theme, ascii=ascii)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_split_chosen())


def test_hand_off(snap_compare, monkeypatch):
    monkeypatch.setattr("tui.screens.base.HANDOFF_QUIET", 1e6)    # as it opens: Enter waits, and says so
    hands = [["1", "4", "7", "10", "12"], ["2", "3", "5", "8", "11"]]
    session = session_at([["track:4"], ["track:19"]], kinds=("human", "human"), variant="points",
                         hands=hands, seed=4)
    assert snap_compare(app_for(session), terminal_size=(80, 24), run_before=still)


# ---------------------------------------------------------------- dialogs
@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_help(snap_compare, theme, ascii):
    app = app_for(midgame(moves=6), theme=theme, ascii=ascii)
    assert snap_compare(app, press=["question_mark"], terminal_size=(80, 24), run_before=settle)


def test_quit_dialog(snap_compare):
    app = app_for(midgame(moves=6))
    assert snap_compare(app, press=["q"], terminal_size=(80, 24), run_before=settle)


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_results(snap_compare, theme, ascii):
    session = session_at([["home", "home", "home", "safe:5"], ["home", "track:3"], ["track:40"]],
                         kinds=("human", "normal", "easy"), card="1", seed=3)

    async def win(pilot):
        from .helpers import human_turn, until
        from tui.screens.results import ResultsScreen

        await human_turn(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen), what="results")

    assert snap_compare(app_for(session, theme=theme, ascii=ascii), terminal_size=(80, 24),
                        run_before=win)


def test_results_over_a_finished_game_opened_again(snap_compare):
    # the board under the results shows the end of the log, as it will when they are closed
    session = midgame(kinds=("human", "normal", "normal", "normal"), seed=21, moves=10 ** 6)
    assert session.game.is_over

    async def opened(pilot):
        from .helpers import until
        from tui.screens.results import ResultsScreen

        await until(pilot, lambda: isinstance(pilot.app.screen, ResultsScreen), what="results")
        await pilot.pause()

    assert snap_compare(app_for(session), terminal_size=(100, 30), run_before=opened)


@pytest.mark.parametrize("target", [0, 250])
def test_points_match_end_of_a_game(snap_compare, target):
    # Target 0: the match is over, the results. Target 250: it goes on, the game's points and
    # the sheet so far before game 2.
    session = one_from_home(target)

    async def win(pilot):
        from .helpers import human_turn, until
        from tui.screens.results import ResultsScreen
        from tui.screens.sorry import GameEndScreen

        await human_turn(pilot)
        await pilot.press("enter")
        shown = GameEndScreen if target else ResultsScreen
        await until(pilot, lambda: isinstance(pilot.app.screen, shown), what="the game's end")

    assert snap_compare(app_for(session), terminal_size=(80, 24), run_before=win)


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_too_small(snap_compare, theme, ascii):
    app = app_for(midgame(moves=6), theme=theme, ascii=ascii)
    assert snap_compare(app, terminal_size=(60, 20), run_before=still)


# ---------------------------------------------------------------- saves
def _saves_with_damage(home):
    midgame(moves=12, seed=7)
    done = midgame(moves=12, seed=8)
    folder = home / "saves"
    (folder / "garbage.json").write_text("{this is not json", encoding="utf-8")
    good = done.path.read_text(encoding="utf-8")
    (folder / "truncated.json").write_text(good[: len(good) // 2], encoding="utf-8")
    (folder / "future.json").write_text(good.replace('"version":1,', '"version":9,', 1), encoding="utf-8")
    for name in ("garbage.json", "truncated.json", "future.json"):
        os.utime(folder / name, (TIMESTAMP, TIMESTAMP))


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_load_lists_damaged_files(snap_compare, theme, ascii, home):
    _saves_with_damage(home)
    assert snap_compare(app_for(theme=theme, ascii=ascii), press=["l"], terminal_size=(100, 30),
                        run_before=still)
