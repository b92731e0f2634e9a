"""The Elysion engine: the protocol of `referee.engine.Engine`, wired to the rule modules."""

from __future__ import annotations

import random

from referee.chance import Chance
from referee.engine import Action, Engine, Event, summary
from referee.errors import InputError
from referee.games.elysion import deck, flow, legal, lookback, render, styx
from referee.games.elysion.catalog import Catalog, get, norm
from referee.games.elysion.names import canonical
from referee.games.elysion.setup import MAX_PLAYERS, MIN_PLAYERS
from referee.games.elysion.setup import setup as new_journey
from scorers.elysion import DAYS


def catalog_of(state: dict) -> Catalog:
    """The session's catalog (parsed once and cached by its text)."""
    return get(state["catalog"])


class ElysionEngine(Engine):
    """Elysion for 2-7 players, with the Constellations and Beyond the Styx add-ons."""

    name = "elysion"
    title = "Elysion"
    turn_word = "day"
    series_word = "glory"
    rules_version = "2"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def setup(self, options: dict, chance: Chance) -> dict:
        return new_journey(options, chance)

    def apply(self, state: dict, action: Action, chance: Chance) -> tuple[dict, list[Event]]:
        catalog = catalog_of(state)
        verb = action.get("verb")
        if verb == "reveal":
            return state, flow.reveal(state, action, catalog)
        if verb == "take":
            return state, flow.take(state, action, catalog, chance)
        if verb == "keep":
            return state, flow.keep(state, action, catalog, chance)
        if verb == "shade":
            return state, flow.take_shade(state, action, catalog)
        if verb == "pass":
            return state, flow.pass_shade(state, action, catalog)
        if verb == "next":
            return state, flow.next_day(state, action, catalog, chance)
        if verb == "lookback":
            return state, lookback.look_back(state, action, catalog)
        raise InputError(
            f"unknown Elysion verb '{verb}' (reveal, take, keep, shade, pass, next, lookback)"
        )

    def summary(self, state: dict) -> dict:
        glory = state["glory"] or {}
        players = [{"name": p, "score": glory.get(p)} for p in state["players"]]
        current, pending = None, []
        phase = state["phase"]
        if phase == "take":
            current = state["order"][state["turn"]]
            phase = state["stage"] or phase
            if state["stage"] == "keep":
                pending = [
                    {
                        "player": current,
                        "decision": "keep-blessing",
                        "choices": list(state["drawn"]),
                    }
                ]
            elif state["stage"] == "shade":
                choices = styx.shade_choices(state, catalog_of(state), current)
                pending = [
                    {"player": current, "decision": "take-shade", "choices": [*choices, "pass"]}
                ]
        return summary(
            "elysion",
            players,
            current,
            phase,
            min(state["day"], DAYS),
            pending,
            over=state["phase"] == "over",
            winners=list(state["winners"]),
        )

    def result_details(self, state: dict) -> dict:
        """Each player's sum of realm numbers, and whether it broke a tie for first place."""
        ranked = (state.get("lookback") or {}).get("ranking") or []
        top = max((row[2] for row in ranked), default=None)
        tied = sum(1 for row in ranked if row[2] == top)
        return {"realm_sums": {row[1]: row[3] for row in ranked},
                "tie_break": tied > len(state["winners"])}

    def final_steps(self, state: dict) -> dict[str, list[float]]:
        """The look back's running totals, card by card (its rows end with the total)."""
        done = (state.get("lookback") or {}).get("players") or {}
        return {p: [row[-1] for row in done[p]["rows"]] for p in state["players"] if p in done}

    def legal_actions(self, state: dict) -> list[Action]:
        return legal.legal_actions(state, catalog_of(state))

    def render(self, state: dict) -> str:
        return render.render(state, catalog_of(state))

    def playout_options(self, rng: random.Random) -> dict:
        return {
            "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"][: rng.randint(2, 7)],
            "constellations": rng.random() < 0.6,
            "styx": rng.random() < 0.6,
        }

    def normalize(self, state: dict, action: Action) -> Action:
        """Names as printed in the catalog, so the log reads `Shade Gatekeeper`."""
        return canonical(state, catalog_of(state), action)

    def vocabulary(self, state: dict) -> dict[str, list[str]]:
        catalog = catalog_of(state)
        realms = [k for k in catalog.realms if state["constellations"] or not k.endswith("*")]
        return {
            "players": list(state["players"]),
            "realms": realms,
            "row": list(state["row"]),
            "blessings": [norm(b) for b in catalog.blessings],
            "drawn": [norm(b) for b in state["drawn"]],
            "shades": [norm(s) for s in state["shades_up"]],
            "reveal": [f"{p}=" for p in state["players"]],
        }

    def check_invariants(self, state: dict) -> None:
        seen: list[str] = list(state["row"]) + list(state["discard"])
        for p in state["players"]:
            seen += [d["realm"] for d in state["journeys"][p]] + state["hands"][p]["known"]
            assert state["hands"][p]["secret"] >= 0
            assert len(state["blessings"][p]) <= len(state["journeys"][p])
        assert len(seen) == len(set(seen)), "a realm is in two places"
        kept = [b for p in state["players"] for b in state["blessings"][p]]
        assert len(kept) == len(set(kept)), "a Blessing is kept twice"
        under = [b for batch in state.get("blessings_under", []) for b in batch]
        assert all(under) and len(under) == len(set(under)), "a Blessing is under the deck twice"
        assert not set(under) & (set(kept) | set(state["drawn"])), "a Blessing in two places"
        shades = [d["shade"] for p in state["players"] for d in state["journeys"][p] if d["shade"]]
        assert len(shades) + len(set(state["shades_up"])) == len(
            set(shades) | set(state["shades_up"])
        )
        assert len(state["shades_up"]) <= 2
        lengths = {len(state["journeys"][p]) for p in state["players"]}
        assert max(lengths) <= DAYS and state["day"] <= DAYS
        assert (state["phase"] == "over") == (state["lookback"] is not None)
        assert deck.deck_size(state, catalog_of(state)) >= 0, "a hidden hand holds a dealt realm"

    def describe(self, action: Action) -> str:
        """The action as the table would say it."""
        verb = action.get("verb")
        who = action.get("player", "?")
        if verb == "new":
            text = f"new journey: {', '.join(map(str, action.get('players') or []))}"
            return text + (f"; row {_listed(action['row'])}" if action.get("row") else "")
        if verb == "reveal" and isinstance(action.get("realms"), dict):
            return "reveal " + ", ".join(f"{p} {r}" for p, r in action["realms"].items())
        if verb == "take":
            drawn = _listed(action.get("drawn")) or "Blessings"
            if action.get("realm"):
                text = f"{who} takes {action['realm']}"
                text += f", draws {drawn}" if action.get("drawn") else ""
            else:
                text = f"{who} draws {drawn}"
            return text + (f", keeps {action['keep']}" if action.get("keep") else "")
        if verb == "keep":
            return f"{who} keeps {action.get('blessing') or '(drawn by the referee)'}"
        if verb == "shade":
            return f"{who} takes Shade {action.get('shade')}"
        if verb == "pass":
            return f"{who} takes no Shade"
        if verb == "next":
            text = "next day" + (f", row {_listed(action['row'])}" if action.get("row") else "")
            shades = _listed(action.get("shades"))
            return text + (f", Shades turned up: {shades}" if shades else "")
        if verb == "lookback":
            return "the look back"
        return super().describe(action)


def _listed(value: object) -> str:
    """A typed list (or comma-separated text) as it reads in the log."""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value) if value else ""


ENGINE = ElysionEngine()
