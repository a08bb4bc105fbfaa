"""Sorry! bots: a heuristic player (normal) and a look-ahead player (hard).

Both see only a determinized copy of the game (engine.bots.choose). The
heuristic values each pawn by its progress, discounts pawns that opponents
can bump with the cards still to come, and compares the mover's side (its
team in the team variant) with the opponents. `hard` looks one turn ahead:
from the heuristic's six best moves it picks the one whose position is best
on average over the card the next player draws (weighted by what is left in
the deck) and that player's heuristic reply.
"""
from __future__ import annotations

import random
from collections import Counter

from ..sorry.board import CIRCLE, FWD, HOME, SAFE1, SLIDE, START, TURN
from ..sorry.cards import DECK
from ..sorry.moves import DISCARD

TRACK = 60
W_HOME = 100.0
W_SAFE = 80.0
W_START = 0.0


def _dist_table():
    """DIST[c][loc]: forward steps from loc to HOME for colour c (START: 65)."""
    out = []
    for c in range(4):
        row = {}
        for loc in range(HOME + 1):
            steps, at = 0, loc
            while at != HOME and steps < 80:
                at = FWD[c][at][1]
                steps += 1
            row[loc] = steps
        row[START] = 65
        out.append(row)
    return out


DIST = _dist_table()

# Chance, per card drawn, that a pawn lands exactly k squares ahead of it
# (forward cards, and the 7's split parts) — used for the bump threat.
_CARD_P = {card: n / len(DECK) for card, n in Counter(DECK).items()}
FWD_HIT = [0.0] * 13
for _card, _k in (("1", 1), ("2", 2), ("3", 3), ("5", 5), ("7", 7), ("8", 8), ("10", 10), ("11", 11),
                  ("12", 12)):
    FWD_HIT[_k] += _CARD_P[_card]
for _k in range(1, 7):
    FWD_HIT[_k] += _CARD_P["7"] * 0.25
BACK_HIT = {4: _CARD_P["4"], 1: _CARD_P["10"] * 0.5}
SORRY_P = _CARD_P["SORRY"]

# Squares that, when landed on by colour c, end on square q (slides included).
LANDINGS = [[[] for _ in range(TRACK)] for _ in range(4)]
for _c in range(4):
    for _sq in range(TRACK):
        slide = SLIDE[_c][_sq]
        LANDINGS[_c][_sq].append(_sq)
        if slide is not None:
            for _q in slide[1]:
                LANDINGS[_c][_q].append(_sq)   # landing on _sq sweeps _q


def pawn_value(colour: int, loc: int) -> float:
    if loc == START:
        return W_START
    if loc == HOME:
        return W_HOME
    d = DIST[colour][loc]
    if loc >= SAFE1:
        return W_SAFE + (6 - d) * 2.0
    # 64 steps from the circle: 10 for being out, then progress.
    return 10.0 + (65 - d) * 0.9


def threat(pos: list[int], colour: int, sq: int, enemies: tuple[int, ...]) -> float:
    """Rough chance that some enemy pawn ends on (or sweeps) square `sq` before our next turn."""
    p = 0.0
    for e in enemies:
        ec = e >> 2
        loc = pos[e]
        if loc < 0 or loc >= SAFE1:
            continue
        to_turn = (TURN[ec] - loc) % TRACK
        for land in LANDINGS[ec][sq]:
            k = (land - loc) % TRACK
            if 0 < k <= 12 and k <= to_turn:
                p += FWD_HIT[k]
            back = (loc - land) % TRACK
            if back in BACK_HIT:
                p += BACK_HIT[back]
    return p


def make_risk(g):
    """risk_of(colour, square): rough chance an enemy bumps that pawn before its side moves again."""
    pos = g.pos
    players = g.players
    cache = {}

    def risk_of(colour: int, sq: int) -> float:
        enemies = cache.get(colour)
        if enemies is None:
            side = g.team_colours[colour] if colour < len(g.team_colours) else (colour,)
            enemies = tuple(p for c in range(players) if c not in side for p in range(c * 4, c * 4 + 4))
            sorry = SORRY_P * sum(1 for e in enemies if pos[e] == START) / 4
            enemies = cache[colour] = (enemies, sorry)
        return min(threat(pos, colour, sq, enemies[0]) + enemies[1], 0.9)

    return risk_of


def sides_of(g) -> list[tuple[int, ...]]:
    if g.variant == "teams":
        return [(0, 2), (1, 3)]
    return [(c,) for c in range(g.players)]


def evaluate(g, seat: int) -> float:
    """How good the position is for `seat` (its team in the team variant)."""
    pos = g.pos
    risk_of = make_risk(g)
    values = []
    sides = sides_of(g)
    sides.sort(key=lambda side: seat not in side)      # our side first
    for side in sides:
        total = 0.0
        for c in side:
            for p in range(c * 4, c * 4 + 4):
                loc = pos[p]
                v = pawn_value(c, loc)
                if 0 <= loc < SAFE1:
                    v -= risk_of(c, loc) * (v - W_START) * 0.8
                    if loc == CIRCLE[c]:
                        v -= 2.0      # blocks our own START
                total += v
        values.append(total)
    me, rest = values[0], values[1:]
    if not rest:
        return me
    return me - 0.6 * max(rest) - 0.4 * sum(rest) / len(rest)


def after(g, move):
    """A copy of `g` with `move` played (no legality re-check: it came from g)."""
    c = g.clone()
    c._apply(move)
    c._legal = None
    return c


# Which cards the points variant would rather keep in hand (higher: keep).
KEEP = {"SORRY": 6, "1": 5, "2": 5, "11": 4, "7": 4, "10": 4, "4": 3, "12": 2, "8": 2, "5": 2, "3": 1}


def score_move(g, move, seat: int) -> float:
    if move.kind == DISCARD:
        return evaluate(g, seat) - KEEP[move.card]
    value = evaluate(after(g, move), seat)
    if g.variant == "points":
        value -= 0.5 * KEEP[move.card]
    return value


def choose_normal(g, legal):
    seat = g.to_act
    best, best_value = legal[0], float("-inf")
    for m in legal:
        v = score_move(g, m, seat)
        if v > best_value:
            best, best_value = m, v
    return best


CANDIDATES = 6          # hard: how many of the best one-ply moves it looks ahead from


def _reply_value(c, seat: int) -> float:
    """`seat`'s evaluation once the player to act in `c` has made its heuristic move."""
    if c.to_act is None:
        return 1e6 if seat in c.winners else -1e6
    mover = c.to_act
    legal = c.legal_moves()
    if len(legal) == 1:
        reply = legal[0]
    else:
        reply = max(legal, key=lambda m: score_move(c, m, mover))
    if reply.kind == DISCARD:
        return evaluate(c, seat)
    return evaluate(after(c, reply), seat)


def expected_after(g, move, seat: int) -> float:
    """Expectimax one turn deep: play `move`, then average over the card the next
    player draws (weighted by the unseen cards, i.e. the draw pile of this
    determinized copy) of the position after that player's heuristic reply."""
    c = after(g, move)
    if c.to_act is None:
        return 1e6 if seat in c.winners else -1e6
    if g.variant == "points":              # hands: the next player's (re-dealt) hand is the chance
        return _reply_value(c, seat)
    pile = c.draw + [c.card]               # what the drawn card could have been
    total = 0.0
    for card, n in Counter(pile).items():
        c.card = card
        c._legal = None
        total += n * _reply_value(c, seat)
    return total / len(pile)


def choose_hard(g, legal, rng: random.Random):
    """Of the best few moves by the heuristic, the one whose position is best
    after the next player's likely card and reply (expectimax, one turn)."""
    seat = g.to_act
    scored = sorted(((score_move(g, m, seat), i, m) for i, m in enumerate(legal)), reverse=True)
    best, best_value = scored[0][2], float("-inf")
    for _, _, m in scored[:CANDIDATES]:
        if m.kind == DISCARD:
            value = evaluate(g, seat) - KEEP[m.card]
        else:
            value = expected_after(g, m, seat)
            if g.variant == "points":
                value -= 0.5 * KEEP[m.card]
        if value > best_value:
            best, best_value = m, value
    return best


def choose(g, level: str, rng: random.Random):
    legal = g.legal_moves()
    if level == "normal":
        return choose_normal(g, legal)
    return choose_hard(g, legal, rng)
