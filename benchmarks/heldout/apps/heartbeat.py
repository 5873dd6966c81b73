"""HeartBeat (``com.maxiee.heartbeat``, maxiee/HeartBeat) 0.9.5, for HeartBeat#11.

An offline journal of "emotional moments": events, the thoughts written about each, and
labels that group them.

Modelled from the sources at tag ``v0.9.5`` (commit ``98a2cb8``, "update version to v0.9.5";
the report's "App Version: 0.9.5 (29)"): ``AndroidManifest.xml``, ``ui/EntryActivity.java``
(``StartTask``, ``addTutorial``), ``ui/MainActivity.java``, ``ui/fragments/EventListFragment``,
``EventTodayFragment``, ``LabelCloudFragment``, ``ui/LabelDetailActivity.java``,
``ui/SearchResultActivity.java``, ``ui/EventDetailActivity.java``, ``ui/AddEventActivity.java``,
``ui/adapter/EventListAdapter.java``, ``DayCardEventAdapter.java``, ``TodayEventAdapter.java``,
``data/DataManager.java``, ``EventManager.java``, ``BaseEventManager.java``,
``common/TimeUtils.java``, ``common/cloudview/CloudView.java``, the layouts
``include_activity_main``, ``fragment_event_list``, ``item_day_card(_item)``,
``item_event_card``, ``fragment_label_cloud``, ``activity_label_detail``,
``activity_search_result``, ``activity_event_detail``, ``activity_add_event``, the menus
``menu_main``, ``fragment_eventlist_type``, ``menu_event_detail`` and ``values/strings.xml``
(the English strings). The issue is open and has no fix commit.

First run: ``EntryActivity``'s ``StartTask`` finds no event and writes the tutorial (label
"HeartBeat" and its four events with their thoughts, all created now), then opens
``MainActivity`` (no gesture password is set), which asks for ``WRITE_EXTERNAL_STORAGE``
(after a denial its snackbar "HeartBeat needs the Storage permission..." is a toast here).
``MainActivity``: the ``toolbar`` (title: the tab's name; "Search" always shown, "Change View
Mode" while the Event list tab is current, overflow "Settings" / "Help Center (Chinese)"), the
``tabs`` (four icon-only tabs: their text and description are a one-space ImageSpan), the
``viewpager`` (Event list: a day card ``day_card_head_date`` with ``event_text`` /
``tv_thought_count`` rows; Today: the counts header and ``item_event_card`` cards; Label cloud:
the labels as clickable TextViews in ``cloud_view``; Journey of the heart: a stub) and the
``fab`` (``AddEventActivity``: ``edit_event`` "Emotional moment", ``first_thought`` "Current
thought (Optional)", the recent labels, the date and its ``fab``). A long click on an event row
or card opens the list dialog "Edit event" / "Delete"; Delete is ``DataManager.deleteEvent``.
"Search" opens the search box ("Search events..."); Enter opens ``SearchResultActivity``.
A label opens ``LabelDetailActivity`` (``label_hint`` and the label's events as
``item_event_card``); an event opens ``EventDetailActivity`` (``tv_event``, ``tv_time``, the
label tags, the thoughts, "Generate long image").

The bug (HeartBeat#11, crash): ``EventListAdapter`` (the list of ``LabelDetailActivity`` and of
``SearchResultActivity``) deletes through ``DataManager.deleteEvent``, which removes the event
from the database and refreshes only the main screen's adapters; the adapter's own
``mEventList`` keeps the deleted event and nothing re-queries it, so the card stays. Tapping it
starts ``EventDetailActivity`` with the deleted id: ``EventUtils.getEvent`` returns null and
``onCreate`` calls ``mEvent.getTimestamp()`` (``EventDetailActivity.java:124``):
``RuntimeException: Unable to start activity ... NullPointerException``. The framework frames
are those of the report (Android 5.1.1, API 22).

Stubbed: the clock is fixed (28 Apr 2016, 10:00; the tutorial events read "0 minute(s) ago");
images, the gallery, "Generate long image" (nothing happens), thought editing, the label
editor of ``AddEventActivity`` (only the recent labels can be picked), "Change View Mode"
(toggles a flag), the Journey of the heart charts, Settings and the Help Center (title only).
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import allow_permission, click, crashed, long_click
from device_agent.virtual.views import FRAME, HORIZONTAL, Handler, Screen, View, Window

PACKAGE = "com.maxiee.heartbeat"
ENTRY = ".ui.EntryActivity"
MAIN = ".ui.MainActivity"
LABEL_DETAIL = ".ui.LabelDetailActivity"
SEARCH_RESULT = ".ui.SearchResultActivity"
EVENT_DETAIL = ".ui.EventDetailActivity"
ADD_EVENT = ".ui.AddEventActivity"
SETTINGS = ".ui.SettingsActivity"
HELP = ".ui.HelpCenterActivity"
STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"

TEXT = "android.widget.TextView"
IMAGE = "android.widget.ImageView"
EDIT = "android.widget.EditText"
CARD = "android.widget.FrameLayout"  # CardView
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
TAB = "android.support.v7.app.ActionBar$Tab"

TODAY = "2016-04-28"
NOW = "10:00"
TAB_TITLES = ["Event list", "Today", "Label cloud", "Journey of the heart"]
TODAY_TIPS = [
    "Record emotional moments.",
    "Taste every moment.",
    "The time is short. Treasure your time.",
    "Today will go into memory, have some thoughts?",
]
TUTORIAL = [  # addTutorial's order: Tut4 first (id 1) ... Tut1 last (id 4)
    (
        "Click me to learn the last part of this tutourial: generating long image.",
        [
            "At the top-right corner of the screen, there is a film button.",
            "Click it to generate a long image of this event.",
            "Share your beautiful moments to friends!",
            "Now the tutorial ends, but your emotional life just begins!",
        ],
    ),
    (
        "Click me to learn how to add a thought with image.",
        [
            "When adding a thought, you can add an image at the same time.",
            "It will make your moment more emotional.",
        ],
    ),
    (
        "Click me to learn how to edit events and thoughts.",
        [
            "Long press the text of the event, you can edit/delete the event in a new page.",
            "Long press the text of the thought, you can edit/delete the thought in a new page.",
        ],
    ),
    (
        "This is an event: your emotional moments recorded here. [Click me!]",
        [
            "This is a thought: record your thoughts about this moment.",
            "You can add a cover image for your event by click the image on the top.",
            "Add labels to your event, to organize your life.",
        ],
    ),
]
TUT_1 = TUTORIAL[3][0]
TUT_2 = TUTORIAL[2][0]
PERMISSION_INFO = (
    "HeartBeat needs the Storage permission to read and save image from your phone./n Please "
    "granted it, otherwise the app will crash sometimes."
)

RTE = "java.lang.RuntimeException"
NPE = "java.lang.NullPointerException"
NPE_MESSAGE = (
    "Attempt to invoke virtual method 'long com.maxiee.heartbeat.model.Event.getTimestamp()' "
    "on a null object reference"
)
START_FAILED = (
    "Unable to start activity ComponentInfo{com.maxiee.heartbeat/"
    f"com.maxiee.heartbeat.ui.EventDetailActivity}}: {NPE}: {NPE_MESSAGE}"
)
# Android 5.1.1 (API 22), as the report prints them.
LAUNCH_FRAMES = [
    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2358)",
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:2420)",
    "android.app.ActivityThread.access$900(ActivityThread.java:154)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1321)",
    "android.os.Handler.dispatchMessage(Handler.java:102)",
    "android.os.Looper.loop(Looper.java:135)",
    "android.app.ActivityThread.main(ActivityThread.java:5294)",
    "java.lang.reflect.Method.invoke(Native Method)",
    "java.lang.reflect.Method.invoke(Method.java:372)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:904)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:699)",
]
CAUSE_FRAMES = [
    "com.maxiee.heartbeat.ui.EventDetailActivity.onCreate(EventDetailActivity.java:124)",
    "android.app.Activity.performCreate(Activity.java:5990)",
    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1106)",
    *LAUNCH_FRAMES,
]


def deleted_event_opened(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of HeartBeat#11: ``EventDetailActivity`` was started for an event that is
    no longer in the database (the NPE of ``onCreate``)."""
    return data.get("crash_site") == "EventDetailActivity.onCreate" and crashed(
        system, PACKAGE, RTE, "getTimestamp()"
    )


# -- steps -------------------------------------------------------------------------------------
ALLOW = allow_permission(PACKAGE)
LABEL_TAB = click(PACKAGE, text=" ", desc=" ", cls=TAB, bounds=[540, 210, 810, 357])
OPEN_LABEL = click(PACKAGE, text="HeartBeat", cls=TEXT)
HOLD_TUT_1 = long_click(PACKAGE, "tv_event", TUT_1, cls=TEXT)
OPEN_TUT_1 = click(PACKAGE, "tv_event", TUT_1, cls=TEXT)
DELETE = click(PACKAGE, "android:id/text1", "Delete", cls=TEXT)
EDIT_EVENT = click(PACKAGE, "android:id/text1", "Edit event", cls=TEXT)
BACK: dict[str, Any] = {"kind": "press_back"}

BUG_11 = BugSpec(
    "HeartBeat#11",
    "crash",
    "删除事件后事件还在，点击后崩溃",
    deleted_event_opened,
    human_steps=(ALLOW, LABEL_TAB, OPEN_LABEL, HOLD_TUT_1, DELETE, OPEN_TUT_1),
)

WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "HeartBeat#11": [
        # Deleted, but the stale card is not tapped.
        [ALLOW, LABEL_TAB, OPEN_LABEL, HOLD_TUT_1, DELETE, BACK],
        # The card is tapped without deleting it first.
        [ALLOW, LABEL_TAB, OPEN_LABEL, OPEN_TUT_1],
        # "Edit event" (the neighbouring item) instead of Delete, then the card.
        [ALLOW, LABEL_TAB, OPEN_LABEL, HOLD_TUT_1, EDIT_EVENT, BACK, OPEN_TUT_1],
        # Deleted from the main Event list (refreshed), then the label's fresh list.
        [
            ALLOW,
            long_click(PACKAGE, "event_text", TUT_1, cls=TEXT),
            DELETE,
            LABEL_TAB,
            OPEN_LABEL,
            click(PACKAGE, "tv_event", TUT_2, cls=TEXT),
        ],
        # The label page is left and opened again (a new query) before tapping.
        [
            ALLOW,
            LABEL_TAB,
            OPEN_LABEL,
            HOLD_TUT_1,
            DELETE,
            BACK,
            OPEN_LABEL,
            click(PACKAGE, "tv_event", TUT_2, cls=TEXT),
        ],
    ],
}


def _tag(label: str, handler: Handler | None = None) -> View:
    """A label chip of a tag view (``tv_tag_item_contain``)."""
    return View(
        cls=TEXT, resource_id="tv_tag_item_contain", text=label, on_click=handler, width=300
    )


def _event_page(bar: View, body: list[View], on_fab: Handler | None) -> View:
    """The event screens' layout (detail, add): the image header over the ``bar`` and the
    ``body``, the FAB over them."""
    header = w.text_view("Add an image…", "add_imgae", height=200)
    return View(
        cls="android.view.ViewGroup",
        resource_id="main_content",
        layout=FRAME,
        children=[w.linear_layout([header, bar, *body]), w.fab("fab", "", on_fab)],
    )


class HeartBeat(VirtualApp):
    """HeartBeat 0.9.5 (see the module docstring)."""

    name: ClassVar[str] = "HeartBeat"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "HeartBeat"
    version: ClassVar[str] = "0.9.5"
    launch_activity: ClassVar[str] = ENTRY
    bugs: ClassVar[tuple[BugSpec, ...]] = (BUG_11,)

    def initial_data(self) -> dict[str, Any]:
        return {
            "events": [],  # {"id", "event", "date", "time"}; newest first in every query
            "labels": [],  # {"id", "label"}
            "relations": [],  # [event_id, label_id]
            "thoughts": [],  # {"event", "text"}
            "next_event": 1,
            "next_label": 1,
            "first_use": True,
            "pattern": "",
            "storage_denied": False,
            "view_mode": "list",
            "crash_site": None,
        }

    # -- data (EventUtils / LabelUtils / ThoughtUtils / DataManager) ----------------------------
    def _events(self, ctx: AppContext) -> list[dict[str, Any]]:
        return sorted(ctx.data["events"], key=lambda e: -e["id"])  # ORDER BY timestamp DESC

    def _event(self, ctx: AppContext, event_id: int) -> dict[str, Any] | None:
        return next((e for e in ctx.data["events"] if e["id"] == event_id), None)

    def _label_id(self, ctx: AppContext, text: str) -> int | None:
        return next((la["id"] for la in ctx.data["labels"] if la["label"] == text), None)

    def _labels_of(self, ctx: AppContext, event_id: int) -> list[str]:
        ids = [lid for eid, lid in ctx.data["relations"] if eid == event_id]
        return [la["label"] for la in ctx.data["labels"] if la["id"] in ids]

    def _thoughts_of(self, ctx: AppContext, event_id: int) -> list[str]:
        return [t["text"] for t in ctx.data["thoughts"] if t["event"] == event_id]

    def _add_event(self, ctx: AppContext, text: str) -> int:
        event_id = ctx.data["next_event"]
        ctx.data["next_event"] += 1
        ctx.data["events"].append({"id": event_id, "event": text, "date": TODAY, "time": NOW})
        return event_id

    def _add_label(self, ctx: AppContext, text: str) -> int:
        existing = self._label_id(ctx, text)
        if existing is not None:
            return existing
        label_id = ctx.data["next_label"]
        ctx.data["next_label"] += 1
        ctx.data["labels"].append({"id": label_id, "label": text})
        return label_id

    def _delete_event(self, ctx: AppContext, event_id: int) -> None:
        """``DataManager.deleteEvent``: the rows go; the main adapters are refreshed (they
        render from the data here), other adapters are not told."""
        ctx.data["events"] = [e for e in ctx.data["events"] if e["id"] != event_id]
        ctx.data["thoughts"] = [t for t in ctx.data["thoughts"] if t["event"] != event_id]
        ctx.data["relations"] = [r for r in ctx.data["relations"] if r[0] != event_id]

    # -- lifecycle -----------------------------------------------------------------------------
    def on_create(self, ctx: AppContext) -> None:
        activity = ctx.activity
        ui = ctx.ui
        if activity == ENTRY:
            # StartTask: the tutorial on the first use, then MainActivity (no gesture password).
            if not ctx.data["events"] and ctx.data["first_use"]:
                self._add_tutorial(ctx)
            ctx.data["first_use"] = False
            ctx.start_activity(MAIN)
            ctx.finish()
            return
        if activity == MAIN:
            ui.setdefault("tab", 0)
            ui.setdefault("dialog", None)
            ui.setdefault("overflow", False)
            ui.setdefault("search", None)
            if STORAGE not in ctx.permissions:
                if ctx.data["storage_denied"]:
                    ctx.toast(PERMISSION_INFO)
                else:
                    ctx.request_permission(STORAGE)
            return
        if activity == LABEL_DETAIL:
            # updateEventList: the adapter gets a list queried once, here.
            if "events" not in ui:
                label = ctx.extras.get("tag_text", "")
                label_id = self._label_id(ctx, label)
                ui["events"] = [
                    dict(e)
                    for e in self._events(ctx)
                    if [e["id"], label_id] in ctx.data["relations"]
                ]
            ui.setdefault("dialog", None)
            return
        if activity == SEARCH_RESULT:
            if "events" not in ui:
                query = ctx.extras.get("search", "")
                ui["events"] = [dict(e) for e in self._events(ctx) if query in e["event"]]
            ui.setdefault("dialog", None)
            return
        if activity == EVENT_DETAIL:
            event = self._event(ctx, int(ctx.extras.get("id", -1)))
            if event is None:
                # mEvent = EventUtils.getEvent(this, mId) is null: mEvent.getTimestamp().
                ctx.data["crash_site"] = "EventDetailActivity.onCreate"
                raise JavaException(
                    RTE,
                    START_FAILED,
                    LAUNCH_FRAMES,
                    cause=JavaException(NPE, NPE_MESSAGE, CAUSE_FRAMES),
                )
            return
        if activity == ADD_EVENT:
            modify = ctx.extras.get("modify")
            if "text" not in ui:
                event = self._event(ctx, int(modify)) if modify is not None else None
                ui["text"] = event["event"] if event else ""
                ui["thought"] = ""
                ui["labels"] = list(self._labels_of(ctx, event["id"])) if event else []
            return

    def on_permission_result(self, ctx: AppContext, permission: str, granted: bool) -> None:
        if permission == STORAGE and not granted:
            ctx.data["storage_denied"] = True
            ctx.toast(PERMISSION_INFO)

    def _add_tutorial(self, ctx: AppContext) -> None:
        label_id = self._add_label(ctx, "HeartBeat")
        for event_text, thoughts in TUTORIAL:
            event_id = self._add_event(ctx, event_text)
            ctx.data["relations"].append([event_id, label_id])
            for thought in thoughts:
                ctx.data["thoughts"].append({"event": event_id, "text": thought})

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.ui.get("search") is not None:
            ctx.ui["search"] = None
            return True
        return False

    def on_key(self, ctx: AppContext, key: str) -> bool:
        # The search box's EditText: Enter is SearchBox's onSearch.
        if ctx.activity == MAIN and key == "enter" and ctx.ui.get("search") is not None:
            self._submit_search(ctx)
            return True
        return False

    def on_swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.activity == MAIN:
            return w.pager_swipe(ctx.ui, "tab", len(TAB_TITLES), direction)
        return False

    # -- handlers --------------------------------------------------------------------------------
    def _select_tab(self, ctx: AppContext, index: int) -> None:
        ctx.ui["tab"] = index

    def _open_event(self, ctx: AppContext, event_id: int) -> None:
        ctx.start_activity(EVENT_DETAIL, {"id": event_id})

    def _event_menu(self, ctx: AppContext, event_id: int) -> None:
        ctx.ui["dialog"] = event_id

    def _close_dialog(self, ctx: AppContext) -> None:
        ctx.ui["dialog"] = None

    def _menu_edit(self, ctx: AppContext) -> None:
        event_id = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        ctx.start_activity(ADD_EVENT, {"modify": event_id})

    def _menu_delete(self, ctx: AppContext) -> None:
        event_id = ctx.ui["dialog"]
        ctx.ui["dialog"] = None
        self._delete_event(ctx, event_id)

    def _open_label(self, ctx: AppContext, label: str) -> None:
        ctx.start_activity(LABEL_DETAIL, {"tag_text": label})

    def _open_search(self, ctx: AppContext) -> None:
        ctx.ui["search"] = ""

    def _search_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["search"] = text

    def _submit_search(self, ctx: AppContext) -> None:
        query = ctx.ui.get("search")
        if query:
            ctx.ui["search"] = None
            ctx.start_activity(SEARCH_RESULT, {"search": query})

    def _toggle_overflow(self, ctx: AppContext) -> None:
        ctx.ui["overflow"] = not ctx.ui["overflow"]

    def _overflow_item(self, ctx: AppContext, activity: str) -> None:
        ctx.ui["overflow"] = False
        ctx.start_activity(activity)

    def _toggle_view_mode(self, ctx: AppContext) -> None:
        ctx.data["view_mode"] = "staggered" if ctx.data["view_mode"] == "list" else "list"

    def _set_field(self, ctx: AppContext, key: str, text: str) -> None:
        ctx.ui[key] = text

    def _pick_label(self, ctx: AppContext, label: str) -> None:
        if label not in ctx.ui["labels"]:
            ctx.ui["labels"].append(label)

    def _save_event(self, ctx: AppContext) -> None:
        text = ctx.ui["text"]
        if not text.strip():
            ctx.toast("Content can't be empty…")
            return
        modify = ctx.extras.get("modify")
        if modify is not None:
            event = self._event(ctx, int(modify))
            if event is not None:
                event["event"] = text
            ctx.finish()
            return
        event_id = self._add_event(ctx, text)
        if ctx.ui["thought"].strip():
            ctx.data["thoughts"].append({"event": event_id, "text": ctx.ui["thought"]})
        for label in ctx.ui["labels"]:
            ctx.data["relations"].append([event_id, self._add_label(ctx, label)])
        ctx.toast("Add successful!")
        ctx.finish()

    # -- render ----------------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        activity = ctx.activity
        if activity == MAIN:
            return self._main(ctx)
        if activity in (LABEL_DETAIL, SEARCH_RESULT):
            return self._event_list_screen(ctx)
        if activity == EVENT_DETAIL:
            return self._detail(ctx)
        if activity == ADD_EVENT:
            return self._add_screen(ctx)
        title = {SETTINGS: "Settings", HELP: "Help Center (Chinese)"}.get(activity, "")
        return Screen(
            content=w.linear_layout(
                [w.toolbar(title, navigation=w.up_button()), View(cls="android.view.View")]
            )
        )

    def _event_dialog(self) -> Window:
        rows = [
            View(
                cls=TEXT,
                resource_id="android:id/text1",
                text=text,
                on_click=handler,
                height=147,
            )
            for text, handler in (("Edit event", self._menu_edit), ("Delete", self._menu_delete))
        ]
        root = View(
            cls="android.widget.ListView",
            resource_id="android:id/select_dialog_listview",
            weight=0,
            children=rows,
        )
        return Window(root=root, on_dismiss=self._close_dialog)

    def _event_card(self, event: dict[str, Any], thoughts: int) -> View:
        """``item_event_card``: a CardView whose root takes the clicks."""
        return View(
            cls=CARD,
            height=260,
            weight=0,
            on_click=w.bind(self._open_event, event["id"]),
            on_long_click=w.bind(self._event_menu, event["id"]),
            children=[
                View(
                    cls="android.widget.RelativeLayout",
                    children=[
                        w.text_view(event["event"], "tv_event", height=130),
                        View(
                            cls="android.widget.LinearLayout",
                            layout=HORIZONTAL,
                            height=100,
                            children=[
                                w.text_view("0 minute(s) ago", "tv_time"),
                                w.text_view(str(thoughts), "tv_thought_count", width=160),
                            ],
                        ),
                    ],
                )
            ],
        )

    def _main(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        tab = ui["tab"]
        actions = [w.action_item("action_search", "Search", self._open_search)]
        if tab == 0:
            actions.append(w.action_item("type", "Change View Mode", self._toggle_view_mode))
        actions.append(w.overflow_button(self._toggle_overflow))
        toolbar = w.toolbar(TAB_TITLES[tab], actions=actions)
        tabs = View(
            cls="android.widget.HorizontalScrollView",
            resource_id="tabs",
            layout=HORIZONTAL,
            height=147,
            children=[
                View(
                    cls=TAB,
                    content_desc=" ",
                    selected=i == tab,
                    on_click=w.bind(self._select_tab, i),
                    children=[w.text_view(" ")],
                )
                for i in range(len(TAB_TITLES))
            ],
        )
        pages = [self._event_list_page, self._today_page, self._cloud_page, self._stats_page]
        page = View(
            cls="androidx.viewpager.widget.ViewPager",
            resource_id="viewpager",
            children=[pages[tab](ctx)],
        )
        body = View(
            cls="android.view.ViewGroup",
            resource_id="main_content",
            layout=FRAME,
            children=[
                w.linear_layout([toolbar, tabs, page], rid="appbar"),
                w.fab("fab", "", lambda c: c.start_activity(ADD_EVENT)),
            ],
        )
        windows: list[Window] = []
        if ui["search"] is not None:
            box = View(
                cls="android.widget.LinearLayout",
                layout=HORIZONTAL,
                height=168,
                children=[
                    View(
                        cls=EDIT,
                        text=ui["search"],
                        hint="Search events…",
                        on_text=self._search_text,
                    )
                ],
            )
            windows.append(
                Window(
                    root=box,
                    kind="sheet",
                    modal=False,
                    bounds=(0, 63, 1080, 231),
                    on_dismiss=lambda c: c.ui.update(search=None),
                )
            )
        if ui["overflow"]:
            windows.append(
                w.menu_window(
                    [
                        ("Settings", w.bind(self._overflow_item, SETTINGS)),
                        ("Help Center (Chinese)", w.bind(self._overflow_item, HELP)),
                    ],
                    on_dismiss=self._toggle_overflow,
                )
            )
        if ui["dialog"] is not None:
            windows.append(self._event_dialog())
        return Screen(content=body, windows=windows)

    def _empty(self, text: str) -> View:
        return View(
            cls="android.widget.RelativeLayout",
            resource_id="empty",
            children=[View(cls=IMAGE, resource_id="image_empty", height=500), w.text_view(text)],
        )

    def _event_list_page(self, ctx: AppContext) -> View:
        events = self._events(ctx)
        if not events:
            return self._empty("Record your emotional moments.")
        rows = [
            View(
                cls="android.widget.FrameLayout",
                height=180,
                weight=0,
                on_click=w.bind(self._open_event, e["id"]),
                on_long_click=w.bind(self._event_menu, e["id"]),
                children=[
                    View(
                        cls="android.widget.LinearLayout",
                        layout=HORIZONTAL,
                        children=[
                            w.text_view(e["event"], "event_text"),
                            w.text_view(
                                str(len(self._thoughts_of(ctx, e["id"]))),
                                "tv_thought_count",
                                width=120,
                            ),
                        ],
                    )
                ],
            )
            for e in events
        ]
        card = View(
            cls=CARD,
            weight=0,
            children=[
                w.text_view(TODAY, "day_card_head_date", height=110),
                w.linear_layout(rows, rid="item_layout", weight=0),
            ],
        )
        return View(
            cls="android.view.ViewGroup",
            resource_id="refresher",
            children=[View(cls=RECYCLER, resource_id="recyclerview", children=[card])],
        )

    def _today_page(self, ctx: AppContext) -> View:
        events = self._events(ctx)
        if not events:
            return self._empty("A new day begins,\nrecord your emotional moments.")
        thoughts = sum(len(self._thoughts_of(ctx, e["id"])) for e in events)
        tip = TODAY_TIPS[0 if thoughts < 2 else 1 if thoughts < 5 else 2 if thoughts < 10 else 3]
        header = View(
            cls="android.widget.LinearLayout",
            height=300,
            weight=0,
            children=[
                w.linear_layout(
                    [
                        w.text_view(str(len(events)), "tv_event_count"),
                        w.text_view("Event(s)"),
                        w.text_view(str(thoughts), "tv_thought_count"),
                        w.text_view("Thought(s)"),
                    ],
                    horizontal=True,
                ),
                w.text_view(tip, "tv_today_hint"),
            ],
        )
        cards = [self._event_card(e, len(self._thoughts_of(ctx, e["id"]))) for e in events]
        return View(
            cls=RECYCLER,
            resource_id="recyclerview",
            scrollable=True,
            scroll_key="today_scroll",
            children=[header, *cards],
        )

    def _cloud_page(self, ctx: AppContext) -> View:
        labels = [la["label"] for la in ctx.data["labels"]]
        if not labels:
            return self._empty("Add labels to classify your mood.")
        tags = [
            View(cls=TEXT, text=label, on_click=w.bind(self._open_label, label), height=140)
            for label in labels
        ]
        return View(
            cls="android.widget.ScrollView",
            resource_id="cloud_layout",
            children=[
                View(
                    cls="android.view.ViewGroup", resource_id="cloud_view", children=tags, weight=0
                )
            ],
        )

    def _stats_page(self, ctx: AppContext) -> View:
        return w.linear_layout(
            [w.text_view("A week statistics"), w.text_view("Event distribution")]
        )

    def _event_list_screen(self, ctx: AppContext) -> Screen:
        """``LabelDetailActivity`` and ``SearchResultActivity``: an ``EventListAdapter`` over
        the list queried in ``onCreate`` (``ctx.ui["events"]``, never re-queried)."""
        ui = ctx.ui
        events = ui["events"]
        cards = [self._event_card(e, len(self._thoughts_of(ctx, e["id"]))) for e in events]
        if ctx.activity == LABEL_DETAIL:
            label = ctx.extras.get("tag_text", "")
            hint = (
                f"{label}\nYour first event started at 0 minute(s) ago,\n{len(events)} events "
                "have occurred. There are 0 days since then."
                if events
                else ""
            )
            # CollapsingToolbarLayout: the pinned toolbar over the label_hint.
            head = [
                w.toolbar("", navigation=w.up_button()),
                w.text_view(hint, "label_hint", height=300),
            ]
            title = ""
            body: list[View] = [View(cls=RECYCLER, resource_id="recyclerview", children=cards)]
        else:
            title = str(ctx.extras.get("search", ""))
            head = [w.toolbar(title, navigation=w.up_button())]
            body = [
                View(cls=RECYCLER, resource_id="recyclerview", children=cards)
                if cards
                else self._empty("Search result not found")
            ]
        windows = [self._event_dialog()] if ui.get("dialog") is not None else []
        return Screen(
            content=w.linear_layout([*head, *body], rid="main_content"),
            windows=windows,
        )

    def _detail(self, ctx: AppContext) -> Screen:
        event = self._event(ctx, int(ctx.extras.get("id", -1)))
        text = event["event"] if event else ""
        event_id = event["id"] if event else -1
        tags = [
            _tag(label, w.bind(self._open_label, label)) for label in self._labels_of(ctx, event_id)
        ]
        thoughts = [
            View(
                cls="android.widget.LinearLayout",
                height=200,
                weight=0,
                children=[
                    w.text_view(str(i + 1), "tv_order", width=100),
                    w.text_view(t, "tv_thought"),
                    w.text_view("0 minute(s) ago", "tv_time"),
                ],
                layout=HORIZONTAL,
            )
            for i, t in enumerate(self._thoughts_of(ctx, event_id))
        ]
        content = _event_page(
            w.toolbar(
                "",
                navigation=w.up_button(),
                actions=[w.action_item("long_iamge", "Generate long image", None)],
            ),
            [
                View(
                    cls="android.widget.RelativeLayout",
                    resource_id="card_event",
                    height=300,
                    weight=0,
                    children=[
                        w.text_view(text, "tv_event", height=150),
                        w.text_view("0 minute(s) ago", "tv_time", height=100),
                    ],
                ),
                View(
                    cls="android.widget.RelativeLayout",
                    resource_id="tagview",
                    layout=HORIZONTAL,
                    height=120,
                    children=tags,
                ),
                View(cls=RECYCLER, resource_id="recyclerview", children=thoughts),
            ],
            None,
        )
        return Screen(content=content)

    def _add_screen(self, ctx: AppContext) -> Screen:
        ui = ctx.ui
        recent = [
            _tag(la["label"], w.bind(self._pick_label, la["label"])) for la in ctx.data["labels"]
        ]
        picked = [_tag(label) for label in ui["labels"]]
        content = _event_page(
            w.toolbar("", navigation=w.up_button()),
            [
                w.edit_text(
                    "edit_event",
                    ui["text"],
                    lambda c, t: self._set_field(c, "text", t),
                    hint="Emotional moment",
                ),
                w.edit_text(
                    "first_thought",
                    ui["thought"],
                    lambda c, t: self._set_field(c, "thought", t),
                    hint="Current thought (Optional)",
                ),
                View(
                    cls="android.widget.RelativeLayout",
                    resource_id="tagview_to_add",
                    layout=HORIZONTAL,
                    height=120,
                    children=picked,
                ),
                w.linear_layout(
                    [
                        w.text_view("Recent:", width=220),
                        View(
                            cls="android.widget.RelativeLayout",
                            resource_id="tagview_added",
                            layout=HORIZONTAL,
                            children=recent,
                        ),
                    ],
                    horizontal=True,
                    height=120,
                ),
                w.linear_layout(
                    [
                        w.text_view("Date:", width=200),
                        w.text_view(TODAY, "current_date", width=300),
                        w.text_view(NOW, "current_time", width=200),
                    ],
                    horizontal=True,
                    height=110,
                ),
                View(cls="android.view.View"),
            ],
            self._save_event,
        )
        return Screen(content=content)
