"""G-1 players and goal, G-2 the deck, G-3 setup."""
from collections import Counter

import pytest

import engine
from engine.core import IllegalMove
from engine.gnoming.apply import deal
from engine.gnoming.cards import COUNTS, DECK, HAZARD, MULLIGAN, card_name, parse_card
from engine.gnoming.moves import Draw, Flip

from .helpers import position


def play_until(g, condition, pick=lambda moves: moves[0]):
    while not condition(g):
        assert not g.is_over
        g.play(pick(g.legal_moves()))


# -- G-1 ---------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 8))
def test_G_1_two_to_seven_players_three_rounds(players):
    g = engine.new_game("gnoming", players=players, seed=3)
    assert g.players == players and g.round == 1
    assert len(g.view(None)["layouts"]) == players
    rounds_seen = {g.round}
    while not g.is_over:
        g.play(g.legal_moves()[-1])
        rounds_seen.add(g.round)
    assert rounds_seen == {1, 2, 3}
    assert len(g.round_scores) == 3
    assert g.scores == [sum(r[s] for r in g.round_scores) for s in range(players)]


@pytest.mark.parametrize("players", [0, 1, 8, 9, -3, "4", 4.0, True, None])
def test_G_1_other_player_counts_are_refused(players):
    with pytest.raises(ValueError, match="2 to 7 players"):
        engine.new_game("gnoming", players=players, seed=1)


def test_G_1_goal_is_lowest_total():
    g = engine.new_game("gnoming", players=3, seed=11)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    best = min(g.scores)
    assert all(g.scores[s] == best for s in g.winners)


# -- G-2 ---------------------------------------------------------------------
def test_G_2_deck_of_110_cards_82_positive_22_negative_3_hazards_3_mulligans():
    deck = Counter(DECK)
    assert len(DECK) == 110
    assert sum(n for c, n in deck.items() if 1 <= c <= 10) == 82
    assert sum(n for c, n in deck.items() if c < 0) == 22
    assert deck[HAZARD] == 3 and deck[MULLIGAN] == 3
    assert sorted(card_name(c) for c in deck) == sorted(
        ["-2", "-1", "M", "H"] + [str(v) for v in range(1, 11)])


def test_G_2_positive_counts_nine_1s_nine_2s_eight_of_each_other():
    assert COUNTS[parse_card("1")] == 9 and COUNTS[parse_card("2")] == 9
    for value in range(3, 11):
        assert COUNTS[parse_card(str(value))] == 8


def test_G_2_negative_counts_eleven_each():
    assert COUNTS[parse_card("-1")] == 11 and COUNTS[parse_card("-2")] == 11


def test_G_2_a_dealt_game_uses_exactly_that_deck():
    g = engine.new_game("gnoming", players=7, seed=5)
    cards = g.cards + g.draw + g.piles[0] + g.piles[1] + [HAZARD] * g.removed
    assert Counter(cards) == Counter(DECK)


# -- G-3 ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 7])
def test_G_3_1_nine_face_down_cards_each_nobody_sees_them(players):
    g = engine.new_game("gnoming", players=players, seed=9)
    assert len(g.cards) == 9 * players
    assert g.up == [0] * players
    for seat in [None, *range(players)]:
        view = g.view(seat)
        assert view["layouts"] == [[None] * 9 for _ in range(players)]
        assert view["face_down"] == [9] * players
    # nor do the setup events name a layout card
    for event in g.setup_events:
        assert event.kind in ("round", "discard", "hazard")


@pytest.mark.parametrize("players", [2, 5, 7])
def test_G_3_2_draw_pile_and_two_discard_piles(players):
    g = engine.new_game("gnoming", players=players, seed=4)
    assert [len(p) for p in g.piles] == [1, 1]
    assert HAZARD not in g.piles[0] + g.piles[1]
    assert len(g.draw) == 110 - 9 * players - 2 - g.removed
    assert g.view(None)["draw_count"] == len(g.draw)


def test_G_3_2_hazard_turned_up_for_a_discard_pile_is_removed_and_replaced():
    g = engine.new_game("gnoming", players=2, seed=1, first=0)
    h, seven, three = HAZARD, parse_card("7"), parse_card("3")
    rest = list(DECK)
    for c in (h, h, seven, three):
        rest.remove(c)
    dealt, under = rest[:18], rest[18:]
    # the top of the deck is the end of the list: 18 dealt, then H, 7, H, 3
    deck = under + [three, h, seven, h] + dealt
    events = []
    deal(g, deck, events)
    assert g.piles == [[seven], [three]]
    assert g.removed == 2
    assert len(g.draw) == 110 - 18 - 2 - 2
    assert sum(e.kind == "hazard" for e in events) == 2
    cards = g.cards + g.draw + g.piles[0] + g.piles[1] + [HAZARD] * g.removed
    assert Counter(cards) == Counter(DECK)


def test_G_3_3_opening_flips_two_each_in_seat_order_from_first_player():
    g = engine.new_game("gnoming", players=3, seed=2, first=1)
    order = []
    while g.phase == "flip":
        seat = g.to_act
        moves = g.legal_moves()
        # one flip is one move: any face-down card of the seat's own layout
        assert moves == [Flip(seat, c) for c in range(9) if not g.up[seat] >> c & 1]
        other = (seat + 1) % 3
        with pytest.raises(IllegalMove):
            g.play(Flip(other, 0))
        with pytest.raises(IllegalMove):
            g.play(Draw(seat))
        assert g.view(seat)["own_opening_flips"] == len(order) % 2       # (the screen's "1 of 2")
        order.append(seat)
        g.play(moves[len(order) % len(moves)])
    assert order == [1, 1, 2, 2, 0, 0]
    assert [bin(u).count("1") for u in g.up] == [2, 2, 2]
    assert g.phase == "draw" and g.to_act == 1 and g.view(None)["own_opening_flips"] is None


def test_G_3_3_a_flipped_card_cannot_be_flipped_again_and_is_public():
    g = engine.new_game("gnoming", players=2, seed=2, first=0)
    g.play(Flip(0, 4))
    assert Flip(0, 4) not in g.legal_moves()
    with pytest.raises(IllegalMove, match="already face up"):
        g.play(Flip(0, 4))
    card = card_name(g.cards[4])
    for seat in (None, 0, 1):
        assert g.view(seat)["layouts"][0][4] == card


def test_G_3_4_first_seat_random_from_seed_or_chosen_then_rotating():
    firsts = {engine.new_game("gnoming", players=4, seed=s).first_seat for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert all(engine.new_game("gnoming", players=5, seed=s).first_seat ==
               engine.new_game("gnoming", players=5, seed=s).first_seat for s in range(10))
    g = engine.new_game("gnoming", players=4, seed=8, first=3)
    assert g.first_seat == 3 and g.to_act == 3
    seen = []
    while not g.is_over:
        if g.phase == "flip" and g.opened == 0:
            seen.append((g.round, g.to_act))
        g.play(g.legal_moves()[0])
    assert seen == [(1, 3), (2, 0), (3, 1)]
    for bad in (4, -1, "1", 1.5):
        with pytest.raises(ValueError):
            engine.new_game("gnoming", players=4, seed=8, first=bad)


def test_G_3_4_play_goes_clockwise():
    g = engine.new_game("gnoming", players=5, seed=8, first=2)
    turns = []
    while g.round == 1 and len(turns) < 12:
        if g.phase == "draw" and (not turns or turns[-1] != g.turn):
            turns.append(g.turn)
        g.play(g.legal_moves()[0])
    assert turns[:6] == [2, 3, 4, 0, 1, 2]


def test_G_3_unknown_options_are_refused():
    with pytest.raises(ValueError, match="no option"):
        engine.new_game("gnoming", players=3, seed=1, variant="teams")
    with pytest.raises(ValueError, match="no option"):
        engine.new_game("gnoming", players=3, seed=1, target=100)
    engine.new_game("gnoming", players=3, seed=1, variant=None, target=None)


def test_G_3_positions_built_by_the_helper_are_whole_decks():
    g = position(3, layouts={0: "5 5 M / 3 [4] 7 / -1 H [2]"})
    assert g.view(0)["layouts"][0] == ["5", "5", "M", "3", None, "7", "-1", "H", None]
