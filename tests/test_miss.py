"""``result.json``'s ``miss`` (orchestrator/miss.py): it never contradicts itself and says why the
search stopped."""

from __future__ import annotations

from device_agent.actions import CLICK, Action, Selector
from orchestrator.miss import budget_of, explain_miss
from orchestrator.model import NON_CRASH, Path, ReproSpec, S2RStep, Screen, Transition


def _screen(activity: str = "app/.Main") -> Screen:
    return Screen("<hierarchy/>", "h", "app", activity, "portrait")


def _path(*reached: int) -> Path:
    return Path(
        transitions=[
            Transition(
                Action(CLICK, target=Selector(text=f"B{i}")), _screen(), _screen(), {},
                reached_step=r,
            )
            for i, r in enumerate(reached)
        ]
    )  # fmt: skip


SPEC = ReproSpec(
    steps=[S2RStep("tap B0", CLICK, ["B0"]), S2RStep("tap B9", CLICK, ["B9"])],
    symptom="wrong",
    bug_kind=NON_CRASH,
)


def test_the_table_and_the_best_path_agree_on_every_step() -> None:
    # A path handed over by another search (the precondition's errand) carries step indexes of
    # that search's spec: 5 is no step of this report, and the cumulative progress repeated on
    # later actions names the step only where it was first reached.
    miss = explain_miss(SPEC, _path(5, 0, 0, 0), [], "no candidate paths left")
    steps = {s["step"]: s for s in miss["steps"]}
    assert steps[1]["matched"] and steps[1]["path_step"] == 2
    assert not steps[2]["matched"]
    reached = [p["reached_step"] for p in miss["best_path"]]
    assert reached == [None, 1, None, None]
    never = {s["step"] for s in miss["steps"] if not s["matched"]}
    assert not never & {r for r in reached if r}
    assert miss["steps_done"] == 1 and miss["budget"] == ""


def test_which_budget_stopped_the_search() -> None:
    assert budget_of("probe budget of 40 actions used up") == "probes"
    assert budget_of("time budget of 5 minutes used up") == "time"
    assert budget_of("cost budget used up ($0.5)") == "cost"
    assert budget_of("no candidate paths left") == ""
    assert budget_of("interrupted (Ctrl-C or SIGTERM) after 3 probes") == ""
    miss = explain_miss(SPEC, None, [], "probe budget of 40 actions used up")
    assert miss["budget"] == "probes" and miss["stopped"].startswith("probe budget")
