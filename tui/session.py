"""A game being played in the app: the engine game, who sits where, the save.

No Textual here: the screens drive a Session, and tests can too. Every move
goes through `play()`, which records it and writes the save atomically
before returning, so quitting (or crashing) at any point loses nothing.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import engine
from engine import saves
from engine.saves import SaveRecord, Seat

COLOURS = engine.COLOURS


@dataclass
class GameSpec:
    """What the new-game screen (or `parlor new`) asks for."""

    game: str = "sorry"
    players: int = 4
    seats: tuple[Seat, ...] = ()
    variant: str = "standard"
    seed: int | None = None
    target: int | None = None

    def options(self) -> dict:
        opts = {}
        if self.game == "sorry":
            opts["variant"] = self.variant
            if self.target is not None:          # the engine refuses a target outside "points"
                opts["target"] = self.target
        elif self.variant and self.variant != "standard":
            opts["variant"] = self.variant       # the engine says this game has no such variant
        return opts

    def validate(self) -> None:
        """Raise ValueError with a sentence when the engine would refuse this set-up."""
        engine.new_game(self.game, players=self.players, seed=0, **self.options())
        if len(self.seats) != self.players:
            raise ValueError(f"{self.players} seats needed, not {len(self.seats)}")


def opening_event(game) -> dict:
    """The first line of a game's log: who starts (Sorry!'s first card is named by the
    first move's own line, as every later draw is)."""
    first = game.to_act
    text = f"New game: {COLOURS[first]} starts" if first is not None else "New game"
    view = game.view(None)
    if game.game == "gnoming":      # as the later rounds' deals say it
        tops = ["a Mulligan" if pile[-1] == "M" else pile[-1] for pile in view["discards"] if pile]
        if len(tops) == 2:
            text += f". Discard piles: {tops[0]} and {tops[1]}"
        removed = view["hazards_removed"]       # G-3.2: turned up for a pile, out of play
        if removed:
            text += (" (a Hazard turned up for them is removed from play)" if removed == 1 else
                     f" ({removed} Hazards turned up for them are removed from play)")
    return {"kind": "start", "text": text, "seat": first}


def default_seats(players: int, humans: int = 1, level: str = "normal") -> tuple[Seat, ...]:
    return tuple(Seat("human") if i < humans else Seat("bot", level) for i in range(players))


class Session:
    """One game in play, bound to its save file."""

    def __init__(self, record: SaveRecord, *, autosave: bool = True):
        self.record = record
        self.autosave = autosave
        self.save_error: str | None = None
        self.save_notice: str | None = None     # something about the last save to tell (once)
        self._on_disk: tuple | None = None       # the file as this session last read or wrote it
        self.save_blocked = False               # another Parlor saved the game meanwhile: no more saves
        self._hold: saves.Hold | None = None

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, spec: GameSpec, *, save_dir: str | os.PathLike | None = None,
            game=None, autosave: bool = True, hold: bool = False) -> "Session":
        """A new game from `spec` (or an already built `game`, e.g. a seeded position);
        `hold`: held for this process (`hold()`) before its first save, so no other
        Parlor can open it before this one plays it."""
        if game is None:
            spec.validate()
            game = engine.new_game(spec.game, players=spec.players, seed=spec.seed, **spec.options())
        seats = list(spec.seats) or list(default_seats(game.players))
        seed = spec.seed if spec.seed is not None else getattr(game, "seed", None)
        rec = saves.new_record(game, seats, seed=seed, directory=save_dir)
        rec.events.append(opening_event(game))
        s = cls(rec, autosave=autosave)
        if hold:
            s.hold()                     # a new name: no other Parlor can hold it yet
        s.save()
        return s

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Session":
        key = saves.file_key(path)
        s = cls(saves.load(path))
        s._on_disk = key
        return s

    @classmethod
    def open(cls, path: str | os.PathLike) -> "Session":
        """The saved game at `path` to play on: held for this process first
        (`hold`), then read, so it goes on from the last move whoever played it
        before saved. Raises saves.InUse or another saves.SaveError."""
        held = saves.hold(path)
        try:
            key = saves.file_key(path)
            s = cls(saves.load(path))
        except BaseException:
            held.release()
            raise
        s._hold = held
        s._on_disk = key
        return s

    def hold(self) -> None:
        """Keep other Parlors from opening this game while it is played here
        (saves.hold); raises saves.InUse when one already has it open."""
        if self._hold is None and self.autosave and self.record.path is not None:
            self._hold = saves.hold(self.record.path)

    def release(self) -> None:
        """Let the game go (leaving its board); other Parlors may open it again."""
        if self._hold is not None:
            self._hold.release()
            self._hold = None

    # ------------------------------------------------------------ queries
    @property
    def game(self):
        return self.record.game

    @property
    def seats(self) -> list[Seat]:
        return self.record.seats

    @property
    def path(self):
        return self.record.path

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_human

    def seat_name(self, seat: int) -> str:
        return COLOURS[seat]

    def seat_label(self, seat: int) -> str:
        """'Red (you)', 'Blue (bot, hard)', 'Yellow (player 2)'."""
        s = self.seats[seat]
        if s.is_human:
            humans = self.humans
            who = "you" if len(humans) == 1 else f"player {humans.index(seat) + 1}"
        else:
            who = f"bot, {s.level}"
        return f"{COLOURS[seat]} ({who})"

    def bot_seed(self) -> int:
        """The seed of the next bot decision: fixed by the game, so a resumed game plays the same."""
        return (self.record.bot_seed * 1_000_003 + len(self.record.moves)) & 0x7FFFFFFF

    def event_texts(self) -> list[str]:
        return [e["text"] for e in self.record.events]

    def last_event_text(self, kind: str) -> str | None:
        """The text of the latest logged event of `kind` ("game_over"), or None."""
        return next((e.get("text") for e in reversed(self.record.events) if e.get("kind") == kind), None)

    # ------------------------------------------------------------ play
    def play(self, move) -> list:
        """Play a legal move, log it and save; returns the engine's events."""
        events = self.game.play(move)
        self.record.record(move, events)
        self.save()
        return events

    def save(self) -> None:
        """Write the game (after every move). A failure is kept in `save_error` (and the
        next save tries again); a game another Parlor saved meanwhile is never written
        over (`save_blocked`)."""
        if not self.autosave or self.save_blocked:
            return
        path = self.record.path
        folder = path.parent
        failed = f"Could not save the game in {folder}"
        gone = self._on_disk is not None and not folder.is_dir()   # (a first save may make it)
        try:
            retaken = self._hold.renew() if self._hold is not None else False
            if retaken and saves.file_key(path) not in (None, self._on_disk):
                # not held for a while (its lock file had gone), and the file changed since:
                # another Parlor played it meanwhile; its moves are not written over
                self.save_blocked = True
                self.save_error = ("Could not save the game: it was played in another Parlor while its "
                                   "lock file was gone, and that Parlor's save is kept. Open the game "
                                   "again to play on from there")
                return
            saves.write(self.record)
            self._on_disk = saves.file_key(path)
            self.save_error = None
            if gone:
                self.save_notice = (f"The saves folder {folder} was gone: Parlor made it again and "
                                    "saved the game in it")
        except saves.InUse as exc:
            self.save_error = f"{failed}: the game is now {exc}"
        except OSError as exc:
            self.save_error = f"{failed}: {exc.strerror or exc}"

    def setup_spec(self) -> GameSpec:
        """This game's set-up as the New game form takes it (no seed: a new deal)."""
        g = self.game
        variant = getattr(g, "variant", None) or "standard"
        return GameSpec(game=g.game, players=g.players, seats=tuple(self.seats), variant=variant,
                        target=getattr(g, "target", None) if variant == "points" else None)

    def rematch(self, *, save_dir=None, hold: bool = False) -> "Session":
        """The same table again, a new deal: the engine's `rematch_options` carry over
        what the rules say (Sorry!'s winner starts; Pegs and Jokers' deal passes to the
        left; Gnoming A Round's new seed draws the first seat, G-3.4)."""
        g = self.game
        seed = self.record.seed
        new_seed = None if seed is None else (seed + 1) & 0x7FFFFFFF
        variant = getattr(g, "variant", None)
        game = engine.new_game(g.game, players=g.players, seed=new_seed, **g.rematch_options())
        spec = GameSpec(game=g.game, players=g.players, seats=tuple(self.seats),
                        variant=variant or "standard", seed=new_seed)
        return Session.new(spec, save_dir=save_dir if save_dir is not None else self.record.path.parent,
                           game=game, autosave=self.autosave, hold=hold)
