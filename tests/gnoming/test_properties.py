"""Property tests: many random games per player count (soak sizes in tests/util.py).

Each game checks, as it goes: every legal-move list is non-empty, distinct
and for `to_act`; the 110 cards are all there (Hazards out of play
counted); round and game totals add up; and at sampled positions: views
hide every face-down card (and a drawn card from all but its drawer),
determinize keeps the view and depends on nothing else, illegal moves
raise and change nothing, and a save taken mid-round continues identically.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.core import IllegalMove
from engine.gnoming.cards import CARD_NAME, DECK, HAZARD, MULLIGAN
from engine.gnoming.layout import LINES
from engine.gnoming.moves import (BOUNCE, DECLINE, DISCARD, DISCARD_HAZARD, DRAW, FLIP, PLACE, TAKE)
from engine.gnoming.scoring import score_layout

from ..util import soak

FULL_DECK = Counter(DECK)
SAMPLE = 0.03          # share of positions given the expensive checks


def all_moves(players: int) -> list:
    moves = []
    for s in range(players):
        moves += [*FLIP[s], *PLACE[s], *TAKE[s], *DISCARD[s], DECLINE[s], DRAW[s], DISCARD_HAZARD[s]]
        moves += [m for row in BOUNCE[s][1:] for m in row]
    return moves


def check_cards(g) -> None:
    held = [] if g.hand is None else [g.hand]
    cards = g.cards + g.draw + g.piles[0] + g.piles[1] + held + [HAZARD] * g.removed
    assert Counter(cards) == FULL_DECK


def check_views(g) -> None:
    n = g.players
    for seat in (None, *range(n)):
        v = g.view(seat)
        assert json.loads(json.dumps(v)) == v
        for s in range(n):
            for c in range(9):
                shown = v["layouts"][s][c]
                if g.up[s] >> c & 1:
                    assert shown == CARD_NAME[g.cards[s * 9 + c]]
                else:
                    assert shown is None
        if g.hand is None:
            assert v["drawn"] is None
        elif g.hand_from == "draw" and seat != g.turn:
            assert v["drawn"] is None
        else:
            assert v["drawn"] == CARD_NAME[g.hand]
        assert v["draw_count"] == len(g.draw)
        assert v["discards"] == [[CARD_NAME[c] for c in p] for p in g.piles]


def check_determinize(g, rng: random.Random) -> None:
    # the seat to act (what bots do) and one other seat or the spectator
    for seat in (g.to_act, rng.choice([None, *range(g.players)])):
        view = g.view(seat)
        d = g.determinize(seat, random.Random(rng.getrandbits(32)))
        assert d.view(seat) == view
        assert g.view(seat) == view                 # the original is untouched
        check_cards(d)
        if seat == g.to_act:
            assert d.legal_moves() == g.legal_moves()
    # equal views and equal seeds give equal copies: d and g have equal views
    k = rng.getrandbits(32)
    assert d.determinize(seat, random.Random(k)).to_dict() == g.determinize(seat, random.Random(k)).to_dict()


def check_illegal(g, rng: random.Random, everything: list) -> None:
    legal = set(g.legal_moves())
    before = g.to_dict()
    for m in rng.sample(everything, 4):
        if m in legal:
            continue
        with pytest.raises(IllegalMove):
            g.play(m)
        assert g.to_dict() == before


def play_checked(players: int, seed: int) -> None:
    g = engine.new_game("gnoming", players=players, seed=seed)
    rng = random.Random(seed * 7919 + players)
    everything = all_moves(players)
    check_cards(g)
    rounds_done = 0
    save_at = rng.randrange(40, 400)
    saved = None                                     # (loaded game, its move log)
    step = 0
    while not g.is_over:
        moves = g.legal_moves()
        assert moves, "no legal move while the game runs"
        assert len(set(moves)) == len(moves)
        seat = g.to_act
        assert all(m.seat == seat for m in moves)
        if rng.random() < SAMPLE:
            check_cards(g)
            check_views(g)
            check_determinize(g, rng)
            check_illegal(g, rng, everything)
        if step == save_at:
            saved = engine.load_game(json.loads(json.dumps(g.to_dict())))
            assert saved.to_dict() == g.to_dict()
            log = []
        move = rng.choice(moves)
        assert move in moves
        events = g.play(move)
        if saved is not None:
            log.append((move, [e.to_dict() for e in events]))
        step += 1
        if len(g.round_scores) != rounds_done:
            rounds_done = len(g.round_scores)
            assert g.totals == [sum(r[s] for r in g.round_scores) for s in range(players)]
            last = g.last_round
            assert last["scores"] == g.round_scores[-1]
            assert [b + (last["adjustment"] if s == last["went_out"] else 0)
                    for s, b in enumerate(last["base"])] == last["scores"]
            for s in range(players):
                cards = [int(c) if c not in "MH" else (MULLIGAN if c == "M" else HAZARD)
                         for c in last["layouts"][s]]
                assert score_layout(cards) == last["base"][s]
            check_cards(g)
    assert len(g.round_scores) == 3 and g.winners
    assert g.legal_moves() == []
    if saved is not None:
        for move, events in log:
            assert [e.to_dict() for e in saved.play(move)] == events
        assert saved.to_dict() == g.to_dict()


@pytest.mark.long
@pytest.mark.parametrize("players", range(2, 8))
def test_random_games_keep_every_invariant(players):
    for seed in range(soak(200, 5000)):
        try:
            play_checked(players, seed)
        except AssertionError as exc:
            raise AssertionError(f"{players} players, seed {seed}: {exc}") from exc


# -- scoring against a brute-force reference -----------------------------------------
CARDS = sorted(FULL_DECK)


def reference_score(cards: list[int]) -> int:
    """G-7 read literally: try every value for the Mulligans of each line."""
    total = 0
    in_set = set()
    for line in LINES:
        vals = [cards[c] for c in line]
        for v in range(1, 11):
            if all(x == v or x == MULLIGAN for x in vals) and v in vals:
                total -= v
                in_set.update(line)
                break
    for c in range(9):
        if c not in in_set:
            x = cards[c]
            total += 10 if x == HAZARD else 0 if x == MULLIGAN else x
    return total


@settings(max_examples=soak(300, 5000), deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=9, max_size=9),
       st.lists(st.sampled_from([MULLIGAN, 3, 7]), min_size=9, max_size=9), st.integers(0, 511))
def test_G_7_scoring_matches_a_brute_force_reference(cards, dense, mix):
    assert score_layout(cards) == reference_score(cards)
    # layouts dense in Mulligans and repeated values, where sets overlap
    mixed = [dense[c] if mix >> c & 1 else cards[c] for c in range(9)]
    assert score_layout(mixed) == reference_score(mixed)
