"""A learned "who wins from here" model for the hard Sorry! bot.

Each player (each team in the team variant) gets a score w · features; the
chance that player wins is the softmax of the scores. The weights are fitted
by `python -m engine.bots.sorry_model` on positions from games between
`normal` bots, labelled with the winner, and pasted into WEIGHTS below (the
fit is seeded, so it reproduces).
"""
from __future__ import annotations

import math
import random
import sys

from ..sorry.board import CIRCLE, HOME, SAFE1, START

FEATURES = ("start", "home", "safe", "progress", "risk", "circle", "turns_away", "last_pawn")

# Fitted by `python -m engine.bots.sorry_model --games 1000 --seed 1` (see main()):
# 36,435 standard and 34,096 team positions from normal-vs-normal games.
WEIGHTS = {
    "standard": [0.079, 0.693, 0.157, 0.536, -0.184, 0.141, -0.090, 0.434],
    "teams": [0.042, 0.406, 0.082, 0.319, -0.165, 0.068, -0.123, 0.375],
}


def features(g, colours: tuple[int, ...], turns_away: int, risk_of) -> list[float]:
    """Features of one side (a player, or a team's two colours)."""
    pos = g.pos
    start = home = safe = circle = 0
    progress = risk = 0.0
    from .sorry import DIST   # the bot module's distance table (avoid a cycle at import)

    for c in colours:
        for p in range(c * 4, c * 4 + 4):
            loc = pos[p]
            if loc == START:
                start += 1
            elif loc == HOME:
                home += 1
            elif loc >= SAFE1:
                safe += 1
                progress += (65 - DIST[c][loc]) / 65
            else:
                progress += (65 - DIST[c][loc]) / 65
                risk += risk_of(c, loc) * (1 + (65 - DIST[c][loc]) / 65)
                circle += loc == CIRCLE[c]
    last = 1.0 if home == 4 * len(colours) - 1 else 0.0
    return [start, home, safe, progress, risk, circle, turns_away / 3, last]


def side_scores(g, weights: list[float], sides: list[tuple[int, ...]], to_move: int, risk_of) -> list[float]:
    out = []
    n = g.players
    for side in sides:
        away = min((c - to_move) % n for c in side)
        f = features(g, side, away, risk_of)
        out.append(sum(w * x for w, x in zip(weights, f)))
    return out


def softmax(xs: list[float]) -> list[float]:
    m = max(xs)
    e = [math.exp(x - m) for x in xs]
    s = sum(e)
    return [v / s for v in e]


# ---------------------------------------------------------------- fitting
def _collect(variant: str, games: int, seed: int):
    import engine
    from . import choose
    from .sorry import make_risk

    rng = random.Random(seed)
    data = []
    for i in range(games):
        g = engine.new_game("sorry", players=4, seed=seed * 100_000 + i, variant=variant)
        sides = _sides(g)
        samples = []
        while not g.is_over:
            if rng.random() < 0.15:
                risk_of = make_risk(g)
                nxt = g.to_act
                samples.append([features(g, side, min((c - nxt) % 4 for c in side), risk_of)
                                for side in sides])
            g.play(choose(g, "normal", seed=rng.getrandbits(32)))
        winner = next(k for k, side in enumerate(sides) if g.winners[0] in side)
        data.extend((x, winner) for x in samples)
        if (i + 1) % 100 == 0:
            print(f"  {i + 1}/{games} games, {len(data)} positions", file=sys.stderr)
    return data


def _sides(g):
    if g.variant == "teams":
        return [(0, 2), (1, 3)]
    return [(c,) for c in range(g.players)]


def fit(data, iterations: int = 25, ridge: float = 1e-3) -> list[float]:
    """Conditional (multinomial) logit over sides with shared weights, by Newton's method."""
    k = len(FEATURES)
    w = [0.0] * k
    for it in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        loss = 0.0
        for xs, y in data:
            p = softmax([sum(wi * xi for wi, xi in zip(w, x)) for x in xs])
            loss -= math.log(max(p[y], 1e-12))
            mean = [sum(p[s] * xs[s][j] for s in range(len(xs))) for j in range(k)]
            for j in range(k):
                grad[j] += mean[j] - xs[y][j]
            for s, x in enumerate(xs):
                d = [x[j] - mean[j] for j in range(k)]
                for i in range(k):
                    if d[i]:
                        row = hess[i]
                        pdi = p[s] * d[i]
                        for j in range(k):
                            row[j] += pdi * d[j]
        for j in range(k):
            grad[j] += ridge * w[j] * len(data)
            hess[j][j] += ridge * len(data)
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        print(f"  iteration {it + 1}: loss {loss / len(data):.4f}", file=sys.stderr)
        if max(abs(si) for si in step) < 1e-6:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m engine.bots.sorry_model")
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--data", help="keep the collected positions in this JSON file (and reuse it)")
    args = ap.parse_args(argv)
    import json
    import os

    cached = {}
    if args.data and os.path.exists(args.data):
        with open(args.data) as f:
            cached = json.load(f)
    for variant in ("standard", "teams"):
        if variant in cached:
            data = [(xs, y) for xs, y in cached[variant]]
        else:
            print(f"{variant}: collecting", file=sys.stderr)
            data = _collect(variant, args.games, args.seed)
            cached[variant] = data
            if args.data:
                with open(args.data, "w") as f:
                    json.dump(cached, f)
        w = fit(data)
        print(f'    "{variant}": [{", ".join(f"{x:.3f}" for x in w)}],')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
