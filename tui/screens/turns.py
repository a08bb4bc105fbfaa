"""The turn flow shared by the boards where each turn is one move from a list
(Sorry! and Pegs and Jokers): a person picks a card and a move by keys, a bot
decides in a worker thread, hands stay hidden between people sharing the keyboard.

The screen never decides what is legal: it lists `game.legal_moves()` and
plays the one chosen. Bots decide in GameScreen's worker thread
(`engine.bots.choose`) so the interface never freezes; their move is shown on the board for the
bot-speed delay (space skips ahead) and then played. Every move is saved
before the screen moves on (Session.play).

A subclass provides the board: `compose_body`, `refresh_view`, and the
hooks `make_preview(move)` (an object with `lines`, `detail` and `move`),
`card_label(card)`, `private_hands()` and GameScreen's `log_text(text)`.
"""
from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.events import Resize
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine import COLOURS

from ..session import Session
from ..widgets.game_log import WrapsToWidth, hang_to_width
from ..widgets.options import Options
from .base import GAME_BINDINGS, GameScreen


_STEP_DOWN = "Highlight the next legal move (at the last, show the rest of a reason under it)"
_STEP_UP = "Highlight the previous legal move (at the first, back up the list)"


class MoveList(WrapsToWidth, Options):
    """The legal moves of the card in play: up/down/Tab cycle, Enter plays. The screen
    wraps the moves' lines to the list's width (`TurnScreen._entry`), and again when the
    width changes (`Rewrap`)."""

    class Rewrap(Message):
        """The list's width changed since its lines were wrapped."""

    def on_resize(self, event: Resize) -> None:
        self._watch_width(event.size.width)

    BINDINGS = [
        Binding("enter", "select", "Play", id="play", tooltip="Play the highlighted move"),
        Binding("tab", "cycle(1)", "Next", id="next-move",
                tooltip="Highlight the next legal move (wraps round)"),
        Binding("shift+tab", "cycle(-1)", "Previous move", show=False,
                tooltip="Highlight the previous legal move (wraps round)"),
        # ↓/↑ the same, but at the last (first) move they first scroll to a reason or note
        # below (above) it that the box cuts off
        Binding("down", "step(1)", "Next move", show=False, tooltip=_STEP_DOWN),
        Binding("up", "step(-1)", "Previous move", show=False, tooltip=_STEP_UP),
        Binding("j", "step(1)", show=False, tooltip=_STEP_DOWN),
        Binding("k", "step(-1)", show=False, tooltip=_STEP_UP),
        # OptionList's own, said in full (its words are "First", "Last", "Page Up")
        Binding("home", "first", show=False, tooltip="Highlight the first move in the list"),
        Binding("end", "last", show=False, tooltip="Highlight the last move in the list"),
        Binding("pageup", "page_up", show=False, tooltip="Up the move list a boxful"),
        Binding("pagedown", "page_down", show=False, tooltip="Down the move list a boxful"),
        # games with a hand: choose the card (TurnScreen.check_action hides these otherwise)
        Binding("left", "screen.card(-1)", "Card", key_display="←/→", id="card",
                tooltip="Choose another card from your hand"),
        Binding("right", "screen.card(1)", "Card", show=False, tooltip="Choose another card from your hand"),
        Binding("h", "screen.card(-1)", show=False),
        Binding("l", "screen.card(1)", show=False),
    ]

    def action_cycle(self, delta: int) -> None:
        count = self.option_count
        if not count:
            return
        start = self.highlighted if self.highlighted is not None else (-1 if delta > 0 else 0)
        for step in range(1, count + 1):
            index = (start + delta * step) % count
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return

    def _enabled(self) -> list[int]:
        return [i for i in range(self.option_count) if not self.get_option_at_index(i).disabled]

    def action_step(self, delta: int) -> None:
        enabled = self._enabled()
        edge = enabled[-1 if delta > 0 else 0] if enabled else None
        if self.highlighted == edge or not self.screen_awaiting():
            if delta > 0 and self.scroll_y < self.max_scroll_y:
                self.scroll_down(animate=False)
                return
            if delta < 0 and self.scroll_y > 0:
                self.scroll_up(animate=False)
                return
        if self.screen_awaiting():
            self.action_cycle(delta)

    def _page(self, delta: int) -> None:
        """A page down (up) the moves; from the last (first) move, a page of the text under
        (above) it. The highlight stays on a move: never on a note (Textual's page lands on
        the nearest option, and a note is not one: the highlight would go)."""
        before = self.highlighted
        if delta > 0:
            super().action_page_down()
        else:
            super().action_page_up()
        enabled = self._enabled()
        if self.highlighted not in enabled:
            self.highlighted = enabled[-1 if delta > 0 else 0] if enabled else None   # (notes: after the moves)
        if self.highlighted == before:
            if delta > 0:
                self.scroll_page_down(animate=False)
            else:
                self.scroll_page_up(animate=False)

    def action_page_down(self) -> None:
        self._page(1)

    def action_page_up(self) -> None:
        self._page(-1)

    def action_last(self) -> None:
        enabled = self._enabled()
        if enabled and self.screen_awaiting():
            self.highlighted = enabled[-1]
        self.scroll_end(animate=False)       # a reason or note after the last move too

    def action_first(self) -> None:
        enabled = self._enabled()
        if enabled and self.screen_awaiting():
            self.highlighted = enabled[0]
        self.scroll_home(animate=False)

    def screen_awaiting(self) -> bool:
        screen = self.screen
        return not isinstance(screen, TurnScreen) or screen.awaiting

    def check_action(self, action: str, parameters) -> bool | None:
        # the footer shows the keys usable now: none of these on a bot's turn or at the end
        if action in ("select", "cycle"):
            screen = self.screen
            if isinstance(screen, TurnScreen) and not screen.awaiting:
                return False
            if action == "cycle":        # Tab: only with another move to go to
                return len(self._enabled()) > 1
            return bool(self._enabled())     # Enter: only with a move to play
        return True


def number_bindings(word: str, count: int, tooltip: str) -> list[Binding]:
    """The number keys of a board whose cards can move many pieces (TurnScreen.action_piece).
    The footer shows `1-count Word` when there is a choice to narrow the list down to (the
    card moves two pieces or more) and while a choice is made. The hidden `pick` binding
    after each number lets it act whenever the card moves a piece, so that a press always
    answers: the list shows that piece's moves, or why it has none."""
    first, *others = hidden_number_bindings(range(1, count + 1), tooltip)
    return [replace(first, description=word, show=True, key_display=f"1-{count}", id=word.lower()),
            *others, Binding("0", "piece(0)", "All", id="all-pieces", tooltip=f"Every {word.lower()}'s moves again")]


def hidden_number_bindings(numbers, tooltip: str) -> list[Binding]:
    """For each number, its binding (`piece`, which the footer shows) and, after it, its
    hidden second one (`pick`): see `number_bindings`."""
    return [binding for n in numbers for binding in (
        Binding(str(n), f"piece({n})", show=False, tooltip=tooltip),
        Binding(str(n), f"pick({n})", show=False, tooltip=tooltip))]


class TurnScreen(GameScreen):
    """A board where each turn is one move chosen from the legal-move list."""

    BINDINGS = GAME_BINDINGS
    HELP_BINDINGS = MoveList.BINDINGS     # help lists them on a bot's turn too (the footer doesn't)

    @property
    def HELP_ALWAYS(self) -> tuple[str, ...]:          # noqa: N802 (help.key_rows reads it)
        # (the number keys of a board that binds them: listed even while there is no choice)
        always = ("skip", "select", "cycle(1)", "cycle(-1)", "step(1)", "step(-1)",
                  *(f"{verb}({n})" for verb in ("piece", "pick") for n in range(10)))
        if self.private_hands():
            always += ("screen.card(-1)", "screen.card(1)")
        return always

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self._previews: dict[int, object] = {}       # option index -> preview
        self._cards: list[str] = []                  # the hand, in order
        self._card_index = 0
        self._move_map: list = []
        self._pieces: tuple[int, ...] = ()           # the pieces chosen by number (the list: their moves)
        self._piece_keys: dict[int, int] = {}         # the number pressed for each chosen piece
        self._stood_for: dict[int, int] = {}          # a chosen START piece -> the one whose number chose it
        self._stand_in: tuple[int, int] | None = None   # (pressed, stand-in): `start_stand_in`'s last
        self._unsplit: tuple[int, int] | None = None  # a pair asked for that no split moves

    # ------------------------------------------------------------ hooks
    def private_hands(self) -> bool:
        """Whether each player holds a private hand to choose a card from."""
        return False

    def card_label(self, card: str | None) -> str:
        return card or ""

    def no_move_line(self, text: str) -> str:
        """The list's line when the card moves nothing (or not the pieces chosen): `text`
        (`no_move_text`'s), after the words on a pair of pieces that no split moves
        ("..., and R3 has no move with the 7. R3 is in START ..."), before the key for another
        card of the hand."""
        unsplit = self.unsplit_text()
        if unsplit:
            text = f"{unsplit}, and {text}"
        if self.private_hands():
            glyphs = self.app.glyphs
            text += f" {glyphs['key-left']}/{glyphs['key-right']} for another card."
        return text

    def no_move_text(self, card: str | None) -> str:
        """What the move list says for a card of the hand that moves nothing (or nothing
        of the pieces chosen by number)."""
        return self.piece_choice_text(card) or "No move with this card:"

    # A board whose cards can move many pieces binds number keys to `screen.piece(n)`: the
    # list then shows only the moves of that piece, and a second number (on a card whose
    # legal moves include splits, `is_split`) only the splits of the two. These say what
    # the numbers mean.
    PIECE = "piece"                 # what a number chooses, in the list's words ("peg", "pawn")

    def is_split(self, move) -> bool:
        """Whether the engine's `move` splits the card between two pieces (the 7)."""
        return False

    def piece_for_key(self, n: int) -> int | None:
        """The piece number key `n` chooses for the seat to act (an id `pieces_moved`
        uses), or None. START's pieces are alike: any of them stands for the one that
        comes out (`start_stand_in`)."""
        return None

    def pieces_moved(self, move) -> set[int]:
        """The pieces `move` moves (none: a pass or a discard, which any choice keeps)."""
        return set()

    def start_stand_in(self, waiting: list[int], pressed: int) -> int:
        """The piece that stands for `pressed`, one of `waiting` (a colour's pieces in START,
        all alike): the one the legal moves bring out, as the engine names it; when none
        does, `pressed` itself (whose number then says it has no move)."""
        out = {p for m in self.game.legal_moves() for p in self.pieces_moved(m)}
        self._stand_in = (pressed, next((p for p in waiting if p in out), pressed))
        return self._stand_in[1]

    def stand_in_text(self) -> str | None:
        """Why the list shows another piece than the number pressed: a START piece stands
        for the one that comes out ("R2 is in START: R1 stands for it ...")."""
        for piece in self._pieces:
            pressed = self._stood_for.get(piece)
            if pressed is not None:
                return (f"{self.piece_label(pressed)} is in START: {self.piece_label(piece)} stands for "
                        f"it (START's {self.PIECE}s are alike; {self.piece_label(piece)} comes out first).")
        return None

    def piece_label(self, piece: int) -> str:
        return str(piece)

    def filter_moves(self, moves: list) -> tuple[list, str]:
        """The moves of the card in play the list shows, and words for the
        list's title saying what was left out ("" when nothing was): the
        moves of the pieces chosen by number."""
        pieces = self._active_pieces()
        if not pieces:
            return moves, ""
        kept = [m for m in moves if self._moves_all(m, pieces)]
        return kept, f" {self.app.glyphs.sep} {self.chosen_text(pieces)}"

    def list_note(self, card: str | None) -> str | None:
        """A line under the moves of `card` saying what they leave out and why (None: none)."""
        return None

    def list_order(self, moves: list) -> list:
        """The order the move list shows `moves` in (the engine's, unless a game says otherwise)."""
        return moves

    def last_in_list(self, preview) -> bool:
        """Whether the move of `preview` goes after the others in the list (legal, but rarely
        what a player wants)."""
        return False

    def board_widget(self):
        """The board widget (its `ascii` follows the settings)."""
        return self.query_one("#board")

    # ------------------------------------------------------------ set-up
    def on_mount(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self._fill_log)
        self.query_one("#moves", MoveList).focus()
        ended = self._between_games()
        if ended is not None:
            # opened again where it was left, between two games of a match: that game's
            # summary again (it was not read, or not to the end)
            self.mode = "wait"
            self.call_after_refresh(self.show_game_end, ended)
            return
        self.call_after_refresh(self.next_turn)

    def _between_games(self) -> str | None:
        """The line of the game just won, when the engine says a match's next game is dealt
        and nobody has moved in it yet (its view's match: games played, moves in this one);
        None otherwise, or when the log has no such line to show again."""
        match = self.game.view(None).get("match")
        if self.game.is_over or not match or not match.get("games") or match.get("game_moves", 1):
            return None
        return self.session.last_event_text("game_over")

    def on_resize(self) -> None:
        # coming back from the too-small message: the move list takes the keys again
        self.call_after_refresh(self._refocus)
        if self._bot_move is not None:          # its title fits the new width
            self.call_after_refresh(self._fill_moves)

    def on_move_list_rewrap(self, message: MoveList.Rewrap) -> None:
        message.stop()
        if self.awaiting and self._bot_move is None:       # (a bot's move: on_resize refills)
            self._fill_moves(keep=True)

    def _refocus(self) -> None:
        moves = self.query_one("#moves", MoveList)
        if self.app.screen is self and self.focused is None and moves.display and not self.app.too_small:
            moves.focus()

    def on_glyphs_changed(self) -> None:
        super().on_glyphs_changed()
        self.board_widget().ascii = self.app.ascii
        if self.awaiting:
            self._fill_moves(keep=True)
        self.refresh_view()

    # ------------------------------------------------------------ turn flow
    def redraw_turn(self) -> None:
        self._fill_moves()
        self.refresh_view()

    def _needs_handoff(self, seat: int) -> bool:
        return self.private_hands() and super()._needs_handoff(seat)

    def _begin_human(self, seat: int) -> None:
        if self._closing or self.game.to_act != seat:
            return
        self.viewer = seat
        self.mode = "human"
        self._card_index = 0
        self._pieces = ()               # every turn starts with every piece's moves
        self._unsplit = None
        self.redraw_turn()
        self.query_one("#moves", MoveList).focus()

    def apply_move(self, token: int, move) -> None:
        """Play `move` (if nothing moved on meanwhile), log its events, and carry on."""
        if token != self._token or self._closing:
            return
        self._token += 1
        events = self.play_and_log(move)
        between = None
        for event in events:
            if event.kind == "game_over" and not self.game.is_over:     # the match goes on
                between = event
        self.after_move(move, events)
        if between is not None:
            self.mode = "wait"
            self.redraw_turn()
            self.show_game_end(between)
            return
        self.next_turn()

    def after_move(self, move, events) -> None:
        """Hook: anything to point out once a move is played."""

    def show_game_end(self, event) -> None:
        """Hook: a game of a match ended and the next is dealt; call `next_turn` when done."""
        self.notify(str(event), title="Game over", timeout=6)
        self.next_turn()

    # ------------------------------------------------------------ moves
    def _hand_order(self, legal) -> list[str]:
        view = self.game.view(self.viewer)
        hand = view.get("hand") or []
        seen, order = set(), []
        for card in hand:
            if card not in seen:
                seen.add(card)
                order.append(card)
        for m in legal:
            if m.card not in seen:
                seen.add(m.card)
                order.append(m.card)
        return order

    def _fill_moves(self, keep: bool = False) -> None:
        ml = self.query_one("#moves", MoveList)
        old = ml.highlighted if keep else None
        ml.clear_options()
        self._previews = {}
        g = self.game
        glyphs = self.app.glyphs
        if self._bot_move is not None:
            p = self.make_preview(self._bot_move)
            self._previews[0] = p
            ml.add_option(Option(self._entry(p.lines, ml), id="bot"))
            ml.highlighted = 0
            card = getattr(self._bot_move, "card", None)
            move = self._bot_move
            verb = {"discard": "discards", "pass": "passes", "decline": "passes"}.get(move.kind, "plays")
            who = f"{COLOURS[g.to_act]} {verb}"
            if card:
                label = self.card_label(card)
                full = who + (f" with the {label}" if verb == "passes" else
                              f" the {label}" if verb == "discards" else f" {label}")
                # a title keeps 6 cells of the box's outer width for its corners: a long card
                # name (a pass with the SORRY! at 80 columns) leaves the card to the preview
                room = ml.outer_size.width - 6
                who = full if room <= 0 or len(full) <= room or verb == "plays" else who
            ml.border_title = who
            return
        if not self.awaiting:
            if g.is_over:
                ml.border_title = "Results"           # (the Turn panel's title says "Game over")
                ml.add_option(Option("The game is over: r shows the results.", disabled=True))
            elif self.bot_turn:
                ml.border_title = f"{COLOURS[g.to_act]} is thinking{glyphs.dots}"
            else:
                ml.border_title = "Moves"
            return
        legal = g.legal_moves()
        if self.private_hands():
            self._cards = self._hand_order(legal)
            by_card = group_by_card(legal)
            if not 0 <= self._card_index < len(self._cards):
                self._card_index = 0
            if not keep:
                # start on the first card that moves a pawn or peg, else the first one to discard
                # (Sorry! points: when only 11 switches are possible, a discard is a choice too)
                moves = [i for i, card in enumerate(self._cards)
                         if any(m.kind != "discard" for m in by_card.get(card, ()))]
                discards = [i for i, card in enumerate(self._cards) if by_card.get(card)]
                if moves or discards:
                    self._card_index = (moves or discards)[0]
            card = self._cards[self._card_index] if self._cards else None
            shown, only = self.filter_moves(by_card.get(card, []))
            title = f"Moves with the {self.card_label(card)}{only}"
        else:
            shown, only = self.filter_moves(legal)
            title = f"Moves{only}"
        shown = self.list_order(shown)
        previews = [self.make_preview(move) for move in shown]
        # the moves a game puts last (Sorry!: one that bumps your own team): Enter alone on a
        # fresh list never plays them
        order = sorted(range(len(shown)), key=lambda i: self.last_in_list(previews[i]))     # stable
        shown = [shown[i] for i in order]
        for i, p in enumerate(previews[i] for i in order):
            self._previews[i] = p
            ml.add_option(Option(self._entry(p.lines, ml), id=f"m{i}"))
        unsplit = self.unsplit_text()
        note = self.list_note(self.card_in_play()) if shown else None
        if shown and unsplit:
            unsplit += f": showing {self.piece_label(self._pieces[0])}'s moves alone."
            note = f"{unsplit} {note}" if note else unsplit
        stand_in = self.stand_in_text() if shown else None
        if stand_in:
            note = f"{stand_in} {note}" if note else stand_in
        if note:
            ml.add_option(Option(Text(note, style="italic"), disabled=True))
        if not shown:
            ml.add_option(Option(self.no_move_line(self.no_move_text(self.card_in_play())), disabled=True))
        n = len(shown)
        ml.border_title = f"{title} ({n})" if n else title
        if shown:
            ml.highlighted = old if old is not None and old < n else 0
        self._move_map = shown
        self.refresh_bindings()         # Tab shows only with two moves or more: the count changed

    @staticmethod
    def _entry(lines: list[str], ml: MoveList) -> Text:
        """A move's lines as the list shows them: a line too long for the list wraps with its
        rows after the first indented, as in the log, so that a bump (✕B2) left alone on a
        row doesn't read as a move of its own. Before the list is laid out, as they are."""
        return Text("\n".join(hang_to_width(ml, lines)))

    @on(OptionList.OptionHighlighted, "#moves")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_view(selection_only=True)

    @on(OptionList.OptionSelected, "#moves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if not (self.awaiting and self.is_active) or event.option.disabled or self.refused_in_turn_grace():
            return
        index = event.option_index
        if index >= len(self._move_map) or event.option_list.get_option_at_index(index) is not event.option:
            return              # chosen from the list of a turn since played (a quick second Enter)
        move = self._move_map[index]
        self.apply_move(self._token, move)

    # ------------------------------------------------------------ pieces by number
    def chosen_text(self, pieces) -> str:
        return "+".join(map(self.piece_label, pieces))

    def card_in_play(self) -> str | None:
        """The card whose moves the list shows: the one chosen from the hand, or the one drawn."""
        if self.private_hands():
            return self._selected_card()
        return self.game.view(None).get("card")

    def _active_pieces(self) -> tuple[int, ...]:
        """The pieces chosen, as they apply to the card in play: a pair only to a card that
        splits (a pair kept from the 7 is its first piece with another card)."""
        return self._pieces if self._card_splits() else self._pieces[:1]

    def _card_splits(self) -> bool:
        """Whether the card in play has split moves (the engine's legal moves say)."""
        return any(map(self.is_split, self._card_plays()))

    def _moves_all(self, move, pieces) -> bool:
        """Whether `move` moves every one of `pieces` (a pass or a discard: kept)."""
        moved = self.pieces_moved(move)
        return not moved or all(p in moved for p in pieces)

    def _card_plays(self) -> list:
        """The legal moves of the card in play that move a piece (not a pass or a discard)."""
        card = self.card_in_play()
        return [m for m in self.game.legal_moves() if m.card == card and self.pieces_moved(m)]

    def _pieces_moving(self) -> set[int]:
        """The pieces a number can choose that the card in play moves."""
        keyed = {self.piece_for_key(n) for n in range(1, 10)}
        return {p for m in self._card_plays() for p in self.pieces_moved(m) if p in keyed}

    def piece_choice_text(self, card: str | None) -> str | None:
        """What the list says when the pieces chosen have no move with `card` (None: no
        choice narrows this card's moves)."""
        pieces = self._active_pieces()
        if not (pieces and self._pieces_moving()):
            return None
        name = self.card_label(card)
        if len(pieces) > 1:
            return f"{self.chosen_text(pieces)}: no split of the {name} moves both."
        return f"{self.chosen_text(pieces)} has no move with the {name}."

    def unsplit_text(self) -> str | None:
        """Why a second number chose a piece alone: no split of the card moves both."""
        pair = self._unsplit
        card = self.card_in_play()
        if not pair or not self._card_splits() or self._pieces != pair[1:]:
            return None
        first, second = map(self.piece_label, pair)
        return f"No split of the {self.card_label(card)} moves both {first} and {second}"

    def every_piece_hint(self) -> str:
        """The key back to the whole list, said after a choice by number that shows no move."""
        return f"0 shows every {self.PIECE}'s moves."

    def action_piece(self, n: int, verb: str = "piece") -> None:
        """Number key `n` pressed: the list narrowed down to that piece's moves (0: every piece's)."""
        if not self.check_action(verb, (n,)):
            return
        self._stand_in = None
        piece = self.piece_for_key(n) if n else None
        stand_in = self._stand_in                     # (read now: other numbers are looked up below)
        chosen = self._active_pieces()                # (a pair kept from the 7 counts as its first
        pair = (*chosen, piece)                       # piece with another card)
        split = self._card_splits()
        if piece in chosen and self._piece_keys.get(piece, n) != n:
            # another START piece's number: the same piece stands for it; kept (the note
            # under the list names the number pressed)
            self._note_stand_in(piece, stand_in)
            self._fill_moves(keep=True)
            return
        self._unsplit = None
        if piece is None:
            self._pieces = ()
        elif piece in chosen:                         # again: that piece is let go
            self._pieces = tuple(p for p in chosen if p != piece)
        elif split and len(chosen) == 1 and any(self.is_split(m) and self._moves_all(m, pair)
                                                for m in self._card_plays()):
            self._pieces = pair                       # a split of the two
        else:                                         # another piece (an 11's switch moves two: not a pair)
            if split and len(chosen) == 1 and chosen[0] in self._pieces_moving():
                self._unsplit = pair                  # the list says why the pair is not kept
            self._pieces = (piece,)
        if piece is not None:
            self._piece_keys[piece] = n
            self._note_stand_in(piece, stand_in)
        self.refill_from_top()

    def _note_stand_in(self, piece: int, stand_in: tuple[int, int] | None) -> None:
        """Remember whether `piece`, just chosen by number, stands for the START piece whose
        number was pressed (`stand_in`: what `start_stand_in` gave for it), for `stand_in_text`."""
        self._stood_for.pop(piece, None)
        if stand_in and stand_in[1] == piece != stand_in[0]:
            self._stood_for[piece] = stand_in[0]

    def action_card(self, delta: int) -> None:
        if not (self.awaiting and self.private_hands() and self._cards):
            return
        self._card_index = (self._card_index + delta) % len(self._cards)
        self._unsplit = None
        self.refill_from_top()

    def refill_from_top(self) -> None:
        """The list again (another card, or a narrower choice), its first move highlighted."""
        self._fill_moves(keep=True)
        ml = self.query_one("#moves", MoveList)
        if ml.option_count and not ml.get_option_at_index(0).disabled:
            ml.highlighted = 0
        self.refresh_view()

    def action_pick(self, n: int) -> None:
        self.action_piece(n, "pick")

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "card":
            return self.awaiting and bool(self.private_hands())
        if action == "piece":
            # with a choice of pieces to narrow down to, or to undo a choice made
            n = parameters[0] if parameters else 1
            if not n:                                 # 0: only while the list is narrowed down
                return self.awaiting and bool(self._pieces)
            if self.piece_for_key(n) is None:
                return False
            return self.awaiting and (bool(self._pieces) or len(self._pieces_moving()) > 1)
        if action == "pick":                          # (a number that the footer doesn't show)
            n = parameters[0] if parameters else 1
            return self.awaiting and self.piece_for_key(n) is not None and bool(self._pieces_moving())
        return super().check_action(action, parameters)

    # ------------------------------------------------------------ shared drawing
    def current_preview(self):
        ml = self.query_one("#moves", MoveList)
        if ml.highlighted is None:
            return None
        return self._previews.get(ml.highlighted)

    def turn_verb(self) -> str | None:
        """What the seat to act is doing: "to play" or "is thinking…"; None once the game is over."""
        if self.game.to_act is None:
            return None
        return f"is thinking{self.app.glyphs.dots}" if self.bot_turn and self._bot_move is None else "to play"

    def append_turn_line(self, text: Text) -> None:
        """The status panel's first line: who is to play (or thinking), or the game is over."""
        verb = self.turn_verb()
        if verb is None:
            text.append("The game is over.\n", style="bold")
            return
        text.append(self.session.seat_label(self.game.to_act), style="bold")
        text.append(f" {verb}\n")

    def _hand_viewer(self) -> int | None:
        """Whose hand may be shown now, or None."""
        if not self.private_hands():
            return None
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        if self.awaiting and self.viewer is not None:
            return self.viewer
        return None

    def own_hand_label(self, viewer: int) -> str:
        """One person's hand: "Hand" on their turn (the line above says "(you)") and once the
        game is over, "Yours" on another seat's (under "Blue (bot, normal) to play", "Hand"
        read as Blue's cards)."""
        to_act = self.game.to_act
        return "Yours" if to_act is not None and to_act != viewer else "Hand"

    def _selected_card(self) -> str | None:
        if self._cards and 0 <= self._card_index < len(self._cards):
            return self._cards[self._card_index]
        return None


def group_by_card(moves) -> dict[str, list]:
    out: dict[str, list] = {}
    for m in moves:
        out.setdefault(m.card, []).append(m)
    return out


def update_static(widget: Static, content, fixed: bool = False) -> None:
    """Update a Static (if its content changed), asking for a layout only when
    its height changes: the new content is measured at the widget's width
    and compared with the height it has on screen."""
    key = content.markup if isinstance(content, Text) else str(content)
    if getattr(widget, "_parlor_shown", None) == key:
        return
    widget._parlor_shown = key
    widget.update(content, layout=False)
    if fixed:
        return
    width = widget.content_size.width
    if width and widget.get_content_height(widget.container_size, widget.app.size, width) == \
            widget.content_size.height:
        return
    widget.refresh(layout=True)
    # Textual 8.2.8 keys a widget's cached box model on a counter that
    # refresh(layout=True) bumps only when no layout is pending for the widget;
    # if a reflow ran while one was pending, the cached height is the old
    # content's and the new content is cut off. Drop that cache.
    cache = getattr(widget, "_box_model_cache", None)
    if cache is not None:
        cache.clear()
