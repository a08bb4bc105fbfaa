"""The Sorry! board screen: the board, the card (or hand), the legal moves, the log.

The turn flow (people by keys, bots in a worker thread, saving every move)
is TurnScreen's (turns.py); this screen draws the Sorry! board and words
its moves (sorry_view.py).
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import replace

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.sorry.why import forward_note, no_move_reason

from .. import names
from .. import sorry_view as sv
from ..text import after_colon, and_list, counted, sentence
from ..widgets.footer import ParlorFooter
from ..widgets.game_log import GameLog
from ..widgets.sorry_board import BoardState, SorryBoard
from .dialogs import SummaryScreen
from .turns import MoveList, TurnScreen, hidden_number_bindings, number_bindings, update_static

__all__ = ["GameEndScreen", "MoveList", "SorryScreen", "update_static"]


# Log lines left out, as the line before or after says it already: "X's pawn 2 reached HOME"
# follows the move that took it there ("… to HOME"); every move's line names its card, so the
# draw before it ("Red drew: 5") is left out, as is the points variant's hidden replacement
# card. A second draw after a 2 stays ("Red drew again: 5"): it says whose turn goes on.
_SAID_BEFORE = re.compile(r"^\w+'s pawn \d reached HOME$|^\w+ drew: |^\w+ drew a replacement card$")


_PAWN_HELP = "Only that pawn's moves; a second pawn: the 7's splits of the two (again, or 0: every pawn's)"
_PARTNER_HELP = "Your partner's pawns 1-4 (5 is their 1, 8 their 4): only that pawn's moves, as 1-4 for yours"


COMPACT_TEAMS_BELOW = 30    # rows: below, the Teams panel puts the teams' totals in its title


class SorryScreen(TurnScreen):
    CSS_PATH = "sorry.tcss"
    HELP_TITLE = "Sorry! board"
    HELP_GAME = "sorry"
    # a 7 splits between any two pawns and an 11 switches with any other colour's: 1-4 show
    # only the moves of that pawn of yours (5-8 your partner's, in teams), a second number
    # only the 7's splits of those two
    BINDINGS = number_bindings("Pawn", 4, _PAWN_HELP)
    PIECE = "pawn"

    def __init__(self, session) -> None:
        super().__init__(session)
        self._log_on_show = None
        # a game's summary is up: the board shows that game as it ended (from the first frame
        # when the match is opened again between two games: its summary comes back)
        self._ended = self._between_games() is not None
        if getattr(self.game, "variant", "") == "teams":
            # the partner's pawns too: the footer says 1-8, and 5-8 are bound
            keys = self._bindings.key_to_bindings
            keys["1"] = [replace(b, key_display="1-8") if b.action == "piece(1)" else b for b in keys["1"]]
            partners = hidden_number_bindings((5, 6, 7, 8), _PARTNER_HELP)
            for binding in partners:
                keys.setdefault(binding.key, []).append(binding)
            # (help lists them on a bot's turn too, next to 1-4 and 0, before the move list's keys)
            self.HELP_BINDINGS = (*partners, *self.HELP_BINDINGS)

    # pieces by number (TurnScreen): a pawn is colour * 4 + number - 1
    def piece_for_key(self, n: int) -> int | None:
        g = self.game
        seat = g.to_act
        if seat is None or not 1 <= n <= 8:
            return None
        teams = g.view(None).get("teams")
        colours = next((t for t in teams if seat in t), [seat]) if teams else [seat]
        colours = sorted(colours, key=lambda c: c != seat)         # own first, then the partner
        if (n - 1) // 4 >= len(colours):
            return None
        colour, k = colours[(n - 1) // 4], (n - 1) % 4
        where = g.positions()[colour]
        if where[k] == "start":             # START pawns are alike: the one that comes out
            return self.start_stand_in([colour * 4 + i for i, w in enumerate(where) if w == "start"],
                                       colour * 4 + k)
        return colour * 4 + k

    def is_split(self, move) -> bool:
        return move.kind == "split"

    def pieces_moved(self, move) -> set[int]:
        return {pawn for pawn, _, _ in sv.parts_of(move)} if move.kind not in sv.NO_PAWN_MOVES else set()

    def piece_label(self, piece: int) -> str:
        return sv.pawn_label(piece)

    def help_marks(self, g) -> list[tuple[str, str]]:
        """The board's marks, for help (HelpScreen)."""
        marks = [
            (f"R1 {g.dots} G4", "a pawn: its colour's initial and number"),
            (f"{g['from']}R1", "the highlighted move: the pawn's square"),
            (f"{g.target}R1", "where it lands (an 11: each pawn lands on the other's square)"),
            (f"{g['slide-to']}R1", "where a slide then takes it"),
            (f"{g.bumped}B2", "a pawn the move sends back to START (the move list names each; on the "
                              f"board, one the move lands on is under its {g.target})"),
            (f"{g['slide-right']}{g['slide-h'] * 3}{g['slide-end']}",
             "a slide: land on its first square (another colour's) and slide to its end"),
            (f"S1 {g.dots} S5", "a colour's safety zone, then HOME"),
            (f"Y1{g['area-edge']}B1", "on the small board: a pawn on the track (Y1) beside pawns in a START "
                                     "or HOME area (B1)"),
        ]
        if self.private_hands():
            marks.append(("[7]  7", "a card that can move, one that can't (dimmed)"))
        return marks

    # ------------------------------------------------------------ layout
    def compose_body(self) -> ComposeResult:
        yield Static("", id="topbar", classes="screen-title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield SorryBoard(ascii=self.app.ascii, id="board")
                log = GameLog(id="log", classes="panel")
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
                # the large board (120 x 40) leaves the log under it 4 rows, and the move
                # list more than it needs: the log is shown here instead
                side_log = GameLog(id="log-side", classes="panel")
                side_log.border_title = "Log"
                side_log.can_focus = False
                yield side_log
                scores = Static("", id="scores", classes="panel")
                scores.border_title = "Players"
                yield scores
        yield ParlorFooter(compact=True)

    def private_hands(self) -> bool:
        return getattr(self.game, "variant", "") == "points"

    def on_resize(self) -> None:
        # (TurnScreen's handler runs too) the layout may have swapped the log on show
        self.call_after_refresh(self._follow_log)
        if self.game.variant == "teams":        # the Teams panel is shorter below 30 rows
            self.call_after_refresh(self.refresh_view)

    def _follow_log(self) -> None:
        log = self.game_log()
        if log is not self._log_on_show:
            self._log_on_show = log
            self._fill_log()

    def log_text(self, text: str) -> str:
        return "" if _SAID_BEFORE.match(text) else sv.plain(text)

    DETAIL_ROWS = (2, 4)        # the note under the moves: rows at least, and at most

    def _size_detail(self, detail: Static) -> None:
        """The note under the moves as tall as the longest of the listed moves' needs (two
        rows at least, four at most), so the panels keep still while the player goes through
        the moves; never so tall that the move list has less than its least."""
        least, most = self.DETAIL_ROWS
        width = detail.content_size.width
        if not width:                                   # (not laid out yet)
            return
        tall = max([least, *(len(textwrap.wrap(p.detail, width)) for p in self._previews.values())])
        moves = self.query_one("#moves")
        spare = moves.outer_size.height - (moves.styles.min_height.value + 2)    # + its border
        tall = max(least, min(tall, most, detail.outer_size.height + spare))
        if detail.styles.height is None or detail.styles.height.value != tall:
            detail.styles.height = tall

    def make_preview(self, move) -> sv.Preview:
        p = sv.preview(self.game, move, self.app.glyphs)
        human = self.session.is_human(move.seat)
        if move.kind == "discard" and not human:
            # a bot's discard, seen by all: nothing about what else its hand could do
            p.detail = f"{sv.COLOUR_NAMES[move.seat]} plays no move: discards a card and draws."
        elif move.kind == "pass" or move.kind == "discard" and human:
            # why the card moves nothing, under the move (the card in play is public; a hand
            # is shown only to its holder)
            reason = no_move_reason(self.game, move.card)
            if reason:
                p.lines = [*p.lines, sv.plain(reason)]
                if move.kind == "pass":          # the why is in the list: the line under says the rest
                    p.detail = p.after
        return p

    def no_move_text(self, card: str | None) -> str:
        chosen = self.piece_choice_text(card)
        pawns = self._active_pieces()
        reason = no_move_reason(self.game, card, pawns[0] if chosen and len(pawns) == 1 else None) \
            if card and (chosen is None or len(pawns) == 1) else None
        if chosen is not None:
            said = f"{chosen} {sv.plain(reason)}" if reason else chosen
            return f"{said} {self.every_piece_hint()}"
        name = sv.card_name(card)
        return (f"No move with the {name}: {after_colon(sv.plain(reason))}" if reason
                else f"No move with the {name}.")

    def list_note(self, card: str | None) -> str | None:
        # a 10 or 11 with no forward move, a 1 or 2 that brings no pawn out: why not
        note = forward_note(self.game, card) if card else None
        return sv.plain(note) if note else None

    def card_label(self, card: str | None) -> str:
        return sv.card_name(card)

    def list_order(self, moves: list) -> list:
        return sv.in_list_order(self.game, moves)

    def last_in_list(self, preview) -> bool:
        # a move that bumps a pawn of your own team (a SORRY! or a slide onto your partner's,
        # S-12.2): listed after the others, so that Enter on a fresh list doesn't play it
        return preview.bumps_team

    def show_game_end(self, event) -> None:
        # while its summary is up, the board shows that game as it ended (the next is dealt)
        self._ended = True
        self.refresh_view()

        def closed(_) -> None:
            self._ended = False
            self.refresh_view()
            self.next_turn()

        self.push_over_board(GameEndScreen(self.session, str(event)), closed)

    def _ended_positions(self, view: dict) -> list[list[str]] | None:
        """The pawns as the last game of the match left them, while its summary is up."""
        match = view.get("match") or {}
        return match.get("ended_positions") if self._ended else None


    def refresh_view(self, selection_only: bool = False) -> None:
        """Redraw from the game; `selection_only` when just the highlighted move changed."""
        g = self.game
        s = self.session
        view = g.view(self._hand_viewer())
        glyphs = self.app.glyphs
        preview = self.current_preview()
        to_act = g.to_act
        # board
        ended = self._ended_positions(view)
        if ended is not None:
            preview = None
        state = BoardState(positions=ended or view["positions"])
        if preview is not None:
            pawn_of = {}
            for i, (pawn, frm, to) in enumerate(sv.parts_of(preview.move), 1):
                pawn_of[f"from{i}"] = pawn_of[f"to{i}"] = pawn_of[f"end{i}"] = pawn
            state.marks = [(place, role, pawn_of.get(role)) for place, role in preview.marks]
        if ended is not None:
            state.title = f"Game {view['match']['games']} is over"
        elif to_act is not None:
            state.title = f"{sv.COLOUR_NAMES[to_act]} to play"
            state.title_seat = to_act
        elif g.winners:
            state.title = " & ".join(sv.COLOUR_NAMES[w] for w in g.winners) + " won"
        if self.private_hands():
            if self._bot_move is not None:          # a bot's move on show: the card it plays
                state.card = self._bot_move.card
                state.card_caption = "discarded" if self._bot_move.kind == "discard" else "in play"
            elif self.awaiting:
                state.card, state.card_caption = self._selected_card(), "your pick"
            else:
                state.card = view["discard"][-1] if view["discard"] else None
                state.card_caption = "last played"
            if state.card is None:
                state.card_caption = ""
        else:
            state.card = view["card"]      # the title above says who is to play it
            state.card_caption = ""
        state.lines = [f"Draw pile {view['draw_count']}", f"Discards {len(view['discard'])}"]
        if ended is not None:       # (the piles and the card are the next game's already)
            state.card, state.card_caption, state.lines = None, "", []
        self.query_one("#board", SorryBoard).state = state
        # detail line under the moves
        detail = self.query_one("#detail", Static)
        if not selection_only:
            self._size_detail(detail)
        update_static(detail, preview.detail if preview is not None else "", fixed=True)
        if selection_only:
            return
        # top bar
        title = names.game_title("sorry", g.variant)
        match = view.get("match") if g.variant == "points" else None
        turn = view.get("turn", 0) + 1
        if match and match.get("target"):        # which game of the match, and its moves
            title += f" {glyphs.sep} game {match['games'] + (0 if g.is_over or ended else 1)}"
            if "game_moves" in match:            # (not known in a save from before it was kept:
                turn = match["game_moves"] + 1   # the match's moves, as then)
        if ended is not None:
            top = f"{title} {glyphs.sep} over: the board as it ended"
        elif to_act is None:
            top = f"{title} {glyphs.sep} game over"
        else:
            who = s.seat_label(to_act)
            top = f"{title} {glyphs.sep} {names.counter('sorry', turn)} {glyphs.sep} {who} to play"
        update_static(self.query_one("#topbar", Static), top, fixed=True)
        self._draw_status(view)
        self._draw_scores(view)

    def _draw_status(self, view: dict) -> None:
        g = self.game
        status = self.query_one("#status", Static)
        text = Text()
        # Who is to play goes in the panel's title (a row the moves need at 80 x 24).
        status.border_title = self._turn_title()
        ended = self._ended_positions(view)
        if ended is not None:        # the board as game N ended, under its summary
            games = view["match"]["games"]
            status.border_title = f"Game {games} over"
            text.append(f"Game {games + 1} is dealt: it starts when the summary is closed.", style="bold")
        elif g.to_act is None:
            winners = and_list(sv.COLOUR_NAMES[w] for w in g.winners)
            match = view.get("match") if g.variant == "points" else None
            what = " the match" if match and match.get("target") else ""
            text.append(f"{winners} won{what}." if winners else "The game is over.", style="bold")
        elif self.private_hands():
            viewer = self._hand_viewer()
            hand = view.get("hand")
            if viewer is None or hand is None:
                text.append("Hand: hidden\n", style="italic")
            else:
                # "Hand", not "Your hand": five cards then fit the 80-column panel on one line
                if len(self.session.humans) > 1:
                    who = f"{sv.COLOUR_NAMES[viewer]}'s hand"
                else:
                    who = self.own_hand_label(viewer)
                text.append(f"{who}: ")
                legal_cards = {m.card for m in g.legal_moves() if m.kind not in ("discard",)} \
                    if self.awaiting else set()
                selected = self._selected_card() if self.awaiting else None
                for i, card in enumerate(hand):
                    # brackets mean "this card can move" (README); the chosen card is in reverse video
                    name = sv.card_name(card)
                    movable = card in legal_cards
                    if card == selected:
                        style = "reverse bold underline" if movable else "reverse underline"
                    else:
                        style = "" if movable or not self.awaiting else "dim"
                    text.append(" " if i else "")
                    text.append(f"[{name}]" if movable else f" {name} ", style=style)
                text.append("\n")
                if selected:
                    text.append(f"{sv.card_name(selected)}: {sv.card_help(selected, g.variant)}\n",
                                style="italic")
        else:
            card = view.get("card")
            if card:
                text.append(f"Card {sv.card_name(card)}: ", style="bold")
                text.append(f"{sv.card_help(card, g.variant)}\n")
        # The draw pile and discard counts are on the board (its centre), so not repeated here:
        # at 80 x 24 every row of this column goes to the moves.
        text.rstrip()
        update_static(status, text)

    def _turn_title(self) -> str:
        """The Turn panel's title: who is to play (or thinking), or that the game is over."""
        verb = self.turn_verb()
        if verb is None:
            return "Game over"
        colour = sv.COLOUR_NAMES[self.game.to_act]
        return f"{colour} {verb}" + (" again (the 2)" if verb == "to play" and self.plays_again() else "")

    def plays_again(self) -> bool:
        """Whether the seat to act plays again after a 2 (S-3): the engine says so (a new card:
        an Enter typed twice must not play it)."""
        return bool(self.game.view(None).get("again"))

    def _draw_scores(self, view: dict) -> None:
        g = self.game
        panel = self.query_one("#scores", Static)
        ended = self._ended_positions(view)
        positions = ended or view["positions"]
        acting = None if ended else g.to_act
        text = Text()
        home = [sum(loc == "home" for loc in locs) for locs in positions]

        def who(seat: int) -> str:
            seat_info = self.session.seats[seat]
            if not seat_info.is_human:
                return f"bot {seat_info.level}"
            humans = self.session.humans
            return "you" if len(humans) == 1 else f"player {humans.index(seat) + 1}"

        def line(seat: int, tail: str) -> None:
            style = "bold" if seat == acting else ""
            text.append(f"{sv.INITIALS[seat]} ", style="bold reverse" if seat == acting else "bold")
            # (a game's summary up: its points where who plays the seat goes)
            text.append(f"{sv.COLOUR_NAMES[seat]:<7}" + ("" if ended else f"{who(seat):<11}"), style=style)
            text.append(f"{tail}\n")

        if g.variant == "points" and view.get("match"):
            match = view["match"]
            target = match["target"]
            games = match["games"]
            panel.border_title = "Match" if target else "Points"       # target 0: a single game
            if g.is_over:       # no game to come: say how many were played
                if target:
                    text.append(f"Match over after {counted(games, 'game')}\n")
                else:
                    text.append("Game over\n")
            elif ended:         # a game's summary is up: the totals with that game's points
                text.append(f"Game {games} is over\n")          # (the target: in the summary)
            else:
                text.append(f"Game {games + 1}, first to {counted(target, 'point')}\n" if target
                            else "A single game\n")
            for seat in range(g.players):
                total = match["totals"][seat]
                line(seat, f"{total:>4} pts (+{match['history'][-1][seat]})" if ended
                     else f"{total:>4} pts")
        elif g.variant == "teams":
            teams = view["teams"]
            totals = [sum(home[s] for s in team) for team in teams]
            if self.app.size.height < COMPACT_TEAMS_BELOW:
                # 80 x 24: the teams' totals in the title, the players team by team; the two
                # rows saved go to the moves (a 7's split takes two)
                sep = f" {self.app.glyphs.sep} "
                panel.border_title = "Teams " + sep.join(
                    f"{'+'.join(sv.INITIALS[s] for s in team)} {total}/8" for team, total in zip(teams, totals))
                seats = [s for team in teams for s in team]
            else:
                panel.border_title = "Teams"
                for team, total in zip(teams, totals):
                    label = " + ".join(sv.COLOUR_NAMES[s] for s in team)
                    text.append(f"{label:<17} {total}/8 home\n", style="bold")
                seats = list(range(g.players))
            for seat in seats:
                line(seat, f"{home[seat]} home")
        else:
            panel.border_title = "Players (pawns home)"
            for seat in range(g.players):
                line(seat, f"{home[seat]} home")
        text.rstrip()
        update_static(panel, text)


class GameEndScreen(SummaryScreen):
    """Between two games of a play-for-points match (S-13.7): who won the game,
    its points, the score sheet so far and who starts the next game."""

    HELP_TITLE = "End of a game of the match"
    BOX_TITLE = "End of the game"
    HELP_GAME = "sorry"

    def __init__(self, session, headline: str) -> None:
        super().__init__(session)
        self.headline = headline

    def summary(self) -> Text:
        g = self.session.game
        match = g.view(None)["match"]
        n = g.players
        text = Text()
        text.append(sentence(self.headline) + "\n", style="bold")
        text.append(sv.POINTS_RULE + "\n\n", style="italic")
        text.append(f"{'Points':<8}" + "".join(f"{sv.COLOUR_NAMES[s]:>8}" for s in range(n)) + "\n",
                    style="bold")
        for number, row in enumerate(match["history"], 1):
            text.append(f"Game {number:<3}" + "".join(f"{points:>8}" for points in row) + "\n")
        text.append(f"{'Total':<8}" + "".join(f"{t:>8}" for t in match["totals"]) + "\n", style="bold")
        text.append(f"\nThe match goes on until a player has {counted(match['target'], 'point')}.\n")
        text.append(f"Enter: game {match['games'] + 1} ({sv.COLOUR_NAMES[g.first]} starts).",
                    style="bold")
        return text
