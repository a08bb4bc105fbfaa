"""README's example code runs as printed (a bot against the engine API), for every game."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.mark.parametrize("game", ["sorry", "pegs", "gnoming"])
def test_readme_python_examples_run(capsys, game):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "README shows how to write a bot"
    for block in blocks:
        # "one API for all games": the example plays any game named in its first call
        assert 'engine.new_game("sorry"' in block
        block = block.replace('engine.new_game("sorry"', f'engine.new_game("{game}"')
        exec(compile(block, str(README), "exec"), {"__name__": "readme_example"})
    out = capsys.readouterr().out
    assert "winners: [" in out
    if game == "sorry":
        assert "reached HOME" in out
