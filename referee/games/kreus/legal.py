"""Each verb's `options`: the actions it may take now (completion, hints, random playouts).

Every action listed is accepted as it stands, and cards come only from the unseen pool.
Completion and hints offer every legal word, so the card choices are complete: every
discard, every show, exchange and retrieve, every target of a reveal. Random playouts
take them with weights (reveals that build are listed more than once, `ready` thrice), so
a game moves on and ends; the Titan powers take simple arguments.
"""

from __future__ import annotations

from referee.games.kreus import aggression, board, cards, creation, flow
from referee.games.kreus.cards import kind
from referee.games.kreus.state import KreusState
from referee.games.kreus.table import may_be_last_turn, may_hold
from referee.games.kreus.titans import active_phase
from referee.model.verbs import Action


def _spin(state: KreusState, items: list) -> list:
    """A deterministic but varying pick of up to two items (the log's length turns it)."""
    if len(items) <= 2:
        return items
    k = (len(state["discard"]) + state["turn"] + sum(state["tokens"].values())) % len(items)
    return [items[k], items[(k + 1) % len(items)]]


def _unseen(state: KreusState, kinds: tuple[str, ...]) -> list[str]:
    return [c for c, n in sorted(state["pool"].items()) if n > 0 and kind(c) in kinds]


def discard(state: KreusState) -> list[Action]:
    """The Storm's discard when it is owed; else a Divination discard for a token: any
    Nature or Element card still unseen (the hand is hidden), by any player who may."""
    playable = _unseen(state, ("nature", "element"))
    if state["pending"]:
        storm: str = state["pending"][0]["player"]
        nothing = "none" in state["pending"][0]["choices"]  # only when the counts allow it
        return [*([{"player": storm, "card": "none"}] if nothing else []),
                *({"player": storm, "card": c} for c in playable if may_hold(state, storm, c))]
    r = state["round"]
    out: list[Action] = []
    for who in state["players"]:
        # Cronus keeps two cards to place; a discard for a token is once per player per phase
        if state["hand"][who] < 1 or who in r["discarded"] or (
                r["cronus"] == who and who not in r["placed"] and state["hand"][who] <= 2):
            continue
        out += [{"player": who, "card": c} for c in playable if may_hold(state, who, c)]
    return out


def tokens(state: KreusState) -> list[Action]:
    taker = state["token_taker"]
    if not taker:
        return []
    amounts = sorted({0, 1, state["reserve"] // 2, state["reserve"]})
    return [{"player": taker, "n": n} for n in amounts if n <= state["reserve"]]


def titan(state: KreusState) -> list[Action]:
    if not state["mode"]["incarnation"]:
        return []
    out: list[Action] = []
    drawn = state["drawn"]
    taken = {t["card"] for t in state["titans"].values()} | set(drawn.values())
    free = [i for i in range(len(state["titan_cards"])) if i not in taken]
    for p in state["players"]:
        if p in state["titans"]:
            continue
        if p in drawn:  # the referee drew this card: the player keeps a face
            card = state["titan_cards"][drawn[p]]
            return [{"player": p, "titan": card[f]["name"]} for f in ("male", "female")]
        if not free:
            continue
        i = free[(len(state["titans"]) + len(p)) % len(free)]
        for face in ("male", "female"):
            out.append({"player": p, "titan": state["titan_cards"][i][face]["name"],
                        "face": face})
        out.append({"player": p, "titan": "draw"})  # the referee draws
        break
    return out


def ready(state: KreusState) -> list[Action]:
    """Each player still to place (weighted, so powers stay rare), and everyone at once."""
    waiting = flow.must_place(state)
    if not waiting:
        return []
    out: list[Action] = [{"player": p} for p in waiting] * 3
    return [*out, {}]


def _paying(state: KreusState, cost: int) -> list[str]:
    """Players with the tokens for a power and a card in hand."""
    return [p for p in state["players"] if state["tokens"][p] >= cost and state["hand"][p] >= 1]


def show_card(state: KreusState) -> list[Action]:
    return [{"player": who, "to": p} for who in _paying(state, 1)
            for p in state["players"] if p != who]


def exchange(state: KreusState) -> list[Action]:
    return [{"player": who, "with": p} for who in _paying(state, 2)
            for p in state["players"] if p != who and state["hand"][p] > 0]


def retrieve(state: KreusState) -> list[Action]:
    """Any discarded card (an Aggression card too) for a Nature or Element card in hand."""
    back = list(dict.fromkeys(state["discard"]))
    give = _unseen(state, ("nature", "element"))
    return [{"player": who, "card": b, "give": g} for who in _paying(state, 3)
            for b in back for g in give if may_hold(state, who, g)]


def next_(state: KreusState) -> list[Action]:
    return [{}] if state["phase"] == "divination" and not flow.must_place(state) else []


def power(state: KreusState) -> list[Action]:
    return _powers(state, state["phase"]) if state["phase"] in ("divination", "creation") else []


def reveal(state: KreusState) -> list[Action]:
    """Reveals of the next card in order, weighted towards cards that build."""
    if state["phase"] != "creation":
        return []
    r = state["round"]
    out: list[Action] = []
    if r["order"]:
        who = r["order"][0]
        pool = [c for c, n in sorted(state["pool"].items()) if n > 0 and may_hold(state, who, c)]
        early = state["turn"] == 1 or r["last_turn"]
        calm = [c for c in pool if kind(c) != "aggression"]
        if early and calm and r["crius"] != who and sum(state["pool"].values()) % 5:
            pool = calm
        for card in pool:
            for a in _reveals(state, who, card):
                out += [a] * _weight(state, a, early)
        if not out:
            out = [a for card in pool for a in _reveals(state, who, card)]
    elif r["replay"]:
        for card in dict.fromkeys(r["replay"]):
            out += _reveals(state, r["iapetus"] or "", card)
    return out


def _weight(state: KreusState, action: dict, early: bool) -> int:
    """How often a reveal comes up: cards that build count most; lost Nature cards rarely."""
    card = action["card"]
    k = kind(card)
    if k == "aggression":
        return 1 if early else 3
    if k == "element":
        return 25 if "on" in action else 1
    if "on" in action:  # a Nature card spent as an Element closes its routes
        return 0 if card == cards.PLANET else 1
    if creation.nature_choices(state, card)[0] and not creation.restricted(
            state, action["player"], card):
        return 25
    return 0 if card == cards.PLANET or len(state["discard"]) % 6 else 1


def _reveals(state: KreusState, who: str, card: str) -> list[dict]:
    base: Action = {"player": who, "card": card}
    k = kind(card)
    if k == "aggression":
        if card == "thunderbolts" and not state["hek"]:
            targets = aggression.thunderbolt_targets(state)
            if len(targets) > 1:
                return [{**base, "target": f"{n}:{e}"} for n, e in targets]
        return [base]
    if k == "nature":
        if creation.restricted(state, who, card):
            return [base]
        as_nature, options = creation.nature_choices(state, card)
        out = [base] if as_nature or not options else []
        out += [{**base, "as": e, "on": t} for t, e in options]
        return out
    if creation.element_blocked(state, card):
        return [base]
    _, options = creation.element_choices(state, who, card)
    if not options:
        return [base]
    out = [{**base, "as": e, "on": t} for t, e in options]
    t, e = options[0]
    if _tethys_free(state) and len(board.missing(state, t)) > 1:
        out.append({**base, "as": e, "on": t, "tethys": True})
    return out


def _tethys_free(state: KreusState) -> bool:
    """Tethys has a use left and the Reserve a token for her."""
    return state["reserve"] >= 1 and any(
        t["name"] == "tethys" and t["used"] < t["uses"] for t in state["titans"].values())


def _discard_swap(state: KreusState, who: str) -> dict | None:
    """A swap with the discard pile (Mnemosyne): a card to take and one to give (playouts
    take back no Aggression card, though the rules allow it)."""
    back = [c for c in dict.fromkeys(state["discard"]) if kind(c) != "aggression"]
    give = [c for c in _unseen(state, ("nature", "element")) if may_hold(state, who, c)]
    if not back or not give:
        return None
    return {"card": _spin(state, back)[0], "give": _spin(state, give)[0]}


def _reveals_this_turn(state: KreusState, who: str) -> bool:
    """The player will have a card face down this turn (not sitting out, not out of cards)."""
    if state["skip"].get(who) == state["turn"]:
        return False
    return who in state["round"]["placed"] or state["hand"][who] > 0


def _power_args(state: KreusState, who: str, name: str) -> dict | None:
    """Arguments for one Titan power that is legal now, or None."""
    r = state["round"]
    others = [p for p in state["players"] if p != who]
    if name == "cronus":
        ok = who not in r["placed"] and state["hand"][who] >= 2 and r["cronus"] is None
        return {} if ok else None
    if name == "hyperion":
        return {} if r["hyperion"] is None else None
    if name == "iapetus":
        return {} if not r["started"] and r["iapetus"] is None else None
    if name == "coeus":
        return {"direction": "left" if state["turn"] % 2 else "right"}
    if name == "oceanus":
        playing = [p for p in others if _reveals_this_turn(state, p)]
        return {"swap": playing[:2]} if len(playing) >= 2 else None
    if name == "rhea":
        if not _reveals_this_turn(state, who):
            return None
        return {"position": 1 + state["turn"] % len(state["players"])}
    if name == "theia":
        return {"to": others[:2]} if state["hand"][who] >= 1 else None
    if name == "phoebe":
        seen = [p for p in others if state["face_down"][p] > 0]
        return {"on": seen[0]} if seen else None
    if name == "themis":
        on = [p for p in others if p in r["placed"] and p not in r["shown"]
              and not any(b["on"] == p and b["by"] == who for b in r["bets"])]
        guess = _unseen(state, ("element",))
        ok = state["tokens"][who] >= 1 and bool(on) and bool(guess)
        return {"on": on[0], "card": guess[0], "gain": 1} if ok else None
    if name == "tethys":
        last = r["last_element"]
        if last is None or state["reserve"] < 1:
            return None
        slot = state["in_play"][last["nature"]]["elements"][last["index"]]
        return None if slot["protected"] else {}
    if name == "mnemosyne":
        return _discard_swap(state, who) if state["hand"][who] >= 1 else None
    if name == "crius":
        ok = r["crius"] is None and (state["turn"] == 1 or may_be_last_turn(state))
        return {} if ok else None
    return None


def _powers(state: KreusState, phase: str) -> list[dict]:
    """Titan powers usable now, with simple arguments."""
    if not state["mode"]["incarnation"]:
        return []
    out = []
    for who, t in state["titans"].items():
        if t["used"] >= t["uses"] or active_phase(t) != phase:
            continue
        args = _power_args(state, who, t["name"])
        if args is not None:
            out.append({"player": who, "titan": t["name"], **args})
    return out
