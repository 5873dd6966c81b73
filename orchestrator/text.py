"""Small text tools shared by the offline reasoner, enumeration and diffs: tokens, light stemming,
UI synonyms, quoted-label extraction and a lexical similarity between a widget label and a step.

No model, no network: plain rules, deterministic. The similarity is the one ReCDroid-style tools
use (word overlap after normalisation, with a synonym table of common UI words), here scored in
``[0, 1]``.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import snowballstemmer

_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_TOKEN_RE = re.compile(r"[^\W_]+", re.UNICODE)
_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def wordset(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text`` as a frozenset (for word-list constants)."""
    return frozenset(text.split())


# Symbols that are whole labels on calculator-like keypads and in reports' input values.
SYMBOL_NAMES: dict[str, tuple[str, ...]] = {
    "+": ("plus", "add"),
    "-": ("minus", "subtract"),
    "−": ("minus", "subtract"),
    "×": ("multiply", "times", "multiplication"),
    "*": ("multiply", "times", "multiplication"),
    "÷": ("divide", "division"),
    "/": ("divide", "division"),
    "%": ("percent", "percentage", "modulo"),
    "!": ("factorial",),
    "(": ("left", "open", "parenthesis", "parentheses", "bracket"),
    ")": ("right", "close", "parenthesis", "parentheses", "bracket"),
    "()": ("parenthesis", "parentheses", "bracket", "brackets"),
    "√": ("square", "root", "sqrt"),
    "^": ("power", "exponent"),
    ".": ("point", "decimal", "dot"),
    ",": ("comma", "decimal"),
    "=": ("equals", "equal", "result"),
    "π": ("pi",),
}
# Icon symbols a report names ("tap +") and the words apps use for the same icon in its
# resource-id or content-desc (``fab_add_new_item``, "More options"), by stem.
SYMBOL_ICON_WORDS: dict[str, frozenset[str]] = {
    "+": frozenset({"add", "new", "creat", "plus", "increas", "increment"}),
    "-": frozenset({"minus", "decreas", "decrement", "subtract"}),
    "−": frozenset({"minus", "decreas", "decrement", "subtract"}),
    "⋮": frozenset({"more", "option", "overflow", "menu"}),
    "...": frozenset({"more", "option", "overflow"}),
    "☰": frozenset({"menu", "navigation", "drawer", "hamburger"}),
    "✓": frozenset({"done", "save", "confirm", "ok", "check"}),
    "✔": frozenset({"done", "save", "confirm", "ok", "check"}),
    "←": frozenset({"back", "navigat", "up"}),
    "🔍": frozenset({"search", "find"}),
}
# Keys labelled with both brackets of a pair: the app inserts whichever one fits.
BRACKET_PAIRS = ("()", "[]")
# Characters that mean the same key on different keypads.
SYMBOL_EQUIVALENTS: dict[str, str] = {"*": "×", "x": "×", "/": "÷", "−": "-", "–": "-", ",": "."}

STOPWORDS = wordset(
    """a an the to on in into onto of and or for with at by from as is are am was were be been
    being it its it's this that these those there here my your our their his her me we you i he
    she they them then than
    so if when while after before again also just any some all each every one two first second
    new-ly please will would should could can may might must do does did done not no yes very
    same other another which what who whom whose where how why up down out over under about via
    e.g eg i.e ie etc like such example instance say"""
)
# Words that carry little meaning on their own in a widget label (still matched, but weakly).
WEAK_WORDS = wordset(
    "button icon option options item items field view tab menu list screen page app dialog"
)

# Common UI synonyms (each group: words a reporter and a widget may use for the same thing).
_SYNONYM_GROUPS: tuple[tuple[str, ...], ...] = (
    ("add", "new", "create", "plus", "+", "insert", "fab"),
    ("delete", "remove", "trash", "bin", "discard", "erase", "clear", "wastebasket"),
    ("settings", "setting", "preferences", "preference", "configuration", "config", "gear", "cog"),
    ("more", "overflow", "⋮", "options", "menu", "kebab"),
    ("back", "return", "navigate", "up"),
    ("hamburger", "drawer", "navigation", "sidebar", "side"),
    ("save", "done", "ok", "confirm", "apply", "finish", "set", "accept"),
    ("cancel", "dismiss", "close", "no"),
    ("ok", "yes", "continue", "allow", "accept", "grant", "agree", "got"),
    ("search", "find", "magnifier", "magnify", "lookup", "query"),
    ("edit", "modify", "change", "rename", "update", "pencil"),
    ("open", "view", "show", "display"),
    ("folder", "directory", "dir"),
    ("file", "document", "doc"),
    ("picture", "image", "photo", "pic", "pics", "gallery"),
    ("camera", "photo", "capture", "shutter", "snapshot"),
    ("label", "tag"),
    ("note", "notes", "memo"),
    ("play", "start", "resume"),
    ("pause", "stop"),
    ("copy", "duplicate", "clone"),
    ("paste", "move", "insert"),
    ("cut", "move"),
    ("share", "send", "export"),
    ("import", "load"),
    ("about", "info", "information", "learn", "ℹ", "ℹ️"),
    ("account", "login", "signin", "sign"),
    ("refresh", "reload", "sync"),
    ("sort", "order"),
    ("filter", "funnel"),
    ("help", "faq", "support"),
    ("language", "locale"),
    ("date", "day", "calendar"),
    ("time", "clock"),
    ("next", "proceed", "continue", "forward", "onward"),
    ("previous", "prev", "backward"),
    ("manual", "manually", "hand", "custom"),
    ("automatic", "automatically", "auto"),
    ("increase", "increment", "raise", "plus"),
    ("decrease", "decrement", "reduce", "lower", "minus"),
    ("exit", "quit", "leave"),
    ("reset", "restore"),
    ("select", "choose", "pick"),
    ("skip", "ignore"),
    ("upload", "publish"),
    ("download", "fetch"),
    ("enable", "on", "activate", "turn", "check"),
    ("disable", "off", "deactivate", "uncheck"),
    # Latitude and longitude are coordinates, but not each other: two groups sharing the hypernym.
    ("coordinate", "coordinates", "latitude", "lat"),
    ("coordinate", "coordinates", "longitude", "lng", "lon"),
)
# Multilingual UI words mapped to their English equivalent (reports come in any language).
_TRANSLATIONS: dict[str, str] = {
    # German
    "einstellungen": "settings",
    "suche": "search",
    "suchfeld": "search",
    "speichern": "save",
    "löschen": "delete",
    "hinzufügen": "add",
    "neu": "new",
    "zurück": "back",
    "abbrechen": "cancel",
    "öffnen": "open",
    "datei": "file",
    "ordner": "folder",
    "bearbeiten": "edit",
    # Spanish / Portuguese / Italian / French
    "ajustes": "settings",
    "configuración": "settings",
    "configurações": "settings",
    "impostazioni": "settings",
    "paramètres": "settings",
    "buscar": "search",
    "pesquisar": "search",
    "cerca": "search",
    "rechercher": "search",
    "guardar": "save",
    "salvar": "save",
    "salva": "save",
    "enregistrer": "save",
    "borrar": "delete",
    "eliminar": "delete",
    "excluir": "delete",
    "supprimer": "delete",
    "añadir": "add",
    "agregar": "add",
    "adicionar": "add",
    "ajouter": "add",
    "atrás": "back",
    "voltar": "back",
    "retour": "back",
    "cancelar": "cancel",
    "annuler": "cancel",
    "carpeta": "folder",
    "pasta": "folder",
    "dossier": "folder",
    "archivo": "file",
    "fichier": "file",
    # Russian
    "настройки": "settings",
    "поиск": "search",
    "сохранить": "save",
    "удалить": "delete",
    "добавить": "add",
    "назад": "back",
    "отмена": "cancel",
    "папка": "folder",
    "файл": "file",
    # Chinese / Japanese
    "设置": "settings",
    "設定": "settings",
    "搜索": "search",
    "検索": "search",
    "保存": "save",
    "删除": "delete",
    "削除": "delete",
    "添加": "add",
    "追加": "add",
    "新建": "new",
    "返回": "back",
    "取消": "cancel",
    "文件夹": "folder",
    "文件": "file",
    "确定": "ok",
}


def _strip_accents_keep(text: str) -> str:
    return unicodedata.normalize("NFC", text)


_ENGLISH = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The English Snowball (Porter2) stem of ``word``, lower-cased: ``cutting`` → ``cut``,
    ``folders`` → ``folder``, ``deleted``/``deletion`` → ``delet``, ``settings`` → ``set``,
    ``confirmation`` → ``confirm``. Words with digits or symbols and words of three letters or
    fewer are only lower-cased. The library's stemmer, not a hand-written suffix list (issue 28
    §2): consistent word forms are all matching needs."""
    w = word.lower()
    if len(w) <= 3 or not w.isalpha():
        return w
    return str(_ENGLISH.stemWord(w))


def split_identifier(identifier: str) -> list[str]:
    """``"com.amaze:id/fab_new_folder"`` → ``["fab", "new", "folder"]``; camelCase is split too
    (``"btnNewFolder"`` → ``["btn", "new", "folder"]``)."""
    ident = identifier.rsplit("/", 1)[-1] if "/" in identifier else identifier
    parts: list[str] = []
    for chunk in re.split(r"[_\-.\s:]+", ident):
        parts += [p.lower() for p in _CAMEL_RE.split(chunk) if p]
    return parts


@lru_cache(maxsize=65536)
def words(text: str) -> tuple[str, ...]:
    """Lower-case word tokens of ``text`` (camelCase and snake_case split, CJK characters one
    token each, translations of common UI words added), in order, with duplicates."""
    if not text:
        return ()
    text = _strip_accents_keep(text)
    out: list[str] = []
    for token in _TOKEN_RE.findall(text):
        if _CJK_RE.search(token):
            out += [en for src, en in _TRANSLATIONS.items() if _CJK_RE.match(src) and src in token]
            out += [ch for ch in token if not ch.isspace()]
            continue
        for part in _CAMEL_RE.split(token):
            if not part:
                continue
            low = part.lower()
            out.append(low)
            if low in _TRANSLATIONS:
                out.append(_TRANSLATIONS[low])
    return tuple(out)


def content_words(text: str) -> list[str]:
    """:func:`words` without stop words and one-letter noise (digits are kept)."""
    return [
        w
        for w in words(text)
        if w not in STOPWORDS and (len(w) > 1 or w.isdigit() or _CJK_RE.match(w))
    ]


@lru_cache(maxsize=1)
def _synonym_index() -> dict[str, frozenset[str]]:
    index: dict[str, set[str]] = {}
    for group in _SYNONYM_GROUPS:
        stems = {stem(w) for w in group}
        for s in stems:
            index.setdefault(s, set()).update(stems)
    return {k: frozenset(v) for k, v in index.items()}


def synonyms(word: str) -> frozenset[str]:
    """Stems that mean the same UI thing as ``word`` (its own stem included)."""
    s = stem(word)
    return _synonym_index().get(s, frozenset()) | {s}


def is_subsequence(short: Sequence[Any], long: Sequence[Any]) -> bool:
    """``short``'s items appear in ``long`` in the same order, others between them allowed
    (keys "(54)%" in "(5+4)%"; words "hello on it" in "hello name on it")."""
    it = iter(long)
    return all(item in it for item in short)


def normalize_label(text: str) -> str:
    """Case-folded, whitespace-collapsed, without surrounding punctuation: for exact compares."""
    return " ".join(text.casefold().split()).strip(" .:;,!?\"'`*()[]{}<>")


# Quote pairs a reporter uses around a label or a value.
_QUOTE_PATTERNS = (
    re.compile(r"``(?P<q>[^`\n]{1,80}?)``"),
    re.compile(r"`(?P<q>[^`\n]{1,80}?)`"),
    re.compile(r"\"(?P<q>[^\"\n]{1,80}?)\""),
    re.compile(r"“(?P<q>[^”\n]{1,80}?)”"),
    re.compile(r"„(?P<q>[^“”\n]{1,80}?)[“”]"),
    re.compile(r"‘(?P<q>[^’\n]{1,80}?)’"),
    re.compile(r"«\s?(?P<q>[^»\n]{1,80}?)\s?»"),
    re.compile(r"「(?P<q>[^」\n]{1,80}?)」"),
    re.compile(r"『(?P<q>[^』\n]{1,80}?)』"),
    # Single quotes: only around a phrase, not an apostrophe (don't, it's).
    re.compile(r"(?:(?<=^)|(?<=[\s(\[,:;=]))'(?P<q>[^'\n]{1,80}?)'(?=$|[\s).,:;!?\]-])"),
)
_BOLD_RE = re.compile(r"\*\*(?P<q>[^*\n]{1,60}?)\*\*")
_MAX_QUOTE_SPAN = 90  # the longest match above: 80 quoted characters, marks and spaces


def quoted(text: str, *, bold: bool = False) -> list[tuple[int, str]]:
    """Quoted phrases in ``text`` as ``(offset, phrase)`` in reading order, without duplicates
    of the same span. With ``bold``, Markdown ``**bold**`` phrases count as quoted too."""
    return list(_quoted(text, bold))


# The step extraction asks for the quotes of one clause several times over; a clause can be
# long (a pasted JSON of thousands of quotes: issue 15's fuzz), so each text is scanned once.
@lru_cache(maxsize=64)
def _quoted(text: str, bold: bool) -> tuple[tuple[int, str], ...]:
    found: list[tuple[int, int, str]] = []  # sorted by start
    patterns = _QUOTE_PATTERNS + ((_BOLD_RE,) if bold else ())
    for pattern in patterns:
        for match in pattern.finditer(text):
            start, end = match.span()
            if not _overlaps(found, start, end):
                phrase = match.group("q").strip()
                if phrase:
                    bisect.insort(found, (start, end, phrase))
    return tuple((s, q) for s, _, q in found)


def _overlaps(found: list[tuple[int, int, str]], start: int, end: int) -> bool:
    """True when ``start`` or ``end`` falls inside a span of ``found`` (e.g. `'x'` inside
    "..."). Only spans starting less than _MAX_QUOTE_SPAN before can hold either: a bounded
    look instead of a scan of every quote (quadratic on a report of many)."""
    i = bisect.bisect_left(found, (start - _MAX_QUOTE_SPAN,))
    while i < len(found) and found[i][0] < end:
        s, e, _ = found[i]
        if s <= start < e or s < end <= e:
            return True
        i += 1
    return False


_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WEEKDAY = r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
# A label that is nothing but a calendar date ("Aug 15, 2019", "15 August 2019", "2019-08-15",
# "15/08/2019", "15.08.2019"; dotted only with a four-digit year, so a version "1.3.10" is not
# one): the value of a date field (a date button, a picker's day cell).
_DATE_LABEL_RE = re.compile(
    rf"{_WEEKDAY}(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}"
    r"|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}\.\d{1,2}\.\d{4})",
    re.IGNORECASE,
)
# How well a date value matches a step that names "date": as a synonym does (0.6 x 0.85 = 0.51).
DATE_VALUE_SIMILARITY = 0.51


def is_date_label(label: str) -> bool:
    """True when ``label`` is only a calendar date (``"Aug 15, 2019"``, ``"10 August 2019"``,
    ``"2019-08-15"``, ``"15/08/2019"``, optionally after a weekday)."""
    return bool(_DATE_LABEL_RE.fullmatch(label.strip()))


def similarity(label: str, phrase: str) -> float:
    """How well a widget ``label`` matches a ``phrase`` of a report, in ``[0, 1]``.

    1.0 for the same text (case and punctuation aside); otherwise the share of the label's
    content words found in the phrase (by stem, or at 0.6 by synonym), times a coverage factor
    so that a one-word label inside a long step still counts. Symbol labels (``+``, ``%``) match
    the symbol or its name (``plus``, ``percent``). A label that is only a calendar date
    (:func:`is_date_label`) matches a phrase naming a ``date`` at :data:`DATE_VALUE_SIMILARITY`:
    a date field shows its value, not its name (decision 0031).
    """
    a, b = normalize_label(label), normalize_label(phrase)
    # Bracket keys are all punctuation: compare them without whitespace instead.
    sym = _bracket_symbol(label)
    if sym:
        return 1.0 if sym == _bracket_symbol(phrase) else _symbol_similarity(sym, phrase)
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0
    if len(a) <= 2 and not a.isalnum():
        return _symbol_similarity(a, phrase)
    # ("dat" first: a cheap test, as similarity runs for every widget against every step)
    if "dat" in b and is_date_label(label) and stem("date") in {stem(w) for w in words(phrase)}:
        # A date field shows its value, not the word "date" (its hint shows only while empty):
        # "Modify date" names the button that reads "Aug 15, 2019".
        return DATE_VALUE_SIMILARITY
    icon = SYMBOL_ICON_WORDS.get(b) or emoji_words(b)
    if icon and {stem(w) for w in words(label)} & icon:
        return 0.75  # "+" in the report, an "add"/"new" widget on screen
    label_words = [w for w in content_words(label)] or list(words(label))
    phrase_words = content_words(phrase) or list(words(phrase))
    if not label_words or not phrase_words:
        return 0.0
    phrase_stems = {stem(w) for w in phrase_words}
    phrase_syn: set[str] = set()
    for w in phrase_words:
        phrase_syn |= synonyms(w)
    precision = _label_share(
        label_words,
        lambda w, s: 0.6 if s in phrase_syn or synonyms(w) & phrase_stems else 0.0,
        phrase_stems,
    )
    if precision == 0:
        return 0.0
    # A label that is a whole phrase inside the step ("New folder" in "tap New folder") is strong.
    contiguous = 0.15 if f" {a} " in f" {b} " else 0.0
    return min(1.0, 0.85 * precision + contiguous)


# A label word the phrase leaves out but an earlier step of the report says counts this much of
# a word the phrase says: reports name the object once, then the control by its verb alone.
CONTEXT_WEIGHT = 0.5


def similarity_in_context(label: str, phrase: str, context: frozenset[str]) -> float:
    """:func:`similarity`, with the label's words the phrase lacks but ``context`` (stems of what
    the report said before the phrase) holds counted at :data:`CONTEXT_WEIGHT`: after "select
    Quiz", "press Start" names the button "Start quiz" (0.64, not 0.43). At least one label word
    must be the phrase's own; synonyms count only as in :func:`similarity`."""
    base = similarity(label, phrase)
    if not context or base <= 0.0 or base >= 1.0:
        return base
    label_words = content_words(label) or list(words(label))
    phrase_stems = {stem(w) for w in content_words(phrase) or words(phrase)}
    if not any(stem(w) in phrase_stems for w in label_words):
        return base
    share = _label_share(
        label_words, lambda _w, s: CONTEXT_WEIGHT if s in context else 0.0, phrase_stems
    )
    return max(base, 0.85 * share)


def _label_share(
    label_words: list[str], partly: Callable[[str, str], float], phrase_stems: set[str]
) -> float:
    """The weighted share (0-1) of ``label_words`` the phrase says: a word whose stem is in
    ``phrase_stems`` counts whole, another ``partly(word, stem)`` of itself; a weak word
    (:data:`WEAK_WORDS`) weighs 0.35."""
    score = total = 0.0
    for w in label_words:
        weight = 0.35 if w in WEAK_WORDS else 1.0
        total += weight
        s = stem(w)
        score += weight * (1.0 if s in phrase_stems else partly(w, s))
    return score / total if total else 0.0


# Words of a symbol's Unicode name that qualify its look, not what it stands for ("HEAVY PLUS
# SIGN", "LEFT-POINTING MAGNIFYING GLASS", "WHITE MEDIUM STAR").
_EMOJI_NAME_QUALIFIERS = wordset(
    "black white heavy light medium small large big sign symbol mark with for and of left right "
    "pointing upwards downwards open face emoji squared circled negative button"
)
# Emoji presentation, text presentation and zero-width joiner: layout, not meaning.
_EMOJI_LAYOUT = dict.fromkeys(map(ord, "\ufe0f\ufe0e\u200d"))


@lru_cache(maxsize=4096)
def emoji_words(phrase: str) -> frozenset[str]:
    """What a phrase made only of symbols or emoji stands for, as stems and their UI synonyms,
    from the characters' Unicode names (``unicodedata``): ``"ℹ️"`` (INFORMATION SOURCE) →
    ``info``, ``about``, ``learn`` ...; ``"⚙"`` (GEAR) → ``gear``, ``set`` ... Words that
    describe the glyph's look (:data:`_EMOJI_NAME_QUALIFIERS`) are left out. Empty when the phrase
    holds a letter of a script, a digit or punctuation, or names nothing."""
    chars = [ch for ch in phrase.translate(_EMOJI_LAYOUT) if not ch.isspace()]
    if not chars or len(chars) > 4:
        return frozenset()
    out: set[str] = set()
    for ch in chars:
        category = unicodedata.category(ch)
        name = unicodedata.name(ch, "")
        pictograph = category in ("So", "Sm") or (
            category.startswith("L")
            and not ch.isascii()
            and not re.search(r"\b(?:LETTER|IDEOGRAPH|SYLLABLE|LIGATURE)\b", name)
        )
        if not name or not pictograph:
            return frozenset()
        for word in re.split(r"[\s-]+", name.lower()):
            if word.isalpha() and len(word) > 2 and word not in _EMOJI_NAME_QUALIFIERS:
                out |= synonyms(word)
    return frozenset(out)


def _bracket_symbol(text: str) -> str:
    """``"("``, ``")"`` or a bracket-pair key (``"(  )"`` → ``"()"``), else ``""``."""
    compact = "".join(text.split())
    return compact if compact in ("(", ")", "()", "[", "]", "[]") else ""


def _symbol_similarity(symbol: str, phrase: str) -> float:
    if symbol in phrase:
        return 0.9
    if len(symbol) == 2 and symbol in BRACKET_PAIRS:
        # One key types both brackets ("(  )" on calculators): it is the key for either, when
        # the phrase names a bracket on its own (not an aside in parentheses).
        alone = rf"(?:^|(?<=[\s\"'`“]))[{re.escape(symbol)}](?=$|[\s\"'`”.,])"
        return 0.9 if re.search(alone, phrase) else 0.0
    names = SYMBOL_NAMES.get(symbol, ())
    ws = set(words(phrase))
    return 0.7 if names and any(n in ws for n in names) else 0.0
