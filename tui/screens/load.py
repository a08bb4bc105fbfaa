"""Saved games: open one, or delete one (damaged files are listed with the reason)."""
from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from engine import saves

from .. import names
from ..widgets.footer import ParlorFooter
from .base import ParlorScreen


class SavesTable(DataTable):
    """The saves, one per row; Enter opens the one under the cursor."""

    BINDINGS = [
        Binding("up", "cursor_up", "Choose", key_display="↑/↓", tooltip="Choose a saved game"),
        Binding("down", "cursor_down", "Choose", show=False, tooltip="Choose a saved game"),
        Binding("enter", "select_cursor", "Open", id="open"),
    ]

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "select_cursor":
            return self.screen.check_action("open", parameters)
        return True


class LoadScreen(ParlorScreen):
    CSS_PATH = "load.tcss"
    HELP_TITLE = "Saved games"
    BINDINGS = [
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "back", "Back"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
    ]

    def compose_body(self) -> ComposeResult:
        yield Static("Saved games", classes="screen-title")
        table = SavesTable(id="saves", cursor_type="row", zebra_stripes=True, classes="panel")
        table.border_title = "Most recent first"
        yield table
        yield Static("", id="load-detail", classes="hint")
        yield ParlorFooter()

    def on_mount(self) -> None:
        table = self.query_one("#saves", DataTable)
        table.add_columns("Game", "Players", "Progress", "Last played")
        self.reload()
        table.focus()

    def reload(self) -> None:
        table = self.query_one("#saves", DataTable)
        row = table.cursor_row
        table.clear()
        self.entries = saves.list_saves(self.app.save_dir)
        for i, entry in enumerate(self.entries):
            info = entry.info
            if info is None:
                # the file's name and the reason are in the line under the table
                label = "newer version" if entry.unsupported else "can't read"
                table.add_row(Text("damaged file", style="italic"), "", Text(label, style="bold"),
                              names.when(entry.updated), key=str(i))
            else:
                # short words, so that the four columns fit 80 columns whatever the saves
                table.add_row(names.game_title(info.game, info.variant, short=True),
                              names.players_text(info.seats), names.progress(info),
                              names.when(info.updated), key=str(i))
        if self.entries:
            table.move_cursor(row=min(row, len(self.entries) - 1))
        self.show_detail()
        self.refresh_bindings()

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
        elif entry.damaged:
            detail.update(f"{entry.path.name} can't be read: {entry.problem}.\n"
                          "Parlor leaves it as it is; d deletes it.")
        elif busy := saves.in_use(entry.path):
            detail.update(f"{entry.path.name} is {busy}.\nQuit it there to play it here.")
        else:
            detail.update(f"{entry.path.name}: Enter opens it, d deletes it.")

    @on(DataTable.RowSelected)
    def row_chosen(self) -> None:
        if self.is_active:
            self.action_open()

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("open", "delete"):
            entry = self.selected() if self.is_mounted else None
            if entry is None:
                return None
            if action == "open" and entry.damaged:
                return None
        return True

    def action_open(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if entry.damaged:
            self.notify(f"{entry.path.name} can't be opened: {entry.problem}", severity="error")
            return
        if not self.app.open_saved(entry.path):   # read afresh: the listing keeps no game
            self.reload()

    def action_delete(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        if busy := saves.in_use(entry.path):
            self.notify(f"{entry.path.name} can't be deleted: it is {busy}. Quit it there first.",
                        severity="error")
            return
        from .dialogs import ConfirmScreen

        what = "damaged file" if entry.damaged else "saved game"
        question = f"Delete the {what} {entry.path.name}?\nThis can't be undone."

        def done(yes: bool | None) -> None:
            if yes:
                try:
                    saves.delete(entry.path)
                except saves.InUse as exc:
                    self.notify(f"Couldn't delete it: it is {exc}. Quit it there first.", severity="error")
                except OSError as exc:
                    self.notify(f"Couldn't delete it: {exc.strerror or exc}", severity="error")
                self.reload()

        self.app.push_screen(ConfirmScreen(question), callback=done)

    def action_cursor(self, delta: int) -> None:
        table = self.query_one("#saves", DataTable)
        table.action_cursor_down() if delta > 0 else table.action_cursor_up()

    def action_back(self) -> None:
        self.app.pop_screen()
