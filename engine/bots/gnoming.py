"""Gnoming A Round bots: a heuristic player (normal) and a look-ahead player (hard).

Both get a determinized copy of the game (engine.bots.choose) and read only
what the seat to act may know: the face-up cards, the discard piles, the
card in hand, and the *multiset* of unseen cards (every face-down card and
the draw pile, whose values in the copy are random). `normal` never looks at
the copy's face-down values; `hard` samples fresh deals of the unseen cards
(`g.determinize(seat, rng)`) to look ahead.

normal
  Every option is valued by `gnoming_eval.value`, an estimate of the final
  round score of the resulting layout (expected score were all face-down
  cards turned up, less the chance of completing each row and column in the
  turns left times what that set would save). Draws: each discard-pile top
  is valued by its best placement, the draw pile by the expectation over the
  unseen cards of the best of placing or discarding. Going out is valued as
  the exact score ±5 weighted by the chance of being lowest after the others'
  last turns (G-7.7). Bounces are taken when they improve the layout; a
  Hazard flip is taken on the face-down card that tells most; a card is
  discarded onto the pile whose top helps the next player more (covering it).

hard
  For a draw, a placement or a bounce it keeps the best few options by the
  normal values (for a flip: one cell of each kind, and turning up nothing
  after a Hazard) and plays the rest of its round many times in the
  solitaire model of `gnoming_solo` (the same deals for every option); the
  options race, the clearly worse ones dropping out, and the lowest mean
  round score wins (`gnoming_hard`). What counts is the score against the
  others': going out early is credited with the turns it takes from them,
  so hard turns its cards up quickly and goes out sooner than normal.
"""
from __future__ import annotations

import math
import random

from ..gnoming.apply import turn_limit
from ..gnoming.generate import DRAWING, OPENING, PLAYING, REPLACED
from ..gnoming.moves import Bounce, Discard, Flip, Place, Take
from .gnoming_eval import LINE_OF_CELL, LINES, H, M, U, Knowledge, phi, value
from ..gnoming.scoring import score_layout

ALL = 511
NO_CHANGE = 1e-6     # added to a placement that leaves the layout as it was


# -- what the seat sees ------------------------------------------------------
def unseen_counts(g) -> list[int]:
    """Counts (index card + 2) of the cards nobody at the table has seen face up:
    all face-down layout cards and the draw pile (the copy's values are random,
    only the multiset is real)."""
    counts = [0] * 15
    cards = g.cards
    for s in range(g.players):
        down = ALL ^ g.up[s]
        if down:
            base = s * 9
            for c in range(9):
                if down >> c & 1:
                    counts[cards[base + c] + 2] += 1
    for c in g.draw:
        counts[c + 2] += 1
    return counts


def layout(g, seat: int) -> list[int]:
    """The seat's nine cells as everybody sees them (U for a face-down card)."""
    up = g.up[seat]
    base = seat * 9
    cards = g.cards
    return [cards[base + c] if up >> c & 1 else U for c in range(9)]


def turns_left(g, seat: int) -> int:
    """How many more turns `seat` may expect after the current one."""
    if g.went_out is not None:
        return 0
    n = g.players
    fewest = min(9 - g.up[s].bit_count() for s in range(n) if s != seat)
    r = int(0.5 + 1.0 + 1.1 * fewest)
    if g.reshuffled:
        r = min(r, len(g.draw) // n + 1)
    limit = (turn_limit(n) - g.turns) // n
    return max(1, min(r, limit, 10))


class View:
    """Per-decision tables for one seat."""

    __slots__ = ("g", "seat", "k", "cells", "base", "rivals")

    def __init__(self, g, seat: int, counts=None):
        self.g = g
        self.seat = seat
        self.k = Knowledge(counts if counts is not None else unseen_counts(g), turns_left(g, seat))
        self.cells = layout(g, seat)
        self.base = value(self.cells, self.k)
        self.rivals = None

    def rival_estimates(self) -> list[tuple[float, float]]:
        """(expected final score, spread) of every other seat should this seat go out now."""
        if self.rivals is None:
            g, k = self.g, self.k
            saved = k.R
            k.set_turns(0)
            out = []
            for o in range(g.players):
                if o != self.seat:
                    oc = layout(g, o)
                    est = value(oc, k) - one_turn_gain(oc, k)
                    out.append((est, math.sqrt(k.var * oc.count(U) + 4.0)))
            k.set_turns(saved)
            self.rivals = out
        return self.rivals


def placeable(cells: list[int], card: int) -> list[int]:
    """Cells where `card` may go (G-4.6: never a second face-up Mulligan)."""
    if card != M:
        return list(range(9))
    ups = [c for c in range(9) if cells[c] == M]
    if not ups:
        return list(range(9))
    if len(ups) > 1:
        return []
    return ups


# -- going out ------------------------------------------------------------------
def going_out_value(v: "View", cells: list[int]) -> float:
    """Expected round score of going out now with `cells` all face up (G-7.7)."""
    s = score_layout(cells)
    if v.g.went_out is not None:
        return float(s)
    p_low = 1.0
    for est, sd in v.rival_estimates():
        p_low *= phi((est - s + 0.5) / sd)
    return s + 5.0 - 10.0 * p_low


def one_turn_gain(cells: list[int], k: Knowledge) -> float:
    """Rough gain of one more turn (draw pile only) for a layout: the mean over
    the unseen cards of the best improvement of placing the card."""
    base = value(cells, k)
    total = 0.0
    p = k.p
    for ci in range(14):
        pc = p[ci]
        if pc == 0:
            continue
        card = ci - 2
        if card == H:
            continue
        best = 0.0
        old = None
        for cell in range(9):
            old = cells[cell]
            cells[cell] = card
            v = base - value(cells, k)
            cells[cell] = old
            if v > best:
                best = v
        total += pc * best
    return total


# -- normal ---------------------------------------------------------------------
def option_value(v: View, cells: list[int], bounce_chance: bool) -> float:
    """Value of the layout after an option (cells already changed)."""
    if U not in cells:
        return going_out_value(v, cells)
    val = value(cells, v.k)
    if bounce_chance:
        val -= bounce_bonus(cells, v.k)
    return val


def bounce_bonus(cells: list[int], k: Knowledge) -> float:
    """A rough value of the chance that a revealed card can bounce: the card
    matches a face-up positive card with probability sum p; the bounce then
    usually completes or extends a line."""
    seen = set()
    p = k.p
    total = 0.0
    for c in cells:
        if 1 <= c <= 10 and c not in seen:
            seen.add(c)
            total += p[c + 2] * (1.5 + 0.3 * c)
    return total


def place_values(v: View, card: int, face_down_bonus: bool = True) -> list[tuple[float, int]]:
    """[(value, cell)] for placing `card` into each allowed cell."""
    cells = v.cells
    out = []
    for cell in placeable(cells, card):
        old = cells[cell]
        cells[cell] = card
        out.append((option_value(v, cells, face_down_bonus and old == U), cell))
        cells[cell] = old
    return out


def best_place(v: View, card: int) -> float:
    vals = place_values(v, card)
    return min(vals)[0] if vals else math.inf


def draw_value(v: View) -> float:
    """Expected value of drawing from the draw pile: best of placing or discarding."""
    k = v.k
    p = k.p
    keep = v.base
    total = 0.0
    for ci in range(14):
        pc = p[ci]
        if pc == 0:
            continue
        card = ci - 2
        if card == H:
            total += pc * keep
            continue
        total += pc * min(keep, best_place(v, card))
    return total


def usefulness(g, seat: int, card: int, k: Knowledge) -> float:
    """How much `card` would improve `seat`'s layout (0 if nothing)."""
    cells = layout(g, seat)
    saved = k.R
    k.set_turns(turns_left(g, seat))
    base = value(cells, k)
    best = 0.0
    for cell in placeable(cells, card):
        old = cells[cell]
        cells[cell] = card
        d = base - value(cells, k)
        cells[cell] = old
        if d > best:
            best = d
    k.set_turns(saved)
    return best


def next_player(g, seat: int) -> int | None:
    """The seat whose turn follows, or None when the round ends with this turn."""
    n = g.players
    nxt = (seat + 1) % n
    if g.went_out is not None and (g.final_left <= 1 or nxt == g.went_out):
        return None
    return nxt


def choose_pile(v: View, moves: list) -> object:
    """The discard (out of two) that leaves the next player the less useful top."""
    if len(moves) == 1:
        return moves[0]
    g = v.g
    nxt = next_player(g, v.seat)
    if nxt is None:
        return moves[0]
    tops = [g.piles[0][-1] if g.piles[0] else None, g.piles[1][-1] if g.piles[1] else None]
    use = [usefulness(g, nxt, t, v.k) if t is not None else -1.0 for t in tops]
    # cover the more useful top: discard onto it
    pile = 0 if use[0] >= use[1] else 1
    for m in moves:
        if m.pile == pile:
            return m
    return moves[0]


def normal_scores(v: View, legal: list) -> list[tuple[float, object]]:
    """[(estimated final round score, move)] for a draw, a placement or a bounce
    decision (lower is better). Every Discard gets the same value: the pile is
    chosen apart (`choose_pile`)."""
    g = v.g
    cells = v.cells
    out = []
    phase = g.phase
    if phase == DRAWING:
        for m in legal:
            if isinstance(m, Take):
                out.append((best_place(v, g.piles[m.pile][-1]), m))
            else:
                out.append((draw_value(v) - 0.05, m))      # a tie goes to the hidden draw
        return out
    card = g.hand
    keep = None
    for m in legal:
        if isinstance(m, (Place, Bounce)):
            old = cells[m.cell]
            cells[m.cell] = card
            val = option_value(v, cells, old == U)
            cells[m.cell] = old
            if old == card:
                # the same card over its twin changes nothing: a discard,
                # dressed up as a move (and shown as one); lose the tie
                val += NO_CHANGE
            out.append((val, m))
        else:
            if keep is None:
                keep = option_value(v, cells, False)
            out.append((keep, m))
    return out


def pick(v: View, scored: list):
    """The best-scored move (the first on a tie); a discard goes to `choose_pile`."""
    best_v, best = min(scored, key=lambda vm: vm[0])
    if isinstance(best, Discard):
        return choose_pile(v, [m for _, m in scored if isinstance(m, Discard)])
    return best


def flip_value(v: View, cell: int) -> float:
    """Expected layout value after turning up `cell`."""
    k = v.k
    cells = v.cells
    total = 0.0
    for ci in range(14):
        pc = k.p[ci]
        if pc:
            cells[cell] = ci - 2
            total += pc * value(cells, k)
    cells[cell] = U
    return total


def normal_flip(v: View, legal: list):
    flips = [m for m in legal if isinstance(m, Flip)]
    if v.g.phase == OPENING:
        best, best_v = flips[0], math.inf
        for m in flips:
            val = flip_value(v, m.cell)
            if val < best_v - 1e-9:
                best, best_v = m, val
        return best
    # a Hazard flip: information is nearly free; turn up the face-down card
    # whose row and column hold most face-up positive cards (it tells most).
    cells = v.cells
    best, best_n = flips[0], -1
    for m in flips:
        n = 0
        for li in LINE_OF_CELL[m.cell]:
            for c in LINES[li]:
                if 1 <= cells[c] <= 10:
                    n += 1
        if n > best_n:
            best, best_n = m, n
    return best


def choose_normal(g, legal: list):
    v = View(g, g.to_act)
    phase = g.phase
    if phase == DRAWING or phase == PLAYING or phase == REPLACED:
        return pick(v, normal_scores(v, legal))
    return normal_flip(v, legal)


def choose(g, level: str, rng: random.Random):
    legal = g.legal_moves()
    if level == "normal":
        return choose_normal(g, legal)
    from .gnoming_hard import choose_hard
    return choose_hard(g, legal, rng)
