"""The `parlor` command line: rules, version, and one-line errors."""
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


@pytest.mark.parametrize("args", [["rules", "chess"], ["--bogus"], ["new", "sorry", "--players", "x"]])
def test_bad_arguments_get_one_line_and_exit_2(args):
    r = run(*args)
    assert r.returncode == 2
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr


def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("parlor ")


def test_rules_does_not_load_textual():
    code = "import sys; from tui.cli import main; main(['rules', 'sorry']); assert 'textual' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
