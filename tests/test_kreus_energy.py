"""Energy (section 6 and 4.1): the three powers, the discard for a token, the Nature token,
and tokens conserved at every step."""

from __future__ import annotations

from kreus_table import seated, text, turn

from referee.model.errors import InputError


def _rich(n: int = 4):
    # 4 players, 7 tokens: Ann 3, Bob 2, Cy 1, Dee takes the rest (1)
    return seated(n, tokens=[3, 2, 1])


def _total(state) -> int:
    return state["reserve"] + sum(state["tokens"].values())


def test_show_a_card_costs_one_token():
    t = _rich()
    events = t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})
    state = t.state
    assert state["tokens"]["Ann"] == 2 and state["reserve"] == 1  # 3 - 1; Reserve 0 + 1
    assert _total(state) == 7
    assert "Ann shows a card to Bob" in text(events)


def test_exchange_costs_two_tokens_paid_by_the_one_who_asks():
    t = _rich()
    t.act({"verb": "exchange", "player": "Bob", "with": "Cy"})
    state = t.state
    assert state["tokens"]["Bob"] == 0 and state["tokens"]["Cy"] == 1 and state["reserve"] == 2
    assert state["hand"]["Bob"] == state["hand"]["Cy"] == 10  # a swap: counts unchanged


def test_a_power_needs_its_tokens():
    err = _rich().refuse({"verb": "exchange", "player": "Cy", "with": "Ann"}, rule="Energy: a power needs its tokens")  # Cy: 1, needs 2
    assert "Energy" in (err.rule or "")
    _rich().refuse({"verb": "show-card", "player": "Ann", "to": "Ann"},
                   rule="Energy: a card is shown to another player")


def test_discard_a_nature_or_element_card_for_one_token():
    t = _rich()
    t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})  # Reserve 1
    events = t.act({"verb": "discard", "player": "Bob", "card": "Fire"})
    state = t.state
    assert state["tokens"]["Bob"] == 3 and state["reserve"] == 0 and state["hand"]["Bob"] == 9
    assert state["discard"] == ["fire"] and state["pool"]["fire"] == 5
    # the Reserve is empty now: a discard still discards, but earns nothing
    events = t.act({"verb": "discard", "player": "Cy", "card": "water"})
    assert t.state["tokens"]["Cy"] == 1 and "Reserve is empty" in text(events)


def test_discard_token_may_be_left_in_the_reserve():
    t = _rich()
    t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})
    t.act({"verb": "discard", "player": "Bob", "card": "air", "no_token": True})
    assert t.state["tokens"]["Bob"] == 2 and t.state["reserve"] == 1


def test_aggression_cards_are_not_discarded_for_energy():
    err = _rich().refuse({"verb": "discard", "player": "Ann", "card": "thunderbolts"}, rule="Divination: discard for a token")
    assert "discard for a token" in (err.rule or "")


def test_swap_for_a_discarded_card_costs_three():
    t = _rich()
    t.act({"verb": "discard", "player": "Bob", "card": "comet"})  # Reserve empty: no token
    events = t.act({"verb": "retrieve", "player": "Ann", "card": "comet", "give": "fire"})
    state = t.state
    assert state["tokens"]["Ann"] == 0 and state["reserve"] == 3
    assert state["discard"] == ["fire"] and state["pool"]["comet"] == 1
    assert state["hand"]["Ann"] == 10
    assert "takes back Comet" in text(events)


def test_swap_refusals_name_the_rule():
    t = _rich()
    t.act({"verb": "discard", "player": "Bob", "card": "fire"})
    t.refuse({"verb": "retrieve", "player": "Ann", "card": "water", "give": "air"}, rule="Energy: only a discarded card can be taken back")  # no Water
    t.refuse({"verb": "retrieve", "player": "Ann", "card": "fire", "give": "storm"}, rule="Energy: swap for a discarded card")  # Aggression
    t.refuse({"verb": "retrieve", "player": "Bob", "card": "fire", "give": "air"}, rule="Energy: a power needs its tokens")  # Bob: 2
    t.refuse({"verb": "retrieve", "player": "Ann", "card": "lava", "give": "air"}, kind=InputError)


def test_energy_powers_only_in_the_divination_phase():
    t = _rich()
    t.act({"verb": "ready"})
    t.act({"verb": "next"})
    err = t.refuse({"verb": "show-card", "player": "Ann", "to": "Bob"}, rule="Setup, then each turn a Divination and a Creation phase: each verb has its phase")
    assert "Divination" in (err.rule or "")


def test_nature_card_into_play_earns_a_token_if_the_reserve_has_one():
    t = _rich()  # Reserve 0
    t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})  # Reserve 1
    # Ann is First Player: reveals first
    events = turn(t, ["atmosphere", "comet", "fire", "air"])
    state = t.state
    # Atmosphere takes the one Reserve token (Ann 2 -> 3); Comet finds the Reserve empty
    assert state["tokens"]["Ann"] == 3 and state["tokens"]["Bob"] == 2
    assert "Reserve is empty" in text(events)


def test_nature_token_is_optional():
    t = _rich()
    t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})
    turn(t, [("atmosphere", {"no_token": True}), "comet", "fire", "air"])
    state = t.state
    # Ann left it: Comet (Bob) takes it instead
    assert state["tokens"]["Ann"] == 2 and state["tokens"]["Bob"] == 3 and state["reserve"] == 0


def test_tokens_conserved_through_a_turn_of_powers():
    t = seated(6, tokens=[5, 0, 0, 5, 0])  # 15 tokens: the last takes 5
    for verb, fields in [("show-card", {"player": "Ann", "to": "Fay"}),
                         ("exchange", {"player": "Dee", "with": "Eve"}),
                         ("discard", {"player": "Bob", "card": "wind"}),
                         ("retrieve", {"player": "Fay", "card": "wind", "give": "aether"})]:
        t.act({"verb": verb, **fields})
        assert _total(t.state) == 15
    assert t.state["tokens"] == {"Ann": 4, "Bob": 1, "Cy": 0, "Dee": 3, "Eve": 0, "Fay": 2}



def test_discard_for_energy_once_per_divination():
    """4.1 and the ruling: one discard for a token per player per Divination phase; the Reserve
    empty or the token left there, it still counts; the next turn allows one again."""
    t = _rich()
    t.act({"verb": "show-card", "player": "Ann", "to": "Bob"})  # Reserve 1
    t.act({"verb": "discard", "player": "Bob", "card": "fire", "no_token": True})
    err = t.refuse({"verb": "discard", "player": "Bob", "card": "air"}, rule="Divination: one discard for a token per player per phase")
    assert err.rule == "Divination: one discard for a token per player per phase"
    assert "Bob has already discarded" in err.message
    t.act({"verb": "discard", "player": "Cy", "card": "air"})  # another player may
    assert t.state["tokens"]["Cy"] == 2 and t.state["reserve"] == 0
    turn(t, ["fire", "fire", "fire", "fire"])  # nothing in play: lost
    t.act({"verb": "discard", "player": "Bob", "card": "water"})  # turn 2: Bob may again
    state = t.state
    assert state["hand"]["Bob"] == 7 and state["discard"].count("water") == 1
    t.refuse({"verb": "discard", "player": "Bob", "card": "earth"}, rule="Divination: one discard for a token per player per phase")


def test_retrieve_names_a_single_copy_card_properly():
    err = _rich().refuse({"verb": "retrieve", "player": "Ann", "card": "hekatonkheires",
                          "give": "fire"}, rule="Energy: only a discarded card can be taken back")
    assert err.message == "no Hekatonkheires card is in the discard pile"
    err = _rich().refuse({"verb": "retrieve", "player": "Ann", "card": "fire", "give": "air"}, rule="Energy: only a discarded card can be taken back")
    assert err.message == "no Fire card is in the discard pile"
