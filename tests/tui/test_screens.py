"""Title, set-up and load screens driven by keys; damaged saves never stop the app."""
from __future__ import annotations

import os

import pytest
from textual.command import CommandPalette

from engine import saves
from tui.screens.load import LoadScreen
from tui.screens.setup import SetupScreen

from .helpers import (app_for, board_screen, bot_played, footer_fits, footer_settles, human_turn, palette_hit,
                      run_async, screen_text, scrolled, seats, session_at, until)
from ..util import OtherParlor, seen_from_another_process


def make_damaged(folder):
    good = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    text = good.path.read_text()
    files = {
        "garbage.json": b"{definitely not json",
        "truncated.json": text[: len(text) // 2].encode(),
        "future.json": text.replace('"version":1,', '"version":99,', 1).encode(),
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return good, files


@run_async
async def test_damaged_saves_are_listed_kept_and_deletable(home):
    folder = home / "saves"
    good, files = make_damaged(folder)
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.screen.check_action("continue", ()) is True          # the good one still continues
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert len(screen.entries) == 4
        damaged = {e.path.name: e.problem for e in screen.entries if e.damaged}
        assert set(damaged) == set(files)
        assert "newer Parlor" in damaged["future.json"]
        # open a damaged file: refused with the reason, the app goes on
        row = next(i for i, e in enumerate(screen.entries) if e.path.name == "garbage.json")
        screen.query_one("#saves").move_cursor(row=row)
        await pilot.pause()
        assert screen.check_action("open", ()) is False         # not offered
        assert "can't be opened" in str(screen.query_one("#load-detail").render())
        await pilot.press("enter")
        assert app.screen is screen
        for name, data in files.items():
            assert (folder / name).read_bytes() == data
        # delete it on request (after a confirmation)
        await pilot.press("d")
        await pilot.press("n")
        assert (folder / "garbage.json").exists()
        await pilot.press("d")
        await pilot.press("y")
        await pilot.pause()
        assert not (folder / "garbage.json").exists()
        assert len(screen.entries) == 3
        # open the good one
        row = next(i for i, e in enumerate(screen.entries) if not e.damaged)
        screen.query_one("#saves").move_cursor(row=row)
        await pilot.pause()
        await pilot.press("enter")
        await human_turn(pilot)
        assert board_screen(app).session.path == good.path
    # playing on never touched the damaged files
    for name in ("truncated.json", "future.json"):
        assert (folder / name).read_bytes() == files[name]


@run_async
async def test_setup_screen_starts_the_game_it_shows(home):
    app = app_for(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("down", "left")            # players 4 -> 3
        await pilot.press("down", "right", "right")   # variant -> play for points
        await pilot.press("down", "down", "right")    # Blue: bot easy -> bot normal? (cycles the seat)
        spec = app.screen.current_spec()
        assert spec.players == 3 and spec.variant == "points" and spec.target == 250
        assert not app.screen.query_one("#seat-3").display
        await pilot.press("enter")
        await human_turn(pilot)
        session = board_screen(app).session
        assert session.game.players == 3 and session.game.variant == "points"
        assert [s.kind for s in session.seats][0] == "human"
        assert saves.load(session.path).game.to_dict() == session.game.to_dict()


@run_async
async def test_setup_seats_eight_for_pegs_and_jokers():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", "right")              # Pegs and Jokers
        screen = app.screen
        assert screen.query_one("#game").value == "pegs"
        await pilot.press("down", "right", "right")  # 4 -> 6 -> 8 players
        await pilot.pause()
        assert screen.query_one("#players").value == 8
        assert all(screen.query_one(f"#seat-{i}").display for i in range(8))
        hint = str(screen.query_one("#setup-hint").render())
        assert "Red + Yellow + Orange + Pink against Blue + Green + Purple + Cyan" in hint
        spec = screen.current_spec()
        assert len(spec.seats) == 8 and spec.seats[0].is_human and spec.seats[7].level == "normal"
        assert screen.check_action("start", ()) is True


@run_async
async def test_rules_screen_switches_games():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert app.screen.game == "sorry"
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.game == "pegs"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen.__class__.__name__ == "TitleScreen", what="title")


@run_async
async def test_the_rules_open_at_the_game_last_played(home):
    # a tester who played only Gnoming found the rules at Sorry! every time
    bot_played("gnoming", 3, done=lambda s: len(s.record.moves) >= 2)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: app.screen.__class__.__name__ == "RulesScreen", what="the rules")
        assert app.screen.game == "gnoming"


@run_async
async def test_rules_in_ascii_are_drawn_with_ascii_only():
    app = app_for(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "right", "right")
        await pilot.pause()
        assert app.screen.game == "gnoming"
        text = app.screen.query_one("#rules-text")
        rendered = "\n".join(strip.text for strip in text.render_lines(text.region.reset_offset))
        assert rendered.isascii()
        # the minus of "−1" is mapped, not lost; the card table is drawn with + - |
        assert "-1 and -2" in rendered and "?1" not in rendered and "+----" in rendered


@run_async
async def test_load_lists_gnoming_games_by_round_even_before_the_first_turn(home):
    # In Gnoming A Round the view's "turn" is the seat to play, None while the
    # players turn up their first two cards: the list once crashed on it.
    from engine.gnoming.generate import OPENING

    from .test_gnoming import gnoming_session

    opening = gnoming_session(("human", "easy", "easy", "easy"), seed=5, until_state=lambda g: g.phase == OPENING)
    assert opening.game.view(None)["turn"] is None
    later = gnoming_session(("human", "easy", "easy"), seed=6, until_state=lambda g: g.round == 2)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        assert "round" in str(app.screen.query_one("#continue-info").render())
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        table = screen.query_one("#saves")
        rows = {screen.entries[i].path: [str(c) for c in table.get_row_at(i)] for i in range(table.row_count)}
        assert rows[opening.path][2] == "round 1 of 3"
        assert rows[later.path][2] == "round 2 of 3"
        assert rows[opening.path][1] == "you + 3 bots"


@run_async
async def test_a_save_damaged_after_it_was_listed_is_refused_when_opened(home):
    good = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen) and not screen.entries[0].damaged
        good.path.write_bytes(b"{")            # e.g. another program wrote over it
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen, "the board did not open"
        assert any("can't be opened" in n.message for n in app._notifications)
        assert screen.entries[0].damaged and "cut short" in screen.entries[0].problem
        assert good.path.read_bytes() == b"{"


@run_async
async def test_load_says_who_won_in_a_few_words_and_fits_80_columns(home):
    from engine import COLOURS

    from tui.session import GameSpec, Session

    from .helpers import seats

    games = {"pegs6": bot_played("pegs", 6), "teams": bot_played("sorry", 4, variant="teams"),
             "sorry": bot_played("sorry", 4), "gnoming": bot_played("gnoming", 7)}
    # and the longest words of the other columns: a points game and eight seats, two of them people
    Session.new(GameSpec(game="sorry", players=4, variant="points", seats=seats("human", "human", "hard", "hard")))
    Session.new(GameSpec(game="pegs", players=8, seats=seats("human", "human", *["easy"] * 6)))
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        table = screen.query_one("#saves")
        rows = {screen.entries[i].path: [str(c) for c in table.get_row_at(i)] for i in range(table.row_count)}
        won = {name: rows[s.path][2] for name, s in games.items()}
        winners = {name: [COLOURS[w] for w in s.game.winners] for name, s in games.items()}
        assert won["pegs6"] == f"won by {winners['pegs6'][0]}'s team" and len(winners["pegs6"]) == 3
        assert won["teams"] == "won by " + " + ".join(winners["teams"])
        assert won["sorry"] == f"won by {winners['sorry'][0]}"
        assert won["gnoming"] == "won by " + ", ".join(winners["gnoming"])
        assert table.virtual_size.width <= table.scrollable_content_region.width, "no column cut off"
        shown = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert ["Sorry! points", "2 people + 2 bots", "game 1, move 1"] in [row[:3] for row in shown]
        assert "2 people + 6 bots" in [row[1] for row in shown]
        await footer_settles(pilot, shows=("Choose", "Open"))
        assert footer_fits(app)[:2] == ["up", "enter"]             # ↑/↓ Choose, ⏎ Open
        await pilot.press("down", "down", "up")
        assert table.cursor_row == 1


@run_async
async def test_load_says_the_highlighted_game_in_whole_words_with_a_matchs_target(home):
    # two finished points matches differ in their target and the games they took, which the
    # list's short words leave out: the lines under it give them for the highlighted game
    from engine import COLOURS

    short, long = bot_played("sorry", 4, variant="points", target=50), \
        bot_played("sorry", 4, variant="points", target=100, seed=4)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        for row in (0, 1):
            screen.query_one("#saves").move_cursor(row=row)
            await pilot.pause()
            session = {s.path: s for s in (short, long)}[screen.entries[row].path]
            match = session.game.view(None)["match"]
            detail = " ".join(str(screen.query_one("#load-detail").render()).split())
            won = f"won by {COLOURS[session.game.winners[0]]} after {match['games']} game"
            assert detail.startswith(f"Sorry! (play for points) to {match['target']} · 4 players "
                                     f"(you + 3 bots) · {won}"), detail
            assert detail.endswith(f"{session.path.name}: Enter opens it, d deletes it."), detail
        assert short.game.view(None)["match"]["games"] != long.game.view(None)["match"]["games"]


async def check_scroll_keys(pilot, target: str) -> None:
    """The footer shows ↑/↓ and PgUp/PgDn, and they, Home and End scroll `target` (Tab keeps them)."""
    app = pilot.app
    await footer_settles(pilot, shows=("Scroll", "Page"))
    keys = footer_fits(app)
    assert {"up", "pageup"} <= set(keys), keys                # ↑/↓ Scroll, PgUp/PgDn Page
    text = app.screen.query_one(target)
    page = text.scrollable_content_region.height - 1
    assert text.max_scroll_y > page + 1, "a long text"
    await pilot.press("pagedown")
    await scrolled(pilot, text, page)
    await pilot.press("down", "down", "up")
    await scrolled(pilot, text, page + 1)
    await pilot.press("end")
    await scrolled(pilot, text, lambda: text.max_scroll_y)
    await pilot.press("home")
    await scrolled(pilot, text, 0)
    await pilot.press("tab")
    await footer_settles(pilot, shows=("Scroll", "Page"))
    assert {"up", "pageup"} <= set(footer_fits(app))


@run_async
async def test_the_rules_show_their_scroll_keys_and_answer_them():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await check_scroll_keys(pilot, "#rules-scroll")


@run_async
async def test_help_shows_its_scroll_keys_and_answers_them():
    from tui.screens.help import HelpScreen

    from .helpers import one_from_home

    app = app_for(one_from_home(250))
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await check_scroll_keys(pilot, "#help-scroll")


@run_async
async def test_every_line_of_the_setup_shows_how_to_move_and_start():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        seen = set()
        for _ in range(10):
            await footer_settles(pilot, shows=("Line", "Start", "Back"))
            keys = footer_fits(app)
            assert {"up", "enter", "escape"} <= set(keys), (app.focused, keys)
            seen.add(app.focused.id)
            await pilot.press("down")
            await pilot.pause()
        assert "seed" in seen
        screen.query_one("#seed").focus()
        await pilot.pause()
        await pilot.press("1", "7", "enter")    # Enter in the seed line starts, with that seed
        await human_turn(pilot)
        assert board_screen(app).session.record.seed == 17


@run_async
async def test_the_setup_says_what_the_line_being_changed_means(home):
    from tui.screens.setup import LINE_HINTS

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the form")
        screen = app.screen

        def hint() -> str:
            return " ".join(str(screen.query_one("#setup-hint").render()).split())

        assert "Left/right change a line" in hint()                    # on the Game line
        screen.query_one("#variant").focus()
        for variant in ("standard", "teams", "points"):
            screen.query_one("#variant").value = variant
            await pilot.pause()
            assert LINE_HINTS["variant"][variant] in hint(), (variant, hint())
        assert "Partners" not in hint()
        screen.query_one("#variant").value = "teams"
        await pilot.pause()
        assert hint().startswith("Partners: Red + Yellow against Blue + Green. A card moves"), hint()
        for line, key in (("#seat-1", "seat"), ("#seed", "seed"), ("#players", None)):
            screen.query_one(line).focus()
            await pilot.pause()
            if key:
                assert hint().endswith(LINE_HINTS[key]), (line, hint())
            else:
                assert all(h not in hint() for h in (LINE_HINTS["seat"], LINE_HINTS["seed"]))


@run_async
async def test_a_row_says_when_its_game_is_open_elsewhere_as_it_is_highlighted(home):
    from tui.screens.load import OPEN_ELSEWHERE

    free = session_at([["track:10"], ["track:30"]], card="3", seed=1)
    held = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        other = OtherParlor(held.path)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen), what="Load")
        table = app.screen.query_one("#saves")
        paths = [e.path for e in app.screen.entries]
        row = paths.index(held.path)
        when = lambda: str(table.get_cell(str(row), "when"))      # noqa: E731
        assert when() == OPEN_ELSEWHERE
        assert str(table.get_cell(str(paths.index(free.path)), "when")) != OPEN_ELSEWHERE
        away, back = ("down", "up") if row == 0 else ("up", "down")
        table.move_cursor(row=row)
        other.close()                                     # it quits; the list is not read again
        await pilot.press(away, back)                     # the row, highlighted again, follows
        await until(pilot, lambda: when() != OPEN_ELSEWHERE, what="the row to follow")
        other = OtherParlor(held.path)                    # and opens it again
        await pilot.press(away, back)
        await until(pilot, lambda: when() == OPEN_ELSEWHERE, what="the row to follow again")
        other.close()


@run_async
async def test_a_game_open_in_another_parlor_is_not_opened_or_deleted_here(home):
    good = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    before = good.path.read_bytes()
    other = OtherParlor(good.path)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        info = str(app.screen.query_one("#continue-info").render())
        assert f"Open in another Parlor (process {other.pid}): quit it there to continue here." in info
        await pilot.press("c")                            # the title's Continue: refused, says why
        await pilot.pause()
        assert app.screen.__class__.__name__ == "TitleScreen"
        note = list(app._notifications)[-1]
        assert f"Your last game is open in another Parlor (process {other.pid}). Quit it there" in note.message
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        detail = str(screen.query_one("#load-detail").render())
        assert f"open in another Parlor (process {other.pid})" in detail and "Quit it there" in detail
        table = screen.query_one("#saves")
        assert str(table.get_cell("0", "when")) == "open elsewhere"      # in its row too
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert "Open elsewhere" in [n.title for n in app._notifications]
        await pilot.press("d")                            # refused at once: no question first
        await pilot.pause()
        assert app.screen is screen
        assert good.path.read_bytes() == before, "not deleted while the other plays it"
        assert any("can't be deleted: it is open in another Parlor" in n.message for n in app._notifications)
        other.close()                                     # the other Parlor leaves the game
        screen.reload()
        await pilot.pause()
        assert "Enter opens it" in str(screen.query_one("#load-detail").render())
        assert str(table.get_cell("0", "when")) != "open elsewhere"
        await pilot.press("enter")
        await human_turn(pilot)
        # the refusal's toast goes with the game opened (it stayed over the board)
        assert "Open elsewhere" not in [n.title for n in app._notifications]
        assert any("can't be deleted" in n.message for n in app._notifications)      # (others stay)
        assert saves.lock_path(good.path).exists()        # held here now
        assert seen_from_another_process(good.path) == f"open in another Parlor (process {os.getpid()})"
        await pilot.press("escape")                       # leaving the board lets it go
        await pilot.pause()
        assert not saves.lock_path(good.path).exists()


@run_async
async def test_continue_says_when_it_passes_over_a_newer_game_open_elsewhere(home):
    older = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    newer = session_at([["track:10"], ["track:30"]], card="5", seed=3)
    saves.write(newer.record, now="2099-01-01T00:00:00+00:00")
    other = OtherParlor(newer.path)
    app = app_for()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            info = str(app.screen.query_one("#continue-info").render())
            assert f"A newer game is open in another Parlor (process {other.pid})." in info
            await pilot.press("c")                    # Continue takes the older game, and says why
            await human_turn(pilot)
            assert board_screen(app).session.path == older.path
            assert any(f"Your newest game is open in another Parlor (process {other.pid}): this is the "
                       "last one you played before it." in n.message for n in app._notifications)
    finally:
        other.close()


@run_async
async def test_the_line_in_use_shows_without_colour():
    """The chosen set-up line is pointed at, and a list's highlighted row is underlined:
    colour is never the only signal (NO_COLOR, monochrome terminals)."""
    from tui.widgets.choice import Choice

    session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#menu")
        assert "underline" in str(menu.get_component_styles("option-list--option-highlighted").text_style)
        await pilot.press("n", "down")
        lines = [str(c.render()) for c in app.screen.query(Choice) if c.display]
        assert lines[1].startswith("▸ Players") and all(line.startswith("  ") for i, line in enumerate(lines) if i != 1)
        while app.screen.focused.id != "seed":
            await pilot.press("up")
        assert str(app.screen.query_one("#seed-label").render()) == "▸ Seed"
        assert not any(str(c.render()).startswith("▸") for c in app.screen.query(Choice))
        await pilot.press("escape", "l")
        table = app.screen.query_one("#saves")
        assert "underline" in str(table.get_component_styles("datatable--cursor").text_style)


@run_async
async def test_textual_light_themes_get_the_darker_player_colours():
    """Textual's own themes set no player colours: a light one gets the set made for a pale
    board (Yellow #e6b422 on light grey was 1.35:1), a dark one the bright set."""
    from themes import DARK_COLOURS, LIGHT_COLOURS, PLAYER_NAMES

    app = app_for(theme="textual-light")
    async with app.run_test(size=(80, 24)) as pilot:
        for theme, colours in (("textual-light", LIGHT_COLOURS), ("textual-dark", DARK_COLOURS),
                               ("solarized-light", LIGHT_COLOURS)):
            app.theme = theme
            await pilot.pause()
            assert tuple(app.theme_variables[f"player-{n}"] for n in PLAYER_NAMES) == colours, theme


async def each_theme(app, pilot):
    """(name, its CSS variables) for every theme with colours of its own (not textual-ansi,
    whose colours are the terminal's)."""
    for theme in sorted(app.available_themes):
        app.theme = theme
        await pilot.pause()
        v = app.theme_variables
        if "ansi" not in v["background"]:
            yield theme, v


@run_async
async def test_player_colours_read_as_text_and_as_ground_in_every_theme():
    """A player's colour as text (names, the track) reads on the board in every theme,
    Parlor's and Textual's, and so do a pawn's letters on its colour: WCAG's 4.5:1, in
    true colour and as a 256-colour terminal rounds them."""
    from textual.color import Color

    from themes import PLAYER_NAMES
    from themes import contrast_anywhere as contrast

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        async for theme, v in each_theme(app, pilot):
            for name in PLAYER_NAMES:
                colour, ink, text = (v[f"player-{name}{part}"] for part in ("", "-ink", "-text"))
                assert contrast(text, colour) >= 4.5, (theme, name)
                for ground in ("background", "surface", "panel"):
                    assert contrast(ink, Color.parse(v[ground]).hex6) >= 4.5, (theme, name, ground)


@run_async
async def test_under_no_color_the_greys_read_too(monkeypatch):
    """Under NO_COLOR Textual draws every colour grey: a pawn's letters (red's grey wants
    white, where red wants black: 4.0:1), the inks and the footer's keys (4.35:1) are chosen
    again so that their greys read, 4.5:1 in true colour and in 256 colours, in every theme."""
    from textual.color import Color

    from themes import PLAYER_NAMES, grey
    from themes import contrast_anywhere as contrast

    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.no_color
        async for theme, v in each_theme(app, pilot):
            def seen(name: str) -> str:
                return grey(Color.parse(v[name]).hex6)

            for name in PLAYER_NAMES:
                assert contrast(seen(f"player-{name}-text"), seen(f"player-{name}")) >= 4.5, (theme, name)
                for ground in ("background", "surface", "panel"):
                    assert contrast(seen(f"player-{name}-ink"), seen(ground)) >= 4.5, (theme, name, ground)
            if "ansi" not in v["footer-key-foreground"] + v["footer-background"]:
                assert contrast(seen("footer-key-foreground"), seen("footer-background")) >= 4.5, theme
        app.theme = "parlor-dark"
        await pilot.pause()
        assert app.theme_variables["player-red-text"] == "#ffffff"       # black in colour


def test_dimmed_text_reads_in_parlors_themes_in_256_colours_too():
    """Dimmed text (a card that can't move, the draw pile's count, a grid's brackets) on any
    ground of Parlor's four themes reads at WCAG's 4.5:1, in true colour and as a 256-colour
    terminal rounds it (TERM=xterm-256color without COLORTERM: parlor-light's old surface
    became #d7d7d7 there, and dimmed text on it 4.24:1)."""
    from textual.color import Color
    from textual.filter import dim_color

    from themes import THEMES
    from themes import contrast_anywhere as contrast

    for name, theme in THEMES.items():
        system = theme.to_color_system().generate()
        for ground in ("background", "surface", "panel"):
            g = Color.parse(system[ground])
            text = g + g.get_contrast_text(0.87)                  # $text on that ground
            dimmed = dim_color(g.rich_color, text.rich_color).get_truecolor().hex
            assert contrast(dimmed, g.hex6) >= 4.5, (name, ground, dimmed)


@pytest.mark.parametrize("theme", ["parlor-dark", "parlor-light", "parlor-high-contrast", "parlor-okabe-ito"])
@run_async
async def test_a_move_lists_reasons_read_in_parlors_themes(theme):
    """The lines of a move list that can't be chosen (why a pawn can't come out, the game
    is over) are text to read: 4.5:1 on the list's ground in Parlor's four themes, in true
    colour and in 256 colours (Textual's $text-disabled read at 2.6-3.3:1)."""
    from textual.widgets import OptionList

    from themes import contrast_anywhere as contrast

    app = app_for(session_at([["track:20"], ["track:40"]], card="3", seed=2), theme=theme)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        moves = board_screen(app).query_one("#moves", OptionList)
        ground = moves.background_colors[1]
        styles = moves.get_component_styles("option-list--option-disabled")
        colour = styles.color
        ink = ground + (ground.get_contrast_text(colour.a) if styles.auto_color else colour)
        assert contrast(ink.hex6, ground.hex6) >= 4.5, (theme, ink.hex6, ground.hex6)


@pytest.mark.parametrize("theme", ["parlor-dark", "parlor-light", "parlor-high-contrast", "parlor-okabe-ito"])
@run_async
async def test_an_empty_pegs_hole_reads_on_every_lane_in_256_colours_too(theme):
    """A hole's dot on each lane's tint, as the board draws it: 4.5:1 in true colour and in
    256 colours (at $text 80% Yellow's lane read 4.36:1 in 256 colours, 3.94:1 in
    parlor-high-contrast)."""
    from textual.geometry import Region

    from themes import contrast_anywhere as contrast
    from tui.widgets.pegs_board import PegsBoard

    from .test_pegs import late_session

    app = app_for(late_session(8), theme=theme)
    async with app.run_test(size=(100, 40)) as pilot:
        await human_turn(pilot)
        board = board_screen(app).query_one(PegsBoard)
        dots = {(seg.style.color.triplet.hex, seg.style.bgcolor.triplet.hex)
                for strip in board.render_lines(Region(0, 0, *board.size)) for seg in strip
                if seg.text.strip() == app.glyphs.square and seg.style and seg.style.bgcolor}
        assert len(dots) >= 8, dots                       # a tint per lane
        low = sorted((round(contrast(fg, bg), 2), fg, bg) for fg, bg in dots if contrast(fg, bg) < 4.5)
        assert not low, low


@run_async
async def test_the_footers_keys_read_in_every_theme():
    """The footer's key letters on the footer, 4.5:1 in true colour and 256 colours, in
    Textual's themes too (atom-one-light's were 1.8:1, textual-light's 2.3:1)."""
    from themes import contrast_anywhere as contrast

    app = app_for(theme="parlor-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        checked = 0
        async for name, v in each_theme(app, pilot):
            key, ground = v["footer-key-foreground"], v["footer-background"]
            assert contrast(key, ground) >= 4.5, (name, key, ground)
            checked += 1
        assert checked >= 20


@pytest.mark.parametrize("theme,light", [("ansi-light", True), ("ansi-dark", False)])
@run_async
async def test_the_ansi_themes_tint_the_lanes_for_their_terminals_ground(theme, light):
    """The ansi themes draw text in the terminal's own colour, dark under ansi-light: the
    lanes' tints (Sorry!'s zones alike) were blended with black there, near-black blocks
    under dark text. Now pale on a light theme, dark on a dark one."""
    from textual.color import Color
    from textual.geometry import Region

    from tui.widgets.pegs_board import PegsBoard

    from .test_pegs import late_session

    app = app_for(late_session(4), theme=theme)
    async with app.run_test(size=(100, 30)) as pilot:
        await human_turn(pilot)
        board = board_screen(app).query_one(PegsBoard)
        grounds = {seg.style.bgcolor.triplet.hex for strip in board.render_lines(Region(0, 0, *board.size))
                   for seg in strip if seg.text.strip() == app.glyphs.square and seg.style and seg.style.bgcolor
                   and seg.style.bgcolor.triplet}
        assert len(grounds) >= 4, grounds                   # a tint per lane
        assert all((Color.parse(g).brightness > 0.75) == light for g in grounds), grounds
        assert all(Color.parse(g).brightness < 0.25 for g in grounds) != light, grounds


@run_async
async def test_a_new_game_is_held_from_its_first_save(home):
    """A first game ever (no saves folder yet) and its rematch are held by this Parlor before
    they are written, so no other Parlor can open them in between."""
    from engine.saves import Seat
    from tui.session import GameSpec

    assert not (home / "saves").exists()
    spec = GameSpec(game="sorry", players=2, seats=(Seat("human"), Seat("bot", "normal")), seed=3)
    app = app_for(spec=spec)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        path = board_screen(app).session.path
        assert saves.lock_path(path).exists()
        assert seen_from_another_process(path) == f"open in another Parlor (process {os.getpid()})"
        rematch = board_screen(app).session.rematch(save_dir=home / "saves", hold=True)
        assert saves.lock_path(rematch.path).exists()
        rematch.release()
        await pilot.press("escape")
        await pilot.pause()
        assert not saves.lock_path(path).exists()


@pytest.mark.parametrize("game,players", [("sorry", 4), ("pegs", 4), ("gnoming", 3)])
@pytest.mark.parametrize("ascii", [False, True])
@run_async
async def test_help_explains_the_marks_on_every_board(game, players, ascii):
    """Each board's help has a table of its marks (◇ ◆ ✕, the in-spot, the cursor …), drawn
    in the glyphs on show: ASCII ones with --ascii."""
    from tui.screens.help import HelpScreen
    from tui.session import GameSpec

    spec = GameSpec(game=game, players=players, seats=seats("human", *["easy"] * (players - 1)), seed=2)
    app = app_for(spec=spec, ascii=ascii)
    async with app.run_test(size=(80, 24)) as pilot:
        from tui.screens.base import GameScreen

        def board():
            return next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)

        await until(pilot, lambda: board() is not None, what="the board")
        board = board()
        app.push_screen(HelpScreen(board))
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), what="help")
        marks = dict(app.screen.marks)
        assert len(marks) >= 4 and str(app.screen.query_one("#help-marks").render())
        glyphs = app.glyphs
        if game != "gnoming":
            assert f"{glyphs['from']}R1" in marks and f"{glyphs.bumped}B2" in marks
        if game == "pegs":
            assert glyphs["in-spot"] in marks and glyphs["come-out"] in marks
        if ascii:
            assert all(mark.isascii() for mark in marks), marks


@run_async
async def test_space_pages_the_rules_and_does_not_change_the_game():
    from tui.screens.help import HelpScreen, key_rows

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        scroll = rules.query_one("#rules-scroll")
        await pilot.press("space")
        await until(pilot, lambda: scroll.scroll_y > 0, what="a page down")
        assert rules.game == "sorry"
        rows = dict((what, keys) for keys, what in key_rows(rules))
        assert "Space" not in rows.get("Change", "") and "Space" in rows.get("Scroll a page up or down", "")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


@run_async
async def test_help_on_the_new_game_form_gives_the_rules_of_the_game_chosen():
    from textual.geometry import Region

    from tui.screens.help import HelpScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("right", "right")                      # Gnoming A Round
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.game == "gnoming"
        widget = app.screen.query_one("#help-rules")
        text = "\n".join(strip.text for strip in widget.render_lines(
            Region(0, 0, widget.size.width, widget.size.height)))
        assert "Gnoming A Round" in text and "Sorry!" not in text, text[:300]
        assert_examples_whole(text)


def assert_examples_whole(shown: str) -> None:
    """The worked examples of the rules (their code blocks) are shown line for line,
    not wrapped into each other."""
    import engine

    lines = {line.strip(" │|") for line in shown.splitlines()}
    blocks = engine.rules_text("gnoming").split("```")[1::2]
    examples = [line.strip() for block in blocks for line in block.splitlines() if line.strip()]
    assert len(examples) >= 12 and not [line for line in examples if line not in lines], shown


@run_async
async def test_the_rules_screen_shows_the_scoring_examples_whole_at_80_columns():
    from textual.geometry import Region

    from tui.screens.rules import RulesScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen("gnoming"))
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), what="the rules")
        await pilot.pause()
        widget = app.screen.query_one("#rules-text")
        assert widget.size.width <= 76
        assert_examples_whole("\n".join(strip.text for strip in widget.render_lines(
            Region(0, 0, widget.size.width, widget.size.height))))


@run_async
async def test_help_over_the_log_and_the_quit_dialog_gives_the_games_rules():
    from tui.screens.dialogs import QuitScreen
    from tui.screens.help import HelpScreen
    from tui.screens.log import LogScreen

    session = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        for key, kind in (("g", LogScreen), ("q", QuitScreen)):
            await pilot.press(key)
            await until(pilot, lambda: isinstance(app.screen, kind), what=kind.__name__)
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, HelpScreen), what="help")
            assert app.screen.game == "sorry", kind.__name__
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, kind), what=kind.__name__)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is board_screen(app), what="the board")


@run_async
async def test_the_command_palette_offers_parlors_commands_not_textuals_window_tools():
    from tui.screens.help import HelpScreen
    from tui.screens.title import TitleScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = {c.title for c in app.get_system_commands(app.screen)}
        assert {"Theme", "Quit", "Help"} <= titles
        assert not titles & {"Maximize", "Screenshot", "Keys"}, titles
        quit_help = next(c.help for c in app.get_system_commands(app.screen) if c.title == "Quit")
        assert quit_help == "Quit Parlor now, as Ctrl+Q does (a game in play is already saved)"
        await pilot.press("ctrl+p")
        await pilot.pause()
        for key in "Help":
            await pilot.press(key)
        await palette_hit(pilot, "Help")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), what="Parlor's help")
        assert isinstance(app.screen_stack[-2], TitleScreen)


@run_async
async def test_the_command_palette_reaches_settings_and_on_a_board_the_log_and_the_title():
    from tui.screens.log import LogScreen
    from tui.screens.settings import SettingsScreen

    session = session_at([["track:20"], ["track:40"]], card="3", seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        board = board_screen(app)
        titles = [c.title for c in app.get_system_commands(board)]
        assert {"Settings", "Game log", "Title screen"} <= set(titles), titles
        for title, kind in (("Settings", SettingsScreen), ("Game log", LogScreen)):
            await pilot.press("ctrl+p")
            await pilot.pause()
            for key in title:
                await pilot.press("space" if key == " " else key)
            await palette_hit(pilot, title)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, kind), what=title)
            assert app.screen_stack[-2] is board
            if kind is SettingsScreen:                # (not offered again on itself)
                assert "Settings" not in [c.title for c in app.get_system_commands(app.screen)]
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is board, what="the board again")


@run_async
async def test_new_game_starts_from_the_set_up_of_the_game_just_played(home):
    # from the results (and the title, afterwards) the form shows the last game's set-up,
    # not Sorry! for four; the seed is left for a new deal
    from engine.saves import Seat
    from tui.session import GameSpec, Session

    spec = GameSpec(game="sorry", players=3, variant="points", target=120, seed=5,
                    seats=(Seat("human"), Seat("bot", "hard"), Seat("bot", "easy")))
    session = Session.new(spec)
    setup = session.setup_spec()
    assert (setup.game, setup.players, setup.variant, setup.target, setup.seed) == ("sorry", 3, "points", 120, None)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await human_turn(pilot)
        board = board_screen(app)
        board._after_results("new")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the New game form")
        form = app.screen

        def values() -> tuple:
            return tuple(form.query_one(f"#{name}").value
                         for name in ("game", "players", "variant", "target", "seat-0", "seat-1", "seat-2"))

        assert values() == ("sorry", 3, "points", 120, "human", "hard", "easy")
        assert form.query_one("#seed").value == ""
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")                                   # from the title: the same
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the form again")
        form = app.screen
        assert values() == ("sorry", 3, "points", 120, "human", "hard", "easy")


@run_async
async def test_after_a_fresh_start_new_game_offers_the_table_last_saved(home):
    # no game opened yet in this Parlor: the form starts from the last game saved
    from engine.saves import Seat
    from tui.session import GameSpec, Session

    spec = GameSpec(game="pegs", players=6, seats=(Seat("human"), Seat("human")) + (Seat("bot", "hard"),) * 4)
    Session.new(spec).release()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the New game form")
        form = app.screen
        assert (form.query_one("#game").value, form.query_one("#players").value) == ("pegs", 6)
        assert [form.query_one(f"#seat-{i}").value for i in range(6)] == ["human"] * 2 + ["hard"] * 4
    spec = GameSpec(game="sorry", players=3, variant="points", target=120, seats=(Seat("human"),) * 3)
    Session.new(spec).release()                          # the last saved now: a match to 120
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the New game form")
        form = app.screen
        assert [form.query_one(f"#{name}").value for name in ("game", "players", "variant", "target")] == \
            ["sorry", 3, "points", 120]


def three_games():
    """A Sorry!, a Pegs and Jokers and a Gnoming A Round game, each with a person to play."""
    from engine.saves import Seat
    from tui.session import GameSpec, Session

    return [Session.new(GameSpec(game=game, players=4, seed=3,
                                 seats=(Seat("human"),) + (Seat("bot", "normal"),) * 3))
            for game in ("sorry", "pegs", "gnoming")]


async def layout_of(pilot) -> dict:
    """The board's panels: id -> (width, height), once it is drawn."""
    app = pilot.app
    await until(pilot, lambda: board_screen(app) is app.screen or app.screen.query("#main"),
                what="the board")
    await pilot.pause()
    screen = app.screen
    return {w.id: tuple(w.size) for w in screen.query("#main, #left, #board, #side, #right, #log, #scores")
            if w.id}


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@run_async
async def test_each_game_keeps_its_own_layout_after_the_others_were_open(home, size):
    # each board's stylesheet names its screen: opened after another game, a board once took
    # that game's column widths (the Sorry! track cut off after Pegs and Jokers, Gnoming's log
    # gone)
    games = three_games()
    alone = {}
    for session in games:
        app = app_for(session)
        async with app.run_test(size=size) as pilot:
            alone[session.game.game] = await layout_of(pilot)
    app = app_for()
    async with app.run_test(size=size) as pilot:
        for session in games + games[:2]:         # Sorry!, Pegs, Gnoming, then Sorry! and Pegs again
            app.go_title()
            await pilot.pause()
            app.open_session(session)
            assert await layout_of(pilot) == alone[session.game.game], session.game.game


@run_async
async def test_fewer_players_than_partners_need_says_the_variant_changed():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the New game form")
        form = app.screen
        await pilot.press("down", "down", "right")                # Variant: Partners
        await pilot.pause()
        assert form.query_one("#variant").value == "teams"
        await pilot.press("up", "left")                           # Players: 3
        await pilot.pause()
        assert form.query_one("#players").value == 3 and form.query_one("#variant").value == "standard"
        hint = str(form.query_one("#setup-hint").render())
        assert hint == "Partners needs 4 players: with 3 the variant is Standard.", hint
        await pilot.press("right")                                # Players: 4 again: Partners again
        await pilot.pause()
        assert form.query_one("#players").value == 4 and form.query_one("#variant").value == "teams"
        hint = str(form.query_one("#setup-hint").render())
        assert hint.startswith("With 4 players again, the variant is Partners again."), hint
        await pilot.press("left", "down", "left", "up", "right")  # 3 players; Standard chosen; 4
        await pilot.pause()
        assert form.query_one("#players").value == 4 and form.query_one("#variant").value != "teams"


@run_async
async def test_title_lines_that_cannot_be_used_say_so_in_words(home):
    from tui.screens.title import TitleScreen

    # with no saves, Continue and Load are dimmed: in words too, for a terminal without colour
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        prompts = {menu.get_option_at_index(i).id: str(menu.get_option_at_index(i).prompt)
                   for i in range(menu.option_count)}
        assert prompts["continue"].endswith("(none)") and prompts["load"].endswith("(none)")
        assert prompts["new"].endswith(" n")
        # and their keys, pressed anyway, say why nothing opens
        await pilot.press("c", "l")
        await until(pilot, lambda: len(app._notifications) == 2, what="two notes")
        titles = [n.title for n in app._notifications]
        assert titles == ["Nothing to continue", "Nothing to load"], titles
        assert isinstance(app.screen, TitleScreen)
        assert "press n to start one." in list(app._notifications)[0].message
        # with saves but none to continue (a damaged one here), c points to l
        app.clear_notifications()
        app.save_dir.mkdir(parents=True, exist_ok=True)
        (app.save_dir / "sorry-cut.json").write_text('{"format": "parlor-save"')
        app.screen.refresh_menu()
        await pilot.press("c")
        await until(pilot, lambda: len(app._notifications) == 1, what="the note")
        assert "l lists the saved games" in list(app._notifications)[0].message


@run_async
async def test_q_goes_back_from_settings_load_and_new_game_as_from_the_rules(home):
    from textual.widgets import Input

    from tui.screens.title import TitleScreen

    bot_played(done=lambda s: len(s.record.moves) >= 2)     # a save, so that Load opens
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("s", "l", "r", "n"):
            await pilot.press(key)
            await until(pilot, lambda: not isinstance(app.screen, TitleScreen), what=f"the screen on {key}")
            if key == "n":                                  # in the Seed field q is typed (refused)
                from tui.screens.setup import SEED_DIGITS

                app.screen.query_one(Input).focus()
                await pilot.pause()
                await pilot.press("q")
                await pilot.pause()
                assert not isinstance(app.screen, TitleScreen) and app.screen.query_one(Input).value == ""
                # and the refusal is said, not only belled
                assert str(app.screen.query_one("#setup-hint").render()).split() == SEED_DIGITS.split()
                await pilot.press("4", "2")
                assert app.screen.query_one(Input).value == "42"
                app.screen.query_one(Input).value = ""
                app.screen.focus_next()
                await pilot.pause()
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, TitleScreen), what=f"back from {key}")
        assert app.is_running


@run_async
async def test_continue_names_each_parlor_that_holds_a_newer_game(home, monkeypatch):
    session = bot_played(done=lambda s: len(s.record.moves) >= 2)
    [entry] = saves.list_saves()
    passed = ((entry, "open in another Parlor (process 15454)"), (entry, "open in another Parlor (process 15640)"))
    monkeypatch.setattr(saves, "to_continue", lambda entries: saves.ToContinue(entry, None, passed))
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        info = str(app.screen.query_one("#continue-info").render())
        assert "2 newer games are open in other Parlors (process 15454, process 15640)." in info, info
    assert session


@run_async
async def test_continue_says_when_a_newer_save_cant_be_opened(home):
    # a tester damaged their newest game: Continue took an older one without a word. The
    # title says so under the Continue line, and Continue says it as it opens the older game
    import os
    import time

    from tui.screens.sorry import SorryScreen

    session = bot_played(done=lambda s: len(s.record.moves) >= 2)
    broken = session.path.with_name("pegs-20991231-000000-abcdef.json")
    broken.write_text('{"format": 1, "game": "pegs"}')
    later = time.time() + 60
    os.utime(broken, (later, later))
    app = app_for()
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await pilot.pause()
        info = " ".join(str(app.screen.query_one("#continue-info").render()).split())
        assert "A newer save can't be opened here: Load says why (it is kept)." in info, info
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, SorryScreen), what="the older game")
        toasts = [n.message for n in app._notifications]
        assert any(f"A newer save, {broken.name}, can't be opened here" in t and "last game before it" in t
                   for t in toasts), toasts
    assert broken.read_text() == '{"format": 1, "game": "pegs"}'


@run_async
async def test_a_long_continue_line_breaks_at_a_separator(home):
    """At 80 columns a points match's Continue line is too long for one row: it breaks
    before its last part, not inside 'game 1, move 1' (it once left '1' alone on a row)."""
    from tui.session import GameSpec, Session

    from .helpers import seats

    Session.new(GameSpec(game="sorry", players=3, variant="points", seats=seats("human", "human", "hard")))
    app = app_for()
    async with app.run_test(size=(80, 24)):
        rows = [r.strip() for r in str(app.screen.query_one("#continue-info").render()).split("\n")]
        assert rows == ["Continue: Sorry! (play for points) to 250 · 3 players (2 people + 1 bot) ·", "game 1, move 1"], rows
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        info = str(app.screen.query_one("#continue-info").render())
        assert info.strip() == "Continue: Sorry! (play for points) to 250 · 3 players (2 people + 1 bot) · game 1, move 1"
        await pilot.resize_terminal(80, 24)                  # broken again for the new width
        await pilot.pause()
        info = str(app.screen.query_one("#continue-info").render())
        assert info.split("\n")[1].strip() == "game 1, move 1", info


@run_async
async def test_the_new_game_hint_shows_whole_for_eight_pegs_players_and_two_people():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen), what="the New game form")
        form = app.screen
        form.query_one("#game").value = "pegs"
        await pilot.pause()
        form.query_one("#players").value = 8
        await pilot.pause()
        form.query_one("#seat-0").value = "human"
        form.query_one("#seat-3").value = "human"
        await pilot.pause()
        hint = form.query_one("#setup-hint")
        text = " ".join(str(hint.render()).split())
        assert text == ("Partners: Red + Yellow + Orange + Pink against Blue + Green + Purple + Cyan; "
                        "hands are hidden between people's turns."), text
        assert hint.size.height == 3 and hint.region.bottom <= app.size.height - 1    # above the footer


@run_async
async def test_the_palettes_themes_go_by_the_names_settings_gives_them():
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.search_themes()                           # (the palette's Theme command)
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), what="the palette")
        await pilot.pause()
        for key in "blind":
            await pilot.press(key)
        await palette_hit(pilot, "Colour-blind safe (Okabe-Ito)")
        assert "Colour-blind safe (Okabe-Ito)" in screen_text(app)
        await pilot.press("enter")
        await until(pilot, lambda: app.theme == "parlor-okabe-ito", what="the theme chosen")


@run_async
async def test_a_choice_lines_arrows_are_full_strength_on_the_line_being_changed():
    # dimmed on the focused line's tint they read at 2.7:1 in 256 colours; the other lines
    # keep them quiet
    from tui.widgets.choice import Choice

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        lines = list(app.screen.query(Choice))
        assert len(lines) >= 2 and lines[0].has_focus
        for choice in lines[:2]:
            text = choice.render()
            dimmed = [text.plain[span.start:span.end].strip() for span in text.spans if "dim" in str(span.style)]
            assert dimmed == ([] if choice.has_focus else ["◀", "▶"]), (choice.label, dimmed)


def test_the_new_game_forms_partners_come_from_the_engine_and_never_fail():
    # (the form dealt a whole game on every change to read them, and a Sorry! teams game of
    # 3 players would have stopped the app)
    from tui.screens.setup import partners

    assert partners("sorry", 4) == [[0, 2], [1, 3]] and partners("sorry", 3) == []
    assert partners("pegs", 6) == [[0, 2, 4], [1, 3, 5]] and partners("gnoming", 4) == []
    assert partners("pegs", 6) is partners("pegs", 6)                     # (worked out once)
