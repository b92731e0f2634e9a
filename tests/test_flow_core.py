"""The core's flow, once for every game: a declared verb is let through or refused here.

The engine below is a minimal declared game made for these tests only (two players take
turns adding to a counter; `steal` asks the other player to answer). The five real games
are checked against the same code by their own tests and the shared playouts.
"""

from __future__ import annotations

import pytest

from referee.model.chance import Chance
from referee.model.engine import Engine
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Field, Verb, declare, pending
from referee.testing import refused_by


def _add(state, action, chance):
    state["count"] += int(action["n"])
    state["turn"] += 1
    state["current"] = 1 - state["current"]
    if state["count"] >= 10:
        state["over"] = True
    return [{"text": f"+{action['n']}"}]


def _steal(state, action, chance):
    other = state["players"][1 - state["current"]]
    state["pending"] = [pending(other, "answer", ["allow", "block"], by=action["player"])]
    return []


def _answer(state, action, chance):
    state["pending"] = []
    return [{"text": action["choice"]}]


def _options_add(state):
    return [{"player": state["players"][state["current"]], "n": n} for n in (1, 2)]


class Counter(Engine):
    name = "counter"
    title = "Counter"
    min_players = 2
    max_players = 3
    verbs = declare(
        Verb("add", _add, help="Add to the counter.", actor="player",
             fields=(Field("player", kind="player"), Field("n", kind="int")),
             phases=("play",), options=_options_add),
        Verb("steal", _steal, actor="player", fields=(Field("player", kind="player"),)),
        Verb("answer", _answer, who="pending", answers=("answer",), actor="player",
             fields=(Field("player", kind="player"), Field("choice")),
             options=lambda s: [{"player": p["player"], "choice": c}
                                for p in s["pending"] for c in p["choices"]]),
        Verb("setup-done", lambda s, a, c: [], who="table", phases=("setup",)),
    )

    def setup(self, options, chance):
        return {"players": list(options["players"]), "count": 0, "turn": 1, "current": 0,
                "over": False, "pending": []}

    def current(self, state):
        return state["players"][state["current"]]

    def phase(self, state):
        return "play"

    def is_over(self, state):
        return state["over"]

    def summarize(self, state):
        return {"players": [{"name": p, "score": None} for p in state["players"]],
                "turn": state["turn"], "winners": []}


def _new(*names):
    engine = Counter()
    return engine, engine.start({"players": list(names or ("Ann", "Bob"))}, Chance("1", 0))


def _do(engine, state, **action):
    return engine.apply(state, action, Chance("1", 1))


def test_player_count_is_checked_from_min_and_max_players():
    with refused_by("Players: 2 to 3", match="2-3 players") as exc:
        _new("Ann")
    assert "2 to 3" in exc.value.rule
    with refused_by("Players: 2 to 3"):
        _new("A", "B", "C", "D")


def test_unknown_verb_is_refused_naming_the_verbs():
    engine, state = _new()
    with pytest.raises(InputError, match="verbs: add, steal, answer"):
        _do(engine, state, verb="fly")


def test_player_names_any_case_and_unique_prefix():
    engine, state = _new("Ann", "Annika", "Bob")
    assert engine.resolve_player(state, "BOB") == "Bob"
    assert engine.resolve_player(state, "b") == "Bob"
    assert engine.resolve_player(state, "ann") == "Ann"  # exact beats prefix
    with pytest.raises(InputError, match="Ann or Annika"):
        engine.resolve_player(state, "an")
    with pytest.raises(InputError, match="no player 'zed'"):
        engine.resolve_player(state, "zed")


def test_normalize_records_the_seated_name():
    engine, state = _new()
    assert engine.normalize(state, {"verb": "add", "player": "an", "n": "1"})["player"] == "Ann"


def test_out_of_turn_is_refused_with_the_turn_rule():
    engine, state = _new()
    with refused_by("Turn order: only the player whose turn it is acts", match="it is Ann's turn, not Bob's") as exc:
        _do(engine, state, verb="add", player="bob", n="1")
    assert exc.value.rule.startswith("Turn order")
    _do(engine, state, verb="add", player="ann", n="1")
    assert state["count"] == 1 and state["current"] == 1


def test_only_the_answer_while_a_decision_is_pending():
    engine, state = _new()
    _do(engine, state, verb="steal", player="Ann")
    with refused_by("Pending decisions: only the answer is accepted until it is made", match="Bob must first answer the answer") as exc:
        _do(engine, state, verb="add", player="Ann", n="1")
    assert exc.value.rule.startswith("Pending")
    with refused_by("Pending decisions: only the answer is accepted until it is made", match="Bob must answer"):
        _do(engine, state, verb="answer", player="Ann", choice="allow")
    _do(engine, state, verb="answer", player="b", choice="allow")
    assert state["pending"] == []


def test_an_answer_with_nothing_pending_is_refused():
    engine, state = _new()
    with refused_by("Pending decisions: only the answer is accepted until it is made", match="no decision is waiting"):
        _do(engine, state, verb="answer", player="Bob", choice="allow")


def test_a_verb_outside_its_phase_is_refused():
    engine, state = _new()
    with refused_by("Phases: each verb belongs to its phase", match="belongs to the setup phase") as exc:
        _do(engine, state, verb="setup-done")
    assert exc.value.rule.startswith("Phases")


def test_nothing_after_the_end():
    engine, state = _new()
    for player in ("Ann", "Bob", "Ann", "Bob", "Ann"):
        _do(engine, state, verb="add", player=player, n="2")
    assert engine.summary(state)["over"]
    with refused_by("End of the game", match="game is over"):
        _do(engine, state, verb="add", player="Bob", n="1")
    assert engine.legal_actions(state) == []


def test_summary_pending_is_the_states_one_list_without_its_data():
    engine, state = _new()
    _do(engine, state, verb="steal", player="Ann")
    assert state["pending"][0]["data"] == {"by": "Ann"}
    assert engine.summary(state)["pending"] == [
        {"player": "Bob", "decision": "answer", "choices": ["allow", "block"]}]


def test_legal_actions_follow_the_flow():
    engine, state = _new()
    assert [a["verb"] for a in engine.legal_actions(state)] == ["add", "add"]
    _do(engine, state, verb="steal", player="Ann")
    assert engine.legal_actions(state) == [
        {"verb": "answer", "player": "Bob", "choice": "allow"},
        {"verb": "answer", "player": "Bob", "choice": "block"}]


def test_words_for_the_next_field_are_the_legal_ones():
    engine, state = _new()
    assert engine.words(state, "add", {}, "player") == ["Ann"]
    assert engine.words(state, "add", {"player": "ann"}, "n") == ["1", "2"]
    assert engine.words(state, "add", {"player": "Bob"}, "n") == []


def test_an_open_field_offers_no_words():
    """A free value (a reason, a card named at the table) is never guessed by completion."""
    engine, state = _new()
    assert engine.words(state, "add", {}, "player") == ["Ann"]
    verbs = dict(Counter.verbs)
    try:
        add = verbs["add"]
        Counter.verbs = {**verbs, "add": Verb("add", add.handler, actor="player", phases=("play",),
                                              fields=(Field("player", kind="player"),
                                                      Field("n", kind="int", open=True)),
                                              options=add.options)}
        assert engine.words(state, "add", {"player": "Ann"}, "n") == []
    finally:
        Counter.verbs = verbs


def test_words_read_what_is_typed_as_the_log_would_keep_it():
    """A unique prefix typed for an earlier field counts as the name it stands for."""
    engine, state = _new("Ann", "Bob")
    assert engine.words(state, "add", {"player": "an"}, "n") == ["1", "2"]
    assert engine.words(state, "add", {"player": "b"}, "n") == []


def test_declaring_a_verb_twice_or_an_undeclared_actor_is_a_defect():
    with pytest.raises(ValueError, match="twice"):
        declare(Verb("a", _add), Verb("a", _add))
    with pytest.raises(ValueError, match="actor field"):
        declare(Verb("a", _add, actor="who"))


def test_a_game_may_word_the_flows_refusals_but_the_core_decides():
    class Worded(Counter):
        def refusal(self, state, verb, action, key, message):
            return IllegalAction(f"{key}: count is {state['count']}", "Counter's own rule")

    engine = Worded()
    state = engine.start({"players": ["Ann", "Bob"]}, Chance("1", 0))
    with refused_by("Counter's own rule", match="turn: count is 0") as exc:
        _do(engine, state, verb="add", player="Bob", n="1")
    assert exc.value.rule == "Counter's own rule"
    _do(engine, state, verb="add", player="Ann", n="1")  # accepted as before
    with refused_by("Counter's own rule", match="pending: count is 1"):
        _do(engine, state, verb="answer", player="Bob", choice="allow")
