"""The engine contract (DESIGN.md) as Pegs and Jokers implements it."""
from __future__ import annotations

import copy
import json
import random

import pytest

import engine
from engine.pegs import Discard, Play

from .helpers import make, moves, play


def random_game(players=4, seed=5, moves=200):
    g = engine.new_game("pegs", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


def test_new_game_options():
    for players in (4, 6, 8):
        a = engine.new_game("pegs", players=players, seed=9)
        b = engine.new_game("pegs", players=players, seed=9)
        assert a.to_dict() == b.to_dict()
        assert a.players == players and a.seed == 9 and not a.is_over
    assert engine.new_game("pegs", players=4, seed=None).seed is not None
    assert engine.new_game("pegs", players=4, variant="standard").players == 4
    for bad in ({"variant": "teams"}, {"target": 100}, {"seed": "x"}, {"first": 4}):
        with pytest.raises(ValueError):
            engine.new_game("pegs", players=4, **bad)
    with pytest.raises(TypeError):
        engine.new_game("pegs", players=4, colour="red")


def test_positions_format():
    g = random_game(8, seed=2, moves=300)
    pos = g.positions()
    assert len(pos) == 8 and all(len(p) == 5 for p in pos)
    for p in pos:
        for loc in p:
            assert loc == "start" or loc.startswith(("track:", "home:"))
            if loc.startswith("track:"):
                assert 0 <= int(loc[6:]) < 144
            if loc.startswith("home:"):
                assert 1 <= int(loc[5:]) <= 5


def test_view_hides_other_hands():
    g = random_game(6, seed=3, moves=150)
    keys = {"game", "players", "seat", "to_act", "phase", "scores", "hand", "hand_sizes",
            "discard", "draw_count", "positions", "teams", "playing_for", "dealer", "turn"}
    for seat in range(6):
        v = g.view(seat)
        assert keys <= set(v)
        assert v["game"] == "pegs" and v["seat"] == seat and v["scores"] is None
        assert v["hand"] == [c for c in g.to_dict()["hands"][seat]]
        assert json.loads(json.dumps(v)) == v
    pub = g.view(None)
    assert pub["hand"] is None and "hands" not in pub and "draw" not in pub
    assert pub["hand_sizes"] == [len(h) for h in g.to_dict()["hands"]]
    assert pub["draw_count"] == len(g.to_dict()["draw"])
    assert g.scores is None
    with pytest.raises(ValueError):
        g.view(6)


def test_moves_describe_themselves_and_round_trip():
    g = make(pegs={0: ["track:40", "track:50"], 1: ["track:17"], 2: ["track:47"]},
             hands={0: ["7", "JOKER", "8", "K"]})
    texts = moves(g)
    assert "Red 7: peg 1 track:40→track:44, peg 2 track:50→track:53" in texts
    assert "Red JOKER: peg 3 start→track:17 (bumps Blue peg 1)" in texts
    assert "Red 8: peg 1 track:40→track:32" in texts
    for m in g.legal_moves():
        d = json.loads(json.dumps(m.to_dict()))
        again = g.parse_move(d)
        assert again == m and hash(again) == hash(m) and str(again) == str(m)
        assert m.kind == d["kind"] == "play"              # (as Sorry!'s moves carry theirs)
    d = Discard(2, "9")
    assert str(d) == "Yellow discards 9 (no move)" and g.parse_move(d.to_dict()) == d
    assert d.kind == d.to_dict()["kind"] == "discard"
    for bad in ({}, {"kind": "play"}, {"kind": "jump", "seat": 0, "card": "A"},
                {"kind": "play", "seat": 0, "card": "Z", "parts": []},
                {"kind": "play", "seat": "0", "card": "A", "parts": []},
                {"kind": "play", "seat": 0, "card": "A", "parts": [{"owner": 0}]}, None, "A"):
        with pytest.raises(engine.IllegalMove):
            g.parse_move(bad)


def test_moves_are_frozen_values():
    g = random_game(seed=8, moves=40)
    m = g.legal_moves()[0]
    with pytest.raises(AttributeError):
        m.seat = 3
    assert m == copy.deepcopy(m)


def test_illegal_moves_change_nothing():
    g = make(pegs={0: ["track:10"]}, hands={0: ["5", "9"]})
    before = g.to_dict()
    for bad in (Play(1, "5", ((1, 1, "track:10", "track:15", None),)),     # wrong seat
                Play(0, "6", ((0, 1, "track:10", "track:16", None),)),     # card not held
                Play(0, "5", ((0, 1, "track:10", "track:16", None),)),     # wrong count
                Discard(0, "5"),                                             # must move (P-4.4)
                "Red 5", None):
        with pytest.raises(engine.IllegalMove):
            g.play(bad)
        assert g.to_dict() == before
    with pytest.raises(engine.IllegalMove, match="turn"):
        g.play(Play(1, "5", ()))
    with pytest.raises(engine.IllegalMove, match="P-4.4"):
        g.play(Discard(0, "9"))


def test_events_are_plain_words_and_hide_cards():
    g = make(pegs={0: ["track:10"], 1: ["track:15"]}, hands={0: ["5", "9"]})
    events = g.play(g.legal_moves()[0])
    assert [e.kind for e in events] == ["play", "bump", "draw"]
    assert [str(e) for e in events] == [
        "Red plays 5: peg 1 track:10→track:15 (bumps Blue peg 1)",
        "Red's peg 1 bumped Blue's peg 1 back to START",
        "Blue drew 1 card"]
    assert all(e.seat == 0 for e in events[:2]) and events[2].seat == 1
    assert events[0].to_dict() == {"kind": "play", "text": str(events[0]), "seat": 0}


def test_legal_moves_deterministic_and_distinct():
    a = engine.new_game("pegs", players=6, seed=21)
    b = engine.new_game("pegs", players=6, seed=21)
    rng = random.Random(1)
    for _ in range(300):
        la, lb = a.legal_moves(), b.legal_moves()
        assert la == lb and len(set(la)) == len(la) and la
        m = rng.choice(la)
        assert [str(e) for e in a.play(m)] == [str(e) for e in b.play(m)]
    assert a.legal_moves() is not a.legal_moves()          # callers get their own list


def test_save_round_trip_continues_identically():
    g = random_game(8, seed=4, moves=500)
    d = json.loads(json.dumps(g.to_dict()))
    h = engine.load_game(d)
    assert h.to_dict() == g.to_dict() and h.view(3) == g.view(3)
    rng = random.Random(2)
    while not g.is_over:
        m = rng.choice(g.legal_moves())
        assert h.legal_moves() == g.legal_moves()
        assert [str(e) for e in h.play(m)] == [str(e) for e in g.play(m)]
    assert h.to_dict() == g.to_dict() and h.winners == g.winners and h.is_over


def test_clone_is_independent_and_identical():
    g = random_game(4, seed=6, moves=100)
    c = g.clone()
    assert c.to_dict() == g.to_dict() and c.legal_moves() == g.legal_moves()
    m = c.legal_moves()[0]
    c.play(m)
    assert c.to_dict() != g.to_dict()
    g.play(m)
    assert c.to_dict() == g.to_dict()          # same RNG state: same draws


def test_damaged_states_are_refused_with_a_reason():
    good = random_game(4, seed=7, moves=60).to_dict()
    cases = {
        "format": lambda d: d.update(format=99),
        "game": lambda d: d.update(game="sorry"),
        "players": lambda d: d.update(players=5),
        "positions": lambda d: d["positions"][0].__setitem__(0, "track:999"),
        "two pegs": lambda d: (d["positions"][0].__setitem__(0, "track:5"),
                               d["positions"][1].__setitem__(0, "track:5")),
        "cards": lambda d: d["draw"].append("K"),
        "card name": lambda d: d["draw"].__setitem__(0, "11"),
        "to_act": lambda d: d.update(to_act=None),
        "missing": lambda d: d.pop("hands"),
        "rng": lambda d: d.update(rng=[1, 2]),
    }
    for name, spoil in cases.items():
        d = copy.deepcopy(good)
        spoil(d)
        with pytest.raises(ValueError):
            engine.load_game(d)
    assert engine.load_game(copy.deepcopy(good)).to_dict() == good


def test_determinize_redeals_only_hidden_cards():
    g = random_game(6, seed=12, moves=400)
    seat = g.to_act
    real = g.to_dict()
    copies = [g.determinize(seat, random.Random(k)) for k in range(5)]
    for c in copies:
        d = c.to_dict()
        assert c.view(seat) == g.view(seat)
        assert d["hands"][seat] == real["hands"][seat] and d["discard"] == real["discard"]
        assert d["positions"] == real["positions"] and d["seed"] is None
        assert c.legal_moves() == g.legal_moves()
        assert sorted(d["draw"] + [x for h in d["hands"] for x in h]) == \
            sorted(real["draw"] + [x for h in real["hands"] for x in h])
    assert len({json.dumps(c.to_dict()["hands"]) for c in copies}) > 1     # really re-dealt
    assert g.to_dict() == real                                             # g untouched
    # only the view matters: a game with the same view gives the same copy
    other = copies[0]
    assert other.determinize(seat, random.Random(99)).to_dict() == \
        g.determinize(seat, random.Random(99)).to_dict()
    spectator = g.determinize(None, random.Random(3))
    assert spectator.view(None) == g.view(None)
    # the copy plays on by itself
    rng = random.Random(4)
    c = copies[1]
    while not c.is_over:
        c.play(rng.choice(c.legal_moves()))


def test_rules_text():
    text = engine.rules_text("pegs")
    assert text.startswith("# Pegs and Jokers")
    assert "Parlor's own choices, in one place" in text
    for word in ("in-spot", "come-out", "JOKER".title(), "split", "8", "HOME"):
        assert word in text


def test_dead_hand_offers_one_discard_per_card_name():
    g = make(hands={0: ["2", "2", "9", "9", "9", "10"]})
    assert moves(g) == ["Red discards 2 (no move)", "Red discards 9 (no move)",
                        "Red discards 10 (no move)"]
    events = play(g, "Red discards 9 (no move)")
    assert events == ["Red discards 9 (no move)", "Red drew 1 card", "Blue drew 1 card"]
