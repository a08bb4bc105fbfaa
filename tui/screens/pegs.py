"""The Pegs and Jokers board screen: the lanes, the hand, the moves per card, teams, the log.

The turn flow (people by keys, bots in a worker thread, hand-offs between
people, saving every move) is TurnScreen's; this screen draws the board
(widgets/pegs_board.py) and words the moves (pegs_view.py). Hands are
private: with one person at the keyboard their hand is always shown; with
several, a hand-off screen comes before each person's turn and no hand is
shown between turns.
"""
from __future__ import annotations

import re
import textwrap
from collections import Counter

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

import engine
from engine import COLOURS
from engine.pegs.board import PEGS
from engine.pegs.moves import OWNER, PEG
from engine.pegs.why import no_move_reason

from .. import names
from .. import pegs_view as pv
from ..text import after_colon
from ..widgets.footer import ParlorFooter
from ..widgets.game_log import GameLog
from ..widgets.pegs_board import PegsBoard, PegsBoardState, board_height
from .turns import MoveList, TurnScreen, number_bindings, update_static

# Log lines left out: every turn starts with a draw, and a bump is already in the play's line.
_QUIET = re.compile(r"^\w+ drew \d+ cards?$|^\w+'s peg \d bumped ")


_PEG_HELP = "Only that peg's moves; a second peg: the splits of the two (again, or 0: every peg's)"


def kept_after(game, move) -> Counter:
    """The cards `move`'s seat keeps from its hand in `game` when it plays `move`."""
    return Counter(game.view(move.seat)["hand"]) - Counter([move.card])


class PegsScreen(TurnScreen):
    CSS_PATH = "pegs.tcss"
    HELP_TITLE = "Pegs and Jokers board"
    HELP_GAME = "pegs"
    # a split 7 can move any two pegs: 1-5 shows only the moves of one of them, and a
    # second number (a 7 whose splits move both) only the splits of that pair
    BINDINGS = number_bindings("Peg", PEGS, _PEG_HELP)
    PIECE = "peg"

    def list_order(self, moves: list) -> list:
        return pv.in_list_order(moves)

    def __init__(self, session) -> None:
        super().__init__(session)
        self._why = ""                # why the card in play moves nothing (or not that peg), for the detail line
        self._kept: dict[int, Counter] = self._recalled_kept()   # seat -> the cards it kept from its last turn

    def apply_move(self, token: int, move) -> None:
        # the hand, less the card played: the cards the seat holds at its next turn beyond
        # these are the ones it drew since (the hand is shown sorted: they are marked new)
        if token == self._token and self.session.is_human(move.seat):
            self._kept[move.seat] = kept_after(self.game, move)
        super().apply_move(token, move)

    def _recalled_kept(self) -> dict[int, Counter]:
        """For a game opened again, the cards each person kept from their last turn, got by
        playing the save's moves again from its seed and dealer; nothing when that doesn't
        end where the save does (a game set up from a position) or can't be played."""
        record, g = self.session.record, self.game
        humans = [s for s in range(g.players) if self.session.is_human(s)]
        if not record.moves or not humans or not isinstance(record.seed, int):
            return {}
        kept = {}
        try:
            copy = engine.new_game(g.game, players=g.players, seed=record.seed, dealer=g.dealer)
            for d in record.moves:
                move = copy.parse_move(d)
                if move.seat in humans:
                    kept[move.seat] = kept_after(copy, move)
                copy.play(move)
        except (ValueError, KeyError, TypeError):
            return {}
        return kept if copy.to_dict() == g.to_dict() else {}

    def new_cards(self, seat: int, hand: list[str]) -> list[str]:
        """The cards in `seat`'s `hand` that were not in it when it last played (drawn since;
        after a discard, the card drawn at once with it). None known before its first turn."""
        kept = self._kept.get(seat)
        return [] if kept is None else sorted((Counter(hand) - kept).elements(), key=hand.index)

    def _owner(self) -> int:
        """Whose pegs the seat to act moves (P-8.1)."""
        g = self.game
        return g.view(None)["playing_for"][g.to_act]

    # pieces by number (TurnScreen): a peg is owner * PEGS + number - 1
    def piece_for_key(self, n: int) -> int | None:
        if not 1 <= n <= PEGS or self.game.to_act is None:
            return None
        owner = self._owner()
        where = self.game.positions()[owner]
        if where[n - 1] == "start":       # START pegs are alike: the one that comes out
            return self.start_stand_in([owner * PEGS + i for i, w in enumerate(where) if w == "start"],
                                       owner * PEGS + n - 1)
        return owner * PEGS + n - 1

    def is_split(self, move) -> bool:
        return len(getattr(move, "parts", ())) == 2

    def pieces_moved(self, move) -> set[int]:
        return {part[OWNER] * PEGS + part[PEG] - 1 for part in getattr(move, "parts", ())}

    def piece_label(self, piece: int) -> str:
        return pv.peg_label(piece // PEGS, piece % PEGS + 1)

    def help_marks(self, g) -> list[tuple[str, str]]:
        """The board's marks, for help (HelpScreen)."""
        return [
            (f"R1 {g.dots} C5", "a peg: its colour's letter (K is Pink) and number"),
            (g.square, "an empty hole; START's pegs are listed by number, HOME's by hole"),
            (g["come-out"], "the come-out hole: a peg leaving START goes here"),
            (g["in-spot"], "the in-spot: the way into HOME"),
            (f"{g['from']}R1", "the highlighted move: the peg's hole (in START or HOME, "
                               f"{g['from']} alone in its place)"),
            (f"{g.target}R1", f"where it ends (in HOME, {g.target} alone in the hole)"),
            (f"{g.bumped}B2", "in the move list: the peg a move bumps (on the board: under the move's mark, and after it from 100 columns)"),
            (f"{g['slide-to']}Y1", "where a bumped partner goes: its in-spot (P-6.2)"),
            ("[Q]  5", "a card that can move, one that can't (dimmed)"),
            ("new: 4  [4]*  +4", "the card drawn since your last turn: after the hand, or where "
                                 "short of room starred in it (+4 where no star fits)"),
            ("A  B", "the two teams"),
        ]

    # ------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        yield Static("", id="topbar", classes="screen-title")
        board = PegsBoard(ascii=self.app.ascii, id="board")
        board.styles.height = board_height(self.game.players)
        yield board
        with Horizontal(id="main"):
            with Vertical(id="left"):
                status = Static("", id="status", classes="panel")
                status.border_title = "Turn"
                yield status
                moves = MoveList(id="moves", classes="panel")
                moves.border_title = "Moves"
                yield moves
            with Vertical(id="side"):
                teams = Static("", id="teams", classes="panel")
                teams.border_title = "Teams"
                yield teams
                log = GameLog(id="log", classes="panel")
                log.border_title = "Log"
                log.can_focus = False
                yield log
        # what the highlighted move does, across the whole width: a long one (a split 7 that
        # brings the last peg HOME and moves a partner's) still takes few rows at 80 columns
        yield Static("", id="detail")
        yield ParlorFooter(compact=True)

    # ------------------------------------------------------------ hooks
    def private_hands(self) -> bool:
        return True

    def make_preview(self, move) -> pv.Preview:
        p = pv.preview(self.game, move, self.app.glyphs)
        if not hasattr(move, "parts"):
            if not self.session.is_human(move.seat):
                # a bot's dead hand: said of the bot, and without telling whether it holds a joker
                colour = COLOURS[move.seat]
                p.detail = f"No card of {colour}'s other than a joker can move: {colour} discards one and draws."
            else:
                reason = no_move_reason(self.game, move.card)
                if reason:
                    p.detail += f" The {pv.card_name(move.card)}: {after_colon(pv.plain(reason))}"
        return p

    def card_label(self, card: str | None) -> str:
        return pv.card_name(card)

    def no_move_text(self, card: str | None) -> str:
        # why, in the list as Sorry! has it when the list's rows hold it whole; else the list
        # says so in one line and why goes to the detail line under the panels, which has the
        # whole width (8 players at 80x24 leave the list three rows)
        name = pv.card_name(card)
        chosen = self.piece_choice_text(card)
        if chosen is not None:
            pegs = self._active_pieces()
            reason = no_move_reason(self.game, card, pegs[0]) if card and len(pegs) == 1 else None
            why = pv.plain(reason) if reason else ""
            short = f"{chosen} {self.every_piece_hint()}"
            full = f"{chosen} {why} {self.every_piece_hint()}"
        else:
            reason = no_move_reason(self.game, card) if card else None
            short = f"No move with the {name}."
            why = full = f"No move with the {name}: {after_colon(pv.plain(reason))}" if reason else ""
        if why and self._list_holds(full):
            self._why = ""
            return full
        self._why = why
        return short

    def _list_holds(self, text: str) -> bool:
        """Whether the move list shows `text` whole, as its line (`no_move_line`)."""
        ml = self.query_one("#moves", MoveList)
        region = ml.scrollable_content_region
        if region.width < 10 or region.height < 1:
            return False
        return len(textwrap.wrap(self.no_move_line(text), region.width)) <= region.height

    def log_text(self, text: str) -> str:
        if _QUIET.match(text):
            return ""
        text = pv.plain(text)
        return text.replace("→", "->") if self.app.ascii else text

    # rows the tall board must leave (top bar, panels, the move's line, footer): enough that
    # the move list keeps a comfortable height, so a taller window never shows fewer moves
    # than a slightly shorter one did by much (4 players: tall from 36 rows, 6 from 40, 8 from 44)
    PANEL_ROWS = 26
    # on a very wide terminal the panels keep to about the board's width, in the middle
    # under it (stretched across 160 columns the Teams box was mostly blank)
    PANELS_WIDTH = 124

    def on_resize(self) -> None:
        # (TurnScreen's handler runs too: Textual calls each class's)
        side = max(0, (self.app.size.width - self.PANELS_WIDTH) // 2)
        for panel in (self.query_one("#main"), self.query_one("#detail")):
            if panel.styles.margin.left != side:
                panel.styles.margin = (0, side, 0, side)
        self.refresh_view()
        # again once the panels have their new widths: the card's help is wrapped to fit
        self.call_after_refresh(self.refresh_view)

    def after_move(self, move, events) -> None:
        # a note for the one person at the keyboard when they go on with a partner's pegs, or
        # a partner goes on with theirs (as the log and the Teams panel say); not between
        # bots (the notes piled up over the panels while Space skipped), nor where people
        # share the keyboard: the hand-off's recap says it, and a note would cover the recap
        if len(self.session.humans) != 1:
            return
        me = self.session.humans[0]
        playing_for = self.game.view(None)["playing_for"]
        for event in events:
            if event.kind == "helper" and event.seat is not None and me in (event.seat, playing_for[event.seat]):
                self.notify(pv.plain(str(event)), title="Playing for a partner", timeout=8)

    # ------------------------------------------------------------ drawing
    def _who(self, seat: int) -> str:
        s = self.session.seats[seat]
        if not s.is_human:
            return s.level
        humans = self.session.humans
        # "player 2" ("pl 2" where the board is narrow), never "P2": a letter and a digit is a
        # peg's name on the board (P2: Purple's peg 2)
        return "you" if len(humans) == 1 else f"player {humans.index(seat) + 1}"

    def refresh_view(self, selection_only: bool = False) -> None:
        """Redraw from the game; `selection_only` when just the highlighted move changed."""
        g = self.game
        view = g.view(self._hand_viewer())
        preview = self.current_preview()
        # 8 players under 30 rows: the legend's row goes to the moves (the header marks 4 and 9)
        width, rows = self.app.size
        legend = g.players < 8 or rows >= 30
        # with room to spare, the wide board (from 100 columns) and the tall one (the panels
        # keep PANEL_ROWS: a hand, a few moves, the log)
        tall = rows - board_height(g.players, legend, tall=True) >= self.PANEL_ROWS
        state = PegsBoardState(view=view, who=[self._who(s) for s in range(g.players)], legend=legend,
                               wide=width >= 100, tall=tall)
        if preview is not None:
            state.marks = list(preview.marks)
        board = self.query_one("#board", PegsBoard)
        height = board_height(g.players, legend, tall)
        if board.styles.height is None or board.styles.height.value != height:
            board.styles.height = height
        board.state = state
        if selection_only:
            self._draw_detail(preview)
            return
        glyphs = self.app.glyphs
        title = names.game_title("pegs")
        to_act = g.to_act
        if to_act is None:
            top = f"{title} {glyphs.sep} game over"
        else:
            top = f"{title} {glyphs.sep} {names.counter('pegs', view['turn'] + 1)} {glyphs.sep} {self.session.seat_label(to_act)} to play"
        update_static(self.query_one("#topbar", Static), top, fixed=True)
        self._draw_status(view)
        self._draw_teams(view)
        self._draw_detail(preview)
        self.call_after_refresh(self._align_panels)

    def _align_panels(self) -> None:
        """The Turn and Teams boxes side by side as tall as the taller one's text: their
        borders (and the Moves and Log boxes under them) line up, turn after turn."""
        panels = [*self.query("#status"), *self.query("#teams")]    # (none once the board has closed)
        if len(panels) != 2 or not all(p.content_size.width for p in panels):
            return
        tall = max(p.get_content_height(p.size, self.app.size, p.content_size.width) for p in panels)
        for p in panels:
            height = tall + p.styles.gutter.height
            if p.styles.height is None or p.styles.height.value != height:
                p.styles.height = height

    def _draw_detail(self, preview) -> None:
        """What the highlighted move does, under the panels, wrapped whole: as tall as the
        longest of the listed moves' (one row at least), so the panels keep still while the
        player goes through the moves. Only if that left the moves no room would it be cut."""
        detail = self.query_one("#detail", Static)
        width = max(10, (self.app.size.width or 80) - 2)               # the padding: 0 1
        if preview is not None:
            text = preview.detail
        else:       # a card that moves nothing (or not the peg chosen): why
            text = self._why if self.awaiting and not self._move_map else ""
        lines = textwrap.wrap(text, width)
        tall = max([1, len(lines), *(len(textwrap.wrap(p.detail, width)) for p in self._previews.values())])
        status = self.query_one("#status", Static)
        main = self.query_one("#main")
        if main.size.height and status.content_size.width:
            status_height = status.get_content_height(status.container_size, self.app.size,
                                                      status.content_size.width) + 2      # + border
            room = main.size.height + detail.outer_size.height - status_height - _MOVES_MIN
            if 1 <= room < tall:
                tall = room
                if len(lines) > tall:
                    cut = self.app.glyphs.ellipsis
                    lines = lines[:tall - 1] + [lines[tall - 1][:width - len(cut)] + cut]
        if detail.styles.height is None or detail.styles.height.value != tall:
            detail.styles.height = tall
        update_static(detail, "\n".join(lines), fixed=True)

    def _draw_status(self, view: dict) -> None:
        g = self.game
        glyphs = self.app.glyphs
        text = Text()
        to_act = g.to_act
        room = self.query_one("#status", Static).content_size.width      # (0 before the layout)
        self.append_turn_line(text)
        if to_act is not None:
            owner = view["playing_for"][to_act]
            if owner != to_act:
                # on one row where it can: 8 players at 80x24 leave the moves few rows
                me, them = COLOURS[to_act], COLOURS[owner]
                banner = f"{glyphs.pointer} All of {me}'s pegs are HOME: {me} plays {them}'s pegs"
                if room and len(banner) > room:
                    banner = f"{glyphs.pointer} {me}, all HOME, plays {them}'s pegs"
                text.append(banner + "\n", style="bold reverse")
        viewer = self._hand_viewer()
        hand = view.get("hand")
        pad = 0                 # blank rows under a card's help that is shorter than the others'
        if viewer is None or hand is None:
            text.append("Hands are hidden", style="italic")
            if len(self.session.humans) >= 2 and to_act is not None and self.session.is_human(to_act):
                text.append(f" until {COLOURS[to_act]} takes the keyboard", style="italic")
            text.append("\n")
        else:
            # one person: "Hand" or "Yours" (`own_hand_label`); people sharing the keyboard:
            # whose hand, where it fits
            mine = self.own_hand_label(viewer)
            who = mine if len(self.session.humans) == 1 else f"{COLOURS[viewer]}'s hand"
            cards = sum(len(pv.card_name(card)) + 3 for card in hand)
            # the cards drawn since the last turn, after the hand: "new: 4"; where that leaves
            # no room, starred in the hand where a space is free (" 4*" for a card that can't
            # move, "[4]*" at the end), never squeezed; else "+4" (read as one card more than
            # the hand holds: only where no star fits)
            new = self.new_cards(viewer, hand)
            names = ", ".join(map(pv.card_name, new))
            moving = {m.card for m in g.legal_moves() if hasattr(m, "parts")} if self.awaiting else set()
            selected = self._selected_card() if self.awaiting else None
            starred = set()         # indexes in the hand
            for card in set(new):
                free = [i for i, c in enumerate(hand) if c == card and (c not in moving or i == len(hand) - 1)]
                starred.update(free[:new.count(card)])
            notes = ([f" new: {names}"] + ([""] if len(starred) == len(new) else []) + [f" +{names}"]
                     if new else [""])
            # the note, then the label, as short as the row needs ("Hand": whose, the line
            # above says), so that the hand keeps to one row: whose hand it is stays said
            # unless the hand itself is too wide for it
            fitting = [(label, note) for label in (who, mine) for note in notes
                       if not room or len(label) + 2 + cards + len(note) <= room]
            who, drew = fitting[0] if fitting else (mine, "")
            if drew:
                starred.clear()
            text.append(f"{who}: ")
            for i, card in enumerate(hand):
                # brackets mean "this card can move" (README); the chosen card is in reverse video
                name = pv.card_name(card)
                shown = f"[{name}]" if card in moving else f" {name} "
                if card == selected:
                    st = "reverse bold underline" if card in moving else "reverse underline"
                elif card in moving:
                    st = "bold"
                else:
                    st = "dim" if self.awaiting else ""
                if i in starred:        # the star takes the space after the name
                    text.append(shown[:-1] if card not in moving else shown, style=st)
                    text.append("*", style="bold")
                    text.append(" " if card not in moving else "")
                else:
                    text.append(shown, style=st)
                    text.append(" ")
            text.append(drew, style="italic")
            text.append("\n")
            if self.awaiting:
                if not moving:
                    text.append("No card can move a peg: discard one.\n", style="bold")
                elif selected:
                    # wrapped to the panel; as tall as the tallest of the hand's moving cards,
                    # so the panels below keep still while the player goes through the cards
                    width = max(10, room)
                    tall = max(len(_card_help(card, width)) for card in moving | {selected})
                    lines = _card_help(selected, width)
                    pad = tall - len(lines)
                    text.append("\n".join(lines), style="italic")
        text.rstrip()
        text.append("\n" * pad)
        update_static(self.query_one("#status", Static), text)

    def _draw_teams(self, view: dict) -> None:
        glyphs = self.app.glyphs
        text = Text()
        positions = view["positions"]
        room = self.query_one("#teams", Static).content_size.width      # (0 before the layout)
        for t, team in enumerate(view["teams"]):
            home = sum(pv.pegs_home(positions[s]) for s in team)
            label = (" + ".join(COLOURS[s] for s in team) if len(team) == 2
                     else " ".join(COLOURS[s] for s in team))
            if len(label) + 16 > room:
                label = " ".join(pv.INITIALS[s] for s in team)
            winner = " won" if view["winners"] and team[0] in view["winners"] else ""
            text.append(f"{pv.TEAM_LETTERS[t]} ", style="bold reverse")
            text.append(f" {label}: {home}/{5 * len(team)} HOME{winner}\n", style="bold" if winner else "")
        for line in pv.helper_lines(view, room):      # who plays for whom, a line per team
            text.append(line + "\n", style="italic")
        top = view["discard"][-1] if view["discard"] else None
        text.append(f"Draw pile {view['draw_count']} {glyphs.sep} discards {len(view['discard'])}",
                    style="dim")
        if top:
            text.append(f" (top {pv.card_name(top)})", style="dim")
        update_static(self.query_one("#teams", Static), text)


# The moves panel keeps two rows for its moves (a split 7 reads on two) and its border.
_MOVES_MIN = 4


def _card_help(card: str, width: int) -> list[str]:
    """What `card` does, as lines of at most `width` (the card's name first)."""
    return textwrap.wrap(f"{pv.card_name(card)}: {pv.CARD_HELP.get(card, '')}", width, subsequent_indent="  ")
