"""Fixtures for the app's pilot and snapshot tests.

The autouse fixture in tests/conftest.py already points PARLOR_HOME at a
temporary folder. Here: no animations, UTC clock for the saves' timestamps.
"""
from __future__ import annotations

import os
import time

import pytest


@pytest.fixture(autouse=True)
def _quiet_app(monkeypatch):
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TZ", "UTC")
    # the dialogs' moment of grace (keys typed for the board are not taken) would slow every
    # test that answers a hand-off or the results; test_play checks it
    monkeypatch.setattr("tui.screens.base.KEY_GRACE", 0.0)
    monkeypatch.setattr("tui.screens.base.HANDOFF_QUIET", 0.0)
    time.tzset()
    yield
    time.tzset()


@pytest.fixture
def home():
    from pathlib import Path

    return Path(os.environ["PARLOR_HOME"])
