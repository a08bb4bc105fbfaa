"""Why a card moves no peg, in words (for the UI: "No move with the 9: …").

`no_move_reason(game, card)` names, for the seat to act, what stops each of
the pegs it plays for (P-8.1) from moving with `card`: START pegs without a
come-out card (P-5.3), a peg that would pass or land on one of its own
(P-5.1), a partner that could not be bumped to a taken in-spot (P-6.2), a
HOME peg with too few holes left (P-5.5), an 8 in HOME (P-5.6), a joker
with nothing to land on (P-7). The legal-move list stays the one source of
truth: a card with a move has no reason (None).

Pegs are written as in the event texts ("Red's peg 3"); locations as
"track:N" and "home:K".
"""
from __future__ import annotations

from ..core import COLOURS, and_list
from .board import HOME0, HOME_HOLES, PEGS, START
from .cards import CODES, COME_OUT_CARDS, EIGHT, FORWARD, JOKER, SEVEN
from .movegen import playing_for
from .moves import OWNER, PEG, Play


def peg_name(peg: int) -> str:
    return f"{COLOURS[peg // PEGS]}'s peg {peg % PEGS + 1}"


def _bump_blocked(game, owner: int, peg: int, t: int) -> str | None:
    """Why `peg` of `owner` may not end on track hole `t`, or None if it may (P-5.1, P-6)."""
    occ = game.board[t]
    if occ < 0:
        return None
    other = occ // PEGS
    if other == owner:
        return f"would land on {peg_name(occ)}"
    if (other - owner) & 1:
        return None                                          # an opponent goes to START
    spot = game.geo.in_spot[other]
    if spot == t:
        return f"would land on partner {peg_name(occ)}, already on its in-spot"
    x = game.board[spot]
    if x >= 0 and x != peg:
        return f"would bump partner {peg_name(occ)} to its in-spot (track:{spot}), which {peg_name(x)} holds"
    return None


def _own_within(game, owner: int, p: int, n: int, step: int) -> tuple[int, int] | None:
    """The first own track peg (steps, peg) within n steps from hole p (step +1 ahead, -1 behind)."""
    length = game.geo.length
    pos = game.pos
    best = None
    for q in range(owner * PEGS, owner * PEGS + PEGS):
        loc = pos[q]
        if 0 <= loc < HOME0 and loc != p:
            k = (step * (loc - p)) % length
            if 0 < k <= n and (best is None or k < best[0]):
                best = (k, q)
    return best


def _track_reason(game, owner: int, peg: int, code: int) -> str | None:
    """Why track peg `peg` cannot move with `code`, or None if it can."""
    p = game.pos[peg]
    geo = game.geo
    length = geo.length
    if code == EIGHT:                                        # P-5.6
        mine = _own_within(game, owner, p, 8, -1)
        if mine:
            return f"{peg_name(peg)} would {'land on' if mine[0] == 8 else 'pass'} {peg_name(mine[1])} going back 8"
        why = _bump_blocked(game, owner, peg, (p - 8) % length)
        return None if why is None else f"{peg_name(peg)} {why}"
    n = FORWARD[code]
    mine = _own_within(game, owner, p, n, 1)
    d = (geo.in_spot[owner] - p) % length                    # steps to the own in-spot
    home = ""
    if d < n <= d + HOME_HOLES and not (mine and mine[0] <= d):
        k = n - d                                            # P-5.4: into HOME k
        inside = [q for q in range(owner * PEGS, owner * PEGS + PEGS) if HOME0 < game.pos[q] <= HOME0 + k]
        if not inside:
            return None
        low = min(inside, key=game.pos.__getitem__)
        home = f", and going into HOME it would pass {peg_name(low)} (home:{game.pos[low] - HOME0})"
    if mine:
        return f"{peg_name(peg)} would {'land on' if mine[0] == n else 'pass'} {peg_name(mine[1])}{home}"
    why = _bump_blocked(game, owner, peg, (p + n) % length)
    return None if why is None else f"{peg_name(peg)} {why}{home}"


def _home_reason(game, owner: int, peg: int, code: int) -> str | None:
    """Why HOME peg `peg` cannot move with `code`, or None if it can (P-5.5)."""
    if code == EIGHT:
        return f"{peg_name(peg)} is in HOME, and an 8 moves only pegs on the track"
    room = _room_above(game, owner, peg)
    if FORWARD[code] > room:
        return f"{peg_name(peg)} has only {room} free HOME hole{'s' if room != 1 else ''} above it"
    return None


def _start_reason(game, owner: int, waiting: list[int], code: int) -> str | None:
    """Why the START pegs `waiting` cannot come out with `code`, or None if one can (P-5.3)."""
    if len(waiting) == PEGS:
        names, verb = f"all five of {COLOURS[owner]}'s pegs", "are"
    else:
        names, verb = and_list([peg_name(q) for q in waiting]), "is" if len(waiting) == 1 else "are"
    if code not in COME_OUT_CARDS:
        return f"{names} {verb} in START, and only an A, K, Q, J or joker brings a peg out"
    t = game.geo.come_out[owner]
    why = _bump_blocked(game, owner, waiting[0], t)
    if why is None:
        return None
    return f"{names} {verb} in START, and coming out {why} (on the come-out hole, track:{t})"


def _joker_reason(game, owner: int) -> str | None:
    """Why a joker moves nothing (P-7), or None if it moves a peg."""
    pos = game.pos
    movers = [q for q in range(owner * PEGS, owner * PEGS + PEGS) if pos[q] < HOME0]
    targets = [t for t, occ in enumerate(game.board) if occ >= 0 and occ // PEGS != owner]
    if not targets:
        return "a joker lands on another player's peg, and there is none on the track"
    for t in targets:
        for q in movers:
            if _bump_blocked(game, owner, q, t) is None:
                return None
    return ("a joker lands on another player's peg, and the only ones on the track are "
            "partners that could not be sent to their in-spots")


def _joker_peg_reason(game, owner: int, peg: int) -> str:
    """Why a joker moves not `peg` (it moves others, or none): P-7."""
    if game.pos[peg] > HOME0:
        return f"{peg_name(peg)} is in HOME, and a joker moves only a peg from START or the track"
    if not any(occ >= 0 and occ // PEGS != owner for occ in game.board):
        return "a joker lands on another player's peg, and there is none on the track"
    return (f"{peg_name(peg)} could land only on partners, and they could not be sent to their "
            "in-spots")


def _cap(text: str) -> str:
    return text[0].upper() + text[1:]


def peg_reasons(game, card: str) -> list[tuple[tuple[int, ...], str | None]]:
    """For the seat to act and `card`, one entry per group that could move:
    (its pegs, the reason they cannot move, or None if they can): the START
    pegs together (they are alike), then every peg on the track or in HOME
    (a HOME peg with no room left is done, and left out); for a joker one
    entry for all. An inconsistency with the legal moves shows as a None
    where the card has no move."""
    code = CODES[card]
    seat = game.to_act
    owner = playing_for(game.pos, game.geo.helpers[seat])
    pegs = range(owner * PEGS, owner * PEGS + PEGS)
    if code == JOKER:
        return [(tuple(pegs), _joker_reason(game, owner))]
    out: list[tuple[tuple[int, ...], str | None]] = []
    waiting = [q for q in pegs if game.pos[q] == START]
    if waiting:
        out.append((tuple(waiting), _start_reason(game, owner, waiting, code)))
    for q in pegs:
        loc = game.pos[q]
        if 0 <= loc < HOME0:
            out.append(((q,), _track_reason(game, owner, q, code)))
        elif loc > HOME0 and _room_above(game, owner, q):       # a peg with none is done
            out.append(((q,), _home_reason(game, owner, q, code)))
    return out


def _room_above(game, owner: int, peg: int) -> int:
    """Free HOME holes just above HOME peg `peg` (up to the next own peg or H5)."""
    k = game.pos[peg] - HOME0
    above = [game.pos[q] - HOME0 for q in range(owner * PEGS, owner * PEGS + PEGS) if game.pos[q] - HOME0 > k]
    return min(above, default=HOME_HOLES + 1) - k - 1


def no_move_reason(game, card: str, peg: int | None = None) -> str | None:
    """Why `card` ("A" … "K", "JOKER") moves no peg for the seat to act, as a
    sentence; None when it moves one (or nobody is to act). With `peg` (a peg
    index, owner * 5 + number - 1): why it moves not that peg, or None if it does."""
    if game.to_act is None or card not in CODES:
        return None
    seat = game.to_act
    owner = playing_for(game.pos, game.geo.helpers[seat])
    pegs = range(owner * PEGS, owner * PEGS + PEGS)
    waiting = [q for q in pegs if game.pos[q] == START]
    alike = set(waiting) if peg in waiting else {peg}        # START pegs are alike (P-5.3)
    if any(isinstance(m, Play) and m.card == card
           and (peg is None or any(part[OWNER] * PEGS + part[PEG] - 1 in alike for part in m.parts))
           for m in game.legal_moves()):
        return None
    if CODES[card] == JOKER and peg is not None:
        return _cap(_joker_peg_reason(game, owner, peg)) + "."
    reasons = [r for group, r in peg_reasons(game, card) if r is not None and (peg is None or peg in group)]
    movers = [q for q in pegs if 0 <= game.pos[q] < HOME0 or game.pos[q] > HOME0 and _room_above(game, owner, q)]
    if CODES[card] == SEVEN and len(movers) > 1 and (peg is None or peg in movers):
        reasons.append("no split of the 7 between two pegs works either" if peg is None else
                       "no split of the 7 with another peg works either")
    if not reasons and peg is not None and game.pos[peg] > HOME0:
        reasons.append(f"{peg_name(peg)} has no free HOME hole above it")
    if not reasons:
        reasons.append("no peg can use its full value")
    text = _cap("; ".join(reasons)) + "."
    if owner != seat:
        text = f"{COLOURS[seat]} plays for {COLOURS[owner]}: {text}"
    return text


def discard_reason(game) -> str:
    """Why the seat to act may discard (P-4.5), as a sentence: no card of its hand moves a
    peg, or only a joker does (a joker is never required)."""
    if any(isinstance(m, Play) and CODES[m.card] == JOKER for m in game.legal_moves()):
        return "No card but a joker can move: you may discard a card and draw instead."
    return "No card in your hand can move: discard one and draw."
