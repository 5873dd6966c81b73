"""Lumolight (BitMavrick/Lumolight) 2.2.4.22, a Jetpack Compose screen light and flashlight.

Source read: tag 2.2.4.22, commit b9a6cad18400f52aeeca80f7b8d2b58c61018749 ("Finalize version
2.2.4.22"; activity/MainActivity.kt, activity/core/Lumolight.kt, ui/screen/home/HomeScreen.kt,
HomeComponent.kt, HomeViewModel.kt,
ui/tab/screenFlash/ScreenFlash.kt, ScreenFlashViewModel.kt, ScreenFlashUiState.kt,
ui/tab/quickAction/*, ui/tab/flashlight/*, ui/screen/screenFlash/FlashScreen.kt,
ui/screen/setting/SettingScreen.kt, util/CommonValues.kt, res/values/strings.xml). Fix read:
d91861c ("Initialize and update screen flash settings from UserPreferencesRepository") and
0010b2f ("Store flashlight settings in preferences"), released in 3.0.0.23.

Bug Lumolight#4 (non-crash): the Screen tab's choices (duration, color, brightness chips) live
only in ``ScreenFlashViewModel``'s ``MutableStateFlow(ScreenFlashUiState())``, a ViewModel scoped
to MainActivity (``viewModel()`` in ``Lumolight()``); nothing writes them to the DataStore. They
survive rotation and navigation inside the app, but a new MainActivity (the app closed with Back,
or its process stopped) starts again at White / 100% / N/A, so a user who picked Red and 80% finds
the defaults when opening the app again. The model keeps the choices in ``ctx.ui`` (the
activity's state, kept on rotation) and records, as ground truth only, the last choice the user
made (``data["truth"]``): the oracle fires when the Screen tab of a new MainActivity shows
defaults although the user had picked another color or brightness before.

Device: API 30; no runtime permission is requested (the torch needs none); no intro screen.
Stubbed: the Home tab's power button and the Flash tab's torch (a ``torch`` flag, no hardware),
the full-screen lights (a colored page with CLOSE), the settings sub-screens (Appearance, About),
the overflow menu's links (they would open a browser or the store: no-ops), the SOS countdown.
Uncertain: Compose semantics (FilterChip as a checkable android.view.View holding its label,
tabs as clickable Views) are approximated; FlowRow wrapping is fixed at four chips a row.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PKG = "com.bitmavrick.lumolight"
MAIN = ".activity.MainActivity"

DURATIONS = ["N/A", "1 min", "2 min", "5 min", "10 min", "15 min", "30 min", "45 min", "60 min",
             "120 min"]  # fmt: skip
COLORS = ["White", "Gray", "Black", "Red", "Yellow", "Lime", "Green", "Aqua", "Blue", "Fuchsia",
          "Purple"]  # fmt: skip
BRIGHTNESS = ["100%", "80%", "60%", "40%", "20%"]
BPM = ["0 bpm", "30 bpm", "60 bpm", "90 bpm", "120 bpm", "140 bpm"]
TABS = ["Home", "Screen", "Flash"]
QUICK_OPTIONS = ["Screen", "Both", "Flash"]
# The Screen tab's label (the Home tab's segmented button says "Screen" too).
_SCREEN_TAB = click(PKG, text="Screen", cls="android.widget.TextView", bounds=[440, 223, 720, 373])
MENU = ["About", "Report issue", "Privacy policy", "Rate Lumolight", "Try more apps"]


def screen_choices_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Lumolight#4: the Screen tab of a new MainActivity showed the default color
    and brightness although the user had chosen others before."""
    return bool(data["truth"]["reset_seen"])


def _flash_defaults() -> dict[str, int]:
    return {"duration": 0, "color": 0, "brightness": 0}


def _compose(children: list[View], **kw: Any) -> View:
    return View(cls="android.view.View", children=children, **kw)


def _icon_button(desc: str, handler: Any) -> View:
    return View(
        cls="android.widget.Button", content_desc=desc, on_click=handler, width=147, height=147
    )


class Lumolight(VirtualApp):
    """Lumolight 2.2.4.22: the home screen's three tabs, the settings screen and the lights."""

    name: ClassVar[str] = "Lumolight"
    package: ClassVar[str] = PKG
    label: ClassVar[str] = "Lumolight"
    version: ClassVar[str] = "2.2.4.22"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "Lumolight#4",
            "non-crash",
            'Settings don\'t "stick"',
            screen_choices_lost,
            human_steps=(
                _SCREEN_TAB,
                click(PKG, text="Red"),
                click(PKG, text="80%"),
                {"kind": "restart_app"},
                _SCREEN_TAB,
            ),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        return {
            # The DataStore (UserPreferencesRepository): settings only.
            "prefs": {
                "appearance": "Follow System",
                "save_home_status": False,
                "home_status": 0,
                "show_sos": False,
                "haptic": False,
            },
            # Ground truth, not app storage: the user's last screen-light choice and whether a
            # new MainActivity showed the defaults instead.
            "truth": {"chosen": _flash_defaults(), "lost": False, "reset_seen": False},
        }

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if "flash" not in ui:
            # A new MainActivity: new ViewModels with their default UiStates.
            ui["flash"] = _flash_defaults()
            ui["torch_state"] = {"duration": 0, "bpm": 0, "on": False}
            ui["route"] = ["home"]
            ui["tab"] = 0
            ui["menu"] = False
            ui["about"] = False
            prefs = ctx.data["prefs"]
            ui["quick"] = prefs["home_status"] if prefs["save_home_status"] else 0
            truth = ctx.data["truth"]
            chosen = truth["chosen"]
            truth["lost"] = (chosen["color"], chosen["brightness"]) != (0, 0)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui.get("menu"):
            ui["menu"] = False
            return True
        if ui.get("about"):
            ui["about"] = False
            return True
        if len(ui["route"]) > 1:
            self.navigate_up(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ui["route"][-1] != "home":
            return False
        if direction == "left" and ui["tab"] < 2:
            self.select_tab(ctx, ui["tab"] + 1)
            return True
        if direction == "right" and ui["tab"] > 0:
            self.select_tab(ctx, ui["tab"] - 1)
            return True
        return False

    # -- behaviour -----------------------------------------------------------------------------
    def select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index
        flash = ctx.ui["flash"]
        truth = ctx.data["truth"]
        if index == 1 and truth["lost"] and (flash["color"], flash["brightness"]) == (0, 0):
            truth["reset_seen"] = True

    def choose(self, ctx: AppContext, key: str, index: int) -> None:
        # ScreenFlashViewModel.updateScreenFlash*: the ViewModel's state only (the bug).
        ctx.ui["flash"][key] = index
        truth = ctx.data["truth"]
        truth["chosen"] = dict(ctx.ui["flash"])
        truth["lost"] = False

    def navigate(self, ctx: AppContext, route: str) -> None:
        ctx.ui["route"].append(route)

    def navigate_up(self, ctx: AppContext) -> None:
        route = ctx.ui["route"].pop()
        if route in ("flash_screen", "quick_flash_screen"):
            ctx.ui["torch_state"]["on"] = False

    def toggle_pref(self, ctx: AppContext, key: str) -> None:
        prefs = ctx.data["prefs"]
        prefs[key] = not prefs[key]

    # -- views -----------------------------------------------------------------------------------
    def chip(self, label: str, selected: bool, handler: Any, preview: bool = False) -> View:
        if selected:
            icon: list[View] = [w.image_view(desc="Selected Icon", width=60, height=60)]
        elif preview:
            icon = [w.image_view(desc="Color Preview Icon", width=60, height=60)]
        else:
            icon = []
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            checkable=True,
            checked=selected,
            on_click=handler,
            width=255,
            height=110,
            children=[*icon, w.text_view(label, height=110)],
        )

    def chip_rows(
        self, labels: list[str], selected: int, key: str, *, preview: bool = False
    ) -> list[View]:
        chips = [
            self.chip(
                label,
                i == selected,
                lambda c, i=i: self.choose(c, key, i) if key else None,
                preview,
            )
            for i, label in enumerate(labels)
        ]
        return [
            View(cls="android.view.View", layout=HORIZONTAL, height=120, children=chips[k : k + 4])
            for k in range(0, len(chips), 4)
        ]

    def section(self, title: str, icon_desc: str) -> View:
        return View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=100,
            children=[w.image_view(desc=icon_desc, width=80, height=80), w.text_view(title)],
        )

    def screen_tab(self, ctx: AppContext) -> list[View]:
        flash = ctx.ui["flash"]
        items = [
            self.section("DURATION", "Duration Icon"),
            *self.chip_rows(DURATIONS, flash["duration"], "duration"),
            self.section("COLOR", "Color Icon"),
            *self.chip_rows(COLORS, flash["color"], "color", preview=True),
            self.section("BRIGHTNESS", "Brightness Icon"),
            *self.chip_rows(BRIGHTNESS, flash["brightness"], "brightness"),
        ]
        return [
            _compose(items, scrollable=True, scroll_key="screen_scroll"),
            w.button(text="START", handler=lambda c: self.navigate(c, "flash_screen"), weight=0),
        ]

    def flash_tab(self, ctx: AppContext) -> list[View]:
        torch = ctx.ui["torch_state"]

        def pick(key: str, index: int) -> Any:
            return lambda c: torch.update({key: index})

        def rows(labels: list[str], key: str) -> list[View]:
            chips = [self.chip(lb, i == torch[key], pick(key, i)) for i, lb in enumerate(labels)]
            return [
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=120,
                    children=chips[k : k + 4],
                )
                for k in range(0, len(chips), 4)
            ]

        items = [
            self.section("DURATION", "Duration Icon"),
            *rows(DURATIONS, "duration"),
            self.section("BLINK PER MINUTE (BPM)", "Blink Per Minute Icon"),
            *rows(BPM, "bpm"),
        ]
        return [
            _compose(items, scrollable=True, scroll_key="flash_scroll"),
            w.button(
                text="RUNNING" if torch["on"] else "START",
                handler=lambda c: torch.update(on=not torch["on"]),
                weight=0,
            ),
        ]

    def home_tab(self, ctx: AppContext) -> list[View]:
        ui = ctx.ui

        def start(c: AppContext) -> None:
            if ui["quick"] in (0, 1):
                self.navigate(c, "quick_flash_screen")
            else:
                ui["torch_state"]["on"] = not ui["torch_state"]["on"]

        def segment(i: int) -> Any:
            def handler(c: AppContext) -> None:
                ui["quick"] = i
                prefs = c.data["prefs"]
                if prefs["save_home_status"]:
                    prefs["home_status"] = i

            return handler

        power = View(
            cls="android.view.View",
            on_click=start,
            children=[w.image_view(desc="Clickable Power Icon", width=170, height=170)],
        )
        segments = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=140,
            weight=0,
            children=[
                View(
                    cls="android.widget.RadioButton",
                    checkable=True,
                    checked=i == ui["quick"],
                    on_click=segment(i),
                    children=[w.text_view(label)],
                )
                for i, label in enumerate(QUICK_OPTIONS)
            ],
        )
        return [power, segments]

    def render_home(self, ctx: AppContext) -> tuple[View, list[Window]]:
        ui = ctx.ui
        actions = [
            _icon_button("Settings Icon", lambda c: self.navigate(c, "setting_screen")),
            _icon_button("More Option Icon", lambda c: c.ui.update(menu=True)),
        ]
        if ctx.data["prefs"]["show_sos"]:
            actions.insert(0, _icon_button("SOS Icon", lambda c: None))
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=160,
            weight=0,
            children=[w.text_view("Lumolight", height=160), *actions],
        )
        tabs = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=150,
            weight=0,
            children=[
                View(
                    cls="android.view.View",
                    selected=i == ui["tab"],
                    on_click=w.bind(self.select_tab, i),
                    layout=HORIZONTAL,
                    children=[
                        w.image_view(desc="Leading Tab Icon", width=80, height=80),
                        w.text_view(title, height=150),
                    ],
                )
                for i, title in enumerate(TABS)
            ],
        )
        page = [self.home_tab, self.screen_tab, self.flash_tab][ui["tab"]](ctx)
        content = _compose([bar, tabs, _compose(page, padding=16)])
        windows: list[Window] = []
        if ui["menu"]:

            def item(title: str) -> Any:
                if title == "About":
                    return lambda c: c.ui.update(about=True, menu=False)
                return lambda c: c.ui.update(menu=False)

            windows.append(
                w.menu_window([(t, item(t)) for t in MENU], lambda c: c.ui.update(menu=False))
            )
        if ui["about"]:
            windows.append(
                w.alert_dialog(
                    w.image_view(desc="Lumolight app icon", width=160, height=160),
                    [
                        w.text_view("Lumolight"),
                        w.text_view(
                            "Version: 2.2.4.22\nDeveloped by BitMavrick\nLicensed under GPL-3.0",
                            height=200,
                        ),
                    ],
                    [],
                    lambda c: c.ui.update(about=False),
                )
            )
        return content, windows

    def render_light(self, ctx: AppContext, color: str) -> View:
        return _compose(
            [
                View(cls="android.view.View", content_desc=""),
                w.button(text="CLOSE", handler=self.navigate_up, weight=0),
            ],
            style="dim" if color == "Black" else "",
        )

    def render_settings(self, ctx: AppContext) -> View:
        prefs = ctx.data["prefs"]

        def row(title: str, summary: str, icon: str, key: str = "", go: str = "") -> View:
            children = [
                w.image_view(desc=icon, width=100, height=100),
                w.linear_layout(
                    [w.text_view(title, height=80), w.text_view(summary, height=80)], weight=1
                ),
            ]
            if key:
                children.append(
                    View(cls="android.view.View", checkable=True, checked=prefs[key], width=160)
                )
            handler: Any = (lambda c: self.toggle_pref(c, key)) if key else None
            if go:
                handler = lambda c: self.navigate(c, go)  # noqa: E731
            return View(
                cls="android.view.View",
                layout=HORIZONTAL,
                height=200,
                on_click=handler,
                children=children,
            )

        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=160,
            weight=0,
            children=[
                _icon_button("Going Back Arrow Button", self.navigate_up),
                w.text_view("Settings", height=160),
            ],
        )
        rows = [
            row("Appearance", "Configure application appearance", "Appearance Icon",
                go="appearance_screen"),
            row("Save home status", "Save the last selected status of home screen",
                "Save Quick Action Icon", key="save_home_status"),
            row("Enable SOS feature", "Add SOS button on the top bar", "SOS Icon",
                key="show_sos"),
            row("Haptic feedback", "Enable haptic feedback for certain major actions",
                "Leading Tab Icon", key="haptic"),
            row("About", "About application", "About Icon", go="about_screen"),
        ]  # fmt: skip
        return _compose([bar, _compose(rows, scrollable=True, scroll_key="settings_scroll")])

    def render_stub(self, title: str) -> View:
        bar = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=160,
            weight=0,
            children=[
                _icon_button("Going Back Arrow Button", self.navigate_up),
                w.text_view(title, height=160),
            ],
        )
        return _compose([bar, View(cls="android.view.View")])

    def render(self, ctx: AppContext) -> Screen:
        route = ctx.ui["route"][-1]
        windows: list[Window] = []
        if route == "home":
            content, windows = self.render_home(ctx)
        elif route == "flash_screen":
            content = self.render_light(ctx, COLORS[ctx.ui["flash"]["color"]])
        elif route == "quick_flash_screen":
            content = self.render_light(ctx, "White")
        elif route == "setting_screen":
            content = self.render_settings(ctx)
        elif route == "appearance_screen":
            content = self.render_stub("Appearance")
        else:
            content = self.render_stub("About")
        root = View(cls="androidx.compose.ui.platform.ComposeView", children=[content])
        return Screen(content=root, windows=windows)


WRONG_SEQUENCES = {
    "Lumolight#4": [
        # Rotating keeps the ViewModel: the choices stay.
        [_SCREEN_TAB, click(PKG, text="Red"), click(PKG, text="80%"),
         {"kind": "rotate", "orientation": "landscape"}, click(PKG, text="Screen")],
        # Restarting without having chosen anything: nothing is lost.
        [_SCREEN_TAB, {"kind": "restart_app"}, _SCREEN_TAB],
        # Going to Settings and back inside the app keeps the choices.
        [_SCREEN_TAB, click(PKG, text="Red"), click(PKG, desc="Settings Icon"),
         click(PKG, desc="Going Back Arrow Button"), _SCREEN_TAB],
        # Starting the light and closing it keeps the choices.
        [_SCREEN_TAB, click(PKG, text="Red"), click(PKG, text="START"), click(PKG, text="CLOSE"),
         _SCREEN_TAB],
        # Restarting after choosing, but not looking at the Screen tab again.
        [_SCREEN_TAB, click(PKG, text="Red"), {"kind": "restart_app"}],
    ]
}  # fmt: skip
