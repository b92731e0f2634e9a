"""Card notation and the deck composition (Game Components)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.cerebria import cards
from referee.model.errors import InputError


@pytest.mark.parametrize("text, card", [
    ("strong-gloom-blue-steal", "strong-gloom-blue-steal"),
    ("Mild Bliss Red Destroy", "mild-bliss-red-destroy"),
    ("  BRIGHTNESS_red ", "brightness-red"),
    ("bleakness-yellow", "bleakness-yellow"),
])
def test_card_notation_is_forgiving_about_case_and_separators(text, card):
    assert cards.parse(text) == card


@pytest.mark.parametrize("text, words", [
    ("", "written like"),
    ("-", "written like"),
    ("_ -", "written like"),
    ("fierce-bliss-red-draw", "starts with mild, strong"),
    ("mild-joy-red-draw", "no affiliation 'joy'"),
    ("mild-bliss-purple-draw", "no vibe 'purple'"),
    ("mild-bliss-red-fly", "no ability 'fly'"),
    ("mild-bliss-red", "mild-AFFILIATION-VIBE-ABILITY"),
    ("brightness-red-draw", "brightness-VIBE"),
    ("brightness-pink", "no vibe 'pink'"),
])
def test_bad_card_notation_says_what_is_wrong(text, words):
    with pytest.raises(InputError) as exc:
        cards.parse(text)
    assert words in exc.value.message


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), st.from_regex(
    r"(mild|strong|brightness|bleakness|x)[-_ ](bliss|gloom|red|q)[-_ ]?(red|blue|z)?[-_ ]?"
    r"(draw|swap|steal|w)?", fullmatch=True)))
def test_any_string_gives_a_card_or_an_input_error(text):
    try:
        card = cards.parse(text)
    except InputError as exc:
        assert exc.message
        return
    assert cards.parse(card) == card  # canonical form is stable
    assert cards.kind(card) in ("mild", "strong", "brightness", "bleakness")


def test_card_attributes_follow_the_kind():
    # Mild 1 Fragment slot, Strong 2, Brightness/Bleakness none (and no ability)
    assert cards.fragment_slots("mild-gloom-red-draw") == 1
    assert cards.fragment_slots("strong-gloom-red-draw") == 2
    assert cards.fragment_slots("brightness-red") == 0
    assert cards.ability("brightness-red") is None
    assert cards.affiliation("bleakness-red") == "gloom"
    assert cards.affiliation("brightness-red") == "bliss"
    assert cards.vibe("strong-gloom-blue-steal") == "blue"


def test_deck_has_96_cards_16_of_each_kind_per_affiliation():
    deck = cards.default_deck()
    assert sum(deck.values()) == 96
    kinds = Counter()
    for card, n in deck.items():
        kinds[(cards.affiliation(card), cards.kind(card))] += n
    assert kinds == {("bliss", "mild"): 16, ("bliss", "strong"): 16, ("bliss", "brightness"): 16,
                     ("gloom", "mild"): 16, ("gloom", "strong"): 16, ("gloom", "bleakness"): 16}
    assert cards.check_deck({"cards": deck}) == dict(sorted(deck.items()))


def test_deck_spreads_vibes_and_abilities_evenly():
    deck = cards.default_deck()
    for aff in ("bliss", "gloom"):
        mine = {c: n for c, n in deck.items() if cards.affiliation(c) == aff}
        by_vibe = Counter()
        for c, n in mine.items():
            by_vibe[cards.vibe(c)] += n
        assert set(by_vibe.values()) == {12}  # 4 Mild + 4 Strong + 4 Brightness/Bleakness
        by_ability = Counter(cards.ability(c) for c in mine if cards.ability(c))
        assert set(by_ability.values()) == {4}  # 2 Mild + 2 Strong


def test_user_deck_must_keep_the_counts():
    deck = dict(cards.default_deck())
    deck["brightness-red"] += 1
    with pytest.raises(InputError, match="96 cards"):
        cards.check_deck(deck)
    deck["brightness-red"] -= 1
    deck["brightness-blue"] -= 1
    deck["bleakness-blue"] += 1
    with pytest.raises(InputError, match="16 brightness bliss"):
        cards.check_deck(deck)
    with pytest.raises(InputError, match="copies"):
        cards.check_deck({"brightness-red": "many"})
