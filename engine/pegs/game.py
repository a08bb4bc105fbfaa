"""The Pegs and Jokers game: state, turn flow (P-4), views, serialisation.

State is compact: `pos` holds a location int per peg (peg = owner*5 + i,
see board.py), `board` the peg on each track hole (-1 for none), `hands`
sorted lists of card ints, `draw` (top = last) and `discard` (oldest
first). Move generation lives in movegen.py, its application in apply.py.
"""
from __future__ import annotations

import random

from ..core import (Event, Game, IllegalMove, check_players, child_rng, copy_rng, damaged_state, is_seat, rng_from_json,
                    rng_to_json)
from . import apply as ap
from .board import HOME0, PEGS, PLAYER_COUNTS, START, geometry
from .cards import DEAL, HAND_SIZE, NAMES, card_code, deck_counts, full_deck
from .movegen import generate, playing_for
from .moves import Discard, Play, move_from_dict

FORMAT = 1            # version of to_dict()


class PegsGame(Game):
    game = "pegs"
    title = "Pegs and Jokers"
    move_types = (Play, Discard)
    player_counts = PLAYER_COUNTS              # P-1

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players: int = 4, seed: int | None = None, first: int | None = None,
            variant: str | None = None, target: int | None = None,
            dealer: int | None = None) -> "PegsGame":
        """A new game: a random dealer (P-3; `dealer` gives the seat, as when the
        deal passes to the left for the next game at the table; the cards are
        those of the seed either way), five cards each, the first seat (left of
        the dealer, P-4.1) has drawn to six. `first` gives the first seat: the
        dealer is then the seat at its right (both may be given only as such a pair)."""
        players = check_players("Pegs and Jokers", players, PLAYER_COUNTS)
        if variant not in (None, "standard"):
            raise ValueError(f"Pegs and Jokers has no variant {variant!r} (only 'standard')")
        if target is not None:
            raise ValueError("Pegs and Jokers has no points target")
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, not {seed!r}")
        for name, seat in (("first", first), ("dealer", dealer)):
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                     or not 0 <= seat < players):
                raise ValueError(f"{name} must be a seat 0..{players - 1}, not {seat!r}")
        if first is not None and dealer is not None and first != (dealer + 1) % players:
            raise ValueError(f"first {first} and dealer {dealer} disagree: play starts at the "
                             f"dealer's left (P-4.1), seat {(dealer + 1) % players}")
        g = cls.__new__(cls)
        g.players = players
        g.geo = geometry(players)
        g.seed = seed
        g.rng = rng = random.Random(seed)
        g.dealer = rng.randrange(players)                     # P-3 (drawn always: the same cards)
        if dealer is not None:
            g.dealer = dealer
        elif first is not None:
            g.dealer = (first - 1) % players                   # P-4.1: the dealer's left starts
        g.pos = [START] * (PEGS * players)
        g.board = [-1] * g.geo.length
        deck = full_deck(players)
        rng.shuffle(deck)
        g.hands = [[] for _ in range(players)]
        for _ in range(DEAL):                                  # P-3: deal 5 each,
            for j in range(1, players + 1):                    # from the dealer's left
                g.hands[(g.dealer + j) % players].append(deck.pop())
        for h in g.hands:
            h.sort()
        g.draw = deck
        g.discard = []
        g.turn = 0
        g.to_act = (g.dealer + 1) % players if first is None else first   # P-4.1
        g._legal = None
        ap.start_turn(g, [])                                    # P-4.2
        return g

    # ------------------------------------------------------------ properties
    @property
    def winners(self) -> list[int]:
        """Every seat of the team with all pegs HOME (P-8.3); [] before that."""
        if self.to_act is not None:
            return []
        for team in self.geo.teams:
            if all(p >= HOME0 for s in team for p in self.pos[s * PEGS:(s + 1) * PEGS]):
                return list(team)
        return []

    def rematch_options(self) -> dict:
        """The deal passes to the left (P-3; RULES.md decision 7): the dealer's left starts."""
        return {"dealer": (self.dealer + 1) % self.players}

    @property
    def teams(self) -> list[list[int]]:
        return [list(t) for t in self.geo.teams]

    def playing_for(self, seat: int) -> int:
        """Whose pegs `seat` moves (P-8.1): its own until all five are HOME."""
        owner = playing_for(self.pos, self.geo.helpers[seat])
        return seat if owner is None else owner

    def positions(self) -> list[list[str]]:
        """Per seat, the 5 locations of its pegs: index i is peg i+1."""
        names, pos = self.geo.names, self.pos
        return [[names[p] for p in pos[s * PEGS:(s + 1) * PEGS]] for s in range(self.players)]

    # ------------------------------------------------------------ the engine
    def _generate(self) -> list:
        return generate(self, self.to_act)

    def _apply(self, move) -> list[Event]:
        return ap.apply_move(self, move)

    def _explain(self, move) -> str:
        hand = self.hands[self.to_act]
        code = card_code(move.card) if move.card in NAMES.values() else None
        if code not in hand:
            return f"seat {self.to_act} holds no {move.card}"
        if isinstance(move, Discard):
            return f"{move.card} cannot be discarded now: a card can move (P-4.4)"
        return f"{move} is not one of the legal moves now"

    def _parse_move(self, d: dict):
        move = move_from_dict(d)
        if not is_seat(move.seat, self.players):
            raise IllegalMove(f"not a Pegs and Jokers move of a {self.players}-player game (no seat {move.seat})")
        return move

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None = None) -> dict:
        self.check_seat(seat)
        v = {
            "game": self.game,
            "players": self.players,
            "seat": seat,
            "to_act": self.to_act,
            "phase": "over" if self.to_act is None else "play",
            "scores": None,
            "hand_sizes": [len(h) for h in self.hands],
            "discard": [NAMES[c] for c in self.discard],
            "draw_count": len(self.draw),
            "positions": self.positions(),
            "teams": self.teams,
            "playing_for": [self.playing_for(s) for s in range(self.players)],
            "dealer": self.dealer,
            "turn": self.turn,
            "colours": list(self.geo.colours),
            "in_spots": list(self.geo.in_spot),
            "come_outs": list(self.geo.come_out),
            "winners": self.winners,
        }
        v["hand"] = None if seat is None else [NAMES[c] for c in self.hands[seat]]
        return v

    def determinize(self, seat: int | None, rng: random.Random) -> "PegsGame":
        """A copy with every card hidden from `seat` re-dealt at random.

        Hidden: the other hands and the draw pile (order and content). The
        unseen multiset is the full deck minus `seat`'s hand and the
        discard pile (both in its view), built sorted before shuffling, so
        the result depends only on `view(seat)` and `rng`. The copy's RNG
        is seeded from `rng`; its seed is forgotten (it would reveal the deck).
        """
        self.check_seat(seat)
        counts = list(deck_counts(self.players))
        for c in self.discard:
            counts[c] -= 1
        if seat is not None:
            for c in self.hands[seat]:
                counts[c] -= 1
        unseen = [c for c in range(len(counts)) for _ in range(counts[c])]
        rng.shuffle(unseen)
        hands = []
        for s, hand in enumerate(self.hands):
            if s == seat:
                hands.append(hand[:])
            else:
                n = len(hand)
                hands.append(sorted(unseen[len(unseen) - n:]))
                del unseen[len(unseen) - n:]
        return self._copy(hands, unseen, child_rng(rng), None)

    # --------------------------------------------------------- serialisation
    def clone(self) -> "PegsGame":
        """An independent copy: same hidden state, same RNG state."""
        g = self._copy([h[:] for h in self.hands], self.draw[:], copy_rng(self.rng), self.seed)
        g._legal = self._legal
        return g

    def _copy(self, hands: list, draw: list, rng: random.Random, seed) -> "PegsGame":
        g = PegsGame.__new__(PegsGame)
        g.players = self.players
        g.geo = self.geo
        g.seed = seed
        g.rng = rng
        g.dealer = self.dealer
        g.pos = self.pos[:]
        g.board = self.board[:]
        g.hands = hands
        g.draw = draw
        g.discard = self.discard[:]
        g.turn = self.turn
        g.to_act = self.to_act
        g._legal = None
        return g

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "turn": self.turn,
            "positions": self.positions(),
            "hands": [[NAMES[c] for c in h] for h in self.hands],
            "draw": [NAMES[c] for c in self.draw],
            "discard": [NAMES[c] for c in self.discard],
            "rng": rng_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, d: dict) -> "PegsGame":
        """Rebuild a game from `to_dict()`; ValueError with the reason if the
        state is damaged or inconsistent."""
        try:
            return cls._from_dict(d)
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise damaged_state(cls.title, exc) from None

    @classmethod
    def _from_dict(cls, d: dict) -> "PegsGame":
        if d.get("game") != cls.game:
            raise ValueError(f"not a Pegs and Jokers state (game {d.get('game')!r})")
        if d.get("format") != FORMAT:
            raise ValueError(f"Pegs and Jokers state format {d.get('format')!r} is not supported "
                             f"(this version reads format {FORMAT})")
        players = check_players("Pegs and Jokers", d["players"], PLAYER_COUNTS)
        g = cls.__new__(cls)
        g.players = players
        g.geo = geo = geometry(players)
        g.seed = d["seed"]
        g.dealer = _seat(d["dealer"], players, "dealer")
        g.turn = d["turn"]
        if not isinstance(g.turn, int) or g.turn < 0:
            raise ValueError("turn must be a non-negative int")
        g.to_act = None if d["to_act"] is None else _seat(d["to_act"], players, "to_act")
        positions = d["positions"]
        if len(positions) != players:
            raise ValueError("positions must list every seat")
        g.pos = []
        g.board = [-1] * geo.length
        for s, locs in enumerate(positions):
            if len(locs) != PEGS:
                raise ValueError(f"seat {s} must have {PEGS} pegs")
            for i, name in enumerate(locs):
                loc = geo.index.get(name)
                if loc is None:
                    raise ValueError(f"bad location {name!r}")
                peg = s * PEGS + i
                if 0 <= loc < HOME0:
                    if g.board[loc] >= 0:
                        raise ValueError(f"two pegs on {name}")
                    g.board[loc] = peg
                elif loc > HOME0 and loc in g.pos[s * PEGS:]:
                    raise ValueError(f"two pegs on {name} of seat {s}")
                g.pos.append(loc)
        hands = d["hands"]
        if len(hands) != players:
            raise ValueError("hands must list every seat")
        g.hands = [sorted(card_code(c) for c in h) for h in hands]
        g.draw = [card_code(c) for c in d["draw"]]
        g.discard = [card_code(c) for c in d["discard"]]
        cards = sorted(c for h in g.hands for c in h) + g.draw + g.discard
        if sorted(cards) != full_deck(players):
            raise ValueError("the cards do not add up to the game's decks (P-3)")
        if any(len(h) > HAND_SIZE for h in g.hands):
            raise ValueError("a hand holds more than six cards")
        over = any(all(p >= HOME0 for s in team for p in g.pos[s * PEGS:(s + 1) * PEGS])
                   for team in geo.teams)
        if over != (g.to_act is None):
            raise ValueError("to_act must be null exactly when a team has every peg HOME")
        g.rng = rng_from_json(d["rng"])
        g._legal = None
        return g


def _seat(v, players: int, what: str) -> int:
    if not is_seat(v, players):
        raise ValueError(f"{what} must be a seat 0..{players - 1}")
    return v
