"""Play-test fixes (issue 20, items 4-7): a target named with a reveal is checked even when
the card is discarded; what the referee knows about hands (the Planet dealt to the First
Player, a card taken into a hand) narrows what it accepts; any discarded card may be taken
back, an Aggression card included; a broken rule is refused with exit 1 and its rule named."""

from __future__ import annotations

import pytest
from kreus_table import PERFECT_ROUTE, Layout, perfect_layout, seated, titans, turn

from referee.games.kreus.table import held_aggression
from referee.testing import Table

PLANET_RULE = "Hands: the Planet starts in the First Player's hand"
HELD_RULE = "Hands: a card taken into a hand stays there until it is exchanged or seen"
OPTION_RULE = "Creation: a reveal's options must fit the card revealed"
TARGET_RULE = "Creation: a target named must be legal, even for a card that is discarded"
IN_PLAY_RULE = "Creation: Elements go on Nature cards in play"
NEEDS_RULE = "Creation: an Element goes on a Nature card in play that needs it"


def _placed(t: Table) -> Table:
    """Turn 1, everyone has a card face down: Creation starts with Ann (First Player)."""
    t.ok("ready")
    t.ok("next")
    return t


# -- 4. a target named must be legal, even for a card that is discarded ----------------------

@pytest.mark.parametrize(("command", "rule"), [
    # the play-test's line: Wind is not in play on turn 1, Fire would be discarded anyway
    ("reveal Ann fire --on wind", IN_PLAY_RULE),
    ("reveal Ann fire --as fire", TARGET_RULE),  # nothing in play: Fire goes nowhere
    # a Nature card that cannot enter play, used as an Element on a card not in play
    ("reveal Ann wind --as air --on atmosphere", IN_PLAY_RULE),
    ("reveal Ann wind --as water", "Creation: a Nature card replaces an element printed on it"),
    # the Storm on the first turn loses the game: nothing is taken back, nothing discarded
    ("reveal Ann storm --discard water",
     "Aggression: the Storm's player discards only when it blows nothing away"),
])
def test_reveal_target_must_be_legal_even_if_discarded(command, rule):
    with _placed(seated(4)) as t:
        t.refused(command, rule=rule)
        assert t.state["discard"] == [] and t.state["face_down"]["Ann"] == 1
        t.ok(command.split(" --")[0])  # typed again without the wrong choice: discarded


def test_reveal_target_is_checked_under_the_hekatonkheires():
    """Hekatonkheires discard every Element put into play: the target named must still be
    one the Element could take; a legal one is accepted, and the card is discarded."""
    t = seated(4)
    turn(t, ["atmosphere", "comet", "fire", "air"])  # Comet needs Earth, Atmosphere Water
    turn(t, ["hekatonkheires"])
    assert t.state["hek"]
    err = t.refuse({"verb": "reveal", "player": "Cy", "card": "earth", "on": "atmosphere"}, rule="Creation: an Element goes on a Nature card in play that needs it")
    assert err.rule == NEEDS_RULE
    t.act({"verb": "reveal", "player": "Cy", "card": "earth", "on": "comet"})
    comet = [s["card"] for s in t.state["in_play"]["comet"]["elements"]]
    assert t.state["discard"][-1] == "earth" and comet == ["fire"]  # Earth never placed


def test_aether_target_must_be_legal_even_if_discarded():
    """A first game keeps the Aether; under the Hekatonkheires it is discarded, but what it
    is named to stand for must be something a card in play needs."""
    t = seated(4, first_game=True)
    turn(t, ["atmosphere", "comet", "fire", "air"])  # Atmosphere needs Water, Comet Earth
    turn(t, ["hekatonkheires"])  # turn 2: Bob
    err = t.refuse({"verb": "reveal", "player": "Cy", "card": "aether", "as": "fire",
                    "on": "atmosphere"}, rule="Creation: an Element goes on a Nature card in play that needs it")
    assert err.rule == NEEDS_RULE
    t.act({"verb": "reveal", "player": "Cy", "card": "aether", "as": "water",
           "on": "atmosphere"})
    assert "aether" in t.state["discard"]


def test_titan_discarded_nature_card_target_must_be_legal():
    """A male Titan's Level II card is discarded whatever it is played as; a target named
    with it must still be legal."""
    t = titans(seated(4, tokens=[2, 2, 2], incarnation=True),
               {"Ann": "cronus", "Bob": "theia", "Cy": "phoebe", "Dee": "tethys"})
    turn(t, ["atmosphere", "comet", "air"])
    r = t.state["round"]
    assert r["order"] == ["Dee"]
    turn(t, ["water"])  # Dee's Water completes the Atmosphere; turn 2 begins with Bob
    turn(t, [], [])
    assert t.state["round"]["order"] == ["Bob", "Cy", "Dee", "Ann"]
    t.act({"verb": "reveal", "player": "Bob", "card": "fire", "on": "comet"})
    t.act({"verb": "reveal", "player": "Cy", "card": "fire"})  # Fire: nothing needs it
    t.act({"verb": "reveal", "player": "Dee", "card": "air"})
    # Ann (Cronus, male) reveals Mountain, a Level II card: discarded whatever it names
    err = t.refuse({"verb": "reveal", "player": "Ann", "card": "mountain", "as": "earth",
                    "on": "wind"}, rule="Creation: Elements go on Nature cards in play")
    assert err.rule == IN_PLAY_RULE
    t.act({"verb": "reveal", "player": "Ann", "card": "mountain", "as": "earth", "on": "comet"})
    assert "mountain" in t.state["discard"] and t.state["in_play"]["comet"]["elements"] == [
        {"element": "fire", "card": "fire", "protected": False}]


# -- 5. what the referee knows about hands ------------------------------------------------

def test_planet_starts_in_first_players_hand():
    with seated(4) as t:  # Ann was dealt the Planet: she is First Player
        for command in ("discard Bob planet", "discard Cy planet"):
            t.refused(command, rule=PLANET_RULE)
        assert t.state["pool"]["planet"] == 1
        t.ok("discard Ann planet")
    with seated(4, first="Cy") as t:
        t.refused("discard Ann planet", rule=PLANET_RULE)
        t.ok("discard Cy planet")


def test_planet_starts_in_first_players_hand_so_nobody_else_reveals_it():
    with _placed(seated(4)) as t:
        t.ok("reveal Ann fire")
        t.refused("reveal Bob planet", rule=PLANET_RULE, message="can only be in Ann's hand")


def test_showing_a_card_does_not_move_the_planet():
    with seated(4, tokens=[2, 1, 1]) as t:
        t.ok("show-card Ann --to Bob")
        t.refused("discard Bob planet", rule=PLANET_RULE)


def test_an_exchange_may_move_the_planet_to_the_other_hand():
    with seated(4, tokens=[2, 2, 1]) as t:
        t.ok("exchange Bob Ann")
        t.refused("discard Cy planet", rule=PLANET_RULE, message="Ann or Bob")
        t.ok("discard Bob planet")


def test_a_card_taken_back_is_in_the_takers_hand():
    """Taken back from the discard pile, the Planet is in the taker's hand: only there."""
    with seated(4, tokens=[1, 3, 1]) as t:
        t.ok("discard Ann planet")
        t.ok("retrieve Bob planet --give fire")
        t.refused("discard Cy planet", rule=HELD_RULE, message="only be in Bob's hand")
        t.refused("discard Dee planet", rule=HELD_RULE)
        t.ok("discard Bob planet")


def test_the_storm_taken_back_is_in_its_players_hand():
    """The Storm with nothing to blow away goes back to its player's hand: nobody else can
    reveal it; and when it is the last card its player holds, it is the next revealed."""
    t = Layout(4).turn(2).hands({"Bob": 1}).table()  # Ann First Player
    turn(t, ["earth"])
    t.act({"verb": "reveal", "player": "Bob", "card": "storm"})  # nothing to blow away
    assert t.state["hand"]["Bob"] == 1 and t.state["known"] == {"storm": ["Bob"]}
    err = t.refuse({"verb": "reveal", "player": "Cy", "card": "storm"}, rule="Hands: a card taken into a hand stays there until it is exchanged or seen")
    assert err.rule == HELD_RULE
    turn(t, ["earth", "earth"])  # Cy, Dee; turn 3 begins with Bob
    turn(t, [])
    assert t.state["round"]["order"][0] == "Bob"
    err = t.refuse({"verb": "reveal", "player": "Bob", "card": "fire"}, rule="Hands: a card taken into a hand stays there until it is exchanged or seen")
    assert err.rule == HELD_RULE and "must be Storm of Uranus" in err.message
    t.act({"verb": "reveal", "player": "Bob", "card": "storm"})


# -- 6. any discarded card may be taken back ---------------------------------------------

def test_retrieve_may_take_back_an_aggression_card():
    t = perfect_layout().table()  # turn 8: every Aggression card seen; Bob has 3 tokens
    assert held_aggression(t.state) == 0
    t.act({"verb": "retrieve", "player": "Bob", "card": "thunderbolts", "give": "tree"})
    state = t.state
    assert state["pool"]["thunderbolts"] == 1 and state["discard"].count("thunderbolts") == 2
    assert held_aggression(state) == 1 and state["hand"]["Bob"] == 3
    assert state["tokens"]["Bob"] == 0


def test_an_aggression_card_taken_back_counts_as_seen_again_once_revealed():
    t = perfect_layout().table()
    t.act({"verb": "retrieve", "player": "Bob", "card": "thunderbolts", "give": "tree"})
    # Bob reveals it again: it strikes the Planet's Fire, and no Aggression card is held
    turn(t, ["fire", "air", ("thunderbolts", {"target": "planet:fire"}), "earth"])
    state = t.state
    assert held_aggression(state) == 0 and state["discard"].count("thunderbolts") == 3
    assert not state["over"] and "fire" not in [
        s["element"] for s in state["in_play"]["planet"]["elements"]]


def test_an_aggression_card_taken_back_and_never_revealed_is_held():
    """Worked out by hand: PERFECT_ROUTE's turn 8 completes the Planet with every Aggression
    card seen (perfection). Bob takes a Thunderbolts back first and never reveals it: it is
    in his hand as the Planet completes, so Uranus wins."""
    t = perfect_layout().table()
    t.act({"verb": "retrieve", "player": "Bob", "card": "thunderbolts", "give": "tree"})
    turn(t, PERFECT_ROUTE[7])
    state = t.state
    assert state["over"] and state["aggression_held"] is True and state["outcome"] == "defeat"
    assert state["hand"] == {"Ann": 2, "Bob": 2, "Cy": 2, "Dee": 2}


def test_mnemosyne_may_take_back_an_aggression_card():
    t = titans(seated(4, tokens=[2, 2, 2], incarnation=True),
               {"Ann": "mnemosyne", "Bob": "theia", "Cy": "phoebe", "Dee": "tethys"})
    turn(t, ["atmosphere", "comet", "air"])
    turn(t, ["water"])  # turn 2, Bob First Player
    turn(t, ["thunderbolts", "fire", "earth", "fire"])  # nothing to strike
    assert "thunderbolts" in t.state["discard"]
    t.act({"verb": "power", "player": "Ann", "card": "thunderbolts", "give": "water"})
    assert t.state["pool"]["thunderbolts"] == 3 and held_aggression(t.state) == 5


# -- 7. a broken rule is exit 1, its rule named -------------------------------------------

DIVINATION = [
    ("show-card Ann --to Ann", "Energy: a card is shown to another player"),
    ("exchange Dee Dee", "Energy: an exchange is with another player"),
    ("ready Ann Ann", "Divination: one card face down each"),
]
REVEAL = [
    ("reveal Ann fire --target comet:fire", OPTION_RULE),
    ("reveal Ann atmosphere --target comet:fire", OPTION_RULE),
    ("reveal Ann fire --discard water", OPTION_RULE),
    ("reveal Ann storm --on comet", OPTION_RULE),
    ("reveal Ann hekatonkheires --as fire", OPTION_RULE),
    ("reveal Ann hekatonkheires --target comet:fire", OPTION_RULE),
    ("reveal Ann thunderbolts --discard water", OPTION_RULE),
]
POWERS = [
    ("power Dee --swap Ann", "Incarnation: Oceanus switches two players"),
    ("power Dee --swap Ann --swap Bob --swap Cy", "Incarnation: Oceanus switches two players"),
    ("power Dee --swap Ann --swap ann", "Incarnation: Oceanus switches two players"),
    ("power Ann --position 5", "Incarnation: Rhea places her card in the reveal order"),
    ("power Ann --position 0", "Incarnation: Rhea places her card in the reveal order"),
    ("power Bob --to Ann --to Cy --to Dee",
     "Incarnation: Theia shows cards to one or two players"),
    ("power Bob --to Bob", "Incarnation: Theia shows cards to one or two players"),
    ("power Bob --to Ann --to Ann", "Incarnation: Theia shows cards to one or two players"),
    ("power Cy --on Cy", "Incarnation: Phoebe looks at another player's face-down card"),
]


@pytest.mark.parametrize(("command", "rule"), DIVINATION)
def test_divination_rule_breaks_are_refused_by_the_rule(command, rule):
    with seated(4, tokens=[1, 1, 1]) as t:
        t.refused(command, rule=rule)


@pytest.mark.parametrize(("command", "rule"), REVEAL)
def test_reveal_options_that_do_not_fit_the_card_are_refused_by_the_rule(command, rule):
    with _placed(seated(4)) as t:
        t.refused(command, rule=rule)


@pytest.mark.parametrize(("command", "rule"), POWERS)
def test_titan_power_arguments_the_rules_rule_out_are_refused_by_the_rule(command, rule):
    chosen = {"Ann": "rhea", "Bob": "theia", "Cy": "phoebe", "Dee": "oceanus"}
    with titans(seated(4, tokens=[2, 2, 2], incarnation=True), chosen) as t:
        t.ok("ready Ann Bob Dee")  # Cy keeps hers in hand, so Phoebe has cards to look at
        t.refused(command, rule=rule)


@pytest.mark.parametrize(("command", "rule"), [
    ("power Bob --on Bob --card fire", "Incarnation: Themis bets on a face-down card"),
    ("power Bob --on Ann --card fire --gain 16",
     "Incarnation: Themis wins tokens from the Reserve"),
    ("power Bob --on Ann --card fire --gain -1",
     "Incarnation: Themis wins tokens from the Reserve"),
])
def test_themis_bets_the_rules_rule_out_are_refused_by_the_rule(command, rule):
    with titans(seated(4, tokens=[2, 2, 2], incarnation=True),
                {"Ann": "cronus", "Bob": "themis", "Cy": "phoebe", "Dee": "tethys"}) as t:
        t.ok("ready")
        t.refused(command, rule=rule)


@pytest.mark.parametrize(("command", "rule"), [
    ("tokens Ann -1", "Setup: only the Reserve's tokens can be taken"),
    ("titan Ann draw --face male", "Incarnation: a face is kept once the Titan card is drawn"),
])
def test_setup_rule_breaks_are_refused_by_the_rule(command, rule):
    with Table("kreus", "--player Ann --player Bob --player Cy --incarnation", seed="1") as t:
        t.refused(command, rule=rule)


def test_a_second_titan_draw_is_refused_by_the_rule():
    with seated(3, tokens=[1, 1], incarnation=True) as t:
        t.ok("titan Ann draw")
        t.refused("titan Ann draw", rule="Incarnation: each player draws one Titan card")


@pytest.mark.parametrize(("args", "rule"), [
    ("outcome --elements 5", "Judgement of Uranus: the Planet needs four Elements"),
    ("outcome --no-planet --elements 2", "Judgement of Uranus: Elements lie under the Planet"),
    ("outcome --elements 4 --cards-left 2,2", "Setup: 3 to 6 players"),
])
def test_outcome_calculator_rule_breaks_are_refused_by_the_rule(args, rule):
    with Table("kreus") as t:
        t.refused(args, rule=rule)


@pytest.mark.parametrize(("titan", "other", "command"), [
    ("cronus", "phoebe", "power Ann --on Bob"),
    ("coeus", "rhea", "power Ann --direction left --swap Bob --swap Cy"),
    ("theia", "phoebe", "power Ann --to Bob --card fire"),
    ("mnemosyne", "phoebe", "power Ann --card fire --give air --position 2"),
])
def test_titan_power_target_that_is_not_the_powers_is_refused(titan, other, command):
    chosen = {"Ann": titan, "Bob": other, "Cy": "themis", "Dee": "tethys"}
    with titans(seated(4, tokens=[2, 2, 2], incarnation=True), chosen) as t:
        t.refused(command, rule="Incarnation: a power names only what it acts on")
        assert all(x["used"] == 0 for x in t.state["titans"].values())
