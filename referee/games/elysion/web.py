"""What one Elysion player alone sees on their own page (`referee serve --seats`): the Blessings
the referee just drew for them, before they keep one, each with its icons and how it scores.
String building only, from that player's view of the state."""

from __future__ import annotations

from html import escape

from referee.model.i18n import _

from .catalog import get
from .deck import KEEP
from .render import _icons, card_rule


def drawn_html(seen: dict, seat: str) -> str:
    """The Blessings drawn for `seat` and waiting to be kept ("" when none is)."""
    drawn = [b for p in seen.get("pending") or [] if p.get("decision") == KEEP and p.get("player") == seat
             for b in p.get("choices") or []]
    if not drawn:
        return ""
    catalog = get(seen["catalog"])  # the session's catalog, as `of_state` reads it
    items = []
    for name in drawn:
        card = catalog.blessings.get(name)
        about = f" <small>{escape(_icons(card.icons))} · {escape(card_rule(card))}</small>" if card else ""
        items.append(f"<li><b>{escape(name)}</b>{about}</li>")
    return (f"<h3>{escape(_('Blessings just drawn for you: keep one'))}</h3>"
            f'<ul class="hand">{"".join(items)}</ul>')
