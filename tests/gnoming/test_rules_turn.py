"""G-4: drawing, playing and discarding; Hazards; the empty-pile rule; Mulligans."""
from collections import Counter

import pytest

import engine
from engine.core import IllegalMove
from engine.gnoming.apply import turn_limit
from engine.gnoming.cards import parse_card
from engine.gnoming.moves import Decline, Discard, Draw, Flip, Place, Take

from .helpers import all_cards, position


def C(name):
    return parse_card(name)


PLAIN = "1 2 3 / 4 [5] 6 / 8 9 [10]"


# -- G-4.1 draw ------------------------------------------------------------------------
def test_G_4_1_draw_from_the_draw_pile_or_either_discard_pile():
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["9"])
    assert g.legal_moves() == [Draw(0), Take(0, 0), Take(0, 1)]
    g.play(Take(0, 1))
    assert g.hand == C("7") and g.piles[1] == [] and g.phase == "play"
    g = position(3, layouts={0: PLAIN}, piles=([], ["7"]), draw=["9"])
    assert g.legal_moves() == [Draw(0), Take(0, 1)]
    with pytest.raises(IllegalMove, match="empty"):
        g.play(Take(0, 0))


def test_G_4_1_a_card_from_the_draw_pile_is_seen_only_by_its_drawer():
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["9"])
    events = g.play(Draw(0))
    assert g.hand == C("9")
    assert g.view(0)["drawn"] == "9"
    assert g.view(1)["drawn"] is None and g.view(2)["drawn"] is None and g.view(None)["drawn"] is None
    assert all(v["holding"] == 0 and v["drawn_from"] == "draw" for v in (g.view(1), g.view(None)))
    assert [e.text for e in events] == ["Red draws from the draw pile"]
    # once placed it is face up, and named
    events = g.play(Place(0, 0))
    assert "the 9" in events[0].text and g.view(2)["layouts"][0][0] == "9"


def test_G_4_1_a_card_taken_from_a_discard_pile_is_seen_by_all():
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]))
    events = g.play(Take(0, 0))
    assert "the 6" in events[0].text
    assert all(g.view(s)["drawn"] == "6" for s in (None, 0, 1, 2))


def test_G_4_1_first_empty_draw_pile_reshuffles_the_discards_under_their_tops():
    g = position(3, layouts={0: PLAIN}, piles=(["4", "6"], ["3", "7"]), draw=["9"], leftover="pile0")
    under = Counter(g.piles[0][:-1] + g.piles[1][:-1])
    g.play(Draw(0))
    assert g.draw == []
    events = g.play(Discard(0, 1))                 # the 9 onto pile 2; Blue's turn begins
    assert any(e.kind == "shuffle" for e in events)
    assert g.reshuffled and g.phase == "draw" and g.to_act == 1
    assert g.piles == [[C("6")], [C("9")]]
    assert Counter(g.draw) == under + Counter([C("7")])
    assert g.view(None)["draw_count"] == len(g.draw)


def test_G_4_1_second_empty_draw_pile_ends_the_round_at_once_without_bonus():
    # Red went out earlier; the final turns are running; the pile runs dry again.
    g = position(3, layouts={0: "1 1 1 / 2 2 2 / 3 3 3", 1: "4 4 4 / 5 5 5 / -1 [6] 7",
                             2: "8 8 8 / 9 9 9 / 10 [10] 10"},
                 piles=(["6"], ["7"]), draw=["-2"], turn=1, went_out=0, final_left=2,
                 reshuffled=True, leftover="pile0")
    g.play(Draw(1))
    events = g.play(Discard(1, 0))
    assert g.round == 2 and g.phase == "flip"
    last = g.view(None)["last_round"]
    assert last["ended"] == "draw pile" and last["adjustment"] == 0
    assert last["scores"] == last["base"]
    # Red: three matching rows and columns 1/1/1, 2/2/2 ... rows -1-2-3, columns none
    assert last["scores"][0] == -6
    assert any("ends at once" in e.text for e in events)


def test_G_4_1_turn_limit_decision_ends_a_round_that_never_ends():
    assert [turn_limit(n) for n in range(2, 8)] == [220, 220, 220, 250, 300, 350]
    g = position(2, layouts={0: PLAIN, 1: PLAIN.replace("1 2 3", "1 2 4")},
                 piles=(["5", "6"], ["7"]), turn=1, turns=turn_limit(2))
    g.play(Take(1, 0))
    g.play(Place(1, 0))                      # face-up 1 replaced: discard pile choice
    events = g.play(Discard(1, 0))
    assert g.round == 2
    assert g.view(None)["last_round"]["ended"] == "turn limit"
    assert any(e.text == "The round has had 220 turns, the most a round may have: round 1 ends"
               for e in events), [e.text for e in events]


def test_G_4_1_turn_limit_decision_leaves_the_final_turns_and_the_bonus_once_somebody_is_out():
    # Red went out; Blue's final turn reaches the limit: Yellow still has its final turn and
    # Red, lowest, its bonus (the limit used to end the round there, with neither)
    g = position(3, layouts={0: "-2 -2 -2 / -1 -1 -1 / 1 2 3", 1: "1 2 3 / 4 5 6 / 7 [8] [9]",
                             2: "1 2 3 / 4 5 6 / 7 [8] [9]"},
                 piles=(["6"], ["7"]), draw=["10", "10"], turn=1, went_out=0, final_left=2,
                 turns=turn_limit(3))
    g.play(Draw(1))
    g.play(Discard(1, 0))
    assert g.round == 1 and g.to_act == 2
    g.play(Draw(2))
    g.play(Discard(2, 0))
    last = g.view(None)["last_round"]
    assert g.round == 2 and last["ended"] == "went out"
    assert last["base"][0] == -3 and last["adjustment"] == -5 and last["scores"][0] == -8


@pytest.mark.parametrize("players", [2, 3, 4, 7])
def test_G_4_1_a_round_played_from_the_draw_pile_meets_its_second_empty_pile_first(players):
    # every turn draws from the draw pile and discards the card unplayed (G-4.3); Hazard
    # flips are declined: nobody goes out, the draw pile runs out twice, the limit never comes
    g = engine.new_game("gnoming", players=players, seed=5)
    while g.round == 1:
        moves = g.legal_moves()
        kinds = (Draw, Discard, Decline)
        g.play(next((m for m in moves if isinstance(m, kinds)), moves[0]))
    last = g.view(None)["last_round"]
    assert last["ended"] == "draw pile", last["ended"]


# -- G-4.2 play --------------------------------------------------------------------------
def test_G_4_2_place_anywhere_replaced_card_to_the_pile_of_choice():
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["-1"])
    g.play(Draw(0))
    assert g.legal_moves() == [Place(0, c) for c in range(9)] + [Discard(0, 0), Discard(0, 1)]
    g.play(Place(0, 2))                               # onto the face-up 3
    assert g.phase == "replaced" and g.hand == C("3")
    assert g.legal_moves() == [Discard(0, 0), Discard(0, 1)]
    events = g.play(Discard(0, 1))
    assert g.piles[1][-1] == C("3") and g.cards[2] == C("-1")
    assert "onto discard pile 2" in events[-1].text
    assert g.to_act == 1 and g.phase == "draw"


def test_G_4_2_place_onto_a_face_down_card_turns_it_up():
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["-1"])
    g.play(Draw(0))
    events = g.play(Place(0, 8))                      # the face-down 10
    assert "turning up the 10" in events[0].text
    assert g.hand == C("10") and g.up[0] >> 8 & 1


# -- G-4.3 discard -----------------------------------------------------------------------
def test_G_4_3_only_a_card_from_the_draw_pile_may_be_discarded_unplayed():
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["-1"])
    g.play(Take(0, 0))
    assert g.legal_moves() == [Place(0, c) for c in range(9)]
    with pytest.raises(IllegalMove, match="must be placed"):
        g.play(Discard(0, 1))
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["-1"])
    g.play(Draw(0))
    events = g.play(Discard(0, 0))
    assert g.piles[0][-1] == C("-1") and "discards the -1 onto discard pile 1" in events[0].text
    assert all_cards(g, 0) == ["1", "2", "3", "4", "5", "6", "8", "9", "10"]
    assert g.to_act == 1


# -- G-4.4 Hazards ---------------------------------------------------------------------------
def test_G_4_4_discarded_hazard_leaves_play_then_others_may_flip_in_seat_order():
    g = position(4, layouts={1: PLAIN, 2: "1 2 3 / 4 5 6 / 8 9 [10]", 3: "[1] [2] 3 / 4 5 6 / 7 8 9"},
                 piles=(["6"], ["7"]), draw=["H"], turn=1)
    g.play(Draw(1))
    assert Discard(1, None) in g.legal_moves()
    assert Discard(1, 0) not in g.legal_moves()      # a Hazard never goes on a pile
    piles = [p[:] for p in g.piles]
    events = g.play(Discard(1, None))
    assert g.piles == piles and g.removed == 1
    assert g.phase == "hazard" and g.turn == 1
    # from Blue's left: Yellow (one face-down card: never its last, skipped), Green, Red
    assert g.hazard_queue == [3, 0]
    assert g.to_act == 3
    assert g.legal_moves() == [Flip(3, 0), Flip(3, 1), Decline(3)]
    with pytest.raises(IllegalMove):
        g.play(Flip(0, 0))                            # Red waits for Green
    with pytest.raises(IllegalMove, match=r"Hazard was discarded: each player in turn turns up a card or none"):
        g.play(Draw(3))                               # Green's choice is a flip or none
    g.play(Flip(3, 1))
    assert g.up[3] >> 1 & 1 and g.to_act == 0
    assert g.legal_moves()[-1] == Decline(0) and len(g.legal_moves()) == 10
    events = g.play(Decline(0))
    assert events[0].text == "Red turns up no card"
    assert g.up[0] == 0
    assert g.phase == "draw" and g.to_act == 2       # the turn after Blue's


def test_G_4_4_a_face_down_hazard_replaced_is_removed_and_never_takes_the_last_card():
    g = position(3, layouts={0: "1 2 3 / 4 [H] 6 / 8 9 10", 1: "[1] [2] 3 / 4 5 6 / 7 8 9",
                             2: "[1] 2 3 / 4 5 6 / 7 8 9"},
                 piles=([], ["7"]), draw=["5"])
    g.play(Draw(0))
    events = g.play(Place(0, 4))
    # the Hazard came up, cannot bounce, leaves play at once (not onto the empty pile)
    assert g.removed == 1 and g.piles[0] == []
    assert any(e.kind == "hazard" for e in events)
    assert g.went_out == 0                            # Red turned up its last card
    assert g.phase == "hazard" and g.hazard_queue == [1]   # Yellow has one face-down card: skipped
    # Yellow's part comes in seat order: after Blue's flip, not with Red's Hazard
    assert not any(e.kind == "hazard_skip" for e in events)
    events = g.play(Flip(1, 0))
    assert [e.kind for e in events][:2] == ["flip", "hazard_skip"]
    assert str(events[1]) == "Yellow has only one face-down card left: no Hazard flip"
    assert g.phase == "draw" and g.to_act == 1


def test_G_4_4_the_log_tells_the_hazard_flips_in_seat_order():
    # Red's Hazard: Blue may flip, Yellow has one face-down card, Green none, Orange may flip
    g = position(5, layouts={0: "1 2 3 / 4 5 6 / 7 8 9", 1: "[1] [2] 3 / 4 5 6 / 7 8 9",
                             2: "[1] 2 3 / 4 5 6 / 7 8 9", 3: "1 2 3 / 4 5 6 / 7 8 9",
                             4: "[1] [2] [3] / 4 5 6 / 7 8 9"},
                 piles=(["6"], ["7"]), draw=["H"])
    g.play(Draw(0))
    texts = [str(e) for e in g.play(Discard(0, None))]
    assert g.hazard_queue == [1, 4] and not any("no Hazard flip" in t for t in texts)
    texts = [str(e) for e in g.play(Decline(1))]
    assert texts[0] == "Blue turns up no card"
    assert [t.split(" has ")[0] for t in texts[1:]] == ["Yellow", "Green"]
    assert g.to_act == 4
    texts = [str(e) for e in g.play(Flip(4, 0))]
    assert texts[0].startswith("Orange turns up") and g.phase == "draw" and g.to_act == 1


def test_G_4_4_no_flips_when_the_hazard_ends_the_round():
    g = position(2, layouts={0: "1 2 3 / 4 5 6 / 7 8 9", 1: "[1] [2] 3 / 4 5 6 / 7 8 [9]"},
                 piles=(["6"], ["7"]), draw=["H"], turn=1, went_out=0, final_left=1)
    g.play(Draw(1))
    g.play(Discard(1, None))
    assert g.round == 2 and g.phase == "flip"


# -- G-4.5 empty discard pile ------------------------------------------------------------------
def test_G_4_5_discard_must_go_on_the_empty_pile():
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["-1"])
    g.play(Take(0, 0))                                # pile 1 is now empty
    g.play(Place(0, 0))                               # replaced face-up 1: no choice of pile
    assert g.piles[0] == [C("1")] and g.to_act == 1
    g = position(3, layouts={0: PLAIN}, piles=([], ["7"]), draw=["-1"])
    g.play(Draw(0))
    assert g.legal_moves()[-1:] == [Discard(0, 0)]
    with pytest.raises(IllegalMove, match="empty discard pile 1"):
        g.play(Discard(0, 1))


def test_G_4_5_both_piles_empty_either_will_do_and_a_hazard_is_exempt():
    g = position(3, layouts={0: PLAIN}, piles=([], []), draw=["-1"])
    g.play(Draw(0))
    assert g.legal_moves()[-2:] == [Discard(0, 0), Discard(0, 1)]
    g = position(3, layouts={0: PLAIN}, piles=([], ["7"]), draw=["H"])
    g.play(Draw(0))
    assert g.legal_moves()[-1:] == [Discard(0, None)]
    g.play(Discard(0, None))
    assert g.piles == [[], [C("7")]]


# -- G-4.6 one face-up Mulligan ------------------------------------------------------------------
def test_G_4_6_a_mulligan_may_not_make_two_face_up():
    # no Mulligan face up: anywhere
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["M"])
    g.play(Draw(0))
    assert [m for m in g.legal_moves() if isinstance(m, Place)] == [Place(0, c) for c in range(9)]
    # one face up: only onto that Mulligan (a face-down Mulligan elsewhere does not count)
    g = position(3, layouts={0: "M 2 3 / 4 [M] 6 / 8 9 [10]"}, piles=(["6"], ["7"]), draw=["M"])
    g.play(Draw(0))
    assert g.legal_moves() == [Place(0, 0), Discard(0, 0), Discard(0, 1)]
    with pytest.raises(IllegalMove, match="one Mulligan.*only take the place of your face-up Mulligan at row 1 col 1"):
        g.play(Place(0, 4))
    # discarded, the log says why (placing it could only swap the two Mulligans)
    events = g.play(Discard(0, 1))
    assert events[0].text == ("Red discards a Mulligan onto discard pile 2 (Red has a Mulligan face up "
                              "already: only one may be)"), events[0].text
    # with none face up the discard is a choice: no reason given
    g = position(3, layouts={0: PLAIN}, piles=(["6"], ["7"]), draw=["M"])
    g.play(Draw(0))
    assert g.play(Discard(0, 0))[0].text == "Red discards a Mulligan onto discard pile 1"


def test_G_4_6_two_face_up_mulligans_from_flips_stay_but_no_third_placement():
    g = position(3, layouts={0: "[M] [M] 3 / 4 [5] 6 / 8 9 [10]"}, phase="flip", opened=0,
                 piles=(["6"], ["M"]), draw=["5"], to_act=0)
    g.play(Flip(0, 0))
    g.play(Flip(0, 1))                               # flips may turn up a second Mulligan
    assert g.view(None)["layouts"][0][:2] == ["M", "M"]
    while g.phase == "flip":
        g.play(g.legal_moves()[0])
    assert g.to_act == 0 and g.phase == "draw"
    assert g.legal_moves() == [Draw(0), Take(0, 0)]  # the Mulligan could not be placed
    with pytest.raises(IllegalMove, match="G-4.6"):
        g.play(Take(0, 1))
    # a Mulligan drawn from the draw pile can then only be discarded
    g = position(3, layouts={0: "M M 3 / 4 [5] 6 / 8 9 [10]"}, piles=(["6"], ["7"]), draw=["M"])
    g.play(Draw(0))
    assert g.legal_moves() == [Discard(0, 0), Discard(0, 1)]


# -- G-4.4 a Hazard during the final turns -----------------------------------------------------
def test_G_4_4_a_hazard_in_the_final_turns_but_not_the_last_turn_flips_then_play_goes_on():
    # 5 players; Red went out; Blue has had its final turn; Yellow, Green and Orange are left.
    # Yellow discards a Hazard: from its left Green (two face down) may flip, Orange (one face
    # down) and Red (none) are passed over, Blue (two face down) may flip; then Green's and
    # Orange's final turns are played and the round ends after Orange's.
    g = position(5, layouts={0: "1 1 1 / 2 3 4 / 5 6 7", 1: "[3] [4] 5 / 6 7 8 / 9 10 -1",
                             2: "1 2 3 / 4 5 6 / 7 8 [9]", 3: "[2] [3] 4 / 5 6 7 / 8 9 10",
                             4: "2 3 4 / 5 6 7 / 8 9 [10]"},
                 piles=(["6"], ["7"]), draw=["H", "-2", "-1"], turn=2, went_out=0, final_left=3)
    g.play(Draw(2))
    events = g.play(Discard(2, None))
    assert [e.text for e in events] == [
        "Yellow discards a Hazard: it leaves play and every other player may turn up one face-down card"]
    assert g.removed == 1 and g.piles == [[C("6")], [C("7")]]
    assert g.round == 1 and g.phase == "hazard" and g.turn == 2
    assert g.view(None)["final_turns_left"] == 2
    assert g.hazard_queue == [3, 1] and g.to_act == 3
    assert g.legal_moves() == [Flip(3, 0), Flip(3, 1), Decline(3)]
    events = g.play(Flip(3, 0))
    assert [e.text for e in events] == [
        "Green turns up the 2 at row 1 col 1",
        "Orange has only one face-down card left: no Hazard flip",
        "Red has no face-down card left: no Hazard flip"]
    assert g.phase == "hazard" and g.to_act == 1
    assert g.legal_moves() == [Flip(1, 0), Flip(1, 1), Decline(1)]
    events = g.play(Decline(1))
    assert [e.text for e in events] == ["Blue turns up no card"]
    # the final turns go on: Green's, not Blue's again
    assert g.round == 1 and g.phase == "draw" and g.turn == 3 and g.to_act == 3
    assert g.view(None)["final_turns_left"] == 2
    g.play(Draw(3))
    g.play(Discard(3, 0))                             # Green discards the -2 unplayed
    assert g.round == 1 and g.phase == "draw" and g.turn == 4 and g.to_act == 4
    assert g.view(None)["final_turns_left"] == 1
    g.play(Draw(4))
    events = g.play(Discard(4, 0))                    # Orange's final turn: the round ends
    assert g.round == 2 and g.phase == "flip"
    assert [e.text for e in events if e.kind == "reveal"] == [
        "Blue turns up the rest: 3 at row 1 col 1, 4 at row 1 col 2",
        "Yellow turns up the rest: 9 at row 3 col 3",
        "Green turns up the rest: 3 at row 1 col 2",
        "Orange turns up the rest: 10 at row 3 col 3"]
    last = g.view(None)["last_round"]
    assert last["ended"] == "went out" and last["went_out"] == 0
    assert last["layouts"][3] == ["2", "3", "4", "5", "6", "7", "8", "9", "10"]
    # Red: row of 1s -1, then 2+3+4+5+6+7; lowest, so -5
    assert last["base"] == [26, 51, 45, 54, 54]
    assert last["adjustment"] == -5 and last["scores"] == [21, 51, 45, 54, 54]


def test_G_4_4_a_hazard_in_the_very_last_turn_ends_the_round_without_flips_and_says_so():
    # Red went out; Orange's is the last of the final turns: its Hazard leaves play and the
    # round ends at once (every card is turned up: RULES.md), and the log doesn't promise flips
    g = position(5, layouts={0: "1 1 1 / 2 3 4 / 5 6 7", 1: "[3] [4] 5 / 6 7 8 / 9 10 -1",
                             2: "1 2 3 / 4 5 6 / 7 8 [9]", 3: "[2] [3] 4 / 5 6 7 / 8 9 10",
                             4: "2 3 4 / 5 6 7 / 8 9 [10]"},
                 piles=(["6"], ["7"]), draw=["H", "-2"], turn=4, went_out=0, final_left=1)
    g.play(Draw(4))
    events = g.play(Discard(4, None))
    assert events[0].text == ("Orange discards a Hazard: it leaves play and the round ends now, "
                              "with every card turned up")
    assert g.round == 2 and g.phase == "flip" and not g.hazard_queue
    assert [e.kind for e in events].count("reveal") == 4


# -- G-4.6 a Mulligan turned up by a Hazard flip ------------------------------------------------
def test_G_4_6_a_mulligan_turned_up_by_a_hazard_flip_stays_as_a_second_face_up_mulligan():
    # Blue has a face-up Mulligan and a face-down one; Red discards a Hazard and Blue turns
    # up the face-down Mulligan: both stay face up, through Blue's own turn, and Blue may
    # not take the Mulligan on discard pile 2 (no place for it while two are face up).
    g = position(3, layouts={0: PLAIN, 1: "M 2 3 / 4 [M] 6 / 8 9 [10]"},
                 piles=(["5"], ["M"]), draw=["H"])
    g.play(Draw(0))
    g.play(Discard(0, None))
    assert g.hazard_queue == [1, 2] and g.to_act == 1
    assert g.legal_moves() == [Flip(1, 4), Flip(1, 8), Decline(1)]
    events = g.play(Flip(1, 4))
    assert [e.text for e in events] == ["Blue turns up a Mulligan at row 2 col 2"]
    assert g.view(None)["layouts"][1] == ["M", "2", "3", "4", "M", "6", "8", "9", None]
    g.play(Decline(2))
    assert g.phase == "draw" and g.to_act == 1
    assert g.view(None)["layouts"][1][:5] == ["M", "2", "3", "4", "M"]   # it stayed where it is
    assert g.legal_moves() == [Draw(1), Take(1, 0)]   # the Mulligan could not be placed
    with pytest.raises(IllegalMove, match="G-4.6"):
        g.play(Take(1, 1))
    g.play(Take(1, 0))
    g.play(Place(1, 3))                               # the 5 onto the face-up 4: forced to pile 1
    assert g.piles == [[C("4")], [C("M")]]
    # the end of Blue's turn: both flipped Mulligans are still face up where they were
    assert g.phase == "draw" and g.to_act == 2
    assert g.view(None)["layouts"][1] == ["M", "2", "3", "5", "M", "6", "8", "9", None]


def test_G_6_1_in_the_very_last_turn_the_discard_pile_is_one_choice():
    # Red went out; Orange's is the last turn: the round ends with its discard, so which pile
    # makes no difference (DESIGN: choices with one outcome are one move). A drawn card is
    # discarded onto the left pile; a replaced card that can't bounce goes there unasked.
    layouts = {0: "1 1 1 / 2 3 4 / 5 6 7", 1: "[3] [4] 5 / 6 7 8 / 9 10 -1",
               2: "1 2 3 / 4 5 6 / 7 8 [9]", 3: "[2] [3] 4 / 5 6 7 / 8 9 10", 4: "2 3 4 / 5 6 7 / 8 9 [10]"}
    g = position(5, layouts=layouts, piles=(["6"], ["7"]), draw=["8", "-2"], turn=4, went_out=0, final_left=1)
    g.play(Draw(4))
    assert [m for m in g.legal_moves() if isinstance(m, Discard)] == [Discard(4, 0)]
    with pytest.raises(IllegalMove, match="the round ends with this turn, so the pile makes no difference"):
        g.play(Discard(4, 1))
    g.play(Discard(4, 0))
    assert g.round == 2
    g = position(5, layouts=layouts, piles=(["6"], ["7"]), draw=["8", "-2"], turn=4, went_out=0, final_left=1)
    g.play(Draw(4))
    events = g.play(Place(4, 0))            # the 8 for the face-up 2: no bounce, no question
    assert g.round == 2
    # the log says why no pile was asked for
    assert "Orange discards the 2 onto discard pile 1 (the round ends with this turn)" in [e.text for e in events]
    # a turn before the last still offers both piles
    g = position(5, layouts=layouts, piles=(["6"], ["7"]), draw=["8", "-2"], turn=3, went_out=0, final_left=2)
    g.play(Draw(3))
    assert [m for m in g.legal_moves() if isinstance(m, Discard)] == [Discard(3, 0), Discard(3, 1)]


def test_move_at_gives_the_listed_placement_for_any_of_several_equal_face_up_cards():
    # (the screen's Enter and its dimmed frames ask this; they used to work it out themselves)
    g = position(3, layouts={0: "5 5 3 / 4 [6] 1 / 2 7 8"}, draw=["5", "10", "10", "3"])
    assert g.phase == "draw" and all(g.move_at(c) is None for c in range(9))    # draw first
    g.play(Draw(0))
    places = [m.cell for m in g.legal_moves() if isinstance(m, Place)]
    assert 0 in places and 1 not in places                  # the two 5s: one move, at the first
    assert g.move_at(1) == g.move_at(0) == Place(0, 0)
    assert g.move_at(4) == Place(0, 4) and g.move_at(2) == Place(0, 2)
    g.play(Place(0, 4))
    assert g.move_at(4) is None                             # (nothing at a cell: not a placement now)
    opening = engine.new_game("gnoming", players=2, seed=3, first=0)
    assert opening.move_at(4) == Flip(0, 4) and opening.move_at(9) is None     # the opening's flips
