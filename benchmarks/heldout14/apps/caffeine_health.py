"""Caffeine Health 2.2.2 (``com.uc.caffeine``), with bug CaffeineHealth#28.

Modelled from the sources at tag ``v2.2.2`` (commit ``e5655a9``, "Fix Health Connect two-way sync
and bump version to v2.2.2-beta.2", the latest release when the report was filed) and the fix
commit ``aff4813`` ("Migrate navigation routes to use kotlinx.serialization", released after the
report). Files read: ``AndroidManifest.xml``, ``MainActivity.kt`` (``CaffeineApp``,
``MainAppShell``, ``AddConsumptionButton``, ``DestinationIcon``), ``MainNavigation.kt``,
``ui/onboarding/OnboardingRoot.kt``, ``OnboardingScreens.kt`` (``IntroScreen``,
``ProfileReadyScreen``), ``OnboardingComponents.kt`` (``LegalSheet``),
``CompletionCelebration.kt``, ``StartupRouting.kt``, ``ui/screens/AddScreen.kt``, the string names
of ``HomeScreen.kt``, ``util/CategoryUtils.kt``, ``assets/consumable_items.json`` and
``res/values/strings.xml``.

A Jetpack Compose app: nodes carry texts and content descriptions, no resource ids.

Screens:

- first run: ``MainActivity.onCreate`` asks for ``POST_NOTIFICATIONS`` (the system dialog);
  then, with no finished onboarding and no history, ``OnboardingRoot``: Intro ("Caffeine Health",
  "Skip", "WELCOME", "Know your caffeine. Protect your sleep.", "Get started"). "Skip" applies
  the default profile and opens Profile ready ("Back", the estimated half-life / sleep threshold
  / typical bedtime cards, "Review legal bits"), which opens the Legal stuff sheet (the medical
  disclaimer, the acknowledgement checkbox, "Let's start tracking", enabled once ticked); the
  celebration ("Profile saved.", "Take me home") then shows the main shell. "Get started" leads
  to the questionnaire pages (stubs here: their title, "Back", "Skip", "Continue").
- ``MainAppShell``: the Navigation 3 back stack ``rememberNavBackStack(AppDestinations.HOME)``;
  Home ("Home", "Sleep Forecast", "My Consumptions", "No consumptions logged yet" or the logged
  drinks), the "Add Consumption" button (Home only) and the floating toolbar of toggle buttons
  "Home", "Analytics", "Settings" (Analytics and Settings are stubs). "Add Consumption" pushes
  ``AddRoute``: "Add a drink", "Create custom drink", the "Search drinks…" field, the category
  filters (All, Coffee, Energy, Tea, Soft Drink, Chocolate, Pills) and the drink tiles (a subset
  of the bundled catalogue); a tile opens its serving sheet ("Log can of", "Total caffeine",
  "Add entry"), which logs the drink, shows "Logged <name>" and pops back to Home. Back pops.

The bug (CaffeineHealth#28, crash): ``AddRoute`` is declared ``object AddRoute : AppRoute,
java.io.Serializable`` without kotlinx's ``@Serializable`` (the enum destinations get a
serializer by reflection). When the activity saves its state while ``AddRoute`` is on the back
stack (leaving the app for another one, which stops the activity, or a rotation, which re-creates
it: the manifest only handles ``locale|layoutDirection``), Navigation 3's ``NavKeySerializer``
finds no serializer and throws ``kotlinx.serialization.SerializationException``; the app dies.
The fix adds ``@Serializable``. The oracle reads the recorded crash.

Stubbed: the questionnaire pages, Analytics, Settings, custom drinks, search results beyond
name filtering, Health Connect, widgets, notifications. The drink list holds 8 of the 224
bundled items. Uncertain: the library frames of the crash (names and line numbers of
navigation3 1.1.0 / kotlinx-serialization internals) and the exact message wording.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, step
from device_agent.virtual.stacks import message_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.uc.caffeine"
MAIN = ".MainActivity"
NOTIFICATIONS = "android.permission.POST_NOTIFICATIONS"
SER_EXC = "kotlinx.serialization.SerializationException"
SER_MESSAGE = (
    "Serializer for class 'AddRoute' is not found.\n"
    "Please ensure that class is marked as '@Serializable' and that the serialization compiler "
    "plugin is applied.\n"
)
# (id, name, category, unit, caffeine mg) from assets/consumable_items.json
DRINKS = [
    ("americano", "Americano", "coffee", "cup", 154),
    ("drip-coffee", "Drip coffee", "coffee", "cup", 163),
    ("espresso", "Espresso", "coffee", "shot", 63),
    ("red-bull", "Red Bull", "energy_drink", "can", 80),
    ("monster-energy", "Monster Energy", "energy_drink", "can", 160),
    ("tea-black", "Tea (Black)", "tea", "cup", 47),
    ("green-tea", "Green Tea", "tea", "cup", 28),
    ("coca-cola", "Coca-Cola", "soft_drink", "can", 34),
]
CATEGORIES = [
    ("coffee", "Coffee"),
    ("energy_drink", "Energy"),
    ("tea", "Tea"),
    ("soft_drink", "Soft Drink"),
    ("chocolate", "Chocolate"),
    ("pill", "Pills"),
]
QUESTIONNAIRE = {
    "basic": "Basic info",
    "sleep": "Sleep",
    "lifestyle": "Lifestyle",
    "medical": "Medical",
}


def save_state_crash(rotation: bool) -> JavaException:
    """``NavKeySerializer`` meeting ``AddRoute`` while the activity saves its state."""
    stop = [
        "android.app.ActivityThread.callActivityOnStop(ActivityThread.java:5629)",
        "android.app.ActivityThread.performStopActivityInner(ActivityThread.java:5600)",
        "android.app.ActivityThread.handleStopActivity(ActivityThread.java:5675)",
        "android.app.servertransaction.StopActivityItem.execute(StopActivityItem.java:43)",
    ]
    relaunch = [
        "android.app.ActivityThread.handleRelaunchActivityInner(ActivityThread.java:6105)",
        "android.app.ActivityThread.handleRelaunchActivity(ActivityThread.java:6050)",
        "android.app.servertransaction.ActivityRelaunchItem.execute(ActivityRelaunchItem.java:71)",
    ]
    frames = [
        "kotlinx.serialization.internal.Platform_commonKt.serializerNotRegistered"
        "(Platform.common.kt:91)",
        "kotlinx.serialization.SerializersKt__SerializersKt.serializer(Serializers.kt:318)",
        "kotlinx.serialization.SerializersKt.serializer(Unknown Source:1)",
        "androidx.navigation3.runtime.serialization.NavKeySerializer.serialize"
        "(NavKeySerializer.kt:79)",
        "androidx.navigation3.runtime.serialization.NavBackStackSerializer.serialize"
        "(NavBackStackSerializer.kt:59)",
        "androidx.savedstate.serialization.SavedStateEncoderKt.encodeToSavedState"
        "(SavedStateEncoder.kt:91)",
        "androidx.compose.runtime.saveable.SaveableStateRegistryImpl.performSave"
        "(SaveableStateRegistry.kt:136)",
        "androidx.compose.ui.platform.DisposableSaveableStateRegistry_androidKt"
        "$DisposableSaveableStateRegistry$1.saveState(DisposableSaveableStateRegistry.android.kt:95)",
        "androidx.savedstate.SavedStateRegistry.performSave(SavedStateRegistry.kt:252)",
        "androidx.savedstate.SavedStateRegistryController.performSave"
        "(SavedStateRegistryController.kt:98)",
        "androidx.activity.ComponentActivity.onSaveInstanceState(ComponentActivity.kt:352)",
        "android.app.Activity.performSaveInstanceState(Activity.java:2189)",
        "android.app.Instrumentation.callActivityOnSaveInstanceState(Instrumentation.java:1616)",
        "android.app.ActivityThread.callActivityOnSaveInstanceState(ActivityThread.java:6134)",
        *(relaunch if rotation else stop),
        "android.app.servertransaction.TransactionExecutor.executeLifecycleState"
        "(TransactionExecutor.java:180)",
        "android.app.servertransaction.TransactionExecutor.execute(TransactionExecutor.java:98)",
        "android.app.ActivityThread$H.handleMessage(ActivityThread.java:2595)",
        *message_frames(35),
    ]
    return JavaException(SER_EXC, SER_MESSAGE, frames)


def add_route_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of CaffeineHealth#28: the app died saving a back stack holding AddRoute."""
    return crashed(system, PACKAGE, SER_EXC, "AddRoute")


def cbtn(text: str, handler: Any, **kw: Any) -> View:
    """A Compose ``Button`` / ``TextButton`` (role Button) holding its label."""
    return View(
        cls="android.widget.Button",
        on_click=handler,
        height=kw.pop("height", 140),
        children=[w.text_view(text)],
        **kw,
    )


ALLOW = allow_permission(PACKAGE)
SKIP = click(PACKAGE, text="Skip")
REVIEW = click(PACKAGE, text="Review legal bits")
ACK = click(PACKAGE, cls="android.widget.CheckBox", bounds=[0, 1404, 147, 1624])
START = click(PACKAGE, text="Let's start tracking")
HOME_BTN = click(PACKAGE, text="Take me home")
ADD = click(PACKAGE, text="Add Consumption")
AWAY = step("leave_and_return", PACKAGE)
BACK = step("press_back", PACKAGE)
ONBOARD = [ALLOW, SKIP, REVIEW, ACK, START, HOME_BTN]


def _title_row(title: str, action: str) -> View:
    """A page's top row: its title, then an icon button described ``action`` that does
    nothing here."""
    button = View(cls="android.widget.Button", content_desc=action, on_click=None, width=147)
    return View(layout=HORIZONTAL, height=147, children=[w.text_view(title, height=147), button])


class CaffeineHealth222(VirtualApp):
    """Caffeine Health 2.2.2."""

    name: ClassVar[str] = "CaffeineHealth"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Caffeine Health"
    version: ClassVar[str] = "2.2.2"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "CaffeineHealth#28",
            "crash",
            "Switching to different app causes crash",
            add_route_crashed,
            human_steps=(*ONBOARD, ADD, AWAY),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {"onboarding_complete": False, "consumptions": [], "notification_denials": 0}

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("onboarding", ["intro"])
        ctx.ui.setdefault("stack", ["home"])
        if NOTIFICATIONS not in ctx.permissions and ctx.data["notification_denials"] < 2:
            ctx.request_permission(NOTIFICATIONS)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == NOTIFICATIONS and not granted:
            ctx.data["notification_denials"] += 1

    def _saves_add_route(self, ctx: AppContext) -> bool:
        main = ctx.data["onboarding_complete"] or bool(ctx.data["consumptions"])
        return main and "add" in ctx.ui.get("stack", [])

    def on_activity_stop(self, ctx: AppContext) -> None:
        # onStop, then onSaveInstanceState (API 28+): the back stack is encoded.
        if self._saves_add_route(ctx):
            raise save_state_crash(rotation=False)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if self._saves_add_route(ctx):
            raise save_state_crash(rotation=True)
        return dict(ctx.ui)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("drink"):
            ctx.ui["drink"] = None
            return True
        if not self._in_main(ctx):
            if ctx.ui.get("legal"):
                ctx.ui["legal"] = False
                return True
            if ctx.ui.get("celebrating"):
                return True  # BackHandler {} during the celebration
            return w.pop_back_stack(ctx.ui["onboarding"])
        return w.pop_back_stack(ctx.ui["stack"])

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _in_main(ctx: AppContext) -> bool:
        return bool(ctx.data["onboarding_complete"] or ctx.data["consumptions"])

    @staticmethod
    def _push(ctx: AppContext, key: str, page: str) -> None:
        stack = ctx.ui[key]
        if stack[-1] != page:
            stack.append(page)

    @staticmethod
    def _pop(ctx: AppContext, key: str) -> None:
        if len(ctx.ui[key]) > 1:
            ctx.ui[key].pop()

    def _set(self, ctx: AppContext, key: str, value: Any) -> None:
        ctx.ui[key] = value

    def _toggle_ack(self, ctx: AppContext) -> None:
        ctx.ui["ack"] = not ctx.ui.get("ack", False)

    def _start_tracking(self, ctx: AppContext) -> None:
        if ctx.ui.get("ack"):
            ctx.ui["legal"] = False
            ctx.ui["celebrating"] = True

    def _take_me_home(self, ctx: AppContext) -> None:
        ctx.ui["celebrating"] = False
        ctx.data["onboarding_complete"] = True
        ctx.ui["stack"] = ["home"]

    def _tab(self, ctx: AppContext, dest: str) -> None:
        stack = ctx.ui["stack"]
        current = stack[-1]
        tab_of = "home" if current == "add" else current
        if tab_of == dest:
            return
        if current != "home":
            stack.pop()
        if dest != "home":
            stack.append(dest)

    def _log(self, ctx: AppContext) -> None:
        drink = next((d for d in DRINKS if d[0] == ctx.ui.get("drink")), None)
        if drink is None:
            return
        ctx.data["consumptions"].append({"id": drink[0], "name": drink[1], "mg": drink[4]})
        ctx.ui["drink"] = None
        ctx.toast(f"Logged {drink[1]}")
        self._pop(ctx, "stack")

    # -- onboarding --------------------------------------------------------------------------
    def _intro(self) -> list[View]:
        return [
            View(
                layout=HORIZONTAL,
                height=147,
                children=[
                    w.text_view("Caffeine Health"),
                    cbtn("Skip", self._skip, width=240, height=147),
                ],
            ),
            w.text_view("WELCOME"),
            w.text_view("Know your\ncaffeine.\nProtect\nyour sleep.", height=520),
            w.text_view(
                "A live look at what's still in your system and whether tonight's espresso "
                "will cost you sleep.",
                height=220,
            ),
            View(),
            cbtn("Get started", lambda c: self._push(c, "onboarding", "basic")),
            w.text_view("Takes about a minute · No account needed"),
        ]

    def _skip(self, ctx: AppContext) -> None:
        self._push(ctx, "onboarding", "ready")

    def _onboarding_bar(self, *extra: View) -> View:
        """An onboarding page's top row: Back, a spacer, then ``extra`` (Skip)."""
        back = View(
            cls="android.widget.Button",
            content_desc="Back",
            on_click=lambda c: self._pop(c, "onboarding"),
            width=147,
        )
        return View(layout=HORIZONTAL, height=147, children=[back, View(), *extra])

    def _questionnaire(self, page: str) -> list[View]:
        order = list(QUESTIONNAIRE)
        nxt = order[order.index(page) + 1] if page != "medical" else "ready"
        return [
            self._onboarding_bar(cbtn("Skip", self._skip, width=240, height=147)),
            w.text_view(QUESTIONNAIRE[page], height=160),
            View(),
            cbtn("Continue", lambda c: self._push(c, "onboarding", nxt)),
        ]

    def _ready(self) -> list[View]:
        def card(title: str, value: str, desc: str) -> View:
            return View(
                height=300,
                children=[w.text_view(title), w.text_view(value), w.text_view(desc, height=80)],
            )

        return [
            self._onboarding_bar(),
            w.text_view("Profile ready", height=160),
            w.text_view(
                "Here's the starting profile Caffeine will use for your live curve and bedtime "
                "forecast.",
                height=200,
            ),
            card(
                "Estimated half-life",
                "5 h",
                "How long it takes your body to clear half of the caffeine you consume.",
            ),
            card(
                "Sleep threshold",
                "50 mg",
                "A conservative bedtime target for how much active caffeine may still be in "
                "your system.",
            ),
            card(
                "Typical bedtime",
                "11:00 PM",
                "Used to project the sleep forecast card and chart markers each day.",
            ),
            View(),
            w.text_view("You can fine-tune these values later in Settings."),
            cbtn("Review legal bits", lambda c: self._set(c, "legal", True)),
        ]

    def _legal_sheet(self, ctx: AppContext) -> Window:
        ack = bool(ctx.ui.get("ack"))
        root = View(
            cls="android.view.View",
            weight=0,
            children=[
                w.text_view("Legal stuff", height=140),
                w.text_view("One quick acknowledgement before you start tracking."),
                w.text_view("Medical disclaimer"),
                w.text_view(
                    "Caffeine is for general wellness tracking only. It is not medical advice, "
                    "diagnosis, or treatment. If you have health concerns, take medicines that "
                    "affect caffeine, or notice severe symptoms, please talk to a clinician.",
                    height=300,
                ),
                View(
                    layout=HORIZONTAL,
                    height=220,
                    children=[
                        View(
                            cls="android.widget.CheckBox",
                            checkable=True,
                            checked=ack,
                            on_click=self._toggle_ack,
                            width=147,
                        ),
                        w.text_view(
                            "I understand this app offers estimates for personal tracking only "
                            "and should not replace medical guidance.",
                            height=220,
                        ),
                    ],
                ),
                cbtn("Let's start tracking", self._start_tracking, enabled=ack),
            ],
        )
        return Window(
            root=root,
            kind="sheet",
            on_dismiss=lambda c: self._set(c, "legal", False),
            bounds=(0, 700, 1080, 1920),
        )

    def _celebration(self) -> list[View]:
        return [
            View(),
            w.text_view("Profile saved.", height=180),
            w.text_view("Caffeine Health is ready when you are."),
            w.text_view("Next: log your first cup"),
            w.text_view(
                "One tap from your home screen. The curve fills in from there.", height=160
            ),
            View(),
            cbtn("Take me home", self._take_me_home),
        ]

    # -- main shell --------------------------------------------------------------------------
    def _home(self, ctx: AppContext) -> list[View]:
        logged = ctx.data["consumptions"]
        total = sum(c["mg"] for c in logged)
        rows: list[View] = [
            _title_row("Home", "Switch to graph view"),
            w.text_view(f"{total} mg", height=200),
            w.text_view("Now"),
            w.text_view("Sleep Forecast"),
            w.text_view("Safe to sleep at 11:00 PM"),
            w.text_view("My Consumptions"),
        ]
        if logged:
            rows += [
                View(
                    height=147,
                    children=[w.text_view(c["name"]), w.text_view(f"{c['mg']} mg")],
                )
                for c in reversed(logged)
            ]
        else:
            rows.append(w.text_view("No consumptions logged yet"))
        return rows

    def _add(self, ctx: AppContext) -> list[View]:
        query = ctx.ui.get("query", "")
        cat = ctx.ui.get("filter")
        shown = [
            d for d in DRINKS if (cat is None or d[2] == cat) and query.lower() in d[1].lower()
        ]
        filters = [
            View(
                cls="android.widget.Button",
                selected=cat is None,
                on_click=lambda c: self._set(c, "filter", None),
                children=[w.text_view("All")],
            )
        ] + [
            View(
                cls="android.widget.Button",
                selected=cat == key,
                on_click=w.bind(self._set, "filter", key),
                children=[w.text_view(label)],
            )
            for key, label in CATEGORIES
        ]
        tiles: list[View] = [
            View(
                height=200,
                on_click=w.bind(self._set, "drink", d[0]),
                children=[
                    View(cls="android.widget.ImageView", content_desc=d[1]),
                    w.text_view(d[1]),
                ],
            )
            for d in shown
        ]
        if not shown:
            tiles = [w.text_view("No drinks found"), w.text_view(f'No drinks match "{query}".')]
        return [
            _title_row("Add a drink", "Create custom drink"),
            w.edit_text(
                "",
                query,
                lambda c, t: self._set(c, "query", t),
                hint="Search drinks…",
            ),
            View(layout=HORIZONTAL, height=126, children=filters[:4]),
            View(layout=HORIZONTAL, height=126, children=filters[4:]),
            *tiles,
        ]

    def _drink_sheet(self, ctx: AppContext) -> Window | None:
        drink = next((d for d in DRINKS if d[0] == ctx.ui.get("drink")), None)
        if drink is None:
            return None
        root = View(
            weight=0,
            children=[
                w.text_view(f"Log {drink[3]} of"),
                w.text_view(drink[1], height=140),
                w.text_view("Total caffeine"),
                w.text_view(f"{drink[4]} mg"),
                cbtn("Add entry", self._log),
            ],
        )
        return Window(
            root=root,
            kind="sheet",
            on_dismiss=lambda c: self._set(c, "drink", None),
            bounds=(0, 1100, 1080, 1920),
        )

    def _toolbar(self, ctx: AppContext) -> View:
        current = ctx.ui["stack"][-1]
        selected = "home" if current == "add" else current
        buttons = []
        for dest, label in (("home", "Home"), ("analytics", "Analytics"), ("settings", "Settings")):
            on = dest == selected
            buttons.append(
                View(
                    cls="android.view.View",
                    checkable=True,
                    checked=on,
                    on_click=w.bind(self._tab, dest),
                    layout=HORIZONTAL,
                    children=[
                        View(cls="android.view.View", content_desc=label, width=80),
                        *([w.text_view(label)] if on else []),
                    ],
                )
            )
        return View(layout=HORIZONTAL, height=147, children=buttons)

    def _main(self, ctx: AppContext) -> Screen:
        current = ctx.ui["stack"][-1]
        if current == "home":
            body = self._home(ctx)
        elif current == "add":
            body = self._add(ctx)
        else:
            title = "Analytics" if current == "analytics" else "Settings"
            body = [w.text_view(title, height=147), View()]
        bottom: list[View] = []
        if current == "home":
            bottom.append(cbtn("Add Consumption", lambda c: self._push(c, "stack", "add")))
        bottom.append(self._toolbar(ctx))
        content = w.linear_layout(
            [
                w.scroll_view([w.linear_layout(body)]),
                View(weight=0, height=147 * len(bottom), children=bottom),
            ]
        )
        windows: list[Window] = []
        sheet = self._drink_sheet(ctx)
        if sheet is not None:
            windows.append(sheet)
        return Screen(content=content, windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        ctx_ui = ctx.ui
        if self._in_main(ctx) and not ctx_ui.get("celebrating"):
            return self._main(ctx)
        if ctx_ui.get("celebrating"):
            return Screen(content=w.linear_layout(self._celebration()))
        page = ctx_ui.get("onboarding", ["intro"])[-1]
        if page == "intro":
            body = self._intro()
        elif page == "ready":
            body = self._ready()
        else:
            body = self._questionnaire(page)
        windows = [self._legal_sheet(ctx)] if ctx_ui.get("legal") else []
        return Screen(content=View(layout=FRAME, children=[w.linear_layout(body)]), windows=windows)


_HOME = [*ONBOARD]
WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "CaffeineHealth#28": [
        # Leaving from Home: only enum keys on the back stack.
        [*_HOME, AWAY],
        # Back from "Add a drink" first.
        [*_HOME, ADD, BACK, AWAY],
        # Logging a drink pops back to Home before leaving.
        [*_HOME, ADD, click(PACKAGE, text="Red Bull"), click(PACKAGE, text="Add entry"), AWAY],
        # Analytics instead of Add.
        [*_HOME, click(PACKAGE, desc="Analytics"), AWAY],
        # Leaving during the onboarding.
        [ALLOW, SKIP, AWAY],
    ],
}
