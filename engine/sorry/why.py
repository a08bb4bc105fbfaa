"""Why a card moves no pawn, in words (for the UI: "No move with the 5: …").

`no_move_reason(game, card)` names, for the seat to act, what stops each
pawn it plays with (its own, and its partner's in the team variant, S-12.1)
from moving with `card`: START pawns without a 1 or a 2 (S-4.1) or with
their circle (the START exit) taken by an own pawn (S-4.2), a pawn that would land on its
own colour (S-5.2) or go past HOME (S-5.5), a SORRY! without a START pawn or
a target (S-8, S-12.3), an 11 with nothing to switch (S-10.2), a 7 that no
split fits (S-9). Pawns in HOME are done and left out.

The legal-move list stays the one source of truth: a card with a pawn move
has no reason (None). For a card that is not in play (standard and teams
variants: any card but `game.card`) the moves come from the same generator
that `legal_moves()` uses.

`forward_note(game, card)` explains a 10 or 11 whose moves hold no forward
move (only the 10's back 1, or only 11 switches), and a 1 or 2 whose START
pawns can't come out (S-4.2).

Pawns are written as in the event texts ("Red's pawn 3", PAWN_WORDS) and
squares as LOC_WORDS ("square 4", "safety square 2"), so the UI can relabel
them the way it does the log.
"""
from __future__ import annotations

from ..core import and_list
from . import moves as mv
from .board import (BWD, CIRCLE, COLOURS, FWD, HOME, LOC_WORDS, NONE, PAWN_WORDS, SAFE1, START, TRACK,
                    TURN)
from .cards import BACKWARD, CARD_NAMES, FORWARD, STARTERS, a_card

PAWN_KINDS = frozenset((mv.START_PAWN, mv.FORWARD, mv.BACKWARD, mv.SPLIT, mv.SWITCH, mv.SORRY))


# ------------------------------------------------------------ the moves
def card_moves(game, card: str) -> list:
    """The legal pawn moves of `card` for the seat to act (no pass, decline or discard)."""
    seat = game.to_act
    if seat is None or card not in CARD_NAMES:
        return []
    held = game.hands[seat] if game.variant == "points" else (game.card,)
    if card in held:
        moves = game.legal_moves()
    else:       # not in play: the generator behind legal_moves() (S-13.3 lists every hand card)
        moves = game._card_moves(seat, card)
    return [m for m in moves if m.card == card and m.kind in PAWN_KINDS]


def _team(game) -> tuple[int, ...]:
    """The colours the seat to act moves: its own, and its partner's in teams (S-12.1)."""
    return game.team_colours[game.to_act]


def _pawns(colour: int) -> range:
    return range(colour * 4, colour * 4 + 4)


def _alike(game, pawn: int) -> set[int]:
    """START pawns are alike: a start (or SORRY!) move takes the lowest, standing for any."""
    pos = game.pos
    if pos[pawn] != START:
        return {pawn}
    return {q for q in _pawns(pawn >> 2) if pos[q] == START}


def _slides_back(game, pawn: int, back: int) -> bool:
    """Whether `pawn` moving `back` squares back lands on an empty triangle and slides back
    where it stood, sweeping nobody: a move that leaves the board as it was (S-7.1)."""
    loc = game.pos[pawn]
    if not 0 <= loc < SAFE1:
        return False
    to = BWD[pawn >> 2][loc][back]
    return to < SAFE1 and game.occ[to] < 0 and game._slides_back(pawn, loc, to)


def _unchanged_twin(game, pawn: int, card: str) -> str | None:
    """Why `pawn` has no move of its own with `card` when its move back would change
    nothing and an earlier pawn's alike move is listed for both (legal_moves lists one), or
    None."""
    back = BACKWARD.get(card, 0)
    if not back or not _slides_back(game, pawn, back):
        return None
    for q in (q for c in _team(game) for q in _pawns(c)):
        if q == pawn:
            return None
        if _slides_back(game, q, back):
            return (f"{PAWN_WORDS[pawn]} would move back {back} and slide back to "
                    f"{LOC_WORDS[game.pos[pawn]]}, changing nothing, as {PAWN_WORDS[q]} does: "
                    f"the move listed for {PAWN_WORDS[q]} stands for both.")
    return None


def _moves_pawn(moves, alike: set[int]) -> bool:
    return any(part[0] in alike for m in moves for part in m.parts)


# ------------------------------------------------------------ blocks
# A block says why a pawn (or a colour's START pawns) can't make a move:
#   ("card",)        START, and the card brings no pawn out          S-4.1, S-5.7
#   ("exit", q)      START, and own pawn q holds the START exit      S-4.2
#   ("target",)      START, and no other colour's pawn is on the track for a SORRY!  S-8
#   ("not_start",)   a SORRY! moves only a START pawn                S-8
#   ("past", d)      a forward move would go past HOME, d steps away S-5.5
#   ("own", q, b)    would land on own pawn q (b: steps back, 0 forward)  S-5.2
#   ("ten", f, k)    a 10: forward block f and back-1 block k        S-10.1
#   ("eleven", f, s) an 11: forward block f and switch block s       S-10.2
#   ("safety",)      no switch from a safety zone                    S-10.2
#   ("alone",)       no other colour's pawn on the track to switch with  S-10.2
def _own_at(game, colour: int, loc: int) -> int | None:
    """The pawn of `colour` on `loc` (a track or own safety square), or None."""
    if loc == HOME:
        return None
    pos = game.pos
    return next((q for q in _pawns(colour) if pos[q] == loc), None)


def _to_home(colour: int, loc: int) -> int:
    """Forward steps from `loc` (track or safety) to HOME (S-2)."""
    if loc >= SAFE1:
        return HOME - loc
    return (TURN[colour] - loc) % TRACK + 6


def _forward_block(game, pawn: int, n: int) -> tuple | None:
    c, loc = pawn >> 2, game.pos[pawn]
    to = FWD[c][loc][n]
    if to == NONE:
        return ("past", _to_home(c, loc))                                 # S-5.5
    q = _own_at(game, c, to)
    return None if q is None else ("own", q, 0)                           # S-5.2


def _back_block(game, pawn: int, n: int) -> tuple | None:
    c, loc = pawn >> 2, game.pos[pawn]
    to = BWD[c][loc][n]              # S-5.6: always a square, back out of the safety zone too
    q = _own_at(game, c, to)
    return None if q is None else ("own", q, n)                           # S-5.2


def _switch_block(game, pawn: int) -> tuple | None:
    """S-10.2 (S-12.5): a track pawn switches with any track pawn of another colour."""
    pos = game.pos
    if pos[pawn] >= SAFE1:
        return ("safety",)
    c = pawn >> 2
    if any(0 <= pos[q] < SAFE1 and q >> 2 != c for q in range(16)):
        return None
    return ("alone",)


def _pawn_block(game, pawn: int, card: str) -> tuple | None:
    """Why `pawn` (on the track or in its safety zone) makes no one-pawn move with `card`."""
    if card == "SORRY":
        return ("not_start",)                                             # S-8
    n, back = FORWARD.get(card, 0), BACKWARD.get(card, 0)
    fwd = _forward_block(game, pawn, n) if n else None
    if card == "10":                                                      # S-10.1
        bk = _back_block(game, pawn, back)
        return None if fwd is None or bk is None else ("ten", fwd, bk)
    if back:                                                              # the 4 (S-5.6)
        return _back_block(game, pawn, back)
    if card == "11" and fwd is not None:                                  # S-10.2
        sw = _switch_block(game, pawn)
        return None if sw is None else ("eleven", fwd, sw)
    return fwd


def _start_block(game, colour: int, card: str) -> tuple | None:
    """Why the START pawns of `colour` can't come out with `card`."""
    if card == "SORRY":                                                   # S-8, S-12.3
        pos = game.pos
        if any(0 <= pos[q] < SAFE1 and q >> 2 != colour for q in range(16)):
            return None
        return ("target",)
    if card not in STARTERS:                                              # S-4.1, S-9.2
        return ("card",)
    q = _own_at(game, colour, CIRCLE[colour])
    return None if q is None else ("exit", q)                             # S-4.2


def _blocks(game, card: str) -> list[tuple[tuple[int, ...], tuple | None]]:
    """(pawns, block) for every group the seat plays with: each colour's START pawns
    together, then each pawn on the track or in a safety zone (HOME pawns are done)."""
    pos = game.pos
    out = []
    for c in _team(game):
        waiting = tuple(q for q in _pawns(c) if pos[q] == START)
        if waiting:
            out.append((waiting, _start_block(game, c, card)))
        for q in _pawns(c):
            if pos[q] != START and pos[q] != HOME:
                out.append(((q,), _pawn_block(game, q, card)))
    return out


def pawn_reasons(game, card: str) -> list[tuple[tuple[int, ...], str | None]]:
    """For the seat to act and `card`: per group (a colour's START pawns, or one pawn on
    the track or in a safety zone) why no one-pawn move of `card` moves it, or None if one
    does. Splits of the 7 are not one-pawn moves. (For tests: this is computed from the
    position alone and must agree with the legal moves.)"""
    if game.to_act is None or card not in CARD_NAMES:
        return []
    return [(group, _unchanged_twin(game, group[0], card) if block is None
             else _sentence(_render(game, card, [(group, block)])))
            for group, block in _blocks(game, card)]


# ------------------------------------------------------------ words
def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def _sentence(clauses: list[str]) -> str:
    return _cap("; ".join(clauses)) + "."


def _join(clauses: list[str]) -> str:
    """Clauses joined with "and" when they are plain, else with semicolons."""
    if all(" and " not in c and "," not in c for c in clauses):
        return and_list(clauses)
    return "; ".join(clauses)


def _start_names(groups: list[tuple[int, ...]]) -> tuple[str, bool]:
    """The START pawns of some colours in words, and whether they are more than one."""
    words = []
    for g in groups:
        if len(g) == 4:
            words.append(f"all four of {COLOURS[g[0] >> 2]}'s pawns")
        else:
            words.extend(PAWN_WORDS[q] for q in g)
    return and_list(words), sum(map(len, groups)) > 1


def _squares(d: int) -> str:
    return f"{d} square{'s' if d != 1 else ''}"


def _past(items: list[tuple[int, int]], tail: str = "", only: str = "") -> str:
    """Pawns (pawn, steps to HOME) that a forward move would take past HOME (S-5.5)."""
    if len(items) == 1:
        pawn, d = items[0]
        return f"{PAWN_WORDS[pawn]} is {only}{_squares(d)} from HOME{tail}"
    names = and_list([PAWN_WORDS[p] for p, _ in items])
    ds = [d for _, d in items]
    far = f"each {_squares(ds[0])}" if len(set(ds)) == 1 else f"{and_list([str(d) for d in ds])} squares"
    return f"{names} are {only}{far} from HOME{tail}"


def _land(pawn: int, block: tuple) -> str:
    _, q, back = block
    return f"{PAWN_WORDS[pawn]} would land on {PAWN_WORDS[q]}" + (f" going back {back}" if back else "")


def _it(block: tuple) -> str:
    """A forward or backward block of the pawn just named, in a few words."""
    if block[0] == "past":
        return f"it is {_squares(block[1])} from HOME"
    return f"it would land on {PAWN_WORDS[block[1]]}"


def _render(game, card: str, items: list, team_switch: bool = False) -> list[str]:
    """Clauses for the blocked groups `items` ((pawns, block) pairs), alike ones together.
    With `team_switch` an 11's switch is said once for the seat, else per pawn."""
    pos = game.pos
    needs_card, exits, targets, not_start = [], [], [], []
    past, lands, tens, safety, alone = [], [], [], [], []
    for group, block in items:
        kind = block[0]
        if kind == "eleven":
            _, block, sw = block
            (safety if sw[0] == "safety" else alone).append(group[0])
            kind = block[0]
        if kind == "card":
            needs_card.append(group)
        elif kind == "exit":
            exits.append((group, block[1]))
        elif kind == "target":
            targets.append(group)
        elif kind == "not_start":
            not_start.append(group[0])
        elif kind == "past":
            past.append((group[0], block[1]))
        elif kind == "own":
            lands.append(_land(group[0], block))
        elif kind == "ten":
            tens.append(f"{PAWN_WORDS[group[0]]} can't move 10 forward ({_it(block[1])}) "
                        f"or 1 back ({_it(block[2])})")
    out = []
    if needs_card:                                                        # S-4.1
        names, many = _start_names(needs_card)
        out.append(f"{names} {'are' if many else 'is'} in START, and only a 1, a 2 or a SORRY! brings a pawn out")
    for group, q in exits:                                                # S-4.2
        names, _ = _start_names([group])
        out.append(f"{names} can't come out of START while {PAWN_WORDS[q]} is on the circle "
                   f"({LOC_WORDS[pos[q]]})")
    for group in targets:                                                 # S-8
        names, many = _start_names([group])
        out.append(f"{names} {'are' if many else 'is'} in START, but a SORRY! needs another colour's "
                   f"pawn on the track, and {_no_target(game, group[0] >> 2)}")
    for pawn in not_start:
        out.append(f"{PAWN_WORDS[pawn]} is not in START, and a SORRY! moves only a pawn from START")
    if past:                                                              # S-5.5
        out.append(_past(past, f": {a_card(card)} would go past it"))       # it: HOME
    if lands:                                                             # S-5.2
        out.append(and_list(lands))
    out.extend(tens)                                                      # S-10.1
    if team_switch and (safety or alone):                                 # S-10.2
        out.append(_no_switch(game))
    else:
        for pawn in safety:
            out.append(f"{PAWN_WORDS[pawn]} can't switch from its safety zone")
        if alone:
            out.append("no other colour's pawn is on the track to switch with")
    return out


def _no_target(game, colour: int) -> str:
    """Why the track holds no SORRY! target for `colour` (S-8, S-12.3)."""
    track = [q for q in range(16) if 0 <= game.pos[q] < SAFE1]
    if not track:
        return "no pawn is on the track"
    if len(track) == 1:
        return f"the only pawn on the track is {PAWN_WORDS[track[0]]}"
    return f"the only pawns on the track are {COLOURS[colour]}'s"


def _no_switch(game) -> str:
    """Why an 11 switches nothing for the seat to act (S-10.2)."""
    team = _team(game)
    if not any(0 <= game.pos[q] < SAFE1 for c in team for q in _pawns(c)):
        whose = " or ".join(f"{COLOURS[c]}'s" for c in team)
        return f"none of {whose} pawns is on the track to switch"
    return "no other colour's pawn is on the track to switch with"


def _sorry_reason(game) -> str:
    """Why a SORRY! moves nothing (S-8; teams S-12.3): per colour, no START pawn or no target."""
    pos = game.pos
    team = _team(game)
    none_waiting = [c for c in team if not any(pos[q] == START for q in _pawns(c))]
    clauses = []
    if none_waiting:
        whose = " or ".join(f"{COLOURS[c]}'s" for c in none_waiting)
        clauses.append(f"none of {whose} pawns is in START")
    for c in team:
        if c not in none_waiting and _no_target(game, c) not in clauses:
            clauses.append(_no_target(game, c))
    return ("A SORRY! needs a pawn in START and another colour's pawn on the track: "
            + and_list(clauses) + ".")


def _movers(game) -> list[int]:
    """The pawns a 7 may split between (S-9.2): not in START, not HOME."""
    pos = game.pos
    return [q for c in _team(game) for q in _pawns(c) if pos[q] != START and pos[q] != HOME]


# ------------------------------------------------------------ the API
def no_move_reason(game, card: str, pawn: int | None = None) -> str | None:
    """Why `card` ("1" … "12", "SORRY") gives the seat to act no pawn move, as a
    sentence; None when it has one (an 11 switch counts), or nobody is to act, or the
    card is unknown. With `pawn` (0–15, colour * 4 + number - 1): why no move of `card`
    moves that pawn, or None if one does (START pawns are alike; another colour's pawn
    that an 11 switch moves counts as moved, any other is "not yours to move")."""
    if game.to_act is None or card not in CARD_NAMES:
        return None
    moves = card_moves(game, card)
    if pawn is None:
        if moves:
            return None
        if card == "SORRY":
            return _sorry_reason(game)
        items = [(g, b) for g, b in _blocks(game, card) if b is not None]
        clauses = _render(game, card, items, team_switch=True)
        if card == "7" and len(_movers(game)) > 1:                        # S-9
            clauses.append("no split of the 7 between two pawns works either")
        return _sentence(clauses) if clauses else f"No pawn can move with {a_card(card)}."
    pos = game.pos
    if _moves_pawn(moves, _alike(game, pawn)):
        return None
    c = pawn >> 2
    if c not in _team(game):
        return f"{PAWN_WORDS[pawn]} is not yours to move."
    twin = _unchanged_twin(game, pawn, card)
    if twin is not None:
        return twin
    loc = pos[pawn]
    if loc == HOME:                                                       # S-5.5
        return f"{PAWN_WORDS[pawn]} is HOME and never moves again."
    block = _start_block(game, c, card) if loc == START else _pawn_block(game, pawn, card)
    clauses = [] if block is None else _render(game, card, [((pawn,), block)])
    if card == "7" and loc != START and len(_movers(game)) > 1:          # S-9
        clauses.append("no split of the 7 with another pawn moves it either")
    return _sentence(clauses) if clauses else f"{PAWN_WORDS[pawn]} has no move with {a_card(card)}."


def forward_note(game, card: str) -> str | None:
    """For a 10 or 11 with moves but no forward one: why no pawn can go forward
    (S-10.1, S-10.2). For a 1 or 2 with moves: why START pawns can't come out,
    if an own pawn holds their START exit (S-4.2). Else None."""
    if game.to_act is None or card not in ("1", "2", "10", "11"):
        return None
    moves = card_moves(game, card)
    if not moves:
        return None             # no_move_reason() says why
    pos = game.pos
    if card in STARTERS:
        clauses = []
        for c in _team(game):
            waiting = tuple(q for q in _pawns(c) if pos[q] == START)
            if waiting:
                block = _start_block(game, c, card)
                if block is not None:
                    clauses += _render(game, card, [(waiting, block)])
        return _sentence(clauses) if clauses else None
    if any(m.kind == mv.FORWARD for m in moves):
        return None
    n = FORWARD[card]
    waiting, past, lands = [], [], []
    for c in _team(game):
        group = tuple(q for q in _pawns(c) if pos[q] == START)
        if group:
            waiting.append(group)
        for q in _pawns(c):
            if pos[q] != START and pos[q] != HOME:
                block = _forward_block(game, q, n)
                if block is None:                 # can't be: a forward move would be legal
                    return None
                if block[0] == "past":
                    past.append((q, block[1]))
                else:
                    lands.append(_land(q, block))
    clauses = []
    if past:                                                              # S-5.5
        clauses.append(_past(past, only="only "))
    clauses.extend(lands)                                                 # S-5.2
    if waiting:                                                           # S-4.1
        names, many = _start_names(waiting)
        clauses.append(f"{names} {'are' if many else 'is'} in START")
    return f"No pawn can move {n} forward: {_join(clauses)}."


def discard_reason(game) -> str:
    """Why the seat to act may discard in the points variant, as a sentence: no card of
    its hand moves, or only 11 switches would (the switch is optional, S-10.3)."""
    if any(m.kind == "switch" for m in game.legal_moves()):
        return "Only 11 switches are possible, and a switch is optional: you may discard a card instead and draw."
    return "No card in your hand can move: discard one and draw."


def decline_reason(game) -> str:
    """Why the seat to act may pass with an 11 (S-10.3), as a sentence (the same in every
    position; `game` for symmetry with the other reasons)."""
    return "No pawn can move 11; the switch is optional."
