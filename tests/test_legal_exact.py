"""The legal list is exact: at states of random playouts of every game, an action the engine
accepts (a dry run on a copy) is listed, or covered by a free entry within its bounds, and every
listed action is accepted. The candidates and what "accepted" means: tests/legal_exact.py.
Positions these playouts seldom reach are checked with every value of a field instead of a
sample (Cerebria's Steal `--card`, Drain `--keep`: tests/test_cerebria_listing.py); a wider
run of the same oracle: `python tests/explore_legal.py GAME [SEEDS] [PER_SEED]`.

A game whose list is not exact yet is marked xfail (strict), and its hint says
`"complete": false` (`Engine.legal_exact`); the two must agree."""

from __future__ import annotations

import pytest
from legal_exact import explore

from referee.model import registry

# seeds (each draws its own player count) and states checked per seed, for every registered game
PLAN = {"croa": (6, 10)}  # a game needing more states than the default
SEEDS, PER_SEED = 4, 9


def _game(game: str):
    exact = registry.engine(game).legal_exact
    marks = [] if exact else [pytest.mark.xfail(strict=True, reason=f"{game}: legal list not exact yet")]
    return pytest.param(game, marks=marks, id=game)


@pytest.mark.parametrize("game", [_game(g) for g in registry.names()])
def test_accepted_exactly_when_listed(game):
    seeds, per_seed = PLAN.get(game, (SEEDS, PER_SEED))
    report = explore(game, seeds=seeds, states_per_seed=per_seed)
    print(report.line())
    shown = [f"accepted, not listed: {a}" for a, _ in report.missing[:10]]
    shown += [f"listed, refused: {a}" for a, _ in report.extra[:10]]
    assert report.states >= 30
    assert report.mismatches == 0, "\n".join([report.line(), *shown])
