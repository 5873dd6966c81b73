"""The toolkit's navigation drawer pieces (``navigation_item``, ``navigation_sheet`` of
``device_agent/virtual/widgets.py``) on a virtual device: the open drawer dumps as Material's
NavigationView with its menu items' ids, a tap on an entry reaches its handler, and Back closes
the sheet. Also the on-screen ``switch`` and the ``multi_choice_dialog`` builders."""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, VirtualApp
from device_agent.virtual.views import Screen
from tests.catalog_helpers import act, fresh, tap, texts

SUPPORT_ITEM = "android.support.design.internal.NavigationMenuItemView"


class Drawer(VirtualApp):
    """One activity with a navigation drawer of two entries."""

    name: ClassVar[str] = "drawer"
    package: ClassVar[str] = "org.example.drawer"
    label: ClassVar[str] = "Drawer"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"

    def initial_data(self) -> dict[str, Any]:
        return {}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.update(drawer=False, page="Home")

    def _go(self, ctx: AppContext, page: str) -> None:
        ctx.ui.update(drawer=False, page=page)

    def render(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        bar = w.toolbar(
            ui["page"], navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True))
        )
        windows = []
        if ui["drawer"]:
            entries = [
                w.navigation_item("nav_home", "Home", w.bind(self._go, "Home"), checked=True),
                w.navigation_item(
                    "nav_help", "Help", w.bind(self._go, "Help"), cls=SUPPORT_ITEM, height=160
                ),
            ]
            windows.append(
                w.navigation_sheet(
                    [w.text_view("Header", "header"), *entries],
                    lambda c: c.ui.update(drawer=False),
                    bounds=(0, 63, 840, 1794),
                )
            )
        return Screen(content=w.linear_layout([bar]), windows=windows)


def test_navigation_item_dumps_material_layout() -> None:
    item = w.navigation_item("nav_home", "Home", None, checked=True)
    assert item.cls == "com.google.android.material.internal.NavigationMenuItemView"
    assert item.resource_id == "nav_home" and item.checkable and item.checked
    assert item.height == 147
    (label,) = item.children
    assert label.resource_id == "design_menu_item_text" and label.text == "Home"
    other = w.navigation_item("nav_help", "Help", None, cls=SUPPORT_ITEM, height=160)
    assert other.cls == SUPPORT_ITEM and not other.checked and other.children[0].height == 160


def test_navigation_sheet_is_a_sheet_window_of_a_navigation_view() -> None:
    sheet = w.navigation_sheet([w.text_view("x")], None)
    assert sheet.kind == "sheet" and sheet.bounds is None and sheet.on_dismiss is None
    assert sheet.root.cls == "com.google.android.material.navigation.NavigationView"
    assert sheet.root.resource_id == "nav_view" and [v.text for v in sheet.root.children] == ["x"]
    old = w.navigation_sheet([], None, cls="android.support.design.widget.NavigationView", rid="n")
    assert old.root.cls == "android.support.design.widget.NavigationView"
    assert old.root.resource_id == "n" and old.root.children == []


def test_drawer_entry_tap_reaches_its_handler_on_a_device() -> None:
    device = fresh(Drawer)
    tap(device, content_desc=w.OPEN_DRAWER)
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    ids = {n.resource_id: n for n in tree.iter()}
    assert ids["org.example.drawer:id/nav_view"].cls.endswith("NavigationView")
    assert ids["org.example.drawer:id/nav_home"].checked
    assert ids["org.example.drawer:id/nav_help"].cls == SUPPORT_ITEM
    tap(device, text="Help")
    assert "Header" not in texts(device) and "Help" in texts(device)
    tap(device, content_desc=w.OPEN_DRAWER)
    assert "Header" in texts(device)
    act(device, "press_back")
    assert "Header" not in texts(device)


def test_switch_is_a_checkable_switch_calling_its_handler() -> None:
    flipped: list[bool] = []
    toggle = w.switch("switchMain", "Active", True, lambda c: flipped.append(True), width=200)
    assert toggle.cls == "android.widget.Switch" and toggle.resource_id == "switchMain"
    assert toggle.checkable and toggle.checked and toggle.text == "Active" and toggle.width == 200
    assert toggle.on_click is not None
    toggle.on_click(None)  # type: ignore[arg-type]
    assert flipped == [True]
    passive = w.switch("switchWidget", "", False)
    assert passive.checkable and not passive.checked and passive.on_click is None


def test_multi_choice_dialog_checks_rows_and_toggles_by_index() -> None:
    toggled: list[int] = []
    dialog = w.multi_choice_dialog(
        "Databases",
        ["a.db", "b.db"],
        [False, True],
        lambda c, i: toggled.append(i),
        ("OK", None),
        ("Cancel", None),
        None,
    )
    title, listing, panel = dialog.root.children
    assert title.resource_id == "android:id/alertTitle" and title.text == "Databases"
    assert listing.resource_id == "android:id/select_dialog_listview"
    rows = listing.children
    assert [(r.cls, r.resource_id, r.text, r.checked) for r in rows] == [
        ("android.widget.CheckedTextView", "android:id/text1", "a.db", False),
        ("android.widget.CheckedTextView", "android:id/text1", "b.db", True),
    ]
    assert all(r.checkable and r.height == 147 for r in rows)
    assert rows[1].on_click is not None
    rows[1].on_click(None)  # type: ignore[arg-type]
    assert toggled == [1]
    assert [b.text for b in panel.children[1:]] == ["Cancel", "OK"]
