"""The decisions the pond waits for, as the core's one `pending` list (every entry answerable now).

- `bounce`: the mover picks a square around the lily pad; alongside, one `thunderclap` entry
  for each colony that may keep the frog there with a card (card sessions).
- `mosquito`: the mover may move another frog, or pass.
- `log-removal`: the mover picks which servant the third one pushes off the log.
- `doesnt-work`: one entry for each colony that may cancel the card just played (the card
  itself waits in `state["window"]`; a bounce it interrupted waits in `state["under"]`).
"""

from __future__ import annotations

from typing import Any

from referee.model.i18n import N_, _
from referee.model.verbs import Pending, pending

from .pond import may_answer
from .state import CroaState

RULE_PENDING = N_("Pending decision: only its answer is accepted now")
DECISIONS = {"bounce": N_("bounce"), "mosquito": N_("mosquito"), "log-removal": N_("log-removal"),
             "thunderclap": N_("thunderclap"), "doesnt-work": N_("doesnt-work")}


def decision_word(decision: str) -> str:
    """A pending decision's name in the table's language (`bounce` -> `rebond`)."""
    return _(DECISIONS[decision]) if decision in DECISIONS else decision


def entry(state: CroaState, decision: str) -> Pending | None:
    """The first pending entry of that decision, if one waits."""
    return next((p for p in state["pending"] if p["decision"] == decision), None)


def data(item: Pending) -> dict[str, Any]:
    return item.get("data") or {}


def top(state: CroaState) -> str | None:
    """The decision waiting now (the first entry's), or None."""
    return state["pending"][0]["decision"] if state["pending"] else None


def clear(state: CroaState) -> None:
    """Nothing waits any more (the move is over, or the game)."""
    state["pending"] = []
    state["window"] = None
    state["under"] = []


def thunder_holders(state: CroaState) -> list[int]:
    """Cards: colonies asked whether they answer a bounce with a thunderclap now (any colony
    that may hold one as the table sees it, `may_answer`; not the colony to play once it has
    played its one card this turn)."""
    if not state.get("cards"):
        return []
    return [c for c, col in enumerate(state["colonies"])
            if col["alive"] and may_answer(state, c, "thunderclap")
            and not (c == state["current"] and col["played_card"])]


def wait_bounce(state: CroaState, ref: list[int], square: str, choices: list[str],
                came_from: str | None = None) -> None:
    """Lily pad: the mover chooses where the frog bounces; a thunderclap may keep it there."""
    cols = state["colonies"]
    state["pending"] = [pending(cols[ref[0]]["name"], "bounce", choices, c=ref[0],
                                frog=list(ref), square=square, came_from=came_from)]
    state["pending"] += [pending(cols[h]["name"], "thunderclap",
                                 [f"card thunderclap --player {cols[h]['name']}"], c=h)
                         for h in thunder_holders(state)]


def wait_mosquito(state: CroaState, ref: list[int], choices: list[str]) -> None:
    state["pending"] = [pending(state["colonies"][ref[0]]["name"], "mosquito",
                                [*choices, "pass"], c=ref[0], frog=list(ref))]


def wait_log(state: CroaState, c: int, square: str, choices: list[str]) -> None:
    state["pending"] = [pending(state["colonies"][c]["name"], "log-removal", choices, c=c,
                                square=square)]


def wait_doesnt_work(state: CroaState, holders: list[int]) -> None:
    """The colonies that may still cancel the card in the window, one entry each."""
    cols = state["colonies"]
    state["pending"] = [pending(cols[h]["name"], "doesnt-work",
                                [f"card doesnt_work --player {cols[h]['name']}", "pass"], c=h)
                        for h in holders]


def holders(state: CroaState) -> list[int]:
    """The colonies a Doesn't work! window waits for."""
    return [data(p)["c"] for p in state["pending"] if p["decision"] == "doesnt-work"]


def open_window(state: CroaState, c: int, key: str, action: dict[str, Any],
                answering: list[int]) -> None:
    """A card waits for Doesn't work!: a bounce it interrupts waits under it."""
    state["under"] = [p for p in state["pending"] if p["decision"] == "bounce"]
    state["window"] = {"card": key, "c": c, "action": dict(action), "chain": [c]}
    wait_doesnt_work(state, answering)


def close_window(state: CroaState) -> None:
    """The window is settled: what it interrupted waits again (its thunderclaps re-counted)."""
    state["window"] = None
    under, state["under"] = state["under"], []
    state["pending"] = []
    for item in under:
        d = data(item)
        wait_bounce(state, d["frog"], d["square"], list(item["choices"]), d.get("came_from"))
