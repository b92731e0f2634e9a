"""`status`: the board by location, the Isles, the glory track, whose phase, what is pending.

Kept within 80 columns. What decides the next fight is on the board: each side's Tactics
tally at each location, each minion's stats with a Hunter bonus in force, and the Attack
dice it would roll there; the player rows say who draws (or will draw) Zeus' Pity.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos import combat, flow
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.actions import OA, oa_choices
from referee.games.kleos.state import Card, Location, Minion, State

SHORT = {"attack": "atk", "defense": "def", "cunning": "cun", "tactics": "tac"}
WIDTH = 80  # `status` fits an 80-column terminal
INDENT = "  "
GAP = "  "
MIN_LAST = 14  # the notes column never gets narrower than this


def _stats(state: State, m: Minion) -> str:
    vals = [mn.stat(state, m, k) for k in ("attack", "defense", "cunning", "tactics")]
    return f"{vals[0]}/{vals[1]}/{vals[2]}/{vals[3]:+d}"


def _notes(state: State, m: Minion) -> str:
    notes = []
    if state["favor"] == m["ref"]:
        notes.append("* Olympus' Favor")
    if m["exhausted"]:
        notes.append("exhausted")
    if m["oa_used"]:
        notes.append("OA used")
    if mn.swift(m):
        notes.append("Swift" + (" (moved)" if m["moves"] else ""))
    hunter = m["card"]["hunter"]
    if hunter and mn.hunting(state, m):
        notes.append("hunting +{}/+{}".format(*hunter))
    for a in m["attachments"]:
        mod = ", ".join(f"{SHORT[k]}{v:+d}" if k != "swift" else "swift"
                       for k, v in a["mod"].items())
        notes.append(f"{a['as']}: {a['card']}" + (f" [{mod}]" if mod else ""))
    return "; ".join(notes)


def heading(state: State) -> str:
    phase = "Contest over" if state["phase"] == "over" else st.phase_name(state)
    god = st.active_god(state)
    line = f"Day {state['day']} of 5 · {phase}"
    if god:
        line += f" · {st.who(state, god)} to act"
    order = " > ".join(st.player(state, g)["name"] for g in st.turn_order(state))
    return line + f" · turn order: {order}"


def _pending(state: State) -> tuple[str, list[str]]:
    """The pending decision: who decides what, and the answers (each a command)."""
    entry = state["pending"][0]
    data: dict[str, Any] = entry.get("data") or {}
    god = data["god"]
    if entry["decision"] == OA:
        mover = state["minions"][data["mover"]]
        choices = [f"`oa {ref}` ({state['minions'][ref]['card']['name']})"
                   for ref in oa_choices(state)]
        head = (f"{st.who(state, god)} may make an opportunity attack on {st.name(mover)} as "
                f"it leaves {data['start']}")
        return head, [*choices, "`pass`" + (" (or `pass all`)" if data["then"] else "")]
    choices = [f"`replace {slot}` ({state['minions'][f'{god}:{slot}']['card']['name']})"
               if slot != "new" else f"`replace new` ({data['card']['name']} itself)"
               for slot in entry["choices"]]
    head = (f"{st.who(state, god)} has four minions; one goes to Hades to make room for "
            f"{data['card']['name']}")
    return head, choices


def pending_text(state: State) -> str:
    """The pending decision in one line ('' when none)."""
    if not state["pending"]:
        return ""
    head, choices = _pending(state)
    if state["pending"][0]["decision"] == OA:
        return f"WAITING: {head}: {', '.join(choices[:-1])}, or {choices[-1]}"
    return f"WAITING: {head}: {', '.join(choices)}"


def _pending_lines(state: State) -> list[str]:
    """The pending decision for `status`: who decides, then one answer a line."""
    head, choices = _pending(state)
    return [*_fill(f"WAITING: {head}:"), *(f"{INDENT}{c}" for c in choices)]


def _fill(text: str, indent: str = INDENT) -> list[str]:
    import textwrap  # loaded when a table is drawn, not for every action

    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False)


def _grid(headers: list[str], rows: list[list], caps: list[int | None],
          indent: str = "") -> tuple[list[str], list[list[str]]]:
    """Aligned columns within WIDTH: the header lines, then each row's lines. A cell wider
    than its column's cap wraps onto more lines; the last column takes the room left."""
    cells = [[str(c) for c in r] for r in rows]
    widths = [max(len(c) for c in col) for col in zip(headers, *cells, strict=True)]
    fixed = [w if cap is None else min(w, cap) for w, cap in zip(widths[:-1], caps[:-1],
                                                                 strict=True)]
    room = WIDTH - len(indent) - sum(fixed) - len(GAP) * (len(headers) - 1)
    widths = [*fixed, min(widths[-1], max(MIN_LAST, room))]

    import textwrap

    def lines(row: list[str]) -> list[str]:
        wrapped = [textwrap.wrap(c, w, break_on_hyphens=False) or [""]
                   for c, w in zip(row, widths, strict=True)]
        return [(indent + GAP.join((col[i] if i < len(col) else "").ljust(w)
                                   for col, w in zip(wrapped, widths, strict=True))).rstrip()
                for i in range(max(len(col) for col in wrapped))]

    rule = indent + GAP.join("-" * w for w in widths)
    return [*lines(headers), rule], [lines(r) for r in cells]


def tallies(state: State, location: str) -> dict[str, int]:
    """Each side's Tactics at a location: the sum over its minions there (a fighter's own
    is left out of its side's tally when it fights)."""
    return {g: combat.tally(state, location, g, ()) for g in st.gods(state)
            if any(m["god"] == g for m in st.at(state, location))}


def attack_dice(state: State, m: Minion) -> int:
    """Dice the minion rolls attacking or retaliating where it stands: Attack plus its side's
    tally without itself (card bonuses aside; an opportunity attack adds no Tactics)."""
    side = combat.tally(state, m["location"], m["god"], (m["ref"],))
    return max(0, mn.stat(state, m, "attack") + side)


def _place(state: State, loc: str, info: Location, owners: dict[str, str]) -> str:
    bits = [loc]
    if loc in owners:
        bits.append(f"{st.possessive(owners[loc].capitalize())} temple")
    if info["kind"] == "city" and info["glory"]:
        bits.append(f"{info['glory']} glory")
    tally = ", ".join(f"{st.player(state, g)['name']} {t:+d}"
                      for g, t in tallies(state, loc).items())
    return " · ".join(bits) + f" · Tactics: {tally}"


BOARD = ["minion", "card", "A/D/C/T", "dice", "act", "notes"]
BOARD_CAPS: list[int | None] = [None, 22, 9, None, None, None]
DICE_NOTE = ("Tactics: each side's sum here (a fighter's own is left out); dice: Attack + "
             "that tally, card bonuses aside (an opportunity attack adds no Tactics)")


def board_lines(state: State, note: bool = True) -> list[str]:
    """The minions by location; each location says its glory and each side's Tactics tally,
    each minion its stats (Hunter included), the dice it fights with here, its notes."""
    owners = {p["temple"]: p["god"] for p in state["players"]}
    titles: list[tuple[str, int]] = []
    rows: list[list] = []
    for loc, info in state["board"]["locations"].items():
        here = sorted(st.at(state, loc), key=lambda m: (st.gods(state).index(m["god"]), m["slot"]))
        if not here:
            continue
        titles.append((_place(state, loc, info, owners), len(here)))
        rows += [[m["ref"], m["card"]["name"], _stats(state, m), attack_dice(state, m),
                  "-" if m["exhausted"] else m["actions"], _notes(state, m)] for m in here]
    if not rows:
        return ["(no minions on the board)"]
    head, body = _grid(BOARD, rows, BOARD_CAPS, INDENT)
    out, i = head, 0
    for title, count in titles:
        out += _fill(title)
        for row in body[i:i + count]:
            out += row
        i += count
    return out + (_fill(DICE_NOTE) if note else [])


def hint(state: State) -> str:
    """What the table does now, in one line."""
    if state["phase"] == "deployment":
        return ("Deployment: put an Epic card on each Isle (isle ISLE CARD), deploy minions "
                "(deploy GOD CARD...), then `next` starts Day 1.")
    waiting = flow.waiting_isles(state)
    if waiting:  # Daybreak's refill comes before the day goes on
        return (f"Daybreak: {waiting}, before the day goes on (`next --deck-out` when the Epic "
                "Minion Deck is out).")
    if state["phase"] == "play":
        return (f"{st.whose(state, st.active(state))} Play Phase: play minions and attach "
                "cards (play, attach), then `next`.")
    if state["phase"] == "action":
        return (f"{st.whose(state, st.active(state))} Action Phase: two actions per minion "
                "(move, attack, recruit), then `next`.")
    return ""


def _isle_rows(state: State) -> list[list]:
    rows = []
    for isle, card in state["isles"].items():
        if card:
            rows.append([isle, card["name"], card["disposition"], _card_stats(card)])
        elif isle in state["awaiting"] and state["phase"] != "over":
            rows.append([isle, f"(draw an Epic card: isle {isle} CARD)", "", ""])
        else:
            rows.append([isle, "(empty)", "", ""])
    return rows


def _table(headers: list[str], rows: list[list], caps: list[int | None]) -> list[str]:
    head, body = _grid(headers, rows, caps)
    return head + [line for row in body for line in row]


def render(state: State) -> str:
    """`status` within 80 columns: heading, what to do or who decides, the board, the Isles,
    the players."""
    parts = _fill(heading(state))
    if state["pending"]:
        parts += _pending_lines(state)
    elif hint(state):
        parts += _fill(hint(state))
    parts += ["", *board_lines(state)]
    empty = [loc for loc in state["board"]["locations"] if not st.at(state, loc)]
    if empty:
        parts += _fill("empty: " + ", ".join(empty))
    parts += ["", *_table(["isle", "epic card", "disposition", "A/D/C/T"], _isle_rows(state),
                          [None, 40, None, None])]
    parts += ["", *_table(["player", "temple", "glory", f"day {state['day']}", "minions",
                           "notes"], glory_rows(state), [20, None, None, None, None, None])]
    if state["favor"]:
        parts += _fill(f"Olympus' Favor: {st.name(state['minions'][state['favor']])}")
    if state["result"]:
        names = ", ".join(st.who(state, g) for g in state["result"]["winners"])
        parts += ["", *_fill(f"Winner: {names} ({state['result']['decided_by']})")]
    return "\n".join(parts)


def render_compact(state: State) -> str:
    """For an 80x24 screen: heading, what to do or who decides, the minions on the board and
    the players' glory; no Isles, no empty locations, no note on the dice."""
    parts = _fill(heading(state))
    if state["pending"]:
        head, choices = _pending(state)  # the answers side by side, not one a line
        parts += _fill(f"WAITING: {head}: {' · '.join(choices)}")
    elif hint(state):
        parts += _fill(hint(state))
    parts += board_lines(state, note=False)
    for name, temple, glory, today, minions, notes in glory_rows(state):  # a line each
        parts += _fill(f"{name} {temple} · glory {glory}" + (f" ({today} today)" if today else "")
                       + f" · minions {minions}" + (f" · {notes}" if notes else ""))
    if state["result"]:
        names = ", ".join(st.who(state, g) for g in state["result"]["winners"])
        parts += _fill(f"Winner: {names} ({state['result']['decided_by']})")
    return "\n".join(parts)


def _card_stats(card: Card) -> str:
    return f"{card['attack']}/{card['defense']}/{card['cunning']}/{card['tactics']:+d}"


def glory_rows(state: State) -> list[list]:
    """A row per player: glory, today's change, minions, first player and Zeus' Pity (drawn
    today, or due at the next Daybreak for a player 5+ behind the leader)."""
    rows = []
    first = st.turn_order(state)[0]
    lead = max(state["glory"].values())
    for p in state["players"]:
        god = p["god"]
        today = st.glory_today(state, god)
        notes = []
        if god == first:
            notes.append("first player")
        gap = lead - state["glory"][god]
        if god in state["pity"]:
            notes.append("Zeus' Pity today")
        elif gap >= flow.PITY_GAP and state["day"] < flow.LAST_DAY and state["phase"] != "over":
            notes.append(f"{gap} behind: Zeus' Pity at Daybreak")
        rows.append([f"{p['name']} ({god.capitalize()})", p["temple"].upper(),
                     state["glory"][god], f"{today:+d}" if today else "",
                     f"{st.count_minions(state, god)}/4", ", ".join(notes)])
    return rows
