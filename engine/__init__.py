"""Parlor's rules engine: Sorry!, Pegs and Jokers and Gnoming A Round.

Plain Python, no UI imports. The contract (DESIGN.md):

    import engine
    g = engine.new_game("sorry", players=4, seed=7)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    engine.load_game(g.to_dict())
    engine.bots.choose(g, "hard", seed=1)     # a computer player's move for g.to_act
"""
from __future__ import annotations

from importlib import import_module

from . import bots
from .core import COLOURS, Event, Game, IllegalMove

__all__ = ["GAMES", "COLOURS", "Event", "Game", "IllegalMove", "bots", "new_game", "load_game", "game_class",
           "rules_text"]

GAMES = ("sorry", "pegs", "gnoming")


def game_class(name: str) -> type[Game]:
    """The Game subclass of `name` (one of GAMES); imported on first use."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    return import_module(f"engine.{name}").GAME_CLASS


def new_game(name: str, players: int, seed: int | None = None, **options) -> Game:
    """A new game of `name` for `players` seats.

    Keywords: seed (int; None picks one at random), variant (Sorry!:
    "standard" | "teams" | "points"), first (the seat that starts), target
    (Sorry! points match target), dealer (Pegs and Jokers: the dealer's
    seat; play starts at its left).
    """
    return game_class(name).new(players=players, seed=seed, **options)


def load_game(d: dict) -> Game:
    """Rebuild a game from `Game.to_dict()` output: same future draws, same outcome."""
    if not isinstance(d, dict) or "game" not in d:
        raise ValueError("not a saved game state (no 'game' field)")
    return game_class(d["game"]).from_dict(d)


def rules_text(name: str) -> str:
    """The rules of `name` in the project's own words (Markdown), for `parlor rules`."""
    from importlib.resources import files

    game_class(name)  # validates the name
    return files(f"engine.{name}").joinpath("RULES.md").read_text(encoding="utf-8")
