"""The engine protocol for Cerebria: legal actions, vocabulary, log lines, hostile input."""

from __future__ import annotations

import functools
import random

import pytest
from cerebria_table import Layout, do, table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.model import registry
from referee.model.errors import RefereeError
from referee.record import session
from referee.testing import Table

ENGINE = registry.engine("cerebria")


def _random_states(seed: int, steps: int) -> list[dict]:
    """States met along a seeded random playout (for the fuzz test below)."""
    rng = random.Random(seed)
    state, _, _ = session.run(ENGINE, None, {"verb": "new", **ENGINE.playout_options(rng)},
                              f"e{seed}", 0)
    out = [state]
    for ply in range(1, steps):
        legal = ENGINE.legal_actions(state)
        if not legal:
            break
        state, _, _ = session.run(ENGINE, ENGINE.copy(state), rng.choice(legal), f"e{seed}", ply)
        out.append(state)
    return out


def test_every_listed_legal_action_is_accepted_as_it_stands():
    # seeded random playouts; at a few points every action legal_actions lists passes a dry run
    for seed in (1, 2):
        rng = random.Random(seed)
        with Table("cerebria", options=ENGINE.playout_options(rng), seed=f"legal{seed}") as t:
            for _ in range(4):
                t.dry_run_listed()
                if not t.playout(rng.randint(5, 25), rng):
                    break


def test_random_games_end_with_a_winner():
    for seed in range(3):
        final = _random_states(seed + 10, 3000)[-1]
        summary = ENGINE.summary(final)
        assert summary["over"] and summary["winners"]
        assert ENGINE.legal_actions(final) == []


def test_vocabulary_offers_players_cards_and_mindset_targets():
    p = Layout()
    p.place("Bob", "strong-gloom-red-drain")
    t = p.table()
    words = ENGINE.lexicon.vocabulary(t.state)
    assert words["players"] == ["Ann", "Bob", "Cy"]
    assert "strong-gloom-blue-steal" in words["cards"] and len(words["cards"]) == 72
    assert words["targets"] == ["Bob:1"]
    assert "embrace" in words["abilities"] and "next-cycle" in words["verbs"]


def test_log_lines_read_like_the_command():
    assert ENGINE.describe({"verb": "ability", "player": "Ann", "pos": 2, "ability": "drain",
                            "args": ["Bob:1", 3], "keep": "absorb"}) == \
        "ability Ann 2 drain Bob:1 3 --keep absorb"
    # Steal's card is an option of the ability, not a positional word
    assert ENGINE.describe({"verb": "ability", "player": "Cy", "pos": 1, "ability": "steal",
                            "args": ["Ann"], "card": "brightness-red"}) == \
        "ability Cy 1 steal Ann --card brightness-red"
    assert ENGINE.describe({"verb": "invoke", "player": "Ann", "card": "brightness-red",
                            "discard": 2}) == "invoke Ann brightness-red --discard 2"
    assert ENGINE.describe({"verb": "impulse", "player": "Ann", "slot": 1,
                            "reveal": ["brightness-red"]}) == \
        "impulse Ann 1 --reveal brightness-red"


def test_log_line_of_next_cycle_repeats_keep_for_each_kept_card():
    assert ENGINE.describe({"verb": "next-cycle", "mood": "gloom",
                            "keep": ["brightness-red", "Ann:bleakness-blue"]}) == \
        "next-cycle --keep brightness-red --keep Ann:bleakness-blue --mood gloom"


def test_log_line_of_a_typed_refill_names_the_card_once():
    # the CLI's impulse and deprive send --reveal as one card, not a list
    for verb in ("impulse", "deprive"):
        assert ENGINE.describe({"verb": verb, "player": "Ann", "slot": 2,
                                "reveal": "brightness-red"}) == \
            f"{verb} Ann 2 --reveal brightness-red"


def test_render_shows_the_table_at_a_glance():
    p = Layout()
    p.place("Ann", "strong-bliss-red-swap", merged="brightness-red", absorbed=1)
    t = p.table()
    text = t.engine.render(t.state)
    for words in ("Impulse", "stack", "Mood Marker: Bliss", "Ann's Mindset (1/4)",
                  "strong-bliss-red-swap + brightness-red", "●● bliss", "●○ bliss",
                  "Ann to play: 2 actions left"):
        assert words in text


_WORDS = st.sampled_from(["Ann", "Bob", "Cy", "Zed", "Bob:1", "Ann:9", "1", "2", "3", "0", "-1",
                          "brightness-red", "mild-bliss-red-draw", "strong-gloom-blue-steal",
                          "draw", "swap", "drain", "", "x", "bliss", "fragment"])
_VALUES = st.one_of(_WORDS, st.integers(-3, 9), st.none(), st.lists(_WORDS, max_size=3),
                    st.text(max_size=8), st.dictionaries(st.text(max_size=3), st.integers(),
                                                         max_size=2))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(verb=st.sampled_from(["mulligan", "impulse", "invoke", "ability", "cancel", "pass",
                             "deprive", "end-turn", "next-cycle", "bogus"]),
       fields=st.dictionaries(st.sampled_from(["player", "slot", "card", "pos", "ability",
                                               "args", "merge", "discard", "absorb", "reveal",
                                               "keep", "mood"]), _VALUES, max_size=6),
       at=st.integers(0, 40))
def test_any_action_gives_a_result_or_a_referee_error(verb, fields, at):
    states = _fuzz_states()
    state = states[at % len(states)]
    try:
        ENGINE.apply(ENGINE.copy(state), {"verb": verb, **fields},
                     session.Chance("fuzz", 1))
    except RefereeError as exc:
        assert exc.message


@functools.cache
def _fuzz_states() -> list[dict]:
    """Every 5th state of a 200-action playout: built on first use, not at collection (every
    xdist worker collects every module, and most never run this test)."""
    return _random_states(7, 200)[::5]


def test_invariants_catch_a_lost_fragment_a_lost_card_and_a_fifth_emotion():
    t = table()
    broken = ENGINE.copy(t.state)
    broken["supply"]["bliss"] -= 1  # 39 + 0 + 0 != 40
    with pytest.raises(AssertionError):
        ENGINE.check_invariants(broken)
    broken = ENGINE.copy(t.state)
    broken["deck"] -= 1  # 95 cards
    with pytest.raises(AssertionError):
        ENGINE.check_invariants(broken)
    p = Layout()
    for card in ("brightness-red", "brightness-blue", "bleakness-red", "bleakness-blue"):
        p.place("Ann", card)
    t = p.table()
    broken = ENGINE.copy(t.state)
    broken["mindsets"]["Ann"].append(dict(broken["mindsets"]["Ann"][0]))
    broken["deck"] -= 1
    with pytest.raises(AssertionError):
        ENGINE.check_invariants(broken)


def test_summary_names_the_pending_counter_act_and_the_scores():
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    s = t.summary
    assert s["phase"] == "counter-act" and s["current"] == "Ann"
    assert s["pending"] == [{"player": "Bob", "decision": "counter-act",
                             "choices": ["pass", "cancel --discard <red card>"]}]


def test_render_says_an_ability_type_already_used_this_turn_is_not_usable():
    # two Draw emotions: once the first draws, the second cannot this turn (once per type)
    p = Layout()
    p.place("Ann", "mild-bliss-red-draw")
    p.place("Ann", "mild-gloom-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    t.act(do("pass"))
    text = t.engine.render(t.state)
    assert text.count("draw used this turn") == 1  # pos 2; pos 1 has no fragment left
    assert "no fragment" in text
    assert "once per turn" in t.refuse(do("ability", player="Ann", pos=2, ability="draw",
                                        args=[]), rule="Abilities: each type once per turn").rule
