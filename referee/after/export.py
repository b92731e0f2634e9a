"""A session's record in four formats, and the import that rebuilds one from JSON.

The JSON export is the game record (like PGN): format and rules versions, the
seed, every action with its recorded random results and where they came from,
undone actions too, so `referee import` gives back an equal session.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import stat
import tempfile
from pathlib import Path

from referee import __version__
from referee.after.standings import chat_lines, deciding, standings, verdict
from referee.model import registry, view
from referee.model import text as texts
from referee.model.errors import InputError, StorageError
from referee.model.i18n import _, ngettext, pgettext
from referee.model.status import status_line
from referee.model.text import shown
from referee.record import session
from referee.record.chain import legacy_origin
from referee.record.protocol import RecordStore
from referee.record.store import ALL_STATUSES

FORMAT = "referee-log"
FORMAT_VERSION = 1
FORMATS = ("json", "jsonl", "csv", "md", "summary")


def _history(store: RecordStore, sid: str) -> list[dict]:
    return store.actions(sid, ALL_STATUSES)


def _record_json(rec: dict) -> dict:
    out = {"index": rec["idx"], "status": rec["status"], "action": rec["action"],
           "results": rec["results"], "rules": rec["rules"], "created": rec.get("created"),
           "link": rec.get("link", "")}
    if rec.get("reason") is not None or rec.get("changed") is not None:
        out.update(reason=rec.get("reason"), changed=rec.get("changed"))
    return out


def header(loaded: session.Loaded, reveal_seed: bool = False) -> dict:
    """The export's first fields. The seed is there when it may be shown (given with `--seed`,
    or the game is over) or when the user reveals it; the commitment always."""
    meta = loaded.meta
    if reveal_seed and meta.get("seed_withheld"):  # a club's server keeps another table's seed from this role
        raise StorageError(f"the seed of {loaded.id} is withheld from this role until the game is over (it is "
                           "another table's running game); nothing was exported")
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "referee_version": __version__,
        "game": loaded.game,
        "rules_version": loaded.engine.rules_version,
        "session": loaded.id,
        "name": meta.get("name", ""),
        "seed": loaded.seed if reveal_seed else session.seed_shown(meta),
        "commitment": meta.get("commitment") or "",
        "created": meta.get("created"),
        "updated": meta.get("updated"),
        "head": loaded.head,
    }


def to_json(store: RecordStore, sid: str, reveal_seed: bool = False, viewer: str | None = None) -> dict:
    from referee.record.integrity import load_checked

    loaded = load_checked(store, sid).seen_by(viewer)  # an export reads and checks the whole log
    history = _kept_out(loaded, _history(store, sid), reveal_seed)
    return {**header(loaded, reveal_seed), "actions": [_record_json(r) for r in history],
            "final": _final(loaded, history)}


def _kept_out(loaded: session.Loaded, history: list[dict], reveal_seed: bool) -> list[dict]:
    """The records as an export meant for another store carries them: whole when the seed goes
    with them (a public seed, `--reveal-seed`, the game over: every draw can be worked out
    anyway), else with what only one seat may see kept out, as the seed is (an import of it is
    refused until the game is over or the seed revealed)."""
    if reveal_seed or session.seed_shown(loaded.meta) is not None:
        return history
    return [view.record(loaded.engine, r, loaded.viewer) for r in history]


def _seen(loaded: session.Loaded, history: list[dict]) -> list[dict]:
    """The records as people read them while the game runs: the viewer's view (the table's)."""
    over = loaded.engine.is_over(loaded.state)
    return [view.record(loaded.engine, r, loaded.viewer, over) for r in history]


def _final(loaded: session.Loaded, history: list[dict]) -> dict:
    """The export's last block: what the actions give (summary, result details), how many rows, the head."""
    final = {"summary": loaded.summary, "length": len(history), "head": loaded.head}
    if "details" in loaded.stored_summary:
        final["details"] = loaded.stored_summary["details"]
    return final


def results_text(results: list[dict], short: bool = False) -> str:
    """Random results as `label=value (source)`; `short` abbreviates long ones (a shuffled deck)."""
    parts = []
    for r in results:
        value = r.get("value")
        faces = isinstance(value, list) and all(isinstance(v, str) and len(v) == 1 for v in value)
        if isinstance(value, list) and faces and not any(v.isdigit() for v in value):  # realms: listed
            shown = "".join(value)
        else:
            shown = json.dumps(value, ensure_ascii=False)
        if short and len(shown) > 40:
            shown = f"[{len(value)} items]" if isinstance(value, list) else shown[:37] + "..."
        parts.append(f"{_result_label(str(r.get('label')))}={_result_value(value, shown)} ({_(str(r.get('source')))})")
    return "; ".join(parts)


def _result_label(label: str) -> str:
    """`tile a3` -> `tuile a3` in French (a label's first word; other words stay as they are)."""
    word, sep, rest = label.partition(" ")
    return pgettext("result", word) + sep + rest


def _result_value(value: object, shown: str) -> str:
    """A drawn tile in the table's words (`"lilypad"` -> `"nénuphar"`); anything else as shown."""
    if not isinstance(value, str):
        return shown
    said = pgettext("tile", value)
    if said == value and value[:-1] == "male" and value[-1:].isdigit():
        said = pgettext("tile", "male{n}").format(n=value[-1])
    return shown if said == value else json.dumps(said, ensure_ascii=False)


def render(store: RecordStore, sid: str, fmt: str, reveal_seed: bool = False, viewer: str | None = None) -> str:
    """The export as text in `fmt`, as `viewer` may read it (None: the table; see `view`)."""
    if fmt not in FORMATS:
        raise InputError(_("unknown format '{format}' (formats: {formats})").format(format=fmt, formats=", ".join(FORMATS)))
    if fmt == "json":
        return json.dumps(to_json(store, sid, reveal_seed, viewer), ensure_ascii=False, indent=2) + "\n"
    from referee.record.integrity import load_checked

    loaded = load_checked(store, sid).seen_by(viewer)  # an export reads and checks the whole log
    history = _history(store, sid)
    if fmt == "jsonl":
        history = _kept_out(loaded, history, reveal_seed)
        lines = [json.dumps({**header(loaded, reveal_seed), "kind": "header"}, ensure_ascii=False)]
        lines += [json.dumps({"kind": "action", **_record_json(r)}, ensure_ascii=False) for r in history]
        lines.append(json.dumps({"kind": "final", **_final(loaded, history)}, ensure_ascii=False))
        return "\n".join(lines) + "\n"
    if fmt == "csv":  # for spreadsheets: the played actions, flat columns, scores after each
        from referee.after.records import csv_text

        return shown(csv_text(loaded))
    if fmt == "summary":
        return shown(_chat(loaded))
    return shown(_markdown(loaded, _seen(loaded, history)))


def _chat(loaded: session.Loaded) -> str:
    """A few plain lines for a group chat (winner, scores, how it ended, length, date)."""
    when = _dt.datetime.fromtimestamp(loaded.meta.get("updated") or 0).strftime("%Y-%m-%d")
    lines = chat_lines(loaded.engine.title, loaded.id, loaded.meta.get("name", ""), _summary(loaded),
                       loaded.engine.turn_word, len(loaded.records) - 1, when)
    lines.append(_("Head of the record: {head}").format(head=loaded.head))
    return "\n".join(lines) + "\n"


def _markdown(loaded: session.Loaded, history: list[dict]) -> str:
    summary = _summary(loaded)
    out = [f"# {loaded.engine.title} — {_('session')} {loaded.id}", ""]
    if loaded.meta.get("name"):
        out += [f"*{loaded.meta['name']}*", ""]
    shown = session.seed_shown(loaded.meta)
    seed_line = (_("- Seed: `{seed}`").format(seed=shown) if shown is not None
                 else _("- Seed commitment: `{commitment}`").format(commitment=loaded.meta.get("commitment")))
    out += [seed_line, _("- Head of the record: `{head}`").format(head=loaded.head),
            _("- Rules version: {version}").format(version=loaded.engine.rules_version),
            _("- Status: {status}").format(status=status_line(summary, loaded.engine.turn_word)), ""]
    rows = standings(summary)
    players = summary.get("players", [])
    # extra scalar keys of the player entries (Cerebria's bliss/gloom, a Kleos god) get columns
    scalar = (str, int, float, bool, type(None))
    extra = [k for k in dict.fromkeys(k for p in players for k in p)
             if k not in ("name", "score") and all(isinstance(p.get(k), scalar) for p in players)]
    head = ["place", "player", *(["score"] if any(r["score"] is not None for r in rows) else []), *extra]
    out += [_("## Standings"), "", f"**{verdict(summary)}**", "", "| " + " | ".join(_(h) for h in head) + " |",
            "|---" * len(head) + "|"]
    for r in rows:
        cells = [r["place"], r["name"], *([r["score"]] if "score" in head else []), *(r["player"].get(k) for k in extra)]
        out.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    numbers = deciding(summary)
    if numbers:
        out += ["", _("## Deciding numbers"), "", *[f"- {line}" for line in numbers]]
    out += ["", _("## Log"), "", "| # | " + " | ".join(_(h) for h in ("action", "dice and draws", "what happened"))
            + " |", "|---|---|---|---|"]
    for r in history:
        mark = "" if r["status"] == "done" else f" *({_(r['status'])})*"
        what = " ".join(e.get("text", "") for e in r["events"])
        cells = [str(r["idx"]), loaded.engine.describe(r["action"]) + mark, results_text(r["results"], short=True), what]
        out.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
    out += ["", _("## The table now"), "", "```", loaded.engine.render(loaded.shown_state), "```", ""]
    return "\n".join(out)


def _summary(loaded: session.Loaded) -> dict:
    """The summary a report of the game shows: the stored one (with what decided a finished
    game), as the viewer may see it while the game runs."""
    return loaded.stored_summary if loaded.engine.is_over(loaded.state) else loaded.summary


def _cell(value: object) -> str:
    """A standings cell: yes/no and colours in the table's language."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return pgettext("colour", value) if isinstance(value, str) else str(value)


def write_atomic(path: str | os.PathLike, text: str, force: bool = False) -> Path:
    """Write `text` to `path` through a temporary file and a rename; never clobber without force.

    Only a regular file is ever written: a folder, device, FIFO or socket is refused even with
    force. A symbolic link counts as existing and is never written through: with force the link
    itself is replaced by the new file (its target is left as it was). The file is created
    readable by its owner only (0600)."""
    target = Path(path)
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise InputError(_("the file name {name}... is too long for this system; choose a shorter one").format(
                name=str(target)[:60])) from None
        if exc.errno == errno.ENOTDIR:
            raise InputError(_("{path} is not a folder").format(path=target.parent)) from None
        raise StorageError(_("cannot write {path}: {why}").format(path=target, why=exc.strerror)) from None
    if info is not None:
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise InputError(_("{path} is a folder; give a file name").format(path=target))
        if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
            kind = (_("a FIFO (named pipe)") if stat.S_ISFIFO(mode) else _("a socket") if stat.S_ISSOCK(mode)
                    else _("a device") if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else _("not a regular file"))
            raise InputError(_("{path} is {kind}; an export is written only to a regular file (use -o - for "
                               "standard output)").format(path=target, kind=kind))
        if stat.S_ISLNK(mode):  # replaced (with --force) only when it leads to a regular file or nowhere
            try:
                followed = os.stat(target).st_mode
            except OSError:
                followed = None
            if (followed is not None and not stat.S_ISREG(followed)) or \
                    os.path.realpath(target).startswith(("/dev/", "/proc/")):
                raise InputError(_("{path} is a symbolic link to something that is not a regular file; an export "
                                   "replaces only a regular file (use -o - for standard output)").format(path=target))
        if not force:
            said = (_("{path} exists as a symbolic link; use --force to replace it") if stat.S_ISLNK(mode)
                    else _("{path} exists; use --force to replace it"))
            raise InputError(said.format(path=target))
    if len(target.name.encode("utf-8", "surrogateescape")) > 255:
        raise InputError(_("the file name {name}... is too long for this system; choose a shorter one").format(
            name=target.name[:60]))
    parent = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".referee-", suffix=".tmp", dir=parent)
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise InputError(_("the path {name}... is too long for this system; choose a shorter one").format(
                name=str(target)[:60])) from None
        raise StorageError(_("cannot write in {path}: {why}").format(path=parent, why=exc.strerror)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)  # a rename replaces a symbolic link itself, never its target
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        if exc.errno == errno.ENOSPC:
            raise StorageError(_("the disk is full: {path} was not written; free some space and try again").format(
                path=target)) from None
        raise StorageError(_("cannot write {path}: {why}").format(path=target, why=exc.strerror or exc)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


# -- import --------------------------------------------------------------------------

MAX_FILE_CHARS = 20_000_000  # 20 MB of text
MAX_ACTIONS = 100_000
MAX_NAME = texts.MAX_NAME  # a session or player name: the same limit as at the table
MAX_SEED = 20_000  # a seed text: one secret (129 characters) and one more each time the game was reopened
MAX_TEXT = 2_000  # any other text inside an action or a result
MAX_DEPTH = 20


def _check_sizes(value: object, where: str, depth: int = 0) -> None:
    if depth > MAX_DEPTH:
        raise InputError(f"{where} is nested deeper than the limit of {MAX_DEPTH} levels")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise InputError(f"{where} holds a text of {len(value)} characters, over the limit of {MAX_TEXT}")
    elif isinstance(value, dict):
        for k, v in value.items():
            _check_sizes(k, where, depth + 1)
            _check_sizes(v, where, depth + 1)
    elif isinstance(value, list):
        for v in value:
            _check_sizes(v, where, depth + 1)


_names = texts.player_names


def parse(text: str) -> dict:
    """Read a JSON export (or a JSONL one) into the JSON export's shape, checking its form and sizes."""
    if len(text) > MAX_FILE_CHARS:
        raise InputError(_("the file is larger than the limit of {n} MB for an export").format(n=MAX_FILE_CHARS // 1_000_000))
    text = text.lstrip("\ufeff")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = _parse_jsonl(text)
    except RecursionError:
        raise InputError(_("the file is nested deeper than the limit of {n} levels").format(n=MAX_DEPTH)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(_("not a referee export (expected a JSON object with \"format\": \"referee-log\")"))
    if not isinstance(data.get("format_version"), int) or data["format_version"] > FORMAT_VERSION:
        raise InputError(_("export format version {given} is not one this referee reads ({version})").format(
            given=repr(data.get("format_version")), version=FORMAT_VERSION))
    if data.get("game") not in registry.names():
        raise InputError(_("unknown game {game} in the export").format(game=repr(data.get("game"))))
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        raise InputError(_("the export has no actions"))
    if len(actions) > MAX_ACTIONS:
        raise InputError(_("the export has {n} actions, over the limit of {limit}").format(n=len(actions), limit=MAX_ACTIONS))
    name = data.get("name") or ""
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise InputError(f"the session name is not a text of at most {MAX_NAME} characters (the limit for a name)")
    for i, rec in enumerate(actions):
        if not isinstance(rec, dict) or not isinstance(rec.get("action"), dict) or not isinstance(rec["action"].get("verb"), str):
            raise InputError(f"action {i} of the export is not an object with an action and its verb")
        if not isinstance(rec.get("results", []), list):
            raise InputError(f"action {i} of the export has results that are not a list")
        if rec.get("status", "done") not in ("done", "undone", "dropped", "replaced", "struck"):
            raise InputError(f"action {i} of the export has an unknown status {rec.get('status')!r}")
        if rec.get("index", i) != i:
            raise StorageError(f"action {i} of the export is numbered {rec.get('index')!r}: "
                             f"the actions must be numbered 0, 1, 2... in order")
        _check_sizes(rec.get("action"), f"action {i} of the export")
        _check_sizes(rec.get("results", []), f"action {i} of the export")
        if rec["action"].get("verb") == "new":
            for who in _names(rec["action"]):
                if len(who) > MAX_NAME:
                    raise InputError(f"action {i} of the export has a player name of {len(who)} characters, "
                                     f"over the limit of {MAX_NAME} for a name")
        texts.check_texts(rec["action"], f"action {i} of the export")
        if rec["action"].get("verb") == "new":
            texts.check_new({k: v for k, v in rec["action"].items() if k != "verb"}, name)
    seed = data.get("seed")
    if seed is None and data.get("commitment"):
        raise InputError(_("the export keeps its seed secret (a running game): its referee rolls cannot be "
                           "re-checked. Export it again with --reveal-seed, or once the game is over"))
    if not isinstance(seed, (str, int)) or isinstance(seed, bool):
        raise InputError(_("the export has no seed"))
    if len(str(seed)) > MAX_SEED:
        raise InputError(f"the export's seed is longer than the limit of {MAX_SEED} characters")
    return data


def _parse_jsonl(text: str) -> dict:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    try:
        rows = [json.loads(ln) for ln in lines]
    except json.JSONDecodeError as exc:
        raise InputError(_("not JSON: {why} at line {line}").format(why=exc.msg, line=exc.lineno)) from None
    if not rows or not isinstance(rows[0], dict) or rows[0].get("kind") != "header":
        raise InputError(_("not a referee export (no JSON object or JSONL header)"))
    head = {k: v for k, v in rows[0].items() if k != "kind"}
    head["actions"] = [{k: v for k, v in r.items() if k != "kind"} for r in rows[1:]
                       if isinstance(r, dict) and r.get("kind") != "final"]
    finals = [r for r in rows[1:] if isinstance(r, dict) and r.get("kind") == "final"]
    if finals:
        head["final"] = {k: v for k, v in finals[-1].items() if k != "kind"}
    return head


def _text_or_none(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError("a correction's reason in the export is not a text")
    return value


def _time_or_none(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError("a correction's time in the export is not a number")
    return float(value)


def _unproved(data: dict, rows: list[dict]) -> str | None:
    """What keeps an export from proving itself: links, the final block, its length and head."""
    if not all(r["link"] for r in rows):
        first = next(i for i, r in enumerate(rows) if not r["link"])
        return f"action {first} carries no chain link"
    final = data.get("final")
    length = final.get("length") if isinstance(final, dict) else None
    if length is not None and length != len(rows):
        counted = ngettext("{n} action row", "{n} action rows", length if isinstance(length, int) else 2).format(n=length)
        return f"its 'final' block counts {counted}, the file holds {len(rows)}: it was cut short"
    head = (final.get("head") if isinstance(final, dict) else None) or data.get("head")
    if head is not None and not (isinstance(head, str) and rows[-1]["link"].startswith(head) and head):
        return f"its last action's link does not end at its head {str(head)[:20]}: it was cut short or edited"
    if not isinstance(final, dict) or "summary" not in final:
        return "it has no 'final' block (the summary its actions give)"
    return None


def _already_stored(store: RecordStore, game: str, meta: dict, rows: list[dict]) -> str | None:
    """The id of a session in the store with the same origin (the same game, pushed or imported)."""
    from referee.record.push import origin

    key = origin(meta, rows)
    for one in dict.fromkeys((key, legacy_origin(meta, rows))):  # as stored before origins left the times out
        found = store.find_origin(one)
        if found:
            return found
    for other in store.sessions(game, include_over=True):
        if other["commitment"] != meta["commitment"]:
            continue
        if rows and other.get("head") == rows[-1]["link"]:  # the same whole chain, whatever its times say
            return other["id"]
        if not other.get("origin"):
            first = store.actions(other["id"])[:1]
            if first and origin(other, first) == key:
                return other["id"]
    return None


def import_session(store: RecordStore, data: dict, unverified: bool = False,
                   copy: bool = False) -> tuple[session.Loaded, list[str]]:
    """Re-check every record of an export and store it as a session.

    Every record is replayed live where it stood (the live history in order, undone
    records after it, dropped ones where they were played): results the referee
    rolled are rolled again from the seed, typed ones are taken again from the
    action. An action the rules refuse stops the import with exit 1 (its index and
    rule); a record that does not match (edited results, links, final summary)
    with exit 3. Nothing is stored then.

    The file must prove itself (every link, its final block, its length and head) unless
    `unverified`: it is then stored marked as an unverified copy, which `verify` says.
    A session already in the store (the same origin) is refused unless `copy`: it is then
    stored again as a separate copy. The import keeps the times and result details.
    """
    from referee.record.integrity import (
        Broken,
        check_chain,
        check_history,
        commitment,
        seed_problem,
    )
    from referee.record.push import origin

    notes: list[str] = []
    game = data["game"]
    engine = registry.engine(game)
    if str(data.get("rules_version")) != engine.rules_version:
        notes.append(f"the export was written under rules version {data.get('rules_version')}, this referee has {engine.rules_version}")
    seed = str(data["seed"])
    rows = [{"idx": i, "action": r["action"], "results": r.get("results", []), "events": [],
             "rules": str(r.get("rules", engine.rules_version)), "status": r.get("status", "done"),
             "link": r.get("link"), "reason": _text_or_none(r.get("reason")), "changed": _time_or_none(r.get("changed"))}
            for i, r in enumerate(data["actions"])]
    for r, raw in zip(rows, data["actions"], strict=True):
        r["created"] = _time_or_none(raw.get("created"))
    if rows[0]["status"] != "done" or rows[0]["action"].get("verb") != "new":
        raise InputError("the export's first action must be its 'new' action")
    unproved = _unproved(data, rows)
    try:
        problem = seed_problem(seed, str(data.get("commitment") or ""))
        if problem:
            raise Broken(0, problem)
        # the chain, where the file carries links (actions added by hand at its end carry none)
        linked = 0
        while linked < len(rows) and rows[linked]["link"]:
            linked += 1
        if any(r["link"] for r in rows[linked:]):
            raise Broken(linked, "has no chain link, though later actions do")
        check_chain(rows[:linked])
        checked = check_history(engine, seed, rows, illegal_exit=True)
    except Broken as exc:
        raise StorageError(_("the export is refused at {where}; it was edited after it was written").format(
            where=exc.message)) from None
    if unproved and not unverified:  # after the re-check, so an edit is named at its action first
        raise StorageError(_("the export cannot prove itself: {why}. `referee import --unverified` keeps it as an "
                             "unverified copy (every action is still re-checked)").format(why=unproved))
    if unproved:
        notes.append(f"stored as an unverified copy ({unproved}); `referee verify` says so")
    loaded = session.Loaded(None, game, seed, engine, checked.done, checked.state)
    final = data.get("final")
    if isinstance(final, dict) and "summary" in final and \
            json.loads(json.dumps(final["summary"])) != json.loads(json.dumps(loaded.summary)):
        raise StorageError("the export is refused: its 'final' summary differs from the one its actions give "
                               "(it was edited after it was written)")
    stored_summary = loaded.stored_summary
    if isinstance(final, dict) and "details" in final and \
            json.loads(json.dumps(final["details"])) != json.loads(json.dumps(stored_summary.get("details"))):
        raise StorageError("the export is refused: its 'final' result details differ from the ones its actions give "
                           "(it was edited after it was written)")
    events = {r["idx"]: r["events"] for r in checked.done}
    for r in rows:
        r["events"] = events.get(r["idx"], [])
    created = _time_or_none(data.get("created"))
    meta = {"created": created if created is not None else 0.0, "commitment": commitment(seed)}
    key = origin(meta, rows) if created is not None and not unproved else ""
    with store.write():
        there = _already_stored(store, game, meta, rows) if key else None
        if there is not None and not copy:
            raise StorageError(_("this game is in the store already, as session {sid} (the same record): it was "
                                 "not imported again; `referee import --copy` stores a second copy").format(sid=there))
        sid = store.create_session(game, str(data.get("name") or ""), seed, engine.rules_version, rows[0],
                                   stored_summary, commitment=commitment(seed), seed_public=True,
                                   created=None if copy or not key else created, origin="" if copy else key,
                                   unverified=bool(unproved))
        store.rewrite_tail(sid, 0, rows)
        store.save_summary(sid, stored_summary)
    loaded.id = sid
    loaded.meta = store.session(sid)
    return loaded, notes
