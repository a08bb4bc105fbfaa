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
])
def test_bad_arguments_get_one_line_and_exit_2(args):
    r = run(*args)
    assert r.returncode == 2
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("parlor ")


def test_rules_with_ascii_print_ascii_only(capsys):
    assert main(["--ascii", "rules", "gnoming"]) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "| -1 and -2 |" in out


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
    rows = {line.split()[0]: line.split() for line in lines[4:]}
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
