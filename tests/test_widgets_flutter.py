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
