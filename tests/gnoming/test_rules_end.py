"""G-6: going out, the final turns and the reveal."""
from engine.gnoming.cards import parse_card
from engine.gnoming.moves import Bounce, Discard, Draw, Place, Take
from engine.gnoming.scoring import score_layout

from .helpers import grid, position


def C(name):
    return parse_card(name)


def test_G_6_1_going_out_gives_every_other_player_exactly_one_more_turn():
    g = position(3, layouts={0: "1 2 3 / 4 5 6 / 7 8 [-1]", 1: "1 2 3 / 4 5 6 / 7 [8] [9]",
                             2: "1 2 3 / 4 5 6 / 7 [8] [9]"},
                 piles=(["6", "5"], ["7", "4"]), draw=["-2", "10", "10", "3"])
    g.play(Draw(0))
    g.play(Place(0, 8))                         # the -1 comes up: no bounce, a pile to choose
    events = g.play(Discard(0, 0))
    assert g.went_out == 0
    assert [e.text for e in events if e.kind == "out"] == [
        "Red has no face-down card left and goes out: every other player has one more turn"]
    assert g.view(None)["final_turns_left"] == 2
    turns = []
    while g.round == 1:
        if g.phase == "draw":
            turns.append(g.turn)
            # Blue also turns up its last cards during its final turn: nothing changes
            g.play(Draw(g.turn))
        elif g.phase == "play":
            g.play(Place(g.turn, 7))
        else:
            g.play(g.legal_moves()[-1])
    assert turns == [1, 2]
    assert g.view(None)["last_round"]["went_out"] == 0


def test_G_6_1_goes_out_tells_which_moves_turn_up_the_last_face_down_card():
    # (the screen's going-out warning asks this; it used to count face-down cards itself)
    g = position(3, layouts={0: "1 2 3 / 4 5 6 / 7 8 [-1]", 1: "1 2 3 / 4 5 6 / 7 8 [9]"},
                 piles=(["6", "5"], ["7", "4"]), draw=["-2", "10", "10", "3"])
    assert not g.goes_out(Place(0, 8))           # before the draw: no card to place yet
    g.play(Draw(0))
    assert g.goes_out(Place(0, 8)) and not g.goes_out(Place(0, 7))      # a face-up cell: no
    assert not g.goes_out(Place(1, 8))                                   # not Blue's turn
    g.play(Place(0, 8))
    g.play(Discard(0, 0))
    assert g.went_out == 0
    g.play(Draw(1))
    assert not g.goes_out(Place(1, 8))           # Blue's last face-down card, but Red is out already
    g2 = position(3, layouts={1: "1 2 3 / 4 5 6 / 7 8 [9]"}, turn=1, draw=["-2", "10"])
    g2.play(Draw(1))
    assert g2.goes_out(Place(1, 8)) and g2.went_out is None


def test_G_4_1_going_out_on_the_turn_that_empties_the_pile_again_promises_no_more_turns():
    # the round ends as the next turn begins (G-4.1's second empty pile): the "out" line
    # used to promise the others one more turn each, which never came
    g = position(3, layouts={0: "1 2 3 / 4 5 6 / 7 8 [9]"}, piles=(["6"], ["7"]), draw=["-2"],
                 reshuffled=True, leftover="pile0")
    assert g.view(0)["draw_pile_spent"] is False
    g.play(Draw(0))
    assert g.view(0)["draw_pile_spent"] is True and g.view(None)["draw_pile_spent"] is True
    events = g.play(Place(0, 8))
    if g.phase == "replaced":
        events += g.play(Discard(0, 0))
    texts = [e.text for e in events]
    assert "Red has no face-down card left and goes out" in texts
    assert "The draw pile is empty again: round 1 ends at once" in texts
    assert g.round == 2 and g.view(None)["last_round"]["ended"] == "draw pile"


def test_G_6_1_out_is_checked_at_the_end_of_the_players_own_turn_only():
    # Yellow's Hazard flips can never turn anyone's last card, so nobody goes out through them
    g = position(3, layouts={0: "1 2 3 / 4 5 6 / 7 [8] [9]", 1: "1 2 3 / 4 5 6 / 7 8 [9]"},
                 piles=(["6"], ["7"]), draw=["H"], turn=2)
    g.play(Draw(2))
    g.play(Discard(2, None))
    assert g.hazard_queue == [0]                # Blue has one face-down card: skipped
    assert g.legal_moves()[-1].__class__.__name__ == "Decline"
    g.play(g.legal_moves()[0])
    assert g.went_out is None and g.to_act == 0 and g.phase == "draw"


def test_G_6_2_face_down_cards_are_revealed_where_they_lie_mulligans_and_hazards_stay():
    g = position(2, layouts={0: "1 2 3 / 4 5 6 / 7 8 [-1]", 1: "M 2 3 / 4 [H] 6 / 7 [M] [9]"},
                 piles=(["6", "5"], ["7", "4"]), draw=["-2", "10"])
    g.play(Draw(0))
    g.play(Place(0, 8))
    events = g.play(Discard(0, 0))
    assert g.went_out == 0
    g.play(Take(1, 1))                          # Blue's final turn: the 4 onto its face-up 3
    events = g.play(Place(1, 2))
    events += g.play(Discard(1, 1)) if g.phase == "replaced" else []
    assert g.round == 2
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].seat == 1
    assert "a Hazard at row 2 col 2" in reveal[0].text and "a Mulligan at row 3 col 2" in reveal[0].text
    last = g.view(None)["last_round"]
    assert last["layouts"][1] == ["M", "2", "4", "4", "H", "6", "7", "M", "9"]
    blue = [C(c) for c in last["layouts"][1]]
    # two Mulligans now face up stay; the Hazard scores +10 where it lies
    assert last["base"][1] == score_layout(blue) == 0 + 2 + 4 + 4 + 10 + 6 + 7 + 0 + 9
    red = [c for c, _ in grid("1 2 3 / 4 5 6 / 7 8 -2")]      # Red placed the -2
    assert last["base"][0] == score_layout(red) == 34
    assert last["adjustment"] == -5 and last["scores"] == [29, 42]


def test_G_7_7_a_tie_for_lowest_counts_as_lowest_at_the_round_end():
    # Red goes out with 34; Blue's revealed layout also scores 34, Yellow's 54: Red ties
    # for lowest and gets the -5 bonus, not the +5 penalty
    g = position(3, layouts={0: "1 2 3 / 4 5 6 / 7 8 [-1]", 1: "10 9 [8] / 5 [-1] 1 / 2 -2 2",
                             2: "10 9 [8] / 7 [6] 5 / 4 3 2"},
                 piles=(["6", "5"], ["7", "4"]), draw=["-2", "3", "3"])
    g.play(Draw(0))
    g.play(Place(0, 8))                         # the -2 on the face-down -1: Red has none left
    g.play(Discard(0, 0))
    assert g.went_out == 0
    g.play(Draw(1))
    g.play(Discard(1, 0))                       # Blue's final turn: the 3 unplayed
    g.play(Draw(2))
    events = g.play(Discard(2, 0))              # Yellow's final turn: the round ends
    assert g.round == 2
    last = g.view(None)["last_round"]
    assert last["layouts"][1] == ["10", "9", "8", "5", "-1", "1", "2", "-2", "2"]
    assert last["base"] == [34, 34, 54]
    assert last["went_out"] == 0 and last["adjustment"] == -5
    assert last["scores"] == [29, 34, 54]
    assert g.scores == [29, 34, 54] and g.round_scores == [[29, 34, 54]]
    texts = [e.text for e in events if e.kind == "score"]
    assert texts == ["Red went out first: -5 bonus", "Round 1 scores: Red 29, Blue 34, Yellow 54"]


def test_G_6_1_a_bounce_onto_the_last_face_down_card_goes_out():
    # Red places a 5 on the face-down 7 (cell 4); the 7 matches the face-up 7 and may bounce:
    # onto the last face-down card (cell 6) it turns up the whole grid, onto a face-up one not
    g = position(3, layouts={0: "1 -1 7 / 4 [7] -2 / [9] -1 -2"}, piles=(["-1"], ["-2"]), draw=["5"])
    g.play(Draw(0))
    g.play(Place(0, 4))
    assert g.phase == "replaced" and g.hand == C("7")
    assert g.goes_out(Bounce(0, 7, 6)) and not g.goes_out(Bounce(0, 7, 1))
    assert not g.goes_out(Bounce(1, 7, 6))                   # not Blue's turn
    g.play(Bounce(0, 7, 6))                                  # turns up the 9: nothing it matches
    while g.turn == 0 and g.phase == "replaced":
        g.play(next(m for m in g.legal_moves() if isinstance(m, Discard)))
    assert g.went_out == 0 and g.up[0] == 0b111111111
