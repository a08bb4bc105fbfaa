"""The Gnoming A Round game: state, views, hidden information and saves.

The rules themselves live beside this module: `generate.py` (what a seat may
do), `apply.py` (what happens), `scoring.py` (G-7/G-8), `cards.py` (G-2) and
`layout.py` (the 3 × 3 grid).

State (compact, copied cheaply by `clone`):
  cards      9 cards per seat, row-major, in one flat list (face up or not)
  up         per seat, the 9-bit mask of face-up cells
  draw       the draw pile, top card last
  piles      the two discard piles, oldest first
  hand       the card the seat whose turn it is holds (or None) and
  hand_from  where it came from: "draw", "discard" or "layout" (replaced)
  filled     cells filled during this turn (G-5.4); chain: a bounce chain
             began with a face-down card (G-5.1)
"""
from __future__ import annotations

import random
import secrets
from collections import Counter

from ..core import Event, Game, check_players, child_rng, damaged_state, is_seat, copy_rng, rng_from_json, rng_to_json
from .apply import ROUNDS, apply_move, draw_pile_spent, start_round, turn_limit
from .cards import CARD_NAME, COUNTS, DECK_SIZE, HAZARD, card_words, parse_card
from .generate import (DRAWING, OPENING, FROM_DISCARD, FROM_DRAW, FROM_LAYOUT, HAZARD_FLIPS, OVER,
                       PLAYING, REPLACED, bounce_targets, can_bounce, discard_piles, face_up_equal, generate,
                       last_turn, place_mask)
from .layout import ALL, CELL_NAME, CELLS_OF
from .moves import Bounce, Decline, Discard, Draw, Flip, Place, Take, parse_move, pile_name, seat_name
from .scoring import decided_by, winners as _winners

PLAYERS = range(2, 8)  # G-1
FORMAT_VERSION = 1
_PHASES = (OPENING, DRAWING, PLAYING, REPLACED, HAZARD_FLIPS, OVER)


class GnomingGame(Game):
    """Gnoming A Round for 2-7 players, three rounds (rules: RULES.md)."""

    game = "gnoming"
    title = "Gnoming A Round"
    move_types = (Flip, Decline, Draw, Take, Place, Bounce, Discard)
    player_counts = tuple(PLAYERS)             # G-1

    # -- creation ------------------------------------------------------------
    @classmethod
    def new(cls, players: int = 4, seed: int | None = None, first: int | None = None,
            **options) -> "GnomingGame":
        """A new game. `first` is the seat that starts round one (default: a
        random seat drawn from the seed, G-3.4)."""
        players = check_players("Gnoming A Round", players, PLAYERS)
        for key, value in options.items():
            # The CLI may pass its generic keywords unset; anything real is an error.
            if value is not None and not (key == "variant" and value == "standard"):
                raise ValueError(f"Gnoming A Round has no option {key}={value!r}")
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be an int, not {seed!r}")
        g = cls.__new__(cls)
        g.players = players
        g.seed = seed
        g.rng = random.Random(seed)
        drawn = g.rng.randrange(players)      # G-3.4 (drawn always: the same cards whoever starts)
        if first is None:
            first = drawn
        elif isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise ValueError(f"first must be a seat from 0 to {players - 1}, not {first!r}")
        g.first_seat = first
        g.first = first
        g.round = 1
        g.totals = [0] * players
        g.round_scores = []
        g.last_round = None
        g._legal = None
        g.setup_events = []   # the events of dealing round one (later deals come from play())
        start_round(g, g.setup_events)
        return g

    # -- public API ------------------------------------------------------------
    @property
    def winners(self) -> list[int]:
        """G-8 once the game is over (a shared win lists every winner); [] before."""
        if self.to_act is not None:
            return []
        return _winners(self.totals, self.round_scores[-1])

    @property
    def scores(self) -> list[int]:
        """Game totals so far (the sum of the finished rounds)."""
        return list(self.totals)

    def _parse_move(self, d: dict):
        return parse_move(d, self.players)

    def _generate(self) -> list:
        return generate(self)

    def _apply(self, move) -> list[Event]:
        return apply_move(self, move)

    def face_down(self, seat: int) -> int:
        """How many face-down cards `seat` has."""
        return 9 - self.up[seat].bit_count()

    def move_at(self, cell: int):
        """The legal move at `cell` of the grid of the seat to act (a flip, a placement or
        a bounce), or None. A placement onto one of several face-up cards equal to the card
        in hand is listed once, at the first of them (it ends alike): any of them gives it."""
        legal = self.legal_moves()
        for m in legal:
            if isinstance(m, (Flip, Place, Bounce)) and m.cell == cell:
                return m
        if self.phase == PLAYING and 0 <= cell < 9:
            same = face_up_equal(self, self.to_act, self.hand)
            if same >> cell & 1:
                first = (same & -same).bit_length() - 1
                return next((m for m in legal if isinstance(m, Place) and m.cell == first), None)
        return None

    def goes_out(self, move) -> bool:
        """Whether `move`, a placement or a bounce, turns up its seat's last face-down card
        while nobody has gone out: the turn then ends with the seat going out (G-6.1), its
        grid all face up whatever bounces follow."""
        if (self.went_out is not None or self.phase not in (PLAYING, REPLACED)
                or not isinstance(move, (Place, Bounce)) or move.seat != self.turn):
            return False
        up = self.up[move.seat]
        return not up >> move.cell & 1 and up | 1 << move.cell == ALL

    # -- views -----------------------------------------------------------------
    def _hand_hidden_from(self, seat: int | None) -> bool:
        """G-4.1: a card drawn from the draw pile is seen only by its drawer."""
        return self.hand is not None and self.hand_from == FROM_DRAW and seat != self.turn

    def view(self, seat: int | None = None) -> dict:
        self.check_seat(seat)
        n = self.players
        names = CARD_NAME
        cards = self.cards
        layouts = []
        for s in range(n):
            up = self.up[s]
            base = s * 9
            layouts.append([names[cards[base + c]] if up >> c & 1 else None for c in range(9)])
        hand = self.hand
        drawn = None if hand is None or self._hand_hidden_from(seat) else names[hand]
        return {
            "game": self.game,
            "players": n,
            "names": [seat_name(s) for s in range(n)],
            "seat": seat,
            "to_act": self.to_act,
            "phase": self.phase,
            "turn": self.turn,
            "round": self.round,
            "rounds": ROUNDS,
            "first_seat": self.first_seat,
            "first": self.first,
            "scores": list(self.totals),
            "round_scores": [list(r) for r in self.round_scores],
            "layouts": layouts,
            "face_down": [9 - u.bit_count() for u in self.up],
            "drawn": drawn,
            "holding": self.turn if hand is not None else None,
            "drawn_from": self.hand_from,
            "discards": [[names[c] for c in pile] for pile in self.piles],
            "draw_count": len(self.draw),
            "reshuffled": self.reshuffled,
            "draw_pile_spent": draw_pile_spent(self),      # G-4.1: the round ends with this turn
            "hazards_removed": self.removed,
            "opening_flips": self.opened,
            # G-3.3: how many of its two opening flips the seat to act has made
            "own_opening_flips": self.opened % 2 if self.phase == OPENING else None,
            "turns": self.turns,
            "turn_limit": turn_limit(n),
            "filled": list(CELLS_OF[self.filled]),
            "chain": self.chain,
            "hazard_pending": list(self.hazard_queue),
            "went_out": self.went_out,
            "final_turns_left": self.final_left if self.went_out is not None else None,
            "last_round": _copy_last(self.last_round),
            "winners": self.winners,
            "decided_by": None if self.to_act is not None else decided_by(self.totals, self.round_scores[-1]),
        }

    # -- hidden information ------------------------------------------------------
    def determinize(self, seat: int | None, rng: random.Random) -> "GnomingGame":
        """A copy with every card `seat` cannot see re-dealt at random.

        The unseen cards - all face-down layout cards, the draw pile and a
        drawn card `seat` did not draw - are sorted, shuffled with `rng` and
        dealt back into the same places; the copy gets `child_rng(rng)`. It
        reads nothing `view(seat)` does not show (the seed is dropped).
        """
        self.check_seat(seat)
        c = self._copy()
        c.seed = None
        c._legal = None
        n = self.players
        cards = c.cards
        unseen = []
        places = []
        for s in range(n):
            base = s * 9
            for cell in CELLS_OF[ALL ^ self.up[s]]:
                unseen.append(cards[base + cell])
                places.append(base + cell)
        hidden_hand = self._hand_hidden_from(seat)
        if hidden_hand:
            unseen.append(self.hand)
        unseen.extend(self.draw)
        unseen.sort()
        rng.shuffle(unseen)
        k = len(places)
        for i, card in zip(places, unseen):
            cards[i] = card
        if hidden_hand:
            c.hand = unseen[k]
            k += 1
        c.draw = unseen[k:]
        c.rng = child_rng(rng)
        return c

    # -- copies and saves ----------------------------------------------------------
    def clone(self) -> "GnomingGame":
        """A fast independent copy (same hidden cards, same RNG state)."""
        c = self._copy()
        c.rng = copy_rng(self.rng)
        return c

    def _copy(self) -> "GnomingGame":
        """A copy of everything but the RNG (which the caller sets)."""
        c = object.__new__(type(self))
        d = self.__dict__.copy()
        d["cards"] = self.cards[:]
        d["up"] = self.up[:]
        d["draw"] = self.draw[:]
        d["piles"] = [self.piles[0][:], self.piles[1][:]]
        d["hazard_queue"] = self.hazard_queue[:]
        d["totals"] = self.totals[:]
        d["round_scores"] = self.round_scores[:]   # finished rounds are never changed
        c.__dict__ = d
        return c

    def to_dict(self) -> dict:
        names = CARD_NAME
        n = self.players
        return {
            "game": self.game,
            "version": FORMAT_VERSION,
            "players": n,
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
            "first_seat": self.first_seat,
            "round": self.round,
            "first": self.first,
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act,
            "layouts": [[names[c] for c in self.cards[s * 9:s * 9 + 9]] for s in range(n)],
            "up": list(self.up),
            "draw": [names[c] for c in self.draw],
            "discards": [[names[c] for c in pile] for pile in self.piles],
            "hand": None if self.hand is None else names[self.hand],
            "hand_from": self.hand_from,
            "filled": self.filled,
            "chain": self.chain,
            "hazard_queue": list(self.hazard_queue),
            "opened": self.opened,
            "turns": self.turns,
            "went_out": self.went_out,
            "final_left": self.final_left,
            "reshuffled": self.reshuffled,
            "removed": self.removed,
            "totals": list(self.totals),
            "round_scores": [list(r) for r in self.round_scores],
            "last_round": _copy_last(self.last_round),
        }

    @classmethod
    def from_dict(cls, d: dict) -> "GnomingGame":
        if not isinstance(d, dict) or d.get("game") != cls.game:
            raise ValueError("not a saved Gnoming A Round state")
        if d.get("version") != FORMAT_VERSION or isinstance(d.get("version"), bool):
            raise ValueError(f"Gnoming A Round state version {d.get('version')!r} is not supported "
                             f"(this engine reads version {FORMAT_VERSION})")
        try:
            g = cls.__new__(cls)
            n = check_players("Gnoming A Round", d["players"], PLAYERS)
            g.players = n
            g.seed = d["seed"]
            g.rng = rng_from_json(d["rng"])
            g.first_seat = _seat_or_none(d["first_seat"], n)
            g.round = d["round"]
            if isinstance(g.round, bool) or not isinstance(g.round, int):
                raise ValueError(f"round {g.round!r} is not a whole number")
            g.first = _seat_or_none(d["first"], n)
            g.phase = d["phase"]
            if g.phase not in _PHASES:
                raise ValueError(f"unknown phase {g.phase!r}")
            g.turn = _seat_or_none(d["turn"], n)
            g.to_act = _seat_or_none(d["to_act"], n)
            layouts = d["layouts"]
            if len(layouts) != n or any(len(row) != 9 for row in layouts):
                raise ValueError("layouts must be nine cards per seat")
            g.cards = [parse_card(c) for row in layouts for c in row]
            g.up = [int(u) & ALL for u in d["up"]]
            g.draw = [parse_card(c) for c in d["draw"]]
            g.piles = [[parse_card(c) for c in pile] for pile in d["discards"]]
            g.hand = None if d["hand"] is None else parse_card(d["hand"])
            g.hand_from = d["hand_from"]
            if g.hand_from not in (None, FROM_DRAW, FROM_DISCARD, FROM_LAYOUT):
                raise ValueError(f"unknown hand source {g.hand_from!r}")
            g.filled = int(d["filled"]) & ALL
            g.chain = bool(d["chain"])
            g.hazard_queue = [_seat_or_none(s, n) for s in d["hazard_queue"]]
            g.opened = int(d["opened"])
            g.turns = int(d["turns"])
            g.went_out = _seat_or_none(d["went_out"], n)
            g.final_left = int(d["final_left"])
            g.reshuffled = bool(d["reshuffled"])
            g.removed = int(d["removed"])
            g.totals = [int(t) for t in d["totals"]]
            g.round_scores = [[int(x) for x in r] for r in d["round_scores"]]
            g.last_round = _copy_last(d["last_round"])
            g.setup_events = []
            g._legal = None
            if len(g.piles) != 2 or len(g.up) != n or len(g.totals) != n or not 1 <= g.round <= ROUNDS:
                raise ValueError("wrong number of piles, seats or rounds")
            if any(len(r) != n for r in g.round_scores) or len(g.round_scores) != g.round - (g.phase != OVER):
                raise ValueError("the round scores don't fit the seats or the round")
            total = (len(g.cards) + len(g.draw) + len(g.piles[0]) + len(g.piles[1])
                     + (g.hand is not None) + g.removed)
            if total != DECK_SIZE:
                raise ValueError(f"the cards do not add up to one deck ({total} of {DECK_SIZE})")
            held = Counter(g.cards + g.draw + g.piles[0] + g.piles[1] + ([] if g.hand is None else [g.hand]))
            held[HAZARD] += g.removed                       # (Hazards out of play, G-4.4)
            wrong = sorted(c for c in held.keys() | COUNTS.keys() if held[c] != COUNTS.get(c, 0))
            if wrong:
                raise ValueError("the cards are not one deck (G-2): " + "; ".join(
                    f"{held[c]} × {CARD_NAME.get(c, c)}, the deck has {COUNTS.get(c, 0)}" for c in wrong))
            if (g.to_act is None) != (g.phase == OVER):
                raise ValueError("only a finished game has nobody to act")
            if (g.hand is not None) != (g.phase in (PLAYING, REPLACED)):
                raise ValueError(f"a card in hand does not fit the phase {g.phase!r}")
            if g.phase == DRAWING and not g.draw:
                raise ValueError("a turn begins with an empty draw pile")      # (G-4: never left so)
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            raise damaged_state(cls.title, exc) from None
        return g

    # -- explanations ------------------------------------------------------------------
    def _explain(self, move) -> str:
        seat = move.seat
        phase = self.phase
        if phase == OPENING or phase == HAZARD_FLIPS:
            if isinstance(move, Flip):
                return f"the card at {CELL_NAME[move.cell]} is already face up"
            if isinstance(move, Decline) and phase == OPENING:
                return "both opening flips are required (G-3.3)"
            return ("each player first turns up two cards (G-3.3)" if phase == OPENING else
                    "a Hazard was discarded: each player in turn turns up a card or none (G-4.4)")
        if phase == DRAWING:
            if isinstance(move, Take):
                if not self.piles[move.pile]:
                    return f"{pile_name(move.pile)} is empty"
                return ("a Mulligan may not be taken when it could not be placed: only one "
                        "Mulligan may be face up in a layout (G-4.6)")
            return "draw a card first (G-4.1)"
        if phase == PLAYING:
            if isinstance(move, Place):
                same = face_up_equal(self, seat, self.hand)
                first = (same & -same).bit_length() - 1
                if (0 <= move.cell < 9 and same >> move.cell & 1 and move.cell != first
                        and place_mask(self, seat, self.hand) >> first & 1):
                    return (f"the card at {CELL_NAME[move.cell]} is the same as the one at {CELL_NAME[first]}: "
                            f"putting {card_words(self.hand)} in place of either ends alike, so it is "
                            f"one move, at {CELL_NAME[first]}")
                allowed = [CELL_NAME[m.cell] for m in self.legal_moves() if isinstance(m, Place)]
                where = (f": it can only take the place of your face-up Mulligan at {allowed[0]}"
                         if len(allowed) == 1 else "")
                return f"only one Mulligan may be face up in a layout (G-4.6){where}"
            if isinstance(move, Discard):
                if self.hand_from == FROM_DISCARD:
                    return "a card taken from a discard pile must be placed in the layout (G-4.3)"
                return self._explain_pile(move)
            if self.hand_from == FROM_DISCARD:
                return "place the card you took in your layout (G-4.3)"
            return "place or discard the card you drew (G-4.2, G-4.3)"
        if phase == REPLACED:
            if isinstance(move, Bounce):
                if move.card != self.hand or not can_bounce(self, seat, self.hand):
                    return ("that card cannot bounce: only a positive card that was face down bounces, and only "
                            "when it matches the card that replaced it or another face-up positive card "
                            "(G-5.1 to G-5.3)")
                if not bounce_targets(self, seat, self.hand) >> move.cell & 1:
                    return "a bounce never goes to a position filled this turn (G-5.4)"
            if isinstance(move, Discard):
                return self._explain_pile(move)
            if not can_bounce(self, seat, self.hand):
                return "discard the replaced card: it cannot bounce (G-5)"
            return "bounce the replaced card or discard it (G-5)"
        return f"{move} is not one of the legal moves now"

    def _explain_pile(self, move) -> str:
        piles = discard_piles(self, self.hand)
        if piles is None:
            return "a Hazard leaves play instead of going on a discard pile (G-4.4)"
        if move.pile is None:
            return "only a Hazard is discarded out of play"
        if last_turn(self) and all(self.piles) == any(self.piles):    # (no pile empty, or both)
            return (f"the round ends with this turn, so the pile makes no difference: the discard "
                    f"goes on {pile_name(piles[0])}")
        return f"the discard must go on the empty {pile_name(piles[0])} (G-4.5)"


def _seat_or_none(value, players: int):
    if value is None:
        return None
    if not is_seat(value, players):
        raise ValueError(f"not a seat: {value!r}")
    return value


def _copy_last(last: dict | None) -> dict | None:
    if last is None:
        return None
    out = dict(last)
    out["layouts"] = [list(row) for row in last["layouts"]]
    for key in ("base", "scores"):
        out[key] = list(last[key])
    return out


__all__ = ["GnomingGame", "PLAYERS", "FORMAT_VERSION"]
