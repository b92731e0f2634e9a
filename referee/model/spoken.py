"""Words for players who type nothing (the live page, a seat's page, the report): the game's
texts without a terminal's syntax. The terminal keeps its texts as they are (command words in
backticks are what its user types); a page says the same without them:

- a parenthesis about typing goes: "(`end-turn` when done)", "(or another choice listed)",
  "(--tile TILE on a square without a tile)", "(`pass all`: nobody cancels)";
- a clause that tells what to type goes, from the separator before it: "Day 5 is done: type
  `next` for the next row." reads "Day 5 is done.", "Ann may move another frog, `mosquito
  a1-a2`, or `pass`." reads "Ann may move another frog.";
- a command that opens its sentence keeps its words, without backticks: "`next` starts the
  Creation phase" reads "next starts the Creation phase";
- options lose their dashes and words a shell's quotes (`words`, for the hint's lines).
"""

from __future__ import annotations

import re

OPTION = re.compile(r"(?<!\S)--(?=\w)")  # `--from a1`: a player reads `from a1`
QUOTED = re.compile(r'(?<![\w"])"([^"]*)"')  # a shell's quotes: `"Oracle's Smoke"` reads Oracle's Smoke
# a parenthesis about typing: a command in backticks, an option, a placeholder, a choice listed
TYPING = re.compile(r"\s*\((?:[^()]*`[^()]*|[^()]*(?<!\S)--\w[^()]*|[^()]*\b[A-Z]{2,}\b(?:=|\s+\.\.\.)[^()]*"
                    r"|[^()]*another choice listed[^()]*|[^()]*\b(?:NAME|CARD|TILE|SQ|BLESSING|REALM)\b[^()]*)\)")
COMMAND = re.compile(r"`([^`]*)`")
SEPARATORS = re.compile(r"(?::|;|,|\s+then\b|\s+or\b|\s+—)\s+(?:then\s+|or\s+)?")
SENTENCE = re.compile(r"(?<=[.!?])\s+|\s+·\s+")


def words(typed: str) -> str:
    """Words as typed at a terminal, for a player to read: options without their dashes, words
    without a shell's quotes, choices apart (`--to Bob|Cy` reads `to Bob / Cy`)."""
    return QUOTED.sub(r"\1", OPTION.sub("", typed)).replace("|", " / ")


def for_players(text: str) -> str:
    """`text` (an event, a status, a board's line) without what only a terminal's user needs."""
    if "`" not in text and "(" not in text and "--" not in text:
        return text
    text = TYPING.sub("", text)
    if "`" not in text:
        return text
    seps = [m.group(0) for m in SENTENCE.finditer(text)]
    parts = SENTENCE.split(text)
    out = []
    for i, part in enumerate(parts):
        said = _sentence(part)
        if said:
            out.append(said)
            if i < len(seps):
                out.append(seps[i])
    return "".join(out).strip().rstrip("·").strip()


def _sentence(part: str) -> str:
    """One sentence: cut at the separator before its first command, else the command's words."""
    first = part.find("`")
    if first < 0:
        return part
    cuts = list(SEPARATORS.finditer(part, 0, first))
    if cuts:
        kept = part[:cuts[-1].start()].rstrip()
        end = part.rstrip()[-1:] if part.rstrip()[-1:] in ".!?" else ""
        return kept + (end if not kept.endswith((".", "!", "?", ":")) else "")
    return COMMAND.sub(r"\1", part)
