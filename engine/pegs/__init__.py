"""Pegs and Jokers (rules: shared/rules/pegs-and-jokers.md, P-1 … P-8; players' text: RULES.md).

    g = engine.new_game("pegs", players=4, seed=7)      # 4, 6 or 8 players
    g.legal_moves()   # Play(seat, card, parts) / Discard(seat, card)
"""
from .game import PegsGame
from .moves import Discard, Play

GAME_CLASS = PegsGame

__all__ = ["GAME_CLASS", "PegsGame", "Play", "Discard"]
