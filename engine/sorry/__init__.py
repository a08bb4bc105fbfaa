"""Sorry! (rules: ../shared/rules/sorry.md, S-1 … S-14; players' text: RULES.md)."""
from .game import SorryGame, VARIANTS
from .moves import SorryMove

GAME_CLASS = SorryGame

__all__ = ["GAME_CLASS", "SorryGame", "SorryMove", "VARIANTS"]
