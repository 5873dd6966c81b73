"""Which catalog bugs the engine's rules may be tuned on, and which are kept for measuring them.

The rounds of the same protocol (a change is kept only if the score on bugs nobody tuned on does
not drop, issue 28 §4):

- Issue 12's split, by bug: :data:`DEV_SET` (rules were written against them) and :data:`TEST_SET`
  (their report texts and models were not read while writing rules).
- Issue 26's split, by APP (every bug of one app is in the same half, so a rule fitted to one app's
  screens cannot pass for general): :data:`DEV2_APPS` and :data:`TEST2_APPS`, for the LTGDroid bugs
  modelled from issue 26 on. TEST2's models, reports and runs stay unread by whoever writes engine
  rules (aggregate numbers only) until the generalisation issue (28) is resolved.
- Issue 28's held-out rounds (TEST3-TEST16, :data:`HELDOUT_ROUNDS`, decisions 0054-0067): bugs of
  apps outside the catalog, LTGDroid and every earlier round (``benchmarks/heldout*/``), held out
  the same way, each round modelled while the engine changed and first run with the engine of
  the round's end.
- Development rounds (:data:`DEV_ROUNDS`, ``benchmarks/dev3/``, decision 0063): bugs of apps
  outside every other set, modelled the same way by helpers who never read the engine, but
  READ by rule writers: they are where general checks are designed, never where they are scored.

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

# Issue 28's held-out rounds, set name -> folder under benchmarks/: bugs of apps outside the
# catalog, LTGDroid and every earlier round, each modelled by a helper who never read the engine,
# from the app's sources and a real report (restated in the helper's words), loaded with
# --app-dir like a user's own models. Each round was modelled while the engine changed and first
# run once with the engine of the round's end (its first-seen result,
# docs/heldout*-first-seen.json); rule writers see aggregates only. test3: decision 0054,
# test4-test8: decisions 0055-0059, test9: decision 0060, test10: decision 0061, test11:
# decision 0062, test12: decision 0063, test13: decision 0064, test14: decision 0065, test15:
# decision 0066, test16: decision 0067, test17: decision 0068.
HELDOUT_ROUNDS: dict[str, str] = {
    "test3": "heldout",
    "test4": "heldout4",
    "test5": "heldout5",
    "test6": "heldout6",
    "test7": "heldout7",
    "test8": "heldout8",
    "test9": "heldout9",
    "test10": "heldout10",
    "test11": "heldout11",
    "test12": "heldout12",
    "test13": "heldout13",
    "test14": "heldout14",
    "test15": "heldout15",
    "test16": "heldout16",
    "test17": "heldout17",
}
# Development rounds: modelled like the held-out rounds, read freely by rule writers.
DEV_ROUNDS: dict[str, str] = {"dev3": "dev3"}
_BENCHMARKS = Path(__file__).resolve().parent
DEV_ROUND_BUGS: dict[str, frozenset[str]] = {
    name: frozenset(p.stem for p in (_BENCHMARKS / folder / "reports").glob("*.json"))
    for name, folder in DEV_ROUNDS.items()
}
HELDOUT_BUGS: dict[str, frozenset[str]] = {
    name: frozenset(p.stem for p in (_BENCHMARKS / folder / "reports").glob("*.json"))
    for name, folder in HELDOUT_ROUNDS.items()
}

# Held-out bugs diagnosed since their measurement (no longer unseen), with why.
LOOKED_AT: dict[str, str] = {
    "markor#331": "its miss after the first test measurement was diagnosed from its run (issue 12)",
}


def app_of(bug_id: str) -> str:
    """The app part of an LTGDroid bug id (``"Anki-Android#4586"`` -> ``"Anki-Android"``)."""
    return bug_id.rsplit("#", 1)[0]


def split_of(bug_id: str) -> str:
    """``"dev"``, ``"test"`` (issue 12), ``"dev2"``, ``"test2"`` (issue 26, by app), ``"test3"``
    to ``"test17"`` (issue 28's held-out rounds, :data:`HELDOUT_ROUNDS`), ``"dev3"``
    (:data:`DEV_ROUNDS`) or ``"other"`` (catalog
    bugs that joined before either protocol and were neither tuned on nor held out by name)."""
    for name, bugs in (HELDOUT_BUGS | DEV_ROUND_BUGS).items():
        if bug_id in bugs:
            return name
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
