"""CalcYou (``net.youapps.calcyou``) 5.0, for CalcYou#90.

Modelled from the sources at tag ``v5.0`` (commit ``9e45caa``, "chore: bump version to v5.0"):
``MainActivity.kt``, ``ui/MainScreen.kt`` (the drawer, the centred top app bar, the landscape
navigation rail), ``ui/components/NavDrawerContent.kt``, ``NavHost.kt``, ``Destination.kt`` (the
22 converter cards in their order), ``ui/screens/ConverterGridScreen.kt``,
``ui/components/ConverterCard.kt``, ``ui/screens/ConverterScreen.kt``,
``viewmodels/UnitConverterViewModel.kt``, ``persistence/FavoriteUnitsRepository.kt``,
``persistence/FavoriteUnitsSerializer.kt``, ``proto/favorite_units.proto``,
``app/build.gradle.kts`` (release builds are minified with R8), ``res/values/strings.xml``; and
the fix, commit ``701d3db`` ("fix: release builds miss android datastore classes", released in
5.1), which only adds keep rules for ``androidx.datastore`` and for every subclass of
``com.google.protobuf.GeneratedMessageLite`` to ``proguard-rules.pro``.

The app is Jetpack Compose: no resource ids; texts are ``TextView`` nodes, the drawer's menu
icon is an ``IconButton`` with no content description (a ``Button`` with neither text nor
description), the calculator's keys are clickable views (digits with their text, operators as
icons with no description), the converter cards clickable views holding their title.
There is no first-run screen: the app opens on the calculator.

The bug (CalcYou#90, crash): 5.0 added a Proto DataStore (``favorite_units.pb``) that
``ConverterScreen`` reads through ``UnitConverterViewModel.selectedUnit`` as soon as any
converter opens. In the R8-minified release build the generated protobuf-lite message classes
lose the fields the protobuf runtime finds by reflection, so the first read of the store (the
default ``FavoriteUnits`` instance, hashed by DataStore) throws and the app closes: tapping any
converter card crashes, every time. The calculator, graphing and character input screens do
not touch the store.

Uncertain: the reporter's log is an attachment this report does not carry, so the exception is
the one protobuf-lite throws for a message whose fields were shrunk away (a
``java.lang.RuntimeException`` "Field categories_ for net.you_apps.calcyou.FavoriteUnits not
found. Known fields are [...]"), with de-obfuscated frames. The converter screen itself
(never shown by this build) is not modelled. Character Input and Graphing are stubs (their
title). The calculator keeps only the typed expression (no evaluation).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "net.youapps.calcyou"
MAIN = ".MainActivity"

CALCULATOR = "calculator"
CONVERTERS = "converters"
CHARACTER_INPUT = "character_input"
GRAPHING = "graphing"

# The drawer's destinations: (route, label).
DRAWER = (
    (CALCULATOR, "Calculator"),
    (CONVERTERS, "Unit Converter"),
    (CHARACTER_INPUT, "Character Input"),
    (GRAPHING, "Graphing"),
)
# Destination.Converter.doubleConverters + stringConverters: (route, title).
CONVERTER_CARDS = (
    ("temperature", "Temperature"),
    ("area", "Area"),
    ("digital_storage", "Storage"),
    ("frequency", "Frequency"),
    ("length", "Length"),
    ("mass", "Mass"),
    ("speed", "Speed"),
    ("cooking", "Cooking"),
    ("volume", "Volume"),
    ("angle", "Angle"),
    ("power", "Power"),
    ("viscosity", "Viscosity"),
    ("force", "Force"),
    ("energy", "Energy"),
    ("torque", "Torque"),
    ("density", "Density"),
    ("fuel", "Fuel"),
    ("time", "Time"),
    ("pressure", "Pressure"),
    ("light", "Light"),
    ("currencies", "Currencies"),
    ("number", "Base"),
)
# The centre keypad, row by row: a digit's text, or an icon key's event name.
KEYPAD = (
    (("icon", "("), ("icon", ")"), ("icon", "%"), ("icon", "÷")),
    (("text", "7"), ("text", "8"), ("text", "9"), ("icon", "×")),
    (("text", "4"), ("text", "5"), ("text", "6"), ("icon", "-")),
    (("text", "1"), ("text", "2"), ("text", "3"), ("icon", "+")),
    (("text", "0"), ("text", "."), ("icon", "del"), ("icon", "=")),
)

FIELD_NOT_FOUND = (
    "Field categories_ for net.you_apps.calcyou.FavoriteUnits not found. "
    "Known fields are [public static final net.you_apps.calcyou.FavoriteUnits "
    "net.you_apps.calcyou.FavoriteUnits.DEFAULT_INSTANCE]"
)
STORE_FRAMES = (
    "com.google.protobuf.MessageSchema.reflectField(MessageSchema.java:765)",
    "com.google.protobuf.MessageSchema.newSchemaForRawMessageInfo(MessageSchema.java:520)",
    "com.google.protobuf.MessageSchema.newSchema(MessageSchema.java:232)",
    "com.google.protobuf.ManifestSchemaFactory.newSchema(ManifestSchemaFactory.java:55)",
    "com.google.protobuf.ManifestSchemaFactory.createSchema(ManifestSchemaFactory.java:43)",
    "com.google.protobuf.Protobuf.schemaFor(Protobuf.java:65)",
    "com.google.protobuf.Protobuf.schemaFor(Protobuf.java:79)",
    "com.google.protobuf.GeneratedMessageLite.computeHashCode(GeneratedMessageLite.java:97)",
    "com.google.protobuf.GeneratedMessageLite.hashCode(GeneratedMessageLite.java:107)",
    "androidx.datastore.core.Data.<init>(State.kt:49)",
    "androidx.datastore.core.DataStoreImpl.readDataOrHandleCorruption(DataStoreImpl.kt:403)",
    "androidx.datastore.core.DataStoreImpl.readDataAndUpdateCache(DataStoreImpl.kt:328)",
    "androidx.datastore.core.DataStoreImpl$data$1.invokeSuspend(DataStoreImpl.kt:79)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:34)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:100)",
    "androidx.compose.ui.platform.AndroidUiDispatcher.performTrampolineDispatch(AndroidUiDispatcher.android.kt:79)",
    "androidx.compose.ui.platform.AndroidUiDispatcher.access$performTrampolineDispatch(AndroidUiDispatcher.android.kt:41)",
    "androidx.compose.ui.platform.AndroidUiDispatcher$dispatchCallback$1.run(AndroidUiDispatcher.android.kt:68)",
    "android.os.Handler.handleCallback(Handler.java:995)",
    "android.os.Handler.dispatchMessage(Handler.java:103)",
    "android.os.Looper.loopOnce(Looper.java:248)",
    "android.os.Looper.loop(Looper.java:338)",
    "android.app.ActivityThread.main(ActivityThread.java:9067)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:593)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:932)",
)


def _converter_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of CalcYou#90: the app died reading the favourite units store."""
    return crashed(system, PACKAGE, "java.lang.RuntimeException", "FavoriteUnits not found")


# The drawer's menu icon: the only android.widget.Button on the screen (no text, no desc).
MENU_ICON = click(PACKAGE, cls="android.widget.Button", bounds=[0, 63, 147, 210])

BUG_90 = BugSpec(
    bug_id="CalcYou#90",
    kind="crash",
    title="Unit converter tools cause an instant crash on graphene OS (google pixel 9)",
    oracle=_converter_crashed,
    human_steps=(
        MENU_ICON,
        click(PACKAGE, text="Unit Converter"),
        click(PACKAGE, text="Length"),
    ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "CalcYou#90": [
        # the converter list only
        [MENU_ICON, click(PACKAGE, text="Unit Converter")],
        # another drawer destination
        [MENU_ICON, click(PACKAGE, text="Graphing")],
        [MENU_ICON, click(PACKAGE, text="Character Input")],
        # the list, then Back (the app closes)
        [MENU_ICON, click(PACKAGE, text="Unit Converter"), {"kind": "press_back"}],
        # the calculator's keys
        [click(PACKAGE, text="7"), click(PACKAGE, text="2")],
    ]
}


class CalcYou(VirtualApp):
    """CalcYou 5.0: calculator, drawer, converter grid; every converter crashes on opening."""

    name: ClassVar[str] = "CalcYou"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "CalcYou"
    version: ClassVar[str] = "5.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_90,)

    def initial_data(self) -> dict[str, Any]:
        # favorite_units.pb does not exist until a converter saves a unit.
        return {"favorite_units": None}

    # -- state ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", [CALCULATOR])  # the NavHost's back stack
        ctx.ui.setdefault("current", CALCULATOR)  # MainScreen's currentDestination
        ctx.ui.setdefault("drawer", False)
        ctx.ui.setdefault("expression", "")
        ctx.ui.setdefault("grid_scroll", 0)

    def _open_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = True

    def _select(self, ctx: AppContext, route: str) -> None:
        """A drawer (or rail) entry: close the drawer, popBackStack(), navigate(route)."""
        ctx.ui["drawer"] = False
        stack = ctx.ui["stack"]
        if stack:
            stack.pop()
        stack.append(route)
        ctx.ui["current"] = route

    def _open_converter(self, ctx: AppContext, route: str) -> None:
        """A converter card: navigate to the converter, whose screen reads the favourite units
        store at once (``selectedUnit.collectAsState``)."""
        ctx.ui["stack"].append(route)
        self._read_favorite_units(ctx)

    def _read_favorite_units(self, ctx: AppContext) -> None:
        # The bug: R8 shrank the generated FavoriteUnits message, so hashing even the default
        # instance (what DataStore does with the first value it reads) fails.
        raise JavaException("java.lang.RuntimeException", FIELD_NOT_FOUND, list(STORE_FRAMES))

    def _key(self, ctx: AppContext, key: str) -> None:
        if key == "del":
            ctx.ui["expression"] = ctx.ui["expression"][:-1]
        elif key == "=":
            return
        else:
            ctx.ui["expression"] += key

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "drawer"):
            return True
        return w.pop_back_stack(ctx.ui["stack"])

    # -- screens -------------------------------------------------------------------------------
    def _calculator(self, ctx: AppContext) -> View:
        display = w.edit_text("", ctx.ui["expression"], None, height=160)
        rows = []
        for row in KEYPAD:
            keys = []
            for kind, value in row:
                keys.append(
                    View(
                        cls="android.view.View",
                        text=value if kind == "text" else "",
                        on_click=w.bind(self._key, value),
                        on_long_click=w.bind(self._key, "del") if value == "del" else None,
                        height=230,
                        children=[] if kind == "text" else [w.image_view(height=130)],
                    )
                )
            rows.append(w.linear_layout(keys, horizontal=True, height=240, weight=0))
        history = View(cls="android.view.View", height=200)
        return w.linear_layout([history, display, *rows])

    def _grid(self, ctx: AppContext) -> View:
        cards = [
            View(
                cls="android.view.View",
                on_click=w.bind(self._open_converter, route),
                height=262,
                children=[w.image_view(height=84), w.text_view(title, height=90)],
            )
            for route, title in CONVERTER_CARDS
        ]
        rows = [
            w.linear_layout(cards[i : i + 3], horizontal=True, height=283, weight=0)
            for i in range(0, len(cards), 3)
        ]
        return View(
            cls="android.view.View",
            scrollable=True,
            scroll_key="grid_scroll",
            children=rows,
        )

    def _body(self, ctx: AppContext) -> View:
        route = ctx.ui["stack"][-1] if ctx.ui["stack"] else CALCULATOR
        if route == CONVERTERS:
            return self._grid(ctx)
        if route == CHARACTER_INPUT:
            return w.linear_layout([w.text_view("Character Input")])
        if route == GRAPHING:
            return w.linear_layout([w.text_view("Graphing")])
        return self._calculator(ctx)

    def _drawer(self, ctx: AppContext) -> View:
        entries = [
            View(
                cls="android.view.View",
                selected=ctx.ui["current"] == route,
                on_click=w.bind(self._select, route),
                height=147,
                children=[w.image_view(width=100, height=147), w.text_view(label, height=147)],
                layout=HORIZONTAL,
            )
            for route, label in DRAWER
        ]
        header = w.linear_layout(
            [View(height=80), w.image_view(height=336), w.text_view("CalcYou", height=100)],
            weight=0,
        )
        return View(
            cls="android.view.View",
            width=788,
            style="dialog",
            gravity="start",
            children=[header, *entries],
        )

    def render(self, ctx: AppContext) -> Screen:
        body = self._body(ctx)
        if ctx.orientation == "landscape":
            rail = w.linear_layout(
                [
                    View(
                        cls="android.view.View",
                        selected=ctx.ui["current"] == route,
                        on_click=w.bind(self._select, route),
                        height=200,
                        children=[w.image_view(height=100), w.text_view(label, height=80)],
                    )
                    for route, label in DRAWER
                ],
                width=210,
            )
            page = w.linear_layout([rail, body], horizontal=True)
        else:
            bar = w.toolbar(
                View(
                    cls="android.widget.TextView",
                    text="CalcYou",
                    height=w.TOOLBAR_HEIGHT,
                ),
                navigation=View(
                    cls="android.widget.Button",
                    on_click=self._open_drawer,
                    width=147,
                ),
                rid="",
                cls="android.view.View",
            )
            page = w.linear_layout([bar, body])
        if not ctx.ui["drawer"]:
            return Screen(content=page)
        scrim = View(cls="android.view.View", style="dim", on_click=w.bind(self._close_drawer))
        return Screen(content=View(layout=FRAME, children=[page, scrim, self._drawer(ctx)]))

    def _close_drawer(self, ctx: AppContext) -> None:
        ctx.ui["drawer"] = False
