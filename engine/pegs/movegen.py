"""Legal-move generation for Pegs and Jokers (P-4 … P-8).

Works on the game's compact state: `pos` (a location int per peg, see
board.py) and `board` (per track hole, the peg on it or -1). Every function
here reads like the rule it cites; `generate()` is the single source of
truth for `legal_moves()`, the UI and the bots.

Raw destinations are tuples `(to, bumped, bumped_to)`: where the moving peg
ends, and the peg it bumps (-1 for none) with where that peg goes.
"""
from __future__ import annotations

from .board import HOME0, PEGS, START
from .cards import BACKWARD, COME_OUT_CARDS, EIGHT, FORWARD, JOKER, NAMES, SEVEN
from .moves import Discard, Play, new_play as play_of

NO_BUMP = (-1, -1)


def playing_for(pos: list, helpers: tuple) -> int | None:
    """Whose pegs the seat with `helpers` order moves (P-8.1), None if its
    whole team is HOME."""
    for owner in helpers:
        base = owner * PEGS
        if min(pos[base:base + PEGS]) < HOME0:
            return owner
    return None


def landing(board: list, in_spot: tuple, owner: int, peg: int, t: int):
    """Peg `peg` of `owner` ends a move on track hole `t`: (bumped, bumped_to),
    or None if it may not end there (P-5.1, P-6)."""
    occ = board[t]
    if occ < 0:
        return NO_BUMP
    other = occ // PEGS
    if other == owner:
        return None                      # P-5.1: never land on your own peg
    if (other - owner) & 1:
        return (occ, START)              # P-6.1: an opponent goes back to START
    s = in_spot[other]                   # P-6.2: a partner goes to its in-spot
    if s == t:
        return None                      # ... which it already sits on: illegal
    x = board[s]
    if x >= 0 and x != peg:              # P-6.2 decision: no chains of bumps
        return None                      # (the mover itself has left the hole)
    return (occ, s)


def forward_options(pos: list, board: list, length: int, in_spot: tuple, owner: int,
                    peg: int, n: int) -> list:
    """Where `n` forward steps may take peg `peg` of `owner`: a list of raw
    destinations (P-5.1, P-5.4, P-5.5). Two entries when the peg may both
    enter HOME and go round (P-5.4 decision)."""
    p = pos[peg]
    base = owner * PEGS
    if p >= HOME0:                                   # P-5.5: inside HOME
        k = p + n
        if k > HOME0 + 5:
            return []
        for q in pos[base:base + PEGS]:
            if p < q <= k:
                return []                            # P-5.1: no passing in HOME
        return [(k, -1, -1)]
    if p < 0:
        return []                                    # START: only A K Q J / joker
    gap = length                                     # steps to the next own peg ahead
    for q in pos[base:base + PEGS]:
        if 0 <= q < HOME0 and q != p:
            dq = (q - p) % length
            if dq < gap:
                gap = dq
    out = []
    if n < gap:                                      # P-5.1: no passing own pegs
        t = p + n
        if t >= length:
            t -= length
        r = landing(board, in_spot, owner, peg, t)
        if r is not None:
            out.append((t, r[0], r[1]))
    d = (in_spot[owner] - p) % length                # steps to the own in-spot
    if d < n <= d + 5 and d < gap:                   # P-5.4: exact fit into HOME
        k = HOME0 + n - d
        for q in pos[base:base + PEGS]:
            if HOME0 < q <= k:
                break                                # P-5.1: no passing in HOME
        else:
            out.append((k, -1, -1))
    return out


def do_part(pos: list, board: list, peg: int, frm: int, to: int, bumped: int, bumped_to: int) -> None:
    """Apply one raw part to `pos`/`board` (the bump happens when the peg lands)."""
    if 0 <= frm < HOME0:
        board[frm] = -1
    if bumped >= 0:
        pos[bumped] = bumped_to
        if bumped_to >= 0:
            board[bumped_to] = bumped
    pos[peg] = to
    if 0 <= to < HOME0:
        board[to] = peg


def undo_part(pos: list, board: list, peg: int, frm: int, to: int, bumped: int, bumped_to: int) -> None:
    """Exactly reverse `do_part`."""
    if 0 <= to < HOME0:
        board[to] = -1
    if bumped >= 0:
        if bumped_to >= 0:
            board[bumped_to] = -1
        pos[bumped] = to
        board[to] = bumped
    pos[peg] = frm
    if 0 <= frm < HOME0:
        board[frm] = peg


# Moves are immutable values, so equal moves met again (the same peg on the
# same hole with the same card, in any game) are shared rather than rebuilt:
# building dataclasses is most of the cost of listing moves. The caches are
# bounded (about 35 MB at most) by clearing them when they grow large. Joker
# moves (any peg onto any peg) and split 7s repeat too rarely (under 10% in
# random games) to be worth caching.
_CACHE_LIMIT = 100_000
_PLAYS: dict = {}      # (seat, card, peg, frm, to, bumped, bumped_to) -> one-part Play


def make_part(peg: int, frm: int, to: int, bumped: int, bumped_to: int, names: dict) -> tuple:
    """The public part tuple (moves.py) of a raw part."""
    bump = None if bumped < 0 else (bumped // PEGS, bumped % PEGS + 1, names[bumped_to])
    return (peg // PEGS, peg % PEGS + 1, names[frm], names[to], bump)


def new_single(key: tuple, names: dict) -> Play:
    """The one-part Play for a `_PLAYS` key (built once, then shared)."""
    seat, card, peg, frm, to, bumped, bumped_to = key
    if len(_PLAYS) >= _CACHE_LIMIT:
        _PLAYS.clear()
    play = _PLAYS[key] = play_of(seat, NAMES[card], (make_part(peg, frm, to, bumped, bumped_to, names),))
    return play


def generate(game, seat: int) -> list:
    """Every legal move of `seat` (P-4.3 … P-4.5): every moving play; if no
    card but a joker moves, the joker plays plus one discard per distinct
    card name. Order: by card (A … K, JOKER), then peg, then destination."""
    pos, board, geo = game.pos, game.board, game.geo
    hand = game.hands[seat]
    length, in_spot, names = geo.length, geo.in_spot, geo.names
    cached = _PLAYS.get
    base = seat * PEGS
    mine = pos[base:base + PEGS]
    owner = seat
    if min(mine) > HOME0:                                       # P-8.1: all HOME,
        owner = playing_for(pos, geo.helpers[seat])             # play for a team-mate
        base = owner * PEGS
        mine = pos[base:base + PEGS]
    spot = in_spot[owner]
    # Per own peg, computed once: on the track (peg, hole, free steps ahead,
    # free steps behind, steps to the in-spot) -- P-5.1: no passing own pegs;
    # in HOME (peg, hole, next own HOME peg above it).
    start_peg = -1
    track = []
    homes = []
    peg = base
    for p in mine:
        if p < 0:
            if start_peg < 0:
                start_peg = peg                                 # lowest-numbered START peg
        elif p > HOME0:
            homes.append(p)
        else:
            track.append(p)
        peg += 1
    runners = []
    homers = []
    home_free = HOME0 + 6                                       # lowest own HOME peg
    if homes:
        home_free = min(homes)
        peg = base
        for p in mine:
            if p > HOME0:
                nxt = HOME0 + 6
                for q in homes:
                    if p < q < nxt:
                        nxt = q
                homers.append((peg, p, nxt))
            peg += 1
    if track:
        peg = base
        for p in mine:
            if 0 <= p < HOME0:
                ahead = behind = length
                for q in track:
                    if q != p:
                        da = q - p
                        if da < 0:
                            da += length
                        if da < ahead:
                            ahead = da
                        db = length - da
                        if db < behind:
                            behind = db
                d = spot - p
                if d < 0:
                    d += length
                runners.append((peg, p, ahead, behind, d))
            peg += 1

    moves = []
    add = moves.append
    joker = False
    prev = 0
    for card in hand:
        if card == prev:
            continue
        prev = card
        if card == JOKER:
            joker = True
            continue
        if card in COME_OUT_CARDS and start_peg >= 0:           # P-5.3
            t = geo.come_out[owner]
            occ = board[t]
            r = NO_BUMP if occ < 0 else landing(board, in_spot, owner, start_peg, t)   # P-6.3
            if r is not None:
                key = (seat, card, start_peg, START, t, r[0], r[1])
                add(cached(key) or new_single(key, names))
        if card == EIGHT:                                       # P-5.6: 8 backward
            n = BACKWARD[card]
            for peg, p, ahead, behind, d in runners:
                if behind > n:                                  # P-5.1
                    t = p - n
                    if t < 0:
                        t += length
                    occ = board[t]
                    r = NO_BUMP if occ < 0 else landing(board, in_spot, owner, peg, t)
                    if r is not None:
                        key = (seat, card, peg, p, t, r[0], r[1])
                        add(cached(key) or new_single(key, names))
            continue
        n = FORWARD[card]
        for peg, p, ahead, behind, d in runners:
            if n < ahead:                                       # P-5.1
                t = p + n
                if t >= length:
                    t -= length
                occ = board[t]
                r = NO_BUMP if occ < 0 else landing(board, in_spot, owner, peg, t)
                if r is not None:
                    key = (seat, card, peg, p, t, r[0], r[1])
                    add(cached(key) or new_single(key, names))
            if d < n <= d + 5 and d < ahead and HOME0 + n - d < home_free:   # P-5.4
                key = (seat, card, peg, p, HOME0 + n - d, -1, -1)
                add(cached(key) or new_single(key, names))
        for peg, p, nxt in homers:                              # P-5.5
            if p + n < nxt:
                key = (seat, card, peg, p, p + n, -1, -1)
                add(cached(key) or new_single(key, names))
        if card == SEVEN and len(runners) + len(homers) > 1:
            moves += splits(game, seat, owner, runners, homers, home_free)
    if joker:
        jokers = joker_moves(game, seat, owner, start_peg)
        if moves:
            return moves + jokers                               # P-4.4
        moves = jokers                                          # P-7.2: never forced
    elif moves:
        return moves
    # P-4.5: a dead hand may discard any one card instead.
    prev = 0
    for card in hand:
        if card != prev:
            prev = card
            moves.append(Discard(seat, NAMES[card]))
    return moves


def splits(game, seat: int, owner: int, runners: list, homers: list, home_free: int) -> list:
    """P-5.8: a 7 split between two different pegs (neither from START),
    parts applied in order, each checked when it moves; orders with
    identical outcomes are listed once (both orders are legal only when the
    parts do not interact, and then they end the same). P-8.2 (generalised):
    if the first part brings the last peg of `owner` HOME, the second part
    moves pegs of whoever the seat plays for next.

    Speed: the destinations of every own peg for 1..6 steps are computed
    once; after a first part, a second part's destinations are recomputed
    only if they depend on a hole the first part changed.
    """
    pos, board, geo = game.pos, game.board, game.geo
    length, in_spot, names = geo.length, geo.in_spot, geo.names
    base = owner * PEGS
    opts = {}                            # peg -> [None, raws for 1 step, ..., 6 steps]
    movers = []                          # (peg, hole, steps to the in-spot or -1 in HOME)
    for peg, p, ahead, behind, d in runners:
        row = [None]
        for a in range(1, SEVEN):
            here = []
            if a < ahead:
                t = p + a
                if t >= length:
                    t -= length
                occ = board[t]
                if occ < 0:
                    here.append((t, -1, -1))
                else:
                    r = landing(board, in_spot, owner, peg, t)
                    if r is not None:
                        here.append((t, r[0], r[1]))
            if d < a <= d + 5 and d < ahead and HOME0 + a - d < home_free:
                here.append((HOME0 + a - d, -1, -1))
            row.append(here)
        opts[peg] = row
        movers.append((peg, p, d))
    for peg, p, nxt in homers:
        opts[peg] = [None] + [[(p + a, -1, -1)] if p + a < nxt else [] for a in range(1, SEVEN)]
        movers.append((peg, p, -1))
    movers.sort()
    # P-8.2: only when exactly one of `owner`'s pegs is outside HOME can the
    # first part finish `owner`.
    outside = sum(1 for q in pos[base:base + PEGS] if q < HOME0)
    helpers = geo.helpers[seat]
    seen = set()
    out = []
    for peg1, frm1, _ in movers:
        row = opts[peg1]
        for a in range(1, SEVEN):
            b = SEVEN - a
            for to1, b1, bt1 in row[a]:
                if outside == 1 and to1 > HOME0 and frm1 < HOME0:
                    # the first part finishes `owner`: the rest is played for
                    # whoever the seat plays for next (P-8.2)
                    do_part(pos, board, peg1, frm1, to1, b1, bt1)
                    owner2 = playing_for(pos, helpers)
                    seconds = []
                    if owner2 is not None:
                        base2 = owner2 * PEGS
                        seconds = [(peg2, pos[peg2], forward_options(pos, board, length, in_spot,
                                                                     owner2, peg2, b))
                                   for peg2 in range(base2, base2 + PEGS) if pos[peg2] >= 0]
                    undo_part(pos, board, peg1, frm1, to1, b1, bt1)
                else:
                    # holes the first part changes; a second part's
                    # destinations are reused unless they depend on one
                    c1 = frm1 if frm1 < HOME0 else -1
                    c2 = to1 if to1 < HOME0 else -1
                    home_changed = c1 < 0 or c2 < 0
                    seconds = []
                    done = False
                    for peg2, p2, d2 in movers:
                        if peg2 == peg1:
                            continue
                        if p2 > HOME0:
                            dirty = home_changed
                        else:
                            dirty = (home_changed and d2 < b
                                     or c1 >= 0 and 0 < (c1 - p2) % length <= b
                                     or c2 >= 0 and 0 < (c2 - p2) % length <= b
                                     or bt1 >= 0 and 0 < (bt1 - p2) % length <= b)
                            if not dirty:
                                t2 = p2 + b
                                if t2 >= length:
                                    t2 -= length
                                occ = board[t2]
                                # a partner there: its in-spot may have changed
                                dirty = occ >= 0 and not (occ // PEGS - owner) & 1
                        if dirty:
                            if not done:
                                do_part(pos, board, peg1, frm1, to1, b1, bt1)
                                done = True
                            seconds.append((peg2, p2, forward_options(pos, board, length, in_spot,
                                                                      owner, peg2, b)))
                        else:
                            raws = opts[peg2][b]
                            if raws:
                                seconds.append((peg2, p2, raws))
                    if done:
                        undo_part(pos, board, peg1, frm1, to1, b1, bt1)
                part1 = None
                for peg2, frm2, raws in seconds:
                    for to2, b2, bt2 in raws:
                        dup = (peg2, to2, peg1, to1) if peg2 < peg1 else (peg1, to1, peg2, to2)
                        if dup in seen:
                            continue
                        seen.add(dup)
                        if part1 is None:
                            part1 = make_part(peg1, frm1, to1, b1, bt1, names)
                        out.append(play_of(seat, "7", (part1, make_part(peg2, frm2, to2, b2, bt2, names))))
    return out


def joker_moves(game, seat: int, owner: int, start_peg: int) -> list:
    """P-7.1: a peg from START (the lowest-numbered) or from the track jumps
    onto any track hole holding another player's peg, bumping it."""
    pos, board, geo = game.pos, game.board, game.geo
    in_spot, names = geo.in_spot, geo.names
    base = owner * PEGS
    movers = [peg for peg in range(base, base + PEGS) if 0 <= pos[peg] < HOME0 or peg == start_peg]
    if not movers:
        return []
    # per target hole: its name, the bump it causes, and the peg (if any) on
    # the in-spot a bumped partner would go to (P-6.2)
    targets = []
    for t, occ in enumerate(board):
        if occ >= 0:
            other = occ // PEGS
            if other != owner:
                if (other - owner) & 1:                        # P-6.1
                    targets.append((names[t], (other, occ % PEGS + 1, "start"), -1))
                else:
                    s = in_spot[other]                         # P-6.2
                    if s != t:
                        targets.append((names[t], (other, occ % PEGS + 1, names[s]), board[s]))
    out = []
    add = out.append
    for peg in movers:
        frm = names[pos[peg]]
        number = peg - base + 1
        for t, bump, x in targets:
            if x < 0 or x == peg:                              # P-6.2 decision: in-spot free
                # not cached: joker moves rarely repeat (any peg onto any peg)
                add(play_of(seat, "JOKER", ((owner, number, frm, t, bump),)))
    return out
