"""engine.saves: the save format, atomic writes, damaged files, where saves live."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine import saves
from engine.saves import DamagedSave, Seat, UnsupportedVersion
from tui.session import Session

from .util import OtherParlor

SEATS = [Seat("human"), Seat("bot", "normal"), Seat("bot", "hard")]


def played(n: int, seed: int = 3, variant: str = "standard", players: int = 3):
    """A record of a game `n` random moves in, written to the saves folder."""
    g = engine.new_game("sorry", players=players, seed=seed, variant=variant)
    seats = [Seat("human")] + [Seat("bot", "normal")] * (players - 1)
    rec = saves.new_record(g, seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over:
            break
        move = rng.choice(g.legal_moves())
        rec.record(move, g.play(move))
    saves.write(rec)
    return rec


# ---------------------------------------------------------------- places
def test_parlor_home_moves_saves_and_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOR_HOME", str(tmp_path / "h"))
    assert saves.saves_dir() == tmp_path / "h" / "saves"
    assert saves.settings_path() == tmp_path / "h" / "settings.json"
    # --save-dir moves the saves only
    assert saves.saves_dir(tmp_path / "elsewhere") == tmp_path / "elsewhere"
    assert saves.settings_path() == tmp_path / "h" / "settings.json"


def test_without_parlor_home_the_platform_directories_are_used(monkeypatch):
    import platformdirs

    monkeypatch.delenv("PARLOR_HOME")
    assert saves.saves_dir() == platformdirs.user_data_path("parlor", appauthor=False) / "saves"
    assert saves.settings_path().parent == platformdirs.user_config_path("parlor", appauthor=False)


# ---------------------------------------------------------------- format and round trip
def test_the_file_holds_format_version_seats_times_state_and_logs():
    rec = played(20)
    d = json.loads(rec.path.read_text())
    assert d["format"] == "parlor-save" and d["version"] == saves.VERSION
    assert d["game"] == "sorry" and d["players"] == 3 and d["variant"] == "standard"
    assert d["seats"] == [{"kind": "human"}, {"kind": "bot", "level": "normal"},
                          {"kind": "bot", "level": "normal"}]
    assert d["created"] and d["updated"] and d["finished"] is False
    assert d["state"] == rec.game.to_dict()
    assert len(d["moves"]) == 20 and all({"seat", "card", "kind", "parts"} <= set(m) for m in d["moves"])
    assert d["events"] and all({"kind", "text"} <= set(e) for e in d["events"])


@pytest.mark.parametrize("variant,players", [("standard", 3), ("teams", 4), ("points", 2)])
def test_a_loaded_save_continues_exactly(variant, players):
    rec = played(37, seed=11, variant=variant, players=players)
    back = saves.load(rec.path)
    assert back.to_dict() == rec.to_dict()
    # same future: same legal moves and the same events for the same moves, to the end
    a, b = rec.game, back.game
    rng = random.Random(5)
    while not a.is_over:
        assert a.legal_moves() == b.legal_moves()
        move = rng.choice(a.legal_moves())
        assert [str(e) for e in a.play(move)] == [str(e) for e in b.play(move)]
    assert a.to_dict() == b.to_dict()


@settings(max_examples=15, deadline=None)
@given(moves=st.integers(0, 120), seed=st.integers(0, 10_000))
def test_round_trip_property(moves, seed):
    rec = played(moves, seed=seed)
    assert saves.load(rec.path).to_dict() == rec.to_dict()


def test_the_move_log_replays_to_the_saved_state():
    rec = played(60, seed=4)
    g = engine.new_game("sorry", players=3, seed=4)
    for d in saves.load(rec.path).moves:
        g.play(g.parse_move(d))
    assert g.to_dict() == rec.game.to_dict()


# ---------------------------------------------------------------- atomic writes
def test_writes_are_atomic_and_leave_no_temp_files(monkeypatch):
    rec = played(5)
    calls = []
    real_replace, real_fsync = os.replace, os.fsync
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append(("replace", a, b)), real_replace(a, b)))
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append(("fsync",)), real_fsync(fd)))
    saves.write(rec)
    kinds = [c[0] for c in calls]
    assert kinds[0] == "fsync" and "replace" in kinds               # fsync before the rename
    _, tmp, dest = next(c for c in calls if c[0] == "replace")
    assert Path(tmp).parent == Path(dest).parent == rec.path.parent     # temp file in the same dir
    assert sorted(p.name for p in rec.path.parent.iterdir()) == [rec.path.name]


def test_a_failed_write_keeps_the_previous_file(monkeypatch):
    rec = played(5)
    before = rec.path.read_bytes()

    def broken(a, b):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    move = rec.game.legal_moves()[0]
    rec.record(move, rec.game.play(move))
    with pytest.raises(OSError):
        saves.write(rec)
    assert rec.path.read_bytes() == before
    assert [p.name for p in rec.path.parent.iterdir()] == [rec.path.name]


# ---------------------------------------------------------------- damaged files
def damaged_files(folder: Path, good: Path) -> dict[str, bytes]:
    text = good.read_text()
    files = {
        "garbage.json": b"{this is not json at all",
        "truncated.json": text[: len(text) // 3].encode(),
        "empty.json": b"",
        "binary.json": b"\xff\xfe\x00garbage",
        "future.json": text.replace('"version":1,', '"version":7,', 1).encode(),
        "old.json": text.replace('"version":1,', '"version":0,', 1).encode(),
        "other.json": json.dumps({"hello": "world"}).encode(),
        "badstate.json": text.replace('"to_act":', '"to_act_x":', 1).encode(),
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return files


def test_damaged_files_are_listed_with_reasons_and_left_alone():
    good = played(10)
    files = damaged_files(good.path.parent, good.path)
    entries = {e.path.name: e for e in saves.list_saves()}
    assert set(entries) == set(files) | {good.path.name}
    assert entries[good.path.name].info is not None
    reasons = {name: entries[name].problem for name in files}
    assert "truncated" in reasons["truncated.json"] or "cut short" in reasons["truncated.json"]
    assert "JSON" in reasons["garbage.json"]
    assert "empty" in reasons["empty.json"]
    assert "newer Parlor" in reasons["future.json"] and entries["future.json"].unsupported
    assert "version" in reasons["old.json"] and entries["old.json"].unsupported
    assert "not a Parlor save" in reasons["other.json"]
    assert "damaged" in reasons["badstate.json"]
    for name, data in files.items():
        assert (good.path.parent / name).read_bytes() == data          # never modified


def test_loading_a_damaged_or_unknown_version_file_raises_a_clear_error():
    good = played(3)
    damaged_files(good.path.parent, good.path)
    folder = good.path.parent
    with pytest.raises(UnsupportedVersion, match="newer Parlor"):
        saves.load(folder / "future.json")
    with pytest.raises(DamagedSave, match="truncated"):
        saves.load(folder / "truncated.json")
    with pytest.raises(DamagedSave):
        saves.load(folder / "missing.json")


def test_new_games_never_take_the_name_of_an_existing_file(monkeypatch):
    good = played(1)
    taken = good.path.parent / "sorry-fixed.json"
    taken.write_bytes(b"damaged")
    names = iter(["sorry-fixed", "sorry-fixed", "sorry-free"])
    monkeypatch.setattr(saves, "new_id", lambda game, when=None: next(names))
    rec = saves.new_record(engine.new_game("sorry", players=3, seed=1), SEATS)
    assert rec.path.name == "sorry-free.json"
    saves.write(rec)
    assert taken.read_bytes() == b"damaged"


def continued():
    """The save that "continue" resumes now (and why not, if it is open elsewhere)."""
    entry, busy, passed = saves.to_continue(saves.list_saves())
    assert not (busy and passed)
    return (entry.path if entry else None), busy


def test_continue_takes_the_last_unfinished_game_and_delete():
    first = played(5, seed=1)
    first.updated = "2026-01-01T00:00:00+00:00"
    saves.write(first, now="2026-01-01T00:00:00+00:00")
    second = played(5, seed=2)
    saves.write(second, now="2026-01-02T00:00:00+00:00")
    assert continued() == (second.path, None)
    saves.delete(second.path)
    assert continued() == (first.path, None)
    assert [e.path for e in saves.list_saves()] == [first.path]
    saves.delete(first.path)
    assert continued() == (None, None)


def test_continue_passes_over_games_open_in_another_parlor():
    first = played(5, seed=1)
    saves.write(first, now="2026-01-01T00:00:00+00:00")
    second = played(5, seed=2)
    saves.write(second, now="2026-01-02T00:00:00+00:00")
    with OtherParlor(second.path) as holder:
        assert continued() == (first.path, None)            # the last game free here
        passed = saves.to_continue(saves.list_saves()).passed   # and the newer one, passed over
        assert [(e.path, why) for e, why in passed] == [(second.path, f"open in another Parlor (process {holder.pid})")]
        with OtherParlor(first.path):                       # none free: the last, and why not
            assert continued() == (second.path, f"open in another Parlor (process {holder.pid})")


def test_the_listing_reads_a_file_again_only_once_it_changed(monkeypatch):
    first = played(5, seed=1)
    second = played(7, seed=2)
    reads = []
    real = saves.load
    monkeypatch.setattr(saves, "load", lambda path: reads.append(Path(path).name) or real(path))
    listed = {e.path: e for e in saves.list_saves()}
    assert sorted(reads) == sorted([first.path.name, second.path.name])
    assert listed[first.path].info.moves == 5 and not listed[first.path].info.finished
    reads.clear()
    assert [e.path for e in saves.list_saves()] == [e.path for e in saves.list_saves()]
    assert reads == []                                   # unchanged: nothing read
    saves.write(first, now="2099-01-01T00:00:00+00:00")  # played on: read again, listed first
    assert saves.list_saves()[0].path == first.path and reads == [first.path.name]
    second.path.write_bytes(b"{")                        # damaged in place: read again, reported
    entry = next(e for e in saves.list_saves() if e.path == second.path)
    assert entry.damaged and "cut short" in entry.problem
    saves.delete(first.path)
    assert [e.path for e in saves.list_saves()] == [second.path]
    assert first.path not in saves._LISTED


def test_an_entry_loads_the_file_afresh():
    rec = played(5, seed=1)
    (entry,) = saves.list_saves()
    again = entry.load()
    assert again is not rec and again.path == rec.path and len(again.moves) == 5


def test_seats_are_checked():
    with pytest.raises(ValueError):
        Seat("robot")
    with pytest.raises(ValueError):
        Seat("bot", "impossible")
    assert Seat("human", "hard").level is None


# ------------------------------------------------------------------ one game, one Parlor
def test_a_game_open_in_another_parlor_is_refused_with_its_process():
    rec = played(5, seed=1)
    before = rec.path.read_bytes()
    with OtherParlor(rec.path) as other:
        reason = saves.in_use(rec.path)
        assert reason == f"open in another Parlor (process {other.pid})"
        with pytest.raises(saves.InUse, match=f"process {other.pid}"):
            saves.hold(rec.path)
        with pytest.raises(saves.InUse):
            saves.delete(rec.path)                      # not deleted under the other's feet
        with pytest.raises(saves.InUse):
            Session.open(rec.path)
        assert [e.path for e in saves.list_saves()] == [rec.path]    # the lock file is not listed
    assert saves.in_use(rec.path) is None              # let go: free, and its lock file is gone
    assert not saves.lock_path(rec.path).exists()
    assert rec.path.read_bytes() == before
    held = saves.hold(rec.path)
    assert saves.lock_path(rec.path).exists()
    held.release()
    held.release()                                      # again: harmless
    assert not saves.lock_path(rec.path).exists()


def test_a_parlor_that_dies_holding_a_game_leaves_it_free():
    rec = played(5, seed=1)
    other = OtherParlor(rec.path)
    other.kill()                                        # no chance to let go (like kill -9, a crash)
    assert saves.lock_path(rec.path).exists()           # its lock file stays behind, unlocked
    assert saves.in_use(rec.path) is None
    session = Session.open(rec.path)
    assert len(session.record.moves) == 5
    session.release()
    assert not saves.lock_path(rec.path).exists()


def test_holding_twice_in_one_process_needs_two_releases():
    rec = played(5, seed=1)
    first, second = saves.hold(rec.path), saves.hold(rec.path)
    assert saves.in_use(rec.path) is None               # this process may open its own game
    first.release()
    assert saves.lock_path(rec.path).exists()
    second.release()
    assert not saves.lock_path(rec.path).exists()


def test_open_reads_the_game_once_held_so_it_goes_on_from_the_other_parlors_last_move():
    rec = played(5, seed=1)
    other = OtherParlor(rec.path)
    listed = saves.list_saves()[0]                      # listed while the other still plays
    more = played(9, seed=1)
    more.path, more.id = rec.path, rec.id
    saves.write(more)                                   # the other's last moves
    other.close()
    session = Session.open(listed.path)
    assert len(session.record.moves) == 9
    session.release()


def test_a_folder_where_no_lock_can_be_made_still_plays(tmp_path):
    path = Path("/proc/parlor-no-such-dir/sorry-x.json")   # nothing can be created there
    held = saves.hold(path)
    assert saves.in_use(path) is None
    held.release()


def forget_listing():
    """As if Parlor had just started: nothing listed in this process yet."""
    saves._LISTED.clear()
    saves._INDEXED.clear()


def test_a_new_start_lists_from_the_index_without_reading_unchanged_saves(monkeypatch):
    first, second = played(5, seed=1), played(7, seed=2)
    (first.path.parent / "garbage.json").write_bytes(b"{nope")
    before = saves.list_saves()
    assert (first.path.parent / saves.INDEX).exists()
    forget_listing()
    reads = []
    real = saves.load
    monkeypatch.setattr(saves, "load", lambda path: reads.append(Path(path).name) or real(path))
    again = saves.list_saves()
    assert reads == []
    assert [(e.path, e.info, e.problem, e.mtime) for e in again] == \
        [(e.path, e.info, e.problem, e.mtime) for e in before]
    saves.write(second, now="2099-01-01T00:00:00+00:00")   # played on elsewhere: read again
    forget_listing()
    assert saves.list_saves()[0].path == second.path and reads == [second.path.name]


STAMP = b'"format": "parlor-save-index", "version": 1, "reads": 1, "games": ["gnoming", "pegs", "sorry"]'


@pytest.mark.parametrize("index", [
    b"", b"{not json", b"[1, 2]", b"[" * 100_000, b"{" + STAMP + b', "files": 3}',
    b"{" + STAMP + b', "files": {"x.json": {"key": "abc"}}}',
    b"{" + STAMP + b', "files": {"x.json": {"key": [Infinity, 0, 0, 0], "mtime": 1, "problem": "x"}}}',
    b"{" + STAMP + b', "files": {"x.json": {"key": [1, 2, 3, 4], "mtime": 1' + b"0" * 400 + b', "problem": "x"}}}',
])
def test_a_damaged_index_is_ignored_and_written_afresh(index):
    rec = played(5, seed=1)
    saves.list_saves()
    good = (rec.path.parent / saves.INDEX).read_bytes()
    assert good.startswith(b"{" + STAMP.replace(b" ", b""))
    (rec.path.parent / saves.INDEX).write_bytes(index)
    forget_listing()
    (entry,) = saves.list_saves()
    assert entry.path == rec.path and entry.info.moves == 5
    assert (rec.path.parent / saves.INDEX).read_bytes() == good


def test_an_index_entry_that_does_not_match_its_file_is_not_used(monkeypatch):
    rec = played(5, seed=1)
    saves.list_saves()
    index = json.loads((rec.path.parent / saves.INDEX).read_text())
    index["files"][rec.path.name]["info"]["moves"] = "many"       # damaged entry
    (rec.path.parent / saves.INDEX).write_text(json.dumps(index))
    forget_listing()
    assert saves.list_saves()[0].info.moves == 5
    index["files"][rec.path.name]["info"]["moves"] = 99           # a well-formed entry of another file
    index["files"][rec.path.name]["key"][2] += 1
    (rec.path.parent / saves.INDEX).write_text(json.dumps(index))
    forget_listing()
    assert saves.list_saves()[0].info.moves == 5


def test_the_index_of_another_parlor_version_is_not_used(monkeypatch):
    rec = played(5, seed=1)
    saves.list_saves()
    index = json.loads((rec.path.parent / saves.INDEX).read_text())
    index["reads"] = 2                          # written by a Parlor that reads other saves
    (rec.path.parent / saves.INDEX).write_text(json.dumps(index))
    forget_listing()
    reads = []
    real = saves.load
    monkeypatch.setattr(saves, "load", lambda path: reads.append(Path(path).name) or real(path))
    assert saves.list_saves()[0].info.moves == 5 and reads == [rec.path.name]


def test_verdicts_that_are_not_the_files_own_are_not_kept(monkeypatch):
    """A file that could not be read this time (permissions, I/O), or that this Parlor can't
    read but another may (a newer format), is looked at again at every listing."""
    rec = played(5, seed=1)
    future = rec.path.parent / "future.json"
    future.write_text(rec.path.read_text().replace('"version":1,', '"version":99,', 1))
    real = Path.read_bytes
    failing = {rec.path}

    def read_bytes(self):
        if self in failing:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    entries = {e.path: e for e in saves.list_saves()}
    assert entries[rec.path].problem == "can't be read (Permission denied)"
    assert entries[future].unsupported
    assert not (rec.path.parent / saves.INDEX).exists()      # nothing worth keeping
    failing.clear()                              # e.g. chmod: the file's inode, mtime and size stay
    assert {e.path: e.damaged for e in saves.list_saves()} == {rec.path: False, future: True}
    forget_listing()
    assert {e.path: e.damaged for e in saves.list_saves()} == {rec.path: False, future: True}


@pytest.mark.parametrize("damage", [lambda t: "[" * 100_000 + "]" * 100_000,
                                    lambda t: t.replace('"bot_seed":', '"bot_seed":1e400,"x":', 1)])
def test_strange_damage_is_listed_not_raised(damage):
    rec = played(5, seed=1)
    rec.path.write_text(damage(rec.path.read_text()))
    (entry,) = saves.list_saves()
    assert entry.damaged and entry.problem
    with pytest.raises(saves.DamagedSave):
        saves.load(rec.path)


def test_letting_go_never_removes_a_lock_file_made_since():
    rec = played(5, seed=1)
    held = saves.hold(rec.path)
    saves.lock_path(rec.path).unlink()           # e.g. a tool that cleans hidden files
    with OtherParlor(rec.path) as other:         # so another Parlor could hold it too
        held.release()
        assert saves.lock_path(rec.path).exists()
        assert saves.in_use(rec.path) == f"open in another Parlor (process {other.pid})"
