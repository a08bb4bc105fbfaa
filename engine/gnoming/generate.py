"""Legal-move generation: the single source of truth for what a seat may do.

Each function reads the rule it implements; `generate(g)` lists the moves
of `g.to_act` in a fixed order (flips/places/bounces by cell, then draws or
discards by pile).
"""
from __future__ import annotations

from .cards import HAZARD, MULLIGAN
from .layout import ALL
from .moves import (DECLINE, DISCARD, DISCARD_HAZARD, DRAW, FLIPS, PLACES, TAKE,
                    bounces)

# Phases (also shown in views).
OPENING = "flip"          # G-3.3 opening flips
DRAWING = "draw"          # G-4.1 choose where to draw from
PLAYING = "play"          # G-4.2/G-4.3 holding the drawn card: place or discard it
REPLACED = "replaced"     # G-5 holding the replaced card: bounce it or discard it
HAZARD_FLIPS = "hazard"   # G-4.4 the others' optional flips after a Hazard
OVER = "over"             # after round three (G-8)

# Where the card in hand came from.
FROM_DRAW = "draw"
FROM_DISCARD = "discard"
FROM_LAYOUT = "layout"


def face_up_mulligans(cards: list[int], up: int, base: int) -> int:
    """The mask of face-up Mulligans in the layout at `cards[base:base+9]`."""
    mask = 0
    for c in range(9):
        if up >> c & 1 and cards[base + c] == MULLIGAN:
            mask |= 1 << c
    return mask


def face_up_equal(g, seat: int, card: int) -> int:
    """The mask of `seat`'s face-up cells holding `card`."""
    cards = g.cards
    up = g.up[seat]
    base = seat * 9
    mask = 0
    for c in range(9):
        if up >> c & 1 and cards[base + c] == card:
            mask |= 1 << c
    return mask


def place_mask(g, seat: int, card: int) -> int:
    """G-4.2: the cells where `seat` may place `card` (any cell) - except
    that G-4.6 forbids a placement leaving two Mulligans face up."""
    if card != MULLIGAN:
        return ALL
    ups = face_up_mulligans(g.cards, g.up[seat], seat * 9)
    if not ups:
        return ALL
    if ups & (ups - 1):      # two or more already face up (from flips)
        return 0
    return ups               # only swapping the one face-up Mulligan keeps it at one


def last_turn(g) -> bool:
    """Whether the turn being played is the round's last: a player went out before it, and
    it is the last of the others' one more turn each (G-6.1)."""
    return g.went_out is not None and g.final_left == 1


def discard_piles(g, card: int) -> tuple[int, ...] | None:
    """The piles `card` may be discarded onto; None for a Hazard (out of play).

    G-4.5: if one pile is empty the discard must go there (unless it is a
    Hazard); if both are empty either will do. In the round's last turn the
    pile makes no difference (the round ends with this discard): the left one
    (one choice, so a replaced card goes there without asking).
    """
    if card == HAZARD:
        return None                                   # G-4.4
    empty0 = not g.piles[0]
    empty1 = not g.piles[1]
    if empty0 and not empty1:
        return (0,)
    if empty1 and not empty0:
        return (1,)
    return (0,) if last_turn(g) else (0, 1)


def discard_moves(g, seat: int, card: int) -> list:
    piles = discard_piles(g, card)
    if piles is None:
        return [DISCARD_HAZARD[seat]]
    row = DISCARD[seat]
    return [row[p] for p in piles]


def can_bounce(g, seat: int, card: int) -> bool:
    """G-5.1/G-5.2/G-5.3: the replaced card may bounce when the chain began
    with a face-down card and it is a positive card equal to a face-up
    positive card of the layout (the card that just replaced it included;
    a Mulligan never matches)."""
    if not g.chain or not 0 < card < HAZARD:
        return False
    cards = g.cards
    up = g.up[seat]
    base = seat * 9
    for c in range(9):
        if up >> c & 1 and cards[base + c] == card:
            return True
    return False


def bounce_targets(g, seat: int, card: int) -> int:
    """G-5.4: a bounce may go to any cell not filled during this turn."""
    if not can_bounce(g, seat, card):
        return 0
    return ALL & ~g.filled


def can_take(g, seat: int, pile: int) -> bool:
    """G-4.1/G-4.3: a discard pile's top card may be taken when there is one
    and it can then be placed (it may not be discarded unplayed)."""
    cards = g.piles[pile]
    return bool(cards) and place_mask(g, seat, cards[-1]) != 0


def generate(g) -> list:
    seat = g.to_act
    phase = g.phase
    if phase == DRAWING:
        moves = [DRAW[seat]]
        if can_take(g, seat, 0):
            moves.append(TAKE[seat][0])
        if can_take(g, seat, 1):
            moves.append(TAKE[seat][1])
        return moves
    if phase == PLAYING:
        card = g.hand
        mask = place_mask(g, seat, card)
        same = face_up_equal(g, seat, card)
        if same & (same - 1):
            # Swapping the card for one of several equal face-up cards ends the
            # same way whichever is chosen: list only the first (one choice, once).
            mask &= ~(same & (same - 1))
        moves = list(PLACES[seat][mask])
        if g.hand_from == FROM_DRAW:                   # G-4.3
            moves += discard_moves(g, seat, card)
        return moves
    if phase == REPLACED:
        card = g.hand
        targets = bounce_targets(g, seat, card)
        moves = list(bounces(seat, card, targets)) if targets else []
        moves += discard_moves(g, seat, card)          # G-5.5: stop here
        return moves
    if phase == OPENING:
        return list(FLIPS[seat][ALL ^ g.up[seat]])   # G-3.3
    if phase == HAZARD_FLIPS:
        moves = list(FLIPS[seat][ALL ^ g.up[seat]])  # G-4.4
        moves.append(DECLINE[seat])
        return moves
    return []

