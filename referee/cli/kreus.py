"""`referee kreus ...`: the Kreus verbs. Parses arguments into actions; the engine rules on them."""

from __future__ import annotations

import inspect

import click

from referee.cli import context, output
from referee.cli.common import (
    action_command,
    calculator,
    emit_calculation,
    game_group,
    json_option,
    load_current,
    new_options,
    start,
)

group = game_group("kreus")

CARDS_HELP = ("cards: fire air earth water aether, Nature cards (atmosphere comet wind rainbow "
              "mountain river bird fish tree flower planet), thunderbolts storm hekatonkheires; "
              "Altered copies as volatile-fire, disturbing-air, complementary-water.")


@group.command("new")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME",
              help="A player, once per seat, in seat order going left (3-6).")
@click.option("--first", default=None, metavar="NAME",
              help="The First Player: whoever holds the Planet (default: the first --player).")
@click.option("--first-game", is_flag=True,
              help="First game at 3-5 players: the Storm of Uranus is swapped for an Aether.")
@click.option("--incarnation", is_flag=True, help="Incarnation mode: each player is a Titan.")
@click.option("--altered", is_flag=True,
              help="Altered Elements mode: Disturbing, Volatile and Complementary copies.")
@click.option("--cards", "cards_file", type=click.Path(exists=True, dir_okay=False), default=None,
              metavar="FILE", help="JSON replacing the creation tree ('nature') and/or the "
                                   "Titan cards ('titans'); default: the shipped files.")
@new_options
def new(players: tuple[str, ...], first: str | None, first_game: bool, incarnation: bool,
        altered: bool, cards_file: str | None, seed: str | None, name: str,
        dry_run: bool) -> None:
    """Start a Kreus session (3-6 players, one team).

    Shuffle and deal the cards physically: the referee never needs a hand, it tracks hand
    counts, the Energy tokens and every card seen. List the players in seat order going
    left; --first is whoever was dealt the Planet. Then share the tokens out with `tokens`
    (and, in Incarnation mode, choose Titans with `titan`).

    \b
    referee kreus new --player Ann --player Bob --player Cy --player Dee --first Cy"""
    options: dict = {"players": list(players), "first": first, "first_game": first_game,
                     "incarnation": incarnation, "altered": altered}
    if cards_file:
        options["cards"] = _read_cards(cards_file)
    start("kreus", {k: v for k, v in options.items() if v is not None}, seed=seed, name=name,
          dry_run=dry_run)


def _read_cards(path: str) -> dict:
    """The replacement file's content goes into the session, so it replays without the file."""
    from referee.cli.datafile import read_json
    from referee.games.kreus.data import load_cards

    data = read_json(path, "--cards")
    load_cards(data)  # clear errors now, before anything is stored
    return data


@action_command(group, "tokens", context_settings={"ignore_unknown_options": True})
@click.argument("player")
@click.argument("n", type=int)
def tokens(player: str, n: int) -> dict:
    """Setup: PLAYER takes N Energy tokens (0 or more) from the Reserve.

    In seat order from the First Player, without consulting each other; the last player
    takes what is left automatically (so do the players after an empty Reserve)."""
    return {"verb": "tokens", "player": player, "n": n}


@action_command(group, "titan")
@click.argument("player")
@click.argument("titan")
@click.option("--face", type=click.Choice(["male", "female"]), default=None,
              help="The face kept (default: the face TITAN names).")
def titan(player: str, titan: str, face: str | None) -> dict:
    """Incarnation setup: PLAYER's Titan card and face.

    TITAN names either face (`titan Ann cronus`); --face picks the other side of that card.
    `titan Ann draw` lets the referee draw Ann's card from those left; then name the face."""
    return {"verb": "titan", "player": player, "titan": titan, "face": face}


@action_command(group, "show-card")
@click.argument("player")
@click.option("--to", "to", required=True, metavar="NAME", help="Who sees the card.")
def show_card(player: str, to: str) -> dict:
    """Divination, 1 Energy: PLAYER shows one hand card to another player (--to NAME).

    The referee records the cost only; which card was shown stays between the two."""
    return {"verb": "show-card", "player": player, "to": to}


@action_command(group, "exchange")
@click.argument("player")
@click.argument("with", metavar="OTHER")
def exchange(player: str, **other: str) -> dict:
    """Divination, 2 Energy: PLAYER and OTHER swap one hand card each, face down."""
    return {"verb": "exchange", "player": player, "with": other["with"]}


@action_command(group, "retrieve")
@click.argument("player")
@click.argument("card")
@click.option("--give", required=True, metavar="CARD",
              help="The Nature or Element card from hand that goes to the discard.")
def retrieve(player: str, card: str, give: str) -> dict:
    """Divination, 3 Energy: take CARD back from the discard pile.

    CARD may be any discarded card, an Aggression card too (it then counts as held until it
    is revealed). The card given (--give) must be a Nature or Element card from hand."""
    return {"verb": "retrieve", "player": player, "card": card, "give": give}


@action_command(group, "discard")
@click.argument("player")
@click.argument("card")
@click.option("--no-token", is_flag=True, help="Leave the earned token in the Reserve.")
def discard(player: str, card: str, no_token: bool) -> dict:
    """Divination: discard a Nature/Element card for 1 Energy; or the Storm's discard.

    A player discards for a token once per Divination phase. After a Storm of Uranus
    taken back, its player names the card discarded (`none` if only Aggression cards are
    left in hand); no token then."""
    return {"verb": "discard", "player": player, "card": card, "no_token": no_token}


@action_command(group, "ready")
@click.argument("player", nargs=-1, metavar="[NAME]...")
def ready(player: tuple[str, ...]) -> dict:
    """Divination: players put a card face down (two after declaring Cronus).

    With no NAME (or `ready all`), every player who still has to place a card does; with
    names, those players. Nobody says which card: the referee only counts them. When every
    player has placed one, `next` (or the first `reveal`) starts the Creation phase.

    \b
    ready              everyone still to place
    ready Ann Cy       Ann and Cy (a unique prefix of a name is enough)"""
    names: str | list[str] | None = list(player) if len(player) > 1 else (
        player[0] if player else None)
    return {"verb": "ready", "player": names}


@action_command(group, "reveal")
@click.argument("player")
@click.argument("card")
@click.argument("then", nargs=-1, metavar="[NAME CARD]...")
@click.option("--on", "on", default=None, metavar="NATURE",
              help="The Nature card in play that takes the Element.")
@click.option("--as", "as", default=None, metavar="ELEMENT",
              help="What an Aether, a Nature card or Hyperion's Element stands for.")
@click.option("--target", default=None, metavar="NATURE:ELEMENT",
              help="Thunderbolts: the Element card struck, e.g. atmosphere:water.")
@click.option("--discard", "discard", default=None, metavar="CARD",
              help="Storm of Uranus taken back: the card its player discards.")
@click.option("--no-token", is_flag=True, help="Leave the Nature card's token in the Reserve.")
@click.option("--tethys", is_flag=True,
              help="Incarnation: Tethys protects this Element as it enters play (a use of her "
                   "power; needed for the turn's last card, as the turn then ends).")
def reveal(player: str, card: str, then: tuple[str, ...], **options: str | bool | None) -> dict:
    """Creation: PLAYER reveals CARD; played if the rules allow, else discarded.

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
    reveal Ann thunderbolts --target wind:air  the Element card the bolt strikes"""
    return {"verb": "reveal", "player": player, "card": card, "then": list(then) or None,
            **options}


reveal.help = inspect.cleandoc(reveal.help or "") + "\n\n" + CARDS_HELP


@action_command(group, "power")
@click.argument("player")
@click.argument("titan", required=False)
@click.option("--direction", type=click.Choice(["left", "right"]), default=None,
              help="Coeus: where the First Player card moves.")
@click.option("--swap", multiple=True, metavar="NAME", help="Oceanus: the two players (twice).")
@click.option("--position", type=int, default=None, help="Rhea: her place in the reveal order.")
@click.option("--to", "to", multiple=True, metavar="NAME", help="Theia: who sees (once or twice).")
@click.option("--on", "on", default=None, metavar="NAME", help="Themis, Phoebe: whose card.")
@click.option("--card", default=None, metavar="CARD",
              help="Themis: the card bet on; Mnemosyne: the discarded card taken.")
@click.option("--give", default=None, metavar="CARD", help="Mnemosyne: the hand card given.")
@click.option("--gain", type=int, default=None,
              help="Themis: tokens a right guess wins, as your card says (default 1).")
def power(player: str, titan: str | None, direction: str | None, swap: tuple[str, ...],
          position: int | None, to: tuple[str, ...], on: str | None, card: str | None,
          give: str | None, gain: int | None) -> dict:
    """Incarnation: PLAYER uses their Titan's power.

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
    mnemosyne  --card CARD --give CARD: free swap with the discard pile"""
    return {"verb": "power", "player": player, "titan": titan, "direction": direction,
            "swap": list(swap) or None, "position": position, "to": list(to) or None,
            "on": on, "card": card, "give": give, "gain": gain}


@action_command(group, "next")
def next_() -> dict:
    """End the table's Divination phase: the Creation phase starts, once every card is
    face down (the first `reveal` does the same).

    The turn ends by itself once every card is revealed."""
    return {"verb": "next"}


@action_command(group, "end")
@click.option("--aggression-held", is_flag=True,
              help="Kept for old scripts: the referee now decides this from its count.")
def end(aggression_held: bool) -> dict:
    """Nothing to answer: the game ends by itself, and this is always refused.

    The game ends when every hand is empty or the Planet is complete. Every card leaves a
    hand face up, so an Aggression card the referee never saw is still held: the Planet
    completing then is a defeat, decided from the count without asking."""
    return {"verb": "end", "aggression_held": aggression_held}


def _loaded():
    return load_current("kreus")


@group.command("tree")
@json_option
def tree() -> None:
    """The creation tree: each Nature card, what it needs, its state.

    The default tree is a reconstruction (docs/rulings/kreus.md); start a game with `new --cards FILE`
    to use your printed cards."""
    from referee.games.kreus import render

    sid, loaded = _loaded()
    if context.get().as_json:
        output.emit_json(output.envelope({"tree": render.tree_rows(loaded.state)}, sid,
                                         loaded.state_json()))
        return
    click.echo(output.fit_block(render.render_tree(loaded.state, output.width() or render.WIDTH)))


@group.command("paths")
@json_option
def paths() -> None:
    """Routes to the Planet still open, cheapest first, with the elements needed."""
    from referee.games.kreus import board, render

    sid, loaded = _loaded()
    if context.get().as_json:
        output.emit_json(output.envelope(
            {"routes": board.open_routes(loaded.state),
             "unseen_elements": board.unseen_elements(loaded.state)}, sid, loaded.state_json()))
        return
    click.echo(output.fit_block(render.render_paths(loaded.state, output.width() or render.WIDTH)))


def _cards_left(_ctx: click.Context, _param: click.Parameter,
                value: str | None) -> list[int] | None:
    if value is None:
        return None
    try:
        out = [int(v) for v in value.split(",") if v.strip() != ""]
    except ValueError:
        raise click.BadParameter("a comma-separated list of whole numbers, e.g. 2,3,2,2") from None
    if any(v < 0 for v in out):
        raise click.BadParameter("one count (0 or more) per player, e.g. 2,3,2,2")
    return out  # how many counts: a rule (3 to 6 players), checked by the scorer


@calculator(group, "outcome")
@click.option("--planet/--no-planet", default=None,
              help="Is the Planet in play? (default: yes when --elements is given)")
@click.option("--elements", type=int, default=None,
              help="Element cards under the Planet, 0-4 (4 = complete); giving it puts the "
                   "Planet in play.")
@click.option("--cards-left", callback=_cards_left, default=None, metavar="N,N,...",
              help="Cards each player still holds (hand + face down), one count per player "
                   "(3-6 counts), for perfection.")
@click.option("--aggression-held", is_flag=True,
              help="An Aggression card was still held when the Planet was completed.")
@click.option("--aggression-early", is_flag=True,
              help="An Aggression card was played on the first or last turn.")
def outcome(planet: bool | None, elements: int | None, cards_left: list[int] | None,
            aggression_held: bool, aggression_early: bool) -> None:
    """Uranus' judgement: the outcome tier of a finished game.

    Without --planet or --elements the Planet never entered play (critical defeat)."""
    from referee.games.kreus.flow import OUTCOME_TEXT
    from scorers.kreus import outcome as judge
    from scorers.kreus import refuse_unreachable

    if planet is None:
        planet = elements is not None
    refuse_unreachable(planet, elements, cards_left)
    result = judge(planet=planet, elements=elements or 0, cards_left=cards_left,
                   aggression_held=aggression_held, aggression_early=aggression_early)
    emit_calculation({"outcome": result}, f"Outcome: {result} ({OUTCOME_TEXT[result]})")
