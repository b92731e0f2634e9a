"""A record the table can trust: the chained log, the seed commitment and the full re-check.

- Every stored action row carries a link: SHA-256 over the previous row's link and
  the row's own canonical JSON (action, results, status). The chain runs over all
  rows of a session in storage order, whatever their status.
- A seed the referee generated stays secret while the game runs; its commitment
  (`hmac-sha256:` of the seed under a key revealed with it; `sha256:` for older
  sessions, see `referee.model.secret`) is shown instead, and checked once the seed is known.
- `check_history` replays every record *live* at the place it stood (a fresh
  `Chance` with nothing recorded): referee-rolled results are rolled again from
  the seed, typed ones are taken again from the action that carries them, and
  both must equal what was recorded. Undone records must apply after the live
  history; a dropped record where it was played (see `_parents`).

No Click here; the store, sessions and export call it.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass
from typing import Any

from referee.model import registry
from referee.model.errors import RefereeError, StorageError
from referee.model.i18n import _, ngettext
from referee.model.secret import WEAK_NOTE, problem, weak
from referee.record import snapshot
from referee.record.chain import (  # noqa: F401  (the chain's names, read here by older callers)
    ASIDE,
    HEAD_DIGITS,
    KEYED,
    LIVE,
    SEAL_FIELDS,
    Broken,
    canonical,
    canonical_json,
    check_chain,
    commitment,
    digest_problem,
    head_of,
    keyed_parts,
    link,
    link_text,
    origin,
    seal_of,
)
from referee.record.corrections import numbering, rolled_at
from referee.record.protocol import RecordStore
from referee.record.schema import ALL_STATUSES
from referee.record.session import SEEN, cached_summary, drawn_at, load, replay, run


@dataclass
class Checked:
    state: Any  # the state after the live history (the 'done' records)
    done: list[dict]  # the live history's records, with their replayed events


def _same_results(recorded: list, live: list) -> str | None:
    """None when equal, else what differs (first draw)."""
    for i, (a, b) in enumerate(zip(recorded, live, strict=False)):
        if not isinstance(a, dict):
            return f"draw {i + 1} of the record is not a result object"
        label = b.get("label")
        if a.get("label") != label:
            return f"draw {i + 1} is recorded as '{a.get('label')}', the rules draw '{label}' there"
        src = a.get("source", "referee")
        if src != b.get("source"):
            if b.get("source") == "table":
                return f"'{label}' is recorded as rolled by the referee but the action types it"
            return f"'{label}' is recorded as typed at the table but the action does not carry it"
        if a.get("value") != b.get("value"):
            if src == "table":
                return (f"'{label}' is recorded as {json.dumps(a.get('value'), ensure_ascii=False)}, "
                        f"the action says {json.dumps(b.get('value'), ensure_ascii=False)}")
            return (f"'{label}' is recorded as {json.dumps(a.get('value'), ensure_ascii=False)}, "
                    f"the seed rolls {json.dumps(b.get('value'), ensure_ascii=False)}")
    if len(recorded) != len(live):
        return ngettext("the record has {n} random result, the rules draw {m}",
                        "the record has {n} random results, the rules draw {m}", len(recorded)).format(
            n=len(recorded), m=len(live))
    return None


def _apply_live(engine: Any, state: Any, rec: dict, seed: str, ply: int) -> tuple[Any, list]:

    rolled = rolled_at(rec.get("results", [])) if ply else None  # a correction moved it: rolled there
    counter = drawn_at(rec.get("results", [])) if ply else 0  # a strong secret's draw counter
    try:
        new_state, events, results = run(engine, state, rec["action"], seed, ply, None, rolled_at=rolled,
                                         counter=counter)
    except RefereeError as exc:
        raise Broken(rec["idx"], f"({rec['action'].get('verb')}) does not apply where it stands: {exc.message}",
                     exc) from None
    except Exception as exc:
        raise Broken(rec["idx"], f"({rec['action'].get('verb')}) is malformed ({type(exc).__name__}: {exc})") from None
    problem = _same_results(rec.get("results", []), results)
    if problem:
        raise Broken(rec["idx"], problem)
    return new_state, events


def check_history(engine: Any, seed: str, rows: list[dict], illegal_exit: bool = False) -> Checked:
    """Re-derive every record of a session (see the module's note). Raises `Broken`.

    With `illegal_exit` (import), an action the rules refuse is reported as the rules'
    own error (exit 1 for an illegal action, 2 for malformed input) naming its index."""
    try:
        return _check_history(engine, seed, rows)
    except Broken as exc:
        _renumber(exc, rows)
        if illegal_exit and exc.cause is not None and not isinstance(exc.cause, Broken):
            cause = exc.cause
            verb = next((r["action"].get("verb") for r in rows if r["idx"] == exc.index), "?")
            word = " is refused" if cause.exit_code == 1 else ""
            raise type(cause)(f"action {exc.index} ({verb}){word}: {cause.message}", cause.rule) from None
        raise


def _renumber(exc: Broken, rows: list[dict]) -> None:
    """Name a failing live row by its number in `referee log`, not its storage place (they differ
    once an entry was dropped or set aside before it). Other rows keep their stored number, which
    `log --all` shows in brackets."""
    for r, (num, _mark) in zip(rows, numbering(rows), strict=True):
        if r["idx"] == exc.index:
            if r["status"] == "done" and num is not None and num != exc.index:
                exc.message = exc.message.replace(f"action {exc.index}:", f"action {num}:", 1)
                exc.index = num
            return


def _check_history(engine: Any, seed: str, rows: list[dict]) -> Checked:
    if not rows:
        raise Broken(0, "the session has no actions")
    if rows[0]["status"] != "done" or rows[0]["action"].get("verb") != "new":
        raise Broken(0, "the log must start with its 'new' action, live")
    for r in rows:
        if r["status"] not in (*LIVE, "dropped", *ASIDE):
            raise Broken(r["idx"], f"has an unknown status {r['status']!r}")
    # done records first, undone after them (the redo stack), dropped anywhere
    live = [r for r in rows if r["status"] in LIVE]
    seen_undone = False
    for r in live:
        if r["status"] == "undone":
            seen_undone = True
        elif seen_undone:
            raise Broken(r["idx"], "is live after an undone action (only undone actions may follow those)")
    needs_copy = {rows[i]["idx"] for i in range(len(rows) - 1)
                  if rows[i + 1]["status"] in ("dropped", *ASIDE) or rows[i]["status"] == "dropped"}
    for i, r in enumerate(rows):  # an entry set aside is tried after the last row not set aside
        if r["status"] in ASIDE:
            j = i - 1
            while j > 0 and rows[j]["status"] in ASIDE:
                j -= 1
            needs_copy.add(rows[j]["idx"])
    corrected = False  # a correction came before: what was set aside or undone may no longer fit
    state, events = _apply_live(engine, None, rows[0], seed, 0)
    checked_done = [{**rows[0], "events": events}]
    saved: dict[int, Any] = {}
    path = [rows[0]["idx"]]
    if rows[0]["idx"] in needs_copy:
        saved[rows[0]["idx"]] = engine.copy(state)
    prev = rows[0]["idx"]
    last_live = 0  # the position in `path` of its last record that is not dropped
    for rec in rows[1:]:
        lenient = corrected and rec["status"] != "done"
        corrected = corrected or rec.get("changed") is not None
        if rec["status"] in ASIDE:
            _check_aside(engine, seed, rec, path, last_live, saved, state if prev == path[-1] else None,
                         lenient)
            continue
        if rec["status"] in LIVE:
            places = [last_live + 1]
        else:
            places = list(range(len(path), last_live, -1))  # the most recent place first
        first_error: Broken | None = None
        for place in places:
            parent = path[place - 1]
            if parent == prev and len(places) == 1 and parent not in saved:
                base = state
            elif parent in saved:
                base = engine.copy(saved[parent])
            else:  # pragma: no cover - every possible parent was saved
                base = engine.copy(state)
            try:
                new_state, events = _apply_live(engine, base, rec, seed, place)
            except Broken as exc:
                first_error = first_error or exc
                continue
            break
        else:
            assert first_error is not None
            if lenient:  # set aside by a correction before it: kept, sealed by the chain
                continue
            raise first_error
        del path[place:]
        path.append(rec["idx"])
        if rec["status"] in LIVE:
            last_live = place
        state = new_state
        prev = rec["idx"]
        if rec["status"] == "done":
            checked_done.append({**rec, "events": events})
        if rec["idx"] in needs_copy:
            saved[rec["idx"]] = engine.copy(state)
        if len(saved) > 8:
            keep = set(path[last_live:])
            saved = {k: v for k, v in saved.items() if k in keep}
    # the state of the live history: replay it again if the walk ended elsewhere
    done_ids = [r["idx"] for r in checked_done]
    if path[:len(done_ids)] != done_ids:
        raise Broken(done_ids[-1], "the live history is not one line of play")
    if path[-1] != done_ids[-1]:
        state = replay(engine, seed, checked_done)
    return Checked(state, checked_done)


def _check_aside(engine: Any, seed: str, rec: dict, path: list, last_live: int, saved: dict, state: Any,
                 lenient: bool) -> None:
    """A replaced or struck entry applied where it stood before its correction: after the live
    history before it (or a dropped line after that). An entry whose place a later correction
    changed (an earlier action amended, inserted or struck since) cannot be put back where it
    stood and is kept as the chain seals it (`lenient`)."""
    first_error: Broken | None = None
    for place in range(len(path), last_live, -1):
        parent = path[place - 1]
        if parent in saved:
            base = engine.copy(saved[parent])
        elif place == len(path) and state is not None:
            base = engine.copy(state)
        else:
            continue
        try:
            _apply_live(engine, base, rec, seed, place)
            return
        except Broken as exc:
            first_error = first_error or exc
    if first_error is not None and not lenient:
        raise first_error


def seed_problem(seed: str, commitment_text: str) -> str | None:
    return problem(seed, commitment_text)


def seen_problem(rows: list[dict]) -> Broken | None:
    """A `seen` record may only keep face up what the referee drew in an action before it that
    is no longer live (undone, then dropped): else it would lay a thing of someone's choosing."""
    drawn: list[dict] = []
    for r in rows:
        if r["action"].get("verb") == SEEN:
            for thing in r["action"].get("things") or []:
                if thing not in drawn:
                    return Broken(r["idx"], f"its 'seen' record names {thing.get('label')} "
                                            f"{thing.get('value')}, which no undone action drew")
            drawn += list(r["action"].get("things") or [])
        elif r["status"] != "done":
            drawn += [{"label": x.get("label"), "value": x.get("value")} for x in r.get("results") or []
                      if isinstance(x, dict) and x.get("source", "referee") == "referee"]
    return None


def counter_problem(rows: list[dict]) -> Broken | None:
    """A strong secret's draw counter used twice: a roll drawn again (undo is no free peek)."""
    seen: dict[int, int] = {}
    for r in rows:
        at = drawn_at(r.get("results"))
        if at is None:
            continue
        if at in seen:
            return Broken(r["idx"], f"its rolls were drawn at counter {at}, as those of action {seen[at]}: "
                                    "a roll is never drawn twice")
        seen[at] = r["idx"]
    return None


def verify_session(store: RecordStore, sid: str) -> dict:
    """Check one stored session whole: numbering, chain, seed commitment, every record re-derived.

    Returns `{"id", "ok", "actions", "first_bad", "problem"}` (`actions`: the stored records)."""
    out: dict = {"id": sid, "ok": True, "actions": 0, "head": None, "first_bad": None, "problem": None}
    try:
        meta = store.session(sid)
        if meta.get("unverified"):
            out["unverified"] = True
        rows = store.actions(sid, ALL_STATUSES)
        out["actions"] = len(rows)
        out["head"] = head_of(rows[-1]["link"]) if rows else None
        engine = registry.engine(meta["game"])
        check_chain(rows)
        if meta.get("seed_withheld"):  # another table's running game on a club's server
            out["withheld"] = True
            return out
        problem = store.seal_problem(sid, rows) or seed_problem(meta["seed"], meta.get("commitment") or "")
        if problem:
            out.update(ok=False, problem=problem)
            return out
        if not meta.get("seed_public", True) and weak(meta["seed"], meta.get("commitment") or ""):
            out["note"] = WEAK_NOTE  # only then: a finding, exit 0
        for found in (counter_problem(rows), seen_problem(rows)):
            if found is not None:
                raise found
        checked = check_history(engine, meta["seed"], rows)
        problem = (summary_problem(meta["summary"], engine, checked.state) or pushed_problem(store, meta, rows)
                   or snapshot_problem(store, sid, engine, rows, checked))
        if problem:
            out.update(ok=False, problem=problem)
    except Broken as exc:
        out.update(ok=False, first_bad=exc.index, problem=exc.problem)
    except StorageError as exc:
        out.update(ok=False, problem=exc.message)
    return out


def _replayed(engine: Any, meta: dict, rows: list[dict]) -> Any:
    """A session's log checked whole (every link and digest, the seed against its commitment,
    the draw counters, what an undo kept) and replayed from its seed: the replay, or `Broken`."""
    check_chain(rows)
    bad = digest_problem(rows)
    if bad is not None:
        raise Broken(bad, "its events, reason or time were changed outside the referee (its digest does not match)")
    problem = seed_problem(meta["seed"], meta.get("commitment") or "")
    if problem:
        raise Broken(0, problem)
    for found in (counter_problem(rows), seen_problem(rows)):
        if found is not None:
            raise found
    return check_history(engine, meta["seed"], rows)


def end_check(store: Any, sid: str, summary: dict) -> None:
    """A game that ends (inside the write that ends it, its last row stored): every row's link and
    digest, the seed against its commitment, every record re-derived from the seed, and the
    summary about to be sealed against the replay's. A StorageError (exit 3, nothing written) if
    anything fails; else the session is sealed with the checked mark."""

    meta = store.session(sid)
    rows = store.actions(sid, ALL_STATUSES)
    engine = registry.engine(meta["game"])
    try:
        checked = _replayed(engine, meta, rows)
        problem = summary_problem(summary, engine, checked.state)
        if problem:
            raise Broken(len(rows) - 1, problem)
    except Broken as exc:
        raise StorageError(f"session '{sid}' fails its full check as its game ends, at {exc.message}; it was "
                           f"edited outside the referee (see `referee verify {sid}`); nothing was written") from None
    store._checked.add(sid)


def full_problem(store: Any, sid: str) -> str | None:
    """None when the session's seal carries the checked mark (checked in full when its game ended,
    at the head it seals); else the session is checked in full now (`verify_session`): what fails,
    or None. What `stats`, standings, `push`, `export` and `report` ask before they count or show
    a finished game (its seal itself checked by them)."""
    if store.checked_mark(sid):
        return None
    report = verify_session(store, sid)
    if report["ok"]:
        return None
    where = f"at action {report['first_bad']}: " if report.get("first_bad") is not None else ""
    return f"{where}{report['problem']}"


def reseal_session(store: Any, sid: str) -> dict:
    """`verify --reseal`: a session whose seal this key cannot prove (made with another key: a lost
    key file, a store from another machine; or made without a key) is checked whole from its log
    (every link and digest, the session row's record of its end, the seed against its commitment,
    every result rolled again, the summary) and, when all of that holds, sealed again with this
    key (and the checked mark). Its kept state (snapshot) is dropped: the next command replays the
    log and keeps it anew. A seal made with this key that fails is an edit, and is never resealed.
    Returns a report shaped as `verify_session`'s, with `resealed`."""
    out: dict = {"id": sid, "ok": False, "actions": 0, "head": None, "first_bad": None, "problem": None,
                 "resealed": False}
    try:
        with store.write():
            fields = store._seal_fields(sid)
            if fields is None:
                raise StorageError(f"no session '{sid}'")
            parts = keyed_parts(str(fields["_seal"]))
            if parts is not None and parts[0] and store.mac("probe").partition(":")[0] == parts[0]:
                problem = store.seal_problem(sid)
                if problem is None:
                    out.update(ok=True)  # sealed with this key and intact: nothing to do
                    return out
                raise StorageError(f"{problem}; it was sealed with this referee's key, so the change was made since:"
                                   " it is not sealed again")
            meta = store.session(sid)
            rows = store.actions(sid, ALL_STATUSES)
            out["actions"], out["head"] = len(rows), (head_of(rows[-1]["link"]) if rows else None)
            end = (len(rows), rows[-1]["link"] if rows else "", rows[-1]["digest"] if rows else "")
            if (fields["_length"], fields["_head"], fields["_digest"]) != end:
                raise StorageError("the session row does not record the end of its log")
            engine = registry.engine(meta["game"])
            checked = _replayed(engine, meta, rows)
            problem = summary_problem(meta["summary"], engine, checked.state)
            if problem:
                raise StorageError(problem)
            snapshot.drop(store, sid)
            store._dirty.add(sid)
            store._checked.add(sid)
        out.update(ok=True, resealed=True)
    except Broken as exc:
        out.update(first_bad=exc.index, problem=exc.problem)
    except StorageError as exc:
        out.update(problem=exc.message)
    return out


def reseal_leagues(store: Any) -> list[str]:
    """`verify --all --reseal`: every league sealed with another key (or none) sealed again with this
    one, as it stands (its members' sessions are each checked on their own); a league whose seal of
    this key fails is an edit and stays failing. Returns the names sealed again."""
    ours = (store.mac("probe") or "").partition(":")[0]
    done = []
    with store.write():
        for name in store.leagues():
            seal = store.db.execute("SELECT seal FROM leagues WHERE name = ?", (name,)).fetchone()[0] or ""
            if store.league_problem(name) and not seal.startswith(f"{KEYED}{ours}:"):
                store.reseal_league(name)
                done.append(name)
    return done


def store_problems(store: Any, reports: list[dict]) -> list[dict]:
    """What `verify --all` checks beyond each session: every league's seal, and no two sessions
    holding one game (the same origin, or the same head: a game copied under another id, counted
    twice). Returns reports shaped as `verify_session`'s, the failing ones only."""
    out: list[dict] = []
    for name in store.leagues():
        problem = store.league_problem(name)
        if problem:
            out.append({"id": f"league {name}", "ok": False, "actions": 0, "head": None, "first_bad": None,
                        "problem": problem})
    by_origin: dict[str, list[str]] = {}
    by_head: dict[str, list[str]] = {}
    for meta in store.sessions(include_over=True):
        first = store.actions(meta["id"], ALL_STATUSES)[:1]
        if not first:
            continue
        by_origin.setdefault(origin(meta, first), []).append(meta["id"])
        if meta.get("head"):
            by_head.setdefault(meta["head"], []).append(meta["id"])
    said = set()
    for what, groups in (("origin", by_origin), ("head", by_head)):
        for ids in groups.values():
            if len(ids) > 1 and tuple(ids) not in said:
                said.add(tuple(ids))
                out.append({"id": ids[0], "ok": False, "actions": 0, "head": None, "first_bad": None,
                            "problem": f"sessions {', '.join(sorted(ids))} hold one game (the same {what}): a copy "
                                       "under another id, which `stats` and standings would count twice; delete all "
                                       "but one (`referee sessions delete ID`)"})
    return out


def load_checked(store: RecordStore, sid: str) -> Any:
    """`load(full=True)`, and a finished game must carry its checked mark or pass the full check
    now (replayed from its seed: `integrity.full_problem`) before it is shown (export, report):
    a StorageError (exit 3) naming what fails."""
    loaded = load(store, sid, full=True)
    if loaded.meta.get("status") == "over":
        problem = full_problem(store, sid)
        if problem:
            raise StorageError(_("session '{sid}' fails its full check: {problem} (see `referee verify "
                                 "{sid}`)").format(sid=sid, problem=problem))
    return loaded


def snapshot_problem(store: Any, sid: str, engine: Any, rows: list[dict], checked: Checked) -> str | None:
    """The kept state after the head (`referee.record.snapshot`) against the full replay."""
    return snapshot.problem(store, snapshot.read(store, sid), sid, engine, rows, checked.state, len(checked.done))


def head_problem(rows: list[dict], given: str) -> str | None:
    """The record must end at the head `given` (16 to 64 hex digits, as written down): None when
    it does, else where that head is in the record, if anywhere."""
    given = given.lower()
    have = rows[-1]["link"] if rows else ""
    if have.startswith(given):
        return None
    at = next((i for i, r in enumerate(rows) if str(r.get("link", "")).startswith(given)), None)
    if at is not None:
        return (f"the record does not end at head {given}: that is the head after action {at}, and "
                + ngettext("{n} more action row follows it", "{n} more action rows follow it", len(rows) - 1 - at)
                .format(n=len(rows) - 1 - at) + f" (the record now ends at {head_of(have)})")
    return (f"the record does not end at head {given} and never passed through it (it ends at "
            f"{head_of(have)}): its history differs from the one that head was taken from")


def summary_problem(stored: Any, engine: Any, state: Any) -> str | None:
    """The cached summary against the one the replay gives (its `details` when it keeps them)."""
    replayed = json.loads(canonical_json(cached_summary(engine, state)))
    if not isinstance(stored, dict):
        return "its cached summary is not an object"
    if "details" not in stored:
        replayed.pop("details", None)
    if "note" not in stored:  # a summary cached before games could add a note (Kleos' Isles)
        replayed.pop("note", None)
    if json.loads(canonical_json(stored)) != replayed:
        keys = sorted(k for k in set(stored) | set(replayed) if stored.get(k) != replayed.get(k))
        return (f"its cached summary differs from the one its actions give (in {', '.join(keys)}): "
                "the summary was changed outside the referee")
    return None


def pushed_problem(store: RecordStore, meta: dict, rows: list[dict]) -> str | None:
    """Every head this store received by `push` for the session must still be in its chain."""

    for length, head, when in store.pushed_heads(origin(meta, rows)):
        have = rows[length - 1]["link"] if 0 < length <= len(rows) else None
        if have != head:
            day = _dt.datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M")
            now = f"is {head_of(have)}" if have else "is not there"
            return (f"its history was rewritten: head {head_of(head)} was pushed here for action "
                    f"{length - 1} on {day}; that action's link now {now}")
    return None
