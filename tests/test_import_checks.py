"""Import re-checks everything it stores: undone and dropped records, numbering, `final`, sizes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from kleos_table import NEXT, check, glory, start

from referee.after import export
from referee.cli import cli
from referee.model.errors import InputError, StorageError
from referee.record import session
from referee.record.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "s.db")
    yield s
    s.close()


def _played(store) -> str:
    """0 new · 1-3 next · 4 glory (undone, dropped by 5) · 5 check rolled · 6 glory (undone)."""
    sid = start(store, isles=True)
    for _ in range(3):
        session.act(store, sid, NEXT)
    session.act(store, sid, glory("ares", 2))
    session.undo(store, sid)
    session.act(store, sid, check("ares:c", "attack"))
    session.act(store, sid, glory("athena", 1))
    session.undo(store, sid)
    return sid


def _plain(store, sid) -> dict:
    """The export with its links taken off (as if written by hand), so only the re-check protects it."""
    data = export.to_json(store, sid)
    for rec in data["actions"]:
        rec.pop("link")
    return data


def _import(store, data):
    """Import into the store the game was played in: a second copy, and without links an unverified one."""
    return export.import_session(store, export.parse(json.dumps(data)), unverified=True, copy=True)


def test_undone_and_dropped_records_come_back_with_their_status(store):
    sid = _played(store)
    loaded, _ = _import(store, _plain(store, sid))
    statuses = [r["status"] for r in store.actions(loaded.id, ("done", "undone", "dropped"))]
    assert statuses == ["done"] * 4 + ["dropped", "done", "undone"]


def test_an_undone_new_action_in_the_middle_is_refused(store):
    sid = _played(store)
    data = _plain(store, sid)
    data["actions"][6]["action"] = {"verb": "new", **data["actions"][0]["action"]}
    data["actions"][6]["results"] = data["actions"][0]["results"]
    data.pop("final")
    with pytest.raises(Exception) as err:
        _import(store, data)
    assert "action 6 (new)" in str(err.value) and "started already" in str(err.value)
    assert len(store.sessions()) == 1


def test_an_undone_record_that_does_not_apply_after_the_live_history_is_refused(store):
    sid = _played(store)
    data = _plain(store, sid)
    data["actions"][6]["action"] = {"verb": "glory", "god": "zeus", "delta": "+1", "reason": "x"}
    data.pop("final")
    with pytest.raises((InputError, StorageError)) as err:
        _import(store, data)
    assert "action 6" in str(err.value)


def test_a_dropped_record_is_checked_where_it_was_played(store):
    sid = _played(store)
    data = _plain(store, sid)
    # a dropped record with a referee roll that the seed never rolled at its place
    data["actions"][4] = {"index": 4, "status": "dropped", "action": check("ares:c", "attack"),
                          "results": [{"label": "check", "value": ["s", "s", "s", "s"], "source": "referee"}],
                          "rules": data["actions"][4]["rules"]}
    with pytest.raises(StorageError, match="action 4: 'check' is recorded as"):
        _import(store, data)


def test_a_dropped_record_played_at_its_place_imports(store):
    """The dropped check's dice are the ones the seed rolls at place 4, after the first `next`s."""
    sid = start(store, isles=True)
    for _ in range(3):
        session.act(store, sid, NEXT)
    session.act(store, sid, check("ares:c", "attack"))
    session.act(store, sid, check("ares:c", "cunning"))
    session.undo(store, sid, 2)
    session.act(store, sid, glory("ares", 1))
    loaded, _ = _import(store, _plain(store, sid))
    assert [r["status"] for r in store.actions(loaded.id, ("done", "undone", "dropped"))] == \
        ["done"] * 4 + ["dropped", "dropped", "done"]


def test_a_final_summary_unlike_the_replayed_one_is_refused(store):
    sid = _played(store)
    data = _plain(store, sid)
    data["final"]["summary"]["players"][0]["score"] += 5
    with pytest.raises(StorageError, match="'final' summary differs"):
        _import(store, data)


def test_numbering_with_a_gap_is_refused_naming_the_place(store):
    sid = _played(store)
    data = _plain(store, sid)
    data["actions"][3]["index"] = 7
    with pytest.raises(StorageError, match="action 3 of the export is numbered 7"):
        export.parse(json.dumps(data))


@pytest.mark.parametrize("where", ["session", "player"])
def test_a_name_over_200_characters_is_refused_naming_the_limit(store, where):
    sid = _played(store)
    data = _plain(store, sid)
    if where == "session":
        data["name"] = "n" * 201
    else:
        data["actions"][0]["action"]["players"][0]["name"] = "A" * 201
    with pytest.raises(InputError, match="200"):
        export.parse(json.dumps(data))
    data_ok = _plain(store, sid)
    data_ok["name"] = "n" * 200
    export.parse(json.dumps(data_ok))


def test_a_long_text_inside_an_action_is_refused(store):
    sid = _played(store)
    data = _plain(store, sid)
    data["actions"][4]["action"]["reason"] = "x" * (export.MAX_TEXT + 1)
    with pytest.raises(InputError, match=f"limit of {export.MAX_TEXT}"):
        export.parse(json.dumps(data))


def test_too_many_actions_are_refused_naming_the_limit(store, monkeypatch):
    sid = _played(store)
    monkeypatch.setattr(export, "MAX_ACTIONS", 6)
    with pytest.raises(InputError, match="7 actions, over the limit of 6"):
        export.parse(json.dumps(_plain(store, sid)))


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path, monkeypatch):
    monkeypatch.setattr(export, "MAX_FILE_CHARS", 1000)
    f = tmp_path / "big.json"
    f.write_text("[" + "1," * 2000 + "1]")
    r = CliRunner().invoke(cli, ["--db", str(tmp_path / "s.db"), "import", str(f)])
    assert r.exit_code == 2 and "larger than the limit" in r.output


def test_limits_are_the_documented_ones():
    assert (export.MAX_FILE_CHARS, export.MAX_ACTIONS, export.MAX_NAME) == (20_000_000, 100_000, 200)


def test_a_running_game_with_a_secret_seed_exports_only_its_commitment_and_import_says_how(store, tmp_path):
    loaded, _ = session.create(store, "kleos", json.loads(json.dumps(_options())))
    data = export.to_json(store, loaded.id)
    assert data["seed"] is None and data["commitment"].startswith("hmac-sha256:")
    with pytest.raises(InputError, match="--reveal-seed"):
        export.parse(json.dumps(data))
    revealed = export.to_json(store, loaded.id, reveal_seed=True)
    assert revealed["seed"] == loaded.seed
    again, _ = _import(store, revealed)
    assert store.session(again.id)["seed_public"] is True


def test_a_revealed_seed_unlike_the_commitment_is_refused(store):
    loaded, _ = session.create(store, "kleos", _options())
    data = export.to_json(store, loaded.id, reveal_seed=True)
    data["seed"] = ("0" if data["seed"][0] != "0" else "1") + data["seed"][1:]  # one digit changed
    with pytest.raises(StorageError, match="commitment"):
        _import(store, data)


def _options() -> dict:
    from kleos_table import NEW_OPTIONS

    return NEW_OPTIONS


def test_a_dropped_record_played_on_a_branch_that_was_dropped_later_is_found_at_its_place(store):
    """4 check A, 5 check B on A; undo B; 6 check C on A (drops B); undo C and A; 7 glory (drops A, C).
    C is tried on B first (the most recent place), where the seed rolls other dice, then on A."""
    sid = start(store, isles=True)
    for _ in range(3):
        session.act(store, sid, NEXT)
    session.act(store, sid, check("ares:c", "attack"))
    session.act(store, sid, check("ares:c", "cunning"))
    session.undo(store, sid)
    session.act(store, sid, check("athena:c", "attack"))
    session.undo(store, sid, 2)
    session.act(store, sid, glory("ares", 1))
    rows = store.actions(sid, ("done", "undone", "dropped"))
    assert [r["status"] for r in rows] == ["done"] * 4 + ["dropped"] * 3 + ["done"]
    loaded, _ = _import(store, _plain(store, sid))
    assert loaded.summary == session.load(store, sid).summary
    # C with other dice is refused: they are not what the seed rolls at either place
    data = _plain(store, sid)
    data["actions"][6]["results"][0]["value"] = ["g" if v != "g" else "s" for v in rows[6]["results"][0]["value"]]
    with pytest.raises(StorageError, match="action 6"):
        _import(store, data)
