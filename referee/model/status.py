"""The one-line status of a session (whose turn, phase, pending decisions, winners), as plain text.

Shared by the CLI, the shell's toolbar and the Markdown export; it lives in the
core so the export does not reach into `referee.cli`.
"""

from __future__ import annotations

from referee.model import registry
from referee.model.errors import StorageError
from referee.model.i18n import _, language, ngettext


def status_line(summary: dict, turn_word: str = "turn") -> str:
    """One short line: whose turn, the phase, pending decisions, or who won.

    `turn_word` is the game's name for its count (Kleos and Elysion count days)."""
    if summary.get("over"):
        winners = ", ".join(summary.get("winners") or []) or _("nobody")
        extra = _(" · outcome: {outcome}").format(outcome=summary["outcome"]) if summary.get("outcome") else ""
        said = ngettext("Game over · winner: {winners}", "Game over · winners: {winners}",
                        max(len(summary.get("winners") or []), 1))
        return said.format(winners=winners) + extra
    parts = [f"{_(turn_word)} {summary.get('turn')}", _(str(summary.get("phase")))]
    if summary.get("current"):
        parts.insert(0, _("{player} to play").format(player=summary["current"]))
    for p in summary.get("pending") or []:
        choices = [_said(summary, p, str(c)) for c in p.get("choices") or []]
        shown = ", ".join(map(str, choices[:8])) + (" ..." if len(choices) > 8 else "")
        parts.append(_("waiting: {player} — {decision}").format(
            player=p.get("player"), decision=_(str(p.get("decision")))) + (f" ({shown})" if shown else ""))
    if summary.get("note"):  # what the table owes before the game goes on
        parts.append(str(summary["note"]))
    return " · ".join(parts)


def _said(summary: dict, pending: dict, choice: str) -> str:
    """A pending choice in the table's words (the game's `Lexicon.said_choice`; English: as it is)."""

    if language() == "en":
        return choice

    try:
        engine = registry.engine(str(summary.get("game")))
    except StorageError:  # a summary of a game this install does not hold: as it is
        return choice
    return engine.lexicon.said_choice(str(pending.get("decision")), choice)
