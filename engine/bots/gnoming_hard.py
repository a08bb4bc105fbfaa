"""The hard Gnoming bot: normal's best few options, each valued by Monte Carlo
look-ahead over the chance of the cards.

For a draw, a placement or a bounce it ranks the legal moves by the normal
bot's estimates and keeps the best `CANDIDATES` (every discard counts as one
option, its pile being the normal bot's choice). Each is valued by its mean
round score over deals of the unseen cards in the solitaire model of
`gnoming_solo` (less a credit for every turn by which going out cuts the
round short for the others); every candidate is played in the same deals
(common random numbers), so the paired differences are precise.

The deals come in batches of `BATCH`, the candidates race: after each batch
a candidate whose mean trails the leader's by more than `Z` standard errors
of their paired difference is dropped, and the race stops when one is left
or after `MAX_SAMPLES` deals; then the lowest mean wins. Clear decisions thus
cost one batch, close ones get up to `MAX_SAMPLES` deals.

Opening flips and Hazard flips are the normal bot's.
"""
from __future__ import annotations

import random

from ..gnoming.generate import DRAWING, PLAYING, REPLACED
from ..gnoming.moves import Discard
from . import gnoming_solo as solo
from .gnoming import View, choose_normal, choose_pile, normal_scores

CANDIDATES = 6       # normal's best options that are looked ahead from
BATCH = 120          # deals per step of the race between candidates
MAX_SAMPLES = 960    # deals at most per candidate
Z = 2.5              # a candidate is dropped when it trails the leader by Z standard errors


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
    if g.phase not in (DRAWING, PLAYING, REPLACED):
        return choose_normal(g, legal)
    seat = g.to_act
    v = View(g, seat)
    options = candidates(v, legal)
    if len(options) == 1:
        return options[0][1]
    model = solo.Model(g, seat, v.k, v.rival_estimates())
    runs = [[] for _ in options]          # per candidate, its score in every deal so far
    alive = list(range(len(options)))
    n = 0
    while True:
        for _ in range(BATCH):
            sample = solo.Sample(model, v.cells, rng)
            for i in alive:
                runs[i].append(solo.evaluate(model, g, options[i][1], sample))
        n += BATCH
        means = {i: sum(runs[i]) / n for i in alive}
        lead = min(alive, key=means.__getitem__)
        if n >= MAX_SAMPLES:
            break
        x = runs[lead]
        keep = []
        for i in alive:
            diff = means[i] - means[lead]
            if i != lead:
                var = sum((a - b - diff) ** 2 for a, b in zip(runs[i], x)) / (n - 1)
                if diff * diff * n > Z * Z * var:
                    continue                # clearly worse than the leader
            keep.append(i)
        alive = keep
        if len(alive) == 1:
            break
    return options[lead][1]
