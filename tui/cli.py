"""The `parlor` command line (DESIGN.md, "CLI").

Parsing imports nothing heavy: `parlor rules` and `parlor --version` never
load Textual. Bad arguments get one clear line on stderr and exit code 2.
`parlor` (no command), `parlor new …` and `parlor continue` build the app
with `tui.app.make_app` and run it.
"""
from __future__ import annotations

import argparse
import sys

from engine import GAMES

from .text import without_rule_ids


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version   # only for --version: it is slow

    try:
        return version("parlor")
    except PackageNotFoundError:
        return "unknown"


class _VersionAction(argparse.Action):
    """--version, looked up only when asked for (keeps start-up fast)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help or "show the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        sys.stdout.write(f"parlor {_version()}\n")
        parser.exit(0)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit code 2."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (try '{self.prog} --help')\n")


GAME_HELP = "sorry (Sorry!), pegs (Pegs and Jokers) or gnoming (Gnoming A Round)"
VARIANT_HELP = "Sorry!: standard, teams or points (default standard); the other games have only standard"


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="parlor", description="Sorry!, Pegs and Jokers and Gnoming A Round in the terminal.")
    ap.add_argument("--version", action=_VersionAction)
    ap.add_argument("--save-dir", metavar="DIR",
                    help="where saved games live (default: the user data folder, "
                         "~/.local/share/parlor/saves on Linux, or $PARLOR_HOME/saves)")
    ap.add_argument("--theme", metavar="NAME",
                    help="colour theme (default parlor-dark; a wrong name lists them all)")
    ap.add_argument("--ascii", action="store_true", help="ASCII glyphs only (for terminals without Unicode)")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser,
                            help="with none, the title screen")

    new = sub.add_parser("new", help="start a new game", description="Start a new game straight on its board.",
                         epilog="Seats: Sorry! 2-4 players, Pegs and Jokers 4, 6 or 8 (two teams: "
                                "every other seat), Gnoming A Round 2-7; every seat can be set on its own "
                                "in the title screen's New game.")
    new.add_argument("game", choices=GAMES, metavar="GAME", help=GAME_HELP)
    new.add_argument("--players", type=_positive, metavar="N", help="how many seats (default 4)")
    new.add_argument("--humans", type=_whole, metavar="N",
                     help="how many seats, from the first, are people at this keyboard (default 1; "
                          "0 watches the bots)")
    new.add_argument("--variant", metavar="V", help=VARIANT_HELP)
    new.add_argument("--level", choices=("easy", "normal", "hard"), help="the bots' level (default normal)")
    new.add_argument("--seed", type=_whole, metavar="N",
                     help="a fixed deal: the same seed gives the same cards and the same bot choices "
                          "(default: a random one)")
    new.add_argument("--target", type=_whole, metavar="N",
                     help="Sorry! points variant: the match target (default 250; 0 plays a single game)")

    sub.add_parser("continue", help="resume the most recent unfinished game",
                   description="Resume the most recent unfinished game (the title screen's Load lists all).")

    rules = sub.add_parser("rules", help="print the rules of a game",
                           description="Print the rules as Parlor plays them, as Markdown.")
    rules.add_argument("game", choices=GAMES, metavar="GAME", help=GAME_HELP)

    sim = sub.add_parser("sim", help="bot-only games: win rates and timing",
                         description="Play bot-only games and print each level's wins (with a 95% "
                                     "interval), mean game length and decision time.")
    sim.add_argument("game", choices=GAMES, metavar="GAME", help=GAME_HELP)
    sim.add_argument("--games", type=_positive, required=True, metavar="N", help="how many games to play")
    sim.add_argument("--players", type=_positive, metavar="N", help="how many seats (default 4)")
    sim.add_argument("--variant", metavar="V", help=VARIANT_HELP)
    sim.add_argument("--levels", default="normal", metavar="L1,L2,...",
                     help="one level per seat, or one for every seat (easy, normal, hard; default "
                          "normal); the seats rotate from game to game")
    sim.add_argument("--seed", type=_whole, default=0, metavar="N",
                     help="the same seed plays the same games, deals and bot choices (default 0)")
    sim.add_argument("--workers", type=_positive, default=1, metavar="N",
                     help="processes to play the games on (default 1); the results do not depend on it")
    ap.commands = {"new": new, "sim": sim, "rules": rules}      # for their errors (and their --help)
    return ap


def _at_least(least: int):
    """An argparse type: a whole number of at least `least`."""
    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}: {value}")
        return value
    return check


_positive = _at_least(1)
_whole = _at_least(0)


DEFAULT_PLAYERS = {"sorry": 4, "pegs": 4, "gnoming": 4}


def run_sim(ap: argparse.ArgumentParser, args) -> int:
    from engine import sim

    players = args.players if args.players is not None else DEFAULT_PLAYERS[args.game]
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    try:
        import engine

        options = {"variant": args.variant} if args.variant else {}
        engine.new_game(args.game, players=players, seed=0, **options)    # validates the set-up

        live = sys.stderr.isatty()

        def progress(done: int, total: int) -> None:
            if live:                # a bar redrawn in place
                width = 30
                filled = width * done // total
                sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
                if done == total:
                    sys.stderr.write("\n")
            elif done == total or done % max(1, total // 10) == 0:
                sys.stderr.write(f"{done}/{total} games\n")     # a log: a line every tenth
            sys.stderr.flush()

        results = sim.run(args.game, args.games, players, levels, variant=args.variant,
                          seed=args.seed, workers=args.workers, progress=progress)
    except ValueError as exc:
        ap.commands["sim"].error(without_rule_ids(str(exc)))
    variant = f", {args.variant}" if args.variant else ""
    print(f"{args.game}{variant}, {players} players, seed {args.seed}")     # lines that fit 80 columns
    print(f"levels by seat: {','.join(levels)} (seats rotate each game)")
    print(sim.table(results))
    return 0


def _check_new(ap: argparse.ArgumentParser, args):
    """A GameSpec from `parlor new …`, or a one-line error (exit 2)."""
    from engine.saves import Seat

    from .session import GameSpec

    players = args.players if args.players is not None else DEFAULT_PLAYERS[args.game]
    humans = 1 if args.humans is None else args.humans
    if not 0 <= humans <= players:
        ap.commands["new"].error(f"--humans must be between 0 and the number of players ({players}), "
                                 f"not {humans}")
    level = args.level or "normal"
    seats = tuple(Seat("human") if i < humans else Seat("bot", level) for i in range(players))
    spec = GameSpec(game=args.game, players=players, seats=seats, variant=args.variant or "standard",
                    seed=args.seed, target=args.target)
    try:
        spec.validate()
    except ValueError as exc:
        ap.commands["new"].error(without_rule_ids(str(exc)))
    return spec


def run_app(ap: argparse.ArgumentParser, args) -> int:
    from engine import saves

    save_dir = args.save_dir
    if save_dir is not None:
        from pathlib import Path

        path = Path(save_dir).expanduser()
        if path.exists() and not path.is_dir():
            ap.error(f"--save-dir {save_dir}: not a directory")
    spec = _check_new(ap, args) if args.command == "new" else None
    if args.command == "continue":
        latest, busy, _ = saves.to_continue(saves.list_saves(save_dir))
        if latest is None:
            print("parlor: there is no unfinished game to continue; start one with 'parlor new sorry'",
                  file=sys.stderr)
            return 1
        if busy:
            print(f"parlor: your last game is {busy}; quit it there first", file=sys.stderr)
            return 1
    from textual.theme import BUILTIN_THEMES

    from themes import THEMES

    if args.theme is not None and args.theme not in THEMES and args.theme not in BUILTIN_THEMES:
        ap.error(f"unknown theme {args.theme!r}: choose one of {', '.join(THEMES)} (or a Textual theme)")

    from .app import Start, make_app

    app = make_app(save_dir=save_dir, theme=args.theme, ascii=True if args.ascii else None,
                   start=Start(args.command or "title", spec=spec))
    app.run()
    return app.return_code or 0


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    args, extra = ap.parse_known_args(argv)
    if extra:          # "parlor sim ... --bogus" points to 'parlor sim --help', not the top level
        ap.commands.get(args.command, ap).error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "sim":
        return run_sim(ap, args)
    if args.command == "rules":
        from engine import rules_text

        text = rules_text(args.game)
        if args.ascii:
            from .text import asciify

            text = asciify(text)
        sys.stdout.write(text)
        return 0
    return run_app(ap, args)
