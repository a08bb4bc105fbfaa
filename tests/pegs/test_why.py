"""Why a card moves no peg (engine.pegs.why): the reasons agree with the
legal moves in crowded and random positions, and read right in exact ones."""
from __future__ import annotations

import random

import pytest

import engine
from engine import bots
from engine.pegs.cards import CODES, NAMES
from engine.pegs.moves import Play
from engine.pegs.why import no_move_reason, peg_reasons

from ..util import soak
from .helpers import make
from .test_crowded import crowded


def check_reasons(g) -> int:
    """Every card of the hand: without a move, every peg has a reason; with a
    move by one peg (not only a split), some peg has none. Returns the cards without a move."""
    if g.to_act is None:
        return 0
    plays = [m for m in g.legal_moves() if isinstance(m, Play)]
    blocked = 0
    for card in sorted({NAMES[c] for c in g.hands[g.to_act]}, key=CODES.get):
        reasons = [r for _, r in peg_reasons(g, card)]
        mine = [m for m in plays if m.card == card]
        if not mine:
            blocked += 1
            assert None not in reasons, (card, reasons, g.to_dict()["positions"])
            text = no_move_reason(g, card)
            assert text and text.endswith(".") and "full value" not in text
        else:
            assert no_move_reason(g, card) is None
            if any(len(m.parts) == 1 for m in mine):
                assert None in reasons, (card, reasons, g.to_dict()["positions"])
        check_peg_reasons(g, card, mine)
    return blocked


def check_peg_reasons(g, card: str, mine: list) -> None:
    """For each peg the seat plays for: a reason exactly when no move of `card` moves it
    (START pegs are alike: a START move moves whichever comes out)."""
    owner = g.view(None)["playing_for"][g.to_act]
    pos = g.positions()[owner]
    for i in range(5):
        peg = owner * 5 + i
        alike = {j for j in range(5) if pos[j] == "start"} if pos[i] == "start" else {i}
        moves = any(part[0] == owner and part[1] - 1 in alike for m in mine for part in m.parts)
        text = no_move_reason(g, card, peg)
        assert (text is None) == moves, (card, i, text, pos)
        if text is not None:
            assert "full value" not in text, (card, i, text, pos)
            if card == "JOKER" and pos[i].startswith("home"):
                assert "is in HOME, and a joker" in text, (text, pos)
            elif pos[i].startswith("home"):
                assert "HOME" in text, (card, i, text, pos)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_reasons_agree_with_the_legal_moves_in_crowded_positions(players):
    rng = random.Random(players * 7)
    checked = blocked = 0
    while checked < soak(300, 5000):
        g = crowded(players, rng)
        if g is not None:
            blocked += check_reasons(g)
            checked += 1
    assert blocked > 0                # some hands hold cards that cannot move


@pytest.mark.parametrize("players", [4, 6])
def test_reasons_agree_with_the_legal_moves_in_games(players):
    for seed in range(soak(2, 20)):
        g = engine.new_game("pegs", players=players, seed=seed)
        n = 0
        while g.to_act is not None and n < 600:
            check_reasons(g)
            g.play(bots.choose(g, "easy", seed=n))
            n += 1


def test_start_pegs_need_a_come_out_card():
    g = make(4, pegs={0: ["home:5", "home:4"]}, hands={0: ["2", "K"]})
    assert no_move_reason(g, "K") is None
    assert no_move_reason(g, "2") == (
        "Red's peg 3, Red's peg 4 and Red's peg 5 are in START, "
        "and only an A, K, Q, J or joker brings a peg out.")


def test_an_own_peg_in_the_way_and_a_partner_that_cannot_be_bumped():
    # Red's peg 1 would pass peg 2; peg 2 would land on Yellow's peg 1, whose
    # in-spot (39) Blue holds (P-5.1, P-6.2)
    g = make(4, pegs={0: ["track:20", "track:25", "home:5", "home:4", "home:3"], 1: ["track:39"],
                      2: ["track:34"]}, hands={0: ["9", "2"]})
    assert no_move_reason(g, "2") is None
    assert no_move_reason(g, "9") == (
        "Red's peg 1 would pass Red's peg 2; Red's peg 2 would bump partner Yellow's peg 1 to its "
        "in-spot (track:39), which Blue's peg 1 holds.")


def test_coming_out_onto_an_own_peg():
    g = make(4, pegs={0: ["track:8", "track:13"]}, hands={0: ["Q", "5"]})
    assert no_move_reason(g, "Q") is None             # peg 1 and peg 2 move 10
    g = make(4, pegs={0: ["track:8", "track:9"], 1: ["track:29"]}, hands={0: ["A", "8"]})
    assert no_move_reason(g, "A") is None             # peg 2 moves 1
    g = make(4, pegs={0: ["track:8", "track:18"], 2: ["track:28"], 1: ["track:39"]}, hands={0: ["K", "8"]})
    assert no_move_reason(g, "K") == (
        "Red's peg 3, Red's peg 4 and Red's peg 5 are in START, and coming out would land on "
        "Red's peg 1 (on the come-out hole, track:8); Red's peg 1 would land on Red's peg 2; "
        "Red's peg 2 would bump partner Yellow's peg 1 to its in-spot (track:39), which Blue's peg 1 holds.")


def test_home_pegs_and_the_8():
    # peg 1 (HOME 2) has one free hole above it; pegs 2 and 3 (HOME 4 and 5) are done
    # and left out; peg 4 would pass peg 5 going back; peg 5 would land on
    # Yellow, whose in-spot Blue holds
    g = make(4, pegs={0: ["home:2", "home:4", "home:5", "track:30", "track:25"], 2: ["track:17"],
                      1: ["track:39"]}, hands={0: ["8", "3", "2"]})
    assert no_move_reason(g, "8") == (
        "Red's peg 1 is in HOME, and an 8 moves only pegs on the track; "
        "Red's peg 4 would pass Red's peg 5 going back 8; "
        "Red's peg 5 would bump partner Yellow's peg 1 to its in-spot (track:39), which Blue's peg 1 holds.")
    assert no_move_reason(g, "3") is None             # the track pegs move 3
    g = make(4, pegs={0: ["home:3", "home:5"]}, hands={0: ["2", "A"]})
    assert no_move_reason(g, "A") is None
    assert no_move_reason(g, "2") == (
        "Red's peg 3, Red's peg 4 and Red's peg 5 are in START, and only an A, K, Q, J or joker "
        "brings a peg out; Red's peg 1 has only 1 free HOME hole above it.")


def test_a_seven_that_cannot_be_split_says_so():
    # peg 1 (HOME 4) can move only 1, peg 2 neither 6 nor 7 (Yellow on 26 and
    # 27, Yellow's in-spot held by Blue): no single 7 and no split
    g = make(4, pegs={0: ["home:4", "track:20"], 2: ["track:26", "track:27"], 1: ["track:39"]},
             hands={0: ["7", "2"]})
    assert no_move_reason(g, "7") == (
        "Red's peg 3, Red's peg 4 and Red's peg 5 are in START, and only an A, K, Q, J or joker "
        "brings a peg out; Red's peg 1 has only 1 free HOME hole above it; Red's peg 2 would bump "
        "partner Yellow's peg 2 to its in-spot (track:39), which Blue's peg 1 holds; "
        "no split of the 7 between two pegs works either.")
    g = make(4, pegs={0: ["home:4", "track:20"], 2: ["track:27"], 1: ["track:39"]}, hands={0: ["7", "2"]})
    assert no_move_reason(g, "7") is None             # 1 + 6 splits it


def test_a_joker_needs_another_players_peg_on_the_track():
    g = make(4, pegs={0: ["track:5"]}, hands={0: ["JOKER", "3"]})
    assert no_move_reason(g, "JOKER") == (
        "A joker lands on another player's peg, and there is none on the track.")
    g = make(4, pegs={0: ["track:5"], 2: ["track:50"]}, hands={0: ["JOKER", "3"]})
    assert no_move_reason(g, "JOKER") is None         # a partner goes to its in-spot


def test_playing_for_a_partner_is_said():
    g = make(4, pegs={0: ["home:1", "home:2", "home:3", "home:4", "home:5"]}, hands={0: ["5", "2"]})
    assert no_move_reason(g, "5") == (
        "Red plays for Yellow: All five of Yellow's pegs are in START, and only an A, K, Q, J or "
        "joker brings a peg out.")


def test_one_pegs_reason_and_the_home_route():
    # Red's peg 1 is two holes before its in-spot (track:3) with pegs in HOME 2 and 3: a 4
    # would take it to HOME 2; on the track it would pass peg 2
    g = make(4, pegs={0: ["track:1", "track:4", "home:2", "home:3"]}, hands={0: ["4", "2"]})
    assert no_move_reason(g, "4") is None                     # peg 2 moves 4
    assert no_move_reason(g, "4", 0) == (
        "Red's peg 1 would pass Red's peg 2, and going into HOME it would pass Red's peg 3 (home:2).")
    assert no_move_reason(g, "4", 1) is None
    assert no_move_reason(g, "4", 4).startswith("Red's peg 5 is in START")
    assert no_move_reason(g, "4", 3) == "Red's peg 4 has only 2 free HOME holes above it."
    assert no_move_reason(g, "2", 2) == "Red's peg 3 has no free HOME hole above it."


def test_a_joker_and_one_peg():
    # the joker moves R2 (onto Blue); R1 is in HOME, and a joker never moves a HOME peg
    g = make(4, pegs={0: ["home:1", "track:20"], 1: ["track:30"]}, hands={0: ["JOKER", "3"]})
    assert no_move_reason(g, "JOKER") is None and no_move_reason(g, "JOKER", 1) is None
    assert no_move_reason(g, "JOKER", 0) == (
        "Red's peg 1 is in HOME, and a joker moves only a peg from START or the track.")
    # only R1, on Yellow's in-spot, can take the joker onto Yellow (RULES.md decision 2)
    g = make(4, pegs={0: ["track:39", "track:20"], 2: ["track:50"]}, hands={0: ["JOKER", "3"]})
    assert no_move_reason(g, "JOKER", 0) is None
    assert no_move_reason(g, "JOKER", 1) == (
        "Red's peg 2 could land only on partners, and they could not be sent to their in-spots.")


def test_P_4_5_the_discard_is_offered_for_a_dead_hand_or_when_only_a_joker_moves():
    from engine.pegs.why import discard_reason

    g = make(4, pegs={0: []}, hands={0: ["2", "3", "4", "5", "6", "9"]})
    assert discard_reason(g) == "No card in your hand can move: discard one and draw."
    g = make(4, pegs={0: [], 1: ["track:30"]}, hands={0: ["2", "3", "4", "5", "6", "JOKER"]})
    assert any(getattr(m, "card", None) == "JOKER" for m in g.legal_moves())
    assert discard_reason(g) == "No card but a joker can move: you may discard a card and draw instead."
