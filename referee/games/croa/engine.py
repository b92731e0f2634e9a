"""The Crôa! engine: verbs in, effects out. Flow lives in flow.py, effects in arrival.py."""

from __future__ import annotations

import random
from typing import Any

from referee.chance import Chance
from referee.engine import Engine, Event, summary
from referee.errors import IllegalAction, InputError

from . import cards
from .arrival import (
    RULE_BOUNCE,
    RULE_LOG,
    Ctx,
    arrive,
    listed,
    mosquito_move,
    parse_bounce,
    parse_removal,
    remove_from_log,
    thunder_holders,
)
from .board import SQUARES, ZONE, ZONES
from .flow import current_name, end_turn, pending_entries
from .legal import check_move, frog_name, move_actions, tile_options
from .pond import QUEEN, frog, in_pond, occupied, reserve
from .render import answer_hint, render
from .setup import COLORS, setup
from .tiles import KINDS, full_piles, spelled

RULE_PENDING = "Pending decision: only its answer is accepted now"
VERBS = ("move", "bounce", "mosquito", "pass", "remove", "card")


class CroaEngine(Engine):
    name = "croa"
    title = "Crôa!"
    rules_version = "2"  # 2: gained servants placed at once; the force lasts until lost
    min_players = 2
    max_players = 4
    series_word = "frogs"

    # -- setup and actions -------------------------------------------------------------------
    def setup(self, options: dict, chance: Chance) -> dict:
        return setup(options, chance)

    def apply(self, state: dict, action: dict, chance: Chance) -> tuple[dict, list[Event]]:
        verb = action.get("verb")
        if verb not in VERBS:
            raise InputError(f"unknown Crôa! verb '{verb}' (verbs: {', '.join(VERBS)})")
        if state["winner"] is not None:
            raise IllegalAction("the game is over", "End of the game: one queen is left")
        ctx = Ctx(chance)
        result = getattr(self, f"_{verb}")(state, action, ctx)
        if result is False:
            end_turn(state, ctx)
        unused = [f"--bounce {b[0]}" for b in ctx.bounces]
        unused += [f"--mosquito {m[0]}:{m[1]}" for m in ctx.mosquitoes]
        unused += [f"--remove {ctx.remove}"] if ctx.remove is not None else []
        if unused:
            ctx.say(f"(not needed, ignored: {', '.join(unused)})")
        for line in answer_hint(state):
            ctx.say(line)
        return state, ctx.events

    def _no_pending(self, state: dict) -> None:
        if state["pending"]:
            p = pending_entries(state)[0]
            raise IllegalAction(f"{p['player']} must first answer the {p['decision']} "
                                f"({', '.join(p['choices'])})", RULE_PENDING)

    def _top(self, state: dict, decision: str, verb: str) -> dict:
        top = state["pending"][-1] if state["pending"] else None
        if not top or top["decision"] != decision:
            waiting = (f"; waiting for: {pending_entries(state)[0]['decision']}"
                       if state["pending"] else "")
            raise IllegalAction(f"no {decision} decision is waiting, `{verb}` answers one{waiting}",
                                RULE_PENDING)
        return top

    def _move(self, state: dict, action: dict, ctx: Ctx) -> bool:
        """Moves: one own frog, one step, not onto an own frog (a log excepted)."""
        self._no_pending(state)
        c = state["current"]
        ref = check_move(state, c, str(action.get("from", "")),
                         _square(action.get("to")))
        ctx.take_answers(action)
        src = frog(state, ref)["square"]
        return arrive(state, ref, _square(action["to"]), src, action.get("tile"), ctx)

    def _bounce(self, state: dict, action: dict, ctx: Ctx) -> bool:
        """Lily pad: the answer naming where the frog bounces."""
        top = self._top(state, "bounce", "bounce")
        sq, tile = parse_bounce(action.get("to", ""))
        tile = action.get("tile") or tile
        if sq not in top["choices"]:
            raise IllegalAction(f"the frog on {top['square']} cannot bounce to {sq} "
                                f"(choices: {', '.join(top['choices'])})", RULE_BOUNCE)
        state["pending"].pop()
        return arrive(state, top["frog"], sq, top["square"], tile, ctx)

    def _mosquito(self, state: dict, action: dict, ctx: Ctx) -> bool:
        """Mosquito: the answer moving another own frog."""
        top = self._top(state, "mosquito", "mosquito")
        src = str(action.get("from", ""))
        to, typed = parse_bounce(action.get("to") if action.get("to") is not None else "")
        state["pending"].pop()
        return mosquito_move(state, top["frog"], src, to, action.get("tile") or typed, ctx)

    def _pass(self, state: dict, action: dict, ctx: Ctx) -> bool | None:
        """Decline the mosquito's extra move, or let a card work (no Doesn't work!)."""
        top = state["pending"][-1] if state["pending"] else None
        if top and top["decision"] == "mosquito":
            state["pending"].pop()
            ctx.say("No mosquito move.")
            return False
        if top and top["decision"] == "doesnt-work":
            return cards.close_window(state, ctx)
        if top:
            self._no_pending(state)
        raise IllegalAction("a colony must move one frog on its turn (pass answers a mosquito "
                            "or a card)", "Moves: one frog per turn")

    def _remove(self, state: dict, action: dict, ctx: Ctx) -> bool:
        """Log: the third servant's choice of which servant leaves."""
        top = self._top(state, "log-removal", "remove")
        pick = parse_removal(state, action.get("which", ""), top["square"])
        if pick not in top["choices"]:
            raise IllegalAction(f"choose one of {', '.join(top['choices'])}", RULE_LOG)
        state["pending"].pop()
        remove_from_log(state, pick, ctx)
        return False

    def _card(self, state: dict, action: dict, ctx: Ctx) -> bool | None:
        return cards.play(state, action, ctx)

    # -- reading the state -------------------------------------------------------------------
    def summary(self, state: dict) -> dict:
        over = state["winner"] is not None
        players = [{"name": col["name"], "score": None, "color": col["color"],
                    "alive": col["alive"]} for col in state["colonies"]]
        phase = "over" if over else (state["pending"][-1]["decision"] if state["pending"]
                                     else "move")
        return summary("croa", players, current_name(state), phase, state["turn"],
                       pending=pending_entries(state), over=over,
                       winners=[state["colonies"][state["winner"]]["name"]] if over else [])

    def result_details(self, state: dict) -> dict:
        """Frogs each colony still has in the pond."""
        return {"frogs": self.series(state)}

    def series(self, state: dict) -> dict[str, float | None]:
        """Frogs in the pond per colony."""
        return {col["name"]: in_pond(state, c) for c, col in enumerate(state["colonies"])}

    def render(self, state: dict) -> str:
        return render(state)

    def legal_actions(self, state: dict) -> list[dict]:
        if state["winner"] is not None:
            return []
        if state["pending"]:
            return self._answers(state)
        c = state["current"]
        out = move_actions(state, c)
        if state.get("cards") and not state["colonies"][c]["played_card"]:
            out += cards.card_actions(state, c)
        return out

    def _answers(self, state: dict) -> list[dict]:
        top = state["pending"][-1]
        out: list[dict] = []
        if top["decision"] == "bounce":
            for sq in top["choices"]:
                for tile in tile_options(state, sq):
                    out.append({"verb": "bounce", "to": f"{sq}:{tile}" if tile else sq})
            for c in thunder_holders(state):
                out.append({"verb": "card", "card": "thunderclap",
                            "player": state["colonies"][c]["name"]})
        elif top["decision"] == "mosquito":
            for choice in top["choices"]:
                if choice == "pass":
                    out.append({"verb": "pass"})
                    continue
                src, _, to = choice.rpartition("-")
                for tile in tile_options(state, to):
                    action = {"verb": "mosquito", "from": src, "to": to}
                    if tile:
                        action["tile"] = tile
                    out.append(action)
        elif top["decision"] == "log-removal":
            out = [{"verb": "remove", "which": ch} for ch in top["choices"]]
        else:
            out = [{"verb": "card", "card": "doesnt_work",
                    "player": state["colonies"][h]["name"]} for h in top["holders"]]
            out.append({"verb": "pass"})
        return out

    def playout_options(self, rng: random.Random) -> dict:
        n = rng.randint(2, 4)
        names = ["Ann", "Bob", "Cy", "Dee"][:n]
        colors = rng.sample(list(COLORS[:4]), n)
        return {"players": [f"{p}:{c}" for p, c in zip(names, colors)], "digital": True,
                "cards": rng.random() < 0.4}

    def vocabulary(self, state: dict) -> dict[str, list[str]]:
        c = state["current"]
        frogs = sorted({frog_name(state, [c, i]) for i, f in
                        enumerate(state["colonies"][c]["frogs"]) if f["square"]})
        choices = [ch for p in pending_entries(state) for ch in p["choices"]]
        return {
            "players": [col["name"] for col in state["colonies"]],
            "colors": [col["color"] for col in state["colonies"]],
            "frogs": frogs,
            "squares": list(SQUARES),
            "tiles": list(KINDS),
            "cards": sorted(cards.CARDS) if state.get("cards") else [],
            "verbs": [*VERBS, "pond", "status"],
            "choices": choices,
            "males": list(state["colonies"][c]["males"]),
        }

    def describe(self, action: dict) -> str:
        verb = action.get("verb")
        if verb == "move":
            text = f"move {action.get('from')} -> {action.get('to')}"
            if action.get("tile"):
                text += f" ({_shown(action['tile'])})"
            for b in listed(action.get("bounce")):
                text += f", bounce {_shown(b)}"
            for m in listed(action.get("mosquito")):
                text += f", mosquito {_shown(m)}"
            if action.get("remove"):
                text += f", remove {action['remove']}"
            return text
        if verb == "bounce":
            return f"bounce {_shown(action.get('to'))}" + (
                f" ({_shown(action['tile'])})" if action.get("tile") else "")
        if verb == "mosquito":
            return f"mosquito {action.get('from')} -> {_shown(action.get('to'))}" + (
                f" ({_shown(action['tile'])})" if action.get("tile") else "")
        if verb == "remove":
            return f"remove {action.get('which')} from the log"
        if verb == "card" and action.get("lost"):
            return (f"{action.get('player') or 'the colony to play'} loses the force"
                    + (f", discards {action['discard']}" if action.get("discard") else ""))
        if verb == "card":
            extra = " ".join(f"{k}={_shown(v) if k == 'tile' else v}" for k, v in action.items()
                             if k not in ("verb", "card") and v not in (None, [], ""))
            return f"card {action.get('card')} {extra}".strip()
        if verb == "new":
            return "new " + " ".join(str(p) for p in listed(action.get("players"))) + (
                " --digital" if action.get("digital") else "") + (
                " --cards" if action.get("cards") else "") + (
                " --deal" if action.get("deal") else "")
        return super().describe(action)

    def check_invariants(self, state: dict) -> None:
        occ = occupied(state)
        for sq, refs in occ.items():
            servants = [r for r in refs if r[1] != QUEEN]
            queens = [r for r in refs if r[1] == QUEEN]
            assert len(queens) <= 1, f"two queens on {sq}"
            if state["tiles"].get(sq) == "log":
                crowded = any(p["decision"] == "log-removal" and p["square"] == sq
                              for p in state["pending"])
                # babies and gained servants are placed with the queen, they do not arrive:
                # a crowd of one colony (the queen there, or left by her) may pass two
                if queens or len({r[0] for r in refs}) == 1:
                    assert all(r[0] == refs[0][0] for r in refs), f"mixed queen on log {sq}"
                else:
                    assert len(servants) <= 2 + crowded, f"three servants on the log at {sq}"
            elif len(refs) > 1:
                assert all(r[0] == refs[0][0] for r in refs), f"two colonies on {sq}"
            if not state.get("cards"):  # cards can leave a frog on a pike or a lily pad
                assert state["tiles"].get(sq) != "pike", f"a frog rests on the pike at {sq}"
        for c, col in enumerate(state["colonies"]):
            assert len(col["frogs"]) == 7 and col["frogs"][0]["kind"] == "queen"
            assert sum(f["kind"] == "servant" for f in col["frogs"]) == 6
            on = sum(f["square"] is not None for f in col["frogs"])
            if col["alive"]:
                assert col["frogs"][QUEEN]["square"] is not None, f"{col['name']} has no queen"
                assert on + reserve(state, c) == 7, "pond + reserve != 7"
            else:
                assert on == 0, f"eliminated {col['name']} still has frogs in the pond"
            for f in col["frogs"]:
                if f["stuck"]:
                    assert state["tiles"].get(f["square"]) == "mud", "stuck off the mud"
        for z in ZONES:
            shown = [k for sq, k in state["tiles"].items() if ZONE[sq] == z]
            for kind, n in full_piles(state["layout"])[z].items():
                assert shown.count(kind) + state["piles"][z].get(kind, 0) == n, (z, kind)
        live = [c for c, col in enumerate(state["colonies"]) if col["alive"]]
        if state["winner"] is not None:
            assert live == [state["winner"]], "the winner is not the last colony"
        else:
            assert len(live) >= 2 and state["current"] in live
        if state.get("cards"):
            total = sum(state["deck"].values()) + sum(state["discard"].values()) + sum(
                len(col["hand"]) + bool(col.get("force")) for col in state["colonies"])
            assert total == state["deck_size"], "cards lost"


def _shown(value: Any) -> str:
    """`SQ:TILE` words as the log prints them: a tile typed in an old spelling, as printed now."""
    return ":".join(spelled(part) for part in str(value).split(":"))


def _square(text: Any) -> str:
    from .board import parse_square

    return parse_square(text if text is not None else "")
