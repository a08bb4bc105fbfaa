"""Textual's Footer, rebuilt only when what it shows changes.

The stock Footer recomposes on every bindings refresh; during a run of bot
moves (or a fast game) that is many rebuilds of identical keys. This one
coalesces refreshes into one per frame and skips the rebuild when the keys,
their labels and their enabled state are the same as on show. The command
palette's key (ctrl+p, listed in help) is left out when the screen's keys
need its room: it would otherwise be drawn over them, or against the last.
"""
from __future__ import annotations

from rich.cells import cell_len
from textual.widgets import Footer


class ParlorFooter(Footer):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown_signature: tuple | None = None
        self._pending = False

    def bindings_changed(self, screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._pending:
            self._pending = True
            self.call_after_refresh(self._refresh_keys)

    def _signature(self) -> tuple:
        app = self.app
        keys = tuple((key, b.action, b.description, app.get_key_display(b), enabled)
                     for key, (_, b, enabled, _) in self.screen.active_bindings.items() if b.show)
        return keys

    async def _refresh_keys(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        signature = self._signature()
        if signature == self._shown_signature:
            return
        self._shown_signature = signature
        await self.recompose()

    def compose(self):
        if self._bindings_ready:
            self.set_reactive(Footer.show_command_palette, self._palette_fits())
        yield from super().compose()

    def _palette_fits(self) -> bool:
        """Whether the palette's key fits beside the screen's keys with a cell between them
        (a key: its name, a space, its word, then a cell (compact) or two of padding)."""
        app = self.app
        width = self.size.width or app.size.width
        seen, need = set(), 0
        for _, binding, _, _ in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen.add(binding.action)
                need += cell_len(app.get_key_display(binding)) + 1 + cell_len(binding.description)
                need += 1 if self.compact else 2
        palette = cell_len("^p palette") + (0 if getattr(app, "ascii", False) else 1)    # (its border)
        return need + 1 + palette <= width
