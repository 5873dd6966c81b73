"""Calculator-inator (``com.inator.calculator``, the GitHub repository
``prathameshmm02/Calculator-inator``) 1.1.1, for bug Calculator-inator#22.

Modelled from the sources at tag ``v1.1.1`` (commit ``2e1aca7``, ``versionName "1.1.1"``,
versionCode 5, the release current when the report was written): ``activities/MainActivity``,
``fragments/ConverterFragment``, ``viewmodel/ConverterInputViewModel``,
``repository/ConverterRepository``, ``PreferenceRepository`` and ``Extensions``
(``toSimpleString``), the layouts ``activity_main``, ``fragment_converter``,
``layout-sw400dp-port/fragment_calculator``, ``layout_simple_calc``, ``layout_input_field``,
``fragment_currency`` and ``activity_settings``, the menu ``app_menu``, ``xml/root_preferences``,
``values/strings.xml``, ``strings_units.xml`` (the unit names) and ``strings_conversion.xml`` (the
rates, copied as the app's own fixed data). The maintainer's fix is commit ``a2aef4d`` ("Fixed
crash when selecting measure #22", in 1.2.0): a measure chip also clears the saved spinner
positions.

The app is one activity: the MaterialToolbar ``topAppBar`` holds the icon-only TabLayout
``tabLayout`` (calculator, converter, currency tabs, no text nor description) and the overflow
menu ("Settings"; "Delete History" is hidden); the ViewPager2 ``pager`` (offscreen limit 2, so
the converter page is built at launch; swipes change pages on this 411 dp wide screen). The
converter page: the HorizontalScrollView ``horizontalScrollView`` of the single-selection
ChipGroup ``chipGroup`` (chips ``length`` ... ``temperature``, wider than the screen, so Data,
Volume, Time and Temperature need a swipe), the Spinner ``unit1`` over the field ``editText1``,
the Spinner ``unit2`` over ``editText2``. A chip sets the measure (saved in the preferences),
gives both spinners a new adapter of the measure's units and selects positions 0 and 1; after
the first layout each spinner's ``onItemSelected`` saves its position and calls
``calculateDirect`` (``unit1``'s first). Typing in ``editText1`` converts into ``editText2`` and
back. At creation the fragment checks the saved measure's chip and selects the saved positions
(defaults 0 and 1); the LiveData observers first empty both fields, then ``editText2`` shows "0".

Bug Calculator-inator#22 (crash): the view model keeps the old spinner positions until each
spinner's ``onItemSelected`` runs, and ``unit1``'s runs first. With a number in ``editText1`` and
``unit2`` at a position of 3 or more (Time's Second, Minute, Hour...), switching the measure to
Temperature runs ``evaluateTemperature`` with the "to" position still the old one:
``temperature_units[4]`` of a 3-item array throws ``ArrayIndexOutOfBoundsException: length=3;
index=4`` (``ConverterRepository.kt:64``). The same stale position makes other measures with
fewer units throw ``IndexOutOfBoundsException`` from the rates list (modelled, not the reported
crash). Since the measure was saved and ``unit2``'s position was not reset, the next launch
selects that position on the 3-item adapter and crashes in ``Spinner.layout``, as the reporter
saw ("after the crash the app can't be opened").

Uncertain: the report has no stack trace (only a video): the frames are the model's, from the
sources (the Kotlin name of the ``onItemSelected`` listener class and the framework line
numbers, API 30, are estimates). Whether ``a2aef4d`` also removes the first crash is unclear (it
clears only the saved positions); no fixed version is modelled. Chip widths are estimated from
their labels.

Stubbed: the calculator page (the keypad appends to ``input``, ⌫ deletes, "=" and the advanced
panel, history and widget do nothing), the currency page (network rates: it shows its default
currencies AED and AFN and "0", and does nothing), Settings (theme and about rows do nothing).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.system_log import LOOPER_FRAMES
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.inator.calculator"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
AIOOBE = "java.lang.ArrayIndexOutOfBoundsException"
IOOBE = "java.lang.IndexOutOfBoundsException"
CHIP = "android.widget.RadioButton"  # a Chip of a single-selection ChipGroup (Material 1.6)
TAB = "android.widget.LinearLayout"  # Material's TabView

UNITS: dict[str, list[str]] = {
    "Length": [
        "Meter",
        "Kilometre",
        "Centimeter",
        "Foot",
        "Mile",
        "Inch",
        "Yard",
        "Decimeter",
        "Millimetre",
        "Micrometre",
        "Nanometre",
        "Picometre",
        "Nautical Mile",
        "Lunar Distance",
        "Astronomical Mile",
        "Light Year",
    ],
    "Area": [
        "Square Meter",
        "Square Kilometre",
        "Acre",
        "Hectare",
        "Square Mile",
        "Square Yard",
        "Square Foot",
        "Square Inch",
    ],
    "Mass": [
        "Kilogram",
        "Gram",
        "Tonne",
        "Pound",
        "Ounce",
        "Milligram",
        "Microgram",
        "US Ton",
        "Quintal",
        "Imperial Ton",
        "Stone",
    ],
    "Speed": [
        "Meter per second",
        "Kilometer per hour",
        "Miles per hour",
        "Foot per second",
        "Knot",
    ],
    "Angle": ["Degrees", "Radians", "Gradian", "Milliradian", "Minute of Arc", "Second of Arc"],
    "Data": [
        f"{p}{s}"
        for s in ("bit", "byte")
        for p in (
            "",
            "Kilo",
            "Kibi",
            "Mega",
            "Mebi",
            "Giga",
            "Gibi",
            "Tera",
            "Tebi",
            "Peta",
            "Pebi",
        )
    ],
    "Volume": [
        "US liquid gallon",
        "US liquid quart",
        "US liquid pint",
        "US legal cup",
        "fluid ounce",
        "US tablespoon",
        "US teaspoon",
        "Cubic meter",
        "Liter",
        "Milliliter",
        "Imperial gallon",
        "imp. quart",
        "Imperial pint",
        "Imperial cup",
        "fluid ounce",
        "Imperial tablespoon",
        "Imperial teaspoon",
        "Cubic foot",
        "Cubic inch",
    ],
    "Time": [
        "Nanosecond",
        "Microsecond",
        "Millisecond",
        "Second",
        "Minute",
        "Hour",
        "Day",
        "Week",
        "Month",
        "Calendar Year",
        "Decade",
        "Century",
    ],
    "Temperature": ["Celsius", "Fahrenheit", "Kelvin"],
}
# strings_units.xml spells the first data units "Bit", "Byte": capitalise them.
UNITS["Data"] = [u[0].upper() + u[1:] for u in UNITS["Data"]]
RATES: dict[str, list[float]] = {
    "Length": [
        1.0,
        0.001,
        100.0,
        3.28084,
        0.000621371,
        39.3701,
        1.09361,
        10.0,
        1000.0,
        1000000.0,
        1000000000.0,
        1000000000000.0,
        0.000539957,
        0.00000000260201912116327,
        0.00000000000668458712,
        0.00000000000000010570008340246155,
    ],
    "Mass": [
        1.0,
        1000.0,
        0.001,
        2.20462,
        35.274,
        1000000.0,
        1000000000.0,
        0.00110231,
        0.01,
        0.000984207,
        0.157473119999996608,
    ],
    "Area": [1.0, 0.000001, 0.000247105, 0.0001, 0.000000386102, 1.19599, 1550.0, 10.7639],
    "Angle": [1.0, 0.01745329252, 1.11111, 17.4533, 60.0, 3600.0],
    "Speed": [1.0, 3.6, 0.621371, 0.911344, 0.539957],
    "Data": [
        8000000.0,
        8000.0,
        7812.5,
        8.0,
        7.62939,
        0.008,
        0.007462686567,
        0.000008,
        0.000007275955151,
        0.000000008,
        710.542735736512614,
        1000000.0,
        1000.0,
        976.563,
        1.0,
        0.953674,
        0.001,
        0.000931323,
        0.000001,
        0.000000909495,
        0.000000001,
        0.00000000088817842,
    ],
    "Time": [  # 11 rates for 12 units, as the app has them
        1000000000.0,
        1000000.0,
        1000.0,
        0.01666666666666667,
        0.00027777777777778,
        0.00001157407407407,
        0.00000165343915344,
        2840.54483227963585,
        0.00000031709791984,
        0.00000003170979198,
        0.00000000317097920,
    ],
    "Volume": [
        264.172,
        1056.69,
        4166.666667,
        33814.0,
        67628.0,
        202884.0,
        1.0,
        1000.0,
        1000000.0,
        219.969,
        879.877,
        1759.75,
        3519.51,
        35195.1,
        56312.1,
        168936.0,
        35.3147,
        61023.7,
    ],
}
CHIPS = (
    ("length", "Length"),
    ("area", "Area"),
    ("mass", "Mass"),
    ("speed", "Speed"),
    ("angle", "Angle"),
    ("data", "Data"),
    ("volume", "Volume"),
    ("time", "Time"),
    ("temperature", "Temperature"),
)
KEYPAD = (
    (("button7", "7"), ("button8", "8"), ("button9", "9")),
    (("button4", "4"), ("button5", "5"), ("button6", "6")),
    (("button1", "1"), ("button2", "2"), ("button3", "3")),
    (("decimalButton", "."), ("button0", "0"), ("equalButton", "=")),
)
OPERATIONS = (
    ("clearButton", ""),
    ("divideButton", "÷"),
    ("multButton", "×"),
    ("subButton", "-"),
    ("addButton", "+"),
)
VM = "com.inator.calculator.viewmodel.ConverterInputViewModel"


def _selection_frames(which: int, line: int) -> list[str]:
    """From ``calculateDirect`` down: spinner ``which``'s posted ``onItemSelected``."""
    listener = 4 if which == 1 else 5
    return [
        f"{VM}.evaluateUnitConversion(ConverterInputViewModel.kt:{line})",
        f"{VM}.calculateDirect(ConverterInputViewModel.kt:85)",
        f"{VM}.setSpinner{which}(ConverterInputViewModel.kt:{51 if which == 1 else 57})",
        f"com.inator.calculator.fragments.ConverterFragment$setUpViews${listener}.onItemSelected"
        f"(ConverterFragment.kt:{86 if which == 1 else 99})",
        "android.widget.AdapterView.fireOnSelected(AdapterView.java:957)",
        "android.widget.AdapterView.dispatchOnItemSelected(AdapterView.java:946)",
        "android.widget.AdapterView.access$300(AdapterView.java:55)",
        "android.widget.AdapterView$SelectionNotifier.run(AdapterView.java:910)",
        *LOOPER_FRAMES,
    ]


def _layout_frames() -> list[str]:
    """A Spinner laid out at a position its adapter does not have (the launch after the
    crash)."""
    return [
        "java.util.Arrays$ArrayList.get(Arrays.java:3766)",
        "android.widget.ArrayAdapter.getItem(ArrayAdapter.java:386)",
        "android.widget.ArrayAdapter.createViewFromResource(ArrayAdapter.java:427)",
        "android.widget.ArrayAdapter.getView(ArrayAdapter.java:405)",
        "android.widget.Spinner.makeView(Spinner.java:724)",
        "android.widget.Spinner.layout(Spinner.java:672)",
        "android.widget.Spinner.onLayout(Spinner.java:629)",
        "android.view.View.layout(View.java:22844)",
        "android.view.ViewGroup.layout(ViewGroup.java:6529)",
        "android.view.ViewRootImpl.performLayout(ViewRootImpl.java:3378)",
        "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:2847)",
        "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:1916)",
        "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:8333)",
        "android.view.Choreographer$CallbackRecord.run(Choreographer.java:972)",
        "android.view.Choreographer.doCallbacks(Choreographer.java:796)",
        "android.view.Choreographer.doFrame(Choreographer.java:731)",
        "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:957)",
        *LOOPER_FRAMES,
    ]


def _simple_string(value: float) -> str:
    """``Double.toSimpleString()``: ``BigDecimal(toString()).toPlainString()`` without a
    trailing ".0"; Java writes a double as ``d.ddEn`` below 10^-3 and from 10^7."""
    text = repr(value)
    magnitude = abs(value)
    if magnitude != 0 and (magnitude < 1e-3 or magnitude >= 1e7):
        sign, digits, exponent = Decimal(text).as_tuple()
        head = "".join(map(str, digits)).rstrip("0") or "0"
        assert isinstance(exponent, int)
        power = exponent + len(digits) - 1
        text = f"{'-' if sign else ''}{head[0]}.{head[1:] or '0'}E{power}"
    try:
        plain = format(Decimal(text), "f")
    except InvalidOperation:
        plain = text
    return plain.removesuffix(".0")


def _java_double(text: str) -> float:
    """``String.toDouble()``: NumberFormatException for what is not a number."""
    try:
        return float(text)
    except ValueError:
        raise JavaException(
            "java.lang.NumberFormatException", f'For input string: "{text}"'
        ) from None


def _is_bug_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Calculator-inator#22: the temperature conversion read a unit position
    beyond the 3 temperature units (the stale "to" spinner position)."""
    return crash_oracle(PACKAGE, AIOOBE, "length=3; index=")(data, system)


def _new_vm() -> dict[str, Any]:
    """ConverterInputViewModel's LiveData at creation."""
    return {
        "measure": "Length",
        "input1": "",
        "input2": "",
        "from": 0,
        "to": 0,
        "out_direct": "",
        "out_reverse": "",
    }


# -- steps ---------------------------------------------------------------------------------------
S_CONVERTER_TAB = click(PACKAGE, cls=TAB, bounds=[318, 63, 636, 210])
S_CHIPS_LEFT: dict[str, Any] = {
    "kind": "swipe",
    "direction": "left",
    "target": {"resource_id": f"{PACKAGE}:id/chipGroup"},
}
S_TIME = click(PACKAGE, "time", "Time", cls=CHIP)
S_TEMPERATURE = click(PACKAGE, "temperature", "Temperature", cls=CHIP)
S_SPEED = click(PACKAGE, "speed", "Speed", cls=CHIP)
S_UNIT1 = click(PACKAGE, "unit1", cls="android.widget.Spinner")
S_UNIT2 = click(PACKAGE, "unit2", cls="android.widget.Spinner")


def _pick(unit: str) -> dict[str, Any]:
    return click(PACKAGE, "android:id/text1", unit, cls="android.widget.CheckedTextView")


S_ONE = input_text(PACKAGE, "editText1", "1")
TIME_SETUP = (S_CONVERTER_TAB, S_CHIPS_LEFT, S_TIME, S_UNIT1, _pick("Hour"))
HUMAN_STEPS = (*TIME_SETUP, S_UNIT2, _pick("Minute"), S_ONE, S_TEMPERATURE)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Calculator-inator#22": [
        # No number entered: the stale conversion returns "0" before reading the units.
        [*TIME_SETUP, S_UNIT2, _pick("Minute"), S_TEMPERATURE],
        # "To" left at Microsecond (position 1): within the temperature units.
        [*TIME_SETUP, S_ONE, S_TEMPERATURE],
        # "To" set to Millisecond (position 2), still within the temperature units.
        [*TIME_SETUP, S_UNIT2, _pick("Millisecond"), S_ONE, S_TEMPERATURE],
        # The number entered after Temperature is chosen: the positions are fresh by then.
        [*TIME_SETUP, S_UNIT2, _pick("Minute"), S_TEMPERATURE, S_ONE],
    ],
}


class CalculatorInator(VirtualApp):
    """Calculator-inator 1.1.1: the calculator, converter and currency pages, Settings."""

    name: ClassVar[str] = "Calculator-inator"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Calculator-inator"
    version: ClassVar[str] = "1.1.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Calculator-inator#22",
            "crash",
            "Certain conditions cause the app to crash",
            _is_bug_crash,
            human_steps=HUMAN_STEPS,
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"prefs": {}, "history": []}

    # -- converter logic (ConverterInputViewModel / ConverterRepository) -----------------------
    @staticmethod
    def _evaluate(vm: dict[str, Any], text: str, src: int, dst: int, which: int) -> str:
        if not text:
            return "0"
        measure = vm["measure"]
        if measure == "Temperature":
            value = _java_double(text)
            units = UNITS["Temperature"]
            for pos, line in ((src, 51), (dst, 64)):
                if pos >= len(units):
                    raise JavaException(
                        AIOOBE,
                        f"length={len(units)}; index={pos}",
                        frames=[
                            "com.inator.calculator.repository.ConverterRepository"
                            f".evaluateTemperature(ConverterRepository.kt:{line})",
                            *_selection_frames(which, 107),
                        ],
                    )
            main = {"Celsius": value, "Fahrenheit": (value - 32) * (5 / 9.0)}.get(
                units[src], value - 273.15
            )
            out = {"Celsius": main, "Fahrenheit": main * (9 / 5.0) + 32}.get(
                units[dst], main + 273.15
            )
            return _simple_string(out)
        rates = RATES.get(measure, RATES["Length"])
        for pos, line in ((src, 112), (dst, 113)):
            if pos >= len(rates):
                raise JavaException(
                    IOOBE,
                    f"Index {pos} out of bounds for length {len(rates)}",
                    frames=["java.util.ArrayList.get(ArrayList.java:437)"]
                    + _selection_frames(which, line),
                )
        return _simple_string(_java_double(text) * rates[dst] / rates[src])

    def _calculate_direct(self, ctx: AppContext, which: int) -> None:
        vm = ctx.ui["vm"]
        vm["out_direct"] = self._evaluate(vm, vm["input1"], vm["from"], vm["to"], which)
        ctx.ui["text2"] = vm["out_direct"]

    def _item_selected(self, ctx: AppContext, which: int, position: int) -> None:
        """``unit1``/``unit2``'s onItemSelected: save the position, convert."""
        ctx.data["prefs"][f"spinner{which}"] = position
        ctx.ui["vm"]["from" if which == 1 else "to"] = position
        self._calculate_direct(ctx, which)

    def _set_up_spinners(self, ctx: AppContext, first: int, second: int) -> None:
        """setUpSpinnerAdapter: new adapters, the selections, then (after layout) both
        spinners' onItemSelected, ``unit1``'s first."""
        count = len(UNITS[ctx.ui["vm"]["measure"]])
        for pos in (first, second):
            if pos >= count:  # Spinner.layout makes the view of a position the adapter lacks
                raise JavaException(AIOOBE, f"length={count}; index={pos}", frames=_layout_frames())
        ctx.ui["sel1"], ctx.ui["sel2"] = first, second
        self._item_selected(ctx, 1, first)
        self._item_selected(ctx, 2, second)

    def _choose_measure(self, ctx: AppContext, measure: str) -> None:
        vm = ctx.ui["vm"]
        if vm["measure"] == measure:  # selectionRequired: the checked chip stays checked
            return
        ctx.data["prefs"]["measure"] = measure
        vm["measure"] = measure
        self._set_up_spinners(ctx, 0, 1)

    def _choose_unit(self, ctx: AppContext, which: int, position: int) -> None:
        ctx.ui["dropdown"] = 0
        if ctx.ui[f"sel{which}"] == position:
            return
        ctx.ui[f"sel{which}"] = position
        self._item_selected(ctx, which, position)

    def _typed(self, ctx: AppContext, which: int, text: str) -> None:
        vm = ctx.ui["vm"]
        ctx.ui[f"text{which}"] = text
        vm[f"input{which}"] = text
        if not text:
            return
        if which == 1:
            self._calculate_direct(ctx, 1)
        else:
            vm["out_reverse"] = self._evaluate(vm, text, vm["to"], vm["from"], 2)
            ctx.ui["text1"] = vm["out_reverse"]

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != MAIN:
            return
        ui = ctx.ui
        ui.setdefault("page", 0)
        ui.setdefault("menu", False)
        ui.setdefault("dropdown", 0)
        ui.setdefault("keys", "")
        vm = ui.setdefault("vm", _new_vm())  # a ViewModel outlives a rotation
        prefs = ctx.data["prefs"]
        saved = prefs.get("measure", "Length")
        if saved != "Length":  # chipGroup.check(saved chip): the listener sets the measure
            vm["measure"] = saved
        ui["text1"], ui["text2"] = vm["out_reverse"], vm["out_direct"]  # the observers
        self._set_up_spinners(ctx, prefs.get("spinner1", 0), prefs.get("spinner2", 1))

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        return w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dropdown", 0)

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN:
            return False
        return w.pager_swipe(ctx.ui, "page", 3, direction)

    # -- screens -----------------------------------------------------------------------------
    def _select_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page

    def _app_bar(self, ctx: AppContext) -> View:
        page = ctx.ui["page"]
        tab_strip = w.linear_layout(
            [
                View(
                    cls=TAB,
                    selected=page == i,
                    on_click=w.bind(self._select_page, i),
                    children=[w.image_view(width=80, height=80, gravity="center")],
                )
                for i in range(3)
            ],
            horizontal=True,
        )
        tabs = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="tabLayout",
            children=[tab_strip],
            width=954,
        )

        def open_menu(c: AppContext) -> None:
            c.ui["menu"] = True

        return w.toolbar(tabs, actions=[w.overflow_button(open_menu)], rid="topAppBar", height=147)

    def _calculator_page(self, ctx: AppContext) -> View:
        def press(c: AppContext, key: str) -> None:
            c.ui["keys"] = c.ui["keys"][:-1] if key == "" else c.ui["keys"] + key

        def key(rid: str, text: str) -> View:
            handler = (lambda c: None) if rid == "equalButton" else w.bind(press, text)
            return w.button(rid, text, handler)

        rows = [w.linear_layout([key(*k) for k in row], horizontal=True) for row in KEYPAD]
        operations = w.linear_layout([key(*k) for k in OPERATIONS], width=270)
        field = w.linear_layout(
            [
                w.edit_text("input", ctx.ui["keys"], None, height=260),
                w.text_view("", "output", height=130),
            ],
            rid="inputField",
            height=420,
            weight=0,
        )
        keypad = w.linear_layout(
            [w.linear_layout(rows), operations], rid="simple_calc", horizontal=True
        )
        return w.linear_layout([field, keypad])

    def _converter_page(self, ctx: AppContext) -> View:
        ui = ctx.ui
        measure = ui["vm"]["measure"]
        units = UNITS[measure]
        chips = [
            View(
                cls=CHIP,
                resource_id=rid,
                text=text,
                checkable=True,
                checked=text == measure,
                on_click=w.bind(self._choose_measure, text),
                width=int((len(text) * 7.5 + 36 + (22 if text == measure else 0)) * 2.625),
                height=126,
            )
            for rid, text in CHIPS
        ]
        group = View(
            cls="com.google.android.material.chip.ChipGroup",
            resource_id="chipGroup",
            layout=HORIZONTAL,
            scrollable=True,
            scroll_key="chips",
            height=147,
            children=chips,
        )
        row = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="horizontalScrollView",
            height=147,
            weight=0,
            children=[group],
        )

        def open_dropdown(which: int) -> Any:
            def handler(c: AppContext) -> None:
                c.ui["dropdown"] = which

            return handler

        def field(which: int) -> View:
            return w.frame_layout(
                [
                    w.edit_text(
                        f"editText{which}",
                        ui[f"text{which}"],
                        self._typer(which),
                        height=190,
                    )
                ],
                height=200,
                weight=0,
            )

        body = w.linear_layout(
            [
                w.spinner("unit1", units[ui["sel1"]], open_dropdown(1)),
                field(1),
                w.spinner("unit2", units[ui["sel2"]], open_dropdown(2)),
                field(2),
            ],
            weight=0,
        )
        return w.linear_layout([row, w.frame_layout(height=130, weight=0), body])

    def _typer(self, which: int) -> Any:
        def handler(ctx: AppContext, text: str) -> None:
            self._typed(ctx, which, text)

        return handler

    def _currency_page(self) -> View:
        def side(spinner: str, code: str, rid: str) -> list[View]:
            return [
                w.linear_layout([w.text_view(code, height=126)], rid=spinner, height=126, weight=0),
                w.edit_text(rid, "0", None, height=190),
            ]

        return w.linear_layout(
            [
                *side("currencySpinner1", "AED", "input1"),
                *side("currencySpinner2", "AFN", "input2"),
                w.linear_layout(
                    [
                        w.fab("change", "Interchange", None, gravity=""),
                        w.fab("refreshButton", "Refresh", None, gravity=""),
                    ],
                    horizontal=True,
                    height=200,
                    weight=0,
                ),
            ]
        )

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        page = ui["page"]
        if page == 0:
            content = self._calculator_page(ctx)
        elif page == 1:
            content = self._converter_page(ctx)
        else:
            content = self._currency_page()
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2",
            resource_id="pager",
            children=[
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    children=[w.frame_layout([content])],
                )
            ],
        )
        windows: list[Window] = []
        if ui["menu"]:

            def settings(c: AppContext) -> None:
                c.ui["menu"] = False
                c.start_activity(SETTINGS)

            def close(c: AppContext) -> None:
                c.ui["menu"] = False

            windows.append(w.menu_window([("Settings", settings)], close))
        elif ui["dropdown"]:
            which = ui["dropdown"]
            units = UNITS[ui["vm"]["measure"]]

            def shut(c: AppContext) -> None:
                c.ui["dropdown"] = 0

            windows.append(
                w.spinner_dropdown(
                    units,
                    ui[f"sel{which}"],
                    lambda c, i: self._choose_unit(c, which, i),
                    shut,
                )
            )
        return Screen(content=w.linear_layout([self._app_bar(ctx), pager]), windows=windows)

    def _settings(self) -> Screen:
        rows = [
            w.preference_category("Appearance"),
            w.preference("Theme", "System Default", None),
            w.preference_category("About"),
            w.preference("Currency API Used", "", None),
        ]
        bar = w.toolbar("Settings", navigation=w.up_button(), rid="toolbar")
        return Screen(
            content=w.linear_layout(
                [
                    w.linear_layout([bar], rid="appBarLayout", height=147, weight=0),
                    w.frame_layout(
                        [
                            w.list_view(
                                rows,
                                rid="recycler_view",
                                cls="androidx.recyclerview.widget.RecyclerView",
                            )
                        ],
                        rid="settings",
                    ),
                ]
            )
        )

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._settings()
        return self._main(ctx)
