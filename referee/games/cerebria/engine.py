"""The Cerebria engine: the protocol of docs/engine.md over the modules of this package."""

from __future__ import annotations

import random
from typing import Any

from referee.chance import Chance
from referee.engine import Action, Engine, Event, summary
from referee.games.cerebria import cards, legal, mindset, render, setup, zones
from referee.games.cerebria.flow import apply as _apply


class CerebriaEngine(Engine):
    name = "cerebria"
    title = "Cerebria"
    series_word = "fragments"
    rules_version = "1"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS

    def setup(self, options: dict, chance: Chance) -> dict:
        return setup.setup(options, chance)

    def apply(self, state: dict, action: Action, chance: Chance) -> tuple[dict, list[Event]]:
        return _apply(state, action, chance)

    def summary(self, state: dict) -> dict:
        players = [{"name": n, "score": s["bliss"] + s["gloom"], "bliss": s["bliss"],
                    "gloom": s["gloom"]} for n, s in state["scored"].items()]
        over = state["phase"] == "over"
        pending = []
        if state["pending"]:
            p = state["pending"]
            pending.append({"player": p["order"][p["next"]], "decision": "counter-act",
                            "choices": ["pass", f"cancel --discard <{p['params']['vibe']} card>"]})
        owed = state.get("deprive")
        if owed:
            pending.append({"player": owed["player"], "decision": "deprive",
                            "choices": [f"deprive {owed['player']} {i + 1}"
                                        for i, c in enumerate(state["impulse"]) if c]})
        phase = "counter-act" if state["pending"] else state["phase"]
        # between a Revelation and `next-cycle` nobody is to play: the next Cycle is prepared
        idle = over or state["phase"] == "revelation"
        return summary("cerebria", players, None if idle else state["players"][state["current"]],
                       phase, state["turn"], pending, over, state["winners"],
                       state["condition"] if over else None)

    def result_details(self, state: dict) -> dict:
        """The winning condition and the tie-break that settled it (RULINGS)."""
        return {"condition": state.get("condition"), "tie_break": state.get("tie_break")}

    def legal_actions(self, state: dict) -> list[Action]:
        return legal.legal_actions(state)

    def render(self, state: dict) -> str:
        return render.render(state)

    def playout_options(self, rng: random.Random) -> dict:
        names = ["Ann", "Bob", "Cy", "Dee", "Eve"][: rng.randint(2, 5)]
        return {"players": names}

    def vocabulary(self, state: Any) -> dict[str, list[str]]:
        if not state:
            return {"verbs": ["new"]}
        every_card = sorted(zones.composition(state))
        targets = [f"{p}:{i + 1}" for p in state["players"]
                   for i in range(len(state["mindsets"][p]))]
        return {
            "players": list(state["players"]),
            "cards": every_card,
            "targets": targets,
            "abilities": list(cards.ABILITIES),
            "slots": ["1", "2", "3"],
            "positions": [str(i) for i in range(1, mindset.LIMIT + 1)],
            "moods": ["bliss", "gloom"],
            "verbs": ["mulligan", "impulse", "invoke", "ability", "cancel", "pass", "deprive",
                      "end-turn", "next-cycle", "status"],
        }

    def check_invariants(self, state: dict) -> None:
        slots = mindset.on_slots(state)
        for aff in ("bliss", "gloom"):
            scored = sum(s[aff] for s in state["scored"].values())
            assert state["supply"][aff] >= 0
            assert state["supply"][aff] + slots[aff] + scored == setup.FRAGMENTS, aff
        assert zones.total_cards(state) == cards.DECK_SIZE
        for name in state["players"]:
            mind = state["mindsets"][name]
            assert len(mind) <= mindset.LIMIT
            for emo in mind:
                assert 0 <= emo["fragments"] <= mindset.fragment_capacity(emo)
                assert 0 <= emo["absorbed"] <= mindset.absorb_capacity(emo)
            hand = state["hands"][name]
            assert 0 <= len(hand["known"]) <= hand["count"]
        deck = zones.composition(state)
        assert all(n <= deck.get(c, 0) for c, n in zones.seen(state).items())
        assert all(0 <= n <= len(state["players"]) + 2 for n in state["stacks"])
        assert state["actions_left"] in (0, 1, 2)
        if state.get("deprive"):
            assert state["phase"] == "cycle" and not state["pending"]
            assert state["deprive"]["player"] == state["players"][state["current"]]
        assert len(set(state["abilities_used"])) == len(state["abilities_used"])

    def describe(self, action: Action) -> str:
        verb = action.get("verb", "?")
        if verb == "new":
            return "new " + ", ".join(map(str, action.get("players") or []))
        parts = [verb, str(action.get("player", ""))]
        positional = ("pos", "ability") if verb == "ability" else ("slot", "card")
        for key in positional:
            if action.get(key) is not None:
                parts.append(str(action[key]))
        parts += [str(a) for a in action.get("args") or []]
        options = ("card",) if verb == "ability" else ()
        for key in (*options, "merge", "discard", "absorb", "keep", "mood"):
            value = action.get(key)
            for one in value if isinstance(value, list) else [value]:  # next-cycle --keep
                if one is not None:
                    parts.append(f"--{key} {one}")
        reveal = action.get("reveal") or []
        for card in [reveal] if isinstance(reveal, str) else reveal:  # impulse/deprive: one
            parts.append(f"--reveal {card}")
        return " ".join(p for p in parts if p)

