"""Clear List (``douzifly.list``, douzifly/clear-todolist) 1.5.1, for clear-todolist#11.

A to-do list in groups: the main screen lists the things of the selected group (the header's
title opens the group chooser), the red "+" button opens an input panel over the list (title,
content, the group), and a tap on a card opens the thing's detail screen, where its group can
be changed through the same group chooser.

Sources read at commit 5a6f686 ("fix change thing group trigger creation time lost",
2016-02-17), the commit that set ``versionName`` 1.5.1, the version the report names (filed
2016-02-19). Files read: ``ui/home/MainActivity.kt``, ``DetailActivity.kt``,
``GroupEditorActivity.kt``, ``widget/InputPanel.kt``, ``model/ThingsManager.kt``,
``model/Thing.kt``, ``utils/ThreadExt.kt``, ActiveAndroid's ``Model.delete``, the layouts
``activity_main``, ``title_layout``, ``input_panel``, ``thing_list_item``, ``detail_activity``,
``home_group_editor_activity``, ``home_group_item``, ``home_group_ed_item`` and ``strings.xml``.
The maintainer answered that 1.5.3 (a Play build; no commit in the repository names the fix)
no longer has it.

Bug clear-todolist#11 (crash): ``DetailActivity.saveData`` always passes a group to
``ThingsManager.saveThing`` (``parseIntent`` sets ``selectedGroup`` to the thing's own group,
and a pick in the chooser replaces it), and ``saveThing`` with a group deletes the thing
(``remove``: out of its group's list and the database) and inserts a copy with a new id in the
chosen group. The done button calls ``finishCompact()`` before ``saveData`` sets
``RESULT_UPDATE`` on a background thread; on the reporter's Android 4.4 ``finishCompact`` is a
plain ``finish()``, so MainActivity receives ``RESULT_CANCELED`` and never calls
``refreshList``: its RecyclerView keeps the card bound to the deleted thing (the adapter holds
the group's own list, changed in place without a notify). Tapping that card starts
DetailActivity with the old id; ``parseIntent`` finds no such thing in the current group and
``thing!!`` throws ``kotlin.KotlinNullPointerException`` in ``onCreate``.

Stubbed: the reminder date/time pickers (the alarm button does nothing), the colour picker
(shown, not selectable), the swipe actions on cards and on group rows (done, delete), drag to
reorder, sounds and animations, the settings screen (its title only), and the things' ages
("N days ago": every thing is created today, which the app shows as an empty text).
Uncertain: the empty-list text is one of several chosen at random (the model shows the first);
the framework frames of the crash are AOSP 4.4.2's (the reporter's device is a Samsung
Galaxy S4 on 4.4.2; the report has no stack trace); on Android 5+ ``finishAfterTransition``
usually lets the result through, so the model follows the reporter's Android 4.4.
"""

from __future__ import annotations

from typing import Any, ClassVar

from device_agent.virtual import widgets as w
from device_agent.virtual.app import AppContext, BugSpec, JavaException, VirtualApp
from device_agent.virtual.catalog._steps import click, crashed, input_text
from device_agent.virtual.views import FRAME, HORIZONTAL, Screen, View

PACKAGE = "douzifly.list"
MAIN = ".ui.home.MainActivity"
DETAIL = ".ui.home.DetailActivity"
GROUPS = ".ui.home.GroupEditorActivity"
SETTING = ".ui.home.SettingActivity"
SHOW_ALL = -1
DEFAULT_GROUP = "Default"
EMPTY_TEXT = "No things is good things."

RTE = "java.lang.RuntimeException"
KNPE = "kotlin.KotlinNullPointerException"
START_FAILED = (
    f"Unable to start activity ComponentInfo{{{PACKAGE}/{PACKAGE}.ui.home.DetailActivity}}: {KNPE}"
)
# AOSP 4.4.2 (API 19) frames of an activity launch.
LAUNCH_FRAMES_19 = [
    "android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:2245)",
    "android.app.ActivityThread.access$800(ActivityThread.java:135)",
    "android.app.ActivityThread$H.handleMessage(ActivityThread.java:1196)",
    "android.os.Handler.dispatchMessage(Handler.java:102)",
    "android.os.Looper.loop(Looper.java:136)",
    "android.app.ActivityThread.main(ActivityThread.java:5017)",
    "java.lang.reflect.Method.invokeNative(Native Method)",
    "java.lang.reflect.Method.invoke(Method.java:515)",
    "com.android.internal.os.ZygoteInit$MethodAndArgsCaller.run(ZygoteInit.java:779)",
    "com.android.internal.os.ZygoteInit.main(ZygoteInit.java:595)",
    "dalvik.system.NativeStart.main(Native Method)",
]


def stale_thing_opened(data: dict[str, Any], system: dict[str, Any]) -> bool:
    """Ground truth of clear-todolist#11: DetailActivity was started for a thing that
    ``saveThing`` had deleted, and ``parseIntent``'s ``thing!!`` crashed the app."""
    return data.get("crash_site") == "DetailActivity.parseIntent" and crashed(
        system, PACKAGE, RTE, KNPE
    )


# -- steps -------------------------------------------------------------------------------------
FAB_ADD = click(PACKAGE, "fab_add", cls="android.widget.ImageButton")
DONE = click(PACKAGE, "action_done", cls="android.widget.ImageButton")
DETAIL_GROUP = click(PACKAGE, "txt_group", DEFAULT_GROUP)
NAVIGATE_UP = click(PACKAGE, desc=w.NAVIGATE_UP)
HIDE_KEYBOARD: dict[str, Any] = {"kind": "press_back"}  # the keyboard covers the "+" button


def add_thing(title: str) -> list[dict[str, Any]]:
    """Open the input panel, type a title, hide the keyboard, commit with the same button."""
    return [FAB_ADD, input_text(PACKAGE, "edit_text", title, hint="Title"), HIDE_KEYBOARD, FAB_ADD]


def open_thing(title: str) -> dict[str, Any]:
    return click(PACKAGE, "txt_thing", title)


def new_group(title: str) -> list[dict[str, Any]]:
    """In the group chooser: "+", type the name in the new row, hide the keyboard, commit."""
    return [FAB_ADD, input_text(PACKAGE, "edit_text", title), HIDE_KEYBOARD, FAB_ADD]


def pick_group(title: str) -> dict[str, Any]:
    return click(PACKAGE, "txt_title", title)


TO_DETAIL = [*add_thing("Buy milk"), open_thing("Buy milk")]
MOVE_TO_WORK = [DETAIL_GROUP, *new_group("Work"), pick_group("Work")]


class ClearList(VirtualApp):
    """Clear List 1.5.1: the list, its input panel, the detail screen and the group chooser."""

    name: ClassVar[str] = "clear-todolist"
    package: ClassVar[str] = PACKAGE
    label: ClassVar[str] = "Clear List"
    version: ClassVar[str] = "1.5.1"
    launch_activity: ClassVar[str] = MAIN
    bugs: ClassVar[tuple[BugSpec, ...]] = (
        BugSpec(
            "clear-todolist#11",
            "crash",
            "Changing group and then viewing task crashes app",
            stale_thing_opened,
            human_steps=(*TO_DETAIL, *MOVE_TO_WORK, DONE, open_thing("Buy milk")),
        ),
    )

    def initial_data(self) -> dict[str, Any]:
        # ThingsManager.loadFromDb on the first start: the default group, selected.
        return {
            "groups": [{"id": 1, "title": DEFAULT_GROUP}],
            "things": [],
            "next_thing": 1,
            "next_group": 2,
            "selected": 1,
            "main": {"rows": [], "panel": None},
            "detail": None,
            "crash_site": "",
        }

    # -- ThingsManager -----------------------------------------------------------------------
    def _group(self, ctx: AppContext, gid: int) -> dict[str, Any] | None:
        return next((g for g in ctx.data["groups"] if g["id"] == gid), None)

    def _things_of(self, ctx: AppContext, gid: int) -> list[dict[str, Any]]:
        things = [t for t in ctx.data["things"] if gid == SHOW_ALL or t["group"] == gid]
        return sorted(things, key=lambda t: (t["complete"], t["position"]))

    def _add_thing(self, ctx: AppContext, gid: int, title: str, content: str) -> None:
        """``ThingsManager.addThing``: a new row with a new id at the group's end."""
        ctx.data["things"].append(
            {
                "id": ctx.data["next_thing"],
                "title": title,
                "content": content,
                "group": gid,
                "complete": False,
                "position": len(self._things_of(ctx, gid)),
            }
        )
        ctx.data["next_thing"] += 1

    def _refresh_list(self, ctx: AppContext) -> None:
        """``MainActivity.refreshList``: the adapter is handed the group's list again."""
        main, selected = ctx.data["main"], ctx.data["selected"]
        main["rows"] = [
            {"id": t["id"], "title": t["title"] or t["content"], "group": t["group"]}
            for t in self._things_of(ctx, selected)
        ]
        # checkShowEmptyText, updateTitle and the count are refreshed here only.
        main["empty"] = not main["rows"]
        main["title"] = "Clear List" if selected == SHOW_ALL else self._group_title(ctx, selected)
        main["count"] = self._incomplete(ctx, selected)

    def on_create(self, ctx: AppContext) -> None:
        if ctx.activity == MAIN:
            ctx.data["main"] = {"rows": [], "panel": None}
            self._refresh_list(ctx)
        elif ctx.activity == DETAIL:
            self._parse_intent(ctx)

    # -- MainActivity ------------------------------------------------------------------------
    def _fab(self, ctx: AppContext) -> None:
        main = ctx.data["main"]
        if main["panel"] is None:
            selected = ctx.data["selected"]
            gid = ctx.data["groups"][0]["id"] if selected == SHOW_ALL else selected
            main["panel"] = {"title": "", "content": "", "group": gid}
            return
        panel, main["panel"] = main["panel"], None
        ctx.hide_keyboard()
        # handleInputFinished
        title, content = panel["title"].strip(), panel["content"]
        if not title.strip() and not content.strip():
            return
        self._add_thing(ctx, panel["group"], title, content)
        if ctx.data["selected"] not in (SHOW_ALL, panel["group"]):
            ctx.data["selected"] = panel["group"]
        self._refresh_list(ctx)

    def _panel_text(self, ctx: AppContext, text: str, key: str) -> None:
        ctx.data["main"]["panel"][key] = text

    def _open_thing(self, ctx: AppContext, thing_id: int) -> None:
        ctx.start_activity(DETAIL, {"thing_id": thing_id})

    def on_back(self, ctx: AppContext) -> bool:
        if ctx.activity == MAIN and ctx.data["main"]["panel"] is not None:
            self._fab(ctx)  # onKeyDown(BACK) runs the fab's listener
            return True
        return False

    # -- DetailActivity ----------------------------------------------------------------------
    def _parse_intent(self, ctx: AppContext) -> None:
        """``DetailActivity.parseIntent``: ``getThingByIdAtCurrentGroup`` then ``thing!!``."""
        thing_id = int(ctx.extras.get("thing_id", 0))
        found = next(
            (t for t in self._things_of(ctx, ctx.data["selected"]) if t["id"] == thing_id), None
        )
        if found is None:
            ctx.data["crash_site"] = "DetailActivity.parseIntent"
            cause = JavaException(
                KNPE,
                frames=[
                    f"{PACKAGE}.ui.home.DetailActivity.parseIntent(DetailActivity.kt:221)",
                    f"{PACKAGE}.ui.home.DetailActivity.onCreate(DetailActivity.kt:143)",
                    "android.app.Activity.performCreate(Activity.java:5231)",
                    "android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1087)",
                    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2159)",
                    *LAUNCH_FRAMES_19,
                ],
            )
            raise JavaException(
                RTE,
                START_FAILED,
                frames=[
                    "android.app.ActivityThread.performLaunchActivity(ActivityThread.java:2195)",
                    *LAUNCH_FRAMES_19,
                ],
                cause=cause,
            )
        ctx.data["detail"] = {
            "thing": thing_id,
            "group": found["group"],  # updateGroupText(thing.group): selectedGroup is set
            "title": found["title"],
            "content": found["content"],
            "editing_title": False,
        }

    def _detail_set(self, ctx: AppContext, text: str, key: str) -> None:
        ctx.data["detail"][key] = text

    def _edit_title(self, ctx: AppContext) -> None:
        ctx.data["detail"]["editing_title"] = True

    def _done(self, ctx: AppContext) -> None:
        """The done button: ``finishCompact()``, then ``saveData`` in the background."""
        detail = ctx.data["detail"]
        ctx.finish()  # RESULT_CANCELED reaches MainActivity: no refreshList
        old = next((t for t in ctx.data["things"] if t["id"] == detail["thing"]), None)
        if old is None:
            return
        # The bug: selectedGroup is never null, so saveThing deletes the thing and re-adds a
        # copy (a new id) to the chosen group; the list still holds the deleted one.
        ctx.data["things"].remove(old)
        self._add_thing(ctx, detail["group"], detail["title"], detail["content"])

    def _delete(self, ctx: AppContext) -> None:
        """``action_delete``: RESULT_DELETE is set before finishing, so the list is updated."""
        thing_id = ctx.data["detail"]["thing"]
        ctx.finish()
        ctx.data["things"] = [t for t in ctx.data["things"] if t["id"] != thing_id]
        self._refresh_list(ctx)

    def _choose_group(self, ctx: AppContext, caller: str, show_all: bool) -> None:
        ctx.start_activity(GROUPS, {"caller": caller, "show_all": show_all})

    # -- GroupEditorActivity -----------------------------------------------------------------
    def _group_fab(self, ctx: AppContext) -> None:
        if not ctx.ui.get("adding"):
            ctx.ui["adding"] = True
            ctx.ui["new_title"] = ""
            return
        # commitNewItem
        title = ctx.ui.get("new_title", "")
        if title.strip():
            ctx.data["groups"].append({"id": ctx.data["next_group"], "title": title})
            ctx.data["next_group"] += 1
        ctx.ui["adding"] = False
        ctx.ui["new_title"] = ""
        ctx.hide_keyboard()

    def _new_group_text(self, ctx: AppContext, text: str) -> None:
        ctx.ui["new_title"] = text

    def _group_picked(self, ctx: AppContext, gid: int) -> None:
        """A group row: ``setResult(RESULT_OK, id)`` and finish; the caller's
        ``onActivityResult``."""
        caller = ctx.extras.get("caller")
        ctx.finish()
        if caller == "main":
            ctx.data["selected"] = gid
            self._refresh_list(ctx)
        elif caller == "panel":
            ctx.data["main"]["panel"]["group"] = gid
        elif caller == "detail":
            ctx.data["detail"]["group"] = gid

    # -- rendering ---------------------------------------------------------------------------
    def render(self, ctx: AppContext) -> Screen:
        if ctx.activity == DETAIL:
            return self._render_detail(ctx)
        if ctx.activity == GROUPS:
            return self._render_groups(ctx)
        if ctx.activity == SETTING:
            return Screen(content=w.linear_layout([w.text_view("Setting", "txt_title")]))
        return self._render_main(ctx)

    def _group_title(self, ctx: AppContext, gid: int) -> str:
        group = self._group(ctx, gid)
        return group["title"] if group else "Unknown"

    def _incomplete(self, ctx: AppContext, gid: int) -> int:
        return sum(not t["complete"] for t in self._things_of(ctx, gid))

    def _card(self, ctx: AppContext, row: dict[str, Any]) -> View:
        texts: list[View] = [w.text_view(row["title"], "txt_thing")]
        if ctx.data["selected"] == SHOW_ALL:
            texts.insert(0, w.text_view(f"#{self._group_title(ctx, row['group'])}", "txt_group"))
        content = w.relative_layout(
            [w.linear_layout([w.relative_layout(texts), w.text_view("", "txt_duration")])],
            rid="content",
            on_click=w.bind(self._open_thing, row["id"]),
        )
        swipe = w.frame_layout(rid="swipe_layout")
        swipe.children = [w.frame_layout([content])]
        return w.frame_layout([swipe], height=180)

    def _render_main(self, ctx: AppContext) -> Screen:
        main = ctx.data["main"]
        header = w.relative_layout(
            [
                w.text_view(
                    main["title"], "txt_title", on_click=w.bind(self._choose_group, "main", True)
                ),
                w.text_view(str(main["count"]), "txt_count", width=150),
                w.fab("fab_setting", "", lambda c: c.start_activity(SETTING), size=147),
            ],
            rid="header",
            layout=HORIZONTAL,
            height=w.TOOLBAR_HEIGHT,
        )
        cards = [self._card(ctx, row) for row in main["rows"]]
        listing = w.list_view(
            cards, rid="recycler_view", cls="android.support.v7.widget.RecyclerView"
        )
        body: list[View] = [listing]
        if main["empty"]:
            body.append(w.text_view(EMPTY_TEXT, "txt_empty"))
        layers: list[View] = [w.linear_layout([header, *body])]
        if main["panel"] is not None:
            layers.append(self._input_panel(ctx, main["panel"]))
        layers.append(w.fab("fab_add", "", self._fab))
        return Screen(content=w.relative_layout(layers, rid="view_root", layout=FRAME))

    def _input_panel(self, ctx: AppContext, panel: dict[str, Any]) -> View:
        return w.frame_layout(
            rid="input_panel",
            on_click=lambda c: None,  # eats touches
            children=[
                w.relative_layout(
                    [
                        w.edit_text(
                            "edit_text",
                            panel["title"],
                            lambda c, t: self._panel_text(c, t, "title"),
                            hint="Title",
                        ),
                        w.edit_text(
                            "edit_text_content",
                            panel["content"],
                            lambda c, t: self._panel_text(c, t, "content"),
                            hint="Content",
                            extra={"multiline": True},
                        ),
                        w.text_view(
                            self._group_title(ctx, panel["group"]),
                            "txt_group",
                            on_click=w.bind(self._choose_group, "panel", False),
                        ),
                        w.linear_layout(rid="color_picker", horizontal=True, height=120),
                        w.linear_layout(
                            [
                                w.fab("fab_add_reminder", "", None, size=105),
                                w.text_view("", "txt_reminder"),
                            ],
                            horizontal=True,
                            height=120,
                        ),
                    ]
                )
            ],
        )

    def _render_detail(self, ctx: AppContext) -> Screen:
        detail = ctx.data["detail"]
        if detail["editing_title"]:
            title = w.edit_text(
                "edit_title", detail["title"], lambda c, t: self._detail_set(c, t, "title")
            )
        else:
            title = w.text_view(
                detail["title"], "txt_title", hint="Title", on_click=self._edit_title
            )
        bottom = w.relative_layout(
            [
                w.linear_layout(rid="color_picker", horizontal=True, height=120),
                w.linear_layout(
                    [
                        w.fab("fab_add_reminder", "", None, size=105),
                        w.text_view("", "txt_reminder"),
                        View(cls="android.view.View", resource_id="center_marker", width=10),
                        w.fab("action_delete", "", self._delete, size=147),
                        w.fab("action_done", "", self._done, size=147),
                    ],
                    horizontal=True,
                    height=168,
                ),
            ],
            rid="bottom_container",
            weight=0,
        )
        content = w.linear_layout(
            [
                w.toolbar(
                    "",
                    navigation=w.up_button(),
                    rid="tool_bar",
                    cls="android.view.ViewGroup",
                ),
                w.frame_layout([title], rid="title_container", height=160),
                w.text_view(
                    self._group_title(ctx, detail["group"]),
                    "txt_group",
                    on_click=w.bind(self._choose_group, "detail", False),
                ),
                w.edit_text(
                    "txt_content",
                    detail["content"],
                    lambda c, t: self._detail_set(c, t, "content"),
                    extra={"multiline": True},
                ),
                bottom,
            ]
        )
        return Screen(content=content)

    def _render_groups(self, ctx: AppContext) -> Screen:
        rows: list[View] = []
        if ctx.extras.get("show_all", True):
            rows.append(self._group_row("All", self._incomplete(ctx, SHOW_ALL), SHOW_ALL))
        for group in ctx.data["groups"]:
            rows.append(
                self._group_row(group["title"], self._incomplete(ctx, group["id"]), group["id"])
            )
        if ctx.ui.get("adding"):
            rows.append(w.edit_text("edit_text", ctx.ui.get("new_title", ""), self._new_group_text))
        content = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view("Groups", "txt_title"),
                        w.list_view(
                            rows, rid="recycler_view", cls="android.support.v7.widget.RecyclerView"
                        ),
                    ]
                ),
                w.fab("fab_add", "", self._group_fab),
            ],
            layout=FRAME,
        )
        return Screen(content=content)

    def _group_row(self, title: str, count: int, gid: int) -> View:
        panel = w.relative_layout(
            [
                w.linear_layout(
                    [
                        w.text_view(title, "txt_title"),
                        w.text_view(str(count), "txt_count", width=150),
                    ],
                    horizontal=True,
                )
            ],
            rid="content_panel",
            on_click=w.bind(self._group_picked, gid),
        )
        swipe = w.frame_layout(rid="swipe_layout", height=150)
        swipe.children = [panel]
        return swipe


WRONG_SEQUENCES: dict[str, list[list[dict[str, Any]]]] = {
    "clear-todolist#11": [
        # The group is changed but the detail is left with the up arrow: nothing is saved.
        [*TO_DETAIL, *MOVE_TO_WORK, NAVIGATE_UP, open_thing("Buy milk")],
        # After saving, the header's chooser shows the "Work" list (refreshList): the copy opens.
        [
            *TO_DETAIL,
            *MOVE_TO_WORK,
            DONE,
            click(PACKAGE, "txt_title", DEFAULT_GROUP),
            pick_group("Work"),
            open_thing("Buy milk"),
        ],
        # The thing is deleted from its detail screen (RESULT_DELETE refreshes the list).
        [*TO_DETAIL, click(PACKAGE, "action_delete", cls="android.widget.ImageButton")],
        # A second thing is added after saving: handleInputFinished refreshes the list, and the
        # new thing opens.
        [*TO_DETAIL, *MOVE_TO_WORK, DONE, *add_thing("Call Bob"), open_thing("Call Bob")],
    ],
}
