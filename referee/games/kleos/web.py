"""The Contest as the table sees it, for the live web view: each location with its minions
(a colour per god), the Isles, the glory track. The same facts as `status` (render.py), as HTML.

String building only. Hands are never shown: `status` does not show them either.
"""

from __future__ import annotations

from html import escape

from referee.games.kleos import state as st
from referee.games.kleos.render import (
    _isle_rows,
    _notes,
    _stats,
    attack_dice,
    glory_rows,
    heading,
    pending_text,
    tallies,
)
from referee.games.kleos.state import State

GOD_COLOUR = {"ares": "#d7263d", "artemis": "#2a9d3c", "athena": "#1f6fd1",
              "dionysus": "#8446c9", "hermes": "#f08a24"}


def dot(god: str) -> str:
    return (f'<svg class="dot" viewBox="0 0 10 10" aria-hidden="true"><circle cx="5" cy="5" '
            f'r="4.5" fill="{GOD_COLOUR.get(god, "#777")}" stroke="#111"/></svg>')


def _location(state: State, loc: str, owners: dict[str, str]) -> str:
    info = state["board"]["locations"][loc]
    here = sorted(st.at(state, loc), key=lambda m: (st.gods(state).index(m["god"]), m["slot"]))
    bits = [f'<span class="kind">{escape(info["kind"])}</span>']
    if loc in owners:
        bits.append(f"{dot(owners[loc])} {escape(st.possessive(owners[loc].capitalize()))} temple")
    if info["kind"] == "city" and info["glory"]:
        bits.append(f'<b>{info["glory"]} glory</b>')
    head = f'<h3>{escape(info.get("label") or loc)} <small>{escape(loc)}</small></h3><p class="note">{" · ".join(bits)}</p>'
    if not here:
        return f'<section class="loc empty">{head}</section>'
    tally = ", ".join(f"{escape(st.player(state, g)['name'])} {t:+d}" for g, t in tallies(state, loc).items())
    rows = "".join(
        f'<tr><th>{dot(m["god"])} {escape(m["ref"]).replace(":", ":<wbr>")}</th><td>{escape(m["card"]["name"])}</td>'
        f'<td>{_stats(state, m)}</td><td>{attack_dice(state, m)}</td>'
        f'<td>{"-" if m["exhausted"] else m["actions"]}</td></tr>'
        + (f'<tr class="sub"><td colspan="5">{escape(_notes(state, m))}</td></tr>' if _notes(state, m) else "")
        for m in here)
    table = ('<table class="grid"><thead><tr><th>minion</th><th>card</th><th>A/D/C/T</th>'
             f'<th>dice</th><th>act</th></tr></thead><tbody>{rows}</tbody></table>')
    return f'<section class="loc">{head}<p class="note">Tactics here: {tally}</p>{table}</section>'


def _table(headers: list[str], rows: list[list]) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="grid"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def board_html(state: State) -> str:
    owners = {p["temple"]: p["god"] for p in state["players"]}
    parts = [f'<p class="lead">{escape(heading(state))}</p>']
    if state["pending"]:
        parts.append(f'<p class="wait">{escape(pending_text(state))}</p>')
    occupied = [loc for loc in state["board"]["locations"] if st.at(state, loc)]
    empty = [loc for loc in state["board"]["locations"] if not st.at(state, loc)]
    parts += [_location(state, loc, owners) for loc in occupied]
    if not occupied:
        parts.append('<p class="note">No minions on the board yet.</p>')
    if empty:
        parts.append(f'<p class="note">Empty: {escape(", ".join(empty))}</p>')
    parts.append("<h3>The Isles</h3>" + _table(["isle", "epic card", "disposition", "A/D/C/T"],
                                                 _isle_rows(state)))
    players = []
    for p, row in zip(state["players"], glory_rows(state), strict=True):
        players.append(f'<tr><th>{dot(p["god"])} {escape(str(row[0]))}</th>'
                       + "".join(f"<td>{escape(str(c))}</td>" for c in row[1:]) + "</tr>")
    parts.append(f'<h3>Glory</h3><table class="grid"><thead><tr><th>player</th><th>temple</th><th>glory</th>'
                 f'<th>day {state["day"]}</th><th>minions</th><th>notes</th></tr></thead>'
                 f'<tbody>{"".join(players)}</tbody></table>')
    if state["favor"]:
        parts.append(f'<p class="note">Olympus\' Favor: {escape(st.name(state["minions"][state["favor"]]))}</p>')
    if state["result"]:
        names = ", ".join(st.who(state, g) for g in state["result"]["winners"])
        parts.append(f'<p class="lead">Winner: {escape(names)} ({escape(state["result"]["decided_by"])})</p>')
    return "".join(parts)
