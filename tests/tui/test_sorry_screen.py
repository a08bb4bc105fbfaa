"""The words and the layout of the Sorry! screens: move descriptions, the log, the results of a
points match, the side column at 80 x 24, the card in the centre of the large board."""
from __future__ import annotations

import pytest

from engine.sorry import SorryGame
from tui.session import GameSpec, Session
from tui.screens.turns import MoveList

from .helpers import (app_for, board_screen, footer_fits, footer_settles, human_turn, one_from_home, run_async,
                      screen_text, scrolled, seats, select_card, send, session_at, until)


def log_text(screen) -> str:
    """The log's lines, its wrapped lines joined again."""
    return " ".join(strip.text.strip() for strip in screen.game_log().lines)


async def highlight(pilot, screen, kind: str) -> None:
    """Tab through the moves until one of `kind` is highlighted."""
    moves = screen.query_one(MoveList)
    for _ in range(moves.option_count):
        if screen.current_preview().move.kind == kind:
            return
        await pilot.press("tab")
    raise AssertionError(f"no {kind} move")


# ---------------------------------------------------------------- 1. move descriptions
@run_async
async def test_the_winning_move_of_a_points_game_is_described_without_doubled_punctuation():
    app = app_for(one_from_home(target=100))
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        detail = str(screen.query_one("#detail").render())
        assert "wins the game!" in detail and "HOME" in detail
        assert not detail.rstrip().endswith(("!.", "?.", ".."))


@run_async
async def test_the_end_of_game_headline_is_one_sentence():
    from tui.screens.sorry import GameEndScreen, sentence

    assert [sentence(t) for t in ("Red wins game 1 (Red 85, Blue 5)", "Red wins!", "Done.", "Why?")] \
        == ["Red wins game 1 (Red 85, Blue 5).", "Red wins!", "Done.", "Why?"]
    app = app_for(one_from_home(target=250))
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameEndScreen), what="the game's end")
        text = str(app.screen.query_one("#summary-text").render())
        assert text.startswith("Red wins game 1 (Red 85, Blue 5).\n")
        assert "!." not in text and "?." not in text and ".." not in text


# ---------------------------------------------------------------- 2. "an 8", "an 11"
def test_events_say_an_8_and_an_11():
    for card, square in (("8", 12), ("11", 15), ("7", 11)):
        g = SorryGame.from_position([["track:4"], ["track:30"]], card=card, seed=1)
        move = next(m for m in g.legal_moves() if m.kind == "forward")
        text = " / ".join(map(str, g.play(move)))
        article = "an" if card in ("8", "11") else "a"
        assert f"Red's pawn 1 moved forward to square {square} with {article} {card}" in text, text
    for card, article in (("1", "a"), ("2", "a")):
        g = SorryGame.from_position([[], ["track:30"]], card=card, seed=1)
        move = next(m for m in g.legal_moves() if m.kind == "start")
        assert f"came out of START with {article} {card}" in " / ".join(map(str, g.play(move)))


def test_a_discarded_8_or_11_reads_an():
    from engine.sorry import game as sorry_game
    from engine.sorry import moves as mv

    assert str(sorry_game._no_move_event(0, "8", mv.DISCARD)) == "Red discarded an 8 without moving"
    assert str(sorry_game._no_move_event(1, "11", mv.DISCARD)) == "Blue discarded an 11 without moving"
    assert str(sorry_game._no_move_event(1, "SORRY", mv.DISCARD)) == \
        "Blue discarded a SORRY! without moving"
    assert str(sorry_game._no_move_event(0, "3", mv.DISCARD)) == "Red discarded a 3 without moving"


@run_async
async def test_the_log_says_with_an_8():
    session = session_at([["track:4"], ["track:30"]], card="8", seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await highlight(pilot, screen, "forward")
        await pilot.press("enter")
        await until(pilot, lambda: "with an 8" in log_text(screen), what="the move in the log")
        assert "R1 moved forward to square 12 with an 8" in log_text(screen)
        assert "with a 8" not in log_text(screen)


@run_async
async def test_a_pawn_reaching_home_is_logged_once():
    # the engine's "reached HOME" event repeats the move's own "… to HOME": the log keeps one
    from engine.sorry.board import HOME

    session = session_at([["safe:5", "track:10"], ["track:30"]], card="1", seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        screen.query_one(MoveList).highlighted = next(
            i for i, m in enumerate(screen._move_map) if m.parts and m.parts[0][2] == HOME)
        await pilot.press("enter")
        await until(pilot, lambda: "to HOME" in log_text(screen), what="the move in the log")
        assert "R1 moved forward to HOME with a 1" in log_text(screen)
        assert "reached HOME" not in log_text(screen)
        assert "Red's pawn 1 reached HOME" in screen.session.event_texts()     # (the engine's event stays)


# ---------------------------------------------------------------- 3. results of a points match
def _match_over_in_two_games():
    """Red (a person) and Blue: game 1 gave Red 40 and Blue 75; Red's 1 wins game 2 (85 and 5),
    which ends the match to 100."""
    session = one_from_home(target=100)
    session.game.history = [[40, 75]]
    session.game.totals = [40, 75]
    return session


@run_async
async def test_the_results_of_a_points_match_label_each_number():
    from tui.screens.results import ResultsScreen

    app = app_for(_match_over_in_two_games())
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results")
        lines = [line.strip() for line in str(app.screen.query_one("#results-text").render()).splitlines()]
        assert "Match to 100: 2 games" in lines
        assert lines[2].startswith("Sorry! (play for points), ") and lines[2].endswith(" over 2 games"), lines
        red = next(line for line in lines if line.startswith("R Red"))
        blue = next(line for line in lines if line.startswith("B Blue"))
        assert red.endswith("125 points in the match  winner") and blue.endswith("80 points in the match")
        assert "(" not in red.split("points")[-1] and "(" not in blue.split("points")[-1]
        # the game-by-game sheet, each row and column named
        assert lines[lines.index("Points       Red    Blue"):][:4] == [
            "Points       Red    Blue", "Game 1        40      75", "Game 2        85       5",
            "Total        125      80"]
        assert "Total        125      80" in screen_text(app)          # all of it on screen at 80 x 24
        # the last game had no summary of its own: who won it, why the match ends, the scoring
        # (a tester saw "Yellow wins!" just after Green finished game 2)
        words = " ".join(lines[lines.index("Total        125      80") + 1:]).strip()
        assert words.startswith("Red wins game 2 (Red 85, Blue 5). The match ends once a player has 100 points "
                                "or more; the most points then win it. Each player scores 5 per own pawn HOME"), words


@run_async
async def test_the_results_of_a_one_game_match_show_no_unlabelled_number():
    from tui.screens.results import ResultsScreen

    app = app_for(one_from_home(target=50))
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results")
        text = str(app.screen.query_one("#results-text").render())
        assert "R Red (you)" in text and "85 points in the match  winner" in text
        assert "5 points in the match\n" in text + "\n" and "(5)" not in text and "(85)" not in text
        assert "Game 1 " not in text                                    # no sheet for one game
        assert " over " not in text


# ---------------------------------------------------------------- 4. the side column at 80 x 24
def _side_fits(app) -> None:
    """Every panel of the side column whole on the screen, above the footer, none overlapping."""
    screen = board_screen(app)
    height = app.size.height
    regions = [screen.query_one(f"#{name}").region for name in ("status", "moves", "detail", "scores")]
    assert all(r.height > 0 for r in regions), regions
    for upper, lower in zip(regions, regions[1:]):
        assert upper.bottom <= lower.y, regions
    assert regions[-1].bottom <= height - 1, regions                  # the footer's row is free
    rows = screen_text(app).splitlines()
    scores = regions[-1]
    assert rows[scores.bottom - 1][scores.x] == "╰" and rows[scores.bottom - 1][scores.right - 1] == "╯"


def _moves_shown(app) -> tuple[int, int]:
    """(moves listed, moves the list shows without scrolling)"""
    moves = board_screen(app).query_one(MoveList)
    return moves.option_count, moves.scrollable_content_region.height


@run_async
async def test_every_move_of_the_11_shows_at_80x24_in_a_points_game_of_four():
    # The tester's position: Red (a person) holds 2 7 11 12 12, three opponents to switch with.
    hands = [["2", "7", "11", "12", "12"], ["1", "3", "4", "5", "8"], ["1", "3", "4", "5", "8"],
             ["1", "3", "4", "5", "10"]]
    session = session_at([["track:4"], ["track:20"], ["track:30"], ["track:45"]],
                         kinds=("human", "human", "normal", "normal"), variant="points", hands=hands,
                         target=100, seed=3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        from tui.screens.dialogs import HandoffScreen

        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), what="the hand-off")
        await pilot.press("enter")
        await human_turn(pilot)
        screen = board_screen(app)
        for _ in range(5):
            if screen.query_one(MoveList).border_title.startswith("Moves with the 11"):
                break
            await pilot.press("right")
        assert screen.query_one(MoveList).border_title.startswith("Moves with the 11 (4)")
        text = screen_text(app)
        for line in ("R1 4 → 15", "R1 4 ⇄ B1 20", "R1 4 ⇄ Y1 30", "R1 4 ⇄ G1 45"):
            assert line in text
        count, shown = _moves_shown(app)
        assert count <= shown
        _side_fits(app)
        assert "Red to play" in str(screen.query_one("#status").border_title)
        assert "Game 1, first to 100 points" in text                   # the Match panel, whole


@run_async
async def test_a_hand_whose_only_moves_are_switches_starts_on_the_11_and_says_the_discard_is_a_choice():
    # S-13.4 (Decision): from square 1 no card fits before HOME, but the 11 switches with
    # Yellow on 40, which then slides from Red's triangle on 1 to square 4
    hands = [["8", "8", "11", "11", "12"], ["1", "3", "4", "5", "8"], ["1", "3", "4", "5", "8"],
             ["1", "3", "4", "5", "10"]]
    session = session_at([["track:1", "start", "start", "start"], ["track:20"], ["track:40"], ["track:50"]],
                         kinds=("human", "normal", "normal", "normal"), variant="points", hands=hands,
                         target=0, seed=5)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen.query_one(MoveList).border_title == "Moves with the 11 (4)"
        await highlight(pilot, screen, "discard")
        assert "Only 11 switches are possible" in screen.current_preview().detail
        # each pawn of a switch lands on the other's square, with its own label; a slide goes on
        moves = screen.query_one(MoveList)
        moves.highlighted = next(i for i, p in screen._previews.items() if "Y1 40" in p.lines[0])
        await pilot.pause()
        preview = screen.current_preview()
        assert "Y1 slides to square 4" in preview.detail
        board = screen.query_one("#board")
        marks = {(place, role, pawn) for place, role, pawn in board.state.marks}
        assert marks == {(("track", 40), "to1", 0), (("track", 1), "to2", 8), (("track", 4), "end2", 8)}
        text = screen_text(app)
        assert "◆R1" in text and "◆Y1" in text and "▸Y1" in text      # not R1 twice (its label was kept)


@pytest.mark.parametrize("variant,players", [("standard", 2), ("standard", 3), ("standard", 4),
                                              ("teams", 4), ("points", 2), ("points", 3), ("points", 4)])
@run_async
async def test_the_side_column_keeps_its_panels_whole_at_80x24(variant, players):
    from engine import bots

    spec = GameSpec(game="sorry", players=players, variant=variant, seed=11,
                    seats=seats("human", *["normal"] * (players - 1)))
    session = Session.new(spec, autosave=False)
    g = session.game
    # some way in, to a turn of Red's with a choice of moves
    while not g.is_over and (len(session.record.moves) < 24 or g.to_act != 0 or len(g.legal_moves()) < 2):
        session.play(bots.choose(g, "normal", session.bot_seed()))
    session.autosave = True
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        cards = len(screen._cards) if variant == "points" else 1
        for _ in range(max(1, cards)):
            _side_fits(app)
            count, shown = _moves_shown(app)
            assert count <= shown or shown >= 4, (count, shown)          # a long list scrolls
            if variant == "points":
                await pilot.press("right")


# ---------------------------------------------------------------- 5. the card on the large board
def _board_rows(app) -> list[str]:
    board = board_screen(app).query_one("#board")
    rows = screen_text(app).splitlines()
    r = board.region
    return [row[r.x:r.right] for row in rows[r.y:r.bottom]]


def _card_box(rows: list[str]) -> list[str]:
    """The rows of the card drawn in the centre of the board, its frame included."""
    top = next(i for i, row in enumerate(rows) if "╭──────────────╮" in row)
    bottom = next(i for i in range(top, len(rows)) if "╰──────────────╯" in rows[i])
    x = rows[top].index("╭──────────────╮")
    return [row[x:x + 16] for row in rows[top:bottom + 1]]


@run_async
async def test_the_large_card_shows_only_the_card():
    session = session_at([["track:4"], ["track:30"]], card="SORRY", seed=1)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await human_turn(pilot)
        rows = _board_rows(app)
        card = _card_box(rows)
        inside = " ".join(row[1:-1].strip() for row in card[1:-1]).split()
        assert inside == ["SORRY!"], card
        assert sum("to play" in row for row in rows) == 1                  # "Red to play", above it
        title = next(i for i, row in enumerate(rows) if "Red to play" in row)
        assert title < next(i for i, row in enumerate(rows) if "╭──────────────╮" in row)


@run_async
async def test_the_large_card_caption_of_a_points_game_is_under_the_card():
    hands = [["1", "3", "4", "5", "12"], ["2", "3", "5", "8", "11"]]
    session = session_at([["track:4"], ["track:30"]], variant="points", hands=hands, seed=1)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await human_turn(pilot)
        rows = _board_rows(app)
        card = _card_box(rows)
        inside = " ".join(row[1:-1].strip() for row in card[1:-1]).split()
        assert len(inside) == 1 and inside[0] in {"1", "3", "4", "5", "12"}, card
        bottom = next(i for i, row in enumerate(rows) if "╰──────────────╯" in row)
        assert "your pick" in rows[bottom + 1] and "│" not in rows[bottom + 1].strip()[:1]


@run_async
async def test_the_results_of_a_long_match_scroll_from_the_keyboard():
    """Sixteen games to 500 points: the results box is taller than 80x24, so its footer
    offers the scroll keys and End reaches the Total row."""
    from engine import bots
    from tui.screens.results import ResultsScreen
    from tui.session import GameSpec, Session

    spec = GameSpec(game="sorry", players=4, seats=seats("human", "easy", "easy", "easy"), seed=0,
                    variant="points", target=500)
    session = Session.new(spec, autosave=False)
    while not session.game.is_over:
        session.play(bots.choose(session.game, "easy", session.bot_seed()))
    session.autosave = True
    session.save()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results")
        await pilot.pause()
        box = app.screen.query_one("#results")
        assert box.max_scroll_y > 0
        await footer_settles(pilot, shows=("↑/↓ Scroll",))
        assert "Total" not in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert "Total" in screen_text(app)


@run_async
async def test_a_sevens_splits_are_listed_in_a_steady_order():
    # the engine lists a split whose part slides or bumps after the others; the list goes by
    # the first part's pawn and count, 1+6 to 6+1, whatever each does
    session = session_at([["track:1", "track:56"], ["track:5"]], card="7", seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        from tui import sorry_view as sv

        splits = [sv.parts_of(m)[0] for m in screen._move_map if m.kind == "split"]
        keys = [(pawn, sv._split_steps(screen.game, pawn, frm, to)) for pawn, frm, to in splits]
        assert len(keys) >= 5 and keys == sorted(keys), keys
        engine_order = [m for m in screen.game.legal_moves() if m.kind == "split"]
        assert engine_order != [m for m in screen._move_map if m.kind == "split"]   # (the case at hand)


def test_the_move_list_names_the_pawn_a_move_bumps_and_warns_of_a_partner():
    from engine.sorry.game import SorryGame
    from themes import glyphs
    from tui import sorry_view as sv

    g = SorryGame.from_position([["start"], ["track:5"], ["track:50"], ["track:20"]], variant="teams",
                                card="SORRY", to_act=0, seed=1)
    previews = {p.lines[0]: p.detail for p in (sv.preview(g, m, glyphs()) for m in g.legal_moves())}
    assert previews["SORRY! R1 START → 5 ✕B1"] == "Bumps B1 back to START."
    assert previews["SORRY! R1 START → 50 ✕Y1"] == "Bumps Y1 (your partner's) back to START."
    # a slide that sweeps one of your own pawns: yours, not your partner's
    g = SorryGame.from_position([["track:14", "track:17"], [], ["track:40"], []], variant="teams",
                                card="2", to_act=0, seed=1)
    previews = {p.lines[0]: p.detail for p in (sv.preview(g, m, glyphs()) for m in g.legal_moves())}
    assert "R1 slides to square 19; bumps R2 back to START." in previews.values()
    # the line says where the slide ends, so R2 (on 17) is not read as standing on 16
    assert previews["R1 14 → 16 ▸19 ✕R2"] == "R1 slides to square 19; bumps R2 back to START."
    assert "R1 14 -> 16 %19 xR2" in [sv.preview(g, m, glyphs(True)).lines[0] for m in g.legal_moves()]


@run_async
async def test_a_move_that_bumps_your_own_team_comes_last_in_the_list():
    # partners, a SORRY!: the engine lists R1 onto Yellow's pawn (Red's partner) first; Enter
    # on the fresh list must not send the team's own pawn home, so it comes after the others
    session = session_at([["start"], [], ["track:5"], ["track:20"]], kinds=("human", "normal", "normal", "normal"),
                         variant="teams", card="SORRY", seed=1)
    assert str(session.game.legal_moves()[0]).endswith("track:5")             # (the case at hand)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        lines = [p.lines[0] for _, p in sorted(screen._previews.items())]
        assert lines[-1] == "SORRY! R1 START → 5 ✕Y1", lines
        assert screen.current_preview().lines[0] == lines[0] != lines[-1]
        assert [str(m) for m in screen._move_map][-1].endswith("track:5")       # the map follows


def test_each_bump_is_named_on_the_line_of_the_pawn_that_makes_it():
    """A 7 split whose two parts both slide: the pawn swept goes on the line of the slide that
    swept it (as the engine tells it), and a part swept by the other part's slide is marked as
    sent back on the board, not as landing. An 11 switch that slides says so on its line."""
    from engine.sorry.game import SorryGame
    from themes import glyphs
    from tui import sorry_view as sv

    def previews(g):
        return {tuple(p.lines): p for p in (sv.preview(g, m, glyphs()) for m in g.legal_moves())}

    for yellow, lines in (("track:26", ("7 split: R1 11 → 16 (5) ▸19", "+ R2 22 → 24 (2) ▸28 ✕Y1")),
                          ("track:18", ("7 split: R1 11 → 16 (5) ▸19 ✕Y1", "+ R2 22 → 24 (2) ▸28"))):
        g = SorryGame.from_position([["track:11", "track:22"], ["track:40"], [yellow], []], card="7",
                                    to_act=0, seed=1)
        assert lines in previews(g), (yellow, list(previews(g)))
    g = SorryGame.from_position([["track:20", "track:22"], ["track:40"], [], []], card="7", to_act=0, seed=1)
    p = previews(g)[("7 split: R2 22 → 25 (3)", "+ R1 20 → 24 (4) ▸28 ✕R2")]
    assert (("track", 25), "bumped") in p.marks and not any(role == "to1" for _, role in p.marks)
    assert p.detail == "R2 is sent back to START; R1 slides to square 28."
    g = SorryGame.from_position([["track:40"], ["track:16"], [], ["track:18"]], card="11", to_act=0, seed=1)
    lines = [line for key in previews(g) for line in key]
    assert "R1 40 ⇄ B1 16, R1 ▸19 ✕G1" in lines and "R1 40 ⇄ G1 18" in lines, lines
    # a switch whose slide sweeps the other pawn of the switch: marked as sent back, on the board too
    g = SorryGame.from_position([["start", "track:28"], ["start", "start", "start", "track:24"], [], []],
                                card="11", to_act=0, seed=1)
    p = previews(g)[("R2 28 ⇄ B4 24, R2 ▸28 ✕B4",)]
    assert sorted(role for _, role in p.marks) == ["bumped", "end1", "to1"], p.marks
    assert (("track", 28), "bumped") in p.marks


@run_async
async def test_after_a_2_the_turn_panel_says_the_same_player_plays_again():
    session = session_at([["track:20"], ["track:40"]], card="2", seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        panel = screen.query_one("#status")
        assert panel.border_title == "Red to play"
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) == 1 and screen.awaiting, what="Red's second play")
        await pilot.pause()
        assert panel.border_title == "Red to play again (the 2)"


@run_async
async def test_an_enter_typed_twice_on_a_2_does_not_play_the_new_card_unseen(monkeypatch):
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)    # (long: a busy machine keeps it meaningful)
    session = session_at([["track:20"], ["track:40"]], card="2", seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await send(pilot, "enter")                  # the 2
        await until(pilot, lambda: len(session.record.moves) == 1 and screen.awaiting, what="Red's second play")
        await footer_settles(pilot, shows=("Play",))   # the list takes Enter again (a busy machine: later)
        graced: list[bool] = []                     # (the key's handling, seen: not a test of nothing)
        real = screen.in_turn_grace
        monkeypatch.setattr(screen, "in_turn_grace", lambda: graced.append(real()) or graced[-1])
        notes: list[str] = []                       # (recorded: a shown note expires after 2 s)
        monkeypatch.setattr(screen, "notify", lambda message, **kw: notes.append(message))
        await send(pilot, "enter")                  # the same Enter again: the new card is not played
        await until(pilot, lambda: graced, what="the second Enter handled")
        assert graced == [True] and len(session.record.moves) == 1 and screen.awaiting
        assert notes == [base.GRACE_NOTE]           # not a silent no
        await send(pilot, "enter")                  # again within the moment: the note once a turn
        await until(pilot, lambda: len(graced) == 2, what="the third Enter handled")
        assert graced == [True, True] and notes == [base.GRACE_NOTE] and len(session.record.moves) == 1
        screen._turn_shown_at -= base.KEY_GRACE
        await footer_settles(pilot, shows=("Play",))
        await send(pilot, "enter")                  # a moment later: Red's own choice
        # (>= 2: Blue may have played already, and a check for exactly 2 then waits in vain)
        await until(pilot, lambda: len(session.record.moves) >= 2, what="Red's second card")
        assert session.record.moves[1]["seat"] == 0 and graced[2] is False


# ---------------------------------------------------------------- 3. a pawn's moves, and why not
def option_texts(screen) -> list[str]:
    ml = screen.query_one(MoveList)
    return [" ".join(str(ml.get_option_at_index(i).prompt).split()) for i in range(ml.option_count)]


@run_async
async def test_the_teams_panel_gives_its_rows_to_the_moves_below_30_rows():
    # at 80 x 24 the teams' totals go in the panel's title and the players are listed team by
    # team: two rows more for the moves (a 7's split takes two); from 30 rows, a line per team
    session = session_at([["track:14", "track:17", "home"], ["track:12"], ["track:30"], ["track:5"]],
                         kinds=("human", "normal", "normal", "normal"), card="7", variant="teams", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        panel = screen.query_one("#scores")
        assert panel.border_title == "Teams R+Y 1/8 · B+G 0/8"
        assert [line.split()[:2] for line in str(panel.render()).splitlines()] == [
            ["R", "Red"], ["Y", "Yellow"], ["B", "Blue"], ["G", "Green"]]
        assert screen.query_one(MoveList).content_size.height >= 6
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: panel.border_title == "Teams", what="the full Teams panel")
        lines = str(panel.render()).splitlines()
        assert lines[:2] == ["Red + Yellow      1/8 home", "Blue + Green      0/8 home"], lines


@run_async
async def test_a_match_to_one_point_says_point():
    app = app_for(one_from_home(target=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        text = str(board_screen(app).query_one("#scores").render())
        assert text.startswith("Game 1, first to 1 point\n"), text


@run_async
async def test_a_partners_pawn_number_answers_when_the_card_moves_one_pawn():
    # the 4 moves only Yellow's pawn 1 (Red's are in START): no numbers in the footer, yet 5-8
    # (the partner's) and 1-4 answer
    session = session_at([[], ["track:12"], ["track:30"], ["track:5"]],
                         kinds=("human", "normal", "normal", "normal"), card="4", variant="teams", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        assert ml.option_count == 1
        await footer_settles(pilot, hides=("1-8 Pawn", "0 All"))
        await pilot.press("6")                     # Yellow's pawn 2, in START: Y2's own line
        assert option_texts(screen)[0].startswith("Y2 has no move with the 4."), option_texts(screen)
        await pilot.press("5")
        assert ml.border_title == "Moves · Y1 (1)"
        await pilot.press("2")                     # Red's own, in START (all alike): R2, the pawn pressed
        assert option_texts(screen)[0].startswith("R2 has no move with the 4."), option_texts(screen)
        await footer_settles(pilot, shows=("1-8 Pawn", "0 All"))


@run_async
async def test_another_start_pawns_number_keeps_the_list_narrowed_to_the_pawn_that_stands_for_it():
    # 4 then 3: both in START, where R2 (out first) stands for them; 3 let R2 go, as if it
    # were 4 again; only the same number (or 0) does
    session = session_at([["track:10"], ["track:40"]], card="1", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        assert ml.border_title == "Moves (2)"
        stands = "is in START: R2 stands for it (START's pawns are alike; R2 comes out first)."
        await pilot.press("4")
        assert ml.border_title == "Moves · R2 (1)"
        assert f"R4 {stands}" in option_texts(screen), option_texts(screen)     # (a tester pressed 2, saw R1)
        await pilot.press("3")
        assert ml.border_title == "Moves · R2 (1)"
        assert f"R3 {stands}" in option_texts(screen), option_texts(screen)
        await pilot.press("4")
        assert ml.border_title == "Moves (2)"
        await pilot.press("3")
        assert ml.border_title == "Moves · R2 (1)"
        await pilot.press("2")                     # R2's own number after 3: kept too
        assert ml.border_title == "Moves · R2 (1)"
        assert not any("stands for" in text for text in option_texts(screen)), option_texts(screen)
        await pilot.press("0")
        assert ml.border_title == "Moves (2)"


@run_async
async def test_a_number_leaves_a_pass_alone_and_help_lists_the_partners_keys_on_a_bots_turn():
    from tui.screens.help import key_rows
    from tui.screens.sorry import _PARTNER_HELP

    session = session_at([[], ["track:12"]], card="3", seed=1)       # every pawn in START: a pass
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        title = ml.border_title
        await pilot.press("2")
        assert ml.border_title == title and not screen._pieces      # (the list says why already)
        await footer_settles(pilot, hides=("1-4 Pawn", "0 All"))
    session = session_at([["track:10"], ["track:12"], ["track:30"], ["track:5"]],
                         kinds=("human", "normal", "normal", "normal"), card="4", variant="teams",
                         to_act=1, seed=1)
    app = app_for(session, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="Blue's move on show")
        listed = key_rows(screen)
        rows = dict((what, keys) for keys, what in listed)
        assert rows[_PARTNER_HELP] == "5 6 7 8", rows
        order = [keys for keys, _ in listed]
        assert order.index("5 6 7 8") == order.index("0") + 1, order     # by the other number keys
        await send(pilot, "space")


@run_async
async def test_a_pawn_number_narrows_a_long_list_to_that_pawns_moves():
    # four pawns out and a 7: every single 7 and every split; 3 keeps R3's, a second number a pair's
    session = session_at([["track:10", "track:20", "track:30", "track:40"], ["track:12"]], card="7", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        every = ml.option_count
        assert every == len(session.game.legal_moves()) > 30
        await footer_settles(pilot, shows=("1-4 Pawn",), hides=("0 All",))
        await pilot.press("3")
        await pilot.pause()
        await footer_settles(pilot, shows=("0 All",))     # the way back, while narrowed
        mine = [m for m in session.game.legal_moves() if any(p == 2 for p, _, _ in m.parts)]
        assert ml.border_title == f"Moves · R3 ({len(mine)})" and screen._move_map == \
            screen.list_order(mine)
        assert ml.highlighted == 0 and screen.current_preview().move is screen._move_map[0]
        await pilot.press("1")                     # a second pawn: the splits of R3 and R1
        pair = screen._move_map
        assert ml.border_title == f"Moves · R3+R1 ({len(pair)})" and len(pair) == 6
        assert all(sorted(p for p, _, _ in m.parts) == [0, 2] for m in pair)
        await pilot.press("3")                     # again: R3 let go, R1's moves
        assert ml.border_title.startswith("Moves · R1 (")
        await pilot.press("0")
        assert ml.option_count == every and ml.border_title == f"Moves ({every})"
        await footer_settles(pilot, hides=("0 All",))
        await pilot.press("1")
        await send(pilot, "enter")                 # the first of R1's moves is played
        await until(pilot, lambda: len(session.record.moves) == 1, what="Red's move")
        assert session.game.positions()[0][0] != "track:10"


@run_async
async def test_a_second_pawn_that_no_split_moves_says_so():
    session = session_at([["track:10", "track:20", "start", "start"], ["track:12"]], card="7", seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await pilot.press("1", "3")                # R3 is in START: no split of R1 and R3
        assert option_texts(screen) == [
            "No split of the 7 moves both R1 and R3, and R3 has no move with the 7. "
            "R3 is in START, and only a 1, a 2 or a SORRY! brings a pawn out. 0 shows every pawn's moves."]
        await pilot.press("1")                     # R1 alone again: no word of a pair
        assert not any("No split" in t for t in option_texts(screen))
        await pilot.press("2")                     # R1 and R2 split the 7
        assert screen.query_one(MoveList).border_title.startswith("Moves · R1+R2 (")


@run_async
async def test_in_partners_5_to_8_choose_the_partners_pawns():
    session = session_at([["track:10", "track:20"], ["track:12"], ["track:30", "track:40"], ["track:5"]],
                         kinds=("human", "normal", "normal", "normal"), card="7", variant="teams", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        await footer_settles(pilot, shows=("1-8 Pawn",))
        await pilot.press("6")                     # Yellow's pawn 2
        assert ml.border_title.startswith("Moves · Y2 (")
        assert all(any(p == 9 for p, _, _ in m.parts) for m in screen._move_map)
        await pilot.press("3")                     # R3 is in START, and a 7 never brings one out
        text = option_texts(screen)[0]
        assert text.startswith("No split of the 7 moves both Y2 and R3, and "
                               "R3 has no move with the 7. R3 is in START") and text.endswith(
            " 0 shows every pawn's moves."), text
        await footer_settles(pilot, hides=("Play",))     # the footer: no move to play


@run_async
async def test_a_second_number_with_an_11_chooses_that_pawn_though_the_two_can_switch():
    """An 11's switch moves two pawns, but only a 7 splits: 2 then 5 shows Y1's moves (it
    once kept R2 shown and stored the pair, and 2 again then showed Y1's)."""
    session = session_at([["track:10", "start"], ["track:56"], ["track:34"], ["track:5"]],
                         kinds=("human", "normal", "normal", "normal"), card="11", variant="teams", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        await pilot.press("1")
        assert ml.border_title.startswith("Moves · R1 (")
        await pilot.press("5")                     # Yellow's pawn 1, which R1 can switch with
        assert ml.border_title.startswith("Moves · Y1 (") and screen._pieces == (8,)
        assert all(any(p == 8 for p, _, _ in m.parts) for m in screen._move_map)
        await pilot.press("1")                     # R1 again: R1's moves
        assert ml.border_title.startswith("Moves · R1 (") and screen._pieces == (0,)
        await pilot.press("1")                     # the same number again: every pawn's
        assert ml.border_title.startswith("Moves (")


@run_async
async def test_a_card_without_a_move_says_why_and_a_10_without_a_forward_move_too():
    session = session_at([["safe:4", "safe:3", "start", "start"], ["track:12"]], card="5", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        texts = option_texts(board_screen(app))
        assert texts == ["Pass (no move) R3 and R4 are in START, and only a 1, a 2 or a SORRY! brings a pawn out; "
                         "R1 and R2 are 2 and 3 squares from HOME: a 5 would go past it."]
    session = session_at([["safe:1", "safe:3", "start", "start"], ["track:12"]], card="10", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        texts = option_texts(screen)
        assert len(screen._move_map) == 2 and all(m.kind == "backward" for m in screen._move_map)
        assert texts[2] == "No pawn can move 10 forward: R1 and R2 are only 5 and 3 squares from HOME; " \
                           "R3 and R4 are in START."
        assert screen.query_one(MoveList).get_option_at_index(2).disabled
        ml = screen.query_one(MoveList)
        for expected in (1, 0, 1):                 # Tab goes round the two moves, never to the note
            await pilot.press("tab")
            await until(pilot, lambda: ml.highlighted == expected, what=f"move {expected} highlighted")


@run_async
async def test_a_points_card_without_a_move_says_why():
    from engine.sorry.why import no_move_reason
    from tui import sorry_view as sv

    session = session_at([["safe:4", "safe:5", "start", "start"], ["track:40"]], variant="points",
                         hands=[["3", "1", "8", "12", "4"], ["5", "5", "5", "5", "7"]], seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen._selected_card() == "1"          # the first card that moves
        await select_card(pilot, screen, "3", "left")
        reason = sv.plain(no_move_reason(session.game, "3"))
        assert reason == ("R3 and R4 are in START, and only a 1, a 2 or a SORRY! brings a pawn out; "
                          "R1 and R2 are 2 and 1 squares from HOME: a 3 would go past it.")
        assert option_texts(screen) == [f"No move with the 3: {reason} ←/→ for another card."]
    session = session_at([["start", "start", "start", "start"], ["track:40"]], variant="points",
                         hands=[["8", "1", "3", "12", "4"], ["5", "5", "5", "5", "7"]], seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "8", "left")
        assert option_texts(screen)[0].startswith("No move with the 8: all four of Red's pawns are in "
                                                  "START"), option_texts(screen)     # (not "All")


@run_async
async def test_a_reason_the_box_cuts_off_scrolls_into_view_at_80x24():
    """A dead hand's discard with a long reason: the hand wraps and leaves the list 5 rows,
    so ↓ (and End) at the last move scroll to the rest of the reason, ↑ and Home back."""
    session = session_at([["start", "safe:1", "start", "start"], ["track:12", "track:30"], ["track:40"],
                          ["track:50"]], kinds=("human", "normal", "normal", "normal"), variant="points",
                         hands=[["8", "11", "11", "11", "12"], *[["2", "3", "4", "5", "7"]] * 2,
                                ["2", "3", "4", "5", "8"]], seed=7)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        await select_card(pilot, screen, "11")
        await pilot.pause()
        assert ml.max_scroll_y > 0 and ml.scroll_y == 0
        end = "│  the track to switch."       # the reason's last row (the rows after its first hang)
        assert end not in screen_text(app)
        for _ in range(ml.max_scroll_y):
            await pilot.press("down")
        await scrolled(pilot, ml, lambda: ml.max_scroll_y)
        assert ml.highlighted == 0 and end in screen_text(app)
        await pilot.press("up")
        await scrolled(pilot, ml, lambda: ml.max_scroll_y - 1)
        await pilot.press("home")
        await scrolled(pilot, ml, 0)
        await pilot.press("end")
        await scrolled(pilot, ml, lambda: ml.max_scroll_y)
        assert ml.highlighted == 0
        # wider, the reason's lines wrap again to the list's new width (once the size settles)
        rows = str(ml.get_option_at_index(0).prompt).count("\n")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: str(ml.get_option_at_index(0).prompt).count("\n") < rows, what="the rewrap")
        assert ml.highlighted == 0 and all(len(row) <= ml.scrollable_content_region.width
                                           for row in str(ml.get_option_at_index(0).prompt).splitlines())


@run_async
async def test_a_move_out_of_start_or_into_home_is_marked_in_the_box():
    session = session_at([["safe:5", "safe:2", "start", "start"], ["track:12"]], card="1", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen.current_preview().move.kind == "start"
        assert "◇R3 R4" in screen_text(app)          # the pawn that comes out, in START
        await pilot.press("tab")
        await until(pilot, lambda: screen.current_preview().lines[0] == "R1 S5 → HOME", what="the move HOME")
        assert "◆R1" in screen_text(app)             # where it lands: HOME


@run_async
async def test_the_large_board_has_the_log_beside_it_where_it_shows_more_lines():
    from .test_log import played

    session = played(40)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await until(pilot, lambda: screen.game_log().id == "log-side" and screen.game_log().lines,
                    what="the log beside the board")
        log = screen.game_log()
        assert log.scrollable_content_region.height >= 10
        played = len(session.record.events)
        await send(pilot, "enter")                 # a move played at 120x40 goes to this log
        await until(pilot, lambda: len(session.record.events) > played, what="Red's move")
        line = next(t for t in map(screen.log_text, session.event_texts()[played:]) if t)
        await until(pilot, lambda: line in log_text(screen), what="the move in the log beside")
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: screen.game_log().id == "log" and line in log_text(screen),
                    what="the log under the board, with that move")


@run_async
async def test_a_bots_pass_or_discard_is_titled_to_fit_and_its_card_is_in_the_centre():
    session = session_at([["start"] * 4, ["start"] * 4], kinds=("human", "normal"), card="SORRY",
                         to_act=1, seed=1)
    app = app_for(session, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="Blue's pass on show")
        await pilot.pause()
        # "Blue passes with the SORRY!" would be cut at 80 columns: the card is in the centre
        assert screen.query_one(MoveList).border_title == "Blue passes"
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: screen.query_one(MoveList).border_title == "Blue passes with the SORRY!",
                    what="the whole title at 100 columns")
        await send(pilot, "space")
    session = session_at([["track:10"], ["start", "safe:1", "start", "start"]], kinds=("human", "normal"),
                         variant="points", to_act=1, seed=7,
                         hands=[["1", "2", "3", "4", "5"], ["8", "11", "11", "7", "12"]])
    app = app_for(session, bot_delay=30)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="Blue's discard on show")
        await pilot.pause()
        card = screen._bot_move.card
        assert screen.query_one(MoveList).border_title == f"Blue discards the {card}"
        board = screen.query_one("#board").state
        assert (board.card, board.card_caption) == (card, "discarded")   # not the card played before
        await send(pilot, "space")


@run_async
async def test_page_down_past_the_moves_keeps_one_highlighted_and_shows_the_note():
    # two moves of the 10 and a note why none goes 10 forward, at 80x24
    session = session_at([["safe:1", "safe:3", "start", "start"], ["track:12"]], card="10", seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        ml = screen.query_one(MoveList)
        assert ml.option_count == 3 and ml.get_option_at_index(2).disabled
        for key in ("pagedown", "pagedown", "pagedown"):
            await pilot.press(key)
            assert ml.highlighted in (0, 1), key
        await scrolled(pilot, ml, lambda: ml.max_scroll_y)
        assert ml.highlighted == 1
        assert screen.current_preview().move is screen._move_map[1]     # the board shows that move
        await pilot.press("pageup", "pageup", "pageup")
        await scrolled(pilot, ml, 0)
        assert ml.highlighted == 0


@run_async
async def test_a_pass_with_a_2_says_the_player_draws_again():
    session = session_at([["safe:5", "home", "home", "home"], ["track:12"]], card="2", seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        assert screen.current_preview().move.kind == "pass"
        detail = " ".join(str(screen.query_one("#detail").render()).split())
        assert detail == "Draw again (the 2).", detail
    session = session_at([["safe:5", "home", "home", "home"], ["track:12"]], card="3", seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        detail = " ".join(str(board_screen(app).query_one("#detail").render()).split())
        assert detail == "The turn is lost.", detail


@run_async
async def test_in_partners_the_log_names_who_moved_a_partners_pawn():
    session = session_at([["track:10"], ["track:20"], ["track:40"], ["track:50"]],
                         kinds=("human", "normal", "normal", "normal"), card="1", variant="teams", seed=1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        while screen.current_preview().lines[0] != "Y1 40 → 41":
            await pilot.press("tab")
        await send(pilot, "enter")
        await until(pilot, lambda: session.record.moves, what="Red's move")
        assert "Red: Y1 moved forward to square 41 with a 1" in log_text(screen)


@run_async
async def test_a_points_hand_shown_during_a_bots_turn_is_said_to_be_yours():
    # under "Blue to play" a bare "Hand:" read as Blue's cards: it is the person's own
    from tests.tui.helpers import bot_played

    session = bot_played(variant="points", seed=15, done=lambda s: s.game.to_act == 1)
    app = app_for(session, bot_delay=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = board_screen(app)
        await until(pilot, lambda: screen._bot_move is not None, what="Blue's move on show")
        status = screen.query_one("#status")
        assert status.border_title.startswith("Blue")
        assert str(status.render()).startswith("Yours: "), str(status.render())
        screen.action_skip()
        await until(pilot, lambda: screen.awaiting, what="Red's turn")
        await pilot.pause()
        assert str(status.render()).startswith("Hand: ")


@run_async
async def test_the_footer_leaves_out_the_palette_key_when_the_boards_keys_need_its_room():
    """Sorry! points at 80 columns, a 7 narrowed to R1: the card, Tab, the numbers and 0 leave
    no room for '^p palette' (it was drawn over '? Help'); with fewer keys it is back."""
    hand = ["7", "2", "3", "5", "8"]
    session = session_at([["track:10", "track:20", "track:30", "start"], ["track:12"], ["track:40"], ["track:50"]],
                         kinds=("human", "normal", "normal", "normal"), variant="points", seed=1,
                         hands=[hand] + [["1", "2", "3", "4", "5"]] * 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        screen = board_screen(app)
        await select_card(pilot, screen, "7")
        await footer_settles(pilot)
        assert "ctrl+p" in [k.key for k in app.screen.query("FooterKey")]
        await pilot.press("1")
        await footer_settles(pilot, shows=("0 All",))
        keys = footer_fits(app)             # (nothing under the palette's key, none past the edge)
        assert keys[-3:] == ["1", "0", "question_mark"] and "tab" in keys
        assert "ctrl+p" not in [k.key for k in app.screen.query("FooterKey")]
        await pilot.press("0")
        await footer_settles(pilot, hides=("0 All",))
        assert "ctrl+p" in [k.key for k in app.screen.query("FooterKey")]


@run_async
async def test_a_long_note_under_the_moves_is_shown_whole():
    """The note under the moves grows to the longest listed move's (four rows at most, and
    never below the move list's least): at 80 x 24 two fixed rows cut about one note in seven."""
    session = session_at([["track:0"], ["track:30"]], kinds=("human", "normal"), variant="points", seed=1,
                         hands=[["11", "12", "12", "12", "12"], ["1", "2", "3", "4", "5"]])
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:          # (R1 is 8 squares from HOME: the 12s
        await human_turn(pilot)                                # move nothing, the 11 only switches)
        screen = board_screen(app)
        await select_card(pilot, screen, "12")
        await pilot.pause()
        notes = [p.detail for p in screen._previews.values()]
        note = screen.current_preview().detail
        assert len(note) > 2 * 29 and note == max(notes, key=len), notes      # (29 cells a row here)
        shown = screen_text(app).splitlines()
        detail = screen.query_one("#detail")
        assert detail.outer_size.height > 2
        rows = [shown[y][detail.region.x:detail.region.right].strip() for y in range(detail.region.y, detail.region.bottom)]
        assert " ".join(r for r in rows if r) == note, rows
        moves = screen.query_one(MoveList)
        assert moves.outer_size.height >= 6 and screen.query_one("#scores").region.bottom <= 23


def test_start_and_home_areas_say_whose_they_are():
    # colour is not the only sign of whose area it is: "Blue START", on two lines where
    # narrow (and the word alone where there is room for neither, so the pawns still show)
    from tui.widgets.sorry_board import SorryBoard

    assert SorryBoard._box_lines("Red", "HOME", [0], 11, 2) == ["Red HOME", [0]]
    assert SorryBoard._box_lines("Blue", "START", [4, 5, 6], 5, 4) == ["Blue", "START", [4, 5], [6]]
    assert SorryBoard._box_lines("Yellow", "START", [8, 9], 5, 2) == ["START", [8, 9]]


@run_async
@pytest.mark.parametrize("ascii", [False, True])
async def test_a_pawn_on_the_track_beside_blues_start_is_set_off_from_the_pawns_in_it(ascii):
    # compact board: square 20 is one cell from Blue's START, so " Y1 B1 B2" read as three
    # pawns in START; an edge goes between them on that row only
    edge = ":" if ascii else "┊"
    for yellow, edges in ((["track:20", "track:19"], 2), (["track:40"], 0)):
        session = session_at([["track:5"], ["start"] * 4, yellow], kinds=("human", "normal", "normal"),
                             card="5", seed=1)
        app = app_for(session, ascii=ascii)
        async with app.run_test(size=(80, 24)) as pilot:
            await human_turn(pilot)
            rows = screen_text(app).splitlines()[1:17]          # the board's
            assert sum(row[3] == edge for row in rows) == edges, rows
            if edges:
                assert rows[10].startswith(f" Y1{edge}B1 B2") and rows[11].startswith(f" Y2{edge}B3 B4"), rows


def test_in_partners_every_card_says_it_moves_a_team_pawn_in_as_few_rows():
    # S-12.1: any card may move either partner's pawns; a card's line said so only for
    # the 7, the 11 and the SORRY!, so "move one pawn" read as one's own pawns only. The
    # words take no more rows of the panel at 80 columns (28 wide) than the standard ones,
    # so the moves keep theirs
    import textwrap

    from engine.sorry.cards import DECK
    from tui import sorry_view as sv

    def rows(card, variant):
        return len(textwrap.wrap(f"Card {sv.card_name(card)}: {sv.card_help(card, variant)}", 28))

    for card in set(DECK):
        assert "team pawn" in sv.card_help(card, "teams"), card
        assert "team" not in sv.card_help(card, "standard"), card
        assert rows(card, "teams") <= rows(card, "standard"), card
    assert sv.card_help("2", "teams") == "start a team pawn, or move one 2 forward; then draw again"
