"""Gnoming A Round (Grandpa Beck's Golf): the rules engine.

    import engine
    g = engine.new_game("gnoming", players=4, seed=7)

Modules: cards (G-2 deck table), layout (the 3 x 3 grid), scoring (G-7,
G-8), moves, generate (legal moves), apply (turns and rounds), game (state,
views, determinize, saves). The rules in words: RULES.md.
"""
from .game import GnomingGame

GAME_CLASS = GnomingGame

__all__ = ["GAME_CLASS", "GnomingGame"]
