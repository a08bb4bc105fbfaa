"""G-7 scoring a round (with worked examples) and G-8 winning."""
import pytest

from engine.gnoming.moves import Discard, Draw, Place
from engine.gnoming.scoring import decided_by, going_out_adjustment, matching_sets, score_layout, winners

from .helpers import grid, position


def layout(text):
    cells = grid(text)
    return [c for c, _ in cells]


def score(text):
    return score_layout(layout(text))


def sets(text):
    return matching_sets(layout(text))


# -- G-7.1 matching sets ---------------------------------------------------------------
def test_G_7_1_a_matching_set_has_one_positive_value_no_negative_no_hazard():
    assert sets("5 5 5 / 1 2 3 / 4 6 7") == [(0, 5)]
    assert sets("5 5 -1 / 1 2 3 / 4 6 7") == []           # a negative breaks it
    assert sets("5 5 H / 1 2 3 / 4 6 7") == []            # so does a Hazard
    assert sets("5 5 6 / 1 2 3 / 4 6 7") == []            # two values
    assert sets("5 M 5 / 1 2 3 / 4 6 7") == [(0, 5)]      # a Mulligan fills in
    assert sets("M M 8 / 1 2 3 / 4 6 7") == [(0, 8)]      # one positive card is enough
    assert sets("M M M / 1 2 3 / 4 6 7") == []            # at least one positive card
    cards = layout("5 5 5 / 1 2 3 / 4 6 7")
    cards[5] = None                                        # a face-down card (not known): in no set
    assert matching_sets(cards) == [(0, 5)] and matching_sets([None] * 9) == []
    cards[1] = None
    assert matching_sets(cards) == []


def test_G_7_1_a_mulligan_may_stand_for_different_values_in_row_and_column():
    # the Mulligan is a 4 in row 1 and a 9 in column 1
    assert sets("M 4 4 / 9 1 2 / 9 3 6") == [(0, 4), (3, 9)]
    assert score("M 4 4 / 9 1 2 / 9 3 6") == -4 - 9 + 1 + 2 + 3 + 6


# -- G-7.2 set values, double counting ---------------------------------------------------------------
def test_G_7_2_a_matching_set_scores_minus_its_value():
    assert score("6 6 6 / 1 2 3 / 4 5 7") == -6 + 1 + 2 + 3 + 4 + 5 + 7
    assert score("1 2 3 / 4 5 7 / 10 10 10") == 1 + 2 + 3 + 4 + 5 + 7 - 10


def test_G_7_2_a_card_in_a_matching_row_and_column_counts_for_both():
    # the 7 in the corner is in row 1 and column 1
    assert score("7 7 7 / 7 2 3 / 7 4 6") == -7 - 7 + 2 + 3 + 4 + 6
    # five rows and columns of 5 (the eighth 5 is missing, a Mulligan stands in)
    assert score("5 5 5 / 5 5 5 / 5 5 M") == -5 * 6
    # a cross: row 2 and column 2 share the centre
    assert score("1 3 2 / 3 3 3 / 2 3 1") == -3 - 3 + 1 + 2 + 2 + 1


def test_G_7_2_double_matches_with_mulligans_in_both_lines():
    # two Mulligans revealed at the end: M stands for 8 in row 1 and column 1 alike
    assert sets("M M 8 / M 2 3 / 8 -2 8") == [(0, 8), (3, 8)]
    assert score("M M 8 / M 2 3 / 8 -2 8") == -8 - 8 + 2 + 3 - 2 + 8
    # the same Mulligan a 2 in its row and a 6 in its column, next to a second Mulligan
    assert sets("2 2 M / 1 4 6 / 3 M 6") == [(0, 2), (5, 6)]
    assert score("2 2 M / 1 4 6 / 3 M 6") == -2 - 6 + 1 + 4 + 3 + 0


# -- G-7.3 to G-7.6 single cards -----------------------------------------------------------------------
def test_G_7_3_a_positive_card_in_no_matching_set_scores_its_face_value():
    assert score("1 2 3 / 4 5 6 / 7 8 9") == 45
    assert score("10 9 8 / 7 6 5 / 4 3 2") == 54


def test_G_7_4_a_negative_card_always_scores_its_value():
    assert score("-2 -2 -2 / -1 -1 -1 / 3 3 3") == -6 - 3 - 3
    assert score("-2 5 5 / 5 5 5 / 5 5 5") == -2 - 5 * 4        # row 1, column 1 break; 2 rows 2 cols
    assert score("-1 -1 -1 / -1 -1 -1 / -1 -1 -1") == -9


def test_G_7_5_a_mulligan_in_no_matching_set_scores_zero():
    assert score("M 1 2 / 3 4 5 / 6 7 8") == 36
    # an all-Mulligan line is no matching set: its Mulligans score 0 each
    assert score("M M M / 4 5 6 / 7 8 9") == 39
    # ... but they still fill the columns under them
    assert score("M M M / 4 4 4 / 4 4 4") == -4 * 5


def test_G_7_6_a_hazard_in_the_layout_scores_plus_ten():
    assert score("6 6 H / 1 2 3 / 4 5 7") == 6 + 6 + 10 + 1 + 2 + 3 + 4 + 5 + 7
    assert score("H 5 5 / H 5 5 / H 5 5") == 30 - 5 * 2        # columns 2 and 3 still match
    assert score("H 5 5 / M 5 5 / 1 5 5") == 10 - 5 * 3 + 1       # row 2 matches through the M


def test_G_7_7_going_out_first_bonus_or_penalty_tie_counts_as_lowest():
    assert going_out_adjustment([10, 12, 8], 0) == 5
    assert going_out_adjustment([10, 12, 8], 2) == -5
    assert going_out_adjustment([8, 12, 8], 0) == -5          # tie for lowest: lowest
    assert going_out_adjustment([8, 12, 8], None) == 0


def test_G_7_7_applied_at_the_end_of_a_round():
    # Red goes out with a high layout: +5; then with the lowest: -5
    for red, expected in (("9 9 8 / 8 7 7 / 6 6 [10]", 5), ("-2 -2 -1 / -1 1 2 / 1 2 [-2]", -5)):
        g = position(2, layouts={0: red, 1: "1 2 3 / 4 5 6 / -1 [-1] [4]"},
                     piles=(["6", "5"], ["7", "4"]), draw=["-2", "10"])
        g.play(Draw(0))
        g.play(Place(0, 8))
        g.play(g.legal_moves()[-1])                   # the replaced card to a pile
        g.play(Draw(1))
        g.play(Discard(1, 0))
        last = g.view(None)["last_round"]
        assert last["adjustment"] == expected
        assert last["scores"][0] == last["base"][0] + expected
        assert last["scores"][1] == last["base"][1]
        assert g.scores == last["scores"] and g.round_scores == [last["scores"]]


# -- G-8 winning -----------------------------------------------------------------------------------
def test_G_8_lowest_total_wins():
    assert winners([40, 35, 50], [10, 12, 3]) == [1]


def test_G_8_tie_broken_by_the_lowest_round_three_score():
    assert winners([35, 35, 50], [10, 12, 3]) == [0]
    assert winners([35, 35, 35], [10, 9, 9]) == [1, 2]
    assert decided_by([35, 35, 50], [10, 12, 3]) == "round three"
    assert decided_by([40, 35, 50], [10, 12, 3]) == "total"


def test_G_8_still_tied_the_win_is_shared():
    assert winners([35, 35, 50], [10, 10, 3]) == [0, 1]
    assert decided_by([35, 35, 50], [10, 10, 3]) == decided_by([35, 35, 35], [10, 9, 9]) == "shared"


def test_G_8_winners_at_the_end_of_the_third_round():
    g = position(3, layouts={0: "1 2 3 / 4 5 6 / 7 8 [-1]", 1: "1 2 3 / 4 5 6 / 7 8 -1",
                             2: "1 2 3 / 4 5 6 / 7 8 -1"},
                 piles=(["6", "5"], ["7", "4"]), draw=["10", "-1"], round=3, turn=2,
                 went_out=1, final_left=2, totals=[50, 55, 60], round_scores=[[20, 25, 30], [30, 30, 30]])
    assert g.winners == [] and g.view(None)["decided_by"] is None
    g.play(Draw(2))
    g.play(Discard(2, 0))                           # Yellow's final turn
    g.play(Draw(0))
    g.play(Place(0, 8))                             # Red's final turn: the -1 on the -1 (the last
                                                    # turn's discard needs no choice: the game ends)
    assert g.is_over and g.to_act is None and g.phase == "over"
    assert g.legal_moves() == []
    last = g.view(None)["last_round"]
    # all three 35; Blue went out and tied for lowest: -5
    assert last["base"] == [35, 35, 35] and last["scores"] == [35, 30, 35]
    # Red and Blue tie on 85; Blue's round three was lower
    assert g.scores == [85, 85, 95]
    assert g.winners == [1] and g.view(2)["winners"] == [1]
    assert g.view(None)["decided_by"] == "round three"


def test_G_7_1_two_mulligans_revealed_at_round_end_both_fill_sets():
    # Blue never turned its two Mulligans up; at the end both come up (G-6.2)
    # and each completes a different row: M stands for 8 in row 1, 5 in row 2.
    g = position(2, layouts={0: "1 2 3 / 4 5 6 / 7 8 [-1]", 1: "[M] 8 8 / 5 [M] 5 / 1 2 3"},
                 piles=(["6", "5"], ["7", "4"]), draw=["-2", "10"])
    g.play(Draw(0))
    g.play(Place(0, 8))
    g.play(g.legal_moves()[-1])
    g.play(Draw(1))
    g.play(Discard(1, 0))
    last = g.view(None)["last_round"]
    assert last["layouts"][1] == ["M", "8", "8", "5", "M", "5", "1", "2", "3"]
    assert last["base"][1] == -8 - 5 + 1 + 2 + 3
    assert last["base"][0] == 34 and last["scores"][0] == 39     # Red went out, not lowest: +5


def test_G_7_the_score_breakdown_adds_up_to_the_score():
    # (the round summary words it: the screen used to take the score apart itself)
    from engine.gnoming.scoring import score_breakdown

    for text, sets_, others, hazards in (("6 6 6 / 1 2 3 / 4 5 7", [(0, 6, -6)], 22, 0),
                                         ("M 4 4 / 9 1 2 / 9 3 6", [(0, 4, -4), (3, 9, -9)], 12, 0),
                                         ("5 H 5 / H 2 3 / 4 6 -2", [], 43, 2)):
        cards = layout(text)
        parts = score_breakdown(cards)
        assert parts == {"sets": sets_, "others": others, "hazards": hazards}
        assert score_layout(cards) == others + sum(points for _, _, points in parts["sets"])
    # what else it may be given (a short list, a view's face-down None, names) is said
    for bad in ([1, 2, 3], [None] * 9, ["1"] * 9, [True] * 9, None, [99] * 9):
        with pytest.raises(ValueError, match="needs the nine card values of a layout"):
            score_breakdown(bad)
