"""Pieces every game shares: the Game base class, events, the RNG in JSON.

The public contract (DESIGN.md, "Engine API contract") is implemented here
once: `legal_moves()` is cached per position and `play()` accepts exactly the
moves it lists, so a game package only writes `_generate()` (the legal moves)
and `_apply()` (their effect), plus its state, views and serialisation.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from datetime import datetime, timezone
from itertools import repeat
from operator import is_
from typing import Any, ClassVar, NamedTuple

# Seat colours shared by the board games (Sorry! uses the first four,
# Pegs and Jokers up to eight, P-1.2 / S-1).
COLOURS = ("Red", "Blue", "Yellow", "Green", "Orange", "Purple", "Pink", "Cyan")


class IllegalMove(ValueError):
    """A move that is not in `legal_moves()`; the game is left unchanged."""


class Event(NamedTuple):
    """Something that happened inside `play()`, for logs.

    `kind` is a short machine word ("move", "bump", "slide", "draw", ...),
    `text` the plain-words description, `seat` the seat it concerns (or
    None). Events never reveal what a seat's view would not. (An immutable
    named tuple rather than a frozen dataclass: it is built several times per
    move in every simulated game, and costs a third as much to create.)
    """

    kind: str
    text: str
    seat: int | None = None

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict:
        return {"kind": self.kind, "text": self.text, "seat": self.seat}

    @classmethod
    def from_dict(cls, d: dict) -> "Event":
        return cls(d["kind"], d["text"], d.get("seat"))


def and_list(words: list[str]) -> str:
    """'Red', 'Red and Yellow', 'Red, Yellow and Orange': for the events' sentences."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def rng_to_json(rng: random.Random) -> list:
    """The full Mersenne Twister state as a JSON-safe list."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_with_state(state: tuple) -> random.Random:
    """A generator in `state` (a `getstate()` tuple), without seeding one first."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state as `rng` (used by clone)."""
    return rng_with_state(rng.getstate())


def rng_from_json(state: list) -> random.Random:
    version, internal, gauss = state
    return rng_with_state((version, tuple(internal), gauss))


def child_rng(rng: random.Random) -> random.Random:
    """A fresh generator seeded from `rng` (used by determinize)."""
    return random.Random(rng.getrandbits(64))


class Game(ABC):
    """Base class of the three games; see DESIGN.md for the contract."""

    game: ClassVar[str] = ""
    title: ClassVar[str] = ""                 # the game's name for people ("Sorry!")
    move_types: ClassVar[tuple] = ()          # the classes of its moves
    player_counts: ClassVar[tuple[int, ...]] = ()             # how many seats it is played by
    variants: ClassVar[tuple[str, ...]] = ("standard",)       # what `new_game(variant=...)` takes

    # Subclasses set these in __init__ / from_dict.
    players: int
    to_act: int | None
    seed: int | None
    rng: random.Random

    # -- public API -------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    @abstractmethod
    def winners(self) -> list[int]:
        """Implemented by each game."""

    @property
    def scores(self) -> list[int] | None:
        return None

    def legal_moves(self) -> list:
        """Every distinct choice of `to_act`, in a deterministic order."""
        cache = self._legal
        if cache is None:
            cache = self._legal = [] if self.to_act is None else self._generate()
        return list(cache)

    def play(self, move) -> list[Event]:
        """Apply a move from `legal_moves()`; anything else raises IllegalMove."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.to_act is None else self._generate()
        # A move taken from legal_moves() matches by identity, in C and without
        # __eq__ calls; an equal move built elsewhere (JSON, a determinized
        # copy) by value.
        if not any(map(is_, legal, repeat(move))) and move not in legal:
            raise IllegalMove(self.explain_illegal(move))
        self._legal = None
        return self._apply(move)

    def rematch_options(self) -> dict:
        """The `new_game` keywords for the next game at this table, where the rules or
        Parlor's decisions carry something over (the variant, who starts or deals); the
        seed is the caller's. Nothing, unless a game says otherwise."""
        return {}

    def explain_illegal(self, move) -> str:
        """Why `move` is not legal now (a sentence for people)."""
        if self.to_act is None:
            return "the game is over"
        if not isinstance(move, self.move_types):
            return f"{move!r} is not a {self.title} move"
        seat = getattr(move, "seat", None)
        if seat is not None and seat != self.to_act:
            return f"it is seat {self.to_act}'s turn, not seat {seat}'s"
        return self._explain(move)

    def _explain(self, move) -> str:
        return f"{move} is not one of the legal moves now"

    def check_seat(self, seat) -> None:
        """ValueError unless `seat` is None (the public) or a seat of this game (view, determinize)."""
        if seat is not None and not is_seat(seat, self.players):
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")

    @abstractmethod
    def determinize(self, seat: int | None, rng: random.Random) -> "Game":
        """Implemented by each game."""

    @abstractmethod
    def to_dict(self) -> dict:
        """Implemented by each game."""

    @classmethod
    @abstractmethod
    def from_dict(cls, d: dict) -> "Game":
        """Implemented by each game."""

    @abstractmethod
    def view(self, seat: int | None = None) -> dict:
        """Implemented by each game."""

    def parse_move(self, d: dict):
        """The move `d` (from `Move.to_dict()`) stands for; engine.IllegalMove (a ValueError)
        if `d` is not a move of this game, naming what is wrong."""
        try:
            return self._parse_move(d)
        except IllegalMove:
            raise
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None

    @abstractmethod
    def _parse_move(self, d: dict):
        """Implemented by each game: the move, or a ValueError naming what is wrong."""

    def clone(self) -> "Game":
        """An independent copy (same hidden state, same RNG state)."""
        return type(self).from_dict(self.to_dict())

    # -- for subclasses ---------------------------------------------------
    _legal: list | None = None

    @abstractmethod
    def _generate(self) -> list:
        """Implemented by each game."""

    @abstractmethod
    def _apply(self, move) -> list[Event]:
        """Implemented by each game."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} players={self.players} to_act={self.to_act}>"


def is_seat(value: Any, players: int) -> bool:
    """Whether `value` is a seat of a `players`-player game: an int (not a bool) 0 … players-1."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def parse_time(iso) -> datetime | None:
    """A save's ISO time as an aware datetime (one without a time zone is UTC, as saves
    write them); None for one that is no date (a hand edit)."""
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def damaged_state(title: str, exc: Exception) -> ValueError:
    """The error `from_dict` raises for a state it can't read, worded alike in every game
    ("damaged Sorry! state: 'track:99' is missing or unknown"), never a Python repr."""
    if isinstance(exc, KeyError) and exc.args:
        detail = f"{exc.args[0]!r} is missing or unknown"
    elif isinstance(exc, (TypeError, AttributeError)):
        # Python's words ("unhashable type: 'list'") mean nothing to a player
        detail = "a value is of the wrong kind"
    elif isinstance(exc, IndexError):
        detail = "a number is out of range"
    else:
        detail = str(exc) or type(exc).__name__
    return ValueError(f"damaged {title} state: {detail}")


def check_players(game: str, players: Any, allowed) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players not in allowed:
        allowed = sorted(allowed)
        if len(allowed) > 3 and allowed == list(range(allowed[0], allowed[-1] + 1)):
            choices = f"{allowed[0]} to {allowed[-1]}"
        else:
            choices = and_list([str(p) for p in allowed]).replace(" and ", " or ")
        raise ValueError(f"{game} is played by {choices} players, not {players!r}")
    return players
