"""Playing Pegs and Jokers through the keyboard: whole 4-, 6- and 8-player games
from late positions, the dead-hand discard, playing for a partner, hand-offs, resume."""
from __future__ import annotations

import pytest
from textual.widgets import RichLog

from engine import saves
from tests.pegs.helpers import make
from tui import pegs_view as pv
from tui.screens.dialogs import HandoffScreen
from tui.screens.pegs import PegsScreen
from tui.screens.results import ResultsScreen
from tui.session import GameSpec, Session
from themes import glyphs

from .helpers import FIXED_TIME, app_for, board_screen, human_turn, run_async, seats, send, until

# Seeds whose late positions end in 30 to 180 moves with easy bots (a human
# turn costs a screen refresh or two; see late_session).
GAME_SEEDS = {4: 0, 6: 0, 8: 2}


def pegs_session(players: int, kinds, *, pegs=None, hands=None, to_act=0, seed=1, save_dir=None) -> Session:
    """A saved session starting at an exact position (tests/pegs/helpers.make)."""
    game = make(players, pegs=pegs, hands=hands, to_act=to_act, seed=seed)
    spec = GameSpec(game="pegs", players=players, seats=seats(*kinds), seed=seed)
    session = Session.new(spec, game=game, save_dir=save_dir)
    session.record.created = session.record.updated = FIXED_TIME
    return session


def late_pegs(players: int) -> dict:
    """Red (a person) and Yellow each have one peg three holes from HOME, every
    other team-A peg is HOME; team B has one peg out each."""
    length = 18 * players
    pegs = {0: ["home:2", "home:3", "home:4", "home:5", "track:1"],
            2: ["home:2", "home:3", "home:4", "home:5", f"track:{(18 * 2 + 3 - 5) % length}"]}
    for s in range(4, players, 2):
        pegs[s] = [f"home:{k}" for k in range(1, 6)]
    for s in range(1, players, 2):
        pegs[s] = [f"track:{(18 * s + 12) % length}"]
    return pegs


def late_session(players: int, save_dir=None) -> Session:
    return pegs_session(players, ("human",) + ("easy",) * (players - 1), pegs=late_pegs(players),
                        hands={0: ["2", "3", "5", "9", "10", "K"]}, seed=GAME_SEEDS[players],
                        save_dir=save_dir)


def target_move(game):
    """What the person at the keyboard goes for: a peg into HOME if any, else the first move."""
    legal = game.legal_moves()

    def homes(m) -> int:
        return sum(p[3].startswith("home") and not p[2].startswith("home") for p in getattr(m, "parts", ()))

    best = max(legal, key=homes)
    return best if homes(best) else legal[0]


async def choose_by_keys(pilot, screen: PegsScreen, move) -> None:
    """Press ←/→ to the move's card, Tab to the move, Enter: as a person would."""
    for _ in range(len(screen._cards)):
        if screen._selected_card() == move.card:
            break
        await send(pilot, "right")
        await pilot.pause()
    assert screen._selected_card() == move.card
    index = screen._move_map.index(move)
    ml = screen.query_one("#moves")
    for _ in range(len(screen._move_map)):
        if ml.highlighted == index:
            break
        await send(pilot, "tab")
        await pilot.pause()
    assert screen.current_preview().move == move
    token = screen._token
    await send(pilot, "enter")
    await until(pilot, lambda: screen._token != token, what="the move to be played")


def log_text(screen) -> str:
    """The log as one string (its lines wrap at spaces, so they are joined with one)."""
    return " ".join(strip.text.strip() for strip in screen.query_one("#log", RichLog).lines)


@pytest.mark.parametrize("players", [4, 6, 8])
@run_async
async def test_whole_game_from_a_late_position_by_keys(players):
    session = late_session(players)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        turns = 0
        while True:
            await human_turn(pilot)
            if isinstance(app.screen, ResultsScreen):
                break
            screen = board_screen(app)
            if screen.game.is_over:
                break
            await choose_by_keys(pilot, screen, target_move(screen.game))
            turns += 1
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results")
        g = session.game
        assert g.is_over and set(g.winners) == set(range(0, players, 2)), "team A should win"
        text = str(app.screen.query_one("#results-text").render())
        assert "Team A" in text and "winners" in text and "Red" in text
        screen = board_screen(app)
        log = log_text(screen)
        assert "Red has all pegs HOME and now plays for Yellow" in log
        assert "track:" not in log and "home:" not in log           # the board's words, not the engine's
        assert turns >= 2
    assert saves.load(session.path).game.is_over


@run_async
async def test_dead_hand_offers_each_card_to_discard():
    # every peg in START and no A K Q J or joker: nothing moves (P-4.5)
    session = pegs_session(4, ("human", "easy", "easy", "easy"),
                           hands={0: ["2", "3", "5", "7", "9", "10"]}, seed=3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        status = str(screen.query_one("#status").render())
        assert "No card can move a peg: discard one." in status
        titles = []
        for _ in range(6):
            titles.append(screen.query_one("#moves").border_title)
            assert [str(p.lines[0]) for p in screen._previews.values()] == \
                [f"Discard the {pv.card_name(screen._selected_card())}"]
            await send(pilot, "right")
            await pilot.pause()
        assert titles[0] == "Moves with the 2 (1)" and titles[-1] == "Moves with the 10 (1)"
        assert "discard one and draw" in str(screen.query_one("#detail").render())
        token = screen._token
        await send(pilot, "enter")                 # back on the 2 after six presses
        await until(pilot, lambda: screen._token != token, what="the discard")
        assert "Red discards 2 (no move)" in log_text(screen)
        assert session.record.moves[0]["kind"] == "discard"


@run_async
async def test_bringing_the_last_peg_home_then_playing_for_the_partner():
    session = pegs_session(4, ("human", "easy", "easy", "easy"),
                           pegs={0: ["home:2", "home:3", "home:4", "home:5", "track:1"],
                                 2: ["track:30"]},
                           hands={0: ["3", "4", "4", "5", "9", "10"]}, seed=5)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        move = next(m for m in session.game.legal_moves()
                    if m.card == "3" and m.parts[0][3] == "home:1")          # not round again (P-5.4)
        await choose_by_keys(pilot, screen, move)   # R5 Red 2 -> HOME 1 (detail says what follows)
        assert session.game.positions()[0] == ["home:2", "home:3", "home:4", "home:5", "home:1"]
        assert any("plays for a partner" in (n.title or "") or "plays for Yellow" in n.message
                   for n in app._notifications)
        await human_turn(pilot)
        status = str(screen.query_one("#status").render())
        assert "All of Red's pegs are HOME: Red plays Yellow's pegs" in status
        assert all(p[0] == 2 for m in session.game.legal_moves() for p in getattr(m, "parts", ()))
        teams = str(screen.query_one("#teams").render())
        assert "Red plays for Yellow" in teams
        assert int(teams.split("Red + Yellow: ")[1].split("/")[0]) >= 5      # Red's five, maybe Yellow's


@run_async
async def test_preview_of_a_split_seven_marks_both_pegs():
    session = pegs_session(4, ("human", "easy", "easy", "easy"),
                           pegs={0: ["track:10", "track:20"], 1: ["track:24"]},
                           hands={0: ["7", "2", "3", "5", "9", "10"]}, seed=6)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        while screen._selected_card() != "7":
            await send(pilot, "right")
            await pilot.pause()
        ml = screen.query_one("#moves")
        for _ in range(ml.option_count):
            p = screen.current_preview()
            if len(p.move.parts) == 2 and p.move.parts[1][4] is not None:
                break
            await send(pilot, "tab")
            await pilot.pause()
        p = screen.current_preview()
        assert p.lines[0].startswith("7 split: ") and p.lines[1].startswith("+ ")
        assert "Bumps Blue peg 1 back to START" in p.detail
        roles = {role for _, role, _ in screen.query_one("#board").state.marks}
        assert roles == {"from1", "to1", "from2", "to2", "bumped"}


@run_async
async def test_a_cards_help_is_wrapped_whole_and_the_turn_panel_keeps_its_height():
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"], 1: ["track:30"]},
                           hands={0: ["JOKER", "Q", "3", "5", "9", "10"]}, seed=4)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        status = screen.query_one("#status")
        seen, heights = {}, set()
        for _ in range(6):
            await pilot.pause()
            rows = [line.rstrip() for line in str(status.render()).splitlines()]
            card = screen._selected_card()
            seen[card] = " ".join(r.strip() for r in rows[2:] if r.strip())
            heights.add(status.outer_size.height)
            assert all(len(r) <= status.content_size.width for r in rows)
            await send(pilot, "right")
        for card in ("JOKER", "Q", "3"):
            assert seen[card] == f"{pv.card_name(card)}: {pv.CARD_HELP[card]}", seen[card]
        assert glyphs(False).ellipsis not in " ".join(seen.values())
        assert len(heights) == 1, "the panel kept still while going through the cards"


@run_async
async def test_two_people_hand_off_and_hands_stay_hidden():
    session = pegs_session(4, ("human", "human", "easy", "easy"), seed=8,
                           pegs={0: ["track:10"], 1: ["track:30"]})
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        screen = board_screen(app)
        assert "Hands are hidden until Red takes the keyboard" in str(screen.query_one("#status").render())
        await pilot.press("enter")
        await human_turn(pilot)
        assert "Red's hand:" in str(screen.query_one("#status").render())
        await choose_by_keys(pilot, screen, session.game.legal_moves()[0])
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="Blue's hand-off")
        assert "Red's hand" not in str(screen.query_one("#status").render())


@run_async
async def test_resume_shows_the_same_board(tmp_path):
    session = late_session(4, save_dir=tmp_path)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await choose_by_keys(pilot, board_screen(app), target_move(session.game))
        await human_turn(pilot)
        before = session.game.to_dict()
        moves = len(session.record.moves)
    resumed = Session.load(session.path)
    assert resumed.game.to_dict() == before and len(resumed.record.moves) == moves
    app = app_for(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert isinstance(screen, PegsScreen) and screen.game.to_dict() == before
        assert "Red has all pegs HOME and now plays for Yellow" in log_text(screen)


def test_plain_words_for_engine_locations():
    assert pv.plain("Red plays 7: peg 2 track:40→track:44, peg 3 track:50→home:1") == \
        "Red plays 7: peg 2 Yellow 5→Yellow 9, peg 3 Yellow 15→HOME 1"
    assert pv.plain("Blue plays K: peg 1 start→track:26") == "Blue plays K: peg 1 START→Blue 9"
    assert pv.plain("Red has all pegs HOME and now plays for Yellow") == \
        "Red has all pegs HOME and now plays for Yellow"
    assert pv.plain("Green starts") == "Green starts"


def test_split_steps_and_move_words():
    g = make(4, pegs={0: ["track:70", "home:1"]}, hands={0: ["7"]}, seed=2)
    words = [pv.preview(g, m, glyphs()).lines for m in g.legal_moves()]
    assert ["R1 Green 17 → Red 6"] in words         # not HOME 2: R2 sits on HOME 1 (P-5.1)
    assert all("HOME 2" not in line for w in words for line in w if line.startswith("R1"))
    for w in words:
        if len(w) == 2:
            steps = [int(line.rsplit("(", 1)[1].rstrip(")")) for line in w]
            assert sum(steps) == 7
