"""Kreus setup (section 3): deck and tokens per player count, first game, deal, First Player,
tokens taken in seat order, the replaceable card data."""

from __future__ import annotations

import pytest
from test_kreus_support import IllegalAction, InputError, seated, table, text

from referee.games.kreus import cards, data
from referee.games.kreus.engine import KreusEngine


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
    with pytest.raises(IllegalAction) as info:
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
    t.refuse({"verb": "tokens", "player": "Ann", "n": 1})
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
    t.refuse({"verb": "tokens", "player": "Ann", "n": 4})
    t.refuse({"verb": "tokens", "player": "Ann", "n": -1}, kind=InputError)
    t.act({"verb": "tokens", "player": "Ann", "n": 3})
    state = t.state
    assert state["tokens"] == {"Ann": 3, "Bob": 0, "Cy": 0} and state["phase"] == "divination"
    t.refuse({"verb": "tokens", "player": "Bob", "n": 0})


def test_nothing_but_setup_before_the_tokens_are_shared():
    err = table(4).refuse({"verb": "ready", "player": "Ann"})
    assert "Setup" in (err.rule or "")


def test_incarnation_setup_needs_a_titan_per_player():
    t = seated(3, incarnation=True)
    assert t.state["phase"] == "setup"
    t.act({"verb": "titan", "player": "Ann", "titan": "cronus"})
    assert t.state["titans"]["Ann"]["face"] == "male"
    # Rhea is the other face of Cronus' card: taken
    t.refuse({"verb": "titan", "player": "Bob", "titan": "rhea"})
    t.refuse({"verb": "titan", "player": "Bob", "titan": "zeus"}, kind=InputError)
    t.act({"verb": "titan", "player": "Bob", "titan": "hyperion", "face": "female"})
    assert t.state["titans"]["Bob"]["name"] == "theia"
    t.act({"verb": "titan", "player": "Cy", "titan": "tethys"})
    assert t.state["phase"] == "divination"


def test_titans_are_refused_without_incarnation_mode():
    seated(3).refuse({"verb": "titan", "player": "Ann", "titan": "cronus"})


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
    with pytest.raises(IllegalAction) as info:
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
    err = t.refuse({"verb": "titan", "player": "Bob", "titan": card["male"]["name"]})
    assert "dealt once" in (err.rule or "")
    err = t.refuse({"verb": "titan", "player": "Ann", "titan": "draw"}, kind=InputError)
    assert card["female"]["name"] in str(err)  # a face now
    other = state["titan_cards"][(i + 1) % 6]["female"]["name"]
    err = t.refuse({"verb": "titan", "player": "Ann", "titan": other})
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
        err = t.refuse({"verb": "titan", "player": "Ann", **fields})
        assert err.rule == "Incarnation: each player chooses one Titan face, once"
        assert "Ann already incarnates Cronus (male)" in err.message


def test_titan_drawn_at_the_table_is_typed():
    male = seated(3, tokens=[1, 1], incarnation=True)
    male.act({"verb": "titan", "player": "Ann", "titan": "iapetus"})
    assert male.state["titans"]["Ann"]["face"] == "male"
    t = seated(3, tokens=[1, 1], incarnation=True)
    t.act({"verb": "titan", "player": "Ann", "titan": "iapetus", "face": "female"})  # other face
    assert t.state["titans"]["Ann"]["name"] == "themis"
    t.refuse({"verb": "titan", "player": "Bob", "titan": "draw", "face": "male"}, kind=InputError)
