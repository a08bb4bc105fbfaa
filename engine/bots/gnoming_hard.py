"""The hard Gnoming bot: normal's best few options, each valued by Monte Carlo
look-ahead over the chance of the cards.

For a draw, a placement or a bounce it ranks the legal moves by the normal
bot's estimates and keeps the best `CANDIDATES`. Each is then valued by the
mean round score over `SAMPLES` deals of the unseen cards in the solitaire
model of `gnoming_solo` (the same deals for every candidate). Opening flips,
Hazard flips and the choice of discard pile are the normal bot's.
"""
from __future__ import annotations

import random

from ..gnoming.generate import DRAWING, PLAYING, REPLACED
from ..gnoming.moves import Discard
from . import gnoming_solo as solo
from ..gnoming.moves import Bounce, Place
from .gnoming import View, choose_normal, choose_pile, next_player, normal_scores, usefulness
from .gnoming_eval import U
from .gnoming_quick import rollout

MODE = "solo"
CANDIDATES = 4
SAMPLES = 160
DEALS = 24           # (MODE "rollout") full-table play-outs per candidate
PRIOR = 0.0          # weight of the normal estimate against the look-ahead
DENY = 0.0           # weight of what a discarded card would give the next player


def candidates(v: View, legal: list) -> list[tuple[float, object]]:
    """The best few distinct options by the normal estimate (every Discard
    is one option: the pile is the normal bot's choice)."""
    scored = normal_scores(v, legal)
    options = []
    discard = None
    for val, m in scored:
        if isinstance(m, Discard):
            if discard is None:
                discard = choose_pile(v, [x for _, x in scored if isinstance(x, Discard)])
                options.append((val, discard))
        else:
            options.append((val, m))
    options.sort(key=lambda vm: vm[0])
    return options[:CANDIDATES]


def choose_hard(g, legal: list, rng: random.Random):
    phase = g.phase
    if phase not in (DRAWING, PLAYING, REPLACED):
        return choose_normal(g, legal)
    seat = g.to_act
    v = View(g, seat)
    options = candidates(v, legal)
    if len(options) == 1:
        return options[0][1]
    totals = [0.0] * len(options)
    if MODE == "solo":
        model = solo.Model(g, seat, v.k, v.rival_estimates())
        n = SAMPLES
        for _ in range(n):
            sample = solo.Sample(model, v.cells, rng)
            for i, (_, m) in enumerate(options):
                totals[i] += solo.evaluate(model, g, m, sample)
    else:
        k = v.k
        n = DEALS
        for _ in range(n):
            deal = g.determinize(seat, random.Random(rng.getrandbits(64)))
            for i, (_, m) in enumerate(options):
                c = deal.clone()
                c._apply(m)
                totals[i] += rollout(c, seat, k)
    if DENY:
        nxt = next_player(g, seat)
        if nxt is not None:
            for i, (_, m) in enumerate(options):
                card = discarded(g, v.cells, m)
                if card is not None:
                    totals[i] += n * DENY * usefulness(g, nxt, card, v.k)
    best, best_v = None, None
    for i, (val, m) in enumerate(options):
        score = totals[i] / n + PRIOR * val
        if best_v is None or score < best_v:
            best, best_v = m, score
    return best


def discarded(g, cells, move):
    """The card `move` will surely discard, when it is known (else None)."""
    if isinstance(move, Discard):
        return g.hand if g.hand != 11 else None
    if isinstance(move, (Place, Bounce)) and g.phase != DRAWING:
        old = cells[move.cell]
        if old != U and old != 11 and not (isinstance(move, Bounce) and 0 < old < 11 and old in cells):
            return old
    return None
