"""Gnoming A Round figures for `python -m engine.bench gnoming`.

Random-move rounds and games per second (3, 4, 5 and 7 players), moves
per second, microseconds per legal-move generation, and the cost of the
copies bots make (clone, determinize) - all through the public API.
"""
from __future__ import annotations

import random
import time

import engine
from engine.benchutil import Row, sample_states, time_legal_moves, time_random_games

from .apply import ROUNDS


def _make(players: int):
    return lambda seed: engine.new_game("gnoming", players=players, seed=seed)


def _per_call(states: list, call, seconds: float) -> float:
    """Microseconds per `call(state)`, cycling through `states` for about `seconds`."""
    n = 0
    start = time.perf_counter()
    while True:
        for g in states:
            call(g)
        n += len(states)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / n * 1e6


def rows(seconds: float) -> list[Row]:
    out: list[Row] = []
    for players in (3, 4, 5, 7):
        games, moves, elapsed = time_random_games(_make(players), seconds)
        out.append(Row(f"{players} players: random-move rounds/s", games * ROUNDS / elapsed, "rounds/s",
                       f"{games} games"))
        out.append(Row(f"{players} players: random-move games/s", games / elapsed, "games/s"))
        out.append(Row(f"{players} players: moves/s", moves / elapsed, "moves/s",
                       f"{moves / games / ROUNDS:.0f} moves a round"))
    states = sample_states(_make(4), 400)
    out.append(Row("4 players: legal-move generation", time_legal_moves(states), "µs",
                   f"{len(states)} positions"))
    out.append(Row("4 players: clone", _per_call(states, lambda g: g.clone(), seconds / 4), "µs"))
    rng = random.Random(0)
    out.append(Row("4 players: determinize", _per_call(
        states, lambda g: g.determinize(g.to_act, rng) if g.to_act is not None else None,
        seconds / 4), "µs"))
    return out
