"""The Sorry! board screen: the board, the card (or hand), the legal moves, the log.

The screen never decides what is legal: it lists `game.legal_moves()` and
plays the one chosen. Bots decide in a worker thread (`engine.bots.choose`)
so the interface never freezes; their move is shown on the board for the
bot-speed delay (space skips ahead) and then played. Every move is saved
before the screen moves on (Session.play).
"""
from __future__ import annotations

import threading

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from .. import names
from .. import sorry_view as sv
from ..session import Session
from ..widgets.sorry_board import BoardState, SorryBoard
from ..widgets.footer import ParlorFooter
from .base import GameScreen


class MoveList(OptionList):
    """The legal moves of the card in play: up/down/Tab cycle, Enter plays."""

    BINDINGS = [
        Binding("enter", "select", "Play", id="play", tooltip="Play the highlighted move"),
        Binding("tab", "cycle(1)", "Next", id="next-move", tooltip="Highlight the next legal move"),
        Binding("shift+tab", "cycle(-1)", "Previous move", show=False,
                tooltip="Highlight the previous legal move"),
        Binding("down", "cycle(1)", "Next move", show=False),
        Binding("up", "cycle(-1)", "Previous move", show=False),
        Binding("j", "cycle(1)", show=False),
        Binding("k", "cycle(-1)", show=False),
        # points variant: choose the card from the hand (SorryScreen.check_action hides these otherwise)
        Binding("left", "screen.card(-1)", "Card", key_display="←/→", id="card",
                tooltip="Choose another card from your hand"),
        Binding("right", "screen.card(1)", "Card", show=False),
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

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("select", "cycle"):
            screen = self.screen
            if isinstance(screen, SorryScreen):
                if screen.mode == "over":
                    return False
                if not screen.awaiting:
                    return None
        return True


class SorryScreen(GameScreen):
    CSS_PATH = "sorry.tcss"
    HELP_TITLE = "Sorry! board"
    HELP_GAME = "sorry"

    BINDINGS = [
        Binding("r", "results", "Results", id="results", tooltip="Show the results again"),
        Binding("space", "skip", "Skip", id="skip", tooltip="Skip ahead through the bots' moves"),
        Binding("escape", "title", "Title", tooltip="Back to the title screen (the game is saved)"),
        Binding("q", "quit_game", "Quit", tooltip="Quit (the game is saved after every move)"),
    ]

    # "wait" (between turns), "human" (a person at the keyboard chooses), "bot", "over".
    # One reactive, so the footer is rebuilt once per change of turn.
    mode = reactive("wait", bindings=True)

    @property
    def awaiting(self) -> bool:
        return self.mode == "human"

    @property
    def bot_turn(self) -> bool:
        return self.mode == "bot"

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._token = 0
        self._wake = threading.Event()
        self._skip = False
        self._closing = False
        self.viewer: int | None = None               # whose hand is on show (points variant)
        self._previews: dict[int, sv.Preview] = {}   # option index -> preview
        self._cards: list[str] = []                  # points: the hand, in order
        self._card_index = 0
        self._bot_move = None
        self._results_shown = False
        self._move_map: list = []

    # ------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        yield Static("", id="topbar", classes="screen-title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield SorryBoard(ascii=self.app.ascii, id="board")
                log = RichLog(id="log", wrap=True, min_width=20, max_lines=2000, classes="panel")
                log.border_title = "Log"
                log.can_focus = False
                yield log
            with Vertical(id="side"):
                status = Static("", id="status", classes="panel")
                status.border_title = "Turn"
                yield status
                moves = MoveList(id="moves", classes="panel")
                moves.border_title = "Moves"
                yield moves
                yield Static("", id="detail")
                scores = Static("", id="scores", classes="panel")
                scores.border_title = "Players"
                yield scores
        yield ParlorFooter(compact=True)

    @property
    def game(self):
        return self.session.game

    def on_mount(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self._fill_log)
        self.query_one("#moves", MoveList).focus()
        self.call_after_refresh(self.next_turn)

    def _fill_log(self) -> None:
        """The game's log so far (after the first layout, so lines wrap to the real width)."""
        log = self.query_one("#log", RichLog)
        for text in self.session.event_texts():
            log.write(text)

    def on_resize(self) -> None:
        # coming back from the too-small message: the move list takes the keys again
        self.call_after_refresh(self._refocus)

    def _refocus(self) -> None:
        moves = self.query_one("#moves", MoveList)
        if self.app.screen is self and self.focused is None and moves.display and not self.app.too_small:
            moves.focus()

    def on_unmount(self) -> None:
        self._closing = True
        self._token += 1
        self._wake.set()

    def on_glyphs_changed(self) -> None:
        self.query_one("#board", SorryBoard).ascii = self.app.ascii
        if self.awaiting:
            self._fill_moves(keep=True)
        self.refresh_view()

    # ------------------------------------------------------------ turn flow
    def next_turn(self) -> None:
        """Decide what happens now: results, a person's choice, or a bot."""
        if self._closing:
            return
        self._token += 1
        self._bot_move = None
        g = self.game
        if g.is_over:
            self.mode = "over"
            self._fill_moves()
            self.refresh_view()
            self.show_results()
            return
        seat = g.to_act
        if self.session.is_human(seat):
            self._skip = False
            if self._needs_handoff(seat):
                from .dialogs import HandoffScreen

                self.mode = "wait"
                self.viewer = None
                self._fill_moves()
                self.refresh_view()
                self.app.push_screen(HandoffScreen(sv.COLOUR_NAMES[seat]),
                                     callback=lambda _: self._begin_human(seat))
                return
            self._begin_human(seat)
        else:
            self._begin_bot(seat)

    def _private_hands(self) -> bool:
        return getattr(self.game, "variant", "") == "points"

    def _needs_handoff(self, seat: int) -> bool:
        return self._private_hands() and len(self.session.humans) >= 2 and self.viewer != seat

    def _begin_human(self, seat: int) -> None:
        if self._closing or self.game.to_act != seat:
            return
        self.viewer = seat
        self.mode = "human"
        self._card_index = 0
        self._fill_moves()
        self.refresh_view()
        self.query_one("#moves", MoveList).focus()

    def _begin_bot(self, seat: int) -> None:
        self.mode = "bot"
        self._wake.clear()
        self._fill_moves()
        self.refresh_view()
        level = self.session.seats[seat].level
        self.think(self._token, self.game.clone(), level, self.session.bot_seed())

    @work(thread=True, exclusive=True, group="bot")
    def think(self, token: int, game, level: str, seed: int) -> None:
        """In a worker thread: choose the bot's move, show it for a moment, then play it."""
        from engine import bots

        move = bots.choose(game, level, seed)
        if token != self._token or self._closing:
            return
        try:
            delay = 0.0 if self._skip else self.app.bot_delay
            if delay > 0:           # show the move on the board for a moment first
                self.app.call_from_thread(self._show_bot_move, token, move)
                self._wake.wait(delay)
            if token != self._token or self._closing:
                return
            self.app.call_from_thread(self.apply_move, token, move)
        except RuntimeError:        # the app is closing
            return

    def _show_bot_move(self, token: int, move) -> None:
        if token != self._token:
            return
        self._bot_move = move
        self._fill_moves()
        self.refresh_view()

    def apply_move(self, token: int, move) -> None:
        """Play `move` (if nothing moved on meanwhile), log its events, and carry on."""
        if token != self._token or self._closing:
            return
        self._token += 1
        events = self.session.play(move)
        if self.session.save_error:
            self.notify(self.session.save_error, severity="error", timeout=8)
        log = self.query_one("#log", RichLog)
        for event in events:
            log.write(str(event))
            if event.kind == "game_over" and not self.game.is_over:     # the match goes on
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
            p = sv.preview(g, self._bot_move, glyphs)
            self._previews[0] = p
            ml.add_option(Option(Text("\n".join(p.lines)), id="bot"))
            ml.highlighted = 0
            ml.border_title = f"{sv.COLOUR_NAMES[g.to_act]} plays"
            return
        if not self.awaiting:
            if g.is_over:
                ml.border_title = "Game over"
                ml.add_option(Option("The game is over.", disabled=True))
            elif self.bot_turn:
                ml.border_title = f"{sv.COLOUR_NAMES[g.to_act]} is thinking{glyphs.ellipsis}"
            else:
                ml.border_title = "Moves"
            return
        legal = g.legal_moves()
        if self._private_hands():
            self._cards = self._hand_order(legal)
            by_card = sv.group_by_card(legal)
            if not 0 <= self._card_index < len(self._cards):
                self._card_index = 0
            if not keep:       # start on the first card that can move
                for i, card in enumerate(self._cards):
                    if by_card.get(card):
                        self._card_index = i
                        break
            card = self._cards[self._card_index] if self._cards else None
            shown = by_card.get(card, [])
            title = f"Moves with the {sv.card_name(card)}"
        else:
            shown = legal
            title = "Moves"
        for i, move in enumerate(shown):
            p = sv.preview(g, move, glyphs)
            self._previews[i] = p
            ml.add_option(Option(Text("\n".join(p.lines)), id=f"m{i}"))
        if not shown:
            ml.add_option(Option(f"No move with this card: {glyphs.left}/{glyphs.right} for another",
                                 disabled=True))
        n = len(shown)
        ml.border_title = f"{title} ({n})" if n else title
        if shown:
            ml.highlighted = old if old is not None and old < n else 0
        self._move_map = shown

    @on(OptionList.OptionHighlighted, "#moves")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_view(selection_only=True)

    @on(OptionList.OptionSelected, "#moves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if not self.awaiting or event.option.disabled:
            return
        move = self._move_map[event.option_index]
        self.apply_move(self._token, move)

    def action_card(self, delta: int) -> None:
        if not (self.awaiting and self._private_hands() and self._cards):
            return
        self._card_index = (self._card_index + delta) % len(self._cards)
        self._fill_moves(keep=True)
        ml = self.query_one("#moves", MoveList)
        if ml.option_count and not ml.get_option_at_index(0).disabled:
            ml.highlighted = 0
        self.refresh_view()

    def action_skip(self) -> None:
        self._skip = True
        self._wake.set()
        self.refresh_bindings()

    def action_title(self) -> None:
        self.app.go_title()

    def action_quit_game(self) -> None:
        from .dialogs import QuitScreen

        def done(choice: str | None) -> None:
            if choice == "quit":
                self.app.exit(message=saved_note())
            elif choice == "title":
                self.app.go_title()

        self.app.push_screen(QuitScreen(), callback=done)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "card":
            if not self._private_hands():
                return False
            return True if self.awaiting else None
        if action == "skip":
            if self.mode == "over":
                return False
            return True if self.bot_turn and not self._skip else None
        if action == "results":
            return self.mode == "over"
        return True

    # ------------------------------------------------------------ drawing
    def current_preview(self) -> sv.Preview | None:
        ml = self.query_one("#moves", MoveList)
        if ml.highlighted is None:
            return None
        return self._previews.get(ml.highlighted)

    def refresh_view(self, selection_only: bool = False) -> None:
        """Redraw from the game; `selection_only` when just the highlighted move changed."""
        g = self.game
        s = self.session
        view = g.view(self._hand_viewer())
        glyphs = self.app.glyphs
        preview = self.current_preview()
        to_act = g.to_act
        # board
        state = BoardState(positions=view["positions"])
        if preview is not None:
            pawn_of = {}
            for i, (pawn, frm, to) in enumerate(sv.parts_of(preview.move), 1):
                pawn_of[f"from{i}"] = pawn_of[f"to{i}"] = pawn_of[f"end{i}"] = pawn
            state.marks = [(place, role, pawn_of.get(role)) for place, role in preview.marks]
        if to_act is not None:
            state.title = f"{sv.COLOUR_NAMES[to_act]} to play"
            state.title_seat = to_act
        elif g.winners:
            state.title = " & ".join(sv.COLOUR_NAMES[w] for w in g.winners) + " won"
        if self._private_hands():
            state.card = self._selected_card() if self.awaiting else (view["discard"][-1] if view["discard"] else None)
            state.card_caption = "your pick" if self.awaiting else "last played"
            if state.card is None:
                state.card_caption = ""
        else:
            state.card = view["card"]
            state.card_caption = sv.card_name(view["card"]) and "to play"
        state.lines = [f"Draw pile {view['draw_count']}", f"Discards {len(view['discard'])}"]
        self.query_one("#board", SorryBoard).state = state
        # detail line under the moves
        detail = self.query_one("#detail", Static)
        update_static(detail, preview.detail if preview is not None else "", fixed=True)
        if selection_only:
            return
        # top bar
        title = names.game_title("sorry", g.variant)
        turn = view.get("turn", 0) + 1
        if to_act is None:
            top = f"{title} {glyphs.sep} game over"
        else:
            who = s.seat_label(to_act)
            top = f"{title} {glyphs.sep} move {turn} {glyphs.sep} {who} to play"
        update_static(self.query_one("#topbar", Static), top, fixed=True)
        self._draw_status(view)
        self._draw_scores(view)

    def _hand_viewer(self) -> int | None:
        """Whose hand may be shown now (points variant), or None."""
        if not self._private_hands():
            return None
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        if self.awaiting and self.viewer is not None:
            return self.viewer
        return None

    def _selected_card(self) -> str | None:
        if self._cards and 0 <= self._card_index < len(self._cards):
            return self._cards[self._card_index]
        return None

    def _draw_status(self, view: dict) -> None:
        g = self.game
        glyphs = self.app.glyphs
        status = self.query_one("#status", Static)
        text = Text()
        to_act = g.to_act
        if to_act is None:
            text.append("The game is over.\n", style="bold")
        else:
            text.append(self.session.seat_label(to_act), style="bold")
            if self.bot_turn and self._bot_move is None:
                text.append(f" is thinking{glyphs.ellipsis}\n")
            else:
                text.append(" to play\n")
        if self._private_hands():
            viewer = self._hand_viewer()
            hand = view.get("hand")
            if viewer is None or hand is None:
                text.append("Hand: hidden\n", style="italic")
            else:
                who = "Your hand" if len(self.session.humans) == 1 else f"{sv.COLOUR_NAMES[viewer]}'s hand"
                text.append(f"{who}: ")
                legal_cards = {m.card for m in g.legal_moves() if m.kind not in ("discard",)} \
                    if self.awaiting else set()
                selected = self._selected_card() if self.awaiting else None
                for card in hand:
                    name = sv.card_name(card)
                    style = "reverse bold" if card == selected else ("" if card in legal_cards or not self.awaiting
                                                                       else "dim")
                    text.append(f"[{name}]", style=style)
                    text.append(" ")
                text.append("\n")
                if selected:
                    text.append(f"{sv.card_name(selected)}: {sv.CARD_HELP.get(selected, '')}\n",
                                style="italic")
        else:
            card = view.get("card")
            if card:
                text.append(f"Card {sv.card_name(card)}: ", style="bold")
                text.append(f"{sv.CARD_HELP.get(card, '')}\n")
        top = view["discard"][-1] if view["discard"] else None
        text.append(f"Draw pile {view['draw_count']} {glyphs.sep} discards {len(view['discard'])}")
        if top:
            text.append(f" (top {sv.card_name(top)})")
        update_static(status, text)

    def _draw_scores(self, view: dict) -> None:
        g = self.game
        panel = self.query_one("#scores", Static)
        positions = view["positions"]
        text = Text()
        home = [sum(loc == "home" for loc in locs) for locs in positions]
        def who(seat: int) -> str:
            seat_info = self.session.seats[seat]
            if not seat_info.is_human:
                return f"bot {seat_info.level}"
            humans = self.session.humans
            return "you" if len(humans) == 1 else f"player {humans.index(seat) + 1}"

        def line(seat: int, tail: str) -> None:
            style = "bold" if seat == g.to_act else ""
            text.append(f"{sv.INITIALS[seat]} ", style="bold reverse" if seat == g.to_act else "bold")
            text.append(f"{sv.COLOUR_NAMES[seat]:<7}{who(seat):<11}", style=style)
            text.append(f"{tail}\n")

        if g.variant == "points" and view.get("match"):
            match = view["match"]
            panel.border_title = "Match"
            target = match["target"]
            text.append(f"Game {match['games'] + 1}" + (f", first to {target} points\n" if target else "\n"))
            for seat in range(g.players):
                line(seat, f"{match['totals'][seat]:>4} pts")
        elif g.variant == "teams":
            panel.border_title = "Teams"
            for team in view.get("teams") or [[0, 2], [1, 3]]:
                label = " + ".join(sv.COLOUR_NAMES[s] for s in team)
                total = sum(home[s] for s in team)
                text.append(f"{label:<17} {total}/8 home\n", style="bold")
            for seat in range(g.players):
                line(seat, f"{home[seat]} home")
        else:
            panel.border_title = "Players (pawns home)"
            for seat in range(g.players):
                line(seat, f"{home[seat]} home")
        text.rstrip()
        update_static(panel, text)


def update_static(widget: Static, content, fixed: bool = False) -> None:
    """Update a Static (if its content changed), asking for a layout only when its height may."""
    key = content.markup if isinstance(content, Text) else str(content)
    if getattr(widget, "_parlor_shown", None) == key:
        return
    widget._parlor_shown = key
    if fixed:
        widget.update(content, layout=False)
        return
    width = max(1, widget.content_size.width)
    plain = content.plain if isinstance(content, Text) else str(content)
    rows = sum(max(1, -(-len(line) // width)) for line in plain.split("\n"))
    previous = getattr(widget, "_parlor_rows", None)
    widget._parlor_rows = rows
    widget.update(content, layout=previous != rows)


def saved_note() -> str:
    return "Your game is saved. Resume it with: parlor continue"
