"""Which catalog bugs the engine's rules may be tuned on, and which are kept for measuring them.

Three rounds of the same protocol (a change is kept only if the score on bugs nobody tuned on does
not drop, issue 28 §4):

- Issue 12's split, by bug: :data:`DEV_SET` (rules were written against them) and :data:`TEST_SET`
  (their report texts and models were not read while writing rules).
- Issue 26's split, by APP (every bug of one app is in the same half, so a rule fitted to one app's
  screens cannot pass for general): :data:`DEV2_APPS` and :data:`TEST2_APPS`, for the LTGDroid bugs
  modelled from issue 26 on. TEST2's models, reports and runs stay unread by whoever writes engine
  rules (aggregate numbers only) until the generalisation issue (28) is resolved.
- Issue 28's third round (decision 0054): :data:`TEST3_BUGS`, bugs of apps outside the catalog and
  LTGDroid (``benchmarks/heldout/``), held out the same way.
- Its fourth round: :data:`TEST4_BUGS` (``benchmarks/heldout4/``), apps outside all of the above,
  modelled while the engine changed and first run with the engine of the round's end.
- Its fifth round: :data:`TEST5_BUGS` (``benchmarks/heldout5/``), apps outside all of the above,
  made the same way; its sixth: :data:`TEST6_BUGS` (``benchmarks/heldout6/``); its seventh:
  :data:`TEST7_BUGS` (``benchmarks/heldout7/``).

:func:`split_of` names a bug's set; :data:`LOOKED_AT` lists the held-out bugs that have been
diagnosed since and so no longer count as unseen.
"""

from __future__ import annotations

from pathlib import Path

# Rules were written against these catalog bugs (issue 12 §4)...
DEV_SET = (
    "OpenCalc#448",
    "OpenCalc#493",
    "OpenCalc#510",
    "AmazeFileManager#1796",
    "AnyMemo#422",
    "markor#194",
    "mhabit#270",
    "screenrecorder#25",
    "Birthdroid#13",
    # Issue 13's batch C/D, diagnosed while writing issue 12's second round of rules:
    "OpenCalc#524",
    "microMathematics#39",
    "anglers-log#347",
    "MaterialFiles#1392",
)
# ... and measured on these, whose report texts and models were not looked at meanwhile.
TEST_SET = (
    "AmazeFileManager#4185",
    "markor#331",
    "Omni-Notes#377",
    "OpenCalc#532",
    "privacy-friendly-todo-list#158",
    # Issue 13's batch C/D, whose report texts and models were not read while writing the rules:
    "privacy-friendly-weather#61",
    "Transportr#972",
    "markor#1020",
)

# Issue 26: the remaining LTGDroid bugs, split by app (the app names of LTGDroid's index.tsv).
# Apps the catalog already had at another version are development apps: their screens were tuned on.
DEV2_APPS = frozenset(
    {
        "ActivityDiary",
        "AnyMemo",
        "MaterialFiles",
        "Omni-Notes",
        "Anki-Android",
        "android-obd-reader",
        "FirefoxLite",
        "MaterialFBook",
        "NewsBlur",
        "osmdroid",
        "jtxBoard",
    }
)
TEST2_APPS = frozenset(
    {
        "LocalMaterialNotes",
        "NotallyX",
        "uhabits",
        "fastnfitness",
        "AntennaPod",
        "Memento-Calendar",
        "thunderbird-android",
        "AndrOBD",
        "qksms",
        "WiFiAnalyzer",
        "trickytripper",
    }
)

# Issue 28's third round: bugs of apps outside the catalog and LTGDroid, each modelled by a helper
# who never read the engine, from the app's sources and a real report (restated in the helper's
# words), loaded with --app-dir like a user's own models. Their first run is their first-seen
# result; rule writers see aggregates only.
HELDOUT_DIR = Path(__file__).resolve().parent / "heldout"
TEST3_BUGS = frozenset(p.stem for p in (HELDOUT_DIR / "reports").glob("*.json"))

# Issue 28's fourth round, the same protocol: apps outside the catalog, LTGDroid and TEST3,
# modelled while this round changed the engine and first run once with the engine at its end.
HELDOUT4_DIR = Path(__file__).resolve().parent / "heldout4"
TEST4_BUGS = frozenset(p.stem for p in (HELDOUT4_DIR / "reports").glob("*.json"))
# Its fifth round (decision 0056), made the same way, apps outside all of the above.
HELDOUT5_DIR = Path(__file__).resolve().parent / "heldout5"
TEST5_BUGS = frozenset(p.stem for p in (HELDOUT5_DIR / "reports").glob("*.json"))
# Its sixth round (decision 0057), made the same way, apps outside all of the above.
HELDOUT6_DIR = Path(__file__).resolve().parent / "heldout6"
TEST6_BUGS = frozenset(p.stem for p in (HELDOUT6_DIR / "reports").glob("*.json"))
# Its seventh round (decision 0058), made the same way, apps outside all of the above.
HELDOUT7_DIR = Path(__file__).resolve().parent / "heldout7"
TEST7_BUGS = frozenset(p.stem for p in (HELDOUT7_DIR / "reports").glob("*.json"))
# Its eighth round (decision 0059), made the same way, apps outside all of the above.
HELDOUT8_DIR = Path(__file__).resolve().parent / "heldout8"
TEST8_BUGS = frozenset(p.stem for p in (HELDOUT8_DIR / "reports").glob("*.json"))

# Held-out bugs diagnosed since their measurement (no longer unseen), with why.
LOOKED_AT: dict[str, str] = {
    "markor#331": "its miss after the first test measurement was diagnosed from its run (issue 12)",
}


def app_of(bug_id: str) -> str:
    """The app part of an LTGDroid bug id (``"Anki-Android#4586"`` -> ``"Anki-Android"``)."""
    return bug_id.rsplit("#", 1)[0]


def split_of(bug_id: str) -> str:
    """``"dev"``, ``"test"`` (issue 12), ``"dev2"``, ``"test2"`` (issue 26, by app), ``"test3"``
    (issue 28's held-out apps, :data:`TEST3_BUGS`), ``"test4"`` (its fourth round,
    :data:`TEST4_BUGS`), ``"test5"`` (its fifth, :data:`TEST5_BUGS`), ``"test6"`` (its sixth,
    :data:`TEST6_BUGS`), ``"test7"`` (its seventh, :data:`TEST7_BUGS`), ``"test8"`` (its eighth,
    :data:`TEST8_BUGS`) or ``"other"`` (catalog
    bugs that joined before either protocol and were neither tuned on nor held out by name)."""
    if bug_id in TEST3_BUGS:
        return "test3"
    if bug_id in TEST4_BUGS:
        return "test4"
    if bug_id in TEST5_BUGS:
        return "test5"
    if bug_id in TEST6_BUGS:
        return "test6"
    if bug_id in TEST7_BUGS:
        return "test7"
    if bug_id in TEST8_BUGS:
        return "test8"
    if bug_id in DEV_SET:
        return "dev"
    if bug_id in TEST_SET:
        return "test"
    app = app_of(bug_id)
    if app in TEST2_APPS:
        return "test2"
    if app in DEV2_APPS and bug_id not in _ISSUE_12_CATALOG:
        return "dev2"
    return "other"


# The catalog bugs of apps in DEV2_APPS that joined before issue 26 keep their old set.
_ISSUE_12_CATALOG = frozenset(
    {
        "ActivityDiary#285",
        "AnyMemo#422",
        "MaterialFiles#1392",
        "Omni-Notes#377",
    }
)
