"""Gnoming A Round cards (G-2): 110 cards, values -2 … 10, Mulligans, Hazards.

Inside the engine a card is a small int: its value for the number cards,
`MULLIGAN` (0) and `HAZARD` (11). Outside (views, saves, events) a card is
its DESIGN.md name: "-2" … "10", "M", "H".
"""
from __future__ import annotations

MULLIGAN = 0
HAZARD = 11

# G-2: how many of each card the deck holds. The publisher does not print the
# per-value counts; this is the ONE place they live (correct them here).
#   positive: 1-10, eight of each plus one extra 1 and one extra 2 = 82
#   negative: eleven -1 and eleven -2 = 22
#   specials: three Mulligans and three Hazards = 6
COUNTS: dict[int, int] = {
    -2: 11, -1: 11,
    1: 9, 2: 9, 3: 8, 4: 8, 5: 8, 6: 8, 7: 8, 8: 8, 9: 8, 10: 8,
    MULLIGAN: 3, HAZARD: 3,
}

DECK_SIZE = 110
POSITIVE_CARDS = 82
NEGATIVE_CARDS = 22

# The canonical (sorted) deck: the order every shuffle starts from.
DECK: tuple[int, ...] = tuple(card for card in sorted(COUNTS) for _ in range(COUNTS[card]))

assert len(DECK) == DECK_SIZE
assert sum(n for c, n in COUNTS.items() if 1 <= c <= 10) == POSITIVE_CARDS
assert sum(n for c, n in COUNTS.items() if c < 0) == NEGATIVE_CARDS

CARD_NAME: dict[int, str] = {c: ("M" if c == MULLIGAN else "H" if c == HAZARD else str(c)) for c in COUNTS}
CARD_OF: dict[str, int] = {name: c for c, name in CARD_NAME.items()}


def is_positive(card: int) -> bool:
    """A positive-value card, 1 … 10 (not a Mulligan, not a Hazard)."""
    return 0 < card < HAZARD


def card_name(card: int) -> str:
    return CARD_NAME[card]


def parse_card(name) -> int:
    """The card called `name` ("-2" … "10", "M", "H"); ValueError otherwise."""
    try:
        return CARD_OF[str(name)]
    except KeyError:
        raise ValueError(f"not a Gnoming A Round card: {name!r}") from None


# The card in a sentence: "the 7", "the -2", "a Mulligan", "a Hazard".
CARD_WORDS: dict[int, str] = {
    c: ("a Mulligan" if c == MULLIGAN else "a Hazard" if c == HAZARD else f"the {c}") for c in COUNTS}


def card_words(card: int) -> str:
    return CARD_WORDS[card]
