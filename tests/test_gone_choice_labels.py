"""The ``gone`` check and choices: a value a screen shows only as the label of a choice (a
single-choice dialog's row) is offered, not held, and leaves with its list whatever the app keeps
(decision 0067). Found by a model that keeps the chosen value: with the value step done by
picking the choice, a restart with the choice dialog open made ``gone`` claim the value lost."""

from __future__ import annotations

from device_agent.actions import INPUT_TEXT, RESTART_APP, Action, Selector
from device_agent.hierarchy import structural_hash
from orchestrator.model import Path, ReproSpec, S2RStep, Screen, Transition
from orchestrator.reasoner.align import screen_index
from orchestrator.reasoner.verify import _only_as_option, verify

PACKAGE = "org.example.pomo"


def _node(cls: str, text: str = "", rid: str = "", children: str = "", **flags: bool) -> str:
    attrs = " ".join(f'{k}="{str(v).lower()}"' for k, v in flags.items())
    rid = f"{PACKAGE}:id/{rid}" if rid else ""
    return (
        f'<node class="{cls}" text="{text}" resource-id="{rid}" package="{PACKAGE}" '
        f'content-desc="" bounds="[0,0][1080,1920]" {attrs}>{children}</node>'
    )


def _screen(activity: str, texts: list[str], choices: list[str] | None = None) -> Screen:
    """A screen of labelled rows, and over it a dialog of checkable choices when given."""
    rows = "".join(_node("android.widget.TextView", t, f"row{i}") for i, t in enumerate(texts))
    windows = _node("android.widget.FrameLayout", children=rows)
    if choices is not None:
        listed = "".join(
            _node("android.widget.CheckedTextView", t, "choice", clickable=True, checkable=True)
            for t in choices
        )
        windows += _node("android.widget.FrameLayout", children=listed)
    xml = f'<hierarchy rotation="0">{windows}</hierarchy>'
    return Screen(xml, structural_hash(xml), PACKAGE, activity, "portrait")


SETTINGS = _screen(".Settings", ["Focus length", "45 min"])
CHOOSING = _screen(".Settings", ["Focus length", "45 min"], ["25 minutes", "45 minutes"])


def test_a_value_shown_only_by_choices_is_offered_not_held() -> None:
    choosing = screen_index(CHOOSING.hierarchy_xml)
    assert _only_as_option(choosing, "45 minutes")  # only the dialog's row reads it
    assert not _only_as_option(choosing, "45 min")  # the settings row holds it as text too
    assert not _only_as_option(screen_index(SETTINGS.hierarchy_xml), "45 min")
    assert not _only_as_option(choosing, "60 minutes")  # not shown at all: nothing to excuse


def test_a_value_the_screen_holds_as_text_is_still_gone_when_the_restart_drops_it() -> None:
    # The same value held as a label of the screen (not a choice) and missing after the restart
    # on the same activity: the loss the check exists for.
    typed = ReproSpec(
        steps=[
            S2RStep("Type 45 minutes", INPUT_TEXT, ["focus length"], "45 minutes"),
            S2RStep("Close the app", RESTART_APP, []),
        ],
        symptom="Focus length is not saved",
        bug_kind="non-crash",
    )
    field = _node("android.widget.EditText", "", "length")
    empty = f'<hierarchy rotation="0">{_node("android.widget.FrameLayout", children=field)}'
    empty += "</hierarchy>"
    filled = empty.replace('text=""', 'text="45 minutes"', 1)
    screens = [Screen(x, structural_hash(x), PACKAGE, ".Main", "portrait") for x in (empty, filled)]
    path = Path(
        [
            Transition(
                Action(kind=INPUT_TEXT, target=Selector(resource_id="length"), text="45 minutes"),
                screens[0],
                screens[1],
                {},
            ),
            Transition(Action(kind=RESTART_APP), screens[1], screens[0], {}),
        ]
    )
    verdict = verify(typed, path, ["45 minutes"])
    assert verdict.reproduced and verdict.details["check"] == "gone"
