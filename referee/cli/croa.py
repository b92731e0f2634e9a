"""`referee croa ...`: Crôa! verbs. Parsing only; the rules live in referee.games.croa."""

from __future__ import annotations

from collections.abc import Callable

import click

from referee.cli.common import (
    PrefixChoice,
    action_command,
    calculator,
    emit_calculation,
    game_group,
    json_option,
    new_options,
    show_session,
    start,
)
from scorers.croa import ZONES

group = game_group("croa", help="""Crôa!: frogs in a pond, last queen standing (2-4 colonies).

\b
Squares a1..h8 (a1 bottom-left). Zones: blue a1-d4, green e1-h4, pink e5-h8,
yellow a5-d8. Which males lie in which zone is the referee's own layout
(blue 1 2 3, green 4 5 6, pink 1 3 5, yellow 2 4 6); the card module's list
is a reconstruction (see `croa cards`). Physical tiles: type each tile you
turn over (--tile); `new --digital`: the referee draws them.""")

# French verbs beside the English ones (accents optional: `déplacer` = `deplacer`)
FRENCH_VERBS: dict[str, str] = {
    "deplacer": "move", "bouger": "move", "sauter": "move", "rebond": "bounce",
    "rebondir": "bounce", "moustique": "mosquito", "passer": "pass", "retirer": "remove",
    "carte": "card", "mare": "pond", "cartes": "cards", "nouvelle": "new", "nouveau": "new",
    "etat": "status", "regles": "rules", "aide": "hint", "cotes": "odds",
}
group.aliases.update(FRENCH_VERBS)  # type: ignore[attr-defined]

MALES_HELP = ("A JSON file placing the males: {\"blue\": [\"male1\", \"male2\", \"male3\"], ...} "
              "(three different per zone, each male in two zones). Default: the referee's "
              "layout (blue 1 2 3, green 4 5 6, pink 1 3 5, yellow 2 4 6).")


def _read_males(path: str | None) -> dict | None:
    """The content of a --males file (it goes into the log, so replays need no file)."""
    if path is None:
        return None
    from referee.games.croa.tiles import check_layout

    return check_layout(_read_json(path, "--males"))


def _read_json(path: str, option: str) -> object:

    from referee.cli.datafile import read_json

    return read_json(path, option)


TILE_HELP = ("The tile turned over there (physical tiles): lilypad, mosquito, mud, pike, reeds, "
             "log, male1..male6; a unique prefix is enough (li, mo, mu, p, r, lo, m1).")


def tile_option(fn: Callable) -> Callable:
    return click.option("--tile", "-t", "tile", default=None, metavar="TILE", help=TILE_HELP)(fn)


def chain_options(fn: Callable) -> Callable:
    """What the landing may ask for, given up front (else the referee waits for the answer).
    A part the chain does not call for is refused (exit 1), never dropped."""
    for option in reversed([
        click.option("--bounce", "bounces", multiple=True, metavar="SQ[:TILE]",
                     help="A lily pad's bounce: where the frog goes next (repeat for a chain)."),
        click.option("--mosquito", "mosquitoes", multiple=True, metavar="FROM:TO[:TILE]",
                     help="A mosquito's extra move of another frog (repeat for a chain)."),
        click.option("--remove", default=None, metavar="SQ:COLOR",
                     help="A crowded log: which servant the third one pushes off (colour or "
                          "player name)."),
    ]):
        fn = option(fn)
    return fn


def _chain(bounces: tuple[str, ...], mosquitoes: tuple[str, ...], remove: str | None) -> dict:
    return {"bounce": list(bounces) or None, "mosquito": list(mosquitoes) or None,
            "remove": remove}


@group.command("new")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME:COLOR",
              help="A colony, in seat order (clockwise); the first listed starts. Colours: red, "
                   "blue, green, yellow, pink, purple, orange, black, white, brown (a unique prefix "
                   "is enough).")
@click.option("--digital", is_flag=True,
              help="The referee shuffles the zone piles from the seed and reveals tiles itself.")
@click.option("--cards", is_flag=True,
              help="Play with the card module (a reconstruction: see `referee croa cards`).")
@click.option("--deal/--no-deal", default=None,
              help="With --cards: the referee deals the cards from the seed; the screens show how "
                   "many each colony holds, `croa hand NAME` one colony's cards (the default with "
                   "--digital). Otherwise the players hold real cards and the referee only counts them.")
@click.option("--males", "males_file", default=None, metavar="FILE", help=MALES_HELP)
@click.option("--deck", "deck_file", default=None, metavar="FILE",
              help="With --cards: a JSON file {\"card name\": count, ...} replacing the "
                   "reconstructed deck (cards the referee does not know are recorded by name).")
@new_options
def new(players: tuple[str, ...], digital: bool, cards: bool, deal: bool | None,
        males_file: str | None, deck_file: str | None, seed: str | None, name: str,
        dry_run: bool) -> None:
    """Start a Crôa! session (2-4 colonies).

    Queens take the corners in seat order (2: a1 h8; 3: a1 a8 h8; 4: a1 a8 h8 h1), their two
    servants on the squares orthogonally next to them. With 3 colonies the referee plays the
    same 8x8 pond on three corners. Without --digital, type each tile you turn over (--tile).

    \b
    Examples:
      referee croa new --player Ann:red --player Bob:blue --seed 7
      referee croa new --player Ann:red --player Bob:blue --player Cy:green --digital --cards
    """
    options = {"players": list(players), "digital": digital, "cards": cards}
    if deal is not None:
        options["deal"] = deal
    males = _read_males(males_file)
    if males:
        options["males"] = males
    if deck_file is not None:
        options["deck"] = _read_json(deck_file, "--deck")
    start("croa", options, seed=seed, name=name, dry_run=dry_run)


@group.command("pond")
@json_option
def pond() -> None:
    """Draw the pond (same as `status`): tiles, frogs, colonies, piles, whose turn."""
    show_session("croa", None)


@action_command(group, "move")
@click.argument("src", metavar="FROM")
@click.argument("to")
@tile_option
@chain_options
def move(src: str, to: str, tile: str | None, bounces: tuple[str, ...],
         mosquitoes: tuple[str, ...], remove: str | None) -> dict:
    """The turn's move: one of your frogs to one of the 8 squares around it.

    FROM is a square (b1), or b1:queen / b1:servant where your queen and a servant
    share it. Never onto your own frog, except on a log; a frog stuck in the mud
    waits a turn. Opposing frogs on TO go back to their reserve (a queen: her colony
    is out), then TO's tile acts. Where a choice follows (lily pad, mosquito, log),
    give it here or answer with `bounce`, `mosquito`/`pass` or `remove`; a part
    the chain does not call for is refused, and a bounce another colony may stop
    with a Thunderclap is answered after the move.

    \b
    Examples:
      referee croa move a2 a3 --tile reeds
      referee croa move a2 a3 -t r
      referee croa move a1 b2 --tile lilypad --bounce c3:mud
      referee croa move b2:servant c3
    """
    return {"verb": "move", "from": src, "to": to, "tile": tile,
            **_chain(bounces, mosquitoes, remove)}


@action_command(group, "bounce")
@click.argument("to", metavar="SQ")
@tile_option
def bounce(to: str, tile: str | None) -> dict:
    """Answer a lily pad: the square the frog bounces to.

    Any square around the lily pad but the one it came from (the way back opens
    only when every other one holds one of your frogs, a log with your servant
    included), never onto your own frog except a log. The new tile acts in turn.
    Example: `referee croa bounce b3 --tile mosquito`.
    """
    return {"verb": "bounce", "to": to, "tile": tile}


@action_command(group, "mosquito")
@click.argument("src", metavar="FROM")
@click.argument("to", required=False)
@tile_option
def mosquito(src: str, to: str | None, tile: str | None) -> dict:
    """Answer a mosquito: move another of your frogs one square, at once.

    Write FROM TO, or FROM-TO as the pending choices list it (`mosquito b1 c2`,
    `mosquito b1-c2`). The tile it lands on acts; `pass` declines the move.
    """
    if to is None:
        src, dash, to = src.rpartition("-")
        if not dash or not src or not to:
            raise click.UsageError("write the move as FROM TO (e.g. `mosquito b1 c2`) or FROM-TO")
    return {"verb": "mosquito", "from": src, "to": to, "tile": tile}


@action_command(group, "pass")
@click.argument("player", metavar="[NAME|all]", required=False)
def pass_(player: str | None) -> dict:
    """Decline the mosquito's extra move, or let a card work (nobody plays Doesn't work!).

    When several colonies may answer a card, `pass all` declines for all of them at once
    and `pass NAME` for one (the window stays open for the others); a bare `pass` is
    enough when only one is asked.
    """
    return {"verb": "pass", "player": player}


@action_command(group, "remove")
@click.argument("which", metavar="SQ:COLOR")
def remove(which: str) -> dict:
    """Answer a crowded log: which servant the third one pushes off.

    Name it by colour or player (`remove c3:blue`, `remove c3:Bob`, `remove blue`);
    it goes back to its reserve.
    """
    return {"verb": "remove", "which": which}


@action_command(group, "card")
@click.argument("card")
@click.option("--player", default=None, help="Who plays it, by name or colour (default: the "
              "colony to play); orange cards may be played in another colony's turn.")
@click.option("--from", "src", default=None, metavar="SQ", help="Mega-jump, bodyguard, "
              "not even dead: the frog that moves.")
@click.option("--to", default=None, metavar="SQ", help="Where that frog (or one more frog) goes.")
@tile_option
@click.option("--male", default=None, metavar="maleN", help="Mating season, twins: the male.")
@click.option("--lost", is_flag=True, help="The force: another card took it away from --player "
              "(it goes to the discard; with 4 cards in hand, one is discarded).")
@click.option("--discard", "thrown", default=None, metavar="CARD",
              help="With --lost and 4 cards in hand: the card discarded.")
@chain_options
def card(card: str, player: str | None, src: str | None, to: str | None, tile: str | None,
         male: str | None, lost: bool, thrown: str | None, bounces: tuple[str, ...],
         mosquitoes: tuple[str, ...], remove: str | None) -> dict:
    """Play a card (sessions started with --cards): one per turn, orange ones also in
    others' turns.

    The card list is a reconstruction (`referee croa cards`); a card the referee
    does not know is recorded by name and the table applies it (played in another
    colony's turn, it is taken as an orange card). A unique prefix names a card
    (`card mat --male m1`). With real cards the referee only counts hands, so
    another colony may answer with `card doesnt_work --player NAME`, or `pass`
    (`pass all` when several may); no answer is asked for when the referee knows
    nobody can hold a Doesn't work! (dealt hands, or every copy face up). The force
    stays in front of its colony until `--lost`.

    \b
    Examples:
      referee croa card mating_season --male male2
      referee croa card mega_jump --from a1 --to c3 --tile reeds
      referee croa card thunderclap --player Bob
      referee croa card the_force --lost --player Bob --discard twins
    """
    action = {"verb": "card", "card": card, "player": player, "from": src, "to": to,
              "tile": tile, "male": male, **_chain(bounces, mosquitoes, remove)}
    if lost:
        action.update(lost=True, discard=thrown)
    return action


@group.command("hand")
@click.argument("player", metavar="NAME")
@json_option
def hand_cmd(player: str) -> None:
    """Show the hand the referee dealt to NAME's colony, on this screen.

    Sessions with --cards dealt by the referee (--deal, the default with --digital): the pond,
    `status` and `show` give only how many cards each colony holds; this prints that one
    colony's cards on the screen, so let only its player look. NAME: the player or the colour."""
    from referee.cli import context, output
    from referee.cli.common import load_current
    from referee.games.croa.cards import dealt_hand
    from referee.games.croa.render import hand_text

    sid, loaded = load_current("croa")
    col = dealt_hand(loaded.state, loaded.engine.resolve_player(loaded.state, player))
    if context.get().as_json:
        output.emit_json(output.envelope({"player": col["name"], "hand": list(col["hand"])}, sid))
        return
    click.echo(hand_text(col, shown=True))


@group.command("cards")
@json_option
def cards_cmd() -> None:
    """List the card module's cards (a reconstruction from the rulebook's clarifications)."""
    from referee.cli import context, output
    from referee.games.croa.cards import ABOUT, CARDS

    if context.get().as_json:
        output.emit_json(output.envelope({"about": ABOUT, "cards": CARDS}))
        return
    from referee.model.i18n import _

    click.echo(output.fit(_(ABOUT), indent=""))
    rows = [[k, _(v["title"]), _(v["timing"]) + (" " + _("(orange)") if v["orange"] else ""), v["count"],
             _(v["effect"])] for k, v in CARDS.items()]
    click.echo(output.table([_(h) for h in ("card", "title", "timing", "count", "effect")], rows))


@calculator(group, "odds")
@click.argument("zone", type=PrefixChoice(ZONES, case_sensitive=False), metavar="ZONE")
@click.option("--revealed", multiple=True, metavar="TILE",
              help="A tile already laid in that zone (repeat).")
@click.option("--males", "males_file", default=None, metavar="FILE", help=MALES_HELP)
def odds(zone: str, revealed: tuple[str, ...], males_file: str | None) -> None:
    """What the next tile of ZONE (blue, green, pink, yellow; `b` will do) can be.

    JSON: {"zone", "left", "probabilities": {tile: float}, "exact": {tile: "p/q"}}."""
    from scorers.croa import next_tile

    result = next_tile(zone, list(revealed), _read_males(males_file))
    from referee.games.croa.tiles import colour_word, tile_word
    from referee.model.i18n import ngettext, percent

    lines = [ngettext("{zone} pile: {n} tile left", "{zone} pile: {n} tiles left", result["left"]).format(
        zone=colour_word(result["zone"]), n=result["left"])]
    for kind, p in result["probabilities"].items():
        if p:
            lines.append(f"  {tile_word(kind):<9} {result['exact'][kind]:>6}  {percent(p):>6}")
    emit_calculation(result, "\n".join(lines))
