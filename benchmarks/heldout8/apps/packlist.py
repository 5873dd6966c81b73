"""Packing List (``com.nbossard.packlist``, nbossard/packlist) 0.7, for packlist#18.

A packing list for trips: ``MainActivity`` (a Toolbar titled "packlist" with the overflow menu
What's new / About, and the "+" FloatingActionButton) swaps fragments in
``mainactcont__fragment``: ``MainActivityFragment`` (the trip list, a ``ListView`` of
``trip_adapter`` rows: name, "In N days.", start date, arrow, end date), ``NewTripFragment``
(name, start and end date with their date-picker buttons, note, the "let's go…" button, enabled
once a name is typed) and ``TripDetailFragment``. Trips are kept as JSON in SharedPreferences.

Sources read at tag ``0.7`` (commit ``4e1537d``, 2016-03-16, ``versionName "0.7"``, the release
current when the report was filed on 2016-03-19) and at the fix's parent ``b61c11d`` (develop;
``Trip.java`` differs only by a getter's name, the files below are the same):
``AndroidManifest.xml``, ``gui/MainActivity.java``, ``gui/MainActivityFragment.java``,
``gui/NewTripFragment.java``, ``gui/TripAdapter.java``, ``model/Trip.java``,
``process/saving/PrefsSavingModule.java``, the layouts ``activity_main``, ``content_main``,
``fragment_main``, ``fragment_new_trip``, ``fragment_trip_detail``, ``trip_adapter``,
``menu/menu_main.xml``, ``values/strings.xml``, and flavienlaurent/datetimepicker's
``date_picker_dialog`` layouts (the date picker the app uses, library 0.0.2). The fix is
``cf41af8`` ("Fixing ISS 18 : crash when displaying a trip with no start date", in 0.7.1).

Bug packlist#18 (crash): a trip saved without a start date keeps ``mStartDate`` null; the list
is populated again when the new-trip fragment is popped (``MainActivityFragment.onViewCreated``
/ ``onResume`` -> ``populateList``) and ``TripAdapter.getView`` calls
``oneTrip.getRemainingDays()``, whose ``mStartDate.getTimeInMillis()`` throws
``java.lang.NullPointerException: Attempt to invoke virtual method 'long
java.util.GregorianCalendar.getTimeInMillis()' on a null object reference`` while the ListView
lays out its rows. With two or more trips ``Collections.sort`` (``Trip.compareTo``) reaches the
same call first when loading; the model raises the same exception there, from the first list
populated with such a trip.

Fixed data: the clock is Saturday 19 March 2016, 12:00 (a picked date is that day unless the
picker is moved; the date shows as ``DateFormat.SHORT`` en-US, "3/19/16"). Stubbed: What's new
(the change-log dialog, closed by OK), About (an activity with the app's text), the trip
detail's items, "edit trip" and "Add item", the list's long-press action mode (Clone, Delete),
the deep link. The date picker is drawn as the library's header, month/day/year and Done; its
month grid is one node ("Month grid of days") whose days are not modelled: Done keeps today.
Uncertain: the report gives no Android version or trace; the framework frames are Android 6.0's
(API 23, the app's target) for a ListView layout pass, from memory of such traces.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.stacks import callback_frames
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View, Window

PACKAGE = "com.nbossard.packlist"
MAIN = ".gui.MainActivity"
ABOUT = ".gui.AboutActivity"
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'long java.util.GregorianCalendar.getTimeInMillis()' "
    "on a null object reference"
)
TODAY = (2016, 3, 19)  # Saturday
SUBMIT = "let's go…"
LIST_FRAMES = [
    "android.widget.AbsListView.obtainView(AbsListView.java:2346)",
    "android.widget.ListView.makeAndAddView(ListView.java:1875)",
    "android.widget.ListView.fillDown(ListView.java:702)",
    "android.widget.ListView.fillFromTop(ListView.java:763)",
    "android.widget.ListView.layoutChildren(ListView.java:1684)",
    "android.widget.AbsListView.onLayout(AbsListView.java:2148)",
    "android.view.View.layout(View.java:16630)",
    "android.view.ViewGroup.layout(ViewGroup.java:5437)",
    "android.view.ViewRootImpl.performLayout(ViewRootImpl.java:2171)",
    "android.view.ViewRootImpl.performTraversals(ViewRootImpl.java:1931)",
    "android.view.ViewRootImpl.doTraversal(ViewRootImpl.java:1107)",
    "android.view.ViewRootImpl$TraversalRunnable.run(ViewRootImpl.java:6013)",
    "android.view.Choreographer$CallbackRecord.run(Choreographer.java:858)",
    "android.view.Choreographer.doCallbacks(Choreographer.java:670)",
    "android.view.Choreographer.doFrame(Choreographer.java:606)",
    "android.view.Choreographer$FrameDisplayEventReceiver.run(Choreographer.java:844)",
]


def no_start_date_crash(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of packlist#18: ``Trip.getRemainingDays`` threw on a null start date."""
    return crashed(system, PACKAGE, NPE, "GregorianCalendar.getTimeInMillis()")


def _short(date: list[int] | None) -> str:
    """``DateFormat.getDateInstance(DateFormat.SHORT)`` in en-US: M/d/yy."""
    if date is None:
        return ""
    year, month, day = date
    return f"{month}/{day}/{year % 100:02d}"


# -- steps -------------------------------------------------------------------------------------
ADD = click(PACKAGE, "mainact__fab", cls="android.widget.ImageButton")
NAME = input_text(PACKAGE, "new_trip__name__edit", "Dublin")
GO = click(PACKAGE, "new_trip__submit__button", SUBMIT)
START_DATE = click(PACKAGE, "new_trip__start_date__button")
END_DATE = click(PACKAGE, "new_trip__end_date__button")
DONE = click(PACKAGE, "done", "Done")
BACK: dict[str, Any] = {"kind": "press_back"}
HIDE_KEYBOARD = BACK  # the soft keyboard covers the "let's go…" button


class PackList(VirtualApp):
    """Packing List 0.7: MainActivity and its trip list / new trip / trip detail fragments."""

    name: ClassVar[str] = "packlist"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "packlist"
    version: ClassVar[str] = "0.7"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "packlist#18",
            "crash",
            "Crash when no start date",
            no_start_date_crash,
            human_steps=(ADD, NAME, HIDE_KEYBOARD, GO),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # PrefsSavingModule's LIST_TRIPS_KEY: the saved trips, in insertion order.
        return {"trips": [], "next_id": 1}

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.ui.setdefault("stack", [])  # the fragment back stack above the list
            ctx.ui.setdefault("menu", False)
            ctx.ui.setdefault("dialog", "")
            self._populate_list(ctx)  # openMainActivityFragment in onStart

    def save_instance_state(self, ctx: AppContext) -> dict[str, Any]:
        return dict(ctx.ui)  # configChanges="orientation|screenSize": not re-created

    # -- MainActivityFragment ----------------------------------------------------------------
    def _populate_list(self, ctx: AppContext) -> list[dict[str, Any]]:
        """``populateList``: ``loadSavedTrips`` (sorted by ``compareTo``) and, for every row,
        ``TripAdapter.getView`` (``getRemainingDays``)."""
        trips = ctx.data["trips"]
        if any(t["start"] is None for t in trips):
            sorting = len(trips) > 1
            frames = ["com.nbossard.packlist.model.Trip.getRemainingDays(Trip.java:252)"]
            if sorting:
                frames += [
                    "com.nbossard.packlist.model.Trip.compareTo(Trip.java:281)",
                    "java.util.ComparableTimSort.countRunAndMakeAscending("
                    "ComparableTimSort.java:320)",
                    "java.util.ComparableTimSort.sort(ComparableTimSort.java:185)",
                    "java.util.Arrays.sort(Arrays.java:1998)",
                    "java.util.Collections.sort(Collections.java:1900)",
                    "com.nbossard.packlist.process.saving.PrefsSavingModule.loadSavedTrips("
                    "PrefsSavingModule.java:88)",
                    "com.nbossard.packlist.gui.MainActivityFragment.populateList("
                    "MainActivityFragment.java:205)",
                    "com.nbossard.packlist.gui.MainActivityFragment.onViewCreated("
                    "MainActivityFragment.java:187)",
                ]
            else:
                frames += [
                    "com.nbossard.packlist.gui.TripAdapter.getView(TripAdapter.java:147)",
                    *LIST_FRAMES,
                ]
            raise JavaException(NPE, NPE_MESSAGE, [*frames, *callback_frames(23)])
        return trips

    def _row(self, trip: dict[str, Any]) -> View:
        dated = trip["start"] is not None or trip["end"] is not None
        dates = [
            w.text_view("In 0 days.", "ta__in_x_days", width=300),
            View(cls="android.view.View", width=100),
            w.text_view(_short(trip["start"]), "ta__start_date", width=220),
        ]
        if dated:
            dates.append(w.image_view("ta__arrow_date", width=100))
        dates.append(w.text_view(_short(trip["end"]), "ta__end_date", width=220))
        return w.linear_layout(
            height=260,
            on_click=w.bind(self._open_detail, trip["id"]),
            children=[
                w.text_view(trip["name"], "ta__name"),
                w.linear_layout(dates, horizontal=True, height=110, weight=0),
            ],
        )

    def _list(self, ctx: AppContext) -> View:
        trips = ctx.data["trips"]
        body: list[View] = [
            w.text_view(
                "Here is the list of your trips, please click on one for details",
                "main__welcome_text",
                height=160,
            )
        ]
        if trips:
            rows = [self._row(t) for t in trips]
            body.append(w.list_view(rows, rid="main__trip_list"))
        else:
            body.append(
                w.linear_layout(
                    [w.text_view("No trip planned yet, click + button below to add a new trip")],
                    rid="main__trip_list_empty",
                )
            )
        return w.relative_layout(body)

    def _open_detail(self, ctx: AppContext, trip_id: int) -> None:
        ctx.ui["stack"].append({"page": "detail", "id": trip_id})

    # -- NewTripFragment -----------------------------------------------------------------------
    def _open_new(self, ctx: AppContext) -> None:
        ctx.ui["stack"].append(
            {"page": "new", "name": "", "note": "", "start": None, "end": None, "picker": ""}
        )

    def _page(self, ctx: AppContext) -> dict[str, Any]:
        page: dict[str, Any] = ctx.ui["stack"][-1]
        return page

    def _typed(self, ctx: AppContext, text: str, field: str) -> None:
        self._page(ctx)[field] = text

    def _picker(self, ctx: AppContext, which: str) -> None:
        self._page(ctx)["picker"] = which

    def _date_set(self, ctx: AppContext) -> None:
        page = self._page(ctx)
        page[page["picker"]] = list(TODAY)
        page["picker"] = ""

    def _submit(self, ctx: AppContext) -> None:
        """``mSubmitListener``: save the trip, remove the fragment and pop the back stack; the
        list fragment comes back and populates its list."""
        page = self._page(ctx)
        ctx.data["trips"].append(
            {
                "id": ctx.data["next_id"],
                "name": page["name"],
                "start": page["start"],
                "end": page["end"],
                "note": page["note"],
            }
        )
        ctx.data["next_id"] += 1
        ctx.ui["stack"].pop()
        self._populate_list(ctx)

    def _new_trip(self, ctx: AppContext, page: dict[str, Any]) -> View:
        def date_row(which: str) -> View:
            return w.relative_layout(
                layout=HORIZONTAL,
                height=147,
                weight=0,
                children=[
                    w.text_view(
                        _short(page[which]),
                        f"new_trip__{which}_date__edit",
                        on_click=w.bind(self._picker, which),
                        height=147,
                    ),
                    w.image_button(
                        f"new_trip__{which}_date__button",
                        handler=w.bind(self._picker, which),
                        width=147,
                    ),
                ],
            )

        return w.linear_layout(
            [
                w.text_view("trip name", "new_trip__name__label"),
                w.edit_text(
                    "new_trip__name__edit", page["name"], lambda c, t: self._typed(c, t, "name")
                ),
                w.text_view("start date", "new_trip__start_date__label"),
                date_row("start"),
                w.text_view("end date", "new_trip__end_date__label"),
                date_row("end"),
                w.text_view("note", "new_trip__note__label"),
                w.edit_text(
                    "new_trip__note__edit", page["note"], lambda c, t: self._typed(c, t, "note")
                ),
                w.button(
                    "new_trip__submit__button",
                    SUBMIT,
                    self._submit,
                    enabled=len(page["name"]) > 0,
                ),
            ]
        )

    def _date_picker(self, ctx: AppContext) -> Window:
        """flavienlaurent's DatePickerDialog (``date_picker_dialog``), on today's date."""
        year, _, day = TODAY
        root = w.linear_layout(
            [
                w.text_view("SATURDAY", "date_picker_header", height=90),
                w.linear_layout(
                    [
                        w.linear_layout(
                            [
                                w.text_view("MAR", "date_picker_month"),
                                w.text_view(str(day), "date_picker_day", height=160),
                            ],
                            rid="date_picker_month_and_day",
                            height=270,
                            weight=0,
                            on_click=lambda c: None,
                        ),
                        w.text_view(str(year), "date_picker_year", on_click=lambda c: None),
                    ],
                    rid="day_picker_selected_date_layout",
                    height=380,
                    weight=0,
                ),
                View(
                    cls="android.widget.ViewAnimator",
                    resource_id="animator",
                    height=700,
                    children=[
                        View(
                            cls="android.widget.ListView",
                            content_desc="Month grid of days",
                            scrollable=True,
                        )
                    ],
                ),
                w.button("done", "Done", self._date_set),
            ],
            weight=0,
        )
        return Window(root=root, on_dismiss=w.bind(self._picker, ""))

    # -- TripDetailFragment (stub) -------------------------------------------------------------
    def _detail(self, ctx: AppContext, page: dict[str, Any]) -> View:
        trip = next(t for t in ctx.data["trips"] if t["id"] == page["id"])
        return w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.button("trip_detail__edit_button", "edit trip", lambda c: None),
                        w.text_view(trip["name"], "trip_detail__name"),
                        w.text_view(_short(trip["start"]), "trip_detail__start_date"),
                        w.text_view(_short(trip["end"]), "trip_detail__end_date"),
                    ],
                    rid="trip_detail__top_block",
                    weight=0,
                ),
                w.text_view("No item yet, use add field below"),
                w.button("trip_detail__new_item__button", "Add item", lambda c: None),
            ]
        )

    # -- MainActivity ----------------------------------------------------------------------------
    def _set(self, ctx: AppContext, **values: Any) -> None:
        ctx.ui.update(values)

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity != MAIN:
            return False
        if w.dismiss(ctx.ui, "menu") or w.dismiss(ctx.ui, "dialog", ""):
            return True
        stack = ctx.ui["stack"]
        if stack and stack[-1].get("picker"):
            stack[-1]["picker"] = ""
            return True
        if w.pop_back_stack(stack):
            if not stack:
                self._populate_list(ctx)  # the list fragment's onResume
            return True
        return False

    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == ABOUT:
            about = w.text_view(
                "Packing list 0.7.\n Copyright NBossard 2015.\n Apache 2 Licensed.\n Please "
                "provide help and suggestions at \n https://github.com/nbossard/packlist"
            )
            bar = w.toolbar("AboutActivity", navigation=w.up_button())
            return Screen(content=w.linear_layout([bar, about, w.text_view("")]))
        stack = ctx.ui["stack"]
        windows: list[Window] = []
        if not stack:
            page = self._list(ctx)
        elif stack[-1]["page"] == "new":
            page = self._new_trip(ctx, stack[-1])
            if stack[-1]["picker"]:
                windows.append(self._date_picker(ctx))
        else:
            page = self._detail(ctx, stack[-1])
        fragment = w.relative_layout([page], rid="mainactcont__fragment")
        body: list[View] = [fragment]
        if not stack:
            body.append(w.fab("mainact__fab", "", self._open_new))
        close = w.bind(self._set, menu=False)
        bar = w.toolbar(
            "packlist", actions=[w.overflow_button(w.bind(self._set, menu=True))], rid="toolbar"
        )
        if ctx.ui["menu"]:
            items = [
                ("What's new", lambda c: c.ui.update(menu=False, dialog="changelog")),
                ("About", lambda c: (c.ui.update(menu=False), c.start_activity(ABOUT))),
            ]
            windows.append(w.menu_window(items, close, title_rid="title"))
        if ctx.ui["dialog"]:
            windows.append(
                w.confirm_dialog(
                    "Change log",
                    "Version 0.7.0\nBUGFIX : ISS#15 fixing rotation restarts activity",
                    ("OK", w.bind(self._set, dialog="")),
                    None,
                    w.bind(self._set, dialog=""),
                )
            )
        content = w.linear_layout([bar, w.frame_layout(body, layout=FRAME)])
        return Screen(content=content, windows=windows)


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "packlist#18": [
        # A start date is picked before saving: the row shows "In 0 days.".
        [ADD, NAME, HIDE_KEYBOARD, START_DATE, DONE, GO],
        # The new trip is left with Back: nothing is saved.
        [ADD, NAME, HIDE_KEYBOARD, BACK],
        # The start date picker is opened but dismissed, then Back.
        [ADD, NAME, HIDE_KEYBOARD, START_DATE, BACK, BACK],
        # A dated trip saved, then its detail opened and left.
        [
            ADD,
            NAME,
            HIDE_KEYBOARD,
            START_DATE,
            DONE,
            GO,
            click(PACKAGE, "ta__name", "Dublin"),
            BACK,
        ],
    ],
}
