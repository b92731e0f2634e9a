"""The table as text: `status`, `tree` and `paths`."""

from __future__ import annotations

from collections import Counter

from referee.games.kreus import board, cards, flow
from referee.games.kreus.cards import AETHER, element_of, kind, the, title
from referee.games.kreus.state import KreusState, Placed, Slot
from referee.games.kreus.table import held_aggression, may_be_last_turn
from referee.model import tables

WIDTH = 80  # tables fit 80 columns unless told otherwise: long cells wrap between words


def _table(headers: list[str], rows: list[list], width: int | None = WIDTH) -> str:
    return tables.render(headers, rows, width)


def _turn_marks(state: KreusState) -> str:
    if state["phase"] not in ("divination", "creation"):
        return ""
    marks = []
    if state["turn"] == 1:
        marks.append("FIRST TURN")
    if state["phase"] == "creation" and state["round"]["last_turn"]:
        marks.append("LAST TURN")
    elif state["phase"] == "divination" and may_be_last_turn(state):
        marks.append("LAST TURN if nobody keeps a card")
    return f"  ({', '.join(marks)}: no Aggression card!)" if marks else ""


def render(state: KreusState, compact: bool = False) -> str:
    """Turn, phase, First Player, Reserve, each player's tokens/hand/face-down, cards in play.

    `compact` (a small screen): without the discard pile, the unseen cards and blank lines."""
    lines = []
    if state["over"]:
        lines.append(f"GAME OVER after turn {state['turn']}: {flow.OUTCOME_TEXT[state['outcome'] or 'defeat']}")
    else:
        lines.append(f"Turn {state['turn']} · {state['phase'].capitalize()} phase"
                     f"{_turn_marks(state)}")
    modes = [m for m, on in (("first game", state["mode"]["first_game"]),
                             ("Incarnation", state["mode"]["incarnation"]),
                             ("Altered Elements", state["mode"]["altered"])) if on]
    lines.append(f"Energy Reserve: {state['reserve']} of {state['total_tokens']}"
                 + (f" · modes: {', '.join(modes)}" if modes else "")
                 + (" · HEKATONKHEIRES ACTIVE (Element/Aggression cards are discarded)"
                    if state["hek"] else ""))
    if state["phase"] == "setup":
        lines.append(deck_line(state))
    r = state["round"]
    headers = ["seat", "player", "energy", "hand", "face down"]
    if state["mode"]["incarnation"]:
        headers.append("titan")
    rows = []
    first = state["players"][state["first"]]
    for i, p in enumerate(state["players"], 1):
        down = state["face_down"][p]
        note = f"{down} card{'s' if down > 1 else ''}" if down else "-"
        if any(w["decision"] == "storm-discard" and w["player"] == p for w in state["pending"]):
            note = "to discard (Storm of Uranus)"
        elif state["phase"] == "divination" and p in flow.must_place(state):
            note = "to place"
        elif state["skip"].get(p) == state["turn"] and not state["over"]:
            note = "sits out (Cronus)"
        elif state["phase"] == "creation" and r["order"] and r["order"][0] == p:
            note += ", reveals next"
        elif state["phase"] == "creation" and not down and p in r["revealed"]:
            note = "revealed"
        row = [str(i), p + ("  [First Player]" if p == first else ""), str(state["tokens"][p]),
               str(state["hand"][p]), note]
        if state["mode"]["incarnation"]:
            t = state["titans"].get(p)
            drawn = state.get("drawn", {}).get(p)
            row.append(f"{t['name'].capitalize()} ({t['face']}) {t['uses'] - t['used']}/{t['uses']}"
                       if t else "?" if drawn is None else f"drew {_titan_card(state, drawn)}")
        rows.append(row)
    lines += ["", _table(headers, rows)]
    if state["in_play"]:
        lines += ["", _table(["in play", "level", "elements acquired", "state"],
                             [nature_row(state, n, state["in_play"][n])
                              for n in state["tree"] if n in state["in_play"]])]
    else:
        lines += ["", "In play: nothing yet."]
    bets = [f"{b['by']} bets {the(b['card'])} on {b['on']}'s card" for b in r["bets"]]
    if bets:
        lines.append("Themis: " + "; ".join(bets))
    if compact:
        return "\n".join([line for line in lines if line] + [next_line(state)])
    lines.append(discard_line(state))
    lines.append(unseen_elements_line(state))
    held = held_aggression(state)
    warn = (" (one still unseen when the Planet completes is held: a defeat)"
            if held and not state["over"] else "")
    lines.append(f"Unseen Aggression cards: {held}{warn}")
    lines += ["", next_line(state)]
    return "\n".join(lines)


def discard_line(state: KreusState) -> str:
    """The discard pile, grouped: anyone may look through it at any time."""
    if not state["discard"]:
        return "Discard pile: empty."
    count = Counter(state["discard"])
    order = sorted(count, key=lambda c: ({"nature": 0, "element": 1}.get(kind(c), 2), c))
    parts = [title(c) + (f" x{count[c]}" if count[c] > 1 else "") for c in order]
    import textwrap

    return textwrap.fill(f"Discard pile ({len(state['discard'])}): {', '.join(parts)}", 80,
                         subsequent_indent="  ", break_on_hyphens=False)


def deck_line(state: KreusState) -> str:
    """Setup: the deck for this player count and what goes back in the box (section 3)."""
    n = len(state["players"])
    size = sum(state["deck"].values())
    out = dict(cards.REMOVED[n])
    if state["mode"]["first_game"]:
        out["storm"] = 1
    box = ", ".join(f"{v} {title(k)}" for k, v in out.items()) or "nothing"
    extra = "; first game: 1 Aether in for the Storm" if state["mode"]["first_game"] else ""
    if state["mode"].get("first_game_ignored"):
        extra = ("; --first-game is NOT applied: that variant is for 3-5 players, and 6 players "
                 "use every card (the Storm of Uranus stays in)")
    return (f"Deck: {size} Universe cards, {size // n} dealt to each player; back in the box: "
            f"{box}{extra}.")


def nature_row(state: KreusState, nature: str, placed: Placed) -> list[str]:
    got = [_slot_text(s) for s in placed["elements"]]
    status = "COMPLETE" if placed["complete"] else \
        "needs " + ", ".join(e.capitalize() for e in board.missing(state, nature))
    return [title(nature), board.ROMAN[board.level(state, nature)], ", ".join(got) or "-", status]


def _slot_text(slot: Slot) -> str:
    card, element = slot["card"], slot["element"].capitalize()
    text = element if element_of(card) == slot["element"] and card == slot["element"] else \
        f"{element} ({title(card)})"
    return text + (" +Tethys" if slot["protected"] else "")


def next_line(state: KreusState) -> str:
    """What the table does next."""
    if state["over"]:
        return "The game is over."
    if state["pending"]:
        return "Waiting for " + flow.pending_text(state) + "."
    r = state["round"]
    if state["phase"] == "setup":
        if state["token_taker"]:
            return (f"Next: {state['token_taker']} takes Energy tokens "
                    f"(`tokens {state['token_taker']} N`; Reserve {state['reserve']}).")
        missing = [p for p in state["players"] if p not in state["titans"]]
        drawn = state.get("drawn", {})
        faces = [" or ".join(f"`titan {p} {state['titan_cards'][drawn[p]][f]['name']}`"
                             for f in ("male", "female"))
                 for p in missing if p in drawn]
        rest = [p for p in missing if p not in drawn]
        parts = [f"keep a face: {', '.join(faces)}"] if faces else []
        if rest:
            parts.append(f"Titan cards for {', '.join(rest)} (`titan NAME TITAN` names the card "
                         "drawn at the table, `titan NAME draw` lets the referee draw one)")
        return "Next: " + "; ".join(parts) + "."
    if state["phase"] == "divination":
        waiting = flow.must_place(state)
        if waiting:
            return (f"Next: face-down cards from {', '.join(waiting)} (`ready NAME`, or `ready` "
                    "for all of them); Energy powers: show-card 1, exchange 2, retrieve 3; "
                    "discard (once each) for 1.")
        return "Every card is face down: `next` starts the Creation phase."
    if r["order"]:
        more = " [NAME CARD]..." if len(r["order"]) > 1 else ""
        return f"Next: {r['order'][0]} reveals (`reveal {r['order'][0]} CARD{more}`). Order: " \
               f"{', '.join(r['order'])}."
    if r["replay"]:
        return (f"Next: {r['iapetus']} replays the recovered Elements: "
                f"{', '.join(title(c) for c in r['replay'])}.")
    return ""


def _titan_card(state: KreusState, i: int) -> str:
    card = state["titan_cards"][i]
    return f"{card['male']['name'].capitalize()}/{card['female']['name'].capitalize()}"


STATE_WORDS = {"unseen": "unseen (in a hand)", "in-play": "in play", "complete": "COMPLETE",
               "discarded": "DISCARDED (routes closed)", "as-element": "used as an Element"}


def tree_rows(state: KreusState) -> list[dict]:
    rows = []
    for nature, card in state["tree"].items():
        where = board.where(state, nature)
        got = [_slot_text(s) for s in state["in_play"].get(nature, {"elements": []})["elements"]]
        detail = ""
        if where == "in-play":
            detail = "needs " + ", ".join(e.capitalize() for e in board.missing(state, nature))
        elif where == "as-element":
            detail = f"under {title(state['as_element'][nature])}"
        elif where == "unseen":
            detail = "playable now" if board.unlocked(state, nature) else "locked"
        rows.append({"card": nature, "level": card["level"], "elements": card["elements"],
                     "requires": board.prerequisite_text(state, nature), "state": where,
                     "acquired": got, "detail": detail})
    return rows


def render_tree(state: KreusState, width: int | None = WIDTH) -> str:
    """The creation process, level by level, with each card's state."""
    rows = []
    for row in reversed(tree_rows(state)):
        rows.append([board.level_name(row["level"]), title(row["card"]),
                     " ".join(e.capitalize() for e in row["elements"]),
                     ", ".join(row["acquired"]) or "-",
                     STATE_WORDS[row["state"]] + (f": {row['detail']}" if row["detail"] else ""),
                     row["requires"]])
    return _table(["level", "card", "needs", "acquired", "state", "unlocked by"], rows, width)


def _short(short: dict[str, int], left: dict[str, int]) -> str:
    """Elements a route needs beyond the unseen Element cards (Aether may cover some)."""
    if not short:
        return "-"
    text = ", ".join(f"{n} {e.capitalize()}" for e, n in short.items())
    wild = left.get(AETHER, 0)
    return text + (f" (Aether {wild})" if wild else "")


def render_paths(state: KreusState, width: int | None = WIDTH) -> str:
    """Open routes to the Planet, cheapest first, and the elements each still needs."""
    routes = board.open_routes(state)
    open_ = [r for r in routes if not r["blocked"]]
    left = board.unseen_elements(state)
    rows = [[r["route"], " ".join(title(c) for c in r["to_play"]) or "-",
             ", ".join(f"{n} {e.capitalize()}" for e, n in r["elements"].items()) or "-",
             str(r["total"]), _short(r["beyond_unseen"], left)] for r in open_]
    lines = [_table(["route to the Planet", "Nature cards still to play", "elements still needed",
                     "total", "beyond the unseen cards"], rows, width)
             if rows else "No route to the Planet is open."]
    closed = [r for r in routes if r["blocked"]]
    if closed:
        lines.append("")
        lost = [", ".join(f"{title(c)} {board.where(state, c)}" for c in r["blocked"])
                for r in closed]
        lines.append("Closed: " + "; ".join(f"{r['route']} ({why})"
                                            for r, why in zip(closed, lost, strict=True)))
    lines.append("")
    lines.append(unseen_elements_line(state))
    return "\n".join(lines)


def unseen_elements_line(state: KreusState) -> str:
    """Element cards nobody has seen yet (in hands or face down), by element."""
    left = board.unseen_elements(state)
    return "Unseen Element cards: " + ", ".join(f"{e.capitalize()} {n}" for e, n in left.items())
