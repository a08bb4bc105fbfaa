"""The rules as one Rich Markdown renderable (help and rules screens).

Textual's Markdown widget builds a widget for every block and table: the
rules of a game took over a second to show. A Static holding Rich's
Markdown shows them at once. Rich colours its lists, headings and tables
(cyan, magenta), which clash with the light theme and carry nothing that
bold, italic and underline do not: `THEME`, pushed on the app's console,
keeps to those."""
from __future__ import annotations

from rich.theme import Theme

THEME = Theme({
    "markdown.code": "bold",
    "markdown.code_block": "none",
    "markdown.block_quote": "italic",
    "markdown.list": "none",
    "markdown.item.number": "bold",
    "markdown.h2": "bold underline",
    "markdown.h3": "bold",
    "markdown.h4": "italic",
    "markdown.link": "underline",
    "markdown.link_url": "underline",
    "markdown.table.border": "dim",
    "markdown.table.header": "bold",
    "markdown.kbd": "bold",
})


def rules_markdown(text: str):
    from rich.markdown import Markdown      # not at start-up: markdown-it is slow to import

    return Markdown(text)
