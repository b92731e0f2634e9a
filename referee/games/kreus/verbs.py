"""The Kreus verbs, declared once: fields, who may use each, its phases, handler and options.

The core (`referee.model.engine.Engine.apply`) refuses before a handler runs: an unknown verb,
anything after the end, a verb outside its phase, anything but the Storm's discard while
it is owed, and Energy tokens taken out of seat order. Player names are resolved by the
core (any case, a unique prefix); card names by `cards.parse` (a unique prefix too).
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.kreus import creation, energy, flow, legal, listing, setup, titans
from referee.games.kreus.state import KreusState
from referee.model.chance import Chance
from referee.model.verbs import Action, Event, Field, Verb, declare

PLAYER = Field("player", "the player who acts", kind="player")
Handler = Callable[[KreusState, Action, Chance | None], list[Event]]


def _setup_step(handler: Handler) -> Handler:
    """A setup verb: once every token is taken (and every Titan chosen), turn 1 begins."""

    def run(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
        return flow.after_setup(state, handler(state, action, chance))

    run.__doc__ = handler.__doc__
    return run


def command_line(action: Action) -> str:
    """The action as the table types it (the log line): `reveal Ann comet Bob fire`."""
    a = dict(action)
    verb = a.pop("verb", "?")
    positional = ("player", "titan") if verb == "power" else (
        "player", "with", "card", "then", "n", "titan")
    parts = [verb]
    for k in positional:
        value = a.pop(k, None)
        if isinstance(value, list):
            parts += [str(v) for v in value]
        elif value is not None:
            parts.append(str(value))
    for k, v in a.items():
        if v in (None, False, [], {}):
            continue
        flag = "--" + {"players": "player"}.get(k, k).replace("_", "-")
        if k == "cards":
            parts.append("--cards (replacement data)")
        elif v is True:
            parts.append(flag)
        elif isinstance(v, list):
            parts += [f"{flag} {x}" for x in v]
        else:
            parts.append(f"{flag} {v}")
    return " ".join(parts)


VERBS = declare(
    Verb("tokens", _setup_step(setup.take_tokens),
         help="Setup: PLAYER takes N Energy tokens (0 or more) from the Reserve.",
         fields=(PLAYER, Field("n", "Energy tokens taken from the Reserve", kind="int", open=True)),
         who="current", actor="player", phases=("setup",), options=listing.tokens, sample=legal.tokens,
         log=command_line),
    Verb("titan", _setup_step(setup.choose_titan),
         help="Incarnation setup: PLAYER's Titan card and face.",
         fields=(PLAYER, Field("titan", "a Titan face, or `draw`"),
                 Field("face", "the face kept", option="--face", required=False,
                       choices=("male", "female"))),
         who="anyone", actor="player", phases=("setup",), options=listing.titan, sample=legal.titan,
         log=command_line),
    Verb("show-card", energy.show_card,
         help="Divination, 1 Energy: PLAYER shows one hand card to another player.",
         fields=(PLAYER, Field("to", "who sees the card", kind="player", option="--to")),
         who="anyone", actor="player", phases=("divination",), options=legal.show_card,
         log=command_line),
    Verb("exchange", energy.exchange,
         help="Divination, 2 Energy: PLAYER and OTHER swap one hand card each, face down.",
         fields=(PLAYER, Field("with", "the other player", kind="player", metavar="OTHER")),
         who="anyone", actor="player", phases=("divination",), options=legal.exchange,
         log=command_line),
    Verb("retrieve", energy.retrieve,
         help="Divination, 3 Energy: take CARD back from the discard pile.",
         fields=(PLAYER, Field("card", "the discarded card taken back"),
                 Field("give", "the Nature or Element card from hand given to the discard",
                       option="--give")),
         who="anyone", actor="player", phases=("divination",), options=legal.retrieve,
         log=command_line),
    Verb("discard", energy.discard,
         help="Divination: discard a Nature/Element card for 1 Energy; or the Storm's discard.",
         fields=(PLAYER, Field("card", "the card discarded (`none` for the Storm: no such card)"),
                 Field("no_token", "leave the earned token in the Reserve", kind="flag",
                       option="--no-token", required=False)),
         who="anyone", actor="player", answers=("storm-discard",), free=True,
         phases=("divination",), options=listing.discard, sample=legal.discard, log=command_line),
    Verb("ready", flow.ready,
         help="Divination: players put a card face down (no name: everyone still to place).",
         fields=(Field("player", "who places a card (none: everyone still to place)",
                       kind="player", required=False, multiple=True, metavar="[NAME]..."),),
         who="anyone", actor="player", phases=("divination",), options=listing.ready, sample=legal.ready,
         log=command_line),
    Verb("reveal", creation.reveal,
         help="Creation: PLAYER reveals CARD (then the next players theirs, in order).",
         fields=(PLAYER, Field("card", "the card revealed"),
                 Field("then", "further reveals in order, each a NAME and a CARD, no options",
                       required=False, multiple=True, metavar="[NAME CARD]..."),
                 Field("on", "the Nature card in play that takes the Element", option="--on",
                       required=False),
                 Field("as", "what an Aether, a Nature card or Hyperion's Element stands for",
                       option="--as", required=False),
                 Field("target", "Thunderbolts: the Element card struck (NATURE:ELEMENT)",
                       option="--target", required=False),
                 Field("discard", "Storm of Uranus taken back: the card its player discards",
                       option="--discard", required=False),
                 Field("no_token", "leave the Nature card's token in the Reserve", kind="flag",
                       option="--no-token", required=False),
                 Field("tethys", "Tethys protects this Element as it enters play", kind="flag",
                       option="--tethys", required=False)),
         who="anyone", actor="player", phases=("divination", "creation"), options=listing.reveal, sample=legal.reveal,
         log=command_line),
    Verb("power", titans.use_power,
         help="Incarnation: PLAYER uses their Titan's power.",
         fields=(PLAYER, Field("titan", "the Titan (optional: checked if given)", required=False),
                 Field("direction", "Coeus: left or right", option="--direction",
                       required=False, choices=("left", "right")),
                 Field("swap", "Oceanus: the two players", kind="player", option="--swap",
                       required=False, multiple=True),
                 Field("position", "Rhea: her place in the reveal order", kind="int",
                       option="--position", required=False),
                 Field("to", "Theia: who sees", kind="player", option="--to", required=False,
                       multiple=True),
                 Field("on", "Themis, Phoebe: whose card", kind="player", option="--on",
                       required=False),
                 Field("card", "Themis: the card bet on; Mnemosyne: the discarded card taken",
                       option="--card", required=False),
                 Field("give", "Mnemosyne: the hand card given", option="--give", required=False),
                 Field("gain", "Themis: tokens a right guess wins, 0 to 15", kind="int",
                       option="--gain", required=False, open=True, bounds=listing.gain_within)),
         who="anyone", actor="player", options=listing.power, sample=legal.power, log=command_line),
    Verb("next", flow.next_step, help="Start the Creation phase once every card is face down.",
         who="table", phases=("divination", "creation"), options=legal.next_,
         log=command_line),
    Verb("end", flow.end_game, help="Always refused: the game ends by itself.",
         fields=(Field("aggression_held", "kept for old scripts", kind="flag",
                       option="--aggression-held", required=False),),
         who="table", log=command_line),
)
