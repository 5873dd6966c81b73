"""Fast N Fitness (``com.easyfitness``) 0.19.0, for fastnfitness#142 ("Crash after deleting a
program that is in progress"), and 0.20.6, for fastnfitness#293 ("Quotation marks in exercise
crash app").

Modelled from the sources at tag ``0.19.0`` (under ``app/src/main``: ``AndroidManifest.xml``,
``MainActivity.java`` (the drawer, ``showFragment``, ``onBackPressed``, the intro's result),
``intro/MainIntroActivity.java``, ``intro/NewProfileFragment.java``,
``fonte/FontesPagerFragment.java``, ``programs/ProgramRunnerFragment.java``,
``programs/ProgramListFragment.java``, ``programs/ProgramPagerFragment.java``,
``programs/ProgramInfoFragment.java``, the layouts ``activity_main.xml``,
``custom_drawer_item.xml``, ``introfragment_newprofile.xml``, ``pager.xml``,
``tab_program_runner.xml``, ``tab_program_list.xml``, ``program_row.xml``, ``program_pager.xml``,
``tab_program_details.xml``, the menu ``main_activity_actions.xml`` and ``res/values/
strings.xml``) and the fix (commit ``c1ff67a``):

- first start: ``MainActivity`` opens the material-intro ``MainIntroActivity``: four slides
  (``mi_title``, ``mi_description``) and the "Create a profile" slide (``profileName``, the
  gender radio buttons, ``profileBirthday``, ``profileSize``, ``create_newprofil``); the pager's
  buttons ``mi_button_back`` and ``mi_button_next`` (image buttons without a description). Next
  on the profile slide presses Create; a created profile shows the SweetAlert success dialog
  (its name, "Profile created", OK), whose OK finishes the intro;
- ``MainActivity``: the toolbar ``actionToolbar`` ("Open navigation drawer", the title,
  Chronometer, the profile menu and the overflow, stubs), the drawer ``left_drawer`` (the profile
  name, Workout, Exercises, Programs List, Weight Track, Body Track, Settings, About;
  ``drawer_itemName``) and the ``fragment_container``. Drawer entries push their page on the
  back stack; Back pops it, and at the root asks "Click BACK again to exit";
- Workout (``FontesPagerFragment``): the SmartTabLayout ``viewpagertab`` (Free workout, Program,
  Graphs, History) over ``pager``; the Program page (``ProgramRunnerFragment``): the spinner
  ``programSpinner``, New (``newProgram``, the "Enter program name" dialog) and Edit
  (``editProgram``), Start program / Finish program (``startStopProgram``), the title
  ``programListTitle`` and the empty text ``listProgramEmpty``. The other pages are stubs;
- Programs List: "New program" (``newWorkout``), the filter ``searchField`` and the rows
  (``LIST_WORKOUT_NAME``, ``LIST_WORKOUT_DESCRIPTION``) opening the program;
- a program (``ProgramPagerFragment``): its toolbar (back, ``deleteButton``: "Do you want to
  delete this program?", Yes/No) and the tabs Info (``workout_name``,
  ``workout_description``) and Editor (a stub: the program's exercises are not modelled, the
  crash needs none).

The world: a fresh install (no profile, no program).

The bug (fastnfitness#142): deleting a program removes it and its template records but leaves
its running ProgramHistory. Every time the Workout page comes back (the Program page is
created beside the Free workout page and refreshes in ``onResume``),
``ProgramRunnerFragment.refreshData`` looks for the running program in the spinner's adapter
with ``i <= getCount()`` and, not finding it, reads one item past the end:
``java.lang.IndexOutOfBoundsException``. The app stays in this crash loop at every start. Start
with no program selected (or Edit) throws a ``NullPointerException`` (the spinner's selection is
null), as the sources do.

0.20.6 (:class:`FastNFitness0206`), modelled from the sources at tag ``0.20.6`` (the same intro
with its new texts and a profile form without the size, the drawer with "Progess Images",
``machines/MachineFragment.java``, ``machines/ExerciseDetailsPager.java``,
``machines/MachineDetailsFragment.java``, ``views/EditableInputView.java``,
``fonte/FonteHistoryFragment.java``, ``DAO/record/DAORecord.java``, ``DAO/DAOMachine.java``, the
layouts ``tab_machine.xml``, ``exercise_list_row.xml``, ``exercise_pager.xml``,
``exercise_details.xml``, ``editableinput_view.xml``, ``tab_history.xml``) and the fix (commit
``6d9ecbb``): #142 is fixed there, and its Workout pages and program screens, which changed, are
stubs. Exercises: "Add new Exercise" (``addExercise``) asks "Exercise type?" (Cardio, Isometric,
Strength) and opens the new, nameless exercise (``ExerciseDetailsPager``: the toolbar
``actionToolbarMachine`` with ``favButton`` and ``deleteButton``, the tabs Exercise and History
of ``exercise_pagertab``); its name (``machine_name``: ``valueTextView`` "Default exercise",
``editButton``) opens a "Name" dialog whose OK saves the exercise under the new name. The list
``listMachine`` shows ``LIST_MACHINE_NAME``; a row opens the exercise.

The bug (fastnfitness#293): opening an exercise creates its History page beside it, which fills
its table with ``DAORecord.getFilteredRecords``, writing the name between double quotes
unescaped. A name holding a double quote breaks the SQL: ``android.database.sqlite.
SQLiteException`` (``near "Pro": syntax error (code 1 SQLITE_ERROR)`` for ``Bench "Pro"``; a
trailing quote gives ``unrecognized token``; a doubled ``""`` is an escaped quote and compiles).
Naming the exercise does not refill the table; the next opening crashes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crash_oracle, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.easyfitness"
MAIN = ".MainActivity"
INTRO = ".intro.MainIntroActivity"
SLIDES = (
    (
        "Hello",
        "Welcome to Fast N Fitness! This application is a quick and simple way to record your "
        "program and follow your progression and the evolution of your body.",
    ),
    (
        "Quick and easy",
        "Write the name of the exercise and the details, and it will be created automatically. "
        "You can find it back easily in the list.",
    ),
    (
        "Go to the essential",
        "No exercises are pre-created. You create your own exercises simply depending on the "
        "name of the machine you have in your fitness place / location.",
    ),
    (
        "It's open-source!",
        "Join the community and let's build the best fitness app together! Visit us at "
        "https://github.com/brodeurlv/fastnfitness",
    ),
)
# (drawer label, fragment, toolbar title)
DRAWER = (
    ("Workout", "workout", "Workout"),
    ("Exercises", "exercises", "Exercises"),
    ("Programs List", "programs", "Program list"),
    ("Weight Track", "weight", "Weight Track"),
    ("Body Track", "body", "Body Track"),
    ("Settings", "settings", "Settings"),
    ("About", "about", "About"),
)
WORKOUT_TABS = ("Free workout", "Program", "Graphs", "History")
OVERFLOW = ("Reset application", "Export Records", "Import Records", "About")
IOOBE = "java.lang.IndexOutOfBoundsException"
NPE = "java.lang.NullPointerException"
SWEET_OK = "OK"


def _sweet_alert(
    title: str,
    content: str,
    confirm: tuple[str, Any],
    cancel: tuple[str, Any] | None,
    on_dismiss: Any,
    body: list[View] | None = None,
) -> Window:
    """A SweetAlertDialog (cn.pedant.SweetAlert): ``title_text``, ``content_text``, an
    optional custom view, then ``cancel_button`` and ``confirm_button``."""
    children: list[View] = [w.text_view(title, "title_text", height=140)]
    if content:
        children.append(w.text_view(content, "content_text"))
    children.extend(body or [])
    buttons: list[View] = []
    if cancel is not None:
        buttons.append(w.button("cancel_button", cancel[0], cancel[1], width=300))
    buttons.append(w.button("confirm_button", confirm[0], confirm[1], width=300))
    children.append(w.linear_layout(buttons, horizontal=True, height=140))
    return Window(
        root=w.frame_layout([w.linear_layout(children, weight=0)], rid="loading", weight=0),
        on_dismiss=on_dismiss,
    )


def _intro_steps() -> tuple[dict[str, Any], ...]:
    """A person's way through the first start: four Next, a name, Create, OK."""
    nxt = click(PACKAGE, "mi_button_next", cls="android.widget.ImageButton")
    return (
        nxt,
        nxt,
        nxt,
        nxt,
        input_text(PACKAGE, "profileName", "Alex"),
        click(PACKAGE, "create_newprofil", "Create"),
        click(PACKAGE, "confirm_button", SWEET_OK),
    )


BUG_142 = BugSpec(
    "fastnfitness#142",
    "crash",
    "Crash after deleting a program that is in progress",
    crash_oracle(PACKAGE, IOOBE, "Index: "),
    human_steps=(
        *_intro_steps(),
        click(PACKAGE, text="Program", cls="android.widget.TextView"),
        click(PACKAGE, "newProgram", "New"),
        input_text(PACKAGE, "", "Test", bounds=[66, 843, 1014, 993]),
        click(PACKAGE, "confirm_button", SWEET_OK),
        {"kind": "press_back"},
        click(PACKAGE, "startStopProgram", "Start program"),
        click(PACKAGE, "editProgram", "Edit"),
        click(PACKAGE, "deleteButton"),
        click(PACKAGE, "android:id/button1", "Yes"),
    ),
)


class FastNFitness0190(VirtualApp):
    """Fast N Fitness 0.19.0 (see the module docstring)."""

    name: ClassVar[str] = "fastnfitness"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Fast N Fitness"
    version: ClassVar[str] = "0.19.0"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_142,)
    slides: ClassVar[tuple[tuple[str, str], ...]] = SLIDES
    drawer_items: ClassVar[tuple[tuple[str, str, str], ...]] = DRAWER

    def initial_data(self) -> dict[str, Any]:
        return {
            "intro_done": False,
            "profile": None,
            "programs": [],  # [{"id", "name", "description"}]
            "next_program_id": 1,
            "history": [],  # ProgramHistory: [{"program", "status"}]
        }

    # -- lifecycle ---------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ctx.activity == INTRO:
            ui.setdefault("slide", 0)
            ui.setdefault("form", {"name": "", "size": "", "gender": ""})
            ui.setdefault("created", False)
            ui.setdefault("dialog", None)
            return
        ui.setdefault("stack", [{"f": "workout", "tab": 0}])
        ui.setdefault("drawer", False)
        ui.setdefault("menu", False)
        ui.setdefault("dialog", None)
        ui.setdefault("back_once", False)
        ui.setdefault("runner", {"selected": 0, "open": False})
        if not ctx.data["intro_done"]:
            ctx.start_activity(INTRO)
            return
        # onStart → initActivity → showFragment(FONTESPAGER): the Program page refreshes.
        self._workout_shown(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        ui = ctx.ui
        if ctx.activity == INTRO:
            if ui["slide"] > 0:
                ui["slide"] -= 1
            return True  # the first slide keeps the intro (the model does not cancel it)
        if ui["drawer"] or ui["menu"] or ui["runner"]["open"]:
            ui["drawer"] = ui["menu"] = False
            ui["runner"]["open"] = False
            return True
        if len(ui["stack"]) > 1:
            self._pop(ctx)
            return True
        if not ui["back_once"]:
            ui["back_once"] = True
            ctx.toast("Click BACK again to exit")
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == INTRO and direction in ("left", "right"):
            if direction == "left":
                self._intro_next(ctx)
            elif ctx.ui["slide"] > 0:
                ctx.ui["slide"] -= 1
            return True
        if ctx.activity == MAIN and direction == "right" and not ctx.ui["drawer"]:
            ctx.ui["drawer"] = True
            return True
        return False

    # -- intro -------------------------------------------------------------------------------
    def _intro_next(self, ctx: AppContext) -> None:
        ui = ctx.ui
        if ui["slide"] < len(self.slides):
            ui["slide"] += 1
        elif not ui["created"]:
            self._create_profile(ctx)  # onNavigationBlocked: mBtCreate.callOnClick()
        else:
            self._finish_intro(ctx)

    def _create_profile(self, ctx: AppContext) -> None:
        form = ctx.ui["form"]
        if not form["name"]:
            ctx.toast("Please enter your name, at least")
            return
        ctx.data["profile"] = {"name": form["name"], "size": form["size"], "gender": form["gender"]}
        ctx.ui["created"] = True
        ctx.ui["dialog"] = "created"

    def _finish_intro(self, ctx: AppContext) -> None:
        ctx.data["intro_done"] = True
        ctx.finish()

    def _profile_ok(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None
        self._finish_intro(ctx)  # nextSlide() on the last slide finishes

    # -- fragments ---------------------------------------------------------------------------
    def _top(self, ctx: AppContext) -> dict[str, Any]:
        return ctx.ui["stack"][-1]

    def _push(self, ctx: AppContext, entry: dict[str, Any]) -> None:
        ctx.ui["stack"].append(entry)
        ctx.ui.update(drawer=False, menu=False, back_once=False)

    def _pop(self, ctx: AppContext) -> None:
        ctx.ui["stack"].pop()
        ctx.ui["back_once"] = False
        if self._top(ctx)["f"] == "workout":
            self._workout_shown(ctx)

    def _drawer_item(self, ctx: AppContext, fragment: str) -> None:
        entry: dict[str, Any] = {"f": fragment}
        if fragment == "workout":
            entry["tab"] = 0
        self._push(ctx, entry)
        if fragment == "workout":
            self._workout_shown(ctx)

    def _workout_shown(self, ctx: AppContext) -> None:
        """The Workout pager is shown: its Program page (beside the current one) resumes."""
        if self._top(ctx)["tab"] <= 2:
            self._refresh_runner(ctx)

    def _running(self, ctx: AppContext) -> dict[str, Any] | None:
        return next((h for h in ctx.data["history"] if h["status"] == "RUNNING"), None)

    def _refresh_runner(self, ctx: AppContext) -> None:
        """ProgramRunnerFragment.refreshData: find the running program in the spinner."""
        programs = ctx.data["programs"]
        running = self._running(ctx)
        if running is None:
            return
        for i in range(len(programs) + 1):  # i <= mAdapterPrograms.getCount()
            if i == len(programs):
                raise JavaException(
                    IOOBE,
                    f"Index: {i}, Size: {len(programs)}",
                    frames=[
                        "java.util.ArrayList.get(ArrayList.java:437)",
                        "android.widget.ArrayAdapter.getItem(ArrayAdapter.java:393)",
                        "com.easyfitness.programs.ProgramRunnerFragment.refreshData"
                        "(ProgramRunnerFragment.java:277)",
                        "com.easyfitness.programs.ProgramRunnerFragment.onResume"
                        "(ProgramRunnerFragment.java:247)",
                    ],
                )
            if programs[i]["id"] == running["program"]:
                ctx.ui["runner"]["selected"] = i
                return

    def _workout_tab(self, ctx: AppContext, tab: int) -> None:
        self._top(ctx)["tab"] = tab

    # -- programs ----------------------------------------------------------------------------
    def _selected_program(self, ctx: AppContext) -> dict[str, Any] | None:
        programs = ctx.data["programs"]
        index = ctx.ui["runner"]["selected"]
        return programs[index] if 0 <= index < len(programs) else None

    def _null_program(self, method: str, line: int) -> JavaException:
        return JavaException(
            NPE,
            "Attempt to invoke virtual method 'long com.easyfitness.DAO.program.Program.getId()'"
            " on a null object reference",
            frames=[
                f"com.easyfitness.programs.ProgramRunnerFragment.{method}"
                f"(ProgramRunnerFragment.java:{line})",
                "android.view.View.performClick(View.java:7125)",
            ],
        )

    def _start_stop(self, ctx: AppContext) -> None:
        running = self._running(ctx)
        if running is None:
            program = self._selected_program(ctx)
            if program is None:
                raise self._null_program("lambda$new$3", 101)
            ctx.data["history"].append({"program": program["id"], "status": "RUNNING"})
        else:
            running["status"] = "CLOSED"  # stopProgram

    def _edit(self, ctx: AppContext) -> None:
        program = self._selected_program(ctx)
        if program is None:
            raise self._null_program("lambda$new$0", 59)
        self._push(ctx, {"f": "program", "id": program["id"], "tab": 0})

    def _ask_name(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = {"kind": "name", "text": ""}

    def _add_program(self, ctx: AppContext) -> None:
        name = ctx.ui["dialog"]["text"]
        ctx.ui["dialog"] = None
        pid = ctx.data["next_program_id"]
        ctx.data["next_program_id"] += 1
        ctx.data["programs"].append({"id": pid, "name": name, "description": ""})
        self._push(ctx, {"f": "program", "id": pid, "tab": 0})

    def _delete_program(self, ctx: AppContext) -> None:
        """The fix would also delete the program's history; 0.19.0 does not."""
        pid = self._top(ctx)["id"]
        ctx.ui["dialog"] = None
        ctx.data["programs"] = [p for p in ctx.data["programs"] if p["id"] != pid]
        self._pop(ctx)  # getActivity().onBackPressed()

    def _program(self, ctx: AppContext, pid: int) -> dict[str, Any]:
        return next(
            (p for p in ctx.data["programs"] if p["id"] == pid),
            {"id": pid, "name": "", "description": ""},
        )

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == INTRO:
            return self._intro(ctx)
        return self._main(ctx)

    def _intro(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        slide = ui["slide"]
        if slide < len(self.slides):
            title, description = self.slides[slide]
            page = w.linear_layout(
                [
                    w.image_view("mi_image", height=600),
                    w.text_view(title, "mi_title", height=160),
                    w.text_view(description, "mi_description", height=400),
                ]
            )
        else:
            page = self._profile_form(ctx)
        bar: list[View] = []
        if slide > 0:
            bar.append(
                w.image_button(
                    "mi_button_back", "", lambda c: c.ui.update(slide=c.ui["slide"] - 1), width=168
                )
            )
        bar.append(View(cls="android.view.View", resource_id="mi_pager_indicator"))
        bar.append(w.image_button("mi_button_next", "", self._intro_next, width=168))
        root = w.frame_layout(
            [
                View(
                    cls="androidx.viewpager.widget.ViewPager",
                    resource_id="mi_pager",
                    children=[page],
                ),
                w.linear_layout(bar, horizontal=True, height=190),
            ],
            rid="mi_frame",
        )
        windows = []
        if ui["dialog"] == "created":
            windows.append(
                _sweet_alert(
                    ctx.data["profile"]["name"],
                    "Profile created",
                    (SWEET_OK, self._profile_ok),
                    None,
                    None,
                )
            )
        return Screen(content=root, windows=windows)

    def _profile_form(self, ctx: AppContext) -> View:
        form = ctx.ui["form"]

        def typed(key: str) -> Any:
            return lambda c, t: c.ui["form"].update({key: t})

        def radio(rid: str, text: str) -> View:
            return View(
                cls="android.widget.RadioButton",
                resource_id=rid,
                text=text,
                checkable=True,
                checked=form["gender"] == text,
                on_click=lambda c: c.ui["form"].update(gender=text),
                width=330,
            )

        return w.scroll_view(
            [
                w.text_view("Create a profile", height=160),
                w.linear_layout(
                    [
                        w.edit_text(
                            "profileName", form["name"], typed("name"), hint="Name / pseudonym"
                        )
                    ],
                    rid="signup_input_layout_name",
                    height=170,
                ),
                View(
                    cls="android.widget.RadioGroup",
                    layout=HORIZONTAL,
                    height=140,
                    children=[
                        radio("radioButtonMale", "Male"),
                        radio("radioButtonFemale", "Female"),
                        radio("radioButtonOtherGender", "Other"),
                    ],
                ),
                w.linear_layout(
                    [
                        w.text_view(
                            "",
                            "profileBirthday",
                            hint="Birthday (optional)",
                            on_click=lambda c: None,
                        )
                    ],
                    rid="signup_input_layout_name2",
                    height=170,
                ),
                w.linear_layout(
                    [
                        w.edit_text(
                            "profileSize", form["size"], typed("size"), hint="Size in cm (optional)"
                        )
                    ],
                    rid="signup_input_layout_name3",
                    height=170,
                ),
                w.button("create_newprofil", "Create", self._create_profile),
            ]
        )

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        top = self._top(ctx)
        full = self._full_page(ctx, top)
        if full is not None:
            content: list[View] = [full]
        else:
            title = (
                "Fast N Fitness"
                if len(ui["stack"]) == 1
                else next(d[2] for d in self.drawer_items if d[1] == top["f"])
            )
            bar = w.toolbar(
                title,
                rid="actionToolbar",
                cls="androidx.appcompat.widget.Toolbar",
                navigation=w.nav_button(w.OPEN_DRAWER, lambda c: c.ui.update(drawer=True)),
                actions=[
                    w.action_item("action_chrono", "Chronometer", None),
                    w.image_view("imageProfile", "Profil", lambda c: None, width=147),
                    w.overflow_button(lambda c: c.ui.update(menu=True)),
                ],
            )
            page = self._page(ctx, top)
            content = [
                bar,
                w.linear_layout([page], rid="fragment_container"),
            ]
        column = w.relative_layout(content)
        drawer = self._drawer(ctx) if ui["drawer"] else None
        children = [column] if drawer is None else [column, drawer]
        root = View(
            cls="androidx.drawerlayout.widget.DrawerLayout",
            resource_id="drawer_layout",
            layout=FRAME,
            children=children,
        )
        return Screen(content=root, windows=self._windows(ctx))

    def _full_page(self, ctx: AppContext, top: dict[str, Any]) -> View | None:
        """A page with its own toolbar (the activity's is hidden), or None."""
        return self._program_pager(ctx, top) if top["f"] == "program" else None

    def _page(self, ctx: AppContext, top: dict[str, Any]) -> View:
        """A page under the activity's toolbar (other drawer entries are stubs)."""
        if top["f"] == "workout":
            return self._workout(ctx, top)
        if top["f"] == "programs":
            return self._program_list(ctx)
        return w.text_view(top["f"].capitalize(), height=200)

    def _drawer(self, ctx: AppContext) -> View:
        profile = ctx.data["profile"] or {"name": ""}
        rows = [
            w.relative_layout(
                [w.text_view(profile["name"], "drawerTitle", height=250)],
                rid="headerLayout",
                height=250,
            )
        ]
        for label, fragment, _ in self.drawer_items:
            rows.append(
                w.relative_layout(
                    [
                        w.image_view("drawer_icon", width=147),
                        w.text_view(label, "drawer_itemName", height=147),
                    ],
                    rid="itemLayout",
                    height=147,
                    on_click=w.bind(self._drawer_item, fragment),
                    layout=HORIZONTAL,
                )
            )
        return View(
            cls="android.widget.ListView", resource_id="left_drawer", width=800, children=rows
        )

    def _workout(self, ctx: AppContext, top: dict[str, Any]) -> View:
        tab = top["tab"]
        strip = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="viewpagertab",
            layout=HORIZONTAL,
            height=126,
            children=[
                w.linear_layout(
                    [
                        w.text_view(title, selected=i == tab, on_click=w.bind(self._workout_tab, i))
                        for i, title in enumerate(WORKOUT_TABS)
                    ],
                    horizontal=True,
                )
            ],
        )
        page = self._runner(ctx) if tab == 1 else w.text_view(WORKOUT_TABS[tab], height=200)
        pager = View(
            cls="androidx.viewpager.widget.ViewPager", resource_id="pager", children=[page]
        )
        return w.relative_layout([strip, pager])

    def _runner(self, ctx: AppContext) -> View:
        running = self._running(ctx)
        selected = self._selected_program(ctx)
        value = selected["name"] if selected else ""
        chooser = w.spinner(
            "programSpinner",
            value,
            (lambda c: c.ui["runner"].update(open=True)) if running is None else None,
        )
        chooser.enabled = running is None
        card = View(
            cls="androidx.cardview.widget.CardView",
            height=300,
            children=[
                w.text_view("Programs", height=100),
                w.linear_layout(
                    [
                        chooser,
                        w.button("newProgram", "New", self._ask_name, width=220),
                        w.button("editProgram", "Edit", self._edit, width=220),
                    ],
                    horizontal=True,
                    height=140,
                ),
            ],
        )
        start = w.button(
            "startStopProgram", "Finish program" if running else "Start program", self._start_stop
        )
        title = "Program ongoing:" if running else "Program preview:"
        return w.scroll_view(
            [
                card,
                w.linear_layout([start, w.text_view(title, "programListTitle")], height=260),
                w.text_view("This program is empty", "listProgramEmpty", height=140),
                View(),
            ]
        )

    def _program_list(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [
                    w.text_view(p["name"], "LIST_WORKOUT_NAME"),
                    w.text_view(p["description"], "LIST_WORKOUT_DESCRIPTION"),
                ],
                height=190,
                on_click=w.bind(
                    lambda c, pid: self._push(c, {"f": "program", "id": pid, "tab": 0}), p["id"]
                ),
            )
            for p in ctx.data["programs"]
        ]
        return w.linear_layout(
            [
                w.button("newWorkout", "New program", self._ask_name),
                w.edit_text(
                    "searchField",
                    "",
                    lambda c, t: None,
                    hint="Filter by program name",
                    cls="android.widget.AutoCompleteTextView",
                ),
                w.list_view(rows, rid="listWorkout"),
            ]
        )

    def _program_pager(self, ctx: AppContext, top: dict[str, Any]) -> View:
        program = self._program(ctx, top["id"])
        bar = w.toolbar(
            "",
            rid="toolbar",
            cls="androidx.appcompat.widget.Toolbar",
            navigation=w.nav_button("", lambda c: self._pop(c)),  # ic_back, no description
            actions=[
                w.image_button(
                    "deleteButton",
                    "",
                    lambda c: c.ui.update(dialog={"kind": "delete"}),
                    width=147,
                )
            ],
        )
        tab = top["tab"]
        strip = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="viewpagertab",
            layout=HORIZONTAL,
            height=126,
            children=[
                w.text_view(
                    title,
                    selected=i == tab,
                    on_click=w.bind(lambda c, i: self._top(c).update(tab=i), i),
                )
                for i, title in enumerate(("Info", "Editor"))
            ],
        )
        if tab == 0:
            page = w.scroll_view(
                [
                    View(
                        cls="androidx.cardview.widget.CardView",
                        resource_id="nameCardView",
                        height=420,
                        children=[
                            w.text_view(program["name"], "workout_name", hint="Name"),
                            w.text_view("Description"),
                            w.text_view(program["description"] or "...", "workout_description"),
                        ],
                    ),
                    View(),
                ]
            )
        else:
            page = w.text_view("Editor", height=200)
        pager = View(
            cls="androidx.viewpager.widget.ViewPager", resource_id="program_pager", children=[page]
        )
        return w.relative_layout([bar, strip, pager])

    def _windows(self, ctx: AppContext) -> list[Window]:
        ui = ctx.ui
        windows: list[Window] = []
        if ui["menu"]:
            close_menu = lambda c: c.ui.update(menu=False)  # noqa: E731
            windows.append(w.menu_window([(t, close_menu) for t in OVERFLOW], close_menu))
        if ui["runner"]["open"]:
            names = [p["name"] for p in ctx.data["programs"]]
            close = lambda c: c.ui["runner"].update(open=False)  # noqa: E731

            def choose(c: AppContext, i: int) -> None:
                c.ui["runner"].update(selected=i, open=False)

            windows.append(w.spinner_dropdown(names, ui["runner"]["selected"], choose, close))
        dialog = ui["dialog"]
        close_dialog = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog and dialog["kind"] == "name":
            field = w.edit_text("", dialog["text"], lambda c, t: c.ui["dialog"].update(text=t))
            windows.append(
                _sweet_alert(
                    "Enter program name",
                    "",
                    (SWEET_OK, self._add_program),
                    ("Cancel", close_dialog),
                    close_dialog,
                    body=[w.linear_layout([field], height=170)],
                )
            )
        elif dialog and dialog["kind"] == "delete":
            windows.append(
                w.confirm_dialog(
                    "Confirm",
                    "Do you want to delete this program?",
                    ("Yes", self._delete_program),
                    ("No", close_dialog),
                    close_dialog,
                )
            )
        return windows


# -- 0.20.6 ------------------------------------------------------------------------------------
SLIDES_0206 = (
    (
        "Hello",
        "Welcome to Fast N Fitness. A quick and simple way to record your program and follow "
        "your body and exercise progression.",
    ),
    SLIDES[1],
    (
        "Go to the essential",
        "No exercises are pre-created. You create your own exercises simply depending on the "
        "name of the machine you have in your fitness place/location.",
    ),
    SLIDES[3],
)
DRAWER_0206 = (
    ("Workout", "workout", "Workout"),
    ("Exercises", "exercises", "Exercises"),
    ("Program List", "programs", "Program List"),
    ("Weight Track", "weight", "Weight Track"),
    ("Body Track", "body", "Body Track"),
    ("Progess Images", "images", "Progess Images"),
    ("Settings", "settings", "Settings"),
    ("About", "about", "About"),
)
EXERCISE_TYPES = ("Strength", "Cardio", "Isometric")
SQLITE = "android.database.sqlite.SQLiteException"
DEFAULT_EXERCISE = "Default exercise"


def history_query(name: str, profile: int) -> str:
    """DAORecord.getFilteredRecords for one exercise and all dates: the name goes between
    double quotes unescaped."""
    return (
        f'SELECT * FROM EFfontes WHERE machine="{name}" AND profil_id={profile}'
        " AND RECORD_TYPE!=2 AND TEMPLATE_RECORD_STATUS!=2"
        " ORDER BY DATETIME(date || 'T' || time) DESC,_id DESC"
    )


def sqlite_error(sql: str) -> str | None:
    """The error SQLite's tokenizer and parser report for :func:`history_query`'s text, or
    None when it compiles. The exercise name's quoted token ends at the first lone ``"``
    (``""`` stands for one quote); the next token must be the ``AND`` the query goes on with."""
    start = sql.index('machine="') + len("machine=")
    j = start + 1
    while True:
        if j >= len(sql):
            return f'unrecognized token: "{sql[start:]}"'
        if sql[j] == '"':
            if j + 1 < len(sql) and sql[j + 1] == '"':
                j += 2
                continue
            break
        j += 1
    k = j + 1
    while k < len(sql) and sql[k] == " ":
        k += 1
    rest = sql[k:]
    if rest.startswith("AND "):
        return None
    if rest.startswith('"'):
        end = rest.find('"', 1)
        if end < 0:
            return f'unrecognized token: "{rest}"'
        token = rest[: end + 1]
    else:
        word = ""
        for ch in rest:
            if not (ch.isalnum() or ch == "_"):
                break
            word += ch
        token = word or rest[:1]
    return f'near "{token}": syntax error'


BUG_293 = BugSpec(
    "fastnfitness#293",
    "crash",
    "Quotation marks in exercise crash app",
    crash_oracle(PACKAGE, SQLITE, "while compiling: SELECT * FROM EFfontes WHERE machine="),
    human_steps=(
        *_intro_steps(),
        click(PACKAGE, cls="android.widget.ImageButton", desc=w.OPEN_DRAWER),
        click(PACKAGE, "drawer_itemName", "Exercises"),
        click(PACKAGE, "addExercise", "Add new Exercise"),
        click(PACKAGE, "confirm_button", "Strength"),
        click(PACKAGE, "valueTextView", DEFAULT_EXERCISE),
        input_text(PACKAGE, "", 'Bench "Pro"', bounds=[66, 843, 1014, 993]),
        click(PACKAGE, "confirm_button", SWEET_OK),
        {"kind": "press_back"},
        click(PACKAGE, "LIST_MACHINE_NAME", 'Bench "Pro"'),
    ),
)


class FastNFitness0206(FastNFitness0190):
    """Fast N Fitness 0.20.6: fastnfitness#142 fixed (the loop stops at the last program and a
    deleted program's history goes with it); fastnfitness#293 (see the module docstring).
    The Workout pages and the programs screens changed since 0.19.0 and are stubs here."""

    version: ClassVar[str] = "0.20.6"
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_293,)
    slides: ClassVar[tuple[tuple[str, str], ...]] = SLIDES_0206
    drawer_items: ClassVar[tuple[tuple[str, str, str], ...]] = DRAWER_0206

    def initial_data(self) -> dict[str, Any]:
        data = super().initial_data()
        data.update(exercises=[], next_exercise_id=1)
        return data

    def _workout_shown(self, ctx: AppContext) -> None:
        return None  # the fixed refresh finds nothing to fail on

    def _workout(self, ctx: AppContext, top: dict[str, Any]) -> View:
        view = super()._workout(ctx, top)
        view.children[1].children = [w.text_view(WORKOUT_TABS[top["tab"]], height=200)]
        return view

    def _page(self, ctx: AppContext, top: dict[str, Any]) -> View:
        if top["f"] == "exercises":
            return self._exercise_list(ctx)
        if top["f"] == "programs":
            return w.text_view("Program List", height=200)
        return super()._page(ctx, top)

    def _full_page(self, ctx: AppContext, top: dict[str, Any]) -> View | None:
        if top["f"] == "exercise":
            return self._exercise_pager(ctx, top)
        return super()._full_page(ctx, top)

    def _profile_form(self, ctx: AppContext) -> View:
        form = super()._profile_form(ctx)
        rows = form.children
        # 0.20.6: labels over the name and the birthday, a "Gender" label, no size field.
        name_row = rows[1].children[0]
        birthday = rows[3].children[0]
        form.children = [
            rows[0],
            w.text_view("Name/pseudonym", height=90),
            name_row,
            w.text_view("Gender", height=90),
            rows[2],
            w.text_view("Birthday (optional)", height=90),
            birthday,
            rows[5],
        ]
        name_row.hint = "Name/pseudonym"
        return form

    # -- exercises ---------------------------------------------------------------------------
    def _exercise(self, ctx: AppContext, mid: int) -> dict[str, Any]:
        return next(e for e in ctx.data["exercises"] if e["id"] == mid)

    def _add_exercise(self, ctx: AppContext, kind: str) -> None:
        """MachineFragment.clickAddButton: a nameless exercise of the chosen type, opened."""
        ctx.ui["dialog"] = None
        mid = ctx.data["next_exercise_id"]
        ctx.data["next_exercise_id"] += 1
        ctx.data["exercises"].append({"id": mid, "name": "", "type": kind, "favorite": False})
        self._open_exercise(ctx, mid)

    def _open_exercise(self, ctx: AppContext, mid: int) -> None:
        """ExerciseDetailsPager: its History page is created beside the Exercise page and, on
        the profile's first value, fills its table for the exercise's name."""
        self._push(ctx, {"f": "exercise", "id": mid, "tab": 0})
        name = self._exercise(ctx, mid)["name"]
        if not name or name == "All":
            return  # no exercise filter
        sql = history_query(name, 1)
        error = sqlite_error(sql)
        if error is not None:
            raise JavaException(
                SQLITE,
                f"{error} (code 1 SQLITE_ERROR): , while compiling: {sql}",
                frames=[
                    "android.database.sqlite.SQLiteConnection.nativePrepareStatement"
                    "(Native Method)",
                    "android.database.sqlite.SQLiteConnection.acquirePreparedStatement"
                    "(Unknown Source)",
                    "android.database.sqlite.SQLiteConnection.prepare(Unknown Source)",
                    "android.database.sqlite.SQLiteSession.prepare(Unknown Source)",
                    "android.database.sqlite.SQLiteProgram.<init>(Unknown Source)",
                    "android.database.sqlite.SQLiteQuery.<init>(Unknown Source)",
                    "android.database.sqlite.SQLiteDirectCursorDriver.query(Unknown Source)",
                    "android.database.sqlite.SQLiteDatabase.rawQueryWithFactory(Unknown Source)",
                    "android.database.sqlite.SQLiteDatabase.rawQuery(Unknown Source)",
                    "com.easyfitness.DAO.record.DAORecord.getRecordsListCursor(DAORecord.java:419)",
                    "com.easyfitness.DAO.record.DAORecord.getRecordsListCursor(DAORecord.java:423)",
                    "com.easyfitness.DAO.record.DAORecord.getFilteredRecords(DAORecord.java:577)",
                    "com.easyfitness.fonte.FonteHistoryFragment.FillRecordTable"
                    "(FonteHistoryFragment.java:213)",
                    "com.easyfitness.fonte.FonteHistoryFragment.lambda$onCreateView$1"
                    "(FonteHistoryFragment.java:173)",
                ],
            )

    def _rename(self, ctx: AppContext) -> None:
        """The name's EditableInputView dialog: OK sets the text, which saves the exercise
        (an empty name is refused with a toast)."""
        dialog = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        name = dialog["text"]
        if not name:
            ctx.toast("Name is required")
            return
        self._exercise(ctx, self._top(ctx)["id"])["name"] = name

    def _delete_exercise(self, ctx: AppContext) -> None:
        mid = self._top(ctx)["id"]
        ctx.ui["dialog"] = None
        ctx.data["exercises"] = [e for e in ctx.data["exercises"] if e["id"] != mid]
        self._pop(ctx)

    def _exercise_list(self, ctx: AppContext) -> View:
        rows = [
            w.linear_layout(
                [
                    w.image_view("LIST_MACHINE_PHOTO", width=190),
                    w.linear_layout(
                        [
                            w.text_view(e["name"], "LIST_MACHINE_NAME"),
                            w.text_view("", "LIST_MACHINE_SHORT_DESCRIPTION"),
                        ]
                    ),
                    w.image_view("LIST_MACHINE_FAVORITE", width=147),
                ],
                horizontal=True,
                height=190,
                on_click=w.bind(self._open_exercise, e["id"]),
            )
            for e in ctx.data["exercises"]
        ]
        return w.linear_layout(
            [
                w.button(
                    "addExercise",
                    "Add new Exercise",
                    lambda c: c.ui.update(dialog={"kind": "type"}),
                ),
                w.linear_layout(
                    [
                        w.edit_text(
                            "searchField",
                            "",
                            lambda c, t: None,
                            hint="Filter by exercise name",
                            cls="android.widget.AutoCompleteTextView",
                        ),
                        w.text_view("Filter by exercise type", "textViewFilterByTypes", width=300),
                        w.image_button("buttonFilterListMachine", "", lambda c: None, width=147),
                    ],
                    horizontal=True,
                    height=150,
                ),
                w.list_view(rows, rid="listMachine"),
            ]
        )

    def _exercise_pager(self, ctx: AppContext, top: dict[str, Any]) -> View:
        exercise = self._exercise(ctx, top["id"])
        bar = w.toolbar(
            "",
            rid="actionToolbarMachine",
            cls="androidx.appcompat.widget.Toolbar",
            navigation=w.nav_button("", lambda c: self._pop(c)),  # ic_back, no description
            actions=[
                w.image_button("favButton", "", lambda c: None, width=147),
                w.image_button(
                    "deleteButton",
                    "",
                    lambda c: c.ui.update(dialog={"kind": "delete_exercise"}),
                    width=147,
                ),
            ],
        )
        tab = top["tab"]
        strip = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="exercise_pagertab",
            layout=HORIZONTAL,
            height=126,
            children=[
                w.text_view(
                    title,
                    selected=i == tab,
                    on_click=w.bind(lambda c, i: self._top(c).update(tab=i), i),
                )
                for i, title in enumerate(("Exercise", "History"))
            ],
        )
        if tab == 0:
            edit = lambda c: c.ui.update(  # noqa: E731
                dialog={"kind": "rename", "text": self._exercise(c, top["id"])["name"]}
            )
            name = w.relative_layout(
                [
                    w.text_view(
                        exercise["name"] or DEFAULT_EXERCISE, "valueTextView", on_click=edit
                    ),
                    w.image_view("editButton", "", edit, width=140),
                ],
                rid="machine_name",
                height=140,
                layout=HORIZONTAL,
            )
            fields: list[View] = [
                w.image_view("machine_photo", height=400),
                w.text_view("Name", height=90),
                name,
                w.text_view("Description", height=90),
                w.relative_layout(
                    [w.text_view("", "valueTextView")], rid="machine_description", height=140
                ),
            ]
            if exercise["type"] != "Cardio":
                fields += [
                    w.text_view("Muscles", "machine_muscles_textview", height=90),
                    w.text_view("", "machine_muscles", on_click=lambda c: None, height=120),
                ]
            page = w.frame_layout(
                [
                    View(cls="androidx.core.widget.NestedScrollView", children=fields),
                    w.image_button(
                        "actionCamera",
                        "",
                        lambda c: None,
                        width=168,
                        height=168,
                        gravity="bottom_end",
                    ),
                ],
                layout=FRAME,
            )
        else:
            page = w.linear_layout(
                [
                    View(
                        cls="android.widget.TableRow",
                        layout=HORIZONTAL,
                        height=126,
                        children=[
                            w.text_view("Date", width=300),
                            w.spinner("filterDate", "All", None),
                        ],
                    ),
                    w.list_view([], rid="listFilterRecord"),
                ]
            )
        pager = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="exercise_viewpager",
            children=[page],
        )
        app_bar = w.linear_layout([bar], rid="appbar", weight=0)
        return w.relative_layout([app_bar, strip, pager])

    def _windows(self, ctx: AppContext) -> list[Window]:
        windows = super()._windows(ctx)
        dialog = ctx.ui["dialog"]
        close = lambda c: c.ui.update(dialog=None)  # noqa: E731
        if dialog and dialog["kind"] == "type":
            window = _sweet_alert(
                "Exercise type?",
                "",
                ("Strength", w.bind(self._add_exercise, "Strength")),
                ("Cardio", w.bind(self._add_exercise, "Cardio")),
                close,
            )
            buttons = window.root.children[0].children[-1]
            buttons.children.insert(
                1,
                w.button(
                    "neutral_button",
                    "Isometric",
                    w.bind(self._add_exercise, "Isometric"),
                    width=300,
                ),
            )
            windows.append(window)
        elif dialog and dialog["kind"] == "rename":
            field = w.edit_text("", dialog["text"], lambda c, t: c.ui["dialog"].update(text=t))
            windows.append(
                _sweet_alert(
                    "Name",
                    "",
                    (SWEET_OK, self._rename),
                    ("Cancel", close),
                    close,
                    body=[w.linear_layout([field], height=170)],
                )
            )
        elif dialog and dialog["kind"] == "delete_exercise":
            windows.append(
                w.confirm_dialog(
                    "Confirm",
                    "Delete this exercise and all associated records?",
                    ("Yes", self._delete_exercise),
                    ("No", close),
                    close,
                )
            )
        return windows
