"""One test per rule id of shared/rules/pegs-and-jokers.md (P-1 … P-8.3),
each on an exact position. 4 players unless said: Red 0, Blue 1, Yellow 2,
Green 3; track 0..71; in-spots 3, 21, 39, 57; come-out holes 8, 26, 44, 62.
"""
from __future__ import annotations

import pytest

import engine
from engine.pegs import Discard
from engine.pegs.board import geometry

from .helpers import make, moves, play, where

FILLER = ["2", "3", "4", "5", "6"]     # a hand that cannot come out


# ---------------------------------------------------------------- P-1 -----
def test_P_1_players_teams_colours_and_pegs():
    for players in (4, 6, 8):
        g = engine.new_game("pegs", players=players, seed=3)
        v = g.view(None)
        assert v["teams"] == [list(range(0, players, 2)), list(range(1, players, 2))]
        assert v["colours"] == ["Red", "Blue", "Yellow", "Green", "Orange", "Purple", "Pink",
                                "Cyan"][:players]
        assert g.positions() == [["start"] * 5 for _ in range(players)]
        # every player sits between two opponents
        for s in range(players):
            assert (s - 1) % players % 2 != s % 2 and (s + 1) % players % 2 != s % 2
    for bad in (2, 3, 5, 7, 9, "4", None, True):
        with pytest.raises(ValueError, match="4, 6 or 8"):
            engine.new_game("pegs", players=bad, seed=1)


# ---------------------------------------------------------------- P-2 -----
@pytest.mark.parametrize("players", [4, 6, 8])
def test_P_2_board_geometry(players):
    geo = geometry(players)
    assert geo.length == 18 * players
    for k in range(players):
        assert geo.in_spot[k] == 18 * k + 3
        assert geo.come_out[k] == 18 * k + 8
        # come-out hole to own in-spot: 18 * players - 5 steps
        assert (geo.in_spot[k] - geo.come_out[k]) % geo.length == 18 * players - 5
    # a peg 5 holes behind its in-spot enters HOME with a 6 (H1) or goes on
    last = 18 * players - 1
    g = make(players, pegs={0: [f"track:{last - 1}"]}, hands={0: ["6"]})
    assert moves(g) == [f"Red 6: peg 1 track:{last - 1}→track:4",
                        f"Red 6: peg 1 track:{last - 1}→home:1"]


def test_P_2_start_is_off_the_track_and_home_branches_at_in_spot():
    g = make(pegs={0: ["track:3"]}, hands={0: ["A", "3", "3", "3", "3", "3"]})
    assert moves(g) == ["Red A: peg 2 start→track:8",
                        "Red A: peg 1 track:3→track:4", "Red A: peg 1 track:3→home:1",
                        "Red 3: peg 1 track:3→track:6", "Red 3: peg 1 track:3→home:3"]


# ---------------------------------------------------------------- P-3 -----
@pytest.mark.parametrize("players,total,jokers", [(4, 162, 6), (6, 162, 6), (8, 216, 8)])
def test_P_3_decks(players, total, jokers):
    g = engine.new_game("pegs", players=players, seed=11)
    d = g.to_dict()
    cards = d["draw"] + d["discard"] + [c for h in d["hands"] for c in h]
    assert len(cards) == total
    assert cards.count("JOKER") == jokers
    for name in ("A", "2", "7", "8", "10", "J", "Q", "K"):
        assert cards.count(name) == 4 * (4 if players == 8 else 3)


def test_P_3_random_dealer_deals_five_rest_is_draw_pile():
    dealers = set()
    for seed in range(40):
        g = engine.new_game("pegs", players=6, seed=seed)
        v = g.view(None)
        dealers.add(v["dealer"])
        assert engine.new_game("pegs", players=6, seed=seed).view(None)["dealer"] == v["dealer"]
        first = (v["dealer"] + 1) % 6
        assert g.to_act == first
        # five each; the first player has already drawn its sixth (P-4.2)
        assert v["hand_sizes"] == [6 if s == first else 5 for s in range(6)]
        assert v["draw_count"] == 162 - 31 and v["discard"] == []
        assert v["hand"] is None and len(g.view(first)["hand"]) == 6
    assert dealers == set(range(6))


def test_P_3_the_deal_passes_to_the_left_with_dealer():
    # the next game at the table names its dealer (the last one's left); the seed still
    # decides the cards, and play starts at the new dealer's left (P-4.1)
    drawn = engine.new_game("pegs", players=6, seed=8)
    for dealer in range(6):
        g = engine.new_game("pegs", players=6, seed=8, dealer=dealer)
        v = g.view(None)
        assert v["dealer"] == dealer and g.to_act == (dealer + 1) % 6
        assert v["hand_sizes"] == [6 if s == (dealer + 1) % 6 else 5 for s in range(6)]
        assert g.to_dict()["draw"] == drawn.to_dict()["draw"]
        assert engine.load_game(g.to_dict()).to_dict() == g.to_dict()
    for bad in (6, -1, True, "2"):
        with pytest.raises(ValueError, match="dealer must be a seat"):
            engine.new_game("pegs", players=6, seed=8, dealer=bad)
    # first and dealer together only as a pair that P-4.1 allows
    assert engine.new_game("pegs", players=6, seed=8, dealer=5, first=0).to_act == 0
    with pytest.raises(ValueError, match=r"first 1 and dealer 1 disagree: play starts at the dealer's left \(P-4.1\), seat 2"):
        engine.new_game("pegs", players=6, seed=8, dealer=1, first=1)

def test_P_3_discard_pile_reshuffled_when_draw_pile_empty():
    g = make(pegs={0: ["track:10"]}, hands={0: ["5"] + FILLER[:4] + ["9"]},
             draw=[], discard=["K", "K"])
    # Blue (next) holds 5 and must draw one: the draw pile is empty
    events = play(g, "Red 5: peg 1 track:10→track:15")
    assert "The discard pile was shuffled into a new draw pile" in events
    assert "Blue drew 1 card" in events
    v = g.view(None)
    assert v["discard"] == [] and v["hand_sizes"][1] == 6
    assert v["draw_count"] == 162 - (5 + 6 + 5 + 5)          # every card not in a hand


def test_P_3_A_comes_out_or_moves_one():
    g = make(pegs={0: ["track:20"]}, hands={0: ["A"] + FILLER})
    assert [m for m in moves(g) if " A:" in m] == [
        "Red A: peg 2 start→track:8", "Red A: peg 1 track:20→track:21"]


@pytest.mark.parametrize("card", ["K", "Q", "J"])
def test_P_3_K_Q_J_come_out_or_move_ten(card):
    g = make(pegs={0: ["track:20"]}, hands={0: [card] + FILLER})
    assert [m for m in moves(g) if f" {card}:" in m] == [
        f"Red {card}: peg 2 start→track:8", f"Red {card}: peg 1 track:20→track:30"]


@pytest.mark.parametrize("card", ["2", "3", "4", "5", "6", "9", "10"])
def test_P_3_number_cards_move_forward(card):
    g = make(pegs={0: ["track:20"]}, hands={0: [card]})
    assert moves(g) == [f"Red {card}: peg 1 track:20→track:{20 + int(card)}"]


def test_P_3_7_moves_one_peg_or_splits():
    g = make(pegs={0: ["track:20", "track:40"]}, hands={0: ["7"]})
    got = moves(g)
    assert got[:2] == ["Red 7: peg 1 track:20→track:27", "Red 7: peg 2 track:40→track:47"]
    splits = got[2:]
    assert len(splits) == 6          # 1+6, 2+5, 3+4 and the reverses, one order each
    assert "Red 7: peg 1 track:20→track:23, peg 2 track:40→track:44" in splits
    assert "Red 7: peg 1 track:20→track:24, peg 2 track:40→track:43" in splits


def test_P_3_8_moves_backward():
    g = make(pegs={0: ["track:20"]}, hands={0: ["8"]})
    assert moves(g) == ["Red 8: peg 1 track:20→track:12"]
    g = make(pegs={0: ["track:5"]}, hands={0: ["8"]})
    assert moves(g) == ["Red 8: peg 1 track:5→track:69"]       # wraps round


def test_P_3_joker_onto_another_players_peg():
    g = make(pegs={0: ["track:20"], 1: ["track:50"], 2: ["track:60"]}, hands={0: ["JOKER"]})
    assert moves(g) == [
        "Red JOKER: peg 1 track:20→track:50 (bumps Blue peg 1)",
        "Red JOKER: peg 1 track:20→track:60 (bumps Yellow peg 1 to track:39)",
        "Red JOKER: peg 2 start→track:50 (bumps Blue peg 1)",
        "Red JOKER: peg 2 start→track:60 (bumps Yellow peg 1 to track:39)",
        "Red discards JOKER (no move)",
    ]


# ---------------------------------------------------------------- P-4 -----
def test_P_4_1_play_starts_left_of_dealer_and_goes_clockwise():
    for seed in range(10):
        g = engine.new_game("pegs", players=8, seed=seed)
        dealer = g.view(None)["dealer"]
        assert g.to_act == (dealer + 1) % 8
        order = []
        for _ in range(10):
            order.append(g.to_act)
            g.play(g.legal_moves()[0])
        assert order == [(dealer + 1 + i) % 8 for i in range(10)]
    g = engine.new_game("pegs", players=6, seed=4, first=3)
    assert g.to_act == 3 and g.view(None)["hand_sizes"][3] == 6
    assert g.view(None)["dealer"] == 2                    # first= puts the dealer at its right
    for bad in (6, -1, "1", 1.0):
        with pytest.raises(ValueError):
            engine.new_game("pegs", players=6, seed=4, first=bad)


def test_P_4_2_draw_up_to_six_at_turn_start():
    g = make(pegs={0: ["track:10"]}, hands={0: ["5", "9", "9", "9", "9", "9"], 1: ["2", "3"]})
    events = play(g, "Red 5: peg 1 track:10→track:15")
    assert "Blue drew 4 cards" in events
    assert g.view(None)["hand_sizes"][:2] == [5, 6]
    assert len(g.view(1)["hand"]) == 6


def test_P_4_3_play_one_card_then_hold_five():
    g = make(pegs={0: ["track:10"]}, hands={0: ["5", "9", "9", "9", "9", "10"]})
    events = play(g, "Red 5: peg 1 track:10→track:15")
    assert events[0] == "Red plays 5: peg 1 track:10→track:15"
    v = g.view(0)
    assert v["hand"] == ["9", "9", "9", "9", "10"] and v["discard"] == ["5"]
    assert where(g, 0)[0] == "track:15"


def test_P_4_4_must_play_a_moving_card_joker_allowed():
    # the 5 moves, so no discard; the joker may still be played
    g = make(pegs={0: ["track:10"], 1: ["track:30"]}, hands={0: ["5", "JOKER", "2", "2", "2", "2"]})
    got = moves(g)
    assert "Red 5: peg 1 track:10→track:15" in got
    assert "Red JOKER: peg 1 track:10→track:30 (bumps Blue peg 1)" in got
    assert not any("discards" in m for m in got)


def test_P_4_5_dead_hand_discards_one_card_and_draws():
    # all pegs in START and no A K Q J: no card moves
    g = make(pegs={1: ["track:30"]}, hands={0: ["2", "2", "5", "9", "JOKER", "10"]})
    assert moves(g) == [
        "Red JOKER: peg 1 start→track:30 (bumps Blue peg 1)",          # P-7.2: allowed, not forced
        "Red discards 2 (no move)", "Red discards 5 (no move)", "Red discards 9 (no move)",
        "Red discards 10 (no move)", "Red discards JOKER (no move)"]
    events = play(g, "Red discards 2 (no move)")
    assert events[:2] == ["Red discards 2 (no move)", "Red drew 1 card"]
    assert g.view(None)["hand_sizes"][0] == 6 and g.view(None)["discard"][-1] == "2"
    assert where(g, 0) == ["start"] * 5
    # round the table: Red draws nothing at the start of its next turn
    for _ in range(3):
        g.play(g.legal_moves()[0])
    assert g.to_act == 0 and g.view(None)["hand_sizes"][0] == 6


def test_P_4_6_full_value_must_be_used():
    # a 3 from H3 would overshoot H5: only an exact 1 or 2 moves it
    g = make(pegs={0: ["home:3"]}, hands={0: ["3", "4", "5", "6", "9", "10"]})
    assert all("discards" in m for m in moves(g))
    g = make(pegs={0: ["home:3"]}, hands={0: ["2", "4", "5", "6", "9", "10"]})
    assert moves(g) == ["Red 2: peg 1 home:3→home:5"]
    # a peg 2 before its in-spot with a 9 cannot stop in HOME: it goes on
    g = make(pegs={0: ["track:1"]}, hands={0: ["9"]})
    assert moves(g) == ["Red 9: peg 1 track:1→track:10"]


# ---------------------------------------------------------------- P-5 -----
def test_P_5_1_no_landing_on_or_passing_own_pegs():
    g = make(pegs={0: ["track:10", "track:14"]}, hands={0: ["2", "4", "5", "8"]})
    assert moves(g) == ["Red 2: peg 1 track:10→track:12", "Red 2: peg 2 track:14→track:16",
                        # peg 1 with 4 would land on peg 2, with 5 pass it
                        "Red 4: peg 2 track:14→track:18",
                        "Red 5: peg 2 track:14→track:19",
                        # peg 2 backward would pass peg 1
                        "Red 8: peg 1 track:10→track:2"]
    # in HOME too: a peg on H2 cannot be passed on the way in
    g = make(pegs={0: ["track:2", "home:2"]}, hands={0: ["2", "4"]})
    assert moves(g) == ["Red 2: peg 1 track:2→track:4", "Red 2: peg 1 track:2→home:1",
                        "Red 2: peg 2 home:2→home:4",
                        "Red 4: peg 1 track:2→track:6"]
    # nor an own peg standing on the in-spot
    g = make(pegs={0: ["track:1", "track:3"]}, hands={0: ["4"]})
    assert moves(g) == ["Red 4: peg 2 track:3→track:7", "Red 4: peg 2 track:3→home:4"]


def test_P_5_2_pass_over_and_land_on_other_pegs():
    g = make(pegs={0: ["track:10"], 1: ["track:12", "track:15"]}, hands={0: ["5", "9"]})
    assert moves(g) == ["Red 5: peg 1 track:10→track:15 (bumps Blue peg 2)",
                        "Red 9: peg 1 track:10→track:19"]


def test_P_5_3_only_A_K_Q_J_come_out_not_onto_own_peg():
    g = make(hands={0: ["2", "3", "4", "5", "6", "7"]})
    assert all("discards" in m for m in moves(g))
    for card in ("A", "K", "Q", "J"):
        g = make(hands={0: [card, "9"]})
        assert moves(g)[0] == f"Red {card}: peg 1 start→track:8"
    g = make(pegs={0: ["track:8"]}, hands={0: ["K"]})
    assert moves(g) == ["Red K: peg 1 track:8→track:18"]     # no coming out onto own peg
    g = make(pegs={0: ["track:8"]}, hands={0: ["J"]}, to_act=0)
    play(g, "Red J: peg 1 track:8→track:18")
    assert where(g, 0) == ["track:18"] + ["start"] * 4


def test_P_5_4_home_by_exact_fit_or_go_round():
    # peg 3 holes before its in-spot (track:0): 4..8 fit into H1..H5
    g = make(pegs={0: ["track:0"]}, hands={0: ["3", "4", "6", "9", "10"]})
    assert moves(g) == ["Red 3: peg 1 track:0→track:3",
                        "Red 4: peg 1 track:0→track:4", "Red 4: peg 1 track:0→home:1",
                        "Red 6: peg 1 track:0→track:6", "Red 6: peg 1 track:0→home:3",
                        "Red 9: peg 1 track:0→track:9",              # 6 past the in-spot: no fit
                        "Red 10: peg 1 track:0→track:10"]
    events = play(g, "Red 6: peg 1 track:0→home:3")
    assert "Red's peg 1 reached HOME" in events
    # a HOME peg in the way blocks the fit (no passing in HOME)
    g = make(pegs={0: ["track:0", "home:2"]}, hands={0: ["6"]})
    assert moves(g) == ["Red 6: peg 1 track:0→track:6"]
    # starting on the in-spot counts
    g = make(pegs={0: ["track:3"]}, hands={0: ["5"]})
    assert moves(g) == ["Red 5: peg 1 track:3→track:8", "Red 5: peg 1 track:3→home:5"]


def test_P_5_5_moves_inside_home_by_exact_count():
    g = make(pegs={0: ["home:1", "home:4"]}, hands={0: ["2", "3", "4", "A"]})
    assert moves(g) == ["Red A: peg 3 start→track:8",
                        "Red A: peg 1 home:1→home:2", "Red A: peg 2 home:4→home:5",
                        "Red 2: peg 1 home:1→home:3"]     # 3 and 4 would pass H4 / overshoot
    assert not any("home:4→track" in m for m in moves(g))


def test_P_5_6_eight_backward_on_the_track_only():
    g = make(pegs={0: ["track:10", "home:1"]}, hands={0: ["8"]})
    assert moves(g) == ["Red 8: peg 1 track:10→track:2"]        # not from HOME or START
    # backing up past the in-spot never enters HOME; a later small card does
    g = make(pegs={0: ["track:9"]}, hands={0: ["8", "3"]})
    assert moves(g) == ["Red 3: peg 1 track:9→track:12", "Red 8: peg 1 track:9→track:1"]
    play(g, "Red 8: peg 1 track:9→track:1")
    g2 = make(pegs={0: ["track:1"]}, hands={0: ["3"]})
    assert moves(g2) == ["Red 3: peg 1 track:1→track:4", "Red 3: peg 1 track:1→home:1"]
    # backward past the own come-out hole, from Red's first hole round to Green's side
    g = make(pegs={0: ["track:2"]}, hands={0: ["8"]})
    assert moves(g) == ["Red 8: peg 1 track:2→track:66"]


def test_P_5_7_no_peg_enters_another_players_home():
    # a Blue peg passes Red's in-spot (track:3) and stays on the track
    g = make(pegs={1: ["track:1"]}, hands={1: ["4", "6"]}, to_act=1)
    assert moves(g) == ["Blue 4: peg 1 track:1→track:5", "Blue 6: peg 1 track:1→track:7"]


def test_P_5_8_split_seven_parts_in_order_each_checked():
    # peg 1 behind peg 2: peg 2 must move first to let peg 1 pass its hole
    g = make(pegs={0: ["track:10", "track:12"]}, hands={0: ["7"]})
    got = moves(g)
    assert "Red 7: peg 2 track:12→track:17, peg 1 track:10→track:12" in got
    assert "Red 7: peg 1 track:10→track:12, peg 2 track:12→track:17" not in got
    # both orders legal and ending alike: listed once
    g = make(pegs={0: ["track:10", "track:30"]}, hands={0: ["7"]})
    got = moves(g)
    assert "Red 7: peg 1 track:10→track:13, peg 2 track:30→track:34" in got
    assert "Red 7: peg 2 track:30→track:34, peg 1 track:10→track:13" not in got
    assert len(got) == len(set(got)) == 2 + 6
    # bumps of the first part happen before the second part moves
    g = make(pegs={0: ["track:10", "track:20"], 1: ["track:13"]}, hands={0: ["7"]})
    events = play(g, "Red 7: peg 1 track:10→track:13 (bumps Blue peg 1), peg 2 track:20→track:24")
    assert "Red's peg 1 bumped Blue's peg 1 back to START" in events
    assert where(g, 1)[0] == "start"
    # a part may move or end inside HOME; no part comes out of START
    g = make(pegs={0: ["track:1", "home:1"]}, hands={0: ["7"]})
    got = moves(g)
    assert "Red 7: peg 1 track:1→track:4, peg 2 home:1→home:5" in got
    assert "Red 7: peg 2 home:1→home:4, peg 1 track:1→home:2" in got
    assert not any("start→" in m for m in got)


# ---------------------------------------------------------------- P-6 -----
def test_P_6_1_opponent_bumped_to_start():
    g = make(pegs={0: ["track:10"], 3: ["track:15", "track:60"]}, hands={0: ["5"]})
    events = play(g, "Red 5: peg 1 track:10→track:15 (bumps Green peg 1)")
    assert "Red's peg 1 bumped Green's peg 1 back to START" in events
    assert where(g, 3) == ["start", "track:60", "start", "start", "start"]


def test_P_6_2_partner_bumped_to_in_spot():
    # Yellow (partner of Red) sits on track:15; its in-spot is track:39
    g = make(pegs={0: ["track:10"], 2: ["track:15"]}, hands={0: ["5"]})
    events = play(g, "Red 5: peg 1 track:10→track:15 (bumps Yellow peg 1 to track:39)")
    assert "Red's peg 1 bumped Yellow's peg 1 to its in-spot (track:39)" in events
    assert where(g, 2)[0] == "track:39" and where(g, 0)[0] == "track:15"
    # illegal when the in-spot holds a Yellow peg ...
    g = make(pegs={0: ["track:10"], 2: ["track:15", "track:39"]}, hands={0: ["5", "6"]})
    assert moves(g) == ["Red 6: peg 1 track:10→track:16"]
    # ... or the bumped peg itself sits on its in-spot ...
    g = make(pegs={0: ["track:34"], 2: ["track:39"]}, hands={0: ["5", "6"]})
    assert moves(g) == ["Red 6: peg 1 track:34→track:40"]
    # ... and (decision) any other peg: no chains of bumps
    g = make(pegs={0: ["track:10"], 2: ["track:15"], 1: ["track:39"]}, hands={0: ["5", "6"]})
    assert moves(g) == ["Red 6: peg 1 track:10→track:16"]


def test_P_6_2_decision_mover_leaving_the_in_spot_frees_it():
    # Red's peg stands on Yellow's in-spot and lands on Yellow: Yellow takes the hole
    g = make(pegs={0: ["track:39"], 2: ["track:44"]}, hands={0: ["5"]})
    events = play(g, "Red 5: peg 1 track:39→track:44 (bumps Yellow peg 1 to track:39)")
    assert where(g, 0)[0] == "track:44" and where(g, 2)[0] == "track:39"
    assert any("to its in-spot" in e for e in events)


def test_P_6_3_bumps_on_every_kind_of_move():
    # coming out onto an opponent on the come-out hole
    g = make(pegs={1: ["track:8"]}, hands={0: ["A"]})
    events = play(g, "Red A: peg 1 start→track:8 (bumps Blue peg 1)")
    assert where(g, 1)[0] == "start" and any("bumped Blue's peg 1" in e for e in events)
    # coming out onto a partner: it goes to its in-spot
    g = make(pegs={2: ["track:8"]}, hands={0: ["K"]})
    assert moves(g) == ["Red K: peg 1 start→track:8 (bumps Yellow peg 1 to track:39)"]
    # each part of a split 7
    g = make(pegs={0: ["track:10", "track:20"], 1: ["track:12", "track:25"]}, hands={0: ["7"]})
    play(g, "Red 7: peg 1 track:10→track:12 (bumps Blue peg 1), peg 2 track:20→track:25 (bumps Blue peg 2)")
    assert where(g, 1)[:2] == ["start", "start"]
    # jokers
    g = make(pegs={0: ["track:10"], 3: ["track:65"]}, hands={0: ["JOKER", "9"]})
    play(g, "Red JOKER: peg 1 track:10→track:65 (bumps Green peg 1)")
    assert where(g, 3)[0] == "start" and where(g, 0)[0] == "track:65"


# ---------------------------------------------------------------- P-7 -----
def test_P_7_1_joker_jumps_from_start_or_track_onto_occupied_holes_only():
    g = make(pegs={0: ["track:10", "track:12", "home:5"], 1: ["track:30"], 2: ["track:39"]},
             hands={0: ["JOKER"]})
    assert moves(g) == [
        # jumps past its own peg on track:12; never to an empty hole, never from HOME
        "Red JOKER: peg 1 track:10→track:30 (bumps Blue peg 1)",
        "Red JOKER: peg 2 track:12→track:30 (bumps Blue peg 1)",
        "Red JOKER: peg 4 start→track:30 (bumps Blue peg 1)",
        # Yellow on its own in-spot cannot be bumped (P-6.2)
        "Red discards JOKER (no move)",
    ]


def test_P_7_2_joker_never_required():
    g = make(pegs={1: ["track:30"]}, hands={0: ["JOKER", "2", "2", "3", "3", "4"]})
    got = moves(g)
    assert got[0] == "Red JOKER: peg 1 start→track:30 (bumps Blue peg 1)"
    assert got[1:] == ["Red discards 2 (no move)", "Red discards 3 (no move)",
                       "Red discards 4 (no move)", "Red discards JOKER (no move)"]


# ---------------------------------------------------------------- P-8 -----
HOME5 = ["home:1", "home:2", "home:3", "home:4", "home:5"]


def test_P_8_1_finished_player_plays_for_next_team_mate():
    # 6 players: Red (0) and Yellow (2) are HOME; Red plays for Orange (4),
    # whose come-out hole is track:80 and in-spot track:75
    g = make(6, pegs={0: HOME5, 2: HOME5, 4: ["track:80"]}, hands={0: ["5", "A"]})
    assert g.view(None)["playing_for"] == [4, 1, 4, 3, 4, 5]
    # Orange's START and come-out hole (blocked by its own peg), Orange's pegs
    assert moves(g) == ["Red A: Orange peg 1 track:80→track:81",
                        "Red 5: Orange peg 1 track:80→track:85"]
    play(g, "Red 5: Orange peg 1 track:80→track:85")
    assert where(g, 4)[0] == "track:85"
    # Orange's in-spot and HOME
    g = make(6, pegs={0: HOME5, 2: HOME5, 4: ["track:74"]}, hands={0: ["3"]})
    assert moves(g) == ["Red 3: Orange peg 1 track:74→track:77",
                        "Red 3: Orange peg 1 track:74→home:2"]
    # only Red HOME: Red plays for Yellow, the next team-mate clockwise
    g = make(6, pegs={0: HOME5}, hands={0: ["K"]})
    assert g.view(None)["playing_for"] == [2, 1, 2, 3, 4, 5]
    assert moves(g) == ["Red K: Yellow peg 1 start→track:44"]
    # the announcement when a player's last peg arrives
    g = make(4, pegs={0: ["home:2", "home:3", "home:4", "home:5", "track:1"]}, hands={0: ["3"]})
    events = play(g, "Red 3: peg 5 track:1→home:1")
    assert "Red's peg 5 reached HOME" in events
    assert "Red has all pegs HOME and now plays for Yellow" in events
    assert g.view(None)["playing_for"] == [2, 1, 2, 3]


def test_P_8_2_split_seven_last_peg_home_rest_for_team_mate():
    g = make(4, pegs={0: ["home:2", "home:3", "home:4", "home:5", "track:2"], 2: ["track:50"]},
             hands={0: ["7"]})
    got = moves(g)
    assert "Red 7: peg 5 track:2→home:1, Yellow peg 1 track:50→track:55" in got
    events = play(g, "Red 7: peg 5 track:2→home:1, Yellow peg 1 track:50→track:55")
    assert "Red has all pegs HOME and now plays for Yellow" in events
    assert where(g, 2)[0] == "track:55"
    assert where(g, 0) == ["home:2", "home:3", "home:4", "home:5", "home:1"]


def test_P_8_2_decision_no_split_when_nobody_takes_the_rest():
    # Red's last peg could go HOME with 2 of the 7, but then the team is done
    # and nobody can take the other 5 (P-4.6): no split
    g = make(4, pegs={0: ["home:2", "home:3", "home:4", "home:5", "track:2"], 2: HOME5},
             hands={0: ["7", "2"]})
    assert moves(g) == ["Red 2: peg 5 track:2→track:4", "Red 2: peg 5 track:2→home:1",
                        "Red 7: peg 5 track:2→track:9"]


def test_P_8_3_team_with_every_peg_home_wins():
    g = make(4, pegs={0: HOME5, 2: ["home:2", "home:3", "home:4", "home:5", "track:36"],
                      1: ["home:1", "home:2", "home:3", "home:4"]},
             hands={0: ["4"]})
    assert moves(g) == ["Red 4: Yellow peg 5 track:36→track:40",
                        "Red 4: Yellow peg 5 track:36→home:1"]
    before = g.view(None)["hand_sizes"]
    events = play(g, "Red 4: Yellow peg 5 track:36→home:1")
    assert events[-1] == "Red and Yellow have every peg HOME and win the game"
    assert g.is_over and g.to_act is None and g.winners == [0, 2]
    assert g.legal_moves() == [] and g.view(None)["phase"] == "over"
    assert g.view(None)["hand_sizes"] == [before[0] - 1] + before[1:]    # nobody draws
    with pytest.raises(engine.IllegalMove, match="over"):
        g.play(Discard(1, "9"))


def test_P_8_2_decision_second_part_for_whoever_is_played_for_next():
    # 6 players: Red plays for Yellow; the first part brings Yellow's last
    # peg HOME, the second moves Orange's peg (the next team-mate)
    g = make(6, pegs={0: HOME5, 2: ["home:2", "home:3", "home:4", "home:5", "track:38"],
                      4: ["track:100"]}, hands={0: ["7"]})
    got = moves(g)
    assert "Red 7: Yellow peg 5 track:38→home:1, Orange peg 1 track:100→track:105" in got
    events = play(g, "Red 7: Yellow peg 5 track:38→home:1, Orange peg 1 track:100→track:105")
    assert "Red now plays for Orange" in events
    assert "Yellow has all pegs HOME and now plays for Orange" in events
    assert g.view(None)["playing_for"] == [4, 1, 4, 3, 4, 5]


def test_P_6_3_the_eights_backward_move_bumps_an_opponent_to_start():
    # Red peg 1 on track:20 backs up 8, passing Blue peg 2 (track:16) and landing on
    # Blue peg 1 (track:12), which goes back to START
    g = make(pegs={0: ["track:20"], 1: ["track:12", "track:16"]}, hands={0: ["8", "9"]})
    assert moves(g) == ["Red 8: peg 1 track:20→track:12 (bumps Blue peg 1)",
                        "Red 9: peg 1 track:20→track:29"]
    events = play(g, "Red 8: peg 1 track:20→track:12 (bumps Blue peg 1)")
    assert events[:2] == ["Red plays 8: peg 1 track:20→track:12 (bumps Blue peg 1)",
                          "Red's peg 1 bumped Blue's peg 1 back to START"]
    assert where(g, 0) == ["track:12", "start", "start", "start", "start"]
    assert where(g, 1) == ["start", "track:16", "start", "start", "start"]


def test_P_8_1_joker_played_for_a_team_mate_moves_the_team_mates_peg():
    # Red is HOME and plays for Yellow: Yellow's track pegs (peg 1 jumping over peg 2)
    # or its lowest START peg may jump onto Green's or Blue's peg
    g = make(4, pegs={0: HOME5, 1: ["track:50"], 2: ["track:20", "track:30"], 3: ["track:10"]},
             hands={0: ["JOKER", "9", "9", "9", "9", "9"]})
    assert [m for m in moves(g) if "JOKER" in m] == [
        "Red JOKER: Yellow peg 1 track:20→track:10 (bumps Green peg 1)",
        "Red JOKER: Yellow peg 1 track:20→track:50 (bumps Blue peg 1)",
        "Red JOKER: Yellow peg 2 track:30→track:10 (bumps Green peg 1)",
        "Red JOKER: Yellow peg 2 track:30→track:50 (bumps Blue peg 1)",
        "Red JOKER: Yellow peg 3 start→track:10 (bumps Green peg 1)",
        "Red JOKER: Yellow peg 3 start→track:50 (bumps Blue peg 1)"]
    events = play(g, "Red JOKER: Yellow peg 1 track:20→track:50 (bumps Blue peg 1)")
    assert events[:2] == ["Red plays JOKER: Yellow peg 1 track:20→track:50 (bumps Blue peg 1)",
                          "Yellow's peg 1 bumped Blue's peg 1 back to START"]
    assert where(g, 2) == ["track:50", "track:30", "start", "start", "start"]
    assert where(g, 1) == ["start"] * 5 and where(g, 0) == HOME5
    # 6 players: a joker from Yellow's START onto Orange, Yellow's partner, sends it to
    # Orange's in-spot (track:75), by Yellow's bumping rules
    g = make(6, pegs={0: HOME5, 1: ["track:50"], 2: ["track:60"], 4: ["track:10"]},
             hands={0: ["JOKER"]})
    assert moves(g) == [
        "Red JOKER: Yellow peg 1 track:60→track:10 (bumps Orange peg 1 to track:75)",
        "Red JOKER: Yellow peg 1 track:60→track:50 (bumps Blue peg 1)",
        "Red JOKER: Yellow peg 2 start→track:10 (bumps Orange peg 1 to track:75)",
        "Red JOKER: Yellow peg 2 start→track:50 (bumps Blue peg 1)",
        "Red discards JOKER (no move)"]
    events = play(g, "Red JOKER: Yellow peg 2 start→track:10 (bumps Orange peg 1 to track:75)")
    assert events[:2] == [
        "Red plays JOKER: Yellow peg 2 start→track:10 (bumps Orange peg 1 to track:75)",
        "Yellow's peg 2 bumped Orange's peg 1 to its in-spot (track:75)"]
    assert where(g, 2) == ["track:60", "track:10", "start", "start", "start"]
    assert where(g, 4) == ["track:75", "start", "start", "start", "start"]
    assert where(g, 1)[0] == "track:50" and where(g, 0) == HOME5


def test_P_5_4_steps_forward_and_going_round_again_by_location_names():
    # (the screens' split-7 counts and "round the board again" ask these board helpers)
    from engine.pegs.board import goes_round, steps_forward

    # Red (seat 0) on 4 players: in-spot at track:3, the track 72 holes long
    assert steps_forward(4, 0, "track:70", "track:2") == 4                  # across the wrap
    assert steps_forward(4, 0, "track:1", "home:2") == 2 + 2                 # to the in-spot, then H1, H2
    assert steps_forward(4, 0, "home:1", "home:4") == 3
    assert steps_forward(6, 1, "track:20", "home:5") == 1 + 5               # Blue's in-spot: track:21
    assert goes_round(4, 0, "track:1", "track:6", "5")                     # past track:3
    assert goes_round(4, 0, "track:3", "track:4", "A")                     # on from the in-spot
    assert not goes_round(4, 0, "track:60", "track:2", "10")               # short of it
    assert not goes_round(4, 0, "track:1", "home:2", "4")                  # into HOME
    assert not goes_round(4, 0, "track:5", "track:69", "8")                # back
    assert not goes_round(4, 0, "track:1", "track:40", "JOKER")            # a jump
    with pytest.raises(ValueError):
        steps_forward(4, 0, "start", "track:8")                            # coming out: no count
