"""Building exact Sorry! positions and reading moves as text.

Board facts used throughout (S-2): Red's side is squares 0–14 (short slide
1→4, circle 4, safety turn 2, long slide 9→13); Blue 15–29 (16→19, circle
19, turn 17, 24→28); Yellow 30–44 (31→34, 34, 32, 39→43); Green 45–59
(46→49, 49, 47, 54→58).
"""
from __future__ import annotations

from engine.sorry import SorryGame


def game(*positions, card=None, to_act=0, **kw) -> SorryGame:
    """Seat i's pawns at positions[i] (missing pawns in START); at least two seats."""
    seats = [list(p) for p in positions] + [[] for _ in range(2 - len(positions))]
    return SorryGame.from_position(seats, card=card, to_act=to_act, **kw)


def moves(g) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def play(g, text: str):
    """Play the legal move whose description is `text`; returns the events."""
    for m in g.legal_moves():
        if str(m) == text:
            return g.play(m)
    raise AssertionError(f"{text!r} not among legal moves: {moves(g)}")


def where(g, seat: int) -> list[str]:
    return g.positions()[seat]
