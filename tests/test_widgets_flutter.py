"""The toolkit's Flutter pieces (``w.flutter_text``, ``w.flutter_button``) on a virtual device:
Flutter labels its nodes by content description, never by text, and a tap on a button fires
its handler."""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, VirtualApp
from device_agent.virtual.views import Screen
from tests.catalog_helpers import fresh, tap, texts
from tests.test_widgets import node


class FlutterPieces(VirtualApp):
    name: ClassVar[str] = "flutter-pieces"
    package: ClassVar[str] = "org.example.flutter"
    label: ClassVar[str] = "Flutter"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".MainActivity"

    def initial_data(self) -> dict[str, Any]:
        return {"taps": 0}

    def _tap(self, ctx: AppContext) -> None:
        ctx.data["taps"] += 1

    def render(self, ctx: AppContext) -> Screen:
        return Screen(
            content=w.linear_layout(
                [
                    w.flutter_text(f"Taps: {ctx.data['taps']}", height=90),
                    w.flutter_button("Add", self._tap, width=220),
                ]
            )
        )


def test_flutter_text_and_button_are_labelled_by_content_desc() -> None:
    device = fresh(FlutterPieces)
    label = node(device, content_desc="Taps: 0")
    assert label.cls == "android.view.View" and label.text == ""
    button = node(device, content_desc="Add")
    assert button.cls == "android.widget.Button" and button.clickable and button.text == ""
    tap(device, content_desc="Add")
    assert "Taps: 1" in texts(device)


class FlutterTabs(VirtualApp):
    name: ClassVar[str] = "flutter-tabs"
    package: ClassVar[str] = "org.example.tabs"
    label: ClassVar[str] = "Tabs"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".MainActivity"

    def initial_data(self) -> dict[str, Any]:
        return {}

    def _select(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def render(self, ctx: AppContext) -> Screen:
        tab = ctx.ui.get("tab", 0)
        return Screen(
            content=w.linear_layout(
                [
                    w.flutter_text(f"Page {tab}", height=90),
                    w.flutter_nav_bar(("Home", "Stats"), tab, self._select, height=160),
                ]
            )
        )


def test_a_flutter_nav_bar_describes_each_destination_and_selects_the_tapped_one() -> None:
    assert w.flutter_tab_desc(("Home", "Stats"), 1) == "Stats\nTab 2 of 2"
    device = fresh(FlutterTabs)
    assert node(device, content_desc="Home\nTab 1 of 2").selected
    tap(device, content_desc="Stats\nTab 2 of 2")
    assert node(device, content_desc="Stats\nTab 2 of 2").selected
    assert not node(device, content_desc="Home\nTab 1 of 2").selected
    assert "Page 1" in texts(device)
