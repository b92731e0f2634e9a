"""The Action Phase: Move (with opportunity attacks), Attack, Recruit.

Rules implemented: two actions per minion per Action Phase, any mix; only the
active player's minions act; recruited minions are exhausted for the day.
Movement follows the board map: an Isle connects only to the Port; Swift
moves two locations with its first Movement action of the day and provokes
only where it left. Leaving a location with opposing minions (never the Port)
offers each opponent, in turn order from the first player, one opportunity
attack (one per minion per day); a killed fleeing minion stops its move.
Recruit: a Cunning check at an Isle against the Epic card's Disposition.
"""

from __future__ import annotations

from referee.chance import Chance
from referee.engine import event
from referee.errors import IllegalAction, InputError
from referee.games.kleos import board as bd
from referee.games.kleos import combat, dice
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st

OA = "opportunity-attack"
ROOM = "make-room"
ISLE_RULE = "Movement: an Isle connects only to the Port"
WHAT = {OA: "opportunity attack", ROOM: "choice of a minion to send to Hades"}


def _bonus(action: dict, key: str) -> int:
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


def flag(action: dict, key: str, default: bool = False) -> bool:
    """A yes/no field of an action (`favor`, `godly`)."""
    raw = action.get(key, default)
    if not isinstance(raw, bool):
        raise InputError(f"{key} is true or false")
    return raw


def can_act(state: dict, m: dict, what: str) -> None:
    """The acting minion belongs to the active player, is not exhausted, has an action left."""
    if state["phase"] != "action":
        raise IllegalAction(f"{what} is a minion action; it is now {st.phase_now(state)}",
                            "Action Phase: minions act only in their player's Action Phase")
    active = st.active_god(state)
    if m["god"] != active:
        raise IllegalAction(f"it is {st.whose(state, active)} Action Phase; {m['ref']} is "
                            f"{st.whose(state, m['god'])}", "Turn order: players act in turn order")
    if m["exhausted"]:
        raise IllegalAction(f"{st.name(m)} was recruited today and is exhausted",
                            "Recruit: a recruited minion is exhausted that day")
    if m["actions"] <= 0:
        raise IllegalAction(f"{st.name(m)} has used both its actions today",
                            "Action Phase: two actions per minion")


def _step(state: dict, here: str, there: str) -> None:
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


def attackers_at(state: dict, location: str, god: str) -> list[dict]:
    """A player's minions that may make an opportunity attack there today."""
    return [m for m in st.at(state, location)
            if m["god"] == god and not m["oa_used"] and not m["exhausted"]]


def oa_choices(state: dict) -> list[str]:
    """The deciding player's minions that may answer the pending opportunity attack."""
    pend = state["pending"]
    return [m["ref"] for m in attackers_at(state, pend["from"], pend["queue"][0])]


def move(state: dict, action: dict) -> list[dict]:
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
    queue = []
    if start != "port":
        queue = [g for g in st.turn_order(state) if g != m["god"] and attackers_at(state, start, g)]
    if not queue:
        m["location"] = path[-1]
        return [event(f"{st.whose(state, m['god'])} {st.name(m)} moves {start} > "
                      f"{' > '.join(path)} ({how})")]
    state["pending"] = {"kind": OA, "mover": m["ref"], "from": start, "path": path, "queue": queue}
    return [event(f"{st.whose(state, m['god'])} {st.name(m)} leaves {start} for "
                  f"{' then '.join(path)} ({how})"),
            event(f"Opportunity attack: {st.who(state, queue[0])} may attack {m['ref']} as it "
                  f"leaves {start} (oa MINION, or pass)")]


def arrive(state: dict, m: dict, path: list[str]) -> list[dict]:
    m["location"] = path[-1]
    return [event(f"{st.name(m)} arrives at {path[-1]}")]


def _next_in_queue(state: dict, evs: list[dict]) -> list[dict]:
    pend = state["pending"]
    pend["queue"].pop(0)
    mover = state["minions"][pend["mover"]]
    if pend["queue"]:
        evs.append(event(f"Opportunity attack: {st.who(state, pend['queue'][0])} may attack "
                         f"{pend['mover']} as it leaves {pend['from']} (oa MINION, or pass)"))
        return evs
    state["pending"] = None
    return evs + arrive(state, mover, pend["path"])


def opportunity(state: dict, action: dict, chance: Chance) -> list[dict]:
    """Answer a pending opportunity attack with one minion of the deciding player."""
    pend = _pending(state, OA, "oa")
    deciding = pend["queue"][0]
    m = st.minion(state, action.get("minion"))
    if m["god"] != deciding:
        raise IllegalAction(f"the opportunity attack is {st.whose(state, deciding)} to take "
                            "or pass",
                            "Opportunity attacks: offered in turn order from the first player")
    if m["location"] != pend["from"]:
        raise IllegalAction(f"{st.name(m)} is not at {pend['from']}",
                            "Opportunity attacks: only minions where the fleeing minion left")
    if m["oa_used"]:
        raise IllegalAction(f"{st.name(m)} has already made an opportunity attack today",
                            "Opportunity attacks: one per minion per day")
    if m["exhausted"]:
        raise IllegalAction(f"{st.name(m)} is exhausted today",
                            "Recruit: a recruited minion is exhausted that day")
    target = state["minions"][pend["mover"]]
    m["oa_used"] = True
    evs, killed = combat.opportunity(state, chance, m, target, action.get("dice"),
                                     flag(action, "favor", True), _bonus(action, "bonus"),
                                     flag(action, "godly"))
    if killed:
        state["pending"] = None
        evs.append(event(f"{pend['mover']} falls while leaving {pend['from']}: its move stops"))
        return evs
    return _next_in_queue(state, evs)


def pass_(state: dict, action: dict) -> list[dict]:
    """The deciding player makes no opportunity attack."""
    pend = _pending(state, OA, "pass")
    if action.get("god") not in (None, ""):
        god = st.god_of(state, action.get("god"))
        if god != pend["queue"][0]:
            raise IllegalAction(f"the decision is {st.whose(state, pend['queue'][0])}",
                                "Opportunity attacks: offered in turn order from the first player")
    return _next_in_queue(state, [event(f"{st.who(state, pend['queue'][0])} passes")])


def _pending(state: dict, kind: str, verb: str) -> dict:
    pend = state["pending"]
    if not pend or pend["kind"] != kind:
        raise IllegalAction(f"no {WHAT[kind]} is waiting for an answer; `{verb}` answers one",
                            "Pending decisions: answers only when a decision is waiting")
    return pend


def attack(state: dict, action: dict, chance: Chance) -> list[dict]:
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


def recruit(state: dict, action: dict, chance: Chance) -> list[dict]:
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
    if replace is not None and mn.free_slot(state, m["god"]) is None:
        mn.check_room(state, m["god"], replace)  # refused before any die is rolled
    cunning = mn.stat(state, m, "cunning")
    godly = flag(action, "godly") or state["favor"] == m["ref"]
    m["actions"] -= 1
    faces = dice.roll(chance, "recruit", cunning, action.get("dice"))
    hits = dice.successes(faces, godly)
    ok = hits >= card["disposition"]
    table = {"headers": ["roll", "minion", "dice", "faces", "successes", "disposition", "result"],
             "rows": [["recruit", st.name(m), cunning,
                       dice.show(faces) + (" godly" if godly else ""),
                       hits, card["disposition"], "recruited" if ok else "fails"]]}
    data = {"minion": m["ref"], "dice": cunning, "godly": godly, "faces": faces, "successes": hits,
            "disposition": card["disposition"], "recruited": ok}
    evs = [event(f"{st.name(m)} tries to recruit {card['name']} on {where}: "
                 + ("recruited!" if ok else "fails"), table=table, recruit=data)]
    if not ok:
        return evs
    state["isles"][where] = None
    st.gain(state, m["god"], 1, f"recruit {card['name']}")
    evs.append(event(f"{st.who(state, m['god'])} +1 glory: recruit {card['name']}"))
    full = mn.free_slot(state, m["god"]) is None
    if full and replace is None:
        state["pending"] = {"kind": ROOM, "god": m["god"], "card": card, "location": where}
        evs.append(event(f"{st.who(state, m['god'])} has four minions: send one to Hades to make "
                         f"room (replace SLOT: {', '.join(mn.room_choices(state, m['god']))})"))
        return evs
    return evs + mn.enter_play(state, m["god"], card, where, exhausted=True,
                               replace=replace if full else None)


def replace(state: dict, action: dict) -> list[dict]:
    """Answer the four-minion limit (a recruit, or a minion played): which goes to Hades."""
    pend = _pending(state, ROOM, "replace")
    god = pend["god"]
    if action.get("god") not in (None, "") and st.god_of(state, action.get("god")) != god:
        raise IllegalAction(f"the choice is {st.whose(state, god)}",
                            "Minion limit: the player gaining the minion chooses")
    slot = str(action.get("slot", "")).strip().lower()
    mn.check_room(state, god, slot)
    evs = mn.enter_play(state, god, pend["card"], pend["location"],
                        exhausted=pend.get("exhausted", True), replace=slot)
    state["pending"] = None
    return evs
