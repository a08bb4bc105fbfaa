"""G-5: bouncing chains."""
import pytest

from engine.core import IllegalMove
from engine.gnoming.cards import parse_card
from engine.gnoming.moves import Bounce, Discard, Draw, Place

from .helpers import all_cards, position


def C(name):
    return parse_card(name)


def placed(layout, card, cell, piles=(["-1"], ["-2"]), players=3):
    """Red draws `card` and places it at `cell`."""
    g = position(players, layouts={0: layout}, piles=piles, draw=[card])
    g.play(Draw(0))
    events = g.play(Place(0, cell))
    return g, events


def bounces(g):
    return [m for m in g.legal_moves() if isinstance(m, Bounce)]


def test_G_5_1_only_a_card_that_was_face_down_starts_a_bounce():
    # the face-up 7 at cell 2 is replaced by a 7: it matches, but it was face up
    g, _ = placed("1 -1 7 / 4 [7] -2 / [9] -1 -2", "7", 2)
    assert g.hand == C("7") and bounces(g) == []
    assert g.legal_moves() == [Discard(0, 0), Discard(0, 1)]
    # the face-down 7 at cell 4 turned up by the same play may bounce
    g, events = placed("1 -1 7 / 4 [7] -2 / [9] -1 -2", "5", 4)
    assert "turning up the 7" in events[0].text
    assert bounces(g) == [Bounce(0, 7, c) for c in range(9) if c != 4]


def test_G_5_2_match_with_the_card_that_replaced_it():
    g, _ = placed("1 -1 3 / 4 [6] -2 / [9] -1 -2", "6", 4)
    assert g.hand == C("6") and len(bounces(g)) == 8


def test_G_5_2_match_with_another_face_up_positive_card():
    g, _ = placed("1 -1 3 / 4 [9] -2 / 9 -1 -2", "5", 4)
    assert g.hand == C("9")
    assert len(bounces(g)) == 8
    # ... but not with a face-down one
    g, _ = placed("1 -1 3 / 4 [8] -2 / [8] -1 -2", "5", 4)
    assert bounces(g) == []


def test_G_5_2_the_chain_continues_through_face_down_and_face_up_cards():
    # Red places a 5 on the face-down 9 (matches the face-up 9 at cell 0),
    # bounces the 9 onto the face-down 3 (matches the face-up 3 at cell 2),
    # bounces the 3 onto the face-up 9 at cell 0: the replaced 9 was face up
    # but within a chain that does not matter, and it matches the 9 at cell 4.
    g, _ = placed("9 -1 3 / 4 [9] -2 / [3] -1 -2", "5", 4)
    g.play(Bounce(0, 9, 6))
    assert g.hand == C("3") and g.up[0] >> 6 & 1
    assert Bounce(0, 3, 0) in g.legal_moves()
    events = g.play(Bounce(0, 3, 0))
    assert "replacing the 9" in events[0].text
    assert g.hand == C("9")
    assert bounces(g) == [Bounce(0, 9, c) for c in (1, 2, 3, 5, 7, 8)]
    g.play(Discard(0, 0))
    assert all_cards(g, 0) == ["3", "-1", "3", "4", "5", "-2", "9", "-1", "-2"]
    assert g.piles[0][-1] == C("9") and g.to_act == 1


def test_G_5_2_a_mulligan_never_counts_as_a_match():
    g, _ = placed("M -1 3 / 4 [6] -2 / [9] -1 -2", "M", 0)   # swap the Mulligans
    assert g.hand == C("M") and bounces(g) == []
    g, _ = placed("M -1 3 / 4 [6] -2 / [9] -1 -2", "1", 4)
    assert g.hand == C("6") and bounces(g) == []
    g = position(3, layouts={0: "1 -1 3 / 4 [6] -2 / [9] -1 -2"}, piles=(["-1"], ["-2"]), draw=["M"])
    g.play(Draw(0))
    g.play(Place(0, 4))                                       # a Mulligan replaces the 6
    assert g.hand == C("6") and bounces(g) == []


@pytest.mark.parametrize("hidden, shown", [("-1", "-1"), ("-2", "-2"), ("M", "1"), ("H", "1")])
def test_G_5_3_negatives_mulligans_and_hazards_never_bounce(hidden, shown):
    layout = f"{shown} 2 3 / 4 [{hidden}] 6 / [9] 8 7"
    g, _ = placed(layout, shown if shown != "1" else "5", 4, piles=(["5"], ["6"]))
    assert bounces(g) == []
    if hidden == "H":
        assert g.removed == 1                                 # discarded at once (G-4.4)
    else:
        assert g.hand == C(hidden) and g.phase == "replaced"


def test_G_5_4_never_into_a_position_filled_this_turn_so_every_chain_ends():
    g, _ = placed("[1] [1] [1] / [1] [1] [1] / [1] [1] 2", "1", 0, piles=(["5"], ["6"]))
    filled = {0}
    cell = 0
    while True:
        moves = bounces(g)
        assert {m.cell for m in moves} == set(range(9)) - filled
        if not moves:
            break
        cell = moves[0].cell
        g.play(moves[0])
        filled.add(cell)
        if g.hand == C("1"):
            with pytest.raises(IllegalMove, match="filled this turn"):
                g.play(Bounce(0, 1, 0))
    assert filled == set(range(9))
    assert g.hand == C("2")                                     # the last replaced card
    assert g.legal_moves() == [Discard(0, 0), Discard(0, 1)]
    g.play(Discard(0, 1))
    assert g.piles[1][-1] == C("2") and g.went_out == 0


def test_G_5_5_bouncing_is_optional_at_each_step():
    g, _ = placed("9 -1 3 / 4 [9] -2 / [3] -1 -2", "5", 4)
    assert g.legal_moves()[-2:] == [Discard(0, 0), Discard(0, 1)]   # stop now ...
    g.play(Bounce(0, 9, 6))
    assert g.legal_moves()[-2:] == [Discard(0, 0), Discard(0, 1)]   # ... or after any step
    events = g.play(Discard(0, 1))
    assert events[0].text == "Red discards the 3 onto discard pile 2"
    assert g.to_act == 1


def test_G_5_5_with_an_empty_pile_stopping_is_the_single_discard():
    g, _ = placed("9 -1 3 / 4 [9] -2 / [3] -1 -2", "5", 4, piles=([], ["-2"]))
    assert g.legal_moves() == [Bounce(0, 9, c) for c in (0, 1, 2, 3, 5, 6, 7, 8)] + [Discard(0, 0)]
