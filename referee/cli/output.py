"""One output path for tables and --json (sqlite-utils' habit)."""

from __future__ import annotations

import json
from typing import Any

import click

from referee.status import status_line  # noqa: F401 - the CLI's name for it


def table(headers: list[str], rows: list[list[Any]], widths: list[int | None] | None = None) -> str:
    """A plain table; `widths` wraps the columns that may hold long text."""
    from tabulate import tabulate  # loaded only when a table is printed

    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True, maxcolwidths=widths)


def events_text(events: list[dict]) -> str:
    lines: list[str] = []
    for ev in events:
        if ev.get("text"):
            lines.append(str(ev["text"]))
        tab = ev.get("table")
        if tab:
            lines.append(table(tab.get("headers", []), tab.get("rows", [])))
    return "\n".join(lines)


def emit_json(payload: dict) -> None:
    click.echo(json.dumps(payload, ensure_ascii=False, sort_keys=False))


def envelope(result: Any, session: str | None = None, state: dict | None = None) -> dict:
    out: dict[str, Any] = {"ok": True, "session": session, "result": result}
    if state is not None:
        out["state"] = state
    return out
