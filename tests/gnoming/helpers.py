"""Building exact Gnoming A Round positions for the rule tests.

    g = position(players=3, layouts={0: "5 5 M / 3 [4] 7 / -1 H [2]"},
                 piles=(["6"], ["7"]), draw=["9"], phase="draw", turn=0)

A layout is nine cards row-major: `7` face up, `[7]` face down, `?` face
down and any card (taken from what is left). Seats not given get nine
face-down cards from what is left; the draw pile is `draw` (top first) on
top of what is left, unless `leftover` sends the rest under a discard pile.
The whole deck is always accounted for, so saves and invariants hold.
"""
from __future__ import annotations

import json
from collections import Counter

import engine
from engine.gnoming.cards import DECK, parse_card
from engine.gnoming.generate import FROM_DISCARD, FROM_DRAW, FROM_LAYOUT


def grid(text: str) -> list[tuple[int | None, bool]]:
    """[(card or None for '?', face_up)] for the nine cells of `text`."""
    cells = []
    for token in text.replace("/", " ").replace("|", " ").split():
        if token == "?":
            cells.append((None, False))
        elif token.startswith("[") and token.endswith("]"):
            cells.append((parse_card(token[1:-1]), False))
        else:
            cells.append((parse_card(token), True))
    assert len(cells) == 9, f"a layout has nine cells, not {len(cells)}: {text!r}"
    return cells


def position(players: int = 3, *, layouts: dict | None = None, piles=(["6"], ["7"]),
             draw=(), hand=None, hand_from=None, phase: str = "draw", turn: int = 0,
             to_act: int | None = None, filled=(), chain: bool = False, round: int = 1,
             first: int = 0, went_out=None, final_left: int = 0, reshuffled: bool = False,
             removed: int = 0, hazard_queue=(), opened: int | None = None,
             totals=None, round_scores=None, leftover: str = "draw", seed: int = 1,
             turns: int = 1):
    g = engine.new_game("gnoming", players=players, seed=seed, first=first)
    left = Counter(DECK)

    def take(card: int) -> int:
        assert left[card] > 0, f"the deck has no more {card}"
        left[card] -= 1
        return card

    layouts = layouts or {}
    parsed = {s: grid(text) for s, text in layouts.items()}
    piles = [[take(parse_card(c)) for c in pile] for pile in piles]
    draw_top = [take(parse_card(c)) for c in draw]
    hand_card = None if hand is None else take(parse_card(hand))
    for _ in range(removed):
        take(parse_card("H"))
    for cells in parsed.values():
        for card, _up in cells:
            if card is not None:
                take(card)
    rest = sorted(left.elements())   # canonical order, the smallest dealt first

    cards = [0] * (9 * players)
    up = [0] * players
    for seat in range(players):
        cells = parsed.get(seat, [(None, False)] * 9)
        for c, (card, face_up) in enumerate(cells):
            if card is None:
                card = _pop_non_hazard(rest)
            cards[seat * 9 + c] = card
            if face_up:
                up[seat] |= 1 << c
    if leftover == "draw":
        pile = list(reversed(rest)) + list(reversed(draw_top))   # top is the end
    else:
        target = piles[int(leftover[-1])]
        target[:0] = rest
        pile = list(reversed(draw_top))
    g.cards = cards
    g.up = up
    g.draw = pile
    g.piles = piles
    g.hand = hand_card
    g.hand_from = hand_from if hand is not None and hand_from is not None else (
        (FROM_DRAW if phase == "play" else FROM_LAYOUT) if hand is not None else None)
    g.phase = phase
    g.turn = turn if phase not in ("flip", "over") else None
    g.to_act = to_act if to_act is not None else (turn if phase != "over" else None)
    g.filled = sum(1 << c for c in filled)
    g.chain = chain
    g.round = round
    g.first = first
    g.went_out = went_out
    g.final_left = final_left
    g.reshuffled = reshuffled
    g.removed = removed
    g.hazard_queue = list(hazard_queue)
    g.turns = turns
    g.opened = (2 * players if phase != "flip" else 0) if opened is None else opened
    if totals is not None:
        g.totals = list(totals)
    if round_scores is not None:
        g.round_scores = [list(r) for r in round_scores]
    g._legal = None
    # Sanity: the position is a whole deck and survives a save.
    assert engine.load_game(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()
    return g


def _pop_non_hazard(rest: list[int]) -> int:
    """Fill '?' cells with plain cards (Hazards only where a test asks for them)."""
    for i, card in enumerate(rest):
        if card != parse_card("H") and card != parse_card("M"):
            return rest.pop(i)
    return rest.pop(0)


def all_cards(g, seat: int) -> list[str]:
    from engine.gnoming.cards import card_name
    return [card_name(c) for c in g.cards[seat * 9:seat * 9 + 9]]


__all__ = ["position", "grid", "all_cards"]
