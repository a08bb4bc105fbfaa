"""A slow, straightforward second implementation of the moving rules
(P-3 table, P-4.4/4.5, P-5, P-6, P-7, P-8.1/8.2 and the RULES.md
decisions), written from the spec without the engine's tables or tricks.
The property tests check that the engine's legal moves reach exactly the
outcomes this one finds, each once.

Positions are lists (per seat) of 5 locations: ("s",), ("t", hole), ("h", k).
"""
from __future__ import annotations

FORWARD = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "9": 9, "10": 10,
           "J": 10, "Q": 10, "K": 10}
COME_OUT = ("A", "J", "Q", "K")


def parse(name: str) -> tuple:
    kind, _, n = name.partition(":")
    return ("s",) if kind == "start" else (kind[0], int(n))


def unparse(loc: tuple) -> str:
    return "start" if loc[0] == "s" else f"{'track' if loc[0] == 't' else 'home'}:{loc[1]}"


class Ref:
    def __init__(self, players: int):
        self.players = players
        self.length = 18 * players

    def in_spot(self, o):
        return 18 * o + 3

    def come_out(self, o):
        return 18 * o + 8

    def plays_for(self, seat, pos):
        for j in range(self.players // 2):
            o = (seat + 2 * j) % self.players
            if any(loc[0] != "h" for loc in pos[o]):
                return o
        return None

    def occupant(self, pos, t):
        for o, pegs in enumerate(pos):
            for i, loc in enumerate(pegs):
                if loc == ("t", t):
                    return o, i
        return None

    def land(self, pos, o, i, t):
        """Peg (o, i), already lifted, lands on hole t: the new position or None."""
        occ = self.occupant(pos, t)
        if occ is not None:
            oo, ii = occ
            if oo == o:
                return None
            if (oo - o) % 2:
                pos[oo][ii] = ("s",)
            else:
                s = self.in_spot(oo)
                if s == t or self.occupant(pos, s) is not None:
                    return None
                pos[oo][ii] = ("t", s)
        pos[o][i] = ("t", t)
        return pos

    def lifted(self, pos, o, i):
        new = self.copy(pos)
        new[o][i] = ("x",)
        return new

    @staticmethod
    def copy(pos):
        return [list(pegs) for pegs in pos]       # locations are immutable tuples

    def forward(self, pos, o, i, n):
        loc = pos[o][i]
        out = []
        if loc[0] == "s":
            return out
        if loc[0] == "h":
            k = loc[1]
            if k + n <= 5 and not any(("h", j) in pos[o] for j in range(k + 1, k + n + 1)):
                new = self.copy(pos)
                new[o][i] = ("h", k + n)
                out.append(new)
            return out
        p = loc[1]
        path = [(p + j) % self.length for j in range(1, n + 1)]
        own = {loc2[1] for j, loc2 in enumerate(pos[o]) if loc2[0] == "t" and j != i}
        if not own.intersection(path):
            new = self.land(self.lifted(pos, o, i), o, i, path[-1])
            if new is not None:
                out.append(new)
        d = (self.in_spot(o) - p) % self.length
        if d < n <= d + 5 and not own.intersection(path[:d]):
            k = n - d
            if not any(("h", j) in pos[o] for j in range(1, k + 1)):
                new = self.copy(pos)
                new[o][i] = ("h", k)
                out.append(new)
        return out

    def backward(self, pos, o, i, n):
        loc = pos[o][i]
        if loc[0] != "t":
            return []
        p = loc[1]
        path = [(p - j) % self.length for j in range(1, n + 1)]
        own = {loc2[1] for j, loc2 in enumerate(pos[o]) if loc2[0] == "t" and j != i}
        if own.intersection(path):
            return []
        new = self.land(self.lifted(pos, o, i), o, i, path[-1])
        return [] if new is None else [new]

    def first_start(self, pos, o):
        for i, loc in enumerate(pos[o]):
            if loc == ("s",):
                return i
        return None

    def card_outcomes(self, pos, seat, card):
        o = self.plays_for(seat, pos)
        out = []
        if card == "JOKER":
            movers = [i for i, loc in enumerate(pos[o]) if loc[0] == "t"]
            s = self.first_start(pos, o)
            if s is not None:
                movers.append(s)
            for i in movers:
                for oo, pegs in enumerate(pos):
                    if oo == o:
                        continue
                    for loc in pegs:
                        if loc[0] == "t":
                            new = self.land(self.lifted(pos, o, i), o, i, loc[1])
                            if new is not None:
                                out.append(new)
            return out
        if card in COME_OUT:
            i = self.first_start(pos, o)
            if i is not None:
                new = self.land(self.lifted(pos, o, i), o, i, self.come_out(o))
                if new is not None:
                    out.append(new)
        if card == "8":
            for i in range(5):
                out += self.backward(pos, o, i, 8)
            return out
        for i in range(5):
            out += self.forward(pos, o, i, FORWARD[card])
        if card == "7":
            for i1 in range(5):
                for a in range(1, 7):
                    for mid in self.forward(pos, o, i1, a):
                        o2 = self.plays_for(seat, mid)
                        if o2 is None:
                            continue
                        for i2 in range(5):
                            if (o2, i2) != (o, i1):
                                out += self.forward(mid, o2, i2, 7 - a)
        return out

    def outcomes(self, positions, hand, seat) -> set:
        """{(card, positions after)} for every legal choice; discards as (card, None)."""
        pos = [[parse(x) for x in pegs] for pegs in positions]
        moving, jokers = set(), set()
        for card in set(hand):
            for new in self.card_outcomes(pos, seat, card):
                key = (card, tuple(tuple(unparse(x) for x in pegs) for pegs in new))
                (jokers if card == "JOKER" else moving).add(key)
        if moving:
            return moving | jokers
        return jokers | {(card, None) for card in set(hand)}
