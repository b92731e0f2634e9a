"""The card catalog: realms, constellations, Blessings and Shades, read from a small TOML file.

The rulebook prints no card texts, so a table writes its deck once in this
format (docs/rulings/elysion.md). `check(text)` lists every problem with its line;
`load(text)` returns a `Catalog` or raises `InputError` listing them all.

    [catalog]
    name = "..."
    factions = ["sky", "sea", ...]

    [[realm]]                      # also [[constellation]] (same number as a realm, shown 12*)
    number = 12
    faction = "sea"
    icons = { coin = 1, lotus = 1 }        # coin, gate, fleece, amphora, lotus
    offering = { fleece = 1 }              # resources needed in sight to score
    score = "2 per lotus"                  # see expr.py
    needs = "faction_max >= 4"             # constellations only: a condition to score
    give_up = 1                            # constellations only: Blessings given up to score

    [[blessing]]                   # name, icons, score
    [[shade]]                      # name, goal, icons, score
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from referee.games.elysion import expr
from referee.games.elysion import sample_parsed as parsed
from referee.games.elysion.state import ElysionState
from referee.model import shipped
from referee.model.errors import InputError
from referee.model.frozen import Frozen
from referee.model.i18n import ngettext
from referee.model.prefix import fits_several

ICONS = ("coin", "gate", "fleece", "amphora", "lotus")
RESOURCES = ("fleece", "amphora", "lotus")
ICON_LETTERS = {"coin": "C", "gate": "G", "fleece": "F", "amphora": "A", "lotus": "L"}
CARD_COUNTS = ("realms", "constellations", "blessings", "shades", "faction_max", "factions")
SAMPLE = "sample"
KINDS = ("realm", "constellation", "blessing", "shade")
_KEYS = {
    "realm": {"number", "faction", "icons", "offering", "score"},
    "constellation": {"number", "faction", "icons", "offering", "score", "needs", "give_up"},
    "blessing": {"name", "icons", "score"},
    "shade": {"name", "goal", "icons", "score"},
}
_REALM_REF = r"^\s*(\d{1,4})\s*(\*?)\s*$"  # compiled by `re` when a realm is first typed


class Card(Frozen):
    """One card of the catalog. `key` is '12' / '12*' for realms, the name otherwise. A `Frozen`
    record, not a dataclass (`dataclasses` would cost every Elysion action about 16 ms): `icons` and
    `offering` default to one shared empty dict, read and never changed."""

    kind: str
    key: str
    number: int | None = None
    faction: str | None = None
    icons: dict = {}  # noqa: RUF012
    offering: dict = {}  # noqa: RUF012
    score_text: str = "0"
    score: expr.Node = ("num", 0)
    needs_text: str | None = None
    needs: expr.Node | None = None
    give_up: int = 0
    goal_text: str | None = None
    goal: expr.Node | None = None

    @property
    def star(self) -> bool:
        return self.kind == "constellation"

    def icon(self, name: str) -> int:
        return self.icons.get(name, 0)

    def icon_text(self) -> str:
        """Icons in short letters: C coin, G gate, F fleece, A amphora, L lotus."""
        return "".join(ICON_LETTERS[i] * self.icons.get(i, 0) for i in ICONS)


class Catalog(Frozen):
    name: str
    note: str
    factions: tuple[str, ...]
    realms: dict  # key -> Card, base realms and constellations
    blessings: dict  # name -> Card
    shades: dict  # name -> Card

    def realm(self, ref: object) -> Card:
        """A realm by what the table types: '12' or '12*' (a constellation)."""
        key = realm_key(ref)
        if key not in self.realms:
            kind = "constellation" if key.endswith("*") else "realm"
            raise InputError(f"there is no {kind} {key} in the catalog '{self.name}'")
        return self.realms[key]

    def blessing(self, ref: object, among: Iterable[str] = ()) -> Card:
        """A Blessing by its name, or a unique prefix of it (first among `among`, the
        Blessings that make sense here, e.g. those just drawn)."""
        return self._named(self.blessings, ref, "Blessing", among)

    def shade(self, ref: object, among: Iterable[str] = ()) -> Card:
        """A Shade by its name or a unique prefix (first among `among`: those face up)."""
        return self._named(self.shades, ref, "Shade", among)

    def _named(self, cards: dict, ref: object, what: str, among: Iterable[str] = ()) -> Card:
        if not isinstance(ref, str) or not norm(ref):
            raise InputError(f"a {what} is named by its card name")
        typed = norm(ref)
        for card in cards.values():
            if norm(card.key) == typed:
                return card
        for pool in ([k for k in among if k in cards], list(cards)):
            found = [k for k in pool if norm(k).startswith(typed)]
            if len(found) == 1:
                return cards[found[0]]
            if found:
                raise fits_several(ref, found, what)
        raise InputError(f"there is no {what} '{ref}' in the catalog '{self.name}'")

    def count_names(self) -> list[str]:
        """Every name a rule may count."""
        return [*ICONS, *self.factions, *CARD_COUNTS]


@functools.lru_cache(maxsize=4096)
def norm(name: str) -> str:
    """Card names match ignoring case, spaces, hyphens, underscores and apostrophes."""
    return re.sub(r"[\s_\-'’]+", "-", name.strip().lower()).strip("-")


def realm_key(ref: object) -> str:
    """'12', ' 12 ', 12 -> '12'; '12*' -> '12*' (a constellation)."""
    m = (
        re.match(_REALM_REF, str(ref))
        if isinstance(ref, (str, int)) and not isinstance(ref, bool)
        else None
    )
    if m is None:
        raise InputError(
            f"'{ref}' is not a realm: write its number, with * for a constellation (12*)"
        )
    return f"{int(m.group(1))}{m.group(2)}"


# -- reading and checking ----------------------------------------------------------


class Problem(Frozen):
    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


class _Lines:
    """Finds the line of a table (its n-th `[[kind]]`) and of a key inside it."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.blocks: list[tuple[str, int]] = []  # (header, 1-based line)
        for i, line in enumerate(self.lines, 1):
            m = re.match(r"^\s*\[\[?\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?", line)
            if m:
                self.blocks.append((m.group(1).strip().strip("\"'"), i))

    def table(self, kind: str, index: int | None = None) -> int:
        found = [line for name, line in self.blocks if name == kind]
        if not found:
            return 1
        return found[min(index or 0, len(found) - 1)]

    def key(self, kind: str, index: int | None, key: str) -> int:
        start = self.table(kind, index)
        following = [line for _, line in self.blocks if line > start]
        end = following[0] if following else len(self.lines) + 1
        for i in range(start, end):
            if re.match(rf"^\s*{re.escape(key)}\s*[=.]", self.lines[i - 1]):
                return i
        return start


def _counts(
    value: object, allowed: tuple[str, ...], what: str, where: str, minimum: int
) -> tuple[dict, list[str]]:
    errors: list[str] = []
    if not isinstance(value, dict):
        return {}, [f"{where}: {what} is a table like {{ {allowed[0]} = 1 }}"]
    out: dict[str, int] = {}
    for name, n in value.items():
        if name not in allowed:
            errors.append(
                f"{where}: unknown {what.removesuffix('s')} "
                f"'{name}' ({what} are {', '.join(allowed)})"
            )
        elif not isinstance(n, int) or isinstance(n, bool) or not minimum <= n <= 9:
            errors.append(f"{where}: {what} '{name}' needs a whole number from {minimum} to 9")
        elif n:
            out[name] = n
    return out, errors


def _parse(text: str) -> tuple[Catalog | None, list[Problem]]:
    problems: list[Problem] = []
    import tomllib  # only to read a catalog's text: the shipped sample comes parsed (`sample_parsed`)

    lines = _Lines(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        return None, [Problem(int(m.group(1)) if m else 1, f"not valid TOML: {exc}")]

    head = data.get("catalog")
    if not isinstance(head, dict):
        problems.append(Problem(1, "the file needs a [catalog] table with a name and its factions"))
        head = {}
    name = head.get("name", "unnamed catalog")
    note = head.get("note", "")
    if not isinstance(name, str) or not isinstance(note, str):
        problems.append(Problem(lines.table("catalog"), "[catalog] name and note are text"))
        name, note = "unnamed catalog", ""
    factions_raw = head.get("factions")
    factions: list[str] = []
    if (
        not isinstance(factions_raw, list)
        or not factions_raw
        or not all(isinstance(f, str) and re.fullmatch(r"[a-z][a-z0-9_]*", f) for f in factions_raw)
    ):
        problems.append(
            Problem(
                lines.key("catalog", 0, "factions"),
                '[catalog] factions is a list of lower-case words, e.g. ["sky", "sea"]',
            )
        )
    else:
        factions = list(dict.fromkeys(factions_raw))
        clash = [
            f
            for f in factions
            if f in ICONS or f in CARD_COUNTS or f in expr.KEYWORDS or f in expr.FUNCTIONS
        ]
        if clash:
            problems.append(
                Problem(
                    lines.key("catalog", 0, "factions"),
                    f"faction '{clash[0]}' clashes with a name of the scoring rules",
                )
            )
    for key in data:
        if key not in ("catalog", *KINDS):
            problems.append(
                Problem(
                    lines.table(key),
                    f"unknown table [{key}] "
                    "(tables: [catalog], [[realm]], [[constellation]], [[blessing]], [[shade]])",
                )
            )
    names = [*ICONS, *factions, *CARD_COUNTS]

    cards: dict[str, dict] = {k: {} for k in KINDS}
    for kind in KINDS:
        entries = data.get(kind, [])
        if not isinstance(entries, list):
            problems.append(
                Problem(lines.table(kind), f"write each {kind} as [[{kind}]] (a list of tables)")
            )
            continue
        seen: dict = {}  # identity -> the index of the first card that has it
        for i, entry in enumerate(entries):
            raw = _identity(entry)
            duplicate = raw is not None and raw in seen
            if duplicate:  # reported, and the card's own fields are still checked
                what = f"number {raw}" if isinstance(raw, int) else f"name '{entry['name']}'"
                line = lines.key(kind, i, "number" if isinstance(raw, int) else "name")
                first = lines.table(kind, seen[raw])
                problems.append(Problem(line, f"{kind} {i + 1}: duplicate {what} "
                                              f"(the {kind} at line {first} has it)"))
            seen.setdefault(raw, i)
            card, errs = _card(kind, i, entry, factions, names, lines)
            problems.extend(errs)
            if card is not None and not duplicate:
                cards[kind][card.key] = card
    for key, card in cards["constellation"].items():
        if str(card.number) not in cards["realm"]:
            n = list(cards["constellation"]).index(key)
            problems.append(
                Problem(
                    lines.key("constellation", n, "number"),
                    f"constellation {key}: a constellation repeats a realm's number, "
                    f"and there is no realm {card.number}",
                )
            )
    if not data.get("realm"):
        problems.append(Problem(1, "the catalog needs at least one [[realm]]"))
    if problems:
        return None, sorted(problems, key=lambda p: p.line)  # stable: a card's own order
    realms = {**cards["realm"], **cards["constellation"]}
    blessings = {c.key: c for c in cards["blessing"].values()}
    shades = {c.key: c for c in cards["shade"].values()}
    return Catalog(name, note, tuple(factions), realms, blessings, shades), []


def _identity(entry: object) -> int | str | None:
    """What makes a card unique: a realm's number, a Blessing's or Shade's name."""
    if not isinstance(entry, dict):
        return None
    if isinstance(entry.get("number"), int):
        return entry["number"]
    if isinstance(entry.get("name"), str):
        return norm(entry["name"])
    return None


def _card(
    kind: str, i: int, entry: object, factions: list[str], names: list[str], lines: _Lines
) -> tuple[Card | None, list[Problem]]:
    """One [[kind]] table: every field checked, every problem with its line."""
    problems: list[Problem] = []
    where = f"{kind} {i + 1}"
    if not isinstance(entry, dict):
        return None, [Problem(lines.table(kind, i), f"{where}: not a table")]

    def bad(key: str | None, message: str) -> None:
        line = lines.key(kind, i, key) if key else lines.table(kind, i)
        problems.append(Problem(line, f"{where}: {message}"))

    def unknown_keys() -> None:  # once the card is named as printed (realm 12, not its index)
        for key in entry:
            if key not in _KEYS[kind]:
                bad(key, f"unknown key '{key}' (keys: {', '.join(sorted(_KEYS[kind]))})")

    fields: dict = {"kind": kind}
    if kind in ("realm", "constellation"):
        number = entry.get("number")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= 9999:
            bad("number" if "number" in entry else None, "needs a number (a whole number 0-9999)")
            unknown_keys()
            return None, problems
        fields["number"] = number
        fields["key"] = f"{number}*" if kind == "constellation" else str(number)
        where = f"{kind} {fields['key']}"
        unknown_keys()
        faction = entry.get("faction")
        if factions and faction not in factions:  # no factions: reported once, at [catalog]
            bad(
                "faction" if "faction" in entry else None,
                f"faction {faction!r} is not one of the catalog's factions ({', '.join(factions)})",
            )
        fields["faction"] = faction
        if "offering" in entry:
            offering, errs = _counts(entry["offering"], RESOURCES, "resources", "offering", 1)
            for e in errs:
                bad("offering", e)
            fields["offering"] = offering
    else:
        name = entry.get("name")
        if (
            not isinstance(name, str)
            or not norm(name)
            or "," in name
            or "=" in name
            or norm(name) in ("pass", "none")  # words of the `pass` and `--give-up` verbs
        ):
            bad(
                "name" if "name" in entry else None,
                "needs a name (text without commas or '=', not 'pass' or 'none')",
            )
            unknown_keys()
            return None, problems
        fields["key"] = name.strip()
        where = f"{kind} '{fields['key']}'"
        unknown_keys()
    if "icons" in entry:
        icons, errs = _counts(entry["icons"], ICONS, "icons", "icons", 0)
        for e in errs:
            bad("icons", e)
        fields["icons"] = icons
    for key, target in (("score", "score"), ("needs", "needs"), ("goal", "goal")):
        if key not in entry:
            continue
        try:
            fields[target] = expr.parse(entry[key], names)
            fields[f"{target}_text"] = entry[key]
        except expr.ExprError as exc:
            bad(key, f"{key} rule {entry[key]!r}: {exc}")
    if kind == "shade" and "goal" not in entry:
        bad(None, "a Shade needs a goal (a rule that must be met to take it)")
    if "give_up" in entry:
        n = entry["give_up"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 9:
            bad("give_up", "give_up is how many Blessings are given up (0-9)")
        else:
            fields["give_up"] = n
    if problems:
        return None, problems
    return Card(**fields), []


def check(text: str) -> list[Problem]:
    """Every problem of a catalog text, each with its line (empty when it is sound)."""
    return _parse(text)[1]


@functools.lru_cache(maxsize=16)
def load(text: str) -> Catalog:
    """The catalog of a TOML text; InputError listing every problem otherwise."""
    catalog, problems = _parse(text)
    if catalog is None:
        shown = "\n".join(f"  {p}" for p in problems[:20])
        more = f"\n  ... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise InputError(f"the catalog has {len(problems)} {ngettext('problem', 'problems', len(problems))}:\n{shown}{more}")
    return catalog


@functools.cache
def sample_text() -> str:
    """The shipped practice catalog (invented cards, not the printed deck)."""
    return shipped.text(__file__, "sample_catalog.toml")


def get(source: str | None) -> Catalog:
    """The catalog a session uses: its own text, or the shipped sample."""
    return sample() if source in (None, SAMPLE) else load(source)


CARD_FIELDS = ("kind", "key", "number", "faction", "icons", "offering", "score_text", "score", "needs_text",
               "needs", "give_up", "goal_text", "goal")  # a Card's fields, in order (`sample_parsed`)


@functools.cache
def sample() -> Catalog:
    """The shipped sample catalog, as `load(sample_text())` gives it, from `sample_parsed`: the
    cards checked and parsed ahead of time (reading the TOML and parsing every rule takes
    several milliseconds, paid by every Elysion command). tests/test_elysion_sample.py checks that
    it is the sample's text parsed, and rewrites it when run as a script."""
    def cards(rows: tuple[tuple, ...]) -> dict[str, Card]:
        return {row[1]: Card(*row) for row in rows}

    return Catalog(parsed.NAME, parsed.NOTE, parsed.FACTIONS, cards(parsed.REALMS), cards(parsed.BLESSINGS),
                   cards(parsed.SHADES))


def sample_source() -> str:
    """The text of `sample_parsed.py`: `load(sample_text())` written out as Python literals."""
    parsed = load(sample_text())

    def rows(cards: dict[str, Card]) -> str:
        return "".join(f"    {tuple(getattr(c, f) for f in CARD_FIELDS)!r},\n" for c in cards.values())

    return ('"""The shipped sample catalog (sample_catalog.toml) checked and parsed: a `Card` a row, its fields in\n'
            'the order of `catalog.CARD_FIELDS`. Generated: `python tests/test_elysion_sample.py` rewrites it\n'
            'from the TOML (a test checks that they agree); do not edit."""\n\n'
            "from typing import Any\n\n"
            f"NAME = {parsed.name!r}\nNOTE = {parsed.note!r}\nFACTIONS = {parsed.factions!r}\n"
            f"REALMS: tuple[tuple[Any, ...], ...] = (\n{rows(parsed.realms)})\n"
            f"BLESSINGS: tuple[tuple[Any, ...], ...] = (\n{rows(parsed.blessings)})\n"
            f"SHADES: tuple[tuple[Any, ...], ...] = (\n{rows(parsed.shades)})\n")


def of_state(state: ElysionState) -> Catalog:
    """The session's catalog (parsed once and cached by its text)."""
    return get(state["catalog"])
