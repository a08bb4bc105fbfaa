"""Gnoming A Round bots: what a seat knows and how good a layout is.

A layout is seen as nine cells, each a card int (-2 … 10, `M` = 0, `H` = 11)
or `U` for a face-down card. `Knowledge` holds the distribution of the
unseen cards (every face-down card of every seat plus the draw pile) and the
tables derived from it; `value(cells, k)` estimates the layout's final round
score (lower is better):

  expected score if every face-down card were turned up now (G-7, with the
  chance that an unknown card completes a line)
  - the chance that a line is completed in the turns left, times what that
    set would save (the line "potential")
  + a small cost per face-down card (tempo: it still has to be dealt with).

The tables are built once per decision; `value` is the inner loop of both
bot levels and is written for speed.
"""
from __future__ import annotations

import math

from ..gnoming.cards import HAZARD, MULLIGAN
from ..gnoming.layout import LINES
from ..gnoming.scoring import score_layout

M = MULLIGAN
H = HAZARD
U = 12                       # a face-down (unknown) cell
NCARD = 15                   # card + 2 indexes -2 … 12
POS = range(1, 11)

# score value of each known card (index card + 2); U is filled per Knowledge
VAL = [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 0]

LINE_OF_CELL = tuple(tuple(li for li, line in enumerate(LINES) if c in line) for c in range(9))
LINE_MASK = tuple(sum(1 << c for c in line) for line in LINES)

# tunable weights (see the module doc)
W_POT = 0.75                 # how much of a line's future potential counts
TEMPO = 0.4                  # cost per face-down card
HIT_DRAWS = 1.6              # per turn, how many "looks" at a fresh card a seat gets


def _line_table():
    """For every triple of cells (index (a+2)*225 + (b+2)*15 + (c+2)): (u, m, options).

    u: face-down cells; m: face-up Mulligans; options: ((t, need), ...) the
    targets t (positive values present) with `need` the face-up cards that
    are neither t nor a Mulligan; None when the line holds no positive card
    and nothing bad (only Mulligans and face-down cards)."""
    table = [None] * (NCARD ** 3)
    cards = list(range(-2, 13))
    for a in cards:
        for b in cards:
            for c in cards:
                trio = (a, b, c)
                u = trio.count(U)
                m = trio.count(M)
                known = [x for x in trio if x != U]
                positives = sorted({x for x in known if 1 <= x <= 10})
                if positives:
                    options = tuple((t, sum(1 for x in known if x != t and x != M)) for t in positives)
                elif all(x == M for x in known):
                    options = None
                else:
                    options = ()   # only bad cards (negatives / Hazards) with Mulligans
                table[(a + 2) * 225 + (b + 2) * 15 + (c + 2)] = (u, m, options)
    return table


LINE_TABLE = _line_table()


# SETV[index of a line] = t when the line is a set whatever happens (no
# face-down card, a matching set of t), else 0
SETV = [0] * (NCARD ** 3)
for _i, (_u, _m, _opts) in enumerate(LINE_TABLE):
    if _u == 0 and _opts and len(_opts) == 1 and _opts[0][1] == 0:
        SETV[_i] = _opts[0][0]
del _i, _u, _m, _opts

# index weights of the three cells of a line, and each cell's (row, column)
WEIGHT = (225, 15, 1)
CELL_LINES = tuple((c // 3, 3 + c % 3) for c in range(9))
CELL_WEIGHT = tuple((WEIGHT[c % 3], WEIGHT[c // 3]) for c in range(9))


def line_index(cells: list[int], li: int) -> int:
    a, b, c = LINES[li]
    return (cells[a] + 2) * 225 + (cells[b] + 2) * 15 + cells[c] + 2


class Knowledge:
    """The unseen-card distribution and its derived tables.

    `terms` caches the contribution of each line (by its index, see
    LINE_TABLE) for the current number of turns left `R`."""

    __slots__ = ("n", "p", "mu", "var", "q", "cv", "val", "open", "R", "pb", "hit", "terms", "_cache")

    def __init__(self, counts: list[int], R: int):
        n = sum(counts)
        self.n = n
        if n == 0:
            counts = [1] * 14 + [0]
            n = 14
        p = [c / n for c in counts]
        self.p = p
        mu = sum(p[i] * VAL[i] for i in range(14))
        self.mu = mu
        self.var = sum(p[i] * (VAL[i] - mu) ** 2 for i in range(14))
        pm = p[M + 2]
        q = [0.0] * 11
        cv = [0.0] * 11
        for t in POS:
            q[t] = p[t + 2] + pm
            cv[t] = t * p[t + 2] / q[t] if q[t] > 0 else 0.0
        self.q = q
        self.cv = cv
        val = VAL[:]
        val[U + 2] = mu
        self.val = val
        # chance that a line of only Mulligans and u face-down cards is a set, times its saving
        opn = [0.0] * 4
        for u in (1, 2, 3):
            s = 0.0
            for t in POS:
                s += (q[t] ** u - pm ** u) * (t + u * cv[t])
            opn[u] = s
        self.open = opn
        hit = [0.0] * 11
        for t in POS:
            hit[t] = 1.0 - (1.0 - q[t]) ** HIT_DRAWS
        self.hit = hit
        self._cache = {}      # R -> (pb, terms)
        self.R = -1
        self.set_turns(R)

    def set_turns(self, R: int) -> None:
        """R: how many more turns the seat is expected to have after this one."""
        if R == self.R:
            return
        self.R = R
        found = self._cache.get(R)
        if found is None:
            pb = [None] * 11
            for t in POS:
                h = self.hit[t]
                row = [1.0, 0.0, 0.0, 0.0]
                if R > 0:
                    # row[j] = P(Bin(R, h) >= j)
                    tail = 1.0
                    for j in range(1, 4):
                        if j > R:
                            break
                        tail -= math.comb(R, j - 1) * h ** (j - 1) * (1 - h) ** (R - j + 1)
                        row[j] = max(0.0, tail)
                pb[t] = row
            found = self._cache[R] = (pb, {})
        self.pb, self.terms = found

    def term(self, idx: int) -> float:
        """The contribution of a line (by index) to `value`, beyond its cells' own values."""
        found = self.terms.get(idx)
        if found is not None:
            return found
        u, m, opts = LINE_TABLE[idx]
        cards = (idx // 225 - 2, idx // 15 % 15 - 2, idx % 15 - 2)
        val = self.val
        if u == 0:
            t = SETV[idx]
            out = -(t + sum(val[x + 2] for x in cards)) if t else 0.0
        elif opts is None:
            out = -self.open[u]
        elif not opts:
            out = 0.0
        else:
            known_sum = sum(val[x + 2] for x in cards if x != U)
            gain = 0.0
            best = 0.0
            q = self.q
            mu = self.mu
            for t, need in opts:
                qt = q[t]
                row = self.pb[t]
                if need == 0:
                    p_now = qt ** u
                    gain += p_now * (t + known_sum + u * self.cv[t])
                else:
                    p_now = 0.0
                # the chance of completing it in the turns left
                r = 1 - qt
                if u == 1:
                    p_fut = qt * row[need] + r * row[need + 1]
                elif u == 2:
                    p_fut = qt * qt * row[need] + 2 * qt * r * row[need + 1] + r * r * row[need + 2]
                else:
                    p_fut = qt ** 3 + 3 * qt * qt * r * row[1] + 3 * qt * r * r * row[2] + r ** 3 * row[3]
                extra = (p_fut - p_now) * (t + known_sum + u * mu)
                if extra > best:
                    best = extra
            out = -(gain + W_POT * best)
        self.terms[idx] = out
        return out


def value(cells: list[int], k: Knowledge) -> float:
    """Estimated final round score of a layout (lower is better)."""
    val = k.val
    total = 0.0
    unknown = 0
    for c in cells:
        total += val[c + 2]
        if c == U:
            unknown += 1
    terms = k.terms
    term = k.term
    a, b, c, d, e, f, g, h, i = cells
    a += 2
    b += 2
    c += 2
    d += 2
    e += 2
    f += 2
    g += 2
    h += 2
    i += 2
    r0 = a * 225 + b * 15 + c
    r1 = d * 225 + e * 15 + f
    r2 = g * 225 + h * 15 + i
    c0 = a * 225 + d * 15 + g
    c1 = b * 225 + e * 15 + h
    c2 = c * 225 + f * 15 + i
    for idx in (r0, r1, r2, c0, c1, c2):
        t = terms.get(idx)
        total += term(idx) if t is None else t
    # a card in a set row and a set column was taken off twice
    sv = SETV
    if (sv[r0] or sv[r1] or sv[r2]) and (sv[c0] or sv[c1] or sv[c2]):
        rows = (sv[r0], sv[r1], sv[r2])
        cols = (sv[c0], sv[c1], sv[c2])
        for cell in range(9):
            if rows[cell // 3] and cols[cell % 3]:
                total += val[cells[cell] + 2]
    return total + TEMPO * unknown


def exact_score(cells: list[int]) -> int:
    """The G-7 score of a layout with every card known."""
    return score_layout(cells)


def phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
