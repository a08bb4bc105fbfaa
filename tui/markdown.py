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


def rules_markdown(text: str, ascii: bool = False):
    """`text` as Rich Markdown; with `ascii`, drawn with ASCII only (--ascii)."""
    from rich.markdown import Markdown      # not at start-up: markdown-it is slow to import

    if not ascii:
        return Markdown(text)
    from .text import asciify

    return AsciiMarkdown(Markdown(asciify(text)))


class AsciiMarkdown:
    """A Markdown rendered as if to an ASCII terminal: Rich then draws tables
    and boxes with +, - and |; its list bullet is the one other character
    left, and becomes *."""

    def __init__(self, markdown) -> None:
        self.markdown = markdown

    def __rich_console__(self, console, options):
        from rich.segment import Segment

        options = options.copy()
        options.encoding = "ascii"          # ConsoleOptions.ascii_only
        for segment in console.render(self.markdown, options):
            if "•" in segment.text:
                segment = Segment(segment.text.replace("•", "*"), segment.style, segment.control)
            yield segment
