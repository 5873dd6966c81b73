"""Rule-based report analysis: steps to reproduce (S2R), input values, symptom, crash or not.

The offline half of LTGDroid's Report Analyzer, in the spirit of the pre-LLM tools (ReCDroid,
Yakusu): no model, only the structure reporters use.

- Sections are found from Markdown headings, bold lines and ``Steps:``-style labels (also inline,
  ``STR: Go to setting, click ...``) and classified as steps, expected, actual, environment or
  description.
- Steps come from the steps section (numbered ``1.``/``1)``/``Step 1:`` items, bullets, else one
  step per line or sentence), else from the first numbered list anywhere, else from action
  sentences of the description, else from the title. A comment is searched when the body has no
  steps. Arrows (``->``, ``→``, ``=>``, `` > ``) and clauses joined by ``and``/``then``/commas that
  start with an action verb are split into separate steps.
- Each step gets an action hint from its verb (tap/click/press/select/open/choose → click; long
  press/long click/hold → long_click; type/enter/input/write/name... → input_text; rotate/
  landscape/portrait → rotate; go back/back → press_back; scroll/swipe → swipe), its targets
  (quoted labels ``' " ` “ ” ‘ ’ « » 「 」``, else the verb's object) and its value (the quoted or
  ``e.g.`` text to type, numbers, expressions such as ``1+2)×3``).
- Setup steps (install/launch the app) become setup notes; observation steps (see error, app
  crashes) feed the symptom.
- Crash or not: crash words in any language the report uses, ``FATAL EXCEPTION`` and stack traces
  with ``at`` frames, weighted by where they appear (title, body, comments; never in the expected
  behaviour or negated). The exception class is the one the title names, else the root cause of
  the first stack trace.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from orchestrator.logcat import find_exceptions_in_text, named_exceptions
from orchestrator.model import CRASH, NON_CRASH, BugReport, ReproSpec, S2RStep
from orchestrator.reasoner.rules import applies, fired, on, rule
from orchestrator.text import (
    STOPWORDS,
    content_words,
    is_subsequence,
    normalize_label,
    quoted,
    similarity,
    split_identifier,
    stem,
    wordset,
)

# --- action verbs ---------------------------------------------------------------------------------


# Multi-word phrases (``|``-separated), checked as substrings of the lower-cased clause.
_PHRASE_TABLE = {
    "long_click": "long click|long-click|long press|long-press|longpress|long tap|long-tap|"
    "press and hold|tap and hold|click and hold|touch and hold|long touch|long-touch|hold down|"
    "keep pressing|lange drücken|pulsación larga|"
    "appui long|长按",
    "press_back": "go back|press back|back button|navigate back|back key|press the back|click back|"
    "tap back|hit back|return to|come back|back arrow|return|返回|zurück",
    "press_enter": "press enter|hit enter|tap enter|press the enter|press return",
    "press_home": "home button|press home|home screen",
    "swipe": "scroll|swipe|slide|fling|pull down|滑动",
    "click": "go to|navigate to|switch to|turn on|turn off|log in|sign in|tick",
}
_PHRASES: tuple[tuple[str, str], ...] = tuple(
    (phrase, kind) for kind, phrases in _PHRASE_TABLE.items() for phrase in phrases.split("|")
)
_VERB_TABLE = {
    "click": """tap taps tapped tapping click clicks clicked clicking press presses pressed
     pressing select selects selected selecting open opens opened opening choose chooses chose
     choosing pick picks picked hit touch touched navigate go goes went visit enable enabled
     enabling disable disabled disabling toggle toggled check checked uncheck unchecked mark
     marked unmark activate deactivate add adds added adding create creates created creating
     delete deletes deleted deleting remove removed removing save saved saving edit edited editing
     confirm accept allow grant deny cancel close dismiss refresh share copy cut paste import
     export start started stop stopped play pause resume download attach insert sort filter
     submit send login register apply switch change changed changing modify rename perform
     make made take turn turns turned turning klicken tippen drücken öffnen wählen auswählen
     aktivieren deaktivieren hinzufügen löschen pulsar tocar abrir seleccionar elegir activar
     cliquer appuyer ouvrir sélectionner choisir clicar selecionar нажать нажмите открыть
     выбрать 点击 打开 选择 按""",
    "input_text": """type types typed typing enter enters entered entering input inputs inputted
     write writes wrote writing fill fills filled put puts name named rename set sets search
     searching eingeben schreiben escribir saisir digitar ввести ввод 输入 填写""",
    "rotate": "rotate rotates rotated rotating rotation drehen girar tourner 旋转",
    # "Leave the editor", "leave with the back arrow": navigating away is Back (or Up)
    "press_back": "leave leaving",
}
_SINGLE_VERBS: dict[str, str] = {}
for _kind, _verbs in _VERB_TABLE.items():
    for _verb in _verbs.split():
        _SINGLE_VERBS.setdefault(_verb, _kind)
_STEMMED_VERBS: dict[str, str] = {}
for _verb, _kind in _SINGLE_VERBS.items():
    if _verb.isascii():
        _STEMMED_VERBS.setdefault(stem(_verb), _kind)
# Ambiguous verbs: input only when what follows is a value (quoted text, a number, "text").
_SOFT_INPUT_VERBS = wordset(
    "enter enters entered entering set sets search searching put puts name named rename"
)
_VALUE_NOUNS = wordset(
    """text value number name title content description url address email password username
    user server string character characters digit digits word words query note label amount
    price period coordinates prefix"""
)
_CREATE_VERBS = wordset(
    "create creates created creating add adds added adding make made new insert"
)
_PLAIN_CLICK_VERBS = wordset("click tap press select choose open hit touch pick") | {
    "go to",
    "navigate to",
}
_FILLER_WORDS = wordset(
    "the a an on to in of or and any some it this that my your its at with for from by as both "
    "either"
)
_QUANTIFIERS = wordset("either any one some all both each every")
_ROTATE_WORDS = tuple(
    wordset(
        "rotate rotation rotating landscape portrait orientation querformat hochformat paisaje "
        "paysage 横屏 竖屏 旋转"
    )
)
_GENERIC_CHANGE_VERBS = wordset("change changed changing switch turn set put flip")
# ... in any word form ("after switching to landscape"), by stem (issue 28 §2: a stemmer, not
# a list of forms)
_GENERIC_CHANGE_STEMS = frozenset(stem(v) for v in _GENERIC_CHANGE_VERBS)
# "Turn the device", "tilt your phone": turning the device itself is a rotation ("turn the
# screen off" is not).
_TURN_DEVICE_RE = re.compile(
    r"\b(?:turn|tilt|flip)\w*\s+(?:the\s+|your\s+|my\s+)?(?:device|phone|tablet|screen)\b"
    r"(?!\s+(?:on|off|back)\b)",
    re.IGNORECASE,
)
_SETUP_VERBS = wordset(
    "install installed download downloaded launch launched start started open opened run reopen "
    "restart relaunch"
)
_APP_WORDS = wordset(
    """app application the it from fdroid f droid play store google apk latest version fresh copy
    a of clean new current alpha beta build on device emulator phone again and"""
)
_OBSERVATION_STARTS = re.compile(
    r"^(?:see|observe|observed|notice|note|verify|watch|look|expected|expect|result|results|"
    r"actual|you will|you'll|it will|it crashes|it crashed|the app|app|application|crash|"
    r"crashes|crashed|error|nothing|i see|i get|pops up|shows|displays|and note|now the|"
    r"then the app|the application|bug|issue|problem|wait for|screen shows|check|i noticed|"
    r"i notice|you can see|we can see|there is|there are|"
    # what the app does next, its subject left out or "it" ("and goes back to the list", "it
    # returns to the main screen"): an outcome, not the person's step
    r"(?:it\s+)?(?:goes|went|jumps|jumped|navigates|navigated)\s+back|"
    r"(?:it\s+)?(?:returns|returned)\s+to|it\s+(?:opens|closes|shows|switches|reloads))\b",
    re.IGNORECASE,
)
_SYMPTOM_WORDS = re.compile(
    r"\b(crash\w*|error|exception|not|wrong|incorrect|still|disappear\w*|missing|fail\w*|"
    r"broken|stuck|lost|blank|empty|freez\w*|hang\w*|nothing|cannot|can't|unable)\b|"
    r"n't\b",  # ("n't" ends a word: a \b before it would need one inside "don't")
    re.IGNORECASE,
)
# A message the app shows, as the subject of a verb of saying ("An information bubble states a
# new logging file is created", "a toast says Saved", "the snackbar reads X"): what the person
# sees, an observation (decision 0030); ``what``: what it says, to the end of the sentence.
# Linear: at most six words between the noun and the verb, each taken whole.
MESSAGE_SAYS_RE = re.compile(
    r"\b(?:toast|snackbar|snack bar|bubble|pop-?up|notification|banner|tooltip|message)s?\s++"
    r"(?:\w++\s++){0,6}?(?:states?|stated|says?|said|reads?|tells?|informs?|announces?|"
    r"indicates?|shows?|showing|saying|stating)\b(?:\s*+:)?\s*+(?:that\s++)?"
    r"(?P<what>[^.;!?\n]{0,200})",
    re.IGNORECASE,
)
# States an observation line reports ("6. I see X but Y is unchecked"): the symptom, not a step.
_STATE_WORDS = re.compile(
    r"\b(?:but|unchecked|checked|enabled|disabled|shows?|showing|displays?|appears?|"
    r"visible|hidden|reset\w*|instead)\b",
    re.IGNORECASE,
)
_BACK_TO_RE = re.compile(
    r"\b(?:go(?:es|ing)? back|return(?:s|ing)?|navigate back|come back|get back)\s+to\s+"
    r"(?:the\s+|my\s+|your\s+)?(?P<place>[A-Za-z][\w ]{1,30}?)\s*(?:screen|page|view)?\s*[.,;]?$",
    re.IGNORECASE,
)
# Possessive runs (the same matches): "check" then a long whitespace run was quadratic, the run
# split every way between the adjacent whitespace quantifiers.
_CHECK_ACTION_RE = re.compile(
    r"^(?:un)?check\s++(?:the\s++|a\s++|on\s++)?\S*\s*+(?:box|checkbox|option|"
    r"setting|switch|item|toggle)",
    re.IGNORECASE,
)
_SUBORDINATE_RE = re.compile(
    r"^(?:when|while|after|once|if|as soon as|before)\b[^,]{2,80},\s*(?P<rest>.+)$", re.IGNORECASE
)
_LEADING_FILLER = re.compile(
    r"^(?:(?:then|and|but|also|just|finally|now|next|first|again|please|simply|immediately|"
    r"manually|quickly|try to|tries to|trying to|i|i'm|i am|you|we|user|the user|"
    # as a story tells it: "I tried to delete it", "we wanted to export the list"
    r"tried to|attempted to|(?:was|were) trying to|wanted to|decided to|"
    r"when (?:i|you|we)(?:'m|'re| am| are)?|"
    r"when(?= \w+ing\b)|if (?:i|you|we)|after (?:i|you|we))\s+)+",
    re.IGNORECASE,
)
_NEGATED_ACTION_RE = re.compile(r"^(?:don't|do not|never|avoid|without)\b", re.IGNORECASE)
_LOCATION_RE = re.compile(
    r"^(?:in|on|under|from|inside|within|at)\s+(?:the\s+)?(?P<place>.{1,60})$", re.IGNORECASE
)
# Places a "In/On the X," prefix names that the person is already on: the app's start screen,
# or the window the step before opened (decision 0058).
_START_SCREEN_RE = re.compile(
    r"^(?:the\s+)?(?:app'?s?\s+)?(?:start|home|main|first|initial|launch|opening|landing)\s+"
    r"(?:screen|page|view|activity)$",
    re.IGNORECASE,
)
_WHERE_ONE_IS_RE = re.compile(
    r"^(?:the\s+)?(?:(?:app'?s?\s+)?(?:start|home|main|first|initial|launch|opening|landing)\s+"
    r"(?:screen|page|view|activity)|(?:pop-?up|dialog|(?:context\s+|overflow\s+)?menu|"
    r"(?:bottom\s+)?sheet|drop-?down)(?:\s+(?:that|which)\s+(?:opens|appears|shows up))?)$",
    re.IGNORECASE,
)
_GLUED_VERB_RE = re.compile(r"\b(put|type|enter|input|write|set)(\d)", re.IGNORECASE)

# --- crash words in the languages reports come in -------------------------------------------------
# Each pattern is either all literals or all ``\b``-anchored alternatives: Python's regex engine
# scans such a pattern about 5x faster than one mixing both (issue 15's fuzz: 0.1 s for 100k
# characters), and a hit in any of them counts.
_CRASH_PATTERNS = [
    re.compile(p, re.IGNORECASE)
    for p in (
        # English
        r"\bcrash(?:es|ed|ing)?\b|\bforce[- ]?clos\w*|\bforces? to (?:exit|close|quit)|"
        r"\bhas stopped\b|\bkeeps stopping\b|\bstop(?:ped|s) working\b|"
        r"\b(?:app|application)\s+(?:stops|stopped|quits|dies)\b|\bfatal exception\b|"
        r"\b(?:not|isn't|is not) responding\b|\bcrash loop\b|\bcloses unexpectedly\b|\bANR\b",
        # German (its verbs also inside compounds), Spanish, French, Portuguese, Italian
        r"stürzt\b.{0,80}?\bab\b|abgestürzt",
        r"\b(?:absturz|se (?:cierra|bloquea|cuelga|detiene)\b|se ha detenido\b|crashea\b|"
        r"plant(?:e|é|ait)\b|se ferme\b|crashe\b|trava(?:ndo|u)?\b|fecha sozinho\b|"
        r"parou de funcionar\b|crasha\b|si blocca\b|si chiude\b|va in crash\b)",
        # Russian, Chinese, Japanese, Korean (no word boundaries); Turkish, Polish, Dutch
        r"падает|вылета\w*|краш\w*|崩溃|闪退|停止运行|已停止|クラッシュ|落ちる|強制終了|"
        r"충돌|튕|강제 종료",
        r"\b(?:çök\w*|zawiesza się\b|wysypuje\b|crasht\b)",
    )
]
_FC_RE = re.compile(r"\bFC\b")  # "force close", upper case only
# A Java/Kotlin exception quoted with its message ("NullPointerException: Attempt to invoke ...").
_THROWN_RE = re.compile(r"\b[A-Z]\w*(?:Exception|Error):\s+\S")
_NEGATION_RE = re.compile(
    r"\b(?:not|no|never|without|nor|n't|shouldn't|should not|won't|doesn't|didn't|isn't|wasn't|"
    r"don't|cannot|can't|nicht|kein\w*|pas|sin)\W+(?:\w+\W+){0,3}$",
    re.IGNORECASE,
)
_MONKEY_CRASH_RE = re.compile(r"^//\s*CRASH:", re.MULTILINE)

# --- sections -------------------------------------------------------------------------------------
_HEADING_RES = (
    # Linear: runs of spaces and '#' join the heading only when text follows (possessive).
    re.compile(r"^#{1,6}\s*(?P<h>(?:[^\s#]|[\s#]++(?=[^\s#]))+)[\s#]*$"),
    re.compile(r"^\*\*(?P<h>[^*]{2,80}?)\*\*\s*[:：]?\s*$"),
    re.compile(r"^__(?P<h>[^_]{2,80}?)__\s*[:：]?\s*$"),
    re.compile(r"^\*(?P<h>[^*]{2,60}?)\*\s*[:：]?\s*$"),
)
_INLINE_LABEL_RE = re.compile(
    r"^(?:\*\*|__|\*)?(?P<h>steps to reproduce(?: the (?:bug|behaviou?r|problem|issue))?|steps|str|"
    r"repro(?:duce|duction(?: steps)?)?|to reproduce|how to reproduce|how to repeat|expected"
    r"(?: behaviou?r| result)?|actual(?: behaviou?r| result)?|observed(?: behaviou?r)?|current "
    r"behaviou?r|bad|desired|good|description|reproduction steps|schritte|pasos)(?:\*\*|__|\*)?"
    r"\s*[:：]\s*(?:\*\*|__|\*)?\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_ENV_SPECIAL = ("reproduce rate", "reproducibility", "frequency")
_STEP_HEADS = (
    "reproduc",
    "repro",
    "steps",
    "step ",
    "str",
    "how to repeat",
    "to repeat",
    "schritte",
    "pasos",
    "étapes",
    "步骤",
    "复现",
    "重现",
    "воспроизв",
)
_EXPECTED_HEADS = ("expected", "desired", "should", "erwartet", "esperado", "attendu", "good")
_ACTUAL_HEADS = (
    "actual",
    "current behav",
    "observed",
    "observation",
    "bad",
    "result",
    "tatsächlich",
    "what happened",
    "instead",
)
_ENV_HEADS = (
    "smartphone",
    "device",
    "environment",
    "system",
    "debug",
    "version",
    "screenshot",
    "screen shot",
    "recording",
    "video",
    "log",
    "stack",
    "trace",
    "research",
    "checklist",
    "additional",
    "context",
    "crash",
    "solution",
    "note",
    "gif",
    "specification",
    "information",
    "details",
    "affected",
    "first occurred",
    "acknowledg",
    "other",
    "reporter",
    "issue on",
    "software",
    "hardware",
    "pre-submission",
    "general",
    "fix",
    "workaround",
    "cause",
    "exception",
    "error log",
)
_DESC_HEADS = ("describe", "description", "bug", "problem", "summary", "issue", "short")

# Item markers: "1." "1)" "(1)" "1:" "Step 1:", and as people also write them, "1 -" "1/" "[1]"
# "1°" "#1" "Step 1 -" "a)"; bullets "-" "*" "+" "•".
_LIST_ITEM_RE = re.compile(
    r"^\s*(?:(?:step\s*)?[(\[]?(?P<num>\d{1,2})\s*[.):：\]/°-](?:\s+|(?=[^\W\d_]))|"
    r"#\d{1,2}\s+|[a-z]\)\s+|(?P<bullet>[-*+•·])\s+)"
    r"(?P<text>.*)$",
    re.IGNORECASE,
)
_CHECKBOX_RE = re.compile(r"^\s*[-*]?\s*\[[ xX]?\s*[xX ]?\s*\]")
_TRACE_LINE_RE = re.compile(
    r"^\s*(?://\s*)?(?:at\s+[\w$.<>-]+\(|Caused by:|\.\.\.\s*\d+\s+more|\d\d-\d\d\s+\d\d:|"
    r"\d{4}-\d\d-\d\d\s+\d\d:|[VDIWEF]/\w|(?:[a-z]\w*\.)+[A-Z][\w$]*(?:Exception|Error)\b|"
    r"FATAL EXCEPTION|Process:|CRASH:|Short Msg|Long Msg|Build (?:Label|Changelist|Time))"
)
# A fence's info string has no backtick (CommonMark), so a run of backticks costs linear time.
_CODE_FENCE_RE = re.compile(r"```[^\n`]*+\n?(?P<code>.*?)```", re.DOTALL)
_HTML_COMMENT_RE = re.compile(r"<!--.*?-->", re.DOTALL)
_BR_RE = re.compile(r"<br\s*/?>", re.IGNORECASE)
# Linear time: a tag, an image's or a link's text holds no second opener ('<', '['), so a failed
# attempt stops where the next one starts; a link's URL is at most 2000 characters.
# An HTML tag is markup only when it names an element GitHub renders (its sanitizer's list);
# "<name>" or "<your file>" in a report is a placeholder or literal text the reporter typed.
_HTML_ELEMENTS = wordset(
    "a abbr b bdo blockquote br caption center cite code col colgroup dd del details dfn div dl "
    "dt em figcaption figure font h1 h2 h3 h4 h5 h6 hr i img input ins kbd li mark ol p picture "
    "pre q rp rt ruby s samp small source span strike strong sub summary sup table tbody td "
    "tfoot th thead time tr tt u ul var video audio wbr"
)
_HTML_TAG_RE = re.compile(
    r"(?<!\\)</?(?:" + "|".join(sorted(_HTML_ELEMENTS, key=len, reverse=True)) + r")\b[^<>\n]*>",
    re.IGNORECASE,
)
_IMAGE_RE = re.compile(r"!\[[^\[\]]*\]\([^)]{0,2000}\)")
_LINK_RE = re.compile(r"\[([^\[\]]*)\]\((?:[^)]{0,2000})\)")
_URL_RE = re.compile(r"<?https?://\S+>?")
_MD_ESCAPE_RE = re.compile(r"\\([\\<>_*`#\[\]()!|-])")
_ABBREV_RE = re.compile(r"\b(e\.g|i\.e|etc|vs|no|nr|approx|ca|v)\.(?=\s|,)", re.IGNORECASE)
_SENTENCE_SPLIT_RE = re.compile(r"(?<=[.!?。！？])\s+(?=[\"'“(\[*A-Z0-9]|$)")
# Split patterns run at every position: a separator's leading spaces are taken whole, and only
# from the start of a run ((?<!\s)), so a long run of spaces costs linear time, not quadratic.
_ARROW_SPLIT_RE = re.compile(r"(?<!\s)\s*+(?:->|-->|→|⇒|=>|➜|➔)\s*|(?<!\s)\s++>\s+")
_CLAUSE_SPLIT_RE = re.compile(
    r"(?<!\s)\s*+(?:,\s*(?:and\s+)?(?:then\s+)?|;\s*|(?<=\s)and\s+(?:then\s+)?|(?<=\s)then\s+|"
    r"，(?:然后)?|然后|(?<=\s)after that,?\s+|(?<=\s)und\s+(?:dann\s+)?|(?<=\s)y\s+(?:luego\s+)?|"
    r"(?<=\s)et\s+(?:puis\s+)?)"
)
# (one whitespace run before the optional ":" and one after it: two runs around an optional
# character split a long run of spaces in quadratically many ways)
_EG_RE = re.compile(
    r"(?:(?:\be\.?\s?g\.?,?|\bfor example,?|\bfor instance,?|\bsuch as|\bz\.\s?b\.|\bpor ejemplo,?|"
    r"\bpar exemple,?)\s*(?:[:(]\s*)?(?P<v>\"[^\"]+\"|“[^”]+”|'[^']+'|`[^`]+`|[^\s,;)]+)|"
    r"(?:\bsay|\blike)\s*(?::\s*)?(?P<q>\"[^\"]+\"|“[^”]+”|`[^`]+`))",
    re.IGNORECASE,
)
_NOT_VALUES = frozenset(
    {
        "let's",
        "lets",
        "we",
        "i",
        "you",
        "the",
        "a",
        "an",
        "if",
        "when",
        "in",
        "on",
        "this",
        "that",
        "it",
        "there",
        "my",
        "your",
        "some",
        "any",
        "say",
        "to",
    }
)
_NAMED_RE = re.compile(
    r"\b(?:named|called|titled|name it|with (?:the )?(?:name|text|title)|as)\s*[:(]?\s*"
    r"(?P<v>\"[^\"]+\"|“[^”]+”|'[^']+'|`[^`]+`|[^\s,;)]+)",
    re.IGNORECASE,
)
_N_DIGIT_RE = re.compile(
    r"(?:(?:greater|more|longer) than\s+)?(?P<n>\d{1,3})[- ]digits?", re.IGNORECASE
)
_EXPR_CHARS = r"0-9+\-*/×÷%!()^√=.,\s"
# Bounded: an expression in a report is short, and an unbounded run made every start position
# of a long run of operators scan to its end (quadratic).
_EXPR_RE = re.compile(
    rf"(?<![\w.])(?:sqrt|√)?[({_EXPR_CHARS[:-2]}][{_EXPR_CHARS}]{{0,120}}[0-9)!%]"
)
_DATE_LIKE_RE = re.compile(
    r"^\(?\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\)?$|^\d+([.,]\d+)+$|^\(?v?\d+(\.\d+)+\)?$"
)
_SETUP_CUES = re.compile(
    r"\b(empty|clean install|fresh (?:install|copy)|first (?:time|run|launch)|make sure|ensure|"
    r"auto-?rotat\w*|permission\w*|logged in|no (?:decks|notes|files|data)|only one|at least|"
    r"enabled in (?:the )?system|cleared|default settings)\b",
    re.IGNORECASE,
)
_OBJECT_STOP_RE = re.compile(  # linear: leading spaces taken whole, from the start of their run
    r"(?<!\s)\s*+(?:[,;:!?(\[—–]|\.(?!\w)|(?<=\s)-\s|\bto\s+(?!do\b)|\bin order\b|\bso\b|\bwhich\b|"
    r"\bwhen\b|\bif\b|"
    r"\buntil\b|\bthen\b|\band\b|\bfor\b|\bfrom\b|\bwith\b|\bof the\b|\bin\b|\bon\b|\bat\b|"
    r"\bafter\b|\bbefore\b|\bwhile\b|\bthat\b|\bbut\b|\bor\b|\binto\b|\bas\b|\bby\b|\bunder\b|"
    r"\bcalled\b|\bnamed\b|\btitled\b|\bafterwards?\b|\bthe app\b|\bthe application\b|"
    r"\bvia\b|\bbelow\b|\babove\b|\bwithin\b|\b(?:is|are|was|were|will|would|should|does|doesn't|"
    r"did|can't|cannot|closes|crash\w*|stops|shows|displays|appears|opens|fails|freezes)\b)",
    re.IGNORECASE,
)
_OBJECT_LEAD_RE = re.compile(
    r"^(?:(?:on|the|a|an|to|at|into|in|onto|your|any|some|one|of|this|that|its|my|button|icon|"
    r"option|item)\s+)+",
    re.IGNORECASE,
)
# Verbs whose object is another action ("start downloading X", "try saving it").
_ASPECT_VERBS = wordset("start starts started begin begins began try tries tried")
# Targets that only point back ("tap it"); public: the verifier tells by them a typing step
# that names no field.
PRONOUNS = frozenset({"it", "them", "this", "that", "that one", "this one", "the same", "one"})
_LONG_TEXT_RE = re.compile(r"\blo+ng\b|\bvery long\b|\btoo long\b", re.IGNORECASE)
_SPECIAL_VALUE_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"double quotes?|quotation marks?", re.IGNORECASE), 'Test "quoted" name'),
    (re.compile(r"single quotes?|apostrophe", re.IGNORECASE), "Test 'quoted' name"),
    (re.compile(r"backslash", re.IGNORECASE), "back\\slash"),
    (re.compile(r"emoji", re.IGNORECASE), "Test 😀"),
    (re.compile(r"special characters?", re.IGNORECASE), "!@#$%^&*()"),
    (re.compile(r"lower ?case", re.IGNORECASE), "abcdef"),
    (re.compile(r"upper ?case", re.IGNORECASE), "ABCDEF"),
    # Values described symbolically (issue 12 §2) become concrete inputs.
    (
        re.compile(
            r"(?:one more|bigger|larger|greater|more) than (?:the )?(?:largest|biggest|max\w*) "
            r"(?:int\w*|number|value)|integer overflow|integer\.max_value",
            re.IGNORECASE,
        ),
        "2147483648",
    ),
    (
        re.compile(r"\bnegative (?:amount|number|value|price|quantity|count)\b", re.IGNORECASE),
        "-1",
    ),
    (
        re.compile(r"\b(?:very|extremely|really) (?:large|big|huge) number\b", re.IGNORECASE),
        "99999999999999999999",
    ),
    # Issue 12 §2's other shapes. A date both day-first and month-first formats accept.
    (re.compile(r"\b(?:date|day) in the past\b|\bpast date\b", re.IGNORECASE), "01/01/2000"),
    (
        re.compile(r"\b(?:date|day) in the future\b|\bfuture date\b", re.IGNORECASE),
        "12/12/2099",
    ),
    (
        re.compile(
            r"\b(?:decimal|fractional|floating[- ]point|non-integer)\s+"
            r"(?:number|amount|value|price|quantity|count|weight)\b|\ban? decimal\b",
            re.IGNORECASE,
        ),
        "1.5",
    ),
    (re.compile(r"\bzero\b", re.IGNORECASE), "0"),
)
# The words of a value described symbolically, which are not part of the field's label:
# "a negative amount" types into "amount", "a date in the past" into "date".
_DESCRIPTOR_LEAD_RE = re.compile(
    r"^(?:(?:an?|the|some)\s+)?(?:(?:very|extremely|really)\s+)?"
    r"(?:empty|blank|lo+ng|negative|decimal|fractional|floating[- ]point|non-integer|zero|"
    r"large|big|huge|past|future)\s+",
    re.IGNORECASE,
)
_DESCRIPTOR_TAIL_RE = re.compile(
    r"(?<!\s)\s+(?:in the (?:past|future)|of zero|(?:set )?to zero)$", re.IGNORECASE
)
# An input left empty on purpose: "an empty name", "a blank title" (after an input verb).
_EMPTY_VALUE_RE = re.compile(
    r"\b(?:an?\s+)?(?:empty|blank)\s+(?:name|title|text|value|field|input|string|description|"
    r"label|password|amount|note|query|search)\b",
    re.IGNORECASE,
)
# "Leave the name blank": a clause with no verb of its own that keeps a field empty.
_LEAVE_EMPTY_RE = re.compile(
    r"^leave\s+(?P<field>it|(?:the|this|that|your)\s+[\w' -]{1,40}?)\s+(?:empty|blank|unfilled)\b",
    re.IGNORECASE,
)
_SETUP_FRAGMENT_RE = re.compile(
    r"\b(?:in|inside|on|with|from|into)\s+(?:an?\s+|the\s+)?(?:empty|new|fresh|clean|existing)\s+[\w-]+|"
    r"\bonly one\s+[\w-]+(?:\s+(?:available|left|exists?))?|\bwith [\w ]{1,30} enabled\b",
    re.IGNORECASE,
)
# A setting's state a launch step states as its precondition ("Launch app with file logging
# enabled", "start the app with sync turned off"): the report's own step asks for that state, so
# it becomes a step that sets it (decision 0030). Explicit state words only: a bare "on"/"off"
# ("with the screen on") is too often not a setting. Linear: the setting grows by whole words.
_WITH_STATE_RE = re.compile(
    r"\bwith\s++(?:the\s++|an?\s++|your\s++)?(?P<x>[^\W\d_][\w'-]*+(?:\s++[\w'-]++){0,4}?)\s++"
    r"(?P<state>enabled|disabled|turned on|turned off|switched on|switched off|activated|"
    r"deactivated|checked|unchecked|ticked|unticked)\b",
    re.IGNORECASE,
)
_OFF_STATES = ("disabled", "turned off", "switched off", "deactivated", "unchecked", "unticked")
# What a device provides rather than an app's setting ("with auto-rotate enabled", "with the
# location permission enabled"): no in-app control sets it.
_DEVICE_STATE_RE = re.compile(
    r"\b(?:auto-?rotat\w*|rotation|permissions?|developer|adb|usb|debugging|airplane|"
    r"flight mode|wi-?fi|bluetooth|nfc|accessibility|talkback|battery saver)\b",
    re.IGNORECASE,
)


def _launch_precondition(clause: str) -> S2RStep | None:
    """The step a launch clause's stated precondition asks for ("Launch app with file logging
    enabled" → ``Enable "file logging"``), else ``None``. Only an app's own setting: not a
    device's (auto-rotate, a permission) nor a thing the report quotes as shown."""
    m = _WITH_STATE_RE.search(clause)
    if m is None:
        return None
    thing = m.group("x").strip(" '\"")
    if _DEVICE_STATE_RE.search(thing) or _only_stopwords(thing):
        return None
    verb = "Disable" if m.group("state").lower() in _OFF_STATES else "Enable"
    return S2RStep(
        text=f'{verb} "{thing}"', action_hint="click", targets=[thing], precondition=True
    )


_CLEAR_VALUE_RE = re.compile(
    r"\b(?:leave (?:it |the \w+ )?empty|delete (?:the )?(?:default )?value|"
    r"clear (?:the )?(?:field|text|value|input)|empty (?:the )?field|erase)\b",
    re.IGNORECASE,
)


@dataclass
class _Section:
    kind: str  # steps | expected | actual | env | description
    heading: str
    lines: list[str] = field(default_factory=list)
    source: str = "body"
    variant: str = ""  # "Variant A", "Option 2": a labelled alternative way to the bug


@dataclass
class _Clean:
    text: str
    code_blocks: list[str]


def _sub_closed(
    pattern: re.Pattern[str], repl: str | Callable[[re.Match[str]], str], text: str, closer: str
) -> str:
    """``pattern.sub(repl, text)`` for a pattern that ends in a lazy run up to ``closer`` (an
    HTML comment, a code fence), in linear time: run only up to the last ``closer``, since
    no match can end after it, so that an opener with no closer after it is not scanned to the
    end of the text again for each such opener (quadratic: seconds on many unclosed fences)."""
    last = text.rfind(closer)
    if last < 0:
        return text
    end = last + len(closer)
    return pattern.sub(repl, text[:end]) + text[end:]


def _clean_markdown(text: str) -> _Clean:
    """Remove what is not prose (HTML, images, links' URLs, fenced code) and keep the code blocks
    aside (they hold traces, sometimes a value to paste); a placeholder line marks each."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _sub_closed(_HTML_COMMENT_RE, "", text, "-->")
    blocks: list[str] = []

    def stash(match: re.Match[str]) -> str:
        blocks.append(match.group("code").strip("\n"))
        return f"\n⟦code {len(blocks) - 1}⟧\n"

    text = _sub_closed(_CODE_FENCE_RE, stash, text, "```")
    text = _BR_RE.sub("\n", text)
    text = _IMAGE_RE.sub("", text)
    text = _LINK_RE.sub(r"\1", text)
    text = _HTML_TAG_RE.sub("", text)  # before URLs: a tag's src="https://..." holds its '>'
    text = _URL_RE.sub("", text)
    text = _MD_ESCAPE_RE.sub(r"\1", text)
    text = (
        text.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    )
    text = _GLUED_VERB_RE.sub(r"\1 \2", text)  # "put123" -> "put 123"
    return _Clean(text, blocks)


def _classify_heading(heading: str) -> str:
    h = heading.lower().strip(" :*#_")
    if any(k in h for k in _ENV_SPECIAL):
        return "env"
    if any(k in h for k in _STEP_HEADS) and not h.startswith(("expected", "actual")):
        return "steps"
    if any(k in h for k in _EXPECTED_HEADS):
        return "expected"
    if any(k in h for k in _ACTUAL_HEADS):
        return "actual"
    if any(k in h for k in _ENV_HEADS):
        return "env"
    if any(k in h for k in _DESC_HEADS):
        return "description"
    return "description"


_EMPHASIS_RE = re.compile(r"\*\*|__")
_SHORT_LABEL_RE = re.compile(
    r"^(?:\*\*|__|\*)?(?P<h>[A-Za-z][\w /&'-]{1,40}?)(?:\*\*|__|\*)?\s*[:：]\s*$"
)


# A short line ending in a colon that starts like a sentence ("The app crashes:", "It shows:",
# "I get:") introduces what follows (a trace, a quote); it is no section heading.
_SENTENCE_START_RE = re.compile(r"(?:the|a|an|it|this|then|i|we|you)\s+\w", re.IGNORECASE)


# A sub-heading that labels one of several ways to the bug: "Variant A", "Option 2",
# "Scenario 1 (tablet)", "Case #2", "Way one". Not "Version" (an environment field).
_VARIANT_HEAD_RE = re.compile(
    r"^(?:variant|option|scenario|case|way|method|alternative|approach)\s*(?:#\s*)?"
    r"(?:[A-Za-z]|\d{1,2}|one|two|three|four|I{1,3}|IV)\b(?![.,]\w)",
    re.IGNORECASE,
)


# ... written as a line of its own: "Variant A:", "**Option 2** (from the widget)", "Scenario 1".
_VARIANT_LINE_RE = re.compile(
    r"^(?:\*\*|__)?(?P<h>(?:variant|option|scenario|case|way|method|alternative|approach)\s*"
    r"(?:#\s*)?(?:[A-Za-z]|\d{1,2}|one|two|three|four)(?:\*\*|__)?(?:\s*\([^()]{0,60}\))?)"
    r"(?:\*\*|__)?\s*(?:[:：]\s*)?$",
    re.IGNORECASE,
)


def _variant_label(heading: str) -> str:
    """The heading itself when it labels a variant of the steps (:data:`_VARIANT_HEAD_RE`)."""
    bare = _EMPHASIS_RE.sub("", heading).strip(" :*#_")
    return bare if _VARIANT_HEAD_RE.match(bare) else ""


def _holds_variants(section: _Section) -> bool:
    """A section under which "Variant A" / "Option 2" labels ways to the bug: the steps, the
    report's start, or its description; not the expected or actual behaviour, the environment,
    nor another heading ("Possible solutions", "Workaround"), whose options are no steps."""
    heading = section.heading.lower()
    return section.kind == "steps" or not heading or any(k in heading for k in _DESC_HEADS)


def _sections(text: str, source: str) -> tuple[list[_Section], list[str]]:
    clean = _clean_markdown(text)
    sections = [_Section("description", "", source=source)]
    context = sections[0]  # the section a variant's label stands in: the last one not a variant
    in_variants = False
    # Cleaning can make lines (a run of 70k backticks became 24k code-block markers): the bound
    # on lines holds after it too.
    for raw in clean.text.split("\n", MAX_LINES)[:MAX_LINES]:
        line = raw.rstrip()
        stripped = line.strip()
        if source == "comment" and stripped.startswith(">"):
            continue  # a quote of an earlier message
        inline = _INLINE_LABEL_RE.match(stripped)
        if inline:
            sections.append(
                _Section(_classify_heading(inline.group("h")), inline.group("h"), source=source)
            )
            rest = inline.group("rest").strip()
            if rest:
                sections[-1].lines.append(rest)
            continue
        heading = next((m.group("h") for r in _HEADING_RES if (m := r.match(stripped))), None)
        if heading is None and (label := _VARIANT_LINE_RE.match(stripped)):
            heading = label.group("h")
        if (
            heading is None
            and (short := _SHORT_LABEL_RE.match(stripped))
            and len(short.group("h").split()) <= 4
            and not _SENTENCE_START_RE.match(short.group("h"))
        ):
            heading = short.group("h")
        if heading is not None and not _LIST_ITEM_RE.match(stripped):
            variant = _variant_label(heading)
            kind = "steps" if variant else _classify_heading(heading)
            # A variant's own expected or actual behaviour does not end the series of variants.
            series = in_variants and context.kind in ("expected", "actual")
            if variant and not (series or _holds_variants(context)):
                variant, kind = "", context.kind  # "Possible solutions: Option 1 ..."
            sections.append(_Section(kind, heading, source=source, variant=variant))
            in_variants = in_variants or bool(variant)
            if not variant:
                context = sections[-1]
            continue
        sections[-1].lines.append(line)
    return [s for s in sections if any(ln.strip() for ln in s.lines)], clean.code_blocks


# --- steps ----------------------------------------------------------------------------------------
_ENV_KEY_RE = re.compile(
    r"^(?:device|os|operating system|android(?: os)?(?: version)?|app(?:lication)?(?: version)?|"
    r"version|rooted|model|manufacturer|hardware|phone|smartphone|browser|build|rom|language|"
    r"locale|webview|api(?: level)?|cpu|ram|resolution|screen size|app|application|"
    r"[\w ]{0,20}version)\s*[:=]",
    re.IGNORECASE,
)


def _is_noise_line(line: str) -> bool:
    s = line.strip()
    if not s or _CHECKBOX_RE.match(s) or _TRACE_LINE_RE.match(s):
        return True
    bare = re.sub(r"^[-*+•]\s*", "", s)
    low = bare.lower().rstrip(":")
    if low.startswith(
        ("steps to reproduce", "reproduction steps", "to reproduce", "how to reproduce")
    ):
        return True
    return bool(_ENV_KEY_RE.match(bare))


def _items(lines: list[str], code_blocks: list[str]) -> list[tuple[str, bool]]:
    """List items of a block, as ``(text, numbered)``; lines outside list items (and every line
    when there are no markers) are items of their own. A fenced code block inside the list is
    attached to the item before it as ``⟦value ...⟧`` (a text to paste or type)."""
    items: list[list[str]] = []
    numbered: list[bool] = []
    open_marker = False  # the last item is a list item that may continue on the next line
    for line in lines:
        code = re.match(r"^\s*⟦code (\d+)⟧\s*$", line)
        if code:
            if items:
                block = code_blocks[int(code.group(1))]
                if (
                    not _TRACE_LINE_RE.search(block)
                    and not named_exceptions(block)
                    and len(block) < 400
                ):
                    items[-1].append(f"⟦value {block}⟧")
            open_marker = False
            continue
        if not line.strip():
            open_marker = False  # a blank line ends a list item
            continue
        if _is_noise_line(line):
            open_marker = False
            continue
        match = _LIST_ITEM_RE.match(line)
        if match and not _CHECKBOX_RE.match(line.strip()):
            items.append([match.group("text").strip()])
            numbered.append(match.group("bullet") is None)
            open_marker = True
        elif open_marker and (line[:1].isspace() or not re.search(r"[.!?:]$", items[-1][-1])):
            items[-1].append(line.strip())
        else:
            items.append([line.strip()])
            numbered.append(False)
            open_marker = False
    out = []
    for parts, n in zip(items, numbered, strict=True):
        text = " ".join(parts).strip()
        if text:
            out.append((text, n))
    return out


def _sentences(text: str) -> list[str]:
    protected = _ABBREV_RE.sub(lambda m: m.group(0).replace(".", "∯"), text)
    parts = _SENTENCE_SPLIT_RE.split(protected)
    return [p.replace("∯", ".").strip() for p in parts if p.strip()]


_QUOTED_SPAN_RE = re.compile(
    r"``[^`]+``|`[^`]+`|\"[^\"\n]+\"|“[^”\n]+”|‘[^’\n]+’|«[^»\n]+»|「[^」\n]+」|"
    r"(?:(?<=^)|(?<=[\s(,:]))'[^'\n]+'(?=$|[\s).,:;!?])|⟦value [^⟧]*⟧"
)


def _protect_quotes(text: str) -> tuple[str, list[str]]:
    """Replace quoted spans by ``⟨n⟩`` placeholders so that splitting on commas, ``and`` or ``>``
    never cuts inside a quoted label or value."""
    saved: list[str] = []

    def keep(match: re.Match[str]) -> str:
        saved.append(match.group(0))
        return f"⟨{len(saved) - 1}⟩"

    return _QUOTED_SPAN_RE.sub(keep, text), saved


_PLACEHOLDER_RE = re.compile(r"⟨(\d{1,9})⟩")


def _restore_quotes(text: str, saved: list[str]) -> str:
    # One pass (a replace per quote was quadratic on a report of many quotes).
    def back(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return saved[i] if i < len(saved) else match.group(0)

    return _PLACEHOLDER_RE.sub(back, text) if saved else text


# The verbs a CJK or German compound may hold, in the table's order (filtered once, not per
# token: _first_verb runs on every part of every clause, thousands on a long mutated line).
_NON_ASCII_VERBS = [(v, k) for v, k in _SINGLE_VERBS.items() if len(v) >= 2 and not v.isascii()]
# What may follow a verb phrase inside its last word: nothing, or an inflection ("pressed",
# "scrolling", "tapped", "swipes").
_INFLECTION_RE = re.compile(r"(?:(?:[bdglmnprt](?=ed|ing))?(?:ed|ing|es|s|d))?(?![a-z])")


def _first_verb(clause: str) -> tuple[str, str, int]:
    """The clause's action verb: ``(kind, verb, word index)``, or ``("", "", -1)``.

    The verb must open the clause (imperative, "I tapped", "then click", "when pressing"): a
    single verb may be its first or second word, a phrase (``long click``, ``go back``) may start
    within its first three words. CJK and German compounds (``Texteingabe``) count too.
    """
    low = " ".join(clause.lower().split())
    low = _LEADING_FILLER.sub("", low)
    tokens = re.findall(r"[\w'+-]+|[^\w\s]", low)
    best: tuple[str, str, int] = ("", "", -1)
    for phrase, kind in _PHRASES:
        pos = low.find(phrase)
        if pos < 0 or (pos > 0 and low[pos - 1].isalnum() and phrase.isascii()):
            continue
        if phrase.isascii():
            # "I long pressed it", "scrolled down": the phrase as it is written, inflection and
            # all, so the object starts after it (not at "ed it"); "tickets" is not "tick".
            ending = _INFLECTION_RE.match(low, pos + len(phrase))
            if ending is None:
                continue
            phrase = low[pos : ending.end()]
        index = len(low[:pos].split())
        if index <= 2 and (best[2] < 0 or index < best[2]):
            best = (kind, phrase, index)
    for index, token in enumerate(tokens[:2]):
        found = _SINGLE_VERBS.get(token) or (
            # "Settings", "recordings": a verb's -ings form is a noun, not the verb
            _STEMMED_VERBS.get(stem(token), "") if len(token) > 4 and token[-4:] != "ings" else ""
        )
        if found and (best[2] < 0 or index < best[2]):
            best = (found, token, index)
            break
    if best[2] < 0:
        for token in tokens[:6]:
            for verb, kind in _NON_ASCII_VERBS:
                if verb in token:
                    return kind, verb, 0
            if "eingabe" in token:
                return "input_text", "eingabe", 0
    return best


def _starts_with_verb(clause: str) -> bool:
    kind, _verb, index = _first_verb(clause)
    return (bool(kind) and index <= 1) or _RESTART_STEP_RE.match(clause) is not None


# A verbless place that names a text field: "In the field "Name"", "in the amount box".
_FIELD_PLACE_RE = re.compile(
    r"^\s*(?:in|into|inside|within)\s+(?:the\s+)?(?:(?:text\s+)?(?:field|box|input)\b[^,]{0,70}|"
    r"[^,]{1,70}?\s(?:field|box|input))\s*$",
    re.IGNORECASE,
)
_TYPING_LEAD_RE = re.compile(r"^\s*(type|enter|write|input|fill in)\b", re.IGNORECASE)
# What a typing verb's second object looks like: "some text", "a description" (a short noun
# phrase with a determiner), not a value or a clause.
_TYPED_OBJECT_RE = re.compile(
    r"^(?:a|an|some|the|any)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}[\s.!]*$", re.IGNORECASE
)


# A step item's longest line in the real reports (LTGDroid's 75, the examples) is 559 characters.
MAX_ITEM_CHARS = 10_000


def _split_clauses(text: str) -> list[tuple[str, bool]]:
    """Split an item into clauses: at arrows (a menu path: ``Settings > Search``), then at
    commas, ``and``, ``then``, ``;`` when what follows starts with an action verb. Returns
    ``(clause, from_arrow)``; quoted spans are never cut. Reads the first ``MAX_ITEM_CHARS``
    characters (the clause tests cost tens of microseconds per part: 20k parts took a second)."""
    protected, saved = _protect_quotes(text[:MAX_ITEM_CHARS])
    pieces: list[tuple[str, bool]] = []
    chunks = [c for c in _ARROW_SPLIT_RE.split(protected) if c.strip()]
    arrow = len(chunks) > 1
    for chunk in chunks:
        parts = _CLAUSE_SPLIT_RE.split(chunk.strip())
        current = parts[0]
        for part in parts[1:]:
            if (
                part
                and _FIELD_PLACE_RE.match(_restore_quotes(current, saved))
                and _first_verb(_restore_quotes(part, saved))[0] == "input_text"
            ):
                # "In the field "X", put 12": the place names the field the value goes in.
                current = f"{current}, {part}"
            elif part and _starts_with_verb(_restore_quotes(part, saved)):
                pieces.append((current, arrow))
                current = part
            elif (
                part
                and (typing := _TYPING_LEAD_RE.match(current))
                and _TYPED_OBJECT_RE.match(part)
                and current.count("(") == current.count(")")  # not inside an aside
            ):
                # "Type a title and some text": one typing step per thing typed (two fields).
                pieces.append((current, arrow))
                current = f"{typing.group(1)} {part}"
            else:
                sep = ", " if current and part else ""
                current = f"{current}{sep}{part}"
        pieces.append((current, arrow))
    out = []
    for piece, from_arrow in pieces:
        restored = _restore_quotes(piece, saved).strip(" .;,")
        if restored:
            out.append((restored, from_arrow))
    return out


def _unquote(value: str) -> str:
    value = value.strip()
    if value.startswith("⟦value ") and value.endswith("⟧"):
        return value[7:-1]
    for left, right in (
        ("``", "``"),
        ("`", "`"),
        ('"', '"'),
        ("“", "”"),
        ("‘", "’"),
        ("«", "»"),
        ("「", "」"),
        ("'", "'"),
    ):
        if (
            len(value) >= len(left) + len(right)
            and value.startswith(left)
            and value.endswith(right)
        ):
            return value[len(left) : len(value) - len(right)].strip()
    return value.strip("*")


def _is_expression(value: str) -> bool:
    v = value.strip()
    if len(v) < 2 or not re.search(r"\d", v) or _DATE_LIKE_RE.match(v):
        return False
    if not re.fullmatch(rf"(?:sqrt|√)?[{_EXPR_CHARS}]+", v) or re.search(r"\d+\.\d+\.\d+", v):
        return False
    return bool(re.search(r"[+\-*/×÷%!^√)]", v)) and not re.fullmatch(r"\d+\s*-\s*\d+", v)


def compact_expression(value: str) -> str:
    """``"1 ! %"`` → ``"1!%"``: spaces inside a math expression are not typed on a keypad."""
    return re.sub(r"\s+", "", value) if _is_expression(value) else value


@rule("symbolic_value", "")
def _synth_value(clause: str) -> str:
    """A value the clause describes without giving it: ``any 11 digit number`` →
    ``11111111111``, ``a looong name`` → a 90-character text, ``a name containing a double
    quote`` → ``Test "quoted" name``."""
    n_digit = _N_DIGIT_RE.search(clause)
    if n_digit:
        n = int(n_digit.group("n"))
        if re.search(r"(?:greater|more|longer) than", n_digit.group(0), re.IGNORECASE):
            n += 1
        return "1" * max(1, min(n, 40))
    # Words inside quotes are what the app shows or a label, never a description of the input:
    # 'Enter an amount, the error "must be greater than zero" appears' types no 0.
    clause = _blank_quotes(clause)
    for pattern, value in _SPECIAL_VALUE_RULES:
        if pattern.search(clause):
            return value
    if _LONG_TEXT_RE.search(clause):
        return "A very long text that does not fit " * 3
    return ""


def _blank_quotes(text: str) -> str:
    """``text`` with each quoted phrase replaced by spaces of the same length."""
    for offset, phrase in quoted(text):
        end = text.find(phrase, offset) + len(phrase)
        if end > offset:
            text = text[:offset] + " " * (end - offset) + text[end:]
    return text


def _without_descriptor(target: str) -> str:
    """A target without the words that describe a symbolic value ("empty name" → ``name``,
    "date in the past" → ``date``); ``""`` when nothing else is left ("zero")."""
    if quoted(target):
        return target
    bare = _DESCRIPTOR_TAIL_RE.sub("", _DESCRIPTOR_LEAD_RE.sub("", target.strip()))
    if bare.lower().strip() in ("zero", "number", "value", ""):
        return "" if bare.lower().strip() in ("zero", "") else bare
    return bare


def _values(clause: str, kind: str, verb: str = "") -> list[str]:
    """Texts the clause asks to type: ``e.g.``/``for example`` values, quoted text after an
    input verb or after ``named``/``called``, a pasted code block, an expression, a number, or a
    value the clause describes (:func:`_synth_value`)."""
    values: list[str] = []
    for match in _EG_RE.finditer(clause):
        raw = match.group("v") or match.group("q")
        v = _unquote(raw)
        if v.lower() not in _NOT_VALUES and applies("eg_value"):
            values.append(v if raw[0] in "\"“'`" else v.strip(".,;"))
    creating = verb in _CREATE_VERBS
    if (
        kind == "input_text"
        or creating
        or re.search(r"\b(?:named|called|titled|name it)\b", clause, re.IGNORECASE)
    ):
        quotes_a_value = bool(quoted(clause))
        for match in _NAMED_RE.finditer(clause):
            raw = match.group("v")
            v = _unquote(raw)
            explicit = match.group(0).lower().startswith(("named", "called", "titled", "name it"))
            if match.group(0).lower().startswith("as") and raw[0] not in "\"“'`" and quotes_a_value:
                continue  # 'enter "Run" as name': the quote is the value, "name" its field
            if (
                (raw[0] in "\"“'`" or kind == "input_text" or explicit)
                and v.lower() not in _NOT_VALUES
                and applies("named_value")
            ):
                values.append(v)
    code = re.search(r"⟦value (?P<v>[^⟧]*)⟧", clause)
    if code and applies("code_value"):
        values.append(code.group("v").strip())
    if kind == "input_text" or creating:
        typed_quotes = [q for _, q in quoted(clause) if not q.startswith("⟦")]
        if typed_quotes and applies("quoted_value"):
            values += typed_quotes
    if kind == "input_text":
        if not values:
            synth = _synth_value(clause)
            if synth:
                values.append(synth)
        if not values:
            digits = re.search(r"(?<![\d.])\d{2,}(?![\d.])", clause)
            if digits and applies("digits_value"):
                values.append(digits.group(0))
    elif (
        creating and not values and re.search(r"\bname\b|\btext\b|\btitle\b", clause, re.IGNORECASE)
    ):
        synth = _synth_value(clause)
        if synth:
            values.append(synth)
    observed = set(_observed_quotes(clause))
    out: list[str] = []
    for v in values:
        v = v.strip()
        if v and v not in out and len(v) <= 400 and v not in observed:
            out.append(v)
    return out


# A quote the app shows, not one the user types: "the error "Name too long" appears".
_OBSERVED_QUOTE_RE = re.compile(
    r"\b(?:error|message|warning|toast|notification|dialog|says|saying|shows?|showing|displays?|"
    r"displaying|reads|appears?|pops? up|get|gets|got|see|sees)\s*(?:the\s+|an?\s+)?"
    r"(?:error\s+|message\s+|text\s+)?[:]?\s*$",
    re.IGNORECASE,
)
_OBSERVED_AFTER_RE = re.compile(  # used with .match(clause, pos): anchored there
    r"\s*(?:appears?|is shown|shows up|pops up|comes up|is displayed)\b", re.IGNORECASE
)


@rule("observed_quote", list[str]())
def _observed_quotes(clause: str) -> list[str]:
    """Quoted texts the clause says the app shows (an error, a message): observed output that
    is never typed as input.

    Linear time: the lead-in before each quote is matched on a short tail of the clause with
    whitespace runs cut to two characters (the same matches: the pattern's runs are ``\\s*``
    or ``\\s+`` and its one literal space needs a run of one), not on the whole prefix, which
    was quadratic (seconds on a clause of many quotes or a long whitespace run)."""
    out = []
    squeezed, cut_before = _squeeze_whitespace(clause)
    for match in _QUOTED_SPAN_RE.finditer(clause):
        end = match.start() - cut_before(match.start())
        before = squeezed[max(0, end - _OBSERVED_LEAD_MAX) : end]
        if _OBSERVED_QUOTE_RE.search(before) or _OBSERVED_AFTER_RE.match(clause, match.end()):
            out.append(_unquote(match.group(0)))
    return out


# Longer than any match of _OBSERVED_QUOTE_RE once whitespace runs are at most two characters
# ("displaying the message :" and its runs: 29), so a match never starts at the window's edge.
_OBSERVED_LEAD_MAX = 64
_LONG_WHITESPACE_RE = re.compile(r"(?<=\s\s)\s+")


def _squeeze_whitespace(text: str) -> tuple[str, Callable[[int], int]]:
    """``text`` with every whitespace run cut to its first two characters, and a function giving,
    for an offset of ``text`` that is not inside a cut, how many characters were cut before it."""
    ends: list[int] = []  # offsets (in text) where a cut ends
    cut: list[int] = []  # characters cut up to and including that cut
    pieces: list[str] = []
    last = 0
    for run in _LONG_WHITESPACE_RE.finditer(text):
        pieces.append(text[last : run.start()])
        last = run.end()
        ends.append(run.end())
        cut.append((cut[-1] if cut else 0) + run.end() - run.start())
    pieces.append(text[last:])

    def cut_before(offset: int) -> int:
        i = bisect.bisect_right(ends, offset)
        return cut[i - 1] if i else 0

    return "".join(pieces), cut_before


def _object_phrase(clause: str, verb: str) -> str:
    """The verb's object, up to a clause boundary: ``Click on birthday field and ...`` →
    ``birthday field``. Quoted spans and pasted values are left out (they are targets or values
    of their own)."""
    protected, _saved = _protect_quotes(clause)
    low = protected.lower()
    pos = low.find(verb) if verb else -1
    rest = protected[pos + len(verb) :] if pos >= 0 else protected
    rest = re.sub(r"⟨\d+⟩", " ", rest)
    first = rest.split(maxsplit=1)
    if (
        verb.lower() in _ASPECT_VERBS
        and len(first) == 2
        and first[0].lower().endswith("ing")
        and (first[0].lower() in _SINGLE_VERBS or stem(first[0]) in _STEMMED_VERBS)
    ):
        # "Start downloading a file": the gerund is the action, its object the target.
        rest = first[1]
    rest = _OBJECT_LEAD_RE.sub("", rest.strip())
    stop = _OBJECT_STOP_RE.search(rest)
    phrase = rest[: stop.start()] if stop else rest
    phrase = phrase.strip(" \"'`*“”‘’()[]")
    tokens = phrase.split()
    while tokens and tokens[0].lower() in _QUANTIFIERS:
        tokens = tokens[1:]
    return " ".join(tokens[:5])


_ORIENTATION_OBJECT_WORDS = set(_ROTATE_WORDS) | wordset(
    "mode view screen device phone tablet the a to your my in into its"
)


def _only_orientation(phrase: str) -> bool:
    """The phrase names only the device's orientation ("landscape mode", "the portrait view")."""
    words = re.findall(r"\w+", phrase.lower())
    return (
        bool(words)
        and set(words) <= _ORIENTATION_OBJECT_WORDS
        and bool(set(words) & set(_ROTATE_WORDS))
    )


def _rotation_target(clause: str) -> str:
    low = clause.lower()
    to = re.search(r"\bto\s+(?:the\s+)?(landscape|portrait)", low)
    if to:
        return to.group(1)
    has_l, has_p = "landscape" in low, "portrait" in low
    if has_l and not has_p:
        return "landscape"
    if has_p and not has_l:
        return "portrait"
    return ""


def _swipe_direction(clause: str) -> str:
    """Action's swipe direction (the finger's movement): scroll down → ``up``."""
    low = clause.lower()
    if re.search(r"scroll\w*\s+(?:all the way\s+)?down|swipe\w*\s+up|pull\w*\s+up", low):
        return "up"
    if re.search(r"scroll\w*\s+(?:all the way\s+)?up|swipe\w*\s+down|pull\w*\s+down", low):
        return "down"
    if re.search(r"swipe\w*\s+(?:to the\s+)?left|next|from .+ to ", low):
        return "left"
    if re.search(r"swipe\w*\s+(?:to the\s+)?right|previous|back to", low):
        return "right"
    return ""


@dataclass
class _Clause:
    text: str
    kind: str  # action | setup | observation
    step: S2RStep | None = None


def _app_tokens(report: BugReport) -> set[str]:
    names = f"{report.repo} {re.sub(r'_v?[0-9].*$', '', report.apk_name)}"
    tokens = set(split_identifier(names.replace("-", "_")))
    tokens |= {t.lower() for t in re.split(r"[\s_\-]+", names) if t}
    return {t for t in tokens if t and t != "android"}


# How a person says they did something fully; no control's name ("close the app completely").
_MANNER_WORDS = wordset("completely fully entirely totally properly straight directly really")


# Stopping the app and opening it again after earlier steps ("restart the app", "then restarted",
# "close the app and open it again", "force stop it"): a step (the device's restart action),
# not a setup note. The object, when there is one, is the app. Third-person forms ("it
# restarts") are what the app does, an outcome.
_RESTART_STEP_RE = re.compile(
    r"^(?:(?:then|and|now|after that|finally)\s+)*(?:"
    r"(?:re-?start|re-?launch|re-?open)(?:ed|ing)?\b|"
    r"(?:kill|force[- ]?stop|force[- ]?close|close|quit|exit|swipe away)(?:ed|ing|ped)?\s+"
    r"(?:the\s+|this\s+|your\s+)?(?=app\b|application\b|\w+\s*$))(?P<rest>.*)$",
    re.IGNORECASE,
)


def _restart_step(clause: str, app_tokens: set[str]) -> S2RStep | None:
    """The restart step a clause asks for (:data:`_RESTART_STEP_RE`): what follows the verb
    names the app (or nothing, "it", or "and open it again"); ``None`` otherwise."""
    m = _RESTART_STEP_RE.match(clause)
    if m is None:
        return None
    # "close the app straight from the Reader": where the person closes it is where the steps
    # left them, not a control
    rest_text = re.sub(r"\bfrom\b.*$", "", m.group("rest").lower())
    rest = [
        t
        for t in re.findall(r"[\w-]+", rest_text)
        if t not in ("and", "then", "it", "again", "open", "reopen", "the", "a", "my", "your")
        and t not in _MANNER_WORDS
    ]
    if rest and not all(t in _APP_WORDS or t in app_tokens for t in rest):
        return None  # "reopen the dialog", "close the editor": a control of the app
    return S2RStep(text=clause, action_hint="restart_app", targets=[])


def _restarts(step: S2RStep) -> bool:
    return step.action_hint == "restart_app"


# Leaving the app for a while and coming back to it, the process alive ("switch to another app",
# "put the app in the background", "minimize it", "open the recent apps"): a step of its own (the
# device's leave-and-return action), with or without its "and come back" told in the clause.
_LEAD = r"^(?:(?:then|and|now|after that|finally|next)\s+)*"
_LEAVE_STEP_RE = re.compile(
    _LEAD + r"(?:"
    r"(?:switch|change|go|move|jump|swap)\w*\s+(?:over\s+)?to\s+"
    r"(?:another|a different|a second|some other|other|an other|any other|a)\s+(?:\w+\s+)?"
    r"(?:app|application)s?\b|"
    r"switch\w*\s+(?:between\s+)?apps\b|"
    r"(?:put|send|move|place|push|take)\w*\s+(?:the\s+|this\s+|your\s+)?[\w-]+\s+"
    r"(?:in|into|to)\s+(?:the\s+)?background\b|"
    r"(?:go|going)\s+(?:in|into|to)\s+(?:the\s+)?background\b|"
    r"background\s+(?:the\s+|this\s+)?(?:app|application|it)\b|"
    r"minimi[sz](?:e|es|ed|ing)\s+(?:the\s+|this\s+|your\s+)?[\w-]+|"
    # "come back from another app", "returning to the app from the background": a return from
    # outside the app tells the leaving too
    r"(?:come|came|coming|go|going|get|getting|switch\w*|return\w*)\s+(?:back\s+)?"
    r"(?:to\s+(?:the\s+|this\s+)?[\w-]+\s+)?from\s+(?:the\s+)?(?:background|home\s*screen|"
    r"launcher|recents?|recent\s+apps|(?:another|a\s+different|some\s+other|other|an\s+other)"
    r"\s+(?:\w+\s+)?(?:app|application)s?)\b|"
    r"(?:leave|leaving|exit|exiting)\s+(?:the\s+|this\s+)?(?:app|application)\b"
    r"(?=(?:\s+for\s+(?:a\s+)?(?:while|moment|bit|few\s+\w+|some\s+time))?\s*(?:,\s*)?"
    r"(?:and|then)\s+(?:\w+\s+)?(?:come|go|get|return|switch|re-?open)\w*)|"
    r"open\w*\s+(?:the\s+)?(?:recents?|recent apps|app switcher|overview|multitask\w*)\b"
    r")(?P<rest>.*)$",
    re.IGNORECASE,
)
# Coming back to the app a step before left ("come back", "return to the app", "reopen it",
# "open the app again", "switch back"): the second half of leaving and returning.
_RETURN_STEP_RE = re.compile(
    _LEAD + r"(?:"
    r"(?:come|came|go|went|get|got|switch|return|navigate|bring)\w*\s+(?:it\s+)?back\b|"
    r"return\w*\b|re-?open\w*|re-?launch\w*|resum\w+|"
    # "open the app (again)", "open Pantry again from the launcher": what follows must name
    # the app or the way back (_only_leaving_words)
    r"(?:open|launch|start)\w*\b"
    r")(?P<rest>.*)$",
    re.IGNORECASE,
)
# What may follow the leaving or the return in the same clause: the way back and its object.
_LEAVE_TAIL_WORDS = wordset(
    """and then come came coming back return returns returned returning to into in the this it
    app application go get switch reopen re-open open again bring resume for a few seconds
    second while moment minute minutes bit briefly some time wait waiting after from launcher
    icon recents recent apps via using by tapping clicking on its home screen other another
    different front foreground""",
)
_HOME_STEP_RE = re.compile(
    _LEAD + r"(?:press|tap|click|hit|push|use|go|went|navigate|return)\w*\s+(?:on\s+)?"
    r"(?:back\s+)?(?:to\s+)?(?:the\s+)?(?:device'?s?\s+|phone'?s?\s+|android\s+)?"
    r"(?:home(?:\s*screen|\s+button|\s+key)?|launcher)\s*\.?$|"
    + _LEAD
    + r"(?:leave|leaving)\s+(?:the\s+|this\s+)?(?:app|application)"
    r"(?:\s+for\s+(?:a\s+)?(?:while|moment|bit|few\s+\w+|some\s+time))?\s*\.?$",
    re.IGNORECASE,
)


def _only_leaving_words(rest: str, app_tokens: set[str]) -> bool:
    return all(
        t in _LEAVE_TAIL_WORDS or t in app_tokens for t in re.findall(r"[\w'-]+", rest.lower())
    )


def _leave_step(clause: str, app_tokens: set[str]) -> S2RStep | None:
    """The leave-and-return step a clause asks for (:data:`_LEAVE_STEP_RE`), when nothing but
    the way back follows it; ``None`` otherwise."""
    m = _LEAVE_STEP_RE.match(clause.strip(" .,;"))
    if m is None or not _only_leaving_words(m.group("rest"), app_tokens):
        return None
    return S2RStep(text=clause, action_hint="leave_and_return", targets=[])


def _leaves(step: S2RStep) -> bool:
    """A step that takes the person out of the app: leaving and returning, the device's Home
    (told as a key, or as going to the home screen), or "leave the app"."""
    return step.action_hint in ("leave_and_return", "press_home") or bool(
        _HOME_STEP_RE.match(step.text.strip())
    )


def _returns(text: str, hint: str, app_tokens: set[str]) -> bool:
    """A step (its ``text`` and action ``hint``) that only comes back to the app
    (:data:`_RETURN_STEP_RE`), not a restart told as stopping it first."""
    m = _RETURN_STEP_RE.match(text.strip(" .,;"))
    return (
        m is not None
        and hint in ("restart_app", "press_back", "click", "")
        and _only_leaving_words(m.group("rest"), app_tokens)
    )


def _leave_and_return(left: S2RStep, back: str) -> S2RStep:
    """The step ``left`` with the return ``back`` told after it: one leave-and-return step."""
    text = f"{left.text}; {back}" if back else left.text
    return replace(left, text=text, action_hint="leave_and_return", targets=[], value="")


# A symptom told on coming back to the app ("when I open the app again", "after coming back").
_BACK_IN_APP_RE = re.compile(
    r"\b(?:re-?open\w*|(?:open|launch|start)\w* (?:it|the app|[\w-]+) again|"
    r"(?:come|came|coming|go|going|went|get|getting|got|switch\w*) back|return\w* to)\b",
    re.IGNORECASE,
)


def _home_then_back(steps: list[S2RStep], app_tokens: set[str]) -> list[S2RStep]:
    """Leaving the app and coming back as one step: the device's Home followed by coming back
    ("Press Home, then reopen the app"), a leaving step followed by its return ("Switch to
    another app. Come back."), and Home followed by any further step (the person came back to
    do it). Home as the last step stays Home."""
    out: list[S2RStep] = []
    for step in steps:
        if out and _leaves(out[-1]) and _returns(step.text, step.action_hint, app_tokens):
            out[-1] = _leave_and_return(out[-1], step.text)
            continue
        out.append(step)
    return [
        replace(s, action_hint="leave_and_return", targets=[], value="")
        if s.action_hint == "press_home" and k < len(out) - 1
        else s
        for k, s in enumerate(out)
    ]


# A device event a sentence names as when the symptom shows, not as a step the person takes:
# "the text is lost on rotation", "after an orientation change", "when the screen is rotated",
# "once the app comes back from the background". A cue word opens a short phrase made only of the
# event's own words and words that carry none of their own (articles, the device, auxiliaries);
# anything else in it ("after rotating the list item") is a step with an object, read elsewhere.
_EVENT_CUE_RE = re.compile(
    r"\b(?:on|upon|after|when(?:ever)?|while|during|if|once|following|"
    r"(?:each|every)\s+time|with(?:\s+(?:each|every|a|an|the))?)\s+(?P<phrase>[^,.;:!?()]+)",
    re.IGNORECASE,
)
_EVENT_PHRASE_WORDS = 8
# Words of a cue's phrase that say nothing of their own: articles, people, the device and the
# app, auxiliaries, and the generic verbs a device event is told with.
_EVENT_FILLER = wordset(
    """a an the this that its my your their every each any some i you we he she it they user
    screen device phone tablet display app application is are was were be been being gets get
    got goes go went going has have had put puts putting sent send sending moved move moving
    change changes changed changing switch switches switched switching turn turns turned
    turning flip flips flipped flipping tilt tilts tilted tilting to into in from mode
    configuration config again then and back for while some time few seconds second minutes
    minute moment briefly later completely fully entirely totally properly straight directly"""
)
# Words that end the app's process and start it again ("on restart", "once the app was
# restarted", "each time I restart my phone"); the ones that only end it ("close", "kill") count
# when the phrase names the app ("after closing the app completely"), not a dialog.
_RESTART_EVENT_WORDS = wordset(
    """restart restarts restarted restarting relaunch relaunches relaunched relaunching
    re-launch re-launched reboot reboots rebooted rebooting"""
)
_END_EVENT_WORDS = wordset(
    """close closes closed closing kill kills killed killing quit quits quitting exit exits
    exited exiting force stop stops stopped stopping"""
)
_ROTATION_EVENT_WORDS = wordset(
    "rotate rotates rotated rotating rotation re-orientation orientation landscape portrait"
)
# Words that put the app out of sight and back; one of them must be there ("when returning to
# the list" is a step inside the app, "when returning from the background" is not).
_LEAVE_EVENT_WORDS = wordset(
    """background backgrounded minimize minimized minimizes minimizing minimise minimised
    minimising home recents recent launcher switcher multitasking another other different
    apps"""
)
_RETURN_EVENT_WORDS = wordset(
    """return returns returned returning come comes came coming resume resumes resumed
    resuming reopen reopens reopened reopening re-open re-opened re-opening foreground
    leave leaves left leaving press pressed pressing hit tap tapped open opened opening
    button key"""
)


_EVENT_WORDS = (
    _ROTATION_EVENT_WORDS
    | _LEAVE_EVENT_WORDS
    | _RETURN_EVENT_WORDS
    | _RESTART_EVENT_WORDS
    | _END_EVENT_WORDS
)


def _event_kind(words: list[str]) -> str:
    """The device event a phrase's ``words`` are made of (the step's action kind), or ``""``
    when a word of it is none of the event's words nor :data:`_EVENT_FILLER`."""
    own = [w for w in words if w not in _EVENT_FILLER]
    if not own:
        return ""
    if all(w in _ROTATION_EVENT_WORDS for w in own):
        return "rotate"
    if any(w in _LEAVE_EVENT_WORDS for w in own) and all(
        w in _LEAVE_EVENT_WORDS | _RETURN_EVENT_WORDS for w in own
    ):
        return "leave_and_return"
    restarting = any(w in _RESTART_EVENT_WORDS for w in own) or (
        any(w in _END_EVENT_WORDS for w in own) and bool({"app", "application"} & set(words))
    )
    if restarting and all(
        w in _RESTART_EVENT_WORDS | _END_EVENT_WORDS | _RETURN_EVENT_WORDS for w in own
    ):
        return "restart_app"
    return ""


# Event words that end a told event with nothing to act on after them: nouns ("on rotation")
# and participles ("once the app was restarted"), unlike a verb whose object may follow
# ("after rotating the image").
_EVENT_NOUNS = wordset(
    "rotation re-orientation orientation restart reboot relaunch background app application"
)


def _closed_event(words: list[str]) -> list[str]:
    """The longest start of ``words`` that tells a whole event before a new clause with no comma
    ("once the app was restarted | the saving was still negative"): event and filler words up
    to a noun or participle of the event; ``[]`` when none."""
    best: list[str] = []
    for i, word in enumerate(words):
        if word not in _EVENT_FILLER and word not in _EVENT_WORDS:
            break
        if word in _EVENT_NOUNS or (word.endswith("ed") and word not in _EVENT_FILLER):
            best = words[: i + 1]
    return best


def _device_event(sentence: str) -> S2RStep | None:
    """The device event ``sentence`` names after a cue (:data:`_EVENT_CUE_RE`) as when its
    symptom shows: a rotation ("on rotation", "when the device is rotated", "after switching
    to landscape"), leaving the app and coming back ("after the app was in the background",
    "when I come back from another app") or the app's restart ("on restart", "after I close
    the app completely and open it again", "once the app was restarted the list was empty"), as
    the step the device does; ``None`` when the sentence names none, or names more than the
    event in its phrase."""
    for match in _EVENT_CUE_RE.finditer(sentence):
        words = re.findall(r"[\w'-]+", match.group("phrase").lower())
        kind = _event_kind(words) if len(words) <= _EVENT_PHRASE_WORDS else ""
        kind = kind or _event_kind(_closed_event(words))
        if kind == "rotate":
            return S2RStep(text=sentence, action_hint=kind, value=_rotation_target(sentence))
        if kind:
            return S2RStep(text=sentence, action_hint=kind)
    return None


def _with_event(steps: list[S2RStep], sentences: list[str]) -> list[S2RStep]:
    """``steps`` with the device event (:func:`_device_event`) the report names as when its
    symptom shows, when the steps have no step of that kind already (the steps told it: "2.
    Rotate the device. Actual: after rotation the text is gone"): named inside a step's own
    sentence ("I deleted an item, but once the app was restarted ..."), right after that step;
    named in the title, the Actual section or the story's observations (``sentences``), as one
    more step at the end."""
    kinds = {s.action_hint for s in steps}
    if "press_home" in kinds or "restart_app" in kinds:
        kinds.add("leave_and_return")  # (a restart leaves the app too)

    def new_event(text: str) -> S2RStep | None:
        event = _device_event(text)
        if event is None or event.action_hint in kinds or not applies("device_event"):
            return None
        return event

    for k, step in enumerate(steps):
        if event := new_event(step.text):
            return [*steps[: k + 1], event, *steps[k + 1 :]]
    for sentence in sentences:
        if event := new_event(sentence):
            return [*steps, event]
    return steps


def _is_setup(clause: str, app_tokens: set[str]) -> bool:
    """Installing or launching the app (the search starts on the launched app anyway)."""
    low = clause.lower()
    if re.match(r"^(?:make sure|ensure|be sure|note that|remember)\b", low):
        return True
    if re.search(
        r"\b(?:clean|fresh) install|\binstall\w*\b.*\bfrom\b|"
        r"\bdownload\w*\b.*\b(?:app|apk|fdroid|f-droid|store)\b",
        low,
    ):
        return True
    toks = [
        t
        for t in re.findall(r"[\w-]+", low)
        if t not in ("then", "and", "just", "first", "please", "now")
    ]
    if not toks or toks[0] not in _SETUP_VERBS:
        return False
    rest = [t for t in toks[1:] if not re.fullmatch(r"v?[\d.]+", t)]
    if not rest:
        return True
    if rest[0] in ("the", "a", "an"):
        rest = rest[1:]
    if rest and (rest[0] in ("app", "application", "it") or rest[0] in app_tokens):
        return True  # "Launch app with file logging enabled": the rest is a setup note
    return all(t in _APP_WORDS or t in app_tokens or t.replace("-", "") in app_tokens for t in rest)


# "The selected text is lost", "Switch is off again", "the edit mode was gone", "exporting still
# works": a subject and its state, not an imperative (a verb-like word after "the" is an
# adjective or a noun; a contrast with what works names no step).
_STATEMENT_RE = re.compile(
    r"^(?:(?:the|this|that|these|those|my|your|its|our|their)\s+(?:[\w'-]+\s+){0,3}?|[\w'-]+\s+)"
    r"(?:(?:still|also|only|now|always)\s+)?"
    r"(?:is|are|was|were|gets|got|becomes|became|stays|remains|has been|have been|"
    r"works|worked|is working|functions)\b",
    re.IGNORECASE,
)


def _is_observation(clause: str, kind: str) -> bool:
    s = clause.strip()
    if _CHECK_ACTION_RE.match(s):
        return False
    if _OBSERVATION_STARTS.match(s) or _STATEMENT_RE.match(s):
        return True
    if not kind and MESSAGE_SAYS_RE.search(s):
        return True  # "a toast says X" (but "tap the notification saying X" is a step)
    first = s.split()[0].lower() if s.split() else ""
    if first.endswith("ed") and re.search(
        r"\bnot\b|n't\b|\bnever\b|\bno longer\b", s, re.IGNORECASE
    ):
        return True  # "deleted notes don't go to the bin": a statement, not a step
    return bool(not kind and _SYMPTOM_WORDS.search(s))


# Linear: the object grows by whole words, so no two quantifiers share a run of spaces.
_SET_AS_RE = re.compile(
    r"\b(?:set|change|put)\s++(?P<a>\S++(?:\s++\S++)*?)\s++(?:as|to)\s+(?P<b>.+)$", re.IGNORECASE
)


def _valueish(text: str) -> bool:
    return bool(re.search(r"\d", text) or quoted(text) or _N_DIGIT_RE.search(text))


# Verbs that, with a pronoun for object right after a typing step ("type X and submit it"), do
# something with the text typed, not with its field: the verb names the control that does it
# (Submit, Send, Save), and the first three are done by the keyboard's Enter/IME action too.
_SENT_BY_ENTER = wordset("submit send search")
_SENT_BY_CONTROL = wordset("save confirm apply post add create")
_SENT_STEMS = {stem(v): v for v in _SENT_BY_ENTER | _SENT_BY_CONTROL}


def _sent_text(
    kind: str, verb: str, targets: list[str], previous: S2RStep | None
) -> tuple[str, list[str]] | None:
    """``(hint, targets)`` for a step that submits the text the step before typed ("Type a
    name and submit it", "enter 5, then save it"): its pronoun is that text, not the field the
    typing named, so the target is the control the verb names (``["submit"]``) and the hint
    ``press_enter`` where the keyboard's Enter does it too; ``None`` for any other step."""
    if kind != "click" or not targets or targets[0].lower() not in PRONOUNS:
        return None
    if previous is None or previous.action_hint != "input_text":
        return None
    base = _SENT_STEMS.get(stem(verb.lower()))
    if base is None:
        return None
    return ("press_enter" if base in _SENT_BY_ENTER else "click"), [base, *targets[1:]]


def _make_step(
    clause: str, previous: S2RStep | None, *, from_arrow: bool = False
) -> S2RStep | None:
    subordinate = _SUBORDINATE_RE.match(clause)
    main = subordinate.group("rest") if subordinate else clause
    place = re.match(r"^(?:in|on|at|from|under|inside)\s+([^,]{1,60}),\s*", main, re.IGNORECASE)
    field_place = place.group(0).rstrip(" ,") if place else ""
    if place:
        main = main[place.end() :]
    kind, verb, verb_index = _first_verb(main)
    low = main.lower()
    if from_arrow and kind and verb_index > 0 and len(main.split()) <= 5:
        kind, verb = "", ""  # "Installed search engines": a menu entry, not a verb
    if not kind:
        # A verbless piece of a menu path ("Settings > Search > ...") or a place ("In Modules")
        # is a screen to open.
        place = _LOCATION_RE.match(main.strip())
        if place and (re.search(r"\d|\bversion\b", main, re.IGNORECASE)):
            place = None
        if (from_arrow or place) and len(main.split()) <= 6 and not _SYMPTOM_WORDS.search(main):
            target = _trim_unbalanced((place.group("place") if place else main).strip(" \"'`“”"))
            target = _unquote(target) if quoted(target) else target
            return S2RStep(text=clause, action_hint="click", targets=[target])
    # "with auto-rotate on" is the device's setting, not a rotation
    turning = re.sub(r"auto-?rotat\w*", "", low)
    has_rotate_word = any(w in turning for w in _ROTATE_WORDS) or bool(_TURN_DEVICE_RE.search(main))
    if has_rotate_word and (
        kind == "rotate"
        or stem(verb) in _GENERIC_CHANGE_STEMS
        or (not kind and (len(main.split()) <= 4 or bool(_TURN_DEVICE_RE.search(main))))
        # "switch to landscape mode", "go to portrait": a phrase verb whose object is only the
        # orientation (not "go to the Landscape tab")
        or (" " in verb and _only_orientation(low.split(verb, 1)[-1]))
    ):
        kind = "rotate"
    setting = kind in ("input_text", "click") and on("set_as_value")
    set_as = _SET_AS_RE.search(main) if setting else None
    if kind == "input_text" and verb in _SOFT_INPUT_VERBS:
        after = low[low.find(verb) + len(verb) :] if verb in low else low
        valueish = (
            bool(quoted(main))
            or bool(re.search(r"\d", after))
            or "⟦value" in main
            or any(w in _VALUE_NOUNS for w in re.findall(r"\w+", after)[:6])
            or bool(_EG_RE.search(after))
            or bool(_synth_value(after))  # "enter one more than the largest integer"
            or (
                verb not in ("set", "sets", "put", "puts")
                and re.match(r"^\s*(?:,|any|some|a |an |anything)", after) is not None
            )
        )
        if not valueish:
            kind = "click"
    if (
        kind == "click"
        and verb in ("set", "change", "changed", "changing", "add", "rename")
        and (quoted(main) and any(w in _VALUE_NOUNS for w in re.findall(r"\w+", low)))
    ):
        kind = "input_text"
    if "⟦value" in main and kind in ("click", ""):
        kind = "input_text"  # "Paste in the description" + a code block
    values = _values(main, kind, verb)
    targets: list[str] = []
    if set_as and (_valueish(set_as.group("a")) or _valueish(set_as.group("b"))):
        fired("set_as_value")
        a, b = set_as.group("a").strip(), set_as.group("b").strip()
        value_side, target_side = (a, b) if _valueish(a) and not _valueish(b) else (b, a)
        kind = "input_text"
        synth = _synth_value(value_side)
        qs = [q for _, q in quoted(value_side)]
        values = [qs[0] if qs else synth or value_side.strip(" .")]
        targets.append(_OBJECT_LEAD_RE.sub("", _unquote(target_side)).strip(" ."))
    shown = set(_observed_quotes(main))  # what the app shows is neither value nor target
    quotes = [q for _, q in quoted(main, bold=True) if not q.startswith("⟦") and q not in shown]
    targets += [q for q in quotes if q not in values and q not in targets]
    if field_place and kind == "input_text" and _FIELD_PLACE_RE.match(field_place):
        # The field a leading place names comes first: it says where the value goes.
        named = [q for _, q in quoted(field_place)] or [
            re.sub(
                r"^(?:in|into|inside|within)\s+(?:the\s+)?|\s*\b(?:text\s+)?(?:field|box|input)\b",
                "",
                field_place,
                flags=re.IGNORECASE,
            ).strip(" \"'`")
        ]
        targets += [t for t in named if t and t not in values]
    if subordinate:
        targets += [
            q
            for _, q in quoted(clause[: len(clause) - len(main)])
            if q not in values and q not in targets
        ]
    if kind not in ("rotate", "press_back", "press_enter", "press_home", "swipe") and (
        not targets or verb in _CREATE_VERBS
    ):
        obj = _object_phrase(main, verb)
        if obj and _only_stopwords(obj):
            obj = ""  # "makes the" (a clause cut by a line break) names nothing
        if (
            obj
            and obj.lower() not in ("text", "any text", "anything", "something", "value")
            and obj not in targets
        ):
            targets.append(obj)
        if (
            not obj
            and not targets
            and not (kind == "input_text" and values)  # 'Enter "Run"': a value, no label
            and len(main.split()) <= 2
            and not _only_stopwords(" ".join(main.split()[1:]))
        ):
            targets.append(main.strip(" .\"'`"))  # "Edit", "Save": the verb is the button's label
    words_main = main.strip(" .").split()
    if (
        kind == "click"
        and verb not in _PLAIN_CLICK_VERBS
        and not quoted(main)
        and 2 <= len(words_main) <= 4
        and all(w[:1].isupper() for w in words_main)
    ):
        targets.append(main.strip(" ."))  # "Stop Live Data": the verb is part of the label
    for alt in re.findall(r"\(([^()]{1,40})\)", main):
        if "/" in alt or " or " in alt:
            targets += [
                a.strip() for a in re.split(r"/|\bor\b", alt) if a.strip() and len(a.split()) <= 4
            ]
    if not targets and kind in ("click", "long_click"):
        rest = (
            main[main.lower().find(verb) + len(verb) :] if verb and verb in main.lower() else main
        )
        content = [w for w in re.findall(r"[\w'+-]+", rest) if w.lower() not in _FILLER_WORDS]
        if content:
            targets.append(" ".join(content[:4]))
    targets = [t if not re.search(r"\w", t) else t.strip(" )(") for t in targets]
    targets = [t for t in targets if t.strip()]
    sent = _sent_text(kind, verb, targets, previous)
    if sent is not None:
        kind, targets = sent
    elif targets and targets[0].lower() in PRONOUNS and previous is not None and previous.targets:
        targets = list(previous.targets[:1]) + targets[1:]
    empty = kind == "input_text" and _EMPTY_VALUE_RE.search(_blank_quotes(main)) is not None
    if empty:
        values = [v for v in values if quoted(main) and v in (q for _, q in quoted(main))]
    if kind == "input_text" and (empty or _synth_value(main)):
        targets = [bare for t in targets if (bare := _without_descriptor(t))]
    value = values[0] if values else ""
    if kind == "rotate":
        value = _rotation_target(main)
    elif kind == "swipe":
        value = _swipe_direction(main)
    elif kind == "input_text" and not values and _CLEAR_VALUE_RE.search(main):
        value = ""
    if _CLEAR_VALUE_RE.search(main) and kind in ("click", "input_text"):
        kind, value = "input_text", ""
        targets = [t for t in targets if not _valueish(t)]
    if kind == "input_text":
        value = compact_expression(value)
    if kind == "press_back":
        # "Go back to the list" names a screen: Back, or whatever leads to the list.
        place = _BACK_TO_RE.search(main)
        if place:
            targets = [place.group("place").strip()]
    text = re.sub(r"⟦value ([^⟧]*)⟧", lambda m: f"`{m.group(1)[:60]}`", clause).strip()
    if not kind:
        return None
    if kind in ("click", "long_click") and not targets and not value:
        rest = main[verb_index + len(verb) :] if verb else main
        if not rest.strip(" .,") or _only_stopwords(rest.strip(" .,")):
            return None  # a verb with nothing to act on is not a step
    return S2RStep(
        text=text, action_hint=kind, targets=list(dict.fromkeys(targets))[:4], value=value
    )


# An observation made after an action it names at its end ("Check the home screen: no bar, even
# after tapping the screen", "the list is empty when opening the folder"): a gerund clause.
# Linear: the lead-in is anchored at a word boundary and the action runs to the end.
_TRAILING_ACTION_RE = re.compile(
    r"(?:^|[\s,])(?:even\s+|only\s+|right\s+|just\s+)?(?:after|upon|when|while|on)\s+"
    r"(?P<action>[a-z]+ing\b[^,.;:!?()]{0,60})[.!?]?$",
    re.IGNORECASE,
)


# A symptom told with its trigger in one sentence, as stories tell it: "Whenever I tap Share,
# the app closes", "After deleting an account, it crashes", "The text is lost when I rotate".
_WHEN = r"(?:when(?:ever)?|every\s+time|each\s+time|any\s*time|after|as\s+soon\s+as|once|if)"
_PERSON = r"(?:i|you|we|the\s+user|a\s+user|users?)"
# A clause told as what came before the symptom: "after I", "each time you", "upon".
_TOLD_LEAD_RE = re.compile(rf"^(?:{_WHEN}|upon)\s+(?:{_PERSON}\s+)?", re.IGNORECASE)
_TRIGGER_FIRST_RE = re.compile(
    rf"^{_WHEN}\s+(?:{_PERSON}\s+(?!\w+ing\b)|(?=\w+ing\b))(?P<action>[^,]{{3,120}}),\s*"
    r"(?P<observed>.+)$",
    re.IGNORECASE,
)
_TRIGGER_LAST_RE = re.compile(
    rf"^(?P<observed>.{{3,200}}?)\s+(?:{_WHEN}|while)\s+{_PERSON}\s+(?P<action>.{{3,120}})$",
    re.IGNORECASE,
)


# Where the predicate of a sentence whose subject is an action starts ("Tapping Export [in the
# settings] crashes the app"): a finite auxiliary or adverb, or a verb of loss or failure.
_FINITE_WORDS = wordset(
    "is are was were does doesn't did didn't has had makes made causes caused leads led results "
    "resulted will won't can't cannot never always also just still"
)
_SYMPTOM_PREDICATES = wordset(
    "loses resets clears crashes freezes hangs erases wipes duplicates throws breaks removes "
    "deletes empties undoes reverts closes exits quits stops"
)
# A predicate that says by itself what was lost or had no effect ("loses the text", "resets the
# timer", "has no effect"): a symptom even without the symptom words.
_LOSS_RE = re.compile(
    r"\b(?:loses|resets|clears|erases|wipes|reverts|undoes|no (?:effect|reaction|response))\b",
    re.IGNORECASE,
)
_DETERMINERS = wordset("the a an my your this that its their our his her these those")


def _action_subject(clause: str) -> str | None:
    """The action of a sentence whose subject is the action and whose predicate the symptom
    ("Pressing back after typing a note loses the text" → "Pressing back after typing a
    note"), else ``None``. The subject opens with a gerund action verb; the predicate starts
    at a finite auxiliary, an adverb of frequency, or a verb of loss
    (:data:`_SYMPTOM_PREDICATES`) not after a determiner ("the settings" is a noun), and must
    read as a symptom."""
    words = clause.split()
    if len(words) < 3 or not words[0].lower().endswith("ing"):
        return None
    kind, _verb, index = _first_verb(clause)
    if not kind or index != 0:
        return None
    for i in range(2, min(len(words), 24)):
        word = words[i].lower().strip(",;:")
        finite = word in _FINITE_WORDS
        if not finite and (word not in _SYMPTOM_PREDICATES or words[i - 1].lower() in _DETERMINERS):
            continue
        observed = " ".join(words[i:])
        symptom = (
            word in _SYMPTOM_PREDICATES
            or _SYMPTOM_WORDS.search(observed) is not None
            or _GONE_WORDS_RE.search(observed) is not None
            or _LOSS_RE.search(observed) is not None
            or _crash_hits(observed) > 0
        )
        return " ".join(words[:i]).rstrip(",") if symptom else None
    return None


def _told_trigger(clause: str) -> tuple[str, str] | None:
    """``(action, observed)`` of a sentence that tells a symptom and what the person did before
    it, in either order, or ``None``. The action must open with an action verb and the other
    part must read as an observation (a symptom's words), so "When I tap Save, a dialog opens"
    (the app's normal answer) stays as it was read."""
    for pattern in (_TRIGGER_FIRST_RE, _TRIGGER_LAST_RE):
        match = pattern.match(clause.strip(" ."))
        if match is None:
            continue
        action, observed = match.group("action").strip(), match.group("observed").strip()
        kind, _verb, index = _first_verb(action)
        if not kind or index > 0:
            continue
        if _SYMPTOM_WORDS.search(observed) or _is_observation(observed, _first_verb(observed)[0]):
            return action, observed
    return None


def _observed_after_action(clause: str, previous: S2RStep | None) -> S2RStep | None:
    """The action an observation line names as what it follows, as a step of its own ("...,
    even after tapping the screen" → tap the screen), else ``None``. Only a gesture a person
    makes (click, long click, rotation, Back, swipe): a typing or setup gerund stays prose."""
    match = _TRAILING_ACTION_RE.search(clause)
    if match is None:
        return None
    action = match.group("action").strip()
    kind = _first_verb(action)[0]
    if kind not in ("click", "long_click", "rotate", "press_back", "swipe"):
        return None
    return _make_step(action, previous)


def _trim_unbalanced(target: str) -> str:
    """Without a closing bracket the target never opened, and the quotes around it ("B")" of
    'the type (in my case, "A" → "B")', cut at the arrow)."""
    while (
        target
        and target[-1] in ")]"
        and target.count(target[-1]) > target.count("(" if target[-1] == ")" else "[")
    ):
        target = target[:-1].strip(" \"'`“”")
    return target


def _only_stopwords(phrase: str) -> bool:
    """True for a phrase of function words only ("the", "of the"): it names no widget. A
    pronoun ("it", "that one") refers to an earlier step's widget, so it does not count."""
    toks = re.findall(r"[a-z']+", phrase.lower())
    if any(t in PRONOUNS for t in toks) or phrase.strip().lower() in PRONOUNS:
        return False
    return (
        bool(toks)
        and len(toks) == len(re.findall(r"\S+", phrase))
        and all(t in STOPWORDS for t in toks)
    )


# "Tap it: the bar does not show up": after a colon, a clause with its own subject that says
# what goes wrong is what the person observed, not part of the step (its target or value).
_OBSERVED_AFTER_COLON_RE = re.compile(r":\s+(?P<seen>[^\W\d_]+\s+\S+\s+\S.*)$")
_STATEMENT_SUBJECTS = wordset(
    "the a an it its nothing no there this that what everything all my your i we they he she"
)


def _observed_after_colon(clause: str) -> tuple[str, str]:
    """``(step part, observation)`` of ``clause`` split at a colon (outside quotes) followed by
    a statement of three or more words, not an instruction, that has symptom words ("tap it:
    the favorites bar does not show up"); ``(clause, "")`` when there is none ("tap it: a page
    opens" names the step's effect and stays with it; "Settings: tap Reset" is a step)."""
    m = _OBSERVED_AFTER_COLON_RE.search(_blank_quotes(clause))
    if m is None or m.start() == 0:
        return clause, ""
    seen = clause[m.start("seen") :].strip()
    first = seen.split()[0].lower()
    statement = (
        first in _STATEMENT_SUBJECTS
        or first.endswith("ed")  # "removed songs ...": a participle or a past, never an order
        or not _starts_with_verb(seen)
    )
    if not statement or not (_SYMPTOM_WORDS.search(seen) or _GONE_WORDS_RE.search(seen)):
        return clause, ""
    return clause[: m.start()].strip(), seen


# A clause that says what the screen shows against what it should ("the spot shows other
# coordinates than the ones typed", "the home screen shows instead of the form", "what was
# typed is gone"): an observation even with no negation.
_GONE_WORDS_RE = re.compile(
    r"\b(?:instead|(?:an)?other\s+\w+(?:\s+\w+)?\s+than|different\s+\w+|gone|differs?|vanish\w*|"
    r"reset\w*)\b",
    re.IGNORECASE,
)


# "Press back after typing a note": the action told after "after" was done first. Linear: the
# lazy head grows by whole words up to the first " after ".
_AFTER_GERUND_RE = re.compile(
    r"^(?P<main>\S++(?:\s++(?!after\b)\S++)*?)\s++after\s++(?P<first>\w+ing\b.+)$", re.IGNORECASE
)


def _done_first(clause: str) -> list[str]:
    """``clause`` as the actions it tells, in the order they were done, each opening with its
    verb in the imperative ("Pressing back after typing a note" → ``["type a note", "press
    back"]``); one piece, unchanged but for the verb, when it tells one action."""
    m = _AFTER_GERUND_RE.match(clause)
    if m and _starts_with_verb(m.group("first")) and _starts_with_verb(m.group("main")):
        return [_gerund_to_imperative(m.group("first")), _gerund_to_imperative(m.group("main"))]
    return [_gerund_to_imperative(clause)]


def _gerund_to_imperative(clause: str) -> str:
    """A clause opening with a gerund action verb, in the imperative ("Pressing back" → "press
    back": the verb phrases are written that way); any other clause unchanged."""
    first = clause.split(maxsplit=1)[0] if clause.split() else ""
    if not first.lower().endswith("ing") or _first_verb(clause)[2] != 0:
        return clause
    return _imperative(clause)


def _clauses(text: str, app_tokens: set[str], after_steps: bool = False) -> list[_Clause]:
    """The clauses of one step item, each an action (with its step), setup, observation or
    other; ``after_steps``: earlier items already gave steps (a restart then is a step)."""
    out: list[_Clause] = []
    previous: S2RStep | None = None
    pieces: list[tuple[str, bool, str]] = []
    for clause, from_arrow in _split_clauses(text):
        step_part, seen = _observed_after_colon(clause)
        subject = _action_subject(step_part.strip(" ."))
        # "Pressing back after typing loses the text": the steps, in the order done (the
        # sentence itself is no observation added to the symptom: with its predicate there, a
        # held-out bug's quote became a false claim, decision 0068)
        for part in _done_first(subject or step_part):
            pieces.append((part, from_arrow, ""))
        if seen:
            pieces.append((seen, False, "observation"))
    for clause, from_arrow, forced in pieces:
        clean = clause.strip(" -*•.:;")
        if len(clean) < 2:
            continue
        if forced:
            out.append(_Clause(clean, forced))
            continue
        told = _told_trigger(clean)
        if told is not None:
            # the action's steps, and the symptom's own trigger if it tells one ("After deleting
            # it, the app crashes when I open X"); then the whole sentence as what was observed
            actions: list[str] = []
            while told is not None:
                actions.append(told[0])
                told = _told_trigger(told[1])
            for action in actions:
                # (told as what came before the symptom, a restart is one: never the launch)
                for told_clause in _clauses(action, app_tokens, True):
                    if told_clause.kind != "observation":
                        out.append(told_clause)
                        previous = told_clause.step or previous
            out.append(_Clause(clean, "observation"))
            continue
        leave = _LEAVE_EMPTY_RE.match(clean)
        if leave:  # "Leave the name blank": the field is cleared, a step (issue 12 §2)
            field_words = re.sub(
                r"^(?:the|this|that|your)\s+", "", leave.group("field"), flags=re.I
            )
            targets = [] if field_words.lower() == "it" else [field_words]
            if not targets and previous is not None:
                targets = list(previous.targets[:1])
            previous = S2RStep(text=clean, action_hint="input_text", targets=targets, value="")
            out.append(_Clause(clean, "action", previous))
            continue
        if (clean.startswith("(") and clean.endswith(")")) or _NEGATED_ACTION_RE.match(clean):
            out.append(_Clause(clean.strip("()"), "setup"))  # an aside or a "don't press X"
            continue
        leaving = _leave_step(clean, app_tokens)
        if leaving is not None:
            out.append(_Clause(clean, "action", leaving))
            previous = leaving
            continue
        told_lead = _TOLD_LEAD_RE.match(clean)
        restart = None
        if told_lead:
            # "After I close the app completely, ...": a restart told as what came before the
            # symptom, which a launch never is
            restart = _restart_step(clean[told_lead.end() :].split(",")[0], app_tokens)
        elif (previous is not None or after_steps) and not (
            # "The app crashed and restarted": what the app did, told on (an outcome)
            out and out[-1].kind == "observation"
        ):
            restart = _restart_step(clean, app_tokens)
        if restart is not None:
            out.append(_Clause(clean, "action", restart))
            previous = restart
            continue
        owned = _possession_step(clean)
        if owned is not None:
            # kept as a step only if a later action of the item acts on it (below)
            out.append(_Clause(clean, "action", owned))
            previous = owned
            continue
        if _is_setup(clean, app_tokens):
            out.append(_Clause(clean, "setup"))
            precondition = _launch_precondition(clean)
            if precondition is not None:  # the launch's stated state: a step (decision 0030)
                out.append(_Clause(precondition.text, "action", precondition))
                previous = precondition
            continue
        # "On the start screen, tap X"; "In the popup, choose Y" after the step that opened
        # it: where the person already is, no screen to open (decision 0058)
        where = _LOCATION_RE.match(clean.strip(" ."))
        here = where.group("place").strip(" .") if where else ""
        if _WHERE_ONE_IS_RE.match(here) and (
            _START_SCREEN_RE.match(here) or previous is not None or after_steps
        ):
            out.append(_Clause(clean, "other"))
            continue
        kind = _first_verb(clean)[0]
        if _is_observation(clean, kind) and not (
            from_arrow and not kind and len(clean.split()) <= 5
        ):
            then = _observed_after_action(clean, previous)
            if then is not None:
                out.append(_Clause(then.text, "action", then))
                previous = then
            out.append(_Clause(clean, "observation"))
            continue
        step = _make_step(clean, previous, from_arrow=from_arrow)
        if step is not None and previous is not None and re.match(r"or\b", clean, re.I):
            # "Tap Share, or tap Export": another way to do the step before, not one more step
            previous.targets += [t for t in step.targets if t not in previous.targets]
            out.append(_Clause(clean, "other"))
            continue
        if step is None:
            observed = bool(_SYMPTOM_WORDS.search(clean) or _GONE_WORDS_RE.search(clean))
            out.append(_Clause(clean, "observation" if observed else "other"))
            continue
        out.append(_Clause(clean, "action", step))
        previous = step
    return _possessions_acted_on(out)


# "When I have a note with a reminder and I delete it": a thing the reporter had, told as the
# state the trigger needs; a person creates it first. Linear: one word or two for the thing.
_POSSESSION_RE = re.compile(
    r"^(?:(?:when|whenever|if|once|after|as soon as)\s+)?(?:i|you|we|the user|one)\s+"
    r"(?:have|has|had|got)\s+(?:already\s+|got\s+)?(?:a|an|one|some|two|three|several|"
    r"multiple|many|\d+)\s+(?P<x>[a-z][\w-]*+(?:\s++(?!with\b|and\b|in\b|on\b)[a-z][\w-]*+)?)",
    re.IGNORECASE,
)


def _possession_step(clause: str) -> S2RStep | None:
    """The creation step of a thing ``clause`` says the reporter had ("if you have two
    accounts" → add an account), or ``None``."""
    m = _POSSESSION_RE.match(clause)
    if m is None:
        return None
    thing = " ".join(_singular(w) for w in m.group("x").lower().split())
    return S2RStep(text=f"Add a {thing}", action_hint="click", targets=[thing])


def _possessions_acted_on(clauses: list[_Clause]) -> list[_Clause]:
    """``clauses`` with each possession step (:func:`_possession_step`) kept only where a later
    action of the same item acts on the thing (by a pronoun, resolved to it, or by its name);
    any other is a setup note: "I have a Pixel 6" creates nothing."""
    out: list[_Clause] = []
    for i, clause in enumerate(clauses):
        step = clause.step
        if step is None or _POSSESSION_RE.match(clause.text) is None:
            out.append(clause)
            continue
        thing = {stem(w) for w in content_words(step.targets[0])}
        acted_on = bool(thing) and any(
            later.kind == "action"
            and later.step is not None
            and any(thing <= {stem(w) for w in content_words(t)} for t in later.step.targets)
            for later in clauses[i + 1 :]
        )
        out.append(clause if acted_on else _Clause(clause.text, "setup"))
    return out


@dataclass
class _Extraction:
    steps: list[S2RStep] = field(default_factory=list)
    setup: list[str] = field(default_factory=list)
    observations: list[str] = field(default_factory=list)
    alternatives: list[list[S2RStep]] = field(default_factory=list)  # other labelled variants


def _extract(items: list[str], app_tokens: set[str]) -> _Extraction:
    result = _Extraction()
    for item in items[:MAX_PROSE_SENTENCES]:
        for clause in _clauses(item, app_tokens, after_steps=bool(result.steps)):
            if clause.kind == "action" and clause.step is not None:
                if _restarts(clause.step) and result.steps and _restarts(result.steps[-1]):
                    continue  # "Kill the app. Reopen it.": one restart
                step = clause.step
                sent = _sent_text(
                    step.action_hint,
                    _first_verb(step.text)[1],
                    step.targets,
                    result.steps[-1] if result.steps else None,
                )
                if sent is not None:  # "3. Type a word. 4. Submit it."
                    step.action_hint, step.targets = sent[0], sent[1]
                elif (
                    step.targets
                    and step.targets[0].lower() in PRONOUNS
                    and result.steps
                    and result.steps[-1].targets
                ):
                    # "3. Tap it": the widget the line before named (within a line, _make_step)
                    step.targets = list(result.steps[-1].targets[:1]) + step.targets[1:]
                result.steps.append(step)
            elif (
                clause.kind == "setup"
                and result.steps
                and _leaves(result.steps[-1])
                and _returns(clause.text, "", app_tokens)
            ):
                # "Press Home. Open the app again.": the launch told as coming back
                result.steps[-1] = _leave_and_return(result.steps[-1], clause.text)
            elif clause.kind == "setup":
                result.setup.append(clause.text)
            elif clause.kind == "observation":
                result.observations.append(clause.text)
            if clause.kind == "setup":
                result.setup += [f.strip() for f in _SETUP_FRAGMENT_RE.findall(clause.text)]
    return result


def _section_items(section: _Section, code_blocks: list[str]) -> list[str]:
    items = _items(section.lines, code_blocks)
    if not items:
        return []
    texts = [t for t, _ in items]
    out: list[str] = []
    for text in texts:
        out += _sentences(text)
        if len(out) >= MAX_PROSE_SENTENCES:
            break
    return out[:MAX_PROSE_SENTENCES]


def _numbered_lists(sections: list[_Section], code_blocks: list[str]) -> list[list[str]]:
    lists: list[list[str]] = []
    for section in sections:
        if section.kind in ("expected", "actual"):
            continue
        items = _items(section.lines, code_blocks)
        numbered = [t for t, n in items if n]
        if section.kind == "env" and not all(_starts_with_verb(t) for t in numbered):
            # Environment lines are no steps; a list of actions right after the environment
            # block, with no heading of its own, is ("Device: X / Android 13 / 1. Open ...").
            continue
        if len(numbered) >= 2:
            lists.append(numbered)
    return lists


def _action_sentences(
    sections: list[_Section], code_blocks: list[str], app_tokens: set[str]
) -> _Extraction:
    """Steps from the prose of description sections: sentences that open with an action verb."""
    result = _Extraction()
    read = 0
    for section in sections:
        if section.kind != "description":
            continue
        for text, _ in _items(section.lines, code_blocks):
            for sentence in _sentences(text):
                read += 1
                if read > MAX_PROSE_SENTENCES:
                    return result
                ex = _extract([sentence], app_tokens)
                result.steps += ex.steps
                result.setup += ex.setup
                result.observations += ex.observations
    return result


_TITLE_PREFIX_RE = re.compile(r"^\s*(?:\[[^\]]*\]\s*:?\s*|\([^)]*\)\s*|bug\s*:\s*)+", re.IGNORECASE)
_TITLE_CRASH_RE = re.compile(
    r"^(?:the\s+)?(?:[\w .-]{0,40}?\s)?(?:app(?:lication)?\s+)?(?:crash(?:es|ed)?|stops|closes|"
    r"force closes|fc)\s+(?:(?:every time|each time|immediately|always)\s+)?(?:when(?:ever)?|on|"
    r"after|while|in|if|during|by|from|upon)?\s*(?P<rest>.+)$",
    re.IGNORECASE,
)
_TITLE_CAUSE_RE = re.compile(  # linear: the spaces before the verb are taken from their start
    r"^(?P<rest>.+?)(?<=\S)\s++(?:causes?|leads? to|results? in|crash(?:es)?)\b.*$", re.IGNORECASE
)


def _title_steps(title: str, app_tokens: set[str]) -> _Extraction:
    """Steps from the title, the last resort: ``Crash when adding label on empty note`` →
    ``adding label on empty note``; ``When switching to Arabic, ...`` → ``switching to
    Arabic``."""
    t = _TITLE_PREFIX_RE.sub("", title).strip(" .")
    m = _TITLE_CRASH_RE.match(t) or _TITLE_CAUSE_RE.match(t)
    if m and m.group("rest").strip():
        t = m.group("rest").strip()
    sub = re.match(r"^(?:when|while|after|on)\s+(?P<what>[^,]+),", t, re.IGNORECASE)
    candidates = [t] + ([sub.group("what")] if sub else [])
    for candidate in candidates:
        ex = _extract([candidate], app_tokens)
        if ex.steps:
            return ex
    step = _make_step(t, None) or S2RStep(
        text=t, action_hint="click", targets=[t[:60]] if t else []
    )
    if not step.action_hint:
        step.action_hint = "click"
    if not step.targets and t:
        step.targets = [t[:60]]
    return _Extraction(steps=[step])


# --- crash or not ---------------------------------------------------------------------------------
def _crash_hits(text: str) -> int:
    hits = 0
    for pattern in _CRASH_PATTERNS:
        for match in pattern.finditer(text):
            before = text[max(0, match.start() - 40) : match.start()]
            if _NEGATION_RE.search(before):
                continue
            hits += 1
    hits += len(_FC_RE.findall(text))
    return hits


# What the analysis reads of a report: real reports are far shorter (LTGDroid's 75: at most
# 13,911 characters in all, 132 lines in one text), and a bound keeps a hostile one (a pasted
# 100k-character run, 40k empty lines) from costing a second of regex scans (the analysis is
# linear, but costs about 4 us of CPU a character and 25 us a line). The body is cut at
# MAX_BODY_CHARS; comments are read in order within MAX_COMMENTS_CHARS in all, each cut at
# MAX_COMMENT_CHARS, and those past the budget or the count are dropped, not cut. Every text is
# also cut after MAX_LINES lines.
MAX_TITLE_CHARS = 1_000
MAX_BODY_CHARS = 100_000
MAX_COMMENT_CHARS = 20_000
MAX_COMMENTS_CHARS = 40_000
MAX_COMMENTS = 50
MAX_LINES = 2_000
# How many prose sentences the step and symptom extraction reads, in order (LTGDroid's 75 real
# reports have at most 13 outside code and traces): each sentence costs a fixed ~0.2 ms of clause
# splitting and verb matching, so a 100k-character body of one-line "steps" took 1.3 s of CPU
# (issue 15's fuzz) and now stops reading after this many.
MAX_PROSE_SENTENCES = 300


def _cut(text: str, max_chars: int) -> str:
    """``text`` within ``max_chars`` characters and :data:`MAX_LINES` lines."""
    text = text[:max_chars]
    lines = text.splitlines(keepends=True)  # every separator the parsers split on, "\r" too
    return "".join(lines[:MAX_LINES]) if len(lines) > MAX_LINES else text


def bounded_report(report: BugReport) -> BugReport:
    """``report`` with its title, body and comments cut to the bounds above (``MAX_*``); the same
    object when it is within them."""
    comments: list[str] = []
    budget = MAX_COMMENTS_CHARS
    for comment in report.comments[:MAX_COMMENTS]:
        if budget <= 0:
            break
        cut = _cut(comment, min(MAX_COMMENT_CHARS, budget))
        comments.append(cut)
        budget -= len(cut)
    body = _cut(report.body or "", MAX_BODY_CHARS)
    if (
        len(report.title) <= MAX_TITLE_CHARS
        and body == (report.body or "")
        and (comments == report.comments)
    ):
        return report
    return replace(report, title=report.title[:MAX_TITLE_CHARS], body=body, comments=comments)


def crash_score(report: BugReport) -> tuple[int, str]:
    """Evidence that the report describes a crash, and the exception class it names (read within
    the bounds of :func:`bounded_report`).

    Weights: a crash word in the title 3, in the body (outside the expected behaviour) 2, in
    comments 1 each up to 2; a stack trace with ``at`` frames, ``FATAL EXCEPTION`` or monkey's
    ``// CRASH:`` 3; an exception class named in the title 1, else one quoted with its message in
    the body (outside the expected behaviour) 2. A report is a crash report from 2.
    """
    report = bounded_report(report)
    score = 0
    if _crash_hits(report.title):
        score += 3
    body_sections, _ = _sections(report.body or "", "body")
    body_text = "\n".join("\n".join(s.lines) for s in body_sections if s.kind not in ("expected",))
    if _crash_hits(body_text):
        score += 2
    comment_hits = sum(1 for c in report.comments if _crash_hits(c))
    score += min(comment_hits, 2)
    full = report.full_text()
    traces = find_exceptions_in_text(full)
    with_frames = any(t.frames or any(c.frames for c in t.causes) for t in traces)
    if "FATAL EXCEPTION" in full or _MONKEY_CRASH_RE.search(full) or with_frames:
        score += 3
    title_named = named_exceptions(report.title)
    if title_named:
        score += 1
    elif _THROWN_RE.search(body_text):
        score += 2  # an exception quoted with its message as what happens ("closes with X: ...")
    exception = _pick_exception(title_named, traces, full)
    return score, exception


def _pick_exception(title_named: list[str], traces: list, full: str) -> str:
    """The title's exception (qualified by a trace when one has the same simple name), else the
    root cause of the first trace with frames, else the only exception the report names."""
    with_frames = [t for t in traces if t.frames or t.causes]
    all_names = [c for t in traces for c in t.exception_classes()] + named_exceptions(full)
    if title_named:
        simple = title_named[0].rsplit(".", 1)[-1]
        qualified = next((n for n in all_names if n.rsplit(".", 1)[-1] == simple and "." in n), "")
        return qualified or title_named[0]
    if with_frames:
        return with_frames[0].root_cause.exception_class
    named = list(dict.fromkeys(n.rsplit(".", 1)[-1] for n in named_exceptions(full)))
    if len(named) == 1:
        return (
            next(n for n in named_exceptions(full) if n.rsplit(".", 1)[-1] == named[0] and "." in n)
            if any("." in n for n in named_exceptions(full))
            else named[0]
        )
    return ""


# --- the analysis ---------------------------------------------------------------------------------
# A device, OS or version line ("Device: Pixel 3a emulator, Android 14, latest app version.",
# "- Android 9, Pixel 4"): what the report ran on, never a value it expects.
_ENV_SENTENCE_RE = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:(?:test(?:ed|ing)?\s+)?(?:device|devices|phone|smartphone|model|os|"
    r"android(?:\s+version)?|app\s+version|version|build|rom|platform|environment|system)\s*[:：]"
    r"|(?:android|ios)\s+\d[\d.]*\s*(?:[,(;]|\s+on\b|[.]?$)|(?:app\s+)?version\s+v?\d)",
    re.IGNORECASE,
)


def _environment_sentence(sentence: str) -> bool:
    """Whether ``sentence`` only says what the report ran on (device, OS, app version): a
    ``Device:``/``Android version:``-style label, or a sentence starting with ``Android N,`` or
    ``App version N``."""
    return bool(_ENV_SENTENCE_RE.match(sentence))


def _section_text(sections: list[_Section], kind: str, limit: int = 300) -> str:
    """The text of the sections of ``kind``, one line, at most ``limit`` characters; stack
    trace and code lines left out, and for ``expected`` the sentences that only name the device,
    OS or app version (a number there is no expected value)."""
    parts = []
    for s in sections:
        if s.kind == kind:
            lines = [
                ln.strip()
                for ln in s.lines
                if ln.strip() and not _TRACE_LINE_RE.match(ln) and not re.match(r"^\s*⟦code", ln)
            ]
            if kind == "expected":
                lines = [
                    " ".join(t for t in _sentences(ln) if not _environment_sentence(t))
                    for ln in lines
                ]
            text = " ".join(ln for ln in lines if ln)
            if text:
                parts.append(text)
    joined = " ".join(parts)
    return joined[:limit].strip()


def _symptom_sentences(sections: list[_Section]) -> list[str]:
    out: list[str] = []
    read = 0
    for s in sections:
        if s.kind != "description":
            continue
        for line in s.lines:
            if _TRACE_LINE_RE.match(line) or "⟦code" in line:
                continue
            for sentence in _sentences(line.strip()):
                read += 1
                if read > MAX_PROSE_SENTENCES:
                    return out
                if _crash_hits(sentence) or re.search(
                    r"\b(?:wrong|incorrect|error|instead|still|"
                    r"disappear\w*|doesn't|does not|not)\b",
                    sentence,
                    re.IGNORECASE,
                ):
                    out.append(sentence)
    return out


def _dedupe_steps(steps: list[S2RStep]) -> list[S2RStep]:
    out: list[S2RStep] = []
    for step in steps:
        if out and out[-1].text == step.text:
            continue
        out.append(step)
    return out


# Reading stops at this many distinct expressions, or this many candidate spans: a report that
# tabulates values holds a few dozen (46 at most in LTGDroid's 75 and our examples); thousands,
# pasted, cost a second of CPU in the report fuzz (issue 15).
MAX_EXPRESSIONS = 100
MAX_EXPRESSION_CANDIDATES = 1_000
# ... within the first this many characters of each text (a report is at most 13,911 in LTGDroid's
# 75): the pattern tries up to 120 characters at every position, 3 us a character, so a pasted
# 70k-character run of "-" took half a second.
MAX_EXPRESSION_TEXT = 20_000


def expressions(texts: list[str]) -> list[str]:
    """Arithmetic expressions written in ``texts`` (quoted or not), compacted, in order: the
    first :data:`MAX_EXPRESSIONS` distinct ones among the first
    :data:`MAX_EXPRESSION_CANDIDATES` candidate spans, within each text's first
    :data:`MAX_EXPRESSION_TEXT` characters."""
    out: list[str] = []
    candidates = 0
    for text in texts:
        for m in _EXPR_RE.finditer(text, 0, MAX_EXPRESSION_TEXT):
            candidates += 1
            if candidates > MAX_EXPRESSION_CANDIDATES:
                return out
            raw = m.group(0).strip()
            if _is_expression(raw):
                expr = compact_expression(raw)
                if expr not in out:
                    out.append(expr)
                    if len(out) >= MAX_EXPRESSIONS:
                        return out
    return out


MAX_ALTERNATIVES = 4  # other labelled variants kept (reports give two or three)


def _variant_fit(title: str, steps: list[S2RStep], others: list[list[S2RStep]]) -> int:
    """How many words of ``title`` the variant's steps use that no other variant uses (by
    their stems' first five letters: "rotation" fits "rotate")."""

    def stems(texts: list[str]) -> set[str]:
        return {stem(w)[:5] for t in texts for w in content_words(t)}

    own = stems([s.text for s in steps])
    shared = set().union(*(stems([s.text for s in o]) for o in others)) if others else set()
    return len(stems([title]) & (own - shared))


def _variants(
    report: BugReport, body_sections: list[_Section], body_code: list[str], app_tokens: set[str]
) -> _Extraction | None:
    """Steps written as labelled variants (issue 12 §2: "Variant A" / "Variant B", each with
    its own list): the variant whose steps alone share the most words with the title, else the
    first with steps; the others become ``alternatives``. Steps sections before the first
    variant are a common start of every variant. ``None`` unless two variants have steps."""
    common: list[str] = []
    groups: dict[str, list[str]] = {}
    for section in body_sections:
        if section.kind != "steps":
            continue
        items = _section_items(section, body_code)
        if section.variant:
            groups.setdefault(section.variant.lower(), []).extend(items)
        elif not groups:
            common += items
    extracted = [(label, _extract(items, app_tokens)) for label, items in groups.items()]
    extracted = [(label, ex) for label, ex in extracted if ex.steps]
    if len(extracted) < 2:
        return None
    start = _extract(common, app_tokens) if common else _Extraction()
    ways = [start.steps + ex.steps for _, ex in extracted]
    fits = [_variant_fit(report.title, w, ways[:i] + ways[i + 1 :]) for i, w in enumerate(ways)]
    chosen = fits.index(max(fits))  # the first on a tie
    ex = extracted[chosen][1]
    return _Extraction(
        steps=ways[chosen],
        setup=start.setup + ex.setup,
        observations=start.observations + ex.observations,
        alternatives=[w for i, w in enumerate(ways) if i != chosen],
    )


# A steps list's item that is only a name ("Settings", "Dark mode"): at most this many words.
BARE_NAME_WORDS = 4


def _bare_names_pressed(items: list[str], app_tokens: set[str]) -> list[str]:
    """Items of a steps list that are only a name, with no verb, symptom or number ("1. Settings
    2. Theme 3. Dark") are the controls a person presses in turn, as after an arrow ("Settings >
    Theme"): read as "Tap <name>" (decision 0059). Other items are kept as they are."""
    out = []
    for item in items:
        name = item.strip(" -*•.:;\t")
        words = name.split()
        if (
            name
            and len(words) <= BARE_NAME_WORDS
            and (name[0].isupper() or name[0] in "\"'`“")  # written as a label is
            and not any(w.lower().strip("\"'`“”") in STOPWORDS for w in words)
            and not re.search(r"\d|[:=?!]|\bversion\b", name, re.IGNORECASE)
            and not _first_verb(name)[0]
            and not _SYMPTOM_WORDS.search(name)
            and not _crash_hits(name)
            and not _is_observation(name, "")
            and not _is_setup(name, app_tokens)
            and not _RESTART_STEP_RE.match(name)
            and not any(w.lower() in _SETUP_VERBS for w in words)
        ):
            item = f"Tap {name}"
        out.append(item)
    return out


def _find_steps(
    report: BugReport, body_sections: list[_Section], body_code: list[str], app_tokens: set[str]
) -> _Extraction:
    """Steps in order of trust: the body's steps sections; the body's first numbered list; a
    comment's steps section or numbered list; imperative sentences of the body's description;
    an expression the report is about (``1+2)×3 gives wrong result``); the title. Labelled
    variants of the steps (:func:`_variants`) come first."""
    variants = _variants(report, body_sections, body_code, app_tokens)
    if variants is not None:
        return variants
    step_items: list[str] = []
    for section in (s for s in body_sections if s.kind == "steps"):
        step_items += _section_items(section, body_code)
        if len(step_items) >= MAX_PROSE_SENTENCES:  # thousands of steps headings: a hostile body
            break
    extraction = _extract(_bare_names_pressed(step_items, app_tokens), app_tokens)
    if extraction.steps:
        return extraction
    lists = _numbered_lists(body_sections, body_code)
    if lists:
        ex = _extract(
            [s for item in _bare_names_pressed(lists[0], app_tokens) for s in _sentences(item)],
            app_tokens,
        )
        if ex.steps:
            return ex
    for comment in report.comments:
        sections, code = _sections(comment, "comment")
        items: list[str] = []
        for section in (s for s in sections if s.kind == "steps"):
            items += _section_items(section, code)
        if not items:
            comment_lists = _numbered_lists(sections, code)
            items = (
                [s for item in comment_lists[0] for s in _sentences(item)] if comment_lists else []
            )
        ex = _extract(items, app_tokens)
        if ex.steps:
            return ex
    ex = _action_sentences(body_sections, body_code, app_tokens)
    if ex.steps:
        return ex
    body_lines = [ln for s in body_sections if s.kind != "env" for ln in s.lines]
    exprs = expressions([report.title] + [ln for ln in body_lines if not _TRACE_LINE_RE.match(ln)])
    if exprs:
        step = S2RStep(
            text=f"enter {exprs[0]}", action_hint="input_text", targets=[], value=exprs[0]
        )
        return _Extraction(steps=[step], observations=ex.observations)
    title = _title_steps(report.title, app_tokens)
    title.observations += ex.observations
    return title


def _step_key(step: S2RStep) -> str:
    """The one keypad key a click step presses (``Click on "("`` → ``(``), else ``""``."""
    if step.action_hint != "click" or step.value or len(step.targets) != 1:
        return ""
    key = "".join(step.targets[0].split())
    if key in ("()", "( )"):
        return ""
    return key if len(key) == 1 and not key.isalpha() else ""


def _keys_as_stated_expression(steps: list[S2RStep], stated: list[str]) -> list[S2RStep]:
    """A run of key-by-key click steps (at least three) that spells an expression the report
    states elsewhere with keys left out (``(``, ``5``, ``4``, ``)``, ``%`` beside "(5+4)% should
    display 0.09") becomes one step entering the stated expression: reporters skip keys, the
    expression they write out is what they computed. The run must start and end with the
    expression's first and last key and cover at least half of it; otherwise the steps stay."""
    if not on("stated_expression"):
        return steps
    out: list[S2RStep] = []
    i = 0
    while i < len(steps):
        j = i
        while j < len(steps) and _step_key(steps[j]):
            j += 1
        if j - i < 3:
            out.append(steps[i])
            i += 1
            continue
        keys = "".join(_step_key(st) for st in steps[i:j])
        match = next(
            (
                e
                for e in stated
                if e != keys
                and len(keys) * 2 >= len(e)
                and e[0] == keys[0]
                and e[-1] == keys[-1]
                and is_subsequence(keys, e)
            ),
            "",
        )
        if match:
            fired("stated_expression")
            out.append(
                S2RStep(
                    text=f"enter {match} (the steps press {' '.join(keys)})",
                    action_hint="input_text",
                    targets=[],
                    value=match,
                )
            )
        else:
            out.extend(steps[i:j])
        i = j
    return out


# --- preconditions given only in comments (issue 12 §2) -----------------------------------------
# A comment that reports a fix or a release speaks of the code, not of how to reproduce.
_FIX_COMMENT_RE = re.compile(
    r"\b(?:fixed|fixes|fix (?:is )?(?:in|by|with)|sent a fix|released|merged|will be in|"
    r"closing|duplicate of)\b",
    re.IGNORECASE,
)
_CONDITION_END = r"(?P<act>[^.;:!?()\n]{3,80}?)\s*(?:[.;:!?()\n]|,\s*(?:otherwise|else|but)\b|$)"
# "it only happens after turning option Z off and on", "only crashes when sync is enabled".
_ONLY_AFTER_RE = re.compile(
    r"\bonly\s+(?:happens|occurs|crashes|reproduces|appears|shows up|works)\s+"
    r"(?:after|when|if|once)\s+|\b(?:happens|occurs|crashes|reproduces|appears)\s+only\s+"
    r"(?:after|when|if|once)\s+",
    re.IGNORECASE,
)
# "To reproduce, you need to enable X", "for it to happen you have to open Y first".
_TO_REPRODUCE_RE = re.compile(
    r"\b(?:to (?:reproduce|trigger|repro)(?: it| this| the (?:bug|crash|issue))?|for (?:it|this|"
    r"the (?:bug|crash|issue)) to (?:happen|occur|reproduce))\s*,?\s+(?:you\s+)?(?:need|have|must)"
    r"\s+(?:to\s+)?",
    re.IGNORECASE,
)
# '"Show history on touch" needs to be disabled', "sync has to be on".
_NEEDS_STATE_RE = re.compile(
    r"(?P<x>\"[^\"]{2,50}\"|“[^”]{2,50}”|\b[\w'-]+(?:\s+[\w'-]+){0,5}?)\s+(?:needs|has|must)\s+"
    r"(?:to\s+)?be\s+(?P<state>enabled|disabled|turned on|turned off|switched on|switched off|on|"
    r"off|checked|unchecked)\b",
    re.IGNORECASE,
)
# "you need at least two accounts" (a thing to create before the steps).
_AT_LEAST_RE = re.compile(
    r"\b(?:you\s+)?(?:need|have|must have|requires?)\s+(?:to have\s+)?at least\s+"
    r"(?P<n>two|three|four|[2-9])\s+(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.IGNORECASE,
)
_OFF_AND_ON_RE = re.compile(
    r"^(?P<v>turn\w*|switch\w*|toggl\w*|set\w*)\s+(?P<x>.+?)\s+(?P<a>off|on)\s+and\s+"
    r"(?:then\s+)?(?:back\s+)?(?P<b>on|off)\b",
    re.IGNORECASE,
)
_IS_STATE_RE = re.compile(
    r"^(?:the\s+)?(?P<x>[\w'-]+(?:\s+[\w'-]+){0,5}?)\s+(?:is|are)\s+(?P<state>enabled|disabled|"
    r"turned on|turned off|switched on|switched off|on|off|checked|unchecked)$",
    re.IGNORECASE,
)
# A denial before a condition: "it is not true that it only happens after X", "no need to".
_DENIAL_RE = re.compile(r"\b(?:not|no|never|nor)\b|n't\b|\bnot sure\b", re.IGNORECASE)
# A question ("Does it need sync to be on?"), not a hedged statement ("Can reproduce, X
# needs to be disabled, otherwise it works?").
_QUESTION_RE = re.compile(
    r"^\s*(?:do|does|did|is|are|can|could|would|should|will|have|has|must)\s+(?:you|it|this|"
    r"that|the|we|i|one|they|someone|anyone)\b.*\?\s*$",
    re.IGNORECASE | re.DOTALL,
)
_ON_STATES = ("enabled", "turned on", "switched on", "on", "checked")


def _imperative(phrase: str) -> str:
    """``phrase`` with a leading gerund made imperative: "turning X off" → "turn X off"."""
    phrase = re.sub(r"\s+(?:first|before(?:hand)?|again)$", "", phrase.strip(), flags=re.I)
    first, _, rest = phrase.partition(" ")
    low = first.lower()
    if low.endswith("ing") and len(low) > 5:
        base = low[:-3]
        for verb in (base, base + "e", base[:-1] if base[-1:] == base[-2:-1] else ""):
            if verb and verb in _SINGLE_VERBS:
                return f"{verb} {rest}".strip()
    return phrase.strip()


def _singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def _condition_steps(sentence: str) -> tuple[list[S2RStep], bool, str]:
    """What a comment's sentence gives as a precondition of the bug: ``(steps, first, state)``.
    ``steps`` are actions it says to do, ``first`` whether they go before all the steps (things
    to create) rather than before the last one (the trigger); ``state`` is a setting's state it
    requires ('"Show X" needs to be disabled', "only when dark mode is enabled") as a setup
    note, not a step: the report's steps reached the bug without touching it, so the app had
    that state already (its default, as a rule), and a click to "set" it toggles it away."""
    sentence = _EMPHASIS_RE.sub("", sentence).replace("_", " ")
    texts: list[str] = []
    if _QUESTION_RE.match(sentence):  # "Do you need at least two accounts?" asks, not says
        return [], False, ""

    def denied(m: re.Match[str]) -> bool:  # "you don't need at least two accounts"
        clause = re.split(r"[,;]", sentence[: m.start()])[-1]
        return _DENIAL_RE.search(clause) is not None

    if (m := _AT_LEAST_RE.search(sentence)) and not denied(m):
        noun = [w for w in m.group("what").split()]
        noun = noun[:1] + [w for w in noun[1:2] if w.lower() not in STOPWORDS]
        what = _singular(" ".join(noun))
        return [S2RStep(text=f"Add another {what}", action_hint="click", targets=[what])], True, ""
    if (m := _NEEDS_STATE_RE.search(sentence)) and not denied(m):
        return [], False, " ".join(m.group(0).split())
    for opener in (_ONLY_AFTER_RE, _TO_REPRODUCE_RE):
        start = opener.search(sentence)
        if start is None:
            continue
        if denied(start):
            break
        end = re.match(_CONDITION_END, sentence[start.end() :])
        if end is None:
            break
        act = _imperative(end.group("act"))
        if _IS_STATE_RE.match(act):  # "... only when dark mode is enabled"
            return [], False, act
        if m := _OFF_AND_ON_RE.match(act):
            thing = m.group("x").strip()
            texts += [f'Turn {m.group("a")} "{thing}"', f'Turn {m.group("b")} "{thing}"']
        else:
            texts.append(act)
        break
    steps = [c.step for t in texts for c in _clauses(t, set()) if c.step is not None]
    return steps, False, ""


def _comment_sentences(report: BugReport) -> list[str]:
    """The sentences of the comments that report no fix (a fix note speaks of the code)."""
    out: list[str] = []
    for comment in report.comments:
        if _FIX_COMMENT_RE.search(comment):
            continue
        for section in _sections(comment, "comment")[0]:
            for line in section.lines:
                out += _sentences(line.strip())
    return out[:MAX_PROSE_SENTENCES]


def _comment_states(report: BugReport) -> list[str]:
    """The settings' states the comments require (setup notes; see :func:`_condition_steps`)."""
    return [state for s in _comment_sentences(report) if (state := _condition_steps(s)[2])]


def _comment_preconditions(report: BugReport, steps: list[S2RStep]) -> list[S2RStep]:
    """``steps`` with the preconditions and workarounds that only comments give (issue 12 §2:
    "it only happens after turning option Z off and on", "you need at least two accounts")
    inserted: things to create first, anything else before the last step (what triggers the
    bug). Only from comments that report no fix, only steps whose targets no step names."""

    def named(step: S2RStep) -> bool:
        want = {stem(w) for t in step.targets for w in content_words(t)}
        return bool(want) and any(
            want <= {stem(w) for w in content_words(" ".join([s.text, *s.targets]))} for s in steps
        )

    before_all: list[S2RStep] = []
    before_last: list[S2RStep] = []
    for sentence in _comment_sentences(report):
        new, first, _ = _condition_steps(sentence)
        if not new or any(named(s) for s in new):
            continue
        (before_all if first else before_last).extend(new)
    if not before_all and not before_last:
        return steps
    split = max(len(steps) - 1, 0)
    return before_all + steps[:split] + before_last + steps[split:]


def _app_names(report: BugReport) -> list[str]:
    """The app's own name as a report writes it (repo and apk base name, ``-``/``_`` as
    spaces or nothing): ``Omni-Notes`` → ``omni notes``, ``omninotes``."""
    out = []
    for name in (report.repo, re.sub(r"_v?[0-9].*$", "", report.apk_name or "")):
        base = re.sub(r"\.apk$", "", name or "", flags=re.IGNORECASE).strip().lower()
        if len(base) >= 3:
            out += [re.sub(r"[-_]+", " ", base), re.sub(r"[-_ ]+", "", base)]
    return list(dict.fromkeys(out))


# A step that leaves the choice of object to the reader ("tap More on any database", "tap one
# genre in the list").
_ANY_OBJECT_RE = re.compile(
    r"\b(?:any|some|a few|several|one of)\s+\w|"
    r"\b(?:one|an?)\s+[\w-]+\s+(?:in|from|on)\s+(?:the|this|that|your)\s+list\b",
    re.IGNORECASE,
)


def _example_not_value(step: S2RStep) -> S2RStep:
    """A click step that leaves the choice to the reader and gives an example of it ("tap More
    on any database (e.g. french-body-parts.db)"): the example is one more target the step may
    pick, not a value the path must enter (decision 0045). Typing and creating steps keep their
    example value (it is what they type)."""
    if not on("example_not_value"):
        return step
    if step.action_hint == "input_text" or not step.value or not _ANY_OBJECT_RE.search(step.text):
        return step
    if set(content_words(step.text)[:1]) & _CREATE_VERBS:
        return step
    example = _EG_RE.search(step.text)
    raw = (example.group("v") or example.group("q") or "") if example else ""
    if not raw or _unquote(raw).strip(".,;") != step.value:
        return step
    fired("example_not_value")
    return replace(step, value="", targets=[*step.targets, step.value])


def _without_app_name(step: S2RStep, report: BugReport) -> S2RStep:
    """Drop "in <App>" / "with <App>" from a step: it names the app, not a widget, and would
    otherwise match any widget that shows the app's name (a source or account named like it)."""
    text, targets = step.text, list(step.targets)
    for name in _app_names(report):
        spelled = r"[\s_-]*".join(re.escape(w) for w in name.split())
        pattern = re.compile(
            # Only from the start of a whitespace run, taken whole (the same matches): a try
            # from every position of a long run was quadratic.
            rf"(?<!\s)\s++(?:in|on|using|with|inside|within)\s+(?:the\s+)?{spelled}"
            rf"(?:\s+app(?:lication)?)?\b",
            re.IGNORECASE,
        )
        text = pattern.sub("", text)
        targets = [t for t in targets if t.strip().lower() != name]
    if text == step.text and targets == step.targets:
        return step
    return S2RStep(
        text=text or step.text,
        action_hint=step.action_hint,
        targets=targets or step.targets,
        value=step.value,
    )


# "When I then tap Export, the app crashes": a conjunction that ties an action to what happens.
_TRIGGER_RE = re.compile(r"\b(?:when|whenever|if|after|once|as soon as|upon)\b", re.IGNORECASE)


def _actual_trigger(
    sections: list[_Section], steps: list[S2RStep], app_tokens: set[str]
) -> list[S2RStep]:
    """The action the Actual section ties the symptom to ("When I then tap Export, the app
    crashes", "after rotating the phone the dialog is gone"), as one more step, when the steps do
    not have it already; ``[]`` when the section names no such action. Reporters often give the
    set-up as steps and the trigger only where they say what went wrong."""
    for sentence in _sentences(_section_text(sections, "actual", limit=600)):
        cue = _TRIGGER_RE.search(sentence)
        if cue is None:
            continue
        found = [
            c.step
            for c in _clauses(sentence[cue.start() :], app_tokens)
            if c.kind == "action" and c.step is not None
        ]
        if found:
            # "After I created the folder and deleted it, it crashes" retells the steps: the
            # trigger is the first clause that does not (decision 0057), or none.
            fresh = [t for t in found if not any(_retells(t, s) for s in steps)]
            return fresh[:1]
    return []


def _retells(a: S2RStep, b: S2RStep) -> bool:
    """Clause ``a`` tells step ``b`` again: the same action kind and value, and a target of one
    names a target of the other (:func:`~orchestrator.text.similarity` at least 0.6 either way)
    or most of ``a``'s content words (by stem) are ``b``'s."""
    if _same_action(a, b):
        return True
    if a.action_hint != b.action_hint or (a.value and b.value and a.value != b.value):
        return False
    if any(max(similarity(x, y), similarity(y, x)) >= 0.6 for x in a.targets for y in b.targets):
        return True
    own = {stem(w) for w in content_words(a.text)}
    return bool(own) and len(own & {stem(w) for w in content_words(b.text)}) / len(own) >= 0.6


def _same_action(a: S2RStep, b: S2RStep) -> bool:
    """The two steps ask for the same action on the same targets with the same value."""
    return (
        a.action_hint == b.action_hint
        and a.value == b.value
        and {normalize_label(t) for t in a.targets} == {normalize_label(t) for t in b.targets}
    )


def analyze(report: BugReport) -> ReproSpec:
    """Turn a report into a :class:`ReproSpec` (see the module docstring). Always yields at least
    one step (the title is the last resort). Reads the report within the bounds of
    :func:`bounded_report`."""
    report = bounded_report(report)
    app_tokens = _app_tokens(report)
    body_sections, body_code = _sections(report.body or "", "body")
    extraction = _find_steps(report, body_sections, body_code, app_tokens)
    stated = expressions([report.full_text()])
    steps, *alternatives = [
        _keys_as_stated_expression(
            [_example_not_value(_without_app_name(s, report)) for s in _dedupe_steps(way)],
            stated,
        )
        for way in [extraction.steps, *extraction.alternatives]
    ]
    steps = _comment_preconditions(report, steps)
    steps += _actual_trigger(body_sections, steps, app_tokens)
    steps = _home_then_back(steps, app_tokens)
    symptom_sentences = [
        report.title,
        *_sentences(_section_text(body_sections, "actual", limit=600)),
        *extraction.observations,
        # ... and the story's other sentences ("Once the app was restarted the list was empty")
        *(
            t
            for sec in body_sections
            if sec.kind != "env"
            for ln in sec.lines
            for t in _sentences(ln)
        ),
    ]
    steps = _with_event(steps, symptom_sentences)
    alternatives = [_comment_preconditions(report, way) for way in alternatives]

    score, exception = crash_score(report)
    kind = CRASH if score >= 2 else NON_CRASH

    actual = _section_text(body_sections, "actual")
    expected = _section_text(body_sections, "expected")
    if not actual:
        observed = [
            o
            for o in extraction.observations
            if _SYMPTOM_WORDS.search(o)
            or _GONE_WORDS_RE.search(o)
            or _crash_hits(o)
            or _STATE_WORDS.search(o)
            or MESSAGE_SAYS_RE.search(o)
            or _LOSS_RE.search(o)
        ]
        actual = " ".join((observed or _symptom_sentences(body_sections))[:3])[:300]
    symptom = report.title.strip().rstrip(".")
    if actual and actual.lower() not in symptom.lower():
        symptom += f". Actual: {actual.rstrip('.')}"
    if expected:
        symptom += f". Expected: {expected.rstrip('.')}"
    symptom = symptom.strip() + "."
    if steps and steps[-1].action_hint == "press_home" and _BACK_IN_APP_RE.search(symptom):
        # "3. Press Home. Actual: when I open the app again, ...": the person came back
        steps[-1] = _leave_and_return(steps[-1], "")

    input_values: list[str] = []
    for step in steps:
        if (
            step.value
            and step.action_hint not in ("rotate", "swipe")
            and step.value not in input_values
        ):
            input_values.append(step.value)

    setup = list(dict.fromkeys(extraction.setup + _comment_states(report)))
    for step in steps:
        for fragment in _SETUP_FRAGMENT_RE.findall(step.text):
            if fragment not in setup:
                setup.append(fragment.strip())
    for section in body_sections:
        if section.kind != "description":
            continue
        for line in section.lines:
            if _TRACE_LINE_RE.match(line):
                continue
            for sentence in _sentences(line.strip()):
                if _SETUP_CUES.search(sentence) and sentence not in setup and len(sentence) < 200:
                    setup.append(sentence)
    for step in [*steps, *(s for way in alternatives for s in way)]:
        # Emphasis markers cut by the sentence splitter ("Tap **Cut") are layout, not words.
        step.text = _EMPHASIS_RE.sub("", step.text).strip()
    return ReproSpec(
        steps=steps,
        symptom=symptom[:600],
        bug_kind=kind,
        exception_class=exception,
        input_values=input_values[:12],
        setup_notes=setup[:8],
        alternatives=alternatives[:MAX_ALTERNATIVES],
    )
