"""The toolkit's ``text_input_layout`` (``device_agent/virtual/widgets.py``) on a virtual device:
Material's TextInputLayout dumps around its EditText, with its id, and typing reaches the field's
handler."""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.hierarchy import parse_hierarchy
from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, VirtualApp
from device_agent.virtual.views import Screen
from tests.catalog_helpers import act, fresh

TIL = "com.google.android.material.textfield.TextInputLayout"


class Form(VirtualApp):
    """One activity with a name field inside a TextInputLayout."""

    name: ClassVar[str] = "form"
    package: ClassVar[str] = "org.example.form"
    label: ClassVar[str] = "Form"
    version: ClassVar[str] = "1.0"
    launch_activity: ClassVar[str] = ".Main"

    def initial_data(self) -> dict[str, Any]:
        return {"name": ""}

    def render(self, ctx: AppContext) -> Screen:
        field = w.edit_text("name", ctx.data["name"], self.typed, hint="Name")
        return Screen(
            content=w.linear_layout([w.text_input_layout(field, rid="til_name", height=190)])
        )

    def typed(self, ctx: AppContext, text: str) -> None:
        ctx.data["name"] = text


def test_text_input_layout_wraps_the_field_and_typing_reaches_it() -> None:
    device = fresh(Form)
    act(device, "input_text", "Milk", resource_id="org.example.form:id/name")
    tree = parse_hierarchy(device.observe(screenshot=False).hierarchy_xml)
    (til,) = [n for n in tree.iter() if n.cls == TIL]
    assert til.resource_id == "org.example.form:id/til_name"
    assert til.bounds.bottom - til.bounds.top == 190
    (field,) = til.children
    assert field.is_editable and field.text == "Milk"


def test_text_input_layout_without_an_id() -> None:
    view = w.text_input_layout(w.edit_text("f", "", None))
    assert view.cls == TIL and view.resource_id == "" and len(view.children) == 1
