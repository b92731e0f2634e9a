"""The Crôa! engine: the declared verbs (verbs.py) plus what the core asks of a game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from referee.model.chance import Chance
from referee.model.engine import Engine
from referee.model.engine import _same as same
from referee.model.errors import InputError
from referee.model.i18n import N_, fold
from referee.model.verbs import Action, Verb
from referee.model.view import NOBODY, Secret, hidden_list

from . import cards
from .actions import RULE_PENDING
from .board import NEIGHBOURS, SQUARES, ZONE, ZONES
from .cardlist import CARD, shown_cards
from .commands import COMMANDS, HELP, VERB_WORDS
from .legal import frog_name
from .pond import QUEEN, in_pond, occupied, reserve
from .render import letters, render, render_compact
from .said import said, said_choice
from .setup import COLORS, setup
from .state import CroaState
from .tiles import KINDS, full_piles, keep_tiles, parse_tile
from .verbs import VERBS
from .words import FRENCH_COLOURS, canonical

if TYPE_CHECKING:
    import random

ALL = ("all", "tous", "toutes")  # `pass all`, `passer tous`: every colony asked


class CroaEngine(Engine):
    name = "croa"
    title = "Crôa!"
    # 2: gained servants placed at once; the force lasts until lost. 3: no Doesn't work!
    # window and no wait for a thunderclap when every copy lies face up. 4: the way back opens
    # past a log holding an own servant; extra parts refused; a forced bounce loop stops.
    # 5: with dealt hands a card's window asks every colony holding a card, not only those
    # holding that card; a dealt hand plays only a card it holds
    rules_version = "5"
    min_players = 2
    max_players = 4
    series_word = "frogs"
    verbs = VERBS
    legal_exact = True  # tests/test_legal_exact.py: accepted exactly when listed
    commands = COMMANDS
    cli_help = HELP
    verb_words = VERB_WORDS
    rules: ClassVar[dict[str, str]] = {
        "over": N_("End of the game (fin de partie): one queen is left"),
        "pending": RULE_PENDING,
        "players": N_("Setup (mise en place): 2-4 colonies"),
    }

    # -- what the core asks ------------------------------------------------------------------
    def setup(self, options: dict[str, Any], chance: Chance) -> CroaState:
        return setup(options, chance)

    def seats(self, state: CroaState) -> dict[str, str]:
        return {col["name"]: col["name"] for col in state["colonies"]}

    def current(self, state: CroaState) -> str | None:
        return state["colonies"][state["current"]]["name"]

    def phase(self, state: CroaState) -> str:
        if self.is_over(state):
            return "over"
        return state["pending"][0]["decision"] if state["pending"] else "move"

    def is_over(self, state: CroaState) -> bool:
        return state["winner"] is not None

    def summarize(self, state: CroaState) -> dict[str, Any]:
        winner = state["winner"]
        return {"players": [{"name": col["name"], "score": None, "color": col["color"],
                             "alive": col["alive"]} for col in state["colonies"]],
                "turn": state["turn"],
                "winners": [] if winner is None else [state["colonies"][winner]["name"]]}

    def result_details(self, state: CroaState) -> dict:
        """Frogs each colony still has in the pond."""
        return {"frogs": self.series(state)}

    def series(self, state: CroaState) -> dict[str, float | None]:
        """Frogs in the pond per colony."""
        return {col["name"]: in_pond(state, c) for c, col in enumerate(state["colonies"])}

    def render(self, state: CroaState) -> str:
        return render(state)

    def board_html(self, state: CroaState) -> str:
        """The pond drawn in SVG for the live web view (face-down squares show nothing)."""
        from .web import board_html

        return board_html(state)

    def secrets(self, state: CroaState) -> list[Secret]:
        """Hands the referee dealt: each is its player's (others see a `?` a card, as for real
        hands), and the deck face down (whose cards, beside the whole deck's, would tell the
        hands) is nobody's: others see how many cards it holds."""
        if not state.get("deal"):
            return []
        out = [Secret(("colonies", c, "hand"), col["name"], hidden_list(col["hand"]), "hand")
               for c, col in enumerate(state["colonies"])]
        left = sum(state["deck"].values())
        return [*out, Secret(("deck",), NOBODY, {cards.HIDDEN: left} if left else {}, "deck")]

    def board_html_after(self, state: CroaState, last: dict | None) -> str:
        """The pond with the last move's squares outlined (where from dashed, where to solid)."""
        from .web import board_html, moved

        return board_html(state, moved(last))

    seat_verbs = ("card",)  # each playable card is marked in the hand, with its ways

    def seat_html(self, seen: dict, seat: str, actions: list[Action]) -> str:
        """The seat's dealt hand, each card with what it does and whether it may be played now."""
        from .web import hand_html

        return hand_html(seen, seat, actions)

    def keep_seen(self, state: CroaState, things: list[dict]) -> list[dict]:
        """A tile the referee turned over stays face up on its square after an undo."""
        return keep_tiles(state, things)
    def board_marks(self, state: CroaState) -> dict[str, str]:
        """Each colony's frog letter (its queen in capitals) -> its player."""
        return {mark.lower(): col["name"] for mark, col in zip(letters(state), state["colonies"],
                                                                 strict=True)}

    def render_compact(self, state: CroaState) -> str:
        return render_compact(state)

    def player_words(self, state: CroaState) -> dict[str, str]:
        """A colony is named by its player or its colour (`--player blue`)."""
        words = super().player_words(state)
        for col in state["colonies"]:
            words.setdefault(col["color"], col["name"])
        names = {col["color"]: col["name"] for col in state["colonies"]}
        for french, colour in FRENCH_COLOURS.items():  # `--player bleu`
            if colour in names:
                words.setdefault(french, names[colour])
        return words

    def resolve(self, state: CroaState, verb: Verb, action: Action) -> Action:
        """Player names as seated (the core's); `pass all` keeps its `all`."""
        if verb.name == "pass" and fold(str(action.get("player") or "")) in ALL:
            return {**super().resolve(state, verb, {**action, "player": None}), "player": "all"}
        return super().resolve(state, verb, action)

    def normalize(self, state: CroaState, action: Action) -> Action:
        """A new action as the log keeps it: a card or a tile typed by a unique prefix is
        recorded by its full name (the log reads the same whatever was typed). A bare `pass`
        that could speak for several colonies is refused here, for new input only (older
        logs recorded it for all of them)."""
        out = canonical(super().normalize(state, action))  # French words in English
        verb = out.get("verb")
        for name in ("card", "discard") if verb == "card" else ():
            if name == "card" and out.get("unknown"):
                continue  # as the table names it: a card the referee does not know
            if isinstance(out.get(name), str):
                key = cards.played_key(out[name])
                if key in cards.CARDS:
                    out[name] = key
        for name in ("tile", "bounce", "mosquito") + (("to",) if verb != "card" else ()):
            value = out.get(name)
            if isinstance(value, list):
                out[name] = [_full_tile(v) for v in value]
            elif value is not None:
                out[name] = _full_tile(value)
        cards.check_bare_pass(state, out)
        return out

    def playout_options(self, rng: random.Random) -> dict[str, Any]:
        n = rng.randint(2, 4)
        names = ["Ann", "Bob", "Cy", "Dee"][:n]
        colors = rng.sample(list(COLORS[:4]), n)
        players = [f"{p}:{c}" for p, c in zip(names, colors, strict=True)]
        options: dict[str, Any] = {"players": players, "digital": True, "cards": rng.random() < 0.4}
        if options["cards"] and rng.random() < 0.5:
            options["deal"] = False  # real hands: counted, never seen
        return options

    def playout_action(self, state: CroaState, action: Action) -> Action | None:
        """A card named at the table (`CARD`) as a random playout names it: a made-up card,
        and for a discard a card that may still be face down."""
        if action.get("verb") != "card":
            return action
        out = dict(action)
        if out.get("card") == CARD:
            out["card"] = "Frog Rain"
        if out.get("discard") == CARD:
            spare = next((k for k in cards.CARDS if cards.discardable(state, k)), None)
            if spare is None:
                return None
            out["discard"] = spare
        return out

    def results_typed(self, state: CroaState) -> bool:
        return not state["digital"]  # a --digital session's tiles are revealed by the referee

    def shown_actions(self, state: CroaState, actions: list[Action], seat: str | None = None) -> list[Action]:
        return shown_cards(state, actions, seat)

    def words(self, state: CroaState, verb: str, given: Mapping[str, Any], field: str) -> list[str]:
        """Completion for `card`: the core offers nothing for a free field, so the cards listed
        by name are offered here (a name made up at the table, `CARD`, is never guessed), and
        a card typed narrows the other fields (a made-up one to those of `CARD`)."""
        if verb != "card":
            return super().words(state, verb, given, field)
        if state.get("deal") and field in ("card", "discard"):  # a dealt hand is its player's:
            return [k for k in sorted(cards.CARDS) if k != "the_force" or field == "card"]  # every name
        typed = {k: v for k, v in given.items() if v not in (None, (), [])}
        try:  # what is typed so far, in the form the legal actions carry
            typed = {k: v for k, v in self.normalize(state, {"verb": verb, **typed}).items()
                     if k in typed}
        except Exception:  # not readable yet (an ambiguous prefix): as typed
            pass
        seen: dict[str, None] = {}
        # a dealt hand is its player's: the other fields are offered as the table's list shows
        # them (which cards take a male or a square would tell what the hands hold)
        listed = self.legal_for(state, verb)
        for action in self.shown_actions(state, listed) if state.get("deal") else listed:
            value = action.get(field)
            if value in (None, CARD):
                continue
            if all(same(action.get(k), v) or action.get(k) == CARD for k, v in typed.items()):
                seen.setdefault(str(value), None)
        return list(seen)

    def vocabulary(self, state: CroaState) -> dict[str, list[str]]:
        c = state["current"]
        frogs = sorted({frog_name(state, [c, i]) for i, f in
                        enumerate(state["colonies"][c]["frogs"]) if f["square"]})
        choices = [ch for p in state["pending"] for ch in p["choices"]]
        return {
            "players": [col["name"] for col in state["colonies"]],
            "colors": [col["color"] for col in state["colonies"]],
            "frogs": frogs,
            "squares": list(SQUARES),
            "tiles": list(KINDS),
            "cards": sorted(cards.CARDS) if state.get("cards") else [],
            "verbs": [*self.verbs, "pond", "status"],
            "choices": choices,
            "males": list(state["colonies"][c]["males"]),
        }

    def describe(self, action: Action) -> str:
        if action.get("verb") == "new":
            players = action.get("players")
            return "new " + " ".join(str(p) for p in (players or [])) + (
                " --digital" if action.get("digital") else "") + (
                " --cards" if action.get("cards") else "") + (
                " --deal" if action.get("deal") else "")
        return super().describe(action)

    def said(self, words: list[str]) -> list[str]:
        """A command in the table's words (French: `déplacer a2 a3 --tile nénuphar`)."""
        return said(words)

    def said_choice(self, decision: str, choice: str) -> str:
        return said_choice(decision, choice)

    def check_invariants(self, state: CroaState) -> None:
        occ = occupied(state)
        for sq, refs in occ.items():
            servants = [r for r in refs if r[1] != QUEEN]
            queens = [r for r in refs if r[1] == QUEEN]
            assert len(queens) <= 1, f"two queens on {sq}"
            if state["tiles"].get(sq) == "log":
                crowded = any(p["decision"] == "log-removal" and (p.get("data") or {}).get(
                    "square") == sq for p in state["pending"])
                # babies and gained servants are placed with the queen, they do not arrive:
                # a crowd of one colony (the queen there, or left by her) may pass two
                if queens or len({r[0] for r in refs}) == 1:
                    assert all(r[0] == refs[0][0] for r in refs), f"mixed queen on log {sq}"
                else:
                    assert len(servants) <= 2 + crowded, f"three servants on the log at {sq}"
            elif len(refs) > 1:
                assert all(r[0] == refs[0][0] for r in refs), f"two colonies on {sq}"
            if not state.get("cards"):  # cards can leave a frog on a pike or a lily pad
                assert state["tiles"].get(sq) != "pike", f"a frog rests on the pike at {sq}"
        for c, col in enumerate(state["colonies"]):
            assert len(col["frogs"]) == 7 and col["frogs"][0]["kind"] == "queen"
            assert sum(f["kind"] == "servant" for f in col["frogs"]) == 6
            on = sum(f["square"] is not None for f in col["frogs"])
            if col["alive"]:
                assert col["frogs"][QUEEN]["square"] is not None, f"{col['name']} has no queen"
                assert on + reserve(state, c) == 7, "pond + reserve != 7"
            else:
                assert on == 0, f"eliminated {col['name']} still has frogs in the pond"
            for f in col["frogs"]:
                if f["stuck"]:
                    assert state["tiles"].get(f["square"] or "") == "mud", "stuck off the mud"
        for z in ZONES:
            shown = [k for sq, k in state["tiles"].items() if ZONE[sq] == z]
            for kind, n in full_piles(state["layout"])[z].items():
                assert shown.count(kind) + state["piles"][z].get(kind, 0) == n, (z, kind)
        live = [c for c, col in enumerate(state["colonies"]) if col["alive"]]
        if state["winner"] is not None:
            assert live == [state["winner"]], "the winner is not the last colony"
            assert not state["pending"], "a decision waits after the end"
        else:
            assert len(live) >= 2 and state["current"] in live
        assert (state["window"] is not None) == any(
            p["decision"] == "doesnt-work" for p in state["pending"]), "a window without answers"
        if state.get("cards"):
            total = sum(state["deck"].values()) + sum(state["discard"].values()) + sum(
                len(col["hand"]) + bool(col.get("force")) for col in state["colonies"])
            assert total == state["deck_size"], "cards lost"


def _full_tile(value: Any) -> Any:
    """A tile typed by a unique prefix, as the log keeps it: `li` -> `lilypad`, `b3:mo` ->
    `b3:mosquito` (the last part of SQ:TILE words; squares and frogs are left as typed)."""
    if not isinstance(value, str):
        return value
    head, sep, last = value.rpartition(":")
    if last.strip().lower() in NEIGHBOURS or last.strip().lower() in ("queen", "servant", "q", "s"):
        return value
    try:
        return f"{head}{sep}{parse_tile(last)}"
    except InputError:
        return value
