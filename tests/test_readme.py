"""README's example code runs as printed (a bot against the engine API)."""
from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_examples_run(capsys):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "README shows how to write a bot"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {"__name__": "readme_example"})
    out = capsys.readouterr().out
    assert "winners: [" in out and "reached HOME" in out
