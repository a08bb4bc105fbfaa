"""Build exact Pegs and Jokers positions for the rules tests."""
from __future__ import annotations

import random

import engine
from engine.pegs.cards import NAMES, full_deck


def make(players: int = 4, pegs: dict | None = None, hands: dict | None = None, to_act: int = 0,
         draw: list | None = None, discard: list | None = None, dealer: int | None = None,
         seed: int = 1):
    """A game in an exact position, built through to_dict()/load_game().

    pegs: {seat: [location, ...]}: peg k+1 at index k; missing pegs (and
    seats) are in START. hands: {seat: [card names]}; other seats get five
    cards that are neither 7s nor jokers. draw: the draw pile (top last);
    if given, every remaining card goes to the discard pile, otherwise the
    remaining cards form the draw pile. discard: cards on the discard pile.
    """
    g = engine.new_game("pegs", players=players, seed=seed)
    d = g.to_dict()
    positions = [["start"] * 5 for _ in range(players)]
    for seat, locs in (pegs or {}).items():
        positions[seat] = list(locs) + ["start"] * (5 - len(locs))
    rest = [NAMES[c] for c in full_deck(players)]
    hands = {s: list(h) for s, h in (hands or {}).items()}
    for name in [c for h in hands.values() for c in h] + list(discard or []) + list(draw or []):
        rest.remove(name)
    random.Random(seed).shuffle(rest)
    for s in range(players):
        if s not in hands:
            filler = [c for c in rest if c not in ("7", "JOKER")][:5]
            for c in filler:
                rest.remove(c)
            hands[s] = filler
    d["positions"] = positions
    d["hands"] = [hands[s] for s in range(players)]
    if draw is None:
        d["draw"], d["discard"] = rest, list(discard or [])
    else:
        d["draw"], d["discard"] = list(draw), list(discard or []) + rest
    d["to_act"] = to_act
    d["turn"] = 0
    if dealer is not None:
        d["dealer"] = dealer
    return engine.load_game(d)


def moves(g) -> list[str]:
    """The legal moves in words, in the engine's order."""
    return [str(m) for m in g.legal_moves()]


def move(g, text: str):
    """The legal move whose str() is `text`."""
    found = [m for m in g.legal_moves() if str(m) == text]
    assert len(found) == 1, f"{text!r} not (exactly once) among {moves(g)}"
    return found[0]


def play(g, text: str):
    """Play the legal move described by `text`; returns the events' texts."""
    return [str(e) for e in g.play(move(g, text))]


def where(g, seat: int) -> list[str]:
    return g.positions()[seat]
