"""The Action Phase: Move (with opportunity attacks), Attack, Recruit.

Rules implemented: two actions per minion per Action Phase, any mix; only the
active player's minions act; recruited minions are exhausted for the day.
Movement follows the board map: an Isle connects only to the Port; Swift
moves two locations with its first Movement action of the day and provokes
only where it left. Leaving a location with opposing minions (never the Port)
offers each opponent who has a minion there able to make one, in turn order
from the first player, one opportunity attack (one per minion per day); a
player with none is not asked; `pass all` declines every one left at once; a
killed fleeing minion stops its move.
Recruit: a Cunning check at an Isle against the Epic card's Disposition.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos import board as bd
from referee.games.kleos import combat, dice
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.state import Minion, State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Action, Event, Pending, pending

OA = "opportunity-attack"
ROOM = mn.ROOM
ISLE_RULE = "Movement: an Isle connects only to the Port"
OA_RULE = "Opportunity attacks: offered in turn order from the first player"


def _bonus(action: Action, key: str) -> int:
    raw = action.get(key, 0)
    if isinstance(raw, bool):
        raise InputError(f"{key} must be a whole number")
    try:
        n = int(raw)
    except (TypeError, ValueError):
        raise InputError(f"{key} must be a whole number, not {raw!r}") from None
    if abs(n) > 30:
        raise InputError(f"{key} of {n} is not a card's bonus")
    return n


def flag(action: Action, key: str, default: bool = False) -> bool:
    """A yes/no field of an action (`favor`, `godly`)."""
    raw = action.get(key, default)
    if not isinstance(raw, bool):
        raise InputError(f"{key} is true or false")
    return raw


def can_act(state: State, m: Minion, what: str) -> None:
    """The acting minion belongs to the active player, is not exhausted, has an action left
    (a move is no verb of one phase: a card's effect moves a minion any time)."""
    if state["phase"] != "action":
        raise IllegalAction(f"{what} is a minion action; it is now {st.phase_now(state)}",
                            "Action Phase: minions act only in their player's Action Phase")
    active = st.active(state)
    if m["god"] != active:
        raise IllegalAction(f"it is {st.whose(state, active)} Action Phase; {m['ref']} is "
                            f"{st.whose(state, m['god'])}", "Turn order: players act in turn order")
    if m["exhausted"]:
        raise IllegalAction(f"{st.name(m)} was recruited today and is exhausted",
                            "Recruit: a recruited minion is exhausted that day")
    if m["actions"] <= 0:
        raise IllegalAction(f"{st.name(m)} has used both its actions today",
                            "Action Phase: two actions per minion")


def _step(state: State, here: str, there: str) -> None:
    """One step of movement along the map."""
    board = state["board"]
    if there == here:
        raise IllegalAction(f"the minion is already at {there}",
                            "Movement: to an adjacent location")
    if there not in board["adjacent"][here]:
        if bd.kind(board, here) == "isle" and bd.kind(board, there) == "isle":
            raise IllegalAction(f"{here} and {there} are both Isles; go through the port",
                                ISLE_RULE)
        if "isle" in (bd.kind(board, here), bd.kind(board, there)):
            raise IllegalAction(f"{there} is not next to {here}: the Isles are reached only "
                                "from the port, and lead only back to it", ISLE_RULE)
        raise IllegalAction(f"{there} is not next to {here} (next to it: "
                            f"{', '.join(board['adjacent'][here])})",
                            "Movement: to an adjacent location")


def attackers_at(state: State, location: str, god: str) -> list[Minion]:
    """A player's minions that may make an opportunity attack there today."""
    return [m for m in st.at(state, location)
            if m["god"] == god and not m["oa_used"] and not m["exhausted"]]


def oa_entry(state: State, god: str, data: dict[str, Any]) -> Pending:
    """The pending opportunity attack offered to GOD (the head of the queue): its minions
    able to make it, or `pass`. `data` keeps the move (mover, start, path) and the gods
    still to be asked after GOD (`then`)."""
    refs = [m["ref"] for m in attackers_at(state, data["start"], god)]
    return pending(st.player(state, god)["name"], OA, [*refs, "pass"], **{**data, "god": god})


def oa_pending(state: State) -> Pending | None:
    """The opportunity attack waiting for an answer, if any."""
    return next((p for p in state["pending"] if p["decision"] == OA), None)


def oa_choices(state: State) -> list[str]:
    """The deciding player's minions that may answer the pending opportunity attack."""
    pend = oa_pending(state)
    return [] if pend is None else [c for c in pend["choices"] if c != "pass"]


def _data(entry: Pending) -> dict[str, Any]:
    return entry.get("data") or {}


def move(state: State, action: Action, chance: Chance) -> list[Event]:
    """Move a minion (an action), or move it by a card's effect (`effect`: no action, any turn)."""
    m = st.minion(state, action.get("minion"))
    board = state["board"]
    path = [bd.location(board, action.get("to"))]
    if action.get("to2") not in (None, ""):
        path.append(bd.location(board, action.get("to2")))
    effect = bool(action.get("effect"))
    start = m["location"]
    if effect:
        if len(path) > 1:
            raise InputError("a move by a card's effect names one destination")
        if path[0] == start:
            raise IllegalAction(f"{st.name(m)} is already at {start}",
                                "Movement: a move goes to another location")
    else:
        can_act(state, m, "Moving")
        if len(path) > 1:
            if not mn.swift(m):
                raise IllegalAction(f"{st.name(m)} is not Swift",
                                    "Swift: only Swift minions move two")
            if m["moves"]:
                raise IllegalAction(f"{st.name(m)} has already moved today",
                                    "Swift: two locations only with the first Movement action")
        if len(path) > 1 and path[-1] == start:
            raise IllegalAction(f"{st.name(m)} would end where it started ({start})",
                                "Swift: a two-location move ends two locations away")
        here = start
        for there in path:
            _step(state, here, there)
            here = there
        m["actions"] -= 1
        m["moves"] += 1
    left = "1 action left" if m["actions"] == 1 else f"{m['actions']} actions left"
    how = "moved by a card's effect" if effect else left
    queue: list[str] = []
    if start != "port":  # only players with a minion able to attack are asked
        able = {o["god"] for o in state["minions"].values() if o["location"] == start
                and not o["oa_used"] and not o["exhausted"]}
        able.discard(m["god"])
        queue = [g for g in st.turn_order(state) if g in able] if able else []
    if not queue:
        m["location"] = path[-1]
        return [event(f"{st.whose(state, m['god'])} {st.name(m)} moves {start} > "
                      f"{' > '.join(path)} ({how})")]
    data = {"mover": m["ref"], "start": start, "path": path, "then": queue[1:]}
    state["pending"] = [oa_entry(state, queue[0], data)]
    return [event(f"{st.whose(state, m['god'])} {st.name(m)} leaves {start} for "
                  f"{' then '.join(path)} ({how})"), _offer(state, state["pending"][0])]


def _offer(state: State, entry: Pending) -> Event:
    data = _data(entry)
    later = "" if not data["then"] else " (`pass all` declines for everyone left)"
    return event(f"Opportunity attack: {st.who(state, data['god'])} may attack {data['mover']} "
                 f"as it leaves {data['start']} (oa MINION, or pass){later}")


def arrive(state: State, m: Minion, path: list[str]) -> list[Event]:
    m["location"] = path[-1]
    return [event(f"{st.name(m)} arrives at {path[-1]}")]


def _next_in_queue(state: State, entry: Pending, evs: list[Event]) -> list[Event]:
    """The next player in the queue is asked, or the fleeing minion arrives."""
    data = _data(entry)
    if data["then"]:
        state["pending"] = [oa_entry(state, data["then"][0], {**data, "then": data["then"][1:]})]
        evs.append(_offer(state, state["pending"][0]))
        return evs
    state["pending"] = []
    return evs + arrive(state, state["minions"][data["mover"]], data["path"])


def opportunity(state: State, action: Action, chance: Chance) -> list[Event]:
    """Answer a pending opportunity attack with one minion of the deciding player."""
    entry = _waiting(state, OA)
    data = _data(entry)
    deciding = data["god"]
    m = st.minion(state, action.get("minion"))
    if m["god"] != deciding:
        raise IllegalAction(f"the opportunity attack is {st.whose(state, deciding)} to take "
                            "or pass", OA_RULE)
    if m["location"] != data["start"]:
        raise IllegalAction(f"{st.name(m)} is not at {data['start']}",
                            "Opportunity attacks: only minions where the fleeing minion left")
    if m["oa_used"]:
        raise IllegalAction(f"{st.name(m)} has already made an opportunity attack today",
                            "Opportunity attacks: one per minion per day")
    if m["exhausted"]:
        raise IllegalAction(f"{st.name(m)} is exhausted today",
                            "Recruit: a recruited minion is exhausted that day")
    target = state["minions"][data["mover"]]
    m["oa_used"] = True
    evs, killed = combat.opportunity(state, chance, m, target, action.get("dice"),
                                     flag(action, "favor", True), _bonus(action, "bonus"),
                                     flag(action, "godly"))
    if killed:
        state["pending"] = []
        evs.append(event(f"{data['mover']} falls while leaving {data['start']}: its move stops"))
        return evs
    return _next_in_queue(state, entry, evs)


def passers(state: State) -> list[str]:
    """Who `pass all` answers for: the player asked now, then everyone after in the queue."""
    entry = oa_pending(state)
    return [] if entry is None else [_data(entry)["god"], *_data(entry)["then"]]


def pass_(state: State, action: Action, chance: Chance) -> list[Event]:
    """The deciding player makes no opportunity attack; several named (the engine turns
    `pass all` into the list of everyone left) decline in turn, each as if one by one."""
    named = action.get("god")
    gods = [named] if isinstance(named, str) else list(named or [None])
    evs: list[Event] = []
    for god in gods:
        entry = _waiting(state, OA)
        deciding = _data(entry)["god"]
        if god not in (None, "") and god != deciding:
            raise IllegalAction(f"the decision is {st.whose(state, deciding)}"
                                + (" (the others have passed)" if evs else ""), OA_RULE)
        evs.append(event(f"{st.who(state, deciding)} passes"))
        evs = _next_in_queue(state, entry, evs)
    return evs


def _waiting(state: State, decision: str) -> Pending:
    """The pending entry an answer is for (the core lets an answer through only then)."""
    return next(p for p in state["pending"] if p["decision"] == decision)


def attack(state: State, action: Action, chance: Chance) -> list[Event]:
    """Attack an opposing minion at the same location."""
    m = st.minion(state, action.get("minion"))
    target = st.minion(state, action.get("target"))
    can_act(state, m, "Attacking")
    if target["god"] == m["god"]:
        raise IllegalAction(f"{target['ref']} is your own minion", "Attack: an opposing minion")
    if target["location"] != m["location"]:
        raise IllegalAction(f"{st.name(target)} is at {target['location']}, {st.name(m)} at "
                            f"{m['location']}", "Attack: only a minion at the same location")
    favor, godly = flag(action, "favor", True), flag(action, "godly")
    bonus, rbonus = _bonus(action, "bonus"), _bonus(action, "retaliation_bonus")
    m["actions"] -= 1
    evs, _ = combat.attack(state, chance, m, target, action.get("dice"), action.get("retaliation"),
                           favor, bonus, rbonus, godly)
    return evs


def recruit(state: State, action: Action, chance: Chance) -> list[Event]:
    """Recruit the Epic minion on the Isle: Cunning check against its Disposition."""
    m = st.minion(state, action.get("minion"))
    can_act(state, m, "Recruiting")
    where = m["location"]
    if bd.kind(state["board"], where) != "isle":
        raise IllegalAction(f"{st.name(m)} is at {where}, not on a Greek Isle",
                            "Recruit: only at a Greek Isle")
    card = state["isles"][where]
    if card is None:
        raise IllegalAction(f"no Epic minion waits on {where}", "Recruit: an Epic card on the Isle")
    replace = action.get("replace")
    replace = None if replace in (None, "") else str(replace).strip().lower()
    if replace is not None:  # refused before any die is rolled
        if mn.free_slot(state, m["god"]) is not None:
            raise IllegalAction(f"{st.who(state, m['god'])} has a free minion space; nothing "
                                "is replaced", mn.REPLACE_RULE)
        mn.check_room(state, m["god"], replace)
    cunning = mn.stat(state, m, "cunning")
    godly = flag(action, "godly") or state["favor"] == m["ref"]
    m["actions"] -= 1
    faces = dice.roll(chance, "recruit", cunning, action.get("dice"))
    hits = dice.successes(faces, godly)
    need = card["disposition"] or 0  # an Isle's card always has one (`isle` checks it)
    ok = hits >= need
    table = {"headers": ["roll", "minion", "dice", "faces", "successes", "disposition", "result"],
             "rows": [["recruit", st.name(m), cunning,
                       dice.show(faces) + (" godly" if godly else ""),
                       hits, need, "recruited" if ok else "fails"]]}
    data = {"minion": m["ref"], "dice": cunning, "godly": godly, "faces": faces, "successes": hits,
            "disposition": need, "recruited": ok}
    evs = [event(f"{st.name(m)} tries to recruit {card['name']} on {where}: "
                 + ("recruited!" if ok else "fails"), table=table, recruit=data)]
    if not ok:
        return evs
    state["isles"][where] = None
    st.gain(state, m["god"], 1, f"recruit {card['name']}")
    evs.append(event(f"{st.who(state, m['god'])} +1 glory: recruit {card['name']}"))
    full = mn.free_slot(state, m["god"]) is None
    if full and replace is None:
        state["pending"] = [mn.room_entry(state, m["god"], card, where, exhausted=True)]
        evs.append(event(f"{st.who(state, m['god'])} has four minions: send one to Hades to make "
                         f"room (replace SLOT: {', '.join(mn.room_choices(state, m['god']))})"))
        return evs
    return evs + mn.enter_play(state, m["god"], card, where, exhausted=True,
                               replace=replace if full else None)


def replace(state: State, action: Action, chance: Chance) -> list[Event]:
    """Answer the four-minion limit (a recruit, or a minion played): which goes to Hades."""
    data = _data(_waiting(state, ROOM))
    god = data["god"]
    slot = str(action.get("slot", "")).strip().lower()
    mn.check_room(state, god, slot)
    evs = mn.enter_play(state, god, data["card"], data["location"],
                        exhausted=data.get("exhausted", True), replace=slot)
    state["pending"] = []
    return evs
