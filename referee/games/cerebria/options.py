"""Each verb's legal actions now (hints, completion), and what random playouts draw from.

Hidden hand cards are unknown, so a card in hand is any shown hand card or any card that
may still be hidden (every unseen one): completion and hints offer every card a player may
hold, every merge, every target of an ability (one's own Mindset too), every emotion to
discard first, the forms with and without an Absorb slot. The list is exact
(tests/test_legal_exact.py): forms whose acceptance hangs on several rules at once (a merge,
an ability's targets) are generated broadly and kept when the rules accept them: a merge when
the Invoke handler accepts it on a copy, an ability's form when `abilities.check_use` passes it
on the state itself (every check the ability's handler makes comes first there, before anything
changes, and nothing after it refuses a listed form: no result is typed in a listing). An
accepted Steal is listed with each `--card` it takes too (`none`, and every card the opponent
may hold: the pool `names.hand_card` checks), an accepted Drain with `--keep absorb` too.
Random playouts draw from the `*_sample` lists (Invoke twice, so that games end).
"""

from __future__ import annotations

from typing import Any

from referee.games.cerebria import abilities, cards, flow, mindset, zones
from referee.games.cerebria.state import Emotion, State
from referee.model import plain
from referee.model.errors import RefereeError
from referee.model.verbs import Action, dry_accepted


def _accepts(state: State, verb: str, actions: list[Action]) -> list[Action]:
    """The forms the verb's rules accept now: an ability's by its checks (no copy), an Invoke's
    by its handler on a copy of the state."""
    if verb == "invoke":
        return dry_accepted(flow.invoke, state, verb, actions)
    out = []
    for a in actions:
        try:
            abilities.check_use(state, a["player"], a)
        except RefereeError:
            continue
        out.append(a)
    return out


def _hand_candidates(state: State, name: str, vibe: str | None = None) -> list[str]:
    """Every card the player may hold: those shown, and any unseen one while some are hidden."""
    hand = state["hands"][name]
    out = [c for c in dict.fromkeys(hand["known"]) if vibe is None or cards.vibe(c) == vibe]
    if zones.hidden_count(state, name) > 0:
        out += [c for c in sorted(zones.unseen(state)) if vibe is None or cards.vibe(c) == vibe]
    return list(dict.fromkeys(out))


def _enter_options(state: State, name: str, base: Action) -> list[Action]:
    """Invoke (or Summon) a candidate card, discarding to make room when the Mindset is full."""
    out = []
    full = len(state["mindsets"][name]) >= mindset.LIMIT
    for card in _hand_candidates(state, name):
        act = {**base, "args": [card]} if base["verb"] == "ability" else {**base, "card": card}
        if full:
            out += [{**act, "discard": pos} for pos in range(1, mindset.LIMIT + 1)]
        else:
            out.append(act)
    return out


def _enter_all(state: State, name: str, base: Action) -> list[Action]:
    """Every way a card from hand enters: each card, merged with each Brightness/Bleakness
    that fits, with any emotion discarded first (one must be when the Mindset is full)."""
    mind = state["mindsets"][name]
    discards: list[int | None] = [] if len(mind) >= mindset.LIMIT else [None]
    discards += list(range(1, len(mind) + 1))
    summon = base["verb"] == "ability"

    def put(card: str, **more: object) -> Action:
        act = {**base, "args": [card]} if summon else {**base, "card": card}
        return {**act, **{k: v for k, v in more.items() if v is not None}}

    hand = _hand_candidates(state, name)
    pairs = [(c, m) for c in hand if not cards.is_plain(c) for m in hand
             if cards.is_plain(m) and cards.affiliation(m) == cards.affiliation(c)]
    # a merge of two cards that fit each other is accepted or not according to where each card
    # would come from (a shown card, or a hidden one: every candidate not shown is an unseen
    # card): the rules are asked once for each such kind of pair, on its first pair
    shown = set(state["hands"][name]["known"])
    first: dict[tuple[bool, bool], tuple[str, str]] = {}
    for c, m in pairs:
        first.setdefault((c in shown, m in shown), (c, m))
    tried = _accepts(state, base["verb"], [put(c, merge=m, discard=discards[0])
                                           for c, m in first.values()]) if discards else []
    kinds = {(c in shown, m in shown) for c, m in
             ((a["args"][0] if summon else a["card"], a["merge"]) for a in tried)}
    merged = [(c, m) for c, m in pairs if (c in shown, m in shown) in kinds]
    singles = [put(c, discard=d) for c in hand for d in discards]
    return singles + [put(c, merge=m, discard=d) for c, m in merged for d in discards]


def _others_emotions(state: State, me: str) -> list[tuple[str, int, Emotion]]:
    return [(p, i, e) for p in state["players"] if p != me
            for i, e in enumerate(state["mindsets"][p])]


def _ability_options(state: State, me: str) -> list[Action]:
    out = []
    mind = state["mindsets"][me]
    for pos, emo in enumerate(mind):
        name = cards.ability(emo["card"])
        if not name or not emo["ready"] or emo["fragments"] < 1 or name in state["abilities_used"]:
            continue
        aff = mindset.affiliation(emo)
        hosts = [j + 1 for j, host in enumerate(mind)
                 if (mindset.absorb_capacity(host) and host["absorbed"] < 2
                     and mindset.affiliation(host) == aff and (not host["merged"] or j == pos))]
        plain = {"verb": "ability", "player": me, "pos": pos + 1, "ability": name}
        # the fragment goes onto an Absorb slot when one takes it: each such slot is a choice
        for base in [{**plain, "absorb": j} for j in hosts] or [plain]:
            out += _ability_args(state, me, pos, name, base)
    return out


def _ability_exact(state: State, me: str) -> list[Action]:
    """Every form of every ability usable now: any target the rules allow, with or without
    an Absorb slot that takes the fragment."""
    out = []
    mind = state["mindsets"][me]
    every = [f"{p}:{i + 1}" for p in state["players"] for i in range(len(state["mindsets"][p]))]
    slots = [i + 1 for i, c in enumerate(state["impulse"]) if c]
    for pos, emo in enumerate(mind):
        name = cards.ability(emo["card"])
        if not name or not emo["ready"] or emo["fragments"] < 1 or name in state["abilities_used"]:
            continue
        plain: Action = {"verb": "ability", "player": me, "pos": pos + 1, "ability": name}
        if name == "summon":
            forms = _enter_all(state, me, plain) if state["hands"][me]["count"] else []
        else:
            shapes: dict[str, list[list[Any]]] = {
                "destroy": [[t] for t in every],
                "drain": [[t, h + 1] for t in every for h in range(len(mind))],
                # the same slot twice too: its refill is a new face-up card, discarded in turn
                "deprive": [[a] for a in slots] + [[a, b] for a in slots for b in slots],
                "embrace": [[a] for a in slots] + [[a, b] for a in slots for b in slots if a != b],
                "steal": [[p] for p in state["players"]],
                "swap": [[i + 1, t] for i in range(len(mind)) for t in every],
                "draw": [[]],
            }
            args = shapes.get(name, [])
            forms = _accepts(state, "ability", [{**plain, "args": a} for a in args])
            forms += _chosen_forms(state, name, forms)
        hosts = [j + 1 for j in range(len(mind))]
        absorbed = _accepts(state, "ability", [{**forms[0], "absorb": j} for j in hosts]) if forms else []
        for a in forms:
            out += [a, *({**a, "absorb": b["absorb"]} for b in absorbed)]
    return out


def _chosen_forms(state: State, name: str, forms: list[Action]) -> list[Action]:
    """The forms of an accepted use that add a choice its option makes: a Steal's card
    (`--card CARD`: each card the opponent may hold, as `names.hand_card` takes it; `--card
    none`: the player only looks), a Drain's `--keep absorb` (the owner keeps the absorbed
    fragments: a choice the use records, whether or not the overflow comes to need it)."""
    if name == "steal":
        return [{**a, "card": card} for a in forms
                for card in ["none", *_hand_candidates(state, a["args"][0])]]
    if name == "drain":
        return [{**a, "keep": "absorb"} for a in forms]
    return []


def _ability_args(state: State, me: str, pos: int, name: str, base: Action) -> list[Action]:
    """Every target of one ability now."""
    mind = state["mindsets"][me]
    others = _others_emotions(state, me)
    if name == "destroy":
        return [{**base, "args": [f"{p}:{i + 1}"]} for p, i, _ in others]
    if name == "drain":
        return [{**base, "args": [f"{p}:{i + 1}", h + 1]} for p, i, e in others
                if e["fragments"] + e["absorbed"]
                for h, he in enumerate(mind)
                if mindset.affiliation(he) == mindset.affiliation(e) and mindset.empty_slots(he) > 0]
    if name in ("deprive", "embrace"):
        slots = [i + 1 for i, c in enumerate(state["impulse"]) if c]
        out = [{**base, "args": [s]} for s in slots]
        if name == "deprive":  # both at once, or one by one
            out += [{**base, "args": [a, b]} for a in slots for b in slots if a < b]
        return out
    if name == "summon":
        return _enter_options(state, me, base) if state["hands"][me]["count"] else []
    if name == "steal":
        return [{**base, "args": [p]} for p in state["players"] if p != me and state["hands"][p]["count"]]
    if name == "swap":
        return [{**base, "args": [pos + 1, f"{p}:{i + 1}"]} for p, i, _ in others]
    if name == "draw":
        return [{**base, "args": []}]
    return []


def idle_drain(state: State, action: Action) -> str | None:
    """Why a listed Drain would move nothing, once its fragment is spent (None: it moves some,
    or it is no Drain): it stays legal, listed last and marked (`CerebriaEngine`)."""
    if action.get("verb") != "ability" or action.get("ability") != "drain":
        return None
    me = action.get("player")
    if not isinstance(me, str) or me not in state["mindsets"]:
        return None
    trial = plain.copy(state)
    try:
        params = abilities.check_use(trial, me, action)
        abilities.spend(trial, me, params)
    except RefereeError:
        return None
    return abilities.drains_nothing(trial, me, params)


def _me(state: State) -> str:
    return state["players"][state["current"]]


def mulligan(state: State) -> list[Action]:
    """Before the first turn, anyone who has not taken one."""
    if state["started"] or state["cycle"] != 1:
        return []
    return [{"player": p} for p in state["players"] if p not in state["mulligans"]]


def impulse(state: State) -> list[Action]:
    if not state["actions_left"]:
        return []
    return [{"player": _me(state), "slot": i + 1} for i, c in enumerate(state["impulse"]) if c]


def invoke(state: State) -> list[Action]:
    me = _me(state)
    if not state["actions_left"] or not state["hands"][me]["count"]:
        return []
    return _enter_all(state, me, {"verb": "invoke", "player": me})


def invoke_sample(state: State) -> list[Action]:
    me = _me(state)
    if not state["actions_left"] or not state["hands"][me]["count"]:
        return []
    # twice: Invoke places fragments, so random games move on
    return _enter_options(state, me, {"verb": "invoke", "player": me}) * 2


def ability(state: State) -> list[Action]:
    return _ability_exact(state, _me(state))


def ability_sample(state: State) -> list[Action]:
    return _ability_options(state, _me(state))


def _head(state: State) -> str:
    return state["pending"][0]["player"]


def cancel(state: State) -> list[Action]:
    data = flow.window(state)
    if data is None:
        return []
    name = _head(state)
    return [{"player": name, "discard": card}
            for card in _hand_candidates(state, name, vibe=data["params"]["vibe"])]


def pass_(state: State) -> list[Action]:
    """The next player passes, or everyone left does (`pass all`)."""
    return [{"player": _head(state)}, {}] if flow.window(state) is not None else []


def deprive(state: State) -> list[Action]:
    owed = flow.owed_deprive(state)
    if owed is None:
        return []
    return [{"player": owed["player"], "slot": i + 1} for i, c in enumerate(state["impulse"]) if c]


def end_turn(state: State) -> list[Action]:
    return [] if state["actions_left"] else [{}]


def next_cycle(state: State) -> list[Action]:
    return [{}] if state["phase"] == "revelation" else []
