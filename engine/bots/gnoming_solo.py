"""Monte Carlo look-ahead over one seat's own future turns, for the hard bot.

The hard bot values each candidate move by playing the seat's rest of the
round many times in a simplified model ("solitaire"):

* the unseen cards (the multiset the seat cannot see: every face-down card
  and the draw pile) are shuffled; the seat's own face-down cells get the
  first of them, the rest is the sequence of cards the seat will meet;
* the number of turns the seat has left is drawn from what normal play
  shows: about 0.9 per face-down card of the opponent closest to going out,
  plus one, with a spread of 1.7 turns (none if somebody already went out);
* every future turn offers one discard-pile top (a card of the sequence) and
  the draw pile (the next one); the seat plays a fast greedy policy on the
  change of `gnoming_eval.value` through a cell's row and column (take the
  top when it helps by `TAKE_EDGE`, else draw; place where it helps most or
  discard; bounce when it helps);
* the seat goes out when it has turned up its last card and that pays (then
  the bonus or penalty of G-7.7, with the chance of being lowest against the
  others' estimated scores); otherwise its last turn is the final one, after
  which its face-down cards are turned up.

The result of a sample is the seat's round score, less `EARLY_CREDIT` for
every turn by which going out cuts the round short: the others lose those
turns, and in normal play a seat's score drops by about 5 points a turn, so
ending the round early is worth more than the seat's own score shows (the
measure that counts is the score against the others'). For the same reason
the policy puts a card on a face-down cell with a bonus of `SOLO_TEMPO`
points: turning cards up quickly is what lets a seat go out early.

Every candidate sees the same samples (common random numbers), so their
differences are precise with a few hundred samples.
"""
from __future__ import annotations

import math
import random

from ..gnoming.generate import DRAWING, PLAYING, REPLACED
from ..gnoming.moves import Bounce, Flip, Place, Take
from ..gnoming.scoring import score_layout
from .gnoming_eval import CELL_LINES, CELL_WEIGHT, M, H, U, Knowledge, phi, value

TAKE_EDGE = 2.5
RACE_SLOPE = 0.9
RACE_BASE = 0.95
RACE_SPREAD = 1.7
RIVAL_GAIN = 1.0        # how much a rival is expected to improve per turn
# EARLY_CREDIT: points per turn by which going out cuts the round short. In
# `parlor sim gnoming --games 200 --players 4 --levels hard,normal,normal,normal
# --seed 1` hard won 41.5% and ended 4.6 points a round below normal with 5;
# with 4, 39.0% and 4.2 below; with 7, 37.0% and 3.4 below. 6 with
# SOLO_TEMPO 4 or 5 was no better on duplicate round-one deals.
EARLY_CREDIT = 5.0
SOLO_TEMPO = 3.0        # the policy's bonus for placing on a face-down cell
ALL_CELLS = tuple(range(9))


class Solo:
    """One seat's layout during a sample: what the seat sees (`cells`, U for
    face-down) and what is really there (`actual`)."""

    __slots__ = ("cells", "actual", "idx", "lt", "unknown", "k")

    def __init__(self, cells, actual, k: Knowledge):
        self.cells = cells
        self.actual = actual
        self.k = k
        self.refresh()

    def refresh(self):
        cells = self.cells
        a, b, c, d, e, f, g, h, i = [x + 2 for x in cells]
        self.idx = idx = [a * 225 + b * 15 + c, d * 225 + e * 15 + f, g * 225 + h * 15 + i,
                          a * 225 + d * 15 + g, b * 225 + e * 15 + h, c * 225 + f * 15 + i]
        terms = self.k.terms
        term = self.k.term
        lt = []
        for x in idx:
            t = terms.get(x)
            lt.append(term(x) if t is None else t)
        self.lt = lt
        self.unknown = cells.count(U)

    def best(self, card: int, allowed, filled: int = 0):
        """(gain, cell) for the best cell for `card` among `allowed` not in `filled`;
        going out (the last face-down cell) is left to the caller: it is valued
        here as an ordinary face-down cell."""
        best, best_cell = -math.inf, -1
        cells = self.cells
        k = self.k
        val = k.val
        terms = k.terms
        term = k.term
        idx = self.idx
        lt = self.lt
        vc = val[card + 2]
        for cell in allowed:
            if filled >> cell & 1:
                continue
            old = cells[cell]
            if old == card:
                if best < 0.0:
                    best, best_cell = 0.0, cell
                continue
            v = SOLO_TEMPO if old == U else 0.0
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

    def put(self, card: int, cell: int) -> int:
        """Put `card` at `cell`; returns the card that lay there (now known)."""
        old = self.actual[cell]
        self.actual[cell] = card
        self.cells[cell] = card
        self.refresh()
        return old


def allowed_cells(cells, card):
    if card != M:
        return ALL_CELLS
    ups = [c for c in range(9) if cells[c] == M]
    if not ups:
        return ALL_CELLS
    if len(ups) > 1:
        return ()
    return ups


class Model:
    """Per-decision data: knowledge, the unseen pool, the race and the rivals."""

    def __init__(self, g, seat: int, k: Knowledge, rivals: list[tuple[float, float]]):
        self.g = g
        self.seat = seat
        self.k = k
        pool = []
        cards = g.cards
        for s in range(g.players):
            down = 511 ^ g.up[s]
            for c in range(9):
                if down >> c & 1:
                    pool.append(cards[s * 9 + c])
        pool.extend(g.draw)
        pool.sort()                       # only the multiset counts
        self.pool = pool
        self.final = g.went_out is not None
        n = g.players
        fewest = min(9 - g.up[s].bit_count() for s in range(n) if s != seat) if n > 1 else 9
        self.race_mean = RACE_SLOPE * fewest + RACE_BASE
        self.rivals = rivals
        self.turns = 0                    # the current sample's turns (set by `evaluate`)

    def going_out_score(self, actual, turns_from_now: int) -> float:
        """The value of going out `turns_from_now` turns after the current one:
        the score with the bonus or penalty of G-7.7, less the credit for the
        turns the others lose."""
        s = score_layout(actual)
        if self.final:
            return float(s)
        p_low = 1.0
        for est, sd in self.rivals:
            p_low *= phi((est - RIVAL_GAIN * turns_from_now - s + 0.5) / sd)
        return s + 5.0 - 10.0 * p_low - EARLY_CREDIT * max(0, self.turns - turns_from_now)


class Sample:
    """One deal of the unseen cards for the seat: its face-down cells' cards,
    the card it would draw now, the cards of its future turns, and how many
    future turns it gets."""

    __slots__ = ("actual", "now", "seq", "turns")

    def __init__(self, model: Model, cells: list[int], rng: random.Random):
        pool = model.pool[:]
        rng.shuffle(pool)
        actual = cells[:]
        i = 0
        for c in range(9):
            if actual[c] == U:
                actual[c] = pool[i] if i < len(pool) else 4
                i += 1
        self.actual = actual
        rest = pool[i:]
        self.now = rest[0] if rest else 4
        self.seq = rest[1:] or [4]
        if model.final:
            self.turns = 0
        else:
            r = int(model.race_mean + RACE_SPREAD * rng.gauss(0.0, 1.0) + 0.5)
            self.turns = max(1, min(r, 12))


def _place_and_chain(st: Solo, card: int, cell: int, filled: int) -> int:
    """Place `card` at `cell` and play the bounce chain; returns the filled mask."""
    was_down = st.cells[cell] == U
    held = st.put(card, cell)
    filled |= 1 << cell
    if not was_down:
        return filled
    while 0 < held < H:
        # G-5.2: it matches a face-up positive card of the layout
        if held not in st.cells:
            break
        gain, target = st.best(held, ALL_CELLS, filled)
        if target < 0 or gain <= 0.0 or st.unknown == 1 and st.cells[target] == U:
            break
        held = st.put(held, target)
        filled |= 1 << target
    return filled


def _choose_cell(model: Model, st: Solo, card: int, allowed, turn: int, must: bool):
    """The cell for `card` (or -1: discard it), going out only when it pays."""
    gain, cell = st.best(card, allowed)
    if cell < 0:
        return -1
    if st.unknown == 1 and st.cells[cell] == U:
        # going out: compare with the best cell that keeps the face-down card
        before = value(st.cells, st.k)
        old = st.actual[cell]
        st.actual[cell] = card
        out = model.going_out_score(st.actual, turn)
        st.actual[cell] = old
        stay_gain, stay_cell = st.best(card, [c for c in allowed if st.cells[c] != U])
        if before - out >= stay_gain or stay_cell < 0:
            return cell if (before - out > 0 or must) else -1
        cell, gain = stay_cell, stay_gain
    if gain > 0 or must:
        return cell
    return -1


def play_turn(model: Model, st: Solo, offer: int, drawn: int, turn: int) -> None:
    """One future turn: take the offered top when it helps enough, else draw."""
    allowed = allowed_cells(st.cells, offer)
    if allowed:
        gain, cell = st.best(offer, allowed)
        if gain >= TAKE_EDGE:
            cell = _choose_cell(model, st, offer, allowed, turn, True)
            _place_and_chain(st, offer, cell, 0)
            return
    if drawn == H:
        return
    allowed = allowed_cells(st.cells, drawn)
    if allowed:
        cell = _choose_cell(model, st, drawn, allowed, turn, False)
        if cell >= 0:
            _place_and_chain(st, drawn, cell, 0)


def finish(model: Model, st: Solo, sample: Sample, start: int = 0) -> float:
    """Play the seat's future turns after the current one; its round score."""
    k = st.k
    turns = sample.turns
    seq = sample.seq
    n = len(seq)
    pos = start
    for turn in range(1, turns + 1):
        if st.unknown == 0:
            return model.going_out_score(st.actual, turn - 1)
        k.set_turns(turns - turn)
        st.refresh()
        offer = seq[pos % n]
        drawn = seq[(pos + 1) % n]
        pos += 2
        play_turn(model, st, offer, drawn, turn)
    if st.unknown == 0 and not model.final:
        return model.going_out_score(st.actual, turns)
    return float(score_layout(st.actual))


def evaluate(model: Model, g, move, sample: Sample) -> float:
    """The seat's round score in `sample` after playing `move` now (less the
    credit for going out early, `Model.going_out_score`)."""
    k = model.k
    model.turns = sample.turns
    cells = [g.cards[model.seat * 9 + c] if g.up[model.seat] >> c & 1 else U for c in range(9)]
    actual = sample.actual[:]
    k.set_turns(sample.turns)
    st = Solo(cells, actual, k)
    phase = g.phase
    if isinstance(move, Flip):
        st.cells[move.cell] = st.actual[move.cell]
        st.refresh()
    elif phase == DRAWING:
        if isinstance(move, Take):
            card = g.piles[move.pile][-1]
            cell = _choose_cell(model, st, card, allowed_cells(st.cells, card), 0, True)
            _place_and_chain(st, card, cell, 0)
        else:
            card = sample.now
            if card != H:
                allowed = allowed_cells(st.cells, card)
                if allowed:
                    cell = _choose_cell(model, st, card, allowed, 0, False)
                    if cell >= 0:
                        _place_and_chain(st, card, cell, 0)
    elif phase == PLAYING:
        if isinstance(move, Place):
            _place_and_chain(st, g.hand, move.cell, 0)
    elif phase == REPLACED:
        if isinstance(move, Bounce):
            # the chain goes on from here with the seat's real filled cells
            filled = g.filled
            held = st.put(move.card, move.cell)
            filled |= 1 << move.cell
            while 0 < held < H and held in st.cells:
                gain, target = st.best(held, ALL_CELLS, filled)
                if target < 0 or gain <= 0.0 or st.unknown == 1 and st.cells[target] == U:
                    break
                held = st.put(held, target)
                filled |= 1 << target
    return finish(model, st, sample)
