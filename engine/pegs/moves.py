"""Pegs and Jokers moves: plain frozen values that round-trip through JSON.

A `Play` plays one card and moves one peg (two for a split 7, P-5.8). Its
`parts` is a tuple of parts, one per moving peg, each a plain tuple

    (owner, peg, frm, to, bump)

`owner`'s peg number `peg` (1-5, P-1) moves from location `frm` to `to`;
`bump` is None or `(owner, peg, to)`: the peg it landed on and where that
peg went ("start" for an opponent, P-6.1; its owner's in-spot for a
partner, P-6.2). Locations are the strings of `positions()`: "start" |
"track:N" | "home:K". A `Discard` throws a card away without moving (P-4.5).

Parts are plain tuples rather than objects because listing moves is the
engine's hot path and tuples are built, compared and hashed in C.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ..core import COLOURS, Event, IllegalMove
from .cards import CODES

# Indexes into a part tuple.
OWNER, PEG, FRM, TO, BUMP = range(5)


def describe_part(part: tuple, seat: int) -> str:
    """"peg 2 track:40→track:44 (bumps Red peg 3)"; another player's pegs
    (P-8.1) are named with their colour."""
    owner, peg, frm, to, bump = part
    who = "" if owner == seat else f"{COLOURS[owner]} "
    text = f"{who}peg {peg} {frm}→{to}"
    if bump is None:
        return text
    b_owner, b_peg, b_to = bump
    where = "" if b_to == "start" else f" to {b_to}"
    return f"{text} (bumps {COLOURS[b_owner]} peg {b_peg}{where})"


@dataclass(frozen=True, slots=True)
class Play:
    """`seat` plays `card` ("A" … "K", "JOKER") and moves as `parts` say.

    `_event` is a private memo of the "play" event (moves are shared between
    positions, see movegen.py); it takes no part in equality, hashing, repr
    or to_dict(). `new_play` leaves it unset (`__getattr__` then reads None):
    every attribute set costs, and most listed moves are never played.
    """

    kind: ClassVar[str] = "play"        # as in to_dict(), and as Sorry!'s moves have it

    seat: int
    card: str
    parts: tuple
    _event: Event | None = field(default=None, init=False, compare=False, repr=False)

    def __getattr__(self, name: str):
        # only called for an unset slot: `_event` of a `new_play` Play
        if name == "_event":
            return None
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __str__(self) -> str:
        return f"{COLOURS[self.seat]} {self.card}: {self.detail()}"

    def detail(self) -> str:
        """The parts in words: "peg 2 track:40→track:44, peg 3 track:50→home:1"."""
        seat = self.seat
        return ", ".join([describe_part(p, seat) for p in self.parts])

    def event(self) -> Event:
        """The "play" event: "Red plays 7: peg 2 track:40→track:44, …"."""
        return self._event or self.new_event()

    def new_event(self) -> Event:
        """Build (and memoise) the "play" event."""
        seat, parts = self.seat, self.parts
        if len(parts) == 1:
            owner, peg, frm, to, bump = parts[0]
            if bump is None and owner == seat:                 # the usual case, in one go
                text = f"{COLOURS[seat]} plays {self.card}: peg {peg} {frm}→{to}"
            else:
                text = f"{COLOURS[seat]} plays {self.card}: {describe_part(parts[0], seat)}"
        else:
            text = f"{COLOURS[seat]} plays {self.card}: {self.detail()}"
        # tuple.__new__: Event's generated __new__ is a slower Python function
        e = _tuple_new(Event, ("play", text, seat))
        _set_event(self, e)
        return e

    def to_dict(self) -> dict:
        parts = []
        for owner, peg, frm, to, bump in self.parts:
            d = {"owner": owner, "peg": peg, "from": frm, "to": to}
            if bump is not None:
                d["bump"] = {"owner": bump[0], "peg": bump[1], "to": bump[2]}
            parts.append(d)
        return {"kind": "play", "seat": self.seat, "card": self.card, "parts": parts}


_new = object.__new__
_tuple_new = tuple.__new__
_set_seat, _set_card, _set_parts = Play.seat.__set__, Play.card.__set__, Play.parts.__set__
_set_event = Play._event.__set__


def new_play(seat: int, card: str, parts: tuple) -> Play:
    """`Play(seat, card, parts)`, built without the frozen-dataclass
    `__init__` (several times faster; the move generator builds thousands)."""
    play = _new(Play)
    _set_seat(play, seat)
    _set_card(play, card)
    _set_parts(play, parts)
    return play


@dataclass(frozen=True, slots=True)
class Discard:
    """`seat` discards `card` without moving and draws one (P-4.5)."""

    kind: ClassVar[str] = "discard"

    seat: int
    card: str

    def __str__(self) -> str:
        return f"{COLOURS[self.seat]} discards {self.card} (no move)"

    def to_dict(self) -> dict:
        return {"kind": "discard", "seat": self.seat, "card": self.card}


def _int(d: dict, key: str) -> int:
    v = d[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"{key} must be an int")
    return v


def _str(d: dict, key: str) -> str:
    v = d[key]
    if not isinstance(v, str):
        raise TypeError(f"{key} must be a string")
    return v


def move_from_dict(d) -> Play | Discard:
    """Rebuild a move from `to_dict()` output; IllegalMove if malformed."""
    try:
        kind = d["kind"]
        seat = _int(d, "seat")
        card = _str(d, "card")
        if card not in CODES:
            raise ValueError(f"unknown card {card!r}")
        if kind == "discard":
            return Discard(seat, card)
        if kind != "play":
            raise ValueError(f"unknown move kind {kind!r}")
        parts = []
        for p in d["parts"]:
            bump = None
            b = p.get("bump")
            if b is not None:
                bump = (_int(b, "owner"), _int(b, "peg"), _str(b, "to"))
            parts.append((_int(p, "owner"), _int(p, "peg"), _str(p, "from"), _str(p, "to"), bump))
        return Play(seat, card, tuple(parts))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise IllegalMove(f"not a Pegs and Jokers move: {exc}") from None
