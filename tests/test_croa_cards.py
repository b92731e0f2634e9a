"""Crôa! card module (a reconstruction): hands, timing, and the cards the rulebook clarifies."""

from __future__ import annotations

import pytest
from croa_table import Pond

from referee.games.croa import ENGINE
from referee.model.errors import InputError
from referee.testing import refused_by

THREE = ("Ann:red", "Bob:blue", "Cy:green")


ORANGE = ("doesnt_work", "thunderclap")  # the cards a window asks for


def hand(t: Pond, name: str, *cards: str) -> None:
    """Give a colony exactly these cards (the old hand goes back to the deck; an orange card
    laid face up by `table` is taken back from the discard)."""
    c = t.c(name)

    def deal(state) -> None:
        col = state["colonies"][c]
        deck, discard = state["deck"], state["discard"]
        for card in col["hand"]:
            deck[card] += 1
        col["hand"] = []
        for card in cards:
            pile = deck if deck[card] > 0 else discard
            assert pile.get(card, 0) > 0
            pile[card] -= 1
            if pile is discard and not pile[card]:
                del pile[card]
            col["hand"].append(card)
        col["hand"].sort()

    t.arrange(deal)


def table(players=("Ann:red", "Bob:blue")) -> Pond:
    """A card session where nobody holds an orange card unless a test hands one out: every
    Doesn't work! and Thunderclap lies face up in the discard, so no window asks anyone (with
    a copy face down, a window asks every colony holding a card)."""
    t = Pond(players, cards=True, deal=True)
    for col in t.state["colonies"]:
        hand(t, col["name"], "bodyguard", "mega_jump", "not_even_dead")

    def face_up(state) -> None:
        for card in ORANGE:
            state["discard"][card] = state["discard"].get(card, 0) + state["deck"][card]
            state["deck"][card] = 0

    t.arrange(face_up)
    return t


def test_hands_of_three_are_dealt_and_filled_up_at_the_start_of_each_turn():
    dealt = Pond(cards=True)
    assert [len(col["hand"]) for col in dealt.state["colonies"]] == [3, 3]
    assert sum(dealt.state["deck"].values()) == 55 - 6
    t = table()
    hand(t, "Ann", "the_force", "mega_jump", "twins")
    t.do("card", card="the_force")  # 2 cards left in Ann's hand
    t.move("a2", "a3", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    # the force: Ann fills up to 4 this turn (2 + 2 drawn)
    assert len(t.state["colonies"][0]["hand"]) == 4
    assert "Ann draws 2 cards" in t.text


def test_the_force_lies_in_front_of_its_colony_for_hands_of_four_until_it_is_lost():
    # The rulebook: losing the force with 4 cards in hand costs a card, so the card stays in
    # front of its colony and the hand of 4 lasts every turn, not one.
    t = table()
    hand(t, "Ann", "the_force", "mega_jump", "twins")
    t.do("card", card="the_force")  # hand 2, the force in front of Ann (not in the discard)
    assert t.state["colonies"][0]["force"] and "the_force" not in t.state["discard"]
    t.move("a2", "a3", tile="reeds")
    t.move("h7", "h6", tile="reeds")  # Ann's turn 2: 2 + 2 drawn = 4
    assert len(t.state["colonies"][0]["hand"]) == 4
    hand(t, "Ann", "bodyguard", "mating_season", "twins", "twins")
    t.do("card", card="bodyguard", from_="a1", to="b2", tile="reeds")  # 4 - 1 = 3 in hand
    t.move("h6", "h5", tile="reeds")  # Ann's turn 3: 3 + 1 drawn = 4 again
    assert len(t.state["colonies"][0]["hand"]) == 4 and "Ann draws 1 card" in t.text
    assert "4 + force" in ENGINE.render(t.state)
    hand(t, "Ann", "the_force", "mega_jump", "twins", "twins")
    with refused_by("May the force...: a hand of 4 while the card lies in front of you", match="already has the force"):
        t.do("card", card="the_force")  # no second force in front of her
    # another card takes it away (applied at the table): 4 in hand, so one is discarded too
    hand(t, "Ann", "mega_jump", "twins", "twins", "mating_season")
    with refused_by("May the force...: a hand of 4 while the card lies in front of you; losing it with 4 in hand costs a card", match="must discard one"):
        t.do("card", card="the_force", lost=True, player="Ann")
    t.do("card", card="the_force", lost=True, player="Ann", discard="twins")
    assert t.state["colonies"][0]["hand"] == ["mating_season", "mega_jump", "twins"]
    assert {k: n for k, n in t.state["discard"].items() if k not in ORANGE} == {
        "bodyguard": 1, "the_force": 1, "twins": 1}
    assert not t.state["colonies"][0]["force"]
    with refused_by("May the force...: a hand of 4 while the card lies in front of you; losing it with 4 in hand costs a card", match="no force in front"):
        t.do("card", card="the_force", lost=True, player="Ann")


def test_losing_the_force_with_a_real_hand_of_four_discards_an_unseen_card():
    t = Pond(cards=True)  # real cards: 3 unseen each
    t.do("card", card="the_force")
    t.do("pass")  # Bob may hold a Doesn't work!; he lets it work. Ann: 2 unseen cards
    t.move("a2", "a3", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    assert t.state["colonies"][0]["hand"] == ["?"] * 4
    t.do("card", card="the_force", lost=True, player="Ann")
    # 4 - 1 = 3 unseen left; the force and one unseen card lie in the discard
    assert t.state["colonies"][0]["hand"] == ["?"] * 3
    assert t.state["discard"] == {"the_force": 1, "?": 1}


def test_cards_need_the_card_module():
    t = Pond()
    with refused_by("Card module (module cartes): optional") as err:
        t.do("card", card="mega_jump", from_="a2", to="a4", tile="reeds")
    assert err.value.rule == "Card module (module cartes): optional"


def test_a_card_must_be_in_the_players_hand():
    t = table()
    hand(t, "Ann", "twins", "twins", "the_force")
    # a dealt hand is not spelled out, nor said to lack a card (the same words whatever it holds)
    with refused_by("Card module (module cartes): play from your hand",
                    match=r"Ann cannot play Mega-jump \(`croa hand Ann` shows what Ann may play\)"):
        t.do("card", card="mega-jump", from_="a2", to="a4", tile="reeds")


def test_one_card_per_turn_whatever_its_kind():
    t = table()
    hand(t, "Ann", "the_force", "mating_season", "twins")
    hand(t, "Bob", "mega_jump", "mega_jump", "mega_jump")
    t.do("card", card="the_force")
    with refused_by("Card module (module cartes): one card per turn") as err:
        t.do("card", card="mating_season", male="male1")
    assert err.value.rule == "Card module (module cartes): one card per turn"


def test_a_colony_that_played_its_card_is_not_offered_a_thunderclap_in_its_own_turn():
    # One card per turn: after the force, Ann's own thunderclap is out of reach this turn, so
    # the pond and the legal answers offer it to Bob only.
    t = table()
    hand(t, "Ann", "the_force", "thunderclap", "twins")
    hand(t, "Bob", "thunderclap", "mega_jump", "twins")
    t.do("card", card="the_force")
    t.move("a1", "b2", tile="lily_pad")
    text = ENGINE.render(t.state)
    assert "(Bob may hold one)" in text
    # the referee dealt the cards: the hands stay with their players (`croa hand NAME`)
    assert "Other hands" not in text and "mega_jump" not in text
    # Ann is not asked (her one card is played): losing her force waits, as with --player Ann
    assert [a for a in ENGINE.legal_actions(t.state) if a["verb"] == "card"] == [
        {"verb": "card", "card": "thunderclap", "player": "Bob"}]


def test_only_orange_cards_in_another_colonys_turn():
    t = table()
    hand(t, "Bob", "mega_jump", "the_force", "twins")
    with refused_by("Card module (module cartes): one card in your own turn, at its timing; orange cards also in others' turns", match="Ann's turn"):
        t.do("card", card="the_force", player="Bob")


def test_thunderclap_cancels_a_lily_pad_the_frog_stays_and_the_move_ends():
    t = table()
    hand(t, "Ann", "twins", "twins", "the_force")
    hand(t, "Bob", "thunderclap", "mega_jump", "mega_jump")
    with refused_by("Card module (module cartes): one card in your own turn, at its timing; orange cards also in others' turns", match="lily pad"):
        t.do("card", card="thunderclap", player="Bob")
    t.move("a1", "b2", tile="lily_pad")
    face_up = t.state["discard"]["thunderclap"]
    t.do("card", card="thunderclap", player="Bob")
    assert "stays on the lily pad at b2" in t.text
    assert t.at("b2") == "R" and t.current == "Bob"
    assert t.state["discard"]["thunderclap"] == face_up + 1


def test_a_single_bounce_waits_while_someone_holds_a_thunderclap():
    t = table()
    hand(t, "Ann", "twins", "twins", "the_force")
    hand(t, "Bob", "thunderclap", "mega_jump", "mega_jump")
    for sq in ("b7", "a7", "b8"):
        t.place("Ann", sq)
    t.tile("b7", "reeds")
    t.tile("a8", "lilypad")
    t.move("b7", "a8")
    assert t.summary["pending"][0]["choices"] == ["b7"]


def test_doesnt_work_cancels_the_card_just_played():
    t = table()
    hand(t, "Ann", "mating_season", "twins", "the_force")
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    t.do("card", card="mating_season", male="male1")
    assert t.summary["pending"][0]["decision"] == "doesnt-work"
    assert t.reserve("Ann") == 4  # nothing happens while the window is open
    t.do("card", card="doesnt_work", player="Bob")
    assert "Mating season! is cancelled" in t.text
    assert t.reserve("Ann") == 4 and "male1" in t.state["colonies"][0]["males"]
    # Ann's card is spent, she still has to move
    assert t.current == "Ann" and t.summary["phase"] == "move"
    with refused_by("Card module (module cartes): one card per turn", match="already played a card"):
        t.do("card", card="twins", male="male2")


def test_doesnt_work_on_a_doesnt_work_lets_the_first_card_work():
    t = table(THREE)
    hand(t, "Ann", "mating_season", "twins", "the_force")
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    hand(t, "Cy", "doesnt_work", "mega_jump", "mega_jump")
    t.do("card", card="mating_season", male="male1")
    t.do("card", card="doesnt_work", player="Bob")
    assert [p["player"] for p in t.summary["pending"]] == ["Cy"]
    t.do("card", card="doesnt_work", player="Cy")
    # Ann's card, Bob's cancel, Cy's cancel of the cancel: the baby is made
    assert "Mating season! works" in t.text
    assert t.at("a1") == "Rr" and t.reserve("Ann") == 3


def test_the_pond_says_whether_a_card_answered_by_doesnt_work_would_work():
    # Real hands: anyone may hold a Doesn't work!. Ann's card, then Bob's cancel (1: it would
    # be cancelled), then Cy's cancel of the cancel (2: it would work).
    t = Pond(THREE, cards=True)
    t.do("card", card="mating_season", male="male1")
    assert "Bob and Cy may cancel Mating season!" in ENGINE.render(t.state)
    t.do("card", card="doesnt_work", player="Bob")
    assert "1 Doesn't work! played: Mating season! would be cancelled" in t.text
    t.do("card", card="doesnt_work", player="Cy")
    assert "2 Doesn't work! played: Mating season! would work" in ENGINE.render(t.state)
    t.do("pass")
    assert t.at("a1") == "Rr"


def test_pass_lets_a_card_work_when_nobody_cancels_it():
    t = table()
    hand(t, "Ann", "mating_season", "twins", "the_force")
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    t.do("card", card="mating_season", male="male1")
    t.do("pass")
    assert t.at("a1") == "Rr"


def test_doesnt_work_needs_a_card_to_cancel():
    t = table()
    hand(t, "Bob", "doesnt_work", "mega_jump", "mega_jump")
    with refused_by("Card module (module cartes): one card in your own turn, at its timing; orange cards also in others' turns", match="answers a card"):
        t.do("card", card="doesnt_work", player="Bob")


def test_one_more_frog_lands_without_its_tiles_effect():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    t.do("card", card="one_more_frog", to="b2", tile="pike")
    # the pike does not eat it: 3 servants in the pond, 3 in reserve, and Ann still moves
    assert t.at("b2") == "r" and t.reserve("Ann") == 3 and t.current == "Ann"
    t.move("a2", "a3", tile="reeds")
    assert t.current == "Bob"


def test_one_more_frog_needs_a_free_square_next_to_the_queen():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    with refused_by("One more frog: on a free square next to your queen", match="free square next to"):
        t.do("card", card="one_more_frog", to="a2")
    with refused_by("One more frog: on a free square next to your queen", match="free square next to"):
        t.do("card", card="one_more_frog", to="c3", tile="reeds")


def test_twins_on_a_log_join_their_queen_beyond_two_servants():
    # Babies are placed with the queen, they do not arrive: the log's limit of two servants
    # (a third arriving pushes one off) does not apply to them; the crowd must thin out.
    # Ann's queen and one servant on the log at b2; twins add 2: queen + 3 servants there.
    t = table()
    hand(t, "Ann", "twins", "mega_jump", "the_force")
    t.tile("b2", "log")
    t.place("Ann", "b2")
    t.place("Ann", "b2", "queen")
    t.do("card", card="twins", male="male1")  # Table.act checks the invariants
    assert t.at("b2") == "Rrrr" and t.reserve("Ann") == 1
    t.move("b2:queen", "c3", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    # three servants left on the log, one more than it holds: one of them must move
    with refused_by("Pond rules (règles de la mare): one frog per square; when a servant shares the queen's square (or twins share one), one of them must move", match="share b2: one of them must move"):
        t.move("b1", "c1", tile="reeds")
    t.move("b2", "b3", tile="reeds")
    assert t.at("b2") == "rr" and t.current == "Bob"


def test_mating_season_needs_the_males_token():
    t = table()
    hand(t, "Ann", "mating_season", "twins", "the_force")
    t.arrange(lambda state: state["colonies"][0]["males"].remove("male4"))
    with refused_by("Mating season: you need that male's token", match="no longer holds the male4"):
        t.do("card", card="mating_season", male="male4")
    with pytest.raises(InputError):
        t.do("card", card="mating_season", male="pike")
    t.do("card", card="mating_season", male="male5")
    assert t.at("a1") == "Rr" and "male5" not in t.state["colonies"][0]["males"]


def test_twins_put_three_frogs_on_a_square_for_two_turns():
    t = table()
    hand(t, "Ann", "twins", "the_force", "the_force")
    t.lift("b1")  # Ann: queen a1, servant a2, 5 in reserve
    t.do("card", card="twins", male="male2")
    assert t.at("a1") == "Rrr" and t.reserve("Ann") == 3
    with refused_by("Pond rules (règles de la mare): one frog per square; when a servant shares the queen's square (or twins share one), one of them must move", match="one of them must move"):
        t.move("a2", "a3", tile="reeds")
    t.move("a1:servant", "b2", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    with refused_by("Pond rules (règles de la mare): one frog per square; when a servant shares the queen's square (or twins share one), one of them must move", match="one of them must move"):
        t.move("a2", "a3", tile="reeds")
    t.move("a1:servant", "b1", tile="reeds")
    assert t.at("a1") == "R"


def test_mega_jump_moves_two_squares_in_a_straight_line_with_the_tile_effect():
    t = table()
    hand(t, "Ann", "mega_jump", "twins", "the_force")
    with refused_by("Mega-jump: two squares in a straight line", match="straight line"):
        t.do("card", card="mega_jump", from_="a2", to="b4", tile="reeds")
    t.do("card", card="mega_jump", from_="a1", to="c3", tile="male1")
    # the queen jumps over b2 onto a male she still holds: a baby
    assert t.at("c3") == "Rr" and t.current == "Bob"


def test_not_even_dead_queen_ignores_the_pike():
    t = table()
    hand(t, "Ann", "not_even_dead", "bodyguard", "the_force")
    with refused_by("Not even dead: the queen's move", match="moves your queen"):
        t.do("card", card="not_even_dead", from_="a2", to="a3", tile="pike")
    t.do("card", card="not_even_dead", from_="a1", to="b2", tile="pike")
    assert t.at("b2") == "R" and not t.summary["over"] and t.current == "Bob"


def test_bodyguard_queen_ignores_her_tile_but_still_clears_opponents():
    t = table()
    hand(t, "Ann", "bodyguard", "twins", "the_force")
    t.place("Bob", "b2")
    t.do("card", card="bodyguard", from_="a1", to="b2", tile="lily_pad")
    assert t.at("b2") == "R" and t.reserve("Bob") == 4 and t.current == "Bob"


def test_an_unknown_card_is_recorded_by_name():
    # real hands: any of Ann's 3 unseen cards may be it; it leaves her hand face up
    t = Pond(cards=True)
    t.do("card", card="Frog Rain", unknown=True)
    assert "does not know" in t.text and "Frog Rain" in t.text
    assert t.state["colonies"][0]["played_card"] and t.state["colonies"][0]["hand"] == ["?", "?"]
    assert t.state["discard"] == {"frog_rain": 1}


def test_an_unknown_card_in_another_colonys_turn_is_taken_as_an_orange_card():
    # Orange cards may be played in others' turns; the referee cannot read an unknown card's
    # colour, so it records it. Real hands: Bob 3 unseen cards - 1 = 2; Ann's turn goes on.
    t = Pond(cards=True)
    t.do("card", card="Frog Rain", player="Bob", unknown=True)
    assert "orange card" in t.text and t.state["colonies"][1]["hand"] == ["?", "?"]
    assert not t.state["colonies"][1]["played_card"] and t.current == "Ann"
    t.do("card", card="Frog Rain", unknown=True)  # Ann's own card of the turn
    with refused_by("Card module (module cartes): one card per turn", match="already played a card"):
        t.do("card", card="Frog Storm", unknown=True)


def test_a_card_missing_its_arguments_says_which():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "mega_jump")
    with pytest.raises(InputError, match="One more frog! needs --to SQ"):
        t.do("card", card="one_more_frog")
    with pytest.raises(InputError, match="Mega-jump needs --from SQ --to SQ"):
        t.do("card", card="mega_jump")
    with pytest.raises(InputError, match="which male"):
        t.do("card", card="twins")
    with pytest.raises(InputError, match="'male9' is not a male"):
        t.do("card", card="twins", male="male9")


def test_a_card_missing_its_tile_is_refused_before_it_leaves_the_hand():
    t = table()
    hand(t, "Ann", "one_more_frog", "twins", "the_force")
    with pytest.raises(InputError, match="b2 has no tile yet"):
        t.do("card", card="one_more_frog", to="b2")
    with refused_by("Males (mâles): three different males per zone, each male in two different zones", match="blue pile has no male6"):
        t.do("card", card="one_more_frog", to="b2", tile="male6")
    assert "one_more_frog" in t.state["colonies"][0]["hand"]


def test_a_typo_or_an_empty_card_name_is_refused_not_recorded():
    t = table()
    with pytest.raises(InputError, match="did you mean mega_jump"):
        t.do("card", card="mega jumb")
    for empty in ("", "?"):  # `?` is how the referee writes a card it has not seen
        with pytest.raises(InputError, match="which card"):
            t.do("card", card=empty)
    assert not t.state["colonies"][0]["played_card"]


# -- real cards: the referee counts the hands, it never sees them (docs/rulings/croa.md) ------------------


def test_real_hands_are_counted_not_dealt():
    t = Pond(cards=True)  # physical tiles and cards: nobody's hand is known
    assert [col["hand"] for col in t.state["colonies"]] == [["?"] * 3, ["?"] * 3]
    # 55 cards - 2 hands of 3 = 49 face down, and no random result was recorded for them
    assert t.state["deck"] == {"?": 49} and t.events == []
    assert "Ann holds 3 cards." in ENGINE.render(t.state)
    assert "doesnt_work" not in ENGINE.render(t.state)


def test_any_card_may_come_from_a_real_hand_and_waits_for_a_doesnt_work():
    t = Pond(cards=True)
    t.do("card", card="mating_season", male="male1")
    # Bob holds 3 unseen cards, any of which may be a Doesn't work!: the table must say
    assert [(p["player"], p["decision"]) for p in t.summary["pending"]] == [("Bob", "doesnt-work")]
    t.do("pass")
    # the baby is made; Ann: 2 cards left, the played card lies face up in the discard
    assert t.at("a1") == "Rr" and t.state["colonies"][0]["hand"] == ["?", "?"]
    assert t.state["discard"] == {"mating_season": 1}
    t.move("a1:servant", "b2", tile="reeds")
    t.move("h7", "h6", tile="reeds")
    assert t.state["colonies"][0]["hand"] == ["?"] * 3  # filled up to 3 at her turn's start


def test_a_real_hand_with_no_card_left_cannot_play():
    t = Pond(cards=True)

    def empty(state) -> None:
        state["colonies"][0]["hand"] = []
        state["deck"]["?"] += 3

    t.arrange(empty)
    with refused_by("Card module (module cartes): play from your hand", match="Ann holds no Mega-jump \\(no card in hand\\)"):
        t.do("card", card="mega_jump", from_="a1", to="c3", tile="reeds")
    with refused_by("Card module (module cartes): play from your hand", match="no card in hand"):
        t.do("card", card="Frog Rain", unknown=True)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_real_cards_and_tiles_keep_every_count(seed):
    """Physical tiles, real (counted) hands: random legal actions to the last queen (on the
    engine itself: a whole game through the store would replay it at every step)."""
    import random

    from referee.model.chance import Chance

    rng = random.Random(seed)
    players = ["Ann:red", "Bob:blue", "Cy:green"][: 2 + seed % 2]
    state = ENGINE.start({"players": players, "cards": True}, Chance(str(seed), 0))
    for ply in range(1, 3000):
        actions = ENGINE.legal_actions(state)
        if not actions:
            break
        state, _ = ENGINE.apply(ENGINE.copy(state), rng.choice(actions), Chance(str(seed), ply))
        ENGINE.check_invariants(state)
    summary = ENGINE.summary(state)
    assert summary["over"] and len(summary["winners"]) == 1
    assert all(set(col["hand"]) <= {"?"} for col in state["colonies"])
