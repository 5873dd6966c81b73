"""Loop Habit Tracker (``org.isoron.uhabits``) 2.1.1 and 2.2.0, for uhabits#1545 (2.1.1) and
uhabits#2112 (2.2.0).

Modelled from the sources at tags ``v2.1.1`` and ``v2.2.0`` (under ``uhabits-android/src/main``:
``AndroidManifest.xml``, ``activities/intro/IntroActivity.kt`` (AppIntro 6.2's ``AppIntro2``),
``activities/habits/list/ListHabitsActivity.kt``, ``ListHabitsRootView.kt``
(``getCheckmarkCount``), ``ListHabitsScreen.kt``, ``ListHabitsMenu.kt``,
``ListHabitsSelectionMenu.kt``, ``views/HabitCardView.kt``, ``views/CheckmarkButtonView.kt``,
``views/NumberButtonView.kt``, ``views/EmptyListView.kt``, ``activities/common/dialogs/``
``CheckmarkPopup.kt``, ``NumberPopup.kt`` (2.2.0: ``CheckmarkDialog.kt``, ``NumberDialog.kt``),
``ConfirmDeleteDialog.kt``, ``activities/habits/list/HabitTypeDialog.kt``,
``activities/habits/edit/EditHabitActivity.kt``, ``utils/DialogUtils.kt``, ``res/layout/``
``activity_edit_habit.xml``, ``select_habit_type.xml``, ``checkmark_popup.xml``,
``res/menu/list_habits.xml``, ``list_habits_selection.xml``, ``res/values/strings.xml``,
``dimens.xml``, ``fontawesome.xml``) and the fixes (commit 2ba5f5f "Dismiss current dialog
onPause", commit e608c6e "Trim unit labels when necessary"):

- first start: ``ListHabitsActivity`` (behind the launcher alias ``.MainActivity``) opens
  ``IntroActivity``, three AppIntro slides (Welcome / Create some new habits / Track your
  progress; SKIP, NEXT, DONE). The list: the toolbar "Habits" with ``actionCreateHabit`` "Add
  habit", ``action_filter`` "Filter" (Hide archived, Hide completed, Sort) and the overflow
  (Dark theme, Settings, Help & FAQ, About: stubs), the canvas ``HeaderView``, then a card per
  habit (a score ring, the name, and ``getCheckmarkCount()`` day buttons: 5 in portrait, 10 in
  landscape, canvas-drawn ``android.view.View`` s without ids) or "You have no active habits".
  A day button's click opens the popup of the day (``checkmark_popup.xml``: ``notes`` "Notes",
  ``yesBtn`` / ``noBtn`` FontAwesome glyphs; for a measurable habit ``value``, ``skipBtnNumber``
  hidden, ``saveBtn`` "Save"); a long click toggles the day. A card's click opens the habit
  (a stub screen), its long click selects it (the action bar: Edit, Change color, and the
  overflow Archive, Delete, Reminder; Delete asks "Delete habit?" Yes / No);
- "Add habit" opens ``HabitTypeDialog`` (``buttonYesNo`` "Yes or No", ``buttonMeasurable``
  "Measurable") then ``EditHabitActivity`` ("Create habit", ``buttonSave`` "Save",
  ``nameInput``, ``colorButton``, ``questionInput``, ``boolean_frequency_picker`` "Every day";
  measurable: ``unitInput``, ``targetInput``, ``numericalFrequencyPicker`` "Every week",
  ``targetTypePicker`` "At least" (an AlertDialog: At least / At most); ``reminderTimePicker``
  "Off", ``notesInput``). An empty name (or target) is refused ("Cannot be blank");
- the habit screen (``ShowHabitActivity``) has the toolbar and the subtitle card only
  (``questionLabel``; ``targetIcon``, ``targetText`` "<target> <unit>", ``frequencyIcon``,
  ``frequencyLabel``, ``reminderIcon``, ``reminderLabel`` "Off", each as wide as its text, so a
  long unit pushes the rest off screen in 2.2.0); its charts are left out.

The world: a fresh install (no habits); "today" is the rightmost day button; the colour picker,
frequency and reminder pickers, settings, about and the habit screen are stubs.

The bugs:
- uhabits#1545 (2.1.1, crash): the day popup (and the other plain dialogs shown through
  ``Dialog.dismissCurrentAndShow``) is remembered in the static ``currentDialog``; rotating the
  screen destroys the activity with the popup still showing (its window leaks). The next
  ``dismissCurrentAndShow`` (opening any day's popup, the target type list or the delete
  confirmation) dismisses that dialog, whose window is gone: ``IllegalArgumentException:
  View=DecorView@...[ListHabitsActivity] not attached to window manager``. The static lives as
  long as the process (the model clears it with the crash that kills the process). 2.2.0's
  list and habit screens dismiss the current dialog in ``onPause`` (the editor does not).
- uhabits#2112 (2.2.0, non-crash): ``NumberButtonView`` draws a measurable habit's unit under
  its number untrimmed, so a unit wider than the 48 dp button (12 sp text; this model estimates
  0.55 em per character) overlaps the neighbouring days (canvas drawing: not in the dump, and
  not drawn by this model's screenshots either), and the habit screen's ``targetText`` grows
  with it. The oracle reads app state: an active measurable habit whose unit does not fit.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import Screen, View, Window

PACKAGE = "org.isoron.uhabits"
LIST = ".activities.habits.list.ListHabitsActivity"
INTRO = ".activities.intro.IntroActivity"
EDIT = ".activities.habits.edit.EditHabitActivity"
SHOW = ".activities.habits.show.ShowHabitActivity"
SLIDES = (
    ("Welcome", "Loop Habit Tracker helps you create and maintain good habits."),
    (
        "Create some new habits",
        "Every day, after performing your habit, put a checkmark on the app.",
    ),
    ("Track your progress", "Detailed graphs show you how your habits improved over time."),
)
FA_CHECK = "\uf00c"
FA_TIMES = "\uf00d"
DP = 2.625  # 420 dpi
BUTTON_WIDTH = round(48 * DP)  # checkmarkWidth
NAME_WIDTH = round(160 * DP)  # habitNameWidth
UNIT_TEXT_PX = 12 * DP  # smallerTextSize
NAV_BAR = 126
CHAR_EM = 0.55  # the model's average glyph width, in em
YES_MANUAL, NO, UNKNOWN = 2, 0, -1
ILLEGAL_ARGUMENT = "java.lang.IllegalArgumentException"
LEAK_FRAMES = [
    "android.view.WindowManagerGlobal.findViewLocked(WindowManagerGlobal.java:517)",
    "android.view.WindowManagerGlobal.removeView(WindowManagerGlobal.java:426)",
    "android.view.WindowManagerImpl.removeViewImmediate(WindowManagerImpl.java:124)",
    "android.app.Dialog.dismissDialog(Dialog.java:518)",
    "android.app.Dialog.dismiss(Dialog.java:501)",
    "org.isoron.uhabits.utils.DialogUtilsKt.dismissCurrentAndShow(DialogUtils.kt:11)",
]
CALLER_FRAMES = {
    "check": [
        "org.isoron.uhabits.activities.common.dialogs.CheckmarkPopup.show(CheckmarkPopup.kt:121)",
        "org.isoron.uhabits.activities.habits.list.ListHabitsScreen.showCheckmarkPopup"
        "(ListHabitsScreen.kt:264)",
        "org.isoron.uhabits.core.ui.screens.habits.list.ListHabitsBehavior.onEdit"
        "(ListHabitsBehavior.kt:60)",
        "org.isoron.uhabits.activities.habits.list.views.CheckmarkButtonView.onClick"
        "(CheckmarkButtonView.kt:106)",
    ],
    "number": [
        "org.isoron.uhabits.activities.common.dialogs.NumberPopup.show(NumberPopup.kt:107)",
        "org.isoron.uhabits.activities.habits.list.ListHabitsScreen.showNumberPopup"
        "(ListHabitsScreen.kt:246)",
        "org.isoron.uhabits.core.ui.screens.habits.list.ListHabitsBehavior.onEdit"
        "(ListHabitsBehavior.kt:52)",
    ],
    "delete": [
        "org.isoron.uhabits.activities.habits.list.ListHabitsScreen.showDeleteConfirmationScreen"
        "(ListHabitsScreen.kt:167)",
        "org.isoron.uhabits.activities.habits.list.ListHabitsSelectionMenu.onItemClicked"
        "(ListHabitsSelectionMenu.kt:110)",
    ],
    "target_type": [
        "org.isoron.uhabits.activities.habits.edit.EditHabitActivity.onCreate$lambda-4"
        "(EditHabitActivity.kt:194)",
    ],
}
COMMON_FRAMES = [
    "android.view.View.performClick(View.java:7125)",
    "android.view.View.performClickInternal(View.java:7102)",
    "android.os.Handler.handleCallback(Handler.java:883)",
    "android.os.Looper.loop(Looper.java:214)",
    "android.app.ActivityThread.main(ActivityThread.java:7356)",
]
# Dialogs shown through Dialog.dismissCurrentAndShow (plain Dialogs: lost on rotation).
PLAIN_DIALOGS = ("check", "number", "delete", "target_type")


def unit_fits(unit: str) -> bool:
    """NumberButtonView: does the unit's drawn width fit 90% of the button (the fix trims it
    when it does not)?"""
    return len(unit) * CHAR_EM * UNIT_TEXT_PX <= 0.9 * BUTTON_WIDTH


def _overlapping_units(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of uhabits#2112: an active measurable habit's unit is drawn untrimmed
    wider than its button."""
    return any(
        h["type"] == "NUMERICAL" and not h["archived"] and not unit_fits(h["unit"])
        for h in data["habits"]
    )


def _day_button(portrait_bounds: list[int]) -> dict[str, Any]:
    return click(PACKAGE, cls="android.view.View", bounds=portrait_bounds)


BUG_1545 = BugSpec(
    "uhabits#1545",
    "crash",
    'App crashes when re-opening "habit completion status dialog" after rotating screen with '
    "that dialog open",
    crash_oracle(PACKAGE, ILLEGAL_ARGUMENT, "not attached to window manager"),
    human_steps=(
        click(PACKAGE, "skip", desc="SKIP"),
        click(PACKAGE, "actionCreateHabit", desc="Add habit"),
        click(PACKAGE, "buttonYesNo"),
        input_text(PACKAGE, "nameInput", "Exercise"),
        click(PACKAGE, "buttonSave", "Save"),
        _day_button([954, 336, 1080, 462]),
        {"kind": "rotate", "orientation": "landscape"},
        _day_button([1668, 336, 1794, 462]),
    ),
)
BUG_2112 = BugSpec(
    "uhabits#2112",
    "non-crash",
    "Too long text is not handled properly",
    _overlapping_units,
    human_steps=(
        click(PACKAGE, "skip", desc="SKIP"),
        click(PACKAGE, "actionCreateHabit", desc="Add habit"),
        click(PACKAGE, "buttonMeasurable"),
        input_text(PACKAGE, "nameInput", "Run"),
        input_text(PACKAGE, "unitInput", "kilometers per day"),
        input_text(PACKAGE, "targetInput", "5"),
        click(PACKAGE, "buttonSave", "Save"),
    ),
)


class UHabits211(VirtualApp):
    """Loop Habit Tracker 2.1.1 (see the module docstring)."""

    name: ClassVar[str] = "uhabits"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Loop Habit Tracker"
    version: ClassVar[str] = "2.1.1"
    launch_activity: ClassVar[str] = LIST
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_1545,)
    # The activities whose onPause dismisses the current dialog: none in 2.1.1 (uhabits#1545);
    # 2.2.0's ListHabitsActivity and ShowHabitActivity (not EditHabitActivity).
    dismiss_on_pause: ClassVar[tuple[str, ...]] = ()
    # DialogUtils.kt's frames above the caller's when a leaked dialog is dismissed.
    leak_frames: ClassVar[list[str]] = LEAK_FRAMES

    def initial_data(self) -> dict[str, Any]:
        return {
            "first_run": True,
            "habits": [],
            "next_id": 1,
            # DialogUtils.currentDialog, a process-wide static: None, or whether the dialog it
            # refers to still has a window ("attached") or lost it with its activity ("leaked").
            "current_dialog": None,
            "hide_archived": True,
            "hide_completed": False,
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        data = ctx.data
        if ctx.activity == LIST:
            ui.setdefault("dialog", None)
            ui.setdefault("menu", None)
            ui.setdefault("selected", [])
            if data["first_run"]:
                data["first_run"] = False  # ListHabitsBehavior.onFirstRun
                ctx.start_activity(INTRO)
        elif ctx.activity == INTRO:
            ui.setdefault("slide", 0)
        elif ctx.activity == EDIT:
            habit = self._habit(ctx, ctx.extras.get("habit_id"))
            if "name" in ui:
                return
            ui["dialog"] = None
            ui["errors"] = {}
            if habit is not None:
                ui.update(
                    habit_id=habit["id"],
                    type=habit["type"],
                    name=habit["name"],
                    question=habit["question"],
                    notes=habit["notes"],
                    unit=habit["unit"],
                    target=_number(habit["target"]),
                    target_type=habit["target_type"],
                )
            else:
                ui.update(
                    habit_id=None,
                    type=ctx.extras.get("type", "YES_NO"),
                    name="",
                    question="",
                    notes="",
                    unit="",
                    target="",
                    target_type="AT_LEAST",
                )

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        """Rotation: a plain Dialog is not restored; its window leaks with the activity and
        ``currentDialog`` keeps referring to it (2.2.0 dismisses it in onPause first). The
        HabitTypeDialog is a DialogFragment: the fragment manager restores it."""
        saved = dict(ctx.ui)
        dialog = saved.get("dialog")
        saved["menu"] = None
        if dialog is not None and dialog["kind"] in PLAIN_DIALOGS:
            saved["dialog"] = None
            dismissed = ctx.activity in self.dismiss_on_pause
            ctx.data["current_dialog"] = None if dismissed else "leaked"
        return saved

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == LIST and (ui["menu"] or ui["selected"]):
            ui.update(menu=None, selected=[])
            return True
        if ctx.activity == INTRO and ui["slide"] > 0:
            ui["slide"] -= 1
            return True
        return False

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _habit(ctx: AppContext, habit_id: Any) -> dict[str, Any] | None:
        return next((h for h in ctx.data["habits"] if h["id"] == habit_id), None)

    def _show_dialog(self, ctx: AppContext, dialog: dict[str, Any]) -> None:
        """Dialog.dismissCurrentAndShow: dismiss ``currentDialog`` (a leaked one throws), then
        show this one and remember it."""
        if ctx.data["current_dialog"] == "leaked":
            ctx.data["current_dialog"] = None  # the crash kills the process and its statics
            activity = "ListHabitsActivity" if ctx.activity == LIST else "EditHabitActivity"
            raise JavaException(
                ILLEGAL_ARGUMENT,
                f"View=DecorView@5f2c1a8[{activity}] not attached to window manager",
                self.leak_frames + CALLER_FRAMES[dialog["kind"]] + COMMON_FRAMES,
            )
        ctx.data["current_dialog"] = "attached"
        ctx.ui["dialog"] = dialog

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        if ctx.data["current_dialog"] == "attached":
            ctx.data["current_dialog"] = None  # dismissed: a later dismiss() does nothing

    # -- list --------------------------------------------------------------------------------
    def _visible_habits(self, ctx: AppContext) -> list[dict[str, Any]]:
        habits = ctx.data["habits"]
        if ctx.data["hide_archived"]:
            habits = [h for h in habits if not h["archived"]]
        if ctx.data["hide_completed"]:
            habits = [h for h in habits if h["entries"].get("0", NO) != YES_MANUAL]
        return habits

    @staticmethod
    def _button_count(ctx: AppContext) -> int:
        """ListHabitsRootView.getCheckmarkCount, of the root view's width (in landscape the
        navigation bar takes the screen's right 126 px)."""
        width = ctx.screen_size[0] - (NAV_BAR if ctx.orientation == "landscape" else 0)
        label = max(width / 3, NAME_WIDTH)
        return max(0, min(60, int((width - label) / BUTTON_WIDTH)))

    def _on_day(self, ctx: AppContext, habit_id: int, day: int) -> None:
        """A day button's click (short toggle off): ListHabitsBehavior.onEdit."""
        habit = self._habit(ctx, habit_id)
        if habit is None:
            return
        kind = "number" if habit["type"] == "NUMERICAL" else "check"
        value = habit["entries"].get(str(day), UNKNOWN if kind == "check" else 0)
        self._show_dialog(
            ctx,
            {
                "kind": kind,
                "habit": habit_id,
                "day": day,
                "notes": habit["notes_by_day"].get(str(day), ""),
                "value": _number(value) if kind == "number" else "",
            },
        )

    def _toggle_day(self, ctx: AppContext, habit_id: int, day: int) -> None:
        """A day button's long click: Entry.nextToggleValue (no skips, no question marks)."""
        habit = self._habit(ctx, habit_id)
        if habit is None:
            return
        if habit["type"] == "NUMERICAL":
            self._on_day(ctx, habit_id, day)
            return
        current = habit["entries"].get(str(day), NO)
        habit["entries"][str(day)] = NO if current == YES_MANUAL else YES_MANUAL

    def _pick(self, ctx: AppContext, value: int) -> None:
        """CheckmarkPopup: a value button saves the value and the notes, then dismisses."""
        dialog = ctx.ui["dialog"]
        habit = self._habit(ctx, dialog["habit"])
        if habit is not None:
            habit["entries"][str(dialog["day"])] = value
            habit["notes_by_day"][str(dialog["day"])] = dialog["notes"].strip()
        self._close_dialog(ctx)

    def _save_number(self, ctx: AppContext) -> None:
        dialog = ctx.ui["dialog"]
        habit = self._habit(ctx, dialog["habit"])
        if habit is not None:
            try:
                value = float(dialog["value"])
            except ValueError:
                value = float(habit["entries"].get(str(dialog["day"]), 0))
            habit["entries"][str(dialog["day"])] = value
            habit["notes_by_day"][str(dialog["day"])] = dialog["notes"]
        self._close_dialog(ctx)

    def _dialog_text(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui["dialog"][key] = text

    def _on_card(self, ctx: AppContext, habit_id: int) -> None:
        selected = ctx.ui["selected"]
        if selected:
            self._on_card_long(ctx, habit_id)
            return
        ctx.start_activity(SHOW, {"habit_id": habit_id})

    def _on_card_long(self, ctx: AppContext, habit_id: int) -> None:
        selected = ctx.ui["selected"]
        w.toggle(selected, habit_id)

    def _selection_item(self, ctx: AppContext, item: str) -> None:
        ui = ctx.ui
        ui["menu"] = None
        if item == "Edit" and ui["selected"]:
            habit_id = ui["selected"][0]
            ui["selected"] = []
            ctx.start_activity(EDIT, {"habit_id": habit_id})
        elif item == "Archive":
            for habit_id in ui["selected"]:
                habit = self._habit(ctx, habit_id)
                if habit is not None:
                    habit["archived"] = True
            ui["selected"] = []
        elif item == "Delete":
            self._show_dialog(ctx, {"kind": "delete", "count": len(ui["selected"])})

    def _delete_selected(self, ctx: AppContext) -> None:
        selected = set(ctx.ui["selected"])
        ctx.data["habits"] = [h for h in ctx.data["habits"] if h["id"] not in selected]
        ctx.ui["selected"] = []
        self._close_dialog(ctx)
        ctx.toast("Habit deleted" if len(selected) == 1 else "Habits deleted")

    def _create(self, ctx: AppContext, kind: str) -> None:
        """HabitTypeDialog: a type starts EditHabitActivity and dismisses the dialog."""
        ctx.ui["dialog"] = None
        ctx.start_activity(EDIT, {"type": kind})

    def _toggle_pref(self, ctx: AppContext, key: str) -> None:
        ctx.data[key] = not ctx.data[key]
        ctx.ui["menu"] = None

    # -- edit --------------------------------------------------------------------------------
    def _field(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui[key] = text
        ctx.ui["errors"].pop(key, None)

    def _save_habit(self, ctx: AppContext) -> None:
        """EditHabitActivity: validate(), then save() and finish()."""
        ui = ctx.ui
        errors = {}
        if not ui["name"]:
            errors["name"] = "Cannot be blank"
        if ui["type"] == "NUMERICAL" and not ui["target"]:
            errors["target"] = "Cannot be blank"
        if errors:
            ui["errors"] = errors
            return
        values = {
            "name": ui["name"].strip(),
            "question": ui["question"].strip(),
            "notes": ui["notes"].strip(),
            "type": ui["type"],
        }
        if ui["type"] == "NUMERICAL":
            try:
                target = float(ui["target"])
            except ValueError:
                target = 0.0  # the field takes digits only
            values.update(target=target, target_type=ui["target_type"], unit=ui["unit"].strip())
        habit = self._habit(ctx, ui["habit_id"])
        if habit is not None:
            habit.update(values)
        else:
            data = ctx.data
            new = {
                "id": data["next_id"],
                "unit": "",
                "target": 0.0,
                "target_type": "AT_LEAST",
                "archived": False,
                "entries": {},
                "notes_by_day": {},
            }
            new.update(values)
            data["habits"].append(new)
            data["next_id"] += 1
            ctx.toast("Habit created")
        ctx.finish()

    def _pick_target_type(self, ctx: AppContext, index: int) -> None:
        ctx.ui["target_type"] = "AT_LEAST" if index == 0 else "AT_MOST"
        self._close_dialog(ctx)

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._render_intro(ctx)
        if ctx.activity == EDIT:
            return self._render_edit(ctx)
        if ctx.activity == SHOW:
            return self._render_show(ctx)
        return self._render_list(ctx)

    def _render_show(self, ctx: AppContext) -> Screen:
        """ShowHabitActivity: the toolbar and the subtitle card (``show_habit_subtitle.xml``);
        its row's TextViews wrap their text, so a long target text pushes the frequency and
        the reminder past the screen's edge (2.2.0 has no maxEms on ``targetText``)."""
        habit = self._habit(ctx, ctx.extras.get("habit_id"))
        title = "" if habit is None else habit["name"]
        bar = w.toolbar(title, navigation=w.up_button())
        children: list[View] = [bar]
        if habit is not None:
            numeric = habit["type"] == "NUMERICAL"
            if habit["question"]:
                children.append(w.text_view(habit["question"], "questionLabel", height=100))
            row: list[View] = []
            if numeric:
                arrow = "\uf0aa" if habit["target_type"] == "AT_LEAST" else "\uf0ab"
                target = f"{_number(habit['target'])} {habit['unit']}"
                row += [_wrapped(arrow, "targetIcon"), _wrapped(target, "targetText", 53)]
            frequency = "Every week" if numeric else "Every day"
            row += [
                _wrapped("\uf073", "frequencyIcon"),
                _wrapped(frequency, "frequencyLabel", 53),
                _wrapped("\uf0f3", "reminderIcon"),
                _wrapped("Off", "reminderLabel", 11),
            ]
            children.append(w.linear_layout(row, horizontal=True, height=80))
        content = w.linear_layout(children)
        return Screen(content=content)

    def _render_intro(self, ctx: AppContext) -> Screen:
        slide = ctx.ui["slide"]

        def advance(c: AppContext) -> None:
            c.ui["slide"] += 1

        root = w.app_intro(SLIDES, slide, advance, w.finish)
        return Screen(content=root)

    def _card(self, ctx: AppContext, habit: dict[str, Any], count: int) -> View:
        buttons = []
        for i in range(count):
            day = count - 1 - i  # the rightmost button is today (day 0)
            buttons.append(
                View(
                    cls="android.view.View",
                    width=BUTTON_WIDTH,
                    height=BUTTON_WIDTH,
                    on_click=w.bind(self._on_day, habit["id"], day),
                    on_long_click=w.bind(self._toggle_day, habit["id"], day),
                )
            )
        panel = w.linear_layout(
            buttons, horizontal=True, width=count * BUTTON_WIDTH, height=BUTTON_WIDTH
        )
        inner = w.linear_layout(
            [
                View(cls="android.view.View", width=60, height=BUTTON_WIDTH),
                w.text_view(habit["name"], height=BUTTON_WIDTH),
                panel,
            ],
            horizontal=True,
            height=BUTTON_WIDTH,
        )
        return w.frame_layout(
            [inner],
            height=BUTTON_WIDTH,
            weight=0,
            checkable=False,
            selected=habit["id"] in ctx.ui["selected"],
            on_click=w.bind(self._on_card, habit["id"]),
            on_long_click=w.bind(self._on_card_long, habit["id"]),
        )

    def _render_list(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        if ui["selected"]:
            bar = w.toolbar(
                str(len(ui["selected"])),
                navigation=w.nav_button("Done", lambda c: c.ui.update(selected=[], menu=None)),
                actions=[
                    w.action_item(
                        "action_edit_habit", "Edit", w.bind(self._selection_item, "Edit")
                    ),
                    w.action_item("action_color", "Change color", lambda c: None),
                    w.overflow_button(lambda c: c.ui.update(menu="selection")),
                ],
            )
        else:
            bar = w.toolbar(
                "Habits",
                actions=[
                    w.action_item(
                        "actionCreateHabit",
                        "Add habit",
                        lambda c: self._show_type_dialog(c),
                    ),
                    w.action_item("action_filter", "Filter", lambda c: c.ui.update(menu="filter")),
                    w.overflow_button(lambda c: c.ui.update(menu="overflow")),
                ],
            )
        habits = self._visible_habits(ctx)
        count = self._button_count(ctx)
        header = View(cls="android.view.View", height=BUTTON_WIDTH, weight=0)
        if habits:
            body = View(
                cls="androidx.recyclerview.widget.RecyclerView",
                scrollable=True,
                children=[self._card(ctx, h, count) for h in habits],
            )
        else:
            body = w.linear_layout(
                [
                    w.text_view("\uf5ca", height=200),
                    w.text_view("You have no active habits", height=120),
                ]
            )
        root = w.frame_layout([w.relative_layout([bar, header, body])])
        return Screen(content=root, windows=self._list_windows(ctx))

    def _show_type_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "type"}  # HabitTypeDialog.show(): a DialogFragment

    def _list_windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        close_menu = w.bind(lambda c: c.ui.update(menu=None))
        if ui["menu"] == "filter":
            return [
                w.menu_window(
                    [
                        ("Hide archived", w.bind(self._toggle_pref, "hide_archived")),
                        ("Hide completed", w.bind(self._toggle_pref, "hide_completed")),
                        ("Sort", w.bind(lambda c: c.ui.update(menu="sort"))),
                    ],
                    close_menu,
                )
            ]
        if ui["menu"] == "sort":
            titles = ("Manually", "By name", "By color", "By score", "By status")
            return [w.menu_window([(t, close_menu) for t in titles], close_menu)]
        if ui["menu"] == "overflow":
            extras = ("Dark theme", "Settings", "Help & FAQ", "About")
            return [w.menu_window([(t, close_menu) for t in extras], close_menu)]
        if ui["menu"] == "selection":
            items = [
                (t, w.bind(self._selection_item, t)) for t in ("Archive", "Delete", "Reminder")
            ]
            return [w.menu_window(items, close_menu)]
        dialog = ui["dialog"]
        if dialog is None:
            return []
        close = self._close_dialog
        if dialog["kind"] == "type":
            rows = [
                w.linear_layout(
                    [w.text_view(title, height=90), w.text_view(example, height=140)],
                    rid=rid,
                    weight=0,
                    on_click=w.bind(self._create, kind),
                )
                for rid, kind, title, example in (
                    (
                        "buttonYesNo",
                        "YES_NO",
                        "Yes or No",
                        "e.g. Did you wake up early today? Did you exercise? Did you play chess?",
                    ),
                    (
                        "buttonMeasurable",
                        "NUMERICAL",
                        "Measurable",
                        "e.g. How many miles did you run today? How many pages did you read?",
                    ),
                )
            ]
            root = w.linear_layout(rows, rid="background", weight=0)
            return [Window(root=root, on_dismiss=lambda c: c.ui.update(dialog=None))]
        if dialog["kind"] == "delete":
            one = dialog["count"] == 1
            return [
                w.confirm_dialog(
                    "Delete habit?" if one else "Delete habits?",
                    f"The habit{'' if one else 's'} will be permanently deleted. This action "
                    "cannot be undone.",
                    ("Yes", self._delete_selected),
                    ("No", close),
                    close,
                )
            ]
        notes = w.edit_text(
            "notes",
            dialog["notes"],
            lambda c, t: self._dialog_text(c, "notes", t),
            hint="Notes",
            cls="android.widget.EditText",
        )
        if dialog["kind"] == "check":
            buttons = w.linear_layout(
                [
                    w.text_view(FA_CHECK, "yesBtn", on_click=w.bind(self._pick, YES_MANUAL)),
                    w.text_view(FA_TIMES, "noBtn", on_click=w.bind(self._pick, NO)),
                ],
                rid="booleanButtons",
                horizontal=True,
                height=147,
            )
        else:
            buttons = w.linear_layout(
                [
                    w.edit_text(
                        "value",
                        dialog["value"],
                        lambda c, t: self._dialog_text(c, "value", t),
                        cls="android.widget.EditText",
                    ),
                    w.text_view("Save", "saveBtn", on_click=self._save_number, width=250),
                ],
                rid="numberButtons",
                horizontal=True,
                height=147,
            )
        root = w.linear_layout([notes, buttons], rid="container", weight=0)
        return [Window(root=root, on_dismiss=close)]

    def _render_edit(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        numeric = ui["type"] == "NUMERICAL"
        title = "Create habit" if ui["habit_id"] is None else "Edit habit"
        save = w.button("buttonSave", "Save", self._save_habit, width=260)
        bar = w.toolbar(
            title,
            navigation=w.up_button(),
            actions=[save],
        )

        def box(label: str, field: View, rid: str = "") -> View:
            return w.frame_layout(
                [w.linear_layout([w.text_view(label, height=70), field], weight=0)],
                rid=rid,
                weight=0,
            )

        def field(key: str, rid: str, hint: str) -> View:
            return w.edit_text(rid, ui[key], bind_text(self._field, key), hint=hint, height=120)

        rows = [
            w.linear_layout(
                [
                    box(
                        "Name",
                        field("name", "nameInput", "e.g. Run" if numeric else "e.g. Exercise"),
                    ),
                    box(
                        "Color",
                        w.button("colorButton", "", lambda c: None, height=120),
                    ),
                ],
                horizontal=True,
                weight=0,
                height=210,
            ),
            box(
                "Question",
                field(
                    "question",
                    "questionInput",
                    "e.g. How many miles did you run today?"
                    if numeric
                    else "e.g. Did you exercise today?",
                ),
            ),
        ]
        if numeric:
            rows.append(box("Unit", field("unit", "unitInput", "e.g. miles"), "unitOuterBox"))
            rows.append(
                w.linear_layout(
                    [
                        box("Target", field("target", "targetInput", "e.g. 15")),
                        box(
                            "Frequency",
                            w.text_view(
                                "Every week", "numericalFrequencyPicker", on_click=lambda c: None
                            ),
                        ),
                    ],
                    rid="targetOuterBox",
                    horizontal=True,
                    weight=0,
                    height=210,
                )
            )
            target_type = "At least" if ui["target_type"] == "AT_LEAST" else "At most"
            rows.append(
                box(
                    "Target Type",
                    w.text_view(
                        target_type,
                        "targetTypePicker",
                        on_click=lambda c: self._show_dialog(c, {"kind": "target_type"}),
                    ),
                    "targetTypeOuterBox",
                )
            )
        else:
            rows.append(
                box(
                    "Frequency",
                    w.text_view("Every day", "boolean_frequency_picker", on_click=lambda c: None),
                    "frequencyOuterBox",
                )
            )
        rows.append(
            box("Reminder", w.text_view("Off", "reminderTimePicker", on_click=lambda c: None))
        )
        rows.append(box("Notes", field("notes", "notesInput", "(Optional)")))
        scroll = w.scroll_view([w.linear_layout(rows, weight=0)], scrollable=True)
        windows = []
        for error in dict.fromkeys(ui["errors"].values()):
            # TextView.setError: the error's popup (a PopupWindow under the field)
            popup = w.text_view(error, height=100, width=400)
            windows.append(Window(root=popup, kind="menu", modal=False))
            break
        if ui["dialog"] is not None and ui["dialog"]["kind"] == "target_type":
            listing = View(
                cls="android.widget.ListView",
                resource_id="android:id/select_dialog_listview",
                weight=0,
                children=[
                    w.text_view(
                        t,
                        "android:id/text1",
                        on_click=w.bind(self._pick_target_type, i),
                        height=147,
                    )
                    for i, t in enumerate(("At least", "At most"))
                ],
            )
            windows.append(
                w.alert_dialog(
                    View(cls="android.view.View", height=0), [listing], [], self._close_dialog
                )
            )
        root = w.linear_layout([bar, scroll])
        return Screen(content=root, windows=windows)


def _wrapped(text: str, rid: str, margins: int = 0) -> View:
    """A wrap_content TextView of the subtitle row (14 sp text, this model's 0.55 em per
    character), with its start and end margins in px."""
    width = round(len(text) * CHAR_EM * 14 * DP) + margins
    return w.text_view(text, rid, width=width, height=80)


def bind_text(fn: Any, key: str) -> Any:
    """An ``on_text`` handler calling ``fn(ctx, key, text)``."""

    def handler(ctx: AppContext, text: str) -> None:
        fn(ctx, key, text)

    return handler


def _number(value: Any) -> str:
    """The popup's and the editor's number format (DecimalFormat("#.##"))."""
    number = float(value)
    return str(int(number)) if number == int(number) else f"{number:.2f}".rstrip("0")


class UHabits220(UHabits211):
    """Loop Habit Tracker 2.2.0: the habit list dismisses the current dialog in onPause
    (uhabits#1545 fixed there; the editor still leaks its target type list on rotation); units
    are drawn untrimmed (uhabits#2112)."""

    version: ClassVar[str] = "2.2.0"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_2112,)
    dismiss_on_pause: ClassVar[tuple[str, ...]] = (LIST, SHOW)
    leak_frames: ClassVar[list[str]] = [
        *LEAK_FRAMES[:5],
        "org.isoron.uhabits.utils.DialogUtilsKt.dismissCurrentDialog(DialogUtils.kt:11)",
        "org.isoron.uhabits.utils.DialogUtilsKt.dismissCurrentAndShow(DialogUtils.kt:24)",
    ]
