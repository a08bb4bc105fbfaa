"""Scoring a revealed layout (G-7) and choosing the winners (G-8)."""
from __future__ import annotations

from .cards import COUNTS, HAZARD, MULLIGAN
from .layout import LINES

GOING_OUT = 5  # G-7.7: the bonus (-5) or penalty (+5) for going out first


def matching_value(a: int, b: int, c: int) -> int:
    """G-7.1: the value of the matching set a, b, c, or 0 if it is none.

    A matching set holds no negative card and no Hazard, at least one
    positive card, and all its positive cards have one value; Mulligans
    fill the rest (each line on its own, so a Mulligan may stand for
    different values in its row and its column).
    """
    value = 0
    for card in (a, b, c):
        if card == MULLIGAN:
            continue
        if card < 0 or card == HAZARD:
            return 0
        if value == 0:
            value = card
        elif card != value:
            return 0
    return value


def matching_sets(cards) -> list[tuple[int, int]]:
    """[(line, value)] for the matching rows (lines 0-2) and columns (3-5); a card given
    as None (face down, not known yet) is in no set."""
    found = []
    for line, (a, b, c) in enumerate(LINES):
        if cards[a] is None or cards[b] is None or cards[c] is None:
            continue
        value = matching_value(cards[a], cards[b], cards[c])
        if value:
            found.append((line, value))
    return found


def score_layout(cards) -> int:
    """The round score of nine face-up cards (G-7.1 … G-7.6)."""
    total = 0
    in_set = 0
    for line, (a, b, c) in enumerate(LINES):
        value = matching_value(cards[a], cards[b], cards[c])
        if value:
            total -= value                       # G-7.2 (a card may count for a row and a column)
            in_set |= 1 << a | 1 << b | 1 << c
    for cell in range(9):
        if in_set >> cell & 1:
            continue
        card = cards[cell]
        if card == HAZARD:
            total += 10                          # G-7.6
        else:
            total += card                        # G-7.3, G-7.4; a Mulligan is 0 (G-7.5)
    return total


def score_breakdown(cards) -> dict:
    """How `score_layout(cards)` comes about, for people: "sets", [(line, value, points)]
    for each matching line (points = -value, G-7.2); "others", the points of the cards in
    no set (G-7.3 to G-7.6); "hazards", how many Hazards are among them (+10 each).
    `cards`: the nine card values of a layout, face up, in cell order (row by row); a
    ValueError says what else it got."""
    if (not isinstance(cards, (list, tuple)) or len(cards) != 9
            or not all(isinstance(c, int) and not isinstance(c, bool) and c in COUNTS for c in cards)):
        raise ValueError("score_breakdown needs the nine card values of a layout, face up, row "
                         f"by row (a face-down card, None, has no score yet), not {cards!r}")
    sets = matching_sets(cards)
    in_set = 0
    for line, _ in sets:
        for cell in LINES[line]:
            in_set |= 1 << cell
    hazards = sum(1 for cell in range(9) if cards[cell] == HAZARD and not in_set >> cell & 1)
    return {"sets": [(line, value, -value) for line, value in sets],
            "others": score_layout(cards) + sum(value for _, value in sets), "hazards": hazards}


def going_out_adjustment(base: list[int], went_out: int | None) -> int:
    """G-7.7: -5 if the player who went out first has the lowest round
    score (a tie counts as lowest), +5 otherwise; 0 when nobody went out."""
    if went_out is None:
        return 0
    return -GOING_OUT if base[went_out] <= min(base) else GOING_OUT


def winners(totals: list[int], last_round: list[int]) -> list[int]:
    """G-8: lowest total; tie -> lowest round-three score; still tied -> shared."""
    best = min(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        low = min(last_round[s] for s in tied)
        tied = [s for s in tied if last_round[s] == low]
    return tied


def decided_by(totals: list[int], last_round: list[int]) -> str:
    """How G-8 settled the game: "total" (one lowest total), "round three" (a tie on the
    lowest total, broken by the lowest round-three score) or "shared" (tied on both)."""
    best = min(totals)
    if totals.count(best) == 1:
        return "total"
    return "shared" if len(winners(totals, last_round)) > 1 else "round three"
