"""Player settings (theme, glyphs, bot speed) in settings.json.

Where: PARLOR_HOME/settings.json, else the user config directory
(`engine.saves.settings_path`). A missing file means the defaults; a file
that can't be used never stops the app either, but it is never lost:

- `Settings.load` says in `problem` what was wrong (a sentence for people,
  or None): a damaged file (not JSON, cut short, not a settings object)
  means the defaults; a value it can't use (an unknown theme, `"glyphs":
  "yes"`) means the default for that one setting.
- `"glyphs"`: "auto" (the default: ASCII where `unicode_doubt` finds a reason),
  "unicode" or "ascii". A file of before it has `"ascii"` alone: true is
  "ascii", false "auto" (every setting saved wrote the default false, so it
  says nothing chosen). `"ascii"` is still written beside it, for an older
  Parlor sharing the file.
- `Settings.save` writes only the settings changed over what the file holds
  at that moment, keeping the rest of the file as it is (values it can't use,
  keys of a newer Parlor). A damaged file is first kept beside it as
  `settings.json.damaged` (`settings.json.damaged-2`… when that is taken); a
  file that can't be read is not written over at all.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from engine.saves import NotJSON, read_json, read_regular, settings_path, write_atomic

MAX_SETTINGS_BYTES = 2**20     # a settings file is a few hundred bytes

# Terminals that can't show Parlor's Unicode glyphs (boxes with round corners, ◆ ▸ ⌂ ✕):
# the Linux console's fonts have a few hundred glyphs, the others are older still.
NO_UNICODE_TERMS = {"linux", "vt52", "vt100", "vt102", "vt220", "dumb"}
PYTHON_COERCED = {"C.UTF-8", "C.utf8", "UTF-8"}      # what Python sets LC_CTYPE to under the C locale


def unicode_doubt(env=None) -> str | None:
    """Why this terminal may not show Unicode ('TERM=linux', 'LC_ALL=C'), or None. As
    tmux and htop judge it: a locale whose character set is not UTF-8 (the first of
    LC_ALL, LC_CTYPE and LANG that is set; none set says nothing), or a terminal type
    known to lack the glyphs. The automatic glyph setting then uses ASCII."""
    env = os.environ if env is None else env
    term = env.get("TERM", "")
    if term.split("-")[0] in NO_UNICODE_TERMS:          # (linux-16color, vt220-8bit too)
        return f"TERM={term}"
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        value = env.get(name)
        if name == "LC_CTYPE" and value in PYTHON_COERCED and not env.get("LC_ALL"):
            # Python itself sets LC_CTYPE so where the locale is C (PEP 538, before any code
            # of ours runs): the locale the terminal was given is LANG's
            continue
        if value:
            # ('en_US.UTF-8', 'C.utf8', and macOS's bare 'UTF-8')
            return None if "utf8" in value.lower().replace("-", "") else f"{name}={value}"
    return None


# Seconds a bot's chosen move stays on screen before it is played.
BOT_SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
BOT_SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
DEFAULT_THEME = "parlor-dark"
DAMAGED_SUFFIX = ".damaged"


def known_themes() -> set[str]:
    """The themes the app offers: Parlor's own and Textual's built-in ones."""
    from textual.theme import BUILTIN_THEMES

    from themes import THEMES

    return set(THEMES) | set(BUILTIN_THEMES)


class _Damaged(Exception):
    """settings.json is there but is not a settings object; `str()` says why."""


def _read(path: Path) -> dict | None:
    """What settings.json holds: a dict, or None when there is no file. Raises _Damaged
    (not JSON, cut short, not an object) or OSError (can't be read)."""
    try:
        raw = read_regular(path, MAX_SETTINGS_BYTES, "for a settings file")   # (NotRegular: left alone)
    except FileNotFoundError:
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Damaged("not a text file") from None
    try:
        data = read_json(text, "settings file")
    except NotJSON as exc:
        raise _Damaged(str(exc)) from None
    if not isinstance(data, dict):
        raise _Damaged("not a settings file")
    return data


GLYPHS = ("auto", "unicode", "ascii")
GLYPHS_ASCII = {"auto": None, "unicode": False, "ascii": True}    # -> ASCII (None: automatic)


def _glyphs_of(data: dict) -> tuple[str, str | None]:
    """The glyph setting in a settings file's `data`, and what couldn't be used (or None)."""
    if "glyphs" in data:
        value = data["glyphs"]
        if isinstance(value, str) and value in GLYPHS:
            return value, None
        return "auto", f"glyphs {_show(value)} ({', '.join(GLYPHS)})"
    if "ascii" in data:                     # a file of before "glyphs"
        value = data["ascii"]
        if isinstance(value, bool):
            return ("ascii" if value else "auto"), None
        return "auto", f"ascii {_show(value)} (true or false)"
    return "auto", None


def draws_ascii(setting: bool | None, doubt: str | None) -> bool:
    """Whether a glyph setting (`Settings.ascii`; None: automatic) draws in ASCII where
    `unicode_doubt` gave `doubt`."""
    return bool(doubt) if setting is None else setting


def ascii_setting(path: Path | None = None) -> bool | None:
    """The glyph setting alone, as `Settings.load` would take it (None: automatic, or a
    file it can't use): for `parlor rules`, which doesn't load the themes (nor Textual)."""
    try:
        data = _read(Path(path) if path else settings_path()) or {}
    except (_Damaged, OSError):
        return None
    return GLYPHS_ASCII[_glyphs_of(data)[0]]


def _show(value) -> str:
    """A value from the file as it is written there: "yes", 7, null."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 30 else text[:29] + "…"


def _damaged_names(path: Path):
    """Where a damaged settings.json is kept: settings.json.damaged, then -2, -3…"""
    for n in range(1, 100):
        yield path.with_name(path.name + DAMAGED_SUFFIX + ("" if n == 1 else f"-{n}"))


@dataclass
class Settings:
    theme: str = DEFAULT_THEME
    glyphs: str = "auto"            # GLYPHS: auto (ASCII where `unicode_doubt` finds a reason), …
    bot_speed: str = "normal"
    path: Path | None = field(default=None, repr=False, compare=False)
    # What `load` found wrong with the file, as a sentence for people (None: nothing);
    # it describes the file as it was loaded (a later `save` does not change it).
    problem: str | None = field(default=None, repr=False, compare=False)

    @property
    def ascii(self) -> bool | None:
        """The glyph setting as ASCII or not (None: automatic)."""
        return GLYPHS_ASCII[self.glyphs]

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS.get(self.bot_speed, BOT_SPEEDS["normal"])

    @classmethod
    def load(cls, path: Path | None = None) -> "Settings":
        """The settings in `path` (settings.json); the defaults for what is missing or
        can't be used, with `problem` saying what that was. Never raises."""
        path = Path(path) if path else settings_path()
        out = cls(path=path)
        try:
            data = _read(path)
        except _Damaged as exc:
            keep = next((k for k in _damaged_names(path) if not os.path.lexists(k)), None)
            out.problem = (f"Your settings file {path} is damaged: {exc}. Parlor uses the "
                           f"default settings. When you change a setting, the damaged file is "
                           f"kept as {keep.name if keep else path.name + DAMAGED_SUFFIX}.")
            return out
        except OSError as exc:
            out.problem = (f"Parlor can't read your settings file {path} ({exc.strerror or exc}), "
                           f"so it uses the default settings and won't save changes over it.")
            return out
        if data is None:
            return out
        ignored = []
        if "theme" in data:
            if isinstance(data["theme"], str) and data["theme"] in known_themes():
                out.theme = data["theme"]
            else:
                ignored.append(f"theme {_show(data['theme'])} (no such theme)")
        out.glyphs, problem = _glyphs_of(data)
        if problem:
            ignored.append(problem)
        if "bot_speed" in data:
            if isinstance(data["bot_speed"], str) and data["bot_speed"] in BOT_SPEEDS:
                out.bot_speed = data["bot_speed"]
            else:
                ignored.append(f"bot_speed {_show(data['bot_speed'])} ({', '.join(BOT_SPEEDS)})")
        if ignored:
            what = "this setting" if len(ignored) == 1 else "these settings"
            out.problem = (f"Parlor ignored {what} in {path}, using the default instead: "
                           f"{'; '.join(ignored)}.")
        return out

    def values(self) -> dict:
        """The settings as settings.json holds them."""
        return {k: v for k, v in asdict(self).items() if k not in ("path", "problem")}

    def save(self, *keys: str) -> str | None:
        """Write the settings (only `keys` over what the file holds now, when given, so a
        change made meanwhile by another Parlor stays, and so do the values this Parlor
        can't use); returns a reason if that failed (the app goes on). A damaged file is
        kept as settings.json.damaged first; one that can't be read is left alone."""
        path = self.path or settings_path()
        try:
            data = _read(path)
        except _Damaged:
            data = None
            kept = self._keep_damaged(path)
            if isinstance(kept, str):
                return kept
        except OSError as exc:
            return f"settings not saved: {path} can't be read ({exc.strerror or exc}), so it is left as it is"
        if data is None:
            data = Settings().values()
        written = keys or tuple(self.values())
        data.update((k, getattr(self, k)) for k in written)
        if "glyphs" in written:
            data["ascii"] = self.glyphs == "ascii"      # (for an older Parlor: its one glyph key)
        try:
            write_atomic(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        except OSError as exc:
            return f"settings not saved: {exc.strerror or exc}"
        return None

    @staticmethod
    def _keep_damaged(path: Path) -> Path | str:
        """Keep the damaged file at `path` under a name of its own beside it (never
        over another file): the new name, or why it couldn't be kept."""
        for keep in _damaged_names(path):
            try:
                os.link(path, keep)          # fails if the name is taken: nothing is overwritten
                return keep
            except FileExistsError:
                continue
            except FileNotFoundError:
                return keep                  # gone meanwhile: nothing to keep
            except OSError:
                pass                         # no hard links here: a copy
            try:
                with open(keep, "xb") as fh:
                    fh.write(path.read_bytes())
                return keep
            except FileExistsError:
                continue
            except OSError as exc:
                return f"settings not saved: the damaged {path} could not be kept ({exc.strerror or exc})"
        return f"settings not saved: the damaged {path} could not be kept (too many kept already)"
