"""The Kleos card library as a file: TOML or CSV, read and written here (pure, no Click, no store).

TOML: one `[[card]]` table per card. CSV: a header row, then one card per line.
The fields are those of `referee kleos card add`:

    [[card]]
    name = "Minotaur"
    stats = "3/3/1/-1"          # Attack/Defense/Cunning/Tactics as printed
    disposition = 2             # optional
    keywords = ["epic", "monster"]   # among epic, hero, monster
    swift = false               # optional
    hunter = "2/1"              # optional: Attack/Defense bonus
    champion = "ares"           # optional: this card is that god's Champion

    name,stats,disposition,keywords,swift,hunter,champion
    Minotaur,3/3/1/-1,2,epic monster,,2/1,

Every card is checked; a bad one is reported with its line and field, and all
problems are reported together so the file can be fixed in one go.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from referee.games.kleos import cards
from referee.model.errors import InputError
from referee.model.i18n import ngettext

FIELDS = ("name", "stats", "disposition", "keywords", "swift", "hunter", "champion")
FILE_KEYWORDS = ("basic", "epic", "hero", "monster")  # `champion` is its own field
TRUE, FALSE = ("true", "yes", "y", "1", "x"), ("false", "no", "n", "0", "")
MAX_PROBLEMS = 20


@dataclass(frozen=True)
class Problem:
    line: int
    field: str | None
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", field '{self.field}'" if self.field else "")
        return f"{where}: {self.message}"


class LibraryFileError(InputError):
    """A card file with bad lines: every problem with its line and field; nothing is stored."""

    def __init__(self, source: str, problems: list[Problem]) -> None:
        shown = problems[:MAX_PROBLEMS]
        more = f"\n  ... and {len(problems) - len(shown)} more" if len(problems) > len(shown) else ""
        lines = "\n".join(f"  {p}" for p in shown)
        super().__init__(f"{source}: {len(problems)} {ngettext('problem', 'problems', len(problems))}, nothing imported:\n{lines}{more}")
        self.problems = problems


def build_card(name: str, stats: str, disposition: int | None = None, keywords: list[str] | None = None,
               swift: bool = False, hunter: str | None = None, champion: str | None = None) -> cards.Card:
    """A library card in normal form from the fields `card add` takes (InputError when one is wrong).
    Fields the rulebook states about a named card are filled in when left out."""
    kws = sorted({k.strip().lower() for k in keywords or [] if k.strip()})
    if "hero" in kws and "monster" in kws:
        raise InputError("a card is a Hero or a Monster, not both")
    data: dict[str, Any] = {"name": name, **cards.parse_stats(stats), "disposition": disposition, "swift": swift,
                            "hunter": cards.parse_pair(hunter, "the Hunter bonus") if hunter else None,
                            "keywords": [*kws, *(["champion"] if champion else [])]}
    if champion:
        data["god"] = champion.lower()
    card = cards.normalize(cards.with_rulebook_defaults(data))
    if champion:
        card["keywords"] = sorted(set(card["keywords"]) - {"basic", "epic"} | {"champion"})
    return card


# -- reading ---------------------------------------------------------------------------

def _field_values(raw: dict[str, Any], line_of: dict[str, int], line: int, csv_text: bool) -> tuple[dict, list]:
    """Check one card's raw fields; returns build_card's arguments and the problems found."""
    problems: list[Problem] = []

    def bad(field: str | None, message: str) -> None:
        problems.append(Problem(line_of.get(field or "", line), field, message))

    for key in raw:
        if key not in FIELDS:
            bad(key, f"unknown field (the fields are {', '.join(FIELDS)})")
    args: dict[str, Any] = {}
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        bad("name", "every card needs a name")
    elif len(name.strip()) > 60:
        bad("name", "too long (60 characters at most)")
    else:
        args["name"] = name.strip()
    stats = raw.get("stats")
    if stats in (None, ""):
        bad("stats", "missing: write A/D/C/T, e.g. 3/2/2/+1")
    elif not isinstance(stats, str):
        bad("stats", f"write it as text A/D/C/T, not {stats!r}")
    else:
        try:
            cards.parse_stats(stats)
            args["stats"] = stats
        except InputError as exc:
            bad("stats", exc.message)
    disp = raw.get("disposition")
    if disp not in (None, ""):
        try:
            value = int(str(disp).strip()) if not isinstance(disp, bool) else None
        except ValueError:
            value = None
        if value is None or not 0 <= value <= 20:
            bad("disposition", f"a whole number from 0 to 20, not {disp!r}")
        else:
            args["disposition"] = value
    kws = raw.get("keywords")
    if kws not in (None, ""):
        words = re.split(r"[\s,;]+", kws.strip()) if isinstance(kws, str) else kws
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            bad("keywords", "a list of words among " + ", ".join(FILE_KEYWORDS))
        else:
            unknown = [w for w in words if w.strip().lower() not in FILE_KEYWORDS]
            if unknown:
                extra = " (a Champion is written champion = GOD)" if "champion" in map(str.lower, unknown) else ""
                bad("keywords", f"unknown keyword '{unknown[0]}' (keywords: {', '.join(FILE_KEYWORDS)}){extra}")
            elif {"hero", "monster"} <= {w.strip().lower() for w in words}:
                bad("keywords", "a card is a Hero or a Monster, not both")
            else:
                args["keywords"] = words
    swift = raw.get("swift")
    if swift is not None:
        if isinstance(swift, bool):
            args["swift"] = swift
        elif csv_text and str(swift).strip().lower() in TRUE + FALSE:
            args["swift"] = str(swift).strip().lower() in TRUE
        else:
            bad("swift", f"true or false, not {swift!r}")
    for key in ("hunter", "champion"):
        value = raw.get(key)
        if value in (None, ""):
            continue
        if not isinstance(value, str):
            bad(key, f"write it as text, not {value!r}")
        elif key == "champion" and value.strip().lower() not in cards.GODS:
            bad(key, f"no god '{value}' (gods: {', '.join(cards.GODS)})")
        elif key == "hunter" and not _pair_ok(value):
            bad(key, f"write the Attack/Defense bonus as A/D, e.g. 2/1, not {value!r}")
        else:
            args[key] = value.strip()
    return args, problems


def _pair_ok(text: str) -> bool:
    try:
        cards.parse_pair(text, "the Hunter bonus")
    except InputError:
        return False
    return True


def _check(found: list[tuple[int, dict, dict]], csv_text: bool) -> tuple[list[dict], list[Problem]]:
    """Every card built, or every problem (with duplicate names caught too)."""
    built: list[dict] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for line, raw, line_of in found:
        args, bad = _field_values(raw, line_of, line, csv_text)
        key = args.get("name", "").lower()
        if key in seen:
            bad.insert(0, Problem(line_of.get("name", line), "name", f"'{args['name']}' is already on line {seen[key]}"))
        elif key:
            seen[key] = line_of.get("name", line)
        if bad:
            problems += bad
            continue
        try:
            card = build_card(**args)
        except InputError as exc:  # checked field by field above; this is a safety net
            problems.append(Problem(line, None, exc.message))
            continue
        built.append(dict(card))
    return built, problems


def _toml_positions(text: str) -> list[tuple[int, dict[str, int]]]:
    """For each [[card]] table: its header's line and the line of each `key =` in it."""
    out: list[tuple[int, dict[str, int]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if re.match(r"^\[\[\s*card\s*\]\]", stripped):
            out.append((number, {}))
        elif stripped.startswith("["):
            out.append((number, {"\0other": number}))
        elif out and (m := re.match(r"^([A-Za-z0-9_-]+|\"[^\"]*\")\s*=", stripped)):
            out[-1][1].setdefault(m.group(1).strip('"'), number)
    return [entry for entry in out if "\0other" not in entry[1]]


def parse_toml(text: str, source: str = "the file") -> list[dict]:
    """Cards from TOML text; LibraryFileError naming every bad line and field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise LibraryFileError(source, [Problem(int(m.group(1)) if m else 1, None,
                                                f"not valid TOML ({exc})")]) from None
    problems = [Problem(1, key, "unknown table (write each card as [[card]])") for key in data if key != "card"]
    tables = data.get("card", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise LibraryFileError(source, [Problem(1, "card", "write each card as a [[card]] table")])
    positions = _toml_positions(text)
    found = []
    for i, table in enumerate(tables):
        line, line_of = positions[i] if i < len(positions) else (1, {})
        found.append((line, table, line_of))
    built, bad = _check(found, csv_text=False)
    problems += bad
    if problems:
        raise LibraryFileError(source, sorted(problems, key=lambda p: p.line))
    if not built:
        raise LibraryFileError(source, [Problem(1, None, "no [[card]] in the file")])
    return built


def parse_csv(text: str, source: str = "the file") -> list[dict]:
    """Cards from CSV text (a header row naming the fields); LibraryFileError on bad lines."""
    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise LibraryFileError(source, [Problem(1, None, "the file is empty")]) from None
    except csv.Error as exc:
        raise LibraryFileError(source, [Problem(1, None, f"not valid CSV ({exc})")]) from None
    problems = [Problem(1, h or "(empty)", f"unknown column (the columns are {', '.join(FIELDS)})")
                for h in header if h not in FIELDS]
    for needed in ("name", "stats"):
        if needed not in header:
            problems.append(Problem(1, needed, "missing column"))
    if problems:
        raise LibraryFileError(source, problems)
    found: list[tuple[int, dict, dict]] = []
    try:
        for row in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > len(header):
                problems.append(Problem(line, None, f"{len(row)} values for {len(header)} columns"))
                continue
            raw = {h: cell for h, cell in zip(header, row, strict=False) if cell.strip() != ""}
            found.append((line, raw, {}))
    except csv.Error as exc:
        problems.append(Problem(reader.line_num, None, f"not valid CSV ({exc})"))
    built, bad = _check(found, csv_text=True)
    problems += bad
    if problems:
        raise LibraryFileError(source, sorted(problems, key=lambda p: p.line))
    if not built:
        raise LibraryFileError(source, [Problem(1, None, "no card under the header")])
    return built


def parse(text: str, fmt: str, source: str = "the file") -> list[dict]:
    return parse_toml(text, source) if fmt == "toml" else parse_csv(text, source)


# -- writing ---------------------------------------------------------------------------

def file_fields(card: dict) -> dict[str, Any]:
    """A library card as the file's fields (only those that say something)."""
    out: dict[str, Any] = {"name": card["name"],
                           "stats": f"{card['attack']}/{card['defense']}/{card['cunning']}/{card['tactics']:+d}"}
    if card.get("disposition") is not None:
        out["disposition"] = card["disposition"]
    kws = [k for k in card.get("keywords", []) if k not in ("basic", "champion")]
    if kws:
        out["keywords"] = kws
    if card.get("swift"):
        out["swift"] = True
    if card.get("hunter"):
        out["hunter"] = "{}/{}".format(*card["hunter"])
    if "champion" in card.get("keywords", []) and card.get("god"):
        out["champion"] = card["god"]
    return out


def to_toml(library: list[dict]) -> str:
    lines = ["# The Kleos card library (referee kleos card export); load it with `card import FILE`.", ""]
    for card in library:
        lines.append("[[card]]")
        for key, value in file_fields(card).items():
            lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        lines.append("")
    return "\n".join(lines)


def to_csv(library: list[dict]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(FIELDS)
    for card in library:
        f = file_fields(card)
        writer.writerow([f["name"], f["stats"], f.get("disposition", ""), " ".join(f.get("keywords", [])),
                         "yes" if f.get("swift") else "", f.get("hunter", ""), f.get("champion", "")])
    return buf.getvalue()
