"""The table as text for `status`: Impulse, players, Mindsets, Mood Marker, whose turn."""

from __future__ import annotations

from referee.games.cerebria import cards, flow, mindset
from referee.games.cerebria.revelation import describe_result
from referee.games.cerebria.state import State
from referee.model import tables

WIDTH = 80  # the board fits 80 columns: long cells wrap between words (or at hyphens)


def _table(headers: list[str], rows: list[list]) -> str:
    return tables.render(headers, rows, WIDTH)


def _line(text: str) -> str:
    return tables.wrap_paragraph(text, WIDTH)


def _slots(n: int, cap: int, aff: str) -> str:
    if cap == 0:
        return "-"
    return f"{'●' * n}{'○' * (cap - n)} {aff}"


def render(state: State) -> str:
    players = state["players"]
    cur = players[state["current"]]
    lines = [_line(f"Cycle {state['cycle']} · turn {state['turn']} · Mood Marker: "
                   f"{state['mood'].capitalize()} · supply: Bliss {state['supply']['bliss']}, "
                   f"Gloom {state['supply']['gloom']} · deck {state['deck']} · discard "
                   f"{len(state['discard']['known']) + state['discard']['unknown']}"), ""]
    imp = [[f"{i + 1}", card or "(empty)", state["stacks"][i]]
           for i, card in enumerate(state["impulse"])]
    lines += ["Impulse", _table(["slot", "face-up card", "stack"], imp)]
    faceup = state["discard"]["known"]
    if faceup:
        more = f" (+{len(faceup) - 4} more)" if len(faceup) > 4 else ""
        lines.append(_line(f"Discard pile, latest face up: {', '.join(reversed(faceup[-4:]))}{more}"))
    lines.append("")
    rows = []
    for name in players:
        hand = state["hands"][name]
        shown = ", ".join(hand["known"][:3])
        if len(hand["known"]) > 3:
            shown += f" +{len(hand['known']) - 3} more"
        sc = state["scored"][name]
        mark = "▶ " if name == cur and state["phase"] == "cycle" else "  "
        rows.append([mark + name, hand["count"], shown or "-", sc["bliss"], sc["gloom"],
                     sc["bliss"] + sc["gloom"], state["last"][name]])
    lines.append(_table(["player", "hand", "shown in hand", "bliss", "gloom", "total",
                         "last Rev."], rows))
    empty = [name for name in players if not state["mindsets"][name]]
    if empty:
        lines += ["", f"Empty Mindset: {', '.join(empty)}"]
    for name in players:
        mind = state["mindsets"][name]
        if not mind:
            continue
        lines.append("")
        rows = []
        for i, emo in enumerate(mind):
            aff = mindset.affiliation(emo)
            usable = ("yes" if emo["ready"] and emo["fragments"] else
                      "no fragment" if emo["ready"] else "next turn")
            if usable == "yes" and cards.ability(emo["card"]) in state["abilities_used"]:
                usable = f"{cards.ability(emo['card'])} used this turn"  # once per turn
            if mindset.fragment_capacity(emo) == 0:
                usable = "-"
            rows.append([i + 1, mindset.label(emo),
                         _slots(emo["fragments"], mindset.fragment_capacity(emo), aff),
                         _slots(emo["absorbed"], mindset.absorb_capacity(emo), aff),
                         usable if name == cur and state["phase"] == "cycle" else "-"])
        lines.append(f"{name}'s Mindset ({len(mind)}/4)")
        lines.append(_table(["pos", "emotion", "fragments", "absorb", "usable"], rows))
    lines.append("")
    lines.append(_line(_whose_turn(state)))
    return "\n".join(lines)


def render_compact(state: State) -> str:
    """The table for an 80x24 screen: the Impulse on one line, the players, each Mindset on
    a line of its own (position, emotion, fragments; `ready` when its ability may be used)."""
    players = state["players"]
    cur = players[state["current"]]
    acting = state["phase"] == "cycle"
    lines = [_line(f"Cycle {state['cycle']} · turn {state['turn']} · Mood: {state['mood'].capitalize()}"
                   f" · supply: Bliss {state['supply']['bliss']}, Gloom {state['supply']['gloom']}"
                   f" · deck {state['deck']}")]
    slots = [f"{i + 1} {card or '(empty)'} ({state['stacks'][i]})" for i, card in enumerate(state["impulse"])]
    lines.append(_line("Impulse: " + " · ".join(slots)))
    rows = []
    for name in players:
        hand = state["hands"][name]
        sc = state["scored"][name]
        shown = f" ({len(hand['known'])} shown)" if hand["known"] else ""
        rows.append([("▶ " if name == cur and acting else "  ") + name, f"{hand['count']}{shown}",
                     f"{sc['bliss']}/{sc['gloom']}", sc["bliss"] + sc["gloom"], state["last"][name]])
    lines.append(_table(["player", "hand", "bliss/gloom", "total", "last Rev."], rows))
    for name in players:
        mind = state["mindsets"][name]
        parts = []
        for i, emo in enumerate(mind):
            aff = mindset.affiliation(emo)
            part = f"{i + 1} {mindset.label(emo)}"
            if mindset.fragment_capacity(emo):
                part += f" {_slots(emo['fragments'], mindset.fragment_capacity(emo), aff)}"
            if mindset.absorb_capacity(emo):
                part += f" absorb {_slots(emo['absorbed'], mindset.absorb_capacity(emo), aff)}"
            if (name == cur and acting and emo["ready"] and emo["fragments"]
                    and mindset.fragment_capacity(emo)
                    and cards.ability(emo["card"]) not in state["abilities_used"]):
                part += " ready"
            parts.append(part)
        lines.append(_line(f"{name}'s Mindset: " + (" · ".join(parts) or "empty")))
    lines.append(_line(_whose_turn(state)))
    return "\n".join(lines)


def _whose_turn(state: State) -> str:
    cur = state["players"][state["current"]]
    if state["phase"] == "over":
        return "Game over: " + describe_result({"winners": state["winners"],
                                                "condition": state["condition"],
                                                "tie_break": state["tie_break"]})
    if state["phase"] == "revelation":
        return (f"Revelation scored: Cycle {state['cycle']} is over and nobody plays until "
                f"`next-cycle` prepares Cycle {state['cycle'] + 1} (Impulse, stacks, Mindsets, "
                f"hands, Mood Marker toss); {cur} will start it.")
    owed = flow.owed_deprive(state)
    if owed:
        slots = ", ".join(str(i + 1) for i, c in enumerate(state["impulse"]) if c)
        emotion = (owed.get("data") or {}).get("emotion")
        return (f"Waiting: {owed['player']} discards a second Impulse card for Deprive "
                f"(from {emotion}): `deprive {owed['player']} SLOT` (slots {slots})")
    window = flow.window(state)
    if window:
        waiting = window["order"][window["next"]]
        p = window["params"]
        left = ", ".join(window["order"][window["next"]:])
        return (f"Waiting: {waiting} may counter-act {window['by']}'s {p['ability']} "
                f"(from {p['emotion']}) by discarding a {p['vibe']} emotion: "
                f"`cancel {waiting} --discard CARD`, `pass {waiting}` or `pass all` "
                f"({left} in turn)")
    text = f"{cur} to play: {turn_progress(state)}"
    if not state["started"]:
        open_ = [p for p in state["players"] if p not in state["mulligans"]]
        if open_:
            text += f" · mulligan still open for {', '.join(open_)}"
    return text


def turn_progress(state: State) -> str:
    """Actions left and abilities used in the current turn, in a few words."""
    left = state["actions_left"]
    used = ", ".join(state["abilities_used"]) or "none"
    actions = {0: "no action left (`end-turn` when done)", 1: "1 action left"}.get(
        left, f"{left} actions left")
    return f"{actions} · abilities used: {used}"
