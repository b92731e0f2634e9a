"""What the referee shows in the table's words: a command, a pending choice, said as a French
table types it (each still accepted as typed: `commands.VERB_WORDS` and the parsers read them
back); in English, as they are."""

from __future__ import annotations

import re

from referee.model.i18n import NC_, joined, language, pmsg, tell

from .cards import card_word
from .setup import COLORS
from .tiles import KINDS, colour_said, tile_said

# each verb as a French table types it (commands.VERB_WORDS reads them back)
SAID_VERBS: dict[str, str] = {"move": "déplacer", "bounce": "rebond", "mosquito": "moustique",
                              "pass": "passer", "remove": "retirer", "card": "carte",
                              "cards": "cartes", "pond": "mare", "status": "état", "hint": "aide",
                              "new": "nouvelle", "rules": "règles", "odds": "cotes", "hand": "main"}
SAID_FROGS = (NC_("frog", "queen"), NC_("frog", "servant"))  # `reine`, `servante`
# the answer each decision takes (its choices are that verb's words)
ANSWER_VERBS = {"bounce": "bounce", "mosquito": "mosquito", "log-removal": "remove"}
ANSWERS = ("move", "bounce", "mosquito", "pass", "remove", "card")  # a choice that is a command
_CARD_OPTIONS = ("--discard",)
_TILE_OPTIONS = ("--tile", "-t", "--male")


def said_part(part: str) -> str:
    """One word of `SQ:WHAT` in French: a tile, a frog, a colour (squares as they are)."""
    return tell(part_said(part))


def part_said(part: str) -> dict | str:
    """`said_part` as the log keeps it: said in the reader's language."""
    if part in KINDS:
        return tile_said(part)
    if part in SAID_FROGS:
        return pmsg("frog", part)
    if part in COLORS:
        return colour_said(part)
    return part


def said_word(word: str) -> str:
    """`b3:lilypad` -> `b3:nénuphar`, `c3:blue` -> `c3:bleu`, `b1:queen-c2` -> `b1:reine-c2`."""
    return tell(word_said(word))


def word_said(word: str) -> dict:
    """`said_word` as the log keeps it: said in the reader's language."""

    return joined([part_said(p) for p in re.split(r"([:-])", word)])


def choice_said(decision: str, choice: str) -> dict | str:
    """A pending choice of a square and a frog, tile or colour (`b1:queen-c2`, `c3:blue`: a
    mosquito's move, a servant pushed off a log) as the log keeps it: said as `said_choice` says
    it, in the reader's language; any other choice as typed."""
    if decision in ANSWER_VERBS and choice and " " not in choice:
        return word_said(choice)
    return choice


def said(words: list[str]) -> list[str]:
    """A command's words as a French table types them (`move a2 a3 --tile lilypad` ->
    `déplacer a2 a3 --tile nénuphar`, `pass all` -> `passer tous`, `card thunderclap` ->
    `carte coup de tonnerre`); in English, as they are."""
    if language() != "fr" or not words:
        return words
    verb = words[0]
    out = [SAID_VERBS.get(verb, verb)]
    before = ""
    positional = 0
    for word in words[1:]:
        if word.startswith("-"):
            out.append(word)
        elif before in _TILE_OPTIONS:
            out.append(said_part(word))
        elif before in _CARD_OPTIONS or (verb == "card" and not before and positional == 0):
            out.append(card_word(word))
        elif word == "all" and (verb == "pass" or before == "--player"):
            out.append("tous")
        else:
            out.append(said_word(word))
        if not word.startswith("-") and not before:
            positional += 1
        before = word if word.startswith("-") else ""
    return out


def said_choice(decision: str, choice: str) -> str:
    """A pending choice as a French table types it (`card thunderclap --player Bob` ->
    `carte "coup de tonnerre" --player Bob`, `c3:blue` -> `c3:bleu`, `pass` -> `passer`)."""
    words = choice.split()
    if not words:
        return choice
    if words[0] in ANSWERS:
        spoken = said(words)
    else:
        verb = ANSWER_VERBS.get(decision)
        spoken = said([verb, *words])[1:] if verb else words
    return " ".join(f'"{w}"' if " " in w else w for w in spoken)
