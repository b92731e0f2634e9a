"""Kreus setup (section 3): deck and tokens per player count, first game, deal, First Player,
tokens taken in seat order, the replaceable card data."""

from __future__ import annotations

import pytest
from kreus_table import seated, table, text

from referee.games.kreus import cards, data
from referee.games.kreus.engine import KreusEngine
from referee.model.errors import InputError
from referee.testing import refused_by


@pytest.mark.parametrize("n, tokens, size, aether, per_element, thunderbolts", [
    (3, 3, 36, 0, 5, 3),   # 42 - 2 Aether - 4 elements = 36; 12 each
    (4, 7, 40, 0, 6, 3),   # 42 - 2 Aether = 40; 10 each
    (5, 11, 40, 1, 6, 2),  # 42 - 1 Aether - 1 Thunderbolts = 40; 8 each
    (6, 15, 42, 2, 6, 3),  # the whole box; 7 each
])
def test_setup_deck_and_reserve_by_player_count(n, tokens, size, aether, per_element, thunderbolts):
    state = table(n).state
    deck = state["deck"]
    assert state["total_tokens"] == state["reserve"] == tokens
    assert sum(deck.values()) == size
    assert deck.get("aether", 0) == aether
    assert all(deck[e] == per_element for e in cards.ELEMENTS)
    assert deck["thunderbolts"] == thunderbolts
    assert all(deck[n_] == 1 for n_ in cards.NATURE_NAMES)
    # equal deal: every hand holds size / n cards
    assert set(state["hand"].values()) == {size // n}


@pytest.mark.parametrize("n, aether", [(3, 1), (4, 1), (5, 2)])
def test_first_game_swaps_the_storm_for_an_aether(n, aether):
    state = table(n, first_game=True).state
    assert "storm" not in state["deck"]
    assert state["deck"]["aether"] == aether
    assert sum(state["deck"].values()) == sum(table(n).state["deck"].values())


def test_first_game_variant_is_for_three_to_five_players_only():
    state = table(6, first_game=True).state
    assert state["deck"]["storm"] == 1 and state["deck"]["aether"] == 2
    assert not state["mode"]["first_game"]


def test_altered_elements_one_copy_of_each_quality_per_element():
    deck = table(4, altered=True).state["deck"]
    # 6 Fire = 3 plain + Disturbing + Volatile + Complementary
    assert deck["fire"] == 3
    assert deck["volatile-fire"] == deck["disturbing-fire"] == deck["complementary-fire"] == 1
    assert sum(deck.values()) == 40
    assert table(3, altered=True).state["deck"]["water"] == 2  # 3-player: a plain copy out of the box


@pytest.mark.parametrize("n", [2, 7])
def test_setup_refuses_other_player_counts(n):
    with refused_by("Setup: 3 to 6") as info:
        table(n, players=[f"P{i}" for i in range(n)])
    assert "3 to 6" in info.value.rule


def test_setup_refuses_duplicate_names_and_unknown_first_player():
    with pytest.raises(InputError):
        table(3, players=["Ann", "ann", "Bob"])
    with pytest.raises(InputError):
        table(3, first="Zed")


def test_first_player_is_the_planet_holder():
    state = table(4, first="Cy").state
    assert state["players"][state["first"]] == "Cy"
    assert state["token_taker"] == "Cy"


def test_tokens_taken_in_seat_order_and_the_last_takes_the_rest():
    t = table(4, first="Cy")  # order: Cy, Dee, Ann, Bob; 7 tokens
    t.refuse({"verb": "tokens", "player": "Ann", "n": 1}, rule="Setup: tokens are taken in seat order from the First Player")
    t.act({"verb": "tokens", "player": "Cy", "n": 2})
    t.act({"verb": "tokens", "player": "Dee", "n": 0})
    events = t.act({"verb": "tokens", "player": "Ann", "n": 1})
    state = t.state
    # Bob is last: 7 - 2 - 0 - 1 = 4
    assert state["tokens"] == {"Ann": 1, "Bob": 4, "Cy": 2, "Dee": 0}
    assert state["reserve"] == 0 and state["phase"] == "divination"
    assert "Bob, last, takes the rest: 4" in text(events)


def test_tokens_cannot_exceed_the_reserve_and_empty_reserve_ends_the_share_out():
    t = table(3)  # 3 tokens
    t.refuse({"verb": "tokens", "player": "Ann", "n": 4}, rule="Setup: only the Reserve's tokens can be taken")
    t.refuse({"verb": "tokens", "player": "Ann", "n": -1},
             rule="Setup: only the Reserve's tokens can be taken")
    t.act({"verb": "tokens", "player": "Ann", "n": 3})
    state = t.state
    assert state["tokens"] == {"Ann": 3, "Bob": 0, "Cy": 0} and state["phase"] == "divination"
    t.refuse({"verb": "tokens", "player": "Bob", "n": 0}, rule="Setup, then each turn a Divination and a Creation phase: each verb has its phase")


def test_nothing_but_setup_before_the_tokens_are_shared():
    err = table(4).refuse({"verb": "ready", "player": "Ann"}, rule="Setup, then each turn a Divination and a Creation phase: each verb has its phase")
    assert "Setup" in (err.rule or "")


def test_incarnation_setup_needs_a_titan_per_player():
    t = seated(3, incarnation=True)
    assert t.state["phase"] == "setup"
    t.act({"verb": "titan", "player": "Ann", "titan": "cronus"})
    assert t.state["titans"]["Ann"]["face"] == "male"
    # Rhea is the other face of Cronus' card: taken
    t.refuse({"verb": "titan", "player": "Bob", "titan": "rhea"}, rule="Incarnation: each Titan card is dealt once")
    t.refuse({"verb": "titan", "player": "Bob", "titan": "zeus"}, kind=InputError)
    t.act({"verb": "titan", "player": "Bob", "titan": "hyperion", "face": "female"})
    assert t.state["titans"]["Bob"]["name"] == "theia"
    t.act({"verb": "titan", "player": "Cy", "titan": "tethys"})
    assert t.state["phase"] == "divination"


def test_titans_only_in_incarnation():
    # while the tokens are shared out (setup, where `titan` belongs), a game without
    # Incarnation mode takes no Titan; after setup the phase refuses it first
    table(3).refuse({"verb": "titan", "player": "Ann", "titan": "cronus"}, rule="Incarnation mode")
    seated(3).refuse({"verb": "titan", "player": "Ann", "titan": "cronus"}, rule="Setup")


def test_default_tree_is_the_rulings_tree():
    state = table(4).state
    tree = state["tree"]
    assert tree["atmosphere"]["elements"] == ["air", "water"]
    assert tree["fish"]["requires"] == {"count": 2, "of": ["rainbow", "river"]}
    assert tree["planet"]["requires"]["count"] == 2 and len(tree["planet"]["elements"]) == 4
    assert [c["male"]["name"] + "/" + c["female"]["name"] for c in state["titan_cards"]] == [
        "cronus/rhea", "hyperion/theia", "coeus/phoebe", "oceanus/tethys", "iapetus/themis",
        "crius/mnemosyne"]


def test_cards_file_replaces_the_tree():
    nature = [dict(c) for c in data.default_tree()]
    nature[0] = {**nature[0], "elements": ["fire", "water"]}
    state = table(4, cards={"nature": nature}).state
    assert state["tree"]["atmosphere"]["elements"] == ["fire", "water"]


@pytest.mark.parametrize("change, message", [
    ({"name": "moon"}, "not a Kreus Nature card"),
    ({"level": 5}, "'level'"),
    ({"elements": ["fire", "lava"]}, "'elements'"),
    ({"requires": {"count": 3, "of": ["comet"]}}, "requires.count"),
])
def test_cards_file_errors_are_clear(change, message):
    nature = [dict(c) for c in data.default_tree()]
    nature[2] = {**nature[2], **change}
    with pytest.raises(InputError) as info:
        table(4, cards={"nature": nature})
    assert message in info.value.message


def test_cards_file_titans_validated():
    titans = data.default_titans()
    with pytest.raises(InputError, match="appears twice"):
        table(4, cards={"titans": [titans[0], titans[0]]})
    with pytest.raises(InputError, match="unknown key"):
        table(4, cards={"trees": []})


def test_engine_declares_three_to_six_players():
    assert (KreusEngine.min_players, KreusEngine.max_players) == (3, 6)



def test_cards_are_dealt_equally():
    # 36/3, 40/4, 40/5, 42/6: every player starts with the same hand
    assert [table(n).state["hand"]["Ann"] for n in (3, 4, 5, 6)] == [12, 10, 8, 7]
    assert len(set(table(5).state["hand"].values())) == 1


def test_first_game_variant_at_six_players_is_said_not_applied():
    """6 players use the whole box, so `--first-game` changes nothing: the table is told so."""
    from referee.games.kreus import render

    state = table(6, first_game=True).state
    assert state["mode"]["first_game_ignored"]
    assert "--first-game is NOT applied" in render.render(state)
    assert "NOT applied" not in render.render(table(5, first_game=True).state)


def test_incarnation_needs_a_titan_card_per_player():
    """A cards file with 1 Titan card for 3 players would leave setup waiting forever."""
    one = {"titans": [{"male": {"name": "cronus", "uses": 1, "phase": "divination"},
                       "female": {"name": "rhea", "uses": 1, "phase": "divination"}}]}
    with refused_by("Incarnation: each player draws a Titan card") as info:
        table(3, incarnation=True, cards=one)
    assert "Titan card" in info.value.message and "3 players" in info.value.message
    assert table(3, cards=one).state["phase"] == "setup"  # without Incarnation the Titans do not matter


def test_titan_card_drawn_by_the_referee_then_a_face_kept():
    """`titan Ann draw` draws one of the Titan cards not yet dealt (a recorded chance result);
    Ann then keeps a face by naming it. Nobody else can take the card Ann drew."""
    t = seated(3, tokens=[1, 1], incarnation=True)
    events = t.act({"verb": "titan", "player": "Ann", "titan": "draw"})
    state = t.state
    i = state["drawn"]["Ann"]
    card = state["titan_cards"][i]
    assert "draws the" in text(events) and "Ann" not in state["titans"]
    err = t.refuse({"verb": "titan", "player": "Bob", "titan": card["male"]["name"]}, rule="Incarnation: each Titan card is dealt once")
    assert "dealt once" in (err.rule or "")
    err = t.refuse({"verb": "titan", "player": "Ann", "titan": "draw"},
                   rule="Incarnation: each player draws one Titan card")
    assert card["female"]["name"] in str(err)  # a face now
    other = state["titan_cards"][(i + 1) % 6]["female"]["name"]
    err = t.refuse({"verb": "titan", "player": "Ann", "titan": other}, rule="Incarnation: each player keeps the Titan card drawn")
    assert "drew" in err.message
    t.act({"verb": "titan", "player": "Ann", "titan": card["female"]["name"]})
    assert t.state["titans"]["Ann"]["face"] == "female" and not t.state["drawn"]


def test_a_titan_face_is_chosen_once():
    """8.1: the face is chosen during the token share-out and kept for the game; a second
    `titan` for the same player (same Titan, other face, or a draw) is refused."""
    t = seated(3, tokens=[1, 1], incarnation=True)
    t.act({"verb": "titan", "player": "Ann", "titan": "cronus"})
    for fields in ({"titan": "cronus"}, {"titan": "rhea"}, {"titan": "cronus", "face": "female"},
                   {"titan": "draw"}, {"titan": "coeus"}):
        err = t.refuse({"verb": "titan", "player": "Ann", **fields}, rule="Incarnation: each player chooses one Titan face, once")
        assert err.rule == "Incarnation: each player chooses one Titan face, once"
        assert "Ann already incarnates Cronus (male)" in err.message


def test_titan_drawn_at_the_table_is_typed():
    male = seated(3, tokens=[1, 1], incarnation=True)
    male.act({"verb": "titan", "player": "Ann", "titan": "iapetus"})
    assert male.state["titans"]["Ann"]["face"] == "male"
    t = seated(3, tokens=[1, 1], incarnation=True)
    t.act({"verb": "titan", "player": "Ann", "titan": "iapetus", "face": "female"})  # other face
    assert t.state["titans"]["Ann"]["name"] == "themis"
    t.refuse({"verb": "titan", "player": "Bob", "titan": "draw", "face": "male"},
             rule="Incarnation: a face is kept once the Titan card is drawn")


# -- a position laid out by hand (`new` with a `layout`, for tests; not on the command line) ---

def test_layout_lays_out_cards_hands_tokens_and_turn_with_every_card_in_one_place():
    # 4 players, 40 cards: 7 laid out (Atmosphere + Air + Water, Comet + Fire, Fish and the
    # Storm discarded) leave 33 unseen; no hand is named, so the 7 come from the largest
    # hands in seat order: Ann, Bob, Cy, Dee, Ann, Bob, Cy. Tokens 3 + 1 of 7: Reserve 3.
    t = table(4, layout={"in_play": {"atmosphere": ["air", "water"], "comet": ["fire"]},
                         "discard": ["fish", "storm"], "tokens": {"Ann": 3, "Dee": 1},
                         "turn": 3})
    state = t.state
    assert state["hand"] == {"Ann": 8, "Bob": 8, "Cy": 8, "Dee": 9}
    assert state["in_play"]["atmosphere"]["complete"] and not state["in_play"]["comet"]["complete"]
    assert state["pool"]["fire"] == 5 and state["pool"]["storm"] == 0
    assert state["tokens"] == {"Ann": 3, "Bob": 0, "Cy": 0, "Dee": 1} and state["reserve"] == 3
    assert state["phase"] == "divination" and state["turn"] == 3
    t.act({"verb": "ready"})  # and play goes on from there


def test_layout_names_hands_and_stands_aether_or_a_nature_card_for_an_element():
    # 5 players, 40 cards (one Aether), 8 each: Wind with the Aether as Air and Bird as Fire
    # leaves 37 unseen; Cy is named with 5, so the 3 cards are all Cy's, the others keep 8
    t = table(5, layout={"in_play": {"wind": [{"card": "aether", "as": "air"},
                                              {"card": "bird", "as": "fire"}]},
                         "hands": {"Cy": 5}})
    state = t.state
    assert state["hand"] == {"Ann": 8, "Bob": 8, "Cy": 5, "Dee": 8, "Eve": 8}
    assert state["in_play"]["wind"]["complete"] and state["as_element"] == {"bird": "wind"}
    assert state["phase"] == "setup" and state["token_taker"] == "Ann"  # tokens not laid out


@pytest.mark.parametrize("layout, message", [
    ("atmosphere", "layout: a JSON object"),
    ({"deck": 3}, "unknown part deck"),
    ({"discard": ["lava"]}, "layout: unknown card 'lava'"),
    ({"discard": "fire"}, "discard is a list of cards"),
    ({"discard": ["planet"], "in_play": {"planet": []}}, "Planet is laid out more often than "
                                                          "the deck holds it (1)"),
    ({"discard": ["fire"] * 7}, "Fire is laid out more often than the deck holds it (6)"),
    ({"in_play": {"fire": []}}, "in_play maps a Nature card to a list of Element cards"),
    ({"in_play": {"atmosphere": ["fire"]}}, "Atmosphere does not need Fire"),
    ({"in_play": {"atmosphere": ["air", "air"]}}, "Atmosphere does not need more Air"),
    ({"in_play": {"comet": ["storm"]}}, "Storm of Uranus under Comet is not an Element card"),
    ({"in_play": {"comet": [{"card": "air", "as": "fire"}]}}, "Air stands for Air only"),
    ({"in_play": {"wind": [{"card": "bird", "as": "water"}]}}, "Wind does not need Water"),
    ({"in_play": {"wind": [{"card": "storm", "as": "air"}]}}, "not an Element card"),
    ({"in_play": {"wind": [{"card": "aether", "as": "air"}]}}, "no Aether card is in this"),
    ({"in_play": {"wind": [{"card": "bird", "as": "lava"}]}}, "unknown element 'lava'"),
    ({"hands": {"Cy": 0}}, "the hands hold 30 cards but 40 are unseen"),
    ({"hands": {"Ann": 41}}, "Ann's hand is a whole number 0-40"),
    ({"hands": {"Ann": 10, "Bob": 10, "Cy": 10, "Dee": 9}}, "the hands hold 39 cards but 40"),
    ({"discard": ["fire"], "hands": dict.fromkeys(["Ann", "Bob", "Cy", "Dee"], 10)},
     "the hands hold 40 cards but 39 are unseen"),
    ({"tokens": {"Ann": 5, "Bob": 3}}, "the players hold 8 Energy tokens; this game has 7"),
    ({"tokens": {"Zed": 1}}, "no player 'Zed'"),
    ({"tokens": {"Ann": -1}}, "Ann's tokens is a whole number 0-7"),
    ({"turn": 0}, "the turn is a whole number 1-99"),
])
def test_layout_keeps_every_card_and_token_in_one_place_or_is_refused(layout, message):
    with pytest.raises(InputError) as info:
        table(4, layout=layout)
    assert message in info.value.message


def test_layout_is_not_on_the_command_line():
    from click.testing import CliRunner

    from referee.cli import cli

    result = CliRunner().invoke(cli, ["kreus", "new", "--help"])
    assert result.exit_code == 0 and "--player" in result.output
    assert "layout" not in result.output


def test_setup_tokens_are_taken_once_before_the_first_turn():
    # in Incarnation mode setup goes on after the share-out (the Titans): tokens are not taken again
    t = seated(3, incarnation=True)
    assert t.state["phase"] == "setup" and t.state["token_taker"] is None
    t.refuse({"verb": "tokens", "player": "Ann", "n": 1},
             rule="Setup: tokens are taken once, before the first turn")
