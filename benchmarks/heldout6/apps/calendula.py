"""Calendula (``es.usc.citius.servando.calendula``, citiususc/calendula) 2.5.3, for
calendula#100.

A medication assistant: a home pager (the daily agenda, the medication kit, routines,
schedules) with a MaterialDrawer, and the medicine editor, which first opens the medicine
search.

Modelled from the sources at tag ``v2.5.3`` (commit ``c476575``, ``versionName "2.5.3"``,
``versionCode 34``): ``activities/StartActivity.java``, ``MaterialIntroActivity.java``,
``HomePagerActivity.java``, ``activities/LeftDrawerMgr.java``, ``FabMenuMgr.java``,
``adapters/HomePages.java``, ``HomePageAdapter.java``, ``fragments/HomeProfileMgr.java``,
``activities/MedicinesActivity.java``, ``MedicinesSearchActivity.java``,
``MedicinesSearchAutoCompleteAdapter.java``, ``database/PatientDao.java``,
``DatabaseHelper.java``, ``modules/ModuleRegistry.java``, the layouts ``activity_main.xml``,
``fragment_home_user_info.xml``, ``fragment_daily_agenda.xml``,
``daily_view_empty_placeholder.xml``, ``fragment_medicines_list.xml``,
``activity_medicines.xml``, ``fragment_create_or_edit_medicine.xml``,
``activity_medicines_search.xml``, ``medicine_search_footer.xml``, ``intro_slide_*.xml``, the
menu ``home.xml`` and ``values/strings*.xml``; and the fix, commit ``bdbb740`` ("MedicinesActivity:
avoid re-launching search activity when this activity is GCd", released in 2.5.4).

A fresh install: ``StartActivity`` opens ``HomePagerActivity``, which opens the material-intro
tour (six slides, "Skip"/"Next") until it has been shown once. Home: the collapsing app bar
(the drawer toggle "Open", the title "Calendula" or "User's <page>", the page's action:
"Expand", "Sort" or "Help"), the icon-only tabs, the pager (agenda, medicines, routines,
schedules) and the "+" FAB (hidden on the agenda). The drawer: the "User" profile header, then
Home, Patients, Medicines, Routines, Schedules, Tour, Settings, About. "+" on the medicines page
starts ``MedicinesActivity`` ("Create medicine"), whose ``onCreate`` (no medicine id) starts
``MedicinesSearchActivity`` for a result: a search field over the drug database (none is
installed: the first search asks "Medicine database" with "Activate (Recommended)" / "Cancel"),
and, for three or more typed characters without a match, the button 'Add "<text>" to the med
kit', which returns the typed name to ``MedicinesActivity`` (``setMedicineName``). The top-left
``back_button`` and Back return RESULT_CANCELED.

The bug (calendula#100, non-crash): ``MedicinesActivity.onCreate`` starts the search whenever
the medicine id is -1, also when the activity is re-created from a saved state. On the
reporter's device (a low-memory phone of 2018) the activity behind the search is destroyed
while the search is in front, so when the search returns, ``MedicinesActivity`` is re-created,
receives the name in ``onActivityResult`` and then starts a new, empty search at once: the user
is back where the name was typed, and leaving the search (back button or Back) re-creates the
activity and opens the search again. The fix saves ``STATE_STARTED_SEARCH`` and skips the
search on re-creation. The model stands for that device: every return from the search
re-creates ``MedicinesActivity`` (its re-created ``onCreate`` is what opens the next search).
The oracle: a name chosen with 'Add "..." to the med kit' was answered by a new search instead
of the medicine form.

Fixed data: the default patient "User", no medicines, routines or schedules, no drug database.

Stubbed: the agenda is its empty state; routines, schedules, patients, settings, the tour from
the drawer, about, the medicine form beyond its name field and the schedule FAB's menu are
title-only or plain views; the sort spinner and the barcode scanner are not modelled.
Uncertain: the material-intro buttons' descriptions ("Skip"/"Next") and the MaterialStyledDialog
ids are from the libraries' usual layouts; that the reporter's device destroyed the activity
behind the search is inferred from the fix commit, which names this issue.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, VirtualApp
from device_agent.virtual.catalog._steps import click, input_text
from device_agent.virtual.views import FRAME, Screen, View, Window

PACKAGE = "es.usc.citius.servando.calendula"
START = ".activities.StartActivity"
HOME = ".HomePagerActivity"
INTRO = ".activities.MaterialIntroActivity"
MEDS = ".activities.MedicinesActivity"
SEARCH = ".activities.MedicinesSearchActivity"
STUB = ".activities.StubActivity"
PAGES = ("Calendula", "Medicines", "Routines", "Schedules")
PAGE_ACTIONS = {
    0: ("action_expand", "Expand"),
    1: ("action_sort", "Sort"),
    3: ("action_schedules_help", "Help"),
}
DRAWER = ("Home", "Patients", "Medicines", "Routines", "Schedules", "Tour", "Settings", "About")
EMPTY = {
    1: "There are no meds yet.\n\nAdd your meds to the kit, and you will have easy access to "
    "leaflets and warnings.",
    2: "There are no routines yet.\n\nRoutines are times when you need to take meds, like "
    "breakfast or dinner. You can reuse it for creating schedules faster.",
    3: "There are no schedules yet.\n\nAdd your schedules here and let us just notify you!",
}
SLIDES = (
    (
        "Welcome to Calendula!",
        "Taking your medication properly is not easy, but now at least it won't be so "
        "difficult!\n\nPlease, take a look at what we have for you!",
    ),
    (
        "Medication kit",
        "Keep all your drugs under control using the medication kit, and get easy access to "
        "package leaflets from official medicine databases.",
    ),
    (
        "Routines",
        "A routine is a time of the day at which you usually need to take some meds.",
    ),
    (
        "Schedules",
        "Create your medication agenda by using the schedules editor. You can link your intakes "
        "to your routines, define hourly or daily repetitions and much more!",
    ),
    (
        "Reminders",
        "Calendula will remind you about all your intakes. Remember to confirm, or we will "
        "notify you again!\n\nCustomize alarms in the settings menu.",
    ),
    (
        "Multiple patients!",
        "Calendula allows you to manage the medication of several patients, with their own "
        "medication kit, routines and schedules.\n\nYou will see all their intakes in the home "
        "screen.",
    ),
)
MIN_SEARCH_LEN = 3
SEARCH_EMPTY = "Type a drug name or code to start searching, or scan a package barcode…"
NOT_FOUND = "Sorry, we didn't find anything with that name"


def name_lost(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of calendula#100: a name returned by 'Add "..." to the med kit' was answered
    by a new medicine search (the re-created editor started it) instead of the medicine form."""
    return bool(data["lost_names"])


def _add_text(query: str) -> str:
    return f'Add "{query}" to the med kit'


OPEN_DRAWER = click(PACKAGE, desc="Open", cls="android.widget.ImageButton")
DRAWER_MEDS = click(PACKAGE, "material_drawer_name", "Medicines")
FAB = click(PACKAGE, "add_button")
NO_DB = click(PACKAGE, "md_buttonDefaultNegative", "Cancel")
TYPE_XYZ = input_text(PACKAGE, "search_edit_text", "xyz")
ADD_XYZ = click(PACKAGE, "add_custom_med_btn", _add_text("xyz"))
BACK_BUTTON = click(PACKAGE, "back_button")
SKIP = click(PACKAGE, "mi_button_back", desc="Skip")
TO_SEARCH = [SKIP, OPEN_DRAWER, DRAWER_MEDS, FAB, NO_DB]

BUG_100 = BugSpec(
    "calendula#100",
    "non-crash",
    "Adding a typed medicine to the med kit returns to the medicine search",
    name_lost,
    human_steps=(*TO_SEARCH, TYPE_XYZ, ADD_XYZ),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "calendula#100": [
        # The search is left with its back button instead of adding the name.
        [*TO_SEARCH, TYPE_XYZ, BACK_BUTTON],
        # Too short a name: no add button; the search is left.
        [*TO_SEARCH, input_text(PACKAGE, "search_edit_text", "xy"), BACK_BUTTON],
        # The typed name is cleared, then the search is left.
        [*TO_SEARCH, TYPE_XYZ, click(PACKAGE, "close_search_button"), BACK_BUTTON],
        # "+" on the routines page instead of the medicines page.
        [SKIP, OPEN_DRAWER, click(PACKAGE, "material_drawer_name", "Routines"), FAB],
    ],
}


class Calendula(VirtualApp):
    """Calendula 2.5.3 (see the module docstring)."""

    name: ClassVar[str] = "calendula"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Calendula"
    version: ClassVar[str] = "2.5.3"
    launch_activity: ClassVar[str] = START
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_100,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "intro_shown": False,  # PreferenceKeys.HOME_INTRO_SHOWN
            "prescriptions_shown": False,  # PreferenceKeys.MEDICINES_USE_PRESCRIPTIONS_SHOWN
            "patient": "User",
            "medicines": [],
            "form_name": "",  # the medicine form's name field (setMedicineName)
            "lost_names": [],  # ground truth: names answered by a new search
        }

    # -- lifecycle -------------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == START:
            ctx.start_activity(HOME)
            ctx.finish()
        elif ctx.activity == HOME:
            ctx.ui.setdefault("page", 0)
            ctx.ui.setdefault("drawer", False)
            if not ctx.data["intro_shown"]:
                ctx.start_activity(INTRO)
        elif ctx.activity == INTRO:
            ctx.ui.setdefault("slide", 0)
            ctx.data["intro_shown"] = True  # onResume
        elif ctx.activity == MEDS:
            self._medicines_created(ctx)
        elif ctx.activity == SEARCH:
            ctx.ui.setdefault("query", ctx.extras.get("search") or "")
            ctx.ui.setdefault("db_dialog", not ctx.data["prescriptions_shown"])

    def _medicines_created(self, ctx: AppContext) -> None:
        """``MedicinesActivity.onCreate``: no medicine id, so the search is started (posted),
        whether or not the activity is being re-created (the bug)."""
        ctx.start_activity(SEARCH, {"search": None})

    def _search_returned(self, ctx: AppContext, name: str | None) -> None:
        """The search finishes; on the reporter's device the editor behind it was destroyed, so
        it is re-created: ``onCreate`` posts a new search, ``onActivityResult`` sets the name,
        then the posted search starts."""
        ctx.finish()
        if name is not None:
            ctx.data["form_name"] = name
            ctx.data["lost_names"].append(name)
        self._medicines_created(ctx)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == HOME:
            return w.dismiss(ctx.ui, "drawer")
        if ctx.activity == SEARCH:
            if ctx.ui["db_dialog"]:
                return True  # setCancelable(false)
            self._search_returned(ctx, None)  # onBackPressed: RESULT_CANCELED
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == HOME and not ctx.ui["drawer"] and direction in ("left", "right"):
            return self._swipe_page(ctx, direction)
        if ctx.activity == INTRO and direction in ("left", "right"):
            return w.pager_swipe(ctx.ui, "slide", len(SLIDES), direction)
        return False

    def _swipe_page(self, ctx: AppContext, direction: str) -> bool:
        return w.pager_swipe(ctx.ui, "page", len(PAGES), direction)

    # -- handlers -------------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def _next_slide(self, ctx: AppContext) -> None:
        if ctx.ui["slide"] < len(SLIDES) - 1:
            ctx.ui["slide"] += 1
        else:
            ctx.finish()

    def _drawer_item(self, ctx: AppContext, item: str) -> None:
        ctx.ui["drawer"] = False
        pages = {"Home": 0, "Medicines": 1, "Routines": 2, "Schedules": 3}
        if item in pages:
            ctx.ui["page"] = pages[item]
        elif item == "Tour":
            ctx.start_activity(INTRO)
        else:
            ctx.start_activity(STUB, {"title": item})

    def _fab(self, ctx: AppContext) -> None:
        page = ctx.ui["page"]
        if page == 1:
            ctx.start_activity(MEDS)
        elif page == 2:
            ctx.start_activity(STUB, {"title": "Routines"})
        elif page == 3:
            ctx.ui["fab_menu"] = not ctx.ui.get("fab_menu", False)

    def _db_answer(self, ctx: AppContext, activate: bool) -> None:
        ctx.ui["db_dialog"] = False
        ctx.data["prescriptions_shown"] = True
        if activate:
            ctx.start_activity(STUB, {"title": "Settings"})

    def _type(self, ctx: AppContext, text: str) -> None:
        ctx.ui["query"] = text

    def _add_custom(self, ctx: AppContext) -> None:
        self._search_returned(ctx, ctx.ui["query"].strip())

    # -- screens --------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == HOME:
            return self._home(ctx)
        if ctx.activity == INTRO:
            return self._intro(ctx)
        if ctx.activity == SEARCH:
            return self._search(ctx)
        if ctx.activity == MEDS:
            return self._medicines(ctx)
        title = str(ctx.extras.get("title", ""))
        bar = w.toolbar(title, navigation=w.up_button())
        return Screen(content=w.linear_layout([bar, View(cls="android.view.View")]))

    def _intro(self, ctx: AppContext) -> Screen:
        title, text = SLIDES[ctx.ui["slide"]]
        page = w.linear_layout(
            [
                w.text_view(title, height=200),
                w.image_view(height=600),
                w.text_view(text, "textView10", height=500),
            ]
        )
        pager = View(
            cls="android.support.v4.view.ViewPager", resource_id="mi_pager", children=[page]
        )
        bar = w.linear_layout(
            [
                w.image_button("mi_button_back", "Skip", w.finish, width=168),
                View(cls="android.view.View", resource_id="mi_pager_indicator"),
                w.image_button("mi_button_next", "Next", self._next_slide, width=168),
            ],
            horizontal=True,
            height=168,
        )
        return Screen(content=w.frame_layout([w.linear_layout([pager, bar])], rid="mi_frame"))

    def _home(self, ctx: AppContext) -> Screen:
        page = ctx.ui["page"]
        patient = ctx.data["patient"]
        title = "Calendula" if page == 0 else f"{patient}'s {PAGES[page]}"
        actions = []
        if page in PAGE_ACTIONS:
            rid, desc = PAGE_ACTIONS[page]
            actions.append(w.action_item(rid, desc, None))
        bar = w.toolbar(
            w.text_view(title, "toolbar_title", height=w.TOOLBAR_HEIGHT),
            navigation=w.nav_button("Open", w.bind(self._set, drawer=True)),
            actions=actions,
        )
        appbar_children = [bar]
        if page == 0:
            appbar_children.append(self._user_info(patient))
        appbar_children.append(w.tabs([""] * 4, page, self._select_page, rid="sliding_tabs"))
        appbar = w.linear_layout(
            [w.frame_layout(appbar_children, rid="collapsing_toolbar", weight=0)],
            rid="appbar",
            weight=0,
        )
        pager = View(
            cls="android.support.v4.view.ViewPager",
            resource_id="container",
            children=[self._page(ctx, page)],
        )
        main = [w.linear_layout([appbar, pager])]
        if page != 0:
            main.append(w.fab("add_button", "", self._fab))
        if page == 3 and ctx.ui.get("fab_menu"):
            main.append(self._fab_menu())
        content = View(
            cls="android.support.design.widget.CoordinatorLayout",
            resource_id="main_content",
            layout=FRAME,
            children=main,
        )
        drawer = self._drawer(patient) if ctx.ui["drawer"] else None
        return Screen(content=w.drawer_layout(content, drawer, rid=""))

    def _select_page(self, ctx: AppContext, page: int) -> None:
        ctx.ui["page"] = page

    def _user_info(self, patient: str) -> View:
        return w.relative_layout(
            [
                w.image_view("image_switcher", height=120),
                w.text_view("Calendula", "profile_username"),
                w.linear_layout(
                    [w.text_view("DEC", "month_text"), w.text_view("6", "day_text")],
                    horizontal=True,
                ),
            ],
            rid="profile_container",
            weight=0,
        )

    def _page(self, ctx: AppContext, page: int) -> View:
        if page == 0:
            placeholder = w.relative_layout(
                [
                    w.image_view("imageView_ok"),
                    w.text_view("There are no pending meds for today", "textView3"),
                ],
                rid="top",
            )
            rv = View(cls="android.support.v7.widget.RecyclerView", resource_id="rv", weight=0)
            return w.relative_layout([rv, placeholder])
        rid = {1: "medicines_list", 2: "routines_list", 3: "schedules_list"}[page]
        empty = w.linear_layout(
            [w.image_view(height=200), w.text_view(EMPTY[page], "textView10", height=400)],
            rid="android:id/empty",
        )
        listing = View(cls="android.support.v7.widget.RecyclerView", resource_id=rid, weight=0)
        return w.relative_layout([listing, empty], rid="med_list_container" if page == 1 else "")

    def _fab_menu(self) -> View:
        rows = []
        for rid, text in (
            ("fab_action_period", "Period + rest"),
            ("fab_action_interval", "Dosing interval"),
            ("fab_action_routines", "Routine schedule"),
        ):
            handler = w.bind(lambda c, t: c.start_activity(STUB, {"title": t}), text)
            rows.append(
                w.linear_layout(
                    [w.text_view(text), w.fab(f"{rid}_button", "", handler, size=147)],
                    rid=rid,
                    horizontal=True,
                    height=160,
                )
            )
        return w.linear_layout(rows, gravity="bottom_end", width=700, height=560)

    def _drawer(self, patient: str) -> View:
        header = w.relative_layout(
            [
                w.image_view("material_drawer_account_header_current", patient),
                w.text_view(patient, "material_drawer_account_header_name"),
                w.text_view("No active schedules", "material_drawer_account_header_email"),
            ],
            rid="material_drawer_account_header",
            height=420,
        )
        rows = [
            w.linear_layout(
                [
                    w.image_view("material_drawer_icon", width=150),
                    w.text_view(item, "material_drawer_name", height=147),
                ],
                horizontal=True,
                height=147,
                on_click=w.bind(self._drawer_item, item),
            )
            for item in DRAWER
        ]
        listing = View(
            cls="android.support.v7.widget.RecyclerView",
            resource_id="material_drawer_recycler_view",
            children=rows,
        )
        return w.linear_layout([header, listing], rid="material_drawer_slider_layout", width=850)

    def _medicines(self, ctx: AppContext) -> Screen:
        form = w.scroll_view(
            [
                w.relative_layout(
                    [
                        w.text_view("Med name", "textView"),
                        w.edit_text(
                            "medicine_edit_name",
                            ctx.data["form_name"],
                            lambda c, t: c.data.update(form_name=t),
                            hint="Write here…",
                        ),
                        w.text_view("Presentation", "textView2"),
                    ]
                )
            ],
            rid="scrollView",
        )
        bar = w.toolbar("", navigation=w.up_button())
        content = w.relative_layout(
            [
                bar,
                w.text_view("Medicines", "textView"),
                w.text_view("Create medicine", "textView2", height=147),
                View(cls="android.support.v4.view.ViewPager", resource_id="pager", children=[form]),
                w.fab("add_button", "", None),
            ]
        )
        return Screen(content=content)

    def _search(self, ctx: AppContext) -> Screen:
        query = ctx.ui["query"]
        long_enough = len(query) >= MIN_SEARCH_LEN
        top = [
            w.image_button("back_button", "", w.bind(self._search_returned, None), width=147),
            w.edit_text(
                "search_edit_text", query, self._type, hint="Search by name or code…", height=147
            ),
        ]
        if query:
            top.append(
                w.image_button(
                    "close_search_button", "", lambda c: c.ui.update(query=""), width=147
                )
            )
        body: list[View] = [w.linear_layout(top, horizontal=True, height=147)]
        if long_enough:
            body.append(w.button("add_custom_med_btn", _add_text(query), self._add_custom))
        body.append(
            w.linear_layout(
                [
                    w.image_view("med_list_empty_icon", height=130),
                    w.text_view(NOT_FOUND if long_enough else SEARCH_EMPTY, "textView10"),
                ],
                rid="android:id/empty",
            )
        )
        content = w.relative_layout([w.relative_layout(body, rid="search_view")])
        windows: list[Window] = []
        if ctx.ui["db_dialog"]:
            windows.append(self._db_dialog())
        return Screen(content=content, windows=windows)

    def _db_dialog(self) -> Window:
        buttons = w.linear_layout(
            [
                View(cls="android.view.View"),
                # MaterialDialogs' action buttons (TextViews): (id, text, the answer, width).
                *[
                    w.text_view(text, rid, on_click=w.bind(self._db_answer, answer), width=width)
                    for rid, text, answer, width in (
                        ("md_buttonDefaultNegative", "Cancel", False, 250),
                        ("md_buttonDefaultPositive", "Activate (Recommended)", True, 450),
                    )
                ],
            ],
            horizontal=True,
            height=140,
        )
        root = w.linear_layout(
            [
                w.image_view("md_styled_header_pic", height=300),
                w.text_view("Medicine database", "md_styled_dialog_title"),
                w.text_view(
                    "You can easily add medicines and view leaflets by enabling a medicine "
                    "database. If you prefer not to do it, you can activate it later from the "
                    "settings menu.",
                    "md_styled_dialog_description",
                    height=330,
                ),
                buttons,
            ],
            rid="md_root",
            weight=0,
        )
        return Window(root=root, cancelable=False)
