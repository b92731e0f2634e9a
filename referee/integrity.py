"""A record the table can trust: the chained log, the seed commitment and the full re-check.

- Every stored action row carries a link: SHA-256 over the previous row's link and
  the row's own canonical JSON (action, results, status). The chain runs over all
  rows of a session in storage order, whatever their status.
- A seed the referee generated stays secret while the game runs; its commitment
  (`sha256:` of the seed) is shown instead, and checked once the seed is known.
- `check_history` replays every record *live* at the place it stood (a fresh
  `Chance` with nothing recorded): referee-rolled results are rolled again from
  the seed, typed ones are taken again from the action that carries them, and
  both must equal what was recorded. Undone records must apply after the live
  history; a dropped record where it was played (see `_parents`).

No Click here; the store, sessions and export call it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from referee.errors import RefereeError

LIVE = ("done", "undone")
ASIDE = ("replaced", "struck")  # kept with a reason by a correction; not part of any history


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(action: Any, results: Any, status: str) -> str:
    """The canonical JSON of a row: `{"action":...,"results":...,"status":...}`, keys sorted, compact."""
    return canonical_json({"action": action, "results": results, "status": status})


def link_text(prev: str, action_text: str, results_text: str, status: str) -> str:
    """The link from the canonical texts of the action and results (what the store keeps).

    Equal to `link(...)`: with sorted keys, the canonical JSON of the row is those texts
    put in place, so a stored row need not be parsed and written again to be checked."""
    quoted = f'"{status}"' if status.isalpha() and status.isascii() else canonical_json(status)
    text = f'{prev}{{"action":{action_text},"results":{results_text},"status":{quoted}}}'
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def link(prev: str, action: Any, results: Any, status: str) -> str:
    return link_text(prev, canonical_json(action), canonical_json(results), status)


def commitment(seed: str) -> str:
    return "sha256:" + hashlib.sha256(str(seed).encode("utf-8", "surrogatepass")).hexdigest()


class Broken(RefereeError):
    """A record that fails its check: `index` is its number in the log."""

    exit_code = 3
    kind = "storage"

    def __init__(self, index: int, problem: str, cause: RefereeError | None = None) -> None:
        super().__init__(f"action {index}: {problem}")
        self.index = index
        self.problem = problem
        self.cause = cause  # the rules' own refusal, when that is what failed


def check_chain(rows: list[dict], check_links: bool = True) -> None:
    """Numbering 0..n-1 in order and (with `check_links`) every link; raises `Broken` at the first bad row."""
    prev = ""
    for pos, row in enumerate(rows):
        if row["idx"] != pos:
            if row["idx"] > pos:
                raise Broken(pos, f"is missing (the next stored action is {row['idx']})")
            raise Broken(row["idx"], "appears twice or out of order")
        if not check_links:
            continue
        if "action_text" in row:
            expected = link_text(prev, row["action_text"], row["results_text"], row["status"])
        else:
            expected = link(prev, row["action"], row["results"], row["status"])
        if row.get("link") != expected:
            raise Broken(pos, "its chain link does not match its content or the action before it "
                              "(the row was changed, removed, moved or its status edited)")
        prev = expected


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
        return f"the record has {len(recorded)} random result(s), the rules draw {len(live)}"
    return None


def _apply_live(engine: Any, state: Any, rec: dict, seed: str, ply: int) -> tuple[Any, list]:
    from referee.corrections import rolled_at
    from referee.session import run

    rolled = rolled_at(rec.get("results", [])) if ply else None  # a correction moved it: rolled there
    try:
        new_state, events, results = run(engine, state, rec["action"], seed, ply, None, rolled_at=rolled)
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
    from referee.corrections import numbering

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
        from referee.session import replay

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
    if commitment_text and commitment(seed) != commitment_text:
        return "the seed does not match the commitment printed when the session started"
    return None


def verify_session(store: Any, sid: str) -> dict:
    """Check one stored session whole: numbering, chain, seed commitment, every record re-derived.

    Returns `{"id", "ok", "actions", "first_bad", "problem"}` (`actions`: the stored records)."""
    from referee import registry
    from referee.errors import StorageError
    from referee.store import ALL_STATUSES

    out: dict = {"id": sid, "ok": True, "actions": 0, "first_bad": None, "problem": None}
    try:
        meta = store.session(sid)
        rows = store.actions(sid, ALL_STATUSES)
        out["actions"] = len(rows)
        engine = registry.engine(meta["game"])
        check_chain(rows)
        if meta.get("seed_withheld"):  # another table's running game on a club's server
            out["withheld"] = True
            return out
        problem = seed_problem(meta["seed"], meta.get("commitment") or "")
        if problem:
            out.update(ok=False, problem=problem)
            return out
        check_history(engine, meta["seed"], rows)
    except Broken as exc:
        out.update(ok=False, first_bad=exc.index, problem=exc.problem)
    except StorageError as exc:
        out.update(ok=False, problem=exc.message)
    return out
