"""The pond as the table sees it, for the live web view: an SVG grid (zones tinted, face-up
tiles, frogs in their colony's colour; a face-down square shows nothing), then the colonies.

String building only: nothing here reads more than `render` shows (no pile's make-up, no hand),
but `hand_html`, which draws one colony's hand from its own view for its player's page.
"""

from __future__ import annotations

import re
from html import escape

from referee.model.i18n import N_, _, elide, ngettext, pgettext

from .board import FILES, ZONE, ZONES
from .cards import CARDS, HIDDEN
from .pond import QUEEN, in_pond, occupied, reserve
from .state import CroaState
from .tiles import CODES

CELL = 40
EDGE = 16  # room for the file letters and rank numbers
SIZE = EDGE * 2 + CELL * 8
SQUARES = {f"{f}{r}" for f in FILES for r in range(1, 9)}

# the frog colours of setup.COLORS, and each zone's tint under its squares
FROG = {"red": "#d7263d", "blue": "#1f6fd1", "green": "#2a9d3c", "yellow": "#f2c81b",
        "pink": "#ee6aa7", "purple": "#8446c9", "orange": "#f08a24", "black": "#1d1d1d",
        "white": "#fafafa", "brown": "#8b5a2b"}
ZONE_TINT = {"blue": "#cfe3f7", "green": "#d3eed6", "pink": "#f8d9e8", "yellow": "#f7efc4"}
TILE = {"lilypad": "#7cc36e", "mosquito": "#b9a6d9", "mud": "#a47c55", "pike": "#7d8ea3",
        "reeds": "#c9b458", "log": "#8c6239"}
MALE_TILE = "#f0a35e"
NAMES = {"lilypad": "lily pad", "mosquito": "mosquito", "mud": "mud", "pike": "pike",
         "reeds": "reeds", "log": "log"}


def tile_name(kind: str) -> str:
    """A tile's name in the table's language (`lily pad`, `nénuphar`; `male 3`, `mâle3`)."""
    if kind in NAMES:
        said = pgettext("tile", kind)
        return NAMES[kind] if said == kind else said
    english = f"male {kind[-1]}"
    said = pgettext("tile", "male{n}")
    return english if said == "male{n}" else said.format(n=kind[-1])


def _frogs(state: CroaState, refs: list[list[int]], x: int, y: int) -> tuple[list[str], list[str]]:
    """The frogs on one square as circles (queens first, larger, crowned), and their words."""
    order = sorted(refs, key=lambda r: (r[1] != QUEEN, r[0]))
    if not order:
        return [], []
    shown = order if len(order) <= 4 else order[:3]
    spots = {1: [(0.5, 0.58)], 2: [(0.3, 0.58), (0.7, 0.58)],
             3: [(0.3, 0.45), (0.7, 0.45), (0.5, 0.78)],
             4: [(0.3, 0.45), (0.7, 0.45), (0.3, 0.8), (0.7, 0.8)]}[min(len(order), 4)]
    out, words = [], []
    for (c, i), (fx, fy) in zip(shown, spots, strict=False):
        col = state["colonies"][c]
        colour = FROG.get(col["color"], "#777")
        cx, cy = x + fx * CELL, y + fy * CELL
        r = 9 if i == QUEEN and len(order) == 1 else (7.5 if i == QUEEN else 5.5)
        stuck = col["frogs"][i]["stuck"]
        dash = ' stroke-dasharray="2 2"' if stuck else ""
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="{colour}" stroke="#111" '
                   f'stroke-width="{2 if i == QUEEN else 1}"{dash}/>')
        if i == QUEEN:
            out.append(f'<text x="{cx:.1f}" y="{cy + 3.5:.1f}" class="q" '
                       f'fill="{"#111" if col["color"] in ("yellow", "white", "pink") else "#fff"}">{escape(pgettext("queen mark", "Q"))}</text>')
    if len(order) > 4:
        out.append(f'<text x="{x + 0.7 * CELL:.1f}" y="{y + 0.86 * CELL:.1f}" class="n">'
                   f'+{len(order) - 3}</text>')
    for c, i in order:
        col = state["colonies"][c]
        kind = _("{name}'s queen") if i == QUEEN else _("{name}'s servant")
        note = _(" (stuck in the mud)") if col["frogs"][i]["stuck"] else ""
        words.append(elide(kind.format(name=col["name"])) + note)
    return out, words


def pond_svg(state: CroaState, marked: tuple[str, ...] = ()) -> str:
    """The pond; `marked`: the squares of the last move (where from, then where to), outlined."""
    occ = occupied(state)
    parts = [f'<svg class="pond" viewBox="0 0 {SIZE} {SIZE}" role="img" '
             f'aria-label="{escape(_("The pond: 8 by 8 squares, a1 bottom left"))}" xmlns="http://www.w3.org/2000/svg">']
    for rank in range(8, 0, -1):
        for fi, f in enumerate(FILES):
            sq = f"{f}{rank}"
            x, y = EDGE + fi * CELL, EDGE + (8 - rank) * CELL
            tile = state["tiles"].get(sq)
            words = [sq]
            parts.append(f'<g><rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                         f'fill="{ZONE_TINT[ZONE[sq]]}" stroke="#8aa" stroke-width="0.5"/>')
            if tile:
                fill = TILE.get(tile, MALE_TILE)
                parts.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                             f'rx="5" fill="{fill}"/>')
                parts.append(f'<text x="{x + 4}" y="{y + 12}" class="t">{CODES[tile]}</text>')
                words.append(tile_name(tile))
            frogs, said = _frogs(state, occ.get(sq, []), x, y)
            parts += frogs
            words += said
            said_all = ", ".join(([] if tile else [_("face down")]) + words[1:])
            parts.append(f"<title>{escape(f'{sq}: {said_all}')}</title></g>")
    for i in range(9):  # zone borders: thick every four squares
        w = 2.5 if i in (0, 4, 8) else 0
        if w:
            at = EDGE + i * CELL
            parts.append(f'<line x1="{at}" y1="{EDGE}" x2="{at}" y2="{SIZE - EDGE}" stroke="#345" stroke-width="{w}"/>')
            parts.append(f'<line x1="{EDGE}" y1="{at}" x2="{SIZE - EDGE}" y2="{at}" stroke="#345" stroke-width="{w}"/>')
    for n, sq in enumerate(marked):  # the last move: where it went solid, where from dashed
        if sq in SQUARES:
            x, y = EDGE + FILES.index(sq[0]) * CELL, EDGE + (8 - int(sq[1:])) * CELL
            dash = "" if n == len(marked) - 1 else ' stroke-dasharray="5 3"'
            parts.append(f'<rect class="last" x="{x + 1.5}" y="{y + 1.5}" width="{CELL - 3}" height="{CELL - 3}" '
                         f'rx="4" fill="none" stroke="#e8590c" stroke-width="3"{dash}/>')
    for i, f in enumerate(FILES):
        cx = EDGE + i * CELL + CELL / 2
        parts.append(f'<text x="{cx}" y="{EDGE - 4}" class="l">{f}</text>')
        parts.append(f'<text x="{cx}" y="{SIZE - 3}" class="l">{f}</text>')
    for rank in range(1, 9):
        cy = EDGE + (8 - rank) * CELL + CELL / 2 + 4
        parts.append(f'<text x="{EDGE / 2}" y="{cy}" class="l">{rank}</text>')
        parts.append(f'<text x="{SIZE - EDGE / 2}" y="{cy}" class="l">{rank}</text>')
    parts.append("</svg>")
    return "".join(parts)


def colonies_html(state: CroaState) -> str:
    rows = []
    for c, col in enumerate(state["colonies"]):
        if not col["alive"]:
            status = N_("eliminated")
        elif state["winner"] == c:
            status = N_("winner")
        elif c == state["current"]:
            status = N_("to play")
        else:
            status = N_("waiting")
        males = "".join(m[-1] for m in col["males"]) or _("none")
        cards = ""
        if state.get("cards"):
            cards = f"<td>{len(col['hand'])}{' + force' if col.get('force') else ''}</td>"
        dot = (f'<svg class="dot" viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" r="4.5" '
               f'fill="{FROG.get(col["color"], "#777")}" stroke="#111"/></svg>')
        alive = col["alive"]
        rows.append(f'<tr class="{escape(status.replace(" ", "-"))}"><th>{dot} {escape(col["name"])}'
                    f' <small>{escape(pgettext("colour", col["color"]))}</small></th><td>{escape(_(status))}</td>'
                    f'<td>{in_pond(state, c) if alive else "-"}</td><td>{reserve(state, c) if alive else "-"}</td>'
                    f"<td>{escape(males)}</td>{cards}</tr>")
    words = [_("colony"), _("status"), _("pond"), _("res."), _("males")] + ([_("cards")] if state.get("cards") else [])
    head = "<tr>" + "".join(f"<th>{escape(w)}</th>" for w in words) + "</tr>"
    return f'<table class="grid"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def piles_html(state: CroaState) -> str:
    """How many tiles each zone still has face down (the count only: what they are is hidden)."""
    cells = "".join(f"<li>{escape(pgettext('colour', z))}: {sum(state['piles'][z].values())}</li>" for z in ZONES)
    return f'<p class="note">{escape(_("Tiles still face down by zone:"))}</p><ul class="inline">{cells}</ul>'


def legend_html() -> str:
    kinds = [*TILE, "male"]
    items = "".join(f'<li><svg class="dot" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" '
                    f'rx="2" fill="{TILE.get(k, MALE_TILE)}"/></svg> {CODES.get(k, "M1-M6")} {escape(tile_name(k) if k != "male" else _("males"))}</li>'
                    for k in kinds)
    note = _("Q: a queen; small discs: servants; a dashed edge: stuck in the mud. A square without a tile "
             "is still face down.")
    return f'<ul class="inline legend">{items}</ul><p class="note">{escape(note)}</p>'


def board_html(state: CroaState, marked: tuple[str, ...] = ()) -> str:
    return pond_svg(state, marked) + legend_html() + colonies_html(state) + piles_html(state)


def moved(action: dict | None) -> tuple[str, ...]:
    """The squares an action moved a frog between (from, to), for the pond to mark."""
    if not action:
        return ()
    return tuple(str(action[k]).split(":", 1)[0] for k in ("from", "to") if action.get(k))


WHEN = {"your-turn": N_("on your turn"), "any-time": N_("at any time")}  # a card's timing, said


def _ways(ways: list[dict]) -> list[str]:
    """How a card may be played, in words: `male 1, 2 or 3`, `from a1 to a3 or c3`."""
    males = [str(a["male"])[-1] for a in ways if a.get("male")]
    moves: dict[str, list[str]] = {}
    for a in ways:
        if a.get("from") or a.get("to"):
            moves.setdefault(str(a.get("from") or ""), []).append(str(a.get("to") or ""))
    out = [_("male {n}").format(n=", ".join(dict.fromkeys(males[:-1])) + f" {_('or')} {males[-1]}"
                                if len(set(males)) > 1 else males[0])] if males else []
    for start, ends in moves.items():
        said = [_("from {square}").format(square=start)] if start else []
        ends = list(dict.fromkeys(e for e in ends if e))
        if ends:
            said.append(_("to {square}").format(square=", ".join(ends[:-1]) + f" {_('or')} {ends[-1]}"
                                                 if len(ends) > 1 else ends[0]))
        out.append(" ".join(said))
    return out


def _plain(text: str) -> str:
    """A card's effect for a player's eyes: what the terminal types (`card ... --lost`) left out."""
    return re.sub(r"`[^`]*`(;\s*)?", "", text).replace("()", "").replace("  ", " ").strip()


def hand_html(seen: dict, seat: str, actions: list[dict]) -> str:
    """One colony's dealt hand for its player's own page: each card with its title, when it may
    be played and what it does, marked when it may be played now (from the seat's legal actions),
    with the ways to play it. Drawn from the seat's view alone; "" when no hand was dealt."""
    col = next((c for c in seen.get("colonies") or [] if c.get("name") == seat), None)
    if col is None or not seen.get("deal") or HIDDEN in col["hand"]:
        return ""
    now: dict[str, list[dict]] = {}
    for a in actions:
        if a.get("verb") == "card" and a.get("card") in CARDS and not a.get("lost"):
            now.setdefault(a["card"], []).append(a)
    items = []
    for key in dict.fromkeys(col["hand"]):  # two copies of a card: one entry, "× 2"
        card = CARDS.get(key)
        copies = col["hand"].count(key)
        title = (_(card["title"]) if card else key) + (f" × {copies}" if copies > 1 else "")
        when = _(WHEN.get(card["timing"], card["timing"])) if card else ""
        ways = _ways(now.get(key, []))
        mark = (f'<p class="now">{escape(_("Playable now"))}'
                + (escape(_(":") + " " + "; ".join(ways)) if ways else "") + "</p>") if key in now else ""
        effect = f"<p>{escape(_plain(_(card['effect'])))}</p>" if card else ""
        items.append(f'<li class="card{" playable" if key in now else ""}"><b>{escape(title)}</b>'
                     f'{f" <small>{escape(when)}</small>" if when else ""}{mark}{effect}</li>')
    n = len(col["hand"])
    head = ngettext("Your hand: {n} card", "Your hand: {n} cards", n).format(n=n)
    notes = []
    if col.get("played_card"):
        notes.append(_("You have played your card this turn."))
    if col.get("force"):
        notes.append(_("The force lies in front of you: you fill up to 4 cards."))
    if n and not now:
        notes.append(_("None may be played now."))
    body = f'<ul class="hand">{"".join(items)}</ul>' if items else f'<p class="note">{escape(_("No card in hand."))}</p>'
    return (f"<h3>{escape(head)}</h3>" + body
            + "".join(f'<p class="note">{escape(n_)}</p>' for n_ in notes))
