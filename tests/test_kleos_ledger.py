"""Kleos's glory ledger is read from the log (issue 26): the state keeps only the latest
action's gains and today's glory, so it does not grow with the game; the ledger replayed from
the log explains every point, and the status's "today" column is today's part of it."""

from __future__ import annotations

import json
import random

from kleos_table import do, new_game

from referee.games.kleos import ENGINE
from referee.games.kleos.state import glory_today, ledger
from referee.record import session
from referee.testing import playout_choices


def _play(seed: int, steps: int) -> tuple[dict, list[dict]]:
    """A seeded random Contest: the state after `steps` actions and the records of its log."""
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    state, _, results = session.run(ENGINE, None, {"verb": "new", **options}, "ledger", 0)
    records = [{"action": {"verb": "new", **options}, "results": results}]
    for ply in range(1, steps + 1):
        legal = playout_choices(ENGINE, state)
        if not legal:
            break
        action = rng.choice(legal)
        state, _, results = session.run(ENGINE, ENGINE.copy(state), action, "ledger", ply)
        records.append({"action": action, "results": results})
    return state, records


def test_the_ledger_from_the_log_explains_every_point_and_today():
    for seed in range(6):
        state, records = _play(seed, 400)
        entries = ledger(session.steps(ENGINE, "ledger", records), ENGINE.verbs)
        assert any(e["delta"] for e in entries), "a Contest where nobody gained glory proves nothing"
        for god, glory in state["glory"].items():
            assert sum(e["delta"] for e in entries if e["god"] == god) == glory, (seed, god)
            today = sum(e["delta"] for e in entries if e["god"] == god and e["day"] == state["day"])
            assert glory_today(state, god) == today, (seed, god)


def test_an_undo_record_adds_nothing_to_the_ledger():
    g = new_game()
    g.act(do("next"))
    g.act(do("glory", god="ares", delta="+2", reason="a card"))  # the last action gains glory
    records = list(g.loaded.records)
    entries = ledger(session.steps(ENGINE, g.loaded.seed, records), ENGINE.verbs)
    assert [e["delta"] for e in entries] == [2]
    seen = {"action": {"verb": session.SEEN, "things": []}, "results": []}
    assert ledger(session.steps(ENGINE, g.loaded.seed, [*records, seen]), ENGINE.verbs) == entries


def test_the_state_does_not_grow_with_the_glory_changes():
    state, records = _play(1, 60)
    gods = list(state["glory"])
    sizes = []
    for n in range(1, 401):
        action = {"verb": "glory", "god": gods[n % len(gods)], "delta": "+1" if n % 2 else "-1",
                  "reason": "a card"}
        state, _, _ = session.run(ENGINE, state, action, "ledger", len(records))
        records.append({"action": action, "results": []})
        if n in (10, 400):
            sizes.append(len(json.dumps(ENGINE.to_json(state))))
    assert sizes[1] <= sizes[0] + 8, sizes  # a few digits more at most
