"""Correcting the past: amend, insert or strike one action, every later one re-checked.

A session's live history is its 'done' records in storage order, numbered from 1
(the `new` action is 0); `referee log` shows the same numbers. A correction

- rebuilds the state up to action N, applies the corrected action there (it rolls
  from the seed at that place, or takes typed results), then replays every later
  live action (the redo stack too) with the random results it recorded;
- if all hold, rewrites the stored tail: the old entry stays with status 'replaced'
  or 'struck', its reason and time; the new entry carries the same reason and time;
  later entries keep their results (annotated with the place they were rolled at
  when their place moves, so `verify` can still re-derive them from the seed);
- if one no longer holds, refuses naming it (`CorrectionRefused`), or, with `cut`,
  keeps the history up to it and sets it and the rest aside as undone.

A correction is not an undo step: `undo` afterwards takes back the last live action
of the corrected history, as it always does. Nothing is ever deleted.

No Click here: the CLI (`referee.cli.corrections`) and the tests call `correct`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from referee.model.chance import REFEREE, NotYetRolled
from referee.model.errors import IllegalAction, InputError, RefereeError, blind
from referee.model.i18n import N_, _
from referee.record import session
from referee.record.protocol import RecordStore
from referee.record.schema import ALL_STATUSES

KINDS = ("amend", "insert", "strike")
RECORDED_RULE = N_("Correcting the past: later actions keep the results they recorded")
HIDDEN_RULE = N_("Hidden things stay hidden")
LIVE = ("done", "undone")


@dataclass
class Failing:
    """The first later action that no longer holds."""

    number: int
    command: str
    rule: str | None
    message: str

    def as_json(self) -> dict:
        return {"number": self.number, "command": self.command, "rule": self.rule, "message": self.message}


@dataclass
class Outcome:
    """What a correction did (or would do, in a dry run)."""

    kind: str
    number: int
    command: str | None  # the corrected action's log line (None for a strike)
    before: dict
    after: dict
    changed: list[dict] = field(default_factory=list)
    first_failing: Failing | None = None
    cut: bool = False
    dry_run: bool = False
    rechecked: int = 0  # later actions re-checked
    reopened: str | None = None  # a finished game played on: the commitment of its new secret

    def as_json(self) -> dict:
        return {"kind": self.kind, "number": self.number, "command": self.command, "before": self.before,
                "after": self.after, "changed": self.changed, "rechecked": self.rechecked,
                "first_failing": self.first_failing.as_json() if self.first_failing else None,
                "cut": self.cut, "dry_run": self.dry_run,
                **({"new_commitment": self.reopened} if self.reopened else {})}


class CorrectionRefused(IllegalAction):
    """A later action no longer holds after the correction: nothing was changed."""

    def __init__(self, failing: Failing) -> None:
        super().__init__(_("action {number} ({command}) no longer holds after this correction: {message}. "
                           "Nothing was changed (with --cut, the history is kept up to action {number}, and it "
                           "and the rest can be redone one by one)").format(
                             number=failing.number, command=failing.command, message=failing.message),
                         failing.rule)
        self.failing = failing


SEEN_RULE = N_("Fair play: what the table saw stays seen")


def rolled_at(results: list) -> int | None:
    """The place an action's referee results were rolled at, when a correction moved it."""
    for r in results or []:
        if isinstance(r, dict) and isinstance(r.get("ply"), int) and not isinstance(r.get("ply"), bool):
            return r["ply"]
    return None


def _annotated(results: list, place: int) -> list:
    """Results that remember where they were rolled (only referee results need it)."""
    if rolled_at(results) is not None or not any(r.get("source", "referee") == "referee" for r in results):
        return results
    return [{**r, "ply": place} if r.get("source", "referee") == "referee" else r for r in results]


def _only_seen(results: list[dict], target: dict | None) -> None:
    """A dry run reveals nothing the table has not seen: the corrected action may reuse a result
    the amended action recorded (the same draw at the same place), never show a new one."""
    seen = [(r.get("label"), r.get("value")) for r in (target or {}).get("results", [])]
    for r in results:
        if r.get("source", REFEREE) == REFEREE and (r.get("label"), r.get("value")) not in seen:
            raise IllegalAction(_("the corrected action needs a new result from the referee for '{label}'; a "
                                  "dry run never shows one (type the results, or run it without --dry-run)").format(
                                    label=r.get("label")), HIDDEN_RULE)


def _not_in_a_dry_run(stop: NotYetRolled) -> IllegalAction:
    """A dry run of a correction stopped where the referee would draw (or look into a hand it
    dealt): it never shows what that would give."""
    if stop.text:
        return IllegalAction(_("the corrected action needs the referee to {what} for '{label}'; a dry run never "
                               "does (run it without --dry-run)").format(what=stop.what, label=stop.label),
                             HIDDEN_RULE)
    return IllegalAction(_("the corrected action needs a new result from the referee for '{label}'; a dry run "
                           "never shows one (type the results, or run it without --dry-run)").format(
                               label=stop.label), HIDDEN_RULE)


def _failing(engine: Any, number: int, action: dict, exc: BaseException) -> Failing:
    command = engine.describe(action)
    if isinstance(exc, IllegalAction):
        return Failing(number, command, exc.rule, exc.message)
    message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
    return Failing(number, command, RECORDED_RULE,
                   _("its recorded results no longer fit ({message})").format(message=message))


def diff(before: dict, after: dict) -> list[dict]:
    """What differs between two summaries, row by row: scores, whose turn, pending, the end."""
    rows: list[dict] = []

    def add(what: str, a: Any, b: Any) -> None:
        if a != b:
            rows.append({"what": what, "before": a, "after": b})

    names = list(dict.fromkeys([p.get("name") for p in before.get("players", [])]
                               + [p.get("name") for p in after.get("players", [])]))
    by_a = {p.get("name"): p for p in before.get("players", [])}
    by_b = {p.get("name"): p for p in after.get("players", [])}
    scalar = (str, int, float, bool, type(None))
    for key in dict.fromkeys(["score", *[k for p in [*by_a.values(), *by_b.values()] for k in p]]):
        if key == "name":
            continue
        for name in names:  # the score first, then the game's own numbers (energy, bliss, ...)
            a, b = by_a.get(name, {}).get(key), by_b.get(name, {}).get(key)
            if isinstance(a, scalar) and isinstance(b, scalar):
                add(f"{key} {name}", a, b)
    add("turn", before.get("turn"), after.get("turn"))
    add("phase", before.get("phase"), after.get("phase"))
    add("current", before.get("current"), after.get("current"))
    add("pending", pending_text(before), pending_text(after))
    add("over", before.get("over"), after.get("over"))
    add("winners", before.get("winners"), after.get("winners"))
    add("outcome", before.get("outcome"), after.get("outcome"))
    return rows


def pending_text(summary: dict) -> str:
    return "; ".join(f"{p.get('player')}: {p.get('decision')}" for p in summary.get("pending", [])) or ""


def correct(store: RecordStore, sid: str, kind: str, number: int, action: dict | None = None,
            reason: str | None = None, dry_run: bool = False, cut: bool = False) -> Outcome:
    """Amend, insert (before `number`) or strike live action `number` of session `sid`.

    Raises `CorrectionRefused` when a later action no longer holds (unless `cut`),
    `IllegalAction`/`InputError` when the corrected action itself is refused."""
    if kind not in KINDS:
        raise InputError(_("unknown correction '{kind}' (one of {kinds})").format(kind=kind, kinds=", ".join(KINDS)))
    if dry_run:
        return _correct(store, sid, kind, number, action, reason, True, cut)
    try:
        with store.write():
            return _correct(store, sid, kind, number, action, reason, False, cut)
    except RefereeError as exc:
        if exc.drew:  # refused after the corrected action drew: that draw is used up
            session.use_up(store, sid)
        raise


def _correct(store: RecordStore, sid: str, kind: str, number: int, action: dict | None, reason: str | None,
             dry_run: bool, cut: bool) -> Outcome:
    reopened = None if dry_run else session.reopen_secret(store, sid)  # the revealed seed draws no more
    loaded = session.load(store, sid, full=True)  # its rows are rewritten: checked whole first
    engine, seed = loaded.engine, loaded.seed
    rows = store.actions(sid, ALL_STATUSES)
    done = [r for r in rows if r["status"] == "done"]
    live = done + [r for r in rows if r["status"] == "undone"]
    last = len(done) - 1
    if last < 1 and kind != "insert":
        raise InputError(_("no action to correct yet: the session has only its `new` action"))
    top = last + 1 if kind == "insert" else last  # insert N+1: after the last action
    if not 1 <= number <= top:
        raise InputError(_("there is no action {number}: the log numbers its actions 1 to {last} (see "
                           "`referee log`)").format(number=number, last=last)
                         + (_("; insert takes 1 to one past the last") if kind == "insert" else ""))
    if kind != "strike" and action is None:
        raise InputError(_("{kind} needs the command, after `--`").format(kind=kind))
    state = session.replay(engine, seed, done[:number])
    secret = not loaded.meta.get("seed_public", True)
    target = done[number] if number <= last else None
    if target is not None and kind != "insert" and target["action"].get("verb") == session.SEEN:
        raise IllegalAction(_("action {number} records what the table saw drawn before an undo; it stays face "
                              "up and cannot be amended or struck").format(number=number), SEEN_RULE)
    new_record: dict | None = None
    command = None
    if kind != "strike":
        assert action is not None
        action = {k: v for k, v in action.items() if v is not None}
        if action.get("verb") == "new":
            raise InputError(_("`new` starts a session; it cannot be amended or inserted"))
        action = engine.normalize(state, action)
        # rolled as the real correction would; a dry run of a secret game draws nothing (it stops
        # at the first draw), of a public seed's it shows only results already seen
        try:
            try:
                state, events, results = session.run(engine, state, action, seed, number,
                                                     counter=store.next_idx(sid), dry=dry_run and secret)
            except NotYetRolled as stop:
                raise _not_in_a_dry_run(stop) from None
            if dry_run:
                _only_seen(results, target if kind == "amend" else None)
        except RefereeError as exc:
            if exc.drew:
                exc = session.unseen_refusal(engine, exc, secret)
            said = (_("the amended action {number} is refused: {message}") if kind == "amend"
                    else _("the inserted action {number} is refused: {message}"))
            exc.message = said.format(number=number, message=exc.message)
            raise exc from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise InputError(_("malformed '{verb}' action ({error})").format(
                verb=action.get("verb"), error=f"{type(exc).__name__}: {exc}")) from None
        new_record = {"action": action, "results": results, "events": events, "rules": engine.rules_version}
        command = engine.describe(action)
    # every later live action (the redo stack too), re-checked in order with its recorded results
    first_later = number + 1 if kind in ("amend", "strike") else number
    shift = {"amend": 0, "insert": 1, "strike": -1}[kind]
    later = live[first_later:]
    checked: list[dict] = []  # {row, events} of those that hold
    failing: Failing | None = None
    after_state: Any = None
    for k, row in enumerate(later):
        if row["status"] == "undone" and after_state is None:
            after_state = engine.copy(state)
        place = first_later + k + shift
        try:
            state, events, _results = session.run(engine, state, row["action"], seed, place, row["results"])
        except Exception as exc:  # any failure means the action no longer holds
            if row["status"] == "undone":  # the redo stack does not block: `redo` will refuse it
                break
            failing = _failing(engine, first_later + k, row["action"], exc)
            break
        checked.append({"row": row, "events": events})
    if after_state is None:
        after_state = state
    if failing is not None:
        if not cut and new_record is not None and any(
                r.get("source", REFEREE) == REFEREE for r in new_record["results"]):
            # which later action fails, and why, follows from the new draw: not told
            raise session.unseen_refusal(engine, blind(IllegalAction(_(
                "with the referee's new draw for the corrected action, a later action no longer holds; nothing "
                "was changed (with --cut, the history is kept up to the first action that no longer holds, and "
                "it and the rest can be redone one by one)"), engine.rule("drawn"))), secret)
        if not cut:
            raise CorrectionRefused(failing)
        # the state of the kept history (the failing run may have changed `state`)
        kept = [*done[:number], *([new_record] if new_record else []),
                *[c["row"] for c in checked if c["row"]["status"] == "done"]]
        after_state = session.replay(engine, seed, kept)
    before = loaded.summary
    after = engine.summary(engine.masked(after_state))  # the table's, as `before` (Loaded.summary)
    outcome = Outcome(kind, number, command, before, after, diff(before, after), failing, cut and failing is not None,
                      dry_run, len(later), reopened)
    if dry_run:
        return outcome
    # the new stored tail, from the first row the correction touches
    now = time.time()
    if target is not None:
        start = target["idx"]
    else:  # insert after the last action: before the redo stack, if any
        start = live[len(done)]["idx"] if len(live) > len(done) else store.next_idx(sid)
    if kind == "insert" and target is not None:  # before any entries set aside just before action N
        pos = next(i for i, r in enumerate(rows) if r["idx"] == start)
        while pos > 0 and rows[pos - 1]["status"] in ("replaced", "struck"):
            pos -= 1
        start = rows[pos]["idx"]
    held = {id(c["row"]): c["events"] for c in checked}
    position = {id(r): i for i, r in enumerate(live)}
    tail: list[dict] = []
    fresh = {**(new_record or {}), "status": "done", "reason": reason, "changed": now, "created": now}
    if kind == "insert":
        tail.append(fresh)
    for row in rows:
        if row["idx"] < start:
            continue
        if row is target and kind != "insert":
            tail.append({**row, "status": "replaced" if kind == "amend" else "struck", "reason": reason,
                         "changed": now, "results": _annotated(row["results"], number)})
            if kind == "amend":
                tail.append(fresh)
            continue
        if row["status"] not in LIVE or id(row) not in position:
            tail.append(row)
            continue
        old_place = position[id(row)]
        results = row["results"] if shift == 0 else _annotated(row["results"], old_place)
        if id(row) in held:
            tail.append({**row, "results": results, "events": held[id(row)]})
        else:  # the failing action and the rest (--cut), or an undone one that no longer fits:
            tail.append({**row, "results": results, "status": "undone"})  # undone, redo retries
    store.rewrite_tail(sid, start, tail)
    store.save_summary(sid, session.cached_summary(engine, after_state))
    session.load(store, sid)  # the corrected log replayed once more: its snapshot kept with it
    return outcome


def numbering(rows: list[dict]) -> list[tuple[int | None, str]]:
    """For each stored row (storage order): its number in the live history (`new` is 0; None for
    the rows outside it: undone, dropped, set aside) and
    its mark: 'amended' or 'inserted' for a live entry a correction wrote, else ''."""
    out: list[tuple[int | None, str]] = []
    n = 0
    prev = None
    for r in rows:
        mark = ""
        if r["status"] == "done":
            if r.get("changed") is not None:
                mark = "amended" if prev is not None and prev["status"] == "replaced" else "inserted"
            out.append((n, mark))
            n += 1
        else:
            out.append((None, ""))
        prev = r
    return out
