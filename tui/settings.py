"""Player settings (theme, glyphs, bot speed) in settings.json.

Where: PARLOR_HOME/settings.json, else the user config directory
(`engine.saves.settings_path`). A missing or unreadable file means the
defaults; it never stops the app.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from engine.saves import settings_path, write_atomic

# Seconds a bot's chosen move stays on screen before it is played.
BOT_SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
BOT_SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
DEFAULT_THEME = "parlor-dark"


@dataclass
class Settings:
    theme: str = DEFAULT_THEME
    ascii: bool = False
    bot_speed: str = "normal"
    path: Path | None = field(default=None, repr=False, compare=False)

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS.get(self.bot_speed, BOT_SPEEDS["normal"])

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        path = Path(path) if path else settings_path()
        out = cls(path=path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return out
        if not isinstance(data, dict):
            return out
        if isinstance(data.get("theme"), str):
            out.theme = data["theme"]
        if isinstance(data.get("ascii"), bool):
            out.ascii = data["ascii"]
        if data.get("bot_speed") in BOT_SPEEDS:
            out.bot_speed = data["bot_speed"]
        return out

    def values(self) -> dict:
        """The settings as settings.json holds them."""
        return {k: v for k, v in asdict(self).items() if k != "path"}

    def save(self, *keys: str) -> str | None:
        """Write the settings (only `keys` over what the file holds now, when given, so a
        change made meanwhile by another Parlor stays); returns a reason if that failed
        (the app goes on)."""
        path = self.path or settings_path()
        data = Settings.load(path).values() if keys else self.values()
        data.update((k, getattr(self, k)) for k in keys)
        try:
            write_atomic(path, json.dumps(data, indent=2) + "\n")
        except OSError as exc:
            return f"settings not saved: {exc.strerror or exc}"
        return None
