"""Actions a random playout may take (answers to a pending decision first).

Kept finite so a Contest always ends: minions have two actions a day, plays
and deployments stop at four minions, each curse name goes once on a minion,
and `next` is offered whenever nothing is pending, except during Deployment
while an Isle still waits for its Epic card (an `isle` action is offered then).
"""

from __future__ import annotations

import random

from referee.games.kleos import actions as act
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.cards import GODS

PLAYOUT_CURSE = "Curse of Strife"


def _epic_cards(state: dict) -> list[dict]:
    return [c for _, c in sorted(state["cards"].items())
            if c.get("disposition") is not None and "champion" not in c["keywords"]]


def _hand_cards(state: dict) -> list[dict]:
    return [c for _, c in sorted(state["cards"].items())
            if "champion" not in c["keywords"] and "epic" not in c["keywords"]]


def playout_options(rng: random.Random) -> dict:
    """Random `new` options for the shared consistency test: 2-5 gods, typed champions and
    a few cards (invented stats: the rulebook prints none), Epic cards enough for the five
    Isles at setup and one more."""
    gods = list(GODS)
    rng.shuffle(gods)
    n = rng.randint(2, 5)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    champs = {g: {"name": f"{g.capitalize()} Champion", "attack": 3, "defense": 3,
                  "cunning": 2, "tactics": 1, "swift": g == "hermes"} for g in gods[:n]}
    cards = {
        "Hoplite Warrior": {"attack": 2, "defense": 2, "cunning": 1, "tactics": 1},
        "Centaur": {"attack": 2, "defense": 2, "cunning": 1, "tactics": 1, "swift": True},
        "Cyclops": {"attack": 4, "defense": 3, "cunning": 0, "tactics": -1},
        "Amazonian Queen Myrina": {"attack": 3, "defense": 2, "cunning": 2, "tactics": 1,
                                   "disposition": 1, "keywords": ["epic", "hero"]},
        "Minotaur": {"attack": 3, "defense": 3, "cunning": 1, "tactics": -1, "disposition": 2,
                     "hunter": [2, 1], "keywords": ["epic", "monster"]},
        "Theseus": {"attack": 3, "defense": 3, "cunning": 3, "tactics": 2, "disposition": 3,
                    "keywords": ["epic", "hero"]},
        "Medusa": {"attack": 3, "defense": 2, "cunning": 2, "tactics": 0, "disposition": 3,
                   "keywords": ["epic", "monster"]},
        "Hydra": {"attack": 4, "defense": 3, "cunning": 1, "tactics": -1, "disposition": 2,
                  "keywords": ["epic", "monster"]},
        "Jason": {"attack": 3, "defense": 2, "cunning": 3, "tactics": 1, "disposition": 2,
                  "keywords": ["epic", "hero"]},
    }
    return {"players": [{"name": names[i], "god": g} for i, g in enumerate(gods[:n])],
            "champions": champs, "cards": cards}


def legal_actions(state: dict) -> list[dict]:
    if state["phase"] == "over":
        return []
    pend = state["pending"]
    if pend and pend["kind"] == act.OA:
        god = pend["queue"][0]
        return [{"verb": "pass"}] + [{"verb": "oa", "minion": m["ref"]}
                                     for m in act.attackers_at(state, pend["from"], god)]
    if pend and pend["kind"] == act.ROOM:
        return [{"verb": "replace", "slot": s} for s in mn.room_choices(state, pend["god"])]
    # Deployment ends only once every Isle holds its Epic card (RULINGS)
    out: list[dict] = [] if state["phase"] == "deployment" and state["awaiting"] else [
        {"verb": "next"}]
    drawn = state.get("epics_drawn", {})
    in_play = {m["card"]["name"].lower() for m in state["minions"].values()}
    epics = [c for c in _epic_cards(state) if c["name"].lower() not in {*drawn, *in_play}]
    for i, isle in enumerate(state["awaiting"][:1]):
        if epics:
            card = epics[(i + len(state["hades"])) % len(epics)]
            out.append({"verb": "isle", "isle": isle, "card": card["name"]})
    hand = _hand_cards(state)
    if state["phase"] == "deployment":
        for god in st.gods(state):
            if hand and st.count_minions(state, god) < st.MAX_MINIONS:
                out.append({"verb": "deploy", "god": god, "cards": [hand[0]["name"]]})
        return out
    god = st.active_god(state)
    if state["phase"] == "play":
        if st.count_minions(state, god) < st.MAX_MINIONS:
            out += [{"verb": "play", "god": god, "card": c["name"]} for c in hand]
        elif hand:  # a fifth minion: the player is asked which one goes to Hades
            out.append({"verb": "play", "god": god, "card": hand[0]["name"]})
        for m in state["minions"].values():
            if (m["god"] != god and not st.is_champion(m)
                    and not any(a["card"] == PLAYOUT_CURSE for a in m["attachments"])):
                out.append({"verb": "attach", "god": god, "card": PLAYOUT_CURSE, "to": m["ref"],
                            "as": "curse", "mod": "atk=-1"})
        return out
    adjacent = state["board"]["adjacent"]
    for m in st.minions_of(state, god):
        if m["exhausted"] or m["actions"] <= 0:
            continue
        here = m["location"]
        for there in adjacent[here]:
            out.append({"verb": "move", "minion": m["ref"], "to": there})
            if mn.swift(m) and not m["moves"]:
                out += [{"verb": "move", "minion": m["ref"], "to": there, "to2": far}
                        for far in adjacent[there] if far != here]
        for o in st.at(state, here):
            if o["god"] != god:
                out.append({"verb": "attack", "minion": m["ref"], "target": o["ref"]})
        if state["board"]["locations"][here]["kind"] == "isle" and state["isles"][here]:
            out.append({"verb": "recruit", "minion": m["ref"]})
    return out
