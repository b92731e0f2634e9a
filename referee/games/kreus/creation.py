"""Creation phase (4.2, 5): revealing a card and playing it, or losing it.

A revealed Nature or Element card that can legally enter play must (the player
picks where, and what an Aether or a Nature card stands for); otherwise it is
discarded. Aggression cards take effect at once (aggression.py).
"""

from __future__ import annotations

from referee.games.kreus import aggression, board, cards, flow, titans
from referee.games.kreus.aggression import OPTION_RULE
from referee.games.kreus.cards import PLANET, element_of, kind, quality_of, the, title
from referee.games.kreus.state import KreusState
from referee.games.kreus.table import (
    Choice,
    gain,
    holds,
    lost_in_creation,
    named,
    take_unseen,
    to_discard,
    unseen_card,
)
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Action, Event

CHOICE_OPTIONS = ("on", "as", "target", "discard", "no_token", "tethys")
TARGET_RULE = "Creation: a target named must be legal, even for a card that is discarded"


def reveal(state: KreusState, action: Action, chance: Chance | None = None) -> list[Event]:
    """`reveal NAME CARD [NAME CARD]...`: the next face-down cards in the reveal order.

    Several reveals in one command are applied one after the other, each checked as if
    typed alone; they carry no options (a card that needs a choice is revealed on its own),
    so a choice can never land on the wrong card. One refusal refuses them all: the caller
    works on a copy and records nothing."""
    more = action.get("then") or []
    if not isinstance(more, list) or len(more) % 2:
        raise InputError("after the first NAME CARD, each further reveal is a NAME and a CARD")
    if more:
        given = [f"--{k.replace('_', '-')}" for k in CHOICE_OPTIONS
                 if action.get(k) not in (None, False)]
        if given:
            raise InputError(f"{' '.join(given)} belongs to one card: with several reveals in one "
                             "command none may carry an option; reveal that card on its own")
    events = reveal_one(state, action)
    for i in range(0, len(more), 2):
        if state["over"]:
            raise IllegalAction(f"the game ended before {more[i]}'s reveal ({more[i + 1]})",
                                "End of the game: nothing is played after it")
        if state["pending"]:
            raise IllegalAction(f"{flow.pending_text(state)} comes before {more[i]}'s reveal",
                                "Pending decisions: only the answer is accepted until it is made")
        events += reveal_one(state, {"player": more[i], "card": more[i + 1]})
    return events


def reveal_one(state: KreusState, action: Action) -> list[Event]:
    """One reveal: the next face-down card in the reveal order (or an Iapetus replay)."""
    who = named(state, action.get("player"))
    events: list[Event] = []
    if state["phase"] == "divination":
        events += flow.start_creation(state)
        if state["phase"] != "creation":
            raise IllegalAction("no card is face down this turn",
                                "Creation: only face-down cards are revealed")
    r = state["round"]
    replay = not r["order"] and bool(r["replay"])
    if replay:
        if who != r["iapetus"]:
            raise IllegalAction(f"{r['iapetus']} plays the Elements recovered by Iapetus",
                                "Incarnation: Iapetus replays the recovered Elements")
        card = cards.parse(action.get("card"), state["deck"])
        if card not in r["replay"]:
            raise IllegalAction(f"{title(card)} is not among the recovered Elements "
                                f"({', '.join(title(c) for c in r['replay'])})",
                                "Incarnation: Iapetus replays what was discarded this phase")
        r["replay"].remove(card)
    else:
        if not r["order"]:
            raise IllegalAction("every card of this turn is revealed",
                                "Creation: only face-down cards are revealed")
        if who != r["order"][0]:
            raise IllegalAction(f"{r['order'][0]} reveals next (order: {', '.join(r['order'])})",
                                "Creation: reveal in order from the First Player")
        card = unseen_card(state, action.get("card"), f"{who}'s face-down card")
        holds(state, who, card)
        take_unseen(state, card)
        state["face_down"][who] -= 1
        r["started"] = True
        r["revealed"].append(who)
    k = kind(card)
    if k != "aggression":
        _no_aggression_options(card, action)
    events += _settle_bets(state, who, card)
    if k == "aggression":
        events += aggression.play_aggression(state, who, card, action)
    elif k == "nature":
        events += play_nature(state, who, card, action)
    else:
        events += play_element(state, who, card, action, replay)
    if action.get("tethys"):
        events += _tethys_now(state, card)
    return events + flow.after_reveal(state)


def _no_aggression_options(card: str, action: dict) -> None:
    """--target and --discard belong to Thunderbolts and the Storm: refused, not ignored."""
    if action.get("target") is not None:
        raise IllegalAction(f"--target names the Element card Thunderbolts strike; "
                            f"{title(card)} is {'an Element' if kind(card) == 'element' else 'a Nature'}"
                            " card", OPTION_RULE)
    if action.get("discard") is not None:
        raise IllegalAction("--discard is the card given up after a Storm of Uranus taken back, "
                            f"not after {title(card)}", OPTION_RULE)


def _tethys_now(state: KreusState, card: str) -> list[dict]:
    """`reveal ... --tethys`: Tethys protects this Element as it enters play, before the turn
    can end (the last Element of a turn would otherwise fall to Volatility unprotected)."""
    holder = next((p for p, t in state["titans"].items() if t["name"] == "tethys"), None)
    if holder is None:
        raise IllegalAction("no player incarnates Tethys in this game",
                            "Incarnation: Tethys protects an Element")
    if kind(card) != "element" or state["over"] or state["pending"]:
        raise IllegalAction(f"{title(card)} is not an Element card left in play to protect",
                            "Incarnation: Tethys protects an Element put into play")
    return titans.use_power(state, {"verb": "power", "player": holder})


# -- Nature cards ---------------------------------------------------------------------------

def restricted(state: KreusState, who: str, card: str) -> str | None:
    """Incarnation: male Titans cannot play Level II, female Titans Level III (any use)."""
    t = state["titans"].get(who)
    lvl = board.level(state, card)
    if t and t["face"] == "male" and lvl == 2:
        return f"{who} is a male Titan: a Level II card he plays is discarded"
    if t and t["face"] == "female" and lvl == 3:
        return f"{who} is a female Titan: a Level III card she plays is discarded"
    return None


def nature_choices(state: KreusState, card: str) -> tuple[bool, list[Choice]]:
    """Can it enter play as itself, and which (target, element) could it stand for."""
    as_nature = board.unlocked(state, card)
    as_element = [(t, e) for e in dict.fromkeys(state["tree"][card]["elements"])
                  for t in board.element_targets(state, e)]
    return as_nature, as_element


def play_nature(state: KreusState, who: str, card: str, action: dict) -> list[dict]:
    name = title(card)
    as_nature, options = nature_choices(state, card)
    why = restricted(state, who, card)
    # a target named is checked first, even when the card is discarded whatever it names
    choice = _typed_as_element(state, card, options, action, name, one=not why)
    if why:
        return _lose(state, card, f"{who} reveals {name}: {why}.")
    if not as_nature and not options:
        return _lose(state, card, f"{who} reveals {name}: it cannot enter play "
                                  f"(needs {board.prerequisite_text(state, card)}) and no card "
                                  "in play needs an element it shows.")
    if choice is None and as_nature:
        return _enter_nature(state, who, card, action)
    if choice is None and len(options) == 1:
        choice = options[0]
    elif choice is None:
        raise InputError(f"{name} cannot enter play as itself (needs "
                         f"{board.prerequisite_text(state, card)}); say which element it stands "
                         f"for: {_choices_text(options)}")
    target, element = choice
    forced = "" if as_nature else (
        f" It cannot enter play as itself (needs {board.prerequisite_text(state, card)}), so it "
        "must stand for an element printed on it: it will never enter play as itself.")
    events = [event(f"{who} reveals {name} and plays it as {element.capitalize()} on "
                    f"{title(target)} (a Nature card: Aggression cannot touch it).{forced}")]
    events += _place(state, target, element, card)
    events.append(event(gain(state, who, bool(action.get("no_token")))))
    events += _end_hek(state)
    state["last_play"] = "nature-as-element"
    state["round"]["last_element"] = None
    return events + _planet_check(state, target)


def _typed_as_element(state: KreusState, card: str, options: list[Choice], action: dict,
                      name: str, one: bool = True) -> Choice | None:
    """The element and target a Nature card is played for, when typed (`--as`, `--on`):
    refused unless legal; None when neither is typed."""
    typed_as, typed_on = action.get("as"), action.get("on")
    if typed_as is None and typed_on is None:
        return None
    element = None
    if typed_as is not None:
        element = cards.parse_element(typed_as)
        if element not in state["tree"][card]["elements"]:
            shows = ", ".join(e.capitalize() for e in state["tree"][card]["elements"])
            raise IllegalAction(f"{name} shows {shows}; it can stand only for one of those",
                                "Creation: a Nature card replaces an element printed on it")
    return _pick(state, options, element, typed_on, name, one)


def _enter_nature(state: KreusState, who: str, card: str, action: dict) -> list[dict]:
    state["in_play"][card] = {"elements": [], "complete": False}
    need = ", ".join(e.capitalize() for e in state["tree"][card]["elements"])
    events = [event(f"{who} reveals {title(card)} and puts it into play "
                    f"({board.level_name(board.level(state, card))}; needs {need}).")]
    events.append(event(gain(state, who, bool(action.get("no_token")))))
    events += _end_hek(state)
    state["last_play"] = "nature"
    state["round"]["last_element"] = None
    return events


def _end_hek(state: KreusState) -> list[dict]:
    if not state["hek"]:
        return []
    state["hek"] = False
    to_discard(state, "hekatonkheires")
    return [event("A Nature card entered play: the Hekatonkheires' effect ends.")]


# -- Element cards --------------------------------------------------------------------------

def element_choices(state: KreusState, who: str, card: str) -> tuple[bool, list[Choice]]:
    """(wild, options): Aether, or any Element under Hyperion's power, may be any element."""
    r = state["round"]
    wild = card == cards.AETHER or (r["hyperion"] == who and not r.get("hyperion_done"))
    if wild:
        options = [(t, e) for t in board.element_targets(state, None)
                   for e in dict.fromkeys(board.missing(state, t))]
    else:
        element = element_of(card) or ""
        options = [(t, element) for t in board.element_targets(state, element)]
    return wild, options


def element_blocked(state: KreusState, card: str) -> str | None:
    """Why an Element card is discarded whatever its target: Hekatonkheires, Complementary."""
    if state["hek"]:
        return "the Hekatonkheires discard every Element card put into play"
    if quality_of(card) == "complementary" and state["last_play"] != "element":
        return "a Complementary Element must follow another Element card put into play"
    return None


def play_element(state: KreusState, who: str, card: str, action: dict, replay: bool) -> list[dict]:
    name = title(card)
    r = state["round"]
    blocked = element_blocked(state, card)
    wild, options = element_choices(state, who, card)
    hyperion = wild and card != cards.AETHER
    typed_as, typed_on = action.get("as"), action.get("on")
    element = None
    own = element_of(card) or cards.AETHER
    if typed_as is not None:
        element = cards.parse_element(typed_as)
        if not wild and element != own:
            raise IllegalAction(f"{name} is played as {own.capitalize()}; only an Aether (or "
                                "Hyperion's power) stands for another element",
                                "Creation: Aether is the wild Element")
    if hyperion:
        r["hyperion_done"] = True
    chosen = None
    if typed_on is not None or element is not None:  # checked even if the card is discarded
        chosen = _pick(state, options, element, typed_on, name, one=not blocked)
    if blocked:
        return _lose(state, card, f"{who} reveals {name}: {blocked}.", replay)
    if not options:
        need = "any element" if wild else own.capitalize()
        return _lose(state, card, f"{who} reveals {name}: no Nature card in play needs {need}.",
                     replay)
    if chosen is None and len(options) > 1:
        raise InputError(f"{name} can go on more than one card; choose: "
                         f"{_choices_text(options, wild)}")
    target, element = chosen or options[0]
    as_text = f" as {element.capitalize()}" if wild else ""
    extra = " (Hyperion's power)" if hyperion else ""
    events = [event(f"{who} reveals {name} and puts it under {title(target)}{as_text}{extra}.")]
    events += _place(state, target, element, card)
    state["last_play"] = "element"
    placed = state["in_play"][target]
    r["last_element"] = None if placed["complete"] else {"nature": target,
                                                         "index": len(placed["elements"]) - 1}
    if quality_of(card) == "disturbing":
        old = state["players"][state["first"]]
        state["first"] = (state["first"] + 1) % len(state["players"])
        events.append(event(f"Disturbing Element: the First Player card moves from {old} to "
                            f"{state['players'][state['first']]}."))
    return events + _planet_check(state, target)


# -- helpers --------------------------------------------------------------------------------

def _lose(state: KreusState, card: str, text: str, replay: bool = False) -> list[dict]:
    """The revealed card cannot be played: it is discarded."""
    if replay or kind(card) != "element":
        to_discard(state, card)
    else:
        lost_in_creation(state, card)
    state["last_play"] = "other"
    state["round"]["last_element"] = None
    events = [event(f"{text} Discarded.")]
    if kind(card) == "nature":
        events.append(event(f"{title(card)} is lost: routes through it are closed until it is "
                            "taken back."))
    return events


def _place(state: KreusState, target: str, element: str, card: str) -> list[dict]:
    completed, freed = board.place_element(state, target, element, card)
    if not completed:
        rest = ", ".join(e.capitalize() for e in board.missing(state, target))
        return [event(f"{title(target)} still needs {rest}.")]
    state["reserve"] += freed
    events = [event(f"{title(target)} is complete!")]
    if freed:
        events.append(event(f"Tethys' {freed} {ngettext('token on it goes', 'tokens on it go', freed)} back to the Reserve."))
    opened = [n for n in state["tree"] if n not in state["in_play"]
              and target in state["tree"][n]["requires"]["of"] and board.unlocked(state, n)
              and board.where(state, n) == "unseen"]
    if opened:
        events.append(event(f"Now playable: {', '.join(title(n) for n in opened)}."))
    return events


def _planet_check(state: KreusState, target: str) -> list[dict]:
    if target == PLANET and board.is_complete(state, PLANET):
        return flow.finish(state, "planet")
    return []


def _pick(state: KreusState, options: list[Choice], element: str | None, on: object,
          name: str, one: bool = True) -> Choice:
    """The table's choice among the legal ones (auto when only one fits). A choice that is
    not legal is refused even for a card that will be discarded (`one` False: the first
    that fits is enough, as the card goes to the discard pile whichever it is)."""
    target = None
    if on is not None:
        target = cards.parse_nature(on, state["tree"])
        if target is None:
            raise InputError(f"unknown Nature card '{on}' for --on")
        if target not in state["in_play"]:
            raise IllegalAction(f"{title(target)} is not in play: Elements go under a Nature card "
                                "in play", "Creation: Elements go on Nature cards in play")
        if board.is_complete(state, target):
            raise IllegalAction(f"{title(target)} is already complete",
                                "Creation: Elements go on Nature cards that still need them")
    fits = [(t, e) for t, e in options
            if (target is None or t == target) and (element is None or e == element)]
    if not options:
        raise IllegalAction(f"{name} can go nowhere now: no Nature card in play needs it; "
                            "reveal it without --on or --as (it is discarded)", TARGET_RULE)
    if not fits:
        what = f" as {element.capitalize()}" if element else ""
        on_text = f" on {title(target)}" if target else ""
        raise IllegalAction(f"{name} cannot be played{what}{on_text}; it can go: "
                            f"{_choices_text(options)}",
                            "Creation: an Element goes on a Nature card in play that needs it")
    if len(fits) > 1 and one:
        raise InputError(f"{name}: more than one choice fits; choose: {_choices_text(fits)}")
    return fits[0]


def _choices_text(options: list[Choice], wild: bool = True) -> str:
    if wild:
        return ", ".join(f"--as {e} --on {t}" for t, e in options)
    return ", ".join(f"--on {t}" for t, _ in options)


def _settle_bets(state: KreusState, who: str, card: str) -> list[dict]:
    """Themis: the bets on this player's card are settled when it is revealed."""
    r = state["round"]
    events = []
    for bet in [b for b in r["bets"] if b["on"] == who]:
        r["bets"].remove(bet)
        right = (element_of(bet["card"]) or bet["card"]) == (element_of(card) or card)
        if right:
            won = min(bet["gain"], state["reserve"])
            state["reserve"] -= won
            state["tokens"][bet["by"]] += 1 + won
            short = " (all the Reserve had)" if won < bet["gain"] else ""
            events.append(event(f"Themis: {bet['by']} guessed {the(bet['card'])} right: the "
                                f"stake comes back with {won} {ngettext('token', 'tokens', won)} from the Reserve{short}."))
        else:
            state["reserve"] += 1
            events.append(event(f"Themis: {bet['by']} bet on {the(bet['card'])}: wrong, the "
                                "stake goes to the Reserve."))
    return events
