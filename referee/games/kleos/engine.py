"""The Kleos engine: dispatch of verbs, the common summary, vocabulary and invariants."""

from __future__ import annotations

import random

from referee.chance import Chance
from referee.engine import Engine, Event, summary
from referee.errors import IllegalAction, InputError
from referee.games.kleos import (
    actions,
    board,
    checks,
    describe,
    effects,
    flow,
    legal,
    minions,
    play,
    render,
    setup,
)
from referee.games.kleos import state as st

VERBS = ("isle", "deploy", "next", "play", "attach", "move", "oa", "pass", "attack", "recruit",
         "replace", "kill", "glory", "favor", "check")
ANSWERS = {actions.OA: ("oa", "pass"), actions.ROOM: ("replace",)}


class KleosEngine(Engine):
    name = "kleos"
    title = "Kleos"
    turn_word = "day"
    series_word = "glory"
    rules_version = "3"  # 3: an Epic card on each Isle before Day 1; an Epic card exists once
    min_players = 2
    max_players = 5

    def setup(self, options: dict, chance: Chance) -> dict:
        return setup.new_state(options, chance)

    def apply(self, state: dict, action: dict, chance: Chance) -> tuple[dict, list[Event]]:
        verb = action.get("verb")
        if verb not in VERBS:
            raise InputError(f"unknown kleos verb '{verb}' (verbs: {', '.join(VERBS)})")
        if state["phase"] == "over":
            raise IllegalAction("the Contest ended after Dusk of Day 5", "End of the Contest")
        pend = state["pending"]
        if pend and verb not in ANSWERS[pend["kind"]]:
            text = render.pending_text(state).removeprefix("WAITING: ")
            raise IllegalAction(f"a decision is pending first: {text}",
                                "Pending decisions: only the answer is taken until it is made")
        handlers = {
            "isle": play.isle, "deploy": play.deploy, "play": play.play, "attach": play.attach,
            "next": lambda s, a: flow.next_(s), "move": actions.move, "pass": actions.pass_,
            "replace": actions.replace, "kill": effects.kill, "glory": effects.glory,
            "favor": effects.favor,
        }
        rolled = {"oa": actions.opportunity, "attack": actions.attack, "recruit": actions.recruit,
                  "check": checks.check}
        if verb in rolled:
            events = rolled[verb](state, action, chance)
        else:
            events = handlers[verb](state, action)
        return state, events

    def summary(self, state: dict) -> dict:
        players = [{"name": p["name"], "god": p["god"], "score": state["glory"][p["god"]]}
                   for p in state["players"]]
        god = st.active_god(state)
        pending = []
        pend = state["pending"]
        if pend and pend["kind"] == actions.OA:
            pending.append({"player": st.player(state, pend["queue"][0])["name"],
                            "decision": actions.OA,
                            "choices": [*actions.oa_choices(state), "pass"]})
        elif pend:
            pending.append({"player": st.player(state, pend["god"])["name"],
                            "decision": actions.ROOM,
                            "choices": minions.room_choices(state, pend["god"])})
        over = state["phase"] == "over"
        winners = [st.player(state, g)["name"] for g in state["result"]["winners"]] if over else []
        return summary("kleos", players, st.player(state, god)["name"] if god else None,
                       state["phase"], state["day"], pending, over, winners)

    def legal_actions(self, state: dict) -> list[dict]:
        return legal.legal_actions(state)

    def render(self, state: dict) -> str:
        return render.render(state)

    def playout_options(self, rng: random.Random) -> dict:
        return legal.playout_options(rng)

    def vocabulary(self, state: dict) -> dict[str, list[str]]:
        refs = sorted(state["minions"])
        short = [r.replace(":champion", ":c") for r in refs if r.endswith(":champion")]
        return {
            "verbs": [*VERBS, "status", "card"],
            "players": [p["name"] for p in state["players"]],
            "gods": st.gods(state),
            "minions": refs + short,
            "locations": list(state["board"]["locations"]),
            "isles": list(board.ISLES),
            "cards": sorted(f'"{c["name"]}"' if " " in c["name"] else c["name"]
                            for c in state["cards"].values()),
            "attachments": list(play.AS),
            "slots": [*st.SLOTS, "new"],
        }

    def check_invariants(self, state: dict) -> None:
        locs = state["board"]["locations"]
        for god in st.gods(state):
            assert state["glory"][god] >= 0, "glory below 0"
            ledger = sum(e["delta"] for e in state["ledger"] if e["god"] == god)
            assert ledger == state["glory"][god], "the ledger does not add up"
            assert st.count_minions(state, god) <= st.MAX_MINIONS, f"{god} has more than 4 minions"
            assert f"{god}:champion" in state["minions"], f"{god}'s champion left play"
        for ref, m in state["minions"].items():
            assert ref == m["ref"] and m["location"] in locs, ref
            assert 0 <= m["actions"] <= 2
            assert not (st.is_champion(m) and st.is_cursed(m)), f"{ref}: a cursed champion"
        assert state["favor"] is None or state["favor"] in state["minions"]
        assert 1 <= state["day"] <= flow.LAST_DAY
        pend = state["pending"]
        if pend and pend["kind"] == actions.OA:
            assert pend["mover"] in state["minions"] and pend["queue"]

    def describe(self, action: dict) -> str:
        return describe.describe(action) or super().describe(action)

    def result_details(self, state: dict) -> dict:
        """Which of RULINGS' tie-breakers decided the Contest (1-4), null when glory did or
        nobody could be separated (a shared victory)."""
        decided = (state.get("result") or {}).get("decided_by", "")
        number = decided.removeprefix("tie-breaker ").partition(":")[0]
        return {"tie_break": int(number) if number.isdigit() else None, "decided_by": decided}
