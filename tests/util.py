"""Helpers shared by the test modules."""
import os

LONG = os.environ.get("PARLOR_LONG") == "1"


def soak(short: int, long: int) -> int:
    """How many random games a property test plays: `long` under PARLOR_LONG=1."""
    return long if LONG else short


class OtherParlor:
    """Another Parlor process holding a saved game (`engine.saves.hold`) until
    `close()` (it lets go) or `kill()` (it dies without letting go)."""

    def __init__(self, path):
        import subprocess
        import sys

        code = ("import sys; from engine import saves; held = saves.hold(sys.argv[1]); "
                "print('held', flush=True); sys.stdin.read(); held.release()")
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=root,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "held"
        self.pid = self.proc.pid

    def close(self) -> None:
        self.proc.stdin.close()          # it reads to the end, lets go and exits
        self.proc.wait(timeout=30)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)
        self.proc.stdin.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        if self.proc.poll() is None:
            self.close()


def seen_from_another_process(path) -> str:
    """What `engine.saves.in_use` says of `path` in a process that holds nothing."""
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", "import sys; from engine import saves; print(saves.in_use(sys.argv[1]))",
                          str(path)], cwd=root, capture_output=True, text=True, timeout=60, check=True)
    return out.stdout.strip()
