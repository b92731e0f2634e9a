"""What to type when the next step needs cards the referee does not know yet.

The rulebook prints no card stats, so a new table starts with an empty card library:
Deployment then has no minion card to deploy, and an Isle may wait for an Epic card the
library lacks. `status` and `hint` say how to add them (`missing_cards`), reading the
state with the library folded in (`KleosLibrary.with_library`).
"""

from __future__ import annotations

from referee.games.kleos import options
from referee.games.kleos import state as st
from referee.games.kleos.state import State

ADD = "referee kleos card add NAME --stats A/D/C/T"
IMPORT = "referee kleos card import FILE"
STARTER = "examples/kleos-cards.toml"  # invented practice cards, for a first game


def missing_cards(state: State) -> list[str]:
    """One line per step the known cards cannot make now (empty: nothing is missing)."""
    if state["phase"] == "over":
        return []
    out = []
    if state["awaiting"] and not options.isle(state):
        isles = ", ".join(state["awaiting"])
        out.append(f"No Epic card the referee knows is left for {isles}: type the card drawn "
                   f"with `{ADD} --epic --disposition N` (then `isle ISLE NAME`), or load "
                   f"cards with `{IMPORT}` (practice cards: {STARTER}).")
    if state["phase"] == "deployment" and not options.hand_cards(state) and any(
            st.count_minions(state, god) < st.MAX_MINIONS for god in st.gods(state)):
        out.append(f"No minion card is known to deploy: type each card in hand once with "
                   f"`{ADD}`, or load cards with `{IMPORT}` (practice cards: {STARTER}).")
    return out
