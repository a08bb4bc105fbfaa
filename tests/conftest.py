"""Shared test settings.

Soak runs scale with PARLOR_LONG=1: `soak(short, long)` returns the count
to use for a property test.
"""
import os

import pytest

LONG = os.environ.get("PARLOR_LONG") == "1"


def soak(short: int, long: int) -> int:
    return long if LONG else short


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Never touch the real home: saves and settings go to a temp folder."""
    monkeypatch.setenv("PARLOR_HOME", str(tmp_path / "parlor-home"))
