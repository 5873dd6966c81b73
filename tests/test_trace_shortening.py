"""A confirmed trace loses its detours (loops back to a state seen before) when a replay shows
the bug still happens without them, and keeps a loop the bug needs ("open About twice")."""

from __future__ import annotations

from device_agent.actions import CLICK, Action, Selector
from device_agent.hierarchy import structural_hash
from orchestrator.config import SearchConfig
from orchestrator.farm import ReplayStep
from orchestrator.model import CRASH, CrashInfo, Path, ReproSpec, Screen, Transition
from orchestrator.reasoner.base import FilterResult, PathJudgement, Reasoner, Verdict
from orchestrator.search import Reproducer

PKG = "com.example.app"
FATAL = [
    "11-29 10:00:00.000  100  100 E AndroidRuntime: FATAL EXCEPTION: main",
    f"11-29 10:00:00.000  100  100 E AndroidRuntime: Process: {PKG}, PID: 100",
    "11-29 10:00:00.000  100  100 E AndroidRuntime: java.lang.IllegalStateException: boom",
    "11-29 10:00:00.000  100  100 E AndroidRuntime: \tat com.example.app.Main.go(Main.java:1)",
]


def xml(name: str) -> str:
    return (
        '<?xml version="1.0" ?><hierarchy rotation="0"><node index="0" text="'
        + name
        + f'" resource-id="" class="android.widget.TextView" package="{PKG}" content-desc="" '
        'bounds="[0,0][100,100]" /></hierarchy>'
    )


def screen(name: str) -> Screen:
    x = xml(name)
    return Screen(x, structural_hash(x), PKG, f"{PKG}/.{name}", "portrait")


def click(label: str) -> Action:
    return Action(CLICK, Selector(text=label))


def screens_after(names: list[str]) -> list[str]:
    """A back stack: a click opens a screen named after it, "back" returns to the one before."""
    stack, shown = ["home"], []
    for name in names:
        if name == "back":
            stack.pop()
        else:
            stack.append(name)
        shown.append(stack[-1])
    return shown


class FakeApp:
    """``crash_when`` says, from the whole action sequence, whether the last action crashes."""

    def __init__(self, crash_when, replay_width: int = 1):
        self.crash_when = crash_when
        self.replays: list[list[str]] = []
        self.replay_width = replay_width  # as DevicePool: replays run at once

    def replay_many(self, traces, screenshots=True):
        return [self.replay(actions, screenshots)[1] for actions in traces]

    def replay(self, actions, screenshots=True):
        names = [a.target.text for a in actions]
        self.replays.append(names)
        steps = []
        for i, shown in enumerate(screens_after(names)):
            crashed = i == len(names) - 1 and self.crash_when(names)
            shown = "crashed" if crashed else shown
            x = xml(shown)
            steps.append(
                ReplayStep(
                    action=actions[i],
                    performed=True,
                    detail="",
                    after_xml=x,
                    after_hash=structural_hash(x),
                    after_activity=f"{PKG}/.{shown}",
                    after_png=b"",
                    logcat=FATAL if crashed else [],
                    after_package=PKG,
                )
            )
        return "fake:1", steps


class QuietReasoner(Reasoner):
    name = "quiet"

    def analyze_report(self, report):  # pragma: no cover - not used
        raise NotImplementedError

    def filter_actions(self, spec, screen, candidates, path, limit):  # pragma: no cover
        return FilterResult(candidates[:limit])

    def input_text(self, spec, screen, field_node, path):  # pragma: no cover
        return ""

    def summarize_transition(self, spec, transition):
        return transition.action.describe()

    def evaluate_paths(self, spec, paths):  # pragma: no cover
        return [PathJudgement(0.0, -1) for _ in paths]

    def verify(self, spec, path):  # pragma: no cover
        return Verdict(False)


def confirmed_path(names: list[str]) -> Path:
    before = screen("home")
    transitions = []
    for i, (name, shown) in enumerate(zip(names, screens_after(names), strict=True)):
        last = i == len(names) - 1
        after = screen("crashed" if last else shown)
        crash = CrashInfo("java.lang.IllegalStateException", "boom", PKG, 100) if last else None
        transitions.append(Transition(click(name), before, after, {}, crash=crash))
        before = after
    return Path(transitions)


def shorten(app: FakeApp, names: list[str], stats: dict | None = None) -> list[str]:
    spec = ReproSpec(steps=[], symptom="crash", bug_kind=CRASH)
    searcher = Reproducer(spec, QuietReasoner(), app, PKG, SearchConfig())  # type: ignore[arg-type]
    searcher._root = screen("home")
    path = confirmed_path(names)
    _, replay = app.replay(path.actions)
    shorter, _ = searcher._shorten(path, replay)
    if stats is not None:
        stats.update(searcher.stats)
    return [t.action.target.text for t in shorter.transitions]


def test_detours_are_cut_when_the_bug_still_happens():
    app = FakeApp(lambda names: names[-1] == "boom" and "arm" in names)
    # arm, wander off and come back home twice, then boom
    trace = ["settings", "back", "arm", "menu", "back", "help", "back", "boom"]
    assert shorten(app, trace) == ["arm", "boom"]


def test_a_loop_the_bug_needs_is_kept():
    app = FakeApp(lambda names: names.count("about") >= 2)
    assert shorten(app, ["about", "back", "about"]) == ["about", "back", "about"]
    assert ["about"] in app.replays  # the cut was tried and rejected by the replay


DETOURS = ["settings", "back", "arm", "menu", "back", "help", "back", "about", "back", "boom"]


def test_cuts_replayed_at_once_give_the_serial_trace():
    """Decision 0020: a round's cuts are replayed several at a time and read in the serial order,
    so the trace is the one-by-one trace; the replays run ahead and never read are counted."""
    serial_app = FakeApp(lambda names: names[-1] == "boom" and "arm" in names)
    serial_stats: dict = {}
    serial = shorten(serial_app, DETOURS, serial_stats)
    assert serial == ["arm", "boom"]
    for width in (2, 3, 8):
        app = FakeApp(serial_app.crash_when, replay_width=width)
        stats: dict = {}
        assert shorten(app, DETOURS, stats) == serial
        # the serial order's replays were all run, in order, among the others
        read = serial_app.replays[1:]
        assert [r for r in app.replays[1:] if r in read] == read
        assert stats["replays"] == len(app.replays) - 1 > serial_stats["replays"]
        assert stats["replays_unused"] == stats["replays"] - serial_stats["replays"]
    assert serial_stats["replays_unused"] == 0


def test_a_loop_the_bug_needs_is_kept_when_cuts_run_at_once():
    app = FakeApp(lambda names: names.count("about") >= 2, replay_width=4)
    assert shorten(app, ["about", "back", "about"]) == ["about", "back", "about"]
