"""Parlor killed (SIGTERM, SIGINT) or hung up on (SIGHUP, an SSH connection dropped) in a real
terminal: it ends as ctrl+q does (the terminal given back, the game saved), with the
shell's exit code for that signal. Run in a pseudo-terminal, as a user runs it."""
from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from engine import saves

LEAVE_ALT_SCREEN = b"\x1b[?1049l"


def default_signals() -> None:
    """In the child: the signals as a terminal gives them. A test run started in the
    background (`make test &`, a CI script) ignores SIGINT, and Parlor leaves an ignored
    signal ignored, as it should."""
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


def spawn(tmp_path):
    """`parlor new sorry` (bots only) on an 80 x 24 pseudo-terminal: (process, its master fd)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", PARLOR_HOME=str(tmp_path / "home"))
    for name in ("COLORTERM", "LC_ALL", "LC_CTYPE"):        # (a UTF-8 terminal: Unicode glyphs)
        env.pop(name, None)
    proc = subprocess.Popen([sys.executable, "-m", "tui", "--save-dir", str(tmp_path / "saves"),
                             "new", "sorry", "--seed", "3", "--humans", "0"],
                            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
                            preexec_fn=default_signals)
    os.close(slave)
    return proc, master


def read(master, proc, until: bytes | None, timeout: float) -> bytes:
    """What the terminal received, until `until` shows (or the process ends, or `timeout`)."""
    out = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:              # the other end closed: the process has ended
                break
            if not chunk:
                break
            out += chunk
            if until is not None and until in out:
                break
        elif proc.poll() is not None:
            break
    return out


def saved_moves(tmp_path) -> int:
    """The moves in the game saved in `tmp_path` (0: none saved yet). A save is written
    to a temporary file and renamed, so the game file is never seen half written."""
    paths = list((tmp_path / "saves").glob("sorry-*.json"))
    return len(saves.load(paths[0]).moves) if paths else 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_ends_parlor_as_ctrl_q_does(tmp_path, sig):
    proc, master = spawn(tmp_path)
    try:
        started = read(master, proc, b"Sorry!", 30)
        assert b"Sorry!" in started and proc.poll() is None
        # a bot's move, saved as played (at the bots' pace, 0.8 s a move; read on meanwhile:
        # a full terminal would stop it)
        deadline = time.monotonic() + 30
        while not saved_moves(tmp_path) and proc.poll() is None and time.monotonic() < deadline:
            started += read(master, proc, None, 0.2)
        proc.send_signal(sig)
        after = read(master, proc, None, 15)     # (read on: a full terminal would stop it)
        proc.wait(timeout=5)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 128 + sig
    assert LEAVE_ALT_SCREEN in started + after                # the terminal is given back
    assert b"Your game is saved" in after
    [path] = (tmp_path / "saves").glob("sorry-*.json")
    assert saves.load(path).moves                             # ... and so is the game


@pytest.mark.parametrize("delay", [0.3, 0.6])    # (at once, it dies before it can catch the hang-up)
def test_a_hang_up_with_the_terminal_gone_ends_parlor_even_as_it_starts(tmp_path, delay):
    # an SSH connection dropped in Parlor's first moments: the terminal is gone, writes to it
    # fail, and closing once waited for ever on Textual's output (the process outlived its
    # terminal, holding the game's lock). It ends now, the game saved as it stands.
    proc, master = spawn(tmp_path)
    try:
        read(master, proc, b"\x1b[?1049h", 30)      # it has taken the screen
        time.sleep(delay)
        os.close(master)                            # the terminal goes away ...
        master = None
        proc.send_signal(signal.SIGHUP)             # ... and says so
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
        if master is not None:
            os.close(master)
    # as the shell reports a hang-up (its last words unwritable, once exit code 1); before
    # Parlor has set itself up to catch it, the hang-up ends it as it ends any program
    assert proc.returncode in (128 + signal.SIGHUP, -signal.SIGHUP)
