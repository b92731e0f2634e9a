"""`referee push`: copy sessions from a table's store to another store (the club's), verified.

How a pushed session is known at the club: by its *origin*, a content key the table's store
already holds, so nothing needs adding at the table: SHA-256 over its seed commitment and the
chain link of its `new` record (which covers the `new` action and its draws), and, for a public
seed only, the time the session was created (`referee.record.chain.origin`); a session pushed
before under the older origin (always with the time) is still found by it. Two laptops that both call their game `kleos-1` give two different
origins; the club keeps the id when it is free there and numbers the session anew when it is
not (the report says `as kleos-7`). The club stores the origin with the session, so pushing
again finds it whatever its id there.

For each session:
- it is verified first, whole (`integrity.verify_session`: the chain, the seed commitment,
  every roll re-derived); a session that fails is refused (exit 3) and nothing is written;
- the same origin with the same rows (the same chain links) is "already there": nothing is
  written, so pushing twice is harmless;
- the same origin whose stored rows are the start of the table's (the game went on after an
  earlier push of an unfinished session) is "updated": the new rows are appended;
- the same origin whose rows differ (an action undone, struck or replaced after the push, or
  edited) is a conflict: refused (exit 3) with the first action that differs; the club's
  record is left as it is.
- the club keeps every head it was pushed (`pushed_heads`): a session whose chain no longer
  passes through one of them (its history rewritten, even with every link recomputed) is
  refused, and `referee verify` at the club names it.
"""

from __future__ import annotations

from typing import Any, cast

from referee.model import view
from referee.model.errors import StorageError
from referee.model.i18n import _, ngettext
from referee.record.chain import Broken, check_chain, head_of, legacy_origin, origin
from referee.record.integrity import pushed_problem, verify_session
from referee.record.protocol import RecordStore
from referee.record.schema import ALL_STATUSES


def _first_difference(ours: list[dict], theirs: list[dict]) -> int | None:
    """The index of the first row that differs; None when `theirs` is the start of `ours`."""
    for i, (a, b) in enumerate(zip(ours, theirs, strict=False)):
        if a["link"] != b["link"]:
            return i
    if len(theirs) > len(ours):
        return len(ours)
    return None


def _find(dst: RecordStore, sid: str, key: str) -> str | None:
    found = dst.find_origin(key)
    if found:
        return found
    if dst.session_exists(sid):  # stored there before origins were kept, or made there
        meta = dst.session(sid)
        if not meta.get("origin") and origin(meta, dst.actions(sid, ALL_STATUSES)) == key:
            return sid
    return None


def push_one(src: RecordStore, dst: RecordStore, sid: str) -> dict:
    """Push one session; returns `{"id", "status", "as", "actions", "head", "first_bad", "problem"}` with
    status one of sent, updated, already there, refused."""
    out: dict = {"id": sid, "status": "refused", "as": None, "actions": 0, "head": None, "first_bad": None,
                 "problem": None}
    if src.session(sid).get("seed_withheld"):
        out["problem"] = _("its seed is withheld from this role until the game is over (another table's running "
                           "game); nothing was sent")
        return out
    meta = src.session(sid)
    if meta.get("status") != "over" and view.private(src.actions(sid, ALL_STATUSES)):
        out["problem"] = _("its record holds what only one player may see while the game runs (a hand or a draw "
                           "meant for one seat); push it once the game is over; nothing was sent")
        return out
    report = verify_session(src, sid)
    out["actions"] = report["actions"]
    if not report["ok"]:
        out.update(first_bad=report["first_bad"], problem=_("it fails its check: {problem}").format(problem=report["problem"]))
        return out
    meta = src.session(sid)
    rows = src.actions(sid, ALL_STATUSES)
    key = origin(meta, rows)
    out["head"] = head_of(rows[-1]["link"])
    with dst.write():
        if not meta.get("origin") and dst.find_origin(key) is None:
            old = legacy_origin(meta, rows)  # pushed before origins left the creation time out
            if dst.find_origin(old) is not None:
                key = old
        there = _find(dst, sid, key)
        if there is not None:
            theirs = dst.actions(there, ALL_STATUSES)
            differs = _first_difference(rows, theirs)
            out["as"] = there
            if differs is not None:
                verb = rows[differs]["action"].get("verb") if differs < len(rows) else None
                said = (_("the club holds a different history of this session from action {number} ({verb}); "
                          "nothing was changed there") if verb else
                        _("the club holds a different history of this session from action {number} (the club has "
                          "more actions); nothing was changed there"))
                out.update(first_bad=differs, problem=said.format(number=differs, verb=verb))
                return out
        problem = pushed_problem(dst, {**meta, "origin": key}, rows)
        if problem:  # the club was pushed another history of this session before
            out.update(problem=_("{problem}; nothing was changed there").format(problem=problem))
            return out
        if there is not None:
            _later_secrets(dst, there, meta)
            if len(theirs) == len(rows):
                dst.keep_head(key, there, len(rows), rows[-1]["link"])
                out["status"] = "already there"
                return out
            dst.copy_rows(there, rows[len(theirs):])
            dst.save_summary(there, meta["summary"])
            out["status"] = "updated"
        else:
            wanted = dst.pushed_id(sid, meta["game"])
            new_id = dst.new_session_id(meta["game"]) if dst.session_exists(wanted) else wanted
            dst.copy_session(new_id, meta, key)
            dst.copy_rows(new_id, rows)
            if meta.get("status") == "over" and getattr(dst, "_checked", None) is not None:
                dst._checked.add(new_id)  # type: ignore[attr-defined]  # verified whole above: sealed checked
            out.update(status="sent", **{"as": new_id})
            there = new_id
        dst.keep_head(key, there, len(rows), rows[-1]["link"])
        try:  # what was written reads back with the same chain
            check_chain(dst.actions(there, ALL_STATUSES))
        except Broken as exc:
            raise StorageError(_("pushing {sid} failed: the copy at the destination does not chain ({why}); nothing "
                                 "was saved").format(sid=sid, why=exc.message)) from None
    return out


def _later_secrets(dst: RecordStore, there: str, meta: dict) -> None:
    """The secrets the table took since the last push (a draw used up by a refusal, a finished
    game played on: `referee.model.secret` epochs) go to the club's copy too, so it re-derives
    the later draws. Only ever appended: a commitment text that does not extend the club's is
    left alone (the draws then fail the club's `verify`, which names them)."""
    have = dst.session(there)
    ours, theirs = str(meta.get("commitment") or ""), str(have.get("commitment") or "")
    if ours != theirs and ours.startswith(theirs + " ") and not have.get("seed_withheld"):
        dst.set_secret(there, meta["seed"], ours)


COLLISION_TRIES = 20  # the same game, or the same id, stored by another push at the same moment


def push_once(src: RecordStore, dst: RecordStore, sid: str) -> dict:
    """`push_one`, run again when another push stored the same origin or took the same id at
    the same moment (the destination's unique keys tell): the next try finds that game by its
    origin ("already there") or numbers this one anew, so no game is stored twice."""
    collided = getattr(dst, "collided", None)
    for attempt in range(COLLISION_TRIES):
        if collided is not None:
            cast(Any, dst).last_error = None  # only this try's failure counts (a club's server keeps it)
        try:
            return push_one(src, dst, sid)
        except StorageError:
            if collided is None or attempt + 1 == COLLISION_TRIES or not collided():
                raise
    raise AssertionError("unreachable")


def push(src: RecordStore, dst: RecordStore, ids: list[str]) -> list[dict]:
    """Each session in its own transaction; when one fails, the message says how many were
    committed before it (they stay: pushing again reports them "already there")."""
    reports: list[dict] = []
    for sid in ids:
        try:
            reports.append(push_once(src, dst, sid))
        except StorageError as exc:
            done = [r for r in reports if r["status"] in ("sent", "updated")]
            named = ", ".join(r["id"] + (_(" as {id}").format(id=r["as"]) if r["as"] != r["id"] else "") for r in done)
            kept = (ngettext("{n} session was committed before it ({ids})",
                             "{n} sessions were committed before it ({ids})", len(done)).format(n=len(done), ids=named)
                    if done
                    else _("no session was committed before it"))
            raise StorageError(_("the push stopped at {sid} ({n} of {total} done): {why}; {kept}; push again to send "
                                 "the rest").format(sid=sid, n=len(reports), total=len(ids), why=exc.message,
                                                    kept=kept)) from None
    return reports


def candidates(src: RecordStore, everything: bool) -> list[str]:
    """The sessions `push` sends without an id: the finished ones, or with --all every one
    not deleted; oldest first, so the club numbers them in the order they were played."""
    rows = src.sessions(include_over=True)
    rows = [r for r in rows if everything or r["status"] == "over"]
    return [r["id"] for r in sorted(rows, key=lambda r: (r["created"], r["id"]))]
