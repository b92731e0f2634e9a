"""Cerebria's legal list is exact for what an ability's option chooses, at positions the random
playouts of tests/test_legal_exact.py seldom reach: every value of the option is tried (not a
sample) and each is accepted (a dry run on a copy, tests/legal_exact.py) exactly when the list
holds it, or an action ending in the same state (another spelling of a listed one).

Steal ("Steal: take a card from an opponent's hand"): `--card CARD` takes a card the opponent
may hold (a shown one, or any unseen one while some of their cards are hidden), `--card none`
takes nothing. Drain: `--keep absorb` leaves the owner the absorbed fragments when not all fit.
"""

from __future__ import annotations

import random
from typing import Any

from cerebria_table import Layout, drain_overflow
from legal_exact import Listing, Report, accepted, check_state, key, outcome

from referee.games.cerebria import abilities, zones

SEED = "t"
FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")


def _exact_over(t: Any, tried: list[dict]) -> tuple[list[dict], list[dict]]:
    """(accepted but not listed, listed but refused) among `tried`, whole actions of `ability`."""
    engine, state = t.engine, t.state
    ply = len(t.loaded.records) + 1
    listing = Listing(engine, state, engine.legal_actions(state))
    ends: set[str | None] | None = None
    missing, extra = [], []
    for action in tried:
        ok = accepted(engine, state, action, SEED, ply)
        if key(engine, action) in listing.keys:
            if not ok:
                extra.append(action)
            continue
        if not ok:
            continue
        if ends is None:  # the states the listed abilities end in: an alias ends in one of them
            ends = {outcome(engine, state, a, SEED, ply) for a in listing.actions
                    if a["verb"] == "ability"}
        if outcome(engine, state, action, SEED, ply) not in ends:
            missing.append(action)
    return missing, extra


def _oracle(t: Any) -> Report:
    """The exact-list test's own check (sampled candidates) at this position."""
    report = Report("cerebria")
    check_state(t.engine, t.state, SEED, len(t.loaded.records) + 1, random.Random(0), report)
    return report


def _steal_table() -> Any:
    # Ann's Steal emotion is ready with its fragment; Brightness (bliss, like the Steal emotion)
    # may take the spent fragment on its Absorb slot (`--absorb 2`). Bob hides 4 cards, Cy shows
    # one and hides one, Dee's hand is wholly known (one shown card), Eve's is empty.
    p = Layout(FIVE)
    p.place("Ann", "mild-bliss-red-steal")
    p.place("Ann", "brightness-red", fragments=0)
    p.give("Cy", "brightness-blue").hidden("Cy", 1)
    p.give("Dee", "mild-gloom-red-draw").hidden("Dee", 0)
    p.hidden("Eve", 0)
    return p.table()


def test_steal_takes_a_card_from_an_opponent_hand_every_card_it_takes_is_listed():
    t = _steal_table()
    deck = sorted(zones.composition(t.state))
    tried = [{"verb": "ability", "player": "Ann", "pos": 1, "ability": "steal", "args": [victim],
              **({"card": card} if card is not None else {}),
              **({"absorb": absorb} if absorb is not None else {})}
             for victim in FIVE for card in [None, "none", "zzz", *deck] for absorb in (None, 2)]
    missing, extra = _exact_over(t, tried)
    assert (missing, extra) == ([], [])
    # what the rule lets Ann take, so the check above covers each kind of hand: any unseen
    # card from Bob's hidden ones, Cy's shown card and any unseen one, only Dee's shown card,
    # nothing but `none` (or no --card) from Eve's empty hand
    listed = t.engine.legal_actions(t.state)
    takes = {victim: {a.get("card") for a in listed if a.get("ability") == "steal"
                      and a["args"] == [victim] and "absorb" not in a} for victim in FIVE}
    unseen = set(zones.unseen(t.state))
    assert takes["Bob"] == {None, "none", *unseen}
    assert takes["Cy"] == {None, "none", "brightness-blue", *unseen}
    assert takes["Dee"] == {None, "none", "mild-gloom-red-draw"}
    assert takes["Eve"] == {None, "none"} and takes["Ann"] == set()
    assert abilities.STEAL_RULE == "Steal: take a card from an opponent's hand"
    assert _oracle(t).mismatches == 0


def test_drain_keep_choice_of_the_overflow_is_listed():
    # Ann's Drain emotion may drain Bob's merged Summon (2 fragments, 2 absorbed) onto her Swap
    # emotion (one empty Fragment slot): one fragment fits, and `--keep absorb` leaves Bob the
    # absorbed ones (tests/test_cerebria_abilities.py); each form with the choice is listed
    t = drain_overflow()
    targets = [f"{name}:{i + 1}" for name in t.state["players"]
               for i in range(len(t.state["mindsets"][name]))]
    tried = [{"verb": "ability", "player": "Ann", "pos": 1, "ability": "drain", "args": [target, host],
              **({"keep": keep} if keep is not None else {})}
             for target in targets for host in (1, 2) for keep in (None, "fragment", "absorb", "zzz")]
    missing, extra = _exact_over(t, tried)
    assert (missing, extra) == ([], [])
    listed = [a for a in t.engine.legal_actions(t.state) if a.get("ability") == "drain"]
    assert {"verb": "ability", "player": "Ann", "pos": 1, "ability": "drain", "args": ["Bob:1", 2],
            "keep": "absorb"} in listed
    assert _oracle(t).mismatches == 0
