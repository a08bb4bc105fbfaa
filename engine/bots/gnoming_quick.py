"""A fast version of the normal Gnoming policy, for the hard bot's play-outs.

It values a card in a cell by the change of `gnoming_eval.value` through the
cell's row and column only (the line terms are cached in the Knowledge),
takes a discard-pile top when it improves the layout by `TAKE_EDGE` or more,
places a drawn card where it helps most or discards it, bounces when that
helps, always takes a Hazard flip, and covers the lower discard-pile top.
Like the normal bot it reads only face-up cards and the unseen-card
multiset: it never looks at the face-down cards of the copy it plays in.

`rollout(g, seat, k)` plays the round to its end with this policy for every
seat (moves are applied through the engine's own move application) and
returns `seat`'s round score minus the mean of the others'.
"""
from __future__ import annotations

import math

from ..gnoming.generate import (DRAWING, FROM_DRAW, HAZARD_FLIPS, PLAYING, REPLACED, bounce_targets,
                                discard_piles)
from ..gnoming.moves import DISCARD, DISCARD_HAZARD, DRAW, FLIP, PLACE, TAKE, BOUNCE
from ..gnoming.scoring import score_layout
from .gnoming_eval import CELL_LINES, CELL_WEIGHT, LINES, M, H, TEMPO, U, Knowledge, phi, value

TAKE_EDGE = 2.5          # a discard top is taken when it improves the layout by this much
ROLLOUT_TURNS = 400      # safety net (the engine's own limits end every round anyway)


def _cells(g, seat):
    up = g.up[seat]
    base = seat * 9
    cards = g.cards
    return [cards[base + c] if up >> c & 1 else U for c in range(9)]


def _turns_left(g, seat):
    if g.went_out is not None:
        return 0
    up = g.up
    fewest = 9
    for s in range(g.players):
        if s != seat:
            f = 9 - up[s].bit_count()
            if f < fewest:
                fewest = f
    r = int(1.5 + 1.1 * fewest)
    if r > 10:
        r = 10
    return r


class Seat:
    """The line indices and terms of one layout, for fast single-cell changes."""

    __slots__ = ("cells", "idx", "terms", "unknown", "k")

    def __init__(self, cells, k: Knowledge):
        self.cells = cells
        self.k = k
        a, b, c, d, e, f, g, h, i = [x + 2 for x in cells]
        self.idx = [a * 225 + b * 15 + c, d * 225 + e * 15 + f, g * 225 + h * 15 + i,
                    a * 225 + d * 15 + g, b * 225 + e * 15 + h, c * 225 + f * 15 + i]
        term = k.term
        self.terms = [term(x) for x in self.idx]
        self.unknown = cells.count(U)

    def gain(self, card: int, cell: int) -> float:
        """How much lower the layout value gets with `card` at `cell`."""
        cells = self.cells
        old = cells[cell]
        if old == card:
            return 0.0
        k = self.k
        val = k.val
        d = card - old
        r, c = CELL_LINES[cell]
        wr, wc = CELL_WEIGHT[cell]
        term = k.term
        delta = (val[card + 2] - val[old + 2] + term(self.idx[r] + d * wr) - self.terms[r]
                 + term(self.idx[c] + d * wc) - self.terms[c])
        if old == U:
            delta -= TEMPO
        return -delta


def _going_out_gain(g, seat, st: Seat, card, cell, k: Knowledge) -> float:
    """The gain of placing `card` at the last face-down cell (going out)."""
    cells = st.cells
    old = cells[cell]
    cells[cell] = card
    s = score_layout(cells)
    cells[cell] = old
    before = value(cells, k)
    if g.went_out is not None:
        return before - s
    saved = k.R
    k.set_turns(0)
    p_low = 1.0
    for o in range(g.players):
        if o != seat:
            oc = _cells(g, o)
            est = value(oc, k) - 2.0
            sd = math.sqrt(k.var * oc.count(U) + 4.0)
            p_low *= phi((est - s + 0.5) / sd)
    k.set_turns(saved)
    return before - (s + 5.0 - 10.0 * p_low)


def _best_cell(g, seat, st: Seat, card, allowed, k) -> tuple[float, int]:
    """(gain, cell) of the best cell for `card` (Seat.gain inlined: the hot loop)."""
    best, best_cell = -math.inf, -1
    last = st.unknown == 1
    cells = st.cells
    val = k.val
    terms = k.terms
    term = k.term
    idx = st.idx
    lt = st.terms
    vc = val[card + 2]
    for cell in allowed:
        old = cells[cell]
        if old == U:
            if last:
                v = _going_out_gain(g, seat, st, card, cell, k)
                if v > best:
                    best, best_cell = v, cell
                continue
            v = TEMPO
        elif old == card:
            if best < 0.0:
                best, best_cell = 0.0, cell
            continue
        else:
            v = 0.0
        d = card - old
        r, c = CELL_LINES[cell]
        wr, wc = CELL_WEIGHT[cell]
        i1 = idx[r] + d * wr
        i2 = idx[c] + d * wc
        t1 = terms.get(i1)
        if t1 is None:
            t1 = term(i1)
        t2 = terms.get(i2)
        if t2 is None:
            t2 = term(i2)
        v += val[old + 2] - vc + lt[r] - t1 + lt[c] - t2
        if v > best:
            best, best_cell = v, cell
    return best, best_cell


ALL_CELLS = tuple(range(9))


def _allowed(cells, card):
    if card != M:
        return ALL_CELLS
    ups = [c for c in range(9) if cells[c] == M]
    if not ups:
        return ALL_CELLS
    if len(ups) > 1:
        return ()
    return ups


def _discard(g, seat):
    card = g.hand
    piles = discard_piles(g, card)
    if piles is None:
        return DISCARD_HAZARD[seat]
    if len(piles) == 1:
        return DISCARD[seat][piles[0]]
    # cover the lower top (low cards help everybody)
    if not g.piles[0]:
        return DISCARD[seat][0]
    t0 = g.piles[0][-1]
    t1 = g.piles[1][-1]
    return DISCARD[seat][0 if t0 <= t1 or t1 == H else 1]


def quick_move(g, k: Knowledge):
    """The fast policy's move for g.to_act (a legal move)."""
    seat = g.to_act
    phase = g.phase
    if phase == DRAWING:
        k.set_turns(_turns_left(g, seat))
        st = Seat(_cells(g, seat), k)
        best, choice = TAKE_EDGE, DRAW[seat]
        for pile in (0, 1):
            p = g.piles[pile]
            if p:
                allowed = _allowed(st.cells, p[-1])
                if allowed:
                    v, _ = _best_cell(g, seat, st, p[-1], allowed, k)
                    if v >= best:
                        best, choice = v, TAKE[seat][pile]
        return choice
    if phase == PLAYING:
        k.set_turns(_turns_left(g, seat))
        st = Seat(_cells(g, seat), k)
        card = g.hand
        allowed = _allowed(st.cells, card)
        if allowed:
            if len(allowed) < 9 and card == M:
                pass
            v, cell = _best_cell(g, seat, st, card, allowed, k)
            if v > 0 or g.hand_from != FROM_DRAW:
                return PLACE[seat][cell]
        return _discard(g, seat)
    if phase == REPLACED:
        card = g.hand
        targets = bounce_targets(g, seat, card)
        if targets:
            k.set_turns(_turns_left(g, seat))
            st = Seat(_cells(g, seat), k)
            cells = [c for c in range(9) if targets >> c & 1]
            v, cell = _best_cell(g, seat, st, card, cells, k)
            if v > 0:
                return BOUNCE[seat][card][cell]
        return _discard(g, seat)
    if phase == HAZARD_FLIPS:
        down = 511 ^ g.up[seat]
        for c in range(9):
            if down >> c & 1:
                return FLIP[seat][c]
    # opening flips never happen in a play-out (it stops at the round's end)
    return g.legal_moves()[0]


def rollout(g, seat: int, k: Knowledge) -> float:
    """Play the round of `g` (a private copy) to its end with the fast policy;
    `seat`'s round score minus the mean of the others' scores."""
    rnd = g.round
    apply = g._apply
    for _ in range(ROLLOUT_TURNS * 3):
        if g.round != rnd or g.to_act is None:
            break
        apply(quick_move(g, k))
    else:  # pragma: no cover - the engine ends every round well before
        return 0.0
    g._legal = None
    scores = g.last_round["scores"]
    n = len(scores)
    mine = scores[seat]
    return mine - (sum(scores) - mine) / (n - 1)
