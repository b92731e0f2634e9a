"""The Kleos engine: its declaration (verbs.py), the summary's parts, vocabulary, invariants.

The core (`referee.model.engine.Engine`) runs the flow: the end of the Contest, phases, whose
phase it is, pending decisions, player names. What the table types for a minion (its
owner by god or name, any case, a unique prefix; `c` for champion) and for a location (a
unique prefix) is put in the form the log keeps here, before the rules see it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from referee.games.kleos import (
    actions,
    board,
    cards,
    describe,
    flow,
    guidance,
    options,
    play,
    render,
    setup,
)
from referee.games.kleos import commands as declared
from referee.games.kleos import state as st
from referee.games.kleos.state import State
from referee.games.kleos.verbs import VERBS
from referee.model.chance import Chance
from referee.model.engine import CardLibrary, Engine, Hints, Lexicon, Results, Screens
from referee.model.errors import InputError
from referee.model.verbs import Action, Event, Verb

if TYPE_CHECKING:
    import random

EVERYONE = options.EVERYONE  # `pass all`: every player still to be asked declines
# Per verb, the fields naming a player, a minion or a location: what `resolve` reads
REFERENCES = {verb.name: tuple((f.name, f.kind) for f in verb.fields
                               if f.kind in ("player", "minion", "location"))
              for verb in VERBS.values()}


class KleosLibrary(CardLibrary):
    """The minion cards the table adds (`referee kleos card add`), kept across Contests."""

    kind = declared.KIND

    def with_library(self, state: State, library: dict[str, dict]) -> State:
        """A copy of the state whose known cards include the card library's (the library's
        stats win, as the CLI copies them into an action): only to list what is legal."""
        if not library:
            return state
        known = dict(state["cards"])
        for name, data in library.items():
            try:
                card = cards.normalize(data, name)
            except InputError:  # a malformed library entry is never offered
                continue
            known[card["name"].lower()] = card
        return {**state, "cards": known}

    def missing_cards(self, state: State) -> list[str]:
        """What the table must type before the next step, when the cards the state knows
        (the library folded in) cannot make it: an Epic card for a waiting Isle, minion
        cards to deploy."""
        return guidance.missing_cards(state)


class KleosHints(Hints):
    """The odds of an attack beside it in a hint; a playout's attached cards by name."""

    def note(self, state: Any, action: Action, ply: int) -> str | None:
        from referee.games.kleos.hint_odds import attack_odds

        return attack_odds(self.engine, state, action, ply)

    def playout_action(self, state: State, action: Action) -> Action | None:
        return options.playout_action(state, action)


class KleosScreens(Screens):
    """The small screen; locations, Isles and glory as HTML tables for the page."""

    def compact(self, state: State) -> str:
        return render.render_compact(state)

    def board_html(self, state: State) -> str:
        """Locations, Isles and glory as HTML tables for the live web view."""
        from referee.games.kleos.web import board_html

        return board_html(state)


class KleosResults(Results):
    """Which tie-breaker decided the Contest, kept for `stats`."""

    def details(self, state: dict) -> dict:
        """Which tie-breaker (docs/rulings/kleos.md) decided the Contest (1-4), null when glory did or
        nobody could be separated (a shared victory)."""
        decided = (state.get("result") or {}).get("decided_by", "")
        number = decided.removeprefix("tie-breaker ").partition(":")[0]
        return {"tie_break": int(number) if number.isdigit() else None, "decided_by": decided}


class KleosLexicon(Lexicon):
    """The shell's words: gods, minions, locations, Isles, cards, attachments, slots."""

    def vocabulary(self, state: State) -> dict[str, list[str]]:
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


class KleosEngine(Engine):
    name = "kleos"
    title = "Kleos"
    turn_word = "day"
    series_word = "glory"
    legal_exact = True  # tests/test_legal_exact.py
    # 3: an Epic card on each Isle before Day 1; an Epic card exists once
    # 4: the state keeps no glory ledger (only the latest action's gains and today's glory; the
    # ledger is read from the log): a log replays as before, a snapshot kept under 3 is replayed
    # 5: an Epic card in Hades never comes back; Daybreak's Isle refill comes before the day
    # goes on (`next --deck-out` when the Epic Minion Deck is out): a version-4 log that went on
    # past an Isle waiting, or brought an Epic card back from Hades, stops replaying there
    rules_version = "5"
    min_players = 2
    max_players = 5
    verbs = VERBS
    commands = declared.COMMANDS
    cli_help = declared.HELP
    rematch_with_players = ("temples", "champions")
    rules: ClassVar[dict[str, str]] = {
        "over": "End of the Contest: it ends after Dusk of Day 5",
        "turn": "Turn order: players act in turn order",
        "pending": "Pending decisions: only the answer is taken until it is made",
        "phase": "The round: Deployment, then each day every Play Phase, then every "
                 "Action Phase",
    }
    cards = KleosLibrary()
    hints = KleosHints()
    screens = KleosScreens()
    results = KleosResults()
    lexicon = KleosLexicon()

    def setup(self, options: dict, chance: Chance) -> State:
        return setup.new_state(options, chance)

    def apply(self, state: State, action: Action, chance: Chance) -> tuple[State, list[Event]]:
        """The core's flow and the verb's handler, the state's `gains` now this action's own."""
        before, state["gains"] = state["gains"], []
        try:
            return super().apply(state, action, chance)
        except Exception:
            state["gains"] = before  # a refusal leaves them as they were
            raise

    # -- the flow's questions ------------------------------------------------------------------
    def seats(self, state: State) -> dict[str, str]:
        return {p["god"]: p["name"] for p in state["players"]}

    def current(self, state: State) -> str | None:
        return st.active_god(state)

    def phase(self, state: State) -> str:
        return state["phase"]

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def summarize(self, state: State) -> dict:
        players = [{"name": p["name"], "god": p["god"], "score": state["glory"][p["god"]]}
                   for p in state["players"]]
        result = state["result"]
        winners = [st.player(state, g)["name"] for g in result["winners"]] if result else []
        return {"players": players, "turn": state["day"], "winners": winners,
                "note": flow.waiting_isles(state)}

    # -- what the table types, in the form the log keeps ---------------------------------------
    def resolve(self, state: State, verb: Verb, action: Action) -> Action:
        """Players as the core resolves them (`pass all`: everyone left to be asked), then
        minions and locations. What the log keeps is already in this form: a replay takes
        the quick way through (nothing copied, nothing looked up twice)."""
        if verb.name == "pass":
            named = action.get("god")
            typed = named if isinstance(named, list) else [named]
            if any(str(n).strip().casefold() == EVERYONE for n in typed if n is not None):
                action = {**action, "god": actions.passers(state)}
        changed: dict[str, Any] = {}
        for name, kind in REFERENCES[verb.name]:
            value = action.get(name)
            if value is None or value == "" or value is False:
                continue
            if isinstance(value, str) and value in (
                    state["glory"] if kind == "player"  # one key per god playing
                    else state["minions"] if kind == "minion" else state["board"]["locations"]):
                continue
            if kind == "player":
                changed[name] = ([v if isinstance(v, str) and v in state["glory"]
                                  else self.resolve_player(state, v) for v in value]
                                 if isinstance(value, list) else self.resolve_player(state, value))
            elif kind == "minion":
                if verb.name == "favor" and str(value).strip().lower() in ("none", "olympus"):
                    continue
                owner, slot = st.split_ref(value)
                changed[name] = f"{self.resolve_player(state, owner)}:{slot}"
            else:
                changed[name] = board.location(state["board"], value)
        return {**action, **changed} if changed else action

    # -- views ---------------------------------------------------------------------------------
    def render(self, state: State) -> str:
        return render.render(state)

    def playout_options(self, rng: random.Random) -> dict:
        return options.playout_options(rng)

    def check_invariants(self, state: State) -> None:
        locs = state["board"]["locations"]
        for god in st.gods(state):
            assert state["glory"][god] >= 0, "glory below 0"
            assert st.count_minions(state, god) <= st.MAX_MINIONS, f"{god} has more than 4 minions"
            assert f"{god}:champion" in state["minions"], f"{god}'s champion left play"
        for ref, m in state["minions"].items():
            assert ref == m["ref"] and m["location"] in locs, ref
            assert 0 <= m["actions"] <= 2
            assert not (st.is_champion(m) and st.is_cursed(m)), f"{ref}: a cursed champion"
        assert state["favor"] is None or state["favor"] in state["minions"]
        assert state["today"]["day"] <= state["day"], "today's glory is of a day to come"
        assert all(e["day"] <= state["day"] and e["god"] in state["glory"] for e in state["gains"])
        assert 1 <= state["day"] <= flow.LAST_DAY
        assert len(state["pending"]) <= 1, "one decision at a time"
        for entry in state["pending"]:
            data: dict[str, Any] = entry.get("data") or {}
            assert entry["player"] == st.player(state, data["god"])["name"]
            assert entry["choices"], "a pending decision with no answer"
            if entry["decision"] == actions.OA:
                assert data["mover"] in state["minions"]
                assert entry["choices"][:-1] == actions.oa_choices(state)

    def describe(self, action: dict) -> str:
        return describe.describe(action) or super().describe(action)
