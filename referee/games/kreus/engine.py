"""The Kreus engine: one cooperative team creates the Planet (3-6 players)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from referee.chance import Chance
from referee.engine import Engine, summary
from referee.errors import IllegalAction, InputError
from referee.games.kreus import board, cards, creation, energy, flow, legal, render, setup, titans
from referee.games.kreus.table import held_aggression, tokens_on_cards

VERBS: dict[str, Callable[[dict, dict], list[dict]]] = {
    "tokens": setup.take_tokens,
    "titan": setup.choose_titan,
    "show-card": energy.show_card,
    "exchange": energy.exchange,
    "retrieve": energy.retrieve,
    "discard": energy.discard,
    "ready": flow.ready,
    "reveal": creation.reveal,
    "power": titans.use_power,
    "next": lambda state, action: flow.next_step(state),
    "end": flow.end_game,
}
SETUP_VERBS = ("tokens", "titan")


class KreusEngine(Engine):
    name = "kreus"
    title = "Kreus"
    rules_version = "2"  # 2: one discard for a token per phase; held Aggression counted
    min_players = 3
    max_players = 6
    series_word = "Planet and Energy"

    def setup(self, options: dict, chance: Chance) -> dict:
        return setup.setup(options)

    def apply(self, state: dict, action: dict, chance: Chance) -> tuple[dict, list[dict]]:
        verb = action.get("verb")
        if verb not in VERBS:
            raise InputError(f"unknown Kreus verb '{verb}' (verbs: {', '.join(VERBS)})")
        if state["over"]:
            raise IllegalAction("the game is over", "End of the game: nothing is played after it")
        if state["phase"] == "setup" and verb not in SETUP_VERBS:
            raise IllegalAction(f"setup is not finished: {render.next_line(state)}",
                                "Setup: tokens (and Titans) before the first turn")
        if state["pending"] and state["pending"]["kind"] == "storm-discard" and verb != "discard":
            raise IllegalAction(f"waiting for {flow.pending_text(state)}",
                                "Aggression: the Storm of Uranus' discard comes first")
        if verb == "titan":  # the referee may draw the Titan card
            events = setup.choose_titan(state, action, chance)
        else:
            events = VERBS[verb](state, action)
        if verb in SETUP_VERBS:
            flow.after_setup(state, events)
        return state, events

    def summary(self, state: dict) -> dict:
        r = state["round"]
        current = None
        if state["over"]:
            pass
        elif state["pending"]:
            current = state["pending"]["player"]
        elif state["phase"] == "setup":
            current = state["token_taker"] or next(
                (p for p in state["players"] if p not in state["titans"]), None)
        elif state["phase"] == "divination":
            current = next(iter(flow.must_place(state)), None)
        elif r["order"]:
            current = r["order"][0]
        elif r["replay"]:
            current = r["iapetus"]
        pending = []
        p = state["pending"]
        if p and p["kind"] == "storm-discard":
            choices = [c for c, n in sorted(state["pool"].items())
                       if n > 0 and cards.kind(c) != "aggression"]
            pending.append({"player": p["player"], "decision": "storm-discard",
                            "choices": [*choices, "none"]})
        players = [{"name": n, "score": None, "energy": state["tokens"][n],
                    "hand": state["hand"][n], "face_down": state["face_down"][n]}
                   for n in state["players"]]
        return summary("kreus", players, current, state["phase"], state["turn"], pending,
                       over=state["over"],
                       winners=list(state["players"]) if state["outcome"] in WIN else [],
                       outcome=state["outcome"])

    def result_details(self, state: dict) -> dict:
        """What the Judgement of Uranus looked at (the tier itself is the summary's outcome)."""
        return {"planet": cards.PLANET in state["in_play"],
                "planet_elements": board.planet_elements(state),
                "end_reason": state["end_reason"], "aggression_held": state["aggression_held"]}

    def series(self, state: dict) -> dict[str, float | None]:
        """How the Planet comes along: its Elements, and the Energy tokens the team holds."""
        return {"Planet elements": board.planet_elements(state),
                "Energy tokens held": sum(state["tokens"].values())}

    def legal_actions(self, state: dict) -> list[dict]:
        return legal.legal_actions(state)

    def render(self, state: dict) -> str:
        return render.render(state)

    def playout_options(self, rng: random.Random) -> dict:
        n = rng.randint(3, 6)
        names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:n]
        return {"players": names, "first": rng.choice(names),
                "first_game": rng.random() < 0.3, "incarnation": rng.random() < 0.5,
                "altered": rng.random() < 0.5}

    def vocabulary(self, state: dict) -> dict[str, list[str]]:
        titan_names = [c[f]["name"] for c in state["titan_cards"] for f in ("male", "female")]
        return {
            "players": list(state["players"]),
            "cards": sorted(state["deck"]),
            "nature": list(state["tree"]),
            "elements": list(cards.ELEMENTS),
            "targets": [f"{n}:{s['element']}" for n, p in state["in_play"].items()
                        for s in p["elements"]],
            "titans": [*titan_names, "draw"],
            "verbs": [*VERBS, "tree", "paths", "status", "outcome"],
            "options": ["--on", "--as", "--target", "--no-token", "--give", "--to", "--face",
                        "--aggression-held", "--direction", "--swap", "--position", "--card",
                        "--tethys", "--gain", "--discard", "male", "female", "left", "right",
                        "none"],
        }

    def check_invariants(self, state: dict) -> None:
        """Tokens conserved; every card in exactly one place; a Nature card in play at most once."""
        on_cards = tokens_on_cards(state)
        assert state["reserve"] + sum(state["tokens"].values()) + on_cards == state["total_tokens"]
        assert state["reserve"] >= 0 and all(v >= 0 for v in state["tokens"].values())
        seen: Counter[str] = Counter(state["discard"])
        for nature, placed in state["in_play"].items():
            seen[nature] += 1
            for slot in placed["elements"]:
                seen[slot["card"]] += 1
            assert placed["complete"] == (not board.missing(state, nature))
        seen.update(state["round"]["replay"])
        if state["hek"]:
            seen["hekatonkheires"] += 1
        for card, n in state["deck"].items():
            assert state["pool"].get(card, 0) >= 0
            assert state["pool"].get(card, 0) + seen[card] == n, card
        for nature in state["tree"]:
            assert seen[nature] + state["pool"].get(nature, 0) == 1, nature
        assert sum(state["pool"].values()) == sum(state["hand"].values()) + sum(
            state["face_down"].values())
        assert held_aggression(state) >= 0
        dealt = [t["card"] for t in state["titans"].values()] + list(state["drawn"].values())
        assert len(dealt) == len(set(dealt)) and not set(state["drawn"]) & set(state["titans"])

    def describe(self, action: dict) -> str:
        a = dict(action)
        verb = a.pop("verb", "?")
        positional = ("player", "titan") if verb == "power" else (
            "player", "with", "card", "n", "titan")
        parts = [verb] + [str(a.pop(k)) for k in positional if k in a and a[k] is not None]
        for k, v in a.items():
            if v in (None, False, [], {}):
                continue
            flag = "--" + {"players": "player", "with": "with"}.get(k, k).replace("_", "-")
            if k == "cards":
                parts.append("--cards (replacement data)")
            elif v is True:
                parts.append(flag)
            elif isinstance(v, list):
                parts += [f"{flag} {x}" for x in v]
            else:
                parts.append(f"{flag} {v}")
        return " ".join(parts)


# A cooperative game: all win or all lose (section 1). The rulebook calls a Planet that may
# sustain life "not a complete success" but "the bare minimum result": the lowest winning tier.
# An unstable Planet "cannot sustain life" and falls apart: a loss, like the two defeats.
WIN = ("may-sustain-life", "success", "perfection")
