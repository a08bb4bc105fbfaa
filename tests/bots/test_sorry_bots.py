"""Sorry! bots: always legal, cannot peek, and normal beats easy."""
from __future__ import annotations

import random

import pytest

import engine
from engine import bots, sim
from tests.util import soak

CASES = [("standard", 4), ("standard", 2), ("teams", 4), ("points", 3)]


def random_positions(variant, players, count, seed):
    """Positions met in random games (copies)."""
    rng = random.Random(seed)
    out = []
    n = 0
    while len(out) < count:
        options = {"target": 0} if variant == "points" else {}
        g = engine.new_game("sorry", players=players, seed=seed * 1000 + n, variant=variant, **options)
        n += 1
        while not g.is_over and len(out) < count:
            if rng.random() < 0.05:
                out.append(g.clone())
            g.play(rng.choice(g.legal_moves()))
    return out


@pytest.mark.parametrize("variant,players", CASES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_always_return_a_legal_move(variant, players, level):
    for i, g in enumerate(random_positions(variant, players, soak(300, 3000), seed=len(level))):
        move = bots.choose(g, level, seed=i)
        assert move in g.legal_moves()


@pytest.mark.parametrize("variant,players", CASES)
def test_hard_bot_returns_a_legal_move(variant, players):
    for i, g in enumerate(random_positions(variant, players, soak(25, 300), seed=3)):
        assert bots.choose(g, "hard", seed=i) in g.legal_moves()


@pytest.mark.parametrize("variant,players", CASES)
@pytest.mark.parametrize("level", bots.LEVELS)
def test_bots_cannot_peek(variant, players, level):
    """Two games with equal views give the same choice for the same seed."""
    positions = random_positions(variant, players, 12, seed=7)
    differ = 0
    for i, g in enumerate(positions):
        seat = g.to_act
        twin = g.determinize(seat, random.Random(1000 + i))     # same view, other hidden cards
        assert twin.view(seat) == g.view(seat)
        differ += twin.to_dict()["draw"] != g.to_dict()["draw"]
        assert bots.choose(g, level, seed=i) == bots.choose(twin, level, seed=i)
    assert differ >= len(positions) - 2


def test_choose_refuses_bad_level_and_finished_game():
    g = engine.new_game("sorry", players=2, seed=1)
    with pytest.raises(ValueError):
        bots.choose(g, "expert", seed=1)
    while not g.is_over:
        g.play(bots.choose(g, "easy", seed=g.turn))
    with pytest.raises(ValueError):
        bots.choose(g, "easy", seed=1)


def test_normal_beats_easy_in_a_small_seeded_tournament():
    results = sim.run("sorry", soak(40, 400), 4, ["normal", "easy", "easy", "easy"], seed=5)
    wins = {s.level: s.wins for s in sim.summarize(results)}
    # Chance would give normal a quarter of the games.
    assert wins["normal"] > 0.5 * len(results)


def test_sim_is_deterministic_and_rotates_seats():
    a = sim.run("sorry", 4, 2, ["normal", "easy"], seed=9)
    b = sim.run("sorry", 4, 2, ["normal", "easy"], seed=9, workers=2)
    assert [(r.winners, r.moves, r.levels) for r in a] == [(r.winners, r.moves, r.levels) for r in b]
    assert [r.levels for r in a] == [["normal", "easy"], ["easy", "normal"]] * 2
    assert sim.wilson(50, 100)[0] < 0.5 < sim.wilson(50, 100)[1]
    assert "normal" in sim.table(a)


def test_hard_play_outs_score_a_finished_game_as_won_or_lost():
    from engine.bots import sorry as sb
    from engine.sorry.board import HOME
    from engine.sorry.game import SorryGame

    # Red's last pawn is 10 from HOME with a 10: forward wins, backward 1 does not.
    g = SorryGame.from_position([["home", "home", "home", "track:58"], []], card="10")
    win, back = sorted(g.legal_moves(), key=lambda m: m.parts[0][2] != HOME)
    assert sb.play_out(sb.after(g, win), 0) == sb.WIN
    assert sb.play_out(sb.after(g, win), 1) == -sb.WIN
    assert sb.play_out(sb.after(g, back), 0) < sb.WIN
    assert bots.choose(g, "hard", seed=1) == win


@pytest.mark.parametrize("card, blue", [("10", "track:57"), ("11", "track:54")])
def test_normal_takes_a_win_on_the_spot_over_a_bump_of_the_last_enemy_pawn(card, blue):
    # Red's last pawn can go HOME; the same card could bump (10 back 1) or switch with (11)
    # Blue's last pawn instead, which the evaluation valued more: normal passed up the win
    from engine.sorry.game import SorryGame

    home = ["home"] * 3
    g = SorryGame.from_position([home + ["track:58" if card == "10" else "track:57"], home + [blue]], card=card)
    assert len(g.legal_moves()) >= 2
    for level in ("normal", "hard"):
        move = bots.choose(g, level, seed=1)
        c = g.clone()
        c.play(move)
        assert c.winners == [0], (level, str(move))


def test_outcome_judges_the_game_of_a_points_match_by_its_points_and_partners_by_the_side():
    from engine.bots import sorry as sb
    from engine.sorry.game import SorryGame

    home = ["home"] * 3
    # points: Red's last pawn HOME wins this game (55 to 10) though Blue, over the target
    # already, wins the match: finishing is a win for Red (stalling can't help)
    g = SorryGame.from_position([home + ["track:58"], ["home", "home", "track:10", "track:20"]], variant="points",
                                target=100, hands=[["10", "5", "3", "8", "12"], ["2", "4", "7", "8", "11"]])
    g.totals = [0, 95]
    finish = next(m for m in g.legal_moves() if "home" in str(m))
    c = sb.after(g, finish)
    assert c.to_act is None and c.winners == [1] and c.history[-1] == [55, 10]
    assert sb.outcome(c, 0, len(g.history)) == sb.WIN and sb.outcome(c, 1, len(g.history)) == -sb.WIN
    assert bots.choose(g, "normal", seed=1) == finish and bots.choose(g, "hard", seed=1) == finish
    # partners: Yellow's move that brings the side's last pawn HOME wins for Red too
    g = SorryGame.from_position([["home"] * 4, ["start"] * 4, home + ["track:28"], ["start"] * 4],
                                variant="teams", card="10", to_act=2)
    win = next(m for m in g.legal_moves() if "home" in str(m))
    c = sb.after(g, win)
    assert [sb.outcome(c, seat, 0) for seat in range(4)] == [sb.WIN, -sb.WIN, sb.WIN, -sb.WIN]
    assert sb.outcome(sb.after(g, next(m for m in g.legal_moves() if m != win)), 2, 0) is None
