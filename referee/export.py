"""A session's record in four formats, and the import that rebuilds one from JSON.

The JSON export is the game record (like PGN): format and rules versions, the
seed, every action with its recorded random results and where they came from,
undone actions too, so `referee import` gives back an equal session.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from pathlib import Path

from referee import __version__, registry, session
from referee.errors import IllegalAction, InputError, RefereeError, StorageError
from referee.store import Store

FORMAT = "referee-log"
FORMAT_VERSION = 1
FORMATS = ("json", "jsonl", "csv", "md")


def _history(store: Store, sid: str) -> list[dict]:
    return store.actions(sid, ("done", "undone", "dropped"))


def _record_json(rec: dict) -> dict:
    return {"index": rec["idx"], "status": rec["status"], "action": rec["action"],
            "results": rec["results"], "rules": rec["rules"]}


def header(loaded: session.Loaded) -> dict:
    meta = loaded.meta
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "referee_version": __version__,
        "game": loaded.game,
        "rules_version": loaded.engine.rules_version,
        "session": loaded.id,
        "name": meta.get("name", ""),
        "seed": loaded.seed,
    }


def to_json(store: Store, sid: str) -> dict:
    loaded = session.load(store, sid)
    return {**header(loaded), "actions": [_record_json(r) for r in _history(store, sid)],
            "final": {"summary": loaded.summary}}


def results_text(results: list[dict], short: bool = False) -> str:
    """Random results as `label=value (source)`; `short` abbreviates long ones (a shuffled deck)."""
    parts = []
    for r in results:
        value = r.get("value")
        if isinstance(value, list) and all(isinstance(v, str) and len(v) == 1 for v in value):
            shown = "".join(value)
        else:
            shown = json.dumps(value, ensure_ascii=False)
        if short and len(shown) > 40:
            shown = f"[{len(value)} items]" if isinstance(value, list) else shown[:37] + "..."
        parts.append(f"{r.get('label')}={shown} ({r.get('source')})")
    return "; ".join(parts)


def render(store: Store, sid: str, fmt: str) -> str:
    """The export as text in `fmt`."""
    if fmt not in FORMATS:
        raise InputError(f"unknown format '{fmt}' (formats: {', '.join(FORMATS)})")
    if fmt == "json":
        return json.dumps(to_json(store, sid), ensure_ascii=False, indent=2) + "\n"
    loaded = session.load(store, sid)
    history = _history(store, sid)
    if fmt == "jsonl":
        lines = [json.dumps({**header(loaded), "kind": "header"}, ensure_ascii=False)]
        lines += [json.dumps({"kind": "action", **_record_json(r)}, ensure_ascii=False) for r in history]
        return "\n".join(lines) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["index", "status", "verb", "action", "results", "events", "rules"])
        for r in history:
            writer.writerow([r["idx"], r["status"], r["action"].get("verb"), json.dumps(r["action"], ensure_ascii=False),
                             results_text(r["results"]), " / ".join(e.get("text", "") for e in r["events"]), r["rules"]])
        return buf.getvalue()
    return _markdown(loaded, history)


def _markdown(loaded: session.Loaded, history: list[dict]) -> str:
    from referee.status import status_line

    summary = loaded.summary
    out = [f"# {loaded.engine.title} — session {loaded.id}", ""]
    if loaded.meta.get("name"):
        out += [f"*{loaded.meta['name']}*", ""]
    out += [f"- Seed: `{loaded.seed}`", f"- Rules version: {loaded.engine.rules_version}",
            f"- Status: {status_line(summary, loaded.engine.turn_word)}", ""]
    players = summary.get("players", [])
    if any(p.get("score") is not None for p in players):
        out += ["## Players", "", "| player | score |", "|---|---|"]
        out += [f"| {p.get('name')} | {'' if p.get('score') is None else p.get('score')} |" for p in players]
    else:  # a game without scores (Kreus, Crôa!): the outcome is in the status line
        out += ["## Players", "", ", ".join(str(p.get("name")) for p in players)]
    out += ["", "## Log", "", "| # | action | dice and draws | what happened |", "|---|---|---|---|"]
    for r in history:
        mark = "" if r["status"] == "done" else f" *({r['status']})*"
        what = " ".join(e.get("text", "") for e in r["events"])
        cells = [str(r["idx"]), loaded.engine.describe(r["action"]) + mark, results_text(r["results"], short=True), what]
        out.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
    out += ["", "## The table now", "", "```", loaded.engine.render(loaded.state), "```", ""]
    return "\n".join(out)


def write_atomic(path: str | os.PathLike, text: str, force: bool = False) -> Path:
    """Write `text` to `path` through a temporary file and a rename; never clobber without force."""
    target = Path(path)
    if target.exists() and not force:
        raise InputError(f"{target} exists; use --force to overwrite it")
    if target.is_dir():
        raise InputError(f"{target} is a folder")
    parent = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=parent)
    except OSError as exc:
        raise StorageError(f"cannot write in {parent}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


# -- import --------------------------------------------------------------------------

def parse(text: str) -> dict:
    """Read a JSON export (or a JSONL one) into the JSON export's shape, checking its form."""
    text = text.lstrip("\ufeff")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = _parse_jsonl(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError("not a referee export (expected a JSON object with \"format\": \"referee-log\")")
    if not isinstance(data.get("format_version"), int) or data["format_version"] > FORMAT_VERSION:
        raise InputError(f"export format version {data.get('format_version')!r} is not one this referee reads ({FORMAT_VERSION})")
    if data.get("game") not in registry.names():
        raise InputError(f"unknown game {data.get('game')!r} in the export")
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        raise InputError("the export has no actions")
    for i, rec in enumerate(actions):
        if not isinstance(rec, dict) or not isinstance(rec.get("action"), dict) or not isinstance(rec["action"].get("verb"), str):
            raise InputError(f"action {i} of the export is not an object with an action and its verb")
        if not isinstance(rec.get("results", []), list):
            raise InputError(f"action {i} of the export has results that are not a list")
        if rec.get("status", "done") not in ("done", "undone", "dropped"):
            raise InputError(f"action {i} of the export has an unknown status {rec.get('status')!r}")
    if not isinstance(data.get("seed"), (str, int)):
        raise InputError("the export has no seed")
    return data


def _parse_jsonl(text: str) -> dict:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    try:
        rows = [json.loads(ln) for ln in lines]
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg} at line {exc.lineno}") from None
    if not rows or not isinstance(rows[0], dict) or rows[0].get("kind") != "header":
        raise InputError("not a referee export (no JSON object or JSONL header)")
    head = {k: v for k, v in rows[0].items() if k != "kind"}
    head["actions"] = [{k: v for k, v in r.items() if k != "kind"} for r in rows[1:] if isinstance(r, dict)]
    return head


def import_session(store: Store, data: dict) -> tuple[session.Loaded, list[str]]:
    """Re-check every action of an export and store it as a new session.

    Stops at the first action the rules refuse (exit 1, naming its index and
    rule); nothing is stored then.
    """
    notes: list[str] = []
    game = data["game"]
    engine = registry.engine(game)
    if str(data.get("rules_version")) != engine.rules_version:
        notes.append(f"the export was written under rules version {data.get('rules_version')}, this referee has {engine.rules_version}")
    seed = str(data["seed"])
    records = [{"idx": i, "action": r["action"], "results": r.get("results", []), "events": [],
                "rules": str(r.get("rules", engine.rules_version)), "status": r.get("status", "done")}
               for i, r in enumerate(data["actions"])]
    done = [r for r in records if r["status"] == "done"]
    if not done or done[0]["action"].get("verb") != "new":
        raise InputError("the export's first action must be its 'new' action")
    state = None
    for ply, rec in enumerate(done):
        try:
            state, events, _ = session.run(engine, state, rec["action"], seed, ply, rec["results"])
        except IllegalAction as exc:
            raise IllegalAction(f"action {rec['idx']} ({rec['action'].get('verb')}) is refused: {exc.message}", exc.rule) from None
        except RefereeError as exc:
            raise type(exc)(f"action {rec['idx']} ({rec['action'].get('verb')}): {exc.message}", exc.rule) from None
        except Exception as exc:  # noqa: BLE001 - a hand-edited export must not crash the import
            raise InputError(f"action {rec['idx']} ({rec['action'].get('verb')}) is malformed ({type(exc).__name__}: {exc})") from None
        rec["events"] = events
    loaded = session.Loaded(None, game, seed, engine, done, state)
    with store.write():
        sid = store.create_session(game, str(data.get("name") or ""), seed, engine.rules_version, records[0], loaded.summary)
        for rec in records[1:]:
            store.insert_action(sid, rec["idx"], rec)
        store.set_status(sid, [r["idx"] for r in records if r["status"] != "done"], "undone")
        for r in records:
            if r["status"] == "dropped":
                store.set_status(sid, [r["idx"]], "dropped")
        store.save_summary(sid, loaded.summary)
    loaded.id = sid
    loaded.meta = store.session(sid)
    return loaded, notes
