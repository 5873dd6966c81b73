"""The structural diff of two screens and its one-sentence description, on pairs of synthetic
dumps (and the real crash-dialog dump)."""

from __future__ import annotations

import json

import pytest

from device_agent.hierarchy import structural_hash
from orchestrator.diff import describe_diff, structural_diff
from orchestrator.model import CrashInfo, Screen
from tests.conftest import SHARED
from tests.test_enumerate import button, dump, node, status_bar

APP = "com.example.app"


def screen(
    xml: str,
    *,
    package: str = APP,
    activity: str = ".MainActivity",
    orientation: str = "portrait",
    keyboard: bool = False,
) -> Screen:
    return Screen(xml, structural_hash(xml), package, activity, orientation, keyboard)


def activity(*children: str, bounds=(0, 0, 1080, 1920)) -> str:
    return node("android.widget.FrameLayout", "", "", "", bounds, *children)


def file_list(*names: str) -> str:
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
    return node("android.widget.ListView", "", f"{APP}:id/list", "", (0, 300, 1080, 1800), *rows)


MAIN = dump(
    status_bar(), activity(file_list("Alarms", "Music"), button("Paste", (900, 100, 1080, 200)))
)


def new_folder_dialog(text: str = "") -> str:
    return node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (66, 700, 1014, 1200),
        node(
            "android.widget.TextView",
            "New folder",
            "android:id/alertTitle",
            "",
            (100, 720, 900, 800),
        ),
        node(
            "android.widget.EditText",
            text,
            f"{APP}:id/name_input",
            "",
            (100, 820, 980, 950),
            clickable=True,
        ),
        button("CANCEL", (500, 1050, 700, 1150), rid="android:id/button2"),
        button("CREATE", (750, 1050, 980, 1150), rid="android:id/button1"),
    )


def test_dialog_opened_with_a_field_and_keyboard() -> None:
    before = screen(MAIN)
    after = screen(
        dump(status_bar(), activity(file_list("Alarms", "Music")), new_folder_dialog()),
        keyboard=True,
    )
    diff = structural_diff(before, after)
    assert diff["windows_opened"] == [
        {"kind": "dialog", "title": "New folder", "text_fields": 1, "buttons": ["CANCEL", "CREATE"]}
    ]
    assert diff["windows_closed"] == [] and diff["keyboard"] == "shown"
    assert diff["activity_changed"] is None and diff["crash"] is None
    assert not diff["app_left"] and not diff["unchanged"]
    assert "Paste" in diff["widgets_removed"]  # the toolbar button went away
    assert "New folder" not in diff["widgets_added"]  # said by windows_opened
    sentence = describe_diff(diff)
    assert sentence.startswith(
        "Opened dialog 'New folder' with a text field and buttons 'CANCEL', 'CREATE'"
    )
    assert sentence.endswith("keyboard shown.")
    json.dumps(diff)  # JSON-able
    # The reverse: closed, keyboard hidden, and a new row in the list.
    back = screen(dump(status_bar(), activity(file_list("Alarms", "Music", "test2"))))
    diff = structural_diff(after, back)
    assert diff["windows_closed"][0]["title"] == "New folder" and diff["keyboard"] == "hidden"
    assert diff["widgets_added"] == ["test2"] and diff["widgets_added_count"] == 1
    assert "Closed dialog 'New folder'" in describe_diff(diff) and "new: 'test2'" in describe_diff(
        diff
    )


def test_typing_changes_text_not_widgets() -> None:
    base = dump(status_bar(), activity(file_list("Alarms")), new_folder_dialog())
    typed = dump(status_bar(), activity(file_list("Alarms")), new_folder_dialog("test2"))
    diff = structural_diff(screen(base), screen(typed))
    assert diff["texts_changed"] == [{"id": "name_input", "before": "", "after": "test2"}]
    assert diff["widgets_added"] == [] and diff["windows_opened"] == []
    assert describe_diff(diff) == "Name_input changed from '' to 'test2'."


def test_activity_orientation_state_and_toast() -> None:
    unchecked = node(
        "android.widget.CheckBox",
        "Scientific mode",
        f"{APP}:id/sci",
        "",
        (0, 300, 1080, 420),
        clickable=True,
        checkable=True,
    )
    checked = node(
        "android.widget.CheckBox",
        "Scientific mode",
        f"{APP}:id/sci",
        "",
        (0, 300, 1080, 420),
        clickable=True,
        checkable=True,
        checked=True,
    )
    toast = node(
        "android.widget.LinearLayout",
        "",
        "",
        "",
        (300, 1600, 780, 1700),
        node(
            "android.widget.TextView",
            "Saved",
            "android:id/message",
            "",
            (300, 1600, 780, 1700),
            package="com.android.systemui",
        ),
        package="com.android.systemui",
    )
    before = screen(dump(status_bar(), activity(unchecked)), activity=".Main")
    after = screen(
        dump(status_bar(), activity(checked), toast), activity=".Settings", orientation="landscape"
    )
    diff = structural_diff(before, after)
    assert diff["activity_changed"] == {"from": ".Main", "to": ".Settings"}
    assert diff["orientation"] == {"from": "portrait", "to": "landscape"}
    assert diff["states_changed"] == [{"label": "Scientific mode", "state": "checked"}]
    assert diff["toast"] == "Saved"
    text = describe_diff(diff)
    for part in (
        "Switched from .Main to .Settings",
        "rotated to landscape",
        "'Scientific mode' is now checked",
        "toast 'Saved'",
    ):
        assert part in text


def test_crash_and_leaving_the_app() -> None:
    crash_dialog = node(
        "android.widget.FrameLayout",
        "",
        "",
        "",
        (66, 800, 1014, 1100),
        node(
            "android.widget.TextView",
            "Example keeps stopping",
            "android:id/alertTitle",
            "",
            (100, 820, 900, 900),
            package="android",
        ),
        button("Close app", (100, 950, 900, 1050), rid="android:id/aerr_close", package="android"),
        package="android",
    )
    before = screen(MAIN)
    after = screen(dump(status_bar(), crash_dialog), package="android", activity="")
    crash = CrashInfo("java.lang.IndexOutOfBoundsException", "Invalid index 0", APP, 1234)
    diff = structural_diff(before, after, crash)
    assert diff["crash"] == "java.lang.IndexOutOfBoundsException"
    assert diff["system_dialog"]["kind"] == "crash" and diff["app_left"] is True
    assert describe_diff(diff).startswith(
        "The app crashed with java.lang.IndexOutOfBoundsException"
    )
    launcher = screen(
        dump(activity(button("Phone", (0, 1700, 200, 1900), package="com.launcher"))),
        package="com.launcher",
    )
    diff = structural_diff(before, launcher)
    assert diff["app_left"] is True and describe_diff(diff).startswith("Left the app")
    # A permission dialog over the app is not leaving it, nor is coming back from it.
    perm_xml = dump(
        node(
            "android.widget.FrameLayout",
            "",
            "",
            "",
            (66, 700, 1014, 1200),
            button(
                "Allow", (100, 900, 900, 1000), package="com.google.android.permissioncontroller"
            ),
            package="com.google.android.permissioncontroller",
        )
    )
    perm = screen(perm_xml, package="com.google.android.permissioncontroller")
    assert structural_diff(before, perm)["app_left"] is False
    assert structural_diff(perm, before)["app_left"] is False
    assert structural_diff(perm, before, app_package=APP)["app_left"] is False


def test_unchanged_and_unreadable_dumps() -> None:
    same = structural_diff(screen(MAIN), screen(MAIN))
    assert same["unchanged"] is True and describe_diff(same) == "No visible change."
    broken = Screen("<hierarchy><node", "", APP, ".MainActivity", "portrait")
    diff = structural_diff(screen(MAIN), broken)  # never raises
    assert diff["unreadable"] is True and not diff["unchanged"]
    assert describe_diff(diff) == "The screen after the action could not be read."


def test_menu_window_and_caps() -> None:
    items = [
        node(
            "android.widget.TextView",
            f"Item {i}",
            f"{APP}:id/title",
            "",
            (500, 100 + 100 * i, 1060, 200 + 100 * i),
            clickable=True,
            index=i,
        )
        for i in range(12)
    ]
    menu = node("android.widget.ListView", "", "", "", (500, 80, 1060, 1400), *items)
    diff = structural_diff(
        screen(MAIN), screen(dump(status_bar(), activity(file_list("Alarms", "Music")), menu))
    )
    opened = diff["windows_opened"][0]
    assert opened["kind"] == "menu" and opened["items"][:2] == ["Item 0", "Item 1"]
    assert len(opened["items"]) == 8  # capped
    many = dump(status_bar(), activity(file_list(*[f"f{i}" for i in range(20)])))
    diff = structural_diff(screen(MAIN), screen(many))
    # Rows keep their identity (resource-id and position): the first two changed their text.
    assert [t["after"] for t in diff["texts_changed"]] == ["f0", "f1"]
    assert diff["widgets_added_count"] == 18 and len(diff["widgets_added"]) == 8
    assert "and 14 more" in describe_diff(diff)


@pytest.mark.skipif(not (SHARED / "fixtures").is_dir(), reason="shared fixtures absent")
def test_real_crash_dialog_dump() -> None:
    xml = (SHARED / "fixtures" / "markor_crash_dialog_landscape.xml").read_text("utf-8")
    after = screen(xml, package="android", orientation="landscape")
    diff = structural_diff(screen(MAIN, package="net.gsantner.markor"), after)
    assert diff["system_dialog"]["kind"] == "crash"
    assert "has stopped" in diff["system_dialog"]["text"]
    assert diff["orientation"] == {"from": "portrait", "to": "landscape"} and diff["app_left"]
