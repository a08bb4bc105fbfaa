"""Playing Gnoming A Round through the keyboard: whole games, resume mid-turn, hand-off, round ends."""
from __future__ import annotations

import pytest

import engine
from engine import bots, saves
from engine.gnoming.moves import Discard, Place, Take
from tui.screens.dialogs import HandoffScreen
from tui.screens.gnoming import GnomingScreen, RoundEndScreen
from tui.screens.results import ResultsScreen
from tui.screens.title import TitleScreen
from tui.session import GameSpec, Session

from .helpers import (app_for, footer_fits, footer_is_current, footer_settles, run_async, screen_text, scrolled, seats,
                      send, until)

ARROWS = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}


def gnoming_screen(app) -> GnomingScreen | None:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GnomingScreen):
            return screen
    return None


def gnoming_session(kinds, seed, *, until_state=None, save_dir=None, limit=5000) -> Session:
    """A saved game; with `until_state(game)`, easy bots play every seat until it holds."""
    spec = GameSpec(game="gnoming", players=len(kinds), seats=seats(*kinds), seed=seed)
    session = Session.new(spec, save_dir=save_dir, autosave=False)
    g = session.game
    if until_state is not None:
        for _ in range(limit):
            if until_state(g):
                break
            session.play(bots.choose(g, "easy", session.bot_seed()))
        else:
            raise AssertionError("the position was not reached")
    session.autosave = True
    session.save()
    return session


async def settle(pilot, seen: list | None = None) -> str:
    """Wait until a person is to act (answering hand-offs and round ends): 'human' or 'over'."""
    app = pilot.app

    def ready() -> bool:
        top = app.screen
        if isinstance(top, (HandoffScreen, RoundEndScreen, ResultsScreen)):
            return True
        screen = gnoming_screen(app)
        return screen is not None and top is screen and screen.awaiting

    while True:
        await until(pilot, ready, 30, "a person's turn")
        top = app.screen
        if isinstance(top, ResultsScreen):
            return "over"
        if isinstance(top, (HandoffScreen, RoundEndScreen)):
            if seen is not None:
                seen.append(type(top).__name__)
            await send(pilot, "enter")
            await until(pilot, lambda: app.screen is not top, what="the dialog to close")
            continue
        return "human"


def keys_for(screen: GnomingScreen, turn: int) -> list[str]:
    """The keys a person presses for one decision, read off the legal moves (as a player reads the screen)."""
    from engine.gnoming.moves import Bounce, Discard, Flip, Place, Take

    g = screen.game
    legal = g.legal_moves()
    view = g.view(g.to_act)

    def go(cell: int) -> list[str]:
        keys = []
        r, c = divmod(screen.cursor, 3)
        tr, tc = divmod(cell, 3)
        keys += ["down" if tr > r else "up"] * abs(tr - r)
        keys += ["l" if tc > c else "h"] * abs(tc - c)
        return keys + ["enter"]

    down = [m for m in legal if isinstance(m, (Flip, Place, Bounce)) and view["layouts"][g.to_act][m.cell] is None]
    cells = [m for m in legal if isinstance(m, (Flip, Place, Bounce))]
    discards = [m for m in legal if isinstance(m, Discard)]
    phase = g.phase
    if phase == "hazard":
        return ["n"] if turn % 2 or not down else go(down[0].cell)
    if phase == "flip":
        return go(down[0].cell)
    if phase == "draw":
        takes = [m for m in legal if isinstance(m, Take)]
        return [str(takes[0].pile + 1)] if takes and turn % 3 == 0 else ["d"]
    if down and (phase == "replaced" or turn % 4):
        return go(down[0].cell)
    if discards:
        d = discards[0]
        return ["x"] if d.pile is None or len(discards) == 1 and turn % 2 else [str(d.pile + 1)]
    return go(cells[0].cell)


async def play_game(pilot, limit=3000, seen: list | None = None) -> int:
    app = pilot.app
    turns = 0
    while turns < limit:
        if await settle(pilot, seen) == "over":
            return turns
        screen = gnoming_screen(app)
        token = screen._token
        for key in keys_for(screen, turns):
            await send(pilot, key)
        await until(pilot, lambda: screen._token != token, what="the move to be played")
        turns += 1
    raise AssertionError("the game did not end")


@run_async
async def test_a_whole_three_player_game_by_keys():
    session = gnoming_session(("human", "easy", "easy"), seed=3)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        turns = await play_game(pilot)
        screen = gnoming_screen(app)
        g = screen.game
        assert g.is_over and g.winners and turns > 10
        assert len(g.view(None)["round_scores"]) == 3
        text = str(app.screen.query_one("#results-text").render())
        assert engine.COLOURS[g.winners[0]] in text and "Total" in text
        assert "Gnoming A Round, 3 rounds\n" in text            # (its turns are many moves each)
    saved = saves.load(session.path)
    assert saved.finished and saved.game.to_dict() == g.to_dict()


@run_async
async def test_a_seven_player_game_with_two_people_at_80x24():
    # Rounds one and two are played by bots at the session level (the UI renders ~10 moves a second
    # on a loaded machine); round three - opening flips to the results - is played through the keys.
    session = gnoming_session(("human", "easy", "easy", "human", "easy", "easy", "easy"), seed=11,
                              until_state=lambda g: g.round == 3)
    app = app_for(session)
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        turns = await play_game(pilot, seen=seen)
        g = gnoming_screen(app).game
        assert g.is_over and turns > 10
    assert len(g.view(None)["round_scores"]) == 3
    # round two's summary (the game opens where round two ended), then round three's
    assert seen.count("RoundEndScreen") == 2
    assert seen.count("HandoffScreen") == 0          # nothing is private between turns


@run_async
async def test_people_sharing_the_keyboard_each_keep_their_own_cursor():
    # each person's first turn starts in the middle, not where the last person left the cursor,
    # and their next turn where they left it
    session = gnoming_session(("human", "easy", "human", "easy"), seed=7)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = gnoming_screen(app)
        left: dict[int, int] = {}          # seat -> the cell its last flip left the cursor on
        while True:
            assert await settle(pilot) == "human"
            g = screen.game
            seat = g.to_act
            if g.phase == "draw":
                assert len(left) == 2 and screen.cursor == left[seat], (seat, screen.cursor, left)
                break
            assert g.phase in ("flip", "hazard")     # (Enter turns up the card at the cursor)
            if seat not in left:
                assert screen.cursor == 4, (seat, screen.cursor)
                for key in ("up", "left") if seat == 0 else ("down", "right"):
                    await send(pilot, key)
            else:                                    # the cursor stays on the card just turned up
                assert screen.cursor == left[seat], (seat, screen.cursor, left)
                await send(pilot, "right" if seat == 0 else "left")
            await pilot.pause()
            left[seat] = screen.cursor
            moves = len(session.record.moves)
            await send(pilot, "enter")
            await until(pilot, lambda: len(session.record.moves) > moves, what="the flip")
        assert left[0] != left[2]


def _human_holding_drawn(g) -> bool:
    return g.to_act == 0 and g.phase == "play" and g.hand_from == "draw"


def _human_bouncing(g) -> bool:
    return g.to_act == 0 and g.phase == "replaced"


def _human_hazard(g) -> bool:
    return g.to_act == 0 and g.phase == "hazard" and g.hazard_queue[1:]


@run_async
async def test_resume_holding_a_drawn_card():
    session = gnoming_session(("human", "easy", "easy"), seed=5, until_state=_human_holding_drawn)
    drawn = session.game.view(0)["drawn"]
    app = app_for(kind="continue")
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        assert screen.game.phase == "play"
        piles = str(screen.query_one("#piles").render())
        assert f"[{drawn.rjust(2)}]" in piles
        token = screen._token
        await send(pilot, "enter")                                # place it at the cursor
        await until(pilot, lambda: screen._token != token)
        assert screen.game.phase != "play" or screen.game.to_act != 0


@run_async
async def test_resume_in_a_bounce_chain_and_stop():
    session = gnoming_session(("human", "easy", "easy"), seed=7, until_state=_human_bouncing)
    app = app_for(kind="continue")
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        g = screen.game
        assert g.phase == "replaced"
        status = str(screen.query_one("#status").render())
        assert "you replaced" in status
        from engine.gnoming.moves import Discard

        discards = [m for m in g.legal_moves() if isinstance(m, Discard)]
        key = "x" if discards[0].pile is None or len(discards) == 1 else "1"
        token = screen._token
        moves = len(screen.session.record.moves)
        await send(pilot, key)
        await until(pilot, lambda: screen._token != token)
        assert screen.session.record.moves[moves]["type"] == "discard"


@run_async
async def test_resume_between_hazard_flips_of_two_people():
    kinds = ("human", "easy", "human", "easy")
    session = gnoming_session(kinds, seed=2, until_state=lambda g: g.phase == "hazard" and
                              g.to_act in (0, 2) and len(g.hazard_queue) >= 2)
    app = app_for(kind="continue")
    async with app.run_test(size=(100, 30)) as pilot:
        seat = session.game.to_act
        await until(pilot, lambda: gnoming_screen(app) is not None and app.screen is gnoming_screen(app)
                    and gnoming_screen(app).awaiting, what="the person's Hazard flip (no hand-off)")
        screen = gnoming_screen(app)
        assert screen.viewer == seat and screen.game.phase == "hazard"
        # not a turn: the header says whose Hazard the flip follows, not "to play"
        from engine import COLOURS
        top = str(screen.query_one("#topbar").render())
        assert f"{screen.session.seat_label(seat)}: flip after {COLOURS[screen.game.turn]}'s Hazard" in top, top
        token = screen._token
        await send(pilot, "n")                                   # turn up no card
        await until(pilot, lambda: screen._token != token)
        assert screen.game.to_act != seat or screen.game.phase != "hazard"


@run_async
async def test_a_blocked_key_says_why():
    session = gnoming_session(("human", "easy"), seed=4, until_state=lambda g: g.to_act == 0 and g.phase == "draw")
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        await footer_settles(pilot)
        shown = footer_fits(app)
        assert "d" in shown and not {"enter", "x"} & set(shown)   # only the keys that play now
        await send(pilot, "enter")                                # no card in hand yet: says why
        await until(pilot, lambda: bool(screen.message))
        assert screen.message.startswith("Draw a card first") and "(G-" not in screen.message
        screen.message = ""
        await send(pilot, "n")                                    # no Hazard flip to decline: why
        await until(pilot, lambda: bool(screen.message))
        assert "(G-" not in screen.message and screen.game.phase == "draw", screen.message
        assert "n" not in footer_fits(app)                        # (not offered in the footer)
    # and d while turning up the opening cards
    session = gnoming_session(("human", "easy"), seed=4, until_state=lambda g: g.to_act == 0 and g.phase == "flip")
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        await send(pilot, "d")
        await until(pilot, lambda: bool(screen.message))
        assert screen.message.startswith("Each player first turns up two cards"), screen.message
        assert screen.game.phase == "flip"


@run_async
async def test_help_lists_the_turn_keys_and_too_small_says_so():
    from tui.screens.help import HelpScreen

    session = gnoming_session(("human", "easy"), seed=4)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot) == "human"
        assert gnoming_screen(app).game.phase == "flip"
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        rows = dict((what, keys) for keys, what in app.screen.rows)
        assert "Turn up / place / bounce at the card under the cursor" in rows
        # at the opening flip, help still lists the keys of the turn's later steps
        assert rows["Take from / discard onto discard pile 1 or 2"] == "1 2"
        assert rows["Draw from the draw pile"] == "d"
        assert rows["Turn up no card after a Hazard"] == "n"
        # the four cursor keys (and hjkl) share one row
        assert sorted(rows["Move the cursor on your grid"].split()) == sorted("↑ k ↓ j ← h → l".split())
        assert len(app.screen.rows) == len(rows)
        # the turn's keys first (Enter, on show, at the top), then the board's (g, Esc, q, ?)
        listed = [keys for keys, _ in app.screen.rows]
        assert listed[:3] == ["⏎", "d", "1 2"], listed
        assert listed.index("Space") < listed.index("g") < listed.index("? F1"), listed
        await pilot.press("escape")
        # while a bot plays the footer hides the turn's keys, but help still lists them
        from tui.screens.help import key_rows

        board = gnoming_screen(app)
        board.mode = "bot"
        assert not board.check_action("cell", ()) and not board.check_action("cursor", ())
        while_bot = dict((what, keys) for keys, what in key_rows(board))
        assert while_bot["Turn up / place / bounce at the card under the cursor"] == "⏎"
        assert sorted(while_bot["Move the cursor on your grid"].split()) == sorted("↑ k ↓ j ← h → l".split())
        board.mode = "human"
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        from tui.widgets.too_small import TooSmall

        assert app.screen.query_one(TooSmall).display


def test_a_saved_game_is_described_by_its_round(home):
    from tui import names

    session = gnoming_session(("human", "easy", "easy"), seed=6)
    text = names.describe(saves.SaveInfo.of(saves.load(session.path)))
    assert "Gnoming A Round" in text and "round 1 of 3" in text


@run_async
async def test_the_setup_screen_starts_a_seven_player_game():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "right", "right")                       # Gnoming A Round
        await pilot.press("down", *["right"] * 3)                       # 4 -> 7 players
        setup = app.screen
        assert setup.current_spec().game == "gnoming" and setup.current_spec().players == 7
        assert setup.check_action("start", ()) is True
        await pilot.press("enter")
        await until(pilot, lambda: gnoming_screen(app) is not None, what="the Gnoming screen")
        g = gnoming_screen(app).game
        assert g.players == 7 and [s.kind for s in gnoming_screen(app).session.seats][:2] == ["human", "bot"]


@run_async
async def test_the_one_mulligan_limit_is_explained():
    from engine.gnoming.game import GnomingGame

    base = gnoming_session(("human", "easy"), seed=8, until_state=_human_holding_drawn).game
    d = base.to_dict()
    up = [c for c in range(9) if d["up"][0] >> c & 1]
    # holding a Mulligan with one already face up: two of the draw pile's swapped in (the
    # cards stay one deck)
    for old in (d["hand"], d["layouts"][0][up[0]]):
        d["draw"][d["draw"].index("M")] = old
    d["hand"] = "M"
    d["layouts"][0][up[0]] = "M"
    game = GnomingGame.from_dict(d)
    spec = GameSpec(game="gnoming", players=2, seats=seats("human", "easy"), seed=8)
    session = Session.new(spec, game=game)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        other = next(c for c in range(9) if c != up[0])
        screen.cursor = other
        await send(pilot, "enter")
        await until(pilot, lambda: bool(screen.message))
        assert "Mulligan" in screen.message and screen.game.phase == "play"


@run_async
async def test_a_bounce_is_chosen_with_the_cursor_and_enter():
    from engine.gnoming.moves import Bounce

    def bouncing(g) -> bool:
        return g.to_act == 0 and g.phase == "replaced" and any(isinstance(m, Bounce) for m in g.legal_moves())

    session = gnoming_session(("human", "easy", "easy", "easy"), seed=9, until_state=bouncing)
    app = app_for(kind="continue")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        target = next(m for m in screen.game.legal_moves() if isinstance(m, Bounce))
        screen.cursor = target.cell
        moves = len(screen.session.record.moves)
        token = screen._token
        await send(pilot, "enter")
        await until(pilot, lambda: screen._token != token)
        assert screen.session.record.moves[moves] == target.to_dict()
        assert saves.load(session.path).moves[moves] == target.to_dict()


@pytest.mark.parametrize("seed,many", [(9, False), (1, True)])
@run_async
async def test_a_bounce_starts_with_the_cursor_where_the_person_left_it(seed, many):
    # the placed cell can't take the bounce: the cursor stays on it (keys typed ahead act where
    # they were aimed), and the Turn panel names the cells the card can bounce onto (4 to 7 of
    # them: the few it can't, not "a card whose frame is not dimmed", too faint a sign)
    from engine.core import and_list
    from engine.gnoming.layout import CELL_NAME
    from engine.gnoming.moves import Bounce

    def bouncing(g) -> bool:
        count = sum(isinstance(m, Bounce) for m in g.legal_moves())
        return g.to_act == 0 and g.phase == "replaced" and (4 <= count <= 7 if many else count > 0)

    gnoming_session(("human", "easy", "easy", "easy"), seed=seed, until_state=bouncing)
    app = app_for(kind="continue")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        g = screen.game
        targets = sorted(m.cell for m in g.legal_moves() if isinstance(m, Bounce))
        for start in set(range(9)) - set(targets):
            screen.cursor, screen.message = start, ""
            screen._begin_human(0)
            assert screen.cursor == start
            status = " ".join(str(screen.query_one("#status").render()).split())
            where = (" or ".join(CELL_NAME[c] for c in targets) if len(targets) <= 3 else "any other card"
                     if len(targets) == 8 else
                     "any card but " + and_list([CELL_NAME[c] for c in range(9) if c not in targets]))
            assert many == (4 <= len(targets) <= 7)
            assert f"Next: move to {where} (arrows) and press Enter to bounce it." in status, status
        played = len(screen.session.record.moves)
        await send(pilot, "enter")                      # nothing here: it says why, and plays nothing
        await pilot.pause()
        assert len(screen.session.record.moves) == played and screen.cursor == start


@run_async
async def test_a_bots_drawn_card_is_hidden_until_its_move_names_it():
    # the piles never show it; as the bot places (or discards) it, the card is public: the Turn
    # panel names it, as the log then does
    session = gnoming_session(("human", "easy", "easy"), seed=12, until_state=lambda g: g.to_act == 1 and
                              g.phase == "play" and g.hand_from == "draw")
    app = app_for(session, bot_delay=30.0)                      # the bot's move stays on show
    async with app.run_test(size=(100, 30)) as pilot:
        screen = gnoming_screen(app)
        await until(pilot, lambda: screen.bot_turn and screen._bot_move is not None, what="the bot's move")
        piles = str(screen.query_one("#piles").render())
        assert f"[{app.glyphs.hidden_card * 2}] Blue holds" in piles
        assert screen.game.view(0)["drawn"] is None
        move, held = screen._bot_move, screen.game.view(1)["drawn"]
        status = " ".join(str(screen.query_one("#status").render()).split())
        if isinstance(move, Place):
            expected = f"Blue places {gv_words(held)} at row {move.cell // 3 + 1} col {move.cell % 3 + 1}"
        else:
            expected = f"Blue discards {gv_words(held)} onto discard pile {move.pile + 1}"
        assert expected in status
        await send(pilot, "space")                              # skip: the move is played at once
        await until(pilot, lambda: not screen.bot_turn or screen.game.to_act != 1, what="the skip")
        assert gv_words(held) in " ".join(session.event_texts())
    # a card taken from a pile is public already: named too
    session = gnoming_session(("human", "easy", "easy"), seed=5, until_state=lambda g: g.to_act == 1 and
                              g.phase == "draw" and Take(1, 0) in g.legal_moves())
    top = session.game.view(None)["discards"][0][-1]
    app = app_for(session, bot_delay=30.0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = gnoming_screen(app)
        await until(pilot, lambda: screen.bot_turn, what="Blue's turn")
        assert screen._bot_move_text(Take(1, 0)) == f"Blue takes {gv_words(top)} from discard pile 1"


def gv_words(name: str) -> str:
    return "a Mulligan" if name == "M" else "a Hazard" if name == "H" else f"the {name}"


@run_async
async def test_the_footer_fits_80_columns_in_every_phase():
    # Flip, draw, a card in hand, a bounce and a Hazard flip each have their own keys: the ones
    # with nothing to do are hidden, so that every shown key (Help last) fits on the line.
    session = gnoming_session(("human", "easy", "easy", "easy"), seed=11)
    app = app_for(session)
    phases = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for turn in range(60):
            if await settle(pilot) == "over":
                break
            screen = gnoming_screen(app)
            phases.add(screen.game.phase)
            await footer_settles(pilot)
            shown = footer_fits(app)
            assert "question_mark" in shown, screen.game.phase
            # the pile keys only where a pile can be used: not during the flips, nor for
            # a card taken from a pile (it must be placed, G-4.3); one entry, "1/2 Pile",
            # for both piles
            legal = screen.game.legal_moves()
            piles = {m.pile for m in legal if isinstance(m, (Take, Discard)) and m.pile is not None}
            if sum(isinstance(m, Discard) for m in legal) == 1:
                piles = set()           # the one discard is x's, shown once
                assert "x" in shown, (screen.game.phase, shown)
            expected = ("1" in shown, "2" in shown) == (0 in piles, piles == {1})
            assert expected, (screen.game.phase, piles, shown)
            token = screen._token
            for key in keys_for(screen, turn):
                await send(pilot, key)
            await until(pilot, lambda: screen._token != token, what="the move to be played")
            if screen.bot_turn:             # (the footer follows within a frame or two)
                await until(pilot, lambda: not screen.bot_turn or footer_is_current(app)
                            and "space" in footer_fits(app), what="Space in the footer on a bot's turn")
    assert {"flip", "draw", "play"} <= phases


def one_pile_empty(phase: str) -> tuple[Session, int]:
    """Red's turn (seed 5, four players) in `phase` with one discard pile empty; after a draw
    ("play"), the drawn card's one discard goes there. The session and the empty pile."""
    def there(g) -> bool:
        return (g.to_act == 0 and g.phase == phase and [len(p) for p in g.piles].count(0) == 1
                and (phase != "play" or sum(isinstance(m, Discard) for m in g.legal_moves()) == 1))

    session = gnoming_session(("human", "easy", "easy", "easy"), seed=5, until_state=there)
    return session, [len(p) for p in session.game.piles].index(0)


@run_async
async def test_with_one_discard_pile_empty_the_footer_offers_only_the_other():
    # Blue takes pile 2's only card: on Red's turn only pile 1 can be taken from, so the
    # footer says "1 Pile", not "1/2 Pile"; 2 still says why it can't be used
    session, empty = one_pile_empty("draw")
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        await footer_settles(pilot)
        shown = {k.key: k.key_display for k in app.screen.query("FooterKey")}
        usable = str(2 - empty)
        assert shown[usable] == usable and str(empty + 1) not in shown, shown
        # help still lists both keys on one row
        from tui.screens.help import key_rows

        rows = {what: keys for keys, what in key_rows(screen)}
        assert rows["Take from / discard onto discard pile 1 or 2"] == "1 2"
        before = session.game.to_dict()
        await send(pilot, str(empty + 1))
        await until(pilot, lambda: f"pile {empty + 1}" in screen.message.lower(), what="why that pile can't be used")
        assert session.game.to_dict() == before
        await send(pilot, usable)
        await until(pilot, lambda: screen.game.phase != "draw", what="the card to be taken")


def test_one_discard_pile_offered_is_called_the_empty_one_only_when_it_is():
    # G-4.5's empty pile, or the round's last turn (the engine offers the left pile alone, the
    # round ending with the discard): a tester read "pile 1 (the empty one)" beside 11 cards
    from tui.screens.gnoming import discard_words

    assert discard_words([Discard(0, 1)], "it", [["8"], []]) == "x discards it onto pile 2 (the empty one)"
    assert discard_words([Discard(0, 0)], "it", [["3", "8"], ["10"]]) == \
        "x discards it onto pile 1 (the round ends with this turn: either pile is the same)"
    assert discard_words([Discard(0, 0), Discard(0, 1)], "it", [["8"], ["10"]]) == "1 or 2 discards it onto that pile"


@run_async
async def test_with_one_discard_pile_empty_a_drawn_card_is_discarded_with_x_shown_once():
    # A drawn card must go onto the empty pile (G-4.5): that one discard is "x Discard" in
    # the footer, not also "1 Pile" or "2 Pile"; the pile's own key still discards it there
    session, empty = one_pile_empty("play")
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        await footer_settles(pilot)
        shown = {k.key for k in app.screen.query("FooterKey")}
        assert "x" in shown and "1" not in shown and "2" not in shown, shown
        status = " ".join(str(screen.query_one("#status").render()).split())
        assert f"x discards it onto pile {empty + 1} (the empty one)" in status, status
        played = len(session.record.moves)
        await send(pilot, str(empty + 1))
        await until(pilot, lambda: len(session.record.moves) > played, what="the card to be discarded")
        assert session.record.moves[played] == Discard(0, empty).to_dict()


@run_async
async def test_the_end_of_a_round_lays_out_as_many_grids_as_fit():
    # seven grids: four to a row at 80 columns (a fifth would wrap mid-card), five from 100;
    # the totals come before the words on each grid
    session = gnoming_session(("human",) + ("easy",) * 6, seed=6, until_state=lambda g: g.round == 2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        app.push_screen(RoundEndScreen(session))
        await pilot.pause()
        text = app.screen.query_one("#summary-text")

        def rows() -> list[str]:
            return str(text.render()).splitlines()

        assert max(map(len, rows())) <= text.content_size.width
        assert sum(line.count(" pts") for line in rows() if line.startswith("Red")) == 4
        # at 80x24 the summary is taller than the screen: the footer offers the scroll keys;
        # the score sheet, all seven seats' totals, is on screen before any scrolling
        box = app.screen.query_one("#summary")
        assert box.max_scroll_y > 0
        shown = screen_text(app)
        assert "Total" in shown and all(session.seat_label(seat)[:15] in shown for seat in range(7)), shown
        last_sheet_row = next(line for line in rows() if line.startswith(session.seat_label(6)[:22]))
        assert last_sheet_row in shown, (last_sheet_row, shown)
        await footer_settles(pilot, shows=("↑/↓ Scroll",))
        await pilot.press("end")
        await scrolled(pilot, box, lambda: box.max_scroll_y)
        assert "Enter: round 2" in screen_text(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert sum(line.count(" pts") for line in rows() if line.startswith("Red")) == 5
        assert max(map(len, rows())) <= text.content_size.width
        assert box.max_scroll_y == 0
        await footer_settles(pilot, hides=("Scroll",))


def test_the_round_summary_explains_every_score():
    # G-7: a row of 6s scores -6, the other cards their values (the Hazard +10, the Mulligan 0),
    # going out first -5 when lowest
    from engine.gnoming.cards import parse_card
    from engine.gnoming.scoring import score_layout
    from tui import gnoming_view as gv

    layout = ["6", "6", "6", "3", "H", "9", "5", "-1", "M"]
    base = score_layout([parse_card(c) for c in layout])
    assert base == 20
    assert score_layout([parse_card("1")] * 9) == -6       # every card in two sets: no other card
    last = {"layouts": [layout, ["1"] * 9], "base": [base, -6], "scores": [base + 5, -6],
            "went_out": 0, "adjustment": 5}
    assert gv.round_lines(last, 0) == ("row 1 of 6s -6; other cards +26 (a Hazard +10); "
                                       "went out first, not lowest: +5 penalty = 25")
    lowest = {"layouts": [["1"] * 9, layout], "base": [-6, base], "scores": [-11, base],
              "went_out": 0, "adjustment": -5}
    assert gv.round_lines(lowest, 0).endswith("; went out first, lowest: -5 bonus = -11")
    assert gv.round_lines(last, 1) == ("row 1 of 1s -1, row 2 of 1s -1, row 3 of 1s -1, column 1 of 1s -1, "
                                       "column 2 of 1s -1, column 3 of 1s -1; other cards +0 = -6")


def test_the_first_round_names_its_discard_piles_like_the_others():
    # rounds 2 and 3 say which cards start the piles; the game's opening line does it for round 1
    from tui.session import opening_event

    g = engine.new_game("gnoming", players=3, seed=1)
    tops = [pile[-1] for pile in g.view(None)["discards"]]
    assert opening_event(g)["text"] == f"New game: Red starts. Discard piles: {tops[0]} and {tops[1]}"


def test_the_first_round_says_when_a_hazard_turned_up_for_a_pile_left_play():
    # G-3.2: later rounds log it with their deal; round 1's deal is told by the opening line
    from tui.session import opening_event

    one, two = (engine.new_game("gnoming", players=4, seed=seed) for seed in (11, 114))
    assert (one.removed, two.removed) == (1, 2)
    assert opening_event(one)["text"].endswith(
        "Discard piles: -2 and 2 (a Hazard turned up for them is removed from play)")
    assert opening_event(two)["text"].endswith(
        "Discard piles: 7 and -2 (2 Hazards turned up for them are removed from play)")


@run_async
async def test_under_the_round_summary_the_board_shows_that_round_not_the_next_deal():
    # Blue (a bot) has the round's last turn; its summary opens over the board
    session = gnoming_session(("human", "easy", "easy"), seed=5,
                              until_state=lambda g: g.went_out is not None and g.final_left == 1
                              and g.to_act != 0 and g.phase == "draw")
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), what="the round's summary")
        await pilot.pause()
        screen = gnoming_screen(app)
        last = screen.game.view(None)["last_round"]
        mine = str(screen.query_one("#mine").render())
        assert "▒" not in mine                        # every card of the ended round is face up
        for card in last["layouts"][0]:
            assert card in mine
        assert str(screen.query_one("#topbar").render()).endswith(f"round {last['round']} of 3 · over")
        assert str(screen.query_one("#status").render()).startswith(f"Round {last['round']} is over")
        await send(pilot, "enter")
        await until(pilot, lambda: app.screen is screen, what="the summary to close")
        await pilot.pause()
        assert "▒" in str(screen.query_one("#mine").render())       # the new deal, face down


def test_sets_already_face_up_are_in_braces_during_play():
    from themes import glyphs
    from tui import gnoming_view as gv

    # row 1 (5 5 M) is a set; column 1 would be (5 3 ·) and row 3 (· 2 2) waits for a card
    layout = ["5", "5", "M", "3", "9", "-1", None, "2", "2"]
    assert gv.sets_so_far(layout) == 0b000000111
    assert gv.sets_so_far([None] * 9) == 0
    # each card of the set in its own braces: no mark between two cards, read as either's
    rows = [line.plain for line in gv.small_grid(layout, glyphs(True), gv.sets_so_far(layout))]
    assert rows[0] == "{ 5}{ 5}{ M}" and rows[1] == "[ 3][ 9][-1]", rows
    big = gv.big_grid(layout, glyphs(True), matched=gv.sets_so_far(layout)).plain.splitlines()
    assert "{ 5}" in big[1] and "{ M}" in big[1] and "{" not in big[4], big
    # the cursor on a card of the set keeps its braces (its heavier frame says where it is);
    # elsewhere it has its pointers
    big = gv.big_grid(layout, glyphs(False), cursor=1, matched=gv.sets_so_far(layout)).plain.splitlines()
    assert big[0][7:13] == "┏━━━━┓" and big[1][7:13] == "┃{ 5}┃", big
    big = gv.big_grid(layout, glyphs(False), cursor=4, matched=gv.sets_so_far(layout)).plain.splitlines()
    assert big[4][7:13] == "┃▸ 9◂┃", big
    big = gv.big_grid(layout, glyphs(True), cursor=1, matched=gv.sets_so_far(layout)).plain.splitlines()
    assert big[1] == "|{ 5}| #{ 5}# |{ M}|", big                  # (--ascii: a frame of #)


def test_the_round_end_key_shows_a_card_of_this_rounds_own_set_or_says_there_is_none():
    from themes import glyphs
    from tui.screens.gnoming import matched_legend

    plain = ["3", "9", "-1", "4", "6", "7", "1", "2", "8"]
    column = ["M", "9", "3", "10", "6", "7", "10", "2", "8"]         # column 1: M 10 10
    assert matched_legend([plain, column], glyphs(True)) == \
        "Cards in a matching row or column are in braces: {10}."
    assert matched_legend([plain, plain], glyphs(True)) == \
        "No grid has a matching row or column this round (they would be in braces)."


def test_a_cell_without_a_move_dims_its_frame_not_its_card():
    from themes import glyphs
    from tui import gnoming_view as gv

    layout = ["5", "5", "M", "3", "9", "-1", None, "2", "2"]
    big = gv.big_grid(layout, glyphs(False), cursor=6, active={6, 7})
    line = big.plain.splitlines()[4]                  # row 2's cards: 3, 9, -1 (none active)
    start = big.plain.index(line)
    spans = [(big.plain[s.start:s.end], str(s.style)) for s in big.spans
             if s.start >= start and s.end <= start + len(line)]
    assert line == "│  3 │ │  9 │ │ -1 │" and spans == [("│", "dim")] * 6, spans     # the cards: no style


def test_the_piles_panel_says_who_holds_the_card_in_hand():
    from themes import glyphs
    from tui import gnoming_view as gv

    view = {"draw_count": 40, "discards": [["6"], []], "holding": 5, "drawn": None}
    lines = gv.pile_lines(view, glyphs(False)).plain.splitlines()
    assert lines[-1] == "Hand   [▒▒] Purple holds" and len(lines[-1]) <= 24, lines   # (the panel's room)
    lines = gv.pile_lines({**view, "drawn": "2"}, glyphs(True)).plain.splitlines()
    assert lines[-1] == "Hand   [ 2] Purple holds" and lines[2] == "Pile 2 [--]   0 cards", lines


@run_async
async def test_a_key_typed_twice_does_not_choose_the_next_persons_move(monkeypatch):
    """No hand-off parts two people at Gnoming (nothing of a turn is secret once it ends):
    when the turn passes from one to the other, the board waits a moment for their keys."""
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)    # (long: a busy machine keeps it meaningful)
    session = gnoming_session(("human", "human"), seed=11)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        first = screen.game.to_act
        for flips in (1, 2):                        # the same person's two opening flips: no wait
            if flips == 2:                          # (the cursor stays on the card just turned up)
                await send(pilot, "right")
            await send(pilot, "enter")
            await until(pilot, lambda: len(session.record.moves) == flips, what=f"flip {flips}")
        assert screen.game.to_act != first
        await send(pilot, "enter")                  # the first person's third Enter: not taken
        await pilot.pause()
        assert len(session.record.moves) == 2 and screen.awaiting
        screen._turn_shown_at -= base.KEY_GRACE
        await send(pilot, "enter")                  # the second person's own Enter
        await until(pilot, lambda: len(session.record.moves) == 3, what="the second person's flip")


@run_async
async def test_a_game_opened_again_at_the_end_of_a_round_shows_its_summary():

    session = gnoming_session(("human", "easy", "easy"), seed=3,
                              until_state=lambda g: len(g.round_scores) == 1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), what="round 1's summary")
        await footer_settles(pilot, shows=("Continue", "Title"))
        footer = {k.key: k.description for k in app.screen.query("FooterKey")}
        assert footer.get("enter") == "Continue" and footer.get("escape") == "Title", footer
        await send(pilot, "escape")                  # Esc: to the title, not on to round 2
        await until(pilot, lambda: isinstance(app.screen, TitleScreen), what="the title")
    app = app_for(Session.load(session.path))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), what="round 1's summary")
        assert "Round 1 is over" in str(app.screen.query_one("#summary-text").render())
        session = gnoming_screen(app).session
        played = len(session.record.moves)
        await send(pilot, "enter")
        await until(pilot, lambda: not isinstance(app.screen, RoundEndScreen), what="the board")
        assert await settle(pilot) == "human" and session.game.round == 2
        if len(session.record.moves) == played:     # Red goes first in round 2: Red flips
            await send(pilot, "enter")
            await until(pilot, lambda: len(session.record.moves) > played, what="a flip in round 2")
    app = app_for(session)                           # a move made in round 2: no summary now
    async with app.run_test(size=(100, 30)) as pilot:
        seen: list = []
        assert await settle(pilot, seen) == "human" and "RoundEndScreen" not in seen


@run_async
async def test_a_second_enter_after_the_last_move_of_a_round_leaves_its_summary_open(monkeypatch):
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)
    session = gnoming_session(("human", "easy"), seed=3, until_state=lambda g: len(g.round_scores) == 1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), what="round 1's summary")
        await send(pilot, "enter")                   # typed for the board a moment ago
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        app.screen._shown_at -= base.KEY_GRACE
        await send(pilot, "enter")
        await until(pilot, lambda: not isinstance(app.screen, RoundEndScreen), what="the board")


@run_async
async def test_an_enter_typed_twice_to_close_a_summary_does_not_flip_in_the_next_round(monkeypatch):
    # Blue started round 1, so Red (a person) flips first in round 2, straight after the summary
    import tui.screens.base as base

    monkeypatch.setattr(base, "KEY_GRACE", 30.0)
    session = gnoming_session(("human", "easy"), seed=0, until_state=lambda g: len(g.round_scores) == 1)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), what="round 1's summary")
        app.screen._shown_at -= base.KEY_GRACE
        await send(pilot, "enter")                   # closes the summary
        await until(pilot, lambda: not isinstance(app.screen, RoundEndScreen), what="the board")
        screen = gnoming_screen(app)
        await until(pilot, lambda: screen.awaiting, what="Red's first flip of round 2")
        assert session.game.round == 2 and session.game.to_act == 0
        played = len(session.record.moves)
        graced: list[bool] = []                      # (the key's handling, seen: not a test of nothing)
        real = screen.in_turn_grace
        monkeypatch.setattr(screen, "in_turn_grace", lambda: graced.append(real()) or graced[-1])
        notes: list[str] = []                        # (recorded: a shown note expires after 2 s)
        monkeypatch.setattr(screen, "notify", lambda message, **kw: notes.append(message))
        await send(pilot, "d")                       # no draw in a flip, grace or not: it says why
        await until(pilot, lambda: screen.message, what="why not")
        assert not graced and not notes              # (not "press it again": it would not draw)
        await send(pilot, "enter")                   # the same Enter again: not a flip
        await until(pilot, lambda: graced, what="the second Enter handled")
        assert graced == [True] and len(session.record.moves) == played and screen.awaiting
        assert notes == [base.GRACE_NOTE]            # not a silent no
        screen._turn_shown_at -= base.KEY_GRACE
        await send(pilot, "enter")                   # a moment later: Red's own flip
        await until(pilot, lambda: len(session.record.moves) == played + 1, what="Red's flip")


@pytest.mark.parametrize("size, note", [((80, 24), False), ((100, 30), True)])
@run_async
async def test_a_mulligans_note_never_pushes_the_score_sheet_off_the_screen(size, note):
    # 2 players at 80 x 24: the sheet just fits under the piles, so the note on the card in
    # hand is left out; with room to spare it is shown
    from engine.gnoming.cards import MULLIGAN

    session = gnoming_session(("human", "easy"), seed=4, until_state=lambda g: g.to_act == 0
                              and g.phase == "play" and g.hand == MULLIGAN and g.hand_from == "draw")
    app = app_for(session)
    async with app.run_test(size=size) as pilot:
        assert await settle(pilot) == "human"
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        sheet = [i for i, line in enumerate(lines) if "Scores" in line]
        assert sheet and "Blue" in lines[sheet[0] + 3] and "╰" in lines[sheet[0] + 4], text
        assert ("Mulligan: wild in a" in text) is note, text


def went_out(seed: int, phase: str) -> Session:
    """A 3-player game where someone went out and Red, a person, is in `phase`."""
    return gnoming_session(("human", "easy", "easy"), seed=seed,
                           until_state=lambda g: g.went_out is not None and g.to_act == 0 and g.phase == phase)


async def went_out_status(pilot) -> tuple[GnomingScreen, str, int, str]:
    """The board on Red's turn: its Turn panel's words, the final turns left and who went out."""
    assert await settle(pilot) == "human"
    screen = gnoming_screen(pilot.app)
    await pilot.pause()
    status = " ".join(str(screen.query_one("#status").render()).split())
    return screen, status, screen.game.final_left, engine.COLOURS[screen.game.went_out]


@run_async
async def test_a_hazard_flip_after_someone_went_out_is_not_called_your_last_turn():
    app = app_for(went_out(seed=78, phase="hazard"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen, status, left, out = await went_out_status(pilot)
        assert "your last turn" not in status, status
        assert f"{out} went out: {left} final turn{'s' if left != 1 else ''} left." in status, status


@run_async
async def test_the_last_turn_after_someone_went_out_says_so_and_the_cursor_stops_at_the_edges():
    app = app_for(went_out(seed=5, phase="draw"))
    async with app.run_test(size=(100, 30)) as pilot:
        screen, status, left, out = await went_out_status(pilot)
        after = f"; {left - 1} more after it." if left > 1 else ", then the round is scored."
        assert f"{out} went out: this is your last turn{after}" in status, status
        screen.cursor = 1
        for key in ("up", "up", "left", "left"):
            await send(pilot, key)
        await pilot.pause()
        assert screen.cursor == 0                    # no wrapping round to row 3 or column 3


def test_a_long_score_line_wraps_under_its_words_with_the_score_kept_on_the_last_row():
    from tui.screens.gnoming import score_note

    words = "no matching line; other cards +50 (a Hazard +10); went out first, not lowest: +5 penalty = 55"
    rows = score_note("Blue", words, 74).split("\n")
    assert rows == ["Blue    no matching line; other cards +50 (a Hazard +10); went out first,",
                    "        not lowest: +5 penalty = 55"], rows
    assert score_note("Red", "no matching line; other cards +35 = 35", 74) == \
        "Red     no matching line; other cards +35 = 35"


@run_async
async def test_the_cursor_stays_after_a_turn_up_and_keys_typed_ahead_act_where_aimed():
    # after the first opening flip the cursor's card is face up: the cursor stays there and the
    # Turn panel says what to do; Enter again turns up nothing, and → Enter turns up the card
    # to the right of the first, as typed
    session = gnoming_session(("human", "easy"), seed=5, until_state=lambda g: g.to_act == 0)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        before, played = screen.cursor, len(session.record.moves)
        assert session.game.phase == "flip" and screen.game.to_act == 0 and before == 4
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) == played + 1 and screen.awaiting,
                    what="the first flip")
        await pilot.pause()
        assert screen.cursor == before
        status = " ".join(str(screen.query_one("#status").render()).split())
        assert "Next: move to a face-down card (arrows) and press Enter to turn it up." in status, status
        await send(pilot, "enter")
        await pilot.pause()
        assert len(session.record.moves) == played + 1
        await send(pilot, "right")
        await pilot.pause()
        assert "Next: move to" not in str(screen.query_one("#status").render())
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) == played + 2, what="the second flip")
        assert session.record.moves[played + 1]["cell"] == 5, session.record.moves[played + 1]


@run_async
async def test_the_other_players_grids_fill_their_rows_evenly():
    # six other grids where five fit a row (120 columns): two rows of three, not five and one
    session = gnoming_session(("human",) + ("easy",) * 6, seed=5)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        heads = [line for line in str(gnoming_screen(app).query_one("#others").render()).splitlines()
                 if " bot" in line]
        assert [line.count(" bot") for line in heads] == [3, 3], heads


@pytest.mark.parametrize("size", [(100, 30), (160, 50)])
@run_async
async def test_the_other_players_grids_spread_over_the_panel(size):
    # three other grids: the room left over goes between them, and what is left of it on
    # both sides, not all to the right (at 100 x 30, 22 columns; at 160 x 50, 50)
    session = gnoming_session(("human", "easy", "easy", "easy"), seed=5)
    app = app_for(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        panel = gnoming_screen(app).query_one("#others")
        lines = str(panel.render()).splitlines()
        grids = [line for line in lines if line.count("[") == 9]
        assert grids, lines
        for line in grids:
            left = len(line) - len(line.lstrip())
            right = panel.content_size.width - len(line.rstrip())
            assert abs(left + 3 - right) <= 2, (left, right, line)     # (a grid is 12 wide, its column 15)
            assert line.index("[", left + 12) > left + 16, line          # a gap wider than one


@pytest.mark.parametrize("size,large", [((120, 40), True), ((119, 40), False), ((120, 39), False)])
@run_async
async def test_the_own_grid_is_drawn_large_from_120_by_40(size, large):
    session = gnoming_session(("human", "easy", "easy"), seed=5)
    app = app_for(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        mine = gnoming_screen(app).query_one("#mine")
        lines = str(mine.render()).splitlines()
        box = "╭────────╮" if large else "╭────╮"
        assert lines[0].count(box) == 3 and len(lines) == (15 if large else 9), lines
        assert mine.outer_size.width == (36 if large else 28)


def _human_at_the_last_face_down_card(g) -> bool:
    return g.to_act == 0 and g.phase == "play" and g.went_out is None and g.up[0].bit_count() == 8


@run_async
async def test_placing_onto_the_last_face_down_card_warns_of_going_out():
    """G-6.1 and G-7.7: the Turn panel says, before Enter, that the card under the cursor goes
    out, with the grid's score then (a newcomer went out at -9 against a -15: -4)."""
    from engine.gnoming.cards import parse_card
    from engine.gnoming.scoring import score_layout

    session = gnoming_session(("human", "easy", "easy"), seed=5, until_state=_human_at_the_last_face_down_card)
    app = app_for(kind="continue")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        view = screen.game.view(0)
        last = view["layouts"][0].index(None)
        up = next(c for c in range(9) if c != last)
        screen.cursor = up
        screen.refresh_view()
        await pilot.pause()
        assert "go out" not in str(screen.query_one("#status").render())
        screen.cursor = last
        screen.refresh_view()
        await pilot.pause()
        cards = list(view["layouts"][0])
        cards[last] = view["drawn"]
        score = score_layout([parse_card(c) for c in cards])
        status = " ".join(str(screen.query_one("#status").render()).split())
        assert f"Your last face-down card: you go out, your grid then worth {score:+d} (before any bounce)." \
            in status, status
        assert "-5 if that is the lowest round score (or tied), +5 if not" in status
        assert "Your last face-down card" in screen_text(app)               # on screen at 80 x 24


def _auto_discard_cell(g) -> int | None:
    """A face-down cell where the person's placement ends the turn by itself: the card turned
    up there can't bounce and only one discard pile may take it (G-5, G-4.5)."""
    if g.to_act != 0 or g.phase != "play":
        return None
    for m in g.legal_moves():
        if (isinstance(m, Place) and not g.up[0] >> m.cell & 1
                and any(e.kind == "discard" and e.seat == 0 for e in g.clone().play(m))):
            return m.cell
    return None


@run_async
async def test_a_placement_that_discards_by_itself_says_so_on_the_board_then_as_the_last_turns():
    # a tester placed a card, and the turn passed with no word but the log's: the card
    # turned up could not bounce, and one pile was empty (G-4.5), so the engine discarded it;
    # another read the note, still up on their next turn, as news
    session = gnoming_session(("human", "easy", "easy"), seed=3,
                              until_state=lambda g: _auto_discard_cell(g) is not None)
    cell = _auto_discard_cell(session.game)
    app = app_for(session)                  # (the bots at their quickest: the note stays up)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot) == "human"
        screen = gnoming_screen(app)
        screen.cursor = cell
        screen.refresh_view()
        await pilot.pause()
        moves = len(session.record.moves)
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) > moves + 1, what="the placement and a bot's move")
        discarded = next(e["text"] for e in session.record.events[::-1] if e["kind"] == "discard" and e["seat"] == 0)
        note = f"{discarded} (it could not bounce, and there was no choice of pile)."
        await until(pilot, lambda: note in " ".join(str(screen.query_one("#status").render()).split()),
                    what="the note on the board, after the bots' moves")
        # on the person's next turn it says it is old news: it read as just happened
        assert await settle(pilot) == "human" and screen.game.to_act == 0
        status = " ".join(str(screen.query_one("#status").render()).split())
        assert f"Your last turn: {note}" in status, status
        # and goes with their next move
        await send(pilot, "d")
        await until(pilot, lambda: "could not bounce" not in str(screen.query_one("#status").render()),
                    what="the note to go")


@run_async
async def test_a_persons_note_is_not_shown_on_another_persons_turn_even_straight_after():
    # two people: Red's note on an automatic discard showed on Blue's Hazard flip, which came
    # straight after Red's move (no move between them)
    session = gnoming_session(("human", "human"), seed=11, until_state=lambda g: g.to_act == 1 and g.phase == "draw")
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: gnoming_screen(app) is not None, what="the board")
        screen = gnoming_screen(app)
        screen.message = "Red discards a Hazard: it leaves play and every other player may turn up one face-down card."
        screen._message_seat, screen._message_moves = 0, len(session.record.moves)
        screen._begin_human(1)
        assert screen.message == ""


def test_a_replaced_face_up_card_is_not_said_to_have_failed_to_bounce():
    # only a card turned up from face down may bounce (G-5.1): a face-up Hazard or card
    # replaced goes without "(a Hazard never bounces)" / "it could not bounce"
    from engine.core import Event
    from tui.screens.gnoming import auto_discard_note

    hazard = [Event("hazard", "Red discards a Hazard: it leaves play and every other player may turn up one "
                              "face-down card", 0)]
    assert auto_discard_note(hazard, 0).endswith("(a Hazard never bounces).")
    assert auto_discard_note(hazard, 0, was_down=False).endswith("face-down card.")
    card = [Event("discard", "Red discards the 9 onto discard pile 1", 0)]
    assert auto_discard_note(card, 0) == ("Red discards the 9 onto discard pile 1 (it could not bounce, and "
                                          "there was no choice of pile).")
    assert auto_discard_note(card, 0, was_down=False) == \
        "Red discards the 9 onto discard pile 1 (there was no choice of pile)."


def test_the_score_sheet_of_the_results_marks_the_winner_as_the_other_games_do():
    from tui import gnoming_view as gv

    view = {"round_scores": [[10, 4, 9], [3, 12, 8], [7, 7, 2]], "scores": [20, 23, 19]}
    rows = str(gv.score_sheet(view, ["Red (you)", "Blue (bot)", "Yellow (bot)"], [2])).splitlines()
    assert [row.endswith("  winner") for row in rows[1:]] == [False, False, True], rows
    assert not any("winner" in row for row in str(gv.score_sheet(view, ["R", "B", "Y"])).splitlines())


def test_going_out_as_the_draw_pile_runs_out_again_promises_no_bonus_or_penalty():
    # G-4.1: the round ends with this turn for want of a draw pile, so no -5 or +5 (G-7.7)
    from tui.screens.gnoming import going_out_words

    assert "-5 if that is the lowest" in going_out_words(12)
    spent = going_out_words(12, spent=True)
    assert "the round ends with this turn, with no -5 or +5" in spent and "lowest" not in spent


@pytest.mark.parametrize("first,said", [([20, 25, 30], "Red and Blue tied on 85: the lower round-three score breaks the tie."),
                                        ([20, 30, 20], "Red and Yellow tied on 85 and on round three: they share the win.")])
@run_async
async def test_the_results_say_how_a_tie_on_the_total_was_settled(first, said):
    # (the engine says how, G-8's view key decided_by: the screen used to work it out itself)
    from engine.gnoming.moves import Draw
    from tests.gnoming.helpers import position

    g = position(3, layouts={0: "1 2 3 / 4 5 6 / 7 8 [-1]", 1: "1 2 3 / 4 5 6 / 7 8 -1", 2: "1 2 3 / 4 5 6 / 7 8 -1"},
                 piles=(["6", "5"], ["7", "4"]), draw=["10", "-1"], round=3, turn=2, went_out=1, final_left=2,
                 totals=[a + 30 for a in first], round_scores=[first, [30, 30, 30]])
    g.play(Draw(2))
    g.play(Discard(2, 0))
    g.play(Draw(0))
    g.play(Place(0, 8))                  # round three: Red 35, Blue (out, lowest) 30, Yellow 35
    assert g.is_over
    spec = GameSpec(game="gnoming", players=3, seats=seats("human", "easy", "easy"), seed=1)
    session = Session.new(spec, game=g, autosave=False)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ResultsScreen(session))
        await pilot.pause()
        text = " ".join(str(app.screen.query_one("#results-text").render()).split())
        assert text.endswith("Lowest total wins. " + said), text
    # the screen words what the engine's view says (it used to work the tie-break out itself)
    view = g.view
    g.view = lambda seat=None: {**view(seat), "decided_by": "total"}
    async with app_for(session).run_test(size=(100, 30)) as pilot:
        await pilot.app.push_screen(ResultsScreen(session))
        await pilot.pause()
        text = " ".join(str(pilot.app.screen.query_one("#results-text").render()).split())
        assert text.endswith("Lowest total wins."), text


@run_async
async def test_the_opening_flips_count_the_persons_own_flips():
    session = gnoming_session(("human", "easy", "easy"), seed=5,
                              until_state=lambda g: g.phase == "flip" and g.to_act == 0)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = gnoming_screen(app)
        status = lambda: " ".join(str(screen.query_one("#status").render()).split())   # noqa: E731
        assert "turn up two cards (0 of 2)" in status(), status()
        await send(pilot, "enter")
        await until(pilot, lambda: "(1 of 2)" in status(), what="the second flip")


@run_async
async def test_enter_on_the_second_of_two_equal_cards_plays_the_one_move_and_it_is_not_dimmed():
    # the engine lists placing a 5 on either of two face-up 5s once, at the first
    # (GnomingGame.move_at): the second is not drawn as having no move, and Enter there plays it
    from engine.gnoming.moves import Draw
    from tests.gnoming.helpers import position

    g = position(3, layouts={0: "5 5 3 / 4 [6] 1 / 2 7 8"}, draw=["5", "10", "10", "3"])
    g.play(Draw(0))
    spec = GameSpec(game="gnoming", players=3, seats=seats("human", "easy", "easy"), seed=1)
    session = Session.new(spec, game=g, autosave=False)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = gnoming_screen(app)
        screen.cursor = 4                                   # (the cursor's own frame is drawn heavy)
        screen.refresh_view()
        await pilot.pause()
        mine = screen.query_one("#mine").render()
        row = mine.plain.splitlines()[1]                    # the first row's cards: 5, 5, 3
        start = mine.plain.index(row)
        dim = [s for s in mine.spans if start <= s.start < start + len(row) and "dim" in str(s.style)]
        assert "5" in row and not dim, (row, dim)
        screen.cursor = 1
        await send(pilot, "enter")
        await until(pilot, lambda: len(session.record.moves) >= 1, what="the placement")
        assert session.record.moves[0] == Place(0, 0).to_dict()


@run_async
async def test_the_other_players_grids_are_laid_out_again_when_the_own_grid_grows():
    # 7 players from 100 x 30 to 160 x 50: the own grid turns large (a wider column), and the
    # others' grids, laid out for the panel as it was, wrapped until the next move
    session = gnoming_session(("human",) + ("easy",) * 6, seed=5)
    app = app_for(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await pilot.pause()
        panel = gnoming_screen(app).query_one("#others")
        lines = str(panel.render()).splitlines()
        assert all(len(line.rstrip()) <= panel.content_size.width for line in lines), lines
        assert sum(line.count(" bot") for line in lines) == 6, lines
