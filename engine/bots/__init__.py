"""Computer players for all three games.

    move = engine.bots.choose(game, level, seed)

`level` is "easy" (a random legal move), "normal" (a sound heuristic
player) or "hard" (looks ahead over the chance of the cards). A bot never
looks at `game` itself: it decides on `game.determinize(game.to_act, rng)`,
a copy in which everything hidden from the seat to act is re-dealt at
random, so it cannot peek, and two games with equal views give the same
choice for the same seed. The move returned is a legal move of `game`.
"""
from __future__ import annotations

import random
from importlib import import_module

LEVELS = ("easy", "normal", "hard")

__all__ = ["LEVELS", "choose"]


def choose(game, level: str, seed: int | None = None):
    """The move `level` plays for `game.to_act`."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
    if game.to_act is None:
        raise ValueError("the game is over: nobody is to act")
    rng = random.Random(seed)
    seen = game.determinize(game.to_act, rng)
    legal = seen.legal_moves()
    if len(legal) == 1:
        return legal[0]
    if level == "easy":
        return rng.choice(legal)
    try:
        module = import_module(f"engine.bots.{seen.game}")
    except ModuleNotFoundError:
        raise ValueError(f"there is no {level} bot for {seen.game} yet (easy works)") from None
    return module.choose(seen, level, rng)
