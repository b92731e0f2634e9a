"""Kreus's commands beside its verbs (declared like them: referee.model.verbs.Command): `new`,
the creation tree, the open paths and Uranus' judgement. Pure: each returns the new session's
options or an Answer (data for --json, parts for people)."""

from __future__ import annotations

from typing import Any

from referee.model.errors import InputError
from referee.model.verbs import Answer, Command, Field
from referee.scorers.kreus import outcome as judge
from referee.scorers.kreus import refuse_unreachable

from . import board, render
from .data import load_cards
from .flow import OUTCOME_TEXT


def new(players: list[str] | None, first: str | None, first_game: bool, incarnation: bool,
        altered: bool, cards: Any) -> dict[str, Any]:
    """The options of a new session; a replacement cards file is checked now, before anything
    is stored (its content goes into the session, so it replays without the file)."""
    options: dict[str, Any] = {"players": list(players or ()), "first": first, "first_game": first_game,
                               "incarnation": incarnation, "altered": altered}
    if cards is not None:
        load_cards(cards)
        options["cards"] = cards
    return {k: v for k, v in options.items() if v is not None}


def tree(engine: Any, state: Any) -> Answer:
    """The creation tree: each Nature card, what it needs, its state."""
    return Answer({"tree": render.tree_rows(state)},
                  (lambda width: render.render_tree(state, width or render.WIDTH),))


def paths(engine: Any, state: Any) -> Answer:
    """The routes to the Planet still open."""
    return Answer({"routes": board.open_routes(state), "unseen_elements": board.unseen_elements(state)},
                  (lambda width: render.render_paths(state, width or render.WIDTH),))


def counts(value: str | None) -> list[int] | None:
    """`2,3,2,2`: one count of cards per player (how many counts is a rule, the scorer's)."""
    if value is None:
        return None
    try:
        out = [int(v) for v in value.split(",") if v.strip() != ""]
    except ValueError:
        raise InputError("--cards-left: a comma-separated list of whole numbers, e.g. 2,3,2,2") from None
    if any(v < 0 for v in out):
        raise InputError("--cards-left: one count (0 or more) per player, e.g. 2,3,2,2")
    return out


def outcome(planet: bool | None, elements: int | None, cards_left: str | None,
            aggression_held: bool, aggression_early: bool) -> Answer:
    """Uranus' judgement of a finished game."""
    left = counts(cards_left)
    if planet is None:
        planet = elements is not None
    refuse_unreachable(planet, elements, left)
    result = judge(planet=planet, elements=elements or 0, cards_left=left,
                   aggression_held=aggression_held, aggression_early=aggression_early)
    return Answer({"outcome": result}, (f"Outcome: {result} ({OUTCOME_TEXT[result]})",))


def _flag(name: str, help_: str) -> Field:
    return Field(name.removeprefix("--").replace("-", "_"), help_, kind="flag", option=name,
                 required=False, default=False)


COMMANDS = (
    Command("new", "new", """Start a Kreus session (3-6 players, one team).

Shuffle and deal the cards physically: the referee never needs a hand, it tracks hand
counts, the Energy tokens and every card seen. List the players in seat order going
left; --first is whoever was dealt the Planet. Then share the tokens out with `tokens`
(and, in Incarnation mode, choose Titans with `titan`).

\b
referee kreus new --player Ann --player Bob --player Cy --player Dee --first Cy""", new, fields=(
        Field("players", "A player, once per seat, in seat order going left (3-6).", kind="player",
              option="--player", multiple=True, metavar="NAME"),
        Field("first", "The First Player: whoever holds the Planet (default: the first --player).",
              option="--first", required=False, metavar="NAME"),
        _flag("--first-game", "First game at 3-5 players: the Storm of Uranus is swapped for an Aether."),
        _flag("--incarnation", "Incarnation mode: each player is a Titan."),
        _flag("--altered", "Altered Elements mode: Disturbing, Volatile and Complementary copies."),
        Field("cards", "JSON replacing the creation tree ('nature') and/or the Titan cards "
              "('titans'); default: the shipped files.", kind="json", option="--cards",
              required=False, metavar="FILE"))),
    Command("tree", "view", """The creation tree: each Nature card, what it needs, its state.

The default tree is a reconstruction (docs/rulings/kreus.md); start a game with `new --cards FILE`
to use your printed cards.""", tree, state=True),
    Command("paths", "view", "Routes to the Planet still open, cheapest first, with the elements needed.",
            paths, state=True),
    Command("outcome", "tool", """Uranus' judgement: the outcome tier of a finished game.

Without --planet or --elements the Planet never entered play (critical defeat).""", outcome, fields=(
        Field("planet", "Is the Planet in play? (default: yes when --elements is given)", kind="flag",
              option="--planet/--no-planet", required=False),
        Field("elements", "Element cards under the Planet, 0-4 (4 = complete); giving it puts the "
              "Planet in play.", kind="int", option="--elements", required=False),
        Field("cards_left", "Cards each player still holds (hand + face down), one count per player "
              "(3-6 counts), for perfection.", option="--cards-left", required=False,
              metavar="N,N,..."),
        _flag("--aggression-held", "An Aggression card was still held when the Planet was completed."),
        _flag("--aggression-early", "An Aggression card was played on the first or last turn."))),
)
