"""The moves of Gnoming A Round: every decision a seat makes is one of these.

Moves are frozen dataclasses with a `seat`. Each distinct move exists once
(`FLIP[seat][cell]`, ...) so legal-move generation hands out shared objects
instead of building new ones; equality is by value, so a move taken from a
`determinize` copy or rebuilt by `parse_move` equals the real one.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import COLOURS
from .cards import card_name, parse_card
from .layout import ALL, CELL_NAME, CELLS, CELLS_OF, parse_cell

MAX_SEATS = 7


# Seats are called by colour, as in the other games: Red, Blue, ...
SEAT_NAME: tuple[str, ...] = COLOURS[:MAX_SEATS]
PILE_NAME = ("discard pile 1", "discard pile 2")


def seat_name(seat: int) -> str:
    return SEAT_NAME[seat]


def pile_name(pile: int) -> str:
    return PILE_NAME[pile]


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn one of your own face-down cards face up (G-3.3 opening flip, G-4.4 Hazard flip)."""

    seat: int
    cell: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} turns up {CELL_NAME[self.cell]}"

    def to_dict(self) -> dict:
        return {"type": "flip", "seat": self.seat, "cell": self.cell}


@dataclass(frozen=True, slots=True)
class Decline:
    """Turn up no card after another player's Hazard (G-4.4)."""

    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} turns up no card"

    def to_dict(self) -> dict:
        return {"type": "decline", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the draw pile (G-4.1)."""

    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} draws from the draw pile"

    def to_dict(self) -> dict:
        return {"type": "draw", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top card of discard pile `pile` (0 or 1) (G-4.1)."""

    seat: int
    pile: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} takes the top card of {pile_name(self.pile)}"

    def to_dict(self) -> dict:
        return {"type": "take", "seat": self.seat, "pile": self.pile}


@dataclass(frozen=True, slots=True)
class Place:
    """Put the card in hand into the layout at `cell`, replacing the card there (G-4.2)."""

    seat: int
    cell: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} places the card at {CELL_NAME[self.cell]}"

    def to_dict(self) -> dict:
        return {"type": "place", "seat": self.seat, "cell": self.cell}


@dataclass(frozen=True, slots=True)
class Bounce:
    """Move the replaced `card` to `cell`, replacing the card there (G-5.2)."""

    seat: int
    card: int
    cell: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} bounces the {card_name(self.card)} to {CELL_NAME[self.cell]}"

    def to_dict(self) -> dict:
        return {"type": "bounce", "seat": self.seat, "card": card_name(self.card), "cell": self.cell}


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the card in hand onto `pile` (0 or 1); `pile` is None for a
    Hazard, which leaves play (G-4.3, G-4.4). After a placement this also
    ends any bouncing (G-5.5)."""

    seat: int
    pile: int | None

    def __str__(self) -> str:
        if self.pile is None:
            return f"{seat_name(self.seat)} discards the Hazard out of play"
        return f"{seat_name(self.seat)} discards onto {pile_name(self.pile)}"

    def to_dict(self) -> dict:
        return {"type": "discard", "seat": self.seat, "pile": self.pile}


Move = Flip | Decline | Draw | Take | Place | Bounce | Discard

# -- the shared move objects ----------------------------------------------
SEATS = range(MAX_SEATS)
FLIP = tuple(tuple(Flip(s, c) for c in CELLS) for s in SEATS)
PLACE = tuple(tuple(Place(s, c) for c in CELLS) for s in SEATS)
DECLINE = tuple(Decline(s) for s in SEATS)
DRAW = tuple(Draw(s) for s in SEATS)
TAKE = tuple((Take(s, 0), Take(s, 1)) for s in SEATS)
DISCARD = tuple((Discard(s, 0), Discard(s, 1)) for s in SEATS)
DISCARD_HAZARD = tuple(Discard(s, None) for s in SEATS)
BOUNCE = tuple(tuple(tuple(Bounce(s, card, c) for c in CELLS) for card in range(11)) for s in SEATS)

# Moves per set of cells: FLIPS[seat][mask], PLACES[seat][mask] (cells in order).
FLIPS = tuple(tuple(tuple(FLIP[s][c] for c in CELLS_OF[m]) for m in range(ALL + 1)) for s in SEATS)
PLACES = tuple(tuple(tuple(PLACE[s][c] for c in CELLS_OF[m]) for m in range(ALL + 1)) for s in SEATS)
_bounces: dict[tuple[int, int, int], tuple[Bounce, ...]] = {}


def bounces(seat: int, card: int, mask: int) -> tuple[Bounce, ...]:
    """The Bounce moves of `card` to the cells of `mask`, in cell order."""
    key = (seat, card, mask)
    found = _bounces.get(key)
    if found is None:
        row = BOUNCE[seat][card]
        found = _bounces[key] = tuple(row[c] for c in CELLS_OF[mask])
    return found


def _seat(d: dict, players: int) -> int:
    seat = d.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"not a seat of this game: {seat!r}")
    return seat


def _pile(value) -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise ValueError(f"not a discard pile (0 or 1): {value!r}")
    return value


def parse_move(d: dict, players: int) -> Move:
    """Rebuild a move from `Move.to_dict()`; ValueError if it is not one."""
    if not isinstance(d, dict):
        raise ValueError(f"not a saved move: {d!r}")
    kind = d.get("type")
    seat = _seat(d, players)
    if kind == "flip":
        return FLIP[seat][parse_cell(d.get("cell"))]
    if kind == "decline":
        return DECLINE[seat]
    if kind == "draw":
        return DRAW[seat]
    if kind == "take":
        return TAKE[seat][_pile(d.get("pile"))]
    if kind == "place":
        return PLACE[seat][parse_cell(d.get("cell"))]
    if kind == "discard":
        pile = d.get("pile")
        return DISCARD_HAZARD[seat] if pile is None else DISCARD[seat][_pile(pile)]
    if kind == "bounce":
        card = parse_card(d.get("card"))
        if not 1 <= card <= 10:
            raise ValueError(f"only a positive card can bounce, not {d.get('card')!r}")
        return BOUNCE[seat][card][parse_cell(d.get("cell"))]
    raise ValueError(f"unknown Gnoming A Round move type: {kind!r}")
