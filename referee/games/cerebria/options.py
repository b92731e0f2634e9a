"""Each verb's legal actions now (hints, completion, random playouts): a small,
representative set that lets a random game end.

Hidden hand cards are unknown, so a playout invokes either a shown hand card or a
card that may still be hidden (one of the unseen ones), picked deterministically.
"""

from __future__ import annotations

from referee.games.cerebria import cards, flow, mindset, zones
from referee.games.cerebria.state import Emotion, State
from referee.verbs import Action


def _hand_candidates(state: State, name: str, k: int = 2, vibe: str | None = None) -> list[str]:
    hand = state["hands"][name]
    out = [c for c in dict.fromkeys(hand["known"]) if vibe is None or cards.vibe(c) == vibe]
    if zones.hidden_count(state, name) > 0:
        pool = [c for c in sorted(zones.unseen(state))
                if vibe is None or cards.vibe(c) == vibe]
        if pool:
            start = (state["turn"] * 7 + state["actions_left"] * 3 + hand["count"]) % len(pool)
            out += [pool[(start + 11 * i) % len(pool)] for i in range(k)]
    return list(dict.fromkeys(out))


def _enter_options(state: State, name: str, base: Action) -> list[Action]:
    """Invoke (or Summon) a candidate card, discarding to make room when the Mindset is full."""
    out = []
    full = len(state["mindsets"][name]) >= mindset.LIMIT
    for card in _hand_candidates(state, name):
        act = {**base, "args": [card]} if base["verb"] == "ability" else {**base, "card": card}
        if full:
            act["discard"] = 1 + (state["turn"] % mindset.LIMIT)
        out.append(act)
    return out


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
        base = {"verb": "ability", "player": me, "pos": pos + 1, "ability": name}
        aff = mindset.affiliation(emo)
        for j, host in enumerate(mind):
            if (mindset.absorb_capacity(host) and host["absorbed"] < 2
                    and mindset.affiliation(host) == aff and (not host["merged"] or j == pos)):
                base["absorb"] = j + 1
                break
        others = _others_emotions(state, me)
        if name == "destroy" and others:
            p, i, _ = max(others, key=lambda t: t[2]["fragments"] + t[2]["absorbed"])
            out.append({**base, "args": [f"{p}:{i + 1}"]})
        elif name == "drain":
            for p, i, e in others:
                if not e["fragments"] + e["absorbed"]:
                    continue
                hosts = [h for h, he in enumerate(mind)
                         if mindset.affiliation(he) == mindset.affiliation(e)
                         and mindset.empty_slots(he) > 0]
                if hosts:
                    out.append({**base, "args": [f"{p}:{i + 1}", hosts[0] + 1]})
                    break
        elif name in ("deprive", "embrace"):
            slots = [i + 1 for i, c in enumerate(state["impulse"]) if c]
            if slots:
                n = 2 if name == "deprive" and state["turn"] % 2 else 1  # both, or one by one
                out.append({**base, "args": [slots[0], slots[-1]][:n]})
        elif name == "summon" and state["hands"][me]["count"]:
            out += _enter_options(state, me, base)[:1]
        elif name == "steal":
            victims = [p for p in state["players"] if p != me and state["hands"][p]["count"]]
            if victims:
                out.append({**base, "args": [victims[0]]})
        elif name == "swap" and others:
            p, i, _ = others[state["turn"] % len(others)]
            out.append({**base, "args": [pos + 1, f"{p}:{i + 1}"]})
        elif name == "draw":
            out.append({**base, "args": []})
    return out


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
    # listed twice: Invoke places fragments, so random games move on
    return _enter_options(state, me, {"verb": "invoke", "player": me}) * 2


def ability(state: State) -> list[Action]:
    return _ability_options(state, _me(state))


def _head(state: State) -> str:
    return state["pending"][0]["player"]


def cancel(state: State) -> list[Action]:
    data = flow.window(state)
    if data is None:
        return []
    name = _head(state)
    return [{"player": name, "discard": card}
            for card in _hand_candidates(state, name, k=1, vibe=data["params"]["vibe"])[:1]]


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
