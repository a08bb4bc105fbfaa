"""Pegs and Jokers board geometry (P-1, P-2), as small tables computed once.

Locations are ints, the same encoding for every player count:
  -1              START (off the track, beside the owner's come-out hole)
  0 .. 18*N-1     track holes, clockwise; side k holds 18k .. 18k+17
  1001 .. 1005    the owner's own HOME holes H1 .. H5 (HOME0 + k)
A peg is `owner * 5 + i` (i = 0..4 shows as "peg i+1"; P-1 numbers pegs 1-5).
"""
from __future__ import annotations

from functools import cache

from ..core import COLOURS

START = -1
OWN = -2              # movegen tables: "one of the mover's own pegs"
HOME0 = 1000          # HOME hole k (1..5) is HOME0 + k
PEGS = 5              # P-1: five pegs per player
HOME_HOLES = 5        # P-2: H1 .. H5
SIDE = 18             # P-2: 18 track holes per side
IN_SPOT_OFFSET = 3    # P-2: the hole in front of HOME
COME_OUT_OFFSET = 8   # P-2: the hole next to START
PLAYER_COUNTS = (4, 6, 8)   # P-1


def in_spot(seat: int) -> int:
    return SIDE * seat + IN_SPOT_OFFSET          # P-2


def come_out(seat: int) -> int:
    return SIDE * seat + COME_OUT_OFFSET         # P-2


class Geometry:
    """Everything about a board of `players` sides that never changes."""

    __slots__ = ("players", "length", "in_spot", "come_out", "teams", "helpers",
                 "names", "index", "colours", "wrap", "back", "bump_to", "labels",
                 "bump_parts")

    def __init__(self, players: int):
        self.players = players
        self.length = SIDE * players                                  # P-2
        self.in_spot = tuple(in_spot(k) for k in range(players))
        self.come_out = tuple(come_out(k) for k in range(players))
        self.colours = COLOURS[:players]
        # P-1: team A = even seats, team B = odd seats.
        self.teams = (tuple(range(0, players, 2)), tuple(range(1, players, 2)))
        # P-8.1: whose pegs a seat moves, in order of preference: its own,
        # then each team-mate clockwise (to the left).
        self.helpers = tuple(tuple((seat + 2 * j) % players for j in range(players // 2))
                             for seat in range(players))
        names = {START: "start"}
        names.update({t: f"track:{t}" for t in range(self.length)})
        names.update({HOME0 + k: f"home:{k}" for k in range(1, HOME_HOLES + 1)})
        self.names = names
        self.index = {name: loc for loc, name in names.items()}
        # Tables for the move generator (movegen.py), so that the hot loops
        # do no modular arithmetic and no owner/partner tests:
        # wrap[h + n]: the hole n steps clockwise from hole h (n <= 10 is
        # the longest forward move, P-3).
        self.wrap = tuple(t % self.length for t in range(self.length + 11))
        # back[h]: the hole 8 steps behind hole h (P-5.6).
        self.back = tuple((t - 8) % self.length for t in range(self.length))
        # bump_to[owner][peg]: where `peg` goes when a peg of `owner` lands
        # on it: START for an opponent (P-6.1), its owner's in-spot for a
        # partner (P-6.2), OWN (-2) for one of owner's own pegs (P-5.1).
        self.bump_to = tuple(
            tuple(OWN if peg // PEGS == owner else START if (peg // PEGS - owner) & 1
                  else self.in_spot[peg // PEGS] for peg in range(PEGS * players))
            for owner in range(players))
        # labels[peg]: (owner, peg number 1-5), as the move parts name a peg.
        self.labels = tuple((peg // PEGS, peg % PEGS + 1) for peg in range(PEGS * players))
        # bump_parts[owner][peg]: the `bump` of a move part (moves.py) when a
        # peg of `owner` lands on `peg`: (its owner, its number, where it
        # goes), None for one of owner's own pegs.
        self.bump_parts = tuple(
            tuple(None if to == OWN else (*self.labels[peg], names[to]) for peg, to in enumerate(row))
            for row in self.bump_to)


@cache
def geometry(players: int) -> Geometry:
    return Geometry(players)


def steps_forward(players: int, owner: int, frm: str, to: str) -> int:
    """How many holes forward a peg of `owner` moves from `frm` to `to` (location strings as
    `positions()` gives them; a 7's part, P-5.8): along the track, into HOME through the
    in-spot (P-5.4), or up HOME (P-5.5)."""
    geo = geometry(players)
    a, b = geo.index[frm], geo.index[to]
    if a == START or b == START:
        raise ValueError("a peg comes out of START or is bumped there: no steps to count")
    if a > HOME0:
        return b - a
    if b > HOME0:
        return (geo.in_spot[owner] - a) % geo.length + b - HOME0
    return (b - a) % geo.length


def goes_round(players: int, owner: int, frm: str, to: str, card: str) -> bool:
    """Whether a peg of `owner` that `card` moves along the track from `frm` to `to` passes
    its own in-spot (or moves on from it) instead of going into HOME, so that it goes round
    the board again (P-5.4); an 8 moves back (P-5.6) and a joker jumps (P-7.1): never."""
    if card in ("8", "JOKER") or not (frm.startswith("track:") and to.startswith("track:")):
        return False
    geo = geometry(players)
    a, b = geo.index[frm], geo.index[to]
    return (geo.in_spot[owner] - a) % geo.length < (b - a) % geo.length
