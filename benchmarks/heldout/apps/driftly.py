"""Driftly (``in.hridayan.driftly``, DP-Hridayan/Driftly), for Driftly#8.

An offline attendance tracker for students: a list of subjects, and per subject a month
calendar on which each day is marked Present or Absent.

Modelled from the sources at commit ``1e90d67`` (the parent of the fix ``e3907c7``, 29 May
2025; ``app/build.gradle.kts`` there says ``versionName = "v1.3.0"``, ``versionCode = 4``; the
report names "v1.4.0 (Latest)", the entry its issue form's version list offered, and the fix
commit is the one that bumps the build to v1.4.0): ``MainActivity.kt``,
``core/presentation/AppEntry.kt``, ``navigation/NavGraph.kt``, ``home/.../HomeScreen.kt``,
``HomeViewModel.kt``, ``AddSubjectDialog.kt``, ``EditSubjectDialog.kt``,
``NoAttendanceDialog.kt``, ``card/SubjectCard.kt``, ``SubjectCardStyles.kt``,
``calender/.../CalendarScreen.kt``, ``CalendarViewModel.kt``, ``CalendarCanvas.kt``,
``MonthYearPicker.kt``, ``MonthNavigationButtons.kt``, ``MonthYearHeader.kt``,
``MonthYearPickerDialog.kt``, ``AttendanceDropDownMenu.kt``, ``AttendanceCardWithTabs.kt``,
``core/.../ChangelogBottomSheet.kt``, ``BackButton.kt``, ``ConfirmDeleteDialog.kt``,
``settings/.../SettingsKeys.kt``, ``SettingsProvider.kt``, ``SettingsScreen.kt``,
``core/data/model/SubjectEntity.kt`` and ``res/values/strings.xml``.

The app is one activity (``MainActivity``) drawing Jetpack Compose screens in a Navigation
Compose ``NavHost``: no resource ids; controls are named by their texts and content
descriptions, and several icons have none (the add button, the settings icon, the back
button, the subject card's edit/delete/error icons). A fresh install shows the "What's new!"
bottom sheet above Home (``savedVersionCode`` 0 < ``VERSION_CODE`` 4; the last three changelogs);
dismissing it stores the version code. Home: "Driftly", the settings icon, the illustration and
"Click on the + button to add a subject" while there is no subject, the subject cards (name and
the error icon while no day is marked, else the percentage) and the add button, which opens the
"Add Subject" dialog ("Enter subject name" field, "Cancel", "Add"; a blank or existing name is
refused with "Field cannot be blank" / "Subject already exists"). A long click on a card
shows its edit and delete icons ("Update Subject" and "Delete Subject" dialogs); a click on a
long-clicked card only turns that off, else it navigates to ``CalendarScreen(subjectId,
subject)``. The calendar screen: the subject's name as title, the back button, "<MMM>, <year>",
the month/year picker ("<Month> <year>" and "Dropdown icon", opening "Select Month & Year" with
"Month" and "Year" dropdowns, "Cancel", "Select"), "Previous" / "Reset" / "Next", the weekday
letters, the day grid (a day opens the "Present" / "Absent" / "Clear" menu) and the "This month
data" / "All months data" tabs. Settings lists Look & Feel, Customisation, Behavior, Auto update
and About; Behavior has the three Calendar switches ("Show attendance streaks", "Remember
calendar month and year", "Start week on Monday"), the rest are stubs (title and back button).

The bug (Driftly#8, crash): ``CalendarScreen`` registers a lifecycle observer that calls
``CalendarViewModel.saveMonthYearForSubject(subjectId)`` on ``ON_PAUSE``, which writes the shown
month and year into the subject's row (``SubjectRepository.updateSavedMonthYear``). Leaving the
calendar (back button or system Back: ``popBackStack``) pauses its back-stack entry; the write
makes Room re-emit the ``SubjectEntity`` the screen collects, and when the saved month/year
changed (a subject's first visit, where they were null, or after "Previous"/"Next"/the picker)
the exiting ``CalendarScreen`` recomposes during its exit transition and evaluates
``navController.currentBackStackEntry?.toRoute<CalendarScreen>()`` on the Home entry, whose
arguments hold neither ``subjectId`` nor ``subject``: the generated deserializer throws
``kotlinx.serialization.MissingFieldException``. The write is done, so the next visit that does
not change the month leaves without a crash ("does not crash the second time"). A rotation on the
calendar also pauses the entry (the write happens while the calendar is still the current entry:
no crash) and the later Back then writes equal values. The fix (``e3907c7``) removed the observer
and saves on month navigation instead. The report has no trace: the frames are the model's
(unobfuscated, with the app's v1.3.0 source lines; the library and Compose frames' lines are
approximate), on API 31 (the report's Android 12).

Stubbed: the clock is fixed at 27 May 2025 (the report's date, a Tuesday); the auto update
check is off on a fresh install (``AUTO_UPDATE`` false) and no network is used; Look & Feel,
Customisation, Auto update and About are title-only screens; haptics and animations are not
drawn. Pressing Home does not run the ON_PAUSE save (the device gives the model no hook for
it), so a Home then Back from the calendar still crashes in the model where the real app would
already have saved.
"""

from __future__ import annotations

import calendar
from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Handler, Screen, View, Window

PACKAGE = "in.hridayan.driftly"
MAIN = ".MainActivity"
VERSION_CODE = 4  # versionCode of the modelled build (versionName "v1.3.0")

COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
TEXT = "android.widget.TextView"
EDIT = "android.widget.EditText"
IMAGE = "android.widget.ImageView"
SWITCH = "android.widget.Switch"

TODAY = (2025, 5, 27)  # the device's fixed date
MONTHS = list(calendar.month_name)[1:]  # R.array.month_names

NO_SUBJECT = "Click on the + button to add a subject"
ENTER_NAME = "Enter subject name"
ENTER_NEW_NAME = "Enter new name"
BLANK = "Field cannot be blank"
EXISTS = "Subject already exists"
CHANGELOGS = [  # versionList.take(3) with R.string.changelogs_v1_3_0 ...
    (
        "v1.3.0",
        [
            "Added behavior settings to modify certain app behavior",
            "Added option to remember the last viewed month",
            "Added option to turn off attendance streak visuals in calendar",
        ],
    ),
    (
        "v1.2.0",
        [
            "Improved color scheme in high contrast dark theme",
            "Added what's new bottomsheet to show changelogs after an update",
            "Code optimisations",
        ],
    ),
    (
        "v1.1.0",
        [
            "Fixed some color values in color palette selection",
            "Fixed some UI margins",
            "Added prerelease build update checker",
        ],
    ),
]
SETTINGS_ITEMS = [
    ("Look & Feel", "Dynamic color, Dark theme, Language"),
    ("Customisation", "Customise certain UI elements to your liking"),
    ("Behavior", "Modify certain behavior of the app"),
    ("Auto update", "Check for updates automatically"),
    ("About", "Contributors and support"),
]
BEHAVIOR_ITEMS = [
    (
        "streaks",
        "Show attendance streaks",
        "If enabled, attendance streaks will be shown on the calendar",
    ),
    (
        "remember",
        "Remember calendar month and year",
        "Turn on this option to remember the last viewed month for every subject",
    ),
    (
        "monday",
        "Start week on Monday",
        "Prefer seeing your week begin with Monday instead of Sunday? Enable this to shift the "
        "calendar layout so Monday becomes the first day of the week.",
    ),
]

MFE = "kotlinx.serialization.MissingFieldException"
MISSING = (
    "Fields [subjectId, subject] are required for type with serial name "
    "'in.hridayan.driftly.navigation.CalendarScreen', but they were missing"
)
RECOMPOSE_FRAMES = [
    "kotlinx.serialization.internal.PluginExceptionsKt.throwMissingFieldException("
    "PluginExceptions.kt:20)",
    "in.hridayan.driftly.navigation.CalendarScreen$$serializer.deserialize(NavGraph.kt:111)",
    "in.hridayan.driftly.navigation.CalendarScreen$$serializer.deserialize(NavGraph.kt:111)",
    "androidx.navigation.serialization.RouteDecoder.decodeRouteWithArgs$navigation_common_release("
    "RouteDecoder.kt:113)",
    "androidx.navigation.serialization.RouteDeserializerKt.decodeArguments("
    "RouteDeserializer.kt:38)",
    "in.hridayan.driftly.calender.presentation.screens.CalendarScreenKt.CalendarScreen("
    "CalendarScreen.kt:41)",
    "in.hridayan.driftly.navigation.ComposableSingletons$NavGraphKt$lambda-2$1.invoke("
    "NavGraph.kt:38)",
    "androidx.compose.runtime.internal.ComposableLambdaImpl.invoke(ComposableLambda.jvm.kt:138)",
    "androidx.compose.runtime.RecomposeScopeImpl.compose(RecomposeScopeImpl.kt:192)",
    "androidx.compose.runtime.ComposerImpl.recomposeToGroupEnd(Composer.kt:2825)",
    "androidx.compose.runtime.ComposerImpl.skipCurrentGroup(Composer.kt:3116)",
    "androidx.compose.runtime.ComposerImpl.doCompose-aFTiNEg(Composer.kt:3634)",
    "androidx.compose.runtime.ComposerImpl.recompose$runtime_release(Composer.kt:3578)",
    "androidx.compose.runtime.CompositionImpl.recompose(Composition.kt:1074)",
    "androidx.compose.runtime.Recomposer.performRecompose(Recomposer.kt:1401)",
    "androidx.compose.runtime.Recomposer.access$performRecompose(Recomposer.kt:155)",
    "androidx.compose.runtime.Recomposer$runRecomposeAndApplyChanges$2$1.invoke(Recomposer.kt:640)",
    "androidx.compose.runtime.Recomposer$runRecomposeAndApplyChanges$2$1.invoke(Recomposer.kt:608)",
    "androidx.compose.ui.platform.AndroidUiFrameClock$withFrameNanos$2$callback$1.doFrame("
    "AndroidUiFrameClock.android.kt:39)",
    "androidx.compose.ui.platform.AndroidUiDispatcher.performFrameDispatch("
    "AndroidUiDispatcher.android.kt:108)",
    "androidx.compose.ui.platform.AndroidUiDispatcher.access$performFrameDispatch("
    "AndroidUiDispatcher.android.kt:41)",
    "androidx.compose.ui.platform.AndroidUiDispatcher$dispatchCallback$1.doFrame("
    "AndroidUiDispatcher.android.kt:69)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:1106)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:866)",
    "android.view.Choreographer.doFrame(Choreographer.java:792)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:1092)",
    # Android 12 (API 31): the stacks module has no table for it.
    "android.os.Handler.handleCallback(Handler.java:938)",
    "android.os.Handler.dispatchMessage(Handler.java:99)",
    "android.os.Looper.loopOnce(Looper.java:201)",
    "android.os.Looper.loop(Looper.java:288)",
    "android.app.ActivityThread.main(ActivityThread.java:7842)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:548)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:1003)",
]


def calendar_exit_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of Driftly#8: the exiting ``CalendarScreen`` recomposed after its ON_PAUSE
    save and decoded the Home entry as a ``CalendarScreen`` route."""
    return data.get("crash_site") == "CalendarScreen" and crashed(
        system, PACKAGE, MFE, "CalendarScreen"
    )


# -- steps -------------------------------------------------------------------------------------
def _target(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {"resource_id": "", "text": text, "content_desc": desc, "class_name": cls}


def _click(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    return {"kind": "click", "target": _target(text, desc, cls)}


BACK: dict[str, Any] = {"kind": "press_back"}
ROTATE: dict[str, Any] = {"kind": "rotate", "orientation": "landscape"}
# The FloatingActionButton and the settings Image have no text nor description: by bounds.
ADD_BUTTON = {"kind": "click", "target": {**_target(cls=BUTTON), "bounds": [868, 1582, 1036, 1750]}}
SETTINGS_ICON = {"kind": "click", "target": {**_target(cls=VIEW), "bounds": [954, 63, 1080, 189]}}
TYPE_NAME = {"kind": "input_text", "target": _target(ENTER_NAME, cls=EDIT), "text": "Maths"}
CONFIRM_ADD = _click("Add", cls=BUTTON)
OPEN_CALENDAR = _click("Maths", cls=VIEW)
ADD_SUBJECT = [BACK, ADD_BUTTON, TYPE_NAME, CONFIRM_ADD]  # Back closes "What's new!"

BUG_8 = BugSpec(
    "Driftly#8",
    "crash",
    "[Bug] App crashes",
    calendar_exit_crashed,
    human_steps=(*ADD_SUBJECT, OPEN_CALENDAR, BACK),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "Driftly#8": [
        # The calendar is opened but never left.
        [*ADD_SUBJECT, OPEN_CALENDAR],
        # The dialog is cancelled instead of adding the subject; Back leaves the app.
        [BACK, ADD_BUTTON, TYPE_NAME, _click("Cancel", cls=BUTTON), BACK],
        # Settings (the neighbouring screen) instead of the calendar, then back.
        [*ADD_SUBJECT, SETTINGS_ICON, BACK],
        # A long click first: the next click only ends the selection, Back leaves the app.
        [
            *ADD_SUBJECT,
            {"kind": "long_click", "target": _target("Maths", cls=VIEW)},
            OPEN_CALENDAR,
            BACK,
        ],
        # A rotation on the calendar pauses it (the save happens there), then back.
        [*ADD_SUBJECT, OPEN_CALENDAR, ROTATE, BACK],
    ],
}


# -- the app -----------------------------------------------------------------------------------
def _days_in(year: int, month: int) -> int:
    return calendar.monthrange(year, month)[1]


def _shift(ym: list[int], delta: int) -> list[int]:
    index = ym[0] * 12 + (ym[1] - 1) + delta
    return [index // 12, index % 12 + 1]


def _alert(title: str, body: View, buttons: View, on_dismiss: Handler) -> Window:
    """A Compose AlertDialog: the title, the ``body`` (a message, a field), the ``buttons``."""
    root = View(cls=VIEW, weight=0, children=[w.text_view(title, height=130), body, buttons])
    return Window(root=root, on_dismiss=on_dismiss)


def _buttons(*buttons: tuple[str, Handler]) -> View:
    """A Compose AlertDialog's row of text buttons, each ``(text, handler)``."""
    row = [View(cls=BUTTON, text=text, on_click=handler) for text, handler in buttons]
    return View(cls=VIEW, layout=HORIZONTAL, height=140, children=row)


def _counts_row(present: int, absent: int, sep: str) -> View:
    """The attendance counts' row: present, absent and total, each "<label><sep><count>"."""
    counts = (("Present", present), ("Absent", absent), ("Total", present + absent))
    return View(
        cls=VIEW,
        layout=HORIZONTAL,
        height=110,
        children=[w.text_view(f"{label}{sep}{n}") for label, n in counts],
    )


class Driftly(VirtualApp):
    """Driftly v1.3.0 build at 1e90d67, reported as v1.4.0 (see the module docstring)."""

    name: ClassVar[str] = "Driftly"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Driftly"
    version: ClassVar[str] = "1.4.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_8,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "subjects": [],  # SubjectEntity rows: id, subject, savedMonth, savedYear
            "attendance": [],  # AttendanceEntity rows: subjectId, date, status
            "next_id": 1,
            "settings": {
                "saved_version_code": 0,
                "streaks": True,
                "remember": False,
                "monday": False,
            },
            "crash_site": None,
        }

    # -- navigation --------------------------------------------------------------------------
    # ctx.ui["stack"]: the NavHost back stack (saved across re-creation, as NavController's
    # state is); each entry holds its screen's remembered state and its ViewModel's.
    def on_create(self, ctx: AppContext) -> None:
        if "stack" not in ctx.ui:
            ctx.ui["stack"] = [self._home_entry()]
        top = ctx.ui["stack"][-1]
        if top["route"] == "calendar":
            self._calendar_launched_effect(ctx, top)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The activity is destroyed: the current entry is paused while it is still the
        # current one (its ON_PAUSE save recomposes a screen whose route decodes fine).
        top = ctx.ui["stack"][-1]
        if top["route"] == "calendar":
            self._save_month_year(ctx, top)
            top["effect_seen"] = None
        # remember {} state of dialogs/menus is lost; rememberSaveable survives.
        for entry in ctx.ui["stack"]:
            entry.pop("menu", None)
            if entry["route"] == "calendar":
                entry["expanded_date"] = None
                entry["picker"] = None
        return dict(ctx.ui)

    def _home_entry(self) -> dict[str, Any]:
        return {
            "route": "home",
            "dialog": None,  # "add" | ("update"/"delete"/"no_attendance", id)
            "field": "",  # HomeViewModel.subject
            "error": None,
            "long_clicked": [],
        }

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["stack"][-1]

    def _subject(self, ctx: AppContext, subject_id: int) -> dict[str, Any] | None:
        return next((s for s in ctx.data["subjects"] if s["id"] == subject_id), None)

    def _sheet_open(self, ctx: AppContext) -> bool:
        return ctx.data["settings"]["saved_version_code"] < VERSION_CODE

    def _dismiss_sheet(self, ctx: AppContext) -> None:
        ctx.data["settings"]["saved_version_code"] = VERSION_CODE

    def on_back(self, ctx: AppContext) -> bool:
        top = self._top(ctx)
        if top["route"] == "home":
            return False
        self._pop(ctx)
        return True

    def _pop(self, ctx: AppContext) -> None:
        """``navController.popBackStack()`` (the back button and the NavHost's BackHandler)."""
        stack = ctx.ui["stack"]
        if len(stack) == 1:
            ctx.finish()
            return
        leaving = stack.pop()
        if leaving["route"] == "calendar":
            self._calendar_paused_after_pop(ctx, leaving)

    def _push(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        ctx.ui["stack"].append(entry)

    # -- CalendarScreen lifecycle --------------------------------------------------------------
    def _save_month_year(self, ctx: AppContext, entry: dict[str, Any]) -> bool:
        """``saveMonthYearForSubject``: Room's UPDATE; True when the row changed (the
        collected ``SubjectEntity`` then differs and the screen recomposes)."""
        subject = self._subject(ctx, entry["subject_id"])
        if subject is None:
            return False
        year, month = entry["ym"]
        changed = subject["savedMonth"] != month or subject["savedYear"] != year
        subject["savedMonth"], subject["savedYear"] = month, year
        return changed

    def _calendar_paused_after_pop(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        """The popped entry's ON_PAUSE observer (the bug)."""
        if not self._save_month_year(ctx, entry):
            return
        # The new SubjectEntity recomposes the exiting CalendarScreen; the NavController's
        # current entry is now Home: toRoute<CalendarScreen>() finds neither argument.
        ctx.data["crash_site"] = "CalendarScreen"
        raise JavaException(MFE, MISSING, RECOMPOSE_FRAMES)

    def _calendar_launched_effect(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        """``LaunchedEffect(savedYear, savedMonth, shouldRememberMonthYear)``."""
        subject = self._subject(ctx, entry["subject_id"])
        if subject is None:
            return
        key = [subject["savedYear"], subject["savedMonth"], ctx.data["settings"]["remember"]]
        if entry.get("effect_seen") == key:
            return
        entry["effect_seen"] = key
        if subject["savedYear"] is not None and subject["savedMonth"] is not None and key[2]:
            entry["ym"] = [subject["savedYear"], subject["savedMonth"]]

    # -- Home ------------------------------------------------------------------------------------
    def _open_add(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        if top["long_clicked"]:
            return  # showAddButton is false: the FAB is hidden
        top["dialog"] = "add"

    def _close_dialog(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        top["dialog"] = None
        top["field"] = ""
        top["error"] = None

    def _on_field(self, ctx: AppContext, text: str) -> None:
        top = self._top(ctx)
        top["field"] = text
        top["error"] = None

    def _name_error(self, ctx: AppContext, name: str) -> str | None:
        if not name.strip():
            return BLANK
        if any(s["subject"] == name.strip() for s in ctx.data["subjects"]):
            return EXISTS
        return None

    def _add_subject(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        error = self._name_error(ctx, top["field"])
        if error:
            top["error"] = error
            return
        ctx.data["subjects"].append(
            {
                "id": ctx.data["next_id"],
                "subject": top["field"].strip(),
                "savedMonth": None,
                "savedYear": None,
            }
        )
        ctx.data["next_id"] += 1
        self._close_dialog(ctx)

    def _update_subject(self, ctx: AppContext, subject_id: int) -> None:
        top = self._top(ctx)
        error = self._name_error(ctx, top["field"])
        if error:
            top["error"] = error
            return
        subject = self._subject(ctx, subject_id)
        if subject is not None:
            subject["subject"] = top["field"].strip()
        self._close_dialog(ctx)
        if subject_id in top["long_clicked"]:
            top["long_clicked"].remove(subject_id)

    def _cancel_update(self, ctx: AppContext, subject_id: int) -> None:
        top = self._top(ctx)
        self._close_dialog(ctx)
        if subject_id in top["long_clicked"]:
            top["long_clicked"].remove(subject_id)

    def _delete_subject(self, ctx: AppContext, subject_id: int) -> None:
        ctx.data["subjects"] = [s for s in ctx.data["subjects"] if s["id"] != subject_id]
        ctx.data["attendance"] = [a for a in ctx.data["attendance"] if a["subjectId"] != subject_id]
        top = self._top(ctx)
        top["dialog"] = None
        if subject_id in top["long_clicked"]:
            top["long_clicked"].remove(subject_id)

    def _card_click(self, ctx: AppContext, subject_id: int) -> None:
        top = self._top(ctx)
        if subject_id in top["long_clicked"]:
            top["long_clicked"].remove(subject_id)
            return
        subject = self._subject(ctx, subject_id)
        if subject is None:
            return
        entry = {
            "route": "calendar",
            "subject_id": subject_id,
            "subject": subject["subject"],
            "ym": [TODAY[0], TODAY[1]],  # CalendarViewModel: YearMonth.now()
            "expanded_date": None,
            "picker": None,
            "tab": 0,
            "effect_seen": None,
        }
        self._push(ctx, entry)
        self._calendar_launched_effect(ctx, entry)

    def _card_long_click(self, ctx: AppContext, subject_id: int) -> None:
        w.toggle(self._top(ctx)["long_clicked"], subject_id)

    def _set_dialog(self, ctx: AppContext, dialog: Any) -> None:
        top = self._top(ctx)
        top["dialog"] = dialog
        if isinstance(dialog, list) and dialog[0] == "update":
            subject = self._subject(ctx, dialog[1])
            top["field"] = subject["subject"] if subject else ""

    def _counts(self, ctx: AppContext, subject_id: int | None = None) -> tuple[int, int]:
        rows = [
            a for a in ctx.data["attendance"] if subject_id is None or a["subjectId"] == subject_id
        ]
        present = sum(1 for a in rows if a["status"] == "PRESENT")
        absent = sum(1 for a in rows if a["status"] == "ABSENT")
        return present, absent

    # -- Calendar ------------------------------------------------------------------------------
    def _navigate_month(self, ctx: AppContext, delta: int) -> None:
        top = self._top(ctx)
        top["ym"] = _shift(top["ym"], delta)

    def _reset_month(self, ctx: AppContext) -> None:
        self._top(ctx)["ym"] = [TODAY[0], TODAY[1]]

    def _open_day(self, ctx: AppContext, date: str) -> None:
        self._top(ctx)["expanded_date"] = date

    def _mark(self, ctx: AppContext, status: str) -> None:
        top = self._top(ctx)
        date = top["expanded_date"]
        top["expanded_date"] = None
        rows = [
            a
            for a in ctx.data["attendance"]
            if not (a["subjectId"] == top["subject_id"] and a["date"] == date)
        ]
        if status != "UNMARKED":
            rows.append({"subjectId": top["subject_id"], "date": date, "status": status})
        ctx.data["attendance"] = rows

    def _close_day_menu(self, ctx: AppContext) -> None:
        self._top(ctx)["expanded_date"] = None

    def _open_picker(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        top["picker"] = {"month": top["ym"][1] - 1, "year": top["ym"][0], "open": None}

    def _picker_open(self, ctx: AppContext, which: str) -> None:
        picker = self._top(ctx)["picker"]
        picker["open"] = None if picker["open"] == which else which

    def _picker_pick(self, ctx: AppContext, which: str, value: int) -> None:
        picker = self._top(ctx)["picker"]
        picker[which] = value
        picker["open"] = None

    def _picker_close(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        if top["picker"] and top["picker"]["open"]:
            top["picker"]["open"] = None
            return
        top["picker"] = None

    def _picker_select(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        picker = top["picker"]
        top["ym"] = [picker["year"], picker["month"] + 1]
        top["picker"] = None

    def _select_tab(self, ctx: AppContext, index: int) -> None:
        self._top(ctx)["tab"] = index

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        top = self._top(ctx)
        if top["route"] == "calendar":
            return w.pager_swipe(top, "tab", 2, direction)
        return False

    # -- Settings --------------------------------------------------------------------------------
    def _open_route(self, ctx: AppContext, route: str) -> None:
        self._push(ctx, {"route": route})

    def _toggle_setting(self, ctx: AppContext, key: str) -> None:
        ctx.data["settings"][key] = not ctx.data["settings"][key]

    # -- render ----------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        route = top["route"]
        windows: list[Window] = []
        if route == "home":
            body, windows = self._home(ctx, top)
        elif route == "calendar":
            body, windows = self._calendar(ctx, top)
        elif route == "settings":
            body = self._settings(ctx)
        elif route == "behavior":
            body = self._behavior(ctx)
        else:
            body = self._column([self._app_bar(route)], fill=True)
        if self._sheet_open(ctx):
            windows.append(self._changelog_sheet())
        return Screen(content=View(cls=COMPOSE, children=[body]), windows=windows)

    def _column(self, children: list[View], *, fill: bool = False, **kw: Any) -> View:
        if fill:
            children = [*children, View(cls=VIEW)]
        return View(cls=VIEW, children=children, **kw)

    def _back_button(self) -> View:
        # BackButton: an IconButton whose icon has no description (the tooltip is not one).
        return View(cls=BUTTON, on_click=self._pop, width=126, height=126)

    def _app_bar(self, title: str) -> View:
        return View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=168,
            children=[self._back_button(), w.text_view(title, height=168)],
        )

    def _changelog_sheet(self) -> Window:
        rows: list[View] = [w.text_view("What's new!", height=130)]
        for version, lines in CHANGELOGS:
            rows.append(w.text_view(f"Version\t\t{version}", height=100))
            rows.extend(w.text_view(line, height=90) for line in lines)
        sheet = View(cls=VIEW, weight=0, children=rows)
        return Window(root=sheet, kind="sheet", on_dismiss=self._dismiss_sheet)

    # HomeScreen
    def _home(self, ctx: AppContext, top: dict[str, Any]) -> tuple[View, list[Window]]:
        subjects = ctx.data["subjects"]
        present, absent = self._counts(ctx)
        total = present + absent
        header = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=200,
            children=[
                w.text_view("Driftly", height=200),
                View(
                    cls=VIEW,
                    on_click=w.bind(self._open_route, "settings"),  # Image, no description
                    width=126,
                    height=126,
                ),
            ],
        )
        items: list[View] = [header]
        if not subjects or total == 0:
            items.append(View(cls=VIEW, height=600 if not subjects else 300))
        if not subjects:
            items.append(w.text_view(NO_SUBJECT, height=110))
        if subjects and total:
            items.append(w.text_view(f"{round(present * 100 / total)}%", height=260))
            items.append(_counts_row(present, absent, " : "))
        for subject in subjects:
            items.append(self._subject_card(ctx, top, subject))
        listing = View(cls=VIEW, children=items, scrollable=True, scroll_key="home_scroll")
        content: list[View] = [listing]
        if not top["long_clicked"]:
            content.append(w.fab("", "", self._open_add, cls=BUTTON))
        body = View(cls=VIEW, layout=FRAME, children=content)
        return body, self._home_dialogs(ctx, top)

    def _subject_card(self, ctx: AppContext, top: dict[str, Any], subject: dict[str, Any]) -> View:
        sid = subject["id"]
        present, absent = self._counts(ctx, sid)
        if sid in top["long_clicked"]:
            trailing = [
                View(
                    cls=BUTTON,
                    on_click=w.bind(self._set_dialog, ["update", sid]),
                    width=126,
                    height=126,
                ),
                View(
                    cls=BUTTON,
                    on_click=w.bind(self._set_dialog, ["delete", sid]),
                    width=126,
                    height=126,
                ),
            ]
        elif present + absent == 0:
            trailing = [
                View(
                    cls=VIEW,
                    on_click=w.bind(self._set_dialog, ["no_attendance", sid]),
                    width=100,
                    height=100,
                )
            ]
        else:
            trailing = [w.text_view(f"{round(present * 100 / (present + absent))}%", width=180)]
        return View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=220,
            weight=0,
            text=subject["subject"],  # the card merges its SubjectText
            on_click=w.bind(self._card_click, sid),
            on_long_click=w.bind(self._card_long_click, sid),
            selected=sid in top["long_clicked"],
            children=[View(cls=VIEW), *trailing],
        )

    def _name_dialog(
        self, ctx: AppContext, title: str, label: str, confirm: Any, cancel: Any, action: str
    ) -> Window:
        top = self._top(ctx)
        field = View(
            cls=EDIT,
            text=top["field"],
            hint=top["error"] or label,
            on_text=self._on_field,
        )
        return _alert(title, field, _buttons(("Cancel", cancel), (action, confirm)), cancel)

    def _home_dialogs(self, ctx: AppContext, top: dict[str, Any]) -> list[Window]:
        dialog = top["dialog"]
        if dialog == "add":
            return [
                self._name_dialog(
                    ctx, "Add Subject", ENTER_NAME, self._add_subject, self._close_dialog, "Add"
                )
            ]
        if not isinstance(dialog, list):
            return []
        kind, sid = dialog
        if kind == "update":
            cancel = w.bind(self._cancel_update, sid)
            return [
                self._name_dialog(
                    ctx,
                    "Update Subject",
                    ENTER_NEW_NAME,
                    w.bind(self._update_subject, sid),
                    cancel,
                    "Update",
                )
            ]
        if kind == "delete":
            close = w.bind(self._set_dialog, None)
            message = w.text_view("Are you sure you want to delete this?")
            buttons = _buttons(("Cancel", close), ("Confirm", w.bind(self._delete_subject, sid)))
            return [_alert("Delete Subject", message, buttons, close)]
        close = w.bind(self._set_dialog, None)
        message = w.text_view("No attendance yet. Add some to view progress")
        ok = View(cls=BUTTON, text="OK", on_click=close, height=140)
        return [_alert("Error", message, ok, close)]

    # CalendarScreen
    def _calendar(self, ctx: AppContext, top: dict[str, Any]) -> tuple[View, list[Window]]:
        year, month = top["ym"]
        monday = ctx.data["settings"]["monday"]
        first = calendar.weekday(year, month, 1)  # Monday = 0
        offset = first if monday else (first + 1) % 7
        days = _days_in(year, month)
        marks = {
            a["date"]: a["status"]
            for a in ctx.data["attendance"]
            if a["subjectId"] == top["subject_id"]
        }
        cells: list[View] = [View(cls=VIEW) for _ in range(offset)]
        for day in range(1, days + 1):
            date = f"{year:04d}-{month:02d}-{day:02d}"
            cells.append(
                View(
                    cls=VIEW,
                    on_click=w.bind(self._open_day, date),
                    selected=date in marks,
                    children=[w.text_view(str(day))],
                )
            )
        while len(cells) % 7:
            cells.append(View(cls=VIEW))
        grid = View(
            cls=VIEW,
            weight=0,
            children=[
                View(cls=VIEW, layout=HORIZONTAL, height=125, children=cells[i : i + 7])
                for i in range(0, len(cells), 7)
            ],
        )
        labels = (
            ["M", "T", "W", "T", "F", "S", "S"] if monday else ["S", "M", "T", "W", "T", "F", "S"]
        )
        abbreviated = calendar.month_abbr[month]
        picker_row = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=126,
            children=[
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    on_click=self._open_picker,
                    width=460,
                    children=[
                        w.text_view(f"{MONTHS[month - 1]} {year}"),
                        View(
                            cls=BUTTON,
                            content_desc="Dropdown icon",
                            on_click=self._open_picker,
                            width=126,
                        ),
                    ],
                ),
                View(cls=VIEW),
                View(
                    cls=BUTTON,
                    content_desc="Previous",
                    on_click=w.bind(self._navigate_month, -1),
                    width=110,
                ),
                View(cls=BUTTON, content_desc="Reset", on_click=self._reset_month, width=110),
                View(
                    cls=BUTTON,
                    content_desc="Next",
                    on_click=w.bind(self._navigate_month, 1),
                    width=110,
                ),
            ],
        )
        tab_titles = ["This month data", "All months data"]
        tabs = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=147,
            children=[
                View(
                    cls=VIEW,
                    text=title,
                    selected=top["tab"] == i,
                    on_click=w.bind(self._select_tab, i),
                )
                for i, title in enumerate(tab_titles)
            ],
        )
        if top["tab"] == 0:
            prefix = f"{year:04d}-{month:02d}-"
            rows = [d for d in marks if d.startswith(prefix)]
            present = sum(1 for d in rows if marks[d] == "PRESENT")
            absent = len(rows) - present
        else:
            present, absent = self._counts(ctx, top["subject_id"])
        if present + absent == 0:
            page = View(cls=VIEW, children=[View(cls=IMAGE, width=330, height=330)])
        else:
            total = present + absent
            page = View(
                cls=VIEW,
                children=[
                    w.text_view(f"{round(present * 100 / total)}%"),
                    _counts_row(present, absent, ": "),
                ],
            )
        bar = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=168,
            children=[self._back_button(), w.text_view(top["subject"], height=168)],
        )
        body = self._column(
            [
                bar,
                w.text_view(f"{abbreviated}, {year}", height=130),
                picker_row,
                View(
                    cls=VIEW,
                    layout=HORIZONTAL,
                    height=80,
                    children=[w.text_view(x, height=80) for x in labels],
                ),
                grid,
                View(cls=VIEW, children=[tabs, page]),
            ]
        )
        return body, self._calendar_windows(top)

    def _calendar_windows(self, top: dict[str, Any]) -> list[Window]:
        windows: list[Window] = []
        if top["expanded_date"]:
            menu = View(
                cls=VIEW,
                weight=0,
                children=[
                    View(
                        cls=VIEW,
                        layout=HORIZONTAL,
                        height=126,
                        on_click=w.bind(self._mark, status),
                        children=[
                            View(cls=IMAGE, content_desc=desc, width=100),
                            w.text_view(text, height=126),
                        ],
                    )
                    for text, desc, status in (
                        ("Present", "Present", "PRESENT"),
                        ("Absent", "Absent", "ABSENT"),
                        ("Clear", "Clear", "UNMARKED"),
                    )
                ],
            )
            windows.append(
                Window(root=menu, kind="menu", modal=False, on_dismiss=self._close_day_menu)
            )
        picker = top["picker"]
        if picker:
            fields = View(
                cls=VIEW,
                weight=0,
                children=[
                    View(
                        cls=EDIT,
                        text=MONTHS[picker["month"]],
                        hint="Month",
                        on_click=w.bind(self._picker_open, "month"),
                    ),
                    View(
                        cls=EDIT,
                        text=str(picker["year"]),
                        hint="Year",
                        on_click=w.bind(self._picker_open, "year"),
                    ),
                ],
            )
            root = View(
                cls=VIEW,
                weight=0,
                children=[
                    w.text_view("Select Month & Year", height=130),
                    fields,
                    View(
                        cls=VIEW,
                        layout=HORIZONTAL,
                        height=140,
                        children=[
                            View(
                                cls=BUTTON,
                                text="Cancel",
                                on_click=w.bind(self._top_picker_cancel),
                            ),
                            View(cls=BUTTON, text="Select", on_click=self._picker_select),
                        ],
                    ),
                ],
            )
            windows.append(Window(root=root, on_dismiss=self._top_picker_cancel))
            if picker["open"] == "month":
                options = [
                    (name, w.bind(self._picker_pick, "month", i)) for i, name in enumerate(MONTHS)
                ]
            elif picker["open"] == "year":
                options = [
                    (str(y), w.bind(self._picker_pick, "year", y))
                    for y in range(TODAY[0] - 10, TODAY[0] + 11)
                ]
            else:
                options = []
            if options:
                windows.append(
                    Window(
                        root=View(
                            cls=VIEW,
                            weight=0,
                            scrollable=True,
                            scroll_key="picker_scroll",
                            children=[
                                View(cls=VIEW, text=t, on_click=h, height=126) for t, h in options
                            ],
                        ),
                        kind="menu",
                        on_dismiss=self._picker_close,
                    )
                )
        return windows

    def _top_picker_cancel(self, ctx: AppContext) -> None:
        self._top(ctx)["picker"] = None

    # Settings
    def _settings(self, ctx: AppContext) -> View:
        rows = [
            View(
                cls=VIEW,
                height=200,
                weight=0,
                on_click=w.bind(self._open_route, title),
                children=[w.text_view(title, height=90), w.text_view(desc, height=90)],
            )
            for title, desc in SETTINGS_ITEMS
        ]
        for row, (title, _) in zip(rows, SETTINGS_ITEMS, strict=True):
            if title == "Behavior":
                row.on_click = w.bind(self._open_route, "behavior")
        return self._column([self._app_bar("Settings"), *rows], fill=True)

    def _behavior(self, ctx: AppContext) -> View:
        settings = ctx.data["settings"]
        rows = [
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=260,
                weight=0,
                on_click=w.bind(self._toggle_setting, key),
                children=[
                    View(
                        cls=VIEW,
                        children=[w.text_view(title, height=90), w.text_view(desc, height=170)],
                    ),
                    View(cls=SWITCH, checkable=True, checked=settings[key], width=160),
                ],
            )
            for key, title, desc in BEHAVIOR_ITEMS
        ]
        return self._column(
            [self._app_bar("Behavior"), w.text_view("Calendar", height=110), *rows], fill=True
        )
