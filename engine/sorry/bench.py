"""Sorry! figures for `python -m engine.bench`."""
from __future__ import annotations

from functools import partial

import engine

from ..benchutil import Row, sample_states, time_legal_moves, time_random_games

CASES = (("standard", 2), ("standard", 3), ("standard", 4), ("teams", 4), ("points", 4))


def _make(variant: str, players: int, seed: int):
    options = {"target": 0} if variant == "points" else {}
    return engine.new_game("sorry", players=players, seed=seed, variant=variant, **options)


def rows(seconds: float) -> list[Row]:
    out = []
    for variant, players in CASES:
        make = partial(_make, variant, players)
        games, moves, elapsed = time_random_games(make, seconds)
        label = f"{variant}, {players} players"
        note = "single games" if variant == "points" else ""
        out.append(Row(f"random games/s, {label}", games / elapsed, "games/s",
                       f"{moves / games:.0f} moves/game, {moves / elapsed:,.0f} moves/s"
                       + (f", {note}" if note else "")))
    states = sample_states(partial(_make, "standard", 4), 2000)
    out.append(Row("legal-move generation, standard 4 players", time_legal_moves(states), "µs",
                   f"mean over {len(states)} positions from random games"))
    sevens = [g for g in sample_states(partial(_make, "standard", 4), 20000) if g.card == "7"]
    if sevens:
        out.append(Row("legal-move generation, a 7 (splits)", time_legal_moves(sevens), "µs",
                       f"{len(sevens)} positions"))
    return out
