"""Birthdroid 0.6.3 (``com.rigid.birthdroid``), with bug Birthdroid#13.

Screens, after the app's sources of that time (``BirthdroidActivity``, ``PreferencesActivity``,
``BirthdroidWidget``, ``res/layout/main.xml``, ``res/xml/preferences.xml``, ``strings.xml``,
``defaults.xml``):

- the main screen (``.BirthdroidActivity``, a ``ListActivity`` with an action bar "Birthdroid"
  and "More options" holding Settings and About): one row per contact birthday (``list_name``,
  ``list_date``, ``list_daysLeft``, ``list_years``), or ``android:id/empty`` "No birthdays in
  contacts". The app reads contacts with an install-time permission (it targets an old SDK), so
  there is no runtime permission dialog; a fresh emulator has no contacts;
- "Birthdroid preferences" (``.PreferencesActivity``, a platform ``PreferenceActivity``): General
  (Contact scan interval, disabled), Application (Show avatar, disabled; Sort by...), Widget
  (Foresight period, Widget clickable?, Layout settings → a nested preference screen with Show
  avatar, Flip cycle interval, Sort by...). Number preferences open the platform
  ``EditTextPreference`` dialog (``android:id/edit``, digits only, Cancel / OK); list preferences
  open a single-choice dialog;
- About (``.AboutActivity``: version, copyright, description, changes).

The bug: "Foresight period" (``widget_future_days``) is stored as a string and parsed with an
unguarded ``Integer.parseInt`` by the widget's update service. Both activities broadcast
``PREFS_UPDATE`` from ``onPause``, which starts ``BirthdroidService`` on the main thread, so after a
value beyond ``Integer.MAX_VALUE`` (the report's 11-digit ``111111111111``) leaving the
preferences (or the main screen) crashes the app with ``java.lang.RuntimeException: Unable to start
service ...`` caused by ``java.lang.NumberFormatException: For input string: "111111111111"``. The
report has no stack trace; the frames are the model's, in the app's real classes. "Flip cycle
interval" goes through the same parse and crashes the same way. The model raises the crash when
Back leaves an activity or the main screen opens another one (``onPause``); pressing Home
is not modelled as a pause.

Later builds for nightly re-reproduction (decision 0005): :class:`Birthdroid070` (0.7.0, the
widget preferences on a screen of their own, bug present) and :class:`Birthdroid071` (0.7.1,
fixed).
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, target
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "com.rigid.birthdroid"
MAIN = ".BirthdroidActivity"
PREFS = ".PreferencesActivity"
ABOUT = ".AboutActivity"
WIDGET_PREFS = ".WidgetPreferencesActivity"  # from 0.7.0
INT_MAX = 2**31 - 1

# Number preferences: key -> (title, summary, default, enabled).
NUMBER_PREFS: dict[str, tuple[str, str, str, bool]] = {
    "birthdays_scan_interval": (
        "Contact scan interval",
        "Scan contacts for new birthdays every n hours",
        "24",
        False,
    ),
    "widget_future_days": ("Foresight period", "Display birthdays in the next n days", "5", True),
    "widget_flip_interval": (
        "Flip cycle interval",
        "Flip to next contact every n seconds",
        "5",
        True,
    ),
}
SORT_ENTRIES = (("days left", "UPCOMING_DAYS"), ("age of person", "AGE"))


def _parse_int(value: str) -> int | None:
    """Java's ``Integer.parseInt``: None where it would throw NumberFormatException."""
    if not value or not value.lstrip("-+").isdigit():
        return None
    number = int(value)
    return number if -(2**31) <= number <= INT_MAX else None


def _service_crash(value: str) -> JavaException:
    """``BirthdroidService.onStart`` parsing an unparseable foresight/flip value."""
    nfe = JavaException(
        "java.lang.NumberFormatException",
        f'For input string: "{value}"',
        frames=[
            "java.lang.Integer.parseInt(Integer.java:618)",
            "java.lang.Integer.parseInt(Integer.java:650)",
            "com.rigid.birthdroid.BirthdroidWidget$BirthdroidService.onStart(BirthdroidWidget.java:150)",
            "android.app.Service.onStartCommand(Service.java:704)",
            "android.app.ActivityThread.handleServiceArgs(ActivityThread.java:4087)",
        ],
    )
    return JavaException(
        "java.lang.RuntimeException",
        "Unable to start service com.rigid.birthdroid.BirthdroidWidget$BirthdroidService@6c1e0a2 "
        "with Intent { cmp=com.rigid.birthdroid/.BirthdroidWidget$BirthdroidService }: "
        f'java.lang.NumberFormatException: For input string: "{value}"',
        frames=[
            "android.app.ActivityThread.handleServiceArgs(ActivityThread.java:4105)",
            "android.app.ActivityThread.access$1800(ActivityThread.java:219)",
            "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1875)",
            "android.os.Handler.dispatchMessage(Handler.java:107)",
            "android.os.Looper.loop(Looper.java:214)",
            "android.app.ActivityThread.main(ActivityThread.java:7356)",
            "java.lang.reflect.Method.invoke(Native Method)",
            "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:492)",
            "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:930)",
        ],
        cause=nfe,
    )


def _oracle_13(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Crashed parsing a stored foresight period that is no Java int."""
    bad = _parse_int(str(data.get("prefs", {}).get("widget_future_days", "5"))) is None
    return bad and crashed(system, PACKAGE, "", "NumberFormatException", "BirthdroidService")


_target = partial(target, PACKAGE)


BUG_13 = BugSpec(
    bug_id="Birthdroid#13",
    kind="crash",
    title="Setting the foresight period to a number of more than 10 digits crashes the app",
    oracle=_oracle_13,
    human_steps=(
        click(PACKAGE, desc="More options", cls="android.widget.ImageView"),
        click(PACKAGE, "android:id/title", "Settings"),
        click(PACKAGE, "android:id/title", "Foresight period"),
        {
            "kind": "input_text",
            "target": _target("android:id/edit", cls="android.widget.EditText"),
            "text": "111111111111",
        },
        click(PACKAGE, "android:id/button1", "OK"),
        {"kind": "press_back"},
    ),
)


class Birthdroid(VirtualApp):
    """Birthdroid 0.6.3 (see the module docstring)."""

    name: ClassVar[str] = "Birthdroid"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Birthdroid"
    version: ClassVar[str] = "0.6.3"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_13,)
    CHANGES: ClassVar[str] = "* v0.6.3\n- use proguard in f-droid to get smaller .apk package"
    # The activities whose onPause broadcasts PREFS_UPDATE (Back leaving them starts the service).
    PAUSE_BROADCASTERS: ClassVar[tuple[str, ...]] = (MAIN, PREFS)

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: spec[2] for key, spec in NUMBER_PREFS.items()}
        prefs.update(
            {
                "birthdroid_avatars": False,
                "birthdroid_sort_method": "UPCOMING_DAYS",
                "widget_clickable": True,
                "widget_avatars": False,
                "widget_sort_method": "UPCOMING_DAYS",
            }
        )
        return {"prefs": prefs, "contacts": []}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("menu", False)
        ctx.ui.setdefault("dialog", None)
        ctx.ui.setdefault("screens", [])  # nested preference screens open, innermost last

    # -- lifecycle: onPause broadcasts PREFS_UPDATE, the service parses the numbers -------------
    def _pause(self, ctx: AppContext) -> None:
        prefs = ctx.data["prefs"]
        for key in ("widget_future_days", "widget_flip_interval"):
            value = str(prefs[key])
            if _parse_int(value) is None:
                raise _service_crash(value)
        ctx.log("BirthdroidWidget", "Launching update-service", "V")

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui.get("screens"):
            ctx.ui["screens"] = ctx.ui["screens"][:-1]
            return True
        if ctx.activity in self.PAUSE_BROADCASTERS:
            ctx.finish()
            self._pause(ctx)
            return True
        return False

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == PREFS:
            return self._render_prefs(ctx)
        if ctx.activity == ABOUT:
            return self._render_about(ctx)
        return self._render_main(ctx)

    def _action_bar(self, title: str, *, up: Any = None, overflow: Any = None) -> View:
        # The window decor's ActionBar (Birthdroid predates AppCompat's Toolbar).
        navigation = w.nav_button(w.NAVIGATE_UP, up) if up is not None else None
        actions = [w.overflow_button(overflow)] if overflow is not None else []
        return w.toolbar(title, navigation=navigation, actions=actions, rid="android:id/action_bar")

    def _render_main(self, ctx: AppContext) -> Screen:
        contacts = ctx.data["contacts"]
        body: View
        if contacts:
            body = View(
                cls="android.widget.ListView",
                resource_id="android:id/list",
                scrollable=True,
                scroll_key="list_scroll",
                children=[
                    w.linear_layout(
                        [
                            w.linear_layout(
                                [
                                    w.text_view(p["name"], "list_name"),
                                    w.text_view(p["date"], "list_date"),
                                    w.text_view(p["days_left"], "list_daysLeft"),
                                ]
                            ),
                            w.text_view(str(p.get("age", "")), "list_years", width=150),
                        ],
                        horizontal=True,
                        height=230,
                        on_click=lambda c: c.toast("No contacts app to open the contact"),
                    )
                    for p in contacts
                ],
            )
        else:
            body = w.text_view(
                "No birthdays in contacts", "android:id/empty", weight=1.0, height=None
            )
        content = w.linear_layout(
            [
                self._action_bar(self.label, overflow=lambda c: self._set(c, menu=True)),
                body,
            ]
        )
        windows: list[Window] = []
        if ctx.ui["menu"]:
            windows.append(
                self._menu(
                    [
                        ("Settings", lambda c: self._open(c, PREFS)),
                        ("About", lambda c: self._open(c, ABOUT)),
                    ]
                )
            )
        return Screen(content=content, windows=windows)

    def _menu(self, items: list[tuple[str, Any]]) -> Window:
        return w.menu_window(
            items, lambda c: self._set(c, menu=False), title_rid="android:id/title"
        )

    # -- preferences: rows as the platform's preference layouts draw them ----------------------
    @staticmethod
    def _category(title: str) -> View:
        return w.text_view(title, "android:id/title", height=110)

    @staticmethod
    def _row(title: str, summary: str, handler: Any, enabled: bool = True) -> View:
        return w.preference(title, summary, handler, enabled=enabled, height=190)

    def _number_row(self, key: str) -> View:
        title, summary, _default, enabled = NUMBER_PREFS[key]
        return self._row(
            title, summary, w.bind(self._open_number, key) if enabled else None, enabled
        )

    def _check_row(
        self, ctx: AppContext, key: str, title: str, summary: str, enabled: bool = True
    ) -> View:
        return w.preference(
            title,
            summary,
            w.bind(self._toggle, key) if enabled else None,
            widget=w.checkbox_widget(bool(ctx.data["prefs"][key]), enabled=enabled),
            enabled=enabled,
            height=190,
        )

    def _sort_row(self, key: str) -> View:
        return self._row(
            "Sort by...",
            "How to sort order of results",
            lambda c: self._set(c, dialog={"kind": "sort", "key": key}),
        )

    def _screen_row(self, screen: str, title: str, summary: str) -> View:
        """A nested ``PreferenceScreen`` entry: opens ``screen`` on top (Back closes it)."""
        return self._row(title, summary, w.bind(self._push_screen, screen))

    def _pref_screen(self, ctx: AppContext, screen: str) -> tuple[str, list[View]]:
        """The title and rows of the preference screen ``screen`` (``""``: the top one)."""
        avatar_summary = "Load image from contacts and display it"
        if screen == "layout":
            return "Layout settings", [
                self._check_row(ctx, "widget_avatars", "Show avatar", avatar_summary, False),
                self._number_row("widget_flip_interval"),
                self._sort_row("widget_sort_method"),
            ]
        return "Birthdroid preferences", [
            self._category("General"),
            self._number_row("birthdays_scan_interval"),
            self._category("Application"),
            self._check_row(ctx, "birthdroid_avatars", "Show avatar", avatar_summary, False),
            self._sort_row("birthdroid_sort_method"),
            self._category("Widget"),
            *self._widget_rows(ctx),
        ]

    def _widget_rows(self, ctx: AppContext) -> list[View]:
        """The rows of the Widget category."""
        return [
            self._number_row("widget_future_days"),
            self._check_row(
                ctx,
                "widget_clickable",
                "Widget clickable?",
                "Open Birthdroid upon click on widget?",
            ),
            self._screen_row("layout", "Layout settings", "Adjust layout settings"),
        ]

    def _render_prefs(self, ctx: AppContext, root: str = "") -> Screen:
        screens = ctx.ui["screens"]
        title, rows = self._pref_screen(ctx, screens[-1] if screens else root)
        content = w.linear_layout(
            [
                self._action_bar(title),
                View(
                    cls="android.widget.ListView",
                    resource_id="android:id/list",
                    scrollable=True,
                    scroll_key="prefs_scroll",
                    children=rows,
                ),
            ]
        )
        return Screen(content=content, windows=self._pref_dialogs(ctx))

    def _pref_dialogs(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog:
            return []
        close = lambda c: self._set(c, dialog=None)  # noqa: E731
        if dialog["kind"] == "number":
            title = NUMBER_PREFS[dialog["key"]][0]
            field = w.edit_text("android:id/edit", dialog["text"], self._type_number)
            buttons = [
                self._button("android:id/button2", "Cancel", close),
                self._button("android:id/button1", "OK", self._save_number),
            ]
            body = [field]
        else:
            key = dialog["key"]
            current = ctx.data["prefs"][key]
            body = [
                View(
                    cls="android.widget.CheckedTextView",
                    resource_id="android:id/text1",
                    text=label,
                    checked=value == current,
                    on_click=w.bind(self._choose_sort, key, value),
                    height=140,
                )
                for label, value in SORT_ENTRIES
            ]
            title = "Sort by..."
            buttons = [self._button("android:id/button2", "Cancel", close)]
        title_view = w.text_view(title, "android:id/alertTitle", height=140)
        return [w.alert_dialog(title_view, body, buttons, close)]

    @staticmethod
    def _button(rid: str, text: str, handler: Any) -> View:
        return w.dialog_button(rid, text, handler, width=300)

    def _render_about(self, ctx: AppContext) -> Screen:
        content = w.linear_layout(
            [
                self._action_bar("About Birthdroid"),
                w.scroll_view(
                    [
                        w.text_view(f"Birthdroid v{self.version}", "about_title"),
                        w.text_view("2011-2015 © Daniel Hiepler", "about_copyright"),
                        w.text_view("http://github.com/rigid/Birthdroid", "about_url"),
                        w.text_view("Simple application to show upcoming birthdays.", "about_desc"),
                        w.text_view(self.CHANGES, "about_changes"),
                    ],
                    scrollable=True,
                ),
            ]
        )
        return Screen(content=content)

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _open(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["menu"] = False
        self._pause(ctx)  # the main activity pauses too (its onPause broadcasts)
        ctx.start_activity(activity)

    def _push_screen(self, ctx: AppContext, screen: str) -> None:
        ctx.ui["screens"] = [*ctx.ui["screens"], screen]

    def _open_number(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = {"kind": "number", "key": key, "text": str(ctx.data["prefs"][key])}

    def _type_number(self, ctx: AppContext, text: str) -> None:
        # inputType="number": the platform's DigitsKeyListener drops everything but digits.
        dialog = dict(ctx.ui["dialog"] or {})
        dialog["text"] = "".join(ch for ch in text if ch.isdigit())
        ctx.ui["dialog"] = dialog

    def _save_number(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"] or {}
        # EditTextPreference stores the string as typed; nothing validates its range.
        ctx.data["prefs"][dialog["key"]] = dialog.get("text", "")
        ctx.ui["dialog"] = None
        ctx.hide_keyboard()

    def _choose_sort(self, ctx: AppContext, key: str, value: str) -> None:
        ctx.data["prefs"][key] = value
        ctx.ui["dialog"] = None

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]


# -- later builds (nightly re-reproduction, decision 0005) ---------------------------------------

BUG_13_WIDGET_SCREEN = dataclasses.replace(
    BUG_13,
    human_steps=(
        *BUG_13.human_steps[:2],
        click(PACKAGE, "android:id/title", "Widget settings"),
        *BUG_13.human_steps[2:],
    ),
)


class Birthdroid070(Birthdroid):
    """Birthdroid 0.7.0: the widget preferences moved to their own "Widget settings" screen;
    Birthdroid#13 is still there.

    What changed: the Widget category of the preferences (Foresight period, Widget clickable?,
    Layout settings) moved to a second ``PreferenceActivity``, ``.WidgetPreferencesActivity``
    ("Widget settings"), opened from a "Widget settings" entry ("Adjust widget settings", an
    intent ``PreferenceScreen``) that takes the category's place on "Birthdroid preferences",
    which now shows General, Application and Widget with that one entry. Setting the foresight
    period takes one more tap. Realistic: growing preference files get split into screens, and
    the new activity extends the same base class, so its ``onPause`` broadcasts
    ``PREFS_UPDATE`` like the other two. The number dialog still stores the text unchecked and
    the service still parses it unguarded: Back after entering 11 digits crashes the app.

    For a recorded trace of 0.6.3 the third step ("Foresight period" on the preferences screen)
    has no target: that screen shows "Widget settings" at the place (same bounds) where
    "Foresight period" was.
    """

    version: ClassVar[str] = "0.7.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_13_WIDGET_SCREEN,)
    CHANGES: ClassVar[str] = (
        "* v0.7.0\n- widget settings have their own screen\n"
        "* v0.6.3\n- use proguard in f-droid to get smaller .apk package"
    )
    PAUSE_BROADCASTERS: ClassVar[tuple[str, ...]] = (MAIN, PREFS, WIDGET_PREFS)

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == WIDGET_PREFS:
            return self._render_prefs(ctx, root="widget")
        return super().render(ctx)

    def _widget_rows(self, ctx: AppContext) -> list[View]:
        return [self._row("Widget settings", "Adjust widget settings", self._open_widget_prefs)]

    def _pref_screen(self, ctx: AppContext, screen: str) -> tuple[str, list[View]]:
        if screen == "widget":
            return "Widget settings", super()._widget_rows(ctx)
        return super()._pref_screen(ctx, screen)

    def _open_widget_prefs(self, ctx: AppContext) -> None:
        self._pause(ctx)  # the preferences activity pauses (and broadcasts) as the next opens
        ctx.start_activity(WIDGET_PREFS)


class Birthdroid071(Birthdroid070):
    """Birthdroid 0.7.1: Birthdroid#13 fixed; the Widget settings sub-screen of 0.7.0 stays.

    What changed: the number preferences validate what is typed (an
    ``OnPreferenceChangeListener`` that rejects text ``Integer.parseInt`` cannot read, with the
    toast "Invalid number: <text>"), so a value beyond ``Integer.MAX_VALUE`` is never stored and
    the service parses only valid numbers: no crash when the preferences are left. This is the
    fix the maintainer asked for in the issue. The human steps of 0.7.0 run through without a
    crash and leave the foresight period at its previous value.
    """

    version: ClassVar[str] = "0.7.1"
    CHANGES: ClassVar[str] = (
        "* v0.7.1\n- reject numbers that are too large in the settings (#13)\n"
        "* v0.7.0\n- widget settings have their own screen\n"
        "* v0.6.3\n- use proguard in f-droid to get smaller .apk package"
    )

    def _save_number(self, ctx: AppContext) -> None:
        text = str((ctx.ui["dialog"] or {}).get("text", ""))
        if _parse_int(text) is None:
            ctx.ui["dialog"] = None
            ctx.hide_keyboard()
            ctx.toast(f"Invalid number: {text}")
            return
        super()._save_number(ctx)
