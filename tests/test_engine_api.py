"""The engine contract of DESIGN.md, common to every game (Sorry! here; the
other games' packages test the same points in their own suites)."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import engine


def test_import_engine_loads_no_ui_library():
    code = ("import sys, engine\n"
            "for name in engine.GAMES:\n"
            "    try:\n"
            "        engine.game_class(name)\n"
            "    except ModuleNotFoundError:\n"
            "        pass\n"
            "g = engine.new_game('sorry', players=4, seed=1)\n"
            "g.play(g.legal_moves()[0])\n"
            "bad = [m for m in ('textual', 'rich') if m in sys.modules]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_games_tuple_and_unknown_game():
    assert engine.GAMES == ("sorry", "pegs", "gnoming")
    with pytest.raises(ValueError, match="unknown game"):
        engine.new_game("chess", players=2)
    with pytest.raises(ValueError):
        engine.load_game({"nothing": 1})
    with pytest.raises(ValueError):
        engine.new_game("sorry", players=4, variant="speed")


def test_seed_replays_exactly():
    def run(seed):
        g = engine.new_game("sorry", players=4, seed=seed)
        rng = random.Random(1)
        log = []
        while not g.is_over:
            m = rng.choice(g.legal_moves())
            log.append((str(m), [str(e) for e in g.play(m)]))
        return log, g.winners
    assert run(11) == run(11)
    assert run(11) != run(12)


def test_illegal_move_has_a_reason_and_changes_nothing():
    from engine.sorry import SorryGame
    g = SorryGame.from_position([["track:20", "track:23"], []], card="3")
    before = g.to_dict()
    for move, reason in (
        (g.parse_move({"seat": 0, "card": "3", "kind": "forward", "parts": [[0, "track:20", "track:23"]]}),
         "own colour"),
        (g.parse_move({"seat": 1, "card": "3", "kind": "pass", "parts": []}), "turn"),
        (g.parse_move({"seat": 0, "card": "5", "kind": "forward", "parts": [[1, "track:23", "track:28"]]}),
         "card to play is 3"),
        (g.parse_move({"seat": 0, "card": "3", "kind": "pass", "parts": []}), "must move"),
        ("pawn 1 please", "not a Sorry! move"),
    ):
        with pytest.raises(engine.IllegalMove, match=reason):
            g.play(move)
        assert g.to_dict() == before
    with pytest.raises(ValueError):
        g.parse_move({"seat": 0, "card": "6", "kind": "forward"})


def test_damaged_state_is_refused_cleanly():
    g = engine.new_game("sorry", players=2, seed=3)
    d = json.loads(json.dumps(g.to_dict()))
    d["positions"][0] = "track:99"
    with pytest.raises(ValueError):
        engine.load_game(d)
    d = g.to_dict()
    d["draw"].pop()
    with pytest.raises(ValueError, match="45-card"):
        engine.load_game(d)
    d = g.to_dict()
    d["format"] = 99
    with pytest.raises(ValueError, match="format"):
        engine.load_game(d)


def test_events_have_kinds_and_plain_words():
    from engine.sorry import SorryGame
    g = SorryGame.from_position([["track:36", "track:41"], ["track:43"]], card="3")
    events = g.play(g.legal_moves()[0])
    assert [e.kind for e in events][:2] == ["forward", "slide"]
    assert str(events[1]) == ("Red's pawn 1 slid to square 43 and sent Red's pawn 2 and Blue's pawn 1 "
                              "back to START")
    assert engine.Event.from_dict(json.loads(json.dumps(events[1].to_dict()))) == events[1]


def test_rules_text_for_sorry():
    text = engine.rules_text("sorry")
    assert text.startswith("# Sorry!") and "S-13" in text and "own choices" in text


def test_bench_bot_rows_at_a_player_count_the_game_has(monkeypatch):
    from engine import bench, bots
    monkeypatch.setattr(bots, "LEVELS", ("easy",))
    rows = bench.bot_rows("sorry", 0.0, players=2)
    assert [r.what for r in rows] == ["easy bot, every decision: median", "easy bot, decisions with a choice: median"]
    assert all(r.note.endswith("in 1 games of 2") for r in rows)


def test_bench_bot_rows_at_a_player_count_the_game_lacks():
    from engine import bench
    rows = bench.bot_rows("pegs", 0.0, players=5)
    assert len(rows) == 1
    assert rows[0].note == "not available: Pegs and Jokers is played by 4, 6 or 8 players, not 5"


@pytest.mark.parametrize("args", [["--seconds", "-1"], ["--seconds", "inf"], ["--players", "0"],
                                  ["pegs", "--players", "5"], ["chess"]])
def test_bench_refuses_bad_arguments_before_measuring(args, capsys):
    """Nothing is timed (no header is printed): the error and exit 2 come first."""
    from engine import bench
    with pytest.raises(SystemExit) as exit_:
        bench.main(args)
    assert exit_.value.code == 2
    out = capsys.readouterr()
    assert out.out == "" and "error:" in out.err


def test_import_engine_is_enough_for_the_bots():
    # DESIGN: `import engine`, then engine.bots.choose(g, level, seed)
    code = ("import engine\n"
            "g = engine.new_game('pegs', players=4, seed=1)\n"
            "assert engine.bots.choose(g, 'normal', 1) in g.legal_moves()\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def _some_game(name: str):
    return engine.new_game(name, players=4, seed=5)


@pytest.mark.parametrize("name", engine.GAMES)
def test_a_seat_that_is_not_in_the_game_is_refused_by_every_game(name):
    g = _some_game(name)
    move = g.legal_moves()[0].to_dict()
    for seat in (4, -1, True, "0"):
        with pytest.raises(ValueError, match="no seat"):
            g.view(seat)
        with pytest.raises(ValueError, match="no seat"):
            g.determinize(seat, random.Random(1))
    with pytest.raises(ValueError):
        g.parse_move({**move, "seat": 9})      # (it used to parse, then fail to print)
    assert g.parse_move(move) in g.legal_moves()


@pytest.mark.parametrize("name", engine.GAMES)
def test_another_games_move_is_refused_as_such_whoever_it_names(name):
    other = _some_game(next(n for n in engine.GAMES if n != name))
    g = _some_game(name)
    before = g.to_dict()
    for move in other.legal_moves()[:1] + ["pawn 1 please"]:
        with pytest.raises(engine.IllegalMove, match=f"is not a {g.title} move"):
            g.play(move)
    assert g.to_dict() == before


@pytest.mark.parametrize("name", engine.GAMES)
def test_the_seed_shuffles_the_same_cards_whoever_starts(name):
    g = engine.new_game(name, players=4, seed=7)
    for other in range(4):
        h = engine.new_game(name, players=4, seed=7, **({"dealer": (other - 1) % 4} if name == "pegs"
                                                         else {"first": other}))
        a, b = g.to_dict(), h.to_dict()
        assert h.to_act == other and a["draw"] == b["draw"]
        if name == "sorry":
            assert g.card == h.card
        else:                          # dealt round the table from the first player
            turn = other - g.to_act
            cards = "layouts" if name == "gnoming" else "hands"
            assert all(a[cards][s] == b[cards][(s + turn) % 4] for s in range(4))
    with pytest.raises(ValueError, match="seed must be an int"):
        engine.new_game(name, players=4, seed="abc")


def test_rematch_options_carry_over_what_each_game_says():
    # who starts the next game at the table is the engine's to say, not the app's
    from engine.pegs.game import PegsGame
    from engine.sorry.game import SorryGame

    sorry = SorryGame.from_position([["home"] * 3 + ["safe:5"], ["start"] * 4], card="1")
    sorry.play(sorry.legal_moves()[0])                      # the last pawn HOME: Red wins
    assert sorry.winners == [0] and sorry.rematch_options() == {"variant": "standard", "first": 0}
    again = engine.new_game("sorry", players=2, seed=4, **sorry.rematch_options())
    assert again.to_act == 0 and again.variant == "standard"
    points = engine.new_game("sorry", players=3, seed=1, variant="points", target=100)
    assert points.rematch_options() == {"variant": "points", "target": 100}        # no winner yet
    pegs = engine.new_game("pegs", players=6, seed=3, dealer=5)
    assert isinstance(pegs, PegsGame) and pegs.rematch_options() == {"dealer": 0}   # passes to the left
    assert engine.new_game("pegs", players=6, seed=4, **pegs.rematch_options()).to_act == 1
    assert engine.new_game("gnoming", players=3, seed=3).rematch_options() == {}   # the new seed draws (G-3.4)


@pytest.mark.parametrize("name", engine.GAMES)
def test_each_game_says_how_many_seats_and_which_variants_it_takes(name):
    # (the New game form and the CLI read these, not copies of their own)
    cls = engine.game_class(name)
    for players in range(0, 10):
        if players in cls.player_counts:
            assert engine.new_game(name, players=players, seed=1).players == players
        else:
            with pytest.raises(ValueError, match="is played by"):
                engine.new_game(name, players=players, seed=1)
    for variant in cls.variants:
        engine.new_game(name, players=4, seed=1, variant=variant)
    assert cls.player_counts == {"sorry": (2, 3, 4), "pegs": (4, 6, 8), "gnoming": (2, 3, 4, 5, 6, 7)}[name]


@pytest.mark.parametrize("name", engine.GAMES)
def test_a_damaged_state_is_worded_alike_in_every_game_without_python_reprs(name):
    g = engine.new_game(name, players=4, seed=2)
    d = g.to_dict()
    key = "positions" if name != "gnoming" else "layouts"
    del d[key]
    with pytest.raises(ValueError) as info:
        engine.load_game(d)
    assert str(info.value) == f"damaged {g.title} state: '{key}' is missing or unknown"
    # a value of the wrong kind: never Python's "unhashable type: 'list'" (a tester's Load screen)
    d = g.to_dict()
    if name == "sorry":
        d[key][0] = ["bogus", 999]
    else:
        d[key][0][0] = ["bogus", 999]                # (the tester's: a list where a place belongs)
    with pytest.raises(ValueError) as info:
        engine.load_game(d)
    assert str(info.value).startswith(f"damaged {g.title} state: "), str(info.value)
    assert not any(python in str(info.value) for python in ("type", "object", "index")), str(info.value)
    if name == "sorry":
        d = g.to_dict()
        d["positions"][0] = "track:99"
        with pytest.raises(ValueError, match=r"^damaged Sorry! state: 'track:99' is missing or unknown$"):
            engine.load_game(d)


@pytest.mark.parametrize("name", engine.GAMES)
def test_parse_move_refuses_anything_else_with_illegal_move(name):
    """Every game refuses what is not one of its moves with engine.IllegalMove and a reason,
    the same exception as `play` raises: a caller needs to catch one kind, whatever the game."""
    g = engine.new_game(name, players=4, seed=5)
    good = g.legal_moves()[0].to_dict()
    assert g.parse_move(good) == g.legal_moves()[0]
    for bad in ({}, [], None, "pawn 1 please", {"kind": "zz", "type": "zz", "seat": 0}, dict(good, seat=9)):
        with pytest.raises(engine.IllegalMove, match=r"\w"):
            g.parse_move(bad)
