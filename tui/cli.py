"""The `parlor` command line (DESIGN.md, "CLI").

Parsing imports nothing heavy: `parlor rules` and `parlor --version` never
load Textual. Bad arguments get one clear line on stderr and exit code 2.
"""
from __future__ import annotations

import argparse
import sys
from importlib.metadata import PackageNotFoundError, version

from engine import GAMES


def _version() -> str:
    try:
        return version("parlor")
    except PackageNotFoundError:
        return "unknown"


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit code 2."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (try '{self.prog.split()[0]} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="parlor", description="Sorry!, Pegs and Jokers and Gnoming A Round in the terminal.")
    ap.add_argument("--version", action="version", version=f"parlor {_version()}")
    ap.add_argument("--save-dir", metavar="DIR", help="where saved games live")
    ap.add_argument("--theme", metavar="NAME", help="colour theme")
    ap.add_argument("--ascii", action="store_true", help="ASCII glyphs only")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    new = sub.add_parser("new", help="start a new game")
    new.add_argument("game", choices=GAMES)
    new.add_argument("--players", type=int)
    new.add_argument("--humans", type=int)
    new.add_argument("--variant")
    new.add_argument("--level", choices=("easy", "normal", "hard"))
    new.add_argument("--seed", type=int)
    new.add_argument("--target", type=int)

    sub.add_parser("continue", help="resume the most recent unfinished game")

    rules = sub.add_parser("rules", help="print the rules of a game")
    rules.add_argument("game", choices=GAMES)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if args.command == "rules":
        from engine import rules_text

        sys.stdout.write(rules_text(args.game))
        return 0
    # The Textual app arrives with its own issue; until then say so plainly.
    print("parlor: the interactive app is not part of this build yet; "
          "'parlor rules GAME' and the engine API (README) are available.", file=sys.stderr)
    return 1
