"""The boards' panels take the height of their new content; the log wraps again when resized."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.screens.turns import update_static

from .helpers import run_async

LONG = "a longer prompt that wraps onto three rows"


class Panel(App):
    def compose(self) -> ComposeResult:
        yield Static("", id="panel")


async def shown(pilot, panel: Static, text: str) -> int:
    """The panel's height once `text` is on show."""
    update_static(panel, text)
    await pilot.pause()
    return panel.size.height


@run_async
async def test_a_panel_grows_and_shrinks_with_its_content():
    app = Panel()
    async with app.run_test(size=(20, 10)) as pilot:
        panel = app.query_one("#panel", Static)
        assert [await shown(pilot, panel, text) for text in ("short", LONG, "short again")] == [1, 3, 1]


@run_async
async def test_a_panel_grows_when_the_screen_reflowed_with_a_layout_pending():
    # The order of events that left the Gnoming prompt cut to one row: a
    # layout is pending for the panel, the screen reflows (as when a screen is
    # pushed or resized), then the panel's content changes.
    app = Panel()
    async with app.run_test(size=(20, 10)) as pilot:
        panel = app.query_one("#panel", Static)
        assert await shown(pilot, panel, "short") == 1
        panel.refresh(layout=True)
        app.screen._clear_arrangement_cache()
        app.screen._refresh_layout()
        assert await shown(pilot, panel, LONG) == 3
        assert str(panel.content) == LONG


async def _log_lines(app, pilot) -> list[str]:
    from .test_gnoming import gnoming_screen, settle

    await settle(pilot)
    await pilot.pause()
    return [strip.text.rstrip() for strip in gnoming_screen(app).game_log().lines]


@run_async
async def test_the_log_wraps_its_lines_again_when_the_terminal_is_resized():
    from .helpers import app_for
    from .test_gnoming import gnoming_session
    from .test_gnoming_snapshots import KINDS, _mid_round

    wide = app_for(gnoming_session(KINDS, seed=3, until_state=_mid_round))
    async with wide.run_test(size=(160, 40)) as pilot:
        expected = await _log_lines(wide, pilot)
    app = app_for(gnoming_session(KINDS, seed=3, until_state=_mid_round))
    async with app.run_test(size=(80, 24)) as pilot:
        narrow = await _log_lines(app, pilot)
        await pilot.resize_terminal(160, 40)
        await pilot.pause()
        assert await _log_lines(app, pilot) == expected
    assert len(narrow) > len(expected)          # the narrow log did wrap more
    assert any("discards the" in line for line in expected)
