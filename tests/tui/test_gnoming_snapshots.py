"""Snapshots of the Gnoming A Round screen: mid-round, a bounce choice, the round-end scoring.

Two themes and ASCII; fixed seeds, bots (easy) play every seat up to the position.
Re-baseline with `pytest tests/tui/test_gnoming_snapshots.py --snapshot-update`.
"""
from __future__ import annotations

import pytest

from engine.gnoming.moves import Bounce

from .helpers import app_for
from .test_gnoming import gnoming_screen, gnoming_session, settle

LOOKS = [("parlor-dark", False), ("parlor-light", False), ("parlor-dark", True)]
KINDS = ("human", "easy", "easy", "easy")


def _mid_round(g) -> bool:
    return g.to_act == 0 and g.phase == "play" and g.hand_from == "draw" and g.turns >= 12


def _bounce(g) -> bool:
    return g.to_act == 0 and g.phase == "replaced" and any(isinstance(m, Bounce) for m in g.legal_moves())


async def ready(pilot):
    await settle(pilot)


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_gnoming_mid_round(snap_compare, theme, ascii):
    session = gnoming_session(KINDS, seed=3, until_state=_mid_round)
    app = app_for(session, theme=theme, ascii=ascii)
    assert snap_compare(app, terminal_size=(100, 30), run_before=ready)


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_gnoming_bounce_choice(snap_compare, theme, ascii):
    session = gnoming_session(KINDS, seed=9, until_state=_bounce)
    app = app_for(session, theme=theme, ascii=ascii)
    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)


@pytest.mark.parametrize("theme,ascii", LOOKS)
def test_gnoming_round_end(snap_compare, theme, ascii):
    session = gnoming_session(KINDS + ("easy", "easy", "easy"), seed=2, until_state=lambda g: g.round == 2)

    async def show(pilot):
        from tui.screens.gnoming import RoundEndScreen

        await settle(pilot)
        pilot.app.push_screen(RoundEndScreen(gnoming_screen(pilot.app).session))
        await pilot.pause()

    app = app_for(session, theme=theme, ascii=ascii)
    assert snap_compare(app, terminal_size=(100, 30), run_before=show)


def test_gnoming_no_color_seven_players(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    session = gnoming_session(KINDS + ("easy", "easy", "easy"), seed=4, until_state=_mid_round)
    assert snap_compare(app_for(session), terminal_size=(80, 24), run_before=ready)
