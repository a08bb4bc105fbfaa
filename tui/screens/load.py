"""Saved games: open one, or delete one (damaged files are listed with the reason)."""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from engine import saves

from .. import names
from ..widgets.footer import ParlorFooter
from .base import ParlorScreen

OPEN_ELSEWHERE = "open elsewhere"
COLUMNS = (("game", "Game"), ("players", "Players"), ("progress", "Progress"), ("when", "Last played"))


def shown_name(name: str) -> str:
    """A file name as it can be shown on one line (control characters as '?')."""
    return "".join(ch if ch.isprintable() else "?" for ch in name)


def fit_name(name: str, width: int, ellipsis: str = "…") -> str:
    """`name` in at most `width` cells: cut in the middle when longer, so that both its
    start (the game) and its end (what tells saves apart) stay ('sorry-…-9c1e2f.json')."""
    if cell_len(name) <= width:
        return name
    room = max(0, width - cell_len(ellipsis))
    head_room = room // 3
    head = ""
    for ch in name:
        if cell_len(head + ch) > head_room:
            break
        head += ch
    tail = ""
    for ch in reversed(name[len(head):]):
        if cell_len(tail) + cell_len(ch) > room - cell_len(head):
            break
        tail = ch + tail
    return head + ellipsis + tail


def kind(entry: saves.Entry) -> tuple[str, str]:
    """What is wrong with a file that can't be opened: (the Progress column's word, the
    delete question's noun), one wording for the list, the lines under it and the question."""
    if entry.unsupported:
        return (("newer version", "game saved by a newer Parlor") if entry.newer else
                ("unknown version", "save of an unknown format version"))
    return ("unreadable", "unreadable file") if entry.unreadable else ("damaged", "damaged file")


def status(entry: saves.Entry) -> str:
    """A file that can't be opened, in the Progress column's few words."""
    return kind(entry)[0]


def explain(entry: saves.Entry) -> str:
    """The lines under the list for a file that can't be opened: what is wrong with
    it (its name in full), then what the person can do."""
    name = shown_name(entry.path.name)
    if entry.unsupported and entry.newer:
        return (f"{name} was {entry.problem}.\n"
                "Update Parlor to open it; this one leaves it as it is (d deletes it).")
    if not entry.deletable:
        return f"{name} can't be opened: {entry.problem}.\nParlor leaves it as it is."
    return f"{name} can't be opened: {entry.problem}.\nParlor leaves it as it is; d deletes it."


class SavesTable(DataTable):
    """The saves, one per row; Enter opens the one under the cursor."""

    BINDINGS = [
        Binding("up", "cursor_up", "Choose", key_display="↑/↓", tooltip="Choose a saved game"),
        Binding("down", "cursor_down", "Choose", show=False, tooltip="Choose a saved game"),
        Binding("enter", "select_cursor", "Open", id="open"),
        # in the help, not the footer (the list's own keys come first there: ↑/↓, Enter)
        Binding("pageup", "page_up", "Page", show=False, tooltip="A page up or down the list"),
        Binding("pagedown", "page_down", "Page", show=False, tooltip="A page up or down the list"),
        Binding("home,ctrl+home", "scroll_top", "First", show=False,
                tooltip="The top of the list (the game played last)"),
        Binding("end,ctrl+end", "scroll_bottom", "Last", show=False,
                tooltip="The bottom of the list (the game played longest ago)"),
    ]

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "select_cursor":
            return self.screen.check_action("open", parameters)
        if action in ("cursor_left", "cursor_right"):
            return False                  # a row cursor: nothing to move to (nor in the help)
        if action in ("cursor_up", "cursor_down", "page_up", "page_down", "scroll_top", "scroll_bottom"):
            return self.row_count > 0     # (the last game deleted: nothing to choose)
        return True

    def on_resize(self) -> None:
        if isinstance(self.screen, LoadScreen):
            self.screen.fit_names()
        # a shorter list (a smaller terminal, a longer explanation under it) keeps the cursor in view
        self.call_after_refresh(lambda: self.row_count and self.move_cursor(row=self.cursor_row))


class LoadScreen(ParlorScreen):
    CSS_PATH = "load.tcss"
    HELP_TITLE = "Saved games"
    # help lists Open and Delete even on a row that can't be opened or deleted (the footer
    # leaves them out there)
    HELP_BINDINGS = SavesTable.BINDINGS
    HELP_ALWAYS = ("select_cursor", "delete")
    BINDINGS = [
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "back", "Back"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]

    entries: list[saves.Entry] = []

    def compose_body(self) -> ComposeResult:
        yield Static("Saved games", classes="screen-title")
        table = SavesTable(id="saves", cursor_type="row", zebra_stripes=True, classes="panel")
        table.border_title = "Most recent first"
        yield table
        yield Static("", id="load-detail", classes="hint")
        yield ParlorFooter()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        self.reload()
        table.focus()

    def on_glyphs_changed(self) -> None:
        if self.is_mounted:
            self.fit_names()

    def reload(self) -> None:
        table = self.query_one("#saves", DataTable)
        row = table.cursor_row
        table.clear()
        self.entries = saves.list_saves(self.app.save_dir)
        self._rows: list[tuple] = []
        for i, entry in enumerate(self.entries):
            info = entry.info
            if info is None:
                # the file's name (cut to fit, in full under the list) and why it can't be opened
                cells = (Text(shown_name(entry.path.name), style="italic"), "",
                         Text(status(entry), style="bold"), names.when(entry.updated))
            else:
                # short words, so that the four columns fit 80 columns whatever the saves
                cells = (names.game_title(info.game, info.variant, short=True),
                         names.players_text(info.seats), names.progress(info), self._when(entry))
            self._rows.append(cells)
            table.add_row(*cells, key=str(i))
        self.fit_names()
        if self.entries:
            table.move_cursor(row=min(row, len(self.entries) - 1))
        self.show_detail()
        self.refresh_bindings()

    @staticmethod
    def _when(entry: saves.Entry) -> str | Text:
        """The Last played column: a game open in another Parlor is being played now, and
        says so in its row (the line under the list says where)."""
        if saves.in_use(entry.path):
            return Text(OPEN_ELSEWHERE, style="bold")
        return names.when(entry.info.updated)

    def fit_names(self) -> None:
        """Damaged files' names in the Game column, each cut in the middle to the room the
        table has beside the other columns (so no column is pushed out of sight)."""
        rows = getattr(self, "_rows", [])
        damaged = [i for i, e in enumerate(self.entries) if e.damaged and i < len(rows)]
        if not damaged:
            return
        table = self.query_one("#saves", DataTable)
        pad = 2 * table.cell_padding

        def width(col: int, cells) -> int:
            return max([cell_len(COLUMNS[col][1]), *(cell_len(str(c[col])) for c in cells)])

        readable = [c for i, c in enumerate(rows) if not self.entries[i].damaged]
        room = max(width(0, readable), 12)            # at least as wide as the game titles
        if table.size.width:
            scrollbar = table.styles.scrollbar_size_vertical if table.show_vertical_scrollbar or \
                len(rows) > table.size.height else 0
            others = sum(width(col, rows) + pad for col in range(1, len(COLUMNS)))
            room = max(room, table.size.width - scrollbar - others - pad)
        ellipsis = self.app.glyphs.ellipsis
        for i in damaged:
            name = fit_name(shown_name(self.entries[i].path.name), room, ellipsis)
            if table.get_cell(str(i), "game").plain != name:
                table.update_cell(str(i), "game", Text(name, style="italic"), update_width=True)

    def selected(self):
        table = self.query_one("#saves", DataTable)
        if not self.entries or table.cursor_row is None or table.cursor_row >= len(self.entries):
            return None
        return self.entries[table.cursor_row]

    @on(DataTable.RowHighlighted)
    def show_detail(self) -> None:
        detail = self.query_one("#load-detail", Static)
        entry = self.selected()
        if entry is None:
            detail.update("No saved games yet." if not self.entries else "")
            return
        name = shown_name(entry.path.name)
        if entry.damaged:
            text = explain(entry)
        elif busy := saves.in_use(entry.path):
            text = f"{self.whole(entry)}\n{name} is {busy}.\nQuit it there to play it here."
        else:
            text = f"{self.whole(entry)}\n{name}: Enter opens it, d deletes it."
        if not entry.damaged:
            # the row follows the game's state when it is highlighted (the other Parlor may
            # have quit, or opened it, since the list was read)
            table = self.query_one("#saves", DataTable)
            when = self._when(entry)
            key = str(table.cursor_row)
            if str(table.get_cell(key, "when")) != str(when):
                table.update_cell(key, "when", when, update_width=True)
        detail.update(Text(text))                  # not markup: a file name may hold [brackets]
        self.refresh_bindings()                    # Open and Delete: offered for this row or not

    def whole(self, entry: saves.Entry) -> str:
        """The highlighted game in whole words, under the list's short ones (a points
        match's target, how many games it took)."""
        return names.describe(entry.info, self.app.glyphs.sep)

    @on(DataTable.RowSelected)
    def row_chosen(self) -> None:
        if self.is_active:
            self.action_open()

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("open", "delete"):
            entry = self.selected() if self.is_mounted else None
            if entry is None:       # no game listed (the last one deleted): nothing to offer
                return False if self.is_mounted and not self.entries else None
            if action == "open" and entry.damaged or action == "delete" and not entry.deletable:
                return False        # not offered (the line under the list says why)
        return True

    def action_open(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.damaged:
            self.notify(f"{shown_name(entry.path.name)} can't be opened: {entry.problem}",
                        severity="error", markup=False)
            return
        if not self.app.open_saved(entry.path):   # read afresh: the listing keeps no game
            self.reload()

    def delete_question(self, entry: saves.Entry) -> str:
        """The delete confirmation: the game as the list shows it, and its file."""
        name = shown_name(entry.path.name)
        if entry.info is None:
            return f"Delete this {kind(entry)[1]}?\n\nFile: {name}\n\nThis can't be undone."
        info = entry.info
        game = f"{names.describe(info, self.app.glyphs.sep)}, last played {names.when(info.updated)}"
        return f"Delete this saved game?\n\n{game}\nFile: {name}\n\nThis can't be undone."

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if busy := saves.in_use(entry.path):
            self.notify(f"{shown_name(entry.path.name)} can't be deleted: it is {busy}. Quit it there first.",
                        severity="error", markup=False)
            return
        from .dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    saves.delete(entry.path)
                except saves.InUse as exc:
                    self.notify(f"Couldn't delete it: it is {exc}. Quit it there first.", severity="error")
                except OSError as exc:
                    self.notify(f"Couldn't delete it: {exc.strerror or exc}", severity="error")
                self.reload()

        self.app.push_screen(ConfirmScreen(self.delete_question(entry)), callback=done)

    def action_cursor(self, delta: int) -> None:
        table = self.query_one("#saves", DataTable)
        table.action_cursor_down() if delta > 0 else table.action_cursor_up()

    def action_back(self) -> None:
        self.app.pop_screen()
