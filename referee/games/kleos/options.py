"""What each verb may do now, for hints, completion and random playouts (per-verb `options`).

The list is exact (tests/test_legal_exact.py): every action the referee takes now is listed,
or covered by a listed action with free fields (free.py: a placeholder word standing for
every value the referee takes; an optional one for its absence too), and every listed
action is taken. The cards offered are those the state knows: a hint or completion first
folds the card library in (`KleosLibrary.with_library`), so every library card is offered
where the rules take it. Dice are left out: the referee rolls them when the action is
played. Free: an attached card's name and what it changes (CARD, MODS; a name already
attached in play is listed by name on each minion without it), a glory change and the
card's reason (DELTA, TEXT), a card's bonus dice, Godly dice and the Favor on a slaughter
(optional on every attack, answer and recruit), who gains the glory of a card's kill and
whether it slaughters, a stat check's successes needed. Enumerated: every god,
minion, location, target and stat (a check rolls attack, defense, cunning or tactics) (a card's effect moves any minion to any other location; a
competing check is between two different minions).

Random playouts draw from the same list (`playout_action`), kept finite so a Contest always
ends: minions have two actions a day, plays and deployments stop at four minions, `next` is
offered whenever nothing is pending, except while an Isle still waits for its Epic card
(from Day 2, `next --deck-out` is: a playout may run the Epic Minion Deck out); the table's card effects (kill, glory, favor, check, a move by a card) are
left out of playouts, an attachment is an invented Curse, optional free fields are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.games.kleos import actions as act
from referee.games.kleos import free
from referee.games.kleos import minions as mn
from referee.games.kleos import play as pl
from referee.games.kleos import state as st
from referee.games.kleos.cards import GODS, STATS
from referee.games.kleos.state import Card, State
from referee.model.errors import IllegalAction
from referee.model.verbs import Action

if TYPE_CHECKING:
    import random

# placeholders of free fields (each the declared field's own word: its metavar or NAME)
CARD, MODS, DELTA, TEXT = free.CARD, free.MODS, free.DELTA, free.TEXT
GOD, NEED, SLAUGHTER = "GOD", "NEED", "SLAUGHTER"
BONUS, RETALIATION_BONUS, GODLY, FAVOR = "BONUS", "RETALIATION_BONUS", "GODLY", "FAVOR"
EVERYONE = "all"  # `pass all`: every player still to be asked declines
TABLE_EFFECTS = ("kill", "glory", "favor", "check")  # never drawn by a random playout
PLAYOUT_CURSE, PLAYOUT_MODS = "Curse of Strife", "atk=-1"  # invented: random playouts only


def _epic_cards(state: State) -> list[Card]:
    """Cards that may lie on an Isle: with a Disposition, not a champion."""
    return [c for _, c in sorted(state["cards"].items())
            if c.get("disposition") is not None and "champion" not in c["keywords"]]


def hand_cards(state: State) -> list[Card]:
    """Cards that may come from a hand now: not a champion, and not an Epic card that lies on
    an Isle, is already in play or is in Hades (each exists once)."""
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
    return [{"minion": ref, "favor": FAVOR, "bonus": BONUS, "godly": GODLY}
            for ref in act.oa_choices(state)]


def pass_(state: State) -> list[Action]:
    """`pass` (the player asked declines); with more players still to be asked after them,
    `pass all` (everyone left declines) and `pass GOD GOD...` (the first few in turn)."""
    if act.oa_pending(state) is None:
        return []
    left = act.passers(state)
    if len(left) < 2:
        return [{}]
    return [{}, {"god": EVERYONE}, *({"god": left[:n]} for n in range(2, len(left)))]


def replace(state: State) -> list[Action]:
    return [{"slot": slot} for p in state["pending"] if p["decision"] == act.ROOM
            for slot in p["choices"]]


# -- Deployment and the Play Phase ---------------------------------------------------------------

def next_(state: State) -> list[Action]:
    """`next` (naming whose phase it ends), except while an Isle waits for its Epic card: at
    Deployment not at all, from Day 2 only saying the Epic Minion Deck is out (`--deck-out`)."""
    if state["phase"] == "deployment":
        return [] if state["awaiting"] else [{}]
    if state["awaiting"]:
        return [{"god": st.active(state), "deck_out": True}]
    return [{"god": st.active(state)}]


def isle(state: State) -> list[Action]:
    """Each Isle waiting may get any Epic card known, not yet drawn, in play nor in Hades."""
    if not state["awaiting"]:
        return []
    drawn = state["epics_drawn"]
    in_play = {m["card"]["name"].lower() for m in state["minions"].values()}
    epics = [c for c in _epic_cards(state) if c["name"].lower() not in {*drawn, *in_play}
             and not pl.in_hades(state, c)]
    return [{"isle": where, "card": card["name"]} for where in state["awaiting"] for card in epics]


def deploy(state: State) -> list[Action]:
    hand = hand_cards(state)
    return [{"god": god, "cards": [card["name"]]} for god in st.gods(state)
            if st.count_minions(state, god) < st.MAX_MINIONS for card in hand]


def _room(state: State, god: str) -> list[str | None]:
    """`replace` as an entering minion may carry it: none, and with four minions in play each
    slot that may go to Hades (else the player is asked then)."""
    return [None] if mn.free_slot(state, god) is not None else [None, *mn.room_choices(state, god)]


def play(state: State) -> list[Action]:
    god = st.active(state)
    return [{"god": god, "card": c["name"], **({"replace": r} if r else {})}
            for c in hand_cards(state) for r in _room(state, god)]


def attach(state: State) -> list[Action]:
    """Each kind of card on each minion it may go on; the card and what it changes are named
    at the table (CARD, MODS): a name attached in play already is listed by name on each
    minion that does not carry it (CARD stands for every other name)."""
    god = st.active(state)
    out: list[Action] = []
    attached = {a["card"].lower(): a["card"] for m in state["minions"].values()
                for a in m["attachments"]}
    for m in state["minions"].values():
        mine = m["god"] == god
        kinds = ["blessing"]
        if not mine and not st.is_champion(m):
            kinds.append("curse")
        if mine and "hero" in m["card"]["keywords"]:
            kinds.append("mount")
        if mine and "monster" in m["card"]["keywords"]:
            kinds.append("offering")
        carried = {a["card"].lower() for a in m["attachments"]}
        names = [CARD, *(name for low, name in sorted(attached.items()) if low not in carried)]
        out += [{"god": god, "card": name, "to": m["ref"], "as": kind, "mod": MODS}
                for kind in kinds for name in names]
    return out


def playout_action(state: State, action: Action) -> Action | None:
    """A listed action as a random playout takes it: an attachment gets an invented card
    (curses only, none twice on a minion, so the Play Phase ends soon), and Epic cards are
    kept for the Isles (a playout deploys and plays basic cards only)."""
    verb = action.get("verb")
    if verb in TABLE_EFFECTS or (verb == "move" and action.get("effect")):
        return None
    if verb == "attach":
        target = state["minions"][action["to"]]
        if action["card"] != CARD or action["as"] != "curse" or \
                any(a["card"] == PLAYOUT_CURSE for a in target["attachments"]):
            return None
        return {**action, "card": PLAYOUT_CURSE, "mod": PLAYOUT_MODS}
    if verb in ("oa", "attack", "recruit"):  # the optional free fields left out
        action = {k: v for k, v in action.items()
                  if v not in (FAVOR, BONUS, RETALIATION_BONUS, GODLY)}
    if verb in ("deploy", "play"):
        names = action.get("cards") or [action.get("card")]
        if any(pl.is_epic(state["cards"][str(n).lower()]) for n in names):
            return None
    return action


# -- the Action Phase ------------------------------------------------------------------------

def _ready(state: State) -> list:
    if state["phase"] != "action":
        return []
    return [m for m in st.minions_of(state, st.active(state))
            if not m["exhausted"] and m["actions"] > 0]


def move(state: State) -> list[Action]:
    """A minion's Movement action (to an adjacent location; a Swift one's first also two
    away), then a move by a card's effect: any minion to any other location, any phase."""
    out: list[Action] = []
    adjacent = state["board"]["adjacent"]
    for m in _ready(state):
        here = m["location"]
        for there in adjacent[here]:
            out.append({"minion": m["ref"], "to": there})
            if mn.swift(m) and not m["moves"]:
                out += [{"minion": m["ref"], "to": there, "to2": far}
                        for far in adjacent[there] if far != here]
    places = list(state["board"]["locations"])
    return out + [{"minion": ref, "to": there, "effect": True}
                  for ref, m in state["minions"].items() for there in places
                  if there != m["location"]]


def attack(state: State) -> list[Action]:
    return [{"minion": m["ref"], "target": o["ref"], "favor": FAVOR, "bonus": BONUS,
             "retaliation_bonus": RETALIATION_BONUS, "godly": GODLY} for m in _ready(state)
            for o in st.at(state, m["location"]) if o["god"] != m["god"]]


def recruit(state: State) -> list[Action]:
    return [{"minion": m["ref"], **({"replace": r} if r else {}), "godly": GODLY}
            for m in _ready(state)
            if state["board"]["locations"][m["location"]]["kind"] == "isle"
            and state["isles"][m["location"]] for r in _room(state, m["god"])]


# -- card effects the table applies (any phase, while nothing is pending) ----------------------


def kill(state: State) -> list[Action]:
    """Any minion, with who gains the glory (GOD, optional) and, but for a champion, whether
    the card slaughters it."""
    return [{"minion": ref, "by": GOD, "reason": TEXT,
             **({} if st.is_champion(m) else {"slaughter": SLAUGHTER})}
            for ref, m in state["minions"].items()]


def glory(state: State) -> list[Action]:
    return [{"god": god, "delta": DELTA, "reason": TEXT} for god in st.gods(state)]


def favor(state: State) -> list[Action]:
    """Olympus' Favor to any minion but its holder, or back to Olympus while a minion holds it."""
    out: list[Action] = [{"minion": ref} for ref in state["minions"] if ref != state["favor"]]
    return out + ([{"minion": "none"}] if state["favor"] is not None else [])


def check(state: State) -> list[Action]:
    """A check of any minion on each of the four stats (the successes needed free), or a
    competing check against any other minion."""
    refs = list(state["minions"])
    return [{"minion": ref, "stat": stat, "need": NEED, "godly": GODLY}
            for ref in refs for stat in STATS] + \
        [{"minion": ref, "stat": stat, "against": other, "godly": GODLY}
         for ref in refs for other in refs if other != ref for stat in STATS]
