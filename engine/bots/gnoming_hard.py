"""The hard Gnoming bot: normal's best few options, each valued by Monte Carlo
look-ahead over the chance of the cards.

For a draw, a placement or a bounce it ranks the legal moves by the normal
bot's estimates and keeps the best `CANDIDATES` (every discard counts as one
option, its pile being the normal bot's choice). Each is valued by its mean
round score over deals of the unseen cards in the solitaire model of
`gnoming_solo` (less a credit for every turn by which going out cuts the
round short for the others); every candidate is played in the same deals
(common random numbers), so the paired differences are precise.

The deals come in batches of `BATCH` and the candidates race (`race.race`):
after each batch a candidate whose mean trails the leader's by more than `Z`
standard errors of their paired difference is dropped, and the race stops
when one is left or after `MAX_SAMPLES` deals; then the lowest mean wins.
Clear decisions thus cost one batch, close ones get up to `MAX_SAMPLES` deals.

Opening flips and Hazard flips are the normal bot's.
"""
from __future__ import annotations

import random

from ..gnoming.generate import DRAWING, PLAYING, REPLACED
from ..gnoming.moves import Discard
from . import gnoming_solo as solo
from .gnoming import View, choose_normal, choose_pile, normal_scores
from .race import race

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
    best = race(len(options), lambda: solo.Sample(model, v.cells, rng),
                lambda i, sample: solo.evaluate(model, g, options[i][1], sample),
                batch=BATCH, min_samples=BATCH, max_samples=MAX_SAMPLES, z=Z, minimize=True)
    return options[best][1]
