"""Etar (``ws.xsoh.etar``, Etar-Group/Etar-Calendar), the AOSP Calendar's open-source
successor, version 1.0.8 (versionCode 11), the release of 2016-12-18, four days before the
report.

Sources read at commit 3951dea3d ("Release new 1.0.8 version"): ``AndroidManifest.xml``,
``AllInOneActivity.java`` (the permission request, the drawer's ``onNavigationItemSelected``),
``CalendarSettingsActivity.java``, ``GeneralPreferences.java``, ``QuickResponseSettings.java``,
``DayView.java`` (``onLongClick``), ``res/layout/all_in_one_material.xml``,
``res/menu/calendar_view.xml``, ``settings_title_bar.xml``, ``all_in_one_title_bar.xml``,
``res/xml/calendar_settings_headers.xml``, ``general_preferences.xml`` and the strings
(``values/strings.xml``, ``cm_strings.xml``, ``standalone_strings.xml``). The issue was closed
without a fix commit.

Bug ``Etar-Calendar#121`` (non-crash). Dialogs opened on these screens are not restored when a
rotation re-creates the activity. ``QuickResponseSettings.onCreate`` builds its four
``EditTextPreference`` rows in code without a key; ``Preference`` saves and restores a dialog's
state only for preferences with a key (``hasKey()``), so the "Quick response" edit dialog of a
tapped row is gone after the rotation. The day/week view's long-press dialog
(``DayView.onLongClick``: an ``AlertDialog.Builder`` dialog titled with the pressed time, one
item "New event") is not managed by the activity either and is lost the same way. The oracle
fires when either dialog was open at a rotation.

Screens: the first-launch WRITE_CALENDAR permission request (a denial toasts and finishes, as
the app does); ``AllInOneActivity`` (the ``toolbar`` with the navigation icon, which has no
content description, the month title and the Today / overflow actions; the week view (the
default start view) as one long-clickable ``DayView``; the ``floating_action_button``; the
``navigation_view`` drawer: Day, Week, Month, Agenda, Calendars to display, Settings); the
settings (``CalendarSettingsActivity``: the headers General settings / About Etar, no account
headers on a device without accounts; the overflow's Add account); General settings (the
preference list of ``general_preferences.xml``, long enough to need a scroll to reach Quick
responses); Quick responses (the four default responses, sorted, titled "Edit quick
responses"; a tap opens the "Quick response" dialog with ``android:id/edit``, Cancel / OK, OK
saving the text).

Stubbed: the list preferences' choice dialogs, Sound, Home time zone and Clear search history
(taps do nothing), Add account, About Etar, Calendars to display and the event editor (screens
with an up arrow), the month and agenda views (a label), the overflow's Go to / Refresh /
Search. Fixed data: today is Thursday 22 December 2016; a long press selects 10:00.
Uncertain: the long-press dialog's exact title format (``Utils.formatDateRange`` with the
weekday and time), the drawer and toolbar geometry.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "ws.xsoh.etar"
MAIN = "com.android.calendar.AllInOneActivity"
SETTINGS = "com.android.calendar.CalendarSettingsActivity"
STUB = "com.android.calendar.StubActivity"
WRITE_CALENDAR = "android.permission.WRITE_CALENDAR"
DENIED = "Etar requires calendar read and write permissions to work properly. Please try again."
RESPONSES = (
    "Running just a couple of minutes late.",
    "Be there in about 10 minutes.",
    "Go ahead and start without me.",
    "Sorry, I can't make it. We'll have to reschedule.",
)
VIEWS = ("Day", "Week", "Month", "Agenda")
LONG_PRESS_TITLE = "10:00 AM, Thu, Dec 22"
# general_preferences.xml: (title, key of a CheckBoxPreference or "" for the other kinds).
GENERAL = (
    ("Calendar view setting", None),
    ("Theme", ""),
    ("Default view", ""),
    ("Hide declined events", "preferences_hide_declined"),
    ("Show week number", "preferences_show_week_num"),
    ("Week starts on", ""),
    ("Days per week", ""),
    ("Use home time zone", "preferences_home_tz_enabled"),
    ("Home time zone", ""),
    ("Clear search history", ""),
    ("Notifications & reminders", None),
    ("Notifications", "preferences_alerts"),
    ("Sound", ""),
    ("Vibrate", "preferences_alerts_vibrate"),
    ("Pop-up notification", "preferences_alerts_popup"),
    ("Ask for reminder snooze delay", "preferences_custom_snooze_delay"),
    ("Default snooze delay time", ""),
    ("Default reminder time", ""),
    ("Quick responses", "quick"),
)


def dialog_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Etar-Calendar#121: a rotation re-created a screen whose dialog was showing."""
    return bool(data.get("lost_dialogs"))


ALLOW = allow_permission(PACKAGE)
DRAWER = click(PACKAGE, cls="android.widget.ImageButton", bounds=[0, 63, 147, 210])
SETTINGS_ITEM = click(
    PACKAGE, "design_menu_item_text", "Settings", cls="android.widget.CheckedTextView"
)
GENERAL_ITEM = click(PACKAGE, "android:id/title", "General settings", cls="android.widget.TextView")
SCROLL = {"kind": "swipe", "direction": "up"}
QUICK_ITEM = click(PACKAGE, "android:id/title", "Quick responses", cls="android.widget.TextView")
BE_THERE = click(PACKAGE, "android:id/title", RESPONSES[1], cls="android.widget.TextView")
LANDSCAPE = {"kind": "rotate", "orientation": "landscape"}
TO_QUICK = [ALLOW, DRAWER, SETTINGS_ITEM, GENERAL_ITEM, SCROLL, SCROLL, QUICK_ITEM]

BUG_121 = BugSpec(
    "Etar-Calendar#121",
    "non-crash",
    "Dialog Disappears on Device Rotation",
    dialog_lost,
    human_steps=(*TO_QUICK, BE_THERE, LANDSCAPE),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Etar-Calendar#121": [
        [*TO_QUICK, BE_THERE],
        [*TO_QUICK, LANDSCAPE],
        [*TO_QUICK, BE_THERE, click(PACKAGE, "android:id/button2", "Cancel"), LANDSCAPE],
        [*TO_QUICK, BE_THERE, click(PACKAGE, "android:id/button1", "OK"), LANDSCAPE],
        [ALLOW, DRAWER, SETTINGS_ITEM, GENERAL_ITEM, LANDSCAPE],
    ],
}


class Etar(VirtualApp):
    """Etar 1.0.8: unmanaged dialogs vanish when the screen rotates."""

    name: ClassVar[str] = "Etar-Calendar"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Etar"
    version: ClassVar[str] = "1.0.8"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_121,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "quick_responses": list(RESPONSES),
            "checks": {
                "preferences_alerts": True,
                "preferences_alerts_popup": False,
                "preferences_alerts_vibrate": False,
                "preferences_custom_snooze_delay": False,
                "preferences_hide_declined": False,
                "preferences_home_tz_enabled": False,
                "preferences_show_week_num": False,
            },
            "view": "Week",
            "lost_dialogs": [],
        }

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("dialog", None)
        ctx.ui.setdefault("drawer", False)
        ctx.ui.setdefault("menu", False)
        ctx.ui.setdefault("first", 0)
        if ctx.activity == MAIN and WRITE_CALENDAR not in ctx.permissions:
            ctx.request_permission(WRITE_CALENDAR)

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if not granted:
            ctx.toast(DENIED)
            ctx.finish()

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        if ctx.ui.get("dialog") is not None:
            # Neither the keyless EditTextPreference nor DayView's AlertDialog is restored.
            ctx.data["lost_dialogs"].append(str(ctx.ui["dialog"]))
        # The list's position and the DrawerLayout's open drawer are saved by those views.
        return {"first": ctx.ui.get("first", 0), "drawer": ctx.ui.get("drawer", False)}

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "drawer") or w.dismiss(ctx.ui, "menu")

    # -- handlers ---------------------------------------------------------------------------
    def set_ui(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def navigate(self, ctx: AppContext, item: str) -> None:
        ctx.ui["drawer"] = False
        if item in VIEWS:
            ctx.data["view"] = item
        elif item == "Settings":
            ctx.start_activity(SETTINGS, {"fragment": ""})
        else:
            ctx.start_activity(STUB, {"title": item})

    def open(self, ctx: AppContext, activity: str, extras: dict[str, Any]) -> None:
        ctx.ui["menu"] = False
        ctx.start_activity(activity, extras)

    def toggle(self, ctx: AppContext, key: str) -> None:
        ctx.data["checks"][key] = not ctx.data["checks"][key]

    def edit_response(self, ctx: AppContext, index: int) -> None:
        ctx.ui["dialog"] = index
        ctx.ui["edit"] = ctx.data["quick_responses"][index]

    def save_response(self, ctx: AppContext) -> None:
        """``onPreferenceChange``: a changed text replaces the response."""
        ctx.data["quick_responses"][ctx.ui["dialog"]] = ctx.ui["edit"]
        ctx.ui["dialog"] = None

    def new_event(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.start_activity(STUB, {"title": "New event"})

    # -- screens ----------------------------------------------------------------------------
    def main(self, ctx: AppContext) -> Screen:
        view = ctx.data["view"]
        bar = w.toolbar(
            "December 2016",
            navigation=w.nav_button("", w.bind(self.set_ui, drawer=True)),
            actions=[
                w.action_item("action_today", "Today", None),
                w.overflow_button(w.bind(self.set_ui, menu=True)),
            ],
        )
        if view in ("Day", "Week"):
            pane = View(
                cls="com.android.calendar.DayView",
                content_desc=f"{view} view, Thursday, December 22, 2016",
                on_long_click=w.bind(self.set_ui, dialog="new_event"),
            )
        else:
            pane = w.text_view(f"{view} view", "main_pane")
        content = w.frame_layout(
            [
                w.linear_layout([bar, pane], rid="coordinator_layout"),
                w.fab("floating_action_button", "", w.bind(self.new_event)),
            ],
            layout=FRAME,
        )
        drawer = None
        if ctx.ui["drawer"]:
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="navigation_view",
                width=800,
                children=[
                    w.drawer_entry(t, w.bind(self.navigate, t), checked=t == view)
                    for t in (*VIEWS, "Calendars to display", "Settings")
                ],
            )
        windows: list[Window] = []
        if ctx.ui["dialog"] == "new_event":
            close = w.bind(self.set_ui, dialog=None)
            rows = [w.list_row("New event", on_click=self.new_event, height=147)]
            windows.append(w.alert_dialog(w.dialog_title(LONG_PRESS_TITLE), rows, [], close))
        if ctx.ui["menu"]:
            close = w.bind(self.set_ui, menu=False)
            items = [(t, close) for t in ("Go to", "Refresh", "Search")]
            windows.append(w.menu_window(items, close))
        layout = w.drawer_layout(content, drawer, cls="android.support.v4.widget.DrawerLayout")
        return Screen(content=layout, windows=windows)

    def settings(self, ctx: AppContext) -> Screen:
        fragment = ctx.extras.get("fragment", "")
        titles = {"": "Settings", "general": "General settings", "quick": "Edit quick responses"}
        actions = []
        if fragment != "quick":  # QuickResponseSettings.onAttach hides the menu buttons
            actions.append(w.overflow_button(w.bind(self.set_ui, menu=True)))
        bar = w.toolbar(
            titles[fragment], navigation=w.up_button(), actions=actions, rid="action_bar"
        )
        rows: list[View]
        if fragment == "":
            rows = [
                w.preference(
                    "General settings",
                    "",
                    w.bind(self.open, SETTINGS, {"fragment": "general"}),
                ),
                w.preference("About Etar", "", w.bind(self.open, STUB, {"title": "About Etar"})),
            ]
        elif fragment == "general":
            rows = []
            for title, key in GENERAL:
                if key is None:
                    rows.append(w.preference_category(title))
                elif key == "quick":
                    rows.append(
                        w.preference(title, "", w.bind(self.open, SETTINGS, {"fragment": "quick"}))
                    )
                elif key:
                    on = ctx.data["checks"][key]
                    rows.append(
                        w.preference(
                            title, "", w.bind(self.toggle, key), widget=w.checkbox_widget(on)
                        )
                    )
                else:
                    rows.append(w.preference(title, "", None))
        else:
            order = sorted(range(4), key=lambda i: ctx.data["quick_responses"][i])
            rows = [
                w.preference(ctx.data["quick_responses"][i], "", w.bind(self.edit_response, i))
                for i in order
            ]
        windows: list[Window] = []
        if isinstance(ctx.ui["dialog"], int):
            close = w.bind(self.set_ui, dialog=None)
            field = w.edit_text("android:id/edit", ctx.ui["edit"], lambda c, t: c.ui.update(edit=t))
            windows.append(
                w.input_dialog(
                    "Quick response", field, ("OK", self.save_response), ("Cancel", close), close
                )
            )
        if ctx.ui["menu"]:
            close = w.bind(self.set_ui, menu=False)
            windows.append(w.menu_window([("Add account", close)], close))
        listing = w.list_view(rows, scroll_key="first")
        return Screen(content=w.linear_layout([bar, listing]), windows=windows)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self.main(ctx)
        if ctx.activity == SETTINGS:
            return self.settings(ctx)
        bar = w.toolbar(ctx.extras.get("title", ""), navigation=w.up_button(), rid="action_bar")
        return Screen(content=w.linear_layout([bar, w.scroll_view([])]))
