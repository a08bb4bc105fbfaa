"""A race between candidate moves over sampled deals, for the hard bots.

Every candidate is played in the same deals (common random numbers), so the
paired differences between candidates are precise. Deals come in batches;
after each batch (once `min_samples` deals are in) a candidate whose mean
trails the leader's by more than `z` standard errors of their paired
difference is dropped. The race stops when one candidate is left or after
`max_samples` deals. Clear decisions thus cost a batch or two; close ones
get up to `max_samples` deals.
"""
from __future__ import annotations

from typing import Callable, TypeVar

D = TypeVar("D")


def race(count: int, deal: Callable[[], D], value: Callable[[int, D], float], *,
         batch: int, min_samples: int, max_samples: int, z: float,
         minimize: bool = False) -> int:
    """The index (0 … count-1) of the candidate with the best mean `value(i, d)`
    over deals `d = deal()`: the lowest mean with `minimize`, else the highest.
    Ties go to the lower index."""
    if count == 1:
        return 0
    sign = 1.0 if minimize else -1.0      # the race itself looks for the lowest sign * value
    runs: list[list[float]] = [[] for _ in range(count)]
    alive = list(range(count))
    n = 0
    while True:
        for _ in range(batch):
            d = deal()
            for i in alive:
                runs[i].append(sign * value(i, d))
        n += batch
        means = {i: sum(runs[i]) / n for i in alive}
        lead = min(alive, key=means.__getitem__)
        if n >= max_samples:
            return lead
        if n < min_samples:
            continue
        x = runs[lead]
        keep = []
        for i in alive:
            diff = means[i] - means[lead]
            if i != lead:
                var = sum((a - b - diff) ** 2 for a, b in zip(runs[i], x)) / (n - 1)
                if diff * diff * n > z * z * var:
                    continue                # clearly worse than the leader
            keep.append(i)
        alive = keep
        if len(alive) == 1:
            return lead
