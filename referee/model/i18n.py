"""The referee's language: `_()`, `ngettext()` and the choice of catalog (standard `gettext`).

The language is `--lang`, else REFEREE_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG:
`fr_FR.UTF-8` gives French); English, the language of the source, is the default. The catalog
(referee/locale/<lang>/LC_MESSAGES/referee.mo) is read only when a first message is translated,
so `referee --help` and the engines' imports stay light.

Constant texts (rule names, help) are marked with `N_()` where they are defined and translated
with `_()` where they are shown.

What the referee tells of an action (an event) is kept as data, not as text: `msg()`, `nmsg()`,
`pmsg()` hold a catalog's message and its parameters (texts, numbers, or other such words: a
tile, a card's title), and `tell()` says them in the language in force when they are read. So a
game played in French reads in English and the reverse (`referee.model.view.told`).
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gettext import NullTranslations

DOMAIN = "referee"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
LANGUAGES = ("en", "fr")

_chosen: str | None = None  # set by --lang; None: the environment decides
_catalog: NullTranslations | _English | None = None
_catalog_lang: str | None = None


def _from_env() -> str:
    explicit = os.environ.get("REFEREE_LANG")
    if explicit:
        return explicit
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:  # the first one set wins, as the C library reads them
            return value
    return "en"


def normal(value: str) -> str:
    """`fr_FR.UTF-8`, `fr-CA`, `FR` -> `fr`; anything not translated -> `en`."""
    code = value.strip().lower().replace("-", "_").split(".")[0].split("_")[0].split("@")[0]
    return code if code in LANGUAGES else "en"


def language() -> str:
    """The language in force: `en` or `fr`."""
    return normal(_chosen) if _chosen else normal(_from_env())


def set_language(value: str | None) -> None:
    """`--lang` (None: back to the environment's choice)."""
    global _chosen
    _chosen = value


@contextmanager
def speaking(value: str) -> Iterator[None]:
    """For a while, the given language (a generated French manual page), then back."""
    global _chosen
    before = _chosen
    _chosen = value
    try:
        yield
    finally:
        _chosen = before


class _English:
    """The source's own language: each message as written (as gettext's `NullTranslations`), so an
    English command does not import `gettext`."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    @staticmethod
    def pgettext(context: str, message: str) -> str:
        return message


def catalog() -> NullTranslations | _English:
    global _catalog, _catalog_lang
    lang = language()
    if _catalog is None or _catalog_lang != lang:
        if lang == "en":
            _catalog = _English()
        else:
            import gettext  # only for a translated language

            _catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _catalog_lang = lang
    return _catalog


def _(message: str) -> str:
    """The message in the table's language."""
    return catalog().gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form as the table's language counts `n`."""
    return catalog().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a constant for the catalog; it is translated where it is shown."""
    return message


def fold(word: str) -> str:
    """A typed word without case or accents: `Nénuphar` -> `nenuphar`, `déplacer` -> `deplacer`."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def NC_(context: str, message: str) -> str:
    """Mark a constant with its context (`NC_("tile", "log")`); shown with `pgettext`."""
    return message


def pgettext(context: str, message: str) -> str:
    """A short word that means different things in different places (`tile` "log")."""
    return catalog().pgettext(context, message)


_VOWELS = "AEIOUYÂÉÈÊÎÔÛ"  # a name (capital), not a square (a3)


def elide(text: str) -> str:
    """French elision where a name follows: `de Ann` -> `d'Ann`, `que Ann` -> `qu'Ann`."""
    if language() != "fr":
        return text
    return re.sub(rf"\b(d|qu)e ([{_VOWELS}])", r"\1'\2", text)


def sentence(text: str) -> str:
    """A line of the table's: elided, and in French opening with a capital (`La servante...`)."""
    if language() != "fr":
        return text
    text = elide(text)
    return text[:1].upper() + text[1:]


_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui", "utils",
                  "shell_completion")


def click_speaks() -> None:
    """Click's own texts (`Usage:`, `Options:`, its errors) in the table's language.

    Click marks them with gettext's `_` and `ngettext`, imported into each of its modules; they
    are pointed here at this module's `_` and `ngettext`, which ask the catalog only when a text
    is shown (and read no file in English). The French for them is in our catalog."""
    for name in _CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = _  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]


def or_list(words: list[str]) -> str:
    """`'a' or 'b'` in the table's language (`'a' ou 'b'`)."""
    return f" {_('or')} ".join(words)


def typeset(text: str) -> str:
    """French typography kept where a tool lost it (Click's short help splits on every space):
    a no-break space before `:`, a narrow one before `;`, `!` and `?`; English as it is."""
    if language() != "fr":
        return text
    text = re.sub(r" :(?=\s|$)", "\u00a0:", text)
    return re.sub(r" ([;!?])(?=\s|$|\.)", "\u202f\\1", text)


def and_list(words: list[str]) -> str:
    """`Ann`, `Ann and Cy`, `Ann, Bob and Cy` in the table's language (`Ann, Bob et Cy`)."""
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {_('and')} {words[-1]}"


def number(value: float, digits: int | None = None) -> str:
    """A number as the table's language writes it: `1,234.5` in English, `1 234,5` in French
    (a narrow no-break space between thousands, a decimal comma). `digits`: after the point."""
    text = f"{value:,}" if digits is None else f"{value:,.{digits}f}"
    if language() == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


_MONTHS_FR = ("janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc.")


def day(iso: str) -> str:
    """A day (`2026-12-02`, or the start of an ISO time) as the table's language writes it:
    unchanged in English, `2 déc. 2026` in French."""
    if language() != "fr" or len(iso) < 10 or iso[4] != "-" or iso[7] != "-":
        return iso
    try:
        year, month, date = int(iso[:4]), int(iso[5:7]), int(iso[8:10])
        name = _MONTHS_FR[month - 1]
    except (ValueError, IndexError):
        return iso
    return f"{'1er' if date == 1 else date} {name} {year}{iso[10:].replace('T', ' ', 1)}"


def percent(fraction: float, digits: int = 1) -> str:
    """`0.25` -> `25.0%` in English, `25,0 %` in French (a no-break space before the sign)."""
    text = number(fraction * 100, digits)
    return f"{text}\u00a0%" if language() == "fr" else f"{text}%"


def decimal(text: str) -> str:
    """A number already written the English way (`2.5`) with a decimal comma in French."""
    return text.replace(".", ",") if language() == "fr" else text


# -- words said when read ---------------------------------------------------------------------------
#
# A message kept as data (JSON-ready, as the log stores it): {"id": the catalog's message, "args":
# its parameters}, with "plural" and "n" for a count (`ngettext`), "ctx" for a context (`pgettext`).
# A parameter is a text or a number (said as it is: a name, a square), another message (a word of
# the game: a tile, a card's title, "Ann's queen"), a list (said `a, b and c`), or `joined(...)`
# (its parts said one after the other). `msg`, `nmsg` and `pmsg` mark their message for the catalog
# as `_`, `ngettext` and `pgettext` do (babel.cfg's keywords).

def msg(message: str, **args: Any) -> dict:
    """A message said when it is read, with its parameters (`_(message).format(**args)` then)."""
    out: dict = {"id": message}
    if args:
        out["args"] = args
    return out


def nmsg(singular: str, plural: str, n: int, **args: Any) -> dict:
    """A counted message said when it is read (`ngettext(...).format(n=n, **args)` then)."""
    out: dict = {"id": singular, "plural": plural, "n": n}
    if args:
        out["args"] = args
    return out


def pmsg(context: str, message: str, **args: Any) -> dict:
    """A short word with its context said when it is read (`pgettext(context, message)` then)."""
    out: dict = {"ctx": context, "id": message}
    if args:
        out["args"] = args
    return out


def joined(parts: list) -> dict:
    """Words said one after the other (`b1:reine-c2` from a square, a frog, a square)."""
    return {"joined": list(parts)}


def tell(words: Any) -> str:
    """Words kept as data (`msg`...) said in the language in force; a text as it is. A message the
    catalog no longer words as its parameters ask is said as first written (English)."""
    if isinstance(words, str):
        return words
    if isinstance(words, list):
        return and_list([tell(w) for w in words])
    if not isinstance(words, dict):
        return "" if words is None else str(words)
    if "joined" in words:
        parts = words["joined"]
        return "".join(tell(p) for p in parts) if isinstance(parts, list) else tell(parts)
    message = words.get("id")
    if not isinstance(message, str):
        return ""
    n = words.get("n")
    if "plural" in words:
        count = n if isinstance(n, int) else 2
        text = catalog().ngettext(message, str(words["plural"]), count)
        message = message if count == 1 else str(words["plural"])
    elif "ctx" in words:
        text = catalog().pgettext(str(words["ctx"]), message)
    else:
        text = _(message)
    args = words.get("args")
    values = {"n": n} if n is not None else {}
    if isinstance(args, dict):
        values.update({k: tell(v) if isinstance(v, dict | list) else v for k, v in args.items()})
    if not values:
        return text
    for wording in (text, message):
        try:
            return wording.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):
            continue
    return message
