"""The table as text: day and phase, the row, each journey, Blessings, Shades, what is awaited."""

from __future__ import annotations

import re

from referee.games.elysion import deck, flow, styx
from referee.games.elysion.catalog import ICON_LETTERS, Card, Catalog
from referee.games.elysion.lookback import RANKING_HEADERS, glory_now
from referee.games.elysion.sight import coins as sight_coins
from referee.games.elysion.sight import unit_icons
from referee.games.elysion.state import Day, ElysionState
from referee.model import tables
from referee.model.i18n import ngettext
from referee.model.tables import wrap_paragraph
from referee.scorers.elysion import DAYS

WIDTH = 80  # status fits 80 columns: a wider journeys table is split in parts
LEGEND = (
    "Icons: C Charon's coin, G gate, F Golden Fleece, A amphora, L lotus;\n"
    "12* a constellation."
)


def _table(headers: list[str], rows: list[list], wrap: dict[int, int] | None = None) -> str:
    """A plain table (the referee's own, `referee.model.tables`: tabulate's "simple" look without
    loading tabulate and wcwidth); `wrap` folds long columns ({column: width}) to keep status
    in 80 columns."""
    import textwrap

    text = tables.render(headers, rows)
    if not wrap or not rows or max(map(len, text.splitlines())) <= WIDTH:
        return text
    folded = [["\n".join(piece for line in str(cell).splitlines() if line.strip()
                         for piece in textwrap.wrap(line, wrap[i]))
               if i in wrap and cell is not None else cell for i, cell in enumerate(row)] for row in rows]
    return tables.render(headers, folded)


def _fold(line: str) -> str:
    """A long line folded to WIDTH at spaces, never inside a `command`."""
    import textwrap

    if len(line) <= WIDTH:
        return line
    head, sep, rest = line.partition(" · ")
    if sep and len(head) < WIDTH:  # `Day 4 of 8` on its own line, then what is awaited
        return head + "\n" + _fold(rest)
    glued = re.sub(r"`[^`]*`", lambda m: m.group(0).replace(" ", "\0"), line)
    return textwrap.fill(glued, WIDTH, subsequent_indent="  ").replace("\0", " ")


def _icons(icons: dict[str, int]) -> str:
    return "".join(ICON_LETTERS[i] * n for i, n in icons.items()) or "-"


def realm_cell(catalog: Catalog, day: Day) -> str:
    realm = catalog.realms[day["realm"]]
    shade = catalog.shades[day["shade"]] if day.get("shade") else None
    icons = _icons(unit_icons(realm, shade))
    text = f"{realm.key} {realm.faction}" + (f" {icons}" if icons != "-" else "")
    return text + (f" + {shade.key}" if shade else "")


def card_rule(card: Card) -> str:
    """A card's rule in one short line: offering, need, give-up, score."""
    parts = []
    if card.offering:
        parts.append("offering " + "+".join(f"{n} {r}" for r, n in card.offering.items()))
    if card.needs_text:
        parts.append(f"needs {card.needs_text}")
    if card.give_up:
        parts.append(f"give up {card.give_up} {ngettext('Blessing', 'Blessings', card.give_up)}")
    parts.append(f"scores {card.score_text}")
    return "; ".join(parts)


def render(state: ElysionState, catalog: Catalog) -> str:
    addons = [
        name
        for name, on in (
            ("Constellations", state["constellations"]),
            ("Beyond the Styx", state["styx"]),
        )
        if on
    ]
    lines = [
        f"Catalog: {catalog.name}" + (f" · add-ons: {', '.join(addons)}" if addons else ""),
        *([f"  {catalog.note}"] if catalog.note else []),
        _fold(f"Day {min(state['day'], DAYS)} of {DAYS} · {headline(state, catalog)}"),
        "",
    ]
    lines += journeys(state, catalog)
    # before the look back, each journey's glory as it stands (the referee's give-up choices)
    now = state["phase"] != "over" and any(state["journeys"].values())
    rows = []
    for p in state["players"]:
        hand = state["hands"][p]
        held = f"{hand['secret'] + len(hand['known'])}" + (
            f" ({', '.join(hand['known'])} from the row)" if hand["known"] else ""
        )
        coins = sight_coins(catalog, state["journeys"][p], state["blessings"][p])
        row = [p, held, coins]
        if now:
            row.append(glory_now(catalog, state["journeys"][p], state["blessings"][p]))
        rows.append([*row, ", ".join(state["blessings"][p]) or "-"])
    headers = ["player", "in hand", "coins", *(["look back"] if now else []), "Blessings kept"]
    lines += [_table(headers, rows, {1: 20, len(headers) - 1: 24})]
    if now:
        lines.append("look back: the glory each journey would score if we looked back now")
    # counted, not named: a viewer's state shows Blessings drawn and put back as `?`
    under = [b for batch in state.get("blessings_under", []) for b in batch]
    kept = sum(len(state["blessings"][p]) for p in state["players"])
    fresh = len(catalog.blessings) - kept - len(deck.drawn(state)) - len(under)
    lines += [
        f"Blessing deck: {fresh + len(under)}"
        + (f" ({fresh} never drawn on top, {len(under)} put back under them)" if under else ""),
        "",
    ]
    if state["row"]:
        row_rows = [
            [
                k,
                catalog.realms[k].faction,
                catalog.realms[k].icon_text() or "-",
                card_rule(catalog.realms[k]),
            ]
            for k in state["row"]
        ]
        lines += [
            f"Row ({len(state['row'])})",
            _table(["realm", "faction", "icons", "rule"], row_rows, {3: 46}),
            "",
        ]
    if state["styx"]:
        shade_rows = [
            [
                s,
                catalog.shades[s].goal_text,
                catalog.shades[s].icon_text() or "-",
                catalog.shades[s].score_text,
            ]
            for s in state["shades_up"]
        ]
        last_day = state["day"] >= DAYS and state["phase"] != "over"
        lines += [
            "Shades by the row"
            + (" (none is taken on day 8: nobody takes a realm)" if last_day else ""),
            _table(["Shade", "goal", "icons", "scores"], shade_rows, {1: 24, 3: 24})
            if shade_rows
            else "(none)",
        ]
        lines += [f"Next Shade in the deck: {state['shade_top'] or 'none'}", ""]
    if state["phase"] == "take" and state["order"]:
        order = []
        for i, p in enumerate(state["order"]):
            mark = "done" if i < state["turn"] else ("now" if i == state["turn"] else "")
            order.append([i + 1, p, state["journeys"][p][-1]["realm"], state["draws"][p], mark])
        lines += [
            "Take order",
            _table(["#", "player", "realm", "Blessings to draw", ""], order),
            "",
        ]
    if state["lookback"]:
        ranking = state["lookback"]["ranking"]
        lines += [
            "Ranking after the look back (`lookback` shows it card by card)",
            _table(RANKING_HEADERS, ranking),
            "",
        ]
    lines.append(LEGEND)
    return "\n".join(lines)


def render_compact(state: ElysionState, catalog: Catalog) -> str:
    """For an 80x24 screen: the day and what is awaited, a line or two per player (hand, coins,
    look back, Blessings, then the journey), the row, the Shades and the take order."""
    def fill(text: str) -> list[str]:
        return wrap_paragraph(text, WIDTH, "    ").split("\n")

    lines = fill(f"Day {min(state['day'], DAYS)} of {DAYS} · {headline(state, catalog)}")
    now = state["phase"] != "over" and any(state["journeys"].values())
    for p in state["players"]:
        hand = state["hands"][p]
        held = f"{hand['secret'] + len(hand['known'])}" + (
            f" ({', '.join(hand['known'])} from the row)" if hand["known"] else "")
        facts = [f"hand {held}",
                 f"coins {sight_coins(catalog, state['journeys'][p], state['blessings'][p])}"]
        if now:
            facts.append(f"look back {glory_now(catalog, state['journeys'][p], state['blessings'][p])}")
        facts.append(f"Blessings: {', '.join(state['blessings'][p]) or '-'}")
        lines += fill(f"{p}: " + " · ".join(facts))
        trip = [realm_cell(catalog, d) for d in state["journeys"][p]]
        if trip:
            lines += fill("  journey: " + " · ".join(trip))
    if state["row"]:
        cards = [f"{k} {catalog.realms[k].faction} {catalog.realms[k].icon_text() or '-'} "
                 f"({card_rule(catalog.realms[k])})" for k in state["row"]]
        lines += fill("Row: " + " · ".join(cards))
    if state["styx"]:
        shades = [f"{s} ({catalog.shades[s].goal_text}; {catalog.shades[s].score_text})"
                  for s in state["shades_up"]]
        lines += fill(f"Shades: {' · '.join(shades) or 'none'} · next: {state['shade_top'] or 'none'}")
    if state["phase"] == "take" and state["order"]:
        order = [f"{p} {state['journeys'][p][-1]['realm']}"
                 + (" (done)" if i < state["turn"] else " (now)" if i == state["turn"] else "")
                 for i, p in enumerate(state["order"])]
        lines += fill("Take order: " + ", ".join(order))
    if state["lookback"]:
        best = ", ".join(f"{r[0]} {r[1]} ({r[2]})" for r in state["lookback"]["ranking"][:4])
        lines += fill(f"Ranking after the look back: {best} (`lookback` card by card)")
    return "\n".join(lines)


def journeys(state: ElysionState, catalog: Catalog) -> list[str]:
    """Each journey as a column, day by day; wide tables (6-7 players) split in parts."""
    days = max((len(j) for j in state["journeys"].values()), default=0)
    if not days:
        return []
    columns = {
        p: [
            realm_cell(catalog, state["journeys"][p][d]) if d < len(state["journeys"][p]) else ""
            for d in range(days)
        ]
        for p in state["players"]
    }
    parts: list[list[str]] = [[]]
    width = len(f"day {days}")
    for p in state["players"]:
        need = 2 + max(len(p) + 2, *(len(c) for c in columns[p]))  # tabulate pads headers by 2
        if parts[-1] and width + need > WIDTH:
            parts.append([])
            width = len(f"day {days}")
        parts[-1].append(p)
        width += need
    out = ["Journeys" + (f" ({len(parts)} parts, in seating order)" if len(parts) > 1 else "")]
    for seats in parts:
        grid = [[f"day {d + 1}", *(columns[p][d] for p in seats)] for d in range(days)]
        out += [_table(["", *seats], grid), ""]
    return out


def headline(state: ElysionState, catalog: Catalog | None = None) -> str:
    """What the table is waiting for, in one line."""
    phase = state["phase"]
    if phase == "reveal":
        return "pick realms, then `reveal NAME=REALM ...` (all players at once)"
    if phase == "take":
        p = state["order"][state["turn"]]
        if flow.stage(state) == "keep":
            return f"{p} keeps one Blessing: {', '.join(deck.drawn(state))} (`keep {p} NAME`)"
        if flow.stage(state) == "shade":
            answer = styx.shade_choices(state, catalog, p) if catalog else []
            verb = "answers" if len(answer) == 1 else "answer"
            which = f" ({' or '.join(answer)} {verb})" if answer else ""
            return f"{p} may take a Shade{which}: `shade {p} NAME`, or `pass {p}`"
        n = state["draws"][p]
        draws = f", then draws {n} {ngettext('Blessing', 'Blessings', n)} and keeps one" if n else " (no Blessings today)"
        if flow.needs_realm(state):
            return f"{p} takes a realm from the row{draws} (`take {p} REALM`)"
        return f"{p} draws {n} {ngettext('Blessing', 'Blessings', n)} and keeps one (`take {p}`)"
    if phase == "day-end":
        return "all have taken: `next` deals the next row"
    if phase == "lookback":
        return "the journey is over: `lookback` scores it"
    winners = ", ".join(state["winners"])
    return f"game over · {ngettext('winner', 'winners', len(state['winners']))}: {winners}"
