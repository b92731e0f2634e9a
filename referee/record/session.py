"""Sessions: a game's log of actions, replayed through its engine to give the state.

This is the only place that joins an engine to the store. The CLI, the shell,
export/import and the tests all act through these functions.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from referee.model import registry
from referee.model import text as typed_text
from referee.model.chance import Chance, NotYetRolled
from referee.model.errors import EngineDefect, IllegalAction, InputError, RefereeError, StorageError
from referee.model.i18n import N_, _, msg, ngettext
from referee.model.secret import new_secret, problem, reopened
from referee.record import snapshot
from referee.record.chain import Broken, check_chain, commitment, head_of, link_text, row_digest
from referee.record.schema import ALL_STATUSES
from referee.record.snapshot import extended

if TYPE_CHECKING:  # the Protocol class costs an action a millisecond to build
    from referee.record.protocol import RecordStore


class Loaded:
    """A session as rebuilt from its log. A plain class, not a dataclass (`dataclasses` and the
    `inspect` it loads cost an action several milliseconds): the same fields, `==` and repr."""

    _FIELDS = ("id", "game", "seed", "engine", "records", "state", "meta", "would_roll", "reopened", "kept",
               "head", "redo")

    def __init__(self, id: str | None, game: str, seed: str, engine: Any, records: Sequence[dict], state: Any,
                 meta: dict | None = None, would_roll: str | None = None, reopened: str | None = None,
                 kept: list[dict] | None = None, head: str = "", redo: int | None = None) -> None:
        self.id = id
        self.game = game
        self.seed = seed
        self.engine = engine
        self.records = records  # the live records; from a snapshot, read (and checked) only when asked for
        self.state = state
        self.meta = {} if meta is None else meta
        self.would_roll = would_roll  # a dry run stopped before this roll (nothing after it is known)
        self.reopened = reopened  # the commitment of the new secret a reopened finished game draws with
        self.kept = [] if kept is None else kept  # what an undo left face up (events of its `seen` record)
        self.head = head  # the head of the stored chain (its last link's first 16 hex digits; "" unstored)
        self.redo = redo  # how many undone actions wait for redo (None: not counted)

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with `==`

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELDS)
        return f"{type(self).__qualname__}({shown})"

    def replace(self, **changes: Any) -> Loaded:
        """A new Loaded with the same fields but `changes` (as `dataclasses.replace`)."""
        return Loaded(**{name: changes.pop(name, getattr(self, name)) for name in self._FIELDS}, **changes)

    # who is looking (`referee.model.view`): the table (None) unless the CLI names a seat (`--as`)
    viewer: str | None = None

    def seen_by(self, viewer: str | None) -> Loaded:
        """This session as `viewer` looks at it (its summary, `state_json`, `shown_state`)."""
        self.viewer = viewer
        return self

    @property
    def summary(self) -> dict:
        """The summary as the viewer may see it (a pending choice among cards drawn for one
        player shows `?` to the others)."""
        return self.engine.summary(self.shown_state)

    @property
    def shown_state(self) -> Any:
        """The state as the viewer may see it (`Engine.masked`): what screens render."""
        return self.engine.masked(self.state, self.viewer)

    @property
    def stored_summary(self) -> dict:
        """The summary as the store caches it: with the engine's `details` once the game is over."""
        return cached_summary(self.engine, self.state)

    def state_json(self) -> dict:
        data = dict(self.engine.view(self.state, self.viewer))
        data["summary"] = self.summary
        return data


def cached_summary(engine: Any, state: Any) -> dict:
    """The summary as the store caches it (the table's view while the game runs: session lists
    show it), plus, for a finished game, what decided it (`Results.details`)."""
    out = engine.summary(engine.masked(state))
    if out.get("over"):
        out = {**out, "details": engine.results.details(state)}
    return out


SEEN = "seen"  # the record an undo adds for what the table saw drawn (it stays face up)


def new_seed() -> str:
    """A new secret (see `referee.model.secret`): 256-bit seed and key from the OS's CSPRNG."""

    return new_secret()


def drawn_at(results: list | None) -> int | None:
    """The draw counter a strong secret's referee results were drawn at (recorded with them)."""
    for r in results or []:
        if isinstance(r, dict) and isinstance(r.get("at"), int) and not isinstance(r.get("at"), bool):
            return r["at"]
    return None


def run(engine: Any, state: Any, action: dict, seed: str, ply: int, recorded: list | None = None,
        dry: bool = False, rolled_at: int | None = None, counter: int | None = None):
    """Apply one action (the `new` action when ply is 0). Returns (state, events, results).

    With `dry`, the first result the referee would roll raises `NotYetRolled`. `rolled_at`:
    the place the referee rolled at, when a correction has moved the action since (legacy and
    public seeds). `counter`: the draw counter of a live roll (the row the action will take)."""
    if not isinstance(action, dict) or not isinstance(action.get("verb"), str):
        raise InputError("an action is a JSON object with a 'verb'")
    chance = Chance(seed, ply if rolled_at is None else rolled_at, recorded, dry=dry, counter=counter)
    if action["verb"] == SEEN and ply > 0:  # what an undo could not hide (see `undo`)
        things = action.get("things")
        if not isinstance(things, list) or not all(isinstance(t, dict) for t in things):
            raise InputError("a 'seen' record lists the things the table saw")
        events = engine.hidden.keep_seen(state, things) if engine.hidden is not None else []
        if len(events) != len(things):
            raise IllegalAction("a 'seen' record names a thing that cannot be face up there", "Fair play: seen")
        chance.finish()
        return state, events, chance.results
    if ply == 0:
        if action["verb"] != "new":
            raise StorageError("a log must start with its 'new' action")
        options = {k: v for k, v in action.items() if k != "verb"}
        state = engine.start(options, chance)
        events = [{"msg": msg("New {title} game.", title=engine.title)}]  # said in the reader's language
    else:
        if action["verb"] == "new":
            raise IllegalAction("this session has started already; `new` starts another one", "Sessions")
        try:
            state, events = engine.apply(state, action, chance)
        except RefereeError as exc:
            if chance.drawn:  # refused after a live draw: it is used up, and must not be told
                exc.drew = True
            raise
    chance.finish()
    return state, events, chance.results


def unseen_refusal(engine: Any, exc: RefereeError, used_up: bool) -> RefereeError:
    """A refusal that came after the referee drew in the action, as the table reads it: the
    game's own words when it wrote them without the draw (`errors.blind`), else words that say
    nothing of it; with `used_up` (a secret seed: `use_up` then takes a new secret), that the
    next try draws afresh. Whatever was drawn, the refusal reads the same."""
    out = exc
    if not exc.blind:
        out = IllegalAction(_("refused once the referee had drawn for this action; the reason is not "
                              "given, as it would tell what was drawn"), engine.rule("drawn"))
    out.drew = out.blind = True
    if used_up:
        out.message += _("; what the referee drew for it is used up unseen (the next try draws afresh)")
    return out


def use_up(store: RecordStore, sid: str) -> None:
    """A draw made for a refused action is never drawn again: later draws of a secret game take a
    new secret from the next draw counter on, committed now (an epoch, as a reopened game's; see
    `referee.model.secret`). Its own transaction, after the refused one: not an action, so
    nothing enters the log; the session's seed and commitment texts grow by one entry each. A
    public seed (`--seed`) hides nothing and keeps its reproducible draws."""

    def work() -> None:
        with store.write():
            meta = store.session(sid)
            if meta.get("seed_public", True) or meta.get("seed_withheld") or meta.get("status") == "over":
                return  # (a finished game's refused correction rolled back the new secret it drew with)
            seed, commitment, _one = reopened(meta["seed"], meta.get("commitment") or "", store.next_idx(sid))
            store.set_secret(sid, seed, commitment)

    store.retrying(work)


def replay(engine: Any, seed: str, records: list[dict]) -> Any:
    """Rebuild the state from recorded actions: the one replay loop (nothing is rolled again).

    `load`, `undo`/`redo` and the reports replay through it; `referee.record.integrity` walks a
    session's whole history (undone and dropped branches too) with the same `run` step,
    rolling live instead, to re-derive what was recorded (verify and import)."""
    state = None
    for step in steps(engine, seed, records):
        state = step[1]
    return state


def steps(engine: Any, seed: str, records: Sequence[dict]) -> Iterator[tuple[dict, Any]]:
    """Each record with the state after it, replayed (the state is changed in place from one
    step to the next: read it before asking for the next)."""
    state = None
    for ply, rec in enumerate(records):
        try:
            state, _events, _results = run(engine, state, rec["action"], seed, ply, rec.get("results", []))
        except RefereeError as exc:
            raise StorageError(_("action {ply} of the log no longer replays: {message}").format(
                ply=ply, message=exc.message)) from None
        except Exception as exc:  # a defect in an engine; never a traceback for the user
            raise EngineDefect(engine.title, ply, exc) from None
        yield rec, state


def load(store: RecordStore, sid: str, full: bool = False) -> Loaded:
    """A session's state now: from its snapshot (`referee.record.snapshot`) when the session
    row's keyed seal holds and seals the snapshot's head, else rebuilt from its stored log after
    checking every row (chain and seal), the snapshot written again inside a write transaction.
    Either way the seed must fit its commitment. `full`: always the log, checked whole (export,
    report)."""
    meta = store.session(sid)
    engine = registry.engine(meta["game"])
    check_seed(sid, meta)
    if not full:
        kept = _from_snapshot(store, sid, meta, engine)
        if kept is not None:
            return kept
    return _replayed(store, sid, meta, engine)


def check_seed(sid: str, meta: dict) -> None:
    """The seed must be the one committed to at `new`: a seed replaced in the store (whose editor
    would know every draw to come) is refused before anything is drawn or shown (exit 3)."""
    if meta.get("seed_withheld") or not meta.get("commitment"):
        return

    found = problem(meta["seed"], meta["commitment"])
    if found:
        raise StorageError(_("session '{sid}' fails its integrity check: {problem}: it was replaced outside the "
                             "referee (see `referee verify {sid}`); nothing was written").format(sid=sid,
                                                                                                  problem=found))


def _replayed(store: RecordStore, sid: str, meta: dict, engine: Any) -> Loaded:

    rows = store.actions(sid, ALL_STATUSES)
    check_record(store, sid, rows)
    _vouch(store, sid)
    records = [r for r in rows if r["status"] == "done"]
    state = replay(engine, meta["seed"], records)
    redo = sum(r["status"] == "undone" for r in rows)
    if rows and records:
        keep(store, sid, engine, rows[-1]["link"], rows[-1]["idx"], records, state, redo)
    return Loaded(sid, meta["game"], meta["seed"], engine, records, state, meta,
                  head=head_of(rows[-1]["link"]) if rows else "", redo=redo)


def _vouch(store: RecordStore, sid: str) -> None:
    """Checked inside a write: its first change need not check it again (`portable.before`)."""
    vouch = getattr(store, "_vouch", None)
    if vouch is not None and sid not in (getattr(store, "_dirty", None) or ()):
        vouch(sid)


def _from_snapshot(store: RecordStore, sid: str, meta: dict, engine: Any) -> Loaded | None:
    """The session from its snapshot, or None (then replayed): never trusted unchecked. The keyed
    seal's cheap check binds the log to its head and counts its rows; the snapshot must be keyed
    by that very head, whose row's link and digest are checked, and carry its own keyed digest
    (one that does not match is refused, exit 3: only an edit writes it). A window of older rows
    is checked too (`rolling_check`). The rows are read only if asked for."""
    if sid in (getattr(store, "_dirty", None) or ()):  # changed in this transaction: its log is read
        return None
    snap = snapshot.read(store, sid)
    if snap is None or not meta.get("head") or snap["head"] != meta["head"]:
        return None  # none, or the seal says the head moved
    if store.seal_problem(sid) is not None:  # the full check names what is wrong
        return None
    seen = snapshot.verdict(store, snap, sid, engine.rules_version, snapshot.head_rows(store, sid))
    if seen == "forged":
        raise StorageError(_("session '{sid}' fails its integrity check: {problem} (see `referee verify {sid}`); "
                             "nothing was written").format(sid=sid, problem=snapshot.FORGED))
    if seen != "ok":
        return None
    rolling_check(store, sid, int(meta["length"]))
    try:
        state = engine.from_json(json.loads(snap["state"]))
        last = json.loads(snap["last"])
    except Exception:  # a snapshot that does not read is only a missed speed-up
        return None
    _vouch(store, sid)
    head_idx = snap["head_idx"]

    def fetch() -> list[dict]:
        rows = store.actions(sid, ALL_STATUSES)
        check_record(store, sid, rows)
        return [r for r in rows if r["status"] == "done" and r["idx"] <= head_idx]

    records = snapshot.Records(snap["ply"], last, fetch)
    return Loaded(sid, meta["game"], meta["seed"], engine, records, state, meta, head=head_of(snap["head"]),
                  redo=snap["redo"])


# -- the rolling check: a window of older rows, every command ------------------------------------
#
# A command that trusts the snapshot checks the head row only; an edit of an older row that leaves
# the end of the log alone (its link not recomputed, or recomputed only up to a later row) would wait
# for a full check. So every such command also checks one window of the log: each row's link and
# digest against its content and the row before it. Of a log of n rows, up to WHOLE rows are checked
# whole every time; a longer log is cut in BLOCKS windows of about n / BLOCKS rows (plus BLOCKS + 2
# rows of overlap), and the one checked is window `n mod BLOCKS`: as the log grows by one row per
# action, BLOCKS actions in a row check every window, and the overlap covers the windows' drift as n
# grows. So a row edited in place is found within BLOCKS actions appended after the edit (at once by
# every command that reads the whole log: log, export, report, verify, a correction, a redo, and
# the full check when the game ends).
WHOLE = 96
BLOCKS = 32
_WINDOW = ("SELECT idx, action, results, status, link, events, reason, changed, created, rules_version, digest"
           " FROM actions WHERE session_id = ? AND idx >= ? AND idx <= ? ORDER BY idx")


def window(n: int) -> tuple[int, int]:
    """The rows (first, last) the rolling check reads of a log of `n` rows (the first one only for
    the link and digest the next one chains on)."""
    if n <= WHOLE:
        return 0, n - 1
    k = n % BLOCKS
    first = max(0, k * n // BLOCKS - BLOCKS - 2)
    return first, min(n - 1, (k + 1) * n // BLOCKS + 1)


def rolling_check(store: RecordStore, sid: str, n: int) -> None:
    """Check the window of rows `window(n)` (see the note above): a StorageError (exit 3) naming
    the first row whose link or digest does not fit."""

    first, last = window(n)
    if last < first:
        return
    rows = store.db.execute(_WINDOW, (sid, first, last)).fetchall()  # type: ignore[attr-defined]
    prev_link = prev_digest = ""
    expected = first
    for pos, (idx, action, results, status, link, events, reason, changed, created, rules, digest) in \
            enumerate(rows):
        bad = None
        if idx != expected:
            bad = (idx if idx < expected else expected, _("is missing or out of order"))
        elif pos > 0 or first == 0:
            if link_text(prev_link, action, results, status) != link:
                bad = (idx, _("its chain link does not match its content or the action before it"))
            elif row_digest(prev_digest, idx, events, reason, changed, created, rules) != digest:
                bad = (idx, _("its events, reason or time were changed (its digest does not match)"))
        if bad is not None:
            raise StorageError(_("session '{sid}' fails its integrity check at action {n}: {problem}; it was "
                                 "edited outside the referee (found by the rolling check of older rows; see "
                                 "`referee verify {sid}`); nothing was written").format(sid=sid, n=bad[0],
                                                                                        problem=bad[1]))
        prev_link, prev_digest, expected = link, digest, idx + 1
    if expected != last + 1:
        raise StorageError(_("session '{sid}' fails its integrity check at action {n}: it is missing (see "
                             "`referee verify {sid}`); nothing was written").format(sid=sid, n=expected))


def keep(store: RecordStore, sid: str, engine: Any, head: str, head_idx: int, records: Sequence[dict],
         state: Any, redo: int = 0) -> None:
    """Write the snapshot of `state`, the state after the live `records` of a log whose last row
    is `head_idx` with the link `head` (inside a write transaction only)."""
    if not snapshot.writing(store):
        return
    store_snapshot = snapshot.row(store, sid, head, head_idx, engine.rules_version, len(records),
                                  snapshot.last_record(records[-1]), engine.to_json(state), redo)
    snapshot.save(store, store_snapshot)


def check_record(store: RecordStore, sid: str, rows: list[dict]) -> None:
    """The stored rows of a session (all of them) against their chain and the session row's seal;
    a StorageError (exit 3) naming the first bad action, or what of the row is wrong, else. Every
    view (show, log, export, report) and every action passes here before it reads the record."""

    try:
        check_chain(rows)
    except Broken as exc:
        raise StorageError(_("session '{sid}' fails its integrity check at {where}; it was edited outside the "
                             "referee (see `referee verify {sid}`)").format(sid=sid, where=exc.message)) from None
    changed_now = sid in (getattr(store, "_dirty", None) or ())  # this transaction changed it: sealed at commit
    problem = None if changed_now else store.seal_problem(sid, rows)
    if problem:
        raise StorageError(_("session '{sid}' fails its integrity check: {problem} (see `referee verify "
                             "{sid}`)").format(sid=sid, problem=problem))


def seed_shown(meta: dict) -> str | None:
    """The seed as it may be shown: hidden (None) while a generated seed's game runs."""
    if meta.get("seed_public", True) or meta.get("status") == "over" or meta.get("summary", {}).get("over"):
        return meta.get("seed")
    return None


def reopen_secret(store: RecordStore, sid: str) -> str | None:
    """A finished game's secret was revealed: before it is played on (undo, a correction), later
    draws get a new secret, committed now. Returns its commitment (None: nothing to do). Inside
    the caller's write transaction, so a refused undo or correction leaves nothing behind."""

    meta = store.session(sid)
    if meta.get("seed_public", True) or meta.get("status") != "over":
        return None
    seed, commitment, one = reopened(meta["seed"], meta.get("commitment") or "", store.next_idx(sid))
    store.set_secret(sid, seed, commitment)
    return one


def check_reveal(meta: dict) -> None:
    """Refuse to show the seed of a running secret game (anyone reading it could foresee every draw)."""
    if seed_shown(meta) is None:
        raise IllegalAction(_("the seed of a running game stays secret: anyone reading it could foresee every "
                              "roll; it is revealed when the game is over"), N_("Fair play: the secret seed"))


def resolve(store: RecordStore, game: str | None, sid: str | None) -> str:
    """The session a command means: the one named, else the one the store last acted on (of `game`)."""
    if sid:
        meta = store.session(sid)
        if meta["status"] == "deleted":
            raise StorageError(_("session '{sid}' is deleted; `referee sessions restore {sid}` brings it "
                                 "back").format(sid=sid))
        if game and meta["game"] != game:
            raise StorageError(_("session '{sid}' is a {kind} game, not {game}").format(sid=sid, kind=meta["game"],
                                                                                      game=game))
        return sid
    return store.current_session(game)


def refuse_if_over(store: RecordStore, game: str, sid: str) -> None:
    """An action with no --session goes to this game's latest session; if that one is over it is
    refused, naming it, rather than applied to an older game."""
    meta = store.session(sid)
    if meta.get("status") != "over":
        return
    winners = ", ".join((meta.get("summary") or {}).get("winners") or []) or _("nobody")
    raise IllegalAction(ngettext("the latest {game} session, {sid}, is over (winner: {winners}); start a new "
                                 "game with `referee {game} new ...`, or choose a session with `--session ID` "
                                 "(`referee sessions` lists them)",
                                 "the latest {game} session, {sid}, is over (winners: {winners}); start a new "
                                 "game with `referee {game} new ...`, or choose a session with `--session ID` "
                                 "(`referee sessions` lists them)",
                                 max(len((meta.get("summary") or {}).get("winners") or []), 1)).format(
                                     game=game, sid=sid, winners=winners),
                        N_("End of the game: a finished session takes no action"))


def create(store: RecordStore, game: str, options: dict, seed: str | None = None, name: str = "",
           dry_run: bool = False) -> tuple[Loaded, list[dict]]:
    """Start a session: its log's first action is `new` with the options."""

    engine = registry.engine(game)
    typed_text.check_new(options, name)
    public = seed is not None
    seed = str(seed) if seed is not None else new_seed()
    action = {"verb": "new", **options}
    json.dumps(action)  # options must be plain data
    state, events, results = run(engine, None, action, seed, 0, counter=0)
    record = {"idx": 0, "action": action, "results": results, "events": events, "rules": engine.rules_version}
    loaded = Loaded(None, game, seed, engine, [record], state)
    loaded.meta = {"seed": seed, "seed_public": public, "commitment": commitment(seed), "name": name,
                   "status": "over" if loaded.summary.get("over") else "open"}
    if not dry_run:
        def store_it() -> str:
            with store.write():
                made = store.create_session(game, name, seed, engine.rules_version, record, loaded.stored_summary,
                                            commitment=loaded.meta["commitment"], seed_public=public)
                load(store, made)  # its first row replayed as stored (keys in their stored order): its snapshot kept
                return made

        loaded.id = store.retrying(store_it)
        loaded.head = head_of(store.head(loaded.id))
    return loaded, events


def act(store: RecordStore, sid: str, action: dict, dry_run: bool = False) -> tuple[Loaded, list[dict]]:
    """Check and apply one action; record it unless refused or a dry run.

    The log is read and replayed inside the write transaction, so two terminals
    appending at once each act on the other's latest state and nothing is lost.
    """
    json.dumps(action)
    if dry_run:
        loaded = load(store, sid)
        return _apply(loaded, action, dry=True)

    def record() -> tuple[Loaded, list[dict]]:
        with store.write():
            loaded = load(store, sid)
            counter = store.next_idx(sid)  # the row it takes: never given out again
            loaded, events = _apply(loaded, action, counter=counter, fresh=True)
            rec = loaded.records[-1]
            if loaded.redo != 0:  # known from a snapshot: no scan of the log for undone actions
                store.drop_redo(sid)
            rec["idx"] = counter
            link = store.insert_action(sid, rec["idx"], rec)
            loaded.head, loaded.redo = head_of(link), 0
            store.save_summary(sid, loaded.stored_summary)
            keep(store, sid, loaded.engine, link, counter, loaded.records, loaded.state)
        return loaded, events

    try:
        return store.retrying(record)
    except RefereeError as exc:
        if exc.drew:
            use_up(store, sid)
        raise


def _apply(loaded: Loaded, action: dict, dry: bool = False, counter: int | None = None,
           fresh: bool = False) -> tuple[Loaded, list[dict]]:
    """`fresh`: `loaded` was just read for this action alone (and is dropped if it is refused),
    so its state is applied in place rather than copied first (a copy grows with the state)."""

    typed_text.check_texts(action, "the action")
    engine = loaded.engine
    action = engine.normalize(loaded.state, action)
    before = loaded.state if fresh else engine.copy(loaded.state)
    ply = len(loaded.records)
    try:
        state, events, results = run(engine, before, action, loaded.seed, ply, dry=dry, counter=counter)
    except NotYetRolled as stop:
        # Checked up to the first roll; nothing after it may be shown (it would reveal the roll).
        text = stop.text or (f"Accepted so far; the referee would {stop.what} for '{stop.label}' "
                             f"(not rolled in a dry run, so nothing after it is shown).")
        record = {"action": action, "results": stop.results, "events": [], "rules": engine.rules_version}
        loaded.records = extended(loaded.records, record)
        loaded.would_roll = f"{stop.what} for '{stop.label}'"
        return loaded, [{"text": text, "would_roll": {"label": stop.label, "what": stop.what}}]
    except RefereeError as exc:
        if exc.drew:
            raise unseen_refusal(engine, exc, not loaded.meta.get("seed_public", True)) from None
        raise
    except Exception as exc:  # a defect in the game's code, not the table's mistake
        raise EngineDefect(engine.title, ply, exc) from None
    record = {"action": action, "results": results, "events": events, "rules": engine.rules_version}
    loaded.records = extended(loaded.records, record)
    loaded.state = state
    return loaded, events


def undo(store: RecordStore, sid: str, steps: int = 1) -> Loaded:
    """Take back the last `steps` actions; they stay in history and can be redone."""
    if steps < 1:
        raise InputError(_("--steps must be at least 1"))
    with store.write():
        records = store.actions(sid)
        played = [r for r in records[1:] if r["action"].get("verb") != SEEN]
        undoable = len(played)  # the `new` action cannot be undone; a `seen` record goes with the one before
        if undoable == 0:
            raise IllegalAction("nothing to undo: the session is at its start", "Undo")
        if steps > undoable:
            raise IllegalAction(ngettext("only {n} action can be undone", "only {n} actions can be undone",
                                         undoable).format(n=undoable), "Undo")
        first = records.index(played[-steps])
        taken = records[first:]
        fresh = reopen_secret(store, sid)
        store.set_status(sid, [r["idx"] for r in taken], "undone")
        loaded = load(store, sid)
        loaded.reopened = fresh
        kept = _keep_seen(store, sid, loaded, taken)
        if kept is not None:
            loaded = kept
        store.save_summary(sid, loaded.stored_summary)
    return loaded


def _keep_seen(store: RecordStore, sid: str, loaded: Loaded, taken: list[dict]) -> Loaded | None:
    """What the referee drew in the undone actions, the table saw: whatever the game puts back
    face up is recorded as a `seen` action after the history (the undone actions are then
    dropped: typed again, they find it face up). None when nothing stays. A public seed (`--seed`)
    hides nothing (anyone can work every draw out): undo and redo take back exactly there."""
    if loaded.meta.get("seed_public", True):
        return None
    things = [{"label": x.get("label"), "value": x.get("value")}
              for r in taken
              for x in (r["action"].get("things", []) if r["action"].get("verb") == SEEN else r["results"])
              if isinstance(x, dict) and x.get("source", "referee") == "referee"]
    if not things:
        return None
    engine = loaded.engine
    if engine.hidden is None:
        return None
    probe = engine.hidden.keep_seen(engine.copy(loaded.state), things)
    if not probe:
        return None
    action = {"verb": SEEN, "things": [e["seen"] for e in probe]}
    _state, events, results = run(engine, engine.copy(loaded.state), action, loaded.seed, len(loaded.records))
    store.drop_redo(sid)
    rec = {"idx": store.next_idx(sid), "action": action, "results": results, "events": events,
           "rules": engine.rules_version}
    store.insert_action(sid, rec["idx"], rec)
    out = load(store, sid)
    out.reopened = loaded.reopened
    out.kept = events
    return out


def redo(store: RecordStore, sid: str, steps: int = 1) -> Loaded:
    """Put back the most recently undone actions, in order."""
    with store.write():
        undone = store.actions(sid, ("undone",))
        if not undone:
            raise IllegalAction("nothing to redo", "Redo")
        if steps > len(undone):
            raise IllegalAction(ngettext("only {n} action can be redone", "only {n} actions can be redone",
                                         len(undone)).format(n=len(undone)), "Redo")
        _check_redo(load(store, sid, full=True), undone[:steps])  # the rows read, so checked whole
        store.set_status(sid, [r["idx"] for r in undone[:steps]], "done")
        loaded = load(store, sid)
        store.save_summary(sid, loaded.stored_summary)
    return loaded


def _check_redo(loaded: Loaded, rows: list[dict]) -> None:
    """Each action to redo must still hold where it comes back, with the results it recorded
    (after a correction with --cut it may not): refused, naming it and the rule, else."""
    engine, state = loaded.engine, engine_copy(loaded)
    for k, row in enumerate(rows):
        number = len(loaded.records) + k
        try:
            state, _events, _results = run(engine, state, row["action"], loaded.seed, number, row["results"])
        except Exception as exc:  # any failure: it does not hold here
            rule = exc.rule if isinstance(exc, IllegalAction) else "Redo: an action keeps the results it recorded"
            why = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            if not isinstance(exc, IllegalAction):
                why = f"its recorded results no longer fit ({why})"
            raise IllegalAction(f"action {number} ({engine.describe(row['action'])}) cannot be redone: {why}; "
                                "type it again as it should be (the undone actions are then dropped, kept "
                                "in `log --all`)", rule) from None


def engine_copy(loaded: Loaded) -> Any:
    return loaded.engine.copy(loaded.state)
