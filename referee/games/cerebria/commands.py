"""Cerebria's commands beside its verbs (declared like them: referee.model.verbs.Command):
`new`, the cards not yet seen, and the vibes and winner calculators. Pure: each returns the
new session's options or an Answer (data for --json, parts for people)."""

from __future__ import annotations

from typing import Any

from referee.model.errors import InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Answer, Command, Field
from referee.scorers import cerebria as scoring

from . import cards, zones
from .revelation import describe_result

VIBES = ("red", "yellow", "green", "blue")  # as referee.scorers.cerebria names them


def new(players: list[str] | None, first: str | None, mood: str | None, impulse: list[str] | None,
        deck: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"players": list(players or ())}
    if first:
        options["first"] = first
    if mood:
        options["mood"] = mood.lower()
    if impulse:
        options["impulse"] = list(impulse)
    if deck is not None:
        options["deck"] = deck
    return options


def unseen(engine: Any, state: Any) -> Answer:
    """The cards a --reveal (or a hidden hand card) can still be."""
    pool = zones.unseen(state)
    result = {"unseen": dict(sorted(pool.items())), "count": sum(pool.values())}
    groups: dict[str, list[str]] = {}
    for card, n in sorted(pool.items()):
        kind = cards.kind(card)
        head = kind if cards.is_plain(card) else f"{kind}-{cards.affiliation(card)}"
        rest = card[len(head) + 1:]
        groups.setdefault(head, []).append(rest + (f" x{n}" if n > 1 else ""))
    lines = [f"{result['count']} cards not yet seen:"]
    lines += [f"  {head}: {', '.join(names)}" for head, names in groups.items()]
    return Answer(result, ("\n".join(lines),))


def vibes(vibes: list[str]) -> Answer:
    """The vibe bonus of a Mindset."""
    scoring.check_vibes(vibes)
    result = scoring.vibe_combination(v.lower() for v in vibes)
    return Answer(result, (f"{' '.join(v.lower() for v in vibes)}: {result['combination']}, "
                           f"bonus {result['bonus']} {ngettext('fragment', 'fragments', result['bonus'])}",))


def score(text: str) -> tuple[str, int, int, int | None]:
    """NAME=BLISS/GLOOM[/LAST], well formed (whole numbers, none negative); LAST may be left out."""
    name, sep, nums = text.partition("=")
    parts = nums.split("/")
    if not sep or not name.strip() or len(parts) not in (2, 3):
        raise InputError(f"--player '{text}': write NAME=BLISS/GLOOM or NAME=BLISS/GLOOM/LAST")
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise InputError(f"--player '{text}': the scores are whole numbers (BLISS/GLOOM/LAST)") from None
    if min(values) < 0:
        raise InputError(f"--player '{text}': scores cannot be negative")
    return name.strip(), values[0], values[1], values[2] if len(values) == 3 else None


def winner(players: list[str]) -> Answer:
    """Who wins after a Revelation."""
    table = [score(p) for p in players]
    if len({t[0].lower() for t in table}) != len(table):
        raise InputError("--player: two players have the same name")
    scoring.check_scores(table)
    result = scoring.decide(table)
    return Answer(result, (describe_result(result) if result["winners"]
                           else "Nobody meets a winning condition.",))


COMMANDS = (
    Command("new", "new", """Start a Cerebria session (2-5 players).

Builds 3 Impulse stacks of players+2 cards, turns 3 Impulse cards face up,
deals 4 cards each and tosses the Mood Marker. Hands stay secret: the referee
counts them and remembers only the cards that were shown.

\b
Example:
  referee cerebria new --player Ann --player Bob --player Cy --seed 7""", new, fields=(
        Field("players", "A player, in clockwise seating order (2-5).", kind="player",
              option="--player", multiple=True, metavar="NAME"),
        Field("first", "First player (random if omitted).", option="--first", required=False,
              metavar="NAME"),
        Field("mood", "The Mood Marker's first face (tossed if omitted).", option="--mood",
              required=False, choices=("bliss", "gloom")),
        Field("impulse", "The Impulse cards turned face up, slot 1 first (drawn if omitted).",
              option="--impulse", required=False, multiple=True, metavar="CARD"),
        Field("deck", "Your deck's cards as JSON {\"cards\": {\"CARD\": copies}} (96 cards, 16 "
              "Mild, 16 Strong, 16 Brightness/Bleakness per affiliation). The shipped deck is a "
              "reconstruction: the rulebook prints only the counts.", kind="json",
              option="--deck", required=False, metavar="FILE"))),
    Command("vibes", "tool", """The vibe bonus of a Mindset: 1-4 of red|yellow|green|blue (a merged pair counts once).

A unique beginning is enough: `vibes r r b b` or `vibes re re bl bl`.

More than 4 vibes is refused (exit 1): a Mindset holds at most 4 emotions.""", vibes, fields=(
        Field("vibes", "the vibes", multiple=True, choices=VIBES, metavar="VIBE..."),)),
    Command("winner", "tool", """Who wins after a Revelation (Single-minded 12+, Balanced 7+7, then the tie-breaks).

Give every player at the table. LAST may be left out: it is asked for (exit 2)
only when two players tie on the total and the final Revelation decides.
Scores no game can reach are refused (exit 1), naming the rule: more than 40
fragments of a kind over all players, a LAST above the player's total or above
20 (what one Mindset can score), fewer than 2 or more than 5 players. When all
80 fragments are scored and nobody meets a condition, the most fragments win
(condition null).

\b
Example:
  referee cerebria winner --player Ann=8/7/4 --player Bob=7/8/6""", winner, fields=(
        Field("players", "A player's scored Bliss/Gloom fragments and the fragments they scored "
              "in the final Revelation (LAST; needed only to break a tie on the total).",
              option="--player", multiple=True, metavar="NAME=B/G[/LAST]"),)),
    Command("unseen", "view", """Cards not yet seen: in the main deck, the Impulse stacks or hidden in hands.

These are the cards a --reveal (or a hidden hand card) can still be.""", unseen),
)
