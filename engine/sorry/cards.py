"""Sorry! cards (S-3): 45 cards, no 6s or 9s."""
from __future__ import annotations

CARD_NAMES = ("1", "2", "3", "4", "5", "7", "8", "10", "11", "12", "SORRY")

# S-3: five 1s, four of each other number, four SORRY! cards.
COUNTS = {"1": 5, "2": 4, "3": 4, "4": 4, "5": 4, "7": 4, "8": 4,
          "10": 4, "11": 4, "12": 4, "SORRY": 4}

DECK: tuple[str, ...] = tuple(name for name in CARD_NAMES for _ in range(COUNTS[name]))
assert len(DECK) == 45

# Sort key: card order as printed on the table above.
CARD_ORDER = {name: i for i, name in enumerate(CARD_NAMES)}

# Forward steps of a plain forward move with each card (4 has none: S-3).
FORWARD = {"1": 1, "2": 2, "3": 3, "5": 5, "7": 7, "8": 8, "10": 10, "11": 11, "12": 12}
# Backward steps: the 4, and the 10's backward 1 (S-10.1).
BACKWARD = {"4": 4, "10": 1}
# Cards that can take a pawn out of START (S-4.1).
STARTERS = frozenset(("1", "2"))


def card_words(card: str) -> str:
    return "SORRY!" if card == "SORRY" else card


def a_card(card: str) -> str:
    """The card with its article, as a sentence says it: "a 7", "an 8", "an 11", "a SORRY!"."""
    words = card_words(card)
    return f"{'an' if card in ('8', '11') else 'a'} {words}"
