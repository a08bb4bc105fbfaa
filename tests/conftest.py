"""Shared fixtures. Soak sizes: see tests/util.py (PARLOR_LONG=1)."""
import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Never touch the real home: saves and settings go to a temp folder."""
    monkeypatch.setenv("PARLOR_HOME", str(tmp_path / "parlor-home"))
