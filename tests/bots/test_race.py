"""The race between candidate moves that the hard bots run over sampled deals."""
from __future__ import annotations

import random

from engine.bots.race import race

SETTINGS = dict(batch=10, min_samples=20, max_samples=120, z=2.0)


def noisy(means, seed=1, spread=1.0):
    """A deal is one shared noise draw plus one per candidate; value(i, d) = mean_i + noise."""
    rng = random.Random(seed)
    deals = []

    def deal():
        d = (rng.gauss(0.0, 3.0), [rng.gauss(0.0, spread) for _ in means])
        deals.append(d)
        return d

    def value(i, d):
        return means[i] + d[0] + d[1][i]

    return deal, value, deals


def test_the_highest_mean_wins_and_the_lowest_with_minimize():
    deal, value, _ = noisy([0.0, 1.0, 0.3])
    assert race(3, deal, value, **SETTINGS) == 1
    deal, value, _ = noisy([0.0, 1.0, 0.3])
    assert race(3, deal, value, minimize=True, **SETTINGS) == 0


def test_a_clear_decision_stops_early_and_a_close_one_uses_every_deal():
    deal, value, deals = noisy([0.0, 5.0, -5.0])
    assert race(3, deal, value, **SETTINGS) == 1
    assert len(deals) == SETTINGS["min_samples"]          # the common noise cancels in the pairs
    deal, value, deals = noisy([0.0, 0.0], spread=0.0)       # a dead heat
    race(2, deal, value, **SETTINGS)
    assert len(deals) == SETTINGS["max_samples"]


def test_no_candidate_is_dropped_before_min_samples():
    calls = []
    deal, value, _ = noisy([0.0, 9.0])

    def counted(i, d):
        calls.append(i)
        return value(i, d)

    race(2, deal, counted, **SETTINGS)
    assert calls.count(0) == SETTINGS["min_samples"] == calls.count(1)


def test_ties_go_to_the_lower_index_and_one_candidate_needs_no_deal():
    assert race(3, lambda: None, lambda i, d: 1.0, **SETTINGS) == 0
    assert race(3, lambda: None, lambda i, d: 1.0, minimize=True, **SETTINGS) == 0

    def never():
        raise AssertionError("a single candidate needs no deal")

    assert race(1, never, lambda i, d: 0.0, **SETTINGS) == 0
