"""Base classes: every screen ends with the TooSmall message (shown by CSS when needed)."""
from __future__ import annotations

from typing import TypeVar

from textual.app import ComposeResult
from textual.screen import ModalScreen, Screen

from ..widgets.too_small import TooSmall

T = TypeVar("T")


class ParlorScreen(Screen):
    HELP_TITLE = ""
    HELP_GAME: str | None = None        # whose rules the help screen shows

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        yield TooSmall()

    def compose_body(self) -> ComposeResult:
        yield from ()


class ParlorModal(ModalScreen[T]):
    HELP_TITLE = ""
    HELP_GAME: str | None = None

    def compose(self) -> ComposeResult:
        yield from self.compose_body()
        yield TooSmall()

    def compose_body(self) -> ComposeResult:
        yield from ()
