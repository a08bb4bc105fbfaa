"""One test (at least) per rule of ../shared/rules/sorry.md, each at an exact position."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine.sorry import SorryGame
from engine.sorry.board import FWD, HOME, SLIDES, forward
from engine.sorry.cards import DECK

from .helpers import game, moves, play, where


# --------------------------------------------------------------- S-1
def test_S_1_seats_colours_and_four_pawns():
    for players in (2, 3, 4):
        g = engine.new_game("sorry", players=players, seed=1)
        assert g.view(0)["colours"] == ["Red", "Blue", "Yellow", "Green"][:players]
        assert g.positions() == [["start"] * 4] * players


def test_S_1_player_counts():
    for bad in (1, 5, 0, "4", True):
        with pytest.raises(ValueError):
            engine.new_game("sorry", players=bad, seed=1)


def test_S_1_first_player_from_seed_or_chosen():
    firsts = {engine.new_game("sorry", players=4, seed=s).to_act for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert engine.new_game("sorry", players=4, seed=5).to_act == engine.new_game("sorry", players=4, seed=5).to_act
    assert engine.new_game("sorry", players=3, seed=5, first=2).to_act == 2
    with pytest.raises(ValueError):
        engine.new_game("sorry", players=3, seed=5, first=3)


def test_S_1_play_passes_clockwise_and_pawns_move_clockwise():
    g = game(["track:10"], ["track:20"], ["track:40"], card="3")
    play(g, "Red 3: pawn 1 track:10→track:13")
    assert g.to_act == 1 and where(g, 0)[0] == "track:13"
    play(g, moves(g)[0])
    assert g.to_act in (1, 2)       # Blue again only after a 2
    assert g.to_act == (1 if g.discard[-1] == "2" else 2)


# --------------------------------------------------------------- S-2
def test_S_2_slides_circles_and_turns():
    assert {sq: (owner, squares[-1]) for sq, (owner, squares) in SLIDES.items()} == {
        1: (0, 4), 9: (0, 13), 16: (1, 19), 24: (1, 28),
        31: (2, 34), 39: (2, 43), 46: (3, 49), 54: (3, 58)}
    g = game([], [], [], [], card="1")
    assert moves(g) == ["Red 1: pawn 1 start→track:4"]
    for seat, circle in ((1, 19), (2, 34), (3, 49)):
        g = game([], [], [], [], card="1", to_act=seat)
        assert moves(g)[0].endswith(f"start→track:{circle}")


def test_S_2_safety_turn_only_for_own_colour():
    g = game(["track:2"], ["track:40"], card="1")
    assert "Red 1: pawn 1 track:2→safe:1" in moves(g)
    g = game(["track:40"], ["track:2"], card="1", to_act=1)
    assert "Blue 1: pawn 1 track:2→track:3" in moves(g)


def test_S_2_home_is_64_steps_from_the_circle():
    for colour in range(4):
        loc, steps = 15 * colour + 4, 0
        while loc != HOME:
            loc = forward(colour, loc, 1)
            steps += 1
        assert steps == 64
        assert FWD[colour][15 * colour + 2][6] == HOME


def test_S_2_safety_zones_are_per_colour():
    g = game(["safe:1"], ["safe:3"], card="2")
    assert "Red 2: pawn 1 safe:1→safe:3" in moves(g)
    play(g, "Red 2: pawn 1 safe:1→safe:3")
    assert where(g, 0)[0] == "safe:3" and where(g, 1)[0] == "safe:3"


# --------------------------------------------------------------- S-3
def test_S_3_deck_has_45_cards_and_no_6_or_9():
    counts = Counter(DECK)
    assert len(DECK) == 45
    assert counts == {"1": 5, "2": 4, "3": 4, "4": 4, "5": 4, "7": 4, "8": 4, "10": 4, "11": 4,
                      "12": 4, "SORRY": 4}


def test_S_3_card_is_drawn_played_and_discarded():
    g = game(["track:10"], ["track:30"], card="3")
    before = g.view(None)["draw_count"]
    events = play(g, "Red 3: pawn 1 track:10→track:13")
    v = g.view(None)
    assert v["discard"] == ["3"] and v["draw_count"] == before - 1 and v["card"] is not None
    assert events[-1].kind == "draw"


def test_S_3_reshuffle_when_draw_pile_is_empty():
    g = game(["track:10"], ["track:30"], card="3")
    g.discard, g.draw = g.draw, []
    events = play(g, "Red 3: pawn 1 track:10→track:13")
    assert any(e.kind == "reshuffle" for e in events)
    assert len(g.draw) == 44 and g.discard == []
    g.check()


def test_S_3_card_1_starts_or_moves_one():
    g = game(["track:10"], card="1")
    assert moves(g) == ["Red 1: pawn 2 start→track:4", "Red 1: pawn 1 track:10→track:11"]


def test_S_3_card_2_starts_or_moves_two_then_draws_again():
    g = game(["track:10"], ["track:40"], card="2")
    assert moves(g) == ["Red 2: pawn 2 start→track:4", "Red 2: pawn 1 track:10→track:12"]
    assert not g.view(None)["again"]
    play(g, "Red 2: pawn 1 track:10→track:12")
    assert g.to_act == 0 and g.view(None)["again"]           # the view says it is a second draw
    assert type(g).from_dict(g.to_dict()).view(None)["again"]           # ... kept in a save
    assert g.clone().view(None)["again"] and g.determinize(1, random.Random(1)).view(None)["again"]
    g.play(g.legal_moves()[0])
    assert g.to_act == (0 if g.discard[-1] == "2" else 1) and g.view(None)["again"] == (g.to_act == 0)


def test_S_3_cards_3_5_8_12_move_forward():
    for card, to in (("3", 23), ("5", 25), ("8", 28), ("12", 32)):
        g = game(["track:20", "home"], card=card)
        assert moves(g) == [f"Red {card}: pawn 1 track:20→track:{to}"]


def test_S_3_card_4_moves_backward():
    g = game(["track:20"], card="4")
    assert moves(g) == ["Red 4: pawn 1 track:20→track:16"]
    assert str(play(g, "Red 4: pawn 1 track:20→track:16")[0]) == "Red's pawn 1 moved 4 back to square 16 with a 4"


def test_S_3_card_7_whole_or_split():
    g = game(["track:20", "track:40"], card="7")
    ms = moves(g)
    assert "Red 7: pawn 1 track:20→track:27" in ms and "Red 7: pawn 2 track:40→track:47" in ms
    assert "Red 7: pawn 1 track:20→track:23, pawn 2 track:40→track:44" in ms
    assert len(ms) == 2 + 6


def test_S_3_card_10_forward_ten_or_back_one():
    g = game(["track:20"], card="10")
    assert moves(g) == ["Red 10: pawn 1 track:20→track:30", "Red 10: pawn 1 track:20→track:19"]


def test_S_3_card_11_forward_or_switch():
    g = game(["track:20"], ["track:40"], card="11")
    assert moves(g) == ["Red 11: pawn 1 track:20→track:31",
                        "Red 11: switch pawn 1 track:20 with Blue pawn 1 track:40"]


def test_S_3_sorry_card():
    g = game([], ["track:40"], card="SORRY")
    assert moves(g) == ["Red SORRY!: pawn 1 start→track:40"]


# --------------------------------------------------------------- S-4
def test_S_4_1_only_1_or_2_start_a_pawn():
    for card in ("3", "4", "5", "7", "8", "10", "11", "12"):
        g = game([], ["track:40"], card=card)
        assert moves(g) == [f"Red {card}: no legal move (pass)"]
    for card in ("1", "2"):
        g = game([], card=card)
        assert moves(g) == [f"Red {card}: pawn 1 start→track:4"]


def test_S_4_2_own_pawn_on_circle_blocks_start_other_colour_is_bumped():
    g = game(["track:4"], card="1")
    assert "Red 1: pawn 2 start→track:4" not in moves(g)
    g = game([], ["track:4"], card="1")
    events = play(g, "Red 1: pawn 1 start→track:4")
    assert where(g, 0)[0] == "track:4" and where(g, 1)[0] == "start"
    assert any(e.kind == "bump" for e in events)


# --------------------------------------------------------------- S-5
def test_S_5_1_count_every_square_jumping_over_pawns():
    g = game(["track:20"], ["track:21", "track:22"], card="3")
    play(g, "Red 3: pawn 1 track:20→track:23")
    assert where(g, 1)[:2] == ["track:21", "track:22"]


def test_S_5_2_never_end_on_own_pawn():
    g = game(["track:20", "track:23"], card="3")
    assert moves(g) == ["Red 3: pawn 2 track:23→track:26"]
    g = game(["safe:1", "safe:3"], card="2")
    assert moves(g) == ["Red 2: pawn 3 start→track:4", "Red 2: pawn 2 safe:3→safe:5"]


def test_S_5_3_must_move_even_if_it_hurts():
    # Backward 4 takes the pawn away from home, but it is the only move: no pass.
    g = game(["track:5"], card="4")
    assert moves(g) == ["Red 4: pawn 1 track:5→track:1"]


def test_S_5_4_no_legal_move_loses_the_turn():
    g = game(["safe:5"], card="3")
    assert moves(g) == ["Red 3: no legal move (pass)"]
    play(g, "Red 3: no legal move (pass)")
    assert g.to_act == 1 and g.view(None)["discard"] == ["3"]
    g = game(["safe:5", "home", "home", "home"], card="2")
    assert moves(g) == ["Red 2: no legal move (pass)"]
    play(g, "Red 2: no legal move (pass)")
    assert g.to_act == 0                  # after a 2 you still draw again


def test_S_5_5_exact_count_to_home():
    g = game(["safe:4"], card="3")
    assert moves(g) == ["Red 3: no legal move (pass)"]
    g = game(["safe:4"], card="2")
    assert "Red 2: pawn 1 safe:4→home" in moves(g)
    g = game(["home", "track:20"], card="1")
    assert all("pawn 1" not in m for m in moves(g))


def test_S_5_6_backward_moves():
    # From the circle, back 4 lands on offset 0; then a 3 reaches S1.
    g = game(["track:4"], ["track:40"], card="4")
    play(g, "Red 4: pawn 1 track:4→track:0")
    g2 = game(["track:0"], ["track:40"], card="3")
    assert moves(g2) == ["Red 3: pawn 1 track:0→safe:1"]
    # Backward out of the safety zone onto the track; inside it, within the zone.
    assert moves(game(["safe:1"], card="10")) == ["Red 10: pawn 1 safe:1→track:2"]
    assert moves(game(["safe:5"], card="4")) == ["Red 4: pawn 1 safe:5→safe:1"]
    assert moves(game(["safe:3"], card="4")) == ["Red 4: pawn 1 safe:3→track:1"]
    # Backward across 0 wraps round the track, and never enters START or HOME.
    assert moves(game([], ["track:16"], card="4", to_act=1)) == ["Blue 4: pawn 1 track:16→track:12"]
    assert moves(game(["track:2"], card="4")) == ["Red 4: pawn 1 track:2→track:58"]


def test_S_5_7_start_and_home_pawns_are_not_moved_by_numbers():
    g = game(["home", "home", "home"], card="5")
    assert moves(g) == ["Red 5: no legal move (pass)"]


# --------------------------------------------------------------- S-6
def test_S_6_1_landing_bumps_passing_does_not():
    g = game(["track:20"], ["track:22", "track:25"], card="5")
    events = play(g, "Red 5: pawn 1 track:20→track:25")
    assert where(g, 1)[:2] == ["track:22", "start"]
    assert [e.text for e in events if e.kind == "bump"] == [
        "Blue's pawn 2 was bumped back to START by Red's pawn 1"]


def test_S_6_2_bumps_on_backward_moves_and_sorry():
    g = game(["track:20"], ["track:16"], card="4")
    play(g, "Red 4: pawn 1 track:20→track:16")
    # Blue's triangle at 16: Red slides to 19; Blue's pawn was bumped first.
    assert where(g, 0)[0] == "track:19" and where(g, 1)[0] == "start"
    g = game([], ["track:40"], card="SORRY")
    play(g, "Red SORRY!: pawn 1 start→track:40")
    assert where(g, 0)[0] == "track:40" and where(g, 1)[0] == "start"


# --------------------------------------------------------------- S-7
def test_S_7_1_sliding_is_compulsory_on_other_colours_triangle():
    g = game(["track:12"], card="4")        # back to 8? no: 12-4 = 8 (no triangle)
    assert moves(g) == ["Red 4: pawn 1 track:12→track:8"]
    g = game(["track:20"], card="4")        # 16 is Blue's triangle
    events = play(g, "Red 4: pawn 1 track:20→track:16")
    assert where(g, 0)[0] == "track:19"
    assert any(e.kind == "slide" for e in events)
    g = game(["track:36"], card="3")         # 39: Yellow's long triangle → 43
    play(g, "Red 3: pawn 1 track:36→track:39")
    assert where(g, 0)[0] == "track:43"


def test_S_7_1_switch_and_sorry_slide_too():
    g = game(["track:5"], ["track:31"], card="11")
    play(g, "Red 11: switch pawn 1 track:5 with Blue pawn 1 track:31")
    assert where(g, 0)[0] == "track:34" and where(g, 1)[0] == "track:5"
    g = game([], ["track:54"], card="SORRY")
    play(g, "Red SORRY!: pawn 1 start→track:54")
    assert where(g, 0)[0] == "track:58" and where(g, 1)[0] == "start"


def test_S_7_2_slide_sends_everyone_on_it_home_including_own():
    g = game(["track:36", "track:41"], ["track:43"], ["track:40"], card="3")
    events = play(g, "Red 3: pawn 1 track:36→track:39")
    assert where(g, 0)[:2] == ["track:43", "start"]
    assert where(g, 1)[0] == "start" and where(g, 2)[0] == "start"
    slide = [e.text for e in events if e.kind == "slide"][0]
    assert "slid to square 43" in slide and "Red's pawn 2" in slide


def test_S_7_2_sliding_pawn_never_sends_itself_back():
    g = game(["track:40"], ["track:10"], card="10")
    play(g, "Red 10: pawn 1 track:40→track:39")
    assert where(g, 0)[0] == "track:43"


def test_S_7_3_own_triangle_does_not_slide():
    g = game([], ["track:5"], card="11", to_act=1)
    assert "Blue 11: pawn 1 track:5→track:16" in moves(g)
    play(g, "Blue 11: pawn 1 track:5→track:16")
    assert where(g, 1)[0] == "track:16"


def test_S_7_4_middle_of_slide_or_passing_triangle_does_nothing():
    g = game(["track:35"], ["track:41"], card="5")
    play(g, "Red 5: pawn 1 track:35→track:40")       # passes 39, lands mid-slide
    assert where(g, 0)[0] == "track:40" and where(g, 1)[0] == "track:41"


# --------------------------------------------------------------- S-8
def test_S_8_sorry_takes_start_pawn_onto_opponent():
    g = game(["track:10"], ["track:40", "safe:2", "home"], card="SORRY")
    assert moves(g) == ["Red SORRY!: pawn 2 start→track:40"]   # never safety/home
    play(g, "Red SORRY!: pawn 2 start→track:40")
    assert where(g, 0)[1] == "track:40" and where(g, 1)[0] == "start"


def test_S_8_sorry_without_start_pawn_or_target_loses_turn():
    g = game(["track:1", "track:2", "track:3", "track:5"], ["track:40"], card="SORRY")
    assert moves(g) == ["Red SORRY!: no legal move (pass)"]
    g = game([], ["safe:3"], card="SORRY")
    assert moves(g) == ["Red SORRY!: no legal move (pass)"]


# --------------------------------------------------------------- S-9
def test_S_9_1_split_order_matters_when_the_first_part_bumps_the_second_pawn():
    # Pawn 1 landing on Yellow's triangle 39 would slide over pawn 2 on 41.
    g = game(["track:35", "track:41"], card="7")
    ms = moves(g)
    assert "Red 7: pawn 2 track:41→track:44, pawn 1 track:35→track:39" in ms
    assert "Red 7: pawn 1 track:35→track:39, pawn 2 track:41→track:44" not in ms
    play(g, "Red 7: pawn 2 track:41→track:44, pawn 1 track:35→track:39")
    assert where(g, 0)[:2] == ["track:43", "track:44"]


def test_S_9_1_orders_with_the_same_outcome_are_one_move():
    g = game(["track:20", "track:40"], card="7")
    splits = [m for m in g.legal_moves() if m.kind == "split"]
    assert len(splits) == 6
    assert len({(frozenset(p for p, _, _ in m.parts)) for m in splits}) == 1


def test_S_9_1_first_part_may_clear_the_way_for_the_second():
    # Pawn 2 cannot land on pawn 1's square unless pawn 1 moves first.
    g = game(["track:23", "track:20"], card="7")
    ms = moves(g)
    assert "Red 7: pawn 1 track:23→track:27, pawn 2 track:20→track:23" in ms
    assert "Red 7: pawn 2 track:20→track:23, pawn 1 track:23→track:27" not in ms


def test_S_9_2_split_never_starts_a_pawn():
    g = game(["track:20"], card="7")
    assert moves(g) == ["Red 7: pawn 1 track:20→track:27"]


def test_S_9_3_whole_seven_must_be_used():
    g = game(["safe:5", "track:20"], card="7")
    ms = moves(g)
    assert ms == ["Red 7: pawn 2 track:20→track:27", "Red 7: pawn 1 safe:5→home, pawn 2 track:20→track:26"]
    g = game(["safe:5", "safe:4"], card="7")
    assert moves(g) == ["Red 7: no legal move (pass)"]


# --------------------------------------------------------------- S-10
def test_S_10_1_ten_forward_or_back_one_and_back_one_when_forward_impossible():
    g = game(["safe:1", "track:20"], card="10")
    assert moves(g) == ["Red 10: pawn 1 safe:1→track:2", "Red 10: pawn 2 track:20→track:30",
                        "Red 10: pawn 2 track:20→track:19"]
    g = game(["safe:2"], card="10")
    assert moves(g) == ["Red 10: pawn 1 safe:2→safe:1"]


def test_S_10_2_only_the_11_switches():
    for card in ("1", "2", "3", "4", "5", "7", "8", "10", "12"):
        g = game(["track:10"], ["track:40"], card=card)
        assert not any("switch" in m for m in moves(g)), card


def test_S_10_2_switch_only_track_pawns():
    g = game(["track:10", "safe:1"], ["track:40", "safe:2", "home"], ["track:50"], card="11")
    sw = [m for m in moves(g) if "switch" in m]
    assert sw == ["Red 11: switch pawn 1 track:10 with Blue pawn 1 track:40",
                  "Red 11: switch pawn 1 track:10 with Yellow pawn 1 track:50"]


def test_S_10_2_both_pawns_slide_after_a_switch():
    # Red's pawn lands on Yellow's triangle 31 and slides; Blue's lands on its own triangle 24.
    g = game(["track:24"], ["track:31"], card="11")
    play(g, "Red 11: switch pawn 1 track:24 with Blue pawn 1 track:31")
    assert where(g, 0)[0] == "track:34" and where(g, 1)[0] == "track:24"
    # The opponent's pawn slides when it lands on a triangle not of its colour.
    g = game(["track:9"], ["track:20"], card="11")
    play(g, "Red 11: switch pawn 1 track:9 with Blue pawn 1 track:20")
    assert where(g, 0)[0] == "track:20" and where(g, 1)[0] == "track:13"


def test_S_10_2_a_switch_slide_sweeps_the_switched_pawn_own_pawns_and_others():
    # Red 41 switches with Yellow 39 (Yellow's long triangle): Red's pawn slides 39 -> 43,
    # sending back the switched Yellow pawn (now on 41), Red's own pawn on 42 and Blue's on 43
    g = game(["track:41", "track:42"], ["track:43"], ["track:39"], card="11")
    events = play(g, "Red 11: switch pawn 1 track:41 with Yellow pawn 1 track:39")
    assert where(g, 0)[:2] == ["track:43", "start"]
    assert where(g, 1)[0] == "start" and where(g, 2)[0] == "start"
    slide = [str(e) for e in events if e.kind == "slide"]
    assert slide == ["Red's pawn 1 slid to square 43 and sent Yellow's pawn 1, Red's pawn 2 and "
                     "Blue's pawn 1 back to START"], slide
    # the switch names both squares (the log said only "switched places")
    assert [str(e) for e in events if e.kind == "switch"] == [
        "Red played 11: Red's pawn 1 on square 41 switched places with Yellow's pawn 1 on square 39"]


def test_S_7_1_two_moves_that_leave_the_board_as_it_was_are_one():
    # Red's pawns stand on the ends of Yellow's (43) and Green's (58) long slides: back 4 lands
    # on the triangle and slides straight back, changing nothing; the two are one move (DESIGN:
    # a choice is listed once), and a 4 for either pawn says which move stands for it
    from engine.sorry.why import no_move_reason
    g = game(["track:43", "track:58", "home", "home"], ["track:20"], card="4")
    assert moves(g) == ["Red 4: pawn 1 track:43→track:39"]
    assert no_move_reason(g, "4", 0) is None
    assert no_move_reason(g, "4", 1) == ("Red's pawn 2 would move back 4 and slide back to square 58, "
                                         "changing nothing, as Red's pawn 1 does: the move listed for "
                                         "Red's pawn 1 stands for both.")
    # another colour's pawn in the same spot is not Red's to move (not "listed for" Red's)
    other = game(["track:43", "home", "home", "home"], ["track:58"], card="4")
    assert no_move_reason(other, "4", 4) == "Blue's pawn 1 is not yours to move."
    before = g.positions()
    play(g, "Red 4: pawn 1 track:43→track:39")
    assert g.positions() == before
    # a pawn on the slide makes the move a bump: two moves again
    g = game(["track:43", "track:58", "home", "home"], ["track:41"], card="4")
    assert moves(g) == ["Red 4: pawn 1 track:43→track:39", "Red 4: pawn 2 track:58→track:54"]


def test_S_10_3_switch_is_optional_when_no_forward_eleven():
    g = game(["safe:1"], ["track:40"], card="11")
    assert moves(g) == ["Red 11: no legal move (pass)"]
    g = game(["track:58"], ["track:40"], card="11")      # 58+11 would overshoot HOME
    assert moves(g) == ["Red 11: switch pawn 1 track:58 with Blue pawn 1 track:40",
                        "Red 11: decline to switch (pass)"]
    g = game(["track:20"], ["track:40"], card="11")
    assert all("pass" not in m for m in moves(g))


# --------------------------------------------------------------- S-11
def test_S_11_first_with_all_four_home_wins():
    g = game(["home", "home", "home", "safe:3"], ["track:40"], card="3")
    events = play(g, "Red 3: pawn 4 safe:3→home")
    assert g.is_over and g.winners == [0] and g.to_act is None
    assert g.legal_moves() == []
    assert events[-1].kind == "win"
    with pytest.raises(engine.IllegalMove):
        g.play(g.parse_move({"seat": 1, "card": "3", "kind": "pass", "parts": []}))


# --------------------------------------------------------------- S-12
def test_S_12_teams_need_four_players():
    with pytest.raises(ValueError):
        engine.new_game("sorry", players=3, variant="teams", seed=1)
    g = engine.new_game("sorry", players=4, variant="teams", seed=1)
    assert g.view(0)["teams"] == [[0, 2], [1, 3]]


def test_S_12_1_card_moves_own_or_partner_pawn():
    g = game(["track:10"], [], ["track:40"], [], card="1", variant="teams")
    assert moves(g) == ["Red 1: pawn 2 start→track:4", "Red 1: pawn 1 track:10→track:11",
                        "Red 1: Yellow pawn 2 start→track:34", "Red 1: Yellow pawn 1 track:40→track:41"]
    events = play(g, "Red 1: Yellow pawn 1 track:40→track:41")
    assert where(g, 2)[0] == "track:41" and g.to_act == 1
    # the log says who moved the partner's pawn (the pawn's colour alone would say Yellow)
    assert str(events[0]) == "Red: Yellow's pawn 1 moved forward to square 41 with a 1"
    g = game(["track:10"], [], ["track:40"], [], card="1", variant="teams")
    assert str(play(g, "Red 1: pawn 1 track:10→track:11")[0]) == "Red's pawn 1 moved forward to square 11 with a 1"


def test_S_12_1_second_card_after_a_two_for_either_partner():
    g = game(["track:10"], [], ["track:40"], [], card="2", variant="teams")
    g.draw.remove("3")
    g.draw.append("3")                      # Red's next card, drawn after the 2
    play(g, "Red 2: Yellow pawn 1 track:40→track:42")
    assert g.to_act == 0 and g.view(0)["card"] == "3"
    # the card drawn after the 2 moves either partner's pawns too
    assert moves(g) == ["Red 3: pawn 1 track:10→track:13", "Red 3: Yellow pawn 1 track:42→track:45"]


def test_S_12_2_partners_bump_each_other():
    g = game(["track:10"], [], ["track:13"], [], card="3", variant="teams")
    play(g, "Red 3: pawn 1 track:10→track:13")
    assert where(g, 2)[0] == "start"


def test_S_12_3_sorry_must_be_used_even_on_partner():
    g = game([], ["safe:1"], ["track:40", "track:20", "track:21", "track:22"], ["home"] * 4,
             card="SORRY", variant="teams")
    assert moves(g) == ["Red SORRY!: pawn 1 start→track:40", "Red SORRY!: pawn 1 start→track:20",
                        "Red SORRY!: pawn 1 start→track:21", "Red SORRY!: pawn 1 start→track:22"]
    # A partner's START pawn may go onto any track pawn not of its own colour.
    g = game(["track:10", "track:11", "track:12", "track:13"], [], [], ["home"] * 4,
             card="SORRY", variant="teams")
    assert moves(g) == [f"Red SORRY!: Yellow pawn 1 start→track:{sq}" for sq in (10, 11, 12, 13)]


def test_S_12_4_split_between_own_and_partner_pawn():
    g = game(["track:10"], [], ["track:40"], [], card="7", variant="teams")
    assert "Red 7: pawn 1 track:10→track:13, Yellow pawn 1 track:40→track:44" in moves(g)


def test_S_12_5_switch_may_target_partner():
    g = game(["track:10"], [], ["track:40"], [], card="11", variant="teams")
    sw = [m for m in moves(g) if "switch" in m]
    assert sw == ["Red 11: switch pawn 1 track:10 with Yellow pawn 1 track:40"]   # listed once


def test_S_12_6_team_wins_with_all_eight_home():
    g = game(["home"] * 4, [], ["home", "home", "home", "safe:4"], [], card="2", variant="teams")
    play(g, "Red 2: Yellow pawn 4 safe:4→home")
    assert g.is_over and g.winners == [0, 2]
    g = game(["home", "home", "home", "safe:4"], [], ["track:40"], [], card="2", variant="teams")
    play(g, "Red 2: pawn 4 safe:4→home")
    assert not g.is_over and g.to_act == 0


# --------------------------------------------------------------- S-13
def points(*positions, hands, to_act=0, **kw):
    return SorryGame.from_position([list(p) for p in positions], variant="points", hands=hands,
                                   to_act=to_act, **kw)


def test_S_13_1_points_setup_three_in_start_one_on_circle():
    g = engine.new_game("sorry", players=3, variant="points", seed=4)
    assert g.positions() == [["track:4", "start", "start", "start"],
                             ["track:19", "start", "start", "start"],
                             ["track:34", "start", "start", "start"]]


def test_S_13_2_five_private_cards_each():
    g = engine.new_game("sorry", players=4, variant="points", seed=4)
    v = g.view(1)
    assert v["hand_sizes"] == [5, 5, 5, 5] and len(v["hand"]) == 5 and v["card"] is None
    assert g.view(None)["hand"] is None
    assert v["draw_count"] == 45 - 20


def test_S_13_3_play_any_hand_card_then_draw_a_replacement_and_2_plays_again():
    g = points(["track:10"], ["track:40"], hands=[["3", "5", "2", "12", "4"], ["8"] * 4 + ["1"]])
    ms = moves(g)
    assert "Red 3: pawn 1 track:10→track:13" in ms and "Red 12: pawn 1 track:10→track:22" in ms
    play(g, "Red 2: pawn 1 track:10→track:12")
    assert len(g.hands[0]) == 5 and g.to_act == 0 and g.view(None)["again"]
    play(g, "Red 3: pawn 1 track:12→track:15")
    assert g.to_act == 1 and not g.view(None)["again"]


def test_S_13_4_no_move_discard_any_card_and_end_turn():
    g = points(["home", "home", "home", "safe:5"], ["track:40"],
               hands=[["3", "5", "2", "12", "2"], ["8"] * 4 + ["1"]])
    assert moves(g) == ["Red discards 2 (no move)", "Red discards 3 (no move)",
                        "Red discards 5 (no move)", "Red discards 12 (no move)"]
    events = [str(e) for e in play(g, "Red discards 2 (no move)")]
    assert "Red discarded a 2 without moving" in events, events
    assert g.to_act == 1 and g.view(None)["discard"] == ["2"] and len(g.hands[0]) == 5
    assert not g.view(None)["again"]                      # a discarded 2 plays no second card


def test_S_13_4_only_switches_may_discard_instead():
    g = points(["track:20", "home", "home", "home"], ["track:40"],
               hands=[["11", "3", "3", "3", "3"], ["8"] * 4 + ["1"]])
    # 3s move the pawn forward: no discard offered.
    assert not any("discards" in m for m in moves(g))
    # From square 1 no 8, 11 or 12 fits before HOME: only the switch moves.
    g = points(["track:1", "home", "home", "home"], ["track:40"],
               hands=[["11", "12", "12", "12", "8"], ["8"] * 3 + ["1", "1"]])
    ms = moves(g)
    assert ms[0] == "Red 11: switch pawn 1 track:1 with Blue pawn 1 track:40"
    assert "Red discards 11 (no move)" in ms and "Red discards 8 (no move)" in ms
    # the log says the same as when nothing moves: telling the choice would tell of the 11
    events = [str(e) for e in play(g, "Red discards 8 (no move)")]
    assert "Red discarded an 8 without moving" in events, events


def test_S_13_5_and_6_winner_and_scoring_tiers():
    # Winner Red; Blue has 1 pawn HOME, Yellow 0: best opponent has 1 → 50 bonus.
    g = points(["home", "home", "home", "safe:4"], ["home"], [], hands=[["2", "3", "4", "5", "7"]],
               target=0)
    play(g, "Red 2: pawn 4 safe:4→home")
    # Red: 4*5 + 5*(3 + 4) + 50; Blue 5; Yellow 0
    assert g.is_over and g.winners == [0]
    assert g.scores == [20 + 35 + 50, 5, 0]
    for blue_home, bonus in ((0, 100), (1, 50), (2, 25), (3, 0)):
        g = points(["home", "home", "home", "home"], ["home"] * blue_home, hands=[["2"] * 4 + ["3"]])
        assert g.game_scores(0)[0] == 20 + 5 * (4 - blue_home) + bonus


def test_S_13_7_match_continues_until_target_and_winner_starts_next_game():
    g = points(["home", "home", "home", "safe:4"], ["home"], hands=[["2", "3", "4", "5", "7"]],
               target=200, to_act=0)
    g.first = 1                             # Blue started this game: Red, its winner, starts the next
    events = play(g, "Red 2: pawn 4 safe:4→home")
    assert not g.is_over and g.scores == [20 + 15 + 50, 5]
    assert any(e.kind == "deal" for e in events)
    assert g.to_act == 0 and g.positions() == [["track:4", "start", "start", "start"],
                                               ["track:19", "start", "start", "start"]]
    assert g.view(0)["match"]["games"] == 1
    g.check()
    # Default target 250; a single game is a match with target 0.
    assert engine.new_game("sorry", players=2, variant="points", seed=1).target == 250
    with pytest.raises(ValueError):
        engine.new_game("sorry", players=2, seed=1, target=100)


def test_a_match_save_from_before_the_games_moves_were_kept_does_not_guess_them():
    """A points match saved before `dealt_turn` was kept: in its first game the moves of the
    game are the match's; later, not known, so the view leaves `game_moves` out (the UI then
    counts the match's moves, as it did) until the next game is dealt."""
    g = points(["home", "home", "home", "safe:4"], ["home"], hands=[["2", "3", "4", "5", "7"]],
               target=200, to_act=0)
    first = g.to_dict()
    del first["dealt_turn"]
    assert SorryGame.from_dict(first).view(None)["match"]["game_moves"] == g.turn
    play(g, "Red 2: pawn 4 safe:4→home")
    d = g.to_dict()
    del d["dealt_turn"]
    old = SorryGame.from_dict(d)
    assert "game_moves" not in old.view(None)["match"] and old.view(None)["match"]["games"] == 1
    assert SorryGame.from_dict(old.to_dict()).to_dict() == old.to_dict()      # kept as not known
    assert g.view(None)["match"]["game_moves"] == 0                           # (known: 0 in game 2)


def test_a_finished_game_of_a_match_keeps_its_last_position_for_its_summary():
    """The next game is dealt as one ends (S-13.7): the match keeps the pawns as the game
    ended (`ended_positions` in the view), saved and loaded with the rest; none before a game
    has ended, nor in a save from before it was kept."""
    g = points(["home", "home", "home", "safe:4"], ["home"], hands=[["2", "3", "4", "5", "7"]],
               target=200, to_act=0)
    assert g.view(None)["match"]["ended_positions"] is None
    play(g, "Red 2: pawn 4 safe:4→home")
    ended = [["home"] * 4, ["home", "start", "start", "start"]]
    assert g.view(1)["match"]["ended_positions"] == ended and g.positions() != ended
    d = g.to_dict()
    assert SorryGame.from_dict(d).to_dict() == d
    assert SorryGame.from_dict(d).view(None)["match"]["ended_positions"] == ended
    assert g.clone().view(None) == g.view(None)
    assert g.determinize(1, random.Random(1)).view(1)["match"]["ended_positions"] == ended
    del d["ended_positions"]
    assert SorryGame.from_dict(d).view(None)["match"]["ended_positions"] is None
    for bad in (["home"] * 15, ["nowhere"] * 16, ["track:5"] * 2 + ["start"] * 14):
        with pytest.raises(ValueError):
            SorryGame.from_dict({**g.to_dict(), "ended_positions": bad})


def test_S_13_7_equal_totals_share_the_match():
    g = points(["home", "home", "home", "safe:4"], ["home"], hands=[["2", "3", "4", "5", "7"]], target=10)
    g.totals = [0, 80]
    play(g, "Red 2: pawn 4 safe:4→home")
    assert g.is_over and g.scores == [85, 85] and g.winners == [0, 1]


# --------------------------------------------------------------- S-14
def test_S_14_faq_facts():
    assert "6" not in DECK and "9" not in DECK
    for card in ("1", "2"):
        assert any("start→" in m for m in moves(game([], card=card)))
    g = game(["track:20"], ["track:25"], card="5")
    play(g, "Red 5: pawn 1 track:20→track:25")
    assert where(g, 1)[0] == "start"
    g = game(["track:20", "track:25"], card="5")
    assert moves(g) == ["Red 5: pawn 2 track:25→track:30"]


def test_S_9_a_split_is_logged_with_each_parts_count():
    # two lines "moved forward ... with a 7" read as two 7s played: each part says its count
    from engine.sorry import SorryGame

    g = SorryGame.from_position([["track:10", "track:20"], ["track:40"]], card="7")
    events = [str(e) for e in play(g, "Red 7: pawn 1 track:10→track:11, pawn 2 track:20→track:26")]
    assert events[:2] == ["Red's pawn 1 moved 1 forward to square 11, splitting the 7",
                          "Red's pawn 2 moved 6 forward to square 26, splitting the 7"]
