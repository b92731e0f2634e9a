"""Kleos, the fourth play-test (issue 35, items 1-5): an Epic card in Hades never comes back;
`pass all` and `pass GOD GOD` are listed when accepted; Daybreak's Isle refill comes before
the day goes on; a check's stat is listed by its four values; an ambiguous card prefix names
the cards it fits."""

from __future__ import annotations

from kleos_table import CARDS, action_phase, do, minion, new_game, place, queue

from referee.games.kleos import ENGINE
from referee.model.errors import InputError
from referee.model.status import status_line

HADES = "Hades: an Epic card in Hades never comes back"
DAYBREAK = "Daybreak: every empty Isle gets its Epic card before the day goes on"


def listed(t, verb: str) -> list[dict]:
    return [{k: v for k, v in a.items() if k != "verb"}
            for a in ENGINE.legal_actions(t.state) if a["verb"] == verb]


def theseus_killed():
    """Ann deploys Theseus (an Epic card from her hand); on Day 1 a card's effect kills it."""
    g = new_game(deploy={"ares": ["Theseus"]})
    g.act(do("kill", minion="ares:1", by="athena", reason="Trickster"))
    assert "Theseus" in g.state["hades"] and "ares:1" not in g.state["minions"]
    return g


# -- 1. an Epic card in Hades never comes back ----------------------------------------------------

def test_hades_an_epic_card_killed_is_not_deployed_again():
    g = theseus_killed()  # still Deployment: the card effect came before Day 1
    err = g.refuse(do("deploy", god="ares", cards=["Theseus"]), HADES)
    assert "Theseus is in Hades" in err.message
    g.refused("deploy athena Theseus", rule=HADES)  # from any hand: there is one card
    assert not [a for a in listed(g, "deploy") if "Theseus" in a["cards"]]
    g.ok("deploy ares Hoplite")  # a basic card has many copies


def test_hades_an_epic_card_killed_is_not_played_again():
    g = theseus_killed()
    g.act(do("next"))  # Day 1: Ann's Play Phase
    g.refused("play ann Theseus", rule=HADES, message="never comes back")
    assert not [a for a in listed(g, "play") if a["card"] == "Theseus"]
    g.ok("play ann Hoplite")


def test_hades_an_epic_card_killed_never_lies_on_an_isle():
    g = new_game(deploy={"ares": ["Centaur", "Theseus"]})
    action_phase(g)
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="s-"))  # Myrina leaves isle1
    g.act(do("kill", minion="ares:2", by="athena", reason="Trickster"))  # Theseus to Hades
    place(g, "ares:1", "port")
    place(g, "ares:3", "port")
    while g.state["day"] == 1:
        g.act(do("next"))
    assert g.state["awaiting"] == ["isle1"]
    g.refused("isle isle1 Theseus", rule=HADES, message="Theseus is in Hades")
    offered = {a["card"] for a in listed(g, "isle")}
    assert "Theseus" not in offered and "Cerberus" in offered
    g.ok("isle isle1 Cerberus")


def test_hades_an_epic_card_sent_to_make_room_stays_there():
    g = new_game(deploy={"ares": ["Theseus", "Centaur", "Hoplite Warrior", "Cyclops"]})
    g.act(do("next"))
    g.act(do("play", god="ares", card="Priest of the Olympian Gods", replace="1"))
    assert "Theseus" in g.state["hades"]
    g.refused("play ann Theseus --replace 2", rule=HADES)


def test_hades_an_epic_card_killed_is_not_attached_either():
    """Used as an attachment it would come back from Hades: refused as every other way back."""
    g = theseus_killed()
    g.act(do("next"))
    g.refused("attach ares Theseus --to ares:champion --as blessing", rule=HADES, message="Theseus is in Hades")
    g.ok("attach ares Aegis --to ares:champion --as blessing")  # any card that is not an Epic one


def test_epic_cards_one_copy_an_epic_card_in_play_is_not_attached_too():
    g = new_game(deploy={"ares": ["Theseus"]})
    g.act(do("next"))
    g.refused("attach ares Theseus --to ares:champion --as blessing",
              rule="Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play",
              message="already in play as ares:1")
    g.refused("attach ares Myrina --to ares:champion --as blessing",  # it lies on an Isle
              rule="Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play", message="lies on isle")


# -- 2. `pass all` and `pass GOD GOD` are listed when accepted --------------------------------------

def four_gods_at_the_arena():
    """Bob (Athena) is first; Ann (Ares) acts last on Day 1; each god has a Hoplite at the
    Arena: Ann's leaving it offers an opportunity attack to Bob, Cy, then Dee."""
    g = new_game(gods=("ares", "athena", "hermes", "artemis"),
                 temples={"athena": "h1", "hermes": "h2", "artemis": "h4", "ares": "h5"},
                 deploy={g: ["Hoplite Warrior"] for g in ("ares", "athena", "hermes", "artemis")})
    action_phase(g)
    while ENGINE.summary(g.state)["current"] != "Ann":
        g.act(do("next"))
    for ref in ("ares:1", "athena:1", "hermes:1", "artemis:1"):
        place(g, ref, "arena")
    return g


def test_opportunity_attack_pass_all_and_pass_gods_are_listed():
    g = four_gods_at_the_arena()
    g.act(do("move", minion="ares:1", to="market"))
    assert queue(g) == ["athena", "hermes", "artemis"]
    passes = listed(g, "pass")
    assert passes == [{}, {"god": "all"}, {"god": ["athena", "hermes"]}]
    for entry in passes:  # each listed form is accepted (a dry run)
        g.act(do("pass", **entry), dry_run=True)
    g.act(do("pass", god=["athena", "hermes"]))
    assert queue(g) == ["artemis"]
    assert listed(g, "pass") == [{}]  # the last one asked: `pass all` is `pass`
    shown = [a["command"] for a in g.run(["hint", "--limit", "0"]).result["actions"]
             if a["command"].startswith("pass")]
    assert shown == ["pass"]


def test_opportunity_attack_pass_all_is_shown_by_hint():
    g = four_gods_at_the_arena()
    g.ok("move ann:1 market")
    shown = [a["command"] for a in g.run(["hint", "--limit", "0"]).result["actions"]
             if a["command"].startswith("pass")]
    assert shown == ["pass", "pass all", "pass athena hermes"]


# -- 3. Daybreak's refill comes before the day goes on ----------------------------------------------

def day_2_with_isle1_waiting():
    g = new_game(deploy={"ares": ["Centaur"]})
    action_phase(g)
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="s-"))  # Myrina joins Ann: Isle 1 has no card
    place(g, "ares:1", "port")
    place(g, "ares:2", "port")
    while g.state["day"] == 1:
        g.act(do("next"))
    assert g.state["awaiting"] == ["isle1"] and g.state["phase"] == "play"
    return g


def test_daybreak_next_waits_for_the_isle_refill():
    g = day_2_with_isle1_waiting()
    out = g.refused("next", rule=DAYBREAK, message="isle1 waits for an Epic card")
    assert "--deck-out" in out.error["message"]
    assert listed(g, "next") == [{"god": "athena", "deck_out": True}]
    g.ok("isle isle1 Cerberus")
    assert listed(g, "next") == [{"god": "athena"}]
    g.ok("next")


def test_daybreak_status_line_says_which_isle_waits():
    g = day_2_with_isle1_waiting()
    assert g.summary["note"] == "isle1 waits for an Epic card (isle ISLE CARD)"
    assert status_line(g.summary, "day") == ("Bob to play · day 2 · play · isle1 waits for an "
                                             "Epic card (isle ISLE CARD)")
    assert "Daybreak: isle1 waits for an Epic card" in " ".join(ENGINE.render(g.state).split())
    g.ok("isle isle1 Cerberus")
    assert "note" not in g.summary


def test_daybreak_the_table_says_the_epic_minion_deck_is_out():
    g = day_2_with_isle1_waiting()
    said = g.act(do("next", deck_out=True))
    assert said[0]["text"].startswith("The Epic Minion Deck is out: isle1 stays empty")
    assert g.state["awaiting"] == [] and g.state["isles"]["isle1"] is None
    # from then on no Daybreak asks for a card: Day 3 goes on with Isle 1 still empty
    while g.state["day"] == 2:
        g.act(do("next"))
    assert g.state["awaiting"] == [] and g.state["isles"]["isle1"] is None
    g.refused("next --deck-out", rule=DAYBREAK, message="no Isle waits")


def test_setup_the_epic_minion_deck_is_never_out():
    g = new_game(isles=False)
    g.refused("next --deck-out", rule="Setup: one Epic card on each of the five Isles")


# -- 4. a check's stat: its four values are listed ---------------------------------------------------

def test_stat_checks_list_the_four_stats():
    g = new_game()
    alone = {a["stat"] for a in listed(g, "check") if a["minion"] == "ares:champion"
             and "against" not in a}
    assert alone == {"attack", "defense", "cunning", "tactics"}
    competing = [a for a in listed(g, "check") if a.get("against") == "athena:champion"
                 and a["minion"] == "ares:champion"]
    assert sorted(a["stat"] for a in competing) == ["attack", "cunning", "defense", "tactics"]
    assert "STAT" not in str(listed(g, "check"))
    g.refused("check ares:c luck --need 1", code=2)


# -- 5. an ambiguous card prefix names the cards it fits ---------------------------------------------

def test_an_ambiguous_card_prefix_names_the_cards_it_fits():
    cards = {**CARDS, "Shield Maiden": {"attack": 2, "defense": 3, "cunning": 1, "tactics": 1},
             "Shieldbearer": {"attack": 1, "defense": 3, "cunning": 1, "tactics": 2}}
    g = new_game(cards=cards)
    out = g.refused("deploy ares sh", code=2)
    assert out.error["message"] == "'sh' fits two cards: Shield Maiden, Shieldbearer"
    err = g.refuse(do("deploy", god="ares", cards=["Shi"]), kind=InputError)
    assert "fits two cards: Shield Maiden, Shieldbearer" in err.message
    assert minion(g, "ares:champion")["location"] == "h1"
    g.ok("deploy ares shieldb")
