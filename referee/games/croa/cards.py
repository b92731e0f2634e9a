"""The optional card module (a reconstruction, see cards.json): hands, draws, timing, effects.

Players hold real cards: the referee counts each hand (a card it has not seen is `?`) and learns
a card when it is played. With `deal` (default in --digital sessions) the referee deals the cards
from the session seed and knows every hand; the screens show each only on request (`croa hand`). A colony plays one card in
its own turn, whatever its kind; orange cards may also be played in other colonies' turns. A card
with an effect waits in a `doesnt-work` window while another colony may hold a Doesn't work!; an
even number of those played lets it work.
"""

from __future__ import annotations

import json
import re
from typing import Any

from referee.model import shipped
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import N_, _, elide, fold, language, ngettext
from referee.model.verbs import Action

from .arrival import RULE_EXTRA, Ctx, arrive, make_baby
from .board import NEIGHBOURS, parse_square
from .decisions import (
    RULE_PENDING,
    close_window,
    data,
    decision_word,
    entry,
    holders,
    open_window,
    top,
    wait_doesnt_work,
)
from .legal import check_move
from .pond import (
    HIDDEN,
    QUEEN,
    at,
    colony_index,
    frog,
    may_answer,
    may_hold,
    occupied,
    place_servant,
    reserve,
    unseen,
)
from .state import Colony, CroaState
from .tiles import MALES, check_reveal, parse_tile, reveal, tile_word

_DATA = json.loads(shipped.text(__file__, "cards.json"))
CARDS: dict[str, dict[str, Any]] = _DATA["cards"]
ABOUT: str = _DATA["_about"]
HAND = int(_DATA["hand"])
# the French table names the cards by their French titles (accents, case, punctuation free)
FRENCH: dict[str, str] = {
    "coup_de_tonnerre": "thunderclap", "ca_marche_pas": "doesnt_work", "megabond": "mega_jump",
    "jumeaux": "twins", "garde_du_corps": "bodyguard", "meme_pas_mort": "not_even_dead",
    "une_de_plus": "one_more_frog", "que_la_force": "the_force",
    "saison_des_amours": "mating_season",
}
# each card as a French table types it (what the referee shows in French: `carte mégabond`)
SAID: dict[str, str] = {
    "thunderclap": "coup de tonnerre", "doesnt_work": "ça marche pas", "mega_jump": "mégabond",
    "twins": "jumeaux", "bodyguard": "garde du corps", "not_even_dead": "même pas mort",
    "one_more_frog": "une de plus", "the_force": "que la force",
    "mating_season": "saison des amours",
}
ENGLISH: dict[str, str] = {  # the other English spellings (older logs may hold them)
    **{k.replace("_", ""): k for k in CARDS},
    "one_more": "one_more_frog", "force": "the_force", "may_the_force": "the_force",
    "mating": "mating_season",
}
ALIASES = {**ENGLISH, **FRENCH, **{k.replace("_", ""): v for k, v in FRENCH.items()}}
MOVE_CARDS = ("mega_jump", "bodyguard", "not_even_dead")
# what each card takes besides its name and who plays it (a move card also carries the answers
# of its chain: --bounce, --mosquito, --remove); `--lost` takes `--discard`; any other card none
TAKES: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(MOVE_CARDS, ("from", "to", "tile")),
    "one_more_frog": ("to", "tile"), "mating_season": ("male",), "twins": ("male",),
}
ARGUMENTS = ("from", "to", "tile", "male", "discard")
RULE = N_("Card module (module cartes): one card in your own turn, at its timing; orange cards "
        "also in others' turns")


def folded(text: Any) -> str:
    """A card's name as typed, without case, accents, apostrophes or punctuation, its words
    joined by `_` (`Même pas mort !` -> `meme_pas_mort`); `?` is an unseen card."""
    raw = str(text).strip()
    if raw == HIDDEN:
        return HIDDEN
    return re.sub(r"[^a-z0-9]+", "_", fold(re.sub(r"['\u2019]", "", raw))).strip("_")


def card_key(text: Any) -> str:
    """A card's key from what the table typed (`mega-jump`, `Mega jump`, `Mégabond`): an alias
    (another English spelling, the French title) as the card it names."""
    w = folded(text)
    return ALIASES.get(w, w)


def recorded_key(text: Any) -> str:
    """A card as a log recorded it: the new logs keep a known card's key; older ones may hold a
    name the referee did not know then (`jumeaux`), which stays the unknown card it was."""
    w = folded(text)
    return w if w in CARDS else ENGLISH.get(w, w)


def played_key(text: Any) -> str:
    """The card a player names: its key, an alias (its French title), or a unique prefix of
    either (`mat`, `doe`, `coup de`); a prefix that could be several cards is refused rather
    than recorded as a new card. Anything else is a name the referee does not know (`_check_name`
    catches typos such as `mega jum`)."""
    key = card_key(text)
    if key in CARDS or not key or key == HIDDEN:
        return key
    found = sorted({v for w, v in {**ALIASES, **{k: k for k in CARDS}}.items()
                    if w.startswith(key)})
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(_("'{text}' could be {cards}: type more of the card's name").format(
            text=text, cards=_(" or ").join(card_word(k) for k in found)))
    return key


def new_deck(counts: Any = None) -> dict[str, int]:
    """The deck: the reconstruction's counts, or a table's own `{card: count}` (a --deck file).
    Names the referee does not know are dealt too; played, they are recorded by name."""
    if counts is None:
        return {k: int(v["count"]) for k, v in CARDS.items()}
    if not isinstance(counts, dict) or not counts:
        raise InputError("a deck is a JSON object {\"card name\": count, ...}")
    deck: dict[str, int] = {}
    for name, n in counts.items():
        key = card_key(name)
        if not key or not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 99:
            raise InputError(f"deck: '{name}' needs a count from 0 to 99, not {n!r}")
        deck[key] = deck.get(key, 0) + n
    if sum(deck.values()) < 12:
        raise InputError("deck: at least 12 cards, enough for four hands of 3")
    return deck


def card_word(key: str) -> str:
    """A card as the table types it in its language (`mega_jump`; `mégabond` in French)."""
    return SAID.get(key, key) if language() == "fr" else key


def title(key: str) -> str:
    """A card's title as the table's language prints it (rule names keep the English one)."""
    return _(CARDS[key]["title"]) if key in CARDS else key


def deal_deck(state: CroaState, counts: Any) -> None:
    """The deck at setup: named cards when the referee deals, else only how many (face down)."""
    deck = new_deck(counts)
    state["deck"] = dict(deck) if state["deal"] else {HIDDEN: sum(deck.values())}
    state["deck_size"] = sum(deck.values())
    state["deck_counts"] = deck


def draw(state: CroaState, c: int, ctx: Ctx) -> str | None:
    """One card from the deck (the discard is reshuffled into it when empty). Real cards are
    drawn at the table: the referee only counts one more `?` in the hand."""
    deck = state["deck"]
    if not any(deck.values()):
        for k, n in state["discard"].items():
            key = k if state["deal"] else HIDDEN
            deck[key] = deck.get(key, 0) + n
        state["discard"] = {}
        if not any(deck.values()):
            return None
        ctx.say(_("The deck is empty: the discard pile is shuffled into a new deck."))
    col = state["colonies"][c]
    if not state["deal"]:
        card = HIDDEN
    else:
        card = ctx.chance.draw(f"card {col['name']}", lambda r: r.choice(
            [k for k in sorted(deck) for _n in range(deck[k])]), to=col["name"])  # its player's alone
    deck[card] -= 1
    col["hand"].append(card)
    col["hand"].sort()
    return card


def start_of_turn(state: CroaState, c: int, ctx: Ctx) -> None:
    """Cards: at the start of its turn a colony fills its hand up to 3 (4 while the force lies
    in front of it)."""
    if not state.get("cards"):
        return
    col = state["colonies"][c]
    target = HAND + 1 if col.get("force") else HAND
    n = 0
    while len(col["hand"]) < target and draw(state, c, ctx):
        n += 1
    if n:
        ctx.say(ngettext("{name} draws {n} card ({held} in hand).",
                         "{name} draws {n} cards ({held} in hand).", n).format(
            name=col["name"], n=n, held=len(col["hand"])))


def discard(state: CroaState, c: int, card: str) -> None:
    """A played card leaves the hand (an unseen `?` if the referee did not deal it) face up."""
    hand = state["colonies"][c]["hand"]
    hand.remove(card if card in hand else HIDDEN)
    state["discard"][card] = state["discard"].get(card, 0) + 1


def play(state: CroaState, action: Action, ctx: Ctx) -> bool | None:
    """The `card` verb. Returns None when the turn goes on (the player still moves), True when
    a decision is pending, False when the move is over."""
    if not state.get("cards"):
        raise IllegalAction(_("this session plays without the card module (start it with --cards)"),
                            N_("Card module (module cartes): optional"))
    typed = action.get("card", "")
    if ctx.chance.replaying:
        key = recorded_key(typed)
    else:
        key = _unknown_checked(typed) if action.get("unknown") else played_key(typed)
        _check_name(key, typed, known=not action.get("unknown"))
    who = action.get("player")
    if not who and not ctx.chance.replaying:  # older logs may hold one: they replay
        _check_unasked(state)
    c = colony_index(state, who) if who else state["current"]
    col = state["colonies"][c]
    if not col["alive"]:
        raise IllegalAction(_("{name}'s colony is eliminated").format(name=col["name"]),
                            N_("Pond rules (règles de la mare): an eliminated colony plays no more"))
    waiting = top(state)
    if Ctx.carries(action) and key not in MOVE_CARDS and not ctx.chance.replaying:
        raise IllegalAction(_("{card} moves no frog onto a tile: --bounce, --mosquito and "
                              "--remove go with a move").format(card=title(key)), RULE_EXTRA)
    if not ctx.chance.replaying:
        _check_takes(key, action)
    if action.get("lost"):
        lose_force(state, c, key, action, ctx)
        return None
    if key not in CARDS:
        # its timing is unknown: in its own turn it is the colony's one card; in another
        # colony's turn it can only be an orange card, the table's word is taken
        if c == state["current"]:
            _own_turn_check(state, c, waiting)
        if not state["deal"] and not col["hand"]:
            raise IllegalAction(_("{name} has no card in hand").format(name=col["name"]),
                                N_("Card module (module cartes): play from your hand"))
        if not ctx.chance.replaying:
            # a dealt hand is known: a card it does not hold is not played (older logs
            # recorded one unchecked)
            check_held(state, c, key, ctx, str(action.get("card")))
        if c == state["current"]:
            col["played_card"] = True
        if may_hold(state, c, key):
            discard(state, c, key)
        orange = "" if c == state["current"] else _(" (an orange card, in another colony's turn)")
        ctx.say(_("{name} plays '{card}'{orange}, a card the referee does not know: recorded; "
                  "apply its effect at the table.").format(
                      name=col["name"], card=action.get("card"), orange=orange),
                card=str(action.get("card")))
        return True if state["pending"] else None
    if not state["deal"]:  # a real hand: what the referee knows of it, the table saw
        check_held(state, c, key, ctx)
    if key == "doesnt_work":
        return _doesnt_work(state, c, ctx)
    if key == "thunderclap":
        if waiting != "bounce":
            raise IllegalAction(_("a thunderclap is played when a frog lands on a lily pad "
                                  "(while its bounce is pending)"), RULE)
        if c == state["current"]:
            _one_per_turn(state, c)
    else:
        _own_turn_check(state, c, waiting)
        check_effect(state, c, key, action)
    answering = _holders(state, exclude=c)
    if answering and Ctx.carries(action) and not ctx.chance.replaying:
        names = ", ".join(state["colonies"][h]["name"] for h in answering)
        raise IllegalAction(_("{names} may still cancel {card} with a Doesn't work!: give the "
                              "bounce, mosquito or log answers once it works").format(
                                  names=names, card=title(key)), RULE_EXTRA)
    if state["deal"]:  # last: every refusal before it reads the same whatever the dealt hand holds
        check_held(state, c, key, ctx)
    discard(state, c, key)
    if c == state["current"]:
        col["played_card"] = True
    ctx.say(_("{name} plays {card}").format(name=col["name"], card=title(key))
            + ("" if title(key)[-1] in "!." else "."),
            card=key, player=col["name"])
    if answering:
        open_window(state, c, key, {k: v for k, v in action.items() if v not in (None, "", [])
                                    and k in (*TAKES.get(key, ()), "bounce", "mosquito", "remove")},
                    answering)
        return True
    return apply_effect(state, c, key, action, ctx)


def _check_unasked(state: CroaState) -> None:
    """While a decision waits, a card left without `--player` is the colony to play's only when
    a card may answer it from that colony (as with `--player NAME`, which the core checks)."""
    asked = [p for p in state["pending"] if p["decision"] in ("thunderclap", "doesnt-work")]
    if not state["pending"] or any(data(p)["c"] == state["current"] for p in asked):
        return
    mover = state["colonies"][state["current"]]["name"]
    deciders = list(dict.fromkeys(p["player"] for p in (asked or state["pending"])))
    decision = (asked or state["pending"])[0]["decision"]
    raise IllegalAction(elide(_("{players} must answer the {decision}, not {actor}").format(
        players=_(" or ").join(deciders), decision=decision_word(decision), actor=mover)),
                        RULE_PENDING)


RULE_HAND = N_("Card module (module cartes): play from your hand")


def check_held(state: CroaState, c: int, key: str, ctx: Ctx, typed: str | None = None,
               verb: str = "play") -> None:
    """The hand check, made after every other: a card the colony cannot hold is refused. A hand
    the referee dealt is its player's alone, and anyone may type `card X --player NAME`: a dry
    run stops before looking into it, and the refusal names no card of it (it reads the same
    whatever the hand holds: `croa hand NAME` shows what NAME may play). Real hands are only
    counted: what the referee knows of them the table saw."""
    col = state["colonies"][c]
    name = col["name"]
    shown = typed if typed is not None else title(key)
    if state["deal"] and col["hand"]:
        ctx.chance.unseen(shown, f"look into {name}'s hand", _(
            "Accepted so far; whether {name} holds {card} is for {name} to see (`croa hand {name}`), so a dry "
            "run stops there and shows nothing after it.").format(name=name, card=shown))
    if may_hold(state, c, key):
        return
    if state["deal"]:
        said = (_("{name} cannot play {card} (`croa hand {name}` shows what {name} may play)") if verb == "play"
                else _("{name} cannot discard {card} (`croa hand {name}` shows what {name} may play)"))
        raise IllegalAction(said.format(name=name, card=shown), RULE_FORCE if verb == "discard" else RULE_HAND)
    if verb == "discard":
        raise IllegalAction(_("{name} holds no {card} ({held})").format(
            name=name, card=shown, held=_hand_note(state, c)), RULE_FORCE)
    raise IllegalAction(_("{name} holds no {card} ({held})").format(
        name=name, card=shown, held=_unseen_note(state, c, key)), RULE_HAND)


def _hand_note(state: CroaState, c: int) -> str:
    """A hand as a refusal may name it: a dealt hand is its player's (`croa hand NAME`), the
    cards of a real hand the referee saw face up are the table's."""
    col = state["colonies"][c]
    if state["deal"]:
        return _("`croa hand {name}` shows what {name} holds").format(name=col["name"])
    return _("hand: {hand}").format(hand=", ".join(col["hand"]))


def _unseen_note(state: CroaState, c: int, key: str) -> str:
    if state["colonies"][c]["hand"] and not unseen(state, key):
        return _("every {card} lies face up").format(card=title(key))
    return _("no card in hand")


def _near(key: str) -> str | None:
    """The known card a name is a letter or two away from, if any."""
    from difflib import get_close_matches  # only for a name that is not a card

    near = get_close_matches(key, list(CARDS), n=1, cutoff=0.8)
    return near[0] if near else None


def _check_name(key: str, typed: Any, known: bool = True) -> None:
    """An empty name, or one a letter or two away from a known card, is a typo, not a new card;
    a name the referee does not know is a card only when the table says so (`--unknown`), so a
    known card is never lost as an unknown one."""
    if not key or key == HIDDEN:
        raise InputError(_("which card? (cards: {cards})").format(cards=", ".join(CARDS)))
    if key in CARDS or not known:
        return
    near = _near(key)
    if near:
        raise InputError(_("no card '{typed}': did you mean {near}? (`referee croa cards` "
                           "lists them)").format(typed=typed, near=near))
    raise InputError(_("the referee knows no card '{typed}' (`referee croa cards` lists them, "
                       "by their English or French titles): a card it does not know is played "
                       "with --unknown").format(typed=typed))


def _unknown_checked(typed: Any) -> str:
    """The key of a card the table says the referee does not know (`--unknown`): refused when
    it names a known card, or is a letter or two away from one."""
    key = unknown_name(typed)
    if key is not None:
        return key
    key = card_key(typed)
    if key in CARDS:
        raise InputError(_("'{typed}' is {card}, a card the referee knows: leave out --unknown")
                         .format(typed=typed, card=title(key)))
    if not key or key == HIDDEN:
        return key  # `_check_name` asks which card
    raise InputError(_("no card '{typed}': did you mean {near}? (`referee croa cards` lists "
                       "them)").format(typed=typed, near=_near(key)))


def unknown_name(typed: Any) -> str | None:
    """The key of a name the referee does not know (`Frog Rain` -> `frog_rain`), or None when
    it names a known card, an alias of one, a near typo of one, or nothing."""
    key = card_key(typed)
    if not key or key == HIDDEN or key in CARDS or _near(key):
        return None
    return key


def named(typed: Any) -> str | None:
    """The card the table names by `typed` (its key; a name the referee does not know is kept
    as typed), or None when the referee refuses the name (empty, a typo of a known card, a
    prefix that could be several)."""
    try:
        key = played_key(typed)
        _check_name(key, typed, known=False)
    except InputError:
        return None
    return key


def unknown_card(state: CroaState, typed: Any) -> bool:
    """The free card names (bounds of the placeholder `CARD`, played with `--unknown`): a card
    the referee does not know, named at the table (`Frog Rain`); the known cards are listed by
    name."""
    return unknown_name(typed) is not None


def discardable(state: CroaState, typed: Any) -> bool:
    """The free discards of a real hand (bounds of `--discard CARD`): a card named at the
    table that may still be face down (every copy face up: refused)."""
    key = named(typed)
    return key is not None and unseen(state, key)


def _check_takes(key: str, action: Action) -> None:
    """No silent slip: an argument the card does not take is refused, not ignored."""
    takes = ("discard",) if action.get("lost") else TAKES.get(key, ())
    extra = [f for f in ARGUMENTS if f not in takes and action.get(f) not in (None, "", [])]
    if extra:
        raise InputError(_("{card} takes no {options}").format(
            card=title(key) if key in CARDS else action.get("card"),
            options=" ".join(f"--{f}" for f in extra)))


def _own_turn_check(state: CroaState, c: int, waiting: str | None) -> None:
    if c != state["current"]:
        raise IllegalAction(_("it is {name}'s turn; only orange cards are played in another "
                              "colony's turn").format(name=state["colonies"][state["current"]]["name"]),
                            RULE)
    if waiting:
        raise IllegalAction(_("finish the pending choice first"), RULE)
    _one_per_turn(state, c)


def _one_per_turn(state: CroaState, c: int) -> None:
    if state["colonies"][c]["played_card"]:
        raise IllegalAction(_("{name} has already played a card this turn").format(
            name=state["colonies"][c]["name"]),
                            N_("Card module (module cartes): one card per turn"))


def _holders(state: CroaState, exclude: int) -> list[int]:
    """Colonies asked whether they answer with a Doesn't work! now: each other colony with a
    card in hand (`may_answer`: dealt hands too, so the window tells nobody who holds one),
    none when every copy lies face up, so no window opens then."""
    out = []
    for c, col in enumerate(state["colonies"]):
        if c == exclude or not col["alive"] or not may_answer(state, c, "doesnt_work"):
            continue
        if c == state["current"] and col["played_card"]:
            continue
        out.append(c)
    return out


def _doesnt_work(state: CroaState, c: int, ctx: Ctx) -> bool | None:
    window = state["window"]
    if window is None:
        raise IllegalAction(_("Doesn't work! answers a card just played"), RULE)
    if c not in holders(state):
        raise IllegalAction(_("{name} cannot cancel its own card, nor play a second card in its "
                              "own turn").format(name=state["colonies"][c]["name"]), RULE)
    if state["deal"]:
        check_held(state, c, "doesnt_work", ctx)
    discard(state, c, "doesnt_work")
    if c == state["current"]:
        state["colonies"][c]["played_card"] = True
    window["chain"].append(c)
    ctx.say(_("{name} plays Doesn't work!").format(name=state["colonies"][c]["name"]),
            card="doesnt_work")
    answering = _holders(state, exclude=c)
    if answering:
        wait_doesnt_work(state, answering)
        return True
    return settle(state, ctx)


def pass_window(state: CroaState, who: str | None, ctx: Ctx) -> bool | None:
    """Colonies decline to answer the card in the window: one (`pass NAME`) or all at once
    (`pass all`; a bare `pass` in a log, as it was always recorded). The last to pass settles
    it. Typed now, a bare `pass` while several may answer is refused (`check_bare_pass`)."""
    waiting = holders(state)
    names = [state["colonies"][h]["name"] for h in waiting]
    if who is None or who == "all":
        passing = waiting
    else:
        passing = [colony_index(state, who)]
        if passing[0] not in waiting:
            raise IllegalAction(_("{name} is not asked: {names} may answer").format(
                name=state["colonies"][passing[0]]["name"], names=", ".join(names)), RULE)
    left = [h for h in waiting if h not in passing]
    if left:
        wait_doesnt_work(state, left)
        ctx.say(_("{passing} passes; {left} may still answer.").format(
            passing=", ".join(state["colonies"][h]["name"] for h in passing),
            left=", ".join(state["colonies"][h]["name"] for h in left)))
        return True
    return settle(state, ctx)


def check_bare_pass(state: CroaState, action: Action) -> None:
    """No silent slip: a bare `pass` typed while several colonies may answer a card does not
    speak for all of them; the table says `pass all` or names who passes."""
    if action.get("verb") == "pass" and action.get("player") is None and top(state) == (
            "doesnt-work") and len(holders(state)) > 1:
        names = [state["colonies"][h]["name"] for h in holders(state)]
        raise InputError(_("{names} may answer: `pass all` for everyone, or `pass NAME` for one")
                         .format(names=_(" and ").join(names)))


def settle(state: CroaState, ctx: Ctx) -> bool | None:
    """Nobody else answers: an odd number of Doesn't work! cancels the card."""
    window = state["window"]
    assert window is not None
    close_window(state)
    key, c = window["card"], window["c"]
    if len(window["chain"]) % 2 == 0:
        ctx.say(_("{card} is cancelled.").format(card=title(key)))
        return True if state["pending"] else None
    ctx.say(_("{card} works.").format(card=title(key)))
    return apply_effect(state, c, key, window["action"], ctx)


# -- effects ---------------------------------------------------------------------------------

def check_effect(state: CroaState, c: int, key: str, action: Action) -> None:
    """Refuse a card whose effect cannot happen, before it leaves the hand."""
    col = state["colonies"][c]
    queen_sq = at(state, [c, QUEEN])
    if key == "the_force" and col.get("force"):
        raise IllegalAction(_("{name} already has the force in front of it").format(name=col["name"]),
                            N_("May the force...: a hand of 4 while the card lies in front of you"))
    if key in ("mating_season", "twins"):
        male = _male(action)
        if male not in col["males"]:
            raise IllegalAction(_("{name} no longer holds the {male} token").format(
                name=col["name"], male=tile_word(male)),
                                N_("Mating season: you need that male's token"))
        if not reserve(state, c):
            raise IllegalAction(_("{name} has no servant in reserve").format(name=col["name"]),
                                N_("Mating season: you need a servant in reserve"))
    elif key == "one_more_frog":
        _needs(action, key, "to")
        to = parse_square(action.get("to", ""))
        if to not in NEIGHBOURS[queen_sq] or to in occupied(state):
            raise IllegalAction(_("{square} is not a free square next to the queen on {queen}").format(
                square=to, queen=queen_sq),
                                N_("One more frog: on a free square next to your queen"))
        if not reserve(state, c):
            raise IllegalAction(_("{name} has no servant in reserve").format(name=col["name"]),
                                N_("One more frog: a servant from your reserve"))
        check_reveal(state, to, action.get("tile"))
    elif key in MOVE_CARDS:
        _needs(action, key, "from", "to")
        src = str(action.get("from", ""))
        to = parse_square(action.get("to", ""))
        ref = check_move(state, c, src, to, jump=(key == "mega_jump"))
        check_reveal(state, to, action.get("tile"))
        if key != "mega_jump" and ref[1] != QUEEN:
            raise IllegalAction(_("{card} moves your queen").format(card=title(key)),
                                f"{CARDS[key]['title']}: the queen's move")


def _male(action: Action) -> str:
    typed = action.get("male")
    if not typed:
        raise InputError("which male? add --male male1..male6")
    try:
        male = parse_tile(typed)
    except InputError:
        male = ""
    if male not in MALES:
        raise InputError(_("'{typed}' is not a male (male1..male6)").format(typed=typed))
    return male


def _needs(action: Action, key: str, *fields: str) -> None:
    """A card's own arguments, asked for by name rather than refused as a bad square."""
    missing = [f for f in fields if not str(action.get(f) or "").strip()]
    if missing:
        raise InputError(_("{card} needs {options}").format(
            card=title(key), options=" ".join(f"--{f} SQ" for f in missing)))


def apply_effect(state: CroaState, c: int, key: str, action: Action, ctx: Ctx) -> bool | None:
    """Carry out a card that was not cancelled."""
    col = state["colonies"][c]
    if key == "thunderclap":
        bounce = entry(state, "bounce")
        assert bounce is not None
        state["pending"] = []
        ctx.say(_("Thunderclap: the frog stays on the lily pad at {square}; the move ends.").format(
            square=data(bounce)["square"]))
        return False
    if key == "the_force":
        _take_back(state, key)
        col["force"] = True
        ctx.say(_("The force stays in front of {name}: {name} fills up to {n} cards at the start "
                  "of each turn until the card is lost (`card the_force --lost`).").format(
                      name=col["name"], n=HAND + 1))
        return None
    if key in ("mating_season", "twins"):
        make_baby(state, c, _male(action), ctx, babies=2 if key == "twins" else 1)
        return None
    if key == "one_more_frog":
        to = parse_square(action["to"])
        if to not in state["tiles"]:
            reveal(state, to, action.get("tile"), ctx.chance)
        place_servant(state, c, to)
        ctx.say(_("One more frog: {name}'s servant joins the pond on {square} ({tile}, no effect).")
                .format(name=col["name"], square=to, tile=tile_word(state["tiles"][to])))
        return None
    # a move card: the move of the turn
    ref = check_move(state, c, str(action["from"]), parse_square(action["to"]),
                     jump=(key == "mega_jump"))
    ctx.take_answers(action)
    ctx.ignore_effect = key != "mega_jump"
    src = frog(state, ref)["square"]
    return arrive(state, ref, parse_square(action["to"]), src, action.get("tile"), ctx)


def _take_back(state: CroaState, key: str) -> None:
    """A card that works and stays in front of its colony leaves the discard pile again."""
    state["discard"][key] -= 1
    if not state["discard"][key]:
        del state["discard"][key]


RULE_FORCE = N_("May the force...: a hand of 4 while the card lies in front of you; losing it "
              "with 4 in hand costs a card")


def lose_force(state: CroaState, c: int, key: str, action: Action, ctx: Ctx) -> None:
    """May the force...: another card (applied at the table) takes the force away. It goes to
    the discard pile; a colony then holding 4 cards discards one (`--discard CARD`; with real
    cards an unnamed one is enough)."""
    col = state["colonies"][c]
    if key != "the_force":
        raise IllegalAction(_("only the force lies in front of a colony and can be lost, not {card}")
                            .format(card=title(key)), RULE_FORCE)
    if not col.get("force"):
        raise IllegalAction(_("{name} has no force in front of it").format(name=col["name"]), RULE_FORCE)
    thrown = None
    typed = action.get("discard")
    if typed and len(col["hand"]) <= HAND and not ctx.chance.replaying:
        raise IllegalAction(_("{name} holds {n} cards: nothing to discard").format(
            name=col["name"], n=len(col["hand"])), RULE_FORCE)
    if len(col["hand"]) > HAND:
        thrown = played_key(typed) if typed and not ctx.chance.replaying else (
            recorded_key(typed) if typed else None)
        if thrown is not None and not ctx.chance.replaying:
            _check_name(thrown, typed, known=False)
        if thrown is None and HIDDEN not in col["hand"]:
            raise IllegalAction(_("{name} holds {n} cards and must discard one: add --discard CARD "
                                  "({held})").format(name=col["name"], n=len(col["hand"]),
                                                     held=_hand_note(state, c)), RULE_FORCE)
        if thrown is not None:
            check_held(state, c, thrown, ctx, verb="discard")
    col["force"] = False
    state["discard"]["the_force"] = state["discard"].get("the_force", 0) + 1
    ctx.say(_("{name} loses the force: back to hands of {n}.").format(name=col["name"], n=HAND))
    if len(col["hand"]) > HAND:
        discard(state, c, thrown or HIDDEN)
        ctx.say(_("{name} discards {card} ({n} left in hand).").format(
            name=col["name"], card=title(thrown) if thrown else _("a card"), n=len(col["hand"])))


def dealt_hand(state: CroaState, name: str) -> Colony:
    """The colony named, whose hand the referee dealt (refused when the players hold real cards)."""
    if not state.get("cards") or not state.get("deal"):
        raise IllegalAction(_("the referee dealt no hands in this session (real cards stay in the "
                              "players' hands)"), N_("Cards: dealt hands"))
    return next(col for col in state["colonies"] if col["name"] == name)
