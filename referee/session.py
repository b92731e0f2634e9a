"""Sessions: a game's log of actions, replayed through its engine to give the state.

This is the only place that joins an engine to the store. The CLI, the shell,
export/import and the tests all act through these functions.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from referee import registry
from referee.chance import Chance, NotYetRolled
from referee.errors import EngineDefect, IllegalAction, InputError, RefereeError, StorageError
from referee.store import Store


@dataclass
class Loaded:
    """A session as rebuilt from its log."""

    id: str | None
    game: str
    seed: str
    engine: Any
    records: list[dict]
    state: Any
    meta: dict = field(default_factory=dict)
    would_roll: str | None = None  # a dry run stopped before this roll (nothing after it is known)

    @property
    def summary(self) -> dict:
        return self.engine.summary(self.state)

    @property
    def stored_summary(self) -> dict:
        """The summary as the store caches it: with the engine's `details` once the game is over."""
        return cached_summary(self.engine, self.state)

    def state_json(self) -> dict:
        data = dict(self.engine.to_json(self.state))
        data["summary"] = self.summary
        return data


def cached_summary(engine: Any, state: Any) -> dict:
    """The summary plus, for a finished game, what decided it (`Engine.result_details`)."""
    out = engine.summary(state)
    if out.get("over"):
        out = {**out, "details": engine.result_details(state)}
    return out


def new_seed() -> str:
    return str(random.SystemRandom().randrange(10**9))


def run(engine: Any, state: Any, action: dict, seed: str, ply: int, recorded: list | None = None,
        dry: bool = False, rolled_at: int | None = None):
    """Apply one action (the `new` action when ply is 0). Returns (state, events, results).

    With `dry`, the first result the referee would roll raises `NotYetRolled`. `rolled_at`:
    the place the referee rolled at, when a correction has moved the action since."""
    if not isinstance(action, dict) or not isinstance(action.get("verb"), str):
        raise InputError("an action is a JSON object with a 'verb'")
    chance = Chance(seed, ply if rolled_at is None else rolled_at, recorded, dry=dry)
    if ply == 0:
        if action["verb"] != "new":
            raise StorageError("a log must start with its 'new' action")
        options = {k: v for k, v in action.items() if k != "verb"}
        state = engine.start(options, chance)
        events = [{"text": f"New {engine.title} game."}]
    else:
        if action["verb"] == "new":
            raise IllegalAction("this session has started already; `new` starts another one", "Sessions")
        state, events = engine.apply(state, action, chance)
    chance.finish()
    return state, events, chance.results


def replay(engine: Any, seed: str, records: list[dict]) -> Any:
    """Rebuild the state from recorded actions: the one replay loop (nothing is rolled again).

    `load`, `undo`/`redo` and the reports replay through it; `referee.integrity` walks a
    session's whole history (undone and dropped branches too) with the same `run` step,
    rolling live instead, to re-derive what was recorded (verify and import)."""
    state = None
    for ply, rec in enumerate(records):
        try:
            state, _, _ = run(engine, state, rec["action"], seed, ply, rec.get("results", []))
        except RefereeError as exc:
            raise StorageError(f"action {ply} of the log no longer replays: {exc.message}") from None
        except Exception as exc:  # a defect in an engine; never a traceback for the user
            raise EngineDefect(engine.title, ply, exc) from None
    return state


def load(store: Store, sid: str) -> Loaded:
    """Rebuild a session from its stored log, after checking the log's chain of links."""
    from referee.integrity import Broken, check_chain
    from referee.store import ALL_STATUSES

    meta = store.session(sid)
    engine = registry.engine(meta["game"])
    rows = store.actions(sid, ALL_STATUSES)
    try:
        check_chain(rows)
    except Broken as exc:
        raise StorageError(f"session '{sid}' fails its integrity check at {exc.message}; "
                           f"it was edited outside the referee (see `referee verify {sid}`)") from None
    records = [r for r in rows if r["status"] == "done"]
    state = replay(engine, meta["seed"], records)
    return Loaded(sid, meta["game"], meta["seed"], engine, records, state, meta)


def seed_shown(meta: dict) -> str | None:
    """The seed as it may be shown: hidden (None) while a generated seed's game runs."""
    if meta.get("seed_public", True) or meta.get("status") == "over" or meta.get("summary", {}).get("over"):
        return meta.get("seed")
    return None


def resolve(store: Store, game: str | None, sid: str | None) -> str:
    """The session a command means: the one named, else the one the store last acted on (of `game`)."""
    if sid:
        meta = store.session(sid)
        if meta["status"] == "deleted":
            raise StorageError(f"session '{sid}' is deleted; `referee sessions restore {sid}` brings it back")
        if game and meta["game"] != game:
            raise StorageError(f"session '{sid}' is a {meta['game']} game, not {game}")
        return sid
    return store.current_session(game)


def refuse_if_over(store: Store, game: str, sid: str) -> None:
    """An action with no --session goes to this game's latest session; if that one is over it is
    refused, naming it, rather than applied to an older game."""
    meta = store.session(sid)
    if meta.get("status") != "over":
        return
    winners = ", ".join((meta.get("summary") or {}).get("winners") or []) or "nobody"
    raise IllegalAction(f"the latest {game} session, {sid}, is over (winner(s): {winners}); start a new "
                        f"game with `referee {game} new ...`, or choose a session with `--session ID` "
                        f"(`referee sessions` lists them)", "End of the game: a finished session takes no action")


def create(store: Store, game: str, options: dict, seed: str | None = None, name: str = "",
           dry_run: bool = False) -> tuple[Loaded, list[dict]]:
    """Start a session: its log's first action is `new` with the options."""
    from referee.integrity import commitment

    engine = registry.engine(game)
    public = seed is not None
    seed = str(seed) if seed is not None else new_seed()
    action = {"verb": "new", **options}
    json.dumps(action)  # options must be plain data
    state, events, results = run(engine, None, action, seed, 0)
    record = {"idx": 0, "action": action, "results": results, "events": events, "rules": engine.rules_version}
    loaded = Loaded(None, game, seed, engine, [record], state)
    loaded.meta = {"seed": seed, "seed_public": public, "commitment": commitment(seed), "name": name,
                   "status": "over" if loaded.summary.get("over") else "open"}
    if not dry_run:
        def store_it() -> str:
            with store.write():
                return store.create_session(game, name, seed, engine.rules_version, record, loaded.stored_summary,
                                            commitment=loaded.meta["commitment"], seed_public=public)

        loaded.id = store.retrying(store_it)
    return loaded, events


def act(store: Store, sid: str, action: dict, dry_run: bool = False) -> tuple[Loaded, list[dict]]:
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
            loaded, events = _apply(loaded, action)
            rec = loaded.records[-1]
            store.drop_redo(sid)
            rec["idx"] = store.next_idx(sid)
            store.insert_action(sid, rec["idx"], rec)
            store.save_summary(sid, loaded.stored_summary)
        return loaded, events

    return store.retrying(record)


def _apply(loaded: Loaded, action: dict, dry: bool = False) -> tuple[Loaded, list[dict]]:
    engine = loaded.engine
    action = engine.normalize(loaded.state, action)
    before = engine.copy(loaded.state)
    ply = len(loaded.records)
    try:
        state, events, results = run(engine, before, action, loaded.seed, ply, dry=dry)
    except NotYetRolled as stop:
        # Checked up to the first roll; nothing after it may be shown (it would reveal the roll).
        text = (f"Accepted so far; the referee would {stop.what} for '{stop.label}' "
                f"(not rolled in a dry run, so nothing after it is shown).")
        record = {"action": action, "results": stop.results, "events": [], "rules": engine.rules_version}
        loaded.records = [*loaded.records, record]
        loaded.would_roll = f"{stop.what} for '{stop.label}'"
        return loaded, [{"text": text, "would_roll": {"label": stop.label, "what": stop.what}}]
    except RefereeError:
        raise
    except Exception as exc:  # a defect in the game's code, not the table's mistake
        raise EngineDefect(engine.title, ply, exc) from None
    record = {"action": action, "results": results, "events": events, "rules": engine.rules_version}
    loaded.records = [*loaded.records, record]
    loaded.state = state
    return loaded, events


def undo(store: Store, sid: str, steps: int = 1) -> Loaded:
    """Take back the last `steps` actions; they stay in history and can be redone."""
    if steps < 1:
        raise InputError("--steps must be at least 1")
    with store.write():
        records = store.actions(sid)
        undoable = len(records) - 1  # the `new` action cannot be undone
        if undoable == 0:
            raise IllegalAction("nothing to undo: the session is at its start", "Undo")
        if steps > undoable:
            raise IllegalAction(f"only {undoable} action(s) can be undone", "Undo")
        store.set_status(sid, [r["idx"] for r in records[-steps:]], "undone")
        loaded = load(store, sid)
        store.save_summary(sid, loaded.stored_summary)
    return loaded


def redo(store: Store, sid: str, steps: int = 1) -> Loaded:
    """Put back the most recently undone actions, in order."""
    with store.write():
        undone = store.actions(sid, ("undone",))
        if not undone:
            raise IllegalAction("nothing to redo", "Redo")
        if steps > len(undone):
            raise IllegalAction(f"only {len(undone)} action(s) can be redone", "Redo")
        _check_redo(load(store, sid), undone[:steps])
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
            state, _, _ = run(engine, state, row["action"], loaded.seed, number, row["results"])
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
