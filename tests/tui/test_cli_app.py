"""The command line that starts the app: parlor, new, continue, global flags, errors."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tui import cli
from tui.app import ParlorApp

from ..util import OtherParlor
from .helpers import session_at


def run(*args, env=None):
    return subprocess.run([sys.executable, "-m", "tui", *args], capture_output=True, text=True, env=env,
                          timeout=60)


@pytest.fixture
def started(monkeypatch):
    """Replace App.run: record the app the CLI built instead of taking over the terminal
    (a UTF-8 xterm, whatever terminal runs the tests)."""
    apps = []
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_CTYPE", raising=False)

    def fake_run(self, *a, **k):
        apps.append(self)

    monkeypatch.setattr(ParlorApp, "run", fake_run)
    return apps


def test_no_command_opens_the_title_screen(started):
    assert cli.main([]) == 0
    (app,) = started
    assert app.start.kind == "title" and app.theme == "parlor-dark" and not app.ascii


def test_new_sorry_builds_the_game_from_the_flags(started, tmp_path):
    assert cli.main(["--save-dir", str(tmp_path / "s"), "--theme", "parlor-light", "--ascii",
                     "new", "sorry", "--players", "3", "--humans", "2", "--level", "hard",
                     "--variant", "points", "--seed", "12", "--target", "100"]) == 0
    (app,) = started
    spec = app.start.spec
    assert app.start.kind == "new" and app.save_dir == tmp_path / "s"
    assert app.theme == "parlor-light" and app.ascii
    assert (spec.players, spec.variant, spec.seed, spec.target) == (3, "points", 12, 100)
    assert [s.to_dict() for s in spec.seats] == [{"kind": "human"}, {"kind": "human"},
                                                 {"kind": "bot", "level": "hard"}]


@pytest.mark.parametrize("env,doubt", [({"TERM": "linux"}, "TERM=linux"),
                                       ({"LANG": "C"}, "LANG=C"),
                                       ({"LC_ALL": "en_US.ISO-8859-1"}, "LC_ALL=en_US.ISO-8859-1")])
def test_a_terminal_that_may_not_show_unicode_gets_ascii_unless_the_settings_say(started, monkeypatch, home,
                                                                               env, doubt):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert cli.main([]) == 0
    assert started[0].ascii and started[0].unicode_doubt == doubt
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text('{"glyphs": "unicode"}')        # chosen in Settings: kept
    assert cli.main([]) == 0
    assert not started[1].ascii and started[1].unicode_doubt == doubt
    (home / "settings.json").write_text('{"theme": "parlor-light", "ascii": false}')   # an older Parlor's
    assert cli.main([]) == 0                                             # default: nothing chosen
    assert started[2].ascii


def test_continue_needs_a_game_to_continue(started, capsys):
    assert cli.main(["continue"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "no unfinished game" in err
    session_at([["track:20"], ["track:40"]], card="3")
    assert cli.main(["continue"]) == 0
    assert started[0].start.kind == "continue"


def test_continue_refuses_a_game_open_in_another_parlor(started, capsys):
    rec = session_at([["track:20"], ["track:40"]], card="3").record
    with OtherParlor(rec.path) as other:
        assert cli.main(["continue"]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"open in another Parlor (process {other.pid})" in err
    assert started == []
    assert cli.main(["continue"]) == 0


def test_cli_theme_is_not_saved_as_the_setting(started, home):
    cli.main(["--theme", "parlor-high-contrast"])
    assert not (home / "settings.json").exists()


@pytest.mark.parametrize("args,words", [
    (["new", "pegs", "--players", "5"], "4, 6 or 8 players"),
    (["new", "gnoming", "--players", "8"], "players"),
    (["new", "gnoming", "--variant", "teams"], "Gnoming A Round has no variant 'teams': choose standard"),
    (["new", "sorry", "--players", "5"], "2, 3 or 4 players"),
    (["new", "sorry", "--humans", "5"], "--humans"),
    (["new", "sorry", "--variant", "teams", "--players", "3"], "exactly 4 players"),
    (["new", "sorry", "--variant", "silly"], "Sorry! has no variant 'silly'"),
    (["new", "sorry", "--target", "100"], "--target applies only to Sorry! with --variant points"),
    (["new", "sorry", "--level", "expert"], "invalid choice"),
    (["--theme", "nope"], "unknown theme"),
    (["new"], "required"),
    (["continue", "now"], "unrecognized"),
    (["sim", "sorry", "--games", "2", "--bogus"], "unrecognized arguments: --bogus (try 'parlor sim --help')"),
    (["new", "sorry", "--bogus"], "(try 'parlor new --help')"),
])
def test_bad_arguments_get_one_line_and_exit_2(args, words):
    r = run(*args)
    assert r.returncode == 2, r.stderr
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
    assert words in r.stderr and "Traceback" not in r.stderr
    assert "(S-" not in r.stderr and "(P-" not in r.stderr      # rule ids are the spec's, not the player's


def test_save_dir_that_is_a_file_is_refused(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    r = run("--save-dir", str(f))
    assert r.returncode == 2 and "not a directory" in r.stderr and len(r.stderr.splitlines()) == 1


def test_help_mentions_the_commands():
    r = run("--help")
    assert r.returncode == 0
    for word in ("new", "continue", "rules", "sim", "--save-dir", "--theme", "--ascii", "--version"):
        assert word in r.stdout


def test_the_app_module_is_not_imported_for_rules_or_sim_help():
    code = ("import sys; from tui.cli import main; main(['rules', 'sorry']); "
            "assert 'textual' not in sys.modules and 'tui.app' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
