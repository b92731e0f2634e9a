"""Crôa! chains (issue 20): answers given up front with `move`/`card` and answers typed step by
step are one path, and a part the chain does not call for is refused, never dropped."""

from __future__ import annotations

import random
from typing import Any

import pytest
from croa_table import Pond
from test_croa_cards import hand, table

from referee.games.croa import ENGINE
from referee.games.croa.cards import MOVE_CARDS
from referee.model import view
from referee.model.chance import Chance
from referee.testing import Table

EXTRA = "Extra parts"
ANSWERS = {"bounce": "bounce", "mosquito": "mosquito", "log-removal": "remove"}

# -- extra parts: refused, exit 1, the rule named, nothing stored ------------------------------


def test_extra_parts_a_bounce_when_nothing_bounces_is_refused():
    t = Table("croa", "--player Ann:red --player Bob:blue", seed="5")
    out = t.refused("move a2 a3 --tile reeds --bounce a4:reeds", rule=EXTRA)
    assert "--bounce a4:reeds" in out.error["message"]
    assert t.log_length() == 1 and "a3" not in t.state["tiles"]  # only `new` is stored


def test_extra_parts_a_mosquito_without_a_mosquito_is_refused():
    t = Table("croa", "--player Ann:red --player Bob:blue", seed="5")
    t.refused("move a2 a3 --tile reeds --mosquito b1:c2:reeds", rule=EXTRA)
    assert t.log_length() == 1


def test_extra_parts_a_remove_without_a_third_servant_is_refused():
    t = Pond()
    t.tile("b2", "log")
    t.place("Bob", "b2")  # one servant on the log: the second arrives, nobody leaves
    t.refuse({"verb": "move", "from": "b1", "to": "b2", "remove": "b2:blue"}, rule=EXTRA)
    assert t.at("b2") == "b" and t.at("b1") == "r"


def test_extra_parts_bounces_beyond_the_end_of_the_chain_are_refused():
    t = Pond()
    t.tile("c3", "reeds")
    # b2 is a lily pad, c3 reeds: the chain stops after one bounce; two more were typed
    t.refuse({"verb": "move", "from": "a1", "to": "b2", "tile": "lilypad",
              "bounce": ["c3", "d4:reeds", "e5:reeds"]}, rule=EXTRA)
    assert t.at("a1") == "R" and "b2" not in t.state["tiles"]
    t.move("a1", "b2", tile="lilypad", bounce=["c3"])
    assert t.at("c3") == "R" and t.current == "Bob"


def test_extra_parts_a_remove_after_a_chain_that_waits_for_a_mosquito_is_refused():
    # the chain stops at the mosquito (no answer for it given): the --remove is never reached
    t = Pond()
    t.refuse({"verb": "move", "from": "a2", "to": "a3", "tile": "mosquito",
              "remove": "b2:blue"}, rule=EXTRA)
    assert t.log_length() == 1


def test_extra_parts_a_card_that_moves_no_frog_takes_no_chain():
    t = table()
    hand(t, "Ann", "mating_season", "twins", "the_force")
    t.refuse({"verb": "card", "card": "mating_season", "male": "male1", "bounce": ["b2"]},
             rule=EXTRA)
    assert t.state["colonies"][0]["hand"] == ["mating_season", "the_force", "twins"]


def test_extra_parts_a_move_card_refuses_a_bounce_it_does_not_call_for():
    t = table()
    t.refuse({"verb": "card", "card": "mega_jump", "from": "a1", "to": "c3", "tile": "reeds",
              "bounce": ["d4:reeds"]}, rule=EXTRA)
    assert t.at("a1") == "R" and "mega_jump" in t.state["colonies"][0]["hand"]
    t.do("card", card="mega_jump", from_="a1", to="c3", tile="lilypad", bounce=["d4:reeds"])
    assert t.at("d4") == "R" and t.current == "Bob"


def test_extra_parts_wait_for_a_doesnt_work_window_on_a_move_card():
    # Real hands: Bob may hold a Doesn't work!; the card's bounce is typed once it works.
    t = Pond(cards=True)
    t.refuse({"verb": "card", "card": "mega_jump", "from": "a1", "to": "c3", "tile": "lilypad",
              "bounce": ["d4:reeds"]}, rule=EXTRA)
    t.do("card", card="mega_jump", from_="a1", to="c3", tile="lilypad")
    t.do("pass")
    t.do("bounce", to="d4:reeds")
    assert t.at("d4") == "R" and t.current == "Bob"


def test_extra_parts_a_forced_bounce_typed_up_front_must_name_the_only_choice():
    t = Pond()
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("b7", "reeds")
    t.tile("a8", "lilypad")
    t.refuse({"verb": "move", "from": "b7", "to": "a8", "bounce": ["a7"]}, rule="Lily pad")
    t.move("b7", "a8", bounce=["b7"])  # the way back, the only choice, typed: accepted
    assert t.at("b7") == "r" and t.at("a8") == ""


# -- one path: up front or step by step, the same state and events ---------------------------


def test_thunderclap_a_chain_typed_whole_is_the_table_s_word_that_nobody_played_one():
    # dealt hands: Bob holds a Thunderclap, yet the bounce typed with the move says he did not
    # play it; the window is recorded as passed by Bob
    t = table()
    hand(t, "Bob", "thunderclap", "mega_jump", "mega_jump")
    t.move("a1", "b2", tile="lilypad", bounce=["c3:reeds"])
    assert t.at("c3") == "R" and t.current == "Bob" and not t.summary["pending"]
    passed = [e for e in t.events if e.get("passed") == "thunderclap"]
    assert passed and passed[0]["players"] == ["Bob"]
    assert "No Thunderclap from Bob: the frog bounces on." in t.text


def test_thunderclap_step_by_step_stays_possible_and_a_holder_keeps_the_frog():
    t = table()
    hand(t, "Bob", "thunderclap", "mega_jump", "mega_jump")
    t.move("a1", "b2", tile="lilypad")  # dealt hands: each colony with a card is asked
    assert [(p["player"], p["decision"]) for p in t.summary["pending"]] == [
        ("Ann", "bounce"), ("Ann", "thunderclap"), ("Bob", "thunderclap")]
    t.do("card", card="thunderclap", player="Bob")
    assert "stays on the lily pad at b2" in t.text and t.at("b2") == "R"


def test_thunderclap_held_by_the_mover_alone_does_not_stop_an_up_front_bounce():
    t = table()
    hand(t, "Ann", "thunderclap", "mega_jump", "mega_jump")  # typing the bounce declines it
    hand(t, "Bob")  # Bob holds no card at all: nobody else is asked
    t.move("a1", "b2", tile="lilypad", bounce=["c3:reeds"])
    assert t.at("c3") == "R" and t.current == "Bob"


def test_thunderclap_a_chain_typed_whole_at_the_command_line_passes_the_window_for_all():
    # real hands, three colonies: Bob and Cy may hold a Thunderclap; the whole chain is accepted
    t = Table("croa", "--player Ann:red --player Bob:blue --player Cy:green --cards", seed="5")
    out = t.ok("move a1 b2 -t li --bounce c3:r")
    assert "No Thunderclap from Bob and Cy: the frog bounces on." in out.text
    assert t.state["tiles"]["c3"] == "reeds" and t.log_length() == 2
    # the same answered step by step says the same
    t.ok("move a8 b7 -t li")  # Bob's queen
    out = t.ok("bounce c6:r")
    assert "No Thunderclap from Ann and Cy: the frog bounces on." in out.text


class _Scripted(Chance):
    """A live chance (not a replay) that hands out the results another run drew, in order."""

    def __init__(self, seed: str, ply: int, results: list[dict[str, Any]]) -> None:
        super().__init__(seed, ply)
        self.queue = list(results)

    def draw(self, label: str, generate: Any, typed: Any = None, check: Any = None,
             what: str = "draw a result", to: str | None = None) -> Any:
        if typed is None and self.queue:
            nxt = self.queue.pop(0)
            assert nxt["label"] == label, (nxt, label)
            typed = nxt["value"]
        return super().draw(label, generate, typed, check, what, to)


def _said(events: list[dict]) -> list[str]:
    """What the rules said (not the line telling the table how to answer what waits)."""
    return [view.text(e) for e in events if not e.get("hint")]


def _up_front(action: dict, answers: list[dict]) -> dict:
    out: dict[str, Any] = {**action, "bounce": [], "mosquito": [], "remove": None}
    for a in answers:
        if a["verb"] == "bounce":
            out["bounce"].append(a["to"])
        elif a["verb"] == "mosquito":
            out["mosquito"].append(f"{a['from']}:{a['to']}" + (f":{a['tile']}" if a.get("tile")
                                                                 else ""))
        else:
            out["remove"] = a["which"]
    return {k: v for k, v in out.items() if v not in ([], None)}


def _guarded(state: dict) -> bool:
    """Whether another colony than the mover may stop the waiting bounce with a Thunderclap
    (the mover may not answer such a bounce up front)."""
    mover = state["pending"][0]["player"]
    return any(p["decision"] == "thunderclap" and p["player"] != mover for p in state["pending"])


def _chains(seed: int, digital: bool, cards: bool) -> tuple[int, int]:
    """Play one random game; at each move of the turn, play it step by step (random answers)
    and again with those answers up front (up to a bounce another colony may stop with a
    Thunderclap: from there they are typed); both must end alike. Returns (moves, answers
    given up front)."""
    rng = random.Random(seed)
    players = ["Ann:red", "Bob:blue", "Cy:green", "Dee:yellow"][: 2 + seed % 3]
    options = {"players": players, "digital": digital, "cards": cards}
    state = ENGINE.start(options, Chance(str(seed), 0))
    ply, moves, up_front = 1, 0, 0
    while ply < 400 and not ENGINE.is_over(state):
        legal = ENGINE.playout_choices(state)  # the playout sample (no made-up card)
        movers = [a for a in legal if a["verb"] == "move" or a.get("card") in MOVE_CARDS]
        if state["pending"] or not movers or rng.random() < 0.3:
            state, _ = ENGINE.apply(ENGINE.copy(state), rng.choice(legal), Chance(str(seed), ply))
            ply += 1
            continue
        action = rng.choice(movers)
        # step by step: the move, then a random answer to each decision of the mover's
        steps, said, results, answers, guarded = ENGINE.copy(state), [], [], [], []
        chance = Chance(str(seed), ply)
        steps, events = ENGINE.apply(steps, action, chance)
        said += _said(events)
        results.append(chance.results)
        while steps["pending"] and steps["pending"][0]["decision"] in ANSWERS:
            guarded.append(steps["pending"][0]["decision"] == "bounce" and _guarded(steps))
            verb = ANSWERS[steps["pending"][0]["decision"]]
            answer = rng.choice([a for a in ENGINE.legal_actions(steps) if a["verb"] == verb])
            chance = Chance(str(seed), ply + 1 + len(answers))
            steps, events = ENGINE.apply(steps, answer, chance)
            said += _said(events)
            results.append(chance.results)
            answers.append(answer)
        if steps["window"] is not None and answers:
            state, ply = steps, ply + 1 + len(answers)  # a card's window: answers come later
            continue
        # up front: every answer goes with the move (a bounce another colony may stop with a
        # Thunderclap too: the chain typed whole says nobody played one)
        k = len(answers)
        given = [r for rs in results[: k + 1] for r in rs]
        whole, events = ENGINE.apply(ENGINE.copy(state), _up_front(action, answers[:k]),
                                     _Scripted(str(seed), ply, given))
        heard = _said(events)
        for i in range(k, len(answers)):
            whole, events = ENGINE.apply(whole, answers[i],
                                         _Scripted(str(seed), ply + 1 + i, results[i + 1]))
            heard += _said(events)
        assert whole == steps, (seed, action, answers)
        assert heard == said, (seed, action, answers)
        ENGINE.check_invariants(whole)
        state, ply = steps, ply + 1 + len(answers)
        moves, up_front = moves + 1, up_front + k
    return moves, up_front


@pytest.mark.parametrize("seed", range(8))
def test_a_chain_given_up_front_ends_as_the_same_chain_answered_step_by_step(seed):
    moves, answered = _chains(seed, digital=True, cards=seed % 2 == 1)
    # with cards a bounce waits for every colony holding one (a Thunderclap may come from
    # any of them), so a game may give no answer up front at all
    assert moves > 10 and (answered > 0 or seed % 2 == 1)


@pytest.mark.parametrize("seed", range(4))
def test_a_chain_given_up_front_ends_as_the_same_chain_answered_step_by_step_with_typed_tiles(
        seed):
    moves, answered = _chains(100 + seed, digital=False, cards=seed % 2 == 1)
    assert moves > 10 and answered > 0


def test_extra_parts_in_an_older_log_are_still_replayed_as_ignored():
    # Logs written before this ruling kept a move whose extra part was ignored: they replay.
    from referee.record import session

    records = [{"action": {"verb": "new", "players": ["Ann:red", "Bob:blue"]}, "results": []},
               {"action": {"verb": "move", "from": "a2", "to": "a3", "tile": "reeds",
                           "bounce": ["a4:reeds"]},
                "results": [{"label": "tile a3", "value": "reeds", "source": "table"}]}]
    state = session.replay(ENGINE, "old", records)
    assert state["tiles"] == {"a3": "reeds"} and state["current"] == 1
