"""Legal-move generation for Pegs and Jokers (P-4 … P-8).

Works on the game's compact state: `pos` (a location int per peg, see
board.py) and `board` (per track hole, the peg on it or -1). Every function
here reads like the rule it cites; `generate()` is the single source of
truth for `legal_moves()`, the UI and the bots.

Raw destinations are tuples `(to, bumped, bumped_to)`: where the moving peg
ends, and the peg it bumps (-1 for none) with where that peg goes.

Speed (this is the engine's hot path; `python -m engine.bench pegs`):
- the per-geometry tables of board.py (`wrap`, `back`, `bump_to`,
  `bump_parts`) replace modular arithmetic and owner/partner tests;
- P-5.1 (no passing own pegs) is one comparison per move: for each own peg
  on the track the free steps ahead and behind are computed once per
  position, from the own pegs sorted round the track;
- one-part Plays are built once and shared, and the moves inside HOME are
  worked out once per HOME layout (see `Memo`);
- each distinct card of the hand is looked at once;
- the split 7 works out the second part from what the first part changed,
  without moving any peg (see `splits`);
- the Plays of split 7s and jokers, which are not kept, are built inline
  (as `new_play` does), without a call per move.
"""
from __future__ import annotations

from .board import HOME0, PEGS, START
from .cards import COME_OUT_CARDS, EIGHT, FORWARD, JOKER, NAMES, SEVEN
from .moves import Discard, Play, new_play as play_of
from .moves import _new, _set_card, _set_event, _set_parts, _set_seat   # for inlining new_play

NO_BUMP = (-1, -1)
NO_HOME_PEG = HOME0 + 6          # "no own peg higher up in HOME": H1 … H5 are free


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
    enter HOME and go round (P-5.4 decision). (The plain, slow form of the
    rules; used for the rare P-8.2 split.)"""
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


def make_part(peg: int, frm: int, to: int, bumped: int, bumped_to: int, geo) -> tuple:
    """The public part tuple (moves.py) of a raw part."""
    names = geo.names
    owner, number = geo.labels[peg]
    if bumped < 0:
        return (owner, number, names[frm], names[to], None)
    b_owner, b_number = geo.labels[bumped]
    return (owner, number, names[frm], names[to], (b_owner, b_number, names[bumped_to]))


# One-part moves are immutable values met again and again (the same peg on
# the same hole with the same card, in any game), so each is built once and
# shared: building the dataclass and its strings is most of the cost of
# listing a move. A one-part move is fixed by the seat, the moving peg, the
# hole it starts from, the card and the peg it lands on: where it ends
# follows from the card. So `Memo.rows` maps (seat, peg, from), packed in
# one int, to that peg's "row" of Plays, a list of 32 (see `_new_row`):
#     row[card]              onto an empty hole
#     row[16 + card]         the turn into HOME (P-5.4)
#     row[0][occupant * 16 + card]   onto peg `occupant`, which is bumped
#                            (P-6): these are rarer, so kept in a dict.
#
# HOME pegs change rarely (a few times a game per player), so what they can
# do is worked out once per HOME layout: `Memo.homes` maps (seat, owner, the
# HOME holes of owner's pegs), packed in one int, to
#     (HOME holes taken, the lowest of them, [(peg, hole, next own HOME peg
#      above it or NO_HOME_PEG), ...], per card code the tuple of its
#      moves inside HOME (P-5.5))
#
# There is one Memo per board size. Together they are bounded by dropping
# them all once they hold MEMO_LIMIT moves (about 35 MB): a large memo also
# costs time, as the garbage collector walks every kept move again and
# again. Joker moves (any peg onto any peg) and split 7s repeat too rarely
# (under 10% in random games) to be kept.
MEMO_LIMIT = 100_000


class Memo:
    """The shared one-part Plays and HOME layouts of one board size."""

    __slots__ = ("rows", "homes")

    def __init__(self):
        self.rows = {}
        self.homes = {}


_MEMOS: dict = {}                 # board length -> Memo
_held = [0]                       # Plays held by all Memos together


def _new_memo(length: int) -> Memo:
    """A fresh (empty) Memo for boards of `length` holes; all Memos are
    dropped first if together they are full."""
    if _held[0] >= MEMO_LIMIT:
        _MEMOS.clear()
        _held[0] = 0
    memo = _MEMOS[length] = Memo()
    return memo


def _new_row(rows: dict, key: int) -> list:
    """An empty row of Plays (see above), stored as `rows[key]`."""
    row = rows[key] = [None] * 32
    row[0] = {}
    return row


def new_single(row, key: int, seat: int, card: int, peg: int, frm: int, to: int,
               bumped: int, bumped_to: int, geo) -> Play:
    """The one-part Play for `row[key]` (built once, then shared; `row` is
    a row list or its dict of bumps)."""
    _held[0] += 1
    names = geo.names
    owner, number = geo.labels[peg]
    part = (owner, number, names[frm], names[to],
            None if bumped < 0 else geo.bump_parts[owner][bumped])
    play = row[key] = _new(Play)                            # new_play, inline
    _set_seat(play, seat)
    _set_card(play, NAMES[card])
    _set_parts(play, (part,))
    _set_event(play, None)          # kept moves are often played: set, not looked up
    return play


def _home_layout(memo: Memo, key: int, seat: int, base: int, mine: list, geo) -> tuple:
    """The `Memo.homes` entry of the HOME pegs in `mine` (P-5.1, P-5.5)."""
    homes = [p for p in mine if p > HOME0]
    homers = []
    for peg, p in enumerate(mine, base):
        if p > HOME0:
            above = [q for q in homes if q > p]
            homers.append((peg, p, min(above) if above else NO_HOME_PEG))
    by_card = [()] * (JOKER + 1)
    for card, n in FORWARD.items():
        plays = []
        for peg, p, nxt in homers:
            if p + n < nxt:                                     # P-5.5, P-5.1 in HOME
                plays.append(new_single({}, 0, seat, card, peg, p, p + n, -1, -1, geo))
        by_card[card] = tuple(plays)
    entry = memo.homes[key] = (homes, min(homes), homers, by_card)
    return entry


def generate(game, seat: int) -> list:
    """Every legal move of `seat` (P-4.3 … P-4.5): every moving play; if no
    card but a joker moves, the joker plays plus one discard per distinct
    card name. Order: by card (A … K, JOKER), then peg, then destination."""
    pos, board, geo = game.pos, game.board, game.geo
    hand = game.hands[seat]
    base = seat * PEGS
    mine = pos[base:base + PEGS]
    owner = seat
    if min(mine) > HOME0:                                       # P-8.1: all HOME,
        owner = playing_for(pos, geo.helpers[seat])             # play for a team-mate
        base = owner * PEGS
        mine = pos[base:base + PEGS]
    length = geo.length
    memo = _MEMOS.get(length)
    if memo is None or _held[0] >= MEMO_LIMIT:
        memo = _new_memo(length)
    rows = memo.rows
    # The own pegs: the lowest-numbered START peg (P-5.3, RULES.md decision
    # 1), the pegs on the track as (hole, peg), and the HOME holes packed
    # 3 bits per peg (the `Memo.homes` key).
    start_peg = -1
    track = []
    packed = 0
    shift = 0
    peg = base
    for p in mine:
        if p < 0:
            if start_peg < 0:
                start_peg = peg
        elif p > HOME0:
            packed |= p - HOME0 << shift
        else:
            track.append((p, peg))
        peg += 1
        shift += 3
    if packed:
        key = packed | seat << 15 | owner << 18
        home = memo.homes.get(key) or _home_layout(memo, key, seat, base, mine, geo)
        homes, home_free, homers, home_plays = home
    else:
        homes, home_free, homers, home_plays = [], NO_HOME_PEG, [], None
    # Per own peg on the track, in peg order: (peg, hole, free steps ahead,
    # free steps behind, steps to the in-spot, the most steps that end in
    # HOME (P-5.4: past the in-spot, below the lowest own HOME peg, and
    # only if no own peg stands between the peg and its in-spot), its row
    # of Plays). A move of n steps passes or lands on no own peg (P-5.1)
    # iff n < ahead (forward) or n < behind (the 8). The gaps come from the
    # pegs sorted round the track: each peg's gap ahead is the next one's
    # gap behind.
    runners = []
    if track:
        spot = geo.in_spot[owner]
        top = home_free - HOME0 - 1                             # highest free HOME hole
        if len(track) == 1:
            p, peg = track[0]
            d = spot - p
            if d < 0:
                d += length
            key = peg << 12 | seat << 9 | p
            row = rows.get(key) or _new_row(rows, key)
            runners.append((peg, p, length, length, d, d + top, row))
        else:
            ring = sorted(track)
            gaps = {}                                           # free steps behind
            ahead = {}
            last, last_peg = ring[-1]
            last -= length
            for p, peg in ring:
                gaps[peg] = ahead[last_peg] = p - last
                last, last_peg = p, peg
            for p, peg in track:
                d = spot - p
                if d < 0:
                    d += length
                key = peg << 12 | seat << 9 | p
                row = rows.get(key) or _new_row(rows, key)
                a = ahead[peg]
                runners.append((peg, p, a, gaps[peg], d, d + top if d < a else -1, row))

    bump_to = geo.bump_to[owner]       # per peg landed on: START, an in-spot, or OWN
    wrap = geo.wrap
    moves = []
    add = moves.append
    joker = False
    prev = 0
    for card in hand:
        if card == prev:
            continue                                            # same card, same moves
        prev = card
        if card == JOKER:
            joker = True
            continue
        if start_peg >= 0 and card in COME_OUT_CARDS:           # P-5.3
            t = geo.come_out[owner]
            key = start_peg << 12 | seat << 9 | 511             # 511: START
            row = rows.get(key) or _new_row(rows, key)
            occ = board[t]
            if occ < 0:
                m = row[card] or new_single(row, card, seat, card, start_peg, START, t, -1, -1, geo)
                add(m)
            else:                                               # P-6.3
                r = bump_to[occ]
                if r == START or r >= 0 and r != t and board[r] < 0:
                    bumps = row[0]
                    key = occ * 16 + card
                    m = bumps.get(key) or new_single(bumps, key, seat, card, start_peg, START,
                                                     t, occ, r, geo)
                    add(m)
        if card == EIGHT:                                       # P-5.6: 8 backward
            back = geo.back
            for peg, p, ahead, behind, d, top, row in runners:
                if behind > 8:                                  # P-5.1
                    t = back[p]
                    occ = board[t]
                    if occ < 0:
                        m = row[card] or new_single(row, card, seat, card, peg, p, t, -1, -1, geo)
                        add(m)
                    else:                                       # P-6
                        r = bump_to[occ]
                        if r == START or r >= 0 and r != t and ((x := board[r]) < 0 or x == peg):
                            bumps = row[0]
                            key = occ * 16 + card
                            m = bumps.get(key) or new_single(bumps, key, seat, card, peg, p,
                                                             t, occ, r, geo)
                            add(m)
            continue
        n = FORWARD[card]
        for peg, p, ahead, behind, d, top, row in runners:
            if n < ahead:                                       # P-5.1
                t = wrap[p + n]
                occ = board[t]
                if occ < 0:
                    m = row[card] or new_single(row, card, seat, card, peg, p, t, -1, -1, geo)
                    add(m)
                else:                                           # P-6
                    r = bump_to[occ]
                    if r == START or r >= 0 and r != t and ((x := board[r]) < 0 or x == peg):
                        bumps = row[0]
                        key = occ * 16 + card
                        m = bumps.get(key) or new_single(bumps, key, seat, card, peg, p,
                                                         t, occ, r, geo)
                        add(m)
            if d < n <= top:                                    # P-5.4
                m = row[16 + card] or new_single(row, 16 + card, seat, card, peg, p,
                                                 HOME0 + n - d, -1, -1, geo)
                add(m)
        if home_plays:                                          # P-5.5
            moves += home_plays[card]
        if card == SEVEN and len(runners) + len(homers) > 1:
            moves += splits(game, seat, owner, runners, homers, home_free, homes)
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


def splits(game, seat: int, owner: int, runners: list, homers: list, home_free: int,
           homes: list) -> list:
    """P-5.8: a 7 split between two different pegs (neither from START),
    parts applied in order, each checked when it moves; orders with
    identical outcomes are listed once, in the first order found (both
    orders are legal only when the parts do not interact, and then they end
    the same). P-8.2 (generalised): if the first part brings the last peg
    of `owner` HOME, the second part moves pegs of whoever the seat plays
    for next (`_seconds_for_next`).

    Order: by the first part's peg, its steps (1 … 6), its destination
    (track before HOME), then the second part's peg and destination.

    Speed: no peg is moved. After the first part (peg1 from frm1 to to1,
    bumping b1 to bt1):
    - a track hole h reads peg1 if h == to1, b1 if h == bt1 (a partner sent
      to its in-spot), empty if h == frm1, else as on the board (the order
      in which the first part writes them);
    - a track peg whose next own peg ahead was peg1 has more free steps
      (P-5.1): `a` more if peg1 moved along the track, peg1's own free
      steps more if it went HOME; no other track peg's free steps change
      (peg1 cannot pass an own peg);
    - the HOME holes taken change only if peg1 moved in or into HOME.
    """
    pos, board, geo = game.pos, game.board, game.geo
    length, wrap, names = geo.length, geo.wrap, geo.names
    bump_to, bump_parts, labels = geo.bump_to[owner], geo.bump_parts[owner], geo.labels
    # movers, in peg order: (peg, hole, free steps ahead, steps to the
    # in-spot, hole of the own peg just ahead (-1 if none), highest step
    # count that ends in HOME (see generate), (owner, number, hole name)
    # for its part tuple) for track pegs; HOME pegs have d = -1, the free
    # HOME steps above them in place of `ahead`.
    movers = []
    for peg, p, ahead, behind, d, top, row in runners:
        movers.append((peg, p, ahead, d, (p + ahead) % length if ahead < length else -1, top,
                       (*labels[peg], names[p])))
    for peg, p, nxt in homers:
        movers.append((peg, p, nxt - p - 1, -1, -1, -1, (*labels[peg], names[p])))
    movers.sort()
    # While the HOME holes taken stay as they are, a HOME peg without free
    # steps takes no part: `live` leaves those out.
    live = [m for m in movers if m[2]]
    # P-8.2: only when exactly one of `owner`'s pegs is outside HOME can the
    # first part finish `owner`.
    last_out = len(homes) == PEGS - 1
    seen = set()          # (peg1, to1, peg2, to2) listed with peg1 < peg2 first
    out = []
    add = out.append
    for peg1, frm1, ahead1, d1, next1, top1, label1 in live:
        # the first part's destinations, on the board as it is:
        # (steps, to, bumped, bumped_to)
        firsts = []
        if d1 >= 0:
            for a in range(1, SEVEN):
                if a < ahead1:                                  # P-5.1
                    t = wrap[frm1 + a]
                    occ = board[t]
                    if occ < 0:
                        firsts.append((a, t, -1, -1))
                    else:                                       # P-6
                        r = bump_to[occ]
                        if r == START or r >= 0 and r != t and ((x := board[r]) < 0 or x == peg1):
                            firsts.append((a, t, occ, r))
                if d1 < a <= top1:                              # P-5.4
                    firsts.append((a, HOME0 + a - d1, -1, -1))
        else:
            for a in range(1, min(ahead1 + 1, SEVEN)):          # P-5.5
                firsts.append((a, frm1 + a, -1, -1))
        for a, to1, b1, bt1 in firsts:
            b = SEVEN - a
            part1 = None
            if to1 > HOME0:
                if d1 >= 0 and last_out:
                    # P-8.2: the rest moves the next team-mate's pegs
                    for peg2, frm2, to2, b2, bt2 in _seconds_for_next(game, seat, peg1, frm1, to1,
                                                                      b1, bt1, b):
                        if part1 is None:
                            part1 = make_part(peg1, frm1, to1, b1, bt1, geo)
                        add(play_of(seat, "7", (part1, make_part(peg2, frm2, to2, b2, bt2, geo))))
                    continue
                homes2 = [q for q in homes if q != frm1]        # peg1 moved in/into HOME
                homes2.append(to1)
                free2 = min(homes2)
                seconds = movers
            else:
                homes2 = None
                free2 = home_free
                seconds = live
            grow = (a if to1 < HOME0 else ahead1) if d1 >= 0 else 0
            # the second parts: (peg2, its label, to2, public bump or None)
            cands = []
            keep = cands.append
            for peg2, p2, ahead2, d2, next2, top2, label2 in seconds:
                if peg2 == peg1:
                    continue
                if d2 < 0:                                      # P-5.5: inside HOME
                    if homes2 is None:
                        if b > ahead2:
                            continue                            # P-5.1: no passing in HOME
                    else:
                        k = p2 + b
                        if k > HOME0 + 5 or any(p2 < q <= k for q in homes2):
                            continue                            # P-5.1: no passing in HOME
                    keep((peg2, label2, p2 + b, None))
                    continue
                if next2 == frm1:                               # peg1 was just ahead
                    ahead2 += grow
                if b < ahead2:                                  # P-5.1
                    t = wrap[p2 + b]
                    occ = peg1 if t == to1 else b1 if t == bt1 else -1 if t == frm1 else board[t]
                    if occ < 0:
                        keep((peg2, label2, t, None))
                    else:                                       # P-6
                        r = bump_to[occ]
                        if r == START:
                            keep((peg2, label2, t, bump_parts[occ]))
                        elif r >= 0 and r != t:
                            x = peg1 if r == to1 else b1 if r == bt1 else -1 if r == frm1 else board[r]
                            if x < 0 or x == peg2:
                                keep((peg2, label2, t, bump_parts[occ]))
                if d2 < b <= d2 + 5 and d2 < ahead2 and HOME0 + b - d2 < free2:   # P-5.4
                    keep((peg2, label2, HOME0 + b - d2, None))
            for peg2, label2, to2, bump2 in cands:
                if peg2 < peg1:
                    if (peg2, to2, peg1, to1) in seen:
                        continue                                # the other order, listed
                else:
                    seen.add((peg1, to1, peg2, to2))
                if part1 is None:
                    part1 = make_part(peg1, frm1, to1, b1, bt1, geo)
                m = _new(Play)                                  # new_play, inline
                _set_seat(m, seat)
                _set_card(m, "7")
                _set_parts(m, (part1, (*label2, names[to2], bump2)))
                add(m)
    return out


def _seconds_for_next(game, seat: int, peg1: int, frm1: int, to1: int, b1: int, bt1: int,
                      b: int) -> list:
    """P-8.2 (RULES.md decision 3): the first part brought the last peg of
    its owner HOME, so the second part moves pegs of whoever `seat` plays
    for next; none if that was the team's last peg (decision 4). Rare, so
    done plainly: make the first part, look, take it back."""
    pos, board, geo = game.pos, game.board, game.geo
    do_part(pos, board, peg1, frm1, to1, b1, bt1)
    owner2 = playing_for(pos, geo.helpers[seat])
    out = []
    if owner2 is not None:
        base2 = owner2 * PEGS
        for peg2 in range(base2, base2 + PEGS):
            p2 = pos[peg2]
            if p2 >= 0:
                for to2, b2, bt2 in forward_options(pos, board, geo.length, geo.in_spot,
                                                    owner2, peg2, b):
                    out.append((peg2, p2, to2, b2, bt2))
    undo_part(pos, board, peg1, frm1, to1, b1, bt1)
    return out


def joker_moves(game, seat: int, owner: int, start_peg: int) -> list:
    """P-7.1: a peg from START (the lowest-numbered) or from the track jumps
    onto any track hole holding another player's peg, bumping it."""
    pos, board, geo = game.pos, game.board, game.geo
    names = geo.names
    base = owner * PEGS
    movers = [peg for peg in range(base, base + PEGS) if 0 <= pos[peg] < HOME0 or peg == start_peg]
    if not movers:
        return []
    bump_to, bump_parts = geo.bump_to[owner], geo.bump_parts[owner]
    # Per target hole, in hole order: its name, the public bump (P-6) and
    # the peg (if any) on the in-spot a bumped partner would go to (P-6.2).
    targets = []
    for t in sorted(pos):
        if t >= HOME0:
            break
        if t >= 0:
            occ = board[t]
            r = bump_to[occ]
            if r == START:                                      # P-6.1
                targets.append((names[t], bump_parts[occ], -1))
            elif r >= 0 and r != t:                             # P-6.2
                targets.append((names[t], bump_parts[occ], board[r]))
    # Not memoised: joker moves rarely repeat (any peg onto any peg). Built
    # as new_play does, inline (this loop builds many).
    out = []
    add = out.append
    for peg in movers:
        frm = names[pos[peg]]
        number = peg - base + 1
        for name, bump, x in targets:
            if x < 0 or x == peg:                              # P-6.2 decision: in-spot free
                m = _new(Play)
                _set_seat(m, seat)
                _set_card(m, "JOKER")
                _set_parts(m, ((owner, number, frm, name, bump),))
                add(m)
    return out
