"""Saved games: the file format, atomic writes and damaged-file handling.

One JSON file per game (DESIGN.md, "Saves"):

    {"format": "parlor-save", "version": 1,
     "id": ..., "game": "sorry", "variant": ..., "players": 4,
     "seats": [{"kind": "human"}, {"kind": "bot", "level": "normal"}, ...],
     "seed": ..., "bot_seed": ...,
     "created": ISO-8601, "updated": ISO-8601, "finished": false,
     "state": game.to_dict(), "moves": [move.to_dict(), ...],
     "events": [event.to_dict(), ...], "summary": {...}}

Files are written atomically (a temp file in the same directory, fsync,
`os.replace`). A file that can't be read is never modified: `list_saves`
reports it with the reason and the caller may delete it on request. A temp
file left behind by a Parlor killed while writing is removed once it is
clearly stale (`sweep_temp_files`).

Where things live: `PARLOR_HOME=DIR` puts saves in `DIR/saves` and settings
in `DIR/settings.json`; `--save-dir DIR` (the `save_dir` arguments here)
moves the saves only; otherwise the platform's user data and config
directories (platformdirs). Plain Python: no UI imports.
"""
from __future__ import annotations

import errno
import json
import os
import secrets
import socket
import stat
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple

from .core import parse_time

try:
    import fcntl
except ImportError:            # Windows: games are not locked there (see `hold`)
    fcntl = None

FORMAT = "parlor-save"
VERSION = 1
MAX_SAVE_BYTES = 64 * 2**20      # far beyond any game (a long match is well under 1 MB): a file larger is not read
SUFFIX = ".json"
_TEMP_PREFIX = ".parlor-tmp-"
_TEMP_SUFFIX = ".part"
# A temp file untouched for this long, that no writer holds, is left over from a Parlor
# killed while writing (a write takes milliseconds): `sweep_temp_files` removes it.
STALE_TEMP_AGE = 60.0
LEVELS = ("easy", "normal", "hard")


class SaveError(Exception):
    """A save file that can't be used; `str()` is the reason, for people.
    `lasting`: the reason lies in the file's contents, so it holds as long as
    the file is unchanged (the listing keeps it; others are looked at afresh)."""

    lasting = True


class DamagedSave(SaveError):
    """The file is not a readable Parlor save (bad JSON, truncated, inconsistent)."""


class Unreadable(DamagedSave):
    """The file can't be read now (permissions, an I/O error) or holds a game this
    Parlor doesn't have: another time, or another Parlor, may read it."""

    lasting = False


class UnsupportedVersion(SaveError):
    """The file is a Parlor save of a format version this Parlor doesn't read;
    `newer`: written by a newer Parlor (a newer one opens it)."""

    lasting = False

    def __init__(self, reason: str, *, newer: bool = False):
        super().__init__(reason)
        self.newer = newer


class InUse(SaveError):
    """The game is open in another Parlor (another terminal, another SSH session);
    `str()` reads 'open in another Parlor (process 4242)'."""


# ------------------------------------------------------------------ places
def parlor_home() -> Path | None:
    home = os.environ.get("PARLOR_HOME")
    return Path(home).expanduser() if home else None


def saves_dir(save_dir: str | os.PathLike | None = None) -> Path:
    """The saves directory: `save_dir` (--save-dir), else PARLOR_HOME/saves, else the user data dir."""
    if save_dir:
        return Path(save_dir).expanduser()
    home = parlor_home()
    if home is not None:
        return home / "saves"
    import platformdirs

    return platformdirs.user_data_path("parlor", appauthor=False) / "saves"


def settings_path() -> Path:
    """settings.json: PARLOR_HOME/settings.json, else in the user config dir."""
    home = parlor_home()
    if home is not None:
        return home / "settings.json"
    import platformdirs

    return platformdirs.user_config_path("parlor", appauthor=False) / "settings.json"


def logs_dir() -> Path:
    """Where crash reports go: PARLOR_HOME/logs, else the user log dir."""
    home = parlor_home()
    if home is not None:
        return home / "logs"
    import platformdirs

    return platformdirs.user_log_path("parlor", appauthor=False)


# ------------------------------------------------------------------ model
def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class Seat:
    """Who plays a seat: a person at the keyboard or a bot of some level."""

    kind: str                    # "human" | "bot"
    level: str | None = None     # bots only

    def __post_init__(self) -> None:
        if self.kind not in ("human", "bot"):
            raise ValueError(f"a seat is 'human' or 'bot', not {self.kind!r}")
        if self.kind == "bot" and self.level not in LEVELS:
            raise ValueError(f"unknown bot level {self.level!r}: choose one of {', '.join(LEVELS)}")
        if self.kind == "human":
            self.level = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_dict(self) -> dict:
        return {"kind": self.kind} if self.kind == "human" else {"kind": "bot", "level": self.level}

    @classmethod
    def from_dict(cls, d: Any) -> "Seat":
        if not isinstance(d, dict):
            raise ValueError(f"not a seat: {d!r}")
        return cls(d.get("kind"), d.get("level"))


@dataclass
class SaveRecord:
    """Everything in one save file, the live game included (`game`)."""

    id: str
    game: Any                          # engine Game
    seats: list[Seat]
    seed: int | None = None
    bot_seed: int = 0
    created: str = field(default_factory=now_iso)
    updated: str = ""
    moves: list[dict] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    path: Path | None = None

    def __post_init__(self) -> None:
        if not self.updated:
            self.updated = self.created

    @property
    def name(self) -> str:
        return self.game.game

    @property
    def finished(self) -> bool:
        return self.game.is_over

    def summary(self) -> dict:
        g = self.game
        view = g.view(None)
        return {
            "turn": view.get("turn", len(self.moves)),
            "to_act": g.to_act,
            "winners": g.winners,
            "scores": g.scores,
            "variant": getattr(g, "variant", None),
            "humans": sum(s.is_human for s in self.seats),
        }

    def to_dict(self) -> dict:
        g = self.game
        return {
            "format": FORMAT,
            "version": VERSION,
            "id": self.id,
            "game": g.game,
            "variant": getattr(g, "variant", None),
            "players": g.players,
            "seats": [s.to_dict() for s in self.seats],
            "seed": self.seed,
            "bot_seed": self.bot_seed,
            "created": self.created,
            "updated": self.updated,
            "finished": g.is_over,
            "state": g.to_dict(),
            "moves": list(self.moves),
            "events": list(self.events),
            "summary": self.summary(),
        }

    def record(self, move, events) -> None:
        """Add a played move and its events to the logs (the caller then writes)."""
        self.moves.append(move.to_dict())
        self.events.extend(e.to_dict() for e in events)


def new_id(game: str, when: datetime | None = None) -> str:
    when = when or datetime.now(timezone.utc)
    return f"{game}-{when.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def new_record(game, seats: list[Seat], *, seed: int | None = None, bot_seed: int | None = None,
               directory: str | os.PathLike | None = None, now: str | None = None) -> SaveRecord:
    """A record for a new game, with a file name not used by any existing file."""
    if len(seats) != game.players:
        raise ValueError(f"{game.players} seats needed, got {len(seats)}")
    if bot_seed is None:
        bot_seed = seed if seed is not None else secrets.randbits(31)
    rec = SaveRecord(id="", game=game, seats=list(seats), seed=seed, bot_seed=bot_seed,
                     created=now or now_iso())
    folder = saves_dir(directory)
    while True:                 # never reuse a name: a damaged file there must stay as it is
        rec.id = new_id(game.game)
        rec.path = folder / f"{rec.id}{SUFFIX}"
        if not rec.path.exists():
            return rec


# ------------------------------------------------------------------ writing
def write(rec: SaveRecord, *, now: str | None = None) -> Path:
    """Write `rec` atomically to its path (temp file in the same dir, fsync, os.replace)."""
    if rec.path is None:
        raise ValueError("the record has no path")
    rec.updated = now or now_iso()
    data = json.dumps(rec.to_dict(), separators=(",", ":"), ensure_ascii=False)
    write_atomic(rec.path, data)
    return rec.path


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` atomically. The temp file is locked while it is written
    (`sweep_temp_files` leaves it alone); the first write to a folder in this process
    clears the folder of stale temp files."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.parent not in _SWEPT:
        sweep_temp_files(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, dir=path.parent)
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pass                 # no locks here: its age alone keeps it from being swept
    try:
        try:                     # the new file keeps the old one's permissions (a save shared
            os.fchmod(fd, stat.S_IMODE(path.stat().st_mode))    # with 0644 stays so)
        except (OSError, AttributeError):
            pass                 # a first save (mkstemp's 0600), or none to set (Windows)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:                         # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


_SWEPT: set[Path] = set()        # folders swept at a write in this process


def is_temp_file(name: str) -> bool:
    """Whether a file name is one of `write_atomic`'s temp files."""
    return name.startswith(_TEMP_PREFIX) and name.endswith(_TEMP_SUFFIX)


def sweep_temp_files(folder: str | os.PathLike, names=None, *, now: float | None = None) -> list[Path]:
    """Remove the temp files `write_atomic` left in `folder` when its Parlor was killed
    mid-write, and return them. Only clearly stale ones go: a regular file named as
    those temp files are, untouched for STALE_TEMP_AGE seconds and not locked by a
    writer (another Parlor may be writing one right now). Nothing else is touched:
    a save's name never has the temp prefix. `names`: the folder's file names, when
    the caller has them already. Never raises."""
    folder = Path(folder)
    _SWEPT.add(folder)
    now = time.time() if now is None else now
    removed = []
    try:
        if names is None:
            names = os.listdir(folder)
        for name in names:
            if not is_temp_file(name):
                continue
            path = folder / name
            try:
                st = os.lstat(path)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < STALE_TEMP_AGE:
                continue
            if _remove_unlocked(path, st):
                removed.append(path)
    except OSError:
        pass
    return removed


def _remove_unlocked(path: Path, st: os.stat_result) -> bool:
    """Unlink the temp file at `path` (`st` its lstat) unless a writer holds its lock."""
    if fcntl is None:
        return _unlink(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        # can't be opened (no read permission): its age is all there is to go by
        return exc.errno in (errno.EACCES, errno.EPERM) and _unlink(path)
    try:
        if os.fstat(fd).st_ino != st.st_ino:
            return False             # replaced since it was looked at
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False             # being written
        except OSError:
            pass                     # no locks on this file system: its age decides
        return _unlink(path)
    finally:
        os.close(fd)


def _unlink(path: Path) -> bool:
    try:
        os.unlink(path)
    except OSError:
        return False
    return True


# ------------------------------------------------------------------ reading
class NotJSON(ValueError):
    """A file's text is not JSON; `str()` says why in words (`read_json`)."""


def read_json(text: str, what: str = "Parlor save") -> Any:
    """JSON from a file's text (a save, settings.json), or NotJSON saying why not: "the
    file is empty", "the file is cut short (truncated JSON)", "not valid JSON (line L,
    column C: …)", "not a `what` (nested too deeply)"."""
    if not text.strip():
        raise NotJSON("the file is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()):
            raise NotJSON("the file is cut short (truncated JSON)") from None
        raise NotJSON(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise NotJSON(f"not a {what} (nested too deeply)") from None
    except ValueError:               # a number of thousands of digits (Python's limit on them)
        raise NotJSON(f"not a {what} (a number far too long)") from None


def parse(text: str, path: Path | None = None) -> SaveRecord:
    """A record from a file's text; raises DamagedSave or UnsupportedVersion."""
    try:
        d = read_json(text)
    except NotJSON as exc:
        raise DamagedSave(str(exc)) from None
    return from_dict(d, path)


def from_dict(d: Any, path: Path | None = None) -> SaveRecord:
    import engine

    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise DamagedSave("not a Parlor save (no 'parlor-save' format name)")
    version = d.get("version")
    if version != VERSION:
        if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
            raise UnsupportedVersion(f"saved by a newer Parlor (format version {version}; "
                                     f"this Parlor reads version {VERSION})", newer=True)
        raise UnsupportedVersion(f"format version {version!r} is not supported "
                                 f"(this Parlor reads version {VERSION})")
    try:
        game_name = d["game"]
        if game_name not in engine.GAMES:
            raise Unreadable(f"unknown game {game_name!r}")
        try:
            game = engine.load_game(d["state"])
        except ImportError as exc:
            raise Unreadable(f"{game_name} can't be loaded by this Parlor ({exc})") from None
        if game.game != game_name:
            raise DamagedSave("the game state doesn't match the game named in the file")
        seats = [Seat.from_dict(s) for s in d["seats"]]
        if len(seats) != game.players:
            raise DamagedSave(f"{len(seats)} seats for {game.players} players")
        moves, events = d["moves"], d["events"]
        if not isinstance(moves, list) or not isinstance(events, list):
            raise DamagedSave("the move or event log is not a list")
        for m in moves:
            game.parse_move(m)              # each logged move must be a move of this game
        if any(not isinstance(e, dict) or not isinstance(e.get("text"), str) for e in events):
            raise DamagedSave("the event log is damaged")
        for key in ("seed", "bot_seed"):
            if d.get(key) is not None and (isinstance(d[key], bool) or not isinstance(d[key], int)):
                raise DamagedSave(f"the saved game is damaged ({key} {d[key]!r} is not a whole number)")
        rec = SaveRecord(id=str(d["id"]), game=game, seats=seats, seed=d.get("seed"),
                         bot_seed=int(d.get("bot_seed") or 0), created=str(d["created"]),
                         updated=str(d["updated"]), moves=moves, events=events, path=path)
    except SaveError:
        raise
    except Exception as exc:          # whatever the engine finds wrong with it (OverflowError too)
        detail = f"missing {exc}" if isinstance(exc, KeyError) else str(exc) or type(exc).__name__
        detail = detail.removeprefix("damaged ")       # the engines' "damaged X state: …", said once
        raise DamagedSave(f"the saved game is damaged ({detail})") from None
    return rec


def load(path: str | os.PathLike) -> SaveRecord:
    """Read one save; raises DamagedSave / UnsupportedVersion and never touches the file."""
    path = Path(path)
    try:
        raw = read_regular(path, MAX_SAVE_BYTES, "for a Parlor save")
    except OSError as exc:
        raise Unreadable(os_reason(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedSave("not a text file (invalid UTF-8)") from None
    return parse(text, path)


class NotRegular(OSError):
    """A file Parlor won't read (`read_regular`); `strerror` says why."""


def read_regular(path: Path, cap: int, what: str) -> bytes:
    """The bytes of `path` if it is a regular file of at most `cap` bytes (a pipe would
    wait for ever, a device never end, a huge file fill the memory); else an OSError,
    NotRegular saying why when the file is there (too large: "far too large `what`")."""
    info = path.stat()
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise NotRegular(errno.EINVAL, "it is not a regular file")
    if info.st_size > cap:
        raise NotRegular(errno.EFBIG, f"far too large {what} ({info.st_size // 2**20} MB)")
    return path.read_bytes()


def os_reason(exc: OSError) -> str:
    """Why the system would not let a file be read, for people: 'X can't be opened: <this>'."""
    if isinstance(exc, NotRegular):
        return exc.strerror
    if isinstance(exc, PermissionError):
        return "no permission to read it"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(exc, FileNotFoundError):
        return "it is no longer there"
    return f"reading it failed ({exc.strerror or exc})"


@dataclass(frozen=True)
class SaveInfo:
    """What the title and load screens show of a readable save: small, with no
    live game, so a listing of hundreds of saves can be kept (`list_saves`)."""

    id: str
    game: str
    variant: str | None
    players: int
    seats: tuple[Seat, ...]
    updated: str
    finished: bool
    winners: tuple[int, ...]
    moves: int                    # moves played
    turn: int | None              # the view's move counter (games that have one); in a points
                                  # match, the moves of the game in play (`match_game`)
    round: int | None             # Gnoming A Round: the round being played, of `rounds`
    rounds: int | None
    match_game: int | None = None  # Sorry! points match: the game in play (`turn` counts its moves)
    target: int | None = None      # Sorry! points: the match's target (0: a single game)
    games: int | None = None       # ... and the games it has finished

    @classmethod
    def of(cls, rec: SaveRecord) -> "SaveInfo":
        g = rec.game
        view = g.view(None)
        rounds = view.get("rounds") if g.game == "gnoming" else None
        turn = view.get("turn") if g.game != "gnoming" else None       # Gnoming's "turn" is a seat
        match = view.get("match") if g.game == "sorry" else None
        match_game = target = games = None
        if match:
            target, games = match.get("target"), match.get("games")
            if target and not g.is_over and "game_moves" in match:   # a game of a match
                match_game, turn = games + 1, match["game_moves"]
        return cls(id=rec.id, game=g.game, variant=getattr(g, "variant", None), players=g.players,
                   seats=tuple(rec.seats), updated=rec.updated, finished=g.is_over,
                   winners=tuple(g.winners), moves=len(rec.moves),
                   turn=turn if isinstance(turn, int) else None,
                   round=view.get("round") if rounds else None, rounds=rounds, match_game=match_game,
                   target=target if isinstance(target, int) else None,
                   games=games if isinstance(games, int) else None)

    def to_dict(self) -> dict:
        """For the listing's index (INDEX)."""
        return {"id": self.id, "game": self.game, "variant": self.variant, "players": self.players,
                "seats": [s.to_dict() for s in self.seats], "updated": self.updated,
                "finished": self.finished, "winners": list(self.winners), "moves": self.moves,
                "turn": self.turn, "round": self.round, "rounds": self.rounds, "match_game": self.match_game,
                "target": self.target, "games": self.games}

    @classmethod
    def from_dict(cls, d: Any) -> "SaveInfo":
        """Back from `to_dict`; raises (KeyError, TypeError, ValueError…) on anything else."""
        def opt_int(x):
            if x is None or isinstance(x, int) and not isinstance(x, bool):
                return x
            raise ValueError(f"not a number: {x!r}")

        return cls(id=str(d["id"]), game=str(d["game"]),
                   variant=None if d["variant"] is None else str(d["variant"]),
                   players=int(d["players"]), seats=tuple(Seat.from_dict(x) for x in d["seats"]),
                   updated=str(d["updated"]), finished=bool(d["finished"]),
                   winners=tuple(int(w) for w in d["winners"]), moves=int(d["moves"]),
                   turn=opt_int(d["turn"]), round=opt_int(d["round"]), rounds=opt_int(d["rounds"]),
                   match_game=opt_int(d["match_game"]), target=opt_int(d["target"]),
                   games=opt_int(d["games"]))


@dataclass
class Entry:
    """One file of the saves directory: a readable save (`info`) or a damaged file with its reason."""

    path: Path
    info: SaveInfo | None = None
    problem: str | None = None
    mtime: float = 0.0
    unsupported: bool = False           # a Parlor save of a format version this one can't read
    newer: bool = False                 # ... written by a newer Parlor
    unreadable: bool = False            # can't be read now (permissions, I/O) or a game this one lacks

    @property
    def damaged(self) -> bool:
        return self.info is None

    @property
    def deletable(self) -> bool:
        """Whether `delete` can remove it: a file or a link, not a folder."""
        return self.path.is_symlink() or not self.path.is_dir()

    @property
    def updated(self) -> str:
        if self.info is not None:
            return self.info.updated
        return datetime.fromtimestamp(self.mtime, timezone.utc).isoformat(timespec="seconds")

    @property
    def when(self) -> float:
        """When it was last played, in seconds since 1970, for the order of the list: its
        `updated` time, or the file's when that is not a date (a hand-edited save)."""
        moment = parse_time(self.updated)
        try:
            return self.mtime if moment is None else moment.timestamp()
        except (OverflowError, OSError, ValueError):
            return self.mtime

    def load(self) -> SaveRecord:
        """The whole save, read afresh (raises SaveError if it can't be used now)."""
        return load(self.path)


# list_saves reads a file again only when it changed: path -> ((inode, mtime, size, ctime), entry).
# Every write replaces the file (a new inode), so a changed save is never taken for the old;
# chmod and touch change the ctime.
_LISTED: dict[Path, tuple[tuple[int, ...], Entry]] = {}

# The same, kept between runs in the saves folder, so Parlor starts without reading
# every save: {"format": INDEX_FORMAT, "version": 4, "reads": VERSION, "games": [...],
# "files": {name: {"key": [inode, mtime_ns, size, ctime_ns], "mtime": float, "info":
# {...}} or {..., "problem": str}}}. Only an entry whose key matches the file now is
# used, only by a Parlor that reads the same save version and games (what it wrote
# depends on both), and only `lasting` verdicts are kept. An index that can't be
# read is ignored (and written afresh).
INDEX = ".parlor-index.json"
INDEX_FORMAT = "parlor-save-index"
_INDEXED: set[Path] = set()          # folders whose index was read in this process


def _entry_to(key: tuple[int, ...], e: Entry) -> dict:
    d: dict[str, Any] = {"key": list(key), "mtime": e.mtime}
    if e.info is not None:
        d["info"] = e.info.to_dict()
    else:
        d["problem"] = e.problem
    return d


def _index_stamp() -> dict:
    import engine

    # (version 3: saves are checked more closely than version 2's verdicts were made;
    # version 4: a points match's target and games, and damage reasons said in words)
    return {"format": INDEX_FORMAT, "version": 4, "reads": VERSION, "games": sorted(engine.GAMES)}


def _read_index(folder: Path) -> None:
    """Put the folder's index entries into `_LISTED` (each is checked against its file)."""
    _INDEXED.add(folder)
    try:
        d = json.loads(read_regular(folder / INDEX, MAX_SAVE_BYTES, "").decode("utf-8"))
        if any(d.get(k) != v for k, v in _index_stamp().items()):
            return
        items = list(d["files"].items())
    except Exception:            # whatever is wrong with it, the saves themselves are read
        return
    for name, f in items:
        path = folder / name
        if path in _LISTED:
            continue
        try:
            key = tuple(int(k) for k in f["key"])
            if len(key) != 4:
                continue
            mtime = float(f["mtime"])
            if "info" in f:
                entry = Entry(path, info=SaveInfo.from_dict(f["info"]), mtime=mtime)
            else:
                entry = Entry(path, problem=str(f["problem"]), mtime=mtime)
        except Exception:
            continue                 # that entry is damaged: its file is read again
        _LISTED[path] = (key, entry)


def _write_index(folder: Path) -> None:
    files = {p.name: _entry_to(key, e) for p, (key, e) in _LISTED.items() if p.parent == folder}
    text = json.dumps({**_index_stamp(), "files": files}, separators=(",", ":"))
    try:
        write_atomic(folder / INDEX, text)
    except OSError:
        pass                         # a read-only folder: every start reads the saves


def list_saves(save_dir: str | os.PathLike | None = None) -> list[Entry]:
    """Every save file, most recently played first; damaged ones carry the reason.

    A file is read (and checked whole, as `load` does) the first time it is
    listed and again only once it changed, so coming back to the title or the
    load screen costs a `stat` per save, however many there are. What was read
    is kept in the folder's index (INDEX) for the next start of Parlor. Stale temp
    files of writes that never finished are removed on the way (`sweep_temp_files`)."""
    folder = saves_dir(save_dir)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    sweep_temp_files(folder, names)
    paths = [folder / n for n in names if n.endswith(SUFFIX) and not n.startswith(".")]
    if folder not in _INDEXED:
        _read_index(folder)
    changed = False
    out = []
    for p in paths:
        try:
            st = p.stat()
            key = (st.st_ino, st.st_mtime_ns, st.st_size, st.st_ctime_ns)
            mtime = st.st_mtime
        except OSError:                # (a link to nothing: when the link was made)
            key = None
            try:
                mtime = p.lstat().st_mtime
            except OSError:
                mtime = 0.0
        cached = _LISTED.get(p)
        if key is not None and cached is not None and cached[0] == key:
            out.append(cached[1])
            continue
        lasting = True
        try:
            entry = Entry(p, info=SaveInfo.of(load(p)), mtime=mtime)
        except SaveError as exc:
            entry = Entry(p, problem=str(exc), mtime=mtime, unsupported=isinstance(exc, UnsupportedVersion),
                          newer=getattr(exc, "newer", False), unreadable=isinstance(exc, Unreadable))
            lasting = exc.lasting
        except Exception as exc:       # loaded, but the game can't say where it stands
            entry = Entry(p, problem=f"the saved game is damaged ({exc or type(exc).__name__})", mtime=mtime)
        if key is not None and lasting:
            _LISTED[p] = (key, entry)
            changed = True
        elif _LISTED.pop(p, None) is not None:
            changed = True
        out.append(entry)
    listed = set(paths)
    for p in [p for p in _LISTED if p.parent == folder and p not in listed]:
        del _LISTED[p]                 # deleted or moved away
        changed = True
    if changed:
        _write_index(folder)
    out.sort(key=lambda e: (e.when, e.path.name), reverse=True)
    return out


class ToContinue(NamedTuple):
    """What "continue" resumes (`to_continue`)."""
    entry: Entry | None           # the game to resume; None: no unfinished game at all
    busy: str | None              # why `entry` can't be opened here (every unfinished game is open elsewhere)
    passed: tuple[tuple[Entry, str], ...] = ()   # newer unfinished games passed over, and why (open elsewhere)
    damaged: tuple[Entry, ...] = ()   # newer files that can't be opened here (perhaps the game meant)


def to_continue(entries: list[Entry]) -> ToContinue:
    """The game "continue" resumes, of `entries` (a `list_saves`): the unfinished one
    played last that no other Parlor has open, with the newer ones passed over and the
    newer files that can't be opened (damaged, of a newer Parlor: the newest game may be
    one of them); if every one is open elsewhere, the last played with the reason (`in_use`)."""
    passed: list[tuple[Entry, str]] = []
    damaged: list[Entry] = []
    for entry in entries:
        if entry.info is None:
            if entry.deletable:               # (not a folder named *.json)
                damaged.append(entry)
        elif not entry.info.finished:
            why = in_use(entry.path)
            if why is None:
                return ToContinue(entry, None, tuple(passed), tuple(damaged))
            passed.append((entry, why))
    if passed:
        return ToContinue(passed[0][0], passed[0][1])
    return ToContinue(None, None)


def delete(path: str | os.PathLike) -> None:
    """Remove a save file (only ever on the person's request); raises InUse
    while another Parlor has the game open."""
    held = hold(path)
    try:
        Path(path).unlink(missing_ok=True)
    finally:
        held.release()


# ------------------------------------------------------------------ one game, one Parlor
# Two Parlors playing the same game (two terminals, two SSH sessions) would each
# write their own moves over the other's. So a game being played is held: an
# exclusive `flock` on a hidden file beside the save, ".NAME.json.lock", which
# names the process. The system drops the lock when the process ends, however it
# ends, so a crash never leaves a game locked. The file is removed when the game
# is let go; one left behind by a crash is harmless (nobody holds its lock).
_HELD: dict[Path, list] = {}       # save path -> [lock file descriptor or None, holds]


def lock_path(path: str | os.PathLike) -> Path:
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


class Hold:
    """This process's hold on one game (`hold`); `release()` lets it go (again is harmless)."""

    def __init__(self, path: Path):
        self.path = path
        self.held = True

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        entry = _HELD.get(self.path)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] > 0:
            return
        del _HELD[self.path]
        fd = entry[0]
        if fd is not None:
            lp = lock_path(self.path)
            try:                   # removed while still locked: whoever waits on it tries afresh
                if os.stat(lp).st_ino == os.fstat(fd).st_ino:     # ours, not one made since
                    os.unlink(lp)
            except OSError:
                pass
            try:
                os.close(fd)
            except OSError:
                pass

    def renew(self) -> bool:
        """Check, before a save, that the game is still held: its lock file goes if
        its folder is deleted while the game is played, and another Parlor could then
        open the game. A lost lock is taken again (making the folder again), and so is
        one that could not be made before. Returns True when the lock was not held
        until now (another Parlor may have saved the game meanwhile: the caller checks
        the file before writing it); raises InUse when another Parlor holds it now."""
        entry = _HELD.get(self.path) if self.held else None
        if entry is None or fcntl is None:
            return False
        fd = entry[0]
        if fd is not None:
            try:
                st, mine = os.stat(lock_path(self.path)), os.fstat(fd)
            except FileNotFoundError:
                pass                   # gone (with its folder, or alone)
            except OSError:
                return False           # can't tell: the lock we have stays
            else:
                if (st.st_ino, st.st_dev) == (mine.st_ino, mine.st_dev):
                    return False
            try:
                os.close(fd)
            except OSError:
                pass
        entry[0] = None                # (if taking it again fails, there is no lock to drop)
        entry[0] = _lock(lock_path(self.path))
        return True


def file_key(path: str | os.PathLike) -> tuple[int, ...] | None:
    """What tells one version of a file from another (every write makes a new file), or
    None when there is no file."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_dev, st.st_mtime_ns, st.st_size)


def hold(path: str | os.PathLike) -> Hold:
    """Hold the game at `path` for this process while it is played, or raise InUse
    (naming the other process) when another Parlor holds it. Holding it again in
    the same process is allowed (one more `release` is then needed). Where no
    lock can be made (a read-only folder, a file system without locks, Windows)
    the game is played unheld rather than refused."""
    key = Path(os.path.abspath(path))
    entry = _HELD.get(key)
    if entry is None:
        entry = _HELD[key] = [_lock(lock_path(key)), 0]
    entry[1] += 1
    return Hold(key)


def _lock(lp: Path) -> int | None:
    """A descriptor of `lp` with our exclusive lock on it, or None if no lock can be made."""
    if fcntl is None:
        return None
    try:                           # a first game: its folder is made as it is saved anyway
        lp.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    busy = 0
    for _ in range(10):
        try:
            fd = os.open(lp, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy += 1
            if busy < 3:           # perhaps only `in_use` looking, from another Parlor
                os.close(fd)
                time.sleep(0.02)
                continue
            who = _holder(fd)
            os.close(fd)
            raise InUse(f"open in another Parlor ({who})") from None
        except OSError:            # no locks on this file system: nobody can hold the game
            os.close(fd)
            try:
                os.unlink(lp)
            except OSError:
                pass
            return None
        try:
            same = os.fstat(fd).st_ino == os.stat(lp).st_ino
        except OSError:
            same = False
        if same:
            try:
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
            except OSError:
                pass               # the lock holds without its note
            return fd
        os.close(fd)               # let go and removed while we waited: lock the new file
    return None


def _holder(fd: int) -> str:
    """'process 4242 on host' from a lock file's note (or 'another process')."""
    try:
        pid, host = os.pread(fd, 300, 0).decode("utf-8", "replace").split()[:2]
    except (OSError, ValueError):
        return "another process"
    if host == socket.gethostname():
        return f"process {pid}"
    return f"process {pid} on {host}"


def in_use(path: str | os.PathLike) -> str | None:
    """Why the game at `path` can't be opened here ('open in another Parlor
    (process 4242)'), or None when it can. Changes nothing."""
    key = Path(os.path.abspath(path))
    if fcntl is None or key in _HELD:
        return None
    try:
        fd = os.open(lock_path(key), os.O_RDONLY)
    except OSError:
        return None                # no lock file: nobody holds it
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return f"open in another Parlor ({_holder(fd)})"
    except OSError:
        return None
    finally:
        os.close(fd)               # closing drops our shared lock too
    return None
