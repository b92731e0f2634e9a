"""`referee elysion ...`: the journey's verbs, the catalog tools and the Blessings calculator.

Hidden hands stay hidden: players pick realms secretly and the referee records
what is revealed. The row, the Blessings drawn and the Shades can be typed as
dealt at the table (`--row`, `--drawn`, `--shades`); left out, the referee
draws them from the cards the catalog says remain unseen, and records them.
"""

from __future__ import annotations

from typing import Any

import click

from referee.cli import context, output
from referee.cli.common import (
    action_command,
    calculator,
    emit_calculation,
    game_group,
    json_option,
    new_options,
    start,
)
from referee.model.errors import InputError

group = game_group(
    "elysion",
    help="""Elysion: an eight-day journey and the look back (2-7 players).

\b
A day at the table:
  reveal Ann=12 Bob=7* Cy=30   everyone's realm at once (7* is a constellation)
  take Bob 40                  in order, lowest realm first: a realm from the row,
                               then the Blessings drawn (when higher than yesterday)
  keep Bob Nectar              the one Blessing kept, when several were drawn
  shade Bob Ferryman           Beyond the Styx: a Shade whose goal is met ...
  pass Bob                     ... or none
  next                         the untaken realm leaves, a new row is dealt
Day 8 has no row: Blessings only. Then `lookback` scores every card.
A unique prefix names a player, a Blessing or a Shade (`keep b n`: the Blessing
just drawn that starts with n); the log keeps the names in full.
`status` shows the table; `referee undo` takes back the last action.""",
)


def read_text(path: str) -> str:
    """A file's text for the session (so it replays without the file), read with a bound."""
    from referee.cli.datafile import read_text as bounded

    return bounded(path)


def _list(value: str | None) -> list[str] | None:
    if value is None:
        return None
    return [v.strip() for v in value.split(",") if v.strip()]


# -- a session ------------------------------------------------------------------------


@group.command("new")
@click.option(
    "--player",
    "players",
    multiple=True,
    required=True,
    metavar="NAME",
    help="A player, in seating order (2-7).",
)
@click.option(
    "--catalog",
    "catalog_file",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE",
    help="The deck's card catalog (TOML). Default: the practice catalog.",
)
@click.option("--constellations", is_flag=True, help="Play with the Constellations add-on.")
@click.option("--styx", is_flag=True, help="Play with the Beyond the Styx add-on (Shades).")
@click.option(
    "--hand",
    type=click.IntRange(1, 10),
    default=3,
    show_default=True,
    help="Realms each player starts with in hand.",
)
@click.option(
    "--row",
    default=None,
    metavar="R,R,...",
    help="The first row as dealt at the table (players + 1 realms). Default: drawn.",
)
@click.option(
    "--shades",
    default=None,
    metavar="S,S,S",
    help="Beyond the Styx: the two face-up Shades and the deck's top, as dealt.",
)
@new_options
def new(
    players: tuple[str, ...],
    catalog_file: str | None,
    constellations: bool,
    styx: bool,
    hand: int,
    row: str | None,
    shades: str | None,
    seed: str | None,
    name: str,
    dry_run: bool,
) -> None:
    """Start an Elysion journey (2-7 players).

    \b
      referee elysion new --player Ann --player Bob --player Cy --seed 7
      referee elysion new --player Ann --player Bob --constellations --styx
      referee elysion new --player Ann --player Bob --row 4,18,40 --catalog deck.toml

    Players pick realms secretly; the referee records what is revealed. The
    row, the Blessings and the Shades are typed as dealt at the table, or left
    out for the referee to draw from the cards the catalog says are unseen.

    Without --catalog the practice catalog is used: invented cards, not the
    printed deck (see `elysion catalog show`). A catalog's text is stored in
    the session, so it replays without the file.
    """
    options: dict = {"players": list(players), "hand": hand}
    if catalog_file:
        options["catalog"] = read_text(catalog_file)
    if constellations:
        options["constellations"] = True
    if styx:
        options["styx"] = True
    if row is not None:
        options["row"] = _list(row)
    if shades is not None:
        options["shades"] = _list(shades)
    start("elysion", options, seed=seed, name=name, dry_run=dry_run)


def _pairs(items: tuple[str, ...]) -> dict[str, str] | list[list[str]]:
    """NAME=REALM words as {name: realm}; with a name given twice, the [name, realm] pairs as
    typed, so the engine refuses it (one realm a day) instead of one overwriting the other."""
    pairs: list[list[str]] = []
    for item in items:
        name, sep, realm = item.partition("=")
        if not sep or not name.strip() or not realm.strip():
            raise InputError(f"'{item}': write each as NAME=REALM, e.g. Ann=12 or Bob=40*")
        pairs.append([name.strip(), realm.strip()])
    out = dict(pairs)
    return out if len({n.lower() for n in out}) == len(pairs) else pairs


@action_command(group, "reveal")
@click.argument("choices", nargs=-1, required=True, metavar="NAME=REALM...")
def reveal(choices: tuple[str, ...]) -> dict:
    """The day's realms, every player's at once.

    \b
    Each player picked a realm from their hand in secret; type them all:
      referee elysion reveal Ann=12 Bob=7* Cy=30
    A trailing * is a constellation (it beats the realm of the same number).
    A unique prefix of a name is enough: `reveal a=12 b=7* c=30`.
    The referee works out who draws Blessings (a realm higher than yesterday's,
    never on day 1: 1 + Charon's coins) and the take order (lowest realm first).
    """
    return {"verb": "reveal", "realms": _pairs(choices)}


@action_command(group, "take")
@click.argument("player")
@click.argument("realm", required=False)
@click.option(
    "--drawn",
    default=None,
    metavar="B,B,...",
    help="The Blessings drawn at the table, in order (those not kept go back under the "
    "deck). Default: the referee draws them.",
)
@click.option("--keep", default=None, metavar="B", help="The Blessing kept (one of those drawn).")
def take(player: str, realm: str | None, drawn: str | None, keep: str | None) -> dict:
    """Your take turn: a realm, then Blessings.

    \b
    Turns go in take order (lowest realm played first); on day 8 no realm is taken:
      referee elysion take Ann 40                      the referee draws Ann's Blessings
      referee elysion take Ann 40 --drawn Nectar,Aegis --keep Aegis   as drawn at the table
      referee elysion take Ann                         day 8: only the Blessings
    If several Blessings are drawn and --keep is left out, `keep` follows.
    """
    return {"verb": "take", "player": player, "realm": realm, "drawn": _list(drawn), "keep": keep}


@action_command(group, "keep")
@click.argument("player")
@click.argument("blessing", required=False)
@click.option(
    "--drawn",
    default=None,
    metavar="B,B,...",
    help="Day 8: the Blessings drawn at the table. Default: the referee draws them.",
)
def keep(player: str, blessing: str | None, drawn: str | None) -> dict:
    """Keep one of the Blessings just drawn.

    The others go back under the deck.

    \b
      referee elysion keep Ann Aegis
    On day 8 it also draws: `keep Ann Aegis --drawn Nectar,Aegis`.
    """
    return {"verb": "keep", "player": player, "blessing": blessing, "drawn": _list(drawn)}


@action_command(group, "shade")
@click.argument("player")
@click.argument("shade")
def shade(player: str, shade: str) -> dict:
    """Beyond the Styx: take a face-up Shade.

    \b
      referee elysion shade Ann "Stone Giant"
    Allowed once a turn when your realms and Blessings meet its goal and today's
    realm or the Blessing just kept adds to it; it goes under today's realm.
    The referee offers it when it answers (see `status`); `pass` declines.
    No Shade on day 8: nobody takes a realm that day, so no take turn ends.
    """
    return {"verb": "shade", "player": player, "shade": shade}


@action_command(group, "pass")
@click.argument("player", required=False)
def pass_(player: str | None) -> dict:
    """Beyond the Styx: take no Shade this turn.

    \b
      referee elysion pass Ann
      referee elysion pass          the player whose Shade decision it is
    """
    return {"verb": "pass", "player": player}


@action_command(group, "next")
@click.option(
    "--row",
    default=None,
    metavar="R,R,...",
    help="The new row as dealt at the table. Default: drawn by the referee.",
)
@click.option(
    "--shades",
    default=None,
    metavar="S,...",
    help="Beyond the Styx: the Shades newly turned up, in order. Default: drawn.",
)
def next_(row: str | None, shades: str | None) -> dict:
    """End the day and deal the next row.

    The untaken realm leaves the game and the Shades by the row are refilled.

    \b
      referee elysion next                     the referee deals the new row
      referee elysion next --row 3,17,22*,40   the row as dealt at the table
    No row is dealt for day 8. With Beyond the Styx, --shades names the Shades
    turned up to refill the two by the row and show the deck's next card.
    It says which day it ended; until everyone has taken, it is refused,
    naming who is still to take.
    """
    return {"verb": "next", "row": _list(row), "shades": _list(shades)}


def _give_up(items: tuple[str, ...]) -> dict | None:
    out: dict[str, dict] = {}
    for item in items:
        who, sep1, rest = item.partition(":")
        realm, sep2, blessings = rest.partition("=")
        if not (sep1 and sep2 and who.strip() and realm.strip() and blessings.strip()):
            raise InputError(f"'{item}': write NAME:REALM=BLESSING[,BLESSING] or NAME:REALM=none")
        chosen = None if blessings.strip().lower() == "none" else _list(blessings)
        out.setdefault(who.strip(), {})[realm.strip()] = chosen
    return out or None


@group.command("lookback")
@click.option(
    "--give-up",
    "give_up",
    multiple=True,
    metavar="NAME:REALM=B[,B]|none",
    help="Which Blessings a constellation's player gives up (or none). "
    "Default: the choice that earns that player the most glory.",
)
@click.option("--dry-run", is_flag=True, help="Check it and show the outcome; record nothing.")
@json_option
def lookback(give_up: tuple[str, ...], dry_run: bool) -> None:
    """The final scoring after day 8, card by card.

    \b
    Realms turn back from day 8 to day 1, each scoring with the realms from its
    day on, all Blessings kept, and what stays face up (constellations and the
    realms ending in their digit); then every Blessing scores. Ties go to the
    lowest sum of realm numbers.
      referee elysion lookback
      referee elysion lookback --give-up Ann:32*=Nectar   Ann gives up Nectar
      referee elysion lookback --give-up Ann:32*=none     ... or keeps her Blessings
    After the game it prints the look back again.
    """
    from referee.cli.common import load_current, run_action

    ref = context.get()
    sid, loaded = load_current("elysion")
    if loaded.state.get("lookback") is None or give_up:  # the engine refuses a second scoring
        action = {"verb": "lookback", "give_up": _give_up(give_up)}
        run_action("elysion", action, dry_run=dry_run, extra=_lookback_result)
        return
    if ref.as_json:  # the same keys as when it was scored: the recorded look back
        done = next(r for r in reversed(loaded.records) if r["action"].get("verb") == "lookback")
        result = {"action": done["action"], "events": done.get("events", []),
                  "results": done.get("results", []), "dry_run": dry_run,
                  **_lookback_result(loaded)}
        output.emit_json(output.envelope(result, sid, loaded.state_json()))
        return
    click.echo(lookback_text(loaded.state["lookback"], loaded.state["players"]))


def _lookback_result(loaded: Any) -> dict:
    """What `lookback --json` adds to its result: the look back, card by card, and the head of
    the record it ends."""
    return {"lookback": loaded.state.get("lookback"), "head": loaded.head}


def lookback_text(result: dict, players: list[str]) -> str:
    """The look back as tables: one per player in turn-back order, then the ranking."""
    from referee.games.elysion.lookback import CARD_HEADERS, RANKING_HEADERS, choice_text

    parts = []
    for p in players:
        mine = result["players"][p]
        parts += [f"{p}: {mine['glory']} glory", output.table(CARD_HEADERS, mine["rows"])]
        parts += [output.fit_block(choice_text(p, entry)) for entry in mine.get("choices", [])] + [""]
    parts += [
        "Ranking (ties: lowest sum of realm numbers)",
        output.table(RANKING_HEADERS, result["ranking"]),
    ]
    return "\n".join(parts)


# -- the catalog -------------------------------------------------------------------------


@group.group("catalog")
def catalog_group() -> None:
    """Card catalogs: check one, or list its cards.

    \b
    A catalog is a TOML file written once for a deck:
      [catalog]        name, note, factions = ["sky", "sea", ...]
      [[realm]]        number, faction, icons = { coin = 1, lotus = 1 },
                       offering = { fleece = 1 }, score = "2 per lotus"
      [[constellation]] as a realm (same number as a realm), plus
                       needs = "faction_max >= 4" and give_up = 1
      [[blessing]]     name, icons, score
      [[shade]]        name, goal = "coin >= 3", icons, score
    Icons: coin, gate, fleece, amphora, lotus. A rule counts what is in sight
    (icons, factions, realms, constellations, blessings, shades, faction_max,
    factions) with numbers, + - *, per, sets(a, b), min(), max(),
    if(condition, then, else), comparisons, and, or, not.
    `catalog show` lists the practice catalog (invented cards).
    """


@catalog_group.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@json_option
def catalog_check(file: str) -> None:
    """Check a catalog file; every problem is reported with its line."""
    from referee.games.elysion import catalog

    text = read_text(file)
    problems = catalog.check(text)
    if problems:
        lines = "\n".join(f"  {p}" for p in problems)
        raise InputError(f"{file}: {len(problems)} problem(s):\n{lines}")
    cat = catalog.load(text)
    stars = sum(1 for c in cat.realms.values() if c.star)
    counts = {
        "realms": len(cat.realms) - stars,
        "constellations": stars,
        "blessings": len(cat.blessings),
        "shades": len(cat.shades),
    }
    text_out = (
        f"{file}: catalog '{cat.name}' is sound: {counts['realms']} realms, "
        f"{stars} constellations, {counts['blessings']} Blessings, {counts['shades']} Shades."
    )
    emit_calculation({"file": file, "name": cat.name, "problems": [], **counts}, text_out)


@catalog_group.command("show")
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@click.option(
    "--kind",
    type=click.Choice(["realm", "constellation", "blessing", "shade"]),
    default=None,
    help="Only this kind of card.",
)
@json_option
def catalog_show(file: str | None, kind: str | None) -> None:
    """List a catalog's cards and rules (default: the practice catalog)."""
    from referee.games.elysion import catalog
    from referee.games.elysion.render import card_rule

    cat = catalog.load(read_text(file)) if file else catalog.get(None)
    cards = [*cat.realms.values(), *cat.blessings.values(), *cat.shades.values()]
    cards = [c for c in cards if kind is None or c.kind == kind]
    rows = [
        [
            c.kind,
            c.key,
            c.faction or "-",
            c.icon_text() or "-",
            (f"goal {c.goal_text}; " if c.goal_text else "") + card_rule(c),
        ]
        for c in cards
    ]
    result = {
        "name": cat.name,
        "cards": [
            dict(zip(["kind", "card", "faction", "icons", "rule"], r, strict=True)) for r in rows
        ],
    }
    emit_calculation(
        result,
        f"{cat.name} ({cat.note})\n"
        + output.table(["kind", "card", "faction", "icons", "rule"], rows),
    )


# -- calculator ---------------------------------------------------------------------------


@calculator(group, "blessings")
@click.option("--day", type=int, required=True, help="The day (1-8).")
@click.option("--previous", type=int, default=None, help="Yesterday's realm number.")
@click.option("--played", type=int, required=True, help="Today's realm number.")
@click.option(
    "--coins",
    type=int,
    default=0,
    show_default=True,
    help="Charon's coins on the journey (today's realm included) and kept Blessings.",
)
@click.option("--previous-star", is_flag=True, help="Yesterday's realm was a constellation.")
@click.option("--played-star", is_flag=True, help="Today's realm is a constellation.")
def blessings(
    day: int, previous: int | None, played: int, coins: int, previous_star: bool, played_star: bool
) -> None:
    """How many Blessings a player draws today."""
    from scorers.elysion import blessings_drawn

    try:
        n = blessings_drawn(day, previous, played, coins, previous_star, played_star)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if n:
        why = f"higher than yesterday: 1 + {coins} coin(s)"
    elif day == 1:
        why = "no Blessings on day 1"
    else:
        why = "not higher than yesterday's realm"
    emit_calculation({"draw": n}, f"Draw {n} Blessing(s) ({why}).")
