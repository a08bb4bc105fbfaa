"""The Sorry! game: state, legal moves (S-4 … S-10), turn flow, variants (S-12, S-13)."""
from __future__ import annotations

import random
from functools import cache

from ..core import (Event, Game, and_list, check_players, child_rng, copy_rng, damaged_state, is_seat, rng_from_json,
                    rng_to_json)
from . import moves as mv
from .board import (BWD, CIRCLE, COLOURS, FWD, HOME, LOC_NAMES, LOC_WORDS, NAME_LOCS, NONE,
                    PAWN_WORDS, SAFE1, SLIDE, START, steps_between)
from .cards import (BACKWARD as BACK_STEPS, CARD_NAMES, CARD_ORDER, DECK, FORWARD, STARTERS, a_card,
                    card_words)
from .moves import SorryMove

VARIANTS = ("standard", "teams", "points")
START_PAWN, FORWARD_KIND, BACKWARD, SPLIT, SWITCH, SORRY = (
    mv.START_PAWN, mv.FORWARD, mv.BACKWARD, mv.SPLIT, mv.SWITCH, mv.SORRY)
DEFAULT_TARGET = 250          # S-13.7
FORMAT = 1                    # version of to_dict()
# card -> (forward steps, backward steps, starts a pawn): S-3's table.
CARD_STEPS = {card: (FORWARD.get(card, 0), BACK_STEPS.get(card, 0), card in STARTERS)
              for card in CARD_NAMES}


# Moves are immutable values, so the common ones are made once and shared
# between positions (only where the number of distinct moves is small).
@cache
def _sorry_move(seat: int, pawn: int, to: int) -> SorryMove:
    return SorryMove(seat, "SORRY", SORRY, ((pawn, START, to),))


@cache
def _no_move(seat: int, card: str, kind: str) -> SorryMove:
    """A pass, an 11 decline or a points-variant discard."""
    return SorryMove(seat, card, kind)


def _square_key(c: int, loc: int) -> int:
    """Tells the safety squares of different colours apart (track squares are shared)."""
    return loc if loc < SAFE1 or loc == HOME else loc + 10 * c


SQUARE_KEY = tuple({loc: _square_key(c, loc) for loc in range(HOME + 1)} for c in range(4))
# SPLIT_ROWS[c][loc][x]: None, or (to, square key, slide) for a split part of x (S-9).
SPLIT_ROWS = tuple(
    {loc: (None,) + tuple(
        None if FWD[c][loc][x] == NONE else
        (FWD[c][loc][x], _square_key(c, FWD[c][loc][x]),
         SLIDE[c][FWD[c][loc][x]] if FWD[c][loc][x] < SAFE1 else None)
        for x in range(1, 7))
     for loc in range(HOME + 1)}
    for c in range(4))


def _footprint(k_to: int, slide) -> set:
    return {k_to, *slide[1]} if slide is not None else {k_to}


def _apart(ka, kta, slide_a, kb, ktb, slide_b) -> bool:
    """True when two split parts touch no common square (so their order can't matter)."""
    fa, fb = _footprint(kta, slide_a), _footprint(ktb, slide_b)
    return not (fa & fb or ka in fb or kb in fa)


# Events are immutable values: the common ones are made once and reused.
@cache
def _step_event(seat: int, card: str, kind: str, pawn: int, to: int, steps: int = 0) -> Event:
    who, where = PAWN_WORDS[pawn], LOC_WORDS[to]
    if kind == SPLIT:       # each part with its count: two lines "with a 7" read as two 7s
        text = f"{who} moved {steps} forward to {where}, splitting the 7"
    elif kind == START_PAWN:
        text = f"{who} came out of START with {a_card(card)}"
    elif kind == SORRY:
        text = f"SORRY! {who} left START for {where}"
    elif kind == BACKWARD:
        text = f"{who} moved {BACK_STEPS[card]} back to {where} with {a_card(card)}"
    else:
        text = f"{who} moved forward to {where} with {a_card(card)}"
    if pawn >> 2 != seat:   # teams: a partner's pawn, so the log says who moved it
        text = f"{COLOURS[seat]}: {text}"
    return Event(kind, text, seat)


def _check_places(pos: list[int], where: str) -> None:
    """Raise ValueError unless `pos` places 16 pawns, no two on one square."""
    if len(pos) != 16:
        raise ValueError(f"need 16 pawn positions{where}")
    track = [loc for loc in pos if 0 <= loc < SAFE1]
    if len(track) != len(set(track)):
        raise ValueError(f"two pawns on one track square{where}")
    for c in range(4):
        safe = [loc for loc in pos[c * 4: c * 4 + 4] if SAFE1 <= loc < HOME]
        if len(safe) != len(set(safe)):
            raise ValueError(f"two pawns on one safety square{where}")


@cache
def _bump_event(bumped: int, by: int) -> Event:
    return Event("bump", f"{PAWN_WORDS[bumped]} was bumped back to START by {PAWN_WORDS[by]}",
                 bumped >> 2)


@cache
def _home_event(pawn: int) -> Event:
    return Event("home", f"{PAWN_WORDS[pawn]} reached HOME", pawn >> 2)


@cache
def _no_move_event(seat: int, card: str, kind: str) -> Event:
    who = COLOURS[seat]
    if kind == mv.DISCARD:
        # the same words whether nothing could move or only an optional 11 switch could
        # (S-13.4): "rather than switch" would tell the table an 11 is still in the hand
        return Event("discard", f"{who} discarded {a_card(card)} without moving", seat)
    why = "declined to switch" if kind == mv.DECLINE else "could not move"
    return Event("pass", f"{who} {why} with the {card_words(card)}", seat)


@cache
def _switch_event(seat: int, a: int, la: int, b: int, lb: int) -> Event:
    # (the squares too: "switched places" alone left the log's reader to guess where each went)
    return Event("switch", f"{COLOURS[seat]} played 11: {PAWN_WORDS[a]} on {LOC_WORDS[la]} switched "
                           f"places with {PAWN_WORDS[b]} on {LOC_WORDS[lb]}", seat)


@cache
def _draw_event(seat: int, card: str, again: bool) -> Event:
    return Event("draw", f"{COLOURS[seat]} drew{' again' if again else ''}: {card_words(card)}", seat)


class _SimpleMoves(dict):
    """Moves by key: pawn*256 + loc (forward), pawn*256 + 128 + loc (backward), pawn*256 + 255 (start)."""

    def __init__(self, seat: int, card: str):
        super().__init__()
        self.seat, self.card = seat, card
        self.n, self.back, _ = CARD_STEPS[card]

    def __missing__(self, key: int) -> SorryMove:
        pawn, rest = divmod(key, 256)
        c = pawn >> 2
        if rest == 255:
            m = SorryMove(self.seat, self.card, START_PAWN, ((pawn, START, CIRCLE[c]),))
        elif rest >= 128:
            loc = rest - 128
            m = SorryMove(self.seat, self.card, BACKWARD, ((pawn, loc, BWD[c][loc][self.back]),))
        else:
            m = SorryMove(self.seat, self.card, FORWARD_KIND, ((pawn, rest, FWD[c][rest][self.n]),))
        self[key] = m
        return m


_SIMPLE = tuple({card: _SimpleMoves(seat, card) for card in CARD_NAMES} for seat in range(4))


_PAWN_MOVES = frozenset((START_PAWN, FORWARD_KIND, BACKWARD, SPLIT, SORRY))
_NO_MOVES = frozenset((mv.PASS, mv.DECLINE, mv.DISCARD))


class SorryGame(Game):
    game = "sorry"
    title = "Sorry!"
    move_types = (SorryMove,)
    player_counts = (2, 3, 4)                  # S-1
    variants = VARIANTS

    # ------------------------------------------------------------------ setup
    def __init__(self, players: int, variant: str, seed: int | None, first: int, target: int,
                 rng: random.Random):
        self.players = players
        self.variant = variant
        self.seed = seed
        self.rng = rng
        self.first = first                # seat that started the current game
        self.target = target              # points match target (S-13.7)
        self.pos = [START] * 16           # pawn -> location
        self.occ = [-1] * 60              # track square -> pawn or -1
        self.draw: list[str] = []         # top of the pile is the end of the list
        self.discard: list[str] = []      # oldest first
        self.card: str | None = None      # the card being played (standard/teams)
        self.hands: list[list[str]] | None = None   # points variant
        self.to_act: int | None = first
        self.turn = 0                     # moves played so far (in the match)
        self.again = False                # the seat to act plays again after a 2 (S-3, S-13.3)
        self.dealt_turn: int | None = 0   # `turn` when the current game (of a match) was dealt
                                          # (None: not known, in a save from before it was kept)
        self._winners: list[int] = []
        # points match (S-13.7): games finished, per-game scores, totals
        self.totals = [0] * players
        self.history: list[list[int]] = []
        # the pawns as the last finished game of a match left them (the next one is dealt at
        # once: a summary of that game shows the board as it ended); never changed in place
        self.ended_pos: list[int] | None = None
        self._set_teams()

    def _set_teams(self) -> None:
        if self.variant == "teams":   # S-12: Red + Yellow vs Blue + Green
            self.team_colours = tuple((s, (s + 2) % 4) for s in range(4))
        else:
            self.team_colours = tuple((s,) for s in range(self.players))

    @classmethod
    def new(cls, players: int, seed: int | None = None, variant: str = "standard",
            first: int | None = None, target: int | None = None) -> "SorryGame":
        check_players("Sorry!", players, cls.player_counts)
        if variant not in VARIANTS:
            raise ValueError(f"unknown Sorry! variant {variant!r}: choose one of {', '.join(VARIANTS)}")
        if variant == "teams" and players != 4:
            raise ValueError("the Sorry! team variant needs exactly 4 players (S-12)")
        if target is not None and variant != "points":
            raise ValueError("a match target applies only to the points variant (S-13.7)")
        if target is None:
            target = DEFAULT_TARGET if variant == "points" else 0
        if not isinstance(target, int) or target < 0:
            raise ValueError(f"the match target must be a whole number ≥ 0, not {target!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be an int, not {seed!r}")
        rng = random.Random(seed)
        drawn = rng.randrange(players)          # S-1 decision: first player from the seed (drawn
        if first is None:                       # always: the same cards whoever starts)
            first = drawn
        elif isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise ValueError(f"first must be a seat 0..{players - 1}, not {first!r}")
        g = cls(players, variant, seed, first, target, rng)
        g._deal()
        return g

    @classmethod
    def from_position(cls, positions: list[list[str]], *, variant: str = "standard",
                      card: str | None = None, to_act: int = 0, hands: list[list[str]] | None = None,
                      discard: list[str] | None = None, seed: int = 0, target: int | None = None
                      ) -> "SorryGame":
        """A game set up at an exact position (tests, tutorials, late-game starts).

        `positions` is per seat a list of up to four location strings as
        `positions()` returns them (missing pawns are in START); `card` is
        the card to play (standard/teams: drawn for `to_act` when omitted),
        `hands` the points-variant hands. The other cards form a shuffled
        draw pile.
        """
        players = len(positions)
        g = cls.new(players, seed=seed, variant=variant, first=to_act, target=target)
        g.pos = [START] * 16
        for seat, locs in enumerate(positions):
            for k, name in enumerate(locs):
                g.pos[seat * 4 + k] = NAME_LOCS[name]
        g.occ = [-1] * 60
        for pawn, loc in enumerate(g.pos):
            if 0 <= loc < SAFE1:
                g.occ[loc] = pawn
        deck = list(DECK)
        g.discard = list(discard or [])
        for c in g.discard:
            deck.remove(c)
        if variant == "points":
            g.hands = [list(h) for h in (hands or [])]
            g.hands += [[] for _ in range(players - len(g.hands))]
            for h in g.hands:
                for c in h:
                    deck.remove(c)
            g.rng.shuffle(deck)
            for h in g.hands:
                while len(h) < 5:
                    h.append(deck.pop())
            g.card = None
        else:
            g.rng.shuffle(deck)
            if card is not None:
                deck.remove(card)
            g.card = card if card is not None else deck.pop()
        g.draw = deck
        g.to_act = to_act
        g._legal = None
        g.check()
        return g

    def _deal(self) -> None:
        """Set up pawns and cards for a game (a new game of a points match too)."""
        pos, occ = self.pos, self.occ
        pos[:] = [START] * 16
        occ[:] = [-1] * 60
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.discard = []
        self.card = None
        self.to_act = self.first
        self.again = False
        self.dealt_turn = self.turn
        if self.variant == "points":
            for seat in range(self.players):      # S-13.1: pawn 1 starts on the circle
                pos[seat * 4] = CIRCLE[seat]
                occ[CIRCLE[seat]] = seat * 4
            self.hands = [[deck.pop() for _ in range(5)] for _ in range(self.players)]   # S-13.2
            self.draw = deck
        else:
            self.draw = deck
            self.card = self.draw.pop()

    # ------------------------------------------------------------ public API
    @property
    def winners(self) -> list[int]:
        return list(self._winners)

    @property
    def scores(self) -> list[int] | None:
        return list(self.totals) if self.variant == "points" else None

    def rematch_options(self) -> dict:
        """The same variant (and match target), and the winner starts (RULES.md, S-1)."""
        options = {"variant": self.variant}
        if self.variant == "points":
            options["target"] = self.target
        if self._winners:
            options["first"] = self._winners[0]
        return options

    def positions(self, pos: list[int] | None = None) -> list[list[str]]:
        pos = self.pos if pos is None else pos
        return [[LOC_NAMES[pos[s * 4 + k]] for k in range(4)] for s in range(self.players)]

    def _parse_move(self, d: dict) -> SorryMove:
        move = SorryMove.from_dict(d)
        if not is_seat(move.seat, self.players):
            raise ValueError(f"not a Sorry! move of a {self.players}-player game (no seat {move.seat}): {d!r}")
        return move

    # ------------------------------------------------------ legal moves
    def _generate(self) -> list[SorryMove]:
        seat = self.to_act
        if self.variant != "points":
            card = self.card
            moves = self._card_moves(seat, card)
            if not moves:
                return [_no_move(seat, card, mv.PASS)]                      # S-5.4
            if card == "11" and all(m.kind == mv.SWITCH for m in moves):
                moves.append(_no_move(seat, card, mv.DECLINE))              # S-10.3
            return moves
        # Points variant: any card of the hand (S-13.3).
        hand = sorted(set(self.hands[seat]), key=CARD_ORDER.__getitem__)
        moves = []
        for card in hand:
            moves.extend(self._card_moves(seat, card))
        if all(m.kind == mv.SWITCH for m in moves):                         # S-13.4
            moves.extend(_no_move(seat, card, mv.DISCARD) for card in hand)
        return moves

    def _card_moves(self, seat: int, card: str) -> list[SorryMove]:
        """Every distinct move with `card` for `seat` (forced moves first, switches last)."""
        pos = self.pos
        colours = self.team_colours[seat]
        if card == "SORRY":                                                 # S-8, S-12.3
            out = []
            for c in colours:
                pawn = self._start_pawn(c)
                if pawn >= 0:
                    for other in range(16):
                        loc = pos[other]
                        if 0 <= loc < SAFE1 and other >> 2 != c:
                            out.append(_sorry_move(seat, pawn, loc))
            return out
        out = self._plain_moves(seat, card, colours)
        if card == "7":
            out.extend(self._splits(seat))
        elif card == "11":
            out.extend(self._switches(seat))
        return out

    def _plain_moves(self, seat: int, card: str, colours: tuple[int, ...]) -> list[SorryMove]:
        """Starts, forward and backward moves of one pawn with `card` (no splits or switches)."""
        pos, occ = self.pos, self.occ
        out = []
        add = out.append
        cache = _SIMPLE[seat][card]
        n, back, starter = CARD_STEPS[card]
        unchanged = False            # a move listed that leaves the board as it was
        for c in colours:
            base = c * 4
            if starter:                                                     # S-4
                o = occ[CIRCLE[c]]
                if o < 0 or o >> 2 != c:                                    # S-4.2
                    for pawn in range(base, base + 4):
                        if pos[pawn] == START:
                            add(cache[pawn * 256 + 255])
                            break
            fwd, bwd = FWD[c], BWD[c]
            for pawn in range(base, base + 4):
                loc = pos[pawn]
                if loc < 0 or loc == HOME:                                  # S-5.7
                    continue
                if n:
                    to = fwd[loc][n]
                    if to != NONE:
                        if to < SAFE1:                                      # S-5.2
                            o = occ[to]
                            if o < 0 or o >> 2 != c:
                                add(cache[pawn * 256 + loc])
                        elif to == HOME or to not in pos[base:base + 4]:
                            add(cache[pawn * 256 + loc])
                if back:
                    to = bwd[loc][back]
                    if to < SAFE1:
                        o = occ[to]
                        if o < 0 or o >> 2 != c:
                            if o < 0 and self._slides_back(pawn, loc, to):
                                if unchanged:
                                    continue            # the same outcome as one listed: one move
                                unchanged = True
                            add(cache[pawn * 256 + 128 + loc])
                    elif to not in pos[base:base + 4]:
                        add(cache[pawn * 256 + 128 + loc])
        return out

    def _slides_back(self, pawn: int, loc: int, to: int) -> bool:
        """Whether `pawn` moving back from `loc` onto an empty `to` slides to `loc` again,
        sweeping nobody: the board is left as it was (S-7.1), as by any other such move."""
        slide = SLIDE[pawn >> 2][to]
        if slide is None or slide[0] != loc:
            return False
        occ = self.occ
        return all(occ[sq] < 0 or occ[sq] == pawn for sq in slide[1])

    def _start_pawn(self, colour: int) -> int:
        """The lowest-numbered pawn of `colour` in START, or -1 (one move for any of them)."""
        pos = self.pos
        for pawn in range(colour * 4, colour * 4 + 4):
            if pos[pawn] == START:
                return pawn
        return -1

    def _can_land(self, colour: int, to: int) -> bool:
        """S-5.2: a pawn may not end a move on a pawn of its own colour."""
        if to < SAFE1:
            o = self.occ[to]
            return o < 0 or o >> 2 != colour
        if to == HOME:
            return True
        base = colour * 4
        return to not in self.pos[base:base + 4]

    def _splits(self, seat: int) -> list[SorryMove]:
        """S-9: the 7 split between two different pawns, both forward, in either order.

        Most splits don't interact (no slide, neither part lands where the
        other pawn stands or lands): then both orders are one move and its
        legality is plain S-5.2. The rest are played out in both orders and
        kept once per distinct outcome.
        """
        pos, occ = self.pos, self.occ
        movable = [p for c in self.team_colours[seat] for p in range(c * 4, c * 4 + 4)
                   if pos[p] != START and pos[p] != HOME]                   # S-9.2
        plain = []          # non-interacting splits
        out = []
        seen = set()
        infos = []
        for p in movable:
            c, loc = p >> 2, pos[p]
            row = SPLIT_ROWS[c][loc]
            own = pos[c * 4: c * 4 + 4]
            ok = [False] * 7                                                # S-5.2 now
            for x in range(1, 7):
                if row[x] is not None:
                    to = row[x][0]
                    if to < SAFE1:
                        o = occ[to]
                        ok[x] = o < 0 or o >> 2 != c
                    else:
                        ok[x] = to == HOME or to not in own
            infos.append((p, loc, SQUARE_KEY[c][loc], row, ok))
        for i, (a, la, ka, ra, oka) in enumerate(infos):
            for b, lb, kb, rb, okb in infos[i + 1:]:
                for x in range(1, 7):
                    ia, ib = ra[x], rb[7 - x]
                    if ia is None or ib is None:                            # S-9.3
                        continue
                    ta, kta, slide_a = ia
                    tb, ktb, slide_b = ib
                    if (slide_a is None and slide_b is None and kta != kb and ktb != ka
                            and (kta != ktb or ta == HOME)):
                        if oka[x] and okb[7 - x]:
                            plain.append(SorryMove(seat, "7", SPLIT, ((a, la, ta), (b, lb, tb))))
                        continue
                    orders = (((a, la, ta), (b, lb, tb)), ((b, lb, tb), (a, la, ta)))
                    if _apart(ka, kta, slide_a, kb, ktb, slide_b):
                        orders = orders[:1]     # order can't matter: play it one way
                    for parts in orders:
                        result = self._simulate(parts)
                        if result is not None and result not in seen:
                            seen.add(result)
                            out.append(SorryMove(seat, "7", SPLIT, parts))
        if not seen:
            return plain
        # Rare: an interacting split may end like a plain one; keep each outcome once.
        kept = []
        for m in plain:
            result = list(pos)
            for pawn, _, to in m.parts:
                if to < SAFE1 and occ[to] >= 0:
                    result[occ[to]] = START
                result[pawn] = to
            result = tuple(result)
            if result not in seen:
                seen.add(result)
                kept.append(m)
        return kept + out

    def _simulate(self, parts) -> tuple | None:
        """The positions after playing `parts` in order, or None if a part is illegal."""
        saved_pos, saved_occ = self.pos, self.occ
        self.pos, self.occ = saved_pos[:], saved_occ[:]
        try:
            for pawn, frm, to in parts:
                if self.pos[pawn] != frm or not self._can_land(pawn >> 2, to):   # S-9.1
                    return None
                self._move_pawn(pawn, to, None)
            return tuple(self.pos)
        finally:
            self.pos, self.occ = saved_pos, saved_occ

    def _switches(self, seat: int) -> list[SorryMove]:
        """S-10.2: swap one team track pawn with another colour's track pawn (S-12.5)."""
        pos = self.pos
        colours = self.team_colours[seat]
        out = []
        on_track = [p for p in range(16) if 0 <= pos[p] < SAFE1]
        for c in colours:
            for a in on_track:
                if a >> 2 != c:
                    continue
                la = pos[a]
                for b in on_track:
                    if b >> 2 == c or (b >> 2 in colours and b < a):   # own<->partner: once
                        continue
                    lb = pos[b]
                    out.append(SorryMove(seat, "11", SWITCH, ((a, la, lb), (b, lb, la))))
        return out

    # ------------------------------------------------------ applying moves
    def _move_pawn(self, pawn: int, to: int, events: list | None) -> None:
        """Move `pawn` to `to`, bumping (S-6) and sliding (S-7); `to` is legal."""
        pos, occ = self.pos, self.occ
        frm = pos[pawn]
        if 0 <= frm < SAFE1 and occ[frm] == pawn:
            occ[frm] = -1
        pos[pawn] = to
        if to < 0 or to >= SAFE1:
            return
        other = occ[to]
        if other >= 0:                                                     # S-6.1
            pos[other] = START
            if events is not None:
                events.append(_bump_event(other, pawn))
        occ[to] = pawn
        slide = SLIDE[pawn >> 2][to]
        if slide is not None:                                              # S-7.1
            end, squares = slide
            sent = []
            for sq in squares:                                             # S-7.2
                o = occ[sq]
                if o >= 0:
                    pos[o] = START
                    occ[sq] = -1
                    sent.append(o)
            occ[to] = -1
            occ[end] = pawn
            pos[pawn] = end
            if events is not None:
                text = f"{PAWN_WORDS[pawn]} slid to {LOC_WORDS[end]}"
                if sent:
                    text += " and sent " + and_list([PAWN_WORDS[o] for o in sent]) + " back to START"
                events.append(Event("slide", text, pawn >> 2))

    def _apply(self, move: SorryMove) -> list[Event]:
        seat, card, kind = move.seat, move.card, move.kind
        events: list[Event] = []
        pos = self.pos
        home = False            # did a pawn reach HOME (only then can the game end)?
        if kind in _NO_MOVES:
            events.append(_no_move_event(seat, card, kind))
        elif kind in _PAWN_MOVES:
            for pawn, frm, to in move.parts:
                steps = steps_between(pawn >> 2, frm, to) if kind == SPLIT else 0
                events.append(_step_event(seat, card, kind, pawn, to, steps))
                self._move_pawn(pawn, to, events)
                if to == HOME:
                    home = True
                    events.append(_home_event(pawn))
        elif kind == mv.SWITCH:
            (a, la, lb), (b, _, _) = move.parts
            pos[a], pos[b] = lb, la
            self.occ[la], self.occ[lb] = b, a
            events.append(_switch_event(seat, a, la, b, lb))
            self._move_pawn(a, lb, events)          # slides only (the square is its own now)
            if pos[b] == la:                        # not sent back by that slide
                self._move_pawn(b, la, events)
        self.turn += 1
        if self.variant == "points":
            return self._end_points_turn(move, home, events)
        self.discard.append(card)
        self.card = None
        if home and self._check_win(seat, events):
            return events
        if card == "2":                                                    # S-3: draw again
            nxt = seat
        else:
            nxt = (seat + 1) % self.players
        self.to_act = nxt
        self.again = nxt == seat
        draw = self.draw
        self.card = draw.pop() if draw else self._draw(events)
        events.append(_draw_event(nxt, self.card, nxt == seat))
        return events

    def _draw(self, events: list) -> str:
        """Top card of the draw pile, reshuffling the discard pile when it is empty (S-3)."""
        if not self.draw:
            self.draw = self.discard
            self.discard = []
            self.rng.shuffle(self.draw)
            events.append(Event("reshuffle", "The discard pile was shuffled into a new draw pile"))
        return self.draw.pop()

    def _team_home(self, seat: int) -> bool:
        pos = self.pos
        return all(pos[p] == HOME for c in self.team_colours[seat] for p in range(c * 4, c * 4 + 4))

    def _check_win(self, seat: int, events: list) -> bool:
        """S-11 / S-12.6: the player (team) whose pawns are all HOME wins at once."""
        if not self._team_home(seat):
            return False
        if self.variant == "teams":
            self._winners = sorted(self.team_colours[seat])
            names = " and ".join(COLOURS[s] for s in self._winners)
            events.append(Event("win", f"{names} have all eight pawns HOME and win!", seat))
        else:
            self._winners = [seat]
            events.append(Event("win", f"{COLOURS[seat]} has all four pawns HOME and wins!", seat))
        self.to_act = None
        self.again = False
        return True

    # -------------------------------------------------- points variant
    def _end_points_turn(self, move: SorryMove, home: bool, events: list) -> list[Event]:
        seat = move.seat
        self.hands[seat].remove(move.card)                                 # S-13.3
        self.discard.append(move.card)
        if home and self._team_home(seat):                                 # S-13.5
            return self._end_points_game(seat, events)
        self.hands[seat].append(self._draw(events))
        events.append(Event("draw", f"{COLOURS[seat]} drew a replacement card", seat))
        self.again = move.card == "2" and move.kind != mv.DISCARD
        if self.again:
            events.append(Event("again", f"{COLOURS[seat]} plays again after the 2", seat))
        else:
            self.to_act = (seat + 1) % self.players
        return events

    def game_scores(self, winner: int) -> list[int]:
        """S-13.6: 5 per own pawn HOME; the winner adds 5 per opponent pawn out and a bonus."""
        pos = self.pos
        home = [sum(pos[s * 4 + k] == HOME for k in range(4)) for s in range(self.players)]
        scores = [5 * h for h in home]
        others = [home[s] for s in range(self.players) if s != winner]
        scores[winner] += 5 * sum(4 - h for h in others)
        best = max(others)
        scores[winner] += 100 if best == 0 else 50 if best <= 1 else 25 if best <= 2 else 0
        return scores

    def _end_points_game(self, winner: int, events: list) -> list[Event]:
        self.again = False
        self.ended_pos = self.pos[:]
        scores = self.game_scores(winner)
        self.history.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        sheet = ", ".join(f"{COLOURS[s]} {scores[s]}" for s in range(self.players))
        # (target 0, a single game: the points decide, so the game's end is not called a win)
        ended = f"wins game {len(self.history)}" if self.target else "has every pawn HOME"
        events.append(Event("game_over", f"{COLOURS[winner]} {ended} ({sheet})", winner))
        if max(self.totals) >= self.target:                                # S-13.7
            best = max(self.totals)
            self._winners = [s for s in range(self.players) if self.totals[s] == best]
            names = " and ".join(COLOURS[s] for s in self._winners)
            what = " the match" if self.target else ""
            events.append(Event("win", f"{names} {'win' if len(self._winners) > 1 else 'wins'}"
                                       f"{what} with {best} points", self._winners[0]))
            self.to_act = None
            return events
        self.first = winner                                                # next game: winner starts
        self._deal()
        events.append(Event("deal", f"Game {len(self.history) + 1} of the match: "
                                    f"{COLOURS[winner]} starts", winner))
        return events

    # ------------------------------------------------------ views, copies
    def view(self, seat: int | None = None) -> dict:
        self.check_seat(seat)
        points = self.variant == "points"
        own_hand = None
        if points and seat is not None:
            own_hand = sorted(self.hands[seat], key=CARD_ORDER.__getitem__)
        return {
            "game": "sorry",
            "variant": self.variant,
            "players": self.players,
            "colours": list(COLOURS[: self.players]),
            "seat": seat,
            "to_act": self.to_act,
            "phase": "over" if self.to_act is None else "play",
            "turn": self.turn,
            "again": self.again,
            "first": self.first,
            "scores": self.scores,
            "winners": self.winners,
            "card": self.card,
            "hand": own_hand,
            "hand_sizes": [len(h) for h in self.hands] if points else [0] * self.players,
            "discard": list(self.discard),
            "draw_count": len(self.draw),
            "positions": self.positions(),
            "teams": [[0, 2], [1, 3]] if self.variant == "teams" else None,
            "match": ({"target": self.target, "games": len(self.history), "totals": list(self.totals),
                       "history": [list(h) for h in self.history],
                       "ended_positions": self.positions(self.ended_pos) if self.ended_pos is not None else None,
                       **({"game_moves": self.turn - self.dealt_turn} if self.dealt_turn is not None else {})}
                      if points else None),
        }

    def determinize(self, seat: int | None, rng: random.Random) -> "SorryGame":
        """A copy with the draw-pile order and the hands `seat` can't see re-dealt."""
        self.check_seat(seat)
        g = self._public_copy()
        g.rng = child_rng(rng)
        unseen = list(DECK)
        for card in self.discard:
            unseen.remove(card)
        if self.card is not None:
            unseen.remove(self.card)
        known = seat if self.variant == "points" else None
        if known is not None:
            for card in self.hands[known]:
                unseen.remove(card)
        unseen.sort(key=CARD_ORDER.__getitem__)
        rng.shuffle(unseen)
        if self.variant == "points":
            g.hands = []
            for s in range(self.players):
                if s == known:
                    g.hands.append(sorted(self.hands[s], key=CARD_ORDER.__getitem__))
                else:
                    g.hands.append([unseen.pop() for _ in range(len(self.hands[s]))])
        g.draw = unseen
        return g

    def _public_copy(self) -> "SorryGame":
        g = SorryGame.__new__(SorryGame)
        g.players, g.variant, g.seed = self.players, self.variant, None
        g.first, g.target, g.to_act, g.turn = self.first, self.target, self.to_act, self.turn
        g.again, g.dealt_turn = self.again, self.dealt_turn
        g.pos, g.occ = self.pos[:], self.occ[:]
        g.discard, g.card = self.discard[:], self.card
        g.hands = None
        g._winners = self._winners[:]
        g.totals, g.history = self.totals[:], [h[:] for h in self.history]
        g.ended_pos = self.ended_pos
        g.team_colours = self.team_colours
        g._legal = None
        return g

    def clone(self, share_rng: bool = False) -> "SorryGame":
        """An independent copy (same hidden state, same RNG state). With
        `share_rng` the copy uses this game's generator itself (only a
        reshuffle draws on it): cheaper, for throwaway copies such as a bot's
        look-ahead."""
        g = self._public_copy()
        g.seed = self.seed
        g.draw = self.draw[:]
        g.hands = [h[:] for h in self.hands] if self.hands is not None else None
        g.rng = self.rng if share_rng else copy_rng(self.rng)
        return g

    def to_dict(self) -> dict:
        return {
            "game": "sorry",
            "format": FORMAT,
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "first": self.first,
            "target": self.target,
            "to_act": self.to_act,
            "turn": self.turn,
            "again": self.again,
            "dealt_turn": self.dealt_turn,
            "positions": [LOC_NAMES[p] for p in self.pos],
            "draw": list(self.draw),
            "discard": list(self.discard),
            "card": self.card,
            "hands": [list(h) for h in self.hands] if self.hands is not None else None,
            "winners": list(self._winners),
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "ended_positions": [LOC_NAMES[p] for p in self.ended_pos] if self.ended_pos is not None else None,
            "rng": rng_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, d: dict) -> "SorryGame":
        try:
            if d.get("format") != FORMAT:
                raise ValueError(f"unsupported Sorry! state format {d.get('format')!r}")
            g = cls(d["players"], d["variant"], d["seed"], d["first"], d["target"],
                    rng_from_json(d["rng"]))
            g.to_act, g.turn = d["to_act"], d["turn"]
            g.again = bool(d.get("again", False))       # (saves from before it was kept: False)
            dealt = d.get("dealt_turn")                 # (saves from before it was kept: 0 in a
            g.dealt_turn = (int(dealt) if dealt is not None     # match's first game, else not known
                            else None if d.get("history") else 0)  # until the next game is dealt)
            g.pos = [NAME_LOCS[name] for name in d["positions"]]
            g.draw, g.discard, g.card = list(d["draw"]), list(d["discard"]), d["card"]
            g.hands = [list(h) for h in d["hands"]] if d["hands"] is not None else None
            g._winners = list(d["winners"])
            g.totals, g.history = list(d["totals"]), [list(h) for h in d["history"]]
            ended = d.get("ended_positions")            # (saves from before it was kept: none)
            g.ended_pos = [NAME_LOCS[name] for name in ended] if ended is not None else None
        except (KeyError, TypeError, IndexError) as exc:
            raise damaged_state(cls.title, exc) from None
        g.check()
        g.check_reached()
        for pawn, loc in enumerate(g.pos):
            if 0 <= loc < SAFE1:
                g.occ[loc] = pawn
        return g

    def check_reached(self) -> None:
        """Raise ValueError if play could not have led here (a saved state; test positions
        may set up what no game reaches)."""
        if any(loc != START for loc in self.pos[4 * self.players:]):
            raise ValueError("a pawn of a colour not in the game has left START")
        sides = [(0, 2), (1, 3)] if self.variant == "teams" else [(c,) for c in range(self.players)]
        if self.to_act is not None and any(all(self.pos[p] == HOME for c in side for p in range(4 * c, 4 * c + 4))
                                           for side in sides):
            raise ValueError("a side has every pawn HOME, yet the game goes on")

    def check(self) -> None:
        """Raise ValueError unless the state is consistent (used on load and in tests)."""
        if self.players not in (2, 3, 4) or self.variant not in VARIANTS:
            raise ValueError("bad players or variant")
        _check_places(self.pos, "")
        if self.ended_pos is not None:              # the last finished game's pawns, alike
            if not self.history:
                raise ValueError("ended_positions without a finished game")
            _check_places(self.ended_pos, " in ended_positions")
        cards = sorted(self.draw + self.discard + ([self.card] if self.card else [])
                       + [c for h in (self.hands or []) for c in h])
        if cards != sorted(DECK):
            raise ValueError("cards do not add up to the 45-card deck")
        def whole(v) -> bool:
            return isinstance(v, int) and not isinstance(v, bool) and v >= 0

        if self.to_act is not None and not is_seat(self.to_act, self.players):
            raise ValueError("bad seat to act")
        if not is_seat(self.first, self.players) or not whole(self.turn) or not whole(self.target):
            raise ValueError("bad first seat, turn or target")
        if not isinstance(self._winners, list) or not all(is_seat(w, self.players) for w in self._winners):
            raise ValueError("bad winners")
        if (self.to_act is None) != bool(self._winners):
            raise ValueError("the game's end and its winners disagree")
        if self.variant == "points":
            if (len(self.totals) != self.players or not all(map(whole, self.totals))
                    or any(len(h) != self.players or not all(map(whole, h)) for h in self.history)):
                raise ValueError("bad match scores")
            if self.to_act is not None and not self.hands[self.to_act]:
                raise ValueError("the player to act holds no card")
        elif self.to_act is not None and self.card is None:
            raise ValueError("no card drawn for the player to act")

    # ------------------------------------------------------ explanations
    def _explain(self, move) -> str:
        if self.variant == "points":
            if move.card not in self.hands[move.seat]:
                return f"{COLOURS[move.seat]} holds no {card_words(move.card)}"
        elif move.card != self.card:
            return f"the card to play is {card_words(self.card)}, not {card_words(move.card)}"
        legal = self._legal or []
        if move.kind == mv.PASS or move.kind == mv.DECLINE:
            return "you must move when a move is possible (S-5.3)"
        if move.kind == mv.DISCARD:
            return "you may only discard when no card in your hand moves (S-13.4)"
        for pawn, frm, to in move.parts:
            if pawn >> 2 not in self.team_colours[move.seat]:
                return f"{PAWN_WORDS[pawn]} is not yours to move"
            if self.pos[pawn] != frm:
                return f"{PAWN_WORDS[pawn]} is on {LOC_WORDS[self.pos[pawn]]}, not {LOC_WORDS[frm]}"
            if frm == START and move.kind not in (mv.START_PAWN, mv.SORRY):
                return "only a 1, a 2 or a SORRY! takes a pawn out of START (S-4.1, S-8)"
            if frm == HOME:
                return "a pawn in HOME never moves again (S-5.5)"
            if not self._can_land(pawn >> 2, to):
                return f"{PAWN_WORDS[pawn]} would land on its own colour (S-5.2)"
        n = len(legal)
        return f"that is not one of the {n} legal move{'s' if n != 1 else ''} with this card"
