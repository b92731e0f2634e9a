"""The one-line status of a session (whose turn, phase, pending decisions, winners), as plain text.

Shared by the CLI, the shell's toolbar and the Markdown export; it lives in the
core so the export does not reach into `referee.cli`.
"""

from __future__ import annotations


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
