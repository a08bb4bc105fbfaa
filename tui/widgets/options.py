"""Textual's OptionList, safe to page while it has no room.

OptionList's PgUp/PgDn look up the highlighted line in a table it fills only
when it has a size; while hidden (a terminal too small, a screen being built)
the table is empty and the key raised KeyError. Here the key does nothing then.
"""
from __future__ import annotations

from textual.widgets import OptionList


class Options(OptionList):
    def action_page_up(self) -> None:
        if self.scrollable_content_region:
            super().action_page_up()

    def action_page_down(self) -> None:
        if self.scrollable_content_region:
            super().action_page_down()
