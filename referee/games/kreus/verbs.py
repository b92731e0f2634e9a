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
from referee.model.verbs import Action, Event, Field, Verb, declare, one_or_many

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


VERB_HELP: dict[str, str] = {  # each verb's help, as `referee kreus VERB --help` shows it
    "tokens": """Setup: PLAYER takes N Energy tokens (0 or more) from the Reserve.

In seat order from the First Player, without consulting each other; the last player
takes what is left automatically (so do the players after an empty Reserve).""",
    "titan": """Incarnation setup: PLAYER's Titan card and face.

TITAN names either face (`titan Ann cronus`); --face picks the other side of that card.
`titan Ann draw` lets the referee draw Ann's card from those left; then name the face.""",
    "show-card": """Divination, 1 Energy: PLAYER shows one hand card to another player (--to NAME).

The referee records the cost only; which card was shown stays between the two.""",
    "exchange": """Divination, 2 Energy: PLAYER and OTHER swap one hand card each, face down.""",
    "retrieve": """Divination, 3 Energy: take CARD back from the discard pile.

CARD may be any discarded card, an Aggression card too (it then counts as held until it
is revealed). The card given (--give) must be a Nature or Element card from hand.""",
    "discard": """Divination: discard a Nature/Element card for 1 Energy; or the Storm's discard.

A player discards for a token once per Divination phase. After a Storm of Uranus
taken back, its player names the card discarded (`none` if only Aggression cards are
left in hand); no token then.""",
    "ready": """Divination: players put a card face down (two after declaring Cronus).

With no NAME (or `ready all`), every player who still has to place a card does; with
names, those players. Nobody says which card: the referee only counts them. When every
player has placed one, `next` (or the first `reveal`) starts the Creation phase.

\b
ready              everyone still to place
ready Ann Cy       Ann and Cy (a unique prefix of a name is enough)""",
    "reveal": """Creation: PLAYER reveals CARD; played if the rules allow, else discarded.

Reveal in the order shown by `status`. Further NAME CARD pairs reveal the next cards
in the same order, one after the other, each checked as if typed alone; if one is
refused, none is recorded. Options belong to a card revealed on its own. A card that
can enter play must; --on/--as choose where and what it stands for when there is a
choice (the referee lists the choices). Aggression cards act at once. A unique prefix
of a player or card name is enough.

\b
reveal Ann comet                           a Nature card enters play
reveal Ann atm Bob comet Cy air Dee fire   four reveals in order
reveal Bob fire --on comet                 an Element under a Nature card in play
reveal Cy aether --as air --on wind        Aether stands for a needed element
reveal Dee bird --as air --on atmosphere   a Nature card used as an Element
reveal Ann thunderbolts --target wind:air  the Element card the bolt strikes

cards: fire air earth water aether, Nature cards (atmosphere comet wind rainbow mountain river bird fish tree flower planet), thunderbolts storm hekatonkheires; Altered copies as volatile-fire, disturbing-air, complementary-water.""",
    "power": """Incarnation: PLAYER uses their Titan's power.

\b
cronus     two cards face down now, sit out the next turn
hyperion   (Divination) one Element this turn plays --as any element
iapetus    (start of Creation) replay this phase's lost Elements at its end
coeus      --direction left|right: move the First Player card
oceanus    --swap A --swap B: switch two players in this turn's order
crius      (first or last turn) may reveal an Aggression card safely
rhea       --position N: her card's place in the reveal order
theia      --to A [--to B]: show cards free
themis     --on NAME --card CARD [--gain N]: bet a token on a face-down card
phoebe     --on NAME: look at a face-down card
tethys     (Creation) protect the Element just put into play
           (for the turn's last card: `reveal ... --tethys`)
mnemosyne  --card CARD --give CARD: free swap with the discard pile""",
    "next": """End the table's Divination phase: the Creation phase starts, once every card is
face down (the first `reveal` does the same).

The turn ends by itself once every card is revealed.""",
    "end": """Nothing to answer: the game ends by itself, and this is always refused.

The game ends when every hand is empty or the Planet is complete. Every card leaves a
hand face up, so an Aggression card the referee never saw is still held: the Planet
completing then is a defeat, decided from the count without asking.""",
}


VERBS = declare(
    Verb("tokens", _setup_step(setup.take_tokens),
         help=VERB_HELP["tokens"],
         fields=(PLAYER, Field("n", "Energy tokens taken from the Reserve", kind="int", open=True)),
         who="current", actor="player", phases=("setup",), options=listing.tokens, sample=legal.tokens,
         log=command_line),
    Verb("titan", _setup_step(setup.choose_titan),
         help=VERB_HELP["titan"],
         fields=(PLAYER, Field("titan", "a Titan face, or `draw`"),
                 Field("face", "The face kept (default: the face TITAN names).", option="--face", required=False,
                       choices=("male", "female"))),
         who="anyone", actor="player", phases=("setup",), options=listing.titan, sample=legal.titan,
         log=command_line),
    Verb("show-card", energy.show_card,
         help=VERB_HELP["show-card"],
         fields=(PLAYER, Field("to", "Who sees the card.", kind="player", option="--to", metavar="NAME")),
         who="anyone", actor="player", phases=("divination",), options=legal.show_card,
         log=command_line),
    Verb("exchange", energy.exchange,
         help=VERB_HELP["exchange"],
         fields=(PLAYER, Field("with", "the other player", kind="player", metavar="OTHER")),
         who="anyone", actor="player", phases=("divination",), options=legal.exchange,
         log=command_line),
    Verb("retrieve", energy.retrieve,
         help=VERB_HELP["retrieve"],
         fields=(PLAYER, Field("card", "the discarded card taken back"),
                 Field("give", "The Nature or Element card from hand that goes to the discard.",
                       option="--give", metavar="CARD")),
         who="anyone", actor="player", phases=("divination",), options=legal.retrieve,
         log=command_line),
    Verb("discard", energy.discard,
         help=VERB_HELP["discard"],
         fields=(PLAYER, Field("card", "the card discarded (`none` for the Storm: no such card)"),
                 Field("no_token", "Leave the earned token in the Reserve.", kind="flag",
                       option="--no-token", required=False, default=False)),
         who="anyone", actor="player", answers=("storm-discard",), free=True,
         phases=("divination",), options=listing.discard, sample=legal.discard, log=command_line),
    Verb("ready", flow.ready,
         help=VERB_HELP["ready"],
         fields=(Field("player", "who places a card (none: everyone still to place)",
                       kind="player", required=False, multiple=True, metavar="[NAME]..."),),
         who="anyone", actor="player", phases=("divination",), options=listing.ready, sample=legal.ready,
         typed=one_or_many("player"),
         log=command_line),
    Verb("reveal", creation.reveal,
         help=VERB_HELP["reveal"],
         fields=(PLAYER, Field("card", "the card revealed"),
                 Field("then", "further reveals in order, each a NAME and a CARD, no options",
                       required=False, multiple=True, metavar="[NAME CARD]..."),
                 Field("on", "The Nature card in play that takes the Element.", option="--on", metavar="NATURE",
                       required=False),
                 Field("as", "What an Aether, a Nature card or Hyperion's Element stands for.",
                       option="--as", metavar="ELEMENT", required=False),
                 Field("target", "Thunderbolts: the Element card struck, e.g. atmosphere:water.",
                       option="--target", metavar="NATURE:ELEMENT", required=False),
                 Field("discard", "Storm of Uranus taken back: the card its player discards.",
                       option="--discard", metavar="CARD", required=False),
                 Field("no_token", "Leave the Nature card's token in the Reserve.", kind="flag",
                       option="--no-token", required=False, default=False),
                 Field("tethys", "Incarnation: Tethys protects this Element as it enters play "
                                 "(a use of her power; needed for the turn's last card, as the "
                                 "turn then ends).", kind="flag",
                       option="--tethys", required=False, default=False)),
         who="anyone", actor="player", phases=("divination", "creation"), options=listing.reveal, sample=legal.reveal,
         log=command_line),
    Verb("power", titans.use_power,
         help=VERB_HELP["power"],
         fields=(PLAYER, Field("titan", "the Titan (optional: checked if given)", required=False),
                 Field("direction", "Coeus: where the First Player card moves.", option="--direction",
                       required=False, choices=("left", "right")),
                 Field("swap", "Oceanus: the two players (twice).", kind="player", option="--swap", metavar="NAME",
                       required=False, multiple=True),
                 Field("position", "Rhea: her place in the reveal order.", kind="int",
                       option="--position", required=False),
                 Field("to", "Theia: who sees (once or twice).", kind="player", option="--to", metavar="NAME", required=False,
                       multiple=True),
                 Field("on", "Themis, Phoebe: whose card.", kind="player", option="--on", metavar="NAME",
                       required=False),
                 Field("card", "Themis: the card bet on; Mnemosyne: the discarded card taken.",
                       option="--card", metavar="CARD", required=False),
                 Field("give", "Mnemosyne: the hand card given.", option="--give", metavar="CARD", required=False),
                 Field("gain", "Themis: tokens a right guess wins, as your card says (default "
                               "1).", kind="int",
                       option="--gain", required=False, open=True, bounds=listing.gain_within)),
         who="anyone", actor="player", options=listing.power, sample=legal.power, log=command_line),
    Verb("next", flow.next_step, help=VERB_HELP["next"],
         who="table", phases=("divination", "creation"), options=legal.next_,
         log=command_line),
    Verb("end", flow.end_game, help=VERB_HELP["end"],
         fields=(Field("aggression_held", "Kept for old scripts: the referee now decides this "
                                          "from its count.", kind="flag",
                       option="--aggression-held", required=False, default=False),),
         who="table", log=command_line),
)
