"""MedTimer (``com.futsch1.medtimer``) 1.7.2, for medTimer#94.

Modelled from the sources at tag ``v1.7.2`` (commit ``b694d33``): ``AndroidManifest.xml``,
``MainActivity.java`` (the notification permission request), ``MainFragment.java`` and
``ViewPagerAdapter.java`` (tabs Overview / Medicine), ``OptionsMenu.java`` and
``res/menu/main.xml`` (the overflow menu), ``overview/OverviewFragment.java``,
``medicine/MedicinesFragment.java`` (the "Add medicine" dialog), ``EditMedicineFragment.java``
(the medicine screen and ``createReminder``), ``ReminderViewAdapter.java``,
``ReminderViewHolder.java``, ``helpers/DialogHelper.java``, ``helpers/TimeHelper.java``
(the MaterialTimePicker), ``database/Reminder.java``, ``res/navigation/navigation.xml``,
``res/layout/fragment_main.xml``, ``fragment_overview.xml``, ``fragment_medicines.xml``,
``fragment_medicine.xml``, ``fragment_edit_medicine.xml``, ``fragment_reminder.xml``,
``res/xml/root_preferences.xml`` and ``res/values/strings.xml``; and the fix, commit
``21e5cdf`` ("Fixed crash when adding reminder (#95)", released in 1.7.3):

- ``MainActivity`` asks for ``POST_NOTIFICATIONS`` when it is not granted (a refusal turns the
  "Show notifications" setting off). One activity hosts the navigation graph: the main fragment
  (action bar "MedTimer", overflow menu: Settings, Export events ▸ CSV/PDF, Clear events, Backup
  medicine settings ▸ Create/Restore, "Version 1.7.2", "MedTimer on GitHub"; tabs Overview and
  Medicine), the medicine editor (title "Medicine", Up) and the settings (title "Settings");
- Overview: the "Next reminder" card (``nextReminderInfo``), "Log additional dose"
  (``logManualDose``: a list titled "Medicine" of "Custom…" and the medicines, then a
  "Log additional dose" dosage dialog) and the "Recent events" list (``latestReminders``);
- Medicine: the medicine cards (``medicineName``, ``remindersSummary`` "No reminders set" or
  "1 reminder\\n8:00 AM"), the extended FAB ``addMedicine`` "Add medicine": a dialog "Add
  medicine" with an unnamed field (hint "Medicine name"), OK / Cancel; tapping a card opens the
  editor: ``editMedicineName``, the ``enableColor`` switch "Color" (shows ``selectColor``
  "Select color"), the reminder cards (``editReminderTime``, ``editAmount``,
  ``open_advanced_settings``, ``advancedSettingsSummary``) and the extended FAB ``addReminder``
  "Add reminder": a dialog "Add reminder" (hint "Dosage for new reminder"), then, on OK, the
  MaterialTimePicker ("Select time", 12-hour clock starting at 12:00 AM, Cancel / OK).

The bug (medTimer#94, crash): ``EditMedicineFragment.createReminder`` builds
``new Reminder(medicineId)``, whose constructor never sets ``instructions``, and inserts it once
the time picker's OK is tapped; the LiveData of the medicine's reminders then binds the new row,
and ``ReminderViewHolder.getAdvancedSettingsSummary`` (line 91) calls
``reminder.instructions.isEmpty()`` on null: ``java.lang.NullPointerException: Attempt to invoke
virtual method 'boolean java.lang.String.isEmpty()' on a null object reference``. The reminder
stays stored, so opening that medicine again crashes the same way. The app frames are the
report's; the RecyclerView frames below ``bindViewHolder`` and the framework's are the model's
(the report's trace, as stored, ends there).

Stubbed: notifications and reminder scheduling, the color picker (a plain dialog), export,
backup and restore (files and other apps), the GitHub link (a browser), the settings (their
rows, not their dialogs), the advanced reminder settings screen (title and Up only). Times show
in the en-US 12-hour format with a plain space ("12:00 AM").
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, input_text
from device_agent.virtual.views import FRAME, Handler, Screen, View, Window

PACKAGE = "com.futsch1.medtimer"
MAIN = ".MainActivity"
NOTIFICATIONS = "android.permission.POST_NOTIFICATIONS"
VERSION = "1.7.2"
TABS = ("Overview", "Medicine")
OVERFLOW = (
    "Settings",
    "Export events",
    "Clear events",
    "Backup medicine settings",
    f"Version {VERSION}",
    "MedTimer on GitHub",
)
SETTINGS_ROWS = (
    ("Show notifications", ""),
    ("Notification tone", ""),
    ("Action when dismissing notification", ""),
    ("Snooze duration", ""),
    ("Exact reminders", ""),
    ("Weekend mode", ""),
    ("Overview display events", ""),
    ("Delete items", ""),
    ("Theme", ""),
)
APP = "com.futsch1.medtimer"
BIND_FRAMES = (
    f"{APP}.medicine.ReminderViewHolder.getAdvancedSettingsSummary(ReminderViewHolder.java:91)",
    f"{APP}.medicine.ReminderViewHolder.bind(ReminderViewHolder.java:69)",
    f"{APP}.medicine.ReminderViewAdapter.onBindViewHolder(ReminderViewAdapter.java:42)",
    f"{APP}.medicine.ReminderViewAdapter.onBindViewHolder(ReminderViewAdapter.java:13)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.onBindViewHolder(RecyclerView.java:7065)",
    "androidx.recyclerview.widget.RecyclerView$Adapter.bindViewHolder(RecyclerView.java:7107)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.tryBindViewHolderByDeadline("
    "RecyclerView.java:6012)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.tryGetViewHolderForPositionByDeadline("
    "RecyclerView.java:6279)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.getViewForPosition(RecyclerView.java:6118)",
    "androidx.recyclerview.widget.RecyclerView$Recycler.getViewForPosition(RecyclerView.java:6114)",
    "androidx.recyclerview.widget.LinearLayoutManager$LayoutState.next("
    "LinearLayoutManager.java:2303)",
    "androidx.recyclerview.widget.LinearLayoutManager.layoutChunk(LinearLayoutManager.java:1627)",
    "androidx.recyclerview.widget.LinearLayoutManager.fill(LinearLayoutManager.java:1587)",
    "androidx.recyclerview.widget.LinearLayoutManager.onLayoutChildren("
    "LinearLayoutManager.java:640)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayoutStep2(RecyclerView.java:4309)",
    "androidx.recyclerview.widget.RecyclerView.dispatchLayout(RecyclerView.java:4012)",
    "androidx.recyclerview.widget.RecyclerView.onLayout(RecyclerView.java:4578)",
    "android.view.View.layout(View.java:25141)",
    "android.view.ViewGroup.layout(ViewGroup.java:6449)",
    "android.view.ViewRootImpl.performLayout(ViewRootImpl.java:4338)",
    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:3813)",
    "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:2788)",
    "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:9877)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:1406)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:1415)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:1015)",
    "android.view.Choreographer.doFrame(Choreographer.java:945)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:1389)",
    "android.os.Handler.handleCallback(Handler.java:959)",
    "android.os.Handler.dispatchMessage(Handler.java:100)",
    "android.os.Looper.loopOnce(Looper.java:232)",
    "android.os.Looper.loop(Looper.java:317)",
    "android.app.ActivityThread.main(ActivityThread.java:8592)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "com.android.internal.os.RuntimeInit$MethodAndArgsCaller.run(RuntimeInit.java:580)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:878)",
)


def _null_instructions() -> JavaException:
    return JavaException(
        "java.lang.NullPointerException",
        "Attempt to invoke virtual method 'boolean java.lang.String.isEmpty()' on a null object "
        "reference",
        frames=list(BIND_FRAMES),
    )


def minutes_to_time(minutes: int) -> str:
    """``TimeHelper.minutesToTime`` in en-US (SHORT style, 12-hour clock)."""
    hour, minute = divmod(minutes, 60)
    return f"{(hour % 12) or 12}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def _crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of #94: binding a reminder row threw the NPE on its null instructions."""
    return crashed(system, PACKAGE, "java.lang.NullPointerException", "java.lang.String.isEmpty()")


BUG_94 = BugSpec(
    bug_id="medTimer#94",
    kind="crash",
    title="Crash when adding a new drug and setting a reminder",
    oracle=_crashed,
    human_steps=(
        allow_permission(PACKAGE),
        click(PACKAGE, text="Medicine", cls="android.widget.TextView"),
        click(PACKAGE, "addMedicine", "Add medicine", cls="android.widget.Button"),
        input_text(PACKAGE, "", "Aspirin", hint="Medicine name"),
        click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
        click(PACKAGE, "medicineName", "Aspirin", cls="android.widget.TextView"),
        click(PACKAGE, "addReminder", "Add reminder", cls="android.widget.Button"),
        input_text(PACKAGE, "", "1 pill", hint="Dosage for new reminder"),
        click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
        click(PACKAGE, "material_timepicker_ok_button", "OK", cls="android.widget.Button"),
    ),
)


def _extended_fab(rid: str, text: str, handler: Handler, desc: str = "") -> View:
    """An ExtendedFloatingActionButton (a Button with its label) at the bottom end."""
    return View(
        cls="android.widget.Button",
        resource_id=rid,
        text=text,
        content_desc=desc,
        on_click=handler,
        width=420,
        height=168,
        gravity="bottom_end",
        style="fab",
    )


class MedTimer172(VirtualApp):
    """MedTimer 1.7.2 (see the module docstring)."""

    name: ClassVar[str] = "medTimer"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "MedTimer"
    version: ClassVar[str] = VERSION
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_94,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "medicines": [],  # {"id", "name", "use_color"}
            "reminders": [],  # {"id", "medicine", "time", "amount", "instructions"}
            "events": [],  # {"name", "amount"}
            "next_id": 1,
            "show_notification": True,
            "denials": 0,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        ui.setdefault("nav", [{"dest": "main"}])  # the NavController's back stack
        ui.setdefault("tab", 0)
        ui.setdefault("dialog", None)  # the open dialog: {"kind": ..., ...}
        ui.setdefault("menu", None)  # None, "main", "export" or "backup"
        # MainActivity.checkPermissions (Android stops asking after two refusals)
        if NOTIFICATIONS not in ctx.permissions and ctx.data["denials"] < 2:
            ctx.request_permission(NOTIFICATIONS)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return {"nav": ctx.ui["nav"], "tab": ctx.ui["tab"]}

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == NOTIFICATIONS and not granted:
            ctx.data["denials"] += 1
            ctx.data["show_notification"] = False

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ui["dialog"] is not None:
            ui["dialog"] = None
            return True
        if ui["menu"]:
            ui["menu"] = None
            return True
        if len(ui["nav"]) > 1:
            self._navigate_up(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        ui = ctx.ui
        if ui["nav"][-1]["dest"] == "main" and ui["dialog"] is None and not ui["menu"]:
            return w.pager_swipe(ui, "tab", len(TABS), direction)
        return False

    # -- data --------------------------------------------------------------------------------
    def _medicine(self, ctx: AppContext, med_id: int) -> dict[str, Any]:
        return next(m for m in ctx.data["medicines"] if m["id"] == med_id)

    def _reminders(self, ctx: AppContext, med_id: int) -> list[dict[str, Any]]:
        return [r for r in ctx.data["reminders"] if r["medicine"] == med_id]

    def _new_id(self, ctx: AppContext) -> int:
        ctx.data["next_id"] += 1
        return int(ctx.data["next_id"]) - 1

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        dest = ctx.ui["nav"][-1]
        if dest["dest"] == "edit":
            body, title, up = self._render_edit(ctx, dest), "Medicine", True
        elif dest["dest"] == "settings":
            body, title, up = self._render_settings(ctx), "Settings", True
        elif dest["dest"] == "advanced":
            body = w.text_view("Advanced settings (not modelled)", height=300)
            title, up = "Advanced settings", True
        else:
            body, title, up = self._render_main(ctx), "MedTimer", False
        actions = [] if up else [w.overflow_button(lambda c: c.ui.update(menu="main"))]
        bar = w.toolbar(
            title,
            navigation=w.up_button(self._navigate_up) if up else None,
            actions=actions,
            rid="action_bar",
        )
        content = View(
            cls="androidx.coordinatorlayout.widget.CoordinatorLayout",
            children=[
                w.linear_layout(
                    [
                        bar,
                        View(
                            cls="android.widget.FrameLayout", resource_id="navHost", children=[body]
                        ),
                    ]
                )
            ],
        )
        return Screen(content=content, windows=self._windows(ctx))

    def _render_main(self, ctx: AppContext) -> View:
        tab = ctx.ui["tab"]
        page = self._render_overview(ctx) if tab == 0 else self._render_medicines(ctx)
        pager = View(
            cls="androidx.viewpager2.widget.ViewPager2", resource_id="view_pager", children=[page]
        )
        return w.linear_layout([w.tabs(TABS, tab, self._select_tab), pager])

    def _render_overview(self, ctx: AppContext) -> View:
        events = [
            w.text_view(f"{e['amount']} of {e['name']}", height=126) for e in ctx.data["events"]
        ]
        return w.linear_layout(
            [
                View(
                    cls="com.google.android.material.card.MaterialCardView",
                    children=[
                        w.linear_layout(
                            [
                                w.text_view("Next reminder", height=100),
                                w.text_view(
                                    self._next_reminder(ctx), "nextReminderInfo", height=100
                                ),
                            ]
                        )
                    ],
                ),
                w.button("logManualDose", "Log additional dose", self._log_dose, height=147),
                View(
                    cls="com.google.android.material.card.MaterialCardView",
                    children=[
                        w.linear_layout(
                            [
                                w.text_view("Recent events", height=100),
                                View(
                                    cls="androidx.recyclerview.widget.RecyclerView",
                                    resource_id="latestReminders",
                                    content_desc="Recent events",
                                    children=events,
                                ),
                            ]
                        )
                    ],
                ),
            ]
        )

    def _next_reminder(self, ctx: AppContext) -> str:
        reminders = sorted(ctx.data["reminders"], key=lambda r: r["time"])
        if not reminders:
            return ""
        r = reminders[0]
        name = self._medicine(ctx, r["medicine"])["name"]
        return f"{r['amount']} of {name}, {minutes_to_time(r['time'])}"

    def _render_medicines(self, ctx: AppContext) -> View:
        cards = []
        for med in ctx.data["medicines"]:
            times = sorted(r["time"] for r in self._reminders(ctx, med["id"]))
            if not times:
                summary = "No reminders set"
            else:
                noun = "reminder" if len(times) == 1 else "reminders"
                summary = f"{len(times)} {noun}\n" + ", ".join(minutes_to_time(t) for t in times)
            cards.append(
                View(
                    cls="com.google.android.material.card.MaterialCardView",
                    on_click=w.bind(self._open_medicine, med["id"]),
                    height=220,
                    children=[
                        w.linear_layout(
                            [
                                w.text_view(med["name"], "medicineName", height=110),
                                w.text_view(summary, "remindersSummary", height=110),
                            ]
                        )
                    ],
                )
            )
        listing = View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="medicineList",
            children=cards,
        )
        fab = _extended_fab("addMedicine", "Add medicine", self._add_medicine, "Add medicine")
        return View(cls="android.widget.FrameLayout", layout=FRAME, children=[listing, fab])

    def _render_edit(self, ctx: AppContext, dest: dict[str, Any]) -> View:
        med = self._medicine(ctx, dest["id"])
        name_field = View(
            cls="com.google.android.material.textfield.TextInputLayout",
            height=180,
            children=[
                w.edit_text(
                    "editMedicineName",
                    dest["name"],
                    self._edit_name,
                    cls="android.widget.EditText",
                    hint="Medicine name",
                )
            ],
        )
        color_row = [
            View(
                cls="android.widget.Switch",
                resource_id="enableColor",
                text="Color",
                checkable=True,
                checked=dest["use_color"],
                on_click=self._toggle_color,
                width=500,
            )
        ]
        if dest["use_color"]:
            color_row.append(w.button("selectColor", "Select color", self._select_color, width=400))
        rows = [
            View(
                cls="com.google.android.material.card.MaterialCardView",
                resource_id="advanced_settings",
                height=300,
                children=[
                    w.linear_layout(
                        [
                            w.linear_layout(
                                [
                                    w.edit_text(
                                        "editReminderTime",
                                        minutes_to_time(r["time"]),
                                        None,
                                        cls="android.widget.EditText",
                                        hint="Time",
                                    ),
                                    w.edit_text(
                                        "editAmount",
                                        r["amount"],
                                        None,
                                        cls="android.widget.EditText",
                                        hint="Dosage",
                                    ),
                                ],
                                horizontal=True,
                            ),
                            w.button(
                                "open_advanced_settings",
                                "Advanced settings",
                                lambda c: c.ui["nav"].append({"dest": "advanced"}),
                            ),
                            w.text_view("Every day", "advancedSettingsSummary"),
                        ]
                    )
                ],
            )
            for r in self._reminders(ctx, med["id"])
        ]
        fab = _extended_fab("addReminder", "Add reminder", self._add_reminder)
        column = w.linear_layout(
            [
                name_field,
                w.linear_layout(color_row, horizontal=True, height=147),
                View(
                    cls="androidx.recyclerview.widget.RecyclerView",
                    resource_id="reminderList",
                    children=rows,
                ),
            ]
        )
        return View(cls="android.widget.FrameLayout", layout=FRAME, children=[column, fab])

    def _render_settings(self, ctx: AppContext) -> View:
        granted = NOTIFICATIONS in ctx.permissions
        rows = []
        for title, summary in SETTINGS_ROWS:
            if title == "Show notifications":
                rows.append(
                    w.preference(
                        title,
                        "" if granted else "Permission not granted",
                        None,
                        widget=w.switch_widget(
                            ctx.data["show_notification"] and granted, rid="switchWidget"
                        ),
                        enabled=granted,
                    )
                )
            else:
                rows.append(w.preference(title, summary, None))
        return View(
            cls="androidx.recyclerview.widget.RecyclerView",
            resource_id="recycler_view",
            children=rows,
        )

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        out: list[Window] = []
        menu = ui["menu"]
        if menu == "main":
            handlers = [
                self._open_settings,
                lambda c: c.ui.update(menu="export"),
                self._clear_events,
                lambda c: c.ui.update(menu="backup"),
                lambda c: c.ui.update(menu=None),
                lambda c: c.ui.update(menu=None),  # opens the browser (another app)
            ]
            out.append(
                w.menu_window(
                    list(zip(OVERFLOW, handlers, strict=True)),
                    lambda c: c.ui.update(menu=None),
                    bounds=(500, 63, 1070, 63 + 126 * len(OVERFLOW)),
                )
            )
        elif menu in ("export", "backup"):
            items = ("CSV", "PDF") if menu == "export" else ("Create", "Restore")
            out.append(
                w.menu_window(
                    [(t, lambda c: c.ui.update(menu=None)) for t in items],  # files: stubbed
                    lambda c: c.ui.update(menu=None),
                    bounds=(500, 63, 1070, 63 + 126 * 2),
                )
            )
        dialog = ui["dialog"]
        if dialog is not None:
            out.append(self._dialog(ctx, dialog))
        return out

    def _dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> Window:
        kind = dialog["kind"]
        close = self._close_dialog
        if kind == "time":
            return self._time_picker(dialog)
        if kind == "clear":
            return w.confirm_dialog(
                "Confirm",
                "Are you sure to delete all events?",
                ("Yes", self._confirm_clear),
                ("Cancel", close),
                None,  # setCancelable(false)
            )
        if kind == "color":
            return w.confirm_dialog(
                "Color", "(color picker not modelled)", ("Confirm", close), ("Cancel", close), close
            )
        if kind == "pick_medicine":
            names = ["Custom…"] + [m["name"] for m in ctx.data["medicines"]]
            rows = [
                w.text_view(n, "android:id/text1", on_click=w.bind(self._dose_for, i), height=147)
                for i, n in enumerate(names)
            ]
            return w.alert_dialog(
                w.dialog_title("Medicine"),
                [
                    View(
                        cls="android.widget.ListView",
                        resource_id="android:id/select_dialog_listview",
                        weight=0,
                        children=rows,
                    )
                ],
                [],
                close,
            )
        titles = {
            "add_medicine": ("Add medicine", "Medicine name"),
            "add_reminder": ("Add reminder", "Dosage for new reminder"),
            "dose_name": ("Log additional dose", "Medicine name"),
            "dose_amount": ("Log additional dose", "Dosage"),
        }
        title, hint = titles[kind]
        field = View(
            cls="com.google.android.material.textfield.TextInputLayout",
            children=[
                w.edit_text(
                    "",
                    dialog["text"],
                    self._type_dialog,
                    cls="android.widget.EditText",
                    hint=hint,
                )
            ],
        )
        return w.input_dialog(title, field, ("OK", self._dialog_ok), ("Cancel", close), close)

    def _time_picker(self, dialog: dict[str, Any]) -> Window:
        """MaterialTimePicker (clock input mode, 12-hour clock)."""
        hour, minute = divmod(dialog["minutes"], 60)
        selecting_hour = dialog["selecting"] == "hour"
        if selecting_hour:
            labels = [12, *range(1, 12)]
            face = [
                w.text_view(
                    str(n),
                    content_desc=f"{n} o'clock",
                    on_click=w.bind(self._pick_hour, n),
                    selected=(hour % 12 or 12) == n,
                    width=150,
                )
                for n in labels
            ]
        else:
            face = [
                w.text_view(
                    f"{m:02d}",
                    content_desc=f"{m} minutes",
                    on_click=w.bind(self._pick_minute, m),
                    selected=minute == m,
                    width=150,
                )
                for m in range(0, 60, 5)
            ]
        rows = [w.linear_layout(face[i : i + 4], horizontal=True, height=150) for i in (0, 4, 8)]
        display = w.linear_layout(
            [
                View(
                    cls="com.google.android.material.chip.Chip",
                    resource_id="material_hour_tv",
                    text=str(hour % 12 or 12),
                    checkable=True,
                    checked=selecting_hour,
                    on_click=self._hour_mode,
                    width=250,
                ),
                w.text_view(":", width=60),
                View(
                    cls="com.google.android.material.chip.Chip",
                    resource_id="material_minute_tv",
                    text=f"{minute:02d}",
                    checkable=True,
                    checked=not selecting_hour,
                    on_click=self._minute_mode,
                    width=250,
                ),
                w.linear_layout(
                    [
                        View(
                            cls="android.widget.Button",
                            resource_id="material_clock_period_am_button",
                            text="AM",
                            checkable=True,
                            checked=hour < 12,
                            on_click=w.bind(self._period, False),
                            height=90,
                        ),
                        View(
                            cls="android.widget.Button",
                            resource_id="material_clock_period_pm_button",
                            text="PM",
                            checkable=True,
                            checked=hour >= 12,
                            on_click=w.bind(self._period, True),
                            height=90,
                        ),
                    ],
                    rid="material_clock_period_toggle",
                    width=200,
                ),
            ],
            rid="material_clock_display",
            horizontal=True,
            height=200,
        )
        face_view = View(
            cls="com.google.android.material.timepicker.ClockFaceView",
            resource_id="material_clock_face",
            children=rows,
        )
        bottom = w.linear_layout(
            [
                w.image_button(
                    "material_timepicker_mode_button",
                    "Switch to text input mode for the time input.",
                    None,
                    width=147,
                ),
                View(cls="android.view.View"),
                w.button(
                    "material_timepicker_cancel_button", "Cancel", self._close_dialog, width=250
                ),
                w.button("material_timepicker_ok_button", "OK", self._time_ok, width=200),
            ],
            horizontal=True,
            height=150,
        )
        root = w.linear_layout(
            [w.text_view("Select time", "header_title", height=120), display, face_view, bottom],
            weight=0,
        )
        return Window(root=root, on_dismiss=self._close_dialog)

    # -- handlers ----------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, i: int) -> None:
        ctx.ui["tab"] = i

    def _navigate_up(self, ctx: AppContext) -> None:
        dest = ctx.ui["nav"].pop()
        if dest["dest"] == "edit":
            # EditMedicineFragment.onDestroy: store the name and the color switch
            med = self._medicine(ctx, dest["id"])
            med["name"] = dest["name"]
            med["use_color"] = dest["use_color"]

    def _open_settings(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.ui["nav"].append({"dest": "settings"})

    def _clear_events(self, ctx: AppContext) -> None:
        ctx.ui["menu"] = None
        ctx.ui["dialog"] = {"kind": "clear"}

    def _confirm_clear(self, ctx: AppContext) -> None:
        ctx.data["events"] = []
        ctx.ui["dialog"] = None

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _type_dialog(self, ctx: AppContext, text: str) -> None:
        ctx.ui["dialog"]["text"] = text

    def _add_medicine(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "add_medicine", "text": ""}

    def _add_reminder(self, ctx: AppContext) -> None:
        med_id = ctx.ui["nav"][-1]["id"]
        ctx.ui["dialog"] = {"kind": "add_reminder", "text": "", "medicine": med_id}

    def _log_dose(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "pick_medicine"}

    def _dose_for(self, ctx: AppContext, which: int) -> None:
        if which == 0:
            ctx.ui["dialog"] = {"kind": "dose_name", "text": ""}
        else:
            name = ctx.data["medicines"][which - 1]["name"]
            ctx.ui["dialog"] = {"kind": "dose_amount", "text": "", "name": name}

    def _dialog_ok(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        kind, text = dialog["kind"], dialog["text"]
        ctx.ui["dialog"] = None
        ctx.hide_keyboard()
        if kind == "add_medicine":
            med = {"id": self._new_id(ctx), "name": text, "use_color": False}
            ctx.data["medicines"].append(med)
        elif kind == "add_reminder":
            # createReminder: new Reminder(medicineId) (instructions stays null), then the
            # time picker starting at 0:00
            ctx.ui["dialog"] = {
                "kind": "time",
                "medicine": dialog["medicine"],
                "amount": text,
                "minutes": 0,
                "selecting": "hour",
            }
        elif kind == "dose_name":
            ctx.ui["dialog"] = {"kind": "dose_amount", "text": "", "name": text}
        elif kind == "dose_amount":
            ctx.data["events"].insert(0, {"name": dialog["name"], "amount": text})

    def _pick_hour(self, ctx: AppContext, n: int) -> None:
        d = ctx.ui["dialog"]
        pm = d["minutes"] >= 720
        hour = (n % 12) + (12 if pm else 0)
        d["minutes"] = hour * 60 + d["minutes"] % 60
        d["selecting"] = "minute"

    def _pick_minute(self, ctx: AppContext, m: int) -> None:
        d = ctx.ui["dialog"]
        d["minutes"] = (d["minutes"] // 60) * 60 + m

    def _hour_mode(self, ctx: AppContext) -> None:
        ctx.ui["dialog"]["selecting"] = "hour"

    def _minute_mode(self, ctx: AppContext) -> None:
        ctx.ui["dialog"]["selecting"] = "minute"

    def _period(self, ctx: AppContext, pm: bool) -> None:
        d = ctx.ui["dialog"]
        hour, minute = divmod(d["minutes"], 60)
        hour = hour % 12 + (12 if pm else 0)
        d["minutes"] = hour * 60 + minute

    def _time_ok(self, ctx: AppContext) -> None:
        d = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        reminder = {
            "id": self._new_id(ctx),
            "medicine": d["medicine"],
            "time": d["minutes"],
            "amount": d["amount"],
            "instructions": None,  # Reminder(int) never sets it
        }
        ctx.data["reminders"].append(reminder)  # medicineViewModel.insertReminder
        # The reminders' LiveData delivers the new list; the RecyclerView binds the new row.
        self._bind_reminders(ctx, d["medicine"])

    def _bind_reminders(self, ctx: AppContext, med_id: int) -> None:
        """ReminderViewHolder.bind for each of the medicine's reminders."""
        for r in self._reminders(ctx, med_id):
            if r["instructions"] is None:  # getAdvancedSettingsSummary: instructions.isEmpty()
                raise _null_instructions()

    def _open_medicine(self, ctx: AppContext, med_id: int) -> None:
        med = self._medicine(ctx, med_id)
        ctx.ui["nav"].append(
            {"dest": "edit", "id": med_id, "name": med["name"], "use_color": med["use_color"]}
        )
        self._bind_reminders(ctx, med_id)

    def _edit_name(self, ctx: AppContext, text: str) -> None:
        ctx.ui["nav"][-1]["name"] = text

    def _toggle_color(self, ctx: AppContext) -> None:
        dest = ctx.ui["nav"][-1]
        dest["use_color"] = not dest["use_color"]

    def _select_color(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "color"}


_MEDICINE_TAB = click(PACKAGE, text="Medicine", cls="android.widget.TextView")
_ADD_MEDICINE = [
    allow_permission(PACKAGE),
    _MEDICINE_TAB,
    click(PACKAGE, "addMedicine", "Add medicine", cls="android.widget.Button"),
    input_text(PACKAGE, "", "Aspirin", hint="Medicine name"),
    click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
    click(PACKAGE, "medicineName", "Aspirin", cls="android.widget.TextView"),
]
_DOSAGE = [
    click(PACKAGE, "addReminder", "Add reminder", cls="android.widget.Button"),
    input_text(PACKAGE, "", "1 pill", hint="Dosage for new reminder"),
]

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    BUG_94.bug_id: [
        # the time picker cancelled: no reminder is inserted
        [
            *_ADD_MEDICINE,
            *_DOSAGE,
            click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
            click(
                PACKAGE, "material_timepicker_cancel_button", "Cancel", cls="android.widget.Button"
            ),
        ],
        # the dosage dialog cancelled
        [
            *_ADD_MEDICINE,
            *_DOSAGE,
            click(PACKAGE, "android:id/button2", "Cancel", cls="android.widget.Button"),
        ],
        # a medicine added and opened, but no reminder set
        [*_ADD_MEDICINE, click(PACKAGE, desc="Navigate up", cls="android.widget.ImageButton")],
        # a dose logged from the overview instead of a reminder
        [
            allow_permission(PACKAGE),
            _MEDICINE_TAB,
            click(PACKAGE, "addMedicine", "Add medicine", cls="android.widget.Button"),
            input_text(PACKAGE, "", "Aspirin", hint="Medicine name"),
            click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
            click(PACKAGE, text="Overview", cls="android.widget.TextView"),
            click(PACKAGE, "logManualDose", "Log additional dose", cls="android.widget.Button"),
            click(PACKAGE, "android:id/text1", "Aspirin", cls="android.widget.TextView"),
            input_text(PACKAGE, "", "1 pill", hint="Dosage"),
            click(PACKAGE, "android:id/button1", "OK", cls="android.widget.Button"),
        ],
    ],
}
