"""Gnoming A Round bots: always legal, cannot peek, sound choices, and normal beats easy."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from engine import bots, sim
from engine.bots import gnoming as gbot
from engine.bots import gnoming_hard, gnoming_solo
from engine.bots.gnoming_eval import U, Knowledge, value
from engine.gnoming.cards import DECK, parse_card
from engine.gnoming.moves import Bounce, Decline, Discard, Draw, Flip, Place, Take
from engine.gnoming.scoring import score_layout
from tests.gnoming.helpers import position
from tests.util import soak

PHASES = ("flip", "draw", "play", "replaced", "hazard")


def random_positions(count: int, seed: int, players=range(2, 8), share: float = 0.08):
    """Copies of positions met in games of 2…7 players, every phase: random
    moves, mixed with normal-bot turns so rounds also reach going out and the
    final turns."""
    rng = random.Random(seed)
    out = []
    n = 0
    players = list(players)
    while len(out) < count:
        g = engine.new_game("gnoming", players=players[n % len(players)], seed=seed * 1000 + n)
        n += 1
        clever = rng.random() < 0.5
        while not g.is_over and len(out) < count:
            if rng.random() < share:
                out.append(g.clone())
            if clever and g.phase != "flip" and rng.random() < 0.8:
                g.play(bots.choose(g, "normal", seed=rng.getrandbits(32)))
            else:
                g.play(rng.choice(g.legal_moves()))
    return out


def describe(positions) -> Counter:
    kinds = Counter(g.phase for g in positions)
    kinds["final turns"] = sum(g.went_out is not None for g in positions)
    kinds["bounce"] = sum(any(isinstance(m, Bounce) for m in g.legal_moves()) for g in positions)
    kinds.update(f"{g.players} players" for g in positions)
    return kinds


def test_positions_cover_every_phase_and_table_size():
    kinds = describe(random_positions(soak(1500, 6000), seed=1))
    for phase in PHASES:
        assert kinds[phase] > 5, kinds
    assert kinds["final turns"] > 5 and kinds["bounce"] > 5, kinds
    for n in range(2, 8):
        assert kinds[f"{n} players"] > 20, kinds


def test_normal_bot_always_returns_a_legal_move():
    for i, g in enumerate(random_positions(soak(1500, 6000), seed=1)):
        move = bots.choose(g, "normal", seed=i)
        assert move in g.legal_moves(), (g.phase, move)


def test_hard_bot_always_returns_a_legal_move(monkeypatch):
    # fewer deals than in play, so that many positions fit in a few seconds
    monkeypatch.setattr(gnoming_hard, "BATCH", 4)
    monkeypatch.setattr(gnoming_hard, "MAX_SAMPLES", 8)
    for i, g in enumerate(random_positions(soak(200, 1500), seed=2)):
        move = bots.choose(g, "hard", seed=i)
        assert move in g.legal_moves(), (g.phase, move)


def test_hard_bot_at_full_strength_returns_a_legal_move():
    positions = [g for g in random_positions(40, seed=3) if g.phase in ("draw", "play", "replaced")]
    for i, g in enumerate(positions[:6]):
        assert bots.choose(g, "hard", seed=i) in g.legal_moves()


def test_hard_race_stops_early_on_a_clear_choice_and_goes_on_for_a_close_one(monkeypatch):
    calls = []
    evaluate = gnoming_solo.evaluate
    monkeypatch.setattr(gnoming_solo, "evaluate", lambda *a: calls.append(1) or evaluate(*a))
    # the 8 on pile 0 completes the top row: every other option trails at once
    g = position(3, layouts={0: "8 8 [3] / 2 [4] [5] / [6] [1] [9]"}, piles=(["8"], ["6"]), turn=0)
    assert bots.choose(g, "hard", seed=1) == Take(0, 0)
    assert len(calls) < 2 * gnoming_hard.MAX_SAMPLES
    # two options that differ only by the pile of a discard: always a tie
    calls.clear()
    monkeypatch.setattr(gnoming_hard, "candidates", lambda v, legal: [(0.0, Discard(0, 0)), (0.0, Discard(0, 1))])
    g = position(3, layouts={0: "1 -1 2 / -2 3 -1 / 1 [4] [5]"}, piles=(["7"], ["6"]), draw=["10"], turn=0)
    g.play(Draw(0))
    bots.choose(g, "hard", seed=1)
    assert len(calls) == 2 * gnoming_hard.MAX_SAMPLES


@pytest.mark.parametrize("level", bots.LEVELS)
def test_bots_cannot_peek(level):
    """Two games with equal views give the same choice for the same seed."""
    positions = random_positions(14 if level == "hard" else 120, seed=7, share=0.05)
    differ = 0
    for i, g in enumerate(positions):
        seat = g.to_act
        twin = g.determinize(seat, random.Random(1000 + i))     # same view, other hidden cards
        assert twin.view(seat) == g.view(seat)
        differ += twin.to_dict()["layouts"] != g.to_dict()["layouts"]
        assert bots.choose(g, level, seed=i) == bots.choose(twin, level, seed=i)
    assert differ >= len(positions) - 2


def test_normal_beats_easy_in_a_small_seeded_tournament():
    results = sim.run("gnoming", soak(8, 100), 4, ["normal", "easy", "easy", "easy"], seed=5)
    summary = {s.level: s for s in sim.summarize(results)}
    # chance would give normal a quarter of the games
    assert summary["normal"].wins > 0.75 * len(results)
    assert summary["normal"].mean_round_score + 15 < summary["easy"].mean_round_score


# -- the evaluation ------------------------------------------------------------------
def cells(text: str) -> list[int]:
    return [U if t == "?" else parse_card(t) for t in text.replace("/", " ").split()]


FULL = Knowledge([Counter(DECK)[c] for c in range(-2, 12)] + [0], 3)


@pytest.mark.parametrize("text", ["7 7 7 / 1 1 1 / 2 2 2", "5 5 5 / 5 5 5 / 5 5 5", "M 4 4 / 9 1 2 / 9 3 6",
                                  "M M M / 4 5 6 / 7 8 9", "6 6 H / 1 2 3 / 4 5 7", "7 7 7 / 7 2 3 / 7 4 6",
                                  "-2 -1 M / M 10 10 / 10 10 M"])
def test_value_of_a_face_up_layout_is_its_G_7_score(text):
    assert value(cells(text), FULL) == score_layout(cells(text))


def test_value_prefers_pairs_low_cards_and_fewer_hazards():
    assert value(cells("7 7 ? / ? ? ? / ? ? ?"), FULL) < value(cells("7 3 ? / ? ? ? / ? ? ?"), FULL)
    assert value(cells("1 ? ? / ? ? ? / ? ? ?"), FULL) < value(cells("9 ? ? / ? ? ? / ? ? ?"), FULL)
    assert value(cells("H ? ? / ? ? ? / ? ? ?"), FULL) > value(cells("10 ? ? / ? ? ? / ? ? ?"), FULL)


# -- choices in set positions --------------------------------------------------------------
def normal(g):
    return bots.choose(g, "normal", seed=1)


def test_normal_takes_the_top_card_that_completes_a_row():
    g = position(3, layouts={0: "8 8 [3] / 2 [4] [5] / [6] [1] [9]"}, piles=(["8"], ["6"]), turn=0)
    assert normal(g) == Take(0, 0)
    g.play(Take(0, 0))
    assert normal(g) == Place(0, 2)


def test_normal_draws_rather_than_taking_a_useless_high_card():
    g = position(3, layouts={0: "1 -1 2 / -2 3 -1 / 1 [4] [5]"}, piles=(["10"], ["9"]), turn=0)
    assert normal(g) == Draw(0)


def test_normal_takes_a_high_card_to_start_a_set_early():
    # early in a round a 10 next to a 10 is worth more than an unknown card
    g = position(3, layouts={0: "10 2 [3] / [2] [4] [5] / [6] [1] [9]"}, piles=(["10"], ["6"]), turn=0)
    assert normal(g) == Take(0, 0)


def test_normal_discards_a_drawn_hazard_and_never_places_one():
    g = position(3, layouts={0: "1 2 [3] / [2] [4] [5] / [6] [1] [9]"}, draw=["H"], turn=0)
    g.play(Draw(0))
    assert normal(g) == Discard(0, None)


def test_normal_replaces_a_face_up_hazard_with_a_low_card():
    g = position(3, layouts={0: "1 H [3] / [2] [4] [5] / [6] [1] [9]"}, draw=["-2"], turn=0)
    g.play(Draw(0))
    assert normal(g) == Place(0, 1)


def test_normal_bounces_into_a_set():
    # the 6 placed on the face-down 4 turns it up; bouncing the 4 completes row 2
    g = position(3, layouts={0: "9 6 [1] / 4 4 [7] / [2] [3] [8]"}, draw=["6"], turn=0)
    g.play(Draw(0))
    move = normal(g)
    assert isinstance(move, Place)
    g2 = position(3, layouts={0: "9 6 [1] / 4 4 [7] / [4] [3] [8]"}, draw=["6"], turn=0)
    g2.play(Draw(0))
    g2.play(Place(0, 6))
    assert g2.phase == "replaced" and g2.hand == 4
    assert normal(g2) == Bounce(0, 4, 5)


def test_normal_goes_out_when_lowest_and_holds_back_when_not():
    # Red can go out with 1 -1 -2 / -1 -2 1 / -2 1 M: a score of -5 against layouts far worse
    ahead = position(3, layouts={0: "1 -1 -2 / -1 -2 1 / -2 1 [9]", 1: "10 9 [1] / [2] [3] [4] / [5] [6] [7]",
                                 2: "9 10 [1] / [2] [3] [4] / [5] [6] [7]"}, draw=["M"], turn=0)
    ahead.play(Draw(0))
    assert normal(ahead) == Place(0, 8)
    # the same card, but the others are already nearly done and far lower
    behind = position(3, layouts={0: "10 9 8 / 10 9 8 / 7 6 [9]", 1: "-2 -2 -1 / -1 1 1 / 2 M [3]",
                                  2: "-2 -1 -1 / 1 1 2 / 2 3 [4]"}, draw=["7"], turn=0)
    behind.play(Draw(0))
    assert normal(behind) != Place(0, 8)


def test_hard_credits_going_out_for_the_turns_it_takes_from_the_others():
    g = position(3, layouts={0: "1 -1 -2 / -1 -2 1 / -2 1 [9]", 1: "10 9 [1] / [2] [3] [4] / [5] [6] [7]",
                             2: "9 10 [1] / [2] [3] [4] / [5] [6] [7]"}, draw=["M"], turn=0)
    g.play(Draw(0))
    v = gbot.View(g, 0)
    model = gnoming_solo.Model(g, 0, v.k, [(60.0, 1.0), (60.0, 1.0)])   # surely lowest: -5 (G-7.7)
    done = [1, -1, -2, -1, -2, 1, -2, 1, 0]
    model.turns = 4                       # the round would go on for 4 more turns
    assert model.going_out_score(done, 4) == score_layout(done) - 5
    assert model.going_out_score(done, 1) == score_layout(done) - 5 - 3 * gnoming_solo.EARLY_CREDIT
    model.final = True                    # somebody already went out: nothing to cut short
    assert model.going_out_score(done, 1) == score_layout(done)


def test_hazard_flip_is_taken():
    g = position(3, layouts={1: "7 7 [1] / [2] [3] [4] / [5] [6] [9]"}, draw=["H"], turn=0)
    g.play(Draw(0))
    g.play(Discard(0, None))
    assert g.phase == "hazard" and g.to_act == 1
    move = normal(g)
    assert isinstance(move, Flip)
    assert move.cell == 2          # the face-down card that would complete the 7s


def test_hard_races_one_flip_per_kind_of_cell():
    # A cell counts only through its row and column: after the centre, the four cells beside it
    # are alike, and so are the four corners.
    g = engine.new_game("gnoming", players=2, seed=3, first=0)
    assert gnoming_hard.flip_options(gbot.View(g, 0), g.legal_moves()) == [(0.0, Flip(0, 0))]
    g.play(Flip(0, 4))
    options = [m for _, m in gnoming_hard.flip_options(gbot.View(g, 0), g.legal_moves())]
    assert options == [Flip(0, 0), Flip(0, 1)]
    assert bots.choose(g, "hard", seed=1) in g.legal_moves()
    # after a Hazard, turning up nothing is an option too (G-4.4)
    g = position(3, layouts={1: "7 7 [1] / [2] [3] [4] / [5] [6] [9]"}, draw=["H"], turn=0)
    g.play(Draw(0))
    g.play(Discard(0, None))
    options = [m for _, m in gnoming_hard.flip_options(gbot.View(g, 1), g.legal_moves())]
    assert Decline(1) in options and Flip(1, 2) in options
    assert len(options) < len(g.legal_moves())
    assert bots.choose(g, "hard", seed=1) in g.legal_moves()


def test_discard_covers_the_top_the_next_player_wants():
    # Blue (next) has two 8s in row 1: the 8 on pile 1 is what Blue wants, so cover it
    g = position(3, layouts={0: "1 -1 2 / -2 3 -1 / 1 [4] [5]", 1: "8 8 [1] / [2] [3] [4] / [5] [6] [7]"},
                 piles=(["8"], ["6"]), draw=["10"], turn=0)
    g.play(Draw(0))
    assert normal(g) == Discard(0, 0)


def test_choose_refuses_bad_level_and_finished_game():
    g = engine.new_game("gnoming", players=2, seed=1)
    with pytest.raises(ValueError):
        bots.choose(g, "expert", seed=1)
    while not g.is_over:
        g.play(bots.choose(g, "easy", seed=g.round * 1000 + len(g.draw)))
    with pytest.raises(ValueError):
        bots.choose(g, "easy", seed=1)



def test_a_card_laid_over_its_twin_loses_the_tie_with_the_discard():
    # in a normal game (seed 23) Green drew a 4 and laid it over a face-up 4
    # when that tied with discarding it: the layout is unchanged, but the
    # table sees a move; the discard says what it is
    g = position(3, layouts={0: "8 -2 -1 / -2 -1 -2 / -1 [5] [6]"}, draw=["8"], turn=0)
    g.play(Draw(0))
    v = gbot.View(g, 0)
    scores = {m: val for val, m in gbot.normal_scores(v, g.legal_moves())}
    assert scores[Discard(0, 0)] < scores[Place(0, 0)] < scores[Discard(0, 0)] + 1e-3
    # hard races normal's best few in order, and a tie in the race goes to the first
    order = [m for _, m in gnoming_hard.candidates(v, g.legal_moves())]
    assert Place(0, 0) not in order or order.index(Discard(0, 0)) < order.index(Place(0, 0))
