"""Playing Sorry! through the keyboard: whole games, bots, resume, hand-off, errors."""
from __future__ import annotations

import contextlib
import json
import re
import signal

import pytest
from textual.widgets import Static

import engine
from engine import saves
from tui.screens.dialogs import HandoffScreen, QuitScreen
from tui.screens.results import ResultsScreen
from tui.screens.sorry import MoveList, SorryScreen
from tui.session import GameSpec, Session

from .helpers import (app_for, board_screen, bot_played, footer_settles, human_turn, one_from_home, run_async,
                      screen_text, send, seats, session_at, until)

# Red (seat 0, a person) is nearly home; Blue and Yellow (bots) are close behind.
LATE = [["home", "home", "home", "safe:2"],
        ["home", "home", "track:10", "safe:4"],
        ["home", "track:40", "safe:1", "safe:3"]]


def two_people_with_hands(**kwargs):
    """Red and Blue, people, and a bot: the points variant, whose hands the hand-off hides."""
    hands = [["1", "4", "7", "10", "12"], ["2", "3", "5", "8", "11"], ["1", "3", "5", "8", "12"]]
    return session_at([["track:4"], ["track:19"], ["track:34"]], kinds=("human", "human", "easy"),
                      variant="points", hands=hands, seed=4, **kwargs)


def log_lines(screen) -> list[str]:
    return [strip.text.rstrip() for strip in screen.game_log().lines]


async def play_to_the_end(pilot, choose=lambda i: "enter", limit=2000) -> int:
    """As the person: on each turn press `choose(turn)` keys then Enter, until results show."""
    app = pilot.app
    turns = 0
    while turns < limit:
        await human_turn(pilot)
        if isinstance(app.screen, ResultsScreen) or board_screen(app).game.is_over:
            break
        screen = board_screen(app)
        token = screen._token
        for key in choose(turns):
            await send(pilot, key)
        await send(pilot, "enter")
        await until(pilot, lambda: screen._token != token, what="the move to be played")
        turns += 1
    await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results")
    return turns


@run_async
async def test_late_position_game_is_played_to_the_end_by_keys():
    session = session_at(LATE, kinds=("human", "normal", "hard"), card="5", seed=11)
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen.awaiting and screen.query_one(MoveList).option_count >= 1
        turns = await play_to_the_end(pilot, choose=lambda i: ["tab"] * (i % 2))
        assert turns >= 1
        g = screen.game
        assert g.is_over and g.winners
        text = str(app.screen.query_one("#results-text").render())
        assert engine.COLOURS[g.winners[0]] in text
        lines = log_lines(screen)
        assert any(line.startswith(("Blue", "Yellow")) for line in lines)      # the bots' moves
        assert any("wins" in line for line in lines)
    saved = saves.load(session.path)
    assert saved.finished and saved.game.to_dict() == g.to_dict()
    assert [e["text"] for e in saved.events][-1] == str(lines[-1]) or saved.events


@run_async
async def test_a_whole_game_from_the_start_against_a_bot():
    spec = GameSpec(players=2, seats=seats("human", "easy"), seed=5)
    app = app_for(spec=spec, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        turns = await play_to_the_end(pilot, choose=lambda i: ["tab"] * (i % 3))
        screen = board_screen(app)
        g = screen.game
        assert g.is_over and len(g.winners) == 1
        assert turns > 10
        moves = len(screen.session.record.moves)
    # the save holds the whole game: replaying its move log from the start gives the same end
    record = saves.load(screen.session.path)
    replay = engine.new_game("sorry", players=2, seed=5)
    for d in record.moves:
        replay.play(replay.parse_move(d))
    assert len(record.moves) == moves
    assert replay.to_dict() == record.game.to_dict()


@run_async
async def test_rematch_keeps_the_table_and_the_winner_starts(monkeypatch):
    # S-1 Decision: in a rematch the previous winner goes first
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)    # (long: a busy machine keeps it meaningful)
    session = session_at([["home", "home", "home", "safe:5"], ["start"] * 4], card="1", seed=3)
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        await send(pilot, "enter")           # safe:4 + 1 -> HOME: Red wins
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="results")
        # an r typed as the results open (r on the finished board, pressed twice) is not taken
        shown = app.screen
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is shown and board_screen(app).session is session
        shown._shown_at -= base.KEY_GRACE     # a moment later, r is a choice: the rematch
        await pilot.press("r")
        await until(pilot, lambda: (s := board_screen(app)) is not None and s.session is not session,
                    what="the rematch board")
        new = board_screen(app).session
        assert [s.to_dict() for s in new.seats] == [s.to_dict() for s in session.seats]
        assert new.game.first == 0 and new.path != session.path


def test_a_sorry_rematch_is_started_by_the_winner_whoever_the_seed_would_pick(tmp_path):
    # S-1 Decision: Blue wins; Blue starts the rematch, whichever colour its seed draws
    firsts = set()
    for seed in range(3, 7):                  # the rematches' seeds 4 to 7 draw Red, Blue, Red, Blue
        session = session_at([["track:40"], ["home", "home", "home", "safe:5"]], card="1", to_act=1,
                             seed=seed, save_dir=tmp_path)
        g = session.game
        g.play(next(m for m in g.legal_moves() if "home" in str(m)))
        assert g.winners == [1]
        again = session.rematch(save_dir=tmp_path)
        assert again.game.first == 1 and again.game.to_act == 1
        firsts.add(engine.new_game("sorry", players=2, seed=again.record.seed).first)
    assert firsts == {0, 1}          # (the seeds alone would start either colour)


def test_a_rematch_starts_by_each_games_rule(tmp_path):
    # Pegs and Jokers: the deal passes to the left (P-3), its left starts (P-4.1);
    # Gnoming A Round: the new seed draws the first seat (G-3.4), whoever won
    spec = GameSpec(game="pegs", players=6, seats=seats("human", *["easy"] * 5), seed=31)
    pegs = Session.new(spec, save_dir=tmp_path)
    dealer = pegs.game.dealer
    again = pegs.rematch()
    assert again.game.dealer == (dealer + 1) % 6 and again.game.to_act == (dealer + 2) % 6
    assert again.rematch().game.dealer == (dealer + 2) % 6
    not_the_winner = 0
    for seed in range(4):
        spec = GameSpec(game="gnoming", players=4, seats=seats("human", "easy", "easy", "easy"), seed=seed)
        gnoming = Session.new(spec, save_dir=tmp_path, autosave=False)
        g = gnoming.game
        while g.to_act is not None:
            g.play(g.legal_moves()[0])
        new = gnoming.rematch()
        assert new.game.first == engine.new_game("gnoming", players=4, seed=new.record.seed).first
        not_the_winner += new.game.first not in g.winners
    assert not_the_winner

@run_async
async def test_bots_play_at_the_chosen_pace_and_space_skips_ahead():
    session = session_at([["track:20"], ["track:40"]], kinds=("human", "normal"), card="3", seed=2)
    app = app_for(session, bot_delay=30.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen.check_action("skip", ()) is False         # nothing to skip on your turn
        moves_before = len(screen.session.record.moves)
        await send(pilot, "enter")
        await until(pilot, lambda: screen._bot_move is not None, what="the bot's choice")
        # the bot's move is on show (and not played yet); the UI still answers
        assert screen.bot_turn and len(screen.session.record.moves) == moves_before + 1
        assert screen.check_action("skip", ()) is True
        assert "plays" in screen.query_one(MoveList).border_title
        await pilot.press("question_mark")
        assert app.screen.__class__.__name__ == "HelpScreen"
        # on a bot's turn help still lists the keys of the player's own turn (the footer doesn't)
        rows = dict((what, keys) for keys, what in app.screen.rows)
        assert "Tab" in rows["Highlight the next legal move (wraps round)"]
        assert rows["Play the highlighted move"] == "⏎"
        assert "Skip ahead" in " ".join(rows)
        await footer_settles(pilot, shows=("Esc/? Close",))
        await pilot.press("escape")
        await send(pilot, "space")
        await until(pilot, lambda: len(screen.session.record.moves) >= moves_before + 2, timeout=5,
                    what="the skipped bot move")
        assert any(re.match(r"(Blue|B[1-4]) ", line) for line in log_lines(screen))


@run_async
async def test_quit_and_resume_in_the_middle_of_a_turn(home):
    # Red holds a 2: after playing it Red draws again and is still to play (mid-turn).
    session = session_at([["track:20", "track:30"], ["track:45"], ["track:5"]],
                         kinds=("human", "normal", "easy"), card="2", seed=21)
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) == 1, what="the 2")
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen.game.to_act == 0          # the 2 lets Red draw again
        await pilot.press("tab")
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        before = screen.game.to_dict()
        log_before = log_lines(screen)
        legal_before = [m.to_dict() for m in screen.game.legal_moves()]
        await pilot.press("q")
    assert app.return_code == 0

    resumed = app_for(kind="continue")
    async with resumed.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        screen = board_screen(resumed)
        assert screen.session.path == session.path
        assert screen.game.to_dict() == before                     # same cards to come, same RNG
        assert [m.to_dict() for m in screen.game.legal_moves()] == legal_before
        assert log_lines(screen) == log_before
        # the future is the same: the same move gives the same events as in an uninterrupted copy
        control = engine.load_game(before)
        move = control.legal_moves()[0]
        expected = [str(e) for e in control.play(move)]
        seen = len(screen.session.record.events)
        await send(pilot, "enter")
        await until(pilot, lambda: len(screen.session.record.moves) >= 2, what="the move")
        events = [e["text"] for e in screen.session.record.events]
        assert events[seen:seen + len(expected)] == expected


@run_async
async def test_quitting_while_a_bot_thinks_resumes_with_the_same_bot_move(home):
    session = session_at([["track:20"], ["track:40", "track:50"]], kinds=("human", "hard"), card="3",
                         seed=8)
    control = engine.load_game(session.game.to_dict())
    app = app_for(session, bot_delay=30.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        await send(pilot, "enter")
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="the bot's choice")
        shown = screen._bot_move
        await pilot.press("ctrl+q")
    record = saves.load(session.path)
    assert len(record.moves) == 1 and record.game.to_act == 1        # the bot's move was not played
    resumed = app_for(kind="continue", bot_delay=0.0)
    async with resumed.run_test(size=(100, 32)) as pilot:
        screen = board_screen(resumed)
        await until(pilot, lambda: len(screen.session.record.moves) >= 2, what="the bot's move")
        assert screen.game.parse_move(screen.session.record.moves[1]) == shown
    control.play(control.parse_move(record.moves[0]))
    assert control.to_act == 1


@run_async
async def test_hand_off_hides_the_hand_between_two_people(monkeypatch):
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)    # (long: a busy machine keeps it meaningful)
    monkeypatch.setattr(base, "HANDOFF_QUIET", 30.0)
    session = two_people_with_hands()
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        screen = board_screen(app)
        status = str(screen.query_one("#status").render())
        assert "hidden" in status and "[10]" not in status
        assert "Pass to Red" in str(app.screen.query_one("Static").render())
        # before the first move the recap says who starts (it was left blank)
        assert str(app.screen.query_one("#handoff-recent").render()) == "The game so far:\nNew game: Red starts"
        app.screen._last_key -= base.HANDOFF_QUIET   # (Enter is taken once the keys were still a while)
        await pilot.press("enter")
        await human_turn(pilot)
        await send(pilot, "enter")           # a second Enter on the way: Red's board waits a moment too
        await pilot.pause()
        assert not session.record.moves and screen.awaiting
        screen._turn_shown_at -= base.KEY_GRACE
        status = str(screen.query_one("#status").render())
        assert "Red's hand" in status and "[10]" in status
        assert screen.check_action("card", ()) is True
        title = screen.query_one(MoveList).border_title
        await send(pilot, "right")
        await until(pilot, lambda: screen.query_one(MoveList).border_title != title, what="another card")
        await send(pilot, "left")
        await send(pilot, "enter")
        await send(pilot, "enter")           # pressed twice: the second must not pass the hand-off
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the next hand-off")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Pass to Blue" in str(app.screen.query_one("Static").render())
        assert "hidden" in str(screen.query_one("#status").render())
        # Red sees what the move just played did before handing over (the public log's lines)
        recent = str(app.screen.query_one("#handoff-recent").render())
        assert recent.startswith("The game so far:") and re.search(r"\b(Red|R[1-4])\b", recent)
        assert all(line in map(screen.log_text, screen.session.event_texts()) for line in app.screen.recent)
        # Blue plays, then the bot; Red's hand-off recaps everything since Red's turn began
        red_began = screen._turn_began[0]
        app.screen._last_key -= base.HANDOFF_QUIET
        await pilot.press("enter")

        def reds_handoff() -> bool:
            return isinstance(app.screen, HandoffScreen) and "Pass to Red" in str(app.screen.query_one("Static").render())

        for _ in range(5):                   # Blue plays (a 2 plays again), then the bot
            await until(pilot, lambda: reds_handoff() or app.screen is screen and screen.awaiting,
                        what="Blue's turn or Red's hand-off")
            if reds_handoff():
                break
            played = len(screen.session.record.moves)
            screen._turn_shown_at -= base.KEY_GRACE
            await send(pilot, "enter")
            await until(pilot, lambda: len(screen.session.record.moves) > played, what="Blue's move")
        recap = app.screen.recent
        assert str(app.screen.query_one("#handoff-recent").render()).startswith("From your last turn on:")
        since = [t for t in map(screen.log_text, screen.session.event_texts()[red_began:]) if t]
        assert recap == since and not any("drew a replacement card" in t for t in recap)
        for colour in ("Red", "Blue", "Yellow"):       # each one's move: "R2 moved …" or "Red discarded …"
            assert any(re.match(rf"({colour}|{colour[0]}[1-4]) ", t) for t in recap), (colour, recap)


@run_async
async def test_a_split_seven_shows_both_halves():
    session = session_at([["track:20", "track:30"], ["track:50"]], card="7", seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        moves = screen.query_one(MoveList)
        for _ in range(moves.option_count):
            if screen.current_preview().move.kind == "split":
                break
            await pilot.press("tab")
        preview = screen.current_preview()
        assert preview.move.kind == "split" and len(preview.lines) == 2
        prompt = str(moves.get_option_at_index(moves.highlighted).prompt)
        assert prompt.startswith("7 split: R") and "\n+ R" in prompt
        roles = {role for _, role, _ in screen.query_one("#board").state.marks}
        assert {"from1", "to1", "from2", "to2"} <= roles
        text = "\n".join(screen.query_one("#board").render_line(y).text for y in range(16))
        for mark in ("◇R1", "◆R1", "◇R2", "◆R2"):       # both pawns: where they are, where they land
            assert mark in text


@run_async
async def test_check_action_follows_the_game():
    session = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(session, bot_delay=30.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen.check_action("card", ()) is False           # no hand in the standard game
        assert screen.check_action("skip", ()) is False
        assert screen.query_one(MoveList).check_action("select", ()) is True
        # the highlighted move is underlined too, not only coloured
        assert "underline" in str(screen.query_one(MoveList).get_component_styles(
            "option-list--option-highlighted").text_style)
        await send(pilot, "enter")
        await until(pilot, lambda: screen.bot_turn, what="the bot's turn")
        assert screen.query_one(MoveList).check_action("select", ()) is False
        footer_keys = {b.binding.key for b in screen.active_bindings.values() if b.binding.show}
        # the footer shows the keys usable now: Space skips the bot; nothing to play or cycle
        assert {"space", "escape", "q", "question_mark"} <= footer_keys
        assert not {"enter", "tab"} & footer_keys


@run_async
async def test_a_small_terminal_gets_a_message_and_recovers():
    session = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(session)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        screen = board_screen(app)
        too_small = screen.query_one("TooSmall")
        assert too_small.display and not screen.query_one("#main").display
        assert "at least 80x24" in str(too_small.render()) and "70x20" in str(too_small.render())
        # the board is hidden: keys play nothing (Enter would have played the move highlighted)
        await until(pilot, lambda: screen.awaiting, what="the person's turn")
        for key in ("tab", "enter", "space", "g", "escape"):
            await pilot.press(key)
        await pilot.pause()
        assert len(session.record.moves) == 0 and app.screen is screen
        await pilot.press("q")                           # no dialog opens out of sight (ctrl+q quits)
        await pilot.pause()
        assert app.screen is screen and "Ctrl+Q quits" in str(too_small.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not too_small.display and screen.query_one("#main").display
        assert screen.query_one("#board").size == (48, 16)
        assert screen.focused is screen.query_one(MoveList)          # the keys work again
        await pilot.resize_terminal(130, 42)
        await pilot.pause()
        assert screen.query_one("#board").size == (80, 32)
        await pilot.resize_terminal(30, 8)               # tiny: every word of the message still shows
        last = ("Make the window bigger to carry on. Your game is saved and waits (the bots too); "
                "Ctrl+Q quits.")
        await until(pilot, lambda: "30x8" in screen_text(app), what="the message at 30 x 8")
        shown = " ".join(screen_text(app).split())
        assert shown.endswith(last), shown
        assert "80x24." in screen_text(app)              # a size never breaks over two rows


@run_async
async def test_the_bots_wait_while_the_terminal_is_too_small():
    # a bot's move nobody can see is not played: it waits for the board to show again
    session = session_at([["track:20"], ["track:40"]], kinds=("easy", "easy"), card="3", seed=2)
    app = app_for(session)
    async with app.run_test(size=(70, 20)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._held_move is not None, what="the bot's move, held")
        await pilot.pause()
        assert not session.record.moves
        too_small = screen.query_one("TooSmall")
        assert "Your game is saved and waits (the bots too)" in str(too_small.render())
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: len(session.record.moves) >= 1, what="the bot's move, played")


@run_async
async def test_the_bots_wait_while_help_hides_the_board():
    # ? opened as a bot is to play: its move waits behind the help, on show once it closes
    session = session_at([["track:20"], ["track:40"]], kinds=("human", "easy"), card="3", seed=2)
    app = app_for(session, bot_delay=1.0)          # (? comes while the bot shows its move)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) == 1, what="Red's move")
        await pilot.press("question_mark")
        await until(pilot, lambda: screen._held_move is not None, what="the bot's move, held")
        await pilot.pause(0.2)
        assert len(session.record.moves) == 1 and app.screen is not screen
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, what="the board")
        assert len(session.record.moves) == 1 and screen._bot_move is not None     # on show first
        await until(pilot, lambda: len(session.record.moves) == 2, what="the bot's move, played")


@run_async
async def test_a_bot_move_held_by_help_over_the_log_goes_on_when_help_closes(monkeypatch):
    # the log plays the bots' moves as they come; help opened over it holds them, as over the
    # board; closing help (back to the log) lets the held move be played
    import threading

    from engine import bots
    from tui.screens.help import HelpScreen
    from tui.screens.log import LogScreen

    go = threading.Event()          # the bot chooses once help is open (no race with a delay)
    choose = bots.choose
    monkeypatch.setattr(bots, "choose", lambda *args: go.wait(10) and choose(*args))
    session = session_at([["track:20"], ["track:40"]], kinds=("human", "easy"), card="3", seed=2)
    app = app_for(session, bot_delay=0.3)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) == 1, what="Red's move")
        await pilot.press("g")
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), what="help over the log")
        go.set()
        await until(pilot, lambda: screen._held_move is not None, what="the bot's move, held")
        assert len(session.record.moves) == 1
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen), what="the log again")
        await until(pilot, lambda: len(session.record.moves) == 2, what="the bot's move, played")

@run_async
async def test_a_hand_off_too_small_to_see_takes_no_key_and_says_if_moves_are_unsaved():
    session = two_people_with_hands()
    app = app_for(session)
    async with app.run_test(size=(70, 20)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        handoff = app.screen
        for key in ("q", "escape", "enter"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is handoff and app.is_running, key
        too_small = handoff.query_one("TooSmall")
        assert "Your game is saved and waits" in str(too_small.render())
        session.save_error = "Could not save the game in /x: Permission denied"
        too_small.refresh()
        assert "Your last moves are NOT saved: Ctrl+Q now loses them." in str(too_small.render())


@run_async
async def test_only_ctrl_q_quits_from_a_title_too_small_to_see():
    from tui.screens.title import TitleScreen

    app = app_for()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        too_small = app.screen.query_one("TooSmall")
        assert str(too_small.render()).endswith("\nCtrl+Q quits.")       # no game to be saved
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, TitleScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


@run_async
async def test_a_kill_or_hang_up_ends_parlor_as_ctrl_q_does():
    # SIGTERM and SIGHUP call this (outside tests): the terminal is restored by the normal
    # exit, and what Parlor says is ctrl+q's note
    session = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(session)
    said = []
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        exit_app = app.exit
        app.exit = lambda *args, **kwargs: said.append(kwargs.get("message")) or exit_app(*args, **kwargs)
        app._exit_on_signal(signal.SIGHUP)
        await pilot.pause()
    assert said and said[0].startswith("Your game is saved. Resume it with:")
    assert app.return_code == 128 + signal.SIGHUP          # as the shell reports a hang-up
    # (tests/tui/test_signals.py sends the real signals to Parlor in a pseudo-terminal)


@run_async
async def test_a_match_opened_between_two_games_shows_the_last_games_summary_again():
    # quit (or killed) on the end-of-game summary of a points match: opened again, the
    # summary comes back, not straight into the next game
    from tui.screens.sorry import GameEndScreen

    def between(session) -> bool:
        events = session.record.events
        return len(events) > 1 and events[-1]["kind"] == "deal" and events[-2]["kind"] == "game_over"

    from tui.widgets.sorry_board import SorryBoard

    session = bot_played(variant="points", seed=2, done=between)
    won = session.record.events[-2]["text"]
    moves = len(session.record.moves)
    ended = session.game.view(None)["match"]["ended_positions"]
    titles = []                                     # every board drawn: never the next game's
    app = app_for(Session.load(session.path))
    async with app.run_test(size=(100, 30)) as pilot:
        board_widget = board_screen(app).query_one(SorryBoard)
        titles.append((board_widget.state.title, board_widget.state.positions))
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen), what="the game's summary")
        assert titles == [("Game 1 is over", ended)], titles
        assert board_widget.state.lines == [] and board_widget.state.card is None   # (game 2's piles)
        text = str(app.screen.query_one("#summary-text").render())
        assert won.split(" (")[0] in text, text
        board = board_screen(app)
        assert not board.awaiting and not board.bot_turn
        await pilot.press("enter")
        await until(pilot, lambda: board.awaiting or len(board.session.record.moves) > moves,
                    what="the next game to go on")
    # a move of the new game since: opened again, no summary
    assert Session.load(session.path).record.moves


def test_a_crash_in_a_bot_worker_logs_where_it_failed(home):
    from textual.worker import WorkerFailed

    from tui.app import write_crash_log

    def choose():
        raise ValueError("no such card")

    try:
        choose()
    except ValueError as error:
        failed = WorkerFailed(error)
    text = write_crash_log(failed).read_text()
    assert "WorkerFailed" in text and "in choose" in text and "ValueError: no such card" in text


@run_async
async def test_an_unexpected_error_keeps_the_game_and_says_where_the_log_is(home, monkeypatch, capsys):
    session = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(session, bot_delay=0.0)
    with pytest.raises(RuntimeError, match="boom"):
        async with app.run_test(size=(100, 32)) as pilot:
            await human_turn(pilot)
            await send(pilot, "enter")
            await human_turn(pilot)
            state = board_screen(app).game.to_dict()

            def broken(self):
                raise RuntimeError("boom")

            monkeypatch.setattr(MoveList, "action_select", broken)
            await pilot.press("enter")
    logs = list((home / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and "RuntimeError: boom" in logs[0].read_text()
    message = " ".join(capsys.readouterr().err.split())
    assert "Traceback" not in message
    assert "saved after the last move" in message and "parlor continue" in message
    assert str(logs[0]).replace("/", "") in message.replace("/", "").replace(" ", "")
    assert saves.load(session.path).game.to_dict() == state


@run_async
async def test_title_continue_and_load_follow_the_saves(home):
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        title = app.screen
        assert title.check_action("continue", ()) is False and title.check_action("load", ()) is False
        await footer_settles(pilot, hides=("Continue",))                       # not offered in the footer
    session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        title = app.screen
        assert title.check_action("continue", ()) is True
        await pilot.press("c")
        await human_turn(pilot)
        assert board_screen(app).game.positions()[0][0] == "track:20"
        await pilot.press("escape")
        assert app.screen is title


@run_async
async def test_settings_are_applied_and_kept(home):
    session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(theme=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        assert app.screen.__class__.__name__ == "SettingsScreen"
        await pilot.press("right")                       # next theme
        assert app.theme == "parlor-light"
        await pilot.press("down", "right")               # ASCII glyphs
        assert app.ascii
        await pilot.press("down", "right")               # bot speed normal -> fast
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one("#menu").styles.border_top[0] == "ascii"   # the title under it too
        await pilot.press("c")
        await human_turn(pilot)
        board = board_screen(app).query_one("#board")
        text = "\n".join(board.render_line(y).text for y in range(board.size.height))
        assert all(ord(ch) < 128 for ch in text)
    kept = json.loads((home / "settings.json").read_text())
    assert kept == {"theme": "parlor-light", "glyphs": "ascii", "ascii": True, "bot_speed": "fast"}
    app = app_for(theme=None, ascii=None)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.theme == "parlor-light" and app.ascii


@run_async
async def test_automatic_glyphs_are_ascii_where_the_terminal_may_not_show_unicode(home):
    # the default (automatic) setting draws in ASCII where the CLI found a reason, says so
    # at start, and Settings names the reason; Unicode chosen there is kept, Automatic too
    from tui.app import make_app

    app = make_app(animate=False, unicode_doubt="TERM=linux")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert app.ascii
        notes = [n.message for n in app._notifications if n.title == "Glyphs"]
        assert notes == ["Parlor draws in ASCII: TERM=linux says this terminal may not show Unicode. "
                         "Settings (Glyphs) changes it."]
        await pilot.press("s", "down")
        glyphs = app.screen.query_one("#ascii")
        assert glyphs.has_focus and glyphs.value == "auto"
        assert "Automatic (ASCII here: TERM=linux)" in str(glyphs.render())
        await pilot.press("right")                           # Unicode
        assert not app.ascii
        assert json.loads((home / "settings.json").read_text())["glyphs"] == "unicode"
        await pilot.press("left")                            # Automatic again: ASCII here
        assert app.ascii
        assert json.loads((home / "settings.json").read_text())["glyphs"] == "auto"
    app = make_app(animate=False, unicode_doubt=None)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert not app.ascii and not [n for n in app._notifications if n.title == "Glyphs"]
        await pilot.press("s", "down")
        assert "Automatic (Unicode here)" in str(app.screen.query_one("#ascii").render())
    (home / "settings.json").write_text('{"glyphs": "unicode"}')
    app = make_app(animate=False, unicode_doubt="LANG=C")   # Unicode chosen: no ASCII, no note
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert not app.ascii and not [n for n in app._notifications if n.title == "Glyphs"]
    app = make_app(animate=False, ascii=True)               # --ascii: shown so, until changed there
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "down")
        assert app.screen.query_one("#ascii").value == "ascii"
        await pilot.press("left", "left")                   # ASCII only -> Unicode -> Automatic
        assert not app.ascii
        await pilot.press("escape", "s", "down")
        await pilot.pause()
        assert app.screen.query_one("#ascii").value == "auto" and not app.ascii


@run_async
async def test_help_lists_the_keys_and_the_rules():
    session = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        await pilot.press("f1")
        help_screen = app.screen
        keys = dict((what, keys) for keys, what in help_screen.rows)
        for what in ("Play the highlighted move", "Highlight the next legal move", "Skip ahead",
                     "Back to the title screen", "Quit (the game is saved", "This help",
                     "Only that pawn's moves"):
            assert any(row.startswith(what) for row in keys), what
        assert "Tab" in keys["Highlight the next legal move (wraps round)"]
        # the move list's own keys, said in full (not Textual's "First", "Page Up")
        assert keys["Highlight the first move in the list"] == "Home", keys
        assert keys["Down the move list a boxful"] == "PgDn", keys
        down = keys["Highlight the next legal move (at the last, show the rest of a reason under it)"]
        assert "j" in down and "↓" in down
        assert "SORRY!" in help_screen.rules() and "S-7" in help_screen.rules()
        await pilot.press("escape")
        assert isinstance(app.screen, SorryScreen)


async def last_pawn_home(pilot, then) -> None:
    """Red plays the 1 (the highlighted move) and the game ends: wait for the `then` screen."""
    await send(pilot, "enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, then), what=then.__name__)


@run_async
async def test_the_winner_of_a_game_of_a_match_is_handed_the_keyboard_before_the_new_hand():
    """The whole table reads the summary between games: the winner, who played last and
    starts game 2, gets a hand-off before their new hand shows, as the next person would
    (whoever pressed Enter on the summary may not be them)."""
    from tui.screens.sorry import GameEndScreen

    session = one_from_home(target=250, blue="human")
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="Red's hand-off")
        await send(pilot, "enter")
        await human_turn(pilot)
        await last_pawn_home(pilot, GameEndScreen)
        await send(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off for game 2")
        assert "Pass to Red" in screen_text(app) and "Red's hand" not in screen_text(app)
        await send(pilot, "enter")
        await human_turn(pilot)
        assert session.game.view(None)["match"]["games"] == 1 and board_screen(app).viewer == 0


@run_async
async def test_a_points_match_stops_between_games_and_goes_on():
    from tui.screens.sorry import GameEndScreen

    session = one_from_home(target=250)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await last_pawn_home(pilot, GameEndScreen)
        screen = board_screen(app)
        assert not screen.awaiting and not screen.bot_turn          # nothing moves behind the dialog
        text = str(app.screen.query_one("#summary-text").render())
        # Red: 4 home (20) + 3 Blue pawns out (15) + 50 (Blue has one HOME); Blue: 1 home (5)
        assert "Red wins game 1" in text and "85" in text and "Enter: game 2 (Red starts)" in text
        assert session.game.view(None)["match"]["totals"] == [85, 5]
        # behind the summary, the board is game 1 as it ended (game 2 is dealt already)
        board = screen.query_one("#board")
        assert board.state.positions == [["home"] * 4, ["home", "track:3", "start", "start"]]
        assert board.state.title == "Game 1 is over"
        assert "· game 1 · over: the board as it ended" in str(screen.query_one("#topbar").render())
        scores = str(screen.query_one("#scores").render())
        assert "Game 1 is over" in scores and "85 pts (+85)" in scores and "(you)" not in scores, scores
        assert str(screen.query_one("#status").border_title) == "Game 1 over"
        await send(pilot, "enter")
        await until(pilot, lambda: app.screen is screen and screen.awaiting, what="game 2, Red's turn")
        assert session.game.view(None)["match"]["games"] == 1 and not session.game.is_over
        top = str(screen.query_one("#topbar").render())     # the moves count from game 2's first
        assert "· game 2 · move 1 · Red (you) to play" in top, top
        assert board.state.positions == session.game.view(None)["positions"] != [["home"] * 4, ["home", "track:3", "start", "start"]]
        assert "Game 2, first to 250 points" in str(screen.query_one("#scores").render())
    assert saves.load(session.path).game.to_dict() == session.game.to_dict()


@run_async
async def test_a_bot_that_wins_a_game_of_the_match_is_shown_then_the_score():
    """The bot's winning move, on show for a moment, is not drawn again over game 2's
    deal (that preview played a card the new hand lacks, and the app closed)."""
    from tui.screens.sorry import GameEndScreen

    session = session_at([["track:10", "start", "start", "start"], ["home", "home", "home", "safe:5"]],
                         kinds=("human", "normal"), variant="points", target=250, seed=3, to_act=1,
                         hands=[["3", "4", "5", "7", "8"], ["1", "2", "2", "1", "2"]])   # Blue's 1 is its only move
    app = app_for(session, bot_delay=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen), what="the end of game 1")
        assert "Blue wins game 1" in str(app.screen.query_one("#summary-text").render())
        screen = board_screen(app)
        assert screen._bot_move is None and not screen.bot_turn
        await send(pilot, "enter")
        await until(pilot, lambda: app.screen is screen and (screen.awaiting or screen.bot_turn),
                    what="game 2")
        assert session.game.view(None)["match"]["games"] == 1
    assert app.return_code in (None, 0)


@run_async
async def test_a_finished_points_match_says_it_is_over():
    from tui.screens.results import ResultsScreen

    session = one_from_home(target=0)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        scores = board_screen(app).query_one("#scores")
        assert "A single game\n" in str(scores.render()) and scores.border_title == "Points"
        await last_pawn_home(pilot, ResultsScreen)   # a single game: the match is over
        assert session.game.is_over
        assert "Game over\n" in str(board_screen(app).query_one("#scores").render())
        # one game, so no word of a match: not in the results, the Turn panel or the log
        results = " ".join(str(app.screen.query_one("#results-text").render()).split())
        assert "A single game " in results and "match" not in results.lower(), results
        assert str(board_screen(app).query_one("#status").render()).startswith("Red won.")
        assert session.event_texts()[-2:] == ["Red has every pawn HOME (Red 85, Blue 5)", "Red wins with 85 points"]


def failing_saves(monkeypatch, error: OSError, *, on: bool) -> dict:
    """Make `saves.write` raise `error` while the returned switch's "on" is true."""
    real = saves.write
    broken = {"on": on}

    def write(rec, **kw):
        if broken["on"]:
            raise error
        return real(rec, **kw)

    monkeypatch.setattr(saves, "write", write)
    return broken


@contextlib.asynccontextmanager
async def unsaved_results(monkeypatch):
    """Red wins a single-game points match while every save fails: (session, the saves'
    switch, app, pilot) with the results open."""
    session = one_from_home(target=0)
    broken = failing_saves(monkeypatch, OSError(28, "No space left on device"), on=True)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await last_pawn_home(pilot, ResultsScreen)
        yield session, broken, app, pilot


@run_async
@pytest.mark.parametrize("key", ["q", "t"])
async def test_the_results_ask_before_leaving_a_game_whose_last_moves_are_not_saved(monkeypatch, key):
    # (q quit at once and t went to the title, with the winning move not saved, without a word)
    async with unsaved_results(monkeypatch) as (session, broken, app, pilot):
        assert session.save_error
        await send(pilot, key)
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), what="the question")
        assert "NOT saved" in str(app.screen.query_one(Static).render()) and app.is_running
        await pilot.press("escape")                   # stay: the final board, nothing lost
        await pilot.pause()
        assert app.is_running and board_screen(app) is app.screen
        broken["on"] = False
        await send(pilot, "r")                        # the results again; saved now, the key acts
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results")
        await send(pilot, "q")
        await until(pilot, lambda: not app.is_running, what="Parlor to quit")
    assert saves.load(session.path).game.is_over


@run_async
async def test_q_typed_twice_on_the_results_of_an_unsaved_game_does_not_quit_at_once(monkeypatch):
    # (the second q answered the question before it was read: Parlor quit, the moves lost)
    import tui.screens.base as base

    async with unsaved_results(monkeypatch) as (_, _, app, pilot):
        await send(pilot, "q")
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), what="the question")
        monkeypatch.setattr(base, "KEY_GRACE", 30.0)   # (long: a busy machine keeps it meaningful)
        app.screen._shown_at = base.time.monotonic()
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, QuitScreen)
        app.screen._shown_at -= 60                      # a moment later, q quits
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running, what="Parlor to quit")


@run_async
async def test_the_results_take_away_the_note_on_a_key_refused_as_play_began():
    # (the note, about a play that had ended, stayed over the results; other notes stay)
    import tui.screens.base as base

    session = one_from_home(target=0)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        app.notify(base.GRACE_NOTE, timeout=30)
        app.notify("Some other news", timeout=30)
        await last_pawn_home(pilot, ResultsScreen)
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["Some other news"]


@run_async
@pytest.mark.parametrize("key, question", [("r", "Rematch?"), ("n", "New game?"), ("t", "Title screen?")])
async def test_a_rematch_or_new_game_asked_while_the_last_moves_are_not_saved_follows_a_yes(monkeypatch, key,
                                                                                             question):
    # (the question was the board's Quit?, so the rematch, the new game or the title asked for
    # never came: Enter there quit Parlor)
    from tui.screens.dialogs import LeaveScreen
    from tui.screens.setup import SetupScreen

    async with unsaved_results(monkeypatch) as (session, _, app, pilot):
        await send(pilot, key)
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen), what="the question")
        text = str(app.screen.query_one("#quit-text", Static).render())
        assert text.startswith(question) and "NOT saved" in text
        await pilot.press("n")                         # no: the final board, nothing lost
        await until(pilot, lambda: board_screen(app) is app.screen, what="the board")
        await send(pilot, "r")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results")
        await send(pilot, key)
        await until(pilot, lambda: isinstance(app.screen, LeaveScreen), what="the question again")
        await pilot.press("y")                         # yes: what was asked for
        if key == "r":
            await until(pilot, lambda: board_screen(app) is not None and board_screen(app).session is not session,
                        what="the rematch's board")
        elif key == "n":
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the new game's set-up")
        else:                                          # (it asked Quit?, where Enter quit Parlor)
            from tui.screens.title import TitleScreen

            await until(pilot, lambda: isinstance(app.screen, TitleScreen), what="the title screen")
        assert app.is_running


@run_async
async def test_a_failing_save_is_reported_once_and_its_end_too(monkeypatch):
    from tests.tui.test_log import played

    session = played(10)
    broken = failing_saves(monkeypatch, OSError(28, "No space left on device"), on=True)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        board = board_screen(app)

        async def a_round() -> None:
            """Red plays the highlighted move, then the three bots theirs."""
            token = board._token
            await send(pilot, "enter")
            await until(pilot, lambda: board._token != token, what="the move")
            await human_turn(pilot)

        for _ in range(3):
            await a_round()
        titles = [n.title for n in app._notifications]
        assert titles.count("Not saved") == 1, titles
        note = next(n for n in app._notifications if n.title == "Not saved")
        assert "No space left on device" in note.message and str(session.path.parent) in note.message
        # leaving now would lose moves: Esc (title) asks first, and the dialog says so
        await pilot.press("escape")
        assert isinstance(app.screen, QuitScreen)
        assert "NOT saved" in str(app.screen.query_one(Static).render())
        # no toast over the dialog's words (cleared at once: a toast lasts 6 s or more)
        await until(pilot, lambda: not app._notifications, timeout=5, what="the toasts cleared")
        await pilot.press("escape")                          # keep playing
        assert app.screen is board
        broken["on"] = False
        await a_round()
        assert [n.title for n in app._notifications].count("Saved") == 1
        assert saves.load(session.path).moves == session.record.moves   # all of it, once it could
        kept = len(session.record.moves)
        await pilot.press("q")
        assert "nothing is lost" in str(app.screen.query_one(Static).render())
        await pilot.press("escape")
        broken["on"] = True                                  # moves not saved; ctrl+q tries once more
        await a_round()
        said = []
        exit_app = app.exit
        app.exit = lambda *args, **kwargs: said.append(kwargs.get("message")) or exit_app(*args, **kwargs)
        await pilot.press("ctrl+q")
    assert said and "The moves since the last save are lost" in said[0]
    assert len(saves.load(session.path).moves) == kept < len(session.record.moves)


def two_people_and_bots():
    """A Pegs game: Red and Blue are people, the other seats bots, Red to play first."""
    from engine.saves import Seat
    from tui.session import GameSpec, Session

    spec = GameSpec(game="pegs", players=4, seed=5,
                    seats=(Seat("human"), Seat("human"), Seat("bot", "normal"), Seat("bot", "normal")))
    return Session.new(spec)


async def play_until_bots(app, pilot):
    """Through the hand-offs, play the people's turns until a bot is to play."""
    from tui.screens.dialogs import HandoffScreen

    for _ in range(200):
        board = board_screen(app)
        if board.bot_turn:
            return board
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
        elif board.awaiting and app.screen is board:
            board.apply_move(board._token, board.game.legal_moves()[0])
        await pilot.pause(0.02)
    raise AssertionError("no bot's turn came")


@run_async
async def test_the_bots_wait_while_quit_is_asked_and_no_dialog_waits_behind_a_hand_off():
    from tui.screens.dialogs import HandoffScreen, QuitScreen

    app = app_for(two_people_and_bots(), bot_delay=1.0)     # q comes while the bot shows its move
    async with app.run_test(size=(100, 30)) as pilot:
        board = await play_until_bots(app, pilot)
        moves = len(board.session.record.moves)
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        for _ in range(30):                                   # the bot's move is ready meanwhile
            await pilot.pause(0.05)
        assert len(board.session.record.moves) == moves, "no bot moved while Quit? was open"
        await pilot.press("escape")                                   # keep playing
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the next person's hand-off")
        assert not any(isinstance(s, QuitScreen) for s in app.screen_stack)
        # the log open as the bots play: the hand-off comes once it is closed, on top
        await play_until_bots(app, pilot)
        await pilot.press("g")
        await until(pilot, lambda: board.mode == "wait" and board._handoff_waiting, what="the bots' turns")
        assert app.screen.__class__.__name__ == "LogScreen"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off after the log")
        assert [type(s).__name__ for s in app.screen_stack[-2:]] == [type(board).__name__, "HandoffScreen"]


@run_async
async def test_a_damaged_settings_file_is_reported_at_start_and_kept(home):
    path = home / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"theme": "nonexistent", "bot_speed": 7, "ascii": "yes"', encoding="utf-8")
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = [n for n in app._notifications if n.title == "Settings"]
        assert len(notes) == 1 and "is damaged: the file is cut short (truncated JSON)." in notes[0].message
        assert "settings.json.damaged" in notes[0].message
    assert path.read_text(encoding="utf-8").startswith('{"theme": "nonexistent"')


@run_async
async def test_a_saves_folder_parlor_cannot_write_in_is_reported_at_start(home, monkeypatch, tmp_path):
    import os

    folder = tmp_path / "read-only"
    folder.mkdir()
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if str(path) == str(folder)
                        else real(path, mode, **kw))
    app = app_for(save_dir=folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notes = [n for n in app._notifications if n.title == "Saves folder"]
        assert len(notes) == 1 and f"can't write in the saves folder {folder}" in notes[0].message


def test_a_setting_saved_keeps_what_another_parlor_saved_meanwhile(home):
    from tui.settings import Settings

    first = Settings.load()                      # two Parlors start with the same settings
    second = Settings.load()
    second.theme = "parlor-light"
    assert second.save("theme") is None
    first.bot_speed = "fast"                     # the first changes only the bot speed
    assert first.save("bot_speed") is None
    again = Settings.load()
    assert (again.theme, again.bot_speed, again.ascii) == ("parlor-light", "fast", None)


def test_the_resume_hint_names_a_save_folder_given_on_the_command_line(home, tmp_path):
    from tui.app import crash_message
    from tui.screens.base import saved_note

    assert app_for().resume_command() == "parlor continue"           # the usual folder
    folder = tmp_path / "my games"
    command = app_for(save_dir=folder).resume_command()
    assert command == f"parlor --save-dir '{folder}' continue"
    assert saved_note(None, command).endswith(f"Resume it with: {command}")
    assert crash_message(None, command).endswith(f"Resume with: {command}")


@run_async
async def test_the_hand_off_asks_before_quitting_and_esc_goes_to_the_title(monkeypatch, tmp_path):
    # q on the hand-off once quit at once with "(game saved)" in the footer, even when the
    # last moves had not been saved: it asks as the board does, and Esc goes to the title
    from tui.screens.title import TitleScreen

    session = two_people_with_hands(save_dir=tmp_path / "mine")
    broken = failing_saves(monkeypatch, OSError(13, "Permission denied"), on=False)
    app = app_for(session, save_dir=tmp_path / "mine")
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        handoff = app.screen
        await footer_settles(pilot, shows=("Quit", "Title"))
        footer = {k.key: k.description for k in handoff.query("FooterKey")}
        assert footer.get("q") == "Quit" and footer.get("escape") == "Title", footer
        await pilot.press("q")
        assert isinstance(app.screen, QuitScreen)
        text = "\n".join(str(static.render()) for static in app.screen.query(Static))
        text = re.sub(r"\\\n *", "", text)                    # (broken as the shell reads it, when long)
        assert "nothing is lost" in text and f"--save-dir {tmp_path / 'mine'} continue" in text, text
        await pilot.press("escape")                              # keep playing: the hand-off again
        assert app.screen is handoff
        broken["on"] = True
        session.save()                                           # a save fails meanwhile
        assert session.save_error
        await pilot.press("escape")                              # Esc: not to the title with moves unsaved
        assert isinstance(app.screen, QuitScreen)
        assert "NOT saved" in str(app.screen.query_one(Static).render())
        keys = str(app.screen.query_one("#quit-keys", Static).render())
        assert app.screen.QUESTION == "Title screen?" and "the title screen all the same" in keys
        assert "keep playing" in keys and "t          title screen" not in keys
        # no toast over the dialog's words (cleared at once: a toast lasts 6 s or more)
        await until(pilot, lambda: not app._notifications, timeout=5, what="the toasts cleared")
        assert app.screen.query_one("#quit-box").styles.width.value == 56     # (no command to widen for)
        await pilot.press("escape")
        assert app.screen is handoff
        broken["on"] = False
        await pilot.press("escape")                              # saved again: Esc goes to the title
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert saves.load(session.path).moves == session.record.moves


@run_async
async def test_enter_pressed_while_the_bots_move_does_not_play_the_persons_next_move(monkeypatch):
    """Enter pressed to hurry the bots (Space is the key for that) once played the person's
    next move the moment the turn came back, unseen: the board's keys wait a moment then."""
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)    # (long: a busy machine keeps it meaningful)
    session = session_at([["track:4"], ["track:19"]], kinds=("human", "easy"), card="5", to_act=1, seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert len(session.record.moves) == 1 and screen.awaiting        # Blue's move, then Red's turn
        await send(pilot, "enter")
        await pilot.pause()
        assert len(session.record.moves) == 1 and screen.awaiting        # not taken: too soon
        screen._turn_shown_at -= base.KEY_GRACE
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) >= 2, what="Red's move")


@pytest.mark.parametrize("width,lines", [(80, 2), (120, 1)])
@run_async
async def test_the_quit_dialog_keeps_a_long_resume_command_whole(width, lines):
    # a long --save-dir: the dialog widens for the command; where the terminal is too narrow it
    # breaks it as the shell reads it (a backslash, then `continue` on the next line)
    import shutil
    import tempfile
    from pathlib import Path

    top = Path(tempfile.mkdtemp(dir="/tmp"))               # /tmp/tmpXXXXXXXX: a known length
    try:
        await quit_with_a_long_command(top, width, lines)
    finally:
        shutil.rmtree(top)


async def quit_with_a_long_command(top, width: int, lines: int) -> None:
    folder = top / "a-rather-long-folder" / "saves1"       # 44 characters: too long for 80 columns
    assert len(str(folder)) == 44
    session = session_at([["track:20"], ["track:40"]], card="3", seed=2, save_dir=folder)
    app = app_for(session, save_dir=folder)
    async with app.run_test(size=(width, 30)) as pilot:
        await human_turn(pilot)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, QuitScreen), what="Quit?")
        await pilot.pause()
        shown = screen_text(app).splitlines()
        command = app.resume_command()
        assert command == f"parlor --save-dir {folder} continue"
        if lines == 1:
            assert any(f"│    {command}  " in line for line in shown), shown
        else:
            at = next(i for i, line in enumerate(shown) if f"│    {command[:-len(' continue')]} \\" in line)
            assert "│      continue  " in shown[at + 1], shown


def test_a_resume_command_breaks_where_the_shell_reads_it_back():
    import subprocess

    from tui.screens.dialogs import command_lines

    long = "/tmp/saves/a-very-long-directory-name-for-testing-the-quit-dialog"
    command = f"parlor --save-dir {long} continue"
    assert command_lines(command, 72) == ["parlor --save-dir \\", f"  {long} \\", "  continue"]
    # a path too long for a line of its own breaks inside, after a - or / far enough along
    assert command_lines(command, 68) == [
        "parlor --save-dir \\", "  /tmp/saves/a-very-long-directory-name-for-testing-the-quit-\\", "dialog continue"]
    assert command_lines(command, 30) == [
        "parlor --save-dir \\", "  /tmp/saves/a-very-long-\\", "directory-name-for-testing-\\",
        "the-quit-dialog continue"]
    assert command_lines("parlor --save-dir '/tmp/a b' continue", 30) == [
        "parlor --save-dir '/tmp/a b' \\", "  continue"]                # (quoted as it was: whole)
    assert command_lines("parlor continue", 10) == ["parlor \\", "  continue"]
    assert command_lines("parlor continue", None) == ["parlor continue"]
    # pasted into a shell, every breaking gives back the same words
    for room in (20, 30, 44, 68, 72):
        lines = command_lines(command, room)
        assert max(map(len, lines)) <= room, lines
        script = "\n".join(lines).replace("parlor", "words", 1)
        read = subprocess.run(["bash", "-c", "words() { printf '%s\\n' \"$@\"; }\n" + script],
                              capture_output=True, text=True, check=True).stdout.splitlines()
        assert read == ["--save-dir", long, "continue"], (room, lines)


@run_async
async def test_a_bot_move_held_by_help_is_played_when_help_closes_at_instant_pace(monkeypatch):
    # at the instant pace (or while Space skips) the held move is played at once when help
    # closes; it was given to a timer of 0 seconds, which Textual's timer can't run (it
    # divides by its interval), so the bots stopped for good
    import threading

    from engine import bots

    go = threading.Event()
    choose = bots.choose

    def slow_choose(*args):
        go.wait(10)
        return choose(*args)

    monkeypatch.setattr(bots, "choose", slow_choose)
    session = session_at([["track:20"], ["track:40"]], kinds=("easy", "easy"), card="3", seed=2)
    app = app_for(session, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen.mode == "bot", what="Red thinking")
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen is not screen, what="the help")
        go.set()
        await until(pilot, lambda: screen._held_move is not None, what="the bot's move, held")
        await pilot.pause(0.1)
        assert not session.record.moves
        await pilot.press("escape")          # (two easy bots at once may then play to the end)
        await until(pilot, lambda: len(session.record.moves) >= 3, what="the bots playing on")


@run_async
async def test_a_held_or_repeated_enter_gets_past_neither_a_hand_off_nor_the_next_persons_board(monkeypatch):
    # the hand-off takes Enter only once no key has been pressed for a while (1.5 s), so
    # neither a held Enter of the one who just played nor one pressed again a moment later
    # (it seemed not to take), nor taps to hurry the bots, show the next hand; a key held
    # down on the board repeats faster than its wait, which each refused press starts again
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)    # (long: a busy machine keeps it meaningful)
    monkeypatch.setattr(base, "HANDOFF_QUIET", 30.0)
    session = two_people_with_hands()
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        handoff = app.screen
        wait = handoff.query_one("#handoff-wait")
        assert wait.content == HandoffScreen.WAIT       # says why Enter waits
        for key in ("enter", "1", "enter"):  # each 25 s after the last key: had the wait not
            handoff._last_key -= 25.0        # started again, the second would be taken
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is handoff and wait.content == HandoffScreen.WAIT
        handoff._last_key -= 30.0            # the keys still for the whole wait: the line goes
        handoff._since -= 30.0
        handoff._show_wait()
        assert wait.content == ""
        await pilot.press("enter")           # and Enter is taken
        await human_turn(pilot)
        screen = board_screen(app)
        for _ in range(3):
            screen._turn_shown_at -= 25.0
            await send(pilot, "enter")
            await pilot.pause()
            assert not session.record.moves and screen.awaiting
        notes = [n for n in app._notifications if n.message == base.GRACE_NOTE]
        assert len(notes) == 1                # said once a turn, however often refused
        screen._turn_shown_at -= base.KEY_GRACE
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) >= 1, what="Red's move")


@run_async
async def test_space_plays_at_once_a_bot_move_on_show_again_after_help():
    session = session_at([["track:20"], ["track:40"]], kinds=("human", "easy"), card="3", seed=2)
    app = app_for(session, bot_delay=1.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await send(pilot, "enter")
        await until(pilot, lambda: screen._bot_move is not None, what="the bot's move on show")
        await pilot.press("question_mark")
        await until(pilot, lambda: screen._held_move is not None, what="the bot's move, held")
        app._bot_delay = 30.0                # on show again for 30 s, unless Space
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen and screen._release_timer is not None,
                    what="the board, the move on show again")
        await pilot.press("space")
        await until(pilot, lambda: len(session.record.moves) >= 2, timeout=10, what="the bot's move, played")


@run_async
async def test_r_twice_at_once_opens_the_results_once():
    session = session_at([["home", "home", "home", "safe:5"], ["start"] * 4], card="1", seed=3)
    app = app_for(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await human_turn(pilot)
        await send(pilot, "enter")           # safe:4 + 1 -> HOME: Red wins
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="results")
        await pilot.press("escape")
        screen = board_screen(app)
        await until(pilot, lambda: app.screen is screen, what="the finished board")
        screen.action_results()              # r pressed twice before the screen is drawn again
        screen.action_results()
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="results")
        await pilot.pause(0.2)
        assert sum(isinstance(s, ResultsScreen) for s in app.screen_stack) == 1
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, what="the board again")
        await send(pilot, "r")               # and r opens them again
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="results again")
