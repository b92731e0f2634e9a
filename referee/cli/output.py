"""One output path for tables and --json (sqlite-utils' habit)."""

from __future__ import annotations

import json
from typing import Any

import click


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


def status_line(summary: dict, turn_word: str = "turn") -> str:
    """One short line: whose turn, the phase, pending decisions, or who won.

    `turn_word` is the game's name for its count (Kleos and Elysion count days)."""
    if summary.get("over"):
        winners = ", ".join(summary.get("winners") or []) or "nobody"
        extra = f" · outcome: {summary['outcome']}" if summary.get("outcome") else ""
        return f"Game over · winner(s): {winners}{extra}"
    parts = [f"{turn_word} {summary.get('turn')}", str(summary.get("phase"))]
    if summary.get("current"):
        parts.insert(0, f"{summary['current']} to play")
    for p in summary.get("pending") or []:
        choices = p.get("choices") or []
        shown = ", ".join(map(str, choices[:8])) + (" ..." if len(choices) > 8 else "")
        parts.append(f"waiting: {p.get('player')} — {p.get('decision')}" + (f" ({shown})" if shown else ""))
    return " · ".join(parts)


def emit_json(payload: dict) -> None:
    click.echo(json.dumps(payload, ensure_ascii=False, sort_keys=False))


def envelope(result: Any, session: str | None = None, state: dict | None = None) -> dict:
    out: dict[str, Any] = {"ok": True, "session": session, "result": result}
    if state is not None:
        out["state"] = state
    return out
