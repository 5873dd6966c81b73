"""Tickmate (``de.smasi.tickmate``) 1.4.6, for tickmate#130.

Modelled from the sources of the v1.4.6 release, commit ``428ea46`` (``AndroidManifest.xml``:
``versionName="1.4.6"``), the build current when the report was written (August 2020):
``Tickmate.java``, ``TickAdapter.java``, ``views/TickHeader.java``, ``widgets/TrackButton.java``,
``widgets/TickButton.java``, ``views/EditTracksActivity.java``, ``views/ChooseTrackActivity.java``,
``views/TrackListAdapter.java``, ``views/ShowTrackActivity.java``, ``widgets/SummaryNumber.java``,
``res/layout/activity_tickmate_list.xml``, ``tickmate_list_header.xml``, ``rowlayout.xml``,
``rowlayout_header.xml``, ``activity_show_track.xml``, ``res/menu/tickmate.xml``,
``edit_tracks.xml``, ``show_track.xml``, ``res/xml/tracks.xml``, ``res/values/strings.xml`` and
``strings_activity_settings.xml``; and the fix, commit ``bd2b484`` ("Added saving and restoring of
selected trend to preserve value on rotation.", released in 1.4.8):

- a fresh install has no tracks: the main screen (``Tickmate``, a ListActivity) shows the
  ``android:id/empty`` text "No tracks have been added for this group. Tap here to open the track
  list editor." (the groups spinner is gone while there are no groups); tapping it, or the
  "My tracks" action, opens ``EditTracksActivity`` (an empty list, the "Add track" action and the
  same item in the overflow menu), whose "Add track" opens ``ChooseTrackActivity`` (a dialog-themed
  list of ``tracks.xml``'s sections and tracks); tapping a track stores it and returns (the
  "Custom" track then opens the track's preferences, a stub here);
- with tracks, the main screen's header (``tracks_header``) holds one ``TrackButton`` per track
  (an ImageButton with neither id nor description) that opens ``ShowTrackActivity``; below it
  one row per day (weekday, "today"/"yesterday"/a date, a ``TickButton`` ToggleButton with empty
  text per track; only today and yesterday are editable, the default "Editable days");
- ``ShowTrackActivity`` ("Track details", Edit and Delete actions) shows the track's icon, name
  and description, three ``SummaryNumber`` views (Total, Weekly mean, the trend: canvas-drawn,
  so their captions are not in the dump, as on a real device) and the summary graphs. Tapping
  ``summaryNumber3`` cycles the trend range (1-week, 2-week, 1-month, 3-month, 6-month, 1-year
  trend); it starts at the "Trend range" preference, 14 days ("2-week trend") by default.

The bug (tickmate#130, non-crash): the chosen trend range lives only in the activity
(``trendRangeIndex``); ``onCreate`` -> ``loadTrack`` sets it again from the preference and nothing
saves it, so rotating the screen re-creates the activity on "2-week trend" whatever the user had
chosen. The fix saves it in ``onSaveInstanceState`` and restores it in ``onCreate``.

Fixed data: the device's date is Sunday 30 August 2020 (the report's day).
Not modelled: the summary graphs' contents (drawn on a canvas), the track preferences, settings,
groups and about screens (stubs), the track list's context menu, the trend reset that returning
from the track preferences also does (``onActivityResult`` -> ``loadTrack``, in both versions).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, step
from device_agent.virtual.views import HORIZONTAL, Screen, View, Window

PACKAGE = "de.smasi.tickmate"
MAIN = ".Tickmate"
EDIT_TRACKS = ".views.EditTracksActivity"
CHOOSE_TRACK = ".views.ChooseTrackActivity"
SHOW_TRACK = ".views.ShowTrackActivity"
TRACK_PREFS = ".views.TrackPreferenceActivity"
SETTINGS = ".views.SettingsActivity"
EDIT_GROUPS = ".views.EditGroupsActivity"
ABOUT = ".views.AboutActivity"

NO_TRACKS = "No tracks have been added for this group. Tap here to open the track list editor."
# res/xml/tracks.xml: (section, ((name, description), ...)).
TRACKS_XML: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Diet/Nutrition/Drugs",
        (
            ("Vegan", "Ate no animal products"),
            ("Vegetarian", "Ate neither meat nor fish"),
            ("Alcohol", "Drank an alcoholic beverage"),
            ("Coffee", "Had a cup of coffee"),
            ("Fast food", "Went to a fast food restaurant"),
            ("Soft drink", "Drank a soft drink"),
            ("Sweets", "Ate sweets or cake"),
            ("Smoke", "Got my daily rush of nicotine"),
            ("Medication", "Took my medication"),
        ),
    ),
    (
        "Practise",
        (
            ("Sport", "Practiced my favourite sport"),
            ("Instrument", "Played my favourite instrument"),
            ("Yoga", "Practiced yoga"),
            ("Work out", "Exercised"),
            ("Meditation", "Silenced my mind"),
        ),
    ),
    (
        "Home",
        (
            ("Dog", "Walked the dog"),
            ("Plants", "Watered the plants"),
            ("Cleaning", "The rooms are tidy"),
        ),
    ),
    (
        "Transportation",
        (
            ("Public transport", "Took the bus or the train"),
            ("Car", "Did some driving"),
            ("Bike", "Used my bike to get somewhere"),
        ),
    ),
    (
        "Social life/Sexuality",
        (
            ("Social network", "Used my favourite social networking site"),
            ("Smile", "Made someone smile or laugh"),
            ("Clubbing", "Went out to a club or a bar"),
            ("I love you", "Told someone I love them"),
            ("Sex", "Had sexual intercourse"),
        ),
    ),
    ("Hygiene", (("Floss", "Flossed my shiny teeth"),)),
    (
        "General/Abstract",
        (
            ("Todo", "Got some noteworthy things done"),
            ("Good day", "Overall I consider this a good day"),
            ("Symptom", "A symptom of an illness occurred"),
            ("Custom", "User-specified track"),
        ),
    ),
)
TREND_VALUES = (7, 14, 30, 91, 183, 365)  # pref_values_trend_range
TREND_TITLES = (
    "1-week trend",
    "2-week trend",
    "1-month trend",
    "3-month trend",
    "6-month trend",
    "1-year trend",
)
# The device's date (fixed data): Sunday 30 August 2020; rows show 7 days back from it.
DAYS = (
    ("SUN", "today"),
    ("SAT", "yesterday"),
    ("FRI", "8/28/20"),
    ("THU", "8/27/20"),
    ("WED", "8/26/20"),
    ("TUE", "8/25/20"),
    ("MON", "8/24/20"),
)


def trend_choice_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of tickmate#130: a re-created track screen dropped a trend range the user
    had chosen (it came back on the preference's range)."""
    return bool(data.get("trend_choices_lost"))


def _trend_index(data: dict[str, Any]) -> int:
    """loadTrack: the index of the "Trend range" preference's value (default 14 days)."""
    return TREND_VALUES.index(int(data["prefs"]["trend_range"]))


_TRACK_BUTTON = [400, 210, 547, 336]  # the first TrackButton, the only one with one track

BUG_130 = BugSpec(
    bug_id="tickmate#130",
    kind="non-crash",
    title="user changes are lost on screen rotation",
    oracle=trend_choice_lost,
    human_steps=(
        click(PACKAGE, "android:id/empty", NO_TRACKS),
        click(PACKAGE, "action_choose_track", desc="Add track"),
        click(PACKAGE, "label", "Coffee"),
        click(PACKAGE, desc="Navigate up"),
        step("click", PACKAGE, cls="android.widget.ImageButton", bounds=_TRACK_BUTTON),
        click(PACKAGE, "summaryNumber3"),
        {"kind": "rotate", "orientation": "landscape"},
    ),
)

WRONG_SEQUENCES = {
    "tickmate#130": (
        # The trend is changed but the screen is never rotated.
        BUG_130.human_steps[:-1],
        # Rotated without changing the trend: it stays on the default "2-week trend".
        BUG_130.human_steps[:-2] + BUG_130.human_steps[-1:],
        # Six taps cycle back to "2-week trend" before the rotation: nothing chosen is lost.
        BUG_130.human_steps[:-1]
        + (click(PACKAGE, "summaryNumber3"),) * 5
        + BUG_130.human_steps[-1:],
        # Rotated on the main screen instead of the track's details.
        BUG_130.human_steps[:4] + BUG_130.human_steps[-1:],
    ),
}


class Tickmate146(VirtualApp):
    """Tickmate 1.4.6 (see the module docstring)."""

    name: ClassVar[str] = "tickmate"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Tickmate"
    version: ClassVar[str] = "1.4.6"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_130,)
    SAVES_TREND: ClassVar[bool] = False

    def initial_data(self) -> dict[str, Any]:
        return {
            "tracks": [],  # {"id", "name", "description", "enabled"}
            "ticks": [],  # [track_id, day index back from today]
            "next_id": 1,
            "prefs": {"trend_range": "14"},
            "trend_choices_lost": [],
        }

    # -- lifecycle ---------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == SHOW_TRACK:
            # onCreate -> loadTrack: trendRangeIndex from the preference (1.4.8 then restores
            # the saved one).
            ctx.ui.setdefault("trend", _trend_index(ctx.data))

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        saved = dict(ctx.ui)
        saved.pop("menu", None)  # an open overflow menu closes on a configuration change
        if ctx.activity == SHOW_TRACK and not self.SAVES_TREND:
            # Nothing puts trendRangeIndex in the Bundle: the new instance starts over.
            chosen = saved.pop("trend", None)
            if chosen is not None and chosen != _trend_index(ctx.data):
                ctx.data["trend_choices_lost"].append(TREND_TITLES[chosen])
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        return w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dialog", None)

    # -- helpers -----------------------------------------------------------------------------------
    def _track(self, ctx: AppContext) -> dict[str, Any] | None:
        for track in ctx.data["tracks"]:
            if track["id"] == ctx.extras.get("track_id"):
                return track
        return None

    def _open_menu(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = True

    def _menu_item(self, ctx: AppContext, action: Any) -> None:
        ctx.ui["menu"] = False
        action(ctx)

    def _toolbar(self, title: str, *, up: bool, actions: list[View]) -> View:
        return w.toolbar(
            title,
            navigation=w.up_button() if up else None,
            actions=actions,
            rid="android:id/action_bar",
        )

    # -- main screen -------------------------------------------------------------------------------
    def _main(self, ctx: AppContext) -> Screen:
        tracks = [t for t in ctx.data["tracks"] if t["enabled"]]
        header = View(
            cls="android.widget.LinearLayout",
            resource_id="tracks_header",
            layout=HORIZONTAL,
            height=126,
            children=[View(cls="android.view.View", width=400)]
            + [
                View(
                    cls="android.widget.ImageButton",
                    on_click=w.bind(
                        lambda c, tid: c.start_activity(SHOW_TRACK, {"track_id": tid}), t["id"]
                    ),
                )
                for t in tracks
            ],
        )
        body: View
        if tracks:
            rows = []
            for back, (weekday, date) in reversed(list(enumerate(DAYS))):
                ticks = [
                    View(
                        cls="android.widget.ToggleButton",
                        checkable=True,
                        checked=[t["id"], back] in ctx.data["ticks"],
                        on_click=w.bind(self._tick, t["id"], back),
                    )
                    for t in tracks
                ]
                rows.append(
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        height=180,
                        children=[
                            View(
                                cls="android.widget.LinearLayout",
                                width=400,
                                children=[w.text_view(weekday), w.text_view(date)],
                            ),
                            View(
                                cls="android.widget.LinearLayout", layout=HORIZONTAL, children=ticks
                            ),
                        ],
                    )
                )
            body = w.list_view(rows)
        else:
            body = w.text_view(NO_TRACKS, "android:id/empty", on_click=self._edit_tracks)
        actions = [
            w.action_item("action_edit_tracks", "My tracks", self._edit_tracks),
            w.overflow_button(self._open_menu),
        ]
        content = w.linear_layout(
            [
                self._toolbar("Tickmate", up=False, actions=actions),
                View(
                    cls="android.widget.LinearLayout",
                    resource_id="list_header",
                    weight=0,
                    children=[header],
                ),
                body,
            ]
        )
        windows: list[Window] = []
        if ctx.ui.get("menu"):
            items = [
                ("Jump to date…", lambda c: None),
                ("Jump to today", lambda c: None),
                ("Edit Groups", lambda c: c.start_activity(EDIT_GROUPS)),
                ("Backup database", self._backup),
                ("Import database", self._import),
                ("Settings", lambda c: c.start_activity(SETTINGS)),
                ("About Tickmate", lambda c: c.start_activity(ABOUT)),
            ]
            windows.append(
                w.menu_window(
                    [(title, w.bind(self._menu_item, fn)) for title, fn in items],
                    lambda c: c.ui.update(menu=False),
                    title_rid="android:id/title",
                )
            )
        dialog = ctx.ui.get("dialog")
        if dialog == "import":
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=40),
                    [w.dialog_message("No backup databases have been found.")],
                    w.dialog_buttons(("OK", self._close_dialog)),
                    self._close_dialog,
                )
            )
        elif dialog == "backup":
            windows.append(
                w.alert_dialog(
                    w.dialog_title("Backup database"),
                    [w.edit_text("", ctx.ui.get("backup_name", ""), self._backup_name)],
                    w.dialog_buttons(("OK", self._backup_done), ("Cancel", self._close_dialog)),
                    self._close_dialog,
                )
            )
        return Screen(content=content, windows=windows)

    def _tick(self, ctx: AppContext, track_id: int, back: int) -> None:
        # TickButton: only the active day and the day before may change (the default).
        if back > 1:
            ctx.toast(
                "Changing this tick is disabled. You can specify which days are editable in "
                "the settings."
            )
            return
        tick = [track_id, back]
        if tick in ctx.data["ticks"]:
            ctx.data["ticks"].remove(tick)
        else:
            ctx.data["ticks"].append(tick)

    def _edit_tracks(self, ctx: AppContext) -> None:
        ctx.start_activity(EDIT_TRACKS)

    def _backup(self, ctx: AppContext) -> None:
        ctx.ui.update(dialog="backup", backup_name="tickmate-backup-20200830.db")

    def _backup_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["backup_name"] = text

    def _backup_done(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.toast("Database exported successfully. ")

    def _import(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "import"

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    # -- track lists -------------------------------------------------------------------------------
    def _track_row(self, name: str, description: str, handler: Any) -> View:
        return w.list_row(
            name,
            description,
            on_click=handler,
            title_rid="label",
            subtitle_rid="sublabel",
            leading=w.image_view("icon"),
        )

    def _edit_tracks_screen(self, ctx: AppContext) -> Screen:
        rows = [
            self._track_row(
                t["name"] if t["enabled"] else f"{t['name']} (inactive)",
                t["description"],
                w.bind(lambda c, tid: c.start_activity(TRACK_PREFS, {"track_id": tid}), t["id"]),
            )
            for t in ctx.data["tracks"]
        ]
        actions = [
            w.action_item("action_choose_track", "Add track", self._choose_track),
            w.overflow_button(self._open_menu),
        ]
        content = w.linear_layout(
            [self._toolbar("My tracks", up=True, actions=actions), w.list_view(rows)]
        )
        windows = []
        if ctx.ui.get("menu"):
            windows.append(
                w.menu_window(
                    [("Add track", w.bind(self._menu_item, self._choose_track))],
                    lambda c: c.ui.update(menu=False),
                    title_rid="android:id/title",
                )
            )
        return Screen(content=content, windows=windows)

    def _choose_track(self, ctx: AppContext) -> None:
        ctx.start_activity(CHOOSE_TRACK)

    def _choose_screen(self, ctx: AppContext) -> Screen:
        rows: list[View] = []
        for section, tracks in TRACKS_XML:
            rows.append(w.text_view(section.upper(), "section_header", height=100))
            for name, description in tracks:
                rows.append(
                    self._track_row(name, description, w.bind(self._add_track, name, description))
                )
        content = w.linear_layout(
            [w.text_view("Add track", "android:id/title", height=140), w.list_view(rows)]
        )
        return Screen(content=content)

    def _add_track(self, ctx: AppContext, name: str, description: str) -> None:
        track_id = ctx.data["next_id"]
        ctx.data["next_id"] += 1
        ctx.data["tracks"].append(
            {"id": track_id, "name": name, "description": description, "enabled": True}
        )
        ctx.finish()
        if name == "Custom":  # EditTracksActivity.onActivityResult: a custom track is edited
            ctx.start_activity(TRACK_PREFS, {"track_id": track_id})

    # -- track details -----------------------------------------------------------------------------
    def _show_screen(self, ctx: AppContext) -> Screen:
        track = self._track(ctx)
        if track is None:
            return Screen(content=w.frame_layout())
        actions = [
            w.action_item("action_edit", "Edit", self._edit_track),
            w.action_item("action_delete", "Delete", self._ask_delete),
        ]
        numbers = View(
            cls="android.widget.TableRow",
            resource_id="tableRow1",
            layout=HORIZONTAL,
            height=260,
            children=[
                View(cls="de.smasi.tickmate.widgets.SummaryNumber", resource_id="summaryNumber1"),
                View(cls="de.smasi.tickmate.widgets.SummaryNumber", resource_id="summaryNumber2"),
                View(
                    cls="de.smasi.tickmate.widgets.SummaryNumber",
                    resource_id="summaryNumber3",
                    on_click=self._next_trend,
                ),
            ],
        )
        graph = "de.smasi.tickmate.widgets.SummaryGraph"
        sections = [
            w.text_view("Streaks/Breaks", "TextView06"),
            View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=430,
                children=[
                    View(cls=graph, resource_id="summaryGraph_streaks"),
                    View(
                        cls="android.widget.LinearLayout",
                        children=[
                            View(
                                cls="de.smasi.tickmate.widgets.SummaryNumber",
                                resource_id="summaryNumberStreakOn",
                            ),
                            View(
                                cls="de.smasi.tickmate.widgets.SummaryNumber",
                                resource_id="summaryNumberStreakOff",
                            ),
                        ],
                    ),
                ],
            ),
        ]
        for rid, title, graph_id in (
            ("TextView04", "Days of week", "summaryGraph_weekdays"),
            ("TextView01", "Weeks", "summaryGraph_weeks"),
            ("TextView02", "Months", "summaryGraph_months"),
            ("TextView03", "Quarters", "summaryGraph_quarters"),
            ("TextView05", "Years", "summaryGraph_years"),
        ):
            sections += [w.text_view(title, rid), View(cls=graph, resource_id=graph_id, height=215)]
        header = View(
            cls="android.widget.LinearLayout",
            resource_id="show_track_header",
            layout=HORIZONTAL,
            height=200,
            children=[
                w.image_view("image_icon", width=200),
                View(
                    cls="android.widget.LinearLayout",
                    children=[
                        w.text_view(track["name"], "textView_name"),
                        w.text_view(track["description"], "TextView_description"),
                    ],
                ),
            ],
        )
        content = w.linear_layout(
            [
                self._toolbar("Track details", up=True, actions=actions),
                header,
                w.scroll_view(
                    [
                        View(
                            cls="android.widget.LinearLayout",
                            resource_id="linearLayout2",
                            weight=0,
                            children=[numbers, *sections],
                        )
                    ],
                    rid="scrollView1",
                ),
            ]
        )
        windows = []
        if ctx.ui.get("dialog") == "delete":
            windows.append(
                w.confirm_dialog(
                    "Delete track",
                    "Are you sure you want to delete this track? This can't be undone and your "
                    "ticks will be lost unless you made a backup.",
                    ("OK", self._delete),
                    ("Cancel", self._close_dialog),
                    self._close_dialog,
                )
            )
        return Screen(content=content, windows=windows)

    def _next_trend(self, ctx: AppContext) -> None:
        """summaryNumber3's OnClickListener: cycle through the trend ranges."""
        ctx.ui["trend"] = (ctx.ui.get("trend", 0) + 1) % len(TREND_TITLES)

    def _edit_track(self, ctx: AppContext) -> None:
        ctx.start_activity(TRACK_PREFS, {"track_id": ctx.extras.get("track_id")})

    def _ask_delete(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = "delete"

    def _delete(self, ctx: AppContext) -> None:
        track_id = ctx.extras.get("track_id")
        ctx.data["tracks"] = [t for t in ctx.data["tracks"] if t["id"] != track_id]
        ctx.data["ticks"] = [t for t in ctx.data["ticks"] if t[0] != track_id]
        ctx.ui["dialog"] = None
        ctx.finish()  # NavUtils.navigateUpFromSameTask: back to the main screen

    # -- render ------------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == MAIN:
            return self._main(ctx)
        if ctx.activity == EDIT_TRACKS:
            return self._edit_tracks_screen(ctx)
        if ctx.activity == CHOOSE_TRACK:
            return self._choose_screen(ctx)
        if ctx.activity == SHOW_TRACK:
            return self._show_screen(ctx)
        titles = {
            TRACK_PREFS: "Edit track",
            SETTINGS: "Settings",
            EDIT_GROUPS: "My Groups",
            ABOUT: "About Tickmate",
        }
        return Screen(content=w.child_page(titles.get(ctx.activity, "Tickmate")))


class Tickmate148(Tickmate146):
    """Tickmate 1.4.8: tickmate#130 fixed (the trend range is saved and restored)."""

    version: ClassVar[str] = "1.4.8"
    bugs: ClassVar[tuple[BugSpec, ...]] = ()
    SAVES_TREND: ClassVar[bool] = True
