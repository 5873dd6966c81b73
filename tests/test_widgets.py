"""The toolkit of Android's standard pieces (``device_agent/virtual/widgets.py``) on a real
virtual device: each piece dumps with the framework's classes and ids, and its handlers fire
from taps the way a person would make them."""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.actions import Action, Selector
from device_agent.hierarchy import ViewNode, parse_hierarchy
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, VirtualApp
from device_agent.virtual.device import VirtualDevice
from device_agent.virtual.views import Screen, View, Window
from tests.catalog_helpers import act, fresh, node_text, tap, texts


def node(device: VirtualDevice, **attrs: str) -> ViewNode:
    """The first node of the current dump whose attributes equal ``attrs``."""
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    for found in tree.iter():
        if all(getattr(found, key) == value for key, value in attrs.items()):
            return found
    raise AssertionError(f"no node with {attrs}; texts: {texts(device)}")


class Toolkit(VirtualApp):
    """A one-activity app whose screen is chosen by ``ui["piece"]``."""

    name: ClassVar[str] = "toolkit"
    package: ClassVar[str] = "org.example.toolkit"
    label: ClassVar[str] = "Toolkit"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"

    def initial_data(self) -> dict[str, Any]:
        return {"date": [2024, 3, 5], "time": [9, 30], "choice": 0, "pref": False, "name": ""}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.update(piece="main", window=None, tab=0, nav="Home", face="hours", drawer=False)

    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def render(self, ctx: AppContext) -> Screen:
        d, ui = ctx.data, ctx.ui
        bar = w.toolbar(
            "Toolkit",
            navigation=w.nav_button(w.OPEN_DRAWER, lambda c: self._set(c, drawer=True)),
            actions=[
                w.action_item("menu_search", "Search", None),
                w.overflow_button(lambda c: self._set(c, window="menu")),
            ],
        )
        body = [
            bar,
            w.tabs(("ONE", "TWO"), ui["tab"], lambda c, i: self._set(c, tab=i)),
            w.spinner("unit", ("kg", "lb")[d["choice"]], lambda c: self._set(c, window="spin")),
            w.preference(
                "Dark mode",
                "Use a dark theme",
                lambda c: c.data.update(pref=not c.data["pref"]),
                widget=w.switch_widget(d["pref"]),
            ),
            w.list_view(
                [
                    w.list_row(
                        "Pick a date",
                        f"{d['date']}",
                        on_click=lambda c: self._set(c, window="date"),
                    ),
                    w.list_row(
                        "Pick a time",
                        f"{d['time']}",
                        on_click=lambda c: self._set(c, window="time"),
                    ),
                    w.list_row("Rename", d["name"], on_click=lambda c: self._set(c, window="name")),
                    w.list_row(
                        "Long list",
                        f"picked {d.get('picked', '-')}",
                        on_click=lambda c: self._set(c, window="long"),
                    ),
                ]
            ),
            w.bottom_navigation(
                (("nav_home", "Home"), ("nav_more", "More")),
                ui["nav"],
                lambda c, title: self._set(c, nav=title),
            ),
        ]
        drawer = None
        if ui["drawer"]:
            drawer = View(
                cls="com.google.android.material.navigation.NavigationView",
                resource_id="nav_view",
                children=[w.drawer_entry("Settings", lambda c: self._set(c, drawer=False))],
            )
        content = w.drawer_layout(View(cls="android.widget.LinearLayout", children=body), drawer)
        return Screen(content=content, windows=self._windows(ctx))

    def _windows(self, ctx: AppContext) -> list[Window]:
        d, close = ctx.data, (lambda c: self._set(c, window=None))
        kind = ctx.ui["window"]
        if kind == "menu":
            return [w.menu_window([("Settings", close), ("About", close)], close)]
        if kind == "spin":
            return [w.spinner_dropdown(("kg", "lb"), d["choice"], self._choose, close)]
        if kind == "date":
            year, month, day = d["date"]
            return [w.date_picker_dialog(year, month, day, self._day, self._month, close, close)]
        if kind == "time":
            hour, minute = d["time"]
            return [
                w.time_picker_dialog(
                    hour,
                    minute,
                    self._hour,
                    self._minute,
                    close,
                    close,
                    face=ctx.ui["face"],
                    on_face=lambda c, f: self._set(c, face=f),
                )
            ]
        if kind == "long":
            names = [f"Item {i}" for i in range(20)]
            return [
                w.long_choice_dialog(
                    "Pick",
                    names,
                    None,
                    self._pick,
                    close,
                    negative=("Cancel", close),
                )
            ]
        if kind == "name":
            field = w.edit_text("name", d["name"], lambda c, t: c.data.update(name=t), hint="Name")
            return [w.input_dialog("Rename", field, ("OK", close), ("Cancel", close), close)]
        return []

    def _choose(self, ctx: AppContext, i: int) -> None:
        ctx.data["choice"] = i
        ctx.ui["window"] = None

    def _pick(self, ctx: AppContext, i: int) -> None:
        ctx.data["picked"] = i
        ctx.ui["window"] = None

    def _day(self, ctx: AppContext, day: int) -> None:
        ctx.data["date"][2] = day

    def _month(self, ctx: AppContext, delta: int) -> None:
        ctx.data["date"][1] = (ctx.data["date"][1] - 1 + delta) % 12 + 1

    def _hour(self, ctx: AppContext, hour: int) -> None:
        ctx.data["time"][0] = hour
        ctx.ui["face"] = "minutes"

    def _minute(self, ctx: AppContext, minute: int) -> None:
        ctx.data["time"][1] = minute


def test_toolbar_tabs_bottom_navigation_and_drawer_use_framework_ids() -> None:
    device = fresh(Toolkit)
    shown = texts(device)
    assert {"Open navigation drawer", "Search", "More options", "ONE", "TWO", "Home"} <= set(shown)
    tap(device, text="TWO")
    tap(device, content_desc="More")
    assert node(device, text="TWO").selected and not node(device, text="ONE").selected
    more = node(device, content_desc="More")
    assert more.selected and more.cls.endswith("BottomNavigationItemView")
    tap(device, content_desc="Open navigation drawer")
    assert node_text(device, "org.example.toolkit:id/design_menu_item_text") == "Settings"


def test_overflow_menu_and_spinner_dropdown_choose_an_entry() -> None:
    device = fresh(Toolkit)
    tap(device, content_desc="More options")
    assert {"Settings", "About"} <= set(texts(device))
    tap(device, text="About")
    tap(device, resource_id="org.example.toolkit:id/unit")
    tap(device, text="lb")
    assert node_text(device, "android:id/text1") == "lb"


def test_switch_preference_row_toggles_its_widget() -> None:
    device = fresh(Toolkit)
    assert not node(device, resource_id="android:id/switch_widget").checked
    tap(device, text="Dark mode")
    switch = node(device, resource_id="android:id/switch_widget")
    assert switch.checked and switch.cls == "android.widget.Switch" and not switch.clickable


def test_date_picker_moves_month_and_picks_a_day_by_its_full_date() -> None:
    device = fresh(Toolkit)
    tap(device, text="Pick a date")
    assert node_text(device, "android:id/date_picker_header_year") == "2024"
    tap(device, content_desc="Next month")
    tap(device, content_desc="17 April 2024")
    tap(device, text="OK")
    assert "[2024, 4, 17]" in texts(device)


def test_time_picker_sets_hour_then_minutes() -> None:
    device = fresh(Toolkit)
    tap(device, text="Pick a time")
    tap(device, content_desc="14")
    assert node_text(device, "android:id/hours") == "14"
    tap(device, content_desc="45")
    tap(device, text="OK")
    assert "[14, 45]" in texts(device)


def test_input_dialog_takes_typed_text() -> None:
    device = fresh(Toolkit)
    tap(device, text="Rename")
    act(device, "input_text", typed="Alice", resource_id="org.example.toolkit:id/name")
    tap(device, resource_id="android:id/button1")
    assert "Alice" in texts(device)


def test_long_choice_dialog_scrolls_its_list_and_keeps_its_buttons() -> None:
    device = fresh(Toolkit)
    tap(device, text="Long list")
    assert node(device, resource_id="android:id/button2").text == "Cancel"
    assert "Item 19" not in texts(device)
    listing = node(device, resource_id="android:id/select_dialog_listview")
    assert listing.scrollable
    for _ in range(4):
        swipe = Action(
            kind="swipe",
            direction="up",
            target=Selector(resource_id="android:id/select_dialog_listview"),
        )
        assert device.execute(swipe).performed
    tap(device, text="Item 19")
    assert "Item 19" not in texts(device)  # chosen: the dialog closed
    assert "picked 19" in texts(device)


# --- added by m2
class Wheels(VirtualApp):
    """Two NumberPickers: a wrapping day wheel and a month wheel that stops at its ends."""

    name: ClassVar[str] = "wheels"
    package: ClassVar[str] = "org.example.wheels"
    label: ClassVar[str] = "Wheels"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"

    def initial_data(self) -> dict[str, Any]:
        return {"day": 0, "month": 0}

    def render(self, ctx: AppContext) -> Screen:
        days = [str(d) for d in range(1, 32)]
        months = ["January", "February", "March"]
        return Screen(
            content=View(
                cls="android.widget.LinearLayout",
                layout="horizontal",
                children=[
                    w.number_picker("day", days, ctx.data["day"], lambda c, i: self._set(c, day=i)),
                    w.number_picker(
                        "month",
                        months,
                        ctx.data["month"],
                        lambda c, i: self._set(c, month=i),
                        wrap=False,
                        cls="net.simonvt.numberpicker.NumberPicker",
                        input_rid="np__numberpicker_input",
                    ),
                ],
            )
        )

    def _set(self, ctx: AppContext, **values: int) -> None:
        ctx.data.update(values)


def test_number_picker_steps_wraps_and_takes_typed_values() -> None:
    device = fresh(Wheels)
    day = node(device, resource_id="org.example.wheels:id/day")
    assert day.cls == "android.widget.NumberPicker"
    assert node_text(device, "android:id/numberpicker_input") == "1"
    assert "31" in texts(device) and "2" in texts(device)  # the wheel wraps round
    tap(device, text="31")
    assert node_text(device, "android:id/numberpicker_input") == "31"
    act(device, "input_text", typed="12", resource_id="android:id/numberpicker_input")
    assert node_text(device, "android:id/numberpicker_input") == "12"
    month = "org.example.wheels:id/np__numberpicker_input"
    assert "March" not in texts(device)  # no wrap: nothing above January
    tap(device, text="February")
    act(device, "input_text", typed="mar", resource_id=month)
    assert node_text(device, month) == "March"
    act(device, "input_text", typed="xyz", resource_id=month)
    assert node_text(device, month) == "March"


class Picker(VirtualApp):
    """DocumentsUI's file picker over an app's own two-screen navigation stack."""

    name: ClassVar[str] = "picker"
    package: ClassVar[str] = "org.example.picker"
    label: ClassVar[str] = "Picker"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"

    def initial_data(self) -> dict[str, Any]:
        return {"picked": ""}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui["stack"] = ["home", "picker"]

    def on_back(self, ctx: AppContext) -> bool:
        return w.pop_back_stack(ctx.ui["stack"])

    def render(self, ctx: AppContext) -> Screen:
        if ctx.ui["stack"][-1] == "home":
            return Screen(content=w.text_view(f"picked {ctx.data['picked']}", "home"))
        rows = [
            w.document_row("a.pdf", lambda c: c.data.update(picked="a.pdf"), size="2 kB"),
            w.document_row("b.txt", None),
        ]
        footer = [w.button("save", "SAVE")]
        return Screen(content=w.document_picker(rows, footer=footer))


def test_document_picker_lists_files_with_documentsui_ids() -> None:
    device = fresh(Picker)
    toolbar = node(device, resource_id=w.DOCUMENTSUI + "toolbar")
    assert toolbar.children[0].content_desc == "Show roots"
    assert node(device, resource_id=w.DOCUMENTSUI + "dir_list").cls.endswith("RecyclerView")
    assert node_text(device, w.DOCUMENTSUI + "size") == "2 kB"
    assert node(device, text="b.txt").resource_id == "android:id/title"
    assert "SAVE" in texts(device)
    tap(device, text="a.pdf")
    act(device, "press_back")  # pop_back_stack: back to the app's home screen
    assert node_text(device, "org.example.picker:id/home") == "picked a.pdf"


def test_pop_back_stack_pops_down_to_the_root_entry() -> None:
    stack = ["home", "detail"]
    assert w.pop_back_stack(stack) and stack == ["home"]
    assert not w.pop_back_stack(stack) and stack == ["home"]


def test_fab_takes_the_class_a_compose_fab_dumps_as() -> None:
    default = w.fab("fab", "Add", None)
    assert default.cls == "android.widget.ImageButton" and default.width == w.FAB_SIZE
    compose = w.fab("", "Add", None, cls="android.widget.Button", size=180)
    assert compose.cls == "android.widget.Button" and compose.height == 180
    assert compose.gravity == "bottom_end" and compose.style == "fab"


def test_dialog_buttons_put_the_negative_before_the_positive() -> None:
    buttons = w.dialog_buttons(("OK", None), ("Cancel", None))
    assert [(b.resource_id, b.text) for b in buttons] == [
        ("android:id/button2", "Cancel"),
        ("android:id/button1", "OK"),
    ]
    assert [b.text for b in w.dialog_buttons(("Close", None))] == ["Close"]


def test_radio_button_is_checkable_and_calls_its_handler() -> None:
    picked: list[str] = []
    radio = w.radio_button("rb_none", "None", True, lambda c: picked.append("none"), height=130)
    assert radio.cls == "android.widget.RadioButton" and radio.resource_id == "rb_none"
    assert radio.checkable and radio.checked and radio.text == "None" and radio.height == 130
    assert radio.on_click is not None
    radio.on_click(None)  # type: ignore[arg-type]
    assert picked == ["none"]
    assert not w.radio_button("", "", False).checked


def test_child_page_stacks_the_up_bar_above_the_body() -> None:
    page = w.child_page("Settings", [w.text_view("Body", "body")])
    assert page.cls == "android.widget.LinearLayout"
    bar, body = page.children
    assert bar.resource_id == "toolbar" and bar.children[0].content_desc == w.NAVIGATE_UP
    assert bar.children[1].text == "Settings" and body.resource_id == "body"
    assert [v.text for v in w.child_page("About").children[0].children] == ["", "About"]
