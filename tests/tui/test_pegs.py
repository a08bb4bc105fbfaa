"""Playing Pegs and Jokers through the keyboard: whole 4-, 6- and 8-player games
from late positions, the dead-hand discard, playing for a partner, hand-offs, resume."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from textual.geometry import Region
from textual.widgets import RichLog

from engine import saves
from tests.pegs.helpers import make
from tui import pegs_view as pv
from tui.screens.dialogs import HandoffScreen
from tui.screens.help import key_rows
from tui.screens.pegs import _PEG_HELP, PegsScreen
from tui.screens.results import ResultsScreen
from tui.session import GameSpec, Session
from themes import glyphs

from .helpers import (FIXED_TIME, app_for, board_screen, footer_settles, human_turn, run_async, screen_text, seats,
                      select_card, send, until)

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


def last_peg_session(kinds) -> Session:
    """Red's last peg a 3 from HOME (Red to play, holding the 3); Yellow's one peg out."""
    return pegs_session(4, kinds, pegs={0: ["home:2", "home:3", "home:4", "home:5", "track:1"], 2: ["track:30"]},
                        hands={0: ["3", "4", "4", "5", "9", "10"]}, seed=5)


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
    return " ".join(strip.text.strip() for strip in screen.game_log().lines)


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
    session = last_peg_session(("human", "easy", "easy", "easy"))
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
        assert "▸ Red, all HOME, plays Yellow's pegs" in status      # (a row at 80 columns)
        assert all(p[0] == 2 for m in session.game.legal_moves() for p in getattr(m, "parts", ()))
        teams = str(screen.query_one("#teams").render())
        assert "Red plays for Yellow" in teams
        assert int(teams.split("Red + Yellow: ")[1].split("/")[0]) >= 5      # Red's five, maybe Yellow's


@run_async
async def test_a_partner_note_only_for_the_one_person_at_the_keyboard_and_their_pegs():
    # the hand-off's recap says who now plays for whom: a note would cover it; and a bot's
    # notes piled up over the panels while Space skipped (the log and the Teams panel say it)
    from engine.core import Event

    session = last_peg_session(("human", "easy", "human", "easy"))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        await send(pilot, "enter")
        await human_turn(pilot)
        screen = board_screen(app)
        move = next(m for m in session.game.legal_moves()
                    if m.card == "3" and m.parts[0][3] == "home:1")
        await choose_by_keys(pilot, screen, move)
        await until(pilot, lambda: session.game.positions()[0][4] == "home:1", what="R5 HOME")
        assert "Red has all pegs HOME and now plays for Yellow" in log_text(screen)
        assert not any("Playing for a partner" == n.title for n in app._notifications)
    # one person at the keyboard: told when they, or a partner for them, go on with a
    # partner's pegs (here Yellow's are all HOME: Yellow plays for Red); not of the bots' own
    home = [f"home:{k}" for k in range(1, 6)]
    solo = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={2: home}, seed=5)
    app = app_for(solo)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        screen.after_move(None, [Event("helper", "Blue has all pegs HOME and now plays for Green", 1)])
        await pilot.pause()
        assert not app._notifications
        screen.after_move(None, [Event("helper", "Red has all pegs HOME and now plays for Yellow", 0)])
        screen.after_move(None, [Event("helper", "Yellow has all pegs HOME and now plays for Red", 2)])
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["Red has all pegs HOME and now plays for Yellow",
                                                          "Yellow has all pegs HOME and now plays for Red"]


@pytest.mark.parametrize("done,teams_lines", [
    ((0, 2, 6, 1), ["R, Y, K play for Orange", "Blue plays for Green"]),
    ((0, 4, 1, 5), ["R plays for Yellow; O for Pink", "B plays for Green; P for Cyan"])])
@run_async
async def test_eight_players_late_keep_rows_for_the_moves_at_80x24(done, teams_lines):
    # four players all HOME: who plays for whom takes a line per team, and the Turn panel's
    # note keeps to a row, so a split 7 shows whole
    home = [f"home:{k}" for k in range(1, 6)]
    pegs = {seat: [f"track:{18 * seat + 6}", f"track:{18 * seat + 9}", "home:1", "home:2", "home:3"]
            for seat in range(8)}
    pegs.update({seat: home for seat in done})
    session = pegs_session(8, ("human",) + ("easy",) * 7, pegs=pegs,
                           hands={0: ["3", "5", "6", "7", "Q", "JOKER"]})
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "7")
        teams = str(screen.query_one("#teams").render()).splitlines()
        assert teams[2:4] == teams_lines
        status = [line.strip() for line in str(screen.query_one("#status").render()).splitlines()]
        partner = "Orange" if 2 in done else "Yellow"
        assert f"▸ Red, all HOME, plays {partner}'s pegs" in status
        moves = screen.query_one("#moves")
        assert moves.scrollable_content_region.height >= 2
        assert screen._selected_card() == "7" and any(len(p.lines) == 2 for p in screen._previews.values())
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        status = str(board_screen(app).query_one("#status").render())
        assert f"▸ All of Red's pegs are HOME: Red plays {partner}'s pegs" in status


@run_async
async def test_preview_of_a_split_seven_marks_both_pegs():
    session = pegs_session(4, ("human", "easy", "easy", "easy"),
                           pegs={0: ["track:10", "track:20"], 1: ["track:24"]},
                           hands={0: ["7", "2", "3", "5", "9", "10"]}, seed=6)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "7")
        ml = screen.query_one("#moves")
        for _ in range(ml.option_count):
            p = screen.current_preview()
            if len(p.move.parts) == 2 and p.move.parts[1][4] is not None:
                break
            await send(pilot, "tab")
            await pilot.pause()
        p = screen.current_preview()
        assert p.lines[0].startswith("7 split: ") and p.lines[1].startswith("+ ")
        assert "Bumps B1 back to START" in p.detail
        roles = {role for _, role, _ in screen.query_one("#board").state.marks}
        assert roles == {"from1", "to1", "from2", "to2", "bumped"}


@run_async
async def test_in_start_and_home_the_marks_stand_in_the_pegs_place():
    # START and HOME hold a character a peg: R1 from HOME 3 to HOME 5 reads "··◇·◆" (its number
    # at both ends read as two pegs), and R2 out of START "·◇345" beside ◆R2 on the track
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["home:3"]},
                           hands={0: ["2", "3", "4", "5", "9", "J"]}, seed=6)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)

        def red_lane() -> str:
            return screen_text(app).splitlines()[2]

        await select_card(pilot, screen, "2")
        await pilot.pause()
        assert screen.current_preview().lines == ["R1 HOME 3 → HOME 5"]
        assert red_lane().split()[-2:] == ["··◇·◆", "you"], red_lane()
        await select_card(pilot, screen, "J")
        await pilot.pause()
        assert screen.current_preview().lines[0].startswith("R2 out of START")
        lane = red_lane()
        assert lane.split()[2] == "·◇345" and "◆R2" in lane, lane


@run_async
async def test_a_partner_bumped_to_its_in_spot_is_shown_there():
    # P-6.2: Red's 5 bumps Yellow (its partner) from track:15 to Yellow's in-spot, track:39;
    # the board showed only the bump, not where the partner goes
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"], 2: ["track:15"]},
                           hands={0: ["5", "2", "3", "4", "6", "9"]}, seed=6)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "5")
        p = screen.current_preview()
        assert "Bumps partner Y1 to its in-spot (Yellow 4)" in p.detail
        board = screen.query_one("#board")
        assert ((("track", 39), "sent", "Y1") in board.state.marks
                and (("track", 15), "bumped", "Y1") in board.state.marks)
        await pilot.pause()
        rows = [strip.text for strip in board._build()]
        assert any("▸Y1" in row for row in rows), rows


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
        # the title screen and the load list count it as the board does: in turns
        from engine import saves
        from tui import names

        turn = f"turn {resumed.game.turn + 1}"
        assert turn in str(screen.query_one("#topbar").render())
        assert names.describe(saves.SaveInfo.of(saves.load(session.path))).endswith(turn)


def test_plain_words_for_engine_locations():
    assert pv.plain("Red plays 7: peg 2 track:40→track:44, peg 3 track:50→home:1") == \
        "Red plays 7: R2 Yellow 5→Yellow 9, R3 Yellow 15→HOME 1"
    assert pv.plain("Blue plays K: peg 1 start→track:26") == "Blue plays K: B1 START→Blue 9"
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


# ---------------------------------------------------------------- what the board says
def finishing_split_session(players: int) -> Session:
    """Red's last peg two holes past Red's in-spot behind a 7; Yellow all HOME, so after R5
    goes HOME the rest of the 7 moves Orange's peg 1 (on Orange 9)."""
    orange_9 = 18 * 4 + 8
    return pegs_session(players, ("human",) + ("easy",) * (players - 1),
                        pegs={0: ["home:2", "home:3", "home:4", "home:5", "track:1"],
                              2: [f"home:{k}" for k in range(1, 6)], 4: [f"track:{orange_9}"]},
                        hands={0: ["7", "2", "3", "4", "5", "6"]}, seed=1)


async def show_move(pilot, screen: PegsScreen, card: str, first_line: str) -> None:
    """←/→ to `card`, Tab to the move whose first line is `first_line`."""
    for _ in range(len(screen._cards)):
        if screen._selected_card() == card:
            break
        await send(pilot, "right")
        await pilot.pause()
    for _ in range(len(screen._move_map)):
        if screen.current_preview().lines[0] == first_line:
            break
        await send(pilot, "tab")
        await pilot.pause()
    assert screen.current_preview().lines[0] == first_line
    await pilot.pause()


@pytest.mark.parametrize("players,size", [(6, (100, 30)), (8, (80, 24)), (6, (80, 24))])
@run_async
async def test_a_long_explanation_of_a_move_is_shown_whole(players, size):
    app = app_for(finishing_split_session(players))
    async with app.run_test(size=size) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await show_move(pilot, screen, "7", "7 split: R5 Red 2 → HOME 1 (3)")
        await pilot.pause()
        p = screen.current_preview()
        assert p.lines[1] == "+ O1 Orange 9 → Orange 13 (4)"
        assert p.detail == ("R5 reaches HOME; moves O1 (playing for partner Orange); all of Red's "
                            "pegs are HOME: from now on Red plays Orange's pegs.")
        shown = screen_text(app).splitlines()
        detail = screen.query_one("#detail")
        rows = [shown[y].strip() for y in range(detail.region.y, detail.region.bottom)]
        assert " ".join(r for r in rows if r) == p.detail, rows
        assert detail.region.bottom <= app.size.height - 1, "above the footer"
        # both lines of the split are in the moves panel
        moves = screen.query_one("#moves")
        panel = "\n".join(shown[moves.region.y:moves.region.bottom])
        assert p.lines[0] in panel and p.lines[1] in panel
        height = detail.outer_size.height
        await send(pilot, "tab")                    # the whole 7 keeps R5 on the track (a split takes
        await pilot.pause()                         # it HOME): said, and the panels keep still
        assert screen.current_preview().lines == ["R5 Red 2 → Red 9"]
        assert screen.current_preview().detail == "R5 goes past its in-spot, round the board again, not into HOME."
        assert detail.outer_size.height == height


@pytest.mark.parametrize("ascii", [False, True])
@run_async
async def test_moves_read_from_to_with_the_logs_arrow(ascii):
    # R1 on Red 12: the 8 takes it back to Red 4; the Q brings R2 out to Red 9
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:11"]},
                           hands={0: ["8", "Q", "2", "3", "4", "5"]}, seed=2)
    app = app_for(session, ascii=ascii)
    arrow = "->" if ascii else "→"
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await show_move(pilot, screen, "8", f"R1 back 8: Red 12 {arrow} Red 4")
        assert f"R1 back 8: Red 12 {arrow} Red 4" in screen_text(app)
        await show_move(pilot, screen, "Q", f"R2 out of START {arrow} Red 9")
        assert f"R2 out of START {arrow} Red 9" in screen_text(app)
        await show_move(pilot, screen, "8", f"R1 back 8: Red 12 {arrow} Red 4")
        token = screen._token
        await send(pilot, "enter")
        await until(pilot, lambda: screen._token != token, what="the 8")
        assert f"Red plays 8: R1 Red 12{arrow}Red 4" in log_text(screen)


@run_async
async def test_a_bots_dead_hand_is_said_of_the_bot():
    # Cyan (a bot) holds no card that moves; Red, a person, watches it discard
    session = pegs_session(8, ("human",) + ("easy",) * 7, pegs={0: ["track:10"]}, to_act=7,
                           hands={7: ["2", "3", "5", "9", "10", "6"]}, seed=3)
    app = app_for(session, bot_delay=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="Cyan's move on show")
        text = screen_text(app)
        assert "Cyan discards" in text and "Discard the" in text
        assert "No card of Cyan's other than a joker can move: Cyan discards one and draws." in text
        assert "your hand" not in text
        await send(pilot, "space")                  # skip ahead
        await human_turn(pilot)


@run_async
async def test_brackets_mark_only_the_cards_that_move():
    # R1 in HOME 3 and the rest in START: the 2 and the Q move, the 3 4 5 6 do not
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["home:3"]},
                           hands={0: ["2", "3", "4", "5", "6", "Q"]}, seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        status = screen.query_one("#status")
        for card in ("2", "3", "6", "Q"):
            await select_card(pilot, screen, card)
            await pilot.pause()
            hand = str(status.render()).splitlines()[1]
            assert hand.startswith("Hand: [2]  3   4   5   6  [Q]"), (card, hand)
            text = " ".join(screen_text(app).split())
            assert (f"No move with the {card}:" in text) == (card in ("3", "6"))
            if card == "6":
                # and says why, in the board's labels (R1 in HOME 3 has two holes above it)
                prompt = str(screen.query_one("#moves").get_option_at_index(0).prompt)
                assert prompt == ("No move with the 6: R2, R3, R4 and R5 are in START, and only an A, K, "
                                  "Q, J or joker brings a peg out; R1 has only 2 free HOME holes above it. "
                                  "←/→ for another card."), prompt
                # in the list, where the player looks, so not again on the detail line
                assert str(screen.query_one("#detail").render()).strip() == ""


@run_async
async def test_a_reason_too_long_for_the_list_goes_to_the_detail_line():
    # 8 players at 80x24 leave the list four rows: the pair's words and R4's reason do not fit
    # there, so the list says it in short and why goes to the detail line (the whole width)
    session = pegs_session(8, ("human",) + ("easy",) * 7, pegs={0: ["track:10", "track:20", "track:30"]},
                           hands={0: ["7", "2", "3", "5", "9", "10"]}, seed=6)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "7")
        await send(pilot, "2")
        await send(pilot, "4")
        await pilot.pause()
        ml = screen.query_one("#moves")
        assert ml.scrollable_content_region.height <= 4
        assert str(ml.get_option_at_index(0).prompt) == (
            "No split of the 7 moves both R2 and R4, and R4 has no move with the 7. 0 shows every "
            "peg's moves. ←/→ for another card.")
        detail = " ".join(str(screen.query_one("#detail").render()).split())
        assert detail == "R4 and R5 are in START, and only an A, K, Q, J or joker brings a peg out.", detail


@run_async
async def test_a_long_hand_keeps_to_one_row():
    # two people: "Green's hand:" and a 10, a 10 and a joker would wrap; the hand is the row's
    session = pegs_session(8, ("human", "easy", "easy", "human", "easy", "easy", "easy", "easy"),
                           hands={3: ["5", "9", "10", "10", "Q", "JOKER"]}, to_act=3, seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        await pilot.press("enter")
        await human_turn(pilot)
        lines = str(board_screen(app).query_one("#status").render()).splitlines()
        assert lines[0].startswith("Green (player 2) to play"), lines
        assert lines[1].rstrip() == "Hand:  5   9   10   10  [Q]  Joker", lines     # (no joker move here)


@run_async
async def test_the_card_drawn_since_the_last_turn_is_marked_new():
    # the hand is shown sorted, so the card drawn after the bots' turns is said after it
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"]},
                           hands={0: ["2", "3", "4", "5", "6", "9"]}, seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        status = screen.query_one("#status")
        assert "new:" not in str(status.render())                # the dealt hand: nothing to mark
        await select_card(pilot, screen, "9")
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) >= 4 and screen.awaiting, what="Red's next turn")
        hand = session.game.view(0)["hand"]
        drawn = list((Counter(hand) - Counter(["2", "3", "4", "5", "6"])).elements())
        assert len(drawn) == 1
        line = str(status.render()).splitlines()[1]
        assert line.startswith("Hand: ") and line.rstrip().endswith(f"new: {pv.card_name(drawn[0])}"), line


@run_async
async def test_the_new_card_is_still_marked_when_the_game_is_opened_again():
    # (a game opened again marked nothing: what the person kept from the last turn was lost)
    spec = GameSpec(game="pegs", players=4, seats=seats("human", "easy", "easy", "easy"), seed=11)
    session = Session.new(spec)

    async def status_line(session) -> str:
        app = app_for(session)
        async with app.run_test(size=(100, 30)) as pilot:
            await human_turn(pilot)
            line = str(board_screen(app).query_one("#status").render()).splitlines()[1]
            if len(session.record.moves) < 4:
                await send(pilot, "enter")
                await until(pilot, lambda: len(session.record.moves) >= 4 and board_screen(app).awaiting,
                            what="Red's next turn")
                line = str(board_screen(app).query_one("#status").render()).splitlines()[1]
        return line

    before = await status_line(session)            # after Red's move and the bots'
    assert "new: " in before, before
    after = await status_line(Session.load(session.path))
    assert after == before

    # a game set up from a position (not its seed's deal) can't be played again: nothing marked
    made = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"]},
                        hands={0: ["2", "3", "4", "5", "6", "9"]}, seed=2)
    move = made.game.legal_moves()[0]
    made.record.record(move, made.game.play(move))
    assert made.record.moves and PegsScreen(made)._recalled_kept() == {}


@run_async
async def test_a_new_card_is_said_shorter_or_starred_where_the_hand_line_has_no_room():
    # at 80 x 24 the Turn panel has 42 columns: "new: Joker" after this hand needs "Hand:", then
    # the new card is starred in a free space ("+Joker" read as a seventh card), never squeezing
    # two cards together; "+10" only where no star fits either
    def hand_line(screen, kept) -> str:
        screen._kept[0] = Counter(kept)             # as if the rest was drawn since Red's last turn
        screen.refresh_view()
        return str(screen.query_one("#status").render()).splitlines()[1].rstrip()

    for hand, cases in ((["2", "3", "3", "9", "10", "JOKER"],
                         [(["3", "3", "9", "10", "JOKER"], "Hand: [2] [3] [3] [9] [10]  Joker   new: 2"),
                          (["2", "3", "3", "9", "10"], "Hand: [2] [3] [3] [9] [10]  Joker*")]),
                        (["10", "10", "10", "Q", "JOKER", "JOKER"],
                         [(["10", "10", "Q", "JOKER", "JOKER"], "Hand: [10] [10] [10] [Q]  Joker   Joker"),
                          (["10", "10", "10", "Q", "JOKER"], "Hand: [10] [10] [10] [Q]  Joker*  Joker"),
                          (["10", "10", "10", "JOKER", "JOKER"], "Hand: [10] [10] [10] [Q]  Joker   Joker"),
                          ]),
                        # both 10s move and the last card is a Joker that doesn't: no space
                        # for a star, so "+10" (shorter than "new: 10")
                        (["3", "4", "9", "10", "10", "JOKER"],
                         [(["3", "4", "9", "10", "JOKER"], "Hand: [3] [4] [9] [10] [10]  Joker   +10")])):
        session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"]}, hands={0: hand},
                               seed=2)
        app = app_for(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await human_turn(pilot)
            screen = board_screen(app)
            assert screen.query_one("#status").content_size.width == 42
            for kept, expected in cases:
                assert hand_line(screen, kept) == expected, (kept, expected)


@run_async
async def test_ctrl_c_says_how_to_quit_on_the_hand_off_too():
    # ctrl+c is a key while Parlor runs: the board says how to quit, and so does a dialog
    # (the hand-off said nothing); with text selected it copies it, as on any screen
    session = pegs_session(4, ("human", "human", "easy", "easy"), pegs={0: ["track:10"]}, seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert [n.title for n in app._notifications] == ["Do you want to quit?"]
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("question_mark")                # help over it: text selected is copied
        await until(pilot, lambda: type(app.screen).__name__ == "HelpScreen", what="help")
        app.screen.get_selected_text = lambda: "the rules, selected"
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.clipboard == "the rules, selected" and len(app._notifications) == 1


@run_async
async def test_people_in_the_who_column_are_not_read_as_pegs():
    # two people and Purple's peg 1 on the board: "P1" may only be Purple's peg
    session = pegs_session(6, ("human", "human", "easy", "easy", "easy", "easy"),
                           pegs={0: ["track:10"], 5: ["track:40"]}, seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        await pilot.press("enter")
        await human_turn(pilot)
        lanes = screen_text(app).splitlines()[2:8]
        assert [line.rstrip()[-4:] for line in lanes] == ["pl 1", "pl 2", "easy", "easy", "easy", "easy"]
        assert sum(line.count("P1") for line in lanes) == 1 and "P1" in lanes[2]   # Yellow's lane


@pytest.mark.parametrize("size,words", [((80, 24), ["pl 1", "pl 2", "norm", "hard"]),
                                        ((100, 30), ["pl 1", "pl 2", "norm", "hard"]),
                                        ((120, 30), ["player 1", "player 2", "normal", "hard"])])
@run_async
async def test_the_who_column_writes_whole_words_where_the_board_has_room(size, words):
    session = pegs_session(4, ("human", "human", "normal", "hard"), pegs={0: ["track:10"]}, seed=2)
    app = app_for(session)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        await pilot.press("enter")
        await human_turn(pilot)
        lanes = [line.rstrip() for line in screen_text(app).splitlines()
                 if re.search(r"[AB] (Red|Blue|Yellow|Green) +[·◇1-5]{5} ", line)]
        assert len(lanes) == 4 and all(line.endswith(" " + w) for line, w in zip(lanes, words)), lanes


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@run_async
async def test_every_peg_letter_is_explained(size):
    app = app_for(late_session(8))
    async with app.run_test(size=size) as pilot:
        await human_turn(pilot)
        shown = screen_text(app).splitlines()
        assert shown[1].startswith(" K = Pink") or " K = Pink START" in shown[1], shown[1]
        for lane, colour in zip(shown[2:10], ("Red", "Blue", "Yellow", "Green", "Orange", "Purple",
                                              "Pink", "Cyan")):
            assert colour in lane                               # the other letters: the lane's initial
        await pilot.press("question_mark")
        await pilot.pause()
        rules_widget = app.screen.query_one("#help-rules")
        rules = "\n".join(strip.text for strip in rules_widget.render_lines(
            Region(0, 0, rules_widget.size.width, rules_widget.size.height)))
        assert "R Red, B Blue, Y Yellow, G Green, O Orange, P Purple, K Pink, C Cyan" in " ".join(rules.split())


@run_async
async def test_a_peg_number_narrows_the_moves_to_that_peg():
    # three pegs out and a 7: every single 7 and every split; 2 keeps R2's, 4 (in START) none
    session = pegs_session(4, ("human", "easy", "easy", "easy"),
                           pegs={0: ["track:10", "track:20", "track:30"]},
                           hands={0: ["7", "2", "3", "5", "9", "10"]}, seed=6)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen._selected_card() == "2"
        await select_card(pilot, screen, "7")
        ml = screen.query_one("#moves")
        every = ml.option_count
        assert every == len([m for m in session.game.legal_moves() if m.card == "7"]) > 20
        await footer_settles(pilot, shows=("1-5 Peg",), hides=("0 All",))
        await send(pilot, "2")
        await pilot.pause()
        assert ml.border_title == f"Moves with the 7 · R2 ({ml.option_count})"
        await footer_settles(pilot, shows=("0 All",))     # the way back, while narrowed
        shown = screen._move_map
        assert 1 < len(shown) < every
        assert all(any(part[1] == 2 for part in m.parts) for m in shown)
        assert ml.highlighted == 0 and screen.current_preview().move is shown[0]
        # every move of R2 is there: alone, and with either other peg
        assert len(shown) == len([m for m in session.game.legal_moves()
                                  if m.card == "7" and any(part[1] == 2 for part in m.parts)])
        await send(pilot, "4")
        await pilot.pause()
        text = str(ml.get_option_at_index(0).prompt)
        assert text == ("No split of the 7 moves both R2 and R4, and R4 has no move with the 7. "
                        "R4 and R5 are in START, and only an A, K, Q, J or joker brings a peg out. "
                        "0 shows every peg's moves. ←/→ for another card."), text
        await send(pilot, "5")                     # R5, in START too, and no card here brings one out: R5
        await pilot.pause()
        assert str(ml.get_option_at_index(0).prompt).startswith(
            "R5 has no move with the 7. R4 and R5 are in START"), str(ml.get_option_at_index(0).prompt)
        await send(pilot, "left")                  # the choice stays while another card is looked at
        await pilot.pause()
        assert screen._selected_card() == "5" and "R5 has no move with the 5" in str(ml.get_option_at_index(0).prompt)
        await send(pilot, "right")
        await send(pilot, "0")
        await pilot.pause()
        assert ml.option_count == every and ml.border_title == f"Moves with the 7 ({every})"
        await send(pilot, "1")
        await send(pilot, "1")                     # the same number again: every peg's
        await pilot.pause()
        assert ml.option_count == every
        await send(pilot, "1")
        await send(pilot, "2")                     # a second peg: the 7's splits of the two
        await pilot.pause()
        pair = screen._move_map
        assert ml.border_title == f"Moves with the 7 · R1+R2 ({len(pair)})" and len(pair) > 1
        assert all(sorted(part[1] for part in m.parts) == [1, 2] for m in pair)
        await send(pilot, "2")                     # again: R2 let go, R1's moves
        await pilot.pause()
        assert ml.border_title.startswith("Moves with the 7 · R1 (")
        await send(pilot, "2")
        await send(pilot, "right")                 # the pair is the 7's: the 9 shows R1's moves
        await pilot.pause()
        assert screen._selected_card() == "9" and ml.border_title == "Moves with the 9 · R1 (1)"
        await send(pilot, "2")                     # the 9 splits nothing: a second peg is that peg
        await pilot.pause()
        assert ml.border_title.startswith("Moves with the 9 · R2 (")
        await send(pilot, "left")
        await send(pilot, "0")
        await send(pilot, "3")
        await pilot.pause()
        move = screen._move_map[0]
        to = next(part[3] for part in move.parts if part[1] == 3)
        await send(pilot, "enter")
        await until(pilot, lambda: session.game.to_act != 0, what="Red's move")
        assert session.game.positions()[0][2] == to


@run_async
async def test_a_peg_number_answers_when_the_card_moves_one_peg():
    # only R1 is out and the 5 moves it alone: the footer offers no numbers, but a number still
    # answers (a tester pressed a START peg's and got nothing)
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"]},
                           hands={0: ["5", "2", "3", "6", "9", "10"]}, seed=6)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "5")
        ml = screen.query_one("#moves")
        every = ml.option_count
        assert every == 1
        await footer_settles(pilot, hides=("1-5 Peg", "0 All"))
        await send(pilot, "4")                     # R4 is in START, and a 5 brings none out: R4's own line
        await pilot.pause()
        text = str(ml.get_option_at_index(0).prompt)
        assert text.startswith("R4 has no move with the 5. R2, R3, R4 and R5 are in START"), text
        await footer_settles(pilot, shows=("0 All",))       # the way back, while narrowed
        await send(pilot, "1")
        await pilot.pause()
        assert ml.border_title == "Moves with the 5 · R1 (1)" and screen._move_map[0].parts[0][1] == 1
        await send(pilot, "0")
        await pilot.pause()
        assert ml.border_title == "Moves with the 5 (1)"
        await footer_settles(pilot, hides=("1-5 Peg", "0 All"))
        keys = dict((what, keys) for keys, what in key_rows(screen))
        assert keys[_PEG_HELP] == "1 2 3 4 5"              # help: one row for the numbers


@run_async
async def test_a_bots_dead_hand_discard_is_titled_a_discard():
    # Blue (a bot) holds no card that moves: the move on show is "Blue discards …", not "plays"
    session = pegs_session(4, ("human", "easy", "easy", "easy"), hands={1: ["2", "3", "4", "5", "6"]},
                           to_act=1, seed=3)
    assert all(m.to_dict()["kind"] == "discard" for m in session.game.legal_moves())
    app = app_for(session, bot_delay=5.0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="Blue's move on show")
        await pilot.pause()
        assert screen.query_one("#moves").border_title.startswith("Blue discards ")


@pytest.mark.parametrize("size, wide, tall", [((80, 24), False, False), ((100, 30), True, False),
                                              ((120, 40), True, False), ((130, 44), True, True)])
@run_async
async def test_with_room_the_board_widens_its_holes_and_spaces_its_lanes(size, wide, tall):
    # 80 columns hold holes of three cells, so a move's mark touches the peg before it
    # ("R1◆B2"); from 100 the holes take four ("R1 ◆B2"), and with rows to spare (the
    # panels keeping PANEL_ROWS: 8 players from 44 rows) a blank row parts the lanes
    pegs = {0: ["track:3", "track:8"], 1: ["track:4"], 2: ["start"], 3: ["start"],
            4: ["start"], 5: ["start"], 6: ["start"], 7: ["start"]}
    session = pegs_session(8, ("human",) + ("easy",) * 7, pegs=pegs, hands={0: ["A", "2", "3", "5", "9"]})
    app = app_for(session)
    async with app.run_test(size=size) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        board = screen.query_one("#board")
        rows = [strip.text for strip in board._lines]
        assert len(rows) == board.size.height
        legend = size[1] >= 30              # (8 players under 30 rows: no legend)
        assert board.size.height == 1 + (2 * 8 - 1 if tall else 8) + (2 if tall else legend)
        assert ("1   2   3" if wide else "1  2  3") in rows[0], rows[0]
        if tall:
            red = next(r for r in rows if "Red" in r)
            assert not rows[rows.index(red) + 1].strip()                    # the row between lanes
        # the A (chosen first) moves R1 onto B1: the wide board keeps the ✕ in sight after
        # the peg that lands there
        assert screen._selected_card() == "A"
        ml = screen.query_one("#moves")

        async def highlight_track_move() -> None:   # (not the move into HOME, listed first)
            ml.highlighted = next(i for i, m in enumerate(screen._move_map) if not pv.enters_home(m))
            await pilot.pause()

        await highlight_track_move()
        red = next(strip.text for strip in board._lines if "Red" in strip.text)
        landing = glyphs(False)["target"] + "R1"
        assert (landing + glyphs(False).bumped if wide else landing) in red, red
        # R1 past Blue's peg with the 2: the mark of where it ends stands clear of B1
        await send(pilot, "right")          # the 2
        await pilot.pause()
        assert screen._selected_card() == "2"
        await highlight_track_move()
        red = next(strip.text for strip in board._lines if "Red" in strip.text)
        mark = glyphs(False)["target"]
        assert ("B1 " + mark if wide else "B1" + mark) in red, red


@run_async
async def test_a_peg_that_can_go_into_home_lists_that_move_first_and_going_round_says_so():
    """A peg on its in-spot with a 4 may go into HOME or round the board again: the HOME move
    comes first (Enter on the highlighted move once sent pegs round again and again), and the
    other says where it goes."""
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:3", "track:20"]},
                           hands={0: ["4", "2", "3", "5", "9"]}, seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "4")
        ml = screen.query_one("#moves")
        texts = [" ".join(str(ml.get_option_at_index(i).prompt).split()) for i in range(ml.option_count)]
        assert texts == ["R1 Red 4 → HOME 4", "R1 Red 4 → Red 8", "R2 Blue 3 → Blue 7"], texts
        detail = " ".join(str(screen.query_one("#detail").render()).split())
        assert detail == "R1 reaches HOME.", detail
        await send(pilot, "down")
        await pilot.pause()
        detail = " ".join(str(screen.query_one("#detail").render()).split())
        assert detail == "R1 goes past its in-spot, round the board again, not into HOME.", detail
        await send(pilot, "down")
        await pilot.pause()
        assert str(screen.query_one("#detail").render()).strip() == ""      # R2 has no HOME move


@run_async
async def test_going_round_again_is_said_when_home_is_blocked_and_for_a_part_of_a_split():
    """R3 on Red 3, a hole before its in-spot, and HOME blocked (R5 in H2): the 5 takes R3 past
    its in-spot, round the board again, with no HOME move beside it. The warning matters most
    then; it was given only when a HOME move was listed too."""
    session = pegs_session(4, ("human", "easy", "easy", "easy"),
                           pegs={0: ["home:5", "track:20", "track:2", "home:4", "home:2"]},
                           hands={0: ["5", "7", "3", "9", "10"]}, seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "5")
        await show_move(pilot, screen, "5", "R3 Red 3 → Red 8")
        detail = " ".join(str(screen.query_one("#detail").render()).split())
        assert detail == "R3 goes past its in-spot, round the board again.", detail
        await show_move(pilot, screen, "5", "R2 Blue 3 → Blue 8")
        assert str(screen.query_one("#detail").render()).strip() == ""        # not past Red's
        await show_move(pilot, screen, "7", "7 split: R2 Blue 3 → Blue 5 (2)")
        lines = screen.current_preview().lines
        assert lines == ["7 split: R2 Blue 3 → Blue 5 (2)", "+ R3 Red 3 → Red 8 (5)"], lines
        assert screen.current_preview().detail == "R3 goes past its in-spot, round the board again."


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@run_async
async def test_the_hand_keeps_one_label_from_turn_to_turn(size):
    # one person's hand is "Hand:" at every size, as in Sorry!: it was "Your hand:" on one
    # turn and "Hand:" on the next as a 10 or a joker came, or a new card's note grew
    hands = (["2", "3", "4", "5", "6", "9"], ["2", "3", "3", "9", "10", "JOKER"], ["10", "10", "10", "Q", "JOKER", "K"])
    for hand in hands:
        session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"]}, hands={0: hand}, seed=2)
        app = app_for(session)
        async with app.run_test(size=size) as pilot:
            await human_turn(pilot)
            screen = board_screen(app)
            for kept in (hand, hand[1:], hand[:-1]):        # nothing new, the first card new, the last
                screen._kept[0] = Counter(kept)
                screen.refresh_view()
                line = str(screen.query_one("#status").render()).splitlines()[1]
                assert line.startswith("Hand: "), (hand, kept, line)


@run_async
async def test_a_start_pegs_number_stands_for_the_peg_the_engine_brings_out():
    # START pegs are alike: every START peg's number chooses the peg the legal moves bring
    # out, read from them (the screen used to assume the lowest one comes out)
    from engine.pegs.moves import new_play

    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"]},
                           hands={0: ["2", "3", "4", "5", "6", "K"]}, seed=2)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert [screen.piece_for_key(n) for n in range(1, 6)] == [0, 1, 1, 1, 1]    # R2 comes out
        game = session.game
        legal = game.legal_moves()
        renamed = [new_play(m.seat, m.card, tuple((o, 4 if p == 2 else p, f, t, b) for o, p, f, t, b in m.parts))
                   if hasattr(m, "parts") else m for m in legal]
        game.legal_moves = lambda: list(renamed)         # as if the engine brought out R4
        assert [screen.piece_for_key(n) for n in range(1, 6)] == [0, 3, 3, 3, 3]


@pytest.mark.parametrize("size,side", [((160, 50), 18), ((120, 40), 0), ((100, 30), 0)])
@run_async
async def test_on_a_very_wide_terminal_the_panels_keep_to_the_middle(size, side):
    # (at 160 columns the Turn and Teams panels stretched across the screen under the
    # centred board: the Teams box was mostly blank)
    app = app_for(late_session(4))
    async with app.run_test(size=size) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        for panel in ("#main", "#detail"):
            region = screen.query_one(panel).region
            assert region.x == side and region.right == size[0] - side, (panel, region)


@run_async
async def test_the_persons_hand_shown_during_a_bots_turn_is_said_to_be_yours():
    # under "Blue (bot, easy) to play" a bare "Hand:" read as Blue's cards (a play-tester's
    # finding): it is the person's own, as in Sorry! points
    session = pegs_session(4, ("human", "easy", "easy", "easy"), pegs={0: ["track:10"]},
                           hands={0: ["2", "3", "4", "5", "9"]}, to_act=1, seed=2)
    app = app_for(session, bot_delay=30.0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="Blue's move on show")
        status = screen.query_one("#status")
        lines = str(status.render()).splitlines()
        assert lines[0].startswith("Blue") and lines[1].startswith("Yours: "), lines
        screen.action_skip()
        await human_turn(pilot)
        assert str(status.render()).splitlines()[1].startswith("Hand: ")
