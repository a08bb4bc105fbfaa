"""Textual's Footer, rebuilt only when what it shows changes.

The stock Footer recomposes on every bindings refresh; during a run of bot
moves (or a fast game) that is many rebuilds of identical keys. This one
coalesces refreshes into one per frame and skips the rebuild when the keys,
their labels and their enabled state are the same as on show.
"""
from __future__ import annotations

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
