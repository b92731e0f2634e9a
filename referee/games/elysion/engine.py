"""The Elysion engine: the declared verbs (`verbs`) on the core's flow, and what the table sees."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.games.elysion import deck, flow, options, render
from referee.games.elysion.catalog import norm, of_state
from referee.games.elysion.commands import COMMANDS, HELP
from referee.games.elysion.lookback import glory_now
from referee.games.elysion.names import canonical
from referee.games.elysion.setup import setup as new_journey
from referee.games.elysion.state import ElysionState
from referee.games.elysion.verbs import VERBS
from referee.model.chance import Chance
from referee.model.engine import Engine
from referee.model.errors import IllegalAction, RefereeError
from referee.model.i18n import N_
from referee.model.verbs import Action, Verb
from referee.model.view import NOBODY, Secret, hidden_list
from referee.scorers.elysion import DAYS

if TYPE_CHECKING:
    import random


class ElysionEngine(Engine):
    """Elysion for 2-7 players, with the Constellations and Beyond the Styx add-ons."""

    name = "elysion"
    legal_exact = True  # tests/test_legal_exact.py
    title = "Elysion"
    turn_word = "day"
    series_word = "glory"
    # 3: a Blessing named to keep before the referee draws (`take --keep B`, or `keep P B` where
    # no realm is taken) is refused when that draw cannot bring it (a player keeps it, or it lies
    # under Blessings not drawn yet), and `--keep` with nothing to draw is refused, no longer
    # dropped: a version-2 log holding such an action no longer replays, and says so
    rules_version = "3"
    min_players = 2
    max_players = 7
    verbs = VERBS
    commands = COMMANDS
    cli_help = HELP
    rematch_fresh = ("row", "shades")
    rules: ClassVar[dict[str, str]] = {
        "turn": flow.TURN_RULE,
        "phase": flow.DAY_RULE,
        "pending": flow.STAGE_RULE,
        "players": "Setup",
    }

    def setup(self, options: dict, chance: Chance) -> ElysionState:
        return new_journey(options, chance)

    def current(self, state: ElysionState) -> str | None:
        return flow.current(state)

    def phase(self, state: ElysionState) -> str:
        """The part of the day: reveal, take (or its keep / shade decision), day-end,
        lookback, over."""
        return flow.stage(state) or state["phase"]

    def is_over(self, state: ElysionState) -> bool:
        return state["phase"] == "over"

    def summarize(self, state: ElysionState) -> dict:
        glory = state["glory"] or {}
        return {"players": [{"name": p, "score": glory.get(p)} for p in state["players"]],
                "turn": min(state["day"], DAYS), "winners": list(state["winners"])}

    def refusal(self, state: ElysionState, verb: Verb, action: Action, key: str,
                message: str) -> IllegalAction:
        """The core's refusals in the day's terms: whose take turn, what it waits for."""
        if key == "over":
            if verb.name == "lookback":
                return IllegalAction(
                    "the look back is scored already; `referee undo` it to change what is "
                    "given up", "The look back is scored once, after day 8")
            return super().refusal(state, verb, action, key, message)
        return flow.not_yours(state, verb.name, action.get("player"))

    def resolve(self, state: ElysionState, verb: Verb, action: Action) -> Action:
        """Player fields by the core; also the names of `reveal NAME=REALM` and `--give-up`."""
        out = super().resolve(state, verb, action)
        for key in ("realms", "give_up"):
            typed = out.get(key)
            if key == "realms" and isinstance(typed, list) and all(
                    isinstance(pair, list | tuple) and len(pair) == 2 for pair in typed):
                typed = [tuple(pair) for pair in typed]  # NAME=REALM as typed, a name twice
            elif isinstance(typed, dict):
                typed = list(typed.items())
            else:
                continue
            named: dict[str, Any] = {}
            for name, value in typed:
                p = self.resolve_player(state, name)
                if p in named and key == "give_up" and isinstance(value, dict):
                    named[p] = {**named[p], **value}  # one player, several constellations
                elif p in named:
                    raise IllegalAction(f"{p} is named twice: each player reveals one realm",
                                        flow.ONE_REALM_RULE)
                else:
                    named[p] = value
            out[key] = named
        return out

    def normalize(self, state: ElysionState, action: Action) -> Action:
        """Players as seated (the core), cards as printed in the catalog, so the log reads
        `Cy takes Shade Gatekeeper` whatever was typed; a `pass` without a name is
        recorded with the name of the player whose Shade decision it is."""
        out = canonical(state, of_state(state), super().normalize(state, action))
        if out.get("verb") == "pass" and not out.get("player") and state["pending"]:
            out["player"] = state["pending"][0]["player"]
        return out

    def result_details(self, state: ElysionState) -> dict:
        """Each player's sum of realm numbers, and whether it broke a tie for first place."""
        ranked = state["lookback"]["ranking"] if state["lookback"] else []
        top = max((row[2] for row in ranked), default=None)
        tied = sum(1 for row in ranked if row[2] == top)
        return {"realm_sums": {row[1]: row[3] for row in ranked},
                "tie_break": tied > len(state["winners"])}

    def final_steps(self, state: ElysionState) -> dict[str, list[float]]:
        """The look back's running totals, card by card (its rows end with the total)."""
        done = state["lookback"]["players"] if state["lookback"] else {}
        return {p: [row[-1] for row in done[p]["rows"]] for p in state["players"] if p in done}

    def render(self, state: ElysionState) -> str:
        return render.render(state, of_state(state))

    def scores_now(self, state: ElysionState) -> tuple[str, dict[str, int]] | None:
        """Before the look back, the glory each journey would score if the table looked back now
        (the board's `look back` column)."""
        if state["phase"] == "over" or not any(state["journeys"].values()):
            return None
        catalog = of_state(state)
        return N_("Glory if we looked back now"), {
            p: glory_now(catalog, state["journeys"][p], state["blessings"][p]) for p in state["players"]}

    def seat_html(self, seen: dict, seat: str, actions: list) -> str:
        """The Blessings just drawn for `seat`, before it keeps one, with how each scores."""
        from .web import drawn_html

        return drawn_html(seen, seat)

    def render_compact(self, state: ElysionState) -> str:
        return render.render_compact(state, of_state(state))

    def playout_options(self, rng: random.Random) -> dict:
        return {
            "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"][: rng.randint(2, 7)],
            "constellations": rng.random() < 0.6,
            "styx": rng.random() < 0.6,
        }

    def secrets(self, state: ElysionState) -> list[Secret]:
        """Blessings drawn and not yet kept are their player's (others see how many); those put
        back under the deck are nobody's (the deck is face down). Kept Blessings lie face up in
        front of their player (they count in sight, for everyone's goals): the table's."""
        out = [Secret(("pending", i, "choices"), p["player"], hidden_list(p["choices"]), "Blessings drawn")
               for i, p in enumerate(state["pending"]) if p["decision"] == flow.KEEP]
        if state.get("blessings_under"):
            out.append(Secret(("blessings_under",), NOBODY,
                              [hidden_list(batch) for batch in state["blessings_under"]], "Blessings under the deck"))
        return out

    def playout_action(self, state: ElysionState, action: Action) -> Action | None:
        """The reveal's free entry is left out: the listed reveals are the playout's; so is a
        Blessing named before the draw (`keep P B` where no realm is taken, `take P R --keep
        B`), which the draw may not bring (the bare `keep P` and `take P R` are played instead)."""
        if action.get("verb") == "keep" and "blessing" in action and not state["pending"]:
            return None
        if action.get("verb") == "take" and action.get("keep"):
            return None
        return None if action.get("realms") == options.REALMS else action

    def words(self, state: ElysionState, verb: str, given: Mapping[str, Any],
              field: str) -> list[str]:
        """Completion of `reveal`: NAME=REALM for each player not named yet, with every realm
        that can be in that hand (those taken from the row, and any unseen realm while the
        hand holds secret ones): nothing hidden is told. Other fields: the core's words."""
        if verb != "reveal" or field != "realms" or state["phase"] != "reveal":
            return super().words(state, verb, given, field)
        typed = given.get("realms") or []
        pairs = typed.items() if isinstance(typed, dict) else (
            str(w).partition("=")[::2] for w in (typed if isinstance(typed, list) else [typed]))
        named, taken = set(), set()
        for name, realm in pairs:
            try:
                named.add(self.resolve_player(state, name))
                taken.add(of_state(state).realm(realm).key)
            except RefereeError:  # a word still being typed
                continue
        unseen = deck.unseen_realms(state, of_state(state))
        out = []
        for p in state["players"]:
            hand = state["hands"][p]
            if p in named or not deck.hand_count(state, p):
                continue
            for key in [*hand["known"], *(unseen if hand["secret"] else [])]:
                if key not in taken:
                    out.append(f"{p}={key}")
        return out

    def vocabulary(self, state: ElysionState) -> dict[str, list[str]]:
        catalog = of_state(state)
        realms = [k for k in catalog.realms if state["constellations"] or not k.endswith("*")]
        return {
            "players": list(state["players"]),
            "realms": realms,
            "row": list(state["row"]),
            "blessings": [norm(b) for b in catalog.blessings],
            "drawn": [norm(b) for b in deck.drawn(state)],
            "shades": [norm(s) for s in state["shades_up"]],
            "reveal": [f"{p}=" for p in state["players"]],
        }

    def check_invariants(self, state: ElysionState) -> None:
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
        assert not set(under) & (set(kept) | set(deck.drawn(state))), "a Blessing in two places"
        shades = [d["shade"] for p in state["players"] for d in state["journeys"][p] if d["shade"]]
        assert len(shades) + len(set(state["shades_up"])) == len(
            set(shades) | set(state["shades_up"])
        )
        assert len(state["shades_up"]) <= 2
        lengths = {len(state["journeys"][p]) for p in state["players"]}
        assert max(lengths) <= DAYS and state["day"] <= DAYS
        assert (state["phase"] == "over") == (state["lookback"] is not None)
        assert deck.deck_size(state, of_state(state)) >= 0, "a hidden hand holds a dealt realm"
        assert len(state["pending"]) <= 1 and all(
            e["player"] == flow.current(state) for e in state["pending"]), "pending: not the turn"

    def describe(self, action: Action) -> str:
        """The action as the table would say it (`new`: the players and the row)."""
        if action.get("verb") == "new":
            text = f"new journey: {', '.join(map(str, action.get('players') or []))}"
            row = action.get("row")
            listed = ", ".join(map(str, row)) if isinstance(row, list) else str(row or "")
            return text + (f"; row {listed}" if listed else "")
        return super().describe(action)


ENGINE = ElysionEngine()
