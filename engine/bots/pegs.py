"""Pegs and Jokers bots: a heuristic player (normal) and a look-ahead player (hard).

Both see only a determinized copy of the game (engine.bots.choose) and use
nothing but the public API and the documented move fields.

normal -- scores every legal move by the position it leaves (a static
evaluation of the whole table from the mover's team's point of view) plus
the worth of the five cards it keeps:

* every peg is valued by its progress: 0 in START, `V_OUT` once out, one
  point per hole travelled, a bonus in HOME. A peg a few holes past its own
  in-spot (the come-out hole is 5 past it) is valued as if an 8 had already
  taken it back behind the in-spot, less `C8` holes for waiting for the 8.
* a peg on the track loses part of its value by its risk of being bumped
  before its team moves again: opponent pegs 1-10 holes behind it (a card
  of exactly that count, or a split 7), 8 holes ahead (the 8), an opponent
  with pegs in START whose come-out hole it stands on (A K Q J), and a
  joker on the most advanced peg.
* pegs in HOME can't pass one another (P-5.1), so a colour whose HOME pegs
  leave a hole behind them (H1-H3 and H5 taken) must move them up by exact
  count before its pegs outside can come in: every HOME peg that still owes
  such a move (`home_debt`) costs `W_DEBT`. Against the same player without
  it, team against team, this won 81.4% of 1800 four-player games: pegs
  come in deep where they can, and an A closes a hole.
* the team's pegs count for, the opponents' against, so bumping an
  advanced opponent scores its whole progress, and bumping a partner onto
  its in-spot (P-6.2) scores as the big gain it is.
* cards kept in hand are worth something: jokers most (so one is played
  only for a big gain), A K Q J while pegs wait in START, an 8 while a peg
  sits where backing up shortcuts it HOME, a 7 for its split. A dead hand
  discards the least useful card.

A move changes few pegs, so `Position` re-values only the pegs it touches
(moved, bumped, or with a changed threat): normal decides in about a
millisecond, which also makes it hard's model of every other seat.

hard -- keeps normal's best `CANDIDATES` moves and values each by play-outs:
in re-deals of the cards hidden from it (the same deals for every
candidate) it plays the move, lets every other seat reply with the normal
policy until its own next turn, and evaluates the position reached. The
candidate with the best mean (plus a small share of its normal score, to
break ties) is played. With 4 players every candidate gets the same five
re-deals. With 6 and 8, where five or seven replies make one play-out far
noisier, the candidates race (`race.race`) over batches of re-deals and the
clearly worse ones drop out, so close decisions get more re-deals.
"""
from __future__ import annotations

import random

from ..pegs.board import HOME0, PEGS, SIDE, START, come_out, in_spot
from ..pegs.cards import CODES, deck_counts
from ..pegs.moves import Discard
from .race import race

# ------------------------------------------------------------ the weights
V_OUT = 7.0           # a peg out of START, before any progress
C8 = 18.0             # holes' worth of waiting for an 8 to back a peg up to HOME
H_BONUS = 6.0         # a peg in HOME is safe for good
BLOCK = 3.0           # an own peg on the come-out hole while pegs wait in START
WILLING = 0.6         # share of a bump chance an opponent actually takes
OPP_RISK = 0.7        # the opponents' risk counts a bit less: they move first
JOKER_RISK = 0.25     # chance a joker hits the most advanced peg of a team
W_DEBT = 15.0         # per peg in HOME that must still move up to let the rest in (`home_debt`)

# Cards kept in hand.
U_JOKER = 16.0
U_OUT = (7.0, 3.0, 1.0)      # first, second, third come-out card while pegs wait in START
U_EIGHT = (5.0, 1.5)         # an 8 with a peg to back up HOME (first, second)
U_EIGHT_IDLE = 0.8
U_SEVEN = 1.2
U_ACE = 0.6

JOKER = CODES["JOKER"]
EIGHT = CODES["8"]
SEVEN = CODES["7"]
ACE = CODES["A"]
OUT_CARDS = (CODES["A"], CODES["J"], CODES["Q"], CODES["K"])


# ------------------------------------------------------------ tables
class Tables:
    """Everything about a board of `players` sides the evaluation needs."""

    def __init__(self, players: int):
        self.players = players
        L = self.length = SIDE * players                      # P-2
        self.in_spot = [in_spot(o) for o in range(players)]
        self.come_out = [come_out(o) for o in range(players)]
        # progress value of a track hole for each owner
        self.track = []
        self.short = []          # owner -> holes from which an 8 shortcuts HOME
        for o in range(players):
            s = self.in_spot[o]
            row = []
            sh = set()
            for t in range(L):
                f = (s - t) % L + 1                 # steps to H1
                prog = (L - 4) - f
                k = (t - s) % L
                if 1 <= k <= 8:
                    sh.add(t)
                    prog = max(prog, (L - 4) - (9 - k) - C8)
                row.append(V_OUT + prog)
            self.track.append(row)
            self.short.append(sh)
        self.home = [0.0] + [V_OUT + (L - 4) + (h - 1) + H_BONUS for h in range(1, 6)]
        # the owner whose come-out hole a track hole is (-1 for none)
        self.come_out_of = [-1] * L
        for o in range(players):
            self.come_out_of[self.come_out[o]] = o
        # chance an opponent (6 cards in hand) can move exactly k forward / 8 back / come out
        counts = deck_counts(players)
        total = sum(counts)
        q = [c / total for c in counts]

        def held(p):
            return 1.0 - (1.0 - p) ** 6

        fwd = [0.0] * 11
        for k in range(1, 11):
            if k == 1:
                p = q[ACE]
            elif k == 10:
                p = q[10] + q[CODES["J"]] + q[CODES["Q"]] + q[CODES["K"]]
            elif k == 8:
                p = 0.0
            else:
                p = q[k]
            if k <= 6:
                p += q[SEVEN] * 0.7
            fwd[k] = held(p) * WILLING
        self.fwd = fwd
        self.back8 = held(q[EIGHT]) * WILLING
        self.out = held(sum(q[c] for c in OUT_CARDS)) * WILLING
        self.joker = held(q[JOKER]) * JOKER_RISK


_TABLES: dict = {}


def tables(players: int) -> Tables:
    """The tables for `players` and the current weights (tuning changes them)."""
    key = (players, V_OUT, C8, H_BONUS, WILLING, JOKER_RISK)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Tables(players)
    return t


# ------------------------------------------------------------ evaluation
def peg_term(T: Tables, pos: list, board: list, nstart: list, peg: int, scale: float = 1.0) -> float:
    """The value of one peg to its own team: progress less bump risk."""
    p = pos[peg]
    if p < 0:
        return 0.0
    if p > HOME0:
        return T.home[p - HOME0]
    owner = peg // PEGS
    v = T.track[owner][p]
    survive = 1.0
    fwd = T.fwd
    L = T.length
    for k in range(1, 11):
        u = p - k
        occ = board[u]                     # negative index wraps round the loop
        if occ >= 0 and (occ // PEGS - owner) & 1:
            survive *= 1.0 - fwd[k]
    u = p + 8
    if u >= L:
        u -= L
    occ = board[u]
    if occ >= 0 and (occ // PEGS - owner) & 1:
        survive *= 1.0 - T.back8
    o = T.come_out_of[p]
    if o >= 0:
        if (o - owner) & 1:
            if nstart[o]:
                survive *= 1.0 - T.out
        elif o == owner and nstart[o]:
            v -= BLOCK
    return v * (1.0 - scale * (1.0 - survive))


def home_debt(pos: list, owner: int) -> int:
    """How many of `owner`'s pegs in HOME must still move up, by exact count and never
    passing one another (P-5.1, P-5.5), before the pegs outside can all come in: the deepest
    must reach H5, the next H4, and so on, each with a card of its own. H1, H2, H3 and H5
    taken owe 3 (H3 to H4, H2 to H3, H1 to H2: three 1s, an A or a 7's part each, while the
    peg outside waits); a peg alone in H1 owes 1 (any of 1-4 takes it on), so coming in there
    is still worth more than passing HOME by. (Counting the steps instead, 4 for that peg,
    won as often but kept pegs off H1.)"""
    base = owner * PEGS
    holes = sorted((p - HOME0 for p in pos[base:base + PEGS] if p > HOME0), reverse=True)
    return sum(1 for i, h in enumerate(holes) if h != PEGS - i)


def debt_terms(pos: list, players: int) -> list[float]:
    """Per side (even seats, odd seats), the value its colours' HOME debts cost it."""
    out = [0.0, 0.0]
    if W_DEBT:
        for o in range(players):
            out[o & 1] -= W_DEBT * home_debt(pos, o)
    return out


def evaluate_raw(T: Tables, pos: list, team: int) -> float:
    """The position for `team` (0: even seats, 1: odd seats): its pegs' value
    less the opponents'."""
    board = [-1] * T.length
    nstart = [0] * T.players
    for peg, p in enumerate(pos):
        if p < 0:
            nstart[peg // PEGS] += 1
        elif p < HOME0:
            board[p] = peg
    mine = theirs = 0.0
    best = [0.0, 0.0]
    for peg in range(len(pos)):
        side = (peg // PEGS) & 1
        v = peg_term(T, pos, board, nstart, peg, 1.0 if side == team else OPP_RISK)
        if 0 <= pos[peg] < HOME0 and v > best[side]:
            best[side] = v
        if side == team:
            mine += v
        else:
            theirs += v
    mine -= T.joker * best[team]
    theirs -= T.joker * best[1 - team]
    debts = debt_terms(pos, T.players)
    return mine + debts[team] - theirs - debts[1 - team]


def evaluate(g, team: int) -> float:
    """The static evaluation of game `g` for `team` (a won game is decisive)."""
    if g.to_act is None:
        w = g.winners
        return 1e6 if w and w[0] % 2 == team else -1e6
    return evaluate_raw(tables(g.players), g.pos, team)


def apply_parts(pos: list, index: dict, move) -> tuple[list, list]:
    """A copy of `pos` after `move`'s parts (documented move fields only),
    and the pegs that moved or were bumped."""
    pos = pos[:]
    changed = []
    for owner, number, frm, to, bump in move.parts:
        peg = owner * PEGS + number - 1
        pos[peg] = index[to]
        changed.append(peg)
        if bump is not None:
            b_owner, b_number, b_to = bump
            peg = b_owner * PEGS + b_number - 1
            pos[peg] = START if b_to == "start" else index[b_to]
            changed.append(peg)
    return pos, changed


class Position:
    """The evaluation of one position for `team`, and of the positions one
    move away, recomputing only the pegs a move touches (the moved and
    bumped pegs, the pegs whose threats changed)."""

    def __init__(self, T: Tables, pos: list, team: int):
        self.T, self.pos, self.team = T, pos, team
        board = self.board = [-1] * T.length
        nstart = self.nstart = [0] * T.players
        for peg, p in enumerate(pos):
            if p < 0:
                nstart[peg // PEGS] += 1
            elif p < HOME0:
                board[p] = peg
        scales = self.scales = [1.0 if (peg // PEGS) & 1 == team else OPP_RISK
                                for peg in range(len(pos))]
        terms = self.terms = [peg_term(T, pos, board, nstart, peg, scales[peg])
                              for peg in range(len(pos))]
        # per side, the track pegs by value (the joker risk hits the best)
        self.ranked = ([], [])
        sums = debt_terms(pos, T.players)       # (each side's pegs' terms are added to its HOME debts)
        for peg, v in enumerate(terms):
            side = (peg // PEGS) & 1
            sums[side] += v
            if 0 <= pos[peg] < HOME0:
                self.ranked[side].append((v, peg))
        for r in self.ranked:
            r.sort(reverse=True)
        self.sums = sums
        self.value = self._total(sums, [r[0][0] if r else 0.0 for r in self.ranked])

    def _total(self, sums, best) -> float:
        team, j = self.team, self.T.joker
        return (sums[team] - j * best[team]) - (sums[1 - team] - j * best[1 - team])

    def after(self, pos2: list, changed: list) -> float:
        """The evaluation of `pos2`, which differs from this position in `changed` pegs."""
        T, pos, board = self.T, self.pos, self.board
        L = T.length
        board2 = board[:]
        nstart2 = self.nstart[:]
        holes = []
        for peg in changed:
            p = pos[peg]
            if p < 0:
                nstart2[peg // PEGS] -= 1
            elif p < HOME0:
                if board2[p] == peg:
                    board2[p] = -1
                holes.append(p)
        for peg in changed:
            p = pos2[peg]
            if p < 0:
                nstart2[peg // PEGS] += 1
            elif p < HOME0:
                board2[p] = peg
                holes.append(p)
        affected = set(changed)
        for h in holes:
            for k in range(1, 11):
                occ = board2[(h + k) % L]
                if occ >= 0:
                    affected.add(occ)
            occ = board2[h - 8]
            if occ >= 0:
                affected.add(occ)
        nstart = self.nstart
        for o in range(T.players):
            if nstart2[o] != nstart[o]:
                occ = board2[T.come_out[o]]
                if occ >= 0:
                    affected.add(occ)
        sums = self.sums[:]
        if W_DEBT:          # (a debt changes only with a peg coming into HOME or moving in it)
            for o in {peg // PEGS for peg in changed if pos2[peg] > HOME0}:
                sums[o & 1] -= W_DEBT * (home_debt(pos2, o) - home_debt(pos, o))
        terms, scales = self.terms, self.scales
        best = [0.0, 0.0]
        for peg in affected:
            side = (peg // PEGS) & 1
            v = peg_term(T, pos2, board2, nstart2, peg, scales[peg])
            sums[side] += v - terms[peg]
            if 0 <= pos2[peg] < HOME0 and v > best[side]:
                best[side] = v
        for side in (0, 1):
            for v, peg in self.ranked[side]:
                if peg not in affected:
                    if v > best[side]:
                        best[side] = v
                    break
        return self._total(sums, best)


# ------------------------------------------------------------ the cards kept
def hand_value(T: Tables, pos: list, owner: int, cards) -> float:
    """How much the cards kept are worth to `owner`'s pegs."""
    base = owner * PEGS
    mine = pos[base:base + PEGS]
    in_start = sum(1 for p in mine if p < 0)
    short = T.short[owner]
    backers = sum(1 for p in mine if 0 <= p < HOME0 and p in short)
    v = 0.0
    outs = eights = 0
    for c in cards:
        if c == JOKER:
            v += U_JOKER
        elif c == EIGHT:
            if eights < backers:
                v += U_EIGHT[min(eights, 1)]
            else:
                v += U_EIGHT_IDLE
            eights += 1
        elif c in OUT_CARDS:
            if outs < in_start and outs < len(U_OUT):
                v += U_OUT[outs]
            elif c == ACE:
                v += U_ACE
            outs += 1
        elif c == SEVEN:
            v += U_SEVEN
    return v


def normal_scores(g, legal: list) -> list[float]:
    """normal's score of every legal move (higher is better)."""
    seat = g.to_act
    team = seat & 1
    T = tables(g.players)
    index = g.geo.index
    pos = g.pos
    owner = g.playing_for(seat)
    hand = g.hands[seat]
    here = Position(T, pos, team)
    kept_cache: dict = {}
    team_pegs = [s * PEGS + i for s in range(team, g.players, 2) for i in range(PEGS)]
    out = []
    for m in legal:
        card = CODES[m.card]
        kv = kept_cache.get(card)
        if kv is None:
            kept = list(hand)
            kept.remove(card)
            kv = kept_cache[card] = kept
        if type(m) is Discard:
            out.append(here.value + hand_value(T, pos, owner, kv))
            continue
        after, changed = apply_parts(pos, index, m)
        if min([after[p] for p in team_pegs]) > HOME0:
            out.append(1e9)
            continue
        out.append(here.after(after, changed) + hand_value(T, after, owner, kv))
    return out


def choose_normal(g, legal: list):
    scores = normal_scores(g, legal)
    best = max(range(len(legal)), key=scores.__getitem__)
    return legal[best]


# ------------------------------------------------------------ hard
CANDIDATES = 6                  # normal's best moves that hard looks ahead from
# Re-deals of the hidden cards per decision, by players: (batch, min_samples,
# max_samples) of the race between candidates (engine/bots/race.py). With
# 4 players all three are equal: one batch, the same re-deals for all. With
# 8 players a fixed two re-deals left hard's choice (on positions from normal
# games) on average 6.1 points of play-out value short of the best by a
# 20-re-deal estimate, against normal's 7.6; this race leaves 2.3 for about
# three times the play-outs. With 6 players: 3.6 with three fixed re-deals,
# against normal's 4.7, and 1.0 with the race. With 4 players a race
# (2, 4, 20) cut that figure from 1.3 to 0.75 but won no more games against
# the normal from before the HOME debt (67.0% against 67.3% for five fixed
# re-deals, 600 games each, seeds 1-3). Against today's normal ten fixed
# re-deals won 672 of 1,000 games (seeds 1-5) where five won 643, for twice
# the decision time (about 30 ms); a two-round play-out won fewer (62.5%
# against 66.75% on seeds 4-5), and ten candidates instead of six no more.
SAMPLES = {4: (10, 10, 10), 6: (2, 4, 10), 8: (2, 4, 10)}
Z = 2.0                         # a candidate trailing the leader by Z standard errors is dropped
PRIOR = 0.1                     # share of normal's score added to the look-ahead mean
LEAF_HAND = 1.0                 # weight of the cards hard holds when its turn comes back
LEAF_REPLY = False              # value a play-out by normal's best next move instead (tried: no
                                # better, 63.0% v 64.5% against normal in 4p, seed 1)


def choose_hard(g, legal: list, rng: random.Random):
    """normal's best few moves, each valued by play-outs of one round."""
    seat = g.to_act
    team = seat & 1
    scores = normal_scores(g, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    cands = order[:CANDIDATES]
    if len(cands) == 1 or scores[cands[0]] >= 1e9:
        return legal[cands[0]]

    def value(j: int, world) -> float:
        w = world.clone()
        w.play(legal[cands[j]])
        while w.to_act is not None and w.to_act != seat:
            lm = w.legal_moves()
            w.play(lm[0] if len(lm) == 1 else choose_normal(w, lm))
        if w.to_act is None:
            leaf = evaluate(w, team)
        elif LEAF_REPLY:                     # its best next move, with the cards it then holds
            leaf = min(max(normal_scores(w, w.legal_moves())), 1e6)
        else:                                # the cards it then holds count too
            leaf = evaluate(w, team)
            leaf += LEAF_HAND * hand_value(tables(w.players), w.pos, w.playing_for(seat), w.hands[seat])
        return leaf + PRIOR * scores[cands[j]]

    batch, least, most = SAMPLES[g.players]
    best = race(len(cands), lambda: g.determinize(seat, rng), value,
                batch=batch, min_samples=least, max_samples=most, z=Z)
    return legal[cands[best]]


def choose(g, level: str, rng: random.Random):
    legal = g.legal_moves()
    if level == "normal":
        return choose_normal(g, legal)
    return choose_hard(g, legal, rng)
