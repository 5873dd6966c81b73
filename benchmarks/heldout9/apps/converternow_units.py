"""Converter NOW 3.0.1 (``com.ferrarid.converterpro``), with bug ConverterNOW#116 (non-crash).

Source read: github.com/ferraridamiano/ConverterNOW at tag v3.0.1 (commit
bb777d58e63b9c9a144a69367403a42e33133c33), the release before the fix; the fix is commit 9596efa
("Fix #116. Now you can type after multiple backspace", in v3.1.0). Unit tables and number
formatting from the ``units_converter`` package 0.4.0 (github.com/ferraridamiano/units_converter,
tag 0.4.0), which the app depends on (``^0.4.0``).

Converter NOW is a Flutter app: one ``.MainActivity`` (``configChanges`` includes orientation, so
rotation does not re-create it) whose pages are Flutter widgets. As in the other Flutter models,
the dump shows labels as ``content-desc`` of ``android.view.View`` nodes, icon buttons as
``android.widget.Button`` with their tooltip as ``content-desc``, text fields as
``android.widget.EditText`` whose hint is the field's label, and no resource-ids. Labels are the
app's English strings (``lib/l10n/app_en.arb``).

Screens (phone portrait, narrower than 650 dp, so the drawer is not fixed):
- the conversion page (``conversion_page.dart``): the property's title ("Length" on a fresh
  install: page 0), then one card per unit, each a text field labelled with the unit's name and,
  for units with a symbol, a chip with the symbol; typing a valid number converts it into every
  other field (10 significant figures, trailing zeros removed, as ``mantissaCorrection``);
  invalid characters show "Error, invalid characters" and convert nothing. Bottom app bar:
  "Menu" (opens the drawer), "Clear all"; centred FAB "Calculator";
- the drawer (``custom_drawer.dart``): "Converter NOW", "Search", "Settings", then the 19
  properties; a property opens its page;
- Settings: the list of the settings page's tiles (inert in the model); Back returns;
- Search and the Calculator bottom sheet are stubs (Back closes them).

The bug (``lib/models/conversions.dart``, ``_refreshCurrentUnitDataList``): every change of a
field calls ``convert(unit, value)``; when the value is null (the field was emptied) every
unit's ``stringValue`` is null and the loop sets ``tec.text = ''`` on *every* controller,
including the one of the field the user is typing in (non-null values skip the selected unit).
Setting ``TextEditingController.text`` resets its selection to offset -1, so after backspacing a
field to empty, the digits the user types next into that field are not inserted: the field stays
empty and nothing converts, until the user moves to another field or another property. The fix
skips the selected unit in both branches. "Clear all" also sets every controller's text, so a
field that had the keyboard when "Clear all" was tapped loses its cursor the same way (the model
does this too; it is not the reported sequence and the oracle does not count it).

The model keeps, per field, whether its controller's selection was reset while it was the field
being typed in; an ``input_text`` into that same field (the keyboard typing without a new focus)
is then dropped. Typing into another field, or opening another property, gives a valid cursor
again. Oracle: digits typed into a field right after the user emptied it by deleting were lost.

Stubbed / uncertain: only Length, Area and Time have their unit fields and convert (the other
properties show only their title); the calculator sheet, search and the settings tiles do nothing;
the landscape layout (a fixed drawer wider than 650 dp) is not modelled. Whether a second tap on
the same emptied field would give it a cursor again is not known from the sources; the report says
only switching unit or field helps, so the model keeps the field stuck after a tap on it. Currency
rates (a network download from the ECB) are not used by the modelled pages. The exact Flutter
semantics strings (e.g. whether a text field's label is joined to its value) are approximated as
hint text."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import target
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, TextHandler, View, Window

PACKAGE = "com.ferrarid.converterpro"
MAIN = ".MainActivity"

PROPERTIES = (
    "Length",
    "Area",
    "Volume",
    "Currencies",
    "Time",
    "Temperature",
    "Speed",
    "Mass",
    "Force",
    "Fuel consumption",
    "Numeral systems",
    "Pressure",
    "Energy",
    "Power",
    "Angles",
    "Shoe size",
    "Digital data",
    "SI Prefix",
    "Torque",
)

# (label, symbol or "", size in the property's base unit), in units_converter 0.4.0's enum order.
UNITS: dict[str, tuple[tuple[str, str, float], ...]] = {
    "Length": (
        ("Meters", "m", 1.0),
        ("Centimeters", "cm", 0.01),
        ("Inches", "in", 0.0254),
        ("Feet", "ft", 0.3048),
        ("Nautical miles", "M", 1852.0),
        ("Yards", "yd", 0.9144),
        ("Miles", "mi", 1609.344),
        ("Millimeters", "mm", 1e-3),
        ("Micrometers", "µm", 1e-6),
        ("Nanometers", "nm", 1e-9),
        ("Ångström", "Å", 1e-10),
        ("Picometers", "pm", 1e-12),
        ("Kilometers", "km", 1000.0),
        ("Astronomical Units", "au", 149597870700.0),
        ("Light-years", "ly", 149597870700.0 * 63241.1),
        ("Parsec", "pc", 149597870700.0 * 63241.1 * 3.26),
        ("Mils", "", 2.54e-5),
    ),
    "Area": (
        ("Square Meters", "m²", 1.0),
        ("Square Centimeters", "cm²", 1e-4),
        ("Square Inches", "in²", 6.4516e-4),
        ("Square Feet", "ft²", 0.09290304),
        ("Square Miles", "mi²", 2589988.110336),
        ("Square Yard", "yd²", 0.83612736),
        ("Square Millimeters", "mm²", 1e-6),
        ("Square Kilometers", "km²", 1e6),
        ("Hectares", "he", 1e4),
        ("Acres", "ac", 4046.8564224),
        ("Are", "a", 100.0),
    ),
    "Time": (
        ("Seconds", "s", 1.0),
        ("Deciseconds", "ds", 0.1),
        ("Centiseconds", "cs", 0.01),
        ("Milliseconds", "ms", 1e-3),
        ("Microseconds", "µs", 1e-6),
        ("Nanoseconds", "ns", 1e-9),
        ("Minutes", "min", 60.0),
        ("Hours", "h", 3600.0),
        ("Days", "d", 86400.0),
        ("Weeks", "", 604800.0),
        ("Years (365)", "a", 31536000.0),
        ("Lustrum", "", 157680000.0),
        ("Decades", "", 315360000.0),
        ("Centuries", "c.", 3153600000.0),
        ("Millennium", "", 31536000000.0),
    ),
}

SETTINGS_TILES = (
    "Theme",
    "AMOLED dark theme",
    "Language",
    "Significant figures",
    "Remove trailing zeros",
    "Reorder properties",
    "Reorder units",
    "Converter NOW for other platforms",
    "Source code",
    "Contribute translating the app 🌍",
    "Buy me a coffee ☕",
    "Contact the developer",
    "About",
)

VALID = re.compile(r"^(\+?\d+)\.?(\d*)(e[+-]?\d+)?$")  # VALIDATOR.rationalNonNegative
INVALID = "Error, invalid characters"


def _mantissa(value: float, digits: int = 10) -> str:
    """``mantissaCorrection``: Dart's ``toStringAsPrecision(10)``, trailing zeros removed."""
    if value == 0:
        text, exp = "0." + "0" * (digits - 1), ""
    else:
        mant, e = f"{value:.{digits - 1}e}".split("e")
        power = int(e)
        if -7 < power < digits:
            text, exp = f"{value:.{digits - 1 - power}f}", ""
        else:
            text, exp = mant, f"e{'+' if power >= 0 else '-'}{abs(power)}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text + exp


def _lost_after_delete(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of ConverterNOW#116: digits typed into a field that the user had just
    emptied by deleting were dropped (its controller's cursor was reset by the app)."""
    return any(entry.get("cause") == "deleted" for entry in data.get("typed_lost", []))


def _field(label: str) -> dict[str, Any]:
    return target(PACKAGE, text=label, cls="android.widget.EditText")


BUG_116 = BugSpec(
    bug_id="ConverterNOW#116",
    kind="non-crash",
    title="[bug] Input issues on some instances",
    oracle=_lost_after_delete,
    human_steps=(
        {"kind": "input_text", "target": _field("Feet"), "text": "12"},
        {"kind": "press_delete"},
        {"kind": "press_delete"},
        {"kind": "input_text", "target": _field("Feet"), "text": "5"},
    ),
)

WRONG_SEQUENCES = {
    "ConverterNOW#116": [
        # one backspace only: the field never becomes empty
        [
            {"kind": "input_text", "target": _field("Feet"), "text": "12"},
            {"kind": "press_delete"},
            {"kind": "input_text", "target": _field("1"), "text": "15"},
        ],
        # emptied, but nothing typed afterwards
        [
            {"kind": "input_text", "target": _field("Feet"), "text": "12"},
            {"kind": "press_delete"},
            {"kind": "press_delete"},
        ],
        # emptied, then a new value typed into another field
        [
            {"kind": "input_text", "target": _field("Feet"), "text": "12"},
            {"kind": "press_delete"},
            {"kind": "press_delete"},
            {"kind": "input_text", "target": _field("Meters"), "text": "5"},
        ],
        # typing twice without deleting in between
        [
            {"kind": "input_text", "target": _field("Feet"), "text": "12"},
            {"kind": "input_text", "target": _field("12"), "text": "125"},
        ],
    ],
}


def _label(desc: str, **kw: Any) -> View:
    """A Flutter ``Text``: a View whose label is its content-desc."""
    return View(cls="android.view.View", content_desc=desc, **kw)


def _button(desc: str, handler: Any, **kw: Any) -> View:
    return View(cls="android.widget.Button", content_desc=desc, on_click=handler, **kw)


class ConverterNow(VirtualApp):
    """Converter NOW 3.0.1: the conversion pages, the drawer, settings; bug ConverterNOW#116."""

    name: ClassVar[str] = "ConverterNOW"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Converter NOW"
    version: ClassVar[str] = "3.0.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_116,)

    def initial_data(self) -> dict[str, Any]:
        return {"typed_lost": []}

    # ----- the Conversions model (process state, kept in the activity's ui) -----

    def _state(self, ctx: AppContext) -> dict[str, Any]:
        ui = ctx.ui
        ui.setdefault("page", 0)
        ui.setdefault("screen", "conversion")
        ui.setdefault("drawer", False)
        ui.setdefault("sheet", "")
        ui.setdefault("texts", {})  # page -> unit -> controller text
        ui.setdefault("focus", "")  # "page/unit" of the field with the keyboard
        ui.setdefault("reset", {})  # "page/unit" -> why its cursor was reset while focused
        return ui

    def _texts(self, ctx: AppContext, page: int) -> dict[str, str]:
        return self._state(ctx)["texts"].setdefault(str(page), {})

    def _set_controller(self, ctx: AppContext, page: int, unit: str, text: str, why: str) -> None:
        """``tec.text = ...``: the controller's selection goes to -1; if the field has the
        keyboard, the next typed characters are not inserted."""
        ui = self._state(ctx)
        self._texts(ctx, page)[unit] = text
        key = f"{page}/{unit}"
        if ui["focus"] == key:
            ui["reset"][key] = why

    def _convert(self, ctx: AppContext, page: int, selected: str, value: float | None, why: str):
        """``Conversions.convert`` then ``_refreshCurrentUnitDataList`` (the 3.0.1 loop)."""
        units = UNITS.get(PROPERTIES[page], ())
        size = {name: factor for name, _, factor in units}
        for name, _, factor in units:
            if value is None:
                self._set_controller(ctx, page, name, "", why)  # the bug: selected one too
            elif name != selected:
                text = _mantissa(value * size[selected] / factor)
                self._set_controller(ctx, page, name, text, why)

    def _typed(self, ctx: AppContext, page: int, unit: str, text: str) -> None:
        ui = self._state(ctx)
        key = f"{page}/{unit}"
        if ui["focus"] == key and key in ui["reset"]:
            # The keyboard sends the characters to an editing value whose selection is -1:
            # nothing is inserted and onChanged is not called.
            current = self._texts(ctx, page).get(unit, "")
            if text != current and len(text) >= len(current):
                ctx.data["typed_lost"].append(
                    {"unit": unit, "typed": text, "cause": ui["reset"][key]}
                )
            return
        ui["focus"] = key
        ui["reset"].pop(key, None)
        self._texts(ctx, page)[unit] = text
        if text == "" or VALID.match(text):
            value = None if text == "" else float(text)
            self._convert(ctx, page, unit, value, "deleted")

    def _clear_all(self, ctx: AppContext) -> None:
        ui = self._state(ctx)
        units = UNITS.get(PROPERTIES[ui["page"]], ())
        if units:
            self._convert(ctx, ui["page"], units[0][0], None, "clear_all")

    # ----- navigation -----

    def _open_page(self, ctx: AppContext, page: int) -> None:
        ui = self._state(ctx)
        ui.update(page=page, screen="conversion", drawer=False, focus="")
        ui["reset"] = {}
        ctx.hide_keyboard()

    def _go(self, ctx: AppContext, screen: str) -> None:
        ui = self._state(ctx)
        ui.update(screen=screen, drawer=False, focus="")
        ctx.hide_keyboard()

    def on_back(self, ctx: AppContext) -> bool:
        ui = self._state(ctx)
        if ui["sheet"]:
            ui["sheet"] = ""
            return True
        if ui["drawer"]:
            ui["drawer"] = False
            return True
        if ui["screen"] != "conversion":
            ui["screen"] = "conversion"
            return True
        return False

    # ----- screens -----

    def _text_setter(self, page: int, name: str) -> TextHandler:
        def on_text(ctx: AppContext, text: str) -> None:
            self._typed(ctx, page, name, text)

        return on_text

    def _card(self, ctx: AppContext, page: int, name: str, symbol: str) -> View:
        text = self._texts(ctx, page).get(name, "")
        children = [
            View(
                cls="android.widget.EditText",
                text=text,
                hint=name,
                on_text=self._text_setter(page, name),
                width=860,
                height=150,
            )
        ]
        if text and not VALID.match(text):
            children.append(_label(INVALID, height=50))
        row = [View(cls="android.view.View", layout="vertical", children=children, width=880)]
        if symbol:
            row.append(_label(symbol, width=120, height=80))
        return View(cls="android.view.View", layout=HORIZONTAL, children=row, height=230)

    def _conversion(self, ctx: AppContext) -> View:
        ui = self._state(ctx)
        page = ui["page"]
        cards = [self._card(ctx, page, n, s) for n, s, _ in UNITS.get(PROPERTIES[page], ())]
        return View(
            cls="android.widget.ScrollView",
            scrollable=True,
            children=[_label(PROPERTIES[page], height=200), *cards],
            height=1500,
        )

    def _bottom_bar(self) -> View:
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=160,
            children=[
                _button("Menu", lambda c: self._state(c).update(drawer=True), width=160),
                _button("Calculator", lambda c: self._state(c).update(sheet="calc"), width=160),
                _button("Clear all", self._clear_all, width=160),
            ],
        )

    def _settings(self) -> View:
        return View(
            cls="android.widget.ScrollView",
            scrollable=True,
            children=[
                _label("Settings", height=200),
                *[
                    View(cls="android.view.View", content_desc=t, clickable=True, height=150)
                    for t in SETTINGS_TILES
                ],
            ],
        )

    def _drawer(self, ctx: AppContext) -> View:
        page = self._state(ctx)["page"]
        rows = [
            _label("Converter NOW", height=220),
            _button("Search", lambda c: self._go(c, "search"), height=140),
            _button("Settings", lambda c: self._go(c, "settings"), height=140),
        ]
        for index, title in enumerate(PROPERTIES):
            rows.append(
                View(
                    cls="android.view.View",
                    content_desc=title,
                    on_click=w.bind(self._open_page, index),
                    selected=index == page,
                    height=140,
                )
            )
        return View(cls="android.widget.ScrollView", scrollable=True, children=rows, width=800)

    def render(self, ctx: AppContext) -> Screen:
        ui = self._state(ctx)
        if ui["screen"] == "settings":
            body: list[View] = [self._settings()]
        elif ui["screen"] == "search":
            body = [
                _button("Back", lambda c: self._go(c, "conversion"), width=150),
                View(cls="android.widget.EditText", hint="Search", on_text=lambda c, t: None),
            ]
        else:
            body = [self._conversion(ctx), self._bottom_bar()]
        content = View(cls="android.view.View", layout="vertical", children=body)
        windows: list[Window] = []
        if ui["drawer"]:
            content = View(
                cls="android.widget.FrameLayout",
                layout=FRAME,
                children=[content, self._drawer(ctx)],
            )
        if ui["sheet"] == "calc":
            keys = [_label(k, clickable=True, width=200) for k in "789456123"]
            windows.append(
                Window(
                    kind="sheet",
                    root=View(
                        cls="android.view.View",
                        layout="vertical",
                        children=[_label("Calculator", height=120), *keys],
                    ),
                    on_dismiss=lambda c: self._state(c).update(sheet=""),
                )
            )
        return Screen(content=content, windows=windows)
