"""`python -m engine.bench`: throughput of every game and variant.

Prints random-move games (or rounds) per second measured through the public
API (`new_game`, `legal_moves`, `play`), microseconds per legal-move
generation, and whatever else each game package reports. Each game package
contributes `engine/<game>/bench.py` with `rows(seconds) -> list[Row]`.
"""
from __future__ import annotations

import argparse
import platform
import sys
from importlib import import_module

from . import GAMES


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per figure (default 2)")
    ap.add_argument("games", nargs="*", metavar="GAME",
                    help=f"games to measure (default all: {', '.join(GAMES)})")
    args = ap.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}: choose from {', '.join(GAMES)}")
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"{args.seconds:g} s per figure")
    for name in args.games or GAMES:
        try:
            module = import_module(f"engine.{name}.bench")
        except ModuleNotFoundError as exc:
            print(f"\n{name}: no benchmark ({exc})")
            continue
        print(f"\n{name}")
        for row in module.rows(args.seconds):
            note = f"  ({row.note})" if row.note else ""
            print(f"  {row.what:<48} {row.value:>12,.1f} {row.unit}{note}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
