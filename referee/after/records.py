"""A session's played actions one by one, with who took each and the numbers after it.

One replay of the log gives, for every action, the turn it was played in, the player who
took it, and the engine's `series` after it (the scores, or what a game without a score
charts). The spreadsheet CSV and the report's chart are built from these steps.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.model import view
from referee.model.engine import Engine, Results
from referee.model.errors import RefereeError, StorageError
from referee.model.i18n import NC_, _, pgettext
from referee.record import session

LONG = 200  # a cell longer than this (a catalog, a card file) is named, not copied


@dataclass
class Step:
    """One played action: its record, when in the game it came, and the numbers after it."""

    record: dict
    turn: int | None
    player: str | None
    series: dict[str, float | None]


def actor(action: dict, before: dict | None) -> str | None:
    """Who took an action: the player it names, else the one a pending decision waits on,
    else whoever was to play."""
    if before is None:
        return None
    names = {str(p.get("name")).lower(): p.get("name") for p in before.get("players", [])}
    named = action.get("player")
    if isinstance(named, str) and named.lower() in names:
        return names[named.lower()]
    god = action.get("god")
    for p in before.get("players", []):
        if god is not None and p.get("god") == god:
            return p.get("name")
    if before.get("pending"):
        who = before["pending"][0].get("player")
        if who in names.values():
            return who
    return before.get("current")


def walk(engine: Engine, seed: str, records: Sequence[dict]) -> tuple[list[Step], Any]:
    """Replay the played actions once; returns the steps and the final state."""
    state = None
    before: dict | None = None
    steps: list[Step] = []
    for ply, rec in enumerate(records):
        turn_before = before.get("turn") if before else None
        who = actor(rec["action"], before)
        try:
            state, _, _ = session.run(engine, state, rec["action"], seed, ply, rec.get("results", []))
        except RefereeError as exc:
            raise StorageError(f"action {ply} of the log no longer replays: {exc.message}") from None
        after = engine.summary(state)
        steps.append(Step(rec, turn_before if ply else after.get("turn"), who, engine.results.series(state)))
        before = after
    return steps, state


# -- flat cells ------------------------------------------------------------------------

def slug(text: str) -> str:
    """A column name part: letters, digits and underscores."""
    return re.sub(r"\W+", "_", str(text)).strip("_") or "value"


def cell(value: Any) -> str:
    """A value as one spreadsheet cell: text and numbers as they are, short lists joined."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("true") if value else _("false")
    if isinstance(value, (int, float, str)):
        text = str(value)
    elif (isinstance(value, list) and all(isinstance(v, str) and len(v) == 1 for v in value)
          and not any(v.isdigit() for v in value)):
        text = "".join(value)  # dice faces: ssg-- (digits are numbers, realms: listed below)
    elif isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        text = ", ".join(map(str, value))
    else:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= LONG else _("({n} characters: see the JSON export)").format(n=len(text))


def arg_cells(action: dict) -> dict[str, str]:
    """The action's fields as `arg_<name>`; a field holding an object (a card's printed stats)
    spreads over `arg_<name>_<key>`."""
    out: dict[str, str] = {}
    for key, value in action.items():
        if key == "verb":
            continue
        if isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
            out.update({f"arg_{slug(key)}_{slug(k)}": cell(v) for k, v in value.items()})
        else:
            out[f"arg_{slug(key)}"] = cell(value)
    return out


def result_cells(results: list[dict]) -> dict[str, str]:
    """Each recorded random result as `result_<label>` (a repeated label gets _2, _3...)."""
    out: dict[str, str] = {}
    prefix = _column("result")
    for r in results:
        label = str(r.get("label", "value"))
        word, sep, rest = label.partition(" ")
        base = f"{prefix}_{slug(pgettext('result', word) + sep + rest)}"
        name, n = base, 1
        while name in out:
            n += 1
            name = f"{base}_{n}"
        out[name] = cell(r.get("value"))
    return out


def series_columns(engine: Engine, keys: list[str], players: list[str]) -> list[str]:
    """Column names for the series: `score_<player>` for scores; a game's own series keeps its
    word for a player's number (`frogs_Ann`) and its own label otherwise (`planet_elements`)."""
    if type(engine.results).series is Results.series:
        return [f"{_column('score')}_{k}" for k in keys]
    word = slug(pgettext("series", engine.series_word))
    return [f"{word}_{k}" if k in players else slug(k).lower() for k in keys]


# The CSV's fixed column names. They follow the table's language (a spreadsheet is read by
# people); `referee --lang en export --format csv` keeps the English ones, stable for tools.
COLUMNS = {"number": NC_("csv", "number"), "time": NC_("csv", "time"), "player": NC_("csv", "player"),
           "verb": NC_("csv", "verb"), "result": NC_("csv", "result"), "results_from": NC_("csv", "results_from"),
           "score": NC_("csv", "score"), "head": NC_("csv", "head")}


def _column(name: str) -> str:
    return pgettext("csv", COLUMNS[name])


def _time(ts: float | None) -> str:
    return _dt.datetime.fromtimestamp(ts).isoformat(sep=" ", timespec="seconds") if ts else ""


def csv_text(loaded: session.Loaded) -> str:
    """One row per played action: number, time, turn or day, player, verb, `arg_*`, `result_*`,
    where the results came from, and the numbers after it (`score_<player>`...)."""
    engine = loaded.engine
    steps, _state = walk(engine, loaded.seed, loaded.records)
    players = [str(p.get("name")) for p in loaded.summary.get("players", [])]
    args: list[str] = []
    results: list[str] = []
    series_keys: list[str] = []
    rows = []
    over = engine.is_over(loaded.state)
    for step in steps:
        seen = view.record(engine, step.record, loaded.viewer, over)  # the viewer's (the table's)
        action = seen["action"]
        arg = arg_cells(action)
        res = result_cells(seen.get("results", []))
        args += [k for k in arg if k not in args]
        results += [k for k in res if k not in results]
        series_keys += [k for k in step.series if k not in series_keys]
        sources = list(dict.fromkeys(_(str(r.get("source"))) for r in seen.get("results", [])))
        rows.append((step, seen, arg, res, ", ".join(sources)))
    columns = series_columns(engine, series_keys, players)
    turn_col = _(engine.turn_word)
    header = [_column("number"), _column("time"), turn_col, _column("player"), _column("verb"), *args, *results,
              _column("results_from"), *columns, _column("head")]
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    for step, rec, arg, res, source_text in rows:
        writer.writerow([rec.get("idx", ""), _time(rec.get("created")), cell(step.turn), cell(step.player),
                         rec["action"].get("verb"), *(arg.get(a, "") for a in args),
                         *(res.get(r, "") for r in results), source_text,
                         *(cell(step.series.get(k)) for k in series_keys), loaded.head])
    return buf.getvalue()
