"""Crôa!: the `card` verb's legal list is exact (every card play accepted is listed, or within the
free entry `CARD` of a real hand, and every one listed is accepted; tests/test_legal_exact.py
checks it at random states), and the game's modules import one another without a circle."""

from __future__ import annotations

import ast
from pathlib import Path

from croa_table import Pond
from test_croa_cards import hand, table

from referee.games.croa import ENGINE
from referee.games.croa.cardlist import CARD
from referee.model.errors import InputError

HAND_RULE = "Card module (module cartes): play from your hand"


def _cards(t: Pond) -> list[dict]:
    return [{k: v for k, v in a.items() if k != "verb"} for a in ENGINE.legal_actions(t.state)
            if a["verb"] == "card"]


def test_a_made_up_card_from_a_real_hand_is_a_free_name_for_every_colony():
    # real hands: any of them may hold a card of the table's own; Bob's would be orange
    t = Pond(cards=True)
    listed = _cards(t)
    assert {"card": CARD, "unknown": True} in listed
    assert {"card": CARD, "unknown": True, "player": "Bob"} in listed
    t.do("card", card="Frog Rain", player="blue", unknown=True)  # Bob named by his colour: within the entry
    assert t.state["colonies"][1]["hand"] == ["?", "?"]


def test_a_dealt_hand_plays_only_a_card_it_holds():
    # the referee dealt the hands and knows them: a card Ann does not hold is not recorded
    t = table()
    t.refuse({"verb": "card", "card": "Frog Rain", "unknown": True}, rule=HAND_RULE)
    assert not any(a["card"] == CARD for a in _cards(t))

    def frog_rain(state) -> None:  # a table's own card (a --deck file) in Ann's dealt hand
        col = state["colonies"][0]
        col["hand"].remove("bodyguard")
        col["hand"].append("frog_rain")
        state["deck_counts"]["frog_rain"] = 1
        state["deck_counts"]["bodyguard"] -= 1

    t.arrange(frog_rain)
    assert {"card": "frog_rain", "unknown": True} in _cards(t)
    t.do("card", card="frog_rain", unknown=True)
    assert "does not know" in t.text and "frog_rain" not in t.state["colonies"][0]["hand"]


def test_a_card_refuses_an_argument_it_does_not_take():
    t = table()
    hand(t, "Ann", "the_force", "twins", "mega_jump")
    for action, said in (({"card": "the_force", "to": "b2"}, "takes no --to"),
                         ({"card": "twins", "male": "male1", "from": "a1"}, "takes no --from"),
                         ({"card": "mega_jump", "from": "a1", "to": "c3", "male": "male2"},
                          "takes no --male")):
        assert said in t.refuse({"verb": "card", **action}, kind=InputError).message
    real = Pond(cards=True)
    refused = real.refuse({"verb": "card", "card": "Frog Rain", "to": "b2", "unknown": True},
                          kind=InputError)
    assert "Frog Rain takes no --to" in refused.message
    assert not t.state["colonies"][0]["played_card"] and t.state["colonies"][0]["hand"] == [
        "mega_jump", "the_force", "twins"]


def test_losing_the_force_with_three_cards_in_hand_discards_nothing():
    t = table()
    hand(t, "Ann", "the_force", "twins", "mega_jump")
    t.do("card", card="the_force")  # 2 cards left, the force in front of Ann
    t.refuse({"verb": "card", "card": "the_force", "lost": True, "discard": "twins"},
             rule="May the force")
    assert {"card": "the_force", "lost": True} in _cards(t)
    t.do("card", card="the_force", lost=True)
    assert t.state["colonies"][0]["hand"] == ["mega_jump", "twins"]


def test_a_real_hand_of_four_losing_the_force_may_name_any_card_still_face_down():
    t = Pond(cards=True)
    t.do("card", card="the_force")
    t.do("pass")  # Bob lets it work
    t.move("a2", "a3", tile="reeds")
    t.move("h7", "h6", tile="reeds")  # Ann fills up to 4 unseen cards
    assert t.state["colonies"][0]["hand"] == ["?"] * 4
    listed = _cards(t)
    assert {"card": "the_force", "lost": True, "discard": CARD} in listed
    t.refuse({"verb": "card", "card": "the_force", "lost": True, "discard": "?"}, kind=InputError)
    t.do("card", card="the_force", lost=True, discard="mat")  # a unique prefix: mating season
    assert t.state["discard"]["mating_season"] == 1 and t.state["colonies"][0]["hand"] == ["?"] * 3


def test_a_frog_with_no_free_step_may_still_mega_jump_and_is_offered():
    # Ann's queen on a1 is boxed in by her servants on a2, b1 and b2: no step, but a jump
    t = table()
    hand(t, "Ann", "mega_jump", "twins", "the_force")
    t.place("Ann", "b2")
    assert not [a for a in ENGINE.legal_actions(t.state) if a.get("from") == "a1" and a["verb"] == "move"]
    jumps = {a["to"] for a in _cards(t) if a["card"] == "mega_jump" and a["from"] == "a1"}
    assert jumps == {"a3", "c1", "c3"}
    t.do("card", card="mega_jump", from_="a1", to="c3", tile="reeds")
    assert t.at("c3") == "R"


def test_card_names_complete_from_the_list_never_the_placeholder():
    t = Pond(cards=True)
    names = ENGINE.words(t.state, "card", {}, "card")
    assert "mega_jump" in names and "the_force" in names and CARD not in names
    # a card typed narrows the next field to its own arguments
    assert ENGINE.words(t.state, "card", {"card": "bodyguard"}, "from") == ["a1"]
    assert ENGINE.words(t.state, "card", {"card": "Frog Rain", "unknown": True}, "player") == ["Bob"]


def test_the_croa_modules_import_one_another_without_a_circle():
    package = ENGINE.__module__.rpartition(".")[0]  # referee.games.croa
    folder = Path(package.replace(".", "/"))
    root = Path(__file__).resolve().parents[1]
    graph: dict[str, set[str]] = {}
    for path in (root / folder).glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # inside functions too
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps |= {node.module} if node.module else {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package):
                deps |= {(node.module or "")[len(package):].lstrip(".").split(".")[0]} | {
                    a.name for a in node.names}
        graph[path.stem] = deps & {p.stem for p in (root / folder).glob("*.py")}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n})) for n in graph[start])

    assert graph["cards"] and graph["legal"]
    assert [m for m in sorted(graph) if reaches(m, m, {m})] == []
