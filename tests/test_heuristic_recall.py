"""Recall rules of the offline reasoner added in issue 12's second round, on small hand-written
screens and reports: a field named by a leading place ("In the field X, put V"), number-picker
buttons a report calls "+"/"-", a field named by its row's label, permission dialogs answered the
way the step asks, and a list that does not update after a creation."""

from __future__ import annotations

from dataclasses import replace

from device_agent.actions import CLICK, INPUT_TEXT, PRESS_BACK, ROTATE, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import CRASH, NON_CRASH, BugReport, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner.align import action_match, align
from orchestrator.reasoner.heuristic import HeuristicReasoner
from orchestrator.text import similarity
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, TOOLBAR_SCREEN, _click, _screen, _spec_of, _transition

PERM = "com.google.android.permissioncontroller"


def test_a_leading_place_names_the_field_a_value_goes_in() -> None:
    report = BugReport(
        bug_id="Math#1",
        title="NumberFormatException",
        body='How to repeat:\n- Open "Settings" dialog\n'
        '- In the field "Digits in result", put123456789012.\n'
        '- Press "+" button on the right of this field\n',
    )
    steps = HeuristicReasoner().analyze_report(report).steps
    typing = next(s for s in steps if s.action_hint == INPUT_TEXT)
    assert typing.value == "123456789012"
    assert typing.targets[0] == "Digits in result"
    unquoted = BugReport(
        bug_id="Shop#1", title="crash", body="## Steps\n1. In the amount field, type 12\n"
    )
    (step,) = HeuristicReasoner().analyze_report(unquoted).steps
    assert (step.action_hint, step.value, step.targets[0]) == (INPUT_TEXT, "12", "amount")
    # A place that is a screen stays a step of its own.
    screen = BugReport(bug_id="S#1", title="crash", body="## Steps\n1. In Settings, tap About\n")
    first, second = HeuristicReasoner().analyze_report(screen).steps
    assert "Settings" in first.targets[0] and second.targets == ["About"]


PICKERS = dump(
    status_bar(),
    node(
        "android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
        *[
            node(
                "android.widget.LinearLayout", "", "", "", (0, 400 + 200 * i, 1080, 600 + 200 * i),
                node("android.widget.TextView", name, "", "",
                     (0, 400 + 200 * i, 500, 600 + 200 * i)),
                node("android.widget.ImageButton", "", f"{APP}:id/dec", "Decrease value",
                     (500, 400 + 200 * i, 620, 600 + 200 * i), clickable=True),
                node("android.widget.EditText", "6", f"{APP}:id/edit_text_value", "",
                     (620, 400 + 200 * i, 860, 600 + 200 * i), clickable=True),
                node("android.widget.ImageButton", "", f"{APP}:id/inc", "Increase value",
                     (860, 400 + 200 * i, 980, 600 + 200 * i), clickable=True),
                index=i,
            )
            for i, name in enumerate(("Line length", "Digits in result"))
        ],
    ),
)  # fmt: skip


def test_picker_buttons_and_a_field_named_by_its_row() -> None:
    assert similarity("Increase value", "+") == similarity("Decrease value", "-") == 0.75
    assert similarity("Navigate up", "+") == 0.0 and similarity("Increase value", "-") == 0.0
    step = S2RStep(
        'In the field "Digits in result", put 123', INPUT_TEXT, ["Digits in result"], "123"
    )
    fields = [a for a in enumerate_actions(parse_hierarchy(PICKERS)) if a.kind == INPUT_TEXT]
    scores = [action_match(step, a, a.extra["label"]) for a in fields]
    assert scores[1] > scores[0]  # the field in the row the step names
    spec = _spec_of(step, S2RStep('Press "+"', CLICK, ["+"]), kind=CRASH)
    typed = replace(fields[1], text="123")
    held = PICKERS.replace(
        'text="6" resource-id="com.example.app:id/edit_text_value"',
        'text="123" resource-id="com.example.app:id/edit_text_value"',
    )
    path = SPath([_transition(typed, PICKERS, held)])
    kept = HeuristicReasoner().filter_actions(
        spec, _screen(held), enumerate_actions(parse_hierarchy(held)), path, 2
    )
    assert kept.actions[0].target.content_desc == "Increase value"


def _permission_dialog() -> str:
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", "Permission denied", f"{APP}:id/error", "",
                  (0, 300, 1080, 400))),
        node("android.widget.FrameLayout", "", "", "", (66, 700, 1014, 1200),
             node("android.widget.TextView", "Allow Files to access files?", "", "",
                  (100, 720, 900, 800), package=PERM),
             button("Allow", (100, 900, 900, 1000), package=PERM,
                    rid=f"{PERM}:id/permission_allow_button"),
             button("Don't allow", (100, 1000, 900, 1100), package=PERM,
                    rid=f"{PERM}:id/permission_deny_button"),
             package=PERM),
    )  # fmt: skip


def test_a_permission_step_is_done_by_the_answer_it_asks_for() -> None:
    dialog = _permission_dialog()
    listing = _list(["Alarms", "DCIM"])
    grant = _spec_of(
        S2RStep("grant storage permissions when prompted", CLICK, ["storage permissions"]),
        S2RStep("tap New folder", CLICK, ["New folder"]),
        kind=NON_CRASH,
    )
    deny = _spec_of(
        S2RStep("deny the storage permission", CLICK, ["storage permission"]),
        S2RStep("create a folder", CLICK, ["folder"]),
        kind=NON_CRASH,
    )
    allow_t = _transition(_click(dialog, "Allow"), dialog, listing)
    deny_t = _transition(_click(dialog, "Don't allow"), dialog, listing)
    assert align(grant, SPath([allow_t])).reached == 0
    assert align(grant, SPath([deny_t])).reached == -1
    assert align(deny, SPath([deny_t])).reached == 0
    assert align(deny, SPath([allow_t])).reached == -1
    # Once the app asked, the grant step is not skipped by a later step's action.
    fab = _click(listing, "New folder")
    made = _transition(fab, listing, listing.replace('text="Alarms"', 'text="test"'))
    assert align(grant, SPath([deny_t, made])).reached == -1
    assert align(grant, SPath([allow_t, made])).reached == 1
    assert align(grant, SPath([made])).reached == 1  # never asked: the step may be skipped
    reasoner = HeuristicReasoner()
    screen = _screen(dialog, package=PERM)
    cands = enumerate_actions(parse_hierarchy(dialog))
    assert (
        reasoner.filter_actions(grant, screen, cands, SPath(), 1).actions[0].target.text == "Allow"
    )
    assert (
        reasoner.filter_actions(deny, screen, cands, SPath(), 1).actions[0].target.text
        == "Don't allow"
    )


def _list(names: list[str], *, subtitle: str = "", rows_to: int = 0) -> str:
    """A list screen with a FAB; ``rows_to`` pads the list with rows down to that y."""
    rows = [
        node(
            "android.widget.TextView",
            n,
            f"{APP}:id/name",
            "",
            (0, 300 + 150 * i, 1080, 450 + 150 * i),
            clickable=True,
            index=i,
        )
        for i, n in enumerate(names)
    ]
    i = len(names)
    while rows_to and 450 + 150 * i <= rows_to:
        rows.append(
            node(
                "android.widget.TextView",
                f"row {i}",
                f"{APP}:id/name",
                "",
                (0, 300 + 150 * i, 1080, 450 + 150 * i),
                clickable=True,
                index=i,
            )
        )
        i += 1
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", subtitle or f"{len(rows)} items",
                  f"{APP}:id/subtitle", "", (0, 150, 1080, 250)),
             node("androidx.recyclerview.widget.RecyclerView", "", f"{APP}:id/list", "",
                  (0, 300, 1080, 1800), *rows, scrollable=True),
             node("android.widget.ImageButton", "", f"{APP}:id/fab", "New folder",
                  (900, 1750, 1050, 1900), clickable=True)),
    )  # fmt: skip


def _name_dialog(under: str, typed: str) -> str:
    dialog = node(
        "android.widget.FrameLayout", "", "", "", (66, 700, 1014, 1200),
        node("android.widget.TextView", "New folder", f"{APP}:id/alertTitle", "",
             (100, 720, 900, 800)),
        node("android.widget.EditText", typed, f"{APP}:id/nameEdit", "", (100, 820, 900, 900),
             clickable=True),
        button("Cancel", (100, 1000, 500, 1100), rid="android:id/button2"),
        button("OK", (500, 1000, 900, 1100), rid="android:id/button1"),
    )  # fmt: skip
    return under.replace("</hierarchy>", dialog + "</hierarchy>")


def _create_path(listing: str, final: str) -> SPath:
    empty, filled = _name_dialog(listing, ""), _name_dialog(listing, "test")
    field = next(a for a in enumerate_actions(parse_hierarchy(empty)) if a.kind == INPUT_TEXT)
    return SPath(
        [
            _transition(_click(listing, "New folder"), listing, empty),
            _transition(replace(field, text="test"), empty, filled),
            _transition(_click(filled, "OK"), filled, final),
        ]
    )


def test_a_list_that_does_not_update_after_a_creation() -> None:
    spec = _spec_of(
        S2RStep("Create a New folder", CLICK, ["New folder"]),
        kind=NON_CRASH,
        symptom="File list does not refresh automatically. Actual: The file list does not update.",
    )
    reasoner = HeuristicReasoner()
    listing = _list(["Alarms", "DCIM"])
    verdict = reasoner.verify(spec, _create_path(listing, listing))
    assert verdict.reproduced and "'test'" in verdict.evidence
    # The new name is listed, or the list changed (a count): the list did update.
    assert not reasoner.verify(
        spec, _create_path(listing, _list(["Alarms", "DCIM", "test"]))
    ).reproduced
    assert not reasoner.verify(
        spec, _create_path(listing, _list(["Alarms", "DCIM"], subtitle="3 items"))
    ).reproduced
    # A full list may have put the new row below the fold: no evidence.
    full = _list(["Alarms", "DCIM"], rows_to=1800)
    assert not reasoner.verify(spec, _create_path(full, full)).reproduced
    # ... unless a label counts the things the dialog creates, and that count did not change.
    counted = _list(["Alarms", "DCIM"], subtitle="12 folders, 1 file", rows_to=1800)
    verdict = reasoner.verify(spec, _create_path(counted, counted))
    assert verdict.reproduced and "'12 folders, 1 file'" in verdict.evidence
    other_count = _list(["Alarms", "DCIM"], subtitle="Updated 3 days ago", rows_to=1800)
    assert not reasoner.verify(spec, _create_path(other_count, other_count)).reproduced
    # A report that says nothing of updating is not helped by this check.
    other = replace(spec, symptom="Folder is created twice. Actual: two folders.")
    assert not reasoner.verify(other, _create_path(listing, listing)).reproduced


def _keys(labels: str, *, rotation: int = 0, rows: tuple[str, ...] = ()) -> str:
    keys = [button(k, (70 * i, 1000, 70 * i + 70, 1100), index=i) for i, k in enumerate(labels)]
    listed = [
        node("android.widget.TextView", r, f"{APP}:id/row", "",
             (0, 200 + 100 * i, 1080, 300 + 100 * i), clickable=True, index=i)
        for i, r in enumerate(rows)
    ]  # fmt: skip
    return dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920), *keys,
             node("android.widget.ListView", "", f"{APP}:id/history", "", (0, 200, 1080, 900),
                  *listed, scrollable=True)),
        rotation=rotation,
    )  # fmt: skip


def test_buttons_a_rotation_cuts_off() -> None:
    spec = _spec_of(
        S2RStep("Rotate device to landscape", ROTATE, [], "landscape"),
        kind=NON_CRASH,
        symptom="Landscape layout cuts off numpad/buttons. Expected: Buttons should scale.",
    )
    rotate = Action(kind=ROTATE, orientation="landscape")

    def rotated(before: str, after: str) -> SPath:
        return SPath([_transition(rotate, before, after, orientation="landscape")])

    reasoner = HeuristicReasoner()
    portrait = _keys("1234567890+-")
    verdict = reasoner.verify(spec, rotated(portrait, _keys("7890+-", rotation=1)))
    assert verdict.reproduced and "'1'" in verdict.evidence
    # Landscape shows more keys, not fewer: no evidence.
    assert not reasoner.verify(
        spec, rotated(portrait, _keys("1234567890+-sct", rotation=1))
    ).reproduced
    # Rows of a scrolling list that no longer fit are not cut off.
    listed = _keys("1234567890+-", rows=("a", "b", "c", "d"))
    fewer = _keys("1234567890+-", rotation=1, rows=("a", "b"))
    assert not reasoner.verify(spec, rotated(listed, fewer)).reproduced
    # One key fewer is no pattern; a report that says nothing of cut-off widgets is not helped.
    assert not reasoner.verify(spec, rotated(portrait, _keys("234567890+-", rotation=1))).reproduced
    other = replace(spec, symptom="Timer resets on rotation. Actual: it shows 0.")
    assert not reasoner.verify(other, rotated(portrait, _keys("7890+-", rotation=1))).reproduced


def test_report_words_and_app_labels_by_meaning() -> None:
    # Issue 12's examples: "Proceed" for "Next", "by hand" for "Manual setup".
    assert similarity("Next", "tap Proceed") >= 0.5
    assert similarity("Manual", "set it up by hand") >= 0.5
    assert similarity("Increase", "increment the number") >= 0.5
    assert similarity("Exit", "quit the app") >= 0.5
    # Unrelated words stay apart.
    assert similarity("Next", "tap Delete") == 0.0
    assert similarity("Manual", "open Settings") == 0.0


def test_a_two_step_cycle_is_not_fed_again() -> None:
    reasoner = HeuristicReasoner()
    menu = TOOLBAR_SCREEN.replace('text="Share"', 'text="Paste"')
    spec = _spec_of(S2RStep("open Settings", CLICK, ["Settings"]), kind=NON_CRASH)
    out = _transition(_click(TOOLBAR_SCREEN, "More options"), TOOLBAR_SCREEN, menu)
    back = _transition(Action(kind=PRESS_BACK), menu, TOOLBAR_SCREEN)
    cands = enumerate_actions(parse_hierarchy(TOOLBAR_SCREEN))
    fresh = reasoner.filter_actions(spec, _screen(TOOLBAR_SCREEN), cands, SPath(), 30)
    again = reasoner.filter_actions(spec, _screen(TOOLBAR_SCREEN), cands, SPath([out, back]), 30)

    def score(result, desc: str) -> float:
        for action, reason in zip(result.actions, result.reasons, strict=True):
            if action.target is not None and action.target.content_desc == desc:
                return float(reason.split(":")[0])
        raise AssertionError(desc)

    assert fresh.actions[0].target.content_desc == "More options"
    assert score(again, "More options") < score(fresh, "More options") - 0.2
    assert any("a cycle" in r for r in again.reasons)
    # The action the next step names is never held back by the cycle rule.
    named = _spec_of(S2RStep("tap More options", CLICK, ["More options"]), kind=NON_CRASH)
    kept = reasoner.filter_actions(named, _screen(TOOLBAR_SCREEN), cands, SPath([out, back]), 1)
    assert kept.actions[0].target.content_desc == "More options"


def test_a_step_that_names_its_field_is_not_done_in_another_field() -> None:
    step = S2RStep(
        'In the field "Digits in result", put 123', INPUT_TEXT, ["Digits in result"], "123"
    )
    spec = _spec_of(S2RStep('Open "Settings"', CLICK, ["Settings"]), step, kind=CRASH)
    worksheet = dump(
        status_bar(),
        node("android.widget.FrameLayout", "", "", "", (0, 0, 1080, 1920),
             node("android.widget.TextView", ":=", "", "", (0, 300, 200, 400)),
             node("android.widget.EditText", "", f"{APP}:id/x1", "", (200, 300, 1080, 400),
                  clickable=True)),
    )  # fmt: skip
    field = next(a for a in enumerate_actions(parse_hierarchy(worksheet)) if a.kind == INPUT_TEXT)
    typed = worksheet.replace(
        'text="" resource-id="com.example.app:id/x1"',
        'text="123" resource-id="com.example.app:id/x1"',
    )
    elsewhere = SPath([_transition(replace(field, text="123"), worksheet, typed)])
    assert align(spec, elsewhere).reached == -1  # not the named field: Settings is not skipped
    fields = [a for a in enumerate_actions(parse_hierarchy(PICKERS)) if a.kind == INPUT_TEXT]
    held = PICKERS.replace('text="6"', 'text="123"', 2)
    named = SPath([_transition(replace(fields[1], text="123"), PICKERS, held)])
    assert align(spec, named).reached == 1  # the named field (Settings skipped: never seen)
    # A step that names no field may type in any.
    loose = _spec_of(S2RStep("put 123", INPUT_TEXT, [], "123"), kind=CRASH)
    assert align(loose, elsewhere).reached == 0
