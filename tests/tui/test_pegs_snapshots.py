"""Snapshots of the Pegs and Jokers screen: 4 and 8 players mid-game, a split 7 with a bump,
a dead hand, playing for a partner, a split 7 whose explanation takes two rows, the results.

Two themes and ASCII; exact positions with the person to act, so no bot moves first.
Re-baseline with `pytest tests/tui/test_pegs_snapshots.py --snapshot-update`.
"""
from __future__ import annotations

import pytest

from .helpers import app_for, board_screen, human_turn
from .test_pegs import finishing_split_session, late_pegs, pegs_session

LOOKS = [("parlor-dark", False), ("parlor-light", False), ("parlor-dark", True)]

MID_4 = {0: ["track:10", "track:20", "home:1"], 1: ["track:24", "track:60"],
         2: ["track:39", "track:45", "home:2", "home:3"], 3: ["track:8"]}
MID_8 = {0: ["track:10", "home:1"], 1: ["track:24"], 2: ["track:40", "track:100"], 3: ["track:63"],
         4: ["track:80", "home:5"], 5: ["track:99"], 6: ["track:120"], 7: ["track:140", "track:5"]}


async def ready(pilot):
    await human_turn(pilot)
    await pilot.pause()


def show(card: str, want=lambda move: True):
    """Press → to `card`, then Tab to the first of its moves that `want`s."""
    async def run(pilot):
        await ready(pilot)
        screen = board_screen(pilot.app)
        for _ in range(6):
            if screen._selected_card() == card:
                break
            await pilot.press("right")
        for _ in range(len(screen._move_map)):
            if want(screen.current_preview().move):
                break
            await pilot.press("tab")
        await pilot.pause()
    return run


def split_with_bump(move) -> bool:
    return len(move.parts) == 2 and move.parts[1][4] is not None


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_pegs_four_players_split_seven(snap_compare, theme, ascii):
    session = pegs_session(4, ("human", "easy", "normal", "hard"), pegs=MID_4,
                           hands={0: ["7", "A", "8", "Q", "5", "JOKER"]}, seed=4)
    app = app_for(session, theme=theme, ascii=ascii)
    assert snap_compare(app, terminal_size=(80, 24), run_before=show("7", split_with_bump))


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_pegs_eight_players(snap_compare, theme, ascii):
    session = pegs_session(8, ("human",) + ("easy",) * 7, pegs=MID_8,
                           hands={0: ["JOKER", "2", "4", "8", "K", "9"]}, seed=4)
    app = app_for(session, theme=theme, ascii=ascii)
    assert snap_compare(app, terminal_size=(80, 24), run_before=show("JOKER"))


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_pegs_dead_hand(snap_compare, theme, ascii):
    session = pegs_session(6, ("human",) + ("easy",) * 5, hands={0: ["2", "3", "5", "7", "9", "10"]}, seed=3)
    assert snap_compare(app_for(session, theme=theme, ascii=ascii), terminal_size=(100, 30), run_before=ready)


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_pegs_playing_for_a_partner(snap_compare, theme, ascii):
    pegs = late_pegs(4)
    pegs[0] = [f"home:{k}" for k in range(1, 6)]
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs=pegs,
                           hands={0: ["2", "3", "4", "5", "9", "10"]}, seed=5)
    assert snap_compare(app_for(session, theme=theme, ascii=ascii), terminal_size=(80, 24), run_before=ready)


def test_pegs_long_explanation(snap_compare):
    # 8 players at 80 x 24: R5 goes HOME and the rest of the 7 moves Orange's peg; the whole
    # explanation shows under the panels
    app = app_for(finishing_split_session(8))
    assert snap_compare(app, terminal_size=(80, 24), run_before=show("7", lambda move: len(move.parts) == 2))


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_pegs_results(snap_compare, theme, ascii):
    pegs = late_pegs(4)
    pegs[0] = [f"home:{k}" for k in range(1, 6)]
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs=pegs,
                           hands={0: ["3", "4", "5", "6", "9", "10"]}, seed=5)

    async def finish(pilot):
        from tui.screens.results import ResultsScreen

        await ready(pilot)
        screen = board_screen(pilot.app)
        move = next(m for m in screen.game.legal_moves() if m.parts[0][3] == "home:1")
        screen.apply_move(screen._token, move)
        while not isinstance(pilot.app.screen, ResultsScreen):
            await pilot.pause(0.05)
        await pilot.pause()

    assert snap_compare(app_for(session, theme=theme, ascii=ascii), terminal_size=(80, 24), run_before=finish)
