"""`Engine.legal_for(state, verb)`, what completion of one verb asks (issue 26), is that verb's
part of `legal_actions`, in the same order, at states of random playouts of every game."""

from __future__ import annotations

import random

import pytest

from referee.model import registry
from referee.record import session
from referee.testing import playout_choices


@pytest.mark.parametrize("game", registry.names())
def test_one_verb_listed_as_in_the_whole_list(game):
    engine = registry.engine(game)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        options = engine.playout_options(rng)
        state, _, _ = session.run(engine, None, {"verb": "new", **options}, "legal-for", 0)
        for ply in range(1, 80):
            whole = engine.legal_actions(state)
            for verb in engine.verbs:
                assert engine.legal_for(state, verb) == [a for a in whole if a["verb"] == verb], (seed, ply, verb)
            checked += 1
            choices = playout_choices(engine, state)
            if not choices:
                break
            state, _, _ = session.run(engine, engine.copy(state), rng.choice(choices), "legal-for", ply)
    assert engine.legal_for(state, "no-such-verb") == []
    assert checked >= 30
