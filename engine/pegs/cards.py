"""Pegs and Jokers cards (P-3): three or four 52-card decks plus jokers.

Cards are small ints: 1 = A, 2 .. 10, 11 = J, 12 = Q, 13 = K, 14 = JOKER.
Suits have no effect and are not kept. Hands are kept sorted (A first,
JOKER last), which is also the order of the legal-move list.
"""
from __future__ import annotations

ACE, JACK, QUEEN, KING, JOKER = 1, 11, 12, 13, 14
SEVEN, EIGHT = 7, 8
NAMES = {1: "A", **{n: str(n) for n in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "JOKER"}
CODES = {name: code for code, name in NAMES.items()}
CARD_NAMES = tuple(NAMES[c] for c in range(1, 15))

# P-3 table.
COME_OUT_CARDS = frozenset((ACE, JACK, QUEEN, KING))       # P-5.3
FORWARD = {ACE: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, SEVEN: 7, 9: 9, 10: 10,
           JACK: 10, QUEEN: 10, KING: 10}
BACKWARD = {EIGHT: 8}                                        # P-5.6
HAND_SIZE = 6      # P-4.2: draw up to six at the start of a turn
DEAL = 5           # P-3: five cards dealt to each player


def deck_spec(players: int) -> tuple[int, int]:
    """(standard decks, jokers): 3 + 6 for 4 or 6 players, 4 + 8 for 8 (P-3)."""
    return (4, 8) if players == 8 else (3, 6)


def full_deck(players: int) -> list[int]:
    """Every card of the game, sorted: 162 or 216 cards (P-3)."""
    decks, jokers = deck_spec(players)
    cards = [rank for rank in range(1, 14) for _ in range(4 * decks)]
    cards.extend([JOKER] * jokers)
    return cards


def card_code(name) -> int:
    try:
        return CODES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown card {name!r}") from None


def deck_counts(players: int) -> tuple[int, ...]:
    """How many of each card code (index 0 unused) the game holds (P-3)."""
    return _COUNTS[players]


_COUNTS = {p: tuple(full_deck(p).count(code) for code in range(15)) for p in (4, 6, 8)}
