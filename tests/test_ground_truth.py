"""``orchestrator.ground_truth``: after a search, every probe is replayed on a private virtual
device and the app's oracle says whether it fired the bug, so a miss is split into "never
triggered" (search) and "triggered, not recognised" (verification), issue 28 §4."""

from __future__ import annotations

import json
from pathlib import Path

from device_agent.actions import Action, Selector
from orchestrator.ground_truth import annotate, miss_cause, probe_triggers
from orchestrator.results import write_probe_log
from orchestrator.search import REPLAY_KEY, SearchOutcome
from tests.conftest import REPO

APPS = str(REPO / "examples" / "apps")
ADD = Action(kind="click", target=Selector(text="Add 5"))
RESET = Action(kind="click", target=Selector(text="Reset"))


def test_each_probe_is_judged_after_its_own_path_and_action() -> None:
    probes = [((), RESET), ((), ADD), ((ADD,), RESET), ((ADD, RESET), RESET), ((RESET,), RESET)]
    assert probe_triggers("Tally", "Tally#1", probes, version="1.0", app_dir=APPS) == [
        False,
        True,
        False,  # Reset clears what the oracle reads: the bug is no longer visible in the state
        False,
        False,
    ]
    # the fixed build never fires it, whatever the path
    assert not any(probe_triggers("Tally", "Tally#1", probes, version="1.1", app_dir=APPS))


def test_a_path_a_fresh_install_cannot_perform_fires_nothing() -> None:
    # A trace that starts by closing a dialog no fresh install shows (another app's "keeps
    # stopping" left on a reused device, decision 0065): the scorer's replay stops at that
    # action, and so does the ground truth, though the rest of the trace alone would fire it.
    close = Action(kind="click", target=Selector(text="Close app"))
    probes = [((close,), ADD), ((close, ADD), RESET), ((), ADD), ((), close)]
    assert probe_triggers("Tally", "Tally#1", probes, version="1.0", app_dir=APPS) == [
        False,
        False,
        True,
        False,
    ]


def test_a_miss_says_which_half_lost_it() -> None:
    assert miss_cause(False, [False, False]) == {
        "cause": "never_triggered",
        "probes_triggering": 0,
        "first_probe": None,
    }
    assert miss_cause(False, [False, True, True]) == {
        "cause": "triggered_not_recognised",
        "probes_triggering": 2,
        "first_probe": 2,
    }
    assert miss_cause(True, [True])["cause"] == "reproduced"
    # a claim no probe's ground truth supports (the fixed build's Tally after ten taps)
    assert miss_cause(True, [False, False])["cause"] == "claimed_not_triggered"


def test_the_probe_log_gets_the_verdicts_and_probes_jsonl_keeps_no_objects(tmp_path: Path) -> None:
    log = [
        {"level": 1, "action": "click Reset", REPLAY_KEY: ((), RESET)},
        {"level": 1, "action": "click Add 5", REPLAY_KEY: ((), ADD)},
    ]
    app = {"name": "Tally", "version": "1.0"}
    cause = annotate(log, reproduced=False, app=app, bug_id="Tally#1", app_dir=APPS)
    assert cause["cause"] == "triggered_not_recognised" and cause["first_probe"] == 2
    write_probe_log(tmp_path, SearchOutcome(verdict="not_reproduced", path=None, probe_log=log))
    lines = [json.loads(line) for line in (tmp_path / "probes.jsonl").read_text().splitlines()]
    assert [line["ground_truth"] for line in lines] == [False, True]
    assert all(REPLAY_KEY not in line for line in lines)


def test_a_claim_is_true_only_when_its_own_trace_fires_the_bug() -> None:
    # Some probe fired the bug, but the claimed trace (another crash, another screen) does not:
    # the claim is false, whatever the other probes did.
    log = [{"level": 1, REPLAY_KEY: ((), ADD)}, {"level": 1, REPLAY_KEY: ((), RESET)}]
    app = {"name": "Tally", "version": "1.0"}
    other = annotate(log, reproduced=True, app=app, bug_id="Tally#1", app_dir=APPS, trace=[RESET])
    assert other["cause"] == "claimed_not_triggered" and other["probes_triggering"] == 1
    own = annotate(log, reproduced=True, app=app, bug_id="Tally#1", app_dir=APPS, trace=[ADD])
    assert own["cause"] == "reproduced"
    assert miss_cause(True, [True], trace_fires=False)["cause"] == "claimed_not_triggered"


def test_an_app_this_machine_has_no_model_of_is_left_unjudged() -> None:
    log = [{"level": 1, REPLAY_KEY: ((), ADD)}]
    app = {"name": "NoSuchApp", "version": "1.0"}
    assert annotate(log, reproduced=False, app=app, bug_id="NoSuchApp#1") == {}
    assert "ground_truth" not in log[0]
