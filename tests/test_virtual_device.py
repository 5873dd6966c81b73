"""Behaviour of the virtual device, driven through the DeviceBackend API with the notes test app."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from device_agent.actions import Action, Bounds, Selector
from device_agent.errors import AppNotFoundError, DeviceError
from device_agent.hierarchy import Hierarchy, parse_hierarchy, structural_hash
from device_agent.virtual.app import BugSpec, VirtualApp
from device_agent.virtual.device import LAUNCHER_PACKAGE, PERMISSION_PACKAGE, VirtualDevice
from device_agent.virtual.views import Screen, View

APPS = Path(__file__).resolve().parent / "apps"
PKG = "org.example.notes"


@pytest.fixture()
def dev() -> VirtualDevice:
    device = VirtualDevice("test-1", "Notes", app_dir=APPS)
    device.launch_app()
    return device


def tree(dev: VirtualDevice) -> Hierarchy:
    return parse_hierarchy(dev.observe(screenshot=False).hierarchy_xml)


def texts(dev: VirtualDevice) -> list[str]:
    return [n.text for n in tree(dev).iter() if n.text]


def click(dev: VirtualDevice, **sel) -> object:
    return dev.execute(Action("click", target=Selector(**sel)))


def act(dev: VirtualDevice, kind: str, **kw) -> object:
    return dev.execute(Action(kind, **kw))


def open_editor(dev: VirtualDevice) -> None:
    click(dev, resource_id=f"{PKG}:id/fab")
    assert dev.observe(screenshot=False).activity == f"{PKG}/.EditorActivity"


# -- screen structure ---------------------------------------------------------------------------
def test_launch_logs_and_window_layout(dev: VirtualDevice) -> None:
    obs = dev.observe()
    assert obs.package == PKG and obs.activity == f"{PKG}/.MainActivity"
    assert obs.orientation == "portrait" and not obs.keyboard_shown
    h = parse_hierarchy(obs.hierarchy_xml)
    assert h.rotation == 0 and len(h.windows) == 1
    decor = h.windows[0]
    assert decor.bounds.to_list() == [0, 0, 1080, 1794]  # the navigation bar is not app area
    content = next(n for n in h.iter() if n.resource_id == "android:id/content")
    assert content.bounds.top == 63  # below the status bar
    lines = dev.read_logcat(0, ("main", "system")).lines
    assert any("ActivityManager: Start proc" in ln and PKG in ln for ln in lines)
    assert any(f"Displayed {PKG}/.MainActivity: +" in ln for ln in lines)


def test_screenshot_is_png_of_screen_size(dev: VirtualDevice) -> None:
    png = dev.observe().screenshot_png
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (1080, 1920)
    assert dev.observe(screenshot=False).screenshot_png == b""
    act(dev, "rotate", orientation="landscape")
    assert Image.open(io.BytesIO(dev.observe().screenshot_png)).size == (1920, 1080)


def test_screenshot_shows_keyboard_and_dim(dev: VirtualDevice) -> None:
    plain = Image.open(io.BytesIO(dev.observe().screenshot_png)).convert("RGB")
    open_editor(dev)
    act(dev, "input_text", target=Selector(resource_id=f"{PKG}:id/title"), text="x")
    with_kb = Image.open(io.BytesIO(dev.observe().screenshot_png)).convert("RGB")
    # The keyboard panel is drawn over the bottom of the app area (grey, not the white list).
    assert with_kb.getpixel((540, 1080)) != plain.getpixel((540, 1080))
    assert with_kb.getpixel((3, 1060)) == (236, 239, 241)


# -- touches ------------------------------------------------------------------------------------
def test_click_opens_activity_and_back_returns(dev: VirtualDevice) -> None:
    res = click(dev, text="Ideas")
    assert res.performed and res.x > 0
    obs = dev.observe(screenshot=False)
    assert obs.activity == f"{PKG}/.EditorActivity"
    title = next(n for n in tree(dev).iter() if n.resource_id == f"{PKG}:id/title")
    assert title.text == "Ideas"
    act(dev, "press_back")
    assert dev.observe(screenshot=False).activity == f"{PKG}/.MainActivity"


def test_target_not_found_does_nothing(dev: VirtualDevice) -> None:
    before = structural_hash(dev.observe(screenshot=False).hierarchy_xml)
    res = click(dev, text="No such widget")
    assert not res.performed and "not found" in res.detail
    assert structural_hash(dev.observe(screenshot=False).hierarchy_xml) == before


def test_bounds_only_selector_taps_centre(dev: VirtualDevice) -> None:
    fab = next(n for n in tree(dev).iter() if n.resource_id.endswith("/fab"))
    res = click(dev, bounds=fab.bounds)
    assert res.performed and (res.x, res.y) == fab.bounds.center
    assert dev.observe(screenshot=False).activity.endswith(".EditorActivity")


def test_long_click_context_menu_dialog_and_modal_touches(dev: VirtualDevice) -> None:
    act(dev, "long_click", target=Selector(text="Recipes"))
    h = tree(dev)
    assert len(h.windows) == 2
    dialog = h.windows[1]
    assert dialog.bounds.area < h.windows[0].bounds.area
    # The dialog is modal: a list row under it is not a valid target (only the top window is).
    assert not click(dev, text="Shopping list").performed
    # Touching outside a cancelable dialog dismisses it.
    res = click(dev, bounds=Bounds(0, 1700, 10, 1710))
    assert res.performed and "dismissed" in res.detail
    assert len(tree(dev).windows) == 1
    # Context menu → Delete → confirmation (not cancelable) → Delete.
    act(dev, "long_click", target=Selector(text="Recipes"))
    click(dev, text="Delete")
    assert "Delete this note?" in texts(dev)
    click(dev, bounds=Bounds(0, 1700, 10, 1710))
    assert "Delete this note?" in texts(dev)  # not cancelable: the touch is swallowed
    act(dev, "press_back")
    assert "Delete this note?" in texts(dev)
    click(dev, text="Delete", class_name="android.widget.Button")
    assert "Recipes" not in texts(dev)
    assert "Note deleted" in texts(dev)  # toast, as a system window
    act(dev, "press_back")  # any next action ends the toast
    assert "Note deleted" not in texts(dev)


def test_overflow_menu_and_back_dismisses_it(dev: VirtualDevice) -> None:
    click(dev, content_desc="More options")
    h = tree(dev)
    assert len(h.windows) == 2 and "Sync now" in texts(dev)
    act(dev, "press_back")
    assert len(tree(dev).windows) == 1
    assert dev.observe(screenshot=False).activity.endswith(".MainActivity")


def test_disabled_view_does_not_react() -> None:
    class Disabled(VirtualApp):
        name, package, label, version, launch_activity = "D", "org.d", "D", "1", ".Main"

        def initial_data(self) -> dict:
            return {"n": 0}

        def render(self, ctx) -> Screen:
            def inc(c) -> None:
                c.data["n"] += 1

            return Screen(
                View(
                    children=[
                        View(cls="android.widget.Button", text="Go", enabled=False, on_click=inc)
                    ]
                )
            )

    device = VirtualDevice("d", Disabled)
    device.launch_app()
    res = click(device, text="Go")
    assert res.performed and "disabled" in res.detail
    assert device.s["data"]["n"] == 0


class _Hinted(VirtualApp):
    """A label and a text button that hold only hints until the button is tapped (an
    InputButtonView's Button "Add fishing spot" has only a hint)."""

    name, package, label, version, launch_activity = "H", "org.h", "H", "1", ".Main"

    def initial_data(self) -> dict:
        return {"picked": ""}

    def render(self, ctx) -> Screen:
        def pick(c) -> None:
            c.data["picked"] = "Lake"

        return Screen(
            View(
                children=[
                    View(cls="android.widget.TextView", resource_id="label", hint="No spot"),
                    View(
                        cls="android.widget.Button",
                        resource_id="primary_button",
                        text=ctx.data["picked"],
                        hint="Add fishing spot",
                        style="text",
                        on_click=pick,
                    ),
                ]
            )
        )


def _node(device: VirtualDevice, rid: str):
    return next(n for n in tree(device).iter() if n.resource_id == f"org.h:id/{rid}")


def test_empty_button_shows_its_hint_as_text_like_any_textview() -> None:
    """AOSP TextView.getTextForAccessibility: an empty TextView's hint is its accessibility text,
    editable or not."""
    device = VirtualDevice("d", _Hinted)
    device.launch_app()
    button = _node(device, "primary_button")
    assert button.text == "Add fishing spot" and not button.is_editable
    assert _node(device, "label").text == "No spot"
    assert click(device, text="Add fishing spot").performed
    assert _node(device, "primary_button").text == "Lake"  # the hint shows only while empty


def _darkest(png: bytes, bounds) -> int:
    """The darkest grey level (0-255, the minimum over R, G and B) inside ``bounds`` of a PNG,
    8 px in from each edge (the status bar's shadow falls on the first rows below it)."""
    crop = (
        Image.open(io.BytesIO(png))
        .convert("RGB")
        .crop((bounds.left + 8, bounds.top + 8, bounds.right - 8, bounds.bottom - 8))
    )
    return min(low for low, _high in crop.getextrema())


def test_a_hint_is_drawn_in_the_hint_colour_and_a_value_is_not() -> None:
    """Android draws an empty TextView's hint in the theme's textColorHint: a screenshot must not
    show a hint-only label or text button as if it held a value (its dump does show the hint)."""
    device = VirtualDevice("d", _Hinted)
    device.launch_app()

    def darkest(rid: str) -> int:
        obs = device.observe(screenshot=True)
        nodes = parse_hierarchy(obs.hierarchy_xml).iter()
        node = next(n for n in nodes if n.resource_id == f"org.h:id/{rid}")
        return _darkest(obs.screenshot_png, node.bounds)

    # Anti-aliasing only lightens glyph edges, so the darkest pixel is the hint colour (158).
    assert darkest("label") >= 150
    assert darkest("primary_button") >= 150
    assert click(device, text="Add fishing spot").performed
    assert darkest("primary_button") < 120  # a value is drawn in the button's own colour
    assert darkest("label") >= 150


# -- text input and keys ---------------------------------------------------------------------------
def test_input_text_focus_keyboard_delete_enter(dev: VirtualDevice) -> None:
    open_editor(dev)
    field = Selector(resource_id=f"{PKG}:id/title")
    empty = next(n for n in tree(dev).iter() if n.resource_id == f"{PKG}:id/title")
    assert empty.text == "Title"  # an empty field exposes its hint
    res = act(dev, "input_text", target=field, text="Groceries")
    assert res.performed
    obs = dev.observe(screenshot=False)
    assert obs.keyboard_shown
    node = next(
        n for n in parse_hierarchy(obs.hierarchy_xml).iter() if n.resource_id == f"{PKG}:id/title"
    )
    assert node.focused and node.text == "Groceries"
    act(dev, "press_delete")
    assert "Grocerie" in texts(dev)
    # Back hides the keyboard first, keeping the activity.
    act(dev, "press_back")
    obs = dev.observe(screenshot=False)
    assert not obs.keyboard_shown and obs.activity.endswith(".EditorActivity")
    # Enter goes to app.on_key with the focused field: the notes app saves.
    act(dev, "press_enter")
    assert dev.observe(screenshot=False).activity.endswith(".MainActivity")
    assert texts(dev)[1] == "Grocerie"


def test_tap_on_edittext_shows_keyboard_and_multiline_enter(dev: VirtualDevice) -> None:
    open_editor(dev)
    click(dev, resource_id=f"{PKG}:id/body")
    assert dev.observe(screenshot=False).keyboard_shown
    act(dev, "input_text", target=Selector(resource_id=f"{PKG}:id/body"), text="a")
    act(dev, "press_enter")
    assert dev.s["stack"][-1]["ui"]["body"] == "a\n"


def test_input_text_into_non_editable_is_not_performed(dev: VirtualDevice) -> None:
    res = act(dev, "input_text", target=Selector(text="Ideas"), text="x")
    assert not res.performed and "not an editable" in res.detail


def test_checkbox_toggles(dev: VirtualDevice) -> None:
    open_editor(dev)
    click(dev, text="Pinned")
    box = next(n for n in tree(dev).iter() if n.resource_id == f"{PKG}:id/pinned")
    assert box.checkable and box.checked


# -- system ---------------------------------------------------------------------------------------
def test_home_and_relaunch_from_launcher_icon(dev: VirtualDevice) -> None:
    open_editor(dev)
    act(dev, "press_home")
    obs = dev.observe(screenshot=False)
    assert obs.package == LAUNCHER_PACKAGE
    icon = next(n for n in parse_hierarchy(obs.hierarchy_xml).iter() if n.text == "Notes")
    assert icon.clickable and icon.content_desc == "Notes"
    click(dev, text="Notes")
    assert dev.observe(screenshot=False).activity.endswith(".EditorActivity")  # task resumed


def test_back_out_of_app_then_launch_again(dev: VirtualDevice) -> None:
    act(dev, "press_back")
    assert dev.observe(screenshot=False).package == LAUNCHER_PACKAGE
    assert dev.s["running"]  # the process stays cached
    dev.launch_app()
    assert dev.observe(screenshot=False).activity.endswith(".MainActivity")


def test_rotation_recreates_activity_and_loses_draft(dev: VirtualDevice) -> None:
    open_editor(dev)
    act(dev, "input_text", target=Selector(resource_id=f"{PKG}:id/title"), text="Draft")
    before = dev.s["stack"][-1]["id"]
    res = act(dev, "rotate", orientation="landscape")
    assert "re-created" in res.detail
    obs = dev.observe(screenshot=False)
    h = parse_hierarchy(obs.hierarchy_xml)
    assert obs.orientation == "landscape" and h.rotation == 1
    assert h.windows[0].bounds.to_list() == [0, 0, 1794, 1080]  # nav bar on the right
    assert dev.s["stack"][-1]["id"] != before
    assert "Draft" not in texts(dev)  # the modelled rotation bug
    assert dev.check_bug_oracle("Notes#2")[0]
    assert not dev.check_bug_oracle("Notes#1")[0]


def test_activity_below_is_recreated_when_resumed_after_rotation(dev: VirtualDevice) -> None:
    act(dev, "swipe", direction="up")
    open_editor(dev)
    main_id = dev.s["stack"][0]["id"]
    act(dev, "rotate", orientation="landscape")
    act(dev, "press_back")
    assert dev.s["stack"][0]["id"] != main_id
    assert dev.s["stack"][0]["ui"].get("scroll", 0) > 0  # kept by save_instance_state


def test_swipe_scrolls_list_and_falls_back_to_on_swipe(dev: VirtualDevice) -> None:
    first = [n.text for n in tree(dev).iter() if n.resource_id.endswith("note_title")]
    assert "Quotes" not in first
    res = act(dev, "swipe", direction="up")
    assert res.performed and "scrolled" in res.detail
    after = [n.text for n in tree(dev).iter() if n.resource_id.endswith("note_title")]
    assert after[0] != first[0] and "Quotes" in after
    act(dev, "swipe", direction="up")  # already at the end: nothing moves
    assert [n.text for n in tree(dev).iter() if n.resource_id.endswith("note_title")] == after
    act(dev, "swipe", direction="down")
    assert [n.text for n in tree(dev).iter() if n.resource_id.endswith("note_title")][0] == first[0]
    res = act(dev, "swipe", direction="down")  # at the top: the app's pull-to-refresh
    assert "handled by the app" in res.detail and "Refreshed" in texts(dev)


def test_list_is_scrollable_only_when_content_overflows(dev: VirtualDevice) -> None:
    lst = next(n for n in tree(dev).iter() if n.resource_id.endswith("notes_list"))
    assert lst.scrollable
    last_row = [n for n in tree(dev).iter() if n.resource_id.endswith("note_row")][-1]
    assert last_row.bounds.bottom == 1794  # the partly visible row is clipped


def test_permission_dialog_allow_and_deny(dev: VirtualDevice) -> None:
    open_editor(dev)
    click(dev, text="Attach photo")
    obs = dev.observe(screenshot=False)
    assert obs.package == PERMISSION_PACKAGE
    h = parse_hierarchy(obs.hierarchy_xml)
    assert h.windows[-1].package == PERMISSION_PACKAGE
    assert any(n.text.startswith("Allow Notes to ") for n in h.iter())
    click(dev, text="Don't allow")
    assert "Camera permission denied" in texts(dev)
    click(dev, text="Attach photo")
    click(dev, text="Allow")
    assert "Camera ready" in texts(dev)
    assert "android.permission.CAMERA" in dev.s["permissions"]
    click(dev, text="Attach photo")  # already granted: no dialog
    assert dev.observe(screenshot=False).package == PKG


# -- crashes and ANRs ---------------------------------------------------------------------------
def test_crash_writes_block_kills_process_and_shows_dialog(dev: VirtualDevice) -> None:
    dev.execute(Action("swipe", direction="up"))
    cursor = dev.observe(screenshot=False).logcat_cursor
    data_before = dict(dev.s["data"])
    open_editor(dev)
    click(dev, text="Save")
    crash = dev.read_logcat(cursor, ("crash",)).lines
    assert crash[0] == "--------- beginning of crash"
    body = [ln.split(" AndroidRuntime: ", 1)[1] for ln in crash[1:]]
    assert body[:3] == [
        "FATAL EXCEPTION: main",
        f"Process: {PKG}, PID: {dev_pid(crash[1])}",
        "java.lang.StringIndexOutOfBoundsException: length=0; index=0",
    ]
    assert body[3] == "\tat java.lang.String.charAt(String.java:58)"
    assert all(" E AndroidRuntime: " in ln for ln in crash[1:])
    system = dev.read_logcat(cursor, ("system",)).lines
    assert any(f"Force finishing activity {PKG}/.EditorActivity" in ln for ln in system)
    obs = dev.observe(screenshot=False)
    h = parse_hierarchy(obs.hierarchy_xml)
    dialog = h.windows[-1]
    assert dialog.package == "android"
    labels = [n.text for n in dialog.iter() if n.text]
    assert labels == ["Notes keeps stopping", "App info", "Close app"]
    assert obs.package == LAUNCHER_PACKAGE  # the back stack is gone
    assert not dev.s["running"] and dev.s["stack"] == []
    assert dev.s["data"] == data_before  # app data kept
    assert dev.check_bug_oracle("Notes#1") == (True, dev.check_bug_oracle("Notes#1")[1])
    click(dev, text="Close app")
    assert len(tree(dev).windows) == 1
    dev.launch_app()
    assert dev.observe(screenshot=False).activity.endswith(".MainActivity")
    assert dev.s["stack"][0]["ui"].get("scroll") is None  # ui state was lost with the process


def dev_pid(line: str) -> int:
    return int(line.split()[2])


def test_crash_with_cause_and_generated_frames() -> None:
    from device_agent.virtual.app import JavaException

    class Boom(VirtualApp):
        name, package, label, version, launch_activity = "Boom", "org.boom", "Boom", "1", ".Main"

        def initial_data(self) -> dict:
            return {}

        def render(self, ctx) -> Screen:
            def fail(c) -> None:
                raise JavaException(
                    "java.lang.RuntimeException",
                    "outer",
                    cause=JavaException(
                        "java.lang.NullPointerException", "", frames=["org.boom.X.y(X.java:3)"]
                    ),
                )

            return Screen(
                View(children=[View(cls="android.widget.Button", text="Go", on_click=fail)])
            )

    device = VirtualDevice("b", Boom)
    device.launch_app()
    click(device, text="Go")
    lines = [
        ln.split("AndroidRuntime: ", 1)[1] for ln in device.read_logcat(0, ("crash",)).lines[1:]
    ]
    assert lines[2] == "java.lang.RuntimeException: outer"
    assert lines[3].startswith("\tat org.boom.Main.") and "Main.java" in lines[3]
    assert "\tat android.view.View.performClick(View.java:7448)" in lines
    i = lines.index("Caused by: java.lang.NullPointerException")
    assert lines[i + 1] == "\tat org.boom.X.y(X.java:3)"
    assert device.system_records()["crashes"][0]["exception"] == "java.lang.RuntimeException"


def test_anr_dialog_wait_and_close(dev: VirtualDevice) -> None:
    click(dev, content_desc="More options")
    click(dev, text="Sync now")
    system = dev.read_logcat(0, ("system",)).lines
    assert any(f"E ActivityManager: ANR in {PKG}" in ln for ln in system)
    assert "Notes isn't responding" in texts(dev)
    assert dev.check_bug_oracle("Notes#3")[0]
    click(dev, text="Wait")
    assert dev.s["running"] and dev.observe(screenshot=False).activity.endswith(".MainActivity")
    click(dev, content_desc="More options")
    click(dev, text="Sync now")
    click(dev, text="Close app")
    assert not dev.s["running"]
    assert dev.observe(screenshot=False).package == LAUNCHER_PACKAGE


def test_app_model_bug_raises_device_error_naming_app_and_handler() -> None:
    class Broken(VirtualApp):
        name, package, label, version, launch_activity = (
            "Broken",
            "org.broken",
            "Broken",
            "1",
            ".Main",
        )

        def initial_data(self) -> dict:
            return {}

        def render(self, ctx) -> Screen:
            def oops(c) -> None:
                return {}["missing"]

            return Screen(
                View(children=[View(cls="android.widget.Button", text="Go", on_click=oops)])
            )

    device = VirtualDevice("x", Broken)
    device.launch_app()
    with pytest.raises(DeviceError) as info:
        click(device, text="Go")
    message = str(info.value)
    assert "Broken" in message and "on_click" in message and "KeyError" in message


def test_reset_app_clears_data_and_crash_records(dev: VirtualDevice) -> None:
    open_editor(dev)
    click(dev, text="Save")
    assert dev.check_bug_oracle("Notes#1")[0]
    click(dev, text="Close app")
    status = dev.reset_app()
    assert status.running
    assert not dev.check_bug_oracle("Notes#1")[0]
    assert dev.observe(screenshot=False).activity.endswith(".MainActivity")


def test_unknown_bug_id_and_no_app() -> None:
    device = VirtualDevice("empty")
    assert device.observe(screenshot=False).package == LAUNCHER_PACKAGE
    with pytest.raises(AppNotFoundError):
        device.launch_app()
    notes = VirtualDevice("n", "Notes", app_dir=APPS)
    with pytest.raises(DeviceError, match="models no bug"):
        notes.check_bug_oracle("Notes#999")


def test_oracle_sees_system_records(dev: VirtualDevice) -> None:
    seen: list[dict] = []
    app = dev.app
    assert app is not None
    spec = BugSpec("probe", "non-crash", "t", lambda data, system: seen.append(system) or False)
    type(app).bugs = (*type(app).bugs, spec)
    try:
        dev.check_bug_oracle("probe")
    finally:
        type(app).bugs = type(app).bugs[:-1]
    assert set(seen[0]) >= {"crashes", "anrs", "orientation", "activity"}
    assert seen[0]["activity"] == ".MainActivity"


def test_install_app_by_apk_name() -> None:
    device = VirtualDevice("i", app_dir=APPS)
    status = device.install_app("", apk_path="/apks/Notes_v1.0.apk")
    assert status.package == PKG and not status.running
    assert device.info().app_version == "1.0"
