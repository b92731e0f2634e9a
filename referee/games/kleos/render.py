"""`status`: the board by location, the Isles, the glory track, whose phase, what is pending."""

from __future__ import annotations

from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.actions import OA, oa_choices

SHORT = {"attack": "atk", "defense": "def", "cunning": "cun", "tactics": "tac"}


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
        mod = ",".join(f"{SHORT[k]}{v:+d}" if k != "swift" else "swift"
                       for k, v in a["mod"].items())
        notes.append(f"{a['as']}: {a['card']}" + (f" [{mod}]" if mod else ""))
    return "; ".join(notes)


def heading(state: dict) -> str:
    phase = "Contest over" if state["phase"] == "over" else st.phase_name(state)
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
    if pend["kind"] == OA:
        god = pend["queue"][0]
        mover = state["minions"][pend["mover"]]
        choices = ", ".join(f"`oa {ref}` ({state['minions'][ref]['card']['name']})"
                            for ref in oa_choices(state))
        return (f"WAITING: {st.who(state, god)} may make an opportunity attack on "
                f"{st.name(mover)} as it leaves {pend['from']}: {choices}, or `pass`")
    god = pend["god"]
    choices = ", ".join(f"`replace {slot}` ({state['minions'][f'{god}:{slot}']['card']['name']})"
                        if slot != "new" else f"`replace new` ({pend['card']['name']} itself)"
                        for slot in mn.room_choices(state, god))
    return (f"WAITING: {st.who(state, god)} has four minions; one goes to Hades to make room "
            f"for {pend['card']['name']}: {choices}")


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


def hint(state: dict) -> str:
    """What the table does now, in one line."""
    god = st.active_god(state)
    if state["phase"] == "deployment":
        return ("Deployment: put an Epic card on each Isle (isle ISLE CARD), deploy minions "
                "(deploy GOD CARD...), then `next` starts Day 1.")
    if state["phase"] == "play":
        return (f"{st.whose(state, god)} Play Phase: play minions and attach cards "
                "(play, attach), then `next`.")
    if state["phase"] == "action":
        return (f"{st.whose(state, god)} Action Phase: two actions per minion (move, attack, "
                "recruit), then `next`.")
    return ""


def render(state: dict) -> str:
    parts = [heading(state)]
    line = pending_text(state) or hint(state)
    if line:
        parts.append(line)
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
        elif isle in state["awaiting"] and state["phase"] != "over":
            isles.append([isle, f"(draw an Epic card: isle {isle} CARD)", "", ""])
        else:
            isles.append([isle, "(empty)", "", ""])
    parts += ["", _table(["isle", "epic card", "disposition", "A/D/C/T"], isles)]
    parts += ["", _table(["player", "god", "temple", "glory", f"day {state['day']}", "minions",
                          "notes"],
                         glory_rows(state))]
    if state["favor"]:
        parts.append(f"Olympus' Favor: {st.name(state['minions'][state['favor']])}")
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
        today = sum(e["delta"] for e in state["ledger"]
                    if e["god"] == god and e["day"] == state["day"])
        notes = []
        if god == first:
            notes.append("first player")
        if god in state["pity"]:
            notes.append("Zeus' Pity")
        rows.append([p["name"], god.capitalize(), p["temple"].upper(), state["glory"][god],
                     f"{today:+d}" if today else "", f"{st.count_minions(state, god)}/4 + champion",
                     ", ".join(notes)])
    return rows
