"""`status`: the board by location, the Isles, the glory track, whose phase, what is pending."""

from __future__ import annotations

from referee.games.kleos import minions as mn
from referee.games.kleos import state as st

SHORT = {"attack": "atk", "defense": "def", "cunning": "cun", "tactics": "tac"}
PHASES = {"deployment": "Deployment", "play": "Play Phase", "action": "Action Phase",
          "over": "Contest over"}


def _table(headers: list[str], rows: list[list]) -> str:
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def _stats(state: dict, m: dict) -> str:
    vals = [mn.stat(state, m, k) for k in ("attack", "defense", "cunning", "tactics")]
    return f"{vals[0]}/{vals[1]}/{vals[2]}/{vals[3]:+d}"


def _notes(state: dict, m: dict) -> str:
    notes = []
    if state["favor"] == m["ref"]:
        notes.append("* Olympus' Favor")
    if m["exhausted"]:
        notes.append("exhausted")
    if m["oa_used"]:
        notes.append("OA used")
    if mn.swift(m):
        notes.append("Swift" + (" (moved)" if m["moves"] else ""))
    if mn.hunting(state, m):
        notes.append("hunting")
    for a in m["attachments"]:
        mod = ",".join(f"{SHORT[k]}{v:+d}" if k != "swift" else "swift" for k, v in a["mod"].items())
        notes.append(f"{a['as']}: {a['card']}" + (f" [{mod}]" if mod else ""))
    return "; ".join(notes)


def heading(state: dict) -> str:
    phase = PHASES[state["phase"]]
    god = st.active_god(state)
    line = f"Day {state['day']} of 5 · {phase}"
    if god:
        line += f" · {st.who(state, god)} to act"
    order = " > ".join(st.player(state, g)["name"] for g in st.turn_order(state))
    return line + f" · turn order: {order}"


def pending_text(state: dict) -> str:
    pend = state["pending"]
    if not pend:
        return ""
    if pend["kind"] == "opportunity-attack":
        god = pend["queue"][0]
        choices = [m["ref"] for m in st.at(state, pend["from"])
                   if m["god"] == god and not m["oa_used"] and not m["exhausted"]]
        return (f"WAITING: {st.who(state, god)} may make an opportunity attack on {pend['mover']} "
                f"leaving {pend['from']}: `oa {choices[0] if choices else 'MINION'}` "
                f"({', '.join(choices)}) or `pass`")
    return (f"WAITING: {st.who(state, pend['god'])} has four minions; send one to Hades for "
            f"{pend['card']['name']}: `replace SLOT` ({', '.join(mn.room_choices(state, pend['god']))})")


def board_rows(state: dict) -> list[list]:
    rows = []
    owners = {p["temple"]: p["god"] for p in state["players"]}
    for loc, info in state["board"]["locations"].items():
        here = sorted(st.at(state, loc), key=lambda m: (st.gods(state).index(m["god"]), m["slot"]))
        place = loc
        if loc in owners:
            place += f" ({st.possessive(owners[loc].capitalize())} temple)"
        if info["kind"] == "city" and info["glory"]:
            place += f" [{info['glory']} glory]"
        if not here:
            continue
        for i, m in enumerate(here):
            rows.append([place if i == 0 else "", m["ref"],
                         m["card"]["name"], _stats(state, m),
                         "-" if m["exhausted"] else str(m["actions"]), _notes(state, m)])
    return rows


def render(state: dict) -> str:
    parts = [heading(state)]
    if state["phase"] == "deployment":
        parts.append("Deployment: put an Epic card on each Isle (isle ISLE CARD), deploy minions "
                     "(deploy GOD CARD...), then `next` starts Day 1.")
    pend = pending_text(state)
    if pend:
        parts.append(pend)
    rows = board_rows(state)
    parts.append("")
    parts.append(_table(["location", "minion", "card", "A/D/C/T", "actions", "notes"], rows)
                 if rows else "(no minions on the board)")
    empty = [loc for loc in state["board"]["locations"] if not st.at(state, loc)]
    if empty:
        parts.append("empty: " + ", ".join(empty))
    isles = []
    for isle, card in state["isles"].items():
        if card:
            isles.append([isle, card["name"], card["disposition"], _card_stats(card)])
        elif isle in state["awaiting"]:
            isles.append([isle, f"(draw an Epic card: isle {isle} CARD)", "", ""])
        else:
            isles.append([isle, "(empty)", "", ""])
    parts += ["", _table(["isle", "epic card", "disposition", "A/D/C/T"], isles)]
    parts += ["", _table(["player", "god", "temple", "glory", f"day {state['day']}", "minions", "notes"],
                         glory_rows(state))]
    if state["result"]:
        names = ", ".join(st.who(state, g) for g in state["result"]["winners"])
        parts.append(f"\nWinner: {names} ({state['result']['decided_by']})")
    return "\n".join(parts)


def _card_stats(card: dict) -> str:
    return f"{card['attack']}/{card['defense']}/{card['cunning']}/{card['tactics']:+d}"


def glory_rows(state: dict) -> list[list]:
    rows = []
    first = st.turn_order(state)[0]
    for p in state["players"]:
        god = p["god"]
        today = sum(e["delta"] for e in state["ledger"] if e["god"] == god and e["day"] == state["day"])
        notes = []
        if god == first:
            notes.append("first player")
        if god in state["pity"]:
            notes.append("Zeus' Pity")
        rows.append([p["name"], god.capitalize(), p["temple"].upper(), state["glory"][god],
                     f"{today:+d}" if today else "", f"{st.count_minions(state, god)}/4 + champion",
                     ", ".join(notes)])
    return rows
