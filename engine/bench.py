"""`python -m engine.bench`: throughput of every game and variant.

Prints random-move games (or rounds) per second measured through the public
API (`new_game`, `legal_moves`, `play`), microseconds per legal-move
generation, and whatever else each game package reports. Each game package
contributes `engine/<game>/bench.py` with `rows(seconds) -> list[Row]`.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from importlib import import_module

from . import GAMES
from .benchutil import Row


BOT_PLAYERS = {"sorry": 4, "pegs": 4, "gnoming": 4}


def players_problem(name: str, players: int) -> str | None:
    """Why `name` cannot be played by `players` (the engine's own words), or None."""
    from . import new_game

    try:
        new_game(name, players=players, seed=0)
    except ValueError as exc:
        return str(exc)
    return None


def bot_rows(name: str, seconds: float, players: int | None = None) -> list[Row]:
    """Median and 99th-percentile decision time per bot level (self-play games
    of `players`, by default the game's BOT_PLAYERS)."""
    from . import bots, sim

    out = []
    players = BOT_PLAYERS[name] if players is None else players
    problem = players_problem(name, players)
    if problem:
        return [Row("bot decisions", 0.0, "", f"not available: {problem}")]
    for level in bots.LEVELS:
        times: list[float] = []
        choice: list[float] = []
        start = time.perf_counter()
        index = 0           # (players_problem above: every count played here is valid)
        while time.perf_counter() - start < seconds * (3 if level == "hard" else 1) or index == 0:
            result = sim.play_one((name, players, None, [level] * players, 0, index))
            times.extend(result.times[level])
            choice.extend(result.choice_times[level])
            index += 1
        for label, sample in (("every decision", times), ("decisions with a choice", choice)):
            if not sample:
                continue
            sample.sort()
            median = statistics.median(sample) * 1000
            p99 = sample[min(len(sample) - 1, int(0.99 * len(sample)))] * 1000
            out.append(Row(f"{level} bot, {label}: median", median, "ms",
                           f"p99 {p99:.2f} ms over {len(sample)} in {index} games of {players}"))
    return out


def save_rows(name: str) -> list[Row]:
    """Time to serialise a mid-game state to JSON and load it back."""
    import json
    import random

    from . import load_game, new_game

    g = new_game(name, players=BOT_PLAYERS[name], seed=1)
    rng = random.Random(1)
    for _ in range(60):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    n = 200
    start = time.perf_counter()
    for _ in range(n):
        text = json.dumps(g.to_dict())
    mid = time.perf_counter()
    for _ in range(n):
        load_game(json.loads(text))
    end = time.perf_counter()
    return [Row("state to JSON", (mid - start) / n * 1e6, "µs", f"{len(text):,} bytes"),
            Row("JSON to state", (end - mid) / n * 1e6, "µs")]


def _positive(kind):
    """An argparse type: a number of `kind` (int or float) above 0."""
    def check(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"must be a finite number above 0: {text}")
        return value
    return check


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=_positive(float), default=2.0, help="time per figure (default 2)")
    ap.add_argument("--no-bots", action="store_true", help="skip the bot decision times")
    ap.add_argument("--players", type=_positive(int), metavar="N",
                    help="players in the bots' self-play games (default 4; a game named here "
                         "must be played by N)")
    ap.add_argument("games", nargs="*", metavar="GAME",
                    help=f"games to measure (default all: {', '.join(GAMES)})")
    args = ap.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}: choose from {', '.join(GAMES)}")
    if args.players is not None and not args.no_bots:
        for name in args.games:         # games left to the default just skip their bot rows
            problem = players_problem(name, args.players)
            if problem:
                ap.error(problem)
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.seconds:g} s per figure; rates are per second of CPU time")
    for name in args.games or GAMES:
        try:
            module = import_module(f"engine.{name}.bench")
        except ModuleNotFoundError as exc:
            print(f"\n{name}: no benchmark ({exc})")
            continue
        print(f"\n{name}")
        rows = module.rows(args.seconds) + save_rows(name)
        if not args.no_bots:
            rows += bot_rows(name, args.seconds, args.players)
        for row in rows:
            note = f"  ({row.note})" if row.note else ""
            print(f"  {row.what:<48} {row.value:>12,.1f} {row.unit}{note}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
