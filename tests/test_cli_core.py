"""The CLI contract end to end on a real game: sessions, actions, undo/redo, export in every
format, import, exit codes and --json (Click's runner and a real subprocess)."""

import csv
import io
import json
import os
import subprocess
import sys

from click.testing import CliRunner
from kleos_table import ISLE_LINES, ISLE_SCRIPT, NEW_ARGS

from referee.cli import cli


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), env=env)


def jrun(*args):
    result = run("--json", *args)
    return result, json.loads(result.output)


def _new(*extra):
    result, data = jrun(*NEW_ARGS, *extra)
    assert result.exit_code == 0, result.output
    return data


def _to_action_phase():
    for line in ISLE_LINES:  # an Epic card on each Isle before Deployment ends
        assert run(*line).exit_code == 0
    for _ in range(3):
        assert run("kleos", "next").exit_code == 0


def test_new_act_undo_redo_export_every_format_and_import_equal(db, tmp_path):
    data = _new()
    sid = data["session"]
    assert data["ok"] and data["state"]["summary"]["game"] == "kleos"
    assert run("kleos", "glory", "ares", "+2", "--reason", "Trickster").exit_code == 0
    assert run("kleos", "check", "ares:c", "cunning", "--dice", "sg").exit_code == 0
    assert run("kleos", "check", "athena:c", "attack").exit_code == 0
    assert run("undo").exit_code == 0
    assert run("redo").exit_code == 0
    assert run("undo").exit_code == 0  # leave one undone action in history
    for fmt in ("json", "jsonl", "csv", "md"):
        r = run("export", "--format", fmt, "-o", str(tmp_path / f"out.{fmt}"))
        assert r.exit_code == 0, r.output
    exported = json.loads((tmp_path / "out.json").read_text())
    assert exported["seed"] == "4" and exported["game"] == "kleos" and exported["rules_version"]
    assert [a["status"] for a in exported["actions"]] == ["done", "done", "done", "undone"]
    assert exported["actions"][2]["results"][0] == {"label": exported["actions"][2]["results"][0]["label"],
                                                    "value": ["s", "g"], "source": "table"}
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out.csv").read_text())))
    # the spreadsheet CSV holds the played actions (undone ones are in json/jsonl), results flat
    assert [r["verb"] for r in rows] == ["new", "glory", "check"] and rows[2]["results_from"] == "table"
    assert "sg" in [v for k, v in rows[2].items() if k.startswith("result_")]
    md = (tmp_path / "out.md").read_text()
    assert md.startswith("# Kleos") and "| 1 |" in md and "## The table now" in md
    lines = (tmp_path / "out.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "header" and len(lines) == 6  # header, 4 actions, final
    _, original = jrun("show", sid)
    for fmt in ("json", "jsonl"):
        r, imported = jrun("import", "--copy", str(tmp_path / f"out.{fmt}"))  # the store holds the game
        assert r.exit_code == 0, r.output
        assert imported["session"] != sid
        assert imported["state"] == original["state"]
        # the undone action came along: redo works on the imported session too
        r, redone = jrun("redo", imported["session"])
        assert r.exit_code == 0 and redone["result"]["actions"] == 3


def test_export_never_overwrites_without_force(db, tmp_path):
    _new()
    target = tmp_path / "keep.json"
    target.write_text("precious")
    r = run("export", "-o", str(target))
    assert r.exit_code == 2 and "--force" in r.output
    assert target.read_text() == "precious"
    assert run("export", "-o", str(target), "--force").exit_code == 0
    assert json.loads(target.read_text())["format"] == "referee-log"


def test_import_stops_at_the_first_illegal_action_naming_index_and_rule(db, tmp_path):
    _new()
    _to_action_phase()
    run("export", "-o", str(tmp_path / "a.json"))
    data = json.loads((tmp_path / "a.json").read_text())
    data["actions"].append({"index": 9, "status": "done", "results": [],
                            "action": {"verb": "move", "minion": "athena:c", "to": "port"}})
    (tmp_path / "b.json").write_text(json.dumps(data))
    before = run("sessions", "--all").output
    r, out = jrun("import", str(tmp_path / "b.json"))
    assert r.exit_code == 1
    assert out["error"]["kind"] == "illegal" and "action 9 (move)" in out["error"]["message"]
    assert out["error"]["rule"].startswith("Turn order")
    assert run("sessions", "--all").output == before  # nothing stored


def test_import_refuses_a_file_that_is_not_an_export(db, tmp_path):
    (tmp_path / "x.json").write_text('{"hello": 1}')
    r = run("import", str(tmp_path / "x.json"))
    assert r.exit_code == 2 and "not a referee export" in r.output
    (tmp_path / "y.json").write_text("not json at all")
    assert run("import", str(tmp_path / "y.json")).exit_code == 2


def test_exit_codes_and_json_error_envelope(db):
    _new()
    _to_action_phase()
    r, out = jrun("kleos", "move", "athena:c", "port")
    assert r.exit_code == 1
    assert out == {"ok": False, "error": {"kind": "illegal", "message": out["error"]["message"], "rule": out["error"]["rule"]}}
    assert out["error"]["rule"].startswith("Turn order")
    r, out = jrun("kleos", "check", "ares:c", "cunning", "--dice", "x")
    assert r.exit_code == 2 and out["error"]["kind"] == "usage"
    r, out = jrun("kleos", "move")
    assert r.exit_code == 2 and out["error"]["kind"] == "usage"
    r, out = jrun("show", "kleos-99")
    assert r.exit_code == 3 and out["error"]["kind"] == "storage"


def test_refused_action_prints_the_rule_and_no_traceback(db):
    _new()
    _to_action_phase()
    r = run("kleos", "move", "ares:c", "isle1")
    assert r.exit_code == 1
    assert "refused: isle1 is not next to h1" in r.output and "rule: Movement" in r.output
    assert "Traceback" not in r.output


def test_action_json_envelope_carries_state_and_summary(db):
    _new()
    r, out = jrun("kleos", "glory", "athena", "+1", "--reason", "test")
    assert r.exit_code == 0 and out["ok"] and out["session"] == "kleos-1"
    # `note` (optional) says what the table owes before the game goes on: here, at Deployment,
    # the five Isles waiting for their Epic cards
    assert set(out["state"]["summary"]) == {"game", "players", "current", "phase", "turn", "pending", "over",
                                            "winners", "outcome", "note"}
    assert out["state"]["summary"]["note"].startswith("isle1, isle2, isle3, isle4, isle5 wait for")
    assert [(p["name"], p["score"]) for p in out["state"]["summary"]["players"]] == [("Ann", 0), ("Bob", 1)]


def test_session_option_and_environment_pick_the_session(db):
    first = _new()["session"]
    second = _new()["session"]
    assert jrun("show")[1]["session"] == second
    assert jrun("--session", first, "show")[1]["session"] == first
    r = CliRunner().invoke(cli, ["--json", "kleos", "status"], env={"REFEREE_SESSION": first})
    assert json.loads(r.output)["session"] == first


def test_sessions_lists_id_game_players_turn_status(db):
    _new("--name", "Friday")
    r = run("sessions")
    assert "kleos-1" in r.output and "Friday" in r.output and "Ann, Bob" in r.output
    _, data = jrun("sessions")
    assert data["result"]["sessions"][0]["players"] == ["Ann", "Bob"]


def test_log_lists_numbered_actions_with_who_rolled(db):
    _new()
    run("kleos", "check", "ares:c", "cunning", "--dice", "s-")
    run("kleos", "check", "ares:c", "cunning")
    out = run("log").output
    assert "=s- (table)" in out and "(referee)" in out


def test_no_session_yet_is_a_storage_error_with_a_hint(db):
    r = run("kleos", "next")
    assert r.exit_code == 3 and "kleos new" in r.output


def test_real_subprocess_end_to_end(tmp_path):
    env = {**os.environ, "REFEREE_DB": str(tmp_path / "p.db")}
    env.pop("REFEREE_SESSION", None)

    def sh(*args, script=None):
        return subprocess.run([sys.executable, "-m", "referee", *args], env=env, input=script,
                              capture_output=True, text=True, timeout=60, check=False)

    assert sh(*NEW_ARGS).returncode == 0
    # the Isles' Epic cards in one batch run of the shell (Deployment cannot end before)
    isles = sh("play", "kleos", script=ISLE_SCRIPT)
    assert isles.returncode == 0 and isles.stdout.count("waits on isle") == 5, isles.stderr
    for _ in range(3):
        assert sh("kleos", "next").returncode == 0
    assert sh("kleos", "move", "ares:c", "port").returncode == 0
    refused = sh("kleos", "move", "athena:c", "port")
    assert refused.returncode == 1 and "Turn order" in refused.stderr and "Traceback" not in refused.stderr
    assert sh("undo").returncode == 0 and sh("redo").returncode == 0
    assert sh("export", "-o", str(tmp_path / "e.json")).returncode == 0
    imp = sh("--json", "import", "--copy", str(tmp_path / "e.json"))
    assert imp.returncode == 0
    where = {m: v["location"] for m, v in json.loads(imp.stdout)["state"]["minions"].items()}
    assert where["ares:champion"] == "port"
    assert sh("--help").returncode == 0


def test_show_notes_a_session_recorded_under_other_rules(db):
    from referee.record.store import Store

    sid = _new()["session"]
    store = Store(db)
    store.db.execute("UPDATE sessions SET rules_version = '0' WHERE id = ?", (sid,))
    store.reseal(sid)  # as an older referee would have stored it
    store.close()
    r = run("show")
    assert r.exit_code == 0 and "recorded under kleos rules version 0" in r.output
