"""The `parlor` command line (DESIGN.md, "CLI").

Parsing imports nothing heavy: `parlor rules` and `parlor --version` never
load Textual. Bad arguments get one clear line on stderr and exit code 2.
`parlor` (no command), `parlor new …` and `parlor continue` build the app
with `tui.app.make_app` and run it.
"""
from __future__ import annotations

import argparse
import sys

from engine import GAMES, game_class

from .names import GAME_NAMES
from .text import counted, without_rule_ids


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


class _Formatter(argparse.HelpFormatter):
    """--help wrapped between words, never inside a hyphenated name (parlor-high-contrast)."""

    def _split_lines(self, text, width):
        import textwrap

        return textwrap.wrap(self._whitespace_matcher.sub(" ", text).strip(), width, break_on_hyphens=False)

    def _fill_text(self, text, width, indent):
        import textwrap

        return textwrap.fill(self._whitespace_matcher.sub(" ", text).strip(), width, initial_indent=indent,
                             subsequent_indent=indent, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (no usage dump) and exit code 2."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (try '{self.prog} --help')\n")


class _CommandParser(_Parser):
    """A command's parser: what it does not know is its own mistake, so the error names
    the command and points to its help ("parlor continue: unrecognized arguments: …")."""

    def parse_known_args(self, args=None, namespace=None):
        namespace, extra = super().parse_known_args(args, namespace)
        if extra:
            self.error(f"unrecognized arguments: {' '.join(extra)}")
        return namespace, extra


GAME_HELP = "sorry (Sorry!), pegs (Pegs and Jokers) or gnoming (Gnoming A Round)"
VARIANT_HELP = ("Sorry!: standard, teams (also called partners, as the screens say) or points "
                "(default standard); the other games have only standard")
VARIANT_ALIASES = {"partners": "teams"}
"""Other words `--variant` takes: the screens call Sorry!'s teams variant "partners"."""


def variants(game: str) -> tuple[str, ...]:
    """The game's variants, as `--variant` takes them: the engine's (its module is
    imported only when a variant is named)."""
    return game_class(game).variants


PARLOR_THEMES = ("parlor-dark", "parlor-light", "parlor-high-contrast", "parlor-okabe-ito")
"""themes.THEMES' names, for --help without importing Textual (a test keeps them the same)."""
GLOBAL_OPTIONS = "global options (before or after the command)"


def _add_global_options(parser: argparse.ArgumentParser, *, command: bool) -> None:
    """--save-dir, --theme, --ascii and --version, taken before the command (by the top
    parser) or after it (by the command's): a command's copies default to SUPPRESS, so
    they leave what came before the command alone unless given again."""
    unset = {"default": argparse.SUPPRESS} if command else {}
    group = parser.add_argument_group(GLOBAL_OPTIONS)
    group.add_argument("--save-dir", metavar="DIR", **unset,
                       help="where saved games live (default: the user data folder, "
                            "~/.local/share/parlor/saves on Linux, or $PARLOR_HOME/saves)")
    group.add_argument("--theme", metavar="NAME", **unset,
                       help=f"colour theme: {', '.join(PARLOR_THEMES[:-1])} or {PARLOR_THEMES[-1]} "
                            f"(default {PARLOR_THEMES[0]}), or one of Textual's (nord, dracula, ...); "
                            f"a wrong name lists them all")
    group.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS if command else False,
                       help="ASCII glyphs only (for terminals without Unicode)")
    group.add_argument("--version", action=_VersionAction)


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="parlor", description="Sorry!, Pegs and Jokers and Gnoming A Round in the terminal.",
                 epilog="The global options may come before or after the command "
                        "('parlor --ascii rules sorry' or 'parlor rules sorry --ascii').")
    _add_global_options(ap, command=False)
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", parser_class=_CommandParser,
                            help="with none, the title screen")

    new = sub.add_parser("new", help="start a new game", description="Start a new game straight on its board.",
                         epilog="Seats: Sorry! 2-4 players, Pegs and Jokers 4, 6 or 8 (two teams: "
                                "every other seat), Gnoming A Round 2-7; every seat can be set on its own "
                                "in the title screen's New game.")
    new.add_argument("game", choices=GAMES, metavar="GAME", help=GAME_HELP)
    new.add_argument("--players", type=_number, metavar="N", help="how many seats (default 4)")
    new.add_argument("--humans", type=_whole, metavar="N",
                     help="how many seats, from the first, are people at this keyboard (default 1; "
                          "0 watches the bots)")
    new.add_argument("--variant", metavar="V", help=VARIANT_HELP)
    new.add_argument("--level", choices=("easy", "normal", "hard"), help="the bots' level (default normal)")
    new.add_argument("--seed", type=_whole, metavar="N",
                     help="a fixed deal: the same seed gives the same cards and the same bot choices "
                          "(default: a random one)")
    new.add_argument("--target", type=_whole, metavar="N",
                     help="Sorry! points variant only: the match target (default 250; 0 plays a single game)")

    cont = sub.add_parser("continue", help="resume the most recent unfinished game",
                          description="Resume the most recent unfinished game (the title screen's Load "
                                      "lists all).")

    rules = sub.add_parser("rules", help="print the rules of a game",
                           description="Print the rules as Parlor plays them, as Markdown.")
    rules.add_argument("game", choices=GAMES, metavar="GAME", help=GAME_HELP)

    sim = sub.add_parser("sim", help="bot-only games: win rates and timing",
                         description="Play bot-only games and print each level's wins (with a 95% "
                                     "interval), mean scores, game length and decision time.")
    sim.add_argument("game", choices=GAMES, metavar="GAME", help=GAME_HELP)
    sim.add_argument("--games", type=_at_least(1, MAX_GAMES, " (for more, run again with other seeds)"),
                     required=True, metavar="N", help="how many games to play")
    sim.add_argument("--players", type=_number, metavar="N", help="how many seats (default 4)")
    sim.add_argument("--variant", metavar="V", help=VARIANT_HELP)
    sim.add_argument("--levels", default="normal", metavar="L1,L2,...",
                     help="one level per seat, or one for every seat (easy, normal, hard; default "
                          "normal); the seats rotate from game to game")
    sim.add_argument("--seed", type=_whole, default=0, metavar="N",
                     help="the same seed plays the same games, deals and bot choices (default 0)")
    sim.add_argument("--workers", type=_at_least(1, MAX_WORKERS), default=1, metavar="N",
                     help="processes to play the games on (default 1); the results do not depend on it")
    ap.commands = {"new": new, "continue": cont, "sim": sim, "rules": rules}   # for their errors
    for parser in ap.commands.values():      # after the command's own options in its --help
        _add_global_options(parser, command=True)
    return ap


def _at_least(least: int | None, most: int | None = None, more: str = ""):
    """An argparse type: a whole number (of at least `least`, unless None; at most `most`,
    if given, `more` saying what to do instead)."""
    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if least is not None and value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}: {value}")
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most}{more}: {value}")
        return value
    return check


_whole = _at_least(0)
_number = _at_least(None)     # --players: the game says how many it is played by


DEFAULT_PLAYERS = {"sorry": 4, "pegs": 4, "gnoming": 4}
MAX_GAMES = 100_000       # parlor sim keeps every game's figures (decision times) until its table
MAX_WORKERS = 64


def _either(words) -> str:
    """'a', 'a or b', 'a, b or c'."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _check_variant(parser: argparse.ArgumentParser, args) -> None:
    """`--variant` names one of the game's variants (the same words for `new` and `sim`);
    an alias ("partners") becomes the variant's own name."""
    variant = VARIANT_ALIASES.get(args.variant, args.variant)
    if variant is not None and variant not in variants(args.game):
        parser.error(f"{GAME_NAMES[args.game]} has no variant {args.variant!r}: "
                     f"choose {_either(variants(args.game))}")
    args.variant = variant


def _check_save_dir(ap: argparse.ArgumentParser, save_dir: str | None, what: str = "--save-dir ") -> None:
    """--save-dir (or PARLOR_HOME, `what`) must be, or be able to become, a folder: neither
    it nor a folder above it may be a file (else Parlor would find no saves there, and
    write none)."""
    if save_dir is None:
        return
    import os
    from pathlib import Path

    if not save_dir.strip():
        ap.error(f"{what.strip(' =')} needs a directory name, not an empty one")
    path = Path(save_dir).expanduser()
    for above in (path, *path.parents):
        if os.path.exists(above):            # the nearest part of the path that is there
            if not os.path.isdir(above):
                where = "" if above == path else f"{above} is "
                ap.error(f"{what}{save_dir}: {where}not a directory")
            return


def _check_theme(ap: argparse.ArgumentParser, theme: str | None) -> None:
    """--theme names a theme the app has: Parlor's own or one of Textual's (loads Textual's
    theme module, so only when a theme is given)."""
    if theme is None:
        return
    from textual.theme import BUILTIN_THEMES

    from themes import THEMES

    if theme not in THEMES and theme not in BUILTIN_THEMES:
        textual = sorted(name for name in BUILTIN_THEMES if name not in THEMES)
        ap.error(f"unknown theme {theme!r}: choose {_either(THEMES)}, "
                 f"or one of Textual's: {', '.join(textual)}")


def run_sim(ap: argparse.ArgumentParser, args) -> int:
    from engine import sim

    parser = ap.commands["sim"]
    _check_variant(parser, args)
    players = args.players if args.players is not None else DEFAULT_PLAYERS[args.game]
    levels = [lv.strip() for lv in args.levels.split(",")]
    if "" in levels:                # "normal,,easy" or "normal,": not a level fewer, said as such
        parser.error(f"argument --levels: an empty level in {args.levels!r} (one of easy, normal, "
                     "hard for each seat, between commas)")
    played = [0]                    # games played so far
    try:
        import engine

        options = {"variant": args.variant} if args.variant else {}
        engine.new_game(args.game, players=players, seed=0, **options)    # validates the set-up

        live = sys.stderr.isatty()

        def progress(done: int, total: int) -> None:
            played[0] = done
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
        parser.error(without_rule_ids(str(exc)))
    except KeyboardInterrupt:
        sys.stderr.write(f"\nparlor sim: interrupted after {played[0]} of {counted(args.games, 'game')}: "
                         "no table (the same command plays the same games again)\n")
        return 130
    variant = f", {args.variant}" if args.variant else ""
    text = (f"{args.game}{variant}, {players} players, seed {args.seed}\n"      # lines that fit 80 columns
            f"levels by seat: {','.join(levels)} (seats rotate each game)\n"
            f"{sim.table(results)}\n")
    if args.ascii:
        from .text import asciify

        text = asciify(text)
    sys.stdout.write(text)
    return 0


def _check_new(ap: argparse.ArgumentParser, args):
    """A GameSpec from `parlor new …`, or a one-line error (exit 2)."""
    import engine

    from .session import GameSpec, default_seats

    parser = ap.commands["new"]
    _check_variant(parser, args)
    variant = args.variant or "standard"
    if args.target is not None and (args.game, variant) != ("sorry", "points"):
        parser.error("--target applies only to Sorry! with --variant points")
    players = args.players if args.players is not None else DEFAULT_PLAYERS[args.game]
    humans = 1 if args.humans is None else args.humans
    spec = GameSpec(game=args.game, players=players, variant=variant, seed=args.seed, target=args.target)
    try:        # first: how many players the game is played by (before a seat is made)
        engine.new_game(spec.game, players=players, seed=0, **spec.options())
    except ValueError as exc:
        parser.error(without_rule_ids(str(exc)))
    if not 0 <= humans <= players:
        parser.error(f"--humans must be between 0 and the number of players ({players}), not {humans}")
    spec.seats = default_seats(players, humans, args.level or "normal")
    return spec


def run_app(ap: argparse.ArgumentParser, args) -> int:
    import os

    from engine import saves

    if os.environ.get("PARLOR_HOME"):    # (its saves, settings and crash reports: a folder)
        _check_save_dir(ap, os.environ["PARLOR_HOME"], "PARLOR_HOME=")
    save_dir = args.save_dir
    spec = _check_new(ap, args) if args.command == "new" else None
    if args.command == "continue":
        entries = saves.list_saves(save_dir)
        latest, busy, *_ = saves.to_continue(entries)
        if latest is None:
            import shlex

            where = f" --save-dir {shlex.quote(save_dir)}" if save_dir is not None else ""
            game = next((e.info.game for e in entries if e.info is not None), "sorry")   # the last played
            print(f"parlor: there is no unfinished game to continue; start one with: parlor{where} new {game}",
                  file=sys.stderr)
            files = sum(e.damaged and e.deletable for e in entries)
            folders = sum(e.damaged and not e.deletable for e in entries)    # a folder named *.json
            if files or folders:
                what = " and ".join(counted(n, word) for n, word in ((files, "file"), (folders, "folder")) if n)
                print(f"parlor: {what} in {saves.saves_dir(save_dir)} can't be opened here; the title "
                      f"screen's Load lists {'it' if files + folders == 1 else 'them'} with the reason",
                      file=sys.stderr)
            return 1
        if busy:
            print(f"parlor: your last game is {busy}; quit it there first", file=sys.stderr)
            return 1

    from .app import Start, make_app
    from .settings import unicode_doubt

    app = make_app(save_dir=save_dir, theme=args.theme, ascii=True if args.ascii else None,
                   start=Start(args.command or "title", spec=spec), unicode_doubt=unicode_doubt())
    try:
        app.run()
    except OSError:     # its last words could not be written: the terminal hung up on it
        if not app.signalled:
            raise
    return app.return_code or 0


def _misplaced_option(ap: argparse.ArgumentParser, argv: list[str]) -> str | None:
    """A command's option typed before any command ("parlor --players 6 new pegs"): the
    one-line error that says where it goes (argparse would take its value for the command)."""
    commands = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction)).choices
    own = {opt: a for a in ap._actions for opt in a.option_strings}
    theirs = {opt for p in commands.values() for a in p._actions for opt in a.option_strings
              if opt.startswith("--") and opt not in own}
    words = iter(argv)
    for word in words:
        if word in commands or word == "--":
            return None
        name = word.split("=", 1)[0]
        if not name.startswith("--"):
            continue
        mine = [opt for opt in own if opt.startswith(name)]
        if name in own or len(mine) == 1:           # a global option (or its abbreviation)
            if "=" not in word and own[name if name in own else mine[0]].nargs != 0:
                next(words, None)                   # its value, even one that reads as a command
            continue
        matches = [name] if name in theirs else sorted(opt for opt in theirs if opt.startswith(name))
        if matches:
            full = matches[0] if len(matches) == 1 else f"{name} ({' or '.join(matches)})"    # ("--lev")
            users = [c for c, p in commands.items() if any(o in a.option_strings for a in p._actions
                                                           for o in matches)]
            which = " and ".join(f"'parlor {c}'" for c in users)
            return (f"{full} is an option of {which}: it goes after the command, as in "
                    f"'parlor {users[0]} GAME {matches[0]} ...'")
    return None


def main(argv: list[str] | None = None) -> int:
    ap = build_parser()
    wrong = _misplaced_option(ap, sys.argv[1:] if argv is None else list(argv))
    if wrong:
        ap.error(wrong)
    args = ap.parse_args(argv)     # a command's own parser refuses what it does not know
    # The global options mean the same to every command, so they are checked for every one.
    _check_save_dir(ap, args.save_dir)
    _check_theme(ap, args.theme)
    if args.command == "sim":
        return run_sim(ap, args)
    if args.command == "rules":
        from engine import rules_text

        from .settings import ascii_setting, draws_ascii, unicode_doubt

        text = rules_text(args.game)
        if args.ascii or draws_ascii(ascii_setting(), unicode_doubt()):     # as the app draws
            from .text import asciify

            text = asciify(text)
        sys.stdout.write(text)
        return 0
    return run_app(ap, args)
