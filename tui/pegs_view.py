"""How the Pegs and Jokers board is drawn and how its moves read: pure
functions, no Textual.

Nothing here decides what is legal: moves come from `legal_moves()`, and a
move's effect (bumps, a finished player starting to play for a partner, the
win) is found by playing it on a copy of the game. This module only names
places and words moves for people.

The board is drawn as one lane per side (P-2): each player's 18 holes in a
row, left to right, in the player's colour, with START before and HOME after
them; play runs along a lane and on into the next one (clockwise), from the
last lane back to the first. A hole is named by its side and its number
along the side, 1 to 18: "Blue 4". The in-spot (hole 4 of each side, in
front of HOME) and the come-out hole (hole 9, next to START) are marked.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine import COLOURS
from engine.pegs.board import COME_OUT_OFFSET, HOME_HOLES, IN_SPOT_OFFSET, PEGS, SIDE, goes_round, steps_forward
from engine.pegs.why import discard_reason

from .text import sentence

# Peg labels: initial + number. Purple and Pink both start with P: Pink is K.
INITIALS = ("R", "B", "Y", "G", "O", "P", "K", "C")
TEAM_LETTERS = ("A", "B")
IN_SPOT_HOLE = IN_SPOT_OFFSET + 1           # numbered from 1 for people
COME_OUT_HOLE = COME_OUT_OFFSET + 1

CARD_HELP = {
    "A": "bring a peg out of START, or move a peg 1 forward",
    "K": "bring a peg out of START, or move a peg 10 forward",
    "Q": "bring a peg out of START, or move a peg 10 forward",
    "J": "bring a peg out of START, or move a peg 10 forward",
    "7": "move a peg 7 forward, or split 7 between two pegs",
    "8": "move a peg 8 holes backward",
    "JOKER": "move a peg (one in START too) onto another player's peg, bumping it",
    **{str(n): f"move a peg {n} forward" for n in (2, 3, 4, 5, 6, 9, 10)},
}


def card_name(card: str | None) -> str:
    if card is None:
        return ""
    return "Joker" if card == "JOKER" else card


def peg_label(owner: int, peg: int) -> str:
    """'R1' … 'C5': `peg` numbered 1-5 as in positions() (index i is peg i+1)."""
    return f"{INITIALS[owner]}{peg}"


def team_of(view: dict, seat: int) -> int:
    """0 for team A, 1 for team B: the index of `seat`'s team in the view's `teams` (P-1)."""
    return next(i for i, team in enumerate(view["teams"]) if seat in team)


def hole_name(n: int) -> str:
    """Track hole n (0 … 18N-1) in words: 'Blue 4'."""
    side, offset = divmod(n, SIDE)
    return f"{COLOURS[side]} {offset + 1}"


def parse_loc(name: str, owner: int) -> tuple:
    """A location string of `owner`'s peg as a board place:
    ("track", n) | ("start", owner) | ("home", owner, k)."""
    if name.startswith("track:"):
        return ("track", int(name[6:]))
    if name.startswith("home:"):
        return ("home", owner, int(name[5:]))
    return ("start", owner)


def loc_short(name: str) -> str:
    """'track:22' -> 'Blue 5', 'home:2' -> 'HOME 2', 'start' -> 'START'."""
    if name.startswith("track:"):
        return hole_name(int(name[6:]))
    if name.startswith("home:"):
        return f"HOME {name[5:]}"
    return "START"


_TRACK = re.compile(r"track:(\d+)")
_HOME = re.compile(r"home:(\d)")
_START = re.compile(r"\bstart(?=→)")              # only ever a move's origin in event texts


_COLOUR = "|".join(COLOURS)
_OWNED_PEG = re.compile(rf"\b({_COLOUR})(?:'s)? peg (\d)")     # "Red's peg 1", "Blue peg 2"
_PEG = re.compile(r"\bpeg (\d)")                                # the player's own: "Red plays 5: peg 1"
_PLAYER = re.compile(rf"^({_COLOUR}) ")


def plain(text: str) -> str:
    """The engine's event text in the board's words: pegs by their labels
    ("R1"), locations by side and hole ("Blue 4")."""
    text = _OWNED_PEG.sub(lambda m: peg_label(COLOURS.index(m.group(1)), int(m.group(2))), text)
    player = _PLAYER.match(text)
    if player:
        owner = COLOURS.index(player.group(1))
        text = _PEG.sub(lambda m: peg_label(owner, int(m.group(1))), text)
    text = _TRACK.sub(lambda m: hole_name(int(m.group(1))), text)
    text = _HOME.sub(lambda m: f"HOME {m.group(1)}", text)
    return _START.sub("START", text).replace("JOKER", "Joker")


# ---------------------------------------------------------------- moves
@dataclass
class Preview:
    """What a move does, for the move list and the board highlight."""

    move: object
    lines: list[str]                                   # the move list entry
    detail: str                                        # effects in words
    marks: list[tuple[tuple, str, str | None]] = field(default_factory=list)
    # (place, role, peg label): role "from1", "to1", "from2", "to2", "bumped" or "sent" (where
    # a bumped partner goes, P-6.2)


def into_home(frm: str, to: str) -> bool:
    """Whether a part of a move, `frm` to `to`, takes its peg into HOME from outside it."""
    return to.startswith("home:") and not frm.startswith("home:")


def enters_home(move) -> bool:
    """Whether a move takes a peg into HOME from outside it."""
    return any(into_home(frm, to) for _, _, frm, to, _ in getattr(move, "parts", ()))


def passes_home(game, move) -> bool:
    """Whether `move` (one peg, on the track) keeps on the track a peg that the same card
    could take into HOME instead (in another of the legal moves, whole or split)."""
    parts = getattr(move, "parts", ())
    if len(parts) != 1:
        return False
    owner, peg, frm, to, _ = parts[0]
    if not (frm.startswith("track:") and to.startswith("track:")):
        return False
    return any(m.card == move.card and any(p[:3] == (owner, peg, frm) and into_home(frm, p[3])
                                           for p in getattr(m, "parts", ()))
               for m in game.legal_moves())


def in_list_order(moves: list) -> list:
    """The moves as the list shows them: the engine's order, but the moves that take a peg
    into HOME first (the highlighted move is never the one going round again)."""
    return sorted(moves, key=lambda m: not enters_home(m))      # stable


def preview(game, move, glyphs) -> Preview:
    """Describe `move` of `game` and find its effects by playing it on a copy."""
    card = card_name(move.card)
    if not hasattr(move, "parts"):             # a Discard (P-4.5)
        return Preview(move, [f"Discard the {card}"], discard_reason(game))
    seat = move.seat
    arrow = glyphs.arrow
    parts = move.parts
    lines: list[str] = []
    marks: list = []
    effects: list[str] = []
    split = len(parts) == 2
    for i, (owner, peg, frm, to, bump) in enumerate(parts, 1):
        label = peg_label(owner, peg)
        if move.card == "8":
            text = f"{label} back 8: {loc_short(frm)} {arrow} {loc_short(to)}"
        elif frm == "start" and move.card != "JOKER":
            text = f"{label} out of START {arrow} {loc_short(to)}"
        else:
            text = f"{label} {loc_short(frm)} {arrow} {loc_short(to)}"
        if split:
            text = f"{'7 split: ' if i == 1 else '+ '}{text} ({steps_forward(game.players, owner, frm, to)})"
        if bump is not None:
            text += f" {glyphs.bumped}{peg_label(bump[0], bump[1])}"
        lines.append(text)
        marks.append((parse_loc(frm, owner), f"from{i}", label))
        marks.append((parse_loc(to, owner), f"to{i}", label))
        if owner != seat:
            effects.append(f"moves {label} (playing for partner {COLOURS[owner]})")
        if bump is not None:
            b_owner, b_peg, b_to = bump
            bumped = peg_label(b_owner, b_peg)
            marks.append((parse_loc(to, b_owner), "bumped", bumped))
            if b_to == "start":
                effects.append(f"bumps {bumped} back to START")
            else:
                marks.append((parse_loc(b_to, b_owner), "sent", bumped))    # where the partner goes
                effects.append(f"bumps partner {bumped} to its in-spot ({loc_short(b_to)})")
        if into_home(frm, to):
            effects.append(f"{label} reaches HOME")
        elif goes_round(game.players, owner, frm, to, move.card):
            instead = ", not into HOME" if not split and passes_home(game, move) else ""
            effects.append(f"{label} goes past its in-spot, round the board again{instead}")
    copy = game.clone()
    copy.play(move)
    if copy.is_over:
        effects.append("wins the game for " + " & ".join(COLOURS[w] for w in copy.winners) + "!")
    else:
        before = game.view(None)["playing_for"][seat]
        after = copy.view(None)["playing_for"][seat]
        if after != before and before == seat:
            effects.append(f"all of {COLOURS[seat]}'s pegs are HOME: from now on "
                           f"{COLOURS[seat]} plays {COLOURS[after]}'s pegs")
    detail = "; ".join(effects)
    detail = sentence(detail)
    return Preview(move, lines, detail, marks)


def pegs_home(locs: list[str]) -> int:
    return sum(loc.startswith("home") for loc in locs)


def helper_lines(view: dict, room: int = 0) -> list[str]:
    """Who plays for whom, a line per team (team A's first): "Red plays for Yellow",
    "Red, Pink play for Orange; Yellow for Purple"; where a line is longer than `room` (0: no
    limit), the helpers by initial ("R, K play for Orange"), then the partners too."""
    lines = []
    for team in view["teams"]:
        groups: dict[int, list[int]] = {}
        for seat in sorted(team):
            owner = view["playing_for"][seat]
            if owner != seat:
                groups.setdefault(owner, []).append(seat)
        if not groups:
            continue
        for helpers, owners in ((COLOURS, COLOURS), (INITIALS, COLOURS), (INITIALS, INITIALS)):
            parts = []
            for owner, seats in groups.items():
                verb = "" if parts else (" plays" if len(seats) == 1 else " play")
                parts.append(f"{', '.join(helpers[s] for s in seats)}{verb} for {owners[owner]}")
            line = "; ".join(parts)
            if not room or len(line) <= room:
                break
        lines.append(line)
    return lines


def lanes(view: dict) -> list[dict]:
    """Per side, what its lane shows: the pegs in START (by number), in HOME
    (by hole) and on its 18 track holes (peg labels)."""
    players = view["players"]
    out = [{"start": [None] * PEGS, "home": [None] * HOME_HOLES, "holes": [None] * SIDE}
           for _ in range(players)]
    for owner, locs in enumerate(view["positions"]):
        for i, loc in enumerate(locs):
            peg = i + 1
            place = parse_loc(loc, owner)
            if place[0] == "start":
                out[owner]["start"][i] = peg
            elif place[0] == "home":
                out[owner]["home"][place[2] - 1] = peg
            else:
                side, offset = divmod(place[1], SIDE)
                out[side]["holes"][offset] = (owner, peg)
    return out
