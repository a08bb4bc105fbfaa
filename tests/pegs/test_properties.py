"""Property tests: random games for 4, 6 and 8 players, invariants checked
at every move or at sampled points (soak(200, 5000) games per count)."""
from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

import engine
from engine.core import IllegalMove
from engine.pegs.cards import full_deck, NAMES

from ..util import soak
from .reference import Ref

MAX_MOVES = 100_000          # random games must end long before this
DREW = re.compile(r"^\w+ drew \d+ cards?$")


def check_state(g) -> None:
    """Pegs, holes, cards, teams: everything that must always hold."""
    players = g.players
    d = g.to_dict()
    pos = g.positions()
    assert len(pos) == players and all(len(p) == 5 for p in pos)       # 5 pegs each
    track = [loc for p in pos for loc in p if loc.startswith("track:")]
    assert len(track) == len(set(track))                                 # one peg per hole
    for p in pos:
        home = [loc for loc in p if loc.startswith("home:")]
        assert len(home) == len(set(home))                               # ... in HOME too
        for loc in p:
            kind, _, n = loc.partition(":")
            assert kind == "start" and not n or kind == "track" and 0 <= int(n) < 18 * players \
                or kind == "home" and 1 <= int(n) <= 5
    cards = d["draw"] + d["discard"] + [c for h in d["hands"] for c in h]
    assert sorted(cards) == sorted(NAMES[c] for c in full_deck(players))  # conservation
    assert len(cards) == (216 if players == 8 else 162)
    v = g.view(None)
    assert v["teams"] == [list(range(0, players, 2)), list(range(1, players, 2))]  # alternate
    for s, owner in enumerate(v["playing_for"]):
        assert owner % 2 == s % 2
        if owner != s:
            assert all(loc.startswith("home:") for loc in pos[s])
    if g.to_act is not None:
        assert len(d["hands"][g.to_act]) == 6
        assert all(len(h) <= 6 for h in d["hands"])
        legal = g.legal_moves()
        assert legal and all(m.seat == g.to_act for m in legal)
        assert len(set(legal)) == len(legal)                               # each choice once


def check_illegal(g, bad) -> None:
    before = g.to_dict()
    legal = g.legal_moves()
    with pytest.raises(IllegalMove):
        g.play(bad)
    assert g.to_dict() == before and g.legal_moves() == legal


def corrupt(g, m, rng):
    """A few moves that must be refused in g's position."""
    out = [dataclasses.replace(m, seat=(m.seat + 1) % g.players)]
    other = [c for c in NAMES.values() if c != m.card]
    out.append(dataclasses.replace(m, card=rng.choice(other)))
    if isinstance(m, engine.pegs.Play):
        owner, peg, frm, to, bump = m.parts[0]
        bad_to = "track:0" if to != "track:0" else "track:1"
        out.append(dataclasses.replace(m, parts=((owner, peg, frm, bad_to, bump),) + m.parts[1:]))
        out.append(dataclasses.replace(m, parts=m.parts[::-1] + m.parts))
    legal = g.legal_moves()
    return [b for b in out if b not in legal]


def check_determinize(g, seat, rng) -> None:
    view = g.view(seat)
    k = rng.randrange(1 << 30)
    a = g.determinize(seat, random.Random(k))
    assert a.view(seat) == view and g.view(seat) == view
    # another game with the same view (different hidden cards) gives the same copy
    other = g.determinize(seat, random.Random(k + 1))
    assert other.view(seat) == view
    assert other.determinize(seat, random.Random(k)).to_dict() == a.to_dict()
    if seat == g.to_act:
        assert a.legal_moves() == g.legal_moves()
    json.dumps(a.to_dict())


def run_game(players: int, seed: int, replay: bool) -> int:
    rng = random.Random(seed * 7919 + players)
    g = engine.new_game("pegs", players=players, seed=seed)
    save_at = rng.randrange(20, 600)
    illegal_at = {rng.randrange(1, 800) for _ in range(3)}
    det_at = rng.randrange(1, 500)
    ref_at = {rng.randrange(1, 1500) for _ in range(4)}
    saved = None
    old_move = None
    taken = []
    n = 0
    while not g.is_over:
        assert n < MAX_MOVES
        legal = g.legal_moves()
        m = rng.choice(legal)
        if n == save_at:
            d = json.loads(json.dumps(g.to_dict()))
            saved = engine.load_game(d)
            assert saved.to_dict() == g.to_dict() and saved.legal_moves() == legal
            check_state(g)
        if n in illegal_at:
            for bad in corrupt(g, m, rng):
                check_illegal(g, bad)
            if old_move is not None and old_move not in legal:
                check_illegal(g, old_move)
        if n == det_at:
            check_determinize(g, g.to_act, rng)
            check_determinize(g, (g.to_act + 1) % players, rng)
            check_determinize(g, None, rng)
        if n in ref_at:
            check_against_reference(g)
        r = rng.random()
        if r < 0.005:
            check_state(g)
        if r < 0.03:
            m = g.parse_move(json.loads(json.dumps(m.to_dict())))       # moves round-trip
            assert m in legal
        if r < 0.01:
            old_move = m                                                 # for check_illegal later
        events = g.play(m)
        for e in events:
            assert isinstance(e, engine.Event) and e.text
            if e.kind == "draw":
                assert DREW.match(e.text)                                # cards stay hidden
        if replay and saved is not None:
            taken.append(m)
        n += 1
    check_state(g)
    winners = g.winners
    team = winners[0] % 2
    assert winners == list(range(team, players, 2))
    pos = g.positions()
    assert all(loc.startswith("home:") for s in winners for loc in pos[s])
    assert not all(loc.startswith("home:") for s in range(1 - team, players, 2) for loc in pos[s])
    if replay and saved is not None:
        for m in taken:
            saved.play(m)
        assert saved.to_dict() == g.to_dict() and saved.winners == winners
    return n


@pytest.mark.long
@pytest.mark.parametrize("players", [4, 6, 8])
def test_random_games_keep_every_invariant(players):
    games = soak(200, 5000)
    lengths = [run_game(players, seed, replay=seed % 10 == 0) for seed in range(games)]
    assert max(lengths) < MAX_MOVES


def engine_outcomes(g) -> list:
    """(card, positions after) for each legal move; (card, None) for discards."""
    out = []
    for m in g.legal_moves():
        if isinstance(m, engine.pegs.Discard):
            out.append((m.card, None))
        else:
            c = g.clone()
            c.play(m)
            out.append((m.card, tuple(tuple(p) for p in c.positions())))
    return out


def check_against_reference(g) -> None:
    got = engine_outcomes(g)
    assert len(got) == len(set(got))                      # each distinct choice once
    want = Ref(g.players).outcomes(g.positions(), g.view(g.to_act)["hand"], g.to_act)
    assert set(got) == want
