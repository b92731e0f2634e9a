"""Every game's declaration against its command line, verb by verb and field by field."""

from __future__ import annotations

import pytest

from referee.model import registry
from referee.testing import declaration_problems


@pytest.mark.parametrize("game", registry.names())
def test_the_declaration_is_the_command_line(game):
    assert registry.engine(game).verbs, f"{game} declares no verbs"
    assert declaration_problems(game) == []


def test_a_difference_is_found():
    """The comparison itself: a verb missing from the command line is reported."""
    from referee.games.croa import ENGINE
    from referee.model.verbs import Verb

    verbs = dict(ENGINE.verbs)
    try:
        type(ENGINE).verbs = {**verbs, "leap": Verb("leap", lambda s, a, c: [])}
        assert "leap: declared, but not a command of referee croa" in declaration_problems("croa")
    finally:
        type(ENGINE).verbs = verbs
