"""yetCalc 1.1.4 (``yetzio.yetcalc``), with bug yetCalc#145 (non-crash).

Source read: github.com/Yet-Zio/yetCalc at tag 1.1.4 (commit
3d174d7752675e1bab3363887922fd27c5116a75): ``MainActivity.kt``, ``views/UnitConvActivity.kt``,
``views/fragments/VolumeFragment.kt`` (and the other fragments, same pattern),
``component/UnitConv.kt``, ``views/SettingsActivity.kt``, ``res/layout/*``, ``res/menu/menu.xml``,
``res/xml/root_preferences.xml``, ``res/values/strings.xml``. The later contributor commit
4265e8b ("save/restore selections on conversion fragments") removes the lines at fault; the
maintainer closed the issue with the rewritten 2.0.0.

Screens:
- MainActivity (the launcher activity, the calculator): toolbar with the mode selector Spinner
  ``modeselector`` (Calculator / Converter / Programmer, each ``tvSpinLyt``), the angle button
  ``currentAngleView`` ("DEG") and the menu action (an icon item without title) whose submenu
  lists History, Select theme, Settings, Help; the expression ``textexpression`` and result
  ``textresult``; the keypad of ``activity_main.xml`` (digits, operators, AC, backspace, =, √,
  π, brackets...). Only + − × ÷, brackets, point, AC, ⌫ and = do something in the model.
  Choosing "Converter" starts a *new* UnitConvActivity, "Programmer" a stub ProgramCalcActivity.
- UnitConvActivity: toolbar with ``modeselector`` ("Converter" selected; choosing "Calculator"
  starts a new MainActivity), the scrollable TabLayout ``unittabslyt`` (Currency, Length,
  Volume, Area, Weight/Mass, Temperature, Speed, Power, Energy, Pressure, Time, Angle, Data) and
  the ViewPager2 ``unitviewpager`` (swipes change the tab). Currency needs the Internet: the
  device has none, so it shows "No Internet Connection" / "Try Again" (``no_internetlight.xml``).
  The other tabs show ``fragment_unitconversions.xml``: ``et_firstConversion`` (hint "From"),
  ``spinner_firstConversion``, ``et_secondConversion`` ("To"), ``spinner_secondConversion``,
  the spinners listing the tab's units (``R.array.*list``). The same menu without History.
- SettingsActivity: ``settings_app_bar`` with "Settings" and the up arrow; the preferences of
  ``root_preferences.xml``; the switches work, "Use Recent Tab" (default on) matters.

Fixed data: ``isNetworkAvailable`` is false (no currency rates are fetched).

The bug. UnitConvActivity saves the selected tab in ``tabpref.json`` on pause/stop/destroy and,
when "Use Recent Tab" is on, selects it again in ``onCreate`` (``initTabPrefs``). Each fragment
keeps its unit positions in the activity's ViewModel (``_volumeftpos``/``_volumesdpos``) and
two flags (``_volumespinInit``/``_svolumespinInit``): the first ``onItemSelected`` a spinner
delivers takes the "init" branch, which sets the *other* spinner's position to 0 instead of
reading it (``_volumesdpos = 0`` for the top spinner, ``_volumeftpos = 0`` for the bottom one).
A fragment reached by tapping or swiping gets the spinners' initial callbacks at position 0, so
the init branch is harmless. The fragment of the tab restored in ``onCreate`` does not (the
model's reading of the report and of the maintainer's comment: the wrong results appear only
when the converter opens directly on the remembered tab); there the user's own first picks take
the init branch: picking "Fluid Ounces(US)" on top and then "Millilitres(ml)" below leaves
``_volumeftpos = 0`` (Microlitres), so 24 typed on top shows 0.024. Choosing another unit below
and ml again takes the normal branch and shows the right value. On a fresh install no tab is
remembered (tab 0, Currency), so the sequence in the report works until the converter is
opened again on Volume. Oracle: a conversion shown in a converter tab was computed with units
other than the ones its spinners show.

Conversions: Volume exactly as ``UnitConv.Volume`` (``microQt``, the 10/3-decimal rounding);
Length from its units' sizes in metres; the other tabs show their units but do not convert (stub).
Results are written as Kotlin's ``Double.toString``. History, the theme dialog, Help (a browser),
Programmer, the list preferences, Donate and About are stubs; the landscape calculator layout is
not modelled; the calculator only does + − × ÷ with brackets. Back: the real activities go to the
home screen without finishing (``OnBackPressedCallback``); the model lets Back finish the
activity."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "yetzio.yetcalc"
MAIN = ".MainActivity"
CONV = ".views.UnitConvActivity"
SETTINGS = ".views.SettingsActivity"
PROGRAMMER = ".views.ProgramCalcActivity"
HISTORY = ".views.HistoryActivity"

MODES = ("Calculator", "Converter", "Programmer")
TABS = (
    "Currency",
    "Length",
    "Volume",
    "Area",
    "Weight/Mass",
    "Temperature",
    "Speed",
    "Power",
    "Energy",
    "Pressure",
    "Time",
    "Angle",
    "Data",
)
VOLUME = (
    "Microlitres(μl)",
    "Drops(gt)",
    "Millilitres(ml)",
    "Cubic centimetres(cc)",
    "Decilitres(dl)",
    "Litres(l)",
    "Cubic metres(m³)",
    "Cups(US)",
    "Cups(UK)",
    "Pints(US)",
    "Pints(UK)",
    "Quarts(US)",
    "Quarts(UK)",
    "Gallons(US)",
    "Gallons(UK)",
    "Dry Barrels(US)",
    "Liquid Barrels(US)",
    "Federal Barrels(US)",
    "Oil Barrels(US)",
    "Barrels(UK)",
    "Cubic inches(in³)",
    "Cubic feet(ft³)",
    "Cubic yards(yd³)",
    "Teaspoons(US)",
    "Teaspoons(UK)",
    "Tablespoons(US)",
    "Tablespoons(UK)",
    "Fluid Ounces(US)",
    "Fluid Ounces(UK)",
)
# UnitConv.Volume: (x -> m³, m³ -> x) as "mul"/"div" by the app's constants; 23-28 round.
_VOL = (
    ("div", 1e9),
    ("div", 2e7),
    ("div", 1e6),
    ("div", 1e6),
    ("div", 1e4),
    ("div", 1e3),
    ("one", 1.0),
    ("div", 4226.8),
    ("div", 3519.5079728),
    ("mul", 0.0004731765),
    ("mul", 0.0005682613),
    ("mul", 0.0009463529),
    ("mul", 0.0011365225),
    ("mul", 0.0037854118),
    ("mul", 0.00454609),
    ("div", 8.6485),
    ("div", 8.3864),
    ("div", 8.5217),
    ("div", 6.2898),
    ("div", 6.1103),
    ("mul", 0.0000163871),
    ("mul", 0.0283168466),
    ("mul", 0.764554858),
    ("rnd", 202884.1361596),
    ("rnd", 168936.3827175),
    ("rnd", 67628.045398),
    ("rnd", 56312.1275646),
    ("rnd", 33814.0227018),
    ("rnd", 35195.0797279),
)
LENGTH = (
    ("Femtometres(fm)", 1e-15),
    ("Picometres(pm)", 1e-12),
    ("Nanometres(nm)", 1e-9),
    ("Micrometres(μm)", 1e-6),
    ("Millimetres(mm)", 1e-3),
    ("Centimetres(cm)", 1e-2),
    ("Decimetres(dm)", 1e-1),
    ("Metres(m)", 1.0),
    ("Decametres(dam)", 10.0),
    ("Hectometres(hm)", 100.0),
    ("Kilometres(km)", 1000.0),
    ("Inches(in)", 0.0254),
    ("Feet(ft)", 0.3048),
    ("Yards(yd)", 0.9144),
    ("Miles(mi)", 1609.344),
    ("Nautical Miles(nmi)", 1852.0),
    ("Megametres(Mm)", 1e6),
    ("Gigametres(Gm)", 1e9),
    ("Terametre(Tm)", 1e12),
    ("Petametres(Pm)", 1e15),
    ("Furlongs(fur)", 201.168),
)
# The other tabs' unit lists (strings.xml), shown but not converted by the model.
OTHER_UNITS = {
    "Area": "Square millimetres(mm²)|Square centimetres(cm²)|Square decimetres(dm²)|"
    "Square metres(m²)|Square decametres(dam²)|Square hectometres(hm²)|Square kilometres(km²)|"
    "Hectares(ha)|Square miles(mi²)|Acres(ac)|Square inches(in²)|Square feet(ft²)|"
    "Square yards(yd²)|Square nautical miles(nmi²)|Dunams|Tsubos|Pyeong(py)|Cuerdas(cda)|"
    "Square megametres(Mm²)|Square gigametres(Gm²)|Square terametres(Tm²)|"
    "Square petametres(Pm²)",
    "Weight/Mass": "Femtograms(fg)|Picograms(pg)|Nanograms(ng)|Micrograms(µg)|Carats(ct)|"
    "Milligrams(mg)|Centigrams(cg)|Decigrams(dg)|Grams(g)|Decagrams(dag)|Hectograms(hg)|"
    "Kilograms(kg)|Newtons(Earth)|Tonnes(t)|Ounces(oz)|Pounds(lb)|Stones(st)|Tons(US)|"
    "Tons(UK)|Catties(斤)|Grains(gr)|Gigagrams(Gg)|Teragrams(Tg)|Petagrams(Pg)",
    "Temperature": "Celsius(°C)|Fahrenheit(°F)|Kelvin(K)|Rankine scale(°R)|"
    "Delisle scale(°De)|Newton scale(°N)|Réaumur scale(°Ré)|Rømer scale(°Rø)",
    "Speed": "Centimetres per second(cm/s)|Metres per second(m/s)|Kilometres per hour(km/h)|"
    "Miles per hour(mi/h)|Knots(kn)|Feet per second(ft/s)|Feet per minute(ft/min)|"
    "Inch per second(in/s)|Mach(Ma)|Furlongs per Fortnight(fur/fn)|Bubnoff units(B)|"
    "Natural units(speed of light)",
    "Power": "Watts(W)|Kilowatts(KW)|Horsepower(hp)|Ergs per second(erg/s)|"
    "Foot-pounds per minute(ft-lb/min)|Decibel-milliwatts(dBm)|Calories per hour(cal/h)|"
    "BTUs per hour(BTU/h)|Tons of refrigeration(TR)",
    "Energy": "Electron volts(eV)|Joules(J)|Kilojoules(kJ)|Ergs(erg)|Calories(cal)|"
    "British Thermal units(BTU)|Kilowatt hours(KWh)|Kilocalories(kcal)|Foot-pounds(ft-lb)",
    "Pressure": "Atmospheres(atm)|Torrs(Torr)|Pascals(Pa)|Kilopascals(kPa)|"
    "Kips per square inch(kip/in²)|Pounds per square inch(lbf/in²)|Feet Sea Water(15°C)|Bars|"
    "Kilograms per square centimetre(kg/cm²)|Baryes(Ba)|Sthenes(sn)|"
    "Millimetres of mercury(mmHg)",
    "Time": "Nanoseconds(ns)|Microseconds(μs)|Milliseconds(ms)|Jiffies|Seconds(s)|Minutes(min)|"
    "Hours(hr)|Days|Weeks(wk)|Fortnights(fn)|Months(mo)|Years(yr)|Decades|Centuries|"
    "Millenniums|Galactic years(gal)",
    "Angle": "Degrees(°)|Radians(rad)|Gradians(grad)|Turns(tr)|Milliradians(mrad)|"
    "Minutes of arc(′)|Seconds of arc(″)",
    "Data": "Bits(b)|Nibbles|Crumbs|Bytes(B)|Kilobits(kb)|Kibibits(Kib)|Kilobytes(kB)|"
    "Kibibytes(KiB)|Megabits(Mb)|Mebibits(Mib)|Megabytes(MB)|Mebibytes(MiB)|Gigabits(Gb)|"
    "Gibibits(Gib)|Gigabytes(GB)|Gibibytes(GiB)|Terabits(Tb)|Tebibits(Tib)|Terabytes(TB)|"
    "Tebibytes(TiB)",
}
KEYS = (
    (("numberseven", "7"), ("numbereight", "8"), ("numbernine", "9"), ("mulop", "×")),
    (("numberfour", "4"), ("numberfive", "5"), ("numbersix", "6"), ("minusop", "-")),
    (("numberone", "1"), ("numbertwo", "2"), ("numberthree", "3"), ("plusop", "+")),
    (("numberzero", "𝟬"), ("pointbutton", "."), ("backspacebutton", "⌫"), ("equalop", "=")),
    (("acbutton", "AC"), ("powerbutton", "xʸ"), ("percentbutton", "%"), ("divideop", "÷")),
    (("sqrtbutton", "√"), ("pibutton", "𝝅"), ("leftbracbutton", "("), ("rightbracbutton", ")")),
)
PREFS = (
    ("General", (("hapticfdkey", "Haptic Feedback", "All sorts of forces and vibrations from "
                  "different interactions in the app."),)),
    ("Calculator", (
        ("leftjustifyres", "Left Justify Result", "Results are always left justified no matter "
         "small or large. Right justifies after pressing a button automatically."),
        ("almostintkey", "Almost Integer Rounding", "A number is rounded to the nearest integer "
         "if it is close enough to an integer."),
        ("canonintkey", "Canonical Rounding", "Solves precision problems like 0.1 + 0.2. "
         "Enabling this might cause losing precision in really small numbers."),
        ("", "Precision", "Default precision"),
        ("", "Date Time Format (History)", "Default format"),
    )),
    ("Converter", (
        ("lastusedtabkey", "Use Recent Tab", "Open the last used section by default."),
        ("", "Date Format (Currency Tab)", "YYYY-MM-DD"),
    )),
    ("App", (("", "Donate", ""), ("", "About", ""))),
)  # fmt: skip


def java_double(x: float) -> str:
    """Kotlin/Java ``Double.toString``."""
    if x != x:
        return "NaN"
    if x in (float("inf"), float("-inf")):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "0.0"
    a = abs(x)
    if 1e-3 <= a < 1e7:
        text = format(Decimal(repr(x)), "f")
        return text if "." in text else text + ".0"
    sign, digits, exp = Decimal(repr(x)).as_tuple()
    ds = "".join(map(str, digits)).rstrip("0") or "0"
    power = len(digits) - 1 + int(exp)
    return f"{'-' if sign else ''}{ds[0]}.{ds[1:] or '0'}E{power}"


def _scale(x: float, places: int) -> float:
    """``BigDecimal.valueOf(x).setScale(places, HALF_UP).toDouble()``."""
    return float(Decimal(repr(x)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def volume_convert(frm: int, to: int, value: float) -> float:
    """``UnitConv.Volume.convert``."""
    if frm == to:
        return value
    micro_qt = frm == 0
    op, k = _VOL[frm]
    temp = {"div": value / k, "mul": value * k, "one": value, "rnd": 0.0}[op]
    if op == "rnd":
        temp = _scale(value / k, 10)
    op, k = _VOL[to]
    if op == "div":
        return temp * k
    if op == "mul":
        return temp / k
    if op == "rnd":
        return _scale(temp * k, 10 if micro_qt else 3)
    return temp


def length_convert(frm: int, to: int, value: float) -> float:
    return value if frm == to else value * LENGTH[frm][1] / LENGTH[to][1]


CONVERTERS = {"Volume": volume_convert, "Length": length_convert}


def units_of(tab: str) -> tuple[str, ...]:
    if tab == "Volume":
        return VOLUME
    if tab == "Length":
        return tuple(name for name, _ in LENGTH)
    return tuple(OTHER_UNITS.get(tab, "").split("|")) if tab in OTHER_UNITS else ()


def _wrong_conversion(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of yetCalc#145: a Volume result was computed with units other than the
    ones its two spinners show."""
    return any(entry["tab"] == "Volume" for entry in data.get("wrong_results", []))


def _t(rid: str = "", text: str = "", cls: str = "") -> dict[str, Any]:
    return click(PACKAGE, rid, text, cls=cls)


OPEN_CONVERTER = [
    _t("modeselector"),
    _t("tvspinDropLyt", "Converter"),
]
OPEN_CALCULATOR = [
    _t("modeselector"),
    _t("tvspinDropLyt", "Calculator"),
]
VOLUME_TAB = [_t(text="Volume", cls="android.widget.TextView")]
PICK_FLOZ_TOP = [
    _t("spinner_firstConversion"),
    {"kind": "swipe", "direction": "up"},
    {"kind": "swipe", "direction": "up"},
    _t(text="Fluid Ounces(US)", cls="android.widget.TextView"),
]
PICK_ML_BOTTOM = [
    _t("spinner_secondConversion"),
    _t(text="Millilitres(ml)", cls="android.widget.TextView"),
]
TYPE_24 = [input_text(PACKAGE, "et_firstConversion", "24")]
REOPEN_ON_VOLUME = [*OPEN_CONVERTER, *VOLUME_TAB, *OPEN_CALCULATOR, *OPEN_CONVERTER]

BUG_145 = BugSpec(
    bug_id="yetCalc#145",
    kind="non-crash",
    title="Wrong conversion for fluid ounces to ml",
    oracle=_wrong_conversion,
    human_steps=tuple(REOPEN_ON_VOLUME + PICK_FLOZ_TOP + PICK_ML_BOTTOM + TYPE_24),
)

_SETTINGS = [
    {"kind": "click", "target": {"resource_id": "", "content_desc": "", "text": "",
                                 "class_name": "android.widget.TextView",
                                 "bounds": [933, 63, 1080, 336]}},
    _t("title", "Settings"),
]  # fmt: skip
WRONG_SEQUENCES = {
    "yetCalc#145": [
        # the report's steps on a fresh install: the tab was not restored
        OPEN_CONVERTER + VOLUME_TAB + PICK_FLOZ_TOP + PICK_ML_BOTTOM + TYPE_24,
        # reopened on Volume, but only the bottom unit changed (top stays Microlitres)
        REOPEN_ON_VOLUME + PICK_ML_BOTTOM + TYPE_24,
        # reopened on Volume, top unit chosen, bottom left at Microlitres
        REOPEN_ON_VOLUME + PICK_FLOZ_TOP + TYPE_24,
        # "Use Recent Tab" turned off before reopening: it opens on Currency
        OPEN_CONVERTER
        + VOLUME_TAB
        + _SETTINGS
        + [_t(text="Use Recent Tab", cls="android.widget.TextView"), {"kind": "press_back"}]
        + OPEN_CALCULATOR
        + OPEN_CONVERTER
        + VOLUME_TAB
        + PICK_FLOZ_TOP
        + PICK_ML_BOTTOM
        + TYPE_24,
    ],
}


def _toggle_pref(ctx: AppContext, key: str) -> None:
    ctx.data["prefs"].update({key: not ctx.data["prefs"][key]})


class YetCalc(VirtualApp):
    """yetCalc 1.1.4: calculator, unit converter, settings; bug yetCalc#145."""

    name: ClassVar[str] = "yetCalc"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "yetCalc"
    version: ClassVar[str] = "1.1.4"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_145,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "prefs": {
                "hapticfdkey": True,
                "leftjustifyres": True,
                "almostintkey": True,
                "canonintkey": False,
                "lastusedtabkey": True,
            },
            "tabpref": None,  # filesDir/tabpref.json, written on pause
            "wrong_results": [],
        }

    # ----- lifecycle -----

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity != CONV:
            return
        ui = ctx.ui
        if "frags" in ui:  # re-created (rotation): onPause saved the tab, views keep their state
            ctx.data["tabpref"] = ui["tab"]
            return
        ui["vm"] = {}  # the activity's UnitConvViewModel
        ui["frags"] = {}
        ui["tab"] = 0
        ui["restored"] = None
        if ctx.data["prefs"]["lastusedtabkey"]:  # initTabPrefs
            tab = ctx.data["tabpref"] or 0
            ui["tab"] = tab
            self._create_fragment(ctx, tab, callbacks=False)
            ui["restored"] = tab
        else:
            self._create_fragment(ctx, 0, callbacks=True)

    def _save_tab(self, ctx: AppContext) -> None:
        """``saveTabPrefs`` (onPause/onStop/onDestroy and before switching mode)."""
        if ctx.activity == CONV:
            ctx.data["tabpref"] = ctx.ui.get("tab", 0)

    # ----- converter fragments -----

    def _vm(self, ctx: AppContext, tab: int) -> dict[str, Any]:
        return ctx.ui["vm"].setdefault(str(tab), {"ft": 0, "sd": 0, "init": False, "sinit": False})

    def _frag(self, ctx: AppContext, tab: int) -> dict[str, Any]:
        return ctx.ui["frags"][str(tab)]

    def _create_fragment(self, ctx: AppContext, tab: int, *, callbacks: bool) -> None:
        if str(tab) in ctx.ui["frags"]:
            return
        ctx.ui["frags"][str(tab)] = {"t1": "", "t2": "", "s1": 0, "s2": 0}
        if callbacks and units_of(TABS[tab]):
            # The spinners' first layout reports position 0 on each.
            self._spinner1_selected(ctx, tab, 0)
            self._spinner2_selected(ctx, tab, 0)

    def _select_tab(self, ctx: AppContext, tab: int) -> None:
        ctx.ui["tab"] = tab
        ctx.ui.pop("dropdown", None)
        self._create_fragment(ctx, tab, callbacks=True)
        ctx.hide_keyboard()

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity != CONV or ctx.ui.get("dropdown") or ctx.ui.get("menu"):
            return False
        tab = ctx.ui["tab"] + (1 if direction == "left" else -1 if direction == "right" else 0)
        if tab == ctx.ui["tab"] or not 0 <= tab < len(TABS):
            return False
        self._select_tab(ctx, tab)
        return True

    def _convert(self, ctx: AppContext, tab: int, which: str) -> None:
        """``getConversionResults``/``convert`` for the first (``t1``) or second field."""
        frag, vm = self._frag(ctx, tab), self._vm(ctx, tab)
        source = frag["t1"] if which == "t1" else frag["t2"]
        fn = CONVERTERS.get(TABS[tab])
        if not source.strip() or fn is None:
            return
        try:
            value = float(source)
        except ValueError:
            return  # toDouble() threw; logged and ignored
        if which == "t1":
            frm, to, shown_frm, shown_to, out = vm["ft"], vm["sd"], frag["s1"], frag["s2"], "t2"
        else:
            frm, to, shown_frm, shown_to, out = vm["sd"], vm["ft"], frag["s2"], frag["s1"], "t1"
        result = fn(frm, to, value)
        text = java_double(result)
        if text != frag[out]:
            frag[out] = text
            expected = fn(shown_frm, shown_to, value)
            if abs(result - expected) > 1e-9 * max(abs(expected), 1e-300):
                ctx.data["wrong_results"].append(
                    {"tab": TABS[tab], "input": source, "shown": text, "from": shown_frm}
                )

    def _spinner1_selected(self, ctx: AppContext, tab: int, pos: int) -> None:
        vm, frag = self._vm(ctx, tab), self._frag(ctx, tab)
        frag["s1"] = pos
        if not vm["init"]:
            vm.update(init=True, ft=pos, sd=0)  # the init branch: the other spinner taken as 0
        else:
            vm.update(ft=pos, sd=frag["s2"])
        self._convert(ctx, tab, "t1")
        self._convert(ctx, tab, "t2")

    def _spinner2_selected(self, ctx: AppContext, tab: int, pos: int) -> None:
        vm, frag = self._vm(ctx, tab), self._frag(ctx, tab)
        frag["s2"] = pos
        if not vm["sinit"]:
            vm.update(sinit=True, ft=0, sd=pos)  # the init branch: the other spinner taken as 0
        else:
            vm.update(ft=frag["s1"], sd=pos)
        self._convert(ctx, tab, "t1")

    def _pick(self, ctx: AppContext, which: str, pos: int) -> None:
        tab = ctx.ui["tab"]
        ctx.ui.pop("dropdown", None)
        if self._frag(ctx, tab)[which] == pos:
            return  # the same item: no onItemSelected
        if which == "s1":
            self._spinner1_selected(ctx, tab, pos)
        else:
            self._spinner2_selected(ctx, tab, pos)

    def _typed(self, ctx: AppContext, which: str, text: str) -> None:
        tab = ctx.ui["tab"]
        self._frag(ctx, tab)[which] = text
        self._convert(ctx, tab, which)

    # ----- navigation -----

    def _mode(self, ctx: AppContext, pos: int) -> None:
        ctx.ui.pop("modes", None)
        current = 1 if ctx.activity == CONV else 2 if ctx.activity == PROGRAMMER else 0
        if pos == current:
            return
        self._save_tab(ctx)
        ctx.start_activity((MAIN, CONV, PROGRAMMER)[pos])

    def _menu_pick(self, ctx: AppContext, what: str) -> None:
        ctx.ui.pop("menu", None)
        if what == "Settings":
            self._save_tab(ctx)
            ctx.start_activity(SETTINGS)
        elif what == "History":
            ctx.start_activity(HISTORY)
        elif what == "Select theme":
            ctx.ui["theme_dialog"] = True

    def on_back(self, ctx: AppContext) -> bool:
        for key in ("dropdown", "menu", "modes", "theme_dialog"):
            if w.dismiss(ctx.ui, key):
                return True
        self._save_tab(ctx)
        return False

    # ----- screens -----

    def _selector(self, mode: int) -> View:
        """The ``modeselector`` Spinner showing ``custom_spinner_layout`` for ``mode``."""
        return View(
            cls="android.widget.Spinner",
            resource_id="modeselector",
            on_click=lambda c: c.ui.update(modes=True),
            width=520,
            height=147,
            children=[
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="customSpinItemLyt",
                    layout=HORIZONTAL,
                    children=[
                        w.image_view("imSpinLyt", width=110),
                        w.text_view(MODES[mode], "tvSpinLyt", width=300),
                        w.image_view("customSpinIcon", width=110),
                    ],
                )
            ],
        )

    def _menu_item(self) -> View:
        """The menu's only action: an icon item with an empty title (opens its submenu)."""
        return w.action_item("", "", lambda c: c.ui.update(menu=True))

    def _toolbar(self, ctx: AppContext, mode: int, *, with_angle: bool) -> View:
        items = [self._selector(mode)]
        if with_angle:
            items.append(w.button("currentAngleView", "DEG", lambda c: None))
        else:
            items.append(View(cls="android.view.View"))
        items.append(self._menu_item())
        return View(
            cls="android.view.ViewGroup",
            resource_id="app_bar",
            layout=HORIZONTAL,
            height=147,
            style="toolbar",
            children=items,
        )

    def _windows(self, ctx: AppContext, *, history: bool) -> list[Window]:
        ui = ctx.ui
        wins: list[Window] = []
        if ui.get("modes"):
            rows = [
                w.linear_layout(
                    [w.image_view("imspinDropLyt", width=110), w.text_view(m, "tvspinDropLyt")],
                    horizontal=True,
                    height=140,
                    on_click=w.bind(self._mode, i),
                )
                for i, m in enumerate(MODES)
            ]
            wins.append(
                Window(
                    root=View(cls="android.widget.ListView", weight=0, children=rows),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.pop("modes", None),
                    bounds=(0, 63, 600, 63 + 140 * 3),
                )
            )
        if ui.get("menu"):
            titles = (["History"] if history else []) + ["Select theme", "Settings", "Help"]
            wins.append(
                w.menu_window(
                    [(t, w.bind(self._menu_pick, t)) for t in titles],
                    lambda c: c.ui.pop("menu", None),
                )
            )
        if ui.get("theme_dialog"):
            close = lambda c: c.ui.pop("theme_dialog", None)  # noqa: E731
            body = View(
                cls="android.widget.RadioGroup",
                resource_id="theme_group",
                weight=0,
                children=[
                    w.radio_button("systemRadioBt", "System (Default)", True, None),
                    w.radio_button("darkRadioBt", "Dark", False, None),
                    w.radio_button("lightRadioBt", "Light", False, None),
                ],
            )
            buttons = [
                w.button("negative_button", "Cancel", close),
                w.button("positive_button", "OK", close),
            ]
            wins.append(
                w.alert_dialog(w.text_view("Choose theme", "title"), [body], buttons, close)
            )
        dropdown = ui.get("dropdown")
        if dropdown:
            units = units_of(TABS[ui["tab"]])
            rows = [
                w.text_view(u, on_click=w.bind(self._pick, dropdown, i), height=126)
                for i, u in enumerate(units)
            ]
            wins.append(
                Window(
                    root=View(
                        cls="android.widget.ListView",
                        height=126 * min(10, len(units)),
                        scrollable=True,
                        scroll_key="dropdown_scroll",
                        children=rows,
                    ),
                    kind="menu",
                    on_dismiss=lambda c: c.ui.pop("dropdown", None),
                )
            )
        return wins

    def _render_main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        ui.setdefault("expr", "")
        ui.setdefault("result", "")
        rows = [
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=150,
                children=[w.button(rid, label, w.bind(self._key, label)) for rid, label in row],
            )
            for row in KEYS
        ]
        display = View(
            cls="android.widget.LinearLayout",
            resource_id="linearLayout",
            height=420,
            children=[
                w.text_view(ui["result"], "textresult", height=170),
                View(
                    cls="android.widget.EditText",
                    resource_id="textexpression",
                    text=ui["expr"],
                    focusable=False,
                    height=250,
                ),
            ],
        )
        content = View(
            cls="androidx.constraintlayout.widget.ConstraintLayout",
            resource_id="consMain",
            children=[self._toolbar(ctx, 0, with_angle=True), display, *rows],
        )
        return Screen(content=content, windows=self._windows(ctx, history=True))

    def _key(self, ctx: AppContext, label: str) -> None:
        ui = ctx.ui
        if label == "AC":
            ui.update(expr="", result="")
        elif label == "⌫":
            ui["expr"] = ui["expr"][:-1]
        elif label == "=":
            ui["expr"] = ui["result"] or ui["expr"]
        elif label in "0123456789.()+-×÷𝟬":
            ui["expr"] += "0" if label == "𝟬" else label
        expr = ui["expr"].replace("×", "*").replace("÷", "/")
        ui["result"] = ""
        if expr and re.fullmatch(r"[0-9.()+\-*/]+", expr):
            try:
                value = eval(expr, {"__builtins__": {}}, {})  # noqa: S307 - digits and operators
                ui["result"] = java_double(float(value)).removesuffix(".0")
            except Exception:  # noqa: BLE001 - an incomplete expression shows nothing
                ui["result"] = ""

    def _render_conv(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        tab = ui["tab"]
        tab_strip = w.tabs(TABS, tab, self._select_tab, rid="unittabslyt")
        # tabMode="scrollable": tabs keep their width; the strip scrolls to the selected one.
        first = max(0, min(tab - 1, len(TABS) - 3))
        tab_strip.children = tab_strip.children[first : first + 4]
        for child in tab_strip.children:
            child.width = 330
        header = View(
            cls="android.view.ViewGroup",
            resource_id="unitconvappbar",
            layout=HORIZONTAL,
            height=147 + 126,
            style="toolbar",
            children=[
                View(cls="android.widget.LinearLayout", children=[self._selector(1), tab_strip]),
                self._menu_item(),
            ],
        )
        if TABS[tab] == "Currency":
            page = View(
                cls="android.widget.RelativeLayout",
                children=[
                    View(
                        cls="android.widget.LinearLayout",
                        resource_id="nointlyt",
                        weight=0,
                        children=[
                            w.image_view("nointimg", height=300),
                            w.text_view("No Internet Connection", "nointtext"),
                            w.text_view(
                                "Currency conversion requires an Internet connection.",
                                "nointpara",
                            ),
                            w.button("nointtryagain", "Try Again", lambda c: None, width=400),
                        ],
                    )
                ],
            )
        else:
            frag = self._frag(ctx, tab)
            units = units_of(TABS[tab])

            def field(rid: str, key: str, hint: str) -> View:
                return w.edit_text(rid, frag[key], lambda c, t: self._typed(c, key, t), hint=hint)

            def spin(rid: str, key: str) -> View:
                return View(
                    cls="android.widget.Spinner",
                    resource_id=rid,
                    height=126,
                    on_click=lambda c: c.ui.update(dropdown=key, dropdown_scroll=0),
                    children=[w.text_view(units[frag[key]], height=126)],
                )

            card = View(
                cls="android.widget.LinearLayout",
                resource_id="cardll_parent",
                weight=0,
                children=[
                    field("et_firstConversion", "t1", "From"),
                    spin("spinner_firstConversion", "s1"),
                    field("et_secondConversion", "t2", "To"),
                    spin("spinner_secondConversion", "s2"),
                ],
            )
            page = w.scroll_view(
                [View(cls="android.widget.LinearLayout", resource_id="ll_parent", children=[card])]
            )
        pager = View(
            cls="android.widget.FrameLayout",
            resource_id="unitviewpager",
            children=[View(cls="androidx.recyclerview.widget.RecyclerView", children=[page])],
        )
        root = View(cls="android.widget.RelativeLayout", children=[header, pager])
        return Screen(content=root, windows=self._windows(ctx, history=False))

    def _render_settings(self, ctx: AppContext) -> Screen:
        prefs = ctx.data["prefs"]
        rows: list[View] = []
        for category, items in PREFS:
            rows.append(w.preference_category(category))
            for key, title, summary in items:
                if key:
                    rows.append(
                        w.preference(
                            title,
                            summary,
                            w.bind(_toggle_pref, key),
                            widget=w.switch_widget(prefs[key], rid="switchWidget"),
                        )
                    )
                else:
                    rows.append(w.preference(title, summary, lambda c: None))
        bar = w.toolbar(
            w.text_view("Settings", "settingstitle", height=147),
            navigation=w.up_button(),
            rid="settings_app_bar",
        )
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_view",
            scrollable=True,
            children=rows,
        )
        content = View(cls="android.widget.LinearLayout", children=[bar, listing])
        return Screen(content=content)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == CONV:
            return self._render_conv(ctx)
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity in (PROGRAMMER, HISTORY):
            title = "Programmer" if ctx.activity == PROGRAMMER else "History"
            bar = w.toolbar(title, navigation=w.up_button())
            if ctx.activity == PROGRAMMER:
                bar = self._toolbar(ctx, 2, with_angle=False)
            return Screen(
                content=View(cls="android.widget.FrameLayout", layout=FRAME, children=[bar]),
                windows=self._windows(ctx, history=False),
            )
        return self._render_main(ctx)
