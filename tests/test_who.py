"""`who` enforced by the core (referee.model.engine.Engine.check_flow) for every verb, with or
without an actor field; the declaration refuses a `who` the core could not check
(referee.model.verbs.who_problem)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.model import registry
from referee.model.chance import Chance
from referee.model.engine import Engine
from referee.model.errors import IllegalAction
from referee.model.verbs import Field, Verb, declare, pending, who_problem


def _done(state: Any, action: dict, chance: Any) -> list[dict]:
    state["done"].append(action["verb"])
    return []


def _own_words(state: Any, action: dict, chance: Any) -> list[dict]:
    if state["phase"] == "setup":
        raise IllegalAction("no attack in setup; it is now setup", "Attacks: in your turn")
    return _done(state, action, chance)


class Turns(Engine):
    """Two players; a setup part where it is no one's turn, then turns; a decision may wait."""

    name = "turns"
    title = "Turns"
    verbs = declare(
        Verb("move", _done, who="current",  # the turn player's, no actor field
             fields=(Field("effect", "by a card's effect", kind="flag", option="--effect",
                           required=False),), by_table="effect"),
        Verb("answer", _done, who="pending", answers=("question",)),
        Verb("deal", _done, who="table"),
        Verb("attack", _own_words, who="current"),
    )

    def setup(self, options: dict, chance: Chance) -> dict:
        return {"players": ["Ann", "Bob"], "phase": options.get("phase", "setup"),
                "pending": [], "done": []}

    def current(self, state: Any) -> str | None:
        return None if state["phase"] == "setup" else "Ann"

    def phase(self, state: Any) -> str:
        return state["phase"]

    def is_over(self, state: Any) -> bool:
        return False


def _apply(state: dict, verb: str) -> dict:
    """The state after `verb`, applied to a copy (as the session layer does)."""
    engine = Turns()
    return engine.apply(engine.copy(state), {"verb": verb}, Chance("who", 0))[0]



@pytest.mark.parametrize("game", registry.names())
def test_who_is_checkable_for_every_declared_verb_of_every_registered_game(game):
    """Every verb's `who` is one the core enforces: a pending verb answers a decision, a table
    verb names no actor, an `anyone` verb names its actor. Not every verb without an actor is
    a table verb: the turn player's (`move` in Crôa!) and the decision's (`bounce`) are too."""
    verbs = registry.engine(game).verbs.values()
    assert [(v.name, who_problem(v)) for v in verbs if who_problem(v)] == []


def test_who_pending_a_verb_that_answers_no_decision_is_not_declared():
    with pytest.raises(ValueError, match="answers no decision"):
        declare(Verb("answer", _done, who="pending"))


def test_who_table_a_verb_of_the_table_names_no_actor():
    with pytest.raises(ValueError, match="names an actor"):
        declare(Verb("deal", _done, who="table", fields=(Field("player", kind="player"),),
                     actor="player"))


def test_who_anyone_a_verb_for_any_player_names_its_actor():
    with pytest.raises(ValueError, match="no actor field"):
        declare(Verb("shout", _done, who="anyone"))


def test_who_current_without_an_actor_is_refused_when_it_is_no_ones_turn():
    state = Turns().setup({}, Chance("who", 0))
    with pytest.raises(IllegalAction) as refused:
        _apply(state, "move")
    assert refused.value.rule == Turns().rule("phase")
    assert "no one's turn" in refused.value.message and state["done"] == []
    state = Turns().setup({"phase": "turns"}, Chance("who", 0))
    assert _apply(state, "move")["done"] == ["move"]  # Ann's turn: the turn player moves


def test_who_current_a_card_effect_is_the_tables_and_needs_no_turn_player():
    """Kleos: a minion moved by a card's effect (`move --effect`) is the table's doing, also
    while it is no one's turn (Deployment); without the flag the turn player's rule holds."""
    state = Turns().setup({}, Chance("who", 0))
    engine = Turns()
    after = engine.apply(engine.copy(state), {"verb": "move", "effect": True}, Chance("who", 0))[0]
    assert after["done"] == ["move"]
    with pytest.raises(IllegalAction):
        _apply(state, "move")


def test_who_current_without_an_actor_a_games_own_refusal_words_it_first():
    """The core checks after the handler: a game that refuses in its own terms keeps its rule."""
    state = Turns().setup({}, Chance("who", 0))
    with pytest.raises(IllegalAction) as refused:
        _apply(state, "attack")
    assert refused.value.rule == "Attacks: in your turn"


def test_who_pending_without_an_actor_is_refused_unless_a_decision_of_its_kind_waits():
    state = Turns().setup({"phase": "turns"}, Chance("who", 0))
    with pytest.raises(IllegalAction) as refused:
        _apply(state, "answer")
    assert refused.value.rule == Turns().rule("pending") and state["done"] == []
    state["pending"] = [pending("Bob", "question", ["yes"])]
    assert _apply(state, "answer")["done"] == ["answer"]


def test_who_table_needs_no_player_even_when_it_is_no_ones_turn():
    state = Turns().setup({}, Chance("who", 0))
    assert _apply(state, "deal")["done"] == ["deal"]
