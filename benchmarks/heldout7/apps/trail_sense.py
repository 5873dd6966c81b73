"""Trail Sense (``com.kylecorry.trail_sense``, kylecorry31/Trail-Sense) 7.4.0, for
Trail-Sense#3250.

An offline hiking toolbox: a first-run onboarding (four pages), the location permission, then
``MainActivity`` with a bottom navigation (Navigation, Map, Weather, Astronomy, Tools). The Tools
tab lists every tool (a search box, the settings button, quick actions, "Pinned" and "Tools"
sections, tools grouped by category in a two-column grid); Convert opens tabs Coordinates,
Distance, Temperature, Volume, Weight and Time.

Sources read at tag 7.4.0 (commit 6e8107c, 2025-11-22, ``versionName`` 7.4.0), the version the
report names, with its library sol 14.1.0 (kylecorry31/sol, tag 14.1.0). Files read:
``onboarding/OnboardingActivity.kt``, ``OnboardingPages.kt``, ``main/MainActivity.kt`` (the
onboarding check, the permission request, the bottom navigation),
``shared/UserPreferences.kt`` (default bottom-navigation tools, pinned tools, tool sort, quick
actions), ``tools/tools/ui/ToolsFragment.kt``, ``sort/CategoricalToolSort.kt``,
``infrastructure/ToolCategory.kt``, every ``*ToolRegistration.kt`` (names, categories),
``tools/convert/ui/FragmentToolConvert.kt``, ``SimpleConvertFragment.kt``,
``FragmentWeightConverter.kt``, ``shared/FormatService.kt`` (``formatWeight``,
``getWeightUnitName``), the layouts ``activity_onboarding``, ``activity_main``,
``fragment_tools``, ``view_search``, ``list_item_tool``, ``fragment_tabs``,
``fragment_tool_simple_convert``, ``spinner_item_plain``, ``strings.xml``; in sol
``units/Weight.kt``, ``units/WeightUnits.kt``, ``shared/DecimalFormatter.kt`` and
``math/SolMath.roundPlaces``.

Bug Trail-Sense#3250 (non-crash): the Weight tab converts in 32-bit floats.
``SimpleConvertFragment.update`` reads the amount with ``toFloatOrNull()``,
``Weight.convertTo`` computes ``value * units.grams / newUnits.grams`` with the Float factors of
``WeightUnits`` (``Milligrams(5, 0.001f)``), and ``formatWeight(converted, 4, false)`` rounds to
four places (``roundPlaces`` then ``DecimalFormat("#.####")``). 1 gram to milligrams is
``1f / 0.001f`` = 999.99994 in Float, shown as "999.9999 mg" instead of "1000 mg". The issue is
open: no fix at the time of reading.

The oracle reads ``weight``: the last amount, units and text the Weight tab showed; it fires
when the text differs from the exact decimal conversion with the same factors and formatting.
Stubbed: the Navigation, Map, Weather and Astronomy screens (titles only), every tool but
Convert (a title only), Convert's other tabs (a title only), the tools'
long-press menus, the quick-action buttons (no labels).
The search filters tool names (the real one also searches descriptions, not modelled).
Uncertain: which sensor-dependent tools a device lists (the model lists those without an
availability check plus Flashlight, Pedometer and Weather); Trail Sense's
``DecimalFormatter`` comes from its andromeda library, taken to match sol's; the location
permission is the only one asked (API 30: no notification permission).
"""

from __future__ import annotations

import math
import struct
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, input_text
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.kylecorry.trail_sense"
MAIN = ".main.MainActivity"
ONBOARDING = ".onboarding.OnboardingActivity"
LOCATION = "android.permission.ACCESS_FINE_LOCATION"
GROUP = "android.view.ViewGroup"
SPINNER = "android.widget.Spinner"

PAGES = (
    (
        "Explore",
        "Designed for hiking, backpacking, camping, and geocaching\n\nPlace beacons and navigate "
        "to them\n\nFollow paths\n\nRetrace your steps with backtrack\n\nPlan what to pack\n\n"
        "Be alerted before the sun sets\n\nPredict the weather\n\nUse your phone as a "
        "flashlight\n\nAnd much more!",
        "Next",
    ),
    (
        "User Guide",
        "Learn how to use Trail Sense's features with the user guide. Available at the bottom "
        "of the Tools tab.\n\nMore guides will be coming soon.",
        "Next",
    ),
    (
        "Privacy and location",
        "Trail Sense respects your privacy and location data never leaves your device\n\nTrail "
        "Sense will never require Internet permission\n\nView the privacy policy (opens in your "
        "phone's browser)\n\nSome features of Trail Sense require access to your location\n\n"
        "After clicking continue, you will be prompted to grant the location permission.",
        "Next",
    ),
    (
        "Disclaimer / terms of service",
        "Trail Sense is for informational purposes only and the developers make no warranties "
        "concerning the accuracy of the information provided by the app.\n\nTrail Sense is "
        "available under the MIT License",
        "I Agree",
    ),
)
# Bottom navigation: (item id, title); the last is the Tools tab.
BOTTOM = (
    ("action_navigation", "Navigation"),
    ("mapFragment", "Map"),
    ("action_weather", "Weather"),
    ("action_astronomy", "Astronomy"),
    ("action_experimental_tools", "Tools"),
)
# ToolCategory order with CategoricalToolSort's names, and the tools listed in each.
CATEGORIES = (
    ("Signaling", ("Flashlight", "Signal Finder", "Whistle")),
    ("Distance", ("Pedometer", "Ruler")),
    (
        "Location",
        (
            "Beacons",
            "Declination",
            "Map",
            "Navigation",
            "Paths",
            "Photo Maps",
            "Triangulate Location",
        ),
    ),
    ("Angles", ("Bubble Level", "Clinometer")),
    ("Time", ("Astronomy", "Clock", "Tides", "Turn Back", "Water Boil Timer")),
    ("Power", ("Battery",)),
    (
        "Weather",
        ("Climate", "Clouds", "Lightning Strike Distance", "Temperature Estimation", "Weather"),
    ),
    ("Books", ("Field Guide", "Survival Guide", "User Guide")),
    (
        "Other",
        (
            "Ballistics",
            "Convert",
            "Diagnostics",
            "Notes",
            "Packing Lists",
            "QR Code Scanner",
            "Sensors",
            "Settings",
            "White Noise",
        ),
    ),
)
PINNED = ("Astronomy", "Navigation", "User Guide", "Weather")
CONVERT_TABS = ("Coordinates", "Distance", "Temperature", "Volume", "Weight", "Time")
WEIGHT_TAB = CONVERT_TABS.index("Weight")
# WeightUnits: (name, short format, grams per unit as written in sol).
UNITS = (
    ("Pounds", "lb", "453.592"),
    ("Ounces", "oz", "28.3495"),
    ("Kilograms", "kg", "1000"),
    ("Grams", "g", "1"),
    ("Milligrams", "mg", "0.001"),
    ("Grains", "gr", "0.06479891"),
)
KILOGRAMS, POUNDS = 2, 0


def f32(x: float) -> float:
    """``x`` as a Java Float."""
    return float(struct.unpack("f", struct.pack("f", x))[0])


def format_places(number: Decimal) -> str:
    """``DecimalFormat("#.####")`` of an already rounded number."""
    text = format(number.quantize(Decimal("0.0001"), rounding=ROUND_HALF_EVEN), "f")
    text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def float_conversion(amount: float, source: int, target: int) -> str:
    """``formatWeight(Weight.from(|amount|, from).convertTo(to), 4, false)`` in Floats: the
    bug (a Float product and quotient, then ``roundPlaces(4)``)."""
    value = f32(abs(amount))
    if source != target:
        grams = f32(value * f32(float(UNITS[source][2])))
        value = f32(grams / f32(float(UNITS[target][2])))
    rounded = math.floor(value * 10.0**4 + 0.5) / 10.0**4
    return f"{format_places(Decimal(repr(rounded)))} {UNITS[target][1]}"


def exact_conversion(amount: float, source: int, target: int) -> str:
    """What the conversion should show: the same factors and formatting, in exact decimals."""
    value = abs(Decimal(repr(f32(amount))))
    if source != target:
        value = value * Decimal(UNITS[source][2]) / Decimal(UNITS[target][2])
    rounded = value.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP)
    return f"{format_places(rounded)} {UNITS[target][1]}"


def weight_shown_wrong(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Trail-Sense#3250: the Weight tab showed a result that the exact
    conversion rounds differently."""
    shown = data["weight"]
    if shown is None:
        return False
    return bool(shown["text"] != exact_conversion(shown["amount"], shown["from"], shown["to"]))


def onboarding() -> list[dict[str, Any]]:
    """The four onboarding pages, then the location permission allowed."""
    return [
        *[click(PACKAGE, rid="next_button", text="Next")] * 3,
        click(PACKAGE, rid="next_button", text="I Agree"),
        allow_permission(PACKAGE),
    ]


def open_weight() -> list[dict[str, Any]]:
    """Tools, the search for "Convert", the Convert tool, then its Weight tab."""
    return [
        click(PACKAGE, rid="action_experimental_tools", desc="Tools"),
        input_text(PACKAGE, "search_view_edit_text", "Convert"),
        click(PACKAGE, rid="title", text="Convert"),
        click(PACKAGE, text="Weight"),
    ]


def pick(spinner: str, unit: str) -> list[dict[str, Any]]:
    """A unit spinner opened and ``unit`` chosen in its drop-down."""
    return [click(PACKAGE, rid=spinner), click(PACKAGE, rid="item_name", text=unit)]


def amount(text: str) -> dict[str, Any]:
    """The amount typed in the Weight tab's field."""
    return input_text(PACKAGE, "unit_edit", text)


class TrailSense(VirtualApp):
    """Trail Sense 7.4.0: onboarding, the bottom navigation, the Tools list and Convert."""

    name: ClassVar[str] = "Trail-Sense"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Trail Sense"
    version: ClassVar[str] = "7.4.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Trail-Sense#3250",
            "non-crash",
            "Rounding inaccuracy of conversion tool",
            weight_shown_wrong,
            human_steps=(
                *onboarding(),
                *open_weight(),
                *pick("from_units", "Grams"),
                *pick("to_units", "Milligrams"),
                amount("1"),
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"onboarding_completed": False, "weight": None}

    # -- state ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == ONBOARDING:
            ui.setdefault("page", 0)
            return
        if not ctx.data["onboarding_completed"]:
            ctx.start_activity(ONBOARDING)
            ctx.finish()
            return
        ui.setdefault("stack", [{"dest": "Navigation"}])
        ui.setdefault("dropdown", None)
        if LOCATION not in ctx.permissions and not ui.get("asked"):
            ui["asked"] = True
            ctx.request_permission(LOCATION)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {k: v for k, v in ctx.ui.items() if k in ("page", "stack", "asked")}

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui["stack"][-1])

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == ONBOARDING:
            return False
        if w.dismiss(ctx.ui, "dropdown", None):
            return True
        return w.pop_back_stack(ctx.ui["stack"])

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != MAIN or self._top(ctx)["dest"] != "Convert":
            return False
        top = ctx.ui["stack"][-1]
        return w.pager_swipe(top, "tab", len(CONVERT_TABS), direction)

    def _next_page(self, ctx: AppContext) -> None:
        """``load(pageIdx + 1)``: past the last page the onboarding is complete."""
        if ctx.ui["page"] + 1 < len(PAGES):
            ctx.ui["page"] += 1
            return
        ctx.data["onboarding_completed"] = True
        ctx.start_activity(MAIN)

    def _navigate(self, ctx: AppContext, dest: str) -> None:
        """A bottom navigation item: its screen replaces the stack."""
        ctx.ui["stack"] = [{"dest": dest}]
        ctx.ui["dropdown"] = None
        ctx.hide_keyboard()

    def _open_tool(self, ctx: AppContext, tool: str) -> None:
        entry: dict[str, Any] = {"dest": tool}
        if tool == "Convert":
            entry.update(tab=0, text="", source=KILOGRAMS, target=POUNDS)
        ctx.ui["stack"].append(entry)
        ctx.hide_keyboard()

    def _search(self, ctx: AppContext, text: str) -> None:
        ctx.ui["stack"][-1]["query"] = text

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["stack"][-1]["tab"] = index
        ctx.hide_keyboard()

    def _update(self, ctx: AppContext) -> None:
        """``SimpleConvertFragment.update``: the result of the field's amount (0 when it is no
        number) from one unit to the other."""
        top = ctx.ui["stack"][-1]
        try:
            value = float(top["text"])
        except ValueError:
            value = 0.0
        text = float_conversion(value, top["source"], top["target"])
        ctx.data["weight"] = {
            "amount": value,
            "from": top["source"],
            "to": top["target"],
            "text": text,
        }

    def _typed(self, ctx: AppContext, text: str) -> None:
        top = ctx.ui["stack"][-1]
        top["text"] = "".join(ch for ch in text if ch.isdigit() or ch in ".-")
        self._update(ctx)

    def _choose(self, ctx: AppContext, index: int) -> None:
        spinner = ctx.ui["dropdown"]
        ctx.ui["stack"][-1]["source" if spinner == "from_units" else "target"] = index
        ctx.ui["dropdown"] = None
        self._update(ctx)

    def _swap(self, ctx: AppContext) -> None:
        top = ctx.ui["stack"][-1]
        top["source"], top["target"] = top["target"], top["source"]
        self._update(ctx)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ONBOARDING:
            return Screen(content=self._onboarding(ctx))
        top = self._top(ctx)
        dest = top["dest"]
        if dest == "Tools":
            body = self._tools(ctx, top)
        elif dest == "Convert":
            body = self._convert(ctx, top)
        else:
            body = w.frame_layout([w.text_view(dest, height=200)])
        selected = dest if dest in dict(BOTTOM).values() else "Tools"
        nav = w.bottom_navigation(
            BOTTOM,
            selected,
            lambda c, title: self._navigate(c, title),
            cls="com.kylecorry.trail_sense.main.CustomBottomNavigationView",
        )
        content = View(
            cls=GROUP,
            resource_id="color_filter",
            children=[w.frame_layout([body], rid="fragment_holder"), nav],
        )
        return Screen(content=content, windows=self._windows(ctx))

    def _onboarding(self, ctx: AppContext) -> View:
        title, text, button = PAGES[ctx.ui["page"]]
        page = w.linear_layout(
            [
                View(cls=GROUP, resource_id="page_name", children=[w.text_view(title, "title")]),
                w.image_view("page_image", height=300),
                w.text_view(text, "page_contents", height=900),
                w.linear_layout(rid="page_settings", height=0),
            ]
        )
        return View(
            cls=GROUP,
            resource_id="coordinator",
            children=[w.scroll_view([page]), w.button("next_button", button, self._next_page)],
        )

    def _tool_cell(self, tool: str) -> View:
        return View(
            cls=GROUP,
            height=160,
            on_click=w.bind(self._open_tool, tool),
            children=[w.text_view(tool, "title", height=160)],
        )

    def _header(self, title: str) -> View:
        return View(
            cls=GROUP,
            layout=HORIZONTAL,
            height=160,
            children=[w.text_view(title, "title", height=160), w.image_view("icon", width=147)],
        )

    def _grid(self, tools: list[str]) -> list[View]:
        cells = [self._tool_cell(t) for t in tools]
        if len(cells) % 2:
            cells.append(View(cls="android.view.View"))
        return [
            w.linear_layout(cells[i : i + 2], horizontal=True, height=160)
            for i in range(0, len(cells), 2)
        ]

    def _tools(self, ctx: AppContext, top: dict[str, Any]) -> View:
        query = str(top.get("query", "")).strip().lower()
        rows: list[View] = []
        if not query:
            rows += [self._header("Pinned"), *self._grid(list(PINNED))]
        rows.append(self._header("Tools"))
        for category, tools in CATEGORIES:
            shown = [t for t in tools if query in t.lower()]
            if shown:
                rows += [w.text_view(category, "title", height=120), *self._grid(shown)]
        search = w.frame_layout(
            [
                w.linear_layout(
                    [
                        w.edit_text(
                            "search_view_edit_text",
                            str(top.get("query", "")),
                            self._search,
                            hint="Search",
                        )
                    ],
                    rid="search_view_text_input_layout",
                )
            ],
            rid="searchbox",
            width=900,
        )
        bar = w.linear_layout(
            [search, w.image_button("settings_btn", "", w.bind(self._open_tool, "Settings"))],
            horizontal=True,
            height=160,
        )
        quick = w.linear_layout(
            [w.image_button("", "", None, width=160) for _ in range(3)],
            rid="quick_actions",
            horizontal=True,
            height=160,
        )
        listing = w.list_view(
            rows,
            rid="tools",
            cls="androidx.recyclerview.widget.RecyclerView",
            scroll_key="tools_scroll",
        )
        return View(cls=GROUP, children=[bar, quick, listing])

    def _unit_spinner(self, rid: str, unit: int) -> View:
        return View(
            cls=SPINNER,
            resource_id=rid,
            height=130,
            on_click=lambda c: c.ui.update(dropdown=rid),
            children=[w.text_view(UNITS[unit][0], "item_name", height=130)],
        )

    def _convert(self, ctx: AppContext, top: dict[str, Any]) -> View:
        tabs = w.tabs(CONVERT_TABS, top["tab"], self._select_tab)
        if top["tab"] == WEIGHT_TAB:
            result = float_conversion(
                float(top["text"]) if _is_number(top["text"]) else 0.0,
                top["source"],
                top["target"],
            )
            page = View(
                cls=GROUP,
                children=[
                    w.linear_layout(
                        [w.edit_text("unit_edit", top["text"], self._typed)],
                        rid="unit_edit_holder",
                        weight=0,
                    ),
                    w.text_view("From", "textView2"),
                    self._unit_spinner("from_units", top["source"]),
                    w.image_button("swap_btn", "", self._swap, width=147),
                    w.text_view("To", "to_units_text"),
                    self._unit_spinner("to_units", top["target"]),
                    w.text_view(result, "result", height=250),
                ],
            )
        else:
            page = View(cls=GROUP, children=[w.text_view(CONVERT_TABS[top["tab"]])])
        pager = View(cls=GROUP, resource_id="viewpager", children=[page])
        return w.linear_layout([tabs, pager])

    def _windows(self, ctx: AppContext) -> list[Window]:
        spinner = ctx.ui.get("dropdown")
        if not spinner:
            return []
        top = self._top(ctx)
        selected = top["source"] if spinner == "from_units" else top["target"]
        rows = [
            View(
                cls=GROUP,
                height=130,
                selected=i == selected,
                on_click=w.bind(self._choose, i),
                children=[w.text_view(name, "item_name", height=130)],
            )
            for i, (name, _, _) in enumerate(UNITS)
        ]
        listing = View(cls="android.widget.ListView", weight=0, children=rows)
        return [Window(root=listing, kind="menu", on_dismiss=lambda c: c.ui.update(dropdown=None))]

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        """``requestPermissions``' callback: ``startApp`` (the disclaimer counts as shown)."""
        return None


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Trail-Sense#3250": [
        # The units left at Kilograms to Pounds: 1 kg shows 2.2046 lb, as exact.
        [*onboarding(), *open_weight(), amount("1")],
        # Swapped: Milligrams to Grams shows 0.001 g.
        [
            *onboarding(),
            *open_weight(),
            *pick("from_units", "Milligrams"),
            *pick("to_units", "Grams"),
            amount("1"),
        ],
        # Grams to Kilograms instead of Milligrams: 0.001 kg.
        [
            *onboarding(),
            *open_weight(),
            *pick("from_units", "Grams"),
            *pick("to_units", "Kilograms"),
            amount("1"),
        ],
        # No amount typed: 0 mg.
        [
            *onboarding(),
            *open_weight(),
            *pick("from_units", "Grams"),
            *pick("to_units", "Milligrams"),
        ],
    ],
}
