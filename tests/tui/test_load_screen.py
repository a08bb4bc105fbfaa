"""The load screen: what its rows and the lines under them say, its keys, the delete question."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine
from engine import saves
from engine.saves import Seat
from tui.screens.dialogs import ConfirmScreen
from tui.screens.help import key_rows
from tui.screens.load import LoadScreen, explain, fit_name

from .helpers import (app_for, board_screen, footer_fits, footer_settles, human_turn, run_async, screen_text,
                      scrolled)

SIZES = [(100, 30), (80, 24)]


def saved(game: str = "sorry", players: int = 3, humans: int = 1, moves: int = 4, *, seed: int = 1,
          when: str = "2026-01-02T03:04:05+00:00") -> saves.SaveRecord:
    """A game `moves` random moves in, saved at `when`."""
    g = engine.new_game(game, players=players, seed=seed)
    seats = [Seat("human")] * humans + [Seat("bot", "normal")] * (players - humans)
    rec = saves.new_record(g, seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        move = rng.choice(g.legal_moves())
        rec.record(move, g.play(move))
    saves.write(rec, now=when)
    return rec


def newer(rec: saves.SaveRecord, name: str) -> Path:
    """A copy of `rec`'s file as a newer Parlor would write it."""
    path = rec.path.with_name(name)
    path.write_text(rec.path.read_text().replace('"version":1,', '"version":2,', 1))
    return path


async def open_load(pilot) -> LoadScreen:
    await pilot.press("l")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, LoadScreen)
    return screen


def rows(screen: LoadScreen) -> dict[str, list[str]]:
    """File name -> the row's cells as shown."""
    table = screen.query_one("#saves")
    return {screen.entries[i].path.name: [str(c) for c in table.get_row_at(i)] for i in range(table.row_count)}


async def highlight(pilot, screen: LoadScreen, name: str) -> saves.Entry:
    row = next(i for i, e in enumerate(screen.entries) if e.path.name == name)
    screen.query_one("#saves").move_cursor(row=row)
    await pilot.pause()
    return screen.entries[row]


def detail(screen: LoadScreen) -> str:
    return str(screen.query_one("#load-detail").render())


def words(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- rows of damaged files
def test_a_long_file_name_is_cut_in_the_middle_keeping_the_game_and_what_tells_it_apart():
    name = "sorry-20261203-062119-fab56a.json"
    assert fit_name(name, 40) == name
    assert fit_name(name, 20) == "sorry-…9-fab56a.json"
    assert fit_name(name, 20, "~") == "sorry-~9-fab56a.json"
    assert fit_name("ｗｉｄｅ-ｎａｍｅ.json", 12) == "ｗ…ｍｅ.json"       # cells, not characters


@pytest.mark.parametrize("size", SIZES)
@run_async
async def test_each_damaged_row_says_which_file_it_is(home, size):
    good = saved()
    folder = good.path.parent
    damaged = [f"pegs-20261203-0606{i}6-e1175{i}-c14.json" for i in range(7)]
    for name in damaged:
        (folder / name).write_bytes(b'{"format": "parlor-save", "version": 1,')
    app = app_for()
    async with app.run_test(size=size) as pilot:
        screen = await open_load(pilot)
        shown = rows(screen)
        table = screen.query_one("#saves")
        assert table.virtual_size.width <= table.scrollable_content_region.width, "no column cut off"
        labels = [shown[name][0] for name in damaged]
        assert len(set(labels)) == 7, labels                              # no two rows alike
        for name, label in zip(damaged, labels):
            assert shown[name][1:3] == ["", "damaged"]
            if size == (100, 30):
                assert label == name                                      # room for the whole name
            else:
                assert label == fit_name(name, len(label)) and len(label) >= 18
                assert label.startswith("pegs-") and label.endswith(name[-12:])   # "…e11753-c14.json"
        await highlight(pilot, screen, damaged[3])
        assert detail(screen).startswith(f"{damaged[3]} can't be opened: the file is cut short")
    # with ASCII glyphs the cut is marked with ASCII too
    app = app_for(ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        assert all(rows(screen)[name][0].isascii() for name in damaged)


@run_async
async def test_names_are_fitted_again_when_the_terminal_changes_size(home):
    saved()
    name = "sorry-20261203-062119-fab56a-a-rather-long-name.json"
    (saved(seed=2).path.parent / name).write_bytes(b"{")
    app = app_for()
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await open_load(pilot)
        assert rows(screen)[name][0] == name
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        table = screen.query_one("#saves")
        label = rows(screen)[name][0]
        assert label != name and label.endswith("long-name.json")
        assert table.virtual_size.width <= table.scrollable_content_region.width


# ---------------------------------------------------------------- the lines under the list
@pytest.mark.parametrize("size", SIZES)
@run_async
async def test_the_whole_explanation_of_a_file_is_on_screen(home, size):
    good = saved(humans=2)
    long_name = "pegs-20261203-060646-e11759-c14.json"
    newer(good, long_name)
    (good.path.parent / "sorry-20261203-060646-e11759-garbage.json").write_bytes(b"{this is not json")
    # a name as long as a copy's can be: three lines even at 100 columns, and the line saying
    # what to do under them
    newer(good, "pegs-20261203-060646-e11759 (copied from the old laptop, before it was "
                "wiped for the move in March).json")
    app = app_for()
    async with app.run_test(size=size) as pilot:
        screen = await open_load(pilot)
        for entry in [e for e in screen.entries if e.damaged]:
            await highlight(pilot, screen, entry.path.name)
            text = explain(entry)
            lines = screen_text(app).rstrip("\n").split("\n")
            assert words(text) in words("\n".join(lines)), (text, lines[-6:])
            assert "Delete" in lines[-1], "the footer stays at the bottom"
            assert screen.query_one("#saves").cursor_row == screen.entries.index(entry)
        await highlight(pilot, screen, long_name)
        assert detail(screen) == (
            f"{long_name} was saved by a newer Parlor (format version 2; this Parlor reads version 1).\n"
            "Update Parlor to open it; this one leaves it as it is (d deletes it).")


@run_async
async def test_a_file_parlor_may_not_read_says_so_once(home, monkeypatch):
    good = saved()
    locked = good.path.with_name("x.json")
    locked.write_bytes(good.path.read_bytes())
    real = Path.read_bytes

    def read_bytes(self):                        # chmod 000 (root reads it anyway)
        if self.name == "x.json":
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        assert rows(screen)["x.json"][2] == "unreadable"
        await highlight(pilot, screen, "x.json")
        assert detail(screen) == ("x.json can't be opened: no permission to read it.\n"
                                  "Parlor leaves it as it is; d deletes it.")


@run_async
async def test_a_folder_and_a_link_to_nothing_named_like_saves_are_listed_as_they_are(home):
    # a folder can't be deleted as a save is: d is not offered; a link to nothing can be,
    # and is dated by the link itself, not by 1970
    import os

    good = saved()
    (good.path.parent / "dir-x.json").mkdir()
    link = good.path.parent / "gone.json"
    link.symlink_to(good.path.parent / "nowhere.json")
    os.utime(link, (1767225600, 1767225600), follow_symlinks=False)      # 2026-01-01 00:00 UTC
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_load(pilot)
        await highlight(pilot, screen, "dir-x.json")
        assert detail(screen) == ("dir-x.json can't be opened: it is a folder, not a file.\n"
                                  "Parlor leaves it as it is.")
        assert screen.check_action("delete", ()) is False
        await footer_settles(pilot, shows=("Back",), hides=("Delete", "Open"))     # not offered
        from tui.screens.help import key_rows

        keys = dict(key_rows(screen))
        assert keys["⏎"] == "Open" and keys["d Del"] == "Delete"        # ... but help lists them
        await pilot.press("d")
        await pilot.pause()
        assert app.screen is screen and (good.path.parent / "dir-x.json").is_dir()
        entry = await highlight(pilot, screen, "gone.json")
        assert entry.updated.startswith("2026-01-01") and "1970" not in " ".join(rows(screen)["gone.json"])
        assert detail(screen).endswith("Parlor leaves it as it is; d deletes it.")
        await footer_settles(pilot, shows=("Delete",), hides=("Open",))
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert not link.is_symlink() and good.path.exists()


@run_async
async def test_a_file_name_is_shown_as_it_is_never_read_as_markup(home):
    good = saved()
    name = "[b]my game[red] [link=x].json"
    (good.path.parent / name).write_bytes(b"{")
    app = app_for()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_load(pilot)
        assert rows(screen)[name][0] == name
        await highlight(pilot, screen, name)
        assert detail(screen).startswith(f"{name} can't be opened: ")


# ---------------------------------------------------------------- keys
@run_async
async def test_home_and_end_go_to_the_first_and_last_rows_and_the_page_keys_page(home):
    recs = [saved(seed=i, moves=i % 5, when=f"2026-01-{1 + i // 2:02d}T1{i % 2}:00:00+00:00") for i in range(40)]
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        table = screen.query_one("#saves")
        assert [e.path for e in screen.entries] == [r.path for r in reversed(recs)]
        page = table.scrollable_content_region.height - table.header_height
        assert 5 < page < 19
        await pilot.press("end")
        assert table.cursor_row == 39
        await scrolled(pilot, table, lambda: table.max_scroll_y)             # the last row is in view
        assert table.max_scroll_y > 0
        await pilot.press("home")
        assert table.cursor_row == 0
        await scrolled(pilot, table, 0)
        await pilot.press("pagedown")
        assert table.cursor_row == page
        await pilot.press("pagedown")
        assert table.cursor_row == 2 * page
        await pilot.press("pageup")
        assert table.cursor_row == page
        await pilot.press("ctrl+end")
        assert table.cursor_row == 39
        await pilot.press("ctrl+home")
        assert table.cursor_row == 0
        # the help says what they do; the footer keeps the list's own keys first
        help_rows = dict((what, keys) for keys, what in key_rows(screen))
        assert help_rows["The top of the list (the game played last)"] == "Home ^Home"
        assert help_rows["The bottom of the list (the game played longest ago)"] == "End ^End"
        assert help_rows["A page up or down the list"] == "PgUp PgDn"
        assert not any("Cursor" in what for what in help_rows)
        assert footer_fits(app)[:3] == ["up", "enter", "d"]
        # ... and help lists the list's keys first, the footer's in its order (it began with Delete)
        listed = [what for _, what in key_rows(screen)]
        assert listed[:3] == ["Choose a saved game", "Open", "Delete"], listed
        assert listed.index("Back") < listed.index("This help") < listed.index("Open the command palette")
        # End then Enter opens the game on the last row: the oldest
        await pilot.press("end", "enter")
        await human_turn(pilot)
        assert board_screen(app).session.path == recs[0].path


# ---------------------------------------------------------------- delete
@run_async
async def test_deleting_asks_about_the_game_as_the_list_shows_it(home):
    rec = saved("pegs", players=4, humans=2, moves=6, when="2026-12-03T06:06:46+00:00")
    newer(rec, "future.json")
    (rec.path.parent / "garbage.json").write_bytes(b"{")
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        turn = rows(screen)[rec.path.name][2]
        assert turn.startswith("turn ")
        questions = {}
        for name in (rec.path.name, "future.json", "garbage.json"):
            await highlight(pilot, screen, name)
            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            questions[name] = app.screen.question
            # the dialog's own keys, then help (as on every screen; help came first)
            assert (await footer_settles(pilot, shows=("Yes",))).strip() == "y Yes  n/Esc No  ? Help"
            await pilot.press("n")
            await pilot.pause()
        assert questions[rec.path.name] == (
            "Delete this saved game?\n\n"
            f"Pegs and Jokers · 4 players (2 people + 2 bots) · {turn}, last played 2026-12-03 06:06\n"
            f"File: {rec.path.name}\n\nThis can't be undone.")
        assert questions["future.json"] == ("Delete this game saved by a newer Parlor?\n\n"
                                            "File: future.json\n\nThis can't be undone.")
        assert questions["garbage.json"] == ("Delete this damaged file?\n\n"
                                             "File: garbage.json\n\nThis can't be undone.")
        await highlight(pilot, screen, rec.path.name)
        await pilot.press("d", "y")
        await pilot.pause()
        assert not rec.path.exists() and rec.path.name not in rows(screen)


@run_async
async def test_once_the_last_game_is_deleted_open_and_delete_leave_the_footer(home):
    rec = saved("sorry", players=2)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        await footer_settles(pilot, shows=("⏎ Open", "d Delete"))
        await pilot.press("d", "y")
        await pilot.pause()
        assert not rec.path.exists() and screen.entries == []
        await footer_settles(pilot, shows=("Esc Back",), hides=("Open", "Delete", "Choose"))
        assert "No saved games yet" in screen_text(app)


@pytest.mark.parametrize("stamp,zone", [("9999-12-31T23:59:59", "Asia/Tokyo"),
                                        ("0001-01-01T00:00:00+05:00", "UTC"), ("garbage", "UTC")])
@run_async
async def test_a_hand_edited_time_out_of_range_shows_a_question_mark(home, monkeypatch, stamp, zone):
    # (year 9999 shown in Tokyo, or year 1 at +05:00, stopped the app with OverflowError)
    import time

    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        rec = saved("sorry", players=2, when=stamp)
        app = app_for()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_load(pilot)
            row = rows(screen)[rec.path.name]
            assert row[-1] == "?", row
    finally:
        monkeypatch.undo()
        time.tzset()
