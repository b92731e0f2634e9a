"""The Cerebria engine: the protocol of docs/engine.md over the modules of this package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from referee.games.cerebria import cards, flow, mindset, names, options, render, setup, zones
from referee.games.cerebria.commands import COMMANDS
from referee.games.cerebria.state import State
from referee.games.cerebria.verbs import VERBS, line
from referee.model.chance import Chance
from referee.model.engine import Action, Engine, Hints, Lexicon, Results, Screens
from referee.model.verbs import Verb

if TYPE_CHECKING:
    import random


class CerebriaHints(Hints):
    """An idle Drain marked in a hint; a long hint's cards shown by `CARD`."""

    def note(self, state: State, action: Action, ply: int) -> str | None:
        """A Drain that would move nothing is marked so in the hint."""
        return "moves nothing" if options.idle_drain(state, action) else None

    def fold(self, state: State) -> dict[str, str]:
        """A long hint's text shows a card by `CARD` (a hidden hand may hold any unseen card:
        `referee cerebria unseen` lists them, Tab completes them)."""
        return dict.fromkeys(zones.composition(state), "CARD") if state else {}


class CerebriaScreens(Screens):
    """The small screen; a page names each card as players do."""

    def compact(self, state: State) -> str:
        return render.render_compact(state)

    def spoken(self, text: str) -> str:
        """As the page says it: each card by its name (`Drain (strong Bliss, green)`)."""
        return cards.named(super().spoken(text))


class CerebriaResults(Results):
    """The winning condition and its tie-break, kept for `stats`."""

    def details(self, state: State) -> dict:
        """The winning condition and the tie-break that settled it (docs/rulings/cerebria.md)."""
        return {"condition": state.get("condition"), "tie_break": state.get("tie_break")}


class CerebriaLexicon(Lexicon):
    """The shell's words: players, cards, targets, abilities, slots, moods."""

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
            "verbs": [*VERBS, "status"],
        }


class CerebriaEngine(Engine):
    name = "cerebria"
    legal_exact = True  # tests/test_legal_exact.py
    title = "Cerebria"
    series_word = "fragments"
    # 2: no counter-act window when every card of the ability's vibe is in sight (issue 12);
    # a version-1 log that asked for an answer there no longer replays past that point
    # 3: only the player the counter-act window waits for may cancel (issue 20); a version-2
    # log where a later player cancelled before an earlier one passed stops there
    rules_version = "3"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    verbs = VERBS
    rematch_fresh = ("first", "mood", "impulse")
    commands = COMMANDS
    rules: ClassVar[dict[str, str]] = {
        "over": "Winning the game",
        "turn": flow.TURN_RULE,
        "pending": "Pending decisions: a counter-act, or Deprive's second discard, is answered "
                   "before anything else",
        "phase": flow.REVELATION_RULE,  # the Cycle's verbs wait for `next-cycle`
        "players": "Setup",
    }
    hints = CerebriaHints()
    screens = CerebriaScreens()
    results = CerebriaResults()
    lexicon = CerebriaLexicon()

    def setup(self, options: dict, chance: Chance) -> State:
        return setup.setup(options, chance)

    def seats(self, state: State) -> dict[str, str]:
        return dict(zip(state["players"], state["players"], strict=True))

    def current(self, state: State) -> str | None:
        # between a Revelation and `next-cycle` nobody is to play: the next Cycle is prepared
        return None if state["phase"] != "cycle" else flow.current(state)

    def phase(self, state: State) -> str:
        return flow.COUNTER if flow.window(state) is not None else state["phase"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def summarize(self, state: State) -> dict:
        players = [{"name": n, "score": s["bliss"] + s["gloom"], "bliss": s["bliss"],
                    "gloom": s["gloom"]} for n, s in state["scored"].items()]
        return {"players": players, "turn": state["turn"], "winners": state["winners"],
                "outcome": state["condition"] if self.is_over(state) else None}

    def resolve(self, state: State, verb: Verb, action: Action) -> Action:
        """Player names as the core resolves them; `pass all` is everyone left passing."""
        if verb.name == "pass" and str(action.get("player") or "").casefold() == setup.EVERYONE:
            action = {k: v for k, v in action.items() if k != "player"}
        return super().resolve(state, verb, action)

    def normalize(self, state: State, action: Action) -> Action:
        """As the log keeps it: players as seated, short card names in full."""
        return names.canonical(state, super().normalize(state, action))

    def legal_actions(self, state: State) -> list[Action]:
        """The core's list, a Drain that would move nothing put last (it stays legal)."""
        return _idle_last(state, super().legal_actions(state))

    def legal_for(self, state: State, verb: str) -> list[Action]:
        """One verb's part of `legal_actions`, in the same order (an idle Drain last)."""
        return _idle_last(state, super().legal_for(state, verb))

    def render(self, state: State) -> str:
        return render.render(state)

    def playout_options(self, rng: random.Random) -> dict:
        players = ["Ann", "Bob", "Cy", "Dee", "Eve"][: rng.randint(2, 5)]
        return {"players": players}

    def check_invariants(self, state: State) -> None:
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
        assert len(state["pending"]) <= 1  # a window's head, or Deprive's second discard
        assert state["phase"] == "cycle" or not state["pending"]
        owed = flow.owed_deprive(state)
        if owed:
            assert owed["player"] == flow.current(state)
        window = flow.window(state)
        if window:  # only players who may hold the vibe are asked, for the whole window
            left = window["order"][window["next"]:]
            assert left and state["pending"][0]["player"] == left[0]
            assert flow.askable(state, left, window["params"]["vibe"]) == left
        assert len(set(state["abilities_used"])) == len(state["abilities_used"])

    def describe(self, action: Action) -> str:
        if action.get("verb") == "new":
            return "new " + ", ".join(map(str, action.get("players") or []))
        return line(action)


def _idle_last(state: State, listed: list[Action]) -> list[Action]:
    """`listed` with each Drain that would move nothing moved to the end, in its order."""
    idle = [a for a in listed if options.idle_drain(state, a)]
    return [a for a in listed if a not in idle] + idle if idle else listed
