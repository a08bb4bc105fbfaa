"""The Gnoming A Round screen: every player's 3 x 3 grid, the piles, the turn's steps on keys.

The screen decides nothing: every key looks for its move among
`game.legal_moves()` (the cell under the cursor + the kind of move the key
stands for) and plays it; a key with no legal move says why, in the engine's
words (`explain_illegal`). Bots decide in a worker thread and are shown for
the bot-speed delay (space skips), as on the Sorry! board. Every move is
saved before the screen moves on (Session.play). At the end of a round a
dialog shows the reveal, the matched lines, the going-out bonus or penalty
and the score sheet.

Minimum terminal: the app's 80 x 24 (smaller shows the "too small" message).
Seven players fit there: the own grid large on the left, the other six in
compact grids three to a row on the right; the log gets what is left. Wider
terminals put more grids in a row; taller ones add the score sheet on the left.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.core import and_list
from engine.gnoming.cards import CARD_WORDS, parse_card
from engine.gnoming.layout import CELL_NAME
from engine.gnoming.moves import Bounce, Decline, Discard, Draw, Flip, Place, Take, pile_name
from engine.gnoming.scoring import score_layout

from .. import gnoming_view as gv
from ..session import Session
from ..text import counted, sentence, without_rule_ids
from ..widgets.footer import ParlorFooter
from ..widgets.game_log import GameLog, hang
from .base import GAME_BINDINGS, GameScreen
from .dialogs import SummaryScreen
from .turns import update_static

COLOURS = gv.COLOURS
CELL_MOVES = (Flip, Place, Bounce)


CURSOR_TIP = "Move the cursor on your grid"
CELL_TIP = "Turn up / place / bounce at the card under the cursor"
PILE_TIP = "Take from / discard onto discard pile 1 or 2"


LARGE = (120, 40)       # from this terminal size the own grid is drawn large


class GnomingScreen(GameScreen):
    CSS_PATH = "gnoming.tcss"
    HELP_TITLE = "Gnoming A Round"
    HELP_GAME = "gnoming"

    def help_marks(self, g) -> list[tuple[str, str]]:
        """The grids' marks, for help (HelpScreen)."""
        return [
            (f"{g.pointer} 7{g.pointer_left}", "the cursor (a heavy frame): Enter acts on this card"),
            (g.hidden_card * 2, "a face-down card"),
            ("M  H", "a Mulligan, a Hazard"),
            ("{ 7}", "a card in a completed matching row or column (face up: it counts already)"),
            ("dimmed", "a card you can't turn up, replace or bounce onto now"),
        ]

    # A turn's keys come and go with its steps (the footer shows the ones that apply now);
    # help lists them all, whatever the step.
    HELP_ALWAYS = ("cell('flip')", "cell('place')", "cell('bounce')", "cursor(-3)", "cursor(3)", "cursor(-1)",
                   "cursor(1)", "draw", "pile(0)", "pile(1)", "discard", "decline", "skip")

    BINDINGS = [
        # Enter's footer word says what it does now (one of these three shows)
        Binding("enter", "cell('flip')", "Turn up", id="cell-flip", tooltip=CELL_TIP),
        Binding("enter", "cell('place')", "Place", id="cell-place", tooltip=CELL_TIP),
        Binding("enter", "cell('bounce')", "Bounce", id="cell-bounce", tooltip=CELL_TIP),
        Binding("d", "draw", "Draw", id="draw", tooltip="Draw from the draw pile"),
        # The pile keys: one footer entry for both piles ("1/2 Pile", the footer must fit
        # 80 columns) when both can be used, "1 Pile" or "2 Pile" when only one can. A key
        # runs the first of its bindings that check_action enables.
        Binding("1", "piles(0)", "Pile", id="piles", key_display="1/2", tooltip=PILE_TIP),
        Binding("2", "piles(1)", "Pile", show=False, tooltip=PILE_TIP),
        Binding("1", "pile(0)", "Pile", id="pile1", tooltip=PILE_TIP),
        Binding("2", "pile(1)", "Pile", id="pile2", tooltip=PILE_TIP),
        Binding("x", "discard", "Discard", id="discard",
                tooltip="Discard the card in hand (a Hazard leaves play; after a placement: stop)"),
        Binding("n", "decline", "No flip", id="decline", tooltip="Turn up no card after a Hazard"),
        Binding("up", "cursor(-3)", "Move", show=False, tooltip=CURSOR_TIP),
        Binding("down", "cursor(3)", "Move", show=False, tooltip=CURSOR_TIP),
        Binding("left", "cursor(-1)", "Move", show=False, tooltip=CURSOR_TIP),
        Binding("right", "cursor(1)", "Move", show=False, tooltip=CURSOR_TIP),
        Binding("k", "cursor(-3)", show=False),
        Binding("j", "cursor(3)", show=False),
        Binding("h", "cursor(-1)", show=False),
        Binding("l", "cursor(1)", show=False),
        # Enter and x when they can't play anything: not in the footer, but they still say why
        Binding("enter", "cell_why", show=False),
        Binding("x", "discard_why", show=False),
        Binding("d", "draw_why", show=False),
        Binding("n", "decline_why", show=False),
        Binding("1", "pile_why(0)", show=False, tooltip=PILE_TIP),
        Binding("2", "pile_why(1)", show=False, tooltip=PILE_TIP),
        *GAME_BINDINGS,
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.cursor = 4
        self._cursors: dict[int, int] = {}   # each person's cursor as their last turn left it
        self._cursor_seat: int | None = None  # whose it is now
        self.message = ""
        self._message_moves = 0             # the number of moves played when `message` was set ...
        self._message_seat: int | None = None    # ... after whose move
        humans = session.humans
        self._home = humans[0] if humans else 0     # whose grid is large between turns
        self._ended = False       # a round's summary is open: the board shows that round's grids

    # ------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        yield Static("", id="topbar", classes="screen-title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                mine = Static("", id="mine", classes="panel")
                mine.border_title = "Grid"
                yield mine
                piles = Static("", id="piles", classes="panel")
                piles.border_title = "Piles"
                yield piles
                scores = Static("", id="scores", classes="panel")
                scores.border_title = "Scores"
                yield scores
            with Vertical(id="right"):
                others = Static("", id="others", classes="panel")
                others.border_title = "Players (total points)"   # the number by each name
                yield others
                status = Static("", id="status", classes="panel")
                status.border_title = "Turn"
                yield status
                log = GameLog(id="log", classes="panel")
                log.border_title = "Log"
                log.can_focus = False
                yield log
        yield ParlorFooter(compact=True)

    def on_mount(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self._fill_log)
        if self._between_rounds():
            # opened again where it was left, at the end of a round: its summary again
            self._show_round_end()
            return
        self.call_after_refresh(self.next_turn)

    def _between_rounds(self) -> bool:
        """Whether a round has ended and nobody has moved in the next one yet: the engine's
        view has the last round's record and the new round's opening flips not begun."""
        g = self.game
        view = g.view(None)
        return (not g.is_over and view.get("last_round") is not None and view["phase"] == "flip"
                and view["opening_flips"] == 0)

    def on_glyphs_changed(self) -> None:
        super().on_glyphs_changed()
        self.refresh_view()

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)     # more or fewer grids per row

    # ------------------------------------------------------------ turn flow
    def _begin_human(self, seat: int) -> None:
        if self._closing or self.game.to_act != seat:
            return
        self.viewer = seat
        self._home = seat
        self.mode = "human"
        if self._cursor_seat != seat:       # people sharing the keyboard: each their own cursor
            if self._cursor_seat is not None:
                self._cursors[self._cursor_seat] = self.cursor
            self.cursor = self._cursors.get(seat, 4)
            self._cursor_seat = seat
        if self.message and self._message_seat is not None and (
                seat != self._message_seat or len(self.session.record.moves) > self._message_moves):
            # the note on a person's last move stays up through the others' moves, to be read
            # (at the bots' quickest pace too); on that person's next turn it says it is old
            # news, and another person's turn (a Hazard flip straight after it too) doesn't
            # show it (the log keeps it)
            if seat != self._message_seat:
                self.message = ""
            elif not self.message.startswith(LAST_TURN):
                self.message = LAST_TURN + self.message
        if self.game.move_at(self.cursor) is None:
            # The cursor stays where the person left it (a turn-up is for good: keys typed
            # ahead must act where they were aimed, not from a cell chosen for them); the
            # Turn panel says where the moves are instead.
            if not self.message:
                self.message = self._no_move_here_note()
        self.redraw_turn()

    def _no_move_here_note(self) -> str:
        """Where to go when the cell under the cursor has no move but others have ("" if
        none has: at a draw every cell waits for it). A prompt for the next step, shown
        right after a move that worked: never worded as a refusal."""
        g = self.game
        cells = [c for c in range(9) if g.move_at(c) is not None]
        if not cells:
            return ""
        kind = type(g.move_at(cells[0]))
        if kind is Flip:
            return "Next: move to a face-down card (arrows) and press Enter to turn it up."
        # few cells by name; many by the few they leave out (dimmed frames are too faint a
        # sign to send someone to)
        others = [CELL_NAME[c] for c in range(9) if c not in cells]
        where = (" or ".join(CELL_NAME[c] for c in cells) if len(cells) <= 3 else
                 "any other card" if len(cells) == 8 else f"any card but {and_list(others)}")
        what = {Bounce: "to bounce it", Place: "to place it"}.get(kind, "to play")
        return f"Next: move to {where} (arrows) and press Enter {what}."

    def _begin_bot(self, seat: int) -> None:
        if len(self.session.humans) >= 2:
            self.viewer = None              # between people: only the public view
        super()._begin_bot(seat)

    def apply_move(self, token: int, move) -> None:
        if token != self._token or self._closing:
            return
        self._token += 1
        rounds = len(self.game.round_scores)
        person = self.session.is_human(move.seat)
        if person:          # (a bot's move leaves a person's note up: at the bots' quickest pace too)
            self.message, self._message_seat = "", None
        placed = person and isinstance(move, (Place, Bounce))      # (a bot's move: no note)
        was_down = placed and self.game.view(move.seat)["layouts"][move.seat][move.cell] is None
        events = self.play_and_log(move)
        if placed:
            self.message = auto_discard_note(events, move.seat, was_down)
            if self.message:
                self._message_moves, self._message_seat = len(self.session.record.moves), move.seat
        if len(self.game.round_scores) > rounds:
            self.message, self._message_seat = "", None
            self._show_round_end()
            return
        self.next_turn()

    def _show_round_end(self) -> None:
        """The round's summary over the board, which shows that round's grids under it."""
        self.mode = "wait"
        self._ended = True
        self.refresh_view()
        self.push_over_board(RoundEndScreen(self.session), self._summary_closed)

    def _summary_closed(self, _result=None) -> None:
        self._ended = False
        self.refresh_view()
        self.next_turn()

    # ------------------------------------------------------------ keys
    def _play(self, move, why: str | None = None) -> None:
        if not self.awaiting:
            return
        if move is None:        # (why, even in the moment's grace: a second press wouldn't play)
            self.message = why or "That is not possible now."
            self.refresh_view()
            return
        if not self.refused_in_turn_grace():
            self.apply_move(self._token, move)

    def _explain(self, move) -> str:
        return sentence(without_rule_ids(self.game.explain_illegal(move)))

    def action_cell(self, kind: str = "") -> None:
        # (`kind` only picks the footer's word for Enter: the move is the one at the cursor)
        if not self.awaiting:
            return
        g = self.game
        seat = g.to_act
        legal = g.legal_moves()
        move = g.move_at(self.cursor)       # (on one of several equal face-up cards: the one listed)
        if move is None:
            kinds = {type(m) for m in legal}
            if Flip in kinds:
                why = self._explain(Flip(seat, self.cursor))
            elif Place in kinds or g.phase == "play":
                why = self._explain(Place(seat, self.cursor))
            elif g.phase == "replaced" and g.hand is not None:
                why = self._explain(Bounce(seat, g.hand, self.cursor))
            else:
                why = "Draw a card first: d for the draw pile, 1 or 2 for a discard pile."
            self._play(None, why)
            return
        self._play(move)

    def action_cell_why(self) -> None:
        self.action_cell()               # nothing to play at a cell: it says why

    def action_discard_why(self) -> None:
        self.action_discard()            # no single discard: it says why (or which key)

    def action_draw_why(self) -> None:
        self.action_draw()               # no draw now: it says why

    def action_decline_why(self) -> None:
        self.action_decline()            # no flip to decline now: it says why

    def action_draw(self) -> None:
        g = self.game
        if not self.awaiting:
            return
        move = next((m for m in g.legal_moves() if isinstance(m, Draw)), None)
        self._play(move, None if move else self._explain(Draw(g.to_act)))

    def action_pile(self, pile: int) -> None:
        g = self.game
        if not self.awaiting:
            return
        legal = g.legal_moves()
        for m in legal:
            if isinstance(m, (Take, Discard)) and m.pile == pile:
                self._play(m)
                return
        probe = Take(g.to_act, pile) if g.phase == "draw" else Discard(g.to_act, pile)
        self._play(None, self._explain(probe))

    # the same key, shown as "1/2" (both piles usable) or hidden (neither: it says why)
    action_piles = action_pile_why = action_pile

    @staticmethod
    def _usable_piles(legal: list) -> set[int]:
        """The discard piles the legal moves take from or discard onto (a card taken
        from a pile can't be discarded, G-4.3; x discards a Hazard)."""
        return {m.pile for m in legal if isinstance(m, (Take, Discard)) and m.pile is not None}

    @staticmethod
    def _one_discard(legal: list) -> bool:
        return sum(isinstance(m, Discard) for m in legal) == 1

    def action_discard(self) -> None:
        g = self.game
        if not self.awaiting:
            return
        discards = [m for m in g.legal_moves() if isinstance(m, Discard)]
        if len(discards) == 1:
            self._play(discards[0])
        elif discards:
            self._play(None, "Both discard piles are open: press 1 or 2 to choose one.")
        else:
            self._play(None, self._explain(Discard(g.to_act, 0)))

    def action_decline(self) -> None:
        g = self.game
        if not self.awaiting:
            return
        move = next((m for m in g.legal_moves() if isinstance(m, Decline)), None)
        self._play(move, None if move else self._explain(Decline(g.to_act)))

    def _going_out_note(self, view: dict) -> str | None:
        """A warning when the move under the cursor turns up the seat's last face-down card
        (the round's first to go out scores +5 unless lowest), with the grid's score then."""
        move = self.game.move_at(self.cursor)
        if move is None or not self.game.goes_out(move):
            return None
        cards = list(view["layouts"][move.seat])
        cards[self.cursor] = view["drawn"]
        score = score_layout([parse_card(c) for c in cards])
        return without_rule_ids(going_out_words(score, view["draw_pile_spent"]))

    def action_cursor(self, delta: int) -> None:
        row, col = divmod(self.cursor, 3)          # it stops at the grid's edges (no wrapping round)
        if delta in (-1, 1):
            col = min(2, max(0, col + delta))
        else:
            row = min(2, max(0, row + delta // 3))
        self.cursor = row * 3 + col
        self.message = ""
        self.refresh_view()


    def check_action(self, action: str, parameters) -> bool | None:
        # The footer shows the keys usable now (and must fit 80 columns): keys with
        # nothing to do are hidden.
        if action in ("cell", "cell_why", "draw", "pile", "piles", "pile_why", "discard", "discard_why",
                      "decline", "cursor", "draw_why", "decline_why"):
            if not self.awaiting:
                return False
            legal = self.game.legal_moves()
            if action == "cursor":
                return True
            if action in ("pile", "piles", "pile_why"):
                usable = self._usable_piles(legal)
                if self._one_discard(legal):
                    usable = set()       # x shows it (1 or 2 still plays it): not twice in the footer
                if action == "piles":
                    return len(usable) == 2
                return (parameters[0] in usable) == (action == "pile")
            if action in ("cell", "cell_why"):   # a card of the grid to turn up, replace, bounce onto
                cells = [m for m in legal if isinstance(m, CELL_MOVES)]
                if action == "cell" and cells and parameters:       # the binding whose word fits
                    return {Flip: "flip", Place: "place", Bounce: "bounce"}[type(cells[0])] == parameters[0]
                return bool(cells) == (action == "cell")
            if action in ("discard", "discard_why"):   # x: a Hazard out of play, or the one pile open
                return self._one_discard(legal) == (action == "discard")
            kinds = {type(m) for m in legal}
            wanted = {"draw": Draw, "decline": Decline}[action.removesuffix("_why")]
            return (wanted in kinds) != action.endswith("_why")     # d, n when they can't: say why
        return super().check_action(action, parameters)

    def _needs_handoff(self, seat: int) -> bool:
        # nothing is private between turns (nobody sees a face-down card, and a drawn
        # card is played in the turn that drew it): people take turns at the open board
        return False

    # ------------------------------------------------------------ drawing
    def _view_seat(self) -> int | None:
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        if self.awaiting:
            return self.viewer
        return None

    def _who(self, seat: int) -> str:
        info = self.session.seats[seat]
        if not info.is_human:
            return "bot"
        humans = self.session.humans
        return "you" if len(humans) == 1 else f"P{humans.index(seat) + 1}"

    def refresh_view(self) -> None:
        g = self.game
        view = g.view(self._view_seat())
        last = view["last_round"] if self._ended else None
        if last is not None:
            # under the round's summary: that round's grids, all face up (the next deal waits)
            view = dict(view, layouts=last["layouts"], face_down=[0] * g.players)
        glyphs = self.app.glyphs
        to_act = g.to_act
        big = self.viewer if self.awaiting and self.viewer is not None else self._home
        # top bar
        sep = glyphs.sep
        if last is not None:
            top = f"Gnoming A Round {sep} round {last['round']} of {view['rounds']} {sep} over"
        elif to_act is None:
            top = f"Gnoming A Round {sep} game over"
        else:
            # a Hazard's flips are not turns: the header says whose Hazard they follow
            doing = (f": flip after {COLOURS[view['turn']]}'s Hazard" if view["phase"] == "hazard"
                     else " to play")
            top = (f"Gnoming A Round {sep} round {view['round']} of {view['rounds']} {sep} "
                   f"{self.session.seat_label(to_act)}{doing}")
            if view["went_out"] is not None:
                top += f" {sep} {COLOURS[view['went_out']]} went out"
        update_static(self.query_one("#topbar", Static), top, fixed=True)
        # the large grid
        # (a card equal to the one where a placement is listed plays it too: not dimmed)
        active = {c for c in range(9) if g.move_at(c) is not None} if self.awaiting else None
        mine = self.query_one("#mine", Static)
        mine.border_title = f"{COLOURS[big]} ({self._who(big)}) {sep} {view['scores'][big]} pts"
        layout = view["layouts"][big]
        width, height = self.app.size
        large = width >= LARGE[0] and height >= LARGE[1]          # cards of 10 x 5, not 6 x 3
        left = self.query_one("#left")
        if left.has_class("-large") != large:
            left.set_class(large, "-large")
            # the other players' panel narrows or widens with it: laid out again for its width
            self.call_after_refresh(self.refresh_view)
        update_static(mine, gv.big_grid(layout, glyphs, matched=gv.sets_so_far(layout), large=large,
                                        cursor=self.cursor if self.awaiting else None, active=active))
        self._draw_piles_and_scores(view)
        self._draw_status(view, g.legal_moves() if self.awaiting else [])
        self._draw_others(view, big)

    def _draw_piles_and_scores(self, view: dict) -> None:
        """The piles, and the score sheet under them when the terminal is tall enough for
        every seat. A note on the card in hand (a Mulligan's or a Hazard's) is left out
        when its lines would push the sheet off the screen: the sheet keeps its place."""
        piles = self.query_one("#piles", Static)
        panel = self.query_one("#scores", Static)
        n = self.game.players
        room = self.app.size.height - 2 - 11 - 6          # top bar + footer, the grid, the piles
        panel.display = room >= n + 3
        text = gv.pile_lines(view, self.app.glyphs)
        if panel.display:
            width = piles.content_size.width or 24
            if room - (len(text.wrap(self.app.console, width)) - 4) < n + 3:
                text = gv.pile_lines(view, self.app.glyphs, notes=False)
        update_static(piles, text)
        if not panel.display:
            return
        text = Text()
        text.append(f"{'':<7}{'R1':>4}{'R2':>4}{'R3':>4}{'Tot':>5}\n", style="bold")
        rounds = view["round_scores"]
        for seat in range(n):
            cells = "".join(f"{r[seat]:>4}" for r in rounds) + "   ." * (3 - len(rounds))
            text.append(f"{COLOURS[seat]:<7.7}{cells}{view['scores'][seat]:>5}\n")
        text.rstrip()
        update_static(panel, text)

    def _draw_others(self, view: dict, big: int) -> None:
        glyphs = self.app.glyphs
        g = self.game
        panel = self.query_one("#others", Static)
        width = max(16, panel.content_size.width or 40)
        fit = max(1, (width + 1) // 16)
        seats = [s for s in range(g.players) if s != big]
        # rows as even as they can be (3 + 3, not 5 + 1): no grid left alone on a row
        rows = -(-len(seats) // fit)
        per_row = -(-len(seats) // rows) if seats else fit
        # the room left over goes between the grids (up to 10 columns), and what is left of
        # it on both sides of them, not all to the right
        gap = " " * max(1, min(10, (width - 15 * per_row) // max(1, per_row - 1)))
        indent = " " * max(0, (width - 15 * per_row - len(gap) * (per_row - 1)) // 2)
        text = Text()
        for start in range(0, len(seats), per_row):
            chunk = seats[start:start + per_row]
            lines = [Text(indent) for _ in range(4)]
            for i, seat in enumerate(chunk):
                mark = glyphs.pointer if seat == g.to_act and not self._ended else " "
                head = f"{mark}{COLOURS[seat]:<6.6}{view['scores'][seat]:>4} {self._who(seat):<3}"
                lines[0].append(f"{head:<15.15}", style="bold" if seat == g.to_act else "")
                layout = view["layouts"][seat]
                for row, grid_line in enumerate(gv.small_grid(layout, glyphs, matched=gv.sets_so_far(layout))):
                    lines[row + 1].append_text(grid_line)
                    lines[row + 1].append("   ")
                if i < len(chunk) - 1:
                    for ln in lines:
                        ln.append(gap)
            if start:
                text.append("\n")
            for ln in lines:
                text.append_text(ln)
                text.append("\n")
        text.rstrip()
        update_static(panel, text)

    def _bot_move_text(self, move) -> str:
        """A bot's move as the Turn panel shows it while it is made: a card it places, takes
        or discards by name, as the log then says it (the move shows it to all: a card drawn
        from the draw pile is public once placed or discarded)."""
        g = self.game
        who = COLOURS[move.seat]
        if isinstance(move, Take):
            top = g.view(None)["discards"][move.pile][-1]
            return f"{who} takes {CARD_WORDS[parse_card(top)]} from {pile_name(move.pile)}"
        held = g.view(move.seat)["drawn"]
        if held is not None and isinstance(move, Place):
            return f"{who} places {CARD_WORDS[parse_card(held)]} at {CELL_NAME[move.cell]}"
        if held is not None and isinstance(move, Discard) and move.pile is not None:
            return f"{who} discards {CARD_WORDS[parse_card(held)]} onto {pile_name(move.pile)}"
        return str(move)

    def _draw_status(self, view: dict, legal) -> None:
        g = self.game
        glyphs = self.app.glyphs
        text = Text()
        to_act = g.to_act
        if self._ended and view["last_round"] is not None:
            text.append(f"Round {view['last_round']['round']} is over: the grids as it ended.", style="bold")
            update_static(self.query_one("#status", Static), text)
            return
        if to_act is None:
            text.append("The game is over. r shows the results.", style="bold")
            update_static(self.query_one("#status", Static), text)
            return
        who = self.session.seat_label(to_act)
        phase = view["phase"]
        if self._bot_move is not None:
            text.append(f"{self._bot_move_text(self._bot_move)}\n", style="bold")
        elif not self.awaiting:
            if self.bot_turn:
                text.append(f"{who} is thinking{glyphs.dots}\n", style="bold")
            else:
                text.append(f"{who} to play\n", style="bold")
        else:
            text.append(f"{who}: ", style="bold")
            keys = {type(m) for m in legal}
            if phase == "flip":
                text.append(f"turn up two cards ({view['own_opening_flips']} of 2). Arrows move, Enter turns up.\n")
            elif phase == "hazard":
                text.append(f"{COLOURS[view['turn']]} discarded a Hazard: Enter turns up the card under "
                            "the cursor, n turns up none.\n")
            elif phase == "draw":
                text.append("d draws from the draw pile")
                for pile in (0, 1):
                    top = view["discards"][pile]
                    if Take(to_act, pile) in legal:
                        text.append(f", {pile + 1} takes the {gv.card_words(top[-1])} from pile {pile + 1}")
                text.append(".\n")
            elif phase == "play":
                text.append("Enter places the card in hand at the cursor")
                if Discard in keys:
                    text.append(", " + discard_words(legal, "the Hazard", view["discards"]))
                text.append(".\n")
            elif phase == "replaced":
                drawn = view.get("drawn")
                bounce = Bounce in keys
                text.append(f"you hold the {gv.card_words(drawn)} you replaced. ")
                if bounce:
                    text.append("Enter bounces it to the cursor; ")
                text.append(discard_words(legal, "it", view["discards"]))
                text.append(" and stops.\n" if bounce else ".\n")
        if self.message:
            text.append(self.message + "\n", style="italic")
        if self.awaiting and (note := self._going_out_note(view)):
            text.append(note + "\n", style="bold")
        if view["went_out"] is not None:
            left = view["final_turns_left"]
            out = COLOURS[view["went_out"]]
            if self.awaiting and view["phase"] != "hazard":        # (a Hazard flip is not a turn)
                after = f"; {left - 1} more after it" if left > 1 else ", then the round is scored"
                text.append(f"{out} went out: this is your last turn{after}.\n", style="italic")
            else:
                text.append(f"{out} went out: {counted(left, 'final turn')} left.\n",
                            style="italic")
        text.rstrip()
        update_static(self.query_one("#status", Static), text)


LAST_TURN = "Your last turn: "


def auto_discard_note(events: list, seat: int, was_down: bool = True) -> str:
    """Why a person's placement or bounce ended the turn by itself, where the engine
    discarded the replaced card with no choice left (G-5, G-4.5, G-4.4): said on the board,
    not only in the log ("" where the turn did not end so). `was_down`: the replaced card
    was face down (only such a card may bounce, G-5.1: a face-up one is not said to)."""
    for event in events:
        if event.seat == seat and event.kind == "discard":
            why = "it could not bounce, and " if was_down else ""
            return f"{event.text} ({why}there was no choice of pile)."
        if event.seat == seat and event.kind == "hazard":
            return f"{event.text} (a Hazard never bounces)." if was_down else f"{event.text}."
    return ""


def going_out_words(score: int, spent: bool = False) -> str:
    """What placing onto the last face-down card leads to (G-6.1, G-7.7; `spent`: the draw
    pile is empty a second time, so the round ends with this turn, G-4.1)."""
    if spent:
        return (f"Your last face-down card: you go out, your grid then worth {score:+d} (before any "
                "bounce), but the draw pile is empty again: the round ends with this turn, with no "
                "-5 or +5.")
    return (f"Your last face-down card: you go out, your grid then worth {score:+d} (before any "
            "bounce). Going out first: -5 if that is the lowest round score (or tied), +5 if not.")


def discard_words(legal: list, hazard: str, discards: list) -> str:
    """How to discard the card in hand, as the footer shows it: x for a Hazard (`hazard`
    names it; it leaves play) or for the one pile open (G-4.5: an empty pile must be
    filled; in the round's last turn the engine offers the left pile alone, as the round
    ends with the discard), 1 or 2 for either pile. `discards`: the view's piles."""
    piles = [m.pile for m in legal if isinstance(m, Discard)]
    if piles == [None]:
        return f"x discards {hazard} (it leaves play)"
    if len(piles) == 1:
        why = "the empty one" if not discards[piles[0]] else "the round ends with this turn: either pile is the same"
        return f"x discards it onto pile {piles[0] + 1} ({why})"
    return " or ".join(str(p + 1) for p in piles) + " discards it onto that pile"


def score_note(name: str, words: str, width: int) -> str:
    """A player's round score in words, wrapped to `width` under the words after the name,
    the score kept with the last of them (never "= 55" alone at the start of a row), and a
    bonus or penalty with its number."""
    words = words.replace(" = ", "\xa0=\xa0").replace(" bonus", "\xa0bonus").replace(" penalty", "\xa0penalty")
    return hang(f"{name:<7} {words}", width, " " * 8).replace("\xa0", " ")


def matched_legend(layouts: list, glyphs) -> str:
    """The round-end grids' key: braces mark a matching row or column, shown on a card of
    this round's first such line ("" said plainly when no grid has one)."""
    for layout in layouts:
        _, sets = gv.matched_cells(layout)
        if sets:       # the value matched (not a Mulligan standing in for it)
            return f"Cards in a matching row or column are in braces: {{{gv.card_text(str(sets[0][1]), glyphs)}}}."
    return "No grid has a matching row or column this round (they would be in braces)."


class RoundEndScreen(SummaryScreen):
    """The end of a round: every grid revealed, matched lines in braces, ±5, the score sheet."""

    HELP_TITLE = BOX_TITLE = "End of the round"
    HELP_GAME = "gnoming"

    def summary(self) -> Text:
        s = self.session
        g = s.game
        last = g.view(None)["last_round"]
        glyphs = self.app.glyphs
        text = Text()
        text.append(f"Round {last['round']} is over", style="bold")
        ended = last.get("ended")
        if ended == "went out" and last.get("went_out") is not None:
            text.append(f": {COLOURS[last['went_out']]} went out first.\n")
        elif ended == "draw pile":
            text.append(": the draw pile ran out again (no going-out bonus).\n")
        else:
            text.append(f" ({ended}).\n")
        text.append(matched_legend(last["layouts"], glyphs) + "\n", style="italic")
        # as many grids to a row as the box holds (#summary: 96 wide at most, less its
        # border, padding and scrollbar; a grid and its gap take 18 columns, the last no gap)
        inner = min(96, self.app.size.width) - 6
        per_row = max(1, min(5, (inner + 6) // 18))
        n = g.players
        notes = []
        for start in range(0, n, per_row):
            chunk = range(start, min(n, start + per_row))
            lines = [Text() for _ in range(5)]
            for seat in chunk:
                layout = last["layouts"][seat]
                mask, _ = gv.matched_cells(layout)
                lines[0].append(f"{COLOURS[seat]:<8.8}{last['scores'][seat]:>4} pts".ljust(18), style="bold")
                for row, grid_line in enumerate(gv.small_grid(layout, glyphs, matched=mask)):
                    lines[row + 1].append_text(grid_line)
                    lines[row + 1].append(" " * 6)
                adj = last["adjustment"] if last.get("went_out") == seat else 0
                tail = f"grid {last['base'][seat]:+d}" + (f" out {adj:+d}" if adj else "")
                lines[4].append(tail.ljust(18))
                notes.append(score_note(COLOURS[seat], gv.round_lines(last, seat), inner))
            for ln in lines:
                text.append_text(ln)
                text.append("\n")
        # the totals before how each grid scored: with 7 players at 80 x 24 the sheet is
        # on screen without scrolling, the words under it
        text.append("\n")
        text.append_text(gv.score_sheet(g.view(None), [s.seat_label(i) for i in range(n)]))
        text.append("\n\n")
        for note in notes:
            text.append(note + "\n")
        text.append("\n")
        if g.is_over:
            text.append("That was the last round. Enter: the results.", style="bold")
        else:
            text.append(f"Enter: round {g.round} ({COLOURS[g.first]} goes first).", style="bold")
        return text
