"""The chained log: every kind of hand edit to a store or an export is refused at the right action."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner
from kleos_table import NEXT, check, glory, start

from referee.after import export
from referee.cli import cli
from referee.record import session
from referee.record.integrity import canonical, link, verify_session
from referee.record.store import Store

# The session every test edits (seed 4, Kleos; Ann to act after three `next`):
#   0 new · 1-3 next · 4 check rolled · 5 check typed "sg" · 6 glory +1
#   7 check rolled (undone, then dropped by 8) · 8 glory +1 · 9 check rolled · 10 glory +1 (undone)


def _build(path) -> str:
    store = Store(path)
    sid = start(store, isles=True)
    for _ in range(3):
        session.act(store, sid, NEXT)
    session.act(store, sid, check("ares:c", "attack"))
    session.act(store, sid, check("ares:c", "cunning", "sg"))
    session.act(store, sid, glory("ares", 1))
    session.act(store, sid, check("ares:c", "attack"))
    session.undo(store, sid)
    session.act(store, sid, glory("ares", 1))
    session.act(store, sid, check("athena:c", "attack"))
    session.act(store, sid, glory("athena", 1))
    session.undo(store, sid)
    store.close()
    return sid


@pytest.fixture
def built(tmp_path):
    path = tmp_path / "s.db"
    return path, _build(path)


def _sql(path, *statements: tuple) -> None:
    con = sqlite3.connect(path)
    for stmt in statements:
        con.execute(*stmt)
    con.commit()
    con.close()


def _results(path, sid, idx) -> list:
    con = sqlite3.connect(path)
    row = con.execute("SELECT results FROM actions WHERE session_id = ? AND idx = ?", (sid, idx)).fetchone()
    con.close()
    return json.loads(row[0])


def _cli(path, *args):
    return CliRunner().invoke(cli, ["--db", str(path), *args])


def _verify_json(path, sid) -> dict:
    r = _cli(path, "--json", "verify", sid)
    return r.exit_code, json.loads(r.output)


def _relink(path, sid) -> None:
    """What a careful forger does after an edit: recompute every link."""
    store = Store(path)
    with store.write():
        store.relink(sid)
    store.close()


def _swap(sid, a, b):
    return [("UPDATE actions SET idx = -1 WHERE session_id = ? AND idx = ?", (sid, a)),
            ("UPDATE actions SET idx = ? WHERE session_id = ? AND idx = ?", (a, sid, b)),
            ("UPDATE actions SET idx = ? WHERE session_id = ? AND idx = -1", (b, sid))]


def test_an_untouched_session_verifies_and_names_what_it_checked(built):
    path, sid = built
    code, out = _verify_json(path, sid)
    assert code == 0
    head = Store(path).head(sid)[:16]
    assert out["result"]["sessions"] == [{"id": sid, "ok": True, "actions": 11, "head": head, "first_bad": None,
                                          "problem": None}]
    r = _cli(path, "verify", "--all")
    assert r.exit_code == 0 and f"{sid}: intact (11 stored actions checked; head" in r.output


def test_the_link_is_sha256_over_the_previous_link_and_canonical_json(built):
    path, sid = built
    store = Store(path)
    rows = store.actions(sid, ("done", "undone", "dropped"))
    import hashlib

    text = canonical(rows[0]["action"], rows[0]["results"], "done")
    assert text == json.dumps({"action": rows[0]["action"], "results": rows[0]["results"], "status": "done"},
                              sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert rows[0]["link"] == hashlib.sha256(text.encode()).hexdigest()
    assert rows[1]["link"] == link(rows[0]["link"], rows[1]["action"], rows[1]["results"], "done")
    assert [r["status"] for r in rows] == ["done"] * 7 + ["dropped", "done", "done", "undone"]


def _dice_changed(path, sid):
    res = _results(path, sid, 4)
    res[0]["value"] = ["s" if v != "s" else "-" for v in res[0]["value"]]
    return [("UPDATE actions SET results = ? WHERE session_id = ? AND idx = 4", (json.dumps(res), sid))]


def _typed_changed(path, sid):
    res = _results(path, sid, 5)
    assert res[0]["value"] == ["s", "g"] and res[0]["source"] == "table"
    res[0]["value"] = ["s", "s"]
    return [("UPDATE actions SET results = ? WHERE session_id = ? AND idx = 5", (json.dumps(res), sid))]


TAMPERING = {
    "changed dice value": (_dice_changed, 4),
    "changed action": (lambda p, s: [("UPDATE actions SET action = ? WHERE session_id = ? AND idx = 6",
                                      (json.dumps(glory("ares", 3)), s))], 6),
    "typed result not matching the action": (_typed_changed, 5),
    "deleted middle action": (lambda p, s: [("DELETE FROM actions WHERE session_id = ? AND idx = 6", (s,))], 6),
    "status flipped": (lambda p, s: [("UPDATE actions SET status = 'done' WHERE session_id = ? AND idx = 7", (s,))], 7),
    "two rows swapped": (lambda p, s: _swap(s, 4, 6), 4),
    "forged link": (lambda p, s: [("UPDATE actions SET link = ? WHERE session_id = ? AND idx = 5", ("f" * 64, s))], 5),
}


@pytest.mark.parametrize("kind", list(TAMPERING))
def test_an_edited_store_is_refused_by_verify_and_show_at_the_edited_action(built, kind):
    path, sid = built
    edit, index = TAMPERING[kind]
    _sql(path, *edit(path, sid))
    code, out = _verify_json(path, sid)
    assert code == 3 and out["ok"] is False
    report = out["result"]["sessions"][0]
    assert report["ok"] is False and report["first_bad"] == index, report
    text = _cli(path, "verify", sid)
    assert text.exit_code == 3 and f"session {sid} fails its check at action {index}" in text.output
    # what reads the log checks it whole at once: an export, the log itself
    exported = _cli(path, "export", sid)
    assert exported.exit_code == 3 and f"action {index}" in exported.output and "verify" in exported.output
    logged = _cli(path, "log", sid)
    assert logged.exit_code == 3 and f"action {index}" in logged.output and "verify" in logged.output
    # the state comes from the snapshot kept after the sealed head (no row re-hashed); once the log
    # is replayed (no snapshot, or a stale one) the whole chain is checked again
    _sql(path, ("DELETE FROM snapshots", ()))
    shown = _cli(path, "show", sid)
    assert shown.exit_code == 3 and f"action {index}" in shown.output and "verify" in shown.output
    assert _cli(path, "kleos", "glory", "ares", "+1", "--reason", "x").exit_code == 3  # nothing is appended to a broken log


# With its links recomputed, an edit is found where the re-derived results first differ: a
# dropped check flipped back to live shifts every later action one place, so the check at 9
# rolls other dice. (A changed action without random results and relinked cannot be told from
# a real one: there is no secret in the chain; the seed is what protects the dice.)
RELINKED = {"changed dice value": 4, "typed result not matching the action": 5, "status flipped": 9}


@pytest.mark.parametrize("kind", list(RELINKED))
def test_an_edit_with_recomputed_links_is_still_caught_by_rederiving_the_action(built, kind):
    path, sid = built
    edit, index = TAMPERING[kind][0], RELINKED[kind]
    _sql(path, *edit(path, sid))
    _relink(path, sid)
    assert _cli(path, "show", sid).exit_code == 0  # the chain alone is whole again
    code, out = _verify_json(path, sid)
    report = out["result"]["sessions"][0]
    assert code == 3 and report["first_bad"] == index, report


def test_a_changed_referee_roll_names_what_the_seed_rolls(built):
    path, sid = built
    _sql(path, *_dice_changed(path, sid))
    _relink(path, sid)
    report = verify_session(Store(path), sid)
    assert "the seed rolls" in report["problem"]


def test_a_typed_result_unlike_its_action_names_both(built):
    path, sid = built
    _sql(path, *_typed_changed(path, sid))
    _relink(path, sid)
    report = verify_session(Store(path), sid)
    assert report["problem"] == "'check' is recorded as [\"s\", \"s\"], the action says [\"s\", \"g\"]"


def test_a_referee_roll_relabelled_as_typed_is_refused(built):
    path, sid = built
    res = _results(path, sid, 4)
    res[0]["source"] = "table"
    _sql(path, ("UPDATE actions SET results = ? WHERE session_id = ? AND idx = 4", (json.dumps(res), sid)))
    _relink(path, sid)
    assert verify_session(Store(path), sid)["first_bad"] == 4


def test_a_seed_unlike_its_commitment_is_refused_by_verify(built):
    path, sid = built
    _sql(path, ("UPDATE sessions SET commitment = ? WHERE id = ?", ("sha256:" + "0" * 64, sid)))
    code, out = _verify_json(path, sid)
    assert code == 3 and "commitment" in out["result"]["sessions"][0]["problem"]


def test_verify_all_names_the_one_broken_session_and_passes_the_others(built):
    path, sid = built
    store = Store(path)
    other = start(store, isles=True)
    store.close()
    _sql(path, *TAMPERING["forged link"][0](path, sid))
    code, out = _cli(path, "--json", "verify", "--all").exit_code, json.loads(_cli(path, "--json", "verify", "--all").output)
    assert code == 3
    by_id = {r["id"]: r for r in out["result"]["sessions"]}
    assert by_id[other]["ok"] and not by_id[sid]["ok"] and by_id[sid]["first_bad"] == 5


# -- the same edits in an exported file ------------------------------------------------------

def _exported(path, sid) -> dict:
    return export.to_json(Store(path), sid)


def _import(path, tmp_path, data) -> tuple[int, str]:
    """Into the store the game was played in: a second copy; a file without links, an unverified one."""
    f = tmp_path / "edited.json"
    f.write_text(json.dumps(data))
    linked = all(a.get("link") for a in data["actions"])
    r = _cli(path, "import", "--copy", *([] if linked else ["--unverified"]), str(f))
    return r.exit_code, r.output


def _edit_file(data: dict, kind: str) -> None:
    acts = data["actions"]
    if kind == "changed dice value":
        acts[4]["results"][0]["value"] = ["s" if v != "s" else "-" for v in acts[4]["results"][0]["value"]]
    elif kind == "changed action":
        acts[6]["action"] = glory("ares", 3)
    elif kind == "typed result not matching the action":
        acts[5]["results"][0]["value"] = ["s", "s"]
    elif kind == "deleted middle action":
        del acts[6]
    elif kind == "status flipped":
        acts[7]["status"] = "done"
    elif kind == "two rows swapped":
        acts[4], acts[6] = acts[6], acts[4]
    elif kind == "forged link":
        acts[5]["link"] = "f" * 64


@pytest.mark.parametrize("kind", list(TAMPERING))
@pytest.mark.parametrize("links", [True, False], ids=["with-links", "links-removed"])
def test_an_edited_export_is_refused_by_import_at_the_edited_action(built, tmp_path, kind, links):
    path, sid = built
    data = _exported(path, sid)
    if kind == "forged link" and not links:
        pytest.skip("no link to forge")
    if not links:
        for rec in data["actions"]:
            rec.pop("link")
    _edit_file(data, kind)
    before = _cli(path, "sessions", "--all").output
    code, out = _import(path, tmp_path, data)
    assert code == 3, out
    if not links and kind == "changed action":  # a legal action without dice: only the final summary tells
        assert "'final' summary differs" in out, out
    else:
        index = RELINKED[kind] if not links and kind == "status flipped" else TAMPERING[kind][1]
        assert f"action {index}" in out, out
    assert _cli(path, "sessions", "--all").output == before  # nothing stored


def test_an_untouched_export_imports_and_the_copy_verifies(built, tmp_path):
    path, sid = built
    code, out = _import(path, tmp_path, _exported(path, sid))
    assert code == 0, out
    store = Store(path)
    copies = [s["id"] for s in store.sessions() if s["id"] != sid]
    for one in (sid, copies[0]):  # each copy verifies on its own
        r = _cli(path, "--json", "verify", one)
        assert r.exit_code == 0 and all(s["ok"] for s in json.loads(r.output)["result"]["sessions"]), r.output
    # the store as a whole holds one game twice (`stats` would count it twice): said, naming both
    r = _cli(path, "--json", "verify", "--all")
    bad = [s for s in json.loads(r.output)["result"]["sessions"] if not s["ok"]]
    assert r.exit_code == 3 and len(bad) == 1 and "hold one game" in bad[0]["problem"], r.output
    assert sid in bad[0]["problem"] and copies[0] in bad[0]["problem"]
    assert [r["link"] for r in store.actions(copies[0], ("done", "undone", "dropped"))] == \
        [r["link"] for r in store.actions(sid, ("done", "undone", "dropped"))]
