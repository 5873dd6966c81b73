"""Issue 12 §1, decision 0033: "an error the report only says is observed" (anglers-log#347's
shape: "Create Trip; Edit Trip; Modify date; Press Save; Observe error", no message quoted), and
the two alignment rules it needs (a label naming only the object does not do an operation on
it; a button of the dialog a step opened finishes that step). Small hand-written screens: a
list of trips with an add FAB, a trip's details with Edit and Up, an editor (a date button,
Done, Up) with a date picker dialog over it, and error dialogs."""

from __future__ import annotations

from device_agent.actions import CLICK, Action
from device_agent.hierarchy import parse_hierarchy
from orchestrator.enumerate import enumerate_actions
from orchestrator.model import NON_CRASH, S2RStep
from orchestrator.model import Path as SPath
from orchestrator.reasoner import verify as verifier
from orchestrator.reasoner.align import align, names_only_the_object
from tests.test_enumerate import button, dump, node, status_bar
from tests.test_heuristic import APP, _spec_of, _transition

EXISTS = "A trip within that date range already exists."
BEFORE_END = "Start date must come before end date."
SYMPTOM = "Can't edit dates for a Trip. Actual: Observe error."


def _bar(title: str, *actions: str) -> str:
    return node(
        "android.view.ViewGroup",
        "",
        f"{APP}:id/toolbar",
        "",
        (0, 63, 1080, 210),
        node("android.widget.TextView", title, "", "", (150, 90, 600, 180)),
        *(
            node(
                "android.widget.TextView",
                "",
                f"{APP}:id/action_{a.lower()}",
                a,
                (1080 - 150 * (i + 1), 63, 1080 - 150 * i, 210),
                clickable=True,
            )
            for i, a in enumerate(actions)
        ),
        node(
            "android.widget.ImageButton", "", "", "Navigate up", (0, 63, 140, 210), clickable=True
        ),
    )


def _main(*children: str) -> str:
    return node("android.widget.FrameLayout", "", "", "", (0, 63, 1080, 1920), *children)


def _trips(*rows: str) -> str:
    """The Trips list: a row per trip (its dates) and the add FAB."""
    return dump(
        status_bar(),
        _main(
            _bar(f"Trips ({len(rows)})"),
            *(
                node(
                    "android.widget.LinearLayout",
                    "",
                    f"{APP}:id/row",
                    "",
                    (0, 300 + 200 * i, 1080, 480 + 200 * i),
                    node(
                        "android.widget.TextView",
                        r,
                        f"{APP}:id/title",
                        "",
                        (40, 300 + 200 * i, 1040, 400 + 200 * i),
                    ),
                    clickable=True,
                )
                for i, r in enumerate(rows)
            ),
            node(
                "android.widget.ImageButton",
                "",
                f"{APP}:id/new_button",
                "",
                (900, 1700, 1040, 1840),
                clickable=True,
            ),
        ),
    )


def _detail(dates: str) -> str:
    return dump(
        status_bar(),
        _main(
            _bar("", "Edit"),
            node("android.widget.TextView", dates, f"{APP}:id/dates", "", (40, 300, 1040, 400)),
        ),
    )


def _editor(title: str, start: str) -> str:
    return _main(
        _bar(title, "Done"),
        button(start, (40, 300, 1040, 440), rid=f"{APP}:id/start_date"),
    )


def _picker(day: str) -> str:
    return node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (100, 500, 980, 1500),
        node(
            "android.widget.TextView", day, f"{APP}:id/date_picker_header", "", (140, 520, 940, 600)
        ),
        button("Previous month", (140, 700, 300, 800), rid=f"{APP}:id/prev"),
        button("Cancel", (500, 1350, 700, 1450), rid="android:id/button2"),
        button("OK", (750, 1350, 940, 1450), rid="android:id/button1"),
    )


def _error(message: str) -> str:
    return node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (100, 700, 980, 1200),
        node("android.widget.TextView", "Error", "android:id/alertTitle", "", (140, 720, 940, 800)),
        node("android.widget.TextView", message, "android:id/message", "", (140, 820, 940, 1000)),
        button("OK", (750, 1050, 940, 1150), rid="android:id/button1"),
    )


def _click(xml: str, label: str) -> Action:
    """The click on the widget labelled ``label`` (or whose resource id ends with it)."""
    for a in enumerate_actions(parse_hierarchy(xml), include_global=False):
        rid = a.target.resource_id if a.target is not None else ""
        if a.kind == CLICK and (a.extra["label"] == label or rid.endswith("/" + label)):
            return a
    raise AssertionError(f"no click on {label!r}")


class _Walk:
    """A path built click by click over the screens above."""

    def __init__(self, start: str) -> None:
        self.screen = start
        self.steps: list = []

    def click(self, label: str, after: str) -> _Walk:
        self.steps.append(_transition(_click(self.screen, label), self.screen, after))
        self.screen = after
        return self

    def path(self) -> SPath:
        return SPath(list(self.steps))


def _new_trip(walk: _Walk, rows_before: tuple[str, ...], row: str) -> _Walk:
    """The FAB, a start date picked a month back, Done: the list shows ``row`` too."""
    editor = _editor("New Trip", "Aug 15, 2019")
    walk.click("new_button", dump(status_bar(), editor))
    walk.click("Aug 15, 2019", dump(status_bar(), editor, _picker("Aug 15")))
    walk.click("Previous month", dump(status_bar(), editor, _picker("Jul 15")))
    moved = _editor("New Trip", "Jul 15, 2019")
    walk.click("OK", dump(status_bar(), moved))
    return walk.click("Done", _trips(*rows_before, row))


def _edit_and_save(walk: _Walk, row: str, message: str = EXISTS, edit: bool = True) -> _Walk:
    """Open ``row``, Edit (or, ``edit`` false, a details screen without Edit), move the start
    a month back, Done: the error dialog ``message``."""
    editor = _editor("Edit Trip", "Jul 15, 2019")
    if edit:
        walk.click(row, _detail(row))
        walk.click("Edit", dump(status_bar(), editor))
    else:
        walk.click(row, dump(status_bar(), editor))
    walk.click("Jul 15, 2019", dump(status_bar(), editor, _picker("Jul 15")))
    walk.click("Previous month", dump(status_bar(), editor, _picker("Jun 15")))
    moved = _editor("Edit Trip", "Jun 15, 2019")
    walk.click("OK", dump(status_bar(), moved))
    return walk.click("Done", dump(status_bar(), moved, _error(message)))


ROW = "Jul 15, 2019 to Aug 15, 2019"
OTHER = "Jul 14, 2019 to Aug 15, 2019"


def _spec(symptom: str = SYMPTOM, last: str = "Press Save"):
    return _spec_of(
        S2RStep("Create Trip", CLICK, ["Trip", "Create Trip"]),
        S2RStep("Edit Trip", CLICK, ["Trip", "Edit Trip"]),
        S2RStep("Modify date", CLICK, ["date"]),
        S2RStep(last, CLICK, [last.split()[-1]]),
        kind=NON_CRASH,
        symptom=symptom,
    )


def _bug_path() -> SPath:
    return _edit_and_save(_new_trip(_Walk(_trips()), (), ROW), ROW).path()


def _claim(path: SPath, symptom: str = SYMPTOM, last: str = "Press Save") -> str:
    verdict = verifier.verify(_spec(symptom, last), path, [])
    return verdict.evidence if verdict.reproduced else ""


def test_an_error_after_the_save_that_did_the_last_step_is_claimed_with_its_evidence() -> None:
    evidence = _claim(_bug_path())
    assert "'Observe error'" in evidence and "Press Save" in evidence
    assert EXISTS in evidence and "Done" in evidence


def test_the_alignment_credits_each_step_to_the_control_that_does_it() -> None:
    path = _bug_path()
    served = align(_spec(), path).served
    labels = [t.action.describe() for t in path.transitions]
    done = {s: labels[i] for i, s in enumerate(served) if s >= 0}
    assert "new_button" in done[0] and "Edit" in done[1]
    assert "Jul 15, 2019" in done[2] and "Done" in done[3]  # not the picker's OK


def test_a_label_naming_only_the_object_does_not_do_an_operation_on_it() -> None:
    edit = S2RStep("Edit Trip", CLICK, ["Trip", "Edit Trip"])
    assert names_only_the_object(edit, "Trips")
    assert not names_only_the_object(edit, "Edit")
    assert not names_only_the_object(S2RStep("Create a New folder", CLICK, []), "New folder")
    assert not names_only_the_object(S2RStep("Modify date", CLICK, ["date"]), "Aug 15, 2019")
    assert not names_only_the_object(S2RStep("Open Trips", CLICK, ["Trips"]), "Trips")


def test_the_pickers_own_error_after_its_ok_is_no_evidence() -> None:
    # The report's last step names the picker's OK, so the alignment credits it; the error it
    # brings is the picker's check, on the dialog the date step opened, not the editor's save.
    editor = _editor("Edit Trip", "Jul 15, 2019")
    walk = _Walk(_trips()).click("new_button", dump(status_bar(), _editor("New Trip", "Aug 15")))
    walk.click("Done", _trips(ROW))  # (no picker while creating: its OK would be "Press OK")
    walk.click(ROW, _detail(ROW)).click("Edit", dump(status_bar(), editor))
    walk.click("Jul 15, 2019", dump(status_bar(), editor, _picker("Jul 15")))
    walk.click("OK", dump(status_bar(), editor, _error(BEFORE_END)))
    assert align(_spec(last="Press OK"), walk.path()).served[-1] == 3
    assert _claim(walk.path(), last="Press OK") == ""
    assert _claim(_bug_path(), last="Press Save")  # the control


def test_a_clash_with_a_second_item_the_path_created_is_no_evidence() -> None:
    assert _claim(_bug_path())
    walk = _new_trip(_Walk(_trips()), (), ROW)
    _new_trip(walk, (ROW,), OTHER)
    assert _claim(_edit_and_save(walk, ROW).path()) == ""


def test_a_detour_through_another_item_after_the_edit_is_no_evidence() -> None:
    # Edit the trip, go back up, make a second trip whose save clashes with the first.
    assert _claim(_bug_path())
    walk = _new_trip(_Walk(_trips()), (), ROW)
    walk.click(ROW, _detail(ROW)).click("Edit", dump(status_bar(), _editor("Edit Trip", "Jul 15")))
    walk.click("Navigate up", _trips(ROW))
    editor = _editor("New Trip", "Aug 15, 2019")
    walk.click("new_button", dump(status_bar(), editor))
    walk.click("Aug 15, 2019", dump(status_bar(), editor, _picker("Aug 15")))
    walk.click("OK", dump(status_bar(), editor))
    walk.click("Done", dump(status_bar(), editor, _error(EXISTS)))
    assert _claim(walk.path()) == ""


def test_an_error_shown_before_the_last_step_is_no_evidence() -> None:
    assert _claim(_bug_path())
    walk = _Walk(_trips())
    editor = _editor("New Trip", "Aug 15, 2019")
    walk.click("new_button", dump(status_bar(), editor))
    walk.click("Done", dump(status_bar(), editor, _error(EXISTS)))  # already shown here
    walk.click("OK", dump(status_bar(), editor))
    walk.click("Done", _trips(ROW))
    assert _claim(_edit_and_save(walk, ROW).path()) == ""


def test_a_skipped_step_or_a_symptom_without_an_error_is_no_evidence() -> None:
    # The row opens the editor directly: "Edit Trip" is never done.
    walk = _new_trip(_Walk(_trips()), (), ROW)
    assert _claim(_edit_and_save(walk, ROW, edit=False).path()) == ""
    path = _bug_path()
    assert _claim(path, "Can't edit dates. Actual: No error is shown, the date is kept.") == ""
    assert _claim(path, "Can't edit dates. Actual: the date is kept.") == ""
    assert _claim(path, "Trip dates. Actual: the app fails to update the list.") == ""
    assert _claim(path, "Trip dates. Actual: saving fails.")
    assert _claim(path, "Trip dates. Actual: I get an error message.")


def _saved_edit(walk: _Walk, row: str, moved_row: str) -> _Walk:
    """Open ``row``, Edit, move the start a month back, Done: saved, the details again."""
    editor = _editor("Edit Trip", "Aug 15, 2019")
    walk.click(row, _detail(row)).click("Edit", dump(status_bar(), editor))
    walk.click("Aug 15, 2019", dump(status_bar(), editor, _picker("Aug 15")))
    walk.click("Previous month", dump(status_bar(), editor, _picker("Jul 15")))
    walk.click("OK", dump(status_bar(), _editor("Edit Trip", "Jul 15, 2019")))
    return walk.click("Done", _detail(moved_row))


def _default_trip(walk: _Walk, rows_before: tuple[str, ...], row: str) -> _Walk:
    """The FAB and Done at once: a trip with the default dates."""
    walk.click("new_button", dump(status_bar(), _editor("New Trip", "Aug 15, 2019")))
    return walk.click("Done", _trips(*rows_before, row))


def test_the_steps_after_the_creating_one_done_again_on_the_item_are_claimed() -> None:
    # Create, then Edit/Modify/Save (saved: the first pass set the trip up), then the same
    # steps again on it, ending in the error: the report's steps on the item the path made.
    walk = _saved_edit(_default_trip(_Walk(_trips()), (), "Aug 15"), "Aug 15", ROW)
    editor = _editor("Edit Trip", "Jul 15, 2019")
    walk.click("Edit", dump(status_bar(), editor))
    walk.click("Jul 15, 2019", dump(status_bar(), editor, _picker("Jul 15")))
    walk.click("Previous month", dump(status_bar(), editor, _picker("Jun 15")))
    moved = _editor("Edit Trip", "Jun 15, 2019")
    walk.click("OK", dump(status_bar(), moved))
    walk.click("Done", dump(status_bar(), moved, _error(EXISTS)))
    assert EXISTS in _claim(walk.path())
    # A second trip made before the second pass: its clash is no evidence.
    walk = _saved_edit(_default_trip(_Walk(_trips()), (), "Aug 15"), "Aug 15", ROW)
    walk.click("Navigate up", _trips(ROW))
    _default_trip(walk, (ROW,), "Aug 15")
    assert _claim(_edit_and_save(walk, ROW).path()) == ""


def test_the_beam_puts_a_done_path_doing_the_later_steps_again_first() -> None:
    # Every step done (the first edit saved): the path that opens the editor again ranks above
    # one that goes elsewhere (decision 0033: the item the first pass set up may show the bug).
    from orchestrator.reasoner.heuristic import HeuristicReasoner

    done = _saved_edit(_default_trip(_Walk(_trips()), (), "Aug 15"), "Aug 15", ROW)
    again = _Walk(done.screen)
    again.steps = list(done.steps)
    again.click("Edit", dump(status_bar(), _editor("Edit Trip", "Jul 15, 2019")))
    away = _Walk(done.screen)
    away.steps = list(done.steps)
    away.click("Navigate up", _trips("Aug 15"))  # (both children go back to a screen seen)
    judged = HeuristicReasoner().evaluate_paths(_spec(), [again.path(), away.path()])
    assert all(j.complete for j in judged)
    assert judged[0].score > judged[1].score
    assert "done again" in judged[0].reason and "done again" not in judged[1].reason
