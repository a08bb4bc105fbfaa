"""update_static: a board's panels take the height of their new content."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.screens.turns import update_static

from .helpers import run_async

LONG = "a longer prompt that wraps onto three rows"


class Panel(App):
    def compose(self) -> ComposeResult:
        yield Static("", id="panel")


@run_async
async def test_a_panel_grows_and_shrinks_with_its_content():
    app = Panel()
    async with app.run_test(size=(20, 10)) as pilot:
        panel = app.query_one("#panel", Static)
        update_static(panel, "short")
        await pilot.pause()
        assert panel.size.height == 1
        update_static(panel, LONG)
        await pilot.pause()
        assert panel.size.height == 3
        update_static(panel, "short again")
        await pilot.pause()
        assert panel.size.height == 1


@run_async
async def test_a_panel_grows_when_the_screen_reflowed_with_a_layout_pending():
    # The order of events that left the Gnoming prompt cut to one row: a
    # layout is pending for the panel, the screen reflows (as when a screen is
    # pushed or resized), then the panel's content changes.
    app = Panel()
    async with app.run_test(size=(20, 10)) as pilot:
        panel = app.query_one("#panel", Static)
        update_static(panel, "short")
        await pilot.pause()
        panel.refresh(layout=True)
        app.screen._clear_arrangement_cache()
        app.screen._refresh_layout()
        update_static(panel, LONG)
        await pilot.pause()
        assert panel.size.height == 3
        assert str(panel.content) == LONG
