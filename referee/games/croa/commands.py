"""Crôa!'s commands beside its verbs (declared like them: referee.model.verbs.Command):
`new`, the pond, a dealt hand, the card list and the next-tile calculator. Pure: each
returns the new session's options or an Answer (data for --json, parts for people)."""

from __future__ import annotations

from typing import Any

from referee.model.errors import IllegalAction
from referee.model.i18n import _, ngettext, percent
from referee.model.verbs import Answer, Command, Field, Prose, Table
from referee.scorers.croa import full_piles, next_tile

from .cardlist import playable
from .cards import ABOUT, CARDS, card_word, dealt_hand
from .render import hand_text
from .setup import colour
from .tiles import RULE_PILE, check_layout, parse_tile, parse_zone, tile_word, zone_word

HELP = """Crôa!: frogs in a pond, last queen standing (2-4 colonies).

\b
Squares a1..h8 (a1 bottom-left). Zones: blue a1-d4, green e1-h4, pink e5-h8,
yellow a5-d8. Which males lie in which zone is the referee's own layout
(blue 1 2 3, green 4 5 6, pink 1 3 5, yellow 2 4 6); the card module's list
is a reconstruction (see `croa cards`). Physical tiles: type each tile you
turn over (--tile); `new --digital`: the referee draws them."""

# French verbs beside the English ones (accents optional: `déplacer` = `deplacer`)
VERB_WORDS: dict[str, str] = {
    "deplacer": "move", "bouger": "move", "sauter": "move", "rebond": "bounce",
    "rebondir": "bounce", "moustique": "mosquito", "passer": "pass", "retirer": "remove",
    "carte": "card", "mare": "pond", "cartes": "cards", "nouvelle": "new", "nouveau": "new",
    "etat": "status", "regles": "rules", "aide": "hint", "cotes": "odds", "main": "hand",
}

MALES = Field("males", "A JSON file placing the males: {\"blue\": [\"male1\", \"male2\", "
              "\"male3\"], ...} (three different per zone, each male in two zones). Default: the "
              "referee's layout (blue 1 2 3, green 4 5 6, pink 1 3 5, yellow 2 4 6).",
              kind="json", option="--males", required=False, metavar="FILE")


def new(players: list[str] | None, digital: bool | None, cards: bool | None, deal: bool | None,
        males: Any, deck: Any) -> dict[str, Any]:
    """The options of a new session, as typed (the males' layout checked here)."""

    # a colour typed in French (`Ann:rouge`) is kept in English, as the log keeps every word
    said = [str(p).partition(":") for p in players or ()]
    typed = [f"{name}:{colour(c) if c.strip() else c}" if sep else name for name, sep, c in said]
    options: dict[str, Any] = {"players": typed, "digital": bool(digital), "cards": bool(cards)}
    if deal is not None:
        options["deal"] = deal
    layout = check_layout(males) if males is not None else None
    if layout:
        options["males"] = layout
    if deck is not None:
        options["deck"] = deck
    return options


def hand(engine: Any, state: Any, player: str) -> Answer:
    """The cards the referee dealt to one colony."""


    col = dealt_hand(state, engine.resolve_player(state, player))
    c = next(i for i, other in enumerate(state["colonies"]) if other is col)
    now = playable(state, c)
    lines = [hand_text(col, shown=True)]
    if now:
        lines.append(_("Playable now (`croa card NAME ...`):"))
        for key, ways in now.items():  # one line per way to play it (grouped), under its name
            targets = _targets(ways)
            typed = card_word(key)  # as the table types it: `mégabond`, `"même pas mort"` in French
            typed = f'"{typed}"' if " " in typed else typed
            lines.append(f"  {typed}" + (f": {targets[0]}" if targets else ""))
            lines += [" " * (len(typed) + 4) + more for more in targets[1:]]
    return Answer({"player": col["name"], "hand": list(col["hand"]),
                   "playable": {key: [{k: v for k, v in a.items() if k != "verb"} for a in ways]
                                for key, ways in now.items()}}, ("\n".join(lines),))


def _targets(ways: list[dict]) -> list[str]:
    """How a card can be played: `--male male1|male2`, or `--from a1 --to a3|c3` then
    `--from a2 --to a4` (the last option listed with `|`, grouped by the ones before it)."""
    keys = ("from", "to", "male")
    typed = [{k: a[k] for k in keys if a.get(k) not in (None, "")} for a in ways]
    if not any(typed):
        return []
    groups: dict[str, list[str]] = {}
    for t in typed:
        names = list(t)
        head = " ".join(f"--{k} {t[k]}" for k in names[:-1])
        groups.setdefault(head, []).append(f"--{names[-1]} {t[names[-1]]}" if names else "")
    parts = []
    for head, leaves in groups.items():
        flag = leaves[0].split(" ")[0]
        values = "|".join(dict.fromkeys(leaf.split(" ", 1)[1] for leaf in leaves if leaf))
        parts.append(" ".join(x for x in (head, f"{flag} {values}" if values else "") if x))
    return parts


def card_list() -> Answer:
    """The card module's cards."""


    rows = tuple((k, _(v["title"]), _(v["timing"]) + (" " + _("(orange)") if v["orange"] else ""),
                  v["count"], _(v["effect"])) for k, v in CARDS.items())
    headers = tuple(_(h) for h in ("card", "title", "timing", "count", "effect"))
    return Answer({"about": ABOUT, "cards": CARDS}, (Prose(_(ABOUT)), Table(headers, rows)))


def odds(zone: str, revealed: list[str] | None, males: Any) -> Answer:
    """What the next tile of a zone can be."""


    zone = parse_zone(zone)
    layout = check_layout(males) if males is not None else None
    pile = dict(full_piles(layout)[zone])
    for raw in revealed or ():  # refused in the table's words (the scorer's are English)
        kind = parse_tile(raw)
        if not pile.get(kind):
            raise IllegalAction(_("the {zone} pile cannot show another {tile}").format(
                zone=zone_word(zone), tile=tile_word(kind)), RULE_PILE)
        pile[kind] -= 1
    result = next_tile(zone, list(revealed or ()), layout)
    lines = [ngettext("{zone} pile: {n} tile left", "{zone} pile: {n} tiles left", result["left"]).format(
        zone=zone_word(result["zone"]), n=result["left"])]
    for kind, p in result["probabilities"].items():
        if p:
            lines.append(f"  {tile_word(kind):<9} {result['exact'][kind]:>6}  {percent(p):>6}")
    return Answer(result, ("\n".join(lines),))



COMMANDS = (
    Command("new", "new", """Start a Crôa! session (2-4 colonies).

Queens take the corners in seat order (2: a1 h8; 3: a1 a8 h8; 4: a1 a8 h8 h1), their two
servants on the squares orthogonally next to them. With 3 colonies the referee plays the
same 8x8 pond on three corners. Without --digital, type each tile you turn over (--tile).

\b
Examples:
  referee croa new --player Ann:red --player Bob:blue --seed 7
  referee croa new --player Ann:red --player Bob:blue --player Cy:green --digital --cards""",
            new, fields=(
                Field("players", "A colony, in seat order (clockwise); the first listed starts. "
                      "Colours: red, blue, green, yellow, pink, purple, orange, black, white, "
                      "brown (a unique prefix is enough).", kind="player", option="--player",
                      multiple=True, metavar="NAME:COLOR"),
                Field("digital", "The referee shuffles the zone piles from the seed and reveals "
                      "tiles itself.", kind="flag", option="--digital", required=False),
                Field("cards", "Play with the card module (a reconstruction: see `referee croa "
                      "cards`).", kind="flag", option="--cards", required=False),
                Field("deal", "With --cards: the referee deals the cards from the seed; the "
                      "screens show how many each colony holds, `croa hand NAME` one colony's "
                      "cards (the default with --digital). Otherwise the players hold real cards "
                      "and the referee only counts them.", kind="flag", option="--deal/--no-deal",
                      required=False),
                MALES,
                Field("deck", "With --cards: a JSON file {\"card name\": count, ...} replacing "
                      "the reconstructed deck (cards the referee does not know are recorded by "
                      "name).", kind="json", option="--deck", required=False, metavar="FILE"))),
    Command("pond", "status", "Draw the pond (same as `status`): tiles, frogs, colonies, piles, "
            "whose turn."),
    Command("hand", "view", """Show the hand the referee dealt to NAME's colony, on this screen.

Sessions with --cards dealt by the referee (--deal, the default with --digital): the pond,
`status` and `show` give only how many cards each colony holds; this prints that one
colony's cards on the screen, so let only its player look. NAME: the player or the colour.""",
            hand, fields=(Field("player", "the player or the colour", kind="player", metavar="NAME"),)),
    Command("cards", "tool", "List the card module's cards (a reconstruction from the rulebook's "
            "clarifications).", lambda: card_list()),
    Command("odds", "tool", """What the next tile of ZONE (blue, green, pink, yellow, or in French bleu,
vert, rose, jaune; a unique beginning will do: `b`) can be.

JSON: {"zone", "left", "probabilities": {tile: float}, "exact": {tile: "p/q"}}.""",
            odds, fields=(Field("zone", "the zone: blue, green, pink, yellow (bleu, vert, rose, "
                                "jaune)", metavar="ZONE"),
                          Field("revealed", "A tile already laid in that zone (repeat).",
                                option="--revealed", required=False, multiple=True,
                                metavar="TILE"),
                          MALES)),
)
