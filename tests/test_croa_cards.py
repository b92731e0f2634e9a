"""Crôa! card module (a reconstruction): hands, timing, and the cards the rulebook clarifies."""

from __future__ import annotations

import pytest
from test_croa_fixtures import Table

from referee.errors import IllegalAction, InputError
from referee.games.croa import ENGINE

THREE = ("Ann:red", "Bob:blue", "Cy:green")


def hand(t: Table, name: str, *cards: str) -> None:
    """Give a colony exactly these cards (the old hand goes back to the deck)."""
    col = t.state["colonies"][t.c(name)]
    deck = t.state["deck"]
    for card in col["hand"]:
        deck[card] += 1
    col["hand"] = []
    for card in cards:
        assert deck[card] > 0
        deck[card] -= 1
        col["hand"].append(card)
    col["hand"].sort()


def table(players=("Ann:red", "Bob:blue")) -> Table:
    """A card session where nobody holds an orange card unless a test hands one out."""
    t = Table(players, cards=True, deal=True)
    for col in t.state["colonies"]:
        hand(t, col["name"], "bodyguard", "mega_jump", "not_even_dead")
    return t


def test_hands_of_three_are_dealt_and_filled_up_at_the_start_of_each_turn():
    dealt = Table(cards=True)
    assert [len(col["hand"]) for col in dealt.state["colonies"]] == [3, 3]
    assert sum(dealt.state["deck"].values()) == 55 - 6
    t = table()
    hand(t, "Ann", "the_force", "mega_jump", "twins")
    t.act("card", card="the_force")  # 2 cards left in Ann's hand
    t.move("a2", "a3", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    # the force: Ann fills up to 4 this turn (2 + 2 drawn), then back to 3 afterwards
    assert len(t.state["colonies"][0]["hand"]) == 4
    assert "Ann draws 2 cards" in t.text


def test_cards_need_the_card_module():
    t = Table()
    with pytest.raises(IllegalAction) as err:
        t.act("card", card="mega_jump", from_="a2", to="a4", tile="reeds")
    assert "optional module" in err.value.rule


def test_a_card_must_be_in_the_players_hand():
    t = table()
    hand(t, "Ann", "twins", "twins", "the_force")
    with pytest.raises(IllegalAction, match="holds no Mega-jump"):
        t.act("card", card="mega-jump", from_="a2", to="a4", tile="reeds")


def test_one_card_per_turn_whatever_its_kind():
    t = table()
    hand(t, "Ann", "the_force", "mating_season", "twins")
    hand(t, "Bob", "mega_jump", "mega_jump", "mega_jump")
    t.act("card", card="the_force")
    with pytest.raises(IllegalAction) as err:
        t.act("card", card="mating_season", male="male1")
    assert err.value.rule == "Cards: one card per turn"


def test_only_orange_cards_in_another_colonys_turn():
    t = table()
    hand(t, "Bob", "mega_jump", "the_force", "twins")
    with pytest.raises(IllegalAction, match="Ann's turn"):
        t.act("card", card="the_force", player="Bob")


def test_thunderclap_cancels_a_lily_pad_the_frog_stays_and_the_move_ends():
    t = table()
    hand(t, "Ann", "twins", "twins", "the_force")
    hand(t, "Bob", "thunderclap", "mega_jump", "mega_jump")
    with pytest.raises(IllegalAction, match="lily pad"):
        t.act("card", card="thunderclap", player="Bob")
    t.move("a1", "b2", tile="lily_pad")
    t.act("card", card="thunderclap", player="Bob")
    assert "stays on the lily pad at b2" in t.text
    assert t.at("b2") == "R" and t.current == "Bob"
    assert t.state["discard"] == {"thunderclap": 1}


def test_a_single_bounce_waits_while_someone_holds_a_thunderclap():
    t = table()
    hand(t, "Ann", "twins", "twins", "the_force")
    hand(t, "Bob", "thunderclap", "mega_jump", "mega_jump")
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("b7", "reeds")
    t.tile("a8", "lily_pad")
    t.move("b7", "a8")
    assert t.summary["pending"][0]["choices"] == ["b7"]


def test_doesnt_work_cancels_the_card_just_played():
    t = table()
    hand(t, "Ann", "mating_season", "twins", "the_force")
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    t.act("card", card="mating_season", male="male1")
    assert t.summary["pending"][0]["decision"] == "doesnt-work"
    assert t.reserve("Ann") == 4  # nothing happens while the window is open
    t.act("card", card="doesnt_work", player="Bob")
    assert "Mating season! is cancelled" in t.text
    assert t.reserve("Ann") == 4 and "male1" in t.state["colonies"][0]["males"]
    # Ann's card is spent, she still has to move
    assert t.current == "Ann" and t.summary["phase"] == "move"
    with pytest.raises(IllegalAction, match="already played a card"):
        t.act("card", card="twins", male="male2")


def test_doesnt_work_on_a_doesnt_work_lets_the_first_card_work():
    t = table(THREE)
    hand(t, "Ann", "mating_season", "twins", "the_force")
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    hand(t, "Cy", "doesnt_work", "mega_jump", "mega_jump")
    t.act("card", card="mating_season", male="male1")
    t.act("card", card="doesnt_work", player="Bob")
    assert [p["player"] for p in t.summary["pending"]] == ["Cy"]
    t.act("card", card="doesnt_work", player="Cy")
    # Ann's card, Bob's cancel, Cy's cancel of the cancel: the baby is made
    assert "Mating season! works" in t.text
    assert t.at("a1") == "Rr" and t.reserve("Ann") == 3


def test_pass_lets_a_card_work_when_nobody_cancels_it():
    t = table()
    hand(t, "Ann", "mating_season", "twins", "the_force")
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    t.act("card", card="mating_season", male="male1")
    t.act("pass")
    assert t.at("a1") == "Rr"


def test_doesnt_work_needs_a_card_to_cancel():
    t = table()
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    with pytest.raises(IllegalAction, match="answers a card"):
        t.act("card", card="doesnt_work", player="Bob")


def test_one_more_frog_lands_without_its_tiles_effect():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    t.act("card", card="one_more_frog", to="b2", tile="pike")
    # the pike does not eat it: 3 servants in the pond, 3 in reserve, and Ann still moves
    assert t.at("b2") == "r" and t.reserve("Ann") == 3 and t.current == "Ann"
    t.move("a2", "a3", tile="reeds")
    assert t.current == "Bob"


def test_one_more_frog_needs_a_free_square_next_to_the_queen():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    with pytest.raises(IllegalAction, match="free square next to"):
        t.act("card", card="one_more_frog", to="a2")
    with pytest.raises(IllegalAction, match="free square next to"):
        t.act("card", card="one_more_frog", to="c3", tile="reeds")


def test_mating_season_needs_the_males_token():
    t = table()
    hand(t, "Ann", "mating_season", "twins", "the_force")
    t.state["colonies"][0]["males"].remove("male4")
    with pytest.raises(IllegalAction, match="no longer holds the male4"):
        t.act("card", card="mating_season", male="male4")
    with pytest.raises(InputError):
        t.act("card", card="mating_season", male="pike")
    t.act("card", card="mating_season", male="male5")
    assert t.at("a1") == "Rr" and "male5" not in t.state["colonies"][0]["males"]


def test_twins_put_three_frogs_on_a_square_for_two_turns():
    t = table()
    hand(t, "Ann", "twins", "the_force", "the_force")
    t.lift("b1")  # Ann: queen a1, servant a2, 5 in reserve
    t.act("card", card="twins", male="male2")
    assert t.at("a1") == "Rrr" and t.reserve("Ann") == 3
    with pytest.raises(IllegalAction, match="one of them must move"):
        t.move("a2", "a3", tile="reeds")
    t.move("a1:servant", "b2", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    with pytest.raises(IllegalAction, match="one of them must move"):
        t.move("a2", "a3", tile="reeds")
    t.move("a1:servant", "b1", tile="reeds")
    assert t.at("a1") == "R"


def test_mega_jump_moves_two_squares_in_a_straight_line_with_the_tile_effect():
    t = table()
    hand(t, "Ann", "mega_jump", "twins", "the_force")
    with pytest.raises(IllegalAction, match="straight line"):
        t.act("card", card="mega_jump", from_="a2", to="b4", tile="reeds")
    t.act("card", card="mega_jump", from_="a1", to="c3", tile="male1")
    # the queen jumps over b2 onto a male she still holds: a baby
    assert t.at("c3") == "Rr" and t.current == "Bob"


def test_not_even_dead_queen_ignores_the_pike():
    t = table()
    hand(t, "Ann", "not_even_dead", "bodyguard", "the_force")
    with pytest.raises(IllegalAction, match="moves your queen"):
        t.act("card", card="not_even_dead", from_="a2", to="a3", tile="pike")
    t.act("card", card="not_even_dead", from_="a1", to="b2", tile="pike")
    assert t.at("b2") == "R" and not t.summary["over"] and t.current == "Bob"


def test_bodyguard_queen_ignores_her_tile_but_still_clears_opponents():
    t = table()
    hand(t, "Ann", "bodyguard", "twins", "the_force")
    t.place("Bob", "b2")
    t.act("card", card="bodyguard", from_="a1", to="b2", tile="lily_pad")
    assert t.at("b2") == "R" and t.reserve("Bob") == 4 and t.current == "Bob"


def test_an_unknown_card_is_recorded_by_name():
    t = table()
    t.act("card", card="Frog Rain")
    assert "does not know" in t.text and "Frog Rain" in t.text
    assert t.state["colonies"][0]["played_card"]


def test_a_card_missing_its_tile_is_refused_before_it_leaves_the_hand():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    with pytest.raises(InputError, match="b2 has no tile yet"):
        t.act("card", card="one_more_frog", to="b2")
    with pytest.raises(IllegalAction, match="blue pile has no male6"):
        t.act("card", card="one_more_frog", to="b2", tile="male6")
    assert "one_more_frog" in t.state["colonies"][0]["hand"]


def test_a_typo_or_an_empty_card_name_is_refused_not_recorded():
    t = table()
    with pytest.raises(InputError, match="did you mean mega_jump"):
        t.act("card", card="mega jum")
    for empty in ("", "?"):  # `?` is how the referee writes a card it has not seen
        with pytest.raises(InputError, match="which card"):
            t.act("card", card=empty)
    assert not t.state["colonies"][0]["played_card"]


# -- real cards: the referee counts the hands, it never sees them (RULINGS) ------------------


def test_real_hands_are_counted_not_dealt():
    t = Table(cards=True)  # physical tiles and cards: nobody's hand is known
    assert [col["hand"] for col in t.state["colonies"]] == [["?"] * 3, ["?"] * 3]
    # 55 cards - 2 hands of 3 = 49 face down, and no random result was recorded for them
    assert t.state["deck"] == {"?": 49} and t.events == []
    assert "Ann holds 3 cards." in ENGINE.render(t.state)
    assert "doesnt_work" not in ENGINE.render(t.state)


def test_any_card_may_come_from_a_real_hand_and_waits_for_a_doesnt_work():
    t = Table(cards=True)
    t.act("card", card="mating_season", male="male1")
    # Bob holds 3 unseen cards, any of which may be a Doesn't work!: the table must say
    assert [(p["player"], p["decision"]) for p in t.summary["pending"]] == [("Bob", "doesnt-work")]
    t.act("pass")
    # the baby is made; Ann: 2 cards left, the played card lies face up in the discard
    assert t.at("a1") == "Rr" and t.state["colonies"][0]["hand"] == ["?", "?"]
    assert t.state["discard"] == {"mating_season": 1}
    t.move("a1:servant", "b2", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    assert t.state["colonies"][0]["hand"] == ["?"] * 3  # filled up to 3 at her turn's start


def test_a_real_hand_with_no_card_left_cannot_play():
    t = Table(cards=True)
    t.state["colonies"][0]["hand"] = []
    t.state["deck"]["?"] += 3
    with pytest.raises(IllegalAction, match="Ann holds no Mega-jump \\(no card in hand\\)"):
        t.act("card", card="mega_jump", from_="a1", to="c3", tile="reeds")
    with pytest.raises(IllegalAction, match="no card in hand"):
        t.act("card", card="Frog Rain")


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_real_cards_and_tiles_keep_every_count(seed):
    """Physical tiles, real (counted) hands: random legal actions to the last queen."""
    import random

    rng = random.Random(seed)
    t = Table(["Ann:red", "Bob:blue", "Cy:green"][: 2 + seed % 2], cards=True, seed=str(seed))
    for _ in range(3000):
        actions = ENGINE.legal_actions(t.state)
        if not actions:
            break
        t.act(**rng.choice(actions))  # Table.act checks the invariants after each action
    assert t.summary["over"] and len(t.summary["winners"]) == 1
    assert all(set(col["hand"]) <= {"?"} for col in t.state["colonies"])
