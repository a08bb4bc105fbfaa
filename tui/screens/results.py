"""Results: who won, the scores, and what next (rematch, new game, title)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.core import COLOURS as COLOUR_NAMES     # every seat colour (Gnoming seats seven)

from .. import names
from ..sorry_view import INITIALS, POINTS_RULE
from ..text import and_list, counted, sentence
from ..widgets.footer import ParlorFooter
from .base import ParlorModal
from .scrolling import ScrollWhenLong, scroll_bindings


class ResultsScreen(ScrollWhenLong, ParlorModal[str]):
    HELP_TITLE = "Results"
    HELP_GAME = "sorry"
    SCROLL_TARGET = "#results"
    BINDINGS = [
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("n", "choose('new')", "New game"),
        Binding("t", "choose('title')", "Title"),
        Binding("escape", "choose(None)", "See the board"),
        Binding("q", "choose('quit')", "Quit"),
        *scroll_bindings(space=False),       # a long points match: offered when it overflows
    ]
    DEFAULT_CSS = """
    ResultsScreen {
        align: center middle;
    }
    ResultsScreen #results {
        width: 64;
        height: auto;
        max-height: 100%;
        overflow-y: auto;
        padding: 1 2;
        border: double $accent;
        background: $surface;
    }
    """

    def __init__(self, session) -> None:
        super().__init__()
        self.session = session
        self.HELP_GAME = session.game.game

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="results"):
            yield Static(self.summary(), id="results-text")
        yield ParlorFooter()

    def summary(self) -> Text:
        s = self.session
        g = s.game
        view = g.view(None)
        text = Text()
        winners = g.winners
        title = names.game_title(g.game, getattr(g, "variant", None))
        if winners:
            who = and_list(COLOUR_NAMES[w] for w in winners)
            humans = [w for w in winners if s.is_human(w)]
            verb = "win" if len(winners) > 1 else "wins"
            text.append(f"{who} {verb}!\n", style="bold")
            if len(s.humans) == 1:
                text.append("Well played: you won.\n" if humans else "Better luck next time.\n")
        # in the word the board counts in: Pegs and Jokers by turns (one move each), Gnoming A
        # Round by rounds (a turn there is several moves: a draw, a placement, a discard...)
        if g.game == "pegs":
            count, word = view["turn"], "turn"
        elif g.game == "gnoming":
            count, word = len(view["round_scores"]), "round"
        else:
            count, word = len(s.record.moves), "move"
        games = (view.get("match") or {}).get("games", 0)
        over = f" over {games} games" if games > 1 else ""       # a points match's, all told
        text.append(f"{title}, {counted(count, word)}{over}\n\n", style="italic")
        if g.game == "gnoming":
            self._gnoming(text, view)
            text.rstrip()
            return text
        if g.game == "pegs":
            self._pegs(text, view)
            text.rstrip()
            return text
        positions = view["positions"]
        match = view.get("match")
        if match:
            self._match(text, match)
        else:
            for seat in range(g.players):
                home = sum(loc == "home" for loc in positions[seat])
                mark = "  winner" if seat in winners else ""
                text.append(f"{INITIALS[seat]} {s.seat_label(seat):<20} {home} of 4 pawns HOME{mark}\n")
            if view.get("teams"):
                text.append("\n")
                for team in view["teams"]:
                    home = sum(loc == "home" for seat in team for loc in positions[seat])
                    label = " + ".join(COLOUR_NAMES[t] for t in team)
                    text.append(f"{label}: {home} of 8 HOME\n")
        text.rstrip()
        return text

    def _match(self, text: Text, match: dict) -> None:
        """A points match (S-13.7): each player's match total, then, when more than one game
        was played, the points of each game (the sheet the end-of-game screen shows)."""
        s = self.session
        g = s.game
        target, games = match["target"], match["games"]
        text.append(f"Match to {target}: {counted(games, 'game')}\n" if target
                    else "A single game\n", style="bold")
        where = " in the match" if target else ""          # target 0: a single game, no match
        for seat in range(g.players):
            mark = "  winner" if seat in g.winners else ""
            text.append(f"{INITIALS[seat]} {s.seat_label(seat):<20} {match['totals'][seat]:>4} points"
                        f"{where}{mark}\n")
        if games >= 2:          # (one game: its points are the totals above)
            text.append(f"\n{'Points':<8}" + "".join(f"{COLOUR_NAMES[t]:>8}" for t in range(g.players)) + "\n",
                        style="bold")
            for number, row in enumerate(match["history"], 1):
                text.append(f"Game {number:<3}" + "".join(f"{points:>8}" for points in row) + "\n")
            text.append(f"{'Total':<8}" + "".join(f"{t:>8}" for t in match["totals"]) + "\n", style="bold")
        last = s.last_event_text("game_over")
        if target and last:
            # the game that ended the match had no summary of its own: who won it, and why the
            # match ends (the one to finish last need not be the one with the most points)
            text.append(f"\n{sentence(last)} The match ends once a player has {target} points or "
                        f"more; the most points then win it. {POINTS_RULE}\n", style="italic")

    def _pegs(self, text: Text, view: dict) -> None:
        """Pegs HOME per seat and per team (P-8.3: a whole team wins)."""
        from ..pegs_view import INITIALS as PEG_INITIALS, TEAM_LETTERS, pegs_home

        s = self.session
        positions = view["positions"]
        for t, team in enumerate(view["teams"]):
            home = sum(pegs_home(positions[seat]) for seat in team)
            mark = "  winners" if view["winners"] and team[0] in view["winners"] else ""
            text.append(f"Team {TEAM_LETTERS[t]}: {home} of {5 * len(team)} pegs HOME{mark}\n", style="bold")
            for seat in team:
                text.append(f"  {PEG_INITIALS[seat]} {s.seat_label(seat):<22} {pegs_home(positions[seat])} of 5\n")

    def _gnoming(self, text: Text, view: dict) -> None:
        """Totals over the three rounds (lowest wins); say when round three broke a tie (G-8)."""
        from ..gnoming_view import score_sheet

        s = self.session
        g = s.game
        text.append_text(score_sheet(view, [s.seat_label(i) for i in range(g.players)], g.winners))
        text.append("\n\nLowest total wins.")
        totals = view["scores"]
        best = min(totals)
        names = and_list(COLOUR_NAMES[i] for i, t in enumerate(totals) if t == best)
        if view["decided_by"] == "round three":
            text.append(f" {names} tied on {best}: the lower round-three score breaks the tie.")
        elif view["decided_by"] == "shared":
            text.append(f" {names} tied on {best} and on round three: they share the win.")

    def action_choose(self, choice: str | None) -> None:
        # a key typed for the board just before this opened (r for the results, pressed twice)
        # must not start a rematch or leave
        if choice is not None and self.in_grace():
            return
        self.dismiss(choice)
