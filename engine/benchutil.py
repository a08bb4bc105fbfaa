"""Helpers for `python -m engine.bench`: timing through the public API only."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable


@dataclass
class Row:
    """One printed figure: what was measured, its value and unit, and how."""

    what: str
    value: float
    unit: str
    note: str = ""


def play_random(game, rng: random.Random) -> int:
    """Play `game` to the end with uniformly random legal moves; returns moves made."""
    moves = 0
    legal_moves, play, choice = game.legal_moves, game.play, rng.choice
    while game.to_act is not None:
        play(choice(legal_moves()))
        moves += 1
    return moves


# Figures are per second of this process's CPU time: on an idle machine that
# is wall-clock time on one core, and on a busy one it leaves out the time
# other processes had the core.
clock = time.process_time


def time_random_games(make: Callable[[int], object], seconds: float, seed: int = 0):
    """Play fresh games from `make(seed)` for about `seconds` of CPU time
    (each game is dropped when it ends, as an application would).

    Returns (games, moves, elapsed).
    """
    rng = random.Random(seed)
    games = moves = 0
    start = clock()
    while True:
        g = make(seed + games)
        moves += play_random(g, rng)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds and games >= 3:
            return games, moves, elapsed


def time_legal_moves(states: list, repeat: int = 3) -> float:
    """Microseconds per uncached legal-move generation over `states`."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        for g in states:
            g._legal = None
            g.legal_moves()
        best = min(best, (clock() - start) / len(states))
    return best * 1e6


def sample_states(make: Callable[[int], object], count: int, seed: int = 0) -> list:
    """`count` positions met in random games (copies, safe to keep)."""
    rng = random.Random(seed)
    states = []
    n = 0
    while len(states) < count:
        g = make(seed + n)
        n += 1
        while g.to_act is not None and len(states) < count:
            if rng.random() < 0.1:
                states.append(g.clone())
            g.play(rng.choice(g.legal_moves()))
    return states
