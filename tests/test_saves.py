"""engine.saves: the save format, atomic writes, damaged files, where saves live."""
from __future__ import annotations

import json
import os
import random
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import engine
from engine import saves
from engine.saves import DamagedSave, Seat, UnsupportedVersion
from tui.session import Session

from .util import OtherParlor, seen_from_another_process

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
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_named_settings_json_or_the_index_is_not_read():
    from tui.settings import Settings

    played(1)                                   # (a saves folder, listed once)
    os.mkfifo(settings_file())
    settings = Settings.load()                  # (it waited for ever)
    assert "(it is not a regular file), so it uses the default settings" in settings.problem
    assert "settings not saved" in settings.save("glyphs") and stat.S_ISFIFO(settings_file().stat().st_mode)
    folder = saves.saves_dir(None)
    (folder / saves.INDEX).unlink(missing_ok=True)
    os.mkfifo(folder / saves.INDEX)
    forget_listing()
    assert [e.info is not None for e in saves.list_saves()] == [True]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_a_save_written_again_keeps_its_permissions():
    # (every move's save made a save shared as 0644 private again: 0600)
    rec = played(2)
    assert stat.S_IMODE(rec.path.stat().st_mode) == 0o600        # a new save: private
    rec.path.chmod(0o644)
    saves.write(rec)
    assert stat.S_IMODE(rec.path.stat().st_mode) == 0o644


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
    assert reasons["badstate.json"].count("damaged") == 1, reasons["badstate.json"]   # said once
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


def _edited(good, edit) -> dict:
    d = json.loads(good.path.read_text())
    edit(d)
    return d


FINISHED_EDITS = {      # each once passed the check, then crashed the Load screen or the board
    "winners [9]": lambda d: d["state"].update(winners=[9]),
    "winners ['x']": lambda d: d["state"].update(winners=["x"]),
    "over, but to act": lambda d: d["state"].update(to_act=0),
}
PLAYING_EDITS = {
    "turn 'abc'": lambda d: d["state"].update(turn="abc"),
    "to_act 1.0": lambda d: d["state"].update(to_act=1.0),
    "to_act true": lambda d: d["state"].update(to_act=True),
    "no card": lambda d: d["state"].update(card=None, draw=d["state"]["draw"] + [d["state"]["card"]]),
    "event text 123": lambda d: d["events"].append({"kind": "x", "text": 123}),
    "event text null": lambda d: d["events"].append({"kind": "x", "text": None}),
    "seed 'abc'": lambda d: d.update(seed="abc"),
    "seed 2.5": lambda d: d.update(seed=2.5),
}


@pytest.mark.parametrize("edit", list(FINISHED_EDITS) + list(PLAYING_EDITS))
def test_a_hand_edited_save_that_does_not_hold_together_is_damaged_and_kept(edit):
    if edit in FINISHED_EDITS:
        g = engine.new_game("sorry", players=2, seed=3)
        while not g.is_over:
            g.play(g.legal_moves()[0])
        good = saves.new_record(g, SEATS[:2])
        saves.write(good)
    else:
        good = played(5)
    data = json.dumps(_edited(good, (FINISHED_EDITS | PLAYING_EDITS)[edit])).encode()
    good.path.write_bytes(data)
    forget_listing()
    [entry] = saves.list_saves()
    assert entry.info is None and "damaged" in entry.problem, edit
    with pytest.raises(DamagedSave):
        saves.load(good.path)
    assert good.path.read_bytes() == data


@pytest.mark.parametrize("points,edit", [
    ("totals", lambda s: s.update(totals=[1])),
    ("empty hand", lambda s: s["hands"].__setitem__(s["to_act"], []) or s["draw"].extend([])),
])
def test_an_edited_points_match_is_damaged(points, edit):
    g = engine.new_game("sorry", players=2, seed=3, variant="points")
    d = g.to_dict()
    if points == "empty hand":
        d["draw"] += d["hands"][d["to_act"]]
    edit(d)
    with pytest.raises(ValueError):
        engine.load_game(d)


def test_an_edited_sorry_game_no_play_could_reach_is_damaged():
    g = engine.new_game("sorry", players=2, seed=3)
    d = g.to_dict()
    for positions in (["home"] * 4 + d["positions"][4:],                       # Red has won, yet plays on
                      d["positions"][:8] + ["track:5"] + d["positions"][9:]):  # Yellow, not playing, moved
        with pytest.raises(ValueError):
            engine.load_game({**d, "positions": positions})


def test_an_edited_gnoming_round_score_or_round_is_damaged():
    g = engine.new_game("gnoming", players=3, seed=3)
    for bad in ({"round_scores": [[1]]}, {"round": 1.9}, {"round": True}, {"version": True}):
        with pytest.raises(ValueError):
            engine.load_game({**g.to_dict(), **bad})


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_a_device_or_a_huge_file_is_not_read(monkeypatch):
    # (a pipe named *.json hung Parlor for good, a link to /dev/zero read until memory ran out)
    good = played(1)
    folder = good.path.parent
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    size = good.path.stat().st_size
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", size)
    (folder / "huge.json").write_bytes(b" " * (size + 1))
    with pytest.raises(saves.Unreadable, match="not a regular file"):
        saves.load(folder / "pipe.json")
    with pytest.raises(saves.Unreadable, match="not a regular file"):
        saves.load(folder / "zero.json")
    with pytest.raises(DamagedSave, match="far too large"):
        saves.load(folder / "huge.json")
    forget_listing()
    problems = {e.path.name: e.problem for e in saves.list_saves() if e.info is None}
    assert set(problems) == {"pipe.json", "zero.json", "huge.json"}


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
    entry, busy, passed, _ = saves.to_continue(saves.list_saves())
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


def test_saves_are_listed_by_when_they_were_played_and_an_edited_time_does_not_jump_the_queue():
    # a hand-edited "updated" that is not a date sorted first (letters after digits): the
    # file's own time stands in for it; other time zones compare by the moment (as text,
    # "2026-01-02T03" comes after "2026-01-01T23", though 23:00 at -05:00 is 04:00 UTC)
    old, edited, late = played(5, seed=1), played(5, seed=2), played(5, seed=4)
    saves.write(old, now="2026-01-02T03:00:00+00:00")
    saves.write(late, now="2026-01-01T23:00:00-05:00")
    saves.write(edited, now="garbage")
    os.utime(edited.path, (1.0, 1.0))                           # (its file: long ago)
    assert [e.path for e in saves.list_saves()] == [late.path, old.path, edited.path]
    assert continued() == (late.path, None)


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


def test_continue_names_newer_files_that_cant_be_opened():
    # a tester damaged their newest game: "continue" opened an older one without a word.
    # The newer damaged files come with the game it takes (a folder named *.json doesn't)
    first = played(5, seed=1)
    saves.write(first, now="2026-01-01T00:00:00+00:00")
    broken = first.path.with_name("pegs-20260301-000000-abcdef.json")
    broken.write_text('{"format": 1, "game": "pegs", "state": {"game": "pegs"}}')
    first.path.with_name("odd.json").mkdir()
    older = first.path.with_name("sorry-20250101-000000-abcdef.json")
    older.write_text("{")
    os.utime(older, (1.0, 1.0))                                 # (older than the game taken)
    found = saves.to_continue(saves.list_saves())
    assert found.entry.path == first.path and found.busy is None and found.passed == ()
    assert [e.path for e in found.damaged] == [broken]
    broken.unlink()
    assert saves.to_continue(saves.list_saves()).damaged == ()


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


STAMP = b'"format": "parlor-save-index", "version": 4, "reads": 1, "games": ["gnoming", "pegs", "sorry"]'


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


@pytest.mark.parametrize("stamp", [{"reads": 2},        # written by a Parlor that reads other saves
                                   {"version": 1},      # an index of before `match_game`
                                   {"version": 3}])     # ... of before `target` and `games`
def test_the_index_of_another_parlor_version_is_not_used(monkeypatch, stamp):
    rec = played(5, seed=1)
    saves.list_saves()
    index = json.loads((rec.path.parent / saves.INDEX).read_text())
    index.update(stamp)
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
    assert entries[rec.path].problem == "no permission to read it" and entries[rec.path].unreadable
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


def test_a_saves_folder_deleted_in_play_is_made_again_and_the_game_held_again():
    # the lock file goes with the folder: without taking it again, another Parlor could
    # open the game and each would write its moves over the other's
    import shutil

    rec = played(5, seed=1)
    session = Session.open(rec.path)
    shutil.rmtree(rec.path.parent)
    move = session.game.legal_moves()[0]
    session.play(move)
    assert session.save_error is None
    assert session.save_notice == (f"The saves folder {rec.path.parent} was gone: Parlor made it "
                                   "again and saved the game in it")
    assert len(saves.load(rec.path).moves) == 6
    assert seen_from_another_process(rec.path).startswith("open in another Parlor")   # still held
    session.save_notice = None
    session.play(session.game.legal_moves()[0])
    assert session.save_notice is None            # said once, for the save that made it again
    session.release()
    assert not saves.lock_path(rec.path).exists()


def test_a_game_another_parlor_took_after_its_lock_went_is_not_written_over():
    rec = played(5, seed=1)
    session = Session.open(rec.path)
    saves.lock_path(rec.path).unlink()            # e.g. a tool that cleans hidden files
    before = rec.path.read_bytes()
    with OtherParlor(rec.path) as other:
        session.play(session.game.legal_moves()[0])
        assert session.save_error == (f"Could not save the game in {rec.path.parent}: the game is now "
                                      f"open in another Parlor (process {other.pid})")
        assert rec.path.read_bytes() == before    # the other Parlor's game, untouched
    session.play(session.game.legal_moves()[0])   # let go there, unplayed: saved here, held again
    assert session.save_error is None and not session.save_blocked
    assert len(saves.load(rec.path).moves) == 7
    assert seen_from_another_process(rec.path).startswith("open in another Parlor")
    session.release()


def test_moves_another_parlor_saved_while_the_lock_was_gone_are_never_written_over():
    # Parlor A's lock file goes; B opens the game, plays three moves and quits; A's next save
    # finds a game it did not write, and keeps it (A's board goes on, unsaved)
    rec = played(5, seed=1)
    mine = Session.open(rec.path)
    saves.lock_path(rec.path).unlink()
    other = OtherParlor(rec.path)
    theirs = played(8, seed=1)
    theirs.path, theirs.id = rec.path, rec.id
    saves.write(theirs)
    other.close()
    mine.play(mine.game.legal_moves()[0])
    assert mine.save_blocked and mine.save_error.startswith("Could not save the game: it was played in "
                                                             "another Parlor while its lock file was gone")
    assert len(saves.load(rec.path).moves) == 8                   # the other Parlor's, kept
    mine.play(mine.game.legal_moves()[0])
    assert len(saves.load(rec.path).moves) == 8 and mine.save_blocked      # for good
    mine.release()


def test_a_lock_that_cannot_be_checked_is_kept(monkeypatch):
    rec = played(5, seed=1)
    session = Session.open(rec.path)
    real = os.stat

    def stat(path, *args, **kwargs):
        if str(path).endswith(".lock"):
            raise PermissionError(13, "Permission denied")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    assert session._hold.renew() is False
    monkeypatch.undo()
    assert seen_from_another_process(rec.path).startswith("open in another Parlor")
    session.release()


def test_a_new_game_saved_the_first_time_makes_its_folder_without_a_notice(tmp_path):
    from tui.session import GameSpec, default_seats

    spec = GameSpec(game="sorry", players=2, seats=default_seats(2))
    session = Session.new(spec, save_dir=tmp_path / "new" / "saves")
    assert session.path.exists() and session.save_error is None and session.save_notice is None


# ---------------------------------------------------------------- temp files of writes that never finished
class Writer:
    """Another Parlor writing `path`, stopped half-way (its temp file written, not yet
    renamed) until `kill()`: as a Parlor killed during a save."""

    def __init__(self, path):
        import subprocess
        import sys

        code = ("import os, sys, time; from engine import saves; "
                "os.fsync = lambda fd: (print('writing', flush=True), time.sleep(600)); "
                "saves.write_atomic(sys.argv[1], '{}')")
        root = Path(__file__).resolve().parent.parent
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(path)], cwd=root,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "writing"

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)
        self.proc.stdout.close()


def temp_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if saves.is_temp_file(p.name))


def age(path: Path, seconds: float) -> None:
    """Make `path` look untouched for `seconds`."""
    then = os.stat(path).st_mtime - seconds
    os.utime(path, (then, then), follow_symlinks=False)


def test_a_kill_during_a_save_leaves_a_temp_file_that_a_later_listing_removes():
    rec = played(5, seed=1)
    folder = rec.path.parent
    before = rec.path.read_bytes()
    writer = Writer(rec.path)
    writer.kill()                                        # killed in the middle of the save
    (tmp,) = temp_files(folder)
    assert rec.path.read_bytes() == before               # the save itself is as it was
    saves.list_saves()
    assert temp_files(folder) == [tmp], "just written: another Parlor may still be writing it"
    age(tmp, saves.STALE_TEMP_AGE + 1)
    entries = saves.list_saves()
    assert temp_files(folder) == []
    assert [e.path for e in entries] == [rec.path] and rec.path.read_bytes() == before


def test_a_temp_file_being_written_is_never_removed_however_old():
    rec = played(5, seed=1)
    writer = Writer(rec.path)                            # another Parlor, writing right now
    try:
        (tmp,) = temp_files(rec.path.parent)
        age(tmp, 3600)                                   # a write that takes an hour (a hung disk)
        assert saves.sweep_temp_files(rec.path.parent) == []
        saves.list_saves()
        assert tmp.exists()
    finally:
        writer.kill()
    assert saves.sweep_temp_files(rec.path.parent) == [tmp]     # killed now: stale, and free


def test_only_stale_temp_files_are_removed_never_a_save_or_anything_else():
    rec = played(5, seed=1)
    folder = rec.path.parent
    old = folder / ".parlor-tmp-old.part"
    fresh = folder / ".parlor-tmp-fresh.part"
    kept = {
        fresh: b"being written",
        folder / ".parlor-tmp-notes.txt": b"not a temp file of ours",
        folder / "parlor-tmp-x.part": b"no dot: not ours",
        folder / "garbage.json": b"{a damaged save",
    }
    old.write_bytes(b"left by a kill")
    for path, data in kept.items():
        path.write_bytes(data)
    (folder / ".parlor-tmp-dir.part").mkdir()                            # not a file
    (folder / ".parlor-tmp-link.part").symlink_to(rec.path)              # a link: not followed
    for path in [old, *kept, rec.path, folder / ".parlor-tmp-dir.part", folder / ".parlor-tmp-link.part"]:
        age(path, 3600)
    age(fresh, -3600 + 5)                                # touched 5 seconds ago
    saves.list_saves()
    assert not old.exists()
    for path, data in kept.items():
        assert path.read_bytes() == data
    assert (folder / ".parlor-tmp-dir.part").is_dir()
    assert (folder / ".parlor-tmp-link.part").is_symlink() and rec.path.exists()
    assert saves.load(rec.path).to_dict() == rec.to_dict()


def test_the_first_save_after_a_start_clears_stale_temp_files():
    """`parlor new` writes before anything lists the folder."""
    rec = played(5, seed=1)
    stale = rec.path.parent / ".parlor-tmp-abc123.part"
    stale.write_bytes(b"{")
    age(stale, saves.STALE_TEMP_AGE + 1)
    saves._SWEPT.clear()                                 # as if Parlor had just started
    saves.write(rec)
    assert temp_files(rec.path.parent) == []
    assert saves.load(rec.path).to_dict() == rec.to_dict()


# ---------------------------------------------------------------- files the system won't let us read
def test_a_file_that_can_t_be_read_says_why_in_its_own_words(monkeypatch):
    rec = played(5, seed=1)
    real = Path.read_bytes

    def read_bytes(self):
        if self == rec.path:
            raise PermissionError(13, "Permission denied")
        return real(self)

    with monkeypatch.context() as m:
        m.setattr(Path, "read_bytes", read_bytes)
        with pytest.raises(saves.Unreadable) as exc:
            saves.load(rec.path)
    assert str(exc.value) == "no permission to read it"             # "x.json can't be opened: ..."
    folder = rec.path.parent / "folder.json"
    folder.mkdir()
    entries = {e.path.name: e for e in saves.list_saves()}
    assert entries["folder.json"].problem == "it is a folder, not a file" and entries["folder.json"].unreadable
    assert saves.os_reason(OSError(5, "Input/output error")) == "reading it failed (Input/output error)"


# ---------------------------------------------------------------- settings.json that can't be used
TRUNCATED_SETTINGS = b'{"theme": "nonexistent", "bot_speed": 7, "ascii": "yes"'


def settings_file() -> Path:
    path = saves.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_a_damaged_settings_file_is_reported_and_kept_when_a_setting_is_saved():
    from tui.settings import Settings

    path = settings_file()
    path.write_bytes(TRUNCATED_SETTINGS)
    s = Settings.load()
    assert (s.theme, s.bot_speed, s.ascii) == ("parlor-dark", "normal", None)       # the defaults
    assert s.problem == (f"Your settings file {path} is damaged: the file is cut short (truncated JSON). "
                         "Parlor uses the default settings. When you change a setting, the damaged file is "
                         "kept as settings.json.damaged.")
    assert path.read_bytes() == TRUNCATED_SETTINGS                  # loading changes nothing
    s.theme = "parlor-light"
    assert s.save("theme") is None
    assert (path.parent / "settings.json.damaged").read_bytes() == TRUNCATED_SETTINGS
    assert json.loads(path.read_text()) == {"theme": "parlor-light", "glyphs": "auto", "bot_speed": "normal"}
    assert Settings.load().problem is None
    path.write_bytes(b"\xff\xfe")                                   # damaged again: the first copy stays
    again = Settings.load()
    assert "is damaged: not a text file." in again.problem
    assert again.problem.endswith("the damaged file is kept as settings.json.damaged-2.")
    assert again.save("glyphs") is None
    assert (path.parent / "settings.json.damaged").read_bytes() == TRUNCATED_SETTINGS
    assert (path.parent / "settings.json.damaged-2").read_bytes() == b"\xff\xfe"


@pytest.mark.parametrize("text,why", [(b"", "the file is empty"), (b"[1, 2]", "not a settings file"),
                                      (b'{"theme": x}', "not valid JSON (line 1, column 11: Expecting value)"),
                                      (b'{"x": ' + b"9" * 5000 + b"}", "not a settings file (a number far too long)")])
def test_every_kind_of_damaged_settings_file_is_named(text, why):
    from tui.settings import Settings

    settings_file().write_bytes(text)
    assert f"is damaged: {why}." in Settings.load().problem


@pytest.mark.parametrize("env,doubt", [
    ({"TERM": "xterm-256color", "LANG": "en_US.UTF-8"}, None),
    ({"TERM": "xterm", "LANG": "C.utf8"}, None),
    ({"TERM": "xterm", "LC_CTYPE": "UTF-8"}, None),                  # macOS's bare charset
    ({"TERM": "xterm"}, None),                                       # no locale set: nothing said
    ({"TERM": "xterm", "LC_ALL": "", "LANG": "de_DE.UTF-8"}, None),  # an empty one is not set
    ({"TERM": "linux", "LANG": "en_US.UTF-8"}, "TERM=linux"),        # the console's small fonts
    ({"TERM": "vt100"}, "TERM=vt100"),
    ({"TERM": "linux-16color"}, "TERM=linux-16color"),
    ({"TERM": "xterm", "LANG": "C"}, "LANG=C"),
    ({"TERM": "xterm", "LANG": "POSIX"}, "LANG=POSIX"),
    ({"TERM": "xterm", "LC_ALL": "C", "LANG": "en_US.UTF-8"}, "LC_ALL=C"),    # LC_ALL wins
    ({"TERM": "xterm", "LC_CTYPE": "en_US.UTF-8", "LANG": "C"}, None),        # then LC_CTYPE
    # Python sets LC_CTYPE=C.UTF-8 itself under LANG=C (PEP 538): LANG is what was asked for
    ({"TERM": "xterm", "LC_CTYPE": "C.UTF-8", "LANG": "C"}, "LANG=C"),
    ({"TERM": "xterm", "LC_CTYPE": "C.UTF-8"}, None),
    ({"TERM": "xterm", "LC_CTYPE": "C.UTF-8", "LANG": "en_GB.UTF-8"}, None),
    ({"TERM": "xterm", "LANG": "en_US.ISO-8859-1"}, "LANG=en_US.ISO-8859-1"),
])
def test_a_terminal_that_may_not_show_unicode_is_told_by_its_type_or_locale(env, doubt):
    from tui.settings import unicode_doubt

    assert unicode_doubt(env) == doubt


def test_settings_values_parlor_can_t_use_are_named_and_left_in_the_file():
    from tui.settings import Settings

    path = settings_file()
    path.write_text('{"theme": "nonexistent", "bot_speed": 7, "ascii": "yes", "sound": "on"}')
    s = Settings.load()
    assert (s.theme, s.bot_speed, s.ascii) == ("parlor-dark", "normal", None)
    assert s.problem == (f"Parlor ignored these settings in {path}, using the default instead: "
                         'theme "nonexistent" (no such theme); ascii "yes" (true or false); '
                         "bot_speed 7 (slow, normal, fast, instant).")
    s.bot_speed = "fast"
    assert s.save("bot_speed") is None                  # only what was changed is written
    assert json.loads(path.read_text()) == {"theme": "nonexistent", "bot_speed": "fast", "ascii": "yes",
                                            "sound": "on"}
    assert not (path.parent / "settings.json.damaged").exists()
    path.write_text('{"theme": "dracula", "ascii": true}')        # a Textual theme is a theme
    s = Settings.load()
    assert (s.theme, s.ascii, s.problem) == ("dracula", True, None)
    # the glyph setting: "glyphs" (and an old file's "ascii": false, the default every saved
    # setting wrote, says nothing chosen: automatic)
    for text, glyphs in (('{"glyphs": "unicode", "ascii": true}', "unicode"), ('{"ascii": false}', "auto"),
                         ('{"glyphs": "ascii"}', "ascii"), ('{}', "auto")):
        path.write_text(text)
        assert (Settings.load().glyphs, Settings.load().problem) == (glyphs, None), text
    path.write_text('{"glyphs": "fancy"}')
    assert Settings.load().problem.endswith('glyphs "fancy" (auto, unicode, ascii).')
    path.write_text('{"bot_speed": []}')
    assert Settings.load().problem == (f"Parlor ignored this setting in {path}, using the default "
                                       "instead: bot_speed [] (slow, normal, fast, instant).")


def test_a_settings_file_that_can_t_be_read_is_reported_and_never_written_over(monkeypatch):
    from tui import settings as settings_module
    from tui.settings import Settings

    path = settings_file()
    path.write_text('{"theme": "parlor-light"}')
    real = Path.read_bytes

    def read_bytes(self):
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real(self)

    with monkeypatch.context() as m:
        m.setattr(Path, "read_bytes", read_bytes)
        s = Settings.load()
        assert s.theme == "parlor-dark"
        assert s.problem == (f"Parlor can't read your settings file {path} (Permission denied), so it "
                             "uses the default settings and won't save changes over it.")
        m.setattr(settings_module, "write_atomic", lambda *a: pytest.fail("written over"))
        assert s.save("glyphs") == (f"settings not saved: {path} can't be read (Permission denied), "
                                   "so it is left as it is")
    assert json.loads(path.read_text()) == {"theme": "parlor-light"}


def test_good_or_missing_settings_have_no_problem():
    from tui.settings import Settings

    assert Settings.load().problem is None                            # no file yet
    settings_file().write_text('{"theme": "parlor-light", "ascii": true, "bot_speed": "slow"}')
    s = Settings.load()
    assert (s.theme, s.ascii, s.bot_speed, s.problem) == ("parlor-light", True, "slow", None)


def test_a_points_match_is_listed_by_the_game_in_play_and_its_moves():
    """A points match's listing says which game of the match is in play and counts that game's
    moves (the view's move counter runs on across the match); kept in the index as read."""
    g = engine.new_game("sorry", players=2, seed=4, variant="points", target=250)
    rec = saves.new_record(g, [Seat("human"), Seat("bot", "normal")], seed=4)
    rng = random.Random(4)
    while g.view(None)["match"]["games"] < 1 or g.view(None)["match"]["game_moves"] < 3:
        move = rng.choice(g.legal_moves())
        rec.record(move, g.play(move))
    saves.write(rec)
    info = saves.SaveInfo.of(rec)
    assert info.match_game == 2 and info.turn == 3 < g.view(None)["turn"]
    assert (info.target, info.games) == (250, 1)
    from tui import names

    assert names.progress(info) == names.progress(info, long=True) == "game 2, move 4"
    assert names.describe(info).startswith("Sorry! (play for points) to 250 · 2 players")
    assert saves.SaveInfo.from_dict(json.loads(json.dumps(info.to_dict()))) == info
    assert saves.list_saves()[0].info == info
    forget_listing()
    assert saves.list_saves()[0].info == info                   # from the index
    single = saves.new_record(engine.new_game("sorry", players=2, seed=4, variant="points", target=0),
                              [Seat("human"), Seat("bot", "normal")], seed=4)
    assert saves.SaveInfo.of(single).match_game is None          # a single game: moves only
    assert saves.SaveInfo.of(single).target == 0 and "to 0" not in names.describe(saves.SaveInfo.of(single))
    d = g.to_dict()                                              # saved before the game's moves were kept:
    del d["dealt_turn"]                                          # the match's moves, as then
    rec.game = type(g).from_dict(d)
    old = saves.SaveInfo.of(rec)
    assert old.match_game is None and old.turn == g.view(None)["turn"]
    assert names.progress(old) == f"move {g.view(None)['turn'] + 1}"
    while not g.is_over:                                         # the match's end: its games too
        move = rng.choice(g.legal_moves())
        rec.record(move, g.play(move))
    rec.game = g
    done = saves.SaveInfo.of(rec)
    assert done.games == g.view(None)["match"]["games"] > 1 and done.winners
    assert names.progress(done) == names.won_by(done)            # the list's column: short
    assert names.progress(done, long=True) == f"{names.won_by(done)} after {done.games} games"
