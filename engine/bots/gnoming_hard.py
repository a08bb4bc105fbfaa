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

The flips (the opening's second, a Hazard's) race the same way: one option
per class of alike cells (`flip_options`), plus turning up nothing after a
Hazard; in a sample the flipped cell shows its card.
"""
from __future__ import annotations

import random

from ..gnoming.generate import HAZARD_FLIPS, OPENING
from ..gnoming.layout import LINES
from ..gnoming.moves import Discard, Flip
from .gnoming_eval import CELL_LINES
from . import gnoming_solo as solo
from .gnoming import View, choose_pile, normal_scores
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


def flip_options(v: View, legal: list) -> list[tuple[float, object]]:
    """One flip per class of equivalent cells (a cell only counts through its
    row and column, so cells whose row and column hold the same cards are
    alike), plus declining when that is allowed."""
    seen = set()
    out = []
    cells = v.cells
    for m in legal:
        if isinstance(m, Flip):
            r, c = CELL_LINES[m.cell]
            key = tuple(sorted(tuple(sorted(cells[x] for x in LINES[li] if x != m.cell)) for li in (r, c)))
            if key in seen:
                continue
            seen.add(key)
        out.append((0.0, m))
    return out


def choose_hard(g, legal: list, rng: random.Random):
    seat = g.to_act
    v = View(g, seat)
    if g.phase in (OPENING, HAZARD_FLIPS):
        options = flip_options(v, legal)
    else:
        options = candidates(v, legal)
    if len(options) == 1:
        return options[0][1]
    model = solo.Model(g, seat, v.k, v.rival_estimates())
    best = race(len(options), lambda: solo.Sample(model, v.cells, rng),
                lambda i, sample: solo.evaluate(model, g, options[i][1], sample),
                batch=BATCH, min_samples=BATCH, max_samples=MAX_SAMPLES, z=Z, minimize=True)
    return options[best][1]
