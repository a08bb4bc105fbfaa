"""How the Sorry! board is drawn and how moves read: pure functions, no Textual.

Nothing here decides what is legal: moves come from `legal_moves()`, and a
move's effect (slides, bumps) is previewed by playing it on a copy of the
game. This module only places things on a 16 x 16 grid of cells and words
them for people.

Grid: the 60-square track is the border of the grid, clockwise. Red's side
(squares 0-14) runs right to left along the bottom, Blue's up the left,
Yellow's left to right along the top and Green's down the right, so the
person playing Red (seat 0) sits at the bottom. Each colour's safety zone,
HOME and START are inside, next to its side.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.sorry.board import (CIRCLE_OFFSET, LONG_SLIDE, NAME_LOCS, SHORT_SLIDE, SIDE, TURN_OFFSET,
                                steps_between)
from engine.sorry.why import decline_reason, discard_reason

from .text import sentence

GRID = 16
INITIALS = ("R", "B", "Y", "G")
COLOUR_NAMES = ("Red", "Blue", "Yellow", "Green")
CARD_HELP = {
    "1": "start a pawn, or move one pawn 1 forward",
    "2": "start a pawn, or move one pawn 2 forward; then draw again",
    "3": "move one pawn 3 forward",
    "4": "move one pawn 4 backward",
    "5": "move one pawn 5 forward",
    "7": "move one pawn 7 forward, or split 7 between two pawns",
    "8": "move one pawn 8 forward",
    "10": "move one pawn 10 forward, or 1 backward",
    "11": "move one pawn 11 forward, or switch places with an opponent",
    "12": "move one pawn 12 forward",
    "SORRY": "take a pawn from START onto an opponent's square, bumping it",
}
# What differs in the variants: a 2 plays again from the hand (S-13.3); partners may move,
# switch with and bump each other's pawns (S-12.1): every card says "team pawn" (yours or
# your partner's), in no more rows of the panel than the standard words take
VARIANT_HELP = {
    "points": {"2": "start a pawn, or move one pawn 2 forward; then play again"},
    "teams": {
        "1": "start a team pawn, or move one 1 forward",
        "2": "start a team pawn, or move one 2 forward; then draw again",
        **{card: f"move one team pawn {card} {way}" for card, way in
           (("3", "forward"), ("4", "backward"), ("5", "forward"), ("8", "forward"), ("12", "forward"))},
        "7": "move one team pawn 7 forward, or split 7 between two team pawns",
        "10": "move one team pawn 10 forward, or 1 backward",
        "11": "move one team pawn 11 forward, or switch places with another pawn",
        "SORRY": "take a team pawn from START onto another pawn's square, bumping it"},
}


# S-13.6, said where a points game's scores are shown (between games and in the results)
POINTS_RULE = ("Each player scores 5 per own pawn HOME; the winner adds 5 per opponent pawn not HOME "
               "and a bonus of 100, 50 or 25 when no opponent has more than 0, 1 or 2 pawns HOME.")


def card_help(card: str | None, variant: str = "standard") -> str:
    """What a card does, in the words of the variant being played."""
    return VARIANT_HELP.get(variant, {}).get(card) or CARD_HELP.get(card, "")


def card_name(card: str | None) -> str:
    if card is None:
        return ""
    return "SORRY!" if card == "SORRY" else card


# ---------------------------------------------------------------- geometry
def _rotate(cell: tuple[int, int], side: int) -> tuple[int, int]:
    """Red's (bottom) geometry turned to side `side` (1 left, 2 top, 3 right)."""
    r, c = cell
    last = GRID - 1
    if side == 0:
        return r, c
    if side == 1:
        return c, last - r
    if side == 2:
        return last - r, last - c
    return last - c, r


def _rotate_box(box: tuple[int, int, int, int], side: int) -> tuple[int, int, int, int]:
    r0, c0, r1, c1 = box
    a, b = _rotate((r0, c0), side), _rotate((r1, c1), side)
    return min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])


# Red's side: square o (offset 0..14) at the bottom row, right to left.
_RED_TRACK = tuple((GRID - 1, GRID - 1 - o) for o in range(SIDE))
TRACK_CELLS: tuple[tuple[int, int], ...] = tuple(
    _rotate(_RED_TRACK[sq % SIDE], sq // SIDE) for sq in range(4 * SIDE))

# Red's safety zone leaves the track at the turn square and runs up the board.
_TURN_COL = GRID - 1 - TURN_OFFSET
_RED_SAFE = tuple((GRID - 1 - k, _TURN_COL) for k in range(1, 6))
SAFE_CELLS = tuple(tuple(_rotate(cell, colour) for cell in _RED_SAFE) for colour in range(4))
# HOME: above S5, four cells wide around the lane; START: above the circle.
_RED_HOME = (GRID - 8, _TURN_COL - 2, GRID - 7, _TURN_COL + 1)
_CIRCLE_COL = GRID - 1 - CIRCLE_OFFSET
_RED_START = (GRID - 3, _CIRCLE_COL - 3, GRID - 2, _CIRCLE_COL)
HOME_BOX = tuple(_rotate_box(_RED_HOME, colour) for colour in range(4))
START_BOX = tuple(_rotate_box(_RED_START, colour) for colour in range(4))
CENTER_BOX = (5, 5, 10, 10)

# Direction of travel along each side (for slide triangles).
SIDE_DIRECTION = ("left", "up", "right", "down")


def _square_kinds():
    """square -> (kind, owner): kind one of plain, triangle, slide, end."""
    out = {}
    for sq in range(4 * SIDE):
        side, off = divmod(sq, SIDE)
        kind = "plain"
        for first, last in (SHORT_SLIDE, LONG_SLIDE):
            if off == first:
                kind = "triangle"
            elif first < off < last:
                kind = "slide"
            elif off == last:
                kind = "end"
        out[sq] = (kind, side)
    return out


SQUARE_KINDS = _square_kinds()


# ---------------------------------------------------------------- locations
def parse_loc(name: str, colour: int) -> tuple:
    """A contract location string as a board place: ("track", n), ("safe", colour, k), ..."""
    if name.startswith("track:"):
        return ("track", int(name[6:]))
    if name.startswith("safe:"):
        return ("safe", colour, int(name[5:]))
    if name == "home":
        return ("home", colour)
    return ("start", colour)


def loc_short(name: str) -> str:
    """'track:44' -> '44', 'safe:3' -> 'S3', 'start' -> 'START', 'home' -> 'HOME'."""
    if name.startswith("track:"):
        return name[6:]
    if name.startswith("safe:"):
        return "S" + name[5:]
    return name.upper()


def loc_words(name: str) -> str:
    if name.startswith("track:"):
        return f"square {name[6:]}"
    if name.startswith("safe:"):
        return f"safety square {name[5:]}"
    return name.upper()


def pawn_label(pawn: int) -> str:
    return f"{INITIALS[pawn >> 2]}{(pawn & 3) + 1}"


_PAWN_WORDS = re.compile(r"\b(Red|Blue|Yellow|Green)'s pawn ([1-4])\b")
_SAFE_WORDS = re.compile(r"\bsafety square ([1-5])\b")


def plain(text: str) -> str:
    """The engine's event text in the board's words: pawns by their labels
    ("Red's pawn 2" -> "R2"), safety squares as the board writes them ("S3")."""
    text = _PAWN_WORDS.sub(lambda m: f"{INITIALS[COLOUR_NAMES.index(m.group(1))]}{m.group(2)}", text)
    return _SAFE_WORDS.sub(r"S\1", text)


# ---------------------------------------------------------------- moves
@dataclass
class Preview:
    """What a move does, for the move list and the board highlight."""

    move: object
    lines: list[str]                                   # the move list entry
    detail: str                                        # effects in words
    marks: list[tuple[tuple, str]] = field(default_factory=list)   # (place, role)
    # role: "from1", "to1", "end1", "from2", ... or "bumped"
    after: str = ""                                    # a pass: what comes of it, as a sentence
    bumps_team: bool = False                           # it sends a pawn of the mover's team to START


NO_PAWN_MOVES = ("pass", "decline", "discard")      # the moves that move no pawn


def parts_of(move) -> list[tuple[int, str, str]]:
    return [(int(p), f, t) for p, f, t in move.to_dict()["parts"]]


def preview(game, move, glyphs) -> Preview:
    """Describe `move` of `game` and find its effects by playing it on a copy."""
    kind = move.kind
    arrow = glyphs.arrow
    parts = parts_of(move)
    before = game.positions()
    copy = game.clone()
    events = copy.play(move)
    kinds = {e.kind for e in events}
    redealt = "game_over" in kinds or "deal" in kinds
    after = None if redealt else copy.positions()
    card = card_name(move.card)
    marks: list[tuple[tuple, str]] = []
    bumps_team = False
    effects: list[str] = []
    lines: list[str]

    def final_of(pawn: int) -> str | None:
        if after is None:
            return None
        return after[pawn >> 2][pawn & 3]

    if kind in NO_PAWN_MOVES:
        if kind == "discard":
            lines = [f"Discard the {card}"]
            detail = discard_reason(game)
        elif kind == "decline":
            lines = ["Don't switch (pass)"]
            detail = decline_reason(game)
        else:
            lines = ["Pass (no move)"]
            # the engine says what follows: a 2 draws again even without a move (S-3)
            again = not redealt and copy.to_act == move.seat
            after = "Draw again (the 2)." if again else "The turn is lost."
            detail = f"No pawn can move with the {card}: {after[0].lower()}{after[1:]}"
            return Preview(move, lines, detail, marks, after)
        return Preview(move, lines, detail, marks)

    # who sent whom back to START, as the engine tells it ("… was bumped back to START by …",
    # "… slid to … and sent … back to START"): each bump goes on the line of the pawn that made it
    by = _bumpers(events)
    moving = {p for p, _, _ in parts}
    sent_back = {p for p in moving if final_of(p) == "start"}      # a split's part swept by the other's slide

    def bumps_by(pawn: int) -> str:
        return "".join(f" {glyphs.bumped}{pawn_label(v)}" for v, b in by.items() if b == pawn)

    if kind == "switch":
        (a, la, _), (b, lb, _) = parts
        line = f"{pawn_label(a)} {loc_short(la)} {glyphs.swap} {pawn_label(b)} {loc_short(lb)}"
        # each pawn lands (◆, with its label) on the other's square, and a slide goes on (▸)
        # (a pawn the other's slide sends back: its square marked as bumped, not landed on)
        marks += [(parse_loc(lb, b >> 2), "bumped" if final_of(a) == "start" else "to1"),
                  (parse_loc(la, a >> 2), "bumped" if final_of(b) == "start" else "to2")]
        for i, (pawn, land) in enumerate(((a, lb), (b, la)), 1):
            fin = final_of(pawn)
            if fin is not None and fin != land:
                effects.append(f"{pawn_label(pawn)} " + ("slides to " + loc_words(fin) if fin != "start"
                                                         else "is sent back to START"))
                if fin != "start":
                    marks.append((parse_loc(fin, pawn >> 2), f"end{i}"))
                    # the line says where the slide ends and whom it sends back
                    line += f", {pawn_label(pawn)} {glyphs.slide_to}{loc_short(fin)}{bumps_by(pawn)}"
        lines = [line]
    else:
        lines = []
        for i, (pawn, frm, to) in enumerate(parts, 1):
            label = pawn_label(pawn)
            fin = final_of(pawn)
            slides = fin is not None and fin not in (to, "start")
            text = f"{label} {loc_short(frm)} {arrow} {loc_short(to)}"
            if kind == "backward":
                text = f"{label} back {loc_short(frm)} {arrow} {loc_short(to)}"
            elif kind == "start":
                text = f"{label} out of START {arrow} {loc_short(to)}"
            elif kind == "sorry":
                text = f"SORRY! {label} START {arrow} {loc_short(to)}"
            if kind == "split":
                steps = _split_steps(game, pawn, frm, to)
                text = f"{'' if i == 1 else '+ '}{text} ({steps})"
            # the line says where a slide ends (as the board marks it), so a pawn bumped
            # on the slide is not read as standing where the move lands
            if slides:
                text += f" {glyphs.slide_to}{loc_short(fin)}"
            lines.append(text + bumps_by(pawn))
            marks.append((parse_loc(frm, pawn >> 2), f"from{i}"))
            # a part the other part's slide sends back: its square marked as bumped, not landed on
            marks.append((parse_loc(to, pawn >> 2), "bumped" if pawn in sent_back else f"to{i}"))
            if pawn in sent_back:
                effects.append(f"{label} is sent back to START")
            elif slides:
                effects.append(f"{label} slides to {loc_words(fin)}")
                marks.append((parse_loc(fin, pawn >> 2), f"end{i}"))
            if to == "home":
                effects.append(f"{label} reaches HOME")
        if kind == "split":
            lines[0] = "7 split: " + lines[0]
    if after is not None:
        bumped = [p for s, locs in enumerate(before) for k, loc in enumerate(locs)
                  if (p := s * 4 + k) not in moving and loc != "start" and after[s][k] == "start"]
        for p in bumped:
            marks.append((parse_loc(before[p >> 2][p & 3], p >> 2), "bumped"))
            if p not in by:         # (the engine said nothing of it: on the last line, not lost)
                lines[-1] += f" {glyphs.bumped}{pawn_label(p)}"
        if bumped:
            side = next((team for team in game.view(None)["teams"] or () if move.seat in team), ())
            partner = [p for p in bumped if p >> 2 != move.seat and p >> 2 in side]
            effects.append("bumps " + ", ".join(pawn_label(p) + (" (your partner's)" if p in partner else "")
                                                for p in bumped) + " back to START")
            bumps_team = any(p >> 2 == move.seat or p in partner for p in bumped)
    if "win" in kinds or "game_over" in kinds:
        effects.append("wins the game!")
    detail = "; ".join(effects)
    detail = sentence(detail)
    return Preview(move, lines, detail, marks, bumps_team=bumps_team)


def _bumpers(events) -> dict[int, int]:
    """{pawn sent back to START: the pawn that sent it}, from a move's events."""
    out = {}
    for event in events:
        if event.kind not in ("bump", "slide"):
            continue
        named = [COLOUR_NAMES.index(c) * 4 + int(n) - 1 for c, n in _PAWN_WORDS.findall(str(event))]
        if event.kind == "bump" and len(named) == 2:       # "X was bumped back to START by Y"
            out[named[0]] = named[1]
        elif event.kind == "slide":                        # "Y slid to … and sent X, Z back to START"
            out.update((victim, named[0]) for victim in named[1:])
    return out


def in_list_order(game, moves: list) -> list:
    """The moves as the list shows them: the engine's order, but a 7's splits in a steady
    one, by the first part's pawn and count (1+6, 2+5 … whatever slides or bumps)."""
    def key(move):
        if move.kind != "split":
            return (0, 0, 0)
        pawn, frm, to = parts_of(move)[0]
        return (1, pawn, _split_steps(game, pawn, frm, to))

    return sorted(moves, key=key)      # stable: the other moves keep the engine's order


def _split_steps(game, pawn: int, frm: str, to: str) -> int:
    """How many squares one part of a split moves (the engine's own count)."""
    return steps_between(pawn >> 2, NAME_LOCS[frm], NAME_LOCS[to])

