"""Pegs and Jokers bots: always legal (helping a partner and dead hands
included), cannot peek, take a winning move, normal beats easy, and hard
races its moves over more re-deals with 6 and 8 players."""
from __future__ import annotations

import random

import pytest

import engine
from engine import bots, sim
from engine.bots import pegs as pegbot
from engine.pegs.board import PLAYER_COUNTS
from engine.pegs.game import PegsGame
from engine.pegs.moves import Discard, Play
from tests.util import soak

PLAYERS = (4, 6, 8)


def random_positions(players, count, seed, rate=0.05):
    """Positions met in random games (copies)."""
    rng = random.Random(seed)
    out = []
    n = 0
    while len(out) < count:
        g = engine.new_game("pegs", players=players, seed=seed * 1000 + n)
        n += 1
        while not g.is_over and len(out) < count:
            if rng.random() < rate:
                out.append(g.clone())
            g.play(rng.choice(g.legal_moves()))
    return out


def rebuilt(g, positions=None, hand=None):
    """A copy of `g` with other peg positions and/or another hand for the seat
    to act; the cards swapped in come from the draw pile (the decks still add up)."""
    d = g.to_dict()
    if positions is not None:
        d["positions"] = positions
    if hand is not None:
        seat = d["to_act"]
        old, draw = list(d["hands"][seat]), d["draw"]
        for card in old:
            draw.append(card)
        for card in hand:
            draw.remove(card)
        d["hands"][seat] = list(hand)
    return type(g).from_dict(d)


def helper_positions(players, count, seed):
    """Positions where the seat to act has every peg HOME and plays for a
    team-mate (P-8.1)."""
    rng = random.Random(seed)
    out = []
    for i, g in enumerate(random_positions(players, count, seed, rate=0.1)):
        seat = g.to_act
        length = 18 * players
        holes = rng.sample(range(length), 5 * players)
        positions = []
        for s in range(players):
            if s == seat:
                positions.append([f"home:{k}" for k in range(1, 6)])
            else:
                row = []
                for _ in range(5):
                    r = rng.random()
                    row.append("start" if r < 0.3 else f"track:{holes.pop()}")
                positions.append(row)
        out.append(rebuilt(g, positions=positions))
    return out


def dead_hand_positions(players, count, seed):
    """Positions where the mover's pegs are all in START and no card but a
    joker can bring one out (P-4.5)."""
    rng = random.Random(seed)
    out = []
    for g in random_positions(players, count, seed, rate=0.1):
        seat = g.to_act
        positions = g.positions()
        positions[seat] = ["start"] * 5
        pool = [c for c in g.to_dict()["draw"] if c not in ("A", "J", "Q", "K")]
        hand = rng.sample(pool, 6)
        out.append(rebuilt(g, positions=positions, hand=hand))
    return out


@pytest.mark.parametrize("players", PLAYERS)
def test_normal_bot_always_returns_a_legal_move(players):
    for i, g in enumerate(random_positions(players, soak(100, 2000), seed=players)):
        assert bots.choose(g, "normal", seed=i) in g.legal_moves()


@pytest.mark.parametrize("players", PLAYERS)
def test_hard_bot_returns_a_legal_move(players):
    for i, g in enumerate(random_positions(players, soak(6, 100), seed=10 + players, rate=0.01)):
        assert bots.choose(g, "hard", seed=i) in g.legal_moves()


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_play_for_their_partner_when_all_pegs_are_home(players, level):
    for i, g in enumerate(helper_positions(players, soak(3, 30), seed=players)):
        seat = g.to_act
        owner = g.playing_for(seat)
        assert owner != seat and owner % 2 == seat % 2
        move = bots.choose(g, level, seed=i)
        assert move in g.legal_moves()
        if isinstance(move, Play):
            assert move.parts[0][0] == owner


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_in_a_dead_hand_discard_and_keep_a_joker(players, level):
    for i, g in enumerate(dead_hand_positions(players, soak(4, 40), seed=players)):
        legal = g.legal_moves()
        assert all(isinstance(m, Discard) or m.card == "JOKER" for m in legal)
        move = bots.choose(g, level, seed=i)
        assert move in legal
        if isinstance(move, Discard) and len(set(g.view(g.to_act)["hand"])) > 1:
            assert move.card != "JOKER"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_take_a_winning_move(level):
    g = random_positions(4, 1, seed=3)[0]
    seat = g.to_act
    positions = []
    for s in range(4):
        if s % 2 != seat % 2:
            positions.append(["start"] * 5)
        elif s == seat:
            spot = 18 * s + 3
            positions.append([f"track:{spot - 4}", "home:2", "home:3", "home:4", "home:5"])
        else:
            positions.append([f"home:{k}" for k in range(1, 6)])
    g = rebuilt(g, positions=positions, hand=["2", "3", "5", "6", "9", "JOKER"])
    move = bots.choose(g, level, seed=1)
    g.play(move)
    assert g.is_over and seat in g.winners


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("level", bots.LEVELS)
def test_bots_cannot_peek(players, level):
    """Two games with equal views give the same choice for the same seed."""
    count = 3 if level == "hard" else 12
    positions = random_positions(players, count, seed=7, rate=0.01)
    differ = 0
    for i, g in enumerate(positions):
        seat = g.to_act
        twin = g.determinize(seat, random.Random(1000 + i))     # same view, other hidden cards
        assert twin.view(seat) == g.view(seat)
        differ += twin.to_dict()["hands"] != g.to_dict()["hands"]
        assert bots.choose(g, level, seed=i) == bots.choose(twin, level, seed=i)
    assert differ >= len(positions) - 1


def test_the_evaluation_prefers_the_team_ahead():
    g = engine.new_game("pegs", players=4, seed=1)
    d = g.to_dict()
    d["positions"] = [["home:1", "home:2", "track:10", "start", "start"], ["start"] * 5,
                      ["track:40", "start", "start", "start", "start"], ["start"] * 5]
    g = type(g).from_dict(d)
    assert pegbot.evaluate(g, 0) > 0 > pegbot.evaluate(g, 1)


def test_home_debt_counts_the_steps_home_pegs_still_owe():
    g = engine.new_game("pegs", players=4, seed=1)
    d = g.to_dict()
    d["positions"] = [["home:1", "home:2", "home:3", "home:5", "start"],     # H4 open behind H1-H3: 3
                      ["home:5", "home:4", "home:3", "home:2", "home:1"],    # all HOME: none
                      ["home:1", "start", "start", "start", "start"],        # H1 alone: 1 (on to H5)
                      ["home:4", "home:5", "track:3", "start", "start"]]     # the deepest first: none
    pos = type(g).from_dict(d).pos
    assert [pegbot.home_debt(pos, o) for o in range(4)] == [3, 0, 1, 0]


@pytest.mark.parametrize("players", PLAYERS)
def test_the_evaluation_of_a_move_is_the_same_worked_out_in_part_or_whole(players):
    """`Position.after` re-values only the pegs (and HOME debts) a move touches: it must
    agree with `evaluate_raw` of the whole position, partners' pegs (P-8.1) included."""
    T = pegbot.tables(players)
    positions = random_positions(players, 40, seed=11, rate=0.02) + helper_positions(players, 10, seed=12)
    into_home = 0
    for g in positions:
        team = g.to_act & 1
        here = pegbot.Position(T, g.pos, team)
        assert here.value == pytest.approx(pegbot.evaluate_raw(T, g.pos, team), abs=1e-9)
        for m in g.legal_moves():
            if isinstance(m, Discard):
                continue
            after, changed = pegbot.apply_parts(g.pos, g.geo.index, m)
            into_home += any(after[p] > pegbot.HOME0 for p in changed)
            assert here.after(after, changed) == pytest.approx(pegbot.evaluate_raw(T, after, team), abs=1e-9)
    assert into_home, "some moves come into HOME or move in it"


# Red's pegs, Red's hand, and the move both bots play (the other seats: one peg each, far off)
HOME_PLAYS = {
    # A peg alone at H1 owes one move up (any of 1-4), not four: offered H1 or passing the
    # in-spot on the track, the bots take H1 (counting steps, normal had passed it by).
    "h1 rather than passing home by": (["track:2", "start", "start", "start", "start"],
                                       ["2", "9", "10", "9", "10", "8"], ("2", "track:2", "home:1")),
    # A play-tester's partner bot had filled H1, H2, H3 and H5: its last peg could not come in
    # past H1 (P-5.1) until the three moved up one hole each, by an A or a 7's part, and the
    # team was stuck for the rest of the game. With such a hole the A steps H3 up to H4 (the
    # 10 would take the peg outside further, but any card does that).
    "an ace on a hole in home": (["home:1", "home:2", "home:3", "home:5", "track:30"],
                                 ["A", "3", "5", "9", "10", "6"], ("A", "home:3", "home:4")),
}


@pytest.mark.parametrize("case", HOME_PLAYS)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_mind_the_holes_in_home(level, case):
    red, hand, (card, frm, to) = HOME_PLAYS[case]
    g = engine.new_game("pegs", players=4, seed=2, first=0)
    others = [[f"track:{t}", "start", "start", "start", "start"] for t in (60, 50, 5)]
    g = rebuilt(g, positions=[red, *others], hand=hand)
    assert (frm, to) in [m.parts[0][2:4] for m in g.legal_moves() if m.card == card]
    move = bots.choose(g, level, seed=1)
    assert move.card == card and move.parts[0][2:4] == (frm, to), move


def test_normal_beats_easy_in_a_small_seeded_tournament():
    results = sim.run("pegs", soak(8, 200), 4, ["normal", "easy", "normal", "easy"], seed=5)
    wins = {s.level: s.wins for s in sim.summarize(results)}
    # Chance would give each team half of the games.
    assert wins["normal"] >= 0.8 * len(results)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_bump_an_advanced_opponent(level):
    """Red's 10 lands on Green's peg that has come 40 holes round: worth more
    than any small step."""
    g = engine.new_game("pegs", players=4, seed=2, first=0)
    positions = [["track:20", "start", "start", "start", "start"], ["start"] * 5,
                 ["start"] * 5, ["track:30", "start", "start", "start", "start"]]
    g = rebuilt(g, positions=positions, hand=["2", "3", "4", "5", "6", "10"])
    move = bots.choose(g, level, seed=1)
    assert move.card == "10" and move.parts[0][4] == (3, 1, "start")


def test_hard_has_a_re_deal_setting_for_every_player_count():
    assert sorted(pegbot.SAMPLES) == sorted(PLAYER_COUNTS)
    for batch, least, most in pegbot.SAMPLES.values():
        assert 1 <= batch <= least <= most


@pytest.mark.parametrize("players", (6, 8))
def test_hard_with_six_or_eight_players_races_its_candidates(players, monkeypatch):
    """With 6 and 8 players close decisions get more re-deals than clear
    ones, between the race's minimum and maximum."""
    _, least, most = pegbot.SAMPLES[players]
    assert least < most
    deals = []
    real = PegsGame.determinize

    def counted(self, seat, rng):
        deals[-1] += 1
        return real(self, seat, rng)

    monkeypatch.setattr(PegsGame, "determinize", counted)
    for i, g in enumerate(random_positions(players, 12, seed=21, rate=0.02)):
        legal = g.legal_moves()
        deals.append(0)
        move = pegbot.choose_hard(g, legal, random.Random(i))
        assert move in legal
    looked = [n for n in deals if n]
    assert looked and all(least <= n <= most for n in looked)
    assert max(looked) > least
