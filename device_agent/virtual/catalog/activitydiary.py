"""Activity Diary 1.4.0 (``de.rampro.activitydiary``), with bug ActivityDiary#285.

Modelled from the sources at tag ``v1.4.0`` (``AndroidManifest.xml``,
``ui/generic/BaseActivity.java``, ``ui/main/MainActivity.java``,
``ui/settings/SettingsActivity.java``, ``db/LocalDBHelper.java``, ``res/layout/activity_base.xml``,
``activity_main_content.xml``, ``activity_row.xml``, ``fragment_detail_stats.xml``,
``res/menu/main_drawer.xml``, ``main_menu.xml``, ``res/xml/app_preferences.xml``,
``res/values/strings.xml``, ``arrays.xml``):

- there is no first-run screen: the launcher opens ``MainActivity`` ("Activity Diary", subtitle
  "What are you doing?") with the drawer toggle "Open navigation", the toolbar's filter SearchView
  (``action_filter``: its search icon expands it into ``search_src_text``, which filters the
  activities by name and hides the header) and "Add Activity" (``action_add_activity``), the
  header card
  showing the current activity (``activity_name``, "<No Activity>" on a fresh install), the tabs
  Statistics / Note / Pictures (``tablayout``), the grid of activities (``select_recycler``: the
  nine ones ``LocalDBHelper`` creates) and the FABs ``fab_edit_note`` and ``fab_attach_picture``.
  Tapping an activity makes it the current one; the note FAB without a current activity shows the
  app's toast, with one the "Note" dialog;
- the drawer (``navigation_view``): Select Activity, Diary, Statistics, Map, Add Activity, Edit
  Activities, Settings, About, Privacy Policy. All but Settings open shallow stubs (title and
  Navigate up);
- Settings (``SettingsActivity``, a support-library ``PreferenceFragmentCompat``: a RecyclerView
  ``list``) with every preference of ``app_preferences.xml`` in its categories (View, Behavior,
  Location, Images, Conditions, Backup) and the summaries ``SettingsActivity`` sets. List
  preferences open a single-choice dialog, text preferences the support library's
  ``EditTextPreference`` dialog (``android:id/edit``, Cancel / OK). That dialog ignores the
  XML's ``inputType="number"``/``digits`` (the support library does not pass them to its
  EditText), so any text can be typed. "Update period" and "Update distance" are disabled while
  "Location Service" is OFF; choosing Network or GPS asks for the coarse or fine location
  permission (the answer changes nothing in Settings). "Export database" and "Import database"
  start the system's document picker, which is another app: the model does nothing there.

The bug (ActivityDiary#285): a changed "Update period" (``pref_location_age``) is persisted, and
``onSharedPreferenceChanged`` calls ``updateLocationAge``, which does
``Integer.parseInt(value.replaceAll("\\D", ""))`` unguarded: an emptied field (or one without
digits, or a number beyond ``Integer.MAX_VALUE``) throws ``java.lang.NumberFormatException:
Invalid int: ""`` (Android 6's message, as in the report; the frames are the report's). The value
stays stored, so opening Settings again crashes in ``onCreate`` (``RuntimeException: Unable to
start activity``, caused by the same exception, the report's second trace). Valid values are
clamped to 2..60 minutes as the app does. "Update distance" has the same unguarded parse (a
different crash, not this bug's oracle).

Human steps: the report lists 6 actions after opening the drawer (7, as in ``index.tsv``); the
model needs 2 more that a phone needs too: a swipe, because only a sliver of "Location Service"
shows above the fold of the settings list on a 1920 px screen, and the answer to the location
permission dialog that choosing Network raises on a fresh install.

The fix, commit ``11f7f397`` ("fix #292", after 1.4.2, which still has the bug), makes
``updateLocationAge`` read an empty value as "5"; a value without digits still reaches the
unguarded parse there.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, target
from device_agent.virtual.stacks import launch_frames, message_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "de.rampro.activitydiary"
MAIN = ".ui.main.MainActivity"
SETTINGS = ".ui.settings.SettingsActivity"
OPEN_NAVIGATION = "Open navigation"  # R.string.drawer_open, the ActionBarDrawerToggle's label
CLOSE_NAVIGATION = "Close navigation"  # R.string.drawer_close, while the drawer is open
NO_ACTIVITY = "<No Activity>"
NO_ACTIVE_ERROR = "To perform this action it is necessary to select an activity first"
COARSE = "android.permission.ACCESS_COARSE_LOCATION"
FINE = "android.permission.ACCESS_FINE_LOCATION"

# The activities LocalDBHelper.onCreate inserts on a fresh install, in insertion order.
DEFAULT_ACTIVITIES = (
    "Gardening",
    "Woodworking",
    "Officework",
    "Swimming",
    "Relaxing",
    "Cooking",
    "Cleaning",
    "Cinema",
    "Sleeping",
)

# Drawer entries (res/menu/main_drawer.xml): title -> the activity it starts (stub title).
DRAWER = (
    ("Select Activity", ""),
    ("Diary", ".ui.history.HistoryActivity"),
    ("Statistics", ".ui.statistics.StatisticsActivity"),
    ("Map", ".ui.location.MapActivity"),
    ("Add Activity", ".ui.generic.EditActivity"),
    ("Edit Activities", ".ui.generic.ManageActivity"),
    ("Settings", SETTINGS),
    ("About", ".ui.generic.AboutActivity"),
    ("Privacy Policy", ".ui.generic.PrivacyPolicyActivity"),
)
STUB_TITLES = {
    ".ui.history.HistoryActivity": "Diary",
    ".ui.statistics.StatisticsActivity": "Statistics",
    ".ui.location.MapActivity": "Map",
    ".ui.generic.EditActivity": "New activity",
    ".ui.generic.ManageActivity": "Manage activities",
    ".ui.generic.AboutActivity": "About",
    ".ui.generic.PrivacyPolicyActivity": "Privacy Policy",
}

# List preferences: key -> (title, entries, values, default).
WEIGHTS = ("OFF", "1", "3", "5", "10", "15", "20", "30", "50")
WEIGHT_VALUES = ("0", "1", "3", "5", "10", "15", "20", "30", "50")
LISTS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...], str]] = {
    "pref_duration_format": (
        "Duration format",
        ("Dynamic", "Precise", "No days", "Hours + min"),
        ("dynamic", "precise", "nodays", "hour_min"),
        "dynamic",
    ),
    "pref_use_location": (
        "Location Service",
        ("OFF", "Network", "GPS (and network)"),
        ("off", "network", "gps"),
        "off",
    ),
    "pref_cond_alpha": ("Alphabetical sort", WEIGHTS, WEIGHT_VALUES, "3"),
    "pref_cond_predecessor": ("Activity sequence", WEIGHTS, WEIGHT_VALUES, "20"),
    "pref_cond_paused": ("Activity interruptions", WEIGHTS, WEIGHT_VALUES, "10"),
    "pref_cond_occurrence": ("Activity occurrence", WEIGHTS, WEIGHT_VALUES, "5"),
    "pref_cond_daytime": ("Daytime", WEIGHTS, WEIGHT_VALUES, "20"),
}
DURATION_SUMMARIES = {
    "dynamic": "Dynamically adjust the format depending on the duration.",
    "precise": "Always show durations with seconds resolution.",
    "nodays": "Show durations with seconds resolution but don't replace 24h by 1 day.",
    "hour_min": "Always show durations with hours and minutes.",
}
# Condition weights: key -> (summary with %s, summary when OFF).
CONDITIONS = {
    "pref_cond_alpha": (
        "Alphabetical sorting has a weight of %s on suggested next activities",
        "Alphabetical sorting is not used for suggesting next activities",
    ),
    "pref_cond_predecessor": (
        "Activity sequence in the diary has a weight of %s on suggested next activities",
        "Activity sequence in the diary is not used for suggesting next activities",
    ),
    "pref_cond_paused": (
        "Just stopped activities have a weight of %s on suggested next activities",
        "Just stopped activities are not used for suggesting next activities",
    ),
    "pref_cond_occurrence": (
        "Activity frequency in the diary has a weight of %s on suggested next activities",
        "Activity frequency in the diary is not used for suggesting next activities",
    ),
    "pref_cond_daytime": (
        "Daytime of the activities in the diary has a weight of %s on suggested next activities",
        "Daytime of the activities in the diary is not used for suggesting next activities",
    ),
}
# Text preferences: key -> (title, dialog message, default).
TEXTS = {
    "pref_datetimeFormat": ("Date format", "", "yyyy.MM.dd HH:mm"),
    "pref_location_age": ("Update period", "", "5"),
    "pref_location_dist": ("Update distance", "", "50"),
    "pref_storageFolder": (
        "Picture Storage Folder",
        "Directory to store the activity photos",
        "ActivityDiary",
    ),
}
# Switches: key -> (title, summary on, summary off).
SWITCHES = {
    "pref_auto_select_new": (
        "Select new activities",
        "A freshly created activity is directly selected as the new active one",
        "Creation of new actitivies does not influence the currently active activity",
    ),
    "pref_disable_current_on_click": (
        "Terminate activity by click",
        "Current activity can be terminated by clicking the activity label",
        "Current activity can only be terminated by selecting a new one",
    ),
    "pref_show_cur_activity_notification": (
        "Notification for current activity",
        "Current activity is shown as notification",
        "No notification for the current activity is shown",
    ),
    "acra.enable": ("Crash Reporting", "Send reports on crashes", "Don't send reports on crashes"),
    "pref_tag_images": (
        "Metadata",
        "Write current activity into EXIF tag UserComment of new images",
        "Do not touch EXIF tags of new images",
    ),
}
INT_MAX = 2**31 - 1

# The report's first trace: SettingsActivity.onSharedPreferenceChanged after the dialog's OK.
PREF_CHANGED_FRAMES = [
    "java.lang.Integer.invalidInt(Integer.java:138)",
    "java.lang.Integer.parseInt(Integer.java:358)",
    "java.lang.Integer.parseInt(Integer.java:334)",
    "de.rampro.activitydiary.ui.settings.SettingsActivity.updateLocationAge(SettingsActivity.java:238)",
    "de.rampro.activitydiary.ui.settings.SettingsActivity.onSharedPreferenceChanged(SettingsActivity.java:135)",
    "android.app.SharedPreferencesImpl$EditorImpl.notifyListeners(SharedPreferencesImpl.java:479)",
    "android.app.SharedPreferencesImpl$EditorImpl.apply(SharedPreferencesImpl.java:387)",
    "android.support.v7.preference.Preference.tryCommit(Preference.java:1613)",
    "android.support.v7.preference.Preference.persistString(Preference.java:1644)",
    "android.support.v7.preference.EditTextPreference.setText(EditTextPreference.java:69)",
    "android.support.v7.preference.EditTextPreferenceDialogFragmentCompat.onDialogClosed(EditTextPreferenceDialogFragmentCompat.java:96)",
    "android.support.v7.preference.PreferenceDialogFragmentCompat.onDismiss(PreferenceDialogFragmentCompat.java:270)",
    "android.app.Dialog$ListenersHandler.handleMessage(Dialog.java:1323)",
    *message_frames(23),
]
# The report's second trace: opening Settings again with the bad value stored.
ON_CREATE_FRAMES = [
    "java.lang.Integer.invalidInt(Integer.java:138)",
    "java.lang.Integer.parseInt(Integer.java:358)",
    "java.lang.Integer.parseInt(Integer.java:334)",
    "de.rampro.activitydiary.ui.settings.SettingsActivity.updateLocationAge(SettingsActivity.java:238)",
    "de.rampro.activitydiary.ui.settings.SettingsActivity.onCreate(SettingsActivity.java:471)",
    "android.app.Activity.performCreate(Activity.java:6237)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1107)",
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2369)",
]
LAUNCH_FRAMES = [
    *launch_frames(23),
]


def parse_int(text: str) -> int | None:
    """Java's ``Integer.parseInt`` on ``text``: the int, or None where it throws
    NumberFormatException (empty, not all digits, or outside the 32-bit range)."""
    if not text or not text.lstrip("-+").isdigit() or text[0] == "+":
        return None
    number = int(text)
    return number if -(2**31) <= number <= INT_MAX else None


def digits_only(text: str) -> str:
    """``value.replaceAll("\\D", "")``: the ASCII digits of ``text`` (Java's ``\\D`` is
    ASCII-only by default)."""
    return "".join(ch for ch in text if "0" <= ch <= "9")


def _invalid_int(text: str) -> str:
    return f'Invalid int: "{text}"'


def _oracle_285(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Crashed with a NumberFormatException while the stored update period has no parsable
    number in it (the value ``updateLocationAge`` parses)."""
    stored = str(data.get("prefs", {}).get("pref_location_age", "5"))
    bad = parse_int(digits_only(stored)) is None
    return bad and any(
        c.get("package") == PACKAGE
        and "NumberFormatException" in f"{c.get('exception', '')} {c.get('message', '')}"
        for c in system.get("crashes", [])
    )


_target = partial(target, PACKAGE)


BUG_285 = BugSpec(
    bug_id="ActivityDiary#285",
    kind="crash",
    title="An empty location update period crashes Settings (NumberFormatException)",
    oracle=_oracle_285,
    human_steps=(
        click(PACKAGE, desc=OPEN_NAVIGATION),
        click(PACKAGE, f"{PACKAGE}:id/design_menu_item_text", "Settings"),
        {"kind": "swipe", "direction": "up"},
        click(PACKAGE, "android:id/title", "Location Service"),
        click(PACKAGE, "android:id/text1", "Network"),
        allow_permission(PACKAGE, "Allow", ""),
        click(PACKAGE, "android:id/title", "Update period"),
        {
            "kind": "input_text",
            "target": _target("android:id/edit", cls="android.widget.EditText"),
            "text": "",
        },
        click(PACKAGE, "android:id/button1", "OK"),
    ),
)


class ActivityDiary(VirtualApp):
    """Activity Diary 1.4.0 (see the module docstring)."""

    name: ClassVar[str] = "ActivityDiary"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Activity Diary"
    version: ClassVar[str] = "1.4.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_285,)

    def initial_data(self) -> dict[str, Any]:
        prefs: dict[str, Any] = {key: spec[3] for key, spec in LISTS.items()}
        prefs.update({key: spec[2] for key, spec in TEXTS.items()})
        prefs.update({key: True for key in SWITCHES})
        return {"prefs": prefs, "current": "", "notes": {}}

    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("drawer", False)
        ctx.ui.setdefault("dialog", None)
        ctx.ui.setdefault("tab", 0)
        if ctx.activity == SETTINGS:
            # onCreate runs every update*Summary(); updateLocationAge parses the stored value.
            value = str(ctx.data["prefs"]["pref_location_age"])
            if parse_int(digits_only(value)) is None:
                cause = JavaException(
                    "java.lang.NumberFormatException",
                    _invalid_int(digits_only(value)),
                    frames=ON_CREATE_FRAMES,
                )
                raise JavaException(
                    "java.lang.RuntimeException",
                    f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}{SETTINGS}}}: "
                    f"java.lang.NumberFormatException: {_invalid_int(digits_only(value))}",
                    frames=LAUNCH_FRAMES,
                    cause=cause,
                )

    def on_back(self, ctx: AppContext) -> bool:
        if w.dismiss(ctx.ui, "drawer"):
            return True
        if ctx.ui.get("query") is not None:  # Back collapses the filter SearchView first
            ctx.ui["query"] = None
            return True
        return False

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _set(ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _nav(self, ctx: AppContext, target: str) -> None:
        ctx.ui["drawer"] = False
        if target and target != ctx.activity:
            ctx.start_activity(target)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == SETTINGS:
            return self._render_settings(ctx)
        if ctx.activity in STUB_TITLES:
            return self._render_stub(ctx, STUB_TITLES[ctx.activity])
        return self._render_main(ctx)

    def _base(self, ctx: AppContext, bar: View, content: View) -> View:
        """BaseActivity's ``activity_base.xml``: the ``main_toolbar`` above the DrawerLayout
        holding ``content_fragment`` and, when open, ``navigation_view``."""
        drawer = None
        if ctx.ui["drawer"]:
            drawer = View(
                cls="android.support.design.widget.NavigationView",
                resource_id="navigation_view",
                width=800,
                gravity="top",
                children=[
                    w.drawer_entry(
                        title, w.bind(self._nav, target), checked=(target or MAIN) == ctx.activity
                    )
                    for title, target in DRAWER
                ],
            )
        frame = w.frame_layout([content], rid="content_fragment")
        return w.relative_layout(
            [
                bar,
                w.drawer_layout(frame, drawer, cls="android.support.v4.widget.DrawerLayout"),
            ],
            rid="content_frame",
        )

    def _bar(
        self,
        title: str,
        *,
        subtitle: str = "",
        drawer: bool,
        drawer_open: bool = False,
        actions: list[View] | None = None,
    ) -> View:
        if drawer:
            navigation = w.nav_button(
                CLOSE_NAVIGATION if drawer_open else OPEN_NAVIGATION,
                lambda c: self._set(c, drawer=not c.ui["drawer"]),
            )
        else:
            navigation = w.up_button()
        heading: str | View = title
        if subtitle:
            heading = w.linear_layout(
                [w.text_view(title, height=84), w.text_view(subtitle, height=63)]
            )
        return w.toolbar(
            heading,
            navigation=navigation,
            actions=actions or [],
            rid="main_toolbar",
        )

    def _render_stub(self, ctx: AppContext, title: str) -> Screen:
        body = w.text_view(title, height=None, weight=1.0)
        return Screen(content=self._base(ctx, self._bar(title, drawer=False), body))

    # -- main --------------------------------------------------------------------------------
    def _select(self, ctx: AppContext, name: str) -> None:
        ctx.data["current"] = name

    def _edit_note(self, ctx: AppContext) -> None:
        if not ctx.data["current"]:
            ctx.toast(NO_ACTIVE_ERROR)
            return
        ctx.ui["dialog"] = {"kind": "note", "text": ctx.data["notes"].get(ctx.data["current"], "")}

    def _attach_picture(self, ctx: AppContext) -> None:
        if not ctx.data["current"]:
            ctx.toast(NO_ACTIVE_ERROR)
            return
        ctx.toast("Something went wrong here. Could not store image.")  # no camera app here

    def _render_main(self, ctx: AppContext) -> Screen:
        current = ctx.data["current"]
        query = ctx.ui.get("query")
        if query is None:  # the collapsed filter SearchView: its search icon
            search = View(
                cls="android.support.v7.widget.SearchView",
                resource_id="action_filter",
                width=147,
                children=[
                    w.image_button("search_button", "Search", lambda c: self._set(c, query=""))
                ],
            )
        else:  # expanded: the query field and its clear button (setSearchMode(true))
            search = View(
                cls="android.support.v7.widget.SearchView",
                resource_id="action_filter",
                layout=HORIZONTAL,
                width=640,
                children=[
                    w.edit_text(
                        "search_src_text",
                        query,
                        lambda c, t: self._set(c, query=t),
                        hint="Search activity…",
                    ),
                    w.image_button(
                        "search_close_btn",
                        "Clear query",
                        lambda c: self._set(c, query=None),
                        width=126,
                    ),
                ],
            )
        add = w.text_view(
            "",
            "action_add_activity",
            content_desc="Add Activity",
            on_click=lambda c: c.start_activity(".ui.generic.EditActivity"),
            width=147,
        )
        bar = self._bar(
            "Activity Diary",
            subtitle="What are you doing?",
            drawer=True,
            drawer_open=bool(ctx.ui["drawer"]),
            actions=[search, add],
        )
        card = View(
            cls="android.support.v7.widget.CardView",
            resource_id="card",
            height=220,
            children=[
                w.relative_layout(
                    [
                        w.image_view("activity_image", "Picture for activity", width=200),
                        w.text_view(current or NO_ACTIVITY, "activity_name", height=220),
                    ],
                    rid="activity_background",
                    layout=HORIZONTAL,
                )
            ],
        )
        tab = ctx.ui["tab"]
        page: list[View]
        if tab == 0:
            page = [
                w.text_view("Since 0 s" if current else "", "duration_label"),
                w.text_view("", "avg_duration_label"),
                w.text_view("", "start_of_last_label"),
            ]
        elif tab == 1:
            page = [w.text_view(ctx.data["notes"].get(current, ""), "detail_note")]
        else:
            page = [
                View(cls="android.support.v7.widget.RecyclerView", resource_id="picture_recycler")
            ]
        header = View(
            cls="android.support.constraint.ConstraintLayout",
            resource_id="header_area",
            height=700,
            children=[
                card,
                View(
                    cls="android.support.design.widget.AppBarLayout",
                    resource_id="app_bar_layout",
                    height=126,
                    children=[
                        w.tabs(
                            ("Statistics", "Note", "Pictures"),
                            tab,
                            lambda c, i: self._set(c, tab=i),
                            rid="tablayout",
                            tab_cls="android.support.v7.app.ActionBar$Tab",
                        )
                    ],
                ),
                View(
                    cls="android.support.v4.view.ViewPager", resource_id="viewpager", children=page
                ),
            ],
        )
        cards = [
            View(
                cls="android.support.v7.widget.CardView",
                resource_id="select_card_view",
                height=200,
                on_click=w.bind(self._select, name),
                children=[
                    w.relative_layout(
                        [w.text_view(name, "activity_name", height=200)], rid="activity_background"
                    )
                ],
            )
            for name in DEFAULT_ACTIVITIES
            if query is None or query.lower() in name.lower()
        ]
        grid = w.list_view(
            [
                View(layout=HORIZONTAL, height=200, children=cards[i : i + 3])
                for i in range(0, len(cards), 3)
            ],
            rid="select_recycler",
            cls="android.support.v7.widget.RecyclerView",
            scroll_key="select_scroll",
        )
        body = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="main_layout",
            layout=FRAME,
            children=[
                w.linear_layout([grid] if query is not None else [header, grid]),
                w.fab("fab_edit_note", "", self._edit_note, gravity="bottom_end", naf=True),
                w.fab(
                    "fab_attach_picture", "", self._attach_picture, gravity="bottom_start", naf=True
                ),
            ],
        )
        windows: list[Window] = []
        dialog = ctx.ui["dialog"]
        if dialog and dialog["kind"] == "note":
            close = lambda c: self._set(c, dialog=None)  # noqa: E731
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Note"),
                    [w.edit_text("edit_note", dialog["text"], self._type, hint="Note")],
                    [
                        w.dialog_button("android:id/button2", "Cancel", close),
                        w.dialog_button("android:id/button1", "OK", self._save_note),
                    ],
                    close,
                )
            )
        return Screen(content=self._base(ctx, bar, body), windows=windows)

    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"] = {**ctx.ui["dialog"], "text": text}

    def _save_note(self, ctx: AppContext) -> None:
        ctx.data["notes"][ctx.data["current"]] = ctx.ui["dialog"]["text"]
        ctx.ui["dialog"] = None

    # -- settings ----------------------------------------------------------------------------
    def _summary(self, ctx: AppContext, key: str) -> str:
        prefs = ctx.data["prefs"]
        value = str(prefs.get(key, ""))
        if key == "pref_duration_format":
            return DURATION_SUMMARIES.get(value, "")
        if key == "pref_use_location":
            if value == "off":
                return "User location not tracked at all"
            entries, values = LISTS[key][1], LISTS[key][2]
            return f"{entries[values.index(value)]} used to track device location"
        if key in CONDITIONS:
            used, unused = CONDITIONS[key]
            return unused if float(value) == 0.0 else used % value
        if key == "pref_datetimeFormat":
            return "2026.12.01 16:00" if value == "yyyy.MM.dd HH:mm" else value
        if key == "pref_location_age":
            return f"Request a location update every {value} minutes"
        if key == "pref_location_dist":
            return f"Request a location update every {value} meters"
        if key == "pref_storageFolder":
            return f"Store activity photos in directory {value}"
        if key in SWITCHES:
            return SWITCHES[key][1] if prefs[key] else SWITCHES[key][2]
        return ""

    def _settings_rows(self, ctx: AppContext) -> list[View]:
        prefs = ctx.data["prefs"]
        location_on = prefs["pref_use_location"] != "off"

        def listed(key: str) -> View:
            return w.preference(
                LISTS[key][0], self._summary(ctx, key), w.bind(self._open_list, key)
            )

        def texted(key: str, enabled: bool = True) -> View:
            handler = w.bind(self._open_text, key) if enabled else None
            return w.preference(TEXTS[key][0], self._summary(ctx, key), handler, enabled=enabled)

        def switched(key: str) -> View:
            return w.preference(
                SWITCHES[key][0],
                self._summary(ctx, key),
                w.bind(self._toggle, key),
                widget=w.switch_widget(bool(prefs[key]), rid="switchWidget"),
            )

        return [
            w.preference_category("View"),
            texted("pref_datetimeFormat"),
            listed("pref_duration_format"),
            w.preference_category("Behavior"),
            switched("pref_auto_select_new"),
            switched("pref_disable_current_on_click"),
            switched("pref_show_cur_activity_notification"),
            switched("acra.enable"),
            w.preference_category("Location"),
            listed("pref_use_location"),
            texted("pref_location_age", location_on),
            texted("pref_location_dist", location_on),
            w.preference_category("Images"),
            texted("pref_storageFolder"),
            switched("pref_tag_images"),
            w.preference_category("Conditions"),
            *(listed(key) for key in CONDITIONS),
            w.preference_category("Backup"),
            w.preference(
                "Export database", "Store a copy of the current database in a file for backup", None
            ),
            w.preference("Import database", "Restore a backup file to current database", None),
        ]

    def _render_settings(self, ctx: AppContext) -> Screen:
        rows = w.list_view(
            self._settings_rows(ctx),
            rid="list",
            cls="android.support.v7.widget.RecyclerView",
            scroll_key="prefs_scroll",
        )
        fragment = w.linear_layout([rows], rid="settings_fragment")
        content = self._base(ctx, self._bar("Settings", drawer=False), fragment)
        return Screen(content=content, windows=self._settings_dialogs(ctx))

    def _settings_dialogs(self, ctx: AppContext) -> list[Window]:
        dialog = ctx.ui["dialog"]
        if not dialog:
            return []
        close = lambda c: self._set(c, dialog=None)  # noqa: E731
        key = dialog["key"]
        if dialog["kind"] == "list":
            title, entries, values, _ = LISTS[key]
            current = str(ctx.data["prefs"][key])
            selected = values.index(current) if current in values else None
            return [
                w.choice_dialog(
                    title,
                    entries,
                    selected,
                    partial(self._choose, key),
                    close,
                    negative=("Cancel", close),
                )
            ]
        title, message, _ = TEXTS[key]
        body = [w.dialog_message(message)] if message else []
        body.append(w.edit_text("android:id/edit", dialog["text"], self._type))
        return [
            w.alert_dialog(
                w.dialog_title(title),
                body,
                [
                    w.dialog_button("android:id/button2", "Cancel", close),
                    w.dialog_button("android:id/button1", "OK", self._save_text),
                ],
                close,
            )
        ]

    def _open_list(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = {"kind": "list", "key": key}

    def _open_text(self, ctx: AppContext, key: str) -> None:
        ctx.ui["dialog"] = {"kind": "text", "key": key, "text": str(ctx.data["prefs"][key])}

    def _toggle(self, ctx: AppContext, key: str) -> None:
        ctx.data["prefs"][key] = not ctx.data["prefs"][key]

    def _choose(self, key: str, ctx: AppContext, index: int) -> None:
        """ListPreferenceDialogFragmentCompat: a tapped entry persists its value and closes the
        dialog; choosing a location mode asks for its permission (``updateUseLocation``)."""
        ctx.ui["dialog"] = None
        value = LISTS[key][2][index]
        if ctx.data["prefs"][key] == value:
            return
        ctx.data["prefs"][key] = value
        if key == "pref_use_location" and value != "off":
            permission = FINE if value == "gps" else COARSE
            if permission not in ctx.permissions:
                ctx.request_permission(permission)

    def _save_text(self, ctx: AppContext) -> None:
        """EditTextPreferenceDialogFragmentCompat.onDialogClosed(true): persist, then the
        activity's onSharedPreferenceChanged (only when the value changed)."""
        key = ctx.ui["dialog"]["key"]
        text = ctx.ui["dialog"]["text"]
        ctx.ui["dialog"] = None
        if ctx.data["prefs"][key] == text:
            return
        ctx.data["prefs"][key] = text
        if key == "pref_location_age":
            self._update_location_age(ctx, PREF_CHANGED_FRAMES)
        elif key == "pref_location_dist":
            self._update_location_dist(ctx)

    def _update_location_age(self, ctx: AppContext, frames: list[str]) -> None:
        value = str(ctx.data["prefs"]["pref_location_age"])
        number = parse_int(digits_only(value))
        if number is None:
            raise JavaException(
                "java.lang.NumberFormatException", _invalid_int(digits_only(value)), frames=frames
            )
        ctx.data["prefs"]["pref_location_age"] = str(min(max(number, 2), 60))

    def _update_location_dist(self, ctx: AppContext) -> None:
        value = str(ctx.data["prefs"]["pref_location_dist"])
        number = parse_int(digits_only(value))
        if number is None:
            raise JavaException(
                "java.lang.NumberFormatException",
                _invalid_int(digits_only(value)),
                frames=[
                    "java.lang.Integer.invalidInt(Integer.java:138)",
                    "java.lang.Integer.parseInt(Integer.java:358)",
                    "java.lang.Integer.parseInt(Integer.java:334)",
                    "de.rampro.activitydiary.ui.settings.SettingsActivity.updateLocationDist(SettingsActivity.java:210)",
                    "de.rampro.activitydiary.ui.settings.SettingsActivity.onSharedPreferenceChanged(SettingsActivity.java:137)",
                    *PREF_CHANGED_FRAMES[5:],
                ],
            )
        ctx.data["prefs"]["pref_location_dist"] = str(max(number, 5))
