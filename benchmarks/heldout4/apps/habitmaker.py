"""Habit-Maker (``com.dessalines.habitmaker``, dessalines/habit-maker) 0.0.28, for habit-maker#180.

A habit tracker: habits grouped by frequency, each with its streak, points and score, a detail
pane with its history, reminders and encouragements.

Modelled from the sources at commit ``2058152`` ("Upping version.", 13 May 2025:
``versionName = "0.0.28"``, ``versionCode = 28``; the report says it is on ``main``, filed the
next day, before the fix): ``MainActivity.kt`` (the NavHost: ``habits?id={id}``,
``createHabit``, ``editHabit/{id}``, ``settings``...), ``db/Habit.kt`` (``HabitDao``),
``ui/components/habit/habitanddetails/HabitsAndDetailScreen.kt``, ``HabitsPane.kt``,
``HabitDetailPane.kt``, ``ui/components/habit/CreateHabitScreen.kt``, ``HabitForm.kt``,
``HabitReminderForm.kt``, ``EncouragementsForm.kt``, ``ui/components/common/Dialogs.kt``
(``AreYouSureDialog``, ``ShowChangelog``), ``AppBars.kt``, ``Other.kt`` (the chips),
``utils/Types.kt``, ``RELEASES.md`` and ``res/values/strings.xml``; and the fix, commit
``4bec8cb`` ("Fixing delete crash. Fixes #180"), which makes ``getById`` return
``Flow<Habit?>`` and ``getByIdSync`` ``Habit?``.

Compose draws every screen (no resource ids; icon buttons carry their icons' descriptions). A
fresh install shows the changelog dialog (``lastVersionCodeViewed`` 0: the donation text and
the 0.0.28 release notes, "Done"). Habits: the app bar "Habits" with "Settings" and "Show
completed" (hide completed off), "No habits" or the habits under their frequency's title
("Daily"...), each row the name and its chips ("0 day streak", "0 points", "0% complete",
"0 days completed") and a check button without description; the FAB "Create habit". Create
habit ("Go back"): the "Title" field, the frequency dropdown ("Daily", "Weekly", "Monthly",
"Yearly"; "How many times" for the others), "When and where? (optional)", "Notes (optional)",
the "Archived" switch, the reminders dropdown ("No reminders"...), "What are encouragements?",
"Add encouragement", and the FAB "Save" (an empty title is refused; an existing one toasts
"Habit already exists"), which inserts the habit and navigates to ``habits?id=<new id>``.
Tapping a habit shows its detail pane (phone layout: one pane): "Go back", the name, "More
actions" (a menu: "Edit habit", "Delete"), "Overview" with its frequency and chips, "History",
and its notes. "Delete" asks "Delete" / "Are you sure?" with "Cancel" and "Yes".

The bug (habit-maker#180, crash): "Yes" launches ``deleteRemindersForHabit``,
``habitViewModel.delete(habit)`` and ``navigator.navigateBack()``; the detail pane, still
composed, observes ``habitViewModel.getById(habitId)`` (``HabitDao.getById(id): Flow<Habit>``).
The DELETE invalidates the Habit table, Room re-runs the query and finds no row, and Room
2.7.1's generated Kotlin DAO (KSP) for a non-null return type throws
``java.lang.IllegalStateException: The query result was empty, but expected a single row to
return a NON-NULL object of type <com.dessalines.habitmaker.db.Habit>.`` in the flow that the
pane's LiveData collects on the main thread: the app crashes; the row is already deleted. The
report has no trace: the frames are the model's (the generated DAO's and Room's lines
approximate).

Stubbed: the clock (checks are "today"); a habit row's check button marks it completed today
(the stats, the congratulation snackbar and reminder scheduling are not modelled); the history
calendar is not drawn; reminders and encouragements entered on the create screen are not
stored ("Add encouragement" and "What are encouragements?", a browser link, do nothing); Edit
habit and Settings are title-only screens with "Go back".
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import crashed
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.dessalines.habitmaker"
MAIN = ".MainActivity"
VERSION_CODE = 28
COMPOSE = "androidx.compose.ui.platform.ComposeView"
VIEW = "android.view.View"
BUTTON = "android.widget.Button"
EDIT = "android.widget.EditText"
FREQUENCIES = ("Daily", "Weekly", "Monthly", "Yearly")
DAYS_IN = (1, 7, 30, 365)  # HabitFrequency.toDays
STREAK = ("day", "week", "month", "year")
REMINDERS = ("No reminders", "Remind me every day", "Remind me on specific days")
CHANGELOG = (
    "Support Habit-Maker",
    "Habit-Maker is free, open-source software, meaning no spying, keylogging, or advertising, "
    "ever.",
    "No one likes recurring donations, but they've proven to be the only way open-source "
    "software like Habit-Maker can stay alive. If you find yourself using Habit-Maker every "
    "day, please consider donating:",
    "Support on Liberapay.",
    "Support on Patreon.",
    "What's Changed in 0.0.28",
    "Try to fix habit schedules on startup. #176 by @dessalines in #178",
)

ISE = "java.lang.IllegalStateException"
EMPTY = (
    "The query result was empty, but expected a single row to return a NON-NULL object of "
    "type <com.dessalines.habitmaker.db.Habit>."
)
DB = "com.dessalines.habitmaker.db"
FLOW_FRAMES = [
    f"{DB}.HabitDao_Impl.getById$lambda$3(HabitDao_Impl.kt:262)",
    f"{DB}.HabitDao_Impl$$ExternalSyntheticLambda5.invoke(D8$$SyntheticClass:0)",
    "androidx.room.util.DBUtil__DBUtil_androidKt$performSuspending$lambda$1$$inlined$"
    "internalPerform$1.invokeSuspend(DBUtil.kt:68)",
    "androidx.room.coroutines.ConnectionPoolImpl$useConnection$4.invokeSuspend("
    "ConnectionPoolImpl.kt:144)",
    "kotlinx.coroutines.BuildersKt.withContext(Unknown Source:1)",
    "androidx.room.coroutines.FlowUtil$createFlow$1$1.invokeSuspend(FlowUtil.kt:55)",
    "kotlin.coroutines.jvm.internal.BaseContinuationImpl.resumeWith(ContinuationImpl.kt:33)",
    "kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:101)",
    "androidx.room.TransactionExecutor.execute$lambda$1$lambda$0(TransactionExecutor.kt:36)",
    "java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1145)",
    "java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:644)",
    "java.lang.Thread.run(Thread.java:1012)",
]


def delete_crashed(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of habit-maker#180: the detail pane's ``getById`` flow found the deleted
    habit missing and Room threw."""
    return crashed(system, PACKAGE, ISE, "NON-NULL object", "habitmaker.db.Habit")


# -- steps -------------------------------------------------------------------------------------
def _click(text: str = "", desc: str = "", cls: str = "") -> dict[str, Any]:
    target = {"resource_id": "", "text": text, "content_desc": desc, "class_name": cls}
    return {"kind": "click", "target": target}


DONE = _click("Done", cls=BUTTON)
CREATE = _click(desc="Create habit", cls=BUTTON)
TYPE_TITLE = {
    "kind": "input_text",
    "target": {"resource_id": "", "text": "Title", "content_desc": "", "class_name": EDIT},
    "text": "Read",
}
SAVE = _click(desc="Save", cls=BUTTON)
OPEN = _click("Read", cls=VIEW)
MORE = _click(desc="More actions", cls=BUTTON)
DELETE = _click("Delete", cls=VIEW)
ADD_AND_OPEN = [DONE, CREATE, TYPE_TITLE, SAVE, OPEN]

BUG_180 = BugSpec(
    "habit-maker#180",
    "crash",
    "Crash on deleting a habit",
    delete_crashed,
    human_steps=(*ADD_AND_OPEN, MORE, DELETE, _click("Yes", cls=BUTTON)),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "habit-maker#180": [
        # The confirmation is cancelled.
        [*ADD_AND_OPEN, MORE, DELETE, _click("Cancel", cls=BUTTON)],
        # "Edit habit" instead of "Delete", then back twice.
        [*ADD_AND_OPEN, MORE, _click("Edit habit", cls=VIEW), _click(desc="Go back", cls=BUTTON)],
        # The habit is opened and left.
        [*ADD_AND_OPEN, _click(desc="Go back", cls=BUTTON)],
        # The create screen is left without saving.
        [DONE, CREATE, TYPE_TITLE, _click(desc="Go back", cls=BUTTON)],
    ],
}


class HabitMaker(VirtualApp):
    """Habit-Maker 0.0.28 (see the module docstring)."""

    name: ClassVar[str] = "habit-maker"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Habit-Maker"
    version: ClassVar[str] = "0.0.28"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_180,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "habits": [],  # Habit rows: id, name, frequency, times, context, notes, archived, done
            "next_id": 1,
            "last_version_code_viewed": 0,
            "hide_completed": False,
        }

    # -- navigation (the NavHost back stack and the list/detail navigator) ---------------------
    def on_create(self, ctx: AppContext) -> None:
        ctx.ui.setdefault("stack", [{"route": "habits", "selected": None, "detail": False}])
        ctx.ui.setdefault("dialog", None)  # "delete" | "menu" | "frequency" | "reminders"
        ctx.ui.setdefault("changelog", ctx.data["last_version_code_viewed"] != VERSION_CODE)

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        # The back stack, the navigator and the rememberSaveable form survive; the remembered
        # menu and dialogs do not, nor the soft keyboard.
        for entry in ctx.ui["stack"]:
            entry.pop("ime", None)
        return {**ctx.ui, "dialog": None}

    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["stack"][-1]

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.ui["changelog"]:
            self._close_changelog(ctx)
            return True
        if w.dismiss(ctx.ui, "dialog", None):
            return True
        top = self._top(ctx)
        if top["route"] == "habits" and top["detail"]:
            top["detail"] = False  # BackHandler: navigator.navigateBack()
            return True
        if len(ctx.ui["stack"]) > 1:
            self._up(ctx)
            return True
        return False

    def _up(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["stack"].pop()

    def _push(self, ctx: AppContext, route: str, **extra: Any) -> None:
        ctx.ui["dialog"] = None
        ctx.ui["stack"].append({"route": route, **extra})

    def _close_changelog(self, ctx: AppContext) -> None:
        ctx.ui["changelog"] = False
        ctx.data["last_version_code_viewed"] = VERSION_CODE

    def _set_dialog(self, ctx: AppContext, dialog: str | None) -> None:
        ctx.ui["dialog"] = dialog

    # -- habits --------------------------------------------------------------------------------
    def _habit(self, ctx: AppContext, habit_id: int) -> dict[str, Any] | None:
        return next((h for h in ctx.data["habits"] if h["id"] == habit_id), None)

    def _open_habit(self, ctx: AppContext, habit_id: int) -> None:
        top = self._top(ctx)
        top["selected"] = habit_id
        top["detail"] = True

    def _check(self, ctx: AppContext, habit_id: int) -> None:
        habit = self._habit(ctx, habit_id)
        if habit is not None:
            habit["done"] = not habit["done"]

    def _toggle_hide(self, ctx: AppContext) -> None:
        ctx.data["hide_completed"] = not ctx.data["hide_completed"]

    def _delete(self, ctx: AppContext) -> None:
        """``onDelete``: the habit's row is deleted while its detail pane still observes
        ``getById``; the re-run query finds nothing (the bug)."""
        top = self._top(ctx)
        ctx.ui["dialog"] = None
        ctx.data["habits"] = [h for h in ctx.data["habits"] if h["id"] != top["selected"]]
        raise JavaException(ISE, EMPTY, FLOW_FRAMES)

    # -- the create form -------------------------------------------------------------------------
    def _new_form(self, ctx: AppContext) -> None:
        self._push(
            ctx,
            "createHabit",
            name="",
            frequency=0,
            times="1",
            context="",
            notes="",
            archived=False,
            reminders=0,
        )

    def _field(self, ctx: AppContext, key: str, text: str) -> None:
        top = self._top(ctx)
        top[key] = text
        top["ime"] = True  # the soft keyboard is up: the FAB's imePadding lifts it

    def _choose_frequency(self, ctx: AppContext, index: int) -> None:
        top = self._top(ctx)
        top["frequency"] = index
        if index == 0:
            top["times"] = "1"
        ctx.ui["dialog"] = None

    def _choose_reminders(self, ctx: AppContext, index: int) -> None:
        self._top(ctx)["reminders"] = index
        ctx.ui["dialog"] = None

    def _noop(self, ctx: AppContext) -> None:
        """A stubbed control (see the module docstring)."""

    def _toggle_archived(self, ctx: AppContext) -> None:
        top = self._top(ctx)
        top["archived"] = not top["archived"]

    def _save(self, ctx: AppContext) -> None:
        form = self._top(ctx)
        times = int(form["times"]) if form["times"].isdigit() else 0
        if not form["name"] or not 1 <= times <= DAYS_IN[form["frequency"]]:
            return  # habitFormValid
        if any(h["name"] == form["name"] for h in ctx.data["habits"]):
            ctx.toast("Habit already exists")  # the insert is IGNOREd (-1)
            return
        habit_id = ctx.data["next_id"]
        ctx.data["next_id"] += 1
        ctx.data["habits"].append(
            {
                "id": habit_id,
                "name": form["name"],
                "frequency": form["frequency"],
                "times": times,
                "context": form["context"],
                "notes": form["notes"],
                "archived": form["archived"],
                "done": False,
            }
        )
        # navigate("habits?id=$id") { popUpTo("habits") }: a new habits entry, list pane shown
        ctx.ui["stack"] = [
            ctx.ui["stack"][0],
            {"route": "habits", "selected": habit_id, "detail": False},
        ]

    # -- rendering -----------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        top = self._top(ctx)
        windows: list[Window] = []
        if top["route"] == "createHabit":
            body = self._create_screen(ctx, top, windows)
        elif top["route"] == "habits" and top["detail"] and top["selected"] is not None:
            body = self._detail_pane(ctx, top, windows)
        elif top["route"] == "habits":
            body = self._habits_pane(ctx)
        else:
            title = "Edit habit" if top["route"] == "editHabit" else "Settings"
            body = View(cls=VIEW, children=[self._app_bar(title), View(cls=VIEW)])
        if ctx.ui["changelog"]:
            windows.append(self._changelog())
        return Screen(content=View(cls=COMPOSE, children=[body]), windows=windows)

    def _icon_button(self, desc: str, handler: Any, width: int = 147) -> View:
        return View(cls=BUTTON, content_desc=desc, on_click=handler, width=width, height=147)

    def _app_bar(self, title: str, actions: list[View] | None = None) -> View:
        return View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=168,
            children=[
                self._icon_button("Go back", self._up),
                w.text_view(title, height=168),
                *(actions or []),
            ],
        )

    def _fab(self, desc: str, handler: Any) -> View:
        return w.fab("", desc, handler, cls=BUTTON)

    def _chips(self, habit: dict[str, Any]) -> list[View]:
        # HabitChipsFlowRow; the stats (streak, points, score, completed) are not modelled.
        texts = [habit["context"]] if habit["context"].strip() else []
        texts += [
            f"0 {STREAK[habit['frequency']]} streak",
            "0 points",
            "0% complete",
            "0 days completed",
        ]
        return [w.text_view(t, height=90) for t in texts]

    def _habits_pane(self, ctx: AppContext) -> View:
        hide = ctx.data["hide_completed"]
        habits = ctx.data["habits"]
        shown = [h for h in habits if not (hide and h["done"])]
        rows: list[View] = []
        for index, title in enumerate(FREQUENCIES):
            group = [h for h in shown if h["frequency"] == index]
            if group:
                rows.append(w.text_view(title, height=120))
            for habit in group:
                rows.append(
                    View(
                        cls=VIEW,
                        layout=HORIZONTAL,
                        height=300,
                        children=[
                            View(
                                cls=VIEW,
                                text=habit["name"],
                                on_click=w.bind(self._open_habit, habit["id"]),
                                children=self._chips(habit),
                            ),
                            View(
                                cls=BUTTON,
                                on_click=w.bind(self._check, habit["id"]),
                                width=147,
                                height=147,
                            ),
                        ],
                    )
                )
        if not habits:
            rows.append(w.text_view("No habits"))
        elif not shown:
            rows.append(w.text_view("All completed for today!"))
        completed = sum(1 for h in habits if h["done"])
        if completed:
            rows.append(w.text_view(f"{completed} habits completed today"))
        hide_text = "Hide completed" if hide else "Show completed"
        bar = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=168,
            children=[
                self._icon_button("Settings", lambda c: self._push(c, "settings")),
                w.text_view("Habits", height=168),
                self._icon_button(hide_text, self._toggle_hide),
            ],
        )
        body = View(
            cls=VIEW,
            layout=FRAME,
            children=[
                View(cls=VIEW, children=[*rows, View(cls=VIEW)]),
                self._fab("Create habit", self._new_form),
            ],
        )
        return View(cls=VIEW, children=[bar, body])

    def _detail_pane(self, ctx: AppContext, top: dict[str, Any], windows: list[Window]) -> View:
        habit = self._habit(ctx, top["selected"])
        if habit is None:  # habit?.let: nothing drawn
            return View(cls=VIEW)
        times = habit["times"]
        freq = FREQUENCIES[habit["frequency"]]
        kind = f"{times} times per {STREAK[habit['frequency']]}" if times > 1 else freq
        rows = [
            w.text_view("Overview", height=130),
            w.text_view(kind, height=90),
            *self._chips(habit),
            w.text_view("History", height=130),
        ]
        if habit["notes"].strip():
            rows += [w.text_view("Notes", height=130), w.text_view(habit["notes"])]
        bar = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=168,
            children=[
                self._icon_button("Go back", self._detail_back),
                w.text_view(habit["name"], height=168),
                self._icon_button("More actions", lambda c: self._set_dialog(c, "menu")),
            ],
        )
        dialog = ctx.ui["dialog"]
        if dialog == "menu":
            items = [
                ("Edit habit", lambda c: self._push(c, "editHabit")),
                ("Delete", lambda c: self._set_dialog(c, "delete")),
            ]
            windows.append(self._menu(items, lambda c: self._set_dialog(c, None)))
        elif dialog == "delete":
            windows.append(self._are_you_sure())
        return View(cls=VIEW, children=[bar, View(cls=VIEW, children=[*rows, View(cls=VIEW)])])

    def _detail_back(self, ctx: AppContext) -> None:
        self._top(ctx)["detail"] = False

    def _menu(
        self,
        items: list[tuple[str, Any]],
        on_dismiss: Any,
        bounds: tuple[int, int, int, int] = (580, 63, 1060, 357),
    ) -> Window:
        # A DropdownMenu: its items are clickable rows (Views) holding their titles.
        root = View(
            cls=VIEW,
            weight=0,
            children=[
                View(cls=VIEW, text=title, on_click=handler, height=147) for title, handler in items
            ],
        )
        return Window(root=root, kind="menu", on_dismiss=on_dismiss, bounds=bounds)

    def _are_you_sure(self) -> Window:
        close = w.bind(self._set_dialog, None)
        buttons = View(
            cls=VIEW,
            layout=HORIZONTAL,
            height=140,
            children=[
                View(cls=VIEW),
                w.button("", "Cancel", close, width=250),
                w.button("", "Yes", self._delete, width=200),
            ],
        )
        root = View(
            cls=VIEW,
            weight=0,
            children=[
                w.image_view(desc="Are you sure?", height=100),
                w.text_view("Delete", height=130),
                w.text_view("Are you sure?", height=110),
                buttons,
            ],
        )
        return Window(root=root, on_dismiss=close)

    def _changelog(self) -> Window:
        texts = [w.text_view(line, height=150) for line in CHANGELOG]
        root = View(
            cls=VIEW,
            weight=0,
            children=[*texts, w.button("", "Done", self._close_changelog, height=140)],
        )
        return Window(root=root, on_dismiss=self._close_changelog)

    def _dropdown(self, value: str, handler: Any) -> View:
        return View(cls=VIEW, on_click=handler, height=168, children=[w.text_view(value)])

    def _create_screen(self, ctx: AppContext, form: dict[str, Any], windows: list[Window]) -> View:
        fields: list[View] = [
            w.edit_text("", form["name"], lambda c, t: self._field(c, "name", t), hint="Title"),
            self._dropdown(
                FREQUENCIES[form["frequency"]], lambda c: self._set_dialog(c, "frequency")
            ),
        ]
        if form["frequency"] != 0:
            fields.append(
                w.edit_text(
                    "",
                    form["times"],
                    lambda c, t: self._field(c, "times", t),
                    hint="How many times",
                )
            )
        fields += [
            w.edit_text(
                "",
                form["context"],
                lambda c, t: self._field(c, "context", t),
                hint="When and where? (optional)",
            ),
            w.edit_text(
                "", form["notes"], lambda c, t: self._field(c, "notes", t), hint="Notes (optional)"
            ),
            View(
                cls=VIEW,
                layout=HORIZONTAL,
                height=168,
                on_click=self._toggle_archived,
                children=[
                    w.text_view("Archived", height=168),
                    View(
                        cls="android.widget.Switch",
                        checkable=True,
                        checked=form["archived"],
                        width=180,
                        height=120,
                    ),
                ],
            ),
            self._dropdown(
                REMINDERS[form["reminders"]], lambda c: self._set_dialog(c, "reminders")
            ),
            w.button("", "What are encouragements?", self._noop, height=130),
            w.button("", "Add encouragement", self._noop, height=130),
        ]
        dialog = ctx.ui["dialog"]
        close = w.bind(self._set_dialog, None)
        if dialog == "frequency":
            items = [(f, w.bind(self._choose_frequency, i)) for i, f in enumerate(FREQUENCIES)]
            windows.append(self._menu(items, close, (30, 549, 1050, 549 + 147 * len(items))))
        elif dialog == "reminders":
            items = [(r, w.bind(self._choose_reminders, i)) for i, r in enumerate(REMINDERS)]
            top = 1185 + (150 if form["frequency"] != 0 else 0)
            windows.append(self._menu(items, close, (30, top, 1050, top + 147 * len(items))))
        body = View(
            cls=VIEW,
            layout=FRAME,
            children=[
                View(cls=VIEW, children=[*fields, View(cls=VIEW)]),
                self._fab("Save", self._save),
            ],
        )
        # Modifier.imePadding(): while typing, the FAB sits above the soft keyboard (760 px).
        ime = [View(cls=VIEW, height=760)] if form.get("ime") else []
        return View(cls=VIEW, children=[self._app_bar("Create habit"), body, *ime])
