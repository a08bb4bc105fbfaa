"""Sorry! bots: a heuristic player (normal) and a look-ahead player (hard).

Both see only a determinized copy of the game (engine.bots.choose). The
heuristic values each pawn by its progress, discounts pawns that opponents
can bump with the cards still to come, and compares the mover's side (its
team in the team variant) with the opponents; a move that wins on the spot
is always taken. `hard` plays out normal's eight
best moves: in re-deals of the unseen cards (the same deals for every
candidate) it plays the move and lets every seat, itself included, play
normal's move until it has moved twice more, then evaluates the position.
The candidates race over batches of re-deals, the clearly worse ones
dropping out, up to 120 re-deals; the best mean wins.
"""
from __future__ import annotations

import random
from collections import Counter

from ..sorry.board import CIRCLE, FWD, HOME, SAFE1, SLIDE, START, TURN
from ..sorry.cards import DECK
from ..sorry.moves import DISCARD
from .race import race

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


def make_risk(g):
    """risk_of(colour, square): rough chance that an enemy pawn ends on (or
    sweeps) that square before the pawn's side moves again: an exact forward
    count (slides included, never past the enemy's own safety turn), a
    backward 4 or 1, or a SORRY! from an enemy START."""
    pos = g.pos
    players = g.players
    track = []                      # (colour, square, steps to its safety turn) per pawn on the track
    waiting = [0] * players         # pawns in START per colour
    for p in range(players * 4):
        loc = pos[p]
        if loc == START:
            waiting[p >> 2] += 1
        elif 0 <= loc < SAFE1:
            c = p >> 2
            track.append((c, loc, (TURN[c] - loc) % TRACK))
    cache = {}

    def risk_of(colour: int, sq: int) -> float:
        entry = cache.get(colour)
        if entry is None:
            side = g.team_colours[colour] if colour < len(g.team_colours) else (colour,)
            enemies = [t for t in track if t[0] not in side]
            sorry = SORRY_P * sum(waiting[c] for c in range(players) if c not in side) / 4
            entry = cache[colour] = (enemies, sorry)
        p = 0.0
        for ec, loc, to_turn in entry[0]:
            for land in LANDINGS[ec][sq]:
                k = (land - loc) % TRACK
                if 0 < k <= 12 and k <= to_turn:
                    p += FWD_HIT[k]
                back = (loc - land) % TRACK
                if back in BACK_HIT:
                    p += BACK_HIT[back]
        return min(p + entry[1], 0.9)

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
    c = g.clone(share_rng=True)
    c._apply(move)
    c._legal = None
    return c


# Which cards the points variant would rather keep in hand (higher: keep).
KEEP = {"SORRY": 6, "1": 5, "2": 5, "11": 4, "7": 4, "10": 4, "4": 3, "12": 2, "8": 2, "5": 2, "3": 1}


WIN = 1e4           # the value of a won (lost: minus) game, far above any evaluation


def outcome(c, seat: int, games: int) -> float | None:
    """+-WIN when `c` is over for `seat`'s side, won or lost: the game, or in the points
    variant the game of the match after the `games` played before (won by its points,
    even when it ends a match another leads); None while it goes on."""
    if len(c.history) != games:                        # points: that game of the match is over
        scores = c.history[-1]
        return WIN if scores[seat] == max(scores) else -WIN
    if c.to_act is None:
        return WIN if seat in c.winners else -WIN
    return None


def score_move(g, move, seat: int) -> float:
    if move.kind == DISCARD:
        return evaluate(g, seat) - KEEP[move.card]
    c = after(g, move)
    ended = outcome(c, seat, len(g.history))
    if ended is not None:           # a win on the spot is never passed up for a bump elsewhere
        return ended
    value = evaluate(c, seat)
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


CANDIDATES = 8      # hard: how many of normal's best moves it looks ahead from
BATCH = 10          # hard: re-deals of the unseen cards per step of the race between candidates
MIN_SAMPLES = 20    # hard: re-deals before a candidate may be dropped
MAX_SAMPLES = 120   # hard: re-deals at most per decision, the same for every candidate
Z = 2.0             # hard: a candidate trailing the leader by Z standard errors is dropped
HORIZON = 2         # hard: the play-out stops after this many more moves of the bot's own


def play_out(c, seat: int, horizon: int = HORIZON) -> float:
    """Play `c` on, every seat by the normal policy, until `seat` has moved
    `horizon` more times; then `seat`'s evaluation (or +-WIN when the game,
    or in the points variant the hand, ended on the way)."""
    own = 0
    hands = len(c.history)
    while c.to_act is not None and len(c.history) == hands:
        mover = c.to_act
        legal = c.legal_moves()
        move = legal[0] if len(legal) == 1 else choose_normal(c, legal)
        c._apply(move)
        c._legal = None
        if mover == seat:
            own += 1
            if own >= horizon:
                break
    ended = outcome(c, seat, hands)
    return evaluate(c, seat) if ended is None else ended


def choose_hard(g, legal, rng: random.Random):
    """Of normal's best few moves, the one with the best mean over play-outs:
    in re-deals of the unseen cards (the draw pile, and in the points variant
    the others' hands) every candidate is played, then every seat plays
    normal's move until the bot has moved HORIZON more times (about two
    rounds of the table), and the position is evaluated. The candidates race
    (`race.race`): clearly worse ones drop out after each batch of re-deals,
    so close decisions get up to MAX_SAMPLES re-deals."""
    seat = g.to_act
    scored = sorted(((score_move(g, m, seat), i, m) for i, m in enumerate(legal)), reverse=True)
    if scored[0][0] >= WIN:                 # a win on the spot: nothing to look ahead for
        return scored[0][2]
    moves = [m for _, _, m in scored[:CANDIDATES]]

    def value(i: int, deal) -> float:
        c = deal.clone(share_rng=True)
        c._apply(moves[i])
        c._legal = None
        return play_out(c, seat)

    best = race(len(moves), lambda: g.determinize(seat, random.Random(rng.getrandbits(64))), value,
                batch=BATCH, min_samples=MIN_SAMPLES, max_samples=MAX_SAMPLES, z=Z)
    return moves[best]


def choose(g, level: str, rng: random.Random):
    legal = g.legal_moves()
    if level == "normal":
        return choose_normal(g, legal)
    return choose_hard(g, legal, rng)
