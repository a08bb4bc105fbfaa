"""Sorry! board geometry (S-2), as tables computed once at import.

Locations are small ints, the same for every colour:
  -1        START
  0 .. 59   outer track squares, clockwise; side k holds 15k .. 15k+14
  60 .. 64  the pawn's own SAFETY ZONE squares S1 .. S5
  65        HOME
A pawn is `colour * 4 + k` (k = 0..3 shows as "pawn k+1").
"""
from __future__ import annotations

START = -1
SAFE1 = 60
HOME = 65
NONE = -2          # "no such move" in the tables
TRACK = 60
SIDE = 15
COLOURS = ("Red", "Blue", "Yellow", "Green")   # S-1: seat i plays colour i

SHORT_SLIDE = (1, 4)   # S-2: triangle offset, last offset
LONG_SLIDE = (9, 13)
CIRCLE_OFFSET = 4      # S-2: START exit, last square of the own short slide
TURN_OFFSET = 2        # S-2: safety-zone turn


def circle(colour: int) -> int:
    return SIDE * colour + CIRCLE_OFFSET


def safety_turn(colour: int) -> int:
    return SIDE * colour + TURN_OFFSET


CIRCLE = tuple(circle(c) for c in range(4))
TURN = tuple(safety_turn(c) for c in range(4))


def _slides():
    """square -> (owner, squares of the slide from the triangle to its end)."""
    out = {}
    for owner in range(4):
        for first, last in (SHORT_SLIDE, LONG_SLIDE):
            squares = tuple(SIDE * owner + o for o in range(first, last + 1))
            out[squares[0]] = (owner, squares)
    return out


SLIDES = _slides()

# SLIDE[c][sq]: for a pawn of colour c that ends a move exactly on square sq,
# None or (end square, the other squares of the slide).  S-7.1, S-7.3.
SLIDE: tuple[tuple, ...] = tuple(
    tuple(
        (SLIDES[sq][1][-1], SLIDES[sq][1][1:]) if sq in SLIDES and SLIDES[sq][0] != c else None
        for sq in range(TRACK)
    )
    for c in range(4)
)


def forward(colour: int, loc: int, n: int) -> int:
    """Where `n` forward steps take a pawn of `colour` from `loc`, or NONE (S-2, S-5.5)."""
    if loc == START or loc == HOME:
        return NONE
    if loc >= SAFE1:
        k = loc - SAFE1 + 1 + n
    else:
        to_turn = (TURN[colour] - loc) % TRACK
        if n <= to_turn:
            return (loc + n) % TRACK
        k = n - to_turn
    if k <= 5:
        return SAFE1 + k - 1
    if k == 6:
        return HOME
    return NONE  # S-5.5: past HOME


def backward(colour: int, loc: int, n: int) -> int:
    """Where `n` backward steps take a pawn of `colour` from `loc`, or NONE (S-5.6)."""
    if loc == START or loc == HOME:
        return NONE
    if loc >= SAFE1:
        k = loc - SAFE1 + 1
        if n < k:
            return loc - n
        return (TURN[colour] - (n - k)) % TRACK   # S-5.6: out of the zone onto the track
    return (loc - n) % TRACK


# FWD[c][loc][n] and BWD[c][loc][n] for loc in 0..65, n in 0..12.
FWD = tuple(tuple(tuple(forward(c, loc, n) for n in range(13)) for loc in range(HOME + 1)) for c in range(4))
BWD = tuple(tuple(tuple(backward(c, loc, n) for n in range(13)) for loc in range(HOME + 1)) for c in range(4))


def steps_between(colour: int, frm: int, to: int) -> int:
    """How many squares forward take a pawn of `colour` from `frm` to `to` (a part of a split
    7, 1 to 6); 0 if none does."""
    row = FWD[colour][frm]
    return next((n for n in range(1, 8) if row[n] == to), 0)


def loc_name(loc: int) -> str:
    """The contract's location string: start, track:N, safe:K, home."""
    if loc == START:
        return "start"
    if loc == HOME:
        return "home"
    if loc >= SAFE1:
        return f"safe:{loc - SAFE1 + 1}"
    return f"track:{loc}"


LOC_NAMES = {loc: loc_name(loc) for loc in range(START, HOME + 1)}
NAME_LOCS = {name: loc for loc, name in LOC_NAMES.items()}


def loc_words(loc: int) -> str:
    """A location in plain words, for the log."""
    if loc == START:
        return "START"
    if loc == HOME:
        return "HOME"
    if loc >= SAFE1:
        return f"safety square {loc - SAFE1 + 1}"
    return f"square {loc}"


def pawn_words(pid: int) -> str:
    return f"{COLOURS[pid >> 2]}'s pawn {(pid & 3) + 1}"


LOC_WORDS = {loc: loc_words(loc) for loc in range(START, HOME + 1)}
PAWN_WORDS = tuple(pawn_words(pid) for pid in range(16))
