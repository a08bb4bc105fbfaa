"""The whole game log on g: every line, scrolled by keys, added to as the bots play."""
from __future__ import annotations

from tui.screens.log import LogScreen
from tui.session import Session

from .helpers import (app_for, board_screen, bot_played, footer_settles, human_turn, run_async, screen_text, scrolled,
                      send, until)


def played(moves: int) -> Session:
    """A 4-player game with a person at Red, `moves` moves in (then on to Red's turn)."""
    return bot_played(seed=11, done=lambda s: len(s.record.moves) >= moves and s.game.to_act == 0)


def shown(screen: LogScreen) -> list[str]:
    log = screen.query_one("#full-log")
    top = log.scroll_offset.y
    return [strip.text.rstrip() for strip in log.lines[top:top + log.scrollable_content_region.height]]


@run_async
async def test_g_shows_every_line_of_the_log_and_the_keys_scroll_it():
    session = played(120)
    texts = session.event_texts()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        board = board_screen(app)
        assert board.query_one("#log").scrollable_content_region.height < 10      # the panel: a few lines
        texts = [t for t in map(board.log_text, texts) if t]       # as the board words them (HOME once)
        await pilot.press("g")
        screen = app.screen
        assert isinstance(screen, LogScreen)
        log = screen.query_one("#full-log")
        # every line, in order, and it opens at the end (both a refresh or two after it opens)
        await until(pilot, lambda: " ".join(s.text.strip() for s in log.lines) == " ".join(texts)
                    and shown(screen)[-1].strip() == texts[-1], what="the whole log, at its end")
        assert screen.query_one("#log-box").border_subtitle == f"{len(session.record.moves)} moves so far"
        await pilot.press("home")
        await scrolled(pilot, log, 0)
        assert shown(screen)[0].strip() == texts[0] and texts[0].startswith("New game")
        rows = log.scrollable_content_region.height
        await pilot.press("pagedown")
        await scrolled(pilot, log, rows - 1)
        page = shown(screen)
        assert page[0].strip() not in (texts[0], "") and len(page) == rows
        await pilot.press("down")
        await scrolled(pilot, log, rows)
        await pilot.press("end")
        await scrolled(pilot, log, lambda: log.max_scroll_y)
        await pilot.press("escape")
        assert app.screen is board and board.awaiting


@run_async
async def test_the_bots_moves_are_added_while_the_log_is_open():
    # (the bots' pace is slow enough that the log is open before all three have moved, even
    # on a loaded machine: at a fast one, a CI run saw too few moves left to wait for)
    session = played(20)
    app = app_for(session, bot_delay=1.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        board = board_screen(app)
        token = board._token
        await send(pilot, "enter")                  # Red plays; the bots take their turns
        await until(pilot, lambda: board._token != token and board.bot_turn, what="the bots' turn")
        await send(pilot, "g")
        await until(pilot, lambda: isinstance(app.screen, LogScreen), what="the log")
        screen = app.screen
        start = len(session.record.events)
        await until(pilot, lambda: len(session.record.events) > start, what="a bot's move")
        await until(pilot, lambda: screen._shown == len(session.record.events), what="the new lines")
        log = screen.query_one("#full-log")
        texts = [t for t in map(board.log_text, session.event_texts()[:screen._shown]) if t]
        assert " ".join(s.text.strip() for s in log.lines) == " ".join(texts)
        await scrolled(pilot, log, lambda: log.max_scroll_y)                     # it follows the end


@run_async
async def test_the_log_in_ascii_is_drawn_with_ascii_only():
    session = played(30)
    app = app_for(session, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        assert screen_text(app).isascii()
        await pilot.press("g")
        assert isinstance(app.screen, LogScreen)
        await footer_settles(pilot, shows=("Esc/g Close",))
        text = screen_text(app)
        assert text.isascii(), [c for c in text if not c.isascii()][:5]
        assert "+- Log: Sorry! -" in text
        assert "Esc/g Close  Up/Dn Scroll  PgUp/PgDn/Space Page  Home First  End Last" in text   # the keys, in the footer


@run_async
async def test_the_board_log_keeps_its_last_line_in_view_when_it_gets_fewer_rows():
    """A taller turn panel leaves the log fewer rows: it still ends with what just happened
    (unless the player scrolled it up)."""
    from textual.app import App

    from tui.widgets.game_log import GameLog

    class One(App):
        def compose(self):
            yield GameLog(id="log")

    app = One()
    async with app.run_test(size=(40, 20)) as pilot:
        log = app.query_one(GameLog)
        log.styles.height = 12
        for i in range(30):
            log.write(f"line {i} " + "word " * (i % 9))       # some lines wrap
        await scrolled(pilot, log, lambda: log.max_scroll_y)
        assert log.max_scroll_y > 0
        log.styles.height = 5
        await pilot.pause()
        await scrolled(pilot, log, lambda: log.max_scroll_y)
        log.scroll_to(y=0, animate=False)                     # scrolled up to read: left there
        await scrolled(pilot, log, 0)
        log.styles.height = 8
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_y == 0


def test_a_long_line_wraps_with_its_later_rows_indented_and_a_peg_kept_with_its_move():
    from tui.widgets.game_log import hang

    line = "Red plays 7: R2 Yellow 15→Yellow 18, R3 Yellow 13→HOME 1 (bumps B1)"
    rows = hang(line, 26, "  ").split("\n")
    assert all(len(r) <= 26 for r in rows) and len(rows) > 2
    assert rows == ["Red plays 7:", "  R2 Yellow 15→Yellow 18,", "  R3 Yellow 13→HOME 1", "  (bumps B1)"]
    assert all(r.startswith("  ") and not r[2].isspace() for r in rows[1:])
    assert not any(r.strip()[0].isdigit() for r in rows)          # "Yellow 15" is never broken
    assert " ".join(r.strip() for r in rows) == line
    assert hang("Short line", 26, "  ") == "Short line"


@run_async
async def test_a_first_hand_off_recaps_the_game_so_far_and_says_what_it_leaves_out():
    """The first hand-off of a person (or of a game opened again) has no turn of theirs to
    start from: it recaps from the game's start, the last lines of it, and says how many
    earlier lines the log has (it once showed three with no word of the rest)."""
    session = played(40)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        screen._turn_began.clear()
        lines = [t for t in map(screen.log_text, session.event_texts()) if t]
        from tui.screens.dialogs import HandoffScreen, fit_recap

        every, since_turn = screen.recap_lines(0)
        assert every == lines
        recap = fit_recap(every, HandoffScreen.recap_rows(30), "…")
        kept = len(recap) - 1
        assert not since_turn and 0 < kept < len(lines)
        assert recap[0] == f"… {len(lines) - kept} earlier lines: g on the board shows the whole log"
        assert recap[1:] == lines[-kept:]
        # as many lines as fit the box's rows (24 at 100x30, the footer, the box's own
        # lines and a margin taken), wrapped as the box wraps them: one more would not fit
        from tui.widgets.game_log import hang

        def rows(some: list[str]) -> int:
            return sum(hang(t, HandoffScreen.RECAP_WIDTH, "  ").count("\n") + 1 for t in some)

        assert HandoffScreen.recap_rows(30) == 18
        assert rows(recap) <= 18 < rows(recap) + rows(lines[-kept - 1:-kept])


@run_async
async def test_the_hand_off_recap_is_fitted_again_when_the_terminal_is_resized():
    """The recap fits the box at the height the terminal has now: taller, more of the last
    lines; shorter, fewer (it was cut once, for the height it opened at)."""
    from tui.screens.dialogs import HandoffScreen, fit_recap

    session = played(60)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        board = board_screen(app)
        board._turn_began.clear()
        lines, since_turn = board.recap_lines(0)
        await app.push_screen(HandoffScreen("Red", lines, since_turn))
        await pilot.pause()

        def recap() -> list[str]:
            return str(app.screen.query_one("#handoff-recent").render()).split("\n")

        def left_out(shown: list[str]) -> int:
            assert shown[0] == "The game so far:" and shown[1].startswith("… "), shown[:2]
            return int(shown[1].split()[1])

        at_30 = recap()                     # 18 rows for the recap at 30 rows (as the board cuts it)
        assert len(at_30) - 1 == 18 and left_out(at_30) == int(fit_recap(lines, 18, "…")[0].split()[1])
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        at_40 = recap()                     # 28 rows: more of the last lines, the same last ones
        assert len(at_40) - 1 == 28 and left_out(at_40) < left_out(at_30) and at_40[-17:] == at_30[-17:]
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        at_24 = recap()                     # 12 rows: fewer
        assert len(at_24) - 1 == 12 and left_out(at_24) > left_out(at_30) and at_24[-11:] == at_30[-11:]


@run_async
async def test_in_game_2_of_a_match_the_log_and_a_first_hand_off_speak_of_the_match():
    """From game 2 of a points match the whole log and a recap from the start hold game 1
    too: the log counts 'moves in the match' (the header counts the game's), and the
    hand-off says 'The match so far:'."""
    from tui.screens.dialogs import HandoffScreen
    from tui.screens.sorry import GameEndScreen

    from .helpers import session_at

    session = session_at([["home", "home", "home", "safe:5"], ["home", "track:3"]],
                         kinds=("human", "human"), variant="points", target=250, seed=3,
                         hands=[["1", "2", "3", "4", "5"], ["7", "8", "10", "11", "12"]])
    game = session.game
    session.record.record(game.legal_moves()[0], game.play(game.legal_moves()[0]))    # Red's 1: game 1 won
    assert game.view(None)["match"]["games"] == 1 and not game.is_over
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen), what="game 1's summary")
        board = board_screen(app)
        await send(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        assert str(app.screen.query_one("#handoff-recent").render()).startswith("The match so far:")
        app.screen._last_key = 0
        await send(pilot, "enter")
        await human_turn(pilot)
        await send(pilot, "g")
        await until(pilot, lambda: isinstance(app.screen, LogScreen), what="the log")
        assert len(session.record.moves) == 1          # (game 1's last move)
        box = app.screen.query_one("#log-box")          # (filled a refresh after it opens)
        await until(pilot, lambda: box.border_subtitle == "1 move in the match so far", what="the count")
        assert "game 2 · move 1 ·" in str(board.query_one("#topbar").render())
