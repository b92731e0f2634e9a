"""One consistency test over every registered game (OpenSpiel's games_sim_test, here).

Seeded random playouts to the end through the engine's legal-action generator,
checking at several points that: replaying the log gives the same state; undo
equals replaying the shorter log (and redo gives it back); a JSON export
imports to an equal session; the state is JSON; the game's invariants hold;
and at the end no legal action remains.
"""

from __future__ import annotations

import json
import random

import pytest

from referee.after import export
from referee.model import registry
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices

GAMES = registry.names()
PLAYOUTS = {"kleos": 4, "kreus": 12, "cerebria": 6, "croa": 25, "elysion": 8}
MAX_STEPS = 5000


def _state(engine, state) -> str:
    return json.dumps(engine.to_json(state), sort_keys=True)


def _playout(engine, seed: int):
    rng = random.Random(seed)
    options = engine.playout_options(rng)
    sseed = f"playout-{seed}"
    state, _, results = session.run(engine, None, {"verb": "new", **options}, sseed, 0)
    records = [{"action": {"verb": "new", **options}, "results": results}]
    states = [_state(engine, state)]
    for _ in range(MAX_STEPS):
        engine.check_invariants(state)
        legal = playout_choices(engine, state)
        if engine.summary(state)["over"]:
            assert legal == [], "legal actions remain after the end"
            break
        assert legal, f"no legal action but the game is not over: {engine.summary(state)}"
        action = rng.choice(legal)
        json.dumps(action)
        state, _, results = session.run(engine, engine.copy(state), action, sseed, len(records))
        records.append({"action": action, "results": results})
        states.append(_state(engine, state))
    else:
        pytest.fail(f"{engine.name} playout {seed} did not end in {MAX_STEPS} actions")
    summary = engine.summary(state)
    assert summary["over"] and summary["game"] in (engine.name,)
    return sseed, records, states


def _import(store, data):
    """A hand-made export (no links): kept as an unverified copy, a second one when the game is stored."""
    return export.import_session(store, data, unverified=True, copy=True)


def _export(game, engine, sseed, records) -> str:
    return json.dumps({"format": export.FORMAT, "format_version": export.FORMAT_VERSION, "game": game,
                       "rules_version": engine.rules_version, "seed": sseed, "name": "",
                       "actions": [{"index": i, "status": "done", **r} for i, r in enumerate(records)]})


@pytest.mark.parametrize("game", GAMES)
def test_random_playouts_replay_undo_and_round_trip(game, tmp_path):
    try:
        engine = registry.engine(game)
    except ModuleNotFoundError:
        pytest.fail(f"{game} has no engine yet")
    store = Store(tmp_path / "s.db")
    for seed in range(PLAYOUTS.get(game, 5)):
        sseed, records, states = _playout(engine, seed)
        rng = random.Random(1000 + seed)
        # replaying the whole log and prefixes gives the same states
        assert _state(engine, session.replay(engine, sseed, records)) == states[-1]
        cuts = sorted({rng.randrange(1, len(records)) for _ in range(3)})
        for cut in cuts:
            assert _state(engine, session.replay(engine, sseed, records[:cut])) == states[cut - 1]
        # a JSON export taken mid-game imports to the same state
        mid = _export(game, engine, sseed, records[: cuts[len(cuts) // 2]])
        assert _state(engine, _import(store, export.parse(mid))[0].state) == states[cuts[len(cuts) // 2] - 1]
        # store it (through import), then undo/redo and export/import round-trip
        loaded, _ = _import(store, export.parse(_export(game, engine, sseed, records)))
        sid = loaded.id
        assert _state(engine, loaded.state) == states[-1]
        steps = min(len(records) - 1, rng.randint(1, 5))
        undone = session.undo(store, sid, steps)
        assert _state(engine, undone.state) == states[-1 - steps]
        again = _import(store, export.parse(export.render(store, sid, "json")))[0]
        assert _state(engine, again.state) == states[-1 - steps]
        assert store.actions(again.id, ("undone",)) and len(store.actions(again.id)) == len(records) - steps
        redone = session.redo(store, sid, steps)
        assert _state(engine, redone.state) == states[-1]
        assert redone.summary["over"]


CORRECTION_PLAYOUTS = {"kleos": 1, "kreus": 3, "cerebria": 2, "croa": 4, "elysion": 2}


@pytest.mark.parametrize("game", GAMES)
def test_random_corrections_strike_then_insert_and_amend_to_itself_change_nothing(game, tmp_path):
    """At random points of random playouts: amending an action to itself changes nothing;
    striking one (where every later action survives it) and inserting it back gives back the
    same state; the record stays intact (`verify`)."""
    from referee.record import corrections
    from referee.record.integrity import verify_session

    engine = registry.engine(game)
    store = Store(tmp_path / "c.db")
    for seed in range(CORRECTION_PLAYOUTS.get(game, 2)):
        sseed, records, states = _playout(engine, 500 + seed)
        sid = _import(store, export.parse(_export(game, engine, sseed, records)))[0].id
        rng = random.Random(2000 + seed)
        last = len(records) - 1
        for n in sorted({rng.randint(1, last) for _ in range(2)}):
            outcome = corrections.correct(store, sid, "amend", n, dict(records[n]["action"]), reason="same")
            assert outcome.changed == [] and outcome.first_failing is None
            assert _state(engine, session.load(store, sid).state) == states[-1]
        # strike the first action from a random point on that every later one survives
        n = rng.randint(1, last)
        while True:
            try:
                corrections.correct(store, sid, "strike", n, dry_run=True)
                break
            except corrections.CorrectionRefused as exc:
                assert exc.failing.number > n and exc.failing.rule
                n += 1
        corrections.correct(store, sid, "strike", n, reason="test")
        assert len(store.actions(sid)) == len(records) - 1
        corrections.correct(store, sid, "insert", n, dict(records[n]["action"]), reason="back")
        loaded = session.load(store, sid)
        assert _state(engine, loaded.state) == states[-1]
        report = verify_session(store, sid)
        assert report["ok"], report
        again = _import(store, export.parse(export.render(store, sid, "json")))[0]
        assert _state(engine, again.state) == states[-1]
