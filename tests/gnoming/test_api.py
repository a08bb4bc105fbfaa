"""The engine contract for Gnoming A Round: moves, events, views, saves, copies."""
import json
import random
import subprocess
import sys

import pytest

import engine
from engine.benchutil import Row
from engine.core import Event, IllegalMove
from engine.gnoming.moves import (BOUNCE, DECLINE, DISCARD, DISCARD_HAZARD, DRAW, FLIP, PLACE, TAKE,
                                  Bounce, Decline, Discard, Draw, Flip, Place, Take)

from .helpers import position

VIEW_KEYS = {"game", "players", "seat", "to_act", "phase", "scores", "layouts", "drawn", "discards",
             "draw_count", "round", "round_scores", "went_out", "first_seat", "hazard_pending",
             "filled", "turn", "holding"}


def random_game(players=4, seed=1, moves=60):
    g = engine.new_game("gnoming", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return g


def test_moves_are_short_human_strings():
    assert str(Draw(0)) == "Red draws from the draw pile"
    assert str(Take(1, 0)) == "Blue takes the top card of discard pile 1"
    assert str(Place(1, 5)) == "Blue places the card at row 2 col 3"
    assert str(Bounce(3, 7, 0)) == "Green bounces the 7 to row 1 col 1"
    assert str(Discard(2, 1)) == "Yellow discards onto discard pile 2"
    assert str(Discard(2, None)) == "Yellow discards the Hazard out of play"
    assert str(Flip(4, 8)) == "Orange turns up row 3 col 3"
    assert str(Decline(6)) == "Pink turns up no card"


def test_every_move_round_trips_through_json():
    g = engine.new_game("gnoming", players=7, seed=1)
    every = [*DECLINE, *DRAW, *DISCARD_HAZARD]
    for s in range(7):
        every += [*FLIP[s], *PLACE[s], *TAKE[s], *DISCARD[s]]
        every += [m for row in BOUNCE[s][1:] for m in row]
    for m in every:
        d = json.loads(json.dumps(m.to_dict()))
        back = g.parse_move(d)
        assert back == m and hash(back) == hash(m) and type(back) is type(m)
        assert m.seat == d["seat"]


@pytest.mark.parametrize("bad", [
    None, [], {}, {"type": "fly", "seat": 0}, {"type": "flip", "seat": 9, "cell": 0},
    {"type": "flip", "seat": 0, "cell": 9}, {"type": "take", "seat": 0, "pile": 2},
    {"type": "bounce", "seat": 0, "card": "-1", "cell": 0}, {"type": "bounce", "seat": 0, "card": "Z", "cell": 0},
    {"type": "place", "seat": True, "cell": 0}, {"type": "discard", "seat": 0, "pile": "x"},
])
def test_parse_move_refuses_what_is_not_a_move(bad):
    g = engine.new_game("gnoming", players=3, seed=1)
    with pytest.raises(ValueError):
        g.parse_move(bad)


def test_moves_are_frozen():
    with pytest.raises(AttributeError):
        Draw(0).seat = 1


def test_events_are_plain_words():
    g = engine.new_game("gnoming", players=3, seed=4)
    rng = random.Random(4)
    while not g.is_over:
        for e in g.play(rng.choice(g.legal_moves())):
            assert isinstance(e, Event) and e.text and str(e) == e.text
            assert e.seat is None or 0 <= e.seat < 3
            if e.kind == "draw":
                assert e.text.endswith("draws from the draw pile")


def test_view_has_the_contract_fields_and_is_json_safe():
    g = random_game(5, 3, 80)
    for seat in (None, *range(5)):
        v = g.view(seat)
        assert VIEW_KEYS <= set(v)
        assert v["game"] == "gnoming" and v["players"] == 5 and v["seat"] == seat
        assert json.loads(json.dumps(v)) == v
        assert len(v["layouts"]) == 5 and all(len(row) == 9 for row in v["layouts"])
        assert len(v["discards"]) == 2
    for bad in (5, -1, "0", 1.0):
        with pytest.raises(ValueError):
            g.view(bad)


def test_illegal_moves_change_nothing():
    g = random_game(3, 2, 30)
    before = g.to_dict()
    legal = g.legal_moves()
    for m in (Draw((g.to_act + 1) % 3), Place(g.to_act, 0) if Place(g.to_act, 0) not in legal else Draw(2),
              "draw", None, Decline(g.to_act)):
        if m in legal:
            continue
        with pytest.raises(IllegalMove):
            g.play(m)
        assert g.to_dict() == before
    assert g.legal_moves() == legal


def test_legal_moves_are_a_fresh_list_each_time():
    g = engine.new_game("gnoming", players=3, seed=2)
    moves = g.legal_moves()
    moves.clear()
    assert g.legal_moves()


def test_save_round_trip_continues_identically():
    g = random_game(4, 9, 123)
    d = json.loads(json.dumps(g.to_dict()))
    h = engine.load_game(d)
    assert h.to_dict() == g.to_dict()
    rng1, rng2 = random.Random(5), random.Random(5)
    while not g.is_over:
        m = rng1.choice(g.legal_moves())
        assert rng2.choice(h.legal_moves()) == m
        assert [e.to_dict() for e in g.play(m)] == [e.to_dict() for e in h.play(m)]
    assert h.is_over and h.to_dict() == g.to_dict() and h.winners == g.winners


@pytest.mark.parametrize("mutate", [
    lambda d: d.update(game="sorry"), lambda d: d.update(version=99), lambda d: d.pop("rng"),
    lambda d: d["draw"].pop(), lambda d: d.update(phase="dance"), lambda d: d["layouts"][0].append("3"),
    lambda d: d.update(to_act=17), lambda d: d["draw"].append("Q"),
])
def test_damaged_states_are_refused_with_value_error(mutate):
    d = random_game(3, 1, 20).to_dict()
    mutate(d)
    with pytest.raises(ValueError):
        engine.load_game(d)


def test_states_that_play_can_never_reach_are_refused_too():
    # a hand-edited save: the cards add up, but the phase does not fit them (a card in hand
    # before the draw; a turn that begins on an empty draw pile)
    g = random_game(3, 1, 20)
    while g.phase != "draw":
        g.play(g.legal_moves()[0])
    held = g.to_dict()
    held["hand"], held["hand_from"] = held["draw"].pop(), "draw"
    empty = g.to_dict()
    empty["discards"][0][:0], empty["draw"] = empty["draw"], []
    for d, why in ((held, "a card in hand does not fit the phase 'draw'"),
                   (empty, "a turn begins with an empty draw pile")):
        with pytest.raises(ValueError, match=why):
            engine.load_game(d)
    g.play(next(m for m in g.legal_moves() if type(m).__name__ == "Draw"))
    bare = g.to_dict()
    bare["draw"].append(bare["hand"])
    bare["hand"] = None
    with pytest.raises(ValueError, match="a card in hand does not fit the phase 'play'"):
        engine.load_game(bare)


def test_a_state_whose_cards_are_not_the_deck_is_refused():
    # a hand-edited save with the right number of cards but one of them changed (a fourth
    # Hazard, one 5 too few) loaded, and played on with a deck G-2 never holds
    d = random_game(3, 1, 20).to_dict()
    i = next(i for i, c in enumerate(d["draw"]) if c not in ("H", "M"))
    d["draw"][i] = "H"
    with pytest.raises(ValueError, match=r"the cards are not one deck \(G-2\): .*4 × H, the deck has 3$"):
        engine.load_game(d)
    g = random_game(4, 2, 300)
    assert engine.load_game(g.to_dict()).to_dict() == g.to_dict()      # (Hazards out of play count)


def test_clone_is_independent_and_equal():
    g = random_game(4, 5, 50)
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    rng = random.Random(0)
    while not c.is_over:
        c.play(rng.choice(c.legal_moves()))
    assert g.to_dict() != c.to_dict() and not g.is_over
    assert engine.load_game(g.to_dict()).to_dict() == g.to_dict()


def test_determinize_redeals_only_the_unseen_cards():
    g = random_game(4, 6, 41)
    while g.phase != "play" or g.hand_from != "draw":
        g.play(g.legal_moves()[0])
    seat = g.to_act
    other = (seat + 1) % 4
    for who in (seat, other, None):
        d = g.determinize(who, random.Random(3))
        assert d.view(who) == g.view(who)
        assert d.seed is None
        dd = d.determinize(who, random.Random(8))
        assert dd.to_dict() == g.determinize(who, random.Random(8)).to_dict()
    d = g.determinize(seat, random.Random(3))
    assert d.hand == g.hand and d.legal_moves() == g.legal_moves()
    changed = sum(a != b for a, b in zip(d.cards, g.cards))
    assert changed > 0
    d2 = g.determinize(other, random.Random(3))
    assert d2.view(other) == g.view(other)


def test_determinize_copies_play_on_and_finish():
    g = random_game(3, 7, 33)
    d = g.determinize(g.to_act, random.Random(1))
    rng = random.Random(1)
    while not d.is_over:
        d.play(rng.choice(d.legal_moves()))
    assert len(d.round_scores) == 3 and not g.is_over


def test_engine_imports_no_ui():
    code = "import sys, engine; engine.new_game('gnoming', players=3, seed=1); print('textual' in sys.modules, 'rich' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_rules_text_is_complete():
    text = engine.rules_text("gnoming")
    for word in ("Hazard", "Mulligan", "bounce", "Parlor's own choices, in one place", "three rounds"):
        assert word.lower() in text.lower()


def test_scores_and_winners_contract():
    g = engine.new_game("gnoming", players=2, seed=3)
    assert g.scores == [0, 0] and g.winners == [] and not g.is_over
    rng = random.Random(3)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    assert all(isinstance(s, int) for s in g.scores)
    assert g.winners and set(g.winners) <= {0, 1}
    assert g.to_act is None and g.view(0)["phase"] == "over"
    with pytest.raises(IllegalMove, match="over"):
        g.play(Draw(0))


def test_bench_rows():
    from engine.gnoming import bench
    rows = bench.rows(0.02)
    assert rows and all(isinstance(r, Row) and r.value > 0 for r in rows)


def test_helper_positions_are_real_games():
    g = position(3, layouts={0: "1 2 3 / 4 [5] 6 / 8 9 [10]"}, draw=["7"])
    assert g.legal_moves() == [Draw(0), Take(0, 0), Take(0, 1)]


def test_equal_face_up_cards_give_one_place_move():
    # a drawn 5 onto either face-up 5 ends the same way: listed once
    g = position(3, layouts={0: "5 1 5 / 4 [5] 6 / 8 5 [10]"}, draw=["5"])
    g.play(Draw(0))
    assert g.legal_moves() == [Place(0, c) for c in (0, 1, 3, 4, 5, 6, 8)] + [Discard(0, 0), Discard(0, 1)]
    moves = g.legal_moves()
    assert len(set(moves)) == len(moves)


def test_a_key_that_cannot_play_is_told_what_to_do_with_the_card_in_hand():
    """explain_illegal for a draw while holding a card: a card taken from a pile is to be
    placed (G-4.3), a replaced card that cannot bounce is to be discarded (G-5)."""
    from engine.gnoming.moves import Bounce, Draw
    from engine.gnoming.apply import FROM_DISCARD

    seen = set()
    for seed in range(40):
        g = engine.new_game("gnoming", players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and len(seen) < 4:
            said = g.explain_illegal(Draw(g.to_act))
            if g.phase == "play":
                kind = "taken" if g.hand_from == FROM_DISCARD else "drawn"
                assert said.startswith("place the card you took" if kind == "taken" else "place or discard"), said
                seen.add(kind)
            elif g.phase == "replaced":
                bounces = any(isinstance(m, Bounce) for m in g.legal_moves())
                assert said.startswith("bounce the replaced card" if bounces
                                       else "discard the replaced card: it cannot bounce"), said
                seen.add("no bounce" if not bounces else "bounce")
            g.play(rng.choice(g.legal_moves()))
    assert seen == {"taken", "drawn", "no bounce", "bounce"}


def test_a_place_on_a_second_equal_face_up_card_is_refused_as_the_same_move_not_for_a_mulligan():
    """G-4.2: the drawn 5 may go in place of either face-up 5; both end alike, so the first is
    the one move listed. The second, played, is refused with that reason (it cited G-4.6)."""
    from engine.gnoming.moves import Draw, Place

    g = position(3, layouts={0: "5 1 5 / 4 [7] 6 / 8 9 [10]"}, draw=["5"])
    g.play(Draw(0))
    assert [m.cell for m in g.legal_moves() if isinstance(m, Place)] == [0, 1, 3, 4, 5, 6, 7, 8]
    with pytest.raises(IllegalMove) as refused:
        g.play(Place(0, 2))
    assert "Mulligan" not in str(refused.value)
    assert str(refused.value).endswith("putting the 5 in place of either ends alike, so it is one move, "
                                       "at row 1 col 1"), refused.value
    # a Mulligan with two face up already goes nowhere (G-4.6): that is the reason for both
    g = position(3, layouts={0: "M 1 M / 4 [7] 6 / 8 9 [10]"}, draw=["M"])
    g.play(Draw(0))
    assert not any(isinstance(m, Place) for m in g.legal_moves())
    for cell in (0, 2):
        with pytest.raises(IllegalMove, match=r"only one Mulligan may be face up in a layout \(G-4.6\)$"):
            g.play(Place(0, cell))
