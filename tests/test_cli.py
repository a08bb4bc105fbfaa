"""The `parlor` command line: rules, version, sim, and one-line errors."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tui.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True, text=True)


def test_rules_sorry_prints_the_rules(capsys):
    assert main(["rules", "sorry"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Sorry!") and "SORRY!" in out and "own choices" in out


@pytest.mark.parametrize("args", [
    ["rules", "chess"], ["--bogus"], ["new", "sorry", "--players", "x"], ["new", "sorry", "--seed", "-1"],
    ["new", "sorry", "--variant", "points", "--target", "x"],
    ["sim", "sorry", "--games", "1", "--players", "0"],       # not taken for "the default number"
    ["sim", "sorry", "--games", "1", "--seed", "-3"], ["sim", "pegs", "--games", "1", "--players", "5"],
    ["sim", "gnoming", "--games", "1", "--levels", "hard,wizard,normal,normal"],
    ["sim", "gnoming", "--games", "1", "--levels", "hard,,normal,normal"],
    ["sim", "gnoming", "--games", "1", "--levels", "hard,normal,normal,normal,"],
])
def test_bad_arguments_get_one_line_and_exit_2(args):
    r = run(*args)
    assert r.returncode == 2
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("command,game,players,said", [
    ("new", "gnoming", "0", "played by 2 to 7 players, not 0"),
    ("new", "gnoming", "-3", "played by 2 to 7 players, not -3"),
    ("new", "pegs", "0", "played by 4, 6 or 8 players, not 0"),
    ("new", "sorry", "20000000", "played by 2, 3 or 4 players, not 20000000"),     # (at once)
    ("sim", "gnoming", "0", "played by 2 to 7 players, not 0")])
def test_a_number_of_players_the_game_is_not_played_by_is_told_as_such(capsys, command, game, players, said):
    # --players 0 said "must be at least 1", as if one player would do; and the number is
    # checked before --humans, and before a seat is made
    args = [command, game, "--players", players] + (["--games", "1"] if command == "sim" else ["--humans", "3"])
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert said in capsys.readouterr().err


def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("parlor ")


def test_rules_with_ascii_print_ascii_only(capsys):
    assert main(["--ascii", "rules", "gnoming"]) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "| -1 and -2 |" in out


def test_rules_print_ascii_where_the_app_would_draw_it(capsys, monkeypatch):
    # the glyph setting: automatic (ASCII where the terminal may not show Unicode), or chosen
    from engine.saves import settings_path

    monkeypatch.setenv("TERM", "linux")
    assert main(["rules", "gnoming"]) == 0
    assert capsys.readouterr().out.isascii()
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text('{"theme": "parlor-light", "glyphs": "unicode"}')
    assert main(["rules", "gnoming"]) == 0
    assert not capsys.readouterr().out.isascii()                 # Unicode chosen: −1
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)
    settings_path().write_text('{"ascii": true}')
    assert main(["rules", "gnoming"]) == 0
    assert capsys.readouterr().out.isascii()


def test_rules_under_the_c_locale_print_ascii_whatever_python_makes_of_it():
    # Python sets LC_CTYPE=C.UTF-8 itself under LANG=C (PEP 538): the terminal's locale is
    # still C, and the rules come in ASCII
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_CTYPE")}
    r = subprocess.run([sys.executable, "-m", "tui", "rules", "gnoming"], capture_output=True,
                       env={**env, "LANG": "C", "TERM": "xterm-256color"})
    assert r.returncode == 0 and r.stdout.isascii() and b"| -1 and -2 |" in r.stdout


def test_rules_does_not_load_textual():
    code = ("import sys; from tui.cli import main; main(['rules', 'sorry']); main(['--ascii', 'rules', 'pegs']); "
            "assert 'textual' not in sys.modules and 'rich' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


def test_sim_prints_the_table_and_logs_progress_in_lines_when_not_a_terminal():
    r = run("sim", "sorry", "--games", "20", "--players", "2", "--levels", "normal,easy", "--seed", "4")
    assert r.returncode == 0, r.stderr
    assert "\r" not in r.stderr
    assert r.stderr.splitlines() == [f"{n}/20 games" for n in range(2, 21, 2)]
    lines = r.stdout.splitlines()
    assert lines[:2] == ["sorry, 2 players, seed 4", "levels by seat: normal,easy (seats rotate each game)"]
    assert lines[2].startswith("20 games, mean length ")
    assert max(map(len, lines)) <= 80
    assert lines[4].split() == ["level", "seats", "wins", "win%", "interval",
                                "game", "round", "median", "p99"]
    rows = {line.split()[0]: line.split() for line in lines[5:]}
    assert set(rows) == {"easy", "normal"}
    assert int(rows["easy"][2]) + int(rows["normal"][2]) == 20          # every game has one winner


def test_every_argument_says_what_it_is_for():
    """`parlor new --help` and the others explain each argument, not just name it."""
    import argparse

    from tui.cli import build_parser

    ap = build_parser()
    parsers = [ap]
    for action in ap._actions:
        if isinstance(action, argparse._SubParsersAction):
            parsers.extend(action.choices.values())
    assert {p.prog for p in parsers} >= {"parlor new", "parlor sim", "parlor rules", "parlor continue"}
    for p in parsers:
        assert p.description or p is ap, p.prog
        for action in p._actions:
            assert action.help and action.help != argparse.SUPPRESS, (p.prog, action.dest)
    r = run("new", "--help")
    assert r.returncode == 0 and "0 watches the bots" in r.stdout and "Gnoming A Round 2-7" in r.stdout
    # a command's mistake points to that command's help, where the seat counts are
    r = run("new", "sorry", "--players", "9")
    assert r.returncode == 2 and r.stderr.strip().endswith("(try 'parlor new --help')")
    assert run("--theme", "nope", "new", "sorry").stderr.strip().endswith("(try 'parlor --help')")


# ---------------------------------------------------------------- one rule for every command

def one_line(r, code=2):
    """The stderr line of a refused command line (after checking it is just that)."""
    assert r.returncode == code, r.stderr
    assert r.stdout == "" and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    return r.stderr.rstrip("\n")


TARGET_ONLY_POINTS = ("parlor new: --target applies only to Sorry! with --variant points "
                      "(try 'parlor new --help')")


@pytest.mark.parametrize("args", [
    ["new", "pegs", "--target", "100"], ["new", "gnoming", "--target", "5"],
    ["new", "sorry", "--target", "100"],
    ["new", "sorry", "--variant", "teams", "--target", "0"], ["new", "pegs", "--target", "0"],
])
def test_target_outside_sorry_points_is_refused_alike_for_every_game(args):
    assert one_line(run(*args)) == TARGET_ONLY_POINTS


def test_target_is_taken_with_sorry_points():
    from tui.cli import _check_new, build_parser

    ap = build_parser()
    spec = _check_new(ap, ap.parse_args(["new", "sorry", "--variant", "points", "--target", "100"]))
    assert (spec.variant, spec.target) == ("points", 100)


def test_partners_is_the_teams_variant_as_the_screens_name_it():
    from tui.cli import _check_new, build_parser

    ap = build_parser()
    spec = _check_new(ap, ap.parse_args(["new", "sorry", "--variant", "partners"]))
    assert spec.variant == "teams"
    r = run("sim", "sorry", "--variant", "partners", "--games", "1", "--levels", "easy")
    assert r.returncode == 0 and r.stdout.startswith("sorry, teams, 4 players"), r.stdout
    assert one_line(run("sim", "pegs", "--variant", "partners", "--games", "1")) == (
        "parlor sim: Pegs and Jokers has no variant 'partners': choose standard (try 'parlor sim --help')")


@pytest.mark.parametrize("command", [["new"], ["sim", "--games", "1"]])
@pytest.mark.parametrize("game,variant,message", [
    ("pegs", "teams", "Pegs and Jokers has no variant 'teams': choose standard"),
    ("gnoming", "points", "Gnoming A Round has no variant 'points': choose standard"),
    ("sorry", "silly", "Sorry! has no variant 'silly': choose standard, teams or points"),
])
def test_an_unknown_variant_is_named_the_same_way_by_new_and_sim(command, game, variant, message):
    name, *rest = command
    r = run(name, game, *rest, "--variant", variant)
    assert one_line(r) == f"parlor {name}: {message} (try 'parlor {name} --help')"


def test_the_variants_the_cli_names_are_the_engines():
    import engine
    from engine.sorry.game import VARIANTS as SORRY_VARIANTS
    from tui.cli import variants

    assert variants("sorry") == SORRY_VARIANTS and variants("pegs") == variants("gnoming") == ("standard",)
    for game in engine.GAMES:
        for variant in variants(game):
            engine.new_game(game, players=4, seed=1, variant=variant)
        if game != "sorry":
            with pytest.raises(ValueError):
                engine.new_game(game, players=4, seed=1, variant="teams")


@pytest.mark.parametrize("args,prog", [
    (["continue", "--bogus"], "parlor continue"), (["continue", "now"], "parlor continue"),
    (["rules", "sorry", "--bogus"], "parlor rules"), (["new", "sorry", "--bogus"], "parlor new"),
    (["sim", "sorry", "--games", "1", "--bogus"], "parlor sim"),
    (["--bogus", "rules", "sorry"], "parlor"), (["--bogus"], "parlor"),
])
def test_unrecognized_arguments_are_blamed_on_the_command_they_follow(args, prog):
    extra = args[-1] if prog != "parlor" else "--bogus"
    assert one_line(run(*args)) == f"{prog}: unrecognized arguments: {extra} (try '{prog} --help')"


# ---------------------------------------------------------------- global options, anywhere

GLOBALS = ["--ascii", "--save-dir", "saves", "--theme", "parlor-light"]


@pytest.mark.parametrize("command", [["new", "sorry"], ["continue"], ["rules", "pegs"],
                                     ["sim", "gnoming", "--games", "1"]])
def test_global_options_mean_the_same_before_and_after_the_command(command):
    from tui.cli import build_parser

    ap = build_parser()
    before, after = ap.parse_args(GLOBALS + command), ap.parse_args(command + GLOBALS)
    assert vars(before) == vars(after)
    assert (after.ascii, after.save_dir, after.theme) == (True, "saves", "parlor-light")
    plain = ap.parse_args(command)            # a command's copies of them do not reset the ones before it
    assert (plain.ascii, plain.save_dir, plain.theme) == (False, None, None)
    mixed = ap.parse_args(["--theme", "parlor-dark", *command, "--ascii"])
    assert (mixed.ascii, mixed.save_dir, mixed.theme) == (True, None, "parlor-dark")
    assert ap.parse_args(["--theme", "nord", *command, "--theme", "dracula"]).theme == "dracula"


def test_ascii_after_the_command_prints_ascii(capsys):
    assert main(["rules", "gnoming", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "| -1 and -2 |" in out
    r = run("sim", "sorry", "--games", "2", "--players", "2", "--ascii")
    assert r.returncode == 0 and r.stdout.isascii() and "%" in r.stdout, r.stderr


def test_help_shows_the_global_options_for_every_command():
    r = run("--help")
    assert r.returncode == 0
    assert "global options (before or after the command):" in r.stdout
    assert "'parlor rules sorry --ascii'" in " ".join(r.stdout.split())
    for command in ("new", "continue", "rules", "sim"):
        r = run(command, "--help")
        assert r.returncode == 0
        group = r.stdout.split("global options (before or after the command):\n")[1]
        for option in ("--save-dir DIR", "--theme NAME", "--ascii", "--version"):
            assert option in group, (command, option)


# ---------------------------------------------------------------- --theme

COMMANDS = [[], ["new", "sorry"], ["continue"], ["rules", "sorry"], ["sim", "sorry", "--games", "1"]]


def theme_names():
    from textual.theme import BUILTIN_THEMES

    from themes import THEMES

    return set(THEMES) | set(BUILTIN_THEMES)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0] if c else "title")
def test_a_wrong_theme_is_refused_by_every_command_and_the_message_lists_every_name(command):
    from themes import THEMES

    for args in (["--theme", "bogus", *command], [*command, "--theme", "bogus"]):
        line = one_line(run(*args))
        head = "parlor: unknown theme 'bogus': choose "
        tail = " (try 'parlor --help')"
        assert line.startswith(head) and line.endswith(tail), line
        ours, textuals = line[len(head):-len(tail)].split(", or one of Textual's: ")
        assert ours == "parlor-dark, parlor-light, parlor-high-contrast or parlor-okabe-ito"
        # the names one types, not Settings' labels ("Parlor dark")
        assert ours.replace(" or ", ", ").split(", ") == list(THEMES)
        assert set(ours.replace(" or ", ", ").split(", ")) | set(textuals.split(", ")) == theme_names()


def test_every_theme_the_message_names_is_taken():
    from tui.cli import _check_theme, build_parser

    ap = build_parser()
    for name in theme_names():
        _check_theme(ap, name)              # no SystemExit
    assert main(["--theme", "parlor-okabe-ito", "rules", "sorry"]) == 0


def test_theme_help_names_parlors_themes_whole():
    from themes import THEMES
    from tui.cli import PARLOR_THEMES

    assert PARLOR_THEMES == tuple(THEMES)
    help_text = run("--help").stdout
    for name in THEMES:
        assert name in help_text                 # never wrapped at a hyphen
    assert "a wrong name lists them all" in " ".join(help_text.split())


# ---------------------------------------------------------------- --save-dir

@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0] if c else "title")
def test_a_save_dir_under_a_file_is_refused_up_front_by_every_command(command, tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    for save_dir, why in ((f / "sub", f"{f} is not a directory"), (f / "a" / "b", f"{f} is not a directory"),
                          (f, "not a directory")):
        for args in (["--save-dir", str(save_dir), *command], [*command, "--save-dir", str(save_dir)]):
            assert one_line(run(*args)) == f"parlor: --save-dir {save_dir}: {why} (try 'parlor --help')"
    assert one_line(run("--save-dir", "", *command)) == \
        "parlor: --save-dir needs a directory name, not an empty one (try 'parlor --help')"


@pytest.mark.parametrize("name", ["empty", "two words"])
def test_continue_with_nothing_to_continue_hints_the_same_save_dir(tmp_path, name):
    import shlex

    from tui.cli import build_parser

    save_dir = tmp_path / name
    save_dir.mkdir()
    line = one_line(run("--save-dir", str(save_dir), "continue"), code=1)
    head = "parlor: there is no unfinished game to continue; start one with: "
    assert line.startswith(head)
    hint = line[len(head):]
    assert hint == f"parlor --save-dir {shlex.quote(str(save_dir))} new sorry"
    args = build_parser().parse_args(shlex.split(hint)[1:])      # as a shell would pass it
    assert (args.command, args.game, args.save_dir) == ("new", "sorry", str(save_dir))
    assert not list(save_dir.iterdir())           # looking for a game to continue wrote nothing


def test_continue_without_save_dir_hints_plain_new(tmp_path):
    r = subprocess.run([sys.executable, "-m", "tui", "continue"], capture_output=True, text=True,
                       env={**__import__("os").environ, "PARLOR_HOME": str(tmp_path)})
    assert one_line(r, code=1) == ("parlor: there is no unfinished game to continue; "
                                   "start one with: parlor new sorry")


def test_continue_with_only_finished_and_damaged_saves_says_so(tmp_path):
    # the hint names the game played last, and the files that can't be read are not passed over
    import engine
    from engine import bots, saves

    g = engine.new_game("gnoming", players=2, seed=1)
    rec = saves.new_record(g, [saves.Seat("bot", "easy")] * 2, seed=1)
    rec.path = tmp_path / "gnoming-finished.json"
    while not g.is_over:
        move = bots.choose(g, "easy", 1)
        rec.record(move, g.play(move))
    saves.write(rec)
    (tmp_path / "sorry-cut.json").write_text('{"format": "parlor-save", "vers')
    (tmp_path / "pegs-empty.json").write_text("")
    r = run("--save-dir", str(tmp_path), "continue")
    assert r.returncode == 1 and r.stdout == "" and "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [
        f"parlor: there is no unfinished game to continue; start one with: parlor --save-dir {tmp_path} new gnoming",
        f"parlor: 2 files in {tmp_path} can't be opened here; the title screen's Load lists them with the reason"]
    # a folder named like a save is not called a file
    (tmp_path / "odd.json").mkdir()
    r = run("--save-dir", str(tmp_path), "continue")
    assert r.stderr.splitlines()[1] == (f"parlor: 2 files and 1 folder in {tmp_path} can't be opened here; "
                                        "the title screen's Load lists them with the reason")


# ---------------------------------------------------------------- the sim table

def test_sim_table_has_one_header_word_per_column_aligned_with_its_cells():
    import re

    from engine.sim import COLUMNS, GameResult, table

    results = [GameResult(0, ["hard", "easy"], [0], 300, [142, 20], [[40, 5], [102, 15]],
                          {"hard": [1.5, 12.0, 0.001], "easy": [0.0001]},
                          {"hard": [1.5, 12.0], "easy": [0.0001]}),     # (decisions with a choice)
               GameResult(1, ["easy", "hard"], [1], 280, None, None, {"hard": [0.25], "easy": [0.0002]},
                          {"hard": [0.25], "easy": [0.0002]})]
    lines = table(results).splitlines()
    assert lines[0] == "2 games, mean length 290 moves"
    assert table(results[:1]).splitlines()[0] == "1 game, mean length 300 moves"
    top, names, *rows = lines[1:]
    assert max(map(len, lines)) <= 78
    spans = [m.span() for m in re.finditer(r"\S+", names)]
    assert names.split() == [name for _, name, _ in COLUMNS]
    assert [row.split()[0] for row in rows] == ["easy", "hard"]
    for row in rows:
        cells = [m.span() for m in re.finditer(r"\S+", row)]
        assert len(cells) == len(spans)
        assert cells[0][0] == spans[0][0]                                  # level: to the left
        assert [end for _, end in cells[1:]] == [end for _, end in spans[1:]]   # numbers: to the right
    # the first row's labels stand over their columns: "95%" over "interval", the others
    # within the two columns they name (not over a neighbour's)
    fields, at = [], 0
    for _, _, width in COLUMNS:
        fields.append((at, at + width))
        at += width + 2
    assert top.index("95%") + 3 == spans[4][1]
    for label, first, last in (("mean score per", 5, 6), ("ms when choosing", 7, 8)):
        start = top.index(label)
        assert fields[first][0] <= start and start + len(label) <= fields[last][1], label
        assert start < spans[first][0] and start + len(label) > spans[last][0], label     # over both
    hard = rows[1].split()
    assert hard[5:] == ["142.0", "71.0", "1500.0", "12000"]    # a game with scores; its 2 rounds; ms


def test_sim_refuses_more_games_or_workers_than_it_can_hold_in_one_line():
    # (a hundred billion games once filled the memory before the first game)
    assert one_line(run("sim", "sorry", "--games", "100000000000")) == (
        "parlor sim: argument --games: must be at most 100000 (for more, run again with other seeds): "
        "100000000000 (try 'parlor sim --help')")
    assert "must be at most 64" in one_line(run("sim", "sorry", "--games", "1", "--workers", "1000"))


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_sim_with_a_line_not_a_traceback(workers):
    import os
    import signal
    import time

    p = subprocess.Popen([sys.executable, "-m", "tui", "sim", "gnoming", "--games", "200", "--levels", "hard",
                          "--workers", workers], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)      # its own process group, as a terminal's job
    time.sleep(3)                                      # (started and playing)
    os.killpg(p.pid, signal.SIGINT)                    # ctrl+c: to every process of the job
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and out == "", err
    assert "Traceback" not in err and err.strip().endswith(
        "of 200 games: no table (the same command plays the same games again)"), err


def test_a_parlor_home_that_is_a_file_is_refused_in_one_line(tmp_path, monkeypatch):
    # (the board opened, and said at every move that the game could not be saved)
    (tmp_path / "afile").write_text("x")
    monkeypatch.setenv("PARLOR_HOME", str(tmp_path / "afile"))
    assert one_line(run("new", "sorry")) == (f"parlor: PARLOR_HOME={tmp_path / 'afile'}: not a directory "
                                             "(try 'parlor --help')")
    monkeypatch.setenv("PARLOR_HOME", str(tmp_path / "afile" / "below"))
    assert one_line(run("continue")).endswith(f"{tmp_path / 'afile'} is not a directory (try 'parlor --help')")


@pytest.mark.parametrize("args,said", [
    (["--players", "9", "new", "sorry"], "parlor: --players is an option of 'parlor new' and 'parlor sim': it goes "
                                         "after the command, as in 'parlor new GAME --players ...'"),
    (["--ascii", "--level=hard", "new", "sorry"], "parlor: --level is an option of 'parlor new': it goes after the "
                                                  "command, as in 'parlor new GAME --level ...'"),
    # a global option's value that reads as a command, and an abbreviation (as argparse takes them)
    (["--save-dir", "new", "--play", "6", "new", "pegs"], "parlor: --players is an option of 'parlor new' and "
                                                           "'parlor sim': it goes after the command, as in "
                                                           "'parlor new GAME --players ...'"),
    (["--theme", "sim", "--seed", "3", "new", "sorry"], "parlor: --seed is an option of 'parlor new' and 'parlor sim': "
                                                        "it goes after the command, as in 'parlor new GAME --seed ...'"),
    (["--lev", "hard", "new", "sorry"], "parlor: --lev (--level or --levels) is an option of 'parlor new' and "
                                        "'parlor sim': it goes after the command, as in 'parlor new GAME --level ...'"),
])
def test_a_commands_option_before_the_command_says_where_it_goes(args, said):
    # (argparse took the option's value for the command: "invalid choice: '9'")
    assert one_line(run(*args)) == said + " (try 'parlor --help')"
    assert one_line(run("--bogus", "new", "sorry")).startswith("parlor: unrecognized arguments: --bogus")
