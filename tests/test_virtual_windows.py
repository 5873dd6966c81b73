"""Window behaviour of the virtual device with a small inline app: dialogs and the keyboard,
non-modal windows, horizontal lists, crashes while creating or drawing an activity."""

from __future__ import annotations

from typing import Any

import pytest

from device_agent.actions import Action, Selector
from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual.app import JavaException, VirtualApp
from device_agent.virtual.device import LAUNCHER_PACKAGE, VirtualDevice
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PKG = "org.widgets"


class Widgets(VirtualApp):
    name, package, label, version, launch_activity = "Widgets", PKG, "Widgets", "2.0", ".Main"

    def initial_data(self) -> dict[str, Any]:
        return {"taps": 0, "name": ""}

    def on_create(self, ctx: Any) -> None:
        if ctx.activity == ".Broken":
            raise JavaException("java.lang.IllegalStateException", "no view")

    def render(self, ctx: Any) -> Screen:
        if ctx.activity == ".Ugly":
            if ctx.ui.get("draw_crash"):
                raise JavaException("java.lang.NullPointerException", "adapter")
            return Screen(
                View(
                    children=[
                        View(
                            cls="android.widget.Button",
                            text="Break",
                            on_click=lambda c: c.ui.update(draw_crash=True),
                        )
                    ]
                )
            )

        def tap(c: Any) -> None:
            c.data["taps"] += 1

        chips = [
            View(cls="android.widget.TextView", text=f"Tab {i}", width=300, on_click=tap)
            for i in range(8)
        ]
        content = View(
            children=[
                View(
                    cls="android.widget.HorizontalScrollView",
                    resource_id="tabs",
                    layout=HORIZONTAL,
                    scrollable=True,
                    scroll_key="tab_scroll",
                    height=150,
                    children=chips,
                ),
                View(cls="android.widget.Button", text="Tap", on_click=tap),
                View(
                    cls="android.widget.Button",
                    text="Name",
                    on_click=lambda c: c.ui.update(ask=True),
                ),
                View(
                    cls="android.widget.Button",
                    text="Hint",
                    on_click=lambda c: c.ui.update(hint=True),
                ),
                View(
                    cls="android.widget.Button",
                    text="Broken",
                    on_click=lambda c: c.start_activity(".Broken"),
                ),
                View(
                    cls="android.widget.Button",
                    text="Ugly",
                    on_click=lambda c: c.start_activity(".Ugly"),
                ),
                View(cls="android.widget.FrameLayout"),
            ]
        )
        windows = []
        if ctx.ui.get("ask"):

            def typed(c: Any, text: str) -> None:
                c.ui["typed"] = text

            def ok(c: Any) -> None:
                c.data["name"] = c.ui.get("typed", "")
                c.ui["ask"] = False
                c.hide_keyboard()

            dialog = View(
                weight=0,
                children=[
                    View(cls="android.widget.TextView", text="Your name", height=150),
                    View(
                        cls="android.widget.EditText",
                        resource_id="name",
                        text=ctx.ui.get("typed", ""),
                        on_text=typed,
                    ),
                    View(cls="android.widget.Button", text="OK", on_click=ok),
                ],
            )
            windows.append(Window(dialog, on_dismiss=lambda c: c.ui.update(ask=False)))
        if ctx.ui.get("hint"):
            tip = View(
                cls="android.widget.TextView",
                text="Tip: tap Tap",
                on_click=lambda c: c.ui.update(hint=False),
            )
            windows.append(Window(tip, kind="sheet", modal=False, bounds=(0, 1500, 1080, 1700)))
        return Screen(content, title="Widgets", windows=windows)


@pytest.fixture()
def dev() -> VirtualDevice:
    device = VirtualDevice("w", Widgets)
    device.launch_app()
    return device


def click(dev: VirtualDevice, **sel: Any) -> Any:
    return dev.execute(Action("click", target=Selector(**sel)))


def test_dialog_moves_above_the_keyboard(dev: VirtualDevice) -> None:
    click(dev, text="Name")
    dialog_before = parse_hierarchy(dev.observe(screenshot=False).hierarchy_xml).windows[1].bounds
    dev.execute(Action("input_text", target=Selector(resource_id=f"{PKG}:id/name"), text="Ada"))
    obs = dev.observe(screenshot=False)
    assert obs.keyboard_shown
    dialog = parse_hierarchy(obs.hierarchy_xml).windows[1].bounds
    keyboard_top = dev.frame().geo.keyboard[1]
    assert dialog.bottom <= keyboard_top < dialog_before.bottom
    res = click(dev, text="OK")  # reachable: not under the keyboard
    assert res.performed and "keyboard" not in res.detail
    assert dev.s["data"]["name"] == "Ada"
    assert not dev.observe(screenshot=False).keyboard_shown


def test_non_modal_window_lets_touches_through(dev: VirtualDevice) -> None:
    click(dev, text="Hint")
    assert len(parse_hierarchy(dev.observe(screenshot=False).hierarchy_xml).windows) == 2
    click(dev, text="Tap")  # a view of the activity below the non-modal sheet
    assert dev.s["data"]["taps"] == 1
    # Its fixed portrait bounds are off screen in landscape: not shown, and drawing still works.
    dev.execute(Action("rotate", orientation="landscape"))
    obs = dev.observe()
    assert len(parse_hierarchy(obs.hierarchy_xml).windows) == 1 and obs.screenshot_png
    dev.execute(Action("rotate", orientation="portrait"))
    click(dev, text="Tip: tap Tap")
    assert len(parse_hierarchy(dev.observe(screenshot=False).hierarchy_xml).windows) == 1


def test_horizontal_list_scrolls_with_left_swipes(dev: VirtualDevice) -> None:
    def tabs() -> list[str]:
        tree = parse_hierarchy(dev.observe(screenshot=False).hierarchy_xml)
        return [n.text for n in tree.iter() if n.text.startswith("Tab ")]

    first = tabs()
    assert first[0] == "Tab 0" and "Tab 7" not in first
    res = dev.execute(Action("swipe", direction="left"))
    assert "scrolled" in res.detail
    assert tabs()[0] != "Tab 0"
    dev.execute(Action("swipe", direction="right"))
    assert tabs() == first


def test_crash_in_on_create_uses_launch_frames(dev: VirtualDevice) -> None:
    click(dev, text="Broken")
    lines = [ln.split("AndroidRuntime: ", 1)[1] for ln in dev.read_logcat(0, ("crash",)).lines[1:]]
    assert lines[2] == "java.lang.IllegalStateException: no view"
    assert lines[3] == f"\tat {PKG}.Broken.onCreate(Broken.java)"
    assert "\tat android.app.Activity.performCreate(Activity.java:8000)" in lines
    assert dev.observe(screenshot=False).package == LAUNCHER_PACKAGE


def test_crash_while_drawing_is_a_crash(dev: VirtualDevice) -> None:
    click(dev, text="Ugly")
    click(dev, text="Break")
    crashes = dev.system_records()["crashes"]
    assert crashes and crashes[-1]["exception"] == "java.lang.NullPointerException"
    assert crashes[-1]["where"].endswith(".render")
    texts = [n.text for n in parse_hierarchy(dev.observe(screenshot=False).hierarchy_xml).iter()]
    assert "Widgets keeps stopping" in texts


def test_crash_dialog_app_info_and_home_closes_dialogs(dev: VirtualDevice) -> None:
    click(dev, text="Broken")
    click(dev, text="App info")
    obs = dev.observe(screenshot=False)
    assert obs.package == "com.android.settings"
    assert "Widgets" in [n.text for n in parse_hierarchy(obs.hierarchy_xml).iter()]
    click(dev, text="Open")
    assert dev.observe(screenshot=False).activity == f"{PKG}/.Main"
    click(dev, text="Broken")
    dev.execute(Action("press_home"))
    assert len(parse_hierarchy(dev.observe(screenshot=False).hierarchy_xml).windows) == 1
