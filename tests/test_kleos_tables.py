"""Rules checked at the tables the first engineers did not play: 3, 4 and 5 gods, the Epic
deck's single copies, Swift's double move, Olympus' Favor on a defeated champion."""

from __future__ import annotations

from kleos_table import CARDS, ISLE_CARDS, action_phase, do, glory_of, minion, new_game, place
from test_kleos_flow import end_of_day

from referee.games.kleos import ENGINE

FIVE = ("ares", "athena", "hermes", "artemis", "dionysus")
TEMPLES5 = {"ares": "h1", "athena": "h2", "hermes": "h3", "artemis": "h4", "dionysus": "h5"}


# -- The Epic Minion Deck: one copy of each Epic minion ---------------------------------------

def test_epic_deck_holds_one_copy_of_each_epic_minion():
    g = new_game(isles=False)
    g.act(do("isle", isle="isle1", card="Amazonian Queen Myrina"))
    g.refuse(do("isle", isle="isle4",
              card="Amazonian Queen Myrina"), "Epic Minion Deck: one copy of each Epic minion")
    g.act(do("isle", isle="isle4", card="Cyclops", stats={**CARDS["Cyclops"], "name": "Cyclops",
                                                      "disposition": 2}))


def test_a_recruited_epic_minion_is_not_drawn_again():
    g = new_game(deploy={"ares": ["Centaur"]})
    action_phase(g)
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="s-"))  # Myrina joins Ann
    place(g, "ares:1", "port")
    g.act(do("kill", minion="ares:2", by="athena", reason="a card"))  # Myrina dies: to Hades
    g.act(do("next"))
    end_of_day(g)
    assert "isle1" in g.state["awaiting"]  # no card, no minion: a new Epic card is drawn
    g.refuse(do("isle", isle="isle1", card="Amazonian Queen Myrina"), "Epic Minion Deck: one copy of each Epic minion")


def test_an_epic_card_on_an_isle_is_never_deployed_or_played_from_a_hand():
    """docs/rulings/kleos.md: each Epic card exists once; the Minotaur waiting on isle2 is not also in a
    hand (a minion there may recruit it)."""
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})  # the Minotaur waits on isle2
    err = g.refuse(do("deploy", god="ares", cards=["Minotaur"]), "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play")
    assert "Minotaur lies on isle2" in err.message
    g.refuse(do("deploy", god="athena",
              cards=["Hoplite Warrior", "minotaur"]), "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play")  # nothing of a refused deploy enters
    g.act(do("next"))  # Ann's Play Phase
    err = g.refuse(do("play", god="ares", card="Minotaur"), "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play")
    assert "Minotaur lies on isle2" in err.message
    g.act(do("play", god="ares", card="Theseus"))  # an Epic card from the Divine deck: fine


def test_an_epic_card_in_play_never_goes_on_an_isle_nor_enters_play_twice():
    """docs/rulings/kleos.md: the other way round, an Epic card deployed, played or recruited is in play,
    so it cannot lie on an Isle too, nor come from a hand a second time."""
    g = new_game(isles=False, deploy={"athena": ["Minotaur"]})
    err = g.refuse(do("isle", isle="isle2", card="Minotaur"), "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play")
    assert "Minotaur is already in play as athena:1" in err.message
    assert "isle2" in g.state["awaiting"]
    g.refuse(do("deploy", god="ares", cards=["Minotaur"]), "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play")
    g.refuse(do("deploy", god="ares", cards=["Theseus", "Theseus"]), "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play")
    g.act(do("deploy", god="ares", cards=["Hoplite Warrior", "Hoplite Warrior"]))  # Basic: many copies
    for isle, card in ISLE_CARDS.items():
        if isle != "isle2":
            g.act(do("isle", isle=isle, card=card))
    g.act(do("isle", isle="isle2", card="Cerberus"))
    action_phase(g)
    place(g, "ares:1", "isle1")
    g.act(do("recruit", minion="ares:1", dice="s"))  # Myrina joins Ann as ares:3
    end_of_day(g)  # Day 2: Bob's Play Phase first, then Ann's
    g.act(do("next"))
    err = g.refuse(do("play", god="ares",
                    card="Amazonian Queen Myrina"), "Epic cards: one copy of each Epic minion, on an Isle, in a hand or in play")
    assert "already in play as ares:3" in err.message


# -- Swift ------------------------------------------------------------------------------------

def test_swift_double_move_ends_two_locations_away():
    """Port > Isle 1 > Port would move the Centaur nowhere: refused, nothing spent."""
    g = new_game(deploy={"ares": ["Centaur"]})
    action_phase(g)
    place(g, "ares:1", "port")
    g.refuse(do("move", minion="ares:1", to="isle1", to2="port"), "Swift: a two-location move ends two locations away")
    assert minion(g, "ares:1")["actions"] == 2 and minion(g, "ares:1")["moves"] == 0
    g.act(do("move", minion="ares:1", to="market", to2="arena"))
    assert minion(g, "ares:1")["location"] == "arena"


# -- Olympus' Favor on a champion -------------------------------------------------------------

def test_defeated_champion_keeps_olympus_favor():
    """Decision (the rulebook is silent): the Favor is a token, not an attached card, and is
    lost only when another minion gains it; a champion never leaves play, so it keeps it."""
    g = new_game(deploy={"ares": ["Hoplite Warrior"]})
    action_phase(g)
    g.act(do("favor", minion="athena:champion"))
    place(g, "ares:champion", "port")
    place(g, "athena:champion", "port")
    # Achilles: 4 Attack, Tactics 0 (the Hoplite is at h1): 3 successes = Defense 3: defeated
    g.act(do("attack", minion="ares:champion", target="athena:champion", dice="sss-", retaliation="---"))
    assert minion(g, "athena:champion")["location"] == "h5" and glory_of(g, "ares") == 2
    assert g.state["favor"] == "athena:champion"


# -- Three, four and five gods: temples, Dusk, Zeus' Pity, the Isles ------------------------------

def test_temples_used_with_three_four_and_five_gods():
    # 3P H1, H3, H5; 4P H1, H2, H4, H5; 5P all: the unused temples are no locations at all
    for gods, used in ((FIVE[:3], ["h1", "h3", "h5"]), (FIVE[:4], ["h1", "h2", "h4", "h5"]),
                       (FIVE, ["h1", "h2", "h3", "h4", "h5"])):
        g = new_game(gods=gods)
        temples = sorted(p["temple"] for p in g.state["players"])
        assert temples == used
        assert [t for t in g.state["board"]["locations"] if t.startswith("h")] == used
        first = g.state["players"][g.state["first"]]
        assert first["temple"] == "h1"


def test_three_gods_dusk_control_then_zeus_pity():
    g = new_game(gods=FIVE[:3], temples={"ares": "h1", "athena": "h3", "hermes": "h5"},
                 deploy={"ares": ["Hoplite Warrior", "Hoplite Warrior"],
                         "athena": ["Hoplite Warrior"], "hermes": ["Hoplite Warrior"]})
    g.act(do("next"))
    g.act(do("glory", god="ares", delta="+3", reason="a card"))
    g.act(do("glory", god="hermes", delta="+1", reason="a card"))
    for ref in ("ares:1", "ares:2", "athena:1", "athena:champion", "hermes:1"):
        place(g, ref, "port")
    place(g, "hermes:champion", "market")
    place(g, "athena:champion", "market")  # moved on: Market Athena 1 vs Hermes 1, no tiebreak
    place(g, "athena:1", "arena")
    end_of_day(g)
    # Port: Ares 2, Hermes 1 -> Ann +2 (5). Market: Bob's champion vs Cy's champion, both
    # champions -> nobody. Arena: Bob alone +1 (1). Theater: empty.
    assert [glory_of(g, x) for x in ("ares", "athena", "hermes")] == [5, 1, 1]
    # Daybreak of Day 2 (after Dusk): leader 5; Bob and Cy 4 behind -> nobody's pitied
    assert g.state["pity"] == []
    g.act(do("glory", god="ares", delta="+1", reason="a card"))
    end_of_day(g)
    # Dusk 2: Port Ares 2 vs Hermes 1 -> Ann +2 = 8; Arena Bob +1 = 2; Market still tied.
    # Leader 8: Bob 6 behind, Cy 7 behind -> both, in Day 3's turn order (Cy first, then Ann, Bob)
    assert [glory_of(g, x) for x in ("ares", "athena", "hermes")] == [8, 2, 1]
    assert g.state["pity"] == ["hermes", "athena"]
    assert "Zeus' Pity" in ENGINE.render(g.state)


def test_four_gods_dusk_three_way_tie_with_one_champion():
    g = new_game(gods=FIVE[:4], temples={"ares": "h1", "athena": "h2", "hermes": "h4",
                                         "artemis": "h5"},
                 deploy={"ares": ["Hoplite Warrior"], "athena": ["Hoplite Warrior"]})
    g.act(do("next"))
    place(g, "ares:1", "theater")
    place(g, "athena:1", "theater")
    place(g, "hermes:champion", "theater")
    place(g, "artemis:champion", "port")
    end_of_day(g)
    # Theater: three players with one minion each; only Hermes' is a champion -> Cy +1.
    # Port: Artemis alone -> Dee +2.
    assert [glory_of(g, x) for x in ("ares", "athena", "hermes", "artemis")] == [0, 0, 1, 2]
    rows = {r[0]: r[2] for r in g.state["dusk"]["rows"]}
    assert rows["Theater"] == "Cy +1 (champion breaks the tie)" and rows["Port"] == "Dee +2"
    assert g.state["pity"] == []
    # first player: Ann held H1 on Day 1; Day 2 passes clockwise to Bob
    assert ENGINE.summary(g.state)["current"] == "Bob"


def test_five_gods_isles_repopulate_and_pity_at_daybreak():
    g = new_game(gods=FIVE, temples=TEMPLES5, deploy={"hermes": ["Centaur"]})
    g.act(do("next"))
    g.act(do("glory", god="dionysus", delta="+5", reason="a card"))
    place(g, "hermes:1", "isle1")
    place(g, "ares:champion", "isle4")
    place(g, "artemis:champion", "isle5")
    action_phase(g)
    g.act(do("next"))
    g.act(do("next"))  # Cy's (Hermes) Action Phase
    g.act(do("recruit", minion="hermes:1", dice="s-"))  # Myrina leaves isle1; the Centaur stays
    g.act(do("next"))  # Dee's (Artemis) Action Phase
    g.act(do("recruit", minion="artemis:champion", dice="ss-"))  # the Chimera joins Dee on isle5
    g.act(do("move", minion="artemis:champion", to="port"))
    g.act(do("kill", minion="artemis:1", reason="a card"))  # the Chimera dies: isle5 is empty
    end_of_day(g)
    # isle1: no card but Hermes' minions -> not populated; isle5: no card, no minion ->
    # populated; isle2-4 still hold their cards (Ares' champion beside the Hydra on isle4)
    assert g.state["awaiting"] == ["isle5"]
    # leader Eve 5 (Dionysus): Ann, Bob 5 behind; Cy and Dee 4 behind (their recruits). Day 2
    # order starts with Bob (clockwise from Ann on H1): Bob, Cy, Dee, Eve, Ann
    assert g.state["pity"] == ["athena", "ares"]


def test_olympus_favor_returned_when_no_one_holds_it_is_refused():
    """Only one holder at a time: sending the Favor back to Olympus needs a holder (a no-op
    would sit in the log as if a card had done something)."""
    g = new_game()
    g.act(do("next"))  # Day 1: cards are played from now on
    g.refuse(do("favor", minion="none"), "Olympus' Favor")
    g.act(do("favor", minion="ares:champion"))
    g.act(do("favor", minion="none"))
    assert g.state["favor"] is None


def test_log_line_for_the_entering_card_sent_to_hades():
    from referee.games.kleos import describe

    assert describe.describe({"verb": "replace", "slot": "new"}) == (
        "the card entering goes to Hades (four minions kept)")
    assert describe.describe({"verb": "replace", "slot": "2"}) == (
        "slot 2 goes to Hades to make room")


def test_refusal_out_of_phase_names_the_phase_plainly():
    g = new_game()
    err = g.refuse(do("attack", minion="ares:champion", target="athena:champion"), "Action Phase")
    assert err.message.endswith("it is now Deployment")
    g.act(do("next"))
    err = g.refuse(do("move", minion="ares:champion", to="port"), "Action Phase")
    assert err.message.endswith("it is now the Play Phase")


def test_finished_contest_asks_for_no_more_epic_cards():
    g = new_game()
    action_phase(g)
    place(g, "ares:champion", "isle1")
    g.act(do("recruit", minion="ares:champion", dice="s-"))  # Myrina joins Ann
    g.act(do("kill", minion="ares:1", reason="a card"))  # and dies: isle1 waits for a card
    g.act(do("move", minion="ares:champion", to="port"))
    while g.state["phase"] != "over":  # the table says the Epic Minion Deck is out when asked
        g.act(do("next", deck_out=bool(g.state["awaiting"]) or None))
    assert g.state.get("epic_deck_out") and g.state["isles"]["isle1"] is None
    assert "draw an Epic card" not in ENGINE.render(g.state) and "note" not in g.summary
    assert ENGINE.legal_actions(g.state) == []
