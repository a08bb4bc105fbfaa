"""New-game set-up: game, players, who is human, bot levels, variant, target, seed."""
from __future__ import annotations

from functools import cache

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.widgets import Input, Static

import engine
from engine.core import COLOURS                # a seat line per colour: up to eight (Pegs and Jokers)
from engine.saves import Seat

from .. import names
from ..session import GameSpec
from ..text import counted, sentence, without_rule_ids
from ..widgets.choice import Choice
from ..widgets.footer import ParlorFooter
from .base import ParlorScreen

PLAYER_COUNTS = {name: engine.game_class(name).player_counts for name in engine.GAMES}
SEAT_OPTIONS = [("human", "Human"), ("easy", "Bot (easy)"), ("normal", "Bot (normal)"), ("hard", "Bot (hard)")]
TARGETS = [(0, "single game"), (100, "100 points"), (150, "150 points"), (200, "200 points"),
           (250, "250 points"), (300, "300 points"), (500, "500 points")]
VARIANTS = [("standard", "Standard"), ("teams", "Partners (4 players)"), ("points", "Play for points")]


@cache
def partners(game: str, players: int) -> list[list[int]]:
    """The teams of a partners game of `game` for `players` seats, as the engine makes them
    ([] where it makes none)."""
    options = {"variant": "teams"} if "teams" in engine.game_class(game).variants else {}
    try:
        return engine.new_game(game, players=players, seed=0, **options).view(None).get("teams") or []
    except ValueError:
        return []


SEED_DIGITS = "Only digits go in the seed: a number deals the same cards every time; empty, a new deal."


class SeedInput(Input):
    """The seed line: its keys in the footer as on the other lines (Input's own would hide them)."""

    BINDINGS = [
        Binding("up", "app.focus_previous", "Line", key_display="↑/↓", tooltip="Move between the lines"),
        Binding("down", "app.focus_next", "Line", show=False, tooltip="Move between the lines"),
        Binding("enter", "submit", "Start", tooltip="Start the game"),
    ]

    def on_focus(self) -> None:
        self._point(True)

    def restricted(self) -> None:
        """A key the field doesn't take (a letter): said under the form, not only by a bell
        that many terminals keep quiet (the next change of line puts the usual words back)."""
        super().restricted()
        self.screen.query_one("#setup-hint", Static).update(SEED_DIGITS)

    def on_blur(self) -> None:
        self._point(False)

    def _point(self, here: bool) -> None:
        """The line's name gets the ▸ the other lines show when in use (seen without colour)."""
        label = self.screen.query_one("#seed-label", Static)
        label.update(f"{self.app.glyphs.pointer} Seed" if here else "  Seed")


LINE_HINTS: dict[str, str | dict[str, str]] = {
    "variant": {
        "standard": "Standard: each for themselves, drawing a card a turn; first with all four pawns "
                    "HOME wins.",
        "teams": "A card moves your pawns or your partner's; the first team with all eight pawns "
                 "HOME wins.",              # (under "Partners: Red + Yellow against Blue + Green.")
        "points": "Play for points: a hand of five cards, one played a turn; each game scores the "
                  "pawns HOME (the winner more), until the match target.",
    },
    # (said for a Human seat too: the line offers both)
    "seat": "A seat: Human, a person at this keyboard, or a bot: easy plays any move at random, "
            "normal plays a sound game, hard looks ahead over the cards to come.",
    "seed": "Seed: a number deals the same cards every time, and the bots answer the same moves "
            "alike; empty, a new deal.",
    "target": "Match target: games go on until a player's total reaches it (a single game: its "
              "points decide).",
}
"""What the focused line means, said under the form."""


class SetupScreen(ParlorScreen):
    CSS_PATH = "setup.tcss"
    HELP_TITLE = "New game"

    @property
    def HELP_GAME(self) -> str:
        """Help shows the rules of the game chosen on the form."""
        try:
            return self.query_one("#game", Choice).value
        except NoMatches:
            return self.spec.game

    BINDINGS = [
        Binding("enter", "start", "Start"),
        Binding("escape,q", "back", "Back"),     # (q in the Seed field is typed there: refused)
        Binding("up", "app.focus_previous", "Line", key_display="↑/↓", tooltip="Move between the lines"),
        Binding("down", "app.focus_next", "Line", show=False, tooltip="Move between the lines"),
        Binding("k", "app.focus_previous", show=False, tooltip="Move between the lines"),
        Binding("j", "app.focus_next", show=False, tooltip="Move between the lines"),
    ]

    def __init__(self, spec: GameSpec | None = None) -> None:
        super().__init__()
        self._players_before_teams: int | None = None
        self._teams_before_players = False     # Partners turned to Standard by fewer players
        self._note: str | None = None         # what the form changed by itself, said in the hint
        self._keep_note = False
        self.spec = spec or GameSpec(seats=(Seat("human"),) + tuple(Seat("bot", "normal") for _ in range(3)))

    def compose_body(self) -> ComposeResult:
        spec = self.spec
        yield Static("New game", classes="screen-title")
        with Vertical(id="form", classes="panel") as form:
            form.border_title = "Set up the table"
            yield Choice("Game", list(names.GAME_NAMES.items()), spec.game, id="game")
            yield Choice("Players", [(n, str(n)) for n in PLAYER_COUNTS.get(spec.game, (2, 3, 4))],
                         spec.players, id="players")
            yield Choice("Variant", VARIANTS, spec.variant, id="variant")
            for i, colour in enumerate(COLOURS):
                seat = spec.seats[i] if i < len(spec.seats) else Seat("bot", "normal")
                yield Choice(colour, SEAT_OPTIONS, "human" if seat.is_human else seat.level,
                             id=f"seat-{i}", classes="seat")
            target = spec.target if spec.target is not None else 250
            targets = TARGETS if any(t == target for t, _ in TARGETS) else \
                sorted(TARGETS + [(target, counted(target, "point"))])      # a match started with --target
            yield Choice("Match target", targets, target, id="target")
            with Vertical(id="seed-row"):
                yield Static("  Seed", id="seed-label")
                yield SeedInput(placeholder="random", type="integer", id="seed",
                            value="" if spec.seed is None else str(spec.seed))
        yield Static("", id="setup-hint", classes="hint")
        yield ParlorFooter()

    def on_mount(self) -> None:
        self.update_form()
        self.query_one("#game", Choice).focus()

    def on_glyphs_changed(self) -> None:
        self.refresh()

    # ------------------------------------------------------------ form logic
    @on(Choice.Changed)
    def changed(self, event: Choice.Changed) -> None:
        players = self.query_one("#players", Choice)
        variant = self.query_one("#variant", Choice)
        own = self._keep_note and event.choice is variant       # the form's own change of the variant
        if own:
            self._keep_note = False
        else:
            self._note = None
        if event.choice is variant and not own or event.choice.id == "game":
            self._teams_before_players = False               # the player chose: nothing to undo
        if event.choice.id == "game":
            counts = PLAYER_COUNTS.get(event.value, (2, 3, 4))
            keep = players.value if players.value in counts else min(max(players.value, counts[0]), counts[-1])
            if keep not in counts:
                keep = counts[0]
            players.set_options([(n, str(n)) for n in counts], keep)
            if event.value != "sorry":
                variant.value = "standard"
                self._players_before_teams = None
        if event.choice is variant:
            if variant.value == "teams" and players.value != 4:
                self._players_before_teams = players.value     # partners need four
                players.value = 4
            elif variant.value != "teams" and self._players_before_teams is not None:
                players.value, self._players_before_teams = self._players_before_teams, None
        elif event.choice is players and players.value != 4 and variant.value == "teams":
            self._players_before_teams = None
            self._teams_before_players = True
            variant.value = "standard"
            # said, not done silently: the line changed is not the one in use
            self._note = f"Partners needs 4 players: with {players.value} the variant is Standard."
            self._keep_note = True            # through the Changed of that variant line
        elif event.choice is players and players.value == 4 and self._teams_before_players:
            self._teams_before_players = False
            variant.value = "teams"           # back to 4: what the form undid by itself, redone
            self._note = "With 4 players again, the variant is Partners again."
            self._keep_note = True
        self.update_form()

    def update_form(self) -> None:
        game = self.query_one("#game", Choice).value
        players = self.query_one("#players", Choice).value
        variant = self.query_one("#variant", Choice).value
        for i in range(len(COLOURS)):
            self.query_one(f"#seat-{i}", Choice).display = i < players
        self.query_one("#variant", Choice).display = len(engine.game_class(game).variants) > 1
        self.query_one("#target", Choice).display = variant == "points" and game == "sorry"
        hint = self.query_one("#setup-hint", Static)
        spec = self.current_spec()
        humans = sum(s.is_human for s in spec.seats)
        if humans >= 2 and variant == "points":
            hint.update(f"{humans} people at one keyboard: hands are hidden between turns.")
        elif humans == 0:
            hint.update("No human seat: you will watch the bots play (Space skips ahead).")
        elif (game == "pegs" or variant == "teams") and len(partners(game, players)) == 2:
            teams = [" + ".join(COLOURS[s] for s in team) for team in partners(game, players)]
            hidden = "; hands are hidden between people's turns" if humans >= 2 and game == "pegs" else ""
            hint.update(f"Partners: {teams[0]} against {teams[1]}{hidden}.")
        else:
            hint.update("Left/right change a line, up/down move between lines, Enter starts.")
        about = self._line_hint(variant)
        if self._note:              # what the form changed by itself, then the line's meaning
            hint.update(self._note + (f"\n{about}" if about else ""))
        elif about is not None:
            hint.update(f"{hint.content}\n{about}" if "change a line" not in str(hint.content) else about)

    def _line_hint(self, variant: str) -> str | None:
        """What the line being changed means, under the hint (LINE_HINTS)."""
        focused = self.focused
        key = focused.id if focused is not None else None
        if key and key.startswith("seat-"):
            key = "seat"
        about = LINE_HINTS.get(key)
        return about.get(variant) if isinstance(about, dict) else about

    def on_descendant_focus(self) -> None:
        if self.is_mounted:
            self.update_form()

    def current_spec(self) -> GameSpec:
        players = self.query_one("#players", Choice).value
        seats = []
        for i in range(players):
            v = self.query_one(f"#seat-{i}", Choice).value
            seats.append(Seat("human") if v == "human" else Seat("bot", v))
        variant = self.query_one("#variant", Choice).value
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            seed = None
        target = self.query_one("#target", Choice).value if variant == "points" else None
        return GameSpec(game=self.query_one("#game", Choice).value, players=players, seats=tuple(seats),
                        variant=variant, seed=seed, target=target)

    def action_noop(self) -> None:
        pass

    @on(Input.Submitted, "#seed")
    def seed_entered(self) -> None:
        if self.is_active:
            self.action_start()

    def action_start(self) -> None:
        spec = self.current_spec()
        try:
            spec.validate()
        except ValueError as exc:
            self.query_one("#setup-hint", Static).update(sentence(without_rule_ids(str(exc))))
            return
        self.app.start_new(spec)

    def action_back(self) -> None:
        self.app.pop_screen()
