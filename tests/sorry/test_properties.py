"""Property tests over random Sorry! games (500 per variant; 10,000 with PARLOR_LONG=1)."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine.sorry import SorryMove
from engine.sorry.board import HOME
from tests.util import soak

CASES = [
    ("standard", 4, {}),
    ("standard", 3, {}),
    ("standard", 2, {}),
    ("teams", 4, {}),
    ("points", 4, {"target": 0}),    # single games: the match ends with the first game
    ("points", 3, {"target": 0}),
]
GAMES = soak(500, 10_000)


def invariants(g) -> None:
    g.check()       # 4 pawns per colour, no shared squares, 45 cards (S-1, S-3, S-5.2)
    positions = g.positions()
    assert len(positions) == g.players and all(len(p) == 4 for p in positions)
    cards = len(g.draw) + len(g.discard) + (g.card is not None) + sum(len(h) for h in g.hands or [])
    assert cards == 45
    if g.variant == "points":
        assert all(len(h) == 5 for h in g.hands) or g.is_over
    if g.is_over:
        assert g.to_act is None and g.legal_moves() == []
    else:
        assert g.legal_moves(), "legal_moves() never empty while the game runs"


def winner_really_won(g) -> None:
    assert g.winners
    if g.variant == "points":
        return      # match winners are by points; the game winner is checked below
    pawns = [p for s in g.winners for p in range(s * 4, s * 4 + 4)]
    assert all(g.pos[p] == HOME for p in pawns)
    if g.variant == "teams":
        assert len(g.winners) == 2 and g.winners[1] - g.winners[0] == 2


def try_illegal(g, rng, seen_moves) -> None:
    """Moves that are not legal now raise IllegalMove and change nothing."""
    before = json.dumps(g.to_dict())
    legal = g.legal_moves()
    candidates = [m for m in rng.sample(seen_moves, min(3, len(seen_moves))) if m not in legal]
    m = legal[0]
    candidates.append(SorryMove((m.seat + 1) % g.players, m.card, m.kind, m.parts))
    candidates.append(SorryMove(m.seat, m.card, "forward", ((0, 10, 99),)))
    candidates.append("Red 3: pawn 1")
    for bad in candidates:
        with pytest.raises(engine.IllegalMove) as info:
            g.play(bad)
        assert str(info.value)
        assert json.dumps(g.to_dict()) == before


def check_determinize(g, rng) -> None:
    for seat in {g.to_act, rng.randrange(g.players), None}:
        a = g.determinize(seat, random.Random(5))
        assert a.view(seat) == g.view(seat)
        a.check()
        if seat == g.to_act or g.variant != "points":
            assert a.legal_moves() == g.legal_moves()
        # Depends only on the view: another game with the same view gives the same copy.
        other = g.determinize(seat, random.Random(rng.randrange(1 << 30)))
        assert other.view(seat) == g.view(seat)
        assert other.determinize(seat, random.Random(9)).to_dict() == \
            g.determinize(seat, random.Random(9)).to_dict()


def play_checked(variant, players, options, seed):
    rng = random.Random(seed)
    g = engine.new_game("sorry", players=players, seed=seed, variant=variant, **options)
    cut = rng.randrange(300)
    saved = None
    after_cut: list[int] = []       # the choices made after the save
    seen: list = []
    n = 0
    since = 0                         # moves since the game in play was dealt (a points match)
    while not g.is_over:
        invariants(g)
        if n == cut:
            saved = engine.load_game(json.loads(json.dumps(g.to_dict())))
            check_determinize(g, rng)
        if rng.random() < 0.02:
            try_illegal(g, rng, seen)
        legal = g.legal_moves()
        i = rng.randrange(len(legal))
        if saved is not None:
            after_cut.append(i)
        if len(seen) < 50:
            seen.append(legal[i])
        events = g.play(legal[i])
        assert events and all(isinstance(str(e), str) and e.kind for e in events)
        # the view says when the seat to act plays again: after a 2 it didn't discard (S-3)
        again = (not g.is_over and g.to_act == legal[i].seat and legal[i].card == "2"
                 and legal[i].kind != "discard" and not any(e.kind == "game_over" for e in events))
        assert g.view(None)["again"] == again, (legal[i], [str(e) for e in events])
        # a match's view counts the moves of the game in play: 0 once the next game is dealt
        match = g.view(None)["match"]
        if match is not None and not g.is_over:
            since = 0 if any(e.kind == "game_over" for e in events) else since + 1
            assert match["game_moves"] == since
        n += 1
    invariants(g)
    winner_really_won(g)
    if saved is not None:
        # The saved copy, fed the same choices, ends identically.
        for i in after_cut:
            saved.play(saved.legal_moves()[i])
        assert saved.is_over and saved.to_dict() == g.to_dict()
    return g, n


@pytest.mark.parametrize("variant,players,options", CASES, ids=[f"{v}-{p}" for v, p, _ in CASES])
def test_random_games_keep_every_invariant(variant, players, options):
    lengths = []
    winners = set()
    for seed in range(GAMES):
        g, n = play_checked(variant, players, options, seed)
        lengths.append(n)
        winners.update(g.winners)
    assert winners == set(range(players))       # everyone can win
    assert min(lengths) > 10


def test_points_matches_to_the_default_target():
    for seed in range(soak(10, 200)):
        g, _ = play_checked("points", 4, {}, seed)
        assert max(g.scores) >= 250
        assert sum(sum(h) for h in g.history) == sum(g.scores)
        best = max(g.scores)
        assert g.winners == [s for s in range(4) if g.scores[s] == best]


@settings(max_examples=soak(60, 600), deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 400),
       case=st.sampled_from(CASES))
def test_moves_round_trip_through_json(seed, steps, case):
    variant, players, options = case
    g = engine.new_game("sorry", players=players, seed=seed, variant=variant, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        for m in g.legal_moves():
            again = g.parse_move(json.loads(json.dumps(m.to_dict())))
            assert again == m and hash(again) == hash(m) and str(again) == str(m)
        g.play(rng.choice(g.legal_moves()))
    copy = engine.load_game(json.loads(json.dumps(g.to_dict())))
    assert copy.to_dict() == g.to_dict() and copy.view(0) == g.view(0)
    assert copy.legal_moves() == g.legal_moves()


def test_views_are_json_safe_and_hide_hands():
    g = engine.new_game("sorry", players=4, variant="points", seed=3)
    for seat in (None, 0, 1, 2, 3):
        v = json.loads(json.dumps(g.view(seat)))
        assert v["hand"] == (None if seat is None else sorted(g.hands[seat], key=_order))
        others = [s for s in range(4) if s != seat]
        assert "hands" not in v and all(str(other) not in v for other in others)


def _order(card):
    from engine.sorry.cards import CARD_ORDER
    return CARD_ORDER[card]
