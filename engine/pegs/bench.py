"""Pegs and Jokers figures for `python -m engine.bench pegs`.

Everything is measured through the public API (`engine.new_game`,
`legal_moves`, `play`, `clone`, `determinize`) with uniformly random moves.
"""
from __future__ import annotations

import random
import time

import engine
from engine.benchutil import Row, sample_states, time_legal_moves, time_random_games


def _make(players: int):
    return lambda seed: engine.new_game("pegs", players=players, seed=seed)


def rows(seconds: float) -> list[Row]:
    out = []
    for players in (4, 6, 8):
        games, moves, elapsed = time_random_games(_make(players), seconds)
        avg = moves / games
        out.append(Row(f"random {players}-player games", games / elapsed, "games/s",
                       f"{games} games, {avg:,.0f} moves each"))
        out.append(Row(f"random {players}-player moves", moves / elapsed, "moves/s"))
    for players in (4, 8):
        states = sample_states(_make(players), 1000)
        out.append(Row(f"legal-move generation, {players} players", time_legal_moves(states),
                       "µs", "mean over 1000 positions from random games"))
    states = sample_states(_make(4), 300)
    rng = random.Random(1)
    start = time.perf_counter()
    for g in states:
        g.determinize(g.to_act, rng)
    out.append(Row("determinize, 4 players", (time.perf_counter() - start) / len(states) * 1e6, "µs"))
    start = time.perf_counter()
    for g in states:
        g.clone()
    out.append(Row("clone, 4 players", (time.perf_counter() - start) / len(states) * 1e6, "µs"))
    return out
