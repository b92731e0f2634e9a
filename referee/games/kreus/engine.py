"""The Kreus engine: one cooperative team creates the Planet (3-6 players)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, ClassVar

from referee.games.kreus import board, cards, flow, layout, listing, render, setup
from referee.games.kreus.commands import COMMANDS
from referee.games.kreus.state import KreusState
from referee.games.kreus.table import held_aggression, tokens_on_cards
from referee.games.kreus.verbs import VERBS, command_line
from referee.model.chance import Chance
from referee.model.engine import Engine, Hints, Lexicon, Results, Screens
from referee.model.errors import InputError
from referee.model.verbs import Action, Verb

if TYPE_CHECKING:
    import random


class KreusHints(Hints):
    """A playout takes Themis' free gain as the usual 1."""

    def playout_action(self, state: KreusState, action: Action) -> Action | None:
        """A listed action with Themis' free gain (GAIN) takes the usual 1."""
        if action.get("gain") == listing.GAIN:
            return {**action, "gain": 1}
        return action


class KreusScreens(Screens):
    """The small screen."""

    def compact(self, state: KreusState) -> str:
        return render.render(state, compact=True)


class KreusResults(Results):
    """The Planet's Elements and the team's Energy: what a report charts and `stats` keeps."""

    def details(self, state: KreusState) -> dict:
        """What the Judgement of Uranus looked at (the tier itself is the summary's outcome)."""
        return {"planet": cards.PLANET in state["in_play"],
                "planet_elements": board.planet_elements(state),
                "end_reason": state["end_reason"], "aggression_held": state["aggression_held"]}

    def series(self, state: KreusState) -> dict[str, float | None]:
        """How the Planet comes along: its Elements, and the Energy tokens the team holds."""
        return {"Planet elements": board.planet_elements(state),
                "Energy tokens held": sum(state["tokens"].values())}


class KreusLexicon(Lexicon):
    """The shell's words: players, cards, Nature, Elements, targets, Titans, options."""

    def vocabulary(self, state: KreusState) -> dict[str, list[str]]:
        titan_names = [c[f]["name"] for c in state["titan_cards"] for f in ("male", "female")]
        return {
            "players": list(state["players"]),
            "cards": sorted(state["deck"]),
            "nature": list(state["tree"]),
            "elements": list(cards.ELEMENTS),
            "targets": [f"{n}:{s['element']}" for n, p in state["in_play"].items()
                        for s in p["elements"]],
            "titans": [*titan_names, "draw"],
            "verbs": [*self.engine.verbs, "tree", "paths", "status", "outcome"],
            "options": ["--on", "--as", "--target", "--no-token", "--give", "--to", "--face",
                        "--aggression-held", "--direction", "--swap", "--position", "--card",
                        "--tethys", "--gain", "--discard", "male", "female", "left", "right",
                        "none"],
        }


class KreusEngine(Engine):
    name = "kreus"
    legal_exact = True  # tests/test_legal_exact.py
    title = "Kreus"
    # 2: one discard for a token per phase; held Aggression counted. 3: a reveal's target is
    # checked even when the card is discarded; the Planet (and a card taken into a hand) is
    # only let out of the hands that may hold it; a discarded Aggression card may be retrieved
    rules_version = "3"
    min_players = 3
    max_players = 6
    series_word = "Planet and Energy"
    verbs = VERBS
    rematch_fresh = ("first",)
    commands = COMMANDS
    _seated: tuple[list[str] | None, dict[str, str]] = (None, {})
    rules: ClassVar[dict[str, str]] = {
        "players": "Setup",
        "turn": "Setup: tokens are taken in seat order from the First Player",
        "phase": "Setup, then each turn a Divination and a Creation phase: each verb has its phase",
        "pending": "Aggression: the Storm of Uranus' discard comes first",
    }
    hints = KreusHints()
    screens = KreusScreens()
    results = KreusResults()
    lexicon = KreusLexicon()

    def setup(self, options: dict, chance: Chance) -> KreusState:
        state = setup.setup(options)
        first = options.get("first")
        if first is not None:
            state["first"] = state["players"].index(self.resolve_player(state, first))
        state["token_taker"] = state["players"][state["first"]]
        if options.get("layout") is not None:  # a position laid out by hand (tests, not the CLI)
            layout.lay_out(state, options["layout"])  # hands of unknown history: nothing known
        else:  # whoever was dealt the Planet takes the First Player card
            state["known"] = {cards.PLANET: [state["players"][state["first"]]]}
        return state

    # -- the flow the core enforces ---------------------------------------------------------
    def current(self, state: KreusState) -> str | None:
        """The Storm's player; in setup whoever takes tokens (or chooses a Titan); in
        Divination the first player still to place; in Creation the next to reveal."""
        r = state["round"]
        if state["over"]:
            return None
        if state["pending"]:
            return state["pending"][0]["player"]
        if state["phase"] == "setup":
            return state["token_taker"] or next(
                (p for p in state["players"] if p not in state["titans"]), None)
        if state["phase"] == "divination":
            return next(iter(flow.must_place(state)), None)
        if r["order"]:
            return r["order"][0]
        return r["iapetus"] if r["replay"] else None

    def phase(self, state: KreusState) -> str:
        return state["phase"]

    def is_over(self, state: KreusState) -> bool:
        return state["over"]

    def summarize(self, state: KreusState) -> dict:
        players = [{"name": n, "score": None, "energy": state["tokens"][n],
                    "hand": state["hand"][n], "face_down": state["face_down"][n]}
                   for n in state["players"]]
        return {"players": players, "turn": state["turn"],
                "winners": list(state["players"]) if state["outcome"] in WIN else [],
                "outcome": state["outcome"]}

    def seats(self, state: KreusState) -> dict[str, str]:
        """The players as seated. The core asks on every action: the answer is kept for the
        list it was built from (a replay keeps one state, so it is built once per replay)."""
        players = state["players"]
        if self._seated[0] is not players:
            self._seated = (players, {n: n for n in players})
        return self._seated[1]  # shared: read it, never change it

    def resolve_player(self, state: KreusState, text: object) -> str:
        """A name as seated is taken as it is (the log replays fast); else the core's rules:
        any case, a unique prefix."""
        if isinstance(text, str) and text in state["tokens"]:
            return text
        return super().resolve_player(state, text)

    def resolve(self, state: KreusState, verb: Verb, action: Action) -> Action:
        """Player names as seated (the core's rules), also in a reveal's further NAME CARD
        pairs; `ready all` (or no name) is everyone still to place; cards named in full.
        An action already in that form (a log replaying) is returned as it is."""
        name = verb.name
        out = _everyone(state, action) if name == "ready" else action
        seated = state["tokens"]
        for key in PLAYER_FIELDS[name]:
            value = out.get(key)
            if value is None or value is False or (isinstance(value, str) and value in seated):
                continue
            if isinstance(value, list) and all(isinstance(v, str) and v in seated for v in value):
                continue
            out = dict(out) if out is action else out
            out[key] = ([self.resolve_player(state, v) for v in value] if isinstance(value, list)
                        else self.resolve_player(state, value))
        if name == "reveal" and isinstance(out.get("then"), list):
            out = dict(out) if out is action else out
            out["then"] = [self.resolve_player(state, v) if i % 2 == 0 else _card(state, v)
                           for i, v in enumerate(out["then"])]
        deck = state["deck"]
        for key in CARD_FIELDS.get(name, ()):
            value = out.get(key)
            if value is not None and not (isinstance(value, str) and value in deck):
                out = dict(out) if out is action else out
                out[key] = _card(state, value)
        return out

    def render(self, state: KreusState) -> str:
        return render.render(state)

    def playout_options(self, rng: random.Random) -> dict:
        n = rng.randint(3, 6)
        names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:n]
        return {"players": names, "first": rng.choice(names),
                "first_game": rng.random() < 0.3, "incarnation": rng.random() < 0.5,
                "altered": rng.random() < 0.5}

    def check_invariants(self, state: KreusState) -> None:
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

    def describe(self, action: Action) -> str:
        return command_line(action)


# A cooperative game: all win or all lose (section 1). The rulebook calls a Planet that may
# sustain life "not a complete success" but "the bare minimum result": the lowest winning tier.
# An unstable Planet "cannot sustain life" and falls apart: a loss, like the two defeats.
WIN = ("may-sustain-life", "success", "perfection")

def _everyone(state: KreusState, action: Action) -> Action:
    """`ready` with no name, or `ready all`: the players still to place, named in the log;
    `all` is refused when it could also be the start of a player's name."""
    typed = action.get("player")
    if (isinstance(typed, str) and typed in state["tokens"]) or (
            isinstance(typed, list) and len(typed) > 1):
        return action  # names: the core resolves them
    out = dict(action)
    if isinstance(typed, list) and len(typed) == 1:
        typed = typed[0]
    if isinstance(typed, str) and typed.strip().casefold() == "all":
        named = [p for p in state["players"] if p.casefold().startswith("all")]
        if named and "all" not in (p.casefold() for p in named):
            raise InputError(f"'all' could be everyone or {' or '.join(named)}: type "
                             "`ready` alone for everyone, or more of the name")
        if not named:
            out.pop("player")
    if out.get("player") is None:
        out.pop("player", None)
        waiting = flow.must_place(state) if state["phase"] == "divination" else []
        if waiting:
            out["player"] = waiting
    return out


# Fields naming a player, resolved by the core's rules (any case, a unique prefix).
PLAYER_FIELDS = {v.name: tuple(f.name for f in v.fields if f.kind == "player")
                 for v in VERBS.values()}
# Fields naming a card, recorded in full (`atm` typed, `atmosphere` logged) when they name one.
CARD_FIELDS = {"reveal": ("card",), "discard": ("card",), "retrieve": ("card", "give")}


def _card(state: KreusState, typed: object) -> object:
    """A typed card in full when it names one of this deck's cards; else as typed, for the
    handler to refuse with its own message."""
    if not isinstance(typed, str) or typed in state["deck"] or typed == "none":
        return typed
    try:
        return cards.parse(typed, state["deck"])
    except InputError:
        return typed
