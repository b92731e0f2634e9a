"""`referee cerebria ...`: Cerebria verbs and the vibes/winner calculators (parsing only)."""

from __future__ import annotations

import click

from referee.cli.common import (
    PrefixChoice,
    action_command,
    calculator,
    emit_calculation,
    game_group,
    json_option,
    new_options,
    start,
)
from scorers.cerebria import VIBES

group = game_group("cerebria")

MOODS = click.Choice(["bliss", "gloom"], case_sensitive=False)
CARD_HELP = "CARD is e.g. strong-gloom-blue-steal or brightness-red."
# the ability options that only one ability reads (a typo elsewhere must not pass unnoticed)
ABILITY_OPTIONS = {"--merge": ("summon",), "--discard": ("summon",), "--card": ("steal",),
                   "--keep": ("drain",)}


@group.command("new")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME",
              help="A player, in clockwise seating order (2-5).")
@click.option("--first", default=None, metavar="NAME", help="First player (random if omitted).")
@click.option("--mood", type=MOODS, default=None,
              help="The Mood Marker's first face (tossed if omitted).")
@click.option("--impulse", "impulse", multiple=True, metavar="CARD",
              help="The Impulse cards turned face up, slot 1 first (drawn if omitted).")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, allow_dash=True), default=None, metavar="FILE",
              help="Your deck's cards as JSON {\"cards\": {\"CARD\": copies}} (96 cards, "
                   "16 Mild, 16 Strong, 16 Brightness/Bleakness per affiliation). The shipped "
                   "deck is a reconstruction: the rulebook prints only the counts.")
@new_options
def new(players, first, mood, impulse, deck_file, seed, name, dry_run):
    """Start a Cerebria session (2-5 players).

    Builds 3 Impulse stacks of players+2 cards, turns 3 Impulse cards face up,
    deals 4 cards each and tosses the Mood Marker. Hands stay secret: the referee
    counts them and remembers only the cards that were shown.

    \b
    Example:
      referee cerebria new --player Ann --player Bob --player Cy --seed 7
    """
    options: dict = {"players": list(players)}
    if first:
        options["first"] = first
    if mood:
        options["mood"] = mood.lower()
    if impulse:
        options["impulse"] = list(impulse)
    if deck_file is not None:
        from referee.cli.datafile import read_json

        options["deck"] = read_json(deck_file, "--deck")
        if options["deck"] is None:  # `null` would silently mean the shipped deck
            raise click.BadParameter("the file holds no deck (null)", param_hint="--deck")
    start("cerebria", options, seed=seed, name=name, dry_run=dry_run)


def _actor(player: str | None, rest: str | None) -> tuple[str | None, str | None]:
    """`VERB PLAYER X` or `VERB X`: one word is X, and the player is the one who alone may act
    (the engine fills them in; the log names them)."""
    return (None, player) if rest is None else (player, rest)


@action_command(group, "mulligan")
@click.argument("player")
def mulligan(player):
    """Discard the starting hand and draw 4 (once each, before the first turn)."""
    return {"verb": "mulligan", "player": player}


@action_command(group, "impulse")
@click.argument("player", metavar="[PLAYER]")
@click.argument("slot", required=False)
@click.option("--reveal", default=None, metavar="CARD",
              help="The card turned up from the stack (drawn by the referee if omitted).")
def impulse(player, slot, reveal):
    """Impulse Action: take the face-up card of SLOT (1-3) into your hand.

    SLOT may also be the card there, named short (`yellow-draw`). The stack above
    the slot refills it; if that stack is empty, a Revelation ends the Cycle at
    once. Example: `referee cerebria impulse Ann 2`, or `impulse 2` (PLAYER left out: the
    player whose turn it is; the log names them).
    """
    player, slot = _actor(player, slot)
    return {"verb": "impulse", "player": player, "slot": slot, "reveal": reveal}


@action_command(group, "invoke", epilog=CARD_HELP)
@click.argument("player", metavar="[PLAYER]")
@click.argument("card", required=False)
@click.option("--merge", default=None, metavar="CARD",
              help="Merge with this Brightness/Bleakness from your hand.")
@click.option("--discard", default=None, metavar="EMOTION",
              help="Discard this emotion (position or card) first (required when the "
                   "Mindset is full).")
def invoke(player, card, merge, discard):
    """Invoke Action: put CARD from your hand into your Mindset.

    A Mild emotion gets 1 fragment, a Strong one 2, Brightness/Bleakness none;
    a Mindset holds 4 emotions. Example:
    `referee cerebria invoke Ann mild-bliss-red-draw --merge brightness-red`.
    A short name is enough when only one card the hand can hold fits it
    (`invoke Ann s-gl-green-drain`, `--merge yellow`). PLAYER may be left out: the player
    whose turn it is (`invoke s-gl-green-drain`).
    """
    player, card = _actor(player, card)
    return {"verb": "invoke", "player": player, "card": card, "merge": merge, "discard": discard}


@action_command(group, "ability")
@click.argument("player", metavar="[PLAYER]")
@click.argument("pos", metavar="[EMOTION]", required=False)
@click.argument("ability", metavar="ABILITY", required=False)
@click.argument("args", nargs=-1)
@click.option("--absorb", default=None, metavar="EMOTION",
              help="Put the spent fragment on the Absorb slot of this emotion.")
@click.option("--merge", default=None, metavar="CARD", help="Summon: merge with this card.")
@click.option("--discard", default=None, metavar="EMOTION",
              help="Summon: discard this emotion first.")
@click.option("--card", default=None, metavar="CARD",
              help="Steal: the card taken, when it is shown to the table. Without --card, "
                   "an unseen card is taken; none: nothing is taken (the player only looked).")
@click.option("--keep", type=click.Choice(["fragment", "absorb"]), default=None,
              help="Drain: which fragments the drained emotion's owner keeps when not all fit "
                   "(default: those on Fragment slots).")
@click.option("--reveal", "reveal", multiple=True, metavar="CARD",
              help="Deprive/Embrace: the card(s) turned up from the stack, in order.")
def ability(player, pos, ability, args, absorb, merge, discard, card, keep, reveal):
    """Use the ability of an emotion in your Mindset (spends one fragment).

    EMOTION is its position 1-4 or its card (a short name will do); left out,
    it is the emotion that gives ABILITY (`ability Ann draw`). Abilities are not
    actions; each kind once per turn. Then the others may counter-act
    (`cancel` / `pass`). ABILITY and its ARGS:

    \b
      destroy PLAYER:POS             discard an emotion, its fragments to the supply
      drain PLAYER:POS HOST          move its fragments onto your emotion at HOST
      deprive SLOT [SLOT]            discard an Impulse card, it is refilled, then
                                     `deprive PLAYER SLOT` discards the second
                                     (or type both slots at once)
      summon CARD [--merge CARD]     put CARD from your hand into your Mindset
      steal PLAYER [--card CARD]     look at an opponent's hand and take a card:
                                     --card CARD: that card, shown to the table;
                                     no --card: an unseen card is taken;
                                     --card none: nothing is taken
      swap MINE PLAYER:POS           exchange emotions; their fragments stay on them
      draw                           two cards from the main deck
      embrace SLOT                   take an Impulse card into your hand

    Deprive and Embrace trigger a Revelation when a stack has no card left.
    CARD is e.g. strong-gloom-blue-steal or brightness-red.

    PLAYER:POS may name the emotion by its card too (`Bob:red-draw`).

    PLAYER may be left out (`ability 1 draw`): the player whose turn it is.

    \b
    Examples:
      referee cerebria ability Ann 1 draw --absorb 2
      referee cerebria ability Bob drain Ann:3 1 --keep absorb
      referee cerebria ability Cy steal Ann --card brightness-red
    """
    from referee.games.cerebria.cards import ABILITIES

    if player.isdigit() or player.lower() in ABILITIES:  # PLAYER left out: whose turn it is
        words = [w for w in (player, pos, ability) if w is not None]
        player, pos, ability, args = None, words[0], (words[1] if len(words) > 1 else None), (*words[2:], *args)
    if pos is None:
        raise click.UsageError("name the ABILITY (destroy, drain, deprive, summon, steal, swap, "
                               "draw, embrace)")
    if pos.lower() in ABILITIES and (ability or "").lower() != pos.lower():
        args = (ability, *args) if ability is not None else args  # the emotion left out:
        pos, ability = None, pos  # `ability Ann draw`, `ability Ann embrace 1`
    if ability is None:
        raise click.UsageError("name the ABILITY (destroy, drain, deprive, summon, steal, swap, "
                               "draw, embrace)")
    ability = ability.lower()
    given = {"--merge": merge, "--discard": discard, "--card": card, "--keep": keep}
    for option, value in given.items():
        if value is not None and ability not in ABILITY_OPTIONS[option]:
            raise click.UsageError(f"{option} is for {ABILITY_OPTIONS[option][0]} only, "
                                   f"not {ability}")
    return {"verb": "ability", "player": player, "pos": pos, "ability": ability,
            "args": list(args), "absorb": absorb, "merge": merge, "discard": discard,
            "card": card, "keep": keep, "reveal": list(reveal) or None}


@action_command(group, "cancel", epilog=CARD_HELP)
@click.argument("player")
@click.option("--discard", required=True, metavar="CARD",
              help="The emotion discarded from the hand; its vibe matches the ability's.")
def cancel(player, discard):
    """Counter-act: cancel the pending ability by discarding a same-vibe emotion.

    Players are asked clockwise from the acting player's left: only the player
    asked now may cancel (the ones before have passed, or surely hold no emotion
    of that vibe). The spent fragment stays spent.
    Example: `referee cerebria cancel Bob --discard bleakness-red`.
    """
    return {"verb": "cancel", "player": player, "discard": discard}


@action_command(group, "pass")
@click.argument("player", required=False, metavar="[PLAYER|all]")
@click.option("--reveal", "reveal", multiple=True, metavar="CARD",
              help="Deprive/Embrace: the card(s) turned up when the ability resolves.")
def pass_(player, reveal):
    """No counter-act: PLAYER passes (the next in turn may still cancel).

    `pass all` (or no name): everyone still asked passes at once, and the ability
    resolves; the log shows it as one `pass all`."""
    return {"verb": "pass", "player": player, "reveal": list(reveal) or None}


@action_command(group, "deprive")
@click.argument("player", metavar="[PLAYER]")
@click.argument("slot", required=False)
@click.option("--reveal", default=None, metavar="CARD",
              help="The card turned up from the stack (drawn by the referee if omitted).")
def deprive(player, slot, reveal):
    """Deprive's second discard: discard the Impulse card of SLOT (1-3, or the card there).

    Owed after `ability PLAYER POS deprive SLOT` named one slot: the player sees the
    first refill, then chooses. An empty stack triggers a Revelation.
    Example: `referee cerebria deprive Ann 2`, or `deprive 2`.
    """
    player, slot = _actor(player, slot)
    return {"verb": "deprive", "player": player, "slot": slot, "reveal": reveal}


@action_command(group, "end-turn")
@click.argument("player", required=False)
def end_turn(player):
    """End the turn after its 2 actions; the next player clockwise plays.

    PLAYER is optional; if given, it must be the player whose turn it is.
    """
    return {"verb": "end-turn", "player": player}


@action_command(group, "next-cycle")
@click.option("--mood", type=MOODS, default=None, help="The Mood Marker toss (tossed if omitted).")
@click.option("--reveal", "reveal", multiple=True, metavar="CARD",
              help="The new Impulse cards, slot 1 first (drawn if omitted).")
@click.option("--keep", "keep", multiple=True, metavar="[NAME:]CARD",
              help="A shown card that a hand above 4 keeps when it is cut to 4 (repeat it; "
                   "write NAME:CARD when two such hands show the card).")
def next_cycle(mood, reveal, keep):
    """Prepare the next Cycle after a Revelation (Impulse, stacks, Mindsets, hands, toss).

    A hand above 4 cards keeps 4 and discards the rest. The referee forgets the shown
    cards of that hand unless --keep names the ones kept; naming all 4 tells it that
    the other shown cards were discarded.

    \b
    Example:
      referee cerebria next-cycle --mood gloom --keep brightness-red --keep Ann:bleakness-blue
    """
    return {"verb": "next-cycle", "mood": mood.lower() if mood else None,
            "reveal": list(reveal) or None, "keep": list(keep) or None}


@calculator(group, "vibes")
@click.argument("vibes", nargs=-1, required=True, metavar="VIBE...",
                type=PrefixChoice(VIBES, case_sensitive=False))
def vibes(vibes):
    """The vibe bonus of a Mindset: 1-4 of red|yellow|green|blue (a merged pair counts once).

    A unique beginning is enough: `vibes r r b b` or `vibes re re bl bl`.

    More than 4 vibes is refused (exit 1): a Mindset holds at most 4 emotions."""
    from scorers import cerebria as scoring

    scoring.check_vibes(vibes)
    result = scoring.vibe_combination(v.lower() for v in vibes)
    emit_calculation(result, f"{' '.join(v.lower() for v in vibes)}: {result['combination']}, "
                             f"bonus {result['bonus']} fragment(s)")


def _score(text: str) -> tuple[str, int, int, int | None]:
    """NAME=BLISS/GLOOM[/LAST], well formed (whole numbers, none negative); LAST may be left out."""
    name, sep, nums = text.partition("=")
    parts = nums.split("/")
    if not sep or not name.strip() or len(parts) not in (2, 3):
        raise click.BadParameter(f"'{text}': write NAME=BLISS/GLOOM or NAME=BLISS/GLOOM/LAST",
                                 param_hint="--player")
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise click.BadParameter(f"'{text}': the scores are whole numbers (BLISS/GLOOM/LAST)",
                                 param_hint="--player") from None
    if min(values) < 0:
        raise click.BadParameter(f"'{text}': scores cannot be negative", param_hint="--player")
    return name.strip(), values[0], values[1], values[2] if len(values) == 3 else None


@calculator(group, "winner")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME=B/G[/LAST]",
              help="A player's scored Bliss/Gloom fragments and the fragments they scored in "
                   "the final Revelation (LAST; needed only to break a tie on the total).")
def winner(players):
    """Who wins after a Revelation (Single-minded 12+, Balanced 7+7, then the tie-breaks).

    Give every player at the table. LAST may be left out: it is asked for (exit 2)
    only when two players tie on the total and the final Revelation decides.
    Scores no game can reach are refused (exit 1), naming the rule: more than 40
    fragments of a kind over all players, a LAST above the player's total or above
    20 (what one Mindset can score), more than 5 players. When all 80 fragments are
    scored and nobody meets a condition, the most fragments win (condition null).

    \b
    Example:
      referee cerebria winner --player Ann=8/7/4 --player Bob=7/8/6
    """
    from referee.games.cerebria.revelation import describe_result
    from scorers import cerebria as scoring

    table = [_score(p) for p in players]
    if len({t[0].lower() for t in table}) != len(table):
        raise click.BadParameter("two players have the same name", param_hint="--player")
    scoring.check_scores(table)
    result = scoring.decide(table)
    text = describe_result(result) if result["winners"] else "Nobody meets a winning condition."
    emit_calculation(result, text)


@group.command("unseen")
@json_option
def unseen():
    """Cards not yet seen: in the main deck, the Impulse stacks or hidden in hands.

    These are the cards a --reveal (or a hidden hand card) can still be.
    """
    from referee.cli import context, output
    from referee.cli.common import load_current
    from referee.games.cerebria import cards, zones

    ref = context.get()
    sid, loaded = load_current("cerebria")
    pool = zones.unseen(loaded.state)
    result = {"unseen": dict(sorted(pool.items())), "count": sum(pool.values())}
    if ref.as_json:
        output.emit_json(output.envelope(result, sid))
        return
    groups: dict[str, list[str]] = {}
    for card, n in sorted(pool.items()):
        kind = cards.kind(card)
        head = kind if cards.is_plain(card) else f"{kind}-{cards.affiliation(card)}"
        rest = card[len(head) + 1:]
        groups.setdefault(head, []).append(rest + (f" x{n}" if n > 1 else ""))
    click.echo(f"{result['count']} cards not yet seen:")
    for head, names in groups.items():
        click.echo(output.fit(f"  {head}: {', '.join(names)}", indent="    "))
