"""What each verb may do now, for hints, completion and random playouts (per-verb `options`).

The cards offered are those the state knows: a hint or completion first folds the card
library in (`KleosEngine.with_library`), so every library card is offered where the rules
take it. Kept finite so a Contest always ends: minions have two actions a day, plays and
deployments stop at four minions, and `next` is offered whenever nothing is pending,
except during Deployment while an Isle still waits for its Epic card (an `isle` action is
offered then). Dice are left out: the referee rolls them when the action is played. An
attached card is named at the table (attachments are not in the library): `attach` is
listed with the placeholders CARD and MODS, which a random playout fills with samples
(`playout_action`). Every other action listed here is accepted as it stands.
"""

from __future__ import annotations

import random

from referee.games.kleos import actions as act
from referee.games.kleos import minions as mn
from referee.games.kleos import play as pl
from referee.games.kleos import state as st
from referee.games.kleos.cards import GODS
from referee.games.kleos.state import Card, State
from referee.model.errors import IllegalAction
from referee.model.verbs import Action

# The free fields of `attach`, as a hint shows them (the words are the declared fields' own)
CARD, MODS = "CARD", "MODS"
PLAYOUT_CURSE, PLAYOUT_MODS = "Curse of Strife", "atk=-1"  # invented: random playouts only


def _epic_cards(state: State) -> list[Card]:
    """Cards that may lie on an Isle: with a Disposition, not a champion."""
    return [c for _, c in sorted(state["cards"].items())
            if c.get("disposition") is not None and "champion" not in c["keywords"]]


def hand_cards(state: State) -> list[Card]:
    """Cards that may come from a hand now: not a champion, and not an Epic card that lies on
    an Isle or is already in play (each exists once)."""
    out = []
    for _, card in sorted(state["cards"].items()):
        if "champion" in card["keywords"]:
            continue
        try:
            pl.from_hand(state, [card])
        except IllegalAction:
            continue
        out.append(card)
    return out


def is_epic(card: Card) -> bool:
    return "epic" in card["keywords"] or card.get("disposition") is not None


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


# -- answers to what is pending ---------------------------------------------------------------

def oa(state: State) -> list[Action]:
    return [{"minion": ref} for ref in act.oa_choices(state)]


def pass_(state: State) -> list[Action]:
    return [{}] if act.oa_pending(state) is not None else []


def replace(state: State) -> list[Action]:
    return [{"slot": slot} for p in state["pending"] if p["decision"] == act.ROOM
            for slot in p["choices"]]


# -- Deployment and the Play Phase ---------------------------------------------------------------

def next_(state: State) -> list[Action]:
    """`next` (naming whose phase it ends), except while an Isle waits at Deployment."""
    if state["phase"] == "deployment":
        return [] if state["awaiting"] else [{}]
    return [{"god": st.active(state)}]


def isle(state: State) -> list[Action]:
    """Each Isle waiting may get any Epic card known, not yet drawn nor in play."""
    if not state["awaiting"]:
        return []
    drawn = state["epics_drawn"]
    in_play = {m["card"]["name"].lower() for m in state["minions"].values()}
    epics = [c for c in _epic_cards(state) if c["name"].lower() not in {*drawn, *in_play}]
    return [{"isle": where, "card": card["name"]} for where in state["awaiting"] for card in epics]


def deploy(state: State) -> list[Action]:
    hand = hand_cards(state)
    return [{"god": god, "cards": [card["name"]]} for god in st.gods(state)
            if st.count_minions(state, god) < st.MAX_MINIONS for card in hand]


def play(state: State) -> list[Action]:
    # with four minions in play, the player is then asked which one goes to Hades
    god = st.active(state)
    return [{"god": god, "card": c["name"]} for c in hand_cards(state)]


def attach(state: State) -> list[Action]:
    """Each kind of card on each minion it may go on; the card and what it changes are named
    at the table (CARD, MODS)."""
    god = st.active(state)
    out: list[Action] = []
    for m in state["minions"].values():
        mine = m["god"] == god
        kinds = ["blessing"]
        if not mine and not st.is_champion(m):
            kinds.append("curse")
        if mine and "hero" in m["card"]["keywords"]:
            kinds.append("mount")
        if mine and "monster" in m["card"]["keywords"]:
            kinds.append("offering")
        out += [{"god": god, "card": CARD, "to": m["ref"], "as": kind, "mod": MODS}
                for kind in kinds]
    return out


def playout_action(state: State, action: Action) -> Action | None:
    """A listed action as a random playout takes it: an attachment gets an invented card
    (curses only, none twice on a minion, so the Play Phase ends soon), and Epic cards are
    kept for the Isles (a playout deploys and plays basic cards only)."""
    verb = action.get("verb")
    if verb == "attach" and action.get("card") == CARD:
        target = state["minions"][action["to"]]
        if action["as"] != "curse" or any(a["card"] == PLAYOUT_CURSE for a in target["attachments"]):
            return None
        return {**action, "card": PLAYOUT_CURSE, "mod": PLAYOUT_MODS}
    if verb in ("deploy", "play"):
        names = action.get("cards") or [action.get("card")]
        if any(is_epic(state["cards"][str(n).lower()]) for n in names):
            return None
    return action


# -- the Action Phase ------------------------------------------------------------------------

def _ready(state: State) -> list:
    if state["phase"] != "action":
        return []
    return [m for m in st.minions_of(state, st.active(state))
            if not m["exhausted"] and m["actions"] > 0]


def move(state: State) -> list[Action]:
    out: list[Action] = []
    adjacent = state["board"]["adjacent"]
    for m in _ready(state):
        here = m["location"]
        for there in adjacent[here]:
            out.append({"minion": m["ref"], "to": there})
            if mn.swift(m) and not m["moves"]:
                out += [{"minion": m["ref"], "to": there, "to2": far}
                        for far in adjacent[there] if far != here]
    return out


def attack(state: State) -> list[Action]:
    return [{"minion": m["ref"], "target": o["ref"]} for m in _ready(state)
            for o in st.at(state, m["location"]) if o["god"] != m["god"]]


def recruit(state: State) -> list[Action]:
    return [{"minion": m["ref"]} for m in _ready(state)
            if state["board"]["locations"][m["location"]]["kind"] == "isle"
            and state["isles"][m["location"]]]
