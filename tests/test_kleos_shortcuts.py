"""Fewer keystrokes, no silent slips (issue 12), for Kleos: `next` names whose phase it ends
and may be told whose it should end; `pass all`; no opportunity-attack window for a player
who cannot attack; unique prefixes for minions' owners, slots, locations and card names."""

from __future__ import annotations

from kleos_table import action_phase, do, minion, new_game, place, queue

from referee.games.kleos import ENGINE
from referee.model.errors import InputError


def three_gods_at_the_arena():
    """Bob (Athena) is first: turn order Athena > Hermes > Ares. Each god has a Hoplite at
    the Arena, and it is Ann's (Ares') Action Phase, the last of Day 1."""
    g = new_game(gods=("ares", "athena", "hermes"),
                 temples={"athena": "h1", "ares": "h3", "hermes": "h5"},
                 deploy={"ares": ["Hoplite Warrior"], "athena": ["Hoplite Warrior"],
                         "hermes": ["Hoplite Warrior"]})
    action_phase(g)
    g.act(do("next"))
    g.act(do("next"))
    for ref in ("ares:1", "athena:1", "hermes:1"):
        place(g, ref, "arena")
    return g


# -- next ----------------------------------------------------------------------------------------

def test_next_says_whose_phase_it_ended_and_whose_begins():
    g = new_game()
    g.act(do("next"))  # Deployment ends: Ann's Play Phase
    said = g.act(do("next"))
    assert said[0]["text"] == "Ann's Play Phase ends; Bob's Play Phase begins"
    said = g.act(do("next"))
    assert said[0]["text"] == ("Bob's Play Phase ends; Play Phases are over; "
                               "Ann's Action Phase begins")
    g.act(do("next"))
    said = g.act(do("next"))  # the last Action Phase: Dusk follows
    assert said[0]["text"] == "Bob's Action Phase ends."
    assert said[1]["text"].startswith("Dusk of Day 1")


def test_next_naming_whose_phase_it_is_ends_it_by_name_god_or_prefix():
    g = new_game()
    g.act(do("next"))
    g.act(do("next", god="ann"))  # any case
    g.act(do("next", god="ath"))  # Bob's god, a unique prefix
    assert g.state["phase"] == "action" and ENGINE.summary(g.state)["current"] == "Ann"
    g.ok("next An")  # typed: a unique prefix of Ann's name
    assert ENGINE.summary(g.state)["current"] == "Bob"


def test_a_next_too_many_naming_the_player_is_refused_not_ending_the_next_phase():
    g = new_game()
    g.act(do("next"))
    g.act(do("next", god="Ann"))  # Ann's Play Phase ends: Bob's begins
    err = g.refuse(do("next", god="Ann"), "Turn order")  # a second one, meant for Ann's phase
    assert "Bob's" in err.message and "Ann's" in err.message
    assert g.state["phase"] == "play" and ENGINE.summary(g.state)["current"] == "Bob"
    g.refused("next ares", rule="Turn order")  # typed, by god: refused, nothing recorded
    g.ok("next")  # plain `next` keeps working


def test_next_naming_a_player_during_deployment_is_refused():
    g = new_game()
    g.refuse(do("next", god="Ann"), "Turn order")
    assert g.state["phase"] == "deployment"
    g.refuse(do("next", god="Zed"), kind=InputError)


def test_next_is_logged_with_whose_phase_it_ended():
    from referee.games.kleos import describe

    assert describe.describe({"verb": "next", "god": "ares"}) == "next: ends the phase of ares"
    assert describe.describe({"verb": "next"}) == "next (end of phase)"


# -- opportunity attacks -------------------------------------------------------------------------

def test_pass_all_declines_every_opportunity_attack_left_each_recorded():
    g = three_gods_at_the_arena()
    g.act(do("move", minion="ares:1", to="market"))
    assert queue(g) == ["athena", "hermes"]
    said = [e["text"] for e in g.act(do("pass", god="all"))]
    assert [t for t in said if t.endswith("passes")] == ["Bob (Athena) passes",
                                                        "Cy (Hermes) passes"]
    assert said[-1] == "ares:1 Hoplite Warrior arrives at market"
    assert g.state["pending"] == [] and minion(g, "ares:1")["location"] == "market"
    record = g.loaded.records[-1]["action"]
    assert record == {"verb": "pass", "god": ["athena", "hermes"]}  # each pass, as the log shows
    assert ENGINE.describe(record) == "pass: athena, hermes (no opportunity attack)"


def test_pass_all_typed_after_one_player_attacked():
    g = three_gods_at_the_arena()
    g.ok("move ann:1 ma")
    g.ok("oa athena:1 --dice bb")  # Bob attacks and misses: Cy is asked next
    assert queue(g) == ["hermes"]
    out = g.ok("pass all")
    assert "Cy (Hermes) passes" in out.text and g.state["pending"] == []


def test_pass_naming_players_out_of_order_is_refused_whole():
    g = three_gods_at_the_arena()
    g.act(do("move", minion="ares:1", to="market"))
    g.refuse(do("pass", god=["hermes", "athena"]), "Opportunity attacks")
    g.refuse(do("pass", god=["athena", "ares"]), "Opportunity attacks")
    assert queue(g) == ["athena", "hermes"]
    g.act(do("pass", god=["Bob", "cy"]))
    assert g.state["pending"] == []


def test_a_player_whose_minions_there_cannot_attack_is_not_asked():
    g = three_gods_at_the_arena()
    g.act(do("move", minion="ares:1", to="market"))
    g.act(do("oa", minion="athena:1", dice="--"))  # Bob's Hoplite makes its one attack today
    g.act(do("pass"))  # Cy
    place(g, "ares:champion", "arena")
    said = g.act(do("move", minion="ares:champion", to="market"))
    assert queue(g) == ["hermes"]  # Bob is not asked: his Hoplite there is spent
    assert said[-1]["text"].startswith("Opportunity attack: Cy (Hermes) may attack")
    g.act(do("oa", minion="hermes:1", dice="--"))
    place(g, "ares:1", "arena")
    said = g.act(do("move", minion="ares:1", to="market"))  # no one there can attack now
    assert g.state["pending"] == [] and "moves arena > market" in said[0]["text"]


# -- unique prefixes --------------------------------------------------------------------------

def test_minion_owner_and_slot_by_unique_prefix_logged_in_full():
    g = new_game()
    action_phase(g)
    g.act(do("move", minion="an:ch", to="port"))  # Ann's champion
    assert g.loaded.records[-1]["action"]["minion"] == "ares:champion"
    assert minion(g, "ares:champion")["location"] == "port"
    g.act(do("move", minion="AR:c", to="mark"))
    assert g.loaded.records[-1]["action"]["to"] == "market"


def test_an_ambiguous_prefix_is_refused_naming_the_candidates():
    g = new_game()
    action_phase(g)
    err = g.refuse(do("move", minion="a:c", to="port"), kind=InputError)
    assert "Ann" in err.message and "Bob" in err.message  # Ann, Ares... and Athena (Bob)
    err = g.refuse(do("move", minion="ares:c", to="isle"), kind=InputError)
    assert "isle1 or isle2" in err.message
    g.refuse(do("move", minion="ares:cx", to="port"), kind=InputError)


def test_locations_by_unique_prefix():
    g = new_game(deploy={"ares": ["Centaur"]})
    action_phase(g)
    g.act(do("move", minion="ares:1", to="po", to2="isle3"))  # Swift: port then isle3
    assert minion(g, "ares:1")["location"] == "isle3"
    g.ok("move ann:c ma")  # the market
    assert minion(g, "ares:champion")["location"] == "market"


def test_card_names_by_unique_prefix_typed_at_the_table():
    g = new_game(isles=False)
    g.act(do("isle", isle="isle1", card="Amaz"))  # a card the session knows
    assert g.state["isles"]["isle1"]["name"] == "Amazonian Queen Myrina"
    g.ok("deploy ann Hop Cen")
    assert [m["card"]["name"] for m in g.state["minions"].values() if m["slot"] != "champion"] \
        == ["Hoplite Warrior", "Centaur"]
    g.refused("deploy bob C", code=2)  # Centaur, Cyclops, Chimera, Cerberus...
