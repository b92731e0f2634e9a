"""Shared helpers for the Kleos tests: a small game driven through the engine like the CLI does."""

from __future__ import annotations

import pytest

from referee import session
from referee.errors import IllegalAction, InputError
from referee.games.kleos import ENGINE

CARDS = {
    "Hoplite Warrior": {"attack": 2, "defense": 2, "cunning": 1, "tactics": 1},
    "Centaur": {"attack": 2, "defense": 2, "cunning": 2, "tactics": 1, "swift": True},
    "Priest of the Olympian Gods": {"attack": 1, "defense": 1, "cunning": 2, "tactics": 3},
    "Cyclops": {"attack": 4, "defense": 3, "cunning": 0, "tactics": -2},
    "Amazonian Queen Myrina": {"attack": 3, "defense": 2, "cunning": 2, "tactics": 1,
                               "disposition": 1, "keywords": ["epic", "hero"]},
    "Minotaur": {"attack": 3, "defense": 3, "cunning": 1, "tactics": -1, "disposition": 2,
                 "hunter": [2, 1], "keywords": ["epic", "monster"]},
    "Theseus": {"attack": 3, "defense": 3, "cunning": 3, "tactics": 2,
                "keywords": ["epic", "hero"]},
    "Medusa": {"attack": 3, "defense": 2, "cunning": 2, "tactics": 0, "disposition": 3,
               "keywords": ["epic", "monster"]},
    "Hydra": {"attack": 4, "defense": 3, "cunning": 1, "tactics": -1, "disposition": 2,
              "keywords": ["epic", "monster"]},
    "Chimera": {"attack": 4, "defense": 2, "cunning": 1, "tactics": -1, "disposition": 2,
                "keywords": ["epic", "monster"]},
    "Cerberus": {"attack": 4, "defense": 3, "cunning": 0, "tactics": -1, "disposition": 3,
                 "keywords": ["epic", "monster"]},
}
# Setup puts one Epic card on each of the five Isles (RULINGS); Theseus stays a hand card.
ISLE_CARDS = {"isle1": "Amazonian Queen Myrina", "isle2": "Minotaur", "isle3": "Medusa",
              "isle4": "Hydra", "isle5": "Chimera"}
MINOTAUR_IN_HAND = {"isle2": "Cerberus"}  # isles= for a game where the Minotaur is deployed
CHAMPIONS = {
    "ares": {"name": "Achilles", "attack": 4, "defense": 3, "cunning": 2, "tactics": 1},
    "athena": {"name": "Odysseus", "attack": 3, "defense": 3, "cunning": 4, "tactics": 2},
    "hermes": {"name": "Autolycus", "attack": 3, "defense": 2, "cunning": 4, "tactics": 1,
               "swift": True},
    "artemis": {"name": "Atalanta", "attack": 3, "defense": 2, "cunning": 3, "tactics": 1},
    "dionysus": {"name": "Silenus", "attack": 2, "defense": 3, "cunning": 3, "tactics": 2},
}


class Game:
    """A session in memory: each `do` is one logged action, exactly as the CLI would send it."""

    def __init__(self, options: dict, seed: str = "test") -> None:
        self.seed = seed
        self.records = [{"verb": "new", **options}]
        self.state, self.events, self.results = session.run(ENGINE, None, self.records[0], seed, 0)

    def do(self, verb: str, **fields) -> list[dict]:
        action = {"verb": verb, **{k: v for k, v in fields.items() if v is not None}}
        state, events, results = session.run(ENGINE, ENGINE.copy(self.state), action, self.seed,
                                             len(self.records))
        ENGINE.check_invariants(state)
        self.records.append(action)
        self.state, self.events, self.results = state, events, results
        return events

    def refused(self, verb: str, rule: str, **fields) -> IllegalAction:
        before = ENGINE.copy(self.state)
        with pytest.raises(IllegalAction) as info:
            self.do(verb, **fields)
        assert rule.lower() in (info.value.rule or "").lower(), info.value.rule
        assert self.state == before
        return info.value

    def bad_input(self, verb: str, **fields) -> InputError:
        with pytest.raises(InputError) as info:
            self.do(verb, **fields)
        return info.value

    # -- shortcuts ------------------------------------------------------------------
    def m(self, ref: str) -> dict:
        return self.state["minions"][ref]

    def place(self, ref: str, location: str) -> None:
        """Put a minion somewhere for a scenario (as if it had walked there)."""
        self.state["minions"][ref]["location"] = location

    def glory(self, god: str) -> int:
        return self.state["glory"][god]

    def to_action_phase(self) -> None:
        """From Deployment or a Play Phase, `next` until the first Action Phase."""
        while self.state["phase"] != "action":
            self.do("next")

    @property
    def text(self) -> str:
        return "\n".join(e["text"] for e in self.events)


def queue(g: Game) -> list[str]:
    """The gods an opportunity attack is offered to, in order: the one asked now, then the
    rest (the pending list holds only the head; its data keeps who is asked next)."""
    return [god for p in g.state["pending"] if p["decision"] == "opportunity-attack"
            for god in (p["data"]["god"], *p["data"]["then"])]


def new_game(gods=("ares", "athena"), temples=None, seed="test", deploy=None, isles=True,
             **options) -> Game:
    """Ann, Bob, Cy... as the gods given; temples H1, H5 (or as given); cards known to the
    session; with `isles`, an Epic card on each Isle (ISLE_CARDS, updated by a dict given)."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    opts = {"players": [{"name": names[i], "god": g} for i, g in enumerate(gods)],
            "champions": {g: CHAMPIONS[g] for g in gods}, "cards": CARDS, **options}
    if temples is None and len(gods) == 2:
        temples = {gods[0]: "h1", gods[1]: "h5"}
    if temples:
        opts["temples"] = temples
    g = Game(opts, seed)
    if isles:
        for isle, card in {**ISLE_CARDS, **(isles if isinstance(isles, dict) else {})}.items():
            g.do("isle", isle=isle, card=card)
    for god, cards in (deploy or {}).items():
        g.do("deploy", god=god, cards=cards)
    return g


def test_support_game_starts_in_deployment_on_day_1():
    g = new_game()
    assert g.state["phase"] == "deployment" and g.state["day"] == 1
    assert g.m("ares:champion")["location"] == "h1"
