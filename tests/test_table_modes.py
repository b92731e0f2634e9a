"""The test harness itself: a `Table` at engine speed (in memory) plays exactly as one through
the store, and goes on through the store from the first command that needs it."""

from __future__ import annotations

import random

import pytest

from referee.model import registry
from referee.testing import Table, playout_choices


@pytest.mark.parametrize("game", registry.names())
def test_in_memory_and_through_the_store_the_same_game(game):
    engine = registry.engine(game)
    options = engine.playout_options(random.Random(3))
    fast, stored = Table(game, options=options, seed="3"), Table(game, options=options, seed="3", store=True)
    try:
        assert fast.in_memory and not stored.in_memory
        rng = random.Random(5)
        for _ in range(25):
            legal = playout_choices(engine, fast.state)
            if not legal:
                break
            action = rng.choice(legal)
            assert fast.act(action) == stored.act(action)
        assert engine.to_json(fast.state) == engine.to_json(stored.state)
        assert fast.summary == stored.summary and fast.log_length() == stored.log_length()
        assert fast.in_memory, "no command needed the store"
        fast.store  # noqa: B018  (written to the store: each action checked again there)
        assert not fast.in_memory and engine.to_json(fast.state) == engine.to_json(stored.state)
    finally:
        fast.close()
        stored.close()


def test_a_typed_refusal_in_memory_names_its_rule_and_changes_nothing():
    t = Table("croa", "--player Ann:red --player Bob:blue --digital", seed="7")
    with t:
        before = t.state
        out = t.refused("move h8 g8", rule="Pond rules", message="h8")
        assert out.envelope == {"ok": False, "error": out.error} and out.error["kind"] == "illegal"
        assert t.state == before and t.in_memory
        t.refused("move", code=2)  # Click's own usage error, from the real command
        assert t.in_memory


def test_a_command_that_is_not_an_action_goes_on_through_the_store():
    with Table("croa", "--player Ann:red --player Bob:blue --digital", seed="7") as t:
        assert t.in_memory
        out = t.ok("status")
        assert not t.in_memory and out.envelope["session"] == t.sid
        assert t.summary["current"] == "Ann"


def test_a_refusal_by_a_rule_must_name_it():
    with Table("croa", "--player Ann:red --player Bob:blue --digital", seed="7") as t, \
            pytest.raises(AssertionError, match="name it"):
        t.refused("move h8 g8")
