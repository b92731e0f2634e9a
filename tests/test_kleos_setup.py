"""Setup: temples per player count, temple assignment, first player, champions, the board map."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from kleos_table import CHAMPIONS, contest, do, minion, new_game

from referee.games.kleos import ENGINE, board
from referee.games.kleos import state as st
from referee.model.errors import InputError
from referee.testing import refused_by

GODS = ("ares", "artemis", "athena", "dionysus", "hermes")
DEFAULT = json.loads(Path(board.__file__).with_name("default_board.json").read_text())


@pytest.mark.parametrize("n, used", [(2, {"h1", "h5"}), (3, {"h1", "h3", "h5"}),
                                     (4, {"h1", "h2", "h4", "h5"}),
                                     (5, {"h1", "h2", "h3", "h4", "h5"})])
def test_temples_used_per_player_count(n, used):
    g = new_game(GODS[:n], seed=f"t{n}", isles=False)
    temples = {p["temple"] for p in g.state["players"]}
    assert temples == used
    # unused temple positions are not locations in this game
    assert {k for k in g.state["board"]["locations"] if k.startswith("h")} == used


def test_first_player_is_the_player_on_temple_1():
    g = new_game(("ares", "athena", "hermes"),
                 temples={"hermes": "h1", "ares": "h3", "athena": "h5"})
    assert g.state["day"] == 1 and g.state["phase"] == "deployment"
    g.act(do("next"))  # Deployment ends: Day 1 Play Phase of the first player
    assert g.state["phase"] == "play"
    assert ENGINE.summary(g.state)["current"] == "Cy"  # Hermes' player
    # turn order goes clockwise (seating order) from the first player
    assert st.turn_order(g.state) == ["hermes", "ares", "athena"]


def test_deployment_cannot_end_while_an_isle_has_no_epic_card():
    """docs/rulings/kleos.md: setup puts one Epic card on each of the five Isles; `next` is refused until
    then, naming the Isles still empty, and offered to playouts only then."""
    g = new_game(isles=False)
    err = g.refuse(do("next"), "Setup: one Epic card on each of the five Isles")
    assert "isle1, isle2, isle3, isle4, isle5 still wait" in err.message
    assert {"verb": "next"} not in ENGINE.legal_actions(g.state)
    g.act(do("isle", isle="isle1", card="Amazonian Queen Myrina"))
    g.act(do("isle", isle="isle3", card="Medusa"))
    g.act(do("isle", isle="isle4", card="Hydra"))
    g.act(do("isle", isle="isle2", card="Minotaur"))
    err = g.refuse(do("next"), "Setup: one Epic card on each of the five Isles")
    assert err.message.endswith("isle5 still waits for one (isle ISLE CARD)")
    assert g.state["phase"] == "deployment"
    g.act(do("isle", isle="isle5", card="Chimera"))
    assert {"verb": "next"} in ENGINE.legal_actions(g.state)
    g.act(do("next"))
    assert g.state["phase"] == "play" and g.state["awaiting"] == []


def test_random_temple_assignment_is_seeded_and_recorded():
    a = new_game(GODS[:4], seed="same", isles=False)
    b = new_game(GODS[:4], seed="same", isles=False)
    assert [p["temple"] for p in a.state["players"]] == [p["temple"] for p in b.state["players"]]
    new = a.loaded.records[0]["results"]
    assert new and new[0]["label"] == "temples"


def test_chosen_temple_must_be_used_with_that_player_count():
    with refused_by("Setup: temple locations used per number of players") as info:
        new_game(temples={"ares": "h2"}, isles=False)
    assert "temple locations used" in info.value.rule


def test_two_players_cannot_share_a_temple():
    with refused_by("Setup: one temple per player"):
        new_game(temples={"ares": "h1", "athena": "h1"}, isles=False)


def test_player_count_and_gods_are_checked():
    with refused_by("Players: 2 to 5"):
        new_game(("ares",), isles=False)
    with refused_by("Setup: each player is a different god"):
        contest({"players": [{"name": "A", "god": "ares"}, {"name": "B", "god": "ares"}],
              "champions": {"ares": CHAMPIONS["ares"]}})
    with pytest.raises(InputError):
        contest({"players": [{"name": "A", "god": "zeus"}, {"name": "B", "god": "ares"}],
              "champions": {"ares": CHAMPIONS["ares"]}})


def test_champions_stats_must_be_given():
    with pytest.raises(InputError) as info:
        contest({"players": [{"name": "A", "god": "ares"}, {"name": "B", "god": "athena"}],
              "champions": {"ares": CHAMPIONS["ares"]}})
    assert "athena" in info.value.message and "--champion" in info.value.message


def test_champions_start_on_their_temples():
    g = new_game()
    assert minion(g, "ares:champion")["location"] == "h1"
    assert minion(g, "athena:champion")["location"] == "h5"
    assert "champion" in minion(g, "ares:champion")["card"]["keywords"]


def test_each_isle_takes_one_epic_card_at_setup():
    g = new_game(isles=False)
    g.act(do("isle", isle="Isle 1", card="Amazonian Queen Myrina"))
    assert g.state["isles"]["isle1"]["name"] == "Amazonian Queen Myrina"
    assert "epic" in g.state["isles"]["isle1"]["keywords"]
    g.refuse(do("isle", isle="isle1", card="Minotaur"), "Greek Isles")
    # only an Epic minion lies on an Isle, and only on an Isle; an Epic card typed without its
    # Disposition is incomplete data
    g.refuse(do("isle", isle="isle2", card="Hoplite Warrior"), "Greek Isles: only Epic minions lie on the Isles")
    assert "not a Greek Isle" in g.refuse(do("isle", isle="port", card="Minotaur"), "Greek Isles").message
    assert "Disposition" in g.refuse(do("isle", isle="isle2", card="Theseus"), kind=InputError).message


def test_unknown_card_is_refused_with_a_hint_to_add_it():
    g = new_game(isles=False)
    err = g.refuse(do("deploy", god="ares", cards=["Amazonian Cavalry"]), kind=InputError)
    assert "card add" in err.message and "Heroic Mount" in err.message


def test_default_board_isles_connect_only_to_the_port():
    b = board.default_board()
    for isle in board.ISLES:
        assert b["adjacent"][isle] == ["port"]
    assert set(board.ISLES) <= set(b["adjacent"]["port"])
    assert b["locations"]["port"]["glory"] == 2
    assert all(b["locations"][c]["glory"] == 1 for c in ("market", "arena", "theater"))


def _board_error(mutate) -> str:
    data = copy.deepcopy(DEFAULT)
    mutate(data)
    with pytest.raises(InputError) as info:
        board.validate(data)
    return info.value.message


def test_board_file_isle_to_isle_link_is_refused():
    msg = _board_error(lambda d: d["adjacent"].append(["isle1", "isle2"]))
    assert "an Isle connects only to the Port" in msg


def test_board_file_errors_name_the_fault():
    assert "missing location arena" in _board_error(lambda d: d["locations"].pop("arena"))
    assert "no location 'agora'" in _board_error(lambda d: d["adjacent"].append(["agora", "port"]))
    assert "must connect to the Port" in _board_error(
        lambda d: d.update(adjacent=[p for p in d["adjacent"] if "isle3" not in p]))
    assert "kind" in _board_error(lambda d: d["locations"]["market"].update(kind="swamp"))
    assert "'locations'" in _board_error(lambda d: d.pop("locations"))
    with pytest.raises(InputError):
        board.validate([1, 2])


def test_another_board_replaces_the_default():
    data = copy.deepcopy(DEFAULT)
    data["adjacent"].append(["h1", "arena"])
    g = new_game(board=data, isles=False)
    assert "arena" in g.state["board"]["adjacent"]["h1"]
