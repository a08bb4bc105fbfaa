"""Keys that scroll a screen's long text (the rules, help, the game log), shown in the footer."""
from __future__ import annotations

from textual.binding import Binding


def scroll_bindings(*, ends_shown: bool = False, space: bool = True) -> list[Binding]:
    """↑/↓ (j/k) a line, PgUp/PgDn (Space, unless `space` is False) a page, Home and End;
    `ends_shown` puts Home and End in the footer too, and Space beside PgUp/PgDn (where it has
    room)."""
    page = "PgUp/PgDn/Space" if ends_shown and space else "PgUp/PgDn"
    return [
        Binding("up,k", "scroll(-1)", "Scroll", key_display="↑/↓", tooltip="Scroll a line up or down"),
        Binding("down,j", "scroll(1)", "Scroll", show=False, tooltip="Scroll a line up or down"),
        Binding("pageup", "page(-1)", "Page", key_display=page, tooltip="Scroll a page up or down"),
        Binding("pagedown,space" if space else "pagedown", "page(1)", "Page", show=False,
                tooltip="Scroll a page up or down"),
        Binding("home", "end(0)", "First", show=ends_shown, tooltip="Go to the start"),
        Binding("end", "end(1)", "Last", show=ends_shown, tooltip="Go to the end"),
    ]


class ScrollActions:
    """The actions of `scroll_bindings` for a screen whose text scrolls in `SCROLL_TARGET`
    (a selector)."""

    SCROLL_TARGET = ""

    def _scrolled(self):
        return self.query_one(self.SCROLL_TARGET)           # type: ignore[attr-defined]

    # (immediate: each key moves the view from where the last one left it, not from where it
    # was at the last refresh, so keys pressed faster than the screen redraws all count)
    def action_scroll(self, lines: int) -> None:
        self._scrolled().scroll_relative(y=lines, animate=False, immediate=True)

    def action_page(self, pages: int) -> None:
        widget = self._scrolled()
        widget.scroll_relative(y=pages * max(1, widget.scrollable_content_region.height - 1), animate=False,
                               immediate=True)

    def action_end(self, last: int) -> None:
        widget = self._scrolled()
        (widget.scroll_end if last else widget.scroll_home)(animate=False, immediate=True)
        if last:        # (and again once laid out: a text that just grew has a new end)
            widget.call_after_refresh(widget.scroll_end, animate=False)


class ScrollWhenLong(ScrollActions):
    """ScrollActions for a box that usually fits the screen (results, end-of-round
    sheets): the scroll keys are offered, in the footer too, only while it doesn't."""

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("scroll", "page", "end"):
            return self.is_mounted and self._scrolled().max_scroll_y > 0    # type: ignore[attr-defined]
        return super().check_action(action, parameters)                      # type: ignore[misc]

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_bindings)                       # type: ignore[attr-defined]
