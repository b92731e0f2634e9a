"""The CLI contract end to end: sessions, actions, undo/redo, export in every format, import, exit codes, --json."""

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from referee.cli import cli

TESTS = Path(__file__).parent


def run(*args, env=None):
    return CliRunner().invoke(cli, list(args), env=env)


def jrun(*args):
    result = run("--json", *args)
    return result, json.loads(result.output)


def _new_toy(*extra):
    result, data = jrun("toy", "new", "--player", "Ann", "--player", "Bob", "--seed", "11", *extra)
    assert result.exit_code == 0, result.output
    return data


def _current(sid=None):
    _, data = jrun("show", *([sid] if sid else []))
    return data["state"]["summary"]["current"]


def test_new_action_undo_redo_export_import_round_trip(db, tmp_path):
    data = _new_toy()
    sid = data["session"]
    assert data["ok"] and data["state"]["summary"]["game"] == "toy"
    for die in "3", "4", "2":
        r = run("toy", "roll", _current(), "--die", die)
        assert r.exit_code == 0, r.output
    assert run("undo").exit_code == 0
    assert run("redo").exit_code == 0
    assert run("undo").exit_code == 0  # leave one undone action in history
    for fmt in ("json", "jsonl", "csv", "md"):
        r = run("export", "--format", fmt, "-o", str(tmp_path / f"out.{fmt}"))
        assert r.exit_code == 0, r.output
    exported = json.loads((tmp_path / "out.json").read_text())
    assert exported["seed"] == "11" and exported["rules_version"] == "1"
    assert [a["status"] for a in exported["actions"]] == ["done", "done", "done", "undone"]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out.csv").read_text())))
    assert [r["verb"] for r in rows] == ["new", "roll", "roll", "roll"] and "(table)" in rows[1]["results"]
    md = (tmp_path / "out.md").read_text()
    assert md.startswith("# Toy race") and "| 1 | roll" in md
    lines = (tmp_path / "out.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "header" and len(lines) == 5
    for fmt in ("json", "jsonl"):
        r, imported = jrun("import", str(tmp_path / f"out.{fmt}"))
        assert r.exit_code == 0, r.output
        assert imported["session"] != sid
        _, original = jrun("show", sid)
        assert imported["state"] == original["state"]
        # the undone action came along: redo works on the imported session too
        assert run("redo", imported["session"]).exit_code == 0


def test_export_never_overwrites_without_force(db, tmp_path):
    _new_toy()
    target = tmp_path / "keep.json"
    target.write_text("precious")
    r = run("export", "-o", str(target))
    assert r.exit_code == 2 and "--force" in r.output
    assert target.read_text() == "precious"
    assert run("export", "-o", str(target), "--force").exit_code == 0
    assert json.loads(target.read_text())["format"] == "referee-log"


def test_import_stops_at_the_first_illegal_action_naming_index_and_rule(db, tmp_path):
    _new_toy()
    first = _current()
    run("toy", "roll", first, "--die", "2")
    run("export", "-o", str(tmp_path / "a.json"))
    data = json.loads((tmp_path / "a.json").read_text())
    data["actions"].append({"index": 2, "status": "done", "action": {"verb": "roll", "player": first}, "results": []})
    (tmp_path / "b.json").write_text(json.dumps(data))
    before = run("sessions", "--all").output
    r, out = jrun("import", str(tmp_path / "b.json"))
    assert r.exit_code == 1
    assert out["error"]["kind"] == "illegal" and "action 2" in out["error"]["message"]
    assert out["error"]["rule"] == "Turn order"
    assert run("sessions", "--all").output == before  # nothing stored


def test_import_refuses_a_file_that_is_not_an_export(db, tmp_path):
    (tmp_path / "x.json").write_text('{"hello": 1}')
    r = run("import", str(tmp_path / "x.json"))
    assert r.exit_code == 2 and "not a referee export" in r.output
    (tmp_path / "y.json").write_text("not json at all")
    assert run("import", str(tmp_path / "y.json")).exit_code == 2


def test_exit_codes_and_json_error_envelope(db):
    _new_toy()
    second = "Bob" if _current() == "Ann" else "Ann"
    r, out = jrun("toy", "roll", second)
    assert r.exit_code == 1 and out == {"ok": False, "error": {"kind": "illegal", "message": out["error"]["message"], "rule": "Turn order"}}
    r, out = jrun("toy", "roll", _current(), "--die", "x")
    assert r.exit_code == 2 and out["error"]["kind"] == "usage"
    r, out = jrun("toy", "roll")
    assert r.exit_code == 2 and out["error"]["kind"] == "usage"
    r, out = jrun("show", "toy-99")
    assert r.exit_code == 3 and out["error"]["kind"] == "storage"


def test_refused_action_prints_the_rule_and_no_traceback(db):
    _new_toy()
    second = "Bob" if _current() == "Ann" else "Ann"
    r = run("toy", "roll", second)
    assert r.exit_code == 1
    assert "refused:" in r.output and "rule: Turn order" in r.output and "Traceback" not in r.output


def test_session_option_and_environment_pick_the_session(db):
    first = _new_toy()["session"]
    second = _new_toy()["session"]
    assert jrun("show")[1]["session"] == second
    assert jrun("--session", first, "show")[1]["session"] == first
    assert run("show", env={"REFEREE_SESSION": first}).exit_code == 0
    r = CliRunner().invoke(cli, ["--json", "toy", "status"], env={"REFEREE_SESSION": first})
    assert json.loads(r.output)["session"] == first


def test_sessions_lists_id_game_players_turn_status(db):
    _new_toy("--name", "Friday")
    r = run("sessions")
    assert "toy-1" in r.output and "Friday" in r.output and "Ann, Bob" in r.output
    _, data = jrun("sessions")
    assert data["result"]["sessions"][0]["players"] == ["Ann", "Bob"]


def test_log_lists_numbered_actions_with_who_rolled(db):
    _new_toy()
    run("toy", "roll", _current(), "--die", "5")
    run("toy", "roll", _current())
    out = run("log").output
    assert "die=5 (table)" in out and "(referee)" in out


def test_no_session_yet_is_a_storage_error_with_a_hint(db):
    r = run("toy", "roll", "Ann")
    assert r.exit_code == 3 and "toy new" in r.output


def test_real_subprocess_end_to_end(tmp_path):
    env = {**os.environ, "REFEREE_DB": str(tmp_path / "p.db")}
    env.pop("REFEREE_SESSION", None)

    def sh(*args):
        return subprocess.run([sys.executable, str(TESTS / "toy_cli.py"), *args], env=env,
                              capture_output=True, text=True, timeout=60)

    assert sh("toy", "new", "--player", "Ann", "--player", "Bob", "--seed", "5").returncode == 0
    cur = json.loads(sh("--json", "show").stdout)["state"]["summary"]["current"]
    assert sh("toy", "roll", cur, "--die", "6").returncode == 0
    other = "Bob" if cur == "Ann" else "Ann"
    refused = sh("toy", "roll", cur)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert sh("undo").returncode == 0 and sh("redo").returncode == 0
    assert sh("export", "-o", str(tmp_path / "e.json")).returncode == 0
    imp = sh("--json", "import", str(tmp_path / "e.json"))
    assert imp.returncode == 0 and json.loads(imp.stdout)["state"]["score"][cur] == 6
    assert sh("toy", "roll", other, "--die", "1").returncode == 0
    # the shipped console entry point, as a module
    mod = subprocess.run([sys.executable, "-m", "referee", "--help"], env=env, capture_output=True, text=True, timeout=60)
    assert mod.returncode == 0 and "kleos" in mod.stdout
