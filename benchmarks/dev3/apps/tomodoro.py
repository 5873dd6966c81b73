"""Tomodoro 0.6 (``com.example.tomodoro``), a Flutter Pomodoro timer with a task list, with bug
Tomodoro#2 (non-crash): custom timer durations are not kept after the app is restarted.

Sources read: shahriaarrr/Tomodoro at commit 219e440 (2025-06-02, the day the issue was filed;
``pubspec.yaml`` still says 1.0.0+1, the GitHub release was tagged v0.6; the application id
became ``ir.shahriaarrr.tomodoro`` only on 2025-06-05, so the reported build is
``com.example.tomodoro``, label "tomodoro"). Files: ``lib/main.dart``, ``lib/pages/home.dart``,
``lib/pages/settings.dart``, ``lib/pages/tasks.dart``, ``lib/pages/about.dart``,
``lib/providers/timer_provider.dart``, ``lib/providers/theme_provider.dart``,
``lib/widgets/duration_picker_sheet.dart``, ``lib/widgets/main_navigation_bar.dart``,
``lib/widgets/TimerButton.dart``. The fix is PR #9 (commit c45c9b2, "add timer storage in
preferences", 2025-07-25), which saves the durations in SharedPreferences.

The app is one Flutter activity (``.MainActivity``, portrait only, no first-run screen). In a
``uiautomator`` dump Flutter shows ``Text`` as ``android.view.View`` nodes whose content-desc is
the text, buttons as ``android.widget.Button`` with content-desc, the Switch as
``android.widget.Switch``, the NavigationBar destinations as views labelled
"<label>\\nTab <i> of 4", and no resource ids; the model renders it that way.

Screens (``MyHomePage``, a Scaffold whose AppBar title and body follow the selected tab):
- Timer ("Tomodoro"): the remaining time ("25:00"), ``Start``/``Pause`` and ``Reset``, and
  "Current Phase: Focus";
- Tasks ("Tasks"): stub: the "Today" header, the All Tasks / Done counters, the empty list and
  the "Add new task" button (inert here);
- Settings ("Settings"): App Theme / "Dark Mode" switch (saved in SharedPreferences), Timer
  Durations / "Focus & Break" with the ``Set`` button, which opens the "Set durations" bottom
  sheet: two CupertinoPickers ("Focus" 1-60 min, "Break" 1-30 min) and ``Confirm``;
- About ("About"): stub (the author's card texts; the YouTube button opens another app: inert).

The bug: ``TomodoroTimerController`` keeps ``focusMinutes``/``breakMinutes`` only in its fields
(``setDurations`` never writes them anywhere), and the controller is created anew with 25/5
whenever the process starts. So after Confirm the timer shows the custom focus time, but after
the app is closed completely and opened again it is back to 25:00 (and the sheet to 25/5).
Leaving the app with Home and coming back keeps the process and the custom time. The theme,
saved by ``ThemeNotifier.setTheme``, survives a restart.

Ground truth: ``durations_confirmed`` records the last durations the user confirmed (a record of
the model, not app storage); when a new process creates the controller with 25/5 while the
confirmed durations differ, ``durations_lost`` is set. The oracle reads ``durations_lost``.

Uncertain: the CupertinoPicker is drawn as the selected item with its neighbours above and
below; a tap on a neighbour moves the wheel one step (standing in for a drag of the wheel).
The bottom sheet is drawn as a sheet window; Back or a tap outside closes it without applying.
No time passes on the virtual device, so a started timer does not count down.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import target
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "com.example.tomodoro"
MAIN = ".MainActivity"
TABS = ("Timer", "Tasks", "Settings", "About")
TITLES = ("Tomodoro", "Tasks", "Settings", "About")
DEFAULT_FOCUS = 25
DEFAULT_BREAK = 5
FOCUS_MAX = 60
BREAK_MAX = 30


# Flutter nodes are labelled by their content-desc: a ``Text`` and a button.
_label = w.flutter_text
_button = w.flutter_button


def _tab_desc(i: int) -> str:
    return w.flutter_tab_desc(TABS, i)


def _target(desc: str, cls: str = "") -> dict[str, Any]:
    return target(PACKAGE, "", "", desc, cls)


def _click(desc: str, cls: str = "android.widget.Button") -> dict[str, Any]:
    return {"kind": "click", "target": _target(desc, cls)}


# -- ground truth ---------------------------------------------------------------------------
def _oracle_2(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """A restarted process came up with 25/5 although other durations had been confirmed."""
    return bool(data.get("durations_lost"))


SETTINGS_TAB = _click(_tab_desc(2), "android.view.View")
OPEN_SHEET = _click("Set")
FOCUS_26 = _click("26 min", "android.view.View")
CONFIRM = _click("Confirm")

BUG_2 = BugSpec(
    bug_id="Tomodoro#2",
    kind="non-crash",
    title="Bug :: Timer settings are not saved after app restart",
    oracle=_oracle_2,
    human_steps=(SETTINGS_TAB, OPEN_SHEET, FOCUS_26, CONFIRM, {"kind": "restart_app"}),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Tomodoro#2": [
        # Durations confirmed, but the app is never restarted.
        [SETTINGS_TAB, OPEN_SHEET, FOCUS_26, CONFIRM],
        # The sheet is closed with Back instead of Confirm, then the app restarted.
        [SETTINGS_TAB, OPEN_SHEET, FOCUS_26, {"kind": "press_back"}, {"kind": "restart_app"}],
        # Home and back to the app instead of a restart: the process keeps the durations.
        [SETTINGS_TAB, OPEN_SHEET, FOCUS_26, CONFIRM, {"kind": "leave_and_return"}],
        # Only the theme is changed before the restart (it is saved).
        [SETTINGS_TAB, _click("Dark Mode", "android.widget.Switch"), {"kind": "restart_app"}],
    ],
}


def _setting_row(title: str, summary: str, control: View) -> View:
    """A settings row: its ``title`` over its ``summary``, and its ``control`` at the end."""
    return View(
        cls="android.view.View",
        layout=HORIZONTAL,
        height=180,
        weight=0,
        children=[
            View(
                cls="android.view.View",
                children=[_label(title, height=90), _label(summary, height=90)],
            ),
            control,
        ],
    )


class Tomodoro(VirtualApp):
    """Tomodoro 0.6 (see the module docstring)."""

    name: ClassVar[str] = "Tomodoro"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "tomodoro"
    version: ClassVar[str] = "0.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_2,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "app_theme_mode": "system",  # SharedPreferences, written by ThemeNotifier.setTheme
            "durations_confirmed": None,  # ground truth: the user's last confirmed durations
            "durations_lost": False,  # ground truth: a new process forgot them
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        mem = ctx.memory
        if "focus" not in mem:
            # A new process: the Riverpod provider builds TomodoroTimerController() with its
            # hard-coded 25/5 (the bug: nothing restores the durations set before).
            mem.update(
                focus=DEFAULT_FOCUS,
                breaks=DEFAULT_BREAK,
                remaining=DEFAULT_FOCUS * 60,
                running=False,
                phase="focus",
            )
            confirmed = ctx.data.get("durations_confirmed")
            if confirmed and confirmed != [DEFAULT_FOCUS, DEFAULT_BREAK]:
                ctx.data["durations_lost"] = True
        ctx.ui.setdefault("page", 0)
        ctx.ui.setdefault("sheet", None)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("sheet"):
            ctx.ui["sheet"] = None
            return True
        return False

    # -- timer controller -----------------------------------------------------------------------
    def _initial(self, ctx: AppContext) -> int:
        mem = ctx.memory
        return int(mem["focus"] if mem["phase"] == "focus" else mem["breaks"]) * 60

    def _start_pause(self, ctx: AppContext) -> None:
        ctx.memory["running"] = not ctx.memory["running"]

    def _reset(self, ctx: AppContext) -> None:
        ctx.memory["running"] = False
        ctx.memory["remaining"] = self._initial(ctx)

    def _set_durations(self, ctx: AppContext, focus: int, breaks: int) -> None:
        # setDurations: only the controller's fields change; nothing is persisted.
        ctx.memory["focus"] = focus
        ctx.memory["breaks"] = breaks
        ctx.memory["remaining"] = self._initial(ctx)
        ctx.memory["running"] = False
        ctx.data["durations_confirmed"] = [focus, breaks]

    # -- handlers -------------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["page"] = index

    def _toggle_dark(self, ctx: AppContext) -> None:
        dark = ctx.data["app_theme_mode"] == "dark"
        ctx.data["app_theme_mode"] = "light" if dark else "dark"

    def _open_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet"] = {"focus": ctx.memory["focus"], "breaks": ctx.memory["breaks"]}

    def _close_sheet(self, ctx: AppContext) -> None:
        ctx.ui["sheet"] = None

    def _pick(self, ctx: AppContext, key: str, value: int) -> None:
        ctx.ui["sheet"] = {**ctx.ui["sheet"], key: value}

    def _confirm(self, ctx: AppContext) -> None:
        sheet = ctx.ui["sheet"]
        self._set_durations(ctx, int(sheet["focus"]), int(sheet["breaks"]))
        ctx.ui["sheet"] = None

    # -- rendering ------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        page = int(ctx.ui.get("page", 0))
        body = (self._timer_page, self._tasks_page, self._settings_page, self._about_page)[page]
        app_bar = View(
            cls="android.view.View",
            height=w.TOOLBAR_HEIGHT,
            weight=0,
            children=[_label(TITLES[page], height=w.TOOLBAR_HEIGHT)],
        )
        nav = w.flutter_nav_bar(TABS, page, self._select_tab, height=210)
        content = View(
            cls="android.widget.FrameLayout",
            children=[View(cls="android.view.View", children=[app_bar, body(ctx), nav])],
        )
        windows: list[Window] = []
        if ctx.ui.get("sheet"):
            windows.append(self._sheet(ctx))
        return Screen(content=content, windows=windows)

    def _timer_page(self, ctx: AppContext) -> View:
        mem = ctx.memory
        remaining = int(mem["remaining"])
        clock = f"{(remaining // 60) % 60:02d}:{remaining % 60:02d}"
        phase = "Focus" if mem["phase"] == "focus" else "Break"
        return View(
            cls="android.view.View",
            children=[
                View(cls="android.view.View", height=580, children=[_label(clock, height=200)]),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=160,
                    weight=0,
                    children=[
                        _button("Pause" if mem["running"] else "Start", self._start_pause),
                        _button("Reset", self._reset),
                    ],
                ),
                _label(f"Current Phase: {phase}", height=120),
                View(cls="android.view.View"),
            ],
        )

    def _tasks_page(self, ctx: AppContext) -> View:
        return View(
            cls="android.view.View",
            children=[
                _label("Today", height=140),
                View(
                    cls="android.view.View",
                    layout=HORIZONTAL,
                    height=220,
                    weight=0,
                    children=[_label("All Tasks\n0"), _label("Done\n0")],
                ),
                _label("All Tasks", height=120),
                View(cls="android.view.View"),
                View(cls="android.widget.Button", content_desc="Add new task", height=150),
            ],
        )

    def _settings_page(self, ctx: AppContext) -> View:
        dark = ctx.data["app_theme_mode"] == "dark"
        dark_row = _setting_row(
            "Dark Mode",
            "Toggle between light and dark theme",
            View(
                cls="android.widget.Switch",
                content_desc="Dark Mode",
                checkable=True,
                checked=dark,
                on_click=self._toggle_dark,
                width=200,
            ),
        )
        durations_row = _setting_row(
            "Focus & Break",
            "Set custom durations for focus and break",
            _button("Set", self._open_sheet, width=220),
        )
        card = View(
            cls="android.view.View",
            weight=0,
            children=[
                _label("App Theme", height=120),
                dark_row,
                _label("Timer Durations", height=120),
                durations_row,
            ],
        )
        return View(
            cls="android.view.View",
            children=[_label("Settings", height=160), card, View(cls="android.view.View")],
        )

    def _about_page(self, ctx: AppContext) -> View:
        return View(
            cls="android.view.View",
            children=[
                View(cls="android.widget.ImageView", height=300, weight=0),
                _label("Software Engineer", height=110),
                _label(
                    "Hi! I'm Shahriar, a computer engineering student passionate about "
                    "programming and continuous learning.",
                    height=200,
                ),
                View(cls="android.widget.Button", content_desc="My YouTube Channel", height=150),
                View(cls="android.view.View"),
            ],
        )

    def _picker(self, ctx: AppContext, key: str, value: int, top: int) -> View:
        """A CupertinoPicker of ``1..top`` min: the selected item and its neighbours."""
        items: list[View] = []
        if value > 1:
            items.append(
                _label(f"{value - 1} min", on_click=w.bind(self._pick, key, value - 1), height=115)
            )
        items.append(_label(f"{value} min", selected=True, height=115))
        if value < top:
            items.append(
                _label(f"{value + 1} min", on_click=w.bind(self._pick, key, value + 1), height=115)
            )
        return View(cls="android.view.View", height=345, weight=0, children=items)

    def _sheet(self, ctx: AppContext) -> Window:
        sheet = ctx.ui["sheet"]
        columns = View(
            cls="android.view.View",
            layout=HORIZONTAL,
            height=460,
            weight=0,
            children=[
                View(
                    cls="android.view.View",
                    children=[
                        _label("Focus", height=110),
                        self._picker(ctx, "focus", int(sheet["focus"]), FOCUS_MAX),
                    ],
                ),
                View(
                    cls="android.view.View",
                    children=[
                        _label("Break", height=110),
                        self._picker(ctx, "breaks", int(sheet["breaks"]), BREAK_MAX),
                    ],
                ),
            ],
        )
        root = View(
            cls="android.view.View",
            weight=0,
            children=[
                _label("Set durations", height=130),
                columns,
                _button("Confirm", self._confirm, height=160),
            ],
        )
        return Window(
            root=root, kind="sheet", on_dismiss=self._close_sheet, bounds=(0, 1100, 1080, 1920)
        )
