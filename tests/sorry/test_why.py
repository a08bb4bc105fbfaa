"""Why a card moves no pawn (engine.sorry.why): the reasons agree with the legal
moves in crowded and random positions of every variant, and read right in exact ones."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine.sorry import SorryGame
from engine.sorry import moves as mv
from engine.sorry.board import CIRCLE, PAWN_WORDS, TURN
from engine.sorry.cards import CARD_NAMES
from engine.sorry.why import forward_note, no_move_reason, pawn_reasons

from ..util import soak
from .helpers import game

NO_PAWN_MOVE = (mv.PASS, mv.DECLINE, mv.DISCARD)
FALLBACKS = ("has no move with", "No pawn can move with")


# ------------------------------------------------------------ positions
def with_card(positions, variant: str, to_act: int, card: str, seed: int = 0) -> SorryGame:
    """The position with `card` in play for `to_act` (points: in its hand)."""
    if variant == "points":
        hands = [[] for _ in positions]
        hands[to_act] = [card]
        return SorryGame.from_position(positions, variant="points", hands=hands, to_act=to_act, seed=seed)
    return SorryGame.from_position(positions, variant=variant, card=card, to_act=to_act, seed=seed)


def crowded(rng: random.Random, players: int) -> list[list[str]]:
    """Pawns bunched round one stretch of track, near their START exits, in their safety
    zones and close to HOME, so that pawns often stand in each other's way."""
    centre = rng.randrange(60)
    taken: set[int] = set()
    seats = []
    for seat in range(players):
        safe: set[int] = set()
        locs = []
        for _ in range(4):
            r = rng.random()
            loc = "start"
            if r < 0.12:
                loc = "home"
            elif r < 0.35:
                s = rng.randint(1, 5)
                if s not in safe:
                    safe.add(s)
                    loc = f"safe:{s}"
            elif r < 0.88:
                if r < 0.55:
                    sq = (TURN[seat] - rng.randrange(12)) % 60          # close to HOME
                elif r < 0.65:
                    sq = (CIRCLE[seat] + rng.randrange(-1, 3)) % 60     # round the START exit
                else:
                    sq = (centre + rng.randrange(-7, 8)) % 60           # one busy stretch
                if sq not in taken:
                    taken.add(sq)
                    loc = f"track:{sq}"
            locs.append(loc)
        seats.append(locs)
    return seats


def game_positions(rng: random.Random, variant: str, players: int, every: int = 6):
    """Positions (positions, seat to act) met in a game of random moves."""
    g = engine.new_game("sorry", players=players, seed=rng.randrange(1 << 30), variant=variant,
                        **({"target": 0} if variant == "points" else {}))
    n = 0
    while not g.is_over and n < 400:
        if n % every == 0:
            yield g.positions(), g.to_act
        g.play(rng.choice(g.legal_moves()))
        n += 1


# ------------------------------------------------------------ checks
def team_pawns(g) -> list[int]:
    return [q for c in g.team_colours[g.to_act] for q in range(c * 4, c * 4 + 4)]


def check_card(g, card: str, seen: Counter) -> None:
    """`card` is in play in `g`: the reasons agree with its legal moves."""
    moves = [m for m in g.legal_moves() if m.card == card and m.kind not in NO_PAWN_MOVE]
    text = no_move_reason(g, card)
    assert (text is None) == bool(moves), (card, text, g.positions())
    if text is not None:
        assert text.endswith(".") and not any(f in text for f in FALLBACKS), (card, text)
        seen["card"] += 1
        count(seen, text, "card ")
    # one-pawn moves, computed from the position alone (splits are not one-pawn moves)
    singles = [m for m in moves if m.kind != mv.SPLIT]
    for group, why in pawn_reasons(g, card):
        moved = any(part[0] in group for m in singles for part in m.parts)
        assert (why is None) == moved, (card, group, why, g.positions())
    # every pawn of the seat's team: a reason exactly when no move of the card moves it
    pos = g.pos
    for pawn in team_pawns(g):
        alike = ({q for q in range(pawn & ~3, (pawn & ~3) + 4) if pos[q] == -1}
                 if pos[pawn] == -1 else {pawn})
        moved = any(part[0] in alike for m in moves for part in m.parts)
        why = no_move_reason(g, card, pawn)
        assert (why is None) == moved, (card, pawn, why, g.positions())
        if why is not None:
            assert why.endswith(".") and not any(f in why for f in FALLBACKS), (card, pawn, why)
            assert why.startswith(PAWN_WORDS[pawn]), (card, pawn, why)
            seen["pawn"] += 1
            count(seen, why, "pawn ")
    note = forward_note(g, card)
    if card in ("10", "11"):
        forward = any(m.kind == mv.FORWARD for m in moves)
        assert (note is not None) == (bool(moves) and not forward), (card, note, g.positions())
    if note is not None:
        assert note.endswith(".") and moves
        seen["note " + card] += 1


KINDS = {"only a 1, a 2 or a SORRY!": "start", "on the circle": "exit", "would go past": "past",
         "going back": "back", "would land on": "own", "SORRY! needs": "sorry",
         "not in START": "not start", "to switch": "switch", "can't switch": "switch",
         "no split": "split", "can't move 10": "ten", "is HOME and never": "home",
         "changing nothing": "unchanged"}


def count(seen: Counter, text: str, prefix: str) -> None:
    """Count the kinds of reason in `text` (each reason has its own words)."""
    kinds = {kind for words, kind in KINDS.items() if words in text}
    seen.update(prefix + kind for kind in kinds or {"other"})


def check_position(positions, variant: str, to_act: int, seen: Counter) -> None:
    """Every card of the deck at one position; also asked of a game with another card in
    play (or not in the hand), the answers are the same."""
    base = with_card(positions, variant, to_act, "3" if variant != "points" else "SORRY", seed=1)
    for card in CARD_NAMES:
        g = with_card(positions, variant, to_act, card)
        check_card(g, card, seen)
        if base.card != card and (base.hands is None or card not in base.hands[to_act]):
            assert no_move_reason(base, card) == no_move_reason(g, card), (card, positions)
            for pawn in team_pawns(g)[:4]:
                assert no_move_reason(base, card, pawn) == no_move_reason(g, card, pawn)
            if card in ("1", "10", "11"):
                assert forward_note(base, card) == forward_note(g, card)


CASES = [("standard", 2), ("standard", 3), ("standard", 4), ("teams", 4), ("points", 3), ("points", 4)]


def run(case_seed: int, crowded_n: int, games_n: int) -> Counter:
    seen: Counter = Counter()
    rng = random.Random(case_seed)
    for variant, players in CASES:
        for _ in range(crowded_n):
            positions = crowded(rng, players)
            to_act = rng.randrange(players)
            colours = (to_act, (to_act + 2) % 4) if variant == "teams" else (to_act,)
            if all(positions[c][k] == "home" for c in colours for k in range(4)):
                continue
            check_position(positions, variant, to_act, seen)
            seen["positions"] += 1
        for _ in range(games_n):
            for positions, to_act in game_positions(rng, variant, players):
                check_position(positions, variant, to_act, seen)
                seen["positions"] += 1
    return seen


def assert_enough(seen: Counter, scale: int) -> None:
    """Many cards without a move, and pawns a card does not move, for every kind of reason
    (a 10 or a 4 lacks a move only when every pawn is in START or HOME: the last pawn of a
    row can always step back)."""
    assert seen["card"] >= 300 * scale and seen["pawn"] >= 10_000 * scale, seen
    for kind in ("start", "past", "own", "sorry", "switch", "split"):
        assert seen["card " + kind] >= 10 * scale, (kind, seen)
    for kind in ("start", "exit", "past", "back", "own", "sorry", "not start", "switch", "split",
                 "ten", "home"):
        assert seen["pawn " + kind] >= 10 * scale, (kind, seen)
    for card in ("1", "2", "10", "11"):
        assert seen["note " + card] >= 20 * scale, (card, seen)
    assert seen["card other"] == seen["pawn other"] == 0, seen


def test_reasons_agree_with_the_legal_moves():
    seen = run(1, crowded_n=soak(200, 2000), games_n=soak(2, 20))
    assert_enough(seen, soak(1, 10))


# ------------------------------------------------------------ exact positions
def test_S_4_1_all_pawns_in_start():
    g = game([], ["track:40"], card="5")
    assert no_move_reason(g, "5") == (
        "All four of Red's pawns are in START, and only a 1, a 2 or a SORRY! brings a pawn out.")
    assert no_move_reason(g, "1") is None and no_move_reason(g, "2") is None   # not in play: asked anyway
    assert no_move_reason(g, "5", 2) == "Red's pawn 3 is in START, and only a 1, a 2 or a SORRY! brings a pawn out."


def test_S_4_2_start_exit_held_by_own_pawn():
    g = game(["track:4", "track:5"], ["track:40"], card="1")
    assert no_move_reason(g, "1") is None                          # pawn 2 moves 1
    assert no_move_reason(g, "1", 0) == "Red's pawn 1 would land on Red's pawn 2."
    assert no_move_reason(g, "1", 3) == (
        "Red's pawn 4 can't come out of START while Red's pawn 1 is on the circle (square 4).")
    assert forward_note(g, "1") == (
        "Red's pawn 3 and Red's pawn 4 can't come out of START while Red's pawn 1 is on the "
        "circle (square 4).")
    # another colour on the circle is bumped (S-4.2): no note
    g = game(["track:10"], ["track:4"], card="2")
    assert no_move_reason(g, "2", 3) is None and forward_note(g, "2") is None


def test_S_5_5_past_home_and_S_5_2_own_pawn():
    g = game(["home", "safe:3", "home", "home"], ["track:40"], card="5")
    assert no_move_reason(g, "5") == "Red's pawn 2 is 3 squares from HOME: a 5 would go past it."
    assert no_move_reason(g, "3") is None
    g = game(["track:0", "safe:3", "home", "home"], ["track:40"], card="5")
    assert no_move_reason(g, "5") == (
        "Red's pawn 2 is 3 squares from HOME: a 5 would go past it; "
        "Red's pawn 1 would land on Red's pawn 2.")
    assert no_move_reason(g, "5", 0) == "Red's pawn 1 would land on Red's pawn 2."
    g = game(["safe:4", "safe:1", "home", "safe:5"], ["track:40"], card="12")
    assert no_move_reason(g, "12") == (
        "Red's pawn 1, Red's pawn 2 and Red's pawn 4 are 2, 5 and 1 squares from HOME: "
        "a 12 would go past it.")


def test_home_pawns_are_left_out_unless_asked():
    g = game(["home", "safe:3", "home", "home"], ["track:40"], card="5")
    assert "pawn 1" not in no_move_reason(g, "5")
    assert no_move_reason(g, "5", 0) == "Red's pawn 1 is HOME and never moves again."
    assert no_move_reason(g, "3", 0) == "Red's pawn 1 is HOME and never moves again."


def test_S_8_sorry_needs_a_start_pawn_and_a_target():
    g = game(["track:4", "track:5", "home", "home"], ["track:40"], card="SORRY")
    assert no_move_reason(g, "SORRY") == (
        "A SORRY! needs a pawn in START and another colour's pawn on the track: "
        "none of Red's pawns is in START.")
    assert no_move_reason(g, "SORRY", 0) == (
        "Red's pawn 1 is not in START, and a SORRY! moves only a pawn from START.")
    g = game(["track:4", "home", "home"], ["safe:1"], card="SORRY")
    assert no_move_reason(g, "SORRY") == (
        "A SORRY! needs a pawn in START and another colour's pawn on the track: "
        "the only pawn on the track is Red's pawn 1.")
    assert no_move_reason(g, "SORRY", 3) == (
        "Red's pawn 4 is in START, but a SORRY! needs another colour's pawn on the track, "
        "and the only pawn on the track is Red's pawn 1.")
    g = game([], ["safe:1", "home"], card="SORRY")
    assert no_move_reason(g, "SORRY") == (
        "A SORRY! needs a pawn in START and another colour's pawn on the track: "
        "no pawn is on the track.")
    g = game([], ["track:40"], card="SORRY")
    assert no_move_reason(g, "SORRY") is None and no_move_reason(g, "SORRY", 2) is None


def test_S_12_3_teams_sorry():
    # Red has no START pawn; Yellow's START pawns find only Yellow pawns on the track
    g = game(["home"] * 4, ["safe:1"], ["track:40", "track:20"], ["home"] * 4,
             card="SORRY", variant="teams")
    assert no_move_reason(g, "SORRY") == (
        "A SORRY! needs a pawn in START and another colour's pawn on the track: "
        "none of Red's pawns is in START and the only pawns on the track are Yellow's.")
    # the only target is the partner's pawn: the SORRY! must be used
    g = game([], ["safe:1"], ["track:40"], ["home"] * 4, card="SORRY", variant="teams")
    assert no_move_reason(g, "SORRY") is None
    assert no_move_reason(g, "SORRY", 1) is None                   # START pawns are alike
    assert no_move_reason(g, "SORRY", 8) == (
        "Yellow's pawn 1 is not in START, and a SORRY! moves only a pawn from START.")


def test_S_10_2_eleven_without_forward_or_switch():
    g = game(["safe:2", "track:0", "home", "home"], ["safe:1"], card="11")
    assert no_move_reason(g, "11") == (
        "Red's pawn 1 and Red's pawn 2 are 4 and 8 squares from HOME: an 11 would go past it; "
        "no other colour's pawn is on the track to switch with.")
    g = game(["safe:2", "safe:4", "home", "home"], ["track:40"], card="11")
    assert no_move_reason(g, "11") == (
        "Red's pawn 1 and Red's pawn 2 are 4 and 2 squares from HOME: an 11 would go past it; "
        "none of Red's pawns is on the track to switch.")
    assert no_move_reason(g, "11", 0) == (
        "Red's pawn 1 is 4 squares from HOME: an 11 would go past it; "
        "Red's pawn 1 can't switch from its safety zone.")


def test_S_10_3_eleven_with_only_switches_has_a_move_and_a_note():
    g = game(["safe:2", "track:0", "home", "home"], ["track:30"], card="11")
    assert [m.kind for m in g.legal_moves()] == ["switch", "decline"]
    assert no_move_reason(g, "11") is None
    assert no_move_reason(g, "11", 1) is None                      # pawn 2 switches
    assert no_move_reason(g, "11", 0) == (
        "Red's pawn 1 is 4 squares from HOME: an 11 would go past it; "
        "Red's pawn 1 can't switch from its safety zone.")
    assert forward_note(g, "11") == (
        "No pawn can move 11 forward: Red's pawn 1 and Red's pawn 2 are only 4 and 8 squares from HOME.")
    g = game(["track:20"], ["track:30"], card="11")
    assert forward_note(g, "11") is None                           # pawn 1 moves 11


def test_S_9_seven_with_no_single_move_and_no_split():
    g = game(["safe:4", "safe:5"], ["track:40"], card="7")
    assert no_move_reason(g, "7") == (
        "Red's pawn 3 and Red's pawn 4 are in START, and only a 1, a 2 or a SORRY! brings a pawn out; "
        "Red's pawn 1 and Red's pawn 2 are 2 and 1 squares from HOME: a 7 would go past it; "
        "no split of the 7 between two pawns works either.")
    # one pawn left to move: nothing to split with
    g = game(["home", "safe:5", "home", "home"], ["track:40"], card="7")
    assert no_move_reason(g, "7") == "Red's pawn 2 is 1 square from HOME: a 7 would go past it."


def test_S_9_a_split_moves_a_pawn_or_not():
    # pawn 1 (1 from HOME) pairs only with a 6, and pawn 2's 6 lands on pawn 3 (which
    # can't move 1 in that split); pawns 2 and 3 split the 7 between them
    g = game(["safe:5", "track:57", "safe:1", "home"], ["track:40"], card="7")
    assert no_move_reason(g, "7") is None
    assert no_move_reason(g, "7", 1) is None and no_move_reason(g, "7", 2) is None
    assert no_move_reason(g, "7", 0) == (
        "Red's pawn 1 is 1 square from HOME: a 7 would go past it; "
        "no split of the 7 with another pawn moves it either.")
    assert no_move_reason(g, "7", 3) == "Red's pawn 4 is HOME and never moves again."
    # pawn 1 can't move 7 (pawn 2 is on safety square 5) but splits 6 + 1 with it
    g = game(["track:0", "safe:5", "home", "home"], ["track:40"], card="7")
    assert no_move_reason(g, "7", 0) is None


def test_S_5_6_backward_moves():
    g = game(["track:14", "track:10", "safe:1", "track:59"], ["track:40"], card="4")
    assert no_move_reason(g, "4") is None
    assert no_move_reason(g, "4", 0) == "Red's pawn 1 would land on Red's pawn 2 going back 4."
    assert no_move_reason(g, "4", 1) is None
    # a pawn backs out of its safety zone onto the track (S1 back 4 = square 59), not onto its own
    assert no_move_reason(g, "4", 2) == "Red's pawn 3 would land on Red's pawn 4 going back 4."
    g = game(["home", "track:10", "safe:1"], ["track:40"], card="4")
    assert no_move_reason(g, "4", 2) is None
    assert no_move_reason(g, "4", 3) == "Red's pawn 4 is in START, and only a 1, a 2 or a SORRY! brings a pawn out."
    # backward inside the safety zone
    g = game(["safe:5", "safe:2", "home", "home"], ["track:40"], card="4")
    assert no_move_reason(g, "4", 0) is None                       # to safety square 1
    g = game(["safe:5", "safe:1", "home", "home"], ["track:40"], card="4")
    assert no_move_reason(g, "4", 0) == "Red's pawn 1 would land on Red's pawn 2 going back 4."


def test_S_10_1_ten_forward_and_back():
    g = game(["home", "home", "home"], ["track:40"], card="10")
    assert no_move_reason(g, "10") == "Red's pawn 4 is in START, and only a 1, a 2 or a SORRY! brings a pawn out."
    g = game(["safe:4", "safe:5", "home", "home"], ["track:40"], card="10")
    assert no_move_reason(g, "10") is None                         # pawn 1 goes back 1
    assert no_move_reason(g, "10", 1) == (
        "Red's pawn 2 can't move 10 forward (it is 1 square from HOME) "
        "or 1 back (it would land on Red's pawn 1).")
    assert forward_note(g, "10") == (
        "No pawn can move 10 forward: Red's pawn 1 and Red's pawn 2 are only 2 and 1 squares from HOME.")
    g = game(["safe:4", "track:55", "safe:3"], ["track:40"], card="10")
    assert forward_note(g, "10") == (
        "No pawn can move 10 forward: Red's pawn 1 and Red's pawn 3 are only 2 and 3 squares from HOME; "
        "Red's pawn 2 would land on Red's pawn 3; Red's pawn 4 is in START.")
    g = game(["track:20"], ["track:40"], card="10")
    assert forward_note(g, "10") is None


def test_S_12_teams_move_own_and_partner_pawns():
    g = game([], [], [], [], card="5", variant="teams")
    assert no_move_reason(g, "5") == (
        "All four of Red's pawns and all four of Yellow's pawns are in START, "
        "and only a 1, a 2 or a SORRY! brings a pawn out.")
    g = game(["home", "home", "home", "safe:3"], [], ["home", "home", "home", "safe:4"], [],
             card="5", variant="teams")
    assert no_move_reason(g, "5") == (
        "Red's pawn 4 and Yellow's pawn 4 are 3 and 2 squares from HOME: a 5 would go past it.")
    assert no_move_reason(g, "2", 11) is None                      # the partner's pawn goes HOME
    # a switch with the partner's pawn is a move (S-12.5)
    g = game(["safe:2", "track:0", "home", "home"], [], ["track:30"], [], card="11", variant="teams")
    assert no_move_reason(g, "11") is None and no_move_reason(g, "11", 8) is None


def test_S_13_points_hand_cards():
    g = SorryGame.from_position([["home", "home", "home", "safe:5"], ["track:40"]], variant="points",
                                hands=[["3", "5", "2", "12", "2"], ["8"] * 4 + ["1"]])
    assert all(m.kind == "discard" for m in g.legal_moves())
    for card in ("3", "5", "2", "12"):
        assert no_move_reason(g, card) == (
            f"Red's pawn 4 is 1 square from HOME: {'an' if card in ('8', '11') else 'a'} {card} "
            "would go past it.")
    assert no_move_reason(g, "1") is None                          # not in the hand: asked anyway
    g = SorryGame.from_position([["track:1", "home", "home", "home"], ["track:40"]], variant="points",
                                hands=[["11", "12", "12", "12", "8"], ["8"] * 3 + ["1", "1"]])
    assert no_move_reason(g, "11") is None                         # the switch (S-13.4)
    assert no_move_reason(g, "8") == "Red's pawn 1 is 7 squares from HOME: an 8 would go past it."
    assert forward_note(g, "11") == "No pawn can move 11 forward: Red's pawn 1 is only 7 squares from HOME."


def test_other_pawns_unknown_cards_and_games_over():
    g = game(["track:10"], ["track:40"], card="3")
    assert no_move_reason(g, "3", 4) == "Blue's pawn 1 is not yours to move."
    assert no_move_reason(g, "6") is None and no_move_reason(g, "6", 0) is None
    assert forward_note(g, "3") is None and forward_note(g, "6") is None
    g = game(["home", "home", "home", "safe:5"], ["track:40"], card="1")
    g.play(g.legal_moves()[0])
    assert g.is_over
    assert no_move_reason(g, "5") is None and forward_note(g, "10") is None


def test_reason_for_a_card_not_in_play_matches_the_card_in_play():
    g = game(["track:0", "safe:3", "home", "home"], ["track:40"], card="1")
    other = game(["track:0", "safe:3", "home", "home"], ["track:40"], card="5")
    assert no_move_reason(g, "5") == no_move_reason(other, "5") is not None
    assert [m.kind for m in other.legal_moves()] == ["pass"]


@pytest.mark.parametrize("card", CARD_NAMES)
def test_every_card_in_a_fresh_game(card):
    for variant, players in CASES:
        g = engine.new_game("sorry", players=players, seed=3, variant=variant)
        positions, to_act = g.positions(), g.to_act
        check_card(with_card(positions, variant, to_act, card), card, Counter())


def test_S_10_3_the_points_discard_and_the_11_pass_say_why_they_are_offered():
    from engine.sorry.why import decline_reason, discard_reason

    # Red's one pawn on its safety turn: no card moves it on, but the 11 can switch with Blue
    g = SorryGame.from_position([[f"track:{TURN[0]}"], ["track:30"]], variant="points",
                                hands=[["11", "8", "12", "12", "8"], ["2", "2", "2", "2", "1"]])
    assert {m.kind for m in g.legal_moves()} == {"switch", "discard"}
    assert discard_reason(g) == ("Only 11 switches are possible, and a switch is optional: "
                                 "you may discard a card instead and draw.")
    g = SorryGame.from_position([[f"track:{TURN[0]}"], ["start"]], variant="points",
                                hands=[["11", "8", "12", "12", "8"], ["2", "2", "2", "2", "1"]])
    assert {m.kind for m in g.legal_moves()} == {"discard"}
    assert discard_reason(g) == "No card in your hand can move: discard one and draw."
    assert decline_reason(g) == "No pawn can move 11; the switch is optional."
